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
from .scoring import collection_breakdown

# A face-down card is a Leg Day with this chance (30 of 108 cards).
_LEG_DAY_SHARE = 30 / 108


class GreedyLegDayBot(Bot):
    """Greedy: the card with the largest estimated gain, ties broken by its seeded generator."""

    name = "greedy"

    def act(self, observation: dict, legal_actions):
        deck = self.game.deck
        me = observation["player"]
        mine = [(deck.card(name), up) for name, up in observation["tableaus"][me]]
        face_up = observation["day_type"] == "Gym Day"
        picks_left = self.game.total_days - len(mine) - 1
        opponents = [t for seat, t in enumerate(observation["tableaus"]) if seat != me]
        before = self._standing(mine, opponents, picks_left + 1)
        best, best_value = [], -math.inf
        for action in legal_actions:
            after = self._standing(mine + [(deck.card(action.card), face_up)], opponents, picks_left)
            value = after - before
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def card_values(self, observation: dict) -> dict:
        """The estimated gain of each card in hand (for lessons: why the bot picks what it picks)."""
        deck = self.game.deck
        me = observation["player"]
        mine = [(deck.card(name), up) for name, up in observation["tableaus"][me]]
        face_up = observation["day_type"] == "Gym Day"
        picks_left = self.game.total_days - len(mine) - 1
        opponents = [t for seat, t in enumerate(observation["tableaus"]) if seat != me]
        before = self._standing(mine, opponents, picks_left + 1)
        return {
            name: round(self._standing(mine + [(deck.card(name), face_up)], opponents, picks_left) - before, 2)
            for name in sorted(set(observation["hand"]))
        }

    def _standing(self, cards: list[tuple[Card, bool]], opponents: list, picks_left: int) -> float:
        deck = self.game.deck
        s = deck.scoring
        points = sum(collection_breakdown(cards, deck, self.game.options.curl_overflow).values())
        time = min(1.0, picks_left / 6)
        counts: dict[str, int] = {}
        for card, _ in cards:
            counts[card.kind] = counts.get(card.kind, 0) + 1
        # Unfinished sets are worth their share of a set while there is time to finish them.
        points += (counts.get("bench", 0) % s["bench_set_size"]) * s["bench_set_points"] / s["bench_set_size"] * time
        points += (
            (counts.get("press", 0) % s["press_set_size"]) * s["press_set_points"] / s["press_set_size"] * time * 0.7
        )
        # Symbols are worth a little before the first Selfie arrives.
        if not counts.get("selfie"):
            points += 0.3 * len({c.symbol for c, _ in cards if c.symbol}) * time
        # Protein Shakes: compare images with the most an opponent shows.
        images = sum(c.images for c, _ in cards if c.kind == "shake")
        shown = [sum(deck.card(n).images for n, up in t if up and n and deck.card(n).kind == "shake") for t in opponents]
        rival = max(shown, default=0) + 1.5 * time
        points += s["shake_most_points"] / (1 + math.exp(-(images - rival))) if images else 0
        # Leg Day safety: the fewest Leg Days scores nothing at all.
        legs = counts.get("legday", 0)
        rivals = [
            sum(1 for n, up in t if n and deck.card(n).kind == "legday") + _LEG_DAY_SHARE * sum(1 for n, up in t if not up)
            for t in opponents
        ]
        lowest = min(rivals, default=0) + _LEG_DAY_SHARE * (picks_left >= 0)
        safety = 1 / (1 + math.exp(-1.5 * (legs - lowest)))
        return points * (0.25 + 0.75 * safety) + 20 * safety
