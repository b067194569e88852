"""Recorded games match simulate(); paired comparisons run variants on the same seeds."""

import pytest

import gamedesign
from gamedesign.lab import Variant
from gamedesign.lab.compare import compare, run_variants
from gamedesign.lab.metrics import summary
from gamedesign.lab.record import record_games


def _winners(table):
    return [tuple(g[g["won"]]["seat"]) for _, g in table.groupby("game")]


@pytest.mark.parametrize("batch", [False, None])
@pytest.mark.parametrize("name, games", [("legday", 6), ("gym", 3), ("diet", 4)])
def test_recorded_games_are_the_simulated_games(name, games, batch):
    """On either path, the records are the games ``simulate`` plays with the same choice of path."""
    game = gamedesign.load(name)
    records = record_games(game, "greedy", games=games, seed=5, batch=batch)
    table = gamedesign.simulate(game, "greedy", games=games, seed=5, batch=False if batch is False else None)
    assert {r.path for r in records} == {table.attrs["path"]} == {"object" if batch is False else "batch"}
    assert [r.winners for r in records] == _winners(table)
    for r, (_, g) in zip(records, table.groupby("game")):
        assert [s for s in r.scores if s is not None] == [int(s) for s in g["score"].dropna()]


@pytest.mark.parametrize("batch", [False, True])
def test_standings_end_where_the_game_ends(batch):
    legday = record_games(gamedesign.load("legday"), "random", games=3, seed=1, batch=batch)
    for r in legday:
        assert len(r.standings) == 14 and r.length == 14
        assert len(r.legal_counts) == 56  # 4 players x 14 days
        assert sum(r.picks.values()) == 56
        assert all(r.offers[c] >= r.picks[c] for c in r.picks)
    diet = record_games(gamedesign.load("diet", players=3), "greedy", games=3, seed=1)
    for r in diet:
        assert r.standings[-1] == tuple(-s for s in r.scores)
        assert len(r.standings) == r.length  # one checkpoint per turn
    gym = record_games(gamedesign.load("gym"), "greedy", games=2, seed=1)
    for r in gym:
        assert r.standings[-1] == tuple(r.scores) and r.length == 48
        assert len(r.standings) == 25  # the empty board, then every placement turn
        assert sum(r.card_copies[0].values()) == 12  # team A's 12 Kids


def test_a_move_limit_ends_a_game_as_a_timeout():
    records = record_games(gamedesign.load("diet", players=2), "random", games=2, seed=0, max_moves=30)
    assert all(r.ended_by == "turn limit" and r.winners == () for r in records)
    s = summary(records).set_index("measure")
    assert s.loc["timeout", "value"] == 1 and s.loc["draw", "value"] == 1


def test_the_same_variant_twice_differs_by_exactly_zero():
    comparison = compare([Variant("legday", name="a"), Variant("legday", name="b")], "random", games=8, seed=3)
    other = comparison[comparison["variant"] == "b"]
    assert (other["difference"].fillna(0) == 0).all()
    assert not other["clear"].any()


def test_a_real_change_shows_up_with_an_interval_that_leaves_out_zero():
    base = Variant("diet", players=3, name="standard")
    short = Variant("diet", players=3, options={"target": -4}, name="target -4")
    comparison = compare([base, short], "greedy", games=12, seed=0).set_index(["variant", "measure"])
    row = comparison.loc[("target -4", "length")]
    assert row["difference"] < 0 and row["high"] < 0 and row["clear"]
    assert comparison.loc[("target -4", "winning score"), "difference"] == pytest.approx(6)


def test_progress_counts_every_game_of_every_variant():
    seen = []
    run_variants([Variant("legday", name="a"), "legday_bench6"], "random", games=3,
                 progress=lambda done, total: seen.append((done, total)), batch=False)
    assert seen == [(i, 6) for i in range(1, 7)]
    seen.clear()  # the batch path plays a chunk of games at once, and counts them as it ends
    run_variants([Variant("legday", name="a"), "legday_bench6"], "random", games=3,
                 progress=lambda done, total: seen.append((done, total)))
    assert seen == [(3, 6), (6, 6)]


def test_variants_of_different_games_or_players_are_refused():
    with pytest.raises(ValueError, match="compare like with like"):
        run_variants([Variant("legday", name="a"), Variant("legday", players=3, name="b")], "random", games=1)
    with pytest.raises(ValueError, match="names must differ"):
        run_variants([Variant("legday"), Variant("legday")], "random", games=1)


def test_the_lab_runs_without_display_code():
    import subprocess
    import sys

    code = "import sys, gamedesign.lab; print(sorted(m for m in ('altair', 'ipywidgets') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_variants_recorded_on_a_pool_are_the_games_recorded_here():
    """All the variants' chunks go to one pool at once; the records, their order and the
    progress count are those of the run in this process."""
    import dataclasses

    variants = [Variant("legday", 4, name="standard"), "legday_bench6"]
    here = run_variants(variants, "random", games=250, seed=9, workers=1)
    seen = []
    pooled = run_variants(variants, "random", games=250, seed=9, workers=2, progress=lambda done, total: seen.append((done, total)))
    assert list(pooled) == list(here) and len(here) == 2
    for label in here:
        assert [r.game for r in pooled[label]] == list(range(250))
        assert [dataclasses.asdict(r) for r in pooled[label]] == [dataclasses.asdict(r) for r in here[label]]
    assert here["standard"][0].scores != () and seen[-1] == (500, 500)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


@pytest.mark.parametrize("games", ["10", None, 0, 2.5, True])
def test_a_bad_number_of_games_is_refused_by_name(games):
    game = gamedesign.load("legday")
    with pytest.raises(ValueError, match="games must be a whole number"):
        record_games(game, "random", games=games)
    with pytest.raises(ValueError, match="games must be a whole number"):
        compare([Variant("legday", 4, name="standard"), "legday_bench6"], "random", games=games)


def test_two_sides_are_told_by_a_signed_edge_counted_once_with_the_early_leader_paired():
    from gamedesign.lab import Variant, compare
    from gamedesign.lab.stats import holm, is_diagnostic

    table = compare([Variant("gym", players=2, name="standard"), "gym_team_b_starts"], "greedy", games=200)
    rows = table[table["variant"] == table["variant"].iloc[-1]].set_index("measure")
    edge, seat0 = rows.loc["first seat edge"], rows.loc["seat 0 wins"]
    # signed: team A's change keeps its direction (the gap between seats would hide a flip)
    assert edge["difference"] == pytest.approx(seat0["difference"]) and edge["clear_holm"]
    assert edge["baseline"] == pytest.approx(seat0["baseline"] - 0.5)
    # both seats and the gap say the same thing once: the family is the other measures and the edge
    assert {m for m, r in rows.iterrows() if r["repeats"]} == {"seat 0 wins", "seat 1 wins", "win-rate gap"}
    own = rows[(rows["repeats"] == "") & rows["p"].notna() & ~rows.index.map(is_diagnostic)]
    assert list(own["p_holm"]) == pytest.approx(holm(list(own["p"])))
    # the early leader, paired over the games with one leader in both; the ties counted apart
    for point in ("1/4", "1/2", "3/4"):
        tied = rows.loc[f"lead tied at {point}"]
        assert tied["pairs"] == 200
        assert 0 < rows.loc[f"early leader wins at {point}", "pairs"] <= 200 - 200 * max(tied["value"], tied["baseline"])
