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

from referee.errors import NotFound
from referee.i18n.catalogs import N_, _

TEMPLATES = Path(__file__).parent / "templates"

#: the page's own words, translated per request
WORDS = {
    "title": N_("Munchkin referee"),
    "search": N_("Search the rules"),
    "search_hint": N_("A few words, in any language: huir dado, Gleichstand, szint eladás"),
    "no_result": N_("No clause matches."),
    "table": N_("The table"),
    "no_table": N_("No game in progress. Start one:"),
    "players": N_("Players (comma-separated, in the order they sit)"),
    "game": N_("Game"),
    "start": N_("Start the game"),
    "level": N_("level"),
    "strength": N_("strength"),
    "turn": N_("turn"),
    "next_turn": N_("Next turn"),
    "up": N_("Up a level"),
    "down": N_("Down a level"),
    "up_source": N_("Levels up come from"),
    "down_source": N_("Levels down come from"),
    "undo": N_("Undo"),
    "refused": N_("The rules do not allow this change:"),
    "fight": N_("A fight"),
    "monsters": N_("Monsters (NAME:LEVEL or a card's name; one per line)"),
    "fighter": N_("Fighter"),
    "helper": N_("Helper"),
    "nobody": N_("nobody"),
    "player_bonus": N_("One-shots for the players"),
    "monster_bonus": N_("Bonuses for the monsters"),
    "judge": N_("Who wins?"),
    "record": N_("Record the levels won"),
    "reasons": N_("Reasons"),
    "figures": N_("Figures"),
    "dissent": N_("Other sources would rule otherwise"),
    "rulings": N_("Rulings on the cards here"),
    "code": N_("Join code (shown where the referee runs)"),
    "code_needed": N_("This change needs the join code."),
    "error": N_("Error"),
    "sources": N_("Sources"),
    "related": N_("Related"),
    "note": N_("Note:"),
    "names": N_("Names:"),
    "numbers": N_("Numbers:"),
    "back": N_("Back to the referee"),
    "language": N_("Language"),
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
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    from referee.web.assets import static_url

    environment = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(default=True),
                              trim_blocks=True, lstrip_blocks=True)
    environment.globals["static_url"] = static_url
    return environment


def _render(request: Request, template: str, text, status: int = 200, **values) -> HTMLResponse:
    from referee.corpus import load_corpus
    from referee.i18n import words
    from referee.i18n.languages import codes, language
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
        actions=actions, **values)
    return HTMLResponse(page, status_code=status)


#: the figures and values a verdict shows (their labels are the CLI's)
_FIGURES = ("players_strength", "monsters_strength", "winner", "levels", "treasures", "treasures_face",
            "must_run", "monsters", "wins", "rolls", "gold", "levels_gained", "new_level", "old_level",
            "wasted_gold", "allowed", "condition", "legal", "active", "inactive", "bonus")


async def index(request: Request, text):
    return _render(request, "index.html", text)


async def rule(request: Request, text):
    from referee import shapes
    from referee.corpus import load_corpus

    corpus = load_corpus()
    clause_id = request.path_params["clause_id"]
    if clause_id not in corpus:
        return _missing(request, text, NotFound("no clause with id {id}", id=repr(clause_id[:80])))
    return _render(request, "rule.html", text, clause=shapes.clause_json(corpus, corpus[clause_id], text))


async def card(request: Request, text):
    from referee import shapes
    from referee.cards import localizer
    from referee.corpus import load_corpus

    corpus = load_corpus()
    found = corpus.cards.get(request.path_params["card_id"])
    if found is None:
        return _missing(request, text, NotFound("no card with id {id}",
                                                id=repr(request.path_params["card_id"][:80])))
    return _render(request, "card.html", text, card=shapes.card_json(corpus, found, text, localizer()))


def _missing(request: Request, text, error: NotFound) -> HTMLResponse:
    return _render(request, "missing.html", text, status=404, message=error.render(_))
