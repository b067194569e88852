"""One protocol test for every registered game: random games from many seeds."""

from __future__ import annotations

import json
import random

import pytest

import gamedesign
from gamedesign import IllegalAction


SEEDS = range(12)


def player_counts(name):
    cls = gamedesign.registry.game_module(name).GAME_CLASS
    return list(cls.allowed_players or range(cls.min_players, cls.max_players + 1))


CASES = [(name, n) for name in gamedesign.GAMES for n in player_counts(name)]


def random_playout(state, rng, on_step=None, limit=100_000):
    steps = 0
    while not state.is_over():
        movers = state.to_move()
        assert movers, "a game that is not over must have someone to move"
        seat = rng.choice(movers)
        legal = state.legal_actions(seat)
        assert legal, f"player {seat} must move but has no legal action"
        action = rng.choice(legal)
        if on_step:
            on_step(state, seat, action)
        state.apply(seat, action)
        steps += 1
        assert steps < limit, "game did not end"
    return state


@pytest.mark.parametrize("name,players", CASES)
def test_random_games_end_with_a_result(name, players):
    game = gamedesign.load(name, players=players)
    for seed in SEEDS:
        state = random_playout(game.new_state(seed=seed), random.Random(seed))
        assert state.to_move() == []
        result = state.result()
        assert len(result.scores) == players
        assert all(0 <= w < players for w in result.winners)
        assert all(result.scores[w] is not None for w in result.winners)
        assert all(state.legal_actions(p) == [] for p in range(players))


@pytest.mark.parametrize("name,players", CASES)
def test_same_seed_same_game_and_actions_round_trip_as_text(name, players):
    game = gamedesign.load(name, players=players)
    a, b = game.new_state(seed=7), game.new_state(seed=7)
    rng = random.Random(3)
    while not a.is_over():
        assert a.to_json() == b.to_json()
        seat = rng.choice(a.to_move())
        action = rng.choice(a.legal_actions(seat))
        assert game.parse_action(str(action)) == action
        a.apply(seat, action)
        b.apply(seat, str(action))
    assert a.result() == b.result()


@pytest.mark.parametrize("name,players", CASES)
def test_illegal_moves_are_refused_without_change(name, players):
    game = gamedesign.load(name, players=players)
    state = game.new_state(seed=5)
    rng = random.Random(5)
    checked = 0

    def probe(state, seat, action):
        nonlocal checked
        if rng.random() > 0.2:
            return
        before = state.to_json()
        waiting = [p for p in range(players) if p not in state.to_move()]
        if waiting:
            with pytest.raises(IllegalAction, match="not player"):
                state.apply(waiting[0], state.legal_actions(seat)[0])
        legal = set(map(str, state.legal_actions(seat)))
        other_state = game.new_state(seed=rng.randrange(10**6))
        foreign = [a for p in other_state.to_move() for a in other_state.legal_actions(p) if str(a) not in legal]
        if foreign:
            with pytest.raises(IllegalAction, match="allowed"):
                state.apply(seat, foreign[0])
        with pytest.raises(IllegalAction):
            state.apply(players + 3, action)
        with pytest.raises(IllegalAction):
            state.apply(seat, "this is no move")
        assert state.to_json() == before
        checked += 1

    random_playout(state, rng, probe)
    assert checked > 0
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, "anything")


@pytest.mark.parametrize("name,players", CASES)
def test_clones_are_independent(name, players):
    game = gamedesign.load(name, players=players)
    state = game.new_state(seed=11)
    rng = random.Random(11)
    for _ in range(5):
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    copy = state.clone()
    frozen = state.to_json()
    assert copy.to_json() == frozen
    random_playout(copy, random.Random(1))
    assert state.to_json() == frozen
    assert not state.is_over()


@pytest.mark.parametrize("name,players", CASES)
def test_save_and_load_keeps_the_same_future(name, players):
    game = gamedesign.load(name, players=players)
    for seed in SEEDS[:4]:
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 30)):
            if state.is_over():
                break
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        loaded = game.state_from_json(state.to_json())
        assert loaded.to_json() == state.to_json()
        a = random_playout(state, random.Random(seed + 100))
        b = random_playout(loaded, random.Random(seed + 100))
        assert a.to_json() == b.to_json()
        assert a.result() == b.result()


@pytest.mark.parametrize("name,players", CASES)
def test_observations_are_json_and_hide_what_a_player_cannot_know(name, players):
    game = gamedesign.load(name, players=players)
    rng = random.Random(2)
    variants = 0

    def check(state, seat, action):
        nonlocal variants
        for p in range(players):
            view = state.observe(p)
            assert json.loads(json.dumps(view)) == view
            # Change only what p cannot know: p's view must not change.
            variant = state.hidden_variant(p, rng)
            if variant is not None:
                assert variant.to_json() != state.to_json()
                assert variant.observe(p) == view
                variants += 1

    for seed in SEEDS[:3]:
        state = random_playout(game.new_state(seed=seed), rng, check)
        for p in range(players):
            assert json.loads(json.dumps(state.observe(p))) == state.observe(p)
    assert variants > 0


@pytest.mark.parametrize("name", gamedesign.GAMES)
def test_unknown_names_counts_and_options_are_refused_clearly(name):
    with pytest.raises(ValueError, match="allowed"):
        gamedesign.load("no such game")
    with pytest.raises(ValueError, match="players"):
        gamedesign.load(name, players=99)
    with pytest.raises(ValueError, match="allowed options"):
        gamedesign.load(name, no_such_option=True)
    game = gamedesign.load(name)
    with pytest.raises(ValueError, match="allowed"):
        game.parse_action("fly to the moon")
    with pytest.raises(ValueError, match="seed"):
        game.new_state(seed=-1)
