"""The engine's quick paths give what the plain paths give.

Seeds worked out for all games at once, Leg Day's legal picks kept from day to day, its
memory of hands worked out when asked, the observations the built-in bots read, the
greedy bot counting on from rows it has seen, the lab's running standings, and the
built-in bots playing a game out in the state: each is compared here with the slower
path it stands in for.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import gamedesign
from gamedesign.bots import RandomBot, make_bot
from gamedesign.games.legday.saves import expected_seen
from gamedesign.simulate import _seeds, _seeds_one_by_one, _trust, play_game


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
def test_kept_legal_picks_and_bot_views_match_the_plain_ones(players):
    game = gamedesign.load("legday", players=players)
    rank = {card.name: i for i, card in enumerate(game.deck.cards)}
    for seed in range(8):
        for state, seat in _random_decisions(game, seed):
            want = [c for c in sorted(set(state.hands[seat]), key=rank.__getitem__)]
            assert [a.card for a in state.legal_actions(seat)] == want
            assert [a.card for a in state.clone().legal_actions(seat)] == want
            view, plain = state._bot_view(seat), state.observe(seat)
            assert view["tableaus"] == plain["tableaus"] and view["day_type"] == plain["day_type"]
            assert dict(view.items()) == plain  # every key, the lazy ones too


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
    play_game(eager, bots, [1, 2, 3, 4], _built=[True] * 4)
    play_game(lazy, bots, [1, 2, 3, 4], _built=[True] * 4)
    assert eager._seen is not None and lazy._seen is None
    assert lazy.seen == eager.seen == expected_seen(eager)
    assert lazy.to_json() == eager.to_json()


def test_built_in_bots_playing_on_their_own_play_the_same_games():
    for players, bot in ((4, "random"), (4, "greedy"), (3, "greedy")):
        game = gamedesign.load("legday", players=players)
        for seed in range(5):
            quick, plain = game.new_state(seed=seed), game.new_state(seed=seed)
            bots = [make_bot(bot, game) for _ in range(players)]
            play_game(quick, bots, list(range(players)), _built=[True] * players)
            moves = []
            play_game(plain, bots, list(range(players)), on_move=lambda seat, action, state: moves.append(action))
            assert quick.to_json() == plain.to_json()
            assert len(moves) == players * game.total_days
            served = game.new_state(seed=seed)  # the same bots passed in by a caller: served as any bot
            play_game(served, bots, list(range(players)))
            assert served.to_json() == plain.to_json()


def test_greedy_gains_are_the_same_on_fresh_and_on_kept_observations():
    game = gamedesign.load("legday", players=4)
    kept, fresh = make_bot("greedy", game), make_bot("greedy", game)
    kept.reset(game, 0, 1)
    fresh.reset(game, 0, 1)
    for seed in range(6):
        for state, seat in _random_decisions(game, seed):
            names = [a.card for a in state.legal_actions(seat)]
            assert kept._gains(state._bot_view(seat), names) == fresh._gains(state.observe(seat), names)


class _Subclass(RandomBot):
    pass


def test_only_the_built_in_bots_as_shipped_are_trusted(monkeypatch):
    game = gamedesign.load("legday", players=4)
    assert _trust(RandomBot()) == 2 and _trust(make_bot("greedy", game)) == 2
    assert _trust(_Subclass()) == 0
    replaced = RandomBot()
    replaced.act = lambda observation, legal: legal[0]
    assert _trust(replaced) == 0
    monkeypatch.setattr(RandomBot, "act", lambda self, observation, legal: legal[0])
    assert _trust(RandomBot()) == 0


def test_a_bot_object_a_caller_passes_is_never_trusted_even_a_patched_built_in_one():
    """A shipped greedy bot with a patched helper gets copies and checks like any bot: it
    cannot reach the state through its view, and an illegal choice stops the game."""
    from gamedesign.bots import BotError

    game = gamedesign.load("legday", players=4)
    cheat = make_bot("greedy", game)
    seen = []

    def peek(observation, names):
        seen.append(type(observation))
        return [0.0] * len(names)

    cheat._gains = peek
    bots = [cheat] + [make_bot("random", game) for _ in range(3)]
    play_game(game.new_state(seed=2), bots, [1, 2, 3, 4])
    assert seen and all(kind is dict for kind in seen)  # a plain observation, never the state's view
    others = [make_bot("random", game) for _ in range(3)]
    for seat, bot in enumerate(others, 1):
        bot.reset(game, seat, seat)
    wrong = make_bot("random", game)
    wrong.reset(game, 0, 0)
    wrong.rng = type("Liar", (), {"randrange": lambda self, n: n, "_randbelow": lambda self, n: n})()
    with pytest.raises(BotError):  # its choice is checked: an index past the list
        play_game(game.new_state(seed=2), [wrong] + others)


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
    from gamedesign.core import seeded_random, shuffle

    for seed in (0, 7, 2**32 - 1, 2**40 + 3, -12):
        assert seeded_random(seed).getstate() == random.Random(seed).getstate()
        for size in (0, 1, 2, 108, 109, 500):
            mine, theirs = seeded_random(seed), random.Random(seed)
            cards, want = list(range(size)), list(range(size))
            shuffle(mine, cards)
            theirs.shuffle(want)
            assert cards == want and mine.getstate() == theirs.getstate()  # and the stream goes on the same
