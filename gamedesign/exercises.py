"""Exercises with instant feedback that never gives the answer away, and a record for the teacher.

Five kinds of exercise, each judged by what it asks for:

* **compute** (``check(id, answer)``): an exact answer (a count, a sympy ``Rational`` or a
  ``Fraction``) must be equal; a decimal counts only when it is exactly the answer.
* **simulate** (``check(id, table)``): the table ``gamedesign.simulate`` returned (or the
  records of ``lab.record_games``, or for a ladder exercise the rung ``ladder.play_rung``
  returned). The check makes sure the run played the asked game, variant and bots, and at
  least the asked number of games, reads the estimate from it itself, and judges it against
  where 99 of 100 estimates from *that many* games fall around the true value, whatever the
  seed; it shows the run's own 95% interval. An estimate typed as a number needs its number
  of games (``check(id, 0.66, games=5000)``); a bare number is told what to give instead.
  The true values were measured once from many games; ``gamedesign/data/exercise_values.json``
  keeps the band each needs (``scripts/measure_exercises.py`` makes it).
* **predict** (``predict(id, value)``): a guess written down *before* the output that
  answers it. It is kept in the answers file, and set against the measurement later: by the
  check of the simulate or compute exercise that measures it, or by ``reveal(id, measured)``
  with a measurement of your own (a column of results, an ``odds`` estimate, a row of a lab
  table, a ladder rung). A prediction written down after its answer was shown is kept and
  marked "made after seeing the answer".
* **explain** (``check(id, text)``): a few sentences in your own words (at least 8 distinct
  words of 3 letters or more that the exercise's hint does not use), saved for the teacher.
* **assignment** (``assignment(id)``): the design assignment's goal, success criterion and
  verdict, written in a form whose *Save* button saves them as explanations are saved.

Every check of an answer is recorded in the answers file (``my_answers.json`` beside the
notebook; see :mod:`gamedesign.answers`) with its time, the answer in short form, its status,
the games and seed of a measurement, and whether its prediction came first; the teacher reads
a folder of them with :func:`collect` and writes them for a spreadsheet with
:func:`export_csv`. The record helps an honest class; it is no proof against a student who
edits the file or reads the package.

Wrong answers get a hint that points to the idea (which function, which count, why), with
a hint of its own for the usual slips: a percent for a probability, the complement, one
kind instead of all, the standard rules instead of the variant. Neither a message nor a
``Feedback``'s ``details`` carry the expected value, and the package keeps none by name:
exact answers are kept as salted hashes, simulated ones as the band an estimate must fall
in. Teachers find the answers in the teacher copies (``notebooks/solutions/``) or in the key
``scripts/answer_key.py`` writes from them.

Numbers of any library (Python, numpy, sympy, ``fractions``, ``decimal``) are judged by
their value; an answer that is not a number says why; ``None`` (or ``...``) gets "not
answered yet" rather than an error.

The catalogue is data: one JSON file per lesson in ``gamedesign/data/exercises/`` (named after
the lesson's notebook) holds its exercises in order, each with its id, kind, hint, the games
it asks for, what it measures (a game by its name in the registry and its rule options, or a
preset of the lab, and the bots) and its usual mistakes with their hints. This module reads
them all with one checker and names no game itself. A lesson of one's own adds its exercises
with :func:`add_lesson`; docs/exercises.md describes the format.
"""

from __future__ import annotations

import hashlib
import html
import json
import math
import numbers
import re
import secrets
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import sympy as sp

from . import answers
from .answers import AnswersFileError, answers_file, collect, export_csv, set_answers_file, set_name
from .core import brief
from .files import strict_json

#: What the checker knows of each answer: salted hashes of the exact ones, the bands of the
#: simulated ones (and of their usual mistakes).
VALUES_FILE = Path(__file__).resolve().parent / "data" / "exercise_values.json"
#: A simulated estimate is right within this many standard errors of the true value (99%).
Z99 = 2.5758
#: Intervals shown to students are 95% intervals.
Z95 = 1.96
#: A prediction this close to an exact value counts as close.
CLOSE = 0.02
#: A decimal that agrees with an exact value to this many significant digits (or more) is
#: that value rounded.
ROUNDED_DIGITS = range(3, 11)
#: The words an explanation needs: distinct, of at least this many letters, not the hint's own.
WORD_LETTERS = 3

STATUSES = ("right", "wrong", "not answered", "saved", "compared")
#: The fields of a design assignment (``assignment(id)``), with what each asks for.
ASSIGNMENT_FIELDS = {
    "goal": "My design goal: what should change in the game, and by how much",
    "criterion": "My success criterion, decided before the run: the measure, the change it needs, and what must not change",
    "verdict": "My verdict, from the numbers: which changes are clear after the correction, did the second mix of "
               "bots agree, and was the criterion met",
}


class ExerciseError(ValueError):
    """An exercise asked for by an id it does not have, or in a way it is not answered."""


# ---- what an exercise is, and what a verdict is -------------------------------------------


@dataclass(frozen=True)
class Exercise:
    """One exercise as the student sees it: its kind, its hint and what it asks for, as its
    lesson's data file gives them (see :data:`LESSONS_FOLDER`).

    ``kind`` is "exact", "estimate", "predict", "explain" or "assignment". An estimate asks
    for at least ``games`` games; ``share`` says that the answer is a share (between 0 and
    1). ``reveals`` names the prediction a right answer is set against. A prediction's
    ``more`` and ``less`` say what it means when the measurement comes out above or below it.
    An explanation needs ``min_words`` words of its own (distinct, of 3 letters or more, not
    words of the hint).
    """

    id: str
    kind: str
    hint: str
    games: int | None = None
    share: bool = True
    reveals: str | None = None
    more: str = ""
    less: str = ""
    min_words: int = 8


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer.

    ``status`` is "right", "wrong" or "not answered"; a prediction is "saved", and a
    prediction set against a measurement is "compared". ``details`` holds only what the
    student gave or measured (never the expected value).
    """

    exercise: str
    status: str
    message: str
    details: dict = field(default_factory=dict)

    @property
    def correct(self) -> bool:
        """True for a right answer."""
        return self.status == "right"

    def __str__(self) -> str:
        symbol = {"right": "✔", "wrong": "✘", "not answered": "…", "saved": "✎", "compared": "➜"}[self.status]
        return f"{symbol} {self.exercise}: {self.message}"

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = {"right": "#1d5c2e", "wrong": "#8a1c1c", "not answered": "#1f3b5a", "saved": "#1f3b5a",
                  "compared": "#1f3b5a"}[self.status]
        return f'<div role="status" style="color:{colour};font-weight:600">{html.escape(str(self))}</div>'


PROBABILITY = "A prediction is a share between 0 and 1 (0.5 means half); write your own guess before you measure."


# ---- the key (private): what each exercise measures, its usual mistakes and their hints ---


@dataclass(frozen=True)
class _Load:
    """How a measured game is made, as a lesson data file says it: ``gamedesign.load(game,
    **options)``, or a preset of the lab built (``lab.load_preset(preset).build()``). The game
    is named in data and reached through the registry."""

    game: str = ""
    options: tuple = ()
    preset: str = ""

    def __call__(self):
        if self.preset:
            from .lab import load_preset

            return load_preset(self.preset).build()
        import gamedesign

        return gamedesign.load(self.game, **dict(self.options))

    @property
    def text(self) -> str:
        """The call that makes the game, as the student types it."""
        if self.preset:
            return f"lab.load_preset({self.preset!r}).build()"
        return f"gamedesign.load({', '.join([repr(self.game)] + [f'{k}={v!r}' for k, v in self.options])})"


@dataclass(frozen=True)
class _Measure:
    """What a simulate exercise measures: in games of ``load()`` between ``bots`` (one per
    seat, or one name for every seat), per game whether ``seat`` won (``every_seat``: the mean
    of 'won' over a game's rows, a usual mistake). ``tested`` makes it a ladder rung: the
    ``tested`` bot against copies of ``bots``, in each seat in turn, as ``ladder.play_rung``
    plays."""

    load: _Load
    bots: Any
    seat: int = 0
    every_seat: bool = False
    tested: str = ""

    def game(self):
        return _game(self.load)

    def lineup(self) -> list:
        """The asked bots, one name per seat."""
        players = self.game().num_players
        return [self.bots] * players if isinstance(self.bots, str) else list(self.bots)

    def values(self, games: int, seed: int):
        """The per-game values of ``games`` games from ``seed``, played in one process."""
        import numpy as np

        import gamedesign

        if self.tested:
            parts = []
            for seat in range(self.game().num_players):
                bots = [self.bots] * self.game().num_players
                bots[seat] = self.tested
                table = gamedesign.simulate(self.game(), bots, games=games // len(bots), seed=seed + seat, workers=1,
                                            progress=False)
                parts.append(table.loc[table.seat == seat, "won"].astype(float).to_numpy())
            return np.concatenate(parts)
        table = gamedesign.simulate(self.game(), self.bots, games=games, seed=seed, workers=1, progress=False)
        if self.every_seat:
            return table.groupby("game")["won"].mean().astype(float).to_numpy()
        return table.loc[table.seat == self.seat, "won"].astype(float).to_numpy()

    @property
    def how(self) -> str:
        if self.tested:
            return (f"gamedesign.simulate({self.load.text}, {self.tested} in seat s and {self.bots} bots elsewhere, "
                    "games // players games from seed + s) for each seat s, as ladder.play_rung plays; per game, "
                    f"whether the {self.tested} bot won")
        what = "the mean of 'won' over the game's rows" if self.every_seat else f"whether seat {self.seat} won"
        bots = self.bots if isinstance(self.bots, str) else list(self.bots)
        return f"gamedesign.simulate({self.load.text}, {bots!r}, games, seed); per game, {what}"


@lru_cache(maxsize=None)
def _game(load: Callable):
    return load()


@dataclass(frozen=True)
class _Mistake:
    """A usual wrong answer and the hint that answers it. An exact one is known to the
    checker by its salted hashes in the values file (under ``name``); a simulated one by the
    ``measure`` that makes it (its band is in the values file)."""

    name: str
    hint: str
    measure: _Measure | None = None
    #: False for a mistake the checker names from a table's games only (its value is too close to
    #: the answer's to tell them apart by the number): no band of it is measured.
    banded: bool = True


@dataclass(frozen=True)
class _Key:
    """How an exercise is judged: the ``measure`` of a simulate exercise (an exact one's answer
    is in the values file, hashed), the hint for the complement, and the usual mistakes."""

    measure: _Measure | None = None
    complement: str = ""
    mistakes: tuple = ()

    @property
    def recipe(self):
        """The per-game values ``(games, seed) -> array`` of a simulate exercise (None for others)."""
        return None if self.measure is None else self.measure.values


# ---- the catalogue: one data file per lesson -----------------------------------------------

#: The package's lessons: one JSON file each, named after the lesson's notebook, read in the order of
#: their names; each holds its exercises in the order the lesson asks them.
LESSONS_FOLDER = Path(__file__).resolve().parent / "data" / "exercises"
#: The kinds of exercise a lesson file may hold.
KINDS = ("exact", "estimate", "predict", "explain", "assignment")
_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)+")
_EXACT = re.compile(r"-?[0-9]+(/[0-9]+|\.[0-9]+)?")
#: The fields of an exercise, by kind: (required, optional). An added lesson (:func:`add_lesson`)
#: may also give its own answers (:data:`_OWN_FIELDS`).
_FIELDS = {
    "exact": (("id", "kind", "hint"), ("share", "reveals", "complement", "mistakes")),
    "estimate": (("id", "kind", "hint", "games", "measure"), ("share", "reveals", "complement", "mistakes")),
    "predict": (("id", "kind", "more", "less"), ("hint",)),
    "explain": (("id", "kind", "hint"), ("min_words",)),
    "assignment": (("id", "kind", "hint"), ("min_words",)),
}
_OWN_FIELDS = {"exact": ("answer",), "estimate": ("band", "sd")}
_MEASURE_FIELDS = ("game", "preset", "options", "bots", "seat", "every_seat", "tested")


class ExerciseDataError(ValueError):
    """A lesson data file that cannot be read: the message names the file, the exercise and
    the field, and says what is allowed."""


def _shown_file(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(LESSONS_FOLDER.parent.parent.parent))
    except ValueError:
        return str(path)


class _Reader:
    """Reads one lesson file, raising :class:`ExerciseDataError` with where the problem is."""

    def __init__(self, path: Path, own: bool):
        self.path, self.own, self.file = path, own, _shown_file(path)

    def fail(self, problem: str, exercise: str = "", field: str = ""):
        where = self.file + (f", exercise {exercise!r}" if exercise else "") + (f", field {field!r}" if field else "")
        raise ExerciseDataError(f"{where}: {problem}")

    def text(self, data: dict, name: str, exercise: str, field_name: str = "") -> str:
        value = data[name]
        if not isinstance(value, str) or not value.strip():
            self.fail(f"must be a text, not {brief(value)}", exercise, field_name or name)
        return value

    def flag(self, data: dict, name: str, exercise: str, field_name: str = "") -> bool:
        value = data[name]
        if not isinstance(value, bool):
            self.fail(f"must be true or false, not {brief(value)}", exercise, field_name or name)
        return value

    def whole(self, data: dict, name: str, exercise: str, least: int, field_name: str = "") -> int:
        value = data[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            self.fail(f"must be a whole number of at least {least}, not {brief(value)}", exercise, field_name or name)
        return value

    def fields(self, data, exercise: str, required, optional, prefix: str = "", what: str = "an exercise"):
        if not isinstance(data, dict):
            self.fail(f"must be an object of fields, not {brief(data)}", exercise, prefix.rstrip("."))
        for name in data:
            if name not in (*required, *optional):
                self.fail(f"is not a field of {what}; allowed: {', '.join((*required, *optional))}", exercise, prefix + str(name))
        for name in required:
            if name not in data:
                self.fail(f"is missing (required for {what}: {', '.join(required)})", exercise, prefix + name)

    def lesson(self) -> dict:
        """``{id: (Exercise, _Key or None, own values)}`` of the file, in its order."""
        try:
            raw = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as why:
            self.fail(f"cannot be read ({why})")
        try:
            data = json.loads(raw, object_pairs_hook=strict_json)
        except ValueError as why:
            self.fail(f"is not valid JSON ({why})")
        self.fields(data, "", ("exercises",), ("title",), what="a lesson file")
        self.title = self.text(data, "title", "") if "title" in data else ""
        if not isinstance(data["exercises"], list) or not data["exercises"]:
            self.fail(f"must be a list of exercises, not {brief(data['exercises'])}", "", "exercises")
        found = {}
        for number, item in enumerate(data["exercises"], 1):
            if not isinstance(item, dict):
                self.fail(f"exercise {number} must be an object of fields, not {brief(item)}", "", "exercises")
            exercise_id = item.get("id")
            if not isinstance(exercise_id, str) or not _ID.fullmatch(exercise_id):
                self.fail(f"exercise {number} needs an id of lowercase words and digits joined by '-' "
                          f"(such as 'lesson-odds-1'), not {brief(exercise_id)}", "", "id")
            if exercise_id in found:
                self.fail("comes twice in this file", exercise_id, "id")
            found[exercise_id] = self.exercise(item, exercise_id)
        return found

    def exercise(self, item: dict, exercise_id: str) -> tuple:
        kind = item.get("kind")
        if kind not in KINDS:
            self.fail(f"must be one of {', '.join(KINDS)}, not {brief(kind)}", exercise_id, "kind")
        required, optional = _FIELDS[kind]
        own = _OWN_FIELDS.get(kind, ()) if self.own else ()
        if not self.own and set(item) & {"answer", "band", "sd"}:
            name = sorted(set(item) & {"answer", "band", "sd"})[0]
            self.fail("a lesson of the package keeps no answer: its hashes and bands are in "
                      "gamedesign/data/exercise_values.json (scripts/measure_exercises.py writes them)", exercise_id, name)
        self.fields(item, exercise_id, required + (own if kind == "estimate" else ()), optional + (own if kind == "exact" else ()),
                    what=f"{'an' if kind[0] in 'ae' else 'a'} {kind} exercise")
        hint = self.text(item, "hint", exercise_id) if "hint" in item else PROBABILITY
        facts = {"hint": hint}
        for name in ("more", "less", "reveals"):
            if name in item:
                facts[name] = self.text(item, name, exercise_id)
        if "share" in item:
            facts["share"] = self.flag(item, "share", exercise_id)
        if "min_words" in item:
            facts["min_words"] = self.whole(item, "min_words", exercise_id, 1)
        if "games" in item:
            facts["games"] = self.whole(item, "games", exercise_id, 1)
        exercise = Exercise(exercise_id, kind, **facts)
        if kind not in ("exact", "estimate"):
            return exercise, None, {}
        measure = self.measure(item["measure"], exercise_id, "measure") if kind == "estimate" else None
        mistakes = self.mistakes(item.get("mistakes", []), exercise_id, kind)
        complement = self.text(item, "complement", exercise_id) if "complement" in item else ""
        values = self.own_values(item, exercise_id, kind, mistakes) if self.own else {}
        return exercise, _Key(measure, complement, tuple(m for m, _ in mistakes)), values

    def mistakes(self, items, exercise_id: str, kind: str) -> list:
        if not isinstance(items, list):
            self.fail(f"must be a list of usual mistakes, not {brief(items)}", exercise_id, "mistakes")
        found, names = [], set()
        for number, item in enumerate(items):
            where = f"mistakes[{number}]."
            if kind == "exact":
                required, optional = ("name", "hint") + (("value",) if self.own else ()), ()
            else:
                required, optional = ("name", "hint"), ("measure", "banded") + (("band", "sd") if self.own else ())
            if not self.own and isinstance(item, dict) and "value" in item:
                self.fail("a lesson of the package keeps no answer, nor its mistakes' values: they are hashed in "
                          "gamedesign/data/exercise_values.json (from scripts/measure_exercises.py)", exercise_id, where + "value")
            self.fields(item, exercise_id, required, optional, prefix=where, what="a usual mistake")
            name = self.text(item, "name", exercise_id, where + "name")
            if name in names:
                self.fail(f"names the mistake {name!r} twice", exercise_id, where + "name")
            names.add(name)
            measure = self.measure(item["measure"], exercise_id, where + "measure") if "measure" in item else None
            banded = self.flag(item, "banded", exercise_id, where + "banded") if "banded" in item else \
                measure is not None or "band" in item
            if banded and measure is None and kind == "estimate" and not (self.own and "band" in item):
                self.fail("a simulated mistake that is banded needs the measure that makes it", exercise_id, where + "measure")
            found.append((_Mistake(name, self.text(item, "hint", exercise_id, where + "hint"), measure,
                                   banded if kind == "estimate" else True), item))
        return found

    def measure(self, data, exercise_id: str, where: str) -> _Measure:
        self.fields(data, exercise_id, ("bots",), _MEASURE_FIELDS, prefix=where + ".", what="a measure")
        if ("game" in data) == ("preset" in data):
            self.fail("needs either 'game' (a game's name, with its 'options') or 'preset' (a preset of the lab), "
                      "not both or neither", exercise_id, where)
        options = data.get("options", {})
        if "preset" in data and "options" in data:
            self.fail("goes with 'game': a preset holds its own options", exercise_id, where + ".options")
        if not isinstance(options, dict):
            self.fail(f"must be an object of rule options, not {brief(options)}", exercise_id, where + ".options")
        for name, value in options.items():
            if value is not None and not isinstance(value, (str, int, float, bool)):
                self.fail(f"must be a number, a text, true, false or null, not {brief(value)} (for another deck, "
                          "use a preset)", exercise_id, f"{where}.options.{name}")
        bots = data["bots"]
        if isinstance(bots, list) and bots and all(isinstance(b, str) and b for b in bots):
            bots = tuple(bots)
        elif not (isinstance(bots, str) and bots):
            self.fail(f"must be a bot's name or a list of them (one per seat), not {brief(bots)}", exercise_id, where + ".bots")
        load = _Load(self.text(data, "game", exercise_id, where + ".game") if "game" in data else "", tuple(options.items()),
                     self.text(data, "preset", exercise_id, where + ".preset") if "preset" in data else "")
        seat = self.whole(data, "seat", exercise_id, 0, where + ".seat") if "seat" in data else 0
        every = self.flag(data, "every_seat", exercise_id, where + ".every_seat") if "every_seat" in data else False
        tested = self.text(data, "tested", exercise_id, where + ".tested") if "tested" in data else ""
        if tested and not isinstance(bots, str):
            self.fail("a ladder rung ('tested') plays against copies of one bot: give 'bots' one name", exercise_id, where + ".bots")
        measure = _Measure(load, bots, seat, every, tested)
        if self.own:  # the package's lessons are played by its tests; one's own is tried here
            self.playable(measure, exercise_id, where)
        return measure

    def playable(self, measure: _Measure, exercise_id: str, where: str) -> None:
        """Refuse a measure whose game cannot be made, or whose bots or seat do not fit its players."""
        try:
            players = measure.game().num_players
        except Exception as why:  # an unknown game, a rule option it does not have, a preset that cannot be read, ...
            self.fail(f"cannot be made ({measure.load.text}): {why}", exercise_id, where + (".preset" if measure.load.preset else ".game"))
        if not isinstance(measure.bots, str) and len(measure.bots) != players:
            self.fail(f"names {len(measure.bots)} bots for a game of {players} players: give one per seat, or one name for "
                      "every seat", exercise_id, where + ".bots")
        if measure.seat >= players:
            self.fail(f"is {measure.seat}, and a game of {players} players has seats 0 to {players - 1}", exercise_id, where + ".seat")

    def own_values(self, item: dict, exercise_id: str, kind: str, mistakes: list) -> dict:
        """What the values file would hold of an added lesson's exercise, from its own answers."""
        if kind == "exact":
            if "answer" not in item:
                self.fail("is missing: an exact exercise of your own lesson gives its answer (such as \"1/7\"), which is "
                          "kept only as salted hashes", exercise_id, "answer")
            salt = secrets.token_hex(8)
            entry = {"salt": salt, "answer": hashes(salt, self.exact(item["answer"], exercise_id, "answer")), "mistakes": {}}
            for number, (mistake, raw) in enumerate(mistakes):
                if "value" in raw:
                    entry["mistakes"][mistake.name] = hashes(salt, self.exact(raw["value"], exercise_id, f"mistakes[{number}].value"))
            return {"exact": entry}
        entry = {**self.band(item, exercise_id, ""), "how": "given in the lesson file", "mistakes": {}}
        for number, (mistake, raw) in enumerate(mistakes):
            if mistake.banded:
                entry["mistakes"][mistake.name] = self.band(raw, exercise_id, f"mistakes[{number}].")
        return {"estimates": entry}

    def exact(self, value, exercise_id: str, field_name: str):
        """An exact value of the file: a whole number, or a text of a whole number, a fraction or a decimal."""
        if isinstance(value, int) and not isinstance(value, bool):
            return sp.Integer(value)
        if isinstance(value, str) and _EXACT.fullmatch(value.strip()):
            try:
                return sp.Rational(value.strip())
            except ZeroDivisionError:
                pass
        self.fail(f"must be an exact number: a whole number, or a text such as \"1/7\" or \"0.25\", not {brief(value)}",
                  exercise_id, field_name)

    def band(self, data: dict, exercise_id: str, prefix: str) -> dict:
        band, sd = data.get("band"), data.get("sd")
        if not (isinstance(band, list) and len(band) == 2 and all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                                                  and math.isfinite(x) for x in band) and band[0] <= band[1]):
            self.fail(f"must be the range the true value lies in, [low, high], not {brief(band)}", exercise_id, prefix + "band")
        if isinstance(sd, bool) or not isinstance(sd, (int, float)) or not math.isfinite(sd) or sd < 0:
            self.fail(f"must be the standard deviation of one game's value (0 or more), not {brief(sd)}", exercise_id, prefix + "sd")
        return {"band": [float(band[0]), float(band[1])], "sd": float(sd)}


EXERCISES: dict[str, Exercise] = {}
_KEY: dict[str, _Key] = {}
#: The answers of added lessons, as the values file holds the package's: ``{"exact": {...}, "estimates": {...}}``.
_ADDED: dict = {"exact": {}, "estimates": {}}
#: The file each exercise comes from.
_SOURCE: dict[str, str] = {}
#: The title of each lesson file read ("" when it has none), by file.
_TITLES: dict[str, str] = {}


def _take(path: Path, own: bool) -> list:
    """Read a lesson file and add its exercises (an added lesson's own answers too); their ids."""
    reader = _Reader(Path(path), own)
    found = reader.lesson()
    for exercise_id in found:
        if exercise_id in EXERCISES and _SOURCE[exercise_id] != reader.file:
            reader.fail(f"is already an exercise of {_SOURCE[exercise_id]}: give yours another id", exercise_id, "id")
    known = {i: e for i, e in EXERCISES.items() if _SOURCE[i] != reader.file}
    known.update({i: e for i, (e, _, _) in found.items()})
    for exercise_id, (exercise, _, _) in found.items():
        if exercise.reveals is not None and (exercise.reveals not in known or known[exercise.reveals].kind != "predict"):
            reader.fail(f"must name a prediction exercise, not {exercise.reveals!r}", exercise_id, "reveals")
    for exercise_id in [i for i in EXERCISES if _SOURCE[i] == reader.file]:  # the same file read again replaces itself
        for table in (EXERCISES, _KEY, _SOURCE, _ADDED["exact"], _ADDED["estimates"]):
            table.pop(exercise_id, None)
    for exercise_id, (exercise, key, values) in found.items():
        EXERCISES[exercise_id], _SOURCE[exercise_id] = exercise, reader.file
        if key is not None:
            _KEY[exercise_id] = key
        for part, entry in values.items():
            _ADDED[part][exercise_id] = entry
    _TITLES[reader.file] = reader.title
    _values.cache_clear()
    return list(found)


def add_lesson(path) -> list:
    """Add the exercises of a lesson file of your own (JSON, as the package's lessons are
    written: see docs/exercises.md) and return their ids: ``check``, ``predict``, ``reveal``
    and ``collect`` then take them as the package's own. Unlike the package's lessons, such a
    file gives its own answers: an exact exercise its ``answer`` (and its mistakes their
    ``value``), kept only as salted hashes; a simulate exercise the ``band`` its true value
    lies in and the ``sd`` of one game's value. Reading the same file again replaces its
    exercises; an id of another lesson is refused. A file that cannot be read raises
    :class:`ExerciseDataError` naming the file, the exercise and the field."""
    return _take(Path(path), own=True)


@lru_cache(maxsize=None)
def _file_values() -> dict:
    try:
        data = json.loads(VALUES_FILE.read_text(encoding="utf-8"), object_pairs_hook=strict_json)
    except (OSError, ValueError) as why:
        raise RuntimeError(f"{VALUES_FILE} cannot be read ({why}): run scripts/measure_exercises.py") from None
    if not isinstance(data, dict) or not isinstance(data.get("estimates"), dict) or not isinstance(data.get("exact"), dict):
        raise RuntimeError(f"{VALUES_FILE} has no 'estimates' and 'exact': run scripts/measure_exercises.py")
    return data


@lru_cache(maxsize=None)
def _values() -> dict:
    """The values file, checked, with the added lessons' own: ``{"exact": {id: hashes},
    "estimates": {id: band}}``."""
    stored = _file_values()
    data = {**stored, "exact": {**stored["exact"], **_ADDED["exact"]}, "estimates": {**stored["estimates"], **_ADDED["estimates"]}}
    for exercise_id, key in _KEY.items():
        if key.measure is None:
            entry = data["exact"].get(exercise_id)
            if not isinstance(entry, dict) or not {"salt", "answer", "mistakes"} <= set(entry):
                raise RuntimeError(f"{VALUES_FILE} lacks the hashes of {exercise_id}: run scripts/measure_exercises.py --exact")
            continue
        entry = data["estimates"].get(exercise_id, {})
        wanted = [entry] + [entry.get("mistakes", {}).get(m.name) for m in key.mistakes if m.measure is not None and m.banded]
        for one in wanted:
            band = one.get("band") if isinstance(one, dict) else None
            if not (isinstance(band, list) and len(band) == 2 and all(isinstance(x, (int, float)) for x in band)
                    and isinstance(one.get("sd"), (int, float))):
                raise RuntimeError(f"{VALUES_FILE} lacks the band of {exercise_id}: run scripts/measure_exercises.py")
    return data


def _measured() -> dict:
    """The simulate exercises' entries of the values file (``band``, ``sd``, ``games``, ...)."""
    return _values()["estimates"]


#: The ids of the package's own exercises, in the order of its lessons (an added lesson's are not among them).
PACKAGED: tuple = tuple(exercise_id for lesson in sorted(LESSONS_FOLDER.glob("*.json")) for exercise_id in _take(lesson, own=False))


# ---- exact answers as salted hashes --------------------------------------------------------


def canonical(value) -> str:
    """An exact number as the text its hash is made of: ``"p/q"`` for a fraction, ``"n"`` for a
    whole number, sympy's printed form for another exact expression."""
    value = sp.nsimplify(value) if isinstance(value, sp.Float) else sp.sympify(value)
    if value.is_Rational:
        return f"{value.p}/{value.q}" if value.q != 1 else str(value.p)
    return sp.sstr(value)


def rounded(value, digits: int) -> str:
    """``value`` to ``digits`` significant digits, in one canonical text (``"7.735e-1"``)."""
    number = Decimal(str(sp.N(sp.sympify(value), 40)))
    return f"{number:.{digits - 1}e}" if number else "0"


def digest(salt: str, text: str) -> str:
    """The salted hash the values file keeps for ``text`` (hex, as ``hashlib.sha256`` gives it)."""
    return hashlib.sha256(f"{salt}|{text}".encode("utf-8")).hexdigest()


def hashes(salt: str, value) -> dict:
    """What the values file keeps of one exact value: the hash of its canonical text, and of
    its roundings to each of :data:`ROUNDED_DIGITS` significant digits."""
    return {"exact": digest(salt, canonical(value)), "rounded": [digest(salt, rounded(value, d)) for d in ROUNDED_DIGITS]}


def _equals(stored: dict, salt: str, value, exact: bool) -> bool:
    """Whether ``value`` is the value ``stored`` hashes (exactly, or for a decimal, rounded)."""
    if exact:
        return digest(salt, canonical(value)) == stored["exact"]
    return _rounds_to(stored, salt, value)


def _rounds_to(stored: dict, salt: str, value) -> bool:
    """Whether ``value`` agrees with the stored value to some of :data:`ROUNDED_DIGITS` digits."""
    try:
        return any(digest(salt, rounded(value, d)) == h for d, h in zip(ROUNDED_DIGITS, stored["rounded"]))
    except (ArithmeticError, ValueError, TypeError):
        return False


# ---- reading a student's number --------------------------------------------------------


def _is_unanswered(answer) -> bool:
    return answer is None or answer is Ellipsis or (isinstance(answer, str) and not answer.strip())


class _NotANumber(Exception):
    """Why an answer cannot be judged as a number (the text is shown to the student)."""


def _read_number(answer) -> tuple:
    """An answer as ``(value, exact)``.

    ``value`` is a sympy number. ``exact`` is True for whole numbers and fractions of any
    library (Python, numpy, sympy, ``fractions``) and for exact sympy expressions; False
    for decimals (floats of any library, ``Decimal``, sympy ``Float``), whose ``value`` is
    the exact value of the decimal as stored. Anything else raises :class:`_NotANumber`
    saying why, in words for the student.
    """
    if hasattr(answer, "ndim") and hasattr(answer, "item") and not isinstance(answer, sp.Basic):
        if answer.ndim != 0:
            raise _NotANumber(f"got an array of {getattr(answer, 'size', 'several')} values: give one number")
        answer = answer.item()  # a numpy scalar or 0-d array: its Python value
    if isinstance(answer, sp.Basic):
        return _read_sympy(answer)
    if isinstance(answer, bool):
        raise _NotANumber(f"{answer} is a truth value, not a number")
    if isinstance(answer, numbers.Integral):
        return sp.Integer(int(answer)), True
    if isinstance(answer, numbers.Rational):  # Fraction and other exact fractions
        return sp.Rational(int(answer.numerator), int(answer.denominator)), True
    if isinstance(answer, Decimal):
        if not answer.is_finite():
            raise _NotANumber("that is not a finite number")
        return sp.Rational(str(answer)), False
    if isinstance(answer, numbers.Real):
        value = float(answer)
        if not math.isfinite(value):
            raise _NotANumber("that is not a finite number")
        return sp.Rational(value), False
    if isinstance(answer, numbers.Complex):
        if answer.imag != 0:
            raise _NotANumber("that is a complex number: give a real number")
        return _read_number(answer.real)
    if isinstance(answer, str):
        raise _NotANumber("expected a number, got str: write the number itself, without quotes")
    raise _NotANumber(f"expected a number, got {type(answer).__name__}")


def _read_sympy(answer) -> tuple:
    if not isinstance(answer, sp.Expr):
        raise _NotANumber(f"expected a number, got a sympy {type(answer).__name__}")
    if answer.free_symbols:
        names = ", ".join(sorted(str(x) for x in answer.free_symbols))
        raise _NotANumber(f"that still contains the symbol {names}: give a number")
    value = answer.doit() if not answer.is_Atom else answer
    if value is sp.nan or value.has(sp.zoo, sp.oo, -sp.oo, sp.nan) or value.is_finite is False:
        raise _NotANumber("that is not a finite number")
    if not value.is_number:
        raise _NotANumber(f"expected a number, got the sympy expression {type(value).__name__}")
    if value.is_real is False:
        raise _NotANumber("that is a complex number: give a real number")
    if value.is_Float:
        return sp.Rational(value), False
    if value.is_Rational:
        return value, True
    if value.is_real is None:
        real, imaginary = sp.N(value, 30).as_real_imag()
        if abs(imaginary) > sp.Float("1e-25"):
            raise _NotANumber("that is a complex number: give a real number")
    return value, True  # an exact expression such as sqrt(2): compared by value




def _near_words(value) -> str:
    return f"{float(value):.6g}"


def _shown(value) -> str:
    """A student's number as they would read it."""
    number = float(value)
    return f"{number:g}" if abs(number) < 10**12 else "a number that large"


# ---- the record: every check, in the answers file --------------------------------------------


#: Entries of this kernel that could not be saved (a read-only folder, ...), by exercise: the
#: session still remembers them.
_UNSAVED: dict[str, list] = {}


def _exercise(exercise_id: str) -> Exercise:
    if exercise_id not in EXERCISES:
        raise ExerciseError(f"unknown exercise {exercise_id!r}; known: {', '.join(EXERCISES)}")
    return EXERCISES[exercise_id]


def _record(exercise_id: str, kind: str, answer, status: str, **facts) -> dict:
    """Save one entry of the record; say where in words, or what went wrong (``problem``,
    empty when saved). An entry that cannot be saved is kept for the session."""
    facts = {k: v for k, v in facts.items() if v is not None}
    try:
        path = answers.save_answer(exercise_id, kind, answer, status=status, **facts)
    except AnswersFileError as why:
        entry = {"kind": kind, "time": answers._now(), "answer": answer, "status": status, **facts}
        _UNSAVED.setdefault(exercise_id, []).append(entry)
        return {"path": None, "words": "", "problem": f" It is kept for this session only, not saved: {why}."}
    shown = answers.shown_path(path)
    words = f"{shown} (in this notebook's folder)" if shown == path.name and not path.is_absolute() else shown
    return {"path": str(path), "words": words, "problem": ""}


def _entries(exercise_id: str) -> list:
    """The record of ``exercise_id``: what the answers file holds, then what this session could not save."""
    return answers.saved_entries(exercise_id) + _UNSAVED.get(exercise_id, [])


def _prediction(exercise_id: str):
    """The latest prediction for ``exercise_id`` and whether it came before its answer was
    seen, as ``(guess, first)``; ``None`` when there is none."""
    made = [entry for entry in _entries(exercise_id) if entry["kind"] == "prediction"]
    if not made:
        return None
    return made[-1]["answer"], made[-1].get("prediction_first", True)


def _answer_seen(prediction_id: str) -> bool:
    """Whether the answer to a prediction has been shown: a right check of an exercise that
    reveals it, or a measurement given to :func:`reveal` for it."""
    if any(entry["kind"] == "reveal" for entry in _entries(prediction_id)):
        return True
    revealing = [e.id for e in EXERCISES.values() if e.reveals == prediction_id]
    return any(entry["status"] == "right" for exercise_id in revealing for entry in _entries(exercise_id))


# ---- the public API -----------------------------------------------------------------------


def check(exercise_id: str, answer, games: int | None = None) -> Feedback:
    """Judge ``answer`` for exercise ``exercise_id``: "right", "wrong" (with a hint) or
    "not answered". Never raises for a student's answer: numbers of any library (Python,
    numpy, sympy, ``fractions``, ``decimal``) are judged by their value, and anything that
    is not a number says why. A simulate exercise takes the table ``gamedesign.simulate``
    returned (or ``lab.record_games``'s records, or a ladder rung), or an estimate typed with
    the number of games it comes from (``games=``). An explanation is saved to the answers
    file; a prediction given to ``check`` is saved as :func:`predict` does. Every check of
    an answer is recorded in the answers file (see :mod:`gamedesign.answers`)."""
    exercise = _exercise(exercise_id)
    if exercise.kind == "predict":
        return predict(exercise_id, answer)
    if exercise.kind == "assignment":
        raise ExerciseError(f"{exercise_id} is a design assignment: write it in the form that assignment({exercise_id!r}) shows")
    if games is not None and exercise.kind != "estimate":
        raise ExerciseError(f"games= goes with a simulated estimate; {exercise_id} asks for an exact answer or a text: "
                            f"check({exercise_id!r}, answer)")
    if _is_unanswered(answer):
        return Feedback(exercise_id, "not answered", "not answered yet: replace None with your answer and run the cell")
    kind = {"exact": "exact", "estimate": "estimate", "explain": "explanation"}[exercise.kind]
    _values()  # a values file that cannot be read is the package's fault, not the answer's: it raises
    try:
        feedback, fields = _judge(exercise, answer, games)
    except _NotANumber as why:
        feedback, fields = Feedback(exercise_id, "wrong", f"{why}. Hint: {exercise.hint}"), {"answer": _short(answer)}
    except Exception as err:  # an answer whose own methods fail: still a verdict, not a traceback
        feedback = Feedback(exercise_id, "wrong",
                            f"this answer could not be read ({type(err).__name__}): give a number. Hint: {exercise.hint}")
        fields = {"answer": f"unreadable {type(answer).__name__}"}
    if kind == "explanation":
        return feedback  # saved (or not) by the judge, whose message says where
    saved = _record(exercise_id, kind, fields.pop("answer"), feedback.status, **fields)
    if saved["problem"]:
        return Feedback(feedback.exercise, feedback.status, feedback.message + "." + saved["problem"], feedback.details)
    return feedback


def _short(answer) -> str:
    """A short text of any answer, for the record."""
    try:
        text = answer if isinstance(answer, str) else repr(answer)
    except Exception:
        text = type(answer).__name__
    return answers.short_form(answers.one_line(text))


def predict(exercise_id: str, value) -> Feedback:
    """Write down a prediction (a share between 0 and 1) before you measure: it is saved in
    the answers file, and set against your measurement later (by the check of the exercise
    that measures it, or by :func:`reveal`). A prediction written down after its answer was
    shown is kept too, marked "made after seeing the answer" (unless it is the same guess as
    one written down before, as when a notebook is run again)."""
    exercise = _exercise(exercise_id)
    if exercise.kind != "predict":
        raise ExerciseError(f"{exercise_id} is not a prediction: answer it with check({exercise_id!r}, ...)")
    if _is_unanswered(value):
        return Feedback(exercise_id, "not answered", "not answered yet: replace None with your prediction and run the cell")
    try:
        number, _ = _read_number(value)
    except _NotANumber as why:
        return Feedback(exercise_id, "wrong", f"a prediction is a number between 0 and 1 ({why}). Hint: {exercise.hint}")
    except Exception as err:
        return Feedback(exercise_id, "wrong", f"this prediction could not be read ({type(err).__name__}). Hint: {exercise.hint}")
    if not 0 <= number <= 1:
        percent = " (if that is a percent, divide it by 100)" if 1 < number <= 100 else ""
        return Feedback(exercise_id, "wrong", f"a probability lies between 0 and 1, not {_shown(number)}{percent}. Hint: {exercise.hint}")
    guess = float(number)
    # The same guess as one written down before the answer was shown (a notebook run again) stays first.
    first = not _answer_seen(exercise_id) or any(
        e["kind"] == "prediction" and e.get("prediction_first", True) and e["answer"] == guess for e in _entries(exercise_id))
    saved = _record(exercise_id, "prediction", guess, "saved", prediction_first=first)
    where = saved["problem"].strip() or f"It is saved in {saved['words']}."
    if first:
        message = f"your prediction {guess:g} is written down. {where} Now measure it: your prediction will be set against the result."
    else:
        message = (f"your prediction {guess:g} is written down, {answers.AFTER_ANSWER}: it is kept, and marked so for "
                   f"your teacher. {where}")
    return Feedback(exercise_id, "saved", message, {"prediction": guess, "saved_to": saved["path"], "prediction_first": first})


def reveal(exercise_id: str, measured) -> Feedback:
    """Set your prediction for ``exercise_id`` against ``measured``: is it inside the
    measurement's 95% interval, above or below it?

    ``measured`` is what you measured: a column of per-game results (``df.loc[df.seat == 0,
    "won"]``: its mean and interval are worked out), an ``odds`` estimate, a ladder rung
    (``play_rung(...)``), a row of a lab table with ``value``/``low``/``high`` (or
    ``rate``, ``difference`` with ``low``/``high``), or one exact number. The reveal is
    recorded: a prediction written down after it is marked "made after seeing the answer".
    """
    exercise = _exercise(exercise_id)
    if exercise.kind != "predict":
        raise ExerciseError(f"{exercise_id} is not a prediction: reveal takes the id of a prediction exercise")
    if measured is None or measured is Ellipsis:
        if _prediction(exercise_id) is None:
            return Feedback(exercise_id, "not answered", f"not answered yet: make your prediction first (predict({exercise_id!r}, ...)), then run this cell")
        return Feedback(exercise_id, "not answered", "not answered yet: measure first, then give your measurement here")
    try:
        value, low, high = _measurement(measured)
    except _NotANumber as why:
        return Feedback(exercise_id, "wrong", f"{why}: give a column of results, an estimate, a rung or a row with low and high")
    span = f"measured {value:.4f}" + ("" if low is None else f" ({low:.3f} to {high:.3f})")
    made = _prediction(exercise_id)
    if made is None:
        _record(exercise_id, "reveal", span, "not answered")
        return Feedback(exercise_id, "not answered", f"not answered yet: make your prediction first (predict({exercise_id!r}, ...)), then run this cell")
    guess, first = made
    feedback = _comparison(exercise, guess, value, low, high, first)
    saved = _record(exercise_id, "reveal", f"{span} against {guess:g}", "compared", prediction_first=first)
    return Feedback(feedback.exercise, feedback.status, feedback.message + saved["problem"], feedback.details)


def assignment(exercise_id: str, fields=None):
    """The form of a design assignment: a text box for each of ``fields`` (by default all of
    :data:`ASSIGNMENT_FIELDS`: goal, success criterion and verdict) with a *Save* button that
    saves them as explanations are saved (:func:`save_assignment`); boxes start with what
    was saved before."""
    from .apps.assignment import assignment_form

    exercise = _exercise(exercise_id)
    if exercise.kind != "assignment":
        raise ExerciseError(f"{exercise_id} is not a design assignment: answer it with check({exercise_id!r}, ...)")
    prompts = {name: ASSIGNMENT_FIELDS[name] for name in _fields(fields)}
    return assignment_form(exercise_id, prompts, saved_assignment(exercise_id),
                           lambda **texts: save_assignment(exercise_id, **texts))


def _fields(fields) -> tuple:
    if fields is None:
        return tuple(ASSIGNMENT_FIELDS)
    fields = (fields,) if isinstance(fields, str) else tuple(fields)
    unknown = [f for f in fields if f not in ASSIGNMENT_FIELDS]
    if unknown or not fields:
        raise ExerciseError(f"an assignment's fields are {', '.join(ASSIGNMENT_FIELDS)}, not {', '.join(map(str, unknown)) or 'none'}")
    return fields


def save_assignment(exercise_id: str, **texts) -> list:
    """Save the fields of a design assignment (``goal=``, ``criterion=``, ``verdict=``) as
    explanations are saved, each under ``<id>-<field>``; returns a :class:`Feedback` for each.
    A field needs :attr:`Exercise.min_words` words of its own (distinct, of 3 letters or
    more, not words of its prompt); an empty one is not saved."""
    exercise = _exercise(exercise_id)
    if exercise.kind != "assignment":
        raise ExerciseError(f"{exercise_id} is not a design assignment: answer it with check({exercise_id!r}, ...)")
    _fields(tuple(texts))
    verdicts = []
    for name, text in texts.items():
        field_id = f"{exercise_id}-{name}"
        prompt = f"{ASSIGNMENT_FIELDS[name]} {exercise.hint}"
        if _is_unanswered(text):
            verdicts.append(Feedback(field_id, "not answered", f"{name}: not written yet"))
        else:
            verdicts.append(_save_text(field_id, text, prompt, exercise.min_words, what=name))
    return verdicts


def saved_assignment(exercise_id: str) -> dict:
    """The latest saved text of each field of a design assignment (``{field: text}``; a field
    never saved is left out)."""
    saved = {}
    for name in ASSIGNMENT_FIELDS:
        texts = [e["answer"] for e in _entries(f"{exercise_id}-{name}") if e["kind"] == "explanation" and e["status"] == "saved"]
        if texts:
            saved[name] = texts[-1]
    return saved


# ---- judging ------------------------------------------------------------------------------


def _judge(exercise: Exercise, answer, games) -> tuple:
    """``(Feedback, fields of the record)`` of an answer."""
    kind = exercise.kind
    if kind == "explain":
        return _save_text(exercise.id, answer, exercise.hint, exercise.min_words), {}
    if kind == "estimate":
        return _judge_estimate(exercise, answer, games)
    value, exact = _read_number(answer)
    if kind == "exact":
        return _judge_exact(exercise, value, exact)
    raise ValueError(f"exercise {exercise.id!r} has an unknown kind {kind!r}")


_WORD = re.compile(rf"[^\W\d_]{{{WORD_LETTERS},}}")


def own_words(text: str, question: str) -> set:
    """The distinct words of ``text`` (of :data:`WORD_LETTERS` letters or more, any case)
    that ``question`` does not use: what an explanation says in its own words."""
    return set(_WORD.findall(text.casefold())) - set(_WORD.findall(question.casefold()))


def _save_text(exercise_id: str, answer, question: str, least: int, what: str = "explanation") -> Feedback:
    """Judge a text answer and record it: saved when it says enough in its own words."""
    if not isinstance(answer, str):
        feedback = Feedback(exercise_id, "wrong", f"write your {what} as text in quotes. Hint: {question}")
        _record(exercise_id, "explanation", _short(answer), "wrong")
        return feedback
    text = answer.strip()
    if len(text) > answers.MAX_TEXT:
        feedback = Feedback(exercise_id, "wrong", f"keep it to a few sentences: at most {answers.MAX_TEXT:,} characters, not {len(text):,}")
    elif not answers._is_text(text):
        feedback = Feedback(exercise_id, "wrong", "that text holds characters that are not text (lone surrogates): write it again")
    else:
        mine = len(own_words(text, question))
        if mine < least:
            feedback = Feedback(exercise_id, "wrong", f"say more in your own words: {mine} of yours (distinct words of "
                                f"{WORD_LETTERS} letters or more that the question does not use; at least {least}). Hint: {question}")
        else:
            saved = _record(exercise_id, "explanation", text, "saved")
            if saved["problem"]:
                return Feedback(exercise_id, "right", "thank you." + saved["problem"], {"saved_to": None})
            return Feedback(exercise_id, "right", f"thank you: your {what} is saved in {saved['words']} for your teacher",
                            {"saved_to": saved["path"]})
    _record(exercise_id, "explanation", answers.short_form(answers.one_line(text)) if answers._is_text(text) else "?", "wrong")
    return feedback


def _judge_exact(exercise: Exercise, value, exact: bool) -> tuple:
    key, stored = _KEY[exercise.id], _values()["exact"][exercise.id]
    salt = stored["salt"]
    fields = {"answer": answers.short_form(canonical(value) if exact else f"{_near_words(value)} (a decimal)")}
    if _equals(stored["answer"], salt, value, True):
        feedback, first = _with_reveal(exercise, Feedback(exercise.id, "right", "right, exactly"), float(value), None, None)
        return feedback, {**fields, "prediction_first": first}
    slip = _slip(key, stored, value, exact, exercise.share)
    if not exact and _rounds_to(stored["answer"], salt, value):
        return Feedback(exercise.id, "wrong", "that decimal is the answer rounded: give the exact value (a whole number, "
                        "a fraction, or the sympy Rational that the odds functions return)"), fields
    if slip:
        return Feedback(exercise.id, "wrong", f"not quite: {slip}. Hint: {exercise.hint}"), fields
    if not exact:
        return Feedback(exercise.id, "wrong", "that is a decimal; give the exact value (a whole number or a sympy Rational). "
                        f"Hint: {exercise.hint}"), fields
    return Feedback(exercise.id, "wrong", f"not quite. Hint: {exercise.hint}"), fields


def _slip(key: _Key, stored: dict, value, exact: bool, share: bool) -> str:
    """The hint for a usual exact mistake that ``value`` matches, or ""."""
    salt = stored["salt"]
    for mistake in key.mistakes:
        if mistake.name in stored["mistakes"] and _equals(stored["mistakes"][mistake.name], salt, value, exact):
            return mistake.hint
    if share and 1 < value <= 100 and _equals(stored["answer"], salt, value / 100, exact):
        return "that looks like a percent: a probability is a number between 0 and 1 (0.45, not 45)"
    if share and key.complement and _equals(stored["answer"], salt, 1 - value, exact):
        return key.complement
    return ""


# ---- simulated estimates: the run they come from -------------------------------------------


class _Refused(Exception):
    """A measurement that cannot be judged: why, in words for the student, with its status and
    what the record keeps of it."""

    def __init__(self, message: str, status: str = "wrong", **fields):
        super().__init__(message)
        self.message, self.status, self.fields = message, status, fields


@dataclass(frozen=True)
class _Run:
    """A student's measurement: the estimate, from how many games and which seed, and the
    wins it counts (for a share); ``source`` says what it was read from."""

    estimate: float
    games: int
    seed: int | None
    wins: int | None
    source: str


#: Games of a run on the object path that are played again to check that a table is what it says.
REPLAYED_GAMES = 20


def _judge_estimate(exercise: Exercise, answer, games) -> tuple:
    key = _KEY[exercise.id]
    try:
        run = _read_run(exercise, key, answer, games)
    except _Refused as why:
        return Feedback(exercise.id, why.status, f"{why.message}. Hint: {exercise.hint}"), {"answer": _short_run(answer), **why.fields}
    n, estimate, asked = run.games, run.estimate, exercise.games
    low, high = _accepted(exercise.id, n)
    shown = f"{estimate:.4f}" if math.isfinite(estimate) and abs(estimate) < 10**6 else _shown(estimate)
    fields = {"answer": f"{shown} from {n:,} games" + (" (typed)" if run.source == "typed" else f" ({run.source})"),
              "games": n, "seed": run.seed}
    inside = low <= estimate <= high
    details = {"estimate": estimate if math.isfinite(estimate) else None, "games": n, "seed": run.seed}
    if math.isfinite(estimate) and (not exercise.share or 0 <= estimate <= 1):
        own_low, own_high = _interval(exercise.id, run)
        details.update(low=own_low, high=own_high)
        interval = f"its 95% interval: {own_low:.3f} to {own_high:.3f}"
    else:
        own_low = own_high = None
        interval = ""
    if n < asked:
        where = "lies where" if inside else "lies outside where"
        wider = f"{interval}, about {math.sqrt(asked / n):.1f} times as wide as from {asked:,} games" if interval else ""
        message = (f"not yet: this run has {n:,} games and the exercise asks for at least {asked:,} (give games={asked}). "
                   f"Your estimate {shown} {where} 99 in 100 estimates from {n:,} games fall" + (f" ({wider})" if wider else ""))
        return Feedback(exercise.id, "wrong", message, details), fields
    if inside:
        right = Feedback(exercise.id, "right", f"right: your estimate {shown} from {n:,} games lies where 99 in 100 estimates "
                         f"from {n:,} games fall, whatever the seed ({interval})", details)
        feedback, first = _with_reveal(exercise, right, estimate, own_low, own_high)
        return feedback, {**fields, "prediction_first": first}
    slip = ""
    for mistake in key.mistakes:
        band = _measured()[exercise.id]["mistakes"].get(mistake.name)
        if band is not None and _close(band, estimate, n):
            slip = mistake.hint
            break
    if not slip and exercise.share:
        if 1 < estimate <= 100 and low <= estimate / 100 <= high:
            slip = "that looks like a percent: give the share of games as a number between 0 and 1 (0.45, not 45)"
        elif key.complement and low <= 1 - estimate <= high:
            slip = key.complement
        elif not 0 <= estimate <= 1:
            slip = "a share of games lies between 0 and 1"
    if not slip and run.source == "table":
        slip = "the table is of the asked game and bots, so this is the 1 run in 100 that lands this far: run it with another seed"
    far = f"your estimate {shown} is too far from the true value for an estimate from {n:,} games (99 in 100 of them land closer)"
    return Feedback(exercise.id, "wrong", f"{far}: {slip}. Hint: {exercise.hint}" if slip else f"{far}. Hint: {exercise.hint}",
                    details), fields


def _short_run(answer) -> str:
    import pandas as pd

    if isinstance(answer, pd.DataFrame):
        return f"a table of {len(answer):,} rows (refused)"
    if isinstance(answer, (list, tuple)) and answer and hasattr(answer[0], "winners"):
        return f"{len(answer):,} records (refused)"
    return _short(answer)


def _close(band: dict, estimate: float, n: int) -> bool:
    """Whether ``estimate`` from ``n`` games is where 99 in 100 estimates of the banded value fall."""
    low, high = band["band"]
    spread = Z99 * band["sd"] / math.sqrt(n) + (high - low) / 2
    return abs(estimate - (low + high) / 2) <= max(spread, 1e-9)


def _asked(measure: _Measure) -> str:
    game = measure.game()
    what = f"{game.name!r}" if measure.load.text == f"gamedesign.load({game.name!r}, players={game.num_players})" else \
        f"{game.name!r} ({measure.load.text})"
    if measure.tested:
        return f"{what} with {game.num_players} players: {measure.tested} against {measure.bots}"
    return f"{what} with {game.num_players} players: {', '.join(measure.lineup())}"


def _what_to_give(exercise: Exercise, key: _Key, value) -> str:
    if key.measure.tested:
        given = "the rung ladder.play_rung returned"
    else:
        given = "the table gamedesign.simulate returned"
    return (f"give check {given} (check({exercise.id!r}, ...)), or your estimate with the number of games it comes "
            f"from (check({exercise.id!r}, {_shown(value)}, games=...)): an estimate is judged by how many games it comes from")


def _read_run(exercise: Exercise, key: _Key, answer, games) -> _Run:
    """The run a simulate exercise's answer gives (raises :class:`_Refused` saying why not)."""
    import pandas as pd

    measure = key.measure
    if games is not None:
        if isinstance(games, bool) or not isinstance(games, numbers.Integral) or not 1 <= games <= answers.MAX_GAMES:
            raise _Refused(f"games= is the number of games your estimate comes from, a whole number such as {exercise.games}, "
                           f"not {str(games)[:40]}")
        value, _ = _read_number(answer)
        estimate = float(value) if abs(value) < 10**12 else math.inf
        wins = round(estimate * int(games)) if exercise.share and 0 <= estimate <= 1 else None
        return _Run(estimate, int(games), None, wins, "typed")
    if isinstance(answer, pd.DataFrame):
        return _from_table(key, answer)
    if isinstance(answer, (list, tuple)) and answer and all(hasattr(r, "winners") and hasattr(r, "game_name") for r in answer):
        return _from_records(key, answer)
    if isinstance(answer, dict) or (hasattr(answer, "keys") and not isinstance(answer, pd.Series)):
        return _from_rung(key, answer)
    try:
        value, _ = _read_number(answer)
    except _NotANumber:
        given = "a ladder rung" if measure.tested else "a table from gamedesign.simulate"
        raise _Refused(f"expected {given}, got {type(answer).__name__}") from None
    raise _Refused(_what_to_give(exercise, key, value), status="not answered")


def _from_table(key: _Key, table) -> _Run:
    measure = key.measure
    asked = _asked(measure)
    if measure.tested:
        raise _Refused(f"this exercise measures a ladder rung ({asked}): give check the rung ladder.play_rung returned")
    needed = {"game", "seat", "bot", "won"}
    if not needed <= set(table.columns):
        missing = ", ".join(sorted(needed - set(table.columns)))
        raise _Refused(f"this table lacks the column {missing}: give check the whole table gamedesign.simulate returned")
    n = int(table["game"].nunique())
    seed = table.attrs.get("seed")
    seed = int(seed) if isinstance(seed, numbers.Integral) and not isinstance(seed, bool) else None
    facts = {"games": n, "seed": seed}
    if n == 0:
        raise _Refused("this table holds no games", **facts)
    game = measure.game()
    if set(table.columns) != _columns(measure.load):
        other = _game_by_columns(frozenset(table.columns))
        if other:
            raise _Refused(f"this table is of {other!r}, the exercise asks for {asked}", **facts)
        raise _Refused(f"this table's columns are not those of {game.name!r} (the exercise asks for {asked}): give check "
                       "the table gamedesign.simulate returned, unchanged", **facts)
    seats = sorted(int(s) for s in set(table["seat"]))
    if seats != list(range(game.num_players)):
        raise _Refused(f"this table is of {len(seats)} players, the exercise asks for {asked}", **facts)
    if (table.groupby("game").size() != game.num_players).any():
        raise _Refused("some of the table's rows are left out (each game has one row per seat): give check the whole "
                       "table gamedesign.simulate returned", **facts)
    bots = [str(table.loc[table["seat"] == s, "bot"].iloc[0]) for s in seats]
    if bots != measure.lineup():
        raise _Refused(f"this table's bots are {', '.join(bots)}, the exercise asks for {asked}", **facts)
    path = table.attrs.get("path")
    if seed is None or path not in ("batch", "object"):
        raise _Refused("this table has lost its seed (table.attrs['seed']), so its games cannot be checked: give check "
                       "the table gamedesign.simulate returned, not a copy", **facts)
    if not _replays(measure.load, measure.lineup(), table, seed, path, n):
        for mistake in key.mistakes:
            other = mistake.measure
            if other is not None and not other.every_seat and other.load != measure.load \
                    and other.game().num_players == game.num_players and other.lineup() == measure.lineup() \
                    and _replays(other.load, other.lineup(), table, seed, path, n):
                raise _Refused(f"this table is not of the variant the exercise asks for: {mistake.hint}", **facts)
        raise _Refused(f"this table's games are not those of {asked} from seed {seed} (other rule options, another deck, "
                       "or changed rows): build the game as the hint says and give check the table simulate returned", **facts)
    wins = int(table.loc[table["seat"] == measure.seat, "won"].astype(bool).sum())
    return _Run(wins / n, n, seed, wins, "table")


def _from_records(key: _Key, records) -> _Run:
    measure = key.measure
    asked, game = _asked(measure), measure.game()
    if measure.tested:
        raise _Refused(f"this exercise measures a ladder rung ({asked}): give check the rung ladder.play_rung returned")
    names = sorted({str(r.game_name) for r in records})
    if names != [game.name]:
        raise _Refused(f"these records are of {', '.join(map(repr, names))}, the exercise asks for {asked}", games=len(records))
    if {r.players for r in records} != {game.num_players}:
        raise _Refused(f"these records are of {', '.join(str(p) for p in sorted({r.players for r in records}))} players, "
                       f"the exercise asks for {asked}", games=len(records))
    lineups = {tuple(map(str, r.bots)) for r in records}
    if lineups != {tuple(measure.lineup())}:
        shown = "; ".join(", ".join(lineup) for lineup in sorted(lineups))
        raise _Refused(f"these records' bots are {shown}, the exercise asks for {asked}", games=len(records))
    wins = sum(measure.seat in r.winners for r in records)
    return _Run(wins / len(records), len(records), None, wins, "records")


def _from_rung(key: _Key, rung) -> _Run:
    measure = key.measure
    asked, game = _asked(measure), measure.game()
    needed = {"game", "players", "tested", "field", "games", "wins"}
    if not measure.tested:
        raise _Refused(f"expected the table gamedesign.simulate returned ({asked}), got a {type(rung).__name__}")
    if not needed <= set(rung.keys()):
        raise _Refused("that is not a rung: give check what ladder.play_rung returned, unchanged")
    facts = {"games": int(rung["games"]) if isinstance(rung["games"], numbers.Integral) else None}
    if rung["game"] != game.title:
        raise _Refused(f"this rung is of {rung['game']!r}, the exercise asks for {asked}", **facts)
    if rung["players"] != game.num_players:
        raise _Refused(f"this rung is of {rung['players']} players, the exercise asks for {asked}", **facts)
    if (rung["tested"], rung["field"]) != (measure.tested, measure.bots):
        raise _Refused(f"this rung plays {rung['tested']} against {rung['field']}, the exercise asks for {asked}", **facts)
    games, wins = rung["games"], rung["wins"]
    if not all(isinstance(x, numbers.Integral) and not isinstance(x, bool) for x in (games, wins)) or not 0 <= wins <= games \
            or games < 1:
        raise _Refused("this rung's games and wins are not whole numbers (wins at most games): give check the rung unchanged")
    return _Run(int(wins) / int(games), int(games), None, int(wins), "rung")


@lru_cache(maxsize=None)
def _columns(load: Callable) -> frozenset:
    """The columns of a table of ``load()``'s games."""
    import gamedesign

    return frozenset(gamedesign.simulate(_game(load), "random", games=1, seed=0, workers=1, progress=False).columns)


@lru_cache(maxsize=64)
def _game_by_columns(columns: frozenset) -> str:
    """The name of the known game whose tables have these ``columns``, or ""."""
    from .registry import BUILT_IN, EXAMPLES

    for name in (*BUILT_IN, *EXAMPLES):
        try:
            if _columns(_Load(name)) == columns:
                return name
        except Exception:  # a game that cannot be played here names nothing
            continue
    return ""


def _replays(load: Callable, lineup: list, table, seed: int, path: str, n: int) -> bool:
    """Whether ``load()``'s games between ``lineup`` from ``seed`` are the table's games (its
    first batch chunk, or its first :data:`REPLAYED_GAMES` games on the object path)."""
    import gamedesign

    game = _game(load)
    try:
        if path == "batch":
            from .registry import game_module

            count = min(n, int(getattr(game_module(game.name), "BATCH_SIZE", n)))
            again = gamedesign.simulate(game, lineup, games=count, seed=seed, batch=True, workers=1, progress=False)
        else:
            count = min(n, REPLAYED_GAMES)
            again = gamedesign.simulate(game, lineup, games=count, seed=seed, batch=False, workers=1, progress=False)
    except Exception:  # no such path for this game: not its games
        return False
    columns = ["game", "seat", "bot", "score", "won"]
    mine = table.loc[table["game"] < count, columns].reset_index(drop=True).astype(str)
    return mine.equals(again[columns].reset_index(drop=True).astype(str))


@lru_cache(maxsize=None)
def _accepted(exercise_id: str, games: int) -> tuple:
    """The estimates accepted from ``games`` games: where 99 in 100 of them fall.

    For a share of games, the wins in ``games`` games are binomial: the range leaves out the
    0.5% tails on either side at the ends of the true value's own band (exact, so it holds
    near 0 and 1 too). For another mean, the normal range of ±2.58 standard errors beyond the
    band."""
    entry, n = _measured()[exercise_id], games
    band_low, band_high = entry["band"]
    if not EXERCISES[exercise_id].share:
        spread = Z99 * entry["sd"] / math.sqrt(n)
        return band_low - spread, band_high + spread
    tail = (1 - 0.99) / 2
    lowest = _binomial_tail(n, band_low, lower=True)
    highest = _binomial_tail(n, band_high, lower=False)
    k_low = next(k for k in range(n + 1) if lowest[k] >= tail)
    k_high = next(k for k in range(n, -1, -1) if highest[k] >= tail)
    return (k_low - 0.5) / n, (k_high + 0.5) / n


def _binomial_tail(n: int, p: float, lower: bool) -> list:
    """P(X <= k) (``lower``) or P(X >= k) for k = 0..n, X binomial(n, p)."""
    p = min(max(p, 1e-12), 1 - 1e-12)
    logs = [math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * math.log(p) + (n - k) * math.log1p(-p)
            for k in range(n + 1)]
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    total = sum(weights)
    order = range(n + 1) if lower else range(n, -1, -1)
    tails, running = [0.0] * (n + 1), 0.0
    for k in order:
        running += weights[k]
        tails[k] = running / total
    return tails


def _interval(exercise_id: str, run: _Run) -> tuple:
    """The 95% interval of a student's run (Wilson from its wins for a share)."""
    if run.wins is not None:
        from .odds import estimate as wilson

        rate = wilson(run.wins, run.games)
        return rate.low, rate.high
    half = Z95 * _measured()[exercise_id]["sd"] / math.sqrt(run.games)
    return run.estimate - half, run.estimate + half


def _with_reveal(exercise: Exercise, feedback: Feedback, value: float, low, high) -> tuple:
    """A right answer, followed by what it says about the prediction it reveals (if any), and
    whether that prediction came first (None: no prediction, or nothing to reveal)."""
    if not exercise.reveals:
        return feedback, None
    made = _prediction(exercise.reveals)
    if made is None:
        return Feedback(feedback.exercise, feedback.status,
                        f"{feedback.message}. No prediction of yours is written down for {exercise.reveals}: next time, predict first",
                        feedback.details), None
    guess, first = made
    compared = _comparison(EXERCISES[exercise.reveals], guess, value, low, high, first)
    return Feedback(feedback.exercise, feedback.status, f"{feedback.message}. {compared.message[0].upper()}{compared.message[1:]}",
                    {**feedback.details, **compared.details}), first


def _comparison(prediction_exercise: Exercise, guess: float, value: float, low, high, first: bool = True) -> Feedback:
    exercise_id = prediction_exercise.id
    details = {"prediction": guess, "measured": value, "low": low, "high": high, "prediction_first": first}
    yours = f"your prediction {guess:g}" + ("" if first else f" ({answers.AFTER_ANSWER})")
    if low is None:  # an exact value: no interval
        gap = guess - value
        if abs(gap) <= CLOSE:
            words = f"{yours} is within {CLOSE:g} of the exact value, {value:.4f}: well predicted"
        else:
            side, meaning = ("above", prediction_exercise.less) if gap > 0 else ("below", prediction_exercise.more)
            words = f"{yours} is {abs(gap):.2f} {side} the exact value, {value:.4f}: {meaning}"
        return Feedback(exercise_id, "compared", words, details)
    span = f"{low:.3f} to {high:.3f}"
    if low <= guess <= high:
        words = f"{yours} is inside the 95% interval of the measurement, {span}: well predicted"
    elif guess > high:
        words = f"{yours} is above the 95% interval of the measurement, {span}: {prediction_exercise.less}"
    else:
        words = f"{yours} is below the 95% interval of the measurement, {span}: {prediction_exercise.more}"
    return Feedback(exercise_id, "compared", words, details)


def _measurement(measured) -> tuple:
    """``(value, low, high)`` of a measurement (``low`` and ``high`` are None for an exact number)."""
    from .odds import Estimate

    if isinstance(measured, Estimate):
        return measured.proportion, measured.low, measured.high
    keys = getattr(measured, "keys", None)
    if callable(keys):
        names = set(keys())
        if {"value", "value_low", "value_high"} <= names:  # a row of lab.compare: the variant's own value
            return tuple(_one_number(measured[k]) for k in ("value", "value_low", "value_high"))
        if {"low", "high"} <= names:
            for name in ("value", "win rate", "proportion", "rate", "difference", "mean"):
                if name in names:
                    return tuple(_one_number(measured[k]) for k in (name, "low", "high"))
            raise _NotANumber("that table row has low and high but no value")
    if isinstance(measured, (str, bytes)):
        raise _NotANumber("expected a measurement, got text")
    if hasattr(measured, "__len__") and not isinstance(measured, sp.Basic) and getattr(measured, "ndim", 1) != 0:
        return _sample(measured)
    value, _ = _read_number(measured)
    return float(value), None, None


def _one_number(value) -> float:
    number, _ = _read_number(value)
    return float(number)


def _sample(values) -> tuple:
    """Mean and 95% interval of per-game results (Wilson when they are all 0 or 1)."""
    import numpy as np

    try:
        numbers_ = np.asarray(list(values), dtype=float)
    except (TypeError, ValueError):
        raise _NotANumber("that column holds something other than numbers") from None
    numbers_ = numbers_[~np.isnan(numbers_)]
    if numbers_.ndim != 1 or len(numbers_) < 2:
        raise _NotANumber("a measurement needs the results of at least two games")
    # An infinite result would make the interval NaN to NaN: refuse it by name instead.
    infinite = numbers_[np.isinf(numbers_)]
    if infinite.size:
        raise _NotANumber(f"measured holds {infinite[0]:g}, which is not a finite number (a game's result always is)")
    with np.errstate(over="ignore", invalid="ignore"):  # checked below: a clear message, not a warning
        mean, spread = float(numbers_.mean()), float(numbers_.std(ddof=1))
    if np.isin(numbers_, (0.0, 1.0)).all():
        from .odds import estimate as wilson

        rate = wilson(int(numbers_.sum()), len(numbers_))
        return mean, rate.low, rate.high
    half = Z95 * spread / math.sqrt(len(numbers_))
    if not (math.isfinite(mean) and math.isfinite(half)):
        raise _NotANumber("measured holds results too large to average (beyond about 1e308)")
    return mean, mean - half, mean + half




__all__ = [
    "ASSIGNMENT_FIELDS", "EXERCISES", "KINDS", "LESSONS_FOLDER", "PACKAGED", "AnswersFileError", "Exercise", "ExerciseDataError",
    "ExerciseError", "Feedback", "add_lesson", "answers_file", "assignment", "canonical", "check", "collect", "digest",
    "export_csv", "hashes", "own_words", "predict", "reveal", "rounded", "save_assignment", "saved_assignment",
    "set_answers_file", "set_name",
]
