"""Shell completion for bash, zsh and fish: installed into HOME, completing what users type.

Every test points HOME at a temporary directory: installing completion writes the shell's
start-up files.
"""

from __future__ import annotations

import pytest

from tests.conftest import run_referee


def complete(words: str, home) -> list[str]:
    """What bash completion offers for the command line ``words`` (the last word being typed)."""
    parts = words.split(" ")
    env = {"HOME": str(home), "_REFEREE_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(len(parts) - 1)}
    result = run_referee(env=env)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    return result.stdout.splitlines()


@pytest.mark.parametrize("shell,written", [
    ("bash", [".bash_completions/referee.sh", ".bashrc"]),
    ("zsh", [".zfunc/_referee", ".zshrc"]),
    ("fish", [".config/fish/completions/referee.fish"]),
])
def test_install_completion_writes_the_shells_files_in_home(shell, written, tmp_path):
    env = {"HOME": str(tmp_path), "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    result = run_referee("--install-completion", shell, env=env)
    assert result.returncode == 0, result.stderr
    for name in written:
        assert (tmp_path / name).is_file(), name
    script = run_referee("--show-completion", shell, env=env)
    assert script.returncode == 0 and "_REFEREE_COMPLETE" in script.stdout


def test_commands_languages_clause_ids_and_card_names_complete(tmp_path):
    assert {"card", "cards"} <= set(complete("referee ca", tmp_path))
    assert complete("referee search sell --lang ", tmp_path) == ["en", "nl", "hu", "es", "gu", "de"]
    assert "combat.ties" in complete("referee rule combat.ti", tmp_path)
    assert "Loaded Die" in complete("referee card Loa", tmp_path)
    assert "cinkelt kocka" in complete("referee card cink", tmp_path)  # any language; the typed part as typed
    assert "ujracinkelt kocka" in complete("referee card ujra", tmp_path)  # accents aside (Újracinkelt)
    assert any(name.startswith("ભટકતા") for name in complete("referee card ભટ", tmp_path))  # Gujarati whole
    assert "epic" in complete("referee list --game e", tmp_path)
