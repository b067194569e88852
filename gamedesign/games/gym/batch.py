"""GYM played in batches with numpy: thousands of games at once, for random and greedy bots.

The object engine (``rules.py``) plays one game at a time and is the reference. This
module plays the same rules on whole arrays of games for two bots, seat by seat (any mix):
``"random"`` bots choose uniformly among the legal actions (``RandomBot``); ``"greedy"``
bots score every legal action as ``bots.GreedyGymBot`` does and choose uniformly among the
best (within 1e-9, as the bot does). It gives the same table as
:func:`gamedesign.simulate` (the same columns) from different random streams: the same
rules and the same distributions, not the same individual games.

How a game is held (:class:`Games`, one row per game): ``loc`` gives, for each Kid of the
deck, a place code: the side of an event (``2 * event + team``, events in deck order), a
seat's hand, a seat's Forced Kid, the face-up row, the stack (or out of the game, for
states built by hand). Kids on one side are a set:
the positions 1-3 only matter through how many are empty, so Switch or Move inside one
side changes nothing here. Beside ``loc``: event levels, column positions, the events in
play, where each Coach card stands, Force exemptions, and this turn's placed Kid.

Every game takes the same number of decisions in the same order (24 takes, then 24 turns
of place, action, give-back after Pick, Coach after a Brat), so all games step together:
seat ``t % players`` moves at step ``t`` in every game, and branches are masks. In the
Play phase seat ``(first + t) % players`` moves, ``first`` being each game's first seat
(:func:`first_seats`: 0, 1 with ``play_phase_first="B"``, and with ``"weaker_hands"``
the team whose hands are worth less, as the engine decides); the games of each first seat
play the Play phase together, as a batch of their own. At each
decision the number of legal actions of every kind comes from the functions below
(:func:`place_options`, :func:`action_counts`, :func:`coach_count`, :func:`legal_count`);
a kind is chosen with probability proportional to its count, then one of its actions
uniformly, which is a uniform choice among all legal actions. The greedy bot's scores never
depend on a Kid's position within a side, so its tied actions are counted the same way:
a placement or a Move to an event counts once per empty position there.

The batch contract shared by every batch path (``tests/test_batch_contract.py``, through
``tests/batch_adapters.py``) converts engine states along random games (all player counts,
every option, a custom deck) to these arrays (:func:`from_state`) and checks that the
counts equal ``len(state.legal_actions(seat))`` at every decision, that the random
decisions here reach exactly the engine's outcomes with the engine's probabilities and
the greedy choices exactly the greedy bot's tied best actions; it scores the final boards
of batch games with ``score_board`` and checks the distribution of every table column of
whole runs against the object engine's. ``tests/test_gym_batch.py`` keeps what only GYM
has: applying the engine's action to the arrays gives the engine's board, blocked and
forced positions built by hand, the Play phase's first seat, and several games decided
side by side.

``play(..., trace=True)`` also returns a :class:`Trace` of what the design lab records of
each game (every decision's count of legal actions and the kind of action chosen, the
board's points after each turn, the rule events), read from the arrays without a draw of
the random stream: the same games (``lab/record.py``, ``tests/test_lab_batch_gym_diet.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ...simulate import greedy_seats, seat_columns
from .bots import BRAT_STEERING, FORCE_WORTH, HAND_SHARE, OUTSIDE_WEIGHT, PICK_WORTH
from .rules import EVENTS_IN_PLAY, REVEAL, SPOTS, TEAMS, winning_team

#: The bots this module can play.
BATCH_BOTS = ("random", "greedy")

#: Games played at once (each chunk of a run has its own random stream; memory stays flat).
BATCH_SIZE = 10_000


def batch_supports(game) -> bool:
    """Whether this path plays ``game``'s rules: it plays every option of GYM, on a platform
    whose array indexes are 64 bits (in the browser, Pyodide's are 32 bits and this path's
    64-bit index arrays are refused: the engine plays there, and records say so)."""
    return np.dtype(np.intp).itemsize >= 8

EVENTS, KIDS = 6, 24
SIDES = 2 * EVENTS  # place codes 0-11: side of team t at event e is 2 * e + t
HAND = 12  # 12 + seat: in that seat's hand
FORCED = 18  # 18 + seat: that seat's Forced Kid
ROW, STACK = 24, 25
OUT = 26  # left out of the game (states built by hand with ``GymState.from_setup``)
PLACES = 27


class DeckArrays:
    """What the rules need of a deck, as arrays (events and Kids in deck order)."""

    def __init__(self, deck):
        self.events = [e.name for e in deck.events]
        self.kids = [k.name for k in deck.kids]
        self.actions = [e.action for e in deck.events]
        colours = [e.colour for e in deck.events]
        #: (Kids, events): a Kid's skill value in the event's colour (0 without it).
        self.value = np.array([[k.value(c) for c in colours] for k in deck.kids], dtype=np.int64)
        #: (Kids, events): the Kid has a skill in the event's colour.
        self.skill = np.array([[any(s == c for s, _ in k.skills) for c in colours] for k in deck.kids])
        self.brat = np.array([k.is_brat for k in deck.kids])
        #: A Kid's skill value at each event, then the same negated (for the other team),
        #: flat: ``signed[kid * 6 + event]`` and ``signed[144 + kid * 6 + event]``.
        self.signed = np.concatenate([self.value.ravel(), -self.value.ravel()]).astype(np.int16)


def advance_steps(game) -> np.ndarray:
    """(options, events): the steps of each ``Advance`` the ``brat_advance`` option allows
    (``skip advance`` is the one more option)."""
    rule = game.options.brat_advance
    rows = []
    if rule in ("either", "two_to_one"):
        rows += [np.eye(EVENTS, dtype=np.int64)[e] * 2 for e in range(EVENTS)]
    if rule in ("either", "one_to_two"):
        rows += [np.eye(EVENTS, dtype=np.int64)[a] + np.eye(EVENTS, dtype=np.int64)[b]
                 for a in range(EVENTS) for b in range(a + 1, EVENTS)]
    return np.array(rows, dtype=np.int64)


@dataclass
class Games:
    """Many GYM games held in arrays, one row per game (see the module docstring)."""

    loc: np.ndarray  # (games, Kids) int8 place codes
    levels: np.ndarray  # (games, events) schedule levels
    colpos: np.ndarray  # (games, events) position in the column, 0 = top
    in_play: np.ndarray  # (games, events) bool, set when the Pick phase ends
    coach_at: np.ndarray  # (games, events) side code where that event's Coach card stands, -1 if not out
    exempt: np.ndarray  # (games, players) bool: exempt from Force
    placed: np.ndarray  # (games,) Kid placed this turn, -1 if none
    placed_at: np.ndarray  # (games,) event placed at this turn, -1 if none

    def __len__(self) -> int:
        return len(self.loc)


def new_games(game, count: int, rng: np.random.Generator) -> Games:
    """``count`` fresh games: a random column, all levels 0, 12 random Kids face up."""
    n = game.num_players
    colpos = np.argsort(rng.random((count, EVENTS)), axis=1).astype(np.int8)
    order = np.argsort(rng.random((count, KIDS)), axis=1)
    loc = np.where(order < REVEAL, ROW, STACK).astype(np.int8)
    return Games(
        loc=loc,
        levels=np.zeros((count, EVENTS), dtype=np.int64),
        colpos=colpos,
        in_play=np.zeros((count, EVENTS), dtype=bool),
        coach_at=np.full((count, EVENTS), -1, dtype=np.int8),
        exempt=np.zeros((count, n), dtype=bool),
        placed=np.full(count, -1, dtype=np.int64),
        placed_at=np.full(count, -1, dtype=np.int64),
    )


def from_state(state) -> Games:
    """One engine ``GymState`` as a batch of one game."""
    game = state.game
    kids = [k.name for k in game.deck.kids]
    events = [e.name for e in game.deck.events]
    kid, event = {k: i for i, k in enumerate(kids)}, {e: i for i, e in enumerate(events)}
    n = game.num_players
    loc = np.full(KIDS, OUT, dtype=np.int8)
    for name in state.row:
        loc[kid[name]] = ROW
    for name in state.stack:
        loc[kid[name]] = STACK
    for seat, hand in enumerate(state.hands):
        for name in hand:
            loc[kid[name]] = HAND + seat
    for seat, name in enumerate(state.forced):
        if name is not None:
            loc[kid[name]] = FORCED + seat
    for e, sides in state.board.items():
        for t, side in enumerate(sides):
            for name in side:
                if name is not None:
                    loc[kid[name]] = 2 * event[e] + t
    coach_at = np.full(EVENTS, -1, dtype=np.int8)
    for c, where in state.coaches.items():
        if where is not None:
            coach_at[event[c]] = 2 * event[where[0]] + where[1]
    return Games(
        loc=loc[None, :],
        levels=np.array([[state.levels[e] for e in events]], dtype=np.int64),
        colpos=np.array([[state.column.index(e) for e in events]], dtype=np.int8),
        in_play=np.array([[e in state.in_play for e in events]]),
        coach_at=coach_at[None, :],
        exempt=np.array([list(state.exempt)], dtype=bool).reshape(1, n),
        placed=np.array([-1 if state.placed is None else kid[state.placed]], dtype=np.int64),
        placed_at=np.array([-1 if state.placed_at is None else event[state.placed_at]], dtype=np.int64),
    )


# ----------------------------------------------------------------------------------------
# What the arrays show: counts per place, Coaches, legal options per decision
# ----------------------------------------------------------------------------------------


def place_counts(g: Games) -> np.ndarray:
    """(games, place codes): how many Kids are at each place (sides, hands, Forced, row,
    stack, out)."""
    count = len(g)
    flat = g.loc.astype(np.int64) + (np.arange(count, dtype=np.int64) * PLACES)[:, None]
    return np.bincount(flat.ravel(), minlength=count * PLACES).reshape(count, PLACES)


def coached_sides(g: Games) -> np.ndarray:
    """(games, sides) bool: a Coach stands on the side."""
    out = np.zeros((len(g), SIDES + 1), dtype=bool)
    out[np.arange(len(g))[:, None], np.where(g.coach_at >= 0, g.coach_at, SIDES)] = True
    return out[:, :SIDES]


def place_options(g: Games, game, seat: int, counts=None, coached=None):
    """The ``place`` decision of ``seat``: ``(kids, spots)``, the Kids that may be placed
    (games, Kids) bool (the Forced Kid if there is one, else the hand) and the empty
    positions allowed at each event on the team's side (games, events). The legal actions
    are every Kid with every position."""
    counts = place_counts(g) if counts is None else counts
    team = seat % 2
    forced = g.loc == FORCED + seat
    kids = np.where(forced.any(axis=1)[:, None], forced, g.loc == HAND + seat)
    spots = np.where(g.in_play, SPOTS - counts[:, team:SIDES:2], 0)
    if game.options.coach_blocks_placement:
        coached = coached_sides(g) if coached is None else coached
        free = np.where(coached[:, team::2], 0, spots)
        spots = np.where(free.sum(axis=1, keepdims=True) > 0, free, spots)
    return kids, spots


def open_events(g: Games, deck: DeckArrays) -> np.ndarray:
    """(games, events) bool: the events whose action this turn's placement opens (the
    event placed at, and the events in play of the placed Kid's skill colours)."""
    opened = g.in_play & deck.skill[g.placed]
    opened[np.arange(len(g)), g.placed_at] = True
    return opened


def action_counts(g: Games, game, seat: int, counts=None, coached=None) -> dict:
    """Options of each Event Action for ``seat`` now: ``{action: (games,) counts}`` for
    lift, switch, swap, move, force and pick (whether or not the action is open)."""
    counts = place_counts(g) if counts is None else counts
    coached = coached_sides(g) if coached is None else coached
    n, team = game.num_players, seat % 2
    on = counts[:, :SIDES].reshape(-1, EVENTS, 2)  # Kids per side
    live = g.in_play[:, :, None]
    free = ~coached.reshape(-1, EVENTS, 2) & live  # sides in play without a Coach
    empty = np.where(live, SPOTS - on, 0)
    on_free = on * free
    free_kids = on_free.sum(axis=1)  # (games, teams): Kids on sides without a Coach
    hands = counts[:, HAND:HAND + n]
    opponents = [s for s in range(n) if s % 2 != team]
    return {
        # a placed Kid on a side without a Coach, for a Kid of the hand
        "lift": free_kids.sum(axis=1) * hands[:, seat],
        # pairs on one side, and pairs on two sides of a team that both lack a Coach
        "switch": (on * (on - 1) // 2).sum(axis=(1, 2))
        + ((free_kids**2 - (on_free**2).sum(axis=1)) // 2).sum(axis=1),
        "swap": free_kids[:, 0] * free_kids[:, 1],
        # an empty position of the Kid's own side, or of another side when neither has a Coach
        "move": (on * empty).sum(axis=(1, 2))
        + (free_kids * (empty * free).sum(axis=1)).sum(axis=1)
        - (on_free * empty).sum(axis=(1, 2)),
        "force": ((hands[:, opponents] > 0) & ~g.exempt[:, opponents]).sum(axis=1),
        "pick": (hands[:, opponents] > 0).sum(axis=1),
    }


def action_options(g: Games, game, deck: DeckArrays, seat: int, counts=None, coached=None) -> np.ndarray:
    """(games, events): legal actions of each event's Event Action this turn (0 when the
    placement does not open it). Their sum plus one (``skip action``) is the decision's count."""
    per_action = action_counts(g, game, seat, counts, coached)
    by_event = np.stack([per_action[a] for a in deck.actions], axis=1)
    return np.where(open_events(g, deck), by_event, 0)


def coach_count(g: Games) -> np.ndarray:
    """(games,): legal actions of the ``coach`` decision: either Coach card to any side in
    play without a Coach, or ``skip coach``."""
    free = 2 * EVENTS_IN_PLAY - (g.coach_at >= 0).sum(axis=1)
    return 2 * free + 1


def legal_count(g: Games, game, step: str, seat: int) -> np.ndarray:
    """(games,): how many legal actions ``seat`` has at decision ``step`` (the engine's
    ``state.step``: take, advance, place, action, give_back or coach)."""
    counts = place_counts(g)
    if step == "take":
        return counts[:, ROW]
    if step == "advance":
        return np.full(len(g), len(advance_steps(game)) + 1)
    if step == "place":
        kids, spots = place_options(g, game, seat, counts)
        return kids.sum(axis=1) * spots.sum(axis=1)
    if step == "action":
        return action_options(g, game, DeckArrays(game.deck), seat, counts).sum(axis=1) + 1
    if step == "give_back":
        return counts[:, HAND + seat]
    if step == "coach":
        return coach_count(g)
    raise ValueError(f"unknown decision {step!r}")


# ----------------------------------------------------------------------------------------
# Applying actions to the games in ``rows`` (an index array)
# ----------------------------------------------------------------------------------------


def take(g: Games, rows, kid, seat: int) -> None:
    """``seat`` takes face-up ``kid``."""
    g.loc[rows, kid] = HAND + seat


def reveal(g: Games) -> None:
    """Where the row is empty, the stack becomes the row (after a take and its advance)."""
    empty = ~(g.loc == ROW).any(axis=1)
    g.loc[empty[:, None] & (g.loc == STACK)] = ROW


def advance(g: Games, rows, steps) -> None:
    """Advance the schedule by ``steps`` (rows, events)."""
    g.levels[rows] += steps


def leading(levels: np.ndarray, colpos: np.ndarray) -> np.ndarray:
    """(..., events) bool: the 4 most advanced events at ``levels``, ties to the event
    higher in the column (``colpos``): the events in play if the Pick phase ended now."""
    key = levels.astype(np.int64) * 8 + (7 - colpos.astype(np.int64))  # all different
    return key > _last_left_out([key[..., e] for e in range(EVENTS)])[..., None]


def in_play_shares(levels: np.ndarray) -> np.ndarray:
    """(..., events) float: each event's chance of going in play if the Pick phase ended at
    ``levels`` with ties at the cut drawn at random (``rules.in_play_shares``): 1 above the
    cut, the places left shared equally among the events tied at it, 0 below."""
    cut = np.sort(levels, axis=-1)[..., EVENTS - EVENTS_IN_PLAY : EVENTS - EVENTS_IN_PLAY + 1]
    above = levels > cut
    tied = levels == cut
    share = (EVENTS_IN_PLAY - above.sum(axis=-1, keepdims=True)) / tied.sum(axis=-1, keepdims=True)
    return np.where(above, 1.0, np.where(tied, share, 0.0))


def _last_left_out(keys: list) -> np.ndarray:
    """Of one key array per event (levels * 8 + 7 - column position, all different): the
    highest key of the events left out of play, so the events in play are those with a
    higher key. The events go one by one: an axis of 6 is reduced faster by hand."""
    for _ in range(EVENTS - EVENTS_IN_PLAY):
        lowest = keys[0]
        for key in keys[1:]:
            lowest = np.minimum(lowest, key)
        keys = [np.where(key == lowest, np.iinfo(key.dtype).max, key) for key in keys]
    return lowest


def end_pick(g: Games, rng: np.random.Generator | None = None) -> None:
    """The 4 most advanced events go in play, ties to the event higher in the column; with
    ``rng`` (``schedule_tiebreak="random"``) ties go by an order drawn for each game."""
    if rng is None:
        g.in_play = leading(g.levels, g.colpos)
    else:  # a random permutation of the events: each event's rank in a random order
        g.in_play = leading(g.levels, np.argsort(rng.random((len(g), EVENTS)), axis=1))


def first_seats(g: Games, game, deck: DeckArrays) -> np.ndarray:
    """(games,): the seat that takes the first turn of the Play phase in each game, once
    the Pick phase is over (option ``play_phase_first``): seat 0 for ``"A"``, 1 for
    ``"B"``; for ``"weaker_hands"`` seat 1 where team B's hands are worth less than team
    A's (each Kid worth its best value at the events in play), else seat 0."""
    rule = game.options.play_phase_first
    if rule in ("A", "B"):
        return np.full(len(g), 0 if rule == "A" else 1, dtype=np.int64)
    if rule != "weaker_hands":
        raise ValueError(f"play_phase_first must be 'A', 'B' or 'weaker_hands', not {rule!r}")
    loc = g.loc.astype(np.int64)
    held = (loc >= HAND) & (loc < HAND + game.num_players)
    worth = _bests(g, deck) * held
    team_b = held & ((loc - HAND) % 2 == 1)
    b = (worth * team_b).sum(axis=1)
    return np.where(b < worth.sum(axis=1) - b, 1, 0).astype(np.int64)


def _part(g: Games, rows) -> Games:
    """The games ``rows`` of ``g`` as a batch of their own (a copy)."""
    return Games(*(getattr(g, f)[rows] for f in Games.__dataclass_fields__))


def _put_back(g: Games, rows, part: Games) -> None:
    """Write the games of ``part`` (taken by :func:`_part`) back into rows ``rows`` of ``g``."""
    for f in Games.__dataclass_fields__:
        getattr(g, f)[rows] = getattr(part, f)


def place(g: Games, rows, kid, event, team: int) -> None:
    """Place ``kid`` on ``team``'s side of ``event``."""
    g.loc[rows, kid] = 2 * event + team
    g.placed[rows], g.placed_at[rows] = kid, event


def lift(g: Games, rows, kid, put, seat: int) -> None:
    """Placed ``kid`` goes to ``seat``'s hand; ``put`` from that hand takes its side."""
    side = g.loc[rows, kid]
    g.loc[rows, put] = side
    g.loc[rows, kid] = HAND + seat


def exchange(g: Games, rows, a, b) -> None:
    """Placed Kids ``a`` and ``b`` exchange places (Switch, Swap)."""
    side_a, side_b = g.loc[rows, a], g.loc[rows, b]
    g.loc[rows, a], g.loc[rows, b] = side_b, side_a


def move(g: Games, rows, kid, event) -> None:
    """Placed ``kid`` moves to ``event`` on its own side."""
    g.loc[rows, kid] = 2 * event + g.loc[rows, kid] % 2


def force(g: Games, rows, victim, kid) -> None:
    """``kid`` from ``victim``'s hand becomes their Forced Kid; they become exempt."""
    g.loc[rows, kid] = FORCED + victim
    g.exempt[rows, victim] = True


def hand_over(g: Games, rows, kid, seat) -> None:
    """``kid`` goes to ``seat``'s hand (Pick a Kid, and the give-back after it)."""
    g.loc[rows, kid] = HAND + seat


def coach(g: Games, rows, card, side) -> None:
    """Put the Coach card of event ``card`` on side code ``side``."""
    g.coach_at[rows, card] = side


def end_turn(g: Games, seat: int) -> None:
    """``seat``'s turn is over: their Force exemption ends."""
    g.exempt[:, seat] = False
    g.placed[:] = -1
    g.placed_at[:] = -1


# ----------------------------------------------------------------------------------------
# Random play
# ----------------------------------------------------------------------------------------


def _weighted(rng, weights) -> np.ndarray:
    """Per row, an index chosen with probability proportional to ``weights`` (rows, k);
    k where a row's weights are all 0."""
    cum = np.add.accumulate(weights, axis=1, dtype=np.int32)  # quicker than a cumsum in int64
    r = (rng.random(len(cum)) * cum[:, -1]).astype(np.int64)
    return (cum <= r[:, None]).sum(axis=1)


def _uniform(rng, total) -> np.ndarray:
    """Per row, a whole number uniform in ``[0, total)``."""
    return (rng.random(len(total)) * total).astype(np.int64)


def _at(values, index) -> np.ndarray:
    """``values[i, index[i]]`` per row (index clipped into range)."""
    index = np.clip(index, 0, values.shape[1] - 1)
    return np.take_along_axis(values, index.astype(np.int64), axis=1)


def play_random(game, count: int, rng: np.random.Generator) -> Games:
    """Play ``count`` games with random bots in every seat; returns the finished games."""
    return play(game, None, count, rng)


def play(game, bots, count: int, rng: np.random.Generator, trace: bool = False):
    """Play ``count`` games with the named bot in each seat (``"random"`` or ``"greedy"``;
    ``None``: random everywhere); returns the finished games. With ``trace=True``, returns
    ``(games, trace)``: the :class:`Trace` of what the design lab records (the same games:
    tracing draws nothing from ``rng``)."""
    deck = DeckArrays(game.deck)
    n = game.num_players
    greedy = greedy_seats(bots, n, BATCH_BOTS)
    g = new_games(game, count, rng)
    steps = advance_steps(game)
    options = game.options
    random_ties = options.schedule_tiebreak == "random"
    noted = Trace(game, count) if trace else None
    for t in range(KIDS):  # Pick phase: 24 takes
        if noted is not None:
            noted.before_take(g)
        if greedy[t % n]:
            greedy_take(g, rng, deck, steps, t % n, random_ties)
        else:
            random_take(g, rng, deck, steps, t % n)
        if noted is not None:
            noted.after_take(g, deck, t % n, len(steps) + 1)
    end_pick(g, rng if options.schedule_tiebreak == "random" else None)
    firsts = first_seats(g, game, deck)
    if noted is not None:
        noted.play_phase(g, deck, firsts)
    groups = [(f, np.flatnonzero(firsts == f)) for f in (0, 1)]
    groups = [(f, rows) for f, rows in groups if len(rows)]
    if len(groups) == 1:  # every game starts with the same seat: the whole batch together
        _play_phase(g, rng, game, deck, greedy, groups[0][0], noted)
    else:  # the games of each first seat as a batch of their own, then back in their rows
        for f, rows in groups:
            part = _part(g, rows)
            part_trace = Trace(game, len(rows)) if noted is not None else None
            _play_phase(part, rng, game, deck, greedy, f, part_trace)
            _put_back(g, rows, part)
            if noted is not None:
                noted.take_in(part_trace, rows)
    return (g, noted) if trace else g


def _play_phase(g: Games, rng, game, deck: DeckArrays, greedy, first: int, noted) -> None:
    """The 24 turns of the Play phase in games ``g``, seat ``first`` taking the first."""
    n = game.num_players
    phase = PlayPhase(g, deck) if greedy.any() else None
    for t in range(KIDS):
        seat = (first + t) % n
        place_only = t == KIDS - 1 and not game.options.last_placement_action
        if noted is not None:
            noted.last = t == KIDS - 1
        if greedy[seat]:
            greedy_turn(g, rng, game, deck, seat, phase, place_only, noted)
        else:
            random_turn(g, rng, game, deck, seat, place_only, noted)
        if noted is not None:
            noted.turn_over(g, deck)


#: The Event Actions in the order of :class:`Trace`'s counts.
ACTION_KINDS = ("lift", "switch", "swap", "move", "force", "pick")


class Trace:
    """What the design lab records of batch games (:func:`play` with ``trace=True``),
    noted as the games go from the arrays only (nothing is drawn for it).

    ``legal``: one ``(games, counts)`` pair of arrays per decision step (the games that
    decided there and how many legal actions the mover had), each game's in its order of
    play (games of different first seats in the Play phase are noted one group after the
    other);
    ``offers`` (games, Kids): the take decisions at which each Kid was face up;
    ``actions`` (games,) counts of each kind of action by the engine's class names;
    ``standings``: each team's points on the board (games, teams) when the Pick phase
    ends and after each turn of the Play phase; and the games' rule events
    (``GymGame.rule_events``) in ``rule_use``.
    """

    def __init__(self, game, count: int):
        self.game, self.count = game, count
        self.every = np.arange(count)
        self.legal: list = []
        self.offers = np.zeros((count, KIDS), dtype=np.int32)
        kinds = ("Take", "Advance", "Skip", "Place", "Lift", "Switch", "Swap", "Move", "Force", "PickFrom", "GiveBack",
                 "Coach")
        self.actions = {kind: np.zeros(count, dtype=np.int32) for kind in kinds}
        self.rule_use = {event: np.zeros(count, dtype=np.int32) for event in game.rule_events}
        self.standings: list = []
        self._turns_from = 0
        self.last = False
        self._row = None

    def _decided(self, rows, counts) -> None:
        self.legal.append((rows, np.asarray(counts, dtype=np.int64)))

    def before_take(self, g: Games) -> None:
        self._row = g.loc == ROW
        self._levels = g.levels.sum(axis=1)
        self._decided(self.every, self._row.sum(axis=1))
        self.offers += self._row

    def after_take(self, g: Games, deck: DeckArrays, seat: int, advances: int) -> None:
        """The take is made (and its advance, after a Brat)."""
        self.actions["Take"] += 1
        taken = (self._row & (g.loc == HAND + seat)).argmax(axis=1)
        rows = np.flatnonzero(deck.brat[taken])
        self._decided(rows, np.full(len(rows), advances))
        advanced = g.levels.sum(axis=1) > self._levels
        self.actions["Advance"] += advanced
        self.actions["Skip"][rows] += ~advanced[rows]
        self.rule_use["schedule advance after a Brat"] += advanced

    def play_phase(self, g: Games, deck: DeckArrays, firsts) -> None:
        """The Pick phase is over: the events in play are set; ``firsts`` (games,): the
        first seat of the Play phase in each game."""
        ranked = -np.sort(-g.levels, axis=1)
        self.rule_use["schedule tie at the cut"] += ranked[:, EVENTS_IN_PLAY - 1] == ranked[:, EVENTS_IN_PLAY]
        self.rule_use["team B starts the play phase"] += np.asarray(firsts) % 2 == 1
        self.standings.append(np.zeros((self.count, 2), dtype=np.int64))
        self._turns_from = len(self.standings)  # where the standings after each turn go

    def take_in(self, part: "Trace", rows) -> None:
        """Add what ``part`` noted of the games ``rows`` (played as a batch of their own
        from the Play phase on) to these games' trace."""
        self.legal += [(rows[where], counts) for where, counts in part.legal]
        for mine, theirs in ((self.actions, part.actions), (self.rule_use, part.rule_use)):
            for key, counts in theirs.items():
                mine[key][rows] += counts
        self.offers[rows] += part.offers
        for i, points in enumerate(part.standings):
            if self._turns_from + i == len(self.standings):
                self.standings.append(np.zeros((self.count, 2), dtype=np.int64))
            self.standings[self._turns_from + i][rows] = points

    def place(self, g: Games, game, seat: int, counts, coached) -> None:
        """Before ``seat`` places a Kid."""
        kids, spots = place_options(g, game, seat, counts, coached)
        self._decided(self.every, kids.sum(axis=1) * spots.sum(axis=1))
        self.actions["Place"] += 1
        team = seat % 2
        side = g.coach_at.astype(np.int64)
        open_spot = (side >= 0) & (side % 2 == team) & (_at(counts, np.maximum(side, 0)) < SPOTS)
        self.rule_use["Coach beside an open spot"] += open_spot.any(axis=1)

    def action(self, g: Games, game, deck: DeckArrays, seat: int, counts, coached, taken: bool = True) -> None:
        """Before ``seat``'s Event Action (``taken`` False: the last placement, whose game
        ends without it)."""
        options = action_options(g, game, deck, seat, counts, coached).sum(axis=1) + 1
        if self.last:
            self.rule_use["action open on the last placement"] += options > 1
        if taken:
            self._decided(self.every, options)
            self._hand = counts[:, HAND + seat]

    def acted(self, kinds) -> None:
        """The Event Action chosen in each game: an index of :data:`ACTION_KINDS`, -1 to skip."""
        for code, name in enumerate(("Lift", "Switch", "Swap", "Move", "Force", "PickFrom")):
            self.actions[name] += kinds == code
        self.actions["Skip"] += kinds < 0
        picked = np.flatnonzero(kinds == ACTION_KINDS.index("pick"))
        self._decided(picked, self._hand[picked] + 1)  # the give-back: the hand with the Kid picked
        self.actions["GiveBack"][picked] += 1

    def before_coach(self, g: Games, rows) -> None:
        self._decided(rows, coach_count(g)[rows])
        self._coaches = g.coach_at[rows]

    def after_coach(self, g: Games, rows) -> None:
        placed = (g.coach_at[rows] != self._coaches).any(axis=1)  # put out, or moved to another side
        self.actions["Coach"][rows] += placed
        self.actions["Skip"][rows] += ~placed

    def turn_over(self, g: Games, deck: DeckArrays) -> None:
        self.standings.append(_points(g.loc, deck).sum(axis=1))


def random_take(g: Games, rng, deck: DeckArrays, steps, seat: int) -> None:
    """``seat`` takes a face-up Kid; after a Brat, one of the advance options or skip."""
    kid = _weighted(rng, g.loc == ROW)
    take(g, np.arange(len(g)), kid, seat)
    rows = np.flatnonzero(deck.brat[kid])
    choice = _uniform(rng, np.full(len(rows), len(steps) + 1))
    chosen = choice < len(steps)
    advance(g, rows[chosen], steps[choice[chosen]])
    reveal(g)


def random_turn(g: Games, rng, game, deck: DeckArrays, seat: int, place_only: bool = False,
                trace: Trace | None = None) -> None:
    """One turn of ``seat``: place, action (and give-back), Coach after a Brat, end
    (``place_only``: the last placement with ``last_placement_action=False``; ``trace``:
    a :class:`Trace` to note the decisions in)."""
    coached = coached_sides(g)
    counts = place_counts(g)
    if trace is not None:
        trace.place(g, game, seat, counts, coached)
    random_place(g, rng, game, seat, counts, coached)
    counts = place_counts(g)
    if trace is not None:
        trace.action(g, game, deck, seat, counts, coached, taken=not place_only)
    if place_only:
        end_turn(g, seat)
        return
    kinds = random_action(g, rng, game, deck, seat, counts, coached)
    if trace is not None:
        trace.acted(kinds)
    rows = np.flatnonzero(deck.brat[g.placed])
    if len(rows):
        if trace is not None:
            trace.before_coach(g, rows)
        random_coach(g, rows, rng)
        if trace is not None:
            trace.after_coach(g, rows)
    end_turn(g, seat)


def random_place(g: Games, rng, game, seat: int, counts, coached) -> None:
    """The ``place`` decision: a Kid and an allowed empty position, each uniformly."""
    kids, spots = place_options(g, game, seat, counts, coached)
    place(g, np.arange(len(g)), _weighted(rng, kids), _weighted(rng, spots), seat % 2)


def random_action(g: Games, rng, game, deck: DeckArrays, seat: int, counts, coached) -> np.ndarray:
    """The ``action`` decision: an event's action with probability proportional to its
    number of options (``skip action`` counts one), then one of those options uniformly;
    a Pick is followed by its give-back. Returns the Event Action taken in each game (an
    index of :data:`ACTION_KINDS`; -1: skipped)."""
    options = action_options(g, game, deck, seat, counts, coached)
    chosen = _weighted(rng, np.concatenate([options, np.ones((len(g), 1), dtype=np.int64)], axis=1))
    for event, action in enumerate(deck.actions):
        rows = np.flatnonzero(chosen == event)
        if len(rows):
            _ACTIONS[action](g, rows, rng, game, seat, counts[rows], coached[rows])
    kind_of_event = np.array([ACTION_KINDS.index(action) for action in deck.actions] + [-1])
    return kind_of_event[chosen]


def _kid_sides(g, rows, coached):
    """For the games in ``rows``: each Kid's place code, whether it is placed, and whether
    it is placed on a side without a Coach."""
    loc = g.loc[rows].astype(np.int64)
    on = loc < SIDES
    free = on & ~_at(coached, loc)
    return loc, on, free


def _random_lift(g, rows, rng, game, seat, counts, coached):
    loc, _, free = _kid_sides(g, rows, coached)
    kid = _weighted(rng, free)
    put = _weighted(rng, loc == HAND + seat)
    lift(g, rows, kid, put, seat)


def _random_switch(g, rows, rng, game, seat, counts, coached):
    # An ordered pair uniformly (the first Kid weighted by its partners), which is an
    # unordered pair uniformly.
    loc, on, free = _kid_sides(g, rows, coached)
    team = loc % 2
    here = _at(counts, loc)  # Kids on the Kid's side
    free_kids = (counts[:, :SIDES] * ~coached).reshape(-1, EVENTS, 2).sum(axis=1)  # (rows, teams)
    partners = np.where(free, _at(free_kids, team) - 1, here - 1) * on
    a = _weighted(rng, partners)
    pick = np.arange(len(rows))
    side_a, free_a = loc[pick, a][:, None], free[pick, a][:, None]
    mates = on & ((loc == side_a) | (free_a & free & (team == side_a % 2)))
    mates[pick, a] = False
    exchange(g, rows, a, _weighted(rng, mates))


def _random_swap(g, rows, rng, game, seat, counts, coached):
    loc, _, free = _kid_sides(g, rows, coached)
    team = loc % 2
    a = _weighted(rng, free & (team == 0))
    b = _weighted(rng, free & (team == 1))
    exchange(g, rows, a, b)


def _random_move(g, rows, rng, game, seat, counts, coached):
    loc, on, free = _kid_sides(g, rows, coached)
    live = g.in_play[rows]
    empty = np.where(np.repeat(live, 2, axis=1), SPOTS - counts[:, :SIDES], 0)  # (rows, sides)
    empty_free = (empty * ~coached).reshape(-1, EVENTS, 2).sum(axis=1)  # (rows, teams)
    targets = np.where(free, _at(empty_free, loc % 2), _at(empty, loc)) * on
    kid = _weighted(rng, targets)
    pick = np.arange(len(rows))
    side, kid_free = loc[pick, kid], free[pick, kid]
    team = side % 2
    own = empty.reshape(-1, EVENTS, 2)[pick, :, team]  # (rows, events) on the Kid's side
    side_free = ~coached.reshape(-1, EVENTS, 2)[pick, :, team]
    allowed = (np.arange(EVENTS)[None, :] == (side // 2)[:, None]) | (kid_free[:, None] & side_free)
    move(g, rows, kid, _weighted(rng, own * allowed))


def _opponents(game, seat):
    return np.array([s for s in range(game.num_players) if s % 2 != seat % 2])


def _random_force(g, rows, rng, game, seat, counts, coached):
    opponents = _opponents(game, seat)
    can = (counts[:, HAND + opponents] > 0) & ~g.exempt[rows][:, opponents]
    victim = opponents[_weighted(rng, can)]
    kid = _weighted(rng, g.loc[rows] == (HAND + victim)[:, None])
    force(g, rows, victim, kid)


def _random_pick(g, rows, rng, game, seat, counts, coached):
    opponents = _opponents(game, seat)
    victim = opponents[_weighted(rng, counts[:, HAND + opponents] > 0)]
    hand_over(g, rows, _weighted(rng, g.loc[rows] == (HAND + victim)[:, None]), seat)
    # The give-back: any Kid of the picker's hand, the one just taken included.
    hand_over(g, rows, _weighted(rng, g.loc[rows] == HAND + seat), victim)


_ACTIONS = {
    "lift": _random_lift,
    "switch": _random_switch,
    "swap": _random_swap,
    "move": _random_move,
    "force": _random_force,
    "pick": _random_pick,
}


def random_coach(g: Games, rows, rng) -> None:
    """The ``coach`` decision in the games ``rows``: one of ``2 * free sides + 1`` options
    uniformly (either Coach card to a side in play without a Coach, or skip)."""
    free = coach_count(g)[rows] // 2  # sides in play without a Coach
    choice = _uniform(rng, 2 * free + 1)
    go = choice < 2 * free
    rows, choice, free = rows[go], choice[go], free[go]
    cards = _weighted_nth(~g.in_play[rows], choice // free)
    live = np.repeat(g.in_play[rows], 2, axis=1) & ~coached_sides(g)[rows]
    coach(g, rows, cards, _weighted_nth(live, choice % free))


def _weighted_nth(mask, nth) -> np.ndarray:
    """Per row, the index of the ``nth`` True of ``mask`` (counting from 0)."""
    return (np.cumsum(mask, axis=1) <= nth[:, None]).sum(axis=1)


# ----------------------------------------------------------------------------------------
# Greedy play: the scores of bots.GreedyGymBot for every legal action at once
# ----------------------------------------------------------------------------------------

#: Scores within this of the best are ties, as in ``GreedyGymBot.act``.
TIE = 1e-9


def _tied(score, allowed) -> np.ndarray:
    """(rows, k) bool: the allowed options whose score is the row's best (within TIE)."""
    return allowed & _at_least(score, _best_of(score, allowed) - TIE)


def greedy_take(g: Games, rng, deck: DeckArrays, steps, seat: int, random_ties: bool = False) -> None:
    """``seat`` takes the face-up Kid worth most at the events leading now (the others at
    ``OUTSIDE_WEIGHT``), a Brat ``BRAT_STEERING`` more; after a Brat, the best advance.
    With ``random_ties`` (``schedule_tiebreak="random"``) an event tied at the cut counts
    with its chance of going in play, as ``GreedyGymBot._score_take``."""
    if random_ties:
        weights = OUTSIDE_WEIGHT + (1 - OUTSIDE_WEIGHT) * in_play_shares(g.levels)
    else:
        weights = np.where(leading(g.levels, g.colpos), 1.0, OUTSIDE_WEIGHT)
    # einsum, not a matrix product: BLAS threads cost more than they give on arrays this thin
    worth = np.einsum("ge,ke->gk", weights, deck.value.astype(float)) + np.where(deck.brat, BRAT_STEERING, 0.0)
    kid = _weighted(rng, _tied(worth, g.loc == ROW))
    take(g, np.arange(len(g)), kid, seat)
    rows = np.flatnonzero(deck.brat[kid])
    if len(rows):
        greedy_advance(g, rows, rng, deck, steps, seat, random_ties)
    reveal(g)


def greedy_advance(g: Games, rows, rng, deck: DeckArrays, steps, seat: int, random_ties: bool = False) -> None:
    """The ``advance`` decision in games ``rows``: the option (``skip advance`` included)
    whose events in play are best for the team's Kids in hand and worst for the other
    team's, with a small bonus for levels, as ``GreedyGymBot._score_advance`` (with
    ``random_ties``, each event tied at the cut counted with its chance). In the Pick
    phase every player has seen every Kid go into its hand."""
    loc = g.loc[rows].astype(np.int64)
    in_hand = (loc >= HAND) & (loc < HAND + 6)
    sign = np.where(in_hand, np.where((loc - HAND) % 2 == seat % 2, 1, -1), 0)
    pref = np.einsum("gk,ke->ge", sign, deck.value)  # (rows, events)
    options = np.concatenate([steps, np.zeros((1, EVENTS), dtype=np.int64)])  # skip last
    levels = g.levels[rows]
    # Event by event, options by games: the key of each event after each option.
    base = (levels * 8 + (7 - g.colpos[rows].astype(np.int64))).T.astype(np.int32)
    keys = [base[e][None, :] + 8 * options[:, e, None].astype(np.int32) for e in range(EVENTS)]
    if random_ties:
        after = levels[None, :, :] + options[:, None, :]  # (options, rows, events)
        in_play = (in_play_shares(after) * pref[None, :, :]).sum(axis=2).T  # (rows, options)
    else:
        cut = _last_left_out(keys)
        in_play = sum(np.where(keys[e] > cut, pref[:, e][None, :], 0) for e in range(EVENTS)).T  # (rows, options)
    level_sum = (levels * pref).sum(axis=1)[:, None] + np.einsum("ge,oe->go", pref, options)  # sum of after * pref
    score = in_play + 0.05 * level_sum
    choice = _weighted(rng, _tied(score, np.ones_like(score, dtype=bool)))
    go = choice < len(steps)
    advance(g, rows[go], steps[choice[go]])


def _bests(g: Games, deck: DeckArrays) -> np.ndarray:
    """(games, Kids): each Kid's best points at the events in play."""
    return (deck.value[None, :, :] * g.in_play[:, None, :]).max(axis=2)


class PlayPhase:
    """What stays the same through the Play phase of games ``g`` (the events in play are
    fixed): ``bests`` (games, Kids), each Kid's best points at the events in play;
    ``events`` (games, 4), the events in play in deck order; and ``place`` (games, Kids,
    4), twice the greedy bot's score for placing each Kid at each of them (whole numbers:
    the value there less half the Kid's best)."""

    def __init__(self, g: Games, deck: DeckArrays):
        self.bests = _bests(g, deck)
        self.events = np.argsort(~g.in_play, axis=1, kind="stable")[:, :EVENTS_IN_PLAY]
        value = deck.value[np.arange(KIDS)[None, :, None], self.events[:, None, :]]
        self.place = (2 * value - self.bests[:, :, None]).astype(np.int16)


def greedy_turn(g: Games, rng, game, deck: DeckArrays, seat: int, phase: PlayPhase | None = None,
                place_only: bool = False, trace: Trace | None = None) -> None:
    """One greedy turn of ``seat``: place, action (and give-back), Coach after a Brat, end.
    ``phase``: the games' :class:`PlayPhase` (made here if not given); ``place_only``: the
    last placement with ``last_placement_action=False``; ``trace``: a :class:`Trace` to
    note the decisions in."""
    coached = coached_sides(g)
    phase = PlayPhase(g, deck) if phase is None else phase
    counts = place_counts(g)
    if trace is not None:
        trace.place(g, game, seat, counts, coached)
    greedy_place(g, rng, game, deck, seat, counts, coached, phase)
    counts = place_counts(g)
    if trace is not None:
        trace.action(g, game, deck, seat, counts, coached, taken=not place_only)
    if place_only:
        end_turn(g, seat)
        return
    kinds = greedy_action(g, rng, game, deck, seat, counts, coached, phase.bests)
    if trace is not None:
        trace.acted(kinds)
    rows = np.flatnonzero(deck.brat[g.placed])
    if len(rows):
        if trace is not None:
            trace.before_coach(g, rows)
        greedy_coach(g, rows, rng, deck, seat)
        if trace is not None:
            trace.after_coach(g, rows)
    end_turn(g, seat)


def greedy_place(g: Games, rng, game, deck: DeckArrays, seat: int, counts, coached, phase: PlayPhase) -> None:
    """The ``place`` decision: the Kid and event where the Kid scores most, less half its
    best score (``GreedyGymBot._score_place``); each tied event counts once per empty
    position."""
    kids, spots = place_options(g, game, seat, counts, coached)
    width = max(int(kids.sum(axis=1).max(initial=0)), 1)
    kid = np.argsort(~kids, axis=1, kind="stable")[:, :width]  # the Kids that may be placed, packed
    valid = np.take_along_axis(kids, kid, axis=1)
    room = np.take_along_axis(spots, phase.events, axis=1)  # (games, 4): empty positions allowed
    score = np.take_along_axis(phase.place, kid[:, :, None], axis=1)  # (games, width, 4)
    allowed = valid[:, :, None] & (room[:, None, :] > 0)
    tied = _tied(score.reshape(len(g), -1), allowed.reshape(len(g), -1))
    weights = np.where(tied, np.broadcast_to(room[:, None, :], allowed.shape).reshape(len(g), -1), 0)
    choice = _weighted(rng, weights)
    every = np.arange(len(g))
    place(g, every, kid[every, choice // EVENTS_IN_PLAY], phase.events[every, choice % EVENTS_IN_PLAY], seat % 2)


def _placed(g: Games, rows, coached):
    """The placed Kids of games ``rows``, packed to the left: ``(kid, event, team, free,
    valid)``, each (rows, width); ``free`` when their side has no Coach."""
    loc = g.loc[rows]
    on = loc < SIDES
    width = max(int(on.sum(axis=1).max(initial=0)), 1)
    kid = np.argsort(~on, axis=1, kind="stable")[:, :width]
    valid = np.take_along_axis(on, kid, axis=1)
    side = np.where(valid, np.take_along_axis(loc, kid, axis=1), 0).astype(np.int64)
    free = valid & ~_at(coached[rows], side)
    return kid, side // 2, side % 2, free, valid


def _in_hand(g: Games, rows, seat: int):
    """The Kids in ``seat``'s hand in games ``rows``, packed: ``(kid, valid)``."""
    held = g.loc[rows] == HAND + seat
    width = max(int(held.sum(axis=1).max(initial=0)), 1)
    kid = np.argsort(~held, axis=1, kind="stable")[:, :width]
    return kid, np.take_along_axis(held, kid, axis=1)


def greedy_action(g: Games, rng, game, deck: DeckArrays, seat: int, counts, coached, bests) -> np.ndarray:
    """The ``action`` decision: every open Event Action's options scored as
    ``GreedyGymBot._score_action`` scores them (the change in the team's lead on the
    board, a lifted Kid's later worth in hand, fixed worths for Force and Pick, 0 for
    ``skip action``), one of the best uniformly; a Pick is followed by the greedy give-back.
    Returns the Event Action taken in each game (an index of :data:`ACTION_KINDS`; -1:
    skipped)."""
    count = len(g)
    opened = open_events(g, deck)
    kinds = {deck.actions[e]: opened[:, e] for e in range(EVENTS)}
    moving = [k for k in ("lift", "switch", "swap", "move") if kinds[k].any()]
    board = None
    if moving:
        exchanging = kinds["switch"] | kinds["swap"]
        board = _Board(g, np.flatnonzero(np.any([kinds[k] for k in moving], axis=0)), exchanging, coached, deck,
                       seat % 2, bests)
    options = []  # (kind, rows, score, weights): the flattened options of one kind in some games
    for kind in moving:
        rows = np.flatnonzero(kinds[kind])
        options.append((kind, rows) + getattr(board, kind)(g, rows, seat, counts))
    opponents = _opponents(game, seat)
    hands = counts[:, HAND + opponents]
    for kind, worth, can in (
        ("force", FORCE_WORTH, (hands > 0) & ~g.exempt[:, opponents]),
        ("pick", PICK_WORTH, hands > 0),
    ):
        rows = np.flatnonzero(kinds[kind])
        if len(rows):
            options.append((kind, rows, np.full(can[rows].shape, worth), can[rows]))
    best = np.zeros(count)  # skip action scores 0
    for _, rows, score, weights in options:
        best[rows] = np.maximum(best[rows], _best_of(score, weights))
    totals = np.zeros((count, len(options) + 1), dtype=np.int64)
    tied_weights = []
    for i, (_, rows, score, weights) in enumerate(options):
        tied = _at_least(score, best[rows] - TIE) & (weights > 0)
        tied = tied if weights.dtype == bool else np.where(tied, weights, 0)
        tied_weights.append(tied)
        totals[rows, i] = tied.sum(axis=1)
    totals[:, -1] = best <= TIE  # skip action is among the best
    chosen = _weighted(rng, totals)
    for i, (kind, rows, score, weights) in enumerate(options):
        mine_rows = chosen[rows] == i
        if not mine_rows.any():
            continue
        option = _weighted(rng, tied_weights[i][mine_rows])
        _GREEDY_DO[kind](g, rows[mine_rows], option, rng, game, seat, board, deck, bests)
    kind_of_option = np.array([ACTION_KINDS.index(kind) for kind, *_ in options] + [-1])
    return kind_of_option[chosen]


def _best_of(score, allowed) -> np.ndarray:
    """(rows,) float: the best allowed score of each row (-inf if none)."""
    if score.dtype.kind == "f":
        return np.where(allowed, score, -np.inf).max(axis=1)
    low = np.iinfo(score.dtype).min
    top = np.where(allowed, score, low).max(axis=1)
    return np.where(top == low, -np.inf, top)


def _at_least(score, low) -> np.ndarray:
    """(rows, k) bool: ``score >= low`` (``low`` per row); whole-number scores compare as
    whole numbers, without a float copy of the array."""
    if score.dtype.kind == "f":
        return score >= low[:, None]
    info = np.iinfo(score.dtype)
    return score >= np.clip(np.ceil(low), info.min, info.max).astype(score.dtype)[:, None]


class _Board:
    """The placed Kids of the games where a board-moving Event Action is open, packed, and
    what each Kid scores where: the pieces of ``GreedyGymBot._score_action``. Scores are
    whole numbers (small integers) except a Lift's, which counts a share of hand worth."""

    def __init__(self, g: Games, rows, exchanging, coached, deck: DeckArrays, mine: int, bests):
        self.where = np.full(len(g), -1, dtype=np.int64)
        self.where[rows] = np.arange(len(rows))
        self.kid, self.event, self.team, self.free, self.valid = _placed(g, rows, coached)
        self.deck, self.bests, self.coached = deck, bests, coached
        # A Kid's worth for the mover's team at a place: the signed table at offset + event.
        self.table = deck.signed
        self.offset = np.where(self.team == mine, 0, KIDS * EVENTS)
        self.kid_at = self.kid * EVENTS
        self.side = self.offset + self.event
        self.own = self.table[self.kid_at + self.side]  # each Kid where it is
        # Exchanging Kids i and j (Switch or Swap): the change in the lead.
        ex_rows = np.flatnonzero(exchanging[rows])
        self.ex_where = np.full(len(rows), -1, dtype=np.int64)
        self.ex_where[ex_rows] = np.arange(len(ex_rows))
        if len(ex_rows):
            at = self.table[self.side[ex_rows][:, :, None] + self.kid_at[ex_rows][:, None, :]]
            own = self.own[ex_rows]
            self.exchange = at + at.transpose(0, 2, 1) - own[:, :, None] - own[:, None, :]

    def lift(self, g, rows, seat, counts):
        b = self.where[rows]
        put, held = _in_hand(g, rows, seat)
        bests = self.bests[rows]
        worth = self.table[self.side[b][:, :, None] + (put * EVENTS)[:, None, :]] - self.own[b][:, :, None]
        later = HAND_SHARE * (np.take_along_axis(bests, self.kid[b], axis=1)[:, :, None]
                              - np.take_along_axis(bests, put, axis=1)[:, None, :])
        allowed = self.free[b][:, :, None] & held[:, None, :]
        self.put = np.full((len(g), put.shape[1]), -1, dtype=np.int64)  # the Kids to put, by game
        self.put[rows] = put
        return (worth + later).reshape(len(rows), -1), allowed.reshape(len(rows), -1)

    def switch(self, g, rows, seat, counts):
        b = self.where[rows]
        team, event, free, valid = self.team[b], self.event[b], self.free[b], self.valid[b]
        width = team.shape[1]
        upper = np.triu(np.ones((width, width), dtype=bool), 1)[None]
        same_side = (team[:, :, None] == team[:, None, :]) & valid[:, :, None] & valid[:, None, :]
        reach = (event[:, :, None] == event[:, None, :]) | (free[:, :, None] & free[:, None, :])
        allowed = upper & same_side & reach
        return self.exchange[self.ex_where[b]].reshape(len(rows), -1), allowed.reshape(len(rows), -1)

    def swap(self, g, rows, seat, counts):
        b = self.where[rows]
        team, free = self.team[b], self.free[b]
        allowed = (free & (team == 0))[:, :, None] & (free & (team == 1))[:, None, :]
        return self.exchange[self.ex_where[b]].reshape(len(rows), -1), allowed.reshape(len(rows), -1)

    def move(self, g, rows, seat, counts):
        b = self.where[rows]
        event, team, free = self.event[b], self.team[b], self.free[b]
        live = g.in_play[rows]
        empty = np.where(np.repeat(live, 2, axis=1), SPOTS - counts[rows, :SIDES], 0).reshape(-1, EVENTS, 2)
        side_free = ~self.coached[rows].reshape(-1, EVENTS, 2)
        pick = np.arange(len(rows))[:, None]
        targets = np.transpose(empty, (0, 2, 1))[pick, team]  # (rows, width, events) on the Kid's side
        open_side = np.transpose(side_free, (0, 2, 1))[pick, team]
        here = np.arange(EVENTS)[None, None, :] == event[:, :, None]
        allowed = self.valid[b][:, :, None] & (here | (free[:, :, None] & open_side))
        weights = np.where(allowed, targets, 0).astype(np.int16)
        worth = self.table[(self.kid_at[b] + self.offset[b])[:, :, None] + np.arange(EVENTS)[None, None, :]]
        score = worth - self.own[b][:, :, None]
        return score.reshape(len(rows), -1), weights.reshape(len(rows), -1)


def _do_lift(g, rows, option, rng, game, seat, board, deck, bests):
    b = board.where[rows]
    width = board.put.shape[1]
    lift(g, rows, board.kid[b, option // width], board.put[rows, option % width], seat)


def _do_exchange(g, rows, option, rng, game, seat, board, deck, bests):
    b = board.where[rows]
    width = board.kid.shape[1]
    exchange(g, rows, board.kid[b, option // width], board.kid[b, option % width])


def _do_move(g, rows, option, rng, game, seat, board, deck, bests):
    b = board.where[rows]
    move(g, rows, board.kid[b, option // EVENTS], option % EVENTS)


def _do_force(g, rows, option, rng, game, seat, board, deck, bests):
    victim = _opponents(game, seat)[option]
    force(g, rows, victim, _weighted(rng, g.loc[rows] == (HAND + victim)[:, None]))


def _do_pick(g, rows, option, rng, game, seat, board, deck, bests):
    victim = _opponents(game, seat)[option]
    hand_over(g, rows, _weighted(rng, g.loc[rows] == (HAND + victim)[:, None]), seat)
    greedy_give_back(g, rows, rng, seat, victim, bests)


def greedy_give_back(g: Games, rows, rng, seat: int, victim, bests) -> None:
    """The give-back after a Pick in games ``rows``: the Kid of ``seat``'s hand worth least
    at the events in play (``GreedyGymBot._score_give_back``) goes to ``victim``."""
    held = g.loc[rows] == HAND + seat
    hand_over(g, rows, _weighted(rng, _tied(-bests[rows].astype(float), held)), victim)


_GREEDY_DO = {"lift": _do_lift, "switch": _do_exchange, "swap": _do_exchange, "move": _do_move,
              "force": _do_force, "pick": _do_pick}


def greedy_coach(g: Games, rows, rng, deck: DeckArrays, seat: int) -> None:
    """The ``coach`` decision in games ``rows``: a Coach beside the team's side that holds
    the most points, less what the Coach guards now (``GreedyGymBot._score_coach``); a
    side of the other team scores -1 and ``skip coach`` 0."""
    mine = seat % 2
    points = _points(g.loc[rows], deck)[:, :, mine].astype(float)  # (rows, events)
    coach_at = g.coach_at[rows].astype(np.int64)
    kept = np.where((coach_at >= 0) & (coach_at % 2 == mine), _at(points, np.maximum(coach_at, 0) // 2), 0.0)
    coached = coached_sides(g)[rows]
    live = np.repeat(g.in_play[rows], 2, axis=1) & ~coached  # (rows, sides)
    cards = ~g.in_play[rows]  # (rows, events): the Coach cards
    side_team = np.arange(SIDES) % 2
    side_points = np.where(side_team == mine, np.repeat(points, 2, axis=1), -1.0)  # (rows, sides)
    score = np.where(side_team[None, None, :] == mine, side_points[:, None, :] - kept[:, :, None], -1.0)
    allowed = cards[:, :, None] & live[:, None, :]
    flat_score = np.concatenate([score.reshape(len(rows), -1), np.zeros((len(rows), 1))], axis=1)
    flat_allowed = np.concatenate([allowed.reshape(len(rows), -1), np.ones((len(rows), 1), dtype=bool)], axis=1)
    choice = _weighted(rng, _tied(flat_score, flat_allowed))
    go = choice < EVENTS * SIDES
    coach(g, rows[go], choice[go] // SIDES, choice[go] % SIDES)


def _points(loc: np.ndarray, deck: DeckArrays) -> np.ndarray:
    """(games, events, teams): each team's points at each event for place codes ``loc``."""
    count = len(loc)
    loc = loc.astype(np.int64)
    on = loc < SIDES
    value = deck.value[np.arange(KIDS)[None, :], np.where(on, loc // 2, 0)]
    index = (np.arange(count, dtype=np.int64)[:, None] * SIDES + np.where(on, loc, 0))[on]
    points = np.bincount(index, weights=value[on], minlength=count * SIDES)
    return points.reshape(count, EVENTS, 2).astype(np.int64)


# ----------------------------------------------------------------------------------------
# Results
# ----------------------------------------------------------------------------------------


def score(g: Games, deck: DeckArrays) -> np.ndarray:
    """(games, events, teams): each team's points at each event (its Kids' values in the
    event's colour), as ``score_board``; 0 at events not in play."""
    return _points(g.loc, deck)


def batch_table(game, bots, games: int, rng: np.random.Generator, first: int, labels) -> pd.DataFrame:
    """The rows of :func:`gamedesign.simulate` for ``games`` games played at once with
    ``rng``, numbered from ``first`` (``simulate(..., batch=True)`` calls it per chunk)."""
    deck = DeckArrays(game.deck)
    played = play(game, bots, games, rng)
    return _table(played, score(played, deck), deck, first, labels, game.num_players)


def _table(g: Games, points: np.ndarray, deck: DeckArrays, first: int, labels, n: int) -> pd.DataFrame:
    count = len(g)
    team = np.tile(np.arange(n) % 2, count)  # per row
    game_of_row = np.repeat(np.arange(count), n)
    totals = points.sum(axis=1)  # (games, teams)
    own = totals[game_of_row, team]
    other = totals[game_of_row, 1 - team]
    winner = winning_team(totals[:, 0], totals[:, 1])
    data = {
        **seat_columns(first, count, labels),
        "score": own.astype(float),
    }
    in_play = g.in_play[game_of_row]
    for e, name in enumerate(deck.events):
        data[f"points_{name}"] = np.where(in_play[:, e], points[game_of_row, e, team], np.nan).astype(float)
    data["eliminated"] = np.zeros(count * n, dtype=bool)
    data["won"] = team == winner[game_of_row]
    data["draw"] = np.zeros(count * n, dtype=bool)
    data["team"] = np.array(TEAMS, dtype=object)[team]
    data["events_in_play"] = _events_in_play(g, deck)[game_of_row]
    data["margin"] = (own - other).astype(np.int64)
    data["decided_by_tie"] = (totals[:, 0] == totals[:, 1])[game_of_row]
    frame = pd.DataFrame(data)
    for column in ("team", "events_in_play"):
        frame[column] = frame[column].astype("str")
    return frame


def _events_in_play(g: Games, deck: DeckArrays) -> np.ndarray:
    """(games,) texts: the events in play in column order, joined by ', '."""
    order = np.argsort(np.where(g.in_play, g.colpos, EVENTS), axis=1)[:, :EVENTS_IN_PLAY]
    codes = order @ (EVENTS ** np.arange(EVENTS_IN_PLAY - 1, -1, -1))
    unique, inverse = np.unique(codes, return_inverse=True)
    texts = np.empty(len(unique), dtype=object)
    for i, code in enumerate(unique):
        texts[i] = ", ".join(deck.events[e] for e in order[np.flatnonzero(codes == code)[0]])
    return texts[inverse.reshape(-1)]
