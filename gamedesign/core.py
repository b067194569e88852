"""The game protocol shared by every game in ``gamedesign``.

A :class:`Game` holds the settings (number of players, rule options, deck) and builds
states. A :class:`State` holds what changes during play and answers the same few
questions for every game:

* ``to_move()`` - the players who must act now (several at once for simultaneous
  picks, ``[]`` when the game is over);
* ``legal_actions(player)`` - what that player may do now;
* ``apply(player, action)`` - do it (an :class:`IllegalAction` leaves the state unchanged);
* ``is_over()`` and ``result()`` - a :class:`Result` with scores and winners;
* ``observe(player)`` - a JSON-serialisable view of exactly what that player may know;
* ``clone()``, ``to_json()`` and ``Game.state_from_json(text)`` (for a state that lists
  its data in ``FIELDS``, these three come free).

Optional hooks, each with a default, add what a game gives the tools (see
``docs/writing-a-game.md``): ``Game.sample_state`` (search bots), ``Game.action_value``
(a greedy bot), ``Game.bots`` (named bots), ``Game.teams`` (fair shares for teams),
``Game.lab_profile`` (what the design lab records), ``Game.printed_cards`` and
``Game.rules_summary`` (cards and a rules sheet to print), ``State.running_scores`` (lead
changes and the race in the lab), ``Game.rule_events`` with ``State.rule_use`` (how often
each rule's branch fired, in the lab) and ``State.hidden_variant`` (a check that
observations hide what they must).

Randomness comes only from a seeded generator kept inside the state, so the same seed
and the same actions always give the same game, also across a save/load round trip.

This module imports no display code: rules can run from a plain script or a terminal.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import random
import os
import sys
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Iterable, Sequence

from .echo import ECHO_CHARS, brief, clip
from .files import DuplicateKey, strict_json


class IllegalAction(ValueError):
    """A move that is out of turn or not allowed by the rules.

    The message says what was wrong and what is allowed. The state is unchanged.
    """


# ----------------------------------------------------------------------------------------
# Results
# ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``scores`` has one entry per seat (``None`` for an eliminated player), ``winners``
    lists the winning seats (empty when nobody wins, several for a shared win),
    ``breakdown`` gives each seat's points by category (``None`` when eliminated), and
    ``details`` holds game-specific facts (eliminations, draws, squats, ...).
    """

    scores: tuple
    winners: tuple
    breakdown: tuple = ()
    details: dict = dataclasses.field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        """True when the game ended without a winner."""
        return not self.winners


# ----------------------------------------------------------------------------------------
# Rule options
# ----------------------------------------------------------------------------------------


def option(default: Any, choices: Sequence | None = None, doc: str = "", check=None, between: tuple | None = None,
           *, label: str = "", explain: str = "", value_labels: dict | None = None):
    """A field of a rule-options dataclass, with its allowed values and a one-line doc.

    ``choices`` lists the allowed values; ``between=(low, high)`` allows every number from
    ``low`` to ``high`` (whole numbers only when both ends are whole), and tells the design
    lab's balance search which values to try; ``check`` is a function ``value -> str | None``
    returning an error text for values outside a rule the other two cannot say.

    How the option reads where people change it (the what-if app, the lab's tables, the
    docs): ``label`` its friendly name (``"A 6th Preacher Curl"``), ``explain`` a short
    help line and ``value_labels`` how each value reads (``{"cap": "adds nothing"}``);
    without them the lab writes the option's own name (see ``gamedesign.lab.labels.option``).
    """
    if between is not None:
        ok = (isinstance(between, tuple) and len(between) == 2
              and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in between)
              and between[0] <= between[1])
        if not ok:
            raise ValueError(f"between is a (low, high) pair of numbers with low <= high, not {brief(between)}")
        if choices:
            raise ValueError("give an option either choices or between, not both")
    return dataclasses.field(
        default=default,
        metadata={"choices": tuple(choices) if choices else None, "doc": doc, "check": check, "between": between,
                  "label": label, "explain": explain, "value_labels": dict(value_labels or {})},
    )


def _outside(between: tuple, value) -> str | None:
    """Why ``value`` is not a number from ``between[0]`` to ``between[1]`` (``None``: it is)."""
    low, high = between
    whole = all(isinstance(v, int) for v in between)
    kind = "a whole number" if whole else "a number"
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
        return f"allowed: {kind} from {low} to {high}"
    if not (low <= value <= high):  # NaN fails this too
        return f"allowed: {kind} from {low} to {high}"
    return None


def build_options(options_class: type, game_name: str, given: dict) -> Any:
    """Make a frozen options dataclass from user keyword arguments, checking each one.

    Unknown names and values outside the allowed ones raise ``ValueError`` naming what is
    allowed.
    """
    fields = {f.name: f for f in dataclasses.fields(options_class)}
    unknown = sorted(set(given) - set(fields))
    if unknown:
        raise ValueError(
            f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))} for "
            f"{game_name!r}; allowed options: {', '.join(sorted(fields)) or 'none'}"
        )
    for name, value in given.items():
        meta = fields[name].metadata
        choices = meta.get("choices")
        # Compared with their types, so 1 and 1.0 are not taken for True, nor 0 for False.
        if choices is not None and not any(type(value) is type(c) and value == c for c in choices):
            raise ValueError(
                f"option {name}={brief(value)} is not allowed for {game_name!r}; "
                f"allowed values: {', '.join(map(repr, choices))}"
            )
        between = meta.get("between")
        if between is not None and _outside(between, value):
            raise ValueError(f"option {name}={brief(value)} is not allowed for {game_name!r}; {_outside(between, value)}")
        check = meta.get("check")
        if check is not None:
            problem = check(value)
            if problem:
                raise ValueError(f"option {name}={brief(value)} is not allowed for {game_name!r}: {problem}")
    return options_class(**given)


def describe_options(options_class: type) -> list[dict]:
    """One dict per rule option: name, default, allowed values and description."""
    return [
        {
            "option": f.name,
            "default": f.default,
            "choices": f.metadata.get("choices"),
            "between": f.metadata.get("between"),
            "description": f.metadata.get("doc", ""),
        }
        for f in dataclasses.fields(options_class)
    ]


# ----------------------------------------------------------------------------------------
# Seeded randomness kept in the state
# ----------------------------------------------------------------------------------------


def new_seed() -> int:
    """A fresh seed for a caller who did not give one (recorded in the state)."""
    return int.from_bytes(os.urandom(4), "big")


def rng_to_json(rng: random.Random) -> list:
    """The generator's full state as JSON-serialisable data."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list) -> random.Random:
    """Rebuild a generator saved with :func:`rng_to_json`."""
    rng = random.Random()
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


_new_random, _seed_random = random.Random.__new__, random.Random.__mro__[1].seed  # the C generator's own seeding


def seeded_random(seed) -> random.Random:
    """``random.Random(seed)``: the very same generator, made a little faster for a whole
    number (without the two Python calls ``Random.__init__`` and ``Random.seed`` make on
    their way to the C generator's seeding)."""
    if type(seed) is not int:
        return random.Random(seed)
    rng = _new_random(random.Random)
    _seed_random(rng, seed)
    rng.gauss_next = None
    return rng


#: ``(i + 1, its bit length)`` for every position ``i`` of a list :func:`shuffle` shuffles.
_DRAWS = [(i + 1, (i + 1).bit_length()) for i in range(1024)]
#: The bit length of every ``n`` from 0 to 1,024 (:func:`draw_below`).
_BITS = [n.bit_length() for n in range(1025)]
_Random = random.Random


def draw_below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for a whole ``n`` from 1 to 1,024: the same number, and ``rng``
    left exactly where that leaves it, with one Python call instead of two (the same
    draws of ``getrandbits``, thrown back while not below ``n``). A generator of a class
    of its own, or a larger ``n``, draws with its own ``randrange``."""
    if type(rng) is not _Random or not 0 < n < len(_BITS):
        return rng.randrange(n)
    k = _BITS[n]
    j = rng.getrandbits(k)
    while j >= n:
        j = rng.getrandbits(k)
    return j


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle ``items`` in place into exactly the order ``rng.shuffle(items)`` gives, and
    leave ``rng`` exactly where that leaves it, in about half the time: the same
    Fisher-Yates walk and the same draws of ``getrandbits``, without a Python call a card.
    A generator of a class of its own (or a list longer than 1,024) is shuffled by its
    own ``shuffle``."""
    if type(rng) is not _Random or len(items) > len(_DRAWS):
        rng.shuffle(items)
        return
    draws, getrandbits = _DRAWS, rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n, k = draws[i]
        j = getrandbits(k)
        while j >= n:  # as draw_below: draw again until below n
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def check_seed(seed) -> int:
    """Accept ``None`` (fresh seed) or a non-negative int; refuse anything else clearly."""
    if seed is None:
        return new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer or None, not {seed!r}")
    return seed


# ----------------------------------------------------------------------------------------
# Game and State
# ----------------------------------------------------------------------------------------

#: The longest line of a game's :meth:`State.public_log` that the tools show.
LOG_LINE_CHARS = 200


def public_line(state: "State", player: int, action) -> str | None:
    """The game's :meth:`State.public_log` line for a move just made, checked: one line of
    at most :data:`LOG_LINE_CHARS` characters (longer ones cut), or ``None``. A hook that
    returns anything but a text or ``None`` raises ``ValueError`` saying so."""
    line = state.public_log(player, action)
    if line is None:
        return None
    if not isinstance(line, str):
        raise ValueError(f"{type(state).__name__}.public_log returned {brief(line)}: return one line of text, or None")
    return clip(" ".join(line.split()), LOG_LINE_CHARS) or None


class Game(ABC):
    """The settings of one game: its name, number of players and rule options.

    Subclasses set ``name``, ``title``, ``min_players``, ``max_players`` and ``Options``
    (a frozen dataclass of rule options, see :func:`option`) and implement
    :meth:`new_state` and :meth:`parse_action`; :meth:`state_from_json` comes free for
    a state that lists its data in ``State.FIELDS``. The other methods are optional
    hooks with defaults.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    allowed_players: ClassVar[tuple | None] = None
    #: Players when ``load`` is not told (``None``: the smallest allowed number).
    default_players: ClassVar[int | None] = None
    Options: ClassVar[type]
    #: The rule events a state of this game counts (see :meth:`State.rule_use`): event
    #: name (an English phrase) -> the rule option whose branch it is. Optional hook: the
    #: design lab shows each as a measure, "how often did this rule matter".
    rule_events: ClassVar[dict] = {}
    #: Keys of ``observe()`` whose value is a list with one entry per seat, in seat order
    #: (``("banked",)``). Optional hook: the generic app and the terminal show these
    #: player by player, with the players' names, instead of as one list.
    seat_keys: ClassVar[tuple] = ()
    #: The sentences of the game's log that name players by the seat names the game writes
    #: (see :mod:`gamedesign.text`). Optional hook: the terminal then puts the players'
    #: own names in their place, and only there.
    log_sentences: ClassVar[tuple] = ()
    #: The design lab's words for this game (optional hooks, read by
    #: :mod:`gamedesign.lab.labels`, the verdicts and the charts): what its length is
    #: counted in (``"days"``; ``""``: moves), what its points are called, how a card's
    #: worth per copy is counted, its own measures (column name -> ``(label, one-line
    #: help, kind, better)``, e.g. its facts and ``"rule used: EVENT"`` for its
    #: ``rule_events``) and the starts of measure names only its tables have (how a table
    #: whose game is not given is told apart).
    length_unit: ClassVar[str] = ""
    point_unit: ClassVar[str] = "points"
    card_worth: ClassVar[str] = ""
    measures: ClassVar[dict] = {}
    verdict_signs: ClassVar[tuple] = ()
    #: The numbers of the game's deck file the lab names (optional hook): field ->
    #: ``(label template, help)``, ``{card}`` the card's name, ``{colour}`` a colour.
    deck_fields: ClassVar[dict] = {}
    #: Questions of chance about this game's deck for the odds explorer (optional hook):
    #: label -> (cards in the deck, wanted cards in it, hand size, at least this many
    #: wanted, cards swapped before counting).
    odds_questions: ClassVar[dict] = {}
    #: The module of the game's own concept measures, beside its rules (optional hook:
    #: ``gamedesign.lab.concepts`` hands on what it defines, e.g. a measure that only this
    #: game's rules can pose).
    lab_concepts: ClassVar[str] = ""
    #: Playouts a decision the search bot is given when it values a person's moves in a
    #: playtest log (``playtest.decisions``), where the default (32) would make a class's
    #: games slow to read (optional hook; ``None``: the default).
    review_playouts: ClassVar[int | None] = None
    #: How the lab, its verdicts and its charts name a seat (optional hook): a template
    #: filled with ``{number}`` (the seat counted from 1) or a tuple of names by seat
    #: (GYM's ``("team A", "team B", ...)``). By default ``"player {number}"``.
    seat_words: ClassVar[str | tuple] = "player {number}"

    @classmethod
    def seat_name(cls, seat: int) -> str:
        """A seat (0, 1, ...) in the words the lab uses for it: ``"player 1"`` for seat 0
        unless the game's :attr:`seat_words` say otherwise."""
        words = cls.seat_words
        if isinstance(words, (tuple, list)):
            if seat < len(words):
                return words[seat]
            return f"player {seat + 1}"
        return words.format(number=seat + 1)

    def __init__(self, players: int, **options):
        allowed = self.allowed_players or tuple(range(self.min_players, self.max_players + 1))
        if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
            raise ValueError(
                f"{self.name!r} is played by {', '.join(map(str, allowed))} players, not {brief(players)}"
            )
        self.num_players = players
        self.options = build_options(self.Options, self.name, options)

    def __repr__(self) -> str:
        changed = {
            f.name: getattr(self.options, f.name)
            for f in dataclasses.fields(self.options)
            if getattr(self.options, f.name) != f.default
        }
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"gamedesign.load({self.name!r}, players={self.num_players}{extra})"

    def options_dict(self) -> dict:
        """The rule options as plain data (for saving a state)."""
        return dataclasses.asdict(self.options)

    @abstractmethod
    def new_state(self, seed: int | None = None) -> "State":
        """A fresh game, shuffled and dealt from ``seed``."""

    def state_from_json(self, text: str) -> "State":
        """Rebuild a state saved with ``State.to_json()``.

        The default serves a state that lists its data in ``FIELDS``: a new state is made
        from the saved ``seed`` and each field is set back from the saved data (the
        field ``rng``, a ``random.Random``, with its full generator state).
        """
        data = _read_saved(text)
        self._check_saved(data)
        state = self.new_state(seed=data.get("seed", 0))
        fields = _fields_of(state)
        missing = [name for name in fields if name not in data]
        if missing:
            raise ValueError(f"this saved {self.title} state has no {', '.join(map(repr, missing))}")
        for name in fields:
            value = data[name]
            setattr(state, name, rng_from_json(value) if isinstance(getattr(state, name), random.Random) else value)
        return state

    @abstractmethod
    def parse_action(self, text: str):
        """The action whose ``str()`` is ``text``; ``ValueError`` if there is none."""

    def sample_state(self, observation: dict, rng) -> "State":
        """A full state that agrees with everything in ``observation`` (one player's view).

        Optional hook: search bots use it to imagine the hidden cards without reading the
        real state. A game supports it by overriding this method, or by defining
        ``sample_state(game, observation, rng)`` in its package (by convention in a
        ``determinize`` module, whose docstring says what consistency is kept).
        ``NotImplementedError`` when the game has none.
        """
        sampler = getattr(self._package(), "sample_state", None)
        if sampler is None:
            raise NotImplementedError(f"{self.title} cannot sample hidden information yet (no sample_state)")
        return sampler(self, observation, rng)

    def can_sample_states(self) -> bool:
        """True when :meth:`sample_state` works for this game (search bots need it)."""
        return type(self).sample_state is not Game.sample_state or hasattr(self._package(), "sample_state")

    def action_value(self, observation: dict, action) -> float:
        """How good ``action`` looks to the player who sees ``observation`` (higher is better).

        Optional hook: a game that overrides it gets a ``"greedy"`` bot, which plays the
        legal action of highest value (ties broken by the bot's seeded generator). It sees
        only the observation, like every bot.
        """
        raise NotImplementedError(f"{self.title} has no action_value: define it to get a greedy bot")

    def bots(self) -> dict:
        """Named bots of this game besides ``"random"``: name -> a class (or function) that
        makes the bot. Optional hook: by default the ``BOTS`` of the game's package, and
        ``"greedy"`` from :meth:`action_value` when the game defines it."""
        named = dict(getattr(self._package(), "BOTS", None) or {})
        if "greedy" not in named and type(self).action_value is not Game.action_value:
            named["greedy"] = ValueBot
        return named

    def teams(self) -> list[list[int]]:
        """The seats that win together, one list per team. Optional hook: by default every
        seat plays for itself (``[[0], [1], ...]``)."""
        return [[seat] for seat in range(self.num_players)]

    def lab_profile(self):
        """How the design lab reads this game (a :class:`gamedesign.lab.record.Profile`),
        or ``None`` for the lab's generic profile (length in moves, the standing from
        ``State.running_scores``, the result's numeric details as facts). Optional hook."""
        return None

    def balance_levers(self) -> dict:
        """Deck numbers worth trying in a balance search, beyond the rule options: a table of
        deck path -> values (``{"deck.scoring.bench_set_points": (4, 7)}``, see
        :mod:`gamedesign.lab.balance`). Optional hook: ``balance.default_space`` adds these to
        every rule option's declared values. By default none."""
        return {}

    def printed_cards(self) -> list:
        """The cards to print for a paper playtest of this game (its deck and rules as they
        are): a list of :class:`gamedesign.cardfaces.CardFace`, one per different card
        with the number of copies. Optional hook: :mod:`gamedesign.printables` prints
        them. ``NotImplementedError`` when the game has none."""
        raise NotImplementedError(f"{self.title} has no printed_cards: define it to print its cards")

    def rules_summary(self):
        """The rules on one page, for a paper playtest: a
        :class:`gamedesign.cardfaces.RulesSheet` written for this game's options and deck.
        Optional hook: without it the printed rules sheet has blank lines to write them on.
        ``NotImplementedError`` when the game has none."""
        raise NotImplementedError(f"{self.title} has no rules_summary: define it to print its rules")

    def card_back(self, face) -> str:
        """What the back of the printed card ``face`` (a
        :class:`gamedesign.cardfaces.CardFace`) says under the game's title, so that a
        face-down card can be sorted without showing its face. Optional hook: by default
        the face's own ``back`` when it gives one, else its kind (``""``: the title alone)."""
        return face.kind if face.back is None else face.back

    def score_pad(self):
        """The table to fill in at the end of a paper game: a
        :class:`gamedesign.cardfaces.ScorePad` (rows of what is scored, from this game's
        deck and options). Optional hook: by default ``None``, no score pad is printed."""
        return None

    def text_view(self, observation: dict, names: list, full: list) -> list | None:
        """The table at a player's turn in the terminal, as lines of text (``names``: each
        seat's short name, ``full``: with the bot's kind). Optional hook: ``None`` (the
        default) shows every observation entry a line."""
        return None

    def move_words(self, action, observation: dict | None = None) -> str:
        """A move in the words of the apps' buttons ("Play Protein Shake, 2 images"), the one
        naming the hints use for it; ``observation``, when given, is the player's, for a move
        whose button depends on the step. Optional hook: by default the action's text with
        its first letter upper case."""
        text = str(action)
        return text[:1].upper() + text[1:]

    def value_text(self, value: str, observation: dict | None = None) -> str:
        """A text inside an action (a card, a Kid) with what it is, for the terminal's
        menus. Optional hook: by default the text itself."""
        return value

    def kind_text(self, kind: str) -> str:
        """A few words on a kind of move (an action's first word), for the terminal's first
        menu of a long choice. Optional hook: by default none (``""``)."""
        return ""

    def action_note(self, action) -> str:
        """A short note after an action in the terminal's menus. Optional hook: by default
        none (``""``)."""
        return ""

    def points_text(self, points) -> str:
        """A score or some points as the game writes them. Optional hook: by default the
        number itself."""
        return str(points)

    def _package(self):
        """The package (or, for a game defined elsewhere, the module) of this game."""
        return package_of(type(self))

    def _check_saved(self, data: dict) -> None:
        if data.get("game") != self.name:
            raise ValueError(f"this saved state is a {brief(data.get('game'))} game, not {self.name!r}")
        if data.get("players") != self.num_players or type(data.get("players")) is not int:
            raise ValueError(
                f"this saved state has {brief(data.get('players'))} players; this game has {self.num_players}"
            )
        saved = data.get("options")
        if isinstance(saved, dict):
            # A save made before an option existed was played with that option's default.
            defaults = {f.name: f.default for f in dataclasses.fields(self.Options)}
            saved = {**{k: v for k, v in defaults.items() if k not in saved}, **saved}
        if _canonical(saved) != _canonical(self.options_dict()):
            raise ValueError(
                f"this saved state was played with options {brief(data.get('options'), 300)}, "
                f"not {brief(self.options_dict(), 300)}"
            )


def package_of(cls: type):
    """The package a game class comes from: the package whose ``GAME_CLASS`` it is (a
    built-in or shipped game's package, ``gamedesign.games.legday`` for the class in its
    ``rules`` module), else the module that defines the class."""
    module = sys.modules.get(cls.__module__)
    if module is None or hasattr(module, "__path__"):
        return module
    package = sys.modules.get(cls.__module__.rpartition(".")[0])
    return package if package is not None and getattr(package, "GAME_CLASS", None) is cls else module


def _canonical(data) -> str | None:
    """JSON text that tells ``true`` from ``1`` and ignores the order of keys."""
    try:
        return json.dumps(data, sort_keys=True)
    except (RecursionError, TypeError, ValueError):
        return None


def _read_saved(text) -> dict:
    if not isinstance(text, str):
        raise ValueError(f"a saved state is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text, object_pairs_hook=strict_json)
    except DuplicateKey as err:
        raise ValueError(f"this saved state {err}") from None
    except (RecursionError, json.JSONDecodeError) as err:
        raise ValueError(f"a saved state is JSON text: {clip(str(err))}") from None
    if not isinstance(data, dict):
        raise ValueError("a saved state is a JSON object with the game's name, players and options")
    return data


def _fields_of(state) -> tuple:
    fields = type(state).FIELDS
    if not fields:
        raise NotImplementedError(
            f"{type(state).__name__} lists no FIELDS: list the names of its data in FIELDS "
            "(e.g. FIELDS = ('seed', 'hands', 'scores')), or define clone(), _to_data() and "
            "Game.state_from_json() yourself"
        )
    return fields


class State(ABC):
    """What changes during one game. See the module docstring for the protocol.

    A state that lists the names of its data in ``FIELDS`` (JSON-ready values: numbers,
    texts, lists, dicts; and ``rng``, a ``random.Random``) gets :meth:`clone`,
    :meth:`to_json` and ``Game.state_from_json`` from that list.
    """

    game: Game

    #: The names of the state's data, for the default clone, save and load.
    FIELDS: ClassVar[tuple] = ()

    @abstractmethod
    def to_move(self) -> list[int]:
        """Seats that must act now; ``[]`` when the game is over."""

    @abstractmethod
    def legal_actions(self, player: int) -> list:
        """The actions ``player`` may take now (``[]`` if it is not their move)."""

    @abstractmethod
    def _apply(self, player: int, action) -> None:
        """Carry out an action already checked to be legal."""

    @abstractmethod
    def result(self) -> Result:
        """The result of a finished game (``ValueError`` before the end)."""

    @abstractmethod
    def observe(self, player: int) -> dict:
        """What ``player`` may know, as JSON-serialisable data."""

    def clone(self) -> "State":
        """An independent copy: changing one never changes the other (the game is shared).

        The default copies the ``FIELDS`` deeply."""
        fields = _fields_of(self)
        twin = copy.copy(self)
        memo = {id(self.game): self.game}
        for name in fields:
            setattr(twin, name, copy.deepcopy(getattr(self, name), memo))
        return twin

    def _to_data(self) -> dict:
        """The state as JSON-serialisable data (without game name and options).

        The default writes the ``FIELDS`` (a ``random.Random`` with its generator state)."""
        out = {}
        for name in _fields_of(self):
            value = getattr(self, name)
            out[name] = rng_to_json(value) if isinstance(value, random.Random) else value
        return out

    def is_over(self) -> bool:
        """True when the game has ended."""
        return not self.to_move()

    def rule_use(self) -> dict:
        """How many times each rule event of the game (``Game.rule_events``) has happened
        in this game so far: event -> count (events that never happened may be missing).

        Optional hook, read by the design lab at the end of a game: a count stays 0 for a
        rule whose branch never fired, so a dead rule shows. ``{}`` (the default): the
        game counts none.
        """
        return {}

    def running_scores(self) -> tuple | None:
        """Each seat's score so far, one number per seat (higher is better), or ``None``.

        Optional hook: the design lab samples it after every move that changes it, which
        gives the lead changes, drama and comebacks of the race; search bots may use it
        to judge a game cut short. ``None`` (the default): the game has no running score.
        """
        return None

    def public_log(self, player: int, action) -> str | None:
        """One line for everyone at the table about the move ``player`` just made with
        ``action`` (called after it is applied): ``"player 1 rolls 4: bust"``. Optional hook:
        the generic app and the terminal show these lines, so people see what the bots did
        that the observation does not keep (a die roll, a card drawn and lost). ``None``
        (the default): the move is shown as its action's text. A secret move made at the
        same time as others must not show in its line; :func:`gamedesign.check_game`
        checks that."""
        return None

    def hidden_variant(self, player: int, rng) -> "State | None":
        """A copy that differs from this state only in what ``player`` cannot know.

        Optional hook, used to prove that observations and bots do not peek:
        ``observe(player)`` must be the same for both. ``None`` when nothing is hidden from
        ``player`` right now; ``NotImplementedError`` (the default) when the game has none.
        """
        raise NotImplementedError

    def apply(self, player: int, action) -> None:
        """Play ``action`` (an action object or its text) for ``player``.

        Raises :class:`IllegalAction` naming what is allowed when it is not that player's
        move or the action is not legal; the state is then unchanged.
        """
        self._check_player(player)
        movers = self.to_move()
        if not movers:
            raise IllegalAction("the game is over: no more moves are allowed")
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except ValueError as err:
                raise IllegalAction(str(err)) from None
        if player not in movers:
            raise IllegalAction(
                f"it is not player {player}'s move; waiting for player"
                f"{'s' if len(movers) > 1 else ''} {', '.join(map(str, movers))}"
            )
        legal = self.legal_actions(player)
        if action not in legal:
            try:
                shown = repr(clip(str(action)))
            except RecursionError:  # deeply nested data given as an action
                shown = brief(action)
            raise IllegalAction(f"{shown} is not allowed for player {player} now; allowed: " + _list_actions(legal))
        self._apply(player, action)

    def to_json(self) -> str:
        """The whole state, seeded generator included, as JSON text."""
        data = {"game": self.game.name, "players": self.game.num_players, "options": self.game.options_dict()}
        data.update(self._to_data())
        return json.dumps(data)

    def _check_player(self, player) -> None:
        n = self.game.num_players
        if type(player) is int and 0 <= player < n:  # the common case, asked at every move
            return
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise IllegalAction(f"no player {brief(player)}: players are numbered 0 to {n - 1}")

    def _require_over(self) -> None:
        if not self.is_over():
            raise ValueError("the game is not over yet: no result")


def _list_actions(actions: Iterable, limit: int = 12) -> str:
    texts = [str(a) for a in actions]
    if not texts:
        return "nothing"
    if len(texts) > limit:
        return ", ".join(texts[:limit]) + f", ... ({len(texts)} in all)"
    return ", ".join(texts)


# ----------------------------------------------------------------------------------------
# Players and their moves
# ----------------------------------------------------------------------------------------

#: The longest text a bot may give as its move; longer texts are refused unread.
MAX_MOVE_TEXT = 1000


def _shown(value, limit: int = 80) -> str:
    """``repr(value)`` cut short, and never failing (a bot's objects may be anything)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a number of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # a hostile or broken __repr__
        text = f"<a {type(value).__name__} that cannot be shown>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _cut(text: str, limit: int = 300) -> str:
    """A message cut short (a bot's error text may be anything)."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


class Bot:
    """Base class. Subclasses implement :meth:`act`; ``self.rng`` is their only randomness."""

    name = "bot"
    #: False for bots that never read their observation: callers may then pass ``None``
    #: instead of building one (simulation runs faster).
    uses_observation = True

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.player = None
        self.game = None

    def reset(self, game, player: int, seed: int) -> None:
        """Start a new game in seat ``player`` with a fresh seeded generator."""
        self.game = game
        self.player = player
        self.rng = seeded_random(seed)

    def act(self, observation: dict, legal_actions: Sequence):
        """Choose one of ``legal_actions`` from what ``observation`` shows."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    name = "random"
    uses_observation = False

    def act(self, observation: dict, legal_actions: Sequence):
        return legal_actions[draw_below(self.rng, len(legal_actions))]


class ValueBot(Bot):
    """Plays the legal action of highest ``value(observation, action)``; ties are broken
    by the bot's seeded generator.

    ``value`` defaults to the game's own :meth:`~gamedesign.core.Game.action_value` (that
    is the ``"greedy"`` bot of a game that defines it); give any function of the
    observation and an action to try another idea.
    """

    name = "greedy"

    def __init__(self, value=None, seed: int | None = None):
        super().__init__(seed)
        self.value = value

    def act(self, observation: dict, legal_actions: Sequence):
        value = self.value or self.game.action_value
        best, top = [], None
        for action in legal_actions:
            v = value(observation, action)
            if top is None or v > top:
                best, top = [action], v
            elif v == top:
                best.append(action)
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]


def refuse_class(spec, where: str = "the bot") -> None:
    """``ValueError`` when ``spec`` is a bot class where a bot object is expected
    (``RandomBot`` for ``RandomBot()``): a class has ``act`` and ``reset`` too, and would
    fail only later, with a message that blames the bot."""
    if isinstance(spec, type):
        name = spec.__name__
        raise ValueError(f"{where} is {name}, a class, not a bot: call it, e.g. {name}()")


def bot_label(spec) -> str:
    """How a bot is named in tables: its name as given, or a bot object's ``name``."""
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    return name if isinstance(name, str) else type(spec).__name__


def legal_move(game, choice, legal: Sequence):
    """The engine's own action in ``legal`` that a bot's ``choice`` names (an action, or
    its text); a ``ValueError`` saying why when there is none.

    Only an action of the very type of a legal one counts, so an object that claims to
    equal everything is no move; and the engine's own object is returned, never the bot's.
    """
    for own in legal:  # the engine's own object, as a well-behaved bot returns it
        if own is choice:
            return own
    if isinstance(choice, str):
        if len(choice) > MAX_MOVE_TEXT:
            raise ValueError(f"gave a text of {len(choice):,} characters as its move (at most {MAX_MOVE_TEXT:,})")
        try:
            choice = game.parse_action(str.__str__(choice))
        except ValueError as err:
            raise ValueError(f"gave a text that is no move of this game ({_cut(err)})") from None
    kind = type(choice)
    try:
        own = legal[legal.index(choice)]
        if type(own) is not kind:  # a look-alike: find an equal action of its own type
            own = next(a for a in legal if type(a) is kind and a == choice)
    except Exception:  # not found, or a comparison that fails
        shown = ", ".join(_shown(str(a), 60) for a in legal[:12])
        more = f", ... ({len(legal)} in all)" if len(legal) > 12 else ""
        raise ValueError(
            f"chose {_shown(choice)}, which is not a legal move now; allowed: {shown or 'nothing'}{more}"
        ) from None
    return own
