"""How an error message repeats a user's value: cut short, and never failing.

Every module that checks what it is given quotes the value it refuses with :func:`brief`
(a value) or :func:`clip` (a text), so a huge text or a deeply nested structure gives a
short message. The lowest module of the package: it imports nothing of it.
"""

from __future__ import annotations

import reprlib

#: How many characters of a user's value an error message repeats.
ECHO_CHARS = 80

_ECHO = reprlib.Repr()
_ECHO.maxlevel, _ECHO.maxlist, _ECHO.maxtuple, _ECHO.maxdict = 3, 6, 6, 6
_ECHO.maxstring = _ECHO.maxother = _ECHO.maxlong = ECHO_CHARS


def clip(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` cut to ``limit`` characters, ending in "…" when cut."""
    return text if len(text) <= limit else text[:limit] + "…"


def brief(value, limit: int = ECHO_CHARS) -> str:
    """``repr(value)`` cut to about ``limit`` characters, ending in "…" when cut.

    Error messages quote a user's value with it, so a huge text or a deeply nested
    structure gives a short message (and never a ``RecursionError``).
    """
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + "…"
    try:
        text = _ECHO.repr(value)
    except ValueError:  # an int too long to print
        return f"<{type(value).__name__} too long to show>"
    return text if len(text) <= limit else text[:limit] + "…"


__all__ = ["ECHO_CHARS", "brief", "clip"]
