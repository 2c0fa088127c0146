"""Checks on the translation catalogs, reported as problems with file, line and field.

- every message of a shipped clause (and of the CLI) is translated and not fuzzy;
- every number of the English text survives in the translation (digit grouping and the
  decimal mark may follow the language: 1,000 → 1.000 or 1 000, 2.6 → 2,6);
- ``{placeholders}`` are the same set on both sides;
- glossary terms (``locales/glossary.yaml``) are rendered with the language's accepted forms;
- nothing is stale: each template matches a fresh extraction, each catalog matches what
  ``pybabel update`` would make of it, each ``.mo`` matches what ``pybabel compile`` would write;
- the search phrases (``locales/search/<lang>.yaml``) name clauses that exist.
"""

from __future__ import annotations

import copy
import io
import re
from functools import lru_cache
from pathlib import Path

from referee.data import locales_dir
from referee.errors import Problem
from referee.i18n.catalogs import CLI_DOMAIN, RULES_DOMAIN
from referee.i18n.messages import corpus_messages
from referee.i18n.workflow import SOURCES, TRANSLATED, catalog_path

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
def glossary() -> tuple[dict, frozenset]:
    import yaml

    path = locales_dir() / "glossary.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else {}
    return data.get("terms", {}), frozenset(data.get("exact_case", []))


def glossary_misses(language: str, msgid: str, msgstr: str) -> list[str]:
    terms, exact = glossary()
    lowered = msgstr.lower()
    # Placeholders ({levels}) and metavariables (NAME:LEVEL) are not words of the text.
    msgid = re.sub(r"\{[^{}]*\}|\b[A-Z][A-Z_]+\b", " ", msgid)
    misses = []
    for term, forms in terms.items():
        accepted = forms.get(language)
        if not accepted:
            continue
        flags = 0 if term in exact else re.IGNORECASE
        if re.search(r"\b" + re.escape(term) + r"(?:s|es)?\b", msgid, flags):
            if not any(re.search(r"(?<!\w)" + re.escape(form.lower()), lowered) for form in accepted):
                misses.append(term)
    return misses


def _strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def _ids(message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def check_entries(language: str, domain: str, catalog, file: str) -> list[Problem]:
    problems = []
    for message in catalog:
        if not message.id:
            continue
        field = f"{message.context} " if message.context else ""
        field = (field + repr(_ids(message)[0][:40])).strip()
        line = getattr(message, "lineno", None)
        if message.fuzzy:
            problems.append(Problem(file, line, field, "fuzzy: the English changed; translate it again and "
                                                       "remove the fuzzy flag"))
            continue
        strings = _strings(message)
        if not all(strings):
            problems.append(Problem(file, line, field, "untranslated"))
            continue
        english = " ".join(_ids(message))
        for text in strings:
            lost = missing_numbers(english, text)
            if lost:
                problems.append(Problem(file, line, field, f"number(s) {', '.join(lost)} of the English text "
                                                           "missing from the translation"))
            if placeholders(english) != placeholders(text):
                problems.append(Problem(file, line, field, "placeholders differ: expected {"
                                        + "}, {".join(sorted(placeholders(english))) + "}, got {"
                                        + "}, {".join(sorted(placeholders(text))) + "}"))
        for term in glossary_misses(language, english, " ".join(strings)):
            problems.append(Problem(file, line, field, f"glossary term {term!r} not rendered as in "
                                                       "locales/glossary.yaml"))
    return problems


def _display(path: Path) -> str:
    return f"locales/{path.relative_to(locales_dir()).as_posix()}"


def _template(domain: str):
    from babel.messages.pofile import read_po

    path = locales_dir() / f"{domain}.pot"
    with open(path, "rb") as handle:
        return read_po(handle)


def stale_catalog(catalog, template) -> bool:
    """Would ``pybabel update`` change this catalog? (Babel's own ``--check`` comparison.)"""
    from babel.messages.pofile import read_po, write_po

    updated = copy.deepcopy(catalog)
    updated.update(template, no_fuzzy_matching=False, update_header_comment=False, update_creation_date=True)
    buffer = io.BytesIO()
    write_po(buffer, updated)
    buffer.seek(0)
    reread = read_po(buffer)
    reread.revision_date = catalog.revision_date
    return not reread.is_identical(catalog)


def stale_mo(catalog, mo_path: Path) -> bool:
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return not mo_path.exists() or mo_path.read_bytes() != buffer.getvalue()


def stale_rules_template(corpus_root: Path) -> bool:
    """Does locales/rules.pot miss or keep texts the corpus no longer has?"""
    template = _template(RULES_DOMAIN)
    have = {(m.context, m.id) for m in template if m.id}
    fresh = {(m.context, m.msgid) for m in corpus_messages(corpus_root)}
    return have != fresh


def check_catalogs(corpus) -> list[Problem]:
    """Every problem of the shipped catalogs, for ``referee check`` and ``referee i18n check``."""
    from babel.messages.pofile import read_po

    problems: list[Problem] = []
    if stale_rules_template(corpus.root):
        problems.append(Problem("locales/rules.pot", None, "", "stale: the corpus texts changed; run "
                                                               "`referee i18n extract` and `referee i18n update`"))
    templates = {domain: _template(domain) for domain in SOURCES}
    for language in TRANSLATED:
        for domain in (RULES_DOMAIN, CLI_DOMAIN):
            path = catalog_path(language, domain)
            name = _display(path)
            if not path.exists():
                problems.append(Problem(name, None, "", "missing catalog (run `referee i18n update`)"))
                continue
            with open(path, "rb") as handle:
                catalog = read_po(handle, locale=language, domain=domain)
            problems += check_entries(language, domain, catalog, name)
            if stale_catalog(catalog, templates[domain]):
                problems.append(Problem(name, None, "", "stale: `pybabel update` would change it; run "
                                                        "`referee i18n update`"))
            if stale_mo(catalog, path.with_suffix(".mo")):
                problems.append(Problem(name, None, "", "the compiled .mo is missing or older than the "
                                                        ".po; run `referee i18n compile`"))
    from referee.search.phrases import check_search_phrases

    return problems + check_search_phrases(corpus)
