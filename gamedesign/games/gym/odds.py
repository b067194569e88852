"""Exact odds of the GYM deal, and their checks by dealing real games.

Each exact value is a :class:`gamedesign.odds.Odds` (formula, fraction, decimal). Each
check deals many games with the engine itself (``game.new_state(seed)``), counts how often
the event happens, and returns a :class:`gamedesign.odds.Estimate` with its 95% interval.

* the first reveal shows 12 of the 24 Kids: how many Brats does it hold?
* with no Brat moving the schedule, the 4 events in play are the top 4 of a random column:
  any 4 of the 6 colours, all equally likely. How likely is a Friendly's skill among them?
* when every Brat picker advances the schedule at random (each legal choice, skipping
  included, equally likely), how likely is the event in each column position to make the
  top 4? Exact by counting the sequences of advances that lead to each schedule: at most
  :data:`MAX_ADVANCES` advances (the printed deck has 6 Brats).
"""

from __future__ import annotations

import random

from ...core import brief
from ...odds import MAX_DEALS, Estimate, Odds, TooLargeError, _check_trials, _check_z, at_least, estimate
from .cards import DEFAULT_DECK, Deck
from .rules import EVENTS_IN_PLAY, REVEAL

#: The most Brat advances the exact schedule odds follow. The schedules they can reach
#: grow with about the fifth power of the advances (11,088 after 6, 129,844 after 10), and
#: each is counted; the printed deck has 6 Brats.
MAX_ADVANCES = 10
#: The most games :func:`deal_top_four_by_position` plays (each a whole pick phase with
#: random bots, about half a millisecond): about a second.
MAX_PLAYED_GAMES = 2_000


def brats_in_first_reveal(k: int = 1, deck: Deck = DEFAULT_DECK) -> Odds:
    """Exact chance that the first face-up row holds at least ``k`` Brats."""
    brats = len(deck.brats)
    return at_least(k, brats, len(deck.kids), REVEAL, f"P(at least {k} of {brats} Brats among the first {REVEAL} Kids)")


def friendly_skills_in_play(k: int = 1, deck: Deck = DEFAULT_DECK) -> Odds:
    """Exact chance that at least ``k`` of a Friendly's 2 skill colours are among the 4 events in
    play, when no Brat has moved the schedule (the events in play are then 4 of the 6 at random)."""
    events = len(deck.events)
    return at_least(k, 2, events, EVENTS_IN_PLAY, f"P(at least {k} of a Friendly's 2 colours among {EVENTS_IN_PLAY} of {events} events)")


def deal_brats_in_first_reveal(game, k: int = 1, trials: int = 2000, seed: int = 0) -> Estimate:
    """Deal ``trials`` games (at most :data:`gamedesign.odds.MAX_DEALS`) and count those whose
    first row holds at least ``k`` Brats."""
    trials = _check_trials(trials, most=MAX_DEALS)
    brats = set(game.deck.brats)
    hits = sum(
        len(brats.intersection(game.new_state(seed=seed + i).row)) >= k for i in range(trials)
    )
    return estimate(hits, trials)


def deal_friendly_skills_in_play(game, k: int = 1, trials: int = 2000, seed: int = 0) -> Estimate:
    """Deal ``trials`` games; in each, draw a random Friendly and count the games where at least
    ``k`` of its skill colours are among the events that would be in play (no Brat moves).
    At most :data:`gamedesign.odds.MAX_DEALS` trials."""
    trials = _check_trials(trials, most=MAX_DEALS)
    rng = random.Random(seed)
    deck = game.deck
    friendlies = deck.friendlies
    hits = 0
    for i in range(trials):
        state = game.new_state(seed=seed + i)
        colours = {deck.event(e).colour for e in state.schedule_in_play()}
        kid = deck.kid(rng.choice(friendlies))
        hits += sum(c in colours for c, _ in kid.skills) >= k
    return estimate(hits, trials)


def _advance_choices(events: int, rule: str) -> list[tuple[int, ...]]:
    """Every legal Brat advance as a vector of steps per column position (skip included)."""
    choices = [(0,) * events]
    if rule in ("either", "two_to_one"):
        choices += [tuple(2 if i == a else 0 for i in range(events)) for a in range(events)]
    if rule in ("either", "one_to_two"):
        choices += [
            tuple(1 if i in (a, b) else 0 for i in range(events)) for a in range(events) for b in range(a + 1, events)
        ]
    return choices


def _level_counts(start: tuple, advances: int, choices: list) -> dict:
    """For each schedule (levels by column position) reachable after ``advances`` Brat
    advances, how many of the ``len(choices) ** advances`` equally likely sequences of
    choices lead to it. At most :data:`MAX_ADVANCES` advances."""
    if advances > MAX_ADVANCES:
        raise TooLargeError(
            f"the exact schedule odds follow at most {MAX_ADVANCES} Brat advances (one for each Brat still to be "
            f"taken), not {advances}: estimate the chances by playing games (deal_top_four_by_position)"
        )
    if any(isinstance(level, bool) or not isinstance(level, int) or level < 0 for level in start):
        raise ValueError(f"the schedule's levels must be whole numbers 0 or more, not {brief(list(start))}")
    # A schedule is kept as one whole number, its levels as digits in a base no level
    # reaches, so that a step is one addition (counting in tuples is several times slower).
    base = max(start, default=0) + 2 * advances + 1
    steps = [sum(level * base**i for i, level in enumerate(step)) for step in choices]
    counts = {sum(level * base**i for i, level in enumerate(start)): 1}
    for _ in range(advances):
        following: dict = {}
        get = following.get
        for schedule, ways in counts.items():
            for step in steps:
                following[schedule + step] = get(schedule + step, 0) + ways
        counts = following
    return {tuple(key // base**i % base for i in range(len(start))): ways for key, ways in counts.items()}


def kid_scores_chance(observation: dict, kid: str, deck: Deck = DEFAULT_DECK, brat_advance: str = "either") -> Odds:
    """From one player's view in the pick phase: the exact chance that at least one of
    ``kid``'s skill colours ends up among the 4 events in play, so that the Kid can score
    where it is placed. Every Brat advance still to come (Brats not yet taken, and a
    pending advance) is taken to be uniform among the legal choices, skipping included.
    In the play phase the events are known and the answer is 0 or 1.
    """
    import sympy as sp

    from .rules import select_events

    card = deck.kid(kid)
    colours = {c for c, _ in card.skills}
    schedule = observation["schedule"]
    column = [row["event"] for row in schedule]
    wanted = {row["event"] for row in schedule if row["colour"] in colours}
    question = f"a skill of {kid} ({', '.join(sorted(colours))}) among the events in play"
    if observation["phase"] != "pick":
        in_play = set(observation["in_play"])
        return Odds(question, r"\text{known}", sp.Integer(1 if wanted & in_play else 0))
    seen = list(observation["hand"]) + [k for hand in observation["known_hands"] for k in hand]
    taken_brats = sum(1 for k in seen if deck.kid(k).type == "brat")
    remaining = len(deck.brats) - taken_brats + (1 if observation["step"] == "advance" else 0)
    choices = _advance_choices(len(column), brat_advance)
    start = tuple(row["level"] for row in schedule)
    ways = sum(
        count
        for vector, count in _level_counts(start, remaining, choices).items()
        if wanted & set(select_events(column, dict(zip(column, vector))))
    )
    chance = sp.Rational(ways, len(choices) ** remaining)
    formula = rf"\sum_{{\text{{schedules after {remaining} random advances}}}} P(\text{{schedule}})\,[\text{{a colour in the top 4}}]"
    return Odds(question, formula, chance)


def top_four_by_position(brat_advance: str = "either", deck: Deck = DEFAULT_DECK):
    """Exact chance that the event in each column position (0 = top) is in play, when each of
    the deck's Brats is taken once and its picker chooses uniformly among the legal advances
    (skipping included). Returns a table with one row per position.

    Enumerated exactly: the distribution of the schedule's levels is built one Brat at a
    time, then each final schedule picks its top 4 with the higher-in-column tie-break.
    A deck of more than :data:`MAX_ADVANCES` Brats is refused with a ``TooLargeError``.
    """
    import pandas as pd
    import sympy as sp

    from .rules import select_events

    events = len(deck.events)
    choices = _advance_choices(events, brat_advance)
    advances = len(deck.brats)
    column = list(range(events))
    ways = [0] * events
    for vector, count in _level_counts((0,) * events, advances, choices).items():
        for position in select_events(column, dict(enumerate(vector))):
            ways[position] += count
    in_play = [sp.Rational(w, len(choices) ** advances) for w in ways]
    return pd.DataFrame(
        {"position": column, "P(in play)": in_play, "≈": [round(float(v), 4) for v in in_play]}
    ).set_index("position")


def deal_top_four_by_position(game, games: int = 1000, seed: int = 0, z: float = 1.959964) -> list:
    """Play the pick phase of ``games`` games with random bots; for each column position, an
    :class:`Estimate` of how often its event ended up in play (``z`` sets the interval:
    the default is 95% for each position on its own). At most :data:`MAX_PLAYED_GAMES` games."""
    from ...bots import RandomBot

    games = _check_trials(games, most=MAX_PLAYED_GAMES, name="games")
    _check_z(z)  # before the games are played, not after

    hits = [0] * len(game.deck.events)
    bots = [RandomBot() for _ in range(game.num_players)]
    for i in range(games):
        state = game.new_state(seed=seed + i)
        for b, bot in enumerate(bots):
            bot.reset(game, b, seed + i * 7 + b)
        column = list(state.column)
        while state.phase == "pick":
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].act(state.observe(seat), state.legal_actions(seat)))
        for event in state.in_play:
            hits[column.index(event)] += 1
    return [estimate(h, games, z) for h in hits]


__all__ = [
    "MAX_ADVANCES",
    "MAX_PLAYED_GAMES",
    "kid_scores_chance",
    "deal_top_four_by_position",
    "top_four_by_position","brats_in_first_reveal", "deal_brats_in_first_reveal", "deal_friendly_skills_in_play", "friendly_skills_in_play"]
