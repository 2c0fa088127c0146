"""``referee i18n …``: the localizer's workflow (extract, update, compile, stats, check)."""

from __future__ import annotations

from typing import Optional

import typer

from referee.cli import options, render
from referee.cli.help import Command, Group
from referee.i18n.catalogs import _


def _validate(lang: Optional[str]) -> None:
    from referee.i18n import choose_language

    choose_language(lang)  # messages already speak it; this refuses an unknown code


def _validate_group(lang: Optional[str] = options.lang()) -> None:
    _validate(lang)


def extract(lang: Optional[str] = options.lang()) -> None:
    _validate(lang)
    from referee.i18n.workflow import extract as run

    changed = run()
    render.emit([_("templates rewritten: {domains}").format(domains=", ".join(changed)) if changed
                 else _("templates already up to date")])


def update(lang: Optional[str] = options.lang()) -> None:
    _validate(lang)
    from referee.i18n.workflow import update as run

    run()
    render.emit([_("catalogs updated; changed English texts are now fuzzy")])


def compile_(lang: Optional[str] = options.lang()) -> None:
    _validate(lang)
    from referee.i18n.workflow import compile_catalogs

    render.emit(compile_catalogs().strip().splitlines())


def stats(lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> None:
    _validate(lang)
    from referee.corpus import load_corpus
    from referee.i18n.workflow import stats as measure

    report = measure(load_corpus())
    if as_json:
        render.emit_json({"languages": [
            {"lang": s.language, "overall": s.overall.as_dict(),
             "domains": {d: c.as_dict() for d, c in s.domains.items()},
             "by_seed": {seed: c.as_dict() for seed, c in sorted(s.by_seed.items())}} for s in report]})
        return
    lines = [_("{lang}: {translated}/{total} translated ({share:.1%}), {fuzzy} fuzzy, {untranslated} "
               "untranslated, {obsolete} obsolete").format(lang=s.language, **s.overall.as_dict())
             for s in report]
    for s in report:
        lines += ["", _("{lang} by source:").format(lang=s.language)]
        for domain, counts in s.domains.items():
            lines.append("  " + _("domain {domain}: {translated}/{total}, {fuzzy} fuzzy").format(
                domain=domain, **counts.as_dict()))
        for seed, counts in sorted(s.by_seed.items()):
            lines.append("  " + _("{seed}: {translated}/{total}, {fuzzy} fuzzy").format(seed=seed,
                                                                                      **counts.as_dict()))
    render.emit(lines)


def check(lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> None:
    _validate(lang)
    from referee.corpus import load_corpus
    from referee.i18n.checks import check_catalogs

    problems = check_catalogs(load_corpus())
    if as_json:
        render.emit_json({"ok": not problems, "problems": [
            {"file": p.file, "line": p.line, "field": p.field, "message": p.message} for p in problems]})
    else:
        render.emit([str(p) for p in problems] + [_("catalogs: {count} problem(s)").format(count=len(problems))])
    if problems:
        raise typer.Exit(2)


def register(app: typer.Typer) -> None:
    group = typer.Typer(cls=Group, help=_("The localizer's workflow: extract, update, compile, stats, check."),
                        no_args_is_help=True)
    group.callback()(_validate_group)
    group.command("extract", cls=Command, help=_("Extract the rule texts and CLI messages into the templates "
                                                 "(locales/*.pot)."))(extract)
    group.command("update", cls=Command, help=_("Merge the templates into every language's catalog; changed "
                                                "texts become fuzzy."))(update)
    group.command("compile", cls=Command, help=_("Compile the catalogs into the .mo files that run."))(compile_)
    group.command("stats", cls=Command, help=_("Translated, fuzzy, untranslated and obsolete counts per "
                                               "language, overall and per source."))(stats)
    group.command("check", cls=Command, help=_("Fail on untranslated or fuzzy entries, lost numbers, broken "
                                               "placeholders, glossary drift and stale catalogs."))(check)
    app.add_typer(group, name="i18n")
