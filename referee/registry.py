"""The questions the referee answers, declared once.

Each :class:`Question` row says everything every face needs to know of one question: its verb
(``referee fight``, ``POST /api/ask/fight``), the situation's ``question.kind`` it asks
(``combat``), its parameters — their JSON kind, their command-line form and help — the engine
function that judges it and the :mod:`referee.questions` function that builds its situation,
whether it is about one player, whether it can be recorded on the table, and its help text.

Everything that lists questions reads this table: the command line (:mod:`referee.cli.question_commands`
makes each command from its row), ``referee play``, the direct reader, the engine's dispatch
(:data:`referee.engine.JUDGES`), the situation reader (:data:`referee.model.QUESTION_KINDS`),
the one-line questions (:data:`referee.questions.PARAMETERS`), the web API (``POST
/api/ask/{verb}``) and ``referee ask``. Adding a question is one row here, its judge, its
builder and its cases (``tests/test_registry.py`` fails on a list of questions kept elsewhere).

This module imports nothing but :mod:`typing` (which every command has loaded already): the
engine, the reader and every command's start-up read it (under 1 ms on a loaded machine).
Functions are named by dotted path (``module:function``) and imported when asked, so judging
one question loads the rules of that question only.
"""

from __future__ import annotations

from referee.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Optional


def N_(message: str) -> str:
    """Marks a message for the catalogs (``referee i18n extract``); it is translated where shown."""
    return message


def C_(context: str, message: str) -> tuple[str, str]:
    """Marks a message with its context (``msgctxt``), as :func:`referee.i18n.words.C_` does."""
    return context, message


class Parameter(Record):
    """One parameter of a question."""

    name: str               # in referee.questions.ask's parameters and the JSON body of POST /api/ask/{verb}
    kind: str               # what a JSON body may give for it (referee.web.bodies.KINDS)
    type: str = "Optional[str]"   # its Python type on the command line (typer reads it)
    flag: Optional[str] = None    # its option ("--fighter", "--met-monster/--no-met-monster"), None: an argument
    metavar: str = ""
    help: str = ""          # msgid of its help on the command line
    default: object = None  # on the command line when not given (a required argument has none)
    dest: str = ""          # its name in the command's function, when not ``name``
    cli: bool = True        # False: no option of its own (the command line says it with ``flag``, read otherwise)
    limits: tuple = ()      # (min, max) of a whole number on the command line
    required: bool = False  # the question cannot be asked without it (the situation reader says so)

    @property
    def argument(self) -> bool:
        return self.flag is None

    @property
    def cli_default(self):
        """Its default on the command line: none (``...``) for a required argument; a required
        option is declared optional there, so that the library says what it needs."""
        return ... if self.required and self.argument else self.default

    @property
    def python_name(self) -> str:
        return self.dest or self.name


class Question(Record):
    verb: str               # the command and the API's {kind}: `referee fight`, POST /api/ask/fight
    kind: str               # question.kind of the situation it asks (referee.model.QUESTION_KINDS)
    judge: str              # "module:function" of referee.engine that judges it
    build: str              # function of referee.questions that builds its situation from the parameters
    help: str               # msgid: the command's help
    parameters: tuple       # its own Parameters, before the COMMON ones
    needs_player: bool      # the situation's question names one player (question.player)
    without: tuple = ()     # COMMON parameters the command line does not offer
    record: str = ""        # msgid of --record's help, when the answer can be recorded on the table
    nothing: str = ""       # msgid: what --record says when there is nothing to record
    loose: bool = False     # the command line takes "-1" as a value, not an option
    title: tuple = ()       # (msgctxt, msgid): the kind's name, shown in brackets beside a verdict
    reader: str = ""        # function of referee.ask.build that reads it in a sentence ("about": the
                            # question about one player its verb names); "": `referee ask` does not ask it
    common_words: bool = False  # its words are said of many questions ("can I win?", "I run"): in `ask`,
                                # no sign that a text asks another kind of question
    denied_by: tuple = ()   # in `ask`: phrase lists of referee.ask.patterns whose words, where they hold
                            # this kind's words, say it is not asked ("hau den Pavillon weg" kills: no
                            # flight; "nobody wants to help": no leave asked)


_PLAYER_ARGUMENT = Parameter("player", "text", flag=None, metavar="[NAME]")

#: what every question takes beside its own: inline players and the moment it is asked at
COMMON = (
    Parameter("players", "pieces", "List[str]", "--player", "SPEC", default=[], dest="player",
              help=N_("A player described inline instead of the table's: 'NAME:LEVEL race class +GEAR' or a "
                      "mapping in the situation format (repeat for more).")),
    Parameter("game", "text", "Optional[str]", "--game", "GAME", N_("With --player: the game ({games}).")),
    Parameter("expansions", "words", "List[str]", "--expansion", "E",
              N_("With --player: an expansion in play ({names})."), default=[], dest="expansion"),
    Parameter("house_rules", "assignments", "List[str]", "--house-rule", "KEY=VALUE",
              N_("With --player: a house rule."), default=[], dest="house_rule"),
    Parameter("turn", "text", "Optional[str]", "--turn", "NAME", N_("Whose turn it is (default: the table's).")),
    Parameter("phase", "text", "Optional[str]", "--phase", "PHASE",
              N_("The phase it is asked in: {phases} (default: the table's).")),
    Parameter("met_monster", "flag", "Optional[bool]", "--met-monster/--no-met-monster", dest="met",
              help=N_("Whether a monster was fought or fled from this turn (default: the table's).")),
)

QUESTIONS = (
    Question("fight", "combat", "combat:judge_combat", "ask_fight",
             N_("Who wins this fight, on the table or with --player: monsters as NAME:LEVEL or a card's name."),
             (Parameter("monsters", "pieces", "List[str]", None, "MONSTER…", required=True),
              Parameter("fighter", "text", flag="--fighter", metavar="NAME",
                        help=N_("Who fights (default: whose turn it is).")),
              Parameter("helper", "text", flag="--helper", metavar="NAME", help=N_("Who helps.")),
              Parameter("plus", "bonuses", "List[str]", "--plus", "N|CARD",
                        N_("A one-shot bonus played for the players: a number or the card (repeat for more)."),
                        default=[]),
              Parameter("monster_plus", "bonuses", "List[str]", "--monster-plus", "N|CARD",
                        N_("A bonus played for the monsters: a number, or the card; a monster enhancer goes on "
                           "the first monster, with the Treasures it adds (repeat for more)."), default=[]),
              Parameter("discards", "assignments", "List[str]", "--discard", "NAME=CARDS",
                        N_("Cards a fighter discards for a power (Berserking, Turning)."), default=[],
                        dest="discard"),
              Parameter("charm", "assignments", "Optional[str]", "--charm", "WIZARD=MONSTER",
                        N_("A Wizard charms a monster away with the whole hand."))),
             needs_player=False, without=("phase",),
             record=N_("On the table: also record the levels the fight gives (one change, undone as one)."),
             nothing=N_("Nothing recorded: nobody goes up a level."),
             # Translators: the kind of question a verdict answers, shown in brackets
             reader="fight", title=C_("question kind", "combat"), common_words=True,
             # "nope not fighting the frost giant, what do i roll": a fight denied is no fight asked
             denied_by=("no_fight",)),
    Question("flee", "run-away", "running:judge_run_away", "ask_flee",
             N_("What each fleeing player must roll against each monster."),
             (Parameter("monsters", "pieces", "Optional[List[str]]", None, "[MONSTER…]"),
              # the CLI's --player names the fleeing players of the table, or describes inline ones
              Parameter("fleeing", "words", "List[str]", "--player", cli=False),
              Parameter("players", "pieces", "List[str]", "--player", "NAME|SPEC", default=[], dest="player",
                        help=N_("Who runs away: a player of the table (the fighter first, then the helper), or a "
                                "player described inline.")),
              Parameter("fighter", "text", flag="--fighter", metavar="NAME",
                        help=N_("Who fought (default: the first --player, or whose turn it is).")),
              Parameter("helper", "text", flag="--helper", metavar="NAME", help=N_("The helper, who runs too.")),
              Parameter("discards", "assignments", "List[str]", "--discard", "NAME=CARDS",
                        N_("Cards a Wizard discards for Flight: +1 to run away for each (up to 3)."), default=[],
                        dest="discard")),
             needs_player=False, without=("phase",),
             # Translators: the kind of question a verdict answers, shown in brackets
             reader="flee", title=C_("question kind", "running away"), common_words=True,
             # "hau den Pavillon weg" (kill), "zwei Karten weg" (discard): their "weg" runs no one away;
             # "I don't need help" (no_need): its "need" asks no roll
             denied_by=("kill", "discard", "no_need")),
    Question("can", "action", "actions:judge_action", "ask_can", N_("May this player do this now? ACTION: {actions}."),
             (Parameter("player", "text", "str", None, "NAME", required=True, dest="name"),
              Parameter("action", "text", "str", None, "ACTION", required=True),
              Parameter("target", "text", flag="--target", metavar="NAME", help=N_("The player it is done to.")),
              Parameter("item", "text", flag="--item", metavar="ITEM", help=N_("The item it is about.")),
              Parameter("fighter", "text", flag="--fighter", metavar="NAME", help=N_("Asked during a fight: who fights.")),
              Parameter("helper", "text", flag="--helper", metavar="NAME", help=N_("Asked during a fight: who helps.")),
              Parameter("monsters", "pieces", "List[str]", "--monster", "MONSTER",
                        N_("Asked during a fight: a monster in it."), default=[], dest="monster")),
             needs_player=True,
             # Translators: the kind of question a verdict answers, shown in brackets
             reader="action", title=C_("question kind", "action"), common_words=True,
             # "nobody wants to help", "niemand wil helpen": help denied is no leave asked
             denied_by=("no_help",)),
    Question("sell", "sell", "selling:judge_sell", "ask_sell",
             N_("Selling these items for levels (ITEM: one the player has, or NAME:GOLD)."),
             (Parameter("player", "text", "str", None, "NAME", required=True, dest="name"),
              Parameter("items", "words", "List[str]", None, "ITEM…", required=True)),
             needs_player=True,
             record=N_("On the table: also record the sale (the levels it buys, the items gone)."),
             nothing=N_("Nothing recorded: the sale buys no level."),
             # Translators: the kind of question a verdict answers, shown in brackets
             reader="sell", title=C_("question kind", "selling")),
    Question("gear", "equipment", "table:judge_equipment", "ask_about",
             N_("Which of a player's items count, and is the load legal."),
             (_PLAYER_ARGUMENT._replace(dest="name"),), needs_player=True,
             # Translators: the kind of question a verdict answers, shown in brackets
             reader="about", title=C_("question kind", "equipment")),
    Question("charity", "charity", "table:judge_charity", "ask_about",
             N_("Where a player's excess cards go at the end of the turn."),
             (_PLAYER_ARGUMENT._replace(dest="name"),), needs_player=True,
             # Translators: the kind of question a verdict answers, shown in brackets
             reader="about", title=C_("question kind", "charity")),
    Question("death", "death", "table:judge_death", "ask_about",
             N_("What a dead player keeps and loses, and who loots first."),
             (_PLAYER_ARGUMENT._replace(dest="name"),), needs_player=True,
             record=N_("On the table: also record the death (the player loses what the rules say)."),
             # Translators: the kind of question a verdict answers, shown in brackets
             reader="about", title=C_("question kind", "death")),
    Question("level", "level", "levels:judge_level", "ask_level",
             N_("A level change as the rules allow it (on the table, `table level` also records it)."),
             (Parameter("player", "text", "str", None, "NAME", required=True, dest="name"),
              Parameter("change", "whole or text", "str", None, "±N", required=True),
              # an option, so that its absence is the library's message (naming the sources), not typer's
              Parameter("source", "text", flag="--source", metavar="SOURCE", required=True,
                        help=N_("Where the levels come from: {sources}."))),
             needs_player=True, loose=True,
             # Translators: the kind of question a verdict answers, shown in brackets
             reader="level", title=C_("question kind", "level change")),
    Question("die", "munchkin-die", "table:judge_munchkin_die", "ask_die", N_("The Munchkin die's result ROLL (1–10)."),
             (Parameter("roll", "whole", "int", None, "ROLL", required=True, limits=(1, 10)),
              Parameter("player", "text", flag="--for", metavar="NAME", dest="name",
                        help=N_("Who rolled (default: whose turn it is)."))),
             needs_player=True,
             # Translators: the kind of question a verdict answers, shown in brackets
             reader="die", title=C_("question kind", "Munchkin die")),
)

#: verb -> row, and situation kind -> row
BY_VERB = {q.verb: q for q in QUESTIONS}
BY_KIND = {q.kind: q for q in QUESTIONS}
VERBS = tuple(BY_VERB)
KINDS = tuple(BY_KIND)


def parameters(question: Question) -> tuple:
    """Every parameter of ``question``: its own, then the COMMON ones it does not redeclare."""
    own = {p.name for p in question.parameters}
    return question.parameters + tuple(p for p in COMMON if p.name not in own)
