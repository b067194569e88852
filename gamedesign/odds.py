"""Exact odds with sympy, shown with their formulas, and the check by simulation.

The concepts, named first:

* a *draw* takes ``draws`` cards without replacement from a *population* of cards, of
  which ``successes`` are of the kind we want;
* the number of wanted cards drawn follows the hypergeometric distribution:
  ``P(X = i) = C(K, i) C(N-K, n-i) / C(N, n)``;
* :func:`p_at_least` adds those up for ``i >= k`` and returns an exact ``Rational``;
* :func:`at_least` returns an :class:`Odds` that shows the formula, the fraction and
  the decimal together in a notebook;
* :func:`estimate` turns a simulation's hit count into a proportion with a 95% interval,
  and :func:`agrees` says whether an exact value lies inside it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import sympy as sp


def _check_counts(k: int, successes: int, population: int, draws: int) -> None:
    for name, value in (("k", k), ("successes", successes), ("population", population), ("draws", draws)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number 0 or more, not {value!r}")
    if successes > population:
        raise ValueError(f"successes ({successes}) cannot exceed the population ({population})")
    if draws > population:
        raise ValueError(f"cannot draw {draws} cards from a population of {population}")


def hypergeom_pmf(i: int, successes: int, population: int, draws: int) -> sp.Rational:
    """Exact chance of exactly ``i`` wanted cards among ``draws`` (no replacement)."""
    _check_counts(i, successes, population, draws)
    return sp.Rational(
        math.comb(successes, i) * math.comb(population - successes, draws - i), math.comb(population, draws)
    )


def p_at_least(k: int, successes: int, population: int, draws: int) -> sp.Rational:
    """Exact chance of at least ``k`` wanted cards among ``draws``, as a sympy ``Rational``.

    >>> p_at_least(1, 30, 108, 9)   # at least one Leg Day in an opening hand of 9
    """
    _check_counts(k, successes, population, draws)
    return sum(
        (hypergeom_pmf(i, successes, population, draws) for i in range(k, min(successes, draws) + 1)),
        sp.Integer(0),
    )


def expected_count(successes: int, population: int, draws: int) -> sp.Rational:
    """Exact expected number of wanted cards among ``draws``: ``draws * K / N``."""
    _check_counts(0, successes, population, draws)
    return sp.Rational(draws * successes, population)


def at_least_formula(k: int, successes: int, population: int, draws: int) -> str:
    """The LaTeX formula of :func:`p_at_least`, with binomials.

    Uses the complement when it has fewer terms (``1 - sum over i < k``).
    """
    _check_counts(k, successes, population, draws)
    top = min(successes, draws)
    others = population - successes

    def term(i: int) -> str:
        return rf"\binom{{{successes}}}{{{i}}}\binom{{{others}}}{{{draws - i}}}"

    denominator = rf"\binom{{{population}}}{{{draws}}}"
    if k <= 0:
        return "1"
    if k > top:
        return "0"
    if k <= top - k + 1:
        lows = range(0, k)
        if len(lows) == 1:
            return rf"1 - \frac{{{term(0)}}}{{{denominator}}}"
        return rf"1 - \frac{{\sum_{{i=0}}^{{{k - 1}}} \binom{{{successes}}}{{i}}\binom{{{others}}}{{{draws}-i}}}}{{{denominator}}}"
    if k == top:
        return rf"\frac{{{term(k)}}}{{{denominator}}}"
    return (
        rf"\frac{{\sum_{{i={k}}}^{{{top}}} \binom{{{successes}}}{{i}}\binom{{{others}}}{{{draws}-i}}}}{{{denominator}}}"
    )


@dataclass(frozen=True)
class Odds:
    """An exact probability with its question and formula; shows all three in a notebook."""

    question: str
    formula: str
    value: sp.Rational

    @property
    def decimal(self) -> float:
        """The value as a float."""
        return float(self.value)

    def _repr_latex_(self) -> str:
        return rf"$P = {self.formula} = {sp.latex(self.value)} \approx {self.decimal:.4f}$"

    def __str__(self) -> str:
        return f"{self.question}: {self.value} ≈ {self.decimal:.4f}"

    __repr__ = __str__


def at_least(k: int, successes: int, population: int, draws: int, question: str = "") -> Odds:
    """:func:`p_at_least` with its formula, ready to display."""
    return Odds(
        question or f"P(at least {k} of {successes} in {draws} cards from {population})",
        at_least_formula(k, successes, population, draws),
        p_at_least(k, successes, population, draws),
    )


@dataclass(frozen=True)
class Estimate:
    """A simulated proportion with its 95% Wilson interval."""

    hits: int
    trials: int
    low: float
    high: float

    @property
    def proportion(self) -> float:
        """hits / trials."""
        return self.hits / self.trials

    def __str__(self) -> str:
        return f"{self.proportion:.4f} (95% interval {self.low:.4f} to {self.high:.4f}, {self.trials} trials)"

    __repr__ = __str__


def estimate(hits: int, trials: int, z: float = 1.959964) -> Estimate:
    """A proportion and its Wilson score interval (95% by default)."""
    if trials < 1 or not 0 <= hits <= trials:
        raise ValueError(f"need 0 <= hits <= trials and trials >= 1, not hits={hits}, trials={trials}")
    p = hits / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return Estimate(hits, trials, max(0.0, centre - half), min(1.0, centre + half))


def estimate_from_deals(game, event, trials: int = 10_000, seed: int = 0, condition=None) -> Estimate:
    """Check an exact answer with the engine's own shuffles.

    Deals ``trials`` fresh states of ``game`` (seeds ``seed``, ``seed + 1``, ...) and counts
    those where ``event(state)`` is true. With ``condition``, only states where
    ``condition(state)`` is true are counted (a conditional probability).
    """
    hits = kept = 0
    for i in range(trials):
        state = game.new_state(seed=seed + i)
        if condition is not None and not condition(state):
            continue
        kept += 1
        hits += bool(event(state))
    return estimate(hits, kept)


def agrees(exact, simulated: Estimate) -> bool:
    """True when the exact value lies inside the simulation's 95% interval."""
    return simulated.low <= float(exact) <= simulated.high


__all__ = [
    "Estimate",
    "Odds",
    "agrees",
    "at_least",
    "at_least_formula",
    "estimate",
    "estimate_from_deals",
    "expected_count",
    "hypergeom_pmf",
    "p_at_least",
]
