"""A record behaves as the tuple with named fields every module relies on (referee.records)."""

import copy
import pickle

import pytest

from referee.model import Monster, Player
from referee.records import Record


class Fight(Record):
    """A small record with required and defaulted fields."""

    fighter: str
    level: int
    helper: str | None = None
    monsters: tuple = ()

    def strength(self) -> int:
        return self.level + len(self.monsters)


class NamedFight(Fight):
    """A subclass adds behaviour, not fields."""

    def title(self) -> str:
        return f"{self.fighter} ({self.level})"


@pytest.mark.parametrize("made, expected", [
    (lambda: Fight("Ann", 5), ("Ann", 5, None, ())),
    (lambda: Fight("Ann", 5, "Bob"), ("Ann", 5, "Bob", ())),
    (lambda: Fight("Ann", 5, "Bob", ("Troll",)), ("Ann", 5, "Bob", ("Troll",))),
    (lambda: Fight(level=5, fighter="Ann"), ("Ann", 5, None, ())),
    (lambda: Fight("Ann", level=5, monsters=("Troll",)), ("Ann", 5, None, ("Troll",))),
    (lambda: Fight._make(["Ann", 5, "Bob", ()]), ("Ann", 5, "Bob", ())),
], ids=["required fields only", "one default given", "every field", "keywords in any order",
        "keywords skip a default", "made from an iterable"])
def test_a_record_takes_its_fields_by_position_or_name_with_defaults(made, expected):
    record = made()
    assert record == expected and tuple(record) == expected
    assert (record.fighter, record.level, record.helper, record.monsters) == expected


@pytest.mark.parametrize("make, says", [
    (lambda: Fight("Ann"), "missing the field 'level'"),
    (lambda: Fight("Ann", 5, None, (), "extra"), "takes 4 fields but 5 were given"),
    (lambda: Fight("Ann", 5, colour="red"), "has no field 'colour'"),
    (lambda: Fight("Ann", 5, fighter="Bob"), "got two values for 'fighter'"),
], ids=["a required field missing", "too many values", "an unknown keyword", "a field given twice"])
def test_a_record_built_wrong_says_which_field(make, says):
    with pytest.raises(TypeError, match=says):
        make()


def test_a_field_without_a_default_may_not_follow_one_with_a_default():
    with pytest.raises(TypeError, match="'level' without a default follows one with a default"):
        class Broken(Record):
            fighter: str = "Ann"
            level: int


def test_a_record_is_immutable_and_has_no_instance_dict():
    record = Fight("Ann", 5)
    with pytest.raises(AttributeError):
        record.level = 6
    assert not hasattr(record, "__dict__")


def test_replace_asdict_and_repr_name_the_fields():
    record = Fight("Ann", 5)
    assert record._replace(level=6, helper="Bob") == ("Ann", 6, "Bob", ())
    assert type(record._replace(level=6)) is Fight
    with pytest.raises(ValueError, match="no field 'colour'"):
        record._replace(colour="red")
    assert record._asdict() == {"fighter": "Ann", "level": 5, "helper": None, "monsters": ()}
    assert repr(record) == "Fight(fighter='Ann', level=5, helper=None, monsters=())"
    assert Fight._fields == ("fighter", "level", "helper", "monsters")
    assert Fight._field_defaults == {"helper": None, "monsters": ()}


def test_a_subclass_keeps_the_fields_and_adds_methods():
    record = NamedFight("Ann", 5, monsters=("Troll",))
    assert NamedFight._fields == Fight._fields
    assert record.title() == "Ann (5)" and record.strength() == 6
    assert record.monsters == ("Troll",)


def test_a_record_pickles_and_copies_as_itself():
    monster = Monster(name="Troll", level=10)
    player = Player(name="Ann", level=5, items=())
    for record in (Fight("Ann", 5, "Bob", (monster,)), monster, player, NamedFight("Ann", 5)):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            again = pickle.loads(pickle.dumps(record, protocol))
            assert again == record and type(again) is type(record)
        assert copy.copy(record) == record and copy.deepcopy(record) == record


def test_a_record_unpacks_hashes_and_compares_as_a_tuple():
    fighter, level, helper, monsters = Fight("Ann", 5)
    assert (fighter, level, helper, monsters) == ("Ann", 5, None, ())
    assert hash(Fight("Ann", 5)) == hash(("Ann", 5, None, ()))
    assert len({Fight("Ann", 5), Fight("Ann", 5), Fight("Bob", 5)}) == 2
    match Fight("Ann", 5):
        case Fight(fighter, level):
            assert (fighter, level) == ("Ann", 5)
