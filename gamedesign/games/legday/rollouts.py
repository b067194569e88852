"""Leg Day playouts in batches: many sampled games finished at once by greedy players.

The search bot (``gamedesign.search``) compares its candidate picks by playing each one
in many sampled states (``sample_state``) and letting greedy players finish the game.
One at a time on the object engine a playout costs about 2 ms; here the states are
copied into the arrays of ``batch.py`` (cards as counts per type) and finished
together, a few hundred in a few milliseconds. The greedy choices are those of
``batch.py`` (the greedy bot's estimate for every card type at once, ties at random),
tested against the greedy bot in ``tests/test_search.py``.
"""

from __future__ import annotations

import numpy as np

from .batch import _GreedyValues, score_counts


def _type_index(game) -> dict:
    """Card name -> its type's index in the deck's card list."""
    index = getattr(game, "_rollout_types", None)
    if index is None:
        index = {card.name: t for t, card in enumerate(game.deck.cards)}
        game._rollout_types = index
    return index


def _values(game) -> _GreedyValues:
    """The greedy players' values of ``game``, worked out once a game."""
    values = getattr(game, "_rollout_values", None)
    if values is None:
        values = game._rollout_values = _GreedyValues(game)
    return values


def prepare(game) -> None:
    """Work out once what :func:`finish` needs for ``game`` (the card types, the greedy
    players' values) and finish one throwaway game, so that no timed decision pays for
    a first run."""
    if getattr(game, "_rollouts_ready", False):
        return
    _type_index(game)
    _values(game)
    state = game.new_state(seed=0)
    finish(game, [state], [state.hands[0][0]], 0, np.random.default_rng(0))
    game._rollouts_ready = True


def finish(game, states, firsts, seat: int, rng: np.random.Generator) -> dict:
    """Finish every state in ``states`` (all at the same week and day, ``seat`` to pick)
    with ``seat`` picking ``firsts[k]`` (a card name) now in state k, every other pick by
    greedy players; returns the final scoring of :func:`batch.score_counts` (arrays over
    the states: ``points``, ``winners``, ``eliminated`` ...).

    Other seats pick today as greedy players would (their picks are hidden, so whatever
    a sampled state holds in ``state.pending`` is not used); the states are not changed.
    """
    deck = game.deck
    n, types = game.num_players, len(deck.cards)
    index = _type_index(game)
    games = len(states)
    size, days, weeks = deck.hand_size, deck.days_per_week, deck.weeks
    week, day = states[0].week, states[0].day
    collections = np.zeros((games, n, types), dtype=np.int16)
    face_up = np.zeros((games, n, types), dtype=np.int16)
    hands = np.zeros((games, n, types), dtype=np.int16)
    pending = np.full((games, n), -1, dtype=np.int64)
    future = weeks - week
    dealt = np.zeros((games, future, n, types), dtype=np.int16)
    for k, state in enumerate(states):
        for p in range(n):
            for card, up in state.tableaus[p]:
                t = index[card]
                collections[k, p, t] += 1
                if up:
                    face_up[k, p, t] += 1
            for card in state.hands[p]:
                hands[k, p, index[card]] += 1
        pending[k, seat] = index[firsts[k]]
        pile = state.pile
        for w in range(future):
            for p in range(n):
                top = len(pile) - (w * n + p) * size
                for card in pile[top - size : top]:
                    dealt[k, w, p, index[card]] += 1
    values = _values(game)
    g_index = np.arange(games)[:, None]
    p_index = np.arange(n)[None, :]
    first = True
    while week <= weeks:
        step = 1 if week % 2 == 1 else -1
        while day <= days:
            gym_day = day % 2 == week % 2
            present = hands > 0
            made = (week - 1) * days + day - 1
            value = np.where(present, values.gains(collections, face_up, gym_day, made), -np.inf)
            tied = (value >= value.max(axis=2, keepdims=True) - 1e-9) & present
            nth = (rng.random((games, n)) * tied.sum(axis=2)).astype(np.int64)
            pick = np.argmax(np.cumsum(tied, axis=2) > nth[..., None], axis=2)
            if first:
                pick = np.where(pending >= 0, pending, pick)
                first = False
            hands[g_index, p_index, pick] -= 1
            collections[g_index, p_index, pick] += 1
            if gym_day:
                face_up[g_index, p_index, pick] += 1
            if day < days:
                hands = np.roll(hands, step, axis=1)
            day += 1
        week, day = week + 1, 1
        if week <= weeks:
            hands = dealt[:, week - states[0].week - 1].copy()
    return score_counts(game, collections, face_up)


__all__ = ["finish", "prepare"]
