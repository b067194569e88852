"""Diet Game saves: what a saved state must satisfy to load.

:func:`load_state` reads the text of ``DietState.to_json()``; :func:`check_state` checks
any state against the rules. With ``n`` players, the deck's hand size ``H`` and the
options' ``target``, ``max_turns`` and ``first_player``, a save loads when:

* ``seed`` is a whole number 0 or more and ``rng`` a state of Python's generator;
* ``turn`` is 1 to ``max_turns`` and ``active`` is the seat whose turn it is
  (``first_player`` + turn - 1, round the table);
* ``phase`` is one of planning, breakfast, exercise, lunch, dinner, cheat, snack (a new
  day passes at once) or over, and ``step`` fits it: ``own`` in Planning and the meal and
  Exercise phases, ``neighbour`` in a meal phase, ``laziness`` in Exercise, ``cheat`` or
  ``willpower`` in Cheat, null once over;
* ``asked`` is the seat being asked: the right-hand neighbour at ``neighbour``, an
  opponent at ``laziness`` and ``cheat``, null otherwise; ``pending`` (the card on the
  table) is the active player's Exercise card at ``laziness``, an opponent's Cheat card
  at ``willpower``, null otherwise;
* every hand holds at most ``H`` cards, and every card of the deck is in exactly one
  place: the deck, the discard pile, a hand or on the table;
* weights are whole numbers no farther from 0 than a turn's most change times the turns
  played; while the game runs nobody has reached ``target`` and ``winner`` is null; once
  over, ``winner`` is the active player, who reached the target, or null for a draw at
  the turn limit, with nobody at the target;
* ``causes`` has the four causes for each seat (own meals and exercise 0 or less, the
  neighbour's meals and cheats 0 or more), ``tally`` its counts (0 or more) and
  ``reshuffles`` a whole number 0 or more, all within what the turns played allow;
* ``log`` is a list of texts and ``history`` a list of 1 to ``turn + 1`` rows of weights;
* ``rules_used`` (older saves may lack it) maps rule events of ``DietGame.rule_events`` to
  whole numbers 0 or more; with ``feed_last_place=False`` nobody is asked to feed a player
  heavier than everyone else.

Then the log is read back (:func:`check_log`): every line must be one the engine writes
(``rules.LOG_LINES``) about the players and cards of this game, in an order play can give
(one turn after another, in seat order; only the active player eats, exercises and is fed,
by the right-hand neighbour; a card's weight change as the deck gives it), and what the
rest of the save derives from the log must agree with it: ``turn``, ``weights``, ``causes``,
``history`` (the start, the end of every turn, and the win), ``tally``, ``reshuffles``,
``winner``, the ``discard`` pile (the cards played since the last reshuffle, in order),
every hand's size, and each count of ``rules_used``.

A state made by ``sample_state`` for the search bot (:func:`state_from_data`) keeps only
today's weights and a log that may start with placeholders, so it is checked without
its log.
"""

from __future__ import annotations

import json
import re
import string
import weakref
from collections import Counter
from typing import TYPE_CHECKING

from ...core import brief
from ...saves import (
    check_conserved,
    fail,
    generator,
    items,
    name,
    name_lists,
    names,
    one_of,
    read_save,
    seat,
    table,
    texts,
    whole,
    wholes,
)
from .cards import MEALS
from .tables import CAUSES, LOG_LINES, TALLIES, _lb, alone_in_last_place

#: The fields of a save, beside the game's name, players and options.
FIELDS = (
    "seed", "rng", "deck", "discard", "hands", "weights", "turn", "active", "phase", "step", "asked", "pending",
    "winner", "causes", "tally", "reshuffles", "log", "history",
)

if TYPE_CHECKING:  # for the annotations only: the rules import this module
    from .rules import DietState

#: Fields older saves may lack, with their value then.
OPTIONAL = {"rules_used": {}}

#: The phases a save can be in ("new day" passes at once) and the steps of each.
STEPS = {
    "planning": ("own",),
    **{meal: ("own", "neighbour") for meal in MEALS},
    "exercise": ("own", "laziness"),
    "cheat": ("cheat", "willpower"),
    "over": (None,),
}
#: Signs of the causes of weight: own meals and exercise only lose weight, the others gain.
CAUSE_SIGNS = {"own meals": -1, "neighbour meals": 1, "exercise": -1, "cheats": 1}


def load_state(game, text) -> DietState:
    """The state saved in ``text``; ``ValueError`` naming what is wrong if it is not a
    state the rules can reach (see the module docstring)."""
    try:
        data = read_save(game, text, FIELDS, OPTIONAL)
    except ValueError as err:
        raise ValueError(f"cannot load this save of {game.title}: {err}") from None
    state = state_from_data(game, data)
    try:
        check_log(state)
    except ValueError as err:
        raise ValueError(f"cannot load this save of {game.title}: {err}") from None
    return state


def state_from_data(game, data: dict) -> DietState:
    """The state of saved data (the fields of ``to_json()`` as Python data), checked as a
    save is."""
    try:
        state = _build(game, data)
        check_state(state)
    except ValueError as err:
        raise ValueError(f"cannot load this save of {game.title}: {err}") from None
    return state


def _build(game, data: dict) -> DietState:
    """A state from the saved fields, each checked for its type and size."""
    deck, n, options = game.deck, game.num_players, game.options
    known = deck.by_name
    state = game._blank_state()
    state.game = game
    state.seed = whole(data["seed"], "seed", 0)
    state.rng = generator(data["rng"])
    state._rng_json = None
    state.deck = names(data["deck"], "deck", known, most=deck.size)
    state.discard = names(data["discard"], "discard", known, most=deck.size)
    state.hands = name_lists(data["hands"], "hands", n, known, most=deck.hand_size)
    state.turn = whole(data["turn"], "turn", 1, options.max_turns)
    swing = _most_change(game) * state.turn
    state.weights = wholes(data["weights"], "weights", -swing, swing, n)
    state.active = seat(data["active"], "active", n)
    state.phase = one_of(data["phase"], "phase", STEPS)
    state.step = one_of(data["step"], "step", STEPS[state.phase])
    state.asked = seat(data["asked"], "asked", n, none=True)
    pending = data["pending"]
    if pending is not None:
        table(pending, "pending", ("card", "by"))
        pending = {"card": name(pending["card"], "pending card", known), "by": seat(pending["by"], "pending by", n)}
    state.pending = pending
    state.winner = seat(data["winner"], "winner", n, none=True)
    state.causes = []
    for s, causes in enumerate(items(data["causes"], "causes", n)):
        table(causes, f"causes[{s}]", CAUSES)
        state.causes.append({c: whole(causes[c], f"causes[{s}][{c!r}]", -swing, swing) for c in CAUSES})
    most = state.turn * max(len(MEALS), deck.planning_discards)
    tally = table(data["tally"], "tally", TALLIES)
    state.tally = {t: wholes(tally[t], f"tally[{t!r}]", 0, most, n) for t in TALLIES}
    draws = n * deck.hand_size + state.turn * (deck.hand_size + deck.planning_discards)
    state.reshuffles = whole(data["reshuffles"], "reshuffles", 0, draws)
    state.rules_used = {}
    for event, count in table(data.get("rules_used", {}), "rules_used").items():
        if event not in game.rule_events:
            fail("a key of rules_used", event, "a rule event: " + ", ".join(game.rule_events))
        state.rules_used[event] = whole(count, f"rules_used[{event!r}]", 0, state.turn * len(MEALS))
    state.log = texts(data["log"], "log")
    state._log_json = [json.dumps(line) for line in state.log]
    state.history = [
        wholes(row, f"history[{i}]", -swing, swing, n)
        for i, row in enumerate(items(data["history"], "history", most=state.turn + 1))
    ]
    state._history_json = [json.dumps(w) for w in state.history]
    return state


def _most_change(game) -> int:
    """The most a weight can change in one turn: four meals, an Exercise and a Cheat."""
    deck = game.deck

    def most(kinds):
        return max((abs(c.pounds) for c in deck.cards if c.kind in kinds), default=0)

    return len(MEALS) * most(MEALS) + most(("exercise",)) + most(("cheat",))


def check_state(state: DietState) -> None:
    """``ValueError`` naming the first rule ``state`` breaks (see the module docstring)."""
    game, deck, n, options = state.game, state.game.deck, state.game.num_players, state.game.options
    if not 1 <= state.turn <= options.max_turns:
        fail("turn", state.turn, f"a whole number from 1 to {options.max_turns} (max_turns)")
    active = (options.first_player + state.turn - 1) % n
    if state.active != active:
        fail("active", state.active, f"{active}, whose turn {state.turn} it is")
    phase, step = state.phase, state.step
    if phase not in STEPS or step not in STEPS[phase]:
        fail("step", step, f"for phase {phase!r}: " + ", ".join(map(repr, STEPS.get(phase, ()))))
    asked = {"neighbour": [state.right_of(active)], "laziness": [s for s in range(n) if s != active],
             "cheat": [s for s in range(n) if s != active]}.get(step, [None])
    if state.asked not in asked:
        fail("asked", state.asked, f"at step {step!r}: " + ", ".join("null" if a is None else str(a) for a in asked))
    if step == "neighbour" and not options.feed_last_place and state.in_last_place(active):
        fail("step", step, f"not 'neighbour': player {active} is heavier than everyone else, and with "
             "feed_last_place=False nobody may feed them")
    kind = {"laziness": "exercise", "willpower": "cheat"}.get(step)
    pending = state.pending
    if kind is None and pending is not None:
        fail("pending", pending, f"null at step {step!r} (no card waits for an answer)")
    if kind is not None:
        if pending is None or deck.card(pending["card"]).kind != kind:
            fail("pending", pending, f"the {kind} card waiting for an answer at step {step!r}")
        if (pending["by"] == active) != (kind == "exercise"):
            fail("pending by", pending["by"], f"{active}, the active player" if kind == "exercise"
                 else f"an opponent of player {active}")
    for s, hand in enumerate(state.hands):
        if len(hand) > deck.hand_size:
            fail(f"hands[{s}]", hand, f"at most {deck.hand_size} cards (the hand size)")
    check_conserved(
        {
            "deck": state.deck,
            "discard": state.discard,
            "hands": [c for hand in state.hands for c in hand],
            "on the table": [pending["card"]] if pending else [],
        },
        Counter(deck.full_deck()),
    )
    target = options.target
    reached = [s for s, w in enumerate(state.weights) if w <= target]
    if phase != "over":
        if reached:
            fail(f"weights[{reached[0]}]", state.weights[reached[0]],
                 f"above the target ({target}) while the game runs (reaching it ends the game)")
        if state.winner is not None:
            fail("winner", state.winner, "null while the game runs")
    elif state.winner is None:
        if reached or state.turn != options.max_turns:
            fail("winner", None, f"a seat at the target ({target}); a draw only at the turn limit "
                 f"({options.max_turns}) with nobody at the target")
    elif reached != [state.winner] or state.winner != active:
        fail("winner", state.winner, f"the active player ({active}), the only one at the target ({target})")
    for s, causes in enumerate(state.causes):
        for cause, sign in CAUSE_SIGNS.items():
            if causes[cause] * sign < 0:
                fail(f"causes[{s}][{cause!r}]", causes[cause], "0 or less" if sign < 0 else "0 or more")
    if not 1 <= len(state.history) <= state.turn + 1:
        raise ValueError(
            f"history has {len(state.history)} rows; allowed: 1 to {state.turn + 1} (the start and one a turn)"
        )


# ----------------------------------------------------------------------------------------
# The log, read back
# ----------------------------------------------------------------------------------------

#: The fields of ``LOG_LINES`` that hold whole numbers.
_NUMBERS = ("turn", "drawn", "count", "missing", "max_turns", "weight")


class _LogReader:
    """Reads a line of one game's log back into its kind and fields, or None when the
    engine could not have written it (``LOG_LINES`` with this game's names and cards)."""

    #: Lines read so far, kept up to this many (most lines come again and again).
    KEEP = 20_000

    def __init__(self, game):
        def one_of(names) -> str:
            return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))

        self.deck = game.deck
        seats, cards = one_of(game.names), one_of(game.deck.by_name)
        kinds = {"name": seats, "by": seats, "card": cards, "exercise": cards, "willpower": cards,
                 "meal": one_of(MEALS), "discards": ".+", "lb": r"[-+]?[0-9]{1,12} lb", "cards": "cards?",
                 **{field: "-?[0-9]{1,12}" for field in _NUMBERS}}
        self.patterns = []
        for kind, template in LOG_LINES.items():
            regex, seen = [], set()
            for text, field, _, _ in string.Formatter().parse(template):
                regex.append(re.escape(text))
                if field is not None:
                    regex.append(f"(?P={field})" if field in seen else f"(?P<{field}>{kinds[field]})")
                    seen.add(field)
            self.patterns.append((kind, template, re.compile("".join(regex))))
        self.lines: dict = {}

    def read(self, line):
        """``(kind, fields, card, problem)`` of ``line``: its numbers as ints, the card it
        names (or None) and what is wrong with it whatever came before (``""`` if nothing);
        None when the engine never writes it."""
        found = self.lines.get(line, self)
        if found is not self:
            return found
        found = None
        for kind, template, pattern in self.patterns:
            match = pattern.fullmatch(line)
            if match is None:
                continue
            fields = match.groupdict()
            for field in _NUMBERS:
                if field in fields:
                    fields[field] = int(fields[field])
            if template.format(**fields) == line:  # written exactly so ("Turn 1", not "Turn 01")
                card = self.deck.by_name.get(fields.get("card"))
                found = (kind, fields, card, self._problem(fields, card))
                break
        if len(self.lines) >= self.KEEP:
            self.lines.clear()
        self.lines[line] = found
        return found

    @staticmethod
    def _problem(fields: dict, card) -> str:
        """What is wrong with a line's fields, wherever it stands in a log."""
        if "by" in fields and fields["by"] == fields["name"]:
            return f"another player than {fields['name']} playing on {fields['name']}"
        if "lb" in fields and fields["lb"] != _lb(card.pounds):
            return f"{card.name} changing a weight by {_lb(card.pounds)}, as the deck says"
        return ""


#: A reader for each game in use (made once: its patterns list the game's cards).
_READERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def check_log(state: DietState) -> None:
    """``ValueError`` naming the first line of ``state.log`` the engine could not have
    written there, or the first field of ``state`` that disagrees with what the log tells
    (see the module docstring)."""
    reader = _READERS.get(state.game)
    if reader is None:
        reader = _READERS[state.game] = _LogReader(state.game)
    replay = _Replay(state)
    log, read, play = state.log, reader.read, replay.line
    for i, line in enumerate(log):
        parsed = read(line)
        if parsed is None:
            fail(f"log[{i}]", line, f"a line {state.game.title} writes about this game's players and cards, like "
                                    f"{_example('ate')!r}")
        follows = read(log[i + 1]) if parsed[0] == "reshuffle" and i + 1 < len(log) else None
        problem = play(*parsed, follows)
        if problem:
            fail(f"log[{i}]", line, problem)
    replay.compare()


def _example(kind: str, **fields) -> str:
    """A line of ``kind`` as the rulebook's deck would show it, for messages."""
    values = dict(name="Ann", by="Bo", card="Apple", exercise="Jogging", willpower="Willpower", meal="lunch",
                  discards="Apple, Pizza", lb="-1 lb", cards="cards", turn=1, drawn=0, count=7, missing=0,
                  max_turns=200, weight=-10)
    return LOG_LINES[kind].format(**{**values, **fields})


#: The lines that may come before a turn's first line, or are that line.
_OPENING = frozenset(("dealt", "day", "day, short"))


class _Replay:
    """What the log of a game tells, line by line: turns, weights and their causes, the
    weight history, tallies, reshuffles, the discard pile and the hands' sizes. Each
    handler takes a line's fields and returns what was wrong with it (``""`` if nothing)."""

    def __init__(self, state: DietState):
        self.state = state
        game = state.game
        self.deck, self.options, self.names = game.deck, game.options, game.names
        n = game.num_players
        self.seat_of = {name: seat for seat, name in enumerate(self.names)}
        self.weights = [0] * n
        self.causes = [dict.fromkeys(CAUSES, 0) for _ in range(n)]
        self.tally = {t: [0] * n for t in TALLIES}
        self.history = [[0] * n]
        self.discard: list = []
        self.sizes = [0] * n
        self.reshuffles = self.skipped_last = self.turn = 0
        self.active = self.winner = None
        self.over = False
        self.lines = 0
        self.expected = None  # (kind, why) of a line that must come next
        self.awaited = False  # whether the line being read was the one expected
        self.into_new_deck = False  # Planning's discards that went into the new deck: not on the pile
        self.handlers = {
            "dealt": self.dealt, "day": self.day, "day, short": self.day, "reshuffle": self.reshuffle,
            "draw": self.draw, "won": self.won, "kept": self.nothing, "no exercise": self.nothing,
            "swapped": self.swapped, "no meal": self.no_meal, "not fed": self.not_fed, "ate": self.ate,
            "fed": self.fed, "lazy": self.lazy, "exercised": self.exercised, "willpower": self.willpower,
            "cheat": self.cheat,
        }

    def line(self, kind: str, f: dict, card, problem: str, follows) -> str:
        """Replay one line read by :class:`_LogReader` (``follows``: the next line read,
        for a reshuffle); what was wrong with it (``""`` if nothing)."""
        self.lines += 1
        if self.over:
            return "no line after the one that ends the game"
        self.awaited, expected, self.expected = self.expected is not None, self.expected, None
        if expected is not None and kind != expected[0]:
            return expected[1]
        if problem:
            return problem
        if kind not in _OPENING:
            if self.active is None:
                return f"a line of a turn only after the turn's first line, like {_example('day')!r}"
            if "name" in f and f["name"] != self.names[self.active]:
                return f"a line about {self.names[self.active]}, whose turn it is"
        return self.handlers[kind](f, card, follows)

    # -- lines outside the turns' choices ----------------------------------------------

    def dealt(self, f, card, follows) -> str:
        deck, options = self.deck, self.options
        if self.lines != 1 or not options.deal_at_start or f["count"] != deck.hand_size:
            return f"{_example('dealt', count=deck.hand_size)!r} only as the first line, with deal_at_start=True"
        left = deck.size  # dealt one card at a time round the table, from the first player
        for _ in range(deck.hand_size):
            for k in range(len(self.sizes)):
                if left:
                    self.sizes[(options.first_player + k) % len(self.sizes)] += 1
                    left -= 1
        return ""

    def day(self, f, card, follows) -> str:
        deck, options, n = self.deck, self.options, len(self.sizes)
        if self.turn == 0 and options.deal_at_start and self.lines != 2:
            return f"the first turn only after the deal, {_example('dealt', count=deck.hand_size)!r}"
        self.turn += 1
        seat = (options.first_player + self.turn - 1) % n
        if f["turn"] != self.turn or f["name"] != self.names[seat]:
            return f"turn {self.turn}, {self.names[seat]}'s day (the turns follow each other in seat order)"
        if self.turn > 1:
            self.history.append(list(self.weights))  # the weights at the end of the turn before
        self.active = seat
        missing, drawn = max(0, deck.hand_size - self.sizes[seat]), f["drawn"]
        short = "missing" in f
        if (f["missing"] != missing or drawn >= missing) if short else drawn != missing:
            return f"{self.names[seat]} drawing to fill a hand of {self.sizes[seat]} cards up to {deck.hand_size}"
        if f["cards"] != ("card" if drawn == 1 else "cards"):
            return f"'{drawn} {'card' if drawn == 1 else 'cards'}'"
        self.sizes[seat] += drawn
        return ""

    def reshuffle(self, f, card, follows) -> str:
        if follows is None or follows[0] not in ("day", "day, short", "swapped"):
            return "a reshuffle only just before the line of the draw that needs it"
        pile = len(self.discard)
        if follows[0] == "swapped":  # Planning's discards went into the pile before its draw
            pile += len(follows[1]["discards"].split(", "))
            self.into_new_deck = True
        if f["count"] != pile:
            return f"a new deck of {pile} cards, the discard pile then"
        self.reshuffles += 1
        self.discard = []
        return ""

    def draw(self, f, card, follows) -> str:
        limit = self.options.max_turns
        if f["max_turns"] != limit or self.turn != limit:
            return f"the turn limit ({limit} turns) only at the end of turn {limit}"
        self.history.append(list(self.weights))
        self.over = True
        return ""

    def won(self, f, card, follows) -> str:
        a = self.active
        if f["weight"] != self.weights[a] or self.weights[a] > self.options.target:
            return f"a win only the moment a weight reaches the target ({self.options.target})"
        self.history.append(list(self.weights))
        self.over, self.winner = True, a
        return ""

    # -- the turn's choices ------------------------------------------------------------

    def nothing(self, f, card, follows) -> str:
        return ""

    def swapped(self, f, card, follows) -> str:
        a, deck = self.active, self.deck
        cards = f["discards"].split(", ")
        if any(c not in deck.by_name for c in cards) or cards != sorted(cards) or \
                not 1 <= len(cards) <= deck.planning_discards or f["drawn"] > len(cards):
            return (f"1 to {deck.planning_discards} cards of this game's deck, in alphabetical order, then as many "
                    "drawn or fewer")
        if not self.into_new_deck:
            self.discard += cards
        self.into_new_deck = False
        self.sizes[a] += f["drawn"] - len(cards)
        self.tally["cards_swapped"][a] += len(cards)
        return ""

    def no_meal(self, f, card, follows) -> str:
        a = self.active
        self.tally["meals_skipped"][a] += 1
        if alone_in_last_place(self.weights, a):
            self.skipped_last += 1
            if not self.options.feed_last_place:
                self.expected = ("not fed", f"{_example('not fed', name=f['name'], meal=f['meal'])!r}: with "
                                 "feed_last_place=False nobody feeds the player heavier than everyone else")
        return ""

    def not_fed(self, f, card, follows) -> str:
        if self.awaited:  # right after its own skipped meal: see no_meal
            return ""
        return "only with feed_last_place=False, after a meal skipped by a player heavier than everyone else"

    def ate(self, f, card, follows) -> str:
        if card.kind not in MEALS or card.pounds > 0:
            return "a meal worth 0 or less"
        self.tally["meals_eaten"][self.active] += 1
        return self._played(self.active, card, "own meals")

    def fed(self, f, card, follows) -> str:
        right = self.state.right_of(self.active)
        if card.kind not in MEALS or card.pounds <= 0 or self.seat_of[f["by"]] != right:
            return f"a fattening meal fed by {self.names[right]}, the player to the right"
        self.tally["fattening_played"][right] += 1
        return self._played(right, card, "neighbour meals")

    def exercised(self, f, card, follows) -> str:
        if card.kind != "exercise":
            return "an Exercise card"
        self.tally["exercises_counted"][self.active] += 1
        return self._played(self.active, card, "exercise")

    def cheat(self, f, card, follows) -> str:
        if card.kind != "cheat":
            return "a Cheat card"
        by = self.seat_of[f["by"]]
        self.tally["cheats_played"][by] += 1
        self.tally["cheats_suffered"][self.active] += 1
        return self._played(by, card, "cheats")

    def lazy(self, f, card, follows) -> str:
        exercise = self.deck.by_name.get(f["exercise"])
        if card.kind != "laziness" or exercise is None or exercise.kind != "exercise":
            return "a Laziness card played on an Exercise card"
        by, a = self.seat_of[f["by"]], self.active
        self.tally["laziness_played"][by] += 1
        self.tally["exercises_cancelled"][a] += 1
        self._cancelled(a, exercise.name, by, card.name)
        return ""

    def willpower(self, f, card, follows) -> str:
        willpower = self.deck.by_name.get(f["willpower"])
        if card.kind != "cheat" or willpower is None or willpower.kind != "willpower":
            return "a Cheat card cancelled with a Willpower card"
        by, a = self.seat_of[f["by"]], self.active
        self.tally["cheats_played"][by] += 1
        self.tally["willpower_played"][a] += 1
        self._cancelled(by, card.name, a, willpower.name)
        return ""

    def _played(self, seat: int, card, cause: str) -> str:
        """``seat`` played ``card``, which changed the active player's weight."""
        a = self.active
        self.sizes[seat] -= 1
        self.discard.append(card.name)
        self.weights[a] += card.pounds
        self.causes[a][cause] += card.pounds
        if self.weights[a] <= self.options.target:
            self.expected = ("won", f"the line that says {self.names[a]} won: their weight reached the target "
                                    f"({self.options.target})")
        return ""

    def _cancelled(self, seat: int, card: str, answer_seat: int, answer: str) -> None:
        """``seat`` played ``card`` and ``answer_seat`` cancelled it with ``answer``."""
        self.sizes[seat] -= 1
        self.sizes[answer_seat] -= 1
        self.discard += [card, answer]

    # -- the end -----------------------------------------------------------------------

    def compare(self) -> None:
        """``ValueError`` naming the first field of the state that disagrees with the log."""
        state = self.state
        if self.turn == 0:
            fail("log", state.log[:3], f"the game's lines from its first turn on, like {_example('day')!r}")
        if self.expected is not None:
            fail("log", state.log[-1:], f"a next line: {self.expected[1]}")
        if state.turn != self.turn:
            fail("turn", state.turn, f"{self.turn}, the turns the log tells")
        if (state.phase == "over") != self.over:
            fail("phase", state.phase, "'over', as the log ends the game" if self.over
                 else "not 'over' before the log's line that ends the game")
        if state.winner != self.winner:
            fail("winner", state.winner, f"{self.winner}, as the log tells")
        if state.weights != self.weights:
            fail("weights", state.weights, f"{self.weights}, what the log's weight changes add up to")
        for s, (saved, told) in enumerate(zip(state.causes, self.causes)):
            if saved != told:
                fail(f"causes[{s}]", saved, f"{told}, as the log tells")
        if state.history != self.history:
            for i, (saved, told) in enumerate(zip(state.history, self.history)):
                if saved != told:
                    when = "the start" if i == 0 else f"the end of turn {i}" if i < self.turn else "the end"
                    fail(f"history[{i}]", saved, f"{told}, the weights the log gives at {when}")
            raise ValueError(f"history has {len(state.history)} rows; allowed: {len(self.history)}, the start and "
                             "one for each turn the log ends")
        pending, step = state.pending, state.step
        if step == "willpower" and pending is not None:  # the Cheat on the table is counted, not yet told
            self.tally["cheats_played"][pending["by"]] += 1
        for kind, counts in self.tally.items():
            if state.tally[kind] != counts:
                fail(f"tally[{kind!r}]", state.tally[kind], f"{counts}, as the log tells")
        if state.reshuffles != self.reshuffles:
            fail("reshuffles", state.reshuffles, f"{self.reshuffles}, the reshuffles the log tells")
        if state.discard != self.discard:
            fail("discard", state.discard, "the cards the log tells were played, cancelled or discarded since the "
                 f"last reshuffle, in that order: {brief(self.discard)}")
        if pending is not None:
            self.sizes[pending["by"]] -= 1
        for s, (hand, size) in enumerate(zip(state.hands, self.sizes)):
            if len(hand) != size:
                fail(f"hands[{s}]", hand, f"{size} cards, what the log's draws and plays leave")
        counted = state.rules_used.get("meal skipped in last place")  # older saves lack it
        if counted is not None and counted != self.skipped_last:
            fail("rules_used['meal skipped in last place']", counted, f"{self.skipped_last}, the meals the log "
                 "tells were skipped by a player heavier than everyone else")


__all__ = ["FIELDS", "check_log", "check_state", "load_state", "state_from_data"]
