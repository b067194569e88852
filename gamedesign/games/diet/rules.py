"""The Diet Game: options, actions and the game state.

Play, as read from the rulebook (our readings of its gaps: ``docs/diet.md``):

* 2 to 6 players, seats numbered clockwise; turns pass to the left (seat i+1) and "the
  player to your right" is seat i-1. Seat 0 starts (option ``first_player``).
* Setup: the 52 cards are shuffled and every player is dealt 7 (option
  ``deal_at_start=False``: hands start empty). Every weight starts at 0.
* A turn has eight phases, in order:

  1. A New Day - the active player fills their hand to 7. When the deck is empty the
     discard pile is shuffled into a new deck. If both are empty the player draws what
     there is (the hand stays short).
  2. Planning - discard 0 to 3 cards, then draw as many.
  3. Breakfast, 5. Lunch, 6. Dinner, 8. Snack - play one card of that meal worth 0 or
     less on yourself, or none; after none, the player to your right may play one
     fattening (+1) card of that meal on you (option ``feed_last_place=False``: not when
     you are heavier than everyone else).
  4. Exercise - play one Exercise card (-1), or none. Opponents are then asked in turn
     order starting from your left whether to cancel it with Laziness; the first who
     plays Laziness is the only one.
  7. Cheat - opponents are asked in the same order whether to play a Cheat card (+1) on
     you; the first who does is the only one. You may then cancel it with Willpower.

* Played and cancelled cards go face up to the discard pile; Planning discards too.
* The moment a player's weight reaches the target (-10) they win and the game ends, in
  the middle of their turn. After ``max_turns`` turns in all without a winner, the game
  ends in a draw.

Every choice is a decision point: ``to_move()`` names the one seat that must answer now
(the active player, the right-hand neighbour, or the opponent being asked), and the
legal actions always include a way to decline ("no breakfast", "pass").

A player sees their own hand, every hand's size, every weight, the deck's size, the face
up discard pile, the card on the table waiting for an answer, and the public log.
"""

from __future__ import annotations

import itertools
import json
import operator
import random
import re
from dataclasses import dataclass

from ...core import Game, Result, State, brief, check_seed, option, rng_to_json
from . import labels as words, text as views
from .cards import MEALS, Deck, load_deck
from .saves import load_state
from .tables import CAUSES, LOG_LINES, TALLIES, _lb, alone_in_last_place

#: The eight phases of a turn, in order.
PHASES = ("new day", "planning", "breakfast", "exercise", "lunch", "dinner", "cheat", "snack")

#: How each phase is called in the rulebook.
PHASE_TITLES = {
    "new day": "A New Day",
    "planning": "Planning",
    "breakfast": "Breakfast",
    "exercise": "Exercise",
    "lunch": "Lunch",
    "dinner": "Dinner",
    "cheat": "Cheat",
    "snack": "Snack",
    "over": "Game over",
}

#: Who is being asked what, within a phase.
STEPS = {
    "own": "the active player chooses",
    "neighbour": "the right-hand neighbour may play a fattening meal",
    "laziness": "an opponent may cancel the Exercise card with Laziness",
    "cheat": "an opponent may play a Cheat card",
    "willpower": "the active player may cancel the Cheat card with Willpower",
}

#: Seat names used in the log (seat 0 is Ann, seat 1 Bo, ...).
PLAYER_NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")

#: How many of the latest log lines an observation carries.
LOG_WINDOW = 60

def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: The most turns a game may last (``max_turns``): a Diet Game is mostly over within 200.
MAX_TURNS = 2_000

#: The farthest target (``target``), in pounds.
MAX_TARGET = 10_000


def _check_target(value):
    if not _whole(value) or not -MAX_TARGET <= value < 0:
        return f"the target is a whole weight change below 0, at least -{MAX_TARGET:,} (the rulebook's is -10)"
    return None


def _check_max_turns(value):
    if not _whole(value) or not 1 <= value <= MAX_TURNS:
        return f"give a whole number of turns from 1 to {MAX_TURNS:,}"
    return None


def _check_first_player(value):
    if not _whole(value) or value < 0:
        return "give a seat number, 0 or more (below the number of players)"
    return None


@dataclass(frozen=True)
class DietOptions:
    """Rule options of The Diet Game (the defaults follow the rulebook as read in ``docs/diet.md``)."""

    deal_at_start: bool = option(
        True, (True, False), "deal every player 7 cards at setup (False: hands start empty and fill on each turn)",
        label="Deal 7 cards at the start",
        explain="whether hands are dealt at setup or fill on each player's first turn",
        value_labels={True: "yes", False: "no: hands fill on the first turn"},
    )
    first_player: int = option(0, doc="the seat that takes the first turn", check=_check_first_player,
        label="Seat that starts",
        explain="the seat that takes the first turn",
    )
    target: int = option(-10, doc="the weight change that wins the game the moment it is reached", check=_check_target,
        label="Winning weight change (pounds)",
        explain="the weight change that wins the game the moment it is reached",
    )
    max_turns: int = option(
        200, doc="turns in all (every player's turns together) before a stalled game ends in a draw", check=_check_max_turns,
        label="Turns before a draw",
        explain="turns in all before a stalled game ends in a draw",
    )
    feed_last_place: bool = option(
        True, (True, False), "the right-hand neighbour may feed a fattening meal to the player in last place "
        "(False: a player heavier than everyone else cannot be fed)",
        label="Feed the player in last place",
        explain="whether a player heavier than everyone else can be fed a fattening meal",
        value_labels={True: "yes", False: "no: they are spared"},
    )
    deck: object = option(None, doc="a deck file path or deck data (None: the rulebook's 52 cards)")


# ----------------------------------------------------------------------------------------
# Actions
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """Play the card called ``card``: a meal, an Exercise, a Cheat, Laziness or Willpower."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Discard:
    """Planning: discard these cards (0 to 3 of them) and draw as many."""

    cards: tuple = ()

    def __post_init__(self):
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    @classmethod
    def _sorted(cls, cards: tuple) -> "Discard":
        """A discard of ``cards``, a tuple already in sorted order (no second sort)."""
        action = object.__new__(cls)
        object.__setattr__(action, "cards", cards)
        return action

    def __str__(self) -> str:
        return "discard " + (", ".join(self.cards) if self.cards else "nothing")


@dataclass(frozen=True)
class Skip:
    """Play no card in your own meal or Exercise phase (``phase`` names it)."""

    phase: str

    def __str__(self) -> str:
        return f"no {self.phase}"


@dataclass(frozen=True)
class Pass:
    """Decline to answer: no fattening meal, no Laziness, no Cheat, no Willpower."""

    def __str__(self) -> str:
        return "pass"


# ----------------------------------------------------------------------------------------
# The game
# ----------------------------------------------------------------------------------------

#: How many Discard actions a game keeps ready before it starts afresh.
_DISCARD_CACHE = 50_000


def _discard_positions(shape: tuple, limit: int) -> list:
    """For a sorted hand whose card at position i first appears at ``shape[i]``: one
    function per distinct discard (in ``itertools.combinations`` order, 0 to ``limit``
    cards), each taking that discard's cards out of the sorted hand as a tuple."""
    takes = []
    for r in range(min(limit, len(shape)) + 1):
        chosen = dict.fromkeys(
            tuple(shape[i] for i in positions) for positions in itertools.combinations(range(len(shape)), r)
        )
        for positions in chosen:
            # The first positions of equal cards stand for them all (the same names).
            if r == 0:
                takes.append(operator.itemgetter(slice(0, 0)))
            elif r == 1:
                takes.append(operator.itemgetter(slice(positions[0], positions[0] + 1)))
            else:
                takes.append(operator.itemgetter(*positions))
    return takes


def _allowed_cards(deck: Deck) -> dict:
    """For each (phase, step) answered by playing a card: the names of the cards allowed."""
    kinds = {c.name: c for c in deck.cards}

    def names(test) -> frozenset:
        return frozenset(name for name, c in kinds.items() if test(c))

    allowed = {}
    for meal in MEALS:
        allowed[(meal, "own")] = names(lambda c, m=meal: c.kind == m and c.pounds <= 0)
        allowed[(meal, "neighbour")] = names(lambda c, m=meal: c.kind == m and c.pounds > 0)
    allowed[("exercise", "own")] = names(lambda c: c.kind == "exercise")
    allowed[("exercise", "laziness")] = names(lambda c: c.kind == "laziness")
    allowed[("cheat", "cheat")] = names(lambda c: c.kind == "cheat")
    allowed[("cheat", "willpower")] = names(lambda c: c.kind == "willpower")
    return allowed



class DietGame(Game):
    """The Diet Game for 2-6 players."""

    name = "diet"
    title = "The Diet Game"
    min_players = 2
    max_players = 6
    default_players = 4
    Options = DietOptions
    rule_events = {"meal skipped in last place": "feed_last_place"}

    # The design lab's words for this game (see .labels).
    length_unit, point_unit, card_worth = words.LENGTH_UNIT, words.POINT_UNIT, words.CARD_WORTH
    measures, verdict_signs = words.MEASURES, words.VERDICT_SIGNS
    odds_questions, deck_fields = words.ODDS_QUESTIONS, words.DECK_FIELDS
    lab_concepts = "gamedesign.games.diet.targeting"  # leader_targeting
    # Its search plays a tree of playouts move by move (about a millisecond each): 20 a
    # decision keep a class's 30 playtest tables under half a minute on two cores.
    review_playouts = 20

    log_sentences = views.DIET_SENTENCES

    def text_view(self, observation, names, full):
        """Whose day and which phase, the weights, the hand with its meals and pounds (see .text)."""
        return views.diet_view(self, observation, names, full)

    def move_words(self, action, observation=None):
        """A move as the app's buttons say it ("Play Steak", "Keep my hand", "No Cheat")."""
        return views.move_words(action, observation)

    def value_text(self, value, observation=None):
        """A card with what it does."""
        return views.value_text(self, value, observation)

    def points_text(self, points):
        """A weight change: "+1 lb", "0 lb", "-1 lb"."""
        return views.pounds(points)

    def lab_profile(self):
        """How the design lab reads The Diet Game: the profile of this package's ``lab`` module
        (imported on first use: it needs numpy)."""
        from .lab import PROFILE

        return PROFILE

    def __init__(self, players: int = 4, **options):
        super().__init__(players, **options)
        if self.options.first_player >= self.num_players:
            raise ValueError(
                f"option first_player={self.options.first_player!r} is not allowed for 'diet' with "
                f"{self.num_players} players: seats are numbered 0 to {self.num_players - 1}"
            )
        try:
            self.deck: Deck = load_deck(self.options.deck)
        except ValueError as err:
            raise ValueError(f"deck: {err}") from None
        self.names = PLAYER_NAMES[: self.num_players]
        self._options_data = None
        self._card_rank = {name: i for i, name in enumerate(self.deck.card_names())}
        self._plays = {name: Play(name) for name in self.deck.by_name}
        self._allowed = _allowed_cards(self.deck)
        self._declines = {**{(p, "own"): Skip(p) for p in (*MEALS, "exercise")}, "pass": Pass()}
        self._shapes: dict = {}  # a sorted hand's shape -> which positions each discard takes
        self._discards: dict = {}  # sorted card names -> their Discard action

    def discards(self, hand) -> list:
        """The Planning discards of ``hand`` (0 to the deck's limit of cards, each set of
        names once), in the order ``legal_actions`` lists them.

        A hand of 7 has up to 64 of them. Which positions of the sorted hand each one
        takes depends only on the hand's *shape* (where equal cards repeat), so that is
        worked out once per shape, and each discard object is made once per set of names.
        """
        key = tuple(sorted(hand))
        shape = tuple(map(key.index, key))
        takes = self._shapes.get(shape)
        if takes is None:
            takes = self._shapes[shape] = _discard_positions(shape, self.deck.planning_discards)
        made = self._discards
        if len(made) >= _DISCARD_CACHE:
            made.clear()
        out = []
        for take in takes:
            cards = take(key)
            action = made.get(cards)
            if action is None:
                action = made[cards] = Discard._sorted(cards)
            out.append(action)
        return out

    def __getstate__(self) -> dict:
        # Sent to worker processes without the discards made so far (they are rebuilt).
        return {**self.__dict__, "_shapes": {}, "_discards": {}}

    def options_dict(self) -> dict:
        if self._options_data is None:
            data = super().options_dict()
            data["deck"] = None if self.options.deck is None else self.deck.to_data()
            self._options_data = json.dumps(data)
        return json.loads(self._options_data)

    def new_state(self, seed: int | None = None) -> "DietState":
        return DietState(self, check_seed(seed))

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

    def balance_levers(self) -> dict:
        """The hand size and the Planning card's discards."""
        return {"deck.hand_size": (6, 8), "deck.planning_discards": (1, 5)}

    def parse_action(self, text: str):
        if not isinstance(text, str):
            raise ValueError(f"an action is a text like 'play Apple' or 'pass', not {brief(text)}")
        words = text.strip()
        lower = words.lower()
        allowed = (
            "allowed: 'play CARD', 'discard CARD, CARD, ...', 'discard nothing', "
            + ", ".join(f"'no {p}'" for p in (*MEALS, "exercise"))
            + ", 'pass'"
        )
        try:
            if lower == "pass":
                return Pass()
            if lower.startswith("no ") and lower[3:].strip() in (*MEALS, "exercise"):
                return Skip(lower[3:].strip())
            if lower.startswith("play "):
                return Play(self.deck.canonical(words[5:]))
            if lower.startswith("discard"):
                rest = words[7:].strip()
                if rest.lower() in ("", "nothing"):
                    return Discard(())
                return Discard(tuple(self.deck.canonical(part) for part in rest.split(",")))
        except ValueError as err:
            raise ValueError(f"{brief(text)} is not a Diet Game action: {err}") from None
        raise ValueError(f"{brief(text)} is not a Diet Game action; {allowed}")

    def _blank_state(self) -> "DietState":
        """A state with no data yet, which ``saves.py`` fills from a save."""
        return DietState.__new__(DietState)

    def state_from_json(self, text: str) -> "DietState":
        """Rebuild a saved state; ``ValueError`` naming what is wrong if the rules cannot
        reach it (what a save must satisfy: ``saves.py``)."""
        return load_state(self, text)


class DietState(State):
    """One game of The Diet Game in progress.

    Attributes a lesson may read: ``hands``, ``deck`` (the top card is the last),
    ``discard``, ``weights``, ``turn``, ``active``, ``phase``, ``log`` (public events as
    plain text) and ``history`` (everyone's weights at the start and after each turn).
    """

    def __init__(self, game: DietGame, seed: int):
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        n = game.num_players
        self.deck: list[str] = game.deck.full_deck()
        self._shuffle(self.deck)
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.weights = [0] * n
        self.turn = 1
        self.active = game.options.first_player
        self.phase = "new day"
        self.step = None
        self.asked = None
        self.pending = None  # the card on the table waiting for answers: {"card", "by"}
        self.winner = None
        self.causes = [dict.fromkeys(CAUSES, 0) for _ in range(n)]
        self.tally = {name: [0] * n for name in TALLIES}
        self.reshuffles = 0
        self.rules_used: dict = {}  # rule event -> times it happened (see rule_use)
        self.log: list[str] = []
        self._log_json: list[str] = []  # the lines JSON-encoded so far (by to_json): saving stays fast in long games
        self.history: list[list[int]] = []
        self._history_json: list[str] = []
        self._record_weights()
        if game.options.deal_at_start:
            # One card at a time round the table, starting with the first player.
            for _ in range(game.deck.hand_size):
                for k in range(n):
                    self._draw((self.active + k) % n, 1)
            self._say("dealt", count=game.deck.hand_size)
        self._start_turn()

    # -- names and the log -------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The name the log uses for ``seat``."""
        return self.game.names[seat]

    def _record_weights(self) -> None:
        self.history.append(list(self.weights))

    def _say(self, kind: str, **fields) -> None:
        """Add the line of ``kind`` (see :data:`LOG_LINES`) with ``fields`` to the log."""
        self.log.append(LOG_LINES[kind].format(**fields))

    def right_of(self, seat: int) -> int:
        """The player to the right of ``seat`` (seat i-1)."""
        return (seat - 1) % self.game.num_players

    def left_of(self, seat: int) -> int:
        """The player to the left of ``seat`` (seat i+1), who plays next."""
        return (seat + 1) % self.game.num_players

    # -- the protocol ------------------------------------------------------------------

    def to_move(self) -> list[int]:
        if self.phase == "over":
            return []
        return [self.asked if self.step in ("neighbour", "laziness", "cheat") else self.active]

    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, player: int) -> list:
        self._check_player(player)
        if self.phase == "over" or player != self.to_move()[0]:
            return []
        game = self.game
        hand = self.hands[player]
        step, phase = self.step, self.phase
        if phase == "planning":
            return list(game.discards(hand))
        allowed = game._allowed.get((phase, step))
        if allowed is None:  # pragma: no cover
            raise AssertionError(f"no decision at phase {phase!r}, step {step!r}")
        plays = game._plays
        actions = [plays[name] for name in sorted(allowed.intersection(hand))]
        actions.append(game._declines[(phase, "own")] if step == "own" else game._declines["pass"])
        return actions

    def rule_use(self) -> dict:
        """How often each rule event of ``DietGame.rule_events`` has happened so far."""
        return dict(self.rules_used)

    def in_last_place(self, seat: int) -> bool:
        """True when ``seat`` is heavier than every other player (alone in last place)."""
        return alone_in_last_place(self.weights, seat)

    def _apply(self, player: int, action) -> None:
        handler = {
            "own": self._own_choice,
            "neighbour": self._neighbour_answer,
            "laziness": self._laziness_answer,
            "cheat": self._cheat_answer,
            "willpower": self._willpower_answer,
        }[self.step]
        handler(player, action)

    def result(self) -> Result:
        self._require_over()
        return Result(
            scores=tuple(self.weights),
            winners=() if self.winner is None else (self.winner,),
            breakdown=tuple(dict(c) for c in self.causes),
            details={
                "turns": self.turn,
                "ended_by": "target" if self.winner is not None else "turn limit",
                "reshuffles": self.reshuffles,
                **{name: list(values) for name, values in self.tally.items()},
                "weight_history": [list(w) for w in self.history],
            },
        )

    def observe(self, player: int) -> dict:
        self._check_player(player)
        rank = self.game._card_rank
        view = {
            "game": self.game.name,
            "player": player,
            "players": self.game.num_players,
            "names": list(self.game.names),
            "turn": self.turn,
            "max_turns": self.game.options.max_turns,
            "target": self.game.options.target,
            "active": self.active,
            "phase": self.phase,
            "step": self.step,
            "waiting_for": self.to_move(),
            "on_table": None if self.pending is None else dict(self.pending),
            "hand": sorted(self.hands[player], key=rank.__getitem__),
            "hand_sizes": [len(h) for h in self.hands],
            "weights": list(self.weights),
            "deck_size": len(self.deck),
            "discard": list(self.discard),
            "log": self.log[-LOG_WINDOW:],
            "log_length": len(self.log),
            "over": self.is_over(),
            "winner": self.winner,
        }
        return view

    def clone(self) -> "DietState":
        other = DietState.__new__(DietState)
        other.game = self.game
        other.seed = self.seed
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other._rng_json = self._rng_json
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.hands = [list(h) for h in self.hands]
        other.weights = list(self.weights)
        other.turn, other.active, other.phase = self.turn, self.active, self.phase
        other.step, other.asked, other.winner = self.step, self.asked, self.winner
        other.pending = None if self.pending is None else dict(self.pending)
        other.causes = [dict(c) for c in self.causes]
        other.tally = {k: list(v) for k, v in self.tally.items()}
        other.reshuffles = self.reshuffles
        other.rules_used = dict(self.rules_used)
        other.log = list(self.log)
        other._log_json = list(self._log_json)
        other.history = list(self.history)  # entries are never changed in place
        other._history_json = list(self._history_json)
        return other

    def hidden_variant(self, player: int, rng) -> "DietState | None":
        """Swap two different cards whose places ``player`` cannot see: in the deck or
        in another player's hand."""
        self._check_player(player)
        if self.is_over():
            return None
        places = [(None, i) for i in range(len(self.deck))]
        for seat in range(self.game.num_players):
            if seat != player:
                places += [(seat, i) for i in range(len(self.hands[seat]))]
        other = self.clone()

        def cell(place):
            seat, i = place
            return (other.deck, i) if seat is None else (other.hands[seat], i)

        rng.shuffle(places)
        for a in places:
            list_a, i = cell(a)
            for b in places:
                list_b, j = cell(b)
                if list_a[i] != list_b[j]:
                    list_a[i], list_b[j] = list_b[j], list_a[i]
                    return other
        return None

    def _to_data(self) -> dict:
        return {
            **self._plain_data(),
            "rng": json.loads(self._rng_text()),
            "log": self.log,
            "history": self.history,
        }

    def _plain_data(self) -> dict:
        """Everything but the generator, the log and the history (see :meth:`to_json`)."""
        return {
            "seed": self.seed,
            "deck": self.deck,
            "discard": self.discard,
            "hands": self.hands,
            "weights": self.weights,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "step": self.step,
            "asked": self.asked,
            "pending": self.pending,
            "winner": self.winner,
            "causes": self.causes,
            "tally": self.tally,
            "reshuffles": self.reshuffles,
            "rules_used": self.rules_used,
        }

    def to_json(self) -> str:
        """The whole state as JSON text, the same as the generic protocol's but built
        faster: the log and the weight history only grow and the generator changes only
        when cards are shuffled, so their JSON is made once and reused."""
        data = {"game": self.game.name, "players": self.game.num_players, "options": self.game.options_dict()}
        data.update(self._plain_data())
        _encode_new(self.log, self._log_json)
        _encode_new(self.history, self._history_json)
        pieces = {
            "rng": self._rng_text(),
            "log": "[" + ", ".join(self._log_json) + "]",
            "history": "[" + ", ".join(self._history_json) + "]",
        }
        for key in pieces:
            data[key] = None
        text = json.dumps(data)
        for key, piece in pieces.items():
            # Top-level keys come last; inside JSON strings a quote is escaped, so this is the key.
            head, tail = text.rsplit(f'"{key}": null', 1)
            text = head + f'"{key}": ' + piece + tail
        return text

    def __repr__(self) -> str:
        if self.is_over():
            end = f"{self.name(self.winner)} won" if self.winner is not None else "draw"
            return f"<Diet Game over after {self.turn} turns ({end}), weights {self.weights}, seed {self.seed}>"
        return (
            f"<Diet Game turn {self.turn}, {self.name(self.active)}'s {PHASE_TITLES[self.phase]}, "
            f"weights {self.weights}, seed {self.seed}>"
        )

    # -- drawing -----------------------------------------------------------------------

    def _shuffle(self, cards: list) -> None:
        """Shuffle with the game's generator (its only use, so its saved form is cached)."""
        self._rng_json = None
        self.rng.shuffle(cards)

    def _rng_text(self) -> str:
        if self._rng_json is None:
            self._rng_json = json.dumps(rng_to_json(self.rng))
        return self._rng_json

    def _draw(self, seat: int, count: int) -> int:
        """Draw up to ``count`` cards into ``seat``'s hand; returns how many were drawn.

        An empty deck is replaced by the shuffled discard pile; when both are empty the
        player draws what there is.
        """
        drawn = 0
        for _ in range(count):
            if not self.deck:
                if not self.discard:
                    break
                self.deck, self.discard = self.discard, []
                self._shuffle(self.deck)
                self.reshuffles += 1
                self._say("reshuffle", count=len(self.deck))
            self.hands[seat].append(self.deck.pop())
            drawn += 1
        return drawn

    # -- the turn, phase by phase ------------------------------------------------------

    def _start_turn(self) -> None:
        a = self.active
        self.phase = "new day"
        missing = max(0, self.game.deck.hand_size - len(self.hands[a]))
        drawn = self._draw(a, missing)
        cards = "card" if drawn == 1 else "cards"
        self._say("day, short" if drawn < missing else "day", turn=self.turn, name=self.name(a), drawn=drawn,
                  cards=cards, missing=missing)
        self._enter("planning")

    def _enter(self, phase: str) -> None:
        self.phase = phase
        self.pending = None
        if phase == "cheat":
            self.step, self.asked = "cheat", self.left_of(self.active)
        else:
            self.step, self.asked = "own", None

    def _next_phase(self) -> None:
        if self.phase == "over":
            return
        i = PHASES.index(self.phase) + 1
        if i < len(PHASES):
            self._enter(PHASES[i])
            return
        self._record_weights()
        if self.turn >= self.game.options.max_turns:
            self._end(None)
            return
        self.turn += 1
        self.active = self.left_of(self.active)
        self._start_turn()

    def _end(self, winner) -> None:
        self.winner = winner
        self.phase, self.step, self.asked, self.pending = "over", None, None, None
        if winner is None:
            self._say("draw", max_turns=self.game.options.max_turns)
        else:
            self._record_weights()
            self._say("won", name=self.name(winner), weight=self.weights[winner])

    def _change_weight(self, seat: int, pounds: int, cause: str) -> None:
        self.weights[seat] += pounds
        self.causes[seat][cause] += pounds
        if self.weights[seat] <= self.game.options.target:
            self._end(seat)

    def _take(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)

    def _own_choice(self, player: int, action) -> None:
        a, phase = self.active, self.phase
        name = self.name(a)
        if phase == "planning":
            for card in action.cards:
                self._take(a, card)
                self.discard.append(card)
            if action.cards:
                drawn = self._draw(a, len(action.cards))
                self.tally["cards_swapped"][a] += len(action.cards)
                self._say("swapped", name=name, discards=", ".join(action.cards), drawn=drawn)
            else:
                self._say("kept", name=name)
            self._next_phase()
            return
        if isinstance(action, Skip):
            if phase == "exercise":
                self._say("no exercise", name=name)
                self._next_phase()
                return
            self.tally["meals_skipped"][a] += 1
            self._say("no meal", name=name, meal=phase)
            if self.in_last_place(a):  # the situation feed_last_place rules on
                used = self.rules_used
                used["meal skipped in last place"] = used.get("meal skipped in last place", 0) + 1
                if not self.game.options.feed_last_place:
                    self._say("not fed", name=name, meal=phase)
                    self._next_phase()
                    return
            self.step, self.asked = "neighbour", self.right_of(a)
            return
        card = self.game.deck.card(action.card)
        self._take(a, card.name)
        if phase == "exercise":
            self.pending = {"card": card.name, "by": a}
            self.step, self.asked = "laziness", self.left_of(a)
            return
        self.discard.append(card.name)
        self.tally["meals_eaten"][a] += 1
        self._say("ate", name=name, card=card.name, lb=_lb(card.pounds))
        self._change_weight(a, card.pounds, "own meals")
        self._next_phase()

    def _neighbour_answer(self, player: int, action) -> None:
        a = self.active
        if isinstance(action, Pass):
            self._next_phase()
            return
        card = self.game.deck.card(action.card)
        self._take(player, card.name)
        self.discard.append(card.name)
        self.tally["fattening_played"][player] += 1
        self._say("fed", by=self.name(player), name=self.name(a), card=card.name, lb=_lb(card.pounds))
        self._change_weight(a, card.pounds, "neighbour meals")
        self._next_phase()

    def _laziness_answer(self, player: int, action) -> None:
        a = self.active
        exercise = self.pending["card"]
        if isinstance(action, Play):
            self._take(player, action.card)
            self.discard += [exercise, action.card]
            self.tally["laziness_played"][player] += 1
            self.tally["exercises_cancelled"][a] += 1
            self._say("lazy", by=self.name(player), card=action.card, name=self.name(a), exercise=exercise)
            self._next_phase()
            return
        self.asked = self.left_of(player)
        if self.asked != a:
            return
        self.discard.append(exercise)
        self.tally["exercises_counted"][a] += 1
        pounds = self.game.deck.card(exercise).pounds
        self._say("exercised", name=self.name(a), card=exercise, lb=_lb(pounds))
        self._change_weight(a, pounds, "exercise")
        self._next_phase()

    def _cheat_answer(self, player: int, action) -> None:
        a = self.active
        if isinstance(action, Play):
            self._take(player, action.card)
            self.pending = {"card": action.card, "by": player}
            self.tally["cheats_played"][player] += 1
            self.step, self.asked = "willpower", None
            return
        self.asked = self.left_of(player)
        if self.asked == a:
            self._next_phase()

    def _willpower_answer(self, player: int, action) -> None:
        a = self.active
        cheat, by = self.pending["card"], self.pending["by"]
        if isinstance(action, Play):
            self._take(a, action.card)
            self.discard += [cheat, action.card]
            self.tally["willpower_played"][a] += 1
            self._say("willpower", by=self.name(by), card=cheat, name=self.name(a), willpower=action.card)
            self._next_phase()
            return
        self.discard.append(cheat)
        self.tally["cheats_suffered"][a] += 1
        pounds = self.game.deck.card(cheat).pounds
        self._say("cheat", by=self.name(by), card=cheat, name=self.name(a), lb=_lb(pounds))
        self._change_weight(a, pounds, "cheats")
        self._next_phase()


def _encode_new(items: list, encoded: list) -> None:
    """JSON-encode the entries of ``items`` (which only grows) not yet in ``encoded``."""
    for item in itertools.islice(items, len(encoded), None):
        encoded.append(json.dumps(item))


def personalise(text: str, names, seat: int) -> str:
    """A log line as seat ``seat`` reads it: their name becomes "you" / "your".

    >>> personalise("Bo played Laziness on Ann's Bicycling.", ["Ann", "Bo"], 0)
    "Bo played Laziness on your Bicycling."
    """
    name = re.escape(names[seat])
    text = re.sub(rf"\b{name}'s\b", "your", text)
    text = re.sub(rf"^{name}\b", "You", text)
    return re.sub(rf"\b{name}\b", "you", text)


__all__ = [
    "CAUSES",
    "LOG_LINES",
    "DietGame",
    "DietOptions",
    "DietState",
    "Discard",
    "PHASES",
    "PHASE_TITLES",
    "PLAYER_NAMES",
    "Pass",
    "Play",
    "Skip",
    "personalise",
]
