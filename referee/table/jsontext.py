"""The table's JSON text: each change's request, effect and summary and each state, as the
store writes them (compact, UTF-8) and reads them back.

Reading goes straight to the C scanner that ``json.loads`` itself runs (``_json``, CPython's
accelerator of the ``json`` package): importing the package around it compiles six regular
expressions and costs 5.3 M instructions (callgrind, Python 3.11: about 1 ms) of every
question asked of a table, for a state it then decodes in 0.1 ms. Text the scanner does not
read whole (space around it, damage), and any Python without the scanner, goes to
``json.loads``, whose reading and errors are the ones every caller expects.
"""

from __future__ import annotations

try:
    from _json import make_scanner as _make_scanner
except ImportError:  # pragma: no cover - a Python without json's accelerator
    _make_scanner = None


class _Plain:
    """What ``json.loads`` decodes with when given no options (the scanner reads these names)."""

    strict = True
    object_hook = object_pairs_hook = None
    parse_float, parse_int = float, int
    # (json.dumps writes these by default: a value the table never holds, read as json reads it)
    parse_constant = staticmethod({"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}.__getitem__)


_scan = _make_scanner(_Plain) if _make_scanner is not None else None


def loads(text: str):
    """``json.loads(text)``."""
    if _scan is not None and isinstance(text, str):
        try:
            value, end = _scan(text, 0)
        except StopIteration:
            pass
        else:
            if end == len(text):
                return value
    import json  # lazy: see above

    return json.loads(text)


def dumps(data) -> str:
    """The compact JSON text the store writes (a change, a state)."""
    import json  # lazy: see above; a write pays it, no question does

    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
