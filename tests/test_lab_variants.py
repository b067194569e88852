"""Variants and presets: built from Python or files, checked with messages naming the entry."""

import json

import pytest

import gamedesign
from gamedesign.lab import Variant, apply_deck_changes, load_preset, preset_names, save_preset, variant
from gamedesign.lab.variants import to_toml


def test_options_and_deck_changes_reach_the_game():
    v = Variant("legday", players=3, options={"curl_overflow": "new_set"},
                deck={"cards": {"Bench Press": {"count": 12}}, "scoring": {"bench_set_points": 6}}, name="big bench")
    game = v.build()
    assert game.num_players == 3 and game.options.curl_overflow == "new_set"
    assert game.deck.card("Bench Press").count == 12
    assert game.deck.scoring["bench_set_points"] == 6
    assert game.deck.scoring["press_set_points"] == 10  # untouched entries keep their default
    assert game.deck.size == 110


def test_deck_changes_leave_the_default_deck_alone():
    data = apply_deck_changes("diet", {"cards": {"Apple": {"count": 3}}})
    assert next(c for c in data["cards"] if c["name"] == "Apple")["count"] == 3
    assert gamedesign.load("diet").deck.card("Apple").count == 1


def test_gym_kids_change_by_name():
    v = variant("gym", deck={"kids": {"Sam": {"skills": [{"colour": "red", "value": 3}]}}})
    assert v.build().deck.kid("Sam").value("red") == 3


@pytest.mark.parametrize(
    "data, words",
    [
        ({"game": "chess"}, ["unknown game 'chess'", "legday, gym, diet"]),
        ({"game": "legday", "options": {"curl_overflw": "cap"}}, ["unknown option 'curl_overflw'", "curl_overflow"]),
        ({"game": "legday", "options": {"curl_overflow": "many"}}, ["curl_overflow='many'", "'cap', 'new_set'"]),
        ({"game": "diet", "options": {"target": 3}}, ["target=3", "below 0"]),
        ({"game": "legday", "players": 9}, ["2, 3, 4, 5, 6 players"]),
        ({"game": "legday", "deck": {"cards": {"Bench Pres": {"count": 3}}}}, ["no card 'Bench Pres'", "Bench Press"]),
        ({"game": "legday", "deck": {"cards": {"Bench Press": {"count": -2}}}}, ["'Bench Press'", "'count'"]),
        ({"game": "legday", "deck": {"scoring": {"bench_set_pts": 6}}}, ["unknown entry 'bench_set_pts'"]),
        ({"game": "legday", "deck": {"scoring": {"bench_set_points": "six"}}}, ["'bench_set_points'", "'six'"]),
        ({"game": "legday", "deck": {"rules": {}}}, ["unknown entry 'rules'", "cards"]),
        ({"game": "gym", "deck": {"kids": {"Ada": {"type": "brat"}}}}, ["'Ada'", "brat has exactly 1 skill"]),
        ({"game": "legday", "colour": "red"}, ["unknown entry 'colour'"]),
        ({"game": "legday", "options": {"deck": "x.json"}}, ["deck changes in 'deck'"]),
    ],
)
def test_errors_name_the_variant_and_the_offending_entry(data, words):
    with pytest.raises(ValueError) as err:
        Variant.from_dict({"name": "try", **data})
    assert "'try'" in str(err.value)
    for word in words:
        assert word in str(err.value)


def test_every_shipped_preset_loads_and_builds():
    names = preset_names()
    for expected in ["legday_bench6", "legday_curl_new_set", "legday_24_leg_days", "legday_elimination_penalty",
                     "gym_coach_blocks_placement", "gym_one_to_two", "gym_team_b_starts", "gym_no_last_action",
                     "diet_no_deal_at_start", "diet_target_-8", "diet_spare_last_place"]:
        assert expected in names
    for name in names:
        v = load_preset(name)
        assert v.build().name == name.split("_")[0] and v.description
    assert preset_names("gym") == ["gym_coach_blocks_placement", "gym_no_last_action", "gym_one_to_two",
                                   "gym_team_b_starts"]
    assert load_preset("gym_no_last_action").build().options.last_placement_action is False
    deck = load_preset("legday_24_leg_days").build().deck
    assert sum(c.count for c in deck.cards if c.kind == "legday") == 24


def test_json_preset_round_trip(tmp_path):
    v = variant("legday", "bench6", players=4, deck={"scoring": {"bench_set_points": 6}}, curl_overflow="new_set")
    path = save_preset(v, tmp_path / "bench6.json")
    assert json.loads(path.read_text())["deck"] == {"scoring": {"bench_set_points": 6}}
    assert load_preset(path) == v


def test_toml_preset_round_trip(tmp_path):
    pytest.importorskip("tomllib")
    v = Variant("legday", players=4, name="curls & more", description='a "quoted" word',
                options={"shake_second_after_tie": False},
                deck={"cards": {"Preacher Curl": {"count": 14}}, "scoring": {"curl_points": [1, 3, 6, 10, 16]}})
    path = save_preset(v, tmp_path / "curls.toml")
    assert '[deck.cards."Preacher Curl"]' in path.read_text()
    assert load_preset(path) == v


def test_toml_written_by_hand_loads(tmp_path):
    pytest.importorskip("tomllib")
    path = tmp_path / "target.toml"
    path.write_text('game = "diet"\nplayers = 3\n\n[options]\ntarget = -8\n')
    v = load_preset(path)
    assert v.name == "target" and v.build().options.target == -8


def test_bad_files_say_what_is_wrong(tmp_path):
    (tmp_path / "broken.json").write_text("{game: legday}")
    with pytest.raises(ValueError, match="'broken.json': not valid JSON"):
        load_preset(tmp_path / "broken.json")
    with pytest.raises(ValueError, match="no preset file"):
        load_preset(tmp_path / "missing.json")
    with pytest.raises(ValueError, match=r"\.json or \.toml"):
        save_preset(variant("diet"), tmp_path / "v.yaml")


def test_to_toml_writes_inline_tables_in_lists():
    text = to_toml({"deck": {"kids": {"Sam": {"skills": [{"colour": "red", "value": 3}]}}}})
    assert text == '[deck.kids.Sam]\nskills = [{colour = "red", value = 3}]\n'


def test_a_new_card_is_added_when_its_kind_is_given():
    v = variant("legday", deck={"cards": {"Kettlebell": {"kind": "pullup", "count": 4, "points": 2}}})
    deck = v.build().deck
    assert deck.card("Kettlebell").points == 2 and deck.size == 112
    with pytest.raises(ValueError, match="'Kettlebell'.*pull-up needs whole-number 'points'"):
        variant("legday", deck={"cards": {"Kettlebell": {"kind": "pullup", "count": 4}}})


def test_with_changes_merges_options_and_deck():
    base = load_preset("legday_bench6")
    both = base.with_changes("bench6 + new_set", options={"curl_overflow": "new_set"},
                             deck={"cards": {"Bench Press": {"count": 12}}})
    game = both.build()
    assert game.options.curl_overflow == "new_set" and game.deck.card("Bench Press").count == 12
    # A deck change replaces that whole entry of the changes (here 'cards'), others are kept.
    assert both.deck == {"scoring": {"bench_set_points": 6}, "cards": {"Bench Press": {"count": 12}}}
    assert base.options == {} and both.name == "bench6 + new_set"
