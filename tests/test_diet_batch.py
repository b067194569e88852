"""The Diet Game batch path (``gamedesign/games/diet/batch.py``) at what the batch contract cannot say.

The batch contract (``test_batch_contract.py``) checks every game with a batch path alike:
at every decision along engine games, the batch's count of choices, its random choices
(uniform over the engine's legal actions) and its greedy choices (the greedy bot's tied
best actions); the final positions of batch games read by the engine (scores, winners,
every table column); the distribution of every table column. The Diet Game's adapter there
(``batch_adapters.DietAdapter``) holds the array plumbing used here too. This module checks
what is the game's own: Planning offers the engine's discards and greedy Planning discards
the greedy bot's cards on many hands, hands are read as the card types they hold, no card
is lost or made up, chunks and threads give the same table, only random and greedy bots
play, and greedy decisions of different games side by side in one batch.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
import pytest

import gamedesign
from gamedesign.games.diet.batch import Cards, _Games, planning_groups, play_random
from gamedesign.games.diet.rules import Discard, Pass, Play, Skip
from gamedesign.registry import game_module

from batch_adapters import ADAPTERS, SMALL_DECK, greedy_bot, greedy_ties

DIET = ADAPTERS["diet"]


def test_planning_offers_the_engines_discards():
    game = gamedesign.load("diet")
    cards = Cards(game.deck)
    names = game.deck.card_names()
    rng = random.Random(3)
    for _ in range(200):
        hand = rng.sample(game.deck.full_deck(), rng.randrange(0, 8))
        state = game.new_state(seed=0)
        state.hands[0] = list(hand)  # the engine's Planning list for this hand
        engine = {tuple(sorted(a.cards)) for a in state.legal_actions(0)}
        counts = DIET.hand_counts(game, hand)
        held = [t for t in range(len(names)) if counts[t] > 0]
        batch = {
            tuple(sorted(itertools.chain.from_iterable([names[t]] * k for t, k in zip(held, row))))
            for row in cards.subsets(tuple(int(counts[t]) for t in held))
        }
        assert batch == engine


@pytest.mark.parametrize("types", [5, 45, 70])
def test_hands_are_read_as_the_card_types_they_hold(types):
    rng = np.random.default_rng(types)
    hands = np.zeros((types, 500), dtype=np.int8)
    for column in range(500):
        for _ in range(rng.integers(0, 8)):
            hands[rng.integers(0, types), column] += 1
    kinds, counts = planning_groups(hands, 7)
    for column in range(500):
        held = [(t, int(hands[t, column])) for t in range(types) if hands[t, column] > 0]
        packed = [(int(kinds[j, column]), int(counts[j, column])) for j in range(7) if counts[j, column] > 0]
        assert packed == held


@pytest.mark.parametrize("options", [{}, {"deck": SMALL_DECK, "max_turns": 40}], ids=["standard", "small-deck"])
def test_no_card_is_lost_or_made_up(options):
    game = gamedesign.load("diet", players=5, **options)  # 5 hands of 4 outnumber the small deck
    done = play_random(game, 400, np.random.default_rng(1))
    counts = np.array([c.count for c in game.deck.cards])
    for g in range(400):
        in_deck = np.bincount(done.deck[: done.top[g], g], minlength=len(counts))
        held = done.hands[:, :, g].sum(axis=0) + in_deck + done.discard[:, g]
        assert (held == counts).all(), g
        assert (done.hand_sizes[:, g] == done.hands[:, :, g].sum(axis=1)).all()


def test_same_seed_same_table_however_the_chunks_run(monkeypatch):
    monkeypatch.setattr(game_module("diet"), "BATCH_SIZE", 120)  # three chunks, each its own stream
    game = gamedesign.load("diet", players=4)
    serial = gamedesign.simulate(game, "random", games=300, seed=9, batch=True, workers=1)
    with ThreadPoolExecutor(2) as pool:
        threaded = gamedesign.simulate(game, "random", games=300, seed=9, batch=True, executor=pool)
    pd.testing.assert_frame_equal(serial, threaded)
    assert serial.game.is_monotonic_increasing and serial.game.iloc[-1] == 299
    other = gamedesign.simulate(game, "random", games=300, seed=10, batch=True, workers=1)
    assert not serial["score"].equals(other["score"])


def test_the_diet_batch_path_plays_random_and_greedy_bots_only():
    with pytest.raises(ValueError, match="plays only bots named random, greedy"):
        gamedesign.simulate(gamedesign.load("diet"), ["random", "greedy", "search", "random"], games=10, batch=True)
    with pytest.raises(ValueError, match="each one of random, greedy"):
        _Games(gamedesign.load("diet", players=2), 5, np.random.default_rng(0), Cards(gamedesign.load("diet").deck),
               ["greedy", "smart"])
    from gamedesign.games import diet

    assert diet.BATCH_BOTS == ("random", "greedy")


# ----------------------------------------------------------------------------------------
# The greedy bot on many hands, and for different games side by side (one game at a time:
# the contract's)
# ----------------------------------------------------------------------------------------


def test_batch_greedy_planning_is_the_greedy_bots_on_many_hands():
    """Random hands of the standard deck and of a small deck, with and without a full
    hand: the batch discards the very cards the greedy bot discards."""
    from gamedesign.bots import make_bot

    for options in ({}, {"deck": SMALL_DECK}):
        game = gamedesign.load("diet", players=2, **options)
        cards = Cards(game.deck)
        bot = make_bot("greedy", game)
        bot.reset(game, 0, 0)
        rng = random.Random(4)
        hands = [rng.sample(game.deck.full_deck(), rng.randrange(0, game.deck.hand_size + 1)) for _ in range(400)]
        batch = _Games(game, len(hands), np.random.default_rng(0), cards, ["greedy", "random"])
        batch.hands[0] = 0
        for g, hand in enumerate(hands):
            batch.hands[0, :, g] = DIET.hand_counts(game, hand)
            batch.hand_sizes[0, g] = len(hand)
        gone = batch.greedy_discards(np.arange(len(hands)), 0)
        for g, hand in enumerate(hands):
            state = game.new_state(seed=0)
            state.hands[0] = list(hand)
            want = bot.act(state.observe(0), state.legal_actions(0))
            got = Discard(tuple(n for t, n in enumerate(cards.names) for _ in range(int(gone[t, g]))))
            assert got == want, (hand, got, want)


def _stacked(states, copies, rng, bots) -> _Games:
    """Several engine states (one game at the same decision each) side by side in one
    batch, ``copies`` copies of each."""
    parts = [_Games.from_state(state, copies, rng, bots) for state in states]
    out = parts[0]
    for name, value in vars(out).items():
        if isinstance(value, np.ndarray) and name != "greedy":
            setattr(out, name, np.concatenate([getattr(p, name) for p in parts], axis=-1))
    out.tally = {k: np.concatenate([p.tally[k] for p in parts], axis=-1) for k in out.tally}
    out.size = copies * len(states)
    return out


def test_batch_greedy_decides_for_different_games_side_by_side():
    """Different engine games at the same decision (other hands and weights in each row)
    in one batch: each row's greedy choice is one of its own game's greedy choices."""
    from collections import defaultdict

    from gamedesign.bots import make_bot

    game = gamedesign.load("diet", players=4, target=-5)
    cards = Cards(game.deck)
    groups = defaultdict(list)
    for seed in range(12):
        state = game.new_state(seed=seed)
        lineup = [make_bot("greedy" if s != seed % 4 else "random", game) for s in range(4)]
        for s, b in enumerate(lineup):
            b.reset(game, s, seed * 10 + s)
        while not state.is_over():
            (seat,) = state.to_move()
            if state.phase != "planning":
                groups[state.phase, state.step, seat, state.active].append(state.clone())
            state.apply(seat, lineup[seat].act(state.observe(seat), list(state.legal_actions(seat))))
    copies, checked = 30, Counter()
    rng = np.random.default_rng(2)
    for (phase, step, seat, active), states in groups.items():
        if len(states) < 3:
            continue
        batch = _stacked(states, copies, rng, ["greedy"] * 4)
        change = np.repeat([game.deck.card(s.pending["card"]).pounds if step == "laziness" else 0 for s in states], copies)
        chosen = batch.pick(np.arange(batch.size), seat, DIET.columns(cards, states[0]), step, active, change)
        for i, state in enumerate(states):
            legal = state.legal_actions(seat)
            decline = next(a for a in legal if isinstance(a, (Skip, Pass)))
            seen = {decline if t < 0 else Play(cards.names[t]) for t in chosen[i * copies:(i + 1) * copies]}
            assert seen <= set(greedy_ties(greedy_bot(game, seat), state, seat)), (phase, step, i, seen)
        checked[step] += len(states)
    assert {"own", "neighbour", "laziness", "cheat", "willpower"} <= set(checked), checked
