"""Altair, imported once for every chart module (``alt``), quickly.

The chart modules take ``alt`` from here (or from :mod:`gamedesign.charts`, which hands
it on), so that a module the package imports never imports the package back.
"""

from __future__ import annotations

import sys


def _import_altair():
    """Import Altair without jsonschema's optional IRI format checker.

    jsonschema imports ``rfc3987_syntax`` (when installed, as JupyterLab's dependencies do)
    only to check the "iri" string format, and that import builds a grammar for about a
    second: most of the time an app notebook takes to start. Vega-Lite's schema uses no
    "iri" format, so Altair's validation is the same without it. The block holds only while
    jsonschema's format checks are first imported; nothing else is changed.
    """
    if "jsonschema" not in sys.modules and "rfc3987_syntax" not in sys.modules:
        sys.modules["rfc3987_syntax"] = None  # a None entry makes the import raise ImportError
        try:
            import jsonschema._format  # noqa: F401
        finally:
            del sys.modules["rfc3987_syntax"]
    import altair

    return altair


alt = _import_altair()


__all__ = ["alt"]
