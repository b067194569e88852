"""A student's game that cannot end stops with a message, in every loop that plays bots."""

from __future__ import annotations

import re

import pytest

import gamedesign
from gamedesign.bots import RandomBot, make_bot
from gamedesign.lab import record_games
from gamedesign.registry import unregister
from gamedesign.simulate import MAX_MOVES, GameError

from own_games import EndlessGame, StuckGame


@pytest.fixture
def registered():
    """Register the broken games, and forget them afterwards."""
    gamedesign.register(EndlessGame)
    gamedesign.register(StuckGame)
    yield
    for name in ("endless", "stuck"):
        if name in gamedesign.registry._REGISTERED:
            unregister(name)


def test_simulate_stops_a_game_that_never_ends_at_the_move_limit(registered):
    game = gamedesign.load("endless")
    for bots in ("random", [RandomBot(), RandomBot()]):  # bots built from names, and bot objects
        with pytest.raises(GameError) as err:
            gamedesign.simulate(game, bots, games=3, seed=4)
        text = str(err.value)
        assert re.match(r"Endless Race \('endless'\), game 0 \(game seed \d+, run seed 4\): ", text), text
        assert f"not over after {MAX_MOVES:,} moves (max_moves)" in text
        assert "run gamedesign.check_game(EndlessGame)" in text


def test_play_game_stops_at_max_moves_and_names_the_seed(registered):
    state = gamedesign.load("endless").new_state(seed=11)
    played = []
    with pytest.raises(GameError, match=r"Endless Race \('endless'\), game seed 11: not over after 50 moves"):
        gamedesign.play_game(state, [RandomBot(), RandomBot()], [1, 2], on_move=lambda *move: played.append(move),
                             max_moves=50)
    assert len(played) == 50


def test_a_shipped_game_is_held_to_a_smaller_limit_too():
    with pytest.raises(GameError, match="not over after 5 moves"):
        gamedesign.simulate(gamedesign.load("legday"), "random", games=1, max_moves=5)
    with pytest.raises(ValueError, match="max_moves limits games on the object path only"):
        gamedesign.simulate(gamedesign.load("legday"), "random", games=1, max_moves=5, batch=True)
    with pytest.raises(ValueError, match="max_moves must be a whole number 1 or more"):
        gamedesign.simulate(gamedesign.load("legday"), "random", games=1, max_moves=0)


def test_record_games_still_records_a_long_game_as_cut_at_the_turn_limit(registered):
    records = record_games(gamedesign.load("endless"), "random", games=2, max_moves=40)
    assert [r.ended_by for r in records] == ["turn limit", "turn limit"]


@pytest.mark.parametrize("bots", ["random", "objects"])
def test_a_mover_without_a_legal_move_is_refused_at_once(registered, bots):
    game = gamedesign.load("stuck")
    players = "random" if bots == "random" else [RandomBot(), RandomBot()]
    with pytest.raises(GameError) as err:
        gamedesign.simulate(game, players, games=2, seed=3)
    text = str(err.value)
    assert re.match(r"Stuck Race \('stuck'\), game 0 \(game seed \d+, run seed 3\): seat [01] must move", text), text
    assert "has no legal move" in text and "run gamedesign.check_game(StuckGame)" in text
    with pytest.raises(GameError, match=r"game seed 5: seat [01] must move .* no legal move"):
        gamedesign.play_game(game.new_state(seed=5), [RandomBot(), RandomBot()], [1, 2])


def test_the_apps_play_loop_stops_too(registered):
    from gamedesign.apps.common import advance_bots

    state = gamedesign.load("endless").new_state(seed=2)
    bots = {seat: make_bot("random", state.game) for seat in range(2)}
    with pytest.raises(GameError, match="not over after 30 moves"):
        advance_bots(state, bots, set(), max_moves=30)
    stuck = gamedesign.load("stuck").new_state(seed=2)
    with pytest.raises(GameError, match="must move .* no legal move"):
        advance_bots(stuck, bots, set())


def test_a_bot_class_is_refused_as_a_class():
    game = gamedesign.load("sprint", players=2)
    message = r"the bot for seat 0 is RandomBot, a class, not a bot: call it, e\.g\. RandomBot\(\)"
    with pytest.raises(ValueError, match=message):
        gamedesign.simulate(game, [RandomBot, "random"], games=2)
    with pytest.raises(ValueError, match=message):
        gamedesign.play_game(game.new_state(seed=1), [RandomBot, RandomBot()])
    with pytest.raises(ValueError, match=r"RandomBot, a class, not a bot: call it"):
        make_bot(RandomBot, game)
