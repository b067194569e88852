"""Measure the true values of the simulate exercises, and write them to the values file.

A simulate exercise asks for an estimate from some number of games with any seed. The
checker compares it with the true value, measured here once from many games (far more than
any student plays), and stored in ``gamedesign/data/exercise_values.json`` with its
standard deviation per game and how it was measured. The usual mistakes of each exercise
(the standard rules instead of the variant, every seat instead of one) are measured the
same way, so that the checker can name them.

Run from the repository root after changing a game, a bot, a deck or an exercise:

    python scripts/measure_exercises.py                    # every simulate exercise
    python scripts/measure_exercises.py legday-simulate-1  # one exercise (the others are kept)
    python scripts/measure_exercises.py --games 20000      # a quicker, rougher run

Every run plays in one process (``workers=1``), from seed 1,000,000 (far from the small seeds
students use), on the batch path where the game has one.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import date
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SEED = 1_000_000
GAMES = 200_000


def measure(recipe, games: int, seed: int) -> dict:
    """The mean and standard deviation per game of a recipe's per-game values."""
    started = time.perf_counter()
    values = np.asarray(recipe(games, seed), dtype=float)
    return {
        "value": round(float(values.mean()), 6),
        "sd": round(float(values.std(ddof=1)), 6),
        "games": int(len(values)),
        "seed": seed,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv=None) -> int:
    from gamedesign import exercises

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("exercises", nargs="*", help="exercise ids (all simulate exercises when none is given)")
    parser.add_argument("--games", type=int, default=GAMES, help=f"games per measurement (default {GAMES:,})")
    args = parser.parse_args(argv)

    simulated = {i: key for i, key in exercises._KEY.items() if key.recipe is not None}
    unknown = [i for i in args.exercises if i not in simulated]
    if unknown:
        parser.error(f"not a simulate exercise: {', '.join(unknown)}; they are {', '.join(simulated)}")
    path = exercises.VALUES_FILE
    old = json.loads(path.read_text()) if path.exists() else {}
    estimates = dict(old.get("estimates", {}))
    for exercise_id in args.exercises or list(simulated):
        key = simulated[exercise_id]
        entry = measure(key.recipe, args.games, SEED)
        entry["how"] = " ".join((key.recipe.__doc__ or "").split())
        entry["mistakes"] = {}
        for mistake in key.mistakes:
            wrong = measure(mistake.recipe, args.games, SEED)
            wrong["how"] = " ".join((mistake.recipe.__doc__ or "").split())
            entry["mistakes"][mistake.name] = wrong
        entry["measured"] = date.today().isoformat()
        estimates[exercise_id] = entry
        print(f"{exercise_id}: {entry['value']:.4f} (sd {entry['sd']:.3f}, {entry['games']:,} games, {entry['seconds']} s)", flush=True)
    data = {
        "_about": (
            "The true values the exercise checker (gamedesign/exercises.py) compares simulated estimates with: "
            "for each simulate exercise, the mean of its per-game values over many games (value), their standard "
            "deviation per game (sd), the number of games and the first seed, and what was measured (how); "
            "'mistakes' holds the same for the usual wrong measurements, so the checker can name them. "
            "Made by scripts/measure_exercises.py: run it again after changing a game, a bot or a deck."
        ),
        "estimates": {i: estimates[i] for i in sorted(estimates)},
    }
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
