"""A chart made fit for a projector: a title that states the finding, large type, 16:9.

:func:`slide` takes any chart the lessons draw (a single chart, a layered chart, charts
side by side or stacked, a heatmap grid) and returns a copy with the title replaced by the
finding, an optional subtitle (where the numbers come from: games, seed), type large for the
chart's size, legends under the chart, and every panel stretched or shrunk together so the
whole chart fills a 16:9 area. The original chart is left as it was.

A slide is drawn the width of a lesson's cell at 1024 px (about 540 px, as every chart), so
it is seen whole in the lesson; it is saved at twice that size (``save_chart`` and the
chart's "..." menu: *Save as PNG*), about 1,080 px wide, sharp on a projector. What makes
it read from the back of a classroom is the type's size against the chart's: a slide's
labels are about 1.3 times, its title 1.7 times a chart's own.

    from gamedesign.charts import slide
    from gamedesign.charts.lab import save_chart

    chart = slide(margin_chart(table), "Greedy beats random by 20+ points", "150 games per matchup, seed 0")
    save_chart(chart, "slide.png")      # Binder or a local install with the export extra
"""

from __future__ import annotations

from .fit import FIT_WIDTH, text_width, wrap_lines
from .vega import alt

#: Width and height of the whole chart's plotting area on a slide (16:9 once the title,
#: axis labels and legend are added around it: about 540 x 300 px, a lesson cell's width).
SLIDE_WIDTH = 420
SLIDE_HEIGHT = 170

#: Font sizes in pixels: the slide's own title, panel titles, axis and legend text (a
#: chart's own are 13, 11 and 10).
TITLE_SIZE = 22
SUBTITLE_SIZE = 14
PANEL_TITLE_SIZE = 15
LABEL_SIZE = 13
AXIS_TITLE_SIZE = 14
#: Text drawn inside a chart (a heatmap's cell labels) is made this many times larger.
TEXT_SCALE = 1.25
#: A slide is saved (and its "..." menu saves it) at this many times its size on screen.
SAVE_SCALE = 2
#: Longest axis label on a slide, in pixels (a longer one ends in "...").
_LABEL_LIMIT = 240
#: Pixels a slide keeps beside its labels and plotting area: its padding, the last tick label.
_EDGES = 30

#: A row of a chart with a row per group (``row=`` encoding) is kept at least this tall, so
#: each row's axis title fits beside it (the slide then grows a little taller than 16:9).
MIN_ROW_HEIGHT = 110

# Vega-Lite's size of a view with no width or height of its own.
_DEFAULT_SIZE = 300
_SINGLE = (alt.Chart, alt.LayerChart)
_COMBINED = (alt.HConcatChart, alt.VConcatChart, alt.ConcatChart)
_KINDS = "a chart (alt.Chart), a layered chart (alt.layer) or charts side by side or stacked (alt.hconcat, alt.vconcat, alt.concat)"


def slide(chart, title: str, subtitle=None, width: int | None = None, height: int = SLIDE_HEIGHT):
    """A copy of ``chart`` for a slide: ``title`` (say what the chart shows, e.g. "Team B
    wins three games in five") in large type, fonts of 13-22 px (a chart's own are 10-13),
    legends under the chart, and every panel resized together so that its plotting area is
    about ``width`` x ``height`` pixels (16:9 with its title and axes). ``width=None`` (the
    default) is :data:`SLIDE_WIDTH`, or less when the chart's labels left of its plotting area
    are long, so that the whole slide fits a lesson's cell at 1024 px (:data:`FIT_WIDTH`). A
    title or subtitle too long for the slide's width is broken into lines. Saved with
    ``save_chart`` or the chart's "..." menu, the slide is twice that size.

    ``subtitle``: a line under the title, best the source of the numbers ("2,000 games,
    seed 11"); a list of strings gives several lines; ``None`` keeps the chart's own
    subtitle (often what its marks mean) and ``""`` removes it.

    Works on single, layered and concatenated charts (panels inside panels too); a chart
    made with ``.facet()`` or ``.repeat()`` is refused with a ValueError (make the slide from
    one of its panels). Save it with ``gamedesign.charts.lab.save_chart(chart, "slide.png")``.
    """
    if isinstance(chart, (alt.FacetChart, alt.RepeatChart)):
        _refuse_facets(chart)
    if not isinstance(chart, _SINGLE + _COMBINED):
        raise ValueError(f"slide() needs {_KINDS}; got {type(chart).__name__}")
    if not isinstance(title, str) or not title.strip():
        raise ValueError("slide() needs a title: a short sentence that states what the chart shows")
    if subtitle is not None and not (isinstance(subtitle, str) or (
            isinstance(subtitle, (list, tuple)) and all(isinstance(line, str) for line in subtitle))):
        raise ValueError(f"subtitle must be a string, a list of strings or None, not {type(subtitle).__name__}")
    for name, value in (("width", width), ("height", height)):
        if name == "width" and value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 100 <= value <= 4000:
            raise ValueError(f"{name} must be a whole number of pixels from 100 to 4000, not {value!r}")

    result = chart.copy(deep=True)
    _refuse_facets(result)
    current_width, current_height = _extent(result)
    if width is None:  # the slide's plotting area as wide as leaves room for its labels in a lesson's cell
        width = int(min(SLIDE_WIDTH, max(160, FIT_WIDTH - _EDGES - _label_room(result))))
    _scale(result, width / current_width, height / current_height)

    if subtitle is None:
        old = result.title
        subtitle = getattr(old, "subtitle", alt.Undefined) if not isinstance(old, str) else alt.Undefined
        if isinstance(subtitle, (list, tuple)):  # broken into lines for the chart's type: broken again for the slide's
            subtitle = " ".join(subtitle)
    elif subtitle == "":
        subtitle = alt.Undefined
    lines = FIT_WIDTH - 30  # the slide's padding, and room for a guess of the type's width
    result.title = alt.Title(wrap_lines(title.strip(), TITLE_SIZE, lines, bold=True),
                             subtitle=wrap_lines(subtitle, SUBTITLE_SIZE, lines),
                             fontSize=TITLE_SIZE, subtitleFontSize=SUBTITLE_SIZE, anchor="start", offset=10)
    # The chart's "..." menu saves the PNG at the size save_chart gives (vega-embed reads usermeta.embedOptions).
    result.usermeta = {"embedOptions": {"scaleFactor": SAVE_SCALE}}
    return (
        result.configure_title(fontSize=PANEL_TITLE_SIZE, subtitleFontSize=LABEL_SIZE)
        .configure_axis(labelFontSize=LABEL_SIZE, titleFontSize=AXIS_TITLE_SIZE, labelLimit=_LABEL_LIMIT)
        .configure_legend(labelFontSize=LABEL_SIZE, titleFontSize=AXIS_TITLE_SIZE, symbolSize=120, labelLimit=_LABEL_LIMIT,
                          orient="bottom")
        .configure_header(labelFontSize=LABEL_SIZE, titleFontSize=AXIS_TITLE_SIZE)
        .configure_text(fontSize=LABEL_SIZE)
    )


def _panels(chart) -> list:
    """The charts directly inside a concatenated chart."""
    if isinstance(chart, alt.HConcatChart):
        return list(chart.hconcat)
    if isinstance(chart, alt.VConcatChart):
        return list(chart.vconcat)
    return list(chart.concat)


def _refuse_facets(chart) -> None:
    if isinstance(chart, _COMBINED):
        for panel in _panels(chart):
            _refuse_facets(panel)
    elif not isinstance(chart, _SINGLE):
        raise ValueError(f"slide() cannot resize a {type(chart).__name__} (made with .facet() or .repeat()); "
                         f"it takes {_KINDS}")


def _data(chart, inherited=None):
    """The data a chart draws: its own, else what the chart around it passes down."""
    data = getattr(chart, "data", alt.Undefined)
    return inherited if data is alt.Undefined else data


def _facets(chart, channel: str, inherited=None) -> int:
    """How many rows (``channel="row"``) or columns a chart's row/column encoding makes
    (``inherited``: the data of the charts around it, which Altair may hold for all panels)."""
    charts = [chart] + (list(chart.layer) if isinstance(chart, alt.LayerChart) else [])
    for part in charts:
        encoding = getattr(part, "encoding", alt.Undefined)
        facet = alt.Undefined if encoding is alt.Undefined else getattr(encoding, channel, alt.Undefined)
        if facet is alt.Undefined:
            continue
        data = _data(part, _data(chart, inherited))
        field = facet._kwds.get("field", alt.Undefined)  # a channel's attributes are setters
        if not isinstance(field, str):
            field = str(facet._kwds.get("shorthand", "")).split(":")[0]
        if hasattr(data, "columns") and field in data.columns:
            return max(1, int(data[field].nunique()))
    return 1


def _label_width(labels, size: float) -> float:
    """The width of the longest of ``labels`` (a label "a|b" is drawn as two lines, a and b)."""
    parts = [part for label in labels for part in str(label).split("|")]
    return max((text_width(part, size) for part in parts), default=0.0)


def _axis_room(part, channel: str, data) -> float:
    """Pixels the ``channel`` axis of a view takes beside its plotting area at slide type."""
    encoding = getattr(part, "encoding", alt.Undefined)
    axis_channel = alt.Undefined if encoding is alt.Undefined else getattr(encoding, channel, alt.Undefined)
    if axis_channel is alt.Undefined or not hasattr(axis_channel, "_kwds"):
        return 0.0
    axis = axis_channel._kwds.get("axis", alt.Undefined)
    if axis is None:
        return 0.0
    shorthand = str(axis_channel._kwds.get("shorthand", ""))
    field = axis_channel._kwds.get("field", alt.Undefined)
    field = field if isinstance(field, str) else shorthand.split(":")[0]
    kind = axis_channel._kwds.get("type", alt.Undefined)
    kind = kind if isinstance(kind, str) else (shorthand.split(":")[1] if ":" in shorthand else "")
    title = axis_channel._kwds.get("title", alt.Undefined)
    room = 0.0 if title is None else AXIS_TITLE_SIZE + 6
    if kind in ("N", "O", "nominal", "ordinal") and hasattr(data, "columns") and field in data.columns:
        return room + min(_LABEL_LIMIT, _label_width(data[field].unique(), LABEL_SIZE)) + 10
    return room + text_width("-00.0%", LABEL_SIZE) + 10  # numbers


def _label_room(chart, inherited=None) -> float:
    """About how many pixels the labels left of a chart's plotting areas take, all together
    (the y axes, each panel's own; a row's name drawn beside its row)."""
    if isinstance(chart, _SINGLE):
        data = _data(chart, inherited)
        parts = [chart] + (list(chart.layer) if isinstance(chart, alt.LayerChart) else [])
        room = max(_axis_room(part, "y", _data(part, data)) for part in parts)
        for part in parts:
            encoding = getattr(part, "encoding", alt.Undefined)
            row = alt.Undefined if encoding is alt.Undefined else getattr(encoding, "row", alt.Undefined)
            header = getattr(row, "_kwds", {}).get("header", alt.Undefined) if row is not alt.Undefined else alt.Undefined
            if row is not alt.Undefined and getattr(header, "labelOrient", alt.Undefined) not in ("top", "bottom"):
                field = str(row._kwds.get("shorthand", "")).split(":")[0]
                rows = _data(part, data)
                if hasattr(rows, "columns") and field in rows.columns:
                    room += _label_width(rows[field].unique(), LABEL_SIZE) + 10
        return room
    rooms = [_label_room(panel, _data(chart, inherited)) for panel in _panels(chart)]
    if isinstance(chart, alt.HConcatChart):
        return sum(rooms) + 20 * (len(rooms) - 1)
    if isinstance(chart, alt.VConcatChart):
        return max(rooms)
    columns = chart.columns if isinstance(chart.columns, int) and chart.columns > 0 else len(rooms)
    return sum(max(rooms[i] for i in range(c, len(rooms), columns)) for c in range(min(columns, len(rooms)))) \
        + 20 * (min(columns, len(rooms)) - 1)


def _size(chart, name: str) -> float:
    value = getattr(chart, name, alt.Undefined)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else float(_DEFAULT_SIZE)


def _extent(chart, inherited=None) -> tuple:
    """The width and height of a chart's plotting areas put together (no titles or axes)."""
    if isinstance(chart, _SINGLE):
        return (_size(chart, "width") * _facets(chart, "column", inherited),
                _size(chart, "height") * _facets(chart, "row", inherited))
    sizes = [_extent(panel, _data(chart, inherited)) for panel in _panels(chart)]
    if isinstance(chart, alt.HConcatChart):
        return sum(w for w, _ in sizes), max(h for _, h in sizes)
    if isinstance(chart, alt.VConcatChart):
        return max(w for w, _ in sizes), sum(h for _, h in sizes)
    columns = chart.columns if isinstance(chart.columns, int) and chart.columns > 0 else len(sizes)
    # A grid: each column as wide as its widest panel, each row as tall as its tallest.
    rows = [sizes[i:i + columns] for i in range(0, len(sizes), columns)]
    widths = [max(sizes[i][0] for i in range(c, len(sizes), columns)) for c in range(min(columns, len(sizes)))]
    return sum(widths), sum(max(h for _, h in row) for row in rows)


def _scale(chart, across: float, down: float, inherited=None) -> None:
    """Resize every panel of ``chart`` in place: widths by ``across``, heights by ``down``."""
    if isinstance(chart, _COMBINED):
        for panel in _panels(chart):
            _scale(panel, across, down, _data(chart, inherited))
        return
    chart.width = max(40, round(_size(chart, "width") * across))
    lowest = MIN_ROW_HEIGHT if _facets(chart, "row", inherited) > 1 else 40
    chart.height = max(lowest, round(_size(chart, "height") * down))
    for part in [chart] + (list(chart.layer) if isinstance(chart, alt.LayerChart) else []):
        mark = getattr(part, "mark", alt.Undefined)
        size = getattr(mark, "fontSize", alt.Undefined) if not isinstance(mark, str) else alt.Undefined
        if isinstance(size, (int, float)) and getattr(mark, "type", None) == "text":
            mark.fontSize = round(size * TEXT_SCALE)


__all__ = ["MIN_ROW_HEIGHT", "SLIDE_HEIGHT", "SLIDE_WIDTH", "slide"]
