"""A scoring rule is written once: a deck with another curl table changes what every part of
the package says and does with a Preacher Curl: the engine's scorer, the greedy bot's values,
the batch path, the terminal, the app's cards and the printables alike; and a Diet card's
words follow its deck in the terminal, the app and the printables."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import gamedesign
from gamedesign import lab, printables
from gamedesign.apps.legday_cards import card_html
from gamedesign.bots import make_bot
from gamedesign.games.legday.batch import _GreedyValues, score_counts
from gamedesign.games.legday.text import legday_card

from batch_adapters import legday_counts

TABLE = [2, 4, 7, 11, 16, 22]  # six entries where the standard deck has five
WRITTEN = "2/4/7/11/16/22"


@pytest.fixture(scope="module")
def deck_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("deck") / "curls.json"
    changed = lab.apply_deck_changes("legday", {"scoring": {"curl_points": TABLE}})
    path.write_text(json.dumps(changed), encoding="utf-8")
    return str(path)


def _curl_points(n: int, overflow: str) -> int:
    if overflow == "cap":
        return TABLE[min(n, len(TABLE)) - 1] if n else 0
    full, rest = divmod(n, len(TABLE))
    return full * TABLE[-1] + (TABLE[rest - 1] if rest else 0)


@pytest.mark.parametrize("overflow", ["cap", "new_set"])
def test_the_engine_and_the_batch_path_score_curls_from_the_decks_table(deck_file, overflow):
    game = gamedesign.load("legday", deck=deck_file, elimination="none", curl_overflow=overflow)
    for n in range(0, 14):
        tableaus = [[("Preacher Curl", True)] * n, [("Bench Press", True)]]
        report = game.score_tableaus(tableaus)
        assert report.breakdown[0]["Preacher Curl"] == _curl_points(n, overflow), n
        assert score_counts(game, *legday_counts(game, tableaus))["points"][0][0] == report.points[0], n


def test_the_greedy_bot_and_the_batch_greedy_value_curls_from_the_decks_table(deck_file):
    game = gamedesign.load("legday", deck=deck_file)
    standard = gamedesign.load("legday")
    values, bot, old_bot = _GreedyValues(game), make_bot("greedy", game), make_bot("greedy", standard)
    rng, state, differ = random.Random(3), game.new_state(seed=3), 0
    curl = [c.name for c in game.deck.cards].index("Preacher Curl")
    while not state.is_over():
        collections, face_up = legday_counts(game, state.tableaus)
        gains = values.gains(collections, face_up, state.day_type() == "Gym Day", len(state.tableaus[0]))
        bot.reset(game, 0, 0)
        old_bot.reset(standard, 0, 0)
        mine = bot.card_values(state.observe(0))
        if "Preacher Curl" in mine:
            assert abs(gains[0, 0, curl] - mine["Preacher Curl"]) < 0.006
            differ += mine["Preacher Curl"] != old_bot.card_values(state.observe(0))["Preacher Curl"]
        for seat in state.to_move():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert differ, "the greedy bot valued curls the same under both tables"


def test_the_terminal_the_app_and_the_printables_print_the_decks_table(deck_file):
    game = gamedesign.load("legday", deck=deck_file)
    curl = game.deck.card("Preacher Curl")
    assert f"{WRITTEN} for 1-6 curls" in legday_card(game.deck, "Preacher Curl")
    assert f"{WRITTEN} for 1-6 curls" in card_html(curl, game.deck)
    pack = printables.pack_html(game)
    assert f"{WRITTEN} for 1-6 curls" in pack  # the card faces
    assert f"{WRITTEN} for 1 to 6 curls" in pack  # the score pad
    assert "1/3/6/10/15" not in pack


def test_a_diet_card_reads_the_same_from_its_deck_in_the_terminal_the_app_and_the_printables(tmp_path):
    """The Diet Game's card words live once: a deck that makes a healthy dinner fattening
    changes what the terminal, the app's card and the printed card all say of it."""
    from gamedesign.apps.diet_cards import card_text
    from gamedesign.games.diet.text import value_text

    data = json.loads((Path(gamedesign.__file__).parent / "games/diet/deck.json").read_text(encoding="utf-8"))
    dinner = next(c for c in data["cards"] if c["kind"] == "dinner" and c["pounds"] <= 0)
    standard = gamedesign.load("diet")
    assert "eat it yourself" in value_text(standard, dinner["name"])
    dinner["pounds"] = 2
    path = tmp_path / "diet.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    game = gamedesign.load("diet", deck=str(path))
    card = game.deck.by_name[dinner["name"]]
    assert f"{dinner['name']}  (dinner, +2 lb: feed your left neighbour)" == value_text(game, dinner["name"])
    assert card_text(card).splitlines()[-1] == "+2 lb"
    face = next(f for f in game.printed_cards() if f.name == dinner["name"])
    assert face.value == "+2 lb" and face.lines[0].startswith("Feed it to the player on your left")
    assert "+2 lb" in printables.cards_html(game)
