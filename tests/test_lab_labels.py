"""One place for the lab's words: every measure, option and deck number has a label and help."""

import dataclasses
from pathlib import Path

import pytest

import gamedesign
from gamedesign.apps.lab import _deck_numbers
from gamedesign.lab import labels, metrics
from gamedesign.lab.record import record_games
from gamedesign.registry import BUILT_IN as GAMES, game_module  # the games whose labels labels.py holds

ROOT = Path(__file__).resolve().parents[1]
FALLBACK = "a count or share the game itself reports"


@pytest.mark.parametrize("game", GAMES)
def test_every_measure_a_game_records_has_a_label_and_an_explanation(game):
    table = metrics.game_table(record_games(gamedesign.load(game), "random", games=2, seed=0))
    names = list(table.columns) + ["win-rate gap", "balance chi-square p", "length spread"]
    for name in names:
        m = labels.measure(name, game)
        assert m.help != FALLBACK, f"{name!r} has no explanation in labels.py"
        assert m.label and m.label != name or name[0].isupper(), name
        assert m.kind in labels.KINDS


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_option_and_value_reads_in_words(game):
    for field in dataclasses.fields(game_module(game).GAME_CLASS.Options):
        if field.name == "deck":
            continue
        text, help_text, _ = labels.option(game, field.name)
        assert text != field.name and "_" not in text and help_text
        for choice in field.metadata.get("choices") or ():
            shown = labels.value_label(game, field.name, choice)
            assert shown not in ("True", "False") and "_" not in shown


@pytest.mark.parametrize("game", GAMES)
def test_every_deck_number_has_a_label(game):
    for text, path, *_ in _deck_numbers(game):
        assert "_" not in text, (path, text)


def test_units_follow_the_game():
    assert labels.label("length", "legday") == "Game length (days)"
    assert labels.label("mean score", "diet") == "Mean weight change"
    assert labels.unit("seat 2 wins") == "percentage points" and labels.unit("drama", "diet") == "pounds"
    assert labels.value_label("legday", "shake_second_after_tie", True) == "still awarded"


def test_the_docs_list_the_measures_as_labels_py_has_them():
    docs = (ROOT / "docs" / "design-lab.md").read_text(encoding="utf-8")
    for group in labels.MEASURE_GROUPS.values():
        assert labels.markdown_table(group) in docs
    assert labels.card_markdown_table() in docs
