"""Hostile input other than saves: deck files, presets, rule options and action texts.

Each is refused with a ``ValueError`` that names the file, variant, option or card and
says what is allowed, before any work that would take long or allocate much.
"""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest

import gamedesign
from gamedesign.registry import BUILT_IN  # the games with deck files
from gamedesign import IllegalAction
from gamedesign.decks import MAX_CHOICES, MAX_DECK_CARDS
from gamedesign.games.diet.cards import planning_choices
from gamedesign.lab import Variant, load_preset
from gamedesign.lab.variants import default_deck_data


def deck_with(game, change):
    data = copy.deepcopy(default_deck_data(game))
    change(data)
    return data


def refused(match, game, **options):
    with pytest.raises(ValueError, match=match) as err:
        gamedesign.load(game, **options)
    return str(err.value)


# ---------------------------------------------------------------------------------------
# Rule options
# ---------------------------------------------------------------------------------------

YES_NO = [
    (name, f.name)
    for name in BUILT_IN
    for f in dataclasses.fields(gamedesign.registry.game_module(name).GAME_CLASS.Options)
    if f.metadata.get("choices") and set(f.metadata["choices"]) == {True, False}
]


def test_every_game_has_yes_no_options_to_check():
    assert {name for name, _ in YES_NO} == set(BUILT_IN)


@pytest.mark.parametrize("game, option", YES_NO)
@pytest.mark.parametrize("value", [0, 1, 1.0, "yes", None])
def test_yes_no_options_take_only_true_and_false(game, option, value):
    message = refused(f"option {option}=", game, **{option: value})
    assert "allowed values: " in message and "True" in message and "False" in message
    gamedesign.load(game, **{option: True})
    gamedesign.load(game, **{option: False})


def test_choice_options_keep_their_types():
    refused("allowed values: 'either'", "gym", brat_advance=b"either")


@pytest.mark.parametrize("options, words", [
    ({"max_turns": 10**9}, "max_turns=1000000000 .*1 to 2,000"),
    ({"target": -10**30}, "target=.*at least -10,000"),
    ({"first_player": 1.0}, "first_player=1.0"),
])
def test_diet_numbers_are_bounded(options, words):
    refused(words, "diet", **options)


def test_a_huge_option_value_is_echoed_briefly():
    message = refused("curl_overflow=", "legday", curl_overflow="x" * 100_000)
    assert len(message) < 300


# ---------------------------------------------------------------------------------------
# Deck files: bounds
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["legday", "diet"])
def test_a_card_count_of_a_billion_is_refused_before_dealing(game):
    data = deck_with(game, lambda d: d["cards"][0].update(count=10**9))
    refused(f"'count' must be a whole number from 0 to {MAX_DECK_CARDS}, not 1000000000", game, deck=data)


@pytest.mark.parametrize("game", ["legday", "diet"])
def test_a_deck_holds_at_most_two_thousand_cards(game):
    data = deck_with(game, lambda d: [c.update(count=200) for c in d["cards"]])
    refused("cards; a deck has at most 2,000", game, deck=data)


def test_diet_hand_and_planning_discards_keep_planning_to_some_thousand_choices():
    refused("'hand_size' must be a whole number from 1 to 30", "diet",
            deck=deck_with("diet", lambda d: d.update(hand_size=31)))
    refused("'hand_size' 22 with 'planning_discards' 8 gives Planning 600,370 choices; a decision lists at most 2,000",
            "diet", deck=deck_with("diet", lambda d: d.update(hand_size=22, planning_discards=8)))
    message = refused("gives Planning", "diet",
                      deck=deck_with("diet", lambda d: d.update(hand_size=14, planning_discards=12)))
    assert "discard at most 4" in message
    gamedesign.load("diet", deck=deck_with("diet", lambda d: d.update(hand_size=22, planning_discards=3)))  # 1,794
    game = gamedesign.load("diet", deck=deck_with("diet", lambda d: d.update(hand_size=14, planning_discards=4)))
    state = game.new_state(seed=1)
    assert len(state.legal_actions(state.to_move()[0])) <= MAX_CHOICES


def test_planning_choices_count_the_sets_of_discards():
    assert planning_choices(7, 3) == 64
    assert planning_choices(14, 4) == 1471 <= MAX_CHOICES < planning_choices(14, 5)
    assert planning_choices(3, 9) == 8


def test_leg_day_hands_and_days_are_bounded():
    refused("'hand_size' must be a whole number from 1 to 30", "legday",
            deck=deck_with("legday", lambda d: d.update(hand_size=40, days_per_week=7)))
    refused("14 x 8 = 112 days; a game has at most 100", "legday", players=2,
            deck=deck_with("legday", lambda d: d.update(hand_size=14, days_per_week=14, weeks=8)))


@pytest.mark.parametrize("game, change, words", [
    ("legday", lambda d: d["cards"][3].update(points=10**6), "'points' must be a whole number from -1000 to 1000"),
    ("legday", lambda d: d["scoring"].update(bench_set_points=-10**6), "'bench_set_points' must be .* -1000 to 1000"),
    ("legday", lambda d: d["scoring"].update(curl_points=list(range(500))), "'curl_points' has 500 entries"),
    ("diet", lambda d: d["cards"][0].update(pounds=10**6), "'pounds' must be a whole number from -1000 to 1000"),
    ("gym", lambda d: d["kids"][0]["skills"][0].update(value=10**6), "value must be a whole number from 1 to 1000"),
])
def test_numbers_on_cards_are_bounded(game, change, words):
    refused(words, game, deck=deck_with(game, change))


# ---------------------------------------------------------------------------------------
# Deck files: keys and names
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game, key, hint", [
    ("legday", "hand_sise", "hand_size"),
    ("legday", "week", "weeks"),
    ("gym", "kid", "kids"),
    ("diet", "hand_sise", "hand_size"),
])
def test_unknown_deck_entries_are_refused_with_the_allowed_ones(game, key, hint):
    message = refused(f"unknown entry '{key}' \\(did you mean '{hint}'\\?\\); allowed: ", game,
                      deck=deck_with(game, lambda d: d.update({key: 8})))
    assert hint in message.split("allowed:")[1]


def test_comments_in_deck_files_are_still_allowed():
    gamedesign.load("legday", deck=deck_with("legday", lambda d: d.update(_note="my deck")))
    gamedesign.load("gym", deck=deck_with("gym", lambda d: d.update(_note="my deck")))


@pytest.mark.parametrize("game", ["legday", "diet"])
@pytest.mark.parametrize("bad, good", [(" Preacher Curl", "Preacher Curl"), ("Bench  Press", "Bench Press"),
                                       ("Selfie\n", "Selfie"), ("Tab\tCard", "Tab Card")])
def test_card_names_are_words_separated_by_single_spaces(game, bad, good):
    message = refused("must be words separated by single spaces", game,
                      deck=deck_with(game, lambda d: d["cards"][0].update(name=bad)))
    assert repr(good) in message


def test_every_name_a_deck_allows_can_be_played_by_its_text():
    data = deck_with("legday", lambda d: d["cards"][0].update(name="Preacher Curl Deluxe"))
    game = gamedesign.load("legday", deck=data)
    assert game.parse_action("pick  Preacher Curl Deluxe ").card == "Preacher Curl Deluxe"


@pytest.mark.parametrize("game", BUILT_IN)
def test_long_names_are_refused(game):
    key = "kids" if game == "gym" else "cards"
    refused("60", game, deck=deck_with(game, lambda d: d[key][0].update(name="A" + "a" * 80)))


# ---------------------------------------------------------------------------------------
# Deck and preset files: every message names the file
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", BUILT_IN)
def test_unreadable_deck_files_are_named(game, tmp_path):
    latin = tmp_path / "latin1.json"
    latin.write_bytes(json.dumps(default_deck_data(game)).replace("e", "\u00e9").encode("latin-1"))
    refused(r"latin1\.json' is not UTF-8 text", game, deck=str(latin))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    refused(r"deep\.json' is not valid JSON: it is nested too deeply", game, deck=str(deep))
    huge = tmp_path / "huge.json"
    huge.write_text(" " * 2_000_000)
    refused(r"huge\.json' has 2,000,000 bytes", game, deck=str(huge))
    nan = tmp_path / "nan.json"
    nan.write_text('{"cards": NaN}')
    refused(r"nan\.json' is not valid JSON: NaN", game, deck=str(nan))
    refused("no deck file at .bad", game, deck="bad\0name.json")


@pytest.mark.parametrize("text, words", [
    (b'{"game": "legday", "options": null}', "'options' must be a table, not None"),
    (b'{"game": "legday", "deck": 5}', "'deck' must be a table, not 5"),
    (b'{"game": "legday", "options": "abc"}', "'options' must be a table, not 'abc'"),
    (b'{"game": "legday", "options": [["curl_overflow", "cap"]]}', "'options' must be a table"),
    (b'{"game": "legday", "name": 3}', "'name' must be a text, not 3"),
    (b'{"game": "legday", "description": null}', "'description' must be a text"),
    (b'{"game": "legday", "players": "4"}', "players, not '4'"),
    (b'{"game": "legday", "options": {"players": 3}}', "unknown option 'players'"),
    (b'{"game": 7}', "unknown game 7"),
    (b'null', "a variant is a table"),
    (b'[1, 2]', "a variant is a table"),
    (b'"legday"', "a variant is a table"),
    (b'{"game": "legday", "deck": {"hand_size": ' + b"[" * 5000 + b"]" * 5000 + b"}}", "nested too deeply"),
    (b'{"game": "gym", "deck": {"kids": {"Ada": null}}}', "give the fields to change"),
    ('{"game": "legday", "description": "caf\u00e9"}'.encode("latin-1"), "not UTF-8 text"),
])
def test_broken_presets_name_the_file_and_the_variant(tmp_path, text, words):
    path = tmp_path / "mine.json"
    path.write_bytes(text)
    with pytest.raises(ValueError) as err:
        load_preset(path)
    assert str(err.value).startswith("preset 'mine.json': ")
    assert words in str(err.value)


def test_broken_toml_presets_name_the_file(tmp_path):
    pytest.importorskip("tomllib")
    path = tmp_path / "mine.toml"
    path.write_bytes("game = 'legday'\ndescription = 'caf\u00e9'\n".encode("latin-1"))
    with pytest.raises(ValueError, match="preset 'mine.toml': not UTF-8 text"):
        load_preset(path)
    path.write_text("game = 'legday'\noptions = 3\n")
    with pytest.raises(ValueError, match="preset 'mine.toml': variant 'mine': 'options' must be a table"):
        load_preset(path)


def test_variants_made_in_python_name_themselves():
    with pytest.raises(ValueError, match="variant 'v1': 'options' must be a table"):
        Variant("legday", options=None, name="v1")
    with pytest.raises(ValueError, match="variant 'v2': 'deck' must be a table"):
        Variant("legday", deck=[1], name="v2")
    with pytest.raises(ValueError, match="a preset is a file path"):
        load_preset(3)


# ---------------------------------------------------------------------------------------
# Action texts: bounded echoes, linear parsing
# ---------------------------------------------------------------------------------------

HUGE = {
    "legday": "pick " + "Bench Press, " * 8_000,
    "gym": "lift " + ", put " * 20_000 + "Ada",
    "diet": "discard " + "Apple, " * 15_000 + "Cake",
    "sprint": "7" * 100_000,
}


@pytest.mark.parametrize("game", gamedesign.GAMES)
def test_a_100000_character_action_is_refused_with_a_short_message(game):
    g = gamedesign.load(game)
    text = (HUGE[game] * 2)[:100_000]
    with pytest.raises(ValueError) as err:
        g.parse_action(text)
    assert len(str(err.value)) < 1_500 and "…" in str(err.value)
    state = g.new_state(seed=0)
    with pytest.raises(IllegalAction) as err:
        state.apply(state.to_move()[0], text)
    assert len(str(err.value)) < 1_500
    with pytest.raises(IllegalAction) as err:
        state.apply([0] * 100_000, "pass")
    assert len(str(err.value)) < 300
    nested = []
    for _ in range(100_000):
        nested = [nested]
    for action in ([0] * 100_000, nested, {"a": 1}):
        with pytest.raises(IllegalAction) as err:
            state.apply(state.to_move()[0], action)
        assert len(str(err.value)) < 1_500


class CountingNames(dict):
    """A name table that counts how often the parser looks a name up."""

    lookups = 0

    def __contains__(self, key):
        CountingNames.lookups += 1
        return super().__contains__(key)


def test_gym_parsing_does_a_bounded_amount_of_work_whatever_the_length():
    game = gamedesign.load("gym", deck=default_deck_data("gym"))  # its own deck object
    object.__setattr__(game.deck, "kid_by_name", CountingNames(game.deck.kid_by_name))
    object.__setattr__(game.deck, "event_by_name", CountingNames(game.deck.event_by_name))
    assert str(game.parse_action("lift Ada, put Ben")) == "lift Ada, put Ben"
    for text in ("lift " + ", put " * 20_000 + "Ada", "switch " + " with " * 20_000, "place Ada" + " at" * 30_000):
        CountingNames.lookups = 0
        with pytest.raises(ValueError):
            game.parse_action(text)
        assert CountingNames.lookups <= 4


def test_changing_deck_data_afterwards_leaves_the_deck_alone():
    from gamedesign.games.legday import DEFAULT_DECK, parse_deck

    data = DEFAULT_DECK.to_data()
    data["scoring"]["curl_points"].append(99)
    assert DEFAULT_DECK.scoring["curl_points"] == [1, 3, 6, 10, 15]
    deck = parse_deck(data)
    data["scoring"]["curl_points"].append(100)
    assert deck.scoring["curl_points"] == [1, 3, 6, 10, 15, 99]


def test_a_save_whose_squats_do_not_follow_the_squat_rule_is_refused():
    import json

    import gamedesign
    from gamedesign.bots import RandomBot
    from gamedesign.games.legday.scoring import squat_count

    game = gamedesign.load("legday", players=4)
    state = gamedesign.play_game(game.new_state(seed=5), [RandomBot() for _ in range(4)], bot_seeds=[1, 2, 3, 4])
    data = json.loads(state.to_json())
    loser = next(s for s, entry in enumerate(data["squats"]) if entry is not None)
    assert data["squats"][loser]["squats"] == squat_count(data["squats"][loser]["card"], game.deck)
    game.state_from_json(json.dumps(data))  # the real save loads
    data["squats"][loser]["squats"] += 1
    with pytest.raises(ValueError, match=rf"squats\[{loser}\] gives .* the deck's cards of that type"):
        game.state_from_json(json.dumps(data))
