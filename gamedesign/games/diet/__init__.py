"""The Diet Game: race to lose 10 pounds before your 15-year high-school reunion.

How the engine reads the rulebook where it is silent or ambiguous: ``docs/diet.md``.

Rules in short: 2-6 players share a 52-card deck and start at weight 0. Each turn the
active player goes through eight phases: A New Day (fill the hand to 7; an empty deck is
replaced by the shuffled discard pile), Planning (swap up to 3 cards), Breakfast,
Exercise, Lunch, Dinner, Cheat and Snack. In a meal phase you eat a meal worth 0 or -1
pounds; if you eat none, the player to your right may feed you a fattening (+1) meal of
that kind. Your Exercise card (-1) can be cancelled by an opponent's Laziness; in the
Cheat phase one opponent may play a Cheat (+1) on you, which your Willpower cancels.
The first player whose weight reaches -10 wins at once. Scores are weight changes:
negative is good.

* ``deck.json`` - the 52 cards, hand size 7 and the Planning limit of 3 (editable data)
* ``cards.py``  - loading and checking a deck, what each card does
* ``rules.py``  - options, the actions (``Play``, ``Discard``, ``Skip``, ``Pass``), the state
* ``bots.py``   - the greedy bot
* ``reasons.py`` - ``why_not``: why a card cannot be played now, in the rules' terms
* ``odds.py``   - exact odds of covering a meal, with and without the Planning swap
* ``determinize.py`` - ``sample_state``: a full state agreeing with one player's view (for search)
* ``batch.py``  - many games at once with numpy, for random and greedy bots
"""

from .batch import BATCH_BOTS, BATCH_SIZE, batch_table
from .bots import GreedyDietBot
from .cards import DEFAULT_DECK, KINDS, MEALS, Card, Deck, load_deck, parse_deck
from .determinize import sample_state
from .reasons import why_not
from .rules import (
    CAUSES,
    PHASE_TITLES,
    PHASES,
    PLAYER_NAMES,
    DietGame,
    DietOptions,
    DietState,
    Discard,
    Pass,
    Play,
    Skip,
    personalise,
)

GAME_CLASS = DietGame
BOTS = {"greedy": GreedyDietBot}

__all__ = [
    "BATCH_BOTS",
    "BATCH_SIZE",
    "CAUSES",
    "Card",
    "DEFAULT_DECK",
    "Deck",
    "DietGame",
    "DietOptions",
    "DietState",
    "Discard",
    "GreedyDietBot",
    "KINDS",
    "MEALS",
    "PHASES",
    "PHASE_TITLES",
    "PLAYER_NAMES",
    "Pass",
    "Play",
    "Skip",
    "batch_table",
    "load_deck",
    "parse_deck",
    "personalise",
    "sample_state",
    "why_not",
]
