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

import math
import random

import pandas as pd

from .metrics import game_table, leader, seat_balance
from .record import record_games
from .stats import wilson

#: Where :func:`early_lead` looks by default: a quarter, half and three quarters of the way.
POINTS = (0.25, 0.5, 0.75)

#: Bounds on what one call of :func:`choice_weight` may ask for.
MAX_DECISIONS = 500
MAX_OPTIONS = 16

#: The most games one call of :func:`leader_targeting` plays (on the engine, move by move).
MAX_TARGETING_GAMES = 5_000

#: The take-that answers of The Diet Game, by the step at which an opponent is asked.
TAKE_THAT = {"laziness": "Laziness", "cheat": "Cheat", "neighbour": "fattening meal"}

#: The bot names :func:`leader_targeting` takes (a bot object of your own is also allowed).
TARGETING_BOTS = ("random", "greedy")


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
    from .variants import variant

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
    from ..bots import make_bot
    from ..search import SearchBot

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


def leader_targeting(game="diet", bots="greedy", games: int = 200, seed: int = 0, options=None) -> pd.DataFrame:
    """Does take-that hit the leader? ``games`` seeded games of The Diet Game (the same
    games as ``gamedesign.simulate(game, bots, games, seed, batch=False)``), watched
    move by move: every time an opponent is asked whether to hit the active player and
    holds a card to do it with, and whether they did.

    The take-that cards: **Laziness** (cancel the active player's Exercise), **Cheat** (+1
    pound on the active player) and the **fattening meal** the right-hand neighbour may feed
    after a missed meal. Laziness and Cheat are asked of every opponent in turn, so each
    player chooses whom to hit; the meal's victim is fixed by the rules (always the
    neighbour's left-hand player), so it is the control: a player who feeds whenever they
    can hits the leader exactly as often as the leader misses a meal.

    The victim *leads* when no player weighs less (the lowest weight; **ties count as
    leading**, so at the start, with every weight 0, everyone leads), weighed at the moment
    of the ask, before the answer.

    One row per kind of bot asked and card (``bot``, ``card``): ``asked`` (asks where the
    opponent held such a card: an ask with nothing to play is no choice and is not
    counted), ``chances`` (the moments with at least one such ask: a Laziness or Cheat
    moment asks the holders one after another, so it is one chance to hit that player
    however many are asked), ``played``, ``on leader`` (of those played, how many hit the
    leader), their ``rate`` with its 95% Wilson interval (``low``, ``high``), the ``base
    rate`` (the share of the chances whose victim was leading: what the rate would be if the
    cards were played without looking at the race) and ``verdict``: ``"more than chance"``
    when the whole interval lies above the base rate, ``"less than chance"`` when below,
    ``"no different"`` when it holds it, ``"never played"`` with no card played. The base
    rate counts chances, not asks: a bot that aims plays at once on a leader (one ask) and
    passes round the table on anyone else (several asks), so a share of the asks would
    undercount the leader. It is taken as a fixed number: its own spread is left out.

    ``game``: ``"diet"`` with the rule ``options`` given as a dict (``players`` too), or a
    game from ``gamedesign.load("diet", ...)`` (then no ``options``). ``bots``: one name for
    every seat (``"random"``, ``"greedy"``) or one per seat, names or bot objects of your
    own. ``games``: 1 to :data:`MAX_TARGETING_GAMES` (200 games of four greedy bots take
    about half a second; random bots, whose games run longer, a second or two).
    """
    from ..bots import make_bot
    from ..games.diet.rules import Play
    from ..registry import load
    from ..simulate import MAX_SEED, lineup, play_game
    from .record import _seeds

    if isinstance(game, str):
        if game != "diet":
            raise ValueError(
                f"leader_targeting measures The Diet Game only: give game='diet' (or gamedesign.load('diet', ...)), "
                f"not {game[:40]!r}"
            )
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ValueError(
                f"options is a dict of rule options for the Diet Game (e.g. {{'players': 3}}), or None; not {options!r:.80}"
            )
        game = load("diet", **options)  # unknown options and values are refused here, naming the allowed ones
    elif getattr(game, "name", None) == "diet" and callable(getattr(game, "new_state", None)):
        if options is not None:
            raise ValueError("give rule options with game='diet', or load the game with them; not both")
    else:
        raise ValueError(
            f"leader_targeting measures The Diet Game only: give game='diet' (or gamedesign.load('diet', ...)), not {game!r:.80}"
        )
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_TARGETING_GAMES:
        raise ValueError(f"games must be a whole number from 1 to {MAX_TARGETING_GAMES:,}, not {games!r:.40}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1 (the same seed, the same table), not {seed!r:.40}")
    names = [bots] * game.num_players if isinstance(bots, str) else bots
    if not isinstance(names, (list, tuple)):
        raise ValueError(
            f"bots is one bot name for every seat ({', '.join(map(repr, TARGETING_BOTS))}) or a list of one bot per seat "
            f"({game.num_players} for this game), not {bots!r:.80}"
        )
    for spec in names:
        if isinstance(spec, str) and spec in TARGETING_BOTS:
            continue
        if not isinstance(spec, str) and callable(getattr(spec, "act", None)) and callable(getattr(spec, "reset", None)):
            continue
        shown = spec[:40] if isinstance(spec, str) else spec
        raise ValueError(
            f"bots for leader_targeting are {' or '.join(map(repr, TARGETING_BOTS))} or bot objects of your own "
            f"(with act() and reset()), not {shown!r:.60}"
        )
    specs, labels = lineup(game, list(names), games)
    players = [make_bot(spec, game, timed=False) for spec in specs]
    built = [isinstance(spec, str) for spec in specs]
    counts: dict = {}
    moments: set = set()

    def on_choice(seat, legal, action) -> None:
        step = state.step
        if step not in TAKE_THAT or not any(type(a) is Play for a in legal):
            return
        weights = state.weights
        led = weights[state.active] <= min(weights)
        key = (labels[seat], TAKE_THAT[step])
        tally = counts.setdefault(key, [0, 0, 0, 0, 0])  # asked, moments, moments the victim led, played, on leader
        tally[0] += 1
        moment = (state.turn, state.phase, step, key)  # one chance to hit, however many holders are asked
        if moment not in moments:
            moments.add(moment)
            tally[1] += 1
            tally[2] += led
        if type(action) is Play:
            tally[3] += 1
            tally[4] += led

    for index, (game_seed, bot_seeds) in enumerate(_seeds(seed, games)):
        state = game.new_state(seed=game_seed)
        play_game(state, players, bot_seeds, game_index=index, run_seed=seed, on_choice=on_choice, _built=built)
        moments.clear()  # a moment is of one game

    rows = []
    for label in dict.fromkeys(labels):
        for card in TAKE_THAT.values():
            asked, chances, led, played, hits = counts.get((label, card), (0, 0, 0, 0, 0))
            low, high = wilson(hits, played) if played else (math.nan, math.nan)
            base = led / chances if chances else math.nan
            if not played:
                verdict = "never played"
            elif low > base:
                verdict = "more than chance"
            elif high < base:
                verdict = "less than chance"
            else:
                verdict = "no different"
            rows.append({"bot": label, "card": card, "asked": asked, "chances": chances, "played": played,
                         "on leader": hits,
                         "rate": hits / played if played else math.nan, "low": low, "high": high,
                         "base rate": base, "verdict": verdict})
    table = pd.DataFrame(rows)
    table.attrs["seed"], table.attrs["games"] = seed, games
    return table


__all__ = [
    "MAX_DECISIONS", "MAX_OPTIONS", "MAX_TARGETING_GAMES", "POINTS", "TAKE_THAT", "TARGETING_BOTS", "choice_weight",
    "early_lead", "leader_targeting", "player_counts", "weight_summary",
]
