"""The Diet Game as the search bot plays it: a sharper policy than greedy for its own seat.

One Diet decision moves a four-player race by a few per cent, less than the noise of a
few dozen playouts, so a search that trusts its playouts swaps good moves for lucky
ones. What wins more is a better policy, found by playing it against three greedy bots
on the same seeded deals (``benchmarks/RESULTS.md``):

* **Answer every time.** Laziness and Cheat cards are played whenever asked, on whoever
  is exercising or cheating, not kept for the leader: a card held back clogs a hand of
  seven, and every pound an opponent gains or keeps is a pound in the race.
  (Greedy bot: 25.4% of 4,000 games; answering every time: 28.8%.)
* **Discard Laziness in Planning.** Cards worth less than :data:`FRESH_CARD_VALUE`
  (1.8, greedy's 1.6) are swapped for fresh ones; this lets a first Laziness go too,
  as it is only a 1-in-3 chance of costing a rival a pound (29.4%).

The search bot plays this policy in its own seat, in its playouts and as the move it
keeps unless a searched move is clearly better; the other seats are played by the
greedy bot, the opponents it models.

No lookahead measured beat the policy itself (``benchmarks/RESULTS.md``): a tree search
(40 playouts cut after 12 moves) won 34 of 150 games against three greedy bots, a paired
comparison of the policy's move with others on shared deals (16 whole playouts, kept
unless beaten by two standard errors) 72 of 300, a one-turn lookahead over every
Planning discard on 16 sampled deals 73-89 of 400; the policy alone wins 28% of 8,000.
So at both named strengths, ``"search"`` and ``"expert"``, the bot plays the policy
(``method: "policy"``); ``SearchBot(paired=True, iterations=...)`` still searches.
"""

from __future__ import annotations

from .bots import GreedyDietBot
from .rules import Discard

#: A card in hand worth less than this (on the greedy bot's scale) is swapped in Planning.
FRESH_CARD_VALUE = 1.8


class SharpDietBot(GreedyDietBot):
    """Greedy meals and Exercise, every Laziness and Cheat played when asked, Planning
    swaps every card worth less than :data:`FRESH_CARD_VALUE`."""

    #: What it does, in a player's words (the apps' "Ask search" says it).
    summary = ("it eats the meal that takes off the most pounds, does the best Exercise it holds, plays a Laziness "
               "or a Cheat card whenever it may, and in Planning swaps every card worth less than a fresh card from "
               "the deck")

    name = "sharp"

    def _matters(self, observation: dict, change: int) -> bool:
        return True  # every answer is worth playing

    def _plan(self, observation: dict, legal_actions):
        hand = observation["hand"]
        limit = min(self.game.deck.planning_discards, len(hand))
        ranked = sorted(self.card_values(hand), key=lambda pair: pair[1])
        return Discard(tuple(card for card, value in ranked[:limit] if value < FRESH_CARD_VALUE))


#: Settings of ``gamedesign.search.SearchBot`` per strength (see ``search.settings``).
SEARCH_SETTINGS = {
    "search": {"method": "policy"},
    "expert": {"method": "policy"},
}


def search_policy(game) -> SharpDietBot:
    """The bot that plays the search bot's own seat (see the module docstring)."""
    return SharpDietBot()


__all__ = ["FRESH_CARD_VALUE", "SEARCH_SETTINGS", "SharpDietBot", "search_policy"]

