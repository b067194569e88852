"""Playtests measured like bot games: logs whose answers are known give them back
(a scripted person who always plays the greedy move agrees 100%; one who plays at random
agrees at the uniform rate), measures match the lab's for the same games, intervals cover."""

from __future__ import annotations

import math
import random

import numpy as np
import pandas as pd
import pytest

import gamedesign
from gamedesign import playtest
from gamedesign.bots import RandomBot, make_bot
from gamedesign.lab import classwork, metrics, people, stats
from gamedesign.lab.record import record_games
from gamedesign.simulate import play_game


def logged(name, folder, bots, seeds, players=None, people_seats=None, stop=None):
    """Games of ``bots`` (names) logged with every seat in ``people_seats`` as a person."""
    game = gamedesign.load(name, players=players)
    people_seats = range(game.num_players) if people_seats is None else people_seats
    for seed in seeds:
        seats = [{"person": f"P{s}"} if s in people_seats else {"bot": "greedy"} for s in range(game.num_players)]
        state = game.new_state(seed=seed)
        log = playtest.start(game, seats, seed, folder=folder, source="terminal")
        moves = [0]

        def note(seat, legal, action):
            if stop is None or moves[0] < stop:  # a stopped log may end inside a round
                log.decision(seat, legal, action, 1.0 + seat)
            moves[0] += 1

        play_game(state, [make_bot(b, game) for b in bots], bot_seeds=[seed + 1], on_choice=note,
                  until=None if stop is None else (lambda s: moves[0] >= stop))
        if stop is None:
            log.finish(state)
        else:
            log.close()
    return playtest.load(folder)


@pytest.mark.parametrize("name", ["legday", "gym", "diet"])
def test_a_person_who_always_plays_the_greedy_move_agrees_every_time(name, tmp_path):
    logs = logged(name, tmp_path, ["greedy"] * 4, [1, 2], players=4)
    table = playtest.decisions(logs, estimates=False)
    assert len(table) == sum(len(g.decisions) for g in logs)
    assert table["picked the greedy move"].eq(1.0).all()


def test_a_person_who_plays_at_random_agrees_at_the_uniform_rate(tmp_path):
    logs = logged("legday", tmp_path, ["random"] * 4, range(6), players=4)
    real = playtest.decisions(logs, estimates=False).query("`real choice`")
    expected = float((real["greedy moves"] / real["choices"]).mean())
    low, high = stats.wilson(int(real["picked the greedy move"].sum()), len(real))
    assert low <= expected <= high
    assert 0.15 < expected < 0.5


def test_decisions_are_seeded_bounded_and_from_the_persons_view(tmp_path):
    logs = logged("legday", tmp_path, ["greedy", "random", "random"], [3], players=3, people_seats=[1, 2])
    first = playtest.decisions(logs, iterations=16, seed=5)
    again = playtest.decisions(logs, iterations=16, seed=5)
    pd.testing.assert_frame_equal(first, again)
    assert set(first["person"]) == {"P1", "P2"} and set(first["seat"]) == {1, 2}  # bots' moves left out
    real = first[first["real choice"]]
    assert (real["value lost"].dropna() >= -1e-9).all() and real["value lost"].notna().all()  # every move valued
    assert real["estimate by"].str.startswith("search").all()
    assert first["seconds"].eq(first["seat"] + 1.0).all()


@pytest.mark.parametrize("name", ["gym", "diet"])
def test_decisions_are_the_same_for_one_and_two_workers_with_the_game_s_budget(name, tmp_path):
    logs = logged(name, tmp_path, ["greedy", "random"] * 2, [4, 5, 6], players=4, stop=18)
    alone = playtest.decisions(logs, seed=3, workers=1)
    shared = playtest.decisions(logs, seed=3, workers=2)
    pd.testing.assert_frame_equal(alone, shared)
    assert alone["playtest"].tolist() == sorted(alone["playtest"])  # log order, whichever worker ran a game
    real = alone[alone["real choice"]]
    assert len(real) and real["playouts"].eq(people.search_budget(name)).all()  # the stated budget, spent
    assert alone.loc[~alone["real choice"], "playouts"].eq(0).all()
    other = playtest.decisions(logs, seed=4, workers=2)
    assert not other["value of choice"].equals(alone["value of choice"])  # the seed decides the playouts


def test_the_search_budget_is_each_game_s_and_checked():
    assert people.search_budget("legday") == people.SEARCH_ITERATIONS == 32
    assert people.search_budget(gamedesign.load("gym")) == people.search_budget("diet") == 20 < 32
    with pytest.raises(ValueError, match="iterations must be a whole number from 2 to 10,000"):
        playtest.decisions(playtest.example_folder("gym"), iterations=1)


def test_diet_estimates_are_the_policy_s_values_said_as_such(tmp_path):
    logs = logged("diet", tmp_path, ["greedy"] * 3, [2], players=3, stop=30)
    real = playtest.decisions(logs, iterations=8).query("`real choice`")
    assert len(real) and real["estimate by"].str.startswith("policy playouts").all()


def test_a_logged_game_has_the_lab_s_measures_of_the_same_game(tmp_path):
    game = gamedesign.load("gym", players=4)
    (record,) = record_games(game, "greedy", games=1, seed=4, batch=False)
    lab_row = metrics.game_table([record]).iloc[0]
    # the same game, logged: the seeds record_games gave it
    from gamedesign.lab.record import _seeds

    (game_seed, bot_seeds), = _seeds(4, 1)
    state = game.new_state(seed=game_seed)
    log = playtest.start(game, [{"person": f"P{s}"} for s in range(4)], game_seed, folder=tmp_path)
    play_game(state, [make_bot("greedy", game, timed=False) for _ in range(4)], bot_seeds,
              on_choice=lambda seat, legal, action: log.decision(seat, legal, action, 1.0))
    log.finish(state)
    row = playtest.games(tmp_path).iloc[0]
    for measure in ("length", "lead changes", "winning score", "decision points", "drama", "seat 0 wins"):
        assert row[measure] == pytest.approx(lab_row[measure], nan_ok=True), measure
    assert row["finished"] and row["played in"] == "app" and row["people count"] == 4
    assert row["final margin"] == people.final_margin(record)


def test_an_unfinished_game_is_measured_as_far_as_it_goes(tmp_path):
    logs = logged("legday", tmp_path, ["greedy"] * 4, [7], players=4, stop=10)
    row = playtest.games(logs).iloc[0]
    assert not row["finished"] and math.isnan(row["final margin"]) and math.isnan(row["seat 0 wins"])
    assert row["decision points"] == 8  # two whole days of four picks: the part-played third left out


def test_compare_with_bots_gives_intervals_and_words(tmp_path):
    logs = logged("legday", tmp_path, ["greedy"] * 4, range(8), players=4)
    table = playtest.compare_with_bots(logs, bots=("random", "greedy"), bot_games=40)
    assert set(table["bot"]) == {"random", "greedy"}
    margin = table[(table["measure"] == "final margin") & (table["bot"] == "greedy")].iloc[0]
    assert margin["people low"] <= margin["people"] <= margin["people high"]
    assert margin["difference low"] <= margin["difference"] <= margin["difference high"]
    assert "final margin" in margin["verdict"] and "points" in margin["verdict"]
    agree = table[table["measure"] == "picked the greedy move"].iloc[0]
    assert agree["people"] == 1.0 and agree["verdict"].startswith("people picked what the greedy bot picks 100%")
    with pytest.raises(ValueError, match="unknown bot"):
        playtest.compare_with_bots(logs, bots=("nobody",), bot_games=2)


@pytest.mark.parametrize("rate", [0.1, 0.5])
def test_the_intervals_cover_the_true_value_about_95_times_in_100(rate):
    rng = np.random.default_rng(11)
    shares = means = 0
    trials = 300
    for trial in range(trials):
        games = rng.random(30) < rate  # a share from 30 games
        _, low, high, _ = people.mean_interval(games.astype(float))
        shares += low <= rate <= high
        margins = rng.exponential(5.0, size=30)  # a skewed mean from 30 games
        _, low, high, _ = people.mean_interval(margins, seed=trial, resamples=400)
        means += low <= 5.0 <= high
    assert 0.90 <= shares / trials <= 0.99
    assert 0.88 <= means / trials <= 0.99


def test_the_example_logs_are_marked_as_made_by_a_program_and_load():
    for name in ("legday", "gym", "diet"):
        logs = playtest.load(playtest.example_folder(name))
        assert len(logs) >= 30 and not logs.refused
        assert all("scripted players, not people" in log.note for log in logs)
    size = sum(p.stat().st_size for p in playtest.example_folder().rglob("*"))
    assert size < 2_000_000


def test_a_note_is_kept_by_load_and_by_copies(tmp_path):
    game = gamedesign.load("legday", players=3)
    log = playtest.start(game, [{"person": "A"}, {"person": "B"}, {"bot": "greedy"}], 1, folder=tmp_path / "a",
                         note="made by a test")
    log.close()
    (loaded,) = playtest.load(tmp_path / "a").games
    assert loaded.note == "made by a test"
    (copy,) = playtest.load(playtest.anonymise([loaded]).write(tmp_path / "b")).games
    assert copy.note == "made by a test"
    plain = playtest.start(game, [{"person": "A"}, {"person": "B"}, {"bot": "greedy"}], 1, folder=tmp_path / "c")
    plain.close()
    assert playtest.load(tmp_path / "c").games[0].note is None
    assert "note" not in playtest.load(tmp_path / "c").games[0].lines()[0]


def test_the_class_answers_show_who_was_right_the_slips_and_the_predictions():
    from gamedesign import exercises
    from gamedesign.charts.classroom import predictions_chart

    answers = exercises.collect(classwork.EXAMPLE_ANSWERS, report=None)
    overview = classwork.exercise_overview(answers).set_index("exercise")
    assert overview.loc["legday-odds-1", "right"] == 3 and overview.loc["legday-odds-1", "not yet right"] == "Cem, Dana, Eli"
    slips = classwork.slips(answers)
    at_least_one = slips[slips["slip"].str.startswith("that is the chance of at least one Leg Day")]
    assert at_least_one["students"].tolist() == ["Bo, Eli"]
    predicted = classwork.predictions(answers)
    assert predicted["measured"].round(6).eq(0.179834).all()
    assert predicted.set_index("student").loc["Cem", "first"] == False  # noqa: E712 (written after the answer)
    spec = predictions_chart(predicted).to_dict()
    assert len(spec["layer"]) == 3
    assert len(classwork.explanations(answers)) == 3
