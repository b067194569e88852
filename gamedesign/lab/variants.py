"""Variants: a game, its players, rule options and deck changes, as plain data.

A :class:`Variant` says "this game, with these rules and this deck". It is built from
Python (``Variant("legday", options={"curl_overflow": "new_set"})``) or read from a data
file, JSON always and TOML on Python 3.11+ (or with ``tomli`` installed)::

    name = "bench6"
    game = "legday"
    players = 4
    description = "Bench Press pairs score 6 instead of 5"

    [options]
    curl_overflow = "cap"

    [deck.scoring]
    bench_set_points = 6

    [deck.cards."Bench Press"]
    count = 12

Deck changes are applied onto the game's default deck data: a list of named entries in
the deck file (Leg Day and Diet ``cards``, GYM ``events`` and ``kids``) is changed by
card name (a name not in the deck, given with its ``kind`` or GYM ``type``, adds a new
card), an object (Leg Day ``scoring``) key by key, and a single value (``hand_size``) is
replaced. The game's own deck parser then checks the result, so every message names
the variant and the entry that is wrong.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from importlib import resources
from pathlib import Path

from ..registry import GAMES, game_module, load

#: Where the example presets shipped with the package live.
PRESETS_PACKAGE = "gamedesign.lab.presets"


def _toml_loads(text: str) -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        try:
            import tomli as tomllib
        except ModuleNotFoundError:
            raise ValueError(
                "reading TOML needs Python 3.11 or newer (or the 'tomli' package): "
                "save the variant as JSON instead"
            ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ValueError(f"not valid TOML: {err}") from None


def default_deck_data(game: str) -> dict:
    """The game's default deck as data (the format of its ``deck.json``)."""
    return game_module(game).DEFAULT_DECK.to_data()


def apply_deck_changes(game: str, changes: dict, base: dict | None = None) -> dict:
    """Deck data for ``game``: ``changes`` applied onto ``base`` (default: the game's deck).

    ``changes`` is like ``{"cards": {"Bench Press": {"count": 12}}, "scoring":
    {"bench_set_points": 6}}``. Unknown entries and card names raise ``ValueError``
    naming them; the values themselves are checked by the game's deck parser.
    """
    data = copy.deepcopy(base if base is not None else default_deck_data(game))
    if not isinstance(changes, dict):
        raise ValueError(f"deck changes must be a table of entries to change, not {type(changes).__name__}")
    allowed = [k for k in data if not k.startswith("_")]
    for key, change in changes.items():
        if key not in data:
            raise ValueError(f"deck: unknown entry {key!r} for {game!r}; allowed: {', '.join(allowed)}")
        current = data[key]
        if isinstance(current, list) and all(isinstance(e, dict) and "name" in e for e in current):
            if not isinstance(change, dict):
                raise ValueError(f"deck {key!r}: give a table of card name -> fields to change, not {change!r}")
            by_name = {e["name"]: e for e in current}
            for name, fields in change.items():
                if not isinstance(fields, dict):
                    raise ValueError(f"deck {key!r} {name!r}: give the fields to change, like {{count = 12}}, not {fields!r}")
                if name in by_name:
                    by_name[name].update(copy.deepcopy(fields))
                elif "kind" in fields or "type" in fields:
                    current.append({"name": name, **copy.deepcopy(fields)})  # a new card, checked by the parser
                else:
                    raise ValueError(
                        f"deck {key!r}: no card {name!r} in the {game!r} deck (a new card needs its kind too); "
                        f"names: {', '.join(by_name)}"
                    )
        elif isinstance(current, dict):
            if not isinstance(change, dict):
                raise ValueError(f"deck {key!r}: give a table of entries to change, not {change!r}")
            current.update(copy.deepcopy(change))
        else:
            data[key] = copy.deepcopy(change)
    return data


@dataclasses.dataclass(frozen=True)
class Variant:
    """A game with its number of players, rule options and deck changes.

    ``options`` holds rule options by name (see ``describe_options``); ``deck`` holds deck
    changes (see :func:`apply_deck_changes`). Everything is checked when the variant is
    made: errors are ``ValueError`` naming the variant and the offending entry.
    """

    game: str
    players: int | None = None
    options: dict = dataclasses.field(default_factory=dict)
    deck: dict = dataclasses.field(default_factory=dict)
    name: str = ""
    description: str = ""

    def __post_init__(self):
        if not self.name:
            object.__setattr__(self, "name", self._default_name())
        if not isinstance(self.options, dict):
            raise ValueError(f"variant {self.name!r}: 'options' must be a table of option = value")
        if "deck" in self.options:
            raise ValueError(
                f"variant {self.name!r}: give deck changes in 'deck', not as the option 'deck'"
            )
        self.build()  # check everything now, not at the first simulation

    def _default_name(self) -> str:
        parts = [f"{k}={v}" for k, v in self.options.items()]
        if self.deck:
            parts.append("deck changed")
        return ", ".join(parts) or "standard rules"

    @property
    def label(self) -> str:
        """The variant's name, for tables and charts."""
        return self.name

    def deck_data(self) -> dict | None:
        """The full deck data with the changes applied (``None`` without changes)."""
        if not self.deck:
            return None
        return apply_deck_changes(self.game, self.deck)

    def build(self):
        """The :class:`~gamedesign.core.Game` this variant describes."""
        try:
            if self.game not in GAMES:
                raise ValueError(f"unknown game {self.game!r}; allowed: {', '.join(GAMES)}")
            deck = self.deck_data()
            extra = {} if deck is None else {"deck": deck}
            return load(self.game, players=self.players, **self.options, **extra)
        except ValueError as err:
            raise ValueError(f"variant {self.name!r}: {err}") from None

    def to_dict(self) -> dict:
        """The variant as plain data (what :func:`save_preset` writes)."""
        data = {"name": self.name, "game": self.game}
        if self.description:
            data["description"] = self.description
        if self.players is not None:
            data["players"] = self.players
        if self.options:
            data["options"] = dict(self.options)
        if self.deck:
            data["deck"] = copy.deepcopy(self.deck)
        return data

    @classmethod
    def from_dict(cls, data: dict, name: str = "") -> "Variant":
        """A variant from plain data (the format of a preset file)."""
        if not isinstance(data, dict):
            raise ValueError(f"a variant is a table with 'game' and optional players, options, deck; not {data!r}")
        allowed = {"name", "game", "players", "options", "deck", "description"}
        label = data.get("name", name) or "variant"
        extra = sorted(set(data) - allowed)
        if extra:
            raise ValueError(f"variant {label!r}: unknown entry {extra[0]!r}; allowed: {', '.join(sorted(allowed))}")
        if "game" not in data:
            raise ValueError(f"variant {label!r} has no 'game'; allowed: {', '.join(GAMES)}")
        return cls(
            game=data["game"],
            players=data.get("players"),
            options=dict(data.get("options", {})),
            deck=dict(data.get("deck", {})),
            name=data.get("name", name),
            description=data.get("description", ""),
        )

    def with_changes(self, name: str = "", **changes) -> "Variant":
        """A copy with some fields replaced (``options``/``deck`` are merged)."""
        options = {**self.options, **changes.pop("options", {})}
        deck = {**self.deck, **changes.pop("deck", {})}
        fields = {**dataclasses.asdict(self), "options": options, "deck": deck, "name": name, **changes}
        return Variant(**fields)


def variant(game: str, name: str = "", players: int | None = None, deck: dict | None = None, **options) -> Variant:
    """Shorthand: ``variant("legday", "bench6", deck={"scoring": {"bench_set_points": 6}})``."""
    return Variant(game=game, players=players, options=options, deck=deck or {}, name=name)


# ----------------------------------------------------------------------------------------
# Preset files
# ----------------------------------------------------------------------------------------


def load_preset(source) -> Variant:
    """A variant from a preset: a ``.json`` or ``.toml`` path, or the name of a shipped preset
    (see :func:`preset_names`). The file's stem is the name when it gives none."""
    if isinstance(source, str) and source in preset_names():
        resource = _shipped()[source]
        return _parse_preset(resource.read_text(encoding="utf-8"), resource.name, source)
    path = Path(source)
    if not path.is_file():
        raise ValueError(
            f"no preset file at {str(path)!r} and no shipped preset of that name; shipped: {', '.join(preset_names())}"
        )
    return _parse_preset(path.read_text(encoding="utf-8"), path.name, path.stem)


def _parse_preset(text: str, filename: str, stem: str) -> Variant:
    try:
        if filename.endswith(".toml"):
            data = _toml_loads(text)
        elif filename.endswith(".json"):
            try:
                data = json.loads(text)
            except json.JSONDecodeError as err:
                raise ValueError(f"not valid JSON: {err}") from None
        else:
            raise ValueError("a preset file name ends in .json or .toml")
    except ValueError as err:
        raise ValueError(f"preset {filename!r}: {err}") from None
    return Variant.from_dict(data, name=stem)


def save_preset(variant: Variant, path) -> Path:
    """Write ``variant`` to ``path`` (``.json`` or ``.toml``); returns the path."""
    path = Path(path)
    data = variant.to_dict()
    if path.suffix == ".json":
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    elif path.suffix == ".toml":
        text = to_toml(data)
    else:
        raise ValueError(f"a preset file name ends in .json or .toml, not {path.name!r}")
    path.write_text(text, encoding="utf-8")
    return path


def _shipped() -> dict:
    files = resources.files(PRESETS_PACKAGE)
    return {
        f.name.rsplit(".", 1)[0]: f
        for f in sorted(files.iterdir(), key=lambda f: f.name)
        if f.name.endswith((".json", ".toml"))
    }


def preset_names(game: str | None = None) -> list[str]:
    """Names of the presets shipped in ``gamedesign/lab/presets`` (of one game if given)."""
    names = list(_shipped())
    if game is None:
        return names
    return [n for n in names if n.startswith(f"{game}_")]


# ----------------------------------------------------------------------------------------
# A small TOML writer for variant data (strings, numbers, booleans, lists, tables)
# ----------------------------------------------------------------------------------------

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(k: str) -> str:
    return k if _BARE_KEY.match(k) else json.dumps(k, ensure_ascii=False)


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + "}"
    raise ValueError(f"cannot write {v!r} to TOML (None has no TOML form)")


def to_toml(data: dict) -> str:
    """``data`` as TOML text: plain values first, then one ``[table]`` per nested table."""
    lines: list[str] = []

    def table(prefix: list[str], values: dict) -> None:
        plain = {k: v for k, v in values.items() if not isinstance(v, dict)}
        nested = {k: v for k, v in values.items() if isinstance(v, dict)}
        if prefix and (plain or not nested):
            lines.append("")
            lines.append("[" + ".".join(_key(p) for p in prefix) + "]")
        for k, v in plain.items():
            lines.append(f"{_key(k)} = {_value(v)}")
        for k, v in nested.items():
            table([*prefix, k], v)

    table([], data)
    return "\n".join(lines).lstrip("\n") + "\n"


__all__ = [
    "Variant",
    "apply_deck_changes",
    "default_deck_data",
    "load_preset",
    "preset_names",
    "save_preset",
    "to_toml",
    "variant",
]
