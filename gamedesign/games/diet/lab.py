"""How the design lab reads The Diet Game (its lab profile): after each turn, the pounds
each player has lost (minus their weight change), the pounds each card swung, the game's
facts (read from its log lines), and the records of games played at once on the batch path.
"""

from __future__ import annotations

import functools
import re
from collections import Counter

import numpy as np

from ...lab.profile import GameRecord, Profile, nonzero_dicts as _nonzero_dicts, ragged as _ragged
from .batch import play


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




@functools.lru_cache(maxsize=32)
def _diet_patterns(players: tuple, cards: tuple) -> tuple:
    """The log lines of played cards, as patterns (made once per deck and table of players)."""
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


PROFILE = Profile(
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
)


__all__ = ["PROFILE"]
