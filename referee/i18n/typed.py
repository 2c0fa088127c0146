"""The words players type for the codes of each closed vocabulary: data of the ``referee`` catalog.

Each entry's context (``msgctxt``) names the vocabulary and its ``msgid`` is the code; the
translation lists the words a player of that language types for it, separated by ``|``, the
first being the one offered back ("did you mean"). :func:`typed_words` reads them for the
current language (:mod:`referee.vocabulary` matches what players type against them); the
entries are marked for extraction, so that ``referee i18n extract`` puts them in the template
with the comments below.
"""

from __future__ import annotations

from referee.i18n.catalogs import pgettext


def typed(context: str, code: str) -> tuple[str, str]:
    """Mark the words typed for ``code`` of the vocabulary ``context`` (extracted as ``msgctxt``)."""
    return context, code


#: every vocabulary whose words players type, and its codes (as :mod:`referee.model` has them)
ENTRIES = (
    # --- race
    # Translators: a race a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("race", "human"),
    # Translators: a race a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("race", "elf"),
    # Translators: a race a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("race", "dwarf"),
    # Translators: a race a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("race", "halfling"),
    # Translators: a race a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("race", "gnome"),
    # Translators: a race a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("race", "orc"),
    # Translators: a race a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("race", "centaur"),
    # Translators: a race a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("race", "lizard-guy"),
    # Translators: a race a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("race", "cyborg"),
    # --- class
    # Translators: a class a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("class", "warrior"),
    # Translators: a class a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("class", "wizard"),
    # Translators: a class a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("class", "thief"),
    # Translators: a class a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("class", "cleric"),
    # Translators: a class a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("class", "bard"),
    # Translators: a class a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("class", "ranger"),
    # Translators: a class a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("class", "space-ranger"),
    # Translators: a class a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("class", "gadgeteer"),
    # Translators: a class a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("class", "trader"),
    # Translators: a class a player's character may have. Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("class", "psychic"),
    # --- enhancer
    # Translators: a race or class enhancer card (High, Dark, Primeval; Master, Elite, Legendary). Write the words
    # players of your language type for it, separated by "|"; the first one is offered back when a word is mistyped.
    # Any case and spacing is accepted.
    typed("enhancer", "high"),
    # Translators: a race or class enhancer card (High, Dark, Primeval; Master, Elite, Legendary). Write the words
    # players of your language type for it, separated by "|"; the first one is offered back when a word is mistyped.
    # Any case and spacing is accepted.
    typed("enhancer", "dark"),
    # Translators: a race or class enhancer card (High, Dark, Primeval; Master, Elite, Legendary). Write the words
    # players of your language type for it, separated by "|"; the first one is offered back when a word is mistyped.
    # Any case and spacing is accepted.
    typed("enhancer", "primeval"),
    # Translators: a race or class enhancer card (High, Dark, Primeval; Master, Elite, Legendary). Write the words
    # players of your language type for it, separated by "|"; the first one is offered back when a word is mistyped.
    # Any case and spacing is accepted.
    typed("enhancer", "master"),
    # Translators: a race or class enhancer card (High, Dark, Primeval; Master, Elite, Legendary). Write the words
    # players of your language type for it, separated by "|"; the first one is offered back when a word is mistyped.
    # Any case and spacing is accepted.
    typed("enhancer", "elite"),
    # Translators: a race or class enhancer card (High, Dark, Primeval; Master, Elite, Legendary). Write the words
    # players of your language type for it, separated by "|"; the first one is offered back when a word is mistyped.
    # Any case and spacing is accepted.
    typed("enhancer", "legendary"),
    # --- sex
    # Translators: a character's sex. Write the words players of your language type for it, separated by "|"; the
    # first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("sex", "male"),
    # Translators: a character's sex. Write the words players of your language type for it, separated by "|"; the
    # first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("sex", "female"),
    # --- level source
    # Translators: where a change of level comes from (`--source`). Write the words players of your language type for
    # it, separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("level source", "kill"),
    # Translators: where a change of level comes from (`--source`). Write the words players of your language type for
    # it, separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("level source", "sell"),
    # Translators: where a change of level comes from (`--source`). Write the words players of your language type for
    # it, separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("level source", "card"),
    # Translators: where a change of level comes from (`--source`). Write the words players of your language type for
    # it, separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("level source", "go-up-a-level"),
    # Translators: where a change of level comes from (`--source`). Write the words players of your language type for
    # it, separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("level source", "divine-intervention"),
    # Translators: where a change of level comes from (`--source`). Write the words players of your language type for
    # it, separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("level source", "steal-level"),
    # Translators: where a change of level comes from (`--source`). Write the words players of your language type for
    # it, separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("level source", "bad-stuff"),
    # Translators: where a change of level comes from (`--source`). Write the words players of your language type for
    # it, separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("level source", "curse"),
    # Translators: where a change of level comes from (`--source`). Write the words players of your language type for
    # it, separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("level source", "help-elf"),
    # Translators: where a change of level comes from (`--source`). Write the words players of your language type for
    # it, separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("level source", "munchkin-die"),
    # --- phase
    # Translators: a phase of a player's turn (`--phase`). Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("phase", "before-door"),
    # Translators: a phase of a player's turn (`--phase`). Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("phase", "kick-door"),
    # Translators: a phase of a player's turn (`--phase`). Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("phase", "combat"),
    # Translators: a phase of a player's turn (`--phase`). Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("phase", "running-away"),
    # Translators: a phase of a player's turn (`--phase`). Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("phase", "look-for-trouble"),
    # Translators: a phase of a player's turn (`--phase`). Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("phase", "loot"),
    # Translators: a phase of a player's turn (`--phase`). Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("phase", "charity"),
    # Translators: a phase of a player's turn (`--phase`). Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("phase", "other-turn"),
    # --- expansion
    # Translators: an expansion in play (`--expansion`). Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("expansion", "hirelings"),
    # Translators: an expansion in play (`--expansion`). Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("expansion", "steeds"),
    # Translators: an expansion in play (`--expansion`). Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("expansion", "dungeons"),
    # Translators: an expansion in play (`--expansion`). Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("expansion", "portals"),
    # Translators: an expansion in play (`--expansion`). Write the words players of your language type for it,
    # separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("expansion", "munchkinomicon"),
    # --- game
    # Translators: the game played (`--game`). Write the words players of your language type for it, separated by "|";
    # the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("game", "munchkin"),
    # Translators: the game played (`--game`). Write the words players of your language type for it, separated by "|";
    # the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("game", "star-munchkin"),
    # Translators: the game played (`--game`). Write the words players of your language type for it, separated by "|";
    # the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("game", "epic"),
    # Translators: the clauses of the expansions (`--game expansions` in `list` and `search`), as players of your
    # language name the expansions, separated by "|"; the first one is offered back when a word is mistyped.
    typed("game", "expansions"),
    # --- yes/no
    # Translators: an answer to a yes-or-no field such as dead=… or half_breed=…. Write the words players of your
    # language type for it, separated by "|"; the first one is offered back when a word is mistyped. Any case and
    # spacing is accepted.
    typed("yes/no", "true"),
    # Translators: an answer to a yes-or-no field such as dead=… or half_breed=…. Write the words players of your
    # language type for it, separated by "|"; the first one is offered back when a word is mistyped. Any case and
    # spacing is accepted.
    typed("yes/no", "false"),
    # --- house rule
    # Translators: a house rule's name in --house-rule NAME=VALUE. Write the words players of your language type for
    # it, separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("house rule", "starting_cards"),
    # Translators: a house rule's name in --house-rule NAME=VALUE. Write the words players of your language type for
    # it, separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("house rule", "phase_zero"),
    # Translators: a house rule's name in --house-rule NAME=VALUE. Write the words players of your language type for
    # it, separated by "|"; the first one is offered back when a word is mistyped. Any case and spacing is accepted.
    typed("house rule", "shared_victory"),
    # --- field
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "level"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "sex"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "races"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "classes"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "enhancers"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "half_breed"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "super_munchkin"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "dead"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "hand"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "curses"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "hireling"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "steed"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "pet"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "bonus"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "slot"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "big"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "complex"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "gold"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "carried"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "one_shot"),
    # Translators: a field of a player or an item in FIELD=VALUE (`table set Anna level=5`): the words
    # players of your language type for it, separated by "|"; the first one is offered back.
    typed("field", "requires"),
)


def contexts() -> dict[str, tuple[str, ...]]:
    """code -> the vocabularies (contexts) it belongs to."""
    global _CONTEXTS
    if _CONTEXTS is None:
        found: dict[str, list[str]] = {}
        for context, code in ENTRIES:
            found.setdefault(code, []).append(context)
        _CONTEXTS = {code: tuple(names) for code, names in found.items()}
    return _CONTEXTS


_CONTEXTS = None


def typed_words(code: str) -> tuple[str, ...]:
    """The words a player of the current language types for ``code``, the one to offer first."""
    words: list[str] = []
    for context in contexts().get(code, ()):
        for typed in pgettext(context, code).split("|"):
            typed = " ".join(typed.split())
            if typed and typed not in words:
                words.append(typed)
    return tuple(words) or (code,)


def shown(code: str) -> str:
    """``code`` as a player of the current language types it (the first of its typed words)."""
    return typed_words(code)[0]
