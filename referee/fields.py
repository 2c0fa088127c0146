"""``FIELD=VALUE`` words, as players type them on the command line, read into situation values.

Values are read as YAML scalars or flow collections (``3``, ``true``, ``[elf, dwarf]``,
``{name: Mercenary, bonus: 2}``), with two conveniences for lists: ``races=elf,dwarf`` and
``races=none``. Dotted fields reach into a mapping (``requires.classes=wizard``). The values are
checked afterwards by the situation reader, like any situation file; here only the words' shape
and the field names are.

Read by the questions (``--player`` specs, ``level +1``) and by the table's changes alike, so
it sits below both.
"""

from __future__ import annotations

from referee.errors import BadInput

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Any

#: player fields ``table set`` changes (items have their own command)
PLAYER_FIELDS = ("level", "sex", "races", "classes", "enhancers", "half_breed", "super_munchkin", "dead", "hand",
                 "curses", "hireling", "steed", "pet")
#: item fields ``table item`` takes, as in situation files
ITEM_FIELDS = ("bonus", "slot", "big", "complex", "gold", "carried", "one_shot", "requires",
               "bonus_for", "disguise")
#: fields holding a list of words, which also take ``a,b`` and ``none``
LIST_FIELDS = ("races", "classes", "enhancers", "curses", "not_classes", "not_races", "expansions")
#: the longest value worth reading: a situation is a few dozen lines
MAX_VALUE = 2000


def parse_value(raw: str, as_list: bool = False) -> Any:
    """One typed value: YAML's reading of it, or the text itself when YAML has no better one."""
    text = raw.strip()
    if as_list and not text.startswith("["):
        if text.lower() in ("", "none", "-"):
            return []
        return [part.strip() for part in text.split(",") if part.strip()]
    if not text:
        return None
    # lazy: yaml 40 ms to import, which `referee fight` does not need
    import yaml

    try:
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        value = yaml.load(text, Loader=loader)
    except yaml.YAMLError:
        return text
    except ValueError:  # a number past Python's 4,300 digits
        raise BadInput("{value}: a number far too long; the game's numbers are small", value=_cut(text)) from None
    except RecursionError:
        raise BadInput("{value}: nested too deeply", value=_cut(text)) from None
    # An anchor or alias has no meaning in one value; keep what was typed.
    if text.startswith(("&", "*")):
        return text
    if isinstance(value, (dict, list)):
        _no_key_twice(yaml.compose(text, Loader=loader), text)
    return value


def parse_change(text: str) -> int:
    """``+2`` / ``-1`` / ``3`` as a number of levels."""
    value = parse_value(text)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput("{value} is not a number of levels (+1, -2 …)", value=repr(text[:40]))
    return value


def _no_key_twice(node, text: str) -> None:
    """Refuse a typed mapping that gives a key twice (YAML would keep the last one silently)."""
    # lazy: referee.situation 59 ms to import, paid only by the calls that need it
    from referee.situation import keys_given_twice

    for path, _line in keys_given_twice(node):
        raise BadInput("{value}: {field} is given twice; give it once", value=_cut(text), field=path)


def parse_assignments(words: list[str], allowed: tuple[str, ...], what: str) -> dict:
    """``["level=5", "races=elf"]`` -> ``{"level": 5, "races": ["elf"]}``; unknown fields are errors."""
    out: dict = {}
    for word in words:
        if "=" not in word:
            raise BadInput("{what}: {word} is not FIELD=VALUE (fields: {fields})", what=what, word=_cut(word),
                           fields=", ".join(allowed))
        key, raw = word.split("=", 1)
        key = key.strip().replace("-", "_").lower()
        head, _, rest = key.partition(".")
        if head not in allowed:
            # lazy: referee.vocabulary 50 ms to import, paid only by the calls that need it
            from referee.vocabulary import heard

            head = heard(key, allowed) or head  # a name in the player's words ("nulladik fázis")
            key = head if head in allowed else key
        if head not in allowed:
            close = nearest(head, allowed)
            if close:
                raise BadInput("{what}: unknown field {field}; did you mean {suggestion}? (fields: {fields})",
                               what=what, field=_cut(key), suggestion=close, fields=", ".join(allowed))
            raise BadInput("{what}: unknown field {field} (fields: {fields})", what=what, field=_cut(key),
                           fields=", ".join(allowed))
        if len(raw) > MAX_VALUE:
            raise BadInput("{what}: the value of {field} is {length} characters long; a value is a few words",
                           what=what, field=key, length=len(raw))
        value = parse_value(raw, as_list=(rest or head) in LIST_FIELDS)
        if rest:
            target = out.setdefault(head, {})
            if not isinstance(target, dict):
                raise BadInput("{what}: {field} is given both whole and by parts", what=what, field=head)
            target[rest] = value
        else:
            out[head] = value
    return out


def nearest(word: str, choices) -> str | None:
    """The choice a mistyped word most likely means, if one is close enough."""
    # lazy: difflib 9 ms to import, which `referee fight` does not need
    import difflib

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return close[0] if close else None


def _cut(text: str, length: int = 60) -> str:
    return repr(text if len(text) <= length else text[: length - 1] + "…")
