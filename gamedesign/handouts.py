"""Tables for handouts: a pandas table as Markdown text, with nothing but pandas.

``DataFrame.to_markdown()`` needs the optional ``tabulate`` package; :func:`markdown_table`
writes the same kind of pipe table without it, so a table from a simulation can be pasted
into a document, a README or a Jupyter Markdown cell on any installation.
"""

from __future__ import annotations

import numbers

import pandas as pd


def _cell(value, digits: int) -> str:
    if value is None or (not isinstance(value, str) and pd.api.types.is_scalar(value) and pd.isna(value)):
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return f"{float(value):.{digits}f}".rstrip("0").rstrip(".") if digits > 0 else f"{float(value):.0f}"
    return str(value).replace("|", "\\|").replace("\n", " ")


def markdown_table(table, index: bool = True, digits: int = 3) -> str:
    """``table`` (a pandas DataFrame or Series) as a Markdown pipe table.

    ``index=False`` leaves the row labels out; numbers are rounded to ``digits`` decimals
    (trailing zeros dropped) and right-aligned; missing values are blank cells.
    """
    if isinstance(table, pd.Series):
        table = table.to_frame()
    if not isinstance(table, pd.DataFrame):
        raise ValueError(f"markdown_table needs a pandas DataFrame or Series, not {type(table).__name__}")
    if not isinstance(digits, int) or isinstance(digits, bool) or digits < 0:
        raise ValueError(f"digits must be a whole number 0 or more, not {digits!r}")
    frame = table.reset_index() if index else table
    names = [" / ".join(map(str, c)) if isinstance(c, tuple) else str(c) for c in frame.columns]
    numeric = [
        pd.api.types.is_numeric_dtype(frame[c]) and not pd.api.types.is_bool_dtype(frame[c])
        for c in frame.columns
    ]
    rows = [[_cell(v, digits) for v in row] for row in frame.itertuples(index=False, name=None)]
    lines = [
        "| " + " | ".join(_cell(n, digits) for n in names) + " |",
        "|" + "|".join("---:" if right else ":---" for right in numeric) + "|",
    ]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


__all__ = ["markdown_table"]
