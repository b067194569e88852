"""GYM's batch path (``gamedesign/games/gym/batch.py``) plays by the object engine's rules.

Engine states along random engine games (2, 4 and 6 players, every option, a custom deck)
are converted to the batch arrays: the batch's counts of legal actions must equal the
engine's at every decision, applying the engine's action to the arrays must give the
engine's board, the batch's random decisions must be uniform over exactly the engine's
legal actions, and the table rows of finished engine games must be the engine's (the
distributions of whole runs and the scores of batch games: ``test_batch_contract.py``).
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pandas as pd
import pytest

import gamedesign
from gamedesign.games.gym import (
    DEFAULT_DECK,
    Advance,
    Coach,
    Force,
    GiveBack,
    Lift,
    Move,
    PickFrom,
    Place,
    Skip,
    Swap,
    Switch,
    Take,
    batch,
    score_board,
)
from gamedesign.games.gym.rules import ACTION_KIND, TEAMS
from gamedesign.registry import game_module


def custom_deck() -> dict:
    """A designer's deck unlike the default: other names, event order, colour-action
    pairs and values, and 10 Brats."""
    events = [
        ("Sprint", "blue", "move"), ("Rope Climb", "red", "force"), ("Hoops", "purple", "lift"),
        ("Bars", "green", "pick"), ("Mats", "orange", "swap"), ("Relay", "yellow", "switch"),
    ]
    colours = ["red", "orange", "yellow", "green", "blue", "purple"]
    kids = []
    for i in range(14):
        a, b = colours[i % 6], colours[(i * 5 + 2) % 6]
        if a == b:
            b = colours[(i + 3) % 6]
        kids.append({"name": f"Runner{i}", "type": "friendly",
                     "skills": [{"colour": a, "value": 1 + i % 4}, {"colour": b, "value": 1 + (i * 3) % 5}]})
    for i in range(10):
        kids.append({"name": f"Imp{i}", "type": "brat", "skills": [{"colour": colours[(i * 7) % 6], "value": 1 + i % 3}]})
    return {"events": [{"name": n, "colour": c, "action": a} for n, c, a in events], "kids": kids}


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

#: With ties at the cut drawn at random, the greedy players count each tied event with its
#: chance of going in play (the drawn order itself is the game's, so only the greedy test).
RANDOM_TIES = [
    pytest.param({"players": 2, "schedule_tiebreak": "random"}, id="2p-random-ties"),
    pytest.param({"players": 4, "brat_advance": "two_to_one", "schedule_tiebreak": "random"}, id="4p-random-ties"),
]


def names(game):
    deck = game.deck
    return {k.name: i for i, k in enumerate(deck.kids)}, {e.name: i for i, e in enumerate(deck.events)}


def apply_to_arrays(g, game, seat, action, before: dict, state) -> None:
    """Apply the engine's ``action`` (already applied to ``state``) to the batch ``g``.

    ``before`` holds what the engine state showed before it: ``phase`` and ``victim``.
    Force and Pick draw their Kid with the engine's generator: the arrays get the same Kid.
    """
    kid, event = names(game)
    rows = np.array([0])
    if isinstance(action, Take):
        batch.take(g, rows, kid[action.kid], seat)
    elif isinstance(action, Advance):
        steps = np.zeros((1, 6), dtype=np.int64)
        for e, s in action.steps.items():
            steps[0, event[e]] += s
        batch.advance(g, rows, steps)
    elif isinstance(action, Place):
        batch.place(g, rows, kid[action.kid], event[action.event], seat % 2)
    elif isinstance(action, Lift):
        batch.lift(g, rows, kid[action.kid], kid[action.put], seat)
    elif isinstance(action, (Switch, Swap)):
        batch.exchange(g, rows, kid[action.a], kid[action.b])
    elif isinstance(action, Move):
        batch.move(g, rows, kid[action.kid], event[action.event])
    elif isinstance(action, Force):
        batch.force(g, rows, action.seat, kid[state.forced[action.seat]])
    elif isinstance(action, PickFrom):
        batch.hand_over(g, rows, kid[state.taken], seat)
    elif isinstance(action, GiveBack):
        batch.hand_over(g, rows, kid[action.kid], before["victim"])
    elif isinstance(action, Coach):
        batch.coach(g, rows, event[action.coach], 2 * event[action.event] + TEAMS.index(action.side))
    else:
        assert isinstance(action, Skip)
    if before["phase"] == "pick" and state.step != "advance":
        batch.reveal(g)
    if before["phase"] == "pick" and state.phase == "play":
        batch.end_pick(g)
    if before["phase"] == "play" and state.placed is None:
        batch.end_turn(g, seat)


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
# 1. Legal actions and their effects, decision by decision
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS)
def test_batch_counts_the_engines_legal_actions_and_applies_its_actions(config):
    game = gamedesign.load("gym", **config)
    deck = batch.DeckArrays(game.deck)
    kinds_seen = Counter()
    chained = None
    for state, seat, legal, action in random_games(config, games=2, seed=len(str(config))):
        g = batch.from_state(state)
        if chained is None or state.phase == "pick" and not state.hands[0]:
            chained = batch.from_state(state)  # a new game
        assert_same(chained, g)  # every action so far applied to the arrays gives this state
        assert batch.legal_count(g, game, state.step, seat)[0] == len(legal), (state.step, state.to_json())
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
        apply_to_arrays(chained, game, seat, action, before, state)
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
# 2. The batch's random decisions are uniform over exactly the legal actions
# ----------------------------------------------------------------------------------------


def key_rows(g) -> list[bytes]:
    parts = [g.loc.astype(np.int8), g.levels.astype(np.int8), g.coach_at.astype(np.int8), g.exempt.astype(np.int8)]
    rows = np.ascontiguousarray(np.concatenate(parts, axis=1))
    return [row.tobytes() for row in rows]


def copy_games(g, count=1):
    return batch.Games(*(np.repeat(getattr(g, f), count, axis=0) for f in batch.Games.__dataclass_fields__))


def expected_outcomes(state, seat, legal, game) -> Counter:
    """Probability of each resulting array state when the engine's random bot decides
    (the engine's own draws for Force and Pick, and a Brat's advance, included)."""
    kid, _ = names(game)
    out = Counter()
    base = batch.from_state(state)

    def add(g, p):
        out[key_rows(g)[0]] += p

    for action in legal:
        p = 1 / len(legal)
        g = copy_games(base)
        rows = np.array([0])
        if isinstance(action, Force):
            hand = state.hands[action.seat]
            for k in hand:
                g = copy_games(base)
                batch.force(g, rows, action.seat, kid[k])
                add(g, p / len(hand))
        elif isinstance(action, PickFrom):
            victim_hand, own = state.hands[action.seat], state.hands[seat]
            for k in victim_hand:
                for back in own + [k]:
                    g = copy_games(base)
                    batch.hand_over(g, rows, kid[k], seat)
                    batch.hand_over(g, rows, kid[back], action.seat)
                    add(g, p / len(victim_hand) / (len(own) + 1))
        elif isinstance(action, Take) and game.deck.kid(action.kid).is_brat:
            after = state.clone()
            after.apply(seat, action)
            advances = after.legal_actions(seat)
            for adv in advances:
                g = copy_games(base)
                apply_to_arrays(g, game, seat, action, {"phase": "decision"}, after)
                if isinstance(adv, Advance):
                    steps = np.zeros((1, 6), dtype=np.int64)
                    for e, s in adv.steps.items():
                        steps[0, names(game)[1][e]] += s
                    batch.advance(g, rows, steps)
                batch.reveal(g)
                add(g, p / len(advances))
        else:
            if isinstance(action, (Take, Skip, Coach, Place, Lift, Switch, Swap, Move)):
                # the arrays' effect of a deterministic action (end of turn left out)
                apply_to_arrays(g, game, seat, action, {"phase": "decision"}, state)
            if isinstance(action, Take):
                batch.reveal(g)
            add(g, p)
    return out


def sample_outcomes(state, seat, game, samples, rng) -> Counter:
    deck = batch.DeckArrays(game.deck)
    g = copy_games(batch.from_state(state), samples)
    step = state.step
    if step == "take":
        batch.random_take(g, rng, deck, batch.advance_steps(game), seat)
    elif step == "place":
        batch.random_place(g, rng, game, seat, batch.place_counts(g), batch.coached_sides(g))
    elif step == "action":
        batch.random_action(g, rng, game, deck, seat, batch.place_counts(g), batch.coached_sides(g))
    elif step == "coach":
        batch.random_coach(g, np.arange(samples), rng)
    return Counter(key_rows(g))


@pytest.mark.parametrize("config", [
    {"players": 2},
    {"players": 4, "brat_advance": "one_to_two", "coach_blocks_placement": True},
    {"players": 6, "brat_advance": "two_to_one"},
    {"players": 2, "deck": custom_deck(), "coach_blocks_placement": True},
], ids=["2p", "4p-options", "6p", "custom-deck"])
def test_batch_decisions_are_uniform_over_the_engines_legal_actions(config):
    game = gamedesign.load("gym", **config)
    rng = np.random.default_rng(3)
    samples = 4000
    checked = Counter()
    wanted = {"take", "place", "action", "coach", "lift", "switch", "swap", "move", "force", "pick"}
    for state, seat, legal, action in random_games(config, games=12, seed=7):
        if wanted <= {k for k, n in checked.items() if n >= 3} and state.phase == "pick" and not state.hands[0]:
            break  # every decision and every Event Action checked a few times: enough games
        if state.step not in ("take", "place", "action", "coach"):
            state.apply(seat, action)
            continue
        expected = expected_outcomes(state, seat, legal, game)
        seen = sample_outcomes(state, seat, game, samples, rng)
        assert set(seen) <= set(expected), (state.step, state.to_json())  # only legal outcomes
        # chi-square against the engine's distribution, about 6 standard deviations
        stat = sum((seen[k] - samples * p) ** 2 / (samples * p) for k, p in expected.items())
        spread = sum(2 + 1 / (samples * p) for p in expected.values()) ** 0.5
        assert stat < len(expected) - 1 + 6 * spread, (state.step, stat, len(expected), state.to_json())
        checked[state.step] += 1
        checked.update({ACTION_KIND[type(a)] for a in legal if type(a) in ACTION_KIND})
        state.apply(seat, action)
    assert wanted <= set(checked), checked


# ----------------------------------------------------------------------------------------
# 3. Scores and the table of finished games
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
# 4. Whole runs: the rows of one game agree
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
# 5. The greedy bot on whole arrays: the greedy bot's choices, with its odds
# ----------------------------------------------------------------------------------------


class _Replay:
    """A stand-in for a bot's generator: ``randrange(k)`` records ``k`` and answers
    ``answer``, so every one of a bot's tied best actions can be asked for in turn."""

    def __init__(self, answer=0):
        self.answer, self.asked = answer, []

    def randrange(self, k):
        self.asked.append(k)
        return self.answer


def greedy_ties(bot, state, seat) -> list:
    """The greedy bot's tied best actions at ``state`` (it chooses one uniformly)."""
    observation, legal = state.observe(seat), state.legal_actions(seat)
    bot.rng = _Replay()
    first = bot.act(observation, list(legal))
    (ties,) = bot.rng.asked
    out = [first]
    for i in range(1, ties):
        bot.rng = _Replay(i)
        out.append(bot.act(observation, list(legal)))
    assert len(set(out)) == ties
    return out


class _Draw:
    """A stand-in for the engine's generator that draws ``kid`` (Force and Pick)."""

    def __init__(self, kid):
        self.kid = kid

    def choice(self, options):
        assert self.kid in options
        return self.kid


def greedy_expected(state, seat, game, bot) -> Counter:
    """Probability of each resulting array state when the greedy bot decides at ``state``
    (its tied actions uniformly; the engine's draws for Force and Pick uniformly; a Brat's
    advance and a Pick's give-back by the greedy bot again)."""
    out = Counter()
    ties = greedy_ties(bot, state, seat)
    for action in ties:
        p = 1 / len(ties)
        if isinstance(action, (Force, PickFrom)):
            hand = list(state.hands[action.seat])
            for kid in hand:
                after = state.clone()
                after.rng = _Draw(kid)
                after.apply(seat, action)
                after.rng = random.Random(0)
                if isinstance(action, Force):
                    out[key_rows(batch.from_state(after))[0]] += p / len(hand)
                    continue
                backs = greedy_ties(bot, after, seat)
                for back in backs:
                    done = after.clone()
                    done.apply(seat, back)
                    out[_decision_key(done, seat)] += p / len(hand) / len(backs)
            continue
        after = state.clone()
        after.apply(seat, action)
        if after.step == "advance":
            advances = greedy_ties(bot, after, seat)
            for adv in advances:
                done = after.clone()
                done.apply(seat, adv)
                out[_decision_key(done, seat)] += p / len(advances)
        else:
            out[_decision_key(after, seat)] += p
    return out


def _decision_key(after, seat) -> bytes:
    """The arrays' key of the engine state right after one decision."""
    return key_rows(batch.from_state(after))[0]


def greedy_decide(g, step, seat, game, rng, victim=None) -> None:
    """The batch greedy decision ``step`` of ``seat`` in every game of ``g``."""
    deck = batch.DeckArrays(game.deck)
    everyone = np.arange(len(g))
    phase = batch.PlayPhase(g, deck)
    random_ties = game.options.schedule_tiebreak == "random"
    if step == "take":
        batch.greedy_take(g, rng, deck, batch.advance_steps(game), seat, random_ties)
    elif step == "advance":
        batch.greedy_advance(g, everyone, rng, deck, batch.advance_steps(game), seat, random_ties)
        batch.reveal(g)
    elif step == "place":
        batch.greedy_place(g, rng, game, deck, seat, batch.place_counts(g), batch.coached_sides(g), phase)
    elif step == "action":
        batch.greedy_action(g, rng, game, deck, seat, batch.place_counts(g), batch.coached_sides(g), phase.bests)
    elif step == "give_back":
        batch.greedy_give_back(g, everyone, rng, seat, victim, phase.bests)
    elif step == "coach":
        batch.greedy_coach(g, everyone, rng, deck, seat)
    if step in ("action", "give_back", "coach"):
        over = everyone if step == "coach" else np.flatnonzero(~deck.brat[g.placed])
        g.exempt[over, seat] = False  # the engine's turn is over: so is a Force exemption


def greedy_sample(state, seat, game, samples, rng) -> Counter:
    """The batch greedy decision at ``state`` in ``samples`` copies: outcome counts."""
    g = copy_games(batch.from_state(state), samples)
    greedy_decide(g, state.step, seat, game, rng, state.victim)
    return Counter(key_rows(g))


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


@pytest.mark.parametrize("config", CONFIGS + RANDOM_TIES)
def test_batch_greedy_chooses_among_exactly_the_greedy_bots_best_actions(config):
    """At every decision along engine games, the batch greedy decision (many copies of
    the engine state) reaches only outcomes of the greedy bot's tied best actions, and
    where the bot has a choice, it reaches each with the bot's probability."""
    from gamedesign.bots import make_bot

    game = gamedesign.load("gym", **config)
    bot = make_bot("greedy", game)
    rng = np.random.default_rng(5)
    checked = Counter()
    for state, seat in greedy_games(config, games=2, seed=len(str(config))):
        bot.reset(game, seat, 0)
        expected = greedy_expected(state, seat, game, bot)
        samples = 60 if len(expected) == 1 else 1500
        seen = greedy_sample(state, seat, game, samples, rng)
        assert set(seen) <= set(expected), (state.step, state.to_json())
        checked[state.step] += 1
        if len(expected) > 1:
            checked["several"] += 1
            stat = sum((seen[k] - samples * p) ** 2 / (samples * p) for k, p in expected.items())
            spread = sum(2 + 1 / (samples * p) for p in expected.values()) ** 0.5
            assert stat < len(expected) - 1 + 6 * spread, (state.step, stat, len(expected), state.to_json())
    assert {"take", "place", "action", "several"} <= set(checked), checked


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
        greedy_decide(g, step, seat, game, rng)
        keys = key_rows(g)
        for i, state in enumerate(states):
            bot.reset(game, seat, 0)
            expected = greedy_expected(state, seat, game, bot)
            assert set(keys[i * copies:(i + 1) * copies]) <= set(expected), (step, i, state.to_json())
        stacked[step] += len(states)
    assert {"take", "place", "action", "coach"} <= set(stacked), stacked
