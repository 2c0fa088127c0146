"""``referee play``: the interactive session — every command at a prompt, in one process.

Each line is run by :func:`referee.cli.run`, the console script's own error boundary, with the
typer app built once: the same parser, the same library calls, the same output. What makes
answers after the first come back in milliseconds is that the process stays: the corpus, the
catalogs and the search index are read once and kept (see ``load_corpus`` and
``referee.search.searcher_for``). An error prints its message and the session goes on; Ctrl-C
abandons the line or the command, not the session; end of input or ``quit`` ends it with exit 0.
History is kept in the user's state directory; Tab completes commands, options, player names,
card names in the session's language and clause ids.
"""

from __future__ import annotations

import contextlib
import difflib
import gc
import io
import os
import shlex
import sys
from pathlib import Path
from typing import Optional

import typer  # this module is imported only to build the typer app (referee.cli.build_app)

from referee.cli import options
from referee.cli.params import Option
from referee.errors import RefereeError
from referee.i18n import choose_language
from referee.i18n.catalogs import RuleText, _
from referee.places import user_dir

QUIT = ("quit", "exit")
HISTORY_LENGTH = 1000


def history_path() -> Path:
    """``$REFEREE_STATE_DIR/history``, else the per-user state directory's."""
    override = os.environ.get("REFEREE_STATE_DIR")
    if override:
        return Path(override) / "history"
    return user_dir("state") / "history"


class Session:
    def __init__(self, command, language: str, table_path: Optional[Path], as_json: bool = False, *, run):
        self.command = command  # the click command, built once for the whole session
        self.run = run  # referee.cli.run, the console script's error boundary (handed in: it builds this module's app)
        self.language = language
        self.table_path = table_path
        self.as_json = as_json
        self._cards: Optional[list[str]] = None
        self._clauses: Optional[list[str]] = None

    # --- running lines ----------------------------------------------------------------------

    def run_line(self, line: str) -> Optional[int]:
        """Run one typed line; ``None`` means the session ends."""
        run = self.run
        first = line.split()[0] if line.split() else ""
        if first and first not in self._known_words() and not self._mistyped(line):
            # not a command: a question in the player's own words ("troll level 8, who wins?")
            return self._run_words(["ask", line.strip()])
        try:
            words = shlex.split(line)
        except ValueError as exc:
            if "'" in line or "’" in line:  # "can I'm …": an apostrophe of a sentence, not a quote
                return self._run_words(["ask", line.strip()])
            print("referee: " + _("cannot read that line: {reason}").format(reason=exc), file=sys.stderr)
            return 2
        if words and words[0] == "referee":
            words = words[1:]
        if not words:
            return 0
        if words[0] in QUIT:
            return None
        if words[0] == "help":
            # in the session's language, like every other command (click's own words included)
            return run([*words[1:], "--help", "--lang", self.language], self.command)
        if words[0] == "play":
            print("referee: " + _("this is the interactive session already"), file=sys.stderr)
            return 2
        return self._run_words(words, line.strip())

    def _known_words(self) -> set:
        """The first words of a command line: the commands, and the session's own words."""
        names = set(getattr(self.command, "commands", {}) or {})
        return names | set(QUIT) | {"help", "play", "referee"} | {w for w in names if w.startswith("-")}

    def _takes_table(self, name: str) -> bool:
        """Does command ``name`` read a table? Asked of the command's own declaration, so a
        command that gains ``--table`` is given the session's table without a list to keep."""
        return _takes_table((getattr(self.command, "commands", {}) or {}).get(name))

    def _run_words(self, words: list[str], original: str = "") -> int:
        run = self.run
        if "--lang" not in words and not any(w.startswith("--lang=") for w in words):
            words += ["--lang", self.language]
        if self.table_path is not None and "--table" not in words and self._takes_table(words[0]):
            words += ["--table", getattr(self.table_path, "address", str(self.table_path))]  # a file or URL#ID
        if self.as_json and "--json" not in words:
            words.append("--json")
        if words[0] in ("ask", "table", "help") or words[0] not in self._known_words():
            return run(words, self.command)
        return self._command_or_question(words, original)

    def _command_or_question(self, words: list[str], line: str) -> int:
        """A line that starts like a command but does not read as one ("can I sell my stuff?")
        is a question: the command's error is shown only when the question gets no answer."""
        run = self.run
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run(words, self.command)
        if code == 2 and line and not _command_shaped(line.split()[1:]):
            asked, asked_err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(asked), contextlib.redirect_stderr(asked_err):
                answered = run(["ask", line, *words[words.index("--lang"):]] if "--lang" in words else
                               ["ask", line], self.command)
            if answered == 0:
                out, err, code = asked, asked_err, 0
        sys.stdout.write(out.getvalue())
        sys.stderr.write(err.getvalue())
        return code

    def _mistyped(self, line: str) -> bool:
        """A command with a typo ("fihgt Troll:8") is told so, not read as a question: its first
        word is close to a command's and the rest looks like a command's words."""
        words = line.split()
        commands = [w for w in self._known_words() if not w.startswith("-")]
        if not difflib.get_close_matches(words[0], commands, n=1, cutoff=0.8):
            return False
        return len(words) == 1 or _command_shaped(words[1:])

    def loop(self, stdin=None) -> int:
        stdin = stdin or sys.stdin
        interactive = stdin.isatty()
        if interactive:
            self._start_readline()
            print(_("Munchkin referee. Type a command, `help` for the list, `quit` to leave."))
        while True:
            try:
                line = input(_("referee> ")) if interactive else stdin.readline()
            except KeyboardInterrupt:
                print()  # Ctrl-C at the prompt abandons the line, not the session
                continue
            except EOFError:
                if interactive:
                    print()
                return 0
            if not interactive and line == "":
                return 0
            try:
                if self.run_line(line) is None:
                    return 0
            except KeyboardInterrupt:
                print("referee: " + _("interrupted"), file=sys.stderr)
            sys.stdout.flush()
            if interactive:
                self._remember()

    # --- readline: history and completion --------------------------------------------------

    def _start_readline(self) -> None:
        try:
            import readline  # lazy: +0.7 ms at start-up if imported with the module
        except ImportError:  # no readline on this platform: plain input still works
            self._readline = None
            return
        self._readline = readline
        readline.set_history_length(HISTORY_LENGTH)
        try:
            readline.read_history_file(str(history_path()))
        except (OSError, ValueError):
            pass
        # Hyphens, dots and colons belong to ids and NAME:LEVEL; only blanks and quotes split words.
        readline.set_completer_delims(" \t\n\"'")
        readline.set_completer(self.complete)
        readline.parse_and_bind("tab: complete")

    def _remember(self) -> None:
        readline = getattr(self, "_readline", None)
        if readline is None:
            return
        path = history_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            readline.write_history_file(str(path))
        except OSError:
            pass  # history is a convenience: an unwritable state dir must not end the session

    def complete(self, text: str, state: int) -> Optional[str]:
        try:
            import readline  # lazy: +0.7 ms at start-up if imported with the module

            before = readline.get_line_buffer()[: readline.get_begidx()]
            found = self.candidates(before, text)
        except Exception:  # a completer that raises is silently disabled by readline
            return None
        return found[state] if state < len(found) else None

    def candidates(self, before: str, text: str) -> list[str]:
        """What may complete ``text`` after the words ``before`` it."""
        try:
            words = shlex.split(before)
        except ValueError:
            words = before.split()
        if not words:
            pool = [*self._commands(), "help", *QUIT]
        elif words[0] == "table" and len(words) == 1 and not text.startswith("-"):
            pool = self._commands("table")
        elif text.startswith("-"):
            pool = self._options(words)
        elif words[0] == "rule":
            pool = self._clause_ids()
        elif words[0] == "help":
            pool = self._commands()
        else:
            pool = [*self._players(), *self._card_names()]
        found = sorted({c for c in pool if c.startswith(text)})
        # One match is a whole word: end it with a space, as a shell does (readline here adds none).
        return [found[0] + " "] if len(found) == 1 else found

    def _group(self, name: Optional[str] = None):
        return self.command.commands.get(name) if name else self.command

    def _commands(self, group: Optional[str] = None) -> list[str]:
        found = self._group(group)
        return sorted(getattr(found, "commands", {}) or {})

    def _options(self, words: list[str]) -> list[str]:
        command = self._group(words[0])
        if command is not None and hasattr(command, "commands") and len(words) > 1:
            command = command.commands.get(words[1], command)
        if command is None:
            return []
        return [opt for param in command.params for opt in getattr(param, "opts", ()) if opt.startswith("--")]

    def _players(self) -> list[str]:
        from referee import table  # lazy: +10.8 ms at start-up if imported with the module

        try:
            state = table.show(self.table_path, recent=0).state
        except RefereeError:
            return []
        return [_escape(p["name"]) for p in state["players"]] if state else []

    def _card_names(self) -> list[str]:
        if self._cards is None:
            from referee.cards import localizer, name_in  # lazy: +1.9 ms at start-up if imported with the module
            from referee.corpus import load_corpus  # lazy: +0.1 ms at start-up if imported with the module

            localized = localizer()
            self._cards = sorted({_escape(name_in(c, self.language, localized))
                                  for c in load_corpus().cards.values()})
        return self._cards

    def _clause_ids(self) -> list[str]:
        if self._clauses is None:
            from referee.corpus import load_corpus  # lazy: +0.1 ms at start-up if imported with the module

            self._clauses = [c.id for c in load_corpus()]
        return self._clauses


def _command_shaped(words: list[str]) -> bool:
    """Words only a command line has: an option, a NAME:LEVEL."""
    return any(":" in w.strip(",.?!") or w.startswith("--") for w in words)


def _escape(name: str) -> str:
    """A name as one shell-like word: spaces escaped, so Tab can insert it whole."""
    return name.replace("\\", "\\\\").replace(" ", "\\ ")


def play(context: typer.Context, table_path: Optional[Path] = options.table_path(),
         lang: Optional[str] = options.lang(),
         as_json: bool = Option(False, "--json", help=_("Answer every command in JSON (for programs that "
                                                             "drive the session)."))) -> int:
    from referee.corpus import load_corpus  # lazy: +0.1 ms at start-up if imported with the module

    language = choose_language(lang)
    # The app that runs this command has every command (run() builds the whole app for `play`),
    # and the app hands it run(), the error boundary, as click's context object to run the lines with.
    session = Session(context.find_root().command, language, table_path, as_json, run=context.obj)
    _warm_up(load_corpus(), language)
    # A one-shot command runs with the cyclic collector off (referee.cli.main); a session lives
    # for a whole game. What is loaded now stays for good: freeze it out of every collection.
    gc.freeze()
    gc.enable()
    return session.loop()


def _takes_table(command) -> bool:
    """A click command with a ``--table`` option, or a group (``table``) one of whose commands has it."""
    if command is None:
        return False
    if any("--table" in getattr(param, "opts", ()) for param in command.params):
        return True
    return any(_takes_table(sub) for sub in (getattr(command, "commands", None) or {}).values())


#: a fight with a card and an item, judged once before the first prompt: it loads what every
#: later question needs (the situation reader, the engine, the card resolver, the renderer)
_WARM_UP = {"players": [{"name": "A", "level": 1, "items": [{"name": "I", "bonus": 1, "slot": "headgear"}]}],
            "combat": {"fighter": "A", "monsters": [{"card": "Drooling Slime"}]}, "question": {"kind": "combat"}}


def _warm_up(corpus, language: str) -> None:
    """Do once, before the first prompt, what the first answer of each kind would otherwise pay
    for (the first search, card and verdict cost 15–45 ms more than the ones after)."""
    from referee.adjudicate import judge_data  # lazy: +5.7 ms at start-up if imported with the module
    from referee.cards import find_cards, localizer  # lazy: +1.9 ms at start-up if imported with the module
    from referee.cli.render import verdict_text  # lazy: +3.9 ms at start-up if imported with the module
    from referee.search import searcher_for  # lazy: +23.0 ms at start-up if imported with the module

    try:
        searcher_for(corpus).query("level", language=language)
    except RefereeError:
        pass  # the first search will say what is wrong with the index
    find_cards(corpus.cards.values(), "warm-up", localizer())  # every card's names, in every language
    try:
        judged = judge_data(_WARM_UP, "<warm-up>", corpus)
        verdict_text(corpus, judged.verdict, RuleText(language), judged.cards)
    except RefereeError:
        pass  # a corpus without that card: the first question pays, and says what it must


def register(app) -> None:
    from referee.cli.help import Command  # lazy: +0.3 ms at start-up if imported with the module

    app.command("play", cls=Command, help=_("An interactive session: every command at a prompt, with history and "
                                            "Tab completion; `quit` or Ctrl-D leaves."))(play)
