"""One registry of the questions (:mod:`referee.registry`): every face lists exactly its
questions, and no module keeps a list of them of its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee import registry

ROOT = Path(__file__).resolve().parent.parent / "referee"
VERBS, KINDS = set(registry.VERBS), set(registry.KINDS)


def _collections(tree):
    """Every literal tuple, list, set and dict (its keys) of a module, with its string elements."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            elements = node.elts
        elif isinstance(node, ast.Dict):
            elements = [key for key in node.keys if key is not None]
        else:
            continue
        yield node, [e.value for e in elements if isinstance(e, ast.Constant) and isinstance(e.value, str)]


def hand_lists(source: str) -> list[tuple[int, list[str]]]:
    """The literal collections of ``source`` that list questions: three or more verbs or kinds,
    making at least half of its words (a table of words that holds "death" among a hundred
    others is no list of questions)."""
    found = []
    for node, strings in _collections(ast.parse(source)):
        for names in (VERBS, KINDS):
            hits = sorted({s for s in strings if s in names})
            if len(hits) >= 3 and 2 * len(hits) >= len(strings):
                found.append((node.lineno, hits))
                break
    return found


def test_no_module_lists_the_questions_apart_from_the_registry():
    offenders = [f"{path.relative_to(ROOT.parent)}:{line}: {hits}"
                 for path in sorted(ROOT.rglob("*.py")) if path.name != "registry.py"
                 for line, hits in hand_lists(path.read_text(encoding="utf-8"))]
    assert not offenders, "questions listed by hand; derive them from referee.registry:\n" + "\n".join(offenders)


@pytest.mark.parametrize("source", [
    'JUDGES = {"combat": "a", "run-away": "b", "sell": "c"}',
    'NEEDS = ("sell", "level", "action", "equipment")',
    'COMMANDS = ["fight", "flee", "can"]',
    'if name in ("gear", "charity", "death"): pass',
])
def test_the_scan_finds_a_hand_list(source):
    assert hand_lists(source)


def test_the_scan_leaves_other_words_alone():
    assert not hand_lists('PHASES = ("before-door", "kick-door", "combat", "running-away", "loot", "charity")')
    assert not hand_lists('if kind in ("combat", "run-away"): pass')


def test_each_row_is_whole():
    from referee.engine import judge_for
    from referee import questions

    assert len(VERBS) == len(KINDS) == len(registry.QUESTIONS)
    for question in registry.QUESTIONS:
        assert callable(judge_for(question.kind)), question.verb
        assert callable(getattr(questions, question.build)), question.build
        assert question.help and question.title, question.verb
        names = [p.name for p in registry.parameters(question)]
        assert len(names) == len(set(names)), question.verb
        for parameter in registry.parameters(question):
            from referee.web.bodies import KINDS as BODY_KINDS

            assert parameter.kind in BODY_KINDS, (question.verb, parameter.name)


def test_the_engine_and_the_reader_know_exactly_the_registrys_kinds():
    from referee import engine, model, situation
    from referee.i18n import words

    assert set(engine.JUDGES) == KINDS
    assert set(model.QUESTION_KINDS) == KINDS
    assert set(situation.NEEDS_PLAYER) == {q.kind for q in registry.QUESTIONS if q.needs_player}
    assert set(words.VALUES["question"]) == KINDS


def test_one_line_questions_and_the_web_take_exactly_the_registrys_parameters():
    from referee import questions
    from referee.web import api

    assert set(questions.PARAMETERS) == VERBS
    for question in registry.QUESTIONS:
        declared = {p.name for p in registry.parameters(question)}
        assert set(questions.PARAMETERS[question.verb]) | set(questions.COMMON) == declared
        assert declared <= set(api.ASK_FIELDS)
        assert all(api.ASK_FIELDS[p.name] == p.kind for p in registry.parameters(question))


def test_ask_names_exactly_the_registrys_commands():
    from referee.ask import build

    assert build.COMMAND == {q.kind: q.verb for q in registry.QUESTIONS}
    assert set(build.BUILDERS) == KINDS


def test_the_command_line_has_exactly_one_command_per_question_with_the_rows_parameters():
    import typer.main

    from referee.cli import COMMAND_MODULES, build_app, direct, question_commands
    from referee.cli.params import declared
    from referee.cli.play import Session, _takes_table

    app = typer.main.get_command(build_app())
    made = {name for name, module in COMMAND_MODULES.items() if module == "question_commands"}
    assert made == VERBS == set(question_commands.COMMANDS)
    assert {n for n, (module, _) in direct.COMMANDS.items() if module.endswith("question_commands")} == VERBS
    session = Session(app, "en", None, run=None)
    assert VERBS <= set(session.candidates("", ""))  # play's Tab completion
    for question in registry.QUESTIONS:
        command = app.commands[question.verb]
        assert _takes_table(command), question.verb  # play gives it the session's table
        options = {opt for param in command.params
                   for opt in (*getattr(param, "opts", ()), *getattr(param, "secondary_opts", ()))}
        for parameter in registry.parameters(question):
            if parameter.cli and parameter.flag and parameter.name not in question.without:
                assert set(parameter.flag.split("/")) <= options, (question.verb, parameter.flag)
        own = {name for name, _, _ in declared(direct.command(question.verb))}
        assert {p.python_name for p in registry.parameters(question)
                if p.cli and p.name not in question.without} <= own


def test_the_web_answers_every_question_and_no_other(tmp_path):
    """``POST /api/ask/{verb}`` knows every verb of the registry (a bad body is its 400, not a 404)."""
    from starlette.testclient import TestClient

    from referee.web.app import create_app

    client = TestClient(create_app(tmp_path / "table.sqlite3"), base_url="http://127.0.0.1")
    for verb in VERBS:
        answer = client.post(f"/api/ask/{verb}", json={"no such field": 1})
        assert answer.status_code == 400 and "no such field" in answer.text, (verb, answer.text)
    assert client.post("/api/ask/nope", json={}).status_code in (400, 404)


def test_the_reader_refuses_a_question_without_a_field_its_row_requires():
    """Each required parameter of a row that is a field of the situation's question (``roll``,
    ``source`` …) is one the situation reader asks for, naming the field."""
    from referee.errors import InvalidFile
    from referee.situation import NEEDS, read_situation

    whole = {"player": "Ann", "action": "trade", "items": ["Club"], "change": 1, "source": "kill", "roll": 3}
    for question in registry.QUESTIONS:
        for field in NEEDS[question.kind] - {"player"}:
            data = {"players": [{"name": "Ann", "level": 3, "items": [{"name": "Club", "gold": 300}]}],
                    "question": {"kind": question.kind, **{k: v for k, v in whole.items() if k != field}}}
            with pytest.raises(InvalidFile) as refused:
                read_situation(data, "case")
            assert any(p.field == f"question.{field}" for p in refused.value.problems), (question.verb, field)
    assert NEEDS["munchkin-die"] == {"roll"} and NEEDS["level"] == {"player", "change", "source"}
