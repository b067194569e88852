"""The batch contract: every game with a batch path plays it by its engine's rules.

One harness, run over Leg Day, GYM and The Diet Game. A batch path plays thousands of
games at once with numpy (``simulate(..., batch=True)``); the object engine plays one at a
time and is the reference. For each game the harness checks:

* the final scores of batch games, scored again by the engine, are the batch path's;
* whole runs have the engine's distribution in every column of the table, seat by seat
  (each column's 4-standard-error intervals overlap; for a text column, the share of each
  of its values; for a column with gaps, how often it has one and its mean with them as 0).

The checks decision by decision (legal-move counts, uniform random choices and the greedy
bot's tie sets) need each game's own arrays and stay in its own module:
``test_legday_batch.py``, ``test_gym_batch.py`` and ``test_diet_batch.py``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import gamedesign
from gamedesign.registry import game_module

from test_diet_batch import SMALL_DECK
from test_gym_batch import custom_deck

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


@pytest.mark.parametrize("run", RUNS, ids=[_run_id(r) for r in RUNS])
def test_batch_runs_have_the_engines_distribution_in_every_column(run):
    name, options, bots, engine_games, batch_games = run
    game = gamedesign.load(name, **options)
    engine = gamedesign.simulate(game, bots, games=engine_games, seed=2, workers=1, batch=False)
    fast = gamedesign.simulate(game, bots, games=batch_games, seed=2, batch=True)
    assert engine.attrs["path"] == "object" and fast.attrs["path"] == "batch"
    assert len(fast) == batch_games * game.num_players
    assert_same_distributions(engine, fast, game.num_players)


# ----------------------------------------------------------------------------------------
# Final scores of batch games, scored again by the engine
# ----------------------------------------------------------------------------------------


def _legday_rescored(game, bots, games, rng):
    """Leg Day: each batch game's final cards (counts per type, face up or down) as the
    engine's tableaus, scored by ``score_tableaus``; pairs of (batch, engine) results."""
    from gamedesign.games.legday.batch import play, score_counts

    collections, face_up = play(game, bots, games, rng)
    scored = score_counts(game, collections, face_up)
    names = [c.name for c in game.deck.cards]
    for g in range(games):
        tableaus = [
            [(names[t], True) for t in range(len(names)) for _ in range(int(face_up[g, seat, t]))]
            + [(names[t], False) for t in range(len(names))
               for _ in range(int(collections[g, seat, t] - face_up[g, seat, t]))]
            for seat in range(game.num_players)
        ]
        assert all(len(t) == game.total_days for t in tableaus)
        report = game.score_tableaus(tableaus)
        batch = (
            [None if np.isnan(p) else int(p) for p in scored["points"][g]],
            [int(s) for s in np.flatnonzero(scored["winners"][g])],
            scored["decided_by"][g],
            [int(p) for p in scored["collection_points"][g]],
        )
        yield batch, (list(report.points), list(report.winners), report.decided_by, list(report.collection_points))


def _gym_rescored(game, bots, games, rng):
    """GYM: each batch game's final board, read as the engine's board, scored by
    ``score_board``."""
    from gamedesign.games.gym import batch, score_board
    from gamedesign.games.gym.rules import SPOTS, select_events

    deck = batch.DeckArrays(game.deck)
    events = [e.name for e in game.deck.events]
    kids = [k.name for k in game.deck.kids]
    g = batch.play(game, bots, games, rng)
    points = batch.score(g, deck)
    for i in range(games):
        in_play = [e for k, e in enumerate(events) if g.in_play[i, k]]
        if game.options.schedule_tiebreak == "column":
            column = sorted(events, key=lambda e: g.colpos[i, events.index(e)])
            assert sorted(select_events(column, dict(zip(events, g.levels[i].tolist())))) == sorted(in_play)
        board = {e: [[kids[k] for k in range(len(kids)) if g.loc[i, k] == 2 * events.index(e) + side]
                     for side in (0, 1)] for e in in_play}
        assert all(len(side) == SPOTS for sides in board.values() for side in sides)
        yield {e: [int(p) for p in points[i, events.index(e)]] for e in in_play}, score_board(board, game.deck)


RESCORED = {"legday": _legday_rescored, "gym": _gym_rescored}


@pytest.mark.parametrize("name, options, bots", [
    ("legday", {"players": 4}, "random"),
    ("legday", {"players": 5, "curl_overflow": "new_set", "elimination": "penalty"}, "greedy"),
    ("legday", {"players": 2, "elimination": "none", "tiebreak_shakes": "cards", "shake_second_after_tie": False},
     ["random", "greedy"]),
    ("gym", {"players": 2}, "random"),
    ("gym", {"players": 4, "coach_blocks_placement": True}, ["greedy", "random", "greedy", "random"]),
    ("gym", {"players": 6, "schedule_tiebreak": "random", "deck": custom_deck()}, "greedy"),
])
def test_the_engine_scores_batch_games_as_the_batch_path_does(name, options, bots):
    game = gamedesign.load(name, **options)
    bots = [bots] * game.num_players if isinstance(bots, str) else bots
    pairs = list(RESCORED[name](game, bots, 300, np.random.default_rng(7)))
    assert len(pairs) == 300
    for batch, engine in pairs:
        assert batch == engine


def test_every_game_with_a_batch_path_is_in_the_contract():
    with_batch = {name for name in gamedesign.GAMES if hasattr(game_module(name), "batch_table")}
    assert with_batch == {run[0] for run in RUNS}
