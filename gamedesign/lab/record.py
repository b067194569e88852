"""Record seeded games, move by move or from a batch path's arrays, for the design
measures in :mod:`.metrics`.

:func:`record_games` plays the same games as :func:`gamedesign.simulate` (the same game
and bot seeds from the same ``seed``, game by game) and keeps, for each game, a
:class:`GameRecord`: the outcome, how many legal actions each decision point offered, a
running *standing* of every seat after each round, the cards taken and what they scored,
counts of every kind of action, and how often each rule option's branch fired (the game's
``rule_events``, read from ``State.rule_use()`` at the end).

The standing is a number per seat, higher is better, sampled at the end of each round
(a *checkpoint*). Each game defines it in its :class:`Profile`:

* Leg Day: after each day, each player's collection points so far (``score_tableaus`` on
  all their own cards, face up and face down, with the shake race; elimination ignored).
* GYM: after each turn of the play phase, the points of the player's team on the board.
* Diet: after each turn, the pounds the player has lost (minus their weight change).

Leg Day, GYM and The Diet Game are recorded on their batch paths where those play the bots
and rules (``_legday_batch_records``, ``_gym_batch_records``, ``_diet_batch_records``:
the same facts, worked out from the arrays and the trace each batch ``play`` keeps when
asked); see :func:`record_games`.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections import Counter
from itertools import chain
from typing import Callable

from ..bots import make_bot
from ..runtime import cores
from ..simulate import (
    MAX_GAMES, MAX_MOVES, _process_pool, check_workers, _run, _unpicklable, _whole, lineup, play_game, run_seed,
)

try:  # the seeds of gamedesign.simulate, so that recorded games are the simulated games
    from ..simulate import _seeds
except ImportError:  # pragma: no cover - the same derivation, should simulate move it
    import numpy as np

    def _seeds(seed: int, games: int) -> list:
        out = []
        for child in np.random.SeedSequence(seed).spawn(games):
            words = child.generate_state(8, dtype=np.uint32)
            out.append((int(words[0]), [int(w) for w in words[1:]]))
        return out


@dataclasses.dataclass
class GameRecord:
    """What one game left behind, for the design measures.

    ``winners`` and ``scores`` as in :class:`~gamedesign.core.Result`; ``length`` is the
    game's length in its own unit (see :data:`PROFILES`); ``ended_by`` is ``"rules"``
    or ``"turn limit"``; ``legal_counts`` has one entry per decision point (how many
    legal actions the mover had); ``standings`` one tuple per checkpoint (one number per
    seat); ``card_points``/``card_copies`` one dict per seat (card -> points it scored,
    copies held at the end); ``picks``/``offers`` count, per card, the decision points
    where it was chosen / could be chosen; ``actions`` counts actions by kind; ``facts``
    holds the game's own numbers; ``rule_use`` counts how often each rule event of the
    game (``Game.rule_events``, every one of them, 0 when it never happened) fired;
    ``game_name`` is the game's name (``"legday"``); ``path`` the path that played it,
    ``"object"`` (the engine, move by move) or ``"batch"`` (see :func:`record_games`).
    """

    game: int = 0
    players: int = 2
    winners: tuple = ()
    scores: tuple = ()
    length: int = 0
    ended_by: str = "rules"
    legal_counts: list = dataclasses.field(default_factory=list)
    standings: list = dataclasses.field(default_factory=list)
    card_points: list = dataclasses.field(default_factory=list)
    card_copies: list = dataclasses.field(default_factory=list)
    picks: dict = dataclasses.field(default_factory=dict)
    offers: dict = dataclasses.field(default_factory=dict)
    actions: dict = dataclasses.field(default_factory=dict)
    facts: dict = dataclasses.field(default_factory=dict)
    bots: tuple = ()
    rule_use: dict = dataclasses.field(default_factory=dict)
    game_name: str = ""
    path: str = "object"


@dataclasses.dataclass(frozen=True)
class Profile:
    """How the lab reads one game: when to sample, the standing, length, cards, facts."""

    length_unit: str
    checkpoint: Callable  # state -> hashable key, or None (no checkpoint now)
    standing: Callable  # state -> tuple of numbers, one per seat (higher is better)
    length: Callable  # (state, actions Counter) -> int
    card_of: Callable  # action -> card name or None
    cards: Callable | None  # (state, result) -> (points per seat, copies per seat)
    facts: Callable  # (state, result, actions Counter) -> dict of numbers
    ended_by: Callable  # result -> "rules" or "turn limit"
    #: A fresh standing function for one game (it may keep counts from one checkpoint
    #: to the next), given the game's first state; None: ``standing`` serves every game.
    game_standing: Callable | None = None
    #: legal actions -> the set of cards among them (``card_of`` of each, without None),
    #: where a game has a quicker way; None: worked out with ``card_of``.
    offered: Callable | None = None
    #: ``(game, bots, labels, first, games, rng) -> records`` of games played at once on
    #: the game's batch path (those of ``simulate(..., batch=True)``); None: no batch path
    #: for the lab.
    batch_records: Callable | None = None
    #: game -> what must be equal for two variants' batch games to draw the same random
    #: numbers (Leg Day and Diet: the number of cards, which the shuffle draws one number
    #: for each; GYM: the numbers of events and Kids); paired comparisons of variants that
    #: differ in it take the object path.
    batch_pairing: Callable | None = None


# ----------------------------------------------------------------------------------------
# Don't Skip Leg Day
# ----------------------------------------------------------------------------------------


def _legday_standing(state) -> tuple:
    return tuple(state.game._score_own(state.tableaus).collection_points)


def _legday_game_standing(start):
    """:func:`_legday_standing` for the states of one game, each seat's cards counted on
    from the last checkpoint (the same numbers)."""
    from ..games.legday.scoring import RunningTallies, collection_totals

    game = start.game
    tallies = RunningTallies(game._facts)
    rules = game._scoring_rules()

    def standing(state) -> tuple:
        if state.game is not game:
            return _legday_standing(state)
        try:
            counted = tallies(state.tableaus)
        except (KeyError, TypeError, ValueError):  # not the engine's own cards
            return _legday_standing(state)
        return collection_totals(counted, **rules)

    return standing


def _legday_cards(state, result):
    """Each card's share of the points of its scoring category (eliminated: 0).

    Pull-Ups score their printed points, a face-up Leg Day its penalty, a face-down one 0;
    the other categories are split evenly among the cards that made them.
    """
    deck = state.game.deck
    from ..games.legday.cards import CATEGORY

    points, copies = [], []
    for seat, tableau in enumerate(state.tableaus):
        held = Counter(card for card, _ in tableau)
        copies.append(dict(held))
        breakdown = result.breakdown[seat]
        mine = Counter()
        if breakdown is not None:
            by_category = Counter(CATEGORY[deck.card(card).kind] for card, _ in tableau)
            for card, face_up in tableau:
                c = deck.card(card)
                if c.kind == "pullup":
                    mine[card] += c.points
                elif c.kind == "legday":
                    mine[card] += deck.scoring["legday_face_up_points"] if face_up else 0
                else:
                    category = CATEGORY[c.kind]
                    mine[card] += breakdown[category] / by_category[category]
        points.append({card: mine.get(card, 0) for card in held})
    return points, copies


def _legday_facts(state, result, actions) -> dict:
    scored = [b for b in result.breakdown if b is not None]
    facts = {
        "eliminated players": len(result.details["eliminated"]),
        "decided by a tie-break": float("tie" in result.details["decided_by"]),
    }
    from ..games.legday.cards import CATEGORIES

    for category in CATEGORIES:
        facts[f"points from {category}"] = sum(b[category] for b in scored) / len(scored) if scored else float("nan")
    return facts


def _legday_batch_records(game, bots, labels, first: int, games: int, rng) -> list:
    """Record ``games`` games played at once on Leg Day's batch path with ``rng`` (the
    games of ``simulate(..., batch=True)`` for the chunk of that stream), numbered from
    ``first``: the same facts as the object path's records, worked out from the arrays."""
    import numpy as np

    from ..games.legday.batch import play, score_counts
    from ..games.legday.cards import CATEGORIES, CATEGORY

    deck, o = game.deck, game.options
    n = game.num_players
    collections, face_up, trace = play(game, bots, games, rng, trace=True)
    scored = score_counts(game, collections, face_up)
    kinds = [card.kind for card in deck.cards]
    names = [card.name for card in deck.cards]
    c = collections.astype(np.int64)
    up = face_up.astype(np.int64)
    kind = np.array(kinds)

    # Each card's share of its category's points (see _legday_cards).
    alive = ~scored["eliminated"]
    breakdown = np.nan_to_num(scored["breakdown"])  # (games, players, categories); 0 when out
    category_of = np.array([CATEGORIES.index(CATEGORY[k]) for k in kinds])
    per_category = np.zeros(breakdown.shape)
    for i in range(len(CATEGORIES)):
        per_category[..., i] = c[..., category_of == i].sum(axis=-1)
    share = breakdown[..., category_of] / np.maximum(per_category[..., category_of], 1)
    points = np.array([card.points for card in deck.cards])
    card_points = np.where(kind == "pullup", c * points, np.where(kind == "legday", up * deck.scoring["legday_face_up_points"], c * share))
    card_points = np.where(alive[..., None], card_points, 0)

    # The rule events of scoring.rule_use, game by game.
    images, leg_days = scored["shake_images"], scored["leg_days"]
    curls = c[..., kind == "curl"].sum(axis=-1)
    in_race = np.ones_like(alive) if o.eliminated_in_shake_race else alive
    racing = in_race & (images > 0)
    most = np.where(racing, images, -1).max(axis=1, keepdims=True)
    fewest_images = np.where(racing, images, np.iinfo(np.int64).max).min(axis=1)
    decided = scored["decided_by"]
    shared_or_shakes = np.array([d.startswith("shared win") or d.startswith("tie on points, broken by most Protein")
                                 for d in decided])
    use = {
        "curl overflow": (alive & (curls > len(deck.scoring["curl_points"]))).sum(axis=1),
        "shake tie for most": ((racing.sum(axis=1) > 1) & ((racing & (images == most)).sum(axis=1) > 1)
                               & (fewest_images < most[:, 0])).astype(int),
        "shake tie-break": ((o.elimination != "none") & ((leg_days == leg_days.min(axis=1, keepdims=True)).sum(axis=1) > 1)
                            ).astype(int) + shared_or_shakes,
        "eliminated player with shakes": (scored["eliminated"] & (images > 0)).sum(axis=1),
        "elimination applied": scored["eliminated"].sum(axis=1) + scored["penalised"].sum(axis=1),
    }
    events = list(game.rule_events)  # in the game's order
    use = list(zip(*[use[event].tolist() for event in events])) if events else [()] * games

    totals = scored["points"]
    category_means = breakdown.sum(axis=1) / np.maximum(alive.sum(axis=1), 1)[:, None]  # NaN below when nobody scored
    legal = trace["legal"].transpose(1, 0, 2).reshape(games, -1).tolist()  # day by day, seat by seat
    standings = trace["standings"].transpose(1, 0, 2).tolist()
    # Only the cards held (or offered): one flat list of them, in game and seat order.
    copies, points = _nonzero_dicts(c.reshape(games * n, -1), names, c.reshape(games * n, -1),
                                    card_points.reshape(games * n, -1))
    offers, = _nonzero_dicts(trace["offers"], names)
    picks, = _nonzero_dicts(c.sum(axis=1), names)
    winners = scored["winners"].tolist()
    eliminated = scored["eliminated"].sum(axis=1).tolist()
    tie = ["tie" in d for d in decided]
    means = category_means.tolist()
    totals = totals.tolist()
    days = game.total_days
    point_names = [f"points from {category}" for category in CATEGORIES]
    nothing = [math.nan] * len(CATEGORIES)
    seats = range(n)
    records = []
    for g in range(games):
        scores = tuple([None if v != v else int(v) for v in totals[g]])
        facts = {"eliminated players": eliminated[g], "decided by a tie-break": float(tie[g])}
        facts.update(zip(point_names, means[g] if any(v is not None for v in scores) else nothing))
        records.append(GameRecord(
            game=first + g,
            players=n,
            winners=tuple([s for s in seats if winners[g][s]]),
            scores=scores,
            length=days,
            ended_by="rules",
            legal_counts=legal[g],
            standings=list(map(tuple, standings[g])),
            card_points=points[g * n : (g + 1) * n],
            card_copies=copies[g * n : (g + 1) * n],
            picks=picks[g],
            offers=offers[g],
            actions={"Pick": days * n},
            facts=facts,
            bots=labels,
            rule_use=dict(zip(events, use[g])),
            game_name=game.name,
            path="batch",
        ))
    return records


def _nonzero_dicts(counts, names, *values) -> list:
    """For each row of ``counts`` (rows x types), ``{name: value}`` of its nonzero types:
    one list of dicts per array of ``values`` (``counts`` itself when none is given)."""
    import numpy as np

    rows, types = np.nonzero(counts)  # row by row, types in order
    at = np.searchsorted(rows, np.arange(len(counts) + 1)).tolist()
    keys = np.array(names, dtype=object)[types].tolist()
    spans = list(zip(at, at[1:]))
    out = []
    for v in values or (counts,):
        column = v[rows, types].tolist()
        out.append([dict(zip(keys[a:b], column[a:b])) for a, b in spans])
    return out


# ----------------------------------------------------------------------------------------
# GYM
# ----------------------------------------------------------------------------------------


def _gym_checkpoint(state):
    return None if state.phase == "pick" else (state.phase, state.turn)


def _gym_standing(state) -> tuple:
    from ..games.gym.rules import team_of

    points = state.team_points() if state.board else [0, 0]
    return tuple(points[team_of(s)] for s in range(state.game.num_players))


def _gym_cards(state, result):
    """Each Kid on a team's side scores its value in the event's colour for every seat of that team."""
    from ..games.gym.rules import team_of

    deck = state.game.deck
    per_team = [dict(), dict()]
    for event, sides in state.board.items():
        colour = deck.event(event).colour
        for t, side in enumerate(sides):
            for kid in side:
                if kid:
                    per_team[t][kid] = deck.kid(kid).value(colour)
    n = state.game.num_players
    return [dict(per_team[team_of(s)]) for s in range(n)], [dict.fromkeys(per_team[team_of(s)], 1) for s in range(n)]


def _gym_facts(state, result, actions) -> dict:
    facts = {
        "Coach placements": actions.get("Coach", 0),
        "Event Actions used": sum(actions.get(k, 0) for k in ("Lift", "Switch", "Swap", "Move", "Force", "PickFrom")),
        "Brat advances": actions.get("Advance", 0),
        "decided by a tie": float(result.details["decided_by_tie"]),
    }
    for event in state.game.deck.event_by_name:
        facts[f"in play: {event}"] = float(event in state.in_play)
    return facts


def _gym_batch_records(game, bots, labels, first: int, games: int, rng) -> list:
    """Record ``games`` games played at once on GYM's batch path with ``rng`` (the games
    of ``simulate(..., batch=True)`` for the chunk of that stream), numbered from
    ``first``: the object path's facts, worked out from the arrays and the batch's
    :class:`~gamedesign.games.gym.batch.Trace`."""
    import numpy as np

    from ..games.gym.batch import SIDES, DeckArrays, play, score

    n = game.num_players
    deck = DeckArrays(game.deck)
    g, trace = play(game, bots, games, rng, trace=True)
    points = score(g, deck)  # (games, events, teams)
    totals = points.sum(axis=1)
    team = np.arange(n) % 2
    legal = _ragged(trace.legal, games)
    standings = np.stack(trace.standings, axis=1)[:, :, team].tolist()  # (games, checkpoints, seats)
    # What each Kid on a team's side scores there (each team's Kids once, in deck order).
    loc = g.loc.astype(np.int64)
    on = loc < SIDES
    value = np.where(on, deck.value[np.arange(len(deck.kids))[None, :], np.where(on, loc // 2, 0)], 0)
    sides = np.stack([on & (loc % 2 == t) for t in (0, 1)], axis=1).reshape(games * 2, -1)
    held, worth = _nonzero_dicts(sides, deck.kids, sides.astype(np.int64),
                                 np.repeat(value, 2, axis=0).reshape(games * 2, -1) * sides)
    offers, = _nonzero_dicts(trace.offers, deck.kids)
    taken = dict.fromkeys(deck.kids, 1)  # every Kid is taken once in the Pick phase
    kinds = list(trace.actions)
    actions = np.stack([trace.actions[k] for k in kinds], axis=1).tolist()
    used = ("Lift", "Switch", "Swap", "Move", "Force", "PickFrom")
    event_actions = sum(trace.actions[k] for k in used).tolist()
    coach, advances = trace.actions["Coach"].tolist(), trace.actions["Advance"].tolist()
    tie = (totals[:, 0] == totals[:, 1]).tolist()
    winner = np.where(totals[:, 0] >= totals[:, 1], 0, 1).tolist()  # a tie goes to team A
    seats = [game.team_seats(t) for t in (0, 1)]
    in_play = g.in_play.tolist()
    events = [f"in play: {e}" for e in deck.events]
    rule_events = list(game.rule_events)
    use = np.stack([trace.rule_use[e] for e in rule_events], axis=1).tolist()
    scores = totals[:, team].tolist()
    length = int(trace.actions["Take"][0] + trace.actions["Place"][0]) if games else 0
    records = []
    for i in range(games):
        facts = {"Coach placements": coach[i], "Event Actions used": event_actions[i], "Brat advances": advances[i],
                 "decided by a tie": float(tie[i])}
        facts.update(zip(events, map(float, in_play[i])))
        sides_of = (held[2 * i], held[2 * i + 1]), (worth[2 * i], worth[2 * i + 1])
        records.append(GameRecord(
            game=first + i,
            players=n,
            winners=tuple(seats[winner[i]]),
            scores=tuple(scores[i]),
            length=length,
            ended_by="rules",
            legal_counts=legal[i],
            standings=list(map(tuple, standings[i])),
            card_points=[dict(sides_of[1][s % 2]) for s in range(n)],
            card_copies=[dict(sides_of[0][s % 2]) for s in range(n)],
            picks=dict(taken),
            offers=offers[i],
            actions={kind: count for kind, count in zip(kinds, actions[i]) if count},
            facts=facts,
            bots=labels,
            rule_use=dict(zip(rule_events, use[i])),
            game_name=game.name,
            path="batch",
        ))
    return records


# ----------------------------------------------------------------------------------------
# The Diet Game
# ----------------------------------------------------------------------------------------


def _diet_facts(state, result, actions) -> dict:
    d = result.details
    return {
        "answers played": sum(d["laziness_played"]) + sum(d["willpower_played"]),
        "cheats played": sum(d["cheats_played"]),
        "fattening meals fed": sum(d["fattening_played"]),
        "reshuffles": d["reshuffles"],
    }


def _diet_cards(state, result):
    """Each card a player played and the pounds it swung in that player's favour.

    A meal eaten or an Exercise that counts: the pounds it took off (a Well Balanced
    meal 0); a fattening meal fed, a Cheat that lands: the pounds it put on the opponent;
    Laziness: the pounds of the Exercise it cancelled; Willpower: the pounds of the Cheat
    it cancelled; a cancelled Exercise or Cheat: 0. Read from the game's log lines.
    """
    deck = state.game.deck
    names = {state.name(s): s for s in range(state.game.num_players)}
    patterns = _diet_patterns(tuple(names), tuple(deck.card_names()))
    lines = [
        (patterns[0], lambda c: -deck.card(c["c"]).pounds, None),
        (patterns[1], lambda c: deck.card(c["c"]).pounds, None),
        (patterns[2], lambda c: -deck.card(c["c"]).pounds, None),
        (patterns[3], lambda c: -deck.card(c["d"]).pounds, ("q", "d")),
        (patterns[4], lambda c: 0, ("q", "d")),
        (patterns[5], lambda c: deck.card(c["c"]).pounds, None),
    ]
    points = [Counter() for _ in names]
    copies = [Counter() for _ in names]
    for line in state.log:
        for pattern, worth, answer in lines:
            found = pattern.match(line)
            if not found:
                continue
            seat = names[found["p"]]
            points[seat][found["c"]] += worth(found)
            copies[seat][found["c"]] += 1
            if answer is not None:  # the card that answered: Laziness keeps nothing, Willpower saves the Cheat
                other, answered = names[found[answer[0]]], found[answer[1]]
                copies[other][answered] += 1
                saved = deck.card(found["c"]).pounds if pattern is lines[4][0] else 0
                points[other][answered] += saved
            break
    return [dict(p) for p in points], [dict(c) for c in copies]


def _diet_batch_records(game, bots, labels, first: int, games: int, rng) -> list:
    """Record ``games`` games played at once on The Diet Game's batch path with ``rng``
    (the games of ``simulate(..., batch=True)`` for the chunk of that stream), numbered
    from ``first``: the object path's facts, worked out from the batch's :class:`Trace`
    (each card's pounds as :func:`_diet_cards` reads them from the log)."""
    import numpy as np

    from ..games.diet.batch import play

    n = game.num_players
    done = play(game, bots, games, rng, trace=True)
    trace = done.trace
    names = game.deck.card_names()
    turns = done.turns
    legal = _ragged(trace.legal, games)
    # The weights after each turn, as far as each game went (turns 1 to its last).
    weights = np.stack(trace.standings, axis=1) if trace.standings else np.zeros((n, 0, games), dtype=np.int32)
    went = np.arange(weights.shape[1])[None, :] < turns[:, None]  # (games, turns)
    flat = (-weights).transpose(2, 1, 0)[went].tolist()  # game by game, turn by turn
    at = np.concatenate([[0], np.cumsum(went.sum(axis=1))]).tolist()
    copies = trace.copies.transpose(2, 0, 1).reshape(games * n, -1)
    held, points = _nonzero_dicts(copies, names, copies, trace.points.transpose(2, 0, 1).reshape(games * n, -1))
    offers, = _nonzero_dicts(trace.offers.T, names)
    picks, = _nonzero_dicts(trace.picks.T, names)
    kinds = ("Discard", "Play", "Skip", "Pass")
    actions = np.stack([trace.discards, trace.plays, trace.skips, trace.passes], axis=1).tolist()
    tally = {name: values.sum(axis=0) for name, values in done.tally.items()}
    answers = (tally["laziness_played"] + tally["willpower_played"]).tolist()
    cheats, fed = tally["cheats_played"].tolist(), tally["fattening_played"].tolist()
    reshuffles = done.reshuffles.tolist()
    scores = done.weights.T.tolist()
    winner = done.winner.tolist()
    last_place = trace.last_place_skips.tolist()
    events = list(game.rule_events)
    records = []
    for g in range(games):
        records.append(GameRecord(
            game=first + g,
            players=n,
            winners=() if winner[g] < 0 else (winner[g],),
            scores=tuple(scores[g]),
            length=int(turns[g]),
            ended_by="rules" if winner[g] >= 0 else "turn limit",
            legal_counts=legal[g],
            standings=list(map(tuple, flat[at[g] : at[g + 1]])),
            card_points=points[g * n : (g + 1) * n],
            card_copies=held[g * n : (g + 1) * n],
            picks=picks[g],
            offers=offers[g],
            actions={kind: count for kind, count in zip(kinds, actions[g]) if count},
            facts={"answers played": answers[g], "cheats played": cheats[g], "fattening meals fed": fed[g],
                   "reshuffles": reshuffles[g]},
            bots=labels,
            rule_use={event: last_place[g] if event == "meal skipped in last place" else 0 for event in events},
            game_name=game.name,
            path="batch",
        ))
    return records


def _ragged(steps, games: int) -> list:
    """From ``(games, values)`` array pairs, one a step in the order of play, each game's
    values in that order: one list a game."""
    import numpy as np

    if not steps:
        return [[] for _ in range(games)]
    where = np.concatenate([g for g, _ in steps])
    values = np.concatenate([v for _, v in steps])
    order = np.argsort(where, kind="stable")  # game by game, each game's steps in order
    flat = values[order].tolist()
    at = np.concatenate([[0], np.cumsum(np.bincount(where, minlength=games))]).tolist()
    return [flat[a:b] for a, b in zip(at, at[1:])]


@functools.lru_cache(maxsize=32)
def _diet_patterns(players: tuple, cards: tuple) -> tuple:
    """The log lines of played cards, as patterns (made once per deck and table of players)."""
    import re

    who = "|".join(map(re.escape, sorted(players, key=len, reverse=True)))
    card = "|".join(map(re.escape, sorted(cards, key=len, reverse=True)))
    return (
        re.compile(rf"^(?P<p>{who}) ate (?P<c>{card}) \("),
        re.compile(rf"^(?P<p>{who}) fed (?:{who}) (?P<c>{card}) \("),
        re.compile(rf"^(?P<p>{who}) exercised: (?P<c>{card}) \("),
        re.compile(rf"^(?P<p>{who}) played (?P<c>{card}) on (?P<q>{who})'s (?P<d>{card}): it does not count"),
        re.compile(rf"^(?P<p>{who}) played (?P<c>{card}) on (?P<q>{who}); (?:{who}) cancelled it with (?P<d>{card})"),
        re.compile(rf"^(?P<p>{who}) played (?P<c>{card}) on (?:{who}) \("),
    )


PROFILES = {
    "legday": Profile(
        length_unit="days",
        checkpoint=lambda state: (state.week, state.day),
        standing=_legday_standing,
        length=lambda state, actions: state.game.total_days,
        card_of=lambda action: getattr(action, "card", None),
        cards=_legday_cards,
        facts=_legday_facts,
        ended_by=lambda result: "rules",
        game_standing=_legday_game_standing,
        offered=lambda legal: {action.card for action in legal},
        batch_records=_legday_batch_records,
        batch_pairing=lambda game: game.deck.size,
    ),
    "gym": Profile(
        length_unit="turns (24 picks and 24 placements with the standard deck)",
        checkpoint=_gym_checkpoint,
        standing=_gym_standing,
        length=lambda state, actions: actions.get("Take", 0) + actions.get("Place", 0),
        card_of=lambda action: getattr(action, "kid", None) if type(action).__name__ == "Take" else None,
        cards=_gym_cards,
        facts=_gym_facts,
        ended_by=lambda result: "rules",
        batch_records=_gym_batch_records,
        # The batch path deals from a random number for each event and each Kid.
        batch_pairing=lambda game: (len(game.deck.events), len(game.deck.kids)),
    ),
    "diet": Profile(
        length_unit="turns",
        checkpoint=lambda state: (state.turn, state.is_over()),
        standing=lambda state: tuple(-w for w in state.weights),
        length=lambda state, actions: state.turn,
        card_of=lambda action: getattr(action, "card", None),
        cards=_diet_cards,
        facts=_diet_facts,
        ended_by=lambda result: "turn limit" if result.details["ended_by"] == "turn limit" else "rules",
        batch_records=_diet_batch_records,
        batch_pairing=lambda game: game.deck.size,
    ),
}


def has_own_profile(game) -> bool:
    """True when the lab reads ``game`` through a profile of its own (not the generic one)."""
    return game.lab_profile() is not None or game.name in PROFILES


def profile_of(game) -> Profile:
    """How the lab reads ``game``: its own ``Game.lab_profile()``, else the built-in
    profile of its name, else the generic profile of :mod:`.generic`."""
    own = game.lab_profile()
    if own is not None:
        return own
    if game.name in PROFILES:
        return PROFILES[game.name]
    from .generic import generic_profile

    return generic_profile(game)


class _Decisions(list):
    """Notes each decision point of a game: ``(legal actions offered, the cards among
    them, the card chosen)``, as ``play_game`` reports every checked choice."""

    def __init__(self, card_of, offered=None):
        super().__init__()
        self.card_of, self.offered = card_of, offered

    def on_choice(self, seat, legal, action) -> None:
        card_of = self.card_of
        if self.offered is not None:
            offered = self.offered(legal)
        else:
            offered = set(map(card_of, legal))
            offered.discard(None)
        self.append((len(legal), offered, card_of(action)))


class _MoveLog:
    """Counts the moves of one game by kind and samples the standings at each checkpoint."""

    def __init__(self, profile: Profile, start, max_moves: int):
        self.profile, self.max_moves = profile, max_moves
        self.checkpoint = profile.checkpoint
        self.standing = profile.standing if profile.game_standing is None else profile.game_standing(start)
        self.last = profile.checkpoint(start)  # sample when a round ends, not at the first move
        self.moves = 0
        self.actions: Counter = Counter()
        self.standings: list = []

    def on_move(self, seat, action, state) -> None:
        self.moves += 1
        self.actions[type(action).__name__] += 1
        key = self.checkpoint(state)
        if key is not None and key != self.last:
            self.last = key
            self.standings.append(self.standing(state))

    def stop(self, state) -> bool:
        return self.moves >= self.max_moves


#: Runs of at least this many games are recorded on all cores when no ``workers`` are given.
PARALLEL_FROM = 400

#: Games per chunk sent to a worker process.
CHUNK = 100

def record_games(
    game, bots, games: int = 200, seed: int = 0, max_moves: int = MAX_MOVES, progress=None, *, workers=None,
    executor=None, batch: bool | None = None,
) -> list:
    """Play ``games`` games of ``game`` between ``bots`` from ``seed`` and return one
    :class:`GameRecord` per game: the games ``gamedesign.simulate`` plays on the same path
    with the same seed (same seeds, same results).

    Which path plays: ``batch=None`` (the default) takes the batch path where the lab can
    record it (:data:`Profile.batch_records`: Leg Day, GYM and The Diet Game with random
    and greedy bots and the rules their batch paths play, the games of ``simulate(...,
    batch=True)``), else the object path (the games of ``simulate(..., batch=False)``,
    move by move, which ``play_game`` can replay: other bots, GYM's
    ``play_phase_first="weaker_hands"``, a game without a batch path, a ``max_moves``).
    ``batch=True`` asks for the batch path (an error if there is none), ``batch=False``
    for the object path. Each record's ``path`` says which path played it. Both paths
    play the same rules with the same distributions; they are not the same games for
    the same seed.

    ``max_moves`` (:data:`gamedesign.simulate.MAX_MOVES` by default, the limit of every
    game played) stops a game that runs on (recorded as ended by ``"turn limit"``, no
    winner, where ``simulate`` stops with an error): a limit of the object path, so any value but the default records there. ``progress(done, total)`` is called as games finish, if
    given. ``workers``: processes to record in (by default every core for
    ``PARALLEL_FROM`` games or more on the object path, and for two batch chunks or more
    on the batch path; else this process); ``executor``: a ``concurrent.futures``
    executor to use instead. The records are the same however the games are shared out.
    """
    _whole("games", games, 1, MAX_GAMES)  # before any use of the number
    workers = check_workers(workers)
    bots, _ = lineup(game, bots, games)  # a list from here on (an iterator is read once)
    if batch_recorded(game, bots, batch, max_moves):
        tasks = batch_record_tasks(game, bots, games, seed)
        if executor is None and workers is None:
            workers = cores() if len(tasks) > 1 else 1
        return _run_tasks(_batch_chunk, tasks, games, progress, workers, executor)
    if executor is None:
        if workers is None:
            workers = cores() if games >= PARALLEL_FROM else 1
        if workers > 1 and (games <= CHUNK or _unpicklable(game, bots) is not None):
            workers = 1
    if (executor is None and workers <= 1) or games <= CHUNK:
        report = None if progress is None else (lambda done: progress(done, games))
        (args, _), = record_tasks(game, bots, games, seed, max_moves, chunk=max(games, 1))
        return _record_chunk(*args, report=report)
    return _run_tasks(_record_chunk, record_tasks(game, bots, games, seed, max_moves), games, progress, workers,
                      executor)


def _run_tasks(work, tasks, games: int, progress, workers, executor) -> list:
    """The records of ``tasks`` (chunks for ``work``) in game order, here or on a pool."""
    bar = None if progress is None else _Progress(progress, games)
    own_pool = None
    if executor is None and workers > 1 and len(tasks) > 1:
        own_pool = executor = _process_pool(min(workers, len(tasks)))
    return [record for part in _run(work, tasks, executor, own_pool, bar) for record in part]


def batch_recorded(game, bots, batch, max_moves: int = MAX_MOVES, name: str = "") -> bool:
    """Whether :func:`record_games` takes the batch path for ``batch`` (None, True or
    False): with None, when the lab can record ``game`` on its batch path for ``bots``;
    True refuses a game, bots or ``max_moves`` it cannot, naming why."""
    import numpy as np

    from ..simulate import _shown, batch_path

    if batch is not None and not isinstance(batch, (bool, np.bool_)):
        raise ValueError(f"batch must be True, False or None, not {_shown(batch)}")
    if batch is not None and not batch:  # False, or numpy's False
        return False
    specs, _ = lineup(game, bots, 1)
    for spec in specs:
        make_bot(spec, game)  # an unknown name is refused as simulate refuses it
    recorder = profile_of(game).batch_records
    module = batch_path(game, specs)
    if batch is None:
        return recorder is not None and module is not None and max_moves == MAX_MOVES
    what = f"{name!r} ({game.title})" if name else game.title
    if recorder is None:
        raise ValueError(f"the design lab records {what} on the object path only; use batch=False or None")
    if module is None:
        from ..registry import game_module

        allowed = getattr(game_module(game.name), "BATCH_BOTS", ())
        raise ValueError(f"the {what} batch path plays only bots named {', '.join(allowed)} and the rules it knows, "
                         f"not {specs}; use batch=False or None")
    if max_moves != MAX_MOVES:
        raise ValueError("max_moves limits games on the object path only; use batch=False with it")
    return True


def batch_record_tasks(game, bots, games: int, seed) -> list:
    """The chunks of a batch-path :func:`record_games` as ``(arguments of _batch_chunk,
    games)`` pairs: the chunks and random streams of ``simulate(..., batch=True)``."""
    from ..registry import game_module
    from ..simulate import batch_chunks

    bots, labels = lineup(game, bots, games)
    return [((game, tuple(bots), tuple(labels), first, count, stream), count)
            for first, count, stream in batch_chunks(_whole_seed(seed), games, game_module(game.name).BATCH_SIZE)]


def _batch_chunk(game, bots, labels, first: int, games: int, stream) -> list:
    """Record one batch chunk: ``games`` games at once from the random ``stream``.

    The garbage collector waits meanwhile: the records are thousands of small dicts and
    lists without cycles, whose creation would otherwise start a collection again and
    again (each one scanning every record made so far)."""
    import gc

    import numpy as np

    paused = gc.isenabled()
    gc.disable()
    try:
        return profile_of(game).batch_records(game, list(bots), labels, first, games, np.random.default_rng(stream))
    finally:
        if paused:
            gc.enable()


def record_tasks(game, bots, games: int, seed, max_moves: int = MAX_MOVES, chunk: int = CHUNK) -> list:
    """The chunks of :func:`record_games` (``chunk`` games each) as ``(arguments of
    _record_chunk, games)`` pairs, in game order: to be run here or side by side, with
    other runs' chunks (:func:`~gamedesign.lab.compare.run_variants`)."""
    bots, labels = lineup(game, bots, games)
    seed = _whole_seed(seed)
    labels = tuple(labels)
    seeds = _seeds(seed, games)
    return [
        ((game, bots, labels, start, seeds[start : start + chunk], seed, max_moves), len(seeds[start : start + chunk]))
        for start in range(0, max(games, 1), chunk)
    ]


class _Progress:
    """``progress(done, total)`` as the progress bar that ``simulate``'s runner updates."""

    def __init__(self, progress, total: int):
        self.progress, self.total, self.done = progress, total, 0

    def update(self, games: int) -> None:
        self.done += games
        self.progress(self.done, self.total)

    def close(self) -> None:
        pass


def _record_chunk(game, bots, labels, first: int, seeds, seed: int, max_moves: int, report=None) -> list:
    """Record the games of ``seeds``, numbered from ``first``, of the run from ``seed``."""
    n = game.num_players
    profile = profile_of(game)
    decisions = _Decisions(profile.card_of, profile.offered)
    players = [make_bot(spec, game, timed=False) for spec in bots]  # the same seed, the same moves
    built = [isinstance(spec, str) for spec in bots]  # built here from a name, never seen outside
    records = []
    for offset, (game_seed, bot_seeds) in enumerate(seeds):
        index = first + offset
        decisions.clear()
        start = game.new_state(seed=game_seed)
        log = _MoveLog(profile, start, max_moves)
        state = play_game(
            start,
            players,
            bot_seeds,
            on_move=log.on_move,
            until=log.stop,
            game_index=index,
            run_seed=seed,
            on_choice=decisions.on_choice,
            max_moves=max_moves,  # never reached: ``until`` stops the game first
            _built=built,
        )
        standings, actions = log.standings, log.actions
        offers = Counter(chain.from_iterable([offered for _, offered, _ in decisions]))
        picks = Counter([chosen for _, _, chosen in decisions if chosen is not None])
        record = GameRecord(
            game=index,
            players=n,
            legal_counts=[count for count, _, _ in decisions],
            standings=standings,
            picks=dict(picks),
            offers=dict(offers),
            actions=dict(actions),
            bots=labels,
            rule_use=_rule_use(game, state),
            game_name=game.name,
        )
        if state.is_over():
            result = state.result()
            record.winners, record.scores = tuple(result.winners), tuple(result.scores)
            record.length = profile.length(state, actions)
            record.ended_by = profile.ended_by(result)
            record.facts = profile.facts(state, result, actions)
            if profile.cards is not None:
                record.card_points, record.card_copies = profile.cards(state, result)
        else:
            record.scores = (None,) * n
            record.length = profile.length(state, actions)
            record.ended_by = "turn limit"
        records.append(record)
        if report is not None:
            report(offset + 1)
    return records


def _rule_use(game, state) -> dict:
    """Every rule event of ``game`` with its count in ``state`` (0 for one that never fired),
    read once at the end of a game."""
    counted = state.rule_use()
    return {event: counted.get(event, 0) for event in game.rule_events}


def _whole_seed(seed) -> int:
    if seed is None:
        raise ValueError("seed must be a whole number (the games of simulate(..., seed=seed)), not None")
    return run_seed(seed)


__all__ = ["GameRecord", "PROFILES", "Profile", "batch_recorded", "has_own_profile", "profile_of", "record_games"]
