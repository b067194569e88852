"""Write the example playtest logs of gamedesign/data/playtests/<game>/: a made-up class's
tables, played by SCRIPTED PLAYERS, NOT PEOPLE.

    python scripts/make_example_playtests.py            # rewrites the three folders

Each scripted player imitates a kind of person: at each decision they play the greedy
bot's move with their own probability (a careful player more often than a newcomer), else a
move at random (a slip), and they take a think time that grows with the number of choices,
with a spread. Every file is written with ``playtest.start(..., note=NOTE)``, so its header
says that a program made it: no text may draw conclusions about people from these files.

Seeded: the same files, byte for byte, every run (the dates are fixed class days and the
file names are numbered). To keep the folder small (under 2 MB), a decision with more than
:data:`LISTED` choices stores their count and digest instead of the list, the format's own
way for long lists (``playtest.MAX_LISTED_CHOICES``); ``playtest.load`` checks them against
the engine just as it checks a list.
"""

from __future__ import annotations

import datetime
import math
import random
import shutil
import sys
import tempfile
from pathlib import Path

import gamedesign
from gamedesign import playtest
from gamedesign.bots import Bot, make_bot
from gamedesign.simulate import play_game

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "gamedesign" / "data" / "playtests"

#: What every header's note says.
NOTE = "made by scripts/make_example_playtests.py (scripted players, not people)"

#: Tables per game.
TABLES = 30

#: Legal choices a decision line lists here; past it, their count and digest.
LISTED = 12

#: The made-up class: a name and how often that player plays the greedy move (else a slip).
CLASS = [("Ada", 0.9), ("Bo", 0.55), ("Cem", 0.75), ("Dana", 0.35), ("Eli", 0.8), ("Fay", 0.6),
         ("Gus", 0.45), ("Hana", 0.85), ("Ivo", 0.65), ("Jun", 0.5), ("Kai", 0.7), ("Lena", 0.4)]

#: Each game: seats per table, and the class days the tables were played on.
GAMES = {"legday": 4, "gym": 4, "diet": 3}
DAYS = [datetime.datetime(2026, 11, day, 10, 0, tzinfo=datetime.timezone.utc) for day in (12, 19, 26)]


class ScriptedPlayer(Bot):
    """Plays the greedy move with probability ``care``, else a move at random; keeps a
    think time for each decision (seconds grow with the choices, with a spread)."""

    name = "scripted"

    def __init__(self, care: float, pace: float, seed: int):
        super().__init__(seed)
        self.care, self.pace, self.greedy = care, pace, None
        self.seconds = 0.0

    def reset(self, game, player, seed):
        super().reset(game, player, seed)
        self.greedy = make_bot("greedy", game)
        self.greedy.reset(game, player, seed + 1)

    def act(self, observation, legal):
        legal = list(legal)
        if len(legal) == 1:
            self.seconds = round(self.rng.uniform(0.4, 1.5), 2)
            return legal[0]
        self.seconds = round(self.pace * (1 + math.log(len(legal))) * self.rng.lognormvariate(0, 0.5), 2)
        if self.rng.random() < self.care:
            return self.greedy.act(observation, legal)
        return legal[self.rng.randrange(len(legal))]


def make_table(name: str, table: int, folder: Path, rng: random.Random) -> Path:
    """One table's game, logged with ``playtest.start``; returns its file."""
    players = GAMES[name]
    game = gamedesign.load(name, players=players)
    chosen = rng.sample(CLASS, players)
    with_bot = table % 5 == 4  # every fifth table has a bot in its last seat
    seats = [{"person": person} for person, _ in chosen]
    if with_bot:
        seats[-1] = {"bot": "greedy"}
    seed = rng.getrandbits(31)
    players_ = [ScriptedPlayer(care, rng.uniform(2.0, 5.0), rng.getrandbits(31)) for _, care in chosen]
    bots = [make_bot("greedy", game) if "bot" in seat else player for seat, player in zip(seats, players_)]
    source = "paper" if table % 10 == 7 else ("app" if table % 2 else "terminal")
    when = DAYS[table % len(DAYS)] + datetime.timedelta(minutes=7 * table)
    playtest._now = lambda: when  # a fixed class day: the same header every run
    log = playtest.start(game, seats, seed, folder=folder, source=source, note=NOTE)
    if log.problem:
        raise SystemExit(log.problem)
    state = game.new_state(seed=seed)
    stop_after = rng.randrange(20, 40) if table in (11, 23) else None  # two tables stopped early
    moves = [0]

    def note(seat, legal, action):
        seconds = bots[seat].seconds if isinstance(bots[seat], ScriptedPlayer) else 0.0
        log.decision(seat, legal, action, seconds)
        moves[0] += 1

    play_game(state, bots, bot_seeds=[rng.getrandbits(31) for _ in seats], on_choice=note,
              until=None if stop_after is None else (lambda s: moves[0] >= stop_after))
    if stop_after is None:
        log.finish(state)
    else:
        log.close()
    target = folder / f"{when:%Y%m%d}-{name}-table{table + 1:02d}.jsonl"
    log.path.rename(target)
    return target


def main() -> int:
    real_now, listed = playtest._now, playtest.MAX_LISTED_CHOICES
    playtest.MAX_LISTED_CHOICES = LISTED
    try:
        for name in GAMES:
            rng = random.Random(f"example playtests {name}")
            with tempfile.TemporaryDirectory() as scratch:
                made = [make_table(name, table, Path(scratch), rng) for table in range(TABLES)]
                folder = OUT / name
                if folder.exists():
                    shutil.rmtree(folder)
                folder.mkdir(parents=True)
                for path in made:
                    shutil.move(str(path), folder / path.name)
            loaded = playtest.load(folder)
            assert not loaded.refused, loaded.refused
            size = sum(p.stat().st_size for p in folder.iterdir())
            print(f"{name}: {len(loaded)} tables ({sum(g.finished for g in loaded)} finished), {size / 1e3:.0f} kB")
    finally:
        playtest._now, playtest.MAX_LISTED_CHOICES = real_now, listed
    total = sum(p.stat().st_size for p in OUT.rglob("*.jsonl"))
    print(f"total {total / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
