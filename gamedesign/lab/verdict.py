"""Plain-word verdicts and short tables, written from the numbers of a comparison.

:func:`verdict` reads a table of :func:`gamedesign.lab.compare` and says, for every variant
(by its label), first in one short sentence what changed clearly, then in its details
whether anybody's chance to win changed, whether games got longer or shorter, how many
measures luck alone would make look changed among the outcome measures compared, and how
many games it would take to see a change that is not clear yet::

    With 6-point Bench Press, Bench Press is worth 0.87 more points a game to each scoring
    player (2.72 → 3.59 points).

    Details: Nobody's chance to win changes clearly; games are exactly as long. The lab
    compared 28 measures: ...

Every number has its unit, every seat is named as the game names it (player 1, team A).

Nothing is written per preset: every sentence comes from the differences, their intervals
and the corrected p-values (:func:`gamedesign.lab.stats.with_correction`). A change counts
as clear when it stays clear after Holm's correction for all the outcome measures of that
variant (the counts of how often a rule fired are corrected as a family of their own).

:func:`measures_table` gives the few measures a student chose (:data:`DEFAULT_MEASURES`
unless told) with friendly labels; ``measures_table(table, "all")`` gives every measure.
"""

from __future__ import annotations

import dataclasses
import math

import pandas as pd

from ..registry import GAMES, game_class
from . import labels
from .stats import LEVEL, expected_false_alarms, games_needed, is_diagnostic, round_games, with_correction

#: The measures of the short table, when a student chooses none (those present are shown).
DEFAULT_MEASURES = ("first seat edge", "win-rate gap", "seat 0 wins", "length", "mean score", "lead changes",
                    "early leader wins at 1/2", "drama")

#: The smallest change worth seeing, by kind of measure, for the games-needed hint.
CHANGE_WORTH_SEEING = {"share": 0.05, "points": 1.0, "length": 1.0, "count": 1.0}

#: Measures that repeat another one (left out of the headline).
_REPEATS = {"completed", "winning score", "decision points", "comeback", "balance chi-square p"}

def guess_game(measures) -> str | None:
    """The game a table of measures comes from, for a table whose game is not given: the
    first known game (the built-in ones first) that has a measure starting with one of
    its ``Game.verdict_signs`` (None: unknown). Give the game to say it outright."""
    names = list(measures)
    for game in GAMES:
        try:
            signs = getattr(game_class(game), "verdict_signs", ())
        except ValueError:  # a registered game that cannot be imported here
            continue
        if any(name.startswith(sign) for name in names for sign in signs):
            return game
    return None


def _check(comparison) -> None:
    if not isinstance(comparison, pd.DataFrame):
        raise ValueError(f"give the table of lab.compare(...), not {type(comparison).__name__}")
    needed = ["variant", "measure", "value", "baseline", "difference", "low", "high", "p"]
    missing = [c for c in needed if c not in comparison.columns]
    if missing:
        raise ValueError(f"the table of lab.compare(...) has the columns {', '.join(needed)}; missing: "
                         f"{', '.join(missing)}")


def _with_holm(comparison: pd.DataFrame) -> pd.DataFrame:
    if "clear_holm" in comparison.columns:
        return comparison
    return with_correction(comparison)


def format_value(value: float, name: str, game: str | None = None, unit: bool = False) -> str:
    """A measure's value as a sentence writes it: ``41%``, ``16.9``, ``2.81``; with
    ``unit=True`` in its unit too: ``16.9 turns``, ``2.81 points``, ``9.80 a game``."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "no value"
    kind = labels.measure(name, game).kind
    if kind == "share":
        return f"{value:.0%}" if abs(value) >= 0.1 or value == 0 else f"{value:.1%}"
    number = f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"
    said = labels.unit(name, game) if unit else ""
    return f"{number} {said}" if said else number


def format_change(change: float, name: str, game: str | None = None, sign: bool = True) -> str:
    """A change in its unit: ``+5 percentage points``, ``-4.0 turns``, ``+0.87 points``."""
    kind = labels.measure(name, game).kind
    unit = labels.unit(name, game)
    if kind == "share":
        number = f"{change * 100:+.0f}" if abs(change) >= 0.01 else f"{change * 100:+.1f}"
    else:
        number = f"{change:+.2f}" if abs(change) < 10 else f"{change:+.1f}"
    if not sign:
        number = number.lstrip("+-")
    return f"{number} {unit}".strip()


def _phrase(row, game) -> str:
    """One clear change as words, every number with its unit."""
    name, diff = row["measure"], row["difference"]
    before = format_value(row["baseline"], name, game)
    after = format_value(row["value"], name, game, unit=True)
    if name.startswith("points from "):
        card = name.removeprefix("points from ")
        more = "more" if diff > 0 else "fewer"
        return (f"{card} is worth {abs(diff):.2f} {more} {labels.point_unit(game)} a game to each "
                f"scoring player ({before} → {after})")
    label = _lower(labels.label(name, game))
    way = "up" if diff > 0 else "down"
    return f"{label}: {way} {format_change(diff, name, game, sign=False)} ({before} → {after})"


def _lower(label: str) -> str:
    """A label inside a sentence: "Lead changes" -> "lead changes" (names such as "GYM" kept)."""
    return label if label[:2].isupper() or label.split()[0] in _NAMES else label[0].lower() + label[1:]


_NAMES = {"Seat", "Coaches", "Brat", "Event"}


def _capital(text: str) -> str:
    """A sentence's first letter as a capital ("team A's chance" -> "Team A's chance")."""
    return text[:1].upper() + text[1:]


def _hint(row, game, games: int) -> str:
    """How many games it takes to see the change worth seeing, from the paired differences' spread."""
    name = row["measure"]
    kind = labels.measure(name, game).kind
    change = CHANGE_WORTH_SEEING.get(kind)
    sd = row.get("sd", math.nan)
    if change is None or sd is None or math.isnan(sd) or sd == 0:
        return ""
    needed = games_needed(sd, change)
    if math.isnan(needed) or needed <= games:
        return ""
    what = format_change(change, name, game, sign=False)
    if kind == "length":
        what = what.replace("1.00 ", "1 ").replace("days", "day").replace("turns", "turn").replace("moves", "move")
    if name.startswith("seat ") and name.endswith(" wins"):
        where = f"{labels.seat_name(int(name.split()[1]), game)}'s win rate"
    elif name == "first seat edge":
        where = f"{labels.seat_name(0, game)}'s win rate"
    elif name == "length":
        where = "the length of a game"
    else:
        where = _lower(labels.label(name, game))
    return f"to see a change of {what} in {where} you would need about {round_games(needed):,} games"


@dataclasses.dataclass
class Verdict:
    """The verdict on each variant, by the variant's label: ``sentences`` (variant -> list of
    sentences: the short verdict first, one sentence on what changed clearly, then the
    details) and ``notes`` (the note about chance, in plain words).

    ``str(verdict)`` is the text: for each variant a short paragraph, then a paragraph
    starting "Details:". In a notebook (Markdown) the details are one click away, folded
    under the short verdict. :attr:`short` and :attr:`details` give the two parts."""

    baseline: str
    sentences: dict
    notes: dict

    @property
    def short(self) -> dict:
        """Variant -> its short verdict (one sentence on what changed clearly)."""
        return {v: s[0] for v, s in self.sentences.items()}

    @property
    def details(self) -> dict:
        """Variant -> the details: the other measures and the note about chance."""
        return {v: " ".join([*self.sentences[v][1:], *self.notes[v]]) for v in self.sentences}

    @property
    def text(self) -> str:
        """Every variant's verdict: the short one, then its details."""
        details = self.details
        return "\n\n".join(self.short[v] + (f"\n\nDetails: {details[v]}" if details[v] else "")
                            for v in self.sentences)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        details = self.details
        return "\n\n".join(
            f"**{v}** (compared with {self.baseline}): {self.short[v]}"
            + (f"\n\n<details><summary>Details: the other measures and the statistics</summary>\n\n{details[v]}"
               "\n\n</details>" if details[v] else "")
            for v in self.sentences)


def verdict(comparison: pd.DataFrame, game: str | None = None) -> Verdict:
    """The plain-word verdict on every variant of a comparison (see the module's docstring).

    ``game`` names the units (days, turns, pounds) and the seats (player 1, team A); by
    default it is told from the measures.
    """
    _check(comparison)
    table = _with_holm(comparison)
    game = game or guess_game(table["measure"])
    names = list(dict.fromkeys(table["variant"]))
    if len(names) < 2:
        raise ValueError("a verdict compares variants: the table has only the baseline "
                         f"{names[0] if names else ''!r}; run at least two variants")
    sentences, notes = {}, {}
    for name in names[1:]:
        rows = table[table["variant"] == name]
        games = int(rows["pairs"].max()) if "pairs" in rows and len(rows) else 0
        clear = rows[rows["clear_holm"].fillna(False).astype(bool)]
        changed, details = [], []  # what changed clearly (the short verdict), and the rest
        # 1. what changed clearly, the largest changes (in spreads) first
        headline = clear[~clear["measure"].str.fullmatch(r"seat \d+ wins") & ~clear["measure"].isin(
            ["length", "win-rate gap", "first seat edge", *_REPEATS]) & ~clear["measure"].str.startswith("in play: ") & ~clear["measure"].map(is_diagnostic).astype(bool)]
        worth = headline.apply(lambda r: CHANGE_WORTH_SEEING.get(labels.measure(r["measure"], game).kind, 0.0),
                               axis=1) if len(headline) else []
        if len(headline):  # changes too small to matter at the table are left out of the headline
            headline = headline[headline["difference"].abs() >= 0.2 * pd.Series(worth, index=headline.index)]
        if len(headline):
            strength = (headline["difference"].abs() / headline["sd"].where(headline["sd"] > 0)).fillna(math.inf)
            top = headline.assign(strength=strength).sort_values("strength", ascending=False).head(3)
            phrases = [_phrase(r, game) for _, r in top.iterrows()]
            changed += phrases[:2]
            details += phrases[2:]
        # 2. who wins: the first seat's edge when it says it all (a game of two sides)
        repeats = (rows["repeats"].astype(object).where(rows["repeats"].notna(), "") if "repeats" in rows
                   else pd.Series("", index=rows.index))
        seats = rows[rows["measure"].str.fullmatch(r"seat \d+ wins") & repeats.eq("")]
        edge = rows[rows["measure"] == "first seat edge"]
        told = seats if "seat 0 wins" in set(seats["measure"]) else pd.concat([edge, seats])
        seats_clear = told[told["clear_holm"].fillna(False).astype(bool)]
        if len(seats_clear):
            changed += [_who_wins(r, rows, game) for _, r in seats_clear.iterrows()]
        elif len(told):
            widest = told.sort_values("sd", ascending=False).iloc[0]
            hint = _hint(widest, game, games)
            details.append("nobody's chance to win changes clearly" + (f" ({hint})" if hint else ""))
        gap = rows[(rows["measure"] == "win-rate gap") & repeats.eq("")]
        if len(gap) and bool(gap["clear_holm"].fillna(False).iloc[0]):
            g = gap.iloc[0]
            changed.append(f"the gap between the best and the worst seat "
                           f"{'widens' if g['difference'] > 0 else 'narrows'} from "
                           f"{format_value(g['baseline'], 'win-rate gap')} to {format_value(g['value'], 'win-rate gap')}")
        # 3. length
        length = rows[rows["measure"] == "length"]
        if len(length):
            r = length.iloc[0]
            unit = labels.length_unit(game, "moves")
            if r["difference"] == 0 and (r.get("sd", 0) == 0 or math.isnan(r.get("sd", 0))):
                details.append("games are exactly as long")
            elif bool(r["clear_holm"]):
                way = "longer" if r["difference"] > 0 else "shorter"
                changed.append(f"games are {abs(r['difference']):.1f} {unit} {way} "
                               f"({r['baseline']:.1f} → {r['value']:.1f} {unit})")
            else:
                hint = _hint(r, game, games)
                details.append("games are not clearly longer or shorter" + (f" ({hint})" if hint else ""))
        if not changed:
            short = f"{_capital(name)} changes nothing clearly in {games:,} games."
        else:
            short = f"With {name}, {'; '.join(changed)}."
        sentences[name] = [short] + ([_capital("; ".join(details)) + "."] if details else [])
        notes[name] = [_chance_note(rows)]
    return Verdict(names[0], sentences, notes)


def _who_wins(row, rows, game) -> str:
    """A clear change in who wins, as a seat's chance to win (the first seat's when the
    change is told by its edge: the chance itself reads better than the edge)."""
    name = row["measure"]
    if name == "first seat edge":
        first = rows[rows["measure"] == "seat 0 wins"]
        if len(first):
            row, name = first.iloc[0], "seat 0 wins"
        else:
            return (f"{labels.seat_name(0, game)}'s edge {'grows' if row['difference'] > 0 else 'shrinks'} from "
                    f"{format_change(row['baseline'], name)} to {format_change(row['value'], name)}")
    seat = labels.seat_name(int(name.split()[1]), game)
    return (f"{seat}'s chance to win {'rises' if row['difference'] > 0 else 'falls'} from "
            f"{format_value(row['baseline'], name)} to {format_value(row['value'], name)} "
            f"({format_change(row['difference'], name)})")


def _chance_note(rows: pd.DataFrame) -> str:
    """How many measures were compared, how many of them luck alone would make look changed,
    and how many pass the stricter test that allows for it (Holm's correction), in plain
    words. The counts of how often a rule fired are left out; a measure that repeats
    another one is counted once."""
    tested = rows[rows["p"].notna() & ~rows["measure"].map(is_diagnostic).astype(bool)]
    if "repeats" in tested:  # a measure that repeats another one is counted once
        tested = tested[tested["repeats"].astype(object).where(tested["repeats"].notna(), "").eq("")]
    m = len(tested)
    if m == 0:
        return ""
    raw = int(tested["clear"].fillna(False).astype(bool).sum()) if "clear" in tested else 0
    kept = int(tested["clear_holm"].fillna(False).astype(bool).sum())
    alarms = expected_false_alarms(m, LEVEL)
    luck = ("might make one of them" if alarms < 0.75 else f"would make about {round(alarms)} of them")
    passed = {0: "none passes it", 1: "1 passes it"}.get(kept, f"{kept} pass it")
    text = (f"The lab compared {m} measures: luck alone {luck} look changed, so a change counts as clear only "
            f"if it passes a stricter test (Holm's correction): {passed}")
    only_raw = raw - kept
    if only_raw > 0:
        text += f"; {only_raw} more {'passes' if only_raw == 1 else 'pass'} only the ordinary test and could be luck"
    return text + "."


def measures_table(comparison: pd.DataFrame, measures=None, game: str | None = None,
                   explain: bool = False) -> pd.DataFrame:
    """A short table of the chosen measures: one row per measure (its friendly label), the
    baseline's value, each variant's value and change with its 95% interval, and whether
    the change is clear (after the correction for many measures).

    ``measures``: a list of measure names, ``None`` for :data:`DEFAULT_MEASURES`, or
    ``"all"`` for every measure of the table. ``explain=True`` adds each measure's one-line
    explanation (from :mod:`gamedesign.lab.labels`).
    """
    _check(comparison)
    table = _with_holm(comparison)
    game = game or guess_game(table["measure"])
    present = list(dict.fromkeys(table["measure"]))
    if measures is None:
        chosen = [m for m in DEFAULT_MEASURES if m in present]
    elif isinstance(measures, str) and measures == "all":
        chosen = present
    else:
        if isinstance(measures, str):
            measures = [measures]
        unknown = [m for m in measures if m not in present]
        if unknown:
            raise ValueError(f"no measure {unknown[0]!r} in the table; measures: {', '.join(present)}")
        chosen = list(measures)
    names = list(dict.fromkeys(table["variant"]))
    indexed = table.set_index(["variant", "measure"])
    out = pd.DataFrame(index=pd.Index([labels.label(m, game) for m in chosen], name="measure"))
    base = [indexed.loc[(names[0], m), "value"] if (names[0], m) in indexed.index else math.nan for m in chosen]
    out[names[0]] = [format_value(v, m, game, unit=True) for v, m in zip(base, chosen)]
    for name in names[1:]:
        values, changes, clear = [], [], []
        for m in chosen:
            if (name, m) not in indexed.index:
                values.append(""), changes.append(""), clear.append("")
                continue
            r = indexed.loc[(name, m)]
            values.append(format_value(r["value"], m, game, unit=True))
            if pd.isna(r["difference"]):
                changes.append(""), clear.append("")
                continue
            interval = ("" if pd.isna(r["low"]) else
                        f" [{format_change(r['low'], m, game).split()[0]}, {format_change(r['high'], m, game).split()[0]}]")
            changes.append(format_change(r["difference"], m, game) + interval)
            if bool(r.get("clear_holm", False)):
                clear.append("yes")
            elif bool(r.get("clear", False)):
                clear.append("maybe (not after correction)")
            else:
                clear.append("no")
        suffix = f" ({name})" if len(names) > 2 else ""
        out[f"{name}"] = values
        out[f"change{suffix}"] = changes
        out[f"clear{suffix}"] = clear
    if explain:
        out["what it means"] = [labels.explain(m, game) for m in chosen]
    return out


__all__ = ["CHANGE_WORTH_SEEING", "DEFAULT_MEASURES", "Verdict", "format_change", "format_value", "guess_game",
           "measures_table", "verdict"]
