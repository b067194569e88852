"""Each game's batch path asked about one engine position: the adapters of the batch contract.

The batch contract (``test_batch_contract.py``) walks engine games and asks, at every
decision, what the game's batch path (``gamedesign/games/<game>/batch.py``) would do there.
Each batch path holds its games in arrays of its own, so each game has an adapter here,
with the same methods:

* ``legal_count(state, seat)``: how many choices the batch path offers ``seat`` at the
  engine position ``state``, counted by its own array code on the position mapped into
  its arrays (to compare with ``len(state.legal_actions(seat))``);
* ``random_expected(state, seat)`` and ``random_outcomes(state, seat, samples, rng)``:
  the chances of each outcome when the engine's random bot decides there (a uniform choice
  among the legal actions), and how the batch path's random decision falls in ``samples``
  copies of the position, keyed alike (for Leg Day and The Diet Game the key is the
  engine's action; for GYM the arrays after the decision, as the engine's own draws for
  Force and Pick and a Brat's advance change them);
* ``joined(state, seat)``: True where the batch's random bot makes this decision together
  with the one before it (GYM's advance after a Brat, give-back after a Pick): that
  decision's expected outcomes already hold this one's uniform choice;
* ``greedy_expected(state, seat)`` and ``greedy_outcomes(state, seat, samples, rng)``:
  the same for the greedy bot (``make_bot("greedy", game)``): each of its tied best actions
  (:func:`greedy_ties`) equally likely, against the batch's greedy decision;
* ``kinds(state, seat)`` and ``wanted(game)``: what a decision is (a step, a day, an Event
  Action offered) and the kinds a walk of engine games must meet, so that no check passes
  for want of positions;
* ``rescored(game, bots, games, rng)``: pairs of (batch result, engine result) for the
  final position of each of ``games`` batch games, the engine's result computed from that
  position as the engine sees it.

The array plumbing of each game (engine state to arrays, engine actions applied to arrays,
the batch's decisions on copies of a position) lives here once; the per-game modules
(``test_legday_batch.py``, ``test_gym_batch.py``, ``test_diet_batch.py``) use it for what
the contract cannot say.
"""

from __future__ import annotations

import random
from collections import Counter
from contextlib import ExitStack
from unittest import mock

import numpy as np

from gamedesign.bots import make_bot

# ----------------------------------------------------------------------------------------
# Decks of the games' tests
# ----------------------------------------------------------------------------------------


def custom_deck() -> dict:
    """A GYM deck unlike the default: other names, event order, colour-action pairs and
    values, and 10 Brats."""
    events = [
        ("Sprint", "blue", "move"), ("Rope Climb", "red", "force"), ("Hoops", "purple", "lift"),
        ("Bars", "green", "pick"), ("Mats", "orange", "swap"), ("Relay", "yellow", "switch"),
    ]
    colours = ["red", "orange", "yellow", "green", "blue", "purple"]
    kids = []
    for i in range(14):
        a, b = colours[i % 6], colours[(i * 5 + 2) % 6]
        if a == b:
            b = colours[(i + 3) % 6]
        kids.append({"name": f"Runner{i}", "type": "friendly",
                     "skills": [{"colour": a, "value": 1 + i % 4}, {"colour": b, "value": 1 + (i * 3) % 5}]})
    for i in range(10):
        kids.append({"name": f"Imp{i}", "type": "brat", "skills": [{"colour": colours[(i * 7) % 6], "value": 1 + i % 3}]})
    return {"events": [{"name": n, "colour": c, "action": a} for n, c, a in events], "kids": kids}


#: A small Diet Game deck: one card type per use, few cards (5 hands of 4 outnumber it).
SMALL_DECK = {
    "hand_size": 4,
    "planning_discards": 2,
    "cards": [
        {"name": "Toast", "kind": "breakfast", "count": 2, "pounds": -1},
        {"name": "Waffles", "kind": "breakfast", "count": 1, "pounds": 1},
        {"name": "Salad", "kind": "lunch", "count": 2, "pounds": -2},
        {"name": "Pizza", "kind": "lunch", "count": 1, "pounds": 2},
        {"name": "Stew", "kind": "dinner", "count": 1, "pounds": 0},
        {"name": "Fruit", "kind": "snack", "count": 2, "pounds": -1},
        {"name": "Run", "kind": "exercise", "count": 2, "pounds": -2},
        {"name": "Cake", "kind": "cheat", "count": 2, "pounds": 1},
        {"name": "Willpower", "kind": "willpower", "count": 1},
        {"name": "Laziness", "kind": "laziness", "count": 1},
    ],
}

# ----------------------------------------------------------------------------------------
# The engine's bots at a position
# ----------------------------------------------------------------------------------------


class _Replay:
    """A stand-in for a bot's generator: ``randrange(k)`` records ``k`` and answers
    ``answer``, so every one of a bot's tied best actions can be asked for in turn."""

    def __init__(self, answer=0):
        self.answer, self.asked = answer, []

    def randrange(self, k):
        self.asked.append(k)
        return self.answer


def greedy_ties(bot, state, seat) -> list:
    """The greedy bot's tied best actions at ``state`` (it chooses one uniformly with one
    ``randrange``, or none when it has no choice)."""
    observation, legal = state.observe(seat), state.legal_actions(seat)
    bot.rng = _Replay()
    first = bot.act(observation, list(legal))
    if not bot.rng.asked:
        return [first]
    (ties,) = bot.rng.asked
    out = [first]
    for i in range(1, ties):
        bot.rng = _Replay(i)
        out.append(bot.act(observation, list(legal)))
    assert len(set(out)) == ties, (out, ties)
    return out


def uniform(outcomes) -> dict:
    """Each of ``outcomes`` (different ones) equally likely."""
    outcomes = list(outcomes)
    assert len(set(outcomes)) == len(outcomes), outcomes
    return {o: 1 / len(outcomes) for o in outcomes}


def greedy_bot(game, seat):
    """The engine's greedy bot for ``seat`` (its own choices are asked for by :func:`greedy_ties`)."""
    bot = make_bot("greedy", game)
    bot.reset(game, seat, 0)
    return bot


def _plain(value):
    """A numpy scalar as the Python value a table row of the engine holds."""
    return value.item() if isinstance(value, np.generic) else value


# ----------------------------------------------------------------------------------------
# Leg Day: the batch plays whole games in one function; a position is reached by replaying
# the engine game's deals and picks through it
# ----------------------------------------------------------------------------------------


class _Stop(Exception):
    """Raised in the middle of a batch Leg Day run once the decision asked about is made."""


def legday_counts(game, tableaus):
    """Engine tableaus (lists of ``(card, face up)``) as the batch's counts: ``(collections,
    face_up)``, each (1 game, players, card types)."""
    index = {c.name: i for i, c in enumerate(game.deck.cards)}
    types = len(game.deck.cards)
    collections = np.zeros((1, len(tableaus), types), dtype=np.int16)
    face_up = np.zeros_like(collections)
    for seat, tableau in enumerate(tableaus):
        for name, up in tableau:
            collections[0, seat, index[name]] += 1
            face_up[0, seat, index[name]] += up
    return collections, face_up


class _LegDayDraws:
    """A stand-in for the numpy generator ``legday.batch.play`` draws from: its first draw
    shuffles the deck into the engine game's deals, week by week; the draws of the days
    before ``forced`` runs out pick the engine game's cards; later days draw from ``rng``
    (0 without one: each hand's first card type)."""

    def __init__(self, game, keys, forced, rng):
        self.game, self.keys, self.forced, self.rng = game, keys, forced, rng
        self.calls = 0

    def random(self, size):
        _, width = size
        n = self.game.num_players
        if self.calls == 0:
            assert width == len(self.keys), f"the batch shuffles {width} cards, not the deck's {len(self.keys)}"
            out = np.broadcast_to(self.keys, size).copy()
        else:
            assert width == n, f"a day draws {width} numbers, not one per player ({n})"
            day = self.calls - 1
            if day < len(self.forced):
                out = np.broadcast_to(self.forced[day], size).copy()
            else:
                out = np.zeros(size) if self.rng is None else self.rng.random(size)
        self.calls += 1
        return out


class _GainsFrom:
    """``legday.batch._GreedyValues`` whose gains are all 0 (every card in hand tied, so the
    engine's picks can be replayed) before day ``made``, the real gains from then on."""

    def __init__(self, values, made):
        self.values, self.made = values, made

    def gains(self, collections, face_up, gym_day, made):
        if made < self.made:
            return np.zeros(collections.shape)
        return self.values.gains(collections, face_up, gym_day, made)


class LegDayAdapter:
    """Leg Day's batch path (``legday/batch.py``): every player picks one of the different
    card types in hand each day (``play`` holds hands and collections as counts per type).

    Its decisions are inside ``play``, so a position is reached by replaying the engine
    game through it (:meth:`_play`): the first draw deals the engine's hands of every week
    so far, each day's draw picks the engine's card for every player (greedy gains held at
    0 until then, so any card may be picked), and at the position's day the batch decides
    in many games at once; ``score_counts``, which ``play(..., trace=True)`` calls after
    each day, is watched for the cards picked. The collections just before that day must
    be the engine game's, face up and down, or the replay failed.
    """

    name = "legday"

    def __init__(self):
        self._runs = {}  # the runs made for the day of the last position asked about

    def kinds(self, state, seat) -> set:
        return {state.day_type(), f"week {state.week}"}

    def wanted(self, game) -> set:
        return {"Gym Day", "Home Day"} | {f"week {w}" for w in range(1, game.deck.weeks + 1)}

    def joined(self, state, seat) -> bool:
        return False

    def _history(self, state):
        """``(day, keys, forced)``: the day of ``state`` counted from 0, the first draw of
        :class:`_LegDayDraws` (deals of the engine game) and the draws of each earlier day
        (the engine's picks)."""
        game = state.game
        deck, n = game.deck, game.num_players
        index = {c.name: t for t, c in enumerate(deck.cards)}
        days = deck.days_per_week
        day = (state.week - 1) * days + state.day - 1
        held = [{(h["week"], h["day"]): h["cards"] for h in state.seen[p]} for p in range(n)]
        dealt = [card for week in range(1, state.week + 1) for p in range(n) for card in held[p][week, 1]]
        full = Counter(deck.full_deck())
        assert not Counter(dealt) - full, "the engine dealt cards the deck does not have"
        order = [index[c] for c in dealt] + sorted(index[c] for c in (full - Counter(dealt)).elements())
        # The batch lays the deck out by type (``np.repeat``) and sorts it by its first draw:
        # the key of each card is where it goes in ``order``.
        counts = [c.count for c in deck.cards]
        start = np.concatenate([[0], np.cumsum(counts)[:-1]])
        keys = np.empty(len(order))
        taken = Counter()
        for i, t in enumerate(order):
            keys[start[t] + taken[t]] = (i + 0.5) / len(order)
            taken[t] += 1
        forced = []
        for d in range(day):
            week, on = d // days + 1, d % days + 1
            draws = np.empty(n)
            for p in range(n):
                types = sorted({index[c] for c in held[p][week, on]})
                draws[p] = (types.index(index[state.tableaus[p][d][0]]) + 0.5) / len(types)
            forced.append(draws)
        return day, keys, forced

    def _play(self, state, bots, games, rng, stop):
        """Run ``legday.batch.play`` to the position of ``state``: ``(day, days, out)``, the
        position's day, the collections and face-up counts after each day played, and
        ``play``'s return (None when stopped after the position's day).

        Every player decides at once in the batch, each with draws of their own: the run
        made for one seat's decision answers for every seat deciding on that day (the
        engine's players who have picked already hold the same hands until the day ends),
        so the last run is kept for the next seat."""
        day = (id(state.game), state.seed, state.week, state.day, tuple(map(tuple, state.hands)))
        if self._runs.get("day") != day:
            self._runs = {"day": day}
        run = (tuple(bots), games, stop)
        if run not in self._runs:
            self._runs[run] = self._run(state, bots, games, rng, stop)
        return self._runs[run]

    def _run(self, state, bots, games, rng, stop):
        from gamedesign.games.legday import batch

        game = state.game
        day, keys, forced = self._history(state)
        days, real_values = [], batch._GreedyValues

        def watched(game, collections, face_up, collection_only=False):
            assert collection_only, "play's trace asks score_counts for collection points only"
            days.append((collections.copy(), face_up.copy()))
            if stop and len(days) > day:
                raise _Stop
            return {"collection_points": np.zeros(collections.shape[:2], dtype=np.int64)}  # the trace's, unread

        out = None
        with ExitStack() as patches:
            patches.enter_context(mock.patch.object(batch, "score_counts", watched))
            patches.enter_context(mock.patch.object(batch, "_GreedyValues",
                                                    lambda game: _GainsFrom(real_values(game), day)))
            try:
                out = batch.play(game, bots, games, _LegDayDraws(game, keys, forced, rng), trace=True)
            except _Stop:
                pass
        assert len(days) > day, f"the batch game ended after {len(days)} days, before day {day + 1}"
        collections, face_up = legday_counts(game, state.tableaus)
        if day:
            before = days[day - 1]
            assert (before[0] == collections).all() and (before[1] == face_up).all(), (
                "replayed through the batch path, the engine's deals and picks give other collections")
        return day, days, out

    def legal_count(self, state, seat) -> int:
        day, _, out = self._play(state, ["random"] * state.game.num_players, 1, None, stop=False)
        return int(out[2]["legal"][day][0, seat])

    def _picks(self, state, seat, bots, samples, rng) -> Counter:
        from gamedesign.games.legday.rules import Pick

        day, days, _ = self._play(state, bots, samples, rng, stop=True)
        before = days[day - 1][0] if day else np.zeros_like(days[day][0])
        added = (days[day][0] - before)[:, seat].astype(np.int64)
        assert (added.sum(axis=1) == 1).all() and (added >= 0).all(), "a day adds one card to each collection"
        names = [c.name for c in state.game.deck.cards]
        return Counter(Pick(names[t]) for t in added.argmax(axis=1))

    def random_expected(self, state, seat) -> dict:
        return uniform(state.legal_actions(seat))

    def random_outcomes(self, state, seat, samples, rng) -> Counter:
        return self._picks(state, seat, ["random"] * state.game.num_players, samples, rng)

    def greedy_expected(self, state, seat) -> dict:
        return uniform(greedy_ties(greedy_bot(state.game, seat), state, seat))

    def greedy_outcomes(self, state, seat, samples, rng) -> Counter:
        return self._picks(state, seat, ["greedy"] * state.game.num_players, samples, rng)

    def rescored(self, game, bots, games, rng):
        """Each batch game's final cards (counts per type, face up or down) as the engine's
        tableaus, scored by ``score_tableaus``."""
        from gamedesign.games.legday.batch import play, score_counts

        collections, face_up = play(game, bots, games, rng)
        scored = score_counts(game, collections, face_up)
        names = [c.name for c in game.deck.cards]
        for g in range(games):
            tableaus = [
                [(names[t], True) for t in range(len(names)) for _ in range(int(face_up[g, seat, t]))]
                + [(names[t], False) for t in range(len(names))
                   for _ in range(int(collections[g, seat, t] - face_up[g, seat, t]))]
                for seat in range(game.num_players)
            ]
            assert all(len(t) == game.total_days for t in tableaus)
            report = game.score_tableaus(tableaus)
            batch = (
                [None if np.isnan(p) else int(p) for p in scored["points"][g]],
                [int(s) for s in np.flatnonzero(scored["winners"][g])],
                scored["decided_by"][g],
                [int(p) for p in scored["collection_points"][g]],
            )
            yield batch, (list(report.points), list(report.winners), report.decided_by, list(report.collection_points))


# ----------------------------------------------------------------------------------------
# GYM: an engine state is one row of the batch's arrays (batch.from_state)
# ----------------------------------------------------------------------------------------


class _Draw:
    """A stand-in for the engine's generator that draws ``kid`` (Force and Pick)."""

    def __init__(self, kid):
        self.kid = kid

    def choice(self, options):
        assert self.kid in options
        return self.kid


class GymAdapter:
    """GYM's batch path (``gym/batch.py``): an engine state is one row of its arrays
    (``from_state``), its decision functions work on copies of that row, and the outcome
    of a decision is the row after it (:meth:`key_rows`)."""

    name = "gym"

    def kinds(self, state, seat) -> set:
        from gamedesign.games.gym.rules import ACTION_KIND

        return {state.step} | {ACTION_KIND[type(a)] for a in state.legal_actions(seat) if type(a) in ACTION_KIND}

    def wanted(self, game) -> set:
        return {"take", "advance", "place", "action", "coach", "lift", "switch", "swap", "move", "force", "pick"}

    def joined(self, state, seat) -> bool:
        return state.step in ("advance", "give_back")

    @staticmethod
    def names(game):
        """``(kid, event)``: each Kid's and each event's index in the arrays, by name."""
        deck = game.deck
        return {k.name: i for i, k in enumerate(deck.kids)}, {e.name: i for i, e in enumerate(deck.events)}

    def apply_to_arrays(self, g, game, seat, action, before: dict, state) -> None:
        """Apply the engine's ``action`` (already applied to ``state``) to the batch ``g``.

        ``before`` holds what the engine state showed before it: ``phase`` and ``victim``.
        Force and Pick draw their Kid with the engine's generator: the arrays get the same Kid.
        """
        from gamedesign.games.gym import (
            Advance, Coach, Force, GiveBack, Lift, Move, PickFrom, Place, Skip, Swap, Switch, Take, batch,
        )
        from gamedesign.games.gym.rules import TEAMS

        kid, event = self.names(game)
        rows = np.array([0])
        if isinstance(action, Take):
            batch.take(g, rows, kid[action.kid], seat)
        elif isinstance(action, Advance):
            steps = np.zeros((1, 6), dtype=np.int64)
            for e, s in action.steps.items():
                steps[0, event[e]] += s
            batch.advance(g, rows, steps)
        elif isinstance(action, Place):
            batch.place(g, rows, kid[action.kid], event[action.event], seat % 2)
        elif isinstance(action, Lift):
            batch.lift(g, rows, kid[action.kid], kid[action.put], seat)
        elif isinstance(action, (Switch, Swap)):
            batch.exchange(g, rows, kid[action.a], kid[action.b])
        elif isinstance(action, Move):
            batch.move(g, rows, kid[action.kid], event[action.event])
        elif isinstance(action, Force):
            batch.force(g, rows, action.seat, kid[state.forced[action.seat]])
        elif isinstance(action, PickFrom):
            batch.hand_over(g, rows, kid[state.taken], seat)
        elif isinstance(action, GiveBack):
            batch.hand_over(g, rows, kid[action.kid], before["victim"])
        elif isinstance(action, Coach):
            batch.coach(g, rows, event[action.coach], 2 * event[action.event] + TEAMS.index(action.side))
        else:
            assert isinstance(action, Skip)
        if before["phase"] == "pick" and state.step != "advance":
            batch.reveal(g)
        if before["phase"] == "pick" and state.phase == "play":
            batch.end_pick(g)
        if before["phase"] == "play" and state.placed is None:
            batch.end_turn(g, seat)

    @staticmethod
    def key_rows(g) -> list[bytes]:
        """Each game's row of the arrays a decision changes, as bytes."""
        parts = [g.loc.astype(np.int8), g.levels.astype(np.int8), g.coach_at.astype(np.int8), g.exempt.astype(np.int8)]
        rows = np.ascontiguousarray(np.concatenate(parts, axis=1))
        return [row.tobytes() for row in rows]

    @staticmethod
    def copy_games(g, count=1):
        """``count`` copies of each game of ``g``."""
        from gamedesign.games.gym import batch

        return batch.Games(*(np.repeat(getattr(g, f), count, axis=0) for f in batch.Games.__dataclass_fields__))

    def legal_count(self, state, seat) -> int:
        from gamedesign.games.gym import batch

        return int(batch.legal_count(batch.from_state(state), state.game, state.step, seat)[0])

    def random_expected(self, state, seat) -> dict:
        """The chance of each resulting row when the engine's random bot decides (the
        engine's own draws for Force and Pick, and a Brat's advance, included)."""
        from gamedesign.games.gym import (
            Advance, Coach, Force, Lift, Move, PickFrom, Place, Skip, Swap, Switch, Take, batch,
        )

        game, legal = state.game, state.legal_actions(seat)
        kid, event = self.names(game)
        out = Counter()
        base = batch.from_state(state)

        def add(g, p):
            out[self.key_rows(g)[0]] += p

        for action in legal:
            p = 1 / len(legal)
            g = self.copy_games(base)
            rows = np.array([0])
            if isinstance(action, Force):
                hand = state.hands[action.seat]
                for k in hand:
                    g = self.copy_games(base)
                    batch.force(g, rows, action.seat, kid[k])
                    add(g, p / len(hand))
            elif isinstance(action, PickFrom):
                victim_hand, own = state.hands[action.seat], state.hands[seat]
                for k in victim_hand:
                    for back in own + [k]:
                        g = self.copy_games(base)
                        batch.hand_over(g, rows, kid[k], seat)
                        batch.hand_over(g, rows, kid[back], action.seat)
                        add(g, p / len(victim_hand) / (len(own) + 1))
            elif isinstance(action, Take) and game.deck.kid(action.kid).is_brat:
                after = state.clone()
                after.apply(seat, action)
                advances = after.legal_actions(seat)
                for adv in advances:
                    g = self.copy_games(base)
                    self.apply_to_arrays(g, game, seat, action, {"phase": "decision"}, after)
                    if isinstance(adv, Advance):
                        steps = np.zeros((1, 6), dtype=np.int64)
                        for e, s in adv.steps.items():
                            steps[0, event[e]] += s
                        batch.advance(g, rows, steps)
                    batch.reveal(g)
                    add(g, p / len(advances))
            else:
                assert isinstance(action, (Take, Skip, Coach, Place, Lift, Switch, Swap, Move)), action
                # the arrays' effect of a deterministic action (end of turn left out)
                self.apply_to_arrays(g, game, seat, action, {"phase": "decision"}, state)
                if isinstance(action, Take):
                    batch.reveal(g)
                add(g, p)
        return dict(out)

    def random_outcomes(self, state, seat, samples, rng) -> Counter:
        from gamedesign.games.gym import batch

        game = state.game
        deck = batch.DeckArrays(game.deck)
        g = self.copy_games(batch.from_state(state), samples)
        step = state.step
        if step == "take":
            batch.random_take(g, rng, deck, batch.advance_steps(game), seat)
        elif step == "place":
            batch.random_place(g, rng, game, seat, batch.place_counts(g), batch.coached_sides(g))
        elif step == "action":
            batch.random_action(g, rng, game, deck, seat, batch.place_counts(g), batch.coached_sides(g))
        elif step == "coach":
            batch.random_coach(g, np.arange(samples), rng)
        else:
            raise AssertionError(f"the batch's random bot makes no {step!r} decision of its own")
        return Counter(self.key_rows(g))

    def greedy_expected(self, state, seat, bot=None) -> dict:
        """The chance of each resulting row when the greedy bot decides at ``state`` (its
        tied actions uniformly; the engine's draws for Force and Pick uniformly; a Brat's
        advance and a Pick's give-back by the greedy bot again)."""
        from gamedesign.games.gym import Force, PickFrom, batch

        bot = greedy_bot(state.game, seat) if bot is None else bot
        out = Counter()
        ties = greedy_ties(bot, state, seat)
        for action in ties:
            p = 1 / len(ties)
            if isinstance(action, (Force, PickFrom)):
                hand = list(state.hands[action.seat])
                for kid in hand:
                    after = state.clone()
                    after.rng = _Draw(kid)
                    after.apply(seat, action)
                    after.rng = random.Random(0)
                    if isinstance(action, Force):
                        out[self.key_rows(batch.from_state(after))[0]] += p / len(hand)
                        continue
                    backs = greedy_ties(bot, after, seat)
                    for back in backs:
                        done = after.clone()
                        done.apply(seat, back)
                        out[self.key_rows(batch.from_state(done))[0]] += p / len(hand) / len(backs)
                continue
            after = state.clone()
            after.apply(seat, action)
            if after.step == "advance":
                advances = greedy_ties(bot, after, seat)
                for adv in advances:
                    done = after.clone()
                    done.apply(seat, adv)
                    out[self.key_rows(batch.from_state(done))[0]] += p / len(advances)
            else:
                out[self.key_rows(batch.from_state(after))[0]] += p
        return dict(out)

    @staticmethod
    def greedy_decide(g, step, seat, game, rng, victim=None) -> None:
        """The batch greedy decision ``step`` of ``seat`` in every game of ``g``."""
        from gamedesign.games.gym import batch

        deck = batch.DeckArrays(game.deck)
        everyone = np.arange(len(g))
        phase = batch.PlayPhase(g, deck)
        random_ties = game.options.schedule_tiebreak == "random"
        if step == "take":
            batch.greedy_take(g, rng, deck, batch.advance_steps(game), seat, random_ties)
        elif step == "advance":
            batch.greedy_advance(g, everyone, rng, deck, batch.advance_steps(game), seat, random_ties)
            batch.reveal(g)
        elif step == "place":
            batch.greedy_place(g, rng, game, deck, seat, batch.place_counts(g), batch.coached_sides(g), phase)
        elif step == "action":
            batch.greedy_action(g, rng, game, deck, seat, batch.place_counts(g), batch.coached_sides(g), phase.bests)
        elif step == "give_back":
            batch.greedy_give_back(g, everyone, rng, seat, victim, phase.bests)
        elif step == "coach":
            batch.greedy_coach(g, everyone, rng, deck, seat)
        else:
            raise AssertionError(f"no greedy decision {step!r}")
        if step in ("action", "give_back", "coach"):
            over = everyone if step == "coach" else np.flatnonzero(~deck.brat[g.placed])
            g.exempt[over, seat] = False  # the engine's turn is over: so is a Force exemption

    def greedy_outcomes(self, state, seat, samples, rng) -> Counter:
        from gamedesign.games.gym import batch

        g = self.copy_games(batch.from_state(state), samples)
        self.greedy_decide(g, state.step, seat, state.game, rng, state.victim)
        return Counter(self.key_rows(g))

    def rescored(self, game, bots, games, rng):
        """Each batch game's final board, read as the engine's board, scored by ``score_board``."""
        from gamedesign.games.gym import batch, score_board
        from gamedesign.games.gym.rules import SPOTS, select_events

        events = [e.name for e in game.deck.events]
        kids = [k.name for k in game.deck.kids]
        g = batch.play(game, bots, games, rng)
        points = batch.score(g, batch.DeckArrays(game.deck))
        for i in range(games):
            in_play = [e for k, e in enumerate(events) if g.in_play[i, k]]
            if game.options.schedule_tiebreak == "column":
                column = sorted(events, key=lambda e: g.colpos[i, events.index(e)])
                assert sorted(select_events(column, dict(zip(events, g.levels[i].tolist())))) == sorted(in_play)
            board = {e: [[kids[k] for k in range(len(kids)) if g.loc[i, k] == 2 * events.index(e) + side]
                         for side in (0, 1)] for e in in_play}
            assert all(len(side) == SPOTS for sides in board.values() for side in sides)
            yield {e: [int(p) for p in points[i, events.index(e)]] for e in in_play}, score_board(board, game.deck)


# ----------------------------------------------------------------------------------------
# The Diet Game: an engine state copied into the batch's arrays (_Games.from_state)
# ----------------------------------------------------------------------------------------


class DietAdapter:
    """The Diet Game's batch path (``diet/batch.py``): engine states copied into its
    arrays (``_Games.from_state``), each decision asked of its ``choose`` (random),
    ``pick`` (greedy) or Planning on copies of the position."""

    name = "diet"

    def kinds(self, state, seat) -> set:
        return {f"{state.phase} {state.step}"}

    def wanted(self, game) -> set:
        from gamedesign.games.diet.cards import MEALS

        return ({"planning own", "exercise own", "exercise laziness", "cheat cheat", "cheat willpower"}
                | {f"{meal} {step}" for meal in MEALS for step in ("own", "neighbour")})

    def joined(self, state, seat) -> bool:
        return False

    @staticmethod
    def hand_counts(game, hand):
        """A hand (card names) as counts per card type."""
        names = game.deck.card_names()
        counts = np.zeros(len(names), dtype=np.int8)
        for card in hand:
            counts[names.index(card)] += 1
        return counts

    @staticmethod
    def columns(cards, state):
        """The card types that may be played at the decision of ``state`` (None for
        Planning), as the batch's phases pass them."""
        step, phase = state.step, state.phase
        if phase == "planning":
            return None
        if step == "own":
            return cards.exercise if phase == "exercise" else cards.healthy[phase]
        return {
            "neighbour": cards.fattening.get(phase),
            "laziness": cards.laziness,
            "cheat": cards.cheat,
            "willpower": cards.willpower,
        }[step]

    def legal_count(self, state, seat) -> int:
        from gamedesign.games.diet.batch import Cards, choice_counts, planning_count

        cards = Cards(state.game.deck)
        hand = self.hand_counts(state.game, state.hands[seat])
        columns = self.columns(cards, state)
        if columns is None:
            return int(planning_count(cards, hand))
        return int(choice_counts(cards, hand, columns))

    def _as_actions(self, state, seat, cards, chosen) -> list:
        """Chosen card types (-1: declined) as the engine's actions."""
        from gamedesign.games.diet.rules import Pass, Play, Skip

        decline = next(a for a in state.legal_actions(seat) if isinstance(a, (Skip, Pass)))
        return [decline if t < 0 else Play(cards.names[t]) for t in chosen]

    @staticmethod
    def _discards(cards, gone) -> list:
        """Cards gone from each copy's hand (types, copies) as the engine's discards."""
        from gamedesign.games.diet.rules import Discard

        return [Discard(tuple(name for t, name in enumerate(cards.names) for _ in range(int(gone[t, g]))))
                for g in range(gone.shape[1])]

    def random_expected(self, state, seat) -> dict:
        return uniform(state.legal_actions(seat))

    def random_outcomes(self, state, seat, samples, rng) -> Counter:
        from gamedesign.games.diet.batch import _Games

        batch = _Games.from_state(state, samples, rng)
        everyone = np.arange(samples)
        if state.phase == "planning":
            batch.draw = lambda *args: None  # look at the discards alone
            before = batch.hands[seat].copy()
            batch.planning(everyone, seat)
            return Counter(self._discards(batch.cards, before - batch.hands[seat]))
        chosen = batch.choose(everyone, seat, self.columns(batch.cards, state))
        return Counter(self._as_actions(state, seat, batch.cards, chosen))

    def greedy_expected(self, state, seat) -> dict:
        return uniform(greedy_ties(greedy_bot(state.game, seat), state, seat))

    def greedy_outcomes(self, state, seat, samples, rng) -> Counter:
        from gamedesign.games.diet.batch import _Games

        game = state.game
        batch = _Games.from_state(state, samples, rng, ["greedy"] * game.num_players)
        everyone = np.arange(samples)
        if state.phase == "planning":
            return Counter(self._discards(batch.cards, batch.greedy_discards(everyone, seat)))
        change = game.deck.card(state.pending["card"]).pounds if state.step == "laziness" else 0
        chosen = batch.pick(everyone, seat, self.columns(batch.cards, state), state.step, state.active, change)
        return Counter(self._as_actions(state, seat, batch.cards, chosen))

    def rescored(self, game, bots, games, rng):
        """Each batch game's final arrays (hands, deck, discard pile, the weight each cause
        made, tallies, turns, winner) as the engine's final state, which must pass the
        engine's own check of a state (every card in one place, the winner the active
        player and alone at the target, a draw only at the turn limit, ...): the engine's
        weights are the sums of the causes, its winner whoever is at the target, and the
        batch's table rows of the game must be the engine's (``simulate``'s rows of
        ``state.result()``)."""
        from gamedesign.core import rng_to_json
        from gamedesign.games.diet import batch
        from gamedesign.games.diet.rules import CAUSES, TALLIES
        from gamedesign.games.diet.saves import state_from_data
        from gamedesign.simulate import _rows

        n, o = game.num_players, game.options
        names = [c.name for c in game.deck.cards]
        labels = list(bots)
        done = batch.play(game, bots, games, rng)
        table = batch._table(done, 0, labels)
        columns = list(table.columns)
        rows = table.to_dict("records")

        def spelled(counts):
            return [names[t] for t in range(len(names)) for _ in range(int(counts[t]))]

        for g in range(games):
            causes = [{cause: int(done.causes[c, seat, g]) for c, cause in enumerate(CAUSES)} for seat in range(n)]
            weights = [sum(c.values()) for c in causes]
            reached = [seat for seat in range(n) if weights[seat] <= o.target]
            turn = int(done.turns[g])
            state = state_from_data(game, {
                "seed": 0, "rng": rng_to_json(random.Random(0)),
                "deck": [names[t] for t in done.deck[: done.top[g], g]],
                "discard": spelled(done.discard[:, g]),
                "hands": [spelled(done.hands[seat, :, g]) for seat in range(n)],
                "weights": weights, "turn": turn, "active": (o.first_player + turn - 1) % n,
                "phase": "over", "step": None, "asked": None, "pending": None,
                "winner": reached[0] if reached else None,
                "causes": causes,
                "tally": {name: [int(v) for v in done.tally[name][:, g]] for name in TALLIES},
                "reshuffles": int(done.reshuffles[g]),
                "log": [], "history": [weights],
            })
            engine = list(_rows(state.result(), g, labels, n))
            assert all(set(columns) <= set(row) for row in engine), set(columns) - set(engine[0])
            yield ([{c: _plain(row[c]) for c in columns} for row in rows[g * n:(g + 1) * n]],
                   [{c: row[c] for c in columns} for row in engine])


#: The adapter of each game with a batch path.
ADAPTERS = {adapter.name: adapter for adapter in (LegDayAdapter(), GymAdapter(), DietAdapter())}
