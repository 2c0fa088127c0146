"""The state of a game in progress: what its log of changes leaves. Pure: no I/O.

The state is a mapping in the situation-file format without ``combat`` and ``question``
(CONTRACT.md, "The table"), so any question about the table is that mapping plus a question.
Each change in the log carries one *effect*, with every value already checked and in its
canonical form:

- ``{"op": "new", "table": {…}}`` — a new game, the whole table;
- ``{"op": "player", "name": N, "fields": {…}}`` — fields of one player set;
- ``{"op": "players", "fields": {N: {…}, …}}`` — fields of several players set at once (a fight won);
- ``{"op": "item", "player": N, "put": {…}}`` — an item added (or replaced, by name);
- ``{"op": "item", "player": N, "remove": NAME}`` — an item taken away;
- ``{"op": "turn", "fields": {…}}`` — whose turn it is, the phase, a monster met;
- ``{"op": "undo", "changes": [seq, …]}`` — earlier changes taken back;
- ``{"op": "redo", "changes": [seq, …]}`` — undos taken back: what they took back stands again;
- ``{"op": "combat", "fight": {…} | None}`` — the fight in progress opened, changed or cancelled.

Any effect may also carry ``"phase"`` (the phase after it), ``"fight"`` (the fight in progress
after it: a mapping, or ``None`` when the change ends it) and ``"won"`` (the players the change
makes winners). The replayed state keeps the last two under :data:`FIGHT` and :data:`WINNER`,
which :func:`split` takes out: the table itself stays in the situation-file format.

Replaying the effects of every change not taken back gives the state; since each effect sets
values rather than adding to them, taking back the last changes is exact.
"""

from __future__ import annotations

from referee import model
from referee.plain import copied

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Iterable, Optional


#: where the replayed state keeps the fight in progress and the winners (see :func:`split`)
FIGHT, WINNER = "fight", "winner"
#: effects that take other changes back (or put them back) instead of changing the table
TAKING = ("undo", "redo")


def taken_back(changes: Iterable) -> set[int]:
    """The sequence numbers of the changes taken back: by an ``undo`` that stands, or (a
    ``redo`` taking back that undo) not. Newest first, since each points only at older ones."""
    out: set[int] = set()
    for change in reversed(list(changes)):
        if change.effect.get("op") in TAKING and change.seq not in out:
            out.update(change.effect.get("changes", ()))
    return out


def taken_back_map(changes: list) -> dict[int, int]:
    """For each change taken back, the undo (or, for an undo, the redo) that took it back and
    stands: one pass over the whole log, for ``table log``."""
    out: dict[int, int] = {}
    for change in reversed(changes):
        if change.effect.get("op") in TAKING and change.seq not in out:
            for seq in change.effect.get("changes", ()):
                out.setdefault(seq, change.seq)
    return out


def in_effect(changes: list) -> list:
    """The changes whose effect stands: neither an undo or redo nor taken back by one."""
    gone = taken_back(changes)
    return [c for c in changes if c.effect.get("op") not in TAKING and c.seq not in gone]


def split(state: Optional[dict]) -> tuple[Optional[dict], Optional[dict], Optional[list]]:
    """``(table, fight in progress, winners)`` from a replayed state; ``table`` is a new mapping
    in the situation-file format, the one the situation reader checks."""
    if state is None:
        return None, None, None
    table = {k: v for k, v in state.items() if k not in (FIGHT, WINNER)}
    return table, state.get(FIGHT), state.get(WINNER)


def replay(changes: list) -> Optional[dict]:
    """The table the log leaves (``None`` before the first ``new``): a new mapping, the
    caller's to change."""
    known = _REPLAYED.get(id(changes[0])) if changes else None
    if known is not None:
        first, count, last, state = known
        tail = changes[count:]
        # The same log, only longer (the store's log objects are kept and only appended to),
        # and nothing in the new part takes anything back: the state so far still stands.
        if (first is changes[0] and count <= len(changes) and changes[count - 1] is last
                and not any(c.effect.get("op") in TAKING for c in tail)):
            for change in tail:
                state = _apply(state, copied(change.effect), copy=False)
            return _remembered(changes, state)
    state = None
    for change in in_effect(changes):
        # Applied in place (each effect copied, being small): a long game costs one pass, not a
        # copy of the whole table per change.
        state = _apply(state, copied(change.effect), copy=False)
    return _remembered(changes, state) if changes else state


#: the logs replayed last, by their first change: (it, how many changes, the last, the state).
#: A server or a session replays the same game on every request; with this only the changes
#: since the last request are applied. Kept small: a process serves one table or a few.
_REPLAYED: dict[int, tuple] = {}
_REPLAYED_SIZE = 8


def _remembered(changes: list, state: Optional[dict]) -> Optional[dict]:
    _REPLAYED.pop(id(changes[0]), None)
    if len(_REPLAYED) >= _REPLAYED_SIZE:
        del _REPLAYED[next(iter(_REPLAYED))]
    _REPLAYED[id(changes[0])] = (changes[0], len(changes), changes[-1], state)
    return copied(state) if state is not None else None


def apply(state: Optional[dict], effect: dict) -> dict:
    """The state after one effect (a new mapping; ``state`` is not changed)."""
    return _apply(state, effect, copy=True)


def _apply(state: Optional[dict], effect: dict, copy: bool) -> dict:
    op = effect["op"]
    if op == "new":
        return copied(effect["table"])
    if state is None:
        raise ValueError(f"a {op!r} change before any game was started")
    if copy:
        state, effect = copied(state), copied(effect)
    if "fight" in effect:
        if effect["fight"] is None:
            state.pop(FIGHT, None)
        else:
            state[FIGHT] = effect["fight"]
    if effect.get("won"):
        state[WINNER] = list(effect["won"])
    if "phase" in effect:  # a fight won moves the turn on to charity
        state["phase"] = effect["phase"]
    if op == "combat":
        state.update(effect.get("fields", {}))
        for name, fields in effect.get("players", {}).items():  # a curse played in the fight
            player_of(state, name).update(fields)
    elif op == "player":
        player_of(state, effect["name"]).update(effect["fields"])
    elif op == "players":
        for name, fields in effect["fields"].items():
            player_of(state, name).update(fields)
    elif op == "item":
        items = player_of(state, effect["player"]).setdefault("items", [])
        name = effect["put"]["name"] if "put" in effect else effect["remove"]
        at = next((i for i, item in enumerate(items) if item["name"] == name), None)
        if "put" in effect:
            if at is None:
                items.append(effect["put"])
            else:
                items[at] = effect["put"]
        elif at is not None:
            del items[at]
    elif op == "turn":
        state.update(effect["fields"])
    else:
        raise ValueError(f"unknown change {op!r}")
    return state


def player_of(state: dict, name: str) -> dict:
    for player in state["players"]:
        if player["name"] == name:
            return player
    raise KeyError(name)


def next_player(state: dict) -> str:
    """Whose turn comes after the current one, in the order the players sit."""
    names = [p["name"] for p in state["players"]]
    current = state.get("turn")
    return names[(names.index(current) + 1) % len(names)] if current in names else names[0]


# The canonical form of what the situation reader returns: every field, defaults included, so
# `referee table --json` always has the same keys and a saved situation reads back the same.

def item_mapping(item: model.Item) -> dict:
    requires = {"classes": list(item.requires.classes), "races": list(item.requires.races),
                "sex": item.requires.sex, "not_classes": list(item.requires.forbid_classes),
                "not_races": list(item.requires.forbid_races)}
    out = {"name": item.name, "bonus": item.bonus, "slot": item.slot, "big": item.big, "complex": item.complex,
           "gold": item.gold, "carried": item.carried, "one_shot": item.one_shot}
    requires = {k: v for k, v in requires.items() if v}
    if requires:
        out["requires"] = requires
    if item.bonus_for:  # a card's printed effects, kept with the item
        out["bonus_for"] = dict(item.bonus_for)
    if item.disguise:
        out["disguise"] = item.disguise
    if item.run_away is not None:  # a steed's Run Away modifier
        out["run_away"] = item.run_away
    return out


def player_mapping(player: model.Player) -> dict:
    """A player as the situation reader reads it back. ``hand`` is there only when known: a
    table that never said how many cards a player holds does not claim none."""
    hireling = player.hireling
    out = {
        "name": player.name, "level": player.level, "sex": player.sex, "races": list(player.races),
        "classes": list(player.classes), "enhancers": list(player.enhancers), "half_breed": player.half_breed,
        "super_munchkin": player.super_munchkin, "dead": player.dead,
        "items": [item_mapping(i) for i in player.items],
        "hireling": None if hireling is None else {
            k: v for k, v in (("name", hireling.name), ("bonus", hireling.bonus), ("race", hireling.race),
                              ("classes", list(hireling.classes)), ("sex", hireling.sex),
                              ("enhancers", list(hireling.enhancers)), ("gold", hireling.gold),
                              ("big_items", hireling.big_items))
            if v not in (None, [], 0) or k == "bonus"},
        "steed": None if player.steed is None else item_mapping(player.steed),
        "curses": [curse.name for curse in player.curses],
        "pet": None if player.pet is None else {"name": player.pet.name, "level": player.pet.level},
    }
    if player.hand_cards:
        out["hand"] = list(player.hand_cards)
    elif player.hand_known:
        out["hand"] = player.hand
    return out


def table_mapping(situation: model.Situation) -> dict:
    house = situation.house_rules
    return {
        "game": situation.game, "expansions": list(situation.expansions),
        "house_rules": {k: v for k, v in (("starting_cards", house.starting_cards), ("phase_zero", house.phase_zero),
                                          ("shared_victory", house.shared_victory),
                                          ("interference_seconds", house.interference_seconds))
                       if v not in (None, False)},
        "turn": situation.turn, "phase": situation.phase, "met_monster_this_turn": situation.met_monster_this_turn,
        "players": [player_mapping(p) for p in situation.players],
    }
