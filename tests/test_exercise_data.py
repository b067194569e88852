"""The exercise catalogue as data: one file per lesson, read by one checker that names no game;
a malformed file is refused by name; a lesson of one's own adds its exercises."""

from __future__ import annotations

import ast
import copy
import json
import re
import tomllib
from pathlib import Path

import pytest
import sympy as sp

from gamedesign import exercises, registry
from gamedesign.exercises import ExerciseDataError, add_lesson, check, predict, set_answers_file

ROOT = Path(__file__).resolve().parent.parent
CHECKER = ROOT / "gamedesign" / "exercises.py"
LESSONS = sorted(exercises.LESSONS_FOLDER.glob("*.json"))


@pytest.fixture(autouse=True)
def own_catalogue(tmp_path, monkeypatch):
    """Every test saves into its own answers file, and a lesson it adds is gone afterwards."""
    for name in ("EXERCISES", "_KEY", "_SOURCE", "_TITLES", "_UNSAVED"):
        monkeypatch.setattr(exercises, name, dict(getattr(exercises, name)))
    monkeypatch.setattr(exercises, "_ADDED", copy.deepcopy(exercises._ADDED))
    exercises._values.cache_clear()
    set_answers_file(tmp_path / "my_answers.json")
    yield
    set_answers_file(None)
    exercises._values.cache_clear()


# ---- the checker names no game ----------------------------------------------------------------


def game_words() -> set:
    """The built-in and example games' names and their packages' module names."""
    packages = {p.name for p in (ROOT / "gamedesign" / "games").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return {"legday", "gym", "diet", *registry.BUILT_IN, *registry.EXAMPLES, *packages}


def named_games(source: str) -> list:
    """``(line, word, text)`` for every string, name, attribute or import of ``source``'s code
    (docstrings aside) that holds a game's name, in any case."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
                  and isinstance(node.body[0].value.value, str)}
    found = []
    for node in ast.walk(tree):
        texts = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            texts.append(node.value)
        elif isinstance(node, ast.Name):
            texts.append(node.id)
        elif isinstance(node, ast.Attribute):
            texts.append(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            texts.append(node.name)
        elif isinstance(node, ast.alias):
            texts.append(node.name)
        elif isinstance(node, ast.ImportFrom):
            texts.append(node.module or "")
        elif isinstance(node, ast.arg):
            texts.append(node.arg)
        for text in texts:
            for word in game_words():
                if word in text.casefold():
                    found.append((getattr(node, "lineno", 0), word, text[:80]))
    return found


def test_the_scan_finds_a_game_named_in_code_but_not_in_a_docstring():
    source = 'def f():\n    """Checks a legday table."""\n    return load("Diet", players=4)\n_GYM_BOTS = 1\n'
    assert sorted((line, word) for line, word, _ in named_games(source)) == [(3, "diet"), (4, "gym")]
    assert {"legday", "gym", "diet", "sprint", "template"} <= game_words()


def test_the_checker_names_no_built_in_game_in_code():
    assert named_games(CHECKER.read_text(encoding="utf-8")) == []


# ---- the package's lessons --------------------------------------------------------------------


def test_each_lesson_file_is_a_lessons_exercises_in_its_order():
    assert LESSONS and all((ROOT / "notebooks" / f"{path.stem}.ipynb").exists() for path in LESSONS)
    ids = []
    for path in LESSONS:
        data = json.loads(path.read_text(encoding="utf-8"))
        teacher = (ROOT / "notebooks" / "solutions" / f"{path.stem}.ipynb").read_text(encoding="utf-8")
        for item in data["exercises"]:
            assert f'\\"{item["id"]}\\"' in teacher, (path.name, item["id"])  # the lesson asks it
            ids.append(item["id"])
    assert ids == list(exercises.PACKAGED) == [i for i in exercises.EXERCISES if i in exercises.PACKAGED]


def test_every_checked_exercise_has_its_hashes_or_its_band_and_no_more():
    values = exercises._file_values()
    kinds = {i: exercises.EXERCISES[i].kind for i in exercises.PACKAGED}
    assert set(values["exact"]) == {i for i, k in kinds.items() if k == "exact"}
    assert set(values["estimates"]) == {i for i, k in kinds.items() if k == "estimate"}
    for exercise_id in values["exact"]:
        assert set(values["exact"][exercise_id]["mistakes"]) <= {m.name for m in exercises._KEY[exercise_id].mistakes}


def test_the_games_a_lesson_measures_are_reached_through_the_registry_by_name():
    for exercise_id, key in exercises._KEY.items():
        for measure in [key.measure] + [m.measure for m in key.mistakes]:
            if measure is None:
                continue
            game = measure.game()
            assert game.name in registry.GAMES, exercise_id
            assert len(measure.lineup()) == game.num_players, exercise_id
            assert measure.how.startswith(f"gamedesign.simulate({measure.load.text}, ")


def test_no_lesson_file_holds_an_exact_answer():
    import importlib.util

    spec = importlib.util.spec_from_file_location("answer_key", ROOT / "scripts" / "answer_key.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    by_id = {item["id"]: json.dumps(item) for path in LESSONS for item in json.loads(path.read_text())["exercises"]}
    for exercise_id, value in script.exact_answers().items():
        value = sp.nsimplify(value)
        forms = [rf"\b{value}\b"] if value.is_Integer else [re.escape(f"{value.p}/{value.q}"), re.escape(f"{float(value):.4f}"),
                                                             re.escape(f"{float(value):.3f}")]
        assert not any(re.search(form, by_id[exercise_id]) for form in forms), exercise_id


def test_the_lesson_files_ship_in_the_package():
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert "gamedesign" in wheel["packages"] and not {"exclude", "only-include"} & set(wheel)
    assert exercises.LESSONS_FOLDER == ROOT / "gamedesign" / "data" / "exercises"
    ignored = [line.strip().rstrip("/") for line in (ROOT / ".gitignore").read_text().splitlines()]
    assert not {"data", "exercises", "*.json"} & set(ignored)


# ---- a malformed lesson file ------------------------------------------------------------------


GOOD = {
    "title": "My lesson",
    "exercises": [
        {"id": "mine-odds-1", "kind": "exact", "hint": "Count the pairs with a == b and divide by all pairs.",
         "complement": "that is the chance that they do not tie",
         "mistakes": [{"name": "one pair", "hint": "that is one particular pair: count every pair with a == b"}]},
        {"id": "mine-predict-1", "kind": "predict", "more": "seat 0 wins more often than you thought",
         "less": "seat 0 wins less often than you thought"},
        {"id": "mine-simulate-1", "kind": "estimate", "hint": "Simulate 1,000 games and give check the table.",
         "games": 1000, "reveals": "mine-predict-1",
         "measure": {"game": "sprint", "options": {"players": 3}, "bots": ["greedy", "random", "random"]},
         "mistakes": [{"name": "every seat", "hint": "that averages all three seats: keep the rows of seat 0",
                       "measure": {"game": "sprint", "options": {"players": 3}, "bots": ["greedy", "random", "random"],
                                   "every_seat": True}}]},
        {"id": "mine-explain-1", "kind": "explain", "hint": "Say what a player at the table would notice."},
    ],
}


def with_answers(lesson: dict) -> dict:
    """``lesson`` with the answers a lesson of one's own gives."""
    lesson = copy.deepcopy(lesson)
    odds_, _, simulate, _ = lesson["exercises"]
    odds_["answer"] = "1/7"
    odds_["mistakes"][0]["value"] = "1/49"
    simulate.update(band=[0.40, 0.42], sd=0.49)
    simulate["mistakes"][0].update(band=[0.3333, 0.3334], sd=0.0)
    return lesson


def write(tmp_path, data, name="my_lesson.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def broken(change):
    lesson = with_answers(GOOD)
    change(lesson)
    return lesson


@pytest.mark.parametrize("data, exercise, field, words", [
    (broken(lambda d: d["exercises"][0].update(kind="compute")), "mine-odds-1", "kind",
     "must be one of exact, estimate, predict, explain, assignment, not 'compute'"),
    (broken(lambda d: d["exercises"][0].update(tolerance=0.1)), "mine-odds-1", "tolerance", "is not a field of an exact exercise; allowed: id"),
    (broken(lambda d: d["exercises"][3].pop("hint")), "mine-explain-1", "hint", "is missing"),
    (broken(lambda d: d["exercises"][2].update(games="1000")), "mine-simulate-1", "games", "a whole number of at least 1, not '1000'"),
    (broken(lambda d: d["exercises"][2].update(games=0)), "mine-simulate-1", "games", "a whole number of at least 1"),
    (broken(lambda d: d["exercises"][2]["measure"].pop("game")), "mine-simulate-1", "measure", "either 'game'"),
    (broken(lambda d: d["exercises"][2]["measure"].update(bots=3)), "mine-simulate-1", "measure.bots", "a bot's name or a list"),
    (broken(lambda d: d["exercises"][2]["measure"].update(options={"deck": [1]})), "mine-simulate-1", "measure.options.deck",
     "use a preset"),
    (broken(lambda d: d["exercises"][2]["measure"].update(speed=2)), "mine-simulate-1", "measure.speed", "not a field of a measure"),
    (broken(lambda d: d["exercises"][0]["mistakes"][0].update(hint=None)), "mine-odds-1", "mistakes[0].hint", "must be a text"),
    (broken(lambda d: d["exercises"][0]["mistakes"].append(dict(d["exercises"][0]["mistakes"][0]))), "mine-odds-1",
     "mistakes[1].name", "twice"),
    (broken(lambda d: d["exercises"][2].update(reveals="mine-explain-1")), "mine-simulate-1", "reveals", "a prediction exercise"),
    (broken(lambda d: d["exercises"][2].update(share="yes")), "mine-simulate-1", "share", "true or false"),
    (broken(lambda d: d["exercises"][2].update(band=[0.5])), "mine-simulate-1", "band", "[low, high]"),
    (broken(lambda d: d["exercises"][0].pop("answer")), "mine-odds-1", "answer", "gives its answer"),
    (broken(lambda d: d["exercises"][0].update(answer="about a third")), "mine-odds-1", "answer", "an exact number"),
    (broken(lambda d: d["exercises"][0].update(answer="__import__('os').getcwd()")), "mine-odds-1", "answer", "an exact number"),
    (broken(lambda d: d["exercises"][0].update(answer="1/0")), "mine-odds-1", "answer", "an exact number"),
    (broken(lambda d: d["exercises"][0]["mistakes"][0].pop("value")), "mine-odds-1", "mistakes[0].value", "is missing"),
    (broken(lambda d: d["exercises"][2]["measure"].update(game="chess")), "mine-simulate-1", "measure.game",
     "cannot be made (gamedesign.load('chess', players=3)): unknown game 'chess'"),
    (broken(lambda d: d["exercises"][2]["measure"].update(bots=["greedy", "random"])), "mine-simulate-1", "measure.bots",
     "names 2 bots for a game of 3 players"),
    (broken(lambda d: d["exercises"][2]["mistakes"][0]["measure"].update(seat=3)), "mine-simulate-1", "mistakes[0].measure.seat",
     "seats 0 to 2"),
    (broken(lambda d: d["exercises"].append(dict(d["exercises"][3]))), "mine-explain-1", "id", "comes twice"),
    (broken(lambda d: d["exercises"][1].update(id="Mine 2")), "", "id", "exercise 2 needs an id"),
    (broken(lambda d: d["exercises"][1].update(id="legday-odds-1")), "legday-odds-1", "id",
     "already an exercise of gamedesign/data/exercises/01_legday.json"),
    (broken(lambda d: d.update(exercises=[])), "", "exercises", "a list of exercises"),
    (broken(lambda d: d.update(lessons=[])), "", "lessons", "not a field of a lesson file"),
    ('{"exercises": [], "exercises": []}', "", "", "twice in one object"),
    ('{"exercises": [', "", "", "is not valid JSON"),
], ids=lambda x: x if isinstance(x, str) and len(x) < 25 else None)
def test_a_malformed_lesson_file_is_refused_naming_the_file_the_exercise_and_the_field(tmp_path, data, exercise, field, words):
    path = write(tmp_path, data)
    before = dict(exercises.EXERCISES)
    with pytest.raises(ExerciseDataError) as refused:
        add_lesson(path)
    message = str(refused.value)
    assert message.startswith(f"{path}"), message
    assert (f"exercise {exercise!r}" in message) == bool(exercise) and (f"field {field!r}" in message) == bool(field), message
    assert words in message, message
    assert exercises.EXERCISES == before  # nothing of a refused file is added


def test_a_lesson_of_the_package_keeps_no_answer(tmp_path):
    path = write(tmp_path, with_answers(GOOD))
    with pytest.raises(ExerciseDataError, match=r"exercise 'mine-odds-1', field 'answer': a lesson of the package keeps no answer"):
        exercises._Reader(path, own=False).lesson()
    assert list(exercises._Reader(write(tmp_path, GOOD, "plain.json"), own=False).lesson()) == [
        "mine-odds-1", "mine-predict-1", "mine-simulate-1", "mine-explain-1"]


# ---- a lesson of one's own --------------------------------------------------------------------


def test_a_lesson_of_ones_own_is_checked_as_the_packages_are(tmp_path):
    path = write(tmp_path, with_answers(GOOD))
    assert add_lesson(path) == ["mine-odds-1", "mine-predict-1", "mine-simulate-1", "mine-explain-1"]
    assert check("mine-odds-1", sp.Rational(1, 7)).correct
    assert "one particular pair" in check("mine-odds-1", sp.Rational(1, 49)).message
    assert "do not tie" in check("mine-odds-1", sp.Rational(6, 7)).message
    assert "percent" in check("mine-odds-1", 100 / sp.Integer(7)).message
    assert "exact value" in check("mine-odds-1", 0.142857).message
    assert "1/7" not in repr(exercises._ADDED) and "1/7" not in repr(exercises._KEY["mine-odds-1"])
    predict("mine-predict-1", 0.6)
    right = check("mine-simulate-1", 0.41, games=1000)
    assert right.correct and "Your prediction 0.6 is above the 95% interval" in right.message
    assert "seat 0 wins less often" in right.message
    assert "all three seats" in check("mine-simulate-1", 1 / 3, games=1000).message
    assert check("mine-explain-1", "Seat zero moves first, so it reaches the finish earlier in most races we played").correct
    assert add_lesson(path) == ["mine-odds-1", "mine-predict-1", "mine-simulate-1", "mine-explain-1"]  # read again: the same
    assert check("mine-odds-1", sp.Rational(1, 7)).correct


def test_an_own_lesson_read_again_replaces_its_exercises(tmp_path):
    lesson = with_answers(GOOD)
    path = write(tmp_path, lesson)
    add_lesson(path)
    lesson["exercises"] = lesson["exercises"][:1]
    lesson["exercises"][0]["answer"] = "2/7"
    add_lesson(write(tmp_path, lesson))
    assert "mine-simulate-1" not in exercises.EXERCISES and "mine-simulate-1" not in exercises._ADDED["estimates"]
    assert check("mine-odds-1", sp.Rational(2, 7)).correct and not check("mine-odds-1", sp.Rational(1, 7)).correct
    with pytest.raises(exercises.ExerciseError, match="unknown exercise 'mine-simulate-1'"):
        check("mine-simulate-1", 0.41, games=1000)
