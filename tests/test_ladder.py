"""The strength ladder: a rung rotates seats and counts wins; the stored ladder reads back
with its intervals; the chart shows every rung."""

from __future__ import annotations

import math

import pandas as pd
import pytest

import gamedesign
from gamedesign.bots import RandomBot
from gamedesign import lab
from gamedesign.charts.bots import ladder_chart, matrix_chart
from gamedesign.ladder import MEASURED, fair_share, matchup_matrix, play_rung, read_ladder, read_matrix, skill_depth
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
    assert (depth["depth"], depth["separated"], depth["pairs"]) == (pytest.approx(0.6), 1.0, 1)
    # Without the intervals of the pairs there is no interval of the depth.
    assert math.isnan(depth["low"]) and math.isnan(depth["high"])
    # Read the other way round, the "stronger" loses: the depth is below zero.
    assert skill_depth(matrix, order=["strong", "weak"])["depth"] == pytest.approx(-0.6)
    with pytest.raises(ValueError, match="not a matchup matrix"):
        skill_depth(matrix.drop(columns=["separated"]))


def test_the_depth_interval_comes_from_the_pairs_intervals():
    game = gamedesign.load("legday", players=3)
    matrix = matchup_matrix(game, ["random", "greedy"], games=30, seed=2)
    depth = skill_depth(matrix)
    pair = matrix[(matrix["tested"] == "greedy") & (matrix["field"] == "random")].iloc[0]
    share = 1 / 3
    assert depth["depth"] == pytest.approx((pair["win rate"] - share) / (1 - share))
    # One pair: the depth's interval spans the pair's Wilson interval, scaled the same way.
    width = (pair["high"] - pair["low"]) / (1 - share)
    assert depth["high"] - depth["low"] == pytest.approx(width, rel=1e-3)
    assert depth["low"] < depth["depth"] < depth["high"] <= 1


def test_every_shipped_game_has_a_measured_matrix_that_reads_back():
    for name in MEASURED:
        matrix = read_matrix(name)
        game = gamedesign.load(name)
        assert set(matrix["game"]) == {game.title}
        strengths = list(dict.fromkeys(matrix["tested"]))
        assert strengths[:3] == ["random", "greedy", "search"], name
        # Every ordered pair, once.
        assert sorted(zip(matrix["tested"], matrix["field"])) == sorted((a, b) for a in strengths for b in strengths)
        for row in matrix.itertuples(index=False):
            interval = estimate(int(row.wins), int(row.games))
            assert (row.low, row.high) == (interval.low, interval.high)
        # The strongest beats the weakest by far, in every game.
        top = matrix[(matrix["tested"] == "search") & (matrix["field"] == "random")].iloc[0]
        assert top["separated"], name
        assert 0 < skill_depth(matrix, strengths[:3])["depth"] <= 1


def test_a_matrix_file_that_is_wrong_is_refused(tmp_path):
    with pytest.raises(ValueError, match="no measured matrix for 'chess': there is one for legday, gym, diet"):
        read_matrix("chess")
    with pytest.raises(ValueError, match="no matrix file"):
        read_matrix("gym", path=tmp_path / "missing.csv")
    bad = tmp_path / "bad.csv"
    pd.DataFrame({"game": ["GYM"], "tested": ["greedy"]}).to_csv(bad, index=False)
    with pytest.raises(ValueError, match="not a matrix file: it has no column 'players'"):
        read_matrix("gym", path=bad)
    table = read_matrix("diet")
    table.loc[0, "wins"] = table.loc[0, "games"] + 1
    table.to_csv(bad, index=False)
    with pytest.raises(ValueError, match=r"random vs random has \d+ wins in \d+ games"):
        read_matrix("diet", path=bad)


def test_the_matrix_chart_draws_one_heatmap_per_game_with_the_win_rates():
    matrices = pd.concat([read_matrix(name) for name in ("gym", "diet")], ignore_index=True)
    spec = matrix_chart(matrices).to_dict()
    panels = spec["concat"]
    assert [p["title"]["text"] for p in panels] == ["GYM, 2 players", "The Diet Game, 4 players"]
    cells, text = panels[1]["layer"]
    assert cells["mark"]["type"] == "rect" and text["mark"]["type"] == "text"
    assert cells["encoding"]["color"]["field"] == "edge"
    assert cells["encoding"]["color"]["scale"]["domainMid"] == 0
    rows = [row for data in spec["datasets"].values() for row in data]
    assert len(rows) == len(matrices)
    diet = [r for r in rows if r["game"] == "The Diet Game"]
    greedy = next(r for r in diet if (r["tested"], r["field"]) == ("greedy", "random"))
    assert greedy["cell"] == f"{greedy['win rate']:.0%}*" and greedy["edge"] == pytest.approx(
        (greedy["win rate"] - 0.25) / 0.75)
    beaten = next(r for r in diet if (r["tested"], r["field"]) == ("random", "greedy"))
    assert beaten["edge"] == pytest.approx((beaten["win rate"] - 0.25) / 0.25) and beaten["edge"] < -0.9
    with pytest.raises(ValueError, match="matchup matrix"):
        matrix_chart(matrices.drop(columns=["fair share"]))


def test_compare_skill_gives_each_variant_its_depth_on_the_same_seeds():
    plain = lab.variant("legday", players=3)
    table = lab.compare_skill([plain, plain.with_changes(name="copy")], games=30, seed=3)
    assert list(table.index) == ["standard rules", "copy"]
    # A copy of a variant on the same seeds measures the same depth.
    assert table.loc["standard rules"].equals(table.loc["copy"].rename("standard rules"))
    matrix = matchup_matrix(plain.build(), ["random", "greedy"], games=30, seed=3)
    pair = matrix[(matrix["tested"] == "greedy") & (matrix["field"] == "random")].iloc[0]
    assert table.loc["copy", "greedy over random"] == pair["win rate"]
    assert table.loc["copy", "skill depth"] == pytest.approx(skill_depth(matrix)["depth"])
    assert lab.metrics.definition("skill depth").startswith("how far and how surely better bots beat worse ones")
    with pytest.raises(ValueError, match="strengths are 2 to 5 bot names"):
        lab.compare_skill([plain], strengths=["greedy"], games=10)
    with pytest.raises(ValueError, match="variant names must differ"):
        lab.compare_skill([plain, plain], games=10)
