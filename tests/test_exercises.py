"""The exercise checker: right, wrong with a hint, wrong type, not answered; never the answer."""

from __future__ import annotations

import numbers
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp

from gamedesign import exercises, odds
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


@pytest.mark.parametrize("exercise_id", ["legday-count-1", "legday-odds-1", "gym-predict-1", "legday-simulate-1", "gym-explain-1"])
@pytest.mark.parametrize("answer", [*STRANGE_ANSWERS, Unreadable()], ids=repr)
def test_every_answer_gets_a_verdict_with_a_message(exercise_id, answer, monkeypatch):
    monkeypatch.setitem(exercises._EXPECTED, "legday-simulate-1", 25.25)  # a cheap stand-in
    feedback = check(exercise_id, answer)
    assert feedback.status in ("right", "wrong", "not answered")
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
    ids=repr,
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
    assert check("lab-fair-1", 0.25).correct and check("lab-fair-1", np.float32(0.25)).correct
    assert check("lab-fair-1", sp.Float(0.25)).correct
    assert "exact value" in check("lab-fair-1", 0.2500001).message
    assert check("lab-fair-1", sp.sqrt(2) / 4).status == "wrong"


def test_approximate_and_predicted_answers_in_any_numeric_type(monkeypatch):
    monkeypatch.setitem(exercises._EXPECTED, "legday-simulate-1", 25.25)
    for answer in (25.25, np.float64(25.255), sp.Float(25.25), Fraction(101, 4), sp.Rational(101, 4), Decimal("25.25")):
        assert check("legday-simulate-1", answer).correct, answer
    for answer in (10**400, -(10**400), np.int64(25), sp.pi):
        assert check("legday-simulate-1", answer).status == "wrong", answer
    for answer in (np.float64(0.3), sp.Rational(1, 3), Fraction(1, 2), np.int64(1), sp.Float(0.5), Decimal("0.7")):
        assert check("gym-predict-1", answer).correct, answer
    big = check("gym-predict-1", 10**400)
    assert big.status == "wrong" and "between 0 and 1" in big.message and len(big.message) < 300
    assert "between 0 and 1" in check("gym-predict-1", sp.I).message
