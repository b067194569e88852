"""The batch contract: every game with a batch path plays it by its engine's rules.

One harness, run over every game with a batch path (Leg Day, GYM and The Diet Game). A
batch path plays thousands of games at once with numpy (``simulate(..., batch=True)``), a
second copy of the rules; the object engine plays one at a time and is the reference.
Each game's batch path is asked through its adapter (``batch_adapters.py``: a position of
the engine mapped into the batch's arrays, the batch's decisions made there on many copies
of it). For each game the harness checks:

* decision by decision, along seeded engine games of random moves (several option sets and
  player counts): the batch path offers as many choices as ``state.legal_actions``; its
  random decision is uniform over the engine's legal actions (a chi-square test of many
  copies of the position against the engine's random bot); its greedy decision falls
  exactly on the greedy bot's tied best actions, each equally often;
* the final scores of batch games, scored again by the engine from the final position,
  are the batch path's (for The Diet Game every column of the game's table rows);
* whole runs have the engine's distribution in every column of the table, seat by seat
  (each column's 4-standard-error intervals overlap; for a text column, the share of each
  of its values; for a column with gaps, how often it has one and its mean with them as 0).

What the harness cannot say stays in each game's module: Leg Day's scoring of any
collection under every option and its greedy values (``test_legday_batch.py``); GYM's
engine actions applied to the arrays, hand-built positions, its first seat of the Play
phase, greedy decisions of different games side by side (``test_gym_batch.py``); The Diet
Game's Planning discards, card conservation and greedy decisions side by side
(``test_diet_batch.py``).

The checks are written once (:class:`BatchContract`) and parametrised over each game's
runs in a class of its own (``TestLegDay``, ``TestGym``, ``TestDiet``): with ``--dist
loadscope`` a class is one unit of work, so the games run side by side under ``-n 2``.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import numpy as np
import pandas as pd

import gamedesign
from gamedesign.registry import game_module

from batch_adapters import ADAPTERS, SMALL_DECK, custom_deck

GYM_LESSON = {"play_phase_first": "B", "last_placement_action": False, "schedule_tiebreak": "random"}

#: (game, options, bots, engine games, batch games): the runs compared, column by column.
RUNS = [
    ("legday", {"players": 4}, "random", 500, 20_000),
    ("legday", {"players": 4}, ["greedy", "random", "random", "random"], 500, 20_000),
    ("legday", {"players": 3, "curl_overflow": "new_set", "elimination": "penalty", "elimination_penalty": 4,
                "tiebreak_shakes": "cards"}, ["greedy", "random", "greedy"], 500, 20_000),
    ("gym", {"players": 2}, "random", 400, 20_000),
    ("gym", {"players": 4, "brat_advance": "two_to_one", "coach_blocks_placement": True}, "random", 400, 20_000),
    ("gym", {"players": 4, **GYM_LESSON}, "random", 400, 20_000),
    ("gym", {"players": 4, "play_phase_first": "weaker_hands"}, "random", 400, 20_000),
    ("gym", {"players": 2}, "greedy", 400, 10_000),
    ("gym", {"players": 2, "deck": custom_deck(), "brat_advance": "one_to_two"}, ["random", "greedy"], 400, 10_000),
    ("gym", {"players": 4, "brat_advance": "two_to_one", "coach_blocks_placement": True},
     ["greedy", "greedy", "random", "greedy"], 400, 10_000),
    ("gym", {"players": 2, **GYM_LESSON}, "greedy", 400, 10_000),
    ("gym", {"players": 2, "last_placement_action": False}, ["random", "greedy"], 400, 10_000),
    ("gym", {"players": 2, "play_phase_first": "weaker_hands"}, "greedy", 400, 10_000),
    ("gym", {"players": 4, "play_phase_first": "weaker_hands", "schedule_tiebreak": "random"},
     ["greedy", "random", "random", "greedy"], 400, 10_000),
    ("diet", {"players": 4}, "random", 240, 20_000),
    ("diet", {"players": 2, "deal_at_start": False, "first_player": 1, "target": -5, "max_turns": 80}, "random",
     400, 20_000),
    ("diet", {"players": 5, "deck": SMALL_DECK, "target": -4, "max_turns": 50}, "random", 400, 20_000),
    ("diet", {"players": 3, "feed_last_place": False, "max_turns": 90}, "random", 400, 20_000),
    ("diet", {"players": 4}, "greedy", 300, 20_000),
    ("diet", {"players": 3, "deck": SMALL_DECK, "target": -4, "max_turns": 50}, ["greedy", "random", "greedy"],
     400, 20_000),
    ("diet", {"players": 2, "deal_at_start": False, "first_player": 1, "max_turns": 80}, ["random", "greedy"],
     400, 20_000),
    ("diet", {"players": 4, "feed_last_place": False}, "greedy", 300, 20_000),
]


def _run_id(run) -> str:
    name, options, bots, _, _ = run
    bots = bots if isinstance(bots, str) else "-".join(bots)
    shown = [f"{k}={v}" for k, v in options.items() if k != "deck"] + (["own deck"] if "deck" in options else [])
    return f"{name}-{bots}-" + ",".join(shown)


def _measures(table: pd.DataFrame, values: dict) -> pd.DataFrame:
    """Each column of a table as numbers to compare, with its ``seat``: a number column as
    it is (and, when it has gaps, whether a row has one, the gaps taken as 0); a text
    column as whether a row has each value (``values``: the values met in either table)."""
    out = {"seat": table["seat"]}
    for column in table.columns:
        if column in ("game", "seat", "bot"):
            continue
        if column in values:
            for value in values[column]:
                out[f"{column} == {value!r}"] = (table[column] == value).astype(float)
            continue
        numbers = table[column].astype(float)
        out[f"{column} has a gap"] = numbers.isna().astype(float)
        out[column] = numbers.fillna(0.0)
    return pd.DataFrame(out)


def assert_same_distributions(engine: pd.DataFrame, fast: pd.DataFrame, players: int) -> None:
    """Seat by seat, each measure of the two tables (see :func:`_measures`) has
    overlapping intervals: mean plus or minus 4 standard errors, the spread taken from
    whichever table has more (a rare event the engine's fewer games never met still
    gets an interval)."""
    assert set(fast.columns) == set(engine.columns)
    for column in engine.columns:
        assert fast[column].dtype == engine[column].dtype, column
    assert list(fast["bot"][:players]) == list(engine["bot"][:players])
    texts = [c for c in engine.columns if c != "bot" and engine[c].dtype.kind in "OTU"]
    values = {c: sorted(set(engine[c]) | set(fast[c])) for c in texts}
    a = _measures(engine, values).groupby("seat")
    b = _measures(fast, values).groupby("seat")
    mean_a, mean_b = a.mean(), b.mean()
    spread = np.maximum(a.std(), b.std())
    reach = 4 * spread * (a.size().to_numpy()[:, None] ** -0.5 + b.size().to_numpy()[:, None] ** -0.5) + 1e-9
    apart = (mean_a - mean_b).abs() > reach
    assert not apart.to_numpy().any(), [(seat, name, mean_a.loc[seat, name], mean_b.loc[seat, name])
                                        for seat, name in apart.stack()[apart.stack()].index]


# ----------------------------------------------------------------------------------------
# Decision by decision, along engine games
# ----------------------------------------------------------------------------------------

#: (game, options): the engine games walked decision by decision, for every game with a
#: batch path: player counts from 2 to 6, the options that change what a player may do
#: or what the greedy bot prefers, and the tests' own decks.
DECISION_RUNS = [
    ("legday", {"players": 2}),
    ("legday", {"players": 4, "curl_overflow": "new_set", "elimination": "penalty", "elimination_penalty": 4}),
    ("legday", {"players": 6, "elimination": "none", "tiebreak_shakes": "cards"}),
    ("gym", {"players": 2}),
    ("gym", {"players": 4, "brat_advance": "one_to_two", "coach_blocks_placement": True}),
    ("gym", {"players": 6, "brat_advance": "two_to_one"}),
    ("gym", {"players": 2, "deck": custom_deck(), "coach_blocks_placement": True}),
    ("gym", {"players": 4, "play_phase_first": "weaker_hands", "schedule_tiebreak": "random"}),
    ("gym", {"players": 2, **GYM_LESSON}),
    ("diet", {"players": 2}),
    ("diet", {"players": 4, "feed_last_place": False}),
    ("diet", {"players": 3, "deck": SMALL_DECK, "max_turns": 60}),
    ("diet", {"players": 5, "deal_at_start": False, "first_player": 2}),
    ("diet", {"players": 6, "target": -4, "max_turns": 80}),
]

#: Runs in which the greedy bot never has a choice: the small Diet deck has one card type per use.
NO_GREEDY_CHOICE = [("diet", {"players": 3, "deck": SMALL_DECK, "max_turns": 60})]

#: Most engine games a walk plays to meet every kind of decision its adapter wants.
MOST_GAMES = 30

#: The share of decisions a walk checks, where not all: a Diet Game runs to hundreds of
#: decisions, and a walk that checks one in five sees positions late in games (decks
#: reshuffled, weights near the target) as well as early ones.
CHECKED_SHARE = {"diet": 0.2}


def walk(name, options, decisions, met=None, wanted=()):
    """Yield ``(state, seat)`` at decisions of seeded engine games of random moves (each
    one, or a share of them: ``CHECKED_SHARE``), at least ``decisions`` of them and on
    until every kind of decision the game's adapter wants (``adapter.wanted``, with
    ``wanted``) has come up; ``met`` (a Counter, updated with ``adapter.kinds`` of each
    decision yielded) is the caller's, who may add kinds of its own. A decision the batch
    makes together with the one before (``adapter.joined``) is yielded when that one was.
    The caller must not change ``state``: the walk applies a random legal action to it."""
    game = gamedesign.load(name, **options)
    adapter = ADAPTERS[name]
    wanted = adapter.wanted(game) | set(wanted)
    met = Counter() if met is None else met
    rng = random.Random(DECISION_RUNS.index((name, options)))
    share = CHECKED_SHARE.get(name, 1.0)
    seen = 0
    for i in range(MOST_GAMES):
        state = game.new_state(seed=1000 + i)
        shown = False  # the last decision was yielded
        while not state.is_over():
            if seen >= decisions and wanted <= set(met):
                return
            seat = state.to_move()[0]
            shown = shown if adapter.joined(state, seat) else rng.random() < share
            if shown:
                met.update(adapter.kinds(state, seat))
                yield state, seat
                seen += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"{MOST_GAMES} games of {name} with {options} never met {sorted(wanted - set(met))}")


def where(state, seat) -> str:
    """The position, for a failing check (its saved form without the generator)."""
    data = json.loads(state.to_json())
    data.pop("rng", None)
    return f"seat {seat} at {state!r}: {json.dumps(data)[:3000]}"


def _chi_square_limit(dof: int) -> float:
    """A chi-square statistic with ``dof`` degrees of freedom exceeds this with a chance
    of about 1e-7 or less (Wilson-Hilferty, 5.3 standard deviations; it errs high)."""
    a = 2 / (9 * dof)
    return dof * (1 - a + 5.3 * a**0.5) ** 3


def assert_drawn_from(seen: Counter, expected: dict, state, seat) -> None:
    """``seen`` (how often each outcome came up) is a sample of ``expected`` (each
    outcome's chance): no outcome outside it, and a chi-square statistic below both the
    chi-square's limit and 6 of its standard deviations above its mean (the spread of a
    statistic with many rare outcomes), so that a seeded test is not at the mercy of
    chance while a bias of a few percent fails."""
    assert abs(sum(expected.values()) - 1) < 1e-9, where(state, seat)
    outside = set(seen) - set(expected)
    assert not outside, ("outcomes the engine never gives", list(outside)[:5], where(state, seat))
    if len(expected) == 1:
        return
    samples = sum(seen.values())
    stat = sum((seen[k] - samples * p) ** 2 / (samples * p) for k, p in expected.items())
    dof = len(expected) - 1
    spread = sum(2 + 1 / (samples * p) for p in expected.values()) ** 0.5
    limit = max(_chi_square_limit(dof), dof + 6 * spread)
    assert stat < limit, (where(state, seat), f"chi-square {stat:.1f} over {len(expected)} outcomes, limit {limit:.1f}",
                          sorted((seen[k], round(samples * p, 1)) for k, p in expected.items())[:20])


#: Copies of a position the batch decides in, to compare with the engine's chances (one
#: outcome possible: a few copies only).
SAMPLES, FEW = 1500, 20


# ----------------------------------------------------------------------------------------
# Final scores of batch games, scored again by the engine
# ----------------------------------------------------------------------------------------

#: (game, options, bots): the runs whose final positions the engine scores again.
RESCORED = [
    ("legday", {"players": 4}, "random"),
    ("legday", {"players": 5, "curl_overflow": "new_set", "elimination": "penalty"}, "greedy"),
    ("legday", {"players": 2, "elimination": "none", "tiebreak_shakes": "cards", "shake_second_after_tie": False},
     ["random", "greedy"]),
    ("gym", {"players": 2}, "random"),
    ("gym", {"players": 4, "coach_blocks_placement": True}, ["greedy", "random", "greedy", "random"]),
    ("gym", {"players": 6, "schedule_tiebreak": "random", "deck": custom_deck()}, "greedy"),
    ("diet", {"players": 4, "max_turns": 20}, ["greedy", "random", "greedy", "random"]),
    ("diet", {"players": 3, "deck": SMALL_DECK, "target": -4, "max_turns": 50}, "random"),
    ("diet", {"players": 5, "deal_at_start": False, "first_player": 2, "feed_last_place": False}, "greedy"),
]


# ----------------------------------------------------------------------------------------
# The contract, one class a game
# ----------------------------------------------------------------------------------------


class BatchContract:
    """The checks of the contract; each game with a batch path has a subclass naming it
    (``game``), whose tests take that game's runs of ``RUNS``, ``DECISION_RUNS`` and
    ``RESCORED`` (:func:`pytest_generate_tests`). With ``--dist loadscope`` a class is one
    unit of work: the games' checks run side by side under ``-n 2``."""

    game: str

    def test_batch_runs_have_the_engines_distribution_in_every_column(self, run):
        name, options, bots, engine_games, batch_games = run
        game = gamedesign.load(name, **options)
        engine = gamedesign.simulate(game, bots, games=engine_games, seed=2, workers=1, batch=False)
        fast = gamedesign.simulate(game, bots, games=batch_games, seed=2, batch=True)
        assert engine.attrs["path"] == "object" and fast.attrs["path"] == "batch"
        assert len(fast) == batch_games * game.num_players
        assert_same_distributions(engine, fast, game.num_players)

    def test_the_batch_offers_as_many_choices_as_the_engines_legal_actions(self, walked):
        name, options = walked
        adapter = ADAPTERS[name]
        for state, seat in walk(name, options, decisions=400):
            count, legal = adapter.legal_count(state, seat), len(state.legal_actions(seat))
            assert count == legal, (count, legal, where(state, seat))

    def test_the_batch_random_choice_is_uniform_over_the_engines_legal_actions(self, walked):
        """The engine's random bot chooses uniformly among the legal actions: in copies of
        the position the batch's random decision reaches only their outcomes, each as
        often as the engine's bot does (a decision the batch makes together with the one
        before, ``adapter.joined``, was part of that one's outcomes)."""
        name, options = walked
        adapter = ADAPTERS[name]
        rng = np.random.default_rng(3)
        before = None  # the last decision checked: (game, seat)
        for state, seat in walk(name, options, decisions=200):
            if adapter.joined(state, seat):
                assert before == (id(state), seat), ("a joined decision without its first part", where(state, seat))
                continue
            expected = adapter.random_expected(state, seat)
            seen = adapter.random_outcomes(state, seat, SAMPLES if len(expected) > 1 else FEW, rng)
            assert_drawn_from(seen, expected, state, seat)
            before = (id(state), seat)

    def test_the_batch_greedy_choice_is_one_of_the_greedy_bots_tied_best_actions(self, walked):
        """The greedy bot chooses uniformly among its tied best actions: in copies of the
        position the batch's greedy decision reaches exactly their outcomes, each as often
        as the bot does. Some decisions of the walk give several outcomes (except where
        the greedy bot never has a choice: ``NO_GREEDY_CHOICE``)."""
        name, options = walked
        adapter = ADAPTERS[name]
        rng = np.random.default_rng(5)
        met = Counter()
        several = set() if walked in NO_GREEDY_CHOICE else {"several outcomes"}
        for state, seat in walk(name, options, decisions=200, met=met, wanted=several):
            expected = adapter.greedy_expected(state, seat)
            seen = adapter.greedy_outcomes(state, seat, SAMPLES if len(expected) > 1 else FEW, rng)
            assert_drawn_from(seen, expected, state, seat)
            if len(expected) > 1:
                met["several outcomes"] += 1

    def test_the_engine_scores_batch_games_as_the_batch_path_does(self, final):
        name, options, bots = final
        game = gamedesign.load(name, **options)
        bots = [bots] * game.num_players if isinstance(bots, str) else bots
        pairs = list(ADAPTERS[name].rescored(game, bots, 300, np.random.default_rng(7)))
        assert len(pairs) == 300
        for batch, engine in pairs:
            assert batch == engine
        assert len({repr(engine) for _, engine in pairs}) > 1  # games that differ


class TestLegDay(BatchContract):
    game = "legday"


class TestGym(BatchContract):
    game = "gym"


class TestDiet(BatchContract):
    game = "diet"


def pytest_generate_tests(metafunc):
    """A game's class takes its own runs: ``run`` of ``RUNS``, ``walked`` of
    ``DECISION_RUNS``, ``final`` of ``RESCORED``."""
    cls = metafunc.cls
    if cls is None or not issubclass(cls, BatchContract):
        return
    for argument, runs, label in (("run", RUNS, _run_id),
                                  ("walked", DECISION_RUNS, lambda r: _run_id((*r, "", 0, 0)).replace("--", "-")),
                                  ("final", RESCORED, lambda r: _run_id((*r, 0, 0)))):
        if argument in metafunc.fixturenames:
            mine = [r for r in runs if r[0] == cls.game]
            assert mine, f"no runs of {cls.game} in the list for {argument!r}"
            metafunc.parametrize(argument, mine, ids=[label(r).removeprefix(cls.game + "-") for r in mine])


def test_every_game_with_a_batch_path_is_in_the_contract():
    with_batch = {name for name in gamedesign.GAMES if hasattr(game_module(name), "batch_table")}
    missing = sorted(with_batch - set(ADAPTERS))
    assert not missing, (
        f"{missing} have a batch path (batch_table) but no adapter in tests/batch_adapters.py: write one "
        "(legal_count, random_expected/random_outcomes, joined, greedy_expected/greedy_outcomes, kinds, wanted, "
        "rescored), add a subclass of BatchContract here and the game's runs to RUNS, DECISION_RUNS and RESCORED")
    assert set(ADAPTERS) <= with_batch, f"adapters of games without a batch path: {sorted(set(ADAPTERS) - with_batch)}"
    classes = {cls.game for cls in BatchContract.__subclasses__()}
    assert classes == with_batch, f"games with a batch path and no class here: {sorted(with_batch - classes)}"
    for runs, label in ((RUNS, "RUNS"), (DECISION_RUNS, "DECISION_RUNS"), (RESCORED, "RESCORED")):
        assert {run[0] for run in runs} == with_batch, f"{label} leaves out {sorted(with_batch - {r[0] for r in runs})}"
