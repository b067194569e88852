"""Bots decide from their own view only; simulation tables are tidy and reproducible."""

from __future__ import annotations

import random

import pandas as pd
import pytest

import gamedesign
from gamedesign.bots import Bot, RandomBot, make_bot


class SpyBot(Bot):
    """Records what it is shown and plays the first legal action."""

    name = "spy"

    def __init__(self):
        super().__init__()
        self.seen = []

    def act(self, observation, legal_actions):
        self.seen.append(observation)
        return legal_actions[0]


def test_bots_are_shown_only_their_own_observation():
    game = gamedesign.load("legday", players=3)
    spy = SpyBot()
    state = game.new_state(seed=1)
    gamedesign.play_game(state, [spy, RandomBot(), RandomBot()], bot_seeds=[1, 2, 3])
    assert spy.seen and all(view["player"] == 0 for view in spy.seen)


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_legday_bots_ignore_what_they_cannot_know(bot):
    """Changing only hidden cards must not change a bot's decision (same seed)."""
    game = gamedesign.load("legday", players=4)
    rng = random.Random(0)
    checked = 0
    for seed in range(6):
        state = game.new_state(seed=seed)
        for _ in range(rng.randrange(0, 40)):
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        seat = state.to_move()[0]
        variant = state.hidden_variant(seat, rng)
        a, b = make_bot(bot, game), make_bot(bot, game)
        a.reset(game, seat, 42)
        b.reset(game, seat, 42)
        assert a.act(state.observe(seat), state.legal_actions(seat)) == b.act(
            variant.observe(seat), variant.legal_actions(seat)
        )
        checked += 1
    assert checked == 6


def test_greedy_beats_random_at_leg_day():
    game = gamedesign.load("legday", players=4)
    df = gamedesign.simulate(game, ["greedy", "random", "random", "random"], games=300, seed=5)
    rates = df.groupby("bot")["won"].mean()
    # One seat of four: a random bot wins about a quarter; greedy should do far better.
    assert rates["greedy"] > 0.45 > rates["random"]
    assert df.loc[df.bot == "greedy", "eliminated"].mean() < 0.1


def test_greedy_explains_its_choice():
    game = gamedesign.load("legday", players=3)
    state = game.new_state(seed=3)
    bot = make_bot("greedy", game)
    bot.reset(game, 0, 0)
    values = bot.card_values(state.observe(0))
    choice = bot.act(state.observe(0), state.legal_actions(0))
    assert set(values) == set(state.hands[0])
    assert values[choice.card] == max(values.values())


def test_simulation_table_is_tidy_and_reproducible():
    game = gamedesign.load("legday", players=3)
    df = gamedesign.simulate(game, ["greedy", "random", "random"], games=40, seed=9)
    assert len(df) == 120 and list(df.columns[:4]) == ["game", "seat", "bot", "score"]
    categories = [c for c in df.columns if c.startswith("points_")]
    assert len(categories) == 7
    scored = df.dropna(subset=["score"])
    assert (scored[categories].sum(axis=1) == scored["score"]).all()
    assert (df["score"].isna() == df["eliminated"]).all()
    assert (df.groupby("game")["won"].sum() >= 1).all() or df["draw"].any()
    again = gamedesign.simulate(game, ["greedy", "random", "random"], games=40, seed=9)
    pd.testing.assert_frame_equal(df, again)
    other = gamedesign.simulate(game, ["greedy", "random", "random"], games=40, seed=10)
    assert not df.equals(other)


def test_simulation_refuses_bad_bots_and_counts():
    game = gamedesign.load("legday", players=3)
    with pytest.raises(ValueError, match="one bot per seat: 3"):
        gamedesign.simulate(game, ["random"], games=2)
    with pytest.raises(ValueError, match="unknown bot 'clever'.*random, greedy"):
        gamedesign.simulate(game, ["clever", "random", "random"], games=2)
    with pytest.raises(ValueError, match="games must be"):
        gamedesign.simulate(game, "random", games=0)
