"""The greedy Leg Day bot: takes the card that adds most to its own collection.

It looks only at its observation: its own cards, its hand, the Gym Day cards on the
table and how many face-down cards each player has. A card's value is what it adds to
an estimate of the bot's final standing:

* points the collection scores now (sets, curls, pull-ups, selfies, the -1 of a face-up
  Leg Day on a Gym Day),
* half-finished Bench and Overhead Press sets, worth their share of a set while enough
  days remain to finish them,
* Protein Shake images, worth more while the bot trails or leads narrowly on the
  images it can see,
* Leg Day safety: the fewest Leg Days is eliminated, so a Leg Day is worth a lot while
  the bot is at or near the bottom of the (estimated) Leg Day counts.
"""

from __future__ import annotations

import math

from ...bots import Bot
from .cards import Card

# A face-down card is a Leg Day with this chance (30 of 108 cards).
_LEG_DAY_SHARE = 30 / 108


class GreedyLegDayBot(Bot):
    """Greedy: the card with the largest estimated gain, ties broken by its seeded generator."""

    name = "greedy"

    def act(self, observation: dict, legal_actions):
        gains = self._gains(observation, [action.card for action in legal_actions])
        best, best_value = [], -math.inf
        for action, value in zip(legal_actions, gains):
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def card_values(self, observation: dict) -> dict:
        """The estimated gain of each card in hand (for lessons: why the bot picks what it picks)."""
        names = sorted(set(observation["hand"]))
        return {name: round(gain, 2) for name, gain in zip(names, self._gains(observation, names))}

    def _gains(self, observation: dict, names: list) -> list:
        """What each card called in ``names`` adds to the bot's estimated standing."""
        deck = self.game.deck
        by_name = deck.by_name
        me = observation["player"]
        mine = [(by_name.get(name) or deck.card(name), up) for name, up in observation["tableaus"][me]]
        face_up = observation["day_type"] == "Gym Day"
        picks_left = self.game.total_days - len(mine) - 1
        # What the opponents show is the same whichever card the bot takes: tallied once.
        shown, rivals = [], []
        for seat, tableau in enumerate(observation["tableaus"]):
            if seat == me:
                continue
            images = legs = down = 0
            for name, up in tableau:
                if not up:
                    down += 1
                if name:
                    card = by_name.get(name) or deck.card(name)  # deck.card: the generic name, or the error
                    if card.kind == "legday":
                        legs += 1
                    elif up and card.kind == "shake":
                        images += card.images
            shown.append(images)
            rivals.append(legs + _LEG_DAY_SHARE * down)
        most_shown = max(shown, default=0)
        fewest_legs = min(rivals, default=0)
        # The bot's own collection is tallied once; each candidate card adds to a copy.
        tally = _Tally(deck)
        for card, up in mine:
            tally.add(card, up)
        before = self._standing(tally, most_shown, fewest_legs, picks_left + 1)
        gains = []
        seen: dict = {}  # cards that count alike (the six Leg Day designs) are valued once
        for name in names:
            card = by_name.get(name) or deck.card(name)
            alike = (card.kind, card.points, card.images, card.symbol)
            if alike not in seen:
                after = tally.copy()
                after.add(card, face_up)
                seen[alike] = self._standing(after, most_shown, fewest_legs, picks_left) - before
            gains.append(seen[alike])
        return gains

    def _standing(self, tally: "_Tally", most_shown: int, fewest_legs: float, picks_left: int) -> float:
        """The estimated final standing of the collection in ``tally``, against opponents
        who show at most ``most_shown`` shake images and have at least ``fewest_legs`` Leg
        Days (estimated)."""
        s = self.game.deck.scoring
        counts = tally.counts
        points = tally.points(self.game.options.curl_overflow)
        time = min(1.0, picks_left / 6)
        # Unfinished sets are worth their share of a set while there is time to finish them.
        points += (counts.get("bench", 0) % s["bench_set_size"]) * s["bench_set_points"] / s["bench_set_size"] * time
        points += (
            (counts.get("press", 0) % s["press_set_size"]) * s["press_set_points"] / s["press_set_size"] * time * 0.7
        )
        # Symbols are worth a little before the first Selfie arrives.
        if not counts.get("selfie"):
            points += 0.3 * len(tally.symbols) * time
        # Protein Shakes: compare images with the most an opponent shows.
        images = tally.images
        rival = most_shown + 1.5 * time
        points += s["shake_most_points"] / (1 + math.exp(-(images - rival))) if images else 0
        # Leg Day safety: the fewest Leg Days scores nothing at all.
        legs = counts.get("legday", 0)
        lowest = fewest_legs + _LEG_DAY_SHARE * (picks_left >= 0)
        safety = 1 / (1 + math.exp(-1.5 * (legs - lowest)))
        return points * (0.25 + 0.75 * safety) + 20 * safety


class _Tally:
    """A collection as the greedy bot counts it: cards of each kind, pull-up points,
    background symbols, shake images and face-up Leg Days. Its :meth:`points` are
    :func:`~.scoring.collection_breakdown`'s total, worked out from the counts."""

    __slots__ = ("deck", "counts", "pullups", "symbols", "images", "legdays_up")

    def __init__(self, deck):
        self.deck = deck
        self.counts: dict[str, int] = {}
        self.pullups = self.images = self.legdays_up = 0
        self.symbols: set = set()

    def copy(self) -> "_Tally":
        other = _Tally.__new__(_Tally)
        other.deck = self.deck
        other.counts = dict(self.counts)
        other.pullups, other.images, other.legdays_up = self.pullups, self.images, self.legdays_up
        other.symbols = set(self.symbols)
        return other

    def add(self, card: Card, face_up: bool) -> None:
        kind = card.kind
        self.counts[kind] = self.counts.get(kind, 0) + 1
        if kind == "pullup":
            self.pullups += card.points
        elif kind == "shake":
            self.images += card.images
        elif kind == "legday" and face_up:
            self.legdays_up += 1
        if card.symbol is not None:
            self.symbols.add(card.symbol)

    def points(self, curl_overflow: str) -> int:
        s = self.deck.scoring
        counts = self.counts
        curl_table = s["curl_points"]
        n_curl = counts.get("curl", 0)
        if curl_overflow == "new_set":
            full, rest = divmod(n_curl, len(curl_table))
            curl = full * curl_table[-1] + (curl_table[rest - 1] if rest else 0)
        else:
            curl = curl_table[min(n_curl, len(curl_table)) - 1] if n_curl else 0
        return (
            curl
            + (counts.get("bench", 0) // s["bench_set_size"]) * s["bench_set_points"]
            + (counts.get("press", 0) // s["press_set_size"]) * s["press_set_points"]
            + self.pullups
            + counts.get("selfie", 0) * len(self.symbols) * s["selfie_points_per_symbol"]
            + self.legdays_up * s["legday_face_up_points"]
        )
