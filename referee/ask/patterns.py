"""Each language's words for asking: ``locales/<lang>/ask.yaml``, read once and compiled.

A phrase is written as a player says it, with slots (``{p}`` a player, ``{n}`` a number),
``word*`` for a word and its endings (``*hat`` for the end of a word), ``[a b]`` for words
that may be left out, ``(a|b)`` for alternatives and ``…`` for any words between (within one
part of the sentence: commas part it). Phrases are folded like card names (:func:`referee.corpus.cards.fold`) and
matched on the folded words of the text, so accents and case never matter.

Home Assistant's ``hassil`` matches whole sentences against templates of the same kind; a
table question combines its pieces (a monster, a helper, a bonus, a player's description) in
any order, which whole-sentence templates can only follow by listing every order. Here each
phrase finds one piece wherever it stands.
"""

from __future__ import annotations

import pickle
import re
import sys
import zlib
from functools import lru_cache
from pathlib import Path

from referee.ask.text import ARROW, spelled, tokens
from referee.ask.wordset import WordSet
from referee.cache import cache_dir, read_entry, remove_stale, touch, write_checked
from referee.corpus.cards import fold as fold_name
from referee.data import locales_dir
from referee.keptre import ENGINE, ProgramFile, compiled, program, write_kept
from referee.records import Record


def fold(text: str) -> str:
    """Folded as a card name, apostrophes dropped first ("I'm" is "im", "Bob's" "bobs")."""
    return spelled(fold_name(text.replace("'", "").replace("’", "")))

#: the sound code, which builds the words of a language typed in Latin letters (its file: importing
#: it costs a question that needs no such words)
ROMANIZED = Path(__file__).parent.parent / "i18n" / "romanized.py"
#: the shape of the kept words: a change here makes the cache read them again
VERSION = 154
SLOTS = {"p": r"(?P<p{i}>[^\s,;.!?()]+)", "n": r"(?P<n{i}>[+-]?\d+)"}


class Phrase:
    """A phrase and its regular expression, compiled the first time it is matched: a question
    reads a few of a language's phrases, and compiling them all costs more than judging. It
    compiles from its kept program (:class:`Programs`) where its language has one."""

    __slots__ = ("text", "source", "words", "plain", "anchor", "programs", "index", "_regex")

    def __init__(self, text: str, source: str, words: int, plain: str | None = None, anchor: str = ""):
        self.text, self.source, self.words, self.plain, self.anchor = text, source, words, plain, anchor
        self.programs, self.index, self._regex = None, -1, None

    def __getstate__(self):
        return (self.text, self.source, self.words, self.plain, self.anchor, self.programs, self.index)

    def __setstate__(self, state):
        self.text, self.source, self.words, self.plain, self.anchor, self.programs, self.index = state
        self._regex = None

    def finditer(self, text: str):
        """Each match in the text; none without compiling when a word it needs is not there."""
        if self.anchor and self.anchor not in text:
            return iter(())
        return self.regex.finditer(text)

    def found_in(self, text: str) -> bool:
        """Whether the phrase is in the text (`` a b c ``): plain words need no expression."""
        if self.plain is not None:
            return self.plain in text
        if self.anchor and self.anchor not in text:
            return False
        return self.regex.search(text) is not None

    @property
    def regex(self) -> re.Pattern:
        if self._regex is None:
            kept = self.programs.get(self.index) if self.programs is not None else None
            self._regex = compiled(self.source, kept)
        return self._regex


class PhraseList:
    """One list of a language's phrases (``lists["helper"]``, ``kinds["combat"]``, …): a
    sequence of :class:`Phrase`, longest first where the list is read so.

    A question is read against all of a language's 1,000–1,500 phrases, and English's too, but
    matches a few dozen: a phrase that can match has its anchor in the text. So the user cache
    keeps, in a language's words, only each list's anchors; its phrases — text, expression,
    program — are read from the language's kept file (:class:`Programs`) the first time the list
    is used. Unpickling every phrase cost a whole-process ``ask`` 1.7 ms and 180 page faults of
    its 2 ms reading the words (measured on this machine, Python 3.11); a question now reads 20
    to 40 lists."""

    __slots__ = ("anchors", "kept", "number", "_phrases", "_kept_phrases", "_made")

    def __init__(self, phrases: list):
        self.anchors = tuple(phrase.anchor for phrase in phrases)
        self.kept, self.number, self._phrases = None, -1, list(phrases)
        self._kept_phrases = self._made = None

    def __getstate__(self):
        # where the list's phrases are kept, only the anchors; else the phrases themselves
        if self.kept is not None:
            return (self.anchors, self.kept, self.number)
        return (self.anchors, None, -1, self._phrases)

    def __setstate__(self, state):
        self.anchors, self.kept, self.number = state[:3]
        self._phrases = state[3] if len(state) > 3 else None
        self._kept_phrases = self._made = None

    def _phrase(self, index: int) -> Phrase:
        """The phrase at ``index``, made from the kept list the first time it is asked for."""
        if self._phrases is not None:
            return self._phrases[index]
        if self._made is None:
            self._kept_phrases, self._made = self.kept.phrases(self.number, self.anchors), [None] * len(self.anchors)
        made = self._made[index]
        if made is None:
            made = self._made[index] = self._kept_phrases(index)
        return made

    @property
    def phrases(self) -> list:
        if self._phrases is None:
            self._phrases = [self._phrase(i) for i in range(len(self.anchors))]
        return self._phrases

    def matching(self, text: str) -> list:
        """The phrases that can match ``text``: those with no anchor or whose anchor is in it
        (made only for those)."""
        return [self._phrase(i) for i, anchor in enumerate(self.anchors) if not anchor or anchor in text]

    def __iter__(self):
        return iter(self.phrases)

    def __len__(self) -> int:
        return len(self.anchors)

    def __getitem__(self, index):
        return self.phrases[index]

    def __add__(self, other) -> list:
        return [*self.phrases, *other]

    def __radd__(self, other) -> list:
        return [*other, *self.phrases]

    def __repr__(self) -> str:
        return f"PhraseList({self.phrases!r})"


class Programs:
    """The kept phrases of one language, in the user cache beside its words: each phrase
    list's phrases (:class:`PhraseList`, by its ``number``) and each phrase's compiled program
    (:mod:`referee.keptre`, by the phrase's ``index``), read one by one where they lie in one
    file. All its lists and phrases share one holder, which pickles as the file's name and the
    count of lists: a question compiles 25–40 phrases (9 M instructions), and a holder of every
    program would cost most of that to unpickle."""

    __slots__ = ("name", "lists", "_file")

    def __init__(self, name: str):
        self.name, self.lists, self._file = name, 0, None

    def __getstate__(self):
        return (self.name, self.lists)

    def __setstate__(self, state):
        (self.name, self.lists), self._file = state, None

    def get(self, index: int):
        """What is kept at ``index`` (``None``: missing or damaged)."""
        if self._file is None:
            path = cache_dir() / f"ask-{self.name}.programs"
            self._file = ProgramFile(path)
            touch(path)  # in use: not swept as stale (remove_stale)
        return self._file.get(index)

    def phrases(self, number: int, anchors: tuple):
        """A maker of list ``number``'s phrases (its index -> the phrase), from the kept list;
        from the list built again from the files where the kept one is missing or damaged
        (never a list misread)."""
        kept = self.get(number) if 0 <= number < self.lists else None
        try:
            first, details = kept
            start = self.lists + first
            # (each list behind a checksum, under the key of the code that wrote it: one read
            # back whole is one of the shape written)
            if len(details) != len(anchors):
                raise ValueError
        except (TypeError, ValueError):
            # lazy: the lists as built from the ask.yaml files, 60 ms to import yaml alone, paid
            # only when the kept file is damaged
            built = every_language()[self.name.rsplit("-", 1)[1]]
            return _lists_of(built)[number].__getitem__

        def make(index: int) -> Phrase:
            phrase = Phrase(*details[index], anchors[index])
            phrase.programs, phrase.index = self, start + index
            return phrase
        return make

    def write(self, language: "Words") -> None:
        """Number ``language``'s phrase lists and phrases and keep them, with the phrases'
        programs, under this holder's name; a list keeps its phrases in the words where they
        cannot be kept."""
        lists = _lists_of(language)
        details, first = [], 0
        for phrases in lists:
            details.append((first, tuple((p.text, p.source, p.words, p.plain) for p in phrases)))
            first += len(phrases)
        sources = [phrase.source for phrases in lists for phrase in phrases]
        try:
            write_kept(cache_dir() / f"ask-{self.name}.programs", details + [program(s) for s in sources])
        except (OSError, ValueError):
            return  # an unwritable cache only costs speed
        self.lists = len(lists)
        index = self.lists
        for number, phrases in enumerate(lists):
            phrases.kept, phrases.number = self, number
            for phrase in phrases:
                phrase.programs, phrase.index = self, index
                index += 1


def _compile(phrase: str, clitics: tuple = ((), ())) -> Phrase:
    """A phrase as a regular expression over the text's folded words, each written with the
    space before it (the text is matched as `` word word … ``), so a word left out leaves no
    space behind. ``clitics``: the endings of the verb forms that take a pronoun written on
    (Spanish "-ar", "-ndo") and those pronouns ("le", "melo"): a phrase's verb in such a form
    is read with one written on too ("huir" in "huirle", "escapar" in "escaparle"), so what
    the verb means decides what the text asks, with or without its pronoun."""
    hosts, pronouns = clitics
    written_on = "(?:" + "|".join(re.escape(p) for p in sorted(pronouns, key=len, reverse=True)) + ")?" if pronouns else ""
    out, count, slot, depth, anchor, choice, onto = [], 0, 0, 0, "", False, False
    for token in re.findall(r"\+?\{[pn]\}|\[|\]|\(|\)|\||[^\s\[\]()|]+", phrase):
        if token == "…":  # any words between, within one part of the sentence
            out.append(r"(?: [^\s,;.!?]+)*?")
        elif token in ("[", "("):
            out.append("(?:")
            depth += 1
        elif token == "]":
            out.append(")?")
            depth -= 1
        elif token in (")", "|"):
            out.append(token)
            depth -= token == ")"
            choice = choice or (token == "|" and depth == 0)  # "a b|c d": no one word is in every match
        elif token == "+{n}":
            out.append(" " + r"(?P<n{i}>\+\d+)".format(i=slot))
            slot += 1
            count += 1
        elif token in ("{p}", "{n}"):
            out.append(" " + SLOTS[token[1]].format(i=slot))
            slot += 1
            count += 1
        else:
            star = token.endswith("*")
            ending = token.startswith("*")  # the end of a word: Hungarian "*hat" (may …)
            plus = token.startswith("+")
            # a mark that parts a sentence is a word of the text (",", ".") and of the phrase alike
            # ("a Go Up a Level in hand. can I play it?": the card said in the sentence before)
            # (and an arrow, "-> lvl {n}": a word of the text, see referee.ask.text.ARROWS)
            # (and the Spanish opening "¿", a word of its own: "… mi espada. ¿vale?")
            # (and "?" said alone: "Bob will help me, right? is that allowed?" asks twice)
            word = token if token in (",", ";", ":", ".", "?", "¿", "¡", ARROW, ">") else " ".join(fold(token.strip("*")).split())
            body = (r"\+" if plus else "") + re.escape(word).replace(r"\ ", " ")
            verb = (written_on and not star and not ending and not plus and " " not in word and len(word) >= 4
                    and word.endswith(hosts))
            onto = onto or bool(verb)
            out.append(" " + (r"\S+" if ending else "") + body + (r"\S*" if star else written_on if verb else ""))
            count += 1
            if depth == 0 and word and not plus and len(word) > len(anchor):
                anchor = ("" if ending else " ") + word + ("" if star or verb else " ")
    simple = not re.search(r"[{}\[\]()|*…]", phrase) and not onto
    plain = " " + " ".join(fold(phrase).split()) + " " if simple and not phrase.startswith("+") else None
    return Phrase(phrase, "".join(out) + "(?= )", count, plain, "" if choice else anchor)


class Words(Record):
    lang: str
    me: frozenset
    numbers: dict
    level: frozenset
    ignore: frozenset    # little words skipped between a level and whom it is about
    monster_words: frozenset
    sex: dict            # folded word -> male/female
    personas: dict       # folded word -> (race|class, code), beside the cards' names
    lists: dict          # name -> PhraseList (of Phrase)
    kinds: dict          # kind -> PhraseList
    actions: dict        # action -> PhraseList
    sources: dict        # source -> PhraseList
    suffixes: tuple      # endings a number may carry ("8-as")
    signs: dict          # folded word -> +1 or -1: "plus twee" is +2, "minus three" is -3
    sign_heard: dict     # folded word -> number, after a sign only: "plus for" dictated is +4
    known: frozenset     # every word the phrases use: never a monster's name
    articles: frozenset  # "a", "een", "egy": a level after one is the level of what follows
    after_first: bool    # a level is said before what it is the level of ("લેવલ ૧૦ ના ટ્રોલ")
    nouns_capitalised: bool  # German: a capital word is a name only where a level follows it
    bare_level: bool     # a number before a word is a level (Hungarian "9-es harcos")
    pronouns: frozenset  # "he", "ő", "એ": one person named elsewhere in the text
    endings: tuple       # endings a name, a card or an item may carry ("bobnak", "deenél", "સિડને")
    object_endings: tuple  # endings that make a name the object, not the subject ("bobnak")
    object_after: frozenset  # words after a name that make it the object ("Ann ને")
    objects: frozenset   # "me", "mich", "મને": a person as whom something is done to
    object_before: frozenset  # words before a name that make it the object ("ayuda a Dee")
    generic: frozenset   # "you", "man", "se": anyone, not a player at the table
    clauses: frozenset   # words that start another clause ("and", "but"): a verb's subject stands after them
    together: frozenset  # words that put two people on one side ("me and Cid")
    items: dict          # folded word -> what the item is ("sword"): a table's items by any name
    games: dict          # game -> PhraseList: "epic game", "star munchkin"
    stop: frozenset      # the words never a monster's name ("on", "with", "from"): no word of helping either
    valued: tuple = ()   # endings of a number said as a value, not a count (Hungarian "ötös": a five)
    steeds: frozenset = frozenset()     # words for a steed ("steed", "horse", "schildkröte")
    hirelings: frozenset = frozenset()  # words for a hireling ("hireling", "henchman")
    big: frozenset = frozenset()  # words that say an item is Big ("big", "grande", "groß", "મોટી")
    my: frozenset = frozenset()   # "my" before what is the asker's ("my level 12 troll")
    theirs: frozenset = frozenset()  # "his", "seine", "એનો": what is someone else's, one named elsewhere
    says: frozenset = frozenset()  # words beside a card's quoted text ("steht", "says"): its words, not the table's
    #: words that ask how much of an adjective ("how high", "hoe hoog", "wie hoch"): a monster
    #: enhancer's name right after one is the adjective, not the card
    degree: frozenset = frozenset()
    ordinal_dot: bool = False     # an ordinal is written with a dot ("6. szinten", "5. Stufe")
    #: the words for a hundred and a thousand, longest first: the joints of a number written as
    #: one word ("ezerkétszáz", "zwölfhundert", "બારસો"), which :func:`text.tokens` parts at them
    bases: tuple = ()
    level_numbers: dict = {}      # number words read as numbers only after a word for level ("level elf": 11)
    roll_numbers: dict = {}       # words that sound as a number, read so only after a roll ("rolled a for": 4)
    rolled: frozenset = frozenset()  # the verbs of rolling those words follow ("rolled", "roll")
    level_at: frozenset = frozenset()  # words before a level that say one stands at it ("auf Stufe 9")
    name_articles: frozenset = frozenset()  # articles said before a name ("die Dee", "dem Bob"): not words of it
    enhancer_words: dict = {}  # folded word -> an enhancer's English name, folded ("woedend" -> "enraged")
    owner_before: frozenset = frozenset()  # words between an item's owner and it ("bob z'n hamer")
    #: words that open a clause whose verb comes last ("als", "wenn"): two names before its
    #: verb are its subject and its object ("als Bob Ann helpt": Bob helps)
    verb_last: frozenset = frozenset()
    owner_after: frozenset = frozenset()   # words between an item and its owner ("hamer van bob")
    #: the folded words of the phrases that say who helps, who plays a card and who fights:
    #: what tells a word of helping (:func:`referee.ask.reading._help_words`), folded once here
    phrase_words: dict = {}
    #: folded word -> the English name of a monster no card names, where the language spells it
    #: otherwise ("trol" is a Troll): one name for one monster, however it is typed
    monster_names: dict = {}
    #: folded word -> the English name of a steed or hireling card, as the language's players
    #: call it where its catalog keeps the English name, or in a form no ending makes
    #: ("schildpad", "કાચબા"): the card, with what it prints
    companion_names: dict = {}
    #: folded words -> the English name of a curse or trap card, as the language's players say
    #: it in their own words ("trampa de cambio de sexo", "sex change trap"): that card
    curse_names: dict = {}
    #: folded short name -> an item card's English name, as the language's players say it
    #: ("Leiter", the Stepladder; "Espada Cantarina"), read as the card where no bonus is beside it
    item_names: dict = {}
    #: folded word -> the folded English word of a card's name, where the language's catalog
    #: keeps the English name and its players say a word of it in their own ("plutonium draak"
    #: is the Plutonium Dragon): a name said so, read word for word, is that card
    name_words: dict = {}
    #: a bonus is said before what it is the bonus of ("+૨ વાળો ઘોડો", a +2 horse): of two
    #: bonuses as near, the one before a steed or hireling is its own
    bonus_before: bool = False
    #: words right before what one runs away from ("from", "vor", "voor"): a race said after
    #: them, in a flight, is the monster fled from, not the one fleeing
    fled_from: frozenset = frozenset()
    #: words right after what one runs away from, where the language says it after (Gujarati
    #: "થી"): a level with an article before one is a monster no name is given
    fled_after: frozenset = frozenset()
    #: words for all of them ("both", "allebei", "beide"): said before a word for Big, every
    #: item named is Big ("a +2 ladder and a +3 ram, both big")
    all_of: frozenset = frozenset()
    #: words that deny the race or class right after them ("he's not even a thief", "keine
    #: Diebin"), and where the language says it after ("ચોર નથી"): no description of anyone
    denied: frozenset = frozenset()
    denied_after: frozenset = frozenset()
    #: the third person of being where the language says no pronoun ("solo es enano"): a part
    #: that starts with it describes someone other than the asker, as "he's just a dwarf" does
    third_being: frozenset = frozenset()
    #: words a part after a comma opens with where its subject is left out: verbs of the third
    #: person ("Lucía es nivel 6, vende su …", "Bence 4-es szintű, eladja …"), Gujarati's "own"
    #: ("નેહા લેવલ ૫ ની છે, પોતાનું … વેચે છે"): it goes on about the one the part before opens
    #: with (a form the first person shares is none of them)
    left_out: frozenset = frozenset()
    #: the relative pronouns that start a part describing the one named just before it
    #: ("Jens helpt, die is level vier", "me ayuda Paz, que es nivel 4")
    relatives: frozenset = frozenset()
    #: words of tense or aspect that stand between a subject and its verb ("cid is jumping in",
    #: "bob has joined in", "Cid ist eingesprungen"): a phrase that starts with the one who does
    #: it reads the person before them
    before_verb: frozenset = frozenset()
    #: regional and spoken spellings of the language's small words -> the word as its phrases
    #: write it (Flemish "da" is "dat", "nie" "niet"; German "ned" is "nicht"): read as that word,
    #: so "mag da allemaal?" asks what "mag dat allemaal?" asks, and "helpt nie" denies help
    spellings: dict = {}
    #: what a player says before the question and is no part of it ("quick one:", "kurze
    #: Frage:"), each as the text's words read it: left off the start of the text
    openers: tuple = ()
    #: a polite frame around a question ("would you kindly tell me", "zou u mij kunnen
    #: vertellen"), each as the text's words read it, longest first: no part of the situation
    #: wherever a sentence opens with it (its "me" is no player); ``whether`` the words that may
    #: follow it ("whether", "of", "ob"), and ``fronted`` the verbs of leave that then go first
    #: ("whether Cid may help" asks "may Cid help")
    polite: tuple = ()
    whether: frozenset = frozenset()
    fronted: frozenset = frozenset()
    #: sounds of hesitation speech-to-text writes down ("um", "ehm", "ööö", "અં"): no word of
    #: the question anywhere in it, never a name
    hesitations: frozenset = frozenset()
    #: words after a bonus that hedge it ("+5 or something", "+5 oder so"), each as the text's
    #: words read them: the bonus said is the bonus, the hedge no word of the question
    hedges: tuple = ()
    #: words that take back a number just said ("6, no sorry, a 5", "13, nee 12"), each as the
    #: text's words read them, and the small words that may stand between them and the number
    #: said instead ("it's a", "era"): the number said after is the one meant
    corrections: tuple = ()
    restating: frozenset = frozenset()
    #: the words that report a claim ("says", "szerint") and those that ask whether it holds
    #: ("is she right", "klopt dat"), each as the text's words read them: a level said in a
    #: claim disputed so is no one's level, and the dispute is no word of the question
    claims: tuple = ()
    disputed: tuple = ()
    #: the words for how many hands an item takes ("zweihändig", "two-handed": its folded
    #: words as the text reads them, "2 handed") -> the slot ("two-hands", "one-hand")
    hands: dict = {}
    #: an article written onto a name ("d'Resi"): the name is what follows it
    elided_articles: tuple = ()
    #: the language typed in Latin letters (Gujarati: "hu level 5 chu"): folded Latin spelling ->
    #: the word in the language's script, as its players text the words their sounds cannot tell
    #: ("ne" is ને, "ane" અને), and skeleton -> the one word of this file with those sounds
    #: (:func:`referee.i18n.romanized.one_sound_table`); empty where the language is not so typed
    texted: dict = {}
    sounds: dict = {}
    #: the words of ``sounds`` the language took from English ("મોન્સ્ટર")
    loans: frozenset = frozenset()


LISTS = ("direct_speech", "helper", "fighter", "fleeing", "plus", "monster_plus", "gear", "no_gear", "hand", "gold", "in_combat", "discard", "effect",
         "lose", "changes", "roll", "goal", "first_person", "i_fight", "card_player", "may_help", "thrown", "appears",
         "monster_level", "will_help", "called_helper", "chosen_helper", "person_level", "one_shots", "one_shot", "robbed",
         "monster_is", "may_do", "being", "both",
         "monster_count", "run_modifier", "subject_fights", "relative_fights", "subject_dies", "killed_by", "subject_sells",
         "total", "total_both", "against", "we", "half_breed", "super_munchkin", "help_me", "help_if", "promised", "played_on", "oneself", "one_card", "outcome", "price", "things", "kin", "no_discard", "opinion", "mine", "no_help", "kill", "now", "discard_other", "from_to", "roll_one", "from_hand", "likewise", "mine_endings", "no_fight", "on_myself", "in_play", "partner", "trade_partner", "powers",
         "how_works", "step_run", "step_help", "step_sell", "step_death", "step_charity", "die_cost", "other_player", "own_total", "as_it_lies", "deck_out", "turn_of", "each_counted", "persona_card", "card_held", "one_shot_play", "item_play", "fleeing_now",
         "level_verb", "aftermath", "judged_only", "die_sides", "not_turn", "claimed_win", "example", "means", "i_am", "wish",
         "still_win", "card_help", "either_bonus", "no_need", "name_cases", "item_endings", "former", "undone", "unknown_act", "sacrificed",
         "anyone_trade", "own_moment", "kill_done", "gold_rest")


def words(lang: str) -> Words:
    """The words of ``lang`` (a language without an ask.yaml has none: only card names)."""
    return _kept("words", lang)


def vocabulary(lang: str) -> WordSet:
    """Every word ``lang``'s phrases, fillers, "me" and level words use: what tells a text's
    language (:func:`referee.ask.language_of`) with no need of its phrases."""
    return _kept("vocabulary", "all").get(lang) or WordSet()


def texted() -> dict:
    """lang -> its Latin spellings, for each language its players type in Latin letters: what
    tells such a text's language, with no need of its phrases."""
    return _kept("texted", "all")


def sounds(lang: str) -> tuple:
    """``lang``'s words by their sounds, and those of them it took from English (see
    :attr:`Words.sounds`), kept apart: only a text with a word of ``lang`` as typed reads them."""
    return _kept("sounds", "all").get(lang, ({}, frozenset()))


def item_words() -> dict:
    """Every language's words for the things items are, folded: "kard", "zwaard", "તલવાર" are
    each "sword", so a table's item called "Sword" is named in any of them."""
    return _kept("items", "all")


def _vocabulary(language: Words) -> frozenset:
    return language.known | language.ignore | language.me | language.level


def _items(every: dict) -> dict:
    out: dict = {}
    for built in every.values():
        for word, concept in built.items.items():
            out.setdefault(word, concept)
    return out


#: the fields of :class:`Words` that hold phrase lists (name -> :class:`PhraseList`)
GROUPS = ("lists", "kinds", "actions", "sources", "games")


def _lists_of(language: Words) -> list:
    """Every phrase list of ``language``, in the order :class:`Programs` numbers them."""
    return [phrases for group in GROUPS for phrases in getattr(language, group).values()]


def _phrases_of(language: Words) -> list:
    return [phrase for phrases in _lists_of(language) for phrase in phrases]


def _listed(language: Words) -> Words:
    """``language`` with each list of phrases a :class:`PhraseList`."""
    return language._replace(**{group: {key: PhraseList(phrases) for key, phrases in getattr(language, group).items()}
                                for group in GROUPS})


#: the parts of the built words kept apart in the user cache, each from every language's words:
#: a question needs the words of its own language and English, and every language's vocabulary;
#: unpickling all six languages' phrases cost a whole-process ``ask`` 40 M instructions
PARTS = {"words": lambda every, lang: every[lang],
         # what tells a text typed in Latin letters (:func:`referee.ask.texted.texted_words`)
         "texted": lambda every, _all: {lang: words.texted for lang, words in every.items() if words.texted},
         "sounds": lambda every, _all: {lang: (words.sounds, words.loans) for lang, words in every.items() if words.texted},
         "vocabulary": lambda every, _all: {lang: WordSet(_vocabulary(words)) for lang, words in every.items()},
         "items": lambda every, _all: _items(every)}


@lru_cache(maxsize=None)
def _kept(part: str, lang: str):
    """One part of the built words, from the user cache while the files are unchanged; built
    with all the others when it is missing there."""
    key = _key()
    value = _read(f"{key}-{part}-{lang}") if key else None
    return PARTS[part](every_language(), lang) if value is None else value


@lru_cache(maxsize=1)
def every_language() -> dict:
    """Every language's words, built from the files and kept in the user cache by their
    identity, part by part (:func:`_kept`): reading and folding six files of phrases costs a
    question ten times what answering it does."""
    # lazy: LANGUAGES is read from locales/ when first asked for, not when this module loads
    from referee.i18n.languages import LANGUAGES

    key = _key()
    english = _listed(_built("en"))
    built = {lang: english if lang == "en" else _listed(_built(lang, english.numbers)) for lang in LANGUAGES}
    if key:
        for lang, language in built.items():
            if ENGINE is not None:  # the phrases first: the words pickle where they are kept
                Programs(f"{key}-programs-{lang}").write(language)
            _write(f"{key}-words-{lang}", language)
        for part in ("vocabulary", "items", "texted", "sounds"):
            _write(f"{key}-{part}-all", PARTS[part](built, "all"))
        # each edit of an ask.yaml (and each upgrade) keys a new build of about 6 MB: the builds
        # no install has read for a month go now
        remove_stale(cache_dir(), keep=f"ask-{key}-")
    return built


@lru_cache(maxsize=1)
def _key():
    # the ask.yaml of each language the words are built for (looked for by name: a glob of the
    # locales cost every question 0.2 ms); this module's own stamp too: the words are built by
    # its code, and a change to how they are built (a new phrase list) with no change to any
    # ask.yaml must not read the old build; and the sound code's, which builds the words by
    # their sounds
    # lazy: LANGUAGES is read from locales/ when first asked for, not when this module loads
    from referee.i18n.languages import LANGUAGES

    root = locales_dir()
    try:
        stats = []
        for path in [*(root / lang / "ask.yaml" for lang in LANGUAGES), Path(__file__), ROMANIZED]:
            try:
                found = path.stat()
            except FileNotFoundError:
                continue  # a language with no words for asking: only card names
            stats.append((str(path), found.st_size, found.st_mtime_ns))
    except OSError:
        return None
    # the interpreter too: a pickle's protocol and a compiled program's codes are its own; and the
    # machine's byte order, in which the vocabularies' hashes are kept (referee.ask.wordset)
    text = repr((stats, VERSION, sys.implementation.cache_tag, ENGINE, sys.byteorder)).encode()
    return f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}"


def _read(name: str):
    # behind a checksum: a damaged file is a miss, never words (or a compiled program) misread
    data = read_entry(cache_dir() / f"ask-{name}.pickle")
    if data is None:
        return None
    try:
        return pickle.loads(data)
    except (EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
        return None


def _write(name: str, value) -> None:
    try:
        write_checked(cache_dir() / f"ask-{name}.pickle", pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except OSError:
        pass  # an unwritable cache only costs speed


def _said(value: str, numbers: dict) -> tuple:
    """A phrase as the text's words read it ("two-handed" is ``("2", "handed")``), its last
    word's ending left open where it ends in ``*`` ("zweihändig*")."""
    keys = [t.key for t in tokens(value.rstrip("*"), numbers)]
    if value.endswith("*") and keys:
        keys[-1] += "*"
    return tuple(keys)


def _with_borrowed(data: dict) -> dict:
    """``data`` with its ``borrowed`` block added to the lists and tables it names: the English
    card and act words its players say inside their own sentences, with their own endings
    ("met Cid traden", "hacer backstab a Bob"), kept apart so they read as one block."""
    borrowed = data.get("borrowed") or {}
    out = dict(data)
    for key, value in borrowed.items():
        if isinstance(value, dict):  # a table: "actions", "kinds" (key -> phrases)
            table = out[key] = dict(out.get(key) or {})
            for name, phrases in value.items():
                table[name] = [*(table.get(name) or ()), *(phrases or ())]
        else:  # a list of phrases: "trade_partner"
            out[key] = [*(out.get(key) or ()), *(value or ())]
    return out


def _built(lang: str, english_numbers: dict | None = None) -> Words:
    """One language's words from its ask.yaml (``english_numbers``: English's number words,
    which every other language reads too)."""
    # lazy: yaml 60 ms to import, the sound code 0.3 ms, paid only by the calls that need it
    import yaml

    from referee.i18n.romanized import loans as loan_words, one_sound_table

    path = locales_dir() / lang / "ask.yaml"
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) if path.exists() else {}
    data = _with_borrowed(data or {})

    # the verb forms that take a pronoun written on, and those pronouns (Spanish "huirle")
    clitics = (tuple(fold(str(w)) for w in data.get("clitic_verbs") or ()),
               tuple(fold(str(w)) for w in data.get("clitics") or ()))

    def phrases(values) -> list:
        return [_compile(str(v), clitics) for v in values or []]

    known: set[str] = set()
    # the language's number words, and English's: a word for two hands reads "two" as the text does
    numbers = {fold(str(k)): int(v) for k, v in (data.get("numbers") or {}).items()}
    if english_numbers:
        numbers = {**english_numbers, **numbers}

    def remember(values):
        for value in values or []:
            for token in re.findall(r"[^\s\[\]()|{}*]+", str(value)):
                known.update(fold(token).split())

    sex = {}
    for code, values in (data.get("sex") or {}).items():
        for value in values:
            sex[fold(str(value))] = code
    personas = {}
    for kind, key in (("race", "races"), ("class", "classes")):
        for code, values in (data.get(key) or {}).items():
            for value in values or []:
                personas[fold(str(value))] = (kind, code)
    # the monster enhancers by the words of this language's players, where its card catalog
    # keeps the English names ("woedend" is Enraged): each word -> the card's English name
    enhancer_words = {fold(str(value)): fold(str(card)) for card, values in (data.get("enhancers") or {}).items()
                      for value in values or []}
    items = {}
    for concept, values in (data.get("items") or {}).items():
        for value in [concept, *(values or [])]:
            items[fold(str(value))] = fold(str(concept))
    # a helper's price ("a cambio", "precio") says words a sale's item may be named by beside
    # its price ("el de 600 a precio doble"), and a word for kin ("my brother is level 3") is
    # someone no name says: they are not, by that, words of the question
    for key in ("ignore", "fillers", "articles", "me", "level", "pronouns", "together", "clauses", "generic", "big", "degree",
                "denied", "denied_after", "third_being", "left_out", "before_verb", "spellings",
                # (nor do the words that ask what a race or class can do: they only order the
                # clauses found, and a word of them, "ફાયદો", said in a situation is still no word read)
                # (nor a fight's rewards asked, "treasures", "face up": words of the question only
                # where a fight is told won, not read in "ran away, do I get a treasure?")
                *(k for k in LISTS if k not in ("price", "kin", "powers", "aftermath"))):
        remember(data.get(key))
    for key in ("kinds", "actions", "sources", "games"):
        for values in (data.get(key) or {}).values():
            remember(values)
    # the words as typed in Latin letters: the listed spellings, and every word of this file by
    # its sounds, where only one word has them
    texted = {fold(str(spelling)): str(word) for word, spellings in (data.get("texted") or {}).items()
              for spelling in spellings or ()}
    sounds = one_sound_table(re.findall(r"[\u0a80-\u0aff]+", _text_of(data))) if texted else {}
    # the words of its script it took from English ("મોન્સ્ટર", "એપિક"), told by the consonants of
    # the English words of the same file: typed in Latin letters, they say no text is the language's
    english = {word for key, value in data.items() if key != "texted"
               for word in re.findall(r"[A-Za-z]+", _text_of(value)) if fold(word) not in texted}
    loans = loan_words(sounds.values(), english)
    return Words(
        lang=lang,
        me=frozenset(fold(str(w)) for w in data.get("me") or ()),
        numbers={fold(str(k)): int(v) for k, v in (data.get("numbers") or {}).items()},
        bases=tuple(sorted((fold(str(k)) for k, v in (data.get("numbers") or {}).items() if int(v) in (100, 1000)),
                           key=len, reverse=True)),
        level=frozenset(fold(str(w)) for w in data.get("level") or ()),
        ignore=frozenset(fold(str(w)) for w in [*(data.get("fillers") or ()), *(data.get("articles") or ())]),
        monster_words=frozenset(fold(str(w)) for w in data.get("monster_words") or ()),
        sex=sex, personas=personas,
        # the longest phrase first: "{p} helps me" before "{p} helps", or "me" would be the helper
        lists={key: sorted(phrases(data.get(key)), key=lambda p: -p.words) for key in LISTS},
        phrase_words={key: frozenset(word for value in data.get(key) or () for word in fold(str(value).replace("{p}", " ")).split())
                      for key in ("helper", "card_player", "fighter")},
        kinds={k: phrases(v) for k, v in (data.get("kinds") or {}).items()},
        actions={k: phrases(v) for k, v in (data.get("actions") or {}).items()},
        sources={k: phrases(v) for k, v in (data.get("sources") or {}).items()},
        suffixes=tuple(fold(str(s)) for s in data.get("number_suffixes") or ()),
        valued=tuple(fold(str(s)) for s in data.get("valued") or ()),
        steeds=frozenset(fold(str(w)) for w in data.get("steeds") or ()),
        big=frozenset(fold(str(w)) for w in data.get("big") or ()),
        my=frozenset(fold(str(w)) for w in data.get("my") or ()),
        theirs=frozenset(fold(str(w)) for w in data.get("theirs") or ()),
        says=frozenset(fold(str(w)) for w in data.get("says") or ()),
        level_numbers={fold(str(k)): int(v) for k, v in (data.get("level_numbers") or {}).items()},
        roll_numbers={fold(str(k)): int(v) for k, v in (data.get("roll_numbers") or {}).items()},
        rolled=frozenset(fold(str(w)) for w in data.get("rolled") or ()),
        level_at=frozenset(fold(str(w)) for w in data.get("level_at") or ()),
        name_articles=frozenset(fold(str(w)) for w in data.get("name_articles") or ()),
        hirelings=frozenset(fold(str(w)) for w in data.get("hirelings") or ()),
        enhancer_words=enhancer_words,
        owner_before=frozenset(fold(str(w)) for w in data.get("owner_before") or ()),
        verb_last=frozenset(fold(str(w)) for w in data.get("verb_last") or ()),
        owner_after=frozenset(fold(str(w)) for w in data.get("owner_after") or ()),
        signs={fold(str(k)): (1 if int(v) > 0 else -1) for k, v in (data.get("signs") or {}).items()},
        sign_heard={fold(str(k)): int(v) for k, v in (data.get("sign_heard") or {}).items()},
        known=frozenset(known - {""}),
        bare_level=bool(data.get("bare_number_is_level")),
        ordinal_dot=bool(data.get("ordinal_dot")),
        nouns_capitalised=bool(data.get("names_look_like_nouns")),
        articles=frozenset(fold(str(w)) for w in data.get("articles") or ()),
        after_first=data.get("level_stands") == "before its noun",
        pronouns=frozenset(fold(str(w)) for w in data.get("pronouns") or ()),
        # the longest ending first: "bobnak" is "bob" + "nak", not "bobna" + "k"
        endings=tuple(sorted({fold(str(w)) for w in data.get("name_endings") or ()}, key=len, reverse=True)),
        object_endings=tuple(fold(str(w)) for w in data.get("object_endings") or ()),
        object_after=frozenset(fold(str(w)) for w in data.get("object_after") or ()),
        objects=frozenset(fold(str(w)) for w in data.get("objects") or ()),
        object_before=frozenset(fold(str(w)) for w in data.get("object_before") or ()),
        clauses=frozenset(fold(str(w)) for w in data.get("clauses") or ()),
        generic=frozenset(fold(str(w)) for w in data.get("generic") or ()),
        together=frozenset(fold(str(w)) for w in data.get("together") or ()),
        degree=frozenset(fold(str(w)) for w in data.get("degree") or ()),
        items=items,
        games={k: phrases(v) for k, v in (data.get("games") or {}).items()},
        stop=frozenset(w for value in data.get("ignore") or () for w in fold(str(value)).split()),
        denied=frozenset(fold(str(w)) for w in data.get("denied") or ()),
        denied_after=frozenset(fold(str(w)) for w in data.get("denied_after") or ()),
        third_being=frozenset(fold(str(w)) for w in data.get("third_being") or ()),
        left_out=frozenset(fold(str(w)) for w in data.get("left_out") or ()),
        relatives=frozenset(fold(str(w)) for w in data.get("relatives") or ()),
        before_verb=frozenset(fold(str(w)) for w in data.get("before_verb") or ()),
        # (a key folded as the text's words are: "w/o" is the words "w o", "m'n" the word "mn")
        openers=tuple(sorted((_said(str(v), numbers) for v in data.get("openers") or ()), key=len, reverse=True)),
        hedges=tuple(sorted((_said(str(v), numbers) for v in data.get("hedges") or ()), key=len, reverse=True)),
        polite=tuple(sorted((_said(str(v), numbers) for v in data.get("polite") or ()), key=len, reverse=True)),
        whether=frozenset(fold(str(w)) for w in data.get("whether") or ()),
        fronted=frozenset(fold(str(w)) for w in data.get("fronted") or ()),
        hesitations=frozenset(fold(str(w)) for w in data.get("hesitations") or ()),
        corrections=tuple(sorted((_said(str(v), numbers) for v in data.get("corrections") or ()), key=len, reverse=True)),
        restating=frozenset(fold(str(w)) for w in data.get("restating") or ()),
        claims=tuple(_said(str(v), numbers) for v in data.get("claims") or ()),
        disputed=tuple(sorted((_said(str(v), numbers) for v in data.get("disputed") or ()), key=len, reverse=True)),
        spellings={" ".join(fold(str(k)).split()): fold(str(v))
                   for k, v in (data.get("spellings") or {}).items()},
        # (the monster's own name is one of them: "a level 9 Troll", capitalised, is no one's name)
        monster_names={fold(str(value)): str(name) for name, values in (data.get("monster_names") or {}).items()
                       for value in (name, *(values or ()))},
        companion_names={fold(str(value)): str(name) for name, values in (data.get("companion_names") or {}).items()
                         for value in values or ()},
        curse_names={spelled(fold(str(value))): str(name) for name, values in (data.get("curse_names") or {}).items()
                     for value in values or ()},
        item_names={spelled(fold(str(value))): str(name) for name, values in (data.get("item_names") or {}).items()
                    for value in values or ()},
        bonus_before=data.get("bonus_stands") == "before its noun",
        fled_from=frozenset(fold(str(w)) for w in data.get("fled_from") or ()),
        fled_after=frozenset(fold(str(w)) for w in data.get("fled_after") or ()),
        all_of=frozenset(fold(str(w)) for w in data.get("all_of") or ()),
        name_words={fold(str(value)): fold(str(word)) for word, values in (data.get("name_words") or {}).items()
                    for value in values or ()},
        hands={_said(str(value), numbers): str(slot) for slot, values in (data.get("hands") or {}).items()
               for value in values or ()},
        elided_articles=tuple(str(w).replace("’", "'").lower() for w in data.get("elided_articles") or ()),
        texted=texted, sounds=sounds, loans=loans,
    )


def _text_of(data) -> str:
    """Every word of a file's data, keys and values, as one text (what its words are said with)."""
    if isinstance(data, dict):
        return " ".join(f"{_text_of(k)} {_text_of(v)}" for k, v in data.items())
    if isinstance(data, (list, tuple)):
        return " ".join(_text_of(v) for v in data)
    return str(data)
