"""Tables for studying GYM: the deck as a table, and bot matchups played out by simulation.

Plain pandas, no display code: the notebook shows these tables and charts them with
:mod:`gamedesign.charts.gym`.
"""

from __future__ import annotations

import pandas as pd

from ...simulate import simulate
from .cards import COLOURS, Deck


def deck_table(deck: Deck) -> pd.DataFrame:
    """One row per Kid: name, type, and its value in each colour (0 without that skill)."""
    rows = [{"kid": k.name, "type": k.type, **{c: k.value(c) for c in COLOURS}} for k in deck.kids]
    return pd.DataFrame(rows).set_index("kid")


def matchups(game, lineups: dict, games: int = 200, seed: int = 0) -> pd.DataFrame:
    """Simulate each lineup (label -> one bot name per seat) and stack the tables.

    The result is :func:`gamedesign.simulate`'s table with a ``matchup`` column. Every
    lineup plays on the engine (``batch=False``) from the same seeds, so the deals are
    the same across matchups.
    """
    tables = []
    for label, bots in lineups.items():
        tables.append(simulate(game, bots, games=games, seed=seed, batch=False).assign(matchup=label))
    return pd.concat(tables, ignore_index=True)


def margin_summary(table: pd.DataFrame) -> pd.DataFrame:
    """Per matchup: games, team A's win rate, and team A's mean and median final margin."""
    team_a = table[table["seat"] == 0]
    summary = team_a.groupby("matchup", sort=False).agg(
        games=("game", "size"),
        team_a_wins=("won", "mean"),
        mean_margin=("margin", "mean"),
        median_margin=("margin", "median"),
    )
    return summary.round(3)


def margin_counts(table: pd.DataFrame) -> pd.DataFrame:
    """Long table: matchup, team A's final margin, and how many games ended with it."""
    team_a = table[table["seat"] == 0]
    counts = team_a.groupby(["matchup", "margin"], sort=False).size().rename("games").reset_index()
    counts["share"] = counts["games"] / counts.groupby("matchup")["games"].transform("sum")
    return counts


__all__ = ["deck_table", "margin_counts", "margin_summary", "matchups"]
