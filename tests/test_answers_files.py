"""A class's answers files: saves from several notebooks at once all kept, a save that cannot
complete always said, and a folder of hostile files collected file by file and exported for a
spreadsheet without formulas or invalid text."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pandas as pd
import pytest

from gamedesign import answers, exercises
from gamedesign.answers import AnswersFileError, collect, export_csv, read_answers, save_answer
from gamedesign.exercises import check, predict, reveal, set_answers_file

EXPLANATION = "With fewer Leg Days every hand holds more useful cards, so careless players lose less by drafting badly and catch up quickly."
TIME = "2026-12-01T10:15:00+00:00"


@pytest.fixture(autouse=True)
def answers_file(tmp_path, monkeypatch):
    """Every test saves into its own answers file and starts with no prediction in memory."""
    monkeypatch.setattr(exercises, "_UNSAVED", {})
    monkeypatch.setattr(answers, "_name", None)
    path = set_answers_file(tmp_path / "my_answers.json")
    yield path
    set_answers_file(None)


def answers_data(name="Ada", **entries) -> dict:
    return {"format": "gamedesign answers", "version": 1, "name": name, "answers": entries or {
        "legday-explain-1": {"kind": "explanation", "time": TIME, "answer": EXPLANATION},
        "legday-predict-1": {"kind": "prediction", "time": TIME, "answer": 0.7},
    }}


# ---- saving from several notebooks at once -----------------------------------------------------

SAVER = textwrap.dedent("""
    import sys
    from gamedesign import answers
    answers.set_answers_file(sys.argv[1])
    print("ready", flush=True)
    sys.stdin.readline()  # start together with the other notebook
    for i in range(int(sys.argv[3])):
        answers.save_answer(f"{sys.argv[2]}-{i}", "prediction", i / 100)
""")


def test_two_notebooks_saving_to_one_file_at_once_keep_every_answer(answers_file):
    savers = [
        subprocess.Popen([sys.executable, "-c", SAVER, str(answers_file), who, "100"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for who in ("tab-a", "tab-b")
    ]
    try:
        assert [saver.stdout.readline().strip() for saver in savers] == ["ready", "ready"]
        for saver in savers:
            saver.stdin.write("go\n")
            saver.stdin.flush()
        assert [saver.wait(timeout=120) for saver in savers] == [0, 0]
    finally:
        for saver in savers:
            saver.kill() if saver.poll() is None else None
            saver.stdin.close()
            saver.stdout.close()
    saved = read_answers(answers_file)["answers"]
    assert set(saved) == {f"{who}-{i}" for who in ("tab-a", "tab-b") for i in range(100)}
    assert saved["tab-b-42"][-1]["answer"] == 0.42


def test_a_file_another_notebook_holds_is_not_saved_and_says_so(answers_file, monkeypatch):
    check("legday-explain-1", EXPLANATION)
    before = answers_file.read_bytes()
    monkeypatch.setattr(answers, "LOCK_WAIT_SECONDS", 0.2)
    with answers._locked(answers_file):  # another notebook in the middle of its save
        with pytest.raises(AnswersFileError, match="another notebook .* NOT saved"):
            save_answer("gym-explain-1", "explanation", EXPLANATION)
        feedback = check("gym-explain-1", EXPLANATION)
    assert "not saved" in feedback.message and "NOT saved" in feedback.message
    assert answers_file.read_bytes() == before
    save_answer("gym-explain-1", "explanation", EXPLANATION)  # once the other one is done, it saves
    assert set(read_answers(answers_file)["answers"]) == {"legday-explain-1", "gym-explain-1"}


def test_in_the_browser_saves_need_no_lock_and_keep_every_answer(answers_file, monkeypatch):
    monkeypatch.setattr(answers.runtime, "IN_BROWSER", True)
    for exercise_id in ("legday-explain-1", "gym-explain-1", "diet-explain-1"):
        save_answer(exercise_id, "explanation", EXPLANATION)
    assert len(read_answers(answers_file)["answers"]) == 3
    assert not answers_file.with_name(answers_file.name + ".lock").exists()


# ---- writing only where a file belongs ---------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="symbolic links need privileges on Windows")
def test_answers_are_never_written_through_a_symbolic_link(tmp_path, answers_file):
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("not yours")
    answers_file.symlink_to(elsewhere)
    with pytest.raises(AnswersFileError, match="symbolic link"):
        save_answer("legday-explain-1", "explanation", EXPLANATION)
    assert "symbolic link" in check("legday-explain-1", EXPLANATION).message
    answers_file.unlink()
    answers_file.with_name(answers_file.name + ".lock").symlink_to(elsewhere)
    with pytest.raises(AnswersFileError, match="symbolic link"):
        save_answer("legday-explain-1", "explanation", EXPLANATION)
    assert elsewhere.read_text() == "not yours" and not answers_file.exists()
    table = pd.DataFrame({"answer": ["x"]})
    (tmp_path / "out.csv").symlink_to(elsewhere)
    with pytest.raises(AnswersFileError, match="symbolic link"):
        export_csv(table, tmp_path / "out.csv")
    assert elsewhere.read_text() == "not yours"


def test_a_folder_or_an_empty_path_is_no_place_to_write(tmp_path):
    set_answers_file(tmp_path)
    with pytest.raises(AnswersFileError, match="is a folder"):
        save_answer("legday-explain-1", "explanation", EXPLANATION)
    with pytest.raises(AnswersFileError, match="not ''"):
        set_answers_file("")
    table = pd.DataFrame({"answer": ["x"]})
    with pytest.raises(AnswersFileError, match="is a folder"):
        export_csv(table, tmp_path)
    with pytest.raises(AnswersFileError, match="not ''"):
        export_csv(table, "")
    with pytest.raises(AnswersFileError, match="does not exist"):
        export_csv(table, tmp_path / "nowhere" / "out.csv")


def test_an_answer_that_is_not_text_is_not_saved_and_says_so(answers_file):
    with pytest.raises(AnswersFileError, match="not text"):
        save_answer("legday-explain-1", "explanation", "half a character \ud800 and more words to say")
    with pytest.raises(AnswersFileError, match="no lone surrogates"):
        answers.set_name("Ada \udcff")
    assert not answers_file.exists()


# ---- collecting a folder with hostile files ----------------------------------------------------


def write(folder: Path, name: bytes | str, content: bytes | str) -> None:
    """Write a file whose name may be any bytes (names that are not UTF-8 included)."""
    path = os.path.join(os.fsencode(folder), os.fsencode(name) if isinstance(name, str) else name)
    with open(path, "wb") as out:
        out.write(content.encode() if isinstance(content, str) else content)


def test_a_prediction_of_400_digits_is_refused_not_raised(tmp_path, answers_file):
    data = answers_data(**{"legday-predict-1": {"kind": "prediction", "time": TIME, "answer": 10 ** 399}})
    answers_file.write_text(json.dumps(data))
    with pytest.raises(AnswersFileError, match="not a number"):
        read_answers(answers_file)
    assert reveal("legday-predict-1", 0.5).status == "not answered"
    assert check("legday-explain-1", EXPLANATION).status == "right"  # the file is left alone, the check still answers


@pytest.mark.skipif(sys.platform != "linux", reason="file names that are not UTF-8 exist on Linux")
def test_one_hostile_file_never_stops_a_class_s_collection(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    good = answers_data(name="=HYPERLINK(\"http://evil\")", **{
        "legday-explain-1": {"kind": "explanation", "time": TIME, "answer": "@SUM(A1:A9) is what " + EXPLANATION},
        "gym-explain-1": {"kind": "explanation", "time": TIME, "answer": "-1 more card " + EXPLANATION},
        "legday-predict-1": {"kind": "prediction", "time": TIME, "answer": -0.5},
    })
    write(folder, "=ada.json", json.dumps(good))
    write(folder, b"jos\xe9.json", json.dumps(answers_data(name="Jos\u00e9")))  # good, but a Latin-1 name
    bad = {
        "big.json": json.dumps(answers_data(**{"legday-predict-1": {"kind": "prediction", "time": TIME, "answer": 10 ** 399}})),
        b"bad\xff\xfe.json": "not json",
        "evil\nrefused ada.json: forged.json": "not json",
        "\x1b[2Jclear\u202e.json": "not json",
        "cut.json": json.dumps(answers_data())[:40],
        "list.json": "[1, 2]",
        "deep.json": '{"format": "gamedesign answers", "version": 1, "answers": ' + "[" * 50_000 + "]" * 50_000 + "}",
        "surrogate.json": json.dumps(answers_data(**{"legday-explain-1": {"kind": "explanation", "time": TIME,
                                                                          "answer": "\ud800 " + EXPLANATION}})),
        "year-zero.json": json.dumps(answers_data(**{"legday-predict-1": {"kind": "prediction",
                                                                          "time": "0001-01-01T00:00:00+05:00", "answer": 0.5}})),
    }
    for name, content in bad.items():
        write(folder, name, content)
    (folder / "x.json").mkdir()
    (folder / "x.json" / "inside.json").write_text(json.dumps(answers_data()))
    (folder / "loop.json").symlink_to(folder / "loop.json")
    lines = []
    table = collect(folder, report=lines.append)

    assert set(table.file) == {"=ada.json", "jos\\xe9.json"} and len(table) == 5
    assert len(lines) == len(bad) + 2 == len(table.attrs["refused"])
    assert all(line.startswith("refused ") and "\n" not in line and "\r" not in line and "\x1b" not in line for line in lines)
    shown = {"bad\\xff\\xfe.json", "evil\\nrefused ada.json: forged.json", "\\x1b[2Jclear\\u202e.json", "x.json", "loop.json",
             *[name for name in bad if isinstance(name, str) and name.isascii() and name.isprintable()]}
    for label in shown:
        assert sum(line.startswith(f"refused {label}: ") for line in lines) == 1, label
    assert "not a number" in table.attrs["refused"]["big.json"]

    out = tmp_path / "answers.csv"
    assert export_csv(table, out) == out
    text = out.read_bytes().decode("utf-8")  # valid UTF-8, or this raises
    rows = list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"), newline="")))
    assert len(rows) == 5 and {row["file"] for row in rows} == {"'=ada.json", "jos\\xe9.json"}
    for row in rows:
        for cell in row.values():
            if cell.startswith(answers.FORMULA_STARTS):
                float(cell)  # only a number may start like a formula
    assert {row["answer"] for row in rows if row["kind"] == "prediction"} == {"-0.5", "0.7"}
    assert "'-1 more card " + EXPLANATION in {row["answer"] for row in rows}
    assert "'=HYPERLINK(\"http://evil\")" in {row["name"] for row in rows}


def test_an_unexpected_failure_in_one_file_refuses_that_file_only(tmp_path, monkeypatch):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "ada.json").write_text(json.dumps(answers_data()))
    (folder / "bo.json").write_text(json.dumps(answers_data(name="Bo")))
    real = answers._checked_file

    def fails_for_bo(data):
        if data.get("name") == "Bo":
            raise KeyError("something no one foresaw")
        return real(data)

    monkeypatch.setattr(answers, "_checked_file", fails_for_bo)
    lines = []
    table = collect(folder, report=lines.append)
    assert set(table.file) == {"ada.json"}
    assert lines == ["refused bo.json: bo.json could not be read (KeyError: 'something no one foresaw')"]


def test_a_subfolder_that_cannot_be_read_is_named_not_skipped(tmp_path, monkeypatch):
    folder = tmp_path / "class"
    (folder / "locked").mkdir(parents=True)
    (folder / "ada.json").write_text(json.dumps(answers_data()))
    (folder / "locked" / "bo.json").write_text(json.dumps(answers_data(name="Bo")))
    scandir = os.scandir

    def no_entry(path):  # what a folder without read permission answers (root is never refused one)
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", no_entry)
    lines = []
    assert set(collect(folder, report=lines.append).file) == {"ada.json"}
    assert lines == ["refused locked: a folder that could not be read (Permission denied): its files are not collected"]


# ---- exporting for a spreadsheet ---------------------------------------------------------------


def test_the_export_keeps_numbers_and_row_names_and_guards_text(tmp_path):
    table = pd.DataFrame({"name": ["+1 555", "Ada", "tab\tfirst", "\tlead"], "answer": [-0.25, "-0.25", 3, "\rx"],
                          "score": [-1, 2, 3, 4]})
    out = export_csv(table, tmp_path / "t.csv")
    rows = list(csv.reader(io.StringIO(out.read_bytes().decode("utf-8-sig"), newline="")))
    assert rows[0] == ["name", "answer", "score"]
    assert rows[1:] == [["'+1 555", "-0.25", "-1"], ["Ada", "'-0.25", "2"], ["tab\tfirst", "3", "3"], ["'\tlead", "'\rx", "4"]]
    pivot = pd.DataFrame({"file": ["=a.json", "b.json"], "exercise": ["e-1", "e-1"], "answer": [0.5, -0.5]}).pivot_table(
        index="file", columns="exercise", values="answer", aggfunc="first")
    rows = list(csv.reader(io.StringIO(export_csv(pivot, tmp_path / "p.csv").read_bytes().decode("utf-8-sig"), newline="")))
    assert rows == [["file", "e-1"], ["'=a.json", "0.5"], ["b.json", "-0.5"]]
    with pytest.raises(AnswersFileError, match="writes a table"):
        export_csv([["=1+1"]], tmp_path / "l.csv")


def test_the_export_of_text_that_is_not_utf8_is_valid_utf8(tmp_path):
    table = pd.DataFrame({"name": ["caf\udce9", "half \ud800"]})
    out = export_csv(table, tmp_path / "t.csv")
    assert out.read_bytes().decode("utf-8").split("\r\n")[1:] == ["caf\\xe9", "half \\ud800", ""]


def test_an_answers_file_with_a_key_twice_is_refused_by_name(tmp_path):
    """A key given twice in one object would be read with its last value, silently."""
    path = tmp_path / "my_answers.json"
    path.write_text('{"version": 2, "version": 2, "answers": {}}', encoding="utf-8")
    with pytest.raises(AnswersFileError, match="'version' twice"):
        read_answers(path)
