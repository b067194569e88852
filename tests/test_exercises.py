"""The exercise checker: right, wrong with a hint, wrong type, not answered; never the answer."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy as sp

from gamedesign import odds
from gamedesign.exercises import EXERCISES, check, expected_answer


def test_an_exact_answer_is_right_only_when_equal():
    right = odds.p_at_least(2, 30, 108, 9)
    assert check("legday-odds-1", right).correct
    assert check("legday-odds-1", Fraction(int(right.p), int(right.q))).correct
    wrong = check("legday-odds-1", odds.p_at_least(1, 30, 108, 9))
    assert wrong.status == "wrong" and "Hint" in wrong.message
    assert check("legday-count-1", 34).correct and not check("legday-count-1", 18).correct


def test_decimals_and_wrong_types_get_a_helpful_message():
    decimal = check("legday-odds-1", float(odds.p_at_least(2, 30, 108, 9)))
    assert decimal.status == "wrong" and "exact value" in decimal.message
    text = check("legday-odds-1", "about a half")
    assert text.status == "wrong" and "expected a number, got str" in text.message
    listed = check("legday-simulate-1", [1, 2])
    assert "got list" in listed.message


def test_unanswered_is_not_an_error():
    for exercise in EXERCISES:
        assert check(exercise, None).status == "not answered"
    assert "not answered yet" in str(check("gym-odds-1", ...))


def test_feedback_never_shows_the_expected_answer():
    for exercise_id, exercise in EXERCISES.items():
        if exercise.expected is None:
            continue
        expected = expected_answer(exercise_id)
        shown = [str(expected), sp.latex(expected) if isinstance(expected, sp.Basic) else str(expected)]
        if not isinstance(expected, int):
            shown.append(f"{float(expected):.3f}")
        for answer in (0, 12345, 0.5, "text"):
            message = str(check(exercise_id, answer))
            assert not any(s in message for s in shown), (exercise_id, message)


def test_approximate_answers_use_the_stated_tolerance():
    exact = expected_answer("diet-simulate-1")
    assert check("diet-simulate-1", exact + 0.005).correct
    assert not check("diet-simulate-1", exact + 0.05).correct


def test_predictions_and_explanations():
    assert check("gym-predict-1", 0.6).correct
    assert check("gym-predict-1", 1.6).status == "wrong"
    assert check("gym-predict-1", "maybe").status == "wrong"
    assert not check("diet-explain-1", "shorter").correct
    assert check("diet-explain-1", "A lower target ends the race sooner, so take-that cards matter less.").correct


def test_unknown_exercise_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="known: legday-odds-1"):
        check("legday-odds-99", 1)
