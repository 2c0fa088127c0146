"""Text for a person, kept untranslated: an English template and the values it needs.

The engine and the library write these; the CLI translates the template through the catalog
and fills it in. A plain class (no dataclass machinery) because every command imports it.
"""

from __future__ import annotations


class Message:
    """An English template with named ``{placeholders}`` and their values."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, values: tuple = ()):
        self.template = template
        self.values = tuple(values)

    @classmethod
    def of(cls, template: str, **values) -> "Message":
        return cls(template, tuple(values.items()))

    def render(self, translate=lambda text: text) -> str:
        text = translate(self.template)
        return text.format(**dict(self.values)) if self.values else text

    def __eq__(self, other) -> bool:
        return isinstance(other, Message) and (self.template, self.values) == (other.template, other.values)

    def __hash__(self) -> int:
        return hash((self.template, self.values))

    def __repr__(self) -> str:
        return f"Message({self.template!r}, {self.values!r})"
