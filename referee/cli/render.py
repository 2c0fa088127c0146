"""Turning library results into text or JSON: the only module of the CLI that prints.

Rule texts come from the ``rules`` catalog (:class:`RuleText`), everything else from the
``referee`` catalog through ``_``. JSON keeps ids and enum values untranslated.
"""

from __future__ import annotations

import os
import sys
import textwrap

from typing import TYPE_CHECKING

from referee.errors import quote
from referee.i18n.catalogs import RuleText, _, ngettext
from referee.shapes import (GAME_NAMES, card_note_json, change_summary, clause_field, source_of, taken_back_by,
                            verdict_json)

if TYPE_CHECKING:  # the corpus package is imported by the commands that need it
    from referee.corpus import Clause, Corpus


#: ``--quiet``: no progress and no warnings on stderr (errors are still shown)
QUIET = False


def emit_json(data) -> None:
    """JSON on stdout, always UTF-8 whatever the console's encoding (a cp1252 console included)."""
    import json

    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:  # a stream without bytes underneath (a test's, the session's): it takes text
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()


def emit(lines: list[str]) -> None:
    """Text on stdout; a character the console cannot show becomes a replacement mark, never an
    error (see :func:`referee.cli.main`)."""
    sys.stdout.write("\n".join(lines) + "\n")


def quoted(value) -> str:
    """A value the user typed, quoted as written and cut to a sane length."""
    return quote(value)


def warn(message) -> None:
    """One line on stderr about something the user should know (unless ``--quiet``)."""
    if not QUIET:
        text = message.render(_) if hasattr(message, "render") else str(message)
        label = _("warning")
        print(f"referee: {label}: {text}", file=sys.stderr)


def progress(label: str):
    """A callback showing how a long task goes, on stderr when it is a terminal — after the
    first half second, so that a quick one shows nothing — or ``None``."""
    if QUIET or not getattr(sys.stderr, "isatty", lambda: False)():
        return None
    import time

    start = time.monotonic()
    shown = []

    def report(what: str, share: float) -> None:
        if share >= 1.0:
            if shown:
                sys.stderr.write("\r\033[K")
                sys.stderr.flush()
            return
        if time.monotonic() - start < 0.5:
            return
        shown.append(True)
        sys.stderr.write(f"\rreferee: {label}… {share:4.0%}")
        sys.stderr.flush()

    return report


def _width() -> int:
    """The terminal's width (``COLUMNS`` first, as shutil reads it, without importing shutil)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 100


def wrap(text: str, indent: str = "") -> list[str]:
    width = max(40, min(100, _width()) - 1)
    return textwrap.wrap(" ".join(str(text).split()), width=width, initial_indent=indent,
                         subsequent_indent=indent) or [indent]


def relation_label(relation: str, direction: str) -> str:
    """How a relation reads from the clause being shown."""
    outgoing = {"errata-of": _("corrects"), "clarifies": _("clarifies"), "overrides": _("overrides"),
                "see-also": _("see also"), "conflicts-with": _("conflicts with")}
    incoming = {"errata-of": _("corrected by"), "clarifies": _("clarified by"), "overrides": _("overridden by"),
                "see-also": _("see also"), "conflicts-with": _("conflicts with")}
    return (outgoing if direction == "out" else incoming).get(relation, relation)


def clause_text(corpus: Corpus, clause: Clause, text: RuleText) -> list[str]:
    lines = [f"{clause.id} — {text(clause.id, clause.title)}",
             f"{clause.kind} · {clause.game} · {', '.join(clause.topics)}", ""]
    lines += wrap(text(clause.id, clause.text))
    if clause.conflict is not None:
        verdict = (_("This reading is the one the engine follows.") if clause.conflict.followed
                   else _("This reading is not the one the engine follows."))
        lines += ["", _("Disagreement between sources:") + " " + verdict]
        lines += wrap(text(clause.id, clause.conflict.why), "  ")
    if clause.note:
        lines += [""] + wrap(_("Note:") + " " + text(clause.id, clause.note))
    if clause.sources or clause.basis:
        lines += ["", _("Sources")]
        for source in clause.sources:
            lines += [f"  {source.seed} ({source.lang})"] + wrap(f"“{source.quote.strip()}”", "    ")
        if clause.basis == "published-card":
            lines += ["  " + _("the published card text")]
    related = corpus.related(clause.id)
    if related:
        lines += ["", _("Related")]
        for other, relation, direction in related:
            target = corpus.clauses.get(other)
            title = text(other, target.title) if target else "?"
            lines.append(f"  {relation_label(relation, direction)}: {other} — {title}")
    return lines


def verdict_word(word: str) -> str:
    words = {"win": _("win"), "lose": _("lose"), "allowed": _("allowed"), "forbidden": _("forbidden"),
             "legal": _("legal"), "illegal": _("illegal"), "ok": _("ok"), "players": _("players"),
             "monsters": _("monsters"), "up": _("up"), "down": _("down")}
    return words.get(word, word)


def _figure(value) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_figure(v)}" for k, v in value.items()) or "—"
    if isinstance(value, list):
        return "; ".join(_figure(v) for v in value) or "—"
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, str):
        return verdict_word(value)
    return str(value)


def figure_label(key: str) -> str:
    labels = {
        "players_strength": _("players' strength"), "monsters_strength": _("monsters' strength"),
        "winner": _("winner"), "levels": _("levels gained"), "treasures": _("treasures"),
        "treasures_face": _("treasures drawn face"), "must_run": _("must run away"), "monsters": _("monsters"),
        "wins": _("wins the game"), "rolls": _("escape rolls"), "gold": _("gold"),
        "levels_gained": _("levels gained"), "new_level": _("new level"), "old_level": _("old level"),
        "wasted_gold": _("gold lost"), "allowed": _("allowed"), "action": _("action"), "player": _("player"),
        "condition": _("condition"), "legal": _("legal"), "active": _("in use"), "inactive": _("not counting"),
        "bonus": _("bonus"), "problems": _("problems"), "excess": _("excess cards"), "give": _("give"),
        "discard": _("discard"), "keeps": _("keeps"), "loses": _("loses"), "loot_order": _("loot order"),
        "loot_ties": _("ties to roll off"), "new_cards": _("new cards"), "roll": _("roll"), "effect": _("effect"),
        "cost": _("levels spent"), "can_roll_again": _("may roll again"),
        "charmed": _("charmed away"), "removed": _("taken out of the fight"), "eaten": _("eaten"),
        "out_of_the_fight": _("out of the fight"), "unknown_curses": _("curses not applied"),
        "options": _("powers that may still be used"), "helper_roll": _("helper's die"),
        "treasures_discarded": _("treasures discarded at once"), "treasures_on_escape": _("treasures after escaping"),
        "extra_turn_if_all_escaped": _("another turn if every escape succeeds"),
        "no_further_bad_stuff": _("Bad Stuff that no longer applies"),
    }
    return labels.get(key, key.replace("_", " "))


def verdict_text(corpus: Corpus, verdict, text: RuleText, cards=()) -> list[str]:
    lines = [_("Verdict: {verdict}").format(verdict=verdict_word(verdict.verdict).upper())
             + f"  ({verdict.question}, {verdict.game})", "", _("Figures")]
    for key, value in verdict.details.items():
        lines += wrap(f"{figure_label(key)}: {_figure(value)}", "  ")
    lines += ["", _("Reasons")]
    for number, reason in enumerate(verdict.reasons, 1):
        lines.append(f"  {number}. [{reason.clause}] {clause_field(corpus, reason.clause, text, 'title')}")
        lines += wrap(reason.note.render(_), "     ")
    if verdict.dissent:
        lines += ["", _("Other sources would rule otherwise")]
        for d in verdict.dissent:
            lines.append(f"  [{d.clause}] ({source_of(corpus, d.clause)}) {clause_field(corpus, d.clause, text, 'title')}")
            lines += wrap(d.note.render(_), "     ")
    if cards:
        lines += ["", _("Rulings on the cards here")]
        for note in cards:
            data = card_note_json(note, text)
            lines.append(f"  {data['name']} ({note.card.id})")
            for ruling in data["rulings"]:
                lines += wrap(f"[{ruling['id']}] {ruling['title']}", "     ")
    return lines


def judgement(corpus: Corpus, judged, text: RuleText, as_json: bool) -> None:
    """Print a judgement (``referee judge`` and every question asked without a file)."""
    if as_json:
        emit_json(verdict_json(corpus, judged.verdict, text, judged.cards))
    else:
        emit(verdict_text(corpus, judged.verdict, text, judged.cards))


# --- the table in progress --------------------------------------------------------------------

def change_line(change, log, when: bool = False) -> str:
    """``#7  Ann: level 4 → 5 (kill).`` — with the time it was recorded (UTC) in the log."""
    stamp = f"  {change.at.replace('T', ' ').rstrip('Z')}" if when else ""
    line = f"#{change.seq}{stamp}  {change_summary(change)}"
    undone = taken_back_by(change, log)
    if undone is not None:
        line += "  " + _("(taken back by #{seq})").format(seq=undone)
    return line


def _item_words(item: dict) -> str:
    word = f"{item['name']} {item['bonus']:+d}" if item.get("bonus") else item["name"]
    marks = [_("carried") if item.get("carried") else None, _("Big") if item.get("big") else None,
             _("one-shot") if item.get("one_shot") else None]
    marks = [m for m in marks if m]
    return word + (f" ({', '.join(marks)})" if marks else "")


def table_text(shown, text: RuleText) -> list[str]:
    """The table in big, plain lines: who is at which level, with what, and whose turn it is."""
    from referee.table import strengths

    state = shown.state
    power = strengths(state)
    phase = verdict_word(state.get("phase") or "—")
    head = ngettext("{game} · turn: {player} ({phase}) · {count} change",
                    "{game} · turn: {player} ({phase}) · {count} changes", len(shown.changes)).format(
        game=GAME_NAMES.get(state["game"], state["game"]), player=state.get("turn") or "—", phase=phase,
        count=len(shown.changes))
    lines = [head]
    extras = []
    if state.get("expansions"):
        extras.append(_("expansions: {names}").format(names=", ".join(state["expansions"])))
    if state.get("house_rules"):
        extras.append(_("house rules: {rules}").format(rules=", ".join(f"{k}={v}" for k, v in
                                                                        state["house_rules"].items())))
    if extras:
        lines.append(" · ".join(extras))
    lines.append("")
    width = max(len(p["name"]) for p in state["players"])
    for player in state["players"]:
        mark = "▶" if player["name"] == state.get("turn") else " "
        who = [verdict_word(x) for x in (player.get("sex"), *player.get("races", ()), *player.get("classes", ()))
               if x]
        if player.get("half_breed"):
            who.append(_("Half-Breed"))
        if player.get("super_munchkin"):
            who.append(_("Super Munchkin"))
        if player.get("dead"):
            who.append(_("dead"))
        line = (f"{mark} {player['name']:<{width}}  " + _("level {level}").format(level=player["level"]) + "  "
                + _("strength {strength}").format(strength=power[player["name"]]))
        if who:
            line += "  " + " ".join(who)
        lines.append(line)
        hand = player.get("hand")
        details = []
        if player.get("items"):
            details.append(_("items: {items}").format(items=", ".join(_item_words(i) for i in player["items"])))
        for key, label in (("hireling", _("hireling: {name}")), ("steed", _("steed: {name}"))):
            if player.get(key):
                details.append(label.format(name=_item_words({"bonus": 0, **player[key]})))
        if player.get("curses"):
            details.append(_("curses: {names}").format(names=", ".join(player["curses"])))
        if hand:
            details.append(_("cards in hand: {count}").format(count=len(hand) if isinstance(hand, list) else hand))
        lines += wrap("; ".join(details), " " * (width + 4)) if details else []
    return lines
