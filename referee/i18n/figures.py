"""Figures and relations in the reader's words: shared by the command line and the page.

A verdict's figures (``levels``, ``bonus_vs: {elf: 2}``) and a clause's relations (``corrects``,
``see also``) are shown the same way by ``referee`` and by the page, so both read them here.
"""

from __future__ import annotations

from referee.i18n import words
from referee.i18n.catalogs import _
from referee.i18n.speaker import Speaker
from referee.message import Phrase


def relation_label(relation: str, direction: str) -> str:
    """How a relation reads from the clause being shown."""
    # Translators: the relations below label a related rule ("corrects: combat.ties — …"): how
    # the rule shown relates to the other one, then how the other relates to it
    outgoing = {
        # Translators: this rule is an erratum of the related rule
        "errata-of": _("corrects"),
        # Translators: this rule clarifies the related rule
        "clarifies": _("clarifies"),
        # Translators: this rule overrides the related rule
        "overrides": _("overrides"),
        # Translators: the related rule is worth reading with this one
        "see-also": _("see also"),
        # Translators: this rule and the related one disagree
        "conflicts-with": _("conflicts with")}
    incoming = {
        # Translators: an erratum (the related rule) corrects this rule
        "errata-of": _("corrected by"),
        # Translators: the related rule clarifies this rule
        "clarifies": _("clarified by"),
        # Translators: the related rule overrides this rule
        "overrides": _("overridden by"),
        "see-also": _("see also"), "conflicts-with": _("conflicts with")}
    return (outgoing if direction == "out" else incoming).get(relation, relation)


def figure(speaker: Speaker, key: str, value) -> str:
    """One figure of a verdict in words: labels for its fields, words for its codes, names kept."""
    if isinstance(value, Phrase):
        return value.message.render(speaker)
    if isinstance(value, dict):
        return ", ".join(f"{_key_word(speaker, k)}: {figure(speaker, k, v)}" for k, v in value.items()) or "—"
    if isinstance(value, list):
        shown = [figure(speaker, key, v) for v in value]
        # names, words: a list as the language writes one ("Anna, Carl und Dora"); phrases that
        # hold commas or colons of their own stay apart
        if all(isinstance(v, str) for v in value) and not any(ch in v for v in shown for ch in ",:;"):
            from referee.i18n.formatting import format_list  # lazy: +0.5 ms at start-up if imported with the module

            return format_list(shown, speaker.language) or "—"
        return "; ".join(shown) or "—"
    if value is None:
        return "—"
    if isinstance(value, str):
        vocabulary = words.VALUE_OF_FIELD.get(key)
        if vocabulary:
            return speaker.word(vocabulary, value)
        if key == "power":  # an Epic power or a card's power, named by the clause that grants it
            return speaker.clause(value)
        if key == "effect":
            return _(value)  # the die's effects are messages of the catalog (engine/table.py)
        return speaker.card(value)
    return str(speaker.format_value(value))


def _key_word(speaker: Speaker, key: str) -> str:
    """A key inside a figure: a field's label, a code's word (bonus against an elf), or a name."""
    if key in words.FIELD_LABELS:
        return words.label(key)
    found = speaker.word("race|class|sex", key)
    return found if found != key else speaker.card(key)
