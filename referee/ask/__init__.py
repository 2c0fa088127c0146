"""``referee ask``: a question or a situation in a player's own words, in any of the six languages.

The text is read into pieces (:mod:`referee.ask.reading`) with each language's phrases
(``locales/<lang>/ask.yaml``, :mod:`referee.ask.patterns`) and the cards' names in every
language (:mod:`referee.ask.cardwords`); the pieces become the parameters of a one-line
question (:mod:`referee.ask.build`), which :func:`referee.questions.ask` turns into a
situation and the engine judges — the path ``referee fight …`` takes, so the command shown
(:mod:`referee.ask.command`) gives the same verdict on its own.

Never a guess: a text that misses what the verdict needs, or that two kinds of question read
equally well, gets no verdict but what is missing, the readings with their commands, and the
clauses the search finds for it. A rules question that is no situation gets those clauses. A
verdict comes with the clauses its reasons cite, in ``results``: the rules it rests on.
"""

from __future__ import annotations

from referee.ask.command import command
from referee.ask.shown import understood
from referee.errors import BadInput, RefereeError, readable
from referee.i18n.catalogs import RuleText
from referee.i18n.languages import LANGUAGES
from referee.i18n.speaker import Speaker
from referee.records import Record
from referee.shapes import cited_json, search_json, verdict_json
from referee.registry import QUESTIONS

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Optional

#: the most results a question that is no situation shows
RESULTS = 5
#: a text longer than this is no question asked at a table
MAX_TEXT = 1000
#: options no command of a fight or a flight takes (they set the phase themselves)
NO_PHASE = tuple(question.verb for question in QUESTIONS if "phase" in question.without)


def language_of(text: str, asked: str) -> str:
    """The language the text is written in: Gujarati by its script, else the language whose
    phrases it uses most; the asked language when the words do not tell."""
    # lazy: referee.ask.patterns 51 ms, referee.ask.text 14 ms to import, paid only by the calls that need it
    from referee.ask.patterns import texted, vocabulary
    from referee.ask.text import tokens
    from referee.ask.texted import is_texted, latin_only

    if any("\u0a80" <= ch <= "\u0aff" for ch in text):
        return "gu"
    keys = [t.key for t in tokens(text, {})]
    vocabularies = {lang: vocabulary(lang) for lang in LANGUAGES}
    if latin_only(text):
        # a language its players type in Latin letters ("hu level 5 chu"): told by its words as
        # typed, where they outnumber every other language's
        for lang, spellings in texted().items():
            if is_texted(keys, spellings, lang, vocabularies):
                return lang
    scores = {lang: sum(1 for k in keys if k in said) for lang, said in vocabularies.items()}
    best = max(scores.values())
    if best == 0 or scores.get(asked, 0) == best:
        return asked
    return max(scores, key=lambda lang: (scores[lang], lang == "en"))


class Answer(Record):
    body: dict               # the contract's ``ask --json`` shape
    judged: object = None    # the judgement behind ``body["judgement"]``, for a face to print


def ask(text: str, corpus, state: Optional[dict] = None, as_name: Optional[str] = None, lang: str = "en") -> dict:
    """The answer to ``text`` in the contract's ``ask --json`` shape."""
    return answer(text, corpus, state, as_name, lang).body


def answer(text: str, corpus, state: Optional[dict] = None, as_name: Optional[str] = None,
           lang: str = "en", shaped: bool = True) -> Answer:
    """The answer to ``text`` (``lang`` is the language asked for; the answer speaks the text's
    own language when its words tell it). ``shaped=False``: ``body["judgement"]`` is left out
    (``None``), for a face that prints the verdict itself from :attr:`Answer.judged` — the
    contract's shape of a verdict, every reason's clause rendered, costs a whole-process
    ``ask`` 1.5 ms that the terminal does not need."""
    # lazy: referee.ask.reading 52 ms, referee.ask.patterns 51 ms, … to import, paid only by the calls that need it
    from referee.ask import build
    from referee.ask.cardwords import card_words
    from referee.ask.patterns import vocabulary, words
    from referee.ask.reading import Reading
    from referee.ask.texted import card_words_of, latin_only, read_texted
    from referee.ask.text import unquoted

    # a surrogate alone (the bytes of an argument that are not UTF-8, "\udcff") is an
    # unreadable character, shown as one: the answer echoes the text, and no JSON is written
    # with it (exit 70)
    text = readable(str(text))
    text = " ".join(text.split())
    if not text:
        raise BadInput("ask: the question is empty; type it in your own words, for example: "
                       "\"Troll level 8, Bob helps me, who wins?\"")
    if len(text) > MAX_TEXT:
        raise BadInput("ask: the question is {length} characters long; at most {limit} are read",
                       length=len(text), limit=MAX_TEXT)
    lang = language_of(text, lang)
    if as_name is not None and state is not None:
        # lazy: referee.questions 52 ms to import, paid only by the calls that need it
        from referee.questions import who

        as_name = who(state, as_name, None, "--as")
    names = [p["name"] for p in state["players"]] if state else []
    # English game words ("level", "lvl") are in every language's own list; English verbs are
    # not read in another language, where they are often other words ("die" is an article)
    here = english = words(lang)
    fight = state.get("combat") if state else None
    if fight is not None:
        state = {key: value for key, value in state.items() if key != "combat"}
    # a card's text quoted ("auf dem Anwalt steht "greift keine Diebe an"") is the card's, not the table's
    read = unquoted(text, here.says)
    if here.texted and latin_only(text):
        # the language typed in Latin letters: read as if typed in its script
        read = read_texted(text, here, (vocabulary(lang), vocabulary("en")), names, card_words_of(card_words(corpus)))
    reading = Reading(read, here, english, corpus, list(names))
    built = build.candidates(reading.fresh, state, as_name, fight)
    complete = [b for b in built if not b.missing]
    chosen, readings = None, []
    if complete:
        top = max(b.sure for b in complete)
        surest = [b for b in complete if b.sure == top]
        ahead = [b for b in built if b.sure > top and b.core]
        if len(surest) == 1 and not ahead:
            chosen = surest[0]
        else:
            readings = surest
    body = {"query": text, "lang": lang, "understood": None, "judgement": None, "results": [],
            "missing": [], "readings": []}
    refused = None
    # the cards as the asked language's players name them ('Pie Grande', 'König Tut')
    chosen = _localized(chosen, corpus, lang)
    readings = [_localized(b, corpus, lang) for b in readings]
    if chosen is not None:
        try:
            situation, judged = _judge(chosen, state, corpus)
        except BadInput as problems:
            # the words read as a table the rules do not allow (two races without Half-Breed…,
            # a Star Munchkin race in a Munchkin game): a misreading, or a question about an
            # impossible table; either way, no verdict, and what is wrong with it
            refused, chosen = problems, None
    if chosen is not None and refused is None:
        refused = _other_kind(chosen, reading) or _powers_of(reading, corpus)
        if refused is not None:
            chosen = None
    if chosen is not None and chosen.totals and chosen.kind == "combat":
        details = judged.verdict.details or {}
        sides = (details.get("players_strength"), details.get("monsters_strength"))
        if len(chosen.totals) == 2:
            # "9 vs 9": a strength for each side, both of which the verdict must give
            given = sorted(side for side in sides if side is not None)  # a side may have no strength (charmed away)
            unmatched = [] if sorted(chosen.totals) == given else list(chosen.totals)
        else:
            unmatched = [t for t in chosen.totals if t not in sides]
        if unmatched:
            # "i chug a +1 potion so its ten all" said of a fight whose sides are not ten: the
            # text counts something the reading did not, or counts wrong; no verdict either way
            refused = BadInput("what {words} means here", words=", ".join(f"“{t}”" for t in unmatched))
            chosen = None
    if chosen is not None:
        line = command(build.COMMAND[chosen.kind], _params(chosen))

        body["understood"] = {"command": line, "situation": situation, "kind": chosen.kind,
                              "text": understood(situation, lang, corpus)}
        if shaped:
            body["judgement"] = verdict_json(corpus, judged.verdict, RuleText(lang), judged.cards)
            # the rules the verdict rests on, as a rules question's answer shows them ("at level 9, can
            # selling take me to 10?" is answered both ways: the verdict and its clauses)
            body["results"] = cited_json(corpus, judged.verdict, RuleText(lang), RESULTS)
        return Answer(body, judged)

    say = Speaker(corpus, lang)  # what is missing in the language asked, its values and plurals too
    # what the surest reading misses — unless that reading has no subject at all ("which
    # monster?" said of a rules question is noise)
    first = next((b for b in built if b.core), None)
    if refused is not None:
        body["missing"] = [refused.render(say)]
    elif first is not None and not readings:
        body["missing"] = [m.render(say) for m in first.missing]
        body["kind"] = first.kind
    body["readings"] = [{"kind": b.kind, "command": command(build.COMMAND[b.kind], _params(b))} for b in readings]
    body["results"] = _results(reading.unframed or text, corpus, lang, _powers_asked(reading, corpus) or _step_asked(reading, corpus)
                               or _deck_out(reading, corpus))
    return Answer(body)


#: the most clauses of a race or class put first when what it can do is asked
POWERS = 3
#: how many words from a phrase asking what a race or class does its name may stand
NEAR = 3
#: the cards a phrase list names (``half_breed``: "Halbblut", "mestizo"), as the race or
#: class topic whose clauses say what they do
CARD_TOPICS = (("half_breed", ("race", "half-breed")), ("super_munchkin", ("class", "super-munchkin")))


def _powers_of(reading, corpus) -> Optional[BadInput]:
    """Never a verdict on a situation made up from a question of what a race or class does:
    "was bringt mir eigentlich die Elfe beim Weglaufen", "what does being an elf get me when
    running" ask the race's own rules, not a flight of an elf the text never has; its clauses
    answer it (:func:`_powers_asked`)."""
    # a steed or a hireling said by the word for its kind ("Reittier", "steed", "montura"),
    # no card named and nothing told of it: what such a companion gets one is asked, and the
    # word is no name of the one a flight would be made up around
    kinds = reading.kind_only
    # (no race or class named, no such question: most texts need no look at the phrases)
    if not kinds and not any(role and role[0] == "persona" for role in reading.roles):
        return None
    if not _powers_asked(reading, corpus) and not (kinds and any(True for _ in reading.phrases("powers"))):
        return None
    # the race or class asked of is said in the phrase or right beside it ("mire jó az elf",
    # "એલ્ફ હોવાથી શું મળે"); one the asker gives themself elsewhere ("I'm an elf, … what does
    # killing it get me") is the situation's, and the phrase asks of something else
    near = []
    for _phrase, match in reading.phrases("powers"):
        said = reading.word_range(match)
        part = set(reading._segment(said.start)) | set(reading._segment(said.stop - 1))
        if any((j in kinds or (role and role[0] == "persona")) and j in part and said.start - NEAR <= j < said.stop + NEAR
               for j, role in enumerate(reading.roles)):
            near.append(match)
    if not near:
        return None
    return BadInput("what {words} means here", words=", ".join(f"“{m.group(0).strip()}”" for m in near))


def _powers_asked(reading, corpus) -> list[str]:
    """The clauses of the one race or class a text asks the powers of ("what can a wizard
    actually do", "was kann ein Dieb eigentlich alles"): its own clause and its abilities'
    (``classes.wizard``, ``classes.wizard-charm``), which the search ranks below the rulings
    that name it; none where no such phrase is said, or two races or classes are named."""
    if not any(True for _ in reading.phrases("powers")):
        return []
    # "wie funktioniert des mit dem Halbblut genau?", "how does Super Munchkin work": the card
    # that lets one have two races or two classes, asked of by its name, is what is asked
    cards = [card for flag, card in CARD_TOPICS if any(True for _ in reading.phrases(flag))]
    named = {role[1:] for role in reading.roles if role and role[0] == "persona"}
    if len(cards) == 1:
        kind, code = cards[0]
    elif cards or len(named) != 1:
        return []
    else:
        kind, code = next(iter(named))
    topic = f"{kind}es" if kind == "class" else f"{kind}s"
    own = [f"{topic}.{code}"] if f"{topic}.{code}" in corpus.clauses else []
    return (own + sorted(i for i in corpus.clauses if i.startswith(f"{topic}.{code}-")))[:POWERS]


#: the steps of a turn a player asks how they work ("wie funktioniert das Davonlaufen genau"),
#: each by its phrase list, and the clauses that say how the step goes, put first: the search
#: ranks a clause naming the step in passing ("no rewards for running away") above them
STEPS = (("step_run", ("running-away.roll", "running-away.bad-stuff")),
         ("step_help", ("helping.ask", "helping.one-helper")),
         ("step_sell", ("trading-selling.sell", "trading-selling.no-change")),
         ("step_death", ("death.lose-everything", "death.when-you-die")),
         ("step_charity", ("turn.charity", "turn.charity-tied-lowest")))


def _step_asked(reading, corpus) -> list[str]:
    """The main clauses of the one step of the game a text asks how it works ("how does
    running away work", "hogyan működik az eladás"): the step said within a few words of the
    question (before it where the verb ends the sentence: "ભાગવાનું કેવી રીતે કામ કરે છે"); none where no such question is asked, or two steps are named."""
    asked = [reading.word_range(m) for _p, m in reading.phrases("how_works")]
    if not asked:
        return []
    steps = [clauses for flag, clauses in STEPS
             if any(any(said.start - NEAR <= reading.word_range(m).start < said.stop + NEAR for said in asked)
                    for _p, m in reading.phrases(flag))]
    if len(steps) != 1:
        return []
    return [c for c in steps[0] if c in corpus.clauses]


#: the clauses of a deck that has run out: reshuffling its discards, and what happens when they are gone too
DECK_OUT = ("setup.reshuffle", "setup.deck-exhausted")


def _deck_out(reading, corpus) -> list[str]:
    """The clauses of reshuffling a deck, where a text asks what happens when one has run out
    ("wat als de schatkaarten op zijn", "wenn die Schatzkarten alle sind", "ha elfogy a
    pakli"): the search ranks the clauses that name treasure cards above them."""
    if not any(True for _ in reading.phrases("deck_out")):
        return []
    return [c for c in DECK_OUT if c in corpus.clauses]


#: acts only a "may I …?" question judges: said in a text read as another kind of question,
#: the reading dropped what the text asks ("may I throw away my race card?" read as gear)
ONLY_ASKED = ("discard-race", "discard-class", "backstab", "play-race", "play-class", "unequip",
              "look-for-trouble", "loot-room", "play-item")
#: kinds whose words are said of many questions ("can I win?", "I run"): no sign of another kind
LOOSE_KINDS = tuple(q.kind for q in QUESTIONS if q.common_words)


def _other_kind(chosen, reading) -> Optional[BadInput]:
    """Never a verdict on a misreading of the question's kind: a reading of one kind where the
    text's own words name another kind (an act only asked of, a sale, a death, charity, a level,
    one's gear, the die) and none of its own, gets none."""
    acts = [a for a in reading.best("actions") if a in ONLY_ASKED and not _act_within_kind(reading, a, chosen.kind)]
    if chosen.kind != "action" and acts:
        return BadInput("what {words} means here", words=_words_of(reading, "actions", acts))
    said = reading.best("kinds")
    if chosen.kind == "combat" and reading.told_won():
        return None  # "hat den Netztroll besiegt: Schätze, steigt Bob auf?": what follows the fight, its verdict says
    # "me muero?", "am I dead?" said of a fight is its loss asked about, not a death's loot
    others = [k for k in said if k not in LOOSE_KINDS and k != chosen.kind
              and not (k == "death" and chosen.kind == "combat") and _said_outside_phase(reading, k)]
    if chosen.kind == "action" and any(True for _ in reading.phrases("claimed_win")):
        # "ik speel een Ga Een Level Omhoog, dan win ik toch?": the level the play would give is
        # the claim asked about, no other question (build.readings chose the act for it)
        others = [k for k in others if k != "level"]
    if said and chosen.kind not in said and others:
        return BadInput("what {words} means here", words=_words_of(reading, "kinds", others))
    return None


def _act_within_kind(reading, act: str, kind: str) -> bool:
    """Whether an act's words are all said inside the chosen kind's own phrases: "¿quién tiene
    que saquear primero?" after a death is the body looted first (a phrase of death), not the
    room looted ("saquear" alone)."""
    from referee.ask.reading import spans_within  # lazy: loaded with the reader, as every call here is

    found = [m.span() for _p, m in reading.table_matches("actions", act)]
    return bool(found) and spans_within(found, reading.kind_spans(kind))


def _said_outside_phase(reading, kind: str) -> bool:
    """Whether a kind's words are said beside the words that say a fight is on: "mid-fight",
    "en pleno combate" name the moment a sale is asked in, not a fight asked about."""
    phase = [m.span() for _p, m in reading.phrases("in_combat")]
    return not phase or reading.said_outside(kind, phase)


def _words_of(reading, table: str, keys: list) -> str:
    """The text's own words that a phrase of ``table`` under ``keys`` matched, quoted."""
    found = [m.group(0).strip() for key in keys for _phrase, m in reading.table_matches(table, key)]
    return ", ".join(f"“{w}”" for w in dict.fromkeys(found)) or "?"


def _params(built) -> dict:
    params = dict(built.params)
    if build_name(built) in NO_PHASE:
        params.pop("phase", None)
    return params


def build_name(built) -> str:
    # lazy: referee.ask.build 50 ms to import, paid only by the calls that need it
    from referee.ask.build import COMMAND

    return COMMAND[built.kind]


def _judge(chosen, state, corpus):
    # lazy: referee.questions 23 ms, referee.adjudicate 21 ms to import, paid only by the calls that need it
    from referee import questions
    from referee.adjudicate import judge_data

    params = _params(chosen)
    # the monsters as `monster()` reads the command's words, without reading them again
    if "monsters" in params:
        params["monsters"] = [_monster(m, corpus) for m in params["monsters"]]
    situation = questions.ask(build_name(chosen), params, None if params.get("players") else state, corpus)
    return situation, judge_data(situation, "question", corpus)


def _localized(built, corpus, lang: str):
    """A reading whose monsters and monster enhancer cards are named as ``lang``'s catalog
    names their cards."""
    if built is None or not built.params.get("monsters"):
        return built
    params = dict(built.params, monsters=[_in_language(m, corpus, lang) for m in built.params["monsters"]])
    if any(isinstance(e, str) for e in params.get("monster_plus") or ()):
        params["monster_plus"] = [_card_in_language(e, corpus, lang, "enhancer") if isinstance(e, str) else e
                                  for e in params["monster_plus"]]
    return built._replace(params=params)


def _card_in_language(name: str, corpus, lang: str, kind: str) -> str:
    """A card of ``kind`` by its name in ``lang``'s catalog, where that name finds it again."""
    if lang == "en":
        return name
    # lazy: referee.cards 29 ms to import, paid only by the calls that need it
    from referee.cards import corpus_name_table, localizer
    from referee.corpus.cards import fold

    card = next((c for c in corpus.cards.values() if c.type == kind and c.name == name), None)
    if card is None:
        return name
    local = localizer()(lang, card)
    return local if corpus_name_table(corpus).get(fold(local)) is card else name


def _in_language(word, corpus, lang: str):
    """A monster of the command named as ``lang``'s catalog names its card, where that name
    finds the card again (a name two cards share in a language stays the English one)."""
    if lang == "en":
        return word
    if isinstance(word, dict):
        if word.get("card") is None or word.get("name") != word["card"]:
            return word
        return dict(word, name=_card_in_language(word["name"], corpus, lang, "monster"))
    name, sep, level = word.rpartition(":")
    if not (sep and level.lstrip("+-").isdigit()):
        name, sep, level = word, "", ""
    return f"{_card_in_language(name, corpus, lang, 'monster')}{sep}{level}"


def _monster(word, corpus):
    """What :func:`referee.questions.monster` makes of a monster's word: ``NAME:LEVEL`` with
    the card it names exactly, or a card by its name (the reading found the card already)."""
    if isinstance(word, dict):
        return word
    name, sep, level = word.rpartition(":")
    if sep and level.lstrip("+-").isdigit():
        card = next((c for c in corpus.cards.values() if c.type == "monster" and c.name == name), None)
        if card is None:
            card = _card_named(name, corpus)
        return {"name": name, "level": int(level), **({"card": card.name} if card is not None else {})}
    card = _card_named(word, corpus)
    return {"name": word, "card": card.name if card is not None else word}


def _card_named(name: str, corpus):
    """The monster card a command's word names in any language (the reading's names are the
    asked language's, :func:`_in_language`)."""
    # lazy: the reading's own card words (read already), spelled as the reading spells a word
    from referee.ask.cardwords import card_words
    from referee.ask.text import spelled
    from referee.corpus.cards import fold

    return card_words(corpus).monsters.get(spelled(fold(name)))


def _results(text: str, corpus, lang: str, first: list[str] = ()) -> list[dict]:
    """The clauses the search finds for the text; ``first``: clauses the reading knows answer
    it, put before them."""
    # lazy: referee.search 198 ms to import, which `referee ask` does not need
    from referee.search import Hit, search

    try:
        result = search(corpus, text, language=lang, limit=RESULTS)
    except RefereeError:
        return []
    if first:
        top = max((h.score for h in result.hits), default=0.0)
        known = {h.id: h for h in result.hits}
        ahead = [known.get(i) or Hit(i, top, corpus.clauses[i].kind, corpus.clauses[i].game, lang, "") for i in first]
        result.hits = (ahead + [h for h in result.hits if h.id not in first])[:RESULTS]
    return search_json(corpus, result, RuleText(lang))["results"]
