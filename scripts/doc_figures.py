"""Check, or rewrite, the figures in the docs that come from a run.

The capstone brief and the teaching guide quote numbers a class will try to reproduce:
"team B wins 61% of 300 games (56% to 67%)". Each such sentence is written here once, as a
template with the run that makes its numbers. ``--check`` (the default, and
``tests/test_doc_figures.py``) runs them and reports every sentence whose numbers differ
from the run's, or that is missing from its file; ``--write`` puts the run's numbers in.
A figure whose sentence makes a claim ("the most of any card", "every interval covers
25%") also checks the claim: when a run no longer bears it out, the prose needs a person,
and the check says so rather than writing a number into a false sentence.

The slide titles in the teaching guide's table are the lessons' own titles: the check reads
them from each lesson's ``slide(...)`` call, so the guide cannot drift from its lessons.

    python scripts/doc_figures.py            # exit 1 if a figure is stale
    python scripts/doc_figures.py --write    # rewrite the stale figures in place
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import re
import string
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
NUMBER = r"[-+]?[0-9][0-9.,]*%?"


class ClaimFailed(Exception):
    """A run no longer bears out the words around its numbers."""


@dataclass(frozen=True)
class Figure:
    path: str  #: the file, from the repository root
    template: str  #: the sentence, with ``str.format`` fields for the run's numbers
    values: Callable[[], dict]  #: the run: the template's values

    def pattern(self) -> re.Pattern:
        parts = []
        for literal, field, _spec, _conv in string.Formatter().parse(self.template):
            parts.append(re.escape(literal))
            if field is not None:
                parts.append(NUMBER)
        return re.compile("".join(parts))

    def expected(self) -> str:
        return self.template.format(**self.values())


# ----------------------------------------------------------------------------------------
# The runs (each made once per process)
# ----------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _summary(game: str, bots: str, games: int, seed: int):
    import gamedesign
    from gamedesign import lab

    records = lab.record_games(gamedesign.load(game), bots, games=games, seed=seed)
    return lab.metrics.summary(records).set_index("measure"), records


def _rate(summary, measure: str) -> tuple:
    row = summary.loc[measure]
    return row["value"], row["low"], row["high"]


def _gym_team_b() -> dict:
    summary, _ = _summary("gym", "greedy", 300, 1)
    b, lo, hi = _rate(summary, "seat 1 wins")
    return {"b": b, "lo": lo, "hi": hi}


def _gym_pilot_summary() -> dict:
    summary, _ = _summary("gym", "greedy", 200, 1)
    b, lo, hi = _rate(summary, "seat 1 wins")
    return {"b": b, "lo": lo, "hi": hi, "wins": round(b * summary.loc["seat 1 wins", "games"])}


def _gym_tie() -> dict:
    summary, _ = _summary("gym", "greedy", 300, 1)
    return {"tie": summary.loc["decided by a tie", "value"]}


def _legday_cards() -> dict:
    from gamedesign import lab
    from gamedesign.lab import stats

    summary, records = _summary("legday", "greedy", 300, 1)
    cards = lab.metrics.card_values(records).set_index("card")
    best = cards["points per copy"].idxmax()
    if best != "Selfie":
        raise ClaimFailed(f"the card that scores most a copy is now {best}, not the Selfie")
    shake = cards.loc["Protein Shake x3"]
    holders = int(shake["holders"])
    lo, hi = stats.wilson(round(shake["win rate when collected"] * holders), holders)
    fair = 1 / sum(bool(re.fullmatch(r"seat \d+ wins", m)) for m in summary.index)
    if lo <= fair:
        raise ClaimFailed("Protein Shake x3 holders' interval now covers the fair share")
    return {"selfie": cards.loc["Selfie", "points per copy"], "shake": shake["win rate when collected"],
            "lo": lo, "hi": hi}


def _legday_tie_break() -> dict:
    summary, _ = _summary("legday", "greedy", 300, 1)
    value, lo, hi = _rate(summary, "decided by a tie-break")
    return {"tie": value, "lo": lo, "hi": hi}


def _diet_length() -> dict:
    import gamedesign

    greedy, _ = _summary("diet", "greedy", 300, 1)
    random, _ = _summary("diet", "random", 100, 1)
    return {"greedy": greedy.loc["length", "value"], "spread": greedy.loc["length spread", "value"],
            "random": random.loc["length", "value"], "timeout": random.loc["timeout", "value"],
            "limit": gamedesign.load("diet").options.max_turns}


def _seats(game: str) -> tuple:
    summary, _ = _summary(game, "greedy", 300, 1)
    seats = [m for m in summary.index if re.fullmatch(r"seat \d+ wins", m)]
    fair = 1 / len(seats)
    rates = summary.loc[seats]
    if not ((rates["low"] <= fair) & (rates["high"] >= fair)).all():
        raise ClaimFailed(f"in {game} a seat's interval no longer covers the fair share {fair:.0%}")
    return rates["value"].min(), rates["value"].max(), summary.loc["balance chi-square p", "value"]


def _first_seat() -> dict:
    leg_lo, leg_hi, leg_p = _seats("legday")
    diet_lo, diet_hi, diet_p = _seats("diet")
    return {"leg_lo": leg_lo, "leg_hi": leg_hi, "leg_p": leg_p,
            "diet_lo": diet_lo, "diet_hi": diet_hi, "diet_p": diet_p}


@functools.lru_cache(maxsize=None)
def _pilot_row():
    from gamedesign import lab

    standard = lab.variant("gym", "standard")
    fix = lab.variant("gym", "coach blocks", coach_blocks_placement=True)
    pilot = lab.compare([standard, fix], "greedy", games=100, seed=2)
    return pilot.query("variant == 'coach blocks' and measure == 'seat 1 wins'").iloc[0]


def _pilot() -> dict:
    from gamedesign.lab import stats

    row = _pilot_row()
    return {"base": row["baseline"], "value": row["value"], "diff": row["difference"],
            "lo": row["low"], "hi": row["high"], "sd": row["sd"],
            "n10": stats.games_needed(row["sd"], 0.10), "n5": stats.games_needed(row["sd"], 0.05),
            "seen": stats.smallest_visible_change(row["sd"], 100) * 100}


def _false_alarms() -> dict:
    from gamedesign.lab import stats

    return {"n": 28, "alarms": stats.expected_false_alarms(28)}


CAPSTONE = "docs/capstone.md"

FIGURES = [
    Figure(CAPSTONE, "team B wins {b:.0%} of games between two greedy bots ({lo:.0%} to {hi:.0%}, 300\ngames)", _gym_team_b),
    Figure(CAPSTONE, "team B (seat 1) wins {b:.0%} of 300 games ({lo:.0%} to {hi:.0%})", _gym_team_b),
    Figure(CAPSTONE, "In GYM, team B wins {b:.0%} of greedy games ({lo:.0%} to {hi:.0%}; 300 games, seed 1)", _gym_team_b),
    Figure(CAPSTONE, "# seat 1: {b:.2f}, {lo:.2f} to {hi:.2f}", _gym_pilot_summary),
    Figure(CAPSTONE, "stats.wilson({wins}, 200)", _gym_pilot_summary),
    Figure(CAPSTONE, "Games:    {n5:.0f} a variant (pilot spread {sd:.2f}: see below)", _pilot),
    Figure(CAPSTONE, 'table = lab.compare([standard, fix], "greedy", games={n5:.0f}, seed=10)', _pilot),
    Figure(CAPSTONE, "team A wins on a tie in {tie:.0%} of games", _gym_tie),
    Figure(CAPSTONE, "a Selfie scores {selfie:.1f} points a copy, the most of any card; players holding a "
           "Protein Shake x3 win {shake:.0%} ({lo:.0%} to {hi:.0%}) of the time against a fair 25%", _legday_cards),
    Figure(CAPSTONE, "a tie-break decides the winner in {tie:.0%} of games ({lo:.0%} to {hi:.0%})", _legday_tie_break),
    Figure(CAPSTONE, "greedy players finish in {greedy:.0f} turns (spread {spread:.1f}), but random play takes "
           "{random:.0f} on average and {timeout:.0%} of 100 games hit the {limit}-turn limit", _diet_length),
    Figure(CAPSTONE, "with greedy bots no seat stands out in either game: in Leg Day the seats win {leg_lo:.0%} "
           "to {leg_hi:.0%} of 300 games (the test that all four seats win equally often gives p = {leg_p:.2f}), "
           "in The Diet Game {diet_lo:.0%} to {diet_hi:.0%} (p = {diet_p:.2f}); every interval covers 25%", _first_seat),
    Figure(CAPSTONE, "# {base:.2f} -> {value:.2f}, {diff:+.2f} ({lo:+.2f} to {hi:+.2f}), sd {sd:.2f}", _pilot),
    Figure(CAPSTONE, "# {n10:.0f} games to see 10 points", _pilot),
    Figure(CAPSTONE, "# {n5:.0f} games to see 5 points", _pilot),
    Figure(CAPSTONE, "# 100 games see only about {seen:.0f} points", _pilot),
    Figure(CAPSTONE, "`stats.expected_false_alarms({n})` = {alarms:.1f}", _false_alarms),
]


# ----------------------------------------------------------------------------------------
# The teaching guide's slide table against the lessons' own slide titles
# ----------------------------------------------------------------------------------------

TEACHING = "docs/teaching.md"
SLIDE_ROW = re.compile(r"^\| (\d\d[a-z]?) [^|]*\| [^|]*\| (.+?) \|$", re.M)


def lesson_slide_titles() -> dict:
    """Lesson number -> the title its ``slide(chart, title, ...)`` call gives."""
    titles = {}
    for path in sorted((ROOT / "notebooks" / "solutions").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            source = "".join(cell["source"])
            if cell["cell_type"] != "code" or "slide(" not in source:
                continue
            for node in ast.walk(ast.parse(source)):
                if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "slide"
                        and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)):
                    titles[path.name.split("_")[0]] = node.args[1].value
    return titles


def slide_problems() -> list:
    text = (ROOT / TEACHING).read_text(encoding="utf-8")
    rows = {number: title for number, title in SLIDE_ROW.findall(text)}
    problems = []
    for number, title in lesson_slide_titles().items():
        if number not in rows:
            problems.append(f"{TEACHING}: no slide row for lesson {number} (its title: {title!r})")
        elif rows[number] != title:
            problems.append(f"{TEACHING}: lesson {number}'s slide is titled {title!r}, the guide says {rows[number]!r}")
    return problems


# ----------------------------------------------------------------------------------------


def stale(write: bool = False) -> list:
    """Every figure that differs from its run (rewritten in place when ``write``)."""
    problems = []
    texts = {}
    for figure in FIGURES:
        text = texts.setdefault(figure.path, (ROOT / figure.path).read_text(encoding="utf-8"))
        found = figure.pattern().findall(text)
        if not found:
            problems.append(f"{figure.path}: no sentence like {figure.template!r}")
            continue
        try:
            expected = figure.expected()
        except ClaimFailed as failed:
            problems.append(f"{figure.path}: the words around {figure.template[:40]!r}... are no longer true: {failed}")
            continue
        for old in found:
            if old != expected:
                problems.append(f"{figure.path}: {old!r} should read {expected!r}")
                if write:
                    texts[figure.path] = texts[figure.path].replace(old, expected)
    if write:
        for path, text in texts.items():
            (ROOT / path).write_text(text, encoding="utf-8")
    return problems + slide_problems()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the stale figures in place")
    args = parser.parse_args(argv)
    problems = stale(write=args.write)
    for problem in problems:
        print(problem)
    if args.write:
        left = stale()
        for problem in left:
            print("still:", problem)
        return 1 if left else 0
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
