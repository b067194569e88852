"""The strength ladder: a rung rotates seats and counts wins; the stored ladder reads back
with its intervals; the chart shows every rung."""

from __future__ import annotations

import pandas as pd
import pytest

import gamedesign
from gamedesign.bots import RandomBot
from gamedesign.charts.bots import ladder_chart
from gamedesign.ladder import fair_share, matchup_matrix, play_rung, read_ladder, skill_depth
from gamedesign.odds import estimate


class SeatSpy(RandomBot):
    """A random bot that notes, in a journal shared by all its copies, the seat each copy
    is reset into."""

    name = "spy"
    journal: list = []

    def reset(self, game, player, seed):
        super().reset(game, player, seed)
        self.journal.append((id(self), player))


def test_a_rung_puts_the_tested_bot_in_every_seat():
    game = gamedesign.load("legday", players=3)
    SeatSpy.journal.clear()
    play_rung(game, SeatSpy(), "random", games=7, seed=4)
    seats = [seat for _, seat in SeatSpy.journal]
    assert [seats.count(s) for s in (0, 1, 2)] == [3, 2, 2]
    lines = []
    rung = play_rung(game, "greedy", "random", games=7, seed=4, report=lines.append)
    assert [line.split(" in seat ")[1].split(":")[0] for line in lines] == ["0", "1", "2"]
    assert [int(line.rsplit(" in ", 1)[1].split()[0]) for line in lines] == [3, 2, 2]
    wins = sum(int(line.split(": ")[-1].split()[0]) for line in lines)
    assert rung["games"] == 7 and rung["wins"] == wins
    interval = estimate(wins, 7)
    assert (rung["win rate"], rung["low"], rung["high"]) == (interval.proportion, interval.low, interval.high)
    assert rung["fair share"] == pytest.approx(1 / 3) and rung["separated"] == (interval.low > 1 / 3)
    assert rung["tested"] == "greedy" and rung["field"] == "random"


def test_a_field_bot_object_is_copied_into_each_field_seat():
    game = gamedesign.load("legday", players=3)
    SeatSpy.journal.clear()
    rung = play_rung(game, "greedy", SeatSpy(), games=3, seed=1)
    assert rung["field"] == "spy" and rung["games"] == 3
    # Every field seat of every game (two per game) was a bot of its own.
    assert sorted(seat for _, seat in SeatSpy.journal) == [0, 0, 1, 1, 2, 2]
    for game_start in range(0, 6, 2):
        first, second = SeatSpy.journal[game_start : game_start + 2]
        assert first[0] != second[0]


def test_a_rung_is_seeded_and_checks_its_game_count():
    game = gamedesign.load("gym")
    one = play_rung(game, "greedy", "random", games=6, seed=2)
    two = play_rung(game, "greedy", "random", games=6, seed=2)
    assert {k: v for k, v in one.items() if k != "seconds"} == {k: v for k, v in two.items() if k != "seconds"}
    assert fair_share(game) == 0.5
    for bad in (0, 2.5, True):
        with pytest.raises(ValueError, match="games must be a whole number"):
            play_rung(game, "greedy", "random", games=bad, seed=2)


def test_the_stored_ladder_reads_back_with_its_intervals():
    ladder = read_ladder()
    assert set(ladder["game"]) == {"Don't Skip Leg Day", "GYM", "The Diet Game"}
    for row in ladder.itertuples():
        interval = estimate(int(row.wins), int(row.games))
        assert (row._asdict()["low"], row._asdict()["high"]) == (interval.low, interval.high)
        assert row.separated == (interval.low > row.fair_share)
    # Every game has both rungs: greedy over random and search over greedy.
    for game, rows in ladder.groupby("game"):
        assert "greedy vs random" in set(rows["rung"]), game
        assert any(r.startswith("search") and r.endswith(" vs greedy") for r in rows["rung"]), game


def test_a_file_that_is_not_a_ladder_is_refused(tmp_path):
    with pytest.raises(ValueError, match="no ladder file"):
        read_ladder(tmp_path / "missing.csv")
    bad = tmp_path / "bad.csv"
    pd.DataFrame({"game": ["GYM"], "wins": [3]}).to_csv(bad, index=False)
    with pytest.raises(ValueError, match="is not a ladder file: it has no column 'players'"):
        read_ladder(bad)


def test_the_ladder_chart_shows_each_rung_with_its_interval_and_fair_share():
    ladder = read_ladder()
    spec = ladder_chart(ladder).to_dict()
    layers = spec["layer"]
    assert [layer["mark"]["type"] for layer in layers] == ["rule", "point", "tick"]
    assert (layers[0]["encoding"]["x"]["field"], layers[0]["encoding"]["x2"]["field"]) == ("low", "high")
    assert layers[1]["encoding"]["x"]["field"] == "win rate"
    assert layers[2]["encoding"]["x"]["field"] == "fair_share"
    rows = next(iter(spec["datasets"].values()))
    assert len(rows) == len(ladder)
    with pytest.raises(ValueError, match="read_ladder"):
        ladder_chart(ladder.drop(columns=["low"]))


def test_a_matchup_matrix_plays_every_pair_on_the_same_deals():
    game = gamedesign.load("legday", players=3)
    matrix = matchup_matrix(game, ["random", "greedy"], games=6, seed=5)
    assert list(zip(matrix["tested"], matrix["field"])) == [
        ("random", "random"), ("random", "greedy"), ("greedy", "random"), ("greedy", "greedy")
    ]
    # Each pairing is the rung of the same seed: the same deals for every pair.
    rung = play_rung(game, "greedy", "random", games=6, seed=5)
    row = matrix.iloc[2]
    assert (row["wins"], row["low"], row["high"]) == (rung["wins"], rung["low"], rung["high"])
    assert [row[f"seat {k}"] for k in range(3)] == rung["seat win rates"]
    # Two seats of each rung's three get 2 games; the seat rates average to the win rate.
    assert sum(row[f"seat {k}"] * 2 for k in range(3)) == pytest.approx(row["wins"])
    with pytest.raises(ValueError, match="two strengths or more"):
        matchup_matrix(game, ["greedy"], games=3, seed=1)


def test_skill_depth_reads_how_far_and_how_surely_better_players_win():
    matrix = pd.DataFrame(
        {
            "tested": ["weak", "weak", "strong", "strong"],
            "field": ["weak", "strong", "weak", "strong"],
            "win rate": [0.5, 0.2, 0.8, 0.5],
            "fair share": [0.5] * 4,
            "separated": [False, False, True, False],
        }
    )
    depth = skill_depth(matrix)
    assert depth == {"depth": pytest.approx(0.6), "separated": 1.0, "pairs": 1}
    # Read the other way round, the "stronger" loses: the depth is below zero.
    assert skill_depth(matrix, order=["strong", "weak"])["depth"] == pytest.approx(-0.6)
    with pytest.raises(ValueError, match="not a matchup matrix"):
        skill_depth(matrix.drop(columns=["separated"]))
