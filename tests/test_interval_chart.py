"""The chart of estimates with their intervals: misses of the true value are told apart
and counted."""

from __future__ import annotations

import pandas as pd
import pytest

from gamedesign.charts.stats import interval_chart


def test_intervals_that_miss_the_true_value_are_coloured_and_counted():
    estimates = pd.DataFrame(
        {"class": [1, 2, 3], "rate": [0.5, 0.7, 0.62], "low": [0.4, 0.65, 0.55], "high": [0.59, 0.75, 0.7]}
    )
    spec = interval_chart(estimates, truth=0.6, label="class").to_dict()
    rows = next(iter(spec["datasets"].values()))
    assert [r["holds the true value"] for r in rows] == ["no: missed", "no: missed", "yes"]
    assert spec["title"]["subtitle"].endswith("2 of 3 intervals miss it")
    bars, dots, truth = spec["layer"]
    assert (bars["encoding"]["x"]["field"], bars["encoding"]["x2"]["field"]) == ("low", "high")
    assert dots["encoding"]["x"]["field"] == "rate" and truth["mark"]["type"] == "rule"
    # The rows keep their order on the chart.
    assert bars["encoding"]["y"]["sort"] == ["1", "2", "3"]


def test_without_a_true_value_every_interval_is_drawn_alike():
    estimates = pd.DataFrame({"games": [100, 400], "rate": [0.7, 0.69], "low": [0.6, 0.64], "high": [0.78, 0.73]})
    spec = interval_chart(estimates, label="games").to_dict()
    assert len(spec["layer"]) == 2 and "miss" not in spec["title"]["subtitle"]
    with pytest.raises(ValueError, match="a table of estimates"):
        interval_chart(estimates.drop(columns=["low"]), label="games")
