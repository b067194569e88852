"""The design lab: what-if variants and decks, paired comparisons and design metrics.

* ``variants.py`` - :class:`Variant` (game, players, rule options, deck changes) as data,
  preset files in JSON or TOML, the shipped presets in ``presets/``
* ``record.py``   - :func:`record_games`: play seeded games and keep per-move facts
* ``metrics.py``  - design measures computed from game records, and :func:`rule_use`: how
  often each rule option's branch fired
* ``compare.py``  - :func:`compare`: variants on the same seeds, differences with 95% intervals
* ``stats.py``    - Wilson intervals, paired tests, Holm's correction, games needed to see a change
* ``verdict.py``  - :func:`verdict`: what a comparison shows, in plain words; :func:`measures_table`
* ``labels.py``   - the friendly name and one-line explanation of every measure, option and deck number
* ``balance.py``  - :func:`search_balance`: Optuna searches variants for one that meets a goal
* ``skill.py``    - :func:`compare_skill`: the skill depth of each variant (do better players win more?)
* ``concepts.py`` - design concepts measured: an early lead, player counts, how much a choice matters,
  whether take-that hits the leader

Charts are in :mod:`gamedesign.charts.lab`, the what-if app in :mod:`gamedesign.apps.lab`.
No display code is imported here.
"""

from . import balance, concepts, labels, metrics, stats
from .balance import search_balance
from .compare import compare, compare_records, compare_tables, comparison_summary, run_variants
from .metrics import rule_use
from .record import GameRecord, record_games
from .skill import compare_skill
from .variants import Variant, apply_deck_changes, load_preset, preset_names, save_preset, variant
from .verdict import measures_table, verdict

__all__ = [
    "GameRecord",
    "Variant",
    "apply_deck_changes",
    "balance",
    "compare",
    "compare_records",
    "compare_skill",
    "concepts",
    "compare_tables",
    "labels",
    "comparison_summary",
    "load_preset",
    "measures_table",
    "metrics",
    "preset_names",
    "record_games",
    "rule_use",
    "run_variants",
    "save_preset",
    "search_balance",
    "stats",
    "variant",
    "verdict",
]
