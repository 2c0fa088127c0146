"""What a typed question says: its pieces, found word by word and phrase by phrase.

The pieces are the people (a table player by name, "I"/"me", or a name the text introduces),
what the text tells about them (level, race, class, sex, the bonus of their gear, cards in
hand), the monsters (a card by any of its names, or a word with a level: "Troll level 8"),
bonuses played for either side, gold, a die roll, and the phrases that say what is asked.
Which piece belongs to whom is read from where it stands: a level or a race goes with the
person named nearest to it in the same part of the sentence (commas part it), a level next to
a word that is no one and nothing known names a monster.
"""

from __future__ import annotations

import re
from functools import cached_property

from referee.ask.cardwords import LONGEST_NAME, card_words, fuzzy_card
from referee.ask.names import DIGRAPHS, foreign, named, stem
from referee.ask.patterns import Words, fold
from referee.ask.text import LEVEL_MARK, TIMES, Token, at, joined, tokens
from referee.plain import copied
from referee.registry import QUESTIONS

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Optional

#: the highest level a monster said as "a troll of N" has (Epic's monsters reach the thirties)
MONSTER_LEVELS = 40
ME = "\x00me"  # the person "I"/"me" stands for, until the table or --as says who it is


_HELP_WORDS: dict = {}


_CARD_WORDS: dict = {}

#: the shortest part, and the shortest whole, of a card's one-word name said as two words ("fa paraszt")
COMPOUND_PART, COMPOUND_NAME = 2, 7
#: the shortest race or class word read with a typo ("tovenar" for "tovenaar"): shorter ones must be exact
TYPO_LENGTH = 5
#: (language, card words) -> the races' and classes' one-word names and their forms with one letter left out
_TYPOS: dict = {}


def _deletes(word: str) -> set:
    """The word with one letter left out, but its first (a slip is made inside a word)."""
    return {word[:k] + word[k + 1:] for k in range(1, len(word))}


def _typo_table(words: Words, cards) -> dict:
    """Each race's and class's one-word name and its forms with one letter left out -> the race
    or class (None where two differ), built once: a word one letter off ("tovenar", "wizzard",
    "guerero") is found by its own few forms, with no pass over every name."""
    key = (words.lang, id(cards))
    table = _TYPOS.get(key)
    if table is None:
        table = {}
        for source in (words.personas, cards.personas):
            for name, found in source.items():
                if " " not in name and len(name) >= TYPO_LENGTH - 1:
                    for form in {name} | _deletes(name):
                        table[form] = found if table.get(form, found) == found else None
        _TYPOS[key] = table
    return table


def _card_words(cards) -> frozenset:
    """Every word of the monsters' names, made the first time a question needs it (rarely)."""
    found = _CARD_WORDS.get(id(cards))
    if found is None:
        found = _CARD_WORDS[id(cards)] = frozenset(w for name in cards.monsters for w in name.split())
    return found


def _hyphened(words: list[Token], endings: tuple, names: set, cards=None) -> list[Token]:
    """A case ending written after a hyphen on a name ("Dee-t", "bob-nak"): one word again,
    as the name with its ending is written without it ("Deet"), so the phrases that hold a
    name read it; a hyphen between two words ("Möchtegern-Vampir") stays two words, and so
    does a word with a particle ("megteheti-e", may he?). A name is a table's, one written
    with a capital, or a card's ("bazinagy-ot": a monster enhancer, a word of a monster's name)."""
    out: list[Token] = []
    for token in words:
        last = out[-1] if out else None
        # (an ending that is also a number word read as the number: "Bazinagy-ot", "ot" as öt, 5)
        if (last is not None and token.raw == last.raw and last.number is None and last.raw.count("-") == 1
                and fold(last.raw.split("-")[1]) in endings
                and (token.number is None and fold(last.raw.split("-")[1]) == token.key or token.number is not None)
                and fold(last.raw.split("-")[0]) == last.key
                and (last.key in names or last.raw[:1].isupper()
                     or (cards is not None and (last.key in cards.enhancers or last.key in _card_words(cards))))):
            out[-1] = Token(last.raw, last.key + token.key)
            continue
        out.append(token)
    return out


def _without_article(token: Token, elided: tuple) -> Token:
    """A name with an article written onto it ("d'Resi", "s'Vroni"): the name alone, as a
    name said with its article apart is read ("die Resi")."""
    raw = token.raw.replace("’", "'")
    for article in elided:
        rest = raw[len(article):]
        if raw.lower().startswith(article) and rest[:1].isupper() and rest[1:2].islower():
            return Token(rest, fold(rest))
    return token


#: the kinds of item held in one hand where a text counts hands and says no other (an axe or
#: a dagger too: "un hacha +3, un escudo +2 y un espadón a dos manos" is four hands)
HELD_IN_ONE = ("sword", "shield", "axe", "dagger")

#: the key of a word for how many hands an item takes, before its slot ("\ue001two-hands")
HANDS = "\ue001"


def _hands_said(words: list[Token], hands: dict) -> list[Token]:
    """The words for how many hands an item takes ("zweihändig", "two-handed", "a dos manos")
    as one word, its key the slot: its number ("dos") counts nothing ("de +4 a dos manos" is
    no level from 4 to 2), and no phrase reads its words."""
    out, k = [], 0
    said = sorted(hands.items(), key=lambda kv: -len(kv[0]))
    while k < len(words):
        for keys, slot in said:
            n = len(keys)
            if k + n <= len(words) and all(
                    words[k + m].key == keys[m] or (keys[m].endswith("*") and words[k + m].key.startswith(keys[m][:-1]))
                    for m in range(n)):
                raw = " ".join(dict.fromkeys(t.raw for t in words[k:k + n]))
                out.append(Token(raw, HANDS + slot))
                k += n
                break
        else:
            out.append(words[k])
            k += 1
    return out


def _help_words(words: Words, english: Words) -> frozenset:
    """The words of the helper phrases that say help, not who (no articles, names, pronouns)."""
    key = (words.lang, english.lang)
    if key not in _HELP_WORDS:
        little, vocabulary = set(), set()
        # (nor the fillers a helper phrase allows: "only" of "{p} only helps" is no help in
        # "the gazebo, its only level 8")
        for w in (words, english):
            little |= w.articles | w.me | w.together | w.pronouns | w.objects | w.level | w.ignore
            # (nor a word of tense or mood: "würde" of "{p} würde … helfen" is no help in "… wurde gefressen")
            little |= w.before_verb
        for w in (words, english):
            for word in w.phrase_words.get("helper", ()):
                # Gujarati words are short in letters: "મદદ" is three
                if (len(word) >= 4 or (len(word) == 3 and foreign(word))) and word not in little:
                    vocabulary.add(word)
        # a verb of playing a card ("echa", "gives") says help only with the rest of its phrase
        # ("echa una mano"): alone, it plays a potion; nor a word of another phrase that says who
        # fights ("staat" of "staat tegenover")
        for w in (words, english):
            vocabulary -= w.phrase_words.get("card_player", frozenset()) | w.phrase_words.get("fighter", frozenset())
        # the language's little words ("with", "from", "will") say nothing of help alone; the
        # verb of helping itself stays ("help", "helps")
        # (each word tried on the phrases it can match alone: a whole list read cost 0.2 ms)
        helping = [w.actions["help"] for w in (words, english) if w.actions.get("help")]
        stop = words.stop | english.stop
        vocabulary = {word for word in vocabulary if word not in stop
                      or any(phrase.found_in(f" {word} ") for phrases in helping for phrase in phrases.matching(f" {word} "))}
        _HELP_WORDS[key] = frozenset(vocabulary)
    return _HELP_WORDS[key]


#: the most an unsigned number beside a one-shot's word is its bonus ("a two potion"); more is its price
UNSIGNED_BONUS = 10


#: the phrase lists said denied by another ("without discarding"): no match of the first inside the second
DENIED = {"discard": ("no_discard",), "fleeing": ("kill",), "card_player": ("kill",),
          # help denied ("bob is not helping"), or only wished ("cid wants to help but bob
          # already helps"): no helper by a phrase of helping said inside it
          "helper": ("no_help", "will_help"), "will_help": ("no_help",),
          # a fight denied ("Jonas kämpft grad nicht", "Bob most nem harcol", "isn't in a
          # fight"): no one fights by a phrase of fighting said inside it, and no fight is on
          "fighter": ("no_fight",), "subject_fights": ("no_fight",), "in_combat": ("no_fight",),
          "i_fight": ("no_fight",),
          # a one-shot thrown on oneself ("me tiro una poción de +2 encima", "splash a +2 potion
          # on myself"): for the one who throws it, not onto the monster
          # (and an item's bonus said in play, "sword +2 on the table": the item's, not the monster's)
          "monster_plus": ("on_myself", "in_play"), "thrown": ("on_myself",)}
#: the kinds of question whose words another list's words hold ("ich hau ihn weg" kills, and
#: "weg" alone runs away; "મારી નાખું" kills, and "નાખું" rolls the die): no match inside those
#: words of a kind that are words of another piece where a phrase of it holds them: "hau den
#: Pavillon weg" (killing), "zwei karten weg" (discarding) say no running away
KINDS_DENIED = {question.kind: question.denied_by for question in QUESTIONS if question.denied_by}
#: "is" written onto a name before its level ("sam's lvl 4"): the verb, not the name's
_CLITIC_IS = ("'s", "’s")

#: the kinds of question whose words the words of another kind hold: "the munchkin die" names
#: the die, and its "die" is no death; "did she get away or die?" asks the flight's end, no death;
#: "do I win or must I run?" asks the fight
KINDS_WITHIN = {"death": ("munchkin-die", "run-away"), "run-away": ("combat",)}
#: the sources of a level whose words a phrase list holds where they are no card: "does Bob go
#: up a level too?", "Dee sube de nivel" say a player gains a level, not that the card Go Up a
#: Level is played
SOURCES_DENIED = {"go-up-a-level": ("level_verb",)}
#: the acts whose words the words of a sacrifice hold: "બલિદાન આપી શકું?" (may I give it as a
#: sacrifice) sacrifices a Hireling to escape, no trade with anyone
ACTIONS_DENIED = {"trade": ("sacrificed",)}
#: the kinds of question whose words, said inside a piece that describes someone, are that
#: description where another kind is said: "was a level 7 elf with 2 cards in hand, who loots?"
#: is a death (whose hand is split too), not the cards over the hand limit; "thief level 4 with
#: 3 cards in hand, … may I backstab her?" is the act asked, the hand a piece of who asks
KINDS_DESCRIBED = {"charity": ("hand", ("death", "action"))}
KILL_SURE = 3
#: the written endings that make a word of "I" another's: Spanish "peleó", "luchó", "sacó" (he
#: fought, drew) fold to "peleo", "lucho", "saco" (I fight, draw); a fight told afterwards is
#: the one named's
NOT_ME_ENDINGS = ("ó",)
#: the phrase lists of "I" doing something ("peleo", "harcolok"), read with NOT_ME_ENDINGS
FIRST_PERSON_LISTS = frozenset({"i_fight"})
#: the phrase lists whose phrases with no person slot say "I" do it ("ayudo", "segítek": I help),
#: read with NOT_ME_ENDINGS too ("Ana … me ayudó" is her help, no "ayudo")
SLOTLESS_FIRST_PERSON_LISTS = frozenset({"helper"})
#: how far after "Bob says" the subject of what he says is looked for: the words, and the
#: words that are no separator ("that", "dass", "que" and the subject itself)
REPORTED, REPORTED_WORDS = 7, 4
#: how far after "Bob says" the act he says he does must begin, for him to be its doer
REPORTED_ACT = 8
#: the kinds of question whose words, said by one of himself ("Bob says he runs"), are an act of his own
FIGHT_KINDS = ("combat", "run-away")
#: the marks that end a sentence (a word after one opens the next)
SENTENCE_MARKS = ".!?¿¡"


#: the roles of the cards named whose playing is an act of its own: role -> the act
ACTS_OF_CARDS = {"enhancer": "play-monster-enhancer", "cursecard": "play-curse"}
#: acts done to someone, whose verb a word for that someone may follow ("backstab tom who …")
ACTS_ON_SOMEONE = ("backstab", "steal", "trade", "help")


def _unhesitant(toks: list[Token], hesitations: frozenset) -> list[Token]:
    """The words without the sounds of hesitation a dictated text holds ("um", "ööö"), and a
    comma right after one that opens the text: they say nothing, and are never someone."""
    kept = [t for t in toks if t.key not in hesitations]
    while kept and len(kept) < len(toks) and kept[0].key in (",", "."):
        kept = kept[1:]
    return kept


def _opened(toks: list[Token], openers: tuple) -> list[Token]:
    """The words without what a player says before the question ("quick one:", "kurze Frage,
    …"), with the colon or comma after it: no word of the question."""
    for _twice in range(2):  # "hey, what's the deal with …": one opener after another
        keys = [t.key for t in toks]
        opener = next((o for o in openers if o and tuple(keys[:len(o)]) == o), None)
        if opener is None:
            break
        toks = toks[len(opener):]
        toks = toks[1:] if toks and toks[0].key in (":", ",", "-", ".", "!") else toks
    return toks


#: what ends a sentence or a part of it, after which a polite frame may open the question
FRAME_OPENS = (".", "?", "!", ";", ",", ":")


def _unframed(toks: list[Token], words: Words) -> list[Token]:
    """The words without each polite frame that opens a sentence ("… behind it. Would you kindly
    tell me whether Cid may help me?"): the frame is no part of the situation, its "me" no
    player. A "whether" after it goes too, and the verb of leave of the question it opens comes
    first, as a question says it ("may Cid help me?", "mag Bob … ruilen?", "darf Bob … verkaufen?")."""
    keys = [t.key for t in toks]
    i = 0
    while i < len(toks):
        if i and keys[i - 1] not in FRAME_OPENS:
            i += 1
            continue
        frame = next((f for f in words.polite if tuple(keys[i:i + len(f)]) == f), None)
        if frame is None:
            i += 1
            continue
        end = i + len(frame)
        end += end < len(toks) and keys[end] == ","
        if end < len(toks) and keys[end] in words.whether:
            toks = toks[:i] + _fronted(toks[end + 1:], words.fronted)
        else:
            toks = toks[:i] + toks[end:]
        keys = [t.key for t in toks]
        i += 1
    return toks


def _fronted(toks: list[Token], fronted: frozenset) -> list[Token]:
    """The words of an asked clause ("Cid may help me", "Bob seinen Hammer verkaufen darf")
    with its first verb of leave put first, before the part of the sentence ends."""
    for j, t in enumerate(toks):
        if t.separator:
            break
        if t.key in fronted:
            return [t] + toks[:j] + toks[j + 1:]
    return toks


def _monster_key(toks: list[Token], monster_words: frozenset, levels: frozenset) -> list[Token]:
    """The words without the colon of a note's key "monster:" before a level alone ("monster: lvl
    12 /", "Monster: Stufe 7 →", "szörny: 12-es szint"): the colon would part the monster from
    its level. Only a key that opens its part, and a level that ends it ("monster: level 9 orc"
    names the orc)."""
    return [t for i, t in enumerate(toks)
            if not (t.key == ":" and 0 < i and toks[i - 1].key in monster_words
                    and (i == 1 or toks[i - 2].separator) and _level_alone(toks, i + 1, levels))]


def _level_alone(toks: list[Token], i: int, levels: frozenset) -> bool:
    """Whether the words from ``i`` are a level and nothing more up to the part's end: a word for
    level, a number, a word for level ("lvl 12", "12", "12-es szint")."""
    i += i < len(toks) and toks[i].key in levels
    if i >= len(toks) or toks[i].number is None or toks[i].plus:
        return False
    i += 1
    i += i < len(toks) and toks[i].key in levels
    return i >= len(toks) or toks[i].separator


def _unhedged(toks: list[Token], hedges: tuple) -> list[Token]:
    """The words without a hedge right after a bonus ("+5 or something", "+5 vagy mi"): a
    player unsure of a card's number still says the number the question is about."""
    out: list[Token] = []
    i = 0
    while i < len(toks):
        out.append(toks[i])
        i += 1
        if out[-1].plus and out[-1].number is not None:
            keys = tuple(t.key for t in toks[i:i + 4])
            i += next((len(h) for h in hedges if h and keys[:len(h)] == h), 0)
    return out


#: the most words a number taken back may stand before its correction ("a level 10 monster came
#: out, wait no …"), and the most small words between the correction and the number meant
CORRECTED_BACK, CORRECTED_AHEAD = 4, 3
#: the words that end a sentence (the marks of SENTENCE_MARKS that close one): no correction
#: reaches across them
SENTENCE_ENDS = frozenset(SENTENCE_MARKS) - set("¿¡")


def _corrected(toks: list[Token], corrections: tuple, restating: frozenset) -> tuple[list[Token], list[str]]:
    """The words with each number taken back ("came up 6, no sorry, a 5", "13, nee 12", "7
    cartas, no espera, 8") replaced by the number said after it, the correction's words left out:
    a player who corrects himself means the later number. A correction whose number meant
    stands too far from any number of its kind to tell which it replaces is returned apart
    (the words left doubtful: no verdict on a guess)."""
    out, unclear = list(toks), []
    firsts = {c[0] for c in corrections}
    i = 0
    while i < len(out):
        size = _correction_at(out, i, corrections) if out[i].key in firsts else 0
        meant = _number_after(out, i + size, restating) if size else None
        if meant is None:
            i += 1
            continue
        taken = _number_before(out, i, out[meant].plus)
        if taken is None:
            if _number_before(out, i, out[meant].plus, len(out)) is not None:
                unclear.append(out[meant].raw)  # a number far before: which one is corrected is not said
            i += 1
            continue
        start = i - 1 if i and out[i - 1].separator and out[i - 1].key not in SENTENCE_ENDS else i
        out[taken] = out[meant]
        del out[start:meant + 1]
        i = start
    return out, unclear


def _correction_at(toks: list[Token], i: int, corrections: tuple) -> int:
    """How many words (commas between them too: "no, sorry") a correction starting at ``i``
    takes, the longest said; 0 where none starts there."""
    for said in corrections:
        j, n = i, 0
        while n < len(said) and j < len(toks):
            if toks[j].separator and n and toks[j].key not in SENTENCE_ENDS:
                j += 1
                continue
            if toks[j].key != said[n]:
                break
            j, n = j + 1, n + 1
        if n == len(said):
            return j - i
    return 0


def _number_after(toks: list[Token], i: int, restating: frozenset) -> Optional[int]:
    """The index of the number a correction says instead, with only commas and small words
    ("it's a", "es", "ne") before it; None where another word comes first."""
    small = 0
    while i < len(toks) and small <= CORRECTED_AHEAD:
        t = toks[i]
        if t.number is not None:
            return i
        if t.key in SENTENCE_ENDS or not (t.separator or t.key in restating):
            return None
        small += not t.separator
        i += 1
    return None


def _number_before(toks: list[Token], i: int, plus: bool, reach: int = CORRECTED_BACK) -> Optional[int]:
    """The index of the last number of the kind (a bonus or not) said before word ``i`` within
    ``reach`` words of the same sentence; None where there is none."""
    words = 0
    for j in range(i - 1, -1, -1):
        t = toks[j]
        if t.key in SENTENCE_ENDS:
            return None
        if t.number is not None and t.plus == plus:
            return j
        words += not t.separator
        if words >= reach:
            return None
    return None


def _claims_unsaid(toks: list[Token], claims: tuple, me: frozenset) -> list[Token]:
    """The words without what two players claim in a dispute ("Bob says it's a 5, Cid says a
    4, who's right?"): each claim is what is disputed, not how things stand. Where the text
    told the situation before the first claim, the claims' words go (the word of saying stays,
    so the one who claims holds a view and is no part of the situation); where it told none,
    only the numbers claimed go (the claims name what the question is about). What the asker
    said ("Cid said he'd help, I said fine") is an agreement, no dispute a third player settles."""
    keys = [t.key for t in toks]
    starts: list[tuple[int, int]] = []
    for i in range(len(keys)):
        for c in claims:
            # (one claim said in two words of the list counts once: "azt mondja", "mondja")
            if tuple(keys[i:i + len(c)]) == c and (not starts or i >= sum(starts[-1])) \
                    and not (i > 0 and keys[i - 1] in me):
                starts.append((i, len(c)))
    if len(starts) == 1 and "?" in keys[:starts[0][0]]:
        return _claim_after_question(toks, *starts[0])
    if len(starts) < 2:
        return toks  # (most questions: no dispute between two claims)
    told = starts[0][0] >= _TOLD_BEFORE_CLAIM
    drop: set[int] = set()
    for i, n in starts:
        j = i + n
        while j < len(toks) and not toks[j].separator:
            if told or toks[j].number is not None:
                drop.add(j)
            j += 1
    return [t for k, t in enumerate(toks) if k not in drop]


def _claim_after_question(toks: list[Token], i: int, n: int) -> list[Token]:
    """"¿puede Cid robarle el martillo a Bob? dice que como es mago también puede": what is
    claimed after the question is asked is a view of it, no part of the situation; its words go
    to the end of their sentence (the word of saying stays)."""
    j = i + n
    while j < len(toks) and toks[j].key not in SENTENCE_ENDS:
        j += 1
    return toks[:i + n] + toks[j:]


#: how many words before the first claim tell the situation ("Tom is level 4 and he says …"),
#: more than the one who claims ("Bob says …", "my friend says …")
_TOLD_BEFORE_CLAIM = 3


def _undisputed(toks: list[Token], claims: tuple, disputed: tuple, levels: frozenset) -> list[Token]:
    """The words without a level said in a claim someone makes and without the words asking
    whether it holds ("ik ben level 8, Piet zegt dat ik nu level 10 ben, klopt dat?"): the
    level told before the claim is how things stand, the one claimed is what is asked, no
    one's level; the dispute is answered by the verdict. Only where a level is told before the
    claim ("Bob meint, Dee darf mir gegen den Troll Stufe 8 nicht helfen, stimmt das?" tells
    the troll's level in the claim alone) and the dispute is said after it."""
    keys = [t.key for t in toks]
    starts = [i for i in range(len(keys)) if any(tuple(keys[i:i + len(c)]) == c for c in claims)]
    if not starts:
        return toks  # (most questions: no claim, so no dispute or level to look for)
    asked = [(i, len(d)) for i in range(starts[0] + 1, len(keys)) for d in disputed
             if tuple(keys[i:i + len(d)]) == d]
    said = [j for j in range(len(toks) - 1)
            if (keys[j] in levels and toks[j + 1].number is not None) or (toks[j].number is not None and keys[j + 1] in levels)]
    # (the situation told before the claim, with no level: "Bob quiere vender su martillo …,
    # Ann le dice que con eso no llega a 1000": the number claimed is no price of the sale)
    told = starts[0] >= _TOLD_BEFORE_CLAIM
    if not asked or ((not said or said[0] > starts[0]) and not told):
        return toks
    drop = set(range(asked[0][0], asked[0][0] + asked[0][1]))
    for i in starts:
        # (a comma right after the word of saying opens the claim: "Lena meint, ich bin …")
        j = i + 2 if i + 1 < len(toks) and keys[i + 1] == "," else i + 1
        while j + 1 < len(toks) and not toks[j].separator and j not in drop:
            if j in said and said[0] <= starts[0]:
                drop |= {j, j + 1}  # "level 10", "10-es szint": the level claimed
            elif told and toks[j].number is not None and not toks[j].plus and j not in said and j - 1 not in said:
                drop.add(j)  # "no llega a 1000": a bare number claimed
            j += 1
    return [t for k, t in enumerate(toks) if k not in drop]


def _respelled(toks: list[Token], spellings: dict, names: set, monsters: dict) -> list[Token]:
    """The words with each one the language spells otherwise read as the word its phrases
    write: a regional spelling ("ned": "nicht"), a chat shortening typed as one word that reads
    as several ("w/o", the words "w o": "without"; "b/c": "because") or as one ("m'n": "mijn",
    "xq": "porque"), and one that stands for several words ("mim": "mit dem")."""
    out: list[Token] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        # the words one typed word was read as ("w/o": "w", "o"), all of the same raw
        n = 1
        while i + n < len(toks) and toks[i + n].raw == t.raw and toks[i + n].number is None and n < 3:
            n += 1
        for size in range(n, 0, -1):
            key = " ".join(x.key for x in toks[i:i + size])
            # (a number alone is never respelt; a word read as a number and more is: "one-shot")
            if (t.number is None or size > 1) and key in spellings and key not in names \
                    and not _starts_card(toks, i, monsters):
                out += [Token(t.raw, word) for word in spellings[key].split()]
                i += size
                break
        else:
            out.append(t)
            i += 1
    return out


def _starts_card(toks: list[Token], i: int, monsters: dict) -> bool:
    """Whether word ``i`` starts a monster's name of two or three words ("den Net Troll"): a
    card's name is never a small word respelt (German "net" is "nicht")."""
    keys = [t.key for t in toks[i:i + 3]]
    return " ".join(keys[:2]) in monsters or (len(keys) == 3 and " ".join(keys) in monsters)


def _rolled_sounds(toks: list[Token], words: Words) -> list[Token]:
    """A dictated word that sounds as a number ("for", "ate"), read as that number only where a
    roll's number must stand: right after a verb of rolling and its article ("rolled a for": a
    four). Elsewhere ("a level for 1000 gold") it stays the word it is."""
    return [Token(t.raw, str(words.roll_numbers[t.key]), words.roll_numbers[t.key])
            if i > 1 and t.number is None and t.key in words.roll_numbers
            and toks[i - 1].key in words.articles and toks[i - 2].key in words.rolled
            else t for i, t in enumerate(toks)]


def _object_after_comma(toks: list[Token], words: Words, names: set) -> list[Token]:
    """The words without a comma between a name and the name it is said to help ("જો Bob, Ann ને
    … મદદ કરે", "ha Bob, Annnak segít"): the second name, marked as the object, is in the first
    one's clause, which the comma parts from nothing."""
    out = []
    for i, t in enumerate(toks):
        if t.key == "," and 0 < i < len(toks) - 1 and toks[i - 1].key in names and _object_named(toks, i + 1, words, names):
            continue
        out.append(t)
    return out


def _object_named(toks: list[Token], i: int, words: Words, names: set) -> bool:
    """Whether word ``i`` starts a table's name marked as the object: a word after it ("Ann
    ને"), an ending on it ("Annnak"), or a word before it ("a Ann")."""
    key = toks[i].key
    if key in words.object_before and i + 1 < len(toks):
        return toks[i + 1].key in names
    if key in names:
        return i + 1 < len(toks) and toks[i + 1].key in words.object_after
    return any(key.endswith(e) and key[: -len(e)] in names for e in words.object_endings)


def spans_within(inner: list, outer: list) -> bool:
    """Whether there is a span of ``outer`` and every span of ``inner`` lies inside one of them:
    words a list matched that are all said inside another list's phrases."""
    return bool(outer) and all(any(a <= s and e <= b for a, b in outer) for s, e in inner)


def item_named(token, words) -> str:
    """An item's name as the text writes its word, less the case ending it carries where the
    language's endings say so ("eladtam a páncélt": the Páncél, not a "Páncélt"): the ending
    is the sentence's, not the item's."""
    raw = token.raw.strip("'\"")
    if not words.object_endings:
        # (a language that marks no object by an ending: "boots" stays, but for a case ending
        # of its ``item_endings``, "mit Stiefeln")
        return _uninflected(raw, token.key, words).capitalize()
    thing = words.items.get(token.key)
    # (the shortest of the word's stems that is a word for the same thing — the item words
    # list inflected forms too, "páncélt" and "kardom" beside "páncél" and "kard" — cut from
    # the word as written when it folds to that form)
    forms = [f for f in stem(token.key, words.endings)[1:] if f in words.items and thing in (None, words.items[f])]
    form = min(forms, key=len, default=None)
    cut = as_written(raw, form) if form is not None else None
    if cut is not None:
        raw = cut
        # (a last vowel lengthened before the ending, "csizmát", is short in the word alone)
        raw = raw[:-1] + _SHORTENED.get(raw[-1], raw[-1])
    return raw.capitalize()


def _uninflected(raw: str, key: str, words) -> str:
    """An item's word as written, less a case ending of the language's ``item_endings`` where
    what is left is a word for the same thing ("mit Stiefeln": the Stiefel, "des Schwerts": the
    Schwert): the ending is the sentence's, not the item's. The item words list such forms."""
    thing = words.items.get(key)
    for phrase in words.lists.get("item_endings", ()) if thing else ():
        base = key[: -len(phrase.text)]
        if key.endswith(phrase.text) and words.items.get(base) == thing:
            return as_written(raw, base) or raw
    return raw


def as_written(raw: str, form: str) -> Optional[str]:
    """The word as the text writes it, cut to ``form``, its stem as folded, or None: the stem
    is the word's start, or, where "-val" doubled a digraph's first letter ("köpennyel",
    "szörnnyel"), its start less that letter ("köpeny", "szörny")."""
    n = len(form)
    if fold(raw[:n]) == form:
        return raw[:n]
    undoubled = raw[: n - 2] + raw[n - 1: n + 1]
    return undoubled if n >= 3 and form[-2:] in DIGRAPHS and fold(undoubled) == form else None


def _longest_first(words: Words, name: str) -> list[str]:
    """The endings of the language's list ``name``, the longest first (so "-től" is tried before "-l")."""
    return sorted((phrase.text for phrase in words.lists.get(name, ())), key=len, reverse=True)


def _without_ending(raw: str, endings: list[str]) -> Optional[str]:
    """``raw`` less the first of ``endings`` it ends with, where three letters or more stay; else None."""
    key = raw.lower()
    return next((raw[:-len(e)] for e in endings if key.endswith(e) and len(key) - len(e) >= 3), None)


#: a last vowel an ending lengthens, as it is written with no ending (Hungarian "csizmá-t")
_SHORTENED = {"á": "a", "é": "e", "Á": "A", "É": "E"}


class Reading:
    """The pieces of one text. ``roles[i]`` says what word ``i`` was read as."""

    def __init__(self, text: str, words: Words, english: Words, corpus, names: list[str]):
        self.words, self.english = words, english
        self._both: dict[str, frozenset] = {}  # both(): a word list of the language and English, by name
        self.tokens: list[Token] = tokens(text, {**english.numbers, **words.numbers}, words.suffixes,
                                              {**english.signs, **words.signs}, words.stop,
                                              words.bases + english.bases, {**english.sign_heard, **words.sign_heard})
        folded_names = {fold(n) for n in names}  # the table's names as the text's words read them
        self.tokens = _hyphened(self.tokens, words.endings, folded_names, card_words(corpus))
        if words.hesitations or english.hesitations:
            # (dropped first: "um quick question", "ehm, …": an opener may come after one)
            self.tokens = _unhesitant(self.tokens, words.hesitations | english.hesitations)
        if words.openers or english.openers:
            self.tokens = _opened(self.tokens, words.openers + english.openers)
        #: the text without its polite frames, where it had one: what the search is asked (the
        #: frame's words, "would you be so kind", find clauses of kindness, not of the question)
        self.unframed: Optional[str] = None
        if words.polite:
            framed = len(self.tokens)
            self.tokens = _unframed(self.tokens, words)
            if len(self.tokens) < framed:
                self.unframed = " ".join(t.raw for t in self.tokens)
        if words.hedges:
            self.tokens = _unhedged(self.tokens, words.hedges)
        unclear: list[str] = []
        if words.corrections or english.corrections:
            # "came up 6, no sorry, a 5": the number said after a correction is the one meant
            self.tokens, unclear = _corrected(self.tokens, words.corrections + english.corrections,
                                              words.restating | english.restating | words.articles)
        if words.spellings:
            # "mag da allemaal?", "hilft ned": a small word in its regional spelling is the word
            # the phrases write (a table's name spelt so stays the name)
            self.tokens = _respelled(self.tokens, words.spellings, folded_names, card_words(corpus).monsters)
        # (after the spellings: "klopt da" is "klopt dat")
        if words.claims:
            # "Bob says …, Cid says …": what is claimed in a dispute is no part of the situation
            self.tokens = _claims_unsaid(self.tokens, words.claims, words.me | english.me)
        if words.disputed and words.claims:
            self.tokens = _undisputed(self.tokens, words.claims, words.disputed, words.level | english.level)
        if words.elided_articles:
            self.tokens = [_without_article(t, words.elided_articles) for t in self.tokens]
        if words.hands or english.hands:
            self.tokens = _hands_said(self.tokens, {**english.hands, **words.hands})
        if words.ordinal_dot:
            # "6. szinten vagyok", "die 5. Stufe": an ordinal's dot before a word for level ends
            # no sentence; the number is the level
            levels = words.level | english.level
            self.tokens = [t for i, t in enumerate(self.tokens)
                           if not (t.key == "." and 0 < i < len(self.tokens) - 1
                                   and self.tokens[i - 1].number is not None and not self.tokens[i - 1].plus
                                   and self.tokens[i + 1].key in levels and self.tokens[i - 1].raw[-1:].isdigit())]
        # "monster: level 7" in notes: the monster of that level, as "monster level 7" says it
        self.tokens = _monster_key(self.tokens, words.monster_words | english.monster_words,
                                   words.level | english.level)
        if words.name_articles and names:
            # "Darf die Dee dem Bob was klauen?": an article said before a table's name (as
            # German players often say it) is no word of the sentence; the phrases read the name
            # where they would read it said alone ("darf {p}")
            self.tokens = [t for i, t in enumerate(self.tokens)
                           if not (t.key in words.name_articles and i + 1 < len(self.tokens)
                                   and self.tokens[i + 1].key in folded_names)]
        if words.level_numbers:
            # "een trol van level elf": a number word that is also a race's name, read as the
            # number right after a word for level
            levels = words.level | english.level
            self.tokens = [Token(t.raw, str(words.level_numbers[t.key]), words.level_numbers[t.key])
                           if i and t.number is None and t.key in words.level_numbers and self.tokens[i - 1].key in levels
                           # (not after a level said already: "vijfde level elf strijder")
                           and not (i > 1 and self.tokens[i - 2].number is not None)
                           else t for i, t in enumerate(self.tokens)]
        if words.roll_numbers:
            self.tokens = _rolled_sounds(self.tokens, words)
        if names and (words.object_after or words.object_endings or words.object_before):
            self.tokens = _object_after_comma(self.tokens, words, folded_names)
        self.cards = card_words(corpus)  # (read here: the races and classes part a level said beside one from commas)
        self.tokens = self._level_kind_joined(self.tokens, words.level | english.level)
        self.text, self.starts = joined(self.tokens)
        self._present: dict = {}  # present(): a phrase list's phrases that can match the text
        self._matches: dict = {}  # phrases(): a phrase list's matches in the text
        self.roles: list[Optional[tuple]] = [None] * len(self.tokens)
        self.names = names
        self.table = bool(names)  # the names are a table's: no word becomes someone new
        self.used: set[int] = set()
        self.people: dict[str, dict] = {}      # name -> what the text says about them
        self.monsters: list[dict] = []          # {"name", "card", "level", "at", "enhancers"}
        self.plus: list[int] = []
        self.monster_plus: list[int] = []
        self.golds: list[int] = []
        self.changes: list[int] = []              # "two levels": a number of levels
        self.goals: list[int] = []                # "to reach 10": the level a change is asked to come to
        self.counted: list[tuple[int, int]] = []  # "two potions": (word, how many one-shots)
        self.stolen: Optional[tuple] = None  # (who, item): an item named as taken from someone
        self.curses: list = []  # curse and trap cards named ("Falle! Chromosomentausch")
        self.times: dict[int, int] = {}   # "+2 potion x2": the word of a bonus -> the word of its count
        self.copies: dict[int, int] = {}  # "two +2 potions": the word of a bonus -> how many cards of it
        self.discarded: list[tuple[int, int]] = []  # "descarta tres cartas": (word, how many cards)
        self.monster_count: list[tuple[int, int]] = []  # "two monsters: …": (word, how many)
        self.totals: list[int] = []  # "so it's ten all": a side's strength said, checked against the verdict
        self.own_totals: list[int] = []  # "with sword and helmet I'm at 9": the asker's level and gear summed
        self.levels: list[tuple[int, int, int]] = []   # (first word, last word, level)
        self.monster_levels: set = set()  # the levels said after a monster's word ("een trol van zeven")
        self.helper = self.fighter = None
        self.sexed: dict[int, str] = {}  # a race's or class's word that says a sex too: its index -> the sex
        self.fighter_phrase = ""  # the phrase that said who fights
        self.fleeing: list[str] = []
        self.joined: set = set()
        self.helping = False
        self.taken_back: set = set()  # the words of a help said, then taken back ("… but he's not helping")
        self.card_players: set = set()  # who plays a card onto the fight (read with the roles)
        self.gear_at: list[int] = []  # the words of gear bonuses ("+3 gear"), given out in describe
        self.in_combat = False
        self.no_gear = False
        self.doubtful: list[str] = unclear  # words whose owner (or meaning) the text leaves open
        self.owners_read: set = set()  # people read as the owner of an item the command carries
        self.item_bonuses: dict = {}  # person -> the bonuses said beside their items, summed as gear
        self.plus_at: list[int] = []   # the words of the bonuses a phrase gave the players
        self.undone_at: list[int] = []  # the words of bonuses put on, then taken away ("+5, de levették")
        self.fighting = False          # describing a fight or a flight (set by describe)
        self.level_said_of: dict = {}  # (first, last) -> the monster word a level in the next part is said of
        self.names_not_verbs: set = set()  # names that are also verbs of the asker ("Lucho", I fight): no phrase's verb
        self.described_names: list = []  # capital words said with a level and a race or class ("Will is a level 3 thief")
        self.named_at: dict = {}  # word -> the name it was read as, where the word alone reads otherwise ("the other player")
        self._read()

    def _level_kind_joined(self, toks: list[Token], levels: frozenset) -> list[Token]:
        """The words without a comma between a level and a race or class ("Jonas, Stufe 3, Elf,
        hilft mir", "Jo, elf, level 3, is helping"): one description, as "Stufe 3 Elf" says it,
        so the one named before it stays the one it describes (no phrase reads across a comma)."""
        def level_at(a: int, b: int) -> bool:  # "Stufe 3", "4-es szintű": a level and its number
            if not (0 <= a and b < len(toks)):
                return False
            number = toks[b] if toks[a].key in levels else toks[a] if toks[b].key in levels else None
            return number is not None and number.number is not None and not number.plus

        def joins(i: int) -> bool:
            if not 1 < i < len(toks) - 1 or toks[i].key != ",":
                return False
            if level_at(i - 2, i - 1):
                return self._persona(toks[i + 1].key) is not None  # "Stufe 3, Elf"
            return level_at(i + 1, i + 2) and self._persona(toks[i - 1].key) is not None  # "Elf, Stufe 3"
        return [t for i, t in enumerate(toks) if not joins(i)]

    def fresh(self) -> "Reading":
        """A copy to give the pieces to their owners on: each kind of question does it its way,
        and the words are read once."""
        other = object.__new__(Reading)
        other.__dict__.update(self.__dict__)
        other.roles, other.used, other.names = list(self.roles), set(self.used), list(self.names)
        other.people = copied(self.people)
        other.monsters = [dict(m) for m in self.monsters]
        other.joined = set(self.joined)
        other.card_players = set(self.card_players)
        other.gear_at = list(self.gear_at)
        other.companions = [(i, kind, dict(entry)) for i, kind, entry in self.companions]
        other.doubtful = list(self.doubtful)
        other.owners_read = set(self.owners_read)
        other.item_bonuses = {k: list(v) for k, v in self.item_bonuses.items()}
        for name in ("plus", "monster_plus", "golds", "changes", "levels", "fleeing", "counted", "discarded",
                     "monster_count", "totals", "own_totals"):
            setattr(other, name, list(getattr(self, name)))
        return other

    # --- phrases ------------------------------------------------------------------------

    def phrases(self, name: str):
        """Each match of a phrase list, in this language and in English (players mix them),
        but one said inside its denial ("ohne Karten abzuwerfen": no cards discarded). Found
        once for each list: the text does not change, and a reading asks for the same list
        again and again (100 times a question, half of them lists asked before)."""
        found = self._matches.get(name)
        if found is None:
            found, seen = [], set()
            for words in (self.words, self.english):
                for phrase, match in self.own_phrases(name, words):
                    of_me = name in FIRST_PERSON_LISTS or (name in SLOTLESS_FIRST_PERSON_LISTS
                                                           and "p0" not in match.re.groupindex)
                    if self._of_another(match, of_me):
                        continue  # "Bob peleó contra": he fought, no "peleo" (I fight) and no "I" in a slot
                    if match.span() not in seen:
                        seen.add(match.span())
                        found.append((phrase, match))
            self._matches[name] = found
        return iter(found)

    def _of_another(self, match, of_me: bool) -> bool:
        """Whether a phrase of "I" (``of_me``), or a slot of a person, takes a word of "I" written
        with an ending of another's (NOT_ME_ENDINGS): "Bob peleó contra" is no "peleo contra"."""
        if of_me:
            return any(self.tokens[j].raw[-1:].lower() in NOT_ME_ENDINGS for j in self.word_range(match))
        return any(self.tokens[j].raw[-1:].lower() in NOT_ME_ENDINGS and self.roles[j] is None
                   and self._person(self.tokens[j].key) == ME
                   for j in (self.index(match, k) for k, v in match.groupdict().items() if v and k.startswith("p")))

    def present(self, words: Words, table: str, key: str) -> list:
        """The phrases of ``words``'s table (``lists``, ``kinds``, …) under ``key`` that can
        match the text: those with no anchor or whose anchor (a word every match has) is in it.
        A question is read against 1,000–1,500 phrases and matches a few dozen: testing each
        anchor once here, not in a call to each phrase for every list read (4,600 calls a
        question), saved a whole-process ``ask`` about 0.5 ms (callgrind)."""
        found = self._present.get((words.lang, table, key))
        if found is None:
            phrases = getattr(words, table).get(key)
            found = self._present[words.lang, table, key] = phrases.matching(self.text) if phrases else []
        return found

    def own_phrases(self, name: str, words: Words):
        """Each match of one language's phrase list, but one said inside its denial."""
        denied = [match.span() for other in DENIED.get(name, ()) for _phrase, match in self.phrases(other)]
        for phrase in self.present(words, "lists", name):
            for match in phrase.finditer(self.text):
                # (a match that starts or ends inside its denial: "ich hau … weg" is no card
                # played by "ich … hau")
                if not any(a <= match.start() < b or a < match.end() <= b for a, b in denied) \
                        and not (self.names_not_verbs and self._name_as_verb(match)):
                    yield phrase, match

    def _name_as_verb(self, match) -> bool:
        """Whether a phrase's own words (not its slots) take a word read as a name that is
        also a verb ("mi compa Lucho me ayuda": "lucho", I fight, is no fight of the asker's)."""
        slots = {self.index(match, group) for group, value in match.groupdict().items() if value is not None}
        return any(k in self.names_not_verbs and k not in slots for k in self.word_range(match))

    def best(self, table: dict) -> dict:
        """For each key of a phrase table (kinds, actions, sources): the most words matched."""
        out = {}
        # (a phrase with words between, "wirft … ab", holds words of its own: "wirft drei Karten
        # für die Flucht ab" still runs away)
        denials = {key: [m.span() for name in names for phrase, m in self.phrases(name) if "…" not in phrase.text]
                   for key, names in KINDS_DENIED.items()} if table == "kinds" else {}
        if table == "sources":
            denials = {key: self._verb_spans(names) for key, names in SOURCES_DENIED.items()}
        if table == "actions":
            denials = {key: [m.span() for name in names for _phrase, m in self.phrases(name)]
                       for key, names in ACTIONS_DENIED.items()}
        if table == "kinds":
            for key, others in KINDS_WITHIN.items():
                # (a phrase with words between spans words of its own: only one said whole holds another's)
                denials[key] = denials.get(key, []) + [m.span() for other in others
                                                       for phrase, m in self.table_matches("kinds", other)
                                                       if "…" not in phrase.text]
        for words in (self.words, self.english):
            for key in getattr(words, table):
                denied = denials.get(key)
                for phrase in self.present(words, table, key):
                    if phrase.words <= out.get(key, 0):
                        continue  # a longer phrase of this key is in the text already
                    if phrase.plain is not None and not denied:
                        if phrase.plain in self.text:
                            out[key] = phrase.words
                        continue
                    match = next((m for m in phrase.finditer(self.text)
                                  if not any(a <= m.start() and m.end() <= b for a, b in denied or ())), None)
                    if match and all(self._person(v) for k, v in match.groupdict().items() if k.startswith("p") and v):
                        out[key] = max(out.get(key, 0), phrase.words)
        if table == "kinds":
            for key, (piece, beside) in KINDS_DESCRIBED.items():
                if key in out and set(out) & set(beside):
                    described = [m.span() for _phrase, m in self.phrases(piece)]
                    if described and not self.said_outside(key, described):
                        del out[key]
            # a word of killing is a word of fighting ("hau den Pavillon weg", "elverem a trollt"),
            # surer than a word of another kind said beside it ("… weg, passt das?"; a phrase's count
            # grows with its alternatives)
            if any(True for _ in self.phrases("kill")):
                out["combat"] = max(out.get("combat", 0), KILL_SURE)
        return out

    def told_won(self) -> bool:
        """Whether the text tells a fight won and asks what follows it ("Cid just killed the Net
        Troll: who gets the treasures, face up?"): a monster, a word of killing, a word of its
        rewards; the fight's verdict answers it, whatever other kind its words say."""
        return bool(self.monsters) and "kill" in self.best("sources") and any(True for _ in self.phrases("aftermath"))

    def _verb_spans(self, names: tuple) -> list:
        """Where phrase lists ``names`` match with a player named (or a pronoun) in each of their
        slots ("{p} go* up a level"): a card's name said as a player's verb, no card (see
        SOURCES_DENIED). (No word of the asker's: "juego sube un nivel" is "I play" the card.)"""
        return [m.span() for name in names for _phrase, m in self.phrases(name)
                if all(self._person(v) not in (None, ME) or v in self.both("pronouns")
                       for k, v in m.groupdict().items() if k.startswith("p") and v)]

    def index(self, match, group: str) -> int:
        return at(self.starts, match.start(group))

    def word_range(self, match) -> range:
        return range(at(self.starts, match.start() + 1), at(self.starts, match.end() - 1) + 1)

    # --- the words ----------------------------------------------------------------------

    def is_known(self, key: str) -> bool:
        w, e = self.words, self.english
        return (key in w.known or key in e.known or key in w.ignore or key in e.ignore or key in w.me
                or key in e.me or key in w.level or key in e.level or key in w.sex or key in e.sex)

    def _names_item_after(self, i: int) -> bool:
        """Whether the word at ``i`` opens an item's name, with a bonus before it and a word for
        an item right after ("a +3 War Hammer", "+2 Battle Axe"): a word of the item, never
        someone named (an article alone before it is not enough: "egy Mithril páncél" may be
        a card's name the reading does not know)."""
        toks = self.tokens
        return 0 < i < len(toks) - 1 and toks[i - 1].plus and toks[i + 1].key in self.words.items

    def _companion_word(self, key: str) -> bool:
        """Whether a word is one for a steed or a hireling, with the language's endings too
        ("Fegyverhordozóm", "Gefolgsmann"): a companion said, never someone named by it."""
        kinds = self.both("steeds") | self.both("hirelings")
        return any(f in kinds for f in stem(key, self.words.endings))

    def _person(self, key: str) -> Optional[str]:
        if key in self.words.me or key in self.english.me:
            return ME
        # a word of the question is never a name said in another script ("એને" is "him", not Ann)
        known = key in self.words.known or key in self.words.ignore or key in self.words.level
        return named(key, self.names, self.words.endings, sound_too=not known)

    def _persona(self, key: str) -> Optional[tuple]:
        for table in (self.words.personas, self.english.personas, self.cards.personas):
            if key in table:
                return table[key]
        for form in stem(key, self.words.endings)[1:]:
            if len(key) - len(form) == 1 and key in self.words.known:
                # a word the phrases use as it is ("ચોરે" steals) is no race or class with a
                # one-letter ending ("ચોર" thief + "ે")
                continue
            # "elfként", "harcosom": a race or class with the language's ending
            for table in (self.words.personas, self.cards.personas):
                if form in table:
                    return table[form]
        if len(key) >= 4 and " " not in key:
            for table in (self.words.personas, self.cards.personas):
                # a word with an ending ("harcosom", "félszerzetként"): the key's first 5 or more
                # letters, at most 4 left over; short words only as listed, or "elfut" (runs
                # away) would be an Elf. Looked up by those prefixes, not by a pass over every
                # race's and class's name (200 of them, for each word of a question)
                prefixes = [key[:n] for n in range(max(5, len(key) - 4), len(key) + 1) if key[:n] in table]
                if len(prefixes) == 1:
                    return table[prefixes[0]]
                if prefixes:  # (two names the word starts with: the first the table lists)
                    return next(found for word, found in table.items() if word in prefixes)
        return None

    def _read(self) -> None:
        toks = self.tokens
        for i, token in enumerate(toks):
            if token.separator:
                self.roles[i] = ("sep",)
            elif token.number is not None:
                self.roles[i] = ("num", token.number)
            elif (person := self._person(token.key)) is not None and not (person == ME and token.raw[-1:].lower()
                                                                           in NOT_ME_ENDINGS):
                self.roles[i] = ("person", person)
            elif token.key in self.words.sex or token.key in self.english.sex:
                sex = self.words.sex.get(token.key) or self.english.sex[token.key]
                found = self._persona(token.key)
                if found is not None:
                    # "guerrera", "elfa", "enana": a class or race said in its female form is both
                    self.roles[i] = ("persona",) + found
                    self.sexed[i] = sex
                else:
                    self.roles[i] = ("sex", sex)
        self._strangers()
        self._kin()
        self._other_player()
        self._pronouns_described()
        self._cards()
        if self.words.corrections or self.english.corrections:
            self._cards_taken_back()
        self._commanded()
        self._own_moment()
        # "Tom says he'll help", "Bob zegt dat hij meehelpt": one who says he will help announces
        # his help, no view of the question's
        announced = {self.index(match, "p0") for name in ("will_help", "helper") for _phrase, match in self.phrases(name)
                     if "p0" in match.groupdict()}
        for _phrase, match in self.phrases("opinion"):
            # "Bob szerint …", "according to Bob": whose view the question reports, no one in it
            i = self.index(match, "p0")
            if (self.roles[i] or ("",))[0] == "person" and self.roles[i][1] != ME and i not in announced \
                    and not self._reports_own_act(self.word_range(match).stop, self.roles[i][1]):
                self.roles[i] = ("opinion", self.roles[i][1])
            elif (self.roles[i] is None or self._kin_as_card(i)) and i not in announced and self._only_opining(i):
                self._opinion_unnamed(i)
        # "a dwarf like Bob", "een dwerg zoals Bob": the one named is an instance of a kind of
        # character, the question the rules' for that kind, not a situation of theirs
        self.examples = tuple(self.tokens[i].raw for i in (self.index(match, "p0") for _p, match in self.phrases("example"))
                              if (self.roles[i] or ("",))[0] == "person" and self.roles[i][1] != ME)
        for _phrase, match in self.phrases("direct_speech"):
            # "Cid riep meteen ik help je": the "I" of words someone named says out loud is
            # theirs, not the asker's; whom the rest means the reader cannot tell: no verdict
            i = self.index(match, "p0")
            said = self.tokens[self.word_range(match)[-1]].raw
            if (self.roles[i] or ("",))[0] == "person" and said not in self.doubtful:
                self.doubtful.append(said)
        # (help denied inside a leave asked, "Cid mag Bob niet helpen, toch?", denies the leave:
        # Bob is whom Cid would help)
        leave = [m.span() for _phrase, m in self.phrases("may_help")]
        for _phrase, match in self.phrases("no_help"):
            # "bob is not helping me", "Bob hilft mir nicht": the one said not to help is no
            # one in the fight (the nearest named before it in its part of the sentence, with
            # no one between but whom it is said to)
            if any(a <= match.start() and match.end() <= b for a, b in leave):
                continue
            first = self.word_range(match)[0]
            subjects = self.subject_pronouns()
            for i in range(first - 1, self._segment(first)[0] - 1, -1):
                role = self.roles[i] or ("",)
                if role[0] == "person" and self._object(i):
                    continue
                if role[0] == "person" and role[1] != ME:
                    self.roles[i] = ("not_helping", role[1])
                if role[0] == "person":
                    break
                if role[0] == "" and self.tokens[i].key in subjects \
                        and all(self.tokens[j].key in self.both("before_verb") for j in range(i + 1, first)):
                    self._help_taken_back(i)  # (the subject right before the denial: "he's not helping")
                    break
        for i in range(len(toks) - 1):
            # a race or class of two words ("space ranger", "half breed")
            pair = f"{toks[i].key} {toks[i + 1].key}"
            if self.roles[i] is None and self.roles[i + 1] is None and (found := self._persona(pair)) is not None:
                self.roles[i] = self.roles[i + 1] = ("persona",) + found
        for i, token in enumerate(toks):
            if self.roles[i] is None and (found := self._persona(token.key)) is not None:
                self.roles[i] = ("persona",) + found
        for i, token in enumerate(toks):
            if self.roles[i] is None and (found := self._persona_typo(i)) is not None:
                self.roles[i] = ("persona",) + found
        self._persona_cards()
        self._one_shots_played()
        self._named_cards_played()
        self._items_played()
        self._denied()
        self._sexed_names()
        self._numbers()
        if not self._counted_levels():
            self._counted_each()  # (a list of levels alone read, no word for each is one)
        for k, token in enumerate(toks):
            # "két nagy cuccal", "two big items": a count of Big things, no level and no bonus
            if token.key in self.both("big") and k > 0 and toks[k - 1].number is not None \
                    and not toks[k - 1].plus and 1 < toks[k - 1].number <= 6:
                self.used.add(k - 1)
        self._counted_kind()
        self._levels()
        self._roles()
        self.helping = self._helping()
        self.no_gear = any(p.found_in(self.text) for p in self.present(self.words, "lists", "no_gear"))
        self.in_combat = any(True for _ in self.own_phrases("in_combat", self.words))

    def _persona_cards(self) -> None:
        """A race or class said as the card played ("mag Bob een Elf kaart neerleggen?", "una
        carta de Elfo"): the card, no one's race; kept as (kind, code, phrase words) for the act
        of playing it (:func:`referee.ask.build.action`)."""
        self.persona_cards = []
        for phrase, match in self.phrases("persona_card"):
            k = self.index(match, "p0")
            role = self.roles[k]
            if role and role[0] == "persona":
                self.roles[k] = ("personacard",) + role[1:]
                self.persona_cards.append((role[1], role[2], phrase.words))
        for _phrase, match in self.phrases("card_held"):
            # "drew a Thief card", "een Dief kaart in de hand": the card, drawn or held, is no
            # race or class of anyone's (nor an act of playing it)
            k = self.index(match, "p0")
            if (self.roles[k] or ("",))[0] == "persona":
                self.roles[k] = ("personacard",) + self.roles[k][1:]

    def _one_shot_verb(self) -> bool:
        """Whether the text says a verb of playing a one-shot card (found once a reading)."""
        return any(True for _ in self.phrases("one_shot_play"))

    def _heard_name(self, i: int) -> bool:
        """Whether word ``i`` was read as a player by its sound, not as the name is written
        ("બેબી" heard as Bob): a card's name that takes it whole is the surer reading."""
        role = self.roles[i]
        return role[0] == "person" and fold(role[1]) != self.tokens[i].key

    def _one_shot_span(self, span: range) -> bool:
        """Whether the words of ``span`` are a one-shot card's name, its last with an ending too."""
        others = self.cards.others
        card = others.get(" ".join(self.tokens[i].key for i in span)) or self._with_ending(others, span)
        return card is not None and card.type == "one-shot item"

    def _one_shots_played(self) -> None:
        """A one-shot card named by its name with a verb of playing it in its part of the
        sentence ("is Cid allowed to chuck a Friendship Potion", "mag Cid zijn Babyolie
        spelen?"): the act of playing that card; kept as (card, phrase words + 1, the name's
        words) for :func:`referee.ask.build.action`. Its words are the card's, so a word of
        a one-shot's kind in its name ("potion") asks no bonus."""
        self.one_shots_played = []
        verbs = [(phrase, self.word_range(match)) for phrase, match in self.phrases("one_shot_play")]
        if not verbs:
            return  # (the names are looked for only where a verb of playing one is said)
        for span, card in self._other_spans():
            if card.type != "one-shot item" or any(self.roles[i] and not self._heard_name(i) for i in span):
                continue
            segment = self._segment(span[0])
            said = [phrase.words for phrase, words in verbs if words and words[0] in segment]
            if said:
                for i in span:
                    self.roles[i] = ("oneshotcard", card.id)
                self.one_shots_played.append((card, max(said) + 1, span))

    def _named_cards_played(self) -> None:
        """A monster enhancer or a curse named by its card name, with a verb of playing a card
        and a leave asked ("may …") in its part of the sentence ("mag Bob een Woedend spelen?",
        "Bob will Ann Körpergeruch reindrücken"): the act of playing a card of that kind; kept
        as (act, phrase words + 1) for :func:`referee.ask.build.action`. Only where leave is
        asked there, so "Bob plays Enraged on my troll, who wins?" stays a fight."""
        self.cards_played = []
        named = [(i, ACTS_OF_CARDS[role[0]]) for i, role in enumerate(self.roles) if role and role[0] in ACTS_OF_CARDS]
        if not named:
            return
        verbs = [(phrase.words, self.word_range(match)) for phrase, match in self.phrases("one_shot_play")]
        asked = [self.word_range(match) for _phrase, match in self.phrases("may_do")]
        for i, act in named:
            segment = self._segment(i)
            said = [n for n, words in verbs if words and words[0] in segment]
            if said and any(words and words[0] in segment for words in asked):
                self.cards_played.append((act, max(said) + 1))

    def _items_played(self) -> None:
        """An item card named by its card name, with a verb of playing a card (``item_play``)
        and a leave asked ("may …") in its part of the sentence ("can she play the Mace of
        Sharpness she just drew?", "¿puede jugar la Mace of Sharpness?"): leave to play that
        item, not whether the gear worn is legal; kept as (card, phrase words + 1) for
        :func:`referee.ask.build.action`."""
        self.items_played = []
        named = {role[1].name: i for i, role in enumerate(self.roles) if role and role[0] == "itemcard"}
        if len(named) != 1:
            return  # (one item card played: two named are gear compared or traded)
        verbs = [(phrase.words, self.word_range(match)) for phrase, match in self.phrases("item_play")]
        if not verbs:
            return
        (card, i), = named.items()
        segment = self._segment(i)
        said = [n for n, words in verbs if words and words[0] in segment]
        if said and any(words and words[0] in segment for words in
                        (self.word_range(match) for _phrase, match in self.phrases("may_do"))):
            self.items_played.append((card, max(said) + 1))

    def _persona_typo(self, i: int) -> Optional[tuple]:
        """A race or class typed one letter off ("ik ben tovenar lvl 7", "soy guerero nivel 4"),
        where a description stands: after a word of being, or beside a level or a number. Only
        a word no list knows and no card names, so a word of the language is never read so."""
        toks, key = self.tokens, self.tokens[i].key
        # (a script's vowel signs are letters too, and its words short: "વામણ" for "વામન")
        shortest = TYPO_LENGTH if key.isascii() else TYPO_LENGTH - 1
        if len(key) < shortest or not key.replace("\u0acd", "").isalpha() and key.isascii() \
                or any(ch.isdigit() or ch in "+-'" for ch in key) or self.is_known(key) or key in self.cards.monsters:
            return None
        levels = self.both("level")
        beside = [toks[j] for j in (i - 1, i + 1) if 0 <= j < len(toks)]
        if not (any(t.key in levels or t.number is not None for t in beside) or (i > 0 and self._being_at(i - 1))):
            return None
        table = _typo_table(self.words, self.cards)
        found = {table.get(form) for form in {key} | _deletes(key)} - {None}
        return found.pop() if len(found) == 1 else None

    def _counted_each(self) -> None:
        """"two monsters, one level 5 and the other level 9", "dos monstruos, uno nivel 5 y otro
        nivel 9": after a count of monsters, a word for one of them (``each_counted``) with a
        level right after it is one of those monsters, and the level is its, not the asker's."""
        if not self.monster_count:
            return
        toks, levels = self.tokens, self.both("level")
        counted = self.monster_count[0][0] + 1  # the word counted ("monstruos")
        if counted >= len(toks) or toks[counted].separator:
            return
        for _phrase, match in self.phrases("each_counted"):
            j = self.word_range(match)[-1]
            k = j + 2 if j + 2 < len(toks) and self._being_at(j + 1) else j + 1  # ("one is level 4")
            if j <= counted or self.roles[j] is not None and (self.roles[j] or ("",))[0] != "num" \
                    or k >= len(toks) or not (toks[k].key in levels or toks[k].number is not None):
                continue
            self.used.discard(j)
            if toks[j].number is not None:
                self.used.add(j)  # ("uno", "one": a word for one of them, no number of anything)
            self.roles[j] = ("card", len(self.monsters))
            self.monsters.append({"name": self._word_name(counted), "at": j, "end": j})

    def _counted_levels(self) -> bool:
        """"two monsters, level 4 and level 5", "két szörny jött, egy 4es meg egy 5ös", "બે
        monster આવ્યા lvl ૩ ને lvl ૪": a count of monsters, then (after a verb or a comma at
        most) exactly that many levels listed, each alone: each level is one of those monsters,
        not the asker's. Any word after a level (a name, a race) and the list is no such list.
        Whether the list was read."""
        if not self.monster_count or self.monsters:
            return False
        toks, levels = self.tokens, self.both("level")
        at, count = self.monster_count[0]
        counted = at + 1
        if counted >= len(toks) or toks[counted].separator:
            return False
        each = {k for _phrase, match in self.phrases("each_counted") for k in self.word_range(match)}
        k, skipped = counted + 1, 0
        while k < len(toks) and skipped < 3 and self.roles[k] in (None, ("sep",)) and toks[k].key not in levels \
                and toks[k].key not in self.words.articles and k not in each and toks[k].key not in (".", "?", "!"):
            k, skipped = k + 1, skipped + 1  # ("jött,", "showed up:", "આવ્યા"): the verb and a comma
        listed = self._level_list(k, count, each)
        if listed is None or len(listed[0]) != count:
            return False
        found, ones = listed
        # ("eins lvl 2": a word for one of them, no number of anything)
        self.used.update(k for k in ones if toks[k].number is not None)
        for number in found:
            self.used.add(number)
            self.roles[number] = ("card", len(self.monsters))
            self.monsters.append({"name": "Monster", "at": number, "end": number,
                                  "level": toks[number].number})
        return True

    def _level_list(self, k: int, count: int, each: set) -> Optional[tuple]:
        """The levels listed from word ``k`` on for ``count`` counted monsters ("level 4 and level
        5", "egy 4es meg egy 5os", "one a 4, one a 5"): their words' places and those of the
        words for one of them, or None where the words are no such list (see
        :meth:`_counted_levels`)."""
        toks, levels = self.tokens, self.both("level")
        found, ones = [], []
        while k < len(toks) and len(found) <= count:
            while k + 1 < len(toks) and (toks[k].key in self.words.articles or k in each) and (
                    toks[k + 1].number is not None or toks[k + 1].key in levels or k + 1 in each
                    or toks[k + 1].key in self.words.articles):
                ones.append(k)
                k += 1  # ("egy 4es", "one a 4", "the other level 5"; not "1 and 5", the level 1)
            start = k
            k += k < len(toks) and toks[k].key in levels
            if k >= len(toks) or toks[k].number is None or toks[k].plus or not 0 < toks[k].number <= MONSTER_LEVELS:
                return None
            number = k
            k += 1
            k += k < len(toks) and toks[k].key in levels and toks[start].key not in levels
            found.append(number)
            if k >= len(toks) or toks[k].key in (".", "?", "!", ";"):
                break
            if len(found) == count and toks[k].separator:
                # (the list ends there; a level right after is one more: no such list)
                # ("…, egy 3-as és egy 7-es, 8-as harcos vagyok": a level before a race or class
                # is someone's)
                after = toks[k + 1] if k + 1 < len(toks) else None
                described = k + 2 < len(toks) and (self.roles[k + 2] or ("",))[0] == "persona"
                if after is not None and (after.number is not None or after.key in levels) and not described:
                    return None
                break
            if not (toks[k].key in self.both("together") or toks[k].key == ","):
                return None  # ("two monsters, a level 4 troll …"): a level of a monster named after it
            k += 1
        return found, ones

    def _counted_kind(self) -> None:
        """A count and a word for a kind of item, with as many item cards named after it ("dos
        cascos puestos, el Casco con Cuernos y el Yelmo de Visión Periférica", "two helmets, the
        …"): the cards are the items, the count no level and the word no one."""
        toks = self.tokens
        for k in range(1, len(toks)):
            count = toks[k - 1].number
            if count is None or toks[k - 1].plus or not 1 < count <= 6 or self.roles[k] is not None \
                    or not self._item_word(toks[k].key):
                continue
            cards = {self.roles[j][1].id for j in range(k + 1, len(toks))
                     if (self.roles[j] or ("",))[0] == "itemcard"}
            if len(cards) == count:
                self.used.add(k - 1)
                self.roles[k] = ("itemkind",)

    def _sexed_names(self) -> None:
        """A word for a sex after an article and before a word no list knows, with a level
        after them, is the start of a monster's name ("un hombre planta nivel 4", "a man thing
        level 6"): the name wins, and no one's sex is said."""
        toks, articles = self.tokens, self.both("articles")
        levels = self.both("level")
        for i in range(1, len(toks) - 2):
            if (self.roles[i] or ("",))[0] != "sex" or toks[i - 1].key not in articles or self.roles[i + 1] is not None:
                continue
            after = toks[i + 1]
            little = levels | self.both("ignore") | articles
            if after.separator or after.number is not None or after.key in little or self._persona(after.key):
                continue  # (a word of the phrases may be a name's: "planta" is also "I plant")
            if not (toks[i + 2].key in levels or toks[i + 2].number is not None):
                continue
            self.roles[i] = self.roles[i + 1] = ("card", len(self.monsters))
            self.monsters.append({"name": f"{toks[i].raw.capitalize()} {after.raw.capitalize()}", "at": i, "end": i + 1})

    def _strangers(self) -> None:
        """Without a table, a capitalised word that is no word of the question is a player's
        name ("… Bob is level 2")."""
        if self.names:
            self._strangers_at_table()
            return
        # "Will is a level 3 thief … can Will backstab me?": a name said with a description, each
        # time it is said, first in a sentence or a word of the language too
        described = self.described_names = self._described_names()
        for i, token in enumerate(self.tokens):
            raw = token.raw
            if self._subject_of(i) or self._dies_as_subject(i):
                # "cid (level 8) is fighting a level 10 troll": a word no list knows, the subject
                # of a verb of fighting, is someone
                self.names.append(raw[:1].upper() + raw[1:])
                self.roles[i] = ("person", self.names[-1])
                continue
            if self._card_owner_slot(i):
                # "den Horny Helmet von Jonas", "મીરા ના Spiky Knees": a word no list knows where
                # an item card's owner is said is whom the card belongs to
                self.names.append(raw[:1].upper() + raw[1:])
                self.roles[i] = ("person", self.names[-1])
                continue
            acted_on = self._acted_on(i)
            if acted_on:
                # "hátba szúrhatom zsoltit aki harcol": a lowercase word no list knows, right after
                # a verb of acting on someone, with the object's ending or "who" after it
                self.names.append(acted_on)
                self.roles[i] = ("person", acted_on)
                continue
            if self._described_in_brackets(i):
                # "bob (level 6 elf, +2) helps": a word no list knows, described in brackets
                # (a word for kin of mine is named as typed: "m'n zus (lvl 6 elf)" is "zus")
                self.names.append(self._kin_name(i) if self._kin_of_mine(i) else raw[:1].upper() + raw[1:])
                self.roles[i] = ("person", self.names[-1])
                continue
            if self._whose_turn_described(i) or self._whose_turn_named(i):
                # "het is de beurt van joris (lvl 5)": a lowercase word no list knows, said whose
                # turn it is and described in brackets, is someone; so is a capital word said
                # whose turn it is, first in its sentence too ("Zsófi köre van, …", "Zoe's turn")
                name = raw[:-2] if raw.endswith(("'s", "’s")) else raw
                self.names.append(name[:1].upper() + name[1:])
                self.roles[i] = ("person", self.names[-1])
                continue
            if self._named_as_me_word(i):
                # "mi compa Lucho (guerrero nivel 4)": a name that is also a word for the asker
                self.names.append(raw)
                self.roles[i] = ("person", raw)
                self.names_not_verbs.add(i)
                self.named_at[i] = raw
                continue
            if self.roles[i] is None and self._caseless_opening(i) \
                    and (raw in described or (self._leveled_opening(i) and token.key not in self.cards.monsters
                                              and not self._monster_word(token.key))):
                # "નેહા લેવલ 6 ની એલ્ફ છે": a word no list knows, first in its sentence in a
                # script with no capitals, said to have a level and a race or class (or a level,
                # then taken up by "he": "રાજ લેવલ ૩ છે અને એ … ભાગે છે")
                self.names.append(raw)
                self.roles[i] = ("person", raw)
                continue
            if self.roles[i] is None and self._leveled_clause(i):
                # "… and rahul is level six he is fighting …", "… ને રાહુલ લેવલ છ નો છે એ … લડે છે":
                # an uncapitalised word no list knows, opening a part of the sentence, said to be
                # at a level and taken up by "he": someone, as a monster is no "he" who acts
                self.names.append(raw if not raw[:1].islower() else raw[:1].upper() + raw[1:])
                self.roles[i] = ("person", self.names[-1])
                continue
            if self.roles[i] is None and not raw[:1].isupper() and not raw[:1].islower() and raw[:1].isalpha() \
                    and not self.is_known(token.key) and self._persona(token.key) is None \
                    and token.key not in self.cards.monsters and not self._in_card_name(i) and self._helps(i):
                # a script with no capitals (Gujarati): a word no list knows before a word of
                # helping is someone ("કિરણ મદદ કરે છે")
                self.names.append(raw)
                self.roles[i] = ("person", raw)
                continue
            if (self.roles[i] is None and raw[:1].isupper() and raw[1:2].islower()
                    and (i > 0 or self._pronoun_named(i) or raw in described or self._leveled_opening(i))
                    and (not self.is_known(token.key) or raw in described) and self._persona(token.key) is None
                    and token.key not in self.cards.monsters and not self._in_card_name(i)
                    # (nor a monster card with the language's ending: "… vagyok, Óriásborzot húztam")
                    and not (self.words.endings and self._card_with_ending(range(i, i + 1)))
                    and not self._item_card_at(i)  # "egy Létra", "una Escalera de mano": the card
                    and not self._kin_of_mine(i)  # "mein kleiner Bruder": no one named
                    and i not in self.game_words  # "Star Munchkint játszunk": the game's name
                    # (a price in brackets after it: "my Crown (700 gold)" is a thing sold)
                    and not (i + 2 < len(self.tokens) and self.tokens[i + 1].key == "("
                             and self.tokens[i + 2].number is not None and self._priced(i + 2))
                    and token.key not in self.cards.enhancers  # "le han puesto Cría": the card
                    # (and with a case ending or an adjective's: "egy -5-ös Bébit")
                    and self._enhancer(token.key) is None
                    and not self._companion_word(token.key)  # "Gefolgsmann mit +1": a hireling
                    and token.key not in self.words.items  # "Schwert +2": an item, no one's name
                    and not self._names_item_after(i)  # "a +3 War Hammer": the item's own name
                    # (a thing said Big is no one: "einer großen Leiter +2")
                    and self.tokens[i - 1].key not in self.both("big")
                    and not self._thing_listed(i)
                    and (self.tokens[i - 1].key not in SENTENCE_MARKS or raw in described
                                                                  or self._paired(i) or self._helps(i)
                                                                  or self._named_with_level(i) or self._pronoun_named(i))
                    and (not self._marked(i) or self._helps(i + 2))
                    and not self._fled_before(i)
                    # (nor a monster no card names, as the language spells it: "gegen Troll Stufe 9")
                    and token.key not in self.words.monster_names
                    # (nor a race or class typed one letter off: "ich bin Zaubrer Stufe 5")
                    and self._persona_typo(i) is None
                    # (nor a thing said to take one hand or two: "und Rammbock +4 (zweihändig)")
                    and self._hands_of(i, i + 1 if i + 1 < len(self.tokens) and self.tokens[i + 1].plus else i) is None
                    and (not self.words.nouns_capitalised or raw in described or self._named_with_level(i) or self._helps(i)
                         or self._pronoun_named(i)
                         # "Tom und Jan sind beide auf 5": two capital words joined, a level after
                         or (self._paired(i) and (self._named_with_level(i + 2)
                                                  or self.tokens[i + 2].raw in described)))):
                self.names.append(raw[:-2] if raw.endswith("'s") else self._name_uncased(raw))
                self.roles[i] = ("person", self.names[-1])
                if raw in described and self.is_known(token.key):
                    self.names_not_verbs.add(i)  # (no phrase's verb: "can Will …" is no "will")
                    self.named_at[i] = raw

    def _strangers_at_table(self) -> None:
        """At a table, a word no list knows that starts its sentence as the subject of a verb
        of fighting, dying or selling ("કિરણ … વેચે", "Kiran vende sus cosas") is someone the
        table lacks: that person, never the player whose turn it is."""
        # ("Kiran, level 6 elf, is fighting …": said with a level and a race or class, too)
        described = self._described_names()
        for i, token in enumerate(self.tokens):
            if self.roles[i] is None and self._opens_sentence(i) \
                    and (self._subject_of(i) or self._dies_as_subject(i)
                         or (token.raw in described and not self.is_known(token.key))):
                self.names.append(token.raw[:1].upper() + token.raw[1:])
                self.roles[i] = ("person", self.names[-1])
            elif self.roles[i] is None and self._card_owner_slot(i, before=False):
                # ("den Horny Helmet von Jonas": whose card it is, one the table lacks; one said
                # before the card at a table stays unread, where a gear reading would judge the asker's)
                self.names.append(token.raw[:1].upper() + token.raw[1:])
                self.roles[i] = ("person", self.names[-1])

    def _card_owner_slot(self, i: int, before: bool = True) -> bool:
        """Whether word ``i``, a capital word or one of a script with no capitals that no list
        knows, is said as an item card's owner: right after the card and a word of owning ("den
        Horny Helmet von Jonas", "the Spiky Knees of Mira", "… off Jess"), or right before such words and the
        card ("મીરા ના Spiky Knees"; never first in its sentence with a capital, where it may be
        a verb: "Ellophatom a …"); ``before=False``: after the card only."""
        toks, raw = self.tokens, self.tokens[i].raw
        # (nor a word of an item card's own name: "el Báculo de Napalm", "the Staff of Napalm")
        if raw[:1].islower() or not raw[:1].isalpha() or self._subject_of_blocked(i) or self._item_card_at(i):
            return False
        if i >= 2 and toks[i - 1].key in self.both("owner_after") and self._item_card_at(i - 2):
            return True
        # ("the Horny Helmet off Jess": whom the card is taken from)
        if any(self.index(m, "p0") == i and self.word_range(m)[0] > 0 and self._item_card_at(self.word_range(m)[0] - 1)
               for _phrase, m in self.phrases("robbed") if "p0" in m.groupdict()):
            return True
        if not before:
            return False
        j, between = i + 1, self.both("owner_before")
        while j < len(toks) and toks[j].key in between and not toks[j].separator:
            j += 1
        return i + 1 < j < len(toks) and self._item_card_at(j) \
            and not (raw[:1].isupper() and self._opens_sentence(i))

    def _acted_on(self, i: int) -> Optional[str]:
        """The name a lowercase word no list knows is, said right after a verb of acting on
        someone ("can i backstab tom who …", "hátba szúrhatom zsoltit aki …"), where an
        object's ending or a relative word for a person after it says it is someone (a monster
        is no one acted on so): the word without its ending ("zsoltit" is Zsolti), else None."""
        toks, token = self.tokens, self.tokens[i]
        if not token.raw[:1].islower() or i == 0 or self._subject_of_blocked(i):
            return None
        before = i - 1 if toks[i - 1].key not in self.words.object_before else i - 2
        if before < 0 or not any(self.word_range(m)[-1] == before for act in ACTS_ON_SOMEONE
                                 for _phrase, m in self.table_matches("actions", act)):
            return None
        after = i + 2 if i + 2 < len(toks) and toks[i + 1].key == "," else i + 1
        ending = max((e for e in self.words.object_endings if token.key.endswith(e) and len(token.key) - len(e) >= 3),
                     key=len, default="")
        if not ending and not (after < len(toks) and toks[after].key in self.words.relatives):
            return None
        raw = token.raw[: len(token.raw) - len(ending)] if ending else token.raw
        return raw[:1].upper() + raw[1:]

    def _subject_of_blocked(self, i: int) -> bool:
        """Whether word ``i`` is taken, a word of the question, a race or class, or a card's:
        never a name no list knows."""
        token = self.tokens[i]
        return self.roles[i] is not None or self.is_known(token.key) or self._persona(token.key) is not None \
            or token.key in self.cards.monsters or self._in_card_name(i) or self._monster_word(token.key) \
            or (self.words.endings and self._known_with_ending(token.key))

    def _described_names(self) -> list[str]:
        """"Will is a level 3 thief", "Roos is level 4 elf", "Wolf ist Stufe 4, Zwerg", "con Paz
        que es clériga nivel 4": a capital word said to have a level and a race or class is
        someone (no monster has a race or class), first in its sentence or a word of the
        language too. A word of the language only where it is written with a capital inside
        a sentence somewhere ("can Will backstab"), as a name is and the word is not."""
        toks, out = self.tokens, []
        refused = self.both("pronouns") | self.both("generic") | self.both("level") | self.both("objects")
        for i, token in enumerate(toks):
            raw = token.raw
            if self.roles[i] is not None or not (raw[:1].isupper() and raw[1:2].islower() or self._caseless_opening(i)) \
                    or raw in out \
                    or token.key in refused or i in self.game_words \
                    or (i + 1 < len(toks) and self._persona(f"{token.key} {toks[i + 1].key}") is not None) or token.key in self.cards.monsters or self._persona(token.key) is not None \
                    or not self._level_and_kind_after(i):
                continue
            if self.is_known(token.key) and not any(
                    t.raw == raw and k > 0 and toks[k - 1].key not in SENTENCE_MARKS for k, t in enumerate(toks)):
                continue
            out.append(raw)
        return out

    def _caseless_opening(self, i: int) -> bool:
        """Whether word ``i`` is written in a script with no capitals (Gujarati), first in its
        sentence and no word any list knows: there a name is told by its place, as a capital
        tells it elsewhere ("નેહા લેવલ 6 ની એલ્ફ છે")."""
        raw = self.tokens[i].raw
        return raw[:1].isalpha() and not raw[:1].isupper() and not raw[:1].islower() \
            and self._opens_sentence(i) and not self.is_known(self.tokens[i].key)

    def _level_and_kind_after(self, i: int) -> bool:
        """Whether a level and a race or class follow word ``i`` (words of being, fillers and
        commas before them, nothing else between): "is a level 3 thief", "ist Stufe 4, Zwerg"
        (a relative word before the verb of being: "Paz que es clériga nivel 4")."""
        toks, levels, fillers = self.tokens, self.both("level"), self.both("ignore")
        j = i + 1
        while j < len(toks) and (toks[j].key in fillers or toks[j].key == "," or self._being_at(j)
                                 or (j == i + 1 and j + 1 < len(toks) and not toks[j].raw[:1].isupper()
                                     and self._being_at(j + 1))) \
                and toks[j].key not in levels and (self.roles[j] or ("sep",))[0] == "sep":
            j += 1
        level = kind = False
        for k in range(j, min(j + 5, len(toks))):
            if (self.roles[k] or ("",))[0] == "persona" or self._persona(toks[k].key) is not None:
                kind = True  # (the races and classes are read after the names)
            elif toks[k].key in levels or (toks[k].number is not None and not toks[k].plus):
                level = True
            # (a filler or a word of standing at a level between them: "ist Elfe auf Stufe 4",
            # "es elfa de nivel 6", "elf a 6-os szinten")
            # (not one that says "I": "…, bin Elf Stufe 5" describes the asker)
            elif toks[k].key != "," and (toks[k].key not in fillers or toks[k].key in self.both("me")) \
                    and toks[k].key not in self.words.level_at:
                break
        return level and kind

    def _named_as_me_word(self, i: int) -> bool:
        """Whether word ``i``, read as the asker by a verb form that says "I" ("lucho", I
        fight), is a name: written with a capital inside a sentence, right after a word for kin
        ("mi compa Lucho") or with brackets after it that describe someone ("Lucho (guerrero
        nivel 4)"), as a name is said and no verb is."""
        toks = self.tokens
        raw = toks[i].raw
        if self.roles[i] != ("person", ME) or self._opens_sentence(i) \
                or not (raw[:1].isupper() and raw[1:2].islower()):
            return False
        if i - 1 in self.kin_words:
            return True
        if i + 1 >= len(toks) or toks[i + 1].key != "(":
            return False
        levels = self.both("level")
        for token in toks[i + 2:]:
            if token.key == ")":
                return False
            if self._persona(token.key) is not None or token.key in levels:
                return True
        return False

    def _thing_listed(self, i: int) -> bool:
        """Whether the capital word ``i`` is a thing the asker lists with its bonus, in a text
        that says its things are Big or how many hands they take ("twee grote items aan: een
        Hamer +3 voor twee handen en een Ladder +3"): after an article, a bonus right after it,
        it is an item named, no one at the table."""
        return (0 < i < len(self.tokens) - 1 and self.tokens[i - 1].key in self.both("articles")
                and bool(self.tokens[i + 1].plus) and self.tokens[i + 1].number is not None
                and (any(t.key in self.both("big") for t in self.tokens) or bool(self._hands())))

    @cached_property
    def partners(self) -> frozenset:
        """The words of the names said as whom an act is done with ("Bob જોડે", with Bob):
        the other party of a trade, not who does it."""
        return frozenset(self.index(m, "p0") for _p, m in self.phrases("partner"))

    @cached_property
    def traded_with(self) -> frozenset:
        """The words of the names said as whom one trades with ("ruilen met Jan", "trade with
        Bob"): the other party of a deal, not one fighting beside the asker."""
        return frozenset(self.index(m, "p0") for _p, m in self.phrases("trade_partner"))

    def _fled_before(self, i: int) -> bool:
        """Whether word ``i`` stands right after a word of what one runs away from, in a flight
        ("ich renn vor dem Troll Stufe 8 weg"): what is fled from, no one at the table."""
        j = i - 1
        while j >= 0 and self.tokens[j].key in self.both("articles") | self.words.name_articles:
            j -= 1
        return j >= 0 and self.tokens[j].key in self.both("fled_from") and "run-away" in self.best("kinds")

    def _denied(self) -> None:
        """"he's not even a thief", "keine Diebin", "ચોર નથી": a race or class denied describes
        no one; it is read (no word left unknown) and given to nobody."""
        toks = self.tokens
        # "I used to be an elf", "ich war früher Elfe": one said as once held is no longer held
        former = {self.word_range(match)[-1] + 1 for _phrase, match in self.phrases("former")}
        for i, role in enumerate(self.roles):
            if not role or role[0] != "persona":
                continue
            if i in former:
                self.roles[i] = ("denied",)
                continue
            segment = self._segment(i)
            before = [j for j in range(max(0, i - 3), i) if j in segment]
            after = [j for j in range(i + 1, min(len(toks), i + 3)) if j in segment]
            if any(toks[j].key in self.both("denied") for j in before) \
                    or any(toks[j].key in self.words.denied_after for j in after):
                self.roles[i] = ("denied",)

    def _help_taken_back(self, k: int) -> None:
        """"Bob said he'd help, but he's not helping after all": help denied of "he" or "she" at
        word ``k`` takes back the help said before by the one the pronoun means (their mentions
        before it are no one in the fight, that help's words say none); a help said again after
        it stands."""
        said = self._help_said_before(k)
        who = self._help_giver(said) if said else None
        who = who if who not in (None, "pronoun") else (self._named_last(k) or self._pronoun_of(k))
        if who in (None, ME, "pronoun"):
            return
        if said:
            self.taken_back.update(self.word_range(said[1]))
        for j, name in self.mentions():
            if j < k and name == who:
                self.roles[j] = ("not_helping", who)
                if not said and not any(self.tokens[x].key in SENTENCE_ENDS for x in range(j, k)):
                    # (no phrase read it: "Cid wollte mir helfen, aber er …" all says the help taken back)
                    self.taken_back.update(range(j, k))

    def _help_said_before(self, k: int):
        """The last help said before word ``k`` in its sentence, as (phrase, match) ("Cid was going
        to help her, but he isn't"), else None."""
        last = None
        for name in ("helper", "will_help"):
            for phrase, match in self.phrases(name):
                span = self.word_range(match)
                if "p0" in match.groupdict() and span[-1] < k and (last is None or span[-1] > last[0]) \
                        and not any(self.tokens[j].key in SENTENCE_ENDS for j in range(span[-1], k)):
                    last = (span[-1], phrase, match)
        return last[1:] if last else None

    def _help_giver(self, said) -> Optional[str]:
        """Whom a help said is said of; where "he" says it, the one named last before it in its
        sentence ("Bob meinte, er springt ein": Bob)."""
        who = self._subject(*said)
        return self._named_last(self.word_range(said[1])[0]) if who == "pronoun" else who

    def _named_last(self, k: int) -> Optional[str]:
        """The one other than the asker named last before word ``k`` in its sentence, else None."""
        for j in range(k - 1, -1, -1):
            if self.tokens[j].key in SENTENCE_ENDS:
                break
            if (self.roles[j] or ("",))[0] == "person" and self.roles[j][1] != ME:
                return self.roles[j][1]
        return None

    def both(self, name: str) -> frozenset:
        """A word list of this language and of English together (players mix them: "and",
        "with", "und"), made once a reading: the reading asks for the same lists word by word."""
        found = self._both.get(name)
        if found is None:
            found = self._both[name] = getattr(self.words, name) | getattr(self.english, name)
        return found

    def subject_pronouns(self) -> frozenset:
        """The words for "he" and "she" that are never "him", "her" or "the" ("la medusa"): the
        pronouns that can be a verb's subject, made once a reading like :meth:`both`'s lists."""
        found = self._both.get("subject pronouns")  # (a key no word list is named)
        if found is None:
            found = self._both["subject pronouns"] = self.both("pronouns") - self.both("objects")
        return found

    def table_matches(self, table: str, key: str):
        """Each match of a phrase of ``table`` (``kinds``, ``actions``, ``sources``, ``games``)
        under ``key``, this language's and English's, as (phrase, match); no denial is read, as
        :meth:`phrases` reads one."""
        for words in (self.words, self.english):
            for phrase in self.present(words, table, key):
                for match in phrase.finditer(self.text):
                    yield phrase, match

    def kind_spans(self, kind: str) -> list[tuple[int, int]]:
        """Where the text says a question kind's words (this language's phrases and English)."""
        return [m.span() for _phrase, m in self.table_matches("kinds", kind)]

    def said_outside(self, kind: str, spans: list[tuple[int, int]]) -> bool:
        """Whether a word of question kind ``kind`` is said anywhere outside ``spans``."""
        return any(not any(a <= start and end <= b for a, b in spans) for start, end in self.kind_spans(kind))

    @cached_property
    def likewise(self) -> list:
        """The phrases of "as well" ("auch", "too") in this language and in English: what may
        stand between a name and its level ("Pitt is auch 6")."""
        return [phrase for w in (self.words, self.english) for phrase in w.lists.get("likewise", ())]

    @cached_property
    def likewise_words(self) -> frozenset:
        """The one-word phrases of "as well" ("también", "પણ"): a word skipped between a name and its level."""
        return frozenset(phrase.text for phrase in self.likewise if " " not in phrase.text)

    @cached_property
    def game_words(self) -> frozenset[int]:
        """The words of a game's name said in the text ("Star Munchkinnal"), with its ending."""
        games = {game for words in (self.words, self.english) for game in words.games}
        return frozenset(j for game in games for _phrase, match in self.table_matches("games", game)
                         for j in self.word_range(match))

    @cached_property
    def kin_words(self) -> frozenset[int]:
        """The words of the text's words for kin ("my daughter", "mein kleiner Bruder"), read once:
        several of a reading's steps ask whether a word is one."""
        return frozenset(j for _phrase, match in self.phrases("kin") for j in self.word_range(match))

    def _kin(self) -> None:
        """"my daughter Lily", "mijn neefje Daan": "my" before a word for kin and a name says
        whose kin the one named is; it is no mention of the one asking."""
        kin = self.kin_words
        for i in range(len(self.tokens) - 2):
            if self.roles[i] != ("person", ME) or i + 1 not in kin:
                continue
            after = self.tokens[i + 2]
            # (a second word for the same kin is no name: "mein kleiner Bruder")
            if self.roles[i + 2] is None and not self.table and after.number is None and not after.separator \
                    and i + 2 not in kin \
                    and not self.is_known(after.key) and self._persona(after.key) is None \
                    and after.key not in self.cards.monsters and not self._in_card_name(i + 2):
                # "મારો મિત્ર સેમ": a script with no capitals, the word after the kin is its name;
                # "mein kumpel tim", dictated in lower case, is shown as names are written ("Tim")
                name = after.raw[:1].upper() + after.raw[1:]
                self.names.append(name)
                self.roles[i + 2] = ("person", name)
            # (or the word for kin is someone itself: "my brother (lvl 8 warrior) is fighting")
            if any((self.roles[k] or ("",))[0] == "person" and self.roles[k][1] != ME for k in (i + 1, i + 2)):
                self.roles[i] = None
        if self.table or not kin:
            return
        for i in sorted(kin):
            if self.roles[i] is not None or not self._kin_of_mine(i) or any(
                    (self.roles[j] or ("",))[0] == "person" and self.roles[j][1] != ME for j in (i + 1, i + 2)
                    if j < len(self.tokens)):
                continue
            segment = self._segment(i)
            after = [k for k in range(i + 1, i + 4) if k in segment] + self._bracketed_after(i)
            # (described: a level or a race or class right after it, in brackets too, or "is a
            # level 4 elf" with the words of being between)
            if not ((any(self.tokens[k].number is not None or self._persona(self.tokens[k].key) is not None
                         for k in after) or self._level_and_kind_after(i))
                    and (self._helps_later(i) or self._fights_as_subject(i))):
                continue
            # "a haverom 4-es elf +2-vel segít", "my buddy, a level 4 elf, helps": kin of mine
            # no name says, described and helping, is someone, named by the word for them
            raw = self._kin_name(i)
            self.names.append(raw)
            self.roles[i] = ("person", raw)
            for j in range(max(0, i - 3), i):
                if self.roles[j] == ("person", ME) and self.tokens[j].key in self.both("my"):
                    self.roles[j] = None  # "my" says whose kin, no mention of the asker

    def _other_player(self) -> None:
        """"a másik játékos 7-es", "the other player is level 7", "બીજો player level ૪ છે": the
        one other player, described and named by no name, is someone, named by the word for a
        player; a name right after the words names them ("બીજો player Raj"). Not at a table,
        whose other players are several, each with a name."""
        if self.table:
            return
        for _phrase, match in self.phrases("other_player"):
            span = self.word_range(match)
            last = span[-1]
            # (a name said with the words, or after them in their part: "the only other player is
            # Zed at level 2", "બીજો player Raj")
            if any((self.roles[k] or ("",))[0] == "person" for k in (*span, *self._segment(last))):
                continue
            # (described: a level or a race or class said after the words, in their part or in
            # brackets right after them: "the other player (level 3 dwarf) helps me")
            after = last + 2 if last + 1 < len(self.tokens) and self.tokens[last + 1].key == "(" else last + 1
            segment = self._segment(after) if after < len(self.tokens) else range(0)
            if not any(self.tokens[k].number is not None or self.tokens[k].key in self.both("level")
                       or self._persona(self.tokens[k].key) is not None
                       for k in range(after, min(after + 4, segment.stop))):
                continue
            raw = self.tokens[last].raw
            name = raw[:1].upper() + raw[1:]
            if name in self.names:
                continue
            self.names.append(name)
            self.roles[last] = ("person", name)
            self.named_at[last] = name

    def _whose_turn_described(self, i: int) -> bool:
        """Whether word ``i`` is a lowercase word no list knows in the slot of a phrase of whose
        turn it is, with a level in brackets right after it: a player (a monster has no turn)."""
        token = self.tokens[i]
        if self.roles[i] is not None or not token.raw[:1].islower() or self.is_known(token.key) \
                or token.key in self.cards.monsters or self._monster_word(token.key) or self._persona(token.key) is not None:
            return False
        if not any(self.tokens[k].number is not None for k in self._bracketed_after(i)):
            return False
        return self._in_slot(i, self.phrases("turn_of"))

    def _whose_turn_named(self, i: int) -> bool:
        """Whether word ``i`` is a capital word no list knows in the slot of a phrase of whose
        turn it is ("Zsófi köre van", "Zoe's turn, she …"): a player, though it opens the text,
        where a capital alone says nothing (a monster has no turn)."""
        token = self.tokens[i]
        if self.roles[i] is not None or not (token.raw[:1].isupper() and token.raw[1:2].islower()) \
                or self.is_known(token.key) or token.key in self.cards.monsters or self._in_card_name(i) \
                or self._monster_word(token.key) or self._persona(token.key) is not None:
            return False
        return self._in_slot(i, self.phrases("turn_of"))

    def _kin_name(self, i: int) -> str:
        """The name a word for kin of mine gives the one it says: the word as typed, less the
        ending that says "my" where the language has one ("tesóm" is "tesó", "bátyám" "báty")."""
        raw = self.tokens[i].raw
        return _without_ending(raw, self.mine_endings) or raw

    def _name_uncased(self, raw: str) -> str:
        """A name no list knows, said with a case ending ("Bencétől", "Katának"): the name less
        the ending, a last vowel the ending lengthened short again ("Bencé" is "Bence"), so the
        player is named as the table writes them; only endings no name ends with."""
        base = _without_ending(raw, self.name_cases)
        return base[:-1] + _SHORTENED.get(base[-1], base[-1]) if base else raw

    @cached_property
    def name_cases(self) -> list[str]:
        """The language's case endings a name takes and none ends with ("-tól", "-nak"), the longest first."""
        return _longest_first(self.words, "name_cases")

    @cached_property
    def mine_endings(self) -> list[str]:
        """The language's endings that say "my" on a word for kin, the longest first."""
        return _longest_first(self.words, "mine_endings")

    def _only_opining(self, i: int) -> bool:
        """Whether word ``i``, the subject of a word of saying and read as no one, is one who
        only holds a view: a word for kin of mine ("my brother says no", "a haverom szerint")
        or a capital word no list knows ("Kev says …"), said nowhere else in the text."""
        token = self.tokens[i]
        if sum(t.key == token.key for t in self.tokens) > 1:
            return False
        if self._kin_of_mine(i):
            return True
        return token.raw[:1].isupper() and token.raw[1:2].islower() and not self.is_known(token.key) \
            and self._persona(token.key) is None and token.key not in self.cards.monsters \
            and not self._in_card_name(i) and not self._item_card_at(i)

    def _own_moment(self) -> None:
        """"before I kick the door Bob wants to swap …": the asker said only to tell when the
        question is asked is no one the act is done to or done with; the "I" of that moment is
        no mention (an "I" said elsewhere in the text still is)."""
        for _phrase, match in self.phrases("own_moment"):
            for i in self.word_range(match):
                if self.roles[i] == ("person", ME):
                    self.roles[i] = None

    def _kin_as_card(self, i: int) -> bool:
        """Whether word ``i``, read as a card, is a word for kin of mine ("mein Kumpel meint …":
        "Kumpel" is also the card Mate): before a word of saying, one who holds a view."""
        return (self.roles[i] or ("",))[0] == "enhancer" and self._kin_of_mine(i)

    def _opinion_unnamed(self, i: int) -> None:
        """Word ``i`` is one whose view is reported: no one of the situation, and the "my"
        before a word for kin says whose kin, no mention of the asker."""
        self.roles[i] = ("opinion", self.tokens[i].raw)
        for j in range(max(0, i - 3), i):
            if self.roles[j] == ("person", ME) and self.tokens[j].key in self.both("my"):
                self.roles[j] = None

    def _bracketed_after(self, i: int) -> list[int]:
        """The words in brackets right after word ``i`` ("m'n zus (lvl 6 elf)"): what describes
        it, though the brackets end its part of the sentence."""
        toks = self.tokens
        if i + 1 >= len(toks) or toks[i + 1].key != "(":
            return []
        end = next((k for k in range(i + 2, min(len(toks), i + 8)) if toks[k].key == ")"), None)
        return list(range(i + 2, end)) if end is not None else []

    def _in_slot(self, i: int, matches) -> bool:
        """Whether word ``i`` is where the person slot of one of ``matches`` (phrase, match) begins."""
        return any("p0" in match.re.groupindex and match.start("p0") == self.starts[i] for _phrase, match in matches)

    def _fights_as_subject(self, i: int) -> bool:
        """Whether word ``i`` is the subject of a phrase of fighting ("a tesóm (5ös szint)
        harcol"): one who acts, never a monster."""
        return self._in_slot(i, self.own_phrases("subject_fights", self.words))

    def _helps_later(self, i: int) -> bool:
        """Whether a word of helping is said in word ``i``'s part of the sentence after it."""
        segment = self._segment(i)
        return any(self.word_range(match)[0] in segment and self.word_range(match)[0] > i
                   for _phrase, match in self.table_matches("actions", "help"))

    def _kin_of_mine(self, i: int) -> bool:
        """Whether word ``i`` is a word for kin said with "my" a few words before it ("my little
        brother", "mein kleiner Bruder"): someone no name says, never a player by that word."""
        if i not in self.kin_words:
            return False
        if not self.words.my:
            return True  # the word for kin says "my" by its ending ("öcsém", "a tesóm")
        mine = self.both("my")
        return any(self.tokens[j].key in mine or self.roles[j] == ("person", ME)
                   for j in range(max(0, i - 3), i) if not self.tokens[j].separator)

    def _item_card_at(self, i: int) -> bool:
        """Whether word ``i`` is in an item card's name ("Létra", "Siege Engine") or a short
        name of one (``item_names``), its last word with the language's ending too ("a Lángoló páncélt", "az Ostromgépet")."""
        keys = [t.key for t in self.tokens]
        # (or its short name: "la Espada Cantarina", "und Leiter")
        named = self.words.item_names
        return any(" ".join(keys[start:end]) in self.cards.items or " ".join(keys[start:end]) in named
                   or (self.words.endings and any(" ".join([*keys[start:end - 1], form]) in self.cards.items
                                                  for form in stem(keys[end - 1], self.words.endings)[1:]))
                   for start in range(max(0, i - LONGEST_NAME + 1), i + 1)
                   for end in range(i + 1, min(len(keys), start + LONGEST_NAME) + 1))

    def _dies_as_subject(self, i: int) -> bool:
        """"Max got killed, …", "max is dood, …": a word no list knows that starts its sentence,
        the subject of a verb of dying, is the one who died (capitalised or not); so is the
        subject of a verb of selling the seller ("Lucía vende cosas", "Peti eladja")."""
        if not self._opens_sentence(i):
            return False  # (inside a sentence a capital word is a name already; a lowercase one is not sure)
        # (a death said with a comma after it, the description following: "welp just died at
        # level 7" is no one's name)
        return (self._subject_of(i, "subject_dies") and self._comma_after(i, "subject_dies")) \
            or self._subject_of(i, "subject_sells")

    def _comma_after(self, i: int, name: str) -> bool:
        """Whether a phrase of ``name`` whose subject is word ``i`` ends right before a comma,
        or the killer said right after it does ("Jo got killed by Sam, …")."""
        toks = self.tokens
        ends = [self.word_range(match)[-1] for _phrase, match in self.own_phrases(name, self.words)
                if self.index(match, "p0") == i]
        ends += [self.word_range(match)[-1] for _phrase, match in self.phrases("killed_by")
                 if any(i < self.word_range(match)[0] <= end + 1 for end in ends)]
        return any(end + 1 < len(toks) and (toks[end + 1].key == "," or self._he_opens_after(end + 1)) for end in ends)

    def _he_opens_after(self, k: int) -> bool:
        """Whether word ``k`` ends a sentence and the next opens with "he" or "she" ("Sam just
        died. he was a level 6 elf"): what follows is about the one just named, as after a comma."""
        toks = self.tokens
        return toks[k].key in ".;" and k + 1 < len(toks) and toks[k + 1].key in self.both("pronouns")

    def _killer_at(self, j: int) -> bool:
        """Whether word ``j`` is the one a death is said to be done by ("killed by Bob", "door
        Bob vermoord"): the killer, whom no description after it is about."""
        return any(self.index(match, "p0") == j for _phrase, match in self.phrases("killed_by"))

    def _died_before(self, j: int) -> Optional[str]:
        """The one a phrase ending at word ``j`` says died ("Max got killed", "max is dood"),
        the part after its comma being about them; None where no such phrase ends there."""
        for _phrase, match in self.phrases("subject_dies"):
            k = self.index(match, "p0")
            if self.word_range(match)[-1] == j and (self.roles[k] or ("",))[0] == "person":
                return self.roles[k][1]
        return None

    def _named_before(self, j: int) -> str:
        """The one named last before word ``j`` in its sentence (the asker's "I" too); none:
        the killer's word is left doubtful, as whose description it is, is not said."""
        start = j
        while not self._opens_sentence(start):
            start -= 1
        before = [who for k, who in self.mentions() if start <= k < j]
        if before:
            return before[-1]
        if self.tokens[j].raw not in self.doubtful:
            self.doubtful.append(self.tokens[j].raw)
        return ME

    def _opens_sentence(self, k: int) -> bool:
        """Whether word ``k`` is the first of its sentence."""
        return k == 0 or self.tokens[k - 1].key in SENTENCE_MARKS

    def _subject_of(self, i: int, name: str = "subject_fights") -> bool:
        """Whether word ``i`` is no word of the question and the subject of a phrase of list
        ``name``, with no article before it ("a troll is fighting"): by default one that says it
        fights ("cid is fighting", "Bob (Stufe 3) kämpft"); also one that says it dies or sells."""
        token = self.tokens[i]
        if self.roles[i] is not None or self.is_known(token.key) or self._persona(token.key) is not None \
                or token.key in self.cards.monsters or self._in_card_name(i) or self._monster_word(token.key) \
                or (i > 0 and self.tokens[i - 1].key in self.both("ignore")) \
                or (self.words.endings and self._with_stem(token.key) is not None):
            return False  # (nor a word said "with": "egy trollal harcol" fights a troll)
        return self._in_slot(i, self.own_phrases(name, self.words))

    def _in_card_name(self, i: int) -> bool:
        """Whether word ``i`` is one word of a monster card's name written out ("Plutonium
        Dragon" in a Gujarati sentence): a card, not someone."""
        toks = self.tokens
        for length in range(2, LONGEST_NAME + 1):
            for start in range(max(0, i - length + 1), min(i, len(toks) - length) + 1):
                if " ".join(t.key for t in toks[start:start + length]) in self.cards.monsters:
                    return True
                # (with the language's ending on its last word: "egy Nyáladzó nyálkával harcolok")
                if self.words.endings and self._card_with_ending(range(start, start + length)) is not None:
                    return True
                # a one-shot's too, where a verb of playing one is said: "kijátszhatom a Cinkelt kockát?"
                if self._one_shot_verb() and self._one_shot_span(range(start, start + length)):
                    return True
        # a curse's or a trap's, its "!" a word of its own ("Trap! Change Sex", "a Csapda! Nemváltást")
        for length in range(2, LONGEST_NAME + 2):
            for start in range(max(0, i - length + 1), min(i, len(toks) - length) + 1):
                words = [t.key for t in toks[start:start + length] if t.key not in ("!", "¡")]
                if len(words) < 2 or any(t.separator and t.key not in ("!", "¡") for t in toks[start:start + length]):
                    continue
                head = " ".join(words[:-1])
                if any(f"{head} {form}" in self.cards.curses for form in stem(words[-1], self.words.endings)):
                    return True
        return False

    def _paired(self, i: int) -> bool:
        """Whether a capital word is joined to a name that follows ("Piet en Kees"): a name
        too, even where it starts the sentence."""
        together = self.both("together")
        toks = self.tokens
        return (i + 2 < len(toks) and toks[i + 1].key in together and toks[i + 2].raw[:1].isupper()
                and (not self.is_known(toks[i + 2].key) or toks[i + 2].raw in self.described_names) and self._persona(toks[i + 2].key) is None
                and toks[i + 2].key not in self.cards.monsters)

    def _bracketed_of(self, i: int) -> Optional[str]:
        """The person named right before the brackets word ``i`` stands in ("Zoli (4-es
        törpe, +3)"), else None."""
        toks = self.tokens
        opened = next((j for j in range(i - 1, -1, -1) if toks[j].key in "()"), None)
        if opened is None or toks[opened].key != "(" or opened == 0 \
                or not any(toks[j].key == ")" for j in range(i + 1, len(toks))):
            return None
        role = self.roles[opened - 1]
        return role[1] if role and role[0] == "person" else None

    def _described_in_brackets(self, i: int) -> bool:
        """Whether word ``i`` is no word of the question and brackets after it describe
        someone: a race or a class (a level alone may be a monster's: "a troll (level 6)")."""
        toks = self.tokens
        if self.roles[i] is not None or i + 1 >= len(toks) or toks[i + 1].key != "(" or self.is_known(toks[i].key) \
                or toks[i].key in self.cards.monsters or self._persona(toks[i].key) is not None:
            return False
        for token in toks[i + 2:]:
            if token.key == ")":
                break
            if self._persona(token.key) is not None:
                return True
        close = next((k for k in range(i + 2, len(toks)) if toks[k].key == ")"), None)
        if close is not None and toks[i].raw[:1].isupper():
            # "Uschi (Stufe 6) is grad gestorben": dying said right after the brackets; a
            # monster is killed, a player dies, so the word described is someone
            for phrase in self.present(self.words, "kinds", "death"):
                for match in phrase.finditer(self.text):
                    if close < self.word_range(match)[0] <= close + 3:
                        return True
        # "હું (લેવલ ૨) અને પીયૂષ (લેવલ ૭) સાથે": put beside someone, a level alone describes a person
        together = self.both("together")
        if i >= 2 and toks[i - 1].key in together:
            b = self._before_brackets(i - 2)
            role = self.roles[b] if b >= 0 else None
            return bool(role) and role[0] == "person"
        return False

    def _helps(self, i: int) -> bool:
        """A capital word a word of helping follows is someone: "Bob hilft mir", "Mario me
        ayuda" (a pronoun of whom it is done to may stand between)."""
        toks = self.tokens
        j = i + 1
        if j < len(toks) and toks[j].key in self.both("objects") and j + 1 < len(toks):
            j += 1
        return j < len(toks) and toks[j].key in _help_words(self.words, self.english)

    def _marked(self, i: int) -> bool:
        """Whether the word is written in the command's syntax, ``Troll:8``: a monster."""
        return i + 1 < len(self.tokens) and self.tokens[i + 1].raw == LEVEL_MARK

    def _commanded(self) -> None:
        """``Troll:8`` inside a sentence: the monster (a card, or the word) at that level."""
        for i, token in enumerate(self.tokens):
            if token.raw != LEVEL_MARK or i == 0 or i + 1 >= len(self.tokens):
                continue
            number, role = self.tokens[i + 1], self.roles[i - 1]
            if number.number is None or (role is not None and role[0] != "card"):
                continue
            if role is None:
                self.roles[i - 1] = ("card", len(self.monsters))
                self.monsters.append({"name": self.tokens[i - 1].raw.strip("'\"").capitalize(), "at": i - 1,
                                      "end": i - 1})
            self.monsters[self.roles[i - 1][1]]["level"] = number.number
            self.used.add(i + 1)

    def take_bonus(self, k: int) -> None:
        """Word ``k``'s bonus is an item's, said beside it: used, and no longer a bonus a phrase
        gave the players (read as a one-shot's where no one was described)."""
        self.used.add(k)
        if k in self.plus_at:
            del self.plus[self.plus_at.index(k)]
            self.plus_at.remove(k)

    def _reports_own_act(self, after: int, who: str = "") -> bool:
        """Whether what a named person says, from word ``after`` on, is an act of their own:
        "cid says he's gonna backstab me", "Cid sagt, er sticht mir in den Rücken", "Cid zegt
        dat hij me gaat backstabben" (a pronoun as its subject: the one who says it), or "Cid
        dice que me va a apuñalar" (the asker as its object: someone else does it, and no one
        else is named). Then the person is in the question, not a view it reports."""
        subjects = self.subject_pronouns()
        mine = self.both("objects") & self.both("me")
        # (an act said with no subject, where the language leaves it out: "Dee dice que va a
        # maldecir a Cid", "Cid azt mondja, hátba szúr": the one who says it does it)
        acts = {self.word_range(m).start for act in set(self.words.actions) | set(self.english.actions)
                for _phrase, m in self.table_matches("actions", act)}
        # (a fight or a flight of one's own is such an act, said with "he" or "she": "Bob
        # behauptet, er kommt von dem Monster weg", "Bob says he beats the troll"; where someone
        # else is named, "Bob says she loses" is of that one's fight; with no subject, "Bob azt
        # mondja, elfutok" the verb's own person may be "I")
        said = any(after <= k < after + REPORTED_ACT for k in acts)
        if not said and not any(role and role[0] == "person" and role[1] not in (who, ME) for role in self.roles):
            fights = {self.word_range(m).start for kind in FIGHT_KINDS for _phrase, m in self.table_matches("kinds", kind)}
            said = any(after <= k < after + REPORTED_ACT for k in fights)
        if not said:
            return False  # "Bob reckons he gets the rest": a claim, no act of his asked about
        seen = 0
        for k in range(after, min(after + REPORTED, len(self.tokens))):
            token, role = self.tokens[k], self.roles[k] or ("",)
            if token.separator:
                continue
            if seen == 0 and token.key in self.both("generic"):
                return False  # "Cid says you can sell stuff for levels": a rule told, no act of his
            if token.key in mine or token.key in subjects:
                return True
            if role[0] in ("person", "persona", "card", "itemcard", "opinion") or token.key in self.both("me"):
                return False  # someone or something else is named first, or "I": a view of it
            if k in acts:
                return True
            seen += 1
            if seen == REPORTED_WORDS:
                return False
        return False

    def _pronoun_named(self, i: int) -> bool:
        """Whether a capital word that starts a sentence is its subject, taken up by "he" or
        "she" right after the next comma with a level ("Raj નો turn પૂરો થયો, એ level 4 વામન
        છે", "Raj's turn is over, he is a level 4 dwarf"): someone named, in a sentence that
        names no one else before the pronoun."""
        if not self._opens_sentence(i):
            return False
        pronouns = self.both("pronouns")
        for k in range(i + 1, len(self.tokens) - 1):
            token = self.tokens[k]
            if token.key in ".!?;" or (self.roles[k] or ("",))[0] == "person" \
                    or (token.raw[:1].isupper() and not self.is_known(token.key)):
                return False
            if token.key == ",":
                p = k + 1
                if self.tokens[p].key not in pronouns:
                    pointing = self._pointing()
                    return self._described_bare(p) and any(t.key in pointing for t in self.tokens[p:])
                j = p + 1
                while j < len(self.tokens) and (self.tokens[j].key in self.words.ignore or self._being_before(j + 1)):
                    j += 1
                # (or a race or class first: "él es enano de nivel 4")
                return self._named_with_level(p) or (j < len(self.tokens) and self._persona(self.tokens[j].key) is not None)
        return False

    def _pointing(self) -> frozenset:
        """The words that point back at one named elsewhere after a bare description: a
        pronoun, or a possessive of someone else ("Max got killed, level 3 dwarf, who gets his
        stuff?": "his" is Max's as "he" would be), made once a reading."""
        found = self._both.get("pointing")
        if found is None:
            found = self._both["pointing"] = self.both("pronouns") | self.both("theirs")
        return found

    def _subject_described_bare(self, start: int) -> Optional[str]:
        """"Lena ist grad gestorben, Stufe 5 Halbling Dieb, was behält sie?": a bare description
        after the first part of a sentence describes the one that part opens with (the one other
        named, whom the pronoun after it means), else None."""
        if start < 2 or self.tokens[start - 1].key != "," or not self._described_bare(start):
            return None
        first = self._segment(start - 2)[0]
        role = self.roles[first] or ("",)
        if role[0] != "person" or role[1] == ME or not self._opens_sentence(first):
            return None
        pointing = self._pointing()
        if {who for _j, who in self.mentions()} - {role[1], ME} \
                or not any(t.key in pointing for t in self.tokens[start:]):
            return None
        return role[1]

    def _described_bare(self, p: int) -> bool:
        """Whether word ``p`` opens a bare description, a level or a race or class with no one
        named ("Lena ist grad gestorben, Stufe 5 Halbling Dieb, was behält sie?"): with a pronoun
        after it, the one the sentence names first is whom it describes."""
        key = self.tokens[p].key
        return key in self.both("level") or self.tokens[p].number is not None or self._persona(key) is not None

    def _priced(self, j: int) -> bool:
        """Whether the number at word ``j`` is a price, a phrase of gold said with it and the word
        after it ("700 Gold")."""
        said = " " + " ".join(t.key for t in self.tokens[j:j + 3]) + " "
        return any(phrase.found_in(said) for words in (self.words, self.english) for phrase in words.lists.get("gold", ()))

    def _leveled_clause(self, i: int) -> bool:
        """Whether word ``i``, uncapitalised (dictated, or a script with no capitals) and no word
        any list knows, opens a part of the sentence ("and rahul is level six he …") and is
        said to be at a level with "he" after it: a name, as :meth:`_leveled_opening` tells."""
        token = self.tokens[i]
        raw = token.raw
        if not raw[:1].isalpha() or raw[:1].isupper() or self.is_known(token.key) \
                or self._persona(token.key) is not None or token.key in self.cards.monsters \
                or self._monster_word(token.key) or token.key in self.words.monster_names \
                or self._in_card_name(i):
            return False
        joins = self.both("clauses") | self.both("together")
        return (i == 0 or self.tokens[i - 1].key in SENTENCE_MARKS or self.tokens[i - 1].key in joins) \
            and self._leveled_opening(i, opened=True)

    def _leveled_opening(self, i: int, opened: bool = False) -> bool:
        """Whether word ``i``, the first of its sentence, is said to be at a level with the word
        for it ("Tom's level 4 and he's running …", "Zsolt 3-as szintű és ő …") and "he" or
        "she" is said after it: someone named, as a monster the text opens with is no "he" who acts."""
        toks, level_words = self.tokens, self.both("level")
        j = i + 1
        while j < len(toks) and self._being_before(j + 1):
            j += 1
        if j + 2 < len(toks) and toks[j].key in self.words.level_at:
            j += 1  # "Jake's at level 2 and …", "Paul ist auf Stufe 2 und …"
        if not (opened or self._opens_sentence(i)) or j + 1 >= len(toks):
            return False
        # (the word for level first, or the number: "level 4", "3-as szintű")
        number = toks[j + 1] if toks[j].key in level_words else toks[j] if toks[j + 1].key in level_words else None
        return number is not None and number.number is not None and not number.plus \
            and (any(t.key in self.both("pronouns") for t in toks[j + 2:]) or self._goes_on_left_out(j + 2))

    def _goes_on_left_out(self, k: int) -> bool:
        """Whether the words from ``k`` go on with a verb of the third person, its subject left
        out, after "and" or a comma ("Lucía es nivel 6, pelea …", "Bence 4-es szintű és egyedül
        harcol"): the one the sentence opens with does it."""
        toks, skipped = self.tokens, self.both("clauses") | self.words.before_verb
        start = k
        # (a word of being first: "Zoli 3-as szinten van és fut …")
        while k < len(toks) and (toks[k].key == "," or toks[k].key in skipped or (k == start and self._being_at(k))):
            k += 1
        return start < k < len(toks) and toks[k].key in self.words.left_out

    def _named_with_level(self, i: int) -> bool:
        """Where nouns are capitalised, a name is a capital word no article stands before and a
        level (or "is level") follows: "Bob ist Stufe 2"."""
        if self.tokens[i - 1].key in self.words.articles:
            return False
        j = i + 1
        while j < len(self.tokens) and (self.tokens[j].key in self.words.ignore or self.tokens[j].key == "("
                                        or self._being_before(j + 1)
                                        # "Pitt is auch 6": a word of "as well" before the level
                                        or any(phrase.found_in(f" {self.tokens[j].key} ") for phrase in self.likewise)) \
                and self.tokens[j].key not in self.words.level:
            j += 1  # "Bob (Stufe 3)": the level in brackets after the name
        if j < len(self.tokens) and self.tokens[j].number is not None and self._priced(j):
            return False  # "meine Krone (700 Gold)": a thing's price, no one's level
        if j < len(self.tokens) and (self.tokens[j].key in self.words.level or self.tokens[j].number is not None):
            return True
        # "Ana va por el nivel 7", "lena ist auf 5": a phrase of someone's level right after
        after = self.starts[i + 1] if i + 1 < len(self.starts) else -1
        return any(match.start() + 1 == after for _phrase, match in self.phrases("person_level"))

    def _cards_taken_back(self) -> None:
        """A monster card said, then a correction and another card ("the Gazebo... no wait, the
        Net Troll", "el Gólem... no, perdón, la Piñata"): a player who corrects himself fights
        the later card, the one taken back is in no fight (its words read as nothing)."""
        toks, corrections = self.tokens, self.words.corrections + self.english.corrections
        firsts = {c[0] for c in corrections}
        for i in range(1, len(toks)):
            size = _correction_at(toks, i, corrections) if toks[i].key in firsts else 0
            while size and (end := self._correction_after(i + size, corrections, firsts)):
                size = end - i  # "nee, ik bedoel", "nein, ich meine": one correction said twice
            if not size or i + size >= len(toks):
                continue
            before, small = i - 1, 0
            while before > 0 and (toks[before].separator or (self.roles[before] is None and small < 1)):
                small += not toks[before].separator  # ("Goma... no": its dots; "een Gazebo uit, nee")
                before -= 1
            after, small = i + size, 0
            while after < len(toks) - 1 and (toks[after].separator or (self.roles[after] is None and small < 2)) \
                    and toks[after].key not in SENTENCE_ENDS:
                small += not toks[after].separator  # (its article: "the", "la", "der", "het")
                after += 1
            taken, meant = self.roles[before], self.roles[after]
            if taken and meant and taken[0] == meant[0] == "card" and taken[1] != meant[1] \
                    and "card" in self.monsters[taken[1]] and "card" in self.monsters[meant[1]]:
                self._take_back_monster(taken[1])

    def _correction_after(self, i: int, corrections: tuple, firsts: set) -> int:
        """The word after another correction said from word ``i`` on (commas first), or 0."""
        j = i
        while j < len(self.tokens) and self.tokens[j].separator and self.tokens[j].key not in SENTENCE_ENDS:
            j += 1
        size = _correction_at(self.tokens, j, corrections) if j < len(self.tokens) and self.tokens[j].key in firsts else 0
        return j + size if size else 0

    def _take_back_monster(self, k: int) -> None:
        """Monster ``k`` out of the text: its words said nothing, the later monsters' roles moved
        down by one (a role holds its monster's place in the list)."""
        for j, role in enumerate(self.roles):
            if role and role[0] == "card" and len(role) == 2 and isinstance(role[1], int):
                self.roles[j] = ("taken back",) if role[1] == k else (role if role[1] < k else ("card", role[1] - 1))
        del self.monsters[k]

    def _cards(self) -> None:
        """Monster cards and monster enhancers named anywhere, the longest names first."""
        free = [i for i, r in enumerate(self.roles) if r is None]
        taken: set[int] = set()
        for length in range(LONGEST_NAME, 0, -1):
            for start in range(len(self.tokens) - length + 1):
                span = range(start, start + length)
                if any(i in taken for i in span):
                    continue
                if any(self.roles[i] is not None for i in span):
                    inner = [i for i in span if self.roles[i] != ("sep",)]
                    if length > 1 and self.roles[start] is None and self.roles[span[-1]] is None \
                            and all(self.roles[i] is None for i in inner) \
                            and all(self.tokens[i].raw == "!" for i in span if i not in inner):
                        # a card whose name has "!" in it ("Falle! Chromosomentausch")
                        curse = self.cards.curses.get(" ".join(self.tokens[i].key for i in inner))
                        if curse is not None:
                            self._take_curse(span, curse, taken)
                            continue
                    # a card whose name has a number word ("Három bővér", Ghoulfiends): the
                    # whole name, exactly, is the card; the word alone stays a number
                    if length > 1 and all(self.roles[i] is None or (
                            self.roles[i][0] == "num" and not self.tokens[i].raw[:1].isdigit()) for i in span):
                        text = " ".join(fold(self.tokens[i].raw) if self.roles[i] else self.tokens[i].key
                                        for i in span)
                        card = self.cards.monsters.get(text) or (
                            self._card_with_ending(span, text.rsplit(" ", 1)[0]) if self.words.endings else None)
                        if card is not None:
                            for i in span:
                                self.roles[i] = ("card", len(self.monsters))
                            taken.update(span)
                            self.used.update(span)  # its number word is no level, no bonus
                            self.monsters.append({"card": card, "name": card.name, "at": start,
                                                  "end": start + length - 1})
                    continue
                curse = self._curse_said(" ".join(self.tokens[i].key for i in span))
                if curse is not None:
                    # "la trampa de cambio de sexo", "the sex change trap": a curse or trap said
                    # in the players' own words, the card as if named
                    self._take_curse(span, curse, taken)
                    continue
                if self.tokens[start].key in self.words.ignore or self.tokens[span[-1]].key in self.words.ignore:
                    if length > 1:
                        continue  # "a nettroll": the card is "nettroll"
                text = " ".join(self.tokens[i].key for i in span)
                card = self.cards.monsters.get(text)
                if card is None and length > 1 and self.words.name_words:
                    # "plutonium draak": a card the catalog names in English, a word of it said
                    # in the language's own (the whole name read so, never one word alone)
                    card = self.cards.monsters.get(" ".join(self.words.name_words.get(self.tokens[i].key,
                                                                                       self.tokens[i].key) for i in span))
                if card is None and self.words.endings:
                    card = self._card_with_ending(span)
                if card is None and length == 2:
                    card = self._compound_card(span)
                found = self._enhancer(text) if card is None and length == 1 else None
                if card is None and (text in self.cards.enhancers or found) and not (
                        # ("hoe hoog is hij dan", "how high": the adjective asked about, no card)
                        start > 0 and self.tokens[start - 1].key in self.both("degree")) and not (
                        span[-1] + 1 < len(self.tokens) and (self.roles[span[-1] + 1] or ("",))[0] == "person"
                        # ("… feldühödöttet Cid nettrolljára": the one named owns the monster after)
                        and not self._monster_named_at(span[-1] + 2)
                        # ("… પર ક્રોધિત નાખું": a verb that says "I play", no one the word is said of)
                        and not self._my_verb(span[-1] + 1)):
                    # (not a word said of someone: "my mate Tom" is a friend, not the card Mate)
                    card_, bonus = self.cards.enhancers[found or text]
                    # the card's whole effect: its bonus and the treasures it adds or takes,
                    # which the card named carries into the verdict (monsters.enhancers-treasure)
                    more = card_.facts.get("treasures") if isinstance(card_.facts.get("treasures"), int) else 0
                    for i in span:
                        self.roles[i] = ("enhancer", bonus, more, card_.name)
                    taken.update(span)
                    continue
                item = self.cards.items.get(text) if card is None else None
                if item is None and card is None and self.words.endings:
                    item = self._item_with_ending(span)
                if item is None and card is None:
                    item = self._item_said(span, text)
                if item is not None:
                    # an item card named ("a siege engine and a stepladder"): whose, is told by describe
                    for i in span:
                        self.roles[i] = ("itemcard", item)
                    taken.update(span)
                    continue
                curse = self.cards.curses.get(text) if card is None else None
                if curse is None and card is None and self.words.endings:
                    curse = self._with_ending(self.cards.curses, span)  # "a páncélvesztést"
                if curse is not None:
                    # a curse or a trap named ("Falle! Chromosomentausch"): no monster, no item
                    self._take_curse(span, curse, taken)
                    continue
                if card is None and not all(self.is_known(self.tokens[i].key) for i in span) \
                        and not self._exact_inside(text):
                    card = fuzzy_card(self.cards, text)
                    if card is not None and card.type == "item":
                        # an item card's name with a typo ("the mace of sharpnes"): that item
                        for i in span:
                            self.roles[i] = ("itemcard", card)
                        taken.update(span)
                        continue
                if card is not None:
                    for i in span:
                        self.roles[i] = ("card", len(self.monsters))
                    taken.update(span)
                    self.monsters.append({"card": card, "name": card.name, "at": start, "end": start + length - 1})
        del free
        if not self.monsters:
            self._scattered_card()

    def _exact_inside(self, text: str) -> bool:
        """Whether words ``text`` are an item card's exact name and one word more at either end
        ("boots of butt kicking off"): the name, never a typo of a longer one taking the word."""
        head, _, last = text.rpartition(" ")
        _first, _, tail = text.partition(" ")
        return bool(head) and (head in self.cards.items or tail in self.cards.items)

    #: the most words from a name's first word read to its last, when said apart
    SCATTERED_SPAN = 6

    def _scattered_card(self) -> None:
        """"that troll with the net", "az a múmia király, Tut vagy mi": a monster named by all
        the words of its short name, in another order or with words between, in one part of a
        sentence; only where one card fits ("troll" alone, a word of many, names none)."""
        scattered = self.cards.scattered
        found: dict = {}
        for i, token in enumerate(self.tokens):
            if self.roles[i] is None:
                for name, count in scattered.get(token.key, ()):
                    found.setdefault((name, count), {})[token.key] = i
        full = {name: where for (name, count), where in found.items() if len(where) == count}
        if len({self.cards.monsters[name].id for name in full}) != 1:
            return
        name, where = next(iter(full.items()))
        at = sorted(where.values())
        if at[-1] - at[0] > self.SCATTERED_SPAN or any(
                self.tokens[m].key in ".!?;" for m in range(at[0] + 1, at[-1])):
            return
        card = self.cards.monsters[name]
        for i in at:
            self.roles[i] = ("card", len(self.monsters))
        self.monsters.append({"card": card, "name": card.name, "at": at[0], "end": at[-1]})

    def _my_verb(self, k: int) -> bool:
        """Whether word ``k`` is a verb that says "I" ("નાખું", "rárakok"), read as the asker,
        and no "me" or "my" of whom something is said."""
        key = self.tokens[k].key
        return self.roles[k] == ("person", ME) and key not in (
            self.both("my") | self.both("objects")
            | self.both("articles"))

    def _monster_named_at(self, k: int) -> bool:
        """Whether word ``k`` names a monster card, with the language's endings too."""
        if k >= len(self.tokens) or self.tokens[k].separator:
            return False
        return self.tokens[k].key in self.cards.monsters or bool(
            self.words.endings and self._card_with_ending(range(k, k + 1)))

    def _enhancer(self, key: str) -> Optional[str]:
        """A monster enhancer's name with an adjective's ending ("wütenden", "uralte",
        "enfurecida", "descomunales"): the name as the cards give it, or None."""
        if key in self.cards.enhancers:
            return None
        said = self.words.enhancer_words.get(key)
        if said is not None and said in self.cards.enhancers:
            return said  # "woedend", "oeroude": the card as this language's players name it
        # a case ending on the name ("bébit": Baby, as the object)
        ended = next((form for form in stem(key, self.words.endings)[1:]
                      if len(form) >= 3 and form in self.cards.enhancers), None)
        if ended is not None or len(key) < 5:
            return ended
        for name in self.cards.enhancers:
            if len(name) >= 5 and " " not in name and (
                    (key.startswith(name) and len(key) - len(name) <= 2)
                    or (len(key) == len(name) and key[:-1] == name[:-1] and key[-1] in "ao")):
                return name
        return None

    def _item_said(self, span: range, text: str):
        """The item card the words ``text`` name by the language's players' short name for it
        (``item_names``: "Leiter", the Stepladder; "Espada Cantarina"), said with no bonus right
        beside it; with one ("ne Leiter +2") it is an item of that kind described, not the card."""
        name = self.words.item_names.get(text) or self.english.item_names.get(text)
        if name is None:
            return None
        toks = self.tokens
        if any(0 <= k < len(toks) and toks[k].plus for k in (span[0] - 1, span[-1] + 1, span[-1] + 2)):
            return None
        return next((card for card in self.cards.items.values() if card.name == name), None)

    def _curse_said(self, text: str):
        """The curse or trap card the words ``text`` name as the language's players say it
        (``curse_names``, in the language or in English), else None."""
        for words in (self.words, self.english):
            name = words.curse_names.get(text)
            if name is not None:
                return next((card for card in self.cards.curses.values() if card.name == name), None)
        return None

    def _take_curse(self, span: range, curse, taken: set) -> None:
        """The words of ``span`` name a curse or trap card: read as that card, and nothing else."""
        for i in span:
            self.roles[i] = ("cursecard", curse)
        taken.update(span)
        self.curses.append(curse)

    def _item_with_ending(self, span: range):
        """An item card's name whose last word carries the language's ending ("az ostromgépet")."""
        return self._with_ending(self.cards.items, span)

    def _compound_card(self, span: range):
        """A monster whose one-word name is said as two words ("rossz csontok" for Rosszcsontok,
        "fa paraszttal" for Faparaszt with its ending, "baum tölpel"): a phone's dictation and
        quick typing part a compound, and the two words written together are the card. Only a
        name of seven letters or more, so that no two little words make one."""
        first, second = (self.tokens[i].key for i in span)
        joined, apart = first + second, f"{first} {second}"
        if min(len(first), len(second)) < COMPOUND_PART or len(joined) < COMPOUND_NAME or not joined.isalpha():
            return None
        if any(apart in names for names in (self.cards.curses, self.cards.items, self.cards.others)) \
                or self._curse_said(apart) is not None:
            return None  # two words that are a card's name as they stand ("Big Foot", the curse)
        card = self.cards.monsters.get(joined)
        if card is None and self.words.endings:
            card = self._unended(self.cards.monsters, joined)
        return card

    def _card_with_ending(self, span: range, head: Optional[str] = None):
        """A monster's name whose last word carries the language's ending ("gumigólemmel",
        "ટ્રોલને"): the card, or None."""
        return self._with_ending(self.cards.monsters, span, head)

    def _with_ending(self, names: dict, span: range, head: Optional[str] = None):
        """What ``names`` holds under the words of ``span`` with an ending taken off the last one
        (``head``: the words before it, as read), or None."""
        if head is None:
            head = " ".join(self.tokens[i].key for i in span[:-1])
        return self._unended(names, self.tokens[span[-1]].key, head)

    def _unended(self, names: dict, word: str, head: str = ""):
        """What ``names`` holds under ``head`` and ``word`` with an ending of the language taken
        off ``word``, or None."""
        for form in stem(word, self.words.endings)[1:]:
            found = names.get(f"{head} {form}".strip())
            if found is not None:
                return found
        return None

    def _copies_of(self, i: int) -> int:
        """How many cards of the bonus at ``i`` are played; a count said with a sign of times
        ("x2") is read by it."""
        if i in self.times:
            self.used.add(self.times[i])
        return self.copies.get(i, 1)

    def _times_beside(self, j: int) -> Optional[int]:
        """The count written with a sign of times beside the bonus at ``j`` ("+2 potion x2",
        "+2 x2", "2x +2"), the word of that count, else None: dropped, it halved the bonus said."""
        toks = self.tokens
        after = [k for k in (j + 1, j + 2, j + 3) if k < len(toks) and toks[k].key.startswith(TIMES)
                 and all(not toks[m].separator and toks[m].number is None for m in range(j + 1, k))]
        k = after[0] if after else (j - 2 if j >= 2 and toks[j - 1].key == TIMES else -1)
        if k >= 0 and toks[k].number is not None and not toks[k].plus and 2 <= toks[k].number <= 6 \
                and k not in self.used:
            return k
        return None

    def _counted_bonuses(self, k: int, count: int) -> None:
        """"two potions, a plus two and a plus three", "dos pociones (+2 y +3)": the bonuses
        listed right after a count of one-shots, as many as it counts, are theirs — read only
        where the list is that long and says nothing else."""
        little = self.both("together") | self.both("articles")
        found = []
        while k < len(self.tokens) and len(found) < count:
            token = self.tokens[k]
            if token.plus and k not in self.used:
                found.append(k)
            elif not (token.key in (",", "(", ")", ":") or token.key in little):
                break
            k += 1
        if len(found) == count:
            for j in found:
                self.used.add(j)
                self.plus.append(abs(self.tokens[j].number))
                self.plus_at.append(j)

    def _monster_bonus_said(self) -> None:
        """A bonus a monster card named in the text has of its own against a race, said again
        by the asker with the race it is against ("Bigfoot … he gets +3 vs dwarves", "la Babosa
        Babeante, que le saca +4 a los elfos", "der kriegt ja +3 gegen Zwerge"): the card
        already gives it where it applies, so the number is no one's gear and no bonus played,
        and the race (said in the plural as often as not) describes no one."""
        own = {}  # race -> the bonuses the named monsters have against it
        for monster in self.monsters:
            card = monster.get("card")
            for race, bonus in ((card.facts.get("bonus_vs") or {}) if card is not None else {}).items():
                own.setdefault(race, set()).add(bonus)
        if not own:
            return
        races = {}  # race -> the words of any language's players for it
        for table in (self.words.personas, self.english.personas, self.cards.personas):
            for word, (kind, code) in table.items():
                if kind == "race" and code in own and " " not in word:
                    races.setdefault(code, set()).add(word)
        toks = self.tokens
        # the words that say what a bonus is against ("vs", "gegen", "ellen", "સામે"): the race
        # said with one is whom the card's bonus is against, not the asker ("dwarf +3 vs Bigfoot")
        against = {k for _phrase, match in self.phrases("against") for k in self.word_range(match)}
        # (and one word of them said in brackets, which the phrases do not read: "Bigfoot (+3 vs dwarves)")
        plain = {phrase.plain.strip() for words in (self.words, self.english)
                 for phrase in words.lists.get("against", ()) if phrase.plain and " " not in phrase.plain.strip()}
        against |= {k for k, token in enumerate(toks) if token.key in plain}
        if not against:
            return

        together = self.both("together")
        signs = {**self.english.signs, **self.words.signs}

        def race_word(j: int, race: str) -> bool:
            role = self.roles[j]
            if role and role[0] == "persona":
                return role[1:] == ("race", race)
            if role is not None:
                return False
            # "dwarves", "elfos", "Zwerge", "törpék": the word with a plural's ending (its last
            # letter may change before it: "elf", "elves")
            key = toks[j].key
            return any(len(key) - len(word) <= 3 and len(word) >= 3 and key.startswith(word[:-1])
                       for word in races.get(race, ()))

        for i, token in enumerate(toks):
            if token.number is None or token.number <= 0 or i in self.used:
                continue
            segment = self._segment(i)
            kinds = [race for race, bonuses in own.items() if token.number in bonuses]
            near = [j for j in range(max(segment.start, i - 5), min(segment.stop, i + 6))
                    if j != i and any(k in against for k in (j - 2, j - 1, j + 1)) and any(race_word(j, r) for r in kinds)]
            if not near:
                continue
            # (and each race joined to one by "and": "+3 vs dwarves and halflings")
            while near[-1] + 2 in segment and toks[near[-1] + 1].key in together \
                    and any(race_word(near[-1] + 2, r) for r in kinds):
                near.append(near[-1] + 2)
            self.used.add(i)
            for j in near:
                self.roles[j] = ("against",)  # whom the card's bonus is against: no one described
                self.used.add(j)
        # "Bigfoot, die is extra sterk tegen dwergen", "contra los enanos", "a törpék ellen": the
        # card's bonus said with no number, the race beside the word of 'against'
        for j in range(len(toks)):
            if j not in self.used and self._against_race(j, against) and any(race_word(j, race) for race in own):
                self.roles[j] = ("against",)  # whom the card's bonus is against: no one described
                self.used.add(j)
                # (a sign word just before, with no number, says more, no bonus: "es más fuerte contra")
                self.used.update(k for k in range(max(self._segment(j).start, j - 4), j)
                                 if toks[k].number is None and toks[k].key in signs)

    def _against_race(self, j: int, against: set) -> bool:
        """Whether word ``j`` is said as what 'against' is against: right after it, or after one
        word of no role between ("contra los enanos"); or right before it where no monster follows
        ("a törpék ellen", "વામન સામે"; "a dwarf against Bigfoot" is the dwarf's fight), in a
        language that marks a word's case after it (``object_endings``), as it says 'against'."""
        toks, roles = self.tokens, self.roles
        if j - 1 in against or (j - 2 in against and roles[j - 1] is None and toks[j - 1].number is None):
            return True
        if j + 1 not in against or not self.words.object_endings:
            return False  # ("I'm a dwarf to be fair, and Bigfoot …": the asker's race)
        after = next((k for k in range(j + 2, min(len(toks), j + 4)) if roles[k] is not None), None)
        return after is None or roles[after][0] not in ("card", "monster")

    def _numbers(self) -> None:
        """Numbers that phrases say are bonuses, gold, cards in hand or a die roll."""
        self._monster_bonus_said()
        for _phrase, match in self.phrases("either_bonus"):
            # "is it +3 for me or just +1?": bonuses weighed as the question's answers are no
            # one's bonus (a verdict that sums bonuses cannot tell which is meant: doubtful)
            raw = self.tokens[self.index(match, "n0")].raw
            self.used.update(self.index(match, name) for name in ("n0", "n1"))
            if raw not in self.doubtful:
                self.doubtful.append(raw)
        # a level aimed at ("reach level 10") describes no one: its number is taken first
        # a count of levels before gold: "a monster worth 2 levels" is no 2 gold
        for _phrase, match in self.phrases("one_shots"):
            # "dos pociones, una de +3 y otra de dos", "két bájitalt": how many one-shots,
            # checked against the bonuses read once a fight is built (a count with fewer
            # bonuses is not understood); read before the bonuses, so a count is no bonus —
            # unless the number is said as a value ("egy ötös italt": a five)
            i = self.index(match, "n0")
            token = self.tokens[i]
            valued = any(fold(token.raw).endswith(e) for e in self.words.valued)
            if i not in self.used and not token.plus and token.number > 1 and not valued:
                self.counted.append((i, token.number))  # used only where a fight reads as many bonuses
                self._counted_bonuses(self.word_range(match)[-1] + 1, token.number)
        # "két +2es bájitalt", "two +2 potions": a count right before a bonus is how many
        # cards of that bonus, not a level nor a bonus of its own
        toks, copies = self.tokens, self.copies
        levels = self.both("level")
        for j in range(1, len(toks)):
            count = toks[j - 1]
            if toks[j].plus and count.number is not None and not count.plus and 2 <= count.number <= 6 \
                    and not count.raw[:1].isdigit() and j - 1 not in self.used \
                    and not (j >= 2 and toks[j - 2].key in levels):
                copies[j] = count.number
                self.used.add(j - 1)
            times = self._times_beside(j) if toks[j].plus and j not in copies else None
            if times is not None:
                # its count taken only where the bonus is played as cards (``_copies_of``): read as
                # gear, "+2 x2" leaves the "2" unread, no verdict
                copies[j], self.times[j] = toks[times].number, times
        for _phrase, match in self.phrases("own_total"):
            # "mit Schwert und Helm bin i eh auf 9", "with sword and helmet I'm at 9": the asker's
            # own sum of level and gear, said again; checked against them, no level and no bonus
            i = self.index(match, "n0")
            if i not in self.used and not self.tokens[i].plus:
                self.used.add(i)
                self.own_totals.append(self.tokens[i].number)
        for name, into in (("goal", self.goals), ("monster_plus", self.monster_plus), ("plus", self.plus),
                           ("changes", self.changes), ("gold", self.golds)):
            for _phrase, match in self.phrases(name):
                i = self.index(match, "n0")
                if name == "goal" and self._being_before(self.word_range(match)[0]):
                    continue  # "estoy a nivel nueve": where one is, not where one gets to
                if name == "goal" and self._at_before(self.word_range(match)[0]):
                    continue  # "auf Stufe 9 durch Verkaufen": the level one is at, not the one reached
                if any(i == k for k, _n in self.counted):
                    continue  # "két bájitalt": a count of one-shots, no bonus
                if into is self.golds and self.tokens[i].plus:
                    continue  # "a potion worth +3" is a bonus, not gold
                if into is self.plus and not self.tokens[i].plus and self.tokens[i].number > UNSIGNED_BONUS:
                    continue  # "nen 400er Trank", "a 300 potion": its price, no one-shot gives +300
                if into in (self.monster_plus, self.plus) and self._undone(i):
                    self.used.add(i)
                    self.undone_at.append(i)
                    continue  # "someone put +5 on it but it got cancelled": no bonus left
                if into is self.monster_plus and self._had(i):
                    if self._item_in_part(i) and i not in self.used:
                        # "ik heb +3 op mijn zwaard": an item's bonus, which the table may count already
                        self.used.add(i)
                        self.doubtful.append(self.tokens[i].raw)
                        continue
                    into = self.plus  # "tengo +3 encima", "ich hab +3 drauf": the one asking's bonus
                elif into is self.monster_plus and self._described_before(i):
                    continue  # "voy por el nivel 14 con +7 encima": said in one's own description, gear
                elif into is self.monster_plus and any(i in self.word_range(m) for _p, m in self.phrases("run_modifier")):
                    continue  # "a llama, it's +1 on run away": a steed's Run Away number
                if into is self.monster_plus and self._thrown(i):
                    if not self._one_shot_beside(i) and i not in self.used:
                        # "dee gooit er +5 op": thrown onto the monster, said of no one-shot,
                        # is as well an enhancer for it: which side it is for is not said
                        self.used.add(i)
                        self.doubtful.append(self.tokens[i].raw)
                    continue  # "een drankje van +2 op bigfoot gooien": thrown at it, for the players
                if i not in self.used:
                    self.used.add(i)
                    for _copy in range(self._copies_of(i) if into in (self.plus, self.monster_plus) else 1):
                        into.append(abs(self.tokens[i].number))
                        if into is self.plus:
                            self.plus_at.append(i)
        # "de 8 a 10", "from 7 to 9": a level gone from and to, no strengths said again
        moves = {self.index(match, name) for _p, match in self.phrases("from_to") for name in ("n0", "n1")}
        # (one number for both sides first: "15 each side" is no "15 each" of one side)
        for name, sides in (("total_both", 2), ("total", 1)):
            for _phrase, match in self.phrases(name):
                # "so it's ten all", "dann steht es 10 zu 10", "nine v nine": the strengths said
                # again; the verdict must give a side each of them, or the text was not understood.
                # "both sides 15", "બંને બાજુ ૧૫": one number, the strength of each side
                slots = [self.index(match, group) for group in match.groupdict() if group.startswith("n")
                         and match.group(group) is not None]
                if slots and not any(i in self.used or self.tokens[i].plus for i in slots) \
                        and not set(slots) <= moves:
                    self.used.update(slots)
                    self.totals.extend(self.tokens[i].number for i in slots for _side in range(sides))
        for _phrase, match in self.phrases("monster_count"):
            # "két szörny: egy goblin és egy ork": how many monsters, no level of a monster
            i = self.index(match, "n0")
            token = self.tokens[i]
            # not "egy 8-as szörny" (a level-8 monster): a number with an ending (written on or
            # after a hyphen: "9-es szörny ellen"), or after an article
            before = self.tokens[i - 1].key if i > 0 else ""
            if re.search(r"\d-?[^\W\d_]", token.raw) or before in self.words.articles \
                    or before in self.both("level"):
                continue
            if i not in self.used and not token.plus and 2 <= token.number <= 9:
                self.used.add(i)
                self.monster_count.append((i, token.number))
        for _phrase, match in self.phrases("promised"):
            i = self.index(match, "n0")
            if not self.tokens[i].plus:
                self.used.add(i)  # "ill give u two treasures": a deal, no piece of the verdict
        for _phrase, match in self.phrases("price"):
            # "only if he gets both treasures": a helper's price, no piece of the verdict
            self.used.update(i for i in self.word_range(match) if self.tokens[i].number is not None
                             and not self.tokens[i].plus)
        for _phrase, match in self.phrases("both"):
            i = self.index(match, "n0")
            if self.tokens[i].number == 2 and not self.tokens[i].plus:
                self.used.add(i)  # "los dos": both of them, no count
        for _phrase, match in self.phrases("discard"):
            # "descarta tres cartas", "discards 2 cards to flee": how many, beside the verb
            span = self.word_range(match)
            i = self._count_beside(span)
            if i is not None:
                self.used.add(i)
                self.discarded.append((match.start(), self.tokens[i].number))
            elif any(set(self.word_range(one)) & set(range(span[0] - 3, span[-1] + 4))
                     for _p, one in self.phrases("one_card")):
                # "gooit een kaart weg", "tira una carta": one card, said with an article
                self.discarded.append((match.start(), 1))
        for _phrase, match in self.phrases("die_cost"):
            # "spent 1 level on the munchkin die": what the roll of the die costs, one level,
            # is no one's level and no change asked about
            span = self.word_range(match)
            self.used.update(k for k in span if self.tokens[k].number == 1 and not self.tokens[k].plus
                             and k + 1 in span and self.tokens[k + 1].key in levels)
        self._companions()
        together = self.both("together")
        for phrase, match in self.phrases("gear"):
            i = self.index(match, "n0")
            if i not in self.used:
                self.used.add(i)
                if any(w in together for w in phrase.text.split()):
                    self.gear_at.append(i)  # "with +5": whose, is told once the monsters are known
                else:
                    self._tell(self._owner(i), "gear", abs(self.tokens[i].number))  # "+3 gear"
        for _phrase, match in self.phrases("hand"):
            i = self.index(match, "n0")
            if i not in self.used:
                self.used.add(i)
                self._tell(self._owner(i), "hand", self.tokens[i].number)

    @cached_property
    def _act_name_words(self) -> frozenset:
        """The words of an act's name of more than one word ("Look for Trouble-re"): read only
        where a word looks like a steed's ("look" is "ló" with an ending), never a companion (no
        phrase with words between: what stands between is not the name)."""
        return frozenset(k for words in (self.words, self.english) for act in words.actions
                         for phrase in self.present(words, "actions", act) if phrase.words > 1 and "…" not in phrase.text
                         for match in phrase.finditer(self.text) for k in self.word_range(match))

    def _companions(self) -> None:
        """A steed or a hireling said of someone, with its bonus: "+1 hireling", "ich reite ne
        schildkröte, die gibt -1 beim weglaufen" (a Run Away modifier, where a phrase says so)."""
        self.companions: list[tuple[int, str, dict]] = []  # (word, "steed"|"hireling", mapping)
        # the companions said by the word for their kind alone ("ein Reittier", "a hireling"):
        # no steed card named by the word ("Schildkröte"), no bonus said of it (read, never changed)
        self.kind_only: set[int] = set()
        run = [set(self.word_range(m)) for _p, m in self.phrases("run_modifier")]
        # words in brackets are not in the text phrases match ("(ભાગવામાં -૧)"): a signed number
        # in brackets beside a word of a Run Away phrase is a Run Away modifier too
        run_words = None  # (read only where a bracketed bonus is)
        for k, token in enumerate(self.tokens):
            if token.plus and self._bracketed(k) is not None:
                if run_words is None:
                    run_words = {w for words in (self.words, self.english) for phrase in words.lists.get("run_modifier", ())
                                 for w in fold(phrase.text.replace("{n}", " ")).split()}
                if any(0 <= j < len(self.tokens) and self.tokens[j].key in run_words for j in (k - 1, k + 1)):
                    run.append({k})
        # a bonus said with its own word belongs to that word: "Ausrüstung +3 plus mein
        # Gefolgsmann", "+3 aan spullen en mijn huurling" (the +3 is the gear's; "mit +1" is
        # whoever is named with it)
        together = self.both("together")
        gear = {self.index(match, "n0") for phrase, match in self.phrases("gear")
                if not any(w in together for w in phrase.text.split())}
        for i, token in enumerate(self.tokens):
            forms = stem(token.key, self.words.endings)
            kind = "steed" if any(f in self.words.steeds or f in self.english.steeds for f in forms) else \
                "hireling" if any(f in self.words.hirelings or f in self.english.hirelings for f in forms) else None
            if kind is None or self.roles[i] is not None or i in self._act_name_words:
                continue
            if i >= 2 and self.tokens[i - 1].key == "(" and self.roles[i - 2] == ("companion", kind):
                # "ઘોડો (સવારી)", "a horse (steed)": the word in brackets says what the one
                # before them is, no second steed
                self.roles[i] = ("companion", kind)
                continue
            if self._same_companion(i, kind):
                # "een Turtle als rijdier", "a Turtle as my steed": the word after "as" says
                # what the one just named is, no second steed
                self.roles[i] = ("companion", kind)
                continue
            entry: dict = {"name": token.raw.strip("'\"")}
            card = self._hireling_card() if kind == "hireling" else self._companion_card(forms, kind)
            if card is not None:
                # a hireling said by a word of the language ("escudero", "fegyverhordozóm"):
                # the base game's one Hireling card, named as the situation names it
                entry["name"] = card.name
            segment = self._segment(i)
            # the nearest bonus, the one after it first on a tie: "ein Schwert +3 und nem
            # Gefolgsmann +1", "een huurling van +1" (the +3 is the sword's)
            near = sorted((k for k in (*range(i - 1, i - 4, -1), *range(i + 1, i + 6)) if k in segment),
                          key=lambda k: (abs(k - i), (k > i) if self.words.bonus_before else (k < i)))
            if i + 2 < len(self.tokens) and self.tokens[i + 1].key == "(" and self.tokens[i + 2].plus:
                near.insert(0, i + 2)  # "a hireling (+1)": its bonus in brackets right after it
            bonus = next((k for k in near if self.tokens[k].plus and k not in self.used and k not in gear), None)
            if bonus is None:
                # "ich reite ne schildkröte, die gibt -1 beim weglaufen", "કાચબા પર બેઠો છું
                # (ભાગવામાં -૧)": a Run Away modifier said later in the sentence
                k = i + 1
                while k < len(self.tokens) and self.tokens[k].key not in ".!?":
                    if self.tokens[k].plus and k not in self.used and any(k in r for r in run):
                        bonus = k
                        break
                    k += 1
            if bonus is not None and kind == "hireling" and any(bonus in r for r in run):
                bonus = None  # a Run Away number is a steed's: no hireling prints one
            if bonus is None and (kind == "hireling" or card is None):
                self.kind_only.add(i)
            if bonus is not None:
                self.used.add(bonus)
                value = self.tokens[bonus].number
                if any(bonus in r for r in run):
                    entry["run_away"] = value
                else:
                    entry["bonus"] = value
            if kind == "hireling" and card is not None and "bonus" not in entry and isinstance(card.facts.get("bonus"), int):
                entry["bonus"] = card.facts["bonus"]  # no bonus said: the card's own (+1)
            if card is not None and kind == "steed":
                # (a steed card named: the situation takes what it prints where the text says nothing)
                entry["name"] = card.name
            self.roles[i] = ("companion", kind)
            self.companions.append((i, kind, entry))

    def _same_companion(self, i: int, kind: str) -> bool:
        """Whether the companion word at ``i`` follows one of its kind said just before, with
        only little words between them ("als", "as my") and no word that adds another ("and")."""
        together = self.both("together")
        for j in range(i - 1, max(i - 4, -1), -1):
            if self.roles[j] == ("companion", kind):
                return j < i - 1  # two steed words side by side are read as written
            token = self.tokens[j]
            if token.key in self.both("my"):
                continue  # "as my steed"
            if self.roles[j] is not None or token.separator or token.plus or token.key in together \
                    or token.key in ("(", ")"):
                return False
        return False

    def _companion_card(self, forms: list, kind: str):
        """The steed card a word names, in any language and with the language's endings
        ("Schildkröte", "teknősömön", "schildpad"), or None (a steed of no card: "horse")."""
        for form in forms:
            card = self.cards.others.get(form)
            if card is None and form in self.words.companion_names:
                english = fold(self.words.companion_names[form])
                card = self.cards.others.get(english)
            if card is not None and card.type == kind:
                return card
        return None

    def _hireling_card(self):
        """The base game's Hireling card, the hireling a word of the language names when no
        other card does (None where the cards have none)."""
        return next((card for card in self.cards.others.values() if card.id == "hireling"), None)

    def _at_before(self, i: int) -> bool:
        """Whether the word before word ``i`` is one that says at which level someone stands
        ("auf", "at"): a level said after it is where they are, however it goes on."""
        return i > 0 and self.tokens[i - 1].key in self.words.level_at

    def _being_before(self, i: int) -> bool:
        """Whether the word before word ``i`` says where someone is ("estoy", "I'm", "ben")."""
        return i > 0 and any(phrase.found_in(f" {self.tokens[i - 1].key} ")
                             for w in (self.words, self.english) for phrase in w.lists.get("being", ()))

    def _count_beside(self, span: range) -> Optional[int]:
        """The word of a small count (1 to 8) standing within three words of ``span``, in its
        part of the sentence, after it first: "discards two cards", "drei Karten abwerfen"."""
        segment = self._segment(span[0])
        after = [k for k in range(span[-1] + 1, span[-1] + 4) if k in segment]
        before = [k for k in range(span[0] - 1, span[0] - 4, -1) if k in segment]
        for k in [*span[1:-1], *after, *before]:  # "tosses 3 cards": inside the phrase first
            token = self.tokens[k]
            if token.number is not None and not token.plus and k not in self.used and 0 < token.number <= 8:
                return k
        return None

    def discards(self) -> dict:
        """Who discards how many cards ("Dee … descarta tres cartas"): the one named nearest
        before the verb, else the asker."""
        out = {}
        named = {who for _j, who in self.mentions()}
        for start, count in self.discarded:
            i = at(self.starts, start + 1)
            owner = self._owner(i)
            if owner == ME and ME not in named and len(named) == 1 \
                    and not any(who for j, who in self.mentions() if j in self._segment(i)):
                # "Cidnek mennyi kell …, ha két lapot eldob …": no one named beside the verb and
                # no word of the one asking; the one person the text is about discards
                owner = next(iter(named))
            elif owner == ME:
                # "Dee hilft mir … und wirft drei Karten ab": a verb said of another has its
                # subject, not the "me" it was said to
                owner = self._subject_before(i) or owner
            out[owner] = count
        return out

    def _subject_before(self, i: int) -> Optional[str]:
        """Who discards, where the discarding verb at word ``i`` is said of someone else
        (``discard_other``): the one named nearest before it in its part of the sentence who is
        no object ("mir", "me"), else the first one named in the part before the "and" that
        starts it; None where that is no one else."""
        # (the phrase of discarding that starts at ``i`` and this one share a word: "ત્રણ
        # પત્તાં ફેંકે છે", "legt drie kaarten af")
        if not any(set(self.word_range(m)) & set(range(i, i + 4)) for _p, m in self.phrases("discard_other")):
            return None
        objects = self.both("objects") | self.both("my")
        segment = self._segment(i)
        subjects = [who for j, who in self.mentions() if j in segment and j < i and self.tokens[j].key not in objects]
        if subjects:
            return subjects[-1] if subjects[-1] != ME else None
        clauses = self.both("clauses")
        start = segment[0]
        # "… und wirft", "…, és eldob": the part starts at "and", or right after it
        if start < 2 or not (self.tokens[start - 1].key in clauses or self.tokens[start].key in clauses):
            return None
        named = [(j, who) for j, who in self.mentions() if j in self._segment(start - 2)]
        if not named or self.tokens[named[0][0]].key in objects or named[0][1] == ME:
            return None
        return named[0][1]

    def _gapped_levels(self) -> None:
        """"jonas ist auch sieben und lea acht", "Tom's on 3 and Ria 4": after someone's level,
        "and", a name and a bare number, the verb left out as said before it: that one's level
        (a level only where the one before it ends right before the "and")."""
        toks, joins = self.tokens, self.both("together") | self.both("clauses")
        ends = {last for _first, last, _n in self.levels}
        for i in range(3, len(toks)):
            token = toks[i]
            # (a word of "as well" between: "jonas is seven too and lea eight")
            end = i - 4 if toks[i - 3].key in self.likewise_words else i - 3
            if token.number is None or token.plus or i in self.used or not 0 < token.number <= MONSTER_LEVELS \
                    or toks[i - 2].key not in joins or end not in ends:
                continue
            if (self.roles[i - 1] or ("",))[0] == "person" or (
                    i - 1 in self.strange() and not self._monster_word(toks[i - 1].key)):
                self.levels.append((i, i, token.number))
                self.used.add(i)

    def _levels(self) -> None:
        """``level 8``, ``8th level``, ``lvl ૮`` — and, where the language says so, a bare number
        before a word (Hungarian ``9-es harcos``)."""
        level_words = self.both("level")
        toks = self.tokens
        self.listed: list = []
        for name in ("monster_level", "monster_is"):
            for phrase, match in self.phrases(name):
                # "een trol van zeven", "troll at eleven": a number said after a monster's word;
                # "the monster is 25", "a szörny huszonöt": only after a card or a word for any monster
                i, first = self.index(match, "n0"), self.word_range(match)[0]
                if i in self.used or toks[i].plus or not 0 < toks[i].number <= MONSTER_LEVELS or first == 0:
                    continue
                j = first - 1
                if self._race_as_monster(j):
                    # "a goblin at 3 and an orc at 6": a race with an article and its level
                    self.roles[j] = ("card", len(self.monsters))
                    self.monsters.append({"name": self._word_name(j), "at": j, "end": j})
                if name == "monster_is" and phrase.words > 1 and j > 0 and toks[j].key == "," \
                        and self._monster_before(j - 1, strict=True):
                    # "bob puts +3 on the monster, its level 8": the next part says its level, in
                    # words that say whose (a number alone there is anyone's)
                    j -= 1
                    self.level_said_of[(first, i)] = j
                elif name == "monster_is" and phrase.words > 2 and toks[j].separator and len(self.monsters) == 1 \
                        and self.monsters[0].get("end", first) < j:
                    # "cid can u jump in on the gazebo with me? its only level 8": a sentence
                    # of its own that says "its level", after the one monster the text names
                    j = self.monsters[0]["end"]
                    self.level_said_of[(first, i)] = j
                if self._monster_before(j, strict=name == "monster_is"):
                    self.levels.append((first, i, toks[i].number))
                    self.monster_levels.add((first, i))
                    self.used.add(i)
        for _phrase, match in self.phrases("person_level"):
            # "lena ist auf 5", "bob's on 3": a number said after someone, with no word for level
            i, first = self.index(match, "n0"), self.word_range(match)[0]
            if i in self.used or toks[i].plus or not 0 < toks[i].number <= MONSTER_LEVELS or first == 0:
                continue
            if toks[i].number == 1 and not toks[i].raw[-1:].isdigit():
                continue  # "double price on one": "one" as a word is one of the things said
            j = first - 1
            # (a word of "as well" too: "Lucas va en nivel 2 y Vero también en 2")
            fillers = self.both("ignore") | self.likewise_words
            while j > 0 and self.roles[j] is None and toks[j].key in fillers and not toks[j].separator:
                j -= 1  # "Tom and Jen are both at 5"
            role, carded = self.roles[j], False
            if (role is not None and role[0] == "person") or (j in self.strange() and not self._monster_word(
                    toks[j].key)):
                self.levels.append((first, i, toks[i].number))
                self.used.add(i)
            elif ((toks[j].separator or toks[j].key in self.words.pronouns)
                  and (self._being_at(first) or self._being_at(j))) or (carded := self._card_source_ends(first - 1)):
                # "cid juega sube un nivel, está en ocho", "bob plays go up a level, he's at 3":
                # the verb's subject left out or a pronoun; the one person the text names, if only one
                # ("Cid's playing Go Up a Level at eight": where the card's player stands)
                others = {p for _k, p in self.mentions() if p != ME}
                # (not beside a monster, whose level it may be: "bob contra el trol, está en el 8")
                if len(others) == 1 and not any(p == ME for _k, p in self.mentions()) and not self.monsters \
                        and (carded or not any(self._monster_word(t.key) for t in toks)):
                    self.listed.append((others.pop(), toks[i].number))
                    self.used.add(i)
        self._gapped_levels()
        for i, token in enumerate(toks):
            if token.number is None or i in self.used or token.plus:
                continue
            before = i - 1 if i > 0 and toks[i - 1].key in level_words else None
            after = i + 1 if i + 1 < len(toks) and toks[i + 1].key in level_words else None
            if after is None and before is None and i + 2 < len(toks) and toks[i + 2].key in level_words \
                    and toks[i + 1].key in self.words.suffixes and self.roles[i + 1] is None:
                # "૫ મા લેવલ પર", "5મા લેવલ": the number's ending written apart, then the word for level
                after = i + 2
            if before is not None:
                self.levels.append((before, i, token.number))
            elif after is not None:
                self.levels.append((i, after, token.number))
            elif self.words.bare_level and token.number <= MONSTER_LEVELS and self._bare(i):
                # (no level is in the hundreds: "a 300as csizmát" is a price)
                self.levels.append((i, i, token.number))
            elif self._level_first(i):
                # "zes dwerg strijder, vier aan spullen": a part of the sentence that starts with
                # a number and a race or class describes someone of that level
                self.levels.append((i, i, token.number))
            elif (named := self._listed_level(i)) is not None:
                # "ik ben level 5, Piet 3 en Kees 2": levels listed, the word said once; each
                # the level of the one named right before it
                self.listed.append((named, token.number))
            elif 0 < i < len(toks) - 1 and toks[i - 1].key == "(" and toks[i + 1].key == ")" and i > 1 \
                    and (self.roles[i - 2] or ("",))[0] == "person" and 0 < token.number <= 20 \
                    and token.raw[:1] not in "+-":
                # "Peti (6-os) épp harcol", "Pete (6) is fighting": a number alone in brackets
                # right after a name is that one's level
                self.listed.append((self.roles[i - 2][1], token.number))
            else:
                continue
            self.used.add(i)

    def cards_counted(self) -> bool:
        """Whether a count of two or more is said of a card that changes a level, in a phrase of
        changes that names the card ("wants to play two Go Up a Level cards", "dos cartas de
        sube un nivel"): the levels the cards give together are asked, which leave to play one
        card does not judge."""
        cards = {j for key in ("go-up-a-level", "divine-intervention", "steal-level")
                 for _phrase, match in self.table_matches("sources", key) for j in self.word_range(match)}
        return any((self.tokens[self.index(match, "n0")].number or 0) > 1 and cards & set(self.word_range(match))
                   for _phrase, match in self.phrases("changes")) if cards else False

    def _card_source_ends(self, j: int) -> bool:
        """Whether word ``j`` ends the name of a card that changes a level ("Cid's playing Go Up
        a Level at eight"): a level said right after it is its player's, where he stands."""
        return any(self.word_range(match)[-1] == j for key in ("go-up-a-level", "divine-intervention", "steal-level")
                   for _phrase, match in self.table_matches("sources", key))

    def _level_first(self, i: int) -> bool:
        """Whether the number at word ``i`` starts a part of the sentence, unsigned, up to 20,
        and a race or a class follows it right after ("six dwarf warrior", "zes dwerg strijder"),
        with no word for level in the text: the level of the one described."""
        toks, level_words = self.tokens, self.both("level")
        if not (i == 0 or toks[i - 1].separator) or toks[i].raw[:1] in "+-" or not 1 < toks[i].number <= 20:
            return False
        after = self.roles[i + 1] if i + 1 < len(toks) else None
        return bool(after) and after[0] == "persona" and not any(t.key in level_words for t in toks[:i + 3]) \
            and i + 1 not in self.sexed

    def _listed_level(self, i: int) -> Optional[str]:
        """The player whose level the number at word ``i`` is, named right before it in a list
        of levels ("ich bin Stufe 5, Jonas 3 und Lea 2", "Pitt is auch 6", "Jen is 6 too"), or
        None: a named player (not "I"), a verb of being or a word of "as well" between them at
        most, the number up to 20 with nothing after it but such a word, then a break or
        "and", and a level said with its word before it in the text."""
        toks, level_words = self.tokens, self.both("level")
        if i == 0 or not 1 <= toks[i].number <= 20 or toks[i].raw[:1] in "+-":
            return None
        def between(k: int) -> bool:
            return self.roles[k] is None and not toks[k].separator \
                and (self._being_at(k) or any(phrase.found_in(f" {toks[k].key} ") for phrase in self.likewise))

        k = i - 1
        while k > 0 and k >= i - 2 and between(k):
            k -= 1
        role = self.roles[k]
        if not role or role[0] != "person" or role[1] == ME:
            return None
        a = i + 1
        if a < len(toks) and between(a) and not self._being_at(a):
            a += 1
        after = toks[a] if a < len(toks) else None
        clauses = self.both("clauses") | self.both("together")
        if after is not None and not (after.separator or after.key in clauses):
            return None
        if not any(t.key in level_words for t in toks[:k]):
            return None
        for m in range(k + 1, a):
            if m != i:
                self.used.add(m)
        return role[1]

    def _side_person(self, first: int, last: int) -> bool:
        """Whether the level at words ``first``–``last`` stands right beside someone named."""
        return any((self.roles[k] or ("",))[0] in ("person", "persona") for k in (first - 1, last + 1)
                   if 0 <= k < len(self.tokens))

    def _race_as_monster(self, j: int) -> bool:
        """Whether word ``j`` is a race named with an article ("an orc"), said as a monster."""
        role = self.roles[j]
        return bool(role) and role[0] == "persona" and role[1] == "race" and j > 0 \
            and self.tokens[j - 1].key in self.words.articles

    def _monster_before(self, j: int, strict: bool = False) -> bool:
        """Whether word ``j`` is a monster's: a card's name, a word for any monster, or (unless
        ``strict``) a word no list knows that is no item ("een ring van 400" is a ring's price)."""
        role, key = self.roles[j], self.tokens[j].key
        if role is not None:
            return role[0] == "card"
        if strict:
            return self._monster_word(key)
        if self.tokens[j].separator or self.tokens[j].number is not None:
            return False
        if any(form in self.words.items or form in self.english.items for form in stem(key, self.words.endings)):
            return False
        return self._monster_word(key) or not self.is_known(key)

    def _bare(self, i: int) -> bool:
        """A number alone is a level where the language says so: before a word that is someone
        or something ("9-es harcos", "8-as ork"), or after a person ("Bob 2-es")."""
        toks = self.tokens
        j = i - 1
        while j > 0 and self.roles[j] is None and toks[j].key in self.words.ignore and toks[j].key not in \
                self.words.articles:
            j -= 1  # "Tomi és Jani mindketten 5-ösök": a word for both between
        if j >= 0 and self.roles[j] and self.roles[j][0] == "person":
            return True
        if i > 0 and toks[i - 1].key in self.words.articles and self._unnamed_before(i + 1):
            return True  # "egy 10-es és egy 4-es elől": the levels of monsters no name is given
        if self._shares_word(i, i) is not None:
            return True  # "egy 4-es és egy 5-ös szörny": two levels, one word for both monsters
        if i + 1 >= len(toks) or toks[i + 1].separator or toks[i + 1].number is not None:
            # "bob 2-es,": a word no list knows and its level closing the part of the sentence
            return (i > 0 and self.roles[i - 1] is None and not toks[i - 1].separator and toks[i].raw != toks[i].key
                    and not self.is_known(toks[i - 1].key))
        role, key = self.roles[i + 1], toks[i + 1].key
        if any(i + 1 in self.word_range(m) for flag in ("half_breed", "super_munchkin") for _p, m in self.phrases(flag)):
            return True  # "4-es félvér ember és ork": a level before the card that describes someone
        # ("két sisakot": a count of items, no one's level)
        return (role is not None and role[0] in ("person", "persona", "card", "sex")) or self._monster_word(key) \
            or (not self.is_known(key) and not self._item_word(key))

    def _roles(self) -> None:
        """Who fights, who helps and who runs, from the sentence's structure: the subject of
        "helps" is the helper (the last name before the verb, not one marked as its object:
        "Dee fights and Bob helps her", "Bobnak segít Cid"); "he helps" is the one other
        person named; a fighter named together with someone ("me and Cid against …") is one
        of two on that side, not the fighter alone."""
        self._chosen_helper()
        self.joined = self._joined()
        # "cid only helps if he gets both treasures": the helper's price, whose "he gets" says
        # no one fights; no role is read inside it
        priced = {i for _phrase, match in self.phrases("price") for i in self.word_range(match)}
        self._relative_fighter()
        for name, phrases in (("fighter", "fighter"), ("helper", "helper"), ("helper", "will_help"),
                              ("helper", "called_helper")):
            for phrase, match in self.phrases(phrases):
                if "p0" in match.groupdict() and self.index(match, "p0") in priced:
                    continue
                if name == "helper" and ("p0" in match.groupdict() and (self.roles[self.index(match, "p0")] or ("",))[0]
                                         == "not_helping" or self.word_range(match)[0] in self.taken_back):
                    continue  # "Bob said he'd help, but he's not helping after all": help taken back
                # a phrase with no one in it says "I" by its verb ("me meto a ayudar")
                person = self._subject(phrase, match) if "p0" in match.groupdict() else ME
                if phrases == "called_helper":
                    # "Dee-t hívja segíteni", "asks Bob to help": the one called, the verb's object
                    role = self.roles[self.index(match, "p0")]
                    person = role[1] if role and role[0] == "person" else None
                if person is None and name == "helper" and not phrase.text.lstrip().startswith("{p}"):
                    person = self._subject_apart(match)
                if person == "pronoun" and name == "helper":
                    others = [p for p in self.order() if p not in (ME, self.fighter)]
                    # "cid says he'll only help if …": "he" is the one whose words are reported
                    others = others or list(dict.fromkeys(r[1] for r in self.roles if r and r[0] == "opinion"))
                    person = others[0] if len(others) == 1 else None
                if person == "pronoun" and name == "fighter" and phrase.text.lstrip().startswith("{p}") \
                        and self._fights_as_subject(self.index(match, "p0")):
                    # "… en daan is level zes hij vecht": the subject "he" of a verb of fighting,
                    # the one named before it (not a slot after the verb: "contra el hongo" has
                    # "el", the; nor "she's got nothing on her head", no fight)
                    person = self._pronoun_of(self.index(match, "p0"))
                if person in (None, "pronoun") or (name == "fighter" and person in self.joined):
                    continue
                if name == "helper" and self._monster_subject(match):
                    continue  # "Bob plays a wandering monster: the fungus joins the fight"
                if getattr(self, name) is None:
                    setattr(self, name, person)
                    if name == "fighter":
                        self.fighter_phrase = phrase.text
        if self.helper is None and ME in self.joined and self._i_alone_fight():
            # "Ciddel együtt harcolok": the verb says "I fight" (not "we"), the ending says
            # "with Cid": Cid helps
            beside = {who for i, who in self.mentions() if who != ME and self._said_with(i) and self._with(i)}
            if len(beside) == 1:
                self.helper = beside.pop()
        if self.helper is None:
            # "cid, help me!", "Dee, hilfst du mir?": help asked of someone named before a comma
            # (or called by name at the start of the sentence the asking is in: "cid, ¿me echas
            # una mano con …?", "સિડ, નેટ ટ્રોલ સામે મદદ કરીશ?")
            # "Cid if you jump in with me", "Bob, als jij meehelpt": help said as the condition,
            # to one spoken to, tells whom it is said to even with no monster in that sentence
            asked = [(False, match) for _phrase, match in self.phrases("help_me")]
            asked += [(True, match) for _phrase, match in self.phrases("help_if")]
            for condition, match in asked:
                k = at(self.starts, match.start() + 1)
                if k >= 2 and self.tokens[k - 1].key == "," and (self.roles[k - 2] or ("",))[0] == "person" \
                        and self.roles[k - 2][1] != ME:
                    self.helper = self.roles[k - 2][1]
                    break
                called = self._called_by_name(k, condition)
                if called is not None:
                    self.helper = called
                    break
        if self.helper is not None:
            # "cid segítene, de bob már segít": one who only would help, beside another said to
            # help, is no one in the fight
            for phrase, match in self.phrases("will_help"):
                if "p0" not in match.groupdict():
                    continue
                i = self.index(match, "p0")
                role = self.roles[i] or ("",)
                # (but the one who fights, where the wish is another's: "Cid pelea … y Dee
                # quiere echarle una mano" is Dee's wish; Cid stays in the fight)
                if role[0] == "person" and role[1] not in (ME, self.helper) \
                        and not (role[1] == self.fighter and self._subject(phrase, match) not in (role[1], None)):
                    self.roles[i] = ("not_helping", role[1])
        # "Dee slapped Enraged on my badger", "Bob gooit er een +4 drankje bij": who plays a
        # card onto the fight is not, by that, the one who fights
        self.card_players = set()
        for phrase, match in self.phrases("card_player"):
            if "p0" not in match.groupdict():
                # "le pongo cría encima", "rárakok egy ősit": the verb itself says "I play"
                self.card_players.add(ME)
                continue
            person = self._latest_clause(match) or self._subject(phrase, match, earliest=True)
            last = self.word_range(match)[-1]
            if person is None and self.roles[last] == ("person", ME):
                person = ME  # "… એક લેવલ ચોરો કાર્ડ રમું": the verb itself says "I play"
            if person not in (None, "pronoun"):
                self.card_players.add(person)
        for _phrase, match in self.phrases("fleeing"):
            inside = self._pronoun_inside(match)
            if inside is not None:
                # "હું … છું અને નેહા લેવલ આઠ ની છે એ … થી ભાગે": "she" said between the names and
                # the verb is who runs, not all the names before her
                person = self._pronoun_of(inside)
                if person is not None and person not in self.fleeing:
                    self.fleeing.append(person)
                continue
            for group, value in match.groupdict().items():
                person = self._person(value) if value and group.startswith("p") else None
                if person is None and value and group.startswith("p"):
                    person = self._pronoun_before(self.index(match, group))  # "omar is level three he is running away"
                if person is not None and person not in self.fleeing:
                    self.fleeing.append(person)

    def _pronoun_inside(self, match) -> Optional[int]:
        """The word of "he" or "she" (never "him" or "her") a "{p} … verb" phrase spans after its
        last slot, before its verb: the verb's own subject, else None."""
        slots = [self.index(match, group) for group, value in match.groupdict().items() if value and group.startswith("p")]
        if not slots:
            return None
        subjects = self.subject_pronouns()
        last = self.word_range(match)[-1]
        return next((k for k in range(max(slots) + 1, last) if self.tokens[k].key in subjects), None)

    def _pronoun_of(self, k: int) -> Optional[str]:
        """Whom "he" or "she" at word ``k`` means: the one person other than the asker named
        before it ("ik ben dief en daan is level zes hij vecht …"), else None (two named, or
        none: the pronoun is left unread, never guessed); a word that may say "him", "her"
        or "the" ("la medusa") is none."""
        if self.tokens[k].key not in self.subject_pronouns():
            return None
        named = {who for j, who in self.mentions() if j < k and who != ME}
        return named.pop() if len(named) == 1 else None

    def _pronouns_described(self) -> None:
        """"I am a level five thief and she is a level four elf": "he" or "she", a verb of being
        and a level or a race or class after it, in one part of the sentence, describe the one
        person :meth:`_pronoun_of` finds (never the asker, nor a monster of that level)."""
        toks = self.tokens
        for i in range(len(toks) - 2):
            if self.roles[i] is not None or not self._being_at(i + 1):
                continue
            ahead = range(i + 2, min(len(toks), i + 6))
            if not any(self._persona(toks[j].key) is not None for j in ahead) \
                    or any(toks[j].separator for j in ahead if j < max(ahead)):
                continue
            person = self._pronoun_of(i)
            if person is not None:
                self.roles[i] = ("person", person)

    def _pronoun_before(self, i: int) -> Optional[str]:
        """Whom a phrase's slot at word ``i`` means where it took "he" or a word of tense after
        it ("he is running": the slot took "is"): the one :meth:`_pronoun_of` finds, else None."""
        before, j = self.both("before_verb"), i
        while j > 0 and self.roles[j] is None and self.tokens[j].key in before:
            j -= 1
        return self._pronoun_of(j) if self.tokens[j].key in self.both("pronouns") else None

    def _relative_fighter(self) -> None:
        """"can I backstab Bob, who is fighting a troll", "Bob backstabben, die tegen … vecht":
        a part after a comma that starts with a relative word and says fighting says it of the
        one named last before the comma (no phrase's slot reaches across the comma and the
        verb between); the asker's words aside ("I", or Gujarati "મારી", also a verb: "Bob ની
        પીઠમાં છરો મારી શકું, જે …"), but for "me" right before the comma ("Bob helps me, who …")."""
        for phrase, match in self.phrases("relative_fights"):
            k = self.word_range(match)[0]
            if k >= 1 and self.tokens[k].key != "," and (self.roles[k - 1] or ("",))[0] == "person" \
                    and self.roles[k - 1][1] != ME:
                # "hátba szúrhatom zsoltit aki épp harcol": "who" right after the one named, no comma
                self.fighter, self.fighter_phrase = self.roles[k - 1][1], phrase.text
                return
            if k < 1 or self.tokens[k].key != "," or self.roles[k - 1] == ("person", ME):
                continue
            before = [who for j, who in self.mentions() if j in self._segment(k - 1) and who != ME]
            if before:
                self.fighter, self.fighter_phrase = before[-1], phrase.text
                return

    def _chosen_helper(self) -> None:
        """"Bob and Cid both say they'll help, she picks Cid": of the people named side by side
        offering help, the one the fighter then chooses (``chosen_helper``, named again) helps,
        and the others are no one in the fight. Before the sides are read, so the ones left
        out stand beside no one."""
        for _phrase, match in self.phrases("chosen_helper"):
            i = self.index(match, "p0")
            role = self.roles[i] or ("",)
            if role[0] != "person":
                continue
            others = [k for j, who in self.mentions() if j < i and who == role[1] for k in self._side_by_side(j)]
            if others and self._helping():
                for k in others:
                    self.roles[k] = ("not_helping", self.roles[k][1])
                self.helper = role[1]
                return

    def _side_by_side(self, j: int) -> list[int]:
        """The others named in one row with the person at word ``j`` ("Bob, Dee and Cid", "Ann
        અને Bob"): a word of together or a comma between each two."""
        together, roles, out = self.both("together"), self.roles, []
        for step in (-2, 2):
            k = j + step
            while 0 <= k < len(roles) and (roles[k] or ("",))[0] == "person" and roles[k][1] != roles[j][1] \
                    and (self.tokens[k - step // 2].key in together or self.tokens[k - step // 2].key == ","):
                out.append(k)
                k += step
        return out

    def _monster_subject(self, match) -> bool:
        """Whether a monster starts a clause between a helper phrase's person and its verb,
        after every person: the monster is the one that joins ("bob plays a wandering monster:
        the fungus joins the fight"), not the person before it ("Bob hat mir gegen die Medusa
        geholfen": the Medusa is what he helped against)."""
        span = list(self.word_range(match))
        people = [i for i in span if (self.roles[i] or ("",))[0] == "person"]
        cards = [i for i in span if (self.roles[i] or ("",))[0] == "card"]
        if not (people and cards and cards[-1] > people[-1]):
            return False
        first = self.monsters[self.roles[cards[-1]][1]]["at"]
        # another clause starts between them ("…, the fungus joins", "… harcol és egy kóbor
        # cserepes növény is beszáll"): the monster is its subject
        clauses = self.both("clauses")
        return any(self.tokens[k].separator or self.tokens[k].key in clauses for k in range(people[-1] + 1, first))

    def _latest_clause(self, match) -> Optional[str]:
        """The one named first in the last clause of a phrase's words that names someone: in
        "Cid me ayuda … y va Bob y le planta un Enfurecido" Bob plays the card, not Cid."""
        span = list(self.word_range(match))
        clauses = self.both("clauses")
        starts = [i for i in span if self.tokens[i].key in clauses or self._and_after_verb(i)]
        for start in reversed(starts):
            after = [i for i in span if i > start and self.roles[i] and self.roles[i][0] == "person"]
            if after:
                return self.roles[after[0]][1]
        return None

    def _and_after_verb(self, i: int) -> bool:
        """"… ઝાડ નીકળ્યું ને બોબે એના પર ક્રોધિત નાખ્યું": a word of together ("ને", also the
        object's ending) between a word that is no one and no thing (a verb) and a person starts
        a clause of that person's, as "and" does; after a name it joins two people or marks an object."""
        if not 0 < i < len(self.tokens) - 1 or self.tokens[i].key not in self.both("together"):
            return False
        return self.roles[i - 1] is None and (self.roles[i + 1] or ("",))[0] == "person"

    def _only_described(self, i: int, cut: int) -> bool:
        """Whether the words between the person at ``i`` and the "and" at ``cut`` only describe
        them ("Tom is level 6 warrior and helps me", "Tom ist Stufe 6 Warrior und hilft mir"):
        no verb of their own, so the verb after the "and" is theirs too."""
        # (with the little words a description is said with: "Kees is een dief van level 3 en …")
        plain = self.both("level") | self.both("ignore")
        return cut > i + 1 and all((self.roles[k] or ("",))[0] in ("num", "persona") or self.tokens[k].key in plain
                                   or self._being_before(k + 1) for k in range(i + 1, cut))

    def _subject(self, phrase, match, earliest: bool = False):
        """The person a role phrase's slot names: a name, "I", or "pronoun"; None for a name
        the sentence marks as the object. With ``earliest``, "{p} … verb" takes the first person
        named, not the last ("Bob એ સિડ ના મેડુસા પર … મૂક્યું": Bob put it on Cid's). A phrase
        with no one in it says "I" by its verb ("segítek", "ayudo")."""
        if "p0" not in match.groupdict():
            return ME
        i = self.index(match, "p0")
        if "…" in phrase.text and phrase.text.rstrip().endswith("{p}"):
            # "segít … {p}": the first person after the verb who is not its object
            first = self.word_range(match)[0]
            after = [j for j, _who in self.mentions() if first < j and j in self._segment(first) and not self._object(j)]
            i = after[0] if after else i
        elif "…" in phrase.text and phrase.text.lstrip().startswith("{p} …"):
            # "{p} … helps": the last person named before the verb is its subject
            # (not "{p} darf … helfen": the slot right before the modal is its subject, and
            # one named after the modal is the object: "Dee darf Ann nicht helfen")
            # ("mag {p} … helpen": the slot right after the verb is its subject)
            last = self.word_range(match)[-1]
            # "my" before a monster ("on my giant badger", "મારા જાયન્ટ બેજર પર") is whose
            # monster it is, not who does it
            named = [j for j, _who in self.mentions() if i <= j < last and not self._object(j)
                     and not (j + 1 < len(self.roles) and (self.roles[j + 1] or ("",))[0] == "card")]
            # "Dee Bob જોડે … સોદો કરી શકે": one said as whom it is done with ("with Bob") is
            # the other party, not who does it, where someone else is named before
            named = [j for j in named if j not in self.partners] or named
            i = (named[0] if earliest else named[-1]) if named else i
            breaks = self.both("clauses")
            cut = next((k for k in range(i + 1, last) if self.tokens[k].key in breaks), None)
            if cut is not None and not self._only_described(i, cut):
                return None  # "Dee fights … and helps her Bob": Dee is in the clause before
            if self.roles[i] and any(self.roles[k] == self.roles[i] and self._object(k) for k in range(i + 1, last)):
                return None  # "gano si me ayuda bob": the one helped ("me") is not who helps
        elif phrase.text.lstrip().startswith("{p}") and self.roles[i] is None:
            # "cid is jumping in to help me", "bob has joined in to help": the slot took a word of
            # tense or aspect; the one who does it is the person right before such words
            before, j = self.both("before_verb"), i
            while j > 0 and self.roles[j] is None and self.tokens[j].key in before:
                j -= 1
            if j < i:
                j = self._described_between_commas(j)
            if j < i and (self.roles[j] or ("",))[0] == "person":
                i = j
            else:
                i = self._described_left_out(i, j)

        if self._object(i):
            # "wenn Bob, der Zwerg, Ann hilft": the one before the object does it ("you": the
            # one spoken to, whom the phrases of help asked find)
            j = self._clause_subject(i) if self.words.verb_last else None
            return self.roles[j][1] if j is not None and (self.roles[j] or ("",))[0] == "person" else None
        key = self.tokens[i].key
        # (a word read as a name that it does not read as alone: "Lucho", I fight; "the other player")
        person = self.named_at[i] if i in self.named_at else self._person(key)
        if person is None and (key in self.words.pronouns or key in self.english.pronouns):
            return "pronoun"
        if person == ME and i + 2 < len(self.roles) and (self.roles[i + 2] or ("",))[0] == "person" \
                and self.roles[i + 2][1] != ME and i + 1 in self.kin_words:
            return self.roles[i + 2][1]  # "helped by my friend Pete": Pete, whose friend is said by "my"
        return person

    def _described_left_out(self, i: int, j: int) -> int:
        """"Lucía es nivel 6, pelea contra …", "Bence 4-es szintű és egyedül harcol": a slot
        that took a verb of the third person (or a word of tense or aspect) after "and" or a
        comma, its subject left out: the one named before, whom the words between only
        describe; ``i`` itself where no one is."""
        key = self.tokens[j].key
        if j == i and key in self.words.left_out and j > 0:
            j, key = j - 1, self.tokens[j - 1].key
        if key != "," and key not in self.both("clauses"):
            return i
        k = next((m for m in range(j - 1, max(-1, j - 12), -1) if (self.roles[m] or ("",))[0] == "person"), -1)
        if k < 0 or self.roles[k][1] == ME or self._object(k) or not self._opens_sentence(k):
            return i
        # (the description may be set off by a comma: "Bence 4-es szintű, és …", and say their
        # gear: "Lukas ist Stufe 7 Zwerg mit +4 an Ausrüstung und kämpft …")
        plain = self.both("level") | self.both("ignore")
        gear = {m for _phrase, match in self.phrases("gear") for m in self.word_range(match)}
        return k if j > k + 1 and all((self.roles[m] or ("",))[0] in ("num", "persona") or self.tokens[m].key in plain
                                      or self.tokens[m].key == "," or m in gear or self._being_before(m + 1)
                                      for m in range(k + 1, j)) else i

    def _subject_apart(self, match) -> Optional[str]:
        """The one named before a description set off by commas right before a phrase's verb
        ("mein Kumpel Zed, Stufe 6 Zauberer, hilft mir", "mi colega Zed, nivel 6 mago, me
        ayuda"): the verb's subject, which no phrase reads across the commas; None where the
        words before the verb are no such description."""
        k = self.word_range(match)[0] - 1
        while k > 0 and (self.roles[k] or ("",))[0] == "person" and self.roles[k][1] == ME and self._object(k):
            k -= 1  # "…, me ayuda": the one helped, said before the verb
        if k <= 0 or self.tokens[k].key != ",":
            return None
        j = self._described_between_commas(k)
        role = self.roles[j] or ("",)
        if j == k or role[0] != "person" or role[1] == ME or self._object(j):
            return None
        return role[1]

    def _described_between_commas(self, j: int) -> int:
        """The person before a description set off by commas that ends at word ``j``: in "my
        buddy Zed, level 6 wizard, is helping" the one who helps is Zed, named before the
        level and class said of him; ``j`` itself where no such description ends there."""
        if self.tokens[j].key != ",":
            return j
        # (a relative clause too: "my sister Lia, who's level 4, is helping", "mein Kumpel
        # Beto, der Stufe fünf ist, hilft mir", "Beto, aki ötös szintű, segít")
        little = self.both("level") | self.both("articles") | self.both("ignore") | self.both("before_verb") \
            | self.both("stop")
        # (and the gear said in it: "Klaus, ein Elf der Stufe sechs mit einem Ring +1, hilft mir",
        # "Margaret, a level four Elf with no items at all, …"; a description then runs longer)
        k = j - 1
        while k > 0 and j - k <= 12 and ((self.roles[k] or ("",))[0] in ("num", "persona", "sex")
                                         or self.tokens[k].key in little or self._gear_word(k)):
            k -= 1
        if k < j - 1 and k > 0 and self.tokens[k].key == "," and (self.roles[k - 1] or ("",))[0] == "person" \
                and (j - k <= 7 or any((self.roles[m] or ("",))[0] in ("num", "persona") for m in range(k + 1, j))):
            return k - 1
        return j

    def _gear_word(self, k: int) -> bool:
        """Whether word ``k`` says gear in a description: a bonus, or a word for an item."""
        return self.tokens[k].plus or self._item_word(self.tokens[k].key)

    def _object(self, i: int) -> bool:
        """A name marked as whom something is done to: by its ending ("Bobnak") or by the word
        after it ("Ann ને")."""
        key = self.tokens[i].key
        if key in self.words.objects:
            return True
        if i + 1 < len(self.tokens) and self.tokens[i + 1].key in self.words.object_after:
            return True
        if i > 0 and self.tokens[i - 1].key in self.words.object_before:
            return True
        if self.words.verb_last and self._after_subject(i):
            return True
        for e in self.words.object_endings:
            if key.endswith(e) and len(key) > len(e):
                base = key[: -len(e)].rstrip("-")
                # an ending that doubles the last letter of what it is put on ("Bobbal" is
                # "Bob" with "-val", "Ciddel" "Cid" with "-vel")
                if named(base, self.names, ()) or (
                        len(base) >= 3 and base[-1] == base[-2] and named(base[:-1], self.names, ())):
                    return True
        return False

    def _after_subject(self, i: int) -> bool:
        """Whether the name at word ``i`` follows the subject of a clause whose verb comes last
        ("als Bob Ann helpt", "als jij Ann helpt", "wenn Bob, der Zwerg, Ann hilft"): the
        verb's object, though a phrase "{p} helpt" reads the name right before the verb."""
        return self._clause_subject(i) is not None

    def _clause_subject(self, i: int) -> Optional[int]:
        """The word of the subject (a name, "I" or "you") before the name at word ``i`` in a
        clause whose verb comes last; None where ``i`` is no name right after one there."""
        if i < 2 or (self.roles[i] or ("",))[0] != "person":
            return None
        j = self._described_between_commas(i - 1)  # (the subject described between commas)
        if not ((self.roles[j] or ("",))[0] == "person" or self.tokens[j].key in self.words.generic):
            return None
        if self.tokens[j].key in self.words.objects:
            return None  # "wenn mir der Bob hilft": the one helped first, then who helps
        return j if j > 0 and self.tokens[j - 1].key in self.words.verb_last else None

    def _with(self, i: int) -> bool:
        """Whether the name at word ``i`` is said with a word that puts it beside the asker
        ("with bob", "samen met bob", "bobbal együtt", "બોબ સાથે")."""
        together = self.both("together")
        clauses = self.both("clauses")
        before = i > 0 and self.tokens[i - 1].key in together and not (
            i > 1 and self.roles[i - 2] and self.roles[i - 2][0] == "person") and not (
            # "Cid's on Medusa and Dee slaps …", "… harcolok, és Dee …": "and" after a monster or
            # a comma starts another clause
            (self.tokens[i - 1].key in clauses or self._and_after_verb(i - 1)) and i > 1 and (
                (self.roles[i - 2] or ("",))[0] in ("card", "enhancer") or self.tokens[i - 2].separator
                # "fighting Mr Bones alone and Bob just put Enraged on it": the one after "and"
                # plays a card onto the fight, in a clause of their own
                or self._plays_a_card(i)
                # "im a level five thief and rahul is level six": the one after "and" is said to
                # be at a level, a clause of their own that puts no one beside the asker
                or (i + 1 < len(self.tokens) and self._being_at(i + 1) and self._named_with_level(i))))
        after = self.words.after_first and i + 1 < len(self.tokens) and self.tokens[i + 1].key in together \
            and (not self._verb_after(i + 2) or self._said_with(i))
        # "Bobbal lenyomjuk": a name with the ending for "with", and "we" said by the verb
        # ("Ciddel harcolok": and "I fight" said by the verb)
        we = self._said_with(i) and any(
            self._segment(i)[0] <= self.word_range(match)[0] <= self._segment(i)[-1]
            for name in ("we", "i_fight") for _phrase, match in self.phrases(name))
        return bool(before or after or we)

    def _undone(self, i: int) -> bool:
        """Whether words of taking away come after the bonus at word ``i`` in its sentence ("+5
        on it, but it got cancelled", "le metieron un +10 pero lo quitaron"): it holds no more."""
        for _phrase, match in self.phrases("undone"):
            k = self.word_range(match)[0]
            if k > i and not any(self.tokens[j].key in SENTENCE_ENDS for j in range(i, k)):
                return True
        return False

    def _had(self, i: int) -> bool:
        """Whether the bonus at word ``i`` comes right after words of the one asking having it
        ("I have +3 on me", "ik heb +3 op mijn zwaard", "ich hab +3 drauf"): theirs, though a
        word after it ("on", "op", "drauf") would say it is put on the monster."""
        return any(self.word_range(match)[-1] + 1 == i for _phrase, match in self.phrases("mine"))

    def _described_before(self, i: int) -> bool:
        """Whether the words before the bonus at word ``i`` describe someone, and no monster yet:
        a level or a race or class, with "I" or a name or a word of being ("voy por el nivel
        catorce con +7 encima", "ich bin Stufe 5 mit +3 drauf"): that someone's bonus, though the
        words around it would put it on a monster."""
        before = range(0, i)
        roles = [self.roles[j] or ("",) for j in before]
        if any(role[0] in ("card", "enhancer") for role in roles) \
                or any(self._monster_word(self.tokens[j].key) for j in before):
            return False
        levels = self.both("level")
        # (the level in the bonus's own part of the sentence: "lvl 10 dragon, dee puts +5 on
        # the dragon" describes the dragon before, and Dee only plays a card)
        part = self._segment(i)
        described = any((self.tokens[j].key in levels or roles[j][0] == "persona") and j in part for j in before)
        being = self.words.lists.get("being", ())
        someone = any(roles[j][0] == "person" or any(phrase.found_in(f" {self.tokens[j].key} ") for phrase in being)
                      for j in before)
        return described and someone

    def _item_in_part(self, i: int) -> bool:
        """Whether a word for a kind of item ("zwaard", "sword", "kard") is in word ``i``'s part of
        the sentence."""
        items = self.words.items.keys() | self.english.items.keys()
        return any(self.tokens[j].key in items for j in self._segment(i))

    def _known_with_ending(self, key: str) -> bool:
        """Whether a word is a word of the question with a case ending ("કાર્ડથી", from the card;
        "lapból"): a thing said, never someone's name, even before a level."""
        return any(key.endswith(ending) and len(key) > len(ending) + 1 and self.is_known(key[: -len(ending)])
                   for ending in self.words.endings)

    def _with_stem(self, key: str) -> Optional[str]:
        """A word no list knows without its ending for "with" ("trollal", "orkkal", "goblinnal"
        are "troll", "ork", "goblin" with "-val"), or None. A doubled last letter is the
        ending's own unless the doubled word is a word of a card's name ("troll" of Net Troll)."""
        for ending in self.words.together:
            if len(ending) < 3 or " " in ending or len(key) <= len(ending) + 1:
                continue
            if key.endswith(ending):
                return key[: -len(ending)].rstrip("-")
            base = key[: -len(ending) + 1]
            if key.endswith(ending[1:]) and base[-1] == base[-2] and base[-1].isalpha() and base[-1] not in "aeiou":
                return base if base in _card_words(self.cards) else base[:-1]
            if key.endswith(ending[1:]) and base[-3:-2] == base[-2:-1] and base[-2:] in DIGRAPHS:
                return base[:-3] + base[-2:]  # "szörnnyel": "szörny" with "-vel" (a doubled digraph)
        return None

    def _word_name(self, j: int) -> str:
        """The name of a monster said by a word no card has: the word as written, without the
        ending for "with" ("egy tízes trollal": Troll)."""
        raw, key = self.tokens[j].raw.strip("'\""), self.tokens[j].key
        stem = self._with_stem(key) if self.words.endings else None
        written = as_written(raw, stem) if stem and (not self.is_known(stem) or stem in self.words.monster_words) else None
        if written:
            raw, key = written, stem  # ("szörnnyel" is a Szörny, a word of any monster)
        named = {**self.english.monster_names, **self.words.monster_names}
        if key not in named and self.words.endings:
            # "ટ્રોલથી" (from the troll): a monster's word with a case ending, where the ending
            # is a whole syllable of a script with no capitals (the name is what is left)
            uncased = not raw[:1].isupper() and not raw[:1].islower()
            cut = next((len(e) for e in sorted(self.words.endings, key=len, reverse=True)
                        if key.endswith(e) and len(key) - len(e) >= 2
                        and (key[: -len(e)] in named or (uncased and len(e) >= 2))), 0)
            if cut:
                key, raw = key[:-cut], raw[:-cut] if len(raw) == len(key) else raw  # (spelled keeps the length)
        if key in named:
            return named[key]
        # the monster as its English name, where the language writes it otherwise ("trol")
        return raw.capitalize()

    def _called_by_name(self, k: int, condition: bool = False) -> Optional[str]:
        """The one called by name before a comma at the start of the sentence word ``k`` is in
        ("Cid, kannst du mir gegen den Netz-Troll helfen?"), not the asker; else None.
        ``condition``: the asking at ``k`` is help said as a condition ("if you jump in"), which
        is said to the one named right before it with or without a monster in the sentence."""
        j = k - 1
        while j >= 0 and self.tokens[j].key not in (".", "!", "?"):
            j -= 1
        v = j + 1
        while v < k and self.tokens[v].key in ("¿", "¡"):
            v += 1
        if v + 1 < k and (self.roles[v] or ("",))[0] == "person" and self.roles[v][1] != ME \
                and self.tokens[v + 1].key == ",":
            return self.roles[v][1]
        end = k
        while end < len(self.tokens) and self.tokens[end].key not in (".", "!", "?"):
            end += 1
        if v + 1 == k and (self.roles[v] or ("",))[0] == "person" and self.roles[v][1] != ME \
                and (condition or any(v < m.get("at", -1) < end for m in self.monsters)):
            # "cid can u jump in on the gazebo with me?", "Dee spring je bij tegen de Nettrol?":
            # the name first, the asking right after it with no comma, and the monster in the
            # same sentence: the one spoken to ("door was a gazebo. cid can you help me or
            # not" may as well ask whether he may)
            return self.roles[v][1]
        return None

    def beside_me(self) -> Optional[str]:
        """The one person put beside the asker where the asker is said in words, in the same
        part of the sentence, with no verb there saying "we" ("ik en bob samen tegen de
        medusa", "હું ને સિડ ભેગા કાલી સામે", not "samen met bob tegen de medusa" nor "me and
        Cid, we fight …"): the asker fights, as the one whose turn it is does, and the other helps."""
        others = self.joined - {ME}
        if len(others) != 1:
            return None
        other = next(iter(others))
        theirs = [i for i, who in self.mentions() if who == other]
        we = {j for _phrase, match in self.phrases("we") for j in self.word_range(match)}
        for i, who in self.mentions():
            part = self._part_past_brackets(i)
            if who == ME and any(j in part for j in theirs) and not any(j in part for j in we):
                return other
        return None

    def _before_brackets(self, i: int) -> int:
        """Word ``i``, or where it closes brackets, the word right before them."""
        if self.tokens[i].key != ")":
            return i
        depth = 0
        for j in range(i, -1, -1):
            depth += {")": 1, "(": -1}.get(self.tokens[j].key, 0)
            if depth == 0:
                return j - 1
        return i

    def _part_past_brackets(self, i: int) -> set:
        """The words of word ``i``'s part of the sentence, brackets that describe someone in it
        read past ("ik (level 3 elf, +1) en Joris (level 5) samen": one part)."""
        toks, out = self.tokens, set()
        for step in (-1, 1):
            j, depth = i, 0
            while 0 <= j < len(toks):
                key = toks[j].key
                if key in "()" and key:
                    depth += 1 if (key == "(") == (step == 1) else -1
                    if depth < 0:
                        break  # (word i is itself inside brackets: their edge ends its part)
                elif depth == 0 and toks[j].separator:
                    break
                out.add(j)
                j += step
        return out

    def _i_alone_fight(self) -> bool:
        """Whether a verb of fighting says "I" and not "we" ("harcolok", not "harcolunk")."""
        we = {j for _phrase, match in self.phrases("we") for j in self.word_range(match)}
        return any(not set(self.word_range(match)) & we for _phrase, match in self.phrases("i_fight"))

    def _said_with(self, i: int) -> bool:
        """Whether the name at word ``i`` carries an ending for "with" ("Dee-vel", and "Bobbal",
        "Ciddel": the ending's first letter made the name's last one, doubled)."""
        key = self.tokens[i].key
        if i + 1 < len(self.tokens) and self.tokens[i + 1].raw == self.tokens[i].raw \
                and self.tokens[i + 1].key in self.words.together:
            return True  # "Dee-vel": the ending written after a hyphen, a word of its own here
        for ending in self.words.together:
            if len(ending) < 3 or " " in ending or not key.endswith(ending[1:]) or len(key) <= len(ending):
                continue
            if key.endswith(ending) and named(key[: -len(ending)].rstrip("-"), self.names, ()):
                return True
            base = key[: -len(ending) + 1]
            if len(base) >= 3 and base[-1] == base[-2] and named(base[:-1], self.names, ()):
                return True
        return False

    def _verb_after(self, j: int) -> bool:
        """Whether word ``j`` is a word of no piece and of no vocabulary (a verb, most often): a
        name before "meg" and such a word is its subject ("Cid meg iszik egy italt": Cid, for
        his part, drinks), not someone beside the asker ("Cid meg én")."""
        return j < len(self.tokens) and self.roles[j] is None and not self.tokens[j].separator \
            and self.tokens[j].number is None and not self.is_known(self.tokens[j].key)

    def _helping(self) -> bool:
        """Whether the text says something of helping, even where no phrase says who helps
        ("Dee le echa una mano"): the longer words of the language's helper phrases."""
        vocabulary = _help_words(self.words, self.english)
        # (help denied is no help: "nobody helping", "ohne Hilfe")
        denied = {j for _phrase, match in self.phrases("no_help") for j in self.word_range(match)}
        # (nor the hand of a count of cards: "with 3 cards in hand" gives no helping hand)
        denied |= {j for _phrase, match in self.phrases("hand") for j in self.word_range(match)}
        # (nor help said by one who takes it back: "Bob said he'd help, but he's not helping")
        denied |= self.taken_back
        if self.card_players:
            # (nor a card played "to help": "Dee le echa una Cría para ayudarme" plays a card, no one joins the fight)
            denied |= {j for _phrase, match in self.phrases("card_help") for j in self.word_range(match)}
        # (not a word of a card's name: "hand" of "Crawling Hand" is no helping hand)
        # (nor a verb said of a monster: "the fungus joins the fight", "a second monster comes in")
        monster_words = self.both("monster_words")
        if any((t.key in vocabulary or any(t.key.startswith(v) for v in vocabulary if len(v) >= 5))
               and (role is None or role[0] not in ("card", "itemcard"))  # "escalera de mano": the card
               and not self._card_before(i, monster_words)
               and not self._card_after(i) and i not in denied
               for i, (t, role) in enumerate(zip(self.tokens, self.roles))):
            return True
        # the verb in any person ("ik help hem", "ich helfe ihm", "yo le ayudo"): the words
        # of helping that a "may I …" question reads
        # (not said of a monster: "egy cserepes növény is beszáll")
        return any(not (self._card_before(k, monster_words) or self._card_after(k)
                        or (self.roles[k] or ("",))[0] == "itemcard" or k in denied)
                   for _phrase, match in self.table_matches("actions", "help") for k in self.word_range(match)[:1])

    def _verb_of_mine(self, j: int) -> bool:
        """Whether word ``j`` is a verb that says "I fight" ("harcolok"): "harcolok és cid …"
        starts another clause after it, it puts no one beside the asker."""
        # (or a verb of being that ends one: "હું … લડું છું અને સિડ …")
        return self._being_at(j) or any(j in self.word_range(match) for _phrase, match in self.phrases("i_fight"))

    def _card_before(self, i: int, monster_words) -> bool:
        """Whether a monster card, or a word for any monster, stands right before word ``i``
        (fillers between): the verb's subject ("the fungus joins", "a növény is beszáll")."""
        fillers = self.both("ignore")
        j = i - 1
        while j >= 0 and self.roles[j] is None and self.tokens[j].key in fillers and not self.tokens[j].separator:
            j -= 1
        # (or a hireling or a steed whose bonus was read: "my hireling gives +1" is that bonus, no help)
        told = any(k == j and ("bonus" in entry or "run_away" in entry) for k, _kind, entry in self.companions)
        return j >= 0 and ((self.roles[j] or ("",))[0] == "card" or told or self.tokens[j].key in monster_words)

    def _card_after(self, i: int) -> bool:
        """Whether a monster card is named right after word ``i`` (an article between): the
        verb's subject, where it follows ("beszáll a gombusz", "se une el hongo")."""
        articles = self.both("ignore")  # the articles and fillers ("doet de pinata")
        j = i + 1
        while j < len(self.tokens) and self.tokens[j].key in articles and not self.tokens[j].separator:
            j += 1
        if not (j < len(self.tokens) and (self.roles[j] or ("",))[0] == "card"):
            return False
        # not the one fought ("segítek a medúza ellen": I help against the Medusa)
        end = next((m["end"] for m in self.monsters if m.get("at", -1) <= j <= m.get("end", -1)), j)
        return not self._fights(end + 1)

    def _joined(self) -> set:
        """The people the text puts side by side with another: "me and Cid", "Bob with me"."""
        together = self.both("together")
        roles, out = self.roles, set()
        for i, token in enumerate(self.tokens):
            if token.key in together and 0 < i < len(self.tokens) - 1:
                # "ik (level 3 elf) en Joris (level 5)": each described in brackets, side by side
                b = self._before_brackets(i - 1)
                before, after = (roles[b] if b >= 0 else None), roles[i + 1]
                if before and after and before[0] == "person" == after[0] and before[1] != after[1] \
                        and not self._verb_of_mine(b):
                    # "Cid helps me and Bob throws a potion": "me" is the object of what comes
                    # before, and "and" starts another clause; "me and Cid against …" starts one
                    first = self._segment(b)[0] == b
                    if not first and self.tokens[b].key in self.both("objects"):
                        continue
                    if not first and self._plays_a_card(i + 1):
                        # "fighting Mr Bones by myself and Carl just slapped Enraged on it": the
                        # name after "and" starts a clause of its own, playing a card onto the fight
                        continue
                    out.update((before[1], after[1]))
        for i, who in self.mentions():
            if who != ME and self._with(i) and i not in self.traded_with:
                out.update((ME, who))  # "samen met bob tegen de medusa", "bobbal együtt": the asker beside him
        return out

    def _plays_a_card(self, i: int) -> bool:
        """Whether the person at word ``i`` is the subject of a verb of playing a card onto the
        fight ("Carl just slapped"): a phrase of the card players that runs past word ``i`` and
        names no one else after it (but the one it is given to: "Lucía me da una poción")."""
        objects = self.both("objects")
        for _phrase, match in self.phrases("card_player"):
            span = self.word_range(match)
            if i in span and span[-1] > i and not any(
                    self.roles[j] and self.roles[j][0] == "person" and self.tokens[j].key not in objects
                    for j in span if j > i):
                return True
        return False

    # --- who a piece belongs to ---------------------------------------------------------

    def mentions(self) -> list[tuple[int, str]]:
        return [(i, r[1]) for i, r in enumerate(self.roles) if r and r[0] == "person"]

    def _segment(self, i: int) -> range:
        """The part of the sentence word ``i`` is in; a price in brackets inside it is an aside
        it goes on across ("sells his Mace (600) and his Flaming Armor": both are his)."""
        tokens = self.tokens
        start = i
        while start > 0:
            if tokens[start - 1].key == ")":
                start = self._price_aside(start - 1, -1)  # (unmoved: brackets that say more)
            if start == 0 or tokens[start - 1].separator:
                break
            start -= 1
        end = i
        while end + 1 < len(tokens):
            if tokens[end + 1].key == "(":
                end = self._price_aside(end + 1, 1)
            if end + 1 == len(tokens) or tokens[end + 1].separator:
                break
            end += 1
        return range(start, end + 1)

    def _price_aside(self, k: int, step: int) -> int:
        """From the bracket at ``k`` (``(`` with ``step`` 1, ``)`` with -1), the one that closes a
        price in them ("(600)", "(400 gold)"), else the word beside ``k`` on this side: brackets
        that say more (a level, a race: "Bob (level 3 dwarf)") end the part of the sentence, as
        any other."""
        closing = ")" if step > 0 else "("
        for j in range(k + step, k + 4 * step, step):
            if not 0 <= j < len(self.tokens):
                break
            if self.tokens[j].key == closing:
                inside = range(min(j, k) + 1, max(j, k))
                return j if inside and self._price_only(inside) else k - step
        return k - step

    def _price_only(self, span: range) -> bool:
        # one number (a price, or a bonus: "his Flaming Armor (+2) and his Boots") and at most a
        # word of money beside it, nothing that reads as more
        numbers = [k for k in span if self.tokens[k].number is not None]
        return len(numbers) == 1 and all(k in numbers or (self.roles[k] is None and not self.tokens[k].separator
                                                          and self.tokens[k].key not in self.words.level)
                                         for k in span)

    def _owner(self, i: int, persona: bool = False) -> str:
        """The person named nearest before word ``i`` in its part of the sentence, else after
        it, else "I" (``persona``: word ``i`` is a race or class)."""
        segment = self._segment(i)
        people = [(j, who) for j, who in self.mentions() if j in segment]
        helper = self._helper_bracketed(i, people)
        if helper is None and not any(j < i for j, _who in people):
            helper = self._helper_described(segment[0])
        if helper is not None:
            return helper
        before = [who for j, who in people if j < i]
        if before:
            return before[-1]
        after = [who for j, who in people if j > i]
        if after:
            return after[0]
        j = self._bracketed(i)
        if j is not None and self.roles[j] and self.roles[j][0] == "person":
            return self.roles[j][1]  # "bob (level zes elf, +2)": the one the brackets follow
        if segment[0] > 1 and self.tokens[segment[0] - 1].key == ")":
            described = self._bracketed_of(segment[0] - 2)
            if described is not None:
                return described  # "Pip (level 6 dwarf) has his Flaming Armor": the sentence goes on
        j = segment[0] - 2
        died = self._died_before(j) if j >= 0 and (self.tokens[j + 1].raw == "," or self._he_opens_after(j + 1)) else None
        if died is not None:
            # "Max got killed, level 3 dwarf warrior", "Max died. he was a level 3 dwarf": the
            # one who died is described
            return died
        if j >= 0 and self.tokens[j + 1].raw == "," and (self.roles[j] or ("",))[0] == "person" \
                and self._killer_at(j):
            # "Max got killed by Bob, level 3 dwarf warrior": the one who died, named before the
            # killer in its sentence, is the one described; no one named before: not sure whose
            return self._named_before(j)
        if j >= 0 and self.tokens[j + 1].raw == "," and (self.roles[j] or ("",))[0] == "person" \
                and self.roles[j][1] != ME:
            # "my sister Zoe, level 7 with +2, …", "mi colega Lucía, elfa de nivel 4": the part
            # of the sentence set after a name by a comma says who that one is
            return self.roles[j][1]
        related = self._relative_after(segment[0])
        if related is not None:
            return related
        described = self._description_goes_on(segment[0])
        if described is not None:
            return described
        described = self._subject_described_bare(segment[0])
        if described is not None:
            return described
        left_out = self._subject_left_out(segment, i)
        if left_out is not None:
            return left_out
        pronouns = self.both("pronouns")
        others = {who for _j, who in self.mentions() if who != ME}
        if len(others) == 1 and (any(self.tokens[k].key in pronouns for k in segment if k < i)
                                 or any(self.tokens[k].key in self.words.third_being for k in segment[:2] if k < i)):
            # "Zoli segít, ő hármas elf": "he" in this part of the sentence is the one other named;
            # so is the subject a verb of being says is not the asker ("Dee se enfrenta al
            # Aprendiz de Vampiro, y es clériga": "es", she is, with the subject left out)
            return next(iter(others))
        start = segment[0]
        while start > 1 and self.tokens[start - 1].key == ",":
            start = self._segment(start - 2)[0]  # ("he's not a thief, just a dwarf": the sentence's start)
        if persona and self.table and len(others) > 1 \
                and any(self._he_is(k) for k in (*segment[:2], start, start + 1) if k < i):
            # "Bob wants to nick a card off Dee's stuff. he's just a dwarf": a race or class in a
            # part (or its sentence) that starts with "he" is someone else's than the asker's;
            # with several named, the first (the one the sentence before is about). Only at a
            # table, whose race or class of them, said otherwise, makes the text say it two ways:
            # no verdict, never the asker described by it
            return next(who for _j, who in self.mentions() if who != ME)
        named = {who for _j, who in self.mentions()}
        if len(named) == 1 and ME not in named and self.table and not self.fighting:
            # (not in a fight: "Bob helps. level 5 elf vs the troll" describes the asker)
            # "is bob's setup legal? dwarf w/ that big hammer": the one person the text names
            return next(iter(named))
        he = self._he_before(segment, i) if not others else None
        if he is not None:
            # "… chasing bob? hes only lvl 3" with "bob" read as no one: "he" is never the asker,
            # and whom it means the text does not say: no verdict, never the asker described
            said = self.tokens[he].raw
            if said not in self.doubtful:
                self.doubtful.append(said)
        return ME

    def _subject_left_out(self, segment: range, i: int) -> Optional[str]:
        """"Lucía es nivel 6, vende su Armadura", "Bence 4-es szintű, eladja a páncélját": a part
        after a comma that opens with a verb of the third person, its subject left out (or a
        word of "own" where the verb comes last), or says "his" before word ``i``, goes on about
        the one the part before opens with (not the asker, nor one it marks as the object),
        else None. The nearest part that names anyone decides: "Bob is level 3, Cid is level
        5, sells his …" is Cid's."""
        start = segment[0]
        if start < 2 or self.tokens[start - 1].key != ",":
            return None
        theirs = self.both("theirs")
        if self.tokens[start].key not in self.words.left_out \
                and not any(self.tokens[k].key in theirs for k in segment if k < i):
            return None
        before = self._segment(start - 2)
        while not any(j in before for j, _who in self.mentions()):
            if before[0] < 2 or self.tokens[before[0] - 1].key != ",":
                return None
            before = self._segment(before[0] - 2)
        first = before[0]
        role = self.roles[first] or ("",)
        if role[0] != "person" or role[1] == ME or self._object(first):
            return None
        return role[1]

    def _he_before(self, segment: range, i: int) -> Optional[int]:
        """The first "he"/"she" before word ``i`` in its part of the sentence, else None; not a
        bare pronoun before a level's word, an article there (Spanish "por el nivel 7": "el", as
        "él" is read with its accent dropped), unless it says "is" itself ("hes lvl 3")."""
        level = self.both("level")
        return next((k for k in segment if k < i and self._he_is(k)
                     and (self._being_at(k) or not (k + 1 < len(self.tokens) and self.tokens[k + 1].key in level))),
                    None)

    def _description_goes_on(self, start: int) -> Optional[str]:
        """"Wolf ist Stufe 4, Zwerg, mit ner +3 Axt": the parts after commas that name no one go
        on describing one named first in the sentence with a level and a race or class (a
        described name, :meth:`_described_names`); None where a part between names another."""
        if not self.described_names:
            return None
        while start > 1 and self.tokens[start - 1].key == ",":
            start = self._segment(start - 2)[0]
            people = [j for j, _who in self.mentions() if j in self._segment(start)]
            if people:
                who = self.roles[people[0]][1]
                return who if people == [start] and who in self.described_names else None
        return None

    def _relative_after(self, start: int) -> Optional[str]:
        """"darf ich Bob in den Rücken fallen, der Stufe 6 ist?", "mag ik met Bob ruilen, die
        level 6 is?": a part after a comma that starts with "who is" describes the last one the
        part before names, even with a verb between them (whatever the act); None where that one
        is the asker, or a monster's word comes after them (the clause may be the monster's).
        ("Bob, who is": a name right before the comma is read so by the rule before this one.)"""
        if start < 2 or self.tokens[start - 1].raw != "," or not self._relative_is(start) \
                or self.tokens[start].key not in self.both("relatives"):
            return None
        # ("Bob ને છરો મારી શકું, જે …": a possessive, "my", is no one a "who" follows)
        before, mine = self._segment(start - 2), self.both("my")
        people = [j for j, _who in self.mentions() if j in before and self.tokens[j].key not in mine]
        if not people:
            return None
        j = people[-1]
        who = self.roles[j][1]
        if who == ME or any((self.roles[k] or ("",))[0] == "card" or self._monster_word(self.tokens[k].key)
                            for k in range(j + 1, start - 1)):
            return None
        return who

    def _helper_bracketed(self, i: int, people: list) -> Optional[str]:
        """"Bob helps me (he's lvl 3 dwarf with +3)", "Bob me ayuda (nivel 3)": brackets right
        after the words that say who helps describe the helper, not the one helped said last
        (unless someone is named in them first: "(I'm level 4)")."""
        j = self._bracketed(i)
        if j is None or any(j < k < i for k, _who in people):
            return None
        end = j - 1 if self.tokens[j].key in self.both("objects") else j
        for _phrase, match in self.phrases("helper"):
            if self.word_range(match)[-1] in (j, end) and match.groupdict().get("p0"):
                who = self._person(self.tokens[self.index(match, "p0")].key)
                if who is not None and who != ME:
                    return who
        return None

    def _helper_described(self, start: int) -> Optional[str]:
        """"Jens helps, he's level 4", "Sepp hilft, der is Stufe drei", "me ayuda Paz, que es
        nivel 4": a part after a comma that starts with "he is" or "who is" describes the one
        the words of helping just before the comma name, whoever else the text names."""
        if start < 2 or self.tokens[start - 1].raw != ",":
            return None
        if not (self._he_is(start) or self._relative_is(start)):
            return None
        for _phrase, match in self.phrases("helper"):
            end = self.word_range(match)[-1]
            # (a word of being or the one helped may close the helping: "Bob મદદ કરે છે, જે
            # લેવલ ૩ નો છે", "Bob helps me, who is level 4")
            if match.groupdict().get("p0") and end < start - 1 and all(
                    self._being_at(k) or self.tokens[k].key in self.both("objects") for k in range(end + 1, start - 1)):
                who = self._person(self.tokens[self.index(match, "p0")].key)
                if who is not None and who != ME:
                    return who
        return None

    def _relative_is(self, k: int) -> bool:
        """Whether word ``k`` is "who" or "he" with a word of being, a level or a number after it
        ("who is", "que es", "der is Stufe", "ő 3-as"); "Bob hilft, die Axt ist +3" is an article."""
        key = self.tokens[k].key
        if (key not in self.words.relatives and key not in self.both("pronouns")) or k + 1 >= len(self.tokens):
            return False
        after = self.tokens[k + 1]
        return self._being_at(k + 1) or after.number is not None \
            or after.key in self.words.level or after.key in self.english.level or self._level_at_after(k + 1)

    def _level_at_after(self, k: int) -> bool:
        """Whether word ``k`` says at which level ("auf", "at") and a word for level follows it:
        "Bob …, der auf Stufe 6 ist" describes Bob as "der Stufe 6 ist" does."""
        return self.tokens[k].key in self.words.level_at and k + 1 < len(self.tokens) \
            and (self.tokens[k + 1].key in self.words.level or self.tokens[k + 1].key in self.english.level)

    def _he_is(self, k: int) -> bool:
        """Whether word ``k`` says "he is" ("he's", "er ist", "hij is", "ő csak", "solo es"): a
        pronoun as the subject, with a word of being or a filler after it, not one that is also
        an article or a possessive ("el turno", "ihr Zug", "her turn")."""
        key = self.tokens[k].key
        if key in self.words.third_being:
            return True
        if key not in self.both("pronouns"):
            return False
        if self._being_at(k):
            return True  # "he's", "shes"
        after = k + 1 < len(self.tokens) and self.tokens[k + 1].key
        return bool(after) and (self._being_at(k + 1) or after in self.words.ignore or after in self.english.ignore
                                or after in self.both("denied"))  # ("ő nem tolvaj", "él no es ladrón")

    def _bracketed(self, i: int) -> Optional[int]:
        """The word right before the brackets word ``i`` stands in, or None."""
        for j in range(i - 1, 0, -1):
            key = self.tokens[j].key
            if key == ")":
                return None
            if key == "(":
                return j - 1
        return None

    def _tell(self, person: str, key: str, value) -> None:
        about = self.people.setdefault(person, {})
        if key in ("races", "classes", "items", "flags"):
            if value not in about.setdefault(key, []):
                about[key].append(value)
        elif key in about and about[key] != value:
            about.setdefault("conflicts", []).append(key)
        else:
            about[key] = value

    def _stolen_item(self, i: int) -> bool:
        """"¿le puedo mangar el casco (+1) a Lucía?", "can I steal the +2 sword from Bob?": in a
        text that asks to steal, an item's word beside the bonus at word ``i``, with the one it
        is taken from said right beside it, is that one's item with that bonus, not the asker's
        gear; told to them and kept as ``stolen`` (who, the item's name)."""
        if self.table:
            return False  # (at a table the target's items are the table's)
        # (brackets part no sentence here: "el casco (+1) a Lucía")
        def together(a: int, b: int) -> bool:
            return not any(self.tokens[m].key in ".!?;," for m in range(min(a, b) + 1, max(a, b)))

        things = [j for j in range(max(0, i - 3), min(len(self.tokens), i + 3))
                  if j != i and together(i, j) and self.roles[j] is None and self._item_word(self.tokens[j].key)]
        # (the question's actions last: every phrase of the table is tried, for each bonus said)
        if not things or "steal" not in self.best("actions"):
            return False
        j = min(things, key=lambda k: (abs(k - i), k < i))
        for _phrase, match in self.phrases("robbed"):
            if "p0" not in match.groupdict():
                continue
            k = self.index(match, "p0")
            person = self._person(self.tokens[k].key)
            # right after the item ("the helmet (+1) off Dee") or right before it ("બોબ પાસેથી
            # +2 તલવાર", "from Bob the +2 sword")
            beside = max(i, j) < k <= max(i, j) + 4 or min(i, j) - 4 <= k < min(i, j)
            if not beside or not together(i, k) or person in (None, ME):
                continue
            name = self.tokens[j].raw.strip("'\"")
            name = name[:1].upper() + name[1:]
            self.roles[j] = ("itemword", name)
            self._tell(person, "items", name)
            self.people[person].setdefault("item_bonus", {})[name] = abs(self.tokens[i].number)
            self.stolen = (person, name)
            return True
        return False

    def _item_bonus(self, person: str, value: int) -> None:
        """An item's bonus said beside it ("a +2 dagger and a +1 helmet"): each item is more
        gear, summed; a sum of gear said another way that differs is a conflict."""
        about = self.people.setdefault(person, {})
        items = self.item_bonuses.setdefault(person, [])
        if "gear" in about and not items:
            self._tell(person, "gear", value)  # "+3 gear … a +3 sword": said again, or not
            return
        items.append(value)
        about["gear"] = sum(items)

    def describe(self, monsters_too: bool, fight: bool = False, killed: bool = False) -> None:
        """Give each level, race, class and sex to its owner; with ``monsters_too``, a level
        next to a monster's word is the monster's; with ``killed`` (a kill's levels asked), a
        level said of a word for any monster is the one killed, no one's."""
        self.fighting = monsters_too
        if not monsters_too and not self.table:
            self._people_with_levels()
        if monsters_too:
            self._restated()
        # (each race word found once, before any is made a monster: two levels can point at
        # one word, "kilences ork elől …, hármas félszerzet", and the second must not find a
        # word that is no race any more)
        fought = [(self._fought_race(first, last), level) for first, last, level in self.levels] if monsters_too else []
        for j, level in fought:  # before the races are given out: this one is a monster
            if j is None or self.roles[j][0] != "persona":
                continue
            self.roles[j] = ("card", len(self.monsters))
            self.monsters.append({"name": self._word_name(j), "at": j, "end": j, "level": level})
        for i, kind, entry in self.companions:
            self._tell(self._owner(i), kind, entry)
        for flag in ("half_breed", "super_munchkin"):
            for _phrase, match in self.phrases(flag):
                # "halb-blut elf und zwerg", "super munchkin, krieger und dieb": the card that
                # lets its player have two races or two classes
                first = self.word_range(match)[0]
                for k in self.word_range(match):
                    if self.roles[k] and self.roles[k][0] == "persona":
                        self.roles[k] = None  # the card's words are no race of their own
                self._tell(self._owner(first), "flags", flag.replace("_", "-"))
        told = set()
        owned = self._cards_owned()
        for i, role in enumerate(self.roles):
            if role and role[0] == "itemcard" and role[1].name not in told:
                told.add(role[1].name)
                owner = owned.get(role[1].name) or self._owner(i)
                self._tell(owner, "items", role[1].name)
                if self._all_big():
                    # "egy +2-es létra és egy +3-as ágyú, mindkettő nagy": the card too
                    self.people.setdefault(owner, {}).setdefault("item_big", []).append(role[1].name)
        for i, role in enumerate(self.roles):
            if role and role[0] == "persona":
                self._tell(self._owner(i, persona=True), role[1] + ("s" if role[1] == "race" else "es"), role[2])
                if i in self.sexed:
                    self._tell(self._owner(i), "sex", self.sexed[i])
            elif role and role[0] == "sex":
                self._tell(self._owner(i), "sex", role[1])
        for person, level in self.listed:
            self._tell(person, "level", level)
        for first, last, level in self.levels:
            if (first, last, level) in fought:
                continue
            if not monsters_too and (first, last) in self.monster_levels:
                self.used.discard(last)  # a monster's level where no monster is asked about: not understood
                continue
            if killed and self._level_of_monster_word(first, last):
                continue  # the level of the monster killed: understood, and no one's
            if monsters_too:
                target = self._level_of(first, last)
                if isinstance(target, dict):
                    if "level" in target and target["level"] != level:
                        target.setdefault("conflicts", []).append("level")
                    target["level"] = level
                    continue
                if target is not None:
                    known = self.people.get(target, {}).get("level")
                    if known is not None and known != level and self._race_after_article(first, last):
                        # "level 6 halfling against a level 8 orc": the second one is a monster
                        j = last + 1
                        self.roles[j] = ("card", len(self.monsters))
                        self.monsters.append({"name": self._word_name(j), "at": j, "end": j,
                                              "level": level})
                        continue
                    self._tell(target, "level", level)
                    continue
            owner = self._owner(first)
            self._tell(owner, "level", level)
            if not monsters_too and (pair := self._pair_before(first)) is not None and owner in pair:
                for person in pair:  # "Piet en Kees zitten allebei op level twee": both of them
                    if person != owner:
                        self._tell(person, "level", level)
        for i in self.gear_at:
            if self._stolen_item(i) or self._card_bonus(i):
                continue
            if monsters_too and self._beside_monster(i) and not self._item_beside(i):
                self.monster_plus.append(abs(self.tokens[i].number))  # "troll level 8 with +5"
            else:
                self._tell(self._owner(i), "gear", abs(self.tokens[i].number))
        leftover = [i for i, t in enumerate(self.tokens) if t.plus and i not in self.used and t.number > 0]
        enhanced = any(role and role[0] == "enhancer" for role in self.roles)
        if fight and enhanced and self.monster_plus:
            # "Enraged on my medusa, that's +5 on it": the card's bonus said again; any other
            # bonus for the monster beside an enhancer may be the card said wrong
            bonuses = {role[1] for role in self.roles if role and role[0] == "enhancer"}
            self.doubtful += [f"+{n}" for n in self.monster_plus if n not in bonuses and -n not in bonuses]
            self.monster_plus = []
        for i in leftover:
            self.used.add(i)
            if self._stolen_item(i) or self._card_bonus(i):
                continue
            if self._undone(i) and not self._in_description(i):
                self.undone_at.append(i)
                continue  # "Bob rárakott +5-öt, de levették": put on, then taken away; no bonus left
            if fight and enhanced and not self._item_beside(i) and self._bracketed_of(i) is None \
                    and self._in_description(i):
                # "hetes szintű törpe harcos vagyok +5-tel, a Vámpírjelöltre valaki rátett egy
                # Bébit": a bonus in the part of the sentence that describes someone is theirs
                self._tell(self._owner(i), "gear", self.tokens[i].number)
            elif fight and enhanced and not self._item_beside(i) and self._bracketed_of(i) is None:
                # "Bob plays Enraged on my medusa, that's +10": a bonus beside an enhancer that
                # is not the card's may be the card said wrong, or one more card
                self.doubtful.append(self.tokens[i].raw)
            elif fight and enhanced and not self._item_beside(i):
                # "Zoli (4-es törpe, +3) segít": a bonus in the brackets that describe someone
                # is theirs, whatever card is played on the monster
                self._tell(self._bracketed_of(i), "gear", self.tokens[i].number)
            elif monsters_too and self._item_beside(i):
                self._item_bonus(self._owner(i), self.tokens[i].number)  # "a +2 sword": gear
            elif monsters_too and self._beside_monster(i) and not self._thrown(i):
                self.monster_plus.append(self.tokens[i].number)  # "the troll has +5"
            elif self.names and not self._described(self._owner(i)):
                for _copy in range(self._copies_of(i)):
                    self.plus.append(self.tokens[i].number)
                    self.plus_at.append(i)  # whose side it is on is checked with the phrases' ones
            else:
                self._tell(self._owner(i), "gear", self.tokens[i].number)
        if not fight and not self.table and self._all_big():
            self._bare_big_items()
        if fight:
            self.doubtful += [self.tokens[i].raw for i in self.plus_at if self._side_doubtful(i)]
        for i, role in enumerate(self.roles):
            if role and role[0] == "persona" and fight and self._beside_monster(i):
                # "fighting an undead level 8 orc": a race right after a monster's words (the
                # monsters the levels named too) may be the monster's, not the player's; who
                # runs away is the one described ("running from the dragon as a halfling")
                self.doubtful.append(self.tokens[i].raw)
            if role and role[0] == "enhancer" and role[1] is None:
                if fight and self.tokens[i].raw not in self.doubtful:
                    self.doubtful.append(self.tokens[i].raw)  # a card whose bonus no record gives
            elif role and role[0] == "enhancer":
                if self.monsters:
                    # the card by its name: its bonus and its treasures too ("Enraged": +5, one
                    # treasure more), as the situation reads an enhancer card
                    self.monsters[-1].setdefault("enhancers", []).append(role[3])
                else:
                    self.monster_plus.append(role[1])

    def _bare_big_items(self) -> None:
        """"een Hammer en een Siege Engine, allebei groot": in a text that says all its items are
        Big, an item's word (or a word no list knows) no bonus took is one of them too, with no
        bonus; a Big item's
        legality turns on how many there are, not on their bonuses."""
        strange = set(self.strange())  # (a word no list knows among them: "een hamer en een ladder")
        for j, token in enumerate(self.tokens):
            if self.roles[j] is None and j not in self.used and (
                    self._item_word(token.key) or (j in strange and not self._monster_word(token.key))):
                name = token.raw.strip("'\"")
                name = name[:1].upper() + name[1:]
                self.roles[j] = ("itemword", name)
                self._tell(self._owner(j), "items", name)
                self.people.setdefault(self._owner(j), {}).setdefault("item_big", []).append(name)

    def _in_description(self, i: int) -> bool:
        """Whether word ``i`` stands in a part of the sentence that describes someone (a race or
        a class of theirs, or the asker's own word: "level 7 dwarf warrior +5 here", "törpe
        harcos vagyok +5-tel") and names no card and no monster: said of that one, not of a card
        played on the monster."""
        segment = self._segment(i)
        if i - 1 in segment and self.roles[i - 1] and self.roles[i - 1][0] == "persona" \
                and self._described_only(range(segment.start, i)):
            # "nivel 7 ladron +5 contra un monstruo … al que le tiraron Descomunal": a bonus right
            # after the words that describe someone, before any monster or fight is said, is theirs
            return True
        roles = [self.roles[j] for j in segment if self.roles[j]]
        if any(role[0] in ("card", "enhancer", "itemcard") for role in roles) \
                or any(self._monster_word(self.tokens[j].key) or self.tokens[j].key in self.cards.monsters for j in segment):
            return False
        # (a race said with a level after a word of fighting is a monster: "vs a level 8 orc +5")
        return any(role[0] == "persona" for role in roles) and not any(
            first in segment and self._fought_race(first, last) is not None for first, last, _level in self.levels)

    def _described_only(self, words: range) -> bool:
        """Whether ``words`` name no card, enhancer, item card nor monster, and say no fight: the
        words of a description of someone alone ("nivel 7 ladrón", "Stufe 7 Dieb")."""
        return not any((self.roles[j] and self.roles[j][0] in ("card", "enhancer", "itemcard"))
                       or self._monster_word(self.tokens[j].key) or self.tokens[j].key in self.cards.monsters
                       or self._fights(j) for j in words)

    def _pair_before(self, i: int) -> Optional[tuple]:
        """Two people named as one subject right before word ``i`` in its part of the sentence
        ("Piet en Kees zitten op level 2"), neither of them "I": the pair, or None."""
        together = self.both("together")
        segment = self._segment(i)
        people = [j for j, _who in self.mentions() if j in segment and j < i]
        if len(people) != 2 or people[1] - people[0] != 2 or self.tokens[people[0] + 1].key not in together:
            return None
        pair = (self.roles[people[0]][1], self.roles[people[1]][1])
        return pair if ME not in pair and pair[0] != pair[1] else None

    def _restated(self) -> None:
        """A number that says again what a monster enhancer named in the text gives ("Enraged
        on my badger, that's plus 5", "venerable, eso son diez más") is that card's bonus, not
        one more; a sign word beside it goes with it."""
        bonuses = [role[1] for role in self.roles if role and role[0] == "enhancer" and role[1] is not None]
        signs = {**self.english.signs, **self.words.signs}
        for i, token in enumerate(self.tokens):
            if token.number is None or i in self.used:
                continue
            if any(token.number == b or (not token.plus and token.number == abs(b)) for b in bonuses) \
                    and not self._in_description(i):
                self.used.add(i)
                for j in (i - 1, i + 1):
                    if 0 <= j < len(self.tokens) and self.tokens[j].key in signs:
                        self.used.add(j)

    def _people_with_levels(self) -> None:
        """Where no monster is asked about (charity, death, a level), a word no list knows right
        before a level is someone the text describes, written small: "bob is level 2"."""
        # (and a word of "as well" between: "મીના પણ લેવલ ૨", Meena is level 2 too)
        skip = self.both("ignore") | self.likewise_words
        for first, _last, _level in self.levels:
            j = first - 1
            while j >= 0 and self.tokens[j].key in skip and not self.tokens[j].separator:
                j -= 1
            after_someone = j > 0 and (self.roles[j - 1] or ("",))[0] == "person"
            if j + 1 < first and self.tokens[j + 1].key in self.both("articles"):
                continue  # an article between: the level is a thing's, the word a verb ("meglegyen a tízes szint")
            # (not the verb after its subject: "ik sta op level negen")
            if j >= 0 and j in self.strange() and not self._monster_word(self.tokens[j].key) and not after_someone \
                    and not self._known_with_ending(self.tokens[j].key) and not self._kin_of_mine(j):
                # ("sam's lvl 4": the "'s" is "is", no part of the name)
                raw = self.tokens[j].raw
                raw = raw[:-2] if raw[-2:].lower() in _CLITIC_IS and len(raw) > 3 else raw
                name = raw[:1].upper() + raw[1:]
                if name not in self.names:
                    self.names.append(name)
                self.roles[j] = ("person", name)
                together = self.both("together")
                k = j - 2
                if k >= 0 and self.tokens[j - 1].key in together and k in self.strange() \
                        and not self._monster_word(self.tokens[k].key):
                    # "રાજ અને જય બંને લેવલ ૫ પર": the one named with them too
                    other = self.tokens[k].raw[:1].upper() + self.tokens[k].raw[1:]
                    if other not in self.names:
                        self.names.append(other)
                    self.roles[k] = ("person", other)

    def _beside_monster(self, i: int) -> bool:
        """Whether a bonus's nearest someone or something before it, in its part of the
        sentence, is a monster: "the troll has +5", "troll level 8 with +5"."""
        segment = self._segment(i)
        for j in range(i - 1, segment[0] - 1, -1):
            role = self.roles[j]
            if role and role[0] in ("person", "persona", "sex"):
                return False
            if role and role[0] == "card":
                return True
        return False

    def _card_bonus(self, i: int) -> bool:
        """Whether the bonus at word ``i`` is an item card's, said beside it ("+૩ નું લેસર",
        "a +3 laser", "un láser de +2"): the player's own copy of the card, with that bonus,
        not gear besides it."""
        card = self._item_card_beside(i)
        if card is None and not self.tokens[i].number < 0 and not self._beside_a_thing(i) and any(
                role and role[0] == "itemcard" and role[1].facts.get("bonus") == self.tokens[i].number
                for role in self.roles):
            return True  # "a Pantyhose of Giant Strength: does that +3 count?": the card's own, said again
        if card is None:
            return self._big_item(i)
        about = self.people.setdefault(self._owner(i), {})
        bonuses = about.setdefault("item_bonus", {})
        value = abs(self.tokens[i].number)
        if bonuses.get(card.name, value) != value:
            about.setdefault("conflicts", []).append("items")
        bonuses[card.name] = value
        return True

    def _beside_a_thing(self, i: int) -> bool:
        """Whether an item's word, or a word no list knows, stands within two words of word ``i``
        in its part of the sentence ("egy +3-as kalapáccsal": that thing's bonus)."""
        strange, segment = set(self.strange()), self._segment(i)
        # (or right before the brackets it is said in: "Hammer (groß, +3)")
        owner = self._bracket_owner(i)
        return any((j in segment or j == owner) and (j in strange or self._item_word(self.tokens[j].key))
                   for j in (i - 2, i - 1, i + 1, i + 2, owner) if j is not None)

    def _bracket_owner(self, i: int) -> Optional[int]:
        """The word right before the brackets word ``i`` is said in ("Hammer (groß, +3)": the
        hammer), a few words in; else None."""
        for k in range(i - 1, max(0, i - 5), -1):
            if self.tokens[k].key == ")":
                return None
            if self.tokens[k].key == "(":
                return k - 1
        return None

    def _all_big(self) -> bool:
        """Whether the text says all the items it names are Big: a word for all of them right
        before a word for Big ("…, both big", "allebei groot", "beide groß", "mindkettő nagy")."""
        big, every = self.both("big"), self.both("all_of")
        # (a word for all of them said in words, its number as written: "las dos grandes")
        keys = [fold(t.raw) if t.number is not None else t.key for t in self.tokens]
        return any(key in big and any(" ".join(keys[j - gap - n:j - gap]) in every
                                      for gap in (0, 1) for n in (1, 2, 3) if j - gap - n >= 0)
                   for j, key in enumerate(keys))

    def _big_item(self, i: int) -> bool:
        """In a text that says items are Big ("two big things, a +3 hammer and a +2 ladder",
        "un martillo grande de +3"), the bonus at word ``i`` beside an item's word is that item's,
        told as one item of its owner's (Big where the text says so), not summed as gear: a
        Big item's legality turns on which items are Big."""
        big = self.both("big")
        saying = [j for j, t in enumerate(self.tokens) if t.key in big]
        # (a word of hands said of an item read already still says items are named one by
        # one: "a two-handed sword +4 and a helmet +1")
        if not saying and not any(t.key.startswith(HANDS) for t in self.tokens):
            return False
        strange = set(self.strange())  # (a word no list knows beside a bonus: "ne Leiter +2")
        # (the words for how many hands it takes stand between, and are not it: "+3 નો બે
        # હાથવાળો હથોડો", a +3 two-handed hammer)
        hands = {k for first, last, _slot in self._hands() for k in range(first, last + 1)}

        def apart(j: int) -> int:
            # (nor the bracket after the item, its commas and its word for Big: "Hammer (groß, +3)")
            said = sum(1 for k in range(j + 1, i) if self._in_brackets_after(j, k)
                       or (k in saying and self._in_brackets_after(j, k - 1)))
            return abs(j - i) - sum(1 for k in hands if min(i, j) < k < max(i, j)) - said

        near = [j for j in range(max(0, i - 6 - len(hands)), min(len(self.tokens), i + 4 + len(hands)))
                if j != i and j not in hands and apart(j) <= 3
                and (self._item_word(self.tokens[j].key) or (j in strange and not self._monster_word(self.tokens[j].key)))
                and self.roles[j] is None
                # (the bonus in brackets right after the item: "a hammer (+3, two hands)", "Hammer
                # (groß, +3)": a comma inside them parts nothing)
                and not any(self.tokens[k].separator and not (j < i and self._in_brackets_after(j, k))
                            for k in range(min(i, j) + 1, max(i, j)))]
        if not near:
            return False
        j = min(near, key=lambda k: (apart(k), k < i))
        # "two big things: …": a count of Big things said, and the items named after it; else a
        # word for Big right beside the item's word
        counted = any(k > 0 and self.tokens[k - 1].number is not None for k in saying) or any(
            k > 1 and self.tokens[k - 2].number is not None for k in saying) or self._all_big()
        beside = any(abs(k - j) <= 2 for k in saying)
        name = self.tokens[j].raw.strip("'\"")
        # (less the ending the language's words carry: "egy nagy +4 kalapácsom" is a Kalapács)
        name = item_named(self.tokens[j], self.words) if self.words.object_endings else name[:1].upper() + name[1:]
        second = self._second_name_word(i, j, strange)
        if second is not None:
            name = f"{name} {self.tokens[second].raw[:1].upper()}{self.tokens[second].raw[1:]}"
            self.roles[second] = ("itemword", name)
        about = self.people.setdefault(self._owner(i), {})
        self.roles[j] = ("itemword", name)
        self._tell(self._owner(i), "items", name)
        about.setdefault("item_bonus", {})[name] = abs(self.tokens[i].number)
        if counted or beside:
            about.setdefault("item_big", []).append(name)
        handed = self._hands_of(min(i, j), max(i, j))
        if handed is not None:
            first, last, slot = handed
            about.setdefault("item_slot", {})[name] = slot
            for k in range(first, last + 1):
                self.roles[k] = ("hands", slot)
                self.used.add(k)
        elif any(t.key.startswith(HANDS) for t in self.tokens) and any(
                self.words.items.get(form) in HELD_IN_ONE for form in stem(self.tokens[j].key, self.words.endings)):
            # "a +3 sword, a +2 shield and a +4 two handed staff": where hands are counted, a
            # sword or a shield said with no word of hands is held in one (a second would be said)
            about.setdefault("item_slot", {}).setdefault(name, "one-hand")
        for k in saying:
            if k > 0 and self.tokens[k - 1].number is not None:
                self.used.add(k - 1)  # "dos cosas grandes": a count of Big things, no level
            if k > 1 and self.tokens[k - 2].number is not None:
                self.used.add(k - 2)
        return True

    def _second_name_word(self, i: int, j: int, strange: set) -> Optional[int]:
        """The word right after an item's first word no list knows, itself no word any list
        knows, where the bonus comes first ("a +4 battering ram"): the item's name is both
        words, not two items; None where there is no such word (or the language's items carry
        endings, whose words name an item one by one)."""
        k = j + 1
        if j != i + 1 or self.words.object_endings or k >= len(self.tokens) or k not in strange \
                or self.roles[k] is not None or self._monster_word(self.tokens[k].key):
            return None
        return k

    def _in_brackets_after(self, j: int, k: int) -> bool:
        """Whether word ``k`` is the bracket opened right after word ``j`` ("Hammer (groß, +3)")
        or a comma inside it: what the brackets say is said of word ``j``."""
        toks = self.tokens
        if j + 1 >= len(toks) or toks[j + 1].key != "(" or k <= j:
            return False
        return k == j + 1 or (toks[k].key == "," and not any(toks[m].key == ")" for m in range(j + 2, k)))

    def _hands(self) -> list[tuple[int, int, str]]:
        """Each word for how many hands an item takes ("zweihändig", "two-handed", "a dos
        manos", one word of the text: :func:`_hands_said`): its first and last word and the
        slot, where no other piece took it."""
        return [(k, k, t.key[len(HANDS):]) for k, t in enumerate(self.tokens)
                if t.key.startswith(HANDS) and k not in self.used]

    def _hands_of(self, lo: int, hi: int):
        """The word for how many hands the item said at words ``lo``–``hi`` takes, said right
        after it (in brackets too: "Rammbock +4 (zweihändig)") or right before it ("einem
        zweihändigen Rammbock"), or between its bonus and its word ("+3 નો બે હાથવાળો હથોડો"):
        (first word, last word, slot), or None."""
        for first, last, slot in self._hands():
            if lo < first and last < hi:
                return first, last, slot
            between = range(hi + 1, first) if first > hi else range(last + 1, lo) if last < lo else None
            if between is not None and len(between) <= 2 and all(
                    self.tokens[k].key in ("(", ")") or (first < lo and self.tokens[k].key in self.both("articles"))
                    for k in between):
                return first, last, slot
        return None

    def _item_card_beside(self, i: int):
        """The item card named right beside the bonus at word ``i``, with no break between, and
        told as someone's item: the card, or None."""
        for j in (i - 2, i - 1, i + 1, i + 2):
            if not 0 <= j < len(self.tokens):
                continue
            role = self.roles[j]
            between = range(min(i, j) + 1, max(i, j))
            # (or the bonus first in brackets right after the card: "az Ostromgép (+3) és a
            # Létra (+2)" is each card's bonus, no item besides them; or the card named in
            # brackets right after the bonus: "íj +4 (Májusfa íj)", "bow +4 (Bow with Ribbons)")
            opened = all(self.tokens[k].key == "(" for k in between) and (j < i or len(between) == 1)
            if role and role[0] == "itemcard" and (opened or not any(self.tokens[k].separator for k in between)) \
                    and (opened or all(self.roles[k] is None for k in between)):
                return role[1]
        return None

    def _item_beside(self, i: int) -> bool:
        """Whether an item's word stands right beside the bonus at word ``i`` ("with a plus two
        sword", "met een zwaard van +2", "+2-es karddal"): an item's bonus, the player's gear."""
        for j in range(max(0, i - 3), min(len(self.tokens), i + 3)):
            if j == i or self.tokens[j].separator:
                continue
            forms = stem(self.tokens[j].key, self.words.endings)
            if any(form in self.words.items or form in self.english.items for form in forms):
                return True
        return False

    def _race_after_article(self, first: int, last: int) -> bool:
        role = self.roles[last + 1] if last + 1 < len(self.tokens) else None
        # (a race only: a class is no monster's name, "im a level 6 thief" after a level taken
        # for the asker's is the asker said two ways)
        return first > 0 and self.tokens[first - 1].key in self.words.articles and bool(role) and role[0] == "persona" \
            and role[1] == "race"

    def _fought_race(self, first: int, last: int):
        """"fights a level 4 orc", "contra un orco de nivel 8": a race named with an article
        and a level, after a word of fighting, is a monster of that name. The race's word, or
        None."""
        toks, roles = self.tokens, self.roles

        def race(j):
            return 0 <= j < len(toks) and bool(roles[j]) and roles[j][0] == "persona" and roles[j][1] == "race"

        after = last + 1
        while after < len(toks) and toks[after].key in self.words.ignore and roles[after] is None \
                and not toks[after].separator:
            after += 1  # "લેવલ ૮ ના ઓર્ક": a little word between the level and the race
        if race(after) and first > 0 and toks[first - 1].key in self.words.articles:
            j, article = after, first - 1
        elif race(after) and first > 0:
            # "vs lvl 6 orc": no article, the word of fighting right before the level
            j, article = after, first
        else:
            j = first - 1
            while j >= 0 and toks[j].key in self.words.ignore and toks[j].key not in self.words.articles:
                j -= 1
            if not (race(j) and j > 0):
                return None
            # "contra un orco de nivel 8", or with no article "contra orco nivel 8"
            article = j - 1 if toks[j - 1].key in self.words.articles else j
        if article < 0:
            return None

        fights = self._fights
        # or a word that says what one runs from, right before it ("legging it from a level 9
        # orc", "huyo de un orco"): not a word of running away alone ("the roll for a human")
        fled = self.both("fled_from")

        # the word of fighting before the article ("against a level 8 orc"), or right after the
        # race where the language puts it there ("egy 8-as ork ellen", "8 લેવલના ઓર્ક સામે");
        # or another monster just named and joined to it ("a level 10 troll and a level 4 orc")
        together = self.both("together")
        levels = self.both("level")
        segment = self._segment(article)
        joined = article >= 2 and toks[article - 1].key in together and any(
            fights(k) or (roles[k] or ("",))[0] == "card" for k in range(segment[0], article - 1)) or (
            # "a level 4 goblin and a level 6 orc": another monster with its level just before
            article >= 2 and toks[article - 1].key in together
            and any(segment[0] <= a and b < article - 1 and not self._side_person(a, b) for a, b, _n in self.levels))
        # or a monster said to show up in that part of the sentence ("a level 9 orc shows up"),
        # or one labelled so ("Monster: level 9 orc")
        near = set(range(article - 3, j + 4)) & set(segment)
        shows = any(set(self.word_range(match)) & near for _phrase, match in self.phrases("appears"))
        shows = shows or (segment[0] >= 2 and toks[segment[0] - 1].key == ":"
                          and self._monster_word(toks[segment[0] - 2].key))
        # or a clause of its own, after someone described with a race of theirs ("I'm a level
        # 10 elf with +5, orc level 12"): no one is in that clause, the race is what is fought
        start = min(article, j)
        alone = segment[0] >= 2 and toks[segment[0] - 1].key in (",", ".", ";") \
            and not any((roles[k] or ("",))[0] in ("person", "card") for k in segment) \
            and all(toks[k].key in self.both("articles") | levels or toks[k].number is not None
                    for k in range(segment[0], start)) \
            and any(race(k) for k in range(0, segment[0])) \
            and any((roles[k] or ("",))[0] == "person" for k in range(0, segment[0])) \
            and not (toks[segment[0] - 1].key == "," and (roles[segment[0] - 2] or ("",))[0] == "person"
                     and roles[segment[0] - 2][1] != ME)  # "… Lucía, elfa de nivel 4": who she is
        # (after it, where the language says so: "egy kilences ork elől")
        said_at = j + 1 if self.words.after_first else article - 1
        from_ = 0 <= said_at < len(toks) and toks[said_at].key in fled and "run-away" in self.best("kinds")
        # (or the word that marks whom a verb of fighting is done to, right after it: "le voy a
        # pegar a un orco de nivel 6", "ganarle a un orco")
        to = article >= 2 and toks[article - 1].key in self.words.object_before and fights(article - 2)
        return j if fights(article - 1) or to or from_ or joined or shows or alone \
            or (self.words.after_first and fights(j + 1)) else None

    def _fights(self, at: int) -> bool:
        """Whether word ``at`` is a word of fighting ("against", "ellen", "સામે")."""
        fighting = {w for phrase in self.words.kinds.get("combat", ()) for w in phrase.text.replace("*", "").split()}
        key = self.tokens[at].key if 0 <= at < len(self.tokens) else ""
        # (not a word saying where someone is: "is" of "wie is sterker" is no fighting in "hij is een elf")
        if any(phrase.found_in(f" {key} ") for phrase in self.words.lists.get("being", ())):
            return False
        return any(key == w or (w and key.startswith(w) and len(key) - len(w) <= 3) for w in fighting
                   if len(w) >= 2 and w not in self.words.me)

    def _side_doubtful(self, i: int) -> bool:
        """Whether a bonus a phrase gave the players ("plays +5") is said of someone or
        something after it that may be the other side: "plays +5 for the troll", "plays +5
        against me". Against the monster, after a word of fighting, it is the players'."""
        segment = self._segment(i)
        if self._thrown(i) or any(set(self.word_range(match)) & set(segment) for _p, match in self.phrases("on_myself")):
            return False  # (thrown on oneself: "a +2 potion on myself" is the players')
        # the monster named again ("the troll"), or by a word for any monster
        # (not its little words: "de" of "Trol de la Red" is no monster in "una de +3")
        little = self.both("ignore") | self.words.stop
        named = {self.tokens[k].key for m in self.monsters if "at" in m for k in range(m["at"], m["end"] + 1)
                 if self.tokens[k].key not in little}
        for j in range(segment[0], i):
            # "Cid a trollra rak +5-öt", "Bob ટ્રોલ ને +૫ આપે": the monster marked, by its
            # ending or the word after it, as whom the bonus goes to
            key = self.tokens[j].key
            marked = j + 1 < len(self.tokens) and self.tokens[j + 1].key in self.words.object_after
            if any(form in named for form in stem(key, self.words.endings)[1:]) or (
                    (key in named or self._monster_word(key)) and marked):
                return True  # "ડી રાક્ષસ માટે +૫ રમે": for the monster
        for j in range(i + 1, segment[-1] + 1):
            role, key = self.roles[j], self.tokens[j].key
            # the monster named again, with an ending ("ad a trollnak")
            monster = bool(role and role[0] == "card") or key in named or self._monster_word(key) \
                or any(form in named for form in stem(key, self.words.endings)[1:])
            if monster or (role and role[0] == "person"):
                # "+5 against the troll" and "+3 for me" are the players'; "+5 for the troll"
                # and "+5 against me" may be the monster's
                against = any(self._fights(k) for k in range(i + 1, j))
                if monster and self.words.after_first:
                    # "a gumigólem ellen", "ટ્રોલ સામે": the word of fighting after the monster
                    end = next((m["end"] for m in self.monsters if m.get("at") == j), j)
                    against = against or self._fights(end + 1)
                return against != monster
        return False

    def _thrown(self, i: int) -> bool:
        """Whether the bonus at word ``i`` is thrown at the monster ("I chuck a +5 potion at
        the troll", "rádobok egy ötös italt"): played against it, for the players."""
        segment = set(self._segment(i))
        return any(set(self.word_range(match)) & segment for _phrase, match in self.phrases("thrown"))

    def _one_shot_beside(self, i: int) -> bool:
        """Whether word ``i``'s part of the sentence names a one-shot ("drankje", "potion")."""
        segment = set(self._segment(i))
        return any(set(self.word_range(match)) & segment for _phrase, match in self.phrases("one_shot"))

    def _described(self, person: str) -> bool:
        return bool(self.people.get(person))

    def _before_appearing(self, k: int) -> int:
        """The word before the words of appearing that end at word ``k`` ("the Frost Giant came
        out, level 15": the card's), else ``k``: a level after them and a comma is what appeared."""
        said = [self.word_range(m) for _phrase, m in self.phrases("appears")]
        span = next((words for words in said if k >= 0 and words[-1] == k), None)
        if span is None:
            return k
        j = span[0] - 1
        while j >= 0 and self.roles[j] is None and self.tokens[j].key in self.both("ignore") \
                and not self.tokens[j].separator:
            j -= 1  # ("kwam de Gazebo eruit": a word of the phrase's own between)
        return j if j >= 0 and (self.roles[j] or ("",))[0] == "card" else k

    def _level_of(self, first: int, last: int):
        """What a level stands beside: a person (their name), a monster (its mapping), else None."""
        ignore = self.both("ignore")
        said_of = self.level_said_of.get((first, last))
        if said_of is not None:
            role = self.roles[said_of]
            if role is not None and role[0] == "card":
                return self.monsters[role[1]]
            if role is None:
                self.roles[said_of] = ("card", len(self.monsters))
                self.monsters.append({"name": self._word_name(said_of), "at": said_of, "end": said_of})
                return self.monsters[-1]

        def look(step: int, start: int):
            j = start
            while 0 <= j < len(self.tokens) and not self.tokens[j].separator:
                role, key = self.roles[j], self.tokens[j].key
                if role is not None:
                    return j, role
                if key in ignore and not self._monster_word(key):
                    j += step
                    continue
                return j, None
            return None, None

        article = first > 0 and self.tokens[first - 1].key in self.words.articles
        ways = ((-1, first - 1), (1, last + 1))
        # "vs lvl 3 goblin": after a word of fighting, the level is of what follows
        if article or self.words.after_first or self._fights(first - 1):
            ways = ways[::-1]
        if first > 0 and self.tokens[first - 1].key in self.both("my") and self.fighting:
            ways = ((1, last + 1), (-1, first - 1))  # "my level 12 troll": what is mine has that level
        for step, start in ways:
            j, role = look(step, start)
            if j is None:
                continue
            if role is not None:
                if role[0] == "person" and step == 1 and self._object(j):
                    # "mi cuate Beto que es nivel cinco me ayuda": the one the verb after the
                    # level is done to ("me") is not whom the level is said of
                    continue
                if role[0] == "person":
                    return role[1]
                if role[0] in ("persona", "sex"):
                    return self._owner(j)
                if role[0] == "card":
                    return self.monsters[role[1]]
                if role[0] == "num" and self.tokens[j].number == 1 and not self.tokens[j].raw[:1].isdigit() \
                        and self._unnamed_after(j - 1) and j not in self.used:
                    # "peleo contra uno de nivel diez", "against one of level 10": the word for
                    # one, right after a word of fighting, is the monster fought
                    self.roles[j] = ("card", len(self.monsters))
                    self.used.add(j)
                    self.monsters.append({"name": "Monster", "at": j, "end": j})
                    return self.monsters[-1]
                continue
            key = self.tokens[j].key
            if j >= 2 and self.tokens[j - 1].key in self.words.articles and self._being_before(j - 1) \
                    and not self._monster_word(key):
                # "ik ben een gnoom van level vier": what I am, not a monster; a word no list
                # knows, so not understood
                self.doubtful.append(self.tokens[j].raw)
                return None
            if self._item_word(key):
                continue  # "stufe 4 mit schwert +3": a level beside an item's word is no monster's
            # ("peleo contra uno de nivel diez": a word for anyone, right after a word of
            # fighting, is the monster fought)
            if self._monster_word(key) or not self.is_known(key) \
                    or (key in self.words.generic and j > 0 and self._unnamed_after(j - 1)):
                self.roles[j] = ("card", len(self.monsters))
                self.monsters.append({"name": self._word_name(j), "at": j, "end": j})
                return self.monsters[-1]
        j = self._bracketed(first)
        if j is not None and j >= 0 and self._segment(first)[0] == j + 2 and self.roles[j]:
            # "Troll (level 8)", "Bob (level 6 elf)": the level of what the brackets follow
            role = self.roles[j]
            if role[0] == "person":
                return role[1]
            if role[0] == "card":
                return self.monsters[role[1]]
        if j is not None and self._segment(first)[0] == j + 2 and self.roles[j] is None and (
                self._monster_word(self.tokens[j].key) or (not self.is_known(self.tokens[j].key) and (
                    # "a troll (level 6)", "against troll (level 6)": not a word no list knows
                    # standing alone ("રવિ (લેવલ ૬) … લડે છે" names someone)
                    (j > 0 and (self.tokens[j - 1].key in self.words.articles or self._fights(j - 1)))
                    or self.words.articles == frozenset()))):
            self.roles[j] = ("card", len(self.monsters))  # "a troll (level 6)"
            self.monsters.append({"name": self._word_name(j), "at": j, "end": j})
            return self.monsters[-1]
        part = self._segment(first)
        before = self._before_appearing(part[0] - 2)
        if part[0] >= 2 and self.tokens[part[0] - 1].raw == "," and self.roles[before] \
                and self.roles[before][0] == "card" and all(
                    k in range(first, last + 1) or self.tokens[k].key in ignore or self.tokens[k].key in self.words.level
                    for k in part):
            # "I kicked open a Gazebo, lvl 8": a level said alone right after a monster card and
            # a comma is the monster's, not the one who met it
            return self.monsters[self.roles[before][1]]
        if (shared := self._shares_word(first, last)) is not None:
            # "a level 4 and a level 5 monster": two levels said before one word for a monster
            # are two monsters of that word; the first no one's level
            self.monsters.append({"name": self._word_name(shared), "at": first, "end": last})
            return self.monsters[-1]
        if self._unnamed_fought(first, last):
            # "running from a lvl 10 and a lvl 4": a level with an article, fled from or
            # fought, and no word for what it is: a monster no name is given
            self.monsters.append({"name": "Monster", "at": first, "end": last})
            return self.monsters[-1]
        return None

    def _shares_word(self, first: int, last: int) -> Optional[int]:
        """Whether a level at words ``first``–``last``, after an article, is followed by "and",
        another level (its article, its word for level, a number) and a word for any monster
        ("a level 4 and a level 5 monster", "egy 4-es és egy 5-ös szörny", "ein Stufe-4- und
        ein Stufe-5-Monster"): the word, said once for both levels, or None."""
        toks, levels = self.tokens, self.both("level")
        k = last + 1
        if not (first >= 1 and toks[first - 1].key in self.words.articles) or k >= len(toks) \
                or toks[k].key not in self.both("together"):
            return None
        k += 1
        k += k < len(toks) and toks[k].key in self.words.articles
        k += k < len(toks) and toks[k].key in levels
        if k >= len(toks) or toks[k].number is None or toks[k].plus:
            return None
        k += 1
        while k < len(toks) and (toks[k].key in levels or toks[k].key in self.words.ignore) \
                and self.roles[k] is None and not toks[k].separator:
            k += 1  # ("egy 5-ös szintű szörny", "એક લેવલ ૫ નો monster")
        return k if k < len(toks) and self.roles[k] is None and self._monster_word(toks[k].key) else None

    def _unnamed_fought(self, first: int, last: int) -> bool:
        """Whether a level at words ``first``–``last`` follows an article right after a word of
        fleeing or fighting ("from a lvl 10", "against a level 8"), or after "and" right after
        another such level ("… and a lvl 4"); where the language says the level before what it
        is of, an article before it and such a word after it ("egy 10-es elől")."""
        if not (first >= 1 and self.tokens[first - 1].key in self.words.articles):
            return False
        if self.words.after_first:
            return self._unnamed_before(last + 1)
        return first >= 2 and self._unnamed_after(first - 2)

    def _unnamed_before(self, k: int) -> bool:
        """Whether word ``k``, right after a level, is one before which a monster no name is
        given may be said where the language puts the word of fleeing or fighting after it
        ("egy 10-es elől", "એક લેવલ ૧૨ સામે"), or "and" and more such levels up to one ("egy
        10-es és egy 4-es elől", "એક લેવલ ૧૦ અને એક લેવલ ૪ થી"): each level is a monster."""
        toks, levels = self.tokens, self.both("level")
        while k + 2 < len(toks) and toks[k].key in self.both("together") and toks[k + 1].key in self.words.articles:
            # (the next level with its article: "és egy 4-es", "અને એક લેવલ ૪")
            k += 2
            start = k
            while k < len(toks) and ((toks[k].number is not None and not toks[k].plus) or toks[k].key in levels):
                k += 1
            if not any(toks[m].number is not None for m in range(start, k)):
                return False
        if k >= len(toks):
            return False
        return toks[k].key in self.words.fled_from or toks[k].key in self.words.fled_after or self._fights(k)

    def _unnamed_after(self, k: int) -> bool:
        """Whether word ``k`` is one after which a monster no name is given may be said: a word
        of fleeing or fighting ("from", "contra"), or "and" right after such a monster ("huyo de
        uno de nivel 10 y uno de nivel 4")."""
        toks = self.tokens
        if k < 0:
            return False
        if toks[k].key in self.both("fled_from") or self._fights(k):
            return True
        # (its level may follow it: "uno de nivel 10 y …")
        return toks[k].key in self.both("together") and any(k - 4 <= m["end"] < k for m in self.monsters)

    def item_owners(self) -> dict:
        """The people named as an item's owner ("bobs Hammer", "Bob's hammer", "bob z'n hamer",
        "Bobnak a kalapácsát", "બોબનો હથોડો", "el martillo de Bob", "der Hammer von Bob"): the
        person's word -> the item's word."""
        toks, out = self.tokens, {}
        between = self.both("owner_before")
        for i, _who in self.mentions():
            j = i + 1
            while j < len(toks) and toks[j].key in between and not toks[j].separator:
                j += 1
            if j < len(toks) and self._an_item_at(j):
                out[i] = j  # "bobs hammer"
                continue
            if i >= 2 and toks[i - 1].key in self.both("owner_after") \
                    and self._an_item_at(i - 2):
                out[i] = i - 2  # "de hamer van bob"
        return out

    def _cards_owned(self) -> dict:
        """The item cards named with their owner ("de Gehoornde Helm van Joris", "Joris' Horny
        Helmet"): the card's name -> the owner's, whoever is named nearer before it ("mag ik de
        … van Joris jatten?" is Joris's helmet, not the asker's)."""
        out = {}
        for i, j in self.item_owners().items():
            role = self.roles[j]
            if role and role[0] == "itemcard" and self.roles[i] and self.roles[i][0] == "person":
                out.setdefault(role[1].name, self.roles[i][1])
        self._cards_robbed(out)
        return out

    def _cards_robbed(self, out: dict) -> None:
        """"can I steal the Boots of Butt-Kicking off Mia?": in a text that asks to steal, an
        item card right before the words of whom it is taken from is that one's (into ``out``)."""
        for _phrase, match in self.phrases("robbed"):
            if "p0" not in match.groupdict():
                continue
            k, first = self.index(match, "p0"), self.word_range(match)[0]
            role, who = (self.roles[first - 1] if first > 0 else None) or ("",), self.roles[k] or ("",)
            if role[0] == "itemcard" and who[0] == "person" and who[1] != ME and k > first \
                    and "steal" in self.best("actions"):
                out.setdefault(role[1].name, who[1])

    def _an_item_at(self, j: int) -> bool:
        role = self.roles[j]
        return (role or ("",))[0] == "itemcard" or (role is None and self._item_word(self.tokens[j].key))

    def _being_at(self, j: int) -> bool:
        """Whether word ``j`` is a verb of being ("está", "is", "ist"): where someone is."""
        return any(phrase.found_in(f" {self.tokens[j].key} ") for phrase in self.words.lists.get("being", ()))

    def _item_word(self, key: str) -> bool:
        """Whether ``key`` is a word for a thing items are ("schwert", "zwaard"), endings too."""
        return any(form in self.words.items or form in self.english.items for form in stem(key, self.words.endings))

    def monster_word_level(self) -> bool:
        """Whether a level is said of a word for any monster ("fighting a level seven monster,
        can I …") where no one but the asker is named: a fight told, the asker's by the "I"
        left out, whose monster has that level (with someone else named, whose fight it is
        the phrases tell, or nothing does)."""
        return all(who == ME for _i, who in self.mentions()) \
            and any(self._level_of_monster_word(first, last) for first, last, _level in self.levels)

    def _level_of_monster_word(self, first: int, last: int) -> bool:
        """Whether the level said at words ``first``–``last`` is told of a word for any monster
        right after it, an article before it ("fighting a level seven monster"): the monster's,
        never the asker's, even where no fight is asked about."""
        toks = self.tokens
        # (the level's word, or its number alone where a number before a word is a level:
        # Hungarian "egy 4es szörnyet")
        said = toks[first].key in self.both("level") or (self.words.bare_level and toks[first].number is not None)
        if first > 0 and toks[first - 1].key in self.both("articles") and last + 1 < len(toks) \
                and said and self._monster_word(toks[last + 1].key):
            return True
        # (or after it, a little word between at most: "un monstruo de nivel ocho", "een
        # monster van level negen"; never "and": "… monster en ben level 6" is the asker's)
        # (nor "at": "i kill a monster at level 9" may say the asker's level)
        little = self.both("ignore") - self.both("clauses") - self.both("together") - self.both("level_at")
        k = last + 1 + (last + 1 < len(toks) and toks[last + 1].key in little)
        if self.words.after_first and said and k < len(toks) and self._monster_word(toks[k].key):
            return True  # (a language that says the level first: "લેવલ 3 ના રાક્ષસને")
        j = first - 1
        if j > 0 and toks[j].key in little and not toks[j].separator:
            j -= 1
        return j >= 0 and toks[first].key in self.both("level") and self._monster_word(toks[j].key)

    def _monster_word(self, key: str) -> bool:
        """A word for any monster ("monster", "szörny"), with the language's endings too
        ("a szörnynek": to the monster)."""
        words = self.both("monster_words")
        return key in words or any(form in words for form in stem(key, self.words.endings)[1:])

    # --- what else the text names --------------------------------------------------------

    def other_cards(self) -> list[tuple[int, object]]:
        """Hirelings, steeds and one-shots named by their cards' names in any language, with the
        language's endings too ("fegyverhordozóm"): (first word, card). Each has an effect a
        command must carry; a reading that drops one judges another table."""
        return [(span[0], card) for span, card in self._other_spans()]

    def _other_spans(self) -> list[tuple[range, object]]:
        """:meth:`other_cards` with the words each name takes: (span, card)."""
        out, taken = [], set()
        others = self.cards.others
        if not others:
            return out
        for length in range(LONGEST_NAME, 0, -1):
            for start in range(len(self.tokens) - length + 1):
                span = range(start, start + length)
                if any(i in taken or self.tokens[i].separator for i in span):
                    continue
                text = " ".join(self.tokens[i].key for i in span)
                card = others.get(text)
                if card is None and self.words.endings:
                    card = self._with_ending(others, span)
                if card is not None:
                    taken.update(span)
                    out.append((span, card))
        return out

    def strange(self) -> list[int]:
        """The words read as nothing: no name, card, number or word of the language."""
        return [i for i, t in enumerate(self.tokens)
                if self.roles[i] is None and not t.separator and t.number is None and not self.is_known(t.key)]

    def unknown_near_numbers(self) -> list[str]:
        """Words read as nothing beside a number ("bob 2-es", "bob is level 2"): someone the
        text describes whose name was not recognised, or a monster — either way, not noise."""
        out = []
        for i in self.strange():
            if self._known_with_ending(self.tokens[i].key) or self._monster_word(self.tokens[i].key):
                # "કાર્ડથી 1 લેવલ": a word of the question with its ending ("from the card");
                # "un bicho de nivel 4": a word for any monster, never someone unrecognised
                continue
            near = range(max(0, i - 3), min(len(self.tokens), i + 4))
            if any(self.tokens[j].number is not None for j in near if not self._segment(i) or j in self._segment(i)):
                out.append(self.tokens[i].raw)
        return out

    def unplaced(self, counts: bool = True) -> list[str]:
        """The words that could change a verdict and that no piece took: a number (in figures,
        in words, with a sign) no phrase or level placed, a sign with no number after it
        ("plus" alone), a count of levels a fight does not read ("worth two levels")."""
        signs = {**self.english.signs, **self.words.signs}
        # "one" written as a word is as often "a" ("a one-shot", "one more") as a count
        # (a sign word before an article or "my" is "and": "+2 in items plus my hireling")
        joins = self.both("articles") | self.both("my")
        out = [t.raw for i, t in enumerate(self.tokens)
               if (t.number is not None and i not in self.used and not (t.number == 1 and not t.raw[-1:].isdigit())
                   # "met 1 zwaard (+4)": one item, counted as an article says it, no number of the question
                   and not (t.number == 1 and not t.plus and i + 1 < len(self.tokens)
                            and self._item_word(self.tokens[i + 1].key)))
               or (t.number is None and t.key in signs and i not in self.used
                   and not (i + 1 < len(self.tokens) and self.tokens[i + 1].key in joins))]
        # a count of levels or of gold in a fight ("worth two levels") is no piece a fight reads
        if not counts:
            return out + self.doubtful
        return out + [str(n) for n in self.changes + self.golds] + self.doubtful

    def sum_slots(self) -> set:
        """The words of the numbers a phrase of a total says ("1200 gold in total", "insgesamt
        1000 Gold"): a sum said again, never the price of one more thing sold."""
        return {self.index(match, group) for _phrase, match in self.phrases("total")
                for group in match.groupdict() if group.startswith("n") and match.group(group) is not None}

    def numbers_left(self) -> list[int]:
        return [t.number for i, t in enumerate(self.tokens)
                if t.number is not None and i not in self.used and not t.plus]

    def order(self) -> list[str]:
        """The people named, in the order the text names them (each once)."""
        out = []
        for _i, who in self.mentions():
            if who not in out:
                out.append(who)
        return out
