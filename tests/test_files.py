"""Files the package writes never replace another file; JSON files it reads have each key once."""

from __future__ import annotations

import io
import json
import os
from importlib import resources

import pytest

import gamedesign
from gamedesign import lab
from gamedesign.cli import main
from gamedesign.files import write_text
from gamedesign.lab import load_preset, save_preset, variant


def deck_text(game: str = "legday") -> str:
    return resources.files(f"gamedesign.games.{game}").joinpath("deck.json").read_text(encoding="utf-8")


def refused(argv, capsys) -> str:
    """The one-line error of a command that must fail (usage lines aside)."""
    with pytest.raises(SystemExit) as stop:
        main(argv, output=io.StringIO())
    assert stop.value.code != 0
    errors = [line for line in capsys.readouterr().err.splitlines() if not line.startswith("usage:")]
    assert len(errors) == 1
    return errors[0]


# ---------------------------------------------------------------------------------------
# --out of the print command
# ---------------------------------------------------------------------------------------


def test_print_never_writes_through_a_link_to_a_deck(tmp_path, capsys):
    deck = tmp_path / "deck.json"
    deck.write_text(deck_text())
    link = tmp_path / "cards.html"
    link.symlink_to(deck)
    error = refused(["print", "legday", "--out", str(link)], capsys)
    assert "cards.html" in error and "is a symbolic link" in error and "give the name of a new file" in error
    assert deck.read_text() == deck_text() and link.is_symlink()


def test_print_refuses_an_empty_out_and_writes_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    error = refused(["print", "legday", "--out", ""], capsys)
    assert "give the output file's name, like cards.html" in error
    assert list(tmp_path.iterdir()) == []


def test_print_refuses_a_folder(tmp_path, capsys):
    folder = tmp_path / "cards.html"
    folder.mkdir()
    error = refused(["print", "legday", "--out", str(folder)], capsys)
    assert "is a folder" in error
    assert folder.is_dir() and list(folder.iterdir()) == []


def test_print_refuses_to_write_over_its_own_deck(tmp_path, capsys):
    deck = tmp_path / "deck.html"  # a deck file may have any name
    deck.write_text(deck_text())
    error = refused(["print", "legday", "--deck", str(deck), "--out", str(deck)], capsys)
    assert "is the same file as the input" in error and "give another output file name" in error
    assert deck.read_text() == deck_text()
    other = tmp_path / "other.html"
    os.link(deck, other)  # another name for the same file
    error = refused(["print", "legday", "--deck", str(deck), "--out", str(other)], capsys)
    assert "is the same file as the input" in error
    assert deck.read_text() == deck_text()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_print_refuses_a_pipe(tmp_path, capsys):
    pipe = tmp_path / "rules.html"
    os.mkfifo(pipe)
    # A reader is there, so a write would not block; a small page fits in the pipe.
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    try:
        error = refused(["print", "sprint", "--what", "rules", "--out", str(pipe)], capsys)
        assert "is not a regular file" in error
        assert os.read(reader, 100) == b""
    finally:
        os.close(reader)


def test_print_replaces_an_older_page_and_leaves_no_temporary_file(tmp_path):
    page = tmp_path / "cards.html"
    page.write_text("an older printout")
    os.chmod(page, 0o640)
    assert main(["print", "legday", "--out", str(page)], output=io.StringIO()) == 0
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert oct(page.stat().st_mode & 0o777) == oct(0o640)
    assert [p.name for p in tmp_path.iterdir()] == ["cards.html"]


def test_a_link_put_at_the_name_after_the_check_is_replaced_not_followed(tmp_path, monkeypatch):
    deck = tmp_path / "deck.json"
    deck.write_text(deck_text())
    target = tmp_path / "cards.html"
    real_replace = os.replace

    def link_first(source, destination):
        target.symlink_to(deck)  # someone makes a link between the check and the write
        real_replace(source, destination)

    monkeypatch.setattr(os, "replace", link_first)
    write_text(target, "<p>page</p>")
    assert deck.read_text() == deck_text()
    assert not target.is_symlink() and target.read_text() == "<p>page</p>"


# ---------------------------------------------------------------------------------------
# Presets and charts
# ---------------------------------------------------------------------------------------


def test_save_preset_refuses_a_link(tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(deck_text("diet"))
    link = tmp_path / "mine.json"
    link.symlink_to(deck)
    with pytest.raises(ValueError, match="is a symbolic link"):
        save_preset(variant("diet"), link)
    assert deck.read_text() == deck_text("diet")
    written = save_preset(variant("diet", "plain"), tmp_path / "plain.json")
    assert load_preset(written).game == "diet"


def test_save_chart_refuses_a_link(tmp_path):
    pytest.importorskip("vl_convert")
    import altair as alt
    import pandas as pd

    from gamedesign.charts.lab import save_chart

    keep = tmp_path / "notes.txt"
    keep.write_text("keep me")
    link = tmp_path / "chart.svg"
    link.symlink_to(keep)
    chart = alt.Chart(pd.DataFrame({"x": [1, 2]})).mark_point().encode(x="x")
    with pytest.raises(ValueError, match="is a symbolic link"):
        save_chart(chart, link)
    assert keep.read_text() == "keep me"


# ---------------------------------------------------------------------------------------
# Each key once in every JSON file read
# ---------------------------------------------------------------------------------------


def test_a_deck_file_with_a_key_twice_is_refused(tmp_path):
    data = lab.apply_deck_changes("diet", {})
    text = json.dumps(data)
    twice = text.replace('"count": ', '"count": 40, "count": ', 1)
    path = tmp_path / "deck.json"
    path.write_text(twice)
    with pytest.raises(ValueError, match=r"deck.json' has the key 'count' twice in one object; give each key once"):
        gamedesign.load("diet", deck=str(path))


def test_a_preset_with_a_key_twice_is_refused(tmp_path):
    path = tmp_path / "twice.json"
    path.write_text('{"game": "diet", "options": {"target": -8, "target": -12}}')
    with pytest.raises(ValueError, match="preset 'twice.json': .*has the key 'target' twice in one object"):
        load_preset(path)


@pytest.mark.parametrize("name", ["diet", "legday", "sprint"])
def test_a_save_with_a_key_twice_is_refused(name):
    game = gamedesign.load(name)
    text = game.new_state(seed=1).to_json()
    assert text.startswith('{"game": ')
    twice = '{"seed": 5, ' + text[1:]
    with pytest.raises(ValueError, match="has the key 'seed' twice in one object; give each key once"):
        game.state_from_json(twice)
