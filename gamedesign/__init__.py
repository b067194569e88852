"""gamedesign: learn and explore tabletop game design in Jupyter.

Three card games behind one protocol (``load(name, players=N, **options)``), bots,
simulation into pandas tables, exact odds with sympy, Altair charts and widget apps.
Your own game joins them with ``register(MyGame)``; ``check_game(MyGame)`` says whether
it keeps the protocol. ``where()`` says where this Python runs: in the browser
(``"jupyterlite"``), on Binder or on a computer of one's own.
"""

from .bots import BotError
from .checks import check_game
from .core import Game, IllegalAction, Result, State
from .registry import GAMES, load, register
from .runtime import where
from .simulate import play_game, simulate

__version__ = "0.1.0"

__all__ = [
    "GAMES", "BotError", "Game", "IllegalAction", "Result", "State", "check_game", "load", "play_game", "register",
    "simulate", "where", "__version__",
]
