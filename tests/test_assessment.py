"""Assessment a teacher can grade from: a measurement judged with its games, an honest record
of every check, the design assignment saved, and no answer kept by name."""

from __future__ import annotations

import importlib.util
import json
import math
import re
from pathlib import Path

import pytest
import sympy as sp

import gamedesign
from gamedesign import answers, exercises, odds
from gamedesign.exercises import EXERCISES, check, collect, predict, reveal, save_assignment, set_answers_file
from gamedesign.lab import load_preset, record_games

ROOT = Path(__file__).resolve().parent.parent
LEGDAY_BOTS = ["greedy", "random", "random", "random"]


@pytest.fixture(autouse=True)
def answers_file(tmp_path, monkeypatch):
    """Every test saves into its own answers file and starts with nothing kept in memory."""
    monkeypatch.setattr(exercises, "_UNSAVED", {})
    monkeypatch.setattr(answers, "_name", None)
    path = set_answers_file(tmp_path / "my_answers.json")
    yield path
    set_answers_file(None)


@pytest.fixture(scope="module")
def variant_tables():
    """Tables of lesson 1's variant: 5,000 games (as asked) and 200 games."""
    variant = load_preset("legday_24_leg_days").build()
    return {n: gamedesign.simulate(variant, LEGDAY_BOTS, games=n, seed=seed, progress=False)
            for n, seed in ((5000, 11), (200, 3))}


def wins_of(table, seat=0):
    return int(table.loc[table.seat == seat, "won"].sum())


# ---- a measurement is judged with its games ------------------------------------------------


def test_a_200_game_estimate_is_judged_against_the_200_game_band_with_its_own_interval(variant_tables):
    table = variant_tables[200]
    wins = wins_of(table)
    own = odds.estimate(wins, 200)
    feedback = check("legday-simulate-1", table)
    assert feedback.status == "wrong" and "this run has 200 games" in feedback.message
    assert "at least 5,000" in feedback.message and "from 200 games fall" in feedback.message
    assert f"{own.low:.3f} to {own.high:.3f}" in feedback.message
    assert feedback.details["games"] == 200 and feedback.details["estimate"] == wins / 200
    assert (feedback.details["low"], feedback.details["high"]) == (own.low, own.high)
    # An estimate inside the 200-game band but far outside the 5,000-game one is still said to fit 200 games.
    low_5000, high_5000 = exercises._accepted("legday-simulate-1", 5000)
    low_200, high_200 = exercises._accepted("legday-simulate-1", 200)
    assert low_200 < low_5000 - 0.03
    typed = check("legday-simulate-1", low_5000 - 0.03, games=200)
    assert "lies where 99 in 100 estimates from 200 games fall" in typed.message and not typed.correct
    outside = check("legday-simulate-1", low_200 - 0.02, games=200)
    assert "lies outside where 99 in 100 estimates from 200 games fall" in outside.message


def test_more_games_than_asked_are_judged_against_their_own_narrower_band():
    low_5000, _ = exercises._accepted("legday-simulate-1", 5000)
    low_50000, _ = exercises._accepted("legday-simulate-1", 50000)
    between = (low_5000 + low_50000) / 2
    assert check("legday-simulate-1", between, games=5000).correct
    many = check("legday-simulate-1", between, games=50000)
    assert many.status == "wrong" and "from 50,000 games" in many.message


def test_a_table_of_the_asked_run_is_read_by_the_checker_and_shown_with_its_interval(variant_tables):
    table = variant_tables[5000]
    feedback = check("legday-simulate-1", table)
    own = odds.estimate(wins_of(table), 5000)
    assert feedback.correct and f"{wins_of(table) / 5000:.4f} from 5,000 games" in feedback.message
    assert f"{own.low:.3f} to {own.high:.3f}" in feedback.message
    assert feedback.details["seed"] == 11


def test_a_typed_number_for_a_simulate_exercise_is_not_right():
    middle = sum(exercises._measured()["legday-simulate-1"]["band"]) / 2
    for typed in (middle, 0.79, round(middle, 3)):
        feedback = check("legday-simulate-1", typed)
        assert not feedback.correct and feedback.status == "not answered"
        assert "the table gamedesign.simulate returned" in feedback.message and "games=" in feedback.message


def test_a_table_of_another_game_variant_or_bots_is_refused_with_the_reason():
    gym = gamedesign.simulate(gamedesign.load("gym", players=2), "greedy", games=50, seed=1, progress=False)
    refused = check("legday-simulate-1", gym)
    assert refused.status == "wrong" and "this table is of 'gym', the exercise asks for 'legday'" in refused.message
    assert "greedy, random, random, random" in refused.message
    standard = gamedesign.simulate(gamedesign.load("legday", players=4), LEGDAY_BOTS, games=5000, seed=11, progress=False)
    wrong_variant = check("legday-simulate-1", standard)
    assert wrong_variant.status == "wrong" and "not of the variant" in wrong_variant.message
    assert "standard deck" in wrong_variant.message
    variant = load_preset("legday_24_leg_days").build()
    greedy = gamedesign.simulate(variant, "greedy", games=5000, seed=11, progress=False)
    wrong_bots = check("legday-simulate-1", greedy)
    assert "this table's bots are greedy, greedy, greedy, greedy" in wrong_bots.message
    three = gamedesign.simulate(gamedesign.load("legday", players=3), ["greedy", "random", "random"], games=20, seed=1,
                                progress=False)
    assert "this table is of 3 players" in check("legday-simulate-1", three).message
    coach = gamedesign.simulate(gamedesign.load("gym", players=2), ["greedy", "greedy"], games=2000, seed=3, progress=False)
    assert "coach_blocks_placement=True" in check("gym-simulate-1", coach).message


def test_a_changed_table_is_refused(variant_tables):
    table = variant_tables[5000]
    seat_0 = table[table.seat == 0]
    assert "this table is of 1 players" in check("legday-simulate-1", seat_0).message
    forged = table.copy()
    forged.loc[forged.seat == 0, "won"] = True
    assert "not those of" in check("legday-simulate-1", forged).message
    forged.attrs = {}
    assert "lost its seed" in check("legday-simulate-1", forged).message


def test_records_and_a_rung_are_checked_for_their_game_and_bots():
    variant = load_preset("legday_24_leg_days").build()
    records = record_games(variant, LEGDAY_BOTS, games=60, seed=2)
    feedback = check("legday-simulate-1", records)
    assert "this run has 60 games" in feedback.message
    gym_records = record_games(gamedesign.load("gym", players=2), "greedy", games=5, seed=2)
    assert "these records are of 'gym'" in check("legday-simulate-1", gym_records).message
    from gamedesign import ladder

    rung = ladder.play_rung(gamedesign.load("diet", players=4), "greedy", "random", games=400, seed=2)
    assert check("bots-winrate-1", rung).correct
    other = dict(rung, tested="random", field="greedy")
    assert "this rung plays random against greedy" in check("bots-winrate-1", other).message


# ---- an honest record ------------------------------------------------------------------------


def entries(path, exercise_id):
    return json.loads(path.read_text())["answers"][exercise_id]


def test_every_check_is_recorded_with_its_time_status_games_and_seed(answers_file, variant_tables):
    check("legday-odds-1", sp.Rational(1, 3))
    check("legday-odds-1", odds.p_at_least(2, 30, 108, 9))
    assert [(e["kind"], e["status"]) for e in entries(answers_file, "legday-odds-1")] == [("exact", "wrong"), ("exact", "right")]
    check("legday-simulate-1", variant_tables[200])
    check("legday-simulate-1", 0.66, games=300)
    first, second = entries(answers_file, "legday-simulate-1")
    assert (first["kind"], first["status"], first["games"], first["seed"]) == ("estimate", "wrong", 200, 3)
    assert second["games"] == 300 and "seed" not in second and "typed" in second["answer"]
    assert all(e["time"].endswith("+00:00") for e in (first, second))


def test_check_then_predict_is_recorded_and_shown_as_made_after_seeing_the_answer(answers_file, variant_tables):
    table = variant_tables[5000]
    measured = check("legday-simulate-1", table)
    assert measured.correct and "No prediction of yours" in measured.message
    late = predict("legday-predict-1", 0.66)
    assert late.status == "saved" and "made after seeing the answer" in late.message
    again = check("legday-simulate-1", table)
    assert "Your prediction 0.66 (made after seeing the answer) is inside" in again.message
    assert "made after" not in predict("sure-predict-1", 0.7).message
    check("sure-simulate-1", 0.77, games=1600)
    assert "made after" not in predict("sure-predict-1", 0.7).message  # the same guess, the notebook run again
    assert "made after" in predict("sure-predict-1", 0.77).message
    table_rows = collect(answers_file.parent, report=None)
    row = table_rows[table_rows.exercise == "legday-predict-1"].iloc[0]
    assert not row["prediction first"]  # False, not missing (a missing value cannot be negated)
    assert row["note"] == "made after seeing the answer"
    checks = table_rows[table_rows.exercise == "legday-simulate-1"]
    assert list(checks["note"]) == ["", "made after seeing the answer"]
    assert list(checks["games"]) == [5000, 5000] and list(checks["seed"]) == [11, 11]


def test_a_prediction_made_first_is_recorded_as_first(answers_file):
    predict("own-predict-1", 0.5)
    shown = reveal("own-predict-1", [1, 0, 1, 1])
    assert "made after" not in shown.message
    after = predict("own-predict-1", 0.75)
    assert "made after seeing the answer" in after.message
    assert [e.get("prediction_first") for e in entries(answers_file, "own-predict-1")] == [True, True, False]
    assert "(made after seeing the answer)" in reveal("own-predict-1", [1, 0, 1, 1]).message


def test_an_explanation_needs_eight_words_of_its_own(answers_file):
    assert check("legday-explain-1", "asdf " * 9).status == "wrong"
    hint_words = "Compare with section the standard deck greedy bot mean score and win rate random bots scores"
    refused = check("legday-explain-1", hint_words)
    assert refused.status == "wrong" and "in your own words" in refused.message
    own = "Thinner decks punish careless drafting less, letting weaker players catch up sooner."
    assert check("legday-explain-1", own).correct
    assert [e["status"] for e in entries(answers_file, "legday-explain-1")] == ["wrong", "wrong", "saved"]


def test_the_assignment_fields_are_saved_and_collected(answers_file):
    goal = "Make the first seat win less often by dealing nobody any cards before the first turn."
    criterion = "Seat zero wins at most twenty seven percent, clear after correction, while lengths stay similar."
    verdicts = save_assignment("design-1", goal=goal, criterion=criterion)
    assert [v.status for v in verdicts] == ["right", "right"]
    assert save_assignment("design-1", verdict="too short")[0].status == "wrong"
    form = exercises.assignment("design-1", ["verdict"])
    form.boxes["verdict"].value = "Seat zero dropped below its old share; both bot mixes agreed, so the criterion held."
    form.save()
    assert exercises.saved_assignment("design-1")["verdict"].startswith("Seat zero dropped")
    assert exercises.assignment("design-1").boxes["goal"].value == goal  # a new form starts with what was saved
    table = collect(answers_file.parent, report=None)
    saved = table[(table.exercise.str.startswith("design-1-")) & (table.status == "saved")]
    assert dict(zip(saved.exercise, saved.answer)) == {
        "design-1-goal": goal, "design-1-criterion": criterion, "design-1-verdict": form.boxes["verdict"].value}
    assert set(saved.kind) == {"explanation"}
    with pytest.raises(ValueError, match="fields are goal, criterion, verdict"):
        save_assignment("design-1", plan="x")


def test_the_lesson_6_workbook_saves_its_fields_through_the_form():
    import nbformat

    for folder in (ROOT / "notebooks" / "solutions", ROOT / "notebooks"):
        cells = nbformat.read(folder / "06_design_assignment.ipynb", 4).cells
        sources = [c.source for c in cells]
        assert any('assignment("design-1", ["goal", "criterion"])' in s for s in sources)
        assert any('assignment("design-1", ["verdict"])' in s for s in sources)
        assert not any("double-click to write here" in s for s in sources)


# ---- no answer by name -----------------------------------------------------------------------


def key_script():
    spec = importlib.util.spec_from_file_location("answer_key", ROOT / "scripts" / "answer_key.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def plain_forms(value) -> set:
    value = sp.nsimplify(value)
    forms = {f"{value.p}/{value.q}"} if value.is_Rational and value.q != 1 else set()
    number = float(value)
    if not value.is_Integer:
        forms |= {f"{number:.{d}f}" for d in (4, 5, 6)} | {repr(number)}
    return forms


def test_the_data_and_the_checker_hold_no_answer_in_plain_form():
    values_text = exercises.VALUES_FILE.read_text(encoding="utf-8")
    checker_text = (ROOT / "gamedesign" / "exercises.py").read_text(encoding="utf-8")
    recomputed = {  # a few exact answers, worked out here with sympy
        "legday-odds-1": 1 - sum(sp.binomial(30, k) * sp.binomial(78, 9 - k) for k in (0, 1)) / sp.binomial(108, 9),
        "odds-hand-1": sp.binomial(6, 2) * sp.binomial(18, 10) / sp.binomial(24, 12),
        "lab-chance-1": 1 - sp.Rational(19, 20) ** 33,
        "own-odds-1": sp.Rational(7, 49),
    }
    from_solutions = key_script().exact_answers()
    for exercise_id, value in recomputed.items():
        assert sp.nsimplify(from_solutions[exercise_id]) == value, exercise_id
    for exercise_id, value in from_solutions.items():
        for form in plain_forms(value):
            for text, where in ((values_text, "values file"), (checker_text, "exercises.py")):
                paired = re.search(rf"{re.escape(exercise_id)}[^\n]*{re.escape(form)}|{re.escape(form)}[^\n]*{re.escape(exercise_id)}", text)
                assert form not in text or not paired, (exercise_id, form, where)
            # as a number of its own: a short answer (0.6) may be the start of another number (0.6042)
            assert not re.search(rf"(?<![0-9.]){re.escape(form)}(?![0-9])", values_text), (exercise_id, form)
    data = json.loads(values_text)
    for exercise_id, entry in data["estimates"].items():
        assert "value" not in entry and all("value" not in m for m in entry["mistakes"].values()), exercise_id
    for exercise_id, entry in data["exact"].items():
        assert set(entry) == {"salt", "answer", "mistakes"} and re.fullmatch(r"[0-9a-f]{64}", entry["answer"]["exact"])
    assert not hasattr(exercises, "_expected") and not any(callable(getattr(k, "answer", None)) for k in exercises._KEY.values())


def test_the_hashes_still_name_the_usual_slips():
    right = odds.p_at_least(2, 30, 108, 9)
    assert check("legday-odds-1", right).correct
    assert "percent" in check("legday-odds-1", 100 * right).message
    assert "complement" in check("legday-odds-1", 1 - right).message
    assert "exact value" in check("legday-odds-1", round(float(right), 4)).message
    assert "at least one Leg Day" in check("legday-odds-1", float(odds.p_at_least(1, 30, 108, 9))).message


def test_the_answer_key_works_from_the_teacher_copies(tmp_path):
    script = key_script()
    out = tmp_path / "key.md"
    assert script.main(["--out", str(out)]) == 0
    key = out.read_text()
    assert "Answer: `136906100/176986239`" in key and "NOT what the checker accepts" not in key
    assert "Solution (01_legday, cell" in key and "Accepted from 5,000 games" in key
    assert math.isfinite(float(re.search(r"True value: ([0-9.]+)", key).group(1)))
