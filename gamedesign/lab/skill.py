"""Skill depth of variants: does a rule change make the better player win more often?

:func:`compare_skill` plays each variant's matchup matrix between graded strengths
(:func:`gamedesign.ladder.matchup_matrix`: every ordered pair on the same seeds, the
tested bot in every seat in turn) and sums each one up with
:func:`gamedesign.ladder.skill_depth`: the mean edge of the stronger bot over the fair
share, as a fraction of the most it could be (1: the better player always wins; 0: skill
does not show), with a 95% interval.

The default strengths, ``random`` and ``greedy``, are cheap: a few seconds for a few
hundred games. Adding ``"search"`` measures a finer step of skill at a much larger cost.
"""

from __future__ import annotations

import pandas as pd

from ..ladder import matchup_matrix, skill_depth
from .compare import as_labelled_variants

#: The most strengths one comparison plays (each adds a row and a column of matchups).
MAX_STRENGTHS = 5


def compare_skill(variants, strengths=("random", "greedy"), games: int = 400, seed: int = 0, *, workers=None) -> pd.DataFrame:
    """One row per variant: its ``skill depth`` with ``low`` and ``high`` (95%), the
    share of stronger-over-weaker pairs whose interval lies above the fair share
    (``pairs separated``), and each pair's win rate (``"greedy over random"``: the
    stronger bot's win rate against copies of the weaker one).

    ``variants``: :class:`~gamedesign.lab.Variant` objects, dicts or preset names (any
    games: skill depth is a share, so variants of different player counts compare too).
    ``strengths``: bot names, weakest first. Every variant plays the same seeds.
    """
    variants, labels = as_labelled_variants(variants)
    strengths = list(strengths)
    if not 2 <= len(strengths) <= MAX_STRENGTHS or not all(isinstance(s, str) for s in strengths):
        raise ValueError(
            f"strengths are 2 to {MAX_STRENGTHS} bot names, weakest first (e.g. ['random', 'greedy', 'search']); "
            f"not {strengths!r}"
        )
    rows = []
    for label, v in zip(labels, variants):
        matrix = matchup_matrix(v.build(), strengths, games, seed, workers=workers)
        depth = skill_depth(matrix, strengths)
        row = {
            "variant": label,
            "skill depth": depth["depth"],
            "low": depth["low"],
            "high": depth["high"],
            "pairs separated": depth["separated"],
            "games per pair": games,
        }
        for i, weaker in enumerate(strengths):
            for stronger in strengths[i + 1 :]:
                pair = matrix[(matrix["tested"] == stronger) & (matrix["field"] == weaker)].iloc[0]
                row[f"{stronger} over {weaker}"] = pair["win rate"]
        rows.append(row)
    return pd.DataFrame(rows).set_index("variant")


__all__ = ["MAX_STRENGTHS", "compare_skill"]
