"""The search bot and determinization: bots never peek, sampled states agree with the view."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import gamedesign
from gamedesign.registry import BUILT_IN
from gamedesign.bots import bot_names, make_bot
from gamedesign import search
from gamedesign.search import SearchBot


def sampling_games():
    return [name for name in gamedesign.GAMES if gamedesign.load(name).can_sample_states()]


def midgame_states(game, count, rng):
    """States part-way through games of ``game``, with the seat to decide."""
    out = []
    for seed in range(count):
        state = game.new_state(seed=seed)
        for _ in range(rng.randrange(0, 150)):
            if state.is_over():
                break
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over():
            out.append((state, state.to_move()[0]))
    return out


BOT_CASES = [
    (name, bot)
    for name in BUILT_IN  # the example game is too short to leave hidden cards at mid-game
    for bot in bot_names(name)
]


@pytest.mark.parametrize("name,bot", BOT_CASES)
def test_bots_decide_the_same_when_only_hidden_cards_differ(name, bot):
    """Two states that differ only in what a player cannot know lead that player's bot
    to the same decision for the same seed."""
    game = gamedesign.load(name)
    rng = random.Random(1)
    compared = 0
    for state, seat in midgame_states(game, 6 if bot != "search" else 3, rng):
        variant = state.hidden_variant(seat, rng)
        if variant is None:
            continue
        assert variant.to_json() != state.to_json()
        assert variant.observe(seat) == state.observe(seat)
        decisions = []
        for s in (state, variant):
            player = make_bot(bot, game)
            if isinstance(player, SearchBot):  # a fixed number of iterations, no clock: reproducible
                player.iterations, player.time_budget = 12, None
            player.reset(game, seat, 42)
            decisions.append(player.act(s.observe(seat), s.legal_actions(seat)))
        assert decisions[0] == decisions[1]
        compared += 1
    assert compared >= 1


@pytest.mark.parametrize("name", list(gamedesign.GAMES))
def test_hidden_variants_look_the_same_to_the_player(name):
    """A hidden variant differs only in what the player cannot know: the same observation."""
    game = gamedesign.load(name)
    rng = random.Random(1)
    for state, seat in midgame_states(game, 40, rng):
        variant = state.hidden_variant(seat, rng)
        if variant is not None:
            assert variant.observe(seat) == state.observe(seat)


@pytest.mark.parametrize("name", sampling_games())
def test_sampled_states_agree_with_the_players_view(name):
    """The determinization shows the player exactly what they saw, and plays on."""
    game = gamedesign.load(name)
    rng = random.Random(4)
    for state, seat in midgame_states(game, 8, rng):
        for player in range(game.num_players):
            view = state.observe(player)
            sample = game.sample_state(view, random.Random(rng.random()))
            assert sample.observe(player) == view
            assert sample.to_move() == state.to_move()
            # The same view from a state that differs in hidden cards gives the same samples.
            variant = state.hidden_variant(player, rng)
            if variant is not None:
                again = game.sample_state(variant.observe(player), random.Random(7))
                assert again.to_json() == game.sample_state(view, random.Random(7)).to_json()
        while not sample.is_over():
            mover = rng.choice(sample.to_move())
            sample.apply(mover, rng.choice(sample.legal_actions(mover)))


def test_legday_samples_keep_every_card_and_vary_the_hidden_ones():
    game = gamedesign.load("legday", players=4)
    state = game.new_state(seed=3)
    rng = random.Random(3)
    for _ in range(30):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = state.observe(1)
    samples = [game.sample_state(view, random.Random(i)) for i in range(5)]
    for sample in samples:
        cards = Counter(sample.pile)
        for seat in range(4):
            cards.update(sample.hands[seat])
            cards.update(c for c, _ in sample.tableaus[seat])
        for hand in sample.leftovers:
            cards.update(hand)
        assert cards == Counter(game.deck.full_deck())
    assert len({tuple(s.pile) for s in samples}) > 1
    # Cards player 1 passed on and saw come back are where they must be: its own view.
    assert all(s.hands[1] == state.hands[1] for s in samples)


def test_search_is_reproducible_and_reports_its_search():
    game = gamedesign.load("legday", players=3)
    state = game.new_state(seed=2)
    picks = []
    for _ in range(2):
        bot = SearchBot(iterations=30, rollout="random")
        bot.reset(game, 0, 5)
        picks.append(bot.act(state.observe(0), state.legal_actions(0)))
    assert picks[0] == picks[1]
    assert bot.last_search["iterations"] == 30
    assert sum(v for v, _ in bot.last_search["actions"].values()) == 30


def test_search_by_name_and_refusals():
    game = gamedesign.load("legday")
    assert "search" in bot_names(game) and "search" in bot_names("legday")
    assert make_bot("search:40", game).iterations == 40
    with pytest.raises(ValueError, match="search:N"):
        make_bot("search:many", game)
    with pytest.raises(ValueError, match="iterations"):
        SearchBot(iterations=0)
    with pytest.raises(ValueError, match="reset"):
        SearchBot().act({}, ["a", "b"])


def test_search_with_a_time_budget_and_greedy_rollouts_plays_a_game():
    game = gamedesign.load("legday", players=2)
    bot = SearchBot(time_budget=0.002, rollout="greedy")
    state = gamedesign.play_game(game.new_state(seed=1), [bot, make_bot("random", game)], bot_seeds=[1, 2])
    assert state.is_over()
    assert bot.last_search["iterations"] >= 1


def test_search_beats_random_at_leg_day():
    game = gamedesign.load("legday", players=2)
    df = gamedesign.simulate(game, [SearchBot(iterations=20, rollout="random"), "random"], games=16, seed=3)
    assert df.loc[df.seat == 0, "won"].mean() > 0.7


@pytest.mark.parametrize("name", sampling_games())
def test_paired_search_ignores_hidden_cards_and_plays_on(name):
    """The paired variant compares moves on shared deals: still no peeking, still legal."""
    game = gamedesign.load(name)
    rng = random.Random(9)
    for state, seat in midgame_states(game, 2, rng):
        variant = state.hidden_variant(seat, rng)
        if variant is None:
            continue
        picks = []
        for s in (state, variant):
            bot = SearchBot(iterations=6, paired=True)
            bot.reset(game, seat, 3)
            picks.append(bot.act(s.observe(seat), s.legal_actions(seat)))
        assert picks[0] == picks[1] and picks[0] in state.legal_actions(seat)
        assert bot.last_search["iterations"] >= (6 if len(state.legal_actions(seat)) > 1 else 0)


def test_search_keeps_to_its_time_budget():
    """With no time for a single playout, the bot plays its rollout bot's move at once."""
    game = gamedesign.load("gym")
    state = game.new_state(seed=1)
    seat = state.to_move()[0]
    bot = SearchBot(time_budget=1e-9)
    bot.reset(game, seat, 4)
    assert bot.act(state.observe(seat), state.legal_actions(seat)) in state.legal_actions(seat)
    assert bot.last_search["iterations"] == 0
    for name in gamedesign.GAMES:
        quick = gamedesign.load(name)
        default = SearchBot()
        default.reset(quick, 0, 1)
        wanted = search.settings(quick, "search")
        assert default.time_budget == wanted["time_budget"] <= search.DEFAULT_SECONDS
        assert (default.iterations, default.horizon, default.confidence) == (
            wanted["iterations"], wanted["horizon"], wanted["confidence"]
        )
    assert SearchBot(iterations=30).time_budget is None


def test_batched_search_against_a_clock_cuts_its_rounds_and_leaves_the_collector_as_it_was():
    """Leg Day's batched playouts: with far too little time for the playouts asked, the
    rounds are cut to the time (a first small round, then each bot's own measured cost);
    without a clock every playout is played. The garbage collector, paused while the bot
    thinks, is as it was afterwards."""
    import gc

    game = gamedesign.load("legday")
    state = game.new_state(seed=2)
    legal = state.legal_actions(0)
    timed = SearchBot(iterations=5000, time_budget=0.002)
    timed.reset(game, 0, 1)
    for _ in range(2):  # the second decision sizes its first round by the first one's cost
        assert timed.act(state.observe(0), legal) in legal
        assert 1 <= timed.last_search["iterations"] < 5000
    untimed = SearchBot(iterations=60)
    untimed.reset(game, 0, 1)
    untimed.act(state.observe(0), legal)
    assert untimed.last_search["iterations"] >= 60
    assert gc.isenabled()
    gc.disable()
    try:
        untimed.act(state.observe(0), legal)
        assert not gc.isenabled()  # a collector the caller had paused stays paused
    finally:
        gc.enable()


def test_search_with_a_horizon_scores_cut_playouts_on_the_standing():
    game = gamedesign.load("diet", players=3)
    state = game.new_state(seed=2)
    seat = state.to_move()[0]
    bot = SearchBot(iterations=8, horizon=2)
    bot.reset(game, seat, 1)
    assert bot.act(state.observe(seat), state.legal_actions(seat)) in state.legal_actions(seat)
    assert bot.last_search["iterations"] == 8
    values = [value for _, value in bot.last_search["actions"].values()]
    assert all(0.0 <= v <= 1.0 for v in values)
    with pytest.raises(ValueError, match="horizon"):
        SearchBot(horizon=0)
