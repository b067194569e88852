"""GYM: two teams pick Kids, steer the Event Schedule, then place Kids at gym-class events.

How the engine reads the rulebook where it is silent or ambiguous: ``docs/gym.md``.

Rules in brief (2, 4 or 6 players; teams A and B; seats alternate A1, B1, A2, B2, ...):

* The six Events form the Event Schedule in a random column order. 12 of the 24 Kids are
  revealed in a row, the other 12 wait for the second reveal.
* Pick phase: take a face-up Kid; after a Brat you may advance one event 2 steps or two
  events 1 step each. After all 24 picks the 4 most advanced events are in play (ties go
  to the event higher in the column); the other two become Coaches.
* Play phase: place a Kid on an empty position of your team's side (4 events x 3), then
  optionally one Event Action (the event's, or one of the Kid's skill colours in play):
  Lift, Switch, Force, Swap, Pick or Move. After placing a Brat you may put either Coach
  beside any side of any event: it blocks actions that move Kids onto or off that side.
* When every Kid is placed, each team scores its Kids' values in each event's colour.
  Highest total wins; a tie goes to team A, who took the first turn.

* ``cards.py`` - the deck file ``deck.json``, its validation, Events and Kids
* ``rules.py`` - options, actions, the game state and scoring
* ``bots.py``  - the greedy bot
* ``odds.py``  - exact odds of the deal with sympy, and their checks by dealing
* ``determinize.py`` - ``sample_state``: a full state agreeing with one player's view (for search)
* ``batch.py``  - thousands of games at once with numpy, for random and greedy bots
"""

from .bots import GreedyGymBot
from .cards import ACTIONS, COLOURS, DEFAULT_DECK, Deck, Event, Kid, load_deck, parse_deck
from .determinize import sample_state
from .rules import (
    Advance,
    Coach,
    Force,
    GiveBack,
    GymGame,
    GymOptions,
    GymState,
    Lift,
    Move,
    PickFrom,
    Place,
    Skip,
    Swap,
    Switch,
    Take,
    score_board,
    select_events,
    team_of,
)

GAME_CLASS = GymGame
BOTS = {"greedy": GreedyGymBot}

__all__ = [
    "ACTIONS", "BATCH_BOTS", "BATCH_SIZE", "COLOURS", "DEFAULT_DECK", "Advance", "Coach", "Deck", "Event", "Force",
    "GiveBack", "GreedyGymBot", "GymGame", "GymOptions", "GymState", "Kid", "Lift", "Move", "PickFrom", "Place", "Skip",
    "Swap", "Switch", "Take", "batch_supports", "batch_table", "load_deck", "parse_deck", "sample_state",
    "score_board", "select_events", "team_of",
]


def __getattr__(name: str):
    """The batch path (numpy and pandas) is imported on first use: loading the game stays quick."""
    if name in ("BATCH_BOTS", "BATCH_SIZE", "batch_table", "batch_supports"):
        from . import batch

        return getattr(batch, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
