"""Verdicts in plain words, written from the numbers of a comparison, and the short table."""

import numpy as np
import pandas as pd
import pytest

from gamedesign.lab.compare import compare_tables
from gamedesign.lab.verdict import DEFAULT_MEASURES, measures_table, verdict


def _tables(games=200, bench_change=1.0, length_change=0.0, seat0_rate=None, noise=0):
    rng = np.random.default_rng(7)
    seat0 = (rng.random(games) < 0.5).astype(float)
    base = pd.DataFrame({"seat 0 wins": seat0, "seat 1 wins": 1 - seat0, "length": 14.0,
                         "points from Bench Press": rng.normal(3, 1, games).round(1),
                         "mean score": rng.normal(20, 3, games).round(1)})
    other = base.copy()
    other["points from Bench Press"] += bench_change
    other["length"] += length_change
    if seat0_rate is not None:
        other["seat 0 wins"] = (rng.random(games) < seat0_rate).astype(float)
        other["seat 1 wins"] = 1 - other["seat 0 wins"]
    for i in range(noise):  # measures that do not change, only vary
        base[f"count {i}"] = rng.poisson(3, games).astype(float)
        other[f"count {i}"] = rng.poisson(3, games).astype(float)
    return {"standard": base, "bench6": other}


def test_a_clear_card_change_with_nothing_else_reads_as_such():
    said = verdict(compare_tables(_tables()))
    short, details = str(said).split("\n\nDetails: ")
    assert short.startswith("With bench6, Bench Press is worth 1.00 more points a game to each scoring player (")
    assert short.endswith(" points).") and short.count(".") <= 4  # one sentence: its numbers have their unit
    assert "Nobody's chance to win changes clearly" in details and "games are exactly as long" in details
    assert "luck alone might make one of them look changed" in details
    markdown = said._repr_markdown_()  # in a notebook the details are one click away
    assert markdown.index("Bench Press is worth") < markdown.index("<details>") < markdown.index("Nobody's chance")


def test_longer_games_and_a_seat_that_wins_more_are_named_with_their_numbers():
    comparison = compare_tables(_tables(length_change=2.0, seat0_rate=0.9))
    text = str(verdict(comparison, game="legday"))
    assert "games are 2.0 days longer (14.0 → 16.0 days)" in text
    rate = comparison.set_index(["variant", "measure"]).loc[("bench6", "seat 0 wins"), "value"]
    assert "player 1's chance to win rises from" in text and f"to {rate:.0%}" in text
    assert "nobody's chance" not in text


def test_no_change_says_so_and_hints_at_the_games_needed():
    text = str(verdict(compare_tables(_tables(bench_change=0.0, seat0_rate=0.5))))
    assert text.startswith("Bench6 changes nothing clearly in 200 games.")
    assert "to see a change of 5 percentage points in player 1's win rate" in text and "you would need about" in text


def test_the_chance_note_counts_what_stays_clear_after_correction():
    comparison = compare_tables(_tables(noise=30))
    rows = comparison[comparison["variant"] == "bench6"]
    tested = int(rows["p"].notna().sum())
    kept = int(rows["clear_holm"].sum())
    assert kept <= int(rows["clear"].sum())
    text = str(verdict(comparison))
    assert f"The lab compared {tested} measures: luck alone would make about {round(tested * 0.05)} of them" in text
    assert f"(Holm's correction): {kept} pass" in text


def test_the_short_table_has_the_chosen_measures_and_all_is_one_call_away():
    comparison = compare_tables(_tables(noise=3))
    short = measures_table(comparison)
    present = set(comparison["measure"])
    assert len(short) == len([m for m in DEFAULT_MEASURES if m in present]) <= 6
    assert "Player 1 wins" in short.index and list(short.columns) == ["standard", "bench6", "change", "clear"]
    chosen = measures_table(comparison, ["points from Bench Press"])
    assert chosen.loc["Points from Bench Press", "clear"] == "yes"
    assert chosen.loc["Points from Bench Press", "change"].startswith("+1.00 points [")
    everything = measures_table(comparison, "all", explain=True)
    assert len(everything) == len(present)
    assert everything.loc["Player 1 wins", "what it means"].startswith("share of games that player 1 won")
    with pytest.raises(ValueError, match="no measure 'fun'"):
        measures_table(comparison, ["fun"])


def test_a_verdict_needs_a_comparison():
    with pytest.raises(ValueError, match="lab.compare"):
        verdict(pd.DataFrame({"x": [1]}))
    only = compare_tables({"standard": _tables()["standard"]})
    with pytest.raises(ValueError, match="at least two variants"):
        verdict(only)
