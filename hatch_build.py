"""Wheel build hook: the parsed corpus and the search index of the shipped data, made once here.

A fresh install then answers its first search as fast as any later one, and never writes to the
user cache for the corpus it ships. The result goes into the wheel as ``referee/_data/prebuilt``
(read-only beside the corpus and catalogs it was made from); at run time each file is used only
while its key — the content of the rules and catalogs, the schema, whoosh's and referee's
versions — matches and its checksums hold, so a local edit or a damaged file falls back to the
user cache. An editable install skips this: it runs from the checkout, whose files change.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class PrebuiltDataHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        self._folder = Path(tempfile.mkdtemp(prefix="referee-prebuilt-"))
        target = self._folder / "prebuilt"
        root = Path(self.root)
        saved = {name: os.environ.get(name) for name in ("REFEREE_RULES", "REFEREE_LOCALES", "REFEREE_CACHE_DIR")}
        # The shipped data of this checkout, whatever the building shell points at; the user
        # cache is not touched.
        os.environ.update(REFEREE_RULES=str(root / "rules"), REFEREE_LOCALES=str(root / "locales"),
                          REFEREE_CACHE_DIR=str(self._folder / "cache"))
        sys.path.insert(0, str(root))
        try:
            from referee.prebuild import make_prebuilt

            make_prebuilt(root / "rules", target)
        finally:
            sys.path.remove(str(root))
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
        build_data["force_include"][str(target)] = "referee/_data/prebuilt"

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        folder = getattr(self, "_folder", None)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
