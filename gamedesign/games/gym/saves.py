"""GYM saves: what a saved state must satisfy to load.

:func:`load_state` reads the text of ``GymState.to_json()``; :func:`check_state` checks
any state against the rules (``GymState.from_setup`` uses it too). With ``n`` players, a
save loads when:

* ``seed`` is a whole number 0 or more and ``rng`` a state of Python's generator;
* ``column`` lists the deck's six events once each; ``levels`` gives each a whole number
  0 or more, together even and at most 2 for every Brat taken (2 a Brat once the Pick
  phase is over); with ``brat_advance="two_to_one"`` each level is even, with
  ``"one_to_two"`` none is more than half the total;
* every Kid of the deck is in exactly one place: the row, the stack, a hand, the board,
  a Forced Kid or ``left_out`` (Kids a lesson's ``from_setup`` left out of the game,
  only after the Pick phase);
* Pick phase: ``step`` is ``take`` or ``advance``; the stack holds 0 or 12 Kids and the
  row at most 12 (empty only while a Brat's taker may advance); seat ``s`` holds one Kid
  for each of its picks so far (picks go round the table from seat 0), ``turn`` is the
  seat to take (or the seat that took the Brat, whose last Kid is a Brat); board,
  events in play, Coaches and Forced Kids are empty; every player knows every Kid taken;
* Play phase: row and stack are empty; four different events are in play and the other
  two are the Coaches, both in column order; the board has three positions a side for
  each event in play; each Coach is off the board or beside a side of an event in play,
  never two at one side; ``step`` is ``place`` (nothing placed yet this turn, and the
  player has a Kid to place), ``action``, ``give_back`` (after Pick a Kid: ``victim`` is
  an opponent and ``taken`` a Kid in the player's hand) or ``coach`` (the placed Kid is a
  Brat); a Forced Kid's owner is exempt from Force, an exempt player without a Forced
  Kid is the one whose turn it is, after placing; the player to move has no Forced Kid
  once they have placed;
* Game over: ``step`` is null; no Kid is left in the row, the stack, a hand or Forced,
  nobody is exempt and nothing is placed this turn;
* ``known`` lists, for each player, Kids of the deck once each; ``log`` is a list of
  lines, each with a seat (or null), a text and private texts by seat;
* ``rules_used`` (older saves may lack it) maps rule events of ``GymGame.rule_events``
  to whole numbers 0 or more; with ``last_placement_action=False`` no turn goes on
  once the last Kid is placed.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...saves import (
    check_conserved,
    fail,
    flag,
    generator,
    items,
    name,
    name_lists,
    names,
    one_of,
    read_save,
    seat,
    table,
    text,
    whole,
)
from .tables import EVENTS_IN_PLAY, REVEAL, SPOTS, TEAMS, team_of

#: The fields of a save, beside the game's name, players and options.
FIELDS = (
    "seed", "rng", "column", "levels", "row", "stack", "hands", "phase", "step", "turn", "in_play", "coach_cards",
    "board", "coaches", "forced", "exempt", "placed", "placed_at", "victim", "taken", "known", "log",
)

if TYPE_CHECKING:  # for the annotations only: the rules import this module
    from .rules import GymState
#: Fields older saves may lack, with their value then.
OPTIONAL = {"left_out": [], "rules_used": {}}

PHASES = ("pick", "play", "over")
STEPS = {"pick": ("take", "advance"), "play": ("place", "action", "give_back", "coach"), "over": (None,)}
#: The longest log a game can write (two lines a pick, four a turn of play, with room).
MOST_LOG_LINES = 2_000


def load_state(game, text) -> GymState:
    """The state saved in ``text``; ``ValueError`` naming what is wrong if it is not a
    state the rules can reach (see the module docstring)."""
    try:
        data = read_save(game, text, FIELDS, OPTIONAL)
        state = _build(game, data)
        check_state(state)
    except ValueError as err:
        raise ValueError(f"cannot load this save of {game.title}: {err}") from None
    return state


def _build(game, data: dict) -> GymState:
    """A state from the saved fields, each checked for its type and size."""
    deck, n = game.deck, game.num_players
    kids, events = deck.kid_by_name, deck.event_by_name
    total = len(deck.kids)
    state = game._blank_state()
    state.game = game
    state.seed = whole(data["seed"], "seed", 0)
    state.rng = generator(data["rng"])
    state.column = names(data["column"], "column", events, "event", length=len(deck.events))
    state.levels = {
        name(e, "a key of levels", events, "event"): whole(v, f"levels[{e!r}]", 0)
        for e, v in table(data["levels"], "levels").items()
    }
    state.row = names(data["row"], "row", kids, "Kid", most=REVEAL)
    state.stack = names(data["stack"], "stack", kids, "Kid", most=total)
    state.hands = name_lists(data["hands"], "hands", n, kids, "Kid", most=total)
    state.phase = one_of(data["phase"], "phase", PHASES)
    state.step = one_of(data["step"], "step", STEPS[state.phase])
    state.turn = seat(data["turn"], "turn", n)
    state.in_play = names(data["in_play"], "in_play", events, "event", most=EVENTS_IN_PLAY)
    state.coach_cards = names(data["coach_cards"], "coach_cards", events, "event", most=len(deck.events))
    state.board = {}
    for e, sides in table(data["board"], "board").items():
        name(e, "a key of board", events, "event")
        state.board[e] = []
        for t, side in enumerate(items(sides, f"board[{e!r}]", len(TEAMS))):
            where = f"board[{e!r}][{t}]"
            spots = items(side, where, SPOTS)
            state.board[e].append([name(k, f"{where}[{i}]", kids, "Kid", none=True) for i, k in enumerate(spots)])
    state.coaches = {}
    for c, where in table(data["coaches"], "coaches").items():
        name(c, "a key of coaches", events, "event")
        if where is not None:
            items(where, f"coaches[{c!r}]", 2)
            where = (
                name(where[0], f"coaches[{c!r}] event", events, "event"),
                whole(where[1], f"coaches[{c!r}] side", 0, 1),
            )
        state.coaches[c] = where
    state.forced = [
        name(k, f"forced[{s}]", kids, "Kid", none=True) for s, k in enumerate(items(data["forced"], "forced", n))
    ]
    state.exempt = [flag(x, f"exempt[{s}]") for s, x in enumerate(items(data["exempt"], "exempt", n))]
    state.placed = name(data["placed"], "placed", kids, "Kid", none=True)
    state.placed_at = name(data["placed_at"], "placed_at", events, "event", none=True)
    state.victim = seat(data["victim"], "victim", n, none=True)
    state.taken = name(data["taken"], "taken", kids, "Kid", none=True)
    state.known = []
    for s, known in enumerate(items(data["known"], "known", n)):
        names(known, f"known[{s}]", kids, "Kid", most=total)
        if len(set(known)) != len(known):
            fail(f"known[{s}]", known, "each Kid at most once")
        state.known.append(set(known))
    state.log = []
    private_keys = {str(s) for s in range(n)}
    for i, line in enumerate(items(data["log"], "log", most=MOST_LOG_LINES)):
        table(line, f"log[{i}]", ("seat", "text", "private"))
        private = table(line["private"], f"log[{i}] private")
        for key, value in private.items():
            if key not in private_keys:
                fail(f"a key of log[{i}] private", key, f"a seat from '0' to '{n - 1}'")
            text(value, f"log[{i}] private[{key!r}]")
        state.log.append(
            {"seat": seat(line["seat"], f"log[{i}] seat", n, none=True), "text": text(line["text"], f"log[{i}] text"),
             "private": dict(private)}
        )
    state.left_out = names(data["left_out"], "left_out", kids, "Kid", most=total)
    state.rules_used = {}
    for event, count in table(data["rules_used"], "rules_used").items():
        if event not in game.rule_events:
            fail("a key of rules_used", event, "a rule event: " + ", ".join(game.rule_events))
        state.rules_used[event] = whole(count, f"rules_used[{event!r}]", 0, MOST_LOG_LINES)
    return state


def check_state(state: GymState) -> None:
    """``ValueError`` naming the first rule ``state`` breaks (see the module docstring)."""
    game, deck, n = state.game, state.game.deck, state.game.num_players
    events = [e.name for e in deck.events]
    if sorted(state.column) != sorted(events):
        fail("column", state.column, "each of the deck's events once: " + ", ".join(events))
    if set(state.levels) != set(events):
        fail("levels", state.levels, "one level for each event: " + ", ".join(events))
    brats = set(deck.brats)
    taken_brats = len(brats) - sum(k in brats for k in state.row + state.stack)
    if state.phase == "pick" and state.step == "advance":
        taken_brats -= 1  # the Brat just taken has not advanced anything yet
    total = sum(state.levels.values())
    if total % 2 or total > 2 * taken_brats:
        fail("levels", state.levels, f"levels that add up to an even number, at most {2 * taken_brats} "
             f"(2 for each of the {taken_brats} Brats that advanced the schedule)")
    rule = game.options.brat_advance
    if rule == "two_to_one" and any(v % 2 for v in state.levels.values()):
        fail("levels", state.levels, "even levels (brat_advance='two_to_one' advances one event 2 steps)")
    if rule == "one_to_two" and any(2 * v > total for v in state.levels.values()):
        fail("levels", state.levels, "no level above half the total (brat_advance='one_to_two' advances two events)")
    if state.phase == "pick" and state.left_out:
        fail("left_out", state.left_out, "[] during the Pick phase (only a lesson's play-phase setup leaves Kids out)")
    check_conserved(
        {
            "row": state.row,
            "stack": state.stack,
            "hands": [k for hand in state.hands for k in hand],
            "board": [k for sides in state.board.values() for side in sides for k in side if k],
            "forced": [k for k in state.forced if k],
            "left_out": state.left_out,
        },
        Counter(k.name for k in deck.kids),
        what="Kid",
    )
    for s, known in enumerate(state.known):
        odd = sorted(known - set(deck.kid_by_name))
        if odd:
            fail(f"known[{s}]", odd[0], "Kids of the deck")
    if state.phase == "pick":
        _check_pick_phase(state)
    else:
        _check_play_phase(state)


def _check_pick_phase(state: GymState) -> None:
    n = state.game.num_players
    for field in ("in_play", "coach_cards", "board", "coaches"):
        if getattr(state, field):
            fail(field, getattr(state, field), "empty during the Pick phase")
    for field in ("placed", "placed_at", "victim", "taken"):
        if getattr(state, field) is not None:
            fail(field, getattr(state, field), "null during the Pick phase")
    if any(state.forced) or any(state.exempt):
        fail("forced" if any(state.forced) else "exempt", state.forced if any(state.forced) else state.exempt,
             "nobody forced or exempt during the Pick phase")
    if len(state.stack) not in (0, REVEAL):
        fail("stack", state.stack, f"0 or {REVEAL} Kids (the second row is revealed all at once)")
    if not state.row and state.step != "advance":
        fail("row", state.row, "at least one Kid while Kids are taken (an empty row is refilled at once)")
    picks = sum(len(hand) for hand in state.hands)
    for s, hand in enumerate(state.hands):
        mine = len(range(s, picks, n))
        if len(hand) != mine:
            fail(f"hands[{s}]", hand, f"{mine} Kids (seat {s}'s picks of the {picks} so far)")
    if state.step == "take":
        if state.turn != picks % n:
            fail("turn", state.turn, f"{picks % n}, the seat that takes the next Kid")
    else:
        if picks == 0 or state.turn != (picks - 1) % n or state.hands[state.turn][-1] not in state.game.deck.brats:
            fail("step", state.step, "'advance' only for the seat whose last pick was a Brat")
    everyone = {k for hand in state.hands for k in hand}
    for s, known in enumerate(state.known):
        if known != everyone:
            fail(f"known[{s}]", sorted(known), "every Kid taken so far (everyone sees the row)")


def _check_play_phase(state: GymState) -> None:
    game, deck, n = state.game, state.game.deck, state.game.num_players
    if state.row or state.stack:
        fail("row" if state.row else "stack", state.row or state.stack, "empty once the Pick phase is over")
    column = state.column
    if len(set(state.in_play)) != EVENTS_IN_PLAY or state.in_play != [e for e in column if e in state.in_play]:
        fail("in_play", state.in_play, f"{EVENTS_IN_PLAY} different events in column order")
    coaches = [e for e in column if e not in state.in_play]
    if state.coach_cards != coaches:
        fail("coach_cards", state.coach_cards, f"the events not in play, in column order: {coaches}")
    if set(state.board) != set(state.in_play):
        fail("board", sorted(state.board), "one entry for each event in play: " + ", ".join(state.in_play))
    if set(state.coaches) != set(coaches):
        fail("coaches", sorted(state.coaches), "one entry for each Coach: " + ", ".join(coaches))
    spots = [where for where in state.coaches.values() if where is not None]
    for where in spots:
        if where[0] not in state.in_play:
            fail("a Coach's place", list(where), "beside an event in play")
    if len(set(spots)) != len(spots):
        fail("coaches", state.coaches, "at most one Coach beside each side of an event")
    over = state.phase == "over"
    if over:
        left = [k for hand in state.hands for k in hand] + [k for k in state.forced if k]
        if left:
            fail("hands and forced", left, "no Kid left to place once the game is over")
        if any(state.exempt):
            fail("exempt", state.exempt, "nobody exempt once the game is over")
        for field in ("placed", "placed_at", "victim", "taken"):
            if getattr(state, field) is not None:
                fail(field, getattr(state, field), "null once the game is over")
        return
    step, turn = state.step, state.turn
    if (step == "place") != (state.placed is None) or (step == "place") != (state.placed_at is None):
        fail("placed", state.placed, "null before the turn's placement, the placed Kid after it" if step == "place"
             else "the Kid placed this turn (and placed_at its event)")
    if state.placed_at is not None and state.placed_at not in state.in_play:
        fail("placed_at", state.placed_at, "an event in play")
    if step == "coach" and state.placed not in deck.brats:
        fail("step", step, "'coach' only after placing a Brat")
    if step == "give_back":
        if state.victim is None or team_of(state.victim) == team_of(turn):
            fail("victim", state.victim, f"an opponent of player {turn}, who picked a Kid from them")
        if state.taken not in state.hands[turn]:
            fail("taken", state.taken, f"the Kid player {turn} picked, now in hands[{turn}]")
    elif state.victim is not None:
        fail("victim", state.victim, "null except while giving a Kid back")
    elif state.taken is not None:
        fail("taken", state.taken, "null except while giving a Kid back")
    for s in range(n):
        if state.forced[s] is not None and not state.exempt[s]:
            fail(f"exempt[{s}]", state.exempt[s], f"true: player {s} was forced, so is exempt from Force")
        if state.exempt[s] and state.forced[s] is None and (s != turn or step == "place"):
            fail(f"exempt[{s}]", state.exempt[s], f"false: player {s} has no Forced Kid and is not finishing a turn")
    if state.forced[turn] is not None and step != "place":
        fail(f"forced[{turn}]", state.forced[turn], "null once the player to move has placed (a Forced Kid goes first)")
    if step == "place" and not state.hands[turn] and state.forced[turn] is None:
        fail(f"hands[{turn}]", state.hands[turn], f"a Kid to place: player {turn} must place now")
    if step != "place" and not game.options.last_placement_action and not state.hands[turn] and \
            not any(state.hands) and not any(state.forced):
        fail("step", step, "'place' or a finished game: with last_placement_action=False the last placement "
             "ends the game at once")


__all__ = ["FIELDS", "check_state", "load_state"]
