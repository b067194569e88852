"""Charts that fit a lesson: how wide a chart may be drawn, titles broken into lines,
legends under the chart.

A lesson opened in JupyterLab at 1024 px with the file browser open gives a cell's output
about 584 px, 38 of them kept for the chart's "..." menu. Every chart's default size keeps
inside :data:`FIT_WIDTH` with its titles, axes and legend, so no part of it is cut off.
"""

from __future__ import annotations

from .vega import alt

#: How wide a whole chart (titles, axes and legend included) may be drawn in a lesson.
FIT_WIDTH = 540

#: Vega-Lite's type sizes (pixels) for a chart's title and its subtitle.
_TITLE_SIZE, _SUBTITLE_SIZE = 13, 11


def text_width(text: str, size: float, bold: bool = False) -> float:
    """About how many pixels ``text`` takes in a chart's sans-serif type of ``size`` pixels
    (a generous guess: wide letters are counted wider)."""
    wide = sum(1 for c in text if c.isupper() or c in "mwMW%@")
    return size * ((0.53 if bold else 0.48) * len(text) + 0.12 * wide)


def wrap_lines(text, size: float, width: float = FIT_WIDTH, bold: bool = False):
    """``text`` as it fits ``width`` pixels: the string itself when one line is enough, else a
    list of lines broken between words (a list of strings is wrapped line by line)."""
    if isinstance(text, (list, tuple)):
        lines = []
        for line in text:
            wrapped = wrap_lines(line, size, width, bold)
            lines += wrapped if isinstance(wrapped, list) else [wrapped]
        return lines
    if not isinstance(text, str) or text_width(text, size, bold) <= width:
        return text
    lines, line = [], ""
    for word in text.split():
        if line and text_width(f"{line} {word}", size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def fitted_title(title: str, subtitle=alt.Undefined, width: float = FIT_WIDTH - 30) -> alt.Title:
    """A chart's title and subtitle, each broken into lines that fit ``width`` pixels (by
    default what a lesson's cell leaves once the chart's padding is taken off)."""
    return alt.Title(wrap_lines(title, _TITLE_SIZE, width, bold=True),
                     subtitle=wrap_lines(subtitle, _SUBTITLE_SIZE, width))


def legend_below(labels, title=alt.Undefined, size: float = 13, width: float = FIT_WIDTH - 40, **options) -> alt.Legend:
    """A legend under the chart (it takes none of the chart's width), its entries in as many
    columns as fit ``width`` pixels at labels of ``size`` pixels (a slide's type, by default,
    so the legend fits on a slide too)."""
    labels = [str(label) for label in labels] or [""]
    entry = max(text_width(label, size) for label in labels) + 2 * size + 8  # symbol, gap, label
    columns = max(1, min(len(labels), int(width // entry)))
    return alt.Legend(orient="bottom", title=title, columns=columns, **options)


__all__ = ["FIT_WIDTH", "fitted_title", "legend_below", "text_width", "wrap_lines"]
