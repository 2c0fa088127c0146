"""The engine never recognises a card by its name: it applies the rule the card stands for.

Two checks over the engine's source (``referee/engine``): no name of a card (or a word of one)
stands in the code as a bare word, and no expression compares a ``.name`` with a text or
searches it, except the name rules the rules themselves state (``families.NAME_RULES``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from referee import model
from referee.engine import families

ENGINE = Path(families.__file__).parent
#: the kinds of card a situation describes as things: their names must never steer the engine
THING_TYPES = ("monster", "curse", "trap", "item", "one-shot item", "steed")
#: words of the game that card names also use ("Lose Your Armor", "Hireling", "Dead")
GAME_WORDS = {"level", "levels", "monster", "monsters", "curse", "item", "items", "card", "cards", "hand", "race",
              "lose", "gold", "dead", "strength", "hireling", "your", "dungeon", "boots", "potion", "ring"}
VOCABULARY = {w for words in (model.GAMES, model.EXPANSIONS, model.PHASES, model.SEXES, model.SLOTS,
                              model.QUESTION_KINDS, model.LEVEL_SOURCES, model.ACTIONS, model.ENHANCERS,
                              tuple(model.CURSE_EFFECTS), *model.RACES.values(), *model.CLASSES.values())
              for w in words}


def _modules():
    return sorted(ENGINE.glob("*.py"))


def _name_words(corpus) -> set[str]:
    words = set()
    for card in corpus.cards.values():
        if card.type not in THING_TYPES:
            continue
        for name in (card.name, *card.aliases):
            words |= {w for w in re.findall(r"[a-z]+", name.casefold()) if len(w) >= 4}
    return words - VOCABULARY - GAME_WORDS


def _bare_words(tree: ast.AST):
    """String constants that are a single word (not message templates or clause ids)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"[A-Za-z]+", node.value):
            yield node


def _reads_name(node: ast.AST) -> bool:
    """Does ``node`` read the name of a thing (not ``rules.name``, the game's name)?"""
    return any(isinstance(n, ast.Attribute) and n.attr == "name"
               and not (isinstance(n.value, ast.Name) and n.value.id in ("rules", "self", "cls"))
               for n in ast.walk(node))


def _name_tests(tree: ast.AST):
    """Expressions that test a ``.name`` against a text: comparisons with a string, string
    methods or pattern searches on a name."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(isinstance(o, ast.Constant) and isinstance(o.value, str) for o in operands) and \
                    any(_reads_name(o) for o in operands):
                yield node
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            method = node.func.attr
            if method in ("lower", "casefold", "startswith", "endswith", "find", "index", "count") and \
                    _reads_name(node.func.value):
                yield node
            if method in ("search", "match", "fullmatch", "findall") and any(_reads_name(a) for a in node.args):
                yield node


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.name)
def test_no_card_name_is_a_word_of_the_engine(path, corpus):
    words = _name_words(corpus)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [(n.lineno, n.value) for n in _bare_words(tree) if n.value.casefold() in words]
    assert not found, f"{path.name}: card names used as words: {found}"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.name)
def test_no_name_is_tested_outside_the_rules_own_name_rules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [node.lineno for node in _name_tests(tree)]
    if path.name == "families.py":
        # Only the name rules the corpus states may read a name, each citing its clause.
        assert all(clause.startswith("star-munchkin.") or "." in clause for clause, _g, _p in families.NAME_RULES.values())
        return
    assert not found, f"{path.name}: a name is tested at line(s) {found}"


def test_the_checks_catch_a_name_match():
    tree = ast.parse('if "slime" in monster.name.lower():\n    pass\n')
    assert list(_name_tests(tree))
    assert [n.value for n in _bare_words(tree)] == ["slime"]


def test_the_name_rules_cite_clauses_that_state_a_name_rule(corpus):
    for family, (clause, game, pattern) in families.NAME_RULES.items():
        assert clause in corpus, family
        assert "name" in corpus[clause].text.casefold(), f"{clause} does not state a rule about names"
