"""A class's answers files: saves from several notebooks at once all kept, a save that cannot
complete always said."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from gamedesign import answers, exercises
from gamedesign.answers import AnswersFileError, read_answers, save_answer
from gamedesign.exercises import check, set_answers_file

EXPLANATION = "Fewer Leg Days leave more scoring cards in every hand, so the random bots catch up."


@pytest.fixture(autouse=True)
def answers_file(tmp_path, monkeypatch):
    """Every test saves into its own answers file and starts with no prediction in memory."""
    monkeypatch.setattr(exercises, "_PREDICTIONS", {})
    monkeypatch.setattr(answers, "_name", None)
    path = set_answers_file(tmp_path / "my_answers.json")
    yield path
    set_answers_file(None)


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
    assert saved["tab-b-42"]["answer"] == 0.42


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


def test_a_folder_or_an_empty_path_is_no_place_to_write(tmp_path):
    set_answers_file(tmp_path)
    with pytest.raises(AnswersFileError, match="is a folder"):
        save_answer("legday-explain-1", "explanation", EXPLANATION)
    with pytest.raises(AnswersFileError, match="not ''"):
        set_answers_file("")
    set_answers_file(tmp_path / "nowhere" / "my_answers.json")
    with pytest.raises(AnswersFileError, match="does not exist"):
        save_answer("legday-explain-1", "explanation", EXPLANATION)


def test_an_answer_that_is_not_text_is_not_saved_and_says_so(answers_file):
    with pytest.raises(AnswersFileError, match="not text"):
        save_answer("legday-explain-1", "explanation", "half a character \ud800 and more words to say")
    with pytest.raises(AnswersFileError, match="no lone surrogates"):
        answers.set_name("Ada \udcff")
    assert not answers_file.exists()
