"""Don't Skip Leg Day saves: what a saved state must satisfy to load.

:func:`load_state` reads the text of ``LegDayState.to_json()``; :func:`check_state`
checks any state against the rules. With ``n`` players and, from the deck, ``H`` cards a
hand, ``D`` days a week and ``W`` weeks, a save loads when:

* ``seed`` is a whole number 0 or more and ``rng`` a state of Python's generator;
* while the game runs ``week`` is 1 to ``W`` and ``day`` 1 to ``D``; once it is over
  ``week`` is ``W + 1`` and ``day`` is ``D``;
* each tableau holds one card for every day played, face up exactly on the Gym Days
  (odd days of odd weeks, even days of even weeks);
* each hand holds ``H - (day - 1)`` cards (none once the game is over); ``pending`` has
  one entry a seat, null or a card in that seat's hand, and someone has not picked yet
  (the day ends with the last pick);
* ``leftovers`` holds ``n`` hands of ``H - D`` cards for every week gone by, and the pile
  the cards not dealt yet (the deck less ``n x H`` a week dealt);
* every card of the deck is in exactly one place: pile, hands, tableaus or leftovers;
* ``seen`` (each player's memory) is exactly the hands that passed through that
  player's hands, day by day, as the tableaus, hands and leftovers show them;
* ``squats`` is null until the game is over; then one entry a seat, null for the winners
  and for every other seat the card drawn (a card of the deck) and its number of squats
  (0 to the deck's size).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...saves import check_conserved, flag, generator, items, name, name_lists, names, read_save, same, table, whole
from .scoring import squat_count

if TYPE_CHECKING:  # for the annotations only: the rules import this module
    from .rules import LegDayState

#: The fields of a save, beside the game's name, players and options.
FIELDS = ("seed", "rng", "pile", "hands", "tableaus", "week", "day", "pending", "seen", "leftovers", "squats")


def load_state(game, text) -> LegDayState:
    """The state saved in ``text``; ``ValueError`` naming what is wrong if it is not a
    state the rules can reach (see the module docstring)."""
    try:
        data = read_save(game, text, FIELDS)
        state = _build(game, data)
        check_state(state)
        state.seen = expected_seen(state)  # the same data, with plain types
    except ValueError as err:
        raise ValueError(f"cannot load this save of {game.title}: {err}") from None
    return state


def _build(game, data: dict) -> LegDayState:
    """A state from the saved fields, each checked for its type and size."""
    deck, n = game.deck, game.num_players
    known = deck.by_name
    state = game._blank_state()
    state.game = game
    state.seed = whole(data["seed"], "seed", 0)
    state.rng = generator(data["rng"])
    state.pile = names(data["pile"], "pile", known, most=deck.size)
    state.hands = name_lists(data["hands"], "hands", n, known, most=deck.hand_size)
    state.tableaus = []
    for s, row in enumerate(items(data["tableaus"], "tableaus", n)):
        items(row, f"tableaus[{s}]", most=game.total_days)
        cards = []
        for i, entry in enumerate(row):
            items(entry, f"tableaus[{s}][{i}]", 2)
            card = name(entry[0], f"tableaus[{s}][{i}] card", known)
            cards.append((card, flag(entry[1], f"tableaus[{s}][{i}] face up")))
        state.tableaus.append(cards)
    state.week = whole(data["week"], "week", 1, deck.weeks + 1)
    state.day = whole(data["day"], "day", 1, deck.days_per_week)
    state.pending = [
        name(p, f"pending[{s}]", known, none=True) for s, p in enumerate(items(data["pending"], "pending", n))
    ]
    state.leftovers = [
        names(h, f"leftovers[{i}]", known, most=deck.hand_size)
        for i, h in enumerate(items(data["leftovers"], "leftovers", most=n * deck.weeks))
    ]
    state.seen = items(data["seen"], "seen", n)  # compared as a whole with what the tableaus show
    state.squats = None
    if data["squats"] is not None:
        state.squats = []
        for s, entry in enumerate(items(data["squats"], "squats", n)):
            if entry is not None:
                table(entry, f"squats[{s}]", ("card", "squats"))
                entry = {
                    "card": name(entry["card"], f"squats[{s}] card", known),
                    "squats": whole(entry["squats"], f"squats[{s}] squats", 0, deck.size),
                }
            state.squats.append(entry)
    state._report = None
    return state


def check_state(state: LegDayState) -> None:
    """``ValueError`` naming the first rule ``state`` breaks (see the module docstring)."""
    game, deck, n = state.game, state.game.deck, state.game.num_players
    hand, days, weeks = deck.hand_size, deck.days_per_week, deck.weeks
    over = state.week > weeks
    if over and state.day != days:
        raise ValueError(f"day is {state.day} but the game is over; allowed: {days}, the last day of the week")
    played = weeks * days if over else (state.week - 1) * days + state.day - 1
    for s, row in enumerate(state.tableaus):
        if len(row) != played:
            raise ValueError(f"tableaus[{s}] holds {len(row)} cards; allowed: {played}, one for each day played")
        for k, (_card, up) in enumerate(row):
            gym = state.is_gym_day(k // days + 1, k % days + 1)
            if up != gym:
                raise ValueError(
                    f"tableaus[{s}][{k}] is face {'up' if up else 'down'}; allowed: face {'up' if gym else 'down'} "
                    f"(week {k // days + 1} day {k % days + 1} is a {'Gym' if gym else 'Home'} Day)"
                )
    held = 0 if over else hand - (state.day - 1)
    for s, cards in enumerate(state.hands):
        if len(cards) != held:
            raise ValueError(f"hands[{s}] holds {len(cards)} cards; allowed: {held} on this day")
    for s, pick in enumerate(state.pending):
        if pick is not None and (over or pick not in state.hands[s]):
            raise ValueError(f"pending[{s}] is {pick!r}; allowed: null or a card in hands[{s}]" + (
                " (null once the game is over)" if over else ""))
    if not over and None not in state.pending:
        raise ValueError("every seat has a pending pick; allowed: someone still to pick (the last pick ends the day)")
    gone = weeks if over else state.week - 1
    if len(state.leftovers) != n * gone:
        raise ValueError(f"leftovers holds {len(state.leftovers)} hands; allowed: {n * gone}, {n} a week gone by")
    for i, cards in enumerate(state.leftovers):
        if len(cards) != hand - days:
            raise ValueError(f"leftovers[{i}] holds {len(cards)} cards; allowed: {hand - days}")
    pile = deck.size - n * hand * min(state.week, weeks)
    if len(state.pile) != pile:
        raise ValueError(f"the pile holds {len(state.pile)} cards; allowed: {pile}, the cards not dealt yet")
    check_conserved(
        {
            "pile": state.pile,
            "hands": [c for cards in state.hands for c in cards],
            "tableaus": [c for row in state.tableaus for c, _ in row],
            "leftovers": [c for cards in state.leftovers for c in cards],
        },
        Counter(deck.full_deck()),
    )
    expected = expected_seen(state)
    if not same(state.seen, expected):
        for s, (got, want) in enumerate(zip(state.seen, expected)):
            if not same(got, want):
                raise ValueError(
                    f"seen[{s}] is not what player {s} saw; allowed: exactly the hands that passed through their "
                    f"hands, {len(want)} of them, starting {want[:1]}"
                )
        raise ValueError(f"seen has {len(state.seen)} entries; allowed: {n}, one a seat")
    if not over:
        if state.squats is not None:
            raise ValueError("squats are drawn at the end; allowed while the game runs: null")
        return
    winners = state.report().winners
    if state.squats is None or len(state.squats) != n:
        raise ValueError(f"squats is {state.squats!r}; allowed once the game is over: one entry a seat")
    for s, entry in enumerate(state.squats):
        if (entry is None) != (s in winners):
            raise ValueError(
                f"squats[{s}] is {entry!r}; allowed: " + ("null (a winner does no squats)" if s in winners else
                                                           f"the card drawn and its squats (seat {s} lost)")
            )
        if entry is not None and entry["squats"] != squat_count(entry["card"], state.game.deck):
            raise ValueError(
                f"squats[{s}] gives {entry['squats']} squats for {entry['card']!r}; allowed: "
                f"{squat_count(entry['card'], state.game.deck)}, the deck's cards of that type"
            )


def expected_seen(state: LegDayState) -> list:
    """What each player remembers: for every day so far, the hand they held, sorted
    (rebuilt from the tableaus, the hands and the leftovers)."""
    deck, n = state.game.deck, state.game.num_players
    days, weeks = deck.days_per_week, deck.weeks
    over = state.week > weeks
    seen: list[list] = [[] for _ in range(n)]
    for week in range(1, (weeks if over else state.week) + 1):
        step = 1 if week % 2 == 1 else -1
        current = not over and week == state.week
        last = state.day if current else days
        chains = []  # each hand of the week: who held it each day, the cards picked from it, what is left
        for chain in range(n):
            holders = [(chain + step * (d - 1)) % n for d in range(1, last + 1)]
            picked = last - 1 if current else days
            picks = [state.tableaus[holders[d - 1]][(week - 1) * days + d - 1][0] for d in range(1, picked + 1)]
            rest = state.hands[holders[-1]] if current else state.leftovers[(week - 1) * n + holders[-1]]
            chains.append((holders, picks, list(rest)))
        for day in range(1, last + 1):
            for holders, picks, rest in chains:
                seen[holders[day - 1]].append({"week": week, "day": day, "cards": sorted(picks[day - 1:] + rest)})
    return seen


__all__ = ["FIELDS", "check_state", "expected_seen", "load_state"]
