"""Play many games between bots and collect the results in a tidy table."""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from .bots import make_bot


def _seeds(seed: int, games: int) -> list[tuple[int, list[int]]]:
    """Independent (game seed, bot seeds) per game, all derived from one seed."""
    out = []
    for child in np.random.SeedSequence(seed).spawn(games):
        words = child.generate_state(8, dtype=np.uint32)
        out.append((int(words[0]), [int(w) for w in words[1:]]))
    return out


def play_game(state, bots: Sequence, bot_seeds: Sequence[int] | None = None, on_move=None, until=None):
    """Play ``state`` to its end with one bot per seat; returns the state.

    Each bot sees only ``state.observe(seat)`` and ``state.legal_actions(seat)``.
    ``on_move(seat, action, state)`` is called after every move, if given; with
    ``until(state)`` the play stops as soon as it returns True (checked before each round).
    """
    game = state.game
    if bot_seeds is not None:
        for seat, bot in enumerate(bots):
            bot.reset(game, seat, bot_seeds[seat % len(bot_seeds)])
    while True:
        movers = state.to_move()
        if not movers or (until is not None and until(state)):
            return state
        # Simultaneous movers all choose before any of their choices is applied.
        choices = [(seat, bots[seat].act(state.observe(seat), state.legal_actions(seat))) for seat in movers]
        for seat, action in choices:
            state.apply(seat, action)
            if on_move is not None:
                on_move(seat, action, state)


def simulate(game, bots, games: int = 1000, seed: int = 0) -> pd.DataFrame:
    """Play ``games`` games of ``game`` between ``bots`` (one per seat) from ``seed``.

    ``bots`` is a list with a bot name (``"random"``, ``"greedy"``) or a bot object per
    seat, or a single name for every seat. Returns one row per player per game with
    columns ``game``, ``seat``, ``bot``, ``score``, ``points_<category>`` ..., ``eliminated``,
    ``won`` and ``draw``, then the game's own facts from ``Result.details``: a number or
    text becomes a column as it is, a list with one entry per seat gives each row its
    seat's entry. The same seed gives the same table.
    """
    n = game.num_players
    if isinstance(bots, str):
        bots = [bots] * n
    bots = list(bots)
    if len(bots) != n:
        raise ValueError(f"give one bot per seat: {n} for this game, not {len(bots)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number 1 or more, not {games!r}")
    players = [make_bot(spec, game) for spec in bots]
    labels = [spec if isinstance(spec, str) else getattr(spec, "name", type(spec).__name__) for spec in bots]
    rows = []
    for index, (game_seed, bot_seeds) in enumerate(_seeds(seed, games)):
        state = play_game(game.new_state(seed=game_seed), players, bot_seeds)
        result = state.result()
        eliminated = set(result.details.get("eliminated", ()))
        for seat in range(n):
            row = {
                "game": index,
                "seat": seat,
                "bot": labels[seat],
                "score": result.scores[seat],
            }
            breakdown = result.breakdown[seat] if result.breakdown else None
            if result.breakdown:
                for category in _categories(result):
                    row[f"points_{category}"] = None if breakdown is None else breakdown[category]
            row["eliminated"] = seat in eliminated
            row["won"] = seat in result.winners
            row["draw"] = not result.winners
            row.update(_detail_columns(result.details, seat, n))
            rows.append(row)
    frame = pd.DataFrame(rows)
    frame["score"] = frame["score"].astype("Float64")
    return frame


def _categories(result) -> list[str]:
    for b in result.breakdown:
        if b is not None:
            return list(b)
    return []


def _detail_columns(details: dict, seat: int, n: int) -> dict:
    """Plain facts of a result as table columns (per-seat lists give this seat's entry)."""
    out = {}
    for key, value in details.items():
        if key == "eliminated":
            continue
        if isinstance(value, (int, float, str, bool)):
            out[key] = value
        elif isinstance(value, (list, tuple)) and len(value) == n and all(
            v is None or isinstance(v, (int, float, str, bool)) for v in value
        ):
            out[key] = value[seat]
    return out
