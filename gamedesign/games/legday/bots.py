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
  the bot is at or near the bottom of the (estimated) Leg Day counts. With the option
  ``elimination="penalty"`` the risk is the penalty instead (points minus the penalty
  times the chance of being among the fewest); with ``"none"`` there is no risk.
"""

from __future__ import annotations

import math

from ...core import Bot
from .scoring import curl_values, set_values

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

    def hint(self, observation: dict, legal_actions) -> tuple:
        """The card this bot would play, why in a sentence, and the values it compared (each
        card's estimated gain, by the name a player reads): for the apps' hints."""
        gains = self.card_values(observation)
        legal_actions = list(legal_actions)
        best = max(gains, key=gains.get)
        action = next(a for a in legal_actions if a.card == best)
        values = sorted(
            ((self.game.move_words(a, observation), gains[a.card]) for a in legal_actions if a.card in gains),
            key=lambda pair: -pair[1],
        )
        return (
            action,
            f"{self.game.move_words(action, observation)}: it adds most to your estimated final score "
            f"(points now, half-built sets, shake images, Leg Day safety).",
            values,
        )

    def card_values(self, observation: dict) -> dict:
        """The estimated gain of each card in hand (for lessons: why the bot picks what it picks)."""
        names = sorted(set(observation["hand"]))
        return {name: round(gain, 2) for name, gain in zip(names, self._gains(observation, names))}

    def reset(self, game, player: int, seed: int) -> None:
        super().reset(game, player, seed)
        self._rows = {}

    def _gains(self, observation: dict, names: list) -> list:
        """What each card called in ``names`` adds to the bot's estimated standing."""
        deck = self.game.deck
        facts = self._facts_of(deck)
        me = observation["player"]
        tableaus = observation["tableaus"]
        mine = tableaus[me]
        face_up = observation["day_type"] == "Gym Day"
        picks_left = self.game.total_days - len(mine) - 1
        # What the opponents show is the same whichever card the bot takes: tallied once.
        shown, rivals = [], []
        for seat, tableau in enumerate(tableaus):
            if seat == me:
                continue
            images, legs, down = self._tally(tableau, facts, deck, False, seat)
            shown.append(images)
            rivals.append(legs + _LEG_DAY_SHARE * down)
        most_shown = max(shown, default=0)
        fewest_legs = min(rivals, default=0)
        # The bot's own collection is counted once; each candidate card adds to the counts.
        counts, symbols, pullups, own_images, legdays_up = self._tally(mine, facts, deck, True, me)
        standing = self._standing_of
        curl, bench, press, selfie, legday = counts["curl"], counts["bench"], counts["press"], counts["selfie"], counts["legday"]
        n_symbols = len(symbols)
        context = (most_shown, fewest_legs, self._rules_of(self.game))
        before = standing(curl, bench, press, selfie, legday, pullups, n_symbols, own_images, legdays_up, context, picks_left + 1)
        gains = []
        seen: dict = {}  # cards that count alike (the six Leg Day designs) are valued once
        for name in names:
            facts_of = facts.get(name) or self._facts_of_card(deck, name)
            gain = seen.get(facts_of[4])
            if gain is None:
                # What the card adds: one card of its kind, its pull-up points or shake images.
                symbol, more = facts_of[3], facts_of[5]
                gain = seen[facts_of[4]] = standing(
                    curl + more[0],
                    bench + more[1],
                    press + more[2],
                    selfie + more[3],
                    legday + more[4],
                    pullups + more[5],
                    n_symbols + (symbol is not None and symbol not in symbols),
                    own_images + more[6],
                    legdays_up + (more[4] and face_up),
                    context,
                    picks_left,
                ) - before
            gains.append(gain)
        return gains

    def _tally(self, row, facts: dict, deck, own: bool, seat: int) -> tuple:
        """The counts of one row of ``observation["tableaus"]`` (``seat``'s): for the bot's
        own row (``own``) cards of each kind, symbols, pull-up points, shake images and
        face-up Leg Days; for an opponent's, the face-up shake images, the Leg Days shown
        and the face-down cards. Rows only grow during a game, so a row that begins with
        the cards counted at the bot's last decision is counted on from there (checked
        against a copy of those cards: any other row is counted afresh)."""
        rows = getattr(self, "_rows", None)
        if rows is None or len(rows) > 64:
            rows = self._rows = {}
        key = (seat, own)
        kept = rows.get(key)
        if kept is not None and kept[1] is facts and row[: len(kept[0])] == kept[0]:
            start, tally = len(kept[0]), kept[2]
        elif own:
            start, tally = 0, [{"curl": 0, "bench": 0, "press": 0, "selfie": 0, "legday": 0}, set(), 0, 0, 0]
        else:
            start, tally = 0, [0, 0, 0]
        if own:
            counts, symbols = tally[0], tally[1]
            pullups, images, legdays_up = tally[2], tally[3], tally[4]
            for name, up in row[start:]:
                kind, points, card_images, symbol, _, _ = facts.get(name) or self._facts_of_card(deck, name)
                if kind in counts:
                    counts[kind] += 1
                if kind == "pullup":
                    pullups += points
                elif kind == "shake":
                    images += card_images
                elif kind == "legday" and up:
                    legdays_up += 1
                if symbol is not None:
                    symbols.add(symbol)
            tally[2], tally[3], tally[4] = pullups, images, legdays_up
        else:
            images, legs, down = tally
            for name, up in row[start:]:
                if not up:
                    down += 1
                if name:
                    kind, _, card_images, _, _, _ = facts.get(name) or self._facts_of_card(deck, name)
                    if kind == "legday":
                        legs += 1
                    elif up and kind == "shake":
                        images += card_images
            tally[0], tally[1], tally[2] = images, legs, down
        rows[key] = (list(map(list, row)), facts, tally)
        return tuple(tally)

    def _rules_of(self, game) -> tuple:
        """The scoring numbers :meth:`_standing_of` reads, worked out once a game."""
        if getattr(self, "_rules_game", None) is not game:
            s = game.deck.scoring
            # Points of 0, 1, ... cards of each kind, from the game's one scoring rule; a
            # collection holds no more of a kind than the deck has, nor more than a game's picks.
            most = {kind: max(game.total_days, sum(c.count for c in game.deck.cards if c.kind == kind)) + 1
                    for kind in ("curl", "bench", "press")}
            self._rules = (
                curl_values(s, game.options.curl_overflow, most["curl"]),
                set_values(s, "bench", most["bench"]),
                s["bench_set_size"],
                s["bench_set_points"],
                set_values(s, "press", most["press"]),
                s["press_set_size"],
                s["press_set_points"],
                s["selfie_points_per_symbol"],
                s["legday_face_up_points"],
                s["shake_most_points"],
                game.options.elimination,
                game.options.elimination_penalty,
            )
            self._rules_game = game
        return self._rules

    def _facts_of(self, deck) -> dict:
        """Per card name of ``deck``: kind, pull-up points, shake images, symbol, and the
        key of cards that count alike (worked out once a deck)."""
        if getattr(self, "_facts_deck", None) is not deck:
            self._facts = {card.name: self._facts_of_card(deck, card.name) for card in deck.cards}
            self._facts_deck = deck
        return self._facts

    @staticmethod
    def _facts_of_card(deck, name) -> tuple:
        """``(kind, points, images, symbol, what counts alike, what it adds)``; what it
        adds is one Preacher Curl, Bench or Overhead Press, Selfie or Leg Day (0 or 1
        each), its pull-up points and its shake images."""
        card = deck.by_name.get(name) or deck.card(name)  # deck.card: the generic name, or the error
        kind = card.kind
        adds = (
            int(kind == "curl"),
            int(kind == "bench"),
            int(kind == "press"),
            int(kind == "selfie"),
            int(kind == "legday"),
            card.points if kind == "pullup" else 0,
            card.images if kind == "shake" else 0,
        )
        return kind, card.points, card.images, card.symbol, (kind, card.points, card.images, card.symbol), adds

    def _standing_of(
        self, curl, bench, press, selfie, legday, pullups, symbols, images, legdays_up, context, picks_left
    ) -> float:
        """:meth:`_standing` of a collection given by its counts: Preacher Curls, Bench
        and Overhead Presses, Selfies, Leg Days, pull-up points, distinct symbols, shake
        images and face-up Leg Days; ``context`` is ``(most_shown, fewest_legs, rules)``
        with ``rules`` from :meth:`_rules_of`."""
        most_shown, fewest_legs, rules = context
        (curl_values, bench_values, bench_size, bench_points, press_values, press_size, press_points, per_symbol,
         face_up_leg, most, elimination, penalty) = rules
        points = (
            curl_values[curl]
            + bench_values[bench]
            + press_values[press]
            + pullups
            + selfie * symbols * per_symbol
            + legdays_up * face_up_leg
        )
        time = min(1.0, picks_left / 6)
        # Unfinished sets are worth their share of a set while there is time to finish them.
        points += (bench % bench_size) * bench_points / bench_size * time
        points += (press % press_size) * press_points / press_size * time * 0.7
        # Symbols are worth a little before the first Selfie arrives.
        if not selfie:
            points += 0.3 * symbols * time
        # Protein Shakes: compare images with the most an opponent shows.
        rival = most_shown + 1.5 * time
        points += most / (1 + math.exp(-(images - rival))) if images else 0
        # Leg Day safety: the fewest Leg Days scores nothing at all.
        if elimination == "none":
            return points
        lowest = fewest_legs + _LEG_DAY_SHARE * (picks_left >= 0)
        safety = 1 / (1 + math.exp(-1.5 * (legday - lowest)))
        if elimination == "penalty":
            return points - penalty * (1 - safety)
        return points * (0.25 + 0.75 * safety) + 20 * safety
