"""The design lab's records from Leg Day's batch path.

Each record of a batch game must say what the engine would say of the same cards (the
scores, winners, rule counts, card points and facts of ``score_tableaus``), and its
decision and standing facts must have the distributions of the object path's records.
"""

import math
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import gamedesign
from gamedesign import lab
from gamedesign.games.legday.batch import play
from gamedesign.games.legday.scoring import rule_use
from gamedesign.lab.metrics import card_values, game_table
from gamedesign.games.legday.lab import _legday_batch_records, _legday_cards
from gamedesign.lab.record import record_games

OPTIONS = [
    ({}, 4),
    ({}, 2),
    (dict(elimination="penalty", elimination_penalty=3, tiebreak_shakes="cards"), 3),
    (dict(curl_overflow="new_set", shake_second_after_tie=False, eliminated_in_shake_race=True), 4),
    (dict(elimination="none"), 2),
    (dict(tiebreak_shakes="cards", eliminated_in_shake_race=True), 6),
]


def _tableaus(game, collections, face_up, g):
    names = [card.name for card in game.deck.cards]
    return [
        [(names[t], True) for t in range(len(names)) for _ in range(int(face_up[g, s, t]))]
        + [(names[t], False) for t in range(len(names)) for _ in range(int(collections[g, s, t] - face_up[g, s, t]))]
        for s in range(game.num_players)
    ]


@pytest.mark.parametrize("options, players", OPTIONS, ids=lambda o: str(o))
def test_a_batch_record_says_what_the_engine_says_of_the_same_cards(options, players):
    game = gamedesign.load("legday", players=players, **options)
    bots = ["random", "greedy"] * 3
    bots = bots[:players]
    games = 150
    collections, face_up = play(game, bots, games, np.random.default_rng(7))
    records = _legday_batch_records(game, bots, tuple(bots), 20, games, np.random.default_rng(7))
    curl_sets = len(game.deck.scoring["curl_points"])
    fired = set()
    nobody = 0
    for g, record in enumerate(records):
        tableaus = _tableaus(game, collections, face_up, g)
        report = game.score_tableaus(tableaus)
        assert record.game == 20 + g and record.path == "batch" and record.bots == tuple(bots)
        assert record.scores == tuple(report.points)
        assert record.winners == tuple(report.winners)
        assert record.standings[-1] == tuple(report.collection_points)
        curls = [sum(1 for name, _ in t if name == "Preacher Curl") for t in tableaus]
        counted = rule_use(report, curls, curl_sets=curl_sets, elimination=game.options.elimination,
                           eliminated_in_shake_race=game.options.eliminated_in_shake_race)
        assert record.rule_use == {event: counted[event] for event in game.rule_events}
        fired |= {event for event, n in counted.items() if n}
        points, copies = _legday_cards(SimpleNamespace(game=game, tableaus=tableaus),
                                       SimpleNamespace(breakdown=report.breakdown))
        assert record.card_copies == copies
        assert [sorted(p) for p in record.card_points] == [sorted(p) for p in points]
        for mine, theirs in zip(record.card_points, points):
            assert all(mine[card] == pytest.approx(theirs[card]) for card in theirs)
        assert record.facts["eliminated players"] == len(report.eliminated)
        assert record.facts["decided by a tie-break"] == float("tie" in report.decided_by)
        scored = [b for b in report.breakdown if b is not None]
        points_from = {k: v for k, v in record.facts.items() if k.startswith("points from ")}
        assert len(points_from) == 7
        if not scored:  # everyone eliminated: no points to share out
            assert all(math.isnan(v) for v in points_from.values())
            nobody += 1
        for category in scored[0] if scored else ():
            assert record.facts[f"points from {category}"] == pytest.approx(sum(b[category] for b in scored) / len(scored))
        # One decision per player per day, each offering the different cards in hand.
        days = game.total_days
        assert len(record.legal_counts) == days * players and len(record.standings) == days
        assert record.actions == {"Pick": days * players} and record.length == days
        assert all(1 <= k <= game.deck.hand_size for k in record.legal_counts)
        assert sum(record.picks.values()) == days * players
        assert all(record.offers[card] >= n for card, n in record.picks.items())
    if game.options.elimination != "none":
        assert fired  # the counts are not all zeros
    if players == 2 and game.options.elimination == "fewest":
        assert nobody  # two players level on Leg Days and shakes are both out


def _z(a, b) -> float:
    a, b = np.asarray(a, float), np.asarray(b, float)
    a, b = a[~np.isnan(a)], b[~np.isnan(b)]
    spread = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    return 0.0 if spread == 0 else abs(a.mean() - b.mean()) / spread


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_batch_records_have_the_object_paths_distributions(bots):
    """Every measure of the lab's game table, and the cards' pick rates, from 1,500 games
    on each path: no difference beyond 4.5 standard errors (about 1 in 150,000 by chance
    for one measure; seeded, so the same every run)."""
    game = gamedesign.load("legday")
    batch = record_games(game, bots, games=1500, seed=11, batch=True)
    engine = record_games(game, bots, games=1500, seed=11, batch=False)
    batch_table, engine_table = game_table(batch), game_table(engine)
    assert list(batch_table.columns) == list(engine_table.columns)
    far = {m: round(_z(batch_table[m], engine_table[m]), 1) for m in engine_table.columns}
    assert not {m: z for m, z in far.items() if z > 4.5}
    rates = card_values({"batch": batch, "object": engine}).pivot(index="card", columns="variant", values="pick rate")
    assert len(rates) == len(game.deck.cards)
    assert (abs(rates["batch"] - rates["object"]) < 0.03).all()


def test_the_path_is_chosen_as_simulate_chooses_it_and_either_can_be_asked_for():
    legday = gamedesign.load("legday", players=3)
    assert {r.path for r in record_games(legday, "greedy", games=5)} == {"batch"}
    assert {r.path for r in record_games(legday, "greedy", games=5, batch=False)} == {"object"}
    assert {r.path for r in record_games(legday, ["search", "random", "random"], games=1)} == {"object"}
    assert {r.path for r in record_games(legday, "random", games=2, max_moves=10)} == {"object"}
    sprint = gamedesign.load("sprint")  # a game of the tutorial, with no batch path
    assert {r.path for r in record_games(sprint, "random", games=2)} == {"object"}
    with pytest.raises(ValueError, match="records Sprint Finish on the object path only"):
        record_games(sprint, "random", games=2, batch=True)
    with pytest.raises(ValueError, match="plays only bots named random, greedy"):
        record_games(legday, ["search", "random", "random"], games=1, batch=True)
    with pytest.raises(ValueError, match="max_moves limits games on the object path only"):
        record_games(legday, "random", games=1, max_moves=10, batch=True)
    with pytest.raises(ValueError, match="batch must be True, False or None, not 'yes'"):
        record_games(legday, "random", games=1, batch="yes")
    with pytest.raises(ValueError, match="unknown bot|not a bot"):
        record_games(legday, "randon", games=1)


def test_numpys_booleans_and_an_iterator_of_bots_are_taken_as_simulate_takes_them():
    legday = gamedesign.load("legday", players=2)
    assert {r.path for r in record_games(legday, "random", games=2, batch=np.False_)} == {"object"}
    assert {r.path for r in record_games(legday, "random", games=2, batch=np.True_)} == {"batch"}
    records = record_games(legday, iter(["random", "greedy"]), games=3, seed=2)
    assert [r.scores for r in records] == [r.scores for r in record_games(legday, ["random", "greedy"], games=3, seed=2)]
    assert {r.path for r in record_games(legday, (b for b in ["search", "random"]), games=1)} == {"object"}
    variants = [lab.variant("legday", "a", players=2), lab.variant("legday", "b", players=2, elimination="none")]
    assert {len(v) for v in lab.run_variants(variants, iter(["random", "random"]), games=2).values()} == {2}
    gym = gamedesign.load("gym")
    assert {r.path for r in record_games(gym, "random", games=1, batch=np.False_)} == {"object"}
    assert {r.path for r in record_games(gym, "random", games=1, batch=np.True_)} == {"batch"}


def test_batch_chunks_are_simulates_chunks(monkeypatch):
    """Many chunks (a chunk of 7 games here), here or on a pool: every game is the game
    ``simulate(..., batch=True)`` plays, in order."""
    from gamedesign.registry import game_module

    monkeypatch.setattr(game_module("legday"), "BATCH_SIZE", 7)
    game = gamedesign.load("legday", players=3)
    table = gamedesign.simulate(game, ["greedy", "random", "random"], games=40, seed=8, batch=True)
    wanted = [tuple(None if pd.isna(v) else int(v) for v in g["score"]) for _, g in table.groupby("game")]
    for workers in (1, 2):
        records = record_games(game, ["greedy", "random", "random"], games=40, seed=8, workers=workers)
        assert [r.game for r in records] == list(range(40))
        assert [r.scores for r in records] == wanted


def test_decks_of_other_sizes_are_compared_move_by_move_unless_asked():
    """The batch path's shuffle draws a number per card: a deck of another size shares no
    random numbers with the standard one, so the paired comparison takes the object path."""
    variants = [lab.variant("legday", "standard"), "legday_24_leg_days"]
    assert {r.path for recs in lab.run_variants(variants, "greedy", games=3).values() for r in recs} == {"object"}
    forced = lab.run_variants(variants, "greedy", games=3, batch=True)
    assert {r.path for recs in forced.values() for r in recs} == {"batch"}


def test_variants_on_the_batch_path_are_paired_and_the_table_says_which_path_played():
    variants = [lab.variant("legday", "standard"), "legday_bench6"]
    records = lab.run_variants(variants, "greedy", games=200, seed=3)
    first, second = records.values()
    # The same deal: the first day's offers (before any choice) are the same in every game.
    assert all(a.legal_counts[:4] == b.legal_counts[:4] for a, b in zip(first, second))
    assert any(a.scores != b.scores for a, b in zip(first, second))
    assert lab.compare_records(records).attrs["path"] == "batch"
    assert lab.compare(variants, "greedy", games=20, seed=3, batch=False).attrs["path"] == "object"
    with pytest.raises(ValueError, match="'standard'.*plays only bots named"):
        lab.run_variants(variants, ["search", "greedy", "greedy", "greedy"], games=1, batch=True)


def test_batch_records_are_the_same_however_they_are_shared_out():
    import dataclasses

    variants = [lab.variant("legday", "standard", players=2), lab.variant("legday", "no elimination", players=2,
                                                                          elimination="none")]
    here = lab.run_variants(variants, "random", games=300, seed=5, workers=1)
    pooled = lab.run_variants(variants, "random", games=300, seed=5, workers=2)
    for label in here:  # (as text: a game nobody wins has NaN facts, and NaN is not equal to itself)
        assert [repr(dataclasses.asdict(r)) for r in pooled[label]] == [repr(dataclasses.asdict(r)) for r in here[label]]
