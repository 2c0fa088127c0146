"""What every benchmark here shares: timing a whole process, and byte-compiling the package
first so each run measures what an installed copy does."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path


def timed(command: list[str], env: dict) -> float:
    """Seconds one whole process takes, from spawn to exit, its output thrown away."""
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    return time.perf_counter() - start


def timed_on_terminal(command: list[str], env: dict) -> float:
    """Seconds one whole process takes with its stdout on a pseudo-terminal (what it writes read
    and thrown away): a command may do more for a terminal (colour) than for a pipe."""
    import os
    import pty
    import threading

    controller, terminal = pty.openpty()

    def drain() -> None:
        try:
            while os.read(controller, 65536):
                pass
        except OSError:  # the terminal closed with the process
            pass

    reader = threading.Thread(target=drain)
    reader.start()
    start = time.perf_counter()
    subprocess.run(command, stdout=terminal, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, env=env, check=False)
    took = time.perf_counter() - start
    os.close(terminal)
    reader.join()
    os.close(controller)
    return took


def compile_package() -> None:
    """Byte-compile ``referee`` as pip does on install.

    A source checkout run with PYTHONDONTWRITEBYTECODE would otherwise pay for compiling every
    module on every run, which no installed copy does.
    """
    import compileall

    import referee

    compileall.compile_dir(str(Path(referee.__file__).parent), quiet=1)


def interleaved(commands: dict[str, list[str]], env: dict, rounds: int) -> dict[str, list[float]]:
    """Seconds each command takes, ``rounds`` times, taken in turn within each round (after one
    warming run each), so a machine that gets busier slows baseline and command alike."""
    for command in commands.values():
        timed(command, env)  # warm the caches
    samples = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            samples[name].append(timed(command, env))
    return samples
