"""The pages phones at the table open: the referee (search, table, fight), a rule, a card.

Server-rendered HTML (Jinja2, every value escaped) in the request's language, with one small
plain script (``static/app.js``) that calls the JSON API and writes what comes back as text,
never as markup: a player named ``<img src=x onerror=alert(1)>`` shows as those characters.
Every word of the page is in the ``referee`` catalog (:data:`WORDS`); there are no external
assets, so the page works on a table's Wi-Fi with no internet at all.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse

from referee.corpus import load_corpus
from referee.errors import NotFound
from referee.i18n.catalogs import N_, _
from referee.i18n.languages import codes, language
from referee.i18n.speaker import error_text

TEMPLATES = Path(__file__).parent / "templates"

#: the page's own words, translated per request
WORDS = {
    # Translators: the page's title and heading
    "title": N_("Munchkin referee"),
    "search": N_("Search the rules"),
    "search_hint": N_("A few words, in any language: huir dado, Gleichstand, szint eladás"),
    "no_result": N_("No clause matches."),
    # Translators: heading of the page's section that shows the game in progress
    "table": N_("The table"),
    "no_table": N_("No game in progress. Start one:"),
    "players": N_("Players (comma-separated, in the order they sit)"),
    # Translators: label of the game chooser (Munchkin, Star Munchkin, Epic) when starting a game on the page
    "game": N_("Game"),
    "start": N_("Start the game"),
    # Translators: a player's level, a column of the table on the page
    "level": N_("level"),
    # Translators: a player's combat strength, a column of the table on the page
    "strength": N_("strength"),
    # Translators: whose turn it is, a column of the table on the page
    "turn": N_("turn"),
    # Translators: button: the turn passes to the next player
    "next_turn": N_("Next turn"),
    # Translators: button: the player goes up a level
    "up": N_("Up a level"),
    # Translators: button: the player goes down a level
    "down": N_("Down a level"),
    "up_source": N_("Levels up come from"),
    "down_source": N_("Levels down come from"),
    # Translators: button: take back the last change to the table
    "undo": N_("Undo"),
    "refused": N_("The rules do not allow this change:"),
    # Translators: heading of the page's section where a fight is judged
    "fight": N_("A fight"),
    "monsters": N_("Monsters (NAME:LEVEL or a card's name; one per line)"),
    # Translators: label: the player who fights the monsters
    "fighter": N_("Fighter"),
    # Translators: label: the player who helps in the fight
    "helper": N_("Helper"),
    # Translators: the choice of no helper in the helper list
    "nobody": N_("nobody"),
    "player_bonus": N_("One-shots for the players"),
    "monster_bonus": N_("Bonuses for the monsters"),
    # Translators: button: judge the fight
    "judge": N_("Who wins?"),
    "record": N_("Record the levels won"),
    # Translators: heading above the reasons of a verdict
    "reasons": N_("Reasons"),
    # Translators: heading above the figures of a verdict (strengths, winner…)
    "figures": N_("Figures"),
    "dissent": N_("Other sources would rule otherwise"),
    "rulings": N_("Rulings on the cards here"),
    "code": N_("Join code (shown where the referee runs)"),
    "code_needed": N_("This change needs the join code."),
    # Translators: heading of a message that something went wrong
    "error": N_("Error"),
    # Translators: heading above the source texts a rule quotes
    "sources": N_("Sources"),
    # Translators: heading above the rules related to this one
    "related": N_("Related"),
    # Translators: before a note under a rule
    "note": N_("Note:"),
    # Translators: before a card's names in every language
    "names": N_("Names:"),
    # Translators: before a card's numbers (level, treasures…)
    "numbers": N_("Numbers:"),
    "back": N_("Back to the referee"),
    # Translators: label of the language menu
    "language": N_("Language"),
    # the box at the top that answers everything (static/ask.js)
    "ask_hint": N_("In your own words: Troll level 8, Bob helps me, who wins?"),
    "ask_button": N_("Ask"),
    "ask_as": N_("I am"),
    "ask_missing": N_("No verdict: the question does not say"),
    "ask_readings": N_("No verdict: it can be read more than one way:"),
    "ask_clauses": N_("The clauses that answer it:"),
    "ask_nothing": N_("No verdict and no clause answers it; try other words."),
    # the live table
    "turn_of": N_("{name}'s turn: {phase}"),
    "winner": N_("The winner: {names}"),
    "game_over": N_("The game is over. Only Undo changes the table now."),
    "stale": N_("Someone changed the table first, so your change was not made. Here is the table as it is now:"),
    "refused_short": N_("Refused"),
    "redo": N_("Redo"),
    "edit": N_("Edit"),
    "done": N_("Done"),
    "gear": N_("Gear"),
    "curses": N_("Curses"),
    "hireling": N_("Hireling"),
    "steed": N_("Steed"),
    "add_item": N_("Add an item: a card's name, in any language"),
    "item_bonus": N_("Bonus, for an item that is not a card"),
    "add_curse": N_("Add a curse: a card's name"),
    "set_hireling": N_("Hireling: name and bonus (empty: none)"),
    "set_steed": N_("Steed: name and bonus (empty: none)"),
    "add": N_("Add"),
    "remove": N_("Remove"),
    "save": N_("Save"),
    "cards_found": N_("Cards that match:"),
    "open_fight": N_("Fight it on the table"),
    "fight_live": N_("The fight on the table"),
    "against": N_("{fighter} against {monsters}"),
    "helped_by": N_("helped by {helper}"),
    "closes_in": N_("The others have {seconds} s to interfere"),
    "judging": N_("Time is up: recording the result…"),
    "add_helper": N_("A helper joins"),
    "one_shot": N_("One-shot for the players: +N or a card"),
    "enhancer": N_("Enhancer for the monsters: +N or a card"),
    "wandering": N_("Wandering Monster: a card, or NAME:LEVEL"),
    "play": N_("Play"),
    "curse_in_fight": N_("A curse on a player: who, and the card's name"),
    "close_now": N_("Decide now"),
    "cancel_fight": N_("Call the fight off"),
    "recorded": N_("Recorded on the table:"),
    "questions": N_("Ask the referee"),
    "question": N_("Question"),
    "player": N_("Player"),
    "action": N_("Action"),
    "sell_items": N_("Items to sell: their names, or NAME:GOLD, comma-separated"),
    "flee_from": N_("Monsters to run from (empty: the fight on the table)"),
    "ask": N_("Ask"),
    "q_flee": N_("Can I run away?"),
    "q_sell": N_("Sell items for levels"),
    "q_can": N_("May I…?"),
    "q_death": N_("What happens when I die?"),
    "q_charity": N_("Charity: what must I give away?"),
    "q_gear": N_("Which of my gear counts?"),
    "offline": N_("Lost touch with the referee; trying again…"),
    "none": N_("none"),
}

@lru_cache(maxsize=1)
def _environment():
    # lazy: jinja2 75 ms, referee.web.assets 1 ms to import, paid only by the calls that need it
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    from referee.web.assets import static_url

    environment = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(default=True),
                              trim_blocks=True, lstrip_blocks=True)
    environment.globals["static_url"] = static_url
    return environment


def _render(request: Request, template: str, text, status: int = 200, **values) -> HTMLResponse:
    # lazy: referee.i18n.figures, referee.i18n.speaker 14 ms, … to import, paid only by the calls that need it
    from referee.i18n import words
    from referee.i18n import figures
    from referee.i18n.speaker import Speaker
    from referee.model import CLASSES, EXPANSIONS, GAMES, LEVEL_SOURCES, RACES

    page_words = {key: _(message) for key, message in WORDS.items()}
    speaker = Speaker(load_corpus(), text.language)
    # The script writes verdicts and the table: the labels of their figures and the words of
    # their codes, in this language (codes the script meets that are not here show as they are).
    shown = {code: words.word(vocabulary, code) for vocabulary in ("verdict", "winner", "face", "sex", "phase")
             for code in words.VALUES[vocabulary]}
    actions = [(code, words.word("action", code)) for code in words.VALUES["action"]]
    shown.update({code: speaker.word("race|class", code) for game in GAMES
                  for code in (*RACES.get(game, ()), *CLASSES.get(game, ()))})
    script = {"words": page_words, "lang": text.language, "labels": {key: words.label(key) for key in _FIGURES},
              "values": shown,
              "needs_code": request.app.state.settings.join_code is not None or "table_id" in request.path_params,
              # a table of the store (/t/{id}): its routes, in place of the server's own table's
              "table_api": ("/api/tables/" + request.path_params["table_id"]) if "table_id" in request.path_params
              else None,
              "races": {game: list(RACES.get(game, ())) for game in GAMES},
              "classes": {game: list(CLASSES.get(game, ())) for game in GAMES},
              "fields": {key: words.label(key) for key in ("level", "sex", "races", "classes", "bonus")}}
    page = _environment().get_template(template).render(
        words=page_words, lang=text.language, languages=[(code, language(code).name) for code in codes()],
        path=request.url.path, script=script, games=[(g, words.word("game", g)) for g in GAMES],
        expansions=EXPANSIONS, sources=[(code, words.word("source", code)) for code in LEVEL_SOURCES],
        # figures, kinds and relations in words, as the CLI shows them (never their codes)
        word=words.word, relation_label=figures.relation_label, source_name=words.source_name,
        facts_text=lambda facts: figures.figure(speaker, "facts", {k: v for k, v in facts.items() if k != "basis"}),
        actions=actions, **values)
    return HTMLResponse(page, status_code=status)


#: the figures and values a verdict shows (their labels are the CLI's)
_FIGURES = ("players_strength", "monsters_strength", "winner", "levels", "treasures", "treasures_face",
            "must_run", "monsters", "wins", "rolls", "gold", "levels_gained", "new_level", "old_level",
            "wasted_gold", "allowed", "condition", "legal", "active", "inactive", "bonus")


async def index(request: Request, text):
    return _render(request, "index.html", text)


async def rule(request: Request, text):
    # lazy: referee.shapes 7 ms to import, paid only by the calls that need it
    from referee import shapes

    corpus = load_corpus()
    clause_id = request.path_params["clause_id"]
    if clause_id not in corpus:
        return _missing(request, text, NotFound("no clause with id {id}", id=repr(clause_id[:80])))
    return _render(request, "rule.html", text, clause=shapes.clause_json(corpus, corpus[clause_id], text))


async def card(request: Request, text):
    # lazy: referee.cards 17 ms, referee.shapes 7 ms to import, paid only by the calls that need it
    from referee import shapes
    from referee.cards import localizer

    corpus = load_corpus()
    found = corpus.cards.get(request.path_params["card_id"])
    if found is None:
        return _missing(request, text, NotFound("no card with id {id}",
                                                id=repr(request.path_params["card_id"][:80])))
    return _render(request, "card.html", text, card=shapes.card_json(corpus, found, text, localizer()))


def _missing(request: Request, text, error: NotFound) -> HTMLResponse:
    return _render(request, "missing.html", text, status=404, message=error_text(error, load_corpus()))
