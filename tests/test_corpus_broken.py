"""Breaking a copy of the corpus in each way the checker knows: exit 2, file, line and field.

Each case appends one clause to ``rules/combat.yaml`` of a private copy. The line each problem
must be reported at is marked ``#<`` in the case's text, so the table stays readable.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ES = "002_ec1365c06d4620a2.txt"
HU = "001_3a6b2e55112591b2.txt"
ES_QUOTE = "Sólo consigues escapar con un 5 o más."

GOOD = f"""\
- key: broken
  title: A clause to break
  text: Some text.
  kind: rule
  game: munchkin
  topics: [combat]
  sources:
    - seed: {ES}
      lang: es
      quote: "{ES_QUOTE}"
"""

CASES = {
    "an unknown key": (GOOD + "  colour: red #<\n", "combat.broken.colour", "unknown key"),
    "a duplicate key": (GOOD.replace("  text: Some text.\n", "  text: Some text.\n  text: Again. #<\n"),
                        "text", "duplicate key"),
    "a duplicate id": (GOOD.replace("key: broken", "key: ties #<"), "combat.ties.key", "duplicate id"),
    "a reference that does not resolve": (
        GOOD + "  related:\n    - {id: combat.no-such-clause, relation: see-also} #<\n",
        "combat.broken.related[0].id", "no clause with id 'combat.no-such-clause'"),
    "a quote that is not in its seed": (
        GOOD.replace(f'"{ES_QUOTE}"', '"Esta frase no está en ninguna fuente." #<'),
        "combat.broken.sources[0].quote", "not found in"),
    "a Hungarian quote with the character-set fault": (
        GOOD.replace(f"seed: {ES}\n      lang: es", f"seed: {HU}\n      lang: hu")
        .replace(f'"{ES_QUOTE}"', '"Ha 9. szintő vagy" #<'), "combat.broken.sources[0].quote", "fault"),
    "a citation in the wrong language": (
        GOOD.replace("lang: es", "lang: de #<"), "combat.broken.sources[0].lang", "expected 'es'"),
    "an unknown kind": (GOOD.replace("kind: rule", "kind: law #<"), "combat.broken.kind", "unknown value 'law'"),
    "an unknown game": (GOOD.replace("game: munchkin", "game: chess #<"), "combat.broken.game",
                        "unknown value 'chess'"),
    "an unknown relation": (GOOD + "  related:\n    - {id: combat.ties, relation: likes} #<\n",
                            "combat.broken.related[0].relation", "unknown value 'likes'"),
    "an unknown topic": (GOOD.replace("topics: [combat]", "topics: [cooking] #<"), "combat.broken.topics",
                         "unknown topic 'cooking'"),
    "a missing text": (GOOD.replace("  text: Some text.\n", "").replace("- key: broken", "- key: broken #<"),
                       "combat.broken.text", "missing"),
    "a disagreement without a conflict block": (
        GOOD.replace("- key: broken", "- key: broken #<")
        + "  related:\n    - {id: combat.ties, relation: conflicts-with}\n",
        "combat.broken.conflict", "missing"),
    "a wrong type": (GOOD.replace("topics: [combat]", "topics: combat #<"), "combat.broken.topics",
                     "expected a list"),
}


def _append(rules: Path, block: str) -> tuple[int, str]:
    """Append a clause to combat.yaml in the file's own list indentation; return the marked line."""
    path = rules / "combat.yaml"
    text = path.read_text(encoding="utf-8")
    indent = re.search(r"^( *)- key:", text, re.M).group(1)
    block = "".join(indent + line + "\n" for line in block.splitlines())
    if not text.endswith("\n"):
        text += "\n"
    start = text.count("\n")
    marked = [i for i, line in enumerate(block.splitlines()) if "#<" in line]
    path.write_text(text + block.replace(" #<", ""), encoding="utf-8")
    return start + marked[0] + 1, f"{rules.as_posix()}/combat.yaml"  # messages name the directory given


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_kind_of_problem_is_reported_with_file_line_and_field(case, rules_copy, referee):
    block, field, message = CASES[case]
    line, file = _append(rules_copy, block)
    result = referee("check", "--rules", str(rules_copy))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    wanted = f"{file}:{line}: {field}: "
    hits = [ln for ln in result.stdout.splitlines() if ln.startswith(wanted)]
    assert hits, f"expected a line starting {wanted!r}:\n{result.stdout}"
    assert message in hits[0]


def test_every_problem_is_reported_at_once(rules_copy, referee):
    blocks = [CASES[c][0].replace("key: broken", f"key: broken-{i}")
              for i, c in enumerate(["an unknown key", "an unknown kind", "a reference that does not resolve"])]
    for block in blocks:
        _append(rules_copy, block)
    result = referee("check", "--rules", str(rules_copy))
    assert result.returncode == 2
    assert "combat.broken-0.colour" in result.stdout
    assert "combat.broken-1.kind" in result.stdout
    assert "combat.broken-2.related[0].id" in result.stdout


def test_a_yaml_syntax_error_names_file_and_line(rules_copy, referee):
    path = rules_copy / "combat.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines.insert(3, "  - key: [unclosed")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = referee("check", "--rules", str(rules_copy))
    assert result.returncode == 2
    assert re.search(rf"^{re.escape(rules_copy.as_posix())}/combat\.yaml:\d+: not valid YAML", result.stdout,
                     re.M), result.stdout


def test_other_commands_refuse_a_broken_corpus_with_the_same_message(rules_copy, referee):
    _append(rules_copy, CASES["a wrong type"][0])
    result = referee("rule", "combat.ties", env={"REFEREE_RULES": str(rules_copy)})
    assert result.returncode == 2
    assert f"{rules_copy.as_posix()}/combat.yaml:" in result.stderr and "combat.broken.topics" in result.stderr
    assert "Traceback" not in result.stderr
