"""What a playtest log adds to each decision: the time of ``log.decision`` (one JSON line
written with a single ``os.write`` and synced to the disk with ``os.fsync``).

    python benchmarks/playtest_log.py                  # 1,000 decisions of Leg Day games
    python benchmarks/playtest_log.py --decisions 5000 --folder /mnt/usb/playtests

It plays Leg Day games between greedy bots (4 players), logs every decision to a folder
(a temporary one by default: give ``--folder`` to time the disk a class will use) and
prints the median, 95th percentile and largest time one ``log.decision`` call took, and
the same without the sync (what the JSON and the write cost). The goal is under 5 ms a
call: a person never notices it. Not a test: figures depend on the disk and the machine
(see ``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import gamedesign
from gamedesign import playtest
from gamedesign.bots import make_bot
from gamedesign.simulate import play_game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from machine import machine  # noqa: E402


def timed_decisions(folder: Path, count: int, sync: bool = True) -> list[float]:
    """Seconds of each of ``count`` ``log.decision`` calls of Leg Day games logged to ``folder``."""
    game = gamedesign.load("legday", players=4)
    times: list[float] = []
    real_fsync = playtest.os.fsync
    if not sync:
        playtest.os.fsync = lambda fd: None
    try:
        seed = 0
        while len(times) < count:
            state = game.new_state(seed=seed)
            seats = [{"person": "Ana"}, {"person": "Ben"}, {"bot": "greedy"}, {"bot": "greedy"}]
            log = playtest.start(game, seats, state.seed, folder=folder)
            if log.problem:
                raise SystemExit(log.problem)

            def chose(seat, legal, action):
                began = time.perf_counter()
                log.decision(seat, legal, action, 1.25)
                times.append(time.perf_counter() - began)

            play_game(state, [make_bot("greedy", game) for _ in seats], bot_seeds=[seed], on_choice=chose)
            log.finish(state)
            seed += 1
    finally:
        playtest.os.fsync = real_fsync
    return times[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=1000, help="decisions timed (default 1000)")
    parser.add_argument("--folder", type=Path, default=None, help="where the logs go (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.folder or Path(scratch)
        print(f"{args.decisions:,} decisions of Leg Day (4 players) logged to {folder}")
        print(f"{'':<22} {'median ms':>10} {'95% ms':>8} {'max ms':>8}")
        for label, sync in (("log.decision", True), ("without the fsync", False)):
            times = sorted(timed_decisions(folder, args.decisions, sync))
            p95 = times[int(0.95 * (len(times) - 1))]
            print(f"{label:<22} {statistics.median(times) * 1e3:>10.3f} {p95 * 1e3:>8.3f} {times[-1] * 1e3:>8.3f}")
    print(machine())


if __name__ == "__main__":
    main()
