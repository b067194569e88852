"""Don't Skip Leg Day as the search bot plays it: its settings at each named strength.

Leg Day's search tries every card in hand on the same sampled deals and lets greedy
players finish each game in a batch (``rollouts.finish``), a few hundred games in a few
tens of milliseconds. ``"search"``: 250 playouts, about 36 ms of one core of the 2-core
machine of ``benchmarks/RESULTS.md`` (``benchmarks/search_decision.py``), capped at 45 ms;
``"expert"``: 2,000 playouts, capped at a second. The card with the best mean reward is
played.
"""

from __future__ import annotations

#: Settings of ``gamedesign.search.SearchBot`` per strength (see ``search.settings``).
SEARCH_SETTINGS = {
    "search": {"iterations": 250, "time_budget": 0.045, "confidence": None},
    "expert": {"iterations": 2000, "time_budget": 1.0, "confidence": None},
}

__all__ = ["SEARCH_SETTINGS"]
