"""Balance search: let Optuna try variants of a game and keep those that best meet a goal.

:func:`search_balance` searches deck numbers (card counts, points, skill values) and rule
options for variants that meet a goal the designer states::

    from gamedesign.lab import balance
    found = balance.search_balance("diet", balance.default_space("diet"), balance.fair_seats(seat=0),
                                   budget=20, seed=1)
    found.table()

* A **space** maps a parameter to the values to try: a list (``[True, False]``, ``[4, 5,
  6]``) or a range ``(low, high)`` of whole numbers. Parameters are written as paths:
  ``"options.curl_overflow"`` (a rule option; the bare option name works too),
  ``"deck.scoring.bench_set_points"`` (an entry of a deck table),
  ``"deck.cards.Bench Press.count"`` (a field of a named card), ``"deck.hand_size"`` (a
  single deck number) and ``"deck.kids.Ada.skills.0"`` (a GYM Kid's first skill value).
* A **goal** says what is wanted: :func:`fair_seats` (every seat, or one seat, within a
  margin of an equal share of wins), :func:`game_length` (a target length) and
  :func:`card_value` (a card worth between two values). Each is a :class:`Goal`: a goal
  that needs several line-ups of bots (a skill matrix: strong bots should beat weak ones
  by a wanted margin) overrides :meth:`Goal.play` to record each line-up and
  :meth:`Goal.measure` to score them.
* The **budget** bounds the work: ``trials`` variants tried (at most :data:`MAX_TRIALS`) of
  ``games`` games each, then the best ``keep`` measured again on ``confirm_games`` fresh
  games, paired with the standard rules.

Every variant plays the same seeds (paired games: the luck of the deal is the same), and
Optuna's sampler is seeded, so the same call gives the same answer. Trials are asked
for in batches of :data:`BATCH`, whatever the number of ``workers`` (processes), so the
answer is also the same with one worker or several.

The search only proposes. Its numbers come from bots, which do not play like people,
and a variant that meets one goal may spoil something else: the result lists what else
changed (the trade-offs) so that a designer can judge.
"""

from __future__ import annotations

import copy
import dataclasses
import math

import numpy as np
import pandas as pd

from . import labels
from .. import runtime
from ..core import Game, clip
from ..runtime import cores
from ..registry import GAMES, game_class
from ..simulate import MAX_SEED, _process_pool, run_seed
from .compare import compare_tables
from .metrics import card_values, game_table, interval as _interval, seat_balance, seat_columns
from .record import record_games
from .stats import round_games, wilson
from .variants import Variant, default_deck_data
from .verdict import verdict as _verdict

#: The most variants one search may try.
MAX_TRIALS = 200
#: The range of games a variant may be played for, in the search and in the confirmation.
MIN_GAMES, MAX_GAMES = 10, 2000
#: The most games one search may play in its trials.
MAX_SEARCH_GAMES = 50_000
#: Searches of at least this many games (trials x games) play on every core when no ``workers`` are given.
PARALLEL_FROM = 2_000
#: Trials asked for together (and played side by side when there are several workers).
BATCH = 4

#: What every result says about itself.
CAUTION = ("A computer's balance is a starting point, not a verdict: these numbers come from bots, "
           "which do not play like people, and a fix for one goal can spoil something the goal "
           "does not measure. Play the suggestions at the table and judge them as a designer.")


# ----------------------------------------------------------------------------------------
# Goals
# ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Goal:
    """What a balance search aims for.

    :meth:`measure` gives the measured ``(value, low, high)`` of a set of records (the
    interval when ``interval=True``); :meth:`miss` how far a value is from the goal (0:
    met). :meth:`play` records the games of a variant: a goal that needs other line-ups
    of bots (a skill matrix) overrides it and :meth:`measure`.
    """

    name: str = "goal"
    measure_name: str = ""

    def describe(self) -> str:
        """The goal in words."""
        return self.name

    def play(self, game, bots, games: int, seed: int):
        """The records a goal is measured on: ``games`` games of the built ``game``."""
        return record_games(game, bots, games=games, seed=seed, workers=1)

    def measure(self, records, interval: bool = False) -> tuple:
        """``(value, low, high)`` of the records (low/high NaN unless ``interval``)."""
        raise NotImplementedError

    def miss(self, value: float) -> float:
        """How far ``value`` is from meeting the goal (0 when it is met)."""
        raise NotImplementedError

    def met(self, value: float, low: float, high: float) -> str:
        """``"yes"`` (the whole interval meets the goal), ``"probably"`` (the value does),
        or ``"no"``."""
        if math.isnan(value) or self.miss(value) > 0:
            return "no"
        if not math.isnan(low) and self.miss(low) == 0 and self.miss(high) == 0:
            return "yes"
        return "probably"


def _bootstrap(values: np.ndarray, statistic, resamples: int = 400) -> tuple:
    rng = np.random.default_rng(0)  # seeded: the same records give the same interval
    picks = rng.integers(0, len(values), size=(resamples, len(values)))
    boot = np.array([statistic(values[p]) for p in picks])
    return float(np.quantile(boot, 0.025)), float(np.quantile(boot, 0.975))


@dataclasses.dataclass(frozen=True)
class FairSeats(Goal):
    """Every seat within ``margin`` of an equal share of the wins (``seat``: only that seat)."""

    margin: float = 0.05
    seat: int | None = None

    def describe(self) -> str:
        if self.seat is None:
            return (f"the gap between the best and the worst seat's win rate is at most {self.margin * 100:g} "
                    "percentage points")
        return (f"{labels.seat_name(self.seat)}'s win rate is within {self.margin * 100:g} percentage points of an "
                "equal share")

    def measure(self, records, interval: bool = False) -> tuple:
        table = game_table(records)
        seats = seat_columns(table)
        if self.seat is None:
            value = seat_balance(table)["win-rate gap"]
            if not interval:
                return value, math.nan, math.nan
            wins = table[seats].to_numpy(dtype=float)
            low, high = _bootstrap(wins, lambda w: float(np.ptp(w.mean(axis=0))))
            return value, low, high
        column = f"seat {self.seat} wins"
        if column not in table:
            raise ValueError(f"goal: no seat {self.seat} in a {len(seats)}-player game; seats: 0 to {len(seats) - 1}")
        share = float(table[seats].sum(axis=1).mean()) / len(seats)  # an equal share of the wins there are
        rate = float(table[column].mean())
        if not interval:
            return rate - share, math.nan, math.nan
        low, high = wilson(int(table[column].sum()), len(table))
        return rate - share, low - share, high - share

    def miss(self, value: float) -> float:
        return max(0.0, abs(value) - self.margin) if self.seat is not None else max(0.0, value - self.margin)

    def met(self, value, low, high) -> str:
        if self.seat is None or math.isnan(low):
            return super().met(value, low, high)
        if self.miss(value) > 0:
            return "no"
        return "yes" if -self.margin <= low and high <= self.margin else "probably"


@dataclasses.dataclass(frozen=True)
class GameLength(Goal):
    """A mean game length of ``target`` (in the game's unit) give or take ``tolerance``."""

    target: float = 0.0
    tolerance: float = 0.5

    def describe(self) -> str:
        return f"games last {self.target:g} (± {self.tolerance:g}) on average"

    def measure(self, records, interval: bool = False) -> tuple:
        lengths = pd.Series([float(r.length) for r in records])
        value = float(lengths.mean())
        if not interval or len(lengths) < 2:
            return value, math.nan, math.nan
        half = 1.96 * float(lengths.std(ddof=1)) / math.sqrt(len(lengths))
        return value, value - half, value + half

    def miss(self, value: float) -> float:
        return max(0.0, abs(value - self.target) - self.tolerance)


@dataclasses.dataclass(frozen=True)
class CardValue(Goal):
    """A card worth between ``low`` and ``high`` per copy to its holder
    (:func:`gamedesign.lab.metrics.card_values`' ``points per copy``)."""

    card: str = ""
    low: float = 0.0
    high: float = 0.0

    def describe(self) -> str:
        return f"a copy of {self.card} is worth {self.low:g} to {self.high:g} to its holder"

    def measure(self, records, interval: bool = False) -> tuple:
        values = card_values(records)
        if self.card not in set(values["card"]):
            return math.nan, math.nan, math.nan
        value = float(values.set_index("card").loc[self.card, "points per copy"])
        if not interval:
            return value, math.nan, math.nan
        per_game = np.array([[sum(p.get(self.card, 0) for p in r.card_points),
                              sum(c.get(self.card, 0) for c in r.card_copies)] for r in records], dtype=float)

        def ratio(rows):
            copies = rows[:, 1].sum()
            return rows[:, 0].sum() / copies if copies else math.nan

        low, high = _bootstrap(per_game, ratio)
        return value, low, high

    def miss(self, value: float) -> float:
        if math.isnan(value):
            return math.inf  # the card was never collected: as far from the goal as can be
        return max(0.0, self.low - value, value - self.high)


#: A limit that is the standard rules' own value, measured on the same games.
STANDARD = "standard"


@dataclasses.dataclass(frozen=True)
class Target(Goal):
    """A measure of :func:`gamedesign.lab.compare` (a column of its game table, or the
    ``win-rate gap``) kept from ``low`` to ``high`` (``None``: no limit that way). A limit
    :data:`STANDARD` is the standard rules' own value on the same games, moved by
    ``slack`` (the search puts the number in with :meth:`resolve`)."""

    low: float | str | None = None
    high: float | str | None = None
    slack: float = 0.0

    def describe(self) -> str:
        what = labels.label(self.measure_name, self.game)
        what = what if what[:2].isupper() else what[:1].lower() + what[1:]

        def limit(x, sign):
            if isinstance(x, str):
                more = f" {sign} {_in_units(self.slack, self.measure_name, self.game)}" if self.slack else ""
                return f"the standard rules' value{more}"
            return _value_text(x, self.measure_name, self.game)

        if self.low is not None and self.high is not None:
            return f"{what} from {limit(self.low, '-')} to {limit(self.high, '+')}"
        if self.high is not None:
            return f"{what} at most {limit(self.high, '+')}"
        return f"{what} at least {limit(self.low, '-')}"

    game: str | None = None

    def measure(self, records, interval: bool = False) -> tuple:
        table = game_table(records)
        name = self.measure_name
        if name == "win-rate gap":
            return FairSeats(seat=None).measure(records, interval)
        if name not in table.columns:
            raise ValueError(f"no measure {name!r} in these games; measures: win-rate gap, "
                             f"{', '.join(table.columns)}")
        value, low, high, _ = _interval(table[name])
        return (value, low, high) if interval else (value, math.nan, math.nan)

    def miss(self, value: float) -> float:
        if math.isnan(value):
            return math.inf
        low = -math.inf if self.low is None or isinstance(self.low, str) else self.low
        high = math.inf if self.high is None or isinstance(self.high, str) else self.high
        return max(0.0, low - value, value - high)

    def relative(self) -> bool:
        """Whether a limit is the standard rules' value (to be put in by :meth:`resolve`)."""
        return isinstance(self.low, str) or isinstance(self.high, str)

    def resolve(self, standard: float) -> "Target":
        """This target with :data:`STANDARD` limits put in from the standard rules' ``standard`` value."""
        return dataclasses.replace(
            self, low=standard - self.slack if isinstance(self.low, str) else self.low,
            high=standard + self.slack if isinstance(self.high, str) else self.high)


def _value_text(x: float, measure: str, game) -> str:
    from .verdict import format_value

    text = format_value(x, measure, game)
    unit = labels.unit(measure, game)
    return text if labels.measure(measure, game).kind == "share" or not unit else f"{text} {unit}"


def _in_units(x: float, measure: str, game) -> str:
    from .verdict import format_change

    return format_change(x, measure, game, sign=False)


def _limit(name: str, value):
    if value is None or value == STANDARD:
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
        raise ValueError(f"{name} is a number in the measure's units (a share such as 0.48 for 48%), or "
                         f"'standard' for the standard rules' own value; not {value!r}")
    return float(value)


def target(measure: str, low=None, high=None, slack: float = 0.0, game=None) -> Target:
    """Goal or constraint: ``measure`` (a name from :func:`gamedesign.lab.compare`'s table,
    e.g. ``"seat 0 wins"``, ``"first seat edge"``, ``"length"``, ``"early leader wins at
    1/2"``, ``"win-rate gap"``) from ``low`` to ``high``. Either limit may be ``None`` (no
    limit) or ``"standard"`` (the standard rules' value on the same games, ± ``slack``).
    ``game`` names the units in the words of the result."""
    if not isinstance(measure, str) or not measure:
        raise ValueError(f"a measure is named by a text such as 'seat 0 wins' or 'length', not {measure!r}")
    low, high = _limit("low", low), _limit("high", high)
    if low is None and high is None:
        raise ValueError("give a low limit, a high limit or both")
    if isinstance(low, float) and isinstance(high, float) and low > high:
        raise ValueError(f"low ({low:g}) must not be above high ({high:g})")
    if isinstance(slack, bool) or not isinstance(slack, (int, float)) or slack < 0:
        raise ValueError(f"slack is a number, 0 or more, in the measure's units; not {slack!r}")
    if game is not None and not isinstance(game, str):
        game = getattr(game, "name", None)
    return Target(name=measure, measure_name=measure, low=low, high=high, slack=float(slack), game=game)


def within(measure: str, low, high, game=None) -> Target:
    """Goal or constraint: ``measure`` from ``low`` to ``high`` (``within("seat 0 wins", 0.48, 0.52)``)."""
    return target(measure, low, high, game=game)


def at_most(measure: str, limit, slack: float = 0.0, game=None) -> Target:
    """Constraint: ``measure`` at most ``limit`` (``"standard"``: no higher than the standard rules', + ``slack``)."""
    return target(measure, None, limit, slack, game=game)


def at_least(measure: str, limit, slack: float = 0.0, game=None) -> Target:
    """Constraint: ``measure`` at least ``limit`` (``"standard"``: no lower than the standard rules', - ``slack``)."""
    return target(measure, limit, None, slack, game=game)


def fair_seats(margin: float = 0.05, seat: int | None = None) -> FairSeats:
    """Goal: the gap between the best and the worst seat's win rate at most ``margin``;
    or, with ``seat``, that seat's win rate within ``margin`` of an equal share."""
    if isinstance(margin, bool) or not isinstance(margin, (int, float)) or not 0 <= margin < 1:
        raise ValueError(f"margin is a share of games from 0 to 1 (0.05 is 5 percentage points), not {margin!r}")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
        raise ValueError(f"seat is a seat number (0, 1, ...), or None for every seat; not {seat!r}")
    return FairSeats(name="fair seats", measure_name="win-rate gap" if seat is None else f"seat {seat} wins",
                     margin=float(margin), seat=seat)


def game_length(target: float, tolerance: float = 0.5) -> GameLength:
    """Goal: a mean game length of ``target`` ± ``tolerance`` (Leg Day days, GYM and Diet turns)."""
    for name, value in (("target", target), ("tolerance", tolerance)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0 or math.isnan(value):
            raise ValueError(f"{name} is a length, 0 or more, in the game's own unit; not {value!r}")
    return GameLength(name="game length", measure_name="length", target=float(target), tolerance=float(tolerance))


def card_value(card: str, low: float, high: float) -> CardValue:
    """Goal: a copy of ``card`` worth from ``low`` to ``high`` (points, or Diet pounds) to its holder."""
    if not isinstance(card, str) or not card:
        raise ValueError(f"card is a card's name, not {card!r}")
    for name, value in (("low", low), ("high", high)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
            raise ValueError(f"{name} is a number of points, not {value!r}")
    if low > high:
        raise ValueError(f"low ({low}) must not be above high ({high})")
    return CardValue(name=f"value of {card}", measure_name="points per copy", card=card, low=float(low),
                     high=float(high))


# ----------------------------------------------------------------------------------------
# The search space
# ----------------------------------------------------------------------------------------


def _option_names(base: Variant) -> list[str]:
    return [f.name for f in dataclasses.fields(game_class(base.game).Options) if f.name != "deck"]


def _path(base: Variant, name: str) -> tuple:
    """A parameter's path as a tuple (``("options", "curl_overflow")``), checked."""
    if not isinstance(name, str) or not name:
        raise ValueError(f"a parameter is named by a text such as 'options.curl_overflow', not {name!r}")
    options = _option_names(base)
    if name in options:
        return ("options", name)
    head, _, rest = name.partition(".")
    if head == "options":
        if rest not in options:
            raise ValueError(f"space: unknown option {rest!r} for {base.game!r}; options: {', '.join(options)}")
        return ("options", rest)
    if head != "deck" or not rest:
        raise ValueError(f"space: {name!r} is neither a rule option ({', '.join(options)}) nor a deck path such as "
                         "'deck.scoring.bench_set_points' or 'deck.cards.Bench Press.count'")
    data = default_deck_data(base.game)
    key, _, rest = rest.partition(".")
    if key not in data:
        raise ValueError(f"space {name!r}: no deck entry {key!r}; entries: "
                         f"{', '.join(k for k in data if not k.startswith('_'))}")
    entry = data[key]
    if not rest:
        if not isinstance(entry, (int, float)) or isinstance(entry, bool):
            raise ValueError(f"space {name!r}: {key!r} is not a single number; name a field inside it")
        return ("deck", key)
    if isinstance(entry, dict):
        if rest not in entry:
            raise ValueError(f"space {name!r}: no {rest!r} in {key!r}; allowed: {', '.join(entry)}")
        return ("deck", key, rest)
    if isinstance(entry, list):
        names = [e["name"] for e in entry]
        card = next((n for n in sorted(names, key=len, reverse=True) if rest == n or rest.startswith(n + ".")), None)
        if card is None:
            raise ValueError(f"space {name!r}: no card in {key!r} matches; names: {', '.join(names)}")
        field = rest[len(card) + 1:]
        found = next(e for e in entry if e["name"] == card)
        if field.startswith("skills.") and field[7:].isdigit() and int(field[7:]) < len(found.get("skills", [])):
            return ("deck", key, card, "skills", int(field[7:]))
        if field not in found or field == "name":
            raise ValueError(f"space {name!r}: {card!r} has no field {field!r}; fields: "
                             f"{', '.join(f for f in found if f != 'name')}")
        return ("deck", key, card, field)
    raise ValueError(f"space {name!r}: {key!r} cannot be searched")


def _current(base: Variant, path: tuple):
    """The value a parameter has in ``base``."""
    if path[0] == "options":
        fields = {f.name: f.default for f in dataclasses.fields(game_class(base.game).Options)}
        return base.options.get(path[1], fields[path[1]])
    data = base.deck_data() or default_deck_data(base.game)
    if len(path) == 2:
        return data[path[1]]
    if len(path) == 3:
        value = data[path[1]][path[2]]
        return tuple(value) if isinstance(value, list) else value
    entry = next(e for e in data[path[1]] if e["name"] == path[2])
    return entry["skills"][path[4]]["value"] if path[3] == "skills" else entry[path[3]]


#: How :func:`table_moves` changes a scoring table by default: each entry moved by up to
#: this much either way, and the whole table scaled by these factors (rounded to whole numbers).
TABLE_STEP = 2
TABLE_SCALES = (0.5, 0.75, 1.25, 1.5, 2.0)


def table_moves(step: int = TABLE_STEP, scales=TABLE_SCALES) -> dict:
    """What to try of a list-valued deck entry (a scoring table such as Leg Day's curl
    table): each entry moved alone by 1 to ``step`` either way, and the whole table scaled
    by each of ``scales`` (rounded to whole numbers). Tables the deck's own checks refuse
    are noted and never played. ``{"deck.scoring.curl_points": balance.table_moves()}``;
    the text ``"moves"`` is the same as ``table_moves()``."""
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= 100:
        raise ValueError(f"step is a whole number from 0 to 100, not {step!r}")
    scales = tuple(scales)
    if not all(isinstance(f, (int, float)) and not isinstance(f, bool) and 0 <= f <= 10 for f in scales):
        raise ValueError(f"scales are numbers from 0 to 10 to multiply the table by, not {scales!r}")
    return {"move": step, "scale": scales}


class _Tables(list):
    """Whole tables to try of a list-valued entry (tuples), searched as labels by index."""


def _table_choices(name: str, values, current: tuple) -> "_Tables":
    if values == "moves":
        values = table_moves()
    if isinstance(values, dict):
        unknown = set(values) - {"move", "scale"}
        if unknown:
            raise ValueError(f"space {name!r}: unknown entry {min(unknown)!r}; allowed: move, scale "
                             "(balance.table_moves() gives them)")
        moves = table_moves(values.get("move", TABLE_STEP), values.get("scale", TABLE_SCALES))
        whole = all(isinstance(v, int) for v in current)
        out = [current]
        for i in range(len(current)):
            for d in range(1, moves["move"] + 1):
                for sign in (-1, 1):
                    out.append(current[:i] + (current[i] + sign * d,) + current[i + 1:])
        for f in moves["scale"]:
            out.append(tuple(round(v * f) if whole else v * f for v in current))
        return _Tables(dict.fromkeys(out))
    if isinstance(values, (list, tuple)) and values and all(isinstance(v, (list, tuple)) for v in values):
        tables = []
        for v in values:
            if not v or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
                raise ValueError(f"space {name!r}: a table to try is a list of numbers, not {v!r}")
            tables.append(tuple(v))
        return _Tables(dict.fromkeys([current, *tables]))
    raise ValueError(f"space {name!r} is a table ({list(current)}): give balance.table_moves() (or 'moves') to "
                     f"move its entries and scale it, or a list of whole tables to try such as "
                     f"[{list(current)}, ...]; not {values!r}")


def _encode(choices, value):
    """A value as the sampler holds it (a table by its index)."""
    return choices.index(tuple(value)) if isinstance(choices, _Tables) else value


def _choices(name: str, values, current=None) -> list:
    if isinstance(current, tuple):
        return _table_choices(name, values, current)
    if isinstance(values, tuple) and len(values) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                              for v in values):
        low, high = values
        if low > high:
            raise ValueError(f"space {name!r}: the range ({low}, {high}) is empty; give (low, high) with low <= high")
        if high - low > 1000:
            raise ValueError(f"space {name!r}: the range ({low}, {high}) is too wide; at most 1,000 values")
        return _Range(range(low, high + 1))
    if isinstance(values, (list, tuple)) and values:
        if not all(isinstance(v, (bool, int, float, str)) for v in values):
            raise ValueError(f"space {name!r}: values are numbers, texts or True/False, not {values!r}")
        return list(dict.fromkeys(values))
    raise ValueError(f"space {name!r}: give a list of values to try or a (low, high) range of whole numbers, "
                     f"not {values!r}")


class _Range(list):
    """The whole numbers from low to high: searched as an ordered range, not as labels."""


def _suggest(trial, name: str, choices):
    if isinstance(choices, _Tables):
        return choices[trial.suggest_categorical(name, list(range(len(choices))))]
    if isinstance(choices, _Range):
        return trial.suggest_int(name, choices[0], choices[-1])
    return trial.suggest_categorical(name, choices)


def check_space(base: Variant, space: dict) -> dict:
    """The space as ``{name: (path, choices)}``, every name and value range checked."""
    if not isinstance(space, dict) or not space:
        raise ValueError("the space is a table of parameter -> values to try, such as {'options.NAME': [value, "
                         "value, ...], 'deck.ENTRY': (low, high)} (balance.default_space(game) gives one to start from)")
    out = {}
    for name, values in space.items():
        path = _path(base, name)
        out[name] = (path, _choices(name, values, _current(base, path)))
    return out


#: How many values :func:`default_space` tries of an option declared with a range of numbers
#: too wide to search whole (or with fractions).
SPREAD = 5


def option_values(field) -> list | tuple | None:
    """The values a balance search tries of a rule option (a field of a game's ``Options``):
    its ``choices``; its ``between=(low, high)`` range (whole numbers: the range itself, up
    to 1,000 values; else :data:`SPREAD` values from low to high); ``None`` for an option
    that declares neither (a ``check=`` function says what is refused, not what to try)."""
    choices = field.metadata.get("choices")
    if choices:
        return list(choices)
    between = field.metadata.get("between")
    if between is None:
        return None
    low, high = between
    if all(isinstance(v, int) for v in between) and high - low <= 1000:
        return (low, high)
    values = [low + (high - low) * i / (SPREAD - 1) for i in range(SPREAD)]
    if all(isinstance(v, int) for v in between):
        values = [round(v) for v in values]
    return list(dict.fromkeys(values))


def default_space(game) -> dict:
    """A space to start from: every rule option that declares its values (``choices`` or
    ``between``, see :func:`option_values`) and the deck numbers the game offers as levers
    (``Game.balance_levers()``). ``game``: a game's name or class.

    A game none of whose options declares values (and with no levers) gets a
    ``ValueError`` that says how to declare them."""
    if isinstance(game, str):
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}; allowed: {', '.join(GAMES)}")
        cls = game_class(game)
    elif isinstance(game, type):
        cls = game
    elif isinstance(game, Game):
        cls = type(game)
    else:
        raise ValueError(f"game is a game, its class or its name, not {game!r:.80}")
    space, silent = {}, []
    for field in dataclasses.fields(cls.Options):
        values = option_values(field)
        if values is not None:
            space[f"options.{field.name}"] = values
        elif field.name != "deck":
            silent.append(field.name)
    built = cls((cls.allowed_players or (cls.min_players,))[0] if cls.default_players is None else cls.default_players)
    space.update(built.balance_levers())
    if not space:
        raise ValueError(
            f"{cls.title} gives the balance search nothing to try: "
            + (f"its options ({', '.join(silent)}) declare no values to try; " if silent else "it has no rule options; ")
            + "declare them with option(default, choices=(...)) or option(default, between=(low, high)), "
            "or give a space of your own such as {'options.NAME': [1, 2, 3]}"
        )
    return space


def _apply(base: Variant, chosen: dict, paths: dict, name: str) -> Variant:
    """``base`` with the chosen values; deck changes merged into its own."""
    options = dict(base.options)
    deck = copy.deepcopy(base.deck)
    data = None
    if any(paths[param][0] == "deck" for param in chosen):  # a game without a deck changes options only
        data = base.deck_data() or default_deck_data(base.game)
    for param, value in chosen.items():
        path = paths[param]
        if path[0] == "options":
            options[path[1]] = value
        elif len(path) == 2:
            deck[path[1]] = value
        elif len(path) == 3:
            deck.setdefault(path[1], {})[path[2]] = list(value) if isinstance(value, tuple) else value
        elif path[3] == "skills":
            card = deck.setdefault(path[1], {}).setdefault(path[2], {})
            entry = next(e for e in data[path[1]] if e["name"] == path[2])
            skills = card.setdefault("skills", [dict(s) for s in entry["skills"]])
            skills[path[4]]["value"] = value
        else:
            deck.setdefault(path[1], {}).setdefault(path[2], {})[path[3]] = value
    return Variant(base.game, players=base.players, options=options, deck=deck, name=name,
                   description="suggested by a balance search")


def _change_text(game: str, path: tuple, old, new) -> str:
    if path[0] == "options":
        return (f"{labels.option_label(game, path[1])}: {labels.value_label(game, path[1], old)} → "
                f"{labels.value_label(game, path[1], new)}")
    if len(path) == 2:
        text = labels.deck_field(path[1])[0]
    elif len(path) == 3:
        text = labels.deck_field(path[2])[0]
    elif path[3] == "skills":
        colour = next(e for e in default_deck_data(game)[path[1]] if e["name"] == path[2])["skills"][path[4]]["colour"]
        text = labels.deck_field("skill", path[2], colour)[0]
    else:
        text = labels.deck_field(path[3], path[2])[0]
    if isinstance(old, tuple):
        old, new = "/".join(map(str, old)), "/".join(map(str, new))
    return f"{text}: {old} → {new}"


# ----------------------------------------------------------------------------------------
# The search
# ----------------------------------------------------------------------------------------


#: The most fresh games a confirmation may play for each proposal (its ``confirm_cap``).
MAX_CONFIRM_GAMES = 20_000

#: How far off an aim counts as one step of the search's total miss, by kind of measure
#: (so that a share, a length and points can be added up).
MISS_STEP = {"share": 0.05, "points": 1.0, "length": 1.0, "count": 1.0, "p-value": 0.05}


def _step(aim: Goal, game) -> float:
    name = aim.measure_name or ""
    if name == "points per copy":
        return MISS_STEP["points"]
    return MISS_STEP.get(labels.measure(name, game).kind, 1.0) if name else 1.0


def _misses(aims, records) -> tuple:
    """Each aim's ``(value, miss)`` on the records."""
    out = []
    for aim in aims:
        value, _, _ = aim.measure(records)
        out.append((value, aim.miss(value)))
    return tuple(out)


def _evaluate(variant: Variant, bots, games: int, seed: int, goal, aims=None) -> dict:
    """Play one variant (in this process or a worker) and measure every aim and a few measures."""
    aims = [goal] if aims is None else aims
    try:
        built = variant.build()
    except ValueError as err:
        return {"status": f"refused: {err}"}
    try:
        records = aims[0].play(built, bots, games, seed)
    except Exception as err:  # a student's game that breaks under these options: reported, never hidden
        return {"status": f"failed: {type(err).__name__}: {clip(str(err), 200)}"}
    found = _misses(aims, records)
    table = game_table(records)
    return {"status": "played", "value": found[0][0], "aims": found,
            "win-rate gap": seat_balance(table)["win-rate gap"], "length": float(table["length"].mean()),
            "mean score": float(table["mean score"].mean())}


def _total(result: dict, steps: list) -> float:
    """The total miss of a played trial: each aim's miss in steps of its kind, added up."""
    total = sum(miss / step for (_, miss), step in zip(result["aims"], steps))
    return total if math.isinf(total) else round(total, 9)


def _budget(budget) -> tuple:
    if isinstance(budget, bool):
        raise ValueError(f"budget is a number of variants to try or a table of trials, games, confirm_games; not {budget!r}")
    if isinstance(budget, int):
        budget = {"trials": budget}
    if not isinstance(budget, dict):
        raise ValueError(f"budget is a number of variants to try or a table of trials, games, confirm_games; not {budget!r}")
    unknown = set(budget) - {"trials", "games", "confirm_games", "confirm_cap"}
    if unknown:
        raise ValueError(f"budget: unknown entry {min(unknown)!r}; allowed: trials, games, confirm_games, confirm_cap")
    trials = budget.get("trials", 20)
    games = budget.get("games", 100)
    confirm = budget.get("confirm_games", "auto")
    cap = budget.get("confirm_cap", MAX_GAMES)
    if isinstance(trials, bool) or not isinstance(trials, int) or not 1 <= trials <= MAX_TRIALS:
        raise ValueError(f"budget: trials must be a whole number from 1 to {MAX_TRIALS}, not {trials!r}")
    if isinstance(games, bool) or not isinstance(games, int) or not MIN_GAMES <= games <= MAX_GAMES:
        raise ValueError(f"budget: games must be a whole number from {MIN_GAMES} to {MAX_GAMES}, not {games!r}")
    if isinstance(cap, bool) or not isinstance(cap, int) or not MIN_GAMES <= cap <= MAX_CONFIRM_GAMES:
        raise ValueError(f"budget: confirm_cap must be a whole number from {MIN_GAMES} to {MAX_CONFIRM_GAMES:,}, "
                         f"not {cap!r}")
    if confirm != "auto" and (isinstance(confirm, bool) or not isinstance(confirm, int)
                              or not MIN_GAMES <= confirm <= max(MAX_GAMES, cap)):
        raise ValueError(f"budget: confirm_games must be 'auto' (as many as the tightest goal needs, at most "
                         f"confirm_cap) or a whole number from {MIN_GAMES} to {max(MAX_GAMES, cap):,}, not {confirm!r}")
    if trials * games > MAX_SEARCH_GAMES:
        raise ValueError(f"budget: {trials} trials of {games} games is {trials * games:,} games; at most "
                         f"{MAX_SEARCH_GAMES:,} in one search (fewer trials or fewer games)")
    return trials, games, confirm, cap


def _window(aim: Goal) -> float:
    """The width of the values that meet an aim (NaN for an aim open on one side)."""
    if isinstance(aim, FairSeats):
        return aim.margin if aim.seat is None else 2 * aim.margin
    if isinstance(aim, GameLength):
        return 2 * aim.tolerance
    if isinstance(aim, CardValue):
        return aim.high - aim.low
    if isinstance(aim, Target) and isinstance(aim.low, float) and isinstance(aim.high, float):
        return aim.high - aim.low
    return math.nan


def _games_for(goals, records, games: int, cap: int) -> tuple:
    """Fresh games each proposal needs so that every goal's 95% interval is at most half as
    wide as the values that meet it (then an interval can sit inside them), from the
    goals' intervals on ``records`` (``games`` games); at most ``cap``. Returns the games
    and the games the tightest goal needs (before the cap)."""
    needed = 2 * games
    for goal in goals:
        width = _window(goal)
        value, low, high = goal.measure(records, interval=True)
        if math.isnan(width) or math.isnan(low) or high <= low:
            continue
        if width == 0:
            needed = max(needed, cap)
            continue
        needed = max(needed, math.ceil(games * ((high - low) / (width / 2)) ** 2))
    return max(MIN_GAMES, min(cap, needed)), needed


def _meets(verdicts) -> str:
    """Every aim's ``"yes"``/``"probably"``/``"no"`` as one: no when one is missed."""
    if "no" in verdicts:
        return "no"
    return "yes" if all(v == "yes" for v in verdicts) else "probably"


@dataclasses.dataclass
class BalanceResult:
    """What a balance search found.

    ``best``: the best variants (those that meet every goal and constraint first, then the
    fewest changes, then the nearest miss), each pruned to the changes that matter;
    ``trials``: every variant tried with its goal value; ``comparison``: the best variants
    and the baseline measured again on fresh paired games (a table of
    :func:`gamedesign.lab.compare_tables`); ``measured``: the first goal's value with its
    95% interval on those games, and ``checked`` every goal's and constraint's;
    ``changes``: each proposal's changes from the standard rules in words, ``dropped``:
    the changes the search had found that the pruning took out (they did not matter).
    """

    goal: Goal
    baseline: Variant
    best: list
    trials: pd.DataFrame
    comparison: pd.DataFrame
    measured: dict
    changes: dict
    caution: str = CAUTION
    goals: list = dataclasses.field(default_factory=list)
    constraints: list = dataclasses.field(default_factory=list)
    checked: dict = dataclasses.field(default_factory=dict)
    dropped: dict = dataclasses.field(default_factory=dict)
    unmet_in_trials: list = dataclasses.field(default_factory=list)
    confirm_games: int = 0
    games_needed: int = 0
    confirm_cap: int = 0

    @property
    def aims(self) -> list:
        """The goals, then the constraints (as resolved on the fresh games)."""
        return list(self.goals or [self.goal]) + list(self.constraints)

    def table(self) -> pd.DataFrame:
        """One row per proposal (the baseline first): what changes, the first goal's measured
        value with its interval, whether every goal and constraint is met (and which are
        not), the changes pruned away and the other clear changes."""
        game = self.baseline.game
        said = _verdict(self.comparison, game=game) if len(self.best) else None
        rows = []
        for name in [self.baseline.name] + [v.name for v in self.best]:
            value, low, high = self.measured[name]
            checks = self.checked.get(name) or [(self.goal, (value, low, high))]
            met = [aim.met(*m) for aim, m in checks]
            rows.append({
                "variant": name,
                "changes": "; ".join(self.changes.get(name, [])) or "none (the standard rules)",
                "goal value": value, "low": low, "high": high,
                "meets the goal": _meets(met),
                "missed": "; ".join(aim.describe() for (aim, _), m in zip(checks, met) if m == "no"),
                "dropped as not needed": "; ".join(self.dropped.get(name, [])),
                "trade-offs": "" if said is None or name == self.baseline.name else " ".join(said.sentences[name]),
            })
        return pd.DataFrame(rows).set_index("variant")

    def verdict(self):
        """The plain-word verdict on every proposal against the baseline (:func:`gamedesign.lab.verdict.verdict`)."""
        return _verdict(self.comparison, game=self.baseline.game)

    def __repr__(self) -> str:
        return self._repr_markdown_().replace("**", "")

    def _what(self) -> str:
        aims = self.aims
        return "the goal" if len(aims) == 1 else "every goal and constraint"

    def summary(self) -> str:
        """In words: whether the standard rules already meet the goals and whether any
        proposal does; which aim no variant tried met; how many fresh games confirmed."""
        table = self.table()
        base = table.iloc[0]
        status = self.trials["status"].astype(str)
        tried = int(status.eq("played").sum())
        games = int(self.comparison["pairs"].max()) if len(self.comparison) else 0
        what = self._what()
        if tried == 0:
            refused, failed = int(status.str.startswith("refused").sum()), int(status.str.startswith("failed").sum())
            first = status[status.ne("played")].iloc[0] if len(status) else "no trials"
            return (f"None of the {len(status)} variants tried could be played ({refused} refused by the rules, "
                    f"{failed} failed while playing), so there is nothing to propose; the first: {first}")
        if base["meets the goal"] != "no":
            first = f"{self.baseline.name} already {'meets' if base['meets the goal'] == 'yes' else 'probably meets'} {what}"
        else:
            first = f"{self.baseline.name} does not meet {what}"
        met = [name for name, row in table.iloc[1:].iterrows() if row["meets the goal"] != "no"]
        if met:
            second = f"{', '.join(met)} {'meets' if len(met) == 1 else 'meet'} it on {games:,} fresh games"
        elif self.unmet_in_trials:
            second = (f"no variant of the {tried} tried met {'; '.join(a.describe() for a in self.unmet_in_trials)} "
                      "even on the search's own games: the fix may lie outside this search space")
        else:
            second = (f"none of the {tried} variants tried meets it on {games:,} fresh games: the fix may lie "
                      "outside this search space (a rule it cannot change), or need more games to see")
        third = ""
        if len(self.aims) == 1:
            base_miss = self.goal.miss(base["goal value"])
            worse = [name for name, row in table.iloc[1:].iterrows()
                     if row["meets the goal"] == "no" and not self.goal.miss(row["goal value"]) < base_miss]
            if worse:
                third = (f" On the fresh games {', '.join(worse)} {'comes' if len(worse) == 1 else 'come'} no closer "
                         f"to the goal than {self.baseline.name}: {'it is' if len(worse) == 1 else 'they are'} "
                         "not a fix, only what the search found on its own seeds.")
        elif not met and not self.unmet_in_trials:
            missed = [f"{name} misses {row['missed']}" for name, row in table.iloc[1:].iterrows() if row["missed"]]
            if missed:
                third = " On the fresh games " + "; ".join(missed) + "."
        if self.games_needed > self.confirm_games:
            third += (f" The tightest goal needs about {round_games(self.games_needed):,} fresh games to be sure; "
                      f"the confirmation stopped at {self.confirm_games:,} (the budget's confirm_cap), so "
                      "\"probably\" may be the best it can say.")
        return f"{first[:1].upper()}{first[1:]}; {second}.{third}"

    def _repr_markdown_(self) -> str:
        aims = "; ".join(a.describe() for a in (self.goals or [self.goal]))
        lines = [f"**{'Goal' if len(self.goals) <= 1 else 'Goals'}:** {aims}."]
        if self.constraints:
            lines[0] += f" **Constraints:** {'; '.join(a.describe() for a in self.constraints)}."
        lines[0] += f" {self.summary()}"
        lines.append("")
        for name, row in self.table().iterrows():
            value = "no value" if math.isnan(row["goal value"]) else _number(row["goal value"])
            interval = "" if math.isnan(row["low"]) else f" (95% interval {_number(row['low'])} to {_number(row['high'])})"
            extra = f"; misses {row['missed']}" if row["missed"] else ""
            if row["dropped as not needed"]:
                extra += f"; dropped as not needed: {row['dropped as not needed']}"
            lines.append(f"* **{name}**: {row['changes']}; goal value {value}{interval}; meets "
                         f"{self._what()}: {row['meets the goal']}{extra}.")
        lines += ["", f"*{self.caution}*"]
        return "\n".join(lines)


def _number(x: float) -> str:
    """A measured value in words, to 3 decimals as the result's table shows it: 0.03, 0.215, 14."""
    text = f"{float(x):.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


_TRIAL_COLUMNS = ["trial", "changes", "what changes", "status", "value", "miss", "win-rate gap", "length",
                  "mean score", "params"]


def _key(chosen: dict) -> tuple:
    return tuple(sorted((k, repr(v)) for k, v in chosen.items()))


def _ranked(rows: list) -> pd.DataFrame:
    """The variants played, best first: those that meet every aim with the fewest changes,
    then the nearest misses."""
    tried = pd.DataFrame(rows).reindex(columns=_TRIAL_COLUMNS)
    played = tried[tried["status"] == "played"].copy()
    played["key"] = played["params"].map(_key)
    played = played[played["changes"] > 0].drop_duplicates("key")
    played["unmet"] = played["miss"] > 0
    played["order"] = played["changes"].where(~played["unmet"], 0)
    return played.sort_values(["unmet", "order", "miss", "trial"])


def _prune(changed: dict, miss: float, start: dict, measure_of) -> tuple:
    """Drop, one at a time, every change whose drop misses no more than the proposal does,
    each drop measured on the same paired games (``measure_of(params)``: the total miss).
    Returns the changes kept and those dropped, in the order found."""
    kept, dropped = dict(changed), []
    again = True
    while again and len(kept) > 1:
        again = False
        for k in list(kept):
            trial = {**start, **{n: v for n, v in kept.items() if n != k}}
            found = measure_of(trial)
            if found <= miss + 1e-12:
                dropped.append((k, kept.pop(k)))
                miss = min(miss, found)
                again = True
                break
    return kept, dropped


def _confirm(variant: Variant, bots, games: int, seed: int, goal, aims=None) -> tuple:
    """A proposal played again (here or in a worker): each aim's value with its interval, and its game table."""
    aims = [goal] if aims is None else aims
    records = aims[0].play(variant.build(), bots, games, seed)
    return [aim.measure(records, interval=True) for aim in aims], game_table(records)


def _as_aims(goal, constraints) -> tuple:
    goals = list(goal) if isinstance(goal, (list, tuple)) else [goal]
    if not goals:
        raise ValueError("give at least one goal")
    constraints = [] if constraints is None else list(constraints) if isinstance(constraints, (list, tuple)) \
        else [constraints]
    for what, items in (("goal", goals), ("constraint", constraints)):
        for aim in items:
            if not isinstance(aim, Goal):
                raise ValueError(f"a {what} is one of balance.fair_seats(...), balance.game_length(...), "
                                 "balance.card_value(...), balance.within(...), balance.at_most(...), "
                                 f"balance.at_least(...) or another Goal; not {aim!r}")
    aims = goals + constraints
    own = [a for a in aims if type(a).play is not Goal.play]
    if own and len(aims) > 1:
        raise ValueError(f"{own[0].describe()} plays games of its own (several line-ups of bots): search for it "
                         "alone, with no other goal or constraint")
    return goals, constraints


def _resolve(aims, standard: list) -> list:
    """The aims with every ``"standard"`` limit put in from the standard rules' values."""
    return [a.resolve(v) if isinstance(a, Target) and a.relative() else a for a, v in zip(aims, standard)]


def _preset_starts(base: Variant, params: dict, paths: dict, start: dict) -> list:
    """The shipped presets of the game whose changes all lie inside the space, as params."""
    from .variants import load_preset, preset_names

    out = []
    for name in preset_names(base.game):
        try:
            preset = load_preset(name)
        except ValueError:
            continue
        if preset.players not in (None, base.players) and base.players is not None:
            pass  # the numbers of a preset carry over to another player count
        chosen, inside = dict(start), True
        for option, value in preset.options.items():
            param = next((p for p, path in paths.items() if path == ("options", option)), None)
            if param is None:
                inside = False
                break
            chosen[param] = value
        deck = _flat_deck(preset.deck)
        for path, value in deck:
            param = next((p for p, q in paths.items() if q == ("deck", *path)), None)
            if param is None:
                inside = False
                break
            chosen[param] = tuple(value) if isinstance(value, list) else value
        if inside and chosen != start and all(_allowed(params[p][1], v) for p, v in chosen.items()):
            out.append(chosen)
    return out


def _flat_deck(deck: dict, prefix=()) -> list:
    out = []
    for key, value in (deck or {}).items():
        if isinstance(value, dict):
            out += _flat_deck(value, (*prefix, key))
        else:
            out.append(((*prefix, key), value))
    return out


def _allowed(choices, value) -> bool:
    if isinstance(choices, _Tables):
        return tuple(value) in choices
    if isinstance(choices, _Range):
        return isinstance(value, int) and choices[0] <= value <= choices[-1]
    return value in choices


def search_balance(game, space: dict, goal, budget=20, seed: int = 0, *, constraints=None, bots="greedy",
                   keep: int = 3, workers: int | None = None, progress=None, prune: bool = True) -> BalanceResult:
    """Search ``space`` for variants of ``game`` that meet every goal and constraint (see
    the module's docstring).

    ``game``: a game's name or a :class:`Variant` to start from (its players, options and
    deck); ``goal``: one goal or a list of them (``balance.within("seat 0 wins", 0.48,
    0.52)``, ``balance.game_length(...)``, ...); ``constraints``: goals that must hold too
    (``balance.at_most("early leader wins at 1/2", "standard")``: no higher than the
    standard rules'); ``budget``: the number of variants to try, or ``{"trials": 20,
    "games": 100, "confirm_games": "auto", "confirm_cap": 2000}`` (``"auto"``: as many
    fresh games as the tightest goal needs, at most ``confirm_cap``, up to
    :data:`MAX_CONFIRM_GAMES`); ``seed``: the seed of the games and of Optuna's sampler;
    ``bots``: one bot name for every seat or one per seat; ``keep``: how many proposals to
    return; ``prune``: drop every change a proposal can do without (each drop measured on
    the search's paired games); ``workers``: processes that play trials side by side (by
    default every core for searches of :data:`PARALLEL_FROM` games or more, else this
    process; the answer is the same for any number); ``progress(done, total)`` is called
    after each batch of trials. The shipped presets of the game whose changes lie inside
    the space are tried first.
    """
    try:
        import optuna
    except ModuleNotFoundError:  # pragma: no cover - a core dependency
        raise ValueError("the balance search needs the optuna package: pip install optuna") from None
    base = game if isinstance(game, Variant) else None
    if base is None:
        if not isinstance(game, str):
            raise ValueError(f"game is a game's name or a Variant, not {game!r}")
        base = Variant(game, name="standard rules")
    goals, constraints = _as_aims(goal, constraints)
    trials, games, confirm_games, cap = _budget(budget)
    if isinstance(keep, bool) or not isinstance(keep, int) or not 1 <= keep <= 10:
        raise ValueError(f"keep must be a whole number from 1 to 10, not {keep!r}")
    if workers is None:
        workers = cores() if trials * games >= PARALLEL_FROM else 1
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number, 1 or more (or None: decided by the budget); not {workers!r}")
    if workers > 1 and not runtime.CAN_START_PROCESSES:
        raise ValueError(runtime.no_processes(workers))
    seed = run_seed(seed)
    params = check_space(base, space)
    paths = {name: path for name, (path, _) in params.items()}
    start = {name: _current(base, path) for name, (path, _) in params.items()}
    aims = goals + constraints
    steps = [_step(a, base.game) for a in aims]

    # The standard rules on the search's games: the values of "standard" limits, and the
    # spread the confirmation's size is worked out from.
    base_records = aims[0].play(base.build(), bots, games, seed)
    standard = [value for value, _ in _misses([a if not (isinstance(a, Target) and a.relative()) else
                                               dataclasses.replace(a, low=None, high=0.0) for a in aims],
                                              base_records)]
    trial_aims = _resolve(aims, standard)

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=seed % 2**32, n_startup_trials=min(8, max(2, trials // 3)))
    study = optuna.create_study(direction="minimize", sampler=sampler)
    study.enqueue_trial({name: _encode(params[name][1], value) for name, value in start.items()
                         if _allowed(params[name][1], value)})
    for chosen in _preset_starts(base, params, paths, start)[:max(0, trials - 1)]:
        study.enqueue_trial({name: _encode(params[name][1], value) for name, value in chosen.items()})
    seen: dict = {}
    rows = []
    pool = None
    if workers > 1:
        pool = _process_pool(min(workers, BATCH, cores()))

    def play(chosen_list, names, the_games, the_seed, the_aims):
        variants, refused = [], {}
        for c, name in zip(chosen_list, names):
            try:
                variants.append(_apply(base, c, paths, name))
            except ValueError as err:  # a deck the rules refuse: noted, never played
                refused[name] = {"status": f"refused: {err}"}
        if pool is not None and len(variants) > 1:
            n = len(variants)
            results = list(pool.map(_evaluate, variants, [bots] * n, [the_games] * n, [the_seed] * n,
                                    [the_aims[0]] * n, [the_aims] * n))
        else:
            results = [_evaluate(v, bots, the_games, the_seed, the_aims[0], the_aims) for v in variants]
        out = dict(refused)
        out.update({v.name: r for v, r in zip(variants, results)})
        return [out[name] for name in names]

    try:
        done = 0
        while done < trials:
            asked = [study.ask() for _ in range(min(BATCH, trials - done))]
            chosen = [{name: _suggest(t, name, choices) for name, (_, choices) in params.items()} for t in asked]
            keys = [_key(c) for c in chosen]
            fresh = [(k, c) for k, c in dict(zip(keys, chosen)).items() if k not in seen]
            found = play([c for _, c in fresh], [f"trial {done + i}" for i in range(len(fresh))], games, seed,
                         trial_aims)
            for (key, _), result in zip(fresh, found):
                if result["status"] == "played":
                    result["miss"] = _total(result, steps)
                seen[key] = result
            for number, (trial, c, key) in enumerate(zip(asked, chosen, keys), start=done):
                result = seen[key]
                changed = {k: v for k, v in c.items() if v != start[k]}
                rows.append({"trial": number, "changes": len(changed),
                             "what changes": "; ".join(_change_text(base.game, paths[k], start[k], v)
                                                       for k, v in changed.items()) or "none",
                             **{k: v for k, v in result.items() if k != "aims"}, "params": c})
                if result["status"] == "played" and not math.isinf(result["miss"]):
                    study.tell(trial, result["miss"])
                else:
                    study.tell(trial, state=optuna.trial.TrialState.FAIL)
            done += len(asked)
            if progress is not None:
                progress(done, trials)

        def miss_of(chosen: dict) -> float:
            key = _key(chosen)
            if key not in seen:
                result = play([chosen], ["pruning"], games, seed, trial_aims)[0]
                if result["status"] == "played":
                    result["miss"] = _total(result, steps)
                seen[key] = result
            result = seen[key]
            return result["miss"] if result["status"] == "played" else math.inf

        best, changes, dropped, kept_keys = [], {base.name: []}, {}, set()
        for _, row in _ranked(rows).iterrows():
            if len(best) == keep:
                break
            changed = {k: v for k, v in row["params"].items() if v != start[k]}
            gone = []
            if prune:
                changed, gone = _prune(changed, row["miss"], start, miss_of)
            key = _key(changed)
            if key in kept_keys:
                continue
            kept_keys.add(key)
            name = f"proposal {len(best) + 1}"
            best.append(_apply(base, changed, paths, name))
            changes[name] = [_change_text(base.game, paths[k], start[k], v) for k, v in changed.items()]
            dropped[name] = [_change_text(base.game, paths[k], start[k], v) for k, v in gone]

        unmet = []
        played_rows = [seen[_key(r["params"])] for r in rows if r["status"] == "played"]
        for i, aim in enumerate(trial_aims):
            if played_rows and not any(r["aims"][i][1] == 0 for r in played_rows):
                unmet.append(aim)

        if confirm_games == "auto":
            confirm_games, needed = _games_for(trial_aims[:len(goals)], base_records, games, cap)
        else:
            needed = confirm_games
        # Measure the proposals again on fresh games (a new seed), paired with the baseline:
        # the search's own numbers favour variants that were lucky on its seeds.
        confirm = [base, *best]
        n = len(confirm)
        fresh = (seed + 1) % (MAX_SEED + 1)  # another seed, still a valid one
        if pool is not None:
            played = list(pool.map(_confirm, confirm, [bots] * n, [confirm_games] * n, [fresh] * n, [aims[0]] * n,
                                   [_unresolved(aims)] * n))
        else:
            played = [_confirm(v, bots, confirm_games, fresh, aims[0], _unresolved(aims)) for v in confirm]
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    fresh_standard = [m[0] for m in played[0][0]]
    fresh_aims = _resolve(aims, fresh_standard)
    checked = {v.name: list(zip(fresh_aims, m)) for v, (m, _) in zip(confirm, played)}
    measured = {v.name: m[0] for v, (m, _) in zip(confirm, played)}
    comparison = compare_tables({v.name: t for v, (_, t) in zip(confirm, played)})
    tried = pd.DataFrame(rows).reindex(columns=_TRIAL_COLUMNS)
    return BalanceResult(goal=fresh_aims[0], baseline=base, best=best, trials=tried.drop(columns="params"),
                         comparison=comparison, measured=measured, changes=changes,
                         goals=fresh_aims[:len(goals)], constraints=fresh_aims[len(goals):], checked=checked,
                         dropped=dropped, unmet_in_trials=unmet, confirm_games=confirm_games,
                         games_needed=needed, confirm_cap=cap)


def _unresolved(aims) -> list:
    """Aims to measure a value of: a "standard" limit does not change what is measured."""
    return [dataclasses.replace(a, low=None, high=0.0) if isinstance(a, Target) and a.relative() else a
            for a in aims]


__all__ = [
    "BATCH",
    "BalanceResult",
    "CAUTION",
    "CardValue",
    "FairSeats",
    "GameLength",
    "Goal",
    "MAX_SEARCH_GAMES",
    "MAX_TRIALS",
    "PARALLEL_FROM",
    "MAX_CONFIRM_GAMES",
    "STANDARD",
    "Target",
    "at_least",
    "at_most",
    "card_value",
    "check_space",
    "default_space",
    "fair_seats",
    "game_length",
    "search_balance",
    "table_moves",
    "target",
    "within",
]
