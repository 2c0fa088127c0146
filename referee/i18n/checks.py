"""Checks on the translation catalogs, reported as problems with file, line and field.

- ``locales/languages.yaml`` describes every language that has catalogs;
- a ``complete`` language has every message translated and none fuzzy; an ``in-progress`` one
  may have gaps (they show in English, marked), and is held only to the checks below;
- every number of the English text survives in the translation (digit grouping and the
  decimal mark may follow the language: 1,000 → 1.000 or 1 000, 2.6 → 2,6); a card's name is
  a name, not a quantity ("1/3-Breed" is "Super-Halb-Blut");
- ``{placeholders}`` are the same set on both sides (each plural form against its English form);
- glossary terms (``locales/glossary.yaml``) are rendered with the language's accepted forms;
- a card a rule text names is named as that language's card catalog names it, and no rule
  text or message names a card by a name the catalog has since replaced
  (``locales/former_card_names.yaml``; :mod:`referee.i18n.cardnames`);
- every catalog parses, and nothing is stale: each template holds the corpus's texts, each
  catalog holds what ``pybabel update`` would make of it and each ``.mo`` what ``pybabel
  compile`` would. These compare content — msgctxt, msgid, msgstr and flags — never wrapping,
  comments or reference lines, so a catalog saved by polib, msgcat or a PO editor passes;
- the search phrases (``locales/search/<lang>.yaml``, optional) name clauses that exist.
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache
from pathlib import Path

from referee.data import locales_dir
from referee.records import Record
from referee.yamlload import load_plain
from referee.errors import Problem
from referee.i18n.cardnames import catalog_names, check_card_names, check_former_names, former_names_path
from referee.kept import code_stamps, files_under, kept_problems, stamps
from referee.i18n.languages import SOURCE, catalog_codes, languages, read_descriptions, translated
from referee.i18n.phrases import check_search_phrases
from referee.message import Message
from referee.i18n.catalogs import CLI_DOMAIN, RULES_DOMAIN
from referee.i18n.messages import corpus_messages
from referee.i18n.workflow import SOURCES, catalog_path, state

_NUMBER = re.compile(r"\d+(?:[.,\u00a0\u202f ]\d+)*")
_PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^{}]*)?\}(?!\})")


def numbers(text: str) -> list[str]:
    """The numbers of a text, normalised: grouping separators dropped, decimal mark as '.'."""
    out = []
    for raw in _NUMBER.findall(text):
        parts = re.split(r"[.,\u00a0\u202f ]", raw)
        if len(parts) > 1 and all(len(p) == 3 for p in parts[1:]):
            out.append("".join(parts))           # 1,000 / 1.000 / 1 000 / 12,34,567 is handled below
        elif len(parts) == 2:
            out.append(f"{parts[0]}.{parts[1]}")  # 2.6 / 2,6
        else:
            out.append("".join(parts))
    return out


def _indian_grouping(text: str) -> str:
    """Babel formats Gujarati with Indian grouping (12,34,567): fold it before comparing."""
    return re.sub(r"(?<=\d),(?=\d{2},\d{3}\b|\d{2},\d{2},\d{3}\b)", "", text)


def missing_numbers(msgid: str, msgstr: str) -> list[str]:
    have = numbers(_indian_grouping(msgstr))
    missing = []
    for number in numbers(msgid):
        if number in have:
            have.remove(number)
        else:
            missing.append(number)
    return missing


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


@lru_cache(maxsize=None)
def _glossary(path: Path) -> tuple[dict, frozenset]:
    data = load_plain(path.read_text(encoding="utf-8")) if path.exists() else {}
    return data.get("terms", {}), frozenset(data.get("exact_case", []))


def glossary() -> tuple[dict, frozenset]:
    return _glossary(locales_dir() / "glossary.yaml")


#: what in a message is not prose: ``{placeholders}`` and `code` (a command, an id)
_NOT_PROSE = re.compile(r"\{[^{}]*\}|`[^`]*`")


#: the characters besides ASCII letters that IGNORECASE matches to an ASCII letter (İ ı ſ K):
#: a text holding one is searched without the substring test, which would miss it
_FOLDS_TO_ASCII = frozenset("\u0130\u0131\u017f\u212a")


class _Term(Record):
    """One glossary term, compiled once: ``glossary_misses`` asks every term of every message."""

    name: str
    english: re.Pattern
    #: a substring every text the term's pattern matches holds (lowercased unless exact case), or ""
    needle: str
    exact: bool
    #: language -> the accepted forms, lowercased, each with its compiled start-of-word search
    forms: dict


@lru_cache(maxsize=None)
def _terms(path: Path) -> tuple[_Term, ...]:
    terms, exact = _glossary(path)
    out = []
    for term, forms in terms.items():
        flags = 0 if term in exact else re.IGNORECASE
        # `match`: where the English word is also another word ("die", the verb), the uses that are the term
        custom = forms.get("match")
        english = re.compile(custom or r"\b" + re.escape(term) + r"(?:s|es)?\b", flags)
        needle = "" if custom or not term.isascii() else (term if term in exact else term.lower())
        accepted = {language: tuple((form.lower(), re.compile(r"(?<!\w)" + re.escape(form.lower())))
                                    for form in values)
                    for language, values in forms.items() if language != "match" and values}
        out.append(_Term(term, english, needle, term in exact, accepted))
    return tuple(out)


def glossary_misses(language: str, msgid: str, msgstr: str) -> list[str]:
    """The glossary terms the English ``msgid`` uses that ``msgstr`` does not render."""
    return _misses(_terms_of(locales_dir() / "glossary.yaml", language), msgid, msgstr)


@lru_cache(maxsize=None)
def _terms_of(path: Path, language: str) -> tuple[tuple[_Term, tuple], ...]:
    """The terms that have forms in ``language``, each with those forms."""
    return tuple((term, term.forms[language]) for term in _terms(path) if term.forms.get(language))


def _misses(terms: tuple[tuple[_Term, tuple], ...], msgid: str, msgstr: str) -> list[str]:
    msgid = _NOT_PROSE.sub(" ", msgid)
    lowered = msgstr.lower()
    # Placeholders ({levels}), metavariables (NAME:LEVEL) and a query's example (?name=Loaded Die)
    # are not words of the text.
    msgid = re.sub(r"\{[^{}]*\}|\b[A-Z][A-Z_]+\b|\(\?[^()]*\)", " ", msgid)
    # A term's pattern can match only where its word is: a substring test (far cheaper than the
    # search) rules most terms out first.
    plain = None if _FOLDS_TO_ASCII.intersection(msgid) else msgid.lower()
    misses = []
    for term, accepted in terms:
        if term.needle and plain is not None and term.needle not in (msgid if term.exact else plain):
            continue
        if term.english.search(msgid):
            if not any(form in lowered and search.search(lowered) for form, search in accepted):
                misses.append(term.name)
    return misses


def _strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def _ids(message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def _english_of_form(message, index: int) -> str:
    """The English a plural form translates: the singular for form 0, the plural for the others."""
    ids = _ids(message)
    return ids[0] if index == 0 or len(ids) == 1 else ids[1]


def check_entries(language: str, domain: str, catalog, file: str, complete: bool = True) -> list[Problem]:
    """Each message's problems; gaps (untranslated, fuzzy) count only in a ``complete`` language."""
    problems = []
    terms = _terms_of(locales_dir() / "glossary.yaml", language)
    for message in catalog:
        if not message.id:
            continue
        field = f"{message.context} " if message.context else ""
        field = (field + repr(_ids(message)[0][:40])).strip()
        line = getattr(message, "lineno", None)
        kind = state(message)
        if kind == "fuzzy":
            if complete:
                problems.append(Problem(file, line, field, M("fuzzy: the English changed; translate it again and "
                                                             "remove the fuzzy flag")))
            continue
        if kind == "untranslated":
            if complete:
                problems.append(Problem(file, line, field, M("untranslated")))
            continue
        strings = _strings(message)
        for index, text in enumerate(strings):
            english = _english_of_form(message, index)
            # a card's name is a name: "1/3-Breed" is "Super-Halb-Blut" in German, no quantity lost
            lost = [] if (message.context or "").startswith("card:") else missing_numbers(english, text)
            if lost:
                problems.append(Problem(file, line, field, M("number(s) {numbers} of the English text missing "
                                                             "from the translation", numbers=", ".join(lost))))
            if placeholders(english) != placeholders(text) and not _spelled_count(message, index, english, text):
                problems.append(Problem(file, line, field, M(
                    "placeholders differ: expected {expected}, got {got}",
                    expected=", ".join("{" + p + "}" for p in sorted(placeholders(english))),
                    got=", ".join("{" + p + "}" for p in sorted(placeholders(text))))))
        for term in _misses(terms, " ".join(_ids(message)), " ".join(strings)):
            problems.append(Problem(file, line, field, M("glossary term {term} not rendered as in "
                                                         "locales/glossary.yaml", term=repr(term))))
    return problems


def _spelled_count(message, index: int, english: str, text: str) -> bool:
    """A plural form for exactly one may say "one" instead of ``{count}`` ("a card", "egy lap"),
    as gettext allows; every other placeholder must still be there."""
    if not isinstance(message.id, (list, tuple)) or index != 0:
        return False
    return placeholders(text) <= placeholders(english) and len(placeholders(english) - placeholders(text)) == 1


def _display(path: Path) -> str:
    try:
        return f"locales/{path.relative_to(locales_dir()).as_posix()}"
    except ValueError:
        return str(path)


def _template(domain: str):
    # lazy: babel.messages.pofile 102 ms to import, paid only by the calls that need it
    from babel.messages.pofile import read_po

    path = locales_dir() / f"{domain}.pot"
    with open(path, "rb") as handle:
        return read_po(handle)


def content(catalog) -> dict:
    """What a catalog says, without how it is laid out: (msgctxt, msgid) -> (msgstr, flags)."""
    out = {}
    for message in catalog:
        if not message.id:
            continue
        key = (message.context, tuple(_ids(message)))
        out[key] = (tuple(_strings(message)), frozenset(message.flags))
    return out


def stale_catalog(catalog, template) -> bool:
    """Would ``pybabel update`` change what this catalog says? (Content only: see the module.)"""
    updated = _updated_content(catalog, template)
    if updated is None:  # some template text is new to the catalog: let Babel match it
        updated = copy.deepcopy(catalog)
        updated.update(template, no_fuzzy_matching=False, update_header_comment=False, update_creation_date=False)
        updated = content(updated)
    return updated != content(catalog)


def _updated_content(catalog, template) -> dict | None:
    """What :meth:`babel.messages.catalog.Catalog.update` would make the catalog say, where
    every message of the template is already in it (then Babel merges each by its key and
    matches nothing fuzzily); ``None`` otherwise. A copy of the whole catalog for each update
    cost a check more than all its other work on the catalog."""
    out = {}
    for message in template:
        if not message.id:
            continue
        old = catalog.get(message.id, message.context)
        if old is None:
            return None
        # Babel's merge: the template's message with the catalog's strings and both flags, fuzzy
        # where the plural forms no longer fit
        strings, flags, fuzzy = old.string, set(message.flags) | old.flags, False
        if isinstance(message.id, (list, tuple)):
            if not isinstance(strings, (list, tuple)):
                fuzzy, strings = True, (strings, *[""] * (len(message.id) - 1))
            elif len(strings) != catalog.num_plurals:
                fuzzy = True
        elif isinstance(strings, (list, tuple)):
            fuzzy, strings = True, strings[0]
        if fuzzy:
            flags.add("fuzzy")
        out[(message.context, tuple(_ids(message)))] = (tuple(strings) if isinstance(strings, (list, tuple))
                                                        else (strings,), frozenset(flags))
    return out


def compiled_content(catalog) -> dict:
    """What a .mo compiled from the catalog must say: every translated, non-fuzzy message."""
    return {(m.context, tuple(_ids(m))): tuple(_strings(m)) for m in catalog
            if m.id and state(m) == "translated"}


def _english_fill(ids: tuple, strings: tuple) -> bool:
    """Babel compiles an untranslated plural message as its English forms (msgfmt leaves it
    out): such an entry says nothing the catalog does not."""
    return all(text == ids[min(index, len(ids) - 1)] for index, text in enumerate(strings))


def stale_mo(catalog, mo_path: Path) -> bool:
    """Does the .mo say other than the catalog, or have other plural forms? (Any compiler's
    .mo passes: Babel's and msgfmt's differ in bytes, not in content.)"""
    # lazy: babel.messages.mofile 55 ms to import, paid only by the calls that need it
    from babel.messages.mofile import read_mo

    try:
        with open(mo_path, "rb") as handle:
            compiled = read_mo(handle)
    except Exception:  # missing, truncated, not a .mo: Babel raises whatever struct or its parser hits
        return True
    wanted = compiled_content(catalog)
    have = {(m.context, tuple(_ids(m))): tuple(_strings(m)) for m in compiled if m.id}
    have = {key: strings for key, strings in have.items()
            if key in wanted or not (len(key[1]) > 1 and _english_fill(key[1], strings))}
    return have != wanted or compiled.num_plurals != catalog.num_plurals


def stale_rules_template(corpus_root: Path, template=None) -> bool:
    """Does locales/rules.pot (``template``, when already read) miss or keep texts the corpus no
    longer has?"""
    template = _template(RULES_DOMAIN) if template is None else template
    have = {(m.context, m.id) for m in template if m.id}
    fresh = {(m.context, m.msgid) for m in corpus_messages(corpus_root)}
    return have != fresh


def read_catalog_checked(path: Path, language: str, domain: str, problems: list[Problem]):
    """The catalog at ``path``, or ``None`` with a problem naming the line that does not parse."""
    # lazy: babel.messages.pofile 102 ms to import, paid only by the calls that need it
    from babel.messages.pofile import PoFileError, read_po

    try:
        with open(path, "rb") as handle:
            return read_po(handle, locale=language, domain=domain, abort_invalid=True)
    except PoFileError as error:
        found = re.search(r"line (\d+)", str(error))
        problems.append(Problem(_display(path), int(found.group(1)) if found else None, "",
                                M("not a valid PO file: {error}", error=str(error))))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        problems.append(Problem(_display(path), None, "", M("cannot be read: {error}", error=str(error))))
    return None


def M(template: str, **values) -> Message:
    """A problem's description, translated when it is shown (``referee i18n check --lang nl``)."""
    return Message.of(template, **values) if values else Message(template)


def check_languages() -> list[Problem]:
    """languages.yaml itself, and catalog directories it does not describe."""
    root = locales_dir()
    described, problems = read_descriptions(root)
    for code in catalog_codes(root):
        if code != SOURCE and code not in described:
            problems.append(Problem("locales/languages.yaml", None, f"languages.{code}",
                                    f"locales/{code}/ has catalogs but no entry here; add "
                                    f"`{code}: {{name: …, status: in-progress, search: words}}`"))
    return problems


def check_catalogs(corpus) -> list[Problem]:
    """Every problem of the catalogs, for ``referee check`` and ``referee i18n check``.

    What each part finds is kept in the user cache by the stamps of the files it reads
    (:mod:`referee.kept`): a run after an edit of one language checks that language again."""
    problems: list[Problem] = check_languages()
    root = locales_dir()
    # what every part may read besides a language's own catalogs
    shared = [*stamps([*(root / f"{domain}.pot" for domain in SOURCES), root / "glossary.yaml",
                       former_names_path(), root / "languages.yaml",
                       *files_under(Path(corpus.root))]),
              *code_stamps()]
    templates: dict = {}

    def template(domain: str):
        if domain not in templates:
            templates[domain] = _template(domain)
        return templates[domain]

    def rules_template() -> list[Problem]:
        if stale_rules_template(corpus.root, template(RULES_DOMAIN)):
            return [Problem("locales/rules.pot", None, "", M(
                "stale: the corpus texts changed; run `referee i18n extract` and `referee i18n update`"))]
        return []

    problems += kept_problems("catalog-check-template", str(root), shared, rules_template)
    known = languages()
    for language in translated():
        complete = known[language].complete
        own = stamps(catalog_path(language, domain).with_suffix(suffix)
                     for domain in (RULES_DOMAIN, CLI_DOMAIN) for suffix in (".po", ".mo"))
        problems += kept_problems(f"catalog-check-{language}", str(root), (language, complete, own, shared),
                                  lambda: _check_language(corpus, language, complete, template))
    return problems + check_search_phrases(corpus)


def _check_language(corpus, language: str, complete: bool, template) -> list[Problem]:
    """Every problem of one language's catalogs (``template(domain)``: the template read once)."""
    problems: list[Problem] = []
    catalogs = {}
    for domain in (RULES_DOMAIN, CLI_DOMAIN):
        path = catalog_path(language, domain)
        name = _display(path)
        if not path.exists():
            problems.append(Problem(name, None, "", M("missing catalog (run `referee i18n update`)")))
            continue
        catalog = read_catalog_checked(path, language, domain, problems)
        if catalog is None:
            continue
        catalogs[domain] = catalog
        problems += check_entries(language, domain, catalog, name, complete=complete)
        if stale_catalog(catalog, template(domain)):
            problems.append(Problem(name, None, "", M("stale: `pybabel update` would change it; run "
                                                      "`referee i18n update`")))
        if stale_mo(catalog, path.with_suffix(".mo")):
            problems.append(Problem(name, None, "", M("the compiled .mo is missing or does not match the "
                                                      ".po; run `referee i18n compile`")))
    if RULES_DOMAIN in catalogs:
        problems += check_card_names(corpus, language, catalogs[RULES_DOMAIN],
                                     _display(catalog_path(language, RULES_DOMAIN)))
    # a card renamed in a language is named so in its rule texts and messages alike
    names = catalog_names(catalogs[RULES_DOMAIN]) if RULES_DOMAIN in catalogs else {}
    for domain, catalog in catalogs.items():
        problems += check_former_names(corpus, language, catalog, _display(catalog_path(language, domain)), names)
    return problems
