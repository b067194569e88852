"""Does take-that hit the leader? A concept measure of The Diet Game's own (read in the
lab as ``gamedesign.lab.concepts.leader_targeting``, ``DietGame.lab_concepts`` names this
module): seeded games watched move by move, every time an opponent may hit the active
player, and whether they did.
"""

from __future__ import annotations

import math

import pandas as pd

from ...bots import make_bot
from ...lab.stats import wilson
from ...registry import load
from ...simulate import MAX_SEED, _seeds, lineup, play_game
from .rules import Play

#: The most games one call of :func:`leader_targeting` plays (on the engine, move by move).
MAX_TARGETING_GAMES = 5_000

#: The take-that answers of The Diet Game, by the step at which an opponent is asked.
TAKE_THAT = {"laziness": "Laziness", "cheat": "Cheat", "neighbour": "fattening meal"}

#: The bot names :func:`leader_targeting` takes (a bot object of your own is also allowed).
TARGETING_BOTS = ("random", "greedy")


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
        play_game(state, players, bot_seeds, game_index=index, run_seed=seed, on_choice=on_choice)
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


__all__ = ["MAX_TARGETING_GAMES", "TAKE_THAT", "TARGETING_BOTS", "leader_targeting"]
