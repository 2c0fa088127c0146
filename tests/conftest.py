"""Shared fixtures: run the installed ``referee`` command, and copies of the corpus to break."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee.data import data_dir

BIN = Path(sys.executable).parent
REFEREE = str(BIN / "referee")


def pytest_xdist_auto_num_workers(config) -> int:
    """``-n auto`` (pyproject's addopts): two test processes more than the machine has cores. A
    good part of a run is spent waiting on a server, a browser or another process, which the
    extra processes fill: on 2 cores (a clean clone, one code, `/usr/bin/time`) three processes
    kept the cores 174% busy and took 240 s; four, 181% and 225 s."""
    return (os.cpu_count() or 1) + 2


#: locale and referee settings a test's run starts without, unless its ``env`` gives them
_CLEARED = ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "REFEREE_LANG", "REFEREE_RULES",
            "REFEREE_DEBUG")
#: settings that change no file a run reads but the table's (whose memories are kept by its path)
#: and the language it speaks (asked of the catalogs, per language, at every turn)
_SAME_FILES = frozenset({"REFEREE_TABLE", "REFEREE_LANG", "LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE",
                         "COLUMNS", "NO_COLOR", "TERM", "REFEREE_DEBUG", "XDG_DATA_HOME"})
#: commands that only make sense in a process of their own (a server runs until it is stopped)
_PROCESS_COMMANDS = ("serve",)


def _environment(env: dict | None) -> dict:
    base = {k: v for k, v in os.environ.items() if k not in _CLEARED}
    base.update(env or {})
    return base


def read_terminal(controller: int) -> bytes:
    """Everything a pseudo-terminal shows (``controller``: its controlling end) until the process
    on it closes it."""
    shown = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        shown += chunk
    return shown


def interruptible() -> None:
    """Run in a child before it starts (``preexec_fn``): Ctrl-C's default action, as a shell gives
    a command in the foreground. A test run started in the background, or by a CI runner, may
    ignore SIGINT, and a child inherits what is ignored: its Ctrl-C would never arrive."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_referee(*args: str, env: dict | None = None, input: str | None = None,
                cwd: Path | None = None, process: bool = False) -> subprocess.CompletedProcess:
    """Run ``referee ARGS`` as a user would, in a clean locale unless ``env`` says otherwise.

    In this process by default (see :func:`run_in_process`: the console script's own entry point
    with its argv, environment, streams and directory injected); in a process of its own with
    ``process=True`` — for what needs one: signals, the exit of a process, a terminal, a server."""
    if process or any(arg in _PROCESS_COMMANDS for arg in args[:1]):
        return run_process(*args, env=env, input=input, cwd=cwd)
    return run_in_process(*args, env=env, input=input, cwd=cwd)


def run_process(*args: str, env: dict | None = None, input: str | None = None,
                cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The installed console script in a process of its own."""
    return subprocess.run([REFEREE, *args], capture_output=True, text=True, env=_environment(env), input=input,
                          cwd=cwd or Path.cwd(), timeout=120)


class _Ended(BaseException):
    """How the entry point's last step (ending the process) ends an in-process run instead."""

    def __init__(self, code: int):
        self.code = code


def run_in_process(*args: str, env: dict | None = None, input: str | None = None,
                   cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``referee ARGS`` through the console script's entry point (``referee.cli:main``, as
    pyproject's ``[project.scripts]`` names it), in this process: argv, environment, working
    directory and stdin are injected, stdout and stderr captured (bytes underneath, UTF-8, as a
    process's pipes), the exit code taken where the process would have ended. Each run has a
    context of its own (its language) and starts without what a run in other settings cached."""
    import contextvars
    import gc
    import io

    import referee.cli as cli

    # a run in settings of its own (its corpus, catalogs, cache, directory) neither meets what
    # earlier runs cached nor leaves its own behind: the files behind them may differ, or change
    # meanwhile. A table file or a language of its own reads the same files as every other run.
    own_setting = bool(set(env or {}) - _SAME_FILES) or cwd is not None
    streams = {name: io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace", write_through=True)
               for name in ("stdout", "stderr")}
    stdin = io.TextIOWrapper(io.BytesIO((input or "").encode("utf-8")), encoding="utf-8")
    saved = (sys.argv, sys.stdin, sys.stdout, sys.stderr, dict(os.environ), os.getcwd(), gc.isenabled(), cli._end)

    def end(code: int):
        for stream in streams.values():
            stream.flush()
        raise _Ended(code)

    # the run's environment is read before this process's is cleared: made after, it held only
    # ``env``, and every run without one lost XDG_CACHE_HOME and wrote to the user's own cache
    environment = _environment(env)
    try:
        os.environ.clear()
        os.environ.update(environment)
        if cwd is not None:
            os.chdir(cwd)
        if own_setting:
            reset_process_state()
        sys.argv = [REFEREE, *args]
        sys.stdin, sys.stdout, sys.stderr = stdin, streams["stdout"], streams["stderr"]
        cli._end = end
        try:
            contextvars.copy_context().run(cli.main)
            code = 0  # the entry point always ends the process: not reached
        except _Ended as ended:
            code = ended.code
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv, sys.stdin, sys.stdout, sys.stderr, environ, cwd_before, gc_on, cli._end = saved
        os.environ.clear()
        os.environ.update(environ)
        os.chdir(cwd_before)
        if gc_on:
            gc.enable()
        _reset_run_state()
        if own_setting:
            reset_process_state()
    out, err = (_text(streams[name].buffer.getvalue()) for name in ("stdout", "stderr"))
    return subprocess.CompletedProcess([REFEREE, *args], code, out, err)


def _text(data: bytes) -> str:
    """Bytes of a stream as ``subprocess.run(text=True)`` reads them (universal newlines)."""
    return data.decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")


def _reset_run_state() -> None:
    """What one command line sets for the rest of its process, undone."""
    from referee import data
    from referee.cli import render

    render.QUIET = False
    data.use_locales(None)


#: module-level memories of a process, by module and name, that hold what was read from files
_MEMORIES = {"referee.corpus.corpus": ("_READ",), "referee.cards": ("_NAMES", "_CORPUS_TABLES"),
             "referee.ask.cardwords": ("_BUILT",), "referee.search": ("_OPEN",), "referee.adjudicate": ("_RESOLVERS",),
             "referee.shapes": ("_SPEAKERS",), "referee.table.state": ("_REPLAYED",), "referee.table": ("_AFTER",),
             "referee.search.index": ("_temporary",), "referee.i18n.cardnames": ("_CARD_NAMES",),
             "referee.cache": ("_MEMO_READ",)}
_FORGOTTEN = {"referee.search.query": ("_THESAURUS",), "referee.i18n.typed": ("_CONTEXTS",)}


def reset_process_state() -> None:
    """Forget what earlier runs in this process read and remembered (the files behind it may have
    changed, or the next run reads other ones): every ``lru_cache`` of the package and its
    module-level memories, as a new process would start."""
    import functools

    for name, module in list(sys.modules.items()):
        if not name.startswith("referee") or module is None:
            continue
        for value in list(vars(module).values()):
            if isinstance(value, functools._lru_cache_wrapper) and getattr(value, "__module__", "").startswith(
                    "referee"):
                value.cache_clear()
        for memory in _MEMORIES.get(name, ()):
            getattr(module, memory).clear()
        for memory in _FORGOTTEN.get(name, ()):
            setattr(module, memory, None)
    # the languages are data (locales/languages.yaml), bound into modules when they are imported
    from referee.i18n.languages import codes

    for name, module in list(sys.modules.items()):
        if name.startswith("referee.") and isinstance(getattr(module, "LANGUAGES", None), tuple):
            module.LANGUAGES = codes()


def read_yaml(path: Path):
    """A YAML file with libyaml's safe loader where it is built: the case tables are read at
    every collection, in every test process, and the pure-Python loader took most of it."""
    import yaml

    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@pytest.fixture
def referee():
    return run_referee


@pytest.fixture(scope="session")
def shown():
    """``shown(*args)``: what ``referee ARGS`` prints, run once for the whole test run in the
    repository itself, with the cache runs share. For commands that only read: the output
    scans (tests/test_output_words.py, tests/test_output_english.py) read the same runs."""
    import functools

    return functools.lru_cache(maxsize=None)(lambda *args: run_in_process(*args, cwd=Path(__file__).resolve().parent.parent))


@pytest.fixture(scope="session")
def shipped_rules() -> Path:
    return data_dir("rules")


@pytest.fixture
def rules_copy(tmp_path: Path, shipped_rules: Path) -> Path:
    """A private copy of the shipped corpus that a test may break."""
    target = tmp_path / "rules"
    shutil.copytree(shipped_rules, target)
    return target


def changed_copy(shipped: Path, target: Path) -> Path:
    """A copy of the shipped corpus with a local change that alters no answer (a comment): its
    search index is not the one the wheel ships, so it is built into the user cache."""
    shutil.copytree(shipped, target)
    topics = target / "topics.yaml"
    topics.write_text(topics.read_text(encoding="utf-8") + "\n# a local change\n", encoding="utf-8")
    return target


@pytest.fixture
def cache(tmp_path: Path, shipped_rules: Path) -> dict:
    """A private, empty cache directory and a corpus whose index is built there."""
    return {"REFEREE_CACHE_DIR": str(tmp_path / "cache"),
            "REFEREE_RULES": str(changed_copy(shipped_rules, tmp_path / "rules"))}


@pytest.fixture(scope="session")
def corpus():
    from referee.corpus import load_corpus

    return load_corpus()


#: what a contributor's copy leaves out: tools' output, and the benchmarks and tests, which no
#: command reads (half the files: a copy and its removal cost a test a third of a second here)
_NOT_A_CHECKOUT = shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info", ".pytest_cache", "build",
                                         "dist", "benchmarks", "tests")


@pytest.fixture
def in_copy(tmp_path: Path):
    """Run ``referee`` inside a fresh copy of the repository, as a localizer or contributor
    would (its own cache, no locale): the commands read that copy's files."""
    root = tmp_path / "repo"
    shutil.copytree(Path(__file__).resolve().parent.parent, root, ignore=_NOT_A_CHECKOUT)

    def run(*args, **kwargs):
        env = {"REFEREE_CACHE_DIR": str(tmp_path / "cache"), **kwargs.pop("env", {})}
        return run_referee(*args, cwd=root, env=env, **kwargs)

    run.root = root
    return run


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _first_line(process: subprocess.Popen, wait: float) -> str:
    """The first line ``process`` prints, or "" when it ends or ``wait`` seconds pass first. Read
    a byte at a time from the pipe itself, so that what follows stays in the pipe for whoever
    reads the rest (``communicate`` reads the pipe, not a reader's buffer)."""
    import threading

    line = bytearray()

    def read() -> None:
        while not line.endswith(b"\n") and (byte := os.read(process.stdout.fileno(), 1)):
            line.extend(byte)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(wait)
    return line.decode("utf-8", "replace") if line.endswith(b"\n") else ""


class Server:
    """``referee serve`` in a process of its own, and plain HTTP to it (the standard library's
    client: what a bot or another app would use)."""

    def __init__(self, table: Path, *options: str, env: dict | None = None):
        self.table = table
        self._start(["--table", str(table), *options], env, wait=20)

    def _start(self, arguments: list[str], env: dict | None, wait: float) -> None:
        """Start ``referee serve`` on a port the system picks (``--port 0``: no other test, in
        this process or another, can take it first) and wait until it answers there."""
        import re
        import time
        import urllib.request

        clean = {k: v for k, v in os.environ.items() if not k.startswith(("REFEREE_", "LANG", "LC_"))}
        clean.update(env or {})
        self.process = subprocess.Popen([REFEREE, "serve", "--port", "0", *arguments],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=clean)
        announced = _first_line(self.process, wait)  # the URL, printed once the port listens
        found = re.search(r"https?://[^/\s\"]+:(\d+)", announced)
        if found is None:
            self.process.kill()
            raise RuntimeError(f"the server did not start: {announced!r} {self.process.communicate()}")
        self.port, self.announced = int(found.group(1)), announced
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + wait
        while True:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start: {self.process.communicate()}")
                time.sleep(0.05)
        self.banner = ""

    def request(self, method: str, path: str, body=None, headers: dict | None = None, raw: bytes | None = None):
        """(status, parsed JSON or text, headers) of one request."""
        import json
        import urllib.error
        import urllib.request

        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        request = urllib.request.Request(self.base + path, data=data, method=method, headers={
            **({"Content-Type": "application/json"} if body is not None else {}), **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                status, text, got = answer.status, answer.read().decode("utf-8"), dict(answer.headers)
        except urllib.error.HTTPError as error:
            status, text, got = error.code, error.read().decode("utf-8"), dict(error.headers)
        try:
            return status, json.loads(text), got
        except ValueError:
            return status, text, got

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()


class StoreServer(Server):
    """``referee serve --store STORE``: a PostgreSQL URL or a table file, whose own table is the
    server's (``/api/table…``) and whose other tables are made by ``POST /api/tables``."""

    def __init__(self, store: str, *options: str):
        self.table = None
        self._start(["--store", store, *options], None, wait=30)
        self.banner = ""


@pytest.fixture
def server(tmp_path):
    """A server on a table of its own (nothing in it yet), bound to loopback."""
    running = Server(tmp_path / "table.sqlite3")
    yield running
    running.stop()


# --- the two table stores: SQLite files and a throwaway PostgreSQL cluster --------------------

def _start_cluster(root: Path) -> tuple[str, callable]:
    """initdb + pg_ctl on a Unix socket in ``root`` (as the ``postgres`` or ``nobody`` user when
    run as root: PostgreSQL refuses to run as root). The URL and how to stop it."""
    import pwd

    initdb = shutil.which("initdb") or next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))), None)
    if initdb is None:
        raise RuntimeError("PostgreSQL is not installed (no initdb); install Debian's `postgresql` package")
    bin_dir = Path(initdb).parent
    prefix: list[str] = []
    if os.geteuid() == 0:
        for user in ("postgres", "nobody"):
            try:
                pwd.getpwnam(user)
            except KeyError:
                continue
            prefix = [shutil.which("runuser") or "/usr/sbin/runuser", "-u", user, "--"]
            shutil.chown(root, user=user)
            break
    data = root / "data"
    subprocess.run([*prefix, str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "referee", "-E", "UTF8",
                    "--no-sync"], check=True, capture_output=True, timeout=120)
    subprocess.run([*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(root / "log"), "-w", "-o",
                    f"-k {root} -c listen_addresses='' -c fsync=off -c max_connections=200", "start"],
                   check=True, capture_output=True, timeout=120)

    def stop():
        subprocess.run([*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)

    return f"postgresql:///postgres?host={root}&user=referee", stop


@pytest.fixture(scope="session")
def pg_url(tmp_path_factory):
    """A PostgreSQL database for the tests: ``$REFEREE_TEST_PG``, else a throwaway cluster.
    Missing PostgreSQL fails the test in CI (``$CI``) and skips it, saying why, elsewhere."""
    given = os.environ.get("REFEREE_TEST_PG")
    if given:
        yield given
        return
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="referee-pg-"))  # short: a socket path has a length limit
    try:
        url, stop = _start_cluster(root)
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        reason = f"PostgreSQL is needed and could not be started: {exc}"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    try:
        yield url
    finally:
        from referee.table import pgstore

        pgstore.close_pools()
        stop()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def pg_database(pg_url):
    """A new, empty database on the tests' PostgreSQL server (its URL): a store whose own table
    (``referee serve --store URL``, ``/api/table…``) no other test has written."""
    import secrets
    from urllib.parse import urlsplit

    import psycopg

    from referee.table import pgstore

    name = f"referee_{secrets.token_hex(6)}"
    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    parts = urlsplit(pg_url)  # (urlunsplit drops the '//' of an empty host: a socket's URL has one)
    url = f"{parts.scheme}://{parts.netloc}/{name}" + (f"?{parts.query}" if parts.query else "")
    yield url
    made = pgstore._POOLS.pop(url, None)
    if made is not None:
        made.close()
    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def store_kind(request):
    return request.param


@pytest.fixture
def new_table(request, store_kind, tmp_path):
    """A function giving a new, empty table's address in the store the test runs on."""
    import itertools
    import secrets

    numbers = itertools.count(1)
    if store_kind == "sqlite":
        return lambda: tmp_path / f"table-{next(numbers)}.sqlite3"
    from referee.table.pgstore import PgTable

    url = request.getfixturevalue("pg_url")
    return lambda: PgTable(url, secrets.token_urlsafe(12))


# --- the quick subset: `pytest -m "not slow"` ---------------------------------------------------

#: files whose tests need what takes seconds each: a browser, PostgreSQL, a server or a terminal in
#: a process of their own, index builds, every command in every language, thousands of generated
#: situations
SLOW_FILES = {"test_web_browser.py", "test_web_browser_live.py", "test_web_guard_browser.py", "test_store_pg.py",
              "test_store_pg_browser.py", "test_store_pg_tables.py", "test_play.py", "test_faults.py",
              "test_web_api.py", "test_web_live.py", "test_search.py", "test_output_words.py",
              "test_output_english.py", "test_languages.py", "test_i18n.py", "test_table_faults.py",
              "test_table_replay.py", "test_web_fuzz.py", "test_properties.py", "test_situation_fuzz.py",
              # a check of the whole corpus, a build of the search index or a game per test
              "test_exit_codes.py", "test_cli_strict.py", "test_corpus_shipped.py", "test_search_ranking.py",
              "test_ask_faces.py", "test_table_cli.py", "test_monster_cards.py", "test_web_guard.py", "test_game.py",
              "test_number_patterns.py", "test_vocabulary.py", "test_questions.py", "test_table.py",
              "test_corpus_teeth.py", "test_card_names.py", "test_table_store.py", "test_search_languages.py"}
#: fixtures that start a process, a server or a database, or copy the whole repository
SLOW_FIXTURES = {"server", "pg_url", "in_copy", "cache"}


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: needs a process, server, browser, database or index build of its "
                                       "own, or runs thousands of examples (left out of the quick subset: "
                                       "-m 'not slow')")


#: files whose tests take longest (seconds each: pybabel, index builds, browsers, servers on
#: PostgreSQL), run first: a test process that meets one of them last keeps the run waiting
#: while the others have nothing left to do
LONGEST_FILES = {"test_languages.py", "test_i18n.py", "test_faults.py", "test_web_browser_live.py",
                 "test_web_browser.py", "test_search.py", "test_card_names.py", "test_store_pg_tables.py",
                 "test_store_pg_browser.py", "test_web_guard_browser.py", "test_web_fuzz.py", "test_search_ranking.py",
                 "test_ask_faces.py", "test_table_faults.py", "test_table_replay.py"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        postgres = getattr(item, "callspec", None) is not None and item.callspec.params.get("store_kind") == "postgresql"
        if item.path.name in SLOW_FILES or fixtures & SLOW_FIXTURES or postgres:
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.path.name not in LONGEST_FILES)  # stable: each file keeps its order


@pytest.fixture(autouse=True)
def _english_until_told():
    """Every test starts speaking English, and the language a test (or a command line it runs
    through ``referee.cli.run`` directly) chose ends with it: the language is the context's."""
    from referee.i18n.catalogs import speaking

    with speaking("en"):
        yield
