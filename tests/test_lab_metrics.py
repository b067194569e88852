"""Design measures on hand-made game records with known answers."""

import math
from types import SimpleNamespace

import pandas as pd
import pytest

import gamedesign
from gamedesign.lab import metrics
from gamedesign.lab.compare import compare_tables, comparison_summary
from gamedesign.lab.record import PROFILES, GameRecord, record_games


def test_leader_is_the_top_seats_and_none_when_all_level():
    assert metrics.leader((3, 1, 3)) == {0, 2}
    assert metrics.leader((2, 2)) is None
    assert metrics.leader((0, 5, 1)) == {1}


def test_lead_changes_count_switches_to_other_seats_only():
    # leaders: {0}, {1}, {1,2}, none, {0}: {0}->{1} and {1,2}->{0} are changes.
    standings = [(1, 0, 0), (1, 2, 0), (1, 2, 2), (0, 0, 0), (5, 0, 0)]
    assert metrics.lead_changes(standings) == 2
    assert metrics.lead_changes([(1, 0), (2, 0), (3, 1)]) == 0
    assert metrics.lead_changes([]) == 0


def test_drama_is_the_winners_worst_deficit():
    standings = [(0, 0), (5, 1), (6, 6), (7, 9)]
    assert metrics.drama(standings, (1,)) == 4
    assert metrics.drama(standings, (0,)) == 2
    assert metrics.drama(standings, (0, 1)) == 0  # the best-placed winner counts
    assert math.isnan(metrics.drama(standings, ()))


def test_winner_clear_at_is_the_share_of_the_game_before_the_lead_for_good():
    standings = [(1, 0), (0, 1), (2, 1), (2, 3), (1, 4)]
    assert metrics.winner_clear_at(standings, (1,)) == pytest.approx(4 / 5)
    assert metrics.winner_clear_at(standings[:3], (0,)) == pytest.approx(3 / 3)
    assert metrics.winner_clear_at([(1, 0), (2, 0)], (0,)) == pytest.approx(1 / 2)
    # Not leading at the last checkpoint (e.g. Leg Day's elimination): clear only at the end.
    assert metrics.winner_clear_at([(1, 0), (0, 2)], (0,)) == 1.0
    # Teams: both winners lead together.
    assert metrics.winner_clear_at([(0, 0, 0, 0), (3, 1, 3, 1), (5, 2, 5, 2)], (0, 2)) == pytest.approx(2 / 3)
    assert math.isnan(metrics.winner_clear_at(standings, ()))


def test_last_round_swing_is_a_winner_who_was_not_leading_before_the_last_round():
    assert metrics.last_round_swing([(1, 0), (3, 1), (3, 4)], (1,)) == 1.0
    assert metrics.last_round_swing([(1, 0), (3, 1), (3, 4)], (0,)) == 0.0
    assert metrics.last_round_swing([(1, 0), (2, 2), (3, 2)], (0,)) == 1.0  # level before the last round
    assert math.isnan(metrics.last_round_swing([(1, 0)], (0,)))
    assert math.isnan(metrics.last_round_swing([(1, 0), (2, 0)], ()))


def test_real_choices_and_branching_factor():
    assert metrics.real_choices([1, 3, 2, 1]) == 0.5
    assert metrics.branching_factor([1, 3, 2, 1]) == 1.75
    assert math.isnan(metrics.real_choices([]))


def _records():
    return [
        GameRecord(game=0, players=2, winners=(0,), scores=(10, 4), length=10, legal_counts=[1, 2, 3, 2],
                   standings=[(1, 0), (0, 2), (3, 2)], facts={"answers played": 2}),
        GameRecord(game=1, players=2, winners=(1,), scores=(5, 7), length=12, legal_counts=[2, 2],
                   standings=[(0, 1), (0, 2)], facts={"answers played": 0}),
        GameRecord(game=2, players=2, winners=(), scores=(3, 3), length=20, ended_by="turn limit",
                   legal_counts=[1, 1], standings=[(1, 1)], facts={"answers played": 1}),
        GameRecord(game=3, players=2, winners=(0,), scores=(9, 1), length=14, legal_counts=[4],
                   standings=[(2, 0)], facts={"answers played": 1}),
    ]


def test_game_table_has_one_row_per_game_with_known_values():
    table = metrics.game_table(_records())
    assert list(table.index) == [0, 1, 2, 3]
    assert list(table["seat 0 wins"]) == [1, 0, 0, 1]
    assert list(table["draw"]) == [0, 0, 1, 0]
    assert list(table["timeout"]) == [0, 0, 1, 0]
    assert list(table["completed"]) == [1, 1, 0, 1]
    assert list(table["length"]) == [10, 12, 20, 14]
    assert list(table["winning score"].fillna(-1)) == [10, 7, -1, 9]
    assert list(table["mean score"]) == [7, 6, 3, 5]
    assert table.loc[0, "real choices"] == 0.75 and table.loc[0, "branching factor"] == 2
    assert list(table["lead changes"]) == [2, 0, 0, 0]
    assert table.loc[0, "drama"] == 2 and table.loc[1, "drama"] == 0 and math.isnan(table.loc[2, "drama"])
    assert list(table["comeback"].fillna(-1)) == [1, 0, -1, 0]
    assert list(table["last-round swing"].fillna(-1)) == [1, 0, -1, -1]
    assert list(table["answers played"]) == [2, 0, 1, 1]


def test_summary_means_and_intervals():
    s = metrics.summary(_records()).set_index("measure")
    assert s.loc["seat 0 wins", "value"] == 0.5
    # A rate gets the Wilson interval: 2 wins in 4 games, centred on 1/2, inside [0, 1]
    # (the normal approximation would go below 0 here).
    low, high = s.loc["seat 0 wins", "low"], s.loc["seat 0 wins", "high"]
    assert 0 < low < 0.5 < high < 1 and low + high == pytest.approx(1)
    z = 1.96
    assert high == pytest.approx((0.5 + z * z / 8 + z * math.sqrt(0.25 / 4 + z * z / 64)) / (1 + z * z / 4))
    # Not a rate: mean ± 1.96 sd / sqrt(n) (lengths 10, 12, 20, 14).
    sd = pd.Series([10, 12, 20, 14]).std()
    assert s.loc["length", "low"] == pytest.approx(14 - 1.96 * sd / 2)
    assert s.loc["seat 0 wins", "label"] == "Player 1 wins"
    assert s.loc["drama", "games"] == 3  # the draw has no drama
    assert s.loc["win-rate gap", "value"] == pytest.approx(0.25)
    assert s.loc["length spread", "value"] == pytest.approx(pd.Series([10, 12, 20, 14]).std())
    assert s.loc["draw", "definition"].startswith("share of games")


def test_seat_balance_gap_and_chi_square():
    table = pd.DataFrame({"seat 0 wins": [1.0] * 6 + [0.0] * 2, "seat 1 wins": [0.0] * 6 + [1.0] * 2})
    balance = metrics.seat_balance(table)
    assert balance["win rate by seat"] == {"seat 0": 0.75, "seat 1": 0.25}
    assert balance["win-rate gap"] == 0.5
    assert balance["chi-square"] == pytest.approx(2.0)  # ((6-4)^2 + (2-4)^2) / 4
    assert balance["balance chi-square p"] == pytest.approx(math.erfc(1.0))  # df 1: P(X >= 2)


def test_chi_square_p_known_values():
    assert metrics.chi_square_p(2.0, 2) == pytest.approx(math.exp(-1))
    assert metrics.chi_square_p(3.841459, 1) == pytest.approx(0.05, abs=1e-6)


def test_card_values_from_hand_made_collections():
    records = [
        GameRecord(game=0, players=2, winners=(0,), card_copies=[{"A": 2, "B": 1}, {"B": 1}],
                   card_points=[{"A": 10, "B": 3}, {"B": 5}], picks={"A": 2, "B": 2}, offers={"A": 4, "B": 2}),
        GameRecord(game=1, players=2, winners=(1,), card_copies=[{"A": 1}, {}], card_points=[{"A": 1}, {}],
                   picks={"A": 1}, offers={"A": 3, "B": 1}),
    ]
    values = metrics.card_values(records).set_index("card")
    assert values.loc["A", "copies per game"] == 1.5
    assert values.loc["A", "points per copy"] == pytest.approx(11 / 3)
    assert values.loc["A", "pick rate"] == pytest.approx(3 / 7)
    assert values.loc["A", "win rate when collected"] == 0.5
    assert values.loc["B", "points per copy"] == 4
    assert values.loc["B", "pick rate"] == pytest.approx(2 / 3)
    assert values.loc["B", "holders"] == 2


def test_paired_difference_and_interval():
    base = pd.DataFrame({"length": [1.0, 2.0, 3.0, 4.0], "drama": [1.0, None, 1.0, 1.0]})
    other = pd.DataFrame({"length": [2.0, 2.0, 5.0, 4.0], "drama": [2.0, 5.0, None, 1.0]})
    table = compare_tables({"base": base, "other": other}).set_index(["variant", "measure"])
    row = table.loc[("other", "length")]
    # differences 1, 0, 2, 0: mean 0.75, sd 0.9574
    sd = pd.Series([1.0, 0, 2, 0]).std()
    assert row["difference"] == pytest.approx(0.75)
    assert row["low"] == pytest.approx(0.75 - 1.96 * sd / 2)
    assert row["high"] == pytest.approx(0.75 + 1.96 * sd / 2)
    assert row["pairs"] == 4 and not row["clear"]
    assert table.loc[("other", "drama"), "pairs"] == 2  # only games where both have a value
    assert table.loc[("base", "length"), "difference"] == 0
    wide = comparison_summary(compare_tables({"base": base, "other": other}))
    assert wide.loc["length", "other - base"].startswith("+0.750 [")


def test_leg_day_card_points_share_each_category():
    game = gamedesign.load("legday", players=2)
    state = game.new_state(seed=0)
    state.tableaus = [
        [("Bench Press", True), ("Bench Press", False), ("Bench Press", True), ("One Handed Pull-Up", True),
         ("Zilch", True), ("Zilch", False), ("Selfie", False)],
        [("Zero", True), ("Preacher Curl", True)],
    ]
    report = game.score_tableaus(state.tableaus)
    points, copies = PROFILES["legday"].cards(state, SimpleNamespace(breakdown=report.breakdown))
    # One pair of three Bench Presses scores 5, shared by the three; the pull-up scores its 3;
    # a face-up Leg Day -1, a face-down one 0; the Selfie sees 3 symbols (bench, pull-up, Leg Day).
    assert points[0] == {"Bench Press": pytest.approx(5), "One Handed Pull-Up": 3, "Zilch": -1, "Selfie": 3}
    assert copies[0] == {"Bench Press": 3, "One Handed Pull-Up": 1, "Zilch": 2, "Selfie": 1}
    assert 1 in report.eliminated and points[1] == {"Zero": 0, "Preacher Curl": 0}  # eliminated: nothing


def test_gym_kids_score_their_value_at_their_event():
    game = gamedesign.load("gym")
    events = ["Lift any Kid", "Switch 2 Kids", "Force a Kid", "Swap 2 Kids"]
    board = {"Lift any Kid": [["Ada", None, None], ["Ben", None, None]]}
    state = gamedesign.games.gym.GymState.from_setup(game, hands=[[], []], in_play=events, board=board)
    points, copies = PROFILES["gym"].cards(state, None)
    assert points == [{"Ada": 3}, {"Ben": 0}]  # Ada is red 3; Ben has no red skill
    assert copies == [{"Ada": 1}, {"Ben": 1}]


def test_win_rate_gap_in_comparisons_with_a_paired_bootstrap():
    even = pd.DataFrame({"seat 0 wins": [1.0, 0] * 100, "seat 1 wins": [0.0, 1] * 100})
    lopsided = pd.DataFrame({"seat 0 wins": [1.0] * 150 + [0.0] * 50, "seat 1 wins": [0.0] * 150 + [1.0] * 50})
    table = compare_tables({"even": even, "lopsided": lopsided}).set_index(["variant", "measure"])
    row = table.loc[("lopsided", "win-rate gap")]
    assert row["value"] == pytest.approx(0.5) and row["baseline"] == 0 and row["difference"] == pytest.approx(0.5)
    assert 0 < row["low"] < 0.5 < row["high"] <= 1 and row["clear"]
    assert table.loc[("even", "win-rate gap"), "difference"] == 0
    again = compare_tables({"even": even, "lopsided": lopsided}).set_index(["variant", "measure"])
    assert again.loc[("lopsided", "win-rate gap"), "low"] == row["low"]  # seeded: repeatable


def test_diet_cards_are_worth_the_pounds_they_swing_for_their_player():
    game = gamedesign.load("diet", players=3)
    state = game.new_state(seed=0)
    state.log = [
        "Ann ate Apple (-1 lb).",
        "Ann ate Light Snack (0 lb).",
        "Bo fed Cy Cookies (+1 lb).",
        "Cy exercised: Bicycling (-1 lb).",
        "Bo played Laziness on Ann's Fasting: it does not count.",
        "Ann played Carb Fest on Bo (+1 lb).",
        "Cy played Binge Eating on Bo; Bo cancelled it with Willpower.",
        "Ann ate no lunch.",
    ]
    points, copies = PROFILES["diet"].cards(state, None)
    assert points[0] == {"Apple": 1, "Light Snack": 0, "Fasting": 0, "Carb Fest": 1}
    assert points[1] == {"Cookies": 1, "Laziness": 1, "Willpower": 1}
    assert points[2] == {"Bicycling": 1, "Binge Eating": 0}
    assert copies[0] == {"Apple": 1, "Light Snack": 1, "Fasting": 1, "Carb Fest": 1}
    assert copies[1] == {"Cookies": 1, "Laziness": 1, "Willpower": 1}


def test_diet_card_values_come_from_recorded_games():
    records = record_games(gamedesign.load("diet", players=3), "greedy", games=20, seed=3)
    values = metrics.card_values(records).set_index("card")
    assert {"Apple", "Willpower", "Laziness", "Well Balanced Lunch"} <= set(values.index)
    assert values.loc["Well Balanced Lunch", "points per copy"] == 0  # a 0-pound meal moves nothing
    assert values["points per copy"].between(0, 1).all()
    assert values["win rate when collected"].between(0, 1).all()


def test_the_wide_summary_marks_changes_clear_after_the_correction():
    base = pd.DataFrame({"length": [10.0, 12, 11, 13] * 10, "drama": [1.0, 2, 1, 2] * 10})
    other = base.assign(length=base["length"] + 2, drama=base["drama"] + [0.0, 0, 0, 1] * 10)
    wide = comparison_summary(compare_tables({"base": base, "other": other}))
    assert wide.loc["length", "other - base"].endswith(" *")  # +2 in every game
