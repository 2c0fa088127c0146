"""The Babel extraction method for the rule YAML files.

Registered as ``referee_rules`` both through the ``babel.extractors`` entry point and in
``[tool.babel]`` of pyproject.toml, so ``pybabel extract -F pyproject.toml -o rules.pot rules``
works like for any Python project.
"""

from __future__ import annotations

from pathlib import Path

from referee.i18n.messages import messages_of_file


def extract_rules(fileobj, keywords, comment_tags, options):
    """Yield ``(lineno, funcname, messages, comments)`` for each translatable text.

    ``pgettext`` with a ``(context, message)`` pair tells Babel the clause id is the context.
    """
    name = Path(getattr(fileobj, "name", "") or options.get("filename", "rules.yaml"))
    text = fileobj.read()
    if isinstance(text, bytes):
        text = text.decode(options.get("encoding", "utf-8"))
    for message in messages_of_file(name, text):
        yield message.line, "pgettext", (message.context, message.msgid), list(message.comments)
