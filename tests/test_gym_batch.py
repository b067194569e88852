"""GYM's batch path (``gamedesign/games/gym/batch.py``) at what the batch contract cannot say.

The batch contract (``test_batch_contract.py``) checks every game with a batch path alike:
at every decision along engine games, the batch's count of legal actions, its random
choices (uniform over the engine's legal actions) and its greedy choices (the greedy bot's
tied best actions); the final boards of batch games scored by the engine; the distribution
of every table column. GYM's adapter there (``batch_adapters.GymAdapter``) holds the
array plumbing used here too. This module checks what is GYM's own: the legal actions of
each Event Action, the engine's actions applied to the arrays (the arrays' board stays the
engine's, action after action), positions built by hand (Coaches, Forced Kids), the table
rows of finished engine games, the rows of one batch game agreeing, random streams, the
first seat of the Play phase with ``play_phase_first="weaker_hands"``, and greedy decisions
of different games side by side in one batch.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pandas as pd
import pytest

import gamedesign
from gamedesign.games.gym import DEFAULT_DECK, Skip, batch, score_board
from gamedesign.games.gym.rules import ACTION_KIND
from gamedesign.registry import game_module

from batch_adapters import ADAPTERS, custom_deck

GYM = ADAPTERS["gym"]


CONFIGS = [
    pytest.param({"players": p, "brat_advance": a, "coach_blocks_placement": c}, id=f"{p}p-{a}-{'block' if c else 'open'}")
    for p in (2, 4, 6)
    for a in ("either", "two_to_one", "one_to_two")
    for c in (False, True)
] + [
    pytest.param({"players": 2, "deck": custom_deck()}, id="custom-deck-2p"),
    pytest.param({"players": 4, "deck": custom_deck(), "brat_advance": "one_to_two", "coach_blocks_placement": True},
                 id="custom-deck-4p"),
] + [
    pytest.param({"players": p, "play_phase_first": "weaker_hands"}, id=f"{p}p-weaker-hands") for p in (2, 4, 6)
]

FIELDS = ("loc", "levels", "in_play", "coach_at", "exempt", "placed", "placed_at")


def assert_same(g, h):
    for field in FIELDS:
        np.testing.assert_array_equal(getattr(g, field), getattr(h, field), err_msg=field)


def random_games(config, games, seed):
    """Yield ``(state, seat, legal, action)`` at every decision of random engine games;
    the caller applies ``action`` to ``state`` before asking for the next decision."""
    game = gamedesign.load("gym", **config)
    rng = random.Random(seed)
    for i in range(games):
        state = game.new_state(seed=seed * 100 + i)
        while not state.is_over():
            seat = state.turn
            legal = state.legal_actions(seat)
            action = rng.choice(legal)
            yield state, seat, legal, action


# ----------------------------------------------------------------------------------------
# 1. Legal actions and their effects, decision by decision (their counts: the contract's)
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS)
def test_batch_applies_the_engines_actions_and_lists_each_kind_of_action(config):
    """Along random engine games: the engine's actions applied to the arrays one after
    another give the arrays of the engine's state, the Kids and positions of a placement
    and the options of each Event Action are the engine's, and the arrays score the
    engine's board."""
    game = gamedesign.load("gym", **config)
    deck = batch.DeckArrays(game.deck)
    kinds_seen = Counter()
    chained = None
    for state, seat, legal, action in random_games(config, games=2, seed=len(str(config))):
        g = batch.from_state(state)
        if chained is None or state.phase == "pick" and not state.hands[0]:
            chained = batch.from_state(state)  # a new game
        assert_same(chained, g)  # every action so far applied to the arrays gives this state
        if state.step == "place":
            kids, spots = batch.place_options(g, game, seat)
            assert kids.sum() == len({a.kid for a in legal})
            assert spots.sum() == len({(a.event, a.spot) for a in legal})
        if state.step == "action":
            per_event = batch.action_options(g, game, deck, seat)[0]
            engine = Counter(ACTION_KIND[type(a)] for a in legal if not isinstance(a, Skip))
            ours = {deck.actions[e]: per_event[e] for e in range(6) if per_event[e]}
            assert ours == dict(engine), (ours, engine, state.to_json())
            kinds_seen.update(engine)
        if state.phase == "play":
            points = batch.score(g, deck)[0]
            board = score_board(state.board, game.deck)
            assert {e: list(points[deck.events.index(e)]) for e in board} == board
        before = {"phase": state.phase, "victim": state.victim}
        state.apply(seat, action)
        GYM.apply_to_arrays(chained, game, seat, action, before, state)
    assert_same(chained, batch.from_state(state))
    assert len(kinds_seen) >= 4  # the games reached most Event Actions


def test_counts_at_blocked_and_forced_positions_built_by_hand():
    """Coaches, Forced Kids and exemptions where they change the counts."""
    from gamedesign.games.gym import GymState

    lift, switch, force, swap, pick, move = (e.name for e in DEFAULT_DECK.events)
    in_play = [lift, switch, swap, move]
    board = {
        lift: [["Ada", None, "Ben"], ["Chloe", None, None]],
        switch: [["Dev", None, None], [None, "Ella", None]],
        swap: [["Finn", "Grace", "Hugo"], ["Iris", None, None]],
        move: [[None, None, None], ["Leo", "Maya", None]],
    }
    for blocks in (False, True):
        game = gamedesign.load("gym", players=4, coach_blocks_placement=blocks)
        state = GymState.from_setup(
            game,
            hands=[["Nico", "Sam"], ["Olive"], ["Priya", "Tess"], ["Quinn", "Rosa", "Uri"]],
            in_play=in_play,
            board=board,
            coaches={force: (lift, "A"), pick: (swap, "B")},
            forced=[None, "Vera", None, None],
        )
        g = batch.from_state(state)
        assert batch.legal_count(g, game, "place", 0)[0] == len(state.legal_actions(0))
        state.apply(0, f"place Sam at {move} spot 1")
        g = batch.from_state(state)
        per_event = batch.action_options(g, game, batch.DeckArrays(game.deck), 0)[0]
        engine = Counter(ACTION_KIND[type(a)] for a in state.legal_actions(0) if not isinstance(a, Skip))
        assert {game.deck.events[e].action: per_event[e] for e in range(6) if per_event[e]} == dict(engine)
        assert batch.legal_count(g, game, "action", 0)[0] == len(state.legal_actions(0))
        # seat 1 is exempt (Forced), seat 3 is not: one Force target
        assert batch.action_counts(g, game, 0)["force"][0] == 1


# ----------------------------------------------------------------------------------------
# 2. The table of finished engine games
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_batch_table_of_finished_engine_games_is_the_engines(players):
    from gamedesign.bots import RandomBot
    from gamedesign.simulate import _rows, play_game

    game = gamedesign.load("gym", players=players)
    deck = batch.DeckArrays(game.deck)
    labels = ["random"] * players
    for seed in range(15):
        state = play_game(game.new_state(seed=seed), [RandomBot(seed + s) for s in range(players)])
        g = batch.from_state(state)
        table = batch._table(g, batch.score(g, deck), deck, seed, labels, players)
        for row, want in zip(table.to_dict("records"), _rows(state.result(), seed, labels, players)):
            for column in table.columns:
                if column.startswith("points_") and column not in want:
                    assert np.isnan(row[column])  # an event not in play
                else:
                    assert row[column] == want[column], column


# ----------------------------------------------------------------------------------------
# 3. Whole runs: the rows of one game agree; the first seat of the Play phase
# ----------------------------------------------------------------------------------------


LESSON_OPTIONS = {"play_phase_first": "B", "last_placement_action": False, "schedule_tiebreak": "random"}


def test_every_seat_of_a_batch_game_shows_its_teams_facts():
    """The distributions of every column are the batch contract's (test_batch_contract.py);
    what it cannot see is that a game's rows agree with each other."""
    game = gamedesign.load("gym", players=4)
    fast = gamedesign.simulate(game, "random", games=2_000, seed=1, batch=True)
    assert list(fast.columns[4:10]) == [f"points_{e.name}" for e in game.deck.events]  # deck order
    for seat in range(game.num_players):
        rows = fast[fast.seat == seat]
        team = "AB"[seat % 2]
        assert (rows["team"] == team).all()
        sign = 1 if team == "A" else -1
        assert (rows["margin"].to_numpy() == sign * fast.loc[fast.seat == 0, "margin"].to_numpy()).all()
    assert (fast["won"] == ((fast["team"] == "A") == (fast.groupby("game")["margin"].transform("first") >= 0))).all()


def test_same_seed_same_table_other_seed_other_table_in_batches(monkeypatch):
    game = gamedesign.load("gym", players=4)
    one = gamedesign.simulate(game, "random", games=300, seed=5, batch=True)
    pd.testing.assert_frame_equal(one, gamedesign.simulate(game, "random", games=300, seed=5, batch=True))
    other = gamedesign.simulate(game, "random", games=300, seed=6, batch=True)
    assert not one["margin"].equals(other["margin"])
    monkeypatch.setattr(game_module("gym"), "BATCH_SIZE", 100)  # three batches, each its own stream
    split = gamedesign.simulate(game, "random", games=250, seed=5, batch=True)
    assert list(split["game"]) == [g for g in range(250) for _ in range(4)]
    first, second = (split[split.game.between(a, a + 49)]["margin"].to_numpy() for a in (0, 100))
    assert not np.array_equal(first, second)


def test_batch_path_refuses_bots_it_cannot_play():
    game = gamedesign.load("gym")
    for bots in (["greedy", "search"], "search"):
        with pytest.raises(ValueError, match="plays only bots named random, greedy"):
            gamedesign.simulate(game, bots, games=10, batch=True)
    with pytest.raises(ValueError, match="each one of random, greedy"):
        batch.play(game, ["greedy"], 5, np.random.default_rng(0))
    from gamedesign.games import gym

    assert gym.BATCH_BOTS == ("random", "greedy") and gym.batch_table is batch.batch_table


def pick_phase_ends(players, games, seed):
    """Yield engine states of random games with ``play_phase_first="weaker_hands"`` just
    as their Pick phase ends (the engine has chosen the seat that places first)."""
    game = gamedesign.load("gym", players=players, play_phase_first="weaker_hands")
    rng = random.Random(seed)
    for i in range(games):
        state = game.new_state(seed=seed * 1000 + i)
        while state.phase == "pick":
            state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
        yield state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_weaker_hands_first_seat_is_the_engines(players):
    """The team whose hands are worth less at the events in play starts the Play phase
    (team A on a tie): the batch's first seat of each game is the engine's."""
    game = gamedesign.load("gym", players=players, play_phase_first="weaker_hands")
    deck = batch.DeckArrays(game.deck)
    seen = Counter()
    for state in pick_phase_ends(players, games=80, seed=players):
        first = batch.first_seats(batch.from_state(state), game, deck)
        assert first.tolist() == [state.turn], state.to_json()
        seen[state.turn] += 1
    assert set(seen) == {0, 1}, seen  # both teams start some games
    # Several games at once, rows differing
    states = list(pick_phase_ends(players, games=20, seed=100 + players))
    g = batch.Games(*(np.concatenate([getattr(batch.from_state(s), f) for s in states])
                      for f in batch.Games.__dataclass_fields__))
    assert batch.first_seats(g, game, deck).tolist() == [s.turn for s in states]


def test_equal_hands_let_team_a_start_and_the_other_options_fix_the_first_seat():
    from gamedesign.games.gym import GymState

    lift, switch, force, swap, pick, move = (e.name for e in DEFAULT_DECK.events)
    in_play = [lift, switch, swap, move]
    # Each Kid worth its best value at these events: two Kids of equal worth, two unequal.
    worth = {k.name: max(k.value(e.colour) for e in DEFAULT_DECK.events if e.name in in_play) for k in DEFAULT_DECK.kids}
    by_worth = sorted(worth, key=worth.get)
    low, high = by_worth[0], by_worth[-1]
    same = next(k for k in by_worth if k != high and worth[k] == worth[high])
    for hands, first in (([[high], [same]], 0), ([[same], [high]], 0), ([[high], [low]], 1), ([[low], [high]], 0)):
        for rule, want in (("weaker_hands", first), ("A", 0), ("B", 1)):
            game = gamedesign.load("gym", players=2, play_phase_first=rule)
            state = GymState.from_setup(game, hands=hands, in_play=in_play)
            assert state._first_in_play() == want
            assert batch.first_seats(batch.from_state(state), game, batch.DeckArrays(game.deck)).tolist() == [want]


@pytest.mark.parametrize("players, bots", [(2, ["random", "random"]), (4, ["greedy"] * 4),
                                           (6, ["greedy", "random", "random", "greedy", "random", "greedy"])])
def test_each_batch_game_starts_the_play_phase_with_its_own_first_seat(monkeypatch, players, bots):
    """With ``play_phase_first="weaker_hands"`` the first turn of the Play phase in every
    game is its first seat's (both teams start some games), the trace counts "team B
    starts the play phase" in those games, and tracing draws nothing from the stream."""
    game = gamedesign.load("gym", players=players, play_phase_first="weaker_hands")
    deck = batch.DeckArrays(game.deck)
    first_seats = batch.first_seats
    firsts, started = [], Counter()

    def watch(turn):
        def watched(g, rng, game, deck, seat, *args, **kwargs):
            if not (g.loc < batch.SIDES).any():  # the first turn of the Play phase in these games
                assert (first_seats(g, game, deck) == seat).all()
                started[seat] += len(g)
            return turn(g, rng, game, deck, seat, *args, **kwargs)
        return watched

    def noted_firsts(g, game, deck):
        out = first_seats(g, game, deck)
        firsts.append(out)
        return out

    monkeypatch.setattr(batch, "random_turn", watch(batch.random_turn))
    monkeypatch.setattr(batch, "greedy_turn", watch(batch.greedy_turn))
    monkeypatch.setattr(batch, "first_seats", noted_firsts)
    g, trace = batch.play(game, bots, 400, np.random.default_rng(3), trace=True)
    (first,) = firsts
    assert started == Counter(first.tolist()) and set(started) == {0, 1}
    assert trace.rule_use["team B starts the play phase"].tolist() == (first == 1).astype(int).tolist()
    assert len(trace.standings) == 25
    assert (trace.standings[-1] == batch.score(g, deck).sum(axis=1)).all()  # each game's own final board
    assert (trace.actions["Place"] == 24).all() and (g.loc < batch.SIDES).all()
    assert_same(g, batch.play(game, bots, 400, np.random.default_rng(3)))  # tracing draws nothing


def test_every_option_is_played_on_the_batch_path():
    for options in ({"play_phase_first": "weaker_hands"}, LESSON_OPTIONS,
                    {"play_phase_first": "weaker_hands", "schedule_tiebreak": "random", "players": 4}):
        game = gamedesign.load("gym", **options)
        assert batch.batch_supports(game)
        table = gamedesign.simulate(game, "random", games=4, seed=1)
        assert table.attrs["path"] == "batch"
        pd.testing.assert_frame_equal(table, gamedesign.simulate(game, "random", games=4, seed=1, batch=True))
        assert gamedesign.simulate(game, "random", games=4, seed=1, batch=False).attrs["path"] == "object"


# ----------------------------------------------------------------------------------------
# 4. The greedy bot for different games side by side (one game at a time: the contract's)
# ----------------------------------------------------------------------------------------


def greedy_games(config, games, seed):
    """Yield ``(state, seat)`` at every decision of engine games between greedy and
    random bots (greedy everywhere in every other game); the caller moves on."""
    from gamedesign.bots import make_bot

    game = gamedesign.load("gym", **config)
    n = game.num_players
    for i in range(games):
        lineup = [make_bot("greedy" if i % 2 == 0 or (s + i) % 4 < 2 else "random", game) for s in range(n)]
        for s, bot in enumerate(lineup):
            bot.reset(game, s, seed * 1000 + i * 10 + s)
        state = game.new_state(seed=seed * 100 + i)
        while not state.is_over():
            seat = state.turn
            yield state, seat
            state.apply(seat, lineup[seat].act(state.observe(seat), state.legal_actions(seat)))


@pytest.mark.parametrize("config", [
    {"players": 2},
    {"players": 4, "brat_advance": "one_to_two", "coach_blocks_placement": True},
    {"players": 6, "brat_advance": "two_to_one"},
    {"players": 4, "deck": custom_deck()},
], ids=["2p", "4p-options", "6p", "custom-deck-4p"])
def test_batch_greedy_decides_for_different_games_side_by_side(config):
    """Different engine games at the same decision, stacked in one batch (hands, boards,
    Coaches and Forced Kids differ from row to row): each row's greedy decision is one of
    its own game's greedy choices."""
    from collections import defaultdict

    from gamedesign.bots import make_bot

    game = gamedesign.load("gym", **config)
    bot = make_bot("greedy", game)
    rng = np.random.default_rng(8)
    groups = defaultdict(list)
    for state, seat in greedy_games(config, games=8, seed=4):
        placed = sum(k is not None for sides in state.board.values() for side in sides for k in side)
        left = len(state.row) + len(state.stack)
        groups[state.phase, state.step, left if state.phase == "pick" else placed].append(state.clone())
    copies, stacked = 20, Counter()
    for (_, step, _), states in groups.items():
        if len(states) < 2 or step == "give_back":  # a give-back answers one victim
            continue
        seat = states[0].turn
        g = batch.Games(*(np.concatenate([np.repeat(getattr(batch.from_state(s), f), copies, axis=0) for s in states])
                          for f in batch.Games.__dataclass_fields__))
        GYM.greedy_decide(g, step, seat, game, rng)
        keys = GYM.key_rows(g)
        for i, state in enumerate(states):
            bot.reset(game, seat, 0)
            expected = GYM.greedy_expected(state, seat, bot)
            assert set(keys[i * copies:(i + 1) * copies]) <= set(expected), (step, i, state.to_json())
        stacked[step] += len(states)
    assert {"take", "place", "action", "coach"} <= set(stacked), stacked
