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
from .metrics import card_values, game_table, seat_balance, seat_columns
from .record import record_games
from .stats import wilson
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
        return f"seat {self.seat}'s win rate is within {self.margin * 100:g} percentage points of an equal share"

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
        return data[path[1]][path[2]]
    entry = next(e for e in data[path[1]] if e["name"] == path[2])
    return entry["skills"][path[4]]["value"] if path[3] == "skills" else entry[path[3]]


def _choices(name: str, values) -> list:
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
    if isinstance(choices, _Range):
        return trial.suggest_int(name, choices[0], choices[-1])
    return trial.suggest_categorical(name, choices)


def check_space(base: Variant, space: dict) -> dict:
    """The space as ``{name: (path, choices)}``, every name and value range checked."""
    if not isinstance(space, dict) or not space:
        raise ValueError("the space is a table of parameter -> values to try, such as {'options.NAME': [value, "
                         "value, ...], 'deck.ENTRY': (low, high)} (balance.default_space(game) gives one to start from)")
    return {name: (_path(base, name), _choices(name, values)) for name, values in space.items()}


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
            deck.setdefault(path[1], {})[path[2]] = value
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
    return f"{text}: {old} → {new}"


# ----------------------------------------------------------------------------------------
# The search
# ----------------------------------------------------------------------------------------


def _evaluate(variant: Variant, bots, games: int, seed: int, goal: Goal) -> dict:
    """Play one variant (in this process or a worker) and measure the goal and a few measures."""
    try:
        built = variant.build()
    except ValueError as err:
        return {"status": f"refused: {err}"}
    try:
        records = goal.play(built, bots, games, seed)
    except Exception as err:  # a student's game that breaks under these options: reported, never hidden
        return {"status": f"failed: {type(err).__name__}: {clip(str(err), 200)}"}
    value, _, _ = goal.measure(records)
    table = game_table(records)
    miss = goal.miss(value)
    return {"status": "played", "value": value, "miss": miss if math.isinf(miss) else round(miss, 9),
            "win-rate gap": seat_balance(table)["win-rate gap"], "length": float(table["length"].mean()),
            "mean score": float(table["mean score"].mean())}


def _budget(budget) -> tuple:
    if isinstance(budget, bool):
        raise ValueError(f"budget is a number of variants to try or a table of trials, games, confirm_games; not {budget!r}")
    if isinstance(budget, int):
        budget = {"trials": budget}
    if not isinstance(budget, dict):
        raise ValueError(f"budget is a number of variants to try or a table of trials, games, confirm_games; not {budget!r}")
    unknown = set(budget) - {"trials", "games", "confirm_games"}
    if unknown:
        raise ValueError(f"budget: unknown entry {min(unknown)!r}; allowed: trials, games, confirm_games")
    trials = budget.get("trials", 20)
    games = budget.get("games", 100)
    confirm = budget.get("confirm_games", 2 * games)
    if isinstance(trials, bool) or not isinstance(trials, int) or not 1 <= trials <= MAX_TRIALS:
        raise ValueError(f"budget: trials must be a whole number from 1 to {MAX_TRIALS}, not {trials!r}")
    for name, value in (("games", games), ("confirm_games", confirm)):
        if isinstance(value, bool) or not isinstance(value, int) or not MIN_GAMES <= value <= MAX_GAMES:
            raise ValueError(f"budget: {name} must be a whole number from {MIN_GAMES} to {MAX_GAMES}, not {value!r}")
    if trials * games > MAX_SEARCH_GAMES:
        raise ValueError(f"budget: {trials} trials of {games} games is {trials * games:,} games; at most "
                         f"{MAX_SEARCH_GAMES:,} in one search (fewer trials or fewer games)")
    return trials, games, confirm


@dataclasses.dataclass
class BalanceResult:
    """What a balance search found.

    ``best``: the best variants (those that meet the goal first, then the fewest changes,
    then the nearest miss); ``trials``: every variant tried with its goal value;
    ``comparison``: the best variants and the baseline measured again on fresh paired
    games (a table of :func:`gamedesign.lab.compare_tables`); ``measured``: the goal's
    value with its 95% interval on those games.
    """

    goal: Goal
    baseline: Variant
    best: list
    trials: pd.DataFrame
    comparison: pd.DataFrame
    measured: dict
    changes: dict
    caution: str = CAUTION

    def table(self) -> pd.DataFrame:
        """One row per proposal (the baseline first): what changes, the goal's measured value
        with its interval, whether the goal is met, and the other clear changes."""
        game = self.baseline.game
        said = _verdict(self.comparison, game=game) if len(self.best) else None
        rows = []
        for name in [self.baseline.name] + [v.name for v in self.best]:
            value, low, high = self.measured[name]
            rows.append({
                "variant": name,
                "changes": "; ".join(self.changes.get(name, [])) or "none (the standard rules)",
                "goal value": value, "low": low, "high": high,
                "meets the goal": self.goal.met(value, low, high),
                "trade-offs": "" if said is None or name == self.baseline.name else " ".join(said.sentences[name]),
            })
        return pd.DataFrame(rows).set_index("variant")

    def verdict(self):
        """The plain-word verdict on every proposal against the baseline (:func:`gamedesign.lab.verdict.verdict`)."""
        return _verdict(self.comparison, game=self.baseline.game)

    def __repr__(self) -> str:
        return self._repr_markdown_().replace("**", "")

    def summary(self) -> str:
        """In words: whether the standard rules already meet the goal and whether any proposal does."""
        table = self.table()
        base = table.iloc[0]
        status = self.trials["status"].astype(str)
        tried = int(status.eq("played").sum())
        games = int(self.comparison["pairs"].max()) if len(self.comparison) else 0
        if tried == 0:
            refused, failed = int(status.str.startswith("refused").sum()), int(status.str.startswith("failed").sum())
            first = status[status.ne("played")].iloc[0] if len(status) else "no trials"
            return (f"None of the {len(status)} variants tried could be played ({refused} refused by the rules, "
                    f"{failed} failed while playing), so there is nothing to propose; the first: {first}")
        if base["meets the goal"] != "no":
            first = f"{self.baseline.name} already {'meets' if base['meets the goal'] == 'yes' else 'probably meets'} the goal"
        else:
            first = f"{self.baseline.name} does not meet the goal"
        met = [name for name, row in table.iloc[1:].iterrows() if row["meets the goal"] != "no"]
        if met:
            second = f"{', '.join(met)} {'meets' if len(met) == 1 else 'meet'} it on {games} fresh games"
        else:
            second = (f"none of the {tried} variants tried meets it on {games} fresh games: the fix may lie "
                      "outside this search space (a rule it cannot change), or need more games to see")
        base_miss = self.goal.miss(base["goal value"])
        worse = [name for name, row in table.iloc[1:].iterrows()
                 if row["meets the goal"] == "no" and not self.goal.miss(row["goal value"]) < base_miss]
        third = ""
        if worse:
            third = (f" On the fresh games {', '.join(worse)} {'comes' if len(worse) == 1 else 'come'} no closer "
                     f"to the goal than {self.baseline.name}: {'it is' if len(worse) == 1 else 'they are'} "
                     "not a fix, only what the search found on its own seeds.")
        return f"{first[:1].upper()}{first[1:]}; {second}.{third}"

    def _repr_markdown_(self) -> str:
        lines = [f"**Goal:** {self.goal.describe()}. {self.summary()}", ""]
        for name, row in self.table().iterrows():
            value = "no value" if math.isnan(row["goal value"]) else _number(row["goal value"])
            interval = "" if math.isnan(row["low"]) else f" (95% interval {_number(row['low'])} to {_number(row['high'])})"
            lines.append(f"* **{name}**: {row['changes']}; goal value {value}{interval}; meets the goal: "
                         f"{row['meets the goal']}.")
        lines += ["", f"*{self.caution}*"]
        return "\n".join(lines)


def _number(x: float) -> str:
    """A measured value in words, to 3 decimals as the result's table shows it: 0.03, 0.215, 14."""
    text = f"{float(x):.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


_TRIAL_COLUMNS = ["trial", "changes", "what changes", "status", "value", "miss", "win-rate gap", "length",
                  "mean score", "params"]


def _proposals(base: Variant, rows: list, start: dict, paths: dict, keep: int) -> tuple:
    """The best ``keep`` variants tried (see :class:`BalanceResult`) and each one's changes in words."""
    tried = pd.DataFrame(rows).reindex(columns=_TRIAL_COLUMNS)
    played = tried[tried["status"] == "played"].copy()
    played["key"] = played["params"].map(lambda c: tuple(sorted((k, repr(v)) for k, v in c.items())))
    played = played[played["changes"] > 0].drop_duplicates("key")
    played["unmet"] = played["miss"] > 0
    # Those that meet the goal with the fewest changes first, then the nearest misses.
    played["order"] = played["changes"].where(~played["unmet"], 0)
    ranked = played.sort_values(["unmet", "order", "miss", "trial"])
    best, changes = [], {base.name: []}
    for i, (_, row) in enumerate(ranked.head(keep).iterrows()):
        name = f"proposal {i + 1}"
        changed = {k: v for k, v in row["params"].items() if v != start[k]}  # the proposal lists only its changes
        best.append(_apply(base, changed, paths, name))
        changes[name] = [_change_text(base.game, paths[k], start[k], v) for k, v in changed.items()]
    return best, changes


def _confirm(variant: Variant, bots, games: int, seed: int, goal: Goal) -> tuple:
    """A proposal played again (here or in a worker): the goal's value with its interval, and its game table."""
    records = goal.play(variant.build(), bots, games, seed)
    return goal.measure(records, interval=True), game_table(records)


def search_balance(game, space: dict, goal: Goal, budget=20, seed: int = 0, *, bots="greedy", keep: int = 3,
                   workers: int | None = None, progress=None) -> BalanceResult:
    """Search ``space`` for variants of ``game`` that meet ``goal`` (see the module's docstring).

    ``game``: a game's name or a :class:`Variant` to start from (its players, options and
    deck); ``budget``: the number of variants to try, or ``{"trials": 20, "games": 100,
    "confirm_games": 200}``; ``seed``: the seed of the games and of Optuna's sampler;
    ``bots``: one bot name for every seat or one per seat; ``keep``: how many proposals to
    return; ``workers``: processes that play trials side by side (by default every core for
    searches of :data:`PARALLEL_FROM` games or more, else this process; the answer is the
    same for any number); ``progress(done, total)`` is called after each batch of trials.
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
    if not isinstance(goal, Goal):
        raise ValueError("goal is one of balance.fair_seats(...), balance.game_length(...), balance.card_value(...) "
                         f"or another Goal; not {goal!r}")
    trials, games, confirm_games = _budget(budget)
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

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=seed % 2**32, n_startup_trials=min(8, max(2, trials // 3)))
    study = optuna.create_study(direction="minimize", sampler=sampler)
    study.enqueue_trial({name: value for name, value in start.items() if value in params[name][1]})
    seen: dict = {}
    rows = []
    pool = None
    if workers > 1:
        pool = _process_pool(min(workers, BATCH, cores()))
    try:
        done = 0
        while done < trials:
            asked = [study.ask() for _ in range(min(BATCH, trials - done))]
            chosen = [{name: _suggest(t, name, choices) for name, (_, choices) in params.items()} for t in asked]
            keys = [tuple(sorted((k, repr(v)) for k, v in c.items())) for c in chosen]
            fresh = [(k, c) for k, c in dict(zip(keys, chosen)).items() if k not in seen]
            variants, refused = [], {}
            for i, (key, c) in enumerate(fresh):
                try:
                    variants.append((key, _apply(base, c, paths, f"trial {done + i}")))
                except ValueError as err:  # a deck the rules refuse: noted, never played
                    refused[key] = {"status": f"refused: {err}"}
            if pool is not None and len(variants) > 1:
                n = len(variants)
                results = list(pool.map(_evaluate, [v for _, v in variants], [bots] * n, [games] * n, [seed] * n,
                                        [goal] * n))
            else:
                results = [_evaluate(v, bots, games, seed, goal) for _, v in variants]
            seen.update(refused)
            for (key, _), result in zip(variants, results):
                seen[key] = result
            for number, (trial, c, key) in enumerate(zip(asked, chosen, keys), start=done):
                result = seen[key]
                changed = {k: v for k, v in c.items() if v != start[k]}
                rows.append({"trial": number, "changes": len(changed),
                             "what changes": "; ".join(_change_text(base.game, paths[k], start[k], v)
                                                       for k, v in changed.items()) or "none",
                             **{k: v for k, v in result.items()}, "params": c})
                if result["status"] == "played" and not math.isinf(result["miss"]):
                    study.tell(trial, result["miss"])
                else:
                    study.tell(trial, state=optuna.trial.TrialState.FAIL)
            done += len(asked)
            if progress is not None:
                progress(done, trials)
        best, changes = _proposals(base, rows, start, paths, keep)
        # Measure the proposals again on fresh games (a new seed), paired with the baseline:
        # the search's own numbers favour variants that were lucky on its seeds.
        confirm = [base, *best]
        n = len(confirm)
        fresh = (seed + 1) % (MAX_SEED + 1)  # another seed, still a valid one
        if pool is not None:
            played = list(pool.map(_confirm, confirm, [bots] * n, [confirm_games] * n, [fresh] * n, [goal] * n))
        else:
            played = [_confirm(v, bots, confirm_games, fresh, goal) for v in confirm]
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    measured = {v.name: m for v, (m, _) in zip(confirm, played)}
    comparison = compare_tables({v.name: t for v, (_, t) in zip(confirm, played)})
    tried = pd.DataFrame(rows).reindex(columns=_TRIAL_COLUMNS)
    return BalanceResult(goal=goal, baseline=base, best=best, trials=tried.drop(columns="params"),
                         comparison=comparison, measured=measured, changes=changes)


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
    "card_value",
    "check_space",
    "default_space",
    "fair_seats",
    "game_length",
    "search_balance",
]
