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

from ..core import brief, clip
from ..decks import parse_json, read_file
from ..files import check_output, write_text
from ..registry import GAMES, game_class, game_module, load
from . import labels

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
    except RecursionError:
        raise ValueError("not valid TOML: it is nested too deeply") from None
    except tomllib.TOMLDecodeError as err:
        raise ValueError(f"not valid TOML: {clip(str(err), 200)}") from None


def default_deck_data(game: str) -> dict:
    """The game's default deck as data (the format of its ``deck.json``)."""
    deck = getattr(game_module(game), "DEFAULT_DECK", None)
    if deck is None:
        raise ValueError(f"{game!r} has no deck file to change (no DEFAULT_DECK in its package); change its options instead")
    return deck.to_data()


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
            raise ValueError(f"deck: unknown entry {brief(key)} for {game!r}; allowed: {', '.join(allowed)}")
        current = data[key]
        if isinstance(current, list) and all(isinstance(e, dict) and "name" in e for e in current):
            if not isinstance(change, dict):
                raise ValueError(f"deck {key!r}: give a table of card name -> fields to change, not {brief(change)}")
            by_name = {e["name"]: e for e in current}
            for name, fields in change.items():
                if not isinstance(fields, dict):
                    raise ValueError(
                        f"deck {key!r} {brief(name)}: give the fields to change, like {{count = 12}}, "
                        f"not {brief(fields)}"
                    )
                if name in by_name:
                    by_name[name].update(copy.deepcopy(fields))
                elif "kind" in fields or "type" in fields:
                    current.append({"name": name, **copy.deepcopy(fields)})  # a new card, checked by the parser
                else:
                    raise ValueError(
                        f"deck {key!r}: no card {brief(name)} in the {game!r} deck (a new card needs its kind too); "
                        f"names: {', '.join(by_name)}"
                    )
        elif isinstance(current, dict):
            if not isinstance(change, dict):
                raise ValueError(f"deck {key!r}: give a table of entries to change, not {brief(change)}")
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
    #: The variant's name in words, for verdicts, tables and charts ("6-point Bench Press");
    #: by default made from the name (``"my_variant"`` reads "my variant") or, for a variant
    #: without a name, from the labels of the options it changes.
    label: str = ""

    def __post_init__(self):
        if not isinstance(self.name, str):
            raise ValueError(f"a variant's name is a text, not {brief(self.name)}")
        if not isinstance(self.label, str):
            raise ValueError(f"variant {brief(self.name)}: 'label' must be a text, not {brief(self.label)}")
        if not isinstance(self.description, str):
            raise ValueError(f"variant {brief(self.name)}: 'description' must be a text, not {brief(self.description)}")
        if not isinstance(self.options, dict):
            raise ValueError(
                f"variant {brief(self.name or self.game)}: 'options' must be a table of option = value, "
                f"not {brief(self.options)}"
            )
        if not isinstance(self.deck, dict):
            raise ValueError(
                f"variant {brief(self.name or self.game)}: 'deck' must be a table of deck changes, "
                f"not {brief(self.deck)}"
            )
        named = bool(self.name)
        if not self.name:
            object.__setattr__(self, "name", self._default_name())
        if not self.label.strip():
            object.__setattr__(self, "label", self._default_label(named))
        if "deck" in self.options:
            raise ValueError(
                f"variant {brief(self.name)}: give deck changes in 'deck', not as the option 'deck'"
            )
        self.build()  # check everything now, not at the first simulation

    def _default_name(self) -> str:
        parts = [f"{k}={brief(v)}" for k, v in self.options.items()]
        if self.deck:
            parts.append("deck changed")
        return ", ".join(parts) or "standard rules"

    def _default_label(self, named: bool = True) -> str:
        """The label a variant gets when it declares none: its name in words, or (without a
        name) what it changes, in the options' own labels."""
        if named:
            return words(self.name)
        try:
            cls = game_class(self.game)
        except ValueError:
            return words(self.name)
        parts = [f"{labels.option_label(cls, k)}: {labels.value_label(cls, k, v)}" for k, v in self.options.items()]
        if self.deck:
            parts.append("deck changed")
        return "; ".join(parts) or "standard rules"

    def deck_data(self) -> dict | None:
        """The full deck data with the changes applied (``None`` without changes)."""
        if not self.deck:
            return None
        return apply_deck_changes(self.game, self.deck)

    def build(self):
        """The :class:`~gamedesign.core.Game` this variant describes."""
        try:
            if not isinstance(self.game, str):
                raise ValueError(f"unknown game {brief(self.game)}; allowed: {', '.join(GAMES)}")
            known = [f.name for f in dataclasses.fields(game_class(self.game).Options) if f.name != "deck"]
            unknown = [k for k in self.options if k not in known and k != "deck"]
            if unknown:  # checked here too: 'players' or 'name' would clash with load()'s own arguments
                raise ValueError(
                    f"unknown option {brief(unknown[0])} for {self.game!r}; allowed options: {', '.join(known)}"
                )
            deck = self.deck_data()
            extra = {} if deck is None else {"deck": deck}
            return load(self.game, players=self.players, **self.options, **extra)
        except RecursionError:
            raise ValueError(f"variant {brief(self.name)}: its deck changes are nested too deeply") from None
        except ValueError as err:
            raise ValueError(f"variant {brief(self.name)}: {err}") from None

    def to_dict(self) -> dict:
        """The variant as plain data (what :func:`save_preset` writes)."""
        data = {"name": self.name, "game": self.game}
        if self.label != words(self.name):
            data["label"] = self.label
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
        given = data.get("name", name) if isinstance(data, dict) else name
        label = brief(given or name or "variant")
        if not isinstance(data, dict):
            raise ValueError(
                f"variant {label}: a variant is a table with 'game' and optional players, options, deck; "
                f"not {brief(data)}"
            )
        allowed = {"name", "label", "game", "players", "options", "deck", "description"}
        extra = sorted(map(str, set(data) - allowed))
        if extra:
            raise ValueError(f"variant {label}: unknown entry {brief(extra[0])}; allowed: {', '.join(sorted(allowed))}")
        if "game" not in data:
            raise ValueError(f"variant {label} has no 'game'; allowed: {', '.join(GAMES)}")
        for key, kind in (("options", dict), ("deck", dict), ("name", str), ("label", str), ("description", str)):
            if key in data and not isinstance(data[key], kind):
                what = "a table" if kind is dict else "a text"
                raise ValueError(f"variant {label}: {key!r} must be {what}, not {brief(data[key])}")
        return cls(
            game=data["game"],
            players=data.get("players"),
            options=dict(data.get("options", {})),
            deck=dict(data.get("deck", {})),
            name=data.get("name", name),
            description=data.get("description", ""),
            label=data.get("label", ""),
        )

    def with_changes(self, name: str = "", **changes) -> "Variant":
        """A copy with some fields replaced (``options``/``deck`` are merged). A new name
        brings a new label (its words) unless ``label`` is given too."""
        options = {**self.options, **changes.pop("options", {})}
        deck = {**self.deck, **changes.pop("deck", {})}
        fields = {**dataclasses.asdict(self), "options": options, "deck": deck, "name": name, "label": "",
                  **changes}
        return Variant(**fields)


def variant(game: str, name: str = "", players: int | None = None, deck: dict | None = None, label: str = "",
            **options) -> Variant:
    """Shorthand: ``variant("legday", "bench6", deck={"scoring": {"bench_set_points": 6}})``."""
    return Variant(game=game, players=players, options=options, deck=deck or {}, name=name, label=label)


def words(identifier: str) -> str:
    """An identifier as words, for a variant that declares no label: ``"my_variant"`` ->
    ``"my variant"``, ``"bench6"`` -> ``"bench 6"``, ``"24_leg_days"`` -> ``"24 leg days"``."""
    text = re.sub(r"_+", " ", identifier)
    text = re.sub(r"(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])", " ", text)
    return re.sub(r"\s+", " ", text).strip() or identifier


# ----------------------------------------------------------------------------------------
# Preset files
# ----------------------------------------------------------------------------------------


def load_preset(source) -> Variant:
    """A variant from a preset: a ``.json`` or ``.toml`` path, or the name of a shipped preset
    (see :func:`preset_names`). The file's stem is the name when it gives none."""
    if isinstance(source, str) and source in preset_names():
        resource = _shipped()[source]
        return _parse_preset(resource.read_bytes(), resource.name, source)
    if not isinstance(source, (str, Path)):
        raise ValueError(f"a preset is a file path or a shipped preset's name, not {brief(source)}")
    raw = read_file(source, "preset file", missing=f" and no shipped preset of that name; shipped: {', '.join(preset_names())}")
    path = Path(source)
    return _parse_preset(raw, path.name, path.stem)


def _parse_preset(raw: bytes, filename: str, stem: str) -> Variant:
    """The variant in a preset file's bytes; every message names the file."""
    try:
        if filename.endswith(".toml"):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as err:
                raise ValueError(f"not UTF-8 text (byte {err.start} is {raw[err.start]:#04x})") from None
            data = _toml_loads(text)
        elif filename.endswith(".json"):
            data = parse_json(raw)
        else:
            raise ValueError("a preset file name ends in .json or .toml")
        return Variant.from_dict(data, name=stem)
    except ValueError as err:
        raise ValueError(f"preset {filename!r}: {err}") from None


def save_preset(variant: Variant, path) -> Path:
    """Write ``variant`` to ``path`` (``.json`` or ``.toml``); returns the path. Never
    through a symbolic link or over a folder: see :func:`gamedesign.files.write_text`."""
    path = check_output(path)
    data = variant.to_dict()
    if path.suffix == ".json":
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    elif path.suffix == ".toml":
        text = to_toml(data)
    else:
        raise ValueError(f"a preset file name ends in .json or .toml, not {path.name!r}")
    return write_text(path, text)


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
    "words",
]
