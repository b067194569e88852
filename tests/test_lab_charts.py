"""Lab charts: built from the lab's tables, Okabe-Ito colours, saved to SVG/PNG."""

import json

import pandas as pd
import pytest

from gamedesign.charts import PALETTE
from gamedesign.charts import lab as charts
from gamedesign.lab import metrics
from gamedesign.lab.compare import compare_tables
from gamedesign.lab.record import GameRecord


def _tables():
    a = pd.DataFrame({"seat 0 wins": [1.0, 0, 1, 1], "seat 1 wins": [0.0, 1, 0, 0], "length": [10.0, 12, 12, 14],
                      "drama": [0.0, 2, 1, 0]})
    b = a.assign(length=[9.0, 11, 12, 12], drama=[1.0, 3, 1, 2])
    return {"standard": a, "shorter": b}


def _spec(chart) -> str:
    return json.dumps(chart.to_dict())


def _datasets(spec) -> list:
    return [row for rows in spec.get("datasets", {}).values() for row in rows if "label" in row]


def test_differences_chart_gives_each_kind_of_measure_its_own_panel_and_scale():
    comparison = compare_tables(_tables())
    chart = charts.differences_chart(comparison, ["length", "drama", "seat 0 wins"], game="legday")
    spec = chart.to_dict()
    titles = [panel["title"] for panel in spec["vconcat"]]
    assert titles == ["Game length (days)", "Points", "Shares of games (percentage points)"]
    rows = _datasets(spec)
    assert {r["label"] for r in rows} == {"Game length (days)", "Winner's worst deficit", "Player 1 wins"}
    assert {r["variant"] for r in rows} == {"shorter"}  # the baseline is the zero line
    seat = next(r for r in rows if r["label"] == "Player 1 wins")
    assert seat["difference"] == pytest.approx(0)  # the same winners: no change, in percentage points
    length = next(r for r in rows if r["label"] == "Game length (days)")
    assert length["difference"] == pytest.approx(-1.0)
    text = _spec(chart)
    assert "compared with standard" in text and PALETTE[0] in text
    assert "1.96" not in text and "sqrt" not in text and "√" not in text
    with pytest.raises(ValueError, match="no measure 'fun'"):
        charts.differences_chart(comparison, ["fun"])


def test_values_seat_and_length_charts_name_every_variant():
    tables = _tables()
    comparison = compare_tables(tables)
    for chart in (charts.values_chart(comparison), charts.seat_chart(comparison), charts.length_chart(tables, "turns")):
        text = _spec(chart)
        assert "standard" in text and "shorter" in text
    assert "every seat winning equally often (50%)" in _spec(charts.seat_chart(comparison))


def test_card_and_race_charts_from_records():
    records = [
        GameRecord(game=0, players=2, winners=(0,), standings=[(1, 0), (3, 2)], card_copies=[{"A": 1}, {"B": 2}],
                   card_points=[{"A": 5}, {"B": 2}], picks={"A": 1, "B": 2}, offers={"A": 2, "B": 3}),
    ]
    card_chart = charts.card_value_chart(metrics.card_values(records))
    titles = [p["title"]["text"] for p in card_chart.to_dict()["hconcat"]]  # a title may take two lines
    assert [" ".join(t) if isinstance(t, list) else t for t in titles] == ["Worth per copy (points)", "Pick rate",
                                                                           "Win rate of its holders"]
    race = charts.race_chart(metrics.standings_table(records))
    assert "eventual winner" in _spec(race) and "longer games" not in _spec(race)
    longer = records + [GameRecord(game=1, players=2, winners=(1,), standings=[(0, 1), (1, 2), (1, 3)])]
    subtitle = charts.race_chart(metrics.standings_table(longer)).to_dict()["title"]["subtitle"]  # lines that fit a cell
    assert "late checkpoints average only the longer games" in " ".join([subtitle] if isinstance(subtitle, str) else subtitle)
    summary = charts.summary_chart(metrics.summary(records), ["length"])
    assert "Design measures" in _spec(summary)


def test_charts_refuse_the_wrong_table():
    with pytest.raises(ValueError, match="lab.compare"):
        charts.differences_chart(pd.DataFrame({"x": [1]}))


@pytest.mark.parametrize("suffix, magic", [(".svg", b"<svg"), (".png", b"\x89PNG")])
def test_save_chart_writes_svg_and_png(tmp_path, suffix, magic):
    pytest.importorskip("vl_convert")
    chart = charts.seat_chart(compare_tables(_tables()))
    path = charts.save_chart(chart, tmp_path / f"seats{suffix}")
    assert path.read_bytes()[:10].lstrip().startswith(magic)


def test_save_chart_refuses_other_formats(tmp_path):
    with pytest.raises(ValueError, match=r"\.png or \.svg"):
        charts.save_chart(charts.seat_chart(compare_tables(_tables())), tmp_path / "x.pdf")
