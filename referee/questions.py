"""Questions asked in one line: the situation a typed question describes.

``referee fight Troll:8 --helper Bob`` is a situation file nobody had to write: the players, game
and turn come from the table in progress (or from ``--player`` specs), the question from the
command. Each function here returns that situation as a mapping in the situation-file format,
which :func:`referee.adjudicate.judge_data` judges exactly as ``referee judge`` judges a file,
and which ``--save-situation`` writes out so the file reproduces the verdict.

Typed pieces:

- a monster: ``NAME:LEVEL`` (``Troll:8``), a card's name in any language (``"Plutonium Dragon"``,
  typos forgiven), a card's name with a level, or a mapping in the situation format
  (``'{name: Troll, level: 8, bonus_vs: {elf: 2}}'``). A name with a level takes the numbers of
  a card only when it is exactly that card's name, so a home-made monster never borrows them.
- a player (``--player``): ``NAME[:LEVEL] WORD…`` where each word is a race or class (its card's
  name in any language), ``male``/``female``, ``+N`` for the bonus of the gear in use,
  ``dead``, ``half-breed``, ``super-munchkin`` or ``FIELD=VALUE`` — or a mapping in the
  situation format (``'{name: Ann, level: 5, items: [...]}'``).
"""

from __future__ import annotations

from referee import registry
from referee.errors import BadInput
from referee.fields import PLAYER_FIELDS, parse_assignments, parse_change, parse_value
from referee.plain import copied

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Optional

COMBAT_PHASES = ("combat", "running-away")
#: the monster a flight or a question in combat is about when none is named
SOME_MONSTER = {"name": "Monster", "level": 1}
#: words of a compact player spec that are flags of the situation format
FLAGS = {"dead": "dead", "half-breed": "half_breed", "half_breed": "half_breed", "super-munchkin": "super_munchkin",
         "super_munchkin": "super_munchkin"}
SEX_WORDS = {"male": "male", "m": "male", "female": "female", "f": "female"}
#: card types whose names a player spec may use as race or class words
PERSONA_TYPES = ("race", "class")


def base(state: Optional[dict], specs: list[str], corpus, game: Optional[str] = None,
         expansions: list[str] = (), house_rules: list[str] = ()) -> tuple[dict, bool]:
    """The table part of the situation, and whether it came from the table in progress.

    With ``specs`` (``--player``) the players are those; otherwise they are the table's.
    """
    if specs:
        players = [player_spec(spec, corpus, game or "munchkin") for spec in specs]
        named = [p["name"] for p in players]
        twice = sorted({n for n in named if named.count(n) > 1})
        if twice:
            raise BadInput("--player: two players are named {name}; each player needs a name of their own",
                           name=repr(twice[0]))
        house = parse_assignments(list(house_rules), ("starting_cards", "phase_zero", "shared_victory"), "--house-rule")
        data = {"game": game or "munchkin", "expansions": list(expansions), "house_rules": house, "players": players}
        return data, False
    if state is None:
        raise BadInput("no table in progress: start one with `referee table new NAME…`, or describe the players "
                       "with --player 'NAME:LEVEL race class …'")
    if game or expansions or house_rules:
        raise BadInput("--game, --expansion and --house-rule describe inline players (--player); the table in "
                       "progress has its own (`referee table`)")
    return copied(state), True


def who(data: dict, name: Optional[str], default: Optional[str], what: str) -> str:
    """The player ``name`` means (ignoring case), else ``default``."""
    names = [p["name"] for p in data["players"]]
    if name is None:
        if default is None:
            raise BadInput("{what}: say which player (players: {names})", what=what, names=", ".join(names))
        return default
    if name in names:
        return name
    same = [n for n in names if n.casefold() == name.casefold()]
    if len(same) == 1:
        return same[0]
    raise BadInput("{what}: no player named {name} (players: {names})", what=what, name=repr(name),
                   names=", ".join(names))


def first_player(data: dict) -> Optional[str]:
    """Who acts when a command names no one: whose turn it is, else the first player."""
    return data.get("turn") or (data["players"][0]["name"] if data["players"] else None)


# --- typed pieces -----------------------------------------------------------------------------

def monster(spec: str, corpus) -> dict:
    """One typed monster as a situation's monster mapping (see the module's docstring)."""
    text = spec.strip()
    if text.startswith("{"):
        value = parse_value(text)
        if not isinstance(value, dict):
            raise BadInput("monster {spec}: not a mapping in the situation format", spec=_cut(spec))
        return value
    name, level = _name_and_level(text)
    if not name:
        raise BadInput("monster {spec}: give a name, NAME:LEVEL or a card's name", spec=_cut(spec))
    # lazy: referee.cards 47 ms, referee.corpus.cards 21 ms to import, paid only by the calls that need it
    from referee.cards import exact_cards, localizer, meant, suggested
    from referee.corpus.cards import fold

    monsters = [c for c in corpus.cards.values() if c.type == "monster"]
    if level is not None:
        exact = exact_cards(monsters, [name], localizer())
        return {"name": name, "level": level, **({"card": exact[0].name} if exact else {})}
    chosen, candidates = meant(monsters, name, localizer())
    if chosen is not None and chosen.distance > max(1, len(fold(chosen.name)) // 5):
        # A part of a name, not the whole name with a typo: a guess at a monster's numbers is
        # no verdict, so the card is offered instead.
        chosen, candidates = None, [chosen]
    if chosen is None:
        names = suggested(monsters, name, candidates, localizer())
        if not names:  # nothing near to offer: no empty "did you mean"
            raise BadInput("monster {name}: no monster card by that name; for another monster give its level: "
                           "{name}:LEVEL", name=name)
        raise BadInput("monster {name}: no monster card by that name (did you mean: {suggestions}?); for another "
                       "monster give its level: {name}:LEVEL", name=name, suggestions=", ".join(names))
    if "level" not in chosen.card.facts:
        raise BadInput("monster {name}: the card records hold no level for {card}; give it: {name}:LEVEL",
                       name=name, card=chosen.card.name)
    shown = name if chosen.distance == 0 else chosen.name
    return {"name": shown, "card": chosen.card.name}


#: the most digits a typed number may have: levels, gold and bonuses are small
MAX_DIGITS = 9


def whole(text: str, what: str) -> int:
    """A typed whole number (``+2``, ``-1``, ``400``), refused past :data:`MAX_DIGITS` digits
    (Python would refuse past 4,300 with an error of its own)."""
    digits = text.strip().lstrip("+-")
    if len(digits) > MAX_DIGITS:
        raise BadInput("{what}: a number of {count} digits; the game's numbers are small", what=what,
                       count=len(digits))
    return int(text.strip())


def _name_and_level(text: str, what: str = "") -> tuple[str, Optional[int]]:
    head, sep, tail = text.rpartition(":")
    if sep and tail.strip().lstrip("+-").isdigit() and tail.strip().lstrip("+-").isascii():
        return head.strip(), whole(tail, f"{what} {_cut(text)}".strip())
    return text, None


def player_spec(spec: str, corpus, game: str = "munchkin") -> dict:
    """One ``--player`` spec as a situation's player mapping (see the module's docstring)."""
    text = spec.strip()
    if text.startswith("{"):
        value = parse_value(text)
        if not isinstance(value, dict):
            raise BadInput("--player {spec}: not a mapping in the situation format", spec=_cut(spec))
        return inline_player(value, spec)
    words = text.split()
    if not words:
        raise BadInput("--player: empty; give NAME:LEVEL and the player's race, class …")
    name, level = _name_and_level(words[0], "--player")
    if level is None and ":" in words[0]:
        raise BadInput("--player {spec}: expected NAME:LEVEL with a whole number for the level (Ann:3)",
                       spec=_cut(words[0]))
    player: dict = {"name": name}
    if level is not None:
        player["level"] = level
    bonus, assignments = 0, []
    for word in words[1:]:
        lowered = word.casefold()
        if lowered.lstrip("+-").isdigit() and lowered[:1] in "+-":
            bonus += whole(lowered, f"--player {name}")
        elif "=" in word:
            assignments.append(word)
        elif lowered in FLAGS:
            player[FLAGS[lowered]] = True
        elif lowered in SEX_WORDS:
            player["sex"] = SEX_WORDS[lowered]
        else:
            kind, code = persona(word, corpus, game)
            key = {"race": "races", "class": "classes", "enhancer": "enhancers"}.get(kind)
            if key is None:
                player["sex"] = code
            else:
                player.setdefault(key, []).append(code)
    player.update(parse_assignments(assignments, PLAYER_FIELDS, f"--player {name}"))
    if bonus:
        player.setdefault("items", []).append({"name": "gear", "bonus": bonus})
    return player


def bare_name(spec) -> bool:
    """A ``--player`` given as one word with no level (``Anne``): a name, not a description."""
    return isinstance(spec, str) and len(spec.split()) == 1 and ":" not in spec and not spec.strip().startswith("{")


def named_at_table(specs: list, state: dict) -> None:
    """With a table in progress, a bare name names one of its players: a name not at the table
    is refused with the table's names (a typo would otherwise be judged as a new level-1
    player). A player who is not at the table is described with a level: ``Anne:1``."""
    names = [p["name"] for p in state.get("players", [])]
    known = {n.casefold() for n in names}
    for spec in specs:
        if bare_name(spec) and spec.strip().casefold() not in known:
            raise BadInput("--player {name}: no player of that name at the table (players: {names}); to describe "
                           "a player who is not at the table, give a level: {name}:1", name=spec.strip(),
                           names=", ".join(names) or "—")


def inline_player(value: dict, spec) -> dict:
    """A player given as a mapping (``--player '{name: Ann, …}'``, a body's ``players``): what
    the question needs before the situation reader sees it — a name, items as mappings — is
    checked here, naming the field; every other field is the reader's to check."""
    shown = _cut(spec if isinstance(spec, str) else str(spec))
    name = value.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BadInput("--player {spec}: name: missing or not a text; every player needs a name", spec=shown)
    items = value.get("items")
    if items is not None and not (isinstance(items, list) and all(isinstance(i, dict) for i in items)):
        raise BadInput("--player {spec}: items: expected a list of items, each a mapping with a name or a card",
                       spec=shown)
    return value


def item_name(item: dict) -> str:
    """The name an item goes by: its own, else its card's (``{card: Flaming Armor}``)."""
    for key in ("name", "card"):
        if isinstance(item.get(key), str):
            return item[key]
    return ""


def persona(word: str, corpus, game: str = "munchkin") -> tuple[str, str]:
    """What a word of a player spec is — ``(race | class | sex | enhancer, word)`` — by the game's
    own words (``referee.vocabulary``) or by a race or class card's name in any language."""
    # lazy: referee.vocabulary 56 ms, referee.cards 47 ms, … to import, paid only by the calls that need it
    from referee import model
    from referee.cards import localizer, meant
    from referee.vocabulary import canonical, suggest, word_for

    found = word_for(word, game)
    if found is not None:
        return found
    cards = [c for c in corpus.cards.values() if c.type in PERSONA_TYPES]
    chosen, _ = meant(cards, word, localizer())
    if chosen is not None:
        vocabulary = model.RACES[game] if chosen.card.type == "race" else model.CLASSES[game]
        known = canonical(chosen.card.id, vocabulary)
        if known is not None:
            return chosen.card.type, known
    words = (*model.RACES[game], *model.CLASSES[game], *model.SEXES, *model.ENHANCERS)
    near = suggest(word, words)
    if not near:  # nothing near to offer: no empty "did you mean"
        raise BadInput("--player: {word} is not a race, class, sex or flag of {game}", word=repr(word), game=game)
    raise BadInput("--player: {word} is not a race, class, sex or flag of {game} (did you mean: {suggestions}?)",
                   word=repr(word), game=game, suggestions=", ".join(near))


def _cut(text: str, length: int = 60) -> str:
    return repr(text if len(text) <= length else text[: length - 1] + "…")


# --- the questions ----------------------------------------------------------------------------

def at_moment(data: dict, turn: Optional[str] = None, phase: Optional[str] = None,
              met: Optional[bool] = None) -> dict:
    """The situation at another moment than the table's: whose turn, the phase, a monster met."""
    data = dict(data)
    if turn is not None:
        data["turn"] = who(data, turn, None, "--turn")
    if phase is not None:
        data["phase"] = phase
    if met is not None:
        data["met_monster_this_turn"] = met
    return data


def fight(data: dict, monsters: list[dict], fighter: Optional[str] = None, helper: Optional[str] = None,
          plus: list[int] = (), monster_plus: list[int] = (), discards: list[str] = (),
          charm: Optional[str] = None) -> dict:
    """``referee fight``: who wins, and what each side gets (a ``combat`` question)."""
    fighter = who(data, fighter, first_player(data), "--fighter")
    combat: dict = {"fighter": fighter, "monsters": list(monsters)}
    if helper is not None:
        combat["helper"] = who(data, helper, None, "--helper")
    if plus or monster_plus:
        combat["one_shots"] = {"players": list(plus), "monsters": list(monster_plus)}
    if discards:
        combat["discards"] = {who(data, k, None, "--discard"): v for k, v in
                              _pairs(discards, "--discard", "NAME=CARDS", number=True).items()}
    if charm:
        wizard, target = next(iter(_pairs([charm], "--charm", "WIZARD=MONSTER").items()))
        combat["charm"] = {"wizard": who(data, wizard, None, "--charm"), "monster": target}
    return dict(data, phase="combat", combat=combat, question={"kind": "combat"})


def flee(data: dict, monsters: list[dict], players: list[str] = (), helper: Optional[str] = None,
         fighter: Optional[str] = None, discards: list[str] = ()) -> dict:
    """``referee flee``: the roll each fleeing player needs against each monster (``run-away``)."""
    names = [who(data, p, None, "--player") for p in players]
    fighter = who(data, fighter, None, "--fighter") if fighter else names[0] if names else first_player(data)
    helper = who(data, helper, None, "--helper") if helper else (names[1] if len(names) > 1 else None)
    if len(names) > 2:
        raise BadInput("flee: at most two players run away from one fight (the fighter and the helper)")
    combat: dict = {"fighter": fighter, "monsters": list(monsters) or [dict(SOME_MONSTER)]}
    if helper:
        combat["helper"] = helper
    if discards:  # a Wizard's Flight: cards discarded for +1 each to run away
        combat["discards"] = {who(data, k, None, "--discard"): v for k, v in
                              _pairs(discards, "--discard", "NAME=CARDS", number=True).items()}
    return dict(data, phase="running-away", combat=combat, question={"kind": "run-away"})


def can(data: dict, player: str, action: str, target: Optional[str] = None, item: Optional[str] = None,
        fighter: Optional[str] = None, helper: Optional[str] = None, monsters: list[dict] = ()) -> dict:
    """``referee can``: may a player do this now (an ``action`` question)?

    A question asked in combat (the phase says so, or a fighter is named) is asked about a
    fight: the fighter (default: whose turn it is) against the monsters named, or one.
    """
    player = who(data, player, None, "can")
    question = {"kind": "action", "player": player, "action": action}
    if target:
        question["target"] = who(data, target, None, "--target")
    if item:
        question["item"] = item
    data = dict(data, question=question)
    if fighter or helper or monsters:
        combat: dict = {"fighter": who(data, fighter, first_player(data), "--fighter"),
                        "monsters": list(monsters) or [dict(SOME_MONSTER)]}
        if helper:
            combat["helper"] = who(data, helper, None, "--helper")
        data["combat"] = combat
        if data.get("phase") not in COMBAT_PHASES + ("other-turn",):
            data["phase"] = "combat"
    return in_fight(data)


def in_fight(data: dict) -> dict:
    """A question asked while a fight is on (the phase says so) is about that fight: whoever's
    turn it is fights, against the monster the question does not name."""
    if data.get("phase") in COMBAT_PHASES and "combat" not in data:
        data = dict(data, combat={"fighter": first_player(data), "monsters": [dict(SOME_MONSTER)]})
    return data


def sell(data: dict, player: str, items: list[str]) -> dict:
    """``referee sell``: selling these items for levels. An item is one the player has, or
    ``NAME:GOLD`` for one worth that much."""
    player = who(data, player, None, "sell")
    entry = next(p for p in data["players"] if p["name"] == player)
    owned = entry.setdefault("items", [])
    for item in owned:  # an item given only by its card goes by the card's name as typed
        if "name" not in item and isinstance(item.get("card"), str):
            item["name"] = item["card"]
    names = []
    for word in items:
        have = [item_name(i) for i in owned if item_name(i).casefold() == word.casefold()]
        if have:
            names.append(have[0])
            continue
        name, gold = _name_and_level(word, "sell")
        if gold is None:
            raise BadInput("sell: {player} has no item named {item} (items: {items}); for another item give its "
                           "value: {item}:GOLD", player=player, item=repr(word),
                           items=", ".join(item_name(i) for i in owned) or "—")
        # two things given with one name ("Potion:300 Potion:400") are two items: the second
        # is told apart by its number, as a question names each item it sells once
        taken = {item_name(i).casefold() for i in owned}
        shown, count = name, 1
        while shown.casefold() in taken:
            count += 1
            shown = f"{name} {count}"
        owned.append({"name": shown, "gold": gold})
        names.append(shown)
    return in_fight(dict(data, question={"kind": "sell", "player": player, "items": names}))


def about(data: dict, kind: str, player: Optional[str]) -> dict:
    """``gear``, ``charity``, ``death``: a question about one player."""
    return in_fight(dict(data, question={"kind": kind, "player": who(data, player, first_player(data), kind)}))


def level(data: dict, player: str, change: int, source: str) -> dict:
    """``referee level``: a level change as the rules allow it (``table level`` also records it)."""
    return in_fight(dict(data, question={"kind": "level", "player": who(data, player, None, "level"),
                                         "change": change, "source": source}))


def die(data: dict, roll: int, player: Optional[str] = None) -> dict:
    """``referee die``: the Munchkin die's result ``roll`` for a player (default: whose turn it is)."""
    return in_fight(dict(data, question={"kind": "munchkin-die", "player": who(data, player, first_player(data), "die"),
                                         "roll": roll}))


def _pairs(words: list[str], option: str, shape: str, number: bool = False) -> dict:
    out = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise BadInput("{option}: {word} is not {shape}", option=option, word=_cut(word), shape=shape)
        parsed = parse_value(value) if number else value.strip()
        if number and (isinstance(parsed, bool) or not isinstance(parsed, int)):
            raise BadInput("{option}: {word} is not {shape}", option=option, word=_cut(word), shape=shape)
        out[key.strip()] = parsed
    return out


# --- one entry for every face -------------------------------------------------------------------

#: the parameters each question takes, beside the common ones (the CLI's options, the API's body)
#: what every question takes: inline players and the moment it is asked at
COMMON = tuple(p.name for p in registry.COMMON)
PARAMETERS = {q.verb: tuple(p.name for p in q.parameters if p.name not in COMMON) for q in registry.QUESTIONS}


def ask(kind: str, params: dict, state: Optional[dict], corpus) -> dict:
    """The situation the question ``kind`` (its verb: ``fight``) asks, from its parameters, on
    the table's ``state`` (or on ``params["players"]``, given inline). Unknown parameters are errors."""
    question = registry.BY_VERB.get(kind)
    if question is None:
        raise BadInput("unknown question {kind} (questions: {kinds})", kind=repr(kind), kinds=", ".join(PARAMETERS))
    allowed = PARAMETERS[kind] + COMMON
    unknown = [key for key in params if key not in allowed]
    if unknown:
        raise BadInput("{kind}: unknown parameter {name} (parameters: {allowed})", kind=kind, name=repr(unknown[0]),
                       allowed=", ".join(allowed))
    p = {key: value for key, value in params.items() if value is not None}
    data, _ = base(state, _words(p.get("players")), corpus, p.get("game"), _words(p.get("expansions")),
                   _assignments(p.get("house_rules")))
    data = at_moment(data, p.get("turn"), p.get("phase"), p.get("met_monster"))
    monsters = [m if isinstance(m, dict) else monster(str(m), corpus) for m in p.get("monsters") or []]
    for param in question.parameters:  # cards named as bonuses, read once for every face
        if param.kind == "bonuses" and p.get(param.name) is not None:
            p[param.name] = bonuses(p[param.name], corpus, param.flag, enhancers=param.name == "monster_plus")
    return globals()[question.build](question, data, p, monsters)


# Each builds the situation of one question (its row's ``build``) from the parameters ``p`` as
# given (None left out), on ``data``, the table part; ``monsters`` are the typed ones, read.

def ask_fight(question, data: dict, p: dict, monsters: list[dict]) -> dict:
    if not monsters:
        raise BadInput("fight: name at least one monster (NAME:LEVEL or a card's name)")
    monster_plus, monsters = with_enhancers(p.get("monster_plus"), monsters)
    return fight(data, monsters, p.get("fighter"), p.get("helper"), _numbers(p.get("plus"), "plus"),
                 monster_plus, _assignments(p.get("discards")), _assignment(p.get("charm")))


#: the largest one-shot bonus either way, as an item's (referee.situation): the game's are small
BONUS_LIMIT = 100


def bonuses(values, corpus, field: str, enhancers: bool = False) -> list:
    """One-shot bonuses as given: ``+3``, ``-2``, or a card's name in any language, typos
    forgiven. A one-shot item or an item is its printed bonus; with ``enhancers`` (the monsters'
    side) a monster enhancer card stays its card's name, to go on a monster with the Treasures
    it prints as well (:func:`with_enhancers`)."""
    out = []
    for value in [values] if isinstance(values, (int, str)) else list(values or []):
        if isinstance(value, str) and value.strip().lstrip("+-").isdigit() and value.strip().isascii():
            value = whole(value, field)
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise BadInput("{name}: expected a whole number, got {got}", name=field, got=_cut(repr(value)))
        if isinstance(value, str):
            out.append(_bonus_card(value, corpus, field, enhancers))
        elif abs(value) > BONUS_LIMIT:
            raise BadInput("{name}: expected a whole number from {low} to {high}, got {value}", name=field,
                           low=-BONUS_LIMIT, high=BONUS_LIMIT, value=value)
        else:
            out.append(value)
    return out


def with_enhancers(values, monsters: list[dict]) -> tuple[list[int], list[dict]]:
    """The monsters' one-shot bonuses apart from the enhancer cards among them, which go on the
    first monster named (an enhancer is played on one monster; name the monster with its
    enhancers in the situation format, ``{card: Troll, enhancers: [Enraged]}``, for another)."""
    numbers = [v for v in values or [] if isinstance(v, int)]
    cards = [v for v in values or [] if isinstance(v, str)]
    if cards and monsters:
        first = dict(monsters[0])
        first["enhancers"] = [*(first.get("enhancers") or []), *cards]
        monsters = [first, *monsters[1:]]
    return numbers, monsters


def _bonus_card(name: str, corpus, field: str, enhancers: bool):
    # lazy: referee.cards 47 ms to import, paid only by the calls that name a card
    from referee.cards import decide, find_cards, localizer, suggested

    cards = [c for c in corpus.cards.values() if isinstance(c.facts.get("bonus"), int)
             and c.type in ("one-shot item", "item", *(("enhancer",) if enhancers else ()))]
    chosen, candidates = decide(find_cards(cards, name, localizer()))
    if chosen is None:
        names = suggested(cards, name, candidates, localizer())
        if not names:  # nothing near to offer: no empty "did you mean"
            raise BadInput("{field}: {name} is neither a number (+3, -2) nor a card with a bonus", field=field,
                           name=repr(name[:60]))
        raise BadInput("{field}: {name} is neither a number (+3, -2) nor a card with a bonus (did you mean: "
                       "{suggestions}?)", field=field, name=repr(name[:60]), suggestions=", ".join(names))
    card = chosen.card
    return card.name if card.type == "enhancer" else card.facts["bonus"]


def ask_flee(question, data: dict, p: dict, monsters: list[dict]) -> dict:
    fleeing = _words(p.get("fleeing"))
    if not fleeing and not p.get("fighter") and not p.get("helper") and len(_words(p.get("players"))) == 2:
        # `flee Troll --player 'Ann:3 elf' --player 'Bob:4'`: the two players described run away,
        # the fighter first, then the helper, as two players of the table named so do (a player
        # described is there to run: none else is in the question)
        fleeing = [player["name"] for player in data["players"]]
    return flee(data, monsters, fleeing, p.get("helper"), p.get("fighter"), _assignments(p.get("discards")))


def ask_can(question, data: dict, p: dict, monsters: list[dict]) -> dict:
    kind = question.verb
    return can(data, _required(p, "player", kind), _required(p, "action", kind), p.get("target"), p.get("item"),
               p.get("fighter"), p.get("helper"), monsters)


def ask_sell(question, data: dict, p: dict, monsters: list[dict]) -> dict:
    return sell(data, _required(p, "player", question.verb), _words(_required(p, "items", question.verb)))


def ask_level(question, data: dict, p: dict, monsters: list[dict]) -> dict:
    kind = question.verb
    change = p.get("change")
    if isinstance(change, str):
        change = parse_change(change)
    return level(data, _required(p, "player", kind), _whole(change, "change"), _required(p, "source", kind))


def ask_die(question, data: dict, p: dict, monsters: list[dict]) -> dict:
    return die(data, _whole(_required(p, "roll", question.verb), "roll"), p.get("player"))


def ask_about(question, data: dict, p: dict, monsters: list[dict]) -> dict:
    return about(data, question.kind, p.get("player"))


def _required(params: dict, key: str, kind: str):
    if params.get(key) in (None, "", []):
        raise BadInput("{kind}: missing {name}", kind=kind, name=key)
    return params[key]


def _words(value) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, (str, dict)) for v in value):
        return [v if isinstance(v, str) else flow_text(v) for v in value]
    raise BadInput("expected a list of words, got {got}", got=_cut(repr(value)))


def _assignments(value) -> list[str]:
    """``["k=v", …]`` from that list or from a mapping ``{k: v}``."""
    if isinstance(value, dict):
        return [f"{k}={flow_text(v)}" for k, v in value.items()]
    return _words(value)


def _assignment(value) -> Optional[str]:
    found = _assignments(value) if value is not None else []
    if len(found) > 1:
        raise BadInput("expected one NAME=VALUE, got several: {got}", got=_cut(", ".join(found)))
    return found[0] if found else None


def _numbers(value, name: str) -> list[int]:
    values = [value] if isinstance(value, int) else list(value or [])
    return [_whole(v, name) for v in values]


def _whole(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput("{name}: expected a whole number, got {got}", name=name, got=_cut(repr(value)))
    return value


def flow_text(value) -> str:
    """A value written as one word of YAML flow style (JSON is such a word)."""
    import json  # lazy: 5 M instructions to import, which only a value that is no word needs

    return json.dumps(value, ensure_ascii=False)
