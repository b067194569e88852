"""Design concepts measured from games: an early lead, player counts, how much a choice matters."""

from __future__ import annotations

import pytest

import gamedesign
from gamedesign import lab
from gamedesign.lab import concepts
from gamedesign.lab.record import GameRecord


def record(winners, standings, players=3):
    return GameRecord(players=players, winners=tuple(winners), standings=[tuple(s) for s in standings])


def test_early_lead_counts_how_often_the_leader_then_won():
    records = [
        record([0], [(3, 1, 1), (5, 2, 2), (9, 4, 4), (12, 5, 5)]),  # led all game, won
        record([2], [(3, 1, 1), (3, 4, 1), (3, 4, 8), (3, 4, 9)]),  # seat 0 led at first, seat 2 won
        record([1], [(2, 2, 1), (2, 5, 1), (2, 6, 1), (2, 7, 1)]),  # a tie for the lead at first
        record([], [(1, 1, 1), (2, 1, 1), (3, 1, 1), (4, 1, 1)]),  # no winner: left out
    ]
    table = concepts.early_lead(records, points=[0.25, 1.0]).set_index("point")
    assert table.loc[0.25, ["games", "leader won"]].tolist() == [2, 1]
    assert table.loc[1.0, ["games", "leader won"]].tolist() == [3, 3]
    assert table.loc[0.25, "chance"] == pytest.approx(1 / 3)
    assert table.loc[1.0, "low"] < 1 == table.loc[1.0, "rate"]
    with pytest.raises(ValueError, match="points are shares of the game"):
        concepts.early_lead(records, points=[0])
    with pytest.raises(ValueError, match="at least one game"):
        concepts.early_lead([])


def test_early_lead_reads_teams_in_gym():
    game = gamedesign.load("gym")
    table = concepts.early_lead(lab.record_games(game, "greedy", games=40, seed=2))
    assert (table["chance"] == 0.5).all()
    # By the end of the game the leader on the team totals has nearly always won.
    last = concepts.early_lead(lab.record_games(game, "greedy", games=40, seed=2), points=[1.0]).iloc[0]
    assert last["rate"] > 0.9


def test_player_counts_plays_the_game_at_each_count():
    table = concepts.player_counts("legday", [3, 5], games=20, seed=1)
    assert list(table.index) == [3, 5]
    assert table.loc[5, "equal share"] == pytest.approx(0.2)
    # The same games as the lab records at that count.
    five = lab.metrics.game_table(lab.record_games(lab.variant("legday", players=5).build(), "greedy", games=20, seed=1))
    assert table.loc[5, "decisions per player"] == pytest.approx(five["decision points"].mean() / 5)
    assert table.loc[5, "seat 0 wins"] == pytest.approx(five["seat 0 wins"].mean())
    with pytest.raises(ValueError, match="players"):
        concepts.player_counts("legday", [9], games=5)
    with pytest.raises(ValueError, match="one bot name for every seat"):
        concepts.player_counts("legday", [3], bots=["greedy", "random", "random"], games=5)


def test_a_good_choice_in_leg_day_is_worth_something_and_the_table_is_seeded():
    game = gamedesign.load("legday")
    one = concepts.choice_weight(game, decisions=8, seed=3, iterations=120)
    two = concepts.choice_weight(game, decisions=8, seed=3, iterations=120)
    assert one.equals(two)
    assert len(one) == 8 and one["options"].between(2, concepts.MAX_OPTIONS).all()
    assert one["weight"].mean() > 0
    assert (one["weight"] == one["best value"] - one["mean value"]).all()
    for bad in (0, concepts.MAX_DECISIONS + 1, 2.5):
        with pytest.raises(ValueError, match="decisions must be a whole number"):
            concepts.choice_weight(game, decisions=bad)


def test_the_weight_summary_gives_the_mean_weight_with_its_interval():
    import pandas as pd

    weights = pd.DataFrame({"weight": [0.0, 0.1, 0.2, -0.02]})
    summary = concepts.weight_summary(weights)
    assert summary["decisions"] == 4 and summary["weight"] == pytest.approx(0.07)
    assert summary["low"] < 0.07 < summary["high"] and summary["matters"] == 0.5
    with pytest.raises(ValueError, match="the table of choice_weight"):
        concepts.weight_summary(pd.DataFrame({"x": [1]}))
