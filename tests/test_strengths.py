"""The four named strengths: random, greedy, search (an app's budget) and expert exist in
every game, see only their own observation, and cannot slip an illegal move through."""

from __future__ import annotations

import random

import numpy as np
import pytest

import gamedesign
from gamedesign.bots import BotError, RandomBot, bot_names, make_bot
from gamedesign.games.legday.rollouts import finish
from gamedesign.search import SearchBot, settings

STRENGTHS = ("random", "greedy", "search", "expert")


@pytest.mark.parametrize("name", gamedesign.GAMES)
def test_every_game_has_the_four_strengths_in_order(name):
    game = gamedesign.load(name)
    names = bot_names(game)
    assert [n for n in names if n in STRENGTHS] == list(STRENGTHS)
    quick, expert = make_bot("search", game), make_bot("expert", game)
    assert (quick.strength, expert.strength) == ("search", "expert")
    quick.reset(game, 0, 1)
    expert.reset(game, 0, 1)
    # The app's strength thinks at most 45 ms a decision; the expert gets more work and time.
    assert quick.time_budget <= 0.045 < expert.time_budget
    assert settings(game, "expert")["iterations"] >= settings(game, "search")["iterations"]
    with pytest.raises(ValueError, match="strength must be one of 'search', 'expert'"):
        SearchBot(strength="grandmaster")


@pytest.mark.parametrize("name", gamedesign.GAMES)
@pytest.mark.parametrize("strength", ["search", "expert"])
def test_the_search_strengths_play_whole_legal_games(name, strength):
    game = gamedesign.load(name)
    bot = make_bot(strength, game)
    state = game.new_state(seed=4)
    bot.reset(game, 0, 3)
    bot.iterations, bot.time_budget = min(bot.iterations, 8), None  # few playouts, the same code
    others = [make_bot("greedy", game) for _ in range(game.num_players - 1)]
    played = gamedesign.play_game(state, [bot, *others], bot_seeds=list(range(game.num_players)))
    assert played.is_over()


class Cheater(RandomBot):
    """A policy that answers every decision with a move no game allows."""

    name = "cheater"

    def act(self, observation, legal_actions):
        return "take the whole deck"


@pytest.mark.parametrize("name", gamedesign.GAMES)
def test_a_hostile_policy_inside_the_search_cannot_slip_a_move_through(name):
    game = gamedesign.load(name)
    state = game.new_state(seed=2)
    for strength in ("search", "expert"):
        bot = SearchBot(strength=strength, policy=Cheater(), timed=False)
        bot.reset(game, 0, 1)
        bot.iterations = 4
        others = [make_bot("random", game) for _ in range(game.num_players - 1)]
        with pytest.raises(BotError, match="cheater"):
            gamedesign.play_game(state.clone(), [bot, *others], bot_seeds=[1] * game.num_players)


class WrongAnswer(SearchBot):
    """A search bot that returns an illegal move after searching."""

    def act(self, observation, legal_actions):
        super().act(observation, legal_actions)
        return "play the whole deck"


@pytest.mark.parametrize("name", gamedesign.GAMES)
def test_a_search_bot_returning_an_illegal_move_is_stopped(name):
    game = gamedesign.load(name)
    bot = WrongAnswer(iterations=2)
    with pytest.raises(BotError, match="seat 0"):
        others = [make_bot("random", game) for _ in range(game.num_players - 1)]
        gamedesign.play_game(game.new_state(seed=1), [bot, *others], bot_seeds=[5] * game.num_players)


def test_batched_leg_day_playouts_finish_games_as_the_greedy_bots_do():
    """Leg Day's batch playouts (greedy players in numpy) end sampled games with the same
    mean points per seat as the greedy bots on the object engine."""
    game = gamedesign.load("legday")
    state = game.new_state(seed=3)
    rng = random.Random(1)
    for _ in range(12):
        for seat in state.to_move():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = state.observe(0)
    samples = [game.sample_state(view, random.Random(100 + i)) for i in range(120)]
    engine = np.zeros(4)
    greedy = make_bot("greedy", game)
    greedy.reset(game, 0, 5)
    firsts = [greedy.act(s.observe(0), s.legal_actions(0)).card for s in samples]
    for i, sample in enumerate(samples):
        played = sample.clone()
        bots = [make_bot("greedy", game) for _ in range(4)]
        played.pending = [None] * 4  # everyone picks today as a greedy bot, as in the batch
        gamedesign.play_game(played, bots, bot_seeds=[i * 4 + j for j in range(4)])
        engine += [0.0 if s is None else s for s in played.result().scores]
    batch = np.nan_to_num(finish(game, samples, firsts, 0, np.random.default_rng(2))["points"]).sum(axis=0)
    assert np.allclose(engine / len(samples), batch / len(samples), atol=1.0)
    # The batch does not change the states it finishes.
    assert all(s.to_move() for s in samples)


def test_simulate_plays_named_search_bots_to_their_whole_budget_whatever_the_clock(monkeypatch):
    """The same seed gives the same table with search bots, even on a machine so slow that
    every timed search would stop at once."""
    import itertools

    import pandas as pd

    from gamedesign import search

    game = gamedesign.load("gym")
    calm = gamedesign.simulate(game, ["search", "greedy"], games=2, seed=1)
    ticks = itertools.count(0, 10.0)  # ten seconds pass between two looks at the clock
    monkeypatch.setattr(search.time, "perf_counter", lambda: next(ticks))
    busy = gamedesign.simulate(game, ["search", "greedy"], games=2, seed=1)
    pd.testing.assert_frame_equal(calm, busy)
    timed = gamedesign.bots.make_bot("search", game)
    assert timed.timed and not gamedesign.bots.make_bot("search", game, timed=False).timed
