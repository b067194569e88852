"""Leg Day determinization: a full state that agrees with everything one player has seen.

The search bot (``gamedesign.search``) never reads the real state. Before each search
iteration it asks ``game.sample_state(observation, rng)`` for a complete game that the
observing player cannot tell apart from the real one, and searches in that.

How the sample is built. Every week has one *hand* per seat; it is dealt to seat ``s``
and travels round the table (left in odd weeks, right in even ones), losing one card a
day. For each hand we know:

* the cards picked from it face up (Gym Day cards on the table), and the observer's own
  picks, face up or down;
* its exact contents on every day the observer held it (``seen_hands``; perfect recall).

From this, each hand's history is rebuilt:

* between two days the observer held it, the face-down picks by others are exactly the
  cards that went missing, in a random order among those days;
* after the last time the observer held it, face-down picks by others are drawn at random
  from what it still held (keeping back the cards later picked face up);
* before the observer first held it (or if they never did), face-down picks and the cards
  still in it are *unknown*.

All unknown places (the pile, unknown cards in hands, unknown face-down picks, unknown
leftovers of earlier weeks) are filled with a uniform shuffle of the cards whose place the
observer does not know. The result keeps: every card the observer can see where it is,
hand sizes, the pile size, who has picked today, and what every hand held whenever the
observer held it; ``sample_state(obs, rng).observe(player) == obs``. Other players'
hidden picks today are a random card of their sampled hand. What it does not keep: any
inference about how the others choose (a uniform sample treats every consistent deal as
equally likely), and the state's own random generator, which is fresh (the squat draw at
the very end is not predicted).
"""

from __future__ import annotations

import random
from collections import Counter

from ...core import shuffle


def _take(counter: Counter, cards, what: str) -> None:
    """Remove ``cards`` from ``counter``; an observation that does not add up is an error."""
    for card in cards:
        if counter[card] <= 0:
            raise ValueError(f"this observation does not add up: {card!r} cannot be {what}")
        counter[card] -= 1


def sample_state(game, observation: dict, rng: random.Random):
    """A full Leg Day state consistent with ``observation`` (see the module docstring)."""
    from .rules import LegDayState

    if observation.get("game") != game.name:
        raise ValueError(f"this is an observation of {observation.get('game')!r}, not {game.name!r}")
    if observation["over"]:
        raise ValueError("the game is over: nothing is hidden any more")
    deck = game.deck
    n, me = game.num_players, observation["player"]
    days, size = deck.days_per_week, deck.hand_size
    week_now, day_now = observation["week"], observation["day"]
    tableaus = observation["tableaus"]
    seen = {(h["week"], h["day"]): h["cards"] for h in observation["seen_hands"]}

    holes = 0  # unknown places get ints 0, 1, 2, ... filled from the shuffled unknown cards

    def hole():
        nonlocal holes
        holes += 1
        return holes - 1

    # history[w][s] = (picks by day, contents at the end) of the hand dealt to seat s in week w
    history = {}
    for week in range(1, week_now + 1):
        step = 1 if week % 2 == 1 else -1
        done = days if week < week_now else day_now - 1
        history[week] = []
        for s in range(n):
            holders = [(s + step * (d - 1)) % n for d in range(1, done + 2)]
            picks = []
            for d in range(1, done + 1):
                card, _up = tableaus[holders[d - 1]][(week - 1) * days + d - 1]
                picks.append(card)  # None: face down by another player
            snaps = {}
            for d in range(1, min(done + 1, days) + 1):
                if holders[d - 1] == me and (week, d) in seen:
                    snaps[d] = seen[(week, d)]
            if week == week_now and holders[day_now - 1] == me:
                snaps[day_now] = list(observation["hand"])
            history[week].append(_rebuild(picks, snaps, size - done, done, rng, hole))

    # The unknown cards: the whole deck less every card placed by what the observer saw.
    unknown = Counter(deck.full_deck())
    for week in history.values():
        for picks, end in week:
            _take(unknown, [c for c in picks + end if isinstance(c, str)], "where this player saw it")
    cards = list(unknown.elements())
    shuffle(rng, cards)
    if len(cards) != holes + observation["pile_size"]:
        raise ValueError("this observation does not add up: hand, pile and table sizes disagree with the deck")

    def fill(card):
        return cards[card] if isinstance(card, int) else card

    state = LegDayState.__new__(LegDayState)
    state.game = game
    state.seed = rng.getrandbits(32)
    state.rng = random.Random(state.seed)
    state.pile = cards[holes:]
    state.week, state.day = week_now, day_now
    state.tableaus = [[] for _ in range(n)]
    state.seen = [[] for _ in range(n)]
    state.leftovers = []
    state.hands = [[] for _ in range(n)]
    for week, hands in history.items():
        step = 1 if week % 2 == 1 else -1
        done = days if week < week_now else day_now - 1
        for s, (picks, end) in enumerate(hands):
            picks, end = [fill(c) for c in picks], [fill(c) for c in end]
            held = picks + end  # contents on day d: picks[d-1:] + end
            for d in range(1, done + 2):
                if d > days:
                    break
                holder = (s + step * (d - 1)) % n
                if d <= done:
                    state.tableaus[holder].append((week, d, picks[d - 1], d % 2 == week % 2))
                state.seen[holder].append((week, d, sorted(held[d - 1:])))
            if week < week_now:
                state.leftovers.append(((s + step * (days - 1)) % n, end))
            else:
                holder = (s + step * (day_now - 1)) % n
                state.hands[holder] = list(observation["hand"]) if holder == me else end
    for seat in range(n):
        state.tableaus[seat] = [(card, up) for _, _, card, up in sorted(state.tableaus[seat], key=lambda e: e[:2])]
        state.seen[seat] = [{"week": w, "day": d, "cards": c} for w, d, c in sorted(state.seen[seat])]
    # Leftovers were kept in seat order at the end of each week.
    by_week = [state.leftovers[i : i + n] for i in range(0, len(state.leftovers), n)]
    state.leftovers = [end for week in by_week for _, end in sorted(week, key=lambda item: item[0])]
    waiting = set(observation["waiting_for"])
    state.pending = [
        None if seat in waiting else (observation["my_pick"] if seat == me else rng.choice(state.hands[seat]))
        for seat in range(n)
    ]
    state.squats = None
    state._report = None
    return state


def _rebuild(picks: list, snaps: dict, left: int, done: int, rng: random.Random, hole):
    """One hand's picks (day 1..done) and final contents, from its known picks and the
    contents seen on some days; unknown cards become holes."""
    picks = list(picks)
    if not snaps:
        return [c if c is not None else hole() for c in picks], [hole() for _ in range(left)]
    days_seen = sorted(snaps)
    first = days_seen[0]
    for d in range(1, first):
        if picks[d - 1] is None:
            picks[d - 1] = hole()
    # Between two sightings: the face-down picks are what went missing, in a random order.
    for a, b in zip(days_seen, days_seen[1:]):
        missing = Counter(snaps[a])
        _take(missing, snaps[b], "still in a hand it had left")
        _take(missing, [picks[d - 1] for d in range(a, b) if picks[d - 1] is not None], "picked from this hand")
        gone = list(missing.elements())
        rng.shuffle(gone)
        for d in range(a, b):
            if picks[d - 1] is None:
                picks[d - 1] = gone.pop()
    # After the last sighting: face-down picks come from what is left, keeping back the
    # cards that were later picked face up.
    last = days_seen[-1]
    free = Counter(snaps[last])
    later = [picks[d - 1] for d in range(last, done + 1) if picks[d - 1] is not None]
    _take(free, later, "picked from this hand")
    pool = list(free.elements())
    rng.shuffle(pool)
    for d in range(last, done + 1):
        if picks[d - 1] is None:
            picks[d - 1] = pool.pop()
    if last == done + 1:  # the hand is held by the observer now: keep its order
        return picks, list(snaps[last])
    return picks, pool
