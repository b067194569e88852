"""The design lab: what-if variants and decks, paired comparisons and design metrics.

* ``variants.py`` - :class:`Variant` (game, players, rule options, deck changes) as data,
  preset files in JSON or TOML, the shipped presets in ``presets/``
* ``record.py``   - :func:`record_games`: play seeded games and keep per-move facts
* ``metrics.py``  - design measures computed from game records
* ``compare.py``  - :func:`compare`: variants on the same seeds, differences with 95% intervals

Charts are in :mod:`gamedesign.charts.lab`, the what-if app in :mod:`gamedesign.apps.lab`.
No display code is imported here.
"""

from . import metrics
from .compare import compare, compare_records, compare_tables, comparison_summary, run_variants
from .record import GameRecord, record_games
from .variants import Variant, apply_deck_changes, load_preset, preset_names, save_preset, variant

__all__ = [
    "GameRecord",
    "Variant",
    "apply_deck_changes",
    "compare",
    "compare_records",
    "compare_tables",
    "comparison_summary",
    "load_preset",
    "metrics",
    "preset_names",
    "record_games",
    "run_variants",
    "save_preset",
    "variant",
]
