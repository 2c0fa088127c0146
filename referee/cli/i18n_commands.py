"""``referee i18n …``: the localizer's workflow (init, extract, update, compile, stats, check).

Every step acts on the catalogs of the working copy when run in a checkout (``--locales DIR``
names others) and says which catalogs it read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from referee.cli import options, render
from referee.cli.help import Command, Group
from referee.data import locales_origin, use_locales
from referee.errors import BadInput
from referee.i18n import choose_language
from referee.i18n.catalogs import _, current_language, ngettext


def locales_option():
    return typer.Option(None, "--locales", metavar="DIR", file_okay=False,
                        help=_("Work on the catalogs in this directory (default: the working copy's locales/ "
                               "in a checkout, else the installed ones)."))


def _prepare(lang: Optional[str], locales: Optional[Path]) -> None:
    """Refuse an unknown ``--lang`` and read the catalogs ``--locales`` names, if it does."""
    if locales is not None:
        if not (locales / "rules.pot").is_file() and not (locales / "languages.yaml").is_file():
            raise BadInput("--locales {path}: not a catalogs directory (expected rules.pot, languages.yaml and "
                           "<lang>/LC_MESSAGES/ in it)", path=str(locales))
        use_locales(locales)
    choose_language(lang)  # messages already speak it; this refuses an unknown code


def _validate_group(lang: Optional[str] = options.lang()) -> None:
    choose_language(lang)


def reading() -> str:
    """The line that says which catalogs a command read."""
    origin = locales_origin()
    why = {"working copy": _("the working copy"), "installed copy": _("the installed copy"),
           "--locales": "--locales", "REFEREE_LOCALES": "REFEREE_LOCALES"}.get(origin.why, origin.why)
    return _("catalogs: {path} ({origin})").format(path=origin.path, origin=why)


def _origin_json() -> dict:
    origin = locales_origin()
    return {"locales": str(origin.path), "origin": origin.why}


def init(code: str = typer.Argument(..., metavar="LANG"), locales: Optional[Path] = locales_option(),
         lang: Optional[str] = options.lang()) -> None:
    _prepare(lang, locales)
    from referee.i18n.workflow import init as start  # lazy: +10.9 ms at start-up if imported with the module

    made = start(code)
    render.emit([reading()] + [_("created {path}").format(path=path) for path in made] + [
        _("{lang} is in progress: untranslated texts show in English, marked [en]. Translate entries in the "
          ".po files, then `referee i18n compile`, `referee rule combat.ties --lang {lang}` to see them, and "
          "`referee i18n check`.").format(lang=code)])


def extract(locales: Optional[Path] = locales_option(), lang: Optional[str] = options.lang()) -> None:
    _prepare(lang, locales)
    from referee.i18n.workflow import extract as run  # lazy: +10.9 ms at start-up if imported with the module

    changed = run()
    render.emit([reading(), _("templates rewritten: {domains}").format(domains=", ".join(changed)) if changed
                 else _("templates already up to date")])


def update(locales: Optional[Path] = locales_option(), lang: Optional[str] = options.lang()) -> None:
    _prepare(lang, locales)
    from referee.i18n.workflow import update as run  # lazy: +10.9 ms at start-up if imported with the module

    run()
    render.emit([reading(), _("catalogs updated; changed English texts are now fuzzy")])


def compile_(locales: Optional[Path] = locales_option(), lang: Optional[str] = options.lang()) -> None:
    _prepare(lang, locales)
    from referee.i18n.formatting import format_number  # lazy: +0.3 ms at start-up if imported with the module
    from referee.i18n.workflow import compile_catalogs  # lazy: +10.9 ms at start-up if imported with the module

    render.emit([reading()] + [_("{path}: {done} of {count} messages translated, compiled").format(
        path=path, done=format_number(done, current_language()), count=format_number(count, current_language()))
        for path, done, count in compile_catalogs()])


def stats(locales: Optional[Path] = locales_option(), lang: Optional[str] = options.lang(),
          as_json: bool = options.json_flag()) -> None:
    _prepare(lang, locales)
    from referee.corpus import load_corpus  # lazy: +0.1 ms at start-up if imported with the module
    from referee.i18n.formatting import format_number, format_percent  # lazy: +0.3 ms at start-up if imported with the module
    from referee.i18n.workflow import floor_share  # lazy: +10.9 ms at start-up if imported with the module
    from referee.i18n.workflow import stats as measure  # lazy: +10.9 ms at start-up if imported with the module

    report = measure(load_corpus())
    if as_json:
        render.emit_json({**_origin_json(), "languages": [
            {"lang": s.language, "status": s.status, "overall": s.overall.as_dict(),
             "domains": {d: c.as_dict() for d, c in s.domains.items()},
             "by_seed": {seed: c.as_dict() for seed, c in sorted(s.by_seed.items())}} for s in report]})
        return
    speak = current_language()

    def counts(c) -> dict:
        return {"translated": format_number(c.translated, speak), "total": format_number(c.total, speak),
                "fuzzy": format_number(c.fuzzy, speak), "untranslated": format_number(c.untranslated, speak),
                "obsolete": format_number(c.obsolete, speak), "share": format_percent(floor_share(c), speak)}

    status = {"complete": _("complete"), "in-progress": _("in progress")}
    lines = [reading(), ""]
    lines += [_("{lang} ({status}): {translated}/{total} translated ({share}), {fuzzy} fuzzy, {untranslated} "
                "untranslated, {obsolete} obsolete").format(lang=s.language, status=status.get(s.status, s.status),
                                                            **counts(s.overall)) for s in report]
    # the buckets of messages that no source seed states
    unseeded = {"published-card": _("published card texts"), "topics": _("topic titles, tags and card names")}
    for s in report:
        lines += ["", _("{lang} by source:").format(lang=s.language)]
        for domain, c in s.domains.items():
            lines.append("  " + _("domain {domain}: {translated}/{total}, {fuzzy} fuzzy").format(domain=f"{domain}.po",
                                                                                                 **counts(c)))
        for seed, c in sorted(s.by_seed.items()):
            lines.append("  " + _("{seed}: {translated}/{total}, {fuzzy} fuzzy").format(seed=unseeded.get(seed, seed),
                                                                                       **counts(c)))
    render.emit(lines)


def check(locales: Optional[Path] = locales_option(), lang: Optional[str] = options.lang(),
          as_json: bool = options.json_flag()) -> None:
    _prepare(lang, locales)
    from referee.corpus import load_corpus  # lazy: +0.1 ms at start-up if imported with the module
    from referee.i18n.checks import check_catalogs  # lazy: +10.9 ms at start-up if imported with the module

    problems = check_catalogs(load_corpus())
    if as_json:
        render.emit_json({**_origin_json(), "ok": not problems, "problems": [
            {"file": p.file, "line": p.line, "field": p.field, "message": _english(p.message)} for p in problems]})
    else:
        render.emit([reading()] + [p.render(_) for p in problems]
                    + [ngettext("catalogs: {count} problem", "catalogs: {count} problems", len(problems))
                       .format(count=len(problems))])
    if problems:
        raise typer.Exit(2)


def register(app: typer.Typer) -> None:
    group = typer.Typer(cls=Group, help=_("The localizer's workflow: init, extract, update, compile, stats, check."),
                        no_args_is_help=True)
    group.callback()(_validate_group)
    group.command("init", cls=Command, help=_("Start a new language: its catalogs from the templates and its entry "
                                              "in locales/languages.yaml (in progress)."))(init)
    group.command("extract", cls=Command, help=_("Extract the rule texts and CLI messages into the templates "
                                                 "(locales/*.pot)."))(extract)
    group.command("update", cls=Command, help=_("Merge the templates into every language's catalog; changed "
                                                "texts become fuzzy."))(update)
    group.command("compile", cls=Command, help=_("Compile the catalogs into the .mo files that run."))(compile_)
    group.command("stats", cls=Command, help=_("Translated, fuzzy, untranslated and obsolete counts per "
                                               "language, overall and per source."))(stats)
    group.command("check", cls=Command, help=_("Fail on gaps in a complete language, lost numbers, broken "
                                               "placeholders, glossary drift, card names and stale catalogs."))(check)
    app.add_typer(group, name="i18n")


def _english(message) -> str:
    """A problem's description as JSON gives it: the English text."""
    return message.render() if hasattr(message, "render") else str(message)
