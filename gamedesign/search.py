"""A search bot for every game: information-set Monte Carlo tree search.

The bot sees what any bot sees: its own observation and its legal actions. To look
ahead it needs whole games to play out, so before each search *iteration* it asks the
game for a **determinization**: ``game.sample_state(observation, rng)``, a full state
that agrees with everything this player has seen (each game's ``determinize`` module
says what it keeps consistent). The real hidden cards are never read.

One iteration, in that imagined state:

1. **Select**: walk down a tree of this player's own decisions, choosing at each with
   UCT among the actions legal *in this determinization* (a child's exploration term
   counts how often it was available, not how often its parent was visited: the
   "subset-armed" rule of information-set MCTS, Cowling, Powley and Whitehouse 2012).
2. **Expand**: when the node may grow (progressive widening: about the square root of
   its visits), a new child: first the move the rollout bot would make, then untried
   moves at random. With few iterations the search so refines the rollout bot's play
   instead of spreading them over dozens of moves (Diet Game discards, GYM placements).
3. **Simulate**: the other players, and this player after leaving the tree, play on with
   the rollout bot (``"greedy"`` where the game has one, or ``"random"``), each from their own
   observation of the imagined state. Moves that others make at the same time as this
   player (simultaneous picks) are part of the imagined state and of the rollout.
4. **Back up**: the reward is half this player's share of the win (1 for a sole win, 1/k
   when k players share it), a quarter the share of other players they finished ahead of
   (an eliminated player is behind everyone) and a quarter their score margin over the
   others, scaled to 0..1. The last two give a steadier signal than wins alone; whether
   higher or lower scores are better is read from the result's winners.

The action chosen is the root child visited most. Strength grows with ``iterations``
(or ``time_budget`` seconds per decision); ``seed`` or ``reset`` fixes all randomness, so
the same observation and seed always give the same decision with ``iterations`` (and no
``time_budget``).

Two other ways to search, for games where the tree is not the right tool:

* **Batched playouts** (Leg Day, whose package has ``rollouts.finish``): every root
  move is tried on the same sampled states, and greedy players finish all those games
  at once in numpy arrays, hundreds in a few milliseconds; the best mean reward wins.
* **Paired comparison** (``paired=True``; The Diet Game): the root moves are compared on
  the same sampled states and rollout seeds (common random numbers), for decisions that
  change the outcome by less than the noise of one playout.

A game's package may also give the bot a better policy for its own seat than the greedy
bot (``evaluation.search_policy``: The Diet Game's): it plays the searching seat in the
playouts and makes the move kept unless the search finds a clearly better one.

**Strengths.** ``SearchBot()`` is ``"search"``, the quick setting an app plays against
(at most ``DEFAULT_SECONDS``, 45 ms, a decision) and ``SearchBot(strength="expert")`` a
larger budget (at most a second); each game sets its own iterations and method for both
(``evaluation.SEARCH_SETTINGS`` in its package, read by :func:`settings`), measured to
fit the time on one core of the 2-core machine of ``benchmarks/RESULTS.md``. The
iterations fix the work (the same decisions for the same seed); the time budget is only
a cap on a slower machine.

**Perfect recall.** For games whose observation carries only the latest log lines (The
Diet Game), the bot keeps every line it has read this game and gives the determinization
the whole log, so that it can use everything public (e.g. which cards a reshuffle put
into the deck).
"""

from __future__ import annotations

import gc
import math
import random
import time
from typing import Sequence

from .core import Bot, RandomBot, State, bot_label, legal_move, refuse_class

#: The most iterations a search bot may spend on one decision (``"search:N"``).
MAX_SEARCH_ITERATIONS = 100_000

#: The longest time budget, in seconds, a search bot may spend on one decision.
MAX_SEARCH_SECONDS = 60.0

#: The longest playout a search bot may ask for (``max_moves``), in moves.
MAX_PLAYOUT_MOVES = 100_000

#: Seconds a search bot spends on one decision when given neither ``iterations`` nor
#: ``time_budget``: quick enough to play against in an app.
DEFAULT_SECONDS = 0.045

#: With the default time budget: moves played after the tree before a playout is scored
#: on the standing (many short playouts fit in 45 ms, few whole games do). 12 moves are
#: 3 rounds of Leg Day's 4 simultaneous picks, 12 turns of GYM, about one Diet turn.
DEFAULT_HORIZON = 12

#: With the default time budget: standard errors by which a searched move must beat the
#: rollout bot's own choice (a few dozen playouts are noisy).
DEFAULT_CONFIDENCE = 1.0


#: The named search strengths (with ``"random"`` and ``"greedy"``, the four of ``make_bot``).
STRENGTHS = ("search", "expert")

#: Each strength's settings where a game sets none of its own (``evaluation.SEARCH_SETTINGS``
#: in the game's package): ``"search"`` is the quick one an app plays against (at most
#: ``DEFAULT_SECONDS`` a decision), ``"expert"`` thinks longer (at most a second).
SETTINGS = {
    "search": {"iterations": 48, "time_budget": DEFAULT_SECONDS, "horizon": DEFAULT_HORIZON,
               "confidence": DEFAULT_CONFIDENCE, "paired": False, "method": "search"},
    "expert": {"iterations": 200, "time_budget": 1.0, "horizon": None, "confidence": None, "paired": False,
               "method": "search"},
}


def settings(game, strength: str = "search") -> dict:
    """The search settings of ``strength`` (``"search"`` or ``"expert"``) for ``game``: the
    game's own (``SEARCH_SETTINGS`` in its package's ``evaluation`` module, measured to
    fit the time) over the defaults of :data:`SETTINGS`. Keys: iterations, time_budget,
    horizon, confidence, paired, and method: ``"search"``, or ``"policy"`` where the
    game's own-seat policy plays unsearched (no search beat it: The Diet Game)."""
    if strength not in STRENGTHS:
        raise ValueError(f"strength must be one of {', '.join(map(repr, STRENGTHS))}, not {_shown(strength)}")
    import importlib

    try:
        own = importlib.import_module(f"gamedesign.games.{game.name}.evaluation").__dict__.get("SEARCH_SETTINGS", {})
    except ImportError:
        own = {}
    return {**SETTINGS[strength], **own.get(strength, {})}


def _shown(value) -> str:
    """``repr(value)``, cut short: a number with thousands of digits is not repeated."""
    text = repr(value) if not isinstance(value, int) or value.bit_length() < 200 else f"a {value.bit_length()}-bit number"
    return text if len(text) <= 60 else text[:60] + "..."


class _Node:
    """Statistics of one own decision: children by action."""

    __slots__ = ("children", "visits", "value", "square", "available")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.value = 0.0
        self.square = 0.0
        self.available = 0

    def spread(self) -> float:
        """The variance of the rewards seen here."""
        mean = self.value / self.visits
        return max(0.0, self.square / self.visits - mean * mean)


class SearchBot(Bot):
    """Information-set MCTS over this player's own decisions, from sampled hidden states.

    ``iterations``: determinized playouts per decision (the strength knob; the same
    seed then always gives the same decision); ``time_budget``: seconds per decision,
    kept even on a slow machine (a playout still running at the deadline is dropped; if
    none finished, the rollout bot's own move is played), not reproducible, as machines
    differ. Both given: whichever ends first. No ``iterations`` (or ``strength``):
    the settings of a named strength for the game the bot is reset into (see
    :func:`settings`): ``strength="search"`` (the default: at most 45 ms a decision) or
    ``"expert"`` (at most a second); settings given here (a ``time_budget``, a
    ``horizon``...) win over the strength's.
    ``horizon``: stop each playout once that many moves have been played after leaving
    the tree (in whole rounds of simultaneous moves) and score it on the game's standing then (the design lab's: points so far, pounds lost),
    the leaders counting as winners; many more, shorter playouts in a long game.
    ``rollout``: the bot name that plays the other seats and finishes each playout
    (default: ``"greedy"`` where the game has one, else ``"random"``; search refines
    the rollout bot's play, so a better rollout bot makes a stronger search).
    ``exploration``: the UCT constant. ``max_moves``: a playout is cut after this many
    moves and scored as a loss (a guard for very long games). ``widening``: progressive
    widening, a node with v visits may have ``ceil(widening * sqrt(v + 1))`` children,
    the rollout bot's own choice first (None: try every action at once).
    ``confidence``: if given (a z value, e.g. 1.0), keep the rollout bot's own choice
    unless the searched best beats it by that many standard errors (noisy games).
    ``paired``: instead of a tree, compare the root moves on the *same* sampled states
    and rollout seeds (common random numbers), the rollout bot's choice against a few
    alternatives, and leave it only for a move better by ``confidence`` (default 1.0)
    standard errors of the paired differences. For games where one move changes the
    outcome by less than the noise of a playout.
    ``policy``: the bot name or object that plays this player's own seat in playouts and
    makes the move kept unless beaten (default: the game's ``evaluation.search_policy``
    if it has one, else the rollout bot). ``batch``: False never plays batched playouts
    (default: batched where the game has them and the rollouts are greedy).
    """

    name = "search"

    def __init__(
        self,
        iterations: int | None = None,
        time_budget: float | None = None,
        rollout: str | None = None,
        exploration: float = 0.7,
        seed: int | None = None,
        max_moves: int = 5000,
        widening: float | None = 1.0,
        confidence: float | None = None,
        paired: bool = False,
        horizon: int | None = None,
        policy=None,
        batch: bool | None = None,
        strength: str | None = None,
        timed: bool = True,
    ):
        super().__init__(seed)
        if strength is not None and strength not in STRENGTHS:
            raise ValueError(f"strength must be one of {', '.join(map(repr, STRENGTHS))} or None, not {_shown(strength)}")
        if iterations is None and strength is None:
            strength = "search"  # the quick setting, to play against in an app
        # Settings given here win over the strength's (filled in by reset, per game).
        self._given = {
            key: value
            for key, value in (("horizon", horizon), ("confidence", confidence), ("paired", paired or None))
            if value is not None
        }
        if iterations is not None:
            self._given["iterations"] = iterations
        if time_budget is not None:
            self._given["time_budget"] = time_budget
        self.strength = strength
        self.timed = timed
        if strength == "expert":
            self.name = "expert"  # how tables and errors call it
        if strength is not None:
            preset = SETTINGS[strength]
            iterations = preset["iterations"] if iterations is None else iterations
            time_budget = preset["time_budget"] if time_budget is None else time_budget
            horizon = preset["horizon"] if horizon is None else horizon
            confidence = preset["confidence"] if confidence is None else confidence
        elif iterations is None:
            iterations = MAX_SEARCH_ITERATIONS
        if horizon is not None and (
            isinstance(horizon, bool) or not isinstance(horizon, int) or not 1 <= horizon <= MAX_PLAYOUT_MOVES
        ):
            raise ValueError(f"horizon must be a whole number from 1 to {MAX_PLAYOUT_MOVES:,}, or None, not {_shown(horizon)}")
        if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= MAX_SEARCH_ITERATIONS:
            raise ValueError(
                f"iterations must be a whole number from 1 to {MAX_SEARCH_ITERATIONS:,}, not {_shown(iterations)}"
            )
        if time_budget is not None and not (
            isinstance(time_budget, (int, float))
            and not isinstance(time_budget, bool)
            and 0 < time_budget <= MAX_SEARCH_SECONDS
        ):
            raise ValueError(
                f"time_budget must be a number of seconds above 0 and at most {MAX_SEARCH_SECONDS:g}, "
                f"or None, not {_shown(time_budget)}"
            )
        if isinstance(max_moves, bool) or not isinstance(max_moves, int) or not 1 <= max_moves <= MAX_PLAYOUT_MOVES:
            raise ValueError(f"max_moves must be a whole number from 1 to {MAX_PLAYOUT_MOVES:,}, not {_shown(max_moves)}")
        self.iterations = iterations
        self.time_budget = time_budget
        self.rollout = rollout
        self.exploration = exploration
        self.max_moves = max_moves
        self.widening = widening
        self.confidence = confidence
        self.paired = paired
        self.horizon = horizon
        self.policy = policy
        self.batch = batch
        self.method = "search"
        self.last_search: dict = {}
        if strength is not None:  # what the strength filled in so far (reset fills the game's)
            self._filled = {k: getattr(self, k) for k in ("iterations", "time_budget", "horizon", "confidence", "paired")
                            if k not in self._given}

    def __repr__(self) -> str:
        knob = f"time_budget={self.time_budget}" if self.time_budget else f"iterations={self.iterations}"
        return f"SearchBot({knob}, rollout={self.rollout!r})"

    def reset(self, game, player: int, seed: int) -> None:
        """Start a new game; what the searches need (the game's standing, its batch
        playouts) is looked up now, so that no decision pays for an import."""
        super().reset(game, player, seed)
        found = _looked_up(game)
        finish = found[1]
        if finish is not None:  # the batch playouts' tables of this game, built before any clock runs
            import importlib

            prepare = getattr(importlib.import_module(finish.__module__), "prepare", None)
            if prepare is not None:
                prepare(game)
        self._log: list | None = []
        if self.strength is not None:
            # The game's settings for this strength, except those given to the constructor
            # or set on the bot since (the strength's settings last filled in).
            preset = settings(game, self.strength)
            filled = self.__dict__.setdefault("_filled", {})
            for key in ("iterations", "time_budget", "horizon", "confidence", "paired"):
                if key not in self._given and (key not in filled or getattr(self, key) == filled[key]):
                    value = None if key == "time_budget" and not self.timed else preset[key]
                    setattr(self, key, value)
                    filled[key] = value
            changed = any(getattr(self, k) != v for k, v in filled.items())
            self.method = "search" if "iterations" in self._given or changed else preset["method"]
        elif not self.timed:
            self.time_budget = None

    def _uses_batch(self) -> bool:
        """True when this search plays its playouts in batches (see ``batch``)."""
        if self.batch is False or self.paired or _looked_up(self.game)[1] is None:
            return False
        return (self.rollout or "greedy") == "greedy" and self.policy is None

    def _own_bot(self, rollout: str):
        """The bot that plays this player's own moves in playouts and makes its default move."""
        if self.policy is not None:
            return _rollout_bot(self.policy, self.game)
        own = _looked_up(self.game)[2]
        return own(self.game) if own is not None else _rollout_bot(rollout, self.game)

    def act(self, observation: dict, legal_actions: Sequence):
        # The cyclic garbage collector waits while the bot thinks: one full collection of a
        # large heap (a notebook's kernel) can take tens of milliseconds of a decision's budget.
        # It runs as usual again once the move is chosen.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._act(observation, legal_actions)
        finally:
            if collecting:
                gc.enable()

    def _act(self, observation: dict, legal_actions: Sequence):
        if self.game is None:
            raise ValueError("call reset(game, player, seed) before asking a SearchBot to act")
        legal_actions = list(legal_actions)
        remembered = self._remember(observation)
        if len(legal_actions) == 1:
            self.last_search = {"iterations": 0, "actions": {}}
            return legal_actions[0]
        started = time.perf_counter()
        game, me, rng = self.game, self.player, self.rng
        root = _Node()
        rollout = self.rollout or ("greedy" if "greedy" in game.bots() else "random")
        found = _looked_up(game)  # also for a subclass whose reset skipped SearchBot.reset
        players = [_rollout_bot(rollout, game) if seat != me else self._own_bot(rollout) for seat in range(game.num_players)]
        for seat, bot in enumerate(players):
            bot.reset(game, seat, rng.getrandbits(32))
        deadline = None if self.time_budget is None else started + self.time_budget
        if self.method == "policy":  # the game's own policy, unsearched (see settings)
            policy = players[me]
            # what it does, in a player's words (the policy class's ``summary``), for hints
            self.last_search = {"iterations": 0, "actions": {}, "policy": getattr(policy, "summary", "")}
            return _checked_move(game, policy.act(observation, list(legal_actions)), legal_actions, policy)
        if self.paired:
            return self._paired(observation, legal_actions, players, deadline, remembered)
        if self._uses_batch():
            return self._batched(observation, legal_actions, players, deadline)
        standing = found[0] if self.horizon is not None else None
        done = 0
        while done < self.iterations and (deadline is None or time.perf_counter() < deadline):
            if not self._iterate(game.sample_state(remembered, rng), root, me, players, rng, deadline, standing):
                break  # the time ran out in the middle of a playout: it does not count
            done += 1
        if not done:  # no playout fitted in the time: the rollout bot's own choice
            policy = players[me]
            view = observation if getattr(policy, "uses_observation", True) else None
            self.last_search = {"iterations": 0, "actions": {}}
            return _checked_move(game, policy.act(view, list(legal_actions)), legal_actions, policy)
        allowed = set(legal_actions)
        stats = {a: c for a, c in root.children.items() if a in allowed}
        self.last_search = {
            "iterations": done,
            "actions": {str(a): (c.visits, c.value / c.visits if c.visits else 0.0) for a, c in stats.items()},
        }
        if not stats:
            return legal_actions[rng.randrange(len(legal_actions))]
        most = max(c.visits for c in stats.values())
        best = [a for a in legal_actions if a in stats and stats[a].visits == most]
        if len(best) > 1:
            top = max(stats[a].value for a in best)
            best = [a for a in best if stats[a].value == top]
        choice = best[rng.randrange(len(best))]
        if self.confidence is not None:
            view = observation if getattr(players[me], "uses_observation", True) else None
            default = players[me].act(view, legal_actions)
            if choice != default and default in stats and stats[default].visits > 0:
                a, b = stats[choice], stats[default]
                gain = a.value / a.visits - b.value / b.visits
                error = math.sqrt(a.spread() / a.visits + b.spread() / b.visits)
                if gain <= self.confidence * error:
                    choice = default
        return choice

    def _remember(self, observation: dict) -> dict:
        """The observation with the whole log this player has read so far, for games whose
        observations carry only the latest lines (``log_length`` counts them all): the
        determinization can then use everything public (perfect recall). Unchanged when
        a line was missed or the game shows its whole log."""
        if not isinstance(observation, dict) or "log_length" not in observation or getattr(self, "_log", None) is None:
            return observation
        window, total = observation["log"], observation["log_length"]
        start = total - len(window)
        if start > len(self._log):
            self._log = None  # a stretch of the log was never seen: no whole log this game
            return observation
        self._log[start:] = window
        return {**observation, "log": list(self._log)} if start else observation

    def _paired(self, observation, legal_actions, players, deadline, remembered=None):
        """Root moves compared on shared deals and rollout seeds (see ``paired``)."""
        game, me, rng = self.game, self.player, self.rng
        policy = players[me]
        default = policy.act(observation if getattr(policy, "uses_observation", True) else None, legal_actions)
        others = [a for a in legal_actions if a != default]
        rng.shuffle(others)
        width = max(2, min(len(legal_actions), round(math.sqrt(self.iterations))))
        candidates = [default] + others[: width - 1]
        rewards: dict = {a: [] for a in candidates}
        rounds = 0
        while rounds * len(candidates) < self.iterations and (deadline is None or time.perf_counter() < deadline):
            deal, seeds = rng.getrandbits(32), [rng.getrandbits(32) for _ in players]
            results = []
            for action in candidates:
                state = game.sample_state(remembered or observation, random.Random(deal))
                for seat, bot in enumerate(players):
                    bot.reset(game, seat, seeds[seat])
                results.append(self._playout(state, me, action, players, deadline))
                if results[-1] is None:
                    break
            if results[-1] is None:
                break  # the time ran out in the middle of a round: it does not count
            for action, reward in zip(candidates, results):
                rewards[action].append(reward)
            rounds += 1
        if not rounds:
            self.last_search = {"iterations": 0, "actions": {}}
            return default
        base = rewards[default]
        choice, best_gain = default, 0.0
        z = 1.0 if self.confidence is None else self.confidence
        for action in candidates[1:]:
            diffs = [x - y for x, y in zip(rewards[action], base)]
            mean = sum(diffs) / len(diffs)
            spread = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
            if mean > best_gain and mean > z * math.sqrt(spread / len(diffs)):
                choice, best_gain = action, mean
        self.last_search = {
            "iterations": rounds * len(candidates),
            "actions": {str(a): (len(r), sum(r) / len(r)) for a, r in rewards.items()},
        }
        return choice

    def _batched(self, observation, legal_actions, players, deadline):
        """Every root move tried on the same sampled states, finished in batches by the
        game's greedy players (``rollouts.finish``); the best mean reward wins, the own
        policy's move kept unless beaten by ``confidence`` standard errors."""
        import numpy as np

        game, me, rng = self.game, self.player, self.rng
        finish = _looked_up(game)[1]
        policy = players[me]
        default = _checked_move(game, policy.act(observation, list(legal_actions)), legal_actions, policy)
        cards = [a.card for a in legal_actions]
        generator = np.random.default_rng(rng.getrandbits(32))
        rewards = []  # one array per round: (deals, candidates)
        done = 0
        # Few, large rounds (each finish costs a fixed overhead per day): two halves of the
        # deals, the same with or without a clock when the clock leaves time for them.
        # Against a clock every round is cut to what fits in the time left: the first by the
        # cost of this bot's last decision (a deal costs about the same per candidate and per
        # pick left to play), or, with none yet, a small first round that measures it.
        wanted = -(-self.iterations // len(cards))  # deals
        deals = max(_BATCH_DEALS, -(-wanted // 2))
        clock = time.perf_counter
        work = len(cards) * _picks_left(game, observation, me)  # candidates x picks left to play
        if deadline is not None:
            per_work = getattr(self, "_seconds_per_work", None)
            # half the time at most: the estimate comes from another position
            fits = _BATCH_DEALS if per_work is None else int(0.5 * (deadline - clock()) / (per_work * work))
            deals = max(1, min(deals, fits))
        dealt = 0
        while dealt < wanted:
            started = clock()
            count = max(1, min(deals, wanted - dealt))
            states = []
            while len(states) < count and not (states and deadline is not None and clock() > deadline):
                states.append(game.sample_state(observation, rng))
            count = len(states)
            scored = finish(game, [s for s in states for _ in cards], cards * count, me, generator)
            rewards.append(_batch_rewards(scored, me).reshape(count, len(cards)))
            dealt += count
            done += count * len(cards)
            each = (clock() - started) / count  # seconds a deal, overhead included
            self._seconds_per_work = each / work
            if deadline is not None:
                deals = min(max(deals, -(-wanted // 2)), int(0.8 * (deadline - clock()) / each))
                if deals < 1:
                    break  # another deal would not fit in the time left
        table = np.concatenate(rewards)
        means = table.mean(axis=0)
        best = int(np.argmax(means))
        choice = legal_actions[best]
        if choice != default and self.confidence is not None and len(table) > 1:
            diffs = table[:, best] - table[:, legal_actions.index(default)]
            error = float(diffs.std(ddof=1)) / math.sqrt(len(diffs))
            if diffs.mean() <= self.confidence * error:
                choice = default
        self.last_search = {
            "iterations": done,
            "actions": {str(a): (len(table), float(m)) for a, m in zip(legal_actions, means)},
        }
        return choice

    def _playout(self, state, me: int, first, players, deadline=None) -> float | None:
        """Play ``first`` for ``me`` now, then everyone with the rollout bots to the end
        (None if ``deadline``, a ``time.perf_counter()`` time, passes first)."""
        moves, start = 0, True
        while not state.is_over() and moves < self.max_moves:
            if deadline is not None and time.perf_counter() > deadline:
                return None
            choices = []
            for seat in state.to_move():
                if start and seat == me:
                    action = _checked(state, seat, first, "the searched move")
                else:
                    action = _rollout_move(state, seat, players[seat])
                choices.append((seat, action))
            start = False
            for seat, action in choices:
                state._apply(seat, action)  # checked above
            moves += len(choices)
        return self._reward(state, me) if state.is_over() else 0.0

    def _iterate(self, state, root: _Node, me: int, players: list, rng, deadline=None, standing=None) -> bool:
        """One playout from a sampled ``state``, backed up along its path in the tree.

        False, and nothing backed up, when ``deadline`` (a ``time.perf_counter()`` time)
        passes first. With a ``horizon`` (and the game's ``standing``), the playout stops
        once that many moves are played after leaving the tree (whole rounds: moves made
        together all count) and is scored on the standing then.
        """
        path = [root]
        node = root
        in_tree = True
        moves = 0
        left = self.horizon if standing is not None else None  # moves to play after the tree
        now = None  # the standing the playout stopped on
        clock = time.perf_counter
        while not state.is_over() and moves < self.max_moves:
            if deadline is not None and clock() > deadline:
                return False
            movers = state.to_move()
            if left is not None and not in_tree:
                if left <= 0:
                    now = standing(state)
                    if now is not None:  # a game with no standing now plays on
                        break
                left -= len(movers)
            choices = []
            for seat in movers:
                if seat == me and in_tree:
                    legal = state.legal_actions(seat)
                    action, node, in_tree = self._select(node, state, me, legal, players[me], rng)
                    path.append(node)
                else:
                    action = _rollout_move(state, seat, players[seat])
                choices.append((seat, action))
            for seat, action in choices:
                state._apply(seat, action)  # legal: chosen from the legal actions, or checked
            moves += len(choices)
        if state.is_over():
            reward = self._reward(state, me)
        elif now is not None:
            reward = _standing_reward(now, me)
        else:
            reward = 0.0
        for n in path:
            n.visits += 1
            n.value += reward
            n.square += reward * reward
        return True

    def _select(self, node: _Node, state, me: int, legal: list, policy, rng: random.Random):
        children = node.children
        tried = []
        for action in legal:
            child = children.get(action)
            if child is not None:
                child.available += 1
                tried.append(action)
        room = self.widening is None or len(tried) < math.ceil(self.widening * math.sqrt(node.visits + 1))
        if room and len(tried) < len(legal):
            # Widen: first the move the rollout bot would make, then untried moves at random.
            view = state.observe(me) if getattr(policy, "uses_observation", True) else None
            action = _checked(state, me, policy.act(view, list(legal)), f"the rollout bot {bot_label(policy)!r}", legal)
            if action in children:
                untried = [a for a in legal if a not in children]
                action = untried[rng.randrange(len(untried))]
            child = children[action] = _Node()
            child.available = 1
            return action, child, False
        c = self.exploration
        best, best_score = None, -math.inf
        for action in tried:
            child = children[action]
            score = child.value / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = action, score
        return best, children[best], True

    @staticmethod
    def _reward(state, me: int) -> float:
        result = state.result()
        winners = result.winners
        win = 1.0 / len(winners) if me in winners else 0.0
        beaten, margin = _standing(result, me)
        return 0.5 * win + 0.25 * beaten + 0.25 * margin


#: The fewest sampled states in a round of a batched search (each tried with every root move).
_BATCH_DEALS = 8


def _picks_left(game, observation: dict, me: int) -> int:
    """Picks left to play in a drafting game whose observation shows every tableau and that
    knows its ``total_days`` (Leg Day); 1 for any other game."""
    try:
        return max(1, int(game.total_days) - len(observation["tableaus"][me]))
    except (AttributeError, KeyError, IndexError, TypeError, ValueError):
        return 1

#: Per game class: (its standing, its batch finisher, its own-seat policy), looked up once.
_LOOKED_UP: dict = {}


def _looked_up(game) -> tuple:
    """What a search needs of ``game``'s class, looked up once a class (a class registered
    again under the same name is looked up afresh)."""
    key = type(game)
    if key not in _LOOKED_UP:
        _LOOKED_UP[key] = (_standing_of(game), _batch_finisher(game), _own_policy(game))
    return _LOOKED_UP[key]


def _game_submodule(game, name: str):
    """The module ``name`` of the game's own package (``rollouts``, ``evaluation``), or
    None: only a game class that is its package's ``GAME_CLASS`` has one."""
    import importlib

    package = game._package()
    if package is None or getattr(package, "GAME_CLASS", None) is not type(game) or not hasattr(package, "__path__"):
        return None
    try:
        return importlib.import_module(f"{package.__name__}.{name}")
    except ImportError:
        return None


def _batch_finisher(game):
    """The game's ``rollouts.finish`` (playouts in batches by greedy players), or None."""
    return getattr(_game_submodule(game, "rollouts"), "finish", None)


def _own_policy(game):
    """A function game -> the bot that plays the searching seat in playouts and makes its
    default move: the game's ``evaluation.search_policy`` if it has one, else None."""
    return getattr(_game_submodule(game, "evaluation"), "search_policy", None)


def _batch_rewards(scored: dict, me: int):
    """:meth:`SearchBot._reward` for every game of a batch scoring (``points`` nan for an
    eliminated player, higher is better, ``winners`` a boolean array)."""
    import numpy as np

    points, winners = scored["points"], scored["winners"]
    n = points.shape[1]
    count = winners.sum(axis=1)
    win = np.where(winners[:, me], 1.0 / np.maximum(count, 1), 0.0)
    mine = points[:, me]
    others = np.delete(points, me, axis=1)
    alive, out = ~np.isnan(mine), np.isnan(others)
    ahead = np.where(out, np.where(alive[:, None], 1.0, 0.5), np.where(alive[:, None], np.sign(mine[:, None] - others) * 0.5 + 0.5, 0.0))
    ahead = np.nan_to_num(ahead)
    beaten = ahead.sum(axis=1) / (n - 1)
    live = (~out).sum(axis=1)
    mean = np.where(live > 0, np.nansum(others, axis=1) / np.maximum(live, 1), 0.0)
    margin = np.where(
        ~alive, 0.0, np.where(live == 0, 1.0, 0.5 + 0.5 * (mine - mean) / (np.abs(mine) + np.abs(mean) + 1))
    )
    margin = np.nan_to_num(margin)
    value = 0.5 * win + 0.25 * beaten + 0.25 * margin
    # Without winners (everyone eliminated) the standing says nothing: as _standing, 0.5 each.
    return np.where(count > 0, value, 0.5 * win + 0.25)


def _rollout_move(state, seat: int, bot):
    """A rollout bot's move in a playout, checked like every move of ``play_game``."""
    legal = state.legal_actions(seat)
    view = state.observe(seat) if getattr(bot, "uses_observation", True) else None
    choice = bot.act(view, list(legal))
    try:
        return legal_move(state.game, choice, legal)
    except ValueError:
        return _checked(state, seat, choice, f"the rollout bot {bot_label(bot)!r}", legal)  # says who chose what


def _rollout_bot(spec, game):
    """The bot that plays a playout: a bot object as it is, ``"random"`` or one of the
    game's own named bots (``Game.bots``); any other name is a ``ValueError``."""
    refuse_class(spec, "the rollout bot")
    if not isinstance(spec, str):
        if hasattr(spec, "act") and hasattr(spec, "reset"):
            return spec
        raise ValueError(f"a rollout bot is a name or a Bot object, not {spec!r}")
    if spec == "random":
        return RandomBot()
    named = game.bots()
    if spec in named:
        return named[spec]()
    shown = spec if len(spec) <= 40 else spec[:40] + "..."
    raise ValueError(f"unknown bot {shown!r} for {game.name!r}; allowed: {', '.join(['random', *named])}")


def _checked_move(game, choice, legal, bot):
    """The rollout bot's ``choice`` as the engine's legal action (a ``ValueError`` if none)."""
    try:
        return legal_move(game, choice, legal)
    except ValueError as err:
        raise ValueError(f"the rollout bot {bot_label(bot)!r} {err}") from None


def _standing_of(game):
    """The game's standing during play (one number per seat, higher is better), as the
    design lab samples it: its lab profile's, else its ``State.running_scores``; None for
    a game with neither (playouts then run to the end)."""
    own = game.lab_profile()
    if own is not None:
        return own.standing
    state_class = type(game.new_state(seed=0))
    if state_class.running_scores is not State.running_scores:
        return _running_standing
    return None


def _running_standing(state):
    """A standing read from ``State.running_scores`` (``None`` when the game gives none now)."""
    return state.running_scores()


def _standing_reward(standing, me: int) -> float:
    """The reward of :meth:`SearchBot._reward` for a game cut short, reading the standing
    as final scores: the leaders as winners, higher as better."""
    top = max(standing)
    leaders = tuple(seat for seat, value in enumerate(standing) if value == top)
    win = 1.0 / len(leaders) if me in leaders else 0.0
    if len(leaders) == len(standing):
        return 0.5 * win + 0.25 * 0.5 + 0.25 * 0.5
    beaten, margin = _standing(_Scores(tuple(standing), leaders), me)
    return 0.5 * win + 0.25 * beaten + 0.25 * margin


class _Scores:
    """The two fields of a result that :func:`_standing` reads."""

    __slots__ = ("scores", "winners")

    def __init__(self, scores, winners):
        self.scores, self.winners = scores, winners


def _checked(state, seat: int, choice, who: str, legal=None):
    """The engine's own legal action for ``choice`` in a playout, or a ``ValueError``
    saying who chose what (``SearchBot.act`` fails, and the game names the search bot)."""
    try:
        return legal_move(state.game, choice, state.legal_actions(seat) if legal is None else legal)
    except ValueError as err:
        raise ValueError(f"in a search playout for seat {seat}, {who} {err}") from None


def _standing(result, me: int) -> tuple[float, float]:
    """How well ``me`` finished against the others, two ways, each from 0 to 1:

    * the share of other players ``me`` finished ahead of (a tie counts half; a player
      with no score, eliminated, is behind everyone with one);
    * the score margin over the others' mean, scaled to 0..1 (0.5 for level).

    Whether a higher or a lower score is better is read from this result's winners
    (weights go down in The Diet Game); without winners to tell, both are 0.5.
    """
    scores, winners = result.scores, result.winners
    n = len(scores)
    others = [s for i, s in enumerate(scores) if i not in winners and s is not None]
    best = [scores[w] for w in winners if scores[w] is not None]
    if n < 2 or not winners:
        return 0.5, 0.5
    if not best or not others or min(best) >= max(others):
        sign = 1
    elif max(best) <= min(others):
        sign = -1
    else:
        return (1.0, 1.0) if me in winners else (0.0, 0.0)
    mine = scores[me]
    beaten = 0.0
    for i, theirs in enumerate(scores):
        if i == me:
            continue
        if mine is None:
            beaten += 0.5 if theirs is None else 0.0
        elif theirs is None:
            beaten += 1.0
        else:
            diff = sign * (mine - theirs)
            beaten += 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
    rest = [s for i, s in enumerate(scores) if i != me and s is not None]
    if mine is None or not rest:
        margin = 0.0 if mine is None else 1.0
    else:
        mean = sum(rest) / len(rest)
        margin = 0.5 + 0.5 * sign * (mine - mean) / (abs(mine) + abs(mean) + 1)
    return beaten / (n - 1), margin


__all__ = ["SETTINGS", "STRENGTHS", "SearchBot", "settings"]
