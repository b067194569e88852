"""Reading deck files: shared by every game's ``cards.py`` (each game checks its own format)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path


def read_deck_data(source, package: str):
    """The deck data a game's ``load_deck`` should check.

    ``None`` reads the ``deck.json`` shipped in ``package``; a ``str`` or ``Path`` reads
    that JSON file; anything else is taken as already-parsed data. A missing file or bad
    JSON raises ``ValueError`` naming the file.
    """
    if source is None:
        return json.loads(resources.files(package).joinpath("deck.json").read_text(encoding="utf-8"))
    if isinstance(source, (str, Path)):
        path = Path(source)
        if not path.is_file():
            raise ValueError(f"no deck file at {str(path)!r}")
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as err:
            raise ValueError(f"deck file {str(path)!r} is not valid JSON: {err}") from None
    return source
