"""gamedesign: learn and explore tabletop game design in Jupyter.

Three card games behind one protocol (``load(name, players=N, **options)``), bots,
simulation into pandas tables, exact odds with sympy, Altair charts and widget apps.
"""

from .bots import BotError
from .core import Game, IllegalAction, Result, State
from .registry import GAMES, load
from .simulate import play_game, simulate

__version__ = "0.1.0"

__all__ = ["GAMES", "BotError", "Game", "IllegalAction", "Result", "State", "load", "play_game", "simulate", "__version__"]
