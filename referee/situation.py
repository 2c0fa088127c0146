"""Reading a situation file (YAML or JSON) into a :class:`referee.model.Situation`.

Every problem is collected, each with the field path and what was expected, so one run shows
all of them. Input is parsed safely and bounded: files over :data:`MAX_BYTES` and YAML aliases
(the ingredient of "billion laughs" bombs, never needed in a situation) are refused before any
work is done.
"""

from __future__ import annotations

import sys

from referee import model
from referee.errors import InvalidFile, Problem, quote
from referee.message import Message
from referee.registry import QUESTIONS
from referee.vocabulary import heard, shown, suggest

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Any

MAX_BYTES = 256 * 1024
MAX_LEVEL = {"munchkin": 10, "star-munchkin": 10, "epic": 20}

def _loader():
    """libyaml's safe loader (about ten times faster than the pure-Python one), imported when a
    text is read: a situation built by a program (a question asked in one line) needs no YAML."""
    # lazy: yaml 110 ms to import, which `referee fight` does not need
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _parse(text: str, name: str) -> Any:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise InvalidFile([Problem(name, None, "", Message.of("file too large (over {size} KiB); a situation is a few dozen lines",
                                                              size=MAX_BYTES // 1024))], what="situation")
    # lazy: yaml 110 ms to import, which `referee fight` does not need
    import yaml

    _Base = _loader()
    # libyaml composes in C, so aliases are refused at the event level before composition.
    try:
        for event in yaml.parse(text, Loader=_Base):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                line = event.start_mark.line + 1
                raise InvalidFile([Problem(name, line, "", Message.of("YAML anchors and aliases are not allowed "
                                                                      "in a situation file"))], what="situation")
        twice = list(_keys_given_twice(yaml.compose(text, Loader=_Base)))
        if twice:
            raise InvalidFile([Problem(name, line, path, Message.of("this key is given twice in the same block; "
                                                                    "keep one (the file would otherwise say two "
                                                                    "things at once)"))
                               for path, line in twice], what="situation")
        return yaml.load(text, Loader=_Base)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise InvalidFile([Problem(name, mark.line + 1 if mark else None, "",
                                   Message.of("not valid YAML or JSON: {error}",
                                              error=str(getattr(exc, "problem", None) or exc)))],
                          what="situation") from None
    except ValueError as exc:  # a value the constructor cannot make: a date like 2024-13-45, a huge number
        if "integer string conversion" in str(exc):
            message = Message.of("a number of more than {digits} digits; a situation's numbers are small",
                                 digits=sys.get_int_max_str_digits())
        else:
            message = Message.of("not valid YAML or JSON: {error}", error=str(exc))
        raise InvalidFile([Problem(name, None, "", message)], what="situation") from None
    except RecursionError:
        raise InvalidFile([Problem(name, None, "", Message.of("nested too deeply; a situation is a few dozen "
                                                              "lines"))], what="situation") from None


def _keys_given_twice(node, path: str = ""):
    """(field path, line) of every key that a mapping of the document gives more than once.

    YAML (and JSON, which is read as YAML) would keep the last value silently: ``game:`` given
    twice could turn a classic game into an Epic one.
    """
    # lazy: yaml 110 ms to import, which `referee fight` does not need
    import yaml

    if isinstance(node, yaml.MappingNode):
        seen = set()
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else "?"
            where = _join(path, str(key))
            if key in seen:
                yield where, key_node.start_mark.line + 1
            seen.add(key)
            yield from _keys_given_twice(value_node, where)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            yield from _keys_given_twice(item, f"{path}[{i}]")


#: for one-line inputs read as YAML (referee.fields), which refuse a key given twice too
keys_given_twice = _keys_given_twice


class _Reader:
    """Walks the parsed data, building model objects and collecting problems."""

    def __init__(self, name: str, cards=None):
        self.name = name
        self.game = "munchkin"    # the game read so far: it decides which races and classes exist
        self.problems: list[Problem] = []
        #: name -> (card facts or None, suggestions): how ``card:`` references are resolved
        self.cards = cards

    def bad(self, path: str, template: str, **values) -> None:
        self.problems.append(Problem(self.name, None, path, Message.of(template, **values)))

    def require(self, path: str, present: bool, template: str, **values) -> None:
        """Report ``path`` as missing unless it is present or already reported."""
        if not present and not any(p.field == path for p in self.problems):
            self.bad(path, template, **values)

    def mapping(self, data, path: str, allowed: dict) -> dict:
        """Check ``data`` is a mapping with only ``allowed`` keys; return it (or ``{}``)."""
        if data is None:
            return {}
        if not isinstance(data, dict):
            self.bad(path, "expected a mapping, got {got}", got=_show(data))
            return {}
        for key in data:
            if key not in allowed:
                self.bad(_join(path, str(key)), "unknown key (expected one of: {allowed})", allowed=", ".join(allowed))
        return data

    def value(self, data: dict, key: str, path: str, kind, default=None, choices=None, low=None, high=None):
        if key not in data or data[key] is None and default is None:
            return default
        value = data[key]
        where = _join(path, key)
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                self.bad(where, "expected a whole number, got {got}", got=_show(value))
                return default
            if (low is not None and value < low) or (high is not None and value > high):
                if high is None:
                    self.bad(where, "expected a number of at least {low}, got {got}", low=low, got=value if abs(value) < 10 ** 12 else _show(value))
                else:
                    self.bad(where, "expected a number from {low} to {high}, got {got}", low=low, high=high, got=value if abs(value) < 10 ** 12 else _show(value))
                return default
            return value
        if kind is bool:
            said = _said_yes_or_no(value)
            if said is not None:
                return said
            if not isinstance(value, bool):
                self.bad(where, "expected true or false, got {got}", got=_show(value))
                return default
            return value
        if kind is str:
            if not isinstance(value, str) or not value.strip():
                self.bad(where, "expected a text value, got {got}", got=_show(value))
                return default
            if choices is not None:
                known = heard(value, choices) or self.card_word(value, choices)
                if known is None:
                    self.unknown(where, value, choices)
                return known if known is not None else default
            return value
        raise TypeError(kind)

    def unknown(self, where: str, value: str, choices) -> None:
        """Report a word outside a closed vocabulary, with the known words nearest to it."""
        near, allowed = suggest(value, choices), ", ".join(shown(c) for c in choices)  # in the player's words
        if near:
            self.bad(where, "unknown value {value} (did you mean: {nearest}? expected one of: {allowed})",
                     value=quote(value), nearest=", ".join(near), allowed=allowed)
        else:
            self.bad(where, "unknown value {value} (expected one of: {allowed})", value=quote(value), allowed=allowed)

    def strings(self, data: dict, key: str, path: str, choices=None, unique: bool = False) -> tuple[str, ...]:
        """A list of names (a single name is a list of one); with ``choices``, each a known word."""
        value = data.get(key)
        if value is None:
            return ()
        where = _join(path, key)
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            self.bad(where, "expected a list of names, got {got}", got=_show(value))
            return ()
        out = []
        for i, entry in enumerate(value):
            if not isinstance(entry, str) or not entry.strip():
                self.bad(f"{where}[{i}]", "expected a name, got {got}", got=_show(entry))
            elif choices is not None:
                known = heard(entry, choices) or self.card_word(entry, choices)
                if known is None:
                    self.unknown(f"{where}[{i}]", entry, choices)
                elif unique and known in out:
                    self.bad(f"{where}[{i}]", "{value} is listed twice (nobody has two of the same card in play)",
                             value=quote(entry))
                else:
                    out.append(known)
            else:
                out.append(entry)
        return tuple(out)

    def card_word(self, name: str, choices) -> str | None:
        """The word a race or class card's name stands for, in any of the six languages (``Elfo``,
        ``Harcos``): the card's own name exactly, not a typo of it (a typo gets "did you mean")."""
        if self.cards is None:
            return None
        record = self.cards(name)[0]
        if record is None or not record.get("exact") or record.get("type") not in ("race", "class"):
            return None
        return record.get("id") if record.get("id") in choices else None

    def numbers(self, value, where: str) -> tuple[int, ...]:
        if value is None:
            return ()
        if isinstance(value, int) and not isinstance(value, bool):
            return (value,)
        if not isinstance(value, list):
            self.bad(where, "expected a list of numbers, got {got}", got=_show(value))
            return ()
        out = []
        for i, entry in enumerate(value):
            if isinstance(entry, bool) or not isinstance(entry, int):
                self.bad(f"{where}[{i}]", "expected a whole number, got {got}", got=_show(entry))
            else:
                out.append(entry)
        return tuple(out)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _show(value) -> str:
    """A value in a message: as the user wrote it, cut short (see :func:`referee.errors.quote`)."""
    return quote(value)


TOP_KEYS = {"game": 0, "expansions": 0, "house_rules": 0, "turn": 0, "met_monster_this_turn": 0,
            "phase": 0, "players": 0, "combat": 0, "question": 0, "room": 0}
ROOM_KEYS = dict.fromkeys(("name", "empty"))
PLAYER_KEYS = dict.fromkeys(("name", "level", "sex", "races", "classes", "half_breed", "super_munchkin",
                             "dead", "hand", "items", "hireling", "steed", "curses", "enhancers", "pet"))
PET_KEYS = dict.fromkeys(("name", "level"))
ITEM_KEYS = dict.fromkeys(("name", "bonus", "slot", "big", "complex", "gold", "carried", "one_shot",
                           "requires", "card", "bonus_for", "disguise", "run_away"))
REQUIRES_KEYS = dict.fromkeys(("classes", "races", "sex", "not_classes", "not_races"))
HIRELING_KEYS = dict.fromkeys(("name", "bonus", "race", "classes", "sex", "enhancers", "gold", "big_items"))
COMBAT_KEYS = dict.fromkeys(("fighter", "helper", "monsters", "one_shots", "discards", "charm", "removed"))
CHARM_KEYS = dict.fromkeys(("wizard", "monster"))
REMOVED_KEYS = dict.fromkeys(("monster", "by", "treasure"))
MONSTER_KEYS = dict.fromkeys(("name", "level", "treasures", "levels", "undead", "bonus_vs", "enhancers",
                              "run_away", "ignores_below", "card"))
#: a monster's printed effects, as in its card's facts (rules/cards.yaml): effect -> its own keys
MONSTER_EFFECT_KEYS = {
    "friendly_to": ("who", "gives", "trade_in", "clause", "trade_clause"), "no_help": ("clause",),
    "level_only": ("clause",), "escape_loss": ("levels", "clause"), "auto_escape": ("clause",),
    "bad_stuff": ("levels", "slots", "death", "classes", "otherwise_levels", "random_items", "clause"),
    "extra_treasure": ("who", "treasures", "clause"), "chased_by": ("who", "clause"),
    "weapons_bonus": ("fewer_than", "bonus", "clause"), "wave_past": ("unless", "clause", "unless_clause"),
    "stomped_by": ("who", "not", "clause", "not_clause", "optional_clause", "shared_clause"),
    "treasure_for_all": ("each", "winners", "clause", "winners_clause"), "ignores": ("who", "clause")}
#: an effect's second ruling (the key naming its clause -> the effect it is cited for)
SECOND_CLAUSES = {"trade_clause": "trade_in", "unless_clause": "wave_past_unless", "not_clause": "stomp_not",
                  "optional_clause": "stomp_optional", "shared_clause": "stomp_shared",
                  "winners_clause": "treasure_for_winners"}
MONSTER_KEYS.update(dict.fromkeys((*MONSTER_EFFECT_KEYS, "families")))
ONE_SHOT_KEYS = dict.fromkeys(("players", "monsters"))
HOUSE_KEYS = dict.fromkeys(("starting_cards", "phase_zero", "shared_victory", "interference_seconds"))
QUESTION_KEYS = dict.fromkeys(("kind", "player", "action", "items", "change", "source", "roll", "target",
                               "item"))
COMBAT_PHASES = ("combat", "running-away")


def load_situation(text: str, name: str = "<situation>", cards=None) -> model.Situation:
    """Parse and check a situation; raise :class:`InvalidFile` listing every problem.

    ``cards`` resolves ``card:`` references of monsters and items: a function from a name to
    ``(facts, suggestions)``, where ``facts`` is the card's record (name and numbers) or
    ``None``; with ``exact_only=True`` it answers only whether the name is a card's own (no
    suggestions), as a monster or item named by its card's name asks. Numbers given in the file
    win over the card's.
    """
    return read_situation(_parse(text, name), name, cards)


def read_situation(data: Any, name: str = "<situation>", cards=None) -> model.Situation:
    """:func:`load_situation` for data already parsed (a mapping built by a program, such as
    the questions asked on the command line): the same checks, the same model."""
    reader = _Reader(name, cards)
    if not isinstance(data, dict):
        raise InvalidFile([Problem(name, None, "", Message.of("expected a mapping at the top, got {got}",
                                                                     got=_show(data)))],
                          what="situation")
    situation = _situation(reader, data)
    if situation is None and not reader.problems:
        reader.bad("question.kind", "missing (expected one of: {allowed})", allowed=", ".join(model.QUESTION_KINDS))
    if reader.problems:
        raise InvalidFile(reader.problems, what="situation")
    return situation


def read_table(data: Any, name: str = "<table>", cards=None) -> model.Situation:
    """A game in progress: a situation without ``combat`` and ``question``, under the same checks.

    The returned situation's ``question`` is ``None``. A table may be in the combat phase
    without a combat block: the fight itself is asked about, not kept.
    """
    reader = _Reader(name, cards)
    if not isinstance(data, dict):
        raise InvalidFile([Problem(name, None, "", Message.of("expected a mapping at the top, got {got}",
                                                              got=_show(data)))], what="table")
    situation = _situation(reader, data, table=True)
    if reader.problems:
        raise InvalidFile(reader.problems, what="table")
    return situation


#: what a table in progress holds: everything of a situation but the fight and the question
TABLE_KEYS = {key: 0 for key in TOP_KEYS if key not in ("combat", "question")}


def _situation(r: _Reader, data: dict, table: bool = False) -> model.Situation | None:
    r.mapping(data, "", TABLE_KEYS if table else TOP_KEYS)
    game = r.value(data, "game", "", str, "munchkin", choices=model.GAMES)
    r.game = game
    expansions = r.strings(data, "expansions", "", choices=model.EXPANSIONS, unique=True)
    house = _house_rules(r, data.get("house_rules"))
    players = _players(r, data.get("players"), MAX_LEVEL[game])
    names = [p.name for p in players]
    turn = r.value(data, "turn", "", str)
    if turn is not None and turn not in names:
        r.bad("turn", "no player named {name} (players: {names})", name=quote(turn), names=", ".join(names) or "—")
    phase = r.value(data, "phase", "", str, choices=model.PHASES)
    met = r.value(data, "met_monster_this_turn", "", bool, False)
    combat = _combat(r, data.get("combat"), names) if data.get("combat") is not None else None
    if combat is not None and phase is not None and phase not in COMBAT_PHASES + ("other-turn",):
        r.bad("phase", "{phase} contradicts the combat block (a fight happens in the combat or running-away phase)",
              phase=quote(phase))
    if combat is None and phase in COMBAT_PHASES and not table:
        r.bad("combat", "missing: phase {phase} needs a combat block with the fighter and the monsters", phase=quote(phase))
    if combat is not None and phase is None:
        phase = "combat"
    room = _room(r, data.get("room"), combat)
    if table:
        if r.problems:
            return None
        return model.Situation(players=players, question=None, game=game, expansions=expansions,
                               house_rules=house, turn=turn, phase=phase, met_monster_this_turn=met, room=room)
    question = _question(r, data.get("question"), players)
    if question is not None and question.kind in ("combat", "run-away") and combat is None:
        r.bad("combat", "missing: a {kind} question needs a combat block", kind=question.kind)
    if r.problems or question is None:
        return None
    return model.Situation(players=players, question=question, game=game, expansions=expansions,
                           house_rules=house, turn=turn, phase=phase, met_monster_this_turn=met,
                           combat=combat, room=room)


def _room(r: _Reader, raw, combat) -> model.Room | None:
    """The Room in play this turn (Star Munchkin): ``room: {name: …, empty: true}``."""
    if raw is None:
        return None
    spec = r.mapping(raw, "room", ROOM_KEYS)
    if r.game != "star-munchkin":
        r.bad("room", "Rooms are Star Munchkin cards: set game: star-munchkin, or leave the room out")
        return None
    empty = r.value(spec, "empty", "room", bool, True)
    if empty and combat is not None:
        r.bad("room.empty", "the combat block has monsters in this room: set empty: false")
    return model.Room(name=r.value(spec, "name", "room", str), empty=empty)


def _house_rules(r: _Reader, data) -> model.HouseRules:
    data = r.mapping(data, "house_rules", HOUSE_KEYS)
    return model.HouseRules(
        starting_cards=r.value(data, "starting_cards", "house_rules", int, None, low=0, high=20),
        phase_zero=r.value(data, "phase_zero", "house_rules", bool, False),
        shared_victory=r.value(data, "shared_victory", "house_rules", bool, False),
        interference_seconds=_seconds(r, data, "interference_seconds", "house_rules"))


def _seconds(r: _Reader, data: dict, key: str, path: str) -> float | None:
    """A number of seconds from 0 to 60 (tenths allowed: the rules' own window is 2.6 s)."""
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 60:
        r.bad(_join(path, key), "expected a number of seconds from 0 to 60, got {got}", got=_show(value))
        return None
    return float(value)


def _players(r: _Reader, data, max_level: int) -> tuple[model.Player, ...]:
    if data is None:
        r.bad("players", "missing: list the players at the table (at least one)")
        return ()
    if not isinstance(data, list) or not data:
        r.bad("players", "expected a list of players, got {got}", got=_show(data))
        return ()
    out, seen = [], set()
    for i, raw in enumerate(data):
        path = f"players[{i}]"
        raw = r.mapping(raw, path, PLAYER_KEYS)
        name = r.value(raw, "name", path, str)
        if name is None:
            if "name" not in raw:
                r.bad(f"{path}.name", "missing: every player needs a name")
            continue
        if name in seen:
            r.bad(f"{path}.name", "two players are named {name}", name=quote(name))
        seen.add(name)
        hand_value = raw.get("hand", 0)
        hand_cards: tuple[str, ...] = ()
        if isinstance(hand_value, list):
            hand_cards = r.strings(raw, "hand", path)
            hand = len(hand_cards)
        else:
            hand = r.value(raw, "hand", path, int, 0, low=0, high=200)
        listed = list(enumerate(_list(r, raw, "items", path)))
        steed_raw, steed_path = raw.get("steed"), f"{path}.steed"
        ridden = [(j, it) for j, it in listed if _steed_card(r, it)] if steed_raw is None else []
        if len(ridden) == 1:
            # a steed card among the items is the steed ridden (a steed is an item too): its
            # bonus counts once, and its Run Away number is the rider's (steeds.run-away-modifier)
            (j, steed_raw), steed_path = ridden[0], f"{path}.items[{ridden[0][0]}]"
            listed = [(k, it) for k, it in listed if k != j]
        items = tuple(filter(None, (_item(r, it, f"{path}.items[{j}]") for j, it in listed)))
        hireling = _hireling(r, raw.get("hireling"), f"{path}.hireling")
        steed = _item(r, _by_name(steed_raw), steed_path) if steed_raw is not None else None
        _two_cards_need_their_card(r, raw, path)
        out.append(model.Player(
            name=name, level=r.value(raw, "level", path, int, 1, low=1, high=max_level),
            sex=r.value(raw, "sex", path, str, choices=model.SEXES),
            races=tuple(x for x in r.strings(raw, "races", path, choices=model.RACES[r.game], unique=True)
                        if x != "human"),
            classes=r.strings(raw, "classes", path, choices=model.CLASSES[r.game], unique=True),
            half_breed=r.value(raw, "half_breed", path, bool, False),
            super_munchkin=r.value(raw, "super_munchkin", path, bool, False),
            dead=r.value(raw, "dead", path, bool, False), hand=hand, hand_cards=hand_cards, items=items,
            hireling=hireling, steed=steed, curses=_curses(r, raw, path),
            hand_known=raw.get("hand") is not None,
            enhancers=r.strings(raw, "enhancers", path, choices=model.ENHANCERS, unique=True),
            pet=_pet(r, raw.get("pet"), f"{path}.pet")))
    return tuple(out)


#: a second race needs Half-Breed in play, a second class Super Munchkin (races.half-breed,
#: classes.super-munchkin): list -> the flag that allows two, and the card that gives it
TWO_CARDS = {"races": ("half_breed", "Half-Breed"), "classes": ("super_munchkin", "Super Munchkin")}


def _said_yes_or_no(value) -> bool | None:
    """The player's own yes or no ("ja", "igen", "nee", "sí") as true or false; else ``None``."""
    heard_as = heard(value, ("true", "false")) if isinstance(value, str) else None
    return None if heard_as is None else heard_as == "true"


def _yes(value) -> bool:
    """A flag set as the reader reads it: true, or the player's own yes."""
    return value is True or _said_yes_or_no(value) is True


def _two_cards_need_their_card(r: _Reader, raw: dict, path: str) -> None:
    """Two races without Half-Breed, or two classes without Super Munchkin, are no legal table:
    refused in a situation file as in ``table set``, which reads the same way."""
    for key, (flag, card) in TWO_CARDS.items():
        listed = raw.get(key)
        if isinstance(listed, str):
            listed = [listed]
        if not isinstance(listed, list) or _yes(raw.get(flag)):
            continue
        # Human is no race card
        if len([x for x in listed if isinstance(x, str) and heard(x, ("human",)) is None]) > 1:
            if key == "races":
                r.bad(_join(path, key), "two races need the Half-Breed card in play ({flag}: true)", flag=flag)
            else:
                r.bad(_join(path, key), "two classes need the Super Munchkin card in play ({flag}: true)", flag=flag)


def _curses(r: _Reader, raw: dict, path: str) -> tuple[model.Curse, ...]:
    """The curses on a player, each with what its card record says it does.

    A curse the card records do not know is kept by name, with no known effect: the verdicts
    say so instead of ignoring it. A curse is named as cards are everywhere: in any of the six
    languages, typos forgiven (``Átok! Nagy láb`` is Curse! Big Foot); a name that decides no
    curse or trap card is a curse the records do not know.
    """
    out = []
    for name in r.strings(raw, "curses", path):  # a curse card's name in any language, typos forgiven
        record = r.cards(name)[0] if r.cards is not None else None
        effects = ()
        if record is not None and record.get("type") in ("curse", "trap"):
            effects = tuple(sorted((record.get("facts") or {}).get("effect", {}).items()))
            name = record["name"]
        # Known means the records say what it does: a card named but not described is not.
        out.append(model.Curse(name=name, effects=effects, known=bool(effects)))
    return tuple(out)


def _fold_name(name: str) -> str:
    # lazy: referee.corpus.cards 2 ms to import, paid only by the calls that need it
    from referee.corpus.cards import fold

    return fold(name)


def _pet(r: _Reader, raw, path: str) -> model.Pet | None:
    if raw is None:
        return None
    raw = r.mapping(raw, path, PET_KEYS)
    name = r.value(raw, "name", path, str)
    level = r.value(raw, "level", path, int, None, low=0, high=1000)
    r.require(f"{path}.name", name is not None, "missing: the monster kept as a pet")
    r.require(f"{path}.level", level is not None, "missing: the pet's level")
    return model.Pet(name, level) if name is not None and level is not None else None


def _list(r: _Reader, data: dict, key: str, path: str) -> list:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        r.bad(_join(path, key), "expected a list, got {got}", got=_show(value))
        return []
    return value


#: the card facts each kind of thing may take from a card record
ITEM_FACTS = ("bonus", "slot", "big", "gold", "requires", "bonus_for", "disguise", "run_away")
MONSTER_FACTS = ("level", "treasures", "levels", "undead", "bonus_vs", "run_away", "ignores_below",
                 *MONSTER_EFFECT_KEYS, "families", "rulings")


def _with_card(r: _Reader, raw: dict, path: str, facts_wanted: tuple[str, ...]) -> dict:
    """``raw`` completed from the card it names (``card: Drooling Slime``); the file's numbers win."""
    if "card" not in raw:
        return raw
    card_name = r.value(raw, "card", path, str)
    if card_name is None:
        return raw
    if r.cards is None:
        r.bad(f"{path}.card", "cards cannot be looked up here; give the numbers instead")
        return raw
    record, suggestions = r.cards(card_name)
    if record is None:
        if suggestions:
            r.bad(f"{path}.card", "no card named {name} (did you mean: {suggestions}?)", name=quote(card_name),
                  suggestions=", ".join(suggestions))
        else:  # nothing near to offer: no empty "did you mean"
            r.bad(f"{path}.card", "no card named {name}", name=quote(card_name))
        return raw
    merged = dict(raw)
    merged.setdefault("name", record["name"])
    facts = record.get("facts") or {}
    for key in facts_wanted:
        if key not in merged and key in facts:
            merged[key] = facts[key]
            merged.setdefault("_from_card", set()).add(key)
    merged["_card"] = record["name"]
    return merged


#: the card types an item of a player may be
ITEM_CARD_TYPES = ("item", "one-shot item", "steed")


def _named_item_card(r: _Reader, raw: dict) -> dict:
    """An item without ``card:`` whose name is exactly an item card's, in any language: that card,
    its printed numbers and restrictions filling what the file does not say ("Staff of Napalm,
    bonus 5" is still a Wizard's), as ``table item`` records it and as a monster named by its
    card is that card. A typo in a player's own item name never takes another card's numbers, and
    an item given another bonus than its card prints ("a +2 Létra": the Stepladder is +3) is the
    file's own."""
    record = _exact_card(r, raw, ITEM_CARD_TYPES)
    if record is None or other_bonus(raw, record.get("facts") or {}):
        return raw
    merged = dict(raw)
    facts = record.get("facts") or {}
    for key in ITEM_FACTS:
        if key not in merged and key in facts:
            merged[key] = facts[key]
    if record.get("type") == "one-shot item":
        merged.setdefault("one_shot", True)
    return merged


def _named_monster_card(r: _Reader, raw: dict) -> dict:
    """A monster without ``card:`` whose name is exactly a monster card's, in any language
    (``name: Gazebo``, ``name: Szemtély, level: 8``): that card, as ``card:`` makes it and as
    ``fight Gazebo:10`` reads it, its printed powers acting and the file's numbers winning (a card
    acts wherever it is named). A name that is no card, or a typo of one, is the file's own monster."""
    return raw if _exact_card(r, raw, ("monster",)) is None else dict(raw, card=raw["name"])


def other_bonus(raw: dict, facts: dict) -> bool:
    """Whether an item's own bonus is not the one its card prints: then it is another item that
    shares the card's name, not the card (the file, or the table, describes it)."""
    return "bonus" in raw and "bonus" in facts and raw["bonus"] != facts["bonus"]


def _exact_card(r: _Reader, raw: dict, types: tuple) -> dict | None:
    """The card record ``raw["name"]`` is exactly the name of, among ``types``, else ``None``."""
    name = raw.get("name")
    if "card" in raw or r.cards is None or not isinstance(name, str) or not name.strip():
        return None
    record = r.cards(name, exact_only=True)[0]
    if record is None or not record.get("exact") or record.get("type") not in types:
        return None
    return record


def _item(r: _Reader, raw, path: str) -> model.Item | None:
    raw = r.mapping(raw, path, ITEM_KEYS)
    raw = _with_card(r, raw, path, ITEM_FACTS) if "card" in raw else _named_item_card(r, raw)
    name = r.value(raw, "name", path, str)
    if name is None:
        if "name" not in raw:
            r.bad(f"{path}.name", "missing: every item needs a name")
        return None
    req = r.mapping(raw.get("requires"), f"{path}.requires", REQUIRES_KEYS)
    rpath = f"{path}.requires"
    races, classes = model.RACES[r.game], model.CLASSES[r.game]
    requires = model.Requirements(
        classes=r.strings(req, "classes", rpath, choices=classes), races=r.strings(req, "races", rpath, choices=races),
        sex=r.value(req, "sex", rpath, str, choices=model.SEXES),
        forbid_classes=r.strings(req, "not_classes", rpath, choices=classes),
        forbid_races=r.strings(req, "not_races", rpath, choices=races))
    races_classes_sexes = races + classes + model.SEXES
    bonus_for = []
    for key, value in r.mapping(raw.get("bonus_for"), f"{path}.bonus_for", _AnyKey()).items():
        known = heard(str(key), races_classes_sexes)
        if known is None:
            r.unknown(f"{path}.bonus_for.{key}", str(key), races_classes_sexes)
        elif isinstance(value, bool) or not isinstance(value, int) or not -100 <= value <= 100:
            r.bad(f"{path}.bonus_for.{key}", "expected a number from {low} to {high}, got {got}", low=-100,
                  high=100, got=_show(value))
        else:
            bonus_for.append((known, value))
    return model.Item(
        bonus_for=tuple(bonus_for), disguise=r.value(raw, "disguise", path, str, choices=races),
        name=name, bonus=r.value(raw, "bonus", path, int, 0, low=-100, high=100),
        slot=r.value(raw, "slot", path, str, "none", choices=model.SLOTS),
        big=r.value(raw, "big", path, bool, False), complex=r.value(raw, "complex", path, bool, False),
        gold=r.value(raw, "gold", path, int, 0, low=0, high=1_000_000),
        carried=r.value(raw, "carried", path, bool, False), one_shot=r.value(raw, "one_shot", path, bool, False),
        requires=requires, run_away=r.value(raw, "run_away", path, int, None, low=-6, high=6))


def _steed_card(r: _Reader, raw) -> bool:
    """Whether an item of a player's list is a steed card (``{card: Turtle}``, or a name that is
    exactly a steed card's, numbers of its own or not, as ``table item`` records it)."""
    if r.cards is None or not isinstance(raw, dict):
        return False
    if "card" not in raw:
        record = _exact_card(r, raw, ("steed",))
        return record is not None and not other_bonus(raw, record.get("facts") or {})
    name = raw.get("card")
    if not isinstance(name, str) or not name.strip():
        return False
    record = r.cards(name)[0]
    return record is not None and record.get("type") == "steed"


def _by_name(raw):
    """A steed or hireling given by its name alone (``steed=Tortuga`` at the table, ``steed: Turtle``
    in a file) is ``{name: …}``: a card's name brings what the card prints."""
    return {"name": raw} if isinstance(raw, str) and raw.strip() else raw


def _hireling(r: _Reader, raw, path: str) -> model.Hireling | None:
    if raw is None:
        return None
    raw = r.mapping(_by_name(raw), path, HIRELING_KEYS)
    name = r.value(raw, "name", path, str)
    if name is None:
        r.bad(f"{path}.name", "missing: a hireling needs a name")
        return None
    raw = _hireling_card(r, raw, name)
    return model.Hireling(big_items=r.value(raw, "big_items", path, int, 0, low=0, high=3),
                          name=name, bonus=r.value(raw, "bonus", path, int, 0, low=-100, high=100),
                          race=r.value(raw, "race", path, str, choices=model.RACES[r.game]),
                          classes=r.strings(raw, "classes", path, choices=model.CLASSES[r.game], unique=True),
                          sex=r.value(raw, "sex", path, str, choices=model.SEXES),
                          enhancers=r.numbers(raw.get("enhancers"), f"{path}.enhancers"),
                          gold=r.value(raw, "gold", path, int, 0, low=0, high=1_000_000))


#: what a hireling card prints that its player need not say again
HIRELING_FACTS = ("bonus", "big_items")


def _hireling_card(r: _Reader, raw: dict, name: str) -> dict:
    """A hireling named exactly as a hireling card, in any language, carries what its record
    says it prints (the Hireling: +1 and one Big item, card-rulings.hireling-big-item) unless the
    file says otherwise, as a steed named as its card does."""
    if all(key in raw for key in HIRELING_FACTS) or r.cards is None or not name.strip():
        return raw
    record = r.cards(name)[0]
    if record is None or not record.get("exact") or record.get("type") != "hireling":
        return raw
    facts = record.get("facts") or {}
    return {**{key: facts[key] for key in HIRELING_FACTS if key in facts}, **raw}


def _monster_enhancers(r: _Reader, value, where: str) -> dict:
    """A monster's enhancers: numbers as said (``[5]``), or enhancer cards by name in any language,
    typos forgiven (``[Enraged]``, ``[Venerable]``), each with the bonus and the Treasures it
    prints (monsters.enhancers-treasure: Enraged +5 and one more Treasure)."""
    if value is None:
        return {}
    entries = value if isinstance(value, list) else [value]
    if not all(isinstance(e, (int, str)) and not isinstance(e, bool) for e in entries):
        return {"enhancers": r.numbers(value, where)}  # says which entry is neither
    bonuses, treasures = [], 0
    for i, entry in enumerate(entries):
        if isinstance(entry, int):
            bonuses.append(entry)
            continue
        record, suggestions = r.cards(entry) if r.cards is not None else (None, [])
        facts = (record or {}).get("facts") or {}
        if record is None or record.get("type") != "enhancer":
            if suggestions:
                r.bad(f"{where}[{i}]", "expected a number or a monster enhancer card's name, got {got} (did you "
                      "mean: {suggestions}?)", got=quote(entry), suggestions=", ".join(suggestions))
            else:  # nothing near to offer: no empty "did you mean"
                r.bad(f"{where}[{i}]", "expected a number or a monster enhancer card's name, got {got}",
                      got=quote(entry))
        elif not isinstance(facts.get("bonus"), int) or isinstance(facts.get("bonus"), bool):
            r.bad(f"{where}[{i}]", "{name} changes a monster in a way that is not a number; give the bonus "
                  "it adds as a number", name=quote(record["name"]))
        else:
            bonuses.append(facts["bonus"])
            treasures += int(facts.get("treasures") or 0)
    return {"enhancers": tuple(bonuses), "enhancer_treasures": treasures}


def _combat(r: _Reader, raw, names: list[str]) -> model.Combat | None:
    raw = r.mapping(raw, "combat", COMBAT_KEYS)
    fighter = r.value(raw, "fighter", "combat", str)
    helper = r.value(raw, "helper", "combat", str)
    if "fighter" not in raw:
        r.bad("combat.fighter", "missing: who is fighting")
    for key, name in (("fighter", fighter), ("helper", helper)):
        if name is not None and name not in names:
            r.bad(f"combat.{key}", "no player named {name} (players: {names})", name=quote(name), names=", ".join(names) or "—")
    if helper is not None and helper == fighter:
        r.bad("combat.helper", "{name} is the fighter; a helper is another player", name=quote(helper))
    monsters = []
    raw_monsters = _list(r, raw, "monsters", "combat")
    if not raw_monsters:
        r.bad("combat.monsters", "missing: a fight needs at least one monster")
    for i, m in enumerate(raw_monsters):
        path = f"combat.monsters[{i}]"
        m = r.mapping(m, path, MONSTER_KEYS)
        m = _with_card(r, _named_monster_card(r, m), path, MONSTER_FACTS)
        name = r.value(m, "name", path, str)
        if "level" not in m and "_card" in m:
            r.bad(f"{path}.level", "the card {card} has no known level in the card records; give its level",
                  card=quote(m["_card"]))
        elif "level" not in m:
            r.bad(f"{path}.level", "missing: the monster's level")
        level = r.value(m, "level", path, int, None, low=0, high=1000)
        bonus_vs = r.mapping(m.get("bonus_vs"), f"{path}.bonus_vs", _AnyKey())
        pairs = []
        against = model.RACES[r.game] + model.CLASSES[r.game] + model.SEXES
        for key, value in bonus_vs.items():
            known = heard(str(key), against)
            if known is None:
                r.unknown(f"{path}.bonus_vs.{key}", str(key), against)
            elif isinstance(value, bool) or not isinstance(value, int):
                r.bad(f"{path}.bonus_vs.{key}", "expected a whole number, got {got}", got=_show(value))
            else:
                pairs.append((known, value))
        if name is None or level is None:
            if "name" not in m:
                r.bad(f"{path}.name", "missing: the monster's name")
            continue
        monsters.append(model.Monster(
            name=name, level=level, treasures=r.value(m, "treasures", path, int, 1, low=0, high=100),
            levels=r.value(m, "levels", path, int, 1, low=0, high=10),
            undead=r.value(m, "undead", path, bool, False), bonus_vs=tuple(pairs),
            **_monster_enhancers(r, m.get("enhancers"), f"{path}.enhancers"),
            run_away=r.value(m, "run_away", path, int, 0, low=-10, high=10),
            ignores_below=r.value(m, "ignores_below", path, int, 0, low=0, high=20),
            **_monster_effects(r, m, path)))
    shots = r.mapping(raw.get("one_shots"), "combat.one_shots", ONE_SHOT_KEYS)
    fighting = [n for n in (fighter, helper) if n]
    discards = []
    for who, count in r.mapping(raw.get("discards"), "combat.discards", _AnyKey()).items():
        where = f"combat.discards.{who}"
        if who not in fighting:
            r.bad(where, "{name} is not fighting (the fighter and the helper may discard for their powers)",
                  name=quote(who))
        elif isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 20:
            r.bad(where, "expected a number of cards from 0 to 20, got {got}", got=_show(count))
        else:
            discards.append((str(who), count))
    charm = None
    if raw.get("charm") is not None:
        spec = r.mapping(raw.get("charm"), "combat.charm", CHARM_KEYS)
        wizard, target = r.value(spec, "wizard", "combat.charm", str), r.value(spec, "monster", "combat.charm", str)
        if wizard is not None and wizard not in fighting:
            r.bad("combat.charm.wizard", "{name} is not fighting; only a Wizard in the combat can charm",
                  name=quote(wizard))
        if target is not None and target not in [m.name for m in monsters]:
            r.bad("combat.charm.monster", "no monster named {name} in this combat (monsters: {names})",
                  name=quote(target), names=", ".join(m.name for m in monsters) or "—")
        r.require("combat.charm.wizard", wizard is not None, "missing: the Wizard who charms")
        r.require("combat.charm.monster", target is not None, "missing: the monster charmed")
        if wizard and target:
            charm = (wizard, target)
    removed = []
    for i, spec in enumerate(_list(r, raw, "removed", "combat")):
        where = f"combat.removed[{i}]"
        spec = r.mapping(spec, where, REMOVED_KEYS)
        target = r.value(spec, "monster", where, str)
        by = r.value(spec, "by", where, str)
        r.require(f"{where}.monster", target is not None, "missing: the monster taken out of the fight")
        r.require(f"{where}.by", by is not None, "missing: the card or power that took it out (e.g. Magic Lamp)")
        if target is not None and target not in [m.name for m in monsters]:
            r.bad(f"{where}.monster", "no monster named {name} in this combat (monsters: {names})",
                  name=quote(target), names=", ".join(m.name for m in monsters) or "—")
        elif target is not None and (target in [x.monster for x in removed] or charm and charm[1] == target):
            r.bad(f"{where}.monster", "{name} is already out of the fight", name=quote(target))
        elif target is not None and by is not None:
            removed.append(model.Removal(target, by, r.value(spec, "treasure", where, bool, True)))
    if fighter is None:
        return None
    return model.Combat(fighter=fighter, helper=helper, monsters=tuple(monsters),
                        player_bonuses=r.numbers(shots.get("players"), "combat.one_shots.players"),
                        monster_bonuses=r.numbers(shots.get("monsters"), "combat.one_shots.monsters"),
                        discards=tuple(discards), charm=charm, removed=tuple(removed))


def _monster_effects(r: _Reader, m: dict, path: str) -> dict:
    """A monster's printed effects (``friendly_to``, ``bad_stuff``, …) as :class:`model.Monster` fields."""
    out, clauses = {}, []
    against = model.RACES[r.game] + model.CLASSES[r.game] + model.SEXES
    for effect, keys in MONSTER_EFFECT_KEYS.items():
        if m.get(effect) is None or m[effect] is False:
            continue
        where = f"{path}.{effect}"
        from_card = effect in m.get("_from_card", ())
        # `no_help: true` says the same as `no_help: {}`; a ruling's clause comes only from a card record
        allowed = keys if from_card else tuple(k for k in keys if k != "clause")
        spec = {} if m[effect] is True and effect in ("no_help", "level_only", "auto_escape") else \
            r.mapping(m[effect], where, dict.fromkeys(allowed))
        if from_card and spec.get("clause"):
            clauses.append((effect, spec["clause"]))
        for key, cited_for in SECOND_CLAUSES.items():
            if from_card and spec.get(key):
                clauses.append((cited_for, spec[key]))
        if effect == "friendly_to":
            out["friendly_to"] = r.strings(spec, "who", where, choices=against)
            out["gives"] = r.value(spec, "gives", where, int, 0, low=0, high=10)
            out["trade_in"] = r.value(spec, "trade_in", where, int, 0, low=0, high=10)
        elif effect == "wave_past":
            out["wave_past"] = True
            out["wave_past_unless"] = r.strings(spec, "unless", where, choices=against)
        elif effect == "stomped_by":
            out["stomped_by"] = r.strings(spec, "who", where, choices=against)
            out["not_stomped_by"] = r.strings(spec, "not", where, choices=against)
        elif effect == "treasure_for_all":
            out["treasure_for_all"] = (r.value(spec, "each", where, int, 0, low=0, high=10),
                                       r.value(spec, "winners", where, int, 0, low=0, high=10))
        elif effect in ("no_help", "level_only", "auto_escape"):
            out[effect] = True
        elif effect == "escape_loss":
            out["escape_loss"] = r.value(spec, "levels", where, int, 0, low=0, high=10)
        elif effect == "bad_stuff":
            stuff = [("levels", r.value(spec, "levels", where, int, None, low=0, high=20)),
                     ("slots", r.strings(spec, "slots", where, choices=model.SLOTS) or None),
                     ("death", r.value(spec, "death", where, bool)),
                     ("classes", r.value(spec, "classes", where, bool)),
                     ("otherwise_levels", r.value(spec, "otherwise_levels", where, int, None, low=0, high=20)),
                     ("random_items", r.value(spec, "random_items", where, bool))]
            out["bad_stuff"] = tuple((k, v) for k, v in stuff if v is not None)
        elif effect == "extra_treasure":
            n = r.value(spec, "treasures", where, int, 1, low=0, high=10)
            out["extra_treasure"] = tuple((who, n) for who in r.strings(spec, "who", where, choices=against))
        elif effect in ("chased_by", "ignores"):
            out[effect] = r.strings(spec, "who", where, choices=against)
        elif effect == "weapons_bonus":
            out["weapons_bonus"] = (r.value(spec, "fewer_than", where, int, 0, low=0, high=10),
                                    r.value(spec, "bonus", where, int, 0, low=-100, high=100))
    out["families"] = r.strings(m, "families", path)
    if "rulings" in m.get("_from_card", ()):
        # a card record's rulings on its plain facts (undead, families): fact -> clause
        clauses += [(str(k), str(v)) for k, v in (m.get("rulings") or {}).items()]
    out["clauses"] = tuple(clauses)
    return out


class _AnyKey(dict):
    """Allowed-keys stand-in for mappings whose keys are free (``bonus_vs``)."""

    def __contains__(self, key) -> bool:
        return True


#: the kinds of question about one player (question.player), as the registry declares them
NEEDS_PLAYER = tuple(q.kind for q in QUESTIONS if q.needs_player)
#: question kind -> the fields of its ``question`` mapping it cannot be asked without: its
#: required parameters, as the registry declares them, that are such fields
NEEDS = {q.kind: {p.name for p in q.parameters if p.required} & set(QUESTION_KEYS) for q in QUESTIONS}


def _question(r: _Reader, raw, players: tuple[model.Player, ...]) -> model.Question | None:
    if raw is None:
        r.bad("question", "missing: what is being asked (question.kind)")
        return None
    raw = r.mapping(raw, "question", QUESTION_KEYS)
    kind = r.value(raw, "kind", "question", str, choices=model.QUESTION_KINDS)
    if kind is None:
        if "kind" not in raw:
            r.bad("question.kind", "missing (expected one of: {allowed})", allowed=", ".join(model.QUESTION_KINDS))
        return None
    names = [p.name for p in players]
    player = r.value(raw, "player", "question", str)
    for key in ("player", "target"):
        value = raw.get(key)
        if isinstance(value, str) and value not in names:
            r.bad(f"question.{key}", "no player named {name} (players: {names})", name=quote(value),
                  names=", ".join(names) or "—")
    if kind in NEEDS_PLAYER:
        r.require("question.player", player is not None, "missing: a {kind} question asks about one player", kind=kind)
    action = r.value(raw, "action", "question", str, choices=model.ACTIONS)
    if "action" in NEEDS[kind]:
        r.require("question.action", action is not None, "missing (expected one of: {allowed})",
                  allowed=", ".join(model.ACTIONS))
    source = r.value(raw, "source", "question", str, choices=model.LEVEL_SOURCES)
    change = r.value(raw, "change", "question", int, 0, low=-20, high=20)
    if "change" in NEEDS[kind]:
        r.require("question.change", raw.get("change") is not None,
                  "missing: the number of levels to add or take (+N / -N)")
    if "source" in NEEDS[kind]:
        r.require("question.source", source is not None, "missing (expected one of: {allowed})",
                  allowed=", ".join(model.LEVEL_SOURCES))
    roll = r.value(raw, "roll", "question", int, None, low=1, high=10)
    if "roll" in NEEDS[kind]:
        r.require("question.roll", roll is not None, "missing: the d10 result, 1 to 10")
    items = r.strings(raw, "items", "question")
    if kind == "sell" and player in names:
        seller = next(p for p in players if p.name == player)
        # a steed is an item, and a hireling may be one: the engine says which sell
        owned = {i.name for i in seller.items} | {x.name for x in (seller.steed, seller.hireling) if x is not None}
        for i, item in enumerate(items):
            if item not in owned:
                r.bad(f"question.items[{i}]", "{player} has no item named {item} (items: {items})", player=player,
                      item=quote(item), items=", ".join(sorted(owned)) or "—")
        r.require("question.items", bool(raw.get("items")), "missing: the names of the items to sell")
    item = r.value(raw, "item", "question", str)
    if item is not None and action in ("play-race", "play-class"):
        # the race or class card played, by its name in any language (Harcos is the Warrior)
        known = model.RACES[r.game] if action == "play-race" else model.CLASSES[r.game]
        item = heard(item, known) or r.card_word(item, known) or item
    target = r.value(raw, "target", "question", str)
    return model.Question(kind=kind, player=player, action=action, items=items, change=change,
                          source=source, roll=roll, target=target, item=item,
                          source_requires=_source_requires(r, source),
                          item_fighter_only=_fighter_only(r, item) if action == "play-one-shot" else None)


def _fighter_only(r: _Reader, item: str | None) -> str | None:
    """The clause by which only the fighter may play the one-shot card ``item`` names (its
    record's ``fighter_only``: the Magic Lamp, card-rulings.magic-lamp-not-by-helper), else ``None``."""
    if item is None or r.cards is None:
        return None
    record = r.cards(item)[0]
    fact = ((record or {}).get("facts") or {}).get("fighter_only")
    return fact.get("clause") if isinstance(fact, dict) else None


def _source_requires(r: _Reader, source: str | None) -> model.Requirements | None:
    """Whom the card a level source names raises at all, as its record says (``requires``:
    Divine Intervention raises Clerics); ``None`` for a source that is no such card."""
    if source is None or r.cards is None:
        return None
    record = r.cards(source.replace("-", " "))[0]
    if record is None or _fold_name(source.replace("-", " ")) not in record.get("folded_names", ()):
        return None
    req = (record.get("facts") or {}).get("requires")
    if not isinstance(req, dict):
        return None
    return model.Requirements(classes=tuple(req.get("classes", ())), races=tuple(req.get("races", ())),
                              sex=req.get("sex"), forbid_classes=tuple(req.get("not_classes", ())),
                              forbid_races=tuple(req.get("not_races", ())))
