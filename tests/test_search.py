"""Search through the console script: languages, typos, filters, and a cache that survives abuse."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import REFEREE, run_referee

#: these tests share indexes built once: under xdist they run in one process, which makes it once
pytestmark = pytest.mark.xdist_group("test_search")


@pytest.fixture(scope="module")
def shared_cache() -> None:
    """The cache every run without one of its own uses: these tests only read the shipped
    corpus's index, which the whole test run builds once there (an own cache per module cost a
    build per module and process)."""
    return None


def search(*args, env=None) -> dict:
    result = run_referee("search", *args, "--json", env=env)
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


def ids(data: dict) -> list[str]:
    return [r["id"] for r in data["results"]]


def test_json_matches_the_contract(shared_cache):
    data = search("sell", "level", "10", env=shared_cache)
    assert set(data) >= {"query", "lang", "total", "results"}
    assert data["results"] and set(data["results"][0]) >= {"id", "score", "title", "text", "text_en", "kind",
                                                           "game", "snippet"}


def test_a_hungarian_query_finds_a_clause_written_in_spanish_and_prints_hungarian(shared_cache, corpus):
    data = search("Munchkinomicon", "varázslat", "húzás", "--lang", "hu", env=shared_cache)
    top = data["results"][0]
    clause = corpus[top["id"]]
    assert {s.lang for s in clause.sources} == {"es"}, top["id"]
    assert data["lang"] == "hu" and top["text"] != top["text_en"]
    assert any(ch in top["text"] for ch in "őűáé")


def test_typos_are_forgiven_without_changing_the_answer(shared_cache):
    typed = ids(search("mnster", "levl", "--limit", "10", env=shared_cache))
    spelled = ids(search("monster", "level", "--limit", "10", env=shared_cache))
    assert typed[:5] == spelled[:5]
    assert any(i.startswith("combat.") for i in typed), typed


@pytest.mark.parametrize("query,lang,expected", [
    (["Loded", "Dye"], "en", "card-rulings.loaded-die"),
    (["cinkelt", "kocka"], "hu", "card-rulings.loaded-die"),
    (["dado", "cargado"], "es", "munchkin-die.loaded-die"),
    (["huir", "dado"], "es", "running-away.roll"),
    (["Handlanger", "opfern"], "de", "star-munchkin.henchman-sacrifice"),
])
def test_players_words_find_the_rule(query, lang, expected, shared_cache):
    found = ids(search(*query, "--lang", lang, env=shared_cache))[:5]
    assert any(i.startswith(expected) for i in found), found


def test_accents_may_be_left_out_but_exact_spelling_ranks_first(shared_cache):
    folded = search("szorny", "kincs", env=shared_cache)
    exact = search("szörny", "kincs", env=shared_cache)
    assert ids(folded)[:3] and set(ids(folded)[:5]) & set(ids(exact)[:5])
    assert exact["results"][0]["score"] > folded["results"][0]["score"]


def test_decomposed_input_matches_like_composed(shared_cache):
    composed = ids(search("szörny", "kincs", env=shared_cache))
    decomposed = ids(search("szo\u0308rny", "kincs", env=shared_cache))
    assert composed == decomposed


def test_gujarati_words_are_kept_whole():
    from referee.search.analysis import language_analyzer

    tokens = [t.text for t in language_analyzer("gu")("મંચકીનનો ઉદ્દેશ")]
    assert tokens == ["મંચકીનનો", "ઉદ્દેશ"]


@pytest.mark.parametrize("forms", [
    ["મરવું", "મર્યા", "મરે", "મર્યો"],           # to die: infinitive, participles, present
    ["ખજાનો", "ખજાના", "ખજાનાની", "ખજાનામાં"],    # treasure, with case endings
    ["જીતવું", "જીતે", "જીતાય", "જીત્યો"],         # to win, the passive included
    ["પકડવું", "પકડે", "પકડાય", "પકડાયો", "પકડાઈ"],  # to catch, the passive perfective included
    ["ખજાનામાં", "ખજાનામા"],                       # "in", typed with its anusvara or without
])
def test_gujarati_inflections_meet_at_one_stem(forms):
    from referee.search.analysis import prepare

    assert len({prepare(form, "gu") for form in forms}) == 1, [prepare(form, "gu") for form in forms]


def test_gujarati_function_words_go_before_stemming():
    from referee.search.analysis import prepare

    assert prepare("મારો", "gu") == ""          # "my" is dropped whole ...
    assert prepare("મારવું", "gu") == "માર"      # ... so it never meets "to kill"


def test_a_gujarati_query_finds_running_away(shared_cache):
    found = ids(search("ભાગી", "જવું", "--lang", "gu", env=shared_cache))[:5]
    assert any(i.startswith("running-away.") for i in found), found


def test_filters_as_options_and_as_query_syntax(shared_cache, corpus):
    for data in (search("level", "--game", "epic", env=shared_cache), search("level", "game:epic", env=shared_cache)):
        assert data["results"] and all(corpus[i].game == "epic" for i in ids(data))
    data = search("monster", "topic:combat", env=shared_cache)
    assert data["results"] and all("combat" in corpus[i].topics for i in ids(data))
    data = search("curse", "--kind", "card-ruling", env=shared_cache)
    assert all(r["kind"] == "card-ruling" for r in data["results"])


def test_nothing_found_is_exit_1_with_a_suggestion(shared_cache):
    result = run_referee("search", "monstre", "lvel", "xqzzq", env=shared_cache)
    result = run_referee("search", "xqzzqx", env=shared_cache)
    assert result.returncode == 1 and "Traceback" not in result.stderr


def test_a_very_long_query_is_cut_and_stays_fast(shared_cache):
    search("level", env=shared_cache)  # make sure the index exists
    start = time.monotonic()
    result = run_referee("search", "monster " * 5000, env=shared_cache)
    assert result.returncode in (0, 1) and "Traceback" not in result.stderr
    assert time.monotonic() - start < 10


def test_index_info_says_where_and_what(built):
    env, _ = built
    data = json.loads(run_referee("index", "--info", "--json", env=env).stdout)
    assert Path(data["path"]).is_dir() and data["documents"] >= 350 and data["size_bytes"] > 0
    assert data["path"].startswith(env["REFEREE_CACHE_DIR"]) and data["place"] == "cache"


def _index_dir(env: dict) -> Path:
    return Path(json.loads(run_referee("index", "--info", "--json", env=env).stdout)["path"])


#: the questions asked of a damaged index, whose answers must not change: in three languages and
#: scripts, one with typos (the vocabulary is one of the files)
ASKED = ("sell level", "mnster levl", "szörny kincs", "ભાગી જવું")


@pytest.fixture(scope="module")
def built_once(tmp_path_factory, shipped_rules) -> tuple[dict, dict]:
    """An index built once for this module from a changed copy of the corpus, and its answers."""
    from tests.conftest import changed_copy

    root = tmp_path_factory.mktemp("built-once")
    env = {"REFEREE_CACHE_DIR": str(root / "cache"), "REFEREE_RULES": str(changed_copy(shipped_rules, root / "rules"))}
    return env, {query: ids(search(*query.split(), env=env)) for query in ASKED}


@pytest.fixture
def built(built_once, tmp_path) -> tuple[dict, dict]:
    """A cache of the test's own holding a copy of that index (an index is found by its corpus's
    content, not by its path), and the answers it gave: a test damages its copy, and only the
    rebuild it causes is paid for."""
    import shutil

    env, answers = built_once
    shutil.copytree(env["REFEREE_CACHE_DIR"], tmp_path / "cache")
    return {**env, "REFEREE_CACHE_DIR": str(tmp_path / "cache")}, answers


def _answers_stay(env: dict, expected: dict, what: str) -> None:
    for query in ASKED:
        result = run_referee("search", *query.split(), "--json", env=env)
        assert result.returncode == 0 and "Traceback" not in result.stderr, (what, result.stderr)
        assert ids(json.loads(result.stdout)) == expected[query], (what, query)


#: what can happen to a file of the index: gone, cut short, or every byte changed at its size
#: (what a checksum alone sees)
DAMAGES = {"deleted": lambda path, noise: path.unlink(),
           "truncated": lambda path, noise: path.write_bytes(path.read_bytes()[: path.stat().st_size // 3]),
           "same-size random bytes": lambda path, noise: path.write_bytes(noise.randbytes(path.stat().st_size))}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_any_damage_to_any_index_file_is_seen_before_a_search_reads_it(built_once, tmp_path, damage):
    """Every file of the index (whoosh's segments and table of contents, the tables every query
    reads, the vocabulary typos are corrected against, the manifest), damaged alone in a copy:
    the index is no longer the one a search uses (``index --info`` finds none). Seeing it is the
    same check for every file, and a rebuild the same code whatever started it: the rebuilds
    themselves are the tests below (each costs seconds)."""
    import random
    import shutil

    env, _ = built_once
    names = sorted(p.name for p in _index_dir(env).iterdir() if p.is_file() and p.stat().st_size)
    assert {"ready.json", "tables.pickle", "vocabulary.pickle"} <= set(names) and any(n.endswith(".seg") for n in names)
    assert any(n.endswith(".toc") for n in names)
    noise = random.Random(14)
    for number, name in enumerate(names):
        cache = tmp_path / f"cache-{number}"
        shutil.copytree(env["REFEREE_CACHE_DIR"], cache)
        mine = {**env, "REFEREE_CACHE_DIR": str(cache)}
        DAMAGES[damage](_index_dir(mine) / name, noise)
        result = run_referee("index", "--info", "--json", env=mine)
        assert result.returncode == 1 and json.loads(result.stdout)["path"] is None, (name, result.stdout)


@pytest.mark.parametrize("name", ["vocabulary.pickle", ".seg"])
def test_an_index_file_of_random_bytes_is_rebuilt_and_every_answer_stays(built, name):
    """Same-size noise in the vocabulary (typo corrections come from it) or in whoosh's segment:
    the index is rebuilt, and every answer is the one from before."""
    import random

    env, expected = built
    path = next(p for p in _index_dir(env).iterdir() if p.name.endswith(name))
    path.write_bytes(random.Random(14).randbytes(path.stat().st_size))
    _answers_stay(env, expected, name)


def test_every_index_file_truncated_at_once_is_rebuilt(built):
    env, expected = built
    folder = _index_dir(env)
    for path in folder.iterdir():
        if path.is_file() and path.name != "ready.json":
            path.write_bytes(path.read_bytes()[: path.stat().st_size // 3])
    _answers_stay(env, expected, "every file truncated")


def test_four_processes_on_an_empty_cache_build_the_index_once(cache):
    import os

    env = {**{k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "REFEREE_LANG", "REFEREE_RULES")},
           **cache}
    processes = [subprocess.Popen([REFEREE, "search", "sell", "level", "--json"], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env=env) for _ in range(4)]
    outputs = [p.communicate(timeout=180) for p in processes]
    assert all(p.returncode == 0 for p in processes), [err for _, err in outputs]
    assert all("Traceback" not in err for _, err in outputs)
    assert len({out for out, _ in outputs}) == 1
    builds = (Path(cache["REFEREE_CACHE_DIR"]) / "builds.log").read_text().splitlines()
    assert len(builds) == 1
