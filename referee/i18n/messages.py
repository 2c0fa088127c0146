"""What in the corpus is translatable, shared by the Babel extractor and the checks.

Every clause's title, text, note and disagreement ``why`` is a message whose context
(``msgctxt``) is the clause id, so a translator sees which clause a text belongs to and two
clauses with the same title stay two entries. Topic titles use the context ``topic:<name>``,
the finer topics (tags) ``tag:<name>``, card names ``card:<id>``.
Ids, kinds, games and other enum values are never translated here: the CLI words them
(referee/i18n/words.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from referee.yamlload import load_yaml

#: The clause fields that carry text for people, in the order they are extracted.
CLAUSE_FIELDS = ("title", "text", "note", "why")
QUOTE_COMMENT_LENGTH = 160


@dataclass(frozen=True)
class RuleMessage:
    line: int
    context: str
    msgid: str
    comments: tuple[str, ...]


def _clean(text: str) -> str:
    return " ".join(str(text).split())


def tag_words(tag: str) -> str:
    """A tag of rules/topics.yaml in English words: "bad-stuff" -> "bad stuff"."""
    return tag.replace("-", " ")


def messages_of_file(path: Path, text: str) -> list[RuleMessage]:
    """The translatable texts of one file of ``rules/`` (none for files without any)."""
    data, _ = load_yaml(text)
    if path.name == "topics.yaml" and isinstance(data, dict):
        files = data.get("files") or {}
        out = [RuleMessage(files.line_of(name), f"topic:{name}", _clean(title), ("topic title",))
               for name, title in files.items()]
        tags = data.get("tags") or []
        return out + [RuleMessage(data.line_of("tags"), f"tag:{tag}", tag_words(tag), (f"the topic tag {tag}",))
                      for tag in tags if isinstance(tag, str)]
    if path.name == "cards.yaml" and isinstance(data, dict) and isinstance(data.get("cards"), list):
        # A card's name is translatable: a localizer may give it in a language no source does.
        return [RuleMessage(card.line, f"card:{card['id']}", _clean(card["name"]),
                            (f"name of the card {card['id']}",
                             *(f"{lang}: {entry.get('name')} (from {entry.get('seed')})"
                               for lang, entry in (card.get("names") or {}).items() if isinstance(entry, dict))))
                for card in data["cards"] if isinstance(card, dict) and isinstance(card.get("id"), str)
                and isinstance(card.get("name"), str)]
    if not isinstance(data, dict) or not isinstance(data.get("clauses"), list):
        return []
    topic = path.stem
    out = []
    for clause in data["clauses"]:
        if not isinstance(clause, dict) or not isinstance(clause.get("key"), str):
            continue
        context = f"{topic}.{clause['key']}"
        sources = []
        for source in clause.get("sources") or []:
            if isinstance(source, dict) and isinstance(source.get("quote"), str):
                quote = _clean(source["quote"])
                if len(quote) > QUOTE_COMMENT_LENGTH:
                    quote = quote[:QUOTE_COMMENT_LENGTH - 1] + "…"
                sources.append(f"source: {source.get('seed')} ({source.get('lang')}): {quote}")
        conflict = clause.get("conflict") if isinstance(clause.get("conflict"), dict) else {}
        values = {"title": clause.get("title"), "text": clause.get("text"), "note": clause.get("note"),
                  "why": conflict.get("why")}
        lines = {"title": clause.line_of("title"), "text": clause.line_of("text"),
                 "note": clause.line_of("note"), "why": conflict.line_of("why") if conflict else clause.line}
        for field in CLAUSE_FIELDS:
            if isinstance(values[field], str) and values[field].strip():
                comments = (f"{field} of {context}", *(sources if field == "text" else ()))
                out.append(RuleMessage(lines[field], context, _clean(values[field]), comments))
    return out


def corpus_messages(root: Path) -> list[RuleMessage]:
    """Every translatable text of the corpus directory, file by file."""
    out = []
    for path in sorted(root.glob("*.yaml")):
        out += messages_of_file(path, path.read_text(encoding="utf-8"))
    return out
