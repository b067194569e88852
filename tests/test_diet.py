"""The Diet Game: setup, every phase and ruling, answers, reshuffles, the end, options,
deck files and the greedy bot. Rule tests build hand-made states."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import gamedesign
from gamedesign import IllegalAction
from gamedesign.games.diet import DEFAULT_DECK, GreedyDietBot, Discard, Pass, Play, Skip, personalise

RULEBOOK_DECK = {
    # name: (count, kind, pounds) as in the rulebook's Common Deck Card List
    "Pancake Breakfast": (1, "breakfast", 1),
    "Continental Breakfast": (1, "breakfast", 1),
    "Breakfast Buffet": (1, "breakfast", 1),
    "Well Balanced Breakfast": (3, "breakfast", 0),
    "Yogurt & Fruit": (1, "breakfast", -1),
    "Diet Bar or Shake": (1, "breakfast", -1),
    "Cereal & Fruit": (1, "breakfast", -1),
    "Junk Food Lunch": (1, "lunch", 1),
    "Burger Joint Lunch": (1, "lunch", 1),
    "Fast Food Lunch": (1, "lunch", 1),
    "Well Balanced Lunch": (3, "lunch", 0),
    "Soup & Salad": (1, "lunch", -1),
    "Tuna-salad Pita": (1, "lunch", -1),
    "Sports Lunch": (1, "lunch", -1),
    "Ethnic Buffet": (1, "dinner", 1),
    "All-You-Can-Eat Bar-B-Q": (1, "dinner", 1),
    "Steak House (Red Meat)": (1, "dinner", 1),
    "Well Balanced Dinner": (3, "dinner", 0),
    "Chef Salad (Rabbit Food)": (1, "dinner", -1),
    "Grilled Chicken & Greens": (1, "dinner", -1),
    "Steamed Vegetables & Fish": (1, "dinner", -1),
    "Bag of Chips": (1, "snack", 1),
    "Cookies": (1, "snack", 1),
    "Box of Candy": (1, "snack", 1),
    "Light Snack": (3, "snack", 0),
    "Carrot Sticks": (1, "snack", -1),
    "Nuts or Seeds": (1, "snack", -1),
    "Apple": (1, "snack", -1),
    "Pint of Ice Cream": (1, "cheat", 1),
    "Chocolate Cake": (1, "cheat", 1),
    "Carb Fest": (1, "cheat", 1),
    "Scarf Leftovers": (1, "cheat", 1),
    "Binge Eating": (1, "cheat", 1),
    "Second Helping": (1, "cheat", 1),
    "Aerobic Exercise": (1, "exercise", -1),
    "Bicycling": (1, "exercise", -1),
    "Workout at Gym": (1, "exercise", -1),
    "Diet Pills": (1, "exercise", -1),
    "Fad Diet": (1, "exercise", -1),
    "Fasting": (1, "exercise", -1),
    "Willpower": (2, "willpower", 0),
    "Laziness": (2, "laziness", 0),
}

def arrange(players=4, hands=None, deck=(), discard=(), weights=None, active=0, phase="planning", **options):
    """A hand-made state: the given hands, deck (top card last) and weights, with
    ``active`` about to decide in ``phase``."""
    game = gamedesign.load("diet", players=players, **options)
    state = game.new_state(seed=1)
    state.hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    state.deck = list(deck)
    state.discard = list(discard)
    state.weights = list(weights or [0] * players)
    state.active = active
    state._enter(phase)
    return state


def play(state, *moves):
    """Apply ``(seat, action text)`` moves in order."""
    for seat, text in moves:
        state.apply(seat, text)
    return state


# -- the deck --------------------------------------------------------------------------


def test_the_deck_is_the_rulebooks_52_cards():
    deck = DEFAULT_DECK
    assert deck.size == 52
    assert {c.name: (c.count, c.kind, c.pounds) for c in deck.cards} == RULEBOOK_DECK
    kinds = Counter(c.kind for c in deck.cards for _ in range(c.count))
    assert kinds == {"breakfast": 9, "lunch": 9, "dinner": 9, "snack": 9, "cheat": 6, "exercise": 6,
                     "willpower": 2, "laziness": 2}
    assert deck.hand_size == 7 and deck.planning_discards == 3


# -- setup -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_setup_deals_seven_each_and_seat_0_starts(players):
    state = gamedesign.load("diet", players=players).new_state(seed=3)
    assert [len(h) for h in state.hands] == [7] * players
    assert len(state.deck) == 52 - 7 * players
    assert state.weights == [0] * players
    assert state.to_move() == [0] and state.phase == "planning" and state.turn == 1
    assert Counter(state.deck + sum(state.hands, [])) == Counter(DEFAULT_DECK.full_deck())


def test_default_is_four_players():
    assert gamedesign.load("diet").num_players == 4


def test_first_player_option_and_empty_hands_variant():
    state = gamedesign.load("diet", players=3, first_player=2, deal_at_start=False).new_state(seed=0)
    assert state.to_move() == [2]
    # Only the first player has filled their hand, in their own New Day.
    assert [len(h) for h in state.hands] == [0, 0, 7]


def test_same_seed_gives_the_same_deal():
    game = gamedesign.load("diet")
    assert game.new_state(seed=9).to_json() == game.new_state(seed=9).to_json()
    assert game.new_state(seed=9).hands != game.new_state(seed=10).hands


# -- phases in order ----------------------------------------------------------------------


def test_a_turn_runs_the_eight_phases_in_order_then_passes_left():
    hands = [
        ["Apple", "Well Balanced Breakfast", "Fasting", "Soup & Salad", "Well Balanced Dinner", "Cookies", "Laziness"],
        ["Bag of Chips", "Light Snack", "Willpower", "Laziness", "Cereal & Fruit", "Sports Lunch", "Box of Candy"],
        ["Carb Fest"] + ["Light Snack"] * 6,
        ["Fad Diet"] * 7,
    ]
    state = arrange(hands=hands, deck=["Carrot Sticks"] * 10)
    seen = []
    moves = [
        (0, "discard Cookies"),
        (0, "play Well Balanced Breakfast"),
        (0, "play Fasting"),
        (1, "pass"), (2, "pass"), (3, "pass"),
        (0, "play Soup & Salad"),
        (0, "play Well Balanced Dinner"),
        (1, "pass"), (2, "pass"), (3, "pass"),
        (0, "play Apple"),
    ]
    for seat, text in moves:
        seen.append(state.phase)
        assert state.to_move() == [seat]
        state.apply(seat, text)
    assert list(dict.fromkeys(seen)) == ["planning", "breakfast", "exercise", "lunch", "dinner", "cheat", "snack"]
    assert state.weights[0] == -3  # breakfast 0, exercise -1, lunch -1, dinner 0, snack -1
    assert state.active == 1 and state.turn == 2 and state.phase == "planning"
    assert len(state.hands[1]) == 7  # New Day: already full


def test_a_new_day_fills_the_hand_to_seven():
    state = arrange(hands=[["Apple"], ["Cookies"], [], []], deck=["Light Snack"] * 20, phase="snack", active=3)
    play(state, (3, "no snack"), (2, "pass"))
    assert state.active == 0 and state.phase == "planning"
    assert state.hands[0] == ["Apple"] + ["Light Snack"] * 6
    assert "Ann drew 6" in state.log[-1]


# -- A New Day: reshuffle and running dry ----------------------------------------------


def test_an_empty_deck_is_replaced_by_the_shuffled_discard_pile():
    discard = ["Apple", "Cookies", "Fasting", "Laziness", "Bicycling", "Light Snack", "Carb Fest", "Willpower"]
    state = arrange(hands=[["Apple"], ["Cookies"], [], []], deck=["Sports Lunch", "Bag of Chips"],
                    discard=discard, phase="snack", active=3)
    play(state, (3, "no snack"), (2, "pass"))
    assert state.reshuffles == 1
    assert len(state.hands[0]) == 7
    assert sorted(state.hands[0] + state.deck) == sorted(["Apple", "Sports Lunch", "Bag of Chips"] + discard)
    assert state.discard == []
    assert any("shuffled into a new deck" in line for line in state.log)


def test_the_reshuffle_is_seeded():
    def run(seed):
        game = gamedesign.load("diet", players=2)
        state = game.new_state(seed=seed)
        state.deck, state.discard = [], sorted(DEFAULT_DECK.full_deck())[:20]
        state.hands = [["Apple"], ["Cookies"]]
        state.active = 1
        state._enter("snack")
        play(state, (1, "no snack"), (0, "pass"))
        return state.hands[0]

    assert run(4) == run(4)


def test_with_deck_and_discard_empty_a_player_draws_what_there_is():
    state = arrange(hands=[["Apple"], ["Cookies"], [], []], deck=["Light Snack"], phase="snack", active=3)
    play(state, (3, "no snack"), (2, "pass"))
    assert state.hands[0] == ["Apple", "Light Snack"]
    assert "ran dry: 1 of 6" in state.log[-1]
    # The game goes on with a short hand.
    assert state.to_move() == [0]


# -- Planning --------------------------------------------------------------------------


def test_planning_discards_up_to_three_and_draws_as_many():
    hand = ["Cookies", "Bag of Chips", "Box of Candy", "Apple", "Fasting", "Laziness", "Willpower"]
    state = arrange(hands=[hand, [], [], []], deck=["Light Snack", "Sports Lunch", "Soup & Salad", "Bicycling"])
    legal = state.legal_actions(0)
    assert Discard(()) in legal and all(len(a.cards) <= 3 for a in legal)
    assert len(legal) == 1 + 7 + 21 + 35
    with pytest.raises(IllegalAction):
        state.apply(0, "discard Cookies, Bag of Chips, Box of Candy, Apple")
    state.apply(0, "discard Cookies, Bag of Chips, Box of Candy")
    assert sorted(state.discard) == ["Bag of Chips", "Box of Candy", "Cookies"]
    assert sorted(state.hands[0]) == sorted(["Apple", "Fasting", "Laziness", "Willpower", "Bicycling", "Soup & Salad",
                                             "Sports Lunch"])
    assert state.phase == "breakfast"


def test_planning_may_keep_the_hand():
    state = arrange(hands=[["Apple"] * 7, [], [], []], deck=["Cookies"])
    state.apply(0, "discard nothing")
    assert state.hands[0] == ["Apple"] * 7 and state.deck == ["Cookies"]


# -- meals -----------------------------------------------------------------------------


@pytest.mark.parametrize("meal,good,fattening", [
    ("breakfast", "Yogurt & Fruit", "Pancake Breakfast"),
    ("lunch", "Tuna-salad Pita", "Junk Food Lunch"),
    ("dinner", "Chef Salad (Rabbit Food)", "Ethnic Buffet"),
    ("snack", "Nuts or Seeds", "Box of Candy"),
])
def test_a_meal_phase_lets_you_eat_a_0_or_minus_1_card_of_that_meal_only(meal, good, fattening):
    hand = [good, fattening, "Apple" if meal != "snack" else "Sports Lunch", f"Well Balanced {meal.title()}"
            if meal != "snack" else "Light Snack"]
    state = arrange(hands=[hand, [], [], []], phase=meal, deck=["Fasting"] * 10)
    legal = [str(a) for a in state.legal_actions(0)]
    zero = "Light Snack" if meal == "snack" else f"Well Balanced {meal.title()}"
    assert sorted(legal) == sorted([f"play {good}", f"play {zero}", f"no {meal}"])
    state.apply(0, f"play {good}")
    assert state.weights[0] == -1 and state.causes[0]["own meals"] == -1
    assert state.discard == [good]


def test_a_well_balanced_meal_changes_nothing_but_keeps_the_neighbour_away():
    state = arrange(hands=[["Well Balanced Lunch"], [], [], ["Junk Food Lunch"]], phase="lunch")
    state.apply(0, "play Well Balanced Lunch")
    assert state.weights[0] == 0 and state.phase == "dinner" and state.to_move() == [0]


def test_no_meal_lets_the_right_hand_neighbour_feed_you_a_fattening_one():
    state = arrange(hands=[[], ["Cookies"], ["Bag of Chips"], ["Box of Candy", "Light Snack"]], phase="snack")
    state.apply(0, "no snack")
    assert state.to_move() == [3]  # seat i-1 is the player to your right
    assert [str(a) for a in state.legal_actions(3)] == ["play Box of Candy", "pass"]
    state.apply(3, "play Box of Candy")
    assert state.weights[0] == 1
    assert state.causes[0]["neighbour meals"] == 1
    assert state.tally["fattening_played"][3] == 1
    assert "Di fed Ann Box of Candy (+1 lb)." in state.log


def test_the_neighbour_may_pass():
    state = arrange(hands=[[], [], [], ["Box of Candy"]], phase="snack", deck=["Apple"] * 10)
    play(state, (0, "no snack"), (3, "pass"))
    assert state.weights[0] == 0 and state.hands[3] == ["Box of Candy"]
    assert state.active == 1  # the snack was the last phase


def test_with_two_players_the_other_player_is_the_right_hand_neighbour():
    state = arrange(players=2, hands=[[], ["Pancake Breakfast"]], phase="breakfast")
    state.apply(0, "no breakfast")
    assert state.to_move() == [1]


# -- Exercise and Laziness -------------------------------------------------------------


def test_exercise_loses_a_pound_when_nobody_answers():
    state = arrange(hands=[["Bicycling"], ["Laziness"], [], []], phase="exercise")
    state.apply(0, "play Bicycling")
    assert state.observe(2)["on_table"] == {"card": "Bicycling", "by": 0}
    play(state, (1, "pass"), (2, "pass"), (3, "pass"))
    assert state.weights[0] == -1 and state.causes[0]["exercise"] == -1
    assert state.discard == ["Bicycling"] and state.phase == "lunch"


def test_laziness_is_asked_from_the_left_and_the_first_one_cancels_the_exercise():
    state = arrange(hands=[["Laziness"], ["Laziness"], ["Bicycling"], ["Laziness"]], phase="exercise", active=2)
    state.apply(2, "play Bicycling")
    assert state.to_move() == [3]  # the player to the left of seat 2
    state.apply(3, "pass")
    assert state.to_move() == [0]
    state.apply(0, "pass")
    assert state.to_move() == [1]
    state.apply(1, "play Laziness")
    assert state.weights[2] == 0 and state.phase == "lunch" and state.to_move() == [2]
    assert sorted(state.discard) == ["Bicycling", "Laziness"]
    assert state.hands[3] == state.hands[0] == ["Laziness"]  # only one Laziness is ever played
    assert state.tally["laziness_played"] == [0, 1, 0, 0]
    assert "Bo played Laziness on Cy's Bicycling: it does not count." in state.log
    assert personalise(state.log[-1], state.game.names, 2) == "Bo played Laziness on your Bicycling: it does not count."


def test_no_exercise_asks_nobody():
    state = arrange(hands=[["Bicycling"], ["Laziness"], [], []], phase="exercise")
    state.apply(0, "no exercise")
    assert state.phase == "lunch" and state.to_move() == [0]


# -- Cheat and Willpower ---------------------------------------------------------------


def test_one_cheat_asked_from_the_left_and_willpower_cancels_it():
    state = arrange(hands=[["Willpower"], ["Carb Fest"], ["Chocolate Cake"], []], phase="cheat")
    assert state.to_move() == [1]
    state.apply(1, "play Carb Fest")
    assert state.to_move() == [0]  # the active player answers, seat 2 is not asked
    assert [str(a) for a in state.legal_actions(0)] == ["play Willpower", "pass"]
    state.apply(0, "play Willpower")
    assert state.weights[0] == 0 and sorted(state.discard) == ["Carb Fest", "Willpower"]
    assert state.hands[2] == ["Chocolate Cake"] and state.phase == "snack"
    assert state.tally["willpower_played"][0] == 1 and state.tally["cheats_played"][1] == 1


def test_a_cheat_not_cancelled_adds_a_pound():
    state = arrange(hands=[["Willpower"], [], ["Chocolate Cake"], []], phase="cheat")
    play(state, (1, "pass"), (2, "play Chocolate Cake"), (0, "pass"))
    assert state.weights[0] == 1 and state.causes[0]["cheats"] == 1
    assert state.discard == ["Chocolate Cake"] and state.hands[0] == ["Willpower"]


def test_when_every_opponent_passes_there_is_no_cheat():
    state = arrange(hands=[[], [], [], []], phase="cheat", active=1)
    play(state, (2, "pass"), (3, "pass"), (0, "pass"))
    assert state.phase == "snack" and state.to_move() == [1]


# -- the end ---------------------------------------------------------------------------


def test_reaching_the_target_wins_at_once_in_the_middle_of_the_turn():
    state = arrange(hands=[["Apple", "Fasting"], ["Cookies"], [], []], weights=[-9, -2, 0, 0], phase="breakfast")
    state.weights[0] = -9
    play(state, (0, "no breakfast"), (3, "pass"), (0, "play Fasting"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert state.is_over() and state.to_move() == [] and state.legal_actions(0) == []
    result = state.result()
    assert result.winners == (0,) and result.scores == (-10, -2, 0, 0)
    assert result.details["ended_by"] == "target" and result.details["turns"] == 1
    assert state.hands[0] == ["Apple"]  # lunch, dinner, cheat and snack never came
    assert state.log[-1] == "Ann reached -10 pounds and won the game!"


def test_the_target_is_an_option():
    state = arrange(hands=[["Apple"], [], [], []], weights=[-2, 0, 0, 0], phase="snack", target=-3)
    state.apply(0, "play Apple")
    assert state.result().winners == (0,)


def test_a_stalled_game_is_a_draw_at_the_turn_limit():
    game = gamedesign.load("diet", players=2, max_turns=3)
    state = game.new_state(seed=0)
    while not state.is_over():
        seat = state.to_move()[0]
        decline = [a for a in state.legal_actions(seat) if isinstance(a, (Pass, Skip)) or a == Discard(())]
        state.apply(seat, decline[0])
    result = state.result()
    assert result.winners == () and result.is_draw
    assert result.details["turns"] == 3 and result.details["ended_by"] == "turn limit"
    assert len(state.history) == 4  # the start and after each turn
    assert "draw" in state.log[-1]


def test_scores_are_weights_and_the_breakdown_adds_up():
    game = gamedesign.load("diet")
    state = gamedesign.play_game(game.new_state(seed=5), [GreedyDietBot() for _ in range(4)], [1, 2, 3, 4])
    result = state.result()
    for seat in range(4):
        assert sum(result.breakdown[seat].values()) == result.scores[seat]
        assert set(result.breakdown[seat]) == {"own meals", "neighbour meals", "exercise", "cheats"}
    assert result.details["weight_history"][-1] == list(result.scores)
    assert min(result.scores) == -10 and result.winners == (result.scores.index(-10),)


def test_simulate_table_carries_game_length_and_answers():
    df = gamedesign.simulate(gamedesign.load("diet", players=3), "greedy", games=20, seed=1)
    for column in ("turns", "laziness_played", "willpower_played", "cheats_played", "points_own meals"):
        assert column in df.columns
    assert (df.groupby("game")["turns"].nunique() == 1).all()


# -- actions as text ---------------------------------------------------------------------


def test_actions_print_and_parse_back():
    game = gamedesign.load("diet")
    assert game.parse_action("discard Cookies, Apple") == Discard(("Apple", "Cookies"))
    assert str(Discard(("Cookies", "Apple"))) == "discard Apple, Cookies"
    assert game.parse_action("discard nothing") == Discard(())
    assert game.parse_action("play well balanced breakfast") == Play("Well Balanced Breakfast")
    assert game.parse_action("no breakfast") == Skip("breakfast")
    assert game.parse_action("pass") == Pass()
    for action in (Play("Laziness"), Discard(("Apple", "Apple")), Skip("exercise"), Pass()):
        assert game.parse_action(str(action)) == action
    with pytest.raises(ValueError, match="unknown card 'Cake'"):
        game.parse_action("play Cake")
    with pytest.raises(ValueError, match="allowed"):
        game.parse_action("no brunch")


def test_out_of_turn_and_illegal_answers_are_refused():
    state = arrange(hands=[["Bicycling"], ["Laziness"], ["Laziness"], []], phase="exercise")
    state.apply(0, "play Bicycling")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not player 2's move"):
        state.apply(2, "play Laziness")
    with pytest.raises(IllegalAction, match="allowed: play Laziness, pass"):
        state.apply(1, "play Willpower")
    assert state.to_json() == before


# -- what players see ------------------------------------------------------------------


def test_observations_show_own_hand_sizes_weights_and_the_public_log_only():
    state = gamedesign.load("diet").new_state(seed=2)
    view = state.observe(1)
    assert sorted(view["hand"]) == sorted(state.hands[1])
    assert view["hand_sizes"] == [7, 7, 7, 7] and view["deck_size"] == 24
    text = json.dumps(view)
    for seat in (0, 2, 3):
        hidden = set(state.hands[seat]) - set(state.hands[1])
        assert not any(f'"{card}"' in text for card in hidden)


def test_save_and_load_keeps_log_and_history():
    game = gamedesign.load("diet", players=3)
    state = gamedesign.play_game(game.new_state(seed=8), [GreedyDietBot() for _ in range(3)], [1, 2, 3])
    loaded = game.state_from_json(state.to_json())
    assert loaded.log == state.log and loaded.history == state.history
    assert json.loads(loaded.to_json()) == json.loads(state.to_json())
    assert loaded.result() == state.result()


# -- options -----------------------------------------------------------------------------


def test_options_are_checked_with_clear_errors():
    with pytest.raises(ValueError, match="first_player=4 .* seats are numbered 0 to 3"):
        gamedesign.load("diet", players=4, first_player=4)
    with pytest.raises(ValueError, match="target"):
        gamedesign.load("diet", target=0)
    with pytest.raises(ValueError, match="max_turns"):
        gamedesign.load("diet", max_turns=0)
    with pytest.raises(ValueError, match="allowed values: True, False"):
        gamedesign.load("diet", deal_at_start="yes")
    with pytest.raises(ValueError, match="players"):
        gamedesign.load("diet", players=7)


# -- deck files --------------------------------------------------------------------------


def _deck_with(change):
    data = DEFAULT_DECK.to_data()
    change(data)
    return data


@pytest.mark.parametrize("change,message", [
    (lambda d: d["cards"][0].pop("pounds"), r"card 1 \('Pancake Breakfast'\): a breakfast card needs 'pounds'"),
    (lambda d: d["cards"][34].update(pounds=1), r"'Aerobic Exercise'.*must make you lose weight"),
    (lambda d: d["cards"][28].update(pounds=0), r"'Pint of Ice Cream'.*must make its target gain weight"),
    (lambda d: d["cards"][3].update(kind="brunch"), r"'Well Balanced Breakfast'.*unknown kind 'brunch'"),
    (lambda d: d["cards"][3].update(count=-1), r"'Well Balanced Breakfast'.*'count'"),
    (lambda d: d["cards"][1].update(name="Pancake Breakfast"), r"'Pancake Breakfast'.*used twice"),
    (lambda d: d["cards"][1].update(name="Eggs, Bacon"), r"comma"),
    (lambda d: d["cards"][40].update(pounds=1), r"'Willpower'.*unexpected field 'pounds'"),
    (lambda d: d.update(hand_size=0), r"'hand_size'"),
    (lambda d: d.update(planning_discards=9), r"'planning_discards'"),
    (lambda d: d.update(cards=[]), r"non-empty list"),
    (lambda d: d.update(extra=1), r"unknown entry 'extra'"),
])
def test_bad_deck_data_is_refused_naming_the_card_and_problem(change, message):
    with pytest.raises(ValueError, match=message):
        gamedesign.load("diet", deck=_deck_with(change))


def test_a_deck_file_can_change_counts_and_effects(tmp_path):
    data = _deck_with(lambda d: d["cards"][3].update(count=10, pounds=-2))
    path = tmp_path / "my_deck.json"
    path.write_text(json.dumps(data))
    game = gamedesign.load("diet", deck=str(path))
    assert game.deck.size == 59 and game.deck.card("Well Balanced Breakfast").pounds == -2
    state = game.new_state(seed=0)
    assert json.loads(state.to_json())["options"]["deck"]["cards"][3]["count"] == 10
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()


def test_missing_and_broken_deck_files_are_reported(tmp_path):
    with pytest.raises(ValueError, match="no deck file"):
        gamedesign.load("diet", deck=str(tmp_path / "nope.json"))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(ValueError, match="not valid JSON"):
        gamedesign.load("diet", deck=str(broken))


# -- the greedy bot --------------------------------------------------------------------


def _bot_for(state, seat):
    bot = GreedyDietBot()
    bot.reset(state.game, seat, 0)
    return bot.act(state.observe(seat), state.legal_actions(seat))


def test_greedy_eats_its_best_meal_and_feeds_its_left_neighbour():
    state = arrange(hands=[["Well Balanced Breakfast", "Yogurt & Fruit"], [], [], []], phase="breakfast")
    assert _bot_for(state, 0) == Play("Yogurt & Fruit")
    state = arrange(hands=[[], [], [], ["Pancake Breakfast"]], phase="breakfast")
    state.apply(0, "no breakfast")
    assert _bot_for(state, 3) == Play("Pancake Breakfast")


def test_greedy_keeps_laziness_for_the_moment_it_matters():
    def asked(weights):
        state = arrange(hands=[["Bicycling"], ["Laziness"], [], []], phase="exercise", weights=weights)
        state.apply(0, "play Bicycling")
        return _bot_for(state, 1)

    assert asked([-9, -3, -2, -1]) == Play("Laziness")  # the exercise would win the game
    assert asked([-5, -2, -3, -1]) == Play("Laziness")  # the active player leads
    assert asked([-1, -4, -3, -2]) == Pass()  # a trailing player: keep it


def test_greedy_always_answers_a_cheat_with_willpower_and_cheats_the_leader():
    state = arrange(hands=[["Willpower"], ["Carb Fest"], [], []], phase="cheat", weights=[-1, -5, 0, 0])
    assert _bot_for(state, 1) == Pass()  # Ann trails Bo: save the cheat
    state = arrange(hands=[["Willpower"], ["Carb Fest"], [], []], phase="cheat", weights=[-6, -5, 0, 0])
    assert _bot_for(state, 1) == Play("Carb Fest")
    state.apply(1, "play Carb Fest")
    assert _bot_for(state, 0) == Play("Willpower")


def test_greedy_discards_its_worst_cards_when_planning():
    hand = ["Cookies", "Bag of Chips", "Box of Candy", "Apple", "Fasting", "Yogurt & Fruit", "Soup & Salad"]
    state = arrange(hands=[hand, [], [], []], deck=["Light Snack"] * 5)
    assert _bot_for(state, 0) == Discard(("Bag of Chips", "Box of Candy", "Cookies"))


def test_greedy_beats_random():
    game = gamedesign.load("diet", players=4)
    df = gamedesign.simulate(game, ["greedy", "random", "greedy", "random"], games=300, seed=4)
    rates = df.groupby("bot")["won"].mean()
    assert rates["greedy"] > 0.4 > 0.05 > rates["random"]
    assert df.groupby("bot")["score"].mean()["greedy"] < df.groupby("bot")["score"].mean()["random"] - 3


def test_greedy_games_end_well_before_the_turn_limit():
    df = gamedesign.simulate(gamedesign.load("diet", players=6), "greedy", games=100, seed=2)
    assert not df["draw"].any() and df["turns"].max() < 100


# -- hidden information ------------------------------------------------------------------


def test_hidden_variant_swaps_only_what_the_player_cannot_see():
    import random

    state = gamedesign.load("diet").new_state(seed=3)
    variant = state.hidden_variant(0, random.Random(1))
    assert variant.to_json() != state.to_json()
    assert variant.observe(0) == state.observe(0)
    assert variant.hands[0] == state.hands[0] and variant.discard == state.discard


def test_saved_text_holds_the_same_data_as_the_generic_protocol():
    import random

    game = gamedesign.load("diet", players=3)
    state = game.new_state(seed=6)
    rng = random.Random(0)
    for _ in range(400):  # long enough for a reshuffle
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        generic = {"game": "diet", "players": 3, "options": game.options_dict(), **state._to_data()}
        assert json.loads(state.to_json()) == json.loads(json.dumps(generic))
    assert state.reshuffles >= 1


@pytest.mark.parametrize("options", [{}, {"deal_at_start": False}, {"first_player": 2, "target": -5}])
def test_every_card_is_always_somewhere_and_weights_match_their_causes(options):
    import random

    game = gamedesign.load("diet", players=3, max_turns=60, **options)
    for seed in range(3):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            table = [state.pending["card"]] if state.pending else []
            everywhere = state.deck + state.discard + sum(state.hands, []) + table
            assert Counter(everywhere) == Counter(DEFAULT_DECK.full_deck())
            assert all(len(h) <= 7 for h in state.hands)
            assert [sum(c.values()) for c in state.causes] == state.weights
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert state.result().details["turns"] <= 60


def test_greedy_games_with_every_option_end_with_a_winner():
    game = gamedesign.load("diet", players=5, deal_at_start=False, first_player=4, target=-6)
    df = gamedesign.simulate(game, "greedy", games=30, seed=3)
    assert not df["draw"].any()
    assert df.groupby("game")["won"].sum().eq(1).all()
    assert (df[df["won"]]["score"] == -6).all()
