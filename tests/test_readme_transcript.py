"""The README's game at the table is what the program prints: each ``$ referee …`` line is run
in order on a fresh table and its output compared, so the README cannot drift."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from tests.conftest import run_referee

README = Path(__file__).parent.parent / "README.md"


def transcript() -> list[tuple[str, str]]:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"<!-- transcript: at-the-table.*?-->\n```console\n(.*?)```", text, re.S).group(1)
    steps, command, output = [], None, []
    for line in block.splitlines():
        if line.startswith("$ referee "):
            if command is not None:
                steps.append((command, "\n".join(output)))
            command, output = line[len("$ referee "):], []
        else:
            output.append(line)
    steps.append((command, "\n".join(output)))
    return steps


def test_the_readme_game_at_the_table_is_what_referee_prints(tmp_path):
    steps = transcript()
    assert len(steps) >= 10
    env = {"REFEREE_TABLE": str(tmp_path / "table.sqlite3"), "COLUMNS": "100"}
    for command, expected in steps:
        result = run_referee(*shlex.split(command), env=env)
        assert result.returncode == 0, (command, result.stderr)
        assert result.stdout.rstrip("\n") == expected, f"$ referee {command}\n{result.stdout}"


def rewrite(readme: Path = README) -> None:
    """Run the transcript's commands and write their output into the README (after a change
    that alters what they print: ``python -m tests.test_readme_transcript``)."""
    import os
    import tempfile

    steps = transcript()
    with tempfile.TemporaryDirectory() as tmp:
        env = {"REFEREE_TABLE": os.path.join(tmp, "table.sqlite3"), "COLUMNS": "100"}
        lines = []
        for command, _ in steps:
            result = run_referee(*shlex.split(command), env=env)
            lines += [f"$ referee {command}", result.stdout.rstrip("\n")]
    text = readme.read_text(encoding="utf-8")
    start = re.search(r"<!-- transcript: at-the-table.*?-->\n```console\n", text, re.S).end()
    end = text.index("```", start)
    readme.write_text(text[:start] + "\n".join(lines) + "\n" + text[end:], encoding="utf-8")


if __name__ == "__main__":
    rewrite()
