"""The Diet Game batch path plays by the engine's rules.

The batch path (``gamedesign/games/diet/batch.py``) plays thousands of games at once for
random bots. These tests check it against the object engine: the number of choices it
gives a random bot at each step equals the engine's legal actions, Planning offers the
same discards, no card is lost or made up, and the greedy choices are the greedy bot's
(the distributions of whole runs: ``test_batch_contract.py``).
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
from gamedesign.games.diet.batch import Cards, _Games, choice_counts, planning_count, planning_groups, play_random
from gamedesign.games.diet.rules import Discard, Pass, Play, Skip
from gamedesign.games.diet.cards import MEALS

SMALL_DECK = {
    "hand_size": 4,
    "planning_discards": 2,
    "cards": [
        {"name": "Toast", "kind": "breakfast", "count": 2, "pounds": -1},
        {"name": "Waffles", "kind": "breakfast", "count": 1, "pounds": 1},
        {"name": "Salad", "kind": "lunch", "count": 2, "pounds": -2},
        {"name": "Pizza", "kind": "lunch", "count": 1, "pounds": 2},
        {"name": "Stew", "kind": "dinner", "count": 1, "pounds": 0},
        {"name": "Fruit", "kind": "snack", "count": 2, "pounds": -1},
        {"name": "Run", "kind": "exercise", "count": 2, "pounds": -2},
        {"name": "Cake", "kind": "cheat", "count": 2, "pounds": 1},
        {"name": "Willpower", "kind": "willpower", "count": 1},
        {"name": "Laziness", "kind": "laziness", "count": 1},
    ],
}


def _hand_counts(game, hand):
    names = game.deck.card_names()
    counts = np.zeros(len(names), dtype=np.int8)
    for card in hand:
        counts[names.index(card)] += 1
    return counts


def _columns(cards: Cards, state):
    """The card types a random bot may play at this decision (None for Planning)."""
    step, phase = state.step, state.phase
    if phase == "planning":
        return None
    if step == "own":
        return cards.exercise if phase == "exercise" else cards.healthy[phase]
    return {
        "neighbour": cards.fattening.get(phase),
        "laziness": cards.laziness,
        "cheat": cards.cheat,
        "willpower": cards.willpower,
    }[step]


@pytest.mark.parametrize(
    "players, options",
    [(2, {}), (4, {}), (6, {}), (3, {"deck": SMALL_DECK, "max_turns": 60}),
     (5, {"deal_at_start": False, "first_player": 2}), (4, {"feed_last_place": False})],
    ids=["2p", "4p", "6p", "3p-small-deck", "5p-empty-hands", "4p-last-place-fed-never"],
)
def test_every_decision_offers_the_engines_number_of_choices(players, options):
    game = gamedesign.load("diet", players=players, **options)
    cards = Cards(game.deck)
    rng = random.Random(players)
    checked = set()
    for seed in range(3):
        state = game.new_state(seed=seed)
        while not state.is_over():
            (seat,) = state.to_move()
            legal = state.legal_actions(seat)
            hand = _hand_counts(game, state.hands[seat])
            columns = _columns(cards, state)
            if columns is None:
                assert planning_count(cards, hand) == len(legal)
            else:
                assert choice_counts(cards, hand, columns) == len(legal), (state.phase, state.step)
            checked.add((state.phase, state.step))
            state.apply(seat, rng.choice(legal))
    # Every kind of decision was met along the way.
    assert {("planning", "own"), ("exercise", "laziness"), ("cheat", "cheat"), ("cheat", "willpower")} <= checked
    assert {(meal, "neighbour") for meal in MEALS} <= checked


def _uniform(outcomes: list, legal: list, where) -> None:
    """Every outcome is a legal action and each legal action comes up about equally often."""
    assert set(outcomes) <= set(legal), (where, set(outcomes) - set(legal))
    share, n = 1 / len(legal), len(outcomes)
    for action in legal:
        seen = outcomes.count(action) / n
        assert abs(seen - share) <= 5 * (share * (1 - share) / n) ** 0.5, (where, action, seen, share)


@pytest.mark.parametrize("players, options", [(4, {}), (5, {"deck": SMALL_DECK, "max_turns": 30})], ids=["4p", "5p-small"])
def test_batch_choices_are_uniform_over_the_engines_legal_actions(players, options):
    """Engine states copied into the arrays: the batch's random choice at each decision
    reaches exactly the engine's legal actions, each about equally often."""
    game = gamedesign.load("diet", players=players, **options)
    cards = Cards(game.deck)
    rng = random.Random(11)
    copies = 2000
    checked = 0
    for seed in range(2):
        state = game.new_state(seed=seed)
        while not state.is_over() and state.turn <= 12:
            (seat,) = state.to_move()
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                batch = _Games.from_state(state, copies, np.random.default_rng(checked))
                everyone = np.arange(copies)
                if state.phase == "planning":
                    batch.draw = lambda *args: None  # look at the discards alone
                    before = batch.hands[seat].copy()
                    batch.planning(everyone, seat)
                    gone = before - batch.hands[seat]
                    outcomes = [
                        Discard(tuple(name for t, name in enumerate(cards.names) for _ in range(int(gone[t, g]))))
                        for g in range(copies)
                    ]
                else:
                    chosen = batch.choose(everyone, seat, _columns(cards, state))
                    decline = next(a for a in legal if isinstance(a, (Skip, Pass)))
                    outcomes = [decline if t < 0 else Play(cards.names[t]) for t in chosen]
                _uniform(outcomes, legal, (seed, state.turn, state.phase, state.step))
                checked += 1
            state.apply(seat, rng.choice(legal))
    assert checked > 40


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
        counts = _hand_counts(game, hand)
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


def test_a_batch_game_ends_by_its_target_or_the_turn_limit():
    """The distributions of every column are the batch contract's (test_batch_contract.py);
    what it cannot see is that each game's ending agrees with its draw."""
    game = gamedesign.load("diet", players=4, max_turns=20)
    fast = gamedesign.simulate(game, ["greedy", "random", "greedy", "random"], games=2_000, seed=2, batch=True)
    first = fast[fast.seat == 0]
    assert set(first["ended_by"]) == {"turn limit", "target"}
    assert (first["ended_by"] == np.where(first["draw"], "turn limit", "target")).all()


def test_same_seed_same_table_however_the_chunks_run():
    game = gamedesign.load("diet", players=4)
    serial = gamedesign.simulate(game, "random", games=6_000, seed=9, batch=True, workers=1)
    with ThreadPoolExecutor(2) as pool:
        threaded = gamedesign.simulate(game, "random", games=6_000, seed=9, batch=True, executor=pool)
    pd.testing.assert_frame_equal(serial, threaded)
    assert serial.game.is_monotonic_increasing and serial.game.iloc[-1] == 5_999
    other = gamedesign.simulate(game, "random", games=6_000, seed=10, batch=True, workers=1)
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
# The greedy bot on whole arrays
# ----------------------------------------------------------------------------------------


class _Replay:
    """A stand-in for a bot's generator: ``randrange(k)`` records ``k`` and answers
    ``answer``, so every choice among a bot's tied actions can be asked for in turn."""

    def __init__(self, answer=0):
        self.answer, self.asked = answer, []

    def randrange(self, k):
        self.asked.append(k)
        return self.answer


def greedy_choices(bot, observation, legal) -> set:
    """Every action the greedy bot may choose here: each of its tied best actions."""
    bot.rng = _Replay()
    first = bot.act(observation, list(legal))
    if not bot.rng.asked:
        return {first}
    (ties,) = bot.rng.asked
    out = set()
    for i in range(ties):
        bot.rng = _Replay(i)
        out.add(bot.act(observation, list(legal)))
    return out


def batch_greedy_outcomes(state, seat, copies, rng) -> list:
    """The batch greedy bot's decision in ``copies`` copies of ``state`` (as actions)."""
    game = state.game
    cards = Cards(game.deck)
    batch = _Games.from_state(state, copies, rng, ["greedy"] * game.num_players)
    everyone = np.arange(copies)
    if state.phase == "planning":
        gone = batch.greedy_discards(everyone, seat)
        return [
            Discard(tuple(name for t, name in enumerate(cards.names) for _ in range(int(gone[t, g]))))
            for g in range(copies)
        ]
    step = "own" if state.step == "own" else state.step
    change = game.deck.card(state.pending["card"]).pounds if state.step == "laziness" else 0
    chosen = batch.pick(everyone, seat, _columns(cards, state), step, state.active, change)
    legal = state.legal_actions(seat)
    decline = next(a for a in legal if isinstance(a, (Skip, Pass)))
    return [decline if t < 0 else Play(cards.names[t]) for t in chosen]


GREEDY_CONFIGS = [
    (2, {}), (3, {"deck": SMALL_DECK, "max_turns": 60}), (4, {}), (5, {"deal_at_start": False, "first_player": 2}),
    (6, {"target": -4, "max_turns": 80}),
]


@pytest.mark.parametrize("players, options", GREEDY_CONFIGS, ids=["2p", "3p-small-deck", "4p", "5p-empty-hands", "6p-target"])
def test_batch_greedy_chooses_what_the_greedy_bot_chooses(players, options):
    """Engine states copied into the arrays, at every decision of engine games (greedy
    and random seats): the batch greedy choice is always one of the greedy bot's tied
    best actions, and every one of them comes up."""
    from gamedesign.bots import make_bot

    game = gamedesign.load("diet", players=players, **options)
    bot = make_bot("greedy", game)
    rng = np.random.default_rng(players)
    copies = 60
    steps = Counter()
    wanted = {"planning", "own", "neighbour", "laziness", "cheat", "willpower"}
    if "deck" not in options:
        wanted.add("ties")  # the small deck has one card type per use: no ties to break
    for seed in range(8):
        if seed >= 2 and wanted <= set(steps):
            break
        state = game.new_state(seed=seed)
        lineup = [make_bot("greedy" if s % 2 == seed % 2 else "random", game) for s in range(players)]
        for s, b in enumerate(lineup):
            b.reset(game, s, seed * 10 + s)
        while not state.is_over():
            (seat,) = state.to_move()
            legal = state.legal_actions(seat)
            bot.reset(game, seat, 0)
            expected = greedy_choices(bot, state.observe(seat), legal)
            seen = batch_greedy_outcomes(state, seat, copies, rng)
            where = (seed, state.turn, state.phase, state.step)
            assert set(seen) == expected if len(expected) <= 4 else set(seen) <= expected, (where, set(seen), expected)
            steps[state.step if state.phase != "planning" else "planning"] += 1
            if len(expected) > 1:
                steps["ties"] += 1
            state.apply(seat, lineup[seat].act(state.observe(seat), list(legal)))
    assert wanted <= set(steps), steps


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
            batch.hands[0, :, g] = _hand_counts(game, hand)
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
    bot = make_bot("greedy", game)
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
        chosen = batch.pick(np.arange(batch.size), seat, _columns(cards, states[0]), step, active, change)
        for i, state in enumerate(states):
            legal = state.legal_actions(seat)
            decline = next(a for a in legal if isinstance(a, (Skip, Pass)))
            seen = {decline if t < 0 else Play(cards.names[t]) for t in chosen[i * copies:(i + 1) * copies]}
            bot.reset(game, seat, 0)
            assert seen <= greedy_choices(bot, state.observe(seat), legal), (phase, step, i, seen)
        checked[step] += len(states)
    assert {"own", "neighbour", "laziness", "cheat", "willpower"} <= set(checked), checked
