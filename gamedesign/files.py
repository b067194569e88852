"""Writing files safely, and reading JSON strictly: shared by everything the package writes
(printed pages, charts, presets) and every JSON file it reads (decks, presets, saves).

A file is written only where a new regular file may go, or over an older regular file,
never through a symbolic link and never over one of the command's own inputs::

    write_text("cards.html", page, inputs=["my_deck.json"])

refuses an empty name, a folder, a symbolic link (even one to a file), anything that is
not a regular file (a pipe, a device) and a path that is the same file as one of
``inputs`` (``print --deck d.json --out d.json``), with a ``ValueError`` naming the path and
what is allowed. The text goes to a new file in the same folder first, which then takes
the name (``os.replace``): a link put at the name meanwhile is replaced, never followed,
and a failed write leaves the older file as it was.

:func:`strict_json` is the ``object_pairs_hook`` that refuses a JSON object with the same
key twice (``{"count": 12, "count": 40}``), which ``json.loads`` would read as its last
value without a word.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from .echo import brief


def _shown(path) -> str:
    """The path as an error message quotes it (cut short, line breaks escaped)."""
    return brief(str(path), 200)


def check_output(path, inputs=()) -> Path:
    """``path`` as a :class:`~pathlib.Path` when a file may be written there (see the
    module docstring); ``ValueError`` naming the path and what is allowed if not."""
    if not isinstance(path, (str, os.PathLike)) or not str(path).strip():
        raise ValueError(f"give the output file's name, like cards.html, not {brief(path)}")
    target = Path(path)
    shown = _shown(path)
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as err:  # a name too long, with a NUL byte, a parent that is a file
        raise ValueError(f"cannot write {shown}: {_reason(err)}") from None
    if info is not None:
        if stat.S_ISLNK(info.st_mode):
            raise ValueError(
                f"{shown} is a symbolic link: the package never writes through a link (it might lead to a deck or "
                "any other file); give the name of a new file or of a regular file to replace"
            )
        if stat.S_ISDIR(info.st_mode):
            raise ValueError(f"{shown} is a folder: give a file name inside it, like {_shown(target / 'cards.html')}")
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(
                f"{shown} is not a regular file (a pipe, a device or a socket): give the name of a new file or of a "
                "regular file to replace"
            )
        for source in inputs:
            if _same_file(info, source):
                raise ValueError(
                    f"{shown} is the same file as the input {_shown(source)}: writing there would replace it; "
                    "give another output file name"
                )
    folder = target.parent
    if not folder.is_dir():
        if folder.exists():
            raise ValueError(f"cannot write {shown}: {_shown(folder)} is not a folder")
        raise ValueError(f"cannot write {shown}: there is no folder {_shown(folder)}")
    return target


def _same_file(info: os.stat_result, source) -> bool:
    """True when ``source`` (a path; anything else is no file) is the file ``info`` describes,
    followed through links: an input given as a link to the output counts too."""
    if not isinstance(source, (str, os.PathLike)) or not str(source):
        return False
    try:
        other = os.stat(source)
    except (OSError, ValueError):  # no such file (a preset's name, say): nothing to protect
        return False
    return (other.st_dev, other.st_ino) == (info.st_dev, info.st_ino)


def _reason(err: Exception) -> str:
    text = getattr(err, "strerror", None) or str(err)
    return text if len(text) <= 200 else text[:200] + "…"


def write_bytes(path, data: bytes, *, inputs=()) -> Path:
    """Write ``data`` to ``path`` (checked by :func:`check_output` against ``inputs``, the
    files the command read) through a new file in the same folder; returns the path.
    ``ValueError`` naming the path when it is refused or cannot be written."""
    target = check_output(path, inputs)
    shown = _shown(path)
    try:
        old = os.lstat(target)
    except OSError:
        old = None
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    temporary = None
    try:
        for _ in range(100):  # a fresh name, never an existing file or link
            candidate = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
            try:
                handle = os.open(candidate, flags, 0o666)  # the usual permissions, less the umask
            except FileExistsError:
                continue
            temporary = candidate
            break
        else:  # pragma: no cover - 100 random names all taken
            raise ValueError(f"cannot write {shown}: no free name for a temporary file beside it")
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        if old is not None and stat.S_ISREG(old.st_mode):
            os.chmod(temporary, stat.S_IMODE(old.st_mode))  # a replaced file keeps its permissions
        os.replace(temporary, target)  # the name, whatever is there now, becomes the new file
        temporary = None
    except OSError as err:
        raise ValueError(f"cannot write {shown}: {_reason(err)}") from None
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
    return target


def write_text(path, text: str, *, inputs=(), encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` as :func:`write_bytes` does (UTF-8 by default, line
    breaks as given); returns the path."""
    return write_bytes(path, text.encode(encoding), inputs=inputs)


class DuplicateKey(ValueError):
    """A JSON object that has the same key twice. Its message reads after the name of
    what was read: "deck file 'd.json' " + "has the key 'count' twice in one object; ..."."""


def strict_json(pairs: list) -> dict:
    """``object_pairs_hook`` for ``json.loads``: the object of ``pairs``, or
    :class:`DuplicateKey` naming the key that comes twice (JSON readers disagree on which
    value counts, and Python's silently keeps the last)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(f"has the key {brief(key)} twice in one object; give each key once")
            seen.add(key)
    return data


__all__ = ["DuplicateKey", "check_output", "strict_json", "write_bytes", "write_text"]
