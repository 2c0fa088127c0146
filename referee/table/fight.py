"""The fight in progress on a table, and its interference window (combat.wait-for-interference).

A fight is opened, changed and cancelled by changes in the log, like anything else on the table:
its deadline is part of the state the log leaves, never a timer in a process's memory, so a
restart or a second server process keeps it. Each change to the fight moves the deadline to the
time of that change plus the window (2.6 s, or the house rule ``interference_seconds``). Once
the deadline has passed, the first read or write that sees it records the result
(:func:`decide_settle`): decided inside a write transaction from the log, so it happens once,
whoever sees it first.

The fight kept in the state (under :data:`referee.table.state.FIGHT`)::

    {"combat": {…a situation's combat block…}, "window": 2.6, "changed_at": T, "closes_at": T + 2.6,
     "result": None}

Times are seconds since the epoch (the callers' clock, injectable for tests). ``result`` stays
``None`` while the fight is open; a fight the players lost stays on the table with its result
(``"lose"``) and the phase ``running-away``, so ``flee`` asks about it, until the turn moves on.
"""

from __future__ import annotations

import copy

from referee.adjudicate import judge_data
from referee.errors import BadInput, InvalidFile, NotFound
from referee.i18n.catalogs import N_
from referee.questions import _pairs, ask, bonuses, monster, who, with_enhancers
from referee.table.changes import by_name, full, message, win_levels
from referee.table.state import FIGHT, apply, split
from referee.table.store import Draft, seconds_of, stamp

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Optional

#: the rules' window for interfering before a fight's result stands (combat.wait-for-interference)
WINDOW = 2.6
#: what a change to the fight may carry, beside the ``fight`` question's own parameters
CHANGE_KEYS = ("fighter", "helper", "monsters", "wandering", "plus", "monster_plus", "one_shots", "discards", "charm",
               "curse", "no_helper")


def iso(seconds: float) -> str:
    """``2026-12-04T23:59:01.600Z``: a moment as the table body shows it."""
    return stamp(seconds)


def window(table: dict) -> float:
    """The seconds the others have to interfere: the house rule, else the rules' 2.6."""
    chosen = (table.get("house_rules") or {}).get("interference_seconds")
    return float(chosen) if chosen is not None else WINDOW


def open_fight(state: Optional[dict]) -> Optional[dict]:
    """The fight still open on the table (not yet decided), or ``None``."""
    fight = (state or {}).get(FIGHT)
    return fight if fight and fight.get("result") is None else None


def closes_at(fight: dict, changes: list) -> float:
    """When the fight's window runs out: after its own last change, and after any later change
    to the table (a level, an undo of its result…): each one is interference, and re-arms it."""
    last = seconds_of(changes.last.at) if changes.last is not None else fight["changed_at"]
    return max(fight["closes_at"], last + fight["window"])


def due(changes: list, now: float) -> bool:
    """Whether the open fight's window has run out at ``now``."""
    fight = open_fight(changes.state)
    return fight is not None and closes_at(fight, changes) <= now


def situation_of(table: dict, fight: dict) -> dict:
    """The fight as a situation to judge (the ``fight`` question on the table)."""
    return dict(table, phase="combat", combat=copy.deepcopy(fight["combat"]), question={"kind": "combat"})


def judge(table: dict, fight: dict, corpus):
    """The fight as it stands, judged as ``referee judge`` judges the same situation."""
    data = situation_of(table, fight)
    try:
        return judge_data(data, "fight", corpus)
    except InvalidFile as exc:
        raise InvalidFile([by_name(p, data) for p in exc.problems], what="change") from None


# --- opening and changing ------------------------------------------------------------------

def decide_combat(changes: list, params: dict, corpus, now: float, new: bool) -> Draft:
    """Open a fight (``new``, or when none is open) or change the one in progress; the window
    starts again from ``now`` either way."""
    table, fight, _ = split(full(changes))
    unknown = [k for k in params if k not in CHANGE_KEYS]
    if unknown:
        raise BadInput("table combat: unknown field {field} (fields: {fields})", field=repr(str(unknown[0])[:40]),
                       fields=", ".join(CHANGE_KEYS))
    params = _one_shots_as_bonuses({k: v for k, v in params.items() if v not in (None, [], "", False, {})})
    cursed = _curse(table, params.pop("curse", None), corpus)
    if not new and open_fight({FIGHT: fight}) is None and not params.get("monsters"):
        raise NotFound("table combat: no fight in progress to change (a fight is decided once the others' time to "
                       "interfere runs out); open one with `referee table combat open MONSTER…`")
    if new or open_fight({FIGHT: fight}) is None:
        block = _opened(table, params, corpus)
        template = N_("Fight: {fighter} against {monsters}; the others have {seconds} s to interfere.")
    else:
        if not params and not cursed:
            raise BadInput("table combat: say what changes (fields: {fields})", fields=", ".join(CHANGE_KEYS))
        block = _changed(table, fight["combat"], params, corpus)
        template = N_("Fight changed: {fighter} against {monsters}; the window starts again ({seconds} s).")
    seconds = window(table)
    fight = {"combat": block, "window": seconds, "changed_at": now, "closes_at": now + seconds, "result": None}
    effect = {"op": "combat", "fight": fight, "fields": {"phase": "combat", "met_monster_this_turn": True}}
    if cursed:
        effect["players"] = cursed
    # checked as a situation file is: a bad name or number is refused here
    judge(apply(table, {"op": "players", "fields": cursed}) if cursed else table, fight, corpus)
    monsters = ", ".join(m["name"] for m in block["monsters"])
    return Draft("combat", {"fight": params, "new": new}, effect,
                 message(template, fighter=block["fighter"], monsters=monsters, seconds=f"{seconds:g}"))


def _opened(table: dict, params: dict, corpus) -> dict:
    if not params.get("monsters"):
        raise BadInput("table combat: name at least one monster (NAME:LEVEL or a card's name)")
    asked = {k: params.get(k) for k in ("monsters", "fighter", "helper", "discards", "charm")}
    asked["monsters"] = list(params.get("monsters") or []) + list(params.get("wandering") or [])
    asked["plus"] = params.get("plus")  # numbers or cards' names, read by the question as by every face
    asked["monster_plus"] = params.get("monster_plus")
    return ask("fight", asked, table, corpus)["combat"]


def _changed(table: dict, block: dict, params: dict, corpus) -> dict:
    """The fight's block with ``params`` applied: names and monsters replace, bonuses and
    wandering monsters add to what is there."""
    block = copy.deepcopy(block)
    if params.get("fighter"):
        block["fighter"] = who(table, params["fighter"], None, "fighter")
    if params.get("no_helper"):
        block.pop("helper", None)
    if params.get("helper"):
        block["helper"] = who(table, params["helper"], None, "helper")
    if params.get("monsters"):
        block["monsters"] = [m if isinstance(m, dict) else monster(str(m), corpus) for m in _listed(params["monsters"])]
    for m in _listed(params.get("wandering")):
        block["monsters"].append(m if isinstance(m, dict) else monster(str(m), corpus))
    shots = block.setdefault("one_shots", {"players": [], "monsters": []})
    shots.setdefault("players", []).extend(bonuses(params.get("plus"), corpus, "plus"))
    numbers, block["monsters"] = with_enhancers(bonuses(params.get("monster_plus"), corpus, "monster_plus", True),
                                                block["monsters"])
    shots.setdefault("monsters", []).extend(numbers)
    if params.get("discards"):
        pairs = params["discards"] if isinstance(params["discards"], dict) else _pairs(
            _listed(params["discards"]), "discards", "NAME=CARDS", number=True)
        block["discards"] = {**block.get("discards", {}),
                             **{who(table, k, None, "discards"): v for k, v in pairs.items()}}
    if params.get("charm"):
        charm = params["charm"]
        if isinstance(charm, str):
            wizard, _, target = charm.partition("=")
            charm = {"wizard": wizard.strip(), "monster": target.strip()}
        block["charm"] = {"wizard": who(table, str(charm.get("wizard")), None, "charm"),
                          "monster": charm.get("monster")}
    return block


def _one_shots_as_bonuses(params: dict) -> dict:
    """``one_shots`` as a situation's combat block gives them (``{"players": […], "monsters": […]}``)
    added to ``plus`` and ``monster_plus``."""
    shots = params.pop("one_shots", None)
    if shots is None:
        return params
    if not isinstance(shots, dict) or set(shots) - {"players", "monsters"}:
        raise BadInput("table combat: one_shots is a mapping with players and monsters (lists of bonuses)")
    out = dict(params)
    out["plus"] = _listed(params.get("plus")) + _listed(shots.get("players"))
    out["monster_plus"] = _listed(params.get("monster_plus")) + _listed(shots.get("monsters"))
    return {k: v for k, v in out.items() if v}


def _curse(table: dict, spec, corpus) -> dict:
    """A curse played during the fight (``NAME=CURSE`` or ``{"player", "curse"}``): the player's
    curses with it added, as a ``players`` effect's fields."""
    if not spec:
        return {}
    if isinstance(spec, str):
        name, _, curse = spec.partition("=")
    elif isinstance(spec, dict):
        name, curse = str(spec.get("player") or ""), str(spec.get("curse") or "")
    else:
        name = curse = ""
    if not name.strip() or not curse.strip():
        raise BadInput("table combat: a curse is NAME=CURSE (the player it is played on, and the curse)")
    name = who(table, name.strip(), None, "curse")
    player = next(p for p in table["players"] if p["name"] == name)
    return {name: {"curses": [*player.get("curses", []), _curse_name(curse.strip(), corpus)]}}


def _curse_name(name: str, corpus) -> str:
    """The curse card ``name`` means (typos forgiven), else the name as typed."""
    # lazy: referee.cards 57 ms to import, which `referee table show` does not need
    from referee.cards import decide, find_cards, localizer

    curses = [c for c in corpus.cards.values() if c.type == "curse"]
    chosen, _ = decide(find_cards(curses, name, localizer()))
    return chosen.card.name if chosen is not None else name


def _listed(value) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


# --- closing -------------------------------------------------------------------------------

def decide_close(changes: list, corpus, now: float, settled: bool) -> Optional[Draft]:
    """The fight judged now and its result recorded, as ``fight --record`` records it: the
    levels it gives, the winners; a lost fight stays for ``flee``. ``settled``: closed by its
    window running out (``None`` when it has not, or another process closed it already)."""
    state = full(changes)
    table, fight, _ = split(state)
    if open_fight(state) is None:
        if settled:
            return None
        raise NotFound("table combat: no fight in progress; open one with `referee table combat open MONSTER…`")
    if settled and closes_at(fight, changes) > now:
        return None
    judged = judge(table, fight, corpus)
    monsters = ", ".join(m["name"] for m in fight["combat"]["monsters"])
    if judged.verdict.verdict == "win":
        fields, shown, wins = win_levels(table, judged)
        effect = {"op": "players", "fields": fields, "fight": None, "phase": "charity",
                  **({"won": wins} if wins else {})}
        summary = message(N_("Won the fight against {monsters}: {levels}."), monsters=monsters, levels=shown or "—")
    else:
        # Lost: the fight stays on the table, decided, for the flight from it (`flee`).
        effect = {"op": "turn", "fields": {"phase": "running-away"},
                  "fight": dict(fight, result=judged.verdict.verdict, closed_at=now)}
        summary = message(N_("Lost the fight against {monsters}: {fighter} must run away."), monsters=monsters,
                          fighter=fight["combat"]["fighter"])
    return Draft("settle" if settled else "close", {"closes_at": fight["closes_at"], "at": now}, effect, summary)


def decide_cancel(changes: list) -> Draft:
    fight = full(changes).get(FIGHT)
    if fight is None:
        raise NotFound("table combat: no fight in progress to cancel")
    monsters = ", ".join(m["name"] for m in fight["combat"]["monsters"])
    return Draft("cancel", {}, {"op": "combat", "fight": None},
                 message(N_("The fight against {monsters} is called off; nothing recorded."), monsters=monsters))
