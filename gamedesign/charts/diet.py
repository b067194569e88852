"""Altair charts of simulated Diet Games.

* :func:`game_length` takes the table of :func:`gamedesign.simulate` (its ``turns``
  column) and shows how many turns games last, draws at the turn limit included;
* :func:`weight_over_turns` takes the table of
  :func:`gamedesign.games.diet.stats.weight_history` and shows the average weight after
  each round, one line per seat, with the target as a rule;
* :func:`targeting_chart` takes the table of :func:`gamedesign.lab.concepts.leader_targeting`
  and sets the share of take-that cards that hit the leader against the share that chance
  would give.

Tables are aggregated in pandas before charting, so the stored notebook stays small.
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from . import PALETTE, SHAPES, _check_columns, fitted_title, legend_below


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
    counts["order"] = (counts["ending"] != "someone reached the target").astype(int)  # draws on top
    median = float(games["turns"].median())
    endings = ["someone reached the target", "draw at the turn limit"]
    subtitle = f"{len(games)} games; dashed line: the median, {median:g} turns; draws stacked on top"
    bars = (
        alt.Chart(counts, title=fitted_title(title, subtitle))
        .mark_bar()
        .encode(
            x=alt.X("turns:Q", title="Turns played (all players together)", bin=alt.Bin(step=1), axis=alt.Axis(format="d")),
            y=alt.Y("sum(share):Q", title="Share of games", axis=alt.Axis(format="%")),
            color=alt.Color("ending:N", title="Ended by", sort=endings, scale=alt.Scale(domain=endings, range=PALETTE),
                            legend=legend_below(endings, "Ended by")),
            order=alt.Order("order:Q"),
            tooltip=["turns", "ending", "games", alt.Tooltip("share:Q", format=".1%")],
        )
    )
    rule = alt.Chart(pd.DataFrame({"median": [median]})).mark_rule(strokeDash=[4, 3]).encode(x="median:Q")
    return (bars + rule).properties(width=440, height=220)


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
    players = list(dict.fromkeys(means.sort_values("seat")["player"]))
    lines = (
        alt.Chart(
            means,
            title=fitted_title(
                title, f"average weight of the games still running (rounds reached by {min_games}+ games); lower is better"
            ),
        )
        .mark_line(point=alt.OverlayMarkDef(size=50, filled=True))
        .encode(
            x=alt.X("round:Q", title="Round (each player's turn number)"),
            y=alt.Y("weight:Q", title="Weight change (pounds)"),
            color=alt.Color("player:N", title="Player", sort=players, scale=alt.Scale(domain=players, range=PALETTE),
                            legend=legend_below(players, "Player")),
            shape=alt.Shape("player:N", title="Player", sort=players, scale=alt.Scale(domain=players, range=SHAPES),
                            legend=legend_below(players, "Player")),
            tooltip=["player", "round", alt.Tooltip("weight:Q", format=".2f"), "games"],
        )
    )
    rule = alt.Chart(pd.DataFrame({"target": [target]})).mark_rule(color="#D55E00", strokeDash=[4, 3]).encode(y="target:Q")
    return (lines + rule).properties(width=440, height=260)


def targeting_chart(table: pd.DataFrame, title: str = "Does take-that hit the leader?") -> alt.Chart:
    """One row per bot and card of :func:`gamedesign.lab.concepts.leader_targeting`: the
    share of the cards played that hit the leader (a dot with its 95% interval) beside the
    base rate, the share blind play would give (a tick); one row per card and bot."""
    if not isinstance(table, pd.DataFrame):
        raise ValueError("targeting_chart needs the table of gamedesign.lab.concepts.leader_targeting(...)")
    missing = [c for c in ("bot", "card", "rate", "low", "high", "base rate") if c not in table.columns]
    if missing:
        raise ValueError(f"the table has no column {missing[0]!r}; targeting_chart needs the table of "
                         "gamedesign.lab.concepts.leader_targeting(...)")
    data = table[["bot", "card", "rate", "low", "high", "base rate"]].rename(columns={"base rate": "chance"})
    data = data.assign(played=data["card"].astype(str) + ", " + data["bot"].astype(str) + " bots")
    base = alt.Chart(data).encode(y=alt.Y("played:N", title=None, sort=list(dict.fromkeys(data["played"]))))
    bars = base.mark_rule(strokeWidth=3, color=PALETTE[0]).encode(
        x=alt.X("low:Q", title="Share of the cards played that hit the leader", axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, 1])),
        x2="high:Q",
    )
    dots = base.mark_point(filled=True, size=70, color=PALETTE[0], opacity=1).encode(
        x="rate:Q",
        tooltip=["bot", "card", alt.Tooltip("rate:Q", format=".1%"), alt.Tooltip("low:Q", format=".1%"),
                 alt.Tooltip("high:Q", format=".1%"), alt.Tooltip("chance:Q", title="by chance", format=".1%")],
    )
    chance = base.mark_tick(thickness=3, size=26, color=PALETTE[1]).encode(x="chance:Q")
    subtitle = "dot: the measured share, with its 95% interval; tick: the share by chance (the base rate)"
    return alt.layer(bars, dots, chance, title=fitted_title(title, subtitle)).properties(
        width=340, height=28 * len(data)
    )


__all__ = ["game_length", "targeting_chart", "weight_over_turns"]
