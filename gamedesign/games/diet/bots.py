"""The greedy Diet bot: eats its best meals and saves its answers for when they matter.

It looks only at its observation (its own hand, the weights, the card on the table) and
the deck's card list (public settings). Its habits:

* Meals and Exercise: always plays the card that loses the most weight.
* Fattening meals: always feeds one to its left-hand neighbour when asked (the bot is
  that neighbour's "player to the right").
* Willpower: always cancels a Cheat played on it (that is its only use).
* Laziness and Cheat cards are kept for the moment they matter: played on a player who
  leads the race (lowest weight, ties included) or is about to reach the target; a
  second Cheat card in hand is played on anyone, so cheats do not clog the hand.
* Planning: gives every card a value for the turns ahead and discards (up to the limit)
  the cards worth less than a fresh card from the deck, worst first.
"""

from __future__ import annotations

from collections import Counter

from ...core import Bot
from .cards import MEALS
from .rules import Discard, Pass, Play, Skip

#: Roughly what an unknown card from the deck is worth, on the scale of :meth:`card_values`.
FRESH_CARD_VALUE = 1.6

#: How close to the target (in pounds) a player must be for the bot to spend an answer.
DANGER_MARGIN = 3


#: Why the greedy bot plays what it plays, by step (the apps' hints).
HINT_REASONS = {
    "own": "eat the meal or do the Exercise that loses the most weight (values: pounds lost)",
    "neighbour": "feed your neighbour the most fattening meal you hold (values: pounds added)",
    "willpower": "Willpower cancels the Cheat played on you",
    "laziness": "answer with Laziness only when the race is at stake: the player leads, is near the target "
    "or would reach it",
    "cheat": "play a Cheat only when the race is at stake (the player leads or is near the target) or you hold two",
}


class GreedyDietBot(Bot):
    """Greedy: best meal now, answers when the race is at stake, ties by its seeded generator."""


    name = "greedy"

    def act(self, observation: dict, legal_actions):
        deck = self.game.deck
        if getattr(self, "_deck", None) is not deck:  # each card's pounds and kind, by name
            self._deck = deck
            self._pounds = {c.name: c.pounds for c in deck.cards}
            self._kinds = {c.name: c.kind for c in deck.cards}
        pounds = self._pounds
        step, phase = observation["step"], observation["phase"]
        if phase == "planning":
            return self._plan(observation, legal_actions)
        plays = [a for a in legal_actions if type(a) is Play]
        if not plays:
            return next((a for a in legal_actions if isinstance(a, (Pass, Skip))), None)
        if step == "own":
            best = min(pounds[a.card] for a in plays)
            return self._pick([a for a in plays if pounds[a.card] == best])
        if step in ("neighbour", "willpower"):
            most = max(pounds[a.card] for a in plays) if step == "neighbour" else 0
            return self._pick([a for a in plays if pounds[a.card] == most])
        if step == "laziness":
            if self._matters(observation, pounds[observation["on_table"]["card"]]):
                return self._pick(plays)
            return next((a for a in legal_actions if isinstance(a, (Pass, Skip))), None)
        if step == "cheat":
            kinds = self._kinds
            cheats = sum(1 for c in observation["hand"] if kinds[c] == "cheat")
            if cheats >= 2 or self._matters(observation, 0):
                return self._pick(plays)
            return next((a for a in legal_actions if isinstance(a, (Pass, Skip))), None)
        return self._pick(list(legal_actions))  # pragma: no cover - every step is handled above

    def hint(self, observation: dict, legal_actions) -> tuple:
        """The move this bot would play, why in a sentence (:data:`HINT_REASONS`, by step) and
        the values it compared: for the apps' hints."""
        legal_actions = list(legal_actions)
        action = self.act(observation, legal_actions)
        words = self.game.move_words
        if observation["phase"] == "planning":  # every discard, named as its button is
            pairs = self.discard_values(observation["hand"], legal_actions)
            worth = sorted(self.card_values(observation["hand"]), key=lambda pair: pair[1])
            below = [f"{name} {value:g}" for name, value in worth if value < FRESH_CARD_VALUE]
            reason = (f"swap the cards worth less than a fresh card from the deck ({FRESH_CARD_VALUE}), worst first, "
                      f"up to {self.game.deck.planning_discards} ({', '.join(below) if below else 'none is'}). "
                      "Values: a fresh card's worth less each swapped card's worth, added up")
        else:
            pairs = self.explain(observation, legal_actions)
            if observation["step"] in ("own", "neighbour", "willpower") and pairs:
                # The button that plays no card loses, adds or cancels nothing.
                pairs = pairs + [(a, 0) for a in legal_actions if isinstance(a, (Pass, Skip))]
            reason = HINT_REASONS.get(observation["step"], "the best move now")
        values = [(str(what) if isinstance(what, str) else words(what, observation), round(value, 2)) for what, value in pairs]
        values.sort(key=lambda pair: -pair[1])
        return action, f"{words(action, observation)}: {reason}.", values

    def discard_values(self, hand, legal_actions) -> list:
        """Each legal Planning move (a :class:`Discard`, "Keep my hand" among them) and how
        much it improves the hand on the scale of :meth:`card_values`: a fresh card's worth
        (:data:`FRESH_CARD_VALUE`) less the worth of each card swapped for one (a second
        copy of a card is the one discarded, as it is worth less). Best first; the bot's
        own discard is one of the best."""
        worth: dict = {}
        for name, value in self.card_values(hand):
            worth.setdefault(name, []).append(value)
        for values in worth.values():
            values.sort()
        pairs = []
        for action in legal_actions:
            if not isinstance(action, Discard):
                continue
            gain = 0.0
            for name, count in Counter(action.cards).items():
                gain += sum(FRESH_CARD_VALUE - value for value in worth[name][:count])
            pairs.append((action, gain))
        return sorted(pairs, key=lambda pair: -pair[1])

    def explain(self, observation: dict, legal_actions) -> list:
        """What the bot compares for this decision, as ``(choice, value)`` pairs, largest
        value first; it reads only ``observation`` and ``legal_actions``, like :meth:`act`.

        * Planning: each card of the hand and its value for the turns ahead
          (:meth:`card_values`); the bot discards, worst first and up to the limit, the
          cards worth less than :data:`FRESH_CARD_VALUE`.
        * Eating or exercising: each card it may play and the pounds it loses (the most wins).
        * Feeding a neighbour: each fattening meal and the pounds it adds (the most wins).
        * Willpower: each Willpower card, worth 1 (it cancels the Cheat, so it is always played).
        * Laziness and Cheat: the numbers the bot weighs, as text and pounds, in this
          order: the active player's weight, the lowest weight of the others and the
          danger line (the target plus :data:`DANGER_MARGIN`); the bot answers when the
          active player is at or below either. For Laziness also their weight after the
          Exercise (at the target: always answered); for a Cheat the Cheat cards in its
          hand (two or more: it plays one anyway).
        """
        legal_actions = list(legal_actions)
        deck = self.game.deck
        step, phase = observation["step"], observation["phase"]
        if phase == "planning":
            pairs = self.card_values(observation["hand"])
        else:
            plays = [a for a in legal_actions if type(a) is Play]
            if step == "own":
                pairs = [(a, -deck.card(a.card).pounds) for a in plays]
            elif step == "neighbour":
                pairs = [(a, deck.card(a.card).pounds) for a in plays]
            elif step == "willpower":
                pairs = [(a, 1) for a in plays]
            else:
                weights, active, target = observation["weights"], observation["active"], observation["target"]
                change = deck.card(observation["on_table"]["card"]).pounds if step == "laziness" else 0
                others = [w for seat, w in enumerate(weights) if seat != active]
                pairs = [
                    ("the active player's weight", weights[active]),
                    ("the lowest weight of the others", min(others)),
                    (f"the danger line (target {target} + {DANGER_MARGIN})", target + DANGER_MARGIN),
                ]
                if step == "laziness":  # an Exercise that would win the game is always answered
                    pairs.append((f"their weight after the Exercise (the target is {target})", weights[active] + change))
                if step == "cheat":
                    pairs.append(("Cheat cards in hand", sum(1 for c in observation["hand"] if deck.card(c).kind == "cheat")))
                return pairs
        return sorted(pairs, key=lambda pair: -pair[1])

    def _pick(self, actions):
        return actions[self.rng.randrange(len(actions))]

    def _matters(self, observation: dict, change: int) -> bool:
        """True when the active player leads the race or is near (or at, after ``change``) the target."""
        weights, active, target = observation["weights"], observation["active"], observation["target"]
        if weights[active] + change <= target:
            return True
        others = [w for seat, w in enumerate(weights) if seat != active]
        return weights[active] <= min(others) or weights[active] <= target + DANGER_MARGIN

    def _plan(self, observation: dict, legal_actions):
        hand = observation["hand"]
        values = self.card_values(hand)
        # Planning allows any cards of the hand, up to the deck's limit: the discard
        # chosen below is always among the legal actions (the engine checks it anyway).
        limit = min(self.game.deck.planning_discards, len(hand))
        ranked = sorted(values, key=lambda pair: pair[1])
        return Discard(tuple(card for card, value in ranked[:limit] if value < FRESH_CARD_VALUE))

    def card_values(self, hand) -> list[tuple[str, float]]:
        """Each card in ``hand`` with its value for the turns ahead (for lessons: why the
        bot keeps or discards a card). The first card of a kind is worth more than the
        second, because each phase uses one card."""
        deck = self.game.deck
        seen: Counter = Counter()
        out = []
        # Best cards first, so the first of each use gets the full value.
        for name in sorted(hand, key=lambda c: (deck.card(c).pounds, c)):
            card = deck.by_name[name]
            if card.kind in MEALS and card.pounds <= 0:
                use = ("eat", card.kind)
                value = (3.0 - card.pounds) if not seen[use] else 0.8 - 0.2 * card.pounds
            elif card.kind in MEALS:
                use = ("feed", card.kind)
                value = 1.0 if not seen[use] else 0.3
            elif card.kind == "exercise":
                use = ("exercise",)
                value = 3.0 if not seen[use] else 1.2
            elif card.kind == "willpower":
                use = ("willpower",)
                value = 2.0 if not seen[use] else 0.7
            elif card.kind == "laziness":
                use = ("laziness",)
                value = 1.7 if not seen[use] else 0.5
            else:
                use = ("cheat",)
                value = 1.4 if not seen[use] else 0.6
            seen[use] += 1
            out.append((name, value))
        return out


__all__ = ["GreedyDietBot", "FRESH_CARD_VALUE"]
