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

How big a question may be: the exact functions take a population of at most
:data:`MAX_POPULATION` cards (the largest deck a game may hold) and :func:`p_all_of` at
most :data:`MAX_KINDS` kinds; a bigger question raises :class:`TooLargeError` before any
work starts. Within those limits every answer is worked out with whole numbers (each term
of a sum from the one before, several kinds one at a time): the slowest question takes
about a second (``benchmarks/odds_worst.py`` times the worst ones).
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from fractions import Fraction

import sympy as sp

from .core import brief
from .decks import MAX_CARD_TYPES, MAX_DECK_CARDS

#: The most shuffles one simulation check may make.
MAX_TRIALS = 1_000_000
#: The most real games a check by dealing may deal (:func:`estimate_from_deals`, and the
#: games' own ``estimate_*`` and ``deal_*`` checks): a deal takes the engine 15-50 us, so
#: this keeps a check to about a second, and its 95% interval is then at most ±0.007 wide.
MAX_DEALS = 20_000
#: The most cards one :func:`sample_draws` call may shuffle in all (trials x population).
MAX_SHUFFLED_CARDS = 50_000_000
#: The most cards in the one deck :func:`sample_draws` shuffles: a longer deck shuffles
#: several times slower per card (it no longer fits the processor's caches), and a deal
#: from it is no faster to check than one from a smaller deck.
MAX_SHUFFLED_DECK = 2_000_000
#: The most cards in the population of an exact answer: the largest deck a game may hold.
#: The exact fractions grow with the population (C(2000, 1000) has 600 digits), and so
#: does the work; within this limit the slowest exact question takes about a second.
MAX_POPULATION = MAX_DECK_CARDS
#: The most kinds :func:`p_all_of` takes at once: the most different cards a deck may list.
MAX_KINDS = MAX_CARD_TYPES
#: The largest ``z`` of an :func:`estimate` interval (10 standard errors: 1 - 10**-23).
MAX_Z = 10


class TooLargeError(ValueError):
    """A question beyond the limits of the exact odds (:data:`MAX_POPULATION` cards,
    :data:`MAX_KINDS` kinds); the message names the limit and the value given."""


def _whole(name: str, value, low: int = 0) -> int:
    """``value`` as an int when it is a whole number >= ``low`` (Python, numpy or sympy)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
        raise ValueError(f"{name} must be a whole number {low} or more, not {brief(value)}")
    return int(value)


def _check_counts(
    k, successes, population, draws, k_name: str = "k", draws_name: str = "draws", exact: bool = True
) -> tuple:
    """The four counts as ints, or a ``ValueError`` naming the wrong one and what is allowed.

    ``exact`` questions keep the population within :data:`MAX_POPULATION`; a simulation
    keeps its own limits (:data:`MAX_SHUFFLED_DECK`, :data:`MAX_SHUFFLED_CARDS`)."""
    k = _whole(k_name, k)
    successes = _whole("successes", successes)
    population = _whole("population", population)
    draws = _whole(draws_name, draws)
    if exact and population > MAX_POPULATION:
        raise TooLargeError(
            f"population must be at most {MAX_POPULATION:,} cards for an exact answer (the largest deck a game "
            f"may hold), not {_number(population)}: estimate a bigger one with sample_draws"
        )
    if successes > population:
        raise ValueError(f"successes ({_number(successes)}) cannot exceed the population ({_number(population)})")
    if draws > population:
        raise ValueError(
            f"cannot draw {_number(draws)} cards from a population of {_number(population)}: "
            f"{draws_name} must be at most {_number(population)}"
        )
    return k, successes, population, draws


def _number(n: int) -> str:
    """A whole number for a message: in full up to 30 digits, else cut short."""
    return f"{n:,}" if abs(n) < 10**30 else brief(n, 30)


def _check_trials(trials, low: int = 1, most: int = MAX_TRIALS, name: str = "trials") -> int:
    """``trials`` as an int from ``low`` to ``most``, or an error naming the limit."""
    trials = _whole(name, trials, low)
    if trials > most:
        raise TooLargeError(f"{name} must be at most {most:,}, not {_number(trials)}")
    return trials


def _check_question(question) -> str:
    if not isinstance(question, str):
        raise ValueError(f"question must be a text, not {brief(question)}")
    return question


def hypergeom_pmf(i: int, successes: int, population: int, draws: int) -> sp.Rational:
    """Exact chance of exactly ``i`` wanted cards among ``draws`` (no replacement)."""
    i, successes, population, draws = _check_counts(i, successes, population, draws, k_name="i")
    if i > min(successes, draws) or draws - i > population - successes:
        return sp.Integer(0)  # a count the hand cannot hold
    return sp.Rational(
        math.comb(successes, i) * math.comb(population - successes, draws - i), math.comb(population, draws)
    )


def _possible_counts(successes: int, population: int, draws: int) -> range:
    """The numbers of wanted cards a hand of ``draws`` can hold."""
    return range(max(0, draws - (population - successes)), min(successes, draws) + 1)


def _hands_with(counts: range, successes: int, population: int, draws: int) -> list[int]:
    """``C(K, i) C(N-K, n-i)`` (the hands holding exactly ``i`` wanted cards) for each ``i``
    of ``counts``, a run of possible counts.

    Each from the one before: ``C(K, i+1) C(N-K, n-i-1)`` is the last one times
    ``(K-i)(n-i) / ((i+1)(N-K-n+i+1))``, and that division always comes out whole, so a
    long sum costs one multiplication and one division per term, not two binomials."""
    if not counts:
        return []
    i = counts.start
    others = population - successes
    ways = math.comb(successes, i) * math.comb(others, draws - i)
    out = [ways]
    for i in range(counts.start, counts.stop - 1):
        ways = ways * (successes - i) * (draws - i) // ((i + 1) * (others - draws + i + 1))
        out.append(ways)
    return out


def _hands_with_at_least(k: int, successes: int, population: int, draws: int) -> int:
    """How many of the ``C(N, n)`` hands hold at least ``k`` wanted cards (checked counts).

    Adds up whichever side has fewer terms: the counts from ``k`` up, or all hands less
    the counts below ``k``."""
    possible = _possible_counts(successes, population, draws)
    k = max(k, possible.start)
    if k >= possible.stop:
        return 0
    if k - possible.start < possible.stop - k:
        below = _hands_with(range(possible.start, k), successes, population, draws)
        return math.comb(population, draws) - sum(below)
    return sum(_hands_with(range(k, possible.stop), successes, population, draws))


def p_at_least(k: int, successes: int, population: int, draws: int) -> sp.Rational:
    """Exact chance of at least ``k`` wanted cards among ``draws``, as a sympy ``Rational``.

    ``population`` is at most :data:`MAX_POPULATION`.

    >>> p_at_least(1, 30, 108, 9)   # at least one Leg Day in an opening hand of 9
    """
    k, successes, population, draws = _check_counts(k, successes, population, draws)
    return sp.Rational(_hands_with_at_least(k, successes, population, draws), math.comb(population, draws))


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
    counts = _possible_counts(successes, population, draws)
    hands = math.comb(population, draws)
    rows, below = [], 0
    for i, ways in zip(counts, _hands_with(counts, successes, population, draws)):
        p = sp.Rational(ways, hands)
        rows.append(
            {
                "count": i,
                "P(X = i)": p,
                "P(X <= i)": sp.Rational(below + ways, hands),
                "P(X >= i)": sp.Rational(hands - below, hands),
                "probability": float(p),
            }
        )
        below += ways
    return pd.DataFrame(rows)


def _check_kinds(kinds) -> list[tuple[str, int, int]]:
    if not isinstance(kinds, dict) or not kinds:
        raise ValueError("kinds must be a dict like {'Bench Press': (10, 2)}: name -> (cards in the population, at least)")
    if len(kinds) > MAX_KINDS:
        raise TooLargeError(
            f"kinds must hold at most {MAX_KINDS} kinds (the most different cards a deck may list), not {len(kinds):,}"
        )
    out = []
    for name, spec in kinds.items():
        try:
            count, need = spec
        except (TypeError, ValueError):
            raise ValueError(f"kind {brief(name)}: give (cards in the population, at least), not {brief(spec)}") from None
        for label, value in (("cards in the population", count), ("at least", need)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
                raise ValueError(f"kind {brief(name)}: {label} must be a whole number 0 or more, not {brief(value)}")
        out.append((str(name), int(count), int(need)))
    return out


def _check_kinds_fit(specs: list, population: int) -> int:
    """The cards of no kind in a (checked) population; the kinds must fit in it."""
    total = sum(count for _, count, _ in specs)
    if total > population:
        raise ValueError(f"the kinds hold {_number(total)} cards, more than the population of {population:,}")
    return population - total


def _hands_within(ranges: list[tuple[int, int, int]], rest: int, draws: int) -> int:
    """How many hands of ``draws`` cards hold between ``low`` and ``high`` cards of each
    kind ``(count, low, high)``, from the kinds and ``rest`` cards of no kind.

    Counted one kind at a time (a product of generating polynomials): ``ways[d]`` is the
    number of ways to draw ``d`` cards from the kinds so far, each within its range; the
    cards of no kind fill the rest of the hand. About draws x cards-of-the-kinds steps."""
    ways = [1] + [0] * draws
    low = high = 0  # the d with ways[d] > 0 lie in low..high
    for count, least, most in ranges:
        binomials = [math.comb(count, x) for x in range(min(most, draws) + 1)]
        following = [0] * (draws + 1)
        for d in range(low, high + 1):
            here = ways[d]
            for x in range(least, min(most, draws - d) + 1):
                following[d + x] += here * binomials[x]
        ways = following
        low, high = low + least, min(draws, high + most)
    return sum(ways[d] * math.comb(rest, draws - d) for d in range(max(low, draws - rest), high + 1))


def p_all_of(kinds: dict, population: int, draws: int) -> sp.Rational:
    """Exact chance of at least ``a`` of one kind AND ``b`` of another ... in ``draws`` cards.

    ``kinds`` maps a name to ``(cards of that kind in the population, at least)``; the
    kinds must not overlap. The multivariate hypergeometric, summed exactly:
    at most :data:`MAX_KINDS` kinds, in a population of at most :data:`MAX_POPULATION`.

    The hands are counted one kind at a time, not one combination of counts at a time
    (that many combinations can run to billions). When more than half the population is
    drawn, the cards left behind are counted instead: at least ``a`` of a kind in the hand
    is at most ``count - a`` of it left behind.
    """
    specs = _check_kinds(kinds)
    _, _, population, draws = _check_counts(0, 0, population, draws)
    rest = _check_kinds_fit(specs, population)
    # A kind with no minimum limits nothing: its cards count as cards of no kind.
    rest += sum(count for _, count, need in specs if need == 0)
    wanted = [(count, need) for _, count, need in specs if need > 0]
    if sum(need for _, need in wanted) > draws or any(need > count for count, need in wanted):
        return sp.Integer(0)
    if 2 * draws <= population:
        hands = _hands_within([(count, need, count) for count, need in wanted], rest, draws)
    else:
        hands = _hands_within([(count, 0, count - need) for count, need in wanted], rest, population - draws)
    return sp.Rational(hands, math.comb(population, draws))


def all_of_formula(kinds: dict, population: int, draws: int) -> str:
    """LaTeX of :func:`p_all_of`: a sum over every way to meet each minimum."""
    specs = _check_kinds(kinds)
    _, _, population, draws = _check_counts(0, 0, population, draws)
    rest = _check_kinds_fit(specs, population)
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
    ``population`` is at most :data:`MAX_POPULATION`.
    """
    need, successes, population, hand = _check_counts(need, successes, population, hand, "need", "hand")
    redraw = _whole("redraw", redraw)
    unseen = population - hand
    first_hands = math.comb(population, hand)
    # Hands that hold enough at once, then for each short hand x the redraws that make up
    # the difference. The redraws of the same size d share a denominator C(unseen, d).
    enough = _hands_with_at_least(need, successes, population, hand)
    redrawn: dict[int, int] = {}
    possible = _possible_counts(successes, population, hand)
    short = range(possible.start, min(need, possible.stop))
    for x, ways in zip(short, _hands_with(short, successes, population, hand)):
        d = min(redraw, hand - x, unseen)
        if d:
            redrawn[d] = redrawn.get(d, 0) + ways * _hands_with_at_least(need - x, successes - x, unseen, d)
    total = Fraction(enough) + sum((Fraction(w, math.comb(unseen, d)) for d, w in redrawn.items()), Fraction(0))
    total /= first_hands
    return sp.Rational(total.numerator, total.denominator)


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

    def __post_init__(self):
        # An interval that is not one (NaN, infinite, or the wrong way round) would print as
        # "nan to nan" wherever it is shown or compared: refuse it where it is made.
        trials = _whole("trials", self.trials, 1)
        hits = _whole("hits", self.hits)
        if hits > trials:
            raise ValueError(f"hits ({_number(hits)}) cannot exceed trials ({_number(trials)})")
        for name in ("low", "high"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= value <= 1:
                raise ValueError(f"{name} must be a number from 0 to 1 (an end of the interval), not {brief(value)}")
        if self.low > self.high:
            raise ValueError(f"low ({self.low}) cannot exceed high ({self.high})")

    @property
    def proportion(self) -> float:
        """hits / trials."""
        return self.hits / self.trials

    def __str__(self) -> str:
        return f"{self.proportion:.4f} (95% interval {self.low:.4f} to {self.high:.4f}, {self.trials} trials)"

    __repr__ = __str__


def _check_z(z) -> float:
    """``z`` of an interval as a float, above 0 and at most :data:`MAX_Z` (not NaN or infinite)."""
    if isinstance(z, bool) or not isinstance(z, numbers.Real) or not 0 < z <= MAX_Z:
        raise ValueError(f"z must be a positive number, at most {MAX_Z} (1.96 for a 95% interval), not {brief(z)}")
    return float(z)


def estimate(hits: int, trials: int, z: float = 1.959964) -> Estimate:
    """A proportion and its Wilson score interval (95% by default)."""
    trials = _whole("trials", trials, 1)
    hits = _whole("hits", hits)
    if hits > trials:
        raise ValueError(f"hits ({_number(hits)}) cannot exceed trials ({_number(trials)})")
    z = _check_z(z)
    p = hits / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return Estimate(hits, trials, max(0.0, centre - half), min(1.0, centre + half))


def estimate_from_deals(game, event, trials: int = 10_000, seed: int = 0, condition=None) -> Estimate:
    """Check an exact answer with the engine's own shuffles.

    Deals ``trials`` fresh states of ``game`` (seeds ``seed``, ``seed + 1``, ...) and counts
    those where ``event(state)`` is true. With ``condition``, only states where
    ``condition(state)`` is true are counted (a conditional probability). At most
    :data:`MAX_DEALS` trials.
    """
    trials = _check_trials(trials, most=MAX_DEALS)
    seed = _whole("seed", seed)
    if not callable(event):
        raise ValueError(f"event must be a function of a state that returns True or False, not {brief(event)}")
    if condition is not None and not callable(condition):
        raise ValueError(f"condition must be None or a function of a state, not {brief(condition)}")
    if not callable(getattr(game, "new_state", None)):
        raise ValueError(f"game must be a game from gamedesign.load(...), not {brief(game)}")
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
    ``trials`` is at most :data:`MAX_TRIALS`, ``population`` at most
    :data:`MAX_SHUFFLED_DECK`, and ``trials * population`` at most :data:`MAX_SHUFFLED_CARDS`.
    """
    import numpy as np

    need, successes, population, draws = _check_counts(need, successes, population, draws, "need", exact=False)
    redraw = _whole("redraw", redraw)
    trials = _check_trials(trials)
    seed = _whole("seed", seed)
    if population > MAX_SHUFFLED_DECK:
        raise TooLargeError(
            f"population must be at most {MAX_SHUFFLED_DECK:,} cards to shuffle, not {_number(population)}"
        )
    if trials * population > MAX_SHUFFLED_CARDS:
        raise TooLargeError(
            f"trials x population must be at most {MAX_SHUFFLED_CARDS:,} cards to shuffle, "
            f"not {trials:,} x {_number(population)}: use fewer trials"
        )
    rng = np.random.default_rng(seed)
    deck = np.zeros(population, dtype=np.int8)
    deck[:successes] = 1
    # Only as many cards as the redraw can reach: after the hand, up to ``redraw`` more.
    spare = min(redraw, population - draws)
    hits = 0
    chunk = max(1, MAX_SHUFFLED_DECK // max(population, 1))  # rows shuffled at once, to bound memory
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
        raise ValueError(f"simulated must be an Estimate (from estimate or sample_draws), not {brief(simulated)}")
    try:
        value = float(exact)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"exact must be a probability between 0 and 1, not {brief(exact)}") from None
    if not 0 <= value <= 1:
        raise ValueError(f"exact must be a probability between 0 and 1, not {brief(exact)}")
    return simulated.low <= value <= simulated.high


__all__ = [
    "MAX_DEALS",
    "MAX_KINDS",
    "MAX_POPULATION",
    "MAX_SHUFFLED_CARDS",
    "MAX_SHUFFLED_DECK",
    "MAX_TRIALS",
    "MAX_Z",
    "TooLargeError",
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
