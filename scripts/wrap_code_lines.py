"""Wrap the long code lines of notebooks so that they fit a cell at 1024 px.

    python scripts/wrap_code_lines.py NOTEBOOK... [--limit 74] [--check]

Only what is too long changes: each statement holding a line over ``--limit`` characters
is reformatted by black (``pip install black``; its string splitting on, so a long text
becomes several shorter pieces), a trailing comment on a long line moves to its own line
above its statement, and a long comment line is re-flowed. Every code cell's program
must stay the same (its syntax tree is compared before and after: adjacent strings join
into one, so a split text is the same text); outputs, tags and metadata are kept. Cells
that are not Python (a ``%`` or ``!`` line) are left alone. ``--check`` changes nothing
and exits 1 when a line is over the limit. Lines that cannot be wrapped are printed.

After wrapping teacher copies (``notebooks/solutions/``), wrap their student copies
(``notebooks/*.ipynb``) the same way: the same cells give the same lines, so the
student copies stay what ``scripts/build_notebooks.py`` makes of the teacher copies.
"""

from __future__ import annotations

import argparse
import ast
import io
import sys
import textwrap
import tokenize
from pathlib import Path

import nbformat

#: At 1024 px with JupyterLab's file browser open a code cell shows about 75 characters.
LIMIT = 74


def _tree(source: str) -> str:
    return ast.dump(ast.parse(source))


def _smallest_statement(tree, lineno: int):
    best = None
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and node.lineno <= lineno <= node.end_lineno:
            if best is None or node.end_lineno - node.lineno < best.end_lineno - best.lineno:
                best = node
    return best


def _trailing_comment(line: str):
    """``(code, comment)`` when ``line`` ends with a comment after some code, else None."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(line + "\n").readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    for token in tokens:
        if token.type == tokenize.COMMENT and line[: token.start[1]].strip():
            return line[: token.start[1]], token.string
    return None


def _reflow_comment(line: str, limit: int) -> list[str]:
    indent = line[: len(line) - len(line.lstrip())]
    text = line.strip()[1:].strip()
    return [f"{indent}# {part}" for part in textwrap.wrap(text, limit - len(indent) - 2, break_on_hyphens=False)]


def wrap_source(source: str, limit: int = LIMIT) -> tuple[str, list[str]]:
    """``source`` with its long lines wrapped, and the lines still over ``limit``."""
    import black

    try:
        before = _tree(source)
    except SyntaxError:  # IPython magics or shell lines: not Python, left as it is
        return source, [line for line in source.split("\n") if len(line) > limit]
    lines, stuck = source.split("\n"), set()
    for _ in range(200):
        long = [i for i, line in enumerate(lines) if len(line) > limit and i not in stuck]
        if not long:
            break
        i = long[0]
        if lines[i].strip().startswith("#"):
            lines[i : i + 1] = _reflow_comment(lines[i], limit)
            continue
        node = _smallest_statement(ast.parse("\n".join(lines)), i + 1)
        if node is None:  # inside a string that spans lines
            stuck.add(i)
            continue
        comment = _trailing_comment(lines[i])
        if comment is not None:
            code, note = comment
            first = lines[node.lineno - 1]
            lines[i] = code.rstrip()
            lines[node.lineno - 1 : node.lineno - 1] = [first[: len(first) - len(first.lstrip())] + note]
            continue
        start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])]) - 1
        chunk = lines[start : node.end_lineno]
        indent = len(chunk[0]) - len(chunk[0].lstrip())
        mode = black.Mode(line_length=limit - indent, preview=True,
                          enabled_features={black.mode.Preview.string_processing})
        try:
            new = black.format_str(textwrap.dedent("\n".join(chunk)), mode=mode).rstrip("\n").split("\n")
        except Exception:  # black cannot read it alone (an `else:` part, say): leave it
            stuck.add(i)
            continue
        new = [" " * indent + line if line else line for line in new]
        if new == chunk:
            stuck.add(i)
            continue
        lines[start : node.end_lineno] = new
    result = "\n".join(lines)
    if _tree(result) != before:
        raise ValueError(f"wrapping changed the program of a cell:\n{source}")
    return result, [line for line in lines if len(line) > limit]


def long_lines(path: Path, limit: int = LIMIT) -> list[tuple[int, str]]:
    """Every code line of the notebook at ``path`` over ``limit`` characters, with its cell."""
    notebook = nbformat.read(path, as_version=4)
    return [(n, line) for n, cell in enumerate(notebook.cells) if cell.cell_type == "code"
            for line in cell.source.split("\n") if len(line) > limit]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--limit", type=int, default=LIMIT, help=f"characters a line may have (default {LIMIT})")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a line is too long")
    args = parser.parse_args(argv)
    status = 0
    for path in args.notebooks:
        if args.check:
            found = long_lines(path, args.limit)
            for cell, line in found:
                print(f"{path} cell {cell}: {len(line)} characters: {line}")
            status |= bool(found)
            continue
        notebook = nbformat.read(path, as_version=4)
        changed, left = 0, []
        for cell in notebook.cells:
            if cell.cell_type == "code":
                source, stuck = wrap_source(cell.source, args.limit)
                changed += source != cell.source
                cell.source = source
                left += stuck
        if changed:
            nbformat.write(notebook, path)
        print(f"{path}: {changed} cells wrapped" + (f", {len(left)} lines still too long:" if left else ""))
        for line in left:
            print(f"    {len(line)}: {line}")
        status |= bool(left)
    return status


if __name__ == "__main__":
    sys.exit(main())
