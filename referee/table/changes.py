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

from referee import model
from referee.corpus import load_corpus
from referee.errors import BadInput, InvalidFile, NotFound, Problem
from referee.i18n.catalogs import N_
from referee.fields import ITEM_FIELDS, PLAYER_FIELDS, parse_assignments, parse_change, parse_value  # noqa: F401
from referee.table.state import FIGHT, apply, item_mapping, next_player, player_mapping, player_of, split, table_mapping
from referee.table.store import Draft

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Optional

#: house rules a table may play with, as in situation files
HOUSE_RULES = ("starting_cards", "phase_zero", "shared_victory", "interference_seconds")
#: the card types that make an item of the table
ITEM_TYPES = ("item", "one-shot item", "steed")  # a steed is an item too, as a situation's items say


def message(template: str, **values) -> dict:
    """A summary of a change for the log, kept untranslated (rendered in the reader's language)."""
    return {"template": template, "values": values}


def plural_message(singular: str, plural: str, count: int, **values) -> dict:
    """:func:`message` with a count: the form is chosen by the reader's language."""
    return {"template": singular, "plural": plural, "count": count, "values": dict(values, count=count)}


def current(changes: list) -> dict:
    """The table the log leaves, in the situation-file format; a table must be in progress."""
    return split(full(changes))[0]


def full(changes: list) -> dict:
    """The state the log leaves with the fight in progress and the winners (:func:`split`)."""
    state = changes.state
    if state is None:
        raise NotFound("no table in progress; start one with `referee table new NAME…`")
    return state


def refuse_if_won(changes: list) -> None:
    """After a win only ``undo`` (and a new game) changes the table."""
    winners = (changes.state or {}).get("winner")
    if winners:
        raise BadInput("the game is over: {names} won; only `referee table undo` changes it now (or `referee table "
                       "new … --replace` starts a new game)", names=", ".join(winners))


def top_level(situation: model.Situation, corpus) -> int:
    """The level that wins the game (10; 20 in Epic)."""
    # lazy: referee.engine.variants 1 ms to import, paid only by the calls that need it
    from referee.engine.variants import rules_for

    return rules_for(situation, _loaded(corpus).values).max_level


def win_levels(table: dict, judged) -> tuple[dict, str, list]:
    """What a fight's verdict records: each player's new level, those changes in words, and the
    winners (the engine's, shared victory included)."""
    details = judged.verdict.details
    gains = {name: gain for name, gain in (details.get("levels") or {}).items() if gain}
    old = {name: player_of(table, name)["level"] for name in gains}
    fields = {name: {"level": old[name] + gain} for name, gain in gains.items()}
    shown = ", ".join(f"{name} {old[name]} → {fields[name]['level']}" for name in gains)
    return fields, shown, list(details.get("wins") or [])


def checked(state: dict, what: str, corpus=None) -> model.Situation:
    """Read ``state`` as the situation reader would (with the corpus's cards, when given: races,
    classes and curses by a card's name in any language); problems name players by name."""
    # lazy: referee.situation 0.7 ms to import, paid only by the calls that need it
    from referee.situation import read_table

    try:
        if corpus is not None:
            return read_table(state, what, cards=_cards(corpus))
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
               replace: bool, kept: Optional[str] = None) -> Draft:
    state = changes.state
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
    if kept:
        summary = message(N_("New game of {game}: {players} (the unusable table file was kept as {kept})."),
                          game=table["game"], players=", ".join(names), kept=kept)
    else:
        summary = message(N_("New game of {game}: {players}."), game=table["game"], players=", ".join(names))
    return Draft("new", request, {"op": "new", "table": table}, summary, new_game=True)


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
    situation = checked(after, "table set", _corpus())
    canonical = player_mapping(situation.player(name))
    fields = {key: canonical[key] for key in fields}
    shown = ", ".join(f"{k}={_show(v)}" for k, v in fields.items())
    effect = {"op": "player", "name": name, "fields": fields}
    before = next(p for p in state["players"] if p["name"] == name)["level"]
    if "level" in fields and fields["level"] >= top_level(situation, _corpus()) > before:
        # The table is told the player stands at the winning level: the game is won (setup.winning).
        effect["won"] = [name]
    return Draft("set", {"player": name, "fields": assignments}, effect,
                 message(N_("{player}: {fields}."), player=name, fields=shown))


def _corpus():
    """The rules corpus, for the card names a change may use (``races=Elfo``, ``curses=Nagy láb``),
    read on the first such name: most changes name no card."""
    return LOAD_CORPUS


LOAD_CORPUS = object()  # stands for "load the corpus when a card is first looked up"


def _loaded(corpus):
    """``corpus`` itself, or the rules corpus read now for :data:`LOAD_CORPUS`."""
    return load_corpus() if corpus is LOAD_CORPUS or corpus is None else corpus


def _cards(corpus):
    """The situation reader's card look-up on ``corpus`` (``LOAD_CORPUS``: the corpus read on the
    first name looked up, as most tables name no card)."""
    # lazy: referee.adjudicate 0.3 ms to import, paid only by the calls that need it
    from referee.adjudicate import card_lookup

    resolved = []

    def cards(name: str, exact_only: bool = False):
        if not resolved:
            if corpus is LOAD_CORPUS:
                resolved.append(card_lookup(load_corpus()))
            else:
                resolved.append(card_lookup(corpus))
        return resolved[0](name, exact_only)

    return cards


card_names = _cards  # for the table's other readers (its strengths)


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
    new_item = item not in owned
    namesake = None  # the card whose name the item shares, with another bonus
    found = _item_card(corpus, card if card else item, explicit=card is not None) if card or new_item else None
    if found is not None and card is None:
        # lazy: referee.situation 0.7 ms to import, paid only by the calls that need it
        from referee.situation import other_bonus

        if other_bonus(fields, found.facts):
            # "Létra bonus=2": another bonus than the card prints is another item sharing its
            # name, as a situation file reads it; --card says it is the card
            namesake, found = found, None
    numbers = {}
    if found is not None:
        numbers = {k: v for k, v in found.facts.items() if k in ITEM_FIELDS}
        if found.type == "one-shot item":
            numbers["one_shot"] = True
    put = {**owned.get(item, {}), **numbers, **fields, "name": item}
    after = apply(state, {"op": "item", "player": name, "put": put})
    situation = checked(after, "table item", corpus)
    holder = situation.player(name)
    # (a steed card among the items is the steed ridden, which is an item too: the Turtle)
    recorded = next((i for i in holder.items if i.name == item), None)
    canonical = item_mapping(recorded if recorded is not None else holder.steed)
    if found is None and new_item and not fields:
        # Not a card, and nothing said of it: its bonus is not guessed (a silent +0 would
        # misstate every fight). An item described by its fields (bonus=2, gold=300) is kept as typed.
        raise BadInput("table item: {item} is not the name of an item card (nearest: {suggestions}); take a card's "
                       "numbers with --card CARD, or record it as typed with its bonus: `referee table item {player} "
                       "{quoted} bonus=N`", item=repr(item), suggestions=_nearest_items(corpus, item),
                       player=name, quoted=_shell_word(item))
    if found is not None:
        summary = message(N_("{player} has {item} ({bonus:+d}), with the numbers of the card {card}."), player=name,
                          item=item, bonus=canonical["bonus"], card=found.name)
    elif not new_item:
        summary = message(N_("{player}'s {item} changed: {fields}."), player=name, item=item,
                          fields=", ".join(f"{k}={_show(canonical[k])}" for k in fields))
    elif namesake is not None:
        summary = message(N_("{player} has {item} ({bonus:+d}), recorded as typed: the card {card} prints another "
                             "bonus (take its numbers with --card)."),
                          player=name, item=item, bonus=canonical["bonus"], card=namesake.name)
    else:
        summary = message(N_("{player} has {item} ({bonus:+d}), recorded as typed: no card by that name."),
                          player=name, item=item, bonus=canonical["bonus"])
    return Draft("item", request, {"op": "item", "player": name, "put": canonical}, summary)


def _nearest_items(corpus, name: str) -> str:
    # lazy: referee.cards 36 ms to import, which `referee table show` does not need
    from referee.cards import decide, find_cards, localizer, suggested

    items = [c for c in corpus.cards.values() if c.type in ITEM_TYPES]
    chosen, candidates = decide(find_cards(items, name, localizer()))
    names = [chosen.name] if chosen is not None else suggested(items, name, candidates, localizer())
    return ", ".join(names) or "—"


def _shell_word(text: str) -> str:
    # lazy: shlex 0.3 ms to import, paid only by the calls that need it
    import shlex

    return shlex.quote(text)


def _owned_name(item: str, owned: dict) -> str:
    """The item as the player has it, if ``item`` names it ignoring case; else ``item`` itself."""
    if item in owned:
        return item
    same = [n for n in owned if n.casefold() == item.casefold()]
    return same[0] if len(same) == 1 else item


def _item_card(corpus, name: str, explicit: bool):
    """The item card ``name`` names: any match (typos forgiven) when asked with --card; only an
    exact name otherwise, so a player's own item name never takes another card's numbers."""
    # lazy: referee.cards 36 ms to import, which `referee table show` does not need
    from referee.cards import decide, exact_cards, find_cards, localizer, suggested

    items = [c for c in corpus.cards.values() if c.type in ITEM_TYPES]
    if not explicit:
        found = exact_cards(items, [name], localizer())
        return found[0] if found else None
    chosen, candidates = decide(find_cards(items, name, localizer()))
    if chosen is None:
        names = suggested(items, name, candidates, localizer())
        if not names:  # nothing near to offer: no empty "did you mean"
            raise BadInput("--card: no item card named {name}", name=repr(name))
        raise BadInput("--card: no item card named {name} (did you mean: {suggestions}?)", name=repr(name),
                       suggestions=", ".join(names))
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
    effect = {"op": "turn", "fields": fields}
    if full(changes).get(FIGHT) and (name != state.get("turn") or fields["phase"] not in ("combat", "running-away")):
        effect["fight"] = None  # the fight (or the flight from it) is over once the turn moves on
    return Draft("turn", {"player": name, "phase": phase, "met_monster": met}, effect,
                 message(N_("{player}'s turn ({phase})."), player=name, phase=fields["phase"] or "—"))


# --- table level ---------------------------------------------------------------------------

def decide_level(changes: list, name: str, change: int, source: str, corpus):
    """The ``level`` verdict on the table, and the change to record (``None`` when refused)."""
    # lazy: referee.questions 1.0 ms, referee.adjudicate 0.3 ms to import, paid only by the calls that need it
    from referee.adjudicate import judge_data

    from referee.questions import in_fight

    state, fight, _ = split(full(changes))
    name = known_player(state, name, "table level")
    data = dict(state, question={"kind": "level", "player": name, "change": change, "source": source})
    if fight is not None and data.get("phase") in ("combat", "running-away"):
        data["combat"] = fight["combat"]  # asked in the middle of the fight in progress
    judged = judge_data(in_fight(data), "table level", corpus)
    old, new = judged.verdict.details["old_level"], judged.verdict.details["new_level"]
    if new == old:
        return None, judged
    summary = message(N_("{player}: level {old} → {new} ({source})."), player=name, old=old, new=new, source=source)
    effect = {"op": "player", "name": name, "fields": {"level": new}}
    if judged.verdict.details.get("wins"):
        effect["won"] = [name]
    draft = Draft("level", {"player": name, "change": change, "source": source}, effect, summary)
    return draft, judged


def decide_fight(changes: list, build, corpus):
    """A fight on the table (``referee fight … --record``) and the levels it gives, recorded as
    one change: the verdict is judged on the log as it stands inside the write."""
    # lazy: referee.adjudicate 0.3 ms to import, paid only by the calls that need it
    from referee.adjudicate import judge_data

    state, fight, _ = split(full(changes))
    data = build(state)
    try:
        judged = judge_data(data, "fight", corpus)
    except InvalidFile as exc:
        raise InvalidFile([by_name(p, data) for p in exc.problems], what="question") from None
    fields, shown, wins = win_levels(state, judged)
    if not fields:
        return None, judged
    monsters = ", ".join(m.name for m in judged.situation.combat.monsters)
    effect = {"op": "players", "fields": fields}
    if wins:
        effect["won"] = wins
    if fight is not None:
        effect["fight"] = None  # the fight recorded is the one the table was in
    return (Draft("fight", {"combat": data["combat"]}, effect,
                  message(N_("Won the fight against {monsters}: {levels}."), monsters=monsters, levels=shown)),
            judged)


def decide_recorded(changes: list, kind: str, build, corpus):
    """A sale or a death on the table (``sell … --record``, ``death … --record``), judged on the
    log as it stands inside the write, and what it does to the player recorded as one change:
    a sale the levels it buys and the items sold; a death everything the player loses."""
    # lazy: referee.engine.variants 1 ms, referee.adjudicate 0.3 ms to import, paid only by the calls that need it
    from referee.adjudicate import judge_data
    from referee.engine.variants import rules_for

    state = current(changes)
    data = build(state)
    try:
        judged = judge_data(data, kind, corpus)
    except InvalidFile as exc:
        raise InvalidFile([by_name(p, data) for p in exc.problems], what="question") from None
    name = data["question"]["player"]
    player = next(p for p in state["players"] if p["name"] == name)
    details = judged.verdict.details
    if kind == "sell":
        if not details.get("levels_gained"):
            return None, judged
        sold = set(data["question"]["items"])
        fields = {"level": details["new_level"], "items": [i for i in player.get("items", []) if i["name"] not in sold]}
        summary = message(N_("{player} sold {items} for {gold} gold: level {old} → {new}."), player=name,
                          items=", ".join(data["question"]["items"]), gold=details["gold"], old=player["level"],
                          new=details["new_level"])
    else:
        fields = {"dead": True, "items": [], "hireling": None, "steed": None}
        if player.get("hand") is not None:
            fields["hand"] = 0
        if not rules_for(judged.situation, corpus.values).curses_kept_at_death():
            fields["curses"] = []
        summary = message(N_("{player} died and lost everything but level, race and class."), player=name)
    after = apply(state, {"op": "player", "name": name, "fields": fields})
    canonical = player_mapping(checked(after, kind).player(name))
    fields = {key: canonical[key] for key in fields if key in canonical}
    return (Draft(kind, {"question": data["question"]}, {"op": "player", "name": name, "fields": fields}, summary),
            judged)


# --- table undo ----------------------------------------------------------------------------

def decide_undo(changes: list, count: int) -> Draft:
    """Take back the last ``count`` changes that stand. More than there are is refused, naming
    how many there are: ``undo 99`` is more often a slip than a wish to lose the whole game."""
    current(changes)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise BadInput("table undo: {count} is not a number of changes (1 or more)", count=count)
    # newest first, down the chain of changes that stand (the game's start is never taken back)
    standing = [c for c in changes.standing(count + 1) if c.command != "new"][::-1]
    if not standing:
        raise NotFound("nothing to undo: the game is as it was started")
    if count > len(standing):
        raise BadInput("table undo: only {available} changes can be taken back, not {count}; `referee table undo "
                       "{available}` takes back everything since the game began (nothing was changed)",
                       available=len(standing), count=count)
    taken = list(reversed(standing[-count:]))
    return Draft("undo", {"count": count}, {"op": "undo", "changes": [c.seq for c in taken]},
                 plural_message("Took back {count} change: {changes}", "Took back {count} changes: {changes}",
                                len(taken), changes=named(taken)))


def named(changes: list) -> list[dict]:
    """Changes as an undo or redo names them: their number and their own summary."""
    return [{"seq": c.seq, "summary": c.summary} for c in changes]


def decide_redo(changes: list) -> Draft:
    """Put back what the last undo took back, if nothing else was changed since."""
    current(changes)
    gone = set()
    for change in changes.backwards():
        op = change.effect.get("op")
        if op == "redo":
            gone.update(change.effect["changes"])
            continue
        if op == "undo" and change.seq in gone:
            continue
        if op == "undo":
            back = [changes.change(seq) for seq in change.effect["changes"]]
            return Draft("redo", {}, {"op": "redo", "changes": [change.seq]},
                         plural_message("Put back {count} change: {changes}",
                                        "Put back {count} changes: {changes}", len(back),
                                        changes=named(back)))
        break
    raise NotFound("nothing to redo: no change was taken back since the last change")
