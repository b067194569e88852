"""Tables as Markdown for handouts, without the optional tabulate package."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from gamedesign.handouts import markdown_table


def test_a_table_becomes_a_pipe_table_with_numbers_right_aligned():
    table = pd.DataFrame(
        {"score": pd.array([25.1, None], dtype="Float64"), "won": [0.6, 0.13333], "name": ["a|b", "c"]},
        index=pd.Index(["greedy", "random"], name="bot"),
    )
    assert markdown_table(table).splitlines() == [
        "| bot | score | won | name |",
        "|:---|---:|---:|:---|",
        "| greedy | 25.1 | 0.6 | a\\|b |",
        "| random |  | 0.133 | c |",
    ]


def test_without_the_index_a_series_and_integers():
    assert markdown_table(pd.DataFrame({"n": np.array([1, 2], dtype=np.int64)}), index=False) == "| n |\n|---:|\n| 1 |\n| 2 |"
    assert markdown_table(pd.Series([True], name="won"), index=False) == "| won |\n|:---|\n| True |"


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="DataFrame or Series"):
        markdown_table([[1, 2]])
    with pytest.raises(ValueError, match="digits"):
        markdown_table(pd.DataFrame({"a": [1]}), digits=-1)
