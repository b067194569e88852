"""A class's playtests measured like simulated games: the people's games and decisions,
beside bots' games of the same variant.

* :func:`games` - one row per logged game, with the columns of :func:`.metrics.game_table`
  (the same record the lab keeps of a bot game, rebuilt by replaying the log) and the
  measures a designer reads for people: the final margin, lead changes, whether the early
  leader won, whether the first seat won, the length
* :func:`decisions` - one row per person's decision: think time, the choices there, what
  the greedy bot would have played from that person's observation, and the strongest
  bot's estimate of the move chosen against its best
* :func:`compare_with_bots` - the people's measures beside random, greedy and search bots'
  games of the same variant and seat count, with intervals suited to a few dozen games,
  the games a difference would need, and a verdict in words

Re-exported by :mod:`gamedesign.playtest` (``playtest.games(logs)`` ...). Everything is
seeded: the same logs and ``seed`` give the same tables. No display code is imported here.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter

import numpy as np
import pandas as pd

from .. import playtest, registry
from . import labels
from .concepts import POINTS, _sides_of
from .metrics import game_table, leader
from .profile import GameRecord
from .record import MAX_MOVES, _record_chunk, record_games
from .stats import Z, games_needed, round_games, wilson

#: The share of the game at which the *early leader* is read (a quarter of the way, as
#: :func:`.concepts.early_lead` reads it first).
EARLY = POINTS[0]

#: Search iterations per decision for :func:`decisions`' estimates in a game without its own
#: budget (the game's ``review_playouts``), as in Leg Day: that many playouts shared out over the
#: moves, at least 8 sampled deals a move, every move tried on the same deals (its playouts
#: are played in batches, a few milliseconds a decision).
SEARCH_ITERATIONS = 32


def search_budget(game) -> int:
    """The playouts a decision :func:`decisions` gives the search bot in ``game`` (a game
    object, class or name) unless told: the game's ``review_playouts`` (GYM and The Diet
    Game search a tree of playouts of a dozen moves each, played move by move, about a
    millisecond a playout: 20 keep a class's 30 tables under half a minute on two cores,
    ``benchmarks/RESULTS.md``; a move the search never reached has no value, and ``moves
    valued`` counts the ones it did), else :data:`SEARCH_ITERATIONS`."""
    if isinstance(game, str):
        game = registry.game_class(game)
    return getattr(game, "review_playouts", None) or SEARCH_ITERATIONS


#: Seeds the greedy bot is asked with at each decision, where it cannot list the values it
#: compares: the moves it plays over them are its tied best (it breaks ties at random), each
#: of which counts as "the greedy move". A bot whose ``explain`` values every legal move
#: (GYM's) gives its tied best directly.
GREEDY_SEEDS = 16

#: Bot games played for :func:`compare_with_bots` by default: random and greedy bots are
#: quick; the search bots think (a few seconds a game), so fewer of them.
BOT_GAMES = {"random": 200, "greedy": 200}
SEARCH_GAMES = 12

#: Bootstrap resamples for the interval of a mean of a few dozen games.
RESAMPLES = 2000

#: The per-game outcome measures a designer reads for people, each with its meaning for
#: the people at the table.
OUTCOMES = {
    "final margin": "how far the winner finished ahead of the closest other player, in the game's points "
    "(its own unit, such as pounds): small, the game stayed close to the end",
    "lead changes": "how often the lead passed to another player: more, a race whose end was open longer",
    "early leader won": f"whether the player leading {EARLY:.0%} of the way through went on to win (a tie for "
    "the lead: not counted): often, an early lead decides the game and the others may stop caring",
    "first seat won": "whether the player in the first seat won: far from an equal share, where you sit matters",
    "length": "how long the game ran, in its own unit (days, turns)",
}

#: Measures of the people's decisions (:func:`decisions`), read by :func:`compare_with_bots`.
DECISION_MEASURES = {
    "picked the greedy move": "the share of people's real choices (two or more moves) at which they played "
    "a move the greedy bot plays from the same view: high, the obvious move is usually right",
    "value lost": "the strongest bot's value of its best move minus that of the move chosen (0 to 1: half a "
    "win, a quarter the players beaten, a quarter the margin): near 0, people's choices cost them little",
}


def _playtests(logs) -> list:
    """The :class:`~gamedesign.playtest.Playtest` objects of ``logs`` (a Playtests, a list
    of Playtest, one Playtest, or what :func:`gamedesign.playtest.load` takes)."""
    if isinstance(logs, playtest.Playtests):
        return list(logs.games)
    if isinstance(logs, playtest.Playtest):
        return [logs]
    if isinstance(logs, (list, tuple)) and logs and all(isinstance(g, playtest.Playtest) for g in logs):
        return list(logs)
    return list(playtest.load(logs).games)


class _Replay:
    """Plays one seat's logged choices in order (what the person or bot at that seat chose)."""

    name = "replay"
    uses_observation = False

    def __init__(self, choices):
        self.choices = list(choices)

    def reset(self, game, player, seed):
        self.next = 0

    def act(self, observation, legal):
        text = self.choices[self.next]
        self.next += 1
        return next((action for action in legal if str(action) == text), text)


def _whole_rounds(log) -> int:
    """How many of ``log``'s decisions make whole rounds (every mover of a round logged):
    an unfinished log's last round may be part-played."""
    queues: dict = {}
    for decision in log.decisions:
        queues.setdefault(decision.seat, []).append(decision.choice)
    state = log.built.new_state(seed=log.seed)
    used = Counter()
    done = 0
    while True:
        movers = state.to_move()
        if not movers or any(used[s] >= len(queues.get(s, ())) for s in movers):
            return done
        choices = []
        for seat in movers:
            text = queues[seat][used[seat]]
            used[seat] += 1
            choices.append((seat, next(a for a in state.legal_actions(seat) if str(a) == text)))
        for seat, action in choices:
            state.apply(seat, action)
        done += len(movers)


def record_of(log, index: int = 0):
    """The lab's :class:`~gamedesign.lab.record.GameRecord` of one logged game: the log's
    moves replayed through the recorder of :func:`~gamedesign.lab.record.record_games`, so
    that every measure of :func:`.metrics.game_table` means what it means for bot games.
    An unfinished game is recorded as far as its whole rounds go (ended by "turn limit").
    A paper playtest has no moves: its record holds the result and the sheet's length only."""
    game = log.built
    if not log.replayable:
        scores = tuple(log.scores or ())
        length = (log.paper or {}).get("length")
        return GameRecord(game=index, players=game.num_players, winners=tuple(log.winners or ()), scores=scores,
                          length=0 if length is None else length, ended_by="rules" if log.finished else "turn limit",
                          game_name=game.name, path="paper")
    queues = [[d.choice for d in log.decisions if d.seat == seat] for seat in range(game.num_players)]
    bots = [_Replay(q) for q in queues]
    labels_ = tuple(f"person {s['person']}" if "person" in s else s["bot"] for s in log.seats)
    moves = MAX_MOVES if log.finished else _whole_rounds(log)
    if not log.finished and moves == 0:
        moves = 1  # a log with no whole round: record its start, stopped at once
    (record,) = _record_chunk(game, bots, labels_, index, [(log.seed, [0])], 0, moves)
    return record


def final_margin(record) -> float:
    """How far the winners finished ahead of the closest other player (its score; 0 for a
    draw; NaN for a game without a result or a player left to compare)."""
    scores = record.scores
    if not scores or any(s is None for s in scores) and not record.winners:
        return math.nan
    if not record.winners:
        return 0.0
    won = [scores[w] for w in record.winners if scores[w] is not None]
    others = [s for seat, s in enumerate(scores) if seat not in record.winners and s is not None]
    if not won or not others:
        return math.nan
    return float(min(abs(won[0] - s) for s in others))


def early_leader_won(record, point: float = EARLY) -> float:
    """1.0 when the single leader ``point`` of the way through won, 0.0 when not, NaN
    with a tie for the lead there, no checkpoint or no winner."""
    standings = record.standings
    if not standings or not record.winners:
        return math.nan
    at = standings[min(len(standings) - 1, max(0, math.ceil(point * len(standings)) - 1))]
    top = leader(at)
    if top is None or len(top) != 1:
        return math.nan
    return float(next(iter(top)) in set(_sides_of(record)))


def outcomes(record) -> dict:
    """The measures of :data:`OUTCOMES` for one game's record."""
    return {
        "final margin": final_margin(record),
        "early leader won": early_leader_won(record),
        "first seat won": float(0 in record.winners) if record.scores and record.ended_by == "rules" else math.nan,
    }


def _options_key(log) -> str:
    return json.dumps(log.options, sort_keys=True)


def games(logs) -> pd.DataFrame:
    """One row per logged game (``logs``: a :class:`~gamedesign.playtest.Playtests`, a list
    of games, or files and folders to load), indexed by ``playtest`` (0, 1, ... in the
    order given).

    Columns: ``file`` (the log's file name), ``game`` (its name), ``title``, ``players``,
    ``people`` (names in seat order, joined by ", "), ``people count``, ``bots``,
    ``played in`` (``"app"``, ``"terminal"``, ``"paper"``), ``date``, ``finished``,
    ``note`` (the header's note: e.g. that a program played), ``options`` (the rule options
    as JSON, what makes two tables the same variant) and ``a person won``; then the columns
    of :func:`.metrics.game_table` (``seat 0 wins`` ... ``length``, ``lead changes``, the
    game's own facts, ``rule used: ...``) and :data:`OUTCOMES` (``final margin``, ``early
    leader won``, ``first seat won``). An unfinished game's outcome measures are NaN.
    """
    logs = _playtests(logs)
    if not logs:
        raise ValueError("no playtests to measure: give logs that load (playtest.load(folder).games)")
    rows, records = [], []
    for index, log in enumerate(logs):
        record = record_of(log, index)
        records.append(record)
        people = [s["person"] for s in log.seats if "person" in s]
        winners = set(record.winners) if log.finished else set()
        rows.append({
            "playtest": index,
            "file": None if log.source is None else log.source.name,
            "game": log.game,
            "title": log.title,
            "players": log.players,
            "people": ", ".join(people),
            "people count": len(people),
            "bots": ", ".join(s["bot"] for s in log.seats if "bot" in s),
            "played in": log.played_in,
            "date": log.date,
            "finished": bool(log.finished),
            "note": log.note,
            "options": _options_key(log),
            "a person won": float(any("person" in log.seats[w] for w in winners)) if log.finished else math.nan,
            **(outcomes(record) if log.finished else dict.fromkeys(["final margin", "early leader won",
                                                                    "first seat won"], math.nan)),
        })
    info = pd.DataFrame(rows).set_index("playtest")
    measured = game_table(records)
    measured.index.name = "playtest"
    unfinished = ~info["finished"]
    for column in ("seat 0 wins", "draw", "mean score", "winning score", "drama", "comeback", "winner clear at",
                   "last-round swing"):
        if column in measured.columns:
            measured.loc[unfinished.values, column] = math.nan
    for column in [c for c in measured.columns if c.startswith("seat ") and c.endswith(" wins")]:
        measured.loc[unfinished.values, column] = math.nan
    paper = [not log.replayable for log in logs]
    if any(paper):
        on_paper = pd.Series(paper, index=measured.index)
        # What only the moves give is empty for a paper game, never made up from its result.
        moves_only = [c for c in measured.columns if c not in _PAPER_MEASURES and not
                      (c.startswith("seat ") and c.endswith(" wins"))]
        measured.loc[on_paper.values, moves_only] = math.nan
        lengths = [(log.paper or {}).get("length") for log in logs]
        measured.loc[on_paper.values, "length"] = [math.nan if n is None else float(n)
                                                    for n, here in zip(lengths, paper) if here]
        info.loc[on_paper.values, "early leader won"] = math.nan
        # A score nobody wrote down leaves the measures that need every score empty.
        gaps = pd.Series([here and any(v is None for v in (log.scores or ())) for log, here in zip(logs, paper)],
                         index=measured.index)
        measured.loc[gaps.values, "mean score"] = math.nan
        info.loc[gaps.values, "final margin"] = math.nan
        sheet = _paper_columns(logs)
        info = info.join(sheet)
    order = [c for c in measured.columns if c not in info.columns]
    return info.join(measured[order])


#: The measures of :func:`.metrics.game_table` a paper game's result gives (its scores,
#: winners and the length written on the sheet); the others need the moves.
_PAPER_MEASURES = ("draw", "timeout", "completed", "length", "mean score", "winning score")


def _paper_columns(logs) -> pd.DataFrame:
    """The paper sheets' tallies (``tally: Confusion`` ...) and mean ratings (``rating:
    Fun`` ...) per game: empty (NaN) for a game played in an app or a terminal."""
    from ..playtest import paper_fields

    fields = paper_fields()
    rows = []
    for index, log in enumerate(logs):
        sheet = log.paper or {}
        row = {"playtest": index}
        for name in fields["counts"]:
            value = (sheet.get("tallies") or {}).get(name)
            row[f"tally: {name}"] = math.nan if value is None else float(value)
        for name in fields["ratings"]:
            given = [r[name] for r in sheet.get("ratings") or () if r.get(name) is not None]
            row[f"rating: {name}"] = float(np.mean(given)) if given else math.nan
        rows.append(row)
    return pd.DataFrame(rows).set_index("playtest")


# ----------------------------------------------------------------------------------------
# Decisions
# ----------------------------------------------------------------------------------------


def _strongest(game, seat: int, seed: int, iterations: int):
    """The strongest bot's estimator for one decision and what its values are: the
    game's search bot (its own settings: Leg Day's batched playouts, GYM's short ones)
    cut to ``iterations`` playouts, every move in reach of the tree. Where the search bot
    plays a policy without searching (The Diet Game), the same search runs with that
    policy playing the person's seat in every playout: the values are the policy's."""
    from ..search import SearchBot, settings

    bot = SearchBot(strength="search", iterations=iterations, widening=None, timed=False, seed=seed)
    bot.reset(game, seat, seed)
    if settings(game)["method"] == "policy":
        how = (f"policy playouts: mean reward of each move, {bot.horizon or 'all'} moves played on with the search "
               "bot's own policy in this seat")
    else:
        how = "search: mean reward of each move in the search bot's imagined games"
    return bot, how


def _decide(log, index: int, estimates: bool, iterations: int, seed: int, seats=None, progress=None) -> list:
    """The rows of :func:`decisions` for one logged game (of the people at ``seats`` only,
    when given; ``progress(done, total)`` after each of their decisions)."""
    from ..bots import make_bot

    if not log.replayable:
        return []  # a paper game: no decision was logged
    game = log.built
    wanted = {s for s, entry in enumerate(log.seats) if "person" in entry and (seats is None or s in seats)}
    total = sum(1 for d in log.decisions if d.seat in wanted)
    done = 0
    state = game.new_state(seed=log.seed)
    rows = []
    round_legal: dict = {}
    round_views: dict = {}
    pending: list = []
    try:
        greedy = make_bot("greedy", game)
    except ValueError:  # a game of your own with no greedy bot: its columns stay empty
        greedy = None
    for number, decision in enumerate(log.decisions):
        if not round_legal:
            movers = state.to_move()
            round_legal = {s: state.legal_actions(s) for s in movers}
            round_views = {s: state.observe(s) for s in movers if s in wanted}
        seat = decision.seat
        legal = list(round_legal.pop(seat))
        action = next(a for a in legal if str(a) == decision.choice)
        pending.append((seat, action))
        if seat in wanted:
            view = round_views[seat]
            rng = random.Random(f"{seed}:{log.seed}:{number}")
            tied = _greedy_moves(greedy, game, seat, view, legal, rng) if greedy is not None else []
            row = {
                "playtest": index, "file": None if log.source is None else log.source.name, "game": log.game,
                "person": log.seats[seat]["person"], "seat": seat, "decision": number,
                "seconds": decision.seconds, "choices": len(legal), "real choice": len(legal) > 1,
                "choice": decision.choice, "greedy choice": tied[0] if tied else None,
                "greedy moves": len(tied) if tied else math.nan,
                "picked the greedy move": float(decision.choice in tied) if tied else math.nan,
            }
            if estimates:
                row.update(_estimate(game, seat, view, legal, decision.choice, rng.getrandbits(32), iterations))
            rows.append(row)
            done += 1
            if progress is not None:
                progress(done, total)
        if not round_legal:
            for s, a in pending:
                state.apply(s, a)
            pending = []
    return rows


def _greedy_moves(greedy, game, seat, view, legal, rng) -> list:
    """The greedy bot's moves from ``view`` as texts, its seeded choice first: every move
    of its tied best."""
    greedy.reset(game, seat, rng.getrandbits(32))
    first = str(greedy.act(view, list(legal)))
    explain = getattr(greedy, "explain", None)
    if explain is not None:
        try:
            pairs = [(str(a), float(v)) for a, v in explain(view, list(legal))]
        except (TypeError, ValueError):
            pairs = []
        if sorted(text for text, _ in pairs) == sorted(map(str, legal)) and first in dict(pairs):
            top = max(v for _, v in pairs)
            return [first] + [text for text, v in pairs if v >= top - 1e-9 and text != first]
    tied = [first]
    for _ in range(GREEDY_SEEDS - 1):
        greedy.reset(game, seat, rng.getrandbits(32))
        move = str(greedy.act(view, list(legal)))
        if move not in tied:
            tied.append(move)
    return tied


def _estimate(game, seat, view, legal, choice: str, seed: int, iterations: int) -> dict:
    """The strongest bot's values for one decision (NaN where there is one move)."""
    if len(legal) < 2:
        return {"bot choice": choice, "picked the bot's move": 1.0, "value of choice": math.nan,
                "best value": math.nan, "value lost": math.nan, "moves valued": 0, "playouts": 0, "estimate by": ""}
    bot, how = _strongest(game, seat, seed, iterations)
    move = bot.act(view, list(legal))
    values = {name: value for name, (_, value) in bot.last_search.get("actions", {}).items()}
    playouts = int(bot.last_search.get("iterations", 0))
    best = max(values.values()) if values else math.nan
    mine = values.get(choice, math.nan)
    return {
        "bot choice": str(move), "picked the bot's move": float(str(move) == choice),
        "value of choice": mine, "best value": best, "value lost": best - mine,
        "moves valued": len(values), "playouts": playouts, "estimate by": how,
    }


def _decide_task(args):
    return _decide(*args)


def decisions(logs, estimates: bool = True, iterations: int | None = None, seed: int = 0,
              workers: int | None = None) -> pd.DataFrame:
    """One row per person's decision in ``logs`` (bots' moves are left out), in log order.

    Each decision is replayed to the moment it was made and the bots are asked from that
    person's observation only (what the screen showed them), never the full state:

    * ``seconds`` (think time as logged), ``choices`` (legal moves), ``real choice``
      (two or more), ``choice``;
    * ``greedy choice`` and ``greedy moves``: the greedy bot's move and how many moves it
      plays there over :data:`GREEDY_SEEDS` seeds (it breaks ties at random); ``picked
      the greedy move``: 1 when the person played one of them;
    * with ``estimates`` (the slow part), the strongest bot's view: ``bot choice``,
      ``picked the bot's move``, ``value of choice`` and ``best value`` (0 to 1: half a
      win, a quarter the players beaten, a quarter the margin), ``value lost`` (best minus
      chosen: 0 when the person played the move the bot valued most), ``moves valued``
      (the moves it tried: a move it never tried has NaN), ``playouts`` (the imagined
      games behind the values: the budget, see ``iterations``) and ``estimate by``: in Leg Day
      and GYM the search bot's mean reward of each move in its imagined games; in The
      Diet Game, whose search bot plays a policy without searching, the value that policy
      gives each move: its mean reward in imagined games where the policy plays this seat
      on (a dozen moves, then scored on the pounds lost so far).

    ``iterations``: search playouts per decision, the bound on the work (default: the
    game's budget, :func:`search_budget`: 32 in Leg Day, whose playouts are batched, 20 in
    GYM and The Diet Game, whose playouts are played move by move; a few hundredths of a
    second a decision). One decision's value is noisy; read the means over many. ``seed``
    seeds every bot (each decision's bots from ``seed``, the game's seed and the
    decision's number, so the same table each run); ``workers`` processes share out the
    games (default: this process), the longest first; the table is the same for any
    number of workers.
    """
    from ..simulate import _process_pool, check_workers

    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int) or not 2 <= iterations <= 10_000
    ):
        raise ValueError(f"iterations must be a whole number from 2 to 10,000 (or None: the game's budget), "
                         f"not {iterations!r}")
    logs = _playtests(logs)
    workers = check_workers(workers) or 1
    tasks = [(log, index, estimates, search_budget(log.built) if iterations is None else iterations, seed)
             for index, log in enumerate(logs)]
    if workers > 1 and len(tasks) > 1:
        # The longest games first, so that no worker is left with a long one at the end;
        # each game's rows depend on its own seeds only, then put back in log order.
        order = sorted(range(len(tasks)), key=lambda i: -len(logs[i].decisions))
        with _process_pool(min(workers, len(tasks))) as pool:
            done = dict(zip(order, pool.map(_decide_task, [tasks[i] for i in order])))
        parts = [done[i] for i in range(len(tasks))]
    else:
        parts = [_decide_task(task) for task in tasks]
    rows = [row for part in parts for row in part]
    columns = ["playtest", "file", "game", "person", "seat", "decision", "seconds", "choices", "real choice",
               "choice", "greedy choice", "greedy moves", "picked the greedy move"]
    if estimates:
        columns += ["bot choice", "picked the bot's move", "value of choice", "best value", "value lost",
                    "moves valued", "playouts", "estimate by"]
    return pd.DataFrame(rows, columns=columns)


# ----------------------------------------------------------------------------------------
# Beside bots
# ----------------------------------------------------------------------------------------


def mean_interval(values, seed: int = 0, resamples: int = RESAMPLES) -> tuple:
    """Mean and 95% interval of ``values`` (NaN left out) and their number: a percentile
    bootstrap of ``resamples`` seeded resamples (good for a few dozen games, and for
    skewed measures such as lead changes), or the Wilson interval when every value is 0 or 1."""
    values = np.asarray(pd.Series(values, dtype="float64").dropna(), dtype=float)
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan, 0
    mean = float(values.mean())
    if np.isin(values, (0.0, 1.0)).all():
        low, high = wilson(int(values.sum()), n)
        return mean, low, high, n
    if n == 1:
        return mean, math.nan, math.nan, 1
    rng = np.random.default_rng(seed)
    means = values[rng.integers(0, n, size=(resamples, n))].mean(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    return mean, float(low), float(high), n


def _fmt(value: float, unit: str = "") -> str:
    if math.isnan(value):
        return "n/a"
    if unit == "%":
        return f"{value:.0%}"
    return f"{value:.1f}" if abs(value) < 10 else f"{value:.0f}"


def _range(low: float, high: float, unit: str) -> str:
    if math.isnan(low):
        return "no interval"
    if unit == "%":
        return f"{low * 100:.0f}-{high * 100:.0f}%"
    return f"{_fmt(low)}-{_fmt(high)}"


#: How each outcome reads when the people's games have more of it than the bots', and less.
_WORDS = {
    "final margin": ("were less close", "were closer"),
    "lead changes": ("had more lead changes", "had fewer lead changes"),
    "early leader won": ("were more often won by the early leader", "were less often won by the early leader"),
    "first seat won": ("were more often won by the first seat", "were less often won by the first seat"),
    "length": ("were longer", "were shorter"),
}


def _verdict(measure, unit, who, p, b, clear, needed) -> str:
    pct = "%" if unit == "%" else ""
    shown = f"{_fmt(p[0], pct)}{'' if pct or not unit else ' ' + unit} against {_fmt(b[0], pct)}"
    ranges = f"({_range(p[1], p[2], pct)} against {_range(b[1], b[2], pct)})"
    bots = f"{who} bots' games"
    if measure == "picked the greedy move":
        if who == "random":
            return (f"people picked what the greedy bot picks {_fmt(p[0], '%')} of the time ({_range(p[1], p[2], '%')}); "
                    f"choosing at random would pick it {_fmt(b[0], '%')} of the time")
        return f"people picked what the greedy bot picks {_fmt(p[0], '%')} of the time ({_range(p[1], p[2], '%')})"
    if math.isnan(p[0]) or math.isnan(b[0]):
        return f"{measure}: not measured in both ({shown})"
    more, less = _WORDS.get(measure, (f"were higher in {measure}", f"were lower in {measure}"))
    if p[0] == b[0] and p[1] == p[2] == b[1] == b[2]:
        return f"the same {measure} as {bots}: {_fmt(p[0], pct)}{'' if pct or not unit else ' ' + unit} in every game"
    if clear:
        word = more if p[0] > b[0] else less
        return f"your games {word} than {bots}: {measure} {shown} {ranges}"
    need = "" if math.isnan(needed) else f"; about {round_games(needed):,} games of each would show a difference this size"
    return f"no clear difference from {bots} in {measure}: {shown} {ranges}{need}"


def compare_with_bots(logs, bots=("random", "greedy", "search"), bot_games=None, seed: int = 0,
                      decisions_table: pd.DataFrame | None = None) -> pd.DataFrame:
    """The people's games beside bots' games of the same variant and seat count.

    For each variant of ``logs`` (game, players and rule options; unfinished games left
    out), each bot of ``bots`` plays ``bot_games`` seeded games (a number, or a dict bot ->
    number; default :data:`BOT_GAMES`, :data:`SEARCH_GAMES` for search bots) with every seat its own, through
    :func:`~gamedesign.lab.record.record_games`. One row per variant, measure and bot:
    ``game``, ``players``, ``options``, ``measure``, ``label``, ``unit``, ``people``
    (mean), ``people low``/``people high`` (95%: Wilson for a yes/no per game, a seeded
    bootstrap for a mean, :func:`mean_interval`), ``people games``, ``bot``, ``bot value``, ``bot low``, ``bot
    high``, ``bot games``, ``difference`` (people minus bots), ``difference low``/``high``
    (the two intervals combined: Newcombe's method), ``clear`` (the interval of the difference
    leaves out 0), ``games needed`` (games of each kind for a difference this size to show
    80% of the time at the 95% level) and ``verdict``, a sentence
    ("your games were closer than greedy bots' games: final margin 6 against 11 (4-8
    against 10-12)"). The measures are :data:`OUTCOMES` and, from the people's decisions
    (``decisions_table``, by default :func:`decisions` without estimates), ``picked the
    greedy move`` beside a random player's rate on the same decisions (bot ``"random"``; its
    Wilson interval counts decisions as if independent, though one person makes many).
    """
    from ..bots import make_bot

    logs = [log for log in _playtests(logs) if log.finished]
    if not logs:
        raise ValueError("no finished playtest to compare: the measures need games that reached their end")
    if isinstance(bots, str):
        bots = (bots,)
    groups: dict = {}
    for log in logs:
        groups.setdefault((log.game, log.players, _options_key(log)), []).append(log)
    rows = []
    for (name, players, options), group in groups.items():
        game = group[0].built
        people = games(group)
        bot_tables = {}
        for spec in bots:
            make_bot(spec, game)  # an unknown name is refused before any game is played
            count = bot_games.get(spec) if isinstance(bot_games, dict) else bot_games
            count = count or BOT_GAMES.get(spec, SEARCH_GAMES)
            records = record_games(game, spec, games=count, seed=seed)
            table = game_table(records)
            extra = pd.DataFrame([outcomes(r) for r in records], index=table.index)
            bot_tables[spec] = table.join(extra)
        for measure in OUTCOMES:
            unit = "%" if measure in ("early leader won", "first seat won") else labels.unit(
                "length" if measure == "length" else ("mean score" if measure == "final margin" else measure), name)
            p = mean_interval(people[measure], seed)
            for spec, table in bot_tables.items():
                b = mean_interval(table[measure], seed)
                rows.append(_row(name, players, options, measure, unit, p, people[measure], spec, b, table[measure]))
        if decisions_table is None:
            chosen = decisions(group, estimates=False, seed=seed)
        else:  # the rows of this variant's files
            files = {None if log.source is None else log.source.name for log in group}
            chosen = decisions_table[(decisions_table["game"] == name) & decisions_table["file"].isin(files)]
        real = chosen[chosen["real choice"]]
        if len(real):
            k, n = int(real["picked the greedy move"].sum()), len(real)
            p = (k / n, *wilson(k, n), n)
            # Beside what a player choosing at random would pick on the same decisions (the
            # greedy bot's share of each decision's moves): worked out, not sampled.
            uniform = float((real["greedy moves"] / real["choices"]).mean())
            rows.append(_row(name, players, options, "picked the greedy move", "%", p, None, "random",
                             (uniform, math.nan, math.nan, n), None))
    return pd.DataFrame(rows)


def _row(name, players, options, measure, unit, p, people_values, spec, b, bot_values) -> dict:
    """One row of :func:`compare_with_bots`: the people's ``p`` and the bots' ``b`` (mean,
    low, high, n). The interval of the difference combines the two intervals shown
    (Newcombe's method for two rates, the same recipe for means: each side's distance from
    its mean to its limit, added in quadrature); a bot value without an interval (a rate
    worked out exactly) counts as known."""
    diff = p[0] - b[0]

    def below(x):
        return 0.0 if math.isnan(x[1]) and x is b else x[0] - x[1]

    def above(x):
        return 0.0 if math.isnan(x[2]) and x is b else x[2] - x[0]

    low = diff - math.sqrt(below(p) ** 2 + above(b) ** 2)
    high = diff + math.sqrt(above(p) ** 2 + below(b) ** 2)
    clear = bool(not math.isnan(low) and not math.isnan(high) and (low > 0 or high < 0))
    spread = math.nan
    if people_values is not None and bot_values is not None:
        sp = pd.Series(people_values, dtype="float64").dropna().std(ddof=1)
        sb = pd.Series(bot_values, dtype="float64").dropna().std(ddof=1)
        spread = math.sqrt(sp ** 2 + sb ** 2) if not (math.isnan(sp) or math.isnan(sb)) else math.nan
    needed = games_needed(spread, diff) if diff and not math.isnan(diff) and not math.isnan(spread) else math.nan
    label = labels.label(measure, name) if measure in labels.MEASURE_NAMES else measure
    return {
        "game": name, "players": players, "options": options, "measure": measure, "label": label, "unit": unit,
        "people": p[0], "people low": p[1], "people high": p[2], "people games": p[3],
        "bot": spec, "bot value": b[0], "bot low": b[1], "bot high": b[2], "bot games": b[3],
        "difference": diff, "difference low": low, "difference high": high, "clear": clear,
        "games needed": needed, "verdict": _verdict(measure, unit, spec, p, b, clear, needed),
    }


__all__ = [
    "BOT_GAMES",
    "DECISION_MEASURES",
    "EARLY",
    "GREEDY_SEEDS",
    "OUTCOMES",
    "SEARCH_GAMES",
    "SEARCH_ITERATIONS",
    "compare_with_bots",
    "decisions",
    "early_leader_won",
    "final_margin",
    "games",
    "mean_interval",
    "outcomes",
    "record_of",
    "search_budget",
]
