"""Turning a player's few words into ranked clauses, in any of the six languages.

Every language field is searched at once: the query is analysed with each field's own
analyzer (so "szint eladás" is stemmed as Hungarian in the Hungarian field and as English in
the English one). Exact forms score above accent-folded ones. A word no clause uses is read
as the word the player most likely meant as well (one edit away); words the clauses do use
are never "corrected", so a typo fix cannot drown an exact hit. The result is a plan of
words and their readings, which :mod:`referee.search.ranking` scores.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from math import log1p

from whoosh import query as q
from whoosh.lang import has_stopwords

from referee.data import locales_dir
from referee.i18n import romanized
from referee.i18n.languages import LANGUAGES
from referee.records import Record
from referee.search import spelling
from referee.search.analysis import (ROMAN_GUJARATI_STOP, TOKEN, english_negations, english_pronouns, function_words,
                                     gujarati_form, has_accent, hungarian_stem, in_context, hungarian_verb, kept_words,
                                     language_analyzer, prepare, search_analysis, stop_words, word_analyzer)
from referee.search.ranking import Reading

#: Queries longer than this are cut: the parser's cost grows with the input. A question of this
#: length is still whole: its function words go first, then it keeps MAX_TERMS words
#: (:func:`plan`), so a long question keeps the subject it ends with.
MAX_QUERY_CHARS = 1000
MAX_TERMS = 12
#: a question of this many words or more tells a story before it asks: its first word weighs
#: STORY_OPENING, its last one in full, those between in proportion (:func:`plan`)
STORY_WORDS, STORY_OPENING = 20, 0.5
#: how many times more clauses a long question's first word counts as used by than its last
#: does, when its most telling words are chosen (:func:`_most_telling`)
STORY_RARITY = 4
#: how much likelier a correction is when it is a word of the asked language's clauses
ASKED_LANGUAGE_FACTOR = 3
#: how much likelier a letter left out, or two letters swapped, is than another typo
DROPPED_LETTER, SWAPPED_LETTERS = 1.5, 2.0
#: how much likelier one spelling of a sound for another (spelling.SOUNDS: "vardo" for bardo) is
SOUND_ALIKE = 3.0
#: a word this short, known only in other languages, may be a typo in the asked one
SHORT_WORD = 4
#: how many words of a question may be corrected (each costs about a thousand lookups)
MAX_CORRECTED = 40
_WORDS = re.compile(TOKEN)
FILTER = re.compile(r"\b(topic|game|kind|id):(\S+)", re.IGNORECASE)
LANGUAGE_BOOST, EXACT_BOOST, CORRECTED_BOOST, ID_BOOST = 1.0, 0.4, 1.0, 0.5
CARD_BOOST = 1.5
#: weight of a card name that is also an everyday word of the asked language (its concept words)
COMMON_CARD_BOOST = 0.3
#: a card's word is an everyday word of a language when that many of its clauses use it, and
#: this many times more than card names do
COMMON_MIN_CLAUSES, COMMON_RATIO = 5, 2.0
#: weight of such a word's own readings, against its concept's (RELATED_BOOST)
EVERYDAY_CARD_WORD = 0.4
#: the shortest part a compound is split into, and the weight of each part (_compound_parts)
COMPOUND_PART, COMPOUND_BOOST = 3, 0.8
#: the shortest first part of a compound that may begin a longer word ("Chromosomen-" of
#: "Chromosomentausch"), and how many such words it is read as
COMPOUND_HEAD, COMPOUND_HEAD_WORDS = 6, 3
#: weight of a word read without a person ending its stemmer keeps (verb_endings)
ENDING_BOOST = 0.9
#: weight of a word from the same concept group (locales/thesaurus.yaml) as the typed word
RELATED_BOOST = 0.6
#: extra weight of the language the question is asked in
ASKED_BOOST = 1.5
#: weight of a mistyped word's own readings where its stem is another word than its
#: correction's ("halfing", stemmed "half", for halfling): the correction weighs CORRECTED_BOOST
TYPO_STEM = 0.5
#: weight in other languages of a Latin-letter word a Gujarati question uses as Gujarati
ROMANIZED_ELSEWHERE = 0.5
#: Rules and clarifications answer most questions; per-card rulings and variants fewer, so at
#: an equal match they rank a little lower.
KIND_PRIORS = {"rule": 1.0, "clarification": 0.95, "errata": 0.95, "card-ruling": 0.85, "variant": 0.85,
               "optional-rule": 0.85}
#: the kind prior of a card's rulings when the question spells out the card's name
NAMED_CARD_PRIOR = 0.95
#: key of the words for "without" (thesaurus ``without``): a question about being without a card
#: asks for the rule, not for the card's rulings
WITHOUT_KEY = "*without"
#: key of the words of "how does X work" (thesaurus ``rule_itself``): such a question asks for the
#: rule of X itself, and a card's rulings stay below it
RULE_ITSELF_KEY = "*itself"
#: a question of this many words or fewer names a thing and asks for its rule (asks_rule_itself)
NAMING_WORDS = 3
#: A question that names no game is about the classic one (and its expansions, a little less);
#: Star Munchkin and Epic restate many classic rules, and their copy should not come first.
GAME_PRIORS = {"munchkin": 1.0, "expansions": 0.9}
OTHER_GAME_PRIOR = 0.8
#: games that restate the classic rules in their own clauses (Star Munchkin, a game of its own),
#: where Epic only adds rules played on top of them: a copy ranks after the classic clause it
#: refers to, unless the question names its game
RESTATING_GAMES = frozenset({"star-munchkin"})
#: key of the game-naming words in the thesaurus table
GAME_KEY = "*game"
#: key of the question words in the thesaurus table, and how much such a word weighs
QUESTION_KEY, QUESTION_WEIGHT = "?", 0.25
#: key of the words of everyday concept groups (thesaurus ``everyday``), which name no card
EVERYDAY_KEY = "~"
#: key of the function words a concept group lists as they are written ("*group:en:not"): such
#: a word is searched; one that only shares its letters with a group word's stem ("las", the
#: Spanish article, and "láser"; Hungarian "meg" and "még") stays a function word
GROUP_WORD_KEY = "*group"
#: key of the question words that ask about their concept group (thesaurus ``asking``: "when",
#: "mikor", "ક્યારે" ask about timing): such a word weighs a quarter as itself, and its group's
#: words (what the rules say about times: "at any time", "bármikor", "jederzeit") as related
#: words; with a word of the groups it goes ``with`` (``ASKING_KEY+``: play), the clauses of its
#: topic (card-timing) weigh TOPIC_PRIOR more (at 1.6, "cuándo vuelvo a jugar tras morir", playing
#: again after dying, went to card timing)
ASKING_KEY = "*asks"
TOPIC_PRIOR = 1.45
#: key of the verb prefixes that may stand apart from their verb ("*prefix:el" -> "hu")
PREFIX_KEY = "*prefix"
#: weight of a verb's own readings when its prefix or particle stands apart (_joined_verbs)
BARE_VERB = 0.5
#: key of the separable particles of Dutch and German verbs ("*particle:uit" -> "nl")
PARTICLE_KEY = "*particle"
#: the endings a finite verb may carry before its infinitive's is put on ("leg" -> "leggen" is
#: not found, "reken" -> "rekenen", "lege" -> "legen" are)
_PARTICLE_VERB_ENDINGS = ("est", "st", "et", "t", "e", "")
#: how many words of a clause, from its start, may be the verb a clause-final particle belongs to
PARTICLE_VERB_REACH = 4
_CLAUSE_END = re.compile(r"[,.;:?!]+")
#: a number's ending after a hyphen (Hungarian "1-es szinten", "5-öt", "10-et"): the number is
#: the word; its ending ("es", "öt": five) is none
_NUMBER_ENDING = re.compile(r"(\d)-[^\W\d_]+")
#: key of the person endings a language's stemmer keeps ("*ending:de" -> "est st et t")
ENDING_KEY = "*ending"
#: key of the phrases of concept groups, by their words ("*phrase:en:put down" -> the group of
#: playing)
PHRASE_KEY = "*phrase"
#: key of the phrases by their first words ("*phrase-start:en:put" -> "put_down"): a key of its
#: own, for a one-word phrase's words would be its first word too, and its group's terms
#: ("*phrase:gu:ગુજર" -> "gujri …") must not be read as phrases starting there
PHRASE_START_KEY = "*phrase-start"
#: the shortest stem by which a phrase's word is found in another form (_phrase_stems)
PHRASE_STEM = 3
#: how many words after one word of a phrase its next may stand ("put a race card down")
PHRASE_REACH = 5
#: key of the phrases of the groups read only with their words together (thesaurus ``together``):
#: "what can't I do while fighting" is no "not fighting", "wat mag je niet doen in een gevecht"
#: no "niet in een gevecht"
PHRASE_TIGHT_KEY = "*phrase-tight"
#: key of the words with a second sense (thesaurus ``senses``), and of what tells it apart
SENSE_KEY = "*sense"
#: key of the words beside which an everyday word that is a card's name names the card
#: (thesaurus ``named_beside``: "Kumpel" beside "Verstärker" is the card Mate)
NAMED_BY_KEY = "*namedby"
#: how many first letters of a sense word's keys are kept to tell a question without one cheaply
SENSE_PREFIX = 4
#: key of the short forms players type in chat (thesaurus ``abbreviations``: "*abbr:es:xq" -> "porque")
ABBREVIATION_KEY = "*abbr"


#: key of the clauses whose title is one word, by its terms (:func:`referee.search.index.one_word_titles`)
TITLE_KEY = "*title"
#: key of the words a question naming a title by its one word may carry besides (thesaurus
#: ``title_words``: "fase de caridad", "charity phase")
TITLE_WORD_KEY = "*titleword"


class Parsed(Record):
    """A query's words and its ``field:value`` filters (a record: importing dataclasses costs a
    search more than its ranking)."""

    text: str
    filters: dict[str, str]


def parse(raw: str) -> Parsed:
    """Normalise the query, cut it to a sane length and take out ``field:value`` filters."""
    text = unicodedata.normalize("NFC", " ".join(raw.split()))
    text = text[:MAX_QUERY_CHARS]
    filters = {}
    for match in FILTER.finditer(text):
        filters[match.group(1).lower()] = match.group(2).lower()
    return Parsed(FILTER.sub(" ", text).strip(), filters)


def thesaurus() -> dict[str, str]:
    """The concept table: from the open index when it has one (built with it), else made now."""
    return _THESAURUS if _THESAURUS is not None else build_thesaurus()


_THESAURUS = None


def use_thesaurus(table) -> None:
    global _THESAURUS
    _THESAURUS = table


#: Gujarati words by their sounds (:func:`referee.i18n.romanized.sound_table`), from the open index
_SOUNDS: dict[str, str] | None = None
#: a card's name as players learnt it, folded -> language -> its name there now
#: (:func:`referee.search.index.card_translations`), from the open index
_CARD_WORDS: dict[str, dict[str, list[str]]] = {}
#: the longest card name, in words, read so ("the monsters are busy")
MAX_NAME_WORDS = 5
#: language -> the cards' whole names there of one word (:func:`referee.search.index.single_card_names`),
#: from the open index
_SINGLE_NAMES: dict[str, frozenset[str]] = {}
#: the fewest letters of a one-word card name that names the card alone
SINGLE_NAME_MIN = 5


def use_sounds(table) -> None:
    global _SOUNDS
    _SOUNDS = table


def use_card_words(table) -> None:
    global _CARD_WORDS
    _CARD_WORDS = table or {}


def use_single_names(table) -> None:
    global _SINGLE_NAMES
    _SINGLE_NAMES = table or {}


def _card_in_language(word: str, language: str | None) -> list[Reading]:
    """A card named by its English name, or one its catalog gave it before ("thief" in a Dutch
    question), read as the name the asked language's clauses call it (Dief), as much as that
    name typed: the clauses no longer hold the other name."""
    if not language or language == "en":
        return []
    targets = [target for target in _CARD_WORDS.get(spelling.fold(word), {}).get(language, ()) if " " not in target]
    return [Reading(language, term, LANGUAGE_BOOST * ASKED_BOOST)
            for target in targets for term in word_stems(target, language)]


def _cards_named_in_language(tokens: list[str], language: str | None) -> list[list[Reading]]:
    """A card named by a name of several words players learnt ("magic lamp", "go up a level" in a
    Dutch question), read as the words of the name the asked language's clauses call it
    (Wonderlamp, Ga een Level omhoog): each one a word of the question."""
    if not language or language == "en" or not _CARD_WORDS:
        return []
    folded = [spelling.fold(token) for token in tokens]
    out, start = [], 0
    while start < len(folded):
        for length in range(min(MAX_NAME_WORDS, len(folded) - start), 1, -1):
            targets = _CARD_WORDS.get(" ".join(folded[start:start + length]), {}).get(language)
            if targets:
                for target in targets:
                    out += [[Reading(language, term, LANGUAGE_BOOST * ASKED_BOOST) for term in word_stems(word, language)]
                            for word in target.split() if not _function_word(word, language)]
                start += length
                break
        else:
            start += 1
    return [readings for readings in out if readings]


@lru_cache(maxsize=1)
def build_thesaurus() -> dict[str, str]:
    """``"language:key" -> "term term …"``: the search terms of a concept group, from
    locales/thesaurus.yaml.

    A query word is looked up by its folded form and by its stem in each language, so
    "meghaltam", "meghalok" and "Meghaltam" all reach the group of dying; the group's words
    are stored already analysed for that language's field. The same table holds the words
    that name a game (``"*game:folded word" -> "game"``) and the question words
    (``"?:language:term" -> "?"``). It is built with the index and read on every query, so
    each entry is one string: such a table unpickles in half the time of one holding tuples.
    """
    # lazy: yaml 88 ms to import, paid only by the calls that need it
    import yaml

    path = locales_dir() / "thesaurus.yaml"
    if not path.exists():
        return {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
    table: dict[tuple[str, str], set] = {}
    fold = word_analyzer()
    for game, words in (data.get("games") or {}).items():
        for word in words or ():
            tokens = [t.text for t in fold(str(word))]
            # a name of two words ("munchkin die") is one key, by the heads of its words
            for key in ([_pair_key(*tokens)] if len(tokens) == 2 else tokens):
                table.setdefault((GAME_KEY, key), set()).add(str(game))
            # each word of a two-word name by its head, and its place: a name typed with a slip
            # in its other word is looked for only beside one (_name_pair_slips)
            if len(tokens) == 2:
                for place, head in enumerate(_pair_key(*tokens).split(" ", 1)):
                    table[(f"{GAME_KEY}{place}", head)] = {"yes"}
    for language, prefixes in (data.get("verb_prefixes") or {}).items():
        for prefix in prefixes or ():
            table.setdefault((PREFIX_KEY, str(prefix).lower()), set()).add(str(language))
    for language, particles in (data.get("separable_particles") or {}).items():
        for particle in particles or ():
            table.setdefault((PARTICLE_KEY, str(particle).lower()), set()).add(str(language))
        table[(f"{PARTICLE_KEY}s", str(language))] = {"yes"}
    for language, markers in (data.get("infinitive_markers") or {}).items():
        for marker in markers or ():
            table.setdefault((f"{PARTICLE_KEY}-infinitive", str(marker).lower()), set()).add(str(language))
    for language, endings in (data.get("verb_endings") or {}).items():
        ordered = sorted({str(e).lower() for e in endings or ()}, key=len, reverse=True)
        if ordered:
            table[(ENDING_KEY, str(language))] = ordered
    # the languages whose phrases are found by their words' stems (_phrase_stems): first, as
    # the phrases of those languages' groups, read by them, are looked up by their first words
    for language in data.get("stemmed_phrases") or ():
        table[(f"{PHRASE_KEY}-stemmed", str(language))] = {"yes"}
    for language, words in (data.get("without") or {}).items():
        for word in words or ():
            for key in (t.text for t in fold(str(word))):
                table[(WITHOUT_KEY, key)] = {str(language)}
    for part, languages in (data.get("rule_itself") or {}).items():
        for language, words in (languages or {}).items():
            for word in words or ():
                table.setdefault((f"{RULE_ITSELF_KEY}:{language}", spelling.fold(prepare(str(word), "gu"))), set()).add(str(part))
    for language, words in (data.get("questions") or {}).items():
        if language in LANGUAGES:
            stems = language_analyzer(language)
            for word in words or ():
                for term in (t.text for t in stems(prepare(str(word), language))):
                    table[(f"{QUESTION_KEY}:{language}", term)] = {QUESTION_KEY}
    everyday = set(data.get("everyday") or ())
    # the groups whose words, beside an asking word, say the question is about a topic: the
    # asking group's own topic, or the one a group names (``with: {sell: trading-selling}``)
    along: dict[str, str] = {}
    asking: dict[str, set[str]] = {}
    # the asking groups whose phrases ask as their question words do (`asked_by: phrases`: "was
    # bringt", "mit ad")
    by_phrase: set[str] = set()
    for name, spec in (data.get("asking") or {}).items():
        spec = spec or {}
        if spec.get("asked_by") == "phrases":
            by_phrase.add(str(name))
        groups = spec.get("with") or ()
        named = groups if isinstance(groups, dict) else {group: spec.get("topic", "") for group in groups}
        along.update({str(group): str(topic or spec.get("topic", "")) for group, topic in named.items()})
        asking[str(name)] = {str(topic or spec.get("topic", "")) for topic in named.values()}
    questions = {language: {spelling.fold(str(w)) for w in words or ()}
                 for language, words in (data.get("questions") or {}).items()}
    together = set(data.get("together") or ())
    for name, group in (data.get("concepts") or {}).items():
        for language, words in (group or {}).items():
            if language not in LANGUAGES or not isinstance(words, list):
                continue
            stopped = stop_words(language) if has_stopwords(language) else frozenset()
            for word in words:
                if str(word).lower() in stopped:
                    table[(f"{GROUP_WORD_KEY}:{language}", str(word).lower())] = {GROUP_WORD_KEY}
            stems = language_analyzer(language)
            phrases = [str(word) for word in words if " " in str(word).strip()]
            words = [word for word in words if " " not in str(word).strip()]
            terms = {str(word): {t.text for t in stems(prepare(str(word), language))} for word in words}
            group_terms = set().union(*terms.values())
            for word, own in terms.items():
                for key in {t.text for t in fold(word)} | own:
                    table.setdefault((language, key), set()).update(group_terms - own)
                    if name in everyday:
                        table[(f"{EVERYDAY_KEY}:{language}", key)] = {EVERYDAY_KEY}
                    if name in asking and spelling.fold(word) in questions.get(language, ()):
                        table[(f"{ASKING_KEY}:{language}", key)] = set(asking[name])
                        # its asking group's words alone: a question word of another group too
                        # ("viele", "many": several) is not read as that group's ("zwei", "more")
                        table.setdefault((f"{ASKING_KEY}=:{language}", key), set()).update(group_terms - own)
                    if name in along:
                        table[(f"{ASKING_KEY}+{language}", key)] = {along[name]}
            for phrase in phrases:
                # a phrase ("put down", "sacar de encima") is read as the group's words where its
                # words stand in their order in a clause, others between them (_phrases)
                tokens = _phrase_tokens(phrase)
                if not tokens:
                    continue
                table.setdefault((f"{PHRASE_KEY}:{language}", " ".join(tokens)), set()).update(group_terms)
                if name in together:
                    table[(f"{PHRASE_TIGHT_KEY}:{language}", " ".join(tokens))] = {PHRASE_TIGHT_KEY}
                # a phrase begins at its first word as written, or at another form of it (by its
                # stem: "ros dolog" is "rossz dolog" as the Hungarian stemmer reads both)
                stemmed = language in (data.get("stemmed_phrases") or ()) and not tokens[0].startswith(EXACT_MARK)
                for start in {tokens[0].lstrip(EXACT_MARK), *(stem for stem in word_stems(tokens[0], language)
                                                              if stemmed and len(stem) >= PHRASE_STEM)}:
                    table.setdefault((f"{PHRASE_START_KEY}:{language}", start), set()).add("_".join(tokens))
                if name in along:
                    table[(f"{ASKING_KEY}+{language}", " ".join(tokens))] = {along[name]}
                if name in by_phrase:
                    table[(f"{ASKING_KEY}:{language}", " ".join(tokens))] = set(asking[name])
                    # by its first word as written: a question without one is done cheaply
                    table[(f"{ASKING_KEY}^:{language}", tokens[0].lstrip(EXACT_MARK))] = {ASKING_KEY}
    _sense_entries(data, table, along, fold)
    for group in data.get("title_words") or ():
        for language, words in ((data.get("concepts") or {}).get(group) or {}).items():
            if language in LANGUAGES and isinstance(words, list):
                for word in words:
                    if " " not in str(word).strip():
                        for key in _word_keys(word, language, fold):
                            table[(f"{TITLE_WORD_KEY}:{language}", key)] = {"yes"}
    for language, short_forms in (data.get("abbreviations") or {}).items():
        for short, full in (short_forms or {}).items():
            table[(f"{ABBREVIATION_KEY}:{language}", str(short).lower())] = {str(full)}
    concepts = data.get("concepts") or {}
    # each entry a group, or groups that name the card together: a word of each beside it
    needs = []
    for entry in data.get("named_beside") or ():
        groups = [str(group) for group in entry] if isinstance(entry, list) else [str(entry)]
        needs.append("+".join(groups))
        for group in groups:
            for language, words in (concepts.get(group) or {}).items():
                if language in LANGUAGES and isinstance(words, list):
                    for word in words:
                        if " " not in str(word).strip():
                            for key in _word_keys(word, language, fold):
                                table.setdefault((f"{NAMED_BY_KEY}:{language}", key), set()).add(group)
    if needs:
        table[(NAMED_BY_KEY, "needs")] = set(needs)
    return {f"{language}:{key}": " ".join(words if isinstance(words, list) else sorted(words))
            for (language, key), words in table.items() if words}


def spelled_out(text: str, language: str | None) -> str:
    """``text`` with the short forms its language's players type in chat written in full ("xq":
    porque, "bc": because, "vllt": vielleicht): read short, they were words no clause knows,
    or another word one edit away."""
    if not language:
        return text
    table = thesaurus()

    def full(match: re.Match) -> str:
        return table.get(f"{ABBREVIATION_KEY}:{language}:{match.group(0).lower()}", match.group(0))

    return _SHORT_FORM.sub(full, text)


#: a word as a short form is looked up: letters and digits ("b4"), a slash inside ("w/o")
_SHORT_FORM = re.compile(r"(?<![\w/])[^\W_]+(?:/[^\W_]*)?(?![\w/])")


def _word_keys(word, language: str, fold) -> set[str]:
    """A thesaurus word's keys: its folded form and its stems in ``language``."""
    return {t.text for t in fold(str(word))} | {t.text for t in language_analyzer(language)(prepare(str(word), language))}


def _sense_entries(data: dict, table: dict, along: dict[str, str], fold) -> None:
    """The thesaurus ``senses`` in the table: each sense word's keys ("*sense:es:cambi" ->
    the sense), the words beside which it takes that sense and those that keep its first
    ("*beside:es:armadur", "*unless:es:alguien" -> senses), the words it is then read as
    ("*senseas:es:change_gear" -> equip's terms) and the topic it then asks about, if any."""
    concepts = data.get("concepts") or {}
    for name, spec in (data.get("senses") or {}).items():
        spec = spec or {}
        target = concepts.get(spec.get("as"), {}) or {}
        for language in LANGUAGES:
            stems = language_analyzer(language)

            def keys(word: str) -> set[str]:
                return _word_keys(word, language, fold)

            # its own words, and the words of groups it names (``words_of``: a sword, an armour)
            words = [*((spec.get("words") or {}).get(language) or ()),
                     *(word for group in spec.get("words_of") or () for word in (concepts.get(group) or {}).get(language) or ()
                       if " " not in str(word).strip())]
            if not words:
                continue
            for word in words:
                for key in keys(word):
                    table.setdefault((f"{SENSE_KEY}:{language}", key), set()).add(str(name))
                    # what a sense word begins with: a question with no word so beginning is
                    # done without stemming its words (senses())
                    table[(f"{SENSE_KEY}begins:{language}", key[:SENSE_PREFIX])] = {"yes"}
            # the words beside which it takes the sense: groups', and words of its own (``beside_words``)
            for words_beside in [*((concepts.get(group) or {}).get(language) or () for group in spec.get("beside") or ()),
                                 (spec.get("beside_words") or {}).get(language) or ()]:
                for word in words_beside:
                    if " " not in str(word).strip():
                        for key in keys(word):
                            table.setdefault((f"{SENSE_KEY}beside:{language}", key), set()).add(str(name))
            # a sense that also needs a word of other groups (``with``: losing at death needs
            # something one has, a level, a race, to lose)
            if spec.get("with"):
                table[(f"{SENSE_KEY}needs:{language}", str(name))] = {"yes"}
            # a sense whose word beside must stand near it (``near``: that many words of the
            # question apart at most, its function words not counted): a negation next to the
            # thing negated ("keinen Ärger suchen"), not one anywhere in the question
            if spec.get("near") is not None:
                table[(f"{SENSE_KEY}near:{language}", str(name))] = {str(int(spec["near"]))}
            # and the words that, standing between, say the word beside is another's ("apart":
            # "nincs szörny, kereshetek bajt" negates the monster, not the looking for trouble)
            for group in spec.get("apart") or ():
                for word in (concepts.get(group) or {}).get(language) or ():
                    if " " not in str(word).strip():
                        for key in keys(word):
                            table.setdefault((f"{SENSE_KEY}apart:{language}", key), set()).add(str(name))
            for group in spec.get("with") or ():
                for word in (concepts.get(group) or {}).get(language) or ():
                    if " " not in str(word).strip():
                        for key in keys(word):
                            table.setdefault((f"{SENSE_KEY}with:{language}", key), set()).add(str(name))
            for word in (spec.get("unless") or {}).get(language) or ():
                for key in keys(word):
                    table.setdefault((f"{SENSE_KEY}unless:{language}", key), set()).add(str(name))
            # the `as` group's words, and the words the rules use for that sense (`reads`)
            terms = {t.text for word in [*(target.get(language) or ()), *((spec.get("reads") or {}).get(language) or ())]
                     if " " not in str(word).strip() for t in stems(prepare(str(word), language))}
            table[(f"{SENSE_KEY}as:{language}", str(name))] = terms
            table[(f"{SENSE_KEY}s", language)] = {"yes"}
            if spec.get("topic"):
                table[(f"{SENSE_KEY}topic:{language}", str(name))] = {str(spec["topic"])}
            # the clause or topic the word in that sense asks about, with a question word or
            # without (``prior``: not looking for trouble is looting the room)
            if spec.get("prior"):
                table[(f"{SENSE_KEY}prior:{language}", str(name))] = {str(spec["prior"])}
            # how much the word itself then weighs (``own``): fleeing beside selling asks about
            # selling in a fight, and the run-away rules its word finds do not answer it
            if spec.get("own") is not None:
                table[(f"{SENSE_KEY}own:{language}", str(name))] = {str(float(spec["own"]))}


def senses(tokens: list[str], language: str | None, ends: frozenset[int] = frozenset()) -> dict[int, str]:
    """position -> sense, for the words of ``tokens`` that take a second sense here (thesaurus
    ``senses``): "cambiar" beside "armadura" and with no one to trade with changes one's gear.
    ``ends``: the positions of the clauses' last words (:func:`_near_beside`)."""
    table = thesaurus()
    if not language or f"{SENSE_KEY}s:{language}" not in table:
        return {}
    if not any(f"{SENSE_KEY}begins:{language}:{spelling.fold(token)[:length]}" in table
               for token in tokens for length in range(2, SENSE_PREFIX + 1)):
        return {}
    keys = [_sense_keys(token, language) for token in tokens]
    # a word may have several second senses ("tirar" a potion is played, an item thrown away):
    # each is tried, the one whose words stand beside it is taken
    found: dict[int, list[str]] = {}
    for position, own in enumerate(keys):
        for key in own:
            for sense in table.get(f"{SENSE_KEY}:{language}:{key}", "").split():
                if sense not in found.setdefault(position, []):
                    found[position].append(sense)
    if not found:
        return {}
    beside = {sense for own in keys for key in own for sense in table.get(f"{SENSE_KEY}beside:{language}:{key}", "").split()}
    unless = {sense for own in keys for key in own for sense in table.get(f"{SENSE_KEY}unless:{language}:{key}", "").split()}
    along = {sense for own in keys for key in own for sense in table.get(f"{SENSE_KEY}with:{language}:{key}", "").split()}
    out: dict[int, str] = {}
    for position, candidates in found.items():
        for sense in candidates:
            if sense in beside and sense not in unless and (
                    sense in along or f"{SENSE_KEY}needs:{language}:{sense}" not in table) and (
                    _near_beside(sense, position, tokens, keys, language, table, ends)):
                out[position] = sense
                break
    # a word of a sense taken near its word beside passes it on to its own next words ("not …
    # look for trouble": "trouble" three words from the "not" is of the phrase "look" begins)
    for position, candidates in found.items():
        for sense in candidates:
            if position not in out and f"{SENSE_KEY}near:{language}:{sense}" in table and any(
                    taken == sense and 0 < abs(other - position) <= 2 * int(table[f"{SENSE_KEY}near:{language}:{sense}"])
                    and not any(not _function_word(tokens[at], language) and at not in found
                                for at in range(min(other, position) + 1, max(other, position)))
                    for other, taken in out.items()):
                out[position] = sense
    return out


def _near_beside(sense: str, position: int, tokens: list[str], keys: list[set[str]], language: str, table,
                 ends: frozenset[int] = frozenset()) -> bool:
    """Does a word beside which ``sense`` is taken stand near enough to the word at ``position``
    (thesaurus ``near``: at most that many words apart, the function words between not counted),
    and is it not another word's? A word of the sense's ``apart`` groups takes it where it stands
    between them ("nincs szörny, kereshetek bajt") or next to it with a clause's end between it
    and the word ("રાક્ષસ નથી, મુશ્કેલી શોધી": that negation is the monster's; ``ends``, the
    positions of the clauses' last words). A sense with no ``near`` takes its words beside from
    anywhere in the question."""
    reach = table.get(f"{SENSE_KEY}near:{language}:{sense}")
    if reach is None:
        return True

    # (not named "of": that is a keyword pybabel extracts messages by)
    def is_word(kind: str, at: int) -> bool:
        return any(sense in table.get(f"{SENSE_KEY}{kind}:{language}:{key}", "").split() for key in keys[at])

    counted = [at for at in range(len(tokens))
               if at == position or is_word("beside", at) or not _function_word(tokens[at], language)]
    here = counted.index(position)
    for index in range(max(0, here - int(reach)), min(len(counted), here + int(reach) + 1)):
        at = counted[index]
        if at == position or not is_word("beside", at):
            continue
        between = range(min(index, here) + 1, max(index, here))
        if any(is_word("apart", counted[other]) for other in between):
            continue
        parted = any(min(at, position) <= end < max(at, position) for end in ends)
        if parted and any(is_word("apart", counted[other]) for other in (index - 1, index + 1) if 0 <= other < len(counted)):
            continue
        return True
    return False


def _senses_typed_or_corrected(tokens: list[str], fixes: dict[str, str] | None, language: str | None,
                               ends: frozenset[int] = frozenset()) -> dict[int, str]:
    """:func:`senses` of the words as typed, and of those with none as corrected: a word typed
    wrong takes its sense, or gives another its sense, as corrected ("canbiarme", "abgekrazt");
    a word with a sense as typed keeps it ("berakhat" is no English "break")."""
    sensed = senses(tokens, language, ends)
    if fixes:
        sensed = {**senses([fixes.get(fold_word(token), token) for token in tokens], language, ends), **sensed}
    return sensed


@lru_cache(maxsize=4096)
def _sense_keys(token: str, language: str) -> frozenset[str]:
    # a Gujarati token of plan() is prepared (stemmed) already: a stem is not stemmed again
    return frozenset({*_folded(token), *_terms(language_analyzer(language), prepare(token, language)
                                               if language != "gu" or token.isascii() else token)})


@lru_cache(maxsize=1 << 14)
def word_stems(word: str, language: str, prepared: bool = False) -> tuple[str, ...]:
    """One word's terms in one language's field: prepared (unless it is already) and analysed.
    Kept for the process: a query reads each of its words in every language, and several times
    (its readings, its sense, its language, typo fixes); a session or a server meets the same
    words again and again. Without it, analysing words was a fifth of a query's time."""
    return tuple(_terms(language_analyzer(language), word if prepared else prepare(word, language)))


def _terms(analyzer, text: str) -> list[str]:
    seen = []
    for token in analyzer(text):
        if token.text not in seen:
            seen.append(token.text)
    return seen[:MAX_TERMS]


def plan(text: str, fixes: dict[str, str] | None = None, language: str | None = None,
         cards=(), known=None, frequency=None) -> list[list[Reading]]:
    """The query as words to rank by (:mod:`referee.search.ranking`): each word its readings.

    Each word scores by its best reading (a disjunction-max): its best language, a word of the
    same concept (locales/thesaurus.yaml), a card name, or — for a word the
    index does not know — the word the player most likely meant (``fixes``). Summing instead
    would let words several languages share ("monster", "level", "Elf") drown the one word that
    says what the player asks about. An accented word spelled exactly as in a clause also
    matches the ``exact`` field, so it ranks above the same word typed without its accents.
    The text is prepared here, once (NFC; Gujarati function words out, endings stripped).
    """
    words: list[list[Reading]] = []
    text = _joined_compounds(_NUMBER_ENDING.sub(r"\1", english_pronouns(english_negations(text, language), language)),
                             language)
    tokens = [match.group(0).lower() for match in _WORDS.finditer(prepare(text, "gu"))]
    fixes = fixes or {}
    # before the function words go: a prefix is one
    joined = _joined_verbs(tokens, _clause_ends(prepare(text, "gu")))
    for position, verbs in _separated_particles(prepare(text, "gu"), language, known).items():
        joined.setdefault(position, []).extend(verbs)
    # the later words of a phrase ("meer" of "geen … meer": no longer) say what the phrase says,
    # read at its first word: alone ("meer": more) they weigh as little as a verb's lone particle
    tails: set[int] = set()
    phrased = _phrases(prepare(text, "gu"), language, tails)
    # each word as the corrections key it (looked up only where there are corrections)
    keys = [fold_word(token) for token in tokens] if fixes else [None] * len(tokens)
    if fixes:
        # a phrase, a split verb or a particle with one word mistyped ("trhow away", "weg legen")
        # is the phrase as corrected: the typed words' own readings come first
        # a correction shorter than the typed word is a guess ("tocan": toca, whose "me toca" is
        # one's turn), no typo of a phrase's word
        fixes_whole = {typed: fixed for typed, fixed in fixes.items() if len(fixed) >= len(typed)}
        corrected = _corrected(prepare(text, "gu"), fixes_whole)
        for position, verbs in _joined_verbs([fixes_whole.get(key, token) for key, token in zip(keys, tokens)],
                                             _clause_ends(prepare(text, "gu"))).items():
            joined.setdefault(position, verbs)
        for position, verbs in _separated_particles(corrected, language, known).items():
            joined.setdefault(position, verbs)
        phrased = {**_phrases(corrected, language), **phrased}
    sensed = _senses_typed_or_corrected(tokens, fixes, language, _clause_ends(prepare(text, "gu")))
    # the function words go first, then a long question is cut: it keeps its subject
    kept = [position for position, word in enumerate(tokens)
            if position in joined or position in phrased or not _function_word(word, language)]
    if len(kept) > MAX_TERMS:
        kept = _most_telling(tokens, kept, fixes, language, frequency)
    if len(kept) < 2:
        cards = ()  # a card's name alone is asked about as the card
    # words of a card's name that no rule uses as an everyday word ("Grenade", "Wandering"): an
    # everyday word beside one is part of the name ("Hand Grenade"), and keeps its card weight
    common = {position: _common_word(cards, _folded(tokens[position]), tokens[position], language)
              for position in kept if _card_word(cards, tokens[position])}
    named = {position for position, is_common in common.items() if not is_common}
    # an everyday word that is a card's name, beside a word of the card's own kind ("Kumpel …
    # Verstärker": the Monster Enhancer Mate), names the card
    table = thesaurus()
    naming = {position for position in kept
              if any(f"{EVERYDAY_KEY}:{language}:{key}" in table
                     for word in (tokens[position], fixes.get(keys[position], "")) for key in _folded(word))
              } if cards and language else set()
    if naming:
        # the words beside it as typed or as corrected ("monstreo": monstruo)
        beside = {group for position in kept
                  for word in (tokens[position], fixes.get(keys[position], ""))
                  for key in (_sense_keys(word, language) if word else ())
                  for group in table.get(f"{NAMED_BY_KEY}:{language}:{key}", "").split()}
        if not any(set(need.split("+")) <= beside for need in table.get(f"{NAMED_BY_KEY}:needs", "").split()):
            naming = set()
    # every word a card's name's, one of them a word no clause of the language uses: the
    # question is that name (a former name, "ફેક બિયર્ડ")
    as_name = len(common) == len(kept) and any(_name_only(cards, tokens[position], language) for position in named)
    numbers: set[str] = set()
    said: set[str] = set()
    # a story told before the question ("I kicked the door, a dragon came, nobody helped…")
    # sets the scene: its last events and the question it ends with say what is asked, so a
    # long question's words weigh less the earlier they stand
    # (counted as typed: Gujarati's function words are gone from the tokens already)
    story = len(tokens) > 1 and len(_WORDS.findall(text)) >= STORY_WORDS
    for index, position in enumerate(kept):
        start = len(words)
        word = tokens[position]
        in_name = position in naming or any(other in named for other in kept[max(0, index - 1):index] + kept[index + 1:index + 2])
        # a verb whose prefix or particle stands apart is meant whole ("adhatom el": eladhatom, sell;
        # "reken … uit": uitrekenen): alone ("ad": give, "reken": count on) it weighs less
        # and a separable particle standing in mid-clause after its verb ("telt mijn level mee in
        # het gevecht") is half a verb: alone ("mee": along) it weighs as little
        bare = (position in joined or position in phrased or position in tails
                or (0 < position < len(tokens) - 1 and _separable_particle(word, language)))
        # a word corrected in the asked language is no other language's concept as typed ("stuf",
        # stuff, is no German "Stufe"): its own readings stay, its groups elsewhere go
        corrected = keys[position] in fixes
        # a slip that leaves a stem of another word ("halfing", stemmed "half" for halfling, is
        # no half-breed) weighs less as typed than as corrected: the correction says what was meant
        slipped = TYPO_STEM if corrected and _other_stem(word, fixes[keys[position]], language) else 1.0
        readings = _readings(word, (BARE_VERB if bare else 1.0) * slipped, language, cards,
                             in_name, common.get(position, False), as_name, sensed.get(position),
                             foreign_concepts=not corrected)
        readings += _card_in_language(word, language)
        # a phrase's first word ("put" of "put … down") is read as its group's words (playing), as
        # much as a word of the group typed: its words together say what one word of it does
        readings += [Reading(language, term, LANGUAGE_BOOST * ASKED_BOOST) for term in phrased.get(position, ())]
        for prefix_language, verb in joined.get(position, ()):
            weight = ASKED_BOOST if prefix_language == language else 1.0
            terms = word_stems(verb, prefix_language)
            readings += [Reading(prefix_language, term, LANGUAGE_BOOST * weight) for term in terms]
            # the whole verb's concept ("uitrekenen": calculating), as for a word typed whole
            related = {other for key in {*terms, *_folded(verb)}
                       for other in thesaurus().get(f"{prefix_language}:{key}", "").split()}
            readings += [Reading(prefix_language, term, RELATED_BOOST * weight) for term in sorted(related - set(terms))]
        fixed = fixes.get(keys[position]) if fixes else None
        if fixed and _function_word(fixed, language):
            fixed = None  # a function word typed with a slip: its phrase is found above, no word is read
        if fixed and position and language in (None, "en"):
            # read where it stands, as the word typed right would be ("when i dei": dying)
            fixed = in_context(tokens[position - 1], fixed)
        if fixed:
            # a correction names a card only beside another word of its name: a word no rule
            # uses is no card's word a letter short ("thing" is no "Thingy")
            # weighed as the word typed right would be (half, where its phrase reads it)
            readings += _readings(fixed, CORRECTED_BOOST * (BARE_VERB if bare else 1.0), language, cards, in_name,
                                  common=True if cards else None, sense=sensed.get(position))
            readings += _card_in_language(fixed, language)  # "wizzard": the Wizard, Tovenaar in Dutch
        sounded = _sounded_gujarati(word, language)
        if sounded:
            readings += _readings(sounded, CORRECTED_BOOST, language, cards, in_name)
        # a number said twice ("3 of them … one monster or three", "drei davon … oder drei") is one
        # number: its second saying would weigh every rule of that number twice
        number = _number_read(readings, language)
        if number and number in numbers:
            readings = []
        elif number:
            numbers.add(number)
        # so is any word said twice, in any of its forms ("half elf half dwarf", "elf … elfek"):
        # the concrete things a player names twice would outweigh what the question asks
        stem = _own_stem(readings, language)
        if stem and stem in said:
            continue
        if stem:
            said.add(stem)
        if readings:
            words.append(readings)
        # a question word is no compound ("hányast", which number, is no "hány" and "ast")
        if known is not None and language and not fixed and not _question_word(word, language):
            words += _compound_parts(word, language, known, getattr(cards, "beginning", None))
        if has_accent(word):
            words.append([Reading("exact", word, EXACT_BOOST)])
        if fixed and has_accent(fixed):
            words.append([Reading("exact", fixed, EXACT_BOOST * CORRECTED_BOOST)])
        if story:
            scale = STORY_OPENING + (1 - STORY_OPENING) * position / (len(tokens) - 1)
            words[start:] = [[Reading(r.field, r.text, r.boost * scale) for r in readings] for readings in words[start:]]
    words += _split_card_words(tokens, kept, language, cards)
    words += _cards_named_in_language(tokens, language)
    if known is not None and language in _COMPOUNDING:
        # words typed apart, not joined by a hyphen ("einmal-gegenstand" is written as one already)
        hyphened = {(m.group(1).lower(), m.group(2).lower()) for m in _HYPHEN_PAIR.finditer(text)}
        words += _typed_apart(tokens, kept, language, known, hyphened)
    # the words kept, not the text: a function word of the asked language ("mate", Gujarati's
    # "for") is not the id of the card Mate's rulings either
    id_text = " ".join([*(tokens[position] for position in kept),
                        *(fixed for fixed in fixes.values() if not _function_word(fixed, language))]
                       ).replace(".", " ").replace("-", " ")
    for term in _terms(language_analyzer("en"), id_text):
        words.append([Reading("idwords", term, ID_BOOST)])
    return words


def _other_stem(typed: str, fixed: str, language: str | None) -> bool:
    """Is ``fixed``, a correction as long as ``typed`` or longer (a letter left out, mistyped or
    swapped; a shorter one is a guess), another word than the typed word's stem in the asked
    language? Then that stem, a word of the clauses, is the slip's accident."""
    if not language or len(fixed) < len(typed) or _function_word(fixed, language):
        return False
    typed_stems = set(word_stems(typed, language))
    return bool(typed_stems) and not typed_stems & set(word_stems(fixed, language))


def _own_stem(readings: list[Reading], language: str | None) -> str | None:
    """The stem a word reads as in the asked language, its first reading there, or None."""
    return next((reading.text for reading in readings if reading.field == language), None)


def _number_read(readings: list[Reading], language: str | None) -> str | None:
    """The number a word reads as in the asked language ("three", "3", "drei": "3"), or None."""
    return next((reading.text for reading in readings
                 if reading.field == language and reading.text.isdigit()), None)


#: Languages that write a compound as one word, which players type apart ("afleg stapel",
#: "Ablage Stapel", "dobó pakli")
_COMPOUNDING = frozenset({"nl", "de", "hu"})


_HYPHEN_PAIR = re.compile(r"([^\W\d_]+)-(?=([^\W\d_]+))")


def _typed_apart(tokens: list[str], kept: list[int], language: str, known, hyphened=frozenset()) -> list[list[Reading]]:
    """Two neighbouring words read as the one word the clauses of ``language`` write
    ("afleg stapel": aflegstapel), as much as a word of the language typed: each part alone
    says less (a "stapel" is every deck)."""
    out = []
    analyzer = language_analyzer(language)
    table = thesaurus()
    for first, second in zip(kept, kept[1:]):
        if (second != first + 1 or tokens[first].isdigit() or tokens[second].isdigit()
                or (tokens[first], tokens[second]) in hyphened):
            continue
        # a verb's particle typed apart ("mee vecht", "weg geven") is read as the verb already
        if f"{PARTICLE_KEY}:{tokens[first]}" in table or f"{PREFIX_KEY}:{tokens[first]}" in table:
            continue
        # two words of the question's frame (each weighing a quarter) are two words, no compound
        # of its subject: "ha csak egy fajom van" (if I have only one race) is no "hacsak" (unless)
        if _question_word(tokens[first], language) and _question_word(tokens[second], language):
            continue
        terms = _terms(analyzer, prepare(tokens[first] + tokens[second], language))
        if len(terms) == 1 and known(language, terms[0]):
            out.append([Reading(language, terms[0], LANGUAGE_BOOST)])
    return out


def _sounded_gujarati(word: str, language: str | None) -> str | None:
    """The Gujarati word a Latin word of a Gujarati question sounds like ("hathiyar": હથિયાર),
    unless the thesaurus already knows it as romanized Gujarati."""
    if language != "gu" or not word.isascii() or f"gu:{word}" in thesaurus():
        return None
    return romanized.sounded(word, _SOUNDS)


def named_cards(text: str, language: str | None, cards, fixes: dict[str, str] | None = None) -> list[list[set[str]]]:
    """The card names a question spells out: runs of two or more words in a row (function words
    aside) that are all words of card names ("szuper munchkinnal": Super Munchkin), each word as
    the card-name terms it may be (as typed or corrected, or its stem in the asked language).
    None when the question asks about being without a card ("two classes without Super Munchkin")."""
    if not cards:
        return []
    fixes = fixes or {}
    table = thesaurus()
    # plain folding (no analyzer) first: a word's stem is worked out only beside a card's word
    words = [(typed, spelling.fold(typed)) for typed in _WORDS.findall(prepare(text, "gu").lower())]
    if any(f"{WITHOUT_KEY}:{folded}" in table for _, folded in words):
        return []
    words = [(typed, folded) for typed, folded in words if not _function_word(typed, language)]
    typed_keys = [{key for key in (folded, fixes.get(folded)) if key and key in cards} for _, folded in words]
    if sum(map(bool, typed_keys)) < 1:
        return []
    runs, run = [], []
    for index, (typed, folded) in enumerate(words):
        keys = typed_keys[index]
        beside = any(typed_keys[i] for i in (index - 1, index + 1) if 0 <= i < len(words))
        if not keys and beside and language:
            for word in filter(None, (typed, fixes.get(folded))):
                keys |= {key for stem in word_stems(word, language, language == "gu") for key in _folded(stem)
                         if key in cards}
        if keys:
            run.append(keys)
            continue
        if len(run) > 1:
            runs.append(run)
        run = []
    if len(run) > 1:
        runs.append(run)
    # a card whose whole name, in the asked language or in English, is one word that is no word of
    # the game or of the language ("Wunderlampe", "Gazebo", "Hóriás") is named by that word alone
    # (as typed, or corrected as the words of a longer name are)
    own, english = _SINGLE_NAMES.get(language or "en", frozenset()), _SINGLE_NAMES.get("en", frozenset())
    for index, (typed, folded) in enumerate(words):
        keys = {key for key in typed_keys[index] if key in own or key in english}
        keys = {key for key in keys if not _common_word(cards, {key}, typed if key == folded else key, language)}
        if keys:
            runs.append([keys])
    return runs


def _split_card_words(tokens: list[str], kept: list[int], language: str | None, cards) -> list[list[Reading]]:
    """Two words typed apart that a card's name writes as one ("knee pads": Kneepads of Allure,
    "hand grenade"), read as that word of the name as well."""
    if not cards:
        return []
    out = []
    for first, second in zip(kept, kept[1:]):
        if second != first + 1 or not tokens[first].isalpha() or not tokens[second].isalpha():
            continue
        joined = tokens[first] + tokens[second]
        if spelling.fold(joined) in cards:
            out.append(_readings(joined, 1.0, language, cards, in_name=True, common=False))
    return out


#: two Gujarati words, the second a word of its own: "એક સાથે" is also written "એકસાથે"
_GU_PAIR = re.compile(r"([\u0a80-\u0aff]+)\s+(?=([\u0a80-\u0aff]+))")
#: the same two words typed in Latin letters ("ek sathe", "eksathe"), in a Gujarati question
_ROMAN_PAIR = re.compile(r"\b([a-z]+)\s+(?=([a-z]+)\b)", re.IGNORECASE)


def _joined_compounds(text: str, language: str | None = None) -> str:
    """Gujarati compounds typed as two words ("એક સાથે", "એકસાથે": at once) read as the one
    word the thesaurus knows: apart, the second half is a function word and goes, and the
    first alone ("એક", one) says nothing of the question. In a Gujarati question, so are the
    same words in Latin letters ("ek sathe")."""
    pairs = _ROMAN_PAIR if language == "gu" and text.isascii() else _GU_PAIR
    if not pairs.search(text):
        return text
    table = thesaurus()

    def join(match) -> str:
        whole = match.group(1) + match.group(2)
        return whole[: len(match.group(1))] if any(f"gu:{key}" in table for key in _folded(whole)) else match.group(0)

    return pairs.sub(join, text)


def _most_telling(tokens: list[str], kept: list[int], fixes: dict[str, str], language: str | None,
                  frequency) -> list[int]:
    """The MAX_TERMS words of a long question that say most: those the fewest clauses use (a
    story around a question — "we were playing last night and…" — uses words every clause has,
    or none has), the later ones first. In the order typed; without the index's counts, the
    first ones."""
    if frequency is None or not language:
        return kept[:MAX_TERMS]
    analyzer = language_analyzer(language)

    def used_by(position: int) -> int:
        word = tokens[position]
        word = fixes.get(fold_word(word), word)
        counts = [frequency(language, term) for term in _terms(analyzer, prepare(word, language)
                                                              if language != "gu" else word)]
        found = max(counts, default=0)
        return found if found else 1 << 30  # a word no clause uses tells nothing

    # the story's opening sets the scene; its last events and its question say what is asked:
    # a word counts as used by more clauses the earlier it stands (the first, STORY_RARITY times)
    last = max(len(tokens) - 1, 1)

    def telling(position: int) -> tuple[float, int]:
        return used_by(position) * (1 + (STORY_RARITY - 1) * (1 - position / last)), position

    chosen = sorted(kept, key=telling)[:MAX_TERMS]
    return sorted(chosen)


def _corrected(text: str, fixes: dict[str, str]) -> str:
    """``text`` with each mistyped word replaced by its correction, word for word (the words
    keep their positions, as plan() counts them)."""
    return _WORDS.sub(lambda match: fixes.get(fold_word(match.group(0)), match.group(0)), text)


def fold_word(word: str) -> str:
    """The word as the vocabulary and the corrections key it (lower case, accents folded)."""
    return next(iter(t.text for t in word_analyzer()(word)), word)


def _compound_parts(word: str, language: str, known, beginning=None) -> list[list[Reading]]:
    """A compound the asked language's clauses never use, read as the two words they do use
    ("tolvajkártya" as "tolvaj" + "kártya", "Fluchtwürfel" as "Flucht" + "Würfel", "monsterlevel"): Hungarian,
    German and Dutch write together what a rule may say apart, and players do either. The
    longest known first part wins; a linking s (Hilfsangebot) may end it. Failing that, a first
    part of :data:`COMPOUND_HEAD` letters or more may begin a longer word the clauses use: a
    player names a card by another compound of its words ("Chromosomenfalle" for the trap
    "Falle! Chromosomentausch"); ``beginning(language, stem, limit)`` lists such words. A word
    the thesaurus knows is read by its group, not split."""
    analyzer = language_analyzer(language)
    stems = _terms(analyzer, prepare(word, language))
    if len(word) < 2 * COMPOUND_PART or not stems:
        return []
    if any(known(language, stem) for stem in stems):
        # a verb the clauses use with a particle joined ("eintauschen") is its verb's concept too
        return _particle_verb(word, language, known, analyzer, stems)
    # a separable particle joined to a verb ("inruilen"), else two words the clauses use
    found = _particle_verb(word, language, known, analyzer, stems) or _known_parts(word, language, known, analyzer)
    # a word of a thesaurus group is read by its group ("wegleggen": discarding), not as parts
    # its group does not hold ("weg", "leggen"); a name's parts it does hold stay ("halbblut"),
    # and so do those of a name the rules write apart, one of whose parts the group holds
    # ("oneshot": one-shot)
    group = {term for key in (*stems, *_folded(word)) for term in thesaurus().get(f"{language}:{key}", "").split()}
    if group and not any(reading.text in group for part in found for reading in part):
        return []
    if found or beginning is None or len(word) < COMPOUND_HEAD + COMPOUND_PART:
        return found
    weight = LANGUAGE_BOOST * ASKED_BOOST * COMPOUND_BOOST
    for cut in range(COMPOUND_HEAD, len(word) - COMPOUND_PART + 1):
        right = _terms(analyzer, prepare(word[cut:], language))
        if not right or not all(known(language, term) for term in right):
            continue
        left = _terms(analyzer, prepare(word[:cut], language))
        longer = [term for stem in left for term in beginning(language, stem, COMPOUND_HEAD_WORDS) if term != stem]
        if left and not longer:
            # the first part spelled by ear ("Cromosomen-"): one sound written as another
            longer = sorted({term for stem in left for other in spelling.sound_alike(stem, language)
                             for term in beginning(language, other, COMPOUND_HEAD_WORDS)})[:COMPOUND_HEAD_WORDS]
        if left and longer:
            return [[Reading(language, term, weight) for term in longer],
                    [Reading(language, term, weight) for term in right]]
    return []


def _particle_verb(word: str, language: str, known, analyzer, stems) -> list[list[Reading]]:
    """A separable particle joined to a verb of a thesaurus group ("eintauschen", "inruilen"),
    where the word itself is in no group: the verb and its group (tauschen: trading), weighed as
    a compound's part."""
    table = thesaurus()
    if f"{PARTICLE_KEY}s:{language}" not in table or any(f"{language}:{key}" in table for key in (*stems, *_folded(word))):
        return []
    for cut in range(2, len(word) - COMPOUND_PART):
        if language not in table.get(f"{PARTICLE_KEY}:{word[:cut]}", "").split():
            continue
        right = _terms(analyzer, prepare(word[cut:], language))
        related = {other for key in (*right, *_folded(word[cut:])) for other in table.get(f"{language}:{key}", "").split()}
        if right and related and all(known(language, term) for term in right):
            weight = LANGUAGE_BOOST * ASKED_BOOST * COMPOUND_BOOST
            return [[Reading(language, term, weight) for term in right]
                    + [Reading(language, term, weight * RELATED_BOOST) for term in sorted(related - set(right))]]
    return []


def _known_parts(word: str, language: str, known, analyzer) -> list[list[Reading]]:
    """The compound as two words the clauses use, the longest first part first (_compound_parts)."""
    for cut in range(len(word) - COMPOUND_PART, COMPOUND_PART - 1, -1):
        right = _terms(analyzer, prepare(word[cut:], language))
        if not right or not all(known(language, term) for term in right):
            continue
        for left_word in (word[:cut], word[:cut - 1] if word[cut - 1] == "s" else None):
            left = _terms(analyzer, prepare(left_word, language)) if left_word else []
            if left and len(left_word) >= COMPOUND_PART and all(known(language, term) for term in left):
                weight = LANGUAGE_BOOST * ASKED_BOOST * COMPOUND_BOOST
                return [[Reading(language, term, weight) for term in left],
                        [Reading(language, term, weight) for term in right]]
    return []


def _function_word(word: str, asked: str | None) -> bool:
    """Is ``word`` a function word of the language the question is asked in ("de", "la", "die")?
    Such a word is read in no language: a German "die" is no English death, a Spanish "de la"
    no Dutch article."""
    if not asked or asked == "en" and word in ("die", "dies"):
        return False
    if asked == "gu" and word in ROMAN_GUJARATI_STOP:
        return True
    # a function word with a meaning of its own (a negation: locales/thesaurus.yaml) is read
    return word in _stop_words(asked) and f"{GROUP_WORD_KEY}:{asked}:{word}" not in thesaurus()


@lru_cache(maxsize=None)
def _stop_words(language: str) -> frozenset[str]:
    if search_analysis(language) not in ("snowball", "hungarian") or not has_stopwords(language):
        return frozenset()
    # a word of the question is kept: it weighs a quarter (question words), not nothing
    asked = {key.split(":", 2)[2] for key in thesaurus() if key.startswith(f"{QUESTION_KEY}:{language}:")}
    words = stop_words(language)
    if language in _FOLDED_STOP_LANGUAGES:
        # and as typed without their accents ("es", "mar" for és, már; "fur" for für), unless the
        # folded word is one the language keeps as meaning something
        kept = {spelling.fold(word) for word in function_words(language) - words}
        words = words | ({spelling.fold(word) for word in words} - kept)
    return words - asked


#: Languages whose function words typed without their accents are function words still. Not
#: Spanish: there the accent tells two words apart ("sí", yes, and "si", if; "más" and "mas").
_FOLDED_STOP_LANGUAGES = frozenset({"hu", "de"})


def _clause_ends(text: str) -> frozenset[int]:
    """The positions (as plan() counts words) of the last word of each clause of ``text``."""
    ends, position = set(), 0
    for clause in _CLAUSE_END.split(text):
        count = len(_WORDS.findall(clause))
        if count:
            ends.add(position + count - 1)
        position += count
    return frozenset(ends)


def _joined_verbs(typed: list[str], ends: frozenset[int] = frozenset()) -> dict[int, list[tuple[str, str]]]:
    """Split verbs put back together: Hungarian "el tudok menekülni", "meg kell ölnöm" are read as
    "elmenekülni", "megölnöm" too, "adhatom el" as "eladhatom". A prefix (locales/thesaurus.yaml
    ``verb_prefixes``) joins the next word with a verb ending within three words, else the word
    before it. No prefix reaches past the end of its clause (``ends``: the positions of clauses'
    last words): in "épp most haltam meg, segíthetek?" the "meg" is the dying's (meghaltam)."""
    table = thesaurus()
    out: dict[int, list[tuple[str, str]]] = {}
    for position, word in enumerate(typed):
        for language in table.get(f"{PREFIX_KEY}:{word}", "").split():
            last = min((end for end in ends if end >= position), default=len(typed) - 1)
            # the verb: not another prefix, nor an auxiliary of the question ("lehet", "kell")
            after = [i for i in range(position + 1, min(position + 4, last + 1, len(typed)))
                     if hungarian_verb(typed[i]) and f"{PREFIX_KEY}:{typed[i]}" not in table
                     and not any(f"{QUESTION_KEY}:{language}:{term}" in table
                                 for term in word_stems(typed[i], language))]
            target = after[0] if after else position - 1
            if 0 <= target < len(typed) and target != position:
                out.setdefault(target, []).append((language, word + typed[target]))
    return out


def _separated_particles(text: str, language: str | None, known=None) -> dict[int, list[tuple[str, str]]]:
    """Dutch and German separable verbs read whole: a particle at the end of a clause ("hoe
    reken ik mijn gevechtskracht uit") joins one of the clause's first words, a particle typed
    apart before its verb ("weg leggen") the next word, as the verb the clauses or the thesaurus
    know (uitrekenen, wegleggen). Positions are those of the text's words, as plan() counts them."""
    table = thesaurus()
    if not language or f"{PARTICLE_KEY}s:{language}" not in table:
        return {}
    out: dict[int, list[tuple[str, str]]] = {}
    position = 0
    for clause in _CLAUSE_END.split(text):
        words = [match.group(0).lower() for match in _WORDS.finditer(clause)]
        for index, word in enumerate(words):
            if language not in table.get(f"{PARTICLE_KEY}:{word}", "").split():
                continue
            candidates = [index + 1] if index + 1 < len(words) else list(range(min(index, PARTICLE_VERB_REACH)))
            if index + 2 < len(words) and language in table.get(f"{PARTICLE_KEY}-infinitive:{words[index + 1]}",
                                                                  "").split():
                candidates = [index + 2]  # "weg te lopen": the verb after the infinitive's word
            for candidate in candidates:
                verb = _known_verb(word + words[candidate], language, known, table)
                if verb:
                    out.setdefault(position + candidate, []).append((language, verb))
                    break
        position += len(words)
    return out


def _separable_particle(word: str, language: str | None) -> bool:
    return bool(language) and language in thesaurus().get(f"{PARTICLE_KEY}:{word}", "").split()


def _phrases(text: str, language: str | None, tails: set[int] | None = None) -> dict[int, list[str]]:
    """The phrases of the asked language's concept groups in a question ("put down" in "put a
    race card down", "sacar … de encima"), each at its first word's position (as plan() counts
    words) with its group's terms."""
    table = thesaurus()
    # a phrase of a group with no single word in this language reads as nothing (the table
    # keeps no empty entry): it is then no phrase at all
    return {position: table[f"{PHRASE_KEY}:{language}:{key}"].split()
            for position, key in _phrase_keys(text, language, tails).items() if f"{PHRASE_KEY}:{language}:{key}" in table}


def _phrase_keys(text: str, language: str | None, tails: set[int] | None = None) -> dict[int, str]:
    """The phrases of :func:`_phrases` by their words: each word after the first stands in its
    order, at most PHRASE_REACH words after the one before it, in the same clause. ``tails``
    receives the positions of the words after each phrase's first."""
    table = thesaurus()
    if not language:
        return {}
    out: dict[int, str] = {}
    position = 0
    for clause in _CLAUSE_END.split(text):
        words = [spelling.fold(match.group(0)) for match in _WORDS.finditer(clause)]

        def same(typed: str, word: str) -> bool:
            # a phrase's word as written, or another form of it by its stem ("dolgot": dolog);
            # a word marked to keep its ending only as written (EXACT_MARK)
            if word.startswith(EXACT_MARK):
                return typed == word[len(EXACT_MARK):]
            return typed == word or bool(set(_phrase_stems(typed, language)) & set(_phrase_stems(word, language)))

        def best_at(index: int, first: str, single: bool) -> tuple[str, list[int]] | None:
            # the longest phrase found here: "no hay combate" (no fight going on) is more than
            # "no hay"; phrases of one word only where ``single``
            best: tuple[str, list[int]] | None = None
            starts = {first, *_phrase_stems(first, language)}
            phrases = {phrase for start in starts
                       for phrase in table.get(f"{PHRASE_START_KEY}:{language}:{start}", "").split()}
            for phrase in sorted(phrases):
                wanted, at, found = phrase.split("_")[1:], index, []
                if bool(wanted) == single or (first != phrase.split("_")[0] and not same(first, phrase.split("_")[0])):
                    continue
                reach = 1 if f"{PHRASE_TIGHT_KEY}:{language}:{phrase.replace('_', ' ')}" in table else PHRASE_REACH
                for word in wanted:
                    at = next((i for i in range(at + 1, min(at + 1 + reach, len(words))) if same(words[i], word)), None)
                    if at is None:
                        break
                    found.append(at)
                if at is not None and (best is None or len(found) > len(best[1])):
                    best = (phrase, found)
            return best

        longer = {index: best for index, first in enumerate(words) if (best := best_at(index, first, False))}
        # a phrase with words between its own yields a word it shares with a phrase whose words
        # stand together: "right away" is no "get … away" (escaping) in "do I get my treasure
        # right away"
        together = [{index, *found} for index, (_, found) in longer.items() if found[-1] - index == len(found)]
        longer = {index: (phrase, found) for index, (phrase, found) in longer.items()
                  if found[-1] - index == len(found)
                  or not any(words & {index, *found} for words in together)}
        taken: set[int] = set()
        for index, first in enumerate(words):
            best = longer.get(index)
            if best is None and index not in taken:
                # a later word of a phrase begins no phrase of one word ("સૌથી ઓછા": the
                # lowest, whose "ઓછા" alone is what "ઓછું થાય", a level going down, leaves
                # once Gujarati's function words are out)
                best = best_at(index, first, True)
            if best is not None:
                out[position + index] = best[0].replace("_", " ")
                taken.update(best[1])
                if tails is not None:
                    tails.update(position + at for at in best[1])
        position += len(words)
    return out


#: before a word of a thesaurus phrase: the word is found only as written, not by its stem, where
#: phrases are read by their stems (``stemmed_phrases``): its ending is what the phrase says
#: ("hányadik =szintig", up to which level, is no "hányadik szinttől", from which level)
EXACT_MARK = "="


def _phrase_tokens(phrase: str) -> list[str]:
    """A thesaurus phrase's words as a question's are read, each marked word keeping its mark."""
    tokens = []
    for part in phrase.split():
        mark = EXACT_MARK if part.startswith(EXACT_MARK) else ""
        tokens += [mark + spelling.fold(word) for word in _WORDS.findall(prepare(part[len(mark):], "gu").lower())]
    return tokens


def _phrase_stems(word: str, language: str) -> tuple[str, ...]:
    """A phrase word's stems, by which another form of it is found ("rossz", "ros"; "dolog",
    "dolgot"), in the languages whose phrases are so read (thesaurus ``stemmed_phrases``);
    none too short to tell words apart."""
    if f"{PHRASE_KEY}-stemmed:{language}" not in thesaurus():
        return ()
    return tuple(stem for stem in word_stems(word, language) if len(stem) >= PHRASE_STEM)


def _known_verb(joined: str, language: str, known, table) -> str | None:
    """``joined`` (a particle and a finite verb) as the infinitive the clauses or the thesaurus
    know, or None."""
    analyzer = language_analyzer(language)
    for ending in _PARTICLE_VERB_ENDINGS:
        if ending and not joined.endswith(ending):
            continue
        stem = joined[: len(joined) - len(ending)]
        for form in (joined, stem + "en", stem + "n") if ending else (joined, joined + "en", joined + "n"):
            terms = _terms(analyzer, prepare(form, language))
            if terms and all((known is not None and known(language, term)) or f"{language}:{term}" in table
                             for term in terms):
                return form
    return None


def _folded(word: str) -> set[str]:
    return {t.text for t in word_analyzer()(word)}


def _card_word(cards, word: str) -> bool:
    return bool(cards) and any(key in cards for key in _folded(word))


def _readings(word: str, boost: float, asked: str | None = None, cards=(), in_name: bool = False,
              common: bool | None = None, as_name: bool = False, sense: str | None = None,
              foreign_concepts: bool = True) -> list[Reading]:
    """Every way one word may match: per language, by concept, as a card name.

    The language the player asked in (``asked``) weighs a little more: a word is most likely
    meant in the language the rest of the question is in. ``cards`` holds the words of card
    names (folded); ``in_name``: the word stands beside a word only a card's name uses;
    ``common``: whether it is an everyday word of the asked language (:func:`_common_word`),
    worked out here when not given; ``as_name``: the whole question is a card's name;
    ``sense``: the second sense the word has here (:func:`senses`), whose words it is read as
    in the asked language in place of its own group's. ``foreign_concepts``: whether the word is
    read by its concept groups in languages other than the asked one.
    """
    readings = []
    related = thesaurus()
    folded = _folded(word)
    # An everyday word of the asked language (thesaurus ``everyday`` groups: "buddy", "Kumpel")
    # that is also a card's name names the card only in passing: "my buddy is helping me" is
    # about helping, not about the card Mate. The word itself then weighs less than its concept.
    everyday = asked is not None and not in_name and any(f"{EVERYDAY_KEY}:{asked}:{key}" in related and key in cards
                                         for key in folded)
    if common is None:
        common = _common_word(cards, folded, word, asked)
    # a question that is only a card's name asks about the card: its everyday word weighs less
    # than the name, and is not read as its concept. A former Gujarati name "ફેક બિયર્ડ" (Fake
    # Beard) finds the card's rulings, though "ફેક" folds as "ફેંક" (throw) does
    everyday = everyday or (as_name and in_name and common)
    # Gujarati typed in Latin letters ("bhagi na shaku"): a word the Gujarati groups know is
    # Gujarati first; as a word of another language ("na": Dutch after) it weighs less
    romanized = asked == "gu" and word.isascii() and any(f"gu:{key}" in related for key in folded)
    # and the other way round: a Latin word of another language's question ("na", Dutch after) read
    # as Gujarati in Latin letters ("na", not) weighs less there
    latin_as_gujarati = asked is not None and asked != "gu" and word.isascii()
    # a word of the question in the asked language (Dutch "mag": may) is one in every field:
    # the Hungarian "mag" (seed) is not what a Dutch player asks about
    # already prepared for Gujarati (see plan()); Hungarian verbs lose their endings here
    all_stems = {language: word_stems(word, language, language == "gu") for language in LANGUAGES}
    asking = asked in all_stems and any(f"{QUESTION_KEY}:{asked}:{term}" in related for term in all_stems[asked])
    # a word in a second sense may weigh less as itself (thesaurus ``senses``: ``own``)
    own = float(related.get(f"{SENSE_KEY}own:{asked}:{sense}", 1.0)) if sense else 1.0
    for language in LANGUAGES:
        stems = all_stems[language]
        weight = boost * (ASKED_BOOST if language == asked
                          else ROMANIZED_ELSEWHERE if romanized or (latin_as_gujarati and language == "gu") else 1.0)
        if asking or any(f"{QUESTION_KEY}:{language}:{term}" in related for term in stems):
            # a word of the question, not of its subject: no synonyms, and a quarter of the weight
            readings += [Reading(language, term, LANGUAGE_BOOST * weight * QUESTION_WEIGHT) for term in stems]
            # "when can I sell" asks about timing: the group's words, as for a word of the subject
            keys = [key for key in (*folded, *stems) if f"{ASKING_KEY}:{language}:{key}" in related]
            others = {term for key in keys for term in related.get(f"{ASKING_KEY}=:{language}:{key}", "").split()}
            readings += [Reading(language, term, RELATED_BOOST * weight) for term in sorted(others.difference(stems))]
            continue
        itself = own if language == asked else 1.0
        for term in stems:
            readings.append(Reading(language, term, LANGUAGE_BOOST * weight * itself * (EVERYDAY_CARD_WORD if everyday
                                                                                         else 1.0)))
        for term in _without_person_ending(word, language, related):
            if term not in stems:
                readings.append(Reading(language, term, LANGUAGE_BOOST * weight * itself * ENDING_BOOST))
        others = set() if as_name or (not foreign_concepts and asked and language != asked) else {
            term for key in (*folded, *stems) for term in related.get(f"{language}:{key}", "").split()}
        if sense and language == asked:
            others = set(related.get(f"{SENSE_KEY}as:{language}:{sense}", "").split())
        for term in sorted(others.difference(stems)):
            readings.append(Reading(language, term, RELATED_BOOST * weight))
    common = (everyday and not in_name) or (not in_name and common)
    for term in _terms(word_analyzer(), word):
        readings.append(Reading("cardnames", term, (COMMON_CARD_BOOST if common else CARD_BOOST) * boost))
    return readings


def _common_word(cards, folded: set[str], word: str, asked: str | None) -> bool:
    """Is a word of a card's name ("Hand", "Monster", Spanish "Mate") used by the asked
    language's rules as an everyday word, more often than in card names? Then a question using
    it is about the everyday thing, and the card's rulings should not outrank the rule: the
    card reading weighs :data:`COMMON_CARD_BOOST`. A word that is mostly a card's or a class's
    name ("Thief", "Elf") keeps its full weight."""
    usage = getattr(cards, "usage", None)
    if asked is None or usage is None or not any(key in cards for key in folded):
        return False
    stems = word_stems(word, asked, asked == "gu")
    in_rules, in_names = usage(asked, stems, folded)
    if asked == "gu" and word.isascii():
        # a word in Latin letters in a Gujarati question is the English word ("munchkin", "level"),
        # which the Gujarati rules write in Gujarati letters: it is as everyday as in English
        in_rules = max(in_rules, usage("en", word_stems(word, "en"), folded)[0])
    return in_rules >= COMMON_MIN_CLAUSES and in_rules >= COMMON_RATIO * in_names


def _name_only(cards, word: str, asked: str | None) -> bool:
    """Is ``word`` used by card names and by no clause of the asked language?"""
    usage = getattr(cards, "usage", None)
    if asked is None or usage is None:
        return False
    stems = word_stems(word, asked, asked == "gu")
    return usage(asked, stems, _folded(word))[0] == 0


def _without_person_ending(word: str, language: str, table) -> list[str]:
    """The stems of ``word`` less a person ending its language's stemmer keeps ("bezaubert" ->
    "bezauber" -> "bezaub", as "bezaubern" is stemmed): ``verb_endings`` in the thesaurus."""
    for ending in table.get(f"{ENDING_KEY}:{language}", "").split():
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word_stems(word[: -len(ending)], language)
    return ()


def named_games(text: str) -> frozenset[str]:
    """The games a query names ("Star Munchkin laser", "epikus szint", "the munchkin die": a
    component only Epic has) by the thesaurus."""
    table = thesaurus()
    tokens = [token.text for token in word_analyzer()(text)]
    keys = tokens + [_pair_key(first, second) for first, second in zip(tokens, tokens[1:])]
    return frozenset(game for key in keys for game in table.get(f"{GAME_KEY}:{key}", "").split())


#: how many letters of each word a two-word name is known by: its inflected forms meet
#: ("munchkin kockával", "munchkin kocka"; "મંચકીન પાસાના", "મંચકીન પાસો")
PAIR_HEAD, PAIR_HEAD_GUJARATI = 5, 3


def _pair_key(first: str, second: str) -> str:
    def head(word: str) -> str:
        # Gujarati by its searched form: its spelling variants meet (મંચકિન ડાઈ, મંચકીન ડાઇસ)
        return word[:PAIR_HEAD] if word.isascii() else gujarati_form(word)[:PAIR_HEAD_GUJARATI]

    return f"{head(first)} {head(second)}"


def asked_topics(text: str, language: str | None, fixes: dict[str, str] | None = None) -> frozenset[str]:
    """The topics a question asks about by its question word and verb (thesaurus ``asking``):
    "when can I play", "mikor rakhatok le", "ક્યારે રમી શકાય" ask about when a card may be played
    (card-timing); "when does my turn end" asks no topic. A mistyped verb asks as its correction
    (``fixes``: "wann darf ich … einsezten")."""
    if not language:
        return frozenset()
    table = thesaurus()
    typed = [word.lower() for word in _WORDS.findall(unicodedata.normalize("NFC", text))]
    # the question word first, by its plain spelling (a Gujarati one by its searched form: કયારે,
    # ક્યારે): most questions have none, and are done
    # (or as corrected: "miokr" is "mikor")
    asked = {topic for word in (*typed, *(fixes or {}).values())
             for key in ((spelling.fold(word), prepare(word, "gu")) if language == "gu" and not word.isascii()
                         else (spelling.fold(word),))
             for topic in table.get(f"{ASKING_KEY}:{language}:{key}", "").split()}
    # or a phrase of a group whose phrases ask ("was bringt mir", "mit ad", "qué me da")
    # (a Gujarati one by its searched form, as the phrases are kept)
    prepared = prepare(unicodedata.normalize("NFC", text), "gu")
    if any(f"{ASKING_KEY}^:{language}:{spelling.fold(word)}" in table for word in _WORDS.findall(prepared.lower())):
        asked |= {topic for key in _phrase_keys(prepared, language).values()
                  for topic in table.get(f"{ASKING_KEY}:{language}:{key}", "").split()}
    sensed = _senses_typed_or_corrected(typed, fixes, language, _clause_ends(unicodedata.normalize("NFC", text)))
    # a word in a sense that asks about a clause or topic of its own, question word or none
    prior = {topic for sense in sensed.values() for topic in table.get(f"{SENSE_KEY}prior:{language}:{sense}", "").split()}
    if not asked:
        return frozenset(prior)
    # then a word of the groups it goes with, by its stems; split verbs joined ("rakhatok le")
    def along_of(word: str) -> set[str]:
        keys = {spelling.fold(word), *(word_stems(word, language) if language != "gu" else [prepare(word, "gu")])}
        return {topic for key in keys for topic in table.get(f"{ASKING_KEY}+{language}:{key}", "").split()}

    phrase_texts = [unicodedata.normalize("NFC", text)]
    if fixes:
        phrase_texts.append(_corrected(phrase_texts[0], fixes))
    along = {topic for phrase_text in phrase_texts for key in _phrase_keys(phrase_text, language).values()
             for topic in table.get(f"{ASKING_KEY}+{language}:{key}", "").split()}
    joined = _joined_verbs(typed)
    for position, word in enumerate(typed):
        # a verb with its prefix apart is asked as the whole verb where that asks something
        # ("cserélhetem le": lecserél, swapping one's gear; "cserélhetem" alone trades)
        whole = {topic for _, verb in joined.get(position, ()) for topic in along_of(verb)}
        if position in sensed:  # "cuándo puedo cambiarme la armadura" asks no trading question
            whole = whole or set(table.get(f"{SENSE_KEY}topic:{language}:{sensed[position]}", "").split())
            along |= whole
            continue
        along |= whole or along_of(word)
    sensed_words = {fold_word(typed[position]) for position in sensed}
    for typed_word, word in (fixes or {}).items():
        if typed_word not in sensed_words:
            along |= along_of(word)
    return frozenset(asked & along) | prior


def _question_words(text: str) -> list[str]:
    """The question's words as the thesaurus reads them: lower case, Gujarati prepared."""
    return _WORDS.findall(prepare(unicodedata.normalize("NFC", text), "gu").lower())


def title_terms(text: str, language: str) -> frozenset[str] | None:
    """The terms of the one word of ``text`` that is no function word, nor a word of the groups
    a title may be asked with (thesaurus ``title_words``: phase), or None where it has none or
    more than one."""
    table = thesaurus()
    words = [word for word in _question_words(text) if not _function_word(word, language)]
    if len(words) > 1:
        words = [word for word in words if not any(f"{TITLE_WORD_KEY}:{language}:{key}" in table
                                                   for key in _sense_keys(word, language))]
    if len(words) != 1:
        return None
    return frozenset(word_stems(words[0], language, language == "gu"))


def titled(text: str, language: str | None, fixes: dict[str, str] | None = None) -> frozenset[str]:
    """The clauses a question of one word names by their title ("caridad", "la caridad", "fase de
    caridad": the clause titled Caridad, not the end of the turn "tras la Caridad"), or by a
    word of the same concept where none has it for title ("ચેરિટી": દાન). A mistyped word
    names as corrected."""
    if not language or len(text) > TITLE_QUERY_CHARS:
        return frozenset()
    terms = title_terms(text, language)
    if terms is None and fixes:
        terms = title_terms(_corrected(text, fixes), language)
    if not terms:
        return frozenset()
    table = thesaurus()
    found = {clause for term in terms for clause in table.get(f"{TITLE_KEY}:{language}:{term}", "").split()}
    if not found:
        related = {other for term in terms for other in table.get(f"{language}:{term}", "").split()}
        found = {clause for term in related for clause in table.get(f"{TITLE_KEY}:{language}:{term}", "").split()}
    return frozenset(found)


#: the longest question :func:`titled` reads (a title's word with an article and a phase word)
TITLE_QUERY_CHARS = 60


def asks_rule_itself(text: str, language: str | None) -> bool:
    """Does the question ask how a thing works ("wie funktioniert das Bezaubern", "how does the
    Charm work")? It asks for the rule itself: a card it names has its rulings weigh as rulings
    (thesaurus ``rule_itself``: a word of each of its lists). So does a question of a few words
    that only names a thing ("thief backstab", "Super Munchkin"): the thing's rule comes before
    the rulings about it."""
    if not language:
        return False
    words = _question_words(text)
    if 0 < len(words) <= NAMING_WORDS:
        return True
    table = thesaurus()
    parts = set()
    for word in words:
        parts.update(table.get(f"{RULE_ITSELF_KEY}:{language}:{spelling.fold(word)}", "").split())
    return len(parts) >= 2


def topic_priors(weights: list[float], docs) -> list[float]:
    """``weights`` with the clauses of a topic the question asks about (``docs``) weighed
    :data:`TOPIC_PRIOR` more."""
    lifted = list(weights)
    for docnum in docs:
        lifted[docnum] *= TOPIC_PRIOR
    return lifted


def card_priors(weights: list[float], kinds: list[str], docs) -> list[float]:
    """``weights`` with the rulings of a card the question names (``docs``) weighed nearly as
    rules (:data:`NAMED_CARD_PRIOR`): a question that names the card asks for its rulings
    almost as much as for the rule they apply; a rule still wins at an equal match."""
    lifted = list(weights)
    for docnum in docs:
        kind = KIND_PRIORS.get(kinds[docnum], 1.0)
        if kinds[docnum] == "card-ruling":
            lifted[docnum] = weights[docnum] * max(kind, NAMED_CARD_PRIOR) / kind
    return lifted


def priors(kinds: list[str], games: list[str], named: frozenset[str]) -> list[float]:
    """How much each document's score counts, from its kind and its game (:data:`KIND_PRIORS`)."""
    def game_prior(game: str) -> float:
        if named:
            return 1.0 if game in named else OTHER_GAME_PRIOR
        return GAME_PRIORS.get(game, OTHER_GAME_PRIOR)

    return [KIND_PRIORS.get(kind, 1.0) * game_prior(game) for kind, game in zip(kinds, games)]


def corrections(speller, reader, text: str, language: str | None = None) -> dict[str, str]:
    """For each query word the clauses never use, the word the player most likely meant.

    Candidates are the clauses' words (all six languages) one edit away, or one swap of two
    neighbouring letters away ("crads" -> "cards"), from :class:`~referee.search.spelling.Speller`.
    Like any spell checker it prefers the frequent word, and more so one of the asked language,
    and distrusts candidates shorter than what was typed (a dropped letter is the commoner
    typo). Numbers are never "corrected". Each correction is searched as another reading of
    the word the player typed.
    """
    out = {}
    text = english_negations(text, language)
    inflected = _inflected_stemmer(language)
    # the words plan() may keep: no function words, and a bound on how many are looked at
    written_words = [w for w in _WORDS.findall(prepare(text, "gu").lower()) if not _function_word(w, language)]
    for written in written_words[:MAX_CORRECTED]:
        word = spelling.fold(written)
        if word.isdigit():
            continue
        if _question_word(written, language):
            # a question word by its stem only, which no clause writes, may be another word with
            # a doubled letter typed once ("gewonen", stemmed as "gewoon" is, for "gewonnen")
            doubled = None if word in speller else _doubled_slip(word, language)
            if doubled:
                out[word] = doubled
            continue
        if len(word) < 3:
            # a Gujarati stem of two letters with a vowel sign left out ("પસા": પાસા, the dice) is
            # corrected by that sign only; other words this short are left as typed
            if language == "gu" and len(word) == 2 and not word.isascii() and word not in speller:
                found = _matra_edits(word, speller)
                if found:
                    out[word] = max(found, key=lambda c: (speller.frequency(c), c))
            continue
        slipped = _function_word_slipped(word, language)
        if slipped and word in speller and (_in_language(reader, language, written) or _in_groups(language, written)):
            slipped = None  # a word of the asked language as typed ("akar", want, is no "akkor")
        if slipped:
            # "akor" is "akkor" (then), a function word typed short: no other word is meant, and
            # the function word completes a phrase ("no tnego": no tengo, having none)
            out[word] = slipped
            continue
        if word in speller:
            # a word of another language's clauses may still be a typo in the asked one: a short
            # one ("kep" asked in English) for any longer word of the asked language, as short
            # words are where languages collide; a longer one by the commonest slips only, a
            # letter left out ("clases" of an English question is "classes", "stelen" of a German
            # one "stehlen"); any by two letters swapped or a sound spelled another way ("epik":
            # epic). The typed word keeps its readings in its own language.
            long_word = len(word) > SHORT_WORD
            if (not language or _function_word_of(language, written) or _in_language(reader, language, written)
                    or (long_word and language == "gu")
                    or (long_word and _in_groups(language, written))):
                continue  # a player's word of the asked language ("razen", raging) is meant as typed
            sounds = spelling.sound_alike(word, language)
            candidates = [c for c in speller.one_edit(word, language) if not c.isdigit()
                          and ((len(c) > len(word) and (not long_word or len(c) == len(word) + 1))
                               or sorted(c) == sorted(word) or c in sounds)
                          and _in_language(reader, language, c)]
            if candidates:
                out[word] = max(candidates, key=lambda c: (_likelihood(speller, reader, word, c, language), c))
            continue
        if (language and inflected is None and language != "gu" and has_accent(written)
                and _in_language(reader, language, written)):
            # a word written with its accents, another form of a word of the asked language's
            # clauses ("salió": salir), is meant as typed and read by its stem (a word typed
            # without them may be a slip: "renen" is no form of "ren")
            continue
        candidates, ending_edits, surfaces = [], set(), {}
        if inflected is not None:
            # The vocabulary holds this language's words as stems (prepare() stemmed them): a
            # well-spelled inflected word is known by its stem, and a mistyped one is corrected
            # on its stem ("arnayért" -> "arany"), never to a neighbouring inflected form.
            stem = spelling.fold(inflected(written))
            # a stem only another language's clauses use ("hátsom", stemmed "háts", is the
            # English "hats") may be a slip of a word of the asked language: by the commonest
            # slip only: a letter left out ("hátasom"); no sound spelled another way, which makes
            # of one word of another language a word of the asked one's ("hats" as "hacs", of
            # "hacsak": unless), nor a function word's stem ("másra": más, other)
            elsewhere = stem in speller and not (_in_language(reader, language, written) or _in_groups(language, written)
                                                 or _function_word(inflected(written), language))
            if stem in speller and not elsewhere:
                # a letter left out of the ending may leave a shorter stem of another, rarer word
                # ("cseréni", stemmed "cser", is "cserélni": cserél, swapping)
                longer = _longer_stem_slip(written, stem, speller, inflected)
                if longer:
                    out[word] = longer
                continue
            if elsewhere:
                candidates = [c for c in speller.one_edit(stem, language) if not c.isdigit()
                              and len(c) == len(stem) + 1 and _in_language(reader, language, c)]
            elif len(stem) >= 3:
                candidates = [c for c in speller.one_edit(stem, language) if len(c) >= 3 and not c.isdigit()]
            # a letter left out or doubled in an ending changes where the stem ends
            # ("egyszere": "egyszerre", stem "egyszer"): the typed word's edits, stemmed
            start = max(1, len(inflected(written)) - 1)
            # (a letter left out before one mistyped: the likelier slip names the surface)
            for edit in sorted(_ending_edits(written, start) if not elsewhere else (),
                               key=lambda e: (len(e) != len(written) + 1, len(e) != len(written), e)):
                edited = spelling.fold(inflected(edit))
                if len(edited) >= 3 and edited in speller:
                    surfaces.setdefault(edited, edit)
            ending_edits = set(surfaces)
            candidates += sorted(ending_edits)
            # a stem corrected is read as the typed word with its stem corrected: the stem read
            # again would be stemmed again ("megmutat", of "megmutatatom", is no "megmut")
            typed = spelling.fold(written)
            for candidate in candidates:
                if candidate not in surfaces and typed.startswith(stem):
                    surface = candidate + typed[len(stem):]
                    if spelling.fold(inflected(surface)) == candidate:
                        surfaces[candidate] = surface
        against = word
        if candidates:
            against = stem  # candidates are stems: weighed against the typed word's stem
        else:
            candidates = [c for c in speller.one_edit(word, language) if len(c) >= 3 and not c.isdigit()]
            if not candidates and language and language != "gu" and not _in_language(reader, language, written):
                # a letter typed twice leaves a form no clause writes but whose stem the asked
                # language's clauses use ("eintrette": eintrete, eintreten's stem): the form as meant
                ending_edits = {edit for edit in _undoubled_forms(word) if _in_language(reader, language, edit)}
                surfaces = {edit: edit for edit in ending_edits}
                candidates = sorted(ending_edits)
            if language == "gu" and not word.isascii():
                # a vowel sign left out ("રમય": રમાય, is played), which the Gujarati vocabulary
                # holds by its stem (રમ): each such edit stemmed, and weighed as a letter left out
                ending_edits = _matra_edits(word, speller) - set(candidates)
                surfaces = {stem: stem for stem in ending_edits}
                candidates += sorted(ending_edits)
        # a word of the asked language's function words is no correction ("mare" is not the
        # Gujarati "mate", for)
        candidates = [c for c in candidates if not _function_word(c, language)]
        if language == "gu" and word.isascii():
            # Gujarati typed in Latin letters mixes in English words ("levl": level), not Dutch or
            # Hungarian ones ("alag", different, is no Dutch "laag"; "kaik", something, no "akik")
            candidates = [c for c in candidates if _in_language(reader, "en", c) or f"gu:{c}" in thesaurus()]
        if candidates:
            def likelihood(candidate: str) -> float:
                # a stem of the typed word with one slip in its ending is shorter than the typed
                # word's stem where the slip moved the stem's end ("kezmeből": kezemből, kéz):
                # weighed as a letter mistyped, not as a stem cut short
                if candidate in ending_edits and language == "gu":
                    return _likelihood(speller, reader, against, candidate, language, slip=DROPPED_LETTER)
                if candidate in ending_edits and len(candidate) < len(against):
                    return _likelihood(speller, reader, against, candidate, language,
                                       slip=_slip_weight(spelling.fold(written), spelling.fold(surfaces[candidate])))
                return _likelihood(speller, reader, against, candidate, language)
            best = max(candidates, key=lambda c: (likelihood(c), c))
            out[word] = surfaces.get(best, best)
    if "-" in text:
        out.update(_name_pair_slips(text, speller, language, out))
    return out


def _name_pair_slips(text: str, speller, language: str | None, fixes: dict[str, str]) -> dict[str, str]:
    """The words of a hyphenated two-word name of a game or its component ("munchkin-würfel",
    "munchkin-dobbelsteen", "dado-munchkin") typed with a slip that leaves another known word
    ("munchkin-würfle": würfle, I roll), as the name has them: beside the name's other word, the
    word one edit away that makes the name. Only where one word is a name's (by its head)."""
    table = thesaurus()
    out: dict[str, str] = {}
    for match in _HYPHEN_PAIR.finditer(text):
        pair = [spelling.fold(match.group(1).lower()), spelling.fold(match.group(2).lower())]
        pair = [fixes.get(word, word) for word in pair]
        if f"{GAME_KEY}:{_pair_key(*pair)}" in table:
            continue
        for place, other in ((1, 0), (0, 1)):
            typed = pair[place]
            if typed in fixes or typed in out or len(typed) <= SHORT_WORD:
                continue
            if f"{GAME_KEY}{other}:{_pair_key(pair[0], pair[1]).split(' ', 1)[other]}" not in table:
                continue

            def named(candidate: str) -> bool:
                both = [candidate, pair[1]] if place == 0 else [pair[0], candidate]
                return f"{GAME_KEY}:{_pair_key(*both)}" in table

            candidates = [c for c in speller.one_edit(typed, language) if named(c)]
            if candidates:
                out[typed] = max(candidates, key=lambda c: (speller.frequency(c), c))
                break
    return out


#: the letters a Hungarian word may have left out
_HU_LETTERS = "abcdefghijklmnopqrstuvwxyzáéíóöőúüű"
#: how many letters the stemmer must cut from a word whose stem is known for a letter left out
#: of its ending to be looked for, and how much more often the longer stem must be used
LEFT_OUT_CUT, LEFT_OUT_FREQUENCY = 3, 2


def _longer_stem_slip(written: str, stem: str, speller, inflected) -> str | None:
    """``written`` with one letter put back where its stemmer cut it, where that is the
    inflected form of a longer stem beginning with ``stem`` and used at least
    LEFT_OUT_FREQUENCY times as often: the word meant ("cseréni": cserélni, as "cser" is a stem
    of its own). Only words the stemmer cut LEFT_OUT_CUT letters or more from are looked at."""
    typed = spelling.fold(written)
    if len(typed) - len(stem) < LEFT_OUT_CUT or not typed.startswith(stem):
        return None
    least = LEFT_OUT_FREQUENCY * max(1, speller.frequency(stem))
    best, found = None, 0
    for i in range(len(stem) + 1, len(written) + 1):
        for letter in _HU_LETTERS:
            edit = written[:i] + letter + written[i:]
            edited = spelling.fold(inflected(edit))
            if len(edited) > len(stem) and edited.startswith(stem) and edited in speller:
                frequency = speller.frequency(edited)
                if frequency >= least and frequency > found:
                    best, found = edit, frequency
    return best


#: the vowels a Hungarian ending may be mistyped with
_HU_VOWEL_LETTERS = frozenset("aáeéiíoóöőuúüű")
#: how many letters before where the typed word's stem ends a mistyped ending's vowel may stand
VOWEL_REACH = 4


#: the Gujarati vowel signs a typed word may leave out
_GU_VOWEL_SIGNS = "ાિીુૂેૈોૌ"


def _matra_edits(word: str, speller) -> set[str]:
    """The stems of ``word`` (a prepared Gujarati word) with one vowel sign put in after a
    consonant, that the vocabulary holds."""
    out = set()
    for i in range(1, len(word) + 1):
        if not ("\u0a95" <= word[i - 1] <= "\u0ab9"):  # after a consonant only
            continue
        for sign in _GU_VOWEL_SIGNS:
            stem = gujarati_form(word[:i] + sign + word[i:])
            if len(stem) >= 2 and stem != word and stem in speller:
                out.add(stem)
    return out


def _ending_edits(word: str, start: int) -> set[str]:
    """Every string one edit away from ``word`` at or after ``start`` (where its stem ends), with
    the word's own letters and the vowels: an ending is mistyped by a letter doubled, left out,
    swapped or a vowel of the wrong harmony, and each edit is stemmed (the cost of a lookup)."""
    head, tail = word[:start], word[start:]
    letters = "".join(sorted(set(word) | _HU_VOWEL_LETTERS))
    splits = [(tail[:i], tail[i:]) for i in range(len(tail) + 1)]
    edits = {head + a + b[1:] for a, b in splits if b}
    edits |= {head + a + c + b for a, b in splits for c in letters}
    edits |= {head + a + c + b[1:] for a, b in splits if b for c in letters}
    edits |= {head + tail[:i] + tail[i + 1] + tail[i] + tail[i + 2:] for i in range(len(tail) - 1)}
    # the vowel of an ending the stemmer did not cut, as it was mistyped ("elmenekülhitek":
    # -hetek; "cserélhutek"): a wrong vowel a few letters before
    edits |= {word[:i] + vowel + word[i + 1:] for i in range(max(1, start - VOWEL_REACH), start)
              if word[i] in _HU_VOWEL_LETTERS for vowel in _HU_VOWEL_LETTERS}
    edits.discard(word)
    return edits


def _inflected_stemmer(language: str | None):
    """The stemmer that :func:`~referee.search.analysis.prepare` applies to ``language``'s texts
    before their words are counted (Hungarian), or ``None`` where the vocabulary holds words as
    written."""
    if language and search_analysis(language) == "hungarian":
        return hungarian_stem
    return None


@lru_cache(maxsize=None)
def _function_words_of(language: str) -> frozenset[str]:
    """All of the language's stop list (kept words included) and its verb prefixes: words no
    index holds as terms of their own, which are no typos."""
    words = set(function_words(language)) if has_stopwords(language) else set()
    words |= {key.split(":", 1)[1] for key, languages in thesaurus().items()
              if key.startswith(f"{PREFIX_KEY}:") and language in languages.split()}
    return frozenset(words)


def _question_word(word: str, language: str | None) -> bool:
    """Is ``word`` one of the asked language's question words (thesaurus ``questions``), by its
    stems: "kene" is the Hungarian "kéne" (should) typed without its accent, no typo of "kéz"."""
    if not language or language == "gu":
        return False
    table = thesaurus()
    return any(f"{QUESTION_KEY}:{language}:{stem}" in table
               for stem in word_stems(word, language))


@lru_cache(maxsize=None)
def _function_words_slipped(language: str) -> dict[str, str]:
    """The asked language's function words of four letters or more with one letter left out,
    doubled, two letters swapped or a vowel mistyped (accents folded), each to its function
    word: "akor", "akkar" (akkor), "wich" (which), "mikoor", "miokr" (mikor), "vagyko" (vagyok),
    "tnego" (tengo). Not
    those a concept group searches ("geen", not: "gen" is corrected to it as to any word), nor
    those a rule turns on ("bellow" is "below")."""
    table = thesaurus()
    kept = kept_words().get(language, frozenset())
    out: dict[str, str] = {}
    # Gujarati typed in Latin letters has its function words too ("shakkay": shakay, "gyao": gayo)
    words = ROMAN_GUJARATI_STOP if language == "gu" else _function_words_of(language)
    folded_words = {spelling.fold(word) for word in words}  # a function word is no slip of another
    for word in sorted(words):
        folded = spelling.fold(word)
        if len(folded) < 4 or f"{GROUP_WORD_KEY}:{language}:{word}" in table or word in kept:
            continue
        slips = {folded[:i] + folded[i + 1:] for i in range(len(folded))}
        slips |= {folded[:i + 1] + folded[i:] for i in range(1, len(folded))}
        slips |= {folded[:i] + folded[i + 1] + folded[i] + folded[i + 2:] for i in range(1, len(folded) - 1)}
        if language != "gu":  # Gujarati's vowels typed in Latin letters vary too much to tell
            slips |= {folded[:i] + vowel + folded[i + 1:] for i in range(1, len(folded)) if folded[i] in "aeiou"
                      for vowel in "aeiou"}
        for slip in slips - folded_words:
            out.setdefault(slip, word)
    return out


def _function_word_slipped(word: str, language: str | None) -> str | None:
    """The function word ``word`` is, typed with a slip (:func:`_function_words_slipped`), or None."""
    if not language or (language == "gu" and not word.isascii()):
        return None
    return _function_words_slipped(language).get(word)


def _function_word_of(language: str, word: str) -> bool:
    return word in _function_words_of(language)


def _in_language(reader, language: str, word: str) -> bool:
    """Do the asked language's clauses use ``word`` (by its stems in that language)?"""
    stems = word_stems(word, language, language == "gu")
    return bool(stems) and all((language, stem) in reader for stem in stems)


def _in_groups(language: str, word: str) -> bool:
    """Is ``word`` a word of the asked language's concept groups (locales/thesaurus.yaml), by its
    stems: the players' own words, which the rules may never use?"""
    table = thesaurus()
    return any(f"{language}:{stem}" in table for stem in word_stems(word, language))


def _slip_weight(typed: str, edited: str) -> float:
    """How likely one edit of a typed word is that leaves a shorter stem, by its kind (as
    :func:`_likelihood` weighs a candidate): a letter left out, two swapped or one typed twice,
    and not another letter mistyped."""
    if len(edited) > len(typed):
        return DROPPED_LETTER
    if len(edited) < len(typed):
        return SWAPPED_LETTERS if _undoubled(typed, edited) else 0.3
    # a letter mistyped that cuts the stem short ("harcs" as "harca": harc) is no likelier than
    # the stem cut short itself
    return SWAPPED_LETTERS if sorted(edited) == sorted(typed) else 0.3


def _doubled_slip(word: str, language: str) -> str | None:
    """``word`` with one of its letters doubled, where that is a word of the asked language's
    concept groups and no question word: the word meant where a doubled letter was typed once."""
    for i in range(len(word)):
        candidate = word[:i + 1] + word[i:]
        if word[i].isalpha() and not _question_word(candidate, language) and _in_groups(language, candidate):
            return candidate
    return None


def _undoubled_forms(word: str) -> set[str]:
    """``word`` with one letter of a doubled pair left out, each way it has one."""
    return {word[:i] + word[i + 1:] for i in range(1, len(word)) if word[i] == word[i - 1] and word[i].isalpha()}


def _undoubled(typed: str, candidate: str) -> bool:
    """Is ``candidate`` ``typed`` with one letter of a doubled pair left out?"""
    return len(candidate) == len(typed) - 1 and any(
        typed[i] == typed[i - 1] and typed[:i] + typed[i + 1:] == candidate for i in range(1, len(typed)))


def _likelihood(speller, reader, typed: str, candidate: str, language: str | None, slip: float | None = None) -> float:
    """How likely the player meant ``candidate``: a frequent word (by the log of its count over
    all clauses: a word of every German sentence is not a thousand times likelier than a rare
    one), a sound spelled another way ("vardo": bardo), a swap of two letters or a dropped
    letter before an added one, one of the asked language's clauses. ``slip``: the weight of the
    kind of typo, where the caller knows it."""
    score = log1p(speller.frequency(candidate))
    if slip is not None:  # the kind of slip is known already
        score *= slip
    elif candidate in spelling.sound_alike(typed, language):
        score *= SOUND_ALIKE
    elif len(candidate) < len(typed):
        # a letter typed twice ("néézni", "useed") is as common a slip as two letters swapped;
        # another letter too many is rare, and a shorter word most often another word
        score *= SWAPPED_LETTERS if _undoubled(typed, candidate) else 0.3
    elif len(candidate) > len(typed):
        score *= DROPPED_LETTER
    elif sorted(candidate) == sorted(typed):
        score *= SWAPPED_LETTERS
    if language:
        stems = _terms(language_analyzer(language), candidate)  # vocabulary words are prepared
        # a word of the asked language's clauses, or of its concept groups: the players' own
        # words ("arranca": who starts) are words of the language the rules never use
        if stems and ((language, stems[0]) in reader or f"{language}:{stems[0]}" in thesaurus()):
            score *= ASKED_LANGUAGE_FACTOR
    return score


def filter_query(filters: dict[str, str]):
    """A whoosh query selecting the clauses the filters allow (``None`` when there are none)."""

    clauses = []
    for name, value in filters.items():
        if name == "topic":
            clauses.append(q.Term("topics", value))
        elif name in ("game", "kind", "id"):
            clauses.append(q.Term(name, value))
    return q.And(clauses) if clauses else None
