"""Immutable records with named fields: how this package declares plain data.

    class Monster(Record):
        \"\"\"A monster in a fight.\"\"\"

        name: str
        level: int
        treasures: int = 1

A record is a tuple, so it compares, hashes, unpacks and pickles as one, and it has what
``typing.NamedTuple`` gives: positional or keyword fields, trailing defaults, ``_fields``,
``_field_defaults``, ``_replace``, ``_asdict``, ``_make`` and a readable ``repr``.

Why not ``typing.NamedTuple``: ``referee judge`` defines some thirty records before it judges, and
start-up is a feature at the table. Measured on this machine's Python 3.11 (instructions counted by
callgrind, sixteen five-field classes): a ``typing.NamedTuple`` class costs 0.75 million
instructions to define, a ``collections.namedtuple`` 0.43 million (it compiles a ``__new__`` for
each class), a record 0.19 million; and a module of records needs no ``typing`` (15.8 million
more). A record's annotations are never evaluated, so its module may use
``from __future__ import annotations``. What it costs instead: a record built with keywords or
defaults goes through :meth:`Record.__new__`'s Python loop (about 2 µs, against 1 µs), which no
judgement does often enough to show.
"""

from __future__ import annotations

from operator import itemgetter

try:  # the C accessor namedtuple uses; a property over itemgetter where it is missing
    from _collections import _tuplegetter
except ImportError:  # pragma: no cover - other Python implementations
    def _tuplegetter(index, doc):
        return property(itemgetter(index), doc=doc)

_tuple_new = tuple.__new__


class _RecordType(type):
    """Turns a class body's annotated names into the fields of a tuple."""

    def __new__(mcls, name, bases, namespace, **kwargs):
        parent = next((base for base in bases if isinstance(base, _RecordType)), None)
        if parent is None:  # Record itself
            return super().__new__(mcls, name, bases, namespace, **kwargs)
        inherited = parent._fields
        fields = inherited + tuple(f for f in namespace.get("__annotations__", {}) if f not in inherited)
        defaults = dict(parent._field_defaults)
        for index, field in enumerate(fields):
            if field in namespace:
                defaults[field] = namespace.pop(field)
            elif field not in defaults and any(f in defaults for f in fields[:index]):
                raise TypeError(f"{name}: the field {field!r} without a default follows one with a default")
            if field not in inherited:
                namespace[field] = _tuplegetter(index, f"the field {field!r}")
        namespace["__slots__"] = ()
        namespace["__match_args__"] = namespace["_fields"] = fields
        namespace["_field_defaults"] = defaults
        namespace["_defaults_tail"] = tuple(defaults[f] for f in fields if f in defaults)
        return super().__new__(mcls, name, bases, namespace, **kwargs)


class Record(tuple, metaclass=_RecordType):
    """The base of every record: subclass it and annotate the fields."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _field_defaults: dict = {}
    _defaults_tail: tuple = ()

    def __new__(cls, *args, **kwargs):
        if not kwargs:  # the fast paths: every field given, or the missing ones defaulted
            missing = len(cls._fields) - len(args)
            if missing == 0:
                return _tuple_new(cls, args)
            if 0 < missing <= len(cls._defaults_tail):
                return _tuple_new(cls, args + cls._defaults_tail[-missing:])
        return _tuple_new(cls, cls._bind(args, kwargs))

    @classmethod
    def _bind(cls, args: tuple, kwargs: dict) -> list:
        fields = cls._fields
        if len(args) > len(fields):
            raise TypeError(f"{cls.__name__}() takes {len(fields)} fields but {len(args)} were given")
        values = list(args)
        for field in fields[len(args):]:
            if field in kwargs:
                values.append(kwargs.pop(field))
            elif field in cls._field_defaults:
                values.append(cls._field_defaults[field])
            else:
                raise TypeError(f"{cls.__name__}() is missing the field {field!r}")
        if kwargs:
            name = next(iter(kwargs))
            problem = "got two values for" if name in fields else "has no field"
            raise TypeError(f"{cls.__name__}() {problem} {name!r}")
        return values

    @classmethod
    def _make(cls, iterable):
        return cls(*iterable)

    def _replace(self, **changes):
        values = [changes.pop(field, value) for field, value in zip(self._fields, self)]
        if changes:
            raise ValueError(f"{type(self).__name__} has no field {next(iter(changes))!r}")
        return _tuple_new(type(self), values)

    def _asdict(self) -> dict:
        return dict(zip(self._fields, self))

    def __getnewargs__(self):  # pickle and copy rebuild a record from its fields
        return tuple(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{f}={v!r}' for f, v in zip(self._fields, self))})"
