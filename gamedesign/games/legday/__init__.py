"""Don't Skip Leg Day: a 108-card drafting game over two weeks of workouts.

How the engine reads the rulebook where it is silent or ambiguous: ``docs/legday.md``.

* ``cards.py``   - the deck file ``deck.json``, its validation, what each card is
* ``rules.py``   - options, the ``Pick`` action, the game state (days, passing, weeks)
* ``scoring.py`` - elimination, scoring, the shake race and the winner, as plain functions
* ``bots.py``    - the greedy bot
* ``determinize.py`` - ``sample_state``: a full state agreeing with one player's view (for search)
* ``batch.py``   - thousands of games at once with numpy, for random and greedy bots
"""

from .bots import GreedyLegDayBot
from .cards import CATEGORIES, DEFAULT_DECK, Card, Deck, load_deck, parse_deck
from .determinize import sample_state
from .rules import LegDayGame, LegDayOptions, LegDayState, Pick
from .scoring import ScoreReport, score_tableaus, squat_count

GAME_CLASS = LegDayGame
BOTS = {"greedy": GreedyLegDayBot}

__all__ = [
    "CATEGORIES",
    "DEFAULT_DECK",
    "Card",
    "Deck",
    "GreedyLegDayBot",
    "LegDayGame",
    "LegDayOptions",
    "LegDayState",
    "Pick",
    "ScoreReport",
    "load_deck",
    "parse_deck",
    "sample_state",
    "score_tableaus",
    "squat_count",
]


def __getattr__(name: str):
    """The batch path (numpy and pandas) is imported on first use: loading the game stays quick."""
    if name in ("BATCH_BOTS", "BATCH_SIZE", "batch_table"):
        from . import batch

        return getattr(batch, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
