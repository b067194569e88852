"""Bots decide from their own view only; simulation tables are tidy and reproducible."""

from __future__ import annotations

import random

import pandas as pd
import pytest

import gamedesign
from gamedesign.bots import Bot, BotError, RandomBot, make_bot


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


def test_the_table_reads_every_column_as_pandas_reads_it():
    """The object engine's table reads columns of numbers through numpy: each column keeps
    the values and dtype pandas gives the same list (None among numbers, True/False, whole
    numbers past 64 bits, mixed kinds), over chunks with and without the column."""
    from gamedesign.simulate import _frame

    big = 2**64 + 5
    columns = {
        "score": [3, None, 7], "whole": [1, 2, 3], "flags": [True, False, True], "floats": [0.5, None, 2.0],
        "huge": [big, None, 1], "wide": [2**63 + 1, None, 0], "past": [2**63 + 1, 2, 3],
        "mixed": [True, 2, None], "names": ["a", None, "c"], "none": [None, None, None],
    }
    parts = [{"rows": 3, "columns": {k: list(v) for k, v in columns.items()}}, {"rows": 2, "columns": {"whole": [4, 5]}}]
    table = _frame(parts)
    for name, values in columns.items():
        expected = pd.Series(values + ([4, 5] if name == "whole" else [None, None]))
        if name == "score":
            expected = expected.astype("Float64")
        assert table[name].dtype == expected.dtype, name
        pd.testing.assert_series_equal(table[name], expected, check_names=False)


def test_simulation_refuses_bad_bots_and_counts():
    game = gamedesign.load("legday", players=3)
    with pytest.raises(ValueError, match="one bot per seat: 3"):
        gamedesign.simulate(game, ["random"], games=2)
    with pytest.raises(ValueError, match="unknown bot 'clever'.*random, greedy"):
        gamedesign.simulate(game, ["clever", "random", "random"], games=2)
    with pytest.raises(ValueError, match="games must be"):
        gamedesign.simulate(game, "random", games=0)


# ----------------------------------------------------------------------------------------
# Every move checked; failures named; arguments refused clearly
# ----------------------------------------------------------------------------------------


class AppendingBot(Bot):
    """Cheats: adds a move that was legal earlier (but is not now) to its list, and plays it."""

    name = "cheat"

    def __init__(self):
        super().__init__()
        self.seen = []

    def act(self, observation, legal_actions):
        stale = [a for a in self.seen if a not in legal_actions]
        self.seen += legal_actions
        if not stale:
            return legal_actions[0]
        legal_actions.append(stale[0])
        return stale[0]


class RaisingBot(Bot):
    name = "broken"

    def act(self, observation, legal_actions):
        raise ZeroDivisionError("division by zero in my evaluation")


@pytest.mark.parametrize("name", gamedesign.GAMES)
def test_a_bot_that_adds_to_its_legal_list_cannot_play_what_it_added(name):
    game = gamedesign.load(name)
    bots = [AppendingBot()] + ["random"] * (game.num_players - 1)
    with pytest.raises(BotError, match=r"seat 0 \(bot 'cheat'\), game \d+ \(game seed \d+, run seed 4\): chose .* not a legal move"):
        gamedesign.simulate(game, bots, games=3, seed=4)


def test_a_failing_bot_is_named_with_its_seat_game_and_seeds_and_its_error_chained():
    from gamedesign.simulate import _seeds

    game = gamedesign.load("legday", players=3)
    with pytest.raises(BotError) as caught:
        gamedesign.simulate(game, ["random", RaisingBot(), "random"], games=5, seed=7)
    err = caught.value
    assert (err.seat, err.bot, err.game, err.run_seed, err.seed) == (1, "broken", 0, 7, _seeds(7, 5)[0][0])
    assert isinstance(err.__cause__, ZeroDivisionError)
    assert "raised ZeroDivisionError: division by zero in my evaluation" in str(err)
    state = game.new_state(seed=3)
    with pytest.raises(BotError, match=r"^seat 1 \(bot 'broken'\), game seed 3: the bot raised"):
        gamedesign.play_game(state, [RandomBot(), RaisingBot(), RandomBot()], bot_seeds=[1, 2, 3])


def test_moves_as_text_are_parsed_and_checked():
    class TextBot(Bot):
        name = "typist"

        def __init__(self, text=None):
            super().__init__()
            self.text = text

        def act(self, observation, legal_actions):
            return self.text or str(legal_actions[0])

    game = gamedesign.load("legday", players=2)
    state = gamedesign.play_game(game.new_state(seed=1), [TextBot(), RandomBot()], bot_seeds=[1, 2])
    assert state.is_over()
    for text, problem in [("pick Nobody", "no move of this game"), ("x" * 5000, "5,000 characters")]:
        with pytest.raises(BotError, match=problem):
            gamedesign.play_game(game.new_state(seed=1), [TextBot(text), RandomBot()], bot_seeds=[1, 2])


def test_foreign_objects_are_no_moves_even_if_they_claim_to_equal_every_action():
    class Anything:
        def __eq__(self, other):
            return True

        __hash__ = object.__hash__

    class Liar(Bot):
        name = "liar"

        def act(self, observation, legal_actions):
            return Anything()

    game = gamedesign.load("diet", players=2)
    state = game.new_state(seed=2)
    before = state.to_json()
    with pytest.raises(BotError, match="not a legal move"):
        gamedesign.play_game(state, [Liar(), RandomBot()], bot_seeds=[1, 2])
    assert state.to_json() == before


def test_the_apps_bot_loop_checks_every_move():
    from gamedesign.apps.common import advance_bots

    game = gamedesign.load("legday", players=2)
    state = game.new_state(seed=5)
    cheat = AppendingBot()
    cheat.reset(game, 1, 0)
    cheat.seen = [a for a in game.new_state(seed=99).legal_actions(0) if a not in state.legal_actions(1)]
    with pytest.raises(BotError, match=r"seat 1 \(bot 'cheat'\).*not a legal move"):
        advance_bots(state, {1: cheat}, humans={0})
    assert state.pending == [None, None]


def test_the_lab_records_only_checked_moves():
    from gamedesign.lab import record_games

    game = gamedesign.load("gym")
    with pytest.raises(BotError, match=r"seat 1 \(bot 'cheat'\), game 0 \(game seed \d+, run seed 3\)"):
        record_games(game, ["random", AppendingBot()], games=2, seed=3)


def test_search_playouts_check_their_rollout_bots(monkeypatch):
    from gamedesign.registry import game_module
    from gamedesign.search import SearchBot

    class Stale(RandomBot):
        name = "stale"

        def act(self, observation, legal_actions):
            legal_actions.append("pick Nobody at all")
            return legal_actions[-1]

    monkeypatch.setitem(game_module("legday").BOTS, "stale", Stale)
    game = gamedesign.load("legday", players=2)
    with pytest.raises(BotError, match=r"seat 0 \(bot 'search'\).*search playout.*rollout bot 'stale'"):
        gamedesign.simulate(game, [SearchBot(iterations=3, rollout="stale"), "random"], games=1, seed=1)


@pytest.mark.parametrize(
    "arguments, error, message",
    [
        ({"games": 10**30}, ValueError, r"games must be a whole number from 1 to 10,000,000, not 10{30}$"),
        ({"games": 2.0}, ValueError, "games must be a whole number"),
        ({"seed": 1.5}, ValueError, r"seed must be a whole number from 0 to .*or None.*not 1\.5"),
        ({"seed": "1"}, ValueError, "seed must be a whole number.*not '1'"),
        ({"seed": True}, ValueError, "seed must be a whole number.*not True"),
        ({"seed": -1}, ValueError, "seed must be a whole number from 0"),
        ({"chunk_size": 0}, ValueError, "chunk_size must be a whole number from 1"),
        ({"chunk_size": -1}, ValueError, "chunk_size must be a whole number from 1"),
        ({"workers": 10**6}, ValueError, r"workers must be a whole number from 1 to \d+ \(on this machine\)"),
        ({"progress": "yes"}, ValueError, "progress must be True, False or None"),
        ({"bots": [None] * 4}, TypeError, r"the bot for seat 0 is None: a bot is a name \(random, greedy, search, expert\)"),
        ({"bots": ["random"] * 3}, ValueError, r"give one bot per seat: 4 for this game, not 3"),
        ({"bots": RandomBot()}, TypeError, "one bot object cannot take every seat"),
        ({"bots": 4}, TypeError, "bots must be a bot name or a list"),
        ({"bots": ["search:" + "9" * 21] * 4}, ValueError, r"whole number from 1 to 100,000"),
    ],
)
def test_unclear_arguments_get_errors_naming_what_is_allowed(arguments, error, message):
    game = gamedesign.load("legday", players=4)
    given = {"bots": "random", "games": 2, **arguments}
    with pytest.raises(error, match=message):
        gamedesign.simulate(game, given.pop("bots"), **given)


def test_a_game_name_is_not_a_game():
    with pytest.raises(TypeError, match=r"pass gamedesign.load\('legday'\)"):
        gamedesign.simulate("legday", "random", games=2)


def test_search_budgets_are_bounded():
    from gamedesign.search import SearchBot

    game = gamedesign.load("legday")
    for spec in ("search:10**20", "search:" + "1" * 30, "search:²", "search:100001", "search:0"):
        with pytest.raises(ValueError, match="from 1 to 100,000"):
            make_bot(spec, game)
    assert make_bot("search:100000", game).iterations == 100_000
    with pytest.raises(ValueError, match="iterations must be a whole number from 1 to 100,000"):
        SearchBot(iterations=10**20)
    with pytest.raises(ValueError, match="time_budget must be .* at most 60"):
        SearchBot(time_budget=1e9)
    with pytest.raises(ValueError, match="max_moves must be a whole number from 1"):
        SearchBot(max_moves=10**12)


def test_no_seed_draws_one_and_the_table_keeps_it():
    game = gamedesign.load("legday", players=3)
    table = gamedesign.simulate(game, "random", games=5, seed=None)
    seed = table.attrs["seed"]
    assert isinstance(seed, int)
    pd.testing.assert_frame_equal(table, gamedesign.simulate(game, "random", games=5, seed=seed))
    assert gamedesign.simulate(game, "random", games=5, seed=8).attrs["seed"] == 8
