"""Design concepts, measured: does an early lead decide the game, how does it play at each
player count, how much does a choice matter, and does take-that hit the leader?

* :func:`early_lead` - at points through the game, how often the leader then went on to
  win, against the share a leader would win if leading meant nothing (snowball or catch-up)
* :func:`player_counts` - the same measures at each player count
* :func:`choice_weight` - at decisions sampled from real games, what choosing well is worth
  over choosing blindly, from the search bot's values of every move (meaningful choice)
* :func:`leader_targeting` - in The Diet Game, how often each take-that card played hit the
  player in the lead, against how often the player who could be hit was leading
  (leader-targeting)

The first three work on any game the lab can record (the shipped games and registered
ones); :func:`leader_targeting` reads The Diet Game's take-that cards. Each is seeded: the
same call gives the same table.
"""

from __future__ import annotations

import importlib
import math
import random

import pandas as pd

from ..bots import make_bot
from ..search import SearchBot
from ..registry import BUILT_IN, game_class
from .metrics import game_table, leader, seat_balance
from .record import record_games
from .stats import wilson
from .variants import variant

#: Where :func:`early_lead` looks by default: a quarter, half and three quarters of the way.
POINTS = (0.25, 0.5, 0.75)

#: Bounds on what one call of :func:`choice_weight` may ask for.
MAX_DECISIONS = 500
MAX_OPTIONS = 16

def early_lead(records, points=POINTS) -> pd.DataFrame:
    """One row per point of the game (a share of its checkpoints, e.g. 0.5: half way):
    ``games`` with a single leader then, ``leader won`` (how many of them the leader went
    on to win), the ``rate`` with its 95% Wilson interval (``low``, ``high``), and
    ``chance``: the share the leader would win if leading meant nothing (one over the seats
    or teams). Well above chance early in the game: the lead snowballs and the game is
    decided early; near chance: a lead is easily lost (catch-up, or luck).
    Games with no checkpoint there, or a tie for the lead, are left out."""
    records = list(records)
    if not records:
        raise ValueError("give the records of at least one game (lab.record_games)")
    points = list(points)
    for p in points:
        if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 < p <= 1:
            raise ValueError(f"points are shares of the game above 0 and at most 1 (0.5: half way), not {p!r}")
    rows = []
    for p in points:
        games = won = 0
        sides = None
        for record in records:
            standings = record.standings
            if not standings or not record.winners:
                continue
            at = standings[min(len(standings) - 1, max(0, math.ceil(p * len(standings)) - 1))]
            top = leader(at)
            if top is None or len(top) != 1:
                continue
            sides = len(at)
            games += 1
            won += next(iter(top)) in set(_sides_of(record))
        low, high = wilson(won, games) if games else (math.nan, math.nan)
        rows.append({"point": p, "games": games, "leader won": won, "rate": won / games if games else math.nan,
                     "low": low, "high": high, "chance": 1 / sides if sides else math.nan})
    return pd.DataFrame(rows)


def _sides_of(record) -> tuple:
    """The winning sides of a record in the index space of its standings (seats, or GYM's teams)."""
    standings = record.standings[-1]
    if len(standings) == record.players:
        return tuple(record.winners)
    # One standing per team: a seat's team is its index modulo the number of teams.
    return tuple({w % len(standings) for w in record.winners})


def player_counts(game: str, counts, bots="greedy", games: int = 200, seed: int = 0, **options) -> pd.DataFrame:
    """The game at each player count in ``counts``: one row per count with the mean game
    length, decisions per player, real choices, lead changes, draws, seat 0's win rate
    against an equal share and the gap between the best and worst seat (:func:`metrics.summary`'s
    measures), from ``games`` recorded games of ``bots`` (one name for every seat) and the
    rule ``options`` given."""
    if not isinstance(bots, str):
        raise ValueError(f"bots is one bot name for every seat (e.g. 'greedy'), not {bots!r}: the seats change with the count")
    counts = list(counts)
    if not counts:
        raise ValueError("give at least one player count")
    rows = []
    for n in counts:
        built = variant(game, players=n, **options).build()  # an impossible count is refused here, with the allowed ones
        table = game_table(record_games(built, bots, games=games, seed=seed))
        balance = seat_balance(table)
        sides = len(built.teams())
        rows.append({
            "players": n,
            "games": len(table),
            "length": float(table["length"].mean()),
            "decisions per player": float(table["decision points"].mean()) / n,
            "real choices": float(table["real choices"].mean()),
            "lead changes": float(table["lead changes"].mean()),
            "draws": float(table["draw"].mean()),
            "seat 0 wins": float(table["seat 0 wins"].mean()),
            "equal share": 1 / sides,
            "win-rate gap": balance["win-rate gap"],
        })
    return pd.DataFrame(rows).set_index("players")


def choice_weight(game, decisions: int = 30, seed: int = 0, iterations: int = 200, bots="greedy") -> pd.DataFrame:
    """At ``decisions`` decision points sampled from games of ``bots`` (states part-way
    through, a seat to move with 2 to :data:`MAX_OPTIONS` legal moves), what choosing well
    is worth: the search bot values every legal move twice on independent sampled games
    (``iterations`` playouts each time); its best move of the first look is valued by the
    second, against the mean of all moves there. One row per decision: ``game`` (its
    seed), ``move`` (moves played before), ``options``, ``best`` (the first look's best
    move), ``weight`` (its value minus the mean move's, on the search's reward scale, 0
    to 1: half a win, a quarter for the players beaten, a quarter for the margin) and
    ``best value``/``mean value``.

    A weight near 0: any move does about as well (the choice does not matter); the
    second look keeps the luck of the first look's playouts out of it, so a choice
    between equal moves averages 0.
    """
    if isinstance(decisions, bool) or not isinstance(decisions, int) or not 1 <= decisions <= MAX_DECISIONS:
        raise ValueError(f"decisions must be a whole number from 1 to {MAX_DECISIONS}, not {decisions!r}")
    rng = random.Random(seed)
    rows = []
    attempts = 0
    while len(rows) < decisions:
        attempts += 1
        if attempts > 20 * decisions:
            raise ValueError(
                f"found only {len(rows)} decisions with 2 to {MAX_OPTIONS} legal moves in {attempts - 1} games of "
                f"{game.name}; ask for fewer"
            )
        game_seed = rng.getrandbits(31)
        state = game.new_state(seed=game_seed)
        players = [make_bot(bots, game) for _ in range(game.num_players)]
        for seat, bot in enumerate(players):
            bot.reset(game, seat, game_seed + seat)
        stop = rng.randrange(0, 60)
        moves = 0
        while not state.is_over() and moves < stop:
            seat = state.to_move()[0]
            state.apply(seat, players[seat].act(state.observe(seat), state.legal_actions(seat)))
            moves += 1
        if state.is_over():
            continue
        seat = state.to_move()[0]
        legal = list(state.legal_actions(seat))
        if not 2 <= len(legal) <= MAX_OPTIONS:
            continue
        looks = []
        playouts = max(iterations, len(legal) ** 2)  # a paired look tries every move: sqrt(playouts) of them
        for look in range(2):
            # The search bot's own settings for the game (e.g. GYM's short playouts); where its
            # playouts are not batched, every move compared on the same sampled games.
            settings = {"strength": "search", "iterations": playouts, "timed": False}
            bot = SearchBot(**settings, seed=rng.getrandbits(31))
            bot.reset(game, seat, rng.getrandbits(31))
            if not bot._uses_batch():
                bot = SearchBot(**settings, paired=True, widening=None, seed=rng.getrandbits(31))
                bot.reset(game, seat, rng.getrandbits(31))
            bot.act(state.observe(seat), list(legal))
            looks.append({name: value for name, (_, value) in bot.last_search["actions"].items()})
        first, second = looks
        best = max(first, key=first.get)
        mean = sum(second.values()) / len(second)
        rows.append({"game": game_seed, "move": moves, "options": len(legal), "best": best,
                     "weight": second[best] - mean, "best value": second[best], "mean value": mean})
    return pd.DataFrame(rows)


def weight_summary(weights: pd.DataFrame, matters: float = 0.05) -> dict:
    """The decisions of :func:`choice_weight` summed up: ``decisions``, the mean
    ``weight`` with its 95% interval (``low``, ``high``: mean ± 1.96 standard errors) and
    ``matters``: the share of decisions whose weight is at least ``matters`` (by default
    0.05, a twentieth of the reward scale: about a tenth of a win)."""
    if not isinstance(weights, pd.DataFrame) or "weight" not in weights.columns or weights.empty:
        raise ValueError("give the table of choice_weight (one row per decision, a 'weight' column)")
    w = weights["weight"].astype(float)
    mean = float(w.mean())
    half = 1.959964 * float(w.std(ddof=1)) / math.sqrt(len(w)) if len(w) > 1 else math.nan
    return {"decisions": len(w), "weight": mean, "low": mean - half, "high": mean + half,
            "matters": float((w >= matters).mean())}


def __getattr__(name: str):
    """A game's own concept measures, declared beside its rules (``Game.lab_concepts``, the
    module that holds them: The Diet Game's ``leader_targeting``, ``TAKE_THAT``, ...),
    found among the built-in games' on first use."""
    for game in BUILT_IN:
        where = getattr(game_class(game), "lab_concepts", "")
        if where:
            found = getattr(importlib.import_module(where), name, None)
            if found is not None:
                return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["MAX_DECISIONS", "MAX_OPTIONS", "POINTS", "choice_weight", "early_lead", "player_counts", "weight_summary"]
