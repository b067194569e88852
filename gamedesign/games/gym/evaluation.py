"""GYM as the search bot plays it: its settings at each named strength.

GYM's search is the tree search of ``gamedesign.search`` with greedy rollouts.
``"search"``: 48 playouts a decision, each cut 12 moves after the tree and scored on the
team totals then (about 40 ms of one core of the 2-core machine of
``benchmarks/RESULTS.md``, ``benchmarks/search_decision.py``), capped at 45 ms, the
greedy move kept unless beaten by a standard error; ``"expert"``: 200 whole playouts,
capped at a second.
"""

from __future__ import annotations

#: Settings of ``gamedesign.search.SearchBot`` per strength (see ``search.settings``).
SEARCH_SETTINGS = {
    "search": {"iterations": 48, "time_budget": 0.045, "horizon": 12, "confidence": 1.0},
    "expert": {"iterations": 200, "time_budget": 1.0, "horizon": None, "confidence": None},
}

__all__ = ["SEARCH_SETTINGS"]
