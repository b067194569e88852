"""GYM: one test per ruling, per Event Action and per Coach block, on hand-built states.

Default deck (colour letters R O Y G B P):
Events: Lift any Kid (red), Switch 2 Kids (orange), Force a Kid (yellow),
Swap 2 Kids (green), Pick a Kid (blue), Move any Kid (purple).
Kids used below: Ada R3 O1, Ben O3 G1, Chloe G3 R1, Dev R3 Y1, Ella Y3 G1, Finn G3 P1,
Grace P3 O1, Hugo O3 B1, Iris B3 Y1, Leo B3 R1, Maya R2 O2, Nico O2 Y2, Olive Y2 G2,
Priya G2 B2; Brats: Sam R2, Tess O2, Vera G2, Zoe P2.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

import gamedesign
from gamedesign import IllegalAction
from gamedesign.games.gym import (
    DEFAULT_DECK,
    Advance,
    Coach,
    Force,
    GiveBack,
    GymState,
    Lift,
    Move,
    PickFrom,
    Place,
    Skip,
    Swap,
    Switch,
    Take,
    score_board,
    select_events,
)
from gamedesign.games.gym import odds as gym_odds
from gamedesign.games.gym.cards import parse_deck
from gamedesign.simulate import simulate

LIFT, SWITCH, FORCE, SWAP, PICK, MOVE = (
    "Lift any Kid", "Switch 2 Kids", "Force a Kid", "Swap 2 Kids", "Pick a Kid", "Move any Kid",
)
IN_PLAY = [LIFT, SWITCH, SWAP, MOVE]  # Force and Pick become the Coaches


def empty_board():
    return {e: [[None] * 3, [None] * 3] for e in IN_PLAY}


def setup(hands, board=None, coaches=None, players=2, in_play=IN_PLAY, **options):
    game = gamedesign.load("gym", players=players, **options)
    full = empty_board() if in_play == IN_PLAY else {e: [[None] * 3, [None] * 3] for e in in_play}
    full.update(board or {})
    return GymState.from_setup(game, hands=hands, in_play=in_play, board=full, coaches=coaches)


def legal(state, kind=None):
    acts = state.legal_actions(state.turn)
    return [a for a in acts if kind is None or isinstance(a, kind)]


def play(state, *texts):
    for text in texts:
        state.apply(state.turn, text)
    return state


# ---------------------------------------------------------------------------------------
# Deck
# ---------------------------------------------------------------------------------------


def test_default_deck_matches_the_rulings():
    deck = DEFAULT_DECK
    assert len(deck.friendlies) == 18 and len(deck.brats) == 6
    assert [(e.name, e.colour) for e in deck.events] == [
        (LIFT, "red"), (SWITCH, "orange"), (FORCE, "yellow"), (SWAP, "green"), (PICK, "blue"), (MOVE, "purple"),
    ]
    for kid in deck.kids:
        values = sorted(v for _, v in kid.skills)
        assert values == ([2] if kid.is_brat else values) and (kid.is_brat or sum(values) == 4)
        assert len({c for c, _ in kid.skills}) == len(kid.skills)
    for colour in ("red", "orange", "yellow", "green", "blue", "purple"):
        friendly = sorted((kid.value(colour) for kid in deck.kids if not kid.is_brat and kid.value(colour)), reverse=True)
        assert friendly == [3, 3, 2, 2, 1, 1]
        assert [kid.value(colour) for kid in deck.kids if kid.is_brat and kid.value(colour)] == [2]


def broken(change):
    data = copy.deepcopy(DEFAULT_DECK.to_data())
    change(data)
    return data


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda d: d["kids"][0].pop("skills"), r"Kid 1 \('Ada'\) has no 'skills'"),
        (lambda d: d["events"][2].pop("colour"), r"event 3 \('Force a Kid'\) has no 'colour'"),
        (lambda d: d["kids"][4]["skills"][1].update(colour="pink"), r"Kid 5 \('Ella'\).*unknown colour 'pink'"),
        (lambda d: d["events"][0].update(colour="teal"), r"event 1 \('Lift any Kid'\): unknown colour 'teal'"),
        (lambda d: d["kids"].pop(), r"exactly 24 Kids.*not 23"),
        (lambda d: d["events"].pop(), r"exactly 6 events"),
        (lambda d: d["kids"][1]["skills"][1].update(colour="orange"), r"Kid 2 \('Ben'\).*different colours.*'orange'"),
        (lambda d: d["kids"][2]["skills"][0].update(value=0), r"Kid 3 \('Chloe'\).*value 1 or more, not 0"),
        (lambda d: d["kids"][2]["skills"][0].update(value="3"), r"Kid 3 \('Chloe'\).*not '3'"),
        (lambda d: d["kids"][18]["skills"].append({"colour": "blue", "value": 1}), r"Kid 19 \('Sam'\): a brat has exactly 1 skill"),
        (lambda d: d["kids"][3].update(type="bully"), r"Kid 4 \('Dev'\): unknown type 'bully'"),
        (lambda d: d["kids"][3].update(name="Ada"), r"Kid 4 \('Ada'\).*used twice"),
        (lambda d: d["events"][1].update(colour="red"), r"event 2.*already the colour"),
        (lambda d: d["events"][1].update(action="jump"), r"event 2 \('Switch 2 Kids'\): unknown action 'jump'"),
        (lambda d: d["kids"][5].update(name="Finn, Jr"), r"Kid 6.*plain words"),
    ],
)
def test_malformed_decks_are_refused_naming_the_card(change, message):
    with pytest.raises(ValueError, match=message):
        parse_deck(broken(change))
    with pytest.raises(ValueError, match="deck: "):
        gamedesign.load("gym", deck=broken(change))


def test_a_custom_deck_file_is_played_and_saved(tmp_path):
    data = DEFAULT_DECK.to_data()
    data["kids"][0]["name"] = "Amara"
    path = tmp_path / "my_deck.json"
    path.write_text(json.dumps(data))
    game = gamedesign.load("gym", deck=str(path))
    state = game.new_state(seed=3)
    assert "Amara" in state.row + state.stack
    saved = json.loads(state.to_json())
    assert saved["options"]["deck"]["kids"][0]["name"] == "Amara"
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()
    with pytest.raises(ValueError, match="no deck file"):
        gamedesign.load("gym", deck=str(tmp_path / "missing.json"))


# ---------------------------------------------------------------------------------------
# Setup, schedule and pick phase
# ---------------------------------------------------------------------------------------


def test_setup_random_column_level_start_and_two_reveals():
    game = gamedesign.load("gym")
    columns = {tuple(game.new_state(seed=s).column) for s in range(20)}
    assert len(columns) > 10
    state = game.new_state(seed=4)
    assert sorted(state.column) == sorted(e.name for e in DEFAULT_DECK.events)
    assert set(state.levels.values()) == {0}
    assert len(state.row) == 12 and len(state.stack) == 12
    stack = list(state.stack)
    rng = random.Random(0)
    for _ in range(12):
        play(state, str(Take(rng.choice(state.row))))
        if state.step == "advance":
            play(state, "skip advance")
    assert state.row == stack and state.stack == []


def test_schedule_selection_top_four_with_ties_to_the_higher_event():
    column = [SWITCH, LIFT, MOVE, FORCE, PICK, SWAP]
    # the rulebook's example: Force furthest, then Pick, then Lift and Move tied: Lift is higher.
    levels = {FORCE: 5, PICK: 4, LIFT: 2, MOVE: 2, SWITCH: 1, SWAP: 0}
    assert select_events(column, levels) == [LIFT, MOVE, FORCE, PICK]
    assert select_events(column, dict.fromkeys(column, 0)) == [SWITCH, LIFT, MOVE, FORCE]
    levels = dict.fromkeys(column, 0) | {SWAP: 1}
    assert select_events(column, levels) == [SWITCH, LIFT, MOVE, SWAP]


def take_until(state, want_brat):
    """Take the first Brat (or the first Friendly) in the row; returns the taken Kid."""
    kids = [kid for kid in state.row if DEFAULT_DECK.kid(kid).is_brat == want_brat]
    assert kids, f"the row holds no {'Brat' if want_brat else 'Friendly'}: choose another seed"
    play(state, f"take {kids[0]}")
    return kids[0]


def find_seed_with_brat():
    game = gamedesign.load("gym")
    seed = next(seed for seed in range(100)
                if any(DEFAULT_DECK.kid(k).is_brat for k in game.new_state(seed=seed).row))
    return seed


@pytest.mark.parametrize("rule,count", [("either", 6 + 15 + 1), ("two_to_one", 7), ("one_to_two", 16)])
def test_a_brat_may_advance_the_schedule(rule, count):
    state = gamedesign.load("gym", brat_advance=rule).new_state(seed=find_seed_with_brat())
    take_until(state, want_brat=True)
    assert state.step == "advance" and state.turn == 0
    options = legal(state)
    assert len(options) == count and Skip("advance") in options
    a, b = state.column[0], state.column[1]
    if rule != "one_to_two":
        play(state, f"advance {b} by 2")
        assert state.levels[b] == 2 and sum(state.levels.values()) == 2
    else:
        play(state, f"advance {b} and {a} by 1")
        assert state.levels[a] == state.levels[b] == 1
    assert state.turn == 1 and state.step == "take"


def test_advancing_one_event_by_one_step_or_the_same_event_twice_is_refused():
    state = gamedesign.load("gym").new_state(seed=find_seed_with_brat())
    take_until(state, want_brat=True)
    with pytest.raises(ValueError):
        gamedesign.load("gym").parse_action(f"advance {LIFT} and {LIFT} by 1")
    with pytest.raises(IllegalAction):
        state.apply(0, f"advance {LIFT} by 3")


def test_a_friendly_pick_does_not_move_the_schedule():
    state = gamedesign.load("gym").new_state(seed=1)
    take_until(state, want_brat=False)
    assert state.step == "take" and state.turn == 1 and set(state.levels.values()) == {0}


@pytest.mark.parametrize("players", [2, 4, 6])
def test_team_seating_and_turn_order(players):
    game = gamedesign.load("gym", players=players)
    state = game.new_state(seed=players)
    order, rng = [], random.Random(1)
    while state.phase == "pick":
        if state.step == "take":
            order.append(state.turn)
        seat = state.turn
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert order == [i % players for i in range(24)]
    assert [len(h) for h in state.hands] == [24 // players] * players
    assert state.observe(0)["teams"] == ["A", "B"] * (players // 2)
    assert state.turn == 0 and state.step == "place"
    assert state.in_play == select_events(state.column, state.levels)
    assert state.coach_cards == [e for e in state.column if e not in state.in_play]
    places = []
    while not state.is_over():
        if state.step == "place":
            places.append(state.turn)
        seat = state.turn
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert places == [i % players for i in range(24)]
    result = state.result()
    winners = set(result.winners)
    assert winners in ({s for s in range(players) if s % 2 == 0}, {s for s in range(players) if s % 2 == 1})
    assert len(set(result.scores[::2])) == 1 and len(set(result.scores[1::2])) == 1


# ---------------------------------------------------------------------------------------
# Placement and the choice of Event Action
# ---------------------------------------------------------------------------------------


def test_placement_is_on_an_empty_position_of_your_own_side():
    state = setup([["Ada", "Ben"], ["Chloe"]], board={LIFT: [["Maya", None, None], [None, None, None]]})
    places = legal(state)
    assert len(places) == 2 * 11
    assert Place("Ada", LIFT, 1) not in places and Place("Ada", LIFT, 2) in places
    with pytest.raises(IllegalAction, match="allowed"):
        state.apply(0, "place Ada at Lift any Kid spot 1")
    with pytest.raises(IllegalAction):
        state.apply(0, "place Chloe at Lift any Kid spot 2")
    play(state, "place Ada at Lift any Kid spot 2")
    assert state.board[LIFT][0] == ["Maya", "Ada", None] and state.hands[0] == ["Ben"]
    assert state.step == "action"


def test_action_is_the_events_or_one_of_the_kids_skills_in_play():
    # Ada (R3 O1) at Swap: Swap (the event), Lift (red) and Switch (orange) are open.
    state = setup([["Ada", "Olive"], ["Chloe", "Ben"]], board={MOVE: [["Maya", None, None], ["Nico", None, None]]})
    play(state, f"place Ada at {SWAP} spot 1")
    assert state.action_kinds() == ["swap", "lift", "switch"]
    kinds = {type(a).__name__ for a in legal(state)}
    assert kinds == {"Swap", "Lift", "Switch", "Skip"}
    # Olive (Y2 G2) at Move: Move, and Swap (green); yellow's event (Force) is not in play.
    state = setup([["Olive"], ["Chloe"]], board={MOVE: [["Maya", None, None], [None, None, None]]})
    play(state, f"place Olive at {MOVE} spot 2")
    assert state.action_kinds() == ["move", "swap"]


def test_skip_action_ends_a_friendly_turn():
    state = setup([["Ada", "Ben"], ["Chloe", "Dev"]])
    play(state, f"place Ada at {LIFT} spot 1", "skip action")
    assert state.turn == 1 and state.step == "place"


# ---------------------------------------------------------------------------------------
# The six Event Actions
# ---------------------------------------------------------------------------------------


def test_lift_takes_any_placed_kid_and_puts_one_from_hand_there():
    board = {SWAP: [["Maya", None, None], ["Chloe", None, None]]}
    state = setup([["Ada", "Ben"], ["Dev"]], board=board)
    play(state, f"place Ada at {LIFT} spot 1")
    assert Lift("Chloe", "Ben") in legal(state) and Lift("Ada", "Ben") in legal(state)
    assert Lift("Chloe", "Chloe") not in legal(state)
    play(state, "lift Chloe, put Ben")
    assert state.board[SWAP][1] == ["Ben", None, None]
    assert state.hands[0] == ["Chloe"]
    assert state.turn == 1
    assert "Chloe" in state.observe(1)["known_hands"][0]


def test_switch_exchanges_two_kids_on_the_same_side_only():
    board = {SWITCH: [[None, None, None], ["Ben", None, None]], MOVE: [["Maya", None, None], ["Nico", None, None]]}
    state = setup([["Grace", "Dev"], ["Ella"]], board=board)
    play(state, f"place Grace at {SWITCH} spot 1")  # Grace P3 O1
    switches = legal(state, Switch)
    assert set(switches) == {Switch("Grace", "Maya"), Switch("Ben", "Nico")}
    play(state, "switch Maya with Grace")
    assert state.board[SWITCH][0][0] == "Maya" and state.board[MOVE][0][0] == "Grace"


def test_swap_exchanges_a_kid_on_each_side():
    board = {MOVE: [["Maya", None, None], ["Nico", "Finn", None]]}
    state = setup([["Vera", "Dev"], ["Ella"]], board=board)
    play(state, f"place Vera at {SWAP} spot 1")  # Brat, green -> Swap
    swaps = legal(state, Swap)
    assert set(swaps) == {Swap(a, b) for a in ("Maya", "Vera") for b in ("Nico", "Finn")}
    play(state, "swap Finn with Vera")
    assert state.board[MOVE][1][1] == "Vera" and state.board[SWAP][0][0] == "Finn"
    assert state.step == "coach"  # Vera is a Brat


def test_move_sends_a_kid_to_an_empty_position_on_the_same_side():
    board = {LIFT: [["Maya", "Ada", "Dev"], ["Nico", None, None]]}
    state = setup([["Grace", "Ben"], ["Ella"]], board=board)
    play(state, f"place Grace at {MOVE} spot 1")
    moves = legal(state, Move)
    assert Move("Maya", LIFT, 1) not in moves
    assert Move("Nico", LIFT, 2) in moves and Move("Nico", SWAP, 3) in moves
    assert all(state.board[m.event][0 if m.kid in ("Maya", "Ada", "Dev", "Grace") else 1][m.spot - 1] is None for m in moves)
    play(state, f"move Maya to {SWAP} spot 2")
    assert state.board[LIFT][0] == [None, "Ada", "Dev"] and state.board[SWAP][0][1] == "Maya"


def test_force_makes_a_random_kid_the_next_placement_and_exempts_its_player():
    in_play = [FORCE, SWITCH, SWAP, MOVE]
    state = setup([["Ella", "Ada", "Ben"], ["Chloe", "Dev", "Maya"]], in_play=in_play)
    play(state, f"place Ella at {FORCE} spot 1")
    assert legal(state, Force) == [Force(1)]
    play(state, "force player 1")
    forced = state.forced[1]
    assert forced in ("Chloe", "Dev", "Maya") and forced not in state.hands[1]
    assert state.observe(0)["forced"][1] == forced  # set in front of the player: public
    assert {p.kid for p in legal(state, Place)} == {forced}
    # player 1 is exempt: player 0 cannot Force them again before their turn is over
    play(state, f"place {forced} at {SWITCH} spot 1", "skip action")
    assert state.exempt[1] is False
    play(state, f"place Ada at {FORCE} spot 2")
    assert legal(state, Force) == [Force(1)]


def test_force_is_refused_against_an_exempt_player_or_an_empty_hand():
    in_play = [FORCE, SWITCH, SWAP, MOVE]
    game = gamedesign.load("gym", players=4)
    state = GymState.from_setup(
        game, hands=[["Ella", "Ada"], ["Chloe"], ["Olive"], []], in_play=in_play, forced=[None, "Dev", None, "Maya"],
    )
    play(state, f"place Ella at {FORCE} spot 1")
    assert legal(state, Force) == []  # seat 1 exempt, seat 3's hand empty (Maya is forced)
    with pytest.raises(IllegalAction):
        state.apply(0, "force player 1")
    with pytest.raises(IllegalAction):
        state.apply(0, "force player 2")  # a teammate is no opponent


def test_pick_takes_a_random_kid_then_gives_any_kid_back():
    in_play = [PICK, SWITCH, SWAP, MOVE]
    state = setup([["Iris", "Ada", "Ben"], ["Chloe", "Dev", "Maya"]], in_play=in_play)
    play(state, f"place Iris at {PICK} spot 1")
    assert legal(state, PickFrom) == [PickFrom(1)]
    play(state, "pick a Kid from player 1")
    taken = state.taken
    assert taken in ("Chloe", "Dev", "Maya") and taken in state.hands[0]
    assert state.step == "give_back" and state.observe(0)["taken"] == taken and state.observe(1)["taken"] == taken
    assert set(legal(state)) == {GiveBack(k) for k in ("Ada", "Ben", taken)}
    play(state, "give back Ben")
    assert sorted(state.hands[0]) == sorted(["Ada", taken]) and "Ben" in state.hands[1]
    assert [len(h) for h in state.hands] == [2, 3]
    assert state.turn == 1
    assert any(taken in line for line in state.observe(0)["log"])
    assert any("Ben" in line for line in state.observe(1)["log"])


def test_a_third_player_forgets_what_was_in_hands_touched_by_pick():
    game = gamedesign.load("gym", players=4)
    state = game.new_state(seed=2)
    rng = random.Random(2)
    while state.phase == "pick":
        state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
    assert state.observe(2)["known_hands"][1] == state.hands[1]  # every pick was public
    state.in_play = [PICK] + [e for e in state.in_play if e != PICK][:3]
    state.board = {e: [[None] * 3, [None] * 3] for e in state.in_play}
    state.coach_cards = [e for e in state.column if e not in state.in_play]
    state.coaches = {c: None for c in state.coach_cards}
    kid = state.hands[0][0]
    play(state, f"place {kid} at {PICK} spot 1", "pick a Kid from player 1")
    assert state.observe(2)["known_hands"][1] == []
    play(state, f"give back {state.hands[0][0]}")
    assert state.observe(2)["known_hands"][0] == [] and state.observe(3)["known_hands"][1] == []


# ---------------------------------------------------------------------------------------
# Coaches
# ---------------------------------------------------------------------------------------


def test_only_a_placed_brat_lets_you_place_or_move_a_coach():
    state = setup([["Sam", "Ada"], ["Chloe", "Ben"]])
    play(state, f"place Sam at {LIFT} spot 1", "skip action")
    assert state.step == "coach"
    coaches = legal(state, Coach)
    assert len(coaches) == 2 * 4 * 2
    play(state, f"coach {FORCE} to {SWAP} side B")
    assert state.coaches[FORCE] == (SWAP, 1)
    play(state, f"place Chloe at {LIFT} spot 1", "skip action")
    assert state.turn == 0  # a Friendly gives no coach step
    play(state, f"place Ada at {LIFT} spot 2", "skip action")
    assert state.turn == 1 and state.step == "place"


def test_a_coach_is_moved_and_never_shares_a_side():
    state = setup([["Sam", "Zoe"], ["Chloe", "Ben"]], coaches={PICK: (SWAP, "B")})
    play(state, f"place Sam at {LIFT} spot 1", "skip action")
    options = legal(state, Coach)
    assert Coach(FORCE, SWAP, "B") not in options and Coach(PICK, SWAP, "B") not in options
    assert Coach(PICK, LIFT, "A") in options
    play(state, f"coach {PICK} to {LIFT} side A")
    assert state.coaches[PICK] == (LIFT, 0)


def test_a_second_coach_on_a_side_is_refused_in_play_and_in_setup():
    state = setup([["Sam", "Zoe"], ["Chloe", "Ben"]], coaches={PICK: (SWAP, "B")})
    play(state, f"place Sam at {LIFT} spot 1", "skip action")
    with pytest.raises(IllegalAction):
        state.apply(0, f"coach {FORCE} to {SWAP} side B")
    assert state.coaches == {FORCE: None, PICK: (SWAP, 1)}
    with pytest.raises(ValueError, match="one Coach"):
        setup([["Sam"], ["Ben"]], coaches={PICK: (SWAP, "B"), FORCE: (SWAP, "B")})


@pytest.mark.parametrize("players", [2, 4])
def test_no_side_ever_holds_two_coaches_in_random_games(players):
    game = gamedesign.load("gym", players=players)
    coach_steps = 0
    for seed in range(15):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            if state.step == "coach":
                coach_steps += 1
            state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
            spots = [where for where in state.coaches.values() if where is not None]
            assert len(spots) == len(set(spots))
    assert coach_steps > 20


BLOCK_BOARD = {
    LIFT: [["Maya", None, None], ["Nico", None, None]],
    SWITCH: [["Ben", None, None], ["Hugo", None, None]],
}


def acts_after_placing(coaches, kid="Ada", where=SWAP, **options):
    # Ada (R3 O1) placed at Swap opens Swap, Lift and Switch; Grace (P3 O1) at Move opens Move and Switch
    state = setup([[kid, "Dev"], ["Chloe", "Olive"]], board=copy.deepcopy(BLOCK_BOARD), coaches=coaches, **options)
    play(state, f"place {kid} at {where} spot 1")
    return legal(state)


def test_coach_blocks_lift_on_its_side_only():
    acts = acts_after_placing({FORCE: (LIFT, "B")})
    assert Lift("Nico", "Dev") not in acts
    assert Lift("Maya", "Dev") in acts  # the other side of the event is open


def test_coach_blocks_switch_onto_or_off_its_side():
    acts = acts_after_placing({FORCE: (LIFT, "A")})
    assert Switch("Maya", "Ben") not in acts and Switch("Maya", "Ada") not in acts
    assert Switch("Ben", "Ada") in acts and Switch("Nico", "Hugo") in acts


def test_coach_blocks_swap_onto_or_off_its_side():
    acts = acts_after_placing({FORCE: (SWITCH, "B")})
    assert Swap("Maya", "Hugo") not in acts and Swap("Ada", "Hugo") not in acts
    assert Swap("Maya", "Nico") in acts
    acts = acts_after_placing({FORCE: (SWAP, "A")})  # the placed Kid's own side is guarded
    assert not any(isinstance(a, Swap) and "Ada" in (a.a, a.b) for a in acts)


def test_coach_blocks_move_onto_or_off_its_side():
    acts = acts_after_placing({FORCE: (LIFT, "A"), PICK: (MOVE, "B")}, kid="Grace", where=MOVE)
    moves = [a for a in acts if isinstance(a, Move)]
    assert not any(m.kid == "Maya" and m.event != LIFT for m in moves)  # off a guarded side
    assert Move("Maya", LIFT, 2) in moves  # within the guarded side is no move onto or off it
    assert not any(m.event == LIFT and m.kid in ("Ben", "Grace") for m in moves)  # onto a guarded side
    assert not any(m.event == MOVE and m.kid in ("Nico", "Hugo") for m in moves)
    assert Move("Nico", SWAP, 1) in moves


def test_coaches_never_block_force_pick_or_placement():
    in_play = [FORCE, PICK, SWAP, MOVE]
    state = setup([["Uri", "Ada"], ["Chloe", "Dev"]], in_play=in_play, coaches={LIFT: (FORCE, "A"), SWITCH: (PICK, "B")})
    assert Place("Uri", FORCE, 1) in legal(state)
    play(state, f"place Uri at {FORCE} spot 1")
    assert Force(1) in legal(state)
    state = setup([["Iris", "Ada"], ["Chloe", "Dev"]], in_play=in_play, coaches={LIFT: (PICK, "A"), SWITCH: (PICK, "B")})
    play(state, f"place Iris at {PICK} spot 1")
    assert PickFrom(1) in legal(state)


def test_option_coach_blocks_placement():
    state = setup([["Ada"], ["Chloe"]], coaches={FORCE: (LIFT, "A")}, coach_blocks_placement=True)
    assert not any(p.event == LIFT for p in legal(state))
    full = {e: [["Maya", "Nico", "Olive"], [None] * 3] for e in (SWITCH, SWAP, MOVE)}
    state = setup([["Ada"], ["Chloe"]], board=full, coaches={FORCE: (LIFT, "A")}, coach_blocks_placement=True)
    assert {p.event for p in legal(state)} == {LIFT}  # never left without a placement


# ---------------------------------------------------------------------------------------
# Game end and scoring
# ---------------------------------------------------------------------------------------


def test_scoring_of_a_hand_built_board():
    board = {
        LIFT: [["Ada", "Maya", "Sam"], ["Dev", "Chloe", "Ben"]],  # red: A 3+2+2=7, B 3+1+0=4
        SWITCH: [["Hugo", "Nico", "Grace"], ["Tess", "Ella", None]],  # orange: A 3+2+1=6, B 2+0=2
        SWAP: [["Finn", None, None], ["Vera", "Olive", "Priya"]],  # green: A 3, B 2+2+2=6
        MOVE: [["Zoe", None, None], ["Quinn", "Kira", None]],  # purple: A 2, B 2+3=5
    }
    per = score_board(board, DEFAULT_DECK)
    assert per == {LIFT: [7, 4], SWITCH: [6, 2], SWAP: [3, 6], MOVE: [2, 5]}


def test_the_game_ends_after_the_last_placement_turn_and_team_a_wins_ties():
    board = {e: [["Maya", "Nico", "Olive"], ["Priya", "Quinn", "Rosa"]] for e in (LIFT,)}
    board[LIFT] = [["Maya", "Rosa", None], ["Sam", "Dev", None]]  # red A 2+2, B 2+3
    state = setup([["Ada"], ["Chloe"]], board=board)
    play(state, f"place Ada at {SWITCH} spot 1", "skip action")  # A: +1 orange
    assert not state.is_over()
    play(state, f"place Chloe at {SWAP} spot 1")  # B: +3 green
    assert not state.is_over()
    play(state, "swap Chloe with Ada")  # the last turn still has its action
    assert state.is_over()
    result = state.result()
    assert result.scores == (4, 5) and result.winners == (1,)
    assert result.breakdown[0] == {LIFT: 4, SWITCH: 0, SWAP: 0, MOVE: 0}
    assert result.details["margin"] == [-1, 1] and result.details["team"] == ["A", "B"]
    tie = setup([["Ada"], ["Dev"]])
    play(tie, f"place Ada at {LIFT} spot 1", "skip action", f"place Dev at {LIFT} spot 1", "skip action")
    assert tie.result().scores == (3, 3) and tie.result().winners == (0,)
    assert tie.result().details["decided_by_tie"] is True


def test_the_last_turn_keeps_its_event_action_and_its_coach_step():
    board = {LIFT: [["Maya", None, None], ["Nico", None, None]]}
    state = setup([["Ada"], ["Zoe"]], board=board)
    play(state, f"place Ada at {SWITCH} spot 1", "skip action")
    play(state, f"place Zoe at {MOVE} spot 1")  # the last Kid of the game
    assert not state.is_over() and state.step == "action"
    assert Move("Zoe", SWAP, 1) in legal(state) and Move("Nico", MOVE, 2) in legal(state)
    play(state, f"move Zoe to {SWAP} spot 1")
    assert state.locate("Zoe") == (SWAP, 1, 0)
    assert not state.is_over() and state.step == "coach"  # a Brat placed last still coaches
    play(state, f"coach {FORCE} to {SWITCH} side A")
    assert state.is_over() and state.coaches[FORCE] == (SWITCH, 0)


@pytest.mark.parametrize("players", [2, 6])
def test_every_random_games_last_placement_is_followed_by_its_action_step(players):
    game = gamedesign.load("gym", players=players)
    last_actions = set()
    for seed in range(10):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            action = rng.choice(state.legal_actions(state.turn))
            state.apply(state.turn, action)
            if isinstance(action, Place) and state._kids_left() == 0:
                assert not state.is_over() and state.step == "action"
                acts = legal(state)
                chosen = next((a for a in acts if not isinstance(a, Skip)), acts[0])
                last_actions.add(type(chosen).__name__)
                state.apply(state.turn, chosen)
    assert last_actions - {"Skip"}


def test_winners_are_every_seat_of_the_winning_team():
    game = gamedesign.load("gym", players=6)
    state = GymState.from_setup(game, hands=[["Ada"], [], [], [], [], []], in_play=IN_PLAY)
    play(state, f"place Ada at {LIFT} spot 1", "skip action")
    assert state.result().winners == (0, 2, 4) and state.result().scores == (3, 0) * 3


# ---------------------------------------------------------------------------------------
# Hidden information, actions as text, determinism
# ---------------------------------------------------------------------------------------


def test_hands_are_hidden_from_everyone_else_teammates_included():
    game = gamedesign.load("gym", players=4)
    state = game.new_state(seed=9)
    rng = random.Random(9)
    for _ in range(10):
        state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
    view = state.observe(2)
    assert view["hand"] == state.hands[2]
    text = json.dumps(view)
    for kid in state.stack:
        assert kid not in text
    variant = state.hidden_variant(0, random.Random(1))
    assert variant.observe(0) == state.observe(0) and variant.to_json() != state.to_json()


@pytest.mark.parametrize(
    "action",
    [
        Take("Ada"), Advance(LIFT), Advance(SWAP, LIFT), Skip("advance"), Skip("action"), Skip("coach"),
        Place("Ada", LIFT, 2), Lift("Ben", "Ada"), Switch("Ben", "Ada"), Swap("Ada", "Zoe"), Move("Ada", MOVE, 3),
        Force(3), PickFrom(1), GiveBack("Sam"), Coach(FORCE, PICK, "B"),
    ],
)
def test_every_action_reads_back_from_its_text(action):
    assert gamedesign.load("gym").parse_action(str(action)) == action


def test_force_and_pick_draw_from_the_states_seeded_generator():
    in_play = [FORCE, SWITCH, SWAP, MOVE]
    hands = [["Ella", "Ada"], ["Chloe", "Dev", "Maya", "Nico", "Olive", "Priya"]]
    draws = set()
    for seed in range(12):
        game = gamedesign.load("gym")
        state = GymState.from_setup(game, hands=hands, in_play=in_play, seed=seed)
        again = GymState.from_setup(game, hands=hands, in_play=in_play, seed=seed)
        for s in (state, again):
            play(s, f"place Ella at {FORCE} spot 1", "force player 1")
        assert state.forced == again.forced
        draws.add(state.forced[1])
    assert len(draws) > 2


# ---------------------------------------------------------------------------------------
# Bots and odds
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_greedy_beats_random(players):
    game = gamedesign.load("gym", players=players)
    greedy_a = simulate(game, ["greedy", "random"] * (players // 2), games=150, seed=1)
    greedy_b = simulate(game, ["random", "greedy"] * (players // 2), games=150, seed=2)
    wins = greedy_a[greedy_a.seat == 0].won.sum() + greedy_b[greedy_b.seat == 1].won.sum()
    assert wins / 300 > 0.9


def test_exact_odds_agree_with_dealing_real_games():
    from gamedesign.odds import agrees

    game = gamedesign.load("gym")
    assert str(gym_odds.brats_in_first_reveal().value) == "434/437"
    assert agrees(gym_odds.brats_in_first_reveal().value, gym_odds.deal_brats_in_first_reveal(game, trials=1500))
    assert str(gym_odds.friendly_skills_in_play().value) == "14/15"
    assert str(gym_odds.friendly_skills_in_play(2).value) == "2/5"
    assert agrees(gym_odds.friendly_skills_in_play(2).value, gym_odds.deal_friendly_skills_in_play(game, 2, trials=1500))


@pytest.mark.parametrize(
    "options",
    [{"brat_advance": "two_to_one"}, {"brat_advance": "one_to_two"}, {"coach_blocks_placement": True}],
)
@pytest.mark.parametrize("players", [2, 6])
def test_every_rule_variant_plays_to_the_end(options, players):
    game = gamedesign.load("gym", players=players, **options)
    for seed in range(6):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.turn
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert all(all(side) for sides in state.board.values() for side in sides)
        loaded = game.state_from_json(state.to_json())
        assert loaded.result() == state.result()


def test_unknown_actions_name_the_allowed_forms():
    game = gamedesign.load("gym")
    with pytest.raises(ValueError, match="allowed forms: 'take KID'"):
        game.parse_action("take Nobody")
    with pytest.raises(ValueError, match="allowed forms"):
        game.parse_action("place Ada at Nowhere spot 1")
