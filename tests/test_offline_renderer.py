"""Charts drawn offline: the Vega-Lite 5 spec in JupyterLab, plus a PNG under Voilà."""

from __future__ import annotations

import altair as alt
import pandas as pd
import pytest

from gamedesign import charts

VEGALITE = "application/vnd.vegalite.v5+json"


@pytest.fixture
def chart():
    previous = alt.renderers.active
    yield alt.Chart(pd.DataFrame({"score": [1, 2, 2]})).mark_bar().encode(x="score:Q", y="count()")
    alt.renderers.enable(previous)


def bundle(chart):
    data = chart._repr_mimebundle_()
    return data[0] if isinstance(data, tuple) else data


def test_in_jupyterlab_the_page_draws_the_vegalite_spec(chart, monkeypatch):
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    monkeypatch.delenv(charts.STORE_PNG_VARIABLE, raising=False)
    charts.use_offline_renderer()
    assert alt.renderers.active == "mimetype"
    data = bundle(chart)
    assert VEGALITE in data and "image/png" not in data


def test_under_voila_the_spec_comes_with_a_png(chart, monkeypatch):
    pytest.importorskip("vl_convert")
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    assert charts.in_voila()
    charts.use_offline_renderer()
    data = bundle(chart)
    assert data[VEGALITE]["mark"]["type"] == "bar"
    png = data["image/png"]
    assert (png if isinstance(png, bytes) else png.encode())[:8] == b"\x89PNG\r\n\x1a\n"


def test_notebooks_built_for_storing_give_every_chart_its_png(chart, monkeypatch):
    """JupyterLab writes a PNG into a chart output that lacks one (marking the notebook as
    changed), so the stored notebooks are built with the PNG already there."""
    pytest.importorskip("vl_convert")
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    monkeypatch.setenv(charts.STORE_PNG_VARIABLE, "1")
    charts.use_offline_renderer()
    data = bundle(chart)
    assert VEGALITE in data and "image/png" in data
