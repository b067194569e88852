"""Don't Skip Leg Day: actions and the game state (its options: ``options.py``).

Play, as read from the rulebook (our readings of its gaps: ``docs/legday.md``):

* 2 to 6 players, seats numbered clockwise. The 108 cards are shuffled and each player
  is dealt 9; the rest is the pile for week 2.
* Each day every player picks one card from the hand they hold, all at once and hidden
  (``to_move()`` lists everyone who has not picked yet). When all have picked, the
  cards are played: face up on a Gym Day, face down on a Home Day. The rest of each hand
  passes LEFT (to seat i+1) in week 1 and RIGHT (to seat i-1) in week 2.
* Week 1: days 1, 3, 5, 7 are Gym Days, 2, 4, 6 Home Days. Week 2 reverses that.
* After day 7 the two cards left in each hand leave the game. Week 2 deals 9 new cards
  to each player from the pile. After week 2 every Home Day card is revealed and the
  game is scored (see ``scoring.py``).
* The squat rule: each losing player (every player when nobody wins) draws a random
  card from the full deck and does as many squats as the deck holds cards of that type:
  30 for any Leg Day design (the six designs are one type), the count of its own card
  for a Protein Shake (6, 8 or 4) and for every other card. Each draw is from the whole
  deck.

A player sees their own hand and all their own cards, every Gym Day card on the table,
how many face-down cards each player has, and every hand that has passed through their
own hands (perfect recall). Nobody sees another player's pick before all have picked.
"""

from __future__ import annotations

from dataclasses import dataclass

import random

from ...core import Game, Result, State, brief, check_seed, draw_below, rng_to_json, seeded_random, shuffle
from . import labels as words, text as views
from .cards import CATEGORIES, Deck, load_deck
from .options import LegDayOptions
from .saves import expected_seen, load_state
from .scoring import ScoreReport, card_facts, score_facts, score_tableaus, squat_count
from .scoring import rule_use as scoring_rule_use


@dataclass(frozen=True, order=True)
class Pick:
    """Play the card called ``card`` from your hand today."""

    card: str

    def __str__(self) -> str:
        return f"pick {self.card}"


class LegDayGame(Game):
    """Don't Skip Leg Day for 2-6 players."""

    name = "legday"
    title = "Don't Skip Leg Day"
    min_players = 2
    max_players = 6
    default_players = 4
    Options = LegDayOptions
    rule_events = {
        "curl overflow": "curl_overflow",
        "shake tie for most": "shake_second_after_tie",
        "shake tie-break": "tiebreak_shakes",
        "eliminated player with shakes": "eliminated_in_shake_race",
        "elimination applied": "elimination",
    }

    # The design lab's words for this game (see .labels).
    length_unit, point_unit, card_worth = words.LENGTH_UNIT, words.POINT_UNIT, words.CARD_WORTH
    measures, verdict_signs = words.MEASURES, words.VERDICT_SIGNS
    odds_questions, deck_fields = words.ODDS_QUESTIONS, words.DECK_FIELDS

    def move_words(self, action, observation=None):
        """A pick as its button says it: "Play Protein Shake, 2 images"."""
        return views.move_words(self, action)

    def text_view(self, observation, names, full):
        """The day, the hand with its scoring, everyone's cards (see .text)."""
        return views.legday_view(self, observation, names, full)

    def lab_profile(self):
        """How the design lab reads Don't Skip Leg Day: the profile of this package's ``lab`` module
        (imported on first use: it needs numpy)."""
        from .lab import PROFILE

        return PROFILE

    def __init__(self, players: int = 4, **options):
        super().__init__(players, **options)
        try:
            self.deck: Deck = load_deck(self.options.deck)
        except ValueError as err:
            raise ValueError(f"deck: {err}") from None
        needed = self.num_players * self.deck.hand_size * self.deck.weeks
        if needed > self.deck.size:
            raise ValueError(
                f"deck: {players} players need {needed} cards "
                f"({self.deck.hand_size} a hand for {self.deck.weeks} weeks) but the deck has {self.deck.size}"
            )
        # Worked out once a game, not once a move: the deck order that sorts a hand, one
        # Pick per card name (so legal actions are the same objects every time), the
        # full deck to shuffle and each card's squats.
        self._rank = {card.name: i for i, card in enumerate(self.deck.cards)}
        self._picks = {card.name: Pick(card.name) for card in self.deck.cards}
        self._full_deck = tuple(self.deck.full_deck())
        self._squats = {card.name: squat_count(card.name, self.deck) for card in self.deck.cards}
        self._facts = {card.name: card_facts(card) for card in self.deck.cards}
        self._rules = self._scoring_rules()  # the options and the deck are fixed for the game's life

    def options_dict(self) -> dict:
        data = super().options_dict()
        data["deck"] = None if self.options.deck is None else self.deck.to_data()
        return data

    @property
    def total_days(self) -> int:
        """Number of days (picks per player) in a game."""
        return self.deck.days_per_week * self.deck.weeks

    def new_state(self, seed: int | None = None) -> "LegDayState":
        return LegDayState(self, check_seed(seed))

    def balance_levers(self) -> dict:
        """The set points a balance search tries: the Bench and Press sets, the shake
        majority and the Selfie's points per symbol."""
        return {"deck.scoring.bench_set_points": (4, 7), "deck.scoring.press_set_points": (8, 12),
                "deck.scoring.shake_most_points": (6, 12), "deck.scoring.selfie_points_per_symbol": (1, 2)}

    def parse_action(self, text: str) -> Pick:
        if not isinstance(text, str):
            raise ValueError(f"an action is a text like 'pick Bench Press', not {brief(text)}")
        name = text.strip()
        if name[:5].lower() == "pick ":
            name = name[5:].strip()
        if name not in self.deck.by_name:
            raise ValueError(
                f"{brief(text)} is not a Leg Day action; allowed: 'pick CARD' with CARD one of: "
                + ", ".join(c.name for c in self.deck.cards)
            )
        return Pick(name)

    def _blank_state(self) -> "LegDayState":
        """A state with no data yet, which ``saves.py`` fills from a save."""
        return LegDayState.__new__(LegDayState)

    def state_from_json(self, text: str) -> "LegDayState":
        """Rebuild a saved state; ``ValueError`` naming what is wrong if the rules cannot
        reach it (what a save must satisfy: ``saves.py``)."""
        return load_state(self, text)

    def _score_own(self, tableaus) -> ScoreReport:
        """Score the engine's own tableaus (card names of this deck, checked as they were
        played): :meth:`score_tableaus` without checking them again."""
        try:
            return score_facts(tableaus, facts=self._facts, **self._rules)
        except (KeyError, TypeError, ValueError):  # not the engine's own: check it all
            return self.score_tableaus(tableaus)

    def score_tableaus(self, tableaus) -> ScoreReport:
        """Score final tableaus with this game's options and deck."""
        return score_tableaus(tableaus, **self._scoring_rules())

    def printed_cards(self) -> list:
        """The cards to print for a paper game, from this game's deck (see ``paper.py``)."""
        from .paper import printed_cards

        return printed_cards(self)

    def rules_summary(self):
        """The rules on one page, for this game's deck and options (see ``paper.py``)."""
        from .paper import rules_summary

        return rules_summary(self)

    def score_pad(self):
        """The end scoring's table to fill in on paper, from this game's deck (see ``paper.py``)."""
        from .paper import score_pad

        return score_pad(self)

    def _scoring_rules(self) -> dict:
        """The scoring options of this game and its deck, as the scoring functions take them."""
        o = self.options
        return {
            "curl_overflow": o.curl_overflow,
            "shake_second_after_tie": o.shake_second_after_tie,
            "tiebreak_shakes": o.tiebreak_shakes,
            "eliminated_in_shake_race": o.eliminated_in_shake_race,
            "elimination": o.elimination,
            "elimination_penalty": o.elimination_penalty,
            "deck": self.deck,
        }


#: A seat's kept legal picks when none are kept (see ``LegDayState._legal``).
_NOTHING_KEPT = ((None, None, None),)


class LegDayState(State):
    """One game of Don't Skip Leg Day in progress."""

    #: Per seat, ``(hand, picks, names)``: the hand list, its legal picks (deck order, no
    #: repeats) and their card names, kept from day to day as cards leave the hand;
    #: ``None``: none kept.
    #: An entry counts only while ``hand`` is the very list in ``hands[seat]``.
    _legal = None
    #: What each player remembers (``seen``), or ``None`` while it has not been asked
    #: for: it then follows from the tableaus, hands and leftovers (``saves.expected_seen``).
    _seen = None

    def __init__(self, game: LegDayGame, seed: int):
        self.game = game
        self.seed = seed
        self.rng = seeded_random(seed)
        n = game.num_players
        self.pile = list(game._full_deck)
        shuffle(self.rng, self.pile)  # as self.rng.shuffle(self.pile) does, in half the time
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.tableaus: list[list[tuple[str, bool]]] = [[] for _ in range(n)]
        self.week, self.day = 1, 1
        self.pending: list[str | None] = [None] * n
        self.leftovers: list[list[str]] = []
        self.squats = None
        self._report: ScoreReport | None = None
        self._deal()

    # -- the calendar ------------------------------------------------------------------

    def is_gym_day(self, week: int | None = None, day: int | None = None) -> bool:
        """Gym Days are the odd days of odd weeks and the even days of even weeks."""
        week = self.week if week is None else week
        day = self.day if day is None else day
        return day % 2 == week % 2

    def day_type(self) -> str:
        """``"Gym Day"`` (cards face up) or ``"Home Day"`` (face down); ``""`` at the end."""
        if self.week > self.game.deck.weeks:
            return ""
        return "Gym Day" if self.is_gym_day() else "Home Day"

    def pass_direction(self) -> str:
        """``"left"`` (to seat i+1) in odd weeks, ``"right"`` (to seat i-1) in even weeks."""
        return "left" if self.week % 2 == 1 else "right"

    # -- the protocol ------------------------------------------------------------------

    def to_move(self) -> list[int]:
        if self.week > self.game.deck.weeks:
            return []
        pending = self.pending
        if pending.count(None) == len(pending):  # a new day: everyone
            return list(range(len(pending)))
        return [i for i, p in enumerate(pending) if p is None]

    def legal_actions(self, player: int) -> list[Pick]:
        if type(player) is not int or not 0 <= player < len(self.pending):  # (the usual case checked here)
            self._check_player(player)
        if self.week > self.game.deck.weeks or self.pending[player] is not None:
            return []
        kept = self._legal
        if kept is not None and kept[player][0] is self.hands[player]:  # the picks kept since the hand last changed
            return list(kept[player][1])
        return list(self._picks_of(player))

    def _picks_of(self, player: int) -> list[Pick]:
        """The picks of ``hands[player]`` in deck order without repeats (kept, not a copy)."""
        hand = self.hands[player]
        kept = self._legal
        if kept is None:
            kept = self._legal = list(_NOTHING_KEPT * self.game.num_players)
        else:
            entry = kept[player]
            if entry[0] is hand:
                return entry[1]
        game = self.game
        names = sorted(set(hand), key=game._rank.__getitem__)
        picks = list(map(game._picks.__getitem__, names))
        kept[player] = (hand, picks, names)
        return picks

    @property
    def seen(self) -> list[list[dict]]:
        """Per seat, every hand that passed through that player's hands: ``{"week",
        "day", "cards"}`` with the cards sorted, day by day (perfect recall)."""
        if self._seen is None:
            self._seen = expected_seen(self)
        return self._seen

    @seen.setter
    def seen(self, value) -> None:
        self._seen = value

    def _apply(self, player: int, action: Pick) -> None:
        self.pending[player] = action.card
        if None not in self.pending:  # everyone has picked
            self._end_day()

    def is_over(self) -> bool:
        return self.week > self.game.deck.weeks

    def result(self) -> Result:
        self._require_over()
        report = self.report()
        return Result(
            scores=report.points,
            winners=report.winners,
            breakdown=report.breakdown,
            details={
                "eliminated": list(report.eliminated),
                "leg_days": list(report.leg_days),
                "shake_images": list(report.shake_images),
                "shake_cards": list(report.shake_cards),
                "decided_by": report.decided_by,
                "collection_points": list(report.collection_points),
                "squats": self.squats,
            },
        )

    def rule_use(self) -> dict:
        """How often each scoring option's branch fired (``LegDayGame.rule_events``, see
        ``scoring.rule_use``): all of them fire at the final scoring, so ``{}`` before the end."""
        if not self.is_over():
            return {}
        game = self.game
        facts = game._facts
        curls = [sum([1 for name, _ in tableau if facts[name][0] == "curl"]) for tableau in self.tableaus]
        o = game.options
        return scoring_rule_use(self.report(), curls, curl_sets=len(game.deck.scoring["curl_points"]),
                                elimination=o.elimination, eliminated_in_shake_race=o.eliminated_in_shake_race)

    def report(self) -> ScoreReport:
        """The full :class:`ScoreReport` of a finished game."""
        self._require_over()
        if self._report is None:
            self._report = self.game._score_own(self.tableaus)
        return self._report

    def observe(self, player: int) -> dict:
        self._check_player(player)
        over = self.is_over()
        tables = []
        for seat, tableau in enumerate(self.tableaus):
            if seat == player or over:
                tables.append([[c, up] for c, up in tableau])
            else:
                tables.append([[c if up else None, up] for c, up in tableau])
        view = {
            "game": self.game.name,
            "player": player,
            "players": self.game.num_players,
            "week": min(self.week, self.game.deck.weeks),
            "day": self.day,
            "day_type": self.day_type(),
            "pass_direction": self.pass_direction(),
            "over": over,
            "hand": list(self.hands[player]),
            "my_pick": self.pending[player],
            "waiting_for": self.to_move(),
            "hand_sizes": list(map(len, self.hands)),
            "tableaus": tables,
            "seen_hands": [{**h, "cards": list(h["cards"])} for h in self.seen[player]],
            "pile_size": len(self.pile),
        }
        if over:
            result = self.result()
            view["result"] = {"scores": list(result.scores), "winners": list(result.winners)}
        return view

    def clone(self) -> "LegDayState":
        other = LegDayState.__new__(LegDayState)
        other.game = self.game
        other.seed = self.seed
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.pile = list(self.pile)
        other.hands = [list(h) for h in self.hands]
        other.tableaus = [list(t) for t in self.tableaus]
        other.week, other.day = self.week, self.day
        other.pending = list(self.pending)
        if self._seen is not None:
            other._seen = [list(s) for s in self._seen]  # entries are never changed in place
        if self._legal is not None:
            other._legal = [
                (hand, list(picks), list(names)) if held is old else (None, None, None)
                for hand, old, (held, picks, names) in zip(other.hands, self.hands, self._legal)
            ]
        other.leftovers = [list(h) for h in self.leftovers]
        other.squats = None if self.squats is None else [dict(s) if s else s for s in self.squats]
        other._report = self._report
        return other

    def hidden_variant(self, player: int, rng) -> "LegDayState | None":
        """Swap two cards whose places ``player`` cannot see: in the pile, in another
        player's hand, or face down in another player's row."""
        self._check_player(player)
        if self.is_over():
            return None
        places = [("pile", None, i) for i in range(len(self.pile))]
        for seat in range(self.game.num_players):
            if seat == player:
                continue
            pick = self.pending[seat]
            skip = self.hands[seat].index(pick) if pick is not None else -1
            places += [("hand", seat, i) for i in range(len(self.hands[seat])) if i != skip]
            places += [("down", seat, i) for i, (_, up) in enumerate(self.tableaus[seat]) if not up]
        self.seen  # what each player remembers follows from the cards: fix it before any move
        other = self.clone()

        def get(place):
            where, seat, i = place
            if where == "pile":
                return other.pile[i]
            return other.hands[seat][i] if where == "hand" else other.tableaus[seat][i][0]

        def put(place, card):
            where, seat, i = place
            if where == "pile":
                other.pile[i] = card
            elif where == "hand":
                other.hands[seat][i] = card
            else:
                other.tableaus[seat][i] = (card, False)

        rng.shuffle(places)
        other._legal = None  # hands change in place below
        for a in places:
            b = next((b for b in places if get(b) != get(a)), None)
            if b is not None:
                card_a, card_b = get(a), get(b)
                put(a, card_b)
                put(b, card_a)
                return other
        return None

    def _to_data(self) -> dict:
        return {
            "seed": self.seed,
            "rng": rng_to_json(self.rng),
            "pile": self.pile,
            "hands": self.hands,
            "tableaus": [[[c, up] for c, up in t] for t in self.tableaus],
            "week": self.week,
            "day": self.day,
            "pending": self.pending,
            "seen": self.seen,
            "leftovers": self.leftovers,
            "squats": self.squats,
        }

    def __repr__(self) -> str:
        if self.is_over():
            return f"<Leg Day game over, seed {self.seed}: scores {list(self.result().scores)}>"
        return f"<Leg Day week {self.week} day {self.day} ({self.day_type()}), seed {self.seed}>"

    # -- what happens between picks ----------------------------------------------------

    def _deal(self) -> None:
        size = self.game.deck.hand_size
        pile = self.pile
        for seat in range(self.game.num_players):
            self.hands[seat] = pile[: -size - 1 : -1]  # the top card first, as popped one by one
            del pile[-size:]
        self._remember_hands()

    def _remember_hands(self) -> None:
        seen = self._seen
        if seen is None:  # not asked for yet: it follows from the cards whenever it is
            return
        for seat, hand in enumerate(self.hands):
            seen[seat].append({"week": self.week, "day": self.day, "cards": sorted(hand)})

    def _end_day(self) -> None:
        face_up = self.day % 2 == self.week % 2  # a Gym Day
        game = self.game
        n = game.num_players
        hands, tableaus, kept = self.hands, self.tableaus, self._legal
        for hand, row, card, entry in zip(hands, tableaus, self.pending, kept or _NOTHING_KEPT * n):
            hand.remove(card)
            row.append((card, face_up))
            if entry[0] is hand and card not in hand:  # its last copy: no longer a legal pick
                names = entry[2]
                i = names.index(card)
                del names[i], entry[1][i]
        self.pending = [None] * n
        if self.day < game.deck.days_per_week:
            # Hands pass left (to seat i+1) in odd weeks, right (to seat i-1) in even weeks,
            # and each hand's kept picks with it.
            if self.week % 2 == 1:
                hands.insert(0, hands.pop())
                if kept is not None:
                    kept.insert(0, kept.pop())
            else:
                hands.append(hands.pop(0))
                if kept is not None:
                    kept.append(kept.pop(0))
            self.day += 1
            if self._seen is not None:
                self._remember_hands()
            return
        self.leftovers.extend(self.hands)
        self.hands = [[] for _ in range(n)]
        self.week, self.day = self.week + 1, 1
        if self.week <= self.game.deck.weeks:
            self._deal()
        else:
            self.day = self.game.deck.days_per_week
            self._draw_squats()

    def _draw_squats(self) -> None:
        """The squat rule: every loser draws a card from the full deck."""
        deck = self.game._full_deck
        squats = self.game._squats
        winners = self.report().winners
        rng = self.rng  # a random.Random, whose choice(deck) is deck[draw_below(rng, len(deck))]
        self.squats = [
            None if seat in winners else {"card": (card := deck[draw_below(rng, len(deck))]), "squats": squats[card]}
            for seat in range(self.game.num_players)
        ]


__all__ = ["LegDayGame", "LegDayState", "LegDayOptions", "Pick", "CATEGORIES"]
