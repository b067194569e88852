"""The yardstick: a minimal plain-Python game of Don't Skip Leg Day with random picks.

    python benchmarks/yardstick.py            # microseconds a game on this machine
    python benchmarks/yardstick.py --seeded   # and with the object engine's five generators a game

Every speed figure in ``benchmarks/ratios.py`` is a multiple of this game's time, run in
the same process group, so figures from different machines and busy moments compare.
It plays the full rules, as shortly as plain Python allows (no package code, no checks,
no observations): the standard 108-card deck, 4 players, 2 weeks of 7 days, hands of 9
passed left in week 1 and right in week 2, Gym Days (face up) on odd days of week 1 and
even days of week 2, elimination of the fewest Leg Days (then fewest shake images),
scoring of Curls, Bench and Overhead sets, pull-ups, shakes (most 10, second 5), Selfies
(1 per background symbol) and -1 per face-up Leg Day, the winner with its tie-breaks, and
a squat draw for each loser. Each player picks a random card of its hand.
"""

from __future__ import annotations

import random
import sys
import time

# (name, kind, count, pull-up points or shake images); Leg Day designs are one type.
DECK = (
    ("Preacher Curl", "curl", 12, 0),
    ("Bench Press", "bench", 10, 0),
    ("Overhead Press", "press", 10, 0),
    ("Underhand Pull-Up", "pullup", 6, 1),
    ("Wide Grip Pull-Up", "pullup", 6, 2),
    ("One Handed Pull-Up", "pullup", 6, 3),
    ("Protein Shake x1", "shake", 6, 1),
    ("Protein Shake x2", "shake", 8, 2),
    ("Protein Shake x3", "shake", 4, 3),
    ("Selfie", "selfie", 10, 0),
    ("Goose Egg", "legday", 5, 0),
    ("Zilch", "legday", 5, 0),
    ("No Points", "legday", 5, 0),
    ("Absolutely Nothing", "legday", 5, 0),
    ("Nada", "legday", 5, 0),
    ("Zero", "legday", 5, 0),
)
CARDS = [i for i, (_, _, count, _) in enumerate(DECK) for _ in range(count)]
KIND = [kind for _, kind, _, _ in DECK]
VALUE = [value for _, _, _, value in DECK]
# The background symbol: all shakes share one, all Leg Days share one, a Selfie has none.
SYMBOL = [None if kind == "selfie" else kind if kind in ("shake", "legday") else i for i, (_, kind, _, _) in enumerate(DECK)]
SQUATS = [30 if kind == "legday" else count for _, kind, count, _ in DECK]
CURL = (0, 1, 3, 6, 10, 15)
PLAYERS, WEEKS, DAYS, HAND = 4, 2, 7, 9


def play(rng: random.Random) -> list:
    """One game with random picks; returns each seat's points (None when eliminated)."""
    n = PLAYERS
    pile = CARDS[:]
    rng.shuffle(pile)
    rows = [[] for _ in range(n)]  # (card, face_up) per seat
    for week in (1, 2):
        hands = [[pile.pop() for _ in range(HAND)] for _ in range(n)]
        step = 1 if week == 1 else -1
        for day in range(1, DAYS + 1):
            face_up = day % 2 == week % 2
            for seat in range(n):
                hand = hands[seat]
                rows[seat].append((hand.pop(rng.randrange(len(hand))), face_up))
            if day < DAYS:
                passed = [None] * n
                for seat in range(n):
                    passed[(seat + step) % n] = hands[seat]
                hands = passed
    legs, images, points = [], [], []
    for row in rows:
        kinds = {}
        symbols = set()
        pullups = shakes = down_legs = up_legs = 0
        for card, up in row:
            kind = KIND[card]
            kinds[kind] = kinds.get(kind, 0) + 1
            if kind == "pullup":
                pullups += VALUE[card]
            elif kind == "shake":
                shakes += VALUE[card]
            elif kind == "legday" and up:
                up_legs += 1
            if SYMBOL[card] is not None:
                symbols.add(SYMBOL[card])
        legs.append(kinds.get("legday", 0))
        images.append(shakes)
        points.append(
            CURL[min(kinds.get("curl", 0), 5)]
            + kinds.get("bench", 0) // 2 * 5
            + kinds.get("press", 0) // 3 * 10
            + pullups
            + kinds.get("selfie", 0) * len(symbols)
            - up_legs
        )
    fewest = min(legs)
    group = [i for i in range(n) if legs[i] == fewest]
    least = min(images[i] for i in group)
    alive = [not (legs[i] == fewest and images[i] == least) for i in range(n)]
    ranks = sorted({images[i] for i in range(n) if alive[i] and images[i] > 0}, reverse=True)
    for i in range(n):
        if alive[i] and ranks and images[i] == ranks[0]:
            points[i] += 10
        elif alive[i] and len(ranks) > 1 and images[i] == ranks[1]:
            points[i] += 5
    contenders = [i for i in range(n) if alive[i]]
    if contenders:
        best = max(points[i] for i in contenders)
        contenders = [i for i in contenders if points[i] == best]
        for key in (legs, images):
            top = max(key[i] for i in contenders)
            contenders = [i for i in contenders if key[i] == top]
    squats = [None if i in contenders else SQUATS[CARDS[rng.randrange(len(CARDS))]] for i in range(n)]
    return [points[i] if alive[i] else None for i in range(n)], contenders, squats


def seconds_per_game(games: int = 2000, seed: int = 0) -> float:
    """The yardstick: seconds per game, the best of three runs of ``games`` games."""
    best = float("inf")
    for run in range(3):
        rng = random.Random(seed + run)
        started = time.perf_counter()
        for _ in range(games):
            play(rng)
        best = min(best, (time.perf_counter() - started) / games)
    return best


def seeded_seconds_per_game(games: int = 2000, seed: int = 0) -> float:
    """The yardstick with the object engine's generators: one for the game and one for each
    bot, seeded for every game (the engine's promise that a game is the same however a
    run is shared out); seconds per game, the best of three runs."""
    best = float("inf")
    for run in range(3):
        started = time.perf_counter()
        for i in range(games):
            base = (seed + run) * 1_000_003 + i * (PLAYERS + 1)
            rng = random.Random(base)
            for s in range(PLAYERS):
                random.Random(base + 1 + s)
            play(rng)
        best = min(best, (time.perf_counter() - started) / games)
    return best


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 2000
    plain = seconds_per_game(games)
    print(f"yardstick: {plain * 1e6:.0f} us a game (plain-Python Leg Day, 4 players, random picks)")
    if "--seeded" in sys.argv:
        seeded = seeded_seconds_per_game(games)
        print(f"with five generators seeded a game, as the object engine seeds them: {seeded * 1e6:.0f} us, "
              f"{seeded / plain:.2f}x the yardstick")
