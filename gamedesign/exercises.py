"""Exercises with instant feedback that never gives the answer away.

Four kinds of exercise, each judged by what it asks for:

* **compute** (``check(id, answer)``): an exact answer (a count, a sympy ``Rational`` or a
  ``Fraction``) must be equal; a decimal counts only when it is exactly the answer.
* **simulate** (``check(id, estimate)``): an estimate from the number of games the exercise
  asks for, with *any* seed, is right when it lies where 99 of 100 such estimates fall
  around the true value. The true value was measured once from many games and is stored,
  with how it was measured, in ``gamedesign/data/exercise_values.json``
  (``scripts/measure_exercises.py`` makes it).
* **predict** (``predict(id, value)``): a guess written down *before* the output that
  answers it. It is kept in the kernel and in the answers file, and set against the
  measurement later: by the check of the simulate or compute exercise that measures it, or
  by ``reveal(id, measured)`` with a measurement of your own (a column of results, an
  ``odds`` estimate, a row of a lab table, a ladder rung).
* **explain** (``check(id, text)``): a sentence or two, saved to the answers file
  (``my_answers.json`` beside the notebook; see :mod:`gamedesign.answers`) for the teacher,
  who reads a folder of them with :func:`collect`.

Wrong answers get a hint that points to the idea (which function, which count, why), with
a hint of its own for the usual slips: a percent for a probability, the complement, one
kind instead of all, the standard rules instead of the variant. Neither a message nor a
``Feedback``'s ``details`` carry the expected value; teachers find the answers in the
teacher copies (``notebooks/solutions/``) or in the key ``scripts/answer_key.py`` writes.

Numbers of any library (Python, numpy, sympy, ``fractions``, ``decimal``) are judged by
their value; an answer that is not a number says why; ``None`` (or ``...``) gets "not
answered yet" rather than an error.
"""

from __future__ import annotations

import html
import json
import math
import numbers
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import sympy as sp

from . import answers
from .answers import AnswersFileError, answers_file, collect, set_answers_file, set_name
from .files import strict_json

#: The measured true values of the simulate exercises (and of their usual mistakes).
VALUES_FILE = Path(__file__).resolve().parent / "data" / "exercise_values.json"
#: A simulated estimate is right within this many standard errors of the true value (99%).
Z99 = 2.5758
#: Intervals shown to students are 95% intervals.
Z95 = 1.96
#: A prediction this close to an exact value counts as close.
CLOSE = 0.02

STATUSES = ("right", "wrong", "not answered", "saved", "compared")


# ---- what an exercise is, and what a verdict is -------------------------------------------


@dataclass(frozen=True)
class Exercise:
    """One exercise as the student sees it: its kind, its hint and what it asks for.

    ``kind`` is "exact", "estimate", "predict" or "explain". An estimate asks for ``games`` games; ``share``
    says it is a share of games (between 0 and 1). ``reveals`` names the prediction a right
    answer is set against. A prediction's ``more`` and ``less`` say what it means when the
    measurement comes out above or below it.
    """

    id: str
    kind: str
    hint: str
    games: int | None = None
    share: bool = True
    reveals: str | None = None
    more: str = ""
    less: str = ""
    min_words: int = 8


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer.

    ``status`` is "right", "wrong" or "not answered"; a prediction is "saved", and a
    prediction set against a measurement is "compared". ``details`` holds only what the
    student gave or measured (never the expected value).
    """

    exercise: str
    status: str
    message: str
    details: dict = field(default_factory=dict)

    @property
    def correct(self) -> bool:
        """True for a right answer."""
        return self.status == "right"

    def __str__(self) -> str:
        symbol = {"right": "✔", "wrong": "✘", "not answered": "…", "saved": "✎", "compared": "➜"}[self.status]
        return f"{symbol} {self.exercise}: {self.message}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = {"right": "#1d5c2e", "wrong": "#8a1c1c", "not answered": "#1f3b5a", "saved": "#1f3b5a",
                  "compared": "#1f3b5a"}[self.status]
        return f'<div role="status" style="color:{colour};font-weight:600">{html.escape(str(self))}</div>'


PROBABILITY = "A prediction is a share between 0 and 1 (0.5 means half); write your own guess before you measure."

EXERCISES: dict[str, Exercise] = {
    exercise.id: exercise
    for exercise in [
        # Lesson 1: Don't Skip Leg Day
        Exercise(
            "legday-odds-1", "exact",
            "Leg Days in a hand of 9 dealt from 108 cards, 30 of them Leg Days, follow the hypergeometric "
            "distribution: odds.p_at_least(k, successes, population, draws) adds up every count from k up. "
            "Which k does 'at least two' mean?",
        ),
        Exercise(
            "legday-count-1", "exact",
            "Each Protein Shake card shows 1, 2 or 3 images. game.deck.card(name) says how many copies of a "
            "card the deck holds (count) and how many images it shows (images): add copies x images over all "
            "three shake cards.",
        ),
        Exercise(
            "legday-predict-1", "predict", PROBABILITY,
            more="the greedy bot wins more often than you thought", less="the greedy bot wins less often than you thought",
        ),
        Exercise(
            "legday-simulate-1", "estimate",
            "Build the variant with lab.load_preset(\"legday_24_leg_days\").build(), simulate 5,000 games with "
            "[\"greedy\", \"random\", \"random\", \"random\"] (any seed), and take the mean of 'won' over the "
            "greedy bot's rows: a share of games between 0 and 1.",
            games=5000, reveals="legday-predict-1",
        ),
        Exercise(
            "legday-explain-1", "explain",
            "Compare with section 4 (the standard deck): the greedy bot's mean score and win rate, and the random "
            "bots' scores. Who gains more from fewer Leg Days, and why does that change who wins?",
        ),
        # Lesson 2: GYM (02_gym)
        Exercise(
            "gym-odds-1", "exact",
            "The first reveal is 12 draws without replacement from 24 Kids, 6 of them Brats: a hypergeometric "
            "count. odds.p_at_least(k, successes, population, draws) gives 'k or more' exactly.",
        ),
        # Lesson 2b: GYM, who wins and by how much (02b_who_wins)
        Exercise(
            "gym-predict-1", "predict", PROBABILITY,
            more="team A wins more often than you thought", less="team A wins less often than you thought",
        ),
        Exercise(
            "gym-simulate-1", "estimate",
            "Load gamedesign.load(\"gym\", players=2, coach_blocks_placement=True), simulate 2,000 games of two "
            "greedy bots (any seed), and take the mean of 'won' over the rows of seat 0 (team A).",
            games=2000, reveals="gym-predict-1",
        ),
        Exercise(
            "gym-explain-1", "explain",
            "Put your interval beside a run of the standard rules of the same size: do they overlap? What does "
            "that say about the Coach rule as a way to balance the two teams?",
        ),
        # Lesson 3: The Diet Game (03_diet)
        Exercise(
            "diet-odds-1", "exact",
            "A hand covers a meal when it holds one of that meal's 6 covering cards; breakfast and lunch have "
            "different cards. Both at once, drawn from the same 52, are not independent: odds.p_all_of({name: "
            "(cards in the deck, at least), ...}, population, draws) counts them together.",
        ),
        # Lesson 3b: The Diet Game, how the race unfolds (03b_race)
        Exercise(
            "diet-predict-1", "predict", PROBABILITY,
            more="the first player wins more often than you thought", less="the first player wins less often than you thought",
        ),
        Exercise(
            "diet-simulate-1", "estimate",
            "Simulate 10,000 games of four greedy bots (any seed; the batch path takes a few seconds) and take the "
            "mean of 'won' over the rows of seat 0 only.",
            games=10000, reveals="diet-predict-1",
        ),
        Exercise(
            "diet-predict-2", "predict", PROBABILITY,
            more="the greedy bots aim their Cheats at the leader more often than you thought",
            less="the greedy bots aim their Cheats at the leader less often than you thought",
        ),
        Exercise(
            "diet-explain-1", "explain",
            "Measure both targets: game length ('turns', one row per game) and the take-that cards played "
            "('cheats_played', 'laziness_played'). Do the take-that cards get more or less time to swing the race?",
        ),
        # Lesson 4: Odds you can see
        Exercise(
            "odds-multi-1", "exact",
            "Two kinds at once, from the same 9 cards: the counts are not independent. odds.p_all_of({name: "
            "(cards in the deck, at least), ...}, population, draws) sums over every hand that meets both. "
            "Check how many Overhead Presses the deck holds.",
        ),
        Exercise(
            "odds-expected-1", "exact",
            "The expected number drawn is draws x (wanted cards / cards in the deck): each revealed Kid is a "
            "Brat with the same chance. odds.expected_count(successes, population, draws) keeps it exact.",
        ),
        Exercise(
            "odds-predict-1", "predict", PROBABILITY,
            more="such a hand is more likely than you thought", less="such a hand is less likely than you thought",
        ),
        Exercise(
            "odds-exercise-1", "exact",
            "Exercise cards in a fresh hand of 7 from 52 (6 of them Exercise) follow the hypergeometric "
            "distribution: odds.p_at_least(k, successes, population, draws). Which k is 'two or more'?",
            reveals="odds-predict-1",
        ),
        Exercise(
            "odds-hand-1", "exact",
            "Count as section 'Count it yourself' does: every reveal of 12 Kids from 24 is equally likely "
            "(math.comb(24, 12) of them); those with exactly 2 Brats pick 2 of the 6 Brats and 10 of the 18 other "
            "Kids. Divide with Fraction to keep it exact.",
        ),
        # Lesson 5: Design lab (05_design_lab)
        Exercise(
            "lab-chance-1", "exact",
            "If nothing changed, each measure looks clear with chance 1/20 (that is what 95% means). 'At least "
            "one of 33' is easiest through its complement: the chance that none of the 33 looks clear. Keep it "
            "exact with sympy.Rational.",
        ),
        # Lesson 5b: Design lab, what if? (05b_what_if)
        Exercise(
            "lab-predict-1", "predict", PROBABILITY,
            more="the first player wins more often than you thought", less="the first player wins less often than you thought",
        ),
        Exercise(
            "lab-simulate-1", "estimate",
            "Build the variant with load_preset(\"diet_no_deal_at_start\").build(), simulate 2,000 games of four "
            "greedy bots (any seed), and take the mean of 'won' over the rows of seat 0.",
            games=2000, reveals="lab-predict-1",
        ),
        Exercise(
            "lab-explain-1", "explain",
            "Think of seat 0's first turn when the other hands are still empty: who could feed it, cancel its "
            "Exercise or play a Cheat on it? Then: is the change big enough to notice at the table, and how does "
            "the interval tell you it is not noise?",
        ),
        # Lesson 4b: How sure are we?
        Exercise(
            "sure-predict-1", "predict", PROBABILITY,
            more="the greedy bot wins more often than you thought", less="the greedy bot wins less often than you thought",
        ),
        Exercise(
            "sure-simulate-1", "estimate",
            "Load gamedesign.load(\"legday\", players=3), simulate 1,600 games of [\"greedy\", \"random\", \"random\"] "
            "(any seed), and take the mean of 'won' over the rows of seat 0: the greedy bot's share of wins.",
            games=1600, reveals="sure-predict-1",
        ),
        Exercise(
            "sure-games-1", "exact",
            "Turn the formula of section 4 round: n = (1.96 / h) ** 2 * p * (1 - p), with h the half-width you want "
            "(plus or minus 3 percentage points) and p the rate, then round up to a whole game (math.ceil).",
        ),
        Exercise(
            "sure-explain-1", "explain",
            "Think of section 3: how many of 28 measures look clear by chance alone, and what Holm's correction "
            "keeps out. What would settle it?",
        ),
        # Lesson 7: Bots
        Exercise(
            "bots-predict-1", "predict", PROBABILITY,
            more="the greedy bot wins more often than you thought", less="the greedy bot wins less often than you thought",
        ),
        Exercise(
            "bots-edge-1", "exact",
            "Read GYM's row of search against copies of greedy (ladder.read_matrix(\"gym\")): its win rate and "
            "fair share. The edge is (win rate - fair share) / (1 - fair share); keep it exact: the win rate is "
            "wins / games, as a fractions.Fraction or a sympy.Rational.",
        ),
        Exercise(
            "bots-explain-1", "explain", "Write a sentence or two: which rule, and why would a better player then win more often?",
        ),
        Exercise(
            "bots-winrate-1", "estimate",
            "ladder.play_rung(gamedesign.load(\"diet\", players=4), \"greedy\", \"random\", games=400, seed=...) "
            "plays greedy against three random bots, greedy in each seat in turn; its share of wins is under "
            "\"win rate\".",
            games=400, reveals="bots-predict-1",
        ),
        # Lesson 8: Design your own game
        Exercise(
            "own-predict-1", "predict", PROBABILITY,
            more="seat 0 wins more often than you thought", less="seat 0 wins less often than you thought",
        ),
        Exercise(
            "own-odds-1", "exact",
            "Both players choose among 7 cards, so there are 7 x 7 equally likely pairs (a, b). Count the pairs "
            "with a == b and divide; keep it exact with sympy.Rational.",
        ),
        Exercise(
            "own-simulate-1", "estimate",
            "Simulate 1,000 games of gamedesign.load(\"sprint\", players=3) with [\"greedy\", \"random\", "
            "\"random\"] (any seed) and take the mean of 'won' over the rows of seat 0.",
            games=1000,
        ),
        Exercise(
            "own-explain-1", "explain",
            "Name the measure, its change and its interval from section 6, then say what a player at the table "
            "would notice (or not).",
        ),
    ]
}


# ---- the answer key (private: for the checker, the tests and scripts/answer_key.py) -------


@dataclass(frozen=True)
class _Mistake:
    """A usual wrong answer: its value (exact: a function; simulated: measured, in the values
    file under ``name``) and the hint that answers it."""

    name: str
    hint: str
    value: Callable[[], Any] | None = None
    recipe: Callable[[int, int], Any] | None = None


@dataclass(frozen=True)
class _Key:
    """How an exercise's answer is known: an exact value, or the recipe of a simulated measurement (per-game values; its result is in the values file)."""

    answer: Callable[[], Any] | None = None
    recipe: Callable[[int, int], Any] | None = None
    complement: str = ""
    mistakes: tuple = ()


def _odds(name: str, *args):
    from . import odds

    return getattr(odds, name)(*args)


def _seat_wins(load: Callable, bots, seat: int = 0, every_seat: bool = False):
    """A recipe: per game, whether ``seat`` won (or, ``every_seat``, the mean of 'won' over a
    game's rows), in games of ``load()`` between ``bots``, played in one process."""

    def recipe(games: int, seed: int):
        import gamedesign

        table = gamedesign.simulate(load(), bots, games=games, seed=seed, workers=1, progress=False)
        if every_seat:
            return table.groupby("game")["won"].mean().astype(float).to_numpy()
        return table.loc[table.seat == seat, "won"].astype(float).to_numpy()

    what = "the mean of 'won' over the game's rows" if every_seat else f"whether seat {seat} won"
    recipe.__doc__ = f"gamedesign.simulate({load.__doc__}, {bots!r}, games, seed); per game, {what}"
    return recipe


def _load(name: str, **options):
    def load():
        import gamedesign

        return gamedesign.load(name, **options)

    load.__doc__ = f"gamedesign.load({', '.join([repr(name)] + [f'{k}={v!r}' for k, v in options.items()])})"
    return load


def _preset(name: str):
    def load():
        from .lab import load_preset

        return load_preset(name).build()

    load.__doc__ = f"lab.load_preset({name!r}).build()"
    return load


def _matrix_row(game: str, tested: str, field: str):
    """The measured row of ``tested`` against copies of ``field`` in ``game``'s matrix."""
    from .ladder import read_matrix

    table = read_matrix(game)
    return table[(table["tested"] == tested) & (table["field"] == field)].iloc[0]


def _matrix_rate(game: str, tested: str, field: str):
    """The measured win rate of ``tested`` against copies of ``field``, exactly (wins / games)."""
    row = _matrix_row(game, tested, field)
    return sp.Rational(int(row["wins"]), int(row["games"]))


def _matrix_edge(game: str, tested: str, field: str):
    """The edge of a matrix cell over the fair share, exactly (as ``ladder.skill_depth`` counts it)."""
    share = sp.nsimplify(float(_matrix_row(game, tested, field)["fair share"]), rational=True)
    return (_matrix_rate(game, tested, field) - share) / (1 - share)


def _rotating_wins(games: int, seed: int):
    """gamedesign.simulate(gamedesign.load('diet', players=4), greedy in seat s and random
    bots elsewhere, games // 4 games from seed + s) for each seat s, as ladder.play_rung
    plays; per game, whether the greedy bot won"""
    import numpy as np

    import gamedesign

    game = gamedesign.load("diet", players=4)
    parts = []
    for seat in range(4):
        bots = ["random"] * 4
        bots[seat] = "greedy"
        table = gamedesign.simulate(game, bots, games=games // 4, seed=seed + seat, workers=1, progress=False)
        parts.append(table.loc[table.seat == seat, "won"].astype(float).to_numpy())
    return np.concatenate(parts)


_LEGDAY_BOTS = ["greedy", "random", "random", "random"]
_NOT_INDEPENDENT = ("that multiplies the two chances as if they were independent, but both come from the same "
                    "cards: use odds.p_all_of")

_KEY: dict[str, _Key] = {
    "legday-odds-1": _Key(
        answer=lambda: _odds("p_at_least", 2, 30, 108, 9),
        complement="that is the chance of at most one Leg Day: 'at least two' is its complement",
        mistakes=(
            _Mistake("at least one", "that is the chance of at least one Leg Day (section 3): the question asks for two or more",
                     value=lambda: _odds("p_at_least", 1, 30, 108, 9)),
            _Mistake("exactly two", "that counts hands with exactly two Leg Days: 'at least two' also counts three or more",
                     value=lambda: _odds("hypergeom_pmf", 2, 30, 108, 9)),
        ),
    ),
    "legday-count-1": _Key(
        answer=lambda: 6 * 1 + 8 * 2 + 4 * 3,
        mistakes=(
            _Mistake("cards", "that counts the shake cards: the question asks for the images they show", value=lambda: 6 + 8 + 4),
            *(_Mistake(f"one kind {n}", "that is one shake card's images (or copies): add all three kinds",
                       value=lambda n=n: n) for n in (6, 8, 4, 16, 12)),
        ),
    ),
    "legday-simulate-1": _Key(
        recipe=_seat_wins(_preset("legday_24_leg_days"), _LEGDAY_BOTS),
        complement="that is the share of games the greedy bot does not win",
        mistakes=(
            _Mistake("standard deck", "that is about what the standard deck gives: simulate the 24-Leg-Day variant "
                     "(lab.load_preset(\"legday_24_leg_days\").build())",
                     recipe=_seat_wins(_load("legday", players=4), _LEGDAY_BOTS)),
            _Mistake("every bot", "that averages the wins of all four bots: keep only the greedy bot's rows (df.bot == \"greedy\")",
                     recipe=_seat_wins(_preset("legday_24_leg_days"), _LEGDAY_BOTS, every_seat=True)),
        ),
    ),
    "gym-odds-1": _Key(
        answer=lambda: _odds("p_at_least", 3, 6, 24, 12),
        complement="that is the chance of at most two Brats: 'three or more' is its complement",
        mistakes=(
            _Mistake("at least one", "that is the chance of at least one Brat (shown above): the question asks for three or more",
                     value=lambda: _odds("p_at_least", 1, 6, 24, 12)),
            _Mistake("exactly three", "that counts rows with exactly three Brats: 'three or more' also counts four, five and six",
                     value=lambda: _odds("hypergeom_pmf", 3, 6, 24, 12)),
        ),
    ),
    "gym-simulate-1": _Key(
        recipe=_seat_wins(_load("gym", players=2, coach_blocks_placement=True), ["greedy", "greedy"]),
        complement="that is team B's share (seat 1): seat 0 is team A",
        mistakes=(
            _Mistake("both seats", "that averages both seats, which is always a half (one team wins each game): keep "
                     "seat 0's rows (df.seat == 0)",
                     recipe=_seat_wins(_load("gym", players=2, coach_blocks_placement=True), ["greedy", "greedy"], every_seat=True)),
        ),
    ),
    "diet-odds-1": _Key(
        answer=lambda: _odds("p_all_of", {"breakfast": (6, 1), "lunch": (6, 1)}, 52, 7),
        complement="that is the chance that at least one of the two meals is not covered",
        mistakes=(
            _Mistake("independent", _NOT_INDEPENDENT, value=lambda: _odds("p_at_least", 1, 6, 52, 7) ** 2),
            _Mistake("one meal", "that is the chance of covering one meal (shown above): the question asks for both",
                     value=lambda: _odds("p_at_least", 1, 6, 52, 7)),
        ),
    ),
    "diet-simulate-1": _Key(
        recipe=_seat_wins(_load("diet", players=4), "greedy"),
        complement="that is the share of games the first player does not win",
        mistakes=(
            _Mistake("every seat", "that averages all four seats, which is always about a quarter (one player wins each "
                     "game): keep the rows of seat 0 (df.seat == 0)",
                     recipe=_seat_wins(_load("diet", players=4), "greedy", every_seat=True)),
        ),
    ),
    "odds-multi-1": _Key(
        answer=lambda: _odds("p_all_of", {"Bench Press": (10, 2), "Overhead Press": (10, 1)}, 108, 9),
        complement="that is the chance of missing at least one of the two: the question asks for both",
        mistakes=(
            _Mistake("independent", _NOT_INDEPENDENT,
                     value=lambda: _odds("p_at_least", 2, 10, 108, 9) * _odds("p_at_least", 1, 10, 108, 9)),
            _Mistake("preacher curl", "that uses Preacher Curl (12 cards), the example above: the question asks for Overhead Press",
                     value=lambda: _odds("p_all_of", {"Bench Press": (10, 2), "Preacher Curl": (12, 1)}, 108, 9)),
        ),
    ),
    "odds-expected-1": _Key(
        answer=lambda: _odds("expected_count", 6, 24, 12),
        mistakes=(
            _Mistake("share", "that is the share of Brats among the Kids: multiply it by the number of Kids revealed",
                     value=lambda: sp.Rational(6, 24)),
            _Mistake("all brats", "that is every Brat in the deck: only 12 of the 24 Kids are revealed", value=lambda: 6),
        ),
    ),
    "odds-exercise-1": _Key(
        answer=lambda: _odds("p_at_least", 2, 6, 52, 7),
        complement="that is the chance of at most one Exercise card: 'two or more' is its complement",
        mistakes=(
            _Mistake("at least one", "that is the chance of at least one: the question asks for two or more",
                     value=lambda: _odds("p_at_least", 1, 6, 52, 7)),
            _Mistake("exactly two", "that counts hands with exactly two: 'two or more' also counts three and up",
                     value=lambda: _odds("hypergeom_pmf", 2, 6, 52, 7)),
        ),
    ),
    "odds-hand-1": _Key(
        answer=lambda: sp.Rational(math.comb(6, 2) * math.comb(18, 10), math.comb(24, 12)),
        mistakes=(
            _Mistake("at least two", "that counts 2 or more Brats: the question asks for exactly 2",
                     value=lambda: _odds("p_at_least", 2, 6, 24, 12)),
            _Mistake("count", "that is the number of reveals with exactly 2 Brats: divide it by the number of all reveals",
                     value=lambda: math.comb(6, 2) * math.comb(18, 10)),
            _Mistake("others wrong", "the other 10 Kids come from the 18 that are not Brats, not from all 24",
                     value=lambda: sp.Rational(math.comb(6, 2) * math.comb(24, 10), math.comb(24, 12))),
        ),
    ),
    "lab-chance-1": _Key(
        answer=lambda: 1 - sp.Rational(19, 20) ** 33,
        complement="that is the chance that none of the 33 looks clear: 'at least one' is its complement",
        mistakes=(
            _Mistake("expected count", "that is the expected number of measures that look clear (the verdict's 1.7), "
                     "not a chance: a chance is never above 1", value=lambda: sp.Rational(33, 20)),
            _Mistake("one measure", "that is the chance for one measure: the question asks for at least one of 33",
                     value=lambda: sp.Rational(1, 20)),
        ),
    ),
    "lab-simulate-1": _Key(
        recipe=_seat_wins(_preset("diet_no_deal_at_start"), "greedy"),
        complement="that is the share of games the first player does not win",
        mistakes=(
            _Mistake("standard deal", "that is about what the standard rules give: build the variant with "
                     "load_preset(\"diet_no_deal_at_start\").build()",
                     recipe=_seat_wins(_load("diet", players=4), "greedy")),
            _Mistake("every seat", "that averages all four seats, which is always about a quarter: keep the rows of seat 0",
                     recipe=_seat_wins(_preset("diet_no_deal_at_start"), "greedy", every_seat=True)),
        ),
    ),
    "sure-simulate-1": _Key(
        recipe=_seat_wins(_load("legday", players=3), ["greedy", "random", "random"]),
        complement="that is the share of games the greedy bot does not win",
        mistakes=(
            _Mistake("four players", "that is about what four players give (section 1): the question asks for three players",
                     recipe=_seat_wins(_load("legday", players=4), ["greedy", "random", "random", "random"])),
            _Mistake("every seat", "that averages all three seats: keep the rows of seat 0 (df.seat == 0)",
                     recipe=_seat_wins(_load("legday", players=3), ["greedy", "random", "random"], every_seat=True)),
        ),
    ),
    "sure-games-1": _Key(
        answer=lambda: math.ceil((sp.Rational(196, 100) / sp.Rational(3, 100)) ** 2 * sp.Rational(21, 100)),
        mistakes=(
            _Mistake("not rounded up", "round up: a fraction of a game cannot be played, and rounding down gives a "
                     "slightly wider interval than asked", value=lambda: math.floor((sp.Rational(196, 100) / sp.Rational(3, 100)) ** 2 * sp.Rational(21, 100))),
            _Mistake("whole width", "that makes the whole interval 3 points wide: h is half the width (plus or minus 3 points)",
                     value=lambda: math.ceil((sp.Rational(196, 100) / sp.Rational(15, 1000)) ** 2 * sp.Rational(21, 100))),
            _Mistake("not squared", "square the ratio 1.96 / h: the width shrinks with the square root of the games",
                     value=lambda: math.ceil(sp.Rational(196, 100) / sp.Rational(3, 100) * sp.Rational(21, 100))),
        ),
    ),
    "bots-edge-1": _Key(
        answer=lambda: _matrix_edge("gym", "search", "greedy"),
        mistakes=(
            _Mistake("win rate", "that is the win rate itself: subtract the fair share, then divide by what is left above it",
                     value=lambda: _matrix_rate("gym", "search", "greedy")),
            _Mistake("not divided", "that is the win rate minus the fair share: divide it by 1 - fair share, the most it could be",
                     value=lambda: _matrix_rate("gym", "search", "greedy") - sp.Rational(1, 2)),
        ),
    ),
    "bots-winrate-1": _Key(recipe=_rotating_wins, complement="that is the share of games the greedy bot does not win"),
    "own-odds-1": _Key(
        answer=lambda: sp.Rational(7, 49),
        complement="that is the chance that they do not tie",
        mistakes=(
            _Mistake("one pair", "that is the chance of one particular pair, such as (3, 3): count every pair with a == b",
                     value=lambda: sp.Rational(1, 49)),
            _Mistake("count", "that is the number of tied pairs: divide it by the number of all pairs", value=lambda: 7),
        ),
    ),
    "own-simulate-1": _Key(
        recipe=_seat_wins(_load("sprint", players=3), ["greedy", "random", "random"]),
        complement="that is the share of games seat 0 does not win",
        mistakes=(
            _Mistake("every seat", "that averages all three seats: keep the rows of seat 0 (df.seat == 0)",
                     recipe=_seat_wins(_load("sprint", players=3), ["greedy", "random", "random"], every_seat=True)),
        ),
    ),
}


@lru_cache(maxsize=None)
def _measured() -> dict:
    """The values file, checked: ``{exercise id: {"value", "sd", "games", "how", "mistakes": {...}}}``."""
    try:
        data = json.loads(VALUES_FILE.read_text(encoding="utf-8"), object_pairs_hook=strict_json)
    except (OSError, ValueError) as why:
        raise RuntimeError(f"{VALUES_FILE} cannot be read ({why}): run scripts/measure_exercises.py") from None
    values = data.get("estimates") if isinstance(data, dict) else None
    if not isinstance(values, dict):
        raise RuntimeError(f"{VALUES_FILE} has no 'estimates': run scripts/measure_exercises.py")
    for exercise_id, key in _KEY.items():
        if key.recipe is None:
            continue
        wanted = [values.get(exercise_id)] + [values.get(exercise_id, {}).get("mistakes", {}).get(m.name) for m in key.mistakes]
        for entry in wanted:
            if not isinstance(entry, dict) or not all(isinstance(entry.get(k), (int, float)) for k in ("value", "sd", "games")):
                raise RuntimeError(f"{VALUES_FILE} lacks a measured value for {exercise_id}: run scripts/measure_exercises.py")
    return values


def _expected(exercise_id: str):
    """The expected answer (exact) or measured true value (estimate): private, for the tests
    and the answer key; never shown to a student."""
    key = _KEY[exercise_id]
    if key.answer is not None:
        return key.answer()
    return _measured()[exercise_id]["value"]


# ---- reading a student's number --------------------------------------------------------


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


def _near(value, expected) -> bool:
    """A decimal that is ``expected`` rounded to about four digits (a slip written as a decimal)."""
    expected = sp.sympify(expected)
    return bool(sp.Abs(value - expected) <= sp.Rational(5, 10**4) * max(1, sp.Abs(expected)))


def _shown(value) -> str:
    """A student's number as they would read it."""
    number = float(value)
    return f"{number:g}" if abs(number) < 10**12 else "a number that large"


# ---- the public API -----------------------------------------------------------------------


_PREDICTIONS: dict[str, float] = {}


def _exercise(exercise_id: str) -> Exercise:
    if exercise_id not in EXERCISES:
        raise ValueError(f"unknown exercise {exercise_id!r}; known: {', '.join(EXERCISES)}")
    return EXERCISES[exercise_id]


def check(exercise_id: str, answer) -> Feedback:
    """Judge ``answer`` for exercise ``exercise_id``: "right", "wrong" (with a hint) or
    "not answered". Never raises for a student's answer: numbers of any library (Python,
    numpy, sympy, ``fractions``, ``decimal``) are judged by their value, and anything that
    is not a number says why. An explanation is saved to the answers file; a prediction
    given to ``check`` is saved as :func:`predict` does."""
    exercise = _exercise(exercise_id)
    if exercise.kind == "predict":
        return predict(exercise_id, answer)
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


def predict(exercise_id: str, value) -> Feedback:
    """Write down a prediction (a share between 0 and 1) before you measure: it is kept in
    the kernel and saved in the answers file, and set against your measurement later (by
    the check of the exercise that measures it, or by :func:`reveal`)."""
    exercise = _exercise(exercise_id)
    if exercise.kind != "predict":
        raise ValueError(f"{exercise_id} is not a prediction: answer it with check({exercise_id!r}, ...)")
    if _is_unanswered(value):
        return Feedback(exercise_id, "not answered", "not answered yet: replace None with your prediction and run the cell")
    try:
        number, _ = _read_number(value)
    except _NotANumber as why:
        return Feedback(exercise_id, "wrong", f"a prediction is a number between 0 and 1 ({why}). Hint: {exercise.hint}")
    except Exception as err:
        return Feedback(exercise_id, "wrong", f"this prediction could not be read ({type(err).__name__}). Hint: {exercise.hint}")
    if not 0 <= number <= 1:
        percent = " (if that is a percent, divide it by 100)" if 1 < number <= 100 else ""
        return Feedback(exercise_id, "wrong", f"a probability lies between 0 and 1, not {_shown(number)}{percent}. Hint: {exercise.hint}")
    guess = float(number)
    _PREDICTIONS[exercise_id] = guess
    saved = _save(exercise_id, "prediction", guess)
    where = saved["problem"].strip() or f"It is saved in {saved['words']}."
    message = f"your prediction {guess:g} is written down. {where} Now measure it: your prediction will be set against the result."
    return Feedback(exercise_id, "saved", message, {"prediction": guess, "saved_to": saved["path"]})


def reveal(exercise_id: str, measured) -> Feedback:
    """Set your prediction for ``exercise_id`` against ``measured``: is it inside the
    measurement's 95% interval, above or below it?

    ``measured`` is what you measured: a column of per-game results (``df.loc[df.seat == 0,
    "won"]``: its mean and interval are worked out), an ``odds`` estimate, a ladder rung
    (``play_rung(...)``), a row of a lab table with ``value``/``low``/``high`` (or
    ``rate``, ``difference`` with ``low``/``high``), or one exact number.
    """
    exercise = _exercise(exercise_id)
    if exercise.kind != "predict":
        raise ValueError(f"{exercise_id} is not a prediction: reveal takes the id of a prediction exercise")
    guess = _prediction(exercise_id)
    if guess is None:
        return Feedback(exercise_id, "not answered", f"not answered yet: make your prediction first (predict({exercise_id!r}, ...)), then run this cell")
    if measured is None or measured is Ellipsis:
        return Feedback(exercise_id, "not answered", "not answered yet: measure first, then give your measurement here")
    try:
        value, low, high = _measurement(measured)
    except _NotANumber as why:
        return Feedback(exercise_id, "wrong", f"{why}: give a column of results, an estimate, a rung or a row with low and high")
    return _comparison(exercise, guess, value, low, high)


def _prediction(exercise_id: str):
    if exercise_id in _PREDICTIONS:
        return _PREDICTIONS[exercise_id]
    entry = answers.saved_answer(exercise_id)
    return entry["answer"] if entry and entry["kind"] == "prediction" else None


def _save(exercise_id: str, kind: str, answer) -> dict:
    """Save an answer; say where in words, or what went wrong (``problem``, empty when saved)."""
    try:
        path = answers.save_answer(exercise_id, kind, answer)
    except AnswersFileError as why:
        return {"path": None, "words": "", "problem": f" It is kept for this session only, not saved: {why}."}
    shown = answers.shown_path(path)
    words = f"{shown} (in this notebook's folder)" if shown == path.name and not path.is_absolute() else shown
    return {"path": str(path), "words": words, "problem": ""}


# ---- judging ------------------------------------------------------------------------------


def _judge(exercise: Exercise, answer) -> Feedback:
    kind = exercise.kind
    if kind == "explain":
        return _judge_explanation(exercise, answer)
    value, exact = _read_number(answer)
    if kind == "exact":
        return _judge_exact(exercise, value, exact)
    if kind == "estimate":
        return _judge_estimate(exercise, value)
    raise ValueError(f"exercise {exercise.id!r} has an unknown kind {kind!r}")


def _judge_explanation(exercise: Exercise, answer) -> Feedback:
    if not isinstance(answer, str):
        return Feedback(exercise.id, "wrong", f"write your explanation as text in quotes. Hint: {exercise.hint}")
    words = len(answer.split())
    if words < exercise.min_words:
        return Feedback(exercise.id, "wrong", f"say a little more ({words} words; at least {exercise.min_words}). Hint: {exercise.hint}")
    if len(answer) > answers.MAX_TEXT:
        return Feedback(exercise.id, "wrong", f"keep it to a few sentences: at most {answers.MAX_TEXT:,} characters, not {len(answer):,}")
    saved = _save(exercise.id, "explanation", answer.strip())
    if saved["problem"]:
        return Feedback(exercise.id, "right", "thank you." + saved["problem"], {"saved_to": None})
    return Feedback(exercise.id, "right", f"thank you: your explanation is saved in {saved['words']} for your teacher",
                    {"saved_to": saved["path"]})


def _judge_exact(exercise: Exercise, value, exact: bool) -> Feedback:
    key = _KEY[exercise.id]
    expected = _expected(exercise.id)
    if value == expected:
        return _with_reveal(exercise, Feedback(exercise.id, "right", "right, exactly"), float(value), None, None)
    slip = _slip(key, value, lambda v, target: v == target if exact else _near(v, target), share=_is_probability(expected))
    if not exact and _near(value, expected):
        return Feedback(exercise.id, "wrong", "that decimal is the answer rounded: give the exact value (a whole number, "
                        "a fraction, or the sympy Rational that the odds functions return)")
    if slip:
        return Feedback(exercise.id, "wrong", f"not quite: {slip}. Hint: {exercise.hint}")
    if not exact:
        return Feedback(exercise.id, "wrong", "that is a decimal; give the exact value (a whole number or a sympy Rational). "
                        f"Hint: {exercise.hint}")
    return Feedback(exercise.id, "wrong", f"not quite. Hint: {exercise.hint}")


def _is_probability(expected) -> bool:
    return 0 <= expected <= 1 and not (isinstance(expected, int) or getattr(expected, "is_Integer", False))


def _slip(key: _Key, value, same: Callable, share: bool) -> str:
    """The hint for a usual exact mistake that ``value`` matches, or ""."""
    for mistake in key.mistakes:
        if mistake.value is not None and same(value, sp.sympify(mistake.value())):
            return mistake.hint
    expected = sp.sympify(key.answer())
    if share and 1 < value <= 100 and same(value / 100, expected):
        return "that looks like a percent: a probability is a number between 0 and 1 (0.45, not 45)"
    if share and key.complement and same(1 - value, expected):
        return key.complement
    return ""


def _judge_estimate(exercise: Exercise, value) -> Feedback:
    key, truth, n = _KEY[exercise.id], _measured()[exercise.id], exercise.games
    estimate = float(value) if abs(value) < 10**12 else math.inf
    low, high = _accepted(exercise.id)

    def close(target: dict, shifted: float) -> bool:
        spread = Z99 * math.sqrt(target["sd"] ** 2 / n + target["sd"] ** 2 / target["games"])
        return abs(shifted - target["value"]) <= max(spread, 1e-9)

    range_words = f"your estimate lies where 99 in 100 estimates from {n:,} games fall, whatever the seed"
    if low <= estimate <= high:
        feedback = Feedback(exercise.id, "right", f"right: {range_words}", {"estimate": estimate, "games": n})
        return _with_reveal(exercise, feedback, estimate, *_interval(estimate, n, truth["sd"], exercise.share))
    slip = ""
    for mistake in key.mistakes:
        if close(truth["mistakes"][mistake.name], estimate):
            slip = mistake.hint
            break
    if not slip and exercise.share:
        if 1 < estimate <= 100 and low <= estimate / 100 <= high:
            slip = "that looks like a percent: give the share of games as a number between 0 and 1 (0.45, not 45)"
        elif key.complement and low <= 1 - estimate <= high:
            slip = key.complement
        elif not 0 <= estimate <= 1:
            slip = "a share of games lies between 0 and 1"
    far = f"too far from the true value for an estimate from {n:,} games (99 in 100 of them land closer)"
    return Feedback(exercise.id, "wrong", f"{far}: {slip}. Hint: {exercise.hint}" if slip else f"{far}. Hint: {exercise.hint}",
                    {"estimate": estimate if math.isfinite(estimate) else None, "games": n})


@lru_cache(maxsize=None)
def _accepted(exercise_id: str) -> tuple:
    """The estimates accepted from the asked number of games: where 99 in 100 of them fall.

    For a share of games, the wins in ``n`` games are binomial: the range leaves out the
    0.5% tails on either side (exact, so it holds near 0 and 1 too). For another mean, the
    normal range of ±2.58 standard errors. Either way the true value's own uncertainty (from
    the many games that measured it) widens the range a little."""
    truth, n = _measured()[exercise_id], EXERCISES[exercise_id].games
    own = Z99 * truth["sd"] / math.sqrt(truth["games"])
    if not EXERCISES[exercise_id].share:
        spread = Z99 * truth["sd"] / math.sqrt(n) + own
        return truth["value"] - spread, truth["value"] + spread
    tail = (1 - 0.99) / 2
    lowest = _binomial_tail(n, truth["value"] - own, lower=True)
    highest = _binomial_tail(n, truth["value"] + own, lower=False)
    k_low = next(k for k in range(n + 1) if lowest[k] >= tail)
    k_high = next(k for k in range(n, -1, -1) if highest[k] >= tail)
    return (k_low - 0.5) / n, (k_high + 0.5) / n


def _binomial_tail(n: int, p: float, lower: bool) -> list:
    """P(X <= k) (``lower``) or P(X >= k) for k = 0..n, X binomial(n, p)."""
    p = min(max(p, 1e-12), 1 - 1e-12)
    logs = [math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * math.log(p) + (n - k) * math.log1p(-p)
            for k in range(n + 1)]
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    total = sum(weights)
    order = range(n + 1) if lower else range(n, -1, -1)
    tails, running = [0.0] * (n + 1), 0.0
    for k in order:
        running += weights[k]
        tails[k] = running / total
    return tails


def _interval(estimate: float, games: int, sd: float, share: bool) -> tuple:
    """The 95% interval of a student's estimate from ``games`` games (Wilson for a share)."""
    if share and 0 <= estimate <= 1:
        from .odds import estimate as wilson

        rate = wilson(round(estimate * games), games)
        return rate.low, rate.high
    half = Z95 * sd / math.sqrt(games)
    return estimate - half, estimate + half


def _with_reveal(exercise: Exercise, feedback: Feedback, value: float, low, high) -> Feedback:
    """A right answer, followed by what it says about the prediction it reveals (if any)."""
    if not exercise.reveals:
        return feedback
    prediction = _prediction(exercise.reveals)
    if prediction is None:
        return Feedback(feedback.exercise, feedback.status,
                        f"{feedback.message}. No prediction of yours is written down for {exercise.reveals}: next time, predict first",
                        feedback.details)
    compared = _comparison(EXERCISES[exercise.reveals], prediction, value, low, high)
    return Feedback(feedback.exercise, feedback.status, f"{feedback.message}. {compared.message[0].upper()}{compared.message[1:]}",
                    {**feedback.details, **compared.details})


def _comparison(prediction_exercise: Exercise, guess: float, value: float, low, high) -> Feedback:
    exercise_id = prediction_exercise.id
    details = {"prediction": guess, "measured": value, "low": low, "high": high}
    if low is None:  # an exact value: no interval
        gap = guess - value
        if abs(gap) <= CLOSE:
            words = f"your prediction {guess:g} is within {CLOSE:g} of the exact value, {value:.4f}: well predicted"
        else:
            side, meaning = ("above", prediction_exercise.less) if gap > 0 else ("below", prediction_exercise.more)
            words = f"your prediction {guess:g} is {abs(gap):.2f} {side} the exact value, {value:.4f}: {meaning}"
        return Feedback(exercise_id, "compared", words, details)
    span = f"{low:.3f} to {high:.3f}"
    if low <= guess <= high:
        words = f"your prediction {guess:g} is inside the 95% interval of the measurement, {span}: well predicted"
    elif guess > high:
        words = f"your prediction {guess:g} is above the 95% interval of the measurement, {span}: {prediction_exercise.less}"
    else:
        words = f"your prediction {guess:g} is below the 95% interval of the measurement, {span}: {prediction_exercise.more}"
    return Feedback(exercise_id, "compared", words, details)


def _measurement(measured) -> tuple:
    """``(value, low, high)`` of a measurement (``low`` and ``high`` are None for an exact number)."""
    from .odds import Estimate

    if isinstance(measured, Estimate):
        return measured.proportion, measured.low, measured.high
    keys = getattr(measured, "keys", None)
    if callable(keys):
        names = set(keys())
        if {"value", "value_low", "value_high"} <= names:  # a row of lab.compare: the variant's own value
            return tuple(_one_number(measured[k]) for k in ("value", "value_low", "value_high"))
        if {"low", "high"} <= names:
            for name in ("value", "win rate", "proportion", "rate", "difference", "mean"):
                if name in names:
                    return tuple(_one_number(measured[k]) for k in (name, "low", "high"))
            raise _NotANumber("that table row has low and high but no value")
    if isinstance(measured, (str, bytes)):
        raise _NotANumber("expected a measurement, got text")
    if hasattr(measured, "__len__") and not isinstance(measured, sp.Basic) and getattr(measured, "ndim", 1) != 0:
        return _sample(measured)
    value, _ = _read_number(measured)
    return float(value), None, None


def _one_number(value) -> float:
    number, _ = _read_number(value)
    return float(number)


def _sample(values) -> tuple:
    """Mean and 95% interval of per-game results (Wilson when they are all 0 or 1)."""
    import numpy as np

    try:
        numbers_ = np.asarray(list(values), dtype=float)
    except (TypeError, ValueError):
        raise _NotANumber("that column holds something other than numbers") from None
    numbers_ = numbers_[~np.isnan(numbers_)]
    if numbers_.ndim != 1 or len(numbers_) < 2:
        raise _NotANumber("a measurement needs the results of at least two games")
    mean = float(numbers_.mean())
    if np.isin(numbers_, (0.0, 1.0)).all():
        from .odds import estimate as wilson

        rate = wilson(int(numbers_.sum()), len(numbers_))
        return mean, rate.low, rate.high
    half = Z95 * float(numbers_.std(ddof=1)) / math.sqrt(len(numbers_))
    return mean, mean - half, mean + half


__all__ = [
    "EXERCISES", "AnswersFileError", "Exercise", "Feedback", "answers_file", "check", "collect", "predict", "reveal",
    "set_answers_file", "set_name",
]
