"""The design lab: what-if variants and decks, paired comparisons and design metrics.

* ``variants.py`` - :class:`Variant` (game, players, rule options, deck changes) as data,
  preset files in JSON or TOML, the shipped presets in ``presets/``
* ``record.py``   - :func:`record_games`: play seeded games and keep per-move facts
* ``metrics.py``  - design measures computed from game records
* ``compare.py``  - :func:`compare`: variants on the same seeds, differences with 95% intervals

Charts are in :mod:`gamedesign.charts.lab`, the what-if app in :mod:`gamedesign.apps.lab`.
No display code is imported here.
"""

from .variants import Variant, apply_deck_changes, load_preset, preset_names, save_preset, variant

__all__ = ["Variant", "apply_deck_changes", "load_preset", "preset_names", "save_preset", "variant"]
