"""Deciding a change to a table in progress: checked like a situation file, judged by the rules.

Each ``decide_*`` function takes the log as it stands and what the user asked, and returns the
:class:`~referee.table.store.Draft` to record — or raises, and nothing is recorded. The new state
is read back through the situation reader (:func:`referee.situation.read_table`), so a change
meets exactly the checks a situation file meets: unknown fields, wrong types, names that do not
exist, a level out of range for the game. Level changes go through the engine
(:func:`referee.adjudicate.judge_data`), and only what the rules allow is recorded.
"""

from __future__ import annotations

import re
from typing import Optional

from referee import model
from referee.errors import BadInput, InvalidFile, NotFound, Problem
from referee.i18n.catalogs import N_
from referee.table.fields import ITEM_FIELDS, PLAYER_FIELDS, parse_assignments, parse_value
from referee.table.state import apply, in_effect, item_mapping, next_player, player_mapping, replay, table_mapping
from referee.table.store import Draft

#: house rules a table may play with, as in situation files
HOUSE_RULES = ("starting_cards", "phase_zero", "shared_victory")
#: the card types that make an item of the table
ITEM_TYPES = ("item", "one-shot item")


def message(template: str, **values) -> dict:
    """A summary of a change for the log, kept untranslated (rendered in the reader's language)."""
    return {"template": template, "values": values}


def plural_message(singular: str, plural: str, count: int, **values) -> dict:
    """:func:`message` with a count: the form is chosen by the reader's language."""
    return {"template": singular, "plural": plural, "count": count, "values": dict(values, count=count)}


def current(changes: list) -> dict:
    """The state the log leaves; a table must be in progress."""
    state = replay(changes)
    if state is None:
        raise NotFound("no table in progress; start one with `referee table new NAME…`")
    return state


def checked(state: dict, what: str) -> model.Situation:
    """Read ``state`` as the situation reader would; problems name players by name."""
    from referee.situation import read_table

    try:
        return read_table(state, what)
    except InvalidFile as exc:
        raise InvalidFile([by_name(p, state) for p in exc.problems], what="change") from None


def by_name(problem: Problem, state: dict) -> Problem:
    """``players[1].level`` -> ``Bob.level``: players at a table are known by name."""
    players = state.get("players") if isinstance(state, dict) else None

    def name(match) -> str:
        index = int(match.group(1))
        if isinstance(players, list) and index < len(players) and isinstance(players[index], dict):
            return str(players[index].get("name", match.group(0)))
        return match.group(0)

    return problem._replace(field=re.sub(r"players\[(\d+)\]", name, problem.field))


def known_player(state: dict, name: str, what: str) -> str:
    """The player ``name`` means (exactly, else ignoring case), or a message listing the players."""
    names = [p["name"] for p in state["players"]]
    if name in names:
        return name
    folded = [n for n in names if n.casefold() == name.casefold()]
    if len(folded) == 1:
        return folded[0]
    raise BadInput("{what}: no player named {name} at this table (players: {names})", what=what,
                   name=repr(name), names=", ".join(names))


# --- table new -----------------------------------------------------------------------------

def decide_new(changes: list, names: list[str], game: str, expansions: list[str], house_rules: list[str],
               replace: bool) -> Draft:
    state = replay(changes)
    if state is not None and not replace:
        raise BadInput("a game is in progress (players: {players}; changes so far: {count}); `referee table new … "
                       "--replace` starts a new one (the old game's log is kept)",
                       players=", ".join(p["name"] for p in state["players"]), count=len(changes))
    if not names:
        raise BadInput("table new: name the players (at least one)")
    house = parse_assignments(house_rules, HOUSE_RULES, "--house-rule")
    table = {"game": game, "expansions": list(expansions), "house_rules": house, "turn": names[0],
             "phase": "before-door", "met_monster_this_turn": False, "players": [{"name": n} for n in names]}
    table = table_mapping(checked(table, "table new"))
    request = {"players": list(names), "game": game, "expansions": list(expansions), "house_rules": house,
               "replace": replace}
    return Draft("new", request, {"op": "new", "table": table},
                 message(N_("New game of {game}: {players}."), game=table["game"], players=", ".join(names)),
                 new_game=True)


# --- table set -----------------------------------------------------------------------------

def decide_set(changes: list, name: str, assignments: list[str]) -> Draft:
    state = current(changes)
    name = known_player(state, name, "table set")
    if not assignments:
        raise BadInput("table set: give at least one FIELD=VALUE (fields: {fields})", fields=", ".join(PLAYER_FIELDS))
    for word in assignments:
        key, _, raw = word.partition("=")
        if key.strip() == "level" and raw.strip()[:1] in "+-" and raw.strip():
            raise BadInput("table set: level={value} sets a level; a change of level is judged by the rules: "
                           "`referee table level {name} {value} --source SOURCE`", value=raw.strip(), name=name)
    fields = parse_assignments(assignments, PLAYER_FIELDS, "table set")
    after = apply(state, {"op": "player", "name": name, "fields": fields})
    situation = checked(after, "table set")
    canonical = player_mapping(situation.player(name))
    fields = {key: canonical[key] for key in fields}
    shown = ", ".join(f"{k}={_show(v)}" for k, v in fields.items())
    return Draft("set", {"player": name, "fields": assignments}, {"op": "player", "name": name, "fields": fields},
                 message(N_("{player}: {fields}."), player=name, fields=shown))


def _show(value) -> str:
    if isinstance(value, list):
        return ",".join(str(v) for v in value) or "none"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value).lower() if isinstance(value, bool) else str(value)


# --- table item ----------------------------------------------------------------------------

def decide_item(changes: list, name: str, item: str, assignments: list[str], card: Optional[str], remove: bool,
                corpus) -> Draft:
    state = current(changes)
    name = known_player(state, name, "table item")
    owned = {i["name"]: i for i in next(p for p in state["players"] if p["name"] == name).get("items", [])}
    item = _owned_name(item, owned)
    request = {"player": name, "item": item, "fields": assignments, "card": card, "remove": remove}
    if remove:
        if item not in owned:
            raise BadInput("table item: {player} has no item named {item} (items: {items})", player=name,
                           item=repr(item), items=", ".join(owned) or "—")
        return Draft("item", request, {"op": "item", "player": name, "remove": item},
                     message(N_("{player} no longer has {item}."), player=name, item=item))
    fields = parse_assignments(assignments, ITEM_FIELDS, "table item")
    found = _item_card(corpus, card if card else item, explicit=card is not None) \
        if card or (item not in owned and not fields) else None
    numbers = {}
    if found is not None:
        numbers = {k: v for k, v in found.facts.items() if k in ITEM_FIELDS}
        if found.type == "one-shot item":
            numbers["one_shot"] = True
    put = {**owned.get(item, {}), **numbers, **fields, "name": item}
    after = apply(state, {"op": "item", "player": name, "put": put})
    situation = checked(after, "table item")
    canonical = item_mapping(next(i for i in situation.player(name).items if i.name == item))
    if found is not None:
        summary = message(N_("{player} has {item} ({bonus:+d}), with the numbers of the card {card}."), player=name,
                          item=item, bonus=canonical["bonus"], card=found.name)
    elif item in owned:
        summary = message(N_("{player}'s {item} changed: {fields}."), player=name, item=item,
                          fields=", ".join(f"{k}={_show(canonical[k])}" for k in fields))
    else:
        summary = message(N_("{player} has {item} ({bonus:+d})."), player=name, item=item, bonus=canonical["bonus"])
    return Draft("item", request, {"op": "item", "player": name, "put": canonical}, summary)


def _owned_name(item: str, owned: dict) -> str:
    """The item as the player has it, if ``item`` names it ignoring case; else ``item`` itself."""
    if item in owned:
        return item
    same = [n for n in owned if n.casefold() == item.casefold()]
    return same[0] if len(same) == 1 else item


def _item_card(corpus, name: str, explicit: bool):
    """The item card ``name`` names: any match (typos forgiven) when asked with --card; only an
    exact name otherwise, so a player's own item name never takes another card's numbers."""
    from referee.cards import decide, exact_cards, find_cards, localizer, suggested

    items = [c for c in corpus.cards.values() if c.type in ITEM_TYPES]
    if not explicit:
        found = exact_cards(items, [name], localizer())
        return found[0] if found else None
    chosen, candidates = decide(find_cards(items, name, localizer()))
    if chosen is None:
        names = suggested(items, name, candidates, localizer())
        raise BadInput("--card: no item card named {name} (did you mean: {suggestions}?)", name=repr(name),
                       suggestions=", ".join(names) or "—")
    return chosen.card


# --- table turn ----------------------------------------------------------------------------

def decide_turn(changes: list, name: Optional[str], phase: Optional[str], met: Optional[bool]) -> Draft:
    state = current(changes)
    if name:
        name = known_player(state, name, "table turn")
    elif (phase is not None or met is not None) and state.get("turn"):
        name = state["turn"]  # only the phase moves on
    else:
        name = next_player(state)
    fields: dict = {"turn": name}
    if name != state.get("turn"):
        fields.update(phase="before-door", met_monster_this_turn=False)
    if phase is not None:
        fields["phase"] = phase
    if met is not None:
        fields["met_monster_this_turn"] = met
    after = apply(state, {"op": "turn", "fields": fields})
    situation = checked(after, "table turn")
    fields = {"turn": situation.turn, "phase": situation.phase,
              "met_monster_this_turn": situation.met_monster_this_turn}
    return Draft("turn", {"player": name, "phase": phase, "met_monster": met}, {"op": "turn", "fields": fields},
                 message(N_("{player}'s turn ({phase})."), player=name, phase=fields["phase"] or "—"))


# --- table level ---------------------------------------------------------------------------

def parse_change(text: str) -> int:
    """``+2`` / ``-1`` / ``3`` as a number of levels."""
    value = parse_value(text)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput("{value} is not a number of levels (+1, -2 …)", value=repr(text[:40]))
    return value


def decide_level(changes: list, name: str, change: int, source: str, corpus):
    """The ``level`` verdict on the table, and the change to record (``None`` when refused)."""
    from referee.adjudicate import judge_data

    state = current(changes)
    name = known_player(state, name, "table level")
    data = dict(state, question={"kind": "level", "player": name, "change": change, "source": source})
    judged = judge_data(data, "table level", corpus)
    old, new = judged.verdict.details["old_level"], judged.verdict.details["new_level"]
    if new == old:
        return None, judged
    summary = message(N_("{player}: level {old} → {new} ({source})."), player=name, old=old, new=new, source=source)
    draft = Draft("level", {"player": name, "change": change, "source": source},
                  {"op": "player", "name": name, "fields": {"level": new}}, summary)
    return draft, judged


def decide_fight(changes: list, build, corpus):
    """A fight on the table (``referee fight … --record``) and the levels it gives, recorded as
    one change: the verdict is judged on the log as it stands inside the write."""
    from referee.adjudicate import judge_data
    from referee.table.state import player_of

    state = current(changes)
    data = build(state)
    try:
        judged = judge_data(data, "fight", corpus)
    except InvalidFile as exc:
        raise InvalidFile([by_name(p, data) for p in exc.problems], what="question") from None
    gains = {name: gain for name, gain in (judged.verdict.details.get("levels") or {}).items() if gain}
    if not gains:
        return None, judged
    old = {name: player_of(state, name)["level"] for name in gains}
    fields = {name: {"level": old[name] + gain} for name, gain in gains.items()}
    shown = ", ".join(f"{name} {old[name]} → {fields[name]['level']}" for name in gains)
    monsters = ", ".join(m.name for m in judged.situation.combat.monsters)
    return (Draft("fight", {"combat": data["combat"]}, {"op": "players", "fields": fields},
                  message(N_("Won the fight against {monsters}: {levels}."), monsters=monsters, levels=shown)),
            judged)


# --- table undo ----------------------------------------------------------------------------

def decide_undo(changes: list, count: int) -> Draft:
    current(changes)
    if count < 1:
        raise BadInput("table undo: {count} is not a number of changes (1 or more)", count=count)
    standing = [c for c in in_effect(changes) if c.command != "new"]
    if not standing:
        raise NotFound("nothing to undo: the game is as it was started")
    taken = standing[-count:]
    seqs = [c.seq for c in reversed(taken)]
    return Draft("undo", {"count": count}, {"op": "undo", "changes": seqs},
                 plural_message("Took back {count} change: {changes}.", "Took back {count} changes: {changes}.",
                                len(taken), changes=", ".join(f"#{s}" for s in seqs)))
