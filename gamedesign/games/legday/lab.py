"""How the design lab reads Don't Skip Leg Day (its lab profile): after each day, each
player's collection points so far (``score_tableaus`` on all their own cards, face up and
face down, with the shake race; elimination ignored), each card's share of its category's
points, the game's facts, and the records of games played at once on the batch path.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from ...lab.profile import GameRecord, Profile, nonzero_dicts as _nonzero_dicts
from .batch import play, score_counts
from .cards import CATEGORIES, CATEGORY
from .scoring import RunningTallies, collection_totals, rule_counts


def _legday_standing(state) -> tuple:
    return tuple(state.game._score_own(state.tableaus).collection_points)


def _legday_game_standing(start):
    """:func:`_legday_standing` for the states of one game, each seat's cards counted on
    from the last checkpoint (the same numbers)."""
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

    for category in CATEGORIES:
        facts[f"points from {category}"] = sum(b[category] for b in scored) / len(scored) if scored else float("nan")
    return facts


def _legday_batch_records(game, bots, labels, first: int, games: int, rng) -> list:
    """Record ``games`` games played at once on Leg Day's batch path with ``rng`` (the
    games of ``simulate(..., batch=True)`` for the chunk of that stream), numbered from
    ``first``: the same facts as the object path's records, worked out from the arrays."""
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

    # The rule events of scoring.rule_use, game by game, from the game's own rule.
    events = list(game.rule_events)  # in the game's order
    curl_sets = len(deck.scoring["curl_points"])
    curls = c[..., kind == "curl"].sum(axis=-1).tolist()
    decided = scored["decided_by"]
    rows = zip(alive.tolist(), scored["shake_images"].tolist(), scored["leg_days"].tolist(),
               scored["eliminated"].tolist(), scored["penalised"].sum(axis=1).tolist(), decided.tolist(), curls)
    use = [rule_counts(*row, curl_sets=curl_sets, elimination=o.elimination,
                       eliminated_in_shake_race=o.eliminated_in_shake_race) for row in rows]

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
            rule_use={event: use[g][event] for event in events},
            game_name=game.name,
            path="batch",
        ))
    return records


PROFILE = Profile(
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
)


__all__ = ["PROFILE"]
