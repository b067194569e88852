"""Saves under stress, in every game: random play with saves, loads, clones and bad moves
interleaved; tampered saves; hostile deck and preset files (random JSON).

A save either loads into a state that passes the game's own checks (``saves.check_state``)
and plays on to a result, or is refused with a ``ValueError`` naming what is wrong. The
property tests are bounded (few examples, no deadline) so the file runs in about a minute.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamedesign
from gamedesign.registry import BUILT_IN  # the games with save checks of their own
from gamedesign import IllegalAction
from gamedesign.games.diet import saves as diet_saves
from gamedesign.games.gym import GymState
from gamedesign.games.gym import saves as gym_saves
from gamedesign.games.legday import saves as legday_saves
from gamedesign.lab import load_preset
from gamedesign.lab.variants import default_deck_data
from gamedesign.saves import MAX_SAVE_CHARS

CHECKS = {"legday": legday_saves.check_state, "gym": gym_saves.check_state, "diet": diet_saves.check_state}


def player_counts(name):
    cls = gamedesign.registry.game_module(name).GAME_CLASS
    return list(cls.allowed_players or range(cls.min_players, cls.max_players + 1))


CASES = [(name, n) for name in BUILT_IN for n in player_counts(name)]

BOUNDED = settings(
    max_examples=25, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck)
)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


def check(state):
    CHECKS[state.game.name](state)


def random_move(state, rng):
    seat = rng.choice(state.to_move())
    legal = state.legal_actions(seat)
    assert legal, f"player {seat} must move but has no legal action"
    state.apply(seat, rng.choice(legal))


def play_on(state, rng, limit=20_000):
    """Play to the end, checking the state at every step; returns the result."""
    for _ in range(limit):
        check(state)
        if state.is_over():
            return state.result()
        random_move(state, rng)
    raise AssertionError("the game did not end")


def played(name, players, seed, steps):
    game = gamedesign.load(name, players=players)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        random_move(state, rng)
    return game, state


def refused(game, data, match):
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(ValueError, match=match) as err:
        game.state_from_json(text)
    assert len(str(err.value)) < 1_000
    return str(err.value)


# ---------------------------------------------------------------------------------------
# Every reachable state saves and loads
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,players", CASES)
def test_every_state_of_random_games_saves_and_loads(name, players):
    game = gamedesign.load(name, players=players)
    for seed in range(2 if name != "diet" else 1):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while True:
            check(state)
            text = state.to_json()
            loaded = game.state_from_json(text)
            assert loaded.to_json() == text
            if state.is_over():
                assert loaded.result() == state.result()
                break
            random_move(state, rng)


@pytest.mark.parametrize("name,players", [(n, p) for n, p in CASES if n != "gym"])
def test_sampled_states_of_search_bots_pass_the_same_checks(name, players):
    game, state = played(name, players, seed=3, steps=0)
    rng = random.Random(3)
    for _ in range(60):
        if state.is_over():
            break
        for seat in range(players):
            check(game.sample_state(state.observe(seat), rng))
        random_move(state, rng)


def test_sampled_gym_states_pass_the_same_checks():
    for players in (2, 4, 6):
        game, state = played("gym", players, seed=4, steps=0)
        rng = random.Random(4)
        while not state.is_over():
            for seat in range(players):
                check(game.sample_state(state.observe(seat), rng))
            random_move(state, rng)


def test_seeded_games_play_the_same_moves_as_before():
    """Digests of the moves of seeded random games, with saves, loads and clones between
    moves, recorded before saves were checked: checking changes no game."""
    digests = {"legday": "28f0fd6f6a35c6cb", "gym": "638da11c164a7132", "diet": "e3491076279c2485"}
    found = {}
    for name in BUILT_IN:
        h = hashlib.sha256()
        for players in player_counts(name):
            game = gamedesign.load(name, players=players)
            for seed in range(3):
                state, rng = game.new_state(seed=seed), random.Random(seed)
                while not state.is_over():
                    seat = rng.choice(state.to_move())
                    action = rng.choice(state.legal_actions(seat))
                    h.update(f"{seat}:{action};".encode())
                    state.apply(seat, action)
                    if rng.random() < 0.05:
                        state = game.state_from_json(state.to_json())
                    if rng.random() < 0.05:
                        state = state.clone()
        found[name] = h.hexdigest()[:16]
    assert found == digests


# ---------------------------------------------------------------------------------------
# Random play with saves, loads, clones and bad moves interleaved
# ---------------------------------------------------------------------------------------

BAD_TEXTS = st.text(max_size=40) | st.sampled_from(["", "pass", "pick", "take", "discard nothing, nothing", "x" * 5000])


@settings(BOUNDED, max_examples=40)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32 - 1), rates=st.tuples(*[st.floats(0, 0.3)] * 4),
       bad=st.lists(BAD_TEXTS, min_size=1, max_size=5))
def test_random_play_with_saves_loads_clones_and_bad_moves(case, seed, rates, bad):
    name, players = case
    game = gamedesign.load(name, players=players)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    save_rate, clone_rate, bad_rate, sample_rate = rates
    for _ in range(400):
        check(state)
        if state.is_over():
            break
        if rng.random() < save_rate:
            text = state.to_json()
            state = game.state_from_json(text)
            assert state.to_json() == text
        if rng.random() < clone_rate:
            before = state.to_json()
            other = state.clone()
            random_move(other, random.Random(seed + 1))
            assert state.to_json() == before
        if rng.random() < bad_rate:
            before = state.to_json()
            seat = rng.choice(state.to_move())
            legal = state.legal_actions(seat)
            for text in bad:
                try:
                    action = game.parse_action(text)
                except ValueError:
                    action = None
                if action not in legal:
                    with pytest.raises(IllegalAction):
                        state.apply(seat, text)
            waiting = [p for p in range(players) if p not in state.to_move()]
            if waiting:
                with pytest.raises(IllegalAction, match="not player"):
                    state.apply(waiting[0], legal[0])
            with pytest.raises(IllegalAction):
                state.apply(players, legal[0])
            assert state.to_json() == before
        if rng.random() < sample_rate:
            check(game.sample_state(state.observe(rng.randrange(players)), rng))
        random_move(state, rng)


# ---------------------------------------------------------------------------------------
# Tampered saves: one field of a real save changed
# ---------------------------------------------------------------------------------------


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*prefix, i))


def _get(data, path):
    for key in path:
        data = data[key]
    return data


def _set(data, path, value):
    _get(data, path[:-1])[path[-1]] = value


@st.composite
def tampered(draw):
    """A real save of a random game, with one field changed: a card moved, copied,
    removed or swapped, a number nudged, a flag flipped, a value replaced."""
    name, players = draw(st.sampled_from(CASES))
    seed = draw(st.integers(0, 2**16))
    steps = draw(st.integers(0, 120))
    game, state = played(name, players, seed, steps)
    data = json.loads(state.to_json())
    field = draw(st.sampled_from(sorted(data)))
    inside = [(field, *p) for p in _paths(data[field])][:400]
    path = draw(st.sampled_from(inside))
    value = _get(data, path)
    lists = [p for p in (( field, *q) for q in _paths(data[field])) if isinstance(_get(data, p), list)][:400]
    kind = draw(st.sampled_from(["replace", "nudge", "flip", "null", "move", "copy", "remove", "swap"]))
    if kind == "nudge" and isinstance(value, int) and not isinstance(value, bool):
        _set(data, path, value + draw(st.sampled_from([-2, -1, 1, 2, 7, 10**6, -(10**15)])))
    elif kind == "flip" and isinstance(value, bool):
        _set(data, path, not value)
    elif kind == "null" and len(path) > 0:
        _set(data, path, None)
    elif kind in ("move", "copy", "remove") and lists:
        target = draw(st.sampled_from(lists))
        source = draw(st.sampled_from([p for p in lists if _get(data, p)] or [target]))
        entries, destination = _get(data, source), _get(data, target)  # the lists themselves: pops shift paths
        if entries:
            i = draw(st.integers(0, len(entries) - 1))
            card = entries[i] if kind == "copy" else entries.pop(i)
            if kind != "remove":
                destination.append(copy.deepcopy(card))
    elif kind == "swap":
        leaves = [(field, *p) for p in _paths(data[field]) if isinstance(_get(data[field], p), str)][:400]
        others = [p for p in _paths(data) if p and isinstance(_get(data, p), str) and p[0] not in ("game",)][:600]
        if leaves and others:
            a, b = draw(st.sampled_from(leaves)), draw(st.sampled_from(others))
            va, vb = _get(data, a), _get(data, b)
            _set(data, a, vb)
            _set(data, b, va)
    elif len(path) > 0:
        _set(data, path, draw(JSON))
    else:
        data[field] = draw(JSON)
    return game, json.dumps(data), seed


@settings(BOUNDED, max_examples=200)
@given(case=tampered())
def test_tampered_saves_are_refused_or_load_into_a_state_that_plays_on(case):
    game, text, seed = case
    try:
        state = game.state_from_json(text)
    except ValueError as err:
        assert len(str(err)) < 1_000
        return
    check(state)
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()
    for seat in range(game.num_players):
        json.dumps(state.observe(seat))
    result = play_on(state, random.Random(seed))
    assert len(result.scores) == game.num_players


# ---------------------------------------------------------------------------------------
# The broken saves of the bug reports
# ---------------------------------------------------------------------------------------


def test_broken_leg_day_saves_name_the_field():
    game, state = played("legday", 4, seed=1, steps=20)
    data = json.loads(state.to_json())
    twice = copy.deepcopy(data)
    twice["hands"][0][0] = twice["hands"][1][0]
    refused(game, twice, r"is in the game \d+ times .* but the deck has \d+: every card of the deck is in exactly one")
    nowhere = copy.deepcopy(data)
    nowhere["pile"][0] = "Kettlebell"
    refused(game, nowhere, r"pile\[0\] is 'Kettlebell'; allowed: a card of this game's deck")
    benches = copy.deepcopy(data)
    benches["pile"] = ["Bench Press"] * len(data["pile"])
    refused(game, benches, "'Bench Press' is in the game .* but the deck has 10")
    early = copy.deepcopy(data)
    early["week"], early["day"] = 3, 7
    refused(game, early, "tableaus.* holds 5 cards; allowed: 14")
    late = copy.deepcopy(data)
    late["day"] = 99
    refused(game, late, "day is 99; allowed: a whole number from 1 to 7")
    peek = copy.deepcopy(data)
    peek["seen"][0][0]["cards"] = sorted(data["hands"][2])
    refused(game, peek, r"seen\[0\] is not what player 0 saw")
    flipped = copy.deepcopy(data)
    flipped["tableaus"][0][0][1] = 1
    refused(game, flipped, r"tableaus\[0\]\[0\] face up is 1; allowed: true or false")
    squats = copy.deepcopy(data)
    squats["squats"] = [None] * 4
    refused(game, squats, "squats are drawn at the end")


def test_broken_diet_saves_name_the_field():
    game, state = played("diet", 4, seed=2, steps=30)
    data = json.loads(state.to_json())
    for field, value, words in [
        ("weights", [-50, 0, 0, 0], r"weights\[0\] is -50"),
        ("weights", [-10, 0, 0, 0], r"weights\[0\] is -10; allowed: above the target \(-10\) while the game runs"),
        ("winner", 7, "winner is 7; allowed: a seat from 0 to 3 or null"),
        ("winner", 1, "winner is 1; allowed: null while the game runs"),
        ("turn", -(10**15), "turn is -1000000000000000; allowed: a whole number from 1 to 200"),
        ("turn", 10**15, "turn is 1000000000000000; allowed: a whole number from 1 to 200"),
        ("active", 3, "active is 3; allowed: .* whose turn"),
        ("phase", "new day", "phase is 'new day'; allowed: 'planning'"),
        ("asked", 2, "asked is 2; allowed: at step"),
        ("tally", {}, "tally has no key"),
        ("reshuffles", -1, "reshuffles is -1"),
        ("history", [], "history has 0 rows"),
    ]:
        broken = copy.deepcopy(data)
        broken[field] = value
        refused(game, broken, words)
    over = copy.deepcopy(data)
    over["phase"], over["step"], over["asked"], over["pending"] = "over", None, None, None
    refused(game, over, "winner is None; allowed: a seat at the target")


def test_diet_saves_agree_with_their_log():
    game, state = played("diet", 4, seed=2, steps=200)
    data = json.loads(state.to_json())
    assert data["log"][4] == "Ann exercised: Fad Diet (-1 lb)." and data["history"][1] == [-1, 0, 0, 0]

    def changed(change):
        broken = copy.deepcopy(data)
        change(broken)
        return broken

    def forge_history(d):
        d["history"][1] = [-2, 0, 0, 0]

    def forge_weight(d):  # a weight and its cause forged together
        d["weights"][3] -= 1
        d["causes"][3]["exercise"] -= 1

    for broken, words in [
        (changed(forge_history), r"history\[1\] is \[-2, 0, 0, 0\]; allowed: \[-1, 0, 0, 0\], the weights the log gives "
                                 "at the end of turn 1"),
        (changed(lambda d: d["history"].pop()), "history has 15 rows; allowed: 16"),
        (changed(lambda d: d["log"].__setitem__(5, "<b>Ann</b> ate <script>alert(1)</script>.")),
         r"log\[5\] is '<b>Ann</b> ate <script>.*; allowed: a line The Diet Game writes"),
        (changed(lambda d: d["log"].append('<img src=x onerror="alert(1)">')), r"log\[\d+\] is '<img"),
        (changed(lambda d: d["log"].__setitem__(4, "Ann exercised: Fad Diet (-5 lb).")),
         "Fad Diet changing a weight by -1 lb, as the deck says"),
        (changed(lambda d: d["log"].__setitem__(4, "Bo exercised: Fad Diet (-1 lb).")),
         r"log\[4\] is 'Bo exercised: .*; allowed: a line about Ann, whose turn it is"),
        (changed(lambda d: d["log"].pop(5)), r"log\[\d+\] is .*; allowed: Ann drawing to fill a hand of 3 cards up to 7"),
        (changed(forge_weight), r"weights is \[2, 1, 1, -4\]; allowed: \[2, 1, 1, -3\]"),
        (changed(lambda d: d["causes"][0].update({"own meals": d["causes"][0]["own meals"] - 1,
                                                  "cheats": d["causes"][0]["cheats"] + 1})),
         r"causes\[0\] is .*, as the log tells"),
        (changed(lambda d: d["tally"]["meals_eaten"].__setitem__(0, d["tally"]["meals_eaten"][0] + 1)),
         r"tally\['meals_eaten'\] is .*, as the log tells"),
        (changed(lambda d: d.update(reshuffles=1)), "reshuffles is 1; allowed: 2, the reshuffles the log tells"),
    ]:
        refused(game, broken, words)
    assert game.state_from_json(json.dumps(data)).to_json() == state.to_json()


def test_broken_gym_saves_name_the_field():
    game, state = played("gym", 2, seed=3, steps=5)
    data = json.loads(state.to_json())
    for field, value, words in [
        ("turn", 7, "turn is 7; allowed: a seat from 0 to 1"),
        ("phase", "play", "step is 'take'; allowed: 'place', 'action', 'give_back', 'coach'"),
        ("step", "place", "step is 'place'; allowed: 'take', 'advance'"),
        ("levels", dict.fromkeys(data["levels"], 5), "levels .*allowed: levels that add up to an even number"),
        ("stack", data["stack"][:5], r"the Kid '\w+' is in the game 0 times"),
        ("known", [sorted(data["hands"][0] + data["hands"][1]), []], r"known\[1\] is \[\]; allowed: every Kid taken"),
        ("left_out", data["stack"][:1], r"left_out is \['\w+'\]; allowed: \[\] during the Pick phase"),
        ("log", [{"seat": 9, "text": "hi", "private": {}}], r"log\[0\] seat is 9"),
    ]:
        broken = copy.deepcopy(data)
        broken[field] = value
        refused(game, broken, words)
    playing = copy.deepcopy(data)
    playing["phase"], playing["step"] = "play", "place"
    refused(game, playing, "row is .*; allowed: empty once the Pick phase is over")


@pytest.mark.parametrize("name", BUILT_IN)
def test_texts_that_are_no_saves_are_refused_clearly(name):
    game, state = played(name, player_counts(name)[0], seed=1, steps=3)
    refused(game, "[]", "a save is a JSON object of the state's fields, not a JSON list")
    refused(game, "null", "not a JSON null")
    refused(game, "{not json", "not valid JSON")
    refused(game, "[" * 100_000 + "]" * 100_000, "nested too deeply")
    refused(game, state.to_json().replace('"seed": 1', '"seed": NaN'), "NaN is not a number a save can hold")
    refused(game, " " * (MAX_SAVE_CHARS + 1), "a save has at most 10,000,000")
    refused(game, '{"game": "' + "x" * 100_000 + '"}', "this saved state is a 'xxxx")
    with pytest.raises(ValueError, match="not bytes"):
        game.state_from_json(state.to_json().encode())
    data = json.loads(state.to_json())
    data["extra"] = 1
    refused(game, data, "unknown field 'extra' in this save; allowed: game, players, options, seed")
    del data["extra"], data["seed"]
    refused(game, data, "this save has no 'seed' field")


def test_saved_options_must_match_with_their_types():
    game, state = played("legday", 3, seed=1, steps=3)
    data = json.loads(state.to_json())
    data["options"]["shake_second_after_tie"] = 1
    refused(game, data, "played with options")
    data["options"]["shake_second_after_tie"] = True
    game.state_from_json(json.dumps(data))
    data["players"] = 3.0
    refused(game, data, "has 3.0 players")


def test_a_hand_built_gym_setup_saves_its_left_out_kids():
    game = gamedesign.load("gym")
    state = GymState.from_setup(game, hands=[["Ada", "Sam"], ["Ben"]], in_play=["Lift any Kid", "Switch 2 Kids",
                                                                                 "Force a Kid", "Swap 2 Kids"])
    assert len(state.left_out) == 21 and "Ada" not in state.left_out
    loaded = game.state_from_json(state.to_json())
    assert loaded.to_json() == state.to_json()
    data = json.loads(state.to_json())
    data["hands"][1] = []
    refused(game, data, "'Ben' is in the game 0 times .*exactly one place: row, stack, hands, board, forced, left_out")
    done = GymState.from_setup(game, hands=[[], []], in_play=["Lift any Kid", "Switch 2 Kids", "Force a Kid",
                                                              "Swap 2 Kids"])
    assert done.is_over() and done.to_move() == []


# ---------------------------------------------------------------------------------------
# Hostile deck files and presets: random JSON gives only ValueError
# ---------------------------------------------------------------------------------------


@st.composite
def hostile_decks(draw):
    """A game's default deck data with one entry replaced by random JSON, or random JSON."""
    name = draw(st.sampled_from(BUILT_IN))
    data = default_deck_data(name)
    if draw(st.booleans()):
        return name, draw(JSON)
    paths = [p for p in _paths(data) if p]
    path = draw(st.sampled_from(paths))
    kind = draw(st.sampled_from(["replace", "nudge", "delete", "add"]))
    value = _get(data, path)
    if kind == "nudge" and isinstance(value, int) and not isinstance(value, bool):
        _set(data, path, value * draw(st.sampled_from([-1, 0, 2, 10, 10**9])))
    elif kind == "delete":
        del _get(data, path[:-1])[path[-1]]
    elif kind == "add" and isinstance(value, dict):
        value[draw(st.text(max_size=10))] = draw(JSON)
    else:
        _set(data, path, draw(JSON))
    return name, data


@settings(BOUNDED, max_examples=150)
@given(case=hostile_decks())
def test_hostile_decks_give_only_value_errors(case):
    name, data = case
    try:
        game = gamedesign.load(name, deck=data)
    except ValueError as err:
        assert len(str(err)) < 3_000
        return
    state = game.new_state(seed=0)
    rng = random.Random(0)
    for _ in range(200):
        check(state)
        if state.is_over():
            break
        random_move(state, rng)


PRESET_BYTES = st.one_of(
    JSON.map(lambda v: json.dumps(v).encode()),
    st.fixed_dictionaries(
        {"game": st.sampled_from(BUILT_IN) | JSON},
        optional={"name": JSON, "players": JSON, "options": JSON, "deck": JSON, "description": JSON},
    ).map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=40),
)


@settings(BOUNDED, max_examples=150)
@given(raw=PRESET_BYTES, suffix=st.sampled_from([".json", ".toml"]))
def test_hostile_presets_give_only_value_errors_naming_the_file(raw, suffix):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"hostile{suffix}"
        path.write_bytes(raw)
        try:
            load_preset(path)
        except ValueError as err:
            assert str(err).startswith(f"preset 'hostile{suffix}': ") and len(str(err)) < 3_000
