"""What a JSON request body may hold, checked at the boundary before any library call.

Each field has a kind (a name, a whole number, a list of words …); a body with a value of
another kind, nested deeper than :data:`MAX_DEPTH`, or a key given twice is refused (400) with
a message naming the field, so no malformed body reaches the library to fail there as a 500.
What a field means (a player at the table, a known phase) is the library's to check.
"""

from __future__ import annotations

import json
import math

from referee.errors import BadInput
from referee.i18n.catalogs import N_
from referee.message import Message, Phrase

#: nesting a body may have: a situation's deepest value is a few levels down
MAX_DEPTH = 24


def _is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_words(value) -> bool:
    return isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))


#: kind -> (test, what is expected, in words: translated where the message is shown)
KINDS = {
    "text": (lambda v: isinstance(v, str), N_("a text")),
    "whole": (_is_whole, N_("a whole number")),
    "flag": (lambda v: isinstance(v, bool), N_("true or false")),
    "words": (_is_words, N_("a text or a list of texts")),
    "list of words": (lambda v: isinstance(v, list) and all(isinstance(w, str) for w in v), N_("a list of texts")),
    "pieces": (lambda v: isinstance(v, list) and all(isinstance(p, (str, dict)) for p in v),
               N_("a list of texts or mappings")),
    "numbers": (lambda v: _is_whole(v) or (isinstance(v, list) and all(_is_whole(n) for n in v)),
                N_("a whole number or a list of them")),
    "bonuses": (lambda v: _is_whole(v) or isinstance(v, str) or (isinstance(v, list) and all(
        _is_whole(n) or isinstance(n, str) for n in v)), N_("a number or a card's name, or a list of them")),
    "whole or text": (lambda v: _is_whole(v) or isinstance(v, str), N_("a whole number or a text such as +1")),
    "assignments": (lambda v: _is_words(v) or isinstance(v, dict), N_("a mapping or a list of FIELD=VALUE texts")),
    # a field whose kind is the library's to check (a parameter added without a kind here)
    "any": (lambda v: True, N_("a value of another kind")),
}


def parse(raw: bytes) -> dict:
    """The body as a JSON object: refused when it is no JSON, not an object, gives a key twice,
    is nested too deep or holds a number JSON cannot mean (NaN, Infinity)."""
    def no_twice(pairs):
        seen = {}
        for key, value in pairs:
            if key in seen:
                raise BadInput("the request body gives {field} twice; give it once", field=repr(key[:40]))
            seen[key] = value
        return seen

    def no_constant(word):
        raise BadInput("the request body holds {word}, which is not a JSON number", word=word)

    try:
        data = json.loads(raw.decode("utf-8"), object_pairs_hook=no_twice, parse_constant=no_constant)
    except RecursionError:
        raise BadInput("the request body is nested deeper than {depth}", depth=MAX_DEPTH) from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadInput("the request body is not JSON: {reason}", reason=str(exc)[:200]) from None
    if not isinstance(data, dict):
        raise BadInput("the request body must be a JSON object, got {kind}", kind=type(data).__name__)
    try:
        # JSON may escape half of a UTF-16 pair ("\ud800"): no character of any text, it could
        # not be printed, stored or answered; refused here, as a byte that is no UTF-8 is
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        # (the reason in the decoder's words, as for any other JSON that does not parse)
        raise BadInput("the request body is not JSON: {reason}",
                       reason=f"{exc.object[exc.start:exc.end]!r} is half of a UTF-16 pair, no character") from None
    deep = _too_deep(data)
    if deep is not None:
        raise BadInput("{field}: nested deeper than {depth}", field=deep, depth=MAX_DEPTH)
    return data


def _too_deep(data) -> str | None:
    """The path of the first value deeper than :data:`MAX_DEPTH`, or None (walked without recursion)."""
    stack = [(data, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            return path or "body"
        if isinstance(value, dict):
            stack += [(v, f"{path}.{k}" if path else str(k), depth + 1) for k, v in value.items()]
        elif isinstance(value, list):
            stack += [(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value)]
        elif isinstance(value, float) and not math.isfinite(value):
            return path
    return None


def check(body: dict, fields: dict, what: str) -> dict:
    """``body`` with each field of the kind ``fields`` gives it (``{name: (required, kind)}``);
    null is as if the field were not given. Unknown fields are refused, naming the known ones."""
    for key in body:
        if key not in fields:
            raise BadInput("{what}: unknown field {field} (fields: {fields})", what=what, field=repr(key[:40]),
                           fields=", ".join(fields))
    for key, (required, kind) in fields.items():
        value = body.get(key)
        if value is None:
            if required:
                raise BadInput("{what}: missing {field}", what=what, field=key)
            continue
        test, expected = KINDS[kind] if isinstance(kind, str) else _of_types(kind)
        if not test(value):
            raise BadInput("{what}: {field}: expected {expected}, got {got}", what=what, field=key,
                           expected=Phrase(Message(expected)), got=_shown(value))
    return {key: value for key, value in body.items() if value is not None}


def _of_types(types) -> tuple:
    """A kind given as Python types (``int``, ``(list, dict)``): true and false are no numbers."""
    types = types if isinstance(types, tuple) else (types,)
    names = {(int,): N_("a whole number"), (str,): N_("a text"), (bool,): N_("true or false"),
             (list,): N_("a list"), (dict,): N_("a mapping"), (list, dict): N_("a list or a mapping"),
             (int, str): N_("a whole number or a text such as +1")}
    return ((lambda v: isinstance(v, types) and (bool in types or not isinstance(v, bool))),
            names.get(types, N_("a value of another kind")))


def _shown(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:59] + "…"
