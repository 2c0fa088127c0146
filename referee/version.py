"""The package's version, in one place (``pyproject.toml`` reads it here for the build).

A module of its own, importing nothing, so that what keys the cache on the version
(:mod:`referee.cache`, :mod:`referee.i18n.patterns`) need not import the package root, which
stands above every layer.
"""

__version__ = "0.1.0"
