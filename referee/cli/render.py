"""Turning library results into text or JSON: the only module of the CLI that prints.

Rule texts come from the ``rules`` catalog (:class:`RuleText`), everything else from the
``referee`` catalog through ``_``. JSON (built in :mod:`referee.shapes`) keeps ids and enum
values untranslated and says, in ``langs``, which language each text is in; text output shows
codes as words of the reader's language (:mod:`referee.i18n.words`), numbers and lists as that
language writes them, and marks a text shown in English because its language has no
translation yet.
"""

from __future__ import annotations

import os
import re
import sys
import textwrap
import time
import time as clock

from referee.errors import quote, readable
from referee.i18n import words
from referee.i18n.figures import figure, relation_label
from referee.i18n.catalogs import FALLBACK_MARK, RuleText, _, current_language, ngettext
from referee.i18n.languages import language
from referee.i18n.speaker import Speaker, error_text
from referee.shapes import (card_note_json, change_json, change_summary, clause_field, source_named, taken_back_by,
                            verdict_json)

TYPE_CHECKING = False  # typing stays off the judge's start-up (see referee.records)
if TYPE_CHECKING:  # the corpus package is imported by the commands that need it
    from referee.corpus import Clause, Corpus


#: ``--quiet``: no progress and no warnings on stderr (errors are still shown)
QUIET = False


def emit_json(data) -> None:
    """JSON on stdout, always UTF-8 whatever the console's encoding (a cp1252 console included)."""
    # lazy: json 1.3 ms to import, paid only by --json
    import json

    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:  # a stream without bytes underneath (a test's, the session's): it takes text
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate echoed back (an argument's bytes that are not UTF-8)
        data = readable(text).encode("utf-8")
    buffer.write(data)
    buffer.flush()


#: characters a terminal would act on instead of showing: controls (C0 but line feed and tab,
#: DEL, C1) and the bidirectional overrides and isolates that reorder what follows them
_ACTING = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def shown(text: str) -> str:
    """``text`` safe to print: a name typed as ``\x1b[2J`` shows as those characters, escaped,
    instead of clearing the player's screen. Every text the CLI prints goes through here."""
    return _ACTING.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def error_line(error) -> str:
    """An error as stderr shows it, in the current language with its values in words."""
    # lazy: referee.corpus, paid only by a command that fails; the race and class words need it
    from referee.corpus import load_corpus
    from referee.errors import RefereeError

    try:
        corpus = load_corpus()
    except (RefereeError, OSError):  # the error may be the corpus's own: its values stay codes
        corpus = None
    return shown(f"referee: {error_text(error, corpus)}")


def emit(lines: list[str]) -> None:
    """Text on stdout, terminal controls shown escaped (:func:`shown`); a character the console
    cannot show becomes a replacement mark, never an error (see :func:`referee.cli.main`)."""
    sys.stdout.write(shown("\n".join(lines)) + "\n")


def quoted(value) -> str:
    """A value the user typed, quoted as written and cut to a sane length."""
    return quote(value)


def warn(message) -> None:
    """One line on stderr about something the user should know (unless ``--quiet``)."""
    if not QUIET:
        text = message.render(_) if hasattr(message, "render") else str(message)
        label = _("warning")
        print(shown(f"referee: {label}: {text}"), file=sys.stderr)


def progress(label: str):
    """A callback showing how a long task goes, on stderr when it is a terminal — after the
    first half second, so that a quick one shows nothing — or ``None``."""
    if QUIET or not getattr(sys.stderr, "isatty", lambda: False)():
        return None

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
    # never at a hyphen: a clause id ("helping.elf-helper-level") or a card name stays whole
    return textwrap.wrap(" ".join(str(text).split()), width=width, initial_indent=indent,
                         subsequent_indent=indent, break_on_hyphens=False) or [indent]


def topic_words(corpus: Corpus, text: RuleText, topics) -> str:
    """A clause's topics and tags as the reader's language names them."""
    from referee.i18n.formatting import format_list  # lazy: +0.5 ms at start-up if imported with the module

    return format_list([text.topic(t, corpus.topics[t]) if t in corpus.topics else text.tag(t) for t in topics],
                       text.language)


def clause_header(corpus: Corpus, clause: Clause, text: RuleText) -> str:
    """"rule · Munchkin · combat, ties" in the reader's words."""
    return " · ".join([words.word("kind", clause.kind), words.word("game", clause.game),
                       topic_words(corpus, text, clause.topics)])


def clause_text(corpus: Corpus, clause: Clause, text: RuleText) -> list[str]:
    lines = [f"{clause.id} — {text.marked(clause.id, clause.title)}", clause_header(corpus, clause, text), ""]
    lines += wrap(text.marked(clause.id, clause.text))
    if clause.conflict is not None:
        verdict = (_("This reading is the one the engine follows.") if clause.conflict.followed
                   else _("This reading is not the one the engine follows."))
        lines += ["", _("Disagreement between sources:") + " " + verdict]
        lines += wrap(text.marked(clause.id, clause.conflict.why), "  ")
    if clause.note:
        lines += [""] + wrap(_("Note:") + " " + text.marked(clause.id, clause.note))
    if clause.sources or clause.basis:
        lines += ["", _("Sources")]
        for source in clause.sources:
            lines += [f"  {words.source_name(source.seed, source.lang)}"] + wrap(f"“{source.quote.strip()}”", "    ")
        if clause.basis == "published-card":
            lines += ["  " + _("the published card text")]
    related = corpus.related(clause.id)
    if related:
        lines += ["", _("Related")]
        for other, relation, direction in related:
            target = corpus.clauses.get(other)
            title = text.marked(other, target.title) if target else "?"
            lines.append(f"  {relation_label(relation, direction)}: {other} — {title}")
    return lines + fallback_note(text)


def fallback_note(text: RuleText) -> list[str]:
    """A line saying what [en] means, for a language whose catalogs are still in progress."""
    if text.language == "en" or language(text.language).complete:
        return []
    return ["", _("({lang} is in progress: texts marked {mark} are not translated yet and are shown in English.)")
            .format(lang=text.language, mark=FALLBACK_MARK)]


def verdict_word(word: str) -> str:
    return words.word("verdict", word)


def verdict_text(corpus: Corpus, verdict, text: RuleText, cards=()) -> list[str]:
    speaker = Speaker(corpus, text.language)
    what = f"{words.word('question', verdict.question)}, {words.word('game', verdict.game)}"
    # Translators: the first line of a verdict; {verdict} is its answer in capitals (WIN, ALLOWED…)
    lines = [_("Verdict: {verdict}").format(verdict=verdict_word(verdict.verdict).upper()) + f"  ({what})", "",
             _("Figures")]
    for key, value in verdict.details.items():
        lines += wrap(f"{words.label(key)}: {figure(speaker, key, value)}", "  ")
    lines += ["", _("Reasons")]
    for number, reason in enumerate(verdict.reasons, 1):
        lines.append(f"  {number}. [{reason.clause}] {clause_field(corpus, reason.clause, text, 'title', marked=True)}")
        lines += wrap(speaker.note(reason.note), "     ")
    if verdict.dissent:
        lines += ["", _("Other sources would rule otherwise")]
        for d in verdict.dissent:
            lines.append(f"  [{d.clause}] ({source_named(corpus, d.clause)}) "
                         f"{clause_field(corpus, d.clause, text, 'title', marked=True)}")
            lines += wrap(speaker.note(d.note), "     ")
    if cards:
        lines += ["", _("Rulings on the cards here")]
        for note in cards:
            data = card_note_json(note, text)
            lines.append(f"  {data['name']}")  # the card's name in the reader's language; `referee card` takes it
            for ruling in data["rulings"]:
                lines += wrap(f"[{ruling['id']}] {ruling['title']}", "     ")
    return lines + fallback_note(text)


def language_name(code: str) -> str:
    """A language's name in the reader's language ("Englisch" for a German reader)."""
    from referee.i18n.formatting import language_display_name  # lazy: +0.5 ms at start-up if imported with the module

    return language_display_name(code, current_language())


# --- the table in progress ---------------------------------------------------------------------


def judgement(corpus: Corpus, judged, text: RuleText, as_json: bool) -> None:
    """Print a judgement (``referee judge`` and every question asked without a file)."""
    if as_json:
        emit_json(verdict_json(corpus, judged.verdict, text, judged.cards))
    else:
        emit(verdict_text(corpus, judged.verdict, text, judged.cards))


def emit_recorded(corpus: Corpus, judged, recorded, log, text: RuleText, as_json: bool, nothing: str) -> None:
    """A verdict and the change it recorded on the table (``None``: ``nothing`` says why not)."""
    if as_json:
        data = verdict_json(corpus, judged.verdict, text, judged.cards)
        data["recorded"] = change_json(recorded, log) if recorded else None
        emit_json(data)
        return
    lines = verdict_text(corpus, judged.verdict, text, judged.cards)
    emit(lines + ["", change_line(recorded, log) if recorded else nothing])


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
    # Translators: marks after an item on the table: carried (not in use), Big, one-shot
    marks = [_("carried") if item.get("carried") else None, words.word("label", "Big") if item.get("big") else None,
             _("one-shot") if item.get("one_shot") else None]
    marks = [m for m in marks if m]
    return word + (f" ({', '.join(marks)})" if marks else "")


def table_text(shown, text: RuleText) -> list[str]:
    """The table in big, plain lines: who is at which level, with what, and whose turn it is."""
    from referee.corpus import load_corpus  # lazy: +0.1 ms at start-up if imported with the module
    from referee.table import strengths  # lazy: +19.3 ms at start-up if imported with the module

    state = shown.state
    power = strengths(state)
    speaker = Speaker(load_corpus(), text.language)
    phase = words.word("phase", state["phase"]) if state.get("phase") else "—"
    head = ngettext("{game} · turn: {player} ({phase}) · {count} change",
                    "{game} · turn: {player} ({phase}) · {count} changes", shown.count).format(
        game=words.word("game", state["game"]), player=state.get("turn") or "—", phase=phase,
        count=shown.count)
    lines = [head]
    extras = []
    if state.get("expansions"):
        extras.append(_("expansions: {names}").format(names=", ".join(words.word("expansion", e)
                                                                        for e in state["expansions"])))
    if state.get("house_rules"):
        extras.append(_("house rules: {rules}").format(rules=", ".join(
            f"{words.word('house rule', k)}: {_house_value(v, text.language)}"
            for k, v in state["house_rules"].items())))
    if extras:
        lines.append(" · ".join(extras))
    lines.append("")
    width = max(len(p["name"]) for p in state["players"])
    for player in state["players"]:
        mark = "▶" if player["name"] == state.get("turn") else " "
        who = [speaker.word("sex", player["sex"])] if player.get("sex") else []
        who += [speaker.word("race|class", x) for x in (*player.get("races", ()), *player.get("classes", ()))]
        if player.get("half_breed"):
            # Translators: the card Half-Breed, shown after a player's races on the table
            who.append(_("Half-Breed"))
        if player.get("super_munchkin"):
            who.append(_("Super Munchkin"))
        if player.get("dead"):
            # Translators: shown after a dead player's name on the table
            who.append(_("dead"))
        # Translators: a player's line on the table: "level 5  strength 8"
        line = (f"{mark} {player['name']:<{width}}  " + _("level {level}").format(level=player["level"]) + "  "
                + _("strength {strength}").format(strength=power[player["name"]]))
        if who:
            line += "  " + " ".join(who)
        lines.append(line)
        hand = player.get("hand")
        details = []
        if player.get("items"):
            # Translators: a player's gear on the table, after their line
            details.append(_("items: {items}").format(items=", ".join(_item_words(i) for i in player["items"])))
        for key, label in (("hireling", _("hireling: {name}")), ("steed", _("steed: {name}"))):
            if player.get(key):
                details.append(label.format(name=_item_words({"bonus": 0, **player[key]})))
        if player.get("curses"):
            details.append(_("curses: {names}").format(names=", ".join(player["curses"])))
        if hand:
            details.append(_("cards in hand: {count}").format(count=len(hand) if isinstance(hand, list) else hand))
        lines += wrap("; ".join(details), " " * (width + 4)) if details else []
    return lines + table_end_text(shown)


def _house_value(value, language: str) -> str:
    """A house rule's setting in words: yes or no, a number as the language writes it ("2,5")."""
    from referee.i18n.formatting import format_number  # lazy: +0.5 ms at start-up if imported with the module

    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return format_number(value, language) if isinstance(value, (int, float)) else str(value)


def table_end_text(shown) -> list[str]:
    """Under the players: the fight on the table and its countdown, or who won the game."""
    lines = []
    fight = shown.fight
    if fight is not None:
        combat = fight["combat"]
        monsters = ", ".join(m["name"] for m in combat["monsters"])
        fighters = " + ".join(n for n in (combat["fighter"], combat.get("helper")) if n)
        lines += ["", _("Fight: {fighters} against {monsters}.").format(fighters=fighters, monsters=monsters)]
        if fight.get("result") is None:
            left = max(0.0, fight["closes_at"] - clock.time())
            from referee.i18n.formatting import format_decimal  # lazy: +0.5 ms at start-up if imported with the module

            lines.append(_("The others may still interfere: {seconds} s left.").format(
                seconds=format_decimal(left, current_language(), 1)))
        else:
            lines.append(_("The fight was lost: {player} runs away (`referee flee`).").format(player=combat["fighter"]))
    if shown.winner:
        from referee.i18n.formatting import format_list  # lazy: +0.5 ms at start-up if imported with the module

        lines += ["", ngettext("{names} won the game!", "{names} won the game together!",
                               len(shown.winner)).format(names=format_list(shown.winner, current_language()))]
    return lines
