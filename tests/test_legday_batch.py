"""Leg Day's batch path (``gamedesign/games/legday/batch.py``) at what the batch contract cannot say.

The batch contract (``test_batch_contract.py``) checks every game with a batch path alike:
at every decision along engine games, the batch's count of choices (the different cards
in hand), its random pick (uniform over them) and its greedy pick (the greedy bot's tied
best cards); the final cards of batch games scored by the engine; the distribution of
every table column. Leg Day's adapter there (``batch_adapters.LegDayAdapter``) replays
engine games through the batch's ``play``. This module checks what is Leg Day's own: the
batch's scoring of any collection (random ones, with many ties and eliminations) under
every scoring option, the greedy bot's values card by card (not only which card is best),
and that those values do not depend on how the games are blocked.
"""

from __future__ import annotations

import pytest

import gamedesign

from batch_adapters import legday_counts as _counts


OPTION_SETS = [
    dict(curl_overflow=c, shake_second_after_tie=s, tiebreak_shakes=t, eliminated_in_shake_race=e)
    for c in ("cap", "new_set")
    for s in (True, False)
    for t in ("images", "cards")
    for e in (False, True)
] + [
    dict(curl_overflow=c, tiebreak_shakes=t, eliminated_in_shake_race=e, elimination=rule, elimination_penalty=p)
    for c, t, e in (("cap", "images", False), ("new_set", "cards", True))
    for rule, p in (("penalty", 10), ("penalty", 3), ("none", 10))
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_batch_scoring_gives_the_scores_of_score_tableaus(options):
    import random

    import numpy as np

    from gamedesign.games.legday.batch import score_counts

    rng = random.Random(str(options))
    for players in (2, 3, 4, 6):
        game = gamedesign.load("legday", players=players, **options)
        names = game.deck.full_deck()
        for _ in range(25):
            # Few cards and many Leg Days make ties and eliminations common.
            tableaus = [
                [(rng.choice(names[:40] + names[-30:]), rng.random() < 0.5) for _ in range(rng.randrange(0, 15))]
                for _ in range(players)
            ]
            report = game.score_tableaus(tableaus)
            scored = score_counts(game, *_counts(game, tableaus))
            points = [None if np.isnan(p) else int(p) for p in scored["points"][0]]
            assert points == list(report.points)
            assert tuple(np.flatnonzero(scored["eliminated"][0])) == report.eliminated
            assert tuple(np.flatnonzero(scored["penalised"][0])) == report.penalised
            assert [None if np.isnan(p) else p for p in scored["breakdown"][0, :, -1]] == [
                None if b is None else b["Leg Day"] for b in report.breakdown]
            assert tuple(np.flatnonzero(scored["winners"][0])) == report.winners
            assert scored["decided_by"][0] == report.decided_by
            assert tuple(scored["collection_points"][0]) == report.collection_points
            assert tuple(scored["shake_images"][0]) == report.shake_images


@pytest.mark.parametrize("elimination", ["fewest", "penalty", "none"])
def test_batch_greedy_values_are_the_greedy_bots(elimination):
    import random

    from gamedesign.games.legday.batch import _GreedyValues
    from gamedesign.bots import make_bot

    rng = random.Random(5)
    for players in (2, 4, 5):
        game = gamedesign.load("legday", players=players, elimination=elimination, elimination_penalty=6)
        values = _GreedyValues(game)
        bot = make_bot("greedy", game)
        state = game.new_state(seed=players)
        while not state.is_over():
            collections, face_up = _counts(game, state.tableaus)
            made = len(state.tableaus[0])
            gains = values.gains(collections, face_up, state.day_type() == "Gym Day", made)
            for seat in range(players):
                bot.reset(game, seat, 0)
                expected = bot.card_values(state.observe(seat))
                for name, value in expected.items():
                    t = [c.name for c in game.deck.cards].index(name)
                    assert abs(gains[0, seat, t] - value) < 0.006, (name, gains[0, seat, t], value)
            for seat in state.to_move():
                state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_batch_greedy_values_do_not_depend_on_how_the_games_are_blocked(monkeypatch):
    """The gains are worked out a block of games at a time; any block size gives the same
    numbers, to the last bit."""
    import numpy as np

    from gamedesign.games.legday import batch
    from gamedesign.games.legday.batch import _GreedyValues

    game = gamedesign.load("legday", players=4)
    values = _GreedyValues(game)
    rng = np.random.default_rng(3)
    collections = rng.integers(0, 4, size=(700, 4, len(game.deck.cards))).astype(np.int16)
    face_up = (collections * rng.integers(0, 2, size=collections.shape)).astype(np.int16)
    whole = values.gains(collections, face_up, True, 5)
    assert whole.shape == collections.shape and np.isfinite(whole).all()
    monkeypatch.setattr(batch, "GAINS_BLOCK", 64)
    assert np.array_equal(values.gains(collections, face_up, True, 5), whole)
    one = values.gains(collections[123:124], face_up[123:124], True, 5)
    assert np.array_equal(one[0], whole[123])
