"""How long the slowest accepted odds questions take, and that bigger ones are refused.

    python benchmarks/odds_worst.py               # every row
    python benchmarks/odds_worst.py --only all_of # rows whose name holds "all_of"

Each row is one call at the edge of what the odds functions accept (a population of
``odds.MAX_POPULATION`` cards, ``odds.MAX_KINDS`` kinds, ``odds.MAX_DEALS`` deals, GYM's
``MAX_ADVANCES`` Brats ...), in the shape that was slowest when the shapes were searched,
timed once in wall-clock and CPU seconds (CPU time is steadier while other work shares the
machine). The last rows check that a question one step over a limit is refused at once.

Not a test: figures depend on the machine (see ``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import json
import time
from importlib import resources

import gamedesign
from gamedesign import odds
from gamedesign.games.diet import odds as diet_odds
from gamedesign.games.diet.cards import MEALS, parse_deck as parse_diet_deck
from gamedesign.games.gym import odds as gym_odds
from gamedesign.games.gym.cards import parse_deck as parse_gym_deck
from gamedesign.games.legday import odds as legday_odds

N = odds.MAX_POPULATION
HALF = N // 2


def gym_deck_data(brats: int) -> dict:
    """The printed GYM deck with Friendlies turned into Brats until it holds ``brats``."""
    data = json.loads(resources.files("gamedesign.games.gym").joinpath("deck.json").read_text(encoding="utf-8"))
    have = sum(kid["type"] == "brat" for kid in data["kids"])
    for kid in data["kids"]:
        if have < brats and kid["type"] == "friendly":
            kid["type"], kid["skills"] = "brat", kid["skills"][:1]
            have += 1
    return data


def big_diet_deck():
    """A Diet Game deck near the deck limits: 1,980 cards, hands of 30."""
    cards = [
        {"name": f"{meal} {pounds + 5}", "kind": meal, "count": count, "pounds": pounds}
        for meal in MEALS
        for pounds, count in ((-1, 150), (0, 150), (1, 150), (-2, 20))
    ]
    cards.append({"name": "Run", "kind": "exercise", "count": 100, "pounds": -1})
    return parse_diet_deck({"cards": cards, "hand_size": 30, "planning_discards": 2})


def rows():
    """(name, call) for every row; a call returns nothing worth printing."""
    big_gym = gym_deck_data(gym_odds.MAX_ADVANCES)
    gym_game = gamedesign.load("gym", deck=big_gym)
    diet = gamedesign.load("diet")
    legday = gamedesign.load("legday")
    return [
        ("hypergeom_pmf, 2,000 cards, hand of 1,000", lambda: odds.hypergeom_pmf(HALF // 2, HALF, N, HALF)),
        ("p_at_least, 2,000 cards, hand of 1,000, at least 500", lambda: odds.p_at_least(HALF // 2, HALF, N, HALF)),
        ("at_least, the same with its formula", lambda: odds.at_least(HALF // 2, HALF, N, HALF)),
        ("distribution, 2,000 cards, hand of 1,000 (1,001 rows)", lambda: odds.distribution(HALF, N, HALF)),
        ("p_all_of, reported: 12 kinds of 9 in 108 cards, 30 drawn",
         lambda: odds.p_all_of({f"kind {i}": (9, 1) for i in range(12)}, 108, 30)),
        ("p_all_of, 4 kinds of 500 in 2,000 cards, 1,000 drawn",
         lambda: odds.p_all_of({f"kind {i}": (500, 1) for i in range(4)}, N, HALF)),
        ("p_all_of, 4 uneven kinds (474, 568, 668, 290), 1,017 drawn",
         lambda: odds.p_all_of({"a": (474, 3), "b": (568, 10), "c": (668, 20), "d": (290, 5)}, N, 1017)),
        ("p_all_of, 200 kinds of 10 in 2,000 cards, 1,000 drawn",
         lambda: odds.p_all_of({f"kind {i}": (10, 1) for i in range(odds.MAX_KINDS)}, N, HALF)),
        ("all_of, 6 kinds of 333, 1,200 drawn, with its formula",
         lambda: odds.all_of({f"kind {i}": (333, 49) for i in range(6)}, N, 1200)),
        ("p_with_redraw, 2,000 cards, hand of 1,000, need 750, redraw 1,000",
         lambda: odds.p_with_redraw(750, HALF, N, HALF, HALF)),
        ("with_redraw, the same with its formula", lambda: odds.with_redraw(750, HALF, N, HALF, HALF)),
        ("sample_draws, 1,000,000 shuffles of 50 cards, with a redraw",
         lambda: odds.sample_draws(25, 50, 25, need=20, redraw=25, trials=odds.MAX_TRIALS)),
        (f"sample_draws, {odds.MAX_SHUFFLED_CARDS // odds.MAX_SHUFFLED_DECK} shuffles of {odds.MAX_SHUFFLED_DECK:,} cards",
         lambda: odds.sample_draws(10**6, odds.MAX_SHUFFLED_DECK, 30, need=5, redraw=7,
                                   trials=odds.MAX_SHUFFLED_CARDS // odds.MAX_SHUFFLED_DECK)),
        (f"estimate_from_deals, {odds.MAX_DEALS:,} Diet deals",
         lambda: odds.estimate_from_deals(diet, lambda s: bool(s.hands[0]), trials=odds.MAX_DEALS)),
        (f"GYM top_four_by_position, {gym_odds.MAX_ADVANCES} Brats",
         lambda: gym_odds.top_four_by_position(deck=parse_gym_deck(big_gym))),
        (f"GYM kid_scores_chance at the deal, {gym_odds.MAX_ADVANCES} Brats",
         lambda: gym_odds.kid_scores_chance(gym_game.new_state(seed=0).observe(0), gym_game.deck.friendlies[0],
                                            gym_game.deck)),
        (f"GYM deal_top_four_by_position, {gym_odds.MAX_PLAYED_GAMES:,} games",
         lambda: gym_odds.deal_top_four_by_position(gamedesign.load("gym"), games=gym_odds.MAX_PLAYED_GAMES)),
        ("Diet expected_turn_change, 1,980 cards, hands of 30", lambda: diet_odds.expected_turn_change(big_diet_deck())),
        (f"Diet estimate_cover after Planning, {odds.MAX_DEALS:,} deals",
         lambda: diet_odds.estimate_cover(diet, trials=odds.MAX_DEALS, planning=True)),
        (f"Leg Day selfie_value_by_deals, {odds.MAX_DEALS:,} deals",
         lambda: legday_odds.selfie_value_by_deals(legday, trials=odds.MAX_DEALS)),
    ]


REFUSED = [
    ("p_all_of, one card over the population limit", lambda: odds.p_all_of({"a": (9, 1)}, N + 1, 30)),
    ("p_all_of, one kind over the kinds limit",
     lambda: odds.p_all_of({f"kind {i}": (1, 1) for i in range(odds.MAX_KINDS + 1)}, N, 30)),
    ("p_with_redraw, 10**7 cards", lambda: odds.p_with_redraw(10**6, 10**6, 10**7, 10**6, 10**6)),
    ("distribution, 10**100 cards", lambda: odds.distribution(10, 10**100, 5)),
    ("sample_draws, one shuffle of 50,000,000 cards", lambda: odds.sample_draws(10**6, odds.MAX_SHUFFLED_CARDS, 30, trials=1)),
    ("GYM top_four_by_position, one Brat over the limit",
     lambda: gym_odds.top_four_by_position(deck=parse_gym_deck(gym_deck_data(gym_odds.MAX_ADVANCES + 1)))),
]


def timed(call) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    call()
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="run only the rows whose name holds this text")
    only = parser.parse_args().only
    print(f"{'accepted call':<66} {'wall s':>7} {'CPU s':>7}")
    for name, call in rows():
        if only in name:
            wall, cpu = timed(call)
            print(f"{name:<66} {wall:7.2f} {cpu:7.2f}")
    print(f"\n{'refused call':<66} {'wall s':>7}  message")
    for name, call in REFUSED:
        if only not in name:
            continue
        start = time.perf_counter()
        try:
            call()
        except odds.TooLargeError as err:
            print(f"{name:<66} {time.perf_counter() - start:7.3f}  {str(err)[:70]}…")
        else:
            raise SystemExit(f"{name}: answered, but should have been refused")


if __name__ == "__main__":
    main()
