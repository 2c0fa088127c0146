"""Text for a person, kept untranslated: an English template and the values it needs.

The engine and the library write these; the CLI translates the template through the catalog
and fills it in. A message about a count has a singular and a plural template and names the
value that counts (:meth:`Message.plural_of`): the catalog then picks the form the language
uses for that number (one form in Gujarati for 0 and 1, two in Spanish, …). A plain class (no
dataclass machinery) because every command imports it.
"""

from __future__ import annotations


def _plain(value, name=None):
    """A value as a translator without locale data writes it: a list as "A, B", alternatives
    as "A or B"."""
    if isinstance(value, Alternatives):
        return " or ".join(str(v) for v in value)
    return ", ".join(str(v) for v in value) if isinstance(value, (list, tuple)) else value


class Alternatives(tuple):
    """Values of which any one will do ("usable only by a wizard or a thief"): a list joined
    with "or" where a plain tuple is joined with "and"."""

    __slots__ = ()


class Message:
    """An English template with named ``{placeholders}`` and their values."""

    __slots__ = ("template", "values", "plural", "count")

    def __init__(self, template: str, values: tuple = (), plural: str | None = None, count: str | None = None):
        self.template = template
        self.values = tuple(values)
        #: the plural template, and the name of the value that chooses between the two
        self.plural = plural
        self.count = count

    @classmethod
    def of(cls, template: str, **values) -> "Message":
        return cls(template, tuple(values.items()))

    @classmethod
    def plural_of(cls, singular: str, plural: str, count: str, /, **values) -> "Message":
        """``Message.plural_of("{n} card", "{n} cards", "n", n=3)``: the form follows ``values[count]``."""
        return cls(singular, tuple(values.items()), plural, count)

    def render(self, translate=lambda text: text) -> str:
        """The message in the language ``translate`` speaks.

        ``translate`` is a function from English to the language (``str`` -> ``str``); when it
        also has ``ngettext`` it chooses plural forms, and when it has ``format_value(value,
        name)`` it writes the values (numbers, lists, codes) the way the language does. A value
        that is itself a :class:`Phrase` is rendered the same way.
        """
        values = dict(self.values)
        if self.plural is not None:
            number = values.get(self.count, 0)
            plural = getattr(translate, "ngettext", None)
            text = (plural(self.template, self.plural, number) if plural is not None
                    else self.template if number == 1 else self.plural)
        else:
            text = translate(self.template)
        shape = getattr(translate, "format_value", None) or _plain
        values = {name: value.message.render(translate) if isinstance(value, Phrase) else shape(value, name)
                  for name, value in values.items()}
        return text.format(**values) if values else text

    def __eq__(self, other) -> bool:
        return isinstance(other, Message) and (self.template, self.values, self.plural) == (
            other.template, other.values, other.plural)

    def __hash__(self) -> int:
        return hash((self.template, self.values, self.plural))

    def __repr__(self) -> str:
        if self.plural is not None:
            return f"Message({self.template!r}, {self.values!r}, plural={self.plural!r}, count={self.count!r})"
        return f"Message({self.template!r}, {self.values!r})"


class Phrase(str):
    """A short text inside a verdict's figures ("race: dwarf", "3 cards in hand").

    It *is* its English text — what JSON shows and tests compare — and keeps the message it
    was made from, so text output can show it in the reader's language. The engine builds
    figures from these instead of f-strings.
    """

    __slots__ = ("message",)

    def __new__(cls, message: Message) -> "Phrase":
        phrase = super().__new__(cls, message.render())
        phrase.message = message
        return phrase

    @classmethod
    def of(cls, template: str, **values) -> "Phrase":
        return cls(Message.of(template, **values))

    @classmethod
    def plural_of(cls, singular: str, plural: str, count: str, /, **values) -> "Phrase":
        """``Phrase.plural_of("{n} card", "{n} cards", "n", n=3)``: as :meth:`Message.plural_of`."""
        return cls(Message.plural_of(singular, plural, count, **values))

    def __reduce__(self):
        return (Phrase, (self.message,))
