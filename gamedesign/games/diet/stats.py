"""Diet Game facts from simulated games, as tidy pandas tables for charts.

:func:`gamedesign.simulate` gives one row per player per game (final weight, turns,
answers played). A race also has a shape over time: :func:`weight_history` plays the
same games (same seeds, so the ``game`` numbers match) and keeps every player's weight
after every turn.
"""

from __future__ import annotations

import pandas as pd

from ...bots import make_bot
from ...simulate import _seeds, lineup, play_game, run_seed


def weight_history(game, bots, games: int = 200, seed: int = 0) -> pd.DataFrame:
    """One row per game, seat and turn: columns ``game``, ``seat``, ``bot``, ``turn``
    (0 is the start), ``round`` (each player's turn number), ``weight``, ``won``, ``over``
    (the game's last row) - the same games as ``simulate(game, bots, games, seed, batch=False)``."""
    n = game.num_players
    bots, labels = lineup(game, bots, games)
    seed = run_seed(seed)
    players = [make_bot(spec, game, timed=False) for spec in bots]  # the same seed, the same moves
    rows = []
    for index, (game_seed, bot_seeds) in enumerate(_seeds(seed, games)):
        state = play_game(game.new_state(seed=game_seed), players, bot_seeds, game_index=index, run_seed=seed)
        winners = state.result().winners
        last = len(state.history) - 1
        for turn, weights in enumerate(state.history):
            for seat, weight in enumerate(weights):
                rows.append(
                    {
                        "game": index,
                        "seat": seat,
                        "bot": labels[seat],
                        "turn": turn,
                        "round": (turn + n - 1) // n,
                        "weight": weight,
                        "won": seat in winners,
                        "over": turn == last,
                    }
                )
    table = pd.DataFrame(rows)
    table.attrs["seed"] = seed
    return table


__all__ = ["weight_history"]
