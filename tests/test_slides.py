"""Slides: the lessons' own charts, retitled with the finding, in large type, filling 16:9."""

from __future__ import annotations

import pandas as pd
import pytest

import gamedesign
from gamedesign import charts, ladder
from gamedesign.apps.odds import distribution_chart
from gamedesign.charts import alt, slide
from gamedesign.charts import diet as diet_charts
from gamedesign.charts import lab as lab_charts
from gamedesign.charts.bots import ladder_chart, matrix_chart
from gamedesign.charts.gym import margin_chart
from gamedesign.charts import FIT_WIDTH
from gamedesign.charts.slides import MIN_ROW_HEIGHT, SAVE_SCALE, SLIDE_HEIGHT, SLIDE_WIDTH, TITLE_SIZE
from gamedesign.charts.stats import interval_chart
from gamedesign.games.diet.stats import weight_history
from gamedesign.games.gym import study
from gamedesign.lab.compare import compare_tables


@pytest.fixture(scope="module")
def legday_table():
    return gamedesign.simulate(gamedesign.load("legday", players=3), ["greedy", "random", "random"], games=40, seed=4)


def _comparison():
    a = pd.DataFrame({"seat 0 wins": [1.0, 0, 1, 1], "seat 1 wins": [0.0, 1, 0, 0], "length": [10.0, 12, 12, 14],
                      "drama": [0.0, 2, 1, 0]})
    return compare_tables({"standard": a, "shorter": a.assign(length=[9.0, 11, 12, 12], drama=[1.0, 3, 1, 2])})


def _leaves(spec: dict) -> list:
    """Every view of a chart's spec that has its own size (panels of panels too)."""
    for key in ("hconcat", "vconcat", "concat"):
        if key in spec:
            return [leaf for panel in spec[key] for leaf in _leaves(panel)]
    return [spec]


def _extent(spec: dict) -> tuple:
    if "hconcat" in spec:
        sizes = [_extent(p) for p in spec["hconcat"]]
        return sum(w for w, _ in sizes), max(h for _, h in sizes)
    if "vconcat" in spec:
        sizes = [_extent(p) for p in spec["vconcat"]]
        return max(w for w, _ in sizes), sum(h for _, h in sizes)
    if "concat" in spec:
        sizes, columns = [_extent(p) for p in spec["concat"]], spec.get("columns", len(spec["concat"]))
        rows = [sizes[i:i + columns] for i in range(0, len(sizes), columns)]
        widths = [max(sizes[i][0] for i in range(c, len(sizes), columns)) for c in range(min(columns, len(sizes)))]
        return sum(widths), sum(max(h for _, h in row) for row in rows)
    return spec["width"], spec["height"]


def _check_slide(chart, title="The finding, in one sentence"):
    before = chart.to_dict()
    made = slide(chart, title, "300 games, seed 1")
    spec = made.to_dict()
    assert spec["title"]["text"] == title
    assert spec["title"]["subtitle"] == "300 games, seed 1"
    assert spec["title"]["fontSize"] == TITLE_SIZE
    config = spec["config"]
    # Type large for the chart's size: a chart's own axis and legend text is 10-11 px, its title 13.
    assert config["axis"]["labelFontSize"] >= 13 and config["axis"]["titleFontSize"] >= 13
    assert config["legend"]["labelFontSize"] >= 13 and config["legend"]["titleFontSize"] >= 13
    assert 15 <= config["title"]["fontSize"] < TITLE_SIZE
    assert all(isinstance(leaf["width"], int) and isinstance(leaf["height"], int) for leaf in _leaves(spec))
    assert chart.to_dict() == before, "the original chart is left as it was"
    # Drawn whole in a lesson's cell at 1024 px (titles, labels and legend included), and filling it.
    width, _ = _drawn(spec)
    assert 0.75 * FIT_WIDTH <= width <= FIT_WIDTH, width
    assert spec["usermeta"]["embedOptions"]["scaleFactor"] == SAVE_SCALE  # the "..." menu saves it larger
    return spec


def _drawn(spec: dict) -> tuple:
    """The width and height of the chart as drawn (by vl-convert, as the lessons' PNG copies)."""
    import re

    import vl_convert

    svg = vl_convert.vegalite_to_svg(spec)
    width, height = re.search(r'<svg[^>]*width="([\d.]+)"[^>]*height="([\d.]+)"', svg).groups()
    return float(width), float(height)


def test_a_simple_chart_fills_the_slide_and_takes_the_finding_as_title():
    chart = distribution_chart(6, 24, 12, need=1)
    spec = _check_slide(chart, "Nearly every first row holds a Brat")
    assert (spec["width"], spec["height"]) == (SLIDE_WIDTH, SLIDE_HEIGHT)
    assert (chart.width, chart.height) != (SLIDE_WIDTH, SLIDE_HEIGHT)  # resized to the slide, the original kept


def test_a_chart_with_a_row_per_bot_shares_the_slide_between_its_rows(legday_table):
    spec = _check_slide(charts.score_distribution(legday_table))
    rows = legday_table["bot"].nunique()
    assert rows > 1 and spec["height"] == pytest.approx(max(MIN_ROW_HEIGHT, SLIDE_HEIGHT / rows), abs=1)
    assert spec["config"]["header"]["labelFontSize"] >= 13


def test_many_rows_stay_tall_enough_for_their_axis_titles():
    table = study.matchups(gamedesign.load("gym"), {f"lineup {i}": ["greedy", "random"] for i in range(4)}, games=2, seed=0)
    spec = slide(margin_chart(table), "Four rows").to_dict()
    assert spec["height"] == MIN_ROW_HEIGHT and spec["width"] == SLIDE_WIDTH


def test_layered_charts_of_the_lessons_fill_the_slide():
    diet = gamedesign.load("diet", players=4)
    for chart in (diet_charts.game_length(gamedesign.simulate(diet, "greedy", games=20, seed=0)),
                  diet_charts.weight_over_turns(weight_history(diet, "greedy", games=5, seed=0), target=-10),
                  interval_chart(pd.DataFrame({"label": ["a", "b"], "rate": [0.4, 0.5], "low": [0.3, 0.4],
                                                 "high": [0.5, 0.6]}), truth=0.45),
                  ladder_chart(ladder.read_ladder())):
        spec = _check_slide(chart)
        assert "layer" in spec
        # As wide as the labels left of it leave room for (the ladder's are long).
        assert spec["width"] <= SLIDE_WIDTH and spec["height"] == SLIDE_HEIGHT


def test_stacked_side_by_side_and_grid_charts_are_resized_together():
    matrices = pd.concat([ladder.read_matrix(name) for name in ("legday", "gym", "diet")], ignore_index=True)
    values = pd.DataFrame({"card": ["A", "B"], "points per copy": [2.0, 1.0], "pick rate": [0.5, 0.2],
                           "win rate when collected": [0.4, 0.3]})
    for chart in (lab_charts.differences_chart(_comparison(), ["length", "drama", "seat 0 wins"], game="legday"),
                  lab_charts.card_value_chart(values, game="legday"), matrix_chart(matrices)):
        before = [(leaf["width"], leaf["height"]) for leaf in _leaves(chart.to_dict())]
        spec = _check_slide(chart)
        width, height = _extent(spec)
        assert width <= SLIDE_WIDTH * 1.02 and height == pytest.approx(SLIDE_HEIGHT, rel=0.02)
        after = [(leaf["width"], leaf["height"]) for leaf in _leaves(spec)]
        # Panels keep their proportions to one another: a taller panel stays the taller one.
        assert sorted(range(len(after)), key=lambda i: after[i][1]) == sorted(range(len(before)), key=lambda i: before[i][1])


def test_the_gym_margin_chart_and_its_heatmap_text_grow(legday_table):
    table = study.matchups(gamedesign.load("gym"), {"greedy vs random": ["greedy", "random"]}, games=4, seed=0)
    _check_slide(margin_chart(table))
    matrix = ladder.read_matrix("gym")
    spec = slide(matrix_chart(matrix), "Search beats greedy in GYM").to_dict()
    sizes = [layer["mark"]["fontSize"] for leaf in _leaves(spec) for layer in leaf["layer"]
             if isinstance(layer["mark"], dict) and layer["mark"]["type"] == "text"]
    assert sizes and all(size > 12 for size in sizes)


def test_the_subtitle_is_kept_replaced_or_removed(legday_table):
    chart = charts.score_distribution(legday_table)
    own = chart.to_dict()["title"]["subtitle"]
    assert slide(chart, "Greedy scores higher").to_dict()["title"]["subtitle"] == own
    assert "subtitle" not in slide(chart, "Greedy scores higher", "").to_dict()["title"]
    assert slide(chart, "Greedy scores higher", ["40 games", "seed 4"]).to_dict()["title"]["subtitle"] == ["40 games", "seed 4"]


@pytest.mark.parametrize("bad, words", [
    ({"chart": "not a chart"}, "needs a chart"),
    ({"title": ""}, "needs a title"),
    ({"title": None}, "needs a title"),
    ({"subtitle": 3}, "subtitle must be"),
    ({"width": 0}, "width must be"),
    ({"height": 2.5}, "height must be"),
])
def test_bad_input_is_refused_with_what_is_allowed(bad, words):
    arguments = {"chart": distribution_chart(6, 24, 12, need=1), "title": "A finding", **bad}
    with pytest.raises(ValueError, match=words):
        slide(**arguments)


def test_a_facet_chart_is_refused_with_what_to_do_instead():
    base = alt.Chart(pd.DataFrame({"x": [1, 2], "g": ["a", "b"]})).mark_bar().encode(x="x:Q")
    with pytest.raises(ValueError, match="facet"):
        slide(base.facet("g:N"), "A finding")
    with pytest.raises(ValueError, match="facet"):
        slide(alt.hconcat(base, base.facet("g:N")), "A finding")


def test_rows_are_counted_from_data_that_the_panels_share():
    """Panels drawn from one table: Altair keeps the data on the chart around them, and a
    panel with a row per group still gets rows of a readable height, not the whole slide."""
    import altair as alt
    import pandas as pd

    from gamedesign.charts.slides import MIN_ROW_HEIGHT

    data = pd.DataFrame({"g": list("abcd") * 3, "x": range(12), "y": range(12)})
    rows = alt.Chart(data).mark_point().encode(x="x", y="y", row="g").properties(width=200, height=100)
    dots = alt.Chart(data).mark_point().encode(x="x", y="y").properties(width=200, height=400)
    alone = slide(rows, "Alone").to_dict()
    shared = slide(alt.hconcat(rows, dots), "Side by side").to_dict()
    assert "data" in shared or "datasets" in shared
    panel = shared["hconcat"][0]
    assert panel["height"] == alone["height"] == MIN_ROW_HEIGHT  # each row readable, not the whole slide
