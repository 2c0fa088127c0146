"""How text becomes search terms, per language — built only from whoosh's own classes.

Each language's analysis is named in locales/languages.yaml (``search:``): ``snowball`` (whoosh's
stop list and Snowball stemmer for the code, where whoosh has them), ``hungarian`` (the light
stemmer below, in place of Snowball's), ``gujarati`` (the light stemmer and spelling folds below) or
``words`` (whole words). A new language needs no code here.

The index pickles its schema, so every analyzer here is a chain of whoosh classes (a custom
class would become an import dependency of the index files). What whoosh cannot do — NFC
normalisation and Gujarati suffix stripping — is done to the text before it reaches whoosh,
on the documents and on the query alike (:func:`prepare`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from whoosh.analysis import CharsetFilter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.lang import has_stemmer, has_stopwords, stopwords_for_language
from whoosh.support.charset import accent_map

from referee.cache import file_stamp, kept_data
from referee.data import locales_dir
from referee.i18n.languages import language as describe
from referee.records import Record

#: Word characters plus combining marks. Python's ``\w`` does not match Unicode Mn/Mc, so a
#: plain ``\w+`` cuts every Gujarati word at its vowel signs, anusvara and virama; adding the
#: Gujarati (and generic combining) mark ranges keeps words whole and changes nothing for Latin
#: text, which is NFC-normalised first.
TOKEN = r"[\w\u0300-\u036f\u0a81-\u0a83\u0abc\u0abe-\u0acd\u0ae2\u0ae3]+"

@lru_cache(maxsize=None)
def search_analysis(language: str) -> str:
    """``snowball``, ``gujarati`` or ``words``: how ``language`` is analysed (languages.yaml).

    Kept for the process, as :func:`language_analyzer` keeps the analyzer built from it: every
    query word is prepared several times, and reading languages.yaml's place each time was a
    fifth of a query's cost."""
    return describe(language).search


#: Spellings Gujarati writers use for the same word: long and short i and u (પાદરી, પાદરિ),
#: candra vowels, chandrabindu for anusvara, the nukta of borrowed sounds (ઝ઼, ઝ) and the
#: visarga (દુઃખ, દુખ) left out, and the two sh letters told apart by few (રાક્ષસ, રાક્શસ):
#: variants of one word meet, where a typo fix would pick some other word one letter away.
#: The stemmer sees words (and its own lists)
#: with these folded; the anusvara and virama, which typed Gujarati drops as often as not
#: (નહીં, નહી; ડ્વાર્ફ, ડવાર્ફ), go after stemming (:func:`gujarati_form`), since the endings
#: are told apart by them.
_GU_VOWEL_FOLD = str.maketrans({"ી": "િ", "ૂ": "ુ", "ઈ": "ઇ", "ઊ": "ઉ", "ૅ": "ે", "ૉ": "ો", "ઍ": "એ", "ઑ": "ઓ",
                                "ઁ": "ં", "઼": None, "ઃ": None, "ષ": "શ"})
_GU_MARK_FOLD = str.maketrans({"ં": None, "્": None})
#: a final anusvara after i, u, e, o is a spelling, not an ending (નહીં = નહી, હું = હુ)
_GU_FINAL_NASAL = re.compile(r"(?<=[િુેૈોૌ])ં$")


def _gu_fold(text: str) -> str:
    return _GU_FINAL_NASAL.sub("", text.translate(_GU_VOWEL_FOLD))


#: Common Gujarati case endings and postpositions written onto the word, longest first; "in"
#: also as typed without its anusvara (પીઠમાં, પીઠમા).
GUJARATI_SUFFIXES = sorted({_gu_fold(s) for s in (
    "ઓનું", "ઓની", "ઓનો", "ઓના", "ઓને", "ઓથી", "ઓમાં", "માંથી", "નું", "ની", "નો", "ના", "ને", "થી",
    "માં", "એ", "ઓ", "ઓમા", "માથી", "મા")}, key=len, reverse=True)
_GU_WORD = re.compile(TOKEN)


#: Gujarati function words (whoosh has no Gujarati stop list): pronouns and their possessives
#: (his: તેનો, એનું), auxiliaries (the "gone" of "મરી ગયો", died),
#: particles and postpositions that every sentence has and no question is about. Negations
#: (ન, નહીં, નથી) are not among them: "ભાગી ન શકું" asks what a rule forbids; nor are before,
#: after and everyone (પહેલાં, પછી, બધા), which rules turn on as they do in the other languages
#: (locales/kept_words.yaml);
#: nor "when" (ક્યારે), which asks about timing (locales/thesaurus.yaml, ``asking``). "પાસે" (by,
#: with: "મારી પાસે", I have) is one: stemmed, it would be "પાસ", the die (પાસો, પાસા); so is
#: "વાળો" (the one who has: "ઓછા લેવલ વાળો"), which stemmed would be "વાળ", hair. So are the
#: words a player speaks to the table with (બેટા, ભાઈ, યાર, બકા: kid, bro, mate) and "ખબર છે?"
#: (do you know?): read as words, a spelling fix made "બેટા" the "બેડ" of Bad Stuff.
GUJARATI_STOP = frozenset(_gu_fold(w) for w in """
છે છો છું હતો હતી હતું હતા અને અથવા તો શું તે તેમ આ એ કે પણ માટે જો
જ્યારે ત્યારે હોય થાય કરી કરે કરો કરવું મારા મારી મારો મારું મને હું તમે તમારા તમારી તમારો
તમારું તમને અમે કોઈ શકે શકો શકું શકાય શકીએ શકીશ શકીશું શકશે શકત સાથે પર થી નો ની નું ના ને માં જ પણ કેમ કેવી
તેનો તેની તેનું તેના તેને તેમનો તેમની તેમનું તેમના તેમને એનો એની એનું એના એને ગયો ગયા ગઈ ગયું
વાળો વાળી વાળા વાળું
પાસે
બેટા ભાઈ યાર બકા ખબર
""".split()) | frozenset(
    # the same words as Gujarati is typed in Latin letters ("vampire sathe ladai"), where no
    # other language of the game has them as a word of its own
    "sathe chhe chhu shu hoy thay shakay shaku jyare tyare athva thi kevi pase paase".split())


#: Gujarati function words as people text them in Latin letters ("dice fervava mate": to roll
#: the die), read as function words only in a question asked in Gujarati: several are words of
#: another language or a card's name there ("mate" is the card Mate, "to", "par", "ma"). As in
#: GUJARATI_STOP, negations (na, nahi, nathi), before, after and all stay words of the question.
#: "didho" (gave) is the helper verb of a deed done ("haravi didho": beat it), no gift; "valo"
#: the suffix of one who has a thing ("ochha level valo": the one of lowest level), no hair (વાળ).
ROMAN_GUJARATI_STOP = frozenset('''
mate maate ma maa ne no ni nu nun ke ane athva pan hu tame tu shu su kem kevi kevu jyare tyare to jo
che chhe chhu chho hoy thay thai thashe shake shaku shakay shakiye shako kari kare karu karvu karvanu mane
tane amne tamne maro maru mara mari tamaro tamaru tamara tamari amaro amari aa e te tem koi kai kayu kayo kai etle ena eni enu eno
gayo gayu hato hati hatu hata ame amo apne aapne kale aaje aje have hve
teno tena tenu thi par upar rite pade padse padshe joie joiye aavu evu ketla ketli ketlu ketlo kaya bahu khub kon kone konu kono
sakay sakaay saku sakiye sako
didho didhu didhi didha didhun
valo vali vala valu vaalo vaali vaala vaalu
'''.split())


#: Verb endings (infinitive, participles, tenses, the passive: પકડાય, પકડાયો, પકડાઈ) and the final vowel signs of
#: gender, number and oblique case, longest first: a light stemmer in the manner of
#: Ramanathan and Rao's for Hindi, which strips one such ending and nothing else.
GUJARATI_ENDINGS = sorted({_gu_fold(e) for e in (
    "વાનું", "વાની", "વાનો", "વાના", "વું", "વા", "ીને", "તાં", "તા", "તો", "તી", "તું", "્યાં", "્યા", "્યો",
    "્યું", "ાયો", "ાયા", "ાય", "ાઈ", "શે", "શો", "ું", "ો", "ી", "ા", "ે", "ાં", "ૂ", "ુ", "િ")}, key=len, reverse=True)


_VOWEL_SIGN = re.compile(r"[\u0abe-\u0acc]$")
#: a Gujarati letter (a vowel or a consonant), not a mark
_GU_LETTER = re.compile(r"[\u0a85-\u0ab9\u0ae0\u0ae1]")
_GU_ENGLISH_PLURAL = "્સ"


@lru_cache(maxsize=65536)  # a text repeats its words: each is stemmed once
def gujarati_stem(word: str) -> str:
    """Strip one common case ending, then one verb or vowel ending, keeping two characters.

    A case ending is taken off only where what remains looks like a stem: it ends in a
    consonant, or is long enough. "ઘરનો" (of the house) loses "નો"; "ખજાનો" (treasure) does
    not, since "ખજા" is no word: its "ો" goes in the second step, as in "ખજાના", "ખજાનાની".
    """
    word = _gu_fold(word)
    for suffix in GUJARATI_SUFFIXES:
        if word.endswith(suffix):
            rest = word[: -len(suffix)]
            # a stem of one letter and its marks is no stem: "બંને" (both) is no "બં" with a
            # dative, but a word of its own, as "બન્ને" is (they meet once their marks go)
            if (len(rest) >= 4 or (len(rest) >= 2 and not _VOWEL_SIGN.search(rest))) and len(_GU_LETTER.findall(rest)) >= 2:
                word = rest
            break
    # an English plural on a word spelt from the English (કાર્ડ્સ, મોન્સ્ટર્સ, આઇટમ્સ): the
    # catalog writes the Gujarati plural or none (કાર્ડ, કાર્ડો)
    if word.endswith(_GU_ENGLISH_PLURAL) and len(word) - len(_GU_ENGLISH_PLURAL) >= 3:
        return word[: -len(_GU_ENGLISH_PLURAL)]
    for ending in GUJARATI_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            return word[: -len(ending)]
    return word


@lru_cache(maxsize=65536)
def gujarati_form(word: str) -> str:
    """What a Gujarati word is searched as: its stem (:func:`gujarati_stem`, which folds its
    vowels), less the anusvara and virama typed Gujarati drops: "નહીં" and "નહી", "પાદરી"
    and "પાદરિ", "ડ્વાર્ફ" and "ડવાર્ફ" meet."""
    if _GU_BOTH.match(word):
        return GU_BOTH_FORM
    return _GU_NASAL_CLUSTER.sub("", gujarati_stem(word)).translate(_GU_MARK_FOLD)


#: "Both" (બંને, બન્ને, with an ending: બંનેને, બંનેનો), whose stem less its anusvara or virama
#: would be "બન", the stem of becoming (બનવું, બનવાથી, બને): "elf બનવાથી શું ફાયદો" (what
#: does becoming an Elf give) is no question about two things. Both spellings are this one form.
_GU_BOTH = re.compile(r"બ(?:ં|ઁ|ન્)ને")
GU_BOTH_FORM = "બનને"


#: A nasal consonant with a virama before another consonant is the same sound as an anusvara
#: (વેમ્પાયર, વેંપાયર: vampire), which typed Gujarati drops: both spellings lose it.
_GU_NASAL_CLUSTER = re.compile(r"[ઙઞણનમ]્(?=[ક-હ])")


# Hungarian: a light stemmer in place of Snowball's, which stems nouns but cuts verbs short
# ("menekül" -> "men") or not at all ("menekülhetek"), and reads the t of "szint" as an
# accusative. Suffixes come off in the order Hungarian stacks them the other way round: a verb
# ending, or else a case, then a possessive, then the plural; a long final vowel shortens
# (kockát -> kocká -> kocka). Checked against simplemma's Hungarian lemmas over the catalog's
# words: as few forms of one word split apart as Snowball, a quarter fewer words merged.
_HU_VOWELS = frozenset("aáeéiíoóöőuúüű")
#: verb endings that leave a stem of two letters (ad-hat-ja, öl-nöm, ad-ni): the potential, and
#: the infinitive, with a person or without
_HU_VERB_SHORT = ("hatok", "hatom", "hatod", "hatja", "hatunk", "hatjuk", "hattok", "hatják", "hatnak", "hatsz",
                  "hat", "hetek", "hetem", "heted", "heti", "hetünk", "hetjük", "hettek", "hetik", "hetnek",
                  "hetsz", "het", "nom", "nöm", "nem", "nod", "nöd", "ned", "nia", "nie", "nunk", "nünk", "notok",
                  "netek", "nötök", "niuk", "niük", "ni")
#: the past and conditional with a person (the definite "we" too: legyőztük, eladtuk), the infinitive,
#: the second person
_HU_VERB = ("ttam", "ttem", "ttad", "tted", "ttunk", "ttünk", "ttuk", "ttük", "ttak", "ttek", "tam", "tem", "tál", "tél",
            "tunk", "tünk", "tuk", "tük", "anék", "enék", "nék", "nám", "ném", "nánk", "nénk", "ani", "eni", "sz", "ett", "ott", "ött")
_HU_CASE = ("ban", "ben", "ból", "ből", "nak", "nek", "val", "vel", "tól", "től", "hoz", "hez", "höz", "ról", "ről",
            "nál", "nél", "ért", "ként", "kor", "ba", "be", "ra", "re", "ig", "on", "en", "ön", "ot", "et", "öt", "at")
_HU_POSSESSIVE = ("jaink", "jeink", "aink", "eink", "jaitok", "jeitek", "aitok", "eitek", "jaik", "jeik", "aik", "eik",
                  "jaim", "jeim", "aim", "eim", "jaid", "jeid", "aid", "eid", "jai", "jei", "ái", "éi", "ai", "ei", "unk", "ünk",
                  "otok", "etek", "ötök", "juk", "jük", "uk", "ük", "om", "em", "öm", "am", "od", "ed", "öd", "ad",
                  "ja", "je")
_HU_PLURAL = ("ok", "ek", "ök", "ak")
#: the two-letter consonants, doubled as an ending assimilates to them (szörny -> szörnnyel)
_HU_DOUBLED = ("nny", "ssz", "ggy", "tty", "lly", "zzs", "ccs")


@lru_cache(maxsize=None)
def _by_length(endings: tuple[str, ...]) -> tuple[tuple[int, frozenset[str]], ...]:
    """The endings grouped by length, longest first: a word is cut by looking up its last
    letters, not by trying every ending (stemming each edit of a typo stems a thousand words)."""
    lengths = sorted({len(e) for e in endings}, reverse=True)
    return tuple((n, frozenset(e for e in endings if len(e) == n)) for n in lengths)


#: Hungarian typed without its accents (on a phone, on another language's keyboard) is stemmed
#: with the endings' accents folded too: "szornybol" loses its "-bol" as "szörnyből" its "-ből".
#: Typed with accents, a word is stemmed with them, as the clauses are: only they tell a final
#: "-ő" and an accusative apart (segítőt is segítő-t; "segitot" could be segít-ot).
_HU_FOLD = str.maketrans("áéíóöőúüű", "aeiooouuu")


def _hu_folded(endings) -> tuple[str, ...]:
    return tuple(dict.fromkeys(e.translate(_HU_FOLD) for e in endings))


class _HuTables(Record):
    verb_short: tuple
    verb: tuple
    case: tuple
    possessive: tuple
    plural: tuple


_HU_ACCENTED = _HuTables(_HU_VERB_SHORT, _HU_VERB, _HU_CASE, _HU_POSSESSIVE, _HU_PLURAL)
# the conditional "-nék" folds to the dative "-nek", which the cases take off
_HU_PLAIN = _HuTables(_hu_folded(_HU_VERB_SHORT), tuple(e for e in _hu_folded(_HU_VERB) if e not in _hu_folded(_HU_CASE)),
                      _hu_folded(_HU_CASE), _hu_folded(_HU_POSSESSIVE), _hu_folded(_HU_PLURAL))


def _hu_cut(word: str, endings, minimum: int) -> tuple[str, bool]:
    """``word`` less its longest ending of ``endings`` that leaves ``minimum`` letters with a vowel."""
    for length, group in _by_length(endings):
        ending = word[-length:]
        if len(word) <= length or ending not in group:
            continue
        if ending in ("nál", "nél", "nal", "nel") and word.endswith("sz" + ending):
            continue  # "használ" (use) is no "hasz" at something
        if len(word) - length >= minimum and _HU_VOWELS & set(word[:-length]):
            return word[:-length], True
    return word, False


def hungarian_verb(word: str) -> bool:
    """Does the word end as a Hungarian verb does (menekül-ni, ad-hatom, öl-nöm, halt-am)?"""
    lowered = word.lower()
    tables = _HU_ACCENTED if _HU_ACCENTS & set(lowered) else _HU_PLAIN
    return _hu_cut(lowered, tables.verb_short, 2)[1] or _hu_cut(lowered, tables.verb, 3)[1]


#: Nouns whose last vowel drops before an ending (átok, átkot, átkok, átkom): the nominative and
#: the stem every ending goes on. A closed class of Hungarian nouns; these are the ones a game of
#: Munchkin talks about.
_HU_FLEETING = {"átok": "átk", "dolog": "dolg", "lélek": "lelk", "tükör": "tükr", "méreg": "mérg", "bokor": "bokr",
                "teher": "terh", "torony": "torny", "sátor": "sátr", "kölyök": "kölyk", "fészek": "fészk",
                "ököl": "ökl", "gyomor": "gyomr", "vödör": "vödr", "sarok": "sark", "halom": "halm", "álom": "álm",
                "majom": "majm", "titok": "titk", "piszok": "piszk", "pokol": "pokl", "gödör": "gödr",
                "csokor": "csokr", "cukor": "cukr", "terem": "term", "verem": "verm", "ajak": "ajk",
                "haszon": "haszn", "iker": "ikr", "lepel": "lepl", "selyem": "selym", "eper": "epr",
                "bátor": "bátr", "szobor": "szobr", "kehely": "kelyh", "korom": "korm", "kosár": "kosar"}
_HU_FLEETING.update({k.translate(_HU_FOLD): v.translate(_HU_FOLD) for k, v in list(_HU_FLEETING.items())})
_HU_FLEETING_STEMS = frozenset(_HU_FLEETING.values())
#: Nouns whose long vowel shortens before an ending (kéz, kezem, kezet; levél, levelet): the
#: nominative and the stem the endings go on.
_HU_SHORTENED = {"kéz": "kez", "név": "nev", "levél": "level", "tűz": "tüz", "víz": "viz", "út": "ut",
                 "egér": "eger", "madár": "madar", "kenyér": "kenyer", "tél": "tel", "nyár": "nyar",
                 "szekér": "szeker", "kötél": "kötel", "fedél": "fedel", "szél": "szel"}
_HU_SHORTENED.update({k.translate(_HU_FOLD): v.translate(_HU_FOLD) for k, v in list(_HU_SHORTENED.items())
                      if k.translate(_HU_FOLD) != v.translate(_HU_FOLD)})
#: Stems that end in a doubled consonant: before the instrumental the double is written once
#: more only ("cucc" + "-val": "cuccal", as "lap" + "-val" is "lappal"), and typed a letter short
#: ("cucait") the stem is still the word
_HU_DOUBLE_FINAL = frozenset({"cucc", "toll", "szett", "meccs", "blöff", "tipp", "sakk", "plüss", "stressz"})
_HU_DOUBLE_FINAL = _HU_DOUBLE_FINAL | {w.translate(_HU_FOLD) for w in _HU_DOUBLE_FINAL}
_HU_ACCENTS = frozenset("áéíóöőúüű")


@lru_cache(maxsize=65536)
def hungarian_stem(word: str) -> str:
    """The stem a Hungarian word is searched by: "menekülhetek", "menekülni" -> "menekül";
    "lapjaimat" -> "lap"; "szintet", "szinthez" -> "szint"; "átok", "átkot", "átka" -> "átk"."""
    w = word.lower()
    if w in _HU_FLEETING:
        return _HU_FLEETING[w]
    w = _hu_stem(w, _HU_ACCENTED if _HU_ACCENTS & set(w) else _HU_PLAIN)
    if w in _HU_FLEETING:  # "átokkal": the instrumental goes on the nominative
        return _HU_FLEETING[w]
    # a fleeting-vowel stem with a bare possessive -a/-e left on it ("átka", "átkát")
    if w[-1:] in ("a", "e") and w[:-1] in _HU_FLEETING_STEMS:
        return w[:-1]
    if w + w[-1:] in _HU_DOUBLE_FINAL:  # "cuccal", "cucait": cucc
        return w + w[-1]
    return _HU_SHORTENED.get(w, _hu_unassimilated(w))


def _hungarian_stems(word: str) -> str:
    """The stem of ``word``, and a second where a word written without accents ends in "-ert":
    an accusative ("fegyvert", "embert": fegyver, ember) or "-ért" typed plain ("harcert": harc).
    Cut as "-ért" only, "fegyvert" met neither "fegyver" nor "fegyverem"."""
    stem = hungarian_stem(word)
    lowered = word.lower()
    if len(word) >= 6 and lowered[-3:] == "ert" and not _HU_ACCENTS & set(lowered):
        other = hungarian_stem(word[:-1])
        if other != stem:
            return f"{other} {stem}"
    # an accusative -t on a word ending in n ("Munchkint", "Szuper Munchkint"): the stemmer keeps
    # a final -nt (szint, pont), so the word without it is read too
    if len(lowered) >= 7 and lowered.endswith("nt") and stem == lowered:
        return f"{stem} {hungarian_stem(word[:-1])}"
    return stem


def _hu_unassimilated(w: str) -> str:
    """The stem without the j of the subjunctive, the definite conjugation and the possessive
    after a consonant ("dobjak", "hogy meneküljek", "eldobják", "lapja", "szintjét": dob,
    menekül, eldob, lap, szint), and a t's subjunctive s ("döntsd", "segítsen", "játsszam":
    dönt, segít, játsz), so that they meet the word's other forms."""
    if len(w) >= 3 and w[-1] == "j" and w[-2] not in _HU_VOWELS:
        return w[:-1]
    if len(w) >= 6 and w.endswith("tssz"):
        return w[:-3] + "sz"
    if len(w) >= 5 and w.endswith("ts"):
        return w[:-1]
    return w


def _hu_stem(w: str, tables: _HuTables) -> str:
    w, cut = _hu_cut(w, tables.verb_short, 2)
    if not cut:
        w, cut = _hu_cut(w, tables.verb, 3)
    if not cut:
        stem, cased = _hu_cut(w, tables.case, 3)
        # a bare accusative t after a vowel or l, r, j (kockát, páncélt); "segít", "szint" keep theirs,
        # but not the plural possessive's i (cuccait, lapjait, kártyáit, szörnyeit: his things)
        if not cased and len(w) >= 4 and w[-1] == "t" and ((w[-2] in _HU_VOWELS and w[-2] not in "ií")
                                                          or w[-2] in "lrjs"
                                                          or (len(w) >= 6 and w[-2] == "i" and w[-3] in "aáeé")):
            stem, cased = w[:-1], True
        # the instrumental assimilates to the stem: harc-cal, szint-tel; a two-letter consonant
        # doubles its first letter: szörny-nyel, kard-dal but rész-szel, hegy-gyel
        if not cased and len(w) >= 6 and w[-2:] in ("al", "el"):
            doubled = next((d for d in _HU_DOUBLED if w[:-2].endswith(d)), None)
            if doubled:
                stem = w[: -2 - len(doubled)] + doubled[1:]
            elif w[-3] == w[-4] and w[-3] not in _HU_VOWELS:
                stem = w[:-3]
        if stem in _HU_FLEETING:  # "átokkal": the ending went on the nominative
            return stem
        # the superessive after a vowel that lengthens: kockán, kártyán
        if not cased and len(w) >= 6 and w[-2:] in (("án", "én") if tables is _HU_ACCENTED else ("an", "en")):
            stem = w[:-1]
        w, _ = _hu_cut(stem, tables.possessive, 3)
        # an -ás/-és noun with its bare possessive: menekülése, eladása -> menekülés, eladás
        if len(w) >= 6 and w[-3:] in ("ása", "ése", "ásá", "ésé", "asa", "ese"):
            w = w[:-1]
        w, _ = _hu_cut(w, tables.plural, 3)
        if len(w) >= 4 and w[-1] == "k" and w[-2] in "aáeéoóöőuúüű":
            w = w[:-1]
        if len(w) >= 4 and w[-1] == "i" and w[-2] not in _HU_VOWELS:
            w = w[:-1]
        # the possessive of one's own after a vowel: kockám, kockád, segítőm
        if len(w) >= 5 and w[-1] in "md" and w[-2] in _HU_VOWELS:
            w = w[:-1]
    if w.endswith("á"):
        w = w[:-1] + "a"
    elif w.endswith("é"):
        w = w[:-1] + "e"
    # a final a or e after a consonant: the bare possessive (szörnye, faja, halála) or a stem
    # vowel that lengthens before every ending (kocka, kockát): either way not the word's own
    if len(w) >= 4 and w[-1] in "ae" and w[-2] not in _HU_VOWELS:
        w = w[:-1]
    return w


#: a Hungarian number written with its case ending glued on ("9est dobtam", "5öt", "10esre"): the
#: number, as "9-est" (its ending after a hyphen) already reads; the die's table is by number
_HU_NUMBER_ENDING = re.compile(r"(?<![\w-])(\d+)[a-záéíóöőúüű]{1,5}\b", re.IGNORECASE)


def prepare(text: str, language: str) -> str:
    """The text as whoosh should see it: NFC; Gujarati words stemmed and their spelling folded,
    Hungarian verbs without their endings.

    Gujarati function words go before stemming: stemmed, "મારો" (my) would become "માર",
    the stem of "મારવું" (to kill). Apply once: a stem is not stemmed again.
    """
    text = _NOT.sub(_not, unicodedata.normalize("NFC", text))
    if language == "en":
        text = english_negations(text, language)
    if not text.isascii():  # prepared once a word and once a text at every build: skip what cannot match
        text = _NATIVE_DIGIT.sub(_ascii_digit, text)
    if "-" in text:
        text = _HYPHENATED.sub(_with_joined, text)
    if " " in text:  # two words: a query word alone is prepared many times, and has neither
        text = _GU_DYING.sub("maryo", _DIE_VERB.sub(r"\1 death", _BAD_STUFF.sub("badstuff", text)))
        if "eep" in text or "ept" in text or "EEP" in text or "EPT" in text:  # only where it can match
            text = _KEEPS_DOING.sub("", text)
        if language == "en":
            text = english_pronouns(text, language)
    text = _DYING.sub("death", text)
    if language == "gu" or search_analysis(language) == "gujarati":
        if "એક" in text:
            text = _GU_TOGETHER.sub(_gu_together, text)
        text = _GU_WORD.sub(_gujarati_word, _GU_NA_NOT.sub("ન ", text))
    elif search_analysis(language) == "hungarian":
        if "ncs" in text or "NCS" in text or "Ncs" in text:
            text = _HU_NONE.sub(r"\g<0> nélkül", text)
        text = _HU_NUMBER_ENDING.sub(r"\1", text)
        text = _GU_WORD.sub(lambda m: _hungarian_stems(m.group(0)), text)
    elif language == "nl":
        text = dutch_clitics(text, language)
    elif language == "de" and "zu" in text:
        text = _DE_ZU_INFINITIVE.sub(r"\1\2", text)
    return text


#: Dutch words written short with an apostrophe ("m'n", "z'n", "'t", "'k", "zo'n") are the
#: words in full: apart at the apostrophe they were two letters the index knows as nothing, and
#: read as full words they are function words the stop list drops, as every other "mijn"
_NL_CLITIC = re.compile(r"(?<!\w)(m|z|d|zo|'|’)?['’](n|t|k|r)\b", re.IGNORECASE)
_NL_CLITICS = {"mn": "mijn", "zn": "zijn", "dr": "haar", "zon": "zo een", "t": "het", "k": "ik", "n": "een",
               "'t": "het", "'k": "ik", "'n": "een", "’t": "het", "’k": "ik", "’n": "een"}


def dutch_clitics(text: str, language: str | None) -> str:
    """``text`` with its Dutch short forms written in full ("m'n": mijn), where it is Dutch."""
    if language == "nl" and ("'" in text or "’" in text):
        return _NL_CLITIC.sub(_nl_clitic, text)
    return text


def _nl_clitic(match: re.Match) -> str:
    key = (match.group(1) or "").lower() + match.group(2).lower()
    return _NL_CLITICS.get(key, match.group(0))


#: Hungarian "nincs" (there is no, I have no: "nincs kasztom", "még nincs fajom") is being
#: without a thing, as the rules say it ("kasztkártya nélkül", "Fajkártya nélkül"): read as
#: "nélkül" too, in the clauses and the questions alike
_HU_NONE = re.compile(r"\b(?:nincs|nincsen|nincsenek)\b", re.IGNORECASE)


#: A German separable verb's infinitive with "zu" ("abzuhauen", "auszuspielen", "wegzulaufen") is
#: the verb ("abhauen", "ausspielen", "weglaufen"): the particles of locales/thesaurus.yaml
#: (``separable_particles``), before "zu" and an infinitive's ending
_DE_ZU_INFINITIVE = re.compile(r"\b(ab|an|auf|aus|ein|mit|nach|vor|weg|zurück|hin|her|los|um|fest|hoch|raus|rein|weiter)"
                               r"zu([a-zäöüß]{2,}(?:en|ern|eln))\b", re.IGNORECASE)


#: A digit of another script (Gujarati ૫, as players and the Gujarati texts write numbers):
#: searched as the ASCII digit, so "પાસા પર ૫" finds the die's 5 wherever either is written.
_NATIVE_DIGIT = re.compile(r"(?![0-9])\d")


def _ascii_digit(match: re.Match) -> str:
    return str(unicodedata.digit(match.group()))


#: A name whose hyphens hold a piece of one or two letters ("Stech-o-Mat", "Stab-o-Matic") is
#: typed as one word ("stechomat"), and its short piece says nothing alone: the joined form is
#: searched beside the parts. Names of longer pieces ("Lizard-Guy") are typed apart, and joining
#: them too moved other clauses' ranks (measured on the benchmark sets).
_HYPHENATED = re.compile(r"\b[^\W\d_]+(?:-[^\W\d_]{1,2})+-[^\W\d_]+\b")


def _with_joined(match: re.Match) -> str:
    return f"{match.group()} {match.group().replace('-', '')}"


#: Gujarati "at once" is written apart or together ("એક સાથે", "એકસાથે"; "એક જ સમયે", "એકસમયે"),
#: and players type it either way ("ek sathe", "eksathe"): the words apart are read joined too
_GU_TOGETHER = re.compile(r"એક\s+(?:જ\s+)?(સાથે|સમયે)(?!\S)")


def _gu_together(match: re.Match) -> str:
    return f"{match.group(0)} એક{match.group(1)}"


#: Gujarati "ના" typed apart before a verb of being or becoming ("કાર્ડ ના હોય તો": if there is
#: no card) is the negation ન, not the genitive ending ("દરવાજા ના પત્તા") the stop list drops
_GU_NA_NOT = re.compile(r"(?<!\S)ના\s+(?=(?:હો|હત|થા|થઈ|થઇ|મળ|શક|કર|રમ|જોઈ|જોઇ)\S*)")
#: English negations written onto their verb, with the apostrophe or without ("can't", "dont"):
#: the "not" is what a rule forbids (locales/thesaurus.yaml, group "not"), so it is read apart.
#: Without the apostrophe only in English (:func:`english_negations`): "dont" is the Hungarian
#: "dönt" (decides) typed without its accent.
_NOT_VERBS = r"\b(ca|wo|sha|do|does|did|is|are|was|were|have|has|had|could|would|should|must|need)"
_NOT = re.compile(_NOT_VERBS + r"n['’]t\b", re.IGNORECASE)
_NOT_BARE = re.compile(_NOT_VERBS + r"nt\b", re.IGNORECASE)
_NOT_STEMS = {"ca": "can", "wo": "will", "sha": "shall"}
#: The game's Bad Stuff (also in Dutch, which keeps the English term) is one word to search:
#: apart, its "stuff" is what a player calls their items ("who gets my stuff when I die"), and
#: every clause about a monster's Bad Stuff would answer a question about one's belongings.
_BAD_STUFF = re.compile(r"\bbad[\s-]+stuff\b", re.IGNORECASE)
#: English "die" after its subject is dying, not the die one rolls ("if I die", "when you
#: die"): read as death, so the Loaded Die and the die rolls do not answer it.
_DIE_VERB = re.compile(r"\b(I|you|he|she|we|they|who|player|character|helper|everyone|somebody|someone)"
                       r"\s+(?:die|dies)\b", re.IGNORECASE)
#: Gujarati in Latin letters: "mari" is "my" alone, dying before a verb of going ("mari jau":
#: if I die, "mari gayo": he died), as મરી જાઉં, મરી ગયો
_GU_DYING = re.compile(r"\bmari\s+(?:jau|jaun|jaish|jaiye|jay|jaye|jae|jai|gayo|gayi|gaya|gai|gyo)\b", re.IGNORECASE)
#: English "keep" before a verb in -ing is "go on" ("he keeps nicking my gear", "kept running"), not
#: keeping a level or an item: left out, so the rules of keeping things do not answer it
_KEEPS_DOING = re.compile(r"\b(?:keep|keeps|kept|keeping)\s+(?=[a-z]+ing\b)", re.IGNORECASE)
#: English "one" as a pronoun ("the other one", "another one", "that one"): no number, and not
#: the one of a one-shot ("switch my armor for the other one" asks nothing of one-shots). Before
#: a word that is no function word it is the number of that word's thing ("is that one monster
#: or three"), and stays (:func:`_one_pronoun`).
_ONE_PRONOUN = re.compile(r"\b(other|another|this|that|which|same|new|old|better|bigger|first|last)\s+one\b(?![-\w])"
                          r"(?:\s+([^\W\d_]+))?", re.IGNORECASE)
#: a die's result said as a word after the roll ("rolled a one", "roll a six"): the number the
#: rules write it with ("On a 1"); "one" alone is no number (_ONE_PRONOUN)
_ROLLED_WORD = re.compile(r"\b(rolls?|rolled|rolling|threw|throws?)\s+(an?)\s+(one|two|three|four|five|six)\b(?![-\w])",
                          re.IGNORECASE)
_NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}
#: forms of dying no die roll has (Snowball stems them as "die")
_DYING = re.compile(r"\b(?:dying|died)\b", re.IGNORECASE)


def in_context(before: str, word: str) -> str:
    """``word`` as the word before it reads it ("I die": death), for a word put in a question
    by a correction ("i dei"), which the question's text never held."""
    read = _DIE_VERB.sub(r"\1 death", f"{before} {word}")
    return read.rsplit(" ", 1)[-1] if read != f"{before} {word}" else word


def english_negations(text: str, language: str | None) -> str:
    """``text`` with its English negations typed without the apostrophe read apart ("cant": can
    not), where the question is English or of no known language."""
    return _NOT_BARE.sub(_not, text) if language in (None, "en") and "nt" in text else text


def english_pronouns(text: str, language: str | None) -> str:
    """``text`` without the English pronoun "one" ("the other one"), and with a roll's result said
    as a word written as its number ("rolled a one": rolled a 1), where the question is English
    or of no known language."""
    if language not in (None, "en"):
        return text
    text = _ROLLED_WORD.sub(lambda m: f"{m.group(1)} {m.group(2)} {_NUMBER_WORDS[m.group(3).lower()]}", text)
    if "one" in text or "ONE" in text or "One" in text:
        return _ONE_PRONOUN.sub(_one_pronoun, text)
    return text


def _one_pronoun(match: re.Match) -> str:
    after = match.group(2)
    if after and after.lower() not in stop_words("en"):
        return match.group(0)  # a number before its noun
    return match.group(1) + (f" {after}" if after else "")


def _not(match) -> str:
    verb = match.group(1)
    return f"{_NOT_STEMS.get(verb.lower(), verb)} not"


def _gujarati_word(match) -> str:
    word = match.group(0)
    folded = _gu_fold(word)
    if folded in GUJARATI_STOP or ("સ" in folded and folded.translate(_GU_SIBILANT) in _GUJARATI_STOP_SIBILANT):
        return ""
    return gujarati_form(word)


#: The sibilants typed for one another (સકાય for શકાય, can): a function word so typed is one still.
#: Only function words are matched so: folded in every word, the sibilants merged words the
#: rules tell apart.
_GU_SIBILANT = str.maketrans({"શ": "સ"})
_GUJARATI_STOP_SIBILANT = frozenset(w.translate(_GU_SIBILANT) for w in GUJARATI_STOP if "શ" in w)


@lru_cache(maxsize=None)
def kept_words() -> dict[str, frozenset[str]]:
    """language -> the words of its stop list that carry meaning in this game (locales/kept_words.yaml),
    from a JSON copy in the user cache while the file is unchanged: every query that drops a
    function word reads them, and yaml's import and parse cost a whole-process question 12 ms."""
    path = locales_dir() / "kept_words.yaml"
    if not path.exists():
        return {}
    stamp = file_stamp(path)
    kept = kept_data("kept-words", stamp, lambda: _read_kept_words(path)) if stamp else _read_kept_words(path)
    return {language: frozenset(words) for language, words in kept.items()}


def _read_kept_words(path) -> dict[str, list[str]]:
    # lazy: yaml 10 ms to import, read only when the file changed
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
    return {str(language): sorted({str(w).lower() for w in words or ()}) for language, words in data.items()}


#: Function words the Snowball lists leave out: German contractions of a preposition and an
#: article whose parts are both on the list ("beim" is "bei dem"). Read as words, "beim
#: Weglaufen was verkaufen" found the clauses that say "beim Verkaufen" for their "beim".
CONTRACTIONS = {"de": frozenset({"beim", "ans", "aufs", "fürs", "ums", "durchs"})}


def function_words(language: str) -> frozenset[str]:
    """The language's whole stop list: Snowball's (through whoosh) and :data:`CONTRACTIONS`."""
    return frozenset(stopwords_for_language(language)) | CONTRACTIONS.get(language, frozenset())


@lru_cache(maxsize=None)
def stop_words(language: str) -> frozenset[str]:
    """The language's function words, less those that carry a question here (:func:`kept_words`)."""
    return function_words(language) - kept_words().get(language, frozenset())


@lru_cache(maxsize=None)
def language_analyzer(language: str):
    """The field of one language: tokens, lower case, stop words, stems, then accents folded.

    Folding after stemming lets "szorny" find "szörny" and "Schatze" find "Schätze"; the
    ``exact`` field (:func:`exact_analyzer`) then ranks the exactly spelled word first.
    Analyzers are built once: whoosh's stemming filter keeps a cache per instance.
    """
    chain = RegexTokenizer(TOKEN) | LowercaseFilter()
    analysis = search_analysis(language)
    if analysis in ("snowball", "hungarian") and has_stopwords(language):
        # minsize 1: whoosh drops one-letter tokens by default, and with them every digit
        # ("roll a 6", "level 1", "result 6"), which the Gujarati field alone then kept
        chain = chain | StopFilter(stoplist=stop_words(language), minsize=1)
    if analysis == "snowball" and has_stemmer(language):  # Hungarian is stemmed in prepare()
        chain = chain | StemFilter(lang=language)
    return chain | CharsetFilter(accent_map)


@lru_cache(maxsize=None)
def exact_analyzer():
    """Whole words in lower case, accents kept: a match here means the spelling was exact."""
    return RegexTokenizer(TOKEN) | LowercaseFilter()


_LATIN_ACCENT = re.compile(r"[\u00c0-\u024f]")


def has_accent(word: str) -> bool:
    """Does the word carry a Latin letter with a diacritic (where folding loses something)?"""
    return bool(_LATIN_ACCENT.search(word))


def accented_words(text: str) -> str:
    """Only the words whose exact spelling differs from their folded form: all that the exact
    field needs to hold, since for every other word exact and folded agree."""
    return " ".join(m.group(0) for m in _GU_WORD.finditer(text) if has_accent(m.group(0)))


@lru_cache(maxsize=None)
def word_analyzer():
    """Whole words, lower case, accents folded, no stemming: the vocabulary typos are fixed against."""
    return RegexTokenizer(TOKEN) | LowercaseFilter() | CharsetFilter(accent_map)
