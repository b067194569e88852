"""Exact odds with sympy, shown with their formulas, and the check by simulation.

The concepts, named first:

* a *draw* takes ``draws`` cards without replacement from a *population* of cards, of
  which ``successes`` are of the kind we want;
* the number of wanted cards drawn follows the hypergeometric distribution:
  ``P(X = i) = C(K, i) C(N-K, n-i) / C(N, n)``;
* :func:`p_at_least` adds those up for ``i >= k`` and returns an exact ``Rational``;
* :func:`at_least` returns an :class:`Odds` that shows the formula, the fraction and
  the decimal together in a notebook;
* :func:`distribution` gives the whole distribution (pmf and cdf as exact Rationals);
* :func:`p_all_of` asks for several kinds at once ("at least a of these and b of
  those", the multivariate hypergeometric);
* :func:`p_with_redraw` adds a redraw step (discard up to ``r`` unwanted cards and draw
  as many again, as in the Diet Game's Planning phase), exact under that stated policy;
* :func:`estimate` turns a simulation's hit count into a proportion with a 95% interval,
  and :func:`agrees` says whether an exact value lies inside it.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

import sympy as sp

#: The most shuffles one simulation check may make.
MAX_TRIALS = 1_000_000
#: The most cards one :func:`sample_draws` call may shuffle in all (trials x population).
MAX_SHUFFLED_CARDS = 50_000_000


def _whole(name: str, value, low: int = 0) -> int:
    """``value`` as an int when it is a whole number >= ``low`` (Python, numpy or sympy)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
        raise ValueError(f"{name} must be a whole number {low} or more, not {value!r}")
    return int(value)


def _check_counts(k, successes, population, draws, k_name: str = "k", draws_name: str = "draws") -> tuple:
    """The four counts as ints, or a ``ValueError`` naming the wrong one and what is allowed."""
    k = _whole(k_name, k)
    successes = _whole("successes", successes)
    population = _whole("population", population)
    draws = _whole(draws_name, draws)
    if successes > population:
        raise ValueError(f"successes ({successes}) cannot exceed the population ({population})")
    if draws > population:
        raise ValueError(f"cannot draw {draws} cards from a population of {population}: {draws_name} must be at most {population}")
    return k, successes, population, draws


def _check_trials(trials) -> int:
    trials = _whole("trials", trials, 1)
    if trials > MAX_TRIALS:
        raise ValueError(f"trials must be at most {MAX_TRIALS:,}, not {trials:,}")
    return trials


def _check_question(question) -> str:
    if not isinstance(question, str):
        raise ValueError(f"question must be a text, not {question!r}")
    return question


def hypergeom_pmf(i: int, successes: int, population: int, draws: int) -> sp.Rational:
    """Exact chance of exactly ``i`` wanted cards among ``draws`` (no replacement)."""
    i, successes, population, draws = _check_counts(i, successes, population, draws, k_name="i")
    if i > min(successes, draws) or draws - i > population - successes:
        return sp.Integer(0)  # a count the hand cannot hold
    return sp.Rational(
        math.comb(successes, i) * math.comb(population - successes, draws - i), math.comb(population, draws)
    )


def p_at_least(k: int, successes: int, population: int, draws: int) -> sp.Rational:
    """Exact chance of at least ``k`` wanted cards among ``draws``, as a sympy ``Rational``.

    >>> p_at_least(1, 30, 108, 9)   # at least one Leg Day in an opening hand of 9
    """
    k, successes, population, draws = _check_counts(k, successes, population, draws)
    return sum(
        (hypergeom_pmf(i, successes, population, draws) for i in range(k, min(successes, draws) + 1)),
        sp.Integer(0),
    )


def expected_count(successes: int, population: int, draws: int) -> sp.Rational:
    """Exact expected number of wanted cards among ``draws``: ``draws * K / N``."""
    _, successes, population, draws = _check_counts(0, successes, population, draws)
    if population == 0:
        return sp.Integer(0)
    return sp.Rational(draws * successes, population)


def at_least_formula(k: int, successes: int, population: int, draws: int) -> str:
    """The LaTeX formula of :func:`p_at_least`, with binomials.

    Uses the complement when it has fewer terms (``1 - sum over i < k``).
    """
    k, successes, population, draws = _check_counts(k, successes, population, draws)
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
    _check_question(question)
    return Odds(
        question or f"P(at least {k} of {successes} in {draws} cards from {population})",
        at_least_formula(k, successes, population, draws),
        p_at_least(k, successes, population, draws),
    )


def distribution(successes: int, population: int, draws: int):
    """The whole distribution of the number of wanted cards drawn.

    One row per possible count ``i`` with exact ``P(X = i)``, ``P(X <= i)`` and
    ``P(X >= i)`` as sympy Rationals (and a float column for charts).
    """
    import pandas as pd

    _, successes, population, draws = _check_counts(0, successes, population, draws)
    low, high = max(0, draws - (population - successes)), min(successes, draws)
    rows, below = [], sp.Integer(0)
    for i in range(low, high + 1):
        p = hypergeom_pmf(i, successes, population, draws)
        rows.append({"count": i, "P(X = i)": p, "P(X <= i)": below + p, "P(X >= i)": 1 - below, "probability": float(p)})
        below += p
    return pd.DataFrame(rows)


def _check_kinds(kinds) -> list[tuple[str, int, int]]:
    if not isinstance(kinds, dict) or not kinds:
        raise ValueError("kinds must be a dict like {'Bench Press': (10, 2)}: name -> (cards in the population, at least)")
    out = []
    for name, spec in kinds.items():
        try:
            count, need = spec
        except (TypeError, ValueError):
            raise ValueError(f"kind {name!r}: give (cards in the population, at least), not {spec!r}") from None
        for label, value in (("cards in the population", count), ("at least", need)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
                raise ValueError(f"kind {name!r}: {label} must be a whole number 0 or more, not {value!r}")
        out.append((str(name), int(count), int(need)))
    return out


def p_all_of(kinds: dict, population: int, draws: int) -> sp.Rational:
    """Exact chance of at least ``a`` of one kind AND ``b`` of another ... in ``draws`` cards.

    ``kinds`` maps a name to ``(cards of that kind in the population, at least)``; the
    kinds must not overlap. The multivariate hypergeometric, summed exactly.
    """
    specs = _check_kinds(kinds)
    total = sum(count for _, count, _ in specs)
    _, _, population, draws = _check_counts(0, 0, population, draws)
    if total > population:
        raise ValueError(f"the kinds hold {total} cards, more than the population of {population}")
    rest = population - total
    counts = [count for _, count, _ in specs]
    needs = [need for _, _, need in specs]
    ways = 0

    def walk(index: int, left: int, product: int) -> None:
        nonlocal ways
        if index == len(counts):
            ways += product * math.comb(rest, left)
            return
        for x in range(needs[index], min(counts[index], left) + 1):
            walk(index + 1, left - x, product * math.comb(counts[index], x))

    walk(0, draws, 1)
    return sp.Rational(ways, math.comb(population, draws))


def all_of_formula(kinds: dict, population: int, draws: int) -> str:
    """LaTeX of :func:`p_all_of`: a sum over every way to meet each minimum."""
    specs = _check_kinds(kinds)
    _, _, population, draws = _check_counts(0, 0, population, draws)
    rest = population - sum(count for _, count, _ in specs)
    if rest < 0:
        raise ValueError(f"the kinds hold {population - rest} cards, more than the population of {population}")
    letters = "xyzuvw"
    if len(specs) > len(letters):
        raise ValueError(f"at most {len(letters)} kinds at once")
    terms = "".join(rf"\binom{{{count}}}{{{letters[i]}}}" for i, (_, count, _) in enumerate(specs))
    used = "-".join(letters[i] for i in range(len(specs)))
    limits = r",\ ".join(rf"{letters[i]} \ge {need}" for i, (_, _, need) in enumerate(specs))
    return rf"\frac{{\sum_{{{limits}}} {terms}\binom{{{rest}}}{{{draws}-{used}}}}}{{\binom{{{population}}}{{{draws}}}}}"


def all_of(kinds: dict, population: int, draws: int, question: str = "") -> "Odds":
    """:func:`p_all_of` with its formula, ready to display."""
    _check_question(question)
    _check_kinds(kinds)
    wanted = " and ".join(f"at least {need} {name}" for name, (_, need) in kinds.items()) if isinstance(kinds, dict) else ""
    return Odds(
        question or f"P({wanted} in {draws} cards from {population})",
        all_of_formula(kinds, population, draws),
        p_all_of(kinds, population, draws),
    )


def p_with_redraw(need: int, successes: int, population: int, hand: int, redraw: int) -> sp.Rational:
    """Exact chance of holding at least ``need`` wanted cards after one redraw step.

    Policy (stated, and the best one for this question): keep every wanted card; if the
    hand holds fewer than ``need``, discard ``min(redraw, unwanted cards in hand)``
    unwanted cards and draw as many from the cards not yet seen. With ``x`` wanted cards
    in the first hand and ``d`` cards redrawn, the redraw is hypergeometric from the
    ``population - hand`` unseen cards holding ``successes - x`` wanted ones.
    """
    need, successes, population, hand = _check_counts(need, successes, population, hand, "need", "hand")
    redraw = _whole("redraw", redraw)
    total = sp.Integer(0)
    unseen = population - hand
    for x in range(0, min(successes, hand) + 1):
        p_first = hypergeom_pmf(x, successes, population, hand)
        if p_first == 0:
            continue
        if x >= need:
            total += p_first
            continue
        d = min(redraw, hand - x, unseen)
        if d == 0:
            continue
        total += p_first * p_at_least(need - x, successes - x, unseen, d)
    return total


def with_redraw(need: int, successes: int, population: int, hand: int, redraw: int, question: str = "") -> "Odds":
    """:func:`p_with_redraw` with its formula, ready to display."""
    _check_question(question)
    value = p_with_redraw(need, successes, population, hand, redraw)
    formula = (
        rf"\sum_{{x \ge {need}}} P(X=x) + \sum_{{x < {need}}} P(X=x)\,"
        rf"P\big(Y \ge {need}-x \mid Y \sim \mathrm{{Hyp}}({population - hand},\ {successes}-x,\ \min({redraw}, {hand}-x))\big)"
    )
    return Odds(
        question or f"P(at least {need} of {successes} in {hand} cards with a redraw of up to {redraw})",
        formula,
        value,
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
    trials = _whole("trials", trials, 1)
    hits = _whole("hits", hits)
    if hits > trials:
        raise ValueError(f"hits ({hits}) cannot exceed trials ({trials})")
    if isinstance(z, bool) or not isinstance(z, numbers.Real) or not 0 < float(z) < math.inf:
        raise ValueError(f"z must be a positive number (1.96 for a 95% interval), not {z!r}")
    z = float(z)
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
    trials = _check_trials(trials)
    seed = _whole("seed", seed)
    if not callable(event):
        raise ValueError(f"event must be a function of a state that returns True or False, not {event!r}")
    if condition is not None and not callable(condition):
        raise ValueError(f"condition must be None or a function of a state, not {condition!r}")
    if not callable(getattr(game, "new_state", None)):
        raise ValueError(f"game must be a game from gamedesign.load(...), not {game!r}")
    hits = kept = 0
    for i in range(trials):
        state = game.new_state(seed=seed + i)
        if condition is not None and not condition(state):
            continue
        kept += 1
        hits += bool(event(state))
    if kept == 0:
        raise ValueError(f"the condition held in none of the {trials} deals: nothing to estimate")
    return estimate(hits, kept)


def sample_draws(
    successes: int, population: int, draws: int, need: int = 1, redraw: int = 0, trials: int = 10_000, seed: int = 0
) -> Estimate:
    """Shuffle a deck ``trials`` times (numpy, seeded) and count hands with at least ``need``
    wanted cards, after the redraw step of :func:`p_with_redraw` when ``redraw > 0``.

    A quick check for any deck counts; the notebooks check real games with the engine.
    ``trials`` is at most :data:`MAX_TRIALS`, and ``trials * population`` at most
    :data:`MAX_SHUFFLED_CARDS`.
    """
    import numpy as np

    need, successes, population, draws = _check_counts(need, successes, population, draws, "need")
    redraw = _whole("redraw", redraw)
    trials = _check_trials(trials)
    seed = _whole("seed", seed)
    if trials * population > MAX_SHUFFLED_CARDS:
        raise ValueError(
            f"trials x population must be at most {MAX_SHUFFLED_CARDS:,} cards to shuffle, "
            f"not {trials:,} x {population:,}: use fewer trials"
        )
    rng = np.random.default_rng(seed)
    deck = np.zeros(population, dtype=np.int8)
    deck[:successes] = 1
    # Only as many cards as the redraw can reach: after the hand, up to ``redraw`` more.
    spare = min(redraw, population - draws)
    hits = 0
    chunk = max(1, 2_000_000 // max(population, 1))  # rows shuffled at once, to bound memory
    for start in range(0, trials, chunk):
        rows = min(chunk, trials - start)
        orders = rng.permuted(np.tile(deck, (rows, 1)), axis=1)
        first = orders[:, :draws].sum(axis=1)
        got = first
        if spare:
            swap = np.minimum(np.minimum(redraw, draws - first), spare)
            extra = np.cumsum(orders[:, draws : draws + spare], axis=1)
            take = np.where(swap > 0, extra[np.arange(rows), np.maximum(swap - 1, 0)], 0)
            got = np.where(first < need, first + take, first)
        hits += int((got >= need).sum())
    return estimate(hits, trials)


def agrees(exact, simulated: Estimate) -> bool:
    """True when the exact value lies inside the simulation's 95% interval."""
    if not isinstance(simulated, Estimate):
        raise ValueError(f"simulated must be an Estimate (from estimate or sample_draws), not {simulated!r}")
    try:
        value = float(exact)
    except (TypeError, ValueError):
        raise ValueError(f"exact must be a probability between 0 and 1, not {exact!r}") from None
    if not 0 <= value <= 1:
        raise ValueError(f"exact must be a probability between 0 and 1, not {exact!r}")
    return simulated.low <= value <= simulated.high


__all__ = [
    "MAX_SHUFFLED_CARDS",
    "MAX_TRIALS",
    "all_of",
    "all_of_formula",
    "distribution",
    "p_all_of",
    "p_with_redraw",
    "with_redraw",
    "Estimate",
    "Odds",
    "agrees",
    "at_least",
    "at_least_formula",
    "estimate",
    "estimate_from_deals",
    "sample_draws",
    "expected_count",
    "hypergeom_pmf",
    "p_at_least",
]
