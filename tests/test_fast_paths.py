"""The engine's quick paths give what the plain paths give.

Seeds worked out for all games at once, Leg Day's legal picks kept from day to day, its
memory of hands worked out when asked, the lab's running standings and the generator's
quick draws: each is compared here with the slower path it stands in for.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import gamedesign
from gamedesign.bots import RandomBot, make_bot
from gamedesign.games.legday.saves import expected_seen
from gamedesign.simulate import _seeds, _seeds_one_by_one, play_game


@pytest.mark.parametrize("seed", [0, 1, 2**32 - 1, 2**32, 123456789012345, 2**64 - 1])
def test_seeds_are_numpys_seed_sequence_children(seed):
    children = np.random.SeedSequence(seed).spawn(40)
    want = [(int(w[0]), [int(x) for x in w[1:]]) for w in (c.generate_state(8, dtype=np.uint32) for c in children)]
    assert _seeds(seed, 40) == want == _seeds_one_by_one(seed, 40)


def _random_decisions(game, seed):
    """Every (state, seat) where a seat must move, along a seeded game of random moves."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        movers = state.to_move()
        for seat in movers:
            yield state, seat
        seat = rng.choice(movers)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_kept_legal_picks_match_the_hands(players):
    game = gamedesign.load("legday", players=players)
    rank = {card.name: i for i, card in enumerate(game.deck.cards)}
    for seed in range(8):
        for state, seat in _random_decisions(game, seed):
            want = [c for c in sorted(set(state.hands[seat]), key=rank.__getitem__)]
            assert [a.card for a in state.legal_actions(seat)] == want
            assert [a.card for a in state.clone().legal_actions(seat)] == want


def test_a_changed_copy_offers_the_picks_of_its_own_hands():
    game = gamedesign.load("legday", players=4)
    state = game.new_state(seed=3)
    for seat in range(4):
        state.legal_actions(seat)  # kept for the original
    variants = (state.hidden_variant(0, random.Random(k)) for k in range(200))
    other = next(v for v in variants if v.hands != state.hands)  # a hand changed in place
    for seat in range(4):
        assert sorted(a.card for a in other.legal_actions(seat)) == sorted(set(other.hands[seat]))


def test_memory_of_hands_is_the_same_asked_at_the_start_or_at_the_end():
    game = gamedesign.load("legday", players=4)
    eager, lazy = game.new_state(seed=9), game.new_state(seed=9)
    eager.seen  # asked for: kept day by day from now on
    bots = [RandomBot() for _ in range(4)]
    play_game(eager, bots, [1, 2, 3, 4])
    play_game(lazy, bots, [1, 2, 3, 4])
    assert eager._seen is not None and lazy._seen is None
    assert lazy.seen == eager.seen == expected_seen(eager)
    assert lazy.to_json() == eager.to_json()


def test_every_bots_choice_is_checked_even_a_built_in_ones():
    """A shipped bot with a changed generator or helper is served and checked like any
    bot: it sees a plain observation of its own, and an illegal choice stops the game."""
    from gamedesign.bots import BotError

    game = gamedesign.load("legday", players=4)
    cheat = make_bot("greedy", game)
    seen = []

    def peek(observation, names):
        seen.append(observation)
        observation["tableaus"][1].append(["Zero", True])  # changing its view changes nothing
        return [0.0] * len(names)

    cheat._gains = peek
    state = game.new_state(seed=2)
    play_game(state, [cheat] + [make_bot("random", game) for _ in range(3)], [1, 2, 3, 4])
    assert seen and all(type(view) is dict for view in seen)
    assert all(len(row) == game.total_days for row in state.tableaus)
    wrong = make_bot("random", game)
    wrong.reset(game, 0, 0)

    class Liar(random.Random):
        def getrandbits(self, k):
            return 0

        def randrange(self, n):
            return n  # one past the end of the list

    wrong.reset = lambda game, seat, seed: None  # keeps its lying generator
    wrong.rng = Liar()
    with pytest.raises(BotError, match="seat 0"):
        play_game(game.new_state(seed=2), [wrong] + [make_bot("random", game) for _ in range(3)], [1, 2, 3, 4])


def test_the_greedy_bot_counting_on_values_cards_as_a_fresh_bot_does():
    """The greedy bot counts each row on from its last decision; asked about a position of
    another game in between, or about a changed copy of its view, it still gives the
    values a bot that never saw a position before gives."""
    game = gamedesign.load("legday", players=4)
    kept = make_bot("greedy", game)
    kept.reset(game, 0, 1)
    other = [(state.clone(), seat) for state, seat in _random_decisions(game, 99)]  # the same days, other cards
    for seed in range(4):
        for step, (state, seat) in enumerate(_random_decisions(game, seed)):
            names = [a.card for a in state.legal_actions(seat)]
            fresh = make_bot("greedy", game)
            fresh.reset(game, 0, 1)
            view = state.observe(seat)
            assert kept._gains(view, names) == fresh._gains(state.observe(seat), names)
            if step % 7 == 3:  # a look at another game, or at a view changed after it was counted
                elsewhere, where = other[step % len(other)]
                stranger = make_bot("greedy", game)
                stranger.reset(game, 0, 1)
                assert kept._gains(elsewhere.observe(where), names) == stranger._gains(elsewhere.observe(where), names)
                view["tableaus"][seat][:1] = [["Zero", True]] if view["tableaus"][seat] else []


def test_lab_standings_counted_on_equal_scoring_every_day():
    from gamedesign.games.legday.lab import _legday_game_standing, _legday_standing

    game = gamedesign.load("legday", players=4, curl_overflow="new_set", tiebreak_shakes="cards")
    for seed in range(4):
        state = game.new_state(seed=seed)
        standing = _legday_game_standing(state)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in state.to_move():
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            want = tuple(game.score_tableaus(state.tableaus).collection_points)
            assert standing(state) == want == _legday_standing(state)


def test_the_quick_shuffle_and_seeding_are_the_generators_own():
    from gamedesign.core import draw_below, seeded_random, shuffle

    for seed in (0, 7, 2**32 - 1, 2**40 + 3, -12):
        assert seeded_random(seed).getstate() == random.Random(seed).getstate()
        for size in (0, 1, 2, 108, 109, 500):
            mine, theirs = seeded_random(seed), random.Random(seed)
            cards, want = list(range(size)), list(range(size))
            shuffle(mine, cards)
            theirs.shuffle(want)
            assert cards == want and mine.getstate() == theirs.getstate()  # and the stream goes on the same
        for n in (1, 2, 3, 9, 108, 1024, 1025, 10**6):
            mine, theirs = seeded_random(seed), random.Random(seed)
            assert [draw_below(mine, n) for _ in range(50)] == [theirs.randrange(n) for _ in range(50)]
            assert mine.getstate() == theirs.getstate()
