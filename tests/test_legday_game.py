"""Don't Skip Leg Day play: days, passing, weeks, hidden picks, squats, options, decks."""

from __future__ import annotations

import json

import pytest

import gamedesign
from gamedesign import IllegalAction
from gamedesign.games.legday import DEFAULT_DECK, Pick, load_deck, parse_deck, squat_count


def play_first_card_each_day(state, days):
    for _ in range(days):
        for seat in list(state.to_move()):
            state.apply(seat, state.legal_actions(seat)[0])


def test_deck_has_108_cards_with_the_ruled_counts():
    counts = {c.name: c.count for c in DEFAULT_DECK.cards}
    assert DEFAULT_DECK.size == 108
    assert counts["Preacher Curl"] == 12 and counts["Selfie"] == 10
    assert sum(c.count for c in DEFAULT_DECK.cards if c.kind == "legday") == 30
    assert {c.name for c in DEFAULT_DECK.cards if c.kind == "legday"} == {
        "Goose Egg", "Zilch", "No Points", "Absolutely Nothing", "Nada", "Zero"
    }
    assert [counts[f"Protein Shake x{i}"] for i in (1, 2, 3)] == [6, 8, 4]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_deals_nine_each_and_everyone_picks_at_once(players):
    state = gamedesign.load("legday", players=players).new_state(seed=1)
    assert [len(h) for h in state.hands] == [9] * players
    assert len(state.pile) == 108 - 9 * players
    assert state.to_move() == list(range(players))


def test_gym_and_home_days_of_both_weeks():
    state = gamedesign.load("legday", players=3).new_state(seed=2)
    pattern = []
    while not state.is_over():
        pattern.append(state.day_type())
        play_first_card_each_day(state, 1)
    week1 = ["Gym Day", "Home Day"] * 3 + ["Gym Day"]
    week2 = ["Home Day", "Gym Day"] * 3 + ["Home Day"]
    assert pattern == week1 + week2
    faces = [up for _, up in state.tableaus[0]]
    assert faces == [t == "Gym Day" for t in week1 + week2]
    assert faces.count(True) == 7


def test_hands_pass_left_in_week_one_and_right_in_week_two():
    state = gamedesign.load("legday", players=4).new_state(seed=3)
    before = [list(h) for h in state.hands]
    picks = [state.legal_actions(s)[0] for s in range(4)]
    for seat, pick in enumerate(picks):
        state.apply(seat, pick)
    for seat in range(4):
        rest = list(before[seat])
        rest.remove(picks[seat].card)
        assert sorted(state.hands[(seat + 1) % 4]) == sorted(rest)  # to the left: seat + 1
    play_first_card_each_day(state, 6)
    assert state.week == 2 and state.pass_direction() == "right"
    before = [list(h) for h in state.hands]
    picks = [state.legal_actions(s)[0] for s in range(4)]
    for seat, pick in enumerate(picks):
        state.apply(seat, pick)
    for seat in range(4):
        rest = list(before[seat])
        rest.remove(picks[seat].card)
        assert sorted(state.hands[(seat - 1) % 4]) == sorted(rest)  # to the right: seat - 1


def test_two_cards_per_hand_leave_the_game_and_week_two_deals_from_the_pile():
    state = gamedesign.load("legday", players=4).new_state(seed=4)
    pile_top = state.pile[-36:]
    play_first_card_each_day(state, 7)
    assert [len(h) for h in state.leftovers] == [2, 2, 2, 2]
    assert state.week == 2 and state.day == 1
    assert sorted(c for h in state.hands for c in h) == sorted(pile_top)
    assert len(state.pile) == 108 - 72
    play_first_card_each_day(state, 7)
    assert state.is_over() and len(state.leftovers) == 8
    assert all(len(t) == 14 for t in state.tableaus)
    total = len(state.pile) + sum(map(len, state.leftovers)) + sum(map(len, state.tableaus))
    assert total == 108


def test_a_pick_is_hidden_until_everyone_has_picked():
    state = gamedesign.load("legday", players=3).new_state(seed=5)
    view = state.observe(1)
    state.apply(0, state.legal_actions(0)[0])
    after = state.observe(1)
    assert after["waiting_for"] == [1, 2]
    del view["waiting_for"], after["waiting_for"]
    assert after == view
    with pytest.raises(IllegalAction, match="not player 0's move"):
        state.apply(0, state.legal_actions(1)[0])


def test_home_day_cards_are_seen_only_by_their_owner_until_the_end():
    state = gamedesign.load("legday", players=3).new_state(seed=6)
    play_first_card_each_day(state, 2)  # a Gym Day then a Home Day
    gym, home = state.tableaus[0]
    assert gym[1] is True and home[1] is False
    assert state.observe(0)["tableaus"][0][1] == [home[0], False]
    assert state.observe(1)["tableaus"][0] == [[gym[0], True], [None, False]]
    play_first_card_each_day(state, 12)
    assert state.observe(1)["tableaus"][0][1] == [home[0], False]  # revealed at scoring


def test_players_remember_every_hand_that_passed_through_their_hands():
    state = gamedesign.load("legday", players=3).new_state(seed=7)
    first = sorted(state.hands[1])
    play_first_card_each_day(state, 1)
    second = sorted(state.hands[1])
    seen = state.observe(1)["seen_hands"]
    assert [h["cards"] for h in seen] == [first, second]
    assert seen[1]["day"] == 2


# The squat counts of the rulings, card by card: all six Leg Day designs are one type of
# 30 cards; each Protein Shake gives the count printed on its own card type.
RULED_SQUATS = {
    "Preacher Curl": 12, "Bench Press": 10, "Overhead Press": 10,
    "Underhand Pull-Up": 6, "Wide Grip Pull-Up": 6, "One Handed Pull-Up": 6,
    "Protein Shake x1": 6, "Protein Shake x2": 8, "Protein Shake x3": 4, "Selfie": 10,
    "Goose Egg": 30, "Zilch": 30, "No Points": 30, "Absolutely Nothing": 30, "Nada": 30, "Zero": 30,
}


def test_squat_count_of_every_card_follows_the_rulings():
    assert {c.name: squat_count(c.name) for c in DEFAULT_DECK.cards} == RULED_SQUATS
    assert squat_count("Leg Day") == 30


def test_squat_count_follows_an_edited_deck():
    data = DEFAULT_DECK.to_data()
    for card in data["cards"]:
        if card["name"] == "Zilch":
            card["count"] = 9
    deck = parse_deck(data)
    assert squat_count("Nada", deck) == 34 and squat_count("Selfie", deck) == 10


def test_squat_rule_every_loser_draws_and_counts_the_type():
    game = gamedesign.load("legday", players=5)
    drawn = set()
    for seed in range(8, 20):
        state = game.new_state(seed=seed)
        play_first_card_each_day(state, 14)
        result = state.result()
        squats = result.details["squats"]
        for seat in range(5):
            if seat in result.winners:
                assert squats[seat] is None
            else:
                assert squats[seat]["squats"] == RULED_SQUATS[squats[seat]["card"]]
                drawn.add(squats[seat]["card"])
        same = game.new_state(seed=seed)
        play_first_card_each_day(same, 14)
        assert same.result().details["squats"] == squats
    assert drawn & {"Goose Egg", "Zilch", "No Points", "Absolutely Nothing", "Nada", "Zero"}


def test_losers_draw_squats_even_when_nobody_wins():
    state = gamedesign.load("legday", players=3).new_state(seed=4)
    play_first_card_each_day(state, 13)
    # Give every player the same cards, so that all tie and all are eliminated.
    state.tableaus = [list(state.tableaus[0]) for _ in range(3)]
    state.hands = [list(state.hands[0]) for _ in range(3)]
    card = state.hands[0][0]
    for seat in range(3):
        state.apply(seat, f"pick {card}")
    result = state.result()
    assert result.winners == () and sorted(result.details["eliminated"]) == [0, 1, 2]
    squats = result.details["squats"]
    assert all(s is not None and s["squats"] == RULED_SQUATS[s["card"]] for s in squats)


def test_options_reach_the_scoring_and_bad_options_are_named():
    game = gamedesign.load("legday", players=2, curl_overflow="new_set", tiebreak_shakes="cards")
    assert game.options.curl_overflow == "new_set"
    with pytest.raises(ValueError, match="allowed values: 'cap', 'new_set'"):
        gamedesign.load("legday", curl_overflow="double")
    with pytest.raises(ValueError, match="allowed options: .*curl_overflow"):
        gamedesign.load("legday", curls="cap")
    with pytest.raises(ValueError, match="2, 3, 4, 5, 6 players"):
        gamedesign.load("legday", players=7)


def test_actions_print_and_parse():
    game = gamedesign.load("legday")
    assert str(Pick("Bench Press")) == "pick Bench Press"
    assert game.parse_action("pick Bench Press") == Pick("Bench Press")
    assert game.parse_action("Zilch") == Pick("Zilch")
    with pytest.raises(ValueError, match="Preacher Curl"):
        game.parse_action("pick Deadlift")


def test_a_card_not_in_hand_is_refused_with_what_is_allowed():
    state = gamedesign.load("legday", players=2).new_state(seed=9)
    missing = next(c.name for c in DEFAULT_DECK.cards if c.name not in state.hands[0])
    with pytest.raises(IllegalAction, match="allowed: pick"):
        state.apply(0, f"pick {missing}")


def test_deck_files_are_validated_with_the_card_named(tmp_path):
    data = DEFAULT_DECK.to_data()
    assert parse_deck(data) == DEFAULT_DECK
    bad = json.loads(json.dumps(data))
    bad["cards"][3]["count"] = -1
    with pytest.raises(ValueError, match=r"card 4 \('Underhand Pull-Up'\).*count"):
        parse_deck(bad)
    bad = json.loads(json.dumps(data))
    bad["cards"][0]["kind"] = "cardio"
    with pytest.raises(ValueError, match="unknown kind 'cardio'; allowed kinds"):
        parse_deck(bad)
    bad = json.loads(json.dumps(data))
    del bad["cards"][6]["images"]
    with pytest.raises(ValueError, match="Protein Shake x1.*images"):
        parse_deck(bad)
    path = tmp_path / "deck.json"
    path.write_text("{ not json")
    with pytest.raises(ValueError, match="not valid JSON"):
        load_deck(path)
    with pytest.raises(ValueError, match="deck: no deck file"):
        gamedesign.load("legday", deck=str(tmp_path / "missing.json"))


def test_a_designer_deck_plays_and_saves_with_the_game(tmp_path):
    data = DEFAULT_DECK.to_data()
    data["scoring"]["bench_set_points"] = 6
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data))
    game = gamedesign.load("legday", players=3, deck=str(path))
    assert game.deck.scoring["bench_set_points"] == 6
    state = game.new_state(seed=1)
    play_first_card_each_day(state, 3)
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()
    with pytest.raises(ValueError, match="options"):
        gamedesign.load("legday", players=3).state_from_json(state.to_json())
    small = DEFAULT_DECK.to_data()
    small["cards"] = small["cards"][:1] + small["cards"][-1:]
    with pytest.raises(ValueError, match="need 108 cards"):
        gamedesign.load("legday", players=6, deck=small)
