"""Sprint Finish: a small complete game to copy when you design your own.

Rules (2 to 5 players):

* Every player holds effort cards numbered 1 to 7 (option ``cards``).
* Race cards worth 1 to 7 points are shuffled face down. Each round the top race is
  turned up and every player secretly chooses an effort card; then all are shown.
* The highest effort wins the race's points. A tie for highest: nobody wins, and the
  points ride on to the next race (``ties="carry"``) or are lost (``ties="lose"``).
* Effort cards once shown are spent. After the last race the most points wins; equal
  points share the win.

The file reads like every game: options, the game (its settings and how actions read as
text), the state (its data in ``FIELDS``, who moves, legal actions, apply, observation,
result), then the optional hooks: ``running_scores`` (the lab's race), ``rule_events`` with
``rule_use`` (how often the ``ties`` rule mattered), ``action_value`` (a greedy bot),
``sample_state`` (the search bot), ``hidden_variant`` (proof that the observation hides
the face-down races) and ``printed_cards`` with ``rules_summary`` (cards and a rules sheet
to print for a paper playtest). ``gamedesign.load("sprint")``.
"""

from __future__ import annotations

import dataclasses
import random

from gamedesign.core import Game, Result, State, brief, check_seed, option


@dataclasses.dataclass(frozen=True)
class SprintOptions:
    """The rule options: one field per variant, with its allowed values."""

    cards: int = option(7, choices=range(3, 11), doc="effort cards per player, and races")
    ties: str = option("carry", choices=("carry", "lose"), doc="a tied race's points ride on, or are lost")


class SprintGame(Game):
    """Sprint Finish for 2 to 5 players."""

    name, title = "sprint", "Sprint Finish"
    min_players, max_players, default_players = 2, 5, 3
    Options = SprintOptions
    rule_events = {"tied race": "ties"}  # the moments the option ``ties`` decides something

    def new_state(self, seed=None) -> "SprintState":
        return SprintState(self, check_seed(seed))

    def parse_action(self, text: str) -> int:
        cards = range(1, self.options.cards + 1)
        if not isinstance(text, str) or text.strip() not in [str(c) for c in cards]:
            # brief(): a huge typed text gives a short message, not all of it again
            raise ValueError(f"{brief(text)} is not an effort card; allowed: a number from 1 to {self.options.cards}")
        return int(text)

    # -- optional hooks ------------------------------------------------------------------

    def action_value(self, observation: dict, card: int) -> float:
        """The greedy bot's idea: spend effort in step with what the race is worth. Any card
        within one of that is as good (the bot picks among them at random): two greedy
        players who always chose the same card would tie every race."""
        target = (observation["race"] + observation["pot"]) * self.options.cards / 10
        return -max(0.0, abs(card - target) - 1)

    def sample_state(self, observation: dict, rng) -> "SprintState":
        """A full state that agrees with ``observation``: the face-down races in a random
        order, and each secret choice a random card of that player's."""
        me = observation["you"]
        state = self.new_state(seed=0)
        state.races = rng.sample(observation["races face down"], len(observation["races face down"]))
        state.race, state.pot = observation["race"], observation["pot"]
        state.points, state.ties = list(observation["points"]), observation["tied races"]
        state.last = observation["last race"]
        state.hands = [list(cards) for cards in observation["cards not shown"]]
        state.bids = [None] * self.num_players
        for seat in observation["chosen"]:
            state.bids[seat] = observation["your choice"] if seat == me else rng.choice(state.hands[seat])
            state.hands[seat].remove(state.bids[seat])
        return state

    def printed_cards(self) -> list:
        """The cards of a paper game: a set of effort cards for every player, and the races."""
        from gamedesign.cardfaces import CardFace

        n, cards = self.num_players, self.options.cards
        efforts = [
            CardFace(f"Effort {k}", "Effort", n, str(k), ("Choose one in secret each race; all show at once.",
                                                          "A shown card is spent."), colour="blue")
            for k in range(1, cards + 1)
        ]
        races = [
            CardFace(f"Race {k}", "Race", 1, f"{k} pt{'s' if k > 1 else ''}", ("The highest effort wins these points.",),
                     colour="yellow")
            for k in range(1, cards + 1)
        ]
        return efforts + races

    def rules_summary(self):
        """The rules on one page (a short game: a short page)."""
        from gamedesign.cardfaces import RulesSheet

        cards, carry = self.options.cards, self.options.ties == "carry"
        return RulesSheet(
            (
                ("Setup", [f"Each player takes one set of effort cards 1 to {cards}. Shuffle the {cards} race cards "
                           "face down."]),
                ("A round", ["Turn up the top race. Every player chooses an effort card in secret; then all show.",
                             "The highest effort wins the race's points. A tie for highest: nobody wins it, and its "
                             "points " + ("ride on to the next race." if carry else "are lost."),
                             "Shown effort cards are spent."]),
                ("The end", ["After the last race the most points wins; equal points share the win."]),
            ),
            needs="the cards of this printout, and paper for the points.",
            source="Written from the docstring of gamedesign/games/template/__init__.py.",
            columns=tuple(f"Race {k}" for k in range(1, cards + 1)),
        )


class SprintState(State):
    """One game of Sprint Finish."""

    FIELDS = ("seed", "races", "race", "pot", "hands", "bids", "points", "ties", "last")

    def __init__(self, game: SprintGame, seed: int):
        self.game, self.seed = game, seed
        n, cards = game.num_players, game.options.cards
        self.races = random.Random(seed).sample(range(1, cards + 1), cards)
        self.race = self.races.pop(0)  # the race turned up; None once the game is over
        self.pot, self.ties, self.last = 0, 0, ""
        self.hands = [list(range(1, cards + 1)) for _ in range(n)]
        self.bids = [None] * n  # the secret choices of this round
        self.points = [0] * n

    def to_move(self) -> list[int]:
        return [] if self.race is None else [p for p, bid in enumerate(self.bids) if bid is None]

    def legal_actions(self, player: int) -> list:
        return list(self.hands[player]) if player in self.to_move() else []

    def _apply(self, player: int, card: int) -> None:
        self.hands[player].remove(card)
        self.bids[player] = card
        if None in self.bids:
            return  # wait for the others' secret choices
        top = max(self.bids)
        fastest = [p for p, bid in enumerate(self.bids) if bid == top]
        worth = self.race + self.pot
        if len(fastest) == 1:
            self.points[fastest[0]] += worth
            self.pot = 0
            self.last = f"player {fastest[0]} won the {self.race}-point race with effort {top}"
        else:
            self.ties += 1
            self.pot = worth if self.game.options.ties == "carry" else 0
            self.last = f"players {' and '.join(map(str, fastest))} tied the {self.race}-point race at effort {top}"
        self.bids = [None] * len(self.bids)
        self.race = self.races.pop(0) if self.races else None

    def observe(self, player: int) -> dict:
        """All but the order of the face-down races and the others' secret choices."""
        self._check_player(player)  # observe(-1) would show the last player's cards
        return {
            "you": player,
            "race": self.race,
            "pot": self.pot,
            "your cards": list(self.hands[player]),
            "your choice": self.bids[player],
            "chosen": [p for p, bid in enumerate(self.bids) if bid is not None],
            "cards not shown": [self._not_shown(seat) for seat in range(len(self.hands))],
            "races face down": sorted(self.races),
            "points": list(self.points),
            "tied races": self.ties,
            "last race": self.last,
        }

    def _not_shown(self, seat: int) -> list:
        """The effort cards of ``seat`` nobody has seen yet: the hand and a secret choice."""
        return sorted(self.hands[seat] + ([] if self.bids[seat] is None else [self.bids[seat]]))

    def result(self) -> Result:
        self._require_over()
        best = max(self.points)
        winners = tuple(p for p, points in enumerate(self.points) if points == best)
        return Result(scores=tuple(self.points), winners=winners, details={"tied races": self.ties})

    def running_scores(self) -> tuple:
        """Points won so far: the lab follows the race from them."""
        return tuple(self.points)

    def rule_use(self) -> dict:
        """How often the ``ties`` rule decided something: every tied race (the lab's
        measure ``rule used: tied race``)."""
        return {"tied race": self.ties}

    def hidden_variant(self, player: int, rng) -> "SprintState | None":
        """The same game with the face-down races in another order (nobody sees it)."""
        if len(self.races) < 2:
            return None
        twin = self.clone()
        while twin.races == self.races:
            rng.shuffle(twin.races)
        return twin


GAME_CLASS = SprintGame

__all__ = ["GAME_CLASS", "SprintGame", "SprintOptions", "SprintState"]
