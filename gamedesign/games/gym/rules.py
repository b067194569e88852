"""GYM: options, actions and the game state.

Play, as read from the rulebook (our readings of its gaps: ``docs/gym.md``):

* 2, 4 or 6 players in two teams, A and B. Seats alternate teams (A1, B1, A2, B2, ...):
  seat ``s`` plays for team ``"AB"[s % 2]``. Seat 0 starts both phases; turns go by seat.
* Setup: the six Events form the Event Schedule in a random column order, all at level 0.
  The 24 Kids are shuffled; 12 are revealed in a face-up row, 12 wait in a stack.
* Pick phase: the active player takes a face-up Kid into their hand. After taking a Brat
  they may advance the schedule: one event 2 steps, or two different events 1 step each
  (option ``brat_advance``). When the row is empty the stack is revealed; after 24 picks
  the 4 most advanced events are in play (ties: higher in the column first) and the other
  two become Coaches.
* Play phase, one turn = a few decision points:
  ``place`` (a Kid from hand on an empty position of your team's side), then ``action``
  (one Event Action or ``skip action``), then for Pick ``give back`` (a Kid from your hand
  to the picked-from player), then, if the placed Kid is a Brat, ``coach`` (put either
  Coach on any side of any event that holds no Coach, or ``skip coach``). A side holds at
  most one Coach.
* Event Actions: the placed-at event's action, or the action of either skill colour of the
  placed Kid when that colour's event is in play. A Coach on a side of an event blocks
  every action that moves a Kid onto or off that side (Lift, Switch, Swap, Move).
* Force draws a random Kid from an opponent's hand: it is set in front of them (public),
  must be their next placement, and they are exempt from Force until that turn is over.
  Pick draws a random Kid from an opponent's hand; the picker then gives any Kid back.
* The game ends after the turn in which the last Kid is placed; that turn keeps its Event
  Action (and its Coach step after a Brat). Each team scores, at each event in play, its
  Kids' skill values in that event's colour. Ties go to team A.
* Options a designer may flip (``docs/gym.md``): who starts the Play phase
  (``play_phase_first``), whether the last placement keeps its Event Action
  (``last_placement_action``), how schedule ties are broken (``schedule_tiebreak``),
  ``brat_advance`` and ``coach_blocks_placement``.

Hands are hidden from everyone else, teammates included. The row, schedule, board,
Coaches and Forced Kids are public. Each player remembers where they saw Kids go
(``known``): a Kid taken from the row is known to be in that hand until a random Pick
muddles it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from operator import itemgetter
from typing import ClassVar

from ...core import Game, Result, State, brief, check_seed, option, rng_to_json
from . import labels as words, text as views
from .cards import Deck, load_deck
from .saves import load_state
from .tables import EVENTS_IN_PLAY, REVEAL, SPOTS, TEAMS, team_of

BLOCKABLE = ("lift", "switch", "swap", "move")


# ----------------------------------------------------------------------------------------
# Options
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GymOptions:
    """Rule options of GYM (the defaults follow the rulebook as read in ``docs/gym.md``)."""

    brat_advance: str = option(
        "either",
        ("either", "two_to_one", "one_to_two"),
        "after taking a Brat: advance one event 2 steps or two events 1 step ('either'), "
        "only one event 2 steps ('two_to_one'), or only two events 1 step ('one_to_two')",
        label="After taking a Brat, advance",
        explain="how the event schedule advances after a Brat",
        value_labels={"either": "one event 2 steps or two events 1 step", "two_to_one": "one event 2 steps", "one_to_two": "two events 1 step"},
    )
    coach_blocks_placement: bool = option(
        False, (False, True), "a Coach also stops players placing a Kid on its side (unless no other spot is free)",
        label="A Coach blocks its side",
        explain="whether a Coach also stops players placing a Kid on its side",
        value_labels={False: "no", True: "yes"},
    )
    play_phase_first: str = option(
        "A",
        ("A", "B", "weaker_hands"),
        "who takes the first turn of the Play phase: team A's first seat, the dealer, as in the Pick phase ('A'); "
        "team B's first seat ('B'); or the first seat of the team whose Kids are worth less at the events in play "
        "('weaker_hands', team A on a tie)",
        label="Who starts the Play phase",
        explain="which team places the first Kid (the other team places the last)",
        value_labels={"A": "team A (the dealer)", "B": "team B", "weaker_hands": "the team with the weaker hands"},
    )
    last_placement_action: bool = option(
        True, (True, False), "the turn that places the last Kid keeps its Event Action and Coach step "
        "(False: the game ends as soon as the last Kid is placed)",
        label="Action on the last placement",
        explain="whether the turn that places the last Kid keeps its Event Action",
        value_labels={True: "yes", False: "no: the game ends at once"},
    )
    schedule_tiebreak: str = option(
        "column",
        ("column", "random"),
        "events tied on level at the end of the Pick phase: the one higher in the column goes in play ('column'), "
        "or their order is drawn at random from the game's generator ('random')",
        label="Schedule ties go to",
        explain="which of the events level on the schedule goes in play",
        value_labels={"column": "the event higher in the column", "random": "a random draw"},
    )
    deck: object = option(None, doc="a deck file path or deck data (None: the standard deck)")


# ----------------------------------------------------------------------------------------
# Actions: one small value per decision point; str() and GymGame.parse_action agree
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Take:
    """Pick phase: take the face-up Kid ``kid`` into your hand."""

    kid: str

    def __str__(self) -> str:
        return f"take {self.kid}"


@dataclass(frozen=True)
class Advance:
    """After taking a Brat: advance ``first`` 2 steps, or ``first`` and ``second`` 1 step each."""

    first: str
    second: str | None = None

    def __post_init__(self):
        if self.second is not None and self.second < self.first:
            a, b = self.second, self.first
            object.__setattr__(self, "first", a)
            object.__setattr__(self, "second", b)

    @property
    def steps(self) -> dict:
        """Event name -> steps advanced."""
        return {self.first: 2} if self.second is None else {self.first: 1, self.second: 1}

    def __str__(self) -> str:
        if self.second is None:
            return f"advance {self.first} by 2"
        return f"advance {self.first} and {self.second} by 1"


@dataclass(frozen=True)
class Skip:
    """Decline an optional step: ``"advance"``, ``"action"`` or ``"coach"``."""

    what: str

    def __str__(self) -> str:
        return f"skip {self.what}"


@dataclass(frozen=True)
class Place:
    """Play phase: place ``kid`` from your hand at ``event``, position ``spot`` (1-3) of your side."""

    kid: str
    event: str
    spot: int

    def __str__(self) -> str:
        return f"place {self.kid} at {self.event} spot {self.spot}"


@dataclass(frozen=True)
class Lift:
    """Lift any Kid: take placed ``kid`` into your hand and put ``put`` from your hand in its place."""

    kid: str
    put: str

    def __str__(self) -> str:
        return f"lift {self.kid}, put {self.put}"


@dataclass(frozen=True)
class _KidPair:
    """Two Kids named in alphabetical order, so one exchange has one action."""

    a: str
    b: str
    verb: ClassVar[str] = ""

    def __post_init__(self):
        if self.b < self.a:
            a, b = self.b, self.a
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    def __str__(self) -> str:
        return f"{self.verb} {self.a} with {self.b}"


@dataclass(frozen=True)
class Switch(_KidPair):
    """Switch 2 Kids: two placed Kids on the same side exchange positions."""

    verb: ClassVar[str] = "switch"


@dataclass(frozen=True)
class Swap(_KidPair):
    """Swap 2 Kids: a Kid on each side exchange positions."""

    verb: ClassVar[str] = "swap"


@dataclass(frozen=True)
class Move:
    """Move any Kid: placed ``kid`` moves to the empty ``spot`` of ``event`` on its own side."""

    kid: str
    event: str
    spot: int

    def __str__(self) -> str:
        return f"move {self.kid} to {self.event} spot {self.spot}"


@dataclass(frozen=True)
class Force:
    """Force a Kid: a random Kid from player ``seat``'s hand must be their next placement."""

    seat: int

    def __str__(self) -> str:
        return f"force player {self.seat}"


@dataclass(frozen=True)
class PickFrom:
    """Pick a Kid: take a random Kid from player ``seat``'s hand (then give one back)."""

    seat: int

    def __str__(self) -> str:
        return f"pick a Kid from player {self.seat}"


@dataclass(frozen=True)
class GiveBack:
    """After Pick a Kid: give ``kid`` from your hand to the player you picked from."""

    kid: str

    def __str__(self) -> str:
        return f"give back {self.kid}"


@dataclass(frozen=True)
class Coach:
    """After placing a Brat: put Coach ``coach`` beside ``event`` on ``side`` (``"A"``/``"B"``)."""

    coach: str
    event: str
    side: str

    def __str__(self) -> str:
        return f"coach {self.coach} to {self.event} side {self.side}"


#: Event Action kind of each action class.
ACTION_KIND = {Lift: "lift", Switch: "switch", Swap: "swap", Move: "move", Force: "force", PickFrom: "pick"}


# ----------------------------------------------------------------------------------------
# Scoring, as a plain function of a board
# ----------------------------------------------------------------------------------------


def score_board(board: dict, deck: Deck) -> dict:
    """Points of each team at each event: ``{event: [team A, team B]}``.

    ``board`` maps each event in play to two lists (sides A and B) of Kid names or None.
    """
    points = deck.points
    out = {}
    for event, sides in board.items():
        try:
            out[event] = [sum(points[k, event] for k in side if k) for side in sides]
        except (KeyError, TypeError):  # a name the deck does not know: let it say so
            colour = deck.event(event).colour
            out[event] = [sum(deck.kid(k).value(colour) for k in side if k) for side in sides]
    return out


def winning_team(team_a, team_b):
    """0 (team A) or 1 (team B) for the teams' total points: more points win, and a tie goes
    to team A, who took the first turn. Numbers give a number; numpy arrays of totals (the
    batch path's, one a game) give an array."""
    return (team_b > team_a) * 1  # team B only with more points


def select_events(column: list, levels: dict, priority: list | None = None) -> list:
    """The events in play: the 4 most advanced, ties to the event higher in the column
    (or, given ``priority``, an order of the same events, to the event earlier in it).

    Returned in column order (top first).
    """
    order = column if priority is None else priority
    ranked = sorted(column, key=lambda e: (-levels[e], order.index(e)))[:EVENTS_IN_PLAY]
    return [e for e in column if e in ranked]


def in_play_shares(column: list, levels: dict, random_ties: bool = False) -> dict:
    """Each event's chance of going in play if the Pick phase ended at ``levels``: 1 or 0
    with the column tie-break (:func:`select_events`); with ``random_ties``
    (``schedule_tiebreak="random"``) the events tied at the cut share the places left
    equally (two events tied for the last place: one half each)."""
    if not random_ties or len(column) <= EVENTS_IN_PLAY:
        chosen = select_events(column, levels)
        return {e: 1.0 if e in chosen else 0.0 for e in column}
    cut = sorted((levels[e] for e in column), reverse=True)[EVENTS_IN_PLAY - 1]
    above = sum(1 for e in column if levels[e] > cut)
    share = (EVENTS_IN_PLAY - above) / sum(1 for e in column if levels[e] == cut)
    return {e: 1.0 if levels[e] > cut else share if levels[e] == cut else 0.0 for e in column}


def tie_at_the_cut(levels: dict) -> bool:
    """True when the 4th and 5th most advanced events share a level: the schedule's
    tie-break decides which of them is in play."""
    ranked = sorted(levels.values(), reverse=True)
    return len(ranked) > EVENTS_IN_PLAY and ranked[EVENTS_IN_PLAY - 1] == ranked[EVENTS_IN_PLAY]


# ----------------------------------------------------------------------------------------
# The game
# ----------------------------------------------------------------------------------------


class GymGame(Game):
    """GYM for 2, 4 or 6 players in two teams."""

    name = "gym"
    title = "GYM"
    min_players = 2
    max_players = 6
    allowed_players = (2, 4, 6)
    default_players = 2
    Options = GymOptions
    rule_events = {
        "schedule advance after a Brat": "brat_advance",
        "Coach beside an open spot": "coach_blocks_placement",
        "team B starts the play phase": "play_phase_first",
        "action open on the last placement": "last_placement_action",
        "schedule tie at the cut": "schedule_tiebreak",
    }

    # The design lab's words for this game (see .labels).
    length_unit, point_unit, card_worth = words.LENGTH_UNIT, words.POINT_UNIT, words.CARD_WORTH
    measures, verdict_signs = words.MEASURES, words.VERDICT_SIGNS
    seat_words = words.SEAT_WORDS
    odds_questions, deck_fields = words.ODDS_QUESTIONS, words.DECK_FIELDS
    # Its search plays a tree of playouts move by move (about a millisecond each): 20 a
    # decision keep a class's 30 playtest tables under half a minute on two cores.
    review_playouts = 20

    def text_view(self, observation, names, full):
        """The schedule, the board with its points, the hands (see .text)."""
        return views.gym_view(self, observation, names, full)

    def value_text(self, value, observation=None):
        """A Kid with its skills and where it stands."""
        return views.value_text(self, value, observation)

    def kind_text(self, kind):
        """What a kind of move does (``views.GYM_KINDS``)."""
        return views.GYM_KINDS.get(kind, "")

    def action_note(self, action):
        """What a placement scores there."""
        return views.action_note(self, action)

    def lab_profile(self):
        """How the design lab reads GYM: the profile of this package's ``lab`` module
        (imported on first use: it needs numpy)."""
        from .lab import PROFILE

        return PROFILE

    def __init__(self, players: int = 2, **options):
        super().__init__(players, **options)
        try:
            self.deck: Deck = load_deck(self.options.deck)
        except ValueError as err:
            raise ValueError(f"deck: {err}") from None
        self._actions = _Actions()
        self._places = _Places(self)

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        del state["_actions"], state["_places"]  # rebuilt as actions are met: never sent to worker processes
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._actions = _Actions()
        self._places = _Places(self)

    def action(self, kind, *fields):
        """The one action ``kind(*fields)`` of this game: legal actions are listed from
        shared objects, built once a game instead of once a turn."""
        return self._actions[(kind, *fields)]

    def options_dict(self) -> dict:
        data = super().options_dict()
        data["deck"] = None if self.options.deck is None else self.deck.to_data()
        return data

    def new_state(self, seed: int | None = None) -> "GymState":
        return GymState(self, check_seed(seed))

    def team_seats(self, team: int) -> list[int]:
        """Seats of team 0 (A) or 1 (B)."""
        return [s for s in range(self.num_players) if team_of(s) == team]

    def teams(self) -> list[list[int]]:
        """Team A (even seats) and team B (odd seats): teammates win together."""
        return [self.team_seats(0), self.team_seats(1)]

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

    # -- reading actions back from text ------------------------------------------------

    def balance_levers(self) -> dict:
        """The first skill of the first four Kids of the standard deck, each from 2 to 4."""
        from .cards import DEFAULT_DECK

        return {f"deck.kids.{kid['name']}.skills.0": (2, 4) for kid in DEFAULT_DECK.to_data()["kids"][:4]}

    def parse_action(self, text: str):
        if not isinstance(text, str):
            raise ValueError(f"an action is a text like 'take Ada', not {brief(text)}")
        t = " ".join(text.split())
        # No action is longer than two names and a few words: a longer text is refused at
        # once, so parsing stays linear in the length of the text.
        longest = max(len(n) for n in (*self.deck.kid_by_name, *self.deck.event_by_name))
        if len(t) > 2 * longest + 30:
            t = ""
        kids, events = self.deck.kid_by_name, self.deck.event_by_name
        is_kid, is_event = kids.__contains__, events.__contains__
        action = None
        if m := re.fullmatch(r"take (.+)", t):
            if is_kid(m[1]):
                action = Take(m[1])
        elif m := re.fullmatch(r"advance (.+) by 2", t):
            if is_event(m[1]):
                action = Advance(m[1])
        elif m := re.fullmatch(r"advance (.+) by 1", t):
            pair = _split(m[1], " and ", is_event, is_event)
            if pair and pair[0] != pair[1]:
                action = Advance(*pair)
        elif m := re.fullmatch(r"skip (advance|action|coach)", t):
            action = Skip(m[1])
        elif m := re.fullmatch(r"place (.+) spot ([1-3])", t):
            pair = _split(m[1], " at ", is_kid, is_event)
            if pair:
                action = Place(pair[0], pair[1], int(m[2]))
        elif m := re.fullmatch(r"lift (.+), put (.+)", t):
            if is_kid(m[1]) and is_kid(m[2]):
                action = Lift(m[1], m[2])
        elif m := re.fullmatch(r"(switch|swap) (.+)", t):
            pair = _split(m[2], " with ", is_kid, is_kid)
            if pair:
                action = (Switch if m[1] == "switch" else Swap)(*pair)
        elif m := re.fullmatch(r"move (.+) spot ([1-3])", t):
            pair = _split(m[1], " to ", is_kid, is_event)
            if pair:
                action = Move(pair[0], pair[1], int(m[2]))
        elif m := re.fullmatch(r"force player (\d+)", t):
            action = Force(int(m[1]))
        elif m := re.fullmatch(r"pick a Kid from player (\d+)", t):
            action = PickFrom(int(m[1]))
        elif m := re.fullmatch(r"give back (.+)", t):
            if is_kid(m[1]):
                action = GiveBack(m[1])
        elif m := re.fullmatch(r"coach (.+) side ([AB])", t):
            pair = _split(m[1], " to ", is_event, is_event)
            if pair:
                action = Coach(pair[0], pair[1], m[2])
        if action is None:
            raise ValueError(
                f"{brief(text)} is not a GYM action; allowed forms: 'take KID', 'advance EVENT by 2', "
                "'advance EVENT and EVENT by 1', 'skip advance|action|coach', 'place KID at EVENT spot N', "
                "'lift KID, put KID', 'switch KID with KID', 'swap KID with KID', 'move KID to EVENT spot N', "
                "'force player N', 'pick a Kid from player N', 'give back KID', 'coach COACH to EVENT side A|B'"
            )
        return action

    def _blank_state(self) -> "GymState":
        """A state with no data yet, which ``saves.py`` fills from a save."""
        return GymState.__new__(GymState)

    def state_from_json(self, text: str) -> "GymState":
        """Rebuild a saved state; ``ValueError`` naming what is wrong if the rules cannot
        reach it (what a save must satisfy: ``saves.py``)."""
        return load_state(self, text)


class _Actions(dict):
    """``(kind, *fields)`` -> the action ``kind(*fields)``, made the first time it is asked for."""

    def __missing__(self, key):
        made = self[key] = key[0](*key[1:])
        return made


class _Places(dict):
    """Kid -> ``{(event, spot index): Place}`` for every event and spot, made on first use."""

    def __init__(self, game):
        super().__init__()
        self.game = game

    def __missing__(self, kid):
        actions = self.game._actions
        made = self[kid] = {
            (e.name, i): actions[Place, kid, e.name, i + 1] for e in self.game.deck.events for i in range(SPOTS)
        }
        return made


def _split(text: str, sep: str, left_ok, right_ok):
    """Split ``text`` at an occurrence of ``sep`` whose two sides pass the checks."""
    start = 0
    while (i := text.find(sep, start)) >= 0:
        left, right = text[:i], text[i + len(sep):]
        if left_ok(left) and right_ok(right):
            return left, right
        start = i + 1
    return None


# ----------------------------------------------------------------------------------------
# The state
# ----------------------------------------------------------------------------------------


class GymState(State):
    """One game of GYM in progress."""

    def __init__(self, game: GymGame, seed: int):
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        deck = game.deck
        self.column = [e.name for e in deck.events]
        self.rng.shuffle(self.column)
        self.levels = {e: 0 for e in self.column}
        kids = [k.name for k in deck.kids]
        self.rng.shuffle(kids)
        self.row, self.stack = kids[:REVEAL], kids[REVEAL:]
        n = game.num_players
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.phase, self.step, self.turn = "pick", "take", 0
        self.in_play: list[str] = []
        self.coach_cards: list[str] = []
        self.board: dict[str, list[list]] = {}
        self.coaches: dict[str, tuple | None] = {}
        self.forced: list[str | None] = [None] * n
        self.exempt = [False] * n
        self.placed = self.placed_at = None
        self.victim = self.taken = None
        self.known: list[set] = [set() for _ in range(n)]
        self.log: list[dict] = []
        self.left_out: list[str] = []  # Kids out of the game (only in a lesson's from_setup)
        self.rules_used: dict = {}  # rule event -> times it happened (see rule_use)

    @classmethod
    def from_setup(cls, game: GymGame, *, hands, in_play, board=None, coaches=None, turn=0, seed=0,
                   forced=None, levels=None) -> "GymState":
        """A play-phase state built by hand (for lessons and tests).

        ``hands`` lists each seat's Kids, ``in_play`` the 4 events (the other two become
        Coaches), ``board`` maps events to ``[side A, side B]`` lists of 3 names or None,
        ``coaches`` maps a Coach to ``(event, "A"|"B")``. Kids not given anywhere are left
        out of the game (``left_out``). Everyone is taken to know nothing about the other
        hands. When no Kid is left to place the game is over. The setup is not checked
        against the rules (a test may use one Kid twice), so only a setup the rules allow
        loads again after ``to_json()`` (``saves.check_state`` says what is wrong).
        """
        state = cls(game, seed)
        deck = game.deck
        for e in in_play:
            deck.event(e)
        if len(set(in_play)) != EVENTS_IN_PLAY:
            raise ValueError(f"give {EVENTS_IN_PLAY} different events in play")
        if levels is not None:
            state.levels = dict(levels)
        state.row, state.stack = [], []
        state.hands = [list(h) for h in hands]
        state.in_play = [e for e in state.column if e in in_play]
        state.coach_cards = [e for e in state.column if e not in in_play]
        state.board = {e: [[None] * SPOTS, [None] * SPOTS] for e in state.in_play}
        for e, sides in (board or {}).items():
            state.board[e] = [list(side) for side in sides]
        state.coaches = {c: None for c in state.coach_cards}
        for c, where in (coaches or {}).items():
            state.coaches[c] = None if where is None else (where[0], TEAMS.index(where[1]))
        spots = [where for where in state.coaches.values() if where is not None]
        if len(spots) != len(set(spots)):
            raise ValueError("a side of an event holds at most one Coach; give the Coaches different sides")
        if forced is not None:
            state.forced = list(forced)
            state.exempt = [k is not None for k in state.forced]
        state.phase, state.step, state.turn = "play", "place", turn
        where = {k for hand in state.hands for k in hand} | {k for k in state.forced if k}
        where |= {k for sides in state.board.values() for side in sides for k in side if k}
        state.left_out = [k.name for k in deck.kids if k.name not in where]
        if state._kids_left() == 0:
            state.phase, state.step = "over", None
        return state

    # -- reading the state -------------------------------------------------------------

    def schedule_in_play(self) -> list[str]:
        """The 4 events that would be in play if the Pick phase ended now (column order)."""
        return list(self.in_play) if self.in_play else select_events(self.column, self.levels)

    def locate(self, kid: str):
        """``(event, team, spot index)`` of a placed Kid, or None."""
        for e, sides in self.board.items():
            for t, side in enumerate(sides):
                if kid in side:
                    return e, t, side.index(kid)
        return None

    def coached(self, event: str, team: int) -> bool:
        """True when a Coach stands on ``team``'s side of ``event``."""
        return (event, team) in self._coached_sides()

    def _coached_sides(self) -> set:
        """Every ``(event, team)`` side a Coach stands beside."""
        return {where for where in self.coaches.values() if where is not None}

    def team_points(self) -> list[int]:
        """Points of team A and team B on the board now."""
        per = score_board(self.board, self.game.deck)
        return [sum(p[t] for p in per.values()) for t in (0, 1)]

    def rule_use(self) -> dict:
        """How often each rule event of ``GymGame.rule_events`` has happened so far."""
        return dict(self.rules_used)

    def _count(self, event: str) -> None:
        used = self.rules_used
        used[event] = used.get(event, 0) + 1

    def _kids_left(self) -> int:
        return sum(len(h) for h in self.hands) + sum(k is not None for k in self.forced) + len(self.row) + len(self.stack)

    # -- the protocol ------------------------------------------------------------------

    def to_move(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, player: int) -> list:
        self._check_player(player)
        if self.phase == "over" or player != self.turn:
            return []
        return getattr(self, f"_legal_{self.step}")(player)

    def _legal_take(self, player):
        actions = self.game._actions
        return [actions[Take, k] for k in self.row]

    def _legal_advance(self, player):
        rule = self.game.options.brat_advance
        actions = self.game._actions
        out = []
        if rule in ("either", "two_to_one"):
            out += [actions[Advance, e] for e in self.column]
        if rule in ("either", "one_to_two"):
            out += [actions[Advance, a, b] for i, a in enumerate(self.column) for b in self.column[i + 1:]]
        return out + [actions[Skip, "advance"]]

    def _legal_place(self, player):
        team = team_of(player)
        actions = self.game._actions
        kids = [self.forced[player]] if self.forced[player] else list(self.hands[player])
        spots = [(e, i) for e in self.in_play for i in range(SPOTS) if self.board[e][team][i] is None]
        if self.game.options.coach_blocks_placement:
            blocked = self._coached_sides()
            free = [(e, i) for e, i in spots if (e, team) not in blocked]
            spots = free or spots  # never leave a player without a legal placement
        if not spots:
            return []
        # Each Kid's placements at every position, looked up for all open spots at once.
        pick = itemgetter(*spots)
        rows = self.game._places
        out = []
        for k in kids:
            got = pick(rows[k])
            if len(spots) == 1:
                out.append(got)
            else:
                out += got
        return out

    def action_kinds(self) -> list[str]:
        """The Event Actions open after this turn's placement (placed-at event, Kid's skills)."""
        deck = self.game.deck
        kinds = [deck.event(self.placed_at).action]
        for colour, _ in deck.kid(self.placed).skills:
            for e in self.in_play:
                if deck.event(e).colour == colour and deck.event(e).action not in kinds:
                    kinds.append(deck.event(e).action)
        return kinds

    def _legal_action(self, player):
        out = []
        blocked = self._coached_sides()
        for kind in self.action_kinds():
            out += getattr(self, f"_options_{kind}")(player, blocked)
        return out + [self.game._actions[Skip, "action"]]

    def _placed_kids(self):
        for e in self.in_play:
            for t in (0, 1):
                for i, k in enumerate(self.board[e][t]):
                    if k:
                        yield k, e, t, i

    # Each ``_options_KIND(player, blocked)`` lists one Event Action's moves; ``blocked``
    # holds the sides a Coach stands beside (see ``_coached_sides``).

    def _options_lift(self, player, blocked):
        hand = self.hands[player]
        actions = self.game._actions
        return [actions[Lift, k, p] for k, e, t, _ in self._placed_kids() if (e, t) not in blocked for p in hand]

    def _options_switch(self, player, blocked):
        actions = self.game._actions
        out = []
        placed = list(self._placed_kids())
        sides = ([p for p in placed if p[2] == 0], [p for p in placed if p[2] == 1])
        done = [0, 0]  # how many of each side's Kids came before, in board order
        for a, ea, ta, _ in placed:
            done[ta] += 1
            free = (ea, ta) not in blocked
            for b, eb, _, _ in sides[ta][done[ta]:]:
                # Kids switched within one event stay on that side: a Coach does not stop it.
                if ea == eb or (free and (eb, ta) not in blocked):
                    out.append(actions[Switch, a, b])
        return out

    def _options_swap(self, player, blocked):
        actions = self.game._actions
        placed = list(self._placed_kids())
        theirs = [b for b, eb, tb, _ in placed if tb == 1 and (eb, 1) not in blocked]
        return [
            actions[Swap, a, b] for a, ea, ta, _ in placed if ta == 0 and (ea, 0) not in blocked for b in theirs
        ]

    def _options_move(self, player, blocked):
        actions = self.game._actions
        board = self.board
        empty = [[(e2, j + 1) for e2 in self.in_play for j in range(SPOTS) if board[e2][t][j] is None] for t in (0, 1)]
        out = []
        for k, e, t, i in self._placed_kids():
            stuck = (e, t) in blocked  # a Kid beside a Coach moves only within its event
            out += [
                actions[Move, k, e2, spot]
                for e2, spot in empty[t]
                if e2 == e or not (stuck or (e2, t) in blocked)
            ]
        return out

    def _opponents(self, player):
        return [s for s in range(self.game.num_players) if team_of(s) != team_of(player)]

    def _options_force(self, player, blocked):
        actions = self.game._actions
        return [actions[Force, s] for s in self._opponents(player) if self.hands[s] and not self.exempt[s]]

    def _options_pick(self, player, blocked):
        actions = self.game._actions
        return [actions[PickFrom, s] for s in self._opponents(player) if self.hands[s]]

    def _legal_give_back(self, player):
        actions = self.game._actions
        return [actions[GiveBack, k] for k in self.hands[player]]

    def _legal_coach(self, player):
        actions = self.game._actions
        blocked = self._coached_sides()  # a Coach's own side is among them
        out = [
            actions[Coach, c, e, TEAMS[t]]
            for c in self.coach_cards
            for e in self.in_play
            for t in (0, 1)
            if (e, t) not in blocked
        ]
        return out + [actions[Skip, "coach"]]

    # -- applying actions --------------------------------------------------------------

    def _apply(self, player: int, action) -> None:
        getattr(self, f"_do_{type(action).__name__.lower()}")(player, action)

    def _say(self, player, text, private=None):
        self.log.append({"seat": player, "text": text, "private": {str(s): t for s, t in (private or {}).items()}})

    def _do_take(self, player, action: Take):
        self.row.remove(action.kid)
        self.hands[player].append(action.kid)
        for known in self.known:
            known.add(action.kid)
        self._say(player, f"player {player} took {action.kid}")
        if self.game.deck.kid(action.kid).is_brat:
            self.step = "advance"
        else:
            self._next_pick()

    def _do_advance(self, player, action: Advance):
        for e, steps in action.steps.items():
            self.levels[e] += steps
        self._count("schedule advance after a Brat")
        self._say(player, f"player {player} advanced " + " and ".join(f"{e} by {s}" for e, s in action.steps.items()))
        self._next_pick()

    def _do_skip(self, player, action: Skip):
        if action.what == "advance":
            self._next_pick()
        elif action.what == "action":
            self._after_action(player)
        else:
            self._end_turn(player)

    def _next_pick(self):
        n = self.game.num_players
        self.turn, self.step = (self.turn + 1) % n, "take"
        if self.row:
            return
        if self.stack:
            self.row, self.stack = self.stack[:REVEAL], self.stack[REVEAL:]
            self._say(None, "the second 12 Kids are revealed: " + ", ".join(self.row))
            return
        options = self.game.options
        tied = tie_at_the_cut(self.levels)
        priority = None
        if options.schedule_tiebreak == "random":
            priority = list(self.column)
            self.rng.shuffle(priority)
        if tied:
            self._count("schedule tie at the cut")
        self.in_play = select_events(self.column, self.levels, priority)
        self.coach_cards = [e for e in self.column if e not in self.in_play]
        self.board = {e: [[None] * SPOTS, [None] * SPOTS] for e in self.in_play}
        self.coaches = {c: None for c in self.coach_cards}
        self.phase, self.step, self.turn = "play", "place", self._first_in_play()
        drawn = " (the tie was drawn at random)" if tied and priority is not None else ""
        self._say(None, "events in play: " + ", ".join(self.in_play) + "; Coaches: " + ", ".join(self.coach_cards)
                  + drawn)
        if team_of(self.turn) == 1:
            self._count("team B starts the play phase")
            self._say(None, f"team B starts the Play phase: player {self.turn} places first")

    def _first_in_play(self) -> int:
        """The seat that takes the first turn of the Play phase (option ``play_phase_first``)."""
        rule = self.game.options.play_phase_first
        if rule == "A":
            return 0
        if rule == "B":
            return 1
        # "weaker_hands": each Kid is worth its best value at the events in play.
        points = self.game.deck.points
        worth = [0, 0]
        for seat, hand in enumerate(self.hands):
            worth[team_of(seat)] += sum(max(points[k, e] for e in self.in_play) for k in hand)
        return 1 if worth[1] < worth[0] else 0

    def _do_place(self, player, action: Place):
        team, board = team_of(player), self.board
        for where in self.coaches.values():  # the situation coach_blocks_placement rules on
            if where is not None and where[1] == team and None in board[where[0]][team]:
                self._count("Coach beside an open spot")
                break
        if self.forced[player] == action.kid:
            self.forced[player] = None
        else:
            self.hands[player].remove(action.kid)
        board[action.event][team][action.spot - 1] = action.kid
        self.placed, self.placed_at = action.kid, action.event
        self.step = "action"
        self._say(player, f"player {player} placed {action.kid} at {action.event} spot {action.spot}")
        if not self.hands[player] and self._kids_left() == 0:  # the last placement of the game
            if len(self._legal_action(player)) > 1:
                self._count("action open on the last placement")
            if not self.game.options.last_placement_action:
                self._say(None, "the last Kid is placed: the game ends without an Event Action")
                self._end_turn(player)

    def _do_lift(self, player, action: Lift):
        e, t, i = self.locate(action.kid)
        self.hands[player].remove(action.put)
        self.board[e][t][i] = action.put
        self.hands[player].append(action.kid)
        for known in self.known:
            known.add(action.kid)
        self._say(player, f"player {player} lifted {action.kid} from {e} side {TEAMS[t]} and put {action.put} there")
        self._after_action(player)

    def _exchange(self, a, b):
        ea, ta, ia = self.locate(a)
        eb, tb, ib = self.locate(b)
        self.board[ea][ta][ia], self.board[eb][tb][ib] = b, a

    def _do_switch(self, player, action: Switch):
        self._exchange(action.a, action.b)
        self._say(player, f"player {player} switched {action.a} and {action.b}")
        self._after_action(player)

    def _do_swap(self, player, action: Swap):
        self._exchange(action.a, action.b)
        self._say(player, f"player {player} swapped {action.a} and {action.b}")
        self._after_action(player)

    def _do_move(self, player, action: Move):
        e, t, i = self.locate(action.kid)
        self.board[e][t][i] = None
        self.board[action.event][t][action.spot - 1] = action.kid
        self._say(player, f"player {player} moved {action.kid} to {action.event} spot {action.spot}")
        self._after_action(player)

    def _do_force(self, player, action: Force):
        victim = action.seat
        kid = self.rng.choice(self.hands[victim])
        self.hands[victim].remove(kid)
        self.forced[victim], self.exempt[victim] = kid, True
        self._say(player, f"player {player} forced player {victim}: {kid} must be their next placement")
        self._after_action(player)

    def _do_pickfrom(self, player, action: PickFrom):
        victim = action.seat
        kid = self.rng.choice(self.hands[victim])
        for q, known in enumerate(self.known):
            if q not in (player, victim):  # they cannot tell which Kid moved
                known.difference_update(self.hands[victim])
        self.known[victim].add(kid)
        self.hands[victim].remove(kid)
        self.hands[player].append(kid)
        self.victim, self.taken, self.step = victim, kid, "give_back"
        self._say(
            player,
            f"player {player} picked a random Kid from player {victim}",
            {player: f"you picked {kid} from player {victim}", victim: f"player {player} picked your {kid}"},
        )

    def _do_giveback(self, player, action: GiveBack):
        victim = self.victim
        for q, known in enumerate(self.known):
            if q not in (player, victim):
                known.difference_update(self.hands[player])
        self.hands[player].remove(action.kid)
        self.hands[victim].append(action.kid)
        self.known[player].add(action.kid)
        self._say(
            player,
            f"player {player} gave a Kid back to player {victim}",
            {player: f"you gave {action.kid} to player {victim}", victim: f"player {player} gave you {action.kid}"},
        )
        self.victim = self.taken = None
        self._after_action(player)

    def _after_action(self, player):
        if self.game.deck.kid(self.placed).is_brat:
            self.step = "coach"
        else:
            self._end_turn(player)

    def _do_coach(self, player, action: Coach):
        self.coaches[action.coach] = (action.event, TEAMS.index(action.side))
        self._say(player, f"player {player} put Coach {action.coach} at {action.event} side {action.side}")
        self._end_turn(player)

    def _end_turn(self, player):
        self.exempt[player] = False  # a Force exemption lasts until the forced player's turn is over
        self.placed = self.placed_at = None
        if self._kids_left() == 0:
            self.phase, self.step = "over", None
            a, b = self.team_points()
            self._say(None, f"game over: team A {a}, team B {b}")
            return
        self.turn, self.step = (self.turn + 1) % self.game.num_players, "place"

    # -- result ------------------------------------------------------------------------

    def result(self) -> Result:
        self._require_over()
        n = self.game.num_players
        per = score_board(self.board, self.game.deck)
        totals = [sum(p[t] for p in per.values()) for t in (0, 1)]
        winner = winning_team(*totals)
        return Result(
            scores=tuple(totals[team_of(s)] for s in range(n)),
            winners=tuple(self.game.team_seats(winner)),
            breakdown=tuple({e: per[e][team_of(s)] for e in self.in_play} for s in range(n)),
            details={
                "team": [TEAMS[team_of(s)] for s in range(n)],
                "events_in_play": ", ".join(self.in_play),
                "margin": [totals[team_of(s)] - totals[1 - team_of(s)] for s in range(n)],
                "decided_by_tie": totals[0] == totals[1],
            },
        )

    # -- what a player sees ------------------------------------------------------------

    def observe(self, player: int) -> dict:
        self._check_player(player)
        n = self.game.num_players
        deck = self.game.deck
        me = str(player)  # the log keys private lines by seat as text
        view = {
            "game": self.game.name,
            "player": player,
            "players": n,
            "team": TEAMS[team_of(player)],
            "teams": [TEAMS[team_of(s)] for s in range(n)],
            "phase": self.phase,
            "step": self.step,
            "turn": None if self.phase == "over" else self.turn,
            "schedule": [
                {"event": e, "colour": deck.event(e).colour, "action": deck.event(e).action, "level": self.levels[e]}
                for e in self.column
            ],
            "in_play": self.schedule_in_play(),
            "in_play_final": bool(self.in_play),
            "coach_cards": list(self.coach_cards),
            "row": list(self.row),
            "stack_size": len(self.stack),
            "hand": list(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "known_hands": [
                [] if s == player else [k for k in self.hands[s] if k in self.known[player]] for s in range(n)
            ],
            "forced": list(self.forced),
            "exempt": list(self.exempt),
            "board": {e: [list(side) for side in sides] for e, sides in self.board.items()},
            "coaches": {c: (None if p is None else [p[0], TEAMS[p[1]]]) for c, p in self.coaches.items()},
            "placed": self.placed,
            "placed_at": self.placed_at,
            "picked_from": self.victim,
            "taken": self.taken if player in (self.turn, self.victim) else None,
            "points": self.team_points(),
            "log": [e["private"].get(me, e["text"]) if e["private"] else e["text"] for e in self.log],
        }
        if self.phase == "over":
            result = self.result()
            view["result"] = {"scores": list(result.scores), "winners": list(result.winners)}
        return view

    # -- copies and saving -------------------------------------------------------------

    def clone(self) -> "GymState":
        other = GymState.__new__(GymState)
        other.__dict__.update(self.__dict__)  # then copy everything that changes in place
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.column, other.levels = list(self.column), dict(self.levels)
        other.row, other.stack = list(self.row), list(self.stack)
        other.hands = [list(h) for h in self.hands]
        other.in_play, other.coach_cards = list(self.in_play), list(self.coach_cards)
        other.board = {e: [list(side) for side in sides] for e, sides in self.board.items()}
        other.coaches = dict(self.coaches)
        other.forced, other.exempt = list(self.forced), list(self.exempt)
        other.known = [set(k) for k in self.known]
        other.log = list(self.log)  # entries are never changed in place
        other.left_out = list(self.left_out)
        other.rules_used = dict(self.rules_used)
        return other

    def _to_data(self) -> dict:
        return {
            "seed": self.seed,
            "rng": rng_to_json(self.rng),
            "column": self.column,
            "levels": self.levels,
            "row": self.row,
            "stack": self.stack,
            "hands": self.hands,
            "phase": self.phase,
            "step": self.step,
            "turn": self.turn,
            "in_play": self.in_play,
            "coach_cards": self.coach_cards,
            "board": self.board,
            "coaches": {c: (None if p is None else list(p)) for c, p in self.coaches.items()},
            "forced": self.forced,
            "exempt": self.exempt,
            "placed": self.placed,
            "placed_at": self.placed_at,
            "victim": self.victim,
            "taken": self.taken,
            "known": [sorted(k) for k in self.known],
            "log": self.log,
            "left_out": self.left_out,
            "rules_used": self.rules_used,
        }

    def hidden_variant(self, player: int, rng) -> "GymState | None":
        """Swap two Kids whose places ``player`` cannot know: in the unrevealed stack or in
        other players' hands, leaving out Kids ``player`` saw go there."""
        self._check_player(player)
        if self.is_over():
            return None
        places = [("stack", None, i) for i, k in enumerate(self.stack) if k not in self.known[player]]
        for s, hand in enumerate(self.hands):
            if s != player:
                places += [("hand", s, i) for i, k in enumerate(hand) if k not in self.known[player]]
        if len(places) < 2:
            return None
        rng.shuffle(places)
        a = places[0]
        b = next((p for p in places[1:] if p[:2] != a[:2]), places[1])
        other = self.clone()

        def box(place):
            return other.stack if place[0] == "stack" else other.hands[place[1]]

        ka, kb = box(a)[a[2]], box(b)[b[2]]
        box(a)[a[2]], box(b)[b[2]] = kb, ka
        if other.taken in (ka, kb):
            other.taken = kb if other.taken == ka else ka
        return other

    def __repr__(self) -> str:
        if self.is_over():
            return f"<GYM game over, seed {self.seed}: team A {self.result().scores[0]}, team B {self.result().scores[1]}>"
        return f"<GYM {self.phase} phase, player {self.turn} to {self.step.replace('_', ' ')}, seed {self.seed}>"


__all__ = [
    "Advance", "Coach", "Force", "GiveBack", "GymGame", "GymOptions", "GymState", "Lift", "Move", "PickFrom",
    "Place", "Skip", "Switch", "Swap", "TEAMS", "Take", "score_board", "select_events", "team_of",
]
