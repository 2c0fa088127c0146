"""A typed question as words: folded like card names, numbers read in figures, in words and in
native digits (Gujarati ૦–૯), a bonus as ``+N``. Punctuation that splits a sentence is kept as
a word of its own (``,``), so a description stays with the part of the sentence it is in."""

from __future__ import annotations

import bisect
import unicodedata

from referee.corpus.cards import fold
from referee.keptre import kept_patterns
from referee.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Optional

#: "Troll:8" read inside a sentence: the colon becomes this mark, a word of its own
LEVEL_MARK = "\ue000"
#: a title shortened with a full stop, inside a name ("Mr. Bones"): no end of a sentence
_TITLE = r"(?i:mr|mrs|ms|dr|st|sr|sra|hr|fr|dhr|mw)\.(?=\s+\w)"
#: a word, a number (with its ending: "8-as", "3rd"), a separator or the level mark
_WORD = "\ue000|" + _TITLE + r"|[+-]?\d+(?:-[^\W\d_]+|[a-zA-Z\u00c0-\u024f]+)?|[,;.!?¿¡:()]|[^\s,;.!?¿¡:()\"“”„«»]+"
#: an arrow typed between a deed and what it leads to ("sell 1200g -> lvl 10?"): a word of its own
#: (``ARROW``), which goal phrases name; a ">" alone is kept too ("> lvl 10"), a comparison elsewhere
ARROW = "->"
ARROWS = frozenset({"->", "-->", "=>", "==>", "→", "⇒", "⟶", "➡", "➔", "➜", "⮕", ">"})
#: the sign of times of a count written with it ("x2", "×2"): a word no language's words hold
#: (a plain "x" is Spanish chat's "por", and would tell the language)
TIMES = "×"
#: brackets part a sentence too: "Bob (level 6 elf, +2) helps me" describes Bob in its own part
SEPARATORS = frozenset(",;.!?¿¡:()")


class Token(Record):
    raw: str
    key: str                  # the folded word, the number as digits, or the separator
    number: Optional[int] = None
    plus: bool = False        # written with a sign: a bonus (+3) or a change (-2)

    @property
    def separator(self) -> bool:
        return self.key in SEPARATORS


#: one sound, two spellings: Gujarati players write long and short i and u (and the English
#: vowels ૉ ૅ) either way ("મંચકિન", "મંચકીન"); words are compared with one of them
SAME_SOUND = str.maketrans({"ી": "િ", "ૂ": "ુ", "ૉ": "ો", "ૅ": "ે"})


def spelled(key: str) -> str:
    """A folded word with the spellings of one sound made one."""
    return key.translate(SAME_SOUND)


def digits(text: str) -> str:
    """Every decimal digit, in any script, as an ASCII digit."""
    return "".join(str(unicodedata.digit(c)) if c.isdigit() and not c.isascii() else c for c in text)


#: the command's own syntax inside a sentence: "Troll:8" is the Troll at level 8
_COLON_LEVEL = r"(?<=[^\s\d:,;.!?]):(?=[+-]?\d)"


#: a word and a number written as one ("lvl8", "nivel10", "stufe3"): two words (one letter
#: and a number, "d10", stays one)
_GLUED = r"(?<![\w+-])([^\W\d_]{2,})(\d+)(?!\w)"
#: a face typed between words ("Me morí :( era enano", "lost again :-) lol"): no bracket that
#: opens a description, and no colon; it parts the sentence as a comma does
_FACE = r"(?<!\S)[:;=]['^-]?[()\[\]DPpOo/|3]+(?=[\s,.!?]|$)|(?<!\S)[)(]['^-]?[:;=](?=[\s,.!?]|$)"
#: a number ("8", "+3"), and a number with an ending ("8-as", "10th", "+3-mal")
_NUMBER = r"[+-]?\d+"
_NUMBER_ENDING = r"([+-]?\d+)-?(\w*)"
#: words in double quotes, with the word right before them and the one right after:
#: a card's text quoted ("auf dem Anwalt steht „greift keine Diebe an“") where one says so
_QUOTE = r'([^\s"“”„«»]*)(\s*:?\s*)["“„«»]([^"“”„«»]*)["”“«»](\s*)([^\s"“”„«»]*)'
#: compiled from the user cache: these cost 1.3 ms to compile, in every process that asks
_RAW, _COMMAND_LEVEL, _GLUED_LEVEL, _FACES, _NUMBER_ALONE, _NUMBER_AND_ENDING, _QUOTES = kept_patterns(
    "ask-text-patterns", (_WORD, _COLON_LEVEL, _GLUED, _FACE, _NUMBER, _NUMBER_ENDING, _QUOTE))


def unquoted(text: str, says: frozenset) -> str:
    """The text without a card's words quoted beside a word of saying ("steht", "says",
    "dice", "લખ્યું"): what the card says is the card's, not the table's (its "Diebe" are no
    players), and the rules engine knows it; a quoted card's name ("I drew "Net Troll"") stays."""
    if not says or not any(q in text for q in '"“„«'):
        return text

    def part(m) -> str:
        before, after = fold(m.group(1).strip(",.;!?")), fold(m.group(5).strip(",.;!?"))
        if before in says or after in says:
            return f"{m.group(1)} , {m.group(5)}"
        return m.group(0)

    return _QUOTES.sub(part, text)


def tokens(text: str, numbers: dict, suffixes: tuple = (), signs: Optional[dict] = None,
           plain: frozenset = frozenset(), bases: tuple = (), heard: Optional[dict] = None) -> list[Token]:
    """The text's words, numbers read; ``plain``: words of the language that are never a number
    with an ending (Hungarian "ott", there, is no "öt" with an ending)."""
    text = digits(unicodedata.normalize("NFC", text)).replace("’", "'").replace("–", "-")
    text = _FACES.sub(" , ", text)
    text = _COMMAND_LEVEL.sub(f" {LEVEL_MARK} ", text)
    text = _GLUED_LEVEL.sub(r"\1 \2", text)
    out: list[Token] = []
    for raw in _parted(_RAW.findall(text)):
        if raw == LEVEL_MARK:
            out.append(Token(raw, "level"))
            continue
        if raw in SEPARATORS or (len(raw) == 1 and raw in SEPARATORS):
            out.append(Token(raw, raw))
            continue
        if len(raw) in (2, 3) and raw[0] in "xX×" and raw[1:].isdigit():
            # "+2 potion x2": a count written with its sign of times, one word "×2" with its number
            # (read beside a bonus as how many cards of it: referee.ask.reading; a bare "2" would
            # be a word of some language's, and tell the language)
            out.append(Token(raw, TIMES + str(int(raw[1:])), int(raw[1:])))
            continue
        if raw in ARROWS:
            out.append(Token(raw, ">" if raw == ">" else ARROW))
            continue
        if raw in ("-", "—", "--", "/", "|"):
            # a dash between spaces ("das Vieh hat Stufe 4 – verlier ich?") parts a sentence as a comma does;
            # so does a slash or a bar between notes ("me: lvl 6 / monster: troll | helper: bob")
            out.append(Token(raw, ","))
            continue
        if _NUMBER_ALONE.fullmatch(raw):
            out.append(Token(raw, raw if raw[0] in "+-" else str(int(raw)), int(raw), raw[0] in "+-"))
            continue
        number = _NUMBER_AND_ENDING.fullmatch(raw)
        if number:
            value = int(number.group(1))
            out.append(Token(raw, number.group(1) if raw[0] in "+-" else str(value), value, raw[0] in "+-"))
            ending = fold(number.group(2))
            if ending and ending not in suffixes:  # "+3-mal": the number, then its ending as a word
                # ("2x +2": the sign of times, TIMES)
                out.append(Token(number.group(2), TIMES if number.group(2) in ("x", "X", "×") else ending))
            continue
        for part in spelled(fold(raw.replace("'", ""))).split():
            value = int(part) if part.isdigit() else numbers.get(part)
            if value is None and suffixes and part not in plain:
                value = next((numbers[part[: -len(s)]] for s in suffixes
                              if part.endswith(s) and part[: -len(s)] in numbers), None)
            if value is None and bases:
                value = _glued_number(part, numbers, bases)
            out.append(Token(raw, str(value) if value is not None else part, value))
    out = _arrowed(_compounds(out))
    return _signed(out, signs, heard or {}) if signs else out


def _arrowed(words: list[Token]) -> list[Token]:
    """An arrow that points at no number ("helper: bob lvl 3 → win?", "→ who loots me?") leads
    from the notes to the question: it parts them as a comma does. One that points at a number,
    the next word or the one after ("-> lvl 10", "-> 10"), stays ``ARROW``: a level aimed at."""
    for i, token in enumerate(words):
        if token.key == ARROW and not any(t.number is not None for t in words[i + 1:i + 3]):
            words[i] = Token(token.raw, ",")
    return words


def _glued_number(word: str, numbers: dict, bases: tuple) -> Optional[int]:
    """A number written as one word of number words joined at a hundred or a thousand
    ("ezerkétszáz" 1200, "zwölfhundert" 1200, "tausendzweihundert", "બારસો"), else None:
    languages that glue their numbers, whose every sum no list of words can hold."""
    for base in bases:
        at = word.find(base)
        if at < 0 or (at == 0 and len(base) == len(word)):
            continue
        left, right = word[:at], word[at + len(base):]
        times = 1 if not left else numbers.get(left) or _glued_number(left, numbers, bases)
        rest = 0 if not right else numbers.get(right) or _glued_number(right, numbers, bases)
        unit = numbers[base]
        if times and rest is not None and 1 <= times < unit and 0 <= rest < unit:
            return times * unit + rest
    return None


def _parted(raws: list[str]) -> list[str]:
    """A number joined by hyphens between two words ("Stufe-12-Monster", "level-12-monster"):
    three words, each its own, as when said apart; a name is never written so, and the
    monster is one of that level, not one named "Stufe-12-Monster"."""
    out: list[str] = []
    for raw in raws:
        pieces = raw.split("-")
        if len(pieces) > 2 and all(pieces) and any(p.isdigit() for p in pieces[1:-1]) \
                and not pieces[0].isdigit():
            out.extend(pieces)
        else:
            out.append(raw)
    return out


def _compounds(words: list[Token]) -> list[Token]:
    """Numbers said in two words, one a hundred or a thousand: "two hundred" is 200, "mil
    doscientas" 1200, or tens and units: "twenty two" is 22 (a word number only: "1000 200"
    stays two numbers)."""
    out: list[Token] = []
    for token in words:
        last = out[-1] if out else None
        if (last is not None and token.number is not None and last.number is not None and not token.plus
                and not last.plus and not token.raw[:1].isdigit() and not last.raw[:1].isdigit()):
            a, b = last.number, token.number
            if b in (100, 1000) and 1 <= a < b:
                value = a * b
            elif a % 100 == 0 and a >= 100 and 0 < b < (1000 if a % 1000 else a) and (a >= 1000 or b < 100):
                value = a + b
            elif a % 10 == 0 and 20 <= a <= 90 and 1 <= b <= 9:
                value = a + b  # "twenty two", "twenty-two": 22
            else:
                value = None
            if value is not None:
                out[-1] = Token(f"{last.raw} {token.raw}", str(value), value)
                continue
        out.append(token)
    return out


def _signed(words: list[Token], signs: dict, heard: dict) -> list[Token]:
    """A sign written as a word before a number ("plus twee", "minus 3", "mínusz öt") is the
    bonus written with its sign: one word, ``+2``, ``-3``; so is a word a number is misheard as
    by speech-to-text, right after a sign only ("plus for": ``heard``, +4)."""
    out: list[Token] = []
    for token in words:
        sign = signs.get(out[-1].key) if out else None
        if sign is not None and token.number is None and token.key in heard:
            token = Token(token.raw, str(heard[token.key]), heard[token.key])
        if sign is not None and token.number is not None and not token.plus:
            value = sign * abs(token.number)
            out[-1] = Token(f"{out[-1].raw} {token.raw}", f"{value:+d}", value, True)
            continue
        out.append(token)
    return out


def joined(words: list[Token]) -> tuple[str, list[int]]:
    """The words as one string `` a b c `` to match phrases on, and where each word starts.
    Words in brackets are left out of it ("bob (level 6 elf, +2) helps me" reads as "bob helps
    me"): they describe the word before them, and are read word by word; each starts where
    the word after the brackets does."""
    starts, text, depth, waiting = [], "", 0, 0
    for token in words:
        if token.key == "(":
            depth += 1
        if depth:
            waiting += 1
            if token.key == ")":
                depth -= 1
            continue
        text += " "
        starts += [len(text)] * (waiting + 1)
        waiting = 0
        text += token.key
    starts += [len(text) + 1] * waiting
    return text + " ", starts


def at(starts: list[int], offset: int) -> int:
    """The index of the word at a character offset of :func:`joined`'s string."""
    return max(0, bisect.bisect_right(starts, offset) - 1)
