"""Exercises with instant feedback: ``check("legday-odds-1", answer)``.

Each exercise has an id, a kind of answer and a hint. :func:`check` says whether an
answer is right, with a hint when it is not, and never shows the expected answer:

* exact answers (a count, a sympy ``Rational`` or a ``Fraction``) must be equal; a
  decimal counts only when it is exactly the answer (``0.25`` for 1/4);
* approximate answers (a float) must lie within the stated tolerance;
* numbers of numpy, sympy, ``fractions`` and ``decimal`` are judged by their value, and
  an answer that is not a number (text, a list, a symbol, ``sympy.I``, an infinity) is
  "wrong" with the reason;
* a "predict" answer is a probability between 0 and 1 written down before simulating;
* an "explain" answer is a sentence (at least a few words) about a rule change.

An answer left as ``None`` (or ``...``) gets "not answered yet" rather than an error.
"""

from __future__ import annotations

import html
import math
import numbers
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Callable

import sympy as sp


@dataclass(frozen=True)
class Exercise:
    """One exercise: how to compute its answer and how to judge a student's."""

    id: str
    kind: str  # "exact", "approx", "predict" or "explain"
    hint: str
    expected: Callable[[], Any] | None = None
    tolerance: float = 0.0
    min_words: int = 8


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: ``status`` is "right", "wrong" or "not answered"."""

    exercise: str
    status: str
    message: str
    details: dict = field(default_factory=dict)

    @property
    def correct(self) -> bool:
        """True for a right answer."""
        return self.status == "right"

    def __str__(self) -> str:
        symbol = {"right": "✔", "wrong": "✘", "not answered": "…"}[self.status]
        return f"{symbol} {self.exercise}: {self.message}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = {"right": "#1d5c2e", "wrong": "#8a1c1c", "not answered": "#1f3b5a"}[self.status]
        return f'<div role="status" style="color:{colour};font-weight:600">{html.escape(str(self))}</div>'


def _legday_game():
    import gamedesign

    return gamedesign.load("legday", players=4)


def _mean_greedy_score_with_new_set_curls() -> float:
    import gamedesign

    game = gamedesign.load("legday", players=4, curl_overflow="new_set")
    df = gamedesign.simulate(game, ["greedy", "random", "random", "random"], games=300, seed=11)
    return float(df.loc[df.bot == "greedy", "score"].mean())


def _gym_first_team_win_rate() -> float:
    import gamedesign

    df = gamedesign.simulate(gamedesign.load("gym", players=2), ["greedy", "greedy"], games=200, seed=3)
    return float(df.loc[df.seat == 0, "won"].mean())


def _diet_mean_turns() -> float:
    import gamedesign

    df = gamedesign.simulate(gamedesign.load("diet", players=4), "greedy", games=200, seed=5)
    return float(df.groupby("game")["turns"].first().mean())


def _greedy_mean_with_bench_six() -> float:
    import gamedesign
    from gamedesign.lab import apply_deck_changes

    deck = apply_deck_changes("legday", {"scoring": {"bench_set_points": 6}})
    game = gamedesign.load("legday", players=4, deck=deck)
    df = gamedesign.simulate(game, ["greedy", "random", "random", "random"], games=300, seed=11)
    return float(df.loc[df.bot == "greedy", "score"].mean())


def _diet_greedy_rung_low_end() -> float:
    import gamedesign
    from gamedesign.ladder import play_rung

    return float(play_rung(gamedesign.load("diet", players=4), "greedy", "random", games=100, seed=2)["low"])


def _sprint_greedy_win_rate() -> float:
    import gamedesign

    df = gamedesign.simulate(gamedesign.load("sprint", players=3), ["greedy", "random", "random"], games=300, seed=4)
    return float(df.loc[df.seat == 0, "won"].mean())


def _odds(name: str, *args):
    from gamedesign import odds

    return getattr(odds, name)(*args)


EXERCISES: dict[str, Exercise] = {
    exercise.id: exercise
    for exercise in [
        Exercise(
            "legday-odds-1",
            "exact",
            "How many Leg Days are in the deck, how many cards, how big is a hand? "
            "Use odds.p_at_least(k, successes, population, draws).",
            lambda: _odds("p_at_least", 2, 30, 108, 9),
        ),
        Exercise(
            "legday-count-1",
            "exact",
            "Count the cards of the three Protein Shake kinds (6, 8 and 4 cards) weighted by their images.",
            lambda: 6 * 1 + 8 * 2 + 4 * 3,
        ),
        Exercise(
            "legday-predict-1",
            "predict",
            "Any probability between 0 and 1 is a fine prediction: write it as a number like 0.3.",
        ),
        Exercise(
            "legday-simulate-1",
            "approx",
            "Simulate with the variant game, the bots and the seed given in the exercise, "
            "then take the mean of the greedy bot's 'score' column.",
            _mean_greedy_score_with_new_set_curls,
            tolerance=0.01,
        ),
        Exercise(
            "legday-explain-1",
            "explain",
            "Write a sentence or two: what changed, and why would a player's choices change?",
        ),
        Exercise(
            "gym-odds-1",
            "exact",
            "6 Brats among 24 Kids; the first reveal shows 12. You want exactly 0 Brats: "
            "1 minus the chance of at least one.",
            lambda: 1 - _odds("p_at_least", 1, 6, 24, 12),
        ),
        Exercise(
            "gym-predict-1",
            "predict",
            "Any probability between 0 and 1 is a fine prediction: write it as a number like 0.6.",
        ),
        Exercise(
            "gym-simulate-1",
            "approx",
            "Simulate 200 games of two greedy bots with seed 3 and take the mean of the 'won' column for seat 0.",
            _gym_first_team_win_rate,
            tolerance=0.001,
        ),
        Exercise(
            "gym-explain-1",
            "explain",
            "Write a sentence or two about what the rule change does to the team that moves second.",
        ),
        Exercise(
            "diet-odds-1",
            "exact",
            "Lunch works like Breakfast: 6 of the 52 cards cover it. Add the Planning redraw of up to 3 "
            "with odds.p_with_redraw(need, successes, population, hand, redraw).",
            lambda: _odds("p_with_redraw", 1, 6, 52, 7, 3),
        ),
        Exercise(
            "diet-predict-1",
            "predict",
            "Any probability between 0 and 1 is a fine prediction: write it as a number like 0.5.",
        ),
        Exercise(
            "diet-simulate-1",
            "approx",
            "Simulate 200 games of four greedy bots with seed 5; each game's 'turns' is on every row of "
            "that game, so take one row per game before the mean.",
            _diet_mean_turns,
            tolerance=0.01,
        ),
        Exercise(
            "diet-explain-1",
            "explain",
            "Write a sentence or two: does the change make the race shorter, and is that more fun?",
        ),
        Exercise(
            "odds-multi-1",
            "exact",
            "Two kinds at once: odds.p_all_of({name: (cards in the deck, at least), ...}, population, draws).",
            lambda: _odds("p_all_of", {"Bench Press": (10, 2), "Overhead Press": (10, 1)}, 108, 9),
        ),
        Exercise(
            "odds-expected-1",
            "exact",
            "The expected count is draws x successes / population; keep it exact with odds.expected_count.",
            lambda: _odds("expected_count", 6, 24, 12),
        ),
        Exercise(
            "odds-predict-1",
            "predict",
            "Any probability between 0 and 1 is a fine prediction: write it as a number like 0.2.",
        ),
        Exercise(
            "lab-fair-1",
            "exact",
            "In a fair game every seat wins equally often. With 4 seats and no shared wins, what share is that?",
            lambda: sp.Rational(1, 4),
        ),
        Exercise(
            "lab-predict-1",
            "predict",
            "Any probability between 0 and 1 is a fine prediction: write it as a number like 0.7.",
        ),
        Exercise(
            "lab-simulate-1",
            "approx",
            "Build the deck with lab.apply_deck_changes(\"legday\", {\"scoring\": {\"bench_set_points\": 6}}), "
            "load it with deck=..., simulate 300 games with the bots and seed given, and take the greedy bot's mean score.",
            _greedy_mean_with_bench_six,
            tolerance=0.01,
        ),
        Exercise(
            "lab-explain-1",
            "explain",
            "Write a sentence or two: is the change big enough to matter at the table, and how do you know it is not noise?",
        ),
        Exercise(
            "bots-predict-1",
            "predict",
            "Any probability between 0 and 1 is a fine prediction: write it as a number like 0.5.",
        ),
        Exercise(
            "bots-rung-1",
            "approx",
            "ladder.play_rung(gamedesign.load(\"diet\", players=4), \"greedy\", \"random\", games=100, seed=2) "
            "returns a dict; the lower end of the interval is under \"low\".",
            _diet_greedy_rung_low_end,
            tolerance=0.001,
        ),
        Exercise(
            "bots-explain-1",
            "explain",
            "Write a sentence or two: which rule, and why would a better player then win more often?",
        ),
        Exercise(
            "own-predict-1",
            "predict",
            "Any probability between 0 and 1 is a fine prediction: write it as a number like 0.5.",
        ),
        Exercise(
            "own-odds-1",
            "exact",
            "Two players each choose one of the effort cards 1 to 7 at random. Count the pairs (a, b) "
            "with a == b among all 7 x 7 pairs, and keep the answer exact (sympy.Rational).",
            lambda: sp.Rational(7, 49),
        ),
        Exercise(
            "own-simulate-1",
            "approx",
            "Simulate 300 games of gamedesign.load(\"sprint\", players=3) with the bots "
            "[\"greedy\", \"random\", \"random\"] and seed 4, and take the mean of 'won' for seat 0.",
            _sprint_greedy_win_rate,
            tolerance=0.001,
        ),
        Exercise(
            "own-explain-1",
            "explain",
            "Write a sentence or two: which measure moved, by how much, and would players notice at the table?",
        ),
    ]
}


def _is_unanswered(answer) -> bool:
    return answer is None or answer is Ellipsis or (isinstance(answer, str) and not answer.strip())


class _NotANumber(Exception):
    """Why an answer cannot be judged as a number (the text is shown to the student)."""


def _read_number(answer) -> tuple:
    """An answer as ``(value, exact)``.

    ``value`` is a sympy number. ``exact`` is True for whole numbers and fractions of any
    library (Python, numpy, sympy, ``fractions``) and for exact sympy expressions; False
    for decimals (floats of any library, ``Decimal``, sympy ``Float``), whose ``value`` is
    the exact value of the decimal as stored. Anything else raises :class:`_NotANumber`
    saying why, in words for the student.
    """
    if hasattr(answer, "ndim") and hasattr(answer, "item") and not isinstance(answer, sp.Basic):
        if answer.ndim != 0:
            raise _NotANumber(f"got an array of {getattr(answer, 'size', 'several')} values: give one number")
        answer = answer.item()  # a numpy scalar or 0-d array: its Python value
    if isinstance(answer, sp.Basic):
        return _read_sympy(answer)
    if isinstance(answer, bool):
        raise _NotANumber(f"{answer} is a truth value, not a number")
    if isinstance(answer, numbers.Integral):
        return sp.Integer(int(answer)), True
    if isinstance(answer, numbers.Rational):  # Fraction and other exact fractions
        return sp.Rational(int(answer.numerator), int(answer.denominator)), True
    if isinstance(answer, Decimal):
        if not answer.is_finite():
            raise _NotANumber("that is not a finite number")
        return sp.Rational(str(answer)), False
    if isinstance(answer, numbers.Real):
        value = float(answer)
        if not math.isfinite(value):
            raise _NotANumber("that is not a finite number")
        return sp.Rational(value), False
    if isinstance(answer, numbers.Complex):
        if answer.imag != 0:
            raise _NotANumber("that is a complex number: give a real number")
        return _read_number(answer.real)
    if isinstance(answer, str):
        raise _NotANumber("expected a number, got str: write the number itself, without quotes")
    raise _NotANumber(f"expected a number, got {type(answer).__name__}")


def _read_sympy(answer) -> tuple:
    if not isinstance(answer, sp.Expr):
        raise _NotANumber(f"expected a number, got a sympy {type(answer).__name__}")
    if answer.free_symbols:
        names = ", ".join(sorted(str(x) for x in answer.free_symbols))
        raise _NotANumber(f"that still contains the symbol {names}: give a number")
    value = answer.doit() if not answer.is_Atom else answer
    if value is sp.nan or value.has(sp.zoo, sp.oo, -sp.oo, sp.nan) or value.is_finite is False:
        raise _NotANumber("that is not a finite number")
    if not value.is_number:
        raise _NotANumber(f"expected a number, got the sympy expression {type(value).__name__}")
    if value.is_real is False:
        raise _NotANumber("that is a complex number: give a real number")
    if value.is_Float:
        return sp.Rational(value), False
    if value.is_Rational:
        return value, True
    if value.is_real is None:
        real, imaginary = sp.N(value, 30).as_real_imag()
        if abs(imaginary) > sp.Float("1e-25"):
            raise _NotANumber("that is a complex number: give a real number")
    return value, True  # an exact expression such as sqrt(2): compared by value


def _within(value, expected, tolerance: float) -> bool:
    """``|value - expected| <= tolerance``, exactly, so that huge numbers cannot overflow."""
    return bool(sp.Abs(value - sp.Rational(float(expected))) <= sp.Rational(tolerance))


_EXPECTED: dict[str, Any] = {}


def expected_answer(exercise_id: str):
    """The expected answer of an exercise (computed once; for teachers and tests)."""
    if exercise_id not in _EXPECTED:
        _EXPECTED[exercise_id] = EXERCISES[exercise_id].expected()
    return _EXPECTED[exercise_id]


def check(exercise_id: str, answer) -> Feedback:
    """Judge ``answer`` for exercise ``exercise_id``: "right", "wrong" (with a hint) or
    "not answered". Never raises for a student's answer: numbers of any library (Python,
    numpy, sympy, ``fractions``, ``decimal``) are judged by their value, and anything that
    is not a number says why."""
    if exercise_id not in EXERCISES:
        raise ValueError(f"unknown exercise {exercise_id!r}; known: {', '.join(EXERCISES)}")
    exercise = EXERCISES[exercise_id]
    if _is_unanswered(answer):
        return Feedback(exercise_id, "not answered", "not answered yet: replace None with your answer and run the cell")
    try:
        return _judge(exercise, answer)
    except _NotANumber as why:
        return Feedback(exercise_id, "wrong", f"{why}. Hint: {exercise.hint}")
    except Exception as err:  # an answer whose own methods fail: still a verdict, not a traceback
        return Feedback(
            exercise_id, "wrong", f"this answer could not be read ({type(err).__name__}): give a number. Hint: {exercise.hint}"
        )


def _judge(exercise: Exercise, answer) -> Feedback:
    exercise_id, kind = exercise.id, exercise.kind
    if kind == "explain":
        if not isinstance(answer, str):
            return Feedback(exercise_id, "wrong", f"write your explanation as text in quotes. Hint: {exercise.hint}")
        words = len(answer.split())
        if words < exercise.min_words:
            return Feedback(
                exercise_id, "wrong", f"say a little more ({words} words; at least {exercise.min_words}). Hint: {exercise.hint}"
            )
        return Feedback(exercise_id, "right", "thank you: your explanation is recorded for discussion")
    if kind == "predict":
        try:
            value, _ = _read_number(answer)
        except _NotANumber as why:
            raise _NotANumber(f"a prediction is a number between 0 and 1 ({why})") from None
        if not 0 <= value <= 1:
            shown = f"{float(value):g}" if abs(value) < 10**12 else "a number that large"
            return Feedback(exercise_id, "wrong", f"a probability lies between 0 and 1, not {shown}. Hint: {exercise.hint}")
        return Feedback(exercise_id, "right", f"prediction {float(value):g} recorded: now run the simulation and compare")
    value, exact = _read_number(answer)
    expected = expected_answer(exercise_id)
    if kind == "exact":
        if value == expected:
            return Feedback(exercise_id, "right", "right, exactly")
        if not exact:
            return Feedback(
                exercise_id,
                "wrong",
                "that is a decimal; give the exact value (a whole number or a sympy Rational). "
                f"Hint: {exercise.hint}",
            )
        return Feedback(exercise_id, "wrong", f"not quite. Hint: {exercise.hint}")
    if kind == "approx":
        if _within(value, expected, exercise.tolerance):
            return Feedback(exercise_id, "right", f"right (within {exercise.tolerance:g})")
        return Feedback(exercise_id, "wrong", f"not within {exercise.tolerance:g} of the answer. Hint: {exercise.hint}")
    raise ValueError(f"exercise {exercise_id!r} has an unknown kind {kind!r}")


__all__ = ["EXERCISES", "Exercise", "Feedback", "check"]
