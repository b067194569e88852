"""How the design lab reads GYM (its lab profile): after each turn of the play phase, the
points of the player's team on the board, each Kid's value at its event, the game's facts,
and the records of games played at once on the batch path.
"""

from __future__ import annotations


import numpy as np

from ...lab.profile import GameRecord, Profile, nonzero_dicts as _nonzero_dicts, ragged as _ragged
from .batch import DeckArrays, SIDES, play, score
from .rules import team_of


def _gym_checkpoint(state):
    return None if state.phase == "pick" else (state.phase, state.turn)


def _gym_standing(state) -> tuple:
    points = state.team_points() if state.board else [0, 0]
    return tuple(points[team_of(s)] for s in range(state.game.num_players))


def _gym_cards(state, result):
    """Each Kid on a team's side scores its value in the event's colour for every seat of that team."""
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


PROFILE = Profile(
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
)


__all__ = ["PROFILE"]
