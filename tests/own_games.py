"""Games a student might write, in an importable module (worker processes import it).

Nothing is registered when this module is imported: the tests register and forget.
"""

from __future__ import annotations

import dataclasses

from gamedesign.core import Game, Result, State, check_seed
from gamedesign.games.template import SprintGame


class MySprint(SprintGame):
    """A student's copy of Sprint Finish, with a greedy bot that always saves effort."""

    name, title = "mysprint", "My Sprint"

    def action_value(self, observation, card):
        return -card


@dataclasses.dataclass(frozen=True)
class NoOptions:
    """Counting Race has no rule options."""


class CountingGame(Game):
    """Counting Race: players take turns adding 1 or 2; who says 10 wins. No running
    scores, no sample_state, no value function: only the protocol."""

    name, title, min_players, max_players = "counting", "Counting Race", 2, 3
    Options = NoOptions

    def new_state(self, seed=None):
        return CountingState(self, check_seed(seed))

    def parse_action(self, text):
        if text not in ("1", "2"):
            raise ValueError(f"an action is 1 or 2, not {text!r}")
        return int(text)


class CountingState(State):
    """The running total and whose turn it is."""

    FIELDS = ("seed", "total", "turn")

    def __init__(self, game, seed):
        self.game, self.seed, self.total, self.turn = game, seed, 0, seed % game.num_players

    def to_move(self):
        return [] if self.total >= 10 else [self.turn]

    def legal_actions(self, player):
        return [1, 2] if player in self.to_move() else []

    def _apply(self, player, step):
        self.total += step
        if self.total < 10:
            self.turn = (self.turn + 1) % self.game.num_players

    def observe(self, player):
        return {"total": self.total, "turn": self.turn}

    def result(self):
        self._require_over()
        return Result(scores=tuple(int(p == self.turn) for p in range(self.game.num_players)), winners=(self.turn,))


def names_in_worker(name):
    """Run in a worker process: the games it knows, and the title of ``name`` loaded there."""
    import gamedesign

    return tuple(gamedesign.GAMES), gamedesign.load(name).title


class EndlessGame(CountingGame):
    """Counting Race with a bug: a move passes the turn but adds nothing, so the game never
    ends (``check_game`` finds it)."""

    name, title = "endless", "Endless Race"

    def new_state(self, seed=None):
        return EndlessState(self, check_seed(seed))


class EndlessState(CountingState):
    """The total never grows."""

    def _apply(self, player, step):
        self.turn = (self.turn + 1) % self.game.num_players


class StuckGame(CountingGame):
    """Counting Race with a bug: from a total of 4 the player to move has no legal move."""

    name, title = "stuck", "Stuck Race"

    def new_state(self, seed=None):
        return StuckState(self, check_seed(seed))


class StuckState(CountingState):
    """No legal move once the total reaches 4, though the game is not over."""

    def legal_actions(self, player):
        return [] if self.total >= 4 else super().legal_actions(player)
