"""What a playtest log adds to each decision: the time of ``log.decision`` (one JSON line
handed to the system with a single ``os.write``; the sync to the disk, ``os.fsync``, is
done by a background thread at most every ``playtest.SYNC_SECONDS`` and at the game's end).

    python benchmarks/playtest_log.py                  # 1,000 decisions of Leg Day games
    python benchmarks/playtest_log.py --decisions 5000 --folder /mnt/usb/playtests

It plays Leg Day games between greedy bots (4 players), logs every decision to a folder
(a temporary one by default: give ``--folder`` to time the disk a class will use) and
prints the median, 95th percentile and largest time one ``log.decision`` call took, and
of ``log.finish`` (the click that ends a game), as shipped and, for comparison, with no
sync at all (what the machine's own load adds to any call) and with an ``os.fsync`` on
the caller's path after every line (the former way: what the disk's sync costs). The
goal is under 5 ms a call: a person never notices it. Not a test: figures depend on the
disk and the machine (see ``benchmarks/RESULTS.md``).
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


def timed_decisions(folder: Path, count: int, sync: str = "shipped") -> tuple[list[float], list[float]]:
    """Seconds of each of ``count`` ``log.decision`` calls of Leg Day games logged to
    ``folder``, and of each game's ``log.finish``. ``sync``: ``"shipped"`` (the background
    thread syncs), ``"none"`` (no sync at all: the machine's own noise) or ``"inline"``
    (an ``os.fsync`` after every line on the caller's path, the former way)."""
    game = gamedesign.load("legday", players=4)
    times: list[float] = []
    finishes: list[float] = []
    real_sync = playtest._sync
    if sync == "inline":
        playtest._SYNCER.dirty = playtest.os.fsync
    elif sync == "none":
        playtest._SYNCER.dirty = lambda fd: None
        playtest._sync = lambda fd: None
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
            began = time.perf_counter()
            log.finish(state)
            finishes.append(time.perf_counter() - began)
            seed += 1
    finally:
        playtest._SYNCER.run_once()
        vars(playtest._SYNCER).pop("dirty", None)
        playtest._sync = real_sync
    return times[:count], finishes


def _row(label: str, times: list[float]) -> str:
    times = sorted(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    over = sum(1 for t in times if t > 0.005)
    return (f"{label:<48} {len(times):>6} {statistics.median(times) * 1e3:>10.3f} {p95 * 1e3:>8.3f} "
            f"{times[-1] * 1e3:>8.3f} {over:>8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=1000, help="decisions timed (default 1000)")
    parser.add_argument("--folder", type=Path, default=None, help="where the logs go (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.folder or Path(scratch)
        print(f"{args.decisions:,} decisions of Leg Day (4 players) logged to {folder}")
        print(f"{'':<48} {'calls':>6} {'median ms':>10} {'95% ms':>8} {'max ms':>8} {'> 5 ms':>8}")
        for label, sync in (("as shipped", "shipped"), ("no sync at all", "none"),
                            ("fsync after every line", "inline")):
            times, finishes = timed_decisions(folder, args.decisions, sync)
            print(_row(f"log.decision, {label}", times))
            print(_row(f"log.finish, {label}", finishes))
    print(machine())


if __name__ == "__main__":
    main()
