"""Players' words per clause and language (``locales/search/<lang>.yaml``), and their checks.

Rulebook wording and table talk differ: the rule says "the monster wins ties", the player
types "Gleichstand wer gewinnt". Each language's file maps a clause id to a few phrases its
players use for that question; they are indexed with the clause's text in that language and
never shown. A localizer edits them like any other YAML file; ``referee i18n check`` reports
ids the corpus no longer has. The file is optional: a language without one is searched by its
clause texts alone.
"""

from __future__ import annotations

from referee.data import locales_dir
from referee.errors import Problem
from referee.i18n.languages import codes


def phrases_path(language: str):
    return locales_dir() / "search" / f"{language}.yaml"


def search_phrases(language: str) -> dict[str, list[str]]:
    """Clause id -> phrases, for one language (empty when the file is missing or unreadable)."""
    # lazy: yaml 62 ms to import, paid only by the calls that need it
    import yaml

    try:
        text = phrases_path(language).read_text(encoding="utf-8")
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(key): [str(p) for p in value if isinstance(p, (str, int, float))]
            for key, value in data.items() if isinstance(value, list)}


def check_search_phrases(corpus) -> list[Problem]:
    """Each language's file, where there is one: readable, a mapping of known clause ids to
    lists of phrases."""
    # lazy: yaml 62 ms to import, paid only by the calls that need it
    import yaml

    problems = []
    for language in codes():
        path = phrases_path(language)
        name = f"locales/search/{language}.yaml"
        try:
            root = _compose(yaml, path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            continue  # optional: the clause texts alone are searched
        except OSError as error:
            problems.append(Problem(name, None, "", f"cannot be read: {error.strerror}"))
            continue
        except (UnicodeDecodeError, yaml.YAMLError) as error:
            line = getattr(getattr(error, "problem_mark", None), "line", None)
            problems.append(Problem(name, line + 1 if line is not None else None, "", f"not valid YAML: {error}"))
            continue
        if not isinstance(root, yaml.MappingNode):
            problems.append(Problem(name, None, "", "expected a mapping of clause id -> list of phrases"))
            continue
        for key, value in root.value:
            line = key.start_mark.line + 1
            if key.value not in corpus.clauses:
                problems.append(Problem(name, line, key.value, "no clause has this id (renamed or removed?)"))
            elif not isinstance(value, yaml.SequenceNode) or not all(
                    isinstance(item, yaml.ScalarNode) and item.value.strip() for item in value.value):
                problems.append(Problem(name, line, key.value, "expected a list of non-empty phrases"))
    return problems


def _compose(yaml, text: str):
    """The YAML node tree of ``text``, with the lines of its keys. libyaml's parser, where
    PyYAML has it, composes the same tree twenty times faster; a text it refuses is composed
    again by the pure-Python one, whose error (with the line quoted) is the one reported."""
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return yaml.compose(text, Loader=fast)
        except yaml.YAMLError:
            pass
    return yaml.compose(text, Loader=yaml.SafeLoader)
