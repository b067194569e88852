"""The exercise checker: right, wrong with a hint that teaches, never the answer; predictions
revealed against a measurement; simulated estimates from any seed; answers saved for the teacher."""

from __future__ import annotations

import errno
import json
import numbers
import math
import os
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import nbformat
import numpy as np
import pandas as pd
import pytest
import sympy as sp

from gamedesign import answers, exercises, odds
from gamedesign.exercises import EXERCISES, check, collect, predict, reveal, set_answers_file

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def answers_file(tmp_path, monkeypatch):
    """Every test saves into its own answers file and starts with no prediction in memory."""
    monkeypatch.setattr(exercises, "_UNSAVED", {})
    monkeypatch.setattr(answers, "_name", None)
    path = set_answers_file(tmp_path / "my_answers.json")
    yield path
    set_answers_file(None)


def truth(exercise_id):
    """The true value of a simulate exercise (the middle of its band) and its mistakes', as the tests read them."""
    entry = exercises._measured()[exercise_id]
    middle = lambda e: sum(e["band"]) / 2  # noqa: E731
    return {"value": middle(entry), "mistakes": {k: {"value": middle(m)} for k, m in entry["mistakes"].items()}}


def asked(exercise_id):
    return EXERCISES[exercise_id].games


def accepted(exercise_id):
    return exercises._accepted(exercise_id, asked(exercise_id))


def spread(exercise_id):
    """Half the width of the range of accepted estimates."""
    low, high = accepted(exercise_id)
    return (high - low) / 2


def estimate(exercise_id, value):
    """``check`` of an estimate typed with the asked number of games."""
    return check(exercise_id, value, games=asked(exercise_id))


@pytest.fixture(scope="module")
def true_values():
    """The exact answers, from the teacher copies' solution cells (as the answer key reads them)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("answer_key", ROOT / "scripts" / "answer_key.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    values = script.exact_answers()
    values.update({i: truth(i)["value"] for i, e in EXERCISES.items() if e.kind == "estimate"})
    return values


# ---- compute exercises ----------------------------------------------------------------------


def test_an_exact_answer_is_right_only_when_equal():
    right = odds.p_at_least(2, 30, 108, 9)
    assert check("legday-odds-1", right).correct
    assert check("legday-odds-1", Fraction(int(right.p), int(right.q))).correct
    wrong = check("legday-odds-1", sp.Rational(1, 3))
    assert wrong.status == "wrong" and "Hint" in wrong.message
    assert check("legday-count-1", 34).correct and not check("legday-count-1", 35).correct


@pytest.mark.parametrize(
    "exercise_id, answer, words",
    [
        ("legday-odds-1", odds.p_at_least(1, 30, 108, 9), "at least one Leg Day"),
        ("legday-odds-1", odds.hypergeom_pmf(2, 30, 108, 9), "exactly two"),
        ("legday-odds-1", 1 - odds.p_at_least(2, 30, 108, 9), "at most one"),
        ("legday-odds-1", 100 * odds.p_at_least(2, 30, 108, 9), "percent"),
        ("legday-odds-1", 77.35, "percent"),
        ("legday-count-1", 18, "counts the shake cards"),
        ("legday-count-1", 16, "one shake card"),
        ("gym-odds-1", 1 - odds.p_at_least(3, 6, 24, 12), "at most two"),
        ("diet-odds-1", odds.p_at_least(1, 6, 52, 7) ** 2, "independent"),
        ("diet-odds-1", float(odds.p_at_least(1, 6, 52, 7)), "one meal"),
        ("odds-multi-1", odds.p_all_of({"Bench Press": (10, 2), "Preacher Curl": (12, 1)}, 108, 9), "Preacher Curl"),
        ("odds-expected-1", sp.Rational(1, 4), "share of Brats"),
        ("lab-chance-1", sp.Rational(33, 20), "expected number"),
        ("lab-chance-1", sp.Rational(19, 20) ** 33, "none of the 33"),
        ("own-odds-1", sp.Rational(1, 49), "one particular pair"),
        ("own-odds-1", 7, "number of tied pairs"),
    ],
    ids=lambda x: str(x)[:30],
)
def test_usual_mistakes_get_a_hint_of_their_own(exercise_id, answer, words):
    feedback = check(exercise_id, answer)
    assert feedback.status == "wrong" and words in feedback.message, feedback.message
    assert "Hint" in feedback.message


def test_decimals_and_wrong_types_get_a_helpful_message():
    rounded = check("legday-odds-1", round(float(odds.p_at_least(2, 30, 108, 9)), 4))
    assert rounded.status == "wrong" and "exact value" in rounded.message
    decimal = check("legday-odds-1", 0.31)
    assert decimal.status == "wrong" and "exact value" in decimal.message
    text = check("legday-odds-1", "about a half")
    assert text.status == "wrong" and "expected a number, got str" in text.message
    assert "got list" in check("legday-simulate-1", [1, 2]).message
    assert "games=" in check("legday-simulate-1", 0.66).message


def test_unanswered_is_not_an_error():
    for exercise_id, exercise in EXERCISES.items():
        if exercise.kind == "assignment":  # answered in its form, not by check
            continue
        assert check(exercise_id, None).status == "not answered"
        if exercise.kind == "predict":
            assert predict(exercise_id, None).status == "not answered"
            assert "not answered yet" in str(reveal(exercise_id, None))
    assert "not answered yet" in str(check("gym-odds-1", ...))


def test_unknown_exercise_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="known: [^;]*legday-odds-1, "):
        check("legday-odds-99", 1)
    with pytest.raises(ValueError, match="not a prediction"):
        predict("legday-odds-1", 0.5)


# ---- no answer from the checker -------------------------------------------------------------


def shown_forms(value) -> list[str]:
    forms = [str(value)]
    if isinstance(value, sp.Basic):
        forms.append(sp.latex(value))
    number = float(value)
    if number != int(number):
        forms += [f"{number:.3f}", f"{number:.2f}"[1:] if number < 1 else f"{number:.2f}", f"{number:.4f}"]
    else:
        forms = [f" {int(number)} ", f" {int(number)}.", f"({int(number)}"]
    return forms


CHECKED = [i for i, e in EXERCISES.items() if e.kind in ("exact", "estimate")]


@pytest.mark.parametrize("exercise_id", CHECKED)
def test_no_wrong_answer_shows_the_expected_value(exercise_id, true_values):
    expected = true_values[exercise_id]
    forms = shown_forms(expected)
    games = {"games": asked(exercise_id)} if EXERCISES[exercise_id].kind == "estimate" else {}
    for answer in (0, 12345, 0.5, 0.01, 0.99, 55.0, -1, "text", [1, 2]):
        feedback = check(exercise_id, answer, **games)
        if feedback.correct:
            continue
        message = feedback.message  # the student's own number, echoed, is no answer
        if isinstance(answer, (int, float)):
            message = message.replace(f"your estimate {float(answer):.4f}", "your estimate")
        assert not any(form in f" {message} " for form in forms), (exercise_id, feedback.message)
        assert expected not in list(feedback.details.values()) or feedback.details.get("estimate") == answer


def test_the_public_api_holds_no_expected_value(true_values):
    assert not hasattr(exercises, "expected_answer") and not hasattr(exercises, "_expected")
    public = [name for name in vars(exercises) if not name.startswith("_")]
    assert "expected_answer" not in public and "_KEY" not in exercises.__all__
    for exercise in EXERCISES.values():
        for name, value in vars(exercise).items():
            assert not callable(value), (exercise.id, name)
    for exercise_id in CHECKED:
        forms = shown_forms(true_values[exercise_id])
        assert not any(form in f" {EXERCISES[exercise_id].hint} " for form in forms), exercise_id


def test_a_right_answer_shows_only_the_students_own_number(answers_file):
    feedback = check("legday-count-1", 34)
    assert feedback.message == "right, exactly" and feedback.details == {}
    value = truth("gym-simulate-1")["value"] + 0.001
    right = estimate("gym-simulate-1", value)
    low, high = right.details.pop("low"), right.details.pop("high")
    assert right.correct and right.details == {"estimate": value, "games": 2000, "seed": None} and low < value < high


# ---- simulate exercises ---------------------------------------------------------------------


SIMULATED = [i for i, e in EXERCISES.items() if e.kind == "estimate"]


@pytest.mark.parametrize("exercise_id", SIMULATED)
def test_an_estimate_from_any_seed_is_right(exercise_id):
    recipe, games = exercises._KEY[exercise_id].recipe, EXERCISES[exercise_id].games
    for seed in (3, 987):
        value = float(np.mean(recipe(games, seed)))
        feedback = check(exercise_id, value, games=games)
        assert feedback.correct, (seed, value, feedback.message)
        assert f"from {games:,} games" in feedback.message and "whatever the seed" in feedback.message


@pytest.mark.parametrize("exercise_id", SIMULATED)
def test_an_estimate_far_off_is_wrong_with_a_hint(exercise_id):
    low, high = accepted(exercise_id)
    assert low < truth(exercise_id)["value"] < high and high - low < 0.1
    assert estimate(exercise_id, low + 1e-9).correct and estimate(exercise_id, min(high, 1) - 1e-9).correct
    width = high - low
    for far in (high + width / 2, low - width / 2):
        feedback = estimate(exercise_id, far)
        assert feedback.status == "wrong" and "too far from the true value" in feedback.message and "Hint" in feedback.message


def test_a_share_given_as_a_percent_or_its_complement_is_named():
    value = truth("legday-simulate-1")["value"]
    assert "percent" in estimate("legday-simulate-1", 100 * value).message
    assert "does not win" in estimate("legday-simulate-1", 1 - value).message
    assert "team B" in estimate("gym-simulate-1", 1 - truth("gym-simulate-1")["value"]).message


def test_the_standard_rules_or_every_seat_instead_of_the_variant_are_named():
    mistakes = truth("legday-simulate-1")["mistakes"]
    assert "standard deck" in estimate("legday-simulate-1", mistakes["standard deck"]["value"]).message
    assert "all four bots" in estimate("legday-simulate-1", mistakes["every bot"]["value"]).message
    assert "standard rules" in estimate("lab-simulate-1", truth("lab-simulate-1")["mistakes"]["standard deal"]["value"]).message
    assert "about a quarter" in estimate("diet-simulate-1", 0.25).message


def test_the_values_file_says_how_each_value_was_measured():
    data = json.loads(exercises.VALUES_FILE.read_text())
    assert set(SIMULATED) <= set(data["estimates"])
    for exercise_id in SIMULATED:
        entry = data["estimates"][exercise_id]
        assert entry["games"] >= 20 * EXERCISES[exercise_id].games and entry["how"].startswith("gamedesign.simulate(")
        assert set(entry["mistakes"]) == {m.name for m in exercises._KEY[exercise_id].mistakes if m.banded}
        assert "value" not in entry and entry["band"][0] < entry["band"][1]


def test_the_variants_asked_about_change_the_result_beyond_its_interval():
    """Lesson 1's 24 Leg Days and lesson 5's empty hands move the measured share clearly."""
    for exercise_id, mistake in (("legday-simulate-1", "standard deck"), ("lab-simulate-1", "standard deal")):
        variant, standard = truth(exercise_id), truth(exercise_id)["mistakes"][mistake]
        assert abs(variant["value"] - standard["value"]) > spread(exercise_id), exercise_id


# ---- predictions and their reveal ------------------------------------------------------------


def test_a_prediction_is_kept_saved_and_revealed_by_the_check_that_measures_it(answers_file):
    saved = predict("legday-predict-1", 0.8)
    assert saved.status == "saved" and "0.8" in saved.message and str(answers_file) in saved.message
    entry = json.loads(answers_file.read_text())["answers"]["legday-predict-1"][-1]
    assert entry["kind"] == "prediction" and entry["answer"] == 0.8 and entry["time"].endswith("+00:00")
    value = truth("legday-simulate-1")["value"]
    measured = estimate("legday-simulate-1", value)
    assert measured.correct
    assert "Your prediction 0.8 is above the 95% interval of the measurement" in measured.message
    assert "the greedy bot wins less often than you thought" in measured.message
    low, high = measured.details["low"], measured.details["high"]
    assert low < value < high and high - low < 0.03
    assert "below" in (predict("legday-predict-1", 0.3), estimate("legday-simulate-1", value))[1].message
    predict("legday-predict-1", round(value, 2))
    assert "inside the 95% interval" in estimate("legday-simulate-1", value).message


def test_a_prediction_survives_a_restarted_kernel_through_the_answers_file(monkeypatch):
    predict("diet-predict-1", 0.25)
    monkeypatch.setattr(exercises, "_UNSAVED", {})
    message = estimate("diet-simulate-1", truth("diet-simulate-1")["value"]).message
    assert "Your prediction 0.25 is above" in message and "less often than you thought" in message


def test_without_a_prediction_the_check_says_to_predict_first():
    message = estimate("gym-simulate-1", truth("gym-simulate-1")["value"]).message
    assert "No prediction of yours is written down for gym-predict-1" in message


def test_an_exact_answer_reveals_its_prediction_against_the_exact_value():
    predict("odds-predict-1", 0.4)
    message = check("odds-exercise-1", odds.p_at_least(2, 6, 52, 7)).message
    assert "0.22 above the exact value, 0.1798: such a hand is less likely than you thought" in message


@pytest.mark.parametrize(
    "measured",
    [
        pd.Series([1.0] * 60 + [0.0] * 40),
        [True] * 60 + [False] * 40,
        odds.estimate(60, 100),
        {"win rate": 0.6, "low": 0.502, "high": 0.691, "games": 100},
        pd.Series({"value": 0.6, "low": 0.502, "high": 0.691, "games": 100}),
        pd.Series({"value": 0.6, "difference": 0.1, "low": 0.05, "high": 0.15, "value_low": 0.502, "value_high": 0.691}),
    ],
    ids=["column", "list", "estimate", "rung", "summary row", "compare row"],
)
def test_reveal_reads_every_kind_of_measurement(measured):
    predict("own-predict-1", 0.5)
    feedback = reveal("own-predict-1", measured)
    assert feedback.status == "compared"
    assert "your prediction 0.5 is below the 95% interval of the measurement, 0.50" in feedback.message
    assert "seat 0 wins more often than you thought" in feedback.message
    predict("own-predict-1", 0.6)
    assert "inside" in reveal("own-predict-1", measured).message


def test_reveal_before_predicting_or_of_junk_says_why():
    assert reveal("own-predict-1", [1, 0, 1]).status == "not answered"
    predict("own-predict-1", 0.5)
    assert reveal("own-predict-1", "lots").status == "wrong"
    assert reveal("own-predict-1", [1]).status == "wrong"


@pytest.mark.parametrize(
    "measured",
    [[math.inf, 1.0, 2.0], pd.Series([0.5, -math.inf]), np.array([1.0, 0.0, np.inf]), [1e308, 1e308, 1e308]],
    ids=["list", "column", "array", "too large to average"],
)
def test_reveal_refuses_infinite_results_by_name(measured):
    predict("own-predict-1", 0.5)
    feedback = reveal("own-predict-1", measured)
    assert feedback.status == "wrong" and "measured holds" in feedback.message
    assert "nan" not in feedback.message.lower()


@pytest.mark.parametrize("value, words", [(1.6, "between 0 and 1"), (45, "percent"), ("maybe", "got str"), (sp.I, "complex")])
def test_a_prediction_that_is_not_a_probability_is_refused(value, words):
    feedback = predict("gym-predict-1", value)
    assert feedback.status == "wrong" and words in feedback.message and len(feedback.message) < 400


def test_predictions_in_any_numeric_type():
    for answer in (np.float64(0.3), sp.Rational(1, 3), Fraction(1, 2), np.int64(1), sp.Float(0.5), Decimal("0.7")):
        assert predict("gym-predict-1", answer).status == "saved", answer
    big = predict("gym-predict-1", 10**400)
    assert big.status == "wrong" and "between 0 and 1" in big.message and len(big.message) < 400
    assert check("gym-predict-1", 0.4).status == "saved"  # check() of a prediction predicts


# ---- explanations and the answers file -------------------------------------------------------


EXPLANATION = "With fewer Leg Days every hand holds more useful cards, so careless players lose less by drafting badly and catch up quickly."


def test_an_explanation_is_saved_with_its_exercise_and_time(answers_file):
    feedback = check("legday-explain-1", EXPLANATION)
    assert feedback.correct and f"saved in {answers_file}" in feedback.message and "for your teacher" in feedback.message
    data = json.loads(answers_file.read_text())
    assert data["format"] == "gamedesign answers" and data["version"] == 2
    entry = data["answers"]["legday-explain-1"][-1]
    assert entry["kind"] == "explanation" and entry["answer"] == EXPLANATION
    assert pd.Timestamp(entry["time"]).tzinfo is not None
    check("legday-explain-1", EXPLANATION + " And that is all.")
    saved = json.loads(answers_file.read_text())["answers"]
    assert len(saved) == 1 and [e["answer"] for e in saved["legday-explain-1"]] == [EXPLANATION, EXPLANATION + " And that is all."]
    assert not [p for p in answers_file.parent.iterdir() if p.name.endswith(".tmp")]


def test_the_default_answers_file_is_beside_the_notebook(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(answers.ENVIRONMENT_VARIABLE, raising=False)
    set_answers_file(None)
    message = check("gym-explain-1", EXPLANATION).message
    assert "saved in my_answers.json (in this notebook's folder)" in message
    assert (tmp_path / "my_answers.json").is_file()
    monkeypatch.setenv(answers.ENVIRONMENT_VARIABLE, str(tmp_path / "course.json"))
    assert answers.answers_file() == tmp_path / "course.json"


def test_short_or_long_explanations_are_refused_and_not_saved(answers_file):
    assert not check("diet-explain-1", "shorter").correct
    long = check("diet-explain-1", "word " * 1000)
    assert long.status == "wrong" and "at most 2,000 characters" in long.message
    kept = json.loads(answers_file.read_text())["answers"]["diet-explain-1"]
    assert [e["status"] for e in kept] == ["wrong", "wrong"] and len(kept[1]["answer"]) <= answers.MAX_SHORT


def test_a_read_only_folder_gives_a_message_not_a_traceback(tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(answers.tempfile, "mkstemp", refuse)
    feedback = check("lab-explain-1", EXPLANATION)
    assert feedback.correct and "not saved" in feedback.message and "read-only" in feedback.message
    assert "set_answers_file('~/my_answers.json')" in feedback.message
    kept = predict("lab-predict-1", 0.3)
    assert kept.status == "saved" and "kept for this session only" in kept.message
    assert exercises._prediction("lab-predict-1") == (0.3, True)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="permissions do not stop root")
def test_a_folder_without_write_permission(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        set_answers_file(folder / "my_answers.json")
        assert "read-only" in check("lab-explain-1", EXPLANATION).message
    finally:
        folder.chmod(0o700)


def test_a_failed_write_leaves_the_old_file_whole(answers_file, monkeypatch):
    check("own-explain-1", EXPLANATION)
    before = answers_file.read_bytes()

    def crash(*args):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(answers.os, "replace", crash)
    monkeypatch.setattr(Path, "write_text", lambda *args, **kwargs: crash())
    assert "not saved" in check("own-explain-1", EXPLANATION + " More.").message
    assert answers_file.read_bytes() == before
    assert not [p for p in answers_file.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_file_that_is_not_an_answers_file_is_left_alone(answers_file):
    answers_file.write_text("my shopping list")
    message = check("own-explain-1", EXPLANATION).message
    assert "not valid JSON" in message and "not saved" in message and "set_answers_file" in message
    assert answers_file.read_text() == "my shopping list"


def test_the_answers_file_is_bounded(answers_file, monkeypatch):
    for exercise_id in ("legday-explain-1", "gym-explain-1", "diet-explain-1", "lab-explain-1", "own-explain-1"):
        assert "saved in" in check(exercise_id, EXPLANATION + " " + "x" * 1800).message
    assert answers_file.stat().st_size < answers.MAX_FILE_BYTES
    monkeypatch.setattr(answers, "MAX_FILE_BYTES", 4000)
    assert "would grow past" in check("bots-explain-1", EXPLANATION).message or "larger than" in check("bots-explain-1", EXPLANATION).message


# ---- collecting a class's files --------------------------------------------------------------


def answers_data(**changes) -> dict:
    data = {"format": "gamedesign answers", "version": 1, "name": "Ada", "answers": {
        "legday-explain-1": {"kind": "explanation", "time": "2026-12-01T10:15:00+00:00", "answer": EXPLANATION},
        "legday-predict-1": {"kind": "prediction", "time": "2026-12-01T10:05:00+00:00", "answer": 0.7},
    }}
    data.update(changes)
    return data


def test_collect_reads_a_folder_of_answers_files(tmp_path):
    folder = tmp_path / "class"
    (folder / "bo").mkdir(parents=True)
    (folder / "ada.json").write_text(json.dumps(answers_data()))
    (folder / "bo" / "my_answers.json").write_text(json.dumps(answers_data(name="Bo")))
    lines = []
    table = collect(folder, report=lines.append)
    assert lines == [] and table.attrs["refused"] == {}
    assert list(table.columns) == ["file", "name", "exercise", "kind", "status", "answer", "games", "seed", "time",
                                   "prediction first", "note"]
    assert sorted(table.file.unique()) == ["ada.json", "bo/my_answers.json"] and set(table.name) == {"Ada", "Bo"}
    assert table.loc[table.kind == "prediction", "answer"].tolist() == [0.7, 0.7]
    assert str(table.time.dt.tz) == "UTC"


def test_collect_reads_what_check_and_predict_wrote(answers_file):
    answers.set_name("Ada Lovelace")
    predict("gym-predict-1", 0.45)
    check("gym-explain-1", EXPLANATION)
    table = collect(answers_file.parent, report=None)
    assert set(table.exercise) == {"gym-predict-1", "gym-explain-1"} and set(table.name) == {"Ada Lovelace"}


HOSTILE = {
    "text.json": b"not json at all",
    "binary.json": bytes(range(256)),
    "nan.json": b'{"format": "gamedesign answers", "version": 1, "answers": {"a-1": {"kind": "prediction", '
                b'"time": "2026-12-01T10:15:00+00:00", "answer": NaN}}}',
    "deep.json": b"[" * 100_000 + b"]" * 100_000,
    "huge.json": b'{"format": "gamedesign answers", "pad": "' + b"x" * (300 * 1024) + b'"}',
    "list.json": b"[1, 2, 3]",
    "other.json": json.dumps({"format": "something else"}).encode(),
    "version.json": json.dumps(answers_data(version=3)).encode(),
    "extra.json": json.dumps(answers_data(script="<script>alert(1)</script>")).encode(),
    "id.json": json.dumps(answers_data(answers={"../../etc": {"kind": "explanation", "time": "2026-12-01T10:15:00+00:00",
                                                             "answer": "x"}})).encode(),
    "text-too-long.json": json.dumps(answers_data(answers={"a-1": {"kind": "explanation", "time": "2026-12-01T10:15:00+00:00",
                                                                  "answer": "x" * 5000}})).encode(),
    "bool.json": json.dumps(answers_data(answers={"a-1": {"kind": "prediction", "time": "2026-12-01T10:15:00+00:00",
                                                         "answer": True}})).encode(),
    "time.json": json.dumps(answers_data(answers={"a-1": {"kind": "prediction", "time": "yesterday", "answer": 0.5}})).encode(),
    "kind.json": json.dumps(answers_data(answers={"a-1": {"kind": "code", "time": "2026-12-01T10:15:00+00:00",
                                                         "answer": "import os"}})).encode(),
    "name.json": json.dumps(answers_data(name={"first": "Ada"})).encode(),
}


def test_collect_refuses_hostile_files_one_by_one_with_the_reason(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "good.json").write_text(json.dumps(answers_data()))
    for name, content in HOSTILE.items():
        (folder / name).write_bytes(content)
    (folder / "link.json").symlink_to(folder / "good.json")
    (folder / "folder.json").mkdir()
    (folder / ".hidden").mkdir()
    (folder / ".hidden" / "x.json").write_text("junk")
    lines = []
    table = collect(folder, report=lines.append)
    refused = table.attrs["refused"]
    assert set(table.file) == {"good.json"} and len(table) == 2
    expected = set(HOSTILE) | {"link.json", "folder.json"}
    assert set(refused) == expected, set(refused) ^ expected
    assert len(lines) == len(refused) and all(line.startswith("refused ") for line in lines)
    reasons = {
        "text.json": "not valid JSON", "binary.json": "not text", "nan.json": "NaN", "deep.json": "nests too deeply",
        "huge.json": "larger than 256 KB", "other.json": "not an answers file", "version.json": "version 3",
        "extra.json": "unknown field 'script'", "id.json": "is not an exercise id", "text-too-long.json": "at most 2,000",
        "bool.json": "not a number", "time.json": "no valid time", "kind.json": "kinds are", "name.json": "'name'",
        "link.json": "symbolic link", "list.json": "not an answers file", "folder.json": "a folder",
    }
    for name, words in reasons.items():
        assert words in refused[name], (name, refused[name])
        assert len(refused[name]) < 300


def test_collect_of_a_missing_folder_says_so(tmp_path):
    with pytest.raises(answers.AnswersFileError, match="is not a folder"):
        collect(tmp_path / "nowhere")


# ---- lesson 7 --------------------------------------------------------------------------------


def test_lesson_7_predicts_then_checks_a_rung_of_any_seed_against_the_prediction(answers_file):
    assert predict("bots-predict-1", 0.8).status == "saved"
    assert "below the 95% interval" in check("bots-winrate-1", 1.0, games=400).message
    rung = {"win rate": 0.9975, "low": 0.986, "high": 0.9996}
    assert "below the 95% interval of the measurement, 0.986" in reveal("bots-predict-1", rung).message
    assert check("bots-explain-1", "Let players see the top three cards and choose one when they draw.").status == "right"
    saved = json.loads(answers_file.read_text())["answers"]
    assert [e for e in saved["bots-predict-1"] if e["kind"] == "prediction"][-1]["answer"] == 0.8 and saved["bots-explain-1"][-1]["kind"] == "explanation"
    with pytest.raises(ValueError, match="unknown exercise"):
        check("bots-rung-1", 0.5)


# ---- lesson 4b ---------------------------------------------------------------------------------


def test_lesson_4b_games_needed_names_the_usual_slips():
    assert check("sure-games-1", 897).status == "right"
    assert "round up" in check("sure-games-1", 896).message
    assert "h is half the width" in check("sure-games-1", 3586).message
    assert "square the ratio" in check("sure-games-1", 14).message


# ---- the lessons -------------------------------------------------------------------------------


# The notebooks with predictions (GYM's, the Diet Game's and the design lab's are in their second
# parts, 02b, 03b and 05b).
LESSONS = ["01_legday", "01b_experience_goals", "02b_who_wins", "03b_race", "04_odds", "04b_how_sure", "05b_what_if", "07_bots", "08_your_own_game"]


def calls(source: str, function: str) -> list[str]:
    return [part.split('"')[0] for part in source.split(f'{function}("')[1:]]


@pytest.mark.parametrize("lesson", LESSONS)
def test_each_prediction_comes_before_the_cell_that_reveals_it(lesson):
    for folder in (ROOT / "notebooks" / "solutions", ROOT / "notebooks"):
        cells = nbformat.read(folder / f"{lesson}.ipynb", 4).cells
        made = {}
        for index, cell in enumerate(cells):
            for exercise_id in calls(cell.source, "predict"):
                made[exercise_id] = index
        assert made, lesson
        for index, cell in enumerate(cells):
            revealed = [EXERCISES[i].reveals for i in calls(cell.source, "check") if EXERCISES[i].reveals]
            for exercise_id in revealed + calls(cell.source, "reveal"):
                assert made[exercise_id] < index, (lesson, exercise_id)


@pytest.mark.parametrize("lesson", LESSONS)
def test_student_copies_predict_and_reveal_nothing_yet(lesson):
    # Stored never run (scripts/build_notebooks.py runs each, checks it says "not answered yet",
    # and empties it): a student copy shows nothing below a prediction before it is made.
    for cell in nbformat.read(ROOT / "notebooks" / f"{lesson}.ipynb", 4).cells:
        if cell.cell_type == "code" and ('predict("' in cell.source or 'reveal("' in cell.source):
            assert cell.outputs == [] and cell.execution_count is None, (lesson, cell.source)


# ---- answers of every numeric type -------------------------------------------------------------

# Answers a student might type, of every kind: each gets a verdict, never an exception.
STRANGE_ANSWERS = [
    10**400, -(10**400), sp.I, sp.zoo, sp.oo, -sp.oo, sp.nan, sp.Symbol("x"), sp.Symbol("x") + 1, sp.sqrt(2),
    sp.pi, sp.Eq(sp.Symbol("x"), 1), sp.Matrix([1, 2]), float("nan"), float("inf"), 1e308 * 10, 2 + 3j, 4 + 0j,
    True, b"34", "34", " ", [], {}, (1,), object(), print, type, Fraction(1, 3), Decimal("NaN"), Decimal("34"),
]


class Unreadable:
    """A number type whose own methods fail."""

    def __float__(self):
        raise RuntimeError("no")

    def __eq__(self, other):
        raise RuntimeError("no")

    __hash__ = object.__hash__


numbers.Real.register(Unreadable)


def answer_id(answer) -> str:
    """A test id that is the same in every process (no memory addresses), so that test
    workers collect the same tests."""
    return re.sub(r" (object )?at 0x[0-9a-f]+", "", repr(answer))


@pytest.mark.parametrize("exercise_id", ["legday-count-1", "legday-odds-1", "gym-predict-1", "legday-simulate-1", "gym-explain-1"])
@pytest.mark.parametrize("answer", [*STRANGE_ANSWERS, Unreadable()], ids=answer_id)
def test_every_answer_gets_a_verdict_with_a_message(exercise_id, answer):
    feedback = check(exercise_id, answer)
    assert feedback.status in exercises.STATUSES
    assert feedback.message and len(feedback.message) < 600


@pytest.mark.parametrize(
    "answer, words",
    [
        (sp.I, "complex number"),
        (2 + 3j, "complex number"),
        (sp.zoo, "not a finite number"),
        (float("inf"), "not a finite number"),
        (sp.Symbol("k"), "still contains the symbol k"),
        (10**400, "not quite"),
        ("34", "without quotes"),
        (np.array([34, 1]), "array of 2 values"),
        (True, "truth value"),
        (Unreadable(), "could not be read"),
    ],
    ids=answer_id,
)
def test_answers_that_are_not_the_right_number_say_why(answer, words):
    feedback = check("legday-count-1", answer)
    assert feedback.status == "wrong" and words in feedback.message and "Hint" in feedback.message


@pytest.mark.parametrize(
    "answer",
    [34, np.int64(34), np.int32(34), np.array(34), sp.Integer(34), sp.Float(34), 34.0, np.float64(34), Fraction(34),
     Decimal("34"), sp.Rational(68, 2), 34 + 0j, sp.Integer(30) + 4],
    ids=repr,
)
def test_a_right_count_in_any_numeric_type_is_right(answer):
    assert check("legday-count-1", answer).correct


def test_exact_fractions_and_exact_decimals_by_value():
    right = odds.p_at_least(2, 30, 108, 9)
    assert check("legday-odds-1", sp.nsimplify(right)).correct
    assert check("legday-odds-1", Fraction(int(right.p), int(right.q))).correct
    assert check("own-odds-1", sp.Rational(1, 7)).correct and check("own-odds-1", Fraction(7, 49)).correct
    assert check("odds-expected-1", 3.0).correct and check("odds-expected-1", np.float32(3)).correct
    assert "exact value" in check("own-odds-1", 0.142857).message
    assert check("own-odds-1", sp.sqrt(2) / 4).status == "wrong"


def test_estimates_in_any_numeric_type():
    value = truth("own-simulate-1")["value"]
    for answer in (value, np.float64(value), sp.Float(value), Fraction(value).limit_denominator(1000), Decimal(str(value))):
        assert estimate("own-simulate-1", answer).correct, answer
    for answer in (10**400, -(10**400), np.int64(25), sp.pi):
        assert estimate("own-simulate-1", answer).status == "wrong", answer


def test_the_answer_key_for_teachers_lists_every_checked_exercise(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("answer_key", ROOT / "scripts" / "answer_key.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    out = tmp_path / "key.md"
    assert script.main(["--out", str(out)]) == 0
    key = out.read_text()
    for exercise_id in CHECKED:
        assert f"## {exercise_id} " in key
    assert "136906100/176986239" in key and "Accepted from 5,000 games" in key
