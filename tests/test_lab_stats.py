"""The lab's statistics: rate intervals inside [0, 1], paired tests, corrections, games needed."""

import math

import pytest

from gamedesign.lab import stats


def test_wilson_interval_stays_inside_zero_and_one():
    low, high = stats.wilson(0, 20)
    assert low == 0 and 0.1 < high < 0.2  # no wins in 20 games still allows a rate up to about 16%
    low, high = stats.wilson(20, 20)
    assert high == 1 and 0.8 < low < 0.9
    low, high = stats.wilson(1, 3)
    assert 0 < low < 1 / 3 < high < 1
    # Against the textbook formula for 30 of 100.
    z, p, n = 1.96, 0.3, 100
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert stats.wilson(30, 100) == pytest.approx((centre - half, centre + half))
    assert all(math.isnan(v) for v in stats.wilson(0, 0))


@pytest.mark.parametrize("k, n", [(-1, 5), (6, 5), (1.5, 5), (True, 5), ("3", 5)])
def test_wilson_refuses_impossible_counts(k, n):
    with pytest.raises(ValueError, match="k|n"):
        stats.wilson(k, n)


def test_paired_test_interval_and_p_value():
    test = stats.paired_test([1.0, 0.0, 2.0, 0.0, math.nan])
    assert test["n"] == 4 and test["mean"] == pytest.approx(0.75)
    sd = test["sd"]
    assert test["low"] == pytest.approx(0.75 - 1.96 * sd / 2) and test["high"] == pytest.approx(0.75 + 1.96 * sd / 2)
    assert test["p"] == pytest.approx(math.erfc(0.75 / (sd / 2) / math.sqrt(2)))
    assert stats.paired_test([2.0] * 10)["p"] == 0  # the same change in every game
    assert stats.paired_test([0.0] * 10)["p"] == 1  # no change in any game
    assert stats.paired_test([])["n"] == 0


def test_holm_and_benjamini_hochberg_against_hand_worked_values():
    # Holm: sorted 0.01, 0.03, 0.04 times 3, 2, 1 -> 0.03, 0.06, 0.06 (kept increasing).
    assert stats.holm([0.01, 0.04, 0.03, math.nan])[:3] == pytest.approx([0.03, 0.06, 0.06])
    assert math.isnan(stats.holm([0.01, 0.04, 0.03, math.nan])[3])
    # BH: 0.01*3/1, 0.03*3/2, 0.04*3/3 -> 0.03, 0.045, 0.04 -> made decreasing from the top: 0.03, 0.04, 0.04.
    assert stats.benjamini_hochberg([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.04, 0.04])
    with pytest.raises(ValueError, match="p-value"):
        stats.holm([1.5])


def test_expected_false_alarms_is_five_percent_of_the_measures():
    assert stats.expected_false_alarms(28) == pytest.approx(1.4)
    with pytest.raises(ValueError, match="whole number"):
        stats.expected_false_alarms(-1)


def test_games_needed_grows_with_the_spread_and_shrinks_with_the_change():
    z = 1.96 + 0.8416
    assert stats.games_needed(10, 2) == math.ceil((z * 10 / 2) ** 2)
    assert stats.games_needed(10, 1) > stats.games_needed(10, 2) > stats.games_needed(5, 2)
    # The smallest visible change with that many games is the change asked for (or a little less).
    n = stats.games_needed(10, 2)
    assert stats.smallest_visible_change(10, int(n)) <= 2 < stats.smallest_visible_change(10, int(n) - 5)
    assert math.isnan(stats.games_needed(math.nan, 1))
    with pytest.raises(ValueError, match="change"):
        stats.games_needed(1, 0)


def test_round_games_for_a_sentence():
    assert stats.round_games(583) == 580 and stats.round_games(12_345) == 12_000 and stats.round_games(37) == 40


def test_rule_use_counts_are_corrected_apart_from_the_outcomes():
    """Adding rule-use counts (more options) leaves the outcomes' correction as it was."""
    import pandas as pd

    from gamedesign.lab.stats import holm, is_diagnostic, with_correction

    outcomes = [0.01, 0.02, 0.03, 0.2]
    rows = [dict(variant="v", measure=f"m{i}", p=p) for i, p in enumerate(outcomes)]
    alone = with_correction(pd.DataFrame(rows))
    rules = [dict(variant="v", measure=f"rule used: e{i}", p=p) for i, p in enumerate([0.001, 0.5, 0.6, 0.7, 0.8])]
    both = with_correction(pd.DataFrame(rows + rules))
    assert list(both["p_holm"][:4]) == list(alone["p_holm"]) == holm(outcomes)
    assert list(both["p_holm"][4:]) == holm([0.001, 0.5, 0.6, 0.7, 0.8])
    assert is_diagnostic("rule used: curl overflow") and not is_diagnostic("players eliminated")
    # one family of all nine would have made the outcomes harder to call clear
    assert holm(outcomes + [0.001, 0.5, 0.6, 0.7, 0.8])[:4] != holm(outcomes)
