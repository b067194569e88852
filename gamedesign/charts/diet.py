"""Altair charts of simulated Diet Games.

* :func:`game_length` takes the table of :func:`gamedesign.simulate` (its ``turns``
  column) and shows how many turns games last, draws at the turn limit included;
* :func:`weight_over_turns` takes the table of
  :func:`gamedesign.games.diet.stats.weight_history` and shows the average weight after
  each round, one line per seat, with the target as a rule.

Tables are aggregated in pandas before charting, so the stored notebook stays small.
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from . import PALETTE, _check_columns


def game_length(df: pd.DataFrame, title: str = "How long a Diet Game lasts") -> alt.Chart:
    """Share of games ending after each number of turns (every player's turns counted)."""
    _check_columns(df, ["game", "turns", "draw"])
    games = df.drop_duplicates("game")
    counts = (
        games.assign(ending=games["draw"].map({True: "draw at the turn limit", False: "someone reached the target"}))
        .groupby(["turns", "ending"])
        .size()
        .rename("games")
        .reset_index()
    )
    counts["share"] = counts["games"] / len(games)
    median = float(games["turns"].median())
    bars = (
        alt.Chart(counts, title=alt.Title(title, subtitle=f"{len(games)} games; median {median:g} turns"))
        .mark_bar()
        .encode(
            x=alt.X("turns:Q", title="Turns played (all players together)", bin=alt.Bin(step=1), axis=alt.Axis(format="d")),
            y=alt.Y("sum(share):Q", title="Share of games", axis=alt.Axis(format="%")),
            color=alt.Color("ending:N", title="Ended by", scale=alt.Scale(range=PALETTE)),
            tooltip=["turns", "ending", "games", alt.Tooltip("share:Q", format=".1%")],
        )
    )
    rule = alt.Chart(pd.DataFrame({"median": [median]})).mark_rule(strokeDash=[4, 3]).encode(x="median:Q")
    return (bars + rule).properties(width=480, height=220)


def weight_over_turns(
    history: pd.DataFrame, target: int = -10, min_games: int = 20, title: str = "The race to the target"
) -> alt.Chart:
    """Average weight after each round, one line per seat (games still running at that
    round only: a finished game stops counting), with the target drawn as a rule.

    Rounds that fewer than ``min_games`` games reach are left out: a handful of long
    games would make the end of the lines jump about."""
    _check_columns(history, ["game", "seat", "bot", "round", "weight"])
    # Each player's weight at the end of each round (last turn of that round).
    ends = history.sort_values("turn").groupby(["game", "seat", "round"], sort=False).tail(1)
    means = ends.groupby(["seat", "bot", "round"])["weight"].agg(["mean", "size"]).reset_index()
    means = means.rename(columns={"mean": "weight", "size": "games"})
    means = means[means["games"] >= min_games]
    means["player"] = "seat " + means["seat"].astype(str) + " (" + means["bot"] + ")"
    lines = (
        alt.Chart(
            means,
            title=alt.Title(
                title, subtitle=f"average weight of the games still running (rounds reached by {min_games}+ games); lower is better"
            ),
        )
        .mark_line(point=True)
        .encode(
            x=alt.X("round:Q", title="Round (each player's turn number)"),
            y=alt.Y("weight:Q", title="Weight change (pounds)"),
            color=alt.Color("player:N", title="Player", scale=alt.Scale(range=PALETTE)),
            tooltip=["player", "round", alt.Tooltip("weight:Q", format=".2f"), "games"],
        )
    )
    rule = alt.Chart(pd.DataFrame({"target": [target]})).mark_rule(color="#D55E00", strokeDash=[4, 3]).encode(y="target:Q")
    return (lines + rule).properties(width=480, height=260)


__all__ = ["game_length", "weight_over_turns"]
