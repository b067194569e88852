"""The design lab's records from the GYM and Diet Game batch paths.

Each record of a batch game must say what the engine says of the game's final position
(GYM: the board scored by ``GymState.result``; Diet: the batch game's own row of
``simulate(..., batch=True)``, whose weights, tallies and causes the cards must add up
to), and every measure of the lab must have the object path's distribution.
"""

import math

import numpy as np
import pandas as pd
import pytest

import gamedesign
from gamedesign import lab
from gamedesign.games.gym import batch as gym_batch
from gamedesign.games.gym.rules import GymState, tie_at_the_cut
from gamedesign.lab.metrics import card_values, game_table
from gamedesign.games.diet.lab import _diet_batch_records
from gamedesign.games.gym.lab import _gym_batch_records, _gym_cards
from gamedesign.lab.record import record_games

GYM_OPTIONS = [
    ({}, 2),
    ({}, 4),
    (dict(brat_advance="two_to_one", coach_blocks_placement=True), 2),
    (dict(play_phase_first="B", last_placement_action=False, schedule_tiebreak="random"), 4),
    (dict(brat_advance="one_to_two"), 6),
    (dict(play_phase_first="weaker_hands"), 4),
    (dict(play_phase_first="weaker_hands", schedule_tiebreak="random"), 2),
]


def _gym_final_state(game, g, i) -> GymState:
    """Game ``i`` of the batch arrays ``g`` at its end, as an engine state."""
    deck = gym_batch.DeckArrays(game.deck)
    events = [deck.events[e] for e in range(gym_batch.EVENTS) if g.in_play[i, e]]
    board = {e: [[], []] for e in events}
    for kid, where in enumerate(g.loc[i].tolist()):
        assert where < gym_batch.SIDES  # every Kid ends on the board
        board[deck.events[where // 2]][where % 2].append(deck.kids[kid])
    board = {e: [side + [None] * (3 - len(side)) for side in sides] for e, sides in board.items()}
    state = GymState.from_setup(game, hands=[[] for _ in range(game.num_players)], in_play=events, board=board)
    assert state.is_over()
    return state


@pytest.mark.parametrize("options, players", GYM_OPTIONS, ids=lambda o: str(o))
def test_a_gym_batch_record_says_what_the_engine_says_of_the_final_board(options, players, monkeypatch):
    game = gamedesign.load("gym", players=players, **options)
    bots = (["greedy", "random"] * 3)[:players]
    games = 120
    g = gym_batch.play(game, bots, games, np.random.default_rng(7))
    firsts, first_seats = [], gym_batch.first_seats  # each game's first seat of the Play phase
    monkeypatch.setattr(gym_batch, "first_seats", lambda *args: firsts.append(first_seats(*args)) or firsts[-1])
    records = _gym_batch_records(game, bots, tuple(bots), 30, games, np.random.default_rng(7))
    (first,) = firsts
    if options.get("play_phase_first") == "weaker_hands":
        assert set(first.tolist()) == {0, 1}  # both teams start some games
    deck = gym_batch.DeckArrays(game.deck)
    brats = int(deck.brat.sum())
    for i, record in enumerate(records):
        state = _gym_final_state(game, g, i)
        result = state.result()
        assert record.game == 30 + i and record.path == "batch" and record.bots == tuple(bots)
        assert record.scores == tuple(result.scores) and record.winners == tuple(result.winners)
        assert record.standings[-1] == tuple(result.scores)
        assert len(record.standings) == 25 and record.standings[0] == (0,) * players
        points, copies = _gym_cards(state, result)
        assert [sorted(c.items()) for c in record.card_copies] == [sorted(c.items()) for c in copies]
        assert [sorted(p.items()) for p in record.card_points] == [sorted(p.items()) for p in points]
        assert record.facts["decided by a tie"] == float(result.details["decided_by_tie"])
        in_play = {k.removeprefix("in play: ") for k, v in record.facts.items() if k.startswith("in play: ") and v}
        assert in_play == set(state.in_play)
        levels = dict(zip(deck.events, g.levels[i].tolist()))
        assert record.rule_use["schedule tie at the cut"] == int(tie_at_the_cut(levels))
        if options.get("play_phase_first") == "weaker_hands":
            assert record.rule_use["team B starts the play phase"] == int(first[i] == 1)
        else:
            assert record.rule_use["team B starts the play phase"] == int(options.get("play_phase_first") == "B")
        # One legal count per decision, one action per decision.
        a = record.actions
        assert sum(a.values()) == len(record.legal_counts) and all(k >= 1 for k in record.legal_counts)
        assert a["Take"] == 24 and a["Place"] == 24 and record.length == 48
        assert a.get("Advance", 0) == record.facts["Brat advances"] == record.rule_use["schedule advance after a Brat"]
        assert a.get("GiveBack", 0) == a.get("PickFrom", 0) and a.get("Coach", 0) == record.facts["Coach placements"]
        assert record.facts["Event Actions used"] == sum(a.get(k, 0) for k in ("Lift", "Switch", "Swap", "Move",
                                                                               "Force", "PickFrom"))
        assert record.legal_counts[0] == 12 and record.picks == dict.fromkeys(deck.kids, 1)
        assert all(record.offers[kid] >= 1 for kid in deck.kids) and sum(record.offers.values()) == 12 * 13
        assert a.get("Advance", 0) <= brats


DIET_OPTIONS = [
    ({}, 4),
    ({}, 2),
    (dict(feed_last_place=False, target=-6), 3),
    (dict(deal_at_start=False, max_turns=30), 5),
    (dict(first_player=1, max_turns=12), 6),
]


@pytest.mark.parametrize("options, players", DIET_OPTIONS, ids=lambda o: str(o))
def test_a_diet_batch_record_adds_up_to_its_games_row_of_simulate(options, players):
    """The weights, tallies and causes of the batch game's row of ``simulate(...,
    batch=True)``: the record's scores, winner, length and facts, and the cards it says
    each player played and what they swung."""
    game = gamedesign.load("diet", players=players, **options)
    bots = (["greedy", "random"] * 3)[:players]
    table = gamedesign.simulate(game, bots, games=200, seed=4, batch=True)
    records = record_games(game, bots, games=200, seed=4)
    deck = game.deck
    kinds = {card.name: card.kind for card in deck.cards}
    healthy = {c.name for c in deck.cards if c.kind in ("breakfast", "lunch", "dinner", "snack") and c.pounds <= 0}
    fattening = {c.name for c in deck.cards if c.kind in ("breakfast", "lunch", "dinner", "snack") and c.pounds > 0}
    ended = set()
    for record, (_, rows) in zip(records, table.groupby("game")):
        rows = rows.reset_index(drop=True)
        assert record.path == "batch" and record.scores == tuple(int(v) for v in rows["score"])
        assert record.winners == tuple(rows.index[rows["won"]])
        assert record.length == rows["turns"][0] and len(record.standings) == record.length
        assert record.standings[-1] == tuple(-s for s in record.scores)
        assert record.ended_by == ("rules" if rows["ended_by"][0] == "target" else "turn limit")
        ended.add(record.ended_by)
        assert record.facts == {
            "answers played": rows["laziness_played"].sum() + rows["willpower_played"].sum(),
            "cheats played": rows["cheats_played"].sum(),
            "fattening meals fed": rows["fattening_played"].sum(),
            "reshuffles": rows["reshuffles"][0],
        }
        assert sum(record.actions.values()) == len(record.legal_counts) and min(record.legal_counts) >= 1
        assert record.actions["Discard"] == record.length  # one Planning a turn
        assert sum(record.picks.values()) == record.actions.get("Play", 0)
        assert all(record.offers[card] >= n for card, n in record.picks.items())
        cheat_points = 0
        for seat in range(players):
            copies, points = record.card_copies[seat], record.card_points[seat]
            assert set(copies) == set(points) and all(copies.values())

            def of(cards, values=copies):
                return sum(v for card, v in values.items() if card in cards)

            def kind(name):
                return {card for card, k in kinds.items() if k == name}

            row = rows.loc[seat]
            assert of(healthy) == row["meals_eaten"] and of(fattening) == row["fattening_played"]
            assert of(kind("exercise")) == row["exercises_counted"] + row["exercises_cancelled"]
            assert of(kind("laziness")) == row["laziness_played"] and of(kind("willpower")) == row["willpower_played"]
            assert of(kind("cheat")) == row["cheats_played"]
            assert of(healthy, points) == -row["points_own meals"]
            assert of(kind("exercise"), points) == -row["points_exercise"]
            assert of(fattening, points) == rows.loc[(seat + 1) % players, "points_neighbour meals"]
            cheat_points += of(kind("cheat"), points)
        assert cheat_points == rows["points_cheats"].sum()
    if "max_turns" in options:
        assert "turn limit" in ended


def test_diet_batch_records_are_the_batch_games_of_the_lab():
    """The records of ``_diet_batch_records`` are those of ``batch.play`` with the same
    stream (tracing draws nothing from it)."""
    from gamedesign.games.diet.batch import play

    game = gamedesign.load("diet", players=3)
    done = play(game, ["greedy", "random", "greedy"], 300, np.random.default_rng(5))
    records = _diet_batch_records(game, ["greedy", "random", "greedy"], ("g", "r", "g"), 0, 300,
                                  np.random.default_rng(5))
    assert [r.scores for r in records] == [tuple(w) for w in done.weights.T.tolist()]
    assert [r.length for r in records] == done.turns.tolist()


def _z(a, b) -> float:
    a, b = np.asarray(a, float), np.asarray(b, float)
    a, b = a[~np.isnan(a)], b[~np.isnan(b)]
    if not len(a) or not len(b):
        return 0.0 if len(a) == len(b) else math.inf
    spread = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    if spread == 0:
        return 0.0 if a.mean() == b.mean() else math.inf
    return abs(a.mean() - b.mean()) / spread


DISTRIBUTIONS = [
    ("gym", {}, 2, "random", 1500),
    ("gym", {}, 2, "greedy", 1500),
    ("gym", dict(coach_blocks_placement=True, play_phase_first="B"), 4, ["greedy", "random"] * 2, 1500),
    ("gym", dict(play_phase_first="weaker_hands"), 4, ["greedy", "random"] * 2, 1500),
    ("diet", {}, 4, "greedy", 1500),
    ("diet", dict(max_turns=40), 4, "random", 1500),
    ("diet", dict(feed_last_place=False), 3, ["random", "greedy", "greedy"], 1500),
]


@pytest.mark.parametrize("name, options, players, bots, games", DISTRIBUTIONS, ids=lambda v: str(v))
def test_batch_records_have_the_object_paths_distributions(name, options, players, bots, games):
    """Every measure of the lab's game table, from the same number of games on each path:
    no difference beyond 4.5 standard errors (about 1 in 150,000 by chance for one
    measure; seeded, so the same every run); and the cards' pick rates and points."""
    game = gamedesign.load(name, players=players, **options)
    batch = record_games(game, bots, games=games, seed=11, batch=True)
    engine = record_games(game, bots, games=games, seed=11, batch=False)
    assert {r.path for r in batch} == {"batch"} and {r.path for r in engine} == {"object"}
    batch_table, engine_table = game_table(batch), game_table(engine)
    assert list(batch_table.columns) == list(engine_table.columns)
    far = {m: round(_z(batch_table[m], engine_table[m]), 1) for m in engine_table.columns}
    assert not {m: z for m, z in far.items() if z > 4.5}
    # The race itself, game by game: the mean standing, the standing half-way, the final spread.
    for measure in (lambda r: np.mean(r.standings), lambda r: np.mean(r.standings[len(r.standings) // 2]),
                    lambda r: np.ptp(r.standings[-1]), lambda r: max(r.legal_counts)):
        assert _z([measure(r) for r in batch], [measure(r) for r in engine]) < 4.5
    values = card_values({"batch": batch, "object": engine})
    both = values.pivot(index="card", columns="variant", values=["pick rate", "points per copy", "copies per game"])
    assert len(both) == len(values) // 2  # the same cards on both paths
    assert (abs(both["pick rate"]["batch"] - both["pick rate"]["object"]) < 0.04).all()
    assert (abs(both["points per copy"]["batch"] - both["points per copy"]["object"]) < 0.25).all()
    copies = both["copies per game"]
    assert (abs(copies["batch"] - copies["object"]) <= 0.1 * copies["object"] + 0.05).all()


def test_gym_and_diet_take_the_batch_path_as_simulate_does():
    gym, diet = gamedesign.load("gym"), gamedesign.load("diet", players=3)
    for game in (gym, diet):
        assert {r.path for r in record_games(game, "greedy", games=3)} == {"batch"}
        assert {r.path for r in record_games(game, "random", games=2, batch=False)} == {"object"}
        assert {r.path for r in record_games(game, "random", games=2, max_moves=10_000)} == {"object"}
        assert {r.path for r in record_games(game, ["search"] + ["random"] * (game.num_players - 1),
                                             games=1)} == {"object"}
    weaker = gamedesign.load("gym", play_phase_first="weaker_hands")  # a first seat that differs game by game
    records = record_games(weaker, "greedy", games=40, seed=2)
    assert {r.path for r in records} == {"batch"}
    assert gamedesign.simulate(weaker, "greedy", games=40, seed=2).attrs["path"] == "batch"
    assert {r.rule_use["team B starts the play phase"] for r in records} == {0, 1}  # both teams start some games
    assert {r.path for r in record_games(weaker, "random", games=2, batch=False)} == {"object"}


def test_gym_and_diet_batch_records_are_simulates_games_however_they_are_shared_out(monkeypatch):
    from gamedesign.registry import game_module

    for name, players in (("gym", 4), ("diet", 3)):
        monkeypatch.setattr(game_module(name), "BATCH_SIZE", 9)
        game = gamedesign.load(name, players=players)
        bots = ["greedy", "random"] * 2
        bots = bots[:players]
        table = gamedesign.simulate(game, bots, games=30, seed=8, batch=True)
        wanted = [(tuple(int(v) for v in g["score"]), tuple(g["seat"][g["won"]])) for _, g in table.groupby("game")]
        for workers in (1, 2):
            records = record_games(game, bots, games=30, seed=8, workers=workers)
            assert [r.game for r in records] == list(range(30))
            assert [(r.scores, r.winners) for r in records] == wanted


def test_gym_and_diet_comparisons_pair_their_batch_games_and_say_which_path_played():
    gym = lab.run_variants([lab.variant("gym", "standard"), "gym_one_to_two"], "greedy", games=100, seed=3)
    first, second = gym.values()
    assert {r.path for recs in gym.values() for r in recs} == {"batch"}
    # The same deal: the first take's offers are the same face-up Kids; the games then differ.
    assert any(a.scores != b.scores for a, b in zip(first, second))
    assert lab.compare_records(gym).attrs["path"] == "batch"
    diet = [lab.variant("diet", "standard"), "diet_target_-8"]
    assert lab.compare(diet, "greedy", games=20, seed=3).attrs["path"] == "batch"
    assert lab.compare(diet, "greedy", games=20, seed=3, batch=False).attrs["path"] == "object"
    # A deck of another size shuffles other random numbers: compared move by move unless asked.
    apples = {"cards": {"Apple": {"count": 3}}}
    bigger = [lab.variant("diet", "standard"), lab.variant("diet", "more Apples", deck=apples)]
    assert {r.path for recs in lab.run_variants(bigger, "greedy", games=2).values() for r in recs} == {"object"}
    forced = lab.run_variants(bigger, "greedy", games=2, batch=True)
    assert {r.path for recs in forced.values() for r in recs} == {"batch"}


def test_a_gym_batch_record_of_a_comparison_differs_only_where_the_rules_do():
    """Paired batch games of two GYM variants whose rules differ only after the Pick
    phase: the Pick phase is the same game by game (same offers, same advances)."""
    records = lab.run_variants([lab.variant("gym", "standard"), "gym_no_last_action"], "random", games=200, seed=9)
    first, second = records.values()
    assert all(a.offers == b.offers and a.rule_use["schedule advance after a Brat"]
               == b.rule_use["schedule advance after a Brat"] for a, b in zip(first, second))
    assert all(b.rule_use["action open on the last placement"] <= 1 for b in second)
    table = pd.DataFrame({"a": [r.actions.get("Place") for r in first], "b": [r.actions.get("Place") for r in second]})
    assert (table == 24).all().all()
