"""Charts take the simulation table and answer their question from aggregated data."""

from __future__ import annotations

import pytest

import gamedesign
from gamedesign import charts


@pytest.fixture(scope="module")
def table():
    game = gamedesign.load("legday", players=3)
    return gamedesign.simulate(game, ["greedy", "random", "random"], games=60, seed=4)


def dataset(spec):
    return next(iter(spec["datasets"].values()))


def test_score_distribution_shares_sum_to_one_per_bot(table):
    spec = charts.score_distribution(table).to_dict()
    assert spec["encoding"]["row"]["field"] == "bot"
    assert spec["encoding"]["x"]["field"] == "score"
    rows = dataset(spec)
    for bot in ("greedy", "random"):
        assert sum(r["share"] for r in rows if r["bot"] == bot) == pytest.approx(1.0)
    assert sum(r["players"] for r in rows) == table["score"].notna().sum()
    assert "eliminated players not shown" in spec["title"]["subtitle"]


def test_points_by_category_averages_scored_players(table):
    spec = charts.points_by_category(table).to_dict()
    rows = {(r["bot"], r["category"]): r["points"] for r in dataset(spec)}
    scored = table.dropna(subset=["score"])
    expected = scored.loc[scored.bot == "greedy", "points_Bench Press"].mean()
    assert rows[("greedy", "Bench Press")] == pytest.approx(expected)
    assert len({c for _, c in rows}) == 7


def test_win_rate_by_seat(table):
    rows = dataset(charts.win_rate_by_seat(table).to_dict())
    assert [r["label"] for r in rows] == ["seat 0 (greedy)", "seat 1 (random)", "seat 2 (random)"]
    assert rows[0]["win_rate"] == pytest.approx(table[table.seat == 0]["won"].mean())


def test_a_wrong_table_is_refused_clearly():
    import pandas as pd

    with pytest.raises(ValueError, match="no column 'score'"):
        charts.score_distribution(pd.DataFrame({"bot": ["a"]}))
    with pytest.raises(ValueError, match="simulate"):
        charts.points_by_category([1, 2, 3])


def test_targeting_chart_sets_each_measured_share_against_chance():
    from gamedesign.charts.diet import targeting_chart
    from gamedesign.lab import concepts

    table = concepts.leader_targeting(bots="greedy", games=40, seed=2)
    spec = targeting_chart(table).to_dict()
    rows = spec["datasets"][next(iter(spec["datasets"]))] if "datasets" in spec else spec["data"]["values"]
    assert [r["played"] for r in rows] == [f"{c}, greedy bots" for c in table["card"]]
    assert [r["chance"] for r in rows] == list(table["base rate"]) and [r["rate"] for r in rows] == list(table["rate"])
    marks = [layer["mark"]["type"] for layer in spec["layer"]]
    assert marks == ["rule", "point", "tick"]
    with pytest.raises(ValueError, match="leader_targeting"):
        targeting_chart(table.drop(columns=["base rate"]))
    with pytest.raises(ValueError, match="leader_targeting"):
        targeting_chart([1, 2])
    from gamedesign.charts import slide

    shown = slide(targeting_chart(table), "Greedy bots aim at the leader").to_dict()
    assert shown["title"]["text"] == "Greedy bots aim at the leader"
