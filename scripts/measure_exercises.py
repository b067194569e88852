"""Write what the exercise checker knows of each answer: the values file.

The checker keeps no answer by name. For a **compute** exercise the values file holds salted
hashes (SHA-256 of a per-exercise salt and the value's canonical text, ``"p/q"``) of its
exact answer, read from the teacher copies' solution cells (``notebooks/solutions/``, as
``scripts/answer_key.py`` reads them), and of its roundings to 3-10 significant digits (so
that a rounded decimal is told to give the exact value); the usual mistakes' values
(defined here) are hashed the same way, so that the checker can name them. A percent or a
complement is found by the checker turning the student's number back and comparing hashes.

For a **simulate** exercise the file holds the band the true value lies in (its 99% range
from many games, far more than any student plays), its standard deviation per game, and how
it was measured (the ``measure`` of the exercise in its lesson file,
``gamedesign/data/exercises/``); the usual mistakes (the standard rules instead of the
variant, every seat instead of one) are measured the same way, from their own ``measure``.

Run from the repository root after changing a game, a bot, a deck, a solution or an exercise:

    python scripts/measure_exercises.py                    # everything (a few minutes)
    python scripts/measure_exercises.py --exact            # only the compute exercises' hashes (seconds)
    python scripts/measure_exercises.py legday-simulate-1  # one exercise (the others are kept)
    python scripts/measure_exercises.py --games 20000      # a quicker, rougher run

Every simulation plays in one process (``workers=1``), from seed 1,000,000 (far from the small
seeds students use), on the batch path where the game has one.
"""

from __future__ import annotations

import argparse
import json
import math
import secrets
import sys
import time
from datetime import date
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

SEED = 1_000_000
GAMES = 200_000
ABOUT = (
    "What the exercise checker (gamedesign/exercises.py) knows of each answer, and no answer by name. "
    "'exact': for each compute exercise a salt and the SHA-256 hashes of salt|canonical text of its exact "
    "answer ('exact') and of its roundings to 3-10 significant digits ('rounded'), and the same for its usual "
    "mistakes. 'estimates': for each simulate exercise the band its true value lies in (the 99% range from "
    "'games' games from 'seed'), the standard deviation per game (sd), and what was measured (how: the exercise's "
    "'measure' in its lesson file, gamedesign/data/exercises/); 'mistakes' holds the same for the usual wrong "
    "measurements. Made by scripts/measure_exercises.py: run it again after changing a game, a bot, a deck, a "
    "lesson file's measure or a solution."
)


def _odds(name: str, *args):
    from gamedesign import odds

    return getattr(odds, name)(*args)


def _matrix(field: str):
    from gamedesign.ladder import read_matrix

    table = read_matrix("gym")
    row = table[(table["tested"] == "search") & (table["field"] == "greedy")].iloc[0]
    import sympy as sp

    return {"rate": sp.Rational(int(row["wins"]), int(row["games"]))}[field]


def _exact_mistakes() -> dict:
    """The values of the compute exercises' usual mistakes, ``{exercise id: {name: value}}``
    (named as in the lesson files, ``gamedesign/data/exercises/``; their values stay here, out of
    the package)."""
    import sympy as sp

    comb = math.comb
    from gamedesign import playtest

    tables = playtest.games(playtest.load(playtest.example_folder("legday")))
    margins, early = tables["final margin"], tables["early leader won"]
    shake_kinds = (6, 8, 4, 16, 12)
    return {
        "legday-odds-1": {"at least one": _odds("p_at_least", 1, 30, 108, 9), "exactly two": _odds("hypergeom_pmf", 2, 30, 108, 9)},
        "legday-count-1": {"cards": 6 + 8 + 4, **{f"one kind {i + 1}": n for i, n in enumerate(shake_kinds)}},
        "gym-odds-1": {"at least one": _odds("p_at_least", 1, 6, 24, 12), "exactly three": _odds("hypergeom_pmf", 3, 6, 24, 12)},
        "diet-odds-1": {"independent": _odds("p_at_least", 1, 6, 52, 7) ** 2, "one meal": _odds("p_at_least", 1, 6, 52, 7)},
        "odds-multi-1": {
            "independent": _odds("p_at_least", 2, 10, 108, 9) * _odds("p_at_least", 1, 10, 108, 9),
            "preacher curl": _odds("p_all_of", {"Bench Press": (10, 2), "Preacher Curl": (12, 1)}, 108, 9),
        },
        "odds-expected-1": {"share": sp.Rational(6, 24), "all brats": 6},
        "odds-exercise-1": {"at least one": _odds("p_at_least", 1, 6, 52, 7), "exactly two": _odds("hypergeom_pmf", 2, 6, 52, 7)},
        "odds-hand-1": {
            "at least two": _odds("p_at_least", 2, 6, 24, 12),
            "count": comb(6, 2) * comb(18, 10),
            "others wrong": sp.Rational(comb(6, 2) * comb(24, 10), comb(24, 12)),
        },
        "lab-chance-1": {"expected count": sp.Rational(33, 20), "one measure": sp.Rational(1, 20)},
        "lab-games-1": {"doubled": 790 * 2, "halved": 790 // 2, "square root": round(790 * 2**0.5)},
        "sure-games-1": {
            "not rounded up": math.floor((sp.Rational(196, 100) / sp.Rational(3, 100)) ** 2 * sp.Rational(21, 100)),
            "whole width": math.ceil((sp.Rational(196, 100) / sp.Rational(15, 1000)) ** 2 * sp.Rational(21, 100)),
            "not squared": math.ceil(sp.Rational(196, 100) / sp.Rational(3, 100) * sp.Rational(21, 100)),
        },
        "bots-edge-1": {"win rate": _matrix("rate"), "not divided": _matrix("rate") - sp.Rational(1, 2)},
        "own-odds-1": {"one pair": sp.Rational(1, 49), "count": 7},
        "goals-margin-1": {"below 3": int((margins < 3).sum()),
                           "share": sp.Rational(int((margins <= 3).sum()), int(margins.notna().sum()))},
        "goals-early-1": {"share": sp.Rational(int(early.sum()), int(early.notna().sum()))},
        "legday-hand-1": {"leg day": 28, "shake second": 32, "one selfie": 21, "selfie symbols": 25},
        "gym-odds-2": {"no brat": _odds("p_at_least", 2, 2, 6, 4), "four of six": sp.Rational(4, 6)},
        "diet-odds-2": {
            "whole hand": 1 - (1 - _odds("p_at_least", 1, 6, 52, 7)) * (1 - _odds("p_at_least", 1, 6, 45, 3)),
            "gain": (1 - _odds("p_at_least", 1, 6, 52, 7)) * _odds("p_at_least", 1, 6, 45, 3),
            "from 52": _odds("p_at_least", 1, 6, 52, 3),
        },
    }


def exact_entries(old: dict) -> dict:
    """The hashes of every compute exercise (a salt kept from ``old`` where there is one)."""
    from answer_key import exact_answers

    from gamedesign import exercises

    answers, mistakes = exact_answers(), _exact_mistakes()
    entries = {}
    for exercise_id, value in answers.items():
        salt = old.get(exercise_id, {}).get("salt") or secrets.token_hex(8)
        named = {m.name for m in exercises._KEY[exercise_id].mistakes}
        unknown = named ^ set(mistakes.get(exercise_id, {}))
        if unknown:
            raise SystemExit(f"{exercise_id}: the mistakes named here and in its lesson file ({exercises._SOURCE[exercise_id]}) "
                             f"differ: {sorted(unknown)}")
        entries[exercise_id] = {
            "salt": salt,
            "answer": exercises.hashes(salt, value),
            "mistakes": {name: exercises.hashes(salt, wrong) for name, wrong in sorted(mistakes.get(exercise_id, {}).items())},
        }
        print(f"{exercise_id}: hashed", flush=True)
    return entries


def banded(value: float, sd: float, games: int) -> list:
    """The 99% band of a true value measured as ``value`` (sd ``sd`` per game) from ``games`` games."""
    half = 2.5758 * sd / math.sqrt(games)
    return [round(value - half, 6), round(value + half, 6)]


def measure(values_of, games: int, seed: int) -> dict:
    """The band and standard deviation per game of a measurement's per-game values."""
    started = time.perf_counter()
    values = np.asarray(values_of(games, seed), dtype=float)
    sd = float(values.std(ddof=1))
    return {
        "band": banded(float(values.mean()), sd, len(values)),
        "sd": round(sd, 6),
        "games": int(len(values)),
        "seed": seed,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv=None) -> int:
    from gamedesign import exercises

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("exercises", nargs="*", help="simulate exercise ids (all of them when none is given)")
    parser.add_argument("--games", type=int, default=GAMES, help=f"games per measurement (default {GAMES:,})")
    parser.add_argument("--exact", action="store_true", help="only the compute exercises' hashes")
    args = parser.parse_args(argv)

    simulated = {i: key for i, key in exercises._KEY.items() if key.measure is not None}
    unknown = [i for i in args.exercises if i not in simulated]
    if unknown:
        parser.error(f"not a simulate exercise: {', '.join(unknown)}; they are {', '.join(simulated)}")
    path = exercises.VALUES_FILE
    old = json.loads(path.read_text()) if path.exists() else {}
    estimates = dict(old.get("estimates", {}))
    exact = dict(old.get("exact", {}))
    if not args.exercises:
        exact = exact_entries(exact)
    for exercise_id in [] if args.exact else (args.exercises or list(simulated)):
        measured = simulated[exercise_id].measure
        entry = measure(measured.values, args.games, SEED)
        entry["how"] = measured.how
        entry["mistakes"] = {}
        for mistake in simulated[exercise_id].mistakes:
            if mistake.measure is None or not mistake.banded:
                continue
            wrong = measure(mistake.measure.values, args.games, SEED)
            wrong["how"] = mistake.measure.how
            entry["mistakes"][mistake.name] = wrong
        entry["measured"] = date.today().isoformat()
        estimates[exercise_id] = entry
        print(f"{exercise_id}: {entry['band'][0]:.4f} to {entry['band'][1]:.4f} (sd {entry['sd']:.3f}, "
              f"{entry['games']:,} games, {entry['seconds']} s)", flush=True)
    data = {"_about": ABOUT, "exact": {i: exact[i] for i in sorted(exact)},
            "estimates": {i: estimates[i] for i in sorted(estimates)}}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
