"""From a reading to the question it asks: the kind, and the parameters the one-line question
of that kind takes (:data:`referee.questions.PARAMETERS`) — or what is missing for it.

Every kind the phrases point at is tried, the surest first (the most words matched); a kind
whose question is complete is a reading. One reading is the question; two equally sure are
an ambiguity, and no verdict.
"""

from __future__ import annotations

import re

from referee.ask.command import ASKER
from referee.ask.names import stem
from referee.ask.patterns import fold, item_words
from referee.ask.reading import ME, Reading, item_named, spans_within
from referee.ask.text import at
from referee.message import Message
from referee.plain import copied
from referee.questions import first_player, flow_text  # (loaded with referee.ask.command already)
from referee.records import Record
from referee.registry import QUESTIONS

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Optional

N_ = Message.of
#: actions whose question is about another player
#: (a Go Up a Level card too: "can Cid give Dee a Go Up a Level?" plays it on Dee)
TARGETED = ("steal", "backstab", "trade", "play-curse", "play-go-up-a-level")
#: acts asked of another player's item, named by its owner ("can Cid equip Bob's hammer?")
OWNED_ITEM_ACTS = ("equip",)
#: the kinds of question and their one-line command
COMMAND = {question.kind: question.verb for question in QUESTIONS}
LOSING_SOURCES = ("bad-stuff", "curse", "steal-level")
#: the sources that only ever give a level
GAINING_SOURCES = ("kill", "sell", "go-up-a-level", "divine-intervention", "help-elf")
#: the cards that change a level by their own name
CARD_SOURCES = ("go-up-a-level", "divine-intervention", "steal-level")


class Built(Record):
    kind: str
    params: dict
    missing: list          # Messages: what the question needs and the text did not say
    sure: int              # how many words of its phrases matched
    core: bool = True      # False: what the question is about is missing (no monster to fight)
    totals: tuple = ()     # strengths the text says ("so it's ten all"): the verdict must give them


def candidates(read, state: Optional[dict], me: Optional[str], fight: Optional[dict] = None) -> list[Built]:
    """Every kind the text may ask, surest first, each built (on a reading of its own: a
    builder gives the pieces to their owners its way) or with what it misses. ``fight`` is
    the table's fight in progress, if one is on: what a question naming no monster is about."""
    first = read()
    me = _asker_named(first, state) or me
    scores = first.best("kinds")
    # a fight is always a reading to try (the least sure): "Cid against a level 15 dragon?"
    # says no word of the question's kind, only its pieces
    scores.setdefault("combat", 0)
    # "kettő jött", "da liegen ein oger und ein goblin": a monster that shows up is a fight
    # (a count the reading took as one: "ein Stufe 12 Monster" is a monster of level 12, not twelve)
    counted = {i for i, _n in first.monster_count}
    # (a count alone says no fight where a flight is said: "I have to run from two monsters")
    appears = max([phrase.words for phrase, _match in first.phrases("appears")]
                  + [phrase.words for phrase, match in first.phrases("monster_count")
                     if first.index(match, "n0") in counted and "run-away" not in scores], default=0)
    scores["combat"] = max(scores["combat"], appears)
    played = [n for _kind, _code, n in first.persona_cards] + [n for _card, n, _span in first.one_shots_played] \
        + [n for _act, n in first.cards_played] + [n for _card, n in first.items_played]
    if played:
        # "Dee ને Thief નું કાર્ડ મૂકવું છે, ચાલે?", "mag Cid zijn Babyolie spelen?": a race, class
        # or one-shot card said as played asks whether it may be, where no word of asking leave is said
        scores["action"] = max([scores.get("action", 0)] + played)
    if first.told_won():
        # "Cid just killed the Net Troll, Bob helped him: who gets the treasures, face up, does
        # Bob go up a level?": a fight told as won, asked what follows it (its treasures, their
        # face, the levels), is the fight's verdict, which says all of it
        scores["combat"] = max(scores.values()) + 1
    if set(first.best("sources")) & set(CARD_SOURCES):
        # "Dee spielt Göttliches Eingreifen, was passiert?": a card that changes a level,
        # named, is a question of levels even where no word of the kind is said
        scores["level"] = max(scores.get("level", 0), 1)
    if set(first.best("sources")) & set(CARD_SOURCES) and any(True for _ in first.phrases("claimed_win")) \
            and any(action.startswith("play-") for action in first.best("actions")):
        # "ik speel een Ga Een Level Omhoog, dan win ik toch?": the win one's own card play would
        # bring, claimed and asked to be confirmed, is whether the play may be made and does it
        scores["action"] = max(scores.values()) + 1
    if set(first.best("sources")) & set(CARD_SOURCES) and first.cards_counted():
        # "Cid wants to play two Go Up a Level cards": the levels both give at once are what
        # is asked (and disputed), which leave to play one card would not judge
        scores["level"] = max(scores.values()) + 1
    if not first.monsters and (any(role and role[0] == "itemcard" for role in first.roles)
                               or any(t.key in first.both("big") for t in first.tokens) or first._hands()):
        # "soy enano, llevo una máquina de asedio y una escalera grande de +2, ¿vale?": items
        # named, or said to be Big or to take one hand or two, and no monster: a question of one's gear, where no word says it
        scores["equipment"] = max(scores.get("equipment", 0), 1)
    if not first.monsters and _counted_slots(first) and sum(t.plus for t in first.tokens) >= 2:
        # "two helmets, one +1 and one +2": two items of one slot, each with its bonus, and no
        # monster: whether both count is asked, where no word says it
        scores["equipment"] = max(scores.get("equipment", 0), 1)
    out = []
    for kind, sure in sorted(scores.items(), key=lambda kv: -kv[1]):
        builder = BUILDERS.get(kind)
        if builder is not None:
            context = Context(read(), copied(state), me)
            context.fight = fight
            context.sure = sure
            params, missing = builder(context)
            _turn_said(context, params)
            _unsaid(kind, context, params)
            _own_totals(context)
            _examples(context)
            _act_unsaid(context)
            _meaning_asked(kind, context)
            totals = tuple(context.reading.totals)
            if totals and kind != "combat" and not context.totals_said:
                # a strength said where no fight is judged: not understood
                missing.append(N_("what {words} means here", words=", ".join(f"“{t}”" for t in totals)))
            out.append(Built(kind, params, missing, sure + context.surer, not context.coreless, totals))
    return out



def _examples(c: "Context") -> None:
    """One named as an instance of a kind of character ("can a dwarf like Bob carry two Big
    items?"): the rules for that kind are asked, not a verdict on Bob's situation."""
    if c.reading.examples:
        c.missing.append(N_("what {words} means here", words=", ".join(f"“{w}”" for w in c.reading.examples)))


def _act_unsaid(c: "Context") -> None:
    """An act said only as "what X did" ("what did Bob just do there, is that legal?", "Bob એ જે
    કર્યું"): which act it was is unknown, so no question of any kind is judged; not X's gear."""
    r = c.reading
    # (its slot a player, or a pronoun said instead: "wat doet een 3", "હવે એ શું" name no one)
    said = [m.group(0).strip() for _p, m in r.phrases("unknown_act")
            if "p0" not in m.re.groupindex or m.group("p0") is None or r._person(m.group("p0"))
            or (r.roles[r.index(m, "p0")] or ("",))[0] == "person"]
    if said:
        c.missing.append(N_("what {words} means here", words=", ".join(f"“{w}”" for w in said)))


def _asker_named(r, state: Optional[dict]) -> Optional[str]:
    """"Ann is fighting a 6. I'm Dee, can I help?": the asker names themself, one player of
    the table, said once: "I" is that player, not the one whose turn it is."""
    if state is None:
        return None
    players = {p.get("name") for p in state.get("players", [])}
    named = {(r.roles[i] or ("", ""))[1] for i in (r.index(m, "p0") for _p, m in r.phrases("i_am"))
             if (r.roles[i] or ("",))[0] == "person"}
    return next(iter(named)) if len(named) == 1 and named <= players else None


def _meaning_asked(kind: str, c: "Context") -> None:
    """A word of the rules asked to be explained ("what does 'Big' mean? Bob's hammer says
    it"): a rules question, not a check of the gear of the player named in passing. Only a
    reading of gear, with no number said: "Bob rolled a 3, what does that mean?" asks a verdict."""
    if kind == "equipment" and any(True for _ in c.reading.phrases("means")) \
            and not any(t.number is not None for t in c.reading.tokens):
        c.missing.append(N_("what {words} means here", words=_words_of_list(c.reading, "means")))
        # no gear is asked of at all: the answer is the clauses, with no "does not say" before them
        c.coreless = True


def _turn_said(c: "Context", params: dict) -> None:
    """"wenn Cid dran ist und … verkauft", "when it's Cid's turn": the question is asked on the
    turn the text names, not the table's (a sale, an act is allowed on one's own turn only). With
    no table, on the turn of the one the text names ("Réka köre van, …, eladhatom most?"), not
    the asker's, which the command takes where none is given."""
    if not params:
        return
    r = c.reading
    turns = [(r._person(r.tokens[r.index(match, "p0")].key), _turn_denied(r, match)) for _p, match in r.phrases("turn_of")
             if not _turn_verb(r, match)]
    if c.state is None:
        said = {c.who(person) for person, denied in turns if person is not None and not denied}
        if len(said) == 1 and not any(denied for person, denied in turns if person is not None):
            person = said.pop()
            if person != c.me and person in r.names:
                players = params.setdefault("players", [])
                if person not in _spec_names(players):
                    players.append(person)  # (the command names whose turn it is among its players)
                params["turn"] = person
        return
    if any(denied and c.who(person) == c.state.get("turn") for person, denied in turns if person is not None):
        # "it's not Ann's turn, …" where the table says it is: the text and the table disagree
        c.missing.append(N_("what {words} means here", words=f"“{c.state.get('turn')}”"))
        return
    # "it's not Dee's turn", "Dee નો turn નથી": a turn denied is no one's turn said; the table's
    said = {person for person, denied in turns if not denied} - {None}
    if len(said) != 1:
        return  # no turn said, or two: the table's
    person = c.who(said.pop())
    players = params.get("players")
    at_table = [p.split(":")[0] if isinstance(p, str) else p.get("name") for p in players] if players \
        else [p["name"] for p in c.state["players"]]
    if person != c.state.get("turn") and person in at_table:
        params["turn"] = person


def _spec_names(players: list) -> set:
    """The names of ``--player`` specs: ``NAME:LEVEL …`` or a mapping written as JSON."""
    names = set()
    for player in players:
        if player.startswith("{"):
            import json  # lazy: only a player said whose turn it is, with no table, is looked into

            names.add(json.loads(player).get("name"))
        else:
            names.add(player.split(":")[0].split(" ")[0])
    return names


def _turn_verb(r: Reading, match) -> bool:
    """Whether a phrase of whose turn it is lies in one where "turn" is a verb ("can Cid turn in
    his staff for a level"): an act said, no turn (the language's ``not_turn`` phrases)."""
    span = set(r.word_range(match))
    return any(span & set(r.word_range(verb)) for _p, verb in r.phrases("not_turn"))


def _turn_denied(r: Reading, match) -> bool:
    """Whether a phrase of whose turn it is is said denied: a word of denial just before it or
    in it ("it's not Dee's turn", "nicht Dees Zug"), or one of those said after ("Dee નો turn નથી")."""
    span = r.word_range(match)
    segment = r._segment(span[0])
    before = range(max(segment[0], span[0] - 3), span[-1] + 1)
    after = range(span[-1] + 1, min(segment[-1] + 1, span[-1] + 3))
    return any(r.tokens[j].key in r.both("denied") for j in before) \
        or any(r.tokens[j].key in r.words.denied_after for j in after)


class Context:
    """The people of the question: the table's, else those the text describes."""

    def __init__(self, reading: Reading, state: Optional[dict], me: Optional[str]):
        self.reading, self.state = reading, state
        self.me = me or (state.get("turn") if state else None) or ASKER
        self.missing: list = []
        self.surer = 0  # what the builder found that only this kind of question has
        self.coreless = False  # what the question is about is not in the text at all
        self.sure = 0  # how many words of this kind's phrases the text has
        self.fight: Optional[dict] = None  # the table's fight in progress
        self.totals_said = False  # a sum the text says again matches the one read (a sale's gold)

    def who(self, person: Optional[str]) -> str:
        return self.me if person in (None, ME) else person

    def described(self, person: str) -> dict:
        about = self.reading.people.get(ME if person == self.me else person, {})
        if person == self.me and ME not in self.reading.people:
            about = self.reading.people.get(person, {})
        return about

    def people(self, needed: list[str], level_needed: bool = True) -> dict:
        """``players`` for the question when the text describes them (no table, or the text
        says something the table does not), else nothing: the table's players are asked."""
        people = dict(self.reading.people)
        if ME in people:
            people[self.me] = {**people.pop(ME), **people.get(self.me, {})}
        for person, about in people.items():
            if about.get("conflicts"):
                self.missing.append(N_("what {name} is: the text says it two ways", name=person))
        if self.state is not None:
            players = {p["name"]: p for p in self.state["players"]}
            changed = False
            for person, about in people.items():
                player = players.get(person)
                if player is None:
                    continue
                for key, value in about.items():
                    if key == "gear":
                        worn = sum(i.get("bonus", 0) for i in player.get("items", []) if not i.get("carried"))
                        if value != worn:
                            # "+3 gear" for a player whose items on the table give +4: which is it?
                            self.missing.append(N_("what {name} is: the text says it two ways", name=person))
                        continue
                    if key == "conflicts":
                        continue
                    if key in ("races", "classes"):
                        if set(value) - set(player.get(key, [])) and player.get(key):
                            # "I'm a human" said by the table's elf: the text and the table say
                            # two things; one more race or class is not added on a guess
                            self.missing.append(N_("what {name} is: the text says it two ways", name=person))
                            continue
                        if set(value) - set(player.get(key, [])):
                            player[key] = sorted(set(player.get(key, [])) | set(value))
                            changed = True
                    elif key == "flags":
                        for flag in value:
                            if not player.get(flag.replace("-", "_")):
                                player[flag.replace("-", "_")] = True
                                changed = True
                    elif key == "items":
                        owned = {i.get("name") for i in player.get("items", [])}
                        new = [{"name": n} for n in value if n not in owned]
                        if new:
                            # "I put on the stepladder": an item card the table does not show yet
                            player["items"] = list(player.get("items", [])) + new
                            changed = True
                    elif player.get(key, {"level": 1}.get(key)) != value:
                        player[key] = value
                        changed = True
            strangers = self._strangers(needed, people, players)
            if not changed and not strangers:
                return {}
            companions = sorted({kind + "s" for p in self.state["players"] for kind in ("steed", "hireling")
                                 if p.get(kind)})
            # (someone the table lacks acts on no turn of the table's: judged on their own)
            moment = {k: v for k, v in _moment(self.state).items() if k == "game"} if strangers else _moment(self.state)
            return {"players": [flow_text(_lean(p)) for p in self.state["players"]] + strangers,
                    **moment, **({"expansions": companions} if companions else {})}
        companions = sorted({kind + "s" for about in people.values() for kind in ("steed", "hireling") if kind in about})
        specs = []
        # in the order the text names them ("રીના અને સમીર બંને લેવલ ૫"): a tie between them
        # (who loots first) keeps the text's order, not the order the reading told them in
        said = [self.who(p) for p in self.reading.order()]
        for person in dict.fromkeys([*needed, *[p for p in said if p in people], *people]):
            about = people.get(person, {})
            if level_needed and person in needed and "level" not in about:
                self.missing.append(level_of(person))
            specs.append(spec(person, about))
        games = self.reading.best("games")
        if len(games) > 1:
            self.missing.append(N_("which game: {games}", games=", ".join(sorted(games))))
        extra = {"expansions": companions} if companions else {}
        if len(games) == 1:
            # "epic game, I'm level 12": the game the described players play
            return {"players": specs, "game": next(iter(games)), **extra}
        return {"players": specs, **extra}

    def _strangers(self, needed: list[str], people: dict, players: dict) -> list[str]:
        """Someone the question needs whom the table lacks ("Kiran sells his things, level 4"):
        that person as the text describes them, beside the table's players; without a level
        said, too little is said to judge (and never the player whose turn it is)."""
        out = []
        for person in needed:
            if person in players or person in (ME, ASKER):
                continue
            about = people.get(person, {})
            if "level" not in about:
                self.missing.append(level_of(person))
                continue
            out.append(spec(person, about))
        return out

    def level_of(self, person: str) -> Optional[int]:
        about = self.reading.people.get(ME if person == self.me else person) or self.reading.people.get(person) or {}
        if "level" in about:
            return about["level"]
        if self.state is not None:
            for player in self.state["players"]:
                if player["name"] == person:
                    return player.get("level", 1)
        return None


def _lean(mapping: dict) -> dict:
    """A player (or item) without the fields that only say the default: a shorter command."""
    out = {}
    for key, value in mapping.items():
        if value in (False, None, [], {}) and key != "name":
            continue
        out[key] = [_lean(v) if isinstance(v, dict) else v for v in value] if isinstance(value, list) else value
    return out


def _moment(state: dict) -> dict:
    return {key: value for key, value in (("game", state.get("game")), ("turn", state.get("turn")),
                                          ("phase", state.get("phase"))) if value}


def level_of(person: str):
    """What is missing when a person's level is: "your level" for the one asking, who has no
    name (no table, no --as: the command calls them ``me``), else the person's by name."""
    # Translators: one thing a question leaves unsaid, in a list after "the question does not
    # say:": the level of the player asking
    return N_("your level") if person == ASKER else N_("{name}'s level", name=person)


def spec(name: str, about: dict) -> str:
    """A ``--player`` spec: ``NAME:LEVEL race class sex +GEAR hand=N``; a player with a steed
    or a hireling as a mapping in the situation format (the short spec has no words for them)."""
    if "steed" in about or "hireling" in about or "items" in about or "curses" in about:
        player = {"name": name, **{k: about[k] for k in ("level", "races", "classes", "sex", "hand") if k in about},
                  **{flag.replace("-", "_"): True for flag in about.get("flags", [])}}
        # item cards named ("a siege engine") by their card names: the situation reads their facts
        bonuses = about.get("item_bonus", {})
        slots = about.get("item_slot", {})
        player["items"] = [{"name": item, **({"bonus": bonuses[item]} if item in bonuses else {}),
                            **({"slot": slots[item]} if item in slots else {}),
                            **({"big": True} if item in about.get("item_big", ()) else {})}
                           for item in about.get("items", [])]
        if about.get("gear"):
            player["items"].append({"name": "gear", "bonus": about["gear"]})
        if not player["items"]:
            del player["items"]
        for kind in ("steed", "hireling", "curses"):
            if kind in about:
                player[kind] = about[kind]
        return flow_text(player)
    words = [f"{name}:{about['level']}" if "level" in about else name]
    words += about.get("races", []) + about.get("classes", []) + about.get("flags", [])
    if "sex" in about:
        words.append(about["sex"])
    if about.get("gear"):
        words.append(f"+{about['gear']}")
    if "hand" in about:
        words.append(f"hand={about['hand']}")
    return " ".join(words)


def _monster(entry: dict, missing: list) -> Optional[dict | str]:
    card, level = entry.get("card"), entry.get("level")
    if entry.get("conflicts"):
        missing.append(N_("the level of {name}: the text gives two", name=entry["name"]))
    if level is None:
        if card is not None and "level" in card.facts and not entry.get("enhancers"):
            return card.name
        if card is not None and "level" in card.facts:
            return {"name": card.name, "card": card.name, "enhancers": entry["enhancers"]}
        missing.append(N_("the level of {name}", name=entry["name"] if card is None else card.name))
        return None
    name = card.name if card is not None else entry["name"]
    if entry.get("enhancers"):
        return {"name": name, "level": level, "enhancers": entry["enhancers"]}
    return f"{name}:{level}"


def _enhancers_as_bonuses(monsters: list, params: dict) -> list:
    """One monster with enhancer cards on it and nothing else to say: the cards as the fight's
    ``--monster-plus`` (which puts them on the first monster, with their treasures), so the
    command reads as a player types it: ``fight 'Net Troll' --monster-plus Enraged``."""
    if len(monsters) != 1 or not isinstance(monsters[0], dict) or params.get("monster_plus"):
        return monsters
    monster = monsters[0]
    cards = monster.get("enhancers") or []
    if not cards or not all(isinstance(e, str) for e in cards) or set(monster) - {"name", "card", "level", "enhancers"}:
        return monsters
    if "level" in monster:
        plain = f"{monster['name']}:{monster['level']}"
    elif monster.get("card") == monster.get("name"):
        plain = monster["name"]
    else:
        return monsters
    params["monster_plus"] = list(cards)
    return [plain]


def _named_again(r: Reading, missing: list) -> None:
    """A monster card named twice with no count of monsters ("bob contra el monigote y yo le
    meto un enfurecido al monigote"): named again to say what is played on it, it is the one
    monster; said again with a level of its own, the text may mean two, and is not understood."""
    if r.monster_count:
        return
    kept, moved = [], {}
    for old, entry in enumerate(r.monsters):
        first = next((k for k in kept if entry.get("card") is not None and k.get("card") is entry.get("card")), None)
        if first is None or entry.get("level") is not None or entry.get("conflicts"):
            if first is not None:
                missing.append(N_("what {words} means here", words=f"“{entry['name']}”"))
            moved[old] = len(kept)
            kept.append(entry)
        else:
            first["enhancers"] = list(first.get("enhancers") or []) + list(entry.get("enhancers") or [])
            if not first["enhancers"]:
                del first["enhancers"]
            moved[old] = kept.index(first)
    if len(kept) < len(r.monsters):
        r.monsters[:] = kept
        r.roles[:] = [("card", moved[role[1]]) if role and role[0] == "card" else role for role in r.roles]


# --- the kinds ----------------------------------------------------------------------------------

def fight(c: Context):
    r = c.reading
    r.describe(monsters_too=True, fight=True)
    missing = c.missing
    _named_again(r, missing)
    monsters = [m for m in (_monster(e, missing) for e in r.monsters) if m is not None]
    on = c.fight if not r.monsters and _plain(c.fight) else None
    if on is not None:
        # "do we win?" at a table with a fight on: that fight, its monsters, fighter and helper
        monsters = _table_monsters(on)
    if not r.monsters and on is None:
        missing.append(N_("which monster is fought"))
        c.coreless = True
    elif c.sure == 0 and all(m.get("card") is None and not _said_monster(r, m) for m in r.monsters) \
            and not (r.plus or r.monster_plus
                                                                                  or r.helper or r.fighter) \
            and not any(role and role[0] == "enhancer" for role in r.roles):
        # "sell items to reach level 10": a word with a level is a monster only where the
        # text speaks of a fight (a word of fighting, a one-shot, a helper, an enhancer played
        # on it: "le planto Cría al ogro de nivel 12"); a card's name says so by itself
        missing.append(N_("which monster is fought"))
    still = _still_win(r)
    if still is not None and _leave_to_play(r):
        # "can Dee play a Baby on it, and do I still win then?": leave and the outcome, both asked
        missing.append(N_("what {words} means here", words=still))
    helper = r.helper
    # who only plays a card onto the fight ("Dee slapped Enraged on my badger") is not a
    # fighter, unless a phrase says so or puts them beside another
    # (who discards cards for a power, "Dee tosses a card to scare off mr bones", fights)
    playing = r.card_players - {r.fighter} - r.joined - set(r.discards())
    named = [p for p in r.order() if p not in (helper, ME) and p not in playing]
    fighter = r.fighter if r.fighter not in (None, helper) else (named[0] if named and (c.state or helper != ME)
                                                                   else None)
    if fighter is None and r.fighter is None and named and c.state is None:
        fighter = named[0]
    side = [p for p in r.order() if p != helper and p not in playing]
    if ME in r.joined and ME not in side and helper != ME:
        side.append(ME)  # "samen met bob tegen de medusa": the asker is one of two
    if r.fighter is not None and r.fighter != helper and r.fighter not in r.joined and not r.helping:
        # "Bob fights the golem and I toss him a potion": the text says who fights, puts no one
        # beside him and says nothing of help; the others named play cards, they do not fight
        side = [r.fighter]
    card_read = r.plus or r.monster_plus or any(role and role[0] == "enhancer" for role in r.roles)
    if ME in side and ME in r.card_players and ME not in r.joined and card_read \
            and any(p != ME and c.who(p) == c.who(ME) for p in side):
        # "I slap Ancient on the net troll, do you still win, Ann?": the one whose turn it is,
        # named, and "I" read as her by the turn; no one is put beside her, so she fights alone
        side.remove(ME)
    if helper is None and r.helping and len(side) <= 1:
        # the text speaks of help but no phrase says who gives it: a name not read, or a
        # helper the verdict would leave out
        missing.append(N_("who helps"))
    beside = r.beside_me() if helper is None and len(side) == 2 and ME in side else None
    if beside is not None and beside in side:
        # "ik en bob samen tegen de medusa", "ich hau den Pavillon zusammen mit Cid weg": the
        # asker, said in words, and one other beside them: the asker fights, the other helps
        fighter, helper = ME, beside
    elif helper is None and len(side) > 1:
        # "me and Cid against the golem": two on the players' side, and the text does not say
        # which one helps — the treasure and the levels depend on it
        missing.append(N_("who fights and who helps: {names}", names=", ".join(c.who(p) for p in side)))
    if fighter not in (None, ME) and helper != ME and any(True for _ in r.phrases("i_fight")):
        # "harcolok" says I fight, and a phrase read someone else as the fighter: one of them
        # is a misreading
        missing.append(N_("who fights and who helps: {names}", names=", ".join(c.who(p) for p in (ME, fighter))))
    asked = _may_do(r)
    if asked is not None and r.fighter is None and fighter == asked and helper not in (None, asked):
        # "bob helpt me al tegen bigfoot, mag cid er ook bij?": leave asked for someone no
        # phrase says fights, beside a helper: no fight of theirs is described
        missing.append(N_("who fights and who helps: {names}", names=", ".join(c.who(p) for p in (asked, helper))))
    helpers = {r._subject(phrase, match) for phrase, match in r.phrases("helper")
               if "…" not in phrase.text and phrase.text.startswith("{p}")} - {None, "pronoun"}
    if len({c.who(p) for p in helpers}) > 1:
        # "bob's helping me already, may cid jump in?": two said to help, and a fight has one
        # helper — the question is whether the second may, not a fight with both
        missing.append(N_("who helps"))
    if on is not None and fighter is None and helper is None:
        fighter, helper = on.get("fighter"), on.get("helper")  # the fight on the table, as it stands
    fighter, helper = c.who(fighter), (c.who(helper) if helper else None)
    needed = [fighter] + ([helper] if helper else [])
    told = {c.who(p) for p, about in r.people.items() if set(about) & {"level", "races", "classes", "gear"}}
    if told - set(needed):
        # "bob fights the medusa. level 10 human.": someone described who neither fights nor
        # helps — the description is of one of them, or of a side the text leaves open
        missing.append(N_("who fights and who helps: {names}", names=", ".join(dict.fromkeys([*needed, *told]))))
    _cursed(c)
    params = {"monsters": monsters, **c.people(needed)}
    if fighter != (c.state or {}).get("turn") or c.state is None:
        params["fighter"] = fighter
    if helper:
        params["helper"] = helper
    played = (on or {}).get("one_shots") or {}
    if r.plus or played.get("players"):
        params["plus"] = list(played.get("players", [])) + list(r.plus)
    if r.monster_plus or played.get("monsters"):
        params["monster_plus"] = list(played.get("monsters", [])) + list(r.monster_plus)
    params["monsters"] = _enhancers_as_bonuses(params["monsters"], params)
    if r.monster_plus and ME in r.card_players and c.who(ME) == fighter and r.fighter in (None, ME) \
            and not any(role and role[0] == "enhancer" for role in r.roles):
        # "ik speel een plus vijf op medusa": the one who fights plays a bare bonus "on" the
        # monster — a one-shot against it, most often, or an enhancer for more treasure
        missing.append(N_("what {words} means here", words=", ".join(f"“+{n}”" for n in r.monster_plus)))
    _discards(c, params, () if helper else (fighter,))
    for _i, count in r.monster_count:
        if count != len(r.monsters):
            # "two monsters: a goblin at 3 …" with one monster read: the other was not understood
            missing.append(N_("what {words} means here", words=f"“{r.tokens[_i].raw}”"))
    for i, count in r.counted:
        if count == len(r.plus):
            r.used.add(i)  # "two potions: +3 and +2": the count of the one-shots read
    if len(r.monsters) >= 2:
        # "kettő jött: …", "two monsters came out": the count of the monsters named
        for i, token in enumerate(r.tokens):
            if token.number == len(r.monsters) and not token.plus and i not in r.used:
                r.used.add(i)
    _unplaced(c)
    return params, missing


def _said_monster(r: Reading, monster: dict) -> bool:
    """Whether a monster no card names is said by the language's word for any monster, with
    its level ("રાક્ષસ ૨૧ નો", "monster stufe 11"): a monster by that word, as a card's name
    says by itself."""
    return "at" in monster and monster.get("level") is not None and r._monster_word(r.tokens[monster["at"]].key)


def _cursed(c: Context) -> None:
    """"level 4 dwarf, someone hit me with tiny hands. the net troll shows up": a curse named
    where the asker is the only one the text names and describes is on the asker — a card the
    situation carries (what it does is the engine's). Said beside anyone else, whom it is on
    is not clear, and the curse stays unread (no verdict)."""
    r = c.reading
    curses = _curses_untold(r)  # (a sex change with the sex said after it is told: the sex said is judged)
    if c.state is not None or not curses or {who for _i, who in r.mentions()} - {ME} or ME not in r.people:
        return
    about = r.people[ME]
    about["curses"] = [curse.name for curse in curses]
    for item in about.get("items", []):
        # "Nagy láb … egy +2es csizmám": what a curse takes turns on an item's slot, which a
        # word for boots, a helmet or armour says
        slot = ONE_SLOT.get(_item_kind(r, item))
        if slot is not None:
            about.setdefault("item_slot", {}).setdefault(item, slot)


def _item_kind(r: Reading, name: str) -> Optional[str]:
    """The kind of item (``boots``) an item's name says in the language's or English words."""
    forms = stem(fold(name), r.words.endings)
    return next((words.items[form] for words in (r.words, r.english) for form in forms if form in words.items), None)


def _discards(c: Context, params: dict, side: tuple = ()) -> None:
    """Cards discarded for a power (a Cleric's turning, a Wizard's flight): who and how many.

    ``side``: who fights, alone. Only a fighter or a helper discards for a power; cards said to
    be discarded with no one named beside them ("Dee megy a Rosszcsontok ellen, két lapot dob
    el": the verb's subject left unsaid) are the one fighter's, not the asker's who is not in
    the fight."""
    told = c.reading.discards()
    lone_fighter = side[0] if len(side) == 1 and c.who(ME) not in side else None
    if told:
        params["discards"] = [f"{lone_fighter if person == ME and lone_fighter else c.who(person)}={count}"
                              for person, count in told.items()]


def _table_monsters(fight: dict) -> list:
    """The monsters of a table's fight as a command names them: a card by its name, a monster
    at a level as ``NAME:LEVEL``, anything more as its mapping."""
    out = []
    for monster in fight.get("monsters", []):
        if set(monster) <= {"name", "card"} and monster.get("card", monster.get("name")) == monster.get("name"):
            out.append(monster["name"])
        elif set(monster) == {"name", "level"}:
            out.append(f"{monster['name']}:{monster['level']}")
        else:
            out.append(dict(monster))
    return out


def _plain(fight: Optional[dict]) -> bool:
    """Whether a table's fight in progress says only what a one-line fight can (its monsters,
    fighter, helper and one-shots): a fight with discards, a charm or a curse is not read
    from the table, and a question naming no monster is missing it."""
    return bool(fight) and set(fight) <= {"fighter", "helper", "monsters", "one_shots"}


def flee(c: Context):
    r = c.reading
    r.describe(monsters_too=True)
    missing = c.missing
    monsters = [m for m in (_monster(e, missing) for e in r.monsters) if m is not None]
    if not r.monsters and _plain(c.fight):
        # "can I run?" at a table with a fight on: from its monsters
        monsters = _table_monsters(c.fight)
    named = [p for p in r.order() if p != r.helper]
    fleeing = [c.who(p) for p in ([p for p in named if p in r.fleeing] if r.fleeing else named)]
    if any(True for _ in r.phrases("we")) and c.me not in fleeing and ME not in r.order() and not r.fleeing:
        # "Bob segített …, és vesztettünk": "we" lost, so the asker runs too
        fleeing = [c.me] + fleeing
    if r.helper is not None and not r.fleeing and c.who(r.helper) not in fleeing:
        # "Bob hat mir geholfen, was brauchen wir zum Weglaufen?": the helper runs too, after the fighter
        fleeing = (fleeing or [c.me]) + [c.who(r.helper)]
    fleeing = list(dict.fromkeys(fleeing)) or [c.me]
    if r.fleeing and ME in r.order() and ME not in r.fleeing and c.me not in fleeing \
            and r.best("kinds").get("combat"):
        # "bob haut ab, ich bleib und kämpf gegen den pavillon, gewinn ich": others flee, the
        # asker is said beside words of fighting; the fight may be what is asked
        missing.append(N_("what {words} means here", words=", ".join(
            f"“{r.tokens[i].raw}”" for i, who in r.mentions() if who == ME)))
    # "… to escape the reuzendas": a word no list knows may be the monster (running from nothing
    # in particular is asked only in words the question knows); "i'm level 4, fight or run?",
    # "લડું કે ભાગું?": a fight said beside the flight, with no monster named and none on the
    # table, is a fight the question does not describe
    # "mennyit kell dobnom?", "what do I need to roll?" at a table with no fight on: the roll
    # asked is against no monster the words or the table give, so the flight is not described
    if (not r.monsters and r.strange()) or (not monsters and r.best("kinds").get("combat")) \
            or (not monsters and not r.monsters and c.state is not None):
        missing.append(N_("which monster is fled from"))
    params = {"monsters": monsters}
    _rolled(r)
    people = c.people(fleeing, level_needed=False)
    if c.state is None:
        for person in fleeing:
            about = c.described(person) or r.people.get(ME if person == c.me else person) or {}
            # "zählt mein Reittier beim Weglaufen mit?": a card of theirs named with no monster
            # and nothing else of them asks whether that kind of card counts, a rules question
            bare = not monsters and set(about) <= {"steed", "hireling"} \
                and not any((about.get(k) or {}).get("bonus") for k in ("steed", "hireling"))
            if not about or bare:
                missing.append(N_("who runs away: a level, a race or a class"))
                if not monsters and not r.monsters:
                    # "two monsters, I beat one and run from the other: any treasure?": running
                    # from no monster named, by no one described, is a question of the rules
                    c.coreless = True
                break
    if people:
        params.update(people)
        params["fighter"] = fleeing[0]
        if len(fleeing) > 1:
            params["helper"] = fleeing[1]
    elif fleeing != [c.me] or (c.state is not None and c.me != first_player(c.state)):
        # "what must I roll?" asked as Bob (--as) while it is Ann's turn: Bob runs, and the
        # command says so (without a name, whose turn it is runs)
        params["fleeing"] = fleeing
    _discards(c, params)
    _unplaced(c)
    return params, missing


def _rolled(r) -> None:
    """"4-essel elfutok", "I rolled a 4, can I run?": the roll said in a flight is what the
    verdict's roll needed answers (it is no level, no bonus): read, not left unexplained."""
    _numbers_read(r, "roll")


def _numbers_read(r, name: str) -> None:
    """The numbers the phrases of list ``name`` hold, marked read: said, and no piece of the
    situation (a roll a flight answers, the faces of a die)."""
    for _phrase, match in r.phrases(name):
        r.used.add(r.index(match, "n0"))


def action(c: Context):
    r = c.reading
    # asked in a fight the text describes ("cid is fighting a level 10 troll, can I backstab
    # him"): a level beside a monster's word is the monster's
    # and so in one where someone is asked to help ("troll level 8, can bob help me?"): the
    # level is the troll's, not the asker's
    # (and in one a level said of a word for any monster tells: "fighting a level seven monster,
    # can I play my dwarf card", the monster's level, never the asker's)
    r.describe(monsters_too=r.fighter is not None or r.in_combat or any(True for _ in r.phrases("i_fight"))
               or _may_help(r) is not None or r.monster_word_level())
    if c.state is not None:
        _nobody(c)
    missing = c.missing
    actions = _persona_played(r, r.best("actions"))
    if not actions:
        missing.append(N_("what is to be done (sell, trade, steal, help …)"))
        c.coreless = True
        return {}, missing
    if "help" in actions and len(actions) > 1 and _help_denied(r):
        del actions["help"]
    if "trade" in actions and "play-curse" in actions and _curse_given(r):
        # "Dee Bob ને curse આપી શકે?", "may bob give a curse to dee?": a curse given to someone
        # is a curse played on them; a curse is no item to trade
        del actions["trade"]
    top = max(actions.values())
    chosen = [a for a, n in actions.items() if n == top]
    if len(chosen) > 1:
        missing.append(N_("which action: {actions}", actions=", ".join(sorted(chosen))))
    act = chosen[0]
    order = r.order()
    # whose item one would equip ("kann cid bobs hammer anlegen?"); another's item sold or
    # given is no act the asker may do with it, and stays not understood
    owners = {r.roles[i][1]: j for i, j in r.item_owners().items()} if act in OWNED_ITEM_ACTS else {}
    if owners:
        # "kann cid bobs hammer anlegen?": the item's owner is no one the act is done by or to
        order = [p for p in order if p not in owners] or order
    if any(True for _ in r.phrases("first_person")):
        # "ellophatom Bob kalapácsát?", "¿puedo maldecir a Bob?", "ann se está dando con …,
        # la puedo ayudar yo?": the verb says "I"; the others named are whom it is done to
        order = [ME] + [p for p in order if p != ME]
    done_to = set()
    if act in TARGETED and order:
        # "Dee-től lop Bob", "hátba akarom szúrni Cidet": one named only as whom the act is
        # done to does not do it; the one named otherwise does, else the verb's "I"
        # (not the asker: "my sword" is whose, not whom it is done to)
        done_to = {who for who in order if who != ME and all(r._object(i) for i, w in r.mentions() if w == who)}
        if not any(True for _ in r.phrases("first_person")) and len(order) > 1 and _only_acted_on(r, ME):
            # "¿me puede maldecir Cid?", "Bob મારા પર શ્રાપ …": the asker said only as the
            # object, no verb of theirs: the other one named does it to them
            done_to.add(ME)
        order = [p for p in order if p not in done_to] + [p for p in order if p in done_to]
        if ME not in order and order[0] in done_to:
            order = [ME] + order
    partners = {who for i, who in r.mentions() if i in r.partners}
    if act in TARGETED and partners - {ME} and set(order) - partners:
        # "Ann ને Dee સાથે વસ્તુઓ બદલવી છે": the one said with "with" is whom it is done with
        order = [p for p in order if p not in partners] + [p for p in order if p in partners]
    robbed = set()
    # "el tudja tőlem lopni Cid a sisakot?": the asker said only as whom the theft is done to
    # is the one robbed, whatever item stands after the other name
    if act == "steal" and len(order) > 1 and ME not in done_to:
        # "Cid ને Bob નો હથોડો ચોરવો છે": whose item is stolen is whom the theft is done to,
        # whatever marks the one who wants it ("Cid ને" is who wants, not whom)
        # (not the asker: "mag ik zijn zwaard jatten" reads "ik zijn zwaard" as mine)
        who = dict(r.mentions())
        robbed = {who[i] for i in r.item_owners() if i in who} & set(order) - {ME}
        if len(robbed) == 1 and len(set(order) - robbed) >= 1:
            rest = [p for p in order if p not in robbed]
            order = rest[:1] + list(robbed) + rest[1:]
        else:
            robbed = set()
    whose = _whose_act(r, act) & set(order) - {ME} if act in TARGETED else set()
    if whose and set(order) - whose:
        # "Ann હવે Dee નું steal કરી શકે?": one named only as whose the act is ("Dee's steal")
        # is whom it is done to, the other named does it (not the one "Dee … શકે" asks of)
        # (right after the doer: "છરો મારી" says a "મારી" no asker is)
        rest = [p for p in order if p not in whose]
        order = rest[:1] + [p for p in order if p in whose] + rest[1:]
        robbed |= whose
    doer = _may_do(r)
    # ("can Bob and me trade": "can Bob" asks of both; the one joined to "me" is whom the asker trades with)
    if doer is not None and doer in order and doer not in robbed and doer not in done_to and doer not in partners:
        # "a mászó kézzel harcolok, bedobhat Dee …?": the one the question asks leave for,
        # not the first one named
        order = [doer] + [p for p in order if p != doer]
    if act in TARGETED and doer is not None and doer != ME and ME in order:
        # "It is my turn and I have not opened the door yet. May Bob trade his Hammer with
        # Cid?": the asker told in a sentence before the question is no one it is done to
        order = _asker_told_before(r, order, doer)
    on = _played_on(r) - {ME} if act == "play-curse" else set()
    if on and set(order) - on:
        # "Cid Bob પર … નાખી શકે?": the one a curse is played on is whom it is done to,
        # whoever stands nearest the verb of leave
        # (right after the doer: "'t is mijn beurt" says a "mijn" no target is)
        rest = [p for p in order if p not in on]
        order = rest[:1] + [p for p in order if p in on] + rest[1:]
    player = c.who(order[0] if order else None)
    others = [c.who(p) for p in order[1:] if c.who(p) != player]
    asked = _may_help(r) if act == "help" else None
    if act == "help" and asked is None and r.helper not in (None, ME) and not r.monsters \
            and not r.best("kinds").get("combat") \
            and {r._subject(phrase, match) for phrase, match in r.phrases("may_do")} <= {None, "pronoun", r.helper}:
        # "Dee wants to help Cid, can she?", "Dee dice que quiere ayudar a Cid, ¿puede?": the
        # one who would help, named by that wish, is the one the question asks leave for
        asked = r.helper
    outcome = False
    if asked is not None:
        # "I fight the badger, can Bob help?", "¿me puede echar una mano Dee?": leave for the
        # one asked about to help; the one helped is the other person named, else the asker
        player = c.who(asked)
        # the one helped: no one the text says helps ("Bob helps me, can Dee help too?")
        # (not whom the asked one would help: "Cid mag Bob niet helpen")
        helping = {r._subject(phrase, match) for phrase, match in r.phrases("helper")} - _after_modal(r, "may_help") | {asked}
        others = [c.who(p) for p in [*order, ME] if c.who(p) != player and p not in helping][:1]
        c.surer = 2
        outcome = max((phrase.words for phrase, _match in r.phrases("outcome")), default=0) if r.monsters else 0
        if outcome:
            # "a level 12 monster, can Cid help me? do we beat it?": the outcome asked of the
            # fight with its helper is the question (as where the help is said), not the leave
            c.surer = -1 - outcome
        if not others and {c.who(p) for p in helping - {None, "pronoun", asked}} - {player}:
            # "kan ik dit monster aan als bob helpt?": someone else helps the one asking, and
            # no one is left for the asker to help: whether the asker may help is not asked
            missing.append(N_("who helps"))
    elif act == "help" and r.helper is not None and (r.monsters or r.best("kinds").get("combat")):
        # "can I beat the dragon if Cid helps?": a fight with a helper, not leave to help
        c.surer = -1
        # "Cid fights the Gazebo, Dee wants to help, what happens?": the outcome is asked of
        # the fight with its helper, not leave for the help
        outcome = max((phrase.words for phrase, _match in r.phrases("outcome")), default=0)
        c.surer -= outcome
        if not r.monsters and c.who(r.helper) != player and set(others) <= {c.who(r.helper)}:
            # "kan ik dit monster aan als bob helpt?": someone else helps the one asking, in a
            # fight whose monster is not named
            missing.append(N_("which monster is fought"))
    params = {"player": player, "action": act}
    _enhancer_unfought(c, act)
    claimed = False
    if act in TARGETED and not others and asked is None and player != c.who(ME) and _done_to_me(r, act):
        # "según Bob, él puede robarme": the pronoun written onto the act's verb is whom it is
        # done to, the asker
        others = [c.who(ME)]
    # "her" written onto the act's verb ("apuñalarla"), read once for both uses below
    onto = _verb_onto(r, act, _her(r)) if act in TARGETED and not others and asked is None else None
    if onto is not None:
        # "según Dee, puedo apuñalarla": "her" written onto the verb is the one whose view is
        # reported, where no one else is named
        claimants = _claimants(r)
        others = [c.who(claimants[0])] if len(claimants) == 1 else []
        claimed = bool(others)
    if act in TARGETED and others:
        params["target"] = others[0]
    if act in TARGETED and "target" not in params and asked is None:
        # "may I backstab myself?": the act done to oneself is no act on another player, the
        # question the engine answers; the rule's clauses answer it
        itself = [match.group(0).strip() for _phrase, match in r.phrases("oneself")][:1]
        if itself:
            missing.append(N_("what {words} means here", words=f"“{itself[0]}”"))
        # "según Marta yo puedo apuñalarla": "her" written onto the verb is someone the reading
        # did not name; the act done to no one is another question
        if onto is not None:
            missing.append(N_("what {words} means here", words=f"“{onto}”"))
        mine = _own_taken(r, act, player == c.who(ME))
        if mine is not None:
            missing.append(N_("what {words} means here", words=f"“{mine}”"))
    if asked is not None and others:
        monsters = [m for m in (_monster(e, c.missing) for e in r.monsters) if m is not None]
        if monsters:
            params.update({"fighter": others[0], "monsters": monsters})
        else:
            params["target"] = others[0]
        already = {c.who(p) for p in helping - {None, "pronoun", asked}} - {player, others[0]}
        if len(already) == 1 and monsters:
            # "bob's already helping me, can cid jump in too?": the fight has its one helper
            params["helper"] = already.pop()
        elif already:
            missing.append(N_("who helps"))
    if asked is None and r.monsters and "fighter" not in params:
        fighting = _fighting(r)
        monsters = [m for m in (_monster(e, c.missing) for e in r.monsters) if m is not None]
        if fighting is not None and monsters:
            # "mid fight with the net troll, can I sell my helmet?", "bedobhat Dee egy
            # császkáló szörnyet?": asked in the fight the text names, of the one who fights it
            params.update({"fighter": c.who(fighting), "monsters": monsters, "phase": "combat"})
            if not outcome:
                c.surer = 1  # an action named in a fight named: asked whether it may be done there
    if act == "play-monster-enhancer" and params.get("monsters"):
        # "… Ann rakhat rá egy Ősit?": the enhancer asked of is not on the monster yet
        params["monsters"] = [_without_enhancers(m) for m in params["monsters"]]
    still = _still_win(r) if act == "play-monster-enhancer" else _still_win_helped(r) if act == "help" else None
    if still is not None:
        # "Dee wants to play a Baby on my Troll, do I still win?": the fight with the card on
        # it is asked, not leave to play the card (leave and the fight asked both: neither)
        missing.append(N_("what {words} means here", words=still))
        c.surer = -2  # and the fight, where the text tells it, is the surer reading
    if asked is None and "fighter" not in params and r.fighter is not None and not r.monsters \
            and r.fighter != ME and c.who(r.fighter) == params.get("target") and _verb_of_fighting(r) \
            and not _item_fought(r):
        # "Bob (Stufe 3) kämpft grad. Darf ich ihm in den Rücken fallen?": done to the one fighting
        params.update({"fighter": c.who(r.fighter), "phase": "combat"})
    if asked is None and "fighter" not in params and not r.monsters and "target" in params:
        # "Bob (level drie) zit midden in z'n gevecht, mag ik hem …?": the one said to be in
        # a fight, the only one named before it in its part of the sentence, fights it
        in_fight = _in_combat_subject(r)
        if in_fight is not None and in_fight != ME and c.who(in_fight) == params["target"]:
            params.update({"fighter": c.who(in_fight), "phase": "combat"})
    if act == "help" and params.get("fighter") == player:
        # "બોબ … મને મદદ કરે છે, ડી પણ મદદ કરી શકે?" read as Bob helping his own fight: no one
        # helps in the fight they fight, so the text was misread
        missing.append(N_("who fights and who helps: {names}", names=player))
    if claimed and (params.get("phase") == "combat" or r.in_combat) and params.get("fighter") != params["target"]:
        # "según Marta puedo apuñalarla mientras pelea": she fights, against no monster the
        # reading gives her: the fight is not described
        missing.append(N_("which monster is fought"))
    needed = [player] + ([params["target"]] if "target" in params else [])
    if act == "play-item":
        _played_unworn(r)
    people = c.people(needed, level_needed=False)
    if c.state is None and (not r.people or not r.mentions()):
        # "can an elf help a warrior?" describes nobody at this table: a rules question
        missing.append(N_("who asks: a level, a race or a class, or a table in progress"))
    params.update(people)
    if act == "steal" and r.stolen is not None and c.who(r.stolen[0]) == params.get("target") and c.state is None:
        # "¿le puedo mangar el casco (+1) a Lucía?": the item named as taken from the target
        params["item"] = r.stolen[1]
    if act == "steal" and c.state is None and "item" not in params and "target" in params:
        # "mag ik de Gehoornde Helm van Joris jatten?": the item card named as the target's
        # ("ellophatom tőle a Tüskés térdet?": the card told to her by "tőle", from her)
        cards = {role[1].name for role in r.roles if role and role[0] == "itemcard"}
        taken = [card for owner, about in r.people.items() if c.who(owner) == params["target"]
                 for card in about.get("items", ()) if card in cards]
        if len(taken) == 1:
            params["item"] = taken[0]
    if r.in_combat:
        params["phase"] = "combat"
    if c.state is not None and owners:
        # the item the question names, by its owner's table: "--item Hammer"
        for owner, j in owners.items():
            owned = next((p.get("items", []) for p in c.state["players"] if p["name"] == c.who(owner)), [])
            named = [i["name"] for i in owned if _names_item(i["name"], r.tokens[j].key, r.words.endings)]
            if len(named) == 1:
                params["item"] = named[0]
                r.owners_read.add(owner)
    shots = {card.name for card, _n, _span in r.one_shots_played}
    if act == "play-one-shot" and len(shots) == 1:
        # "mag Cid zijn Babyolie spelen?": the one-shot card played, by its name
        params["item"] = shots.pop()
        if any(True for _ in r.phrases("fleeing_now")):
            # "épp menekülök, kijátszhatom most a Cinkelt kockát?": played in the flight said
            params["phase"] = "running-away"
    items = {card for card, _n in r.items_played}
    if act == "play-item" and len(items) == 1:
        # "¿puede jugar la Mace of Sharpness?": the item card played, by its name
        params["item"] = items.pop()
    card = {code for kind, code, _n in r.persona_cards if f"play-{kind}" == act}
    if len(card) == 1:
        # "mag Bob een Elf kaart neerleggen?": the race or class card played, by its name
        params["item"] = card.pop().replace("-", " ").title()
    if act in ("trade", "sell") and c.state is not None:
        # "a sisakomat adnám", "meinen Helm tauschen": the one item of the giver's the text names
        owned = next((p.get("items", []) for p in c.state["players"] if p["name"] == player), [])
        named = [i["name"] for i in owned
                 if any(_names_item(i["name"], t.key, r.words.endings) for t in r.tokens)]
        if len(named) == 1:
            params["item"] = named[0]
    return params, missing


def _played_unworn(r: Reading) -> None:
    """"can she play the Mace of Sharpness she just drew?": the item card asked leave to play
    is in the player's hand, not among the items in play the reading gave them (an item in play
    is played already, and the engine forbids playing it again)."""
    played = {card for card, _n in r.items_played}
    for about in r.people.values():
        if "items" in about:
            about["items"] = [i for i in about["items"] if (i.get("name") if isinstance(i, dict) else i) not in played]
            if not about["items"]:
                del about["items"]


def _persona_played(r: Reading, actions: dict) -> dict:
    """The acts the text says, with playing a race or class card it names as played ("can Bob
    play an Elf card?"): that phrase's words count as the act's, as any act's phrase does."""
    if not r.persona_cards and not r.one_shots_played and not r.cards_played and not r.items_played:
        return actions
    actions = dict(actions)
    for _card, count in r.items_played:
        # "can she play the Mace of Sharpness she just drew?": an item card named, played
        actions["play-item"] = max(actions.get("play-item", 0), count)
    for act, count in r.cards_played:
        # "mag Bob een Woedend spelen?": a monster enhancer or a curse named, played
        actions[act] = max(actions.get(act, 0), count)
    for kind, _code, count in r.persona_cards:
        actions[f"play-{kind}"] = max(actions.get(f"play-{kind}", 0), count)
    for _card, count, _span in r.one_shots_played:
        # "is Cid allowed to chuck a Friendship Potion": a one-shot card named with a verb of playing it
        actions["play-one-shot"] = max(actions.get("play-one-shot", 0), count)
    return actions


def _without_enhancers(monster):
    """A monster of the command without the enhancers the text named (a string stays as is)."""
    if not isinstance(monster, dict) or "enhancers" not in monster:
        return monster
    rest = {k: v for k, v in monster.items() if k != "enhancers"}
    # (a name and its card alone: the command's plain name)
    return rest.get("name") if set(rest) <= {"name", "card"} and rest.get("card") in (None, rest.get("name")) else rest


def _still_win(r: Reading) -> Optional[str]:
    """The words asking whether a fight is still won after a monster enhancer played into it
    ("do I still win?", "reicht das?", "¿llego o no?"), or None: its outcome is asked, not the play."""
    if not any(act == "play-monster-enhancer" for act, _n in r.cards_played):
        return None
    return next((f"“{match.group(0).strip()}”" for _phrase, match in r.phrases("still_win")), None)


def _still_win_helped(r: Reading) -> Optional[str]:
    """The words asking whether a fight is still won after someone said he will help in it
    ("Cid wants to help me, do I still win?"), or None: the fight with the helper is asked, no
    leave to help (whatever a friend claims of the helping)."""
    if not any(True for _ in r.phrases("will_help")):
        return None
    return next((f"“{match.group(0).strip()}”" for _phrase, match in r.phrases("still_win")), None)


def _leave_to_play(r: Reading) -> bool:
    """Whether leave is asked of someone else to play a card ("can Dee play a Baby on it?"),
    not a wish said ("Dee wants to …") nor the asker's own "can I …": with a fight's outcome
    asked beside it, two questions, and no verdict for either."""
    wishes = {match.span() for _phrase, match in r.phrases("wish")}
    return any(match.span() not in wishes and r._subject(phrase, match) not in (None, ME)
               for phrase, match in r.phrases("may_do"))


def _enhancer_unfought(c: Context, act: str) -> None:
    """A monster enhancer asked of a fight the text tells ("Cid fights the …, may Ann put an
    Ancient on it?") whose monster was not read: the fight is part of the question, and the
    answer without it would be of another one."""
    r = c.reading
    if act == "play-monster-enhancer" and not r.monsters and (r.fighter is not None or r.in_combat):
        c.missing.append(N_("which monster is fought"))


def _help_denied(r: Reading) -> bool:
    """Whether every word of helping stands inside a denial of help ("Dee most kijátszhat egy
    szörnyfejlesztőt Ann harcába, ha nem is segít?"): another act said beside it is the one
    asked, not the help denied."""
    denied = [match.span() for _phrase, match in r.phrases("no_help")]
    return bool(denied) and all(any(a <= m.start() and m.end() <= b for a, b in denied)
                                for _phrase, m in r.table_matches("actions", "help"))


def _curse_given(r: Reading) -> bool:
    """Whether a word of cursing stands inside a phrase of giving, or within two words of it,
    in one part of the sentence: the curse is what is given."""
    def spans(action: str) -> list[range]:
        return [r.word_range(match) for _phrase, match in r.table_matches("actions", action)]
    curses = [k for span in spans("play-curse") for k in span]
    return any(span[0] - 2 <= k <= span[-1] + 2 and r._segment(k) == r._segment(span[0])
               for span in spans("trade") for k in curses)


def _in_combat_subject(r: Reading) -> Optional[str]:
    """The one person named before a phrase of being in a fight, in its part of the sentence
    ("Bob zit midden in z'n gevecht", "Bob está en plena pelea"), else None."""
    for _phrase, match in r.phrases("in_combat"):
        first = r.word_range(match)[0]
        # its sentence so far: brackets ("Bob (level drie) zit …") do not part it
        start = max((j + 1 for j in range(first) if r.tokens[j].key in (".", "!", "?", ";")), default=0)
        # and its clause: "ik ben level 4 en Lotte zit in een gevecht" says Lotte is in it;
        # a word of clauses between two names ("ik en Lotte zitten …") only lists them
        said = {j for j, _who in r.mentions()}
        clauses = r.both("clauses")
        start = max([start] + [j + 1 for j in range(start, first) if r.tokens[j].key in clauses and j - 1 not in said])
        named = {who for j, who in r.mentions() if start <= j < first}
        if len(named) == 1:
            return named.pop()
    return None


def _verb_of_fighting(r: Reading) -> bool:
    """Whether the phrase that says who fights names them first, as its subject ("{p} kämpft"),
    not after a word that also says what a thing is traded for ("gegen Bobs Hammer tauschen")."""
    return r.fighter_phrase.startswith("{p}")


def _item_fought(r: Reading) -> bool:
    """Whether the phrase that says who fights has an item's word inside it: "બોબના હથોડા
    સામે" (for Bob's hammer) is what a thing is traded against, not Bob fighting."""
    return any(any(r._item_word(r.tokens[j].key) for j in r.word_range(match))
               for _phrase, match in r.phrases("fighter") if r.fighter_phrase == _phrase.text)


def _fighting(r: Reading) -> Optional[str]:
    """Who fights the fight a question of another kind is asked in: the one a phrase says
    fights ("bobs fight with the stick figure"), else the asker where the text says "I fight"
    or "in the middle of a fight" with no one else named in that part of the sentence; None
    where the text leaves it open ("bob is mid-combat …, can dee trade")."""
    if r.fighter is not None:
        return r.fighter
    if any(True for _ in r.phrases("i_fight")):
        return ME
    for _phrase, match in r.phrases("in_combat"):
        first = r.word_range(match)[0]
        named = [who for j, who in r.mentions() if j in r._segment(first) and j < first]
        if all(who == ME for who in named):
            return ME
    return None


#: the kinds of question that are a fight or a flight: what the text says of a fight is theirs
FIGHTING = ("combat", "run-away")


#: the kinds of question often told with the monster behind them ("died to the medusa", "killed a
#: troll, up a level"): a monster named there is no fight the command leaves out
_TOLD_WITH_A_MONSTER = ("death", "level")


def _own_totals(c: Context) -> None:
    """"mit Schwert und Helm bin i eh auf 9", "with sword and helmet I'm at 9": the asker's
    level and gear summed, said again. Where the table or the text gives the same sum, the
    words are read past; where it gives another, or no level, they are not understood."""
    r = c.reading
    if not r.own_totals:
        return
    level = c.level_of(c.me)
    about = c.described(c.me)
    player = next((p for p in (c.state or {}).get("players", ()) if p["name"] == c.me), None)
    if "gear" in about or about.get("item_bonus"):
        gear = about.get("gear") or sum(about.get("item_bonus", {}).values())
    elif player is not None:
        gear = sum(i.get("bonus", 0) for i in player.get("items", []) if not i.get("carried"))
    else:
        gear = 0
    if level is None or any(total != level + gear for total in r.own_totals):
        c.missing.append(N_("what {words} means here", words=", ".join(f"“{t}”" for t in r.own_totals)))


def _unsaid(kind: str, c: Context, params: dict) -> None:
    """Never a verdict on a misreading: what the text says that changes the verdict and the
    command does not carry is missing — a fight in progress a question of another kind is asked
    in, cards discarded, an item given in a trade, a pronoun that points at no one named."""
    r = c.reading
    unsaid = []
    if kind not in FIGHTING:
        # "mid fight with the net troll, can I sell my helmet?", "ann se está dando con el trol":
        # asked in a fight the command does not name is another question than asked outside one
        # (a death told of someone, "he helped me in the fight and died": the fight is where
        # they died, what any death follows, not a phase the question is asked in)
        if r.in_combat and params.get("phase") != "combat" and not (kind == "death" and _someone_died(r)):
            unsaid += [match.group(0).strip() for _phrase, match in r.phrases("in_combat")][:1]
        if kind not in _TOLD_WITH_A_MONSTER and r.monsters and not params.get("monsters"):
            # as the text says it, in its language
            unsaid += [" ".join(r.tokens[i].raw for i in range(m["at"], m.get("end", m["at"]) + 1))
                       if "at" in m else m["name"] for m in r.monsters]
    if "discards" not in params and params.get("action") not in ("discard-race", "discard-class"):
        # "descarta tres cartas", "બે પત્તાં ફેંકે": cards thrown away are no hand size
        unsaid += [match.group(0).strip() for _phrase, match in r.phrases("discard")][:1]
    if kind in FIGHTING and "discards" not in params:
        # "burns two cards on his flight spell", "gooit drie kaarten weg": cards counted in a
        # fight or a flight are cards thrown for a power, whatever the verb; a hand is no piece
        # of a fight
        unsaid += [match.group(0).strip() for _phrase, match in r.phrases("hand")][:1]
    if kind in FIGHTING + ("equipment", "death") and _curses_untold(r) \
            and not all(curse.name in _carried(params) for curse in _curses_untold(r)):
        # "einer hat mir Falle! Chromosomentausch reingedrückt … jetzt kommt die Amazone": a
        # curse or a trap named changes what is judged, and no command of these carries it
        unsaid += [" ".join(t.raw for t, role in zip(r.tokens, r.roles) if role and role[0] == "cursecard").replace(" !", "!")]
    if kind == "charity" and any(_an_item(t.key, r.words) for t in r.tokens):
        # "kann cid seinen umhang an dee abgeben?": an item given to someone is a trade, not
        # the cards over the hand limit given away
        unsaid += [t.raw for t in r.tokens if _an_item(t.key, r.words)][:1]
    if kind == "death" and c.state is None and not c.described(params.get("player", ME)).get("items") \
            and any(_an_item(t.key, r.words) or (role and role[0] == "itemcard") for t, role in zip(r.tokens, r.roles)):
        # "ich sterbe: … dazu ne Axt und nen Helm": the items named are what a death is about
        unsaid += [t.raw for t, role in zip(r.tokens, r.roles)
                   if _an_item(t.key, r.words) or (role and role[0] == "itemcard")][:1]
    if kind == "action" and params.get("action") in ("trade", "sell") and not params.get("item"):
        # "a sisakomat adnám", "meinen Helm tauschen": the item the answer is about
        unsaid += [t.raw for t in r.tokens if _an_item(t.key, r.words)][:1]
    if kind == "action" and params.get("action") == "sell" and not params.get("item"):
        # "can I just sell a bunch of junk to hit 10": leave to sell asked for a level to
        # reach is a sale whose items are not named, not whether selling is allowed now
        unsaid += [match.group(0).strip() for _phrase, match in r.phrases("goal")][:1]
    if not [p for p in r.order() if p != ME] and not r.monsters:
        # "segíthet neki?", "can he…": a pronoun with nobody it can point to
        # a pronoun that is also an article ("el", "la") only with its accent ("él")
        little = r.words.ignore | r.words.articles | r.words.me
        # "todo lo que traigo puesto" (all I am wearing): the pronoun of a phrase of one's own
        # things is no one
        mine = {j for _phrase, match in r.phrases("mine") for j in r.word_range(match)}
        # "passt meine Ausrüstung so wie sie liegt?": the things as they lie, "sie" the Ausrüstung
        mine |= {j for _phrase, match in r.phrases("as_it_lies") for j in r.word_range(match)}
        mine |= _card_pronouns(r)
        things = set(mine)
        # "ze hebben me vermoord", "sie haben mich getötet": the pronoun a death's own phrase
        # says is the killers, whom no rule of a death asks about (not a pronoun of an act's
        # question, "can she sell?", whose doer it is; nor a word a phrase's "…" passed over)
        mine |= {j for phrase, match in (r.table_matches("kinds", kind) if kind == "death" else ())
                 for j in r.word_range(match) if r.tokens[j].key in _literal_words(phrase.text)}
        unsaid += [t.raw for j, t in enumerate(r.tokens) if t.key in r.words.pronouns and j not in mine
                   and (t.key not in little or fold(t.raw) != t.raw.lower())][:1]
        if kind in ("death", "equipment"):
            # "what happens to his stuff now?", "તો હવે એનું શું થાય?", "is his gear legal?": the
            # one whose death or gear is asked is someone the text names nowhere, not the asker
            # (his things are no killer's)
            unsaid += [t.raw for j, t in enumerate(r.tokens) if t.key in r.words.theirs and j not in things][:1]
    if kind in FIGHTING and r.discarded:
        pass  # "cid tosses 3 cards for his flight": the cards thrown are discards, read as such
    elif kind == "combat" and (r.card_players - {r.helper, r.fighter, ME} or _unread_card_of_mine(r)) \
            and not (r.plus or r.monster_plus or r.undone_at) \
            and len(r.monsters) <= 1 \
            and not any(role and role[0] == "enhancer" for role in r.roles):
        # "dan legt dee er een Woedende op": a card played onto the fight that no word of the
        # text says what it is (a name not read) would be left out of the verdict
        unsaid += [match.group(0).strip() for _phrase, match in r.phrases("card_player")][:1]
    elif kind == "combat" and (r.plus or r.monster_plus) and len(r.monsters) <= 1 \
            and not any(role and role[0] == "enhancer" for role in r.roles) and _unread_card_of_mine(r, anyone=True):
        # "Bob slapped Furious on my Rubber Golem and I drink a +3 potion": the card Bob plays
        # is no word read, whatever else the text says that is read
        unsaid += [match.group(0).strip() for _phrase, match in r.phrases("card_player")][:1]
    if kind == "death" and (r.helper is not None or r.helping or "help" in r.best("actions")) \
            and not _someone_died(r):
        # "I helped as an elf and the monster died": a death told beside help is no player's
        unsaid += [t.raw for t, role in zip(r.tokens, r.roles) if role and role[0] == "person"][:1] or ["?"]
    if kind == "level" or (kind in FIGHTING and not r.monsters and not params.get("monsters")):
        # "stuck at level 9, does a go up a level card do anything?": what the card does is
        # the rule's answer, not a level change of a player the text makes up; so is "as an elf
        # on a steed, do I still get +1 running away?" asked of no monster, not a flight
        unsaid += [match.group(0).strip() for _phrase, match in r.phrases("effect")][:1]
    if kind in FIGHTING and not (params.get("plus") or r.plus):
        # "can i throw a potion at it for him?": a one-shot played with no bonus said adds
        # what the card says, which the text does not; its own card's name is read elsewhere
        unsaid += [match.group(0).strip() for _phrase, match in r.phrases("one_shot")
                   if not any(r.roles[j] for j in r.word_range(match))][:1]
    unsaid += _cards_left(r, params)
    if _curses_untold(r) and any(about.get("gear") for about in r.people.values()):
        # "lose your armor … +4 staff and +2 cloak": a curse takes an item; bonuses summed
        # as gear no longer say which item goes, so the verdict cannot be told
        unsaid += [t.raw for t, role in zip(r.tokens, r.roles) if role and role[0] == "cursecard"][:1]
    unsaid += _someone_of_mine(r)
    unsaid += _people_left(kind, c, params)
    if unsaid:
        c.missing.append(N_("what {words} means here", words=", ".join(f"“{w}”" for w in dict.fromkeys(unsaid))))


def _card_pronouns(r: Reading) -> set:
    """"Halbling … mit der Trittleiter. gibt die mir ihre +3?", "tengo un Sube un nivel. si lo
    juego": the one card the text names (an item card, or a card that changes a level) is what a
    pronoun after it points to, not someone the text leaves unnamed."""
    cards = {role[1].id: i for i, role in reversed(list(enumerate(r.roles))) if role and role[0] == "itemcard"}
    for source in set(r.best("sources")) & set(CARD_SOURCES):
        cards[source] = min(r.word_range(m)[0] for _p, m in r.table_matches("sources", source))
    if len(cards) != 1 or not r.mentions():
        # (no one said at all, "mag een elf de Knots hebben, ook al is ie alleen voor clerics?":
        # a question of the rules, whose pronoun stays unread)
        return set()
    first = next(iter(cards.values()))
    own = r.words.pronouns | r.words.theirs
    return {j for j in range(first + 1, len(r.tokens)) if r.tokens[j].key in own}


def _someone_died(r: Reading) -> bool:
    """Whether a word of dying is said of someone, a name or "he" or "she" before it in its part
    of the sentence with no monster between ("… and he died", "Cid … ist dabei gestorben"): a
    player's death, not the monster's ("I helped as an elf and the monster died")."""
    monster_words = r.both("monster_words")
    for _phrase, match in r.table_matches("kinds", "death"):
        at = r.word_range(match)[0]
        if "p0" in match.re.groupindex and match.group("p0") is not None:
            # "what does Cid keep?", "was behält Cid?": the death asked names whose it is
            role = r.roles[r.index(match, "p0")]
            if role and role[0] == "person" and role[1] != ME:
                return True
        for j in range(at - 1, r._segment(at)[0] - 1, -1):
            role, key = r.roles[j], r.tokens[j].key
            if (role and role[0] == "card") or key in monster_words:
                break
            if (role and role[0] == "person" and role[1] != ME) or key in r.words.pronouns:
                return True
    return False


def _curses_untold(r: Reading) -> list:
    """The curses and traps named whose effect the text does not tell itself: a change of sex
    with the sex it left said as now ("Chromosomentausch hat mich erwischt, bin jetzt ein Mann")
    is told, the description judged is the one after the trap."""
    if not r.curses:
        return []
    now = {j for _phrase, match in r.phrases("now") for j in r.word_range(match)}
    # (the sex said as it is now, "bin jetzt ein Mann"; "eigentlich bin ich männlich" is the one before)
    told_sex = any((role and role[0] == "sex") or i in r.sexed for i, role in enumerate(r.roles)
                   if set(r._segment(i)) & now)
    return [curse for curse in r.curses
            if not (told_sex and (curse.facts.get("effect") or {}) == {"changes_sex": True})]


def _unread_card_of_mine(r: Reading, anyone: bool = False) -> bool:
    """"ik speel Woedend op de net troll": the asker plays a card whose word is no word read
    (a name not known): what it does is not in the verdict. With ``anyone``, a card played by
    anyone the text names ("Bob slapped Furious on my golem")."""
    if not anyone and ME not in r.card_players:
        return False
    if anyone and not r.card_players:
        return False
    strange = set(r.strange())
    for phrase, match in r.phrases("card_player"):
        mine = "p0" not in match.groupdict() or r._subject(phrase, match, earliest=True) == ME
        if anyone:
            # another's card: the words of the phrase and the few right after its verb, up to a
            # number ("Bob slapped Furious on …", "Cid hat Grimmig auf … geworfen"; not "Bob
            # speelt +5": the card is that bonus)
            span = list(r.word_range(match))
            j = span[-1] + 1
            while j < len(r.tokens) and j <= span[-1] + 3 and r.tokens[j].number is None \
                    and not r.tokens[j].separator:
                span.append(j)
                j += 1
            if "p0" in match.groupdict() and r._subject(phrase, match, earliest=True) not in (None, ME) \
                    and not any(r.tokens[k].number is not None for k in span) \
                    and (set(span) - {r.word_range(match)[-1]}) & strange:  # (the verb itself: "kijátszott")
                return True
            continue
        # the words of its part of the sentence: the card is named after the verb ("speel woedend op")
        if mine and set(r._segment(r.word_range(match)[-1])) & strange:
            return True
    return False


def _carried(params) -> str:
    """Every word a command's parameters carry, keys and values, one per line as their JSON
    shows them (``true``, ``null``, a number as written, any other value as ``str`` gives it):
    what a name or a card the text says is looked for in. Written out here, not by
    ``json.dumps``: importing json cost every question 5.3 M instructions (about 1 ms) that
    these look-ups do not need."""
    out: list[str] = []

    def walk(value) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)
        else:
            out.append("null" if value is None else ("true" if value else "false") if isinstance(value, bool)
                       else str(value))

    walk(params)
    return "\n".join(out)


def _said_as_word(word: str, text: str) -> bool:
    r"""Whether ``word`` is in ``text`` with no letter, digit or ``_`` on either side: what
    ``(?<!\w)word(?!\w)`` finds (``\w`` is exactly those), without compiling an expression
    for each name a question says (0.1 ms each)."""
    start = text.find(word)
    while start != -1:
        end = start + len(word)
        before, after = text[start - 1:start], text[end:end + 1]
        if not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_"):
            return True
        start = text.find(word, start + 1)
    return False


def _cards_left(r: Reading, params: dict) -> list[str]:
    """Never a verdict on a misreading: a hireling, a steed or a one-shot named by its card
    ("van egy fegyverhordozóm") has an effect; a command whose words carry neither the card's
    name nor the word the text named it by judges a table without it."""
    said = fold(_carried(params))
    out = []
    for k, card in r.other_cards():
        if fold(card.name) in said or r.tokens[k].key in said:
            continue
        out.append(r.tokens[k].raw)
    return out


def _people_left(kind: str, c: Context, params: dict) -> list[str]:
    """Never a verdict on a misreading: someone the text names ("bob's already helping me",
    "als bob helpt") whom the command neither carries nor describes was read as nothing, and
    what they do may change the verdict. The table's players in ``players`` (all of them, when
    the text changes one) are no sign that the one named was understood."""
    r = c.reading
    carried = {key: value for key, value in params.items() if not (key == "players" and c.state is not None)}
    said = _carried(carried)
    out = []
    for i, person in r.mentions():
        name = c.who(person)
        if kind in FIGHTING and person == ME and params.get("fighter") not in (None, c.me) \
                and c.me not in (params.get("helper"), params.get("player")) and ME not in r.card_players \
                and not any(r._owner(j) == ME for j in _cards_played(r, i)) and not r.people.get(ME):
            # "cid és dee is segítene nekem a bigfoot ellen": the asker is named in a fight the
            # command gives to others; the asker's part in it was not read
            out.append(r.tokens[i].raw)
            continue
        # one who plays a card ("bob throws a +3 potion") is no piece of the verdict: the
        # card is, and a card no piece took is missing already (above)
        if person == ME or name == c.me or r.people.get(person) or person in r.card_players:
            continue
        if person in r.owners_read:
            continue  # "bobs hammer": the item's owner, the item carried
        if any(r._owner(j) == person for j in _cards_played(r, i)):
            continue  # "Cid uses a +5", "dan stuurt bob een gazebo erbij": the card's player
        if kind == "level" and params.get("source") in CARD_SOURCES:
            continue  # "Bob plays Go Up a Level for Cid": the level of the one it is played on
        if kind == "death" and r._killer_at(i):
            continue  # "Max got killed by Bob": who killed is no rule of a death's
        if kind == "charity" and c.state is not None and name in {p["name"] for p in c.state["players"]} \
                and params.get("player") in {c.who(p) for _j, p in r.mentions() if p != ME} - {name}:
            # "must Bob hand any over to Dee?": with the one whose turn ends named, the other
            # player named is whom the cards would go to, which the verdict says by the table's levels
            continue
        if kind == "level" and params.get("source") == "help-elf" and r.helper is not None \
                and len({c.who(p) for _j, p in r.mentions()} - {params.get("player")}) == 1:
            continue  # "Ann helped Bob kill it, as an elf": whom the Elf helped gains nothing here
        if not _said_as_word(name, said):
            out.append(r.tokens[i].raw)
    return out


def _someone_of_mine(r: Reading) -> list[str]:
    """"my kid is a level 4 cleric", "mijn broer is level 3": a word no list knows after
    "my" and before a verb of being is someone else the asker speaks of, whom a reading of
    "I" would misjudge."""
    being = {phrase.text.strip() for words in (r.words, r.english) for phrase in words.lists.get("being", ())}
    strange = set(r.strange())
    for j in sorted(strange):
        # "my little brother … can he", "mi hermano pequeño … ¿puede?", "a tesóm": a word for
        # kin said with "my" and no name after it is someone the asker speaks of, not the asker
        # (the name may follow a comma: "a haverom, Peti")
        k = next((k for k in range(j + 1, len(r.tokens)) if not r.tokens[k].separator), None)
        after = r.roles[k] if k is not None and k <= j + 2 else None
        if r._kin_of_mine(j) and not (after and after[0] == "person"):
            first = next((i for i in range(max(0, j - 3), j) if r.roles[i] == ("person", ME)), j)
            last = j
            while last + 1 in strange and r._kin_of_mine(last + 1):
                last += 1  # "mein kleiner Bruder": the whole of it
            return [" ".join(t.raw for t in r.tokens[first:last + 1])]
    # (not a thing of mine: "if i sell my sword and my helmet is that a level?")
    return [f"{r.tokens[i].raw} {r.tokens[i + 1].raw}" for i in range(len(r.tokens) - 2)
            if r.roles[i] == ("person", ME) and r.tokens[i].key in r.both("me")
            and i + 1 in strange and not r.roles[i + 1] and not _an_item(r.tokens[i + 1].key, r.words)
            and r.tokens[i + 2].key in being][:1]


def _cards_played(r: Reading, i: int) -> list[int]:
    """The words of word ``i``'s part of the sentence that are cards played into a fight and
    read as such: a one-shot's bonus, a monster enhancer, a monster beside the first."""
    return [j for j in r._segment(i)
            if (r.tokens[j].plus and j in r.used)
            or (r.roles[j] and (r.roles[j][0] == "enhancer" or (r.roles[j][0] == "card" and r.roles[j][1] > 0)))]


def _phrase_words(text: str) -> list[str]:
    """The words a phrase writes, as written (``word*`` with its star), its slots and "…" left out."""
    return [w for w in re.findall(r"[^\s\[\]()|…]+", text) if "{" not in w]


def _literal_words(text: str) -> set:
    """The words a phrase says as they are (no slot, no word with a wildcard)."""
    return {fold(w) for w in _phrase_words(text) if "*" not in w}


def _done_to_me(r: Reading, act: str) -> bool:
    """Whether a phrase of the act matched its verb with "me" written onto it ("robarme",
    "apuñalarme"): a word of the match that is a word of the phrase with one of the
    language's words for "me" that are also an object after it."""
    return _verb_onto(r, act, r.words.me & r.words.objects) is not None


def _her(r: Reading) -> set:
    """The language's words for "him", "her" that a verb may have written onto it ("la", "lo")."""
    return (r.words.objects & r.words.pronouns) - r.words.me


def _own_taken(r: Reading, act: str, asker_acts: bool) -> Optional[str]:
    """"mag ik zomaar mijn zwaard pakken?", "¿me puedo quitar la espada?": a theft the asker
    would do with no one else to rob, of a thing said as "my": no theft of another's item, the
    question is not the act's (the word "my", else None)."""
    if act != "steal" or not asker_acts:
        return None
    return next((t.raw for t in r.tokens if t.key in r.both("my")), None)


def _claimants(r: Reading) -> list:
    """Those whose view the text reports ("según Dee …"), where they are the only ones named
    beside the asker: else none."""
    if [p for p in r.order() if p != ME]:
        return []
    return list(dict.fromkeys(role[1] for role in r.roles if role and role[0] == "opinion"))


def _verb_onto(r: Reading, act: str, onto: set) -> Optional[str]:
    """The word of a phrase of the act whose verb has one of ``onto`` written onto it
    ("apuñalarla": a pronoun of whom the act is done to), or None."""
    if not onto:
        return None
    for phrase in r.present(r.words, "actions", act):
        verbs = {fold(w.rstrip("*")) for w in _phrase_words(phrase.text)}
        for match in phrase.finditer(r.text):
            for j in r.word_range(match):
                key = r.tokens[j].key
                if any(key.startswith(v) and key[len(v):] in onto for v in verbs if v):
                    return r.tokens[j].raw
    return None


def _whose_act(r: Reading, act: str) -> set:
    """The ones named only right before an owner's word and the act, or one thing and the act
    ("Dee નું steal", "Dee nu backstab": Dee's steal; "Dee નો સામાન ચોરી": steal Dee's stuff),
    whom the act is done to."""
    between = r.both("owner_before")
    acted = {k for _phrase, match in r.table_matches("actions", act) for k in r.word_range(match)}
    marked = {i: bool({i + 2, i + 3} & acted) and r.tokens[i + 1].key in between
              for i, _who in r.mentions() if i + 2 < len(r.tokens)}
    return {who for i, who in r.mentions() if marked.get(i)} \
        - {who for i, who in r.mentions() if not marked.get(i)}


def _only_acted_on(r: Reading, who: str) -> bool:
    """Whether every mention of ``who`` is an object ("me", "rám", "mir") or the one a card is
    played on ("on me", "op mij", "મારા પર"): named as whom the act is done to, never as its doer."""
    on = {r.index(match, "p0") for _phrase, match in r.phrases("played_on") if match.groupdict().get("p0")}
    said = [i for i, w in r.mentions() if w == who]
    if who == ME and any(r._object(i) or i in on for i in said):
        # "mag mij Cid m'n zwaard afpakken?": "my" beside the object says whose the item is,
        # never who does the act
        said = [i for i in said if r.tokens[i].key not in r.words.my]
    return all(r._object(i) or i in on for i in said)


def _may_do(r: Reading) -> Optional[str]:
    """The one a "may …" question is asked of, where a phrase names them ("can Dee …",
    "bedobhat Dee"): one person, or None."""
    return _asked_of(r, "may_do")


def _asker_told_before(r: Reading, order: list, doer: str) -> list:
    """``order`` with the asker put last where the asker is said only in sentences before the
    one the question's doer is named in, and someone else is named in that one: whom the act
    is done to is said in the question's own sentence."""
    mentions = r.mentions()
    at = next((i for i, who in mentions if who == doer), None)
    if at is None:
        return order
    start = max((j + 1 for j in range(at) if r.tokens[j].key in (".", "?", "!", ";")), default=0)
    if start == 0 or any(who == ME for i, who in mentions if i >= start):
        return order
    if not any(who not in (ME, doer) for i, who in mentions if i >= start):
        return order
    return [p for p in order if p != ME] + [ME]


def _may_help(r: Reading) -> Optional[str]:
    """The one a question asks leave to help for ("can Bob help me?"), or None."""
    return _asked_of(r, "may_help")


def _asked_of(r: Reading, kind: str) -> Optional[str]:
    """The one person the phrases of ``kind`` name as the subject, or None (nobody, or several)."""
    asked = set()
    objects = r.both("objects")
    done_to = set()
    for phrase, match in r.phrases(kind):
        person = r._subject(phrase, match)
        if person not in (None, "pronoun"):
            asked.add(person)
            if "p0" in match.groupdict() and match.group("p0") and r.tokens[r.index(match, "p0")].key in objects:
                done_to.add(person)
                # "Dee rám rakhat …", "Dee me echa …": the one named right before the object
                # pronoun is the subject the leave is asked of
                asked |= {who for j, who in r.mentions() if j == r.index(match, "p0") - 1 and who != person}
    if len(asked) > 1:
        # "lophat tőlem Bob?": "from me" after the verb is whom it is done to, Bob the one asked of
        asked -= done_to
    if len(asked) > 1:
        asked -= _after_modal(r, kind)
    return next(iter(asked)) if len(asked) == 1 else None


def _after_modal(r: Reading, kind: str) -> set:
    """"Dee darf Ann nicht helfen, oder?", "Dee mag Ann niet helpen": a statement's order, the
    one named before the modal its subject, the one right after it its object: those objects."""
    before, after = {}, {}  # slot -> person, of "{p} darf …" and of "darf {p} …"
    for phrase, match in r.phrases(kind):
        if "p0" in match.groupdict() and match.group("p0"):
            person = r._subject(phrase, match)
            if person not in (None, "pronoun"):
                (before if phrase.text.lstrip().startswith("{p}") else after)[r.index(match, "p0")] = person
    return {who for j, who in after.items() if before.get(j - 2) not in (None, who)}


def sell(c: Context):
    r = c.reading
    # a sale asked in a fight the text tells ("mid-fight against a level 8 monster, may I sell
    # my helmet?"): a level beside a monster's word is the monster's, never the seller's
    r.describe(monsters_too=r.in_combat or r.monster_word_level())
    if c.state is not None:
        _nobody(c)
    missing = c.missing
    order = r.order()
    if any(True for _ in r.phrases("first_person")):
        # "eladom a kalapácsomat és bob csizmáját": the verb says "I"; the others named own
        # what else is said, and are not the seller
        order = [ME] + [p for p in order if p != ME]
    player = c.who(order[0] if order else None)
    items, strays = [], []
    if c.state is not None:
        owned = next((p.get("items", []) for p in c.state["players"] if p["name"] == player), [])
        for item in owned:
            said = [k for k, t in enumerate(r.tokens) if _names_item(item["name"], t.key, r.words.endings)]
            # (one said not sold is not sold, even if named before: "the sword and the helmet…
            # no, not the helmet", "de mantel niet")
            if said and not any(_item_denied(r, k) for k in said):
                items.append(item["name"])
        # "my helmet and my boots" when no boots are on the table: the sale is not the one asked
        strays = [t.raw for k, t in enumerate(r.tokens) if _an_item(t.key, r.words) and not _item_denied(r, k)
                  and not any(_names_item(i["name"], t.key, r.words.endings) for i in owned)]
        if strays:
            missing.append(N_("which items are sold, or what they are worth in gold"))
    else:
        # "will den Napalmstab und die Trittleiter verkaufen": with no table, the item cards the
        # seller is said to have are what is sold (each card has its price); an item said only
        # by its word ("my sword +3") has none, and is no sale
        cards = _item_cards(r)
        items = [i for i in c.described(player).get("items", []) if i in cards]
    # "… how many levels? and the other 200?": the gold left over from a sale asked about,
    # read, and no item of its own
    rest = [r.tokens[r.index(match, "n0")].number for _phrase, match in r.phrases("gold_rest")]
    _numbers_read(r, "gold_rest")
    golds = r.golds + [n for n in r.numbers_left() if n >= 50]
    for n in rest:
        if n in golds:
            golds.remove(n)  # ("the other 300 gold": said as gold, still no item)
    extra = _priced_items(c, player)
    for _name, price, kept in extra:
        if kept and price in golds:
            golds.remove(price)  # "el escudo de 400 no, ese me lo quedo": its price sells nothing
    extra = [(name, price) for name, price, kept in extra if not kept]
    # "I sell the Stepladder for 400 gold": a price said beside an item already sold is that
    # item's price (checked against it below), not one more item of the same name
    extra = [(name, price) for name, price in extra if name not in items]
    if extra:
        # "my hammer plus a 600 gold ring", "een ring van vierhonderd": an item the table does
        # not show, with its price beside it, is one more item sold at that price
        for name, price in extra:
            if price in golds:
                golds.remove(price)
        priced = {fold(name) for name, _price in extra}
        # (a word of a priced item's name is that item: "the Boots of Butt-kicking (400 gold)")
        priced |= {word for name in list(priced) for word in name.split()}
        # (a stray said with its case ending, "csizmát", is the priced item named without it)
        if all(any(form in priced for form in stem(fold(stray), r.words.endings)) for stray in strays):
            # (but "my boots and a 300 gold ring" with no boots on the table: the boots are
            # still an item the table does not show, with no price)
            missing[:] = [m for m in missing if m.template != "which items are sold, or what they are worth in gold"]
    if extra and not items:
        _sum_said(c, golds, sum(price for _name, price in extra))
    if items and golds:
        # "sells the cloak for 300 gold": the price of the item named, not one more item; a
        # price the table does not give it is the text saying the item two ways
        if c.state is not None:
            prices = {i["name"]: i.get("gold") for p in c.state["players"] if p["name"] == player
                      for i in p.get("items", [])}
        else:  # no table: the item cards named, at their printed prices
            prices = {name: card.facts.get("gold") for name, card in _item_cards(r).items()}
        listed = [prices.get(i) for i in items]
        unpriced = [i for i, price in zip(items, listed) if price is None]
        known = [price for price in listed if price is not None]
        rest = sorted(golds)
        for price in known:
            if price in rest:
                rest.remove(price)
        if not unpriced:
            # (a Halfling's total counts one item at double: "the staff and the cloak, 1500" is
            # 600 × 2 + 300, the sale races.halfling makes, not the items said another way)
            doubled = [[sum(known) + max(known)]] if known and _halfling(c, player) else []
            if sorted(golds) not in (sorted(known), [sum(known)], *doubled):
                missing.append(N_("what {name} is: the text says it two ways", name=", ".join(items)))
        elif len(rest) == len(unpriced) == len(golds) - len(known) and len(set(rest)) == 1:
            # "… 400 and the Pedal-to-the-Metal Boots 400": an item whose card shows no price
            # sells at the price said for it (one price left for it: no doubt whose it is)
            items = [i for i in items if i not in unpriced] + [f"{i}:{rest[0]}" for i in unpriced]
            held = c.described(player).get("items")
            if held:  # (sold at that price: not also an item of the seller's without one)
                held[:] = [i for i in held if i not in unpriced]
        else:
            missing.append(N_("which items are sold, or what they are worth in gold"))
        golds = []
    items += [f"item{i}:{gold}" for i, gold in enumerate(golds, 1)]
    items += [f"{name}:{price}" for name, price in extra]
    if r.totals and c.state is not None:
        # "… thats 1100 so a level yeah?": the sum of the prices said again
        prices = {i["name"]: i.get("gold") or 0 for p in c.state["players"] if p["name"] == player
                  for i in p.get("items", [])}
        worth = sum(prices.get(i, 0) for i in items if ":" not in i) + sum(
            int(i.rsplit(":", 1)[1]) for i in items if ":" in i)
        c.totals_said = all(t == worth for t in r.totals)
    kinds = r.best("kinds")
    asked_leave = any(True for _ in r.phrases("may_do")) or any(True for _ in r.phrases("first_person"))
    if len(items) == 1 and not golds and asked_leave and not (set(kinds) & {"level", "combat"}) \
            and not any(t.key in r.words.level for t in r.tokens) and not any(True for _ in r.phrases("goal")):
        # "can bob sell his hammer now?", "હું હમણાં તલવાર વેચી શકું?": leave to sell, asked
        # with no word of levels, is whether selling is allowed, not the sale itself (leave to
        # sell two things is the sale's own verdict, which says whether it is allowed: "Cid
        # will seinen Stab und seinen Umhang verkaufen, geht das?" asks of both)
        c.surer = -5
    elif items and not (r.in_combat or _fighting(r) is not None and r.monsters):
        c.surer = 5  # things to sell, named: a sale, not whether selling is allowed now
    elif items:
        pass  # sold in the middle of a fight: whether that is allowed now is what is asked
    else:
        missing.append(N_("which items are sold, or what they are worth in gold"))
        c.coreless = True
    # item cards named in a sale are the items sold, not items the player puts on (with no
    # table, they are the seller's own, the cards the command sells)
    for about in r.people.values() if c.state is not None else ():
        about.pop("items", None)
    params = {"player": player, "items": items, **c.people([player])}
    if r.in_combat:
        params["phase"] = "combat"  # "mid-fight I wanna sell …": the sale asked in a fight
    old = c.level_of(player)
    made_up = any(re.fullmatch(r"item\d+:\d+", i) for i in items)
    # "vendo tres cosas: una de 400, otra de 300 y otra de 300": a count said before a word for
    # any thing, as many as the items read, counts them; no piece of the sale is left out
    things = {j for _phrase, match in r.phrases("things") for j in r.word_range(match)}
    counted = {i for i, t in enumerate(r.tokens) if t.number == len(items) and i + 1 in things and not t.plus}
    left = [t.raw for i, t in enumerate(r.tokens) if t.number is not None and i not in r.used and not t.plus
            and 1 < t.number < 50 and i not in counted
            # "verkoop m'n mantel van 700 en een ring van 400, ben ik dan tien?": the level the
            # sale of the items named is asked to reach; said of gold with no item named, it
            # asks where the level ends, a question of levels, not of a sale
            and not (old is not None and not made_up and old < t.number <= old + 3)]
    if left:
        # "zwei handkarten für je 400", "bin ich dann 20?": a count of things sold or a level
        # the sale is asked to reach, which a sale of the items read does not carry
        missing.append(N_("what {words} means here", words=", ".join(f"“{w}”" for w in left)))
    return params, missing


def _item_denied(r: Reading, k: int) -> bool:
    """Whether the item word at ``k`` is said not sold: a word of denial just before it ("not the
    cloak", "nicht den Umhang"), or one that ends its part of the sentence just after it ("de
    mantel niet.", "el escudo de 400 no, …", "a sisakot mégse, …"; a denial that goes on after
    it denies what follows: "the sword not the helmet")."""
    segment, toks = r._segment(k), r.tokens
    denied = r.both("denied")
    if any(toks[j].key in denied for j in range(max(segment[0], k - 2), k)):
        return True
    if any(toks[j].key in r.words.denied_after for j in range(k + 1, min(segment[-1] + 1, k + 3))):
        return True
    return segment[-1] - k <= 3 and segment[-1] > k and toks[segment[-1]].key in denied


def _halfling(c: Context, player: str) -> bool:
    """Whether the seller is a Halfling, by the table or by the text's description of them."""
    return _of_race(c, player, "halfling")


def _of_race(c: Context, player: str, race: str) -> bool:
    """Whether a player is of ``race``, by the table or by the text's description of them."""
    races = [race for p in (c.state or {}).get("players", []) if p["name"] == player for race in p.get("races", [])]
    return race in races + list(c.described(player).get("races", []))


def _item_cards(r: Reading) -> dict:
    """The item cards the text names, by their English names."""
    return {role[1].name: role[1] for role in r.roles if role and role[0] == "itemcard"}


def _sum_said(c: Context, golds: list, worth: int) -> None:
    """"a 400 gold armor and an 800 gold axe, sold both, 1200 gold total": a sum said again
    (a phrase of a total) is no price of one more thing sold; taken from ``golds``, and where
    it is not the sum of the prices said, the text is not understood."""
    r = c.reading
    for k in sorted(r.sum_slots()):
        said = r.tokens[k].number
        if said in golds:
            golds.remove(said)
            if said != worth:
                c.missing.append(N_("what {words} means here", words=f"“{r.tokens[k].raw}”"))


def _priced_items(c: Context, player: str) -> list:
    """Items the player's table items do not include, each with a price said beside it ("a 600
    gold ring", "unas botas de 400", "૬૦૦નું કવચ"): (the word, the price, whether it is said
    not sold). The word nearest the
    price (before it on a tie) that is an item's word or no word of the question; never a word
    of gold or of the question's phrases ("aranyért", "eladok")."""
    r = c.reading
    owned = next((p.get("items", []) for p in (c.state or {}).get("players", []) if p["name"] == player), [])
    phrased = set()
    for table in ("kinds", "actions", "sources"):
        for key in {key for words in (r.words, r.english) for key in getattr(words, table)}:
            for phrase, match in r.table_matches(table, key):
                phrased.update(_said_by(r, phrase, match))
    for _phrase, match in r.phrases("gold"):
        phrased.update(r.word_range(match))
    # "a 500-gold thing", "egy ötszáz aranyas cucc": an item said by a word for any thing
    things = {j for _phrase, match in r.phrases("things") for j in r.word_range(match)}
    # "una poción de 300": a one-shot said with its price is an item sold too
    things |= {j for _phrase, match in r.phrases("one_shot") for j in r.word_range(match)}
    # "from my hand", "aus der Hand", "હાથમાંથી": where the item sold is, no item
    hand = {j for _phrase, match in r.phrases("from_hand") for j in r.word_range(match)}
    # "his hammer, I think it was 500 gold": a price an item named and on the table has is said
    # of that item, not of a word no list knows beside it
    named_prices = {i.get("gold") for i in owned if any(_names_item(i["name"], t.key, r.words.endings) for t in r.tokens)}
    out, taken, summed = [], set(), r.sum_slots()
    for k, token in enumerate(r.tokens):
        if token.number is None or token.plus or token.number < 50 or (k in r.used and token.number not in r.golds) \
                or k in summed:
            continue  # (nor a sum said again: "1200 gold total" prices no "total")
        near = [j for j in _beside(r, k, hand) if j not in taken]
        # nearest first: an item on the table (the price is its own), an item card or an item's
        # word ("હાથમાંનો ૩૦૦ નો રેઇનકોટ": the raincoat); else the nearest word no list knows
        fallback, found = None, None
        links = r.both("together") | r.both("clauses")
        apart = lambda j: any(r.tokens[x].key in links for x in range(min(j, k) + 1, max(j, k)))  # noqa: E731
        thing = next((j for j in near if j in things and r.tokens[j].number is None and not apart(j)), None)
        if thing is not None:
            # "a hammer and a 600 gold thing": a word for a thing beside the price is the item
            # the price is said of, unless another word is nearer with no "and" between
            near = [j for j in near if abs(j - k) < abs(thing - k) and not apart(j)] + [thing]
        for j in near:
            role, key = r.roles[j], r.tokens[j].key
            if role is None and any(_names_item(i["name"], key, r.words.endings) for i in owned):
                fallback = None
                break
            if role and role[0] == "itemcard":
                found = (j, role[1].name)
                break
            if j in things and r.tokens[j].number is None:
                found = (j, item_named(r.tokens[j], r.words))
                break
            if role is None and r.tokens[j].number is None and j not in phrased:
                if _an_item(key, r.words):
                    found = (j, item_named(r.tokens[j], r.words))
                    break
                if fallback is None and j in r.strange() and len(key) >= 3:
                    fallback = (j, r.tokens[j].raw.strip("'\"").capitalize())
        found = found or (fallback if token.number not in named_prices else None)
        if found is not None:
            taken.add(found[0])
            # (with whether it is said not sold: "the 400 gold shield, not that one")
            out.append((found[1], token.number, _item_denied(r, found[0]) or _item_denied(r, k)))
    return out


def _said_by(r, phrase, match) -> list[int]:
    """The words a phrase's match says by its own words, not those its "…" passes over ("600
    gold ring …, thats a level": the ring is no word of the phrase)."""
    if "…" not in phrase.text:
        return list(r.word_range(match))
    said = _phrase_words(phrase.text)
    exact = {fold(w) for w in said if not w.endswith("*")}
    starts = tuple(fold(w.rstrip("*")) for w in said if w.endswith("*") and fold(w.rstrip("*")))
    return [j for j in r.word_range(match) if r.tokens[j].number is not None or r.tokens[j].key in exact
            or (starts and r.tokens[j].key.startswith(starts))]


def _beside(r, k: int, skipped: set) -> list[int]:
    """The words a price at word ``k`` may be said of: up to three each side in its part of
    the sentence, nearest first (before it on a tie), but the words of ``skipped``; a price in
    brackets ("die Stiefel aus der Hand (vierhundert Gold)") is said of the words before the
    brackets too, after those inside them, the words of ``skipped`` passed over."""
    segment = r._segment(k)
    near = [j for j in (k - 1, k + 1, k - 2, k + 2, k - 3, k + 3) if j in segment and j not in skipped]
    # then the words the skipped ones stood in front of ("die Stiefel aus der Hand für 400"),
    # after every nearer word
    for step in (-1, 1):
        j, seen = k + step, 0
        while j in segment and seen < 3:
            if j not in skipped:
                seen += 1
                if j not in near:
                    near.append(j)
            j += step
    opening = segment[0] - 1
    if opening >= 1 and r.tokens[opening].key == "(":
        before = r._segment(opening - 1)
        j = opening - 1
        while j in before and len(near) < 12:
            if j not in skipped:
                near.append(j)
            j -= 1
    return near


def _fight_pieces(c: Context) -> None:
    """A monster enhancer or a one-shot said in the text is a piece of a fight: a reading of
    another kind ("Dee le mete un Enfurecido a mi tejón. ¿palmo?" read as a death) leaves it
    unplaced, and is no verdict."""
    r = c.reading
    words = [t.raw for t, role in zip(r.tokens, r.roles) if role and role[0] == "enhancer"]
    words += [f"+{n}" for n in r.plus + r.monster_plus]
    if words:
        c.missing.append(N_("what {words} means here", words=", ".join(f"“{w}”" for w in words)))
        c.coreless = True  # a misreading: it does not keep a fight's reading from the verdict


def _nobody(c: Context) -> None:
    """"Can an elf help a warrior?", "what happens when you die?": a question about anyone
    (a race or class with no one named, or the language's word for anyone) is a rules
    question, not one about the player whose turn it is."""
    r = c.reading
    if _trade_with_anyone(r):
        c.missing.append(N_("who asks: a level, a race or a class, or a table in progress"))
        return
    if r.mentions():
        return
    generic = any(t.key in r.words.generic or t.key in r.english.generic for t in r.tokens)
    personas = any(role and role[0] == "persona" for role in r.roles)
    if generic or personas:
        c.missing.append(N_("who asks: a level, a race or a class, or a table in progress"))


def _trade_with_anyone(r) -> bool:
    """"When I trade with someone, may I use what I got at once?": a trade with anyone, said as
    what happens if one trades (the asker's "I" the rules' anyone), is a rules question; a player
    named besides the asker makes it one about them."""
    return any(True for _ in r.phrases("anyone_trade")) and all(who == ME for _i, who in r.mentions())


def _unplaced(c: Context) -> None:
    """Never a verdict on a misreading: a word that could change the verdict (a number, a
    sign, a count of levels) and that no piece took is what the text says and was not
    understood — the question gets what that word means, not a verdict without it."""
    words = c.reading.unplaced()
    if words:
        c.missing.append(N_("what {words} means here", words=", ".join(f"“{w}”" for w in words)))


def _unknown(c: Context) -> None:
    """Without a table, a word beside a number that is no one and nothing known ("bob 2-es")
    may be a player the verdict must count: what it is, is missing."""
    for word in c.reading.unknown_near_numbers():
        c.missing.append(N_("who or what {word} is", word=word))


def _names_item(name: str, key: str, endings: tuple) -> bool:
    """Whether a word names a table's item: its name, with an ending ("kardom", "hammert"), or
    the same thing in any language ("hamer", "espada", "હથોડો" for an item called "Hammer")."""
    folded = fold(name)
    forms = stem(key, endings)
    if folded in forms or (key.startswith(folded) and len(key) - len(folded) <= 3):
        return True
    things = item_words()
    thing = things.get(folded)
    return thing is not None and any(things.get(form) == thing for form in forms)


def _an_item(key: str, words) -> bool:
    """Whether a word names a kind of item in the text's language ("boots", "kardom"): only
    its own words, as another language's item may be a common word here (English "hat" is
    German "has")."""
    return any(form in words.items for form in stem(key, words.endings))


#: acts a question about one's gear may name ("can I wear both", "may he equip it")
GEAR_ACTS = frozenset({"equip", "unequip", "play-item", "help"})


def about(kind: str):
    def build(c: Context):
        r = c.reading
        r.describe(monsters_too=False)
        if c.state is not None:
            _nobody(c)
        order = r.order()
        player = c.who(order[0] if order else None)
        # (the asker too, said by no word: "Zwergin Stufe 1, acht Karten am Zugende, Jonas …")
        holding = [p for p in order + ([] if ME in order else [ME]) if "hand" in c.described(c.who(p))]
        if kind == "charity" and len(holding) == 1:
            # "end of my turn and dee's sitting on 7 cards": the one said to hold the cards is
            # the one asked about, though the turn is said first
            player = c.who(holding[0])
        if kind == "death" and c.state is None and order and order[0] != ME and ME in order and _died_first(r):
            # "just died as a lvl 7 human. Jo's on level 2 … who gets my stuff?", "acabo de
            # morir, …": a death said before anyone is named, its subject left unsaid, is the
            # asker's (who says "my" later); the ones named after it are the others
            player = c.who(ME)
        if kind == "death" and c.state is None:
            _items_lost(r)
            if not r.monsters and not any(c.described(c.who(p)) for p in order + [ME]):
                # "if I die, do I get cards next turn?": a death of no one described, at no
                # table, is a question of the rules; no player's level is asked for it
                c.coreless = True
        if kind == "gear" and set(r.best("actions")) - GEAR_ACTS \
                and not any(c.described(c.who(p)).get(k) for p in order + [ME] for k in ("items", "gear")):
            # "bob wil iets van dee stelen, is dat legaal?": an act named that is no act of gear,
            # and no item nor gear said: the act is asked, not whether anyone's gear is legal
            # ("was the deal Bob just made valid?": a deal named, nothing of it said, is no gear)
            c.coreless = True
            c.missing.append(N_("what {words} means here", words=_act_words(r, set(r.best("actions")) - GEAR_ACTS)))
        if kind == "gear" and c.state is not None and _judged_alone(r, order):
            # "klopt dit zo?", "આ ચાલે?": whether something is right, of nothing the text says;
            # no one's gear is asked, though the table has the gear of the one whose turn it is
            c.coreless = True
            c.missing.append(N_("what {words} means here", words=_words_of_list(r, "judged_only")))
        if kind == "gear" and _judges_claim(r):
            # "Bob zei dat hij het terug mocht leggen. Klopt dat?": the claim is what is judged,
            # of a thing the text does not name; no one's gear is asked
            c.coreless = True
            c.missing.append(N_("what {words} means here", words=_words_of_list(r, "judged_only")))
        if kind == "gear" and c.state is None and _items_counted(r):
            c.surer += 1  # two items of one slot, each with its bonus: whether both count is asked
        if kind == "gear":
            # "just got hit with Tiny Hands. I'm level 4, …, what's my bonus": a curse on the
            # asker alone changes what their gear gives
            _cursed(c)
        # (``kind`` is the question's verb: "gear" asks about equipment)
        params = {"player": player, **c.people([player], level_needed=kind != "gear")}
        if c.state is None and kind == "gear" and not c.described(player).get("items"):
            # "im level 4, human, wearing a siege engine …" with no item read: no gear to judge
            c.missing.append(N_("the items, or a table in progress"))
        elif c.state is None and kind == "gear" and r.strange():
            # "… einer Trittleiter und den Stiefeln des Hinterntretens": a word no list knows
            # may be one more item, and the verdict would leave it out
            c.missing.append(N_("what {words} means here", words=", ".join(
                f"“{r.tokens[i].raw}”" for i in r.strange())))
        # (not a word of a card's name: "Átok! Nagy láb" is no Big item)
        big = {i for i, t in enumerate(r.tokens) if t.key in r.both("big") and not _card_name_word(r, i)}
        if kind == "gear" and c.state is None and big \
                and c.described(player).get("items") and not c.described(player).get("item_big"):
            # "a +2 ladder and a +3 ram, they're big": Big said of no item the reading kept; the
            # verdict would judge them as not Big
            c.missing.append(N_("what {words} means here", words=", ".join(
                f"“{r.tokens[i].raw}”" for i in sorted(big))))
        if c.state is None and kind == "charity" and "hand" not in (c.described(player) or {}):
            c.missing.append(N_("how many cards {name} has", name=player))
        if c.state is None and kind == "charity":
            # "Tom and Jen are …": someone named whose level the text does not give may be the
            # lowest, who gets the cards
            for person in order:
                if c.who(person) != player and "level" not in c.described(c.who(person)):
                    c.missing.append(level_of(c.who(person)))
        if c.state is None:
            _unknown(c)
        left = []
        if kind == "gear" and c.state is not None:
            # "how many Big items may you have, I have 2": a number no piece took is what the
            # text counts, and the table's gear, judged, would not count it
            left = _numbers_untaken(r, lambda n: True)
        if kind == "charity" and c.state is None:
            # "Tom und Jan sind beide auf 5" with the names not read: a level no one took may be
            # the lowest player's, who gets the cards
            left = _numbers_untaken(r, lambda n: 1 < n <= 20)
        if left:
            c.missing.append(N_("what {words} means here", words=", ".join(f"“{w}”" for w in left)))
        _fight_pieces(c)
        return params, c.missing

    return build


def _numbers_untaken(r: Reading, counts) -> list[str]:
    """The numbers as written (no bonus) that no piece of the reading took, and ``counts(n)``
    keeps: what the text counts that the verdict would not."""
    return [r.tokens[i].raw for i, t in enumerate(r.tokens)
            if t.number is not None and i not in r.used and not t.plus and counts(t.number)]


def _judged_alone(r: Reading, order: list) -> bool:
    """Whether the text's only words of gear are words that judge ("klopt", "legal", "ચાલે"),
    with no one, no item, no number and no card said: nothing whose gear could be asked."""
    if order or any(role and role[0] != "sep" for role in r.roles):
        return False
    own = r.both("pronouns") | r.both("theirs") | r.both("my") | r.both("big")
    if any(t.key in own or _an_item(t.key, r.words) or _an_item(t.key, r.english) for t in r.tokens):
        return False
    return _gear_only_judged(r)


def _gear_only_judged(r: Reading) -> bool:
    """Whether every word of gear the text says is inside a word that judges ("klopt", "legal")."""
    return spans_within([m.span() for _p, m in r.table_matches("kinds", "equipment")],
                        [m.span() for _p, m in r.phrases("judged_only")])


def _judges_claim(r: Reading) -> bool:
    """Whether the text's only words of gear are words that judge ("klopt", "legal") asked of
    a claim someone made ("Bob zei dat …", "Bob says …"), with no item and no number said:
    the claim is judged, no one's gear."""
    if not _gear_only_judged(r):
        return False
    keys = [t.key for t in r.tokens]
    claimed = any(tuple(keys[i:i + len(claim)]) == claim for claim in r.words.claims for i in range(len(keys)))
    return claimed and not any(t.number is not None or _an_item(t.key, r.words) or _an_item(t.key, r.english)
                               for t in r.tokens)


def _act_words(r: Reading, acts: set) -> str:
    """The text's words that name the acts ``acts``, quoted: what a question of gear leaves unjudged."""
    return ", ".join(f"“{m.group(0).strip()}”" for act in sorted(acts) for _p, m in r.table_matches("actions", act)) or "?"


def _words_of_list(r: Reading, name: str) -> str:
    """The text's words a phrase list matched, quoted."""
    return ", ".join(f"“{m.group(0).strip()}”" for _p, m in r.phrases(name)) or "?"


def _card_name_word(r: Reading, i: int) -> bool:
    """Whether word ``i`` was read as part of a card's name (a curse, an item card, a monster)."""
    role = r.roles[i]
    return bool(role) and role[0] in ("cursecard", "itemcard", "card")


def _died_first(r: Reading) -> bool:
    """Whether the text's first words of death come before anyone is named in it (no one
    named before them, the asker's "I" included)."""
    spans = r.kind_spans("death")
    if not spans:
        return False
    first = at(r.starts, min(start for start, _end in spans) + 1)
    return not any(i < first for i, _who in r.mentions())


def _items_lost(r: Reading) -> None:
    """"ik ben dood … ik had een zwaard +3 en een helm +1": the items a dead player is said to
    have, each by its word with the bonus said beside it, are what the death takes; told to
    their owner as items, not summed as gear (which said twice reads as two answers)."""
    words = [j for j, token in enumerate(r.tokens) if r.roles[j] is None and r._item_word(token.key)]
    # each bonus is the nearest item word's in its part of the sentence ("a +2 axe and +1 boots",
    # "zwaard +3 en helm +1"); on a tie, the one the language puts the bonus beside
    bonus_of = {}
    for k, token in enumerate(r.tokens):
        if not (token.plus and token.number):
            continue
        near = sorted((abs(j - k), (j < k) == r.words.bonus_before, j) for j in words
                      if j in r._segment(k) and abs(j - k) <= 2)
        if near and near[0][2] not in bonus_of:
            bonus_of[near[0][2]] = token.number
            r.take_bonus(k)
    # (each named without the ending it carries: "egy +2 sisakom", my helmet, is a Sisak)
    said = [(j, item_named(r.tokens[j], r.words), bonus_of.get(j)) for j in words]
    bonuses = [bonus for _j, _name, bonus in said if bonus is not None]
    for j, name, bonus in said:
        about = r.people.setdefault(r._owner(j), {})
        if name in about.get("items", []):
            continue
        about.setdefault("items", []).append(name)
        if bonus is not None:
            about.setdefault("item_bonus", {})[name] = bonus
        r.roles[j] = ("itemword", name)
    for about in r.people.values():
        for item in about.get("items", []):
            # (the one slot its word says, a helmet's, boots', armour's: the item as it is worn)
            slot = ONE_SLOT.get(_item_kind(r, item))
            if slot is not None:
                about.setdefault("item_slot", {}).setdefault(item, slot)
        if about.get("item_bonus") and (about.get("gear") in bonuses or sum(about["item_bonus"].values()) == about.get("gear")
                                        or "gear" in about.get("conflicts", [])):
            _gear_is_these_items(about)


def _gear_is_these_items(about: dict) -> None:
    """The gear read from the bonuses said beside items is those items: no sum of gear of its
    own, and no conflict between the two."""
    about.pop("gear", None)
    about["conflicts"] = [k for k in about.get("conflicts", []) if k != "gear"]
    if not about["conflicts"]:
        del about["conflicts"]


#: the slots a kind of item takes, where one player may use only one of it: two helmets at once
#: ask whether both count (a kind not here, a sword, may be one- or two-handed, and is not read)
ONE_SLOT = {"helmet": "headgear", "armor": "armor", "boots": "footgear"}


def _counted_slots(r: Reading) -> list[tuple[int, int, str]]:
    """Each count (2 to 4) said right before a kind of item that takes one slot ("two helmets",
    "két sisakot", "બે footgear"): its word, the count and the slot."""
    out, toks = [], r.tokens
    for j, token in enumerate(toks[:-1]):
        count = token.number
        if count is None or token.plus or not 2 <= count <= 4 or j in r.used \
                or (r.roles[j] is not None and r.roles[j][0] != "num") or r.roles[j + 1] is not None:
            continue
        kind = next((r.words.items[form] for form in stem(toks[j + 1].key, r.words.endings)
                     if form in r.words.items), None)
        if kind in ONE_SLOT:
            out.append((j, count, ONE_SLOT[kind]))
    return out


def _items_counted(r: Reading) -> bool:
    """"two helmets at once, one +1 and one +2", "બે footgear … +1 અને +2 વાળા": a count said
    right before a kind of item that takes one slot, and as many bonuses said in the text and
    beside no other item's word, are that many items of that slot, each with its bonus in the
    order said, told to their owner as items (the legality turns on their slot), not summed as
    gear."""
    toks = r.tokens
    for j, count, slot in _counted_slots(r):
        k = j + 1
        others = [m for m, t in enumerate(toks) if m != k and r.roles[m] is None and r._item_word(t.key)]
        bonuses = [m for m, t in enumerate(toks) if t.plus and t.number and t.number > 0
                   and not any(abs(m - o) <= 2 and o in r._segment(m) for o in others)]
        if len(bonuses) != count:
            continue  # "two helmets and a +2 sword": the bonuses are not those items'
        owner = r._owner(j)
        about = r.people.setdefault(owner, {})
        name = toks[k].raw.strip("'\"")
        name = name[:1].upper() + name[1:]
        strange = set(r.strange())
        for n, m in enumerate(bonuses, 1):
            item = f"{name}{n}"
            for w in (m - 1, m - 2):
                # "una de +2 y otra de +1": the word that stands for the item before its bonus
                if w in strange and w in r._segment(m):
                    r.roles[w] = ("itemword", item)
            about.setdefault("items", []).append(item)
            about.setdefault("item_bonus", {})[item] = toks[m].number
            about.setdefault("item_slot", {})[item] = slot
            r.take_bonus(m)
        r.used.add(j)
        r.roles[k] = ("itemword", name)
        _gear_is_these_items(about)
        return True
    return False


def _helper_killing(c: Context, source: str, player, order: list) -> None:
    """A level for a kill asked of the one the text says helped ("Bob helped Ann kill it, does
    he go up too?"): the helper gains no level for the kill (helping.helper-no-level), so the
    question is the rules', never the helper's level gained; where help is said of no one of
    two people named ("le eché una mano a Cid …, ¿subo yo?"), which of them gains is not said."""
    r = c.reading
    if r.helper is None and r.helping and not order and source != "help-elf":
        # "el que te ayuda sube de nivel si ganáis?": a level asked of one who helps, where the
        # text names no one, not even the asker (the helper of any fight): the rules' question,
        # not the level of the player whose turn it is
        c.missing.append(N_("who helps"))
        return
    if source != "kill":
        return
    if r.helper is not None and c.who(r.helper) == player:
        c.missing.append(N_("what {words} means here", words=", ".join(
            f"“{match.group(0).strip()}”" for _phrase, match in r.phrases("helper"))))
    elif r.helper is None and r.helping and len(order) > 1:
        c.missing.append(N_("who helps"))


def level(c: Context):
    r = c.reading
    # ("level 9, I kill a level 4 monster, I go up 1 level: do I win?": the 4 is the monster's,
    # not the asker's, where the levels the kill gives are counted; a kill with no count said
    # is the fight's question, "I beat a level 4 monster, am I level 10?"; a kill told as done,
    # "I just killed a level 14 monster, is that the win?", is a fact: the 14 is the monster's)
    r.describe(monsters_too=False, killed="kill" in r.best("sources")
               and (bool(r.changes) or any(True for _ in r.phrases("kill_done"))))
    if c.state is not None:
        _nobody(c)
    missing = c.missing
    sources = r.best("sources")
    if not sources:
        missing.append(N_("where the level comes from (a kill, selling, a card …)"))
        c.coreless = True
        return {}, missing
    top = max(sources.values())
    source = sorted(s for s, n in sources.items() if n == top)[0]
    if {s for s, n in sources.items() if n == top} >= {"kill", "sell"}:
        # "at level 9 can you level up by selling, or only by killing?": two ways weighed
        # against each other are a question of the rules, no one's level gained
        missing.append(N_("where the level comes from (a kill, selling, a card …)"))
        c.coreless = True
        return {}, missing
    change = r.changes[0] if r.changes else 1
    lose_words = any(True for _ in r.phrases("lose"))
    losing = source in LOSING_SOURCES or lose_words
    order = r.order()
    if source == "steal-level" and not lose_words and r.card_players & set(order):
        # "Dee speelt Steal a Level": who plays it gains the level, unless the text speaks of losing
        losing = False
        order = [p for p in order if p in r.card_players]
    stolen = _steal_roles(r) if source == "steal-level" and len(order) > 1 else None
    if stolen is not None:
        # "dee steals a level from bob, what level is dee now?": the thief goes up, the one
        # robbed goes down, and the question names which of the two it asks about
        thief, asked = stolen
        losing, order = asked != thief, [asked]
    elif source == "steal-level" and losing:
        if len(order) > 1 or r.card_players or any(t.key in r.words.me or t.key in r.words.objects
                                                     for t in r.tokens if order != [ME]):
            # "Dee steals a level from me": the thief goes up, the one robbed goes down, and
            # the words do not say which of the two the question is about
            missing.append(N_("who goes up a level and who goes down"))
        elif not lose_words and not (order and _robbed(r) == {order[0]}):
            # "dee steals a level": the thief goes up; "someone stole a level from dee": the
            # one it is stolen from goes down
            losing = False
    if not losing and source == "go-up-a-level":
        on = _played_on(r) - r.card_players
        if len(on) == 1:
            # "Bob plays Go Up a Level on Dee": the one the card is played on gains, not who plays it
            order = list(on) + [p for p in order if p not in on]
    if losing and [p for p in order if p not in r.card_players]:
        # "bob played a curse on me, I lose a level?": who plays the card is not who loses
        order = [p for p in order if p not in r.card_players]
    if source == "help-elf":
        # the level goes to whoever helped as an Elf: the one a phrase says helps, else the
        # asker where the text names no one else ("como elfa ayudé a bob": the asker, not Bob)
        others = [p for p in order if p != ME]
        if r.helper is not None:
            order = [r.helper]
        elif ME in order or not others:
            order = [ME]
        else:
            missing.append(N_("who helps"))
    if source in CARD_SOURCES and r.best("kinds").get("action") and not r.cards_counted() and not r.goals \
            and any(action.startswith("play-") for action in r.best("actions")):
        # "kann ich jetzt ne Steige-eine-Stufe-auf Karte spielen?": leave asked to play the
        # card, not what it does: the question is the action's, whose reading says so (not
        # where the level the play is to reach is said, "may I play it to reach level ten?":
        # whether it takes one there is asked, the level change's)
        c.coreless = True
        missing.append(N_("which action: {actions}", actions=", ".join(sorted(r.best("actions")))))
    if lose_words and source in GAINING_SOURCES:
        # "બોબે મારા પર શાપ નાખ્યો, મારું લેવલ ઘટે?" read as a kill: a level lost to a source
        # that only gives levels is a misreading (of the source, or of the loss)
        missing.append(N_("what {words} means here", words=", ".join(
            f"“{match.group(0).strip()}”" for _phrase, match in r.phrases("lose"))))
    player = c.who(order[0] if order else None)
    if source == "kill" and r.helper is not None and c.who(r.helper) == player and _of_race(c, player, "elf"):
        # "Ann helped Bob kill it, and she's an elf: does she get a level?": the level an Elf
        # gains for helping, asked of the Elf who helped (by the table or the text)
        source = "help-elf"
    _helper_killing(c, source, player, order)
    span = _from_to(r)
    if span is not None and (span[1] > span[0]) != losing and (not r.changes or r.changes[0] == abs(span[1] - span[0])):
        # "nyolcasról tízes lesz", "from 8 to 10": the change is the difference (or the count
        # said, the same), and the level it goes from is the player's, said (or told, where
        # nothing else says it)
        about = r.people.setdefault(ME if player == c.me else player, {})
        if c.level_of(player) is None:
            about["level"] = span[0]
        if c.level_of(player) == span[0]:
            change = abs(span[1] - span[0])
            r.used.update(span[2:])
    params = {"player": player, "change": -change if losing else change, "source": source,
              **c.people([player])}
    if c.state is None:
        _unknown(c)
    _fight_pieces(c)
    old = c.level_of(player)
    if old is not None:
        # "sube un nivel, pasa a nueve?": the level it comes to, said again
        for i, token in enumerate(r.tokens):
            if token.number == old + params["change"] and not token.plus and i not in r.used:
                r.used.add(i)
    if source == "sell" and old is not None and any(goal != old + params["change"] for goal in r.goals):
        # "can i reach 10 just by selling stuff": the level a sale is asked to reach is not the
        # one a level bought by selling comes to; how much is sold is not said, and reaching the
        # winning level by selling is a question of the rules (levels.selling-not-to-ten)
        missing.append(N_("what {words} means here", words=", ".join(f"“{g}”" for g in r.goals)))
    _sold_in_fight(c, source)
    # a number no piece took, gold said of no sale, or two counts of levels: the change may
    # not be the one the text means
    words = r.unplaced(counts=False) + ([str(n) for n in r.golds] if source != "sell" else []) + \
        [str(n) for n in r.changes[1:]]
    if words:
        missing.append(N_("what {words} means here", words=", ".join(f"“{w}”" for w in words)))
    return params, missing


def _sold_in_fight(c: Context, source: str) -> None:
    """"Mid-fight, may I sell my helmet to go up a level?": a sale asked in a fight the text
    tells is whether one may sell then (the act's leave), not the level it would bring; this
    reading keeps no other from the verdict."""
    r = c.reading
    if source == "sell" and r.in_combat:
        c.coreless = True
        said = [match.group(0).strip() for _phrase, match in r.phrases("in_combat")][:1]
        c.missing.append(N_("what {words} means here", words=", ".join(f"“{w}”" for w in said)))


def _from_to(r: Reading) -> Optional[tuple]:
    """The one level a text says a player goes from and to ("from 8 to 10", "nyolcasról
    tízes"): (from, to, the words of both), else None."""
    found = []
    for _phrase, match in r.phrases("from_to"):
        i, j = r.index(match, "n0"), r.index(match, "n1")
        if not (r.tokens[i].plus or r.tokens[j].plus):
            found.append((r.tokens[i].number, r.tokens[j].number, i, j))
    found = list(dict.fromkeys(found))
    return found[0] if len(found) == 1 else None


def _robbed(r: Reading) -> set:
    """The people a phrase says a level is taken from ("from dee", "ડી પાસેથી"): the slot's
    person, marked as an object as such a word makes it."""
    return {r._person(r.tokens[r.index(match, "p0")].key) for _phrase, match in r.phrases("robbed")} - {None}


def _steal_roles(r: Reading) -> Optional[tuple]:
    """Who steals a level and whom the question asks about, where the text tells a theft
    and then asks ("Cid klaut mir eine Stufe. Welche Stufe hat er dann?"): the thief is the
    first one named as no object in the telling; the one asked about is the one the last
    clause names, or the one its pronoun can point to. None where either is not clear."""
    tokens = r.tokens
    last = max((i for i, t in enumerate(tokens) if not t.separator), default=None)
    if last is None:
        return None
    question = r._segment(last)
    told = [(i, who) for i, who in r.mentions() if i < question[0]]
    if not told:
        return None
    objects = r.both("objects")
    thief = next((who for i, who in told if not r._object(i) and tokens[i].key not in objects), None)
    if thief is None:
        return None
    named_people = {who for _i, who in told}
    if len(named_people) != 2:
        return None
    asked = {who for i, who in r.mentions() if i in question}
    if not asked:
        pronoun = any(tokens[i].key in r.words.pronouns for i in question)
        others = [who for who in named_people if who != ME]
        if not pronoun or not others:
            return None
        # "Dee ellop egy szintet Bobtól. ő hányas lesz?": a pronoun keeps to the subject of
        # the telling, the thief, where two others are named
        asked = set(others) if len(others) == 1 else {thief} if thief in others else set()
    if len(asked) != 1 or not asked <= named_people:
        return None
    return thief, asked.pop()


def _played_on(r: Reading) -> set:
    """The people a card is said to be played on ("… on Dee", "auf auf dee": a phrase's words
    may be the card's own, so every start is tried)."""
    on = set()
    for words in (r.words, r.english):
        for phrase in words.lists.get("played_on", ()):
            match = phrase.regex.search(r.text)
            while match:
                role = r.roles[r.index(match, "p0")]
                if role and role[0] == "person":
                    on.add(role[1])
                match = phrase.regex.search(r.text, match.start() + 1)
    return on


def _die_sides(r) -> None:
    """"the 10 sided die", "den Würfel mit den Zahlen bis 10": the die described by its faces;
    that number is the die's, never its roll (read, so no second roll is left to choose from)."""
    _numbers_read(r, "die_sides")


def die(c: Context):
    r = c.reading
    r.describe(monsters_too=False)
    if c.state is not None:
        _nobody(c)
    missing = c.missing
    rolls = []
    for _phrase, match in r.phrases("roll"):
        rolls.append(r.tokens[r.index(match, "n0")].number)
    if not rolls and any(True for _ in r.phrases("roll_one")):
        rolls = [1]  # "me salió un uno", "ik gooide een één": one said by a word that is also "a"
    _die_sides(r)
    rolls = rolls or [n for n in r.numbers_left() if 1 <= n <= 10]
    rolls = list(dict.fromkeys(rolls))
    if len(rolls) != 1 or not 1 <= rolls[0] <= 10:
        missing.append(N_("the roll of the Munchkin die (1 to 10)"))
        c.coreless = True
        return {}, missing
    order = r.order()
    params = {"roll": rolls[0], **c.people([c.who(order[0] if order else None)], level_needed=False)}
    if order and c.who(order[0]) != (c.state or {}).get("turn"):
        params["player"] = c.who(order[0])
    if c.state is None:
        _unknown(c)
    _fight_pieces(c)
    return params, missing


def _reader(question):
    """The function that reads ``question`` in a sentence: the one its row names."""
    found = globals()[question.reader]
    return found(question.verb) if found is about else found


#: question kind -> its reader, for each question of the registry that `ask` reads
BUILDERS = {question.kind: _reader(question) for question in QUESTIONS if question.reader}
