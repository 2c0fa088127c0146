"""No English key or code word in the text output of any command, in any other language.

Every command is run in every translated language and its text output scanned for the codes
the CLI words (referee/i18n/words.py: field labels, vocabularies; races and classes through the
card catalog) and for their English words. A code counts only where its word in that language
differs from it ("Monster" is German too) and is no word of that language's own texts (Dutch
"door" means "by"), outside ids, brackets and quotes. What may stay is left out before scanning: clause ids, seed files, paths,
options, and the sources' own words in “quotes”.

A new command is one more row of COMMANDS (name, arguments; ``{lang}`` is the language,
``{new}`` a code no catalog has yet, for commands that start a language, ``{query}`` and
``{typo}`` a search in the language).
"""

from __future__ import annotations

import re
import shutil
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("nl", "hu", "es", "gu", "de")
#: the languages as parameters of the tests that read the ``shown`` runs: both output scans of one
#: language run on one xdist worker, so each command runs once per language
SHOWN = [pytest.param(language, marks=pytest.mark.xdist_group(f"shown-{language}")) for language in TRANSLATED]
EXAMPLES = sorted(p.stem for p in (ROOT / "examples").glob("*.yaml"))

COMMANDS = [
    ("rule", ["rule", "combat.ties"]),
    ("rule with a disagreement and relations", ["rule", "running-away.must-roll"]),
    ("rule of another game", ["rule", "star-munchkin.laser-weapons"]),
    ("list", ["list", "--topic", "races"]),
    ("conflicts", ["conflicts", "--game", "munchkin"]),
    ("search", ["search", "{query}", "--limit", "3"]),
    ("search corrected", ["search", "{typo}", "--limit", "2"]),
    ("card", ["card", "Elf"]),
    ("card with numbers", ["card", "Plutonium Dragon"]),
    ("card item", ["card", "Horny Helmet"]),
    ("card of a monster family", ["card", "Potted Plant"]),
    ("cards", ["cards", "--type", "race"]),
    ("cards of a game", ["cards", "--game", "star-munchkin"]),
    *((f"judge {name}", ["judge", f"examples/{name}.yaml"]) for name in EXAMPLES),
    ("check", ["check"]),
    ("index", ["index", "--info"]),
    ("i18n stats", ["i18n", "stats"]),
    ("i18n check", ["i18n", "check"]),
    ("i18n extract", ["i18n", "extract"]),
    ("i18n update", ["i18n", "update"]),
    ("i18n compile", ["i18n", "compile"]),
    ("i18n init", ["i18n", "init", "{new}"]),
]
#: for `i18n init`: a language each translated language's run may start
NEW = {"nl": "fr", "hu": "it", "es": "pt", "gu": "pl", "de": "sv"}
#: for `search`: a question in the language, and one with a typo no clause has
QUERY = {"nl": "gelijkspel monster", "hu": "döntetlen szörny", "es": "empate monstruo", "gu": "રાક્ષસ બરાબરી",
         "de": "Gleichstand Monster"}
TYPO = {"nl": "gelijkspl", "hu": "döntetln", "es": "empatte", "gu": "બરાબરિ", "de": "Gleichstnd"}

_KEEP = [
    re.compile(r"“[^”]*”"),                               # a source's own words
    re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b"),            # seed files
    re.compile(r"(?:[\w.-]*/)+[\w.-]*"),                   # paths
    re.compile(r"--[a-z][\w-]*(?:\s+[a-z0-9-]+)?"),        # options and their value
    re.compile(r"`[^`]*`"),                                # a command to type
    re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)*\.[a-z0-9]+(?:-[a-z0-9]+)*\b"),  # clause ids
    re.compile(r"\b(?:en|nl|hu|es|gu|de): [^,;\n]*"),  # a card's name in each language
    re.compile(r"\([^(),:;]*\)"),                        # a term's gloss in brackets: "(Bad Stuff)"
]


def scannable(text: str) -> str:
    for pattern in _KEEP:
        text = pattern.sub(" ", text)
    return text


@lru_cache(maxsize=None)
def catalogs(language: str):
    from babel.messages.pofile import read_po

    out = {}
    for domain in ("referee", "rules"):
        with open(ROOT / "locales" / language / "LC_MESSAGES" / f"{domain}.po", "rb") as handle:
            out[domain] = read_po(handle)
    return out


@lru_cache(maxsize=None)
def own_words(language: str) -> frozenset[str]:
    """Every word of the language's clause texts and messages, lower case."""
    words = set()
    for catalog in catalogs(language).values():
        for message in catalog:
            strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
            for text in strings:
                prose = _NOT_PROSE.sub(" ", text or "")
                words.update(w.lower() for w in re.findall(r"[^\W\d_]+(?:[-'][^\W\d_]+)*", prose))
    return frozenset(words)


#: what in a translation is not the language's own prose: ids, placeholders, code, glosses in
#: brackets (often the English term beside the translated one), quotes of another language
_NOT_PROSE = re.compile(r'\b[a-z0-9-]+\.[a-z0-9-]+\b|\{[^{}]*\}|`[^`]*`|\([^()]*\)|"[^"]*"|“[^”]*”|„[^“”]*[“”]|«[^»]*»')


def _translated(language: str, english) -> str:
    """A message of the words tables (``(context, text)``) or a plain one, in ``language``."""
    context, english = english if isinstance(english, tuple) else (None, english)
    message = catalogs(language)["referee"].get(english, context)
    return message.string if message is not None and message.string else english


@lru_cache(maxsize=None)
def leaks(language: str) -> dict[str, re.Pattern]:
    """The English words that must not show in ``language``: word -> a pattern that finds it."""
    from referee.i18n import words
    from referee.corpus import load_corpus

    pairs = []  # (English word or code, what the language shows for it)
    for key, english in words.FIELD_LABELS.items():
        shown = _translated(language, english)
        pairs += [(key, shown), (key.replace("_", " "), shown), (english[1], shown)]
    for vocabulary in words.VALUES.values():
        for code, english in vocabulary.items():
            shown = _translated(language, english)
            pairs += [(code, shown), (english[1], shown)]
    cards = {m.context[5:]: m.string for m in catalogs(language)["rules"] if m.context and m.context.startswith("card:")}
    for card in load_corpus().cards.values():
        if card.type in ("race", "class"):
            pairs.append((card.id, cards.get(card.id) or card.name))
    found = {}
    for english, shown in pairs:
        word = english.lower()
        if word == shown.lower() or word in own_words(language) or len(word) < 3:
            continue
        if any(part in own_words(language) for part in re.split(r"[\s-]+", word)) and " " in word:
            continue  # a phrase made of the language's own words ("bad stuff" in Dutch)
        found[word] = re.compile(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", re.IGNORECASE)
    return found


def without_given(text: str, situation) -> str:
    """``text`` less the names a situation gave (its players', items', monsters'): those are the
    table's own words, whatever their language. A name may be wrapped over two lines; endings
    joined to it go with it (Gujarati "Chickenને"); clause ids stay whole."""
    for given in sorted(_strings(situation), key=len, reverse=True):
        name = r"\s+".join(re.escape(word) for word in given.split())
        text = re.sub(r"(?<![\w\[])(?<!\w\.)" + name + r"(?![A-Za-z0-9_\]]|\.\w)", "", text)
    return text


def _strings(data) -> set[str]:
    if isinstance(data, dict):
        return set().union(*(_strings(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(_strings(v) for v in data)) if data else set()
    return {data} if isinstance(data, str) and len(data) > 2 else set()


#: the commands that write catalogs: they run in a copy of the repository; the others only read
WRITERS = ("extract", "update", "compile", "init")


def reads(args: list[str]) -> bool:
    return not (args[0] == "i18n" and args[1] in WRITERS)


@pytest.fixture(scope="module")
def projects(tmp_path_factory):
    """``projects(language)``: a copy of the repository for the commands that write catalogs
    (extract, update, compile, init), with the catalogs of that language only: the commands say
    the same sentences for one language as for five, and each runs in a fifth of the time
    (Babel reads, merges and compiles every catalog it finds)."""
    made = {}

    def project(language: str) -> Path:
        if language not in made:
            root = tmp_path_factory.mktemp(f"output-words-{language}") / "repo"
            others = [code for code in TRANSLATED if code != language]
            shutil.copytree(ROOT, root, ignore=lambda folder, names: [
                n for n in names if n in (".venv", ".git", "__pycache__") or n.endswith(".egg-info")
                or (Path(folder) == ROOT / "locales" and n in others)])
            made[language] = root
        return made[language]

    return project


@pytest.mark.parametrize("language", SHOWN)
@pytest.mark.parametrize("name,args", COMMANDS, ids=[name for name, _ in COMMANDS])
def test_no_english_key_or_code_word_in_the_text_output(name, args, language, request, shown, referee):
    args = [a.format(lang=language, new=NEW[language], query=QUERY[language], typo=TYPO[language]) for a in args]
    if reads(args):
        result = shown(*args, "--lang", language)
    else:  # the copy is made only when a command that writes runs
        project = request.getfixturevalue("projects")(language)
        result = referee(*args, "--lang", language, cwd=project, env={"REFEREE_CACHE_DIR": str(project.parent / "cache")})
    assert result.returncode in (0, 1), (args, result.stderr[-2000:])
    assert "Traceback" not in result.stderr
    text = scannable(result.stdout)
    for given in (ROOT / a for a in args if a.endswith((".yaml", ".json"))):
        if given.is_file():  # a situation file's own names are the table's words
            text = without_given(text, yaml.safe_load(given.read_text(encoding="utf-8")))
    found = sorted({word for word, pattern in leaks(language).items() if pattern.search(text)})
    assert not found, f"{' '.join(args)} --lang {language} prints English: {found}\n{result.stdout[:3000]}"
    if not reads(args):
        # the commands that write run only here (in a copy): their sentences are scanned here
        # too, as tests/test_output_english.py scans the others' (Babel's English statistics
        # once came through `i18n compile`)
        from tests.test_output_english import english_in  # lazy: that module imports this one

        english = english_in(result.stdout + "\n" + result.stderr, language)
        assert not english, f"{' '.join(args)} --lang {language} prints English: {english}\n{result.stdout[:3000]}"
