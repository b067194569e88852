"""Two games written as a student would from docs/writing-a-game.md, in an importable module
(worker processes import it): a simultaneous-bid game in the style of Goofspiel, and Pig,
a push-your-luck dice game. A third, :class:`LeakyBidGame`, shows the other players'
pending bids in its observation: the hidden-information check must catch it.

Nothing is registered when this module is imported: the tests register and forget.
"""

from __future__ import annotations

import dataclasses
import random

from gamedesign.core import Game, Result, State, check_seed, option


# -- Bids: every player bids a card in secret for the prize turned up ---------------------


@dataclasses.dataclass(frozen=True)
class BidOptions:
    """Bids' rule options: how many cards, and what a tie for the prize does."""

    cards: int = option(6, between=(3, 10), doc="bid cards per player, and prizes")
    ties: str = option("discard", choices=("discard", "split"), doc="a tied prize is lost, or shared")


class BidGame(Game):
    """Bids for 2 to 4 players: the highest secret bid takes the prize."""

    name, title = "bids", "Bids"
    min_players, max_players = 2, 4
    Options = BidOptions

    def new_state(self, seed=None):
        return BidState(self, check_seed(seed))

    def parse_action(self, text):
        if not isinstance(text, str) or text.strip() not in [str(c) for c in range(1, self.options.cards + 1)]:
            raise ValueError(f"a bid is a number from 1 to {self.options.cards}, not {text!r:.40}")
        return int(text)

    def action_value(self, observation, card):
        return -abs(card - observation["prize"])


class BidState(State):
    """The prizes face down, the hands, the pending bids and the points."""

    FIELDS = ("seed", "prizes", "prize", "hands", "bids", "points")

    def __init__(self, game, seed):
        self.game, self.seed = game, seed
        cards = game.options.cards
        self.prizes = random.Random(seed).sample(range(1, cards + 1), cards)
        self.prize = self.prizes.pop()
        self.hands = [list(range(1, cards + 1)) for _ in range(game.num_players)]
        self.bids = [None] * game.num_players
        self.points = [0.0] * game.num_players

    def to_move(self):
        return [] if self.prize is None else [p for p, bid in enumerate(self.bids) if bid is None]

    def legal_actions(self, player):
        return list(self.hands[player]) if player in self.to_move() else []

    def _apply(self, player, card):
        self.hands[player].remove(card)
        self.bids[player] = card
        if None in self.bids:
            return
        top = max(self.bids)
        takers = [p for p, bid in enumerate(self.bids) if bid == top]
        if len(takers) == 1 or self.game.options.ties == "split":
            for p in takers:
                self.points[p] += self.prize / len(takers)
        self.bids = [None] * len(self.bids)
        self.prize = self.prizes.pop() if self.prizes else None

    def observe(self, player):
        return {"prize": self.prize, "your cards": list(self.hands[player]), "your bid": self.bids[player],
                "points": list(self.points), "prizes left": sorted(self.prizes)}

    def result(self):
        self._require_over()
        best = max(self.points)
        return Result(scores=tuple(self.points), winners=tuple(p for p, s in enumerate(self.points) if s == best))

    def running_scores(self):
        return tuple(self.points)

    def hidden_variant(self, player, rng):
        """The face-down prizes in another order: all this game thinks it hides."""
        if len(set(self.prizes)) < 2:
            return None
        twin = self.clone()
        while twin.prizes == self.prizes:
            rng.shuffle(twin.prizes)
        return twin


class LeakyBidGame(BidGame):
    """Bids, with a bug: the observation shows everyone's pending bids."""

    name, title = "leaky_bids", "Leaky Bids"

    def new_state(self, seed=None):
        return LeakyBidState(self, check_seed(seed))


class LeakyBidState(BidState):
    def observe(self, player):
        view = super().observe(player)
        view["table"] = {"bids": list(self.bids)}  # the bug: the others' secret bids are visible
        return view


# -- Pig: roll a die as often as you dare; a 1 loses the turn's points ------------------


def _check_target(value):
    if isinstance(value, bool) or not isinstance(value, int) or not 10 <= value <= 100:
        return "the target is a whole number from 10 to 100"
    return None


@dataclasses.dataclass(frozen=True)
class PigOptions:
    """Pig's rule options: the points that win, and what a bust costs."""

    target: int = option(30, check=_check_target, doc="the points that win")
    bust_on: int = option(1, choices=(1, 2), doc="rolling this number or lower ends the turn with nothing")


class PigGame(Game):
    """Pig for 2 to 4 players."""

    name, title = "pig", "Pig"
    min_players, max_players = 2, 4
    Options = PigOptions
    seat_keys = ("banked",)

    def new_state(self, seed=None):
        return PigState(self, check_seed(seed))

    def parse_action(self, text):
        if text not in ("roll", "hold"):
            raise ValueError(f"a move is 'roll' or 'hold', not {text!r:.40}")
        return text

    def sample_state(self, observation, rng):
        """Nothing is hidden but the dice to come: a state with a fresh die."""
        state = self.new_state(seed=rng.randrange(2**32))
        state.banked, state.turn_points = list(observation["banked"]), observation["turn points"]
        state.turn = observation["turn"]
        return state

    def action_value(self, observation, action):
        turn = observation["turn points"]
        return (1 if turn < 8 else -1) * (1 if action == "roll" else -1)


class PigState(State):
    """The banked points, the turn's points, the die and the last thing that happened."""

    FIELDS = ("seed", "rng", "banked", "turn_points", "turn", "last_roll")

    def __init__(self, game, seed):
        self.game, self.seed = game, seed
        self.rng = random.Random(seed)
        self.banked = [0] * game.num_players
        self.turn_points, self.turn, self.last_roll = 0, 0, None

    def to_move(self):
        return [] if max(self.banked) >= self.game.options.target else [self.turn]

    def legal_actions(self, player):
        return ["roll", "hold"] if player in self.to_move() else []

    def _apply(self, player, action):
        if action == "hold":
            self.banked[player] += self.turn_points
            self.turn_points, self.last_roll = 0, None
            if self.banked[player] < self.game.options.target:
                self.turn = (self.turn + 1) % self.game.num_players
            return
        self.last_roll = die = self.rng.randint(1, 6)
        if die <= self.game.options.bust_on:
            self.turn_points, self.turn = 0, (self.turn + 1) % self.game.num_players
        else:
            self.turn_points += die

    def observe(self, player):
        return {"banked": list(self.banked), "turn points": self.turn_points, "turn": self.turn}

    def public_log(self, player, action):
        """What everyone saw: the roll and whether it bust, or the points banked."""
        if action == "hold":
            return f"player {player} holds: {self.banked[player]} banked"
        bust = self.last_roll <= self.game.options.bust_on
        return f"player {player} rolls {self.last_roll}" + (": bust, the turn's points are lost" if bust else "")

    def result(self):
        self._require_over()
        best = max(self.banked)
        return Result(scores=tuple(self.banked), winners=tuple(p for p, s in enumerate(self.banked) if s == best))

    def running_scores(self):
        return tuple(self.banked)
