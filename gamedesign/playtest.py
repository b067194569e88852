"""Playtest logs: one file per table of a playtest, that a class can pool and replay.

    log = playtest.start(game, [{"person": "Ana"}, {"person": "Ben"}, {"bot": "greedy"}], seed=7)
    log.decision(seat, legal, action, seconds)   # at every decision, a bot's too
    log.finish(state)                            # at the end
    games = playtest.load("playtests")           # a file, a folder or a list of them
    shared = playtest.anonymise(games)           # "Player 1", "Player 2", ... for sharing

A log is a JSON Lines file (one JSON object a line, UTF-8), written line by line as the
game goes on: each line is handed whole to the operating system (one ``os.write`` on a
file open to append) before the decision returns, so a closed tab, a dead kernel or a
killed program loses at most the move in hand. Making the disk itself hold the lines
(``os.fsync``: tens of milliseconds on a busy disk) is left off the click's path: a background
thread syncs a game's file at most every :data:`SYNC_SECONDS` seconds while it is played,
and at once when it ends or is closed, so a power cut or a crash of the whole machine
loses at most the last :data:`SYNC_SECONDS` seconds of a game in play. Where no thread can
start (JupyterLite's Pyodide), the decision that comes :data:`SYNC_SECONDS` after the last
sync syncs, and so does the end of the game. The file holds:

* the **header** (``"kind": "header"``): the format and its version, the game's name and
  title, players, rule options (``Game.options_dict()``: a deck given as a file or as data
  is stored as its data, ``None`` for the game's own deck), the design-lab preset if any,
  the seed, the seats (``{"person": "Ana"}`` or ``{"bot": "greedy"}``), the date (UTC, ISO
  8601), the package version and where it was played (``"app"``, ``"terminal"``), and,
  when given, a ``note`` (e.g. that a program, not people, played the game);
* one **decision** a move (``"kind": "decision"``): the seat, the legal choices as text
  (``legal``, with their number ``legal_count``), the choice as text and the seconds it took;
* the **result** (``"kind": "result"``): scores and winners.

A **paper** playtest (``"source": "paper"``, written by :func:`write_paper` from the paper
form, :mod:`gamedesign.apps.paper`) has no moves: its header's ``seed`` is ``null`` and its
``paper`` object (which only such a log has; a log of source ``"paper"`` without it holds a
seed and moves and replays as any other) holds what the observer wrote down (date, observer, playtest number, length,
the tally totals, the initials rows, each seat's ratings, notes); then the result line,
whose scores may hold ``null`` for a score nobody wrote down. :func:`load` checks it field by
field instead of replaying it; its ``state`` is ``None`` (``built`` is the game).

:func:`load` trusts nothing in a file: it replays every move through the engine
(``game.new_state(seed)``, then ``state.apply(seat, game.parse_action(choice))``), checking
that the logged legal choices are the engine's, and refuses a file it cannot replay by
name, with the reason; the other files load. A file with no result line loads as an
unfinished game, with the game so far.

Limits (writing stops with a message past them, and reading refuses files past them):
:data:`MAX_DECISIONS` decisions a file, :data:`MAX_LINE_BYTES` bytes a decision line,
:data:`MAX_HEADER_BYTES` bytes for the header (a deck file's data fits), :data:`MAX_FILE_BYTES`
bytes a file (checked before reading), :data:`MAX_DEPTH` levels of JSON nesting, and
:data:`MAX_PERSON_CHARS` characters of a person's name. A decision with more than
:data:`MAX_LISTED_CHOICES` legal choices, or whose choices take more than
:data:`MAX_LISTED_CHARS` characters, stores their count and a SHA-256 digest of their texts
(``legal_sha256``) instead of the list (``"legal": null``); :func:`load` checks those
against the engine's list just as it checks a list.

This module imports no display code: the terminal and the apps both write through it.
"""

from __future__ import annotations

import atexit
import collections
import dataclasses
import datetime
import hashlib
import json
import os
import secrets
import threading
import time
import weakref
from pathlib import Path
from typing import Iterable

from .core import IllegalAction, brief, clip

#: What the ``format`` of every header says, and the version this module writes and reads.
FORMAT = "gamedesign playtest"
FORMAT_VERSION = 1
#: Decisions one file may hold (a Leg Day game of 6 players and 100 days makes 600).
MAX_DECISIONS = 100_000
#: Legal choices a decision line lists; past it the line has their count and digest.
MAX_LISTED_CHOICES = 2_000
#: Characters of the legal choices' texts a decision line lists; past it, count and digest.
MAX_LISTED_CHARS = 50_000
#: Bytes of one decision or result line (UTF-8, with its line break).
MAX_LINE_BYTES = 262_144
#: Bytes of the header line: room for a deck file's data (at most 1,000,000 bytes).
MAX_HEADER_BYTES = 4_000_000
#: Bytes of one file, checked before it is read.
MAX_FILE_BYTES = 64_000_000
#: Levels of nesting of a line's JSON (a deck's data needs about 5).
MAX_DEPTH = 32
#: Characters of a person's name (longer names are cut), and of a bot's name.
MAX_PERSON_CHARS = 60
#: Characters of a header's optional ``note``.
MAX_NOTE_CHARS = 300
#: Files :func:`load` reads from the folders and lists it is given.
MAX_FILES = 10_000
#: Seconds at most between a game's lines handed to the system and their sync to the disk
#: (what a power cut can lose of a game in play); a game's end is synced at once.
SYNC_SECONDS = 5.0

_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


class PlaytestError(ValueError):
    """A playtest file that cannot be loaded, or seats that cannot be logged: the message
    says what was wrong and what is allowed."""


# ----------------------------------------------------------------------------------------
# Writing
# ----------------------------------------------------------------------------------------


def _package_version() -> str:
    try:
        from importlib import metadata

        return metadata.version("gamedesign")
    except Exception:  # not installed as a distribution (a copied folder, JupyterLite)
        from . import __version__

        return __version__


def _clean_name(name: str) -> str:
    """A name as typed, on one line (control characters become spaces) and cut to length."""
    text = "".join(ch if ch.isprintable() else " " for ch in name)
    return text[:MAX_PERSON_CHARS]


def check_seats(game, seats) -> list[dict]:
    """``seats`` as the log stores them: one ``{"person": name}`` or ``{"bot": name}`` a
    seat. ``PlaytestError`` says what is wrong and what is allowed."""
    if isinstance(seats, (str, bytes, dict)) or not hasattr(seats, "__len__"):
        raise PlaytestError(f"seats is a list with one entry per seat, not {brief(seats)}")
    if len(seats) != game.num_players:
        raise PlaytestError(f"seats has {len(seats)} entries; this {game.title} game has {game.num_players} seats")
    out = []
    for seat, entry in enumerate(seats):
        if not (isinstance(entry, dict) and len(entry) == 1 and next(iter(entry)) in ("person", "bot")):
            raise PlaytestError(f"seat {seat} is {brief(entry)}; allowed: {{'person': NAME}} or {{'bot': NAME}}")
        (kind, name), = entry.items()
        if not isinstance(name, str) or not name.strip():
            raise PlaytestError(f"seat {seat}: the {kind}'s name must be a non-empty text, not {brief(name)}")
        out.append({kind: _clean_name(name)})
    return out


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


def _open_new(folder: Path, game_name: str, when: datetime.datetime) -> tuple[int, Path]:
    """A new file of ``folder`` (created, never an existing one or a symlink), open to append."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = when.strftime("%Y%m%d-%H%M%S")
    for _ in range(20):
        path = folder / f"{stamp}-{game_name}-{secrets.token_hex(4)}.jsonl"
        try:
            return os.open(path, _FLAGS, 0o644), path
        except FileExistsError:
            continue
    raise OSError(f"could not find a free file name in {folder}")


class _Syncer:
    """Syncs logs' files to the disk off the caller's path: one daemon thread a process.

    ``dirty(fd)`` asks for a sync of ``fd`` within :data:`SYNC_SECONDS`; ``close(fd)``
    syncs and closes it at once (the thread is woken). Only this object closes a log's
    descriptor, and only after its last sync, so no sync ever meets a closed or reused
    descriptor. Where no thread can start (Pyodide), :meth:`dirty` syncs on the caller's
    path once :data:`SYNC_SECONDS` have passed, and :meth:`close` syncs and closes at once.
    """

    def __init__(self):
        self._threadless = False
        self._reset()

    def _reset(self) -> None:
        """A fresh state (also in a forked child, which has no thread and maybe a held lock)."""
        self._lock = threading.RLock()  # guards _dirty (re-entrant: a finalizer may run inside)
        self._run = threading.RLock()  # one pass at a time (a finalizer may start one inside another)
        self._dirty: set[int] = set()
        self._closing: collections.deque = collections.deque()  # appended without a lock (a finalizer may)
        self._wake = threading.Event()
        self._thread = None
        self._last_inline: dict[int, float] = {}

    def _running(self) -> bool:
        if self._threadless:
            return False
        if self._thread is not None and self._thread.is_alive():
            return True
        try:
            thread = threading.Thread(target=self._loop, name="gamedesign-playtest-sync", daemon=True)
            thread.start()
        except (RuntimeError, OSError):  # Pyodide: threads cannot start
            self._threadless = True
            return False
        self._thread = thread
        return True

    def dirty(self, fd: int) -> None:
        if self._running():
            with self._lock:
                self._dirty.add(fd)
            return
        now = time.monotonic()
        last = self._last_inline.setdefault(fd, now)
        if now - last >= SYNC_SECONDS:
            self._last_inline[fd] = now
            _sync(fd)

    def close(self, fd: int) -> None:
        self._closing.append(fd)
        if self._running():
            self._wake.set()
        else:
            self.run_once()

    def run_once(self) -> None:
        """Sync every file written since its last sync, then sync and close those closed."""
        with self._run:
            closing = []
            while True:
                try:
                    closing.append(self._closing.popleft())
                except IndexError:
                    break
            with self._lock:
                dirty, self._dirty = self._dirty, set()
            for fd in dirty | set(closing):
                _sync(fd)
            for fd in closing:
                self._last_inline.pop(fd, None)
                try:
                    os.close(fd)
                except OSError:
                    pass

    def _loop(self) -> None:
        while True:
            self._wake.wait(SYNC_SECONDS)
            self._wake.clear()
            self.run_once()


def _sync(fd: int) -> None:
    try:
        os.fsync(fd)
    except OSError:  # the lines are with the system already; a failed sync loses nothing more
        pass


_SYNCER = _Syncer()
atexit.register(_SYNCER.run_once)  # a program that ends normally leaves every line on the disk
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_SYNCER._reset)


class PlaytestLog:
    """One table's log, open to append (made by :func:`start`).

    ``path`` is the file (``None`` when nothing is saved); ``problem`` is ``None`` or the
    message to show ("playtests are not being saved: ..."), after which every method does
    nothing, so the game goes on. ``seed`` is the game's seed.
    """

    def __init__(self, path: Path | None, fd: int | None, seed: int, problem: str | None = None):
        self.path, self.seed, self.problem = path, seed, problem
        self.decisions = 0
        self._fd = fd
        self._bytes = 0
        self._closer = weakref.finalize(self, _SYNCER.close, fd) if fd is not None else None

    def __repr__(self) -> str:
        where = self.problem or str(self.path)
        return f"<PlaytestLog {where}: {self.decisions} decisions>"

    @property
    def saving(self) -> bool:
        """True while lines are being written."""
        return self._fd is not None

    def _stop(self, why: str) -> None:
        self.problem = f"playtests are not being saved: {why}"
        self.close()

    def _write(self, data: dict, limit: int = MAX_LINE_BYTES) -> bool:
        if self._fd is None:
            return False
        try:
            line = (json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":")) + "\n").encode("utf-8")
        except (TypeError, ValueError) as err:
            self._stop(f"a line could not be written as JSON ({clip(str(err))})")
            return False
        if len(line) > limit:
            self._stop(f"a line would have {len(line):,} bytes; a line has at most {limit:,}")
            return False
        if self._bytes + len(line) > MAX_FILE_BYTES:
            self._stop(f"the file would pass {MAX_FILE_BYTES:,} bytes")
            return False
        try:
            written = os.write(self._fd, line)  # one write on an O_APPEND file: the line stays whole
            if written != len(line):
                raise OSError(f"only {written} of {len(line)} bytes were written (is the disk full?)")
        except OSError as err:
            self._stop(f"{self.path} could not be written ({clip(str(err), 200)})")
            return False
        self._bytes += len(line)
        _SYNCER.dirty(self._fd)  # to the disk within SYNC_SECONDS, off this call's path
        return True

    def decision(self, seat: int, legal, action, seconds: float) -> None:
        """Append one decision: ``seat``, the ``legal`` choices it had (actions or texts), the
        ``action`` chosen and the ``seconds`` it took (rounded to 0.01)."""
        if self._fd is None:
            return
        if self.decisions >= MAX_DECISIONS:
            self._stop(f"this game passed {MAX_DECISIONS:,} decisions, the most a file holds")
            return
        texts = [str(a) for a in legal]
        line = {"kind": "decision", "seat": seat, "legal_count": len(texts)}
        if len(texts) <= MAX_LISTED_CHOICES and sum(map(len, texts)) <= MAX_LISTED_CHARS:
            line["legal"] = texts
        else:
            line["legal"] = None
            line["legal_sha256"] = legal_digest(texts)
        line["choice"] = str(action)
        try:
            line["seconds"] = round(max(0.0, float(seconds)), 2)
        except (TypeError, ValueError, OverflowError):
            line["seconds"] = None
        if line["seconds"] is not None and line["seconds"] == float("inf"):
            line["seconds"] = None
        if self._write(line):
            self.decisions += 1

    def finish(self, state) -> None:
        """Append the result line (scores, winners) of the finished ``state`` and close."""
        if self._fd is None:
            return
        try:
            result = state.result()
            line = {"kind": "result", "scores": list(result.scores), "winners": list(result.winners)}
        except ValueError as err:
            self._stop(f"the game has no result yet ({clip(str(err))})")
            return
        self._write(line)
        self.close()

    def close(self) -> None:
        """Close the file (the log stays unfinished unless :meth:`finish` was called); its
        lines are synced to the disk and the file closed at once, off the caller's path."""
        self._fd = None
        if self._closer is not None:
            self._closer()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()


def legal_digest(texts: Iterable[str]) -> str:
    """The SHA-256 (hex) of the legal choices' texts, one a line: what a decision line with
    too many choices to list stores instead of them."""
    digest = hashlib.sha256()
    for text in texts:
        digest.update(text.encode("utf-8", "surrogatepass") + b"\n")
    return digest.hexdigest()


def start(game, seats, seed, *, folder="playtests", source: str = "app", preset: str | None = None,
          note: str | None = None) -> PlaytestLog:
    """Start the log of one table and write its header at once; returns a :class:`PlaytestLog`.

    ``game`` is a built game, ``seats`` one entry per seat (``{"person": "Ana"}`` or
    ``{"bot": "greedy"}``), ``seed`` the seed of ``game.new_state(seed)`` (``None``: a fresh
    one, given back as ``log.seed``), ``folder`` where the file goes (made if missing),
    ``source`` where the game is played (``"app"``, ``"terminal"``), ``preset`` the name of a
    design-lab preset the game was built from, ``note`` a line of text kept in the header
    (at most :data:`MAX_NOTE_CHARS` characters; e.g. "made by a script, not people"), left
    out when ``None``. Wrong seats raise :class:`PlaytestError`; a
    folder that cannot be written never raises: the log's ``problem`` says why and its
    methods do nothing.
    """
    from .core import check_seed

    stored = check_seats(game, seats)
    seed = check_seed(seed)
    when = _now()
    try:
        options = game.options_dict()
        json.dumps(options, allow_nan=False)
    except (TypeError, ValueError) as err:
        return PlaytestLog(None, None, seed, f"playtests are not being saved: the rule options are not JSON data ({clip(str(err))})")
    header = {
        "kind": "header",
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game.name,
        "title": game.title,
        "players": game.num_players,
        "options": options,
        "preset": None if preset is None else clip(str(preset), 200),
        "seed": seed,
        "seats": stored,
        "date": when.isoformat(timespec="seconds"),
        "package_version": _package_version(),
        "source": clip(str(source), 40),
    }
    if note is not None:
        header["note"] = str(note)[:MAX_NOTE_CHARS]
    try:
        fd, path = _open_new(Path(folder), game.name, when)
    except (OSError, ValueError) as err:  # read-only, full, a file in the way, a bad name
        return PlaytestLog(None, None, seed, f"playtests are not being saved: cannot write in {brief(str(folder), 200)} ({clip(str(err), 200)})")
    log = PlaytestLog(path, fd, seed)
    log._write(header, MAX_HEADER_BYTES)
    return log


# ----------------------------------------------------------------------------------------
# Reading
# ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Decision:
    """One logged decision: the seat, its legal choices as text (``None`` when the file
    stored only their count and digest, ``legal_sha256``), their number, the choice and the
    seconds taken."""

    seat: int
    legal: tuple | None
    legal_count: int
    choice: str
    seconds: float | None
    legal_sha256: str | None = None


@dataclasses.dataclass
class Playtest:
    """One table's game, replayed: the header's fields, the decisions, whether it finished,
    the replayed ``state`` (final, or as far as the log goes) and the ``source`` file.
    ``played_in`` is the header's ``source`` (``"app"``, ``"terminal"``); ``note`` the
    header's note (``None`` when it has none), e.g. that a program played the game."""

    game: str
    title: str
    players: int
    options: dict
    preset: str | None
    seed: int
    seats: list
    date: str
    package_version: str
    played_in: str
    format_version: int
    decisions: list
    finished: bool
    state: object
    source: Path | None
    scores: tuple | None = None
    winners: tuple | None = None
    note: str | None = None
    #: What a paper playtest's observer wrote down (the header's ``paper``), else ``None``.
    paper: dict | None = None
    #: The game built from the header (``state.game`` for a replayed log).
    built: object = dataclasses.field(default=None, repr=False, compare=False)

    def __post_init__(self):
        if self.built is None and self.state is not None:
            self.built = self.state.game

    @property
    def replayable(self) -> bool:
        """True when the log holds the seed and the moves (not a paper playtest)."""
        return self.state is not None

    @property
    def people(self) -> list[str]:
        """The names of the people at the table, in seat order."""
        return [seat["person"] for seat in self.seats if "person" in seat]

    def lines(self) -> list[dict]:
        """The file's lines as data (header, decisions, result), e.g. to write a copy."""
        header = {
            "kind": "header", "format": FORMAT, "format_version": self.format_version, "game": self.game,
            "title": self.title, "players": self.players, "options": self.options, "preset": self.preset,
            "seed": self.seed, "seats": self.seats, "date": self.date, "package_version": self.package_version,
            "source": self.played_in,
        }
        if self.note is not None:
            header["note"] = self.note
        if self.paper is not None:
            header["paper"] = self.paper
        out = [header]
        for d in self.decisions:
            line = {"kind": "decision", "seat": d.seat, "legal_count": d.legal_count,
                    "legal": None if d.legal is None else list(d.legal)}
            if d.legal is None:
                line["legal_sha256"] = d.legal_sha256
            line.update(choice=d.choice, seconds=d.seconds)
            out.append(line)
        if self.finished:
            out.append({"kind": "result", "scores": list(self.scores), "winners": list(self.winners)})
        return out


@dataclasses.dataclass
class Playtests:
    """What :func:`load` found: ``games`` (a :class:`Playtest` per file, in file-name
    order) and ``refused`` (file -> the reason it was not loaded)."""

    games: list
    refused: dict

    def __len__(self) -> int:
        return len(self.games)

    def __iter__(self):
        return iter(self.games)

    def __repr__(self) -> str:
        done = sum(g.finished for g in self.games)
        return (f"<Playtests: {len(self.games)} games ({done} finished, {len(self.games) - done} unfinished), "
                f"{len(self.refused)} files refused>")

    def write(self, folder) -> list[Path]:
        """Write each game to a new file of ``folder`` (e.g. an anonymised copy to share);
        returns the files. ``OSError`` when the folder cannot be written."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        paths = []
        for game in self.games:
            fd, path = _open_new(folder, game.game, _now())
            with os.fdopen(fd, "wb") as out:
                for line in game.lines():
                    out.write((json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8"))
            paths.append(path)
        return paths


def _refuse_duplicates(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise PlaytestError(f"the key {brief(key)} appears twice in one object")
        seen[key] = value
    return seen


def _no_constant(name: str):
    raise PlaytestError(f"{name} is not a number a playtest holds")


def _depth_ok(data) -> bool:
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return False
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return True


def _parse_line(raw: bytes, number: int):
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise PlaytestError(f"line {number} is not UTF-8 text (byte {err.start} is {raw[err.start]:#04x})") from None
    try:
        data = json.loads(text, object_pairs_hook=_refuse_duplicates, parse_constant=_no_constant)
    except PlaytestError as err:
        raise PlaytestError(f"line {number}: {err}") from None
    except RecursionError:
        raise PlaytestError(f"line {number} is nested too deeply (at most {MAX_DEPTH} levels)") from None
    except ValueError as err:
        raise PlaytestError(f"line {number} is not valid JSON: {clip(str(err), 200)}") from None
    if not _depth_ok(data):
        raise PlaytestError(f"line {number} is nested too deeply (at most {MAX_DEPTH} levels)")
    if not isinstance(data, dict):
        raise PlaytestError(f"line {number} is not a JSON object")
    return data


def _whole(value, where: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise PlaytestError(f"{where} is {brief(value)}; allowed: a whole number {bound}")
    return value


def _text(value, where: str, most: int = 200, none: bool = False):
    if value is None and none:
        return None
    if not isinstance(value, str) or len(value) > most:
        raise PlaytestError(f"{where} is {brief(value)}; allowed: a text of at most {most} characters")
    return value


_HEADER_KEYS = ("kind", "format", "format_version", "game", "title", "players", "options", "preset", "seed",
                "seats", "date", "package_version", "source", "note", "paper")
_DECISION_KEYS = ("kind", "seat", "legal_count", "legal", "legal_sha256", "choice", "seconds")
_RESULT_KEYS = ("kind", "scores", "winners")


def _check_keys(data: dict, allowed, where: str, optional=()) -> None:
    unknown = [k for k in data if k not in allowed]
    if unknown:
        raise PlaytestError(f"{where} has the unknown key {brief(unknown[0])}; allowed: {', '.join(allowed)}")
    missing = [k for k in allowed if k not in data and k not in optional]
    if missing:
        raise PlaytestError(f"{where} has no {missing[0]!r}")


def _read_header(data: dict):
    from .registry import GAMES, load

    if data.get("kind") != "header" or data.get("format") != FORMAT:
        raise PlaytestError(f"line 1 is not a playtest header (a {FORMAT!r} line of kind 'header')")
    version = data.get("format_version")
    if version != FORMAT_VERSION or type(version) is not int:
        raise PlaytestError(f"format version {brief(version)} is unknown; this gamedesign reads version {FORMAT_VERSION}")
    _check_keys(data, _HEADER_KEYS, "the header", optional=("note", "paper"))
    # A header with a paper sheet is a game typed in from paper (no seed, no moves); an older
    # log whose source is "paper" with a seed and moves replays like any other.
    on_paper = "paper" in data
    if on_paper and data["source"] != "paper":
        raise PlaytestError(f"the header has a paper sheet but its source is {brief(data['source'])}; a paper sheet "
                            "belongs to a log of source 'paper'")
    name = data["game"]
    if not isinstance(name, str) or name not in GAMES:
        raise PlaytestError(f"unknown game {brief(name)}; known: {', '.join(GAMES)} (register your own game first)")
    players = _whole(data["players"], "players", 1, 99)
    options = data["options"]
    if not isinstance(options, dict):
        raise PlaytestError(f"options is {brief(options)}; allowed: a JSON object of rule options")
    try:
        game = load(name, players=players, **options)
    except (ValueError, TypeError) as err:
        raise PlaytestError(f"the game cannot be built from the header: {clip(str(err), 300)}") from None
    seats = data["seats"]
    if not isinstance(seats, list):
        raise PlaytestError(f"seats is {brief(seats)}; allowed: a list with one entry per seat")
    for seat, entry in enumerate(seats):
        ok = isinstance(entry, dict) and len(entry) == 1 and next(iter(entry)) in ("person", "bot")
        if not ok or not isinstance(next(iter(entry.values())), str) or len(next(iter(entry.values()))) > MAX_PERSON_CHARS:
            raise PlaytestError(
                f"seat {seat} is {brief(entry)}; allowed: {{'person': NAME}} or {{'bot': NAME}}, a name of at most "
                f"{MAX_PERSON_CHARS} characters")
    if len(seats) != players:
        raise PlaytestError(f"seats has {len(seats)} entries for {players} players")
    fields = dict(
        game=name, title=_text(data["title"], "title"), players=players, options=options,
        preset=_text(data["preset"], "preset", none=True),
        seed=_paper_seed(data["seed"]) if on_paper else _whole(data["seed"], "seed", 0),
        seats=[dict(s) for s in seats], date=_text(data["date"], "date", 40),
        package_version=_text(data["package_version"], "package_version", 40),
        played_in=_text(data["source"], "source", 40), format_version=version,
        note=_text(data.get("note"), "note", MAX_NOTE_CHARS, none=True),
    )
    if on_paper:
        fields["paper"] = check_paper_sheet(game, data["paper"])
    return game, fields


def _paper_seed(value):
    if value is not None:
        raise PlaytestError(f"a paper playtest has no seed (null), not {brief(value)}: its cards were shuffled by hand")
    return None


def _read_decision(data: dict, number: int) -> Decision:
    where = f"line {number}"
    _check_keys(data, _DECISION_KEYS, where, optional=("legal_sha256",))
    seat = _whole(data["seat"], f"{where}: seat", 0, 99)
    count = _whole(data["legal_count"], f"{where}: legal_count", 0)
    legal = data["legal"]
    if legal is None:
        digest = data.get("legal_sha256")
        if not isinstance(digest, str) or len(digest) != 64:
            raise PlaytestError(f"{where} lists no legal choices and has no legal_sha256 digest of them")
    else:
        if not isinstance(legal, list) or not all(isinstance(t, str) for t in legal) or len(legal) != count:
            raise PlaytestError(f"{where}: legal is {brief(legal)}; allowed: a list of legal_count ({count}) texts")
        if "legal_sha256" in data:
            raise PlaytestError(f"{where} has both a list of legal choices and their digest")
        legal = tuple(legal)
    choice = _text(data["choice"], f"{where}: choice", MAX_LINE_BYTES)
    seconds = data["seconds"]
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds < 0):
        raise PlaytestError(f"{where}: seconds is {brief(seconds)}; allowed: a number of at least 0, or null")
    return Decision(seat, legal, count, choice, seconds, None if legal is not None else data["legal_sha256"])


def _replay(game, seed: int, decisions: list, lines: list[int]):
    """The state after ``decisions``, each checked against the engine: ``PlaytestError``
    naming the line of the first move the rules forbid. Simultaneous movers are given the
    lists the engine lists before any of their round is applied, as in play."""
    state = game.new_state(seed=seed)
    round_legal: dict = {}
    for decision, number in zip(decisions, lines):
        if not round_legal:
            movers = state.to_move()
            if not movers:
                raise PlaytestError(f"line {number}: a move after the end of the game")
            round_legal = {seat: state.legal_actions(seat) for seat in movers}
        seat = decision.seat
        if seat not in round_legal:
            raise PlaytestError(
                f"line {number}: seat {seat} moves out of turn; the engine waits for seat"
                f"{'s' if len(round_legal) > 1 else ''} {', '.join(map(str, round_legal))}")
        legal = round_legal.pop(seat)
        texts = [str(a) for a in legal]
        if decision.legal is not None and list(decision.legal) != texts:
            differ = next((i for i, (a, b) in enumerate(zip(decision.legal, texts)) if a != b), None)
            shown = (f"{len(decision.legal)} logged, {len(texts)} in the engine" if differ is None else
                     f"choice {differ + 1} is {brief(decision.legal[differ])} in the log, {brief(texts[differ])} in the engine")
            raise PlaytestError(f"line {number}: the legal choices logged for seat {seat} are not the engine's ({shown})")
        if decision.legal is None and (decision.legal_count != len(texts)
                                       or decision.legal_sha256 != legal_digest(texts)):
            raise PlaytestError(f"line {number}: the legal choices logged for seat {seat} are not the engine's")
        try:
            action = game.parse_action(decision.choice)
        except ValueError as err:
            raise PlaytestError(f"line {number}: the choice {brief(decision.choice)} is no move: {clip(str(err))}") from None
        if action not in legal:
            raise PlaytestError(f"line {number}: {brief(decision.choice)} is not allowed for seat {seat} there")
        try:
            state.apply(seat, legal[legal.index(action)])
        except IllegalAction as err:
            raise PlaytestError(f"line {number}: the rules forbid this move: {clip(str(err), 200)}") from None
    return state


def load_file(path) -> Playtest:
    """One playtest file, replayed; :class:`PlaytestError` saying why it cannot be."""
    path = Path(path)
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError as err:
        raise PlaytestError(f"cannot be read ({clip(err.strerror or str(err))})") from None
    with os.fdopen(fd, "rb") as stream:
        info = os.fstat(stream.fileno())
        import stat

        if not stat.S_ISREG(info.st_mode):
            raise PlaytestError("is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise PlaytestError(f"has {info.st_size:,} bytes; a playtest file has at most {MAX_FILE_BYTES:,}")
        raw = stream.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise PlaytestError(f"has more than {MAX_FILE_BYTES:,} bytes; a playtest file has at most {MAX_FILE_BYTES:,}")
    chunks = raw.split(b"\n")
    if chunks and chunks[-1] == b"":
        chunks.pop()
    if chunks and not raw.endswith(b"\n"):
        chunks.pop()  # the last line was being written when the program stopped: not kept
    if not chunks:
        raise PlaytestError("has no complete line: a playtest file starts with a header line")
    if len(chunks) > MAX_DECISIONS + 2:
        raise PlaytestError(f"has {len(chunks):,} lines; a playtest file has at most {MAX_DECISIONS:,} decisions")
    if len(chunks[0]) > MAX_HEADER_BYTES:
        raise PlaytestError(f"line 1 has {len(chunks[0]):,} bytes; a header has at most {MAX_HEADER_BYTES:,}")
    game, fields = _read_header(_parse_line(chunks[0], 1))
    decisions, numbers, result = [], [], None
    for number, chunk in enumerate(chunks[1:], 2):
        if len(chunk) + 1 > MAX_LINE_BYTES:
            raise PlaytestError(f"line {number} has {len(chunk) + 1:,} bytes; a line has at most {MAX_LINE_BYTES:,}")
        if result is not None:
            raise PlaytestError(f"line {number} comes after the result line")
        data = _parse_line(chunk, number)
        kind = data.get("kind")
        if kind == "decision":
            decisions.append(_read_decision(data, number))
            numbers.append(number)
        elif kind == "result":
            _check_keys(data, _RESULT_KEYS, f"line {number}")
            result = (data["scores"], data["winners"], number)
        else:
            raise PlaytestError(f"line {number} is of kind {brief(kind)}; allowed: 'decision', 'result'")
    if "paper" in fields:
        return _paper_playtest(game, fields, decisions, numbers, result, path)
    state = _replay(game, fields["seed"], decisions, numbers)
    scores = winners = None
    if result is not None:
        if not state.is_over():
            raise PlaytestError(f"line {result[2]}: a result line, but the replayed game is not over")
        final = state.result()
        if _canonical(list(final.scores)) != _canonical(result[0]) or _canonical(list(final.winners)) != _canonical(result[1]):
            raise PlaytestError(
                f"line {result[2]}: the logged result (scores {brief(result[0])}, winners {brief(result[1])}) is not "
                f"the replayed one (scores {brief(list(final.scores))}, winners {brief(list(final.winners))})")
        scores, winners = tuple(final.scores), tuple(final.winners)
    return Playtest(**fields, decisions=decisions, finished=result is not None, state=state, source=path,
                    scores=scores, winners=winners)


# ----------------------------------------------------------------------------------------
# Paper playtests
# ----------------------------------------------------------------------------------------

#: Characters of a paper sheet's texts: a date, an observer's name, an initials row, notes.
MAX_PAPER_TEXT = {"date": 40, "observer": MAX_PERSON_CHARS, "initials": 200, "notes": 2000}
#: The highest tally total a paper sheet may give (a stroke per event: a few dozen in a game).
MAX_TALLY = 10_000


def paper_fields() -> dict:
    """What a paper playtest's sheet holds, as the printed observation sheet asks it
    (:mod:`gamedesign.printables`): the tallies counted in strokes (``counts``), the rows
    written as initials (``initials``) and the ratings from 1 to 5 (``ratings``)."""
    from .printables import INITIALS, RATINGS, TALLIES

    return {"counts": tuple(what for what, _ in TALLIES if what not in INITIALS), "initials": tuple(INITIALS),
            "ratings": tuple(RATINGS)}


def _maybe_whole(value, where: str, low: int, high: int):
    return None if value is None else _whole(value, where, low, high)


def _maybe_text(value, where: str, most: int):
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > most:
        raise PlaytestError(f"{where} is {brief(value)}; allowed: a text of at most {most} characters, or empty")
    return value


def check_paper_sheet(game, sheet) -> dict:
    """A paper playtest's sheet (the header's ``paper``) checked field by field: every
    field of :func:`paper_fields` present, each a number in its range, a text, or ``None``
    (left empty on paper). ``PlaytestError`` names the field and what is allowed."""
    if not isinstance(sheet, dict):
        raise PlaytestError(f"paper is {brief(sheet)}; allowed: a JSON object of what the observer wrote down")
    fields = paper_fields()
    keys = ("date", "observer", "playtest number", "length", "tallies", "initials", "played before", "ratings", "notes")
    _check_keys(sheet, keys, "paper")
    out = {
        "date": _maybe_text(sheet["date"], "paper: date", MAX_PAPER_TEXT["date"]),
        "observer": _maybe_text(sheet["observer"], "paper: observer", MAX_PAPER_TEXT["observer"]),
        "playtest number": _maybe_whole(sheet["playtest number"], "paper: playtest number", 1, 100_000),
        "length": _maybe_whole(sheet["length"], "paper: length", 0, MAX_DECISIONS),
        "notes": _maybe_text(sheet["notes"], "paper: notes", MAX_PAPER_TEXT["notes"]),
    }
    tallies = sheet["tallies"]
    if not isinstance(tallies, dict):
        raise PlaytestError(f"paper: tallies is {brief(tallies)}; allowed: an object with {', '.join(fields['counts'])}")
    _check_keys(tallies, fields["counts"], "paper: tallies")
    out["tallies"] = {k: _maybe_whole(tallies[k], f"paper: tally {k!r}", 0, MAX_TALLY) for k in fields["counts"]}
    initials = sheet["initials"]
    if not isinstance(initials, dict):
        raise PlaytestError(f"paper: initials is {brief(initials)}; allowed: an object with {', '.join(fields['initials'])}")
    _check_keys(initials, fields["initials"], "paper: initials")
    out["initials"] = {k: _maybe_text(initials[k], f"paper: {k!r}", MAX_PAPER_TEXT["initials"]) for k in fields["initials"]}
    before, ratings = sheet["played before"], sheet["ratings"]
    if not isinstance(before, list) or len(before) != game.num_players or not all(b in (True, False, None) for b in before):
        raise PlaytestError(f"paper: played before is {brief(before)}; allowed: one yes (true), no (false) or empty "
                            f"(null) per seat, {game.num_players} in all")
    out["played before"] = list(before)
    if not isinstance(ratings, list) or len(ratings) != game.num_players:
        raise PlaytestError(f"paper: ratings is {brief(ratings)}; allowed: one object of ratings per seat, "
                            f"{game.num_players} in all")
    checked = []
    for seat, row in enumerate(ratings):
        if not isinstance(row, dict):
            raise PlaytestError(f"paper: the ratings of seat {seat} are {brief(row)}; allowed: an object with "
                                f"{', '.join(fields['ratings'])}")
        _check_keys(row, fields["ratings"], f"paper: the ratings of seat {seat}")
        checked.append({k: _maybe_whole(row[k], f"paper: seat {seat}'s rating {k!r}", 1, 5) for k in fields["ratings"]})
    out["ratings"] = checked
    return out


def _check_paper_result(game, scores, winners, where: str = "the result") -> tuple:
    n = game.num_players
    if not isinstance(scores, list) or len(scores) != n or not all(
            s is None or (isinstance(s, (int, float)) and not isinstance(s, bool) and abs(s) < 1e12) for s in scores):
        raise PlaytestError(f"{where}: scores is {brief(scores)}; allowed: one number (or null, not written down) "
                            f"per seat, {n} in all")
    if not isinstance(winners, list) or len(set(map(repr, winners))) != len(winners) or not all(
            isinstance(w, int) and not isinstance(w, bool) and 0 <= w < n for w in winners):
        raise PlaytestError(f"{where}: winners is {brief(winners)}; allowed: a list of different seats from 0 to "
                            f"{n - 1} (empty: nobody won)")
    return tuple(scores), tuple(sorted(winners))


def _paper_playtest(game, fields, decisions, numbers, result, path) -> "Playtest":
    if decisions:
        raise PlaytestError(f"line {numbers[0]}: a paper playtest holds no moves (its cards were played on a table)")
    scores = winners = None
    if result is not None:
        scores, winners = _check_paper_result(game, result[0], result[1], f"line {result[2]}")
    return Playtest(**fields, decisions=[], finished=result is not None, state=None, source=path, scores=scores,
                    winners=winners, built=game)


def write_paper(game, seats, scores, winners, sheet, folder="playtests", *, preset: str | None = None,
                note: str | None = None) -> Path:
    """Save a paper playtest in the playtest format (``source`` ``"paper"``) and return its
    file: ``seats`` as for :func:`start`, ``scores`` one number per seat (``None``: not
    written down), ``winners`` the seats that won (empty: nobody), ``sheet`` what the observer
    wrote down (:func:`check_paper_sheet`). The form of ``notebooks/apps/paper_playtest.ipynb``
    calls it. ``PlaytestError`` says which field is wrong; ``OSError`` when the folder
    cannot be written."""
    stored = check_seats(game, seats)
    sheet = check_paper_sheet(game, sheet)
    scores, winners = _check_paper_result(game, list(scores), list(winners))
    when = _now()
    header = {
        "kind": "header", "format": FORMAT, "format_version": FORMAT_VERSION, "game": game.name, "title": game.title,
        "players": game.num_players, "options": game.options_dict(),
        "preset": None if preset is None else clip(str(preset), 200), "seed": None, "seats": stored,
        "date": when.isoformat(timespec="seconds"), "package_version": _package_version(), "source": "paper",
    }
    if note is not None:
        header["note"] = str(note)[:MAX_NOTE_CHARS]
    header["paper"] = sheet
    lines = [header, {"kind": "result", "scores": list(scores), "winners": list(winners)}]
    data = b"".join((json.dumps(line, ensure_ascii=False, allow_nan=False, separators=(",", ":")) + "\n").encode("utf-8")
                    for line in lines)
    fd, path = _open_new(Path(folder), game.name, when)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    return path


def in_memory(game, seats, seed: int, moves, played_in: str = "app", finished: bool | None = None) -> "Playtest":
    """A :class:`Playtest` of a game played here and now, with no file: ``moves`` are
    ``(seat, legal, action, seconds)`` in the order they were made (what an app or the
    terminal hands its log), replayed and checked like a file's. For a game's review and
    replay at its end (:func:`review`, :func:`replay`) even when no log is saved."""
    stored = check_seats(game, seats)
    decisions = []
    for seat, legal, action, seconds in moves:
        texts = tuple(str(a) for a in legal)
        decisions.append(Decision(seat, texts, len(texts), str(action), seconds))
    state = _replay(game, seed, decisions, list(range(2, len(decisions) + 2)))
    over = state.is_over() if finished is None else finished
    result = state.result() if over else None
    return Playtest(game=game.name, title=game.title, players=game.num_players, options=game.options_dict(),
                    preset=None, seed=seed, seats=stored, date=_now().isoformat(timespec="seconds"),
                    package_version=_package_version(), played_in=played_in, format_version=FORMAT_VERSION,
                    decisions=decisions, finished=over, state=state, source=None,
                    scores=None if result is None else tuple(result.scores),
                    winners=None if result is None else tuple(result.winners))


def _canonical(data) -> str:
    return json.dumps(data, sort_keys=True)


def _files(paths) -> list[Path]:
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    files: list[Path] = []
    for entry in paths:
        entry = Path(entry)
        if entry.is_dir():
            files.extend(sorted(p for p in entry.iterdir() if p.suffix == ".jsonl"))
        else:
            files.append(entry)
        if len(files) > MAX_FILES:
            raise PlaytestError(f"more than {MAX_FILES:,} files given; load at most {MAX_FILES:,} at once")
    return files


def load(paths) -> Playtests:
    """The playtests in ``paths`` (a file, a folder of ``.jsonl`` files, or a list of both),
    each replayed through the engine. A file that cannot be read or replayed (not JSON
    Lines, too large, nested too deeply, not UTF-8, of an unknown game or format version,
    a move the rules forbid, ...) goes to ``refused`` with the reason; the others load.
    """
    games, refused = [], {}
    for path in _files(paths):
        try:
            games.append(load_file(path))
        except PlaytestError as err:
            refused[path] = str(err)
        except (ValueError, RecursionError, MemoryError) as err:  # a game's own check, a huge number
            refused[path] = f"cannot be replayed: {clip(str(err), 200) or type(err).__name__}"
    return Playtests(games, refused)


# ----------------------------------------------------------------------------------------
# Sharing
# ----------------------------------------------------------------------------------------


def anonymise(logs) -> Playtests:
    """A copy of ``logs`` (a :class:`Playtests`, a list of :class:`Playtest`, or what
    :func:`load` takes) with every person's name replaced by "Player 1", "Player 2", ... in
    order of first appearance, the same name getting the same label in every file. Bots
    keep their names. ``Playtests.write(folder)`` saves the copy to share."""
    if isinstance(logs, Playtests):
        games, refused = logs.games, dict(logs.refused)
    elif isinstance(logs, Playtest):
        games, refused = [logs], {}
    elif isinstance(logs, (str, os.PathLike)) or (
            isinstance(logs, (list, tuple)) and logs and not all(isinstance(g, Playtest) for g in logs)):
        loaded = load(logs)
        games, refused = loaded.games, dict(loaded.refused)
    else:
        games, refused = list(logs), {}
    labels: dict = {}
    copies = []
    for game in games:
        seats = []
        for seat in game.seats:
            if "person" in seat:
                label = labels.setdefault(seat["person"], f"Player {len(labels) + 1}")
                seats.append({"person": label})
            else:
                seats.append(dict(seat))
        copies.append(dataclasses.replace(game, seats=seats, decisions=list(game.decisions)))
    return Playtests(copies, refused)


__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_DECISIONS",
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_HEADER_BYTES",
    "MAX_LINE_BYTES",
    "MAX_LISTED_CHARS",
    "MAX_LISTED_CHOICES",
    "MAX_NOTE_CHARS",
    "MAX_PERSON_CHARS",
    "SYNC_SECONDS",
    "Decision",
    "Playtest",
    "PlaytestError",
    "PlaytestLog",
    "Playtests",
    "anonymise",
    "check_paper_sheet",
    "in_memory",
    "legal_digest",
    "paper_fields",
    "write_paper",
    "load",
    "load_file",
    "start",
]


# ----------------------------------------------------------------------------------------
# Measuring (gamedesign.lab.people, imported when asked: the terminal and apps need none of it)
# ----------------------------------------------------------------------------------------


def games(logs):
    """One row per logged game, measured as the design lab measures bot games, with the
    people, where and when it was played and whether it finished
    (:func:`gamedesign.lab.people.games`)."""
    from .lab.people import games as measure

    return measure(logs)


def decisions(logs, estimates: bool = True, iterations: int | None = None, seed: int = 0, workers: int | None = None):
    """One row per person's decision: think time, choices, the greedy bot's move from the
    same view and the strongest bot's values (:func:`gamedesign.lab.people.decisions`;
    ``iterations`` None: each game's search budget, :func:`gamedesign.lab.people.search_budget`)."""
    from .lab.people import decisions as measure

    return measure(logs, estimates, iterations, seed, workers)


def compare_with_bots(logs, bots=("random", "greedy", "search"), bot_games=None, seed: int = 0, decisions_table=None):
    """The people's games beside bots' games of the same variant, with intervals and a
    verdict in words (:func:`gamedesign.lab.people.compare_with_bots`)."""
    from .lab.people import compare_with_bots as measure

    return measure(logs, bots, bot_games, seed, decisions_table)


def replay(log, seat: int | None = None, table: bool = False):
    """A finished (or unfinished) game to step through, round by round
    (:class:`gamedesign.lab.review.Replay`): ``seat`` shows only what that seat saw at each
    step (its observation, never the full state); without it, what everyone at the table
    saw; ``table=True`` shows every seat's view, the whole table (for a teacher). ``log`` is
    a :class:`Playtest` or a file. A paper playtest holds no moves: ``PlaytestError`` says so."""
    from .lab.review import NoReplay, replay as build

    try:
        return build(_one(log), seat=seat, table=table)
    except NoReplay as err:
        raise PlaytestError(str(err)) from None


def review(log, seat: int | None = None, iterations: int | None = None, seed: int = 0, progress=None):
    """"How did I play?" for one person (``seat``; default the first person's): each of
    their decisions valued by the strongest bot as :func:`decisions` values it, the three
    that cost the most and the moments the lead changed, in words
    (:class:`gamedesign.lab.review.Review`; ``progress(done, total)`` after each decision)."""
    from .lab.review import NoReplay, review as build

    try:
        return build(_one(log), seat=seat, iterations=iterations, seed=seed, progress=progress)
    except NoReplay as err:
        raise PlaytestError(str(err)) from None


def _one(log) -> "Playtest":
    if isinstance(log, Playtest):
        return log
    if isinstance(log, (str, os.PathLike)):
        return load_file(log)
    raise PlaytestError(f"give one playtest (a Playtest or its file), not {brief(log)}")


__all__ += ["compare_with_bots", "decisions", "games", "replay", "review"]


def example_folder(game: str | None = None) -> Path:
    """The folder of the shipped example logs (``gamedesign/data/playtests``), or of one
    game's (``"legday"``, ``"gym"``, ``"diet"``): 30 tables each, played by SCRIPTED
    PLAYERS, NOT PEOPLE (``scripts/make_example_playtests.py``; every header's ``note``
    says so). Good for trying the tools; they say nothing about people."""
    folder = Path(__file__).resolve().parent / "data" / "playtests"
    if game is None:
        return folder
    shipped = sorted(p.name for p in folder.iterdir() if p.is_dir())
    if game not in shipped:
        raise ValueError(f"example playtests are shipped for {', '.join(shipped)}, not {brief(game)}")
    return folder / game


__all__ += ["example_folder"]
