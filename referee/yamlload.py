"""YAML loading that remembers line numbers and refuses duplicate keys.

Plain ``yaml.safe_load`` silently keeps the last of two equal keys and forgets where anything
was; a corpus checker has to report both. Mappings come back as :class:`LineDict`, which knows
the line of each of its keys. PyYAML is imported on first use only: commands served from the
parsed-corpus cache never need it.
"""

from __future__ import annotations


class LineDict(dict):
    """A mapping that knows its own line and the line of each key (1-based)."""

    line: int = 0

    def __init__(self):
        super().__init__()
        self.key_lines: dict = {}

    def line_of(self, key) -> int:
        return self.key_lines.get(key, self.line)


_LOADER = None


def _loader_class():
    """A safe loader (libyaml's parser when available) whose mappings are LineDicts."""
    global _LOADER
    if _LOADER is not None:
        return _LOADER
    # lazy: yaml 57 ms to import, which `referee rule` does not need
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class LineLoader(base):
        def __init__(self, stream):
            super().__init__(stream)
            self.duplicates: list[tuple[str, int]] = []

    def construct_mapping(loader, node) -> LineDict:
        mapping = LineDict()
        mapping.line = node.start_mark.line + 1
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            if not isinstance(key, (str, int, float, bool)) and key is not None:
                key = str(key)
            if key in mapping:
                loader.duplicates.append((str(key), line))
            mapping[key] = loader.construct_object(value_node, deep=True)
            mapping.key_lines[key] = line
        return mapping

    LineLoader.add_constructor("tag:yaml.org,2002:map", construct_mapping)
    _LOADER = LineLoader
    return LineLoader


def load_yaml(text: str):
    """Parse ``text``; return ``(data, duplicates)`` with duplicates as ``(key, line)``.

    Raises :class:`yaml.YAMLError` on a syntax error.
    """
    loader = _loader_class()(text)
    try:
        data = loader.get_single_data()
    finally:
        loader.dispose()
    return data, loader.duplicates


def load_plain(text: str):
    """Parse ``text`` as ``yaml.safe_load`` does, through libyaml's parser when PyYAML has it:
    for data files read without line numbers (the thesaurus, the glossary, the former card
    names). The pure-Python parser took 0.4 s of every index build for the thesaurus alone.

    Raises :class:`yaml.YAMLError` on a syntax error."""
    # lazy: yaml 25-57 ms to import, paid only by the calls that read a data file
    import yaml

    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
