"""The rule options a design lesson asks about: each changes play as its docs page says.

Leg Day's softer elimination, GYM's play-phase start, last placement and schedule
tie-break, and the Diet Game's protection of the player in last place. For each: states
built where the option matters and the outcome asserted, the errors for values it does not
allow, save round trips, and a seeded simulation that shows the option changing results.
"""

from __future__ import annotations

import json
import random

import pytest

import gamedesign
from gamedesign.games.legday import score_tableaus

UP, DOWN = True, False


def cards(*names, face_up=DOWN):
    return [(name, face_up) for name in names]


def legs(n):
    return cards(*["Zilch"] * n)


# ----------------------------------------------------------------------------------------
# Don't Skip Leg Day: elimination = "fewest" | "penalty" | "none"
# ----------------------------------------------------------------------------------------

BENCH_PAIR_ONE_LEG = cards("Bench Press", "Bench Press") + legs(1)  # 5 points, the fewest Leg Days


def test_by_default_the_fewest_leg_days_score_nothing():
    report = score_tableaus([BENCH_PAIR_ONE_LEG, legs(3), legs(2)])
    assert report.eliminated == (0,) and report.penalised == ()
    assert report.points == (None, 0, 0) and report.winners == (1,)


def test_penalty_takes_points_off_the_fewest_leg_days_who_play_on():
    report = score_tableaus([BENCH_PAIR_ONE_LEG, legs(3), legs(2)], elimination="penalty")
    assert report.eliminated == () and report.penalised == (0,)
    assert report.points == (5 - 10, 0, 0)
    assert report.breakdown[0]["Leg Day"] == -10 and report.breakdown[0]["Bench Press"] == 5
    assert report.collection_points[0] == 5  # what the cards scored, before the penalty
    assert report.winners == (1,)
    small = score_tableaus([BENCH_PAIR_ONE_LEG, legs(3), legs(2)], elimination="penalty", elimination_penalty=3)
    assert small.points == (2, 0, 0) and small.winners == (0,)  # the penalised player can still win
    table = report.to_frame(["Ana", "Ben", "Cy"])
    assert table["penalised"].tolist() == [True, False, False] and not table["eliminated"].any()
    assert table.loc["Ana", "total"] == -5 and table.loc["Ana", "Leg Day"] == -10


def test_penalty_hits_a_whole_tied_group_and_someone_always_wins():
    a = cards("Bench Press", "Bench Press") + legs(2)
    b = cards("Overhead Press", "Overhead Press", "Overhead Press") + legs(2)
    fewest = score_tableaus([a, b])
    assert fewest.eliminated == (0, 1) and fewest.winners == ()
    penalty = score_tableaus([a, b], elimination="penalty", elimination_penalty=4)
    assert penalty.penalised == (0, 1) and penalty.points == (1, 6) and penalty.winners == (1,)


def test_no_elimination_lets_the_fewest_leg_days_score_and_win():
    report = score_tableaus([BENCH_PAIR_ONE_LEG, legs(3), legs(2)], elimination="none")
    assert report.eliminated == () and report.penalised == ()
    assert report.points == (5, 0, 0) and report.winners == (0,)
    # Leg Days still break ties on points.
    tie = score_tableaus([cards("Bench Press", "Bench Press") + legs(1), cards("Bench Press", "Bench Press") + legs(2)],
                         elimination="none")
    assert tie.winners == (1,) and "Leg Day" in tie.decided_by


def test_without_elimination_every_player_takes_part_in_the_shake_race():
    out = cards("Protein Shake x3", "Protein Shake x3")  # 6 images and the fewest Leg Days
    mid = cards("Protein Shake x2") + legs(3)
    low = cards("Protein Shake x1") + legs(3)
    for elimination in ("penalty", "none"):
        report = score_tableaus([out, mid, low], elimination=elimination)
        assert [b["Protein Shake"] for b in report.breakdown] == [10, 5, 0], elimination


@pytest.mark.parametrize("options, words", [
    ({"elimination": "soft"}, "allowed values: 'fewest', 'penalty', 'none'"),
    ({"elimination_penalty": -1}, "from 0 to 100"),
    ({"elimination_penalty": 101}, "from 0 to 100"),
    ({"elimination_penalty": 2.5}, "from 0 to 100"),
    ({"elimination_penalty": True}, "from 0 to 100"),
    ({"elimination_penalty": "10"}, "from 0 to 100"),
])
def test_bad_elimination_values_are_named_with_what_is_allowed(options, words):
    name = next(iter(options))
    with pytest.raises(ValueError, match=f"option {name}=.*{words}"):
        gamedesign.load("legday", **options)
    with pytest.raises(ValueError, match=words):
        score_tableaus([legs(1), legs(2)], **options)


def test_the_greedy_bot_stops_hoarding_leg_days_without_elimination():
    """Seeded games (batch path): greedy players collect fewer Leg Days as the punishment
    for the fewest gets softer, and the fewest Leg Days win games only without elimination."""
    leg_days, wins = {}, {}
    for elimination in ("fewest", "penalty", "none"):
        game = gamedesign.load("legday", players=4, elimination=elimination)
        table = gamedesign.simulate(game, "greedy", games=2000, seed=8)
        assert table.attrs["path"] == "batch"
        leg_days[elimination] = table.leg_days.mean()
        # The group the rule hits: the fewest Leg Days, then the fewest shake images.
        fewest = table.leg_days == table.groupby("game").leg_days.transform("min")
        least = table.shake_images.where(fewest).groupby(table.game).transform("min")
        group = fewest & (table.shake_images == least)
        wins[elimination] = table[group].won.mean()
        if elimination == "fewest":
            assert (table.eliminated == group).all()
        else:
            assert not table.eliminated.any()
    assert wins["fewest"] == 0 < wins["penalty"] < wins["none"]
    assert leg_days["fewest"] > leg_days["penalty"] + 0.3 > leg_days["none"] + 0.6


def test_elimination_options_play_the_same_on_the_engine_and_survive_a_save():
    for elimination, penalty in (("penalty", 7), ("none", 10)):
        game = gamedesign.load("legday", players=3, elimination=elimination, elimination_penalty=penalty)
        state = game.new_state(seed=4)
        table = gamedesign.simulate(game, "random", games=20, seed=2, batch=False)
        assert not table.eliminated.any() and table.score.notna().all()
        while not state.is_over():
            for seat in state.to_move():
                state.apply(seat, state.legal_actions(seat)[0])
        again = game.state_from_json(state.to_json())
        assert again.result() == state.result()
        assert json.loads(state.to_json())["options"]["elimination_penalty"] == penalty
        with pytest.raises(ValueError, match="played with options"):
            gamedesign.load("legday", players=3).state_from_json(state.to_json())


def test_a_save_from_before_an_option_existed_loads_with_its_default():
    game = gamedesign.load("legday", players=2)
    state = game.new_state(seed=1)
    data = json.loads(state.to_json())
    del data["options"]["elimination"], data["options"]["elimination_penalty"]
    assert game.state_from_json(json.dumps(data)).to_json() == state.to_json()
    with pytest.raises(ValueError, match="played with options"):
        gamedesign.load("legday", players=2, elimination="none").state_from_json(json.dumps(data))


# ----------------------------------------------------------------------------------------
# GYM: play_phase_first, last_placement_action, schedule_tiebreak
# ----------------------------------------------------------------------------------------

from gamedesign.games.gym import DEFAULT_DECK as GYM_DECK, GymState, Skip  # noqa: E402
from gamedesign.games.gym.rules import team_of  # noqa: E402

LIFT, SWITCH, FORCE, SWAP, PICK, MOVE = (e.name for e in GYM_DECK.events)


def pick_phase(game, seed, advance=True):
    """A game played to the start of the Play phase: random takes, and after a Brat a
    random advance (or none, ``advance=False``: every event stays at level 0)."""
    import random

    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    while state.phase == "pick":
        legal = state.legal_actions(state.turn)
        if state.step == "advance" and not advance:
            state.apply(state.turn, Skip("advance"))
        else:
            state.apply(state.turn, rng.choice(legal))
    return state


def play_out(state, seed=0):
    import random

    rng = random.Random(seed)
    while not state.is_over():
        state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
    return state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_team_b_may_start_the_play_phase_and_turns_then_go_by_seat(players):
    for first, seat in (("A", 0), ("B", 1)):
        game = gamedesign.load("gym", players=players, play_phase_first=first)
        state = pick_phase(game, seed=3)
        assert state.phase == "play" and state.turn == seat
        placers = []
        while not state.is_over():
            if state.step == "place":
                placers.append(state.turn)
            state.apply(state.turn, state.legal_actions(state.turn)[-1])
        assert placers[:players] == [(seat + k) % players for k in range(players)]
        assert all(placers.count(s) == 24 // players for s in range(players))  # equal turns still
        assert ("team B starts the play phase" in state.rule_use()) == (first == "B")


def test_weaker_hands_start_the_play_phase():
    game = gamedesign.load("gym", players=2, play_phase_first="weaker_hands")
    starters = set()
    for seed in range(12):
        state = game.new_state(seed=seed)
        while state.phase == "pick":
            before = [list(h) for h in state.hands]
            state.apply(state.turn, state.legal_actions(state.turn)[0])
        hands = before if state.phase == "play" and not any(state.board[e][t][i] for e in state.in_play
                                                             for t in (0, 1) for i in range(3)) else None
        worth = [sum(max(GYM_DECK.points[k, e] for e in state.in_play) for k in state.hands[s]) for s in (0, 1)]
        expected = 1 if worth[1] < worth[0] else 0
        assert hands is not None and state.turn == expected, (seed, worth)
        starters.add(expected)
    assert starters == {0, 1}  # both teams started in some of these games


def _last_kid_setup(game):
    """Player 0 holds the last Kid, to place at Swap 2 Kids (whose action stays open)."""
    board = {
        LIFT: [["Ada", "Ben", "Chloe"], ["Dev", "Ella", "Finn"]],
        SWITCH: [["Grace", "Hugo", "Iris"], ["Jonah", "Kira", "Leo"]],
        SWAP: [[None, "Nico", "Olive"], ["Priya", "Quinn", "Rosa"]],
        MOVE: [["Maya", "Sam", "Tess"], ["Uri", "Vera", "Wes"]],
    }
    return GymState.from_setup(game, hands=[["Zoe"], []], in_play=[LIFT, SWITCH, SWAP, MOVE], board=board)


def test_the_last_placement_keeps_its_action_by_default_and_loses_it_as_an_option():
    keep = _last_kid_setup(gamedesign.load("gym"))
    keep.apply(0, f"place Zoe at {SWAP} spot 1")
    assert not keep.is_over() and keep.step == "action"
    assert any(not isinstance(a, Skip) for a in keep.legal_actions(0))
    assert keep.rule_use()["action open on the last placement"] == 1
    keep.apply(0, "swap Zoe with Wes")
    assert keep.board[MOVE][1][2] == "Zoe" and keep.board[SWAP][0][0] == "Wes"  # the last action moved them
    keep.apply(0, "skip coach")  # Zoe is a Brat: the Coach step, then the end
    assert keep.is_over()

    stop = _last_kid_setup(gamedesign.load("gym", last_placement_action=False))
    stop.apply(0, f"place Zoe at {SWAP} spot 1")
    assert stop.is_over() and stop.legal_actions(0) == []
    assert stop.rule_use()["action open on the last placement"] == 1  # the rule took it away
    assert "without an Event Action" in stop.log[-2]["text"]
    again = stop.game.state_from_json(stop.to_json())
    assert again.is_over() and again.result() == stop.result()


def test_ties_on_the_schedule_go_up_the_column_or_are_drawn_at_random():
    column = gamedesign.load("gym")
    drawn = gamedesign.load("gym", schedule_tiebreak="random")
    left_top, picked = 0, set()
    for seed in range(20):
        a = pick_phase(column, seed, advance=False)  # all six events level at 0
        assert a.in_play == a.column[:4] and a.rule_use()["schedule tie at the cut"] == 1
        b = pick_phase(drawn, seed, advance=False)
        assert b.column == a.column and b.rule_use()["schedule tie at the cut"] == 1
        left_top += b.in_play != b.column[:4]
        picked |= {b.column.index(e) for e in b.in_play}
        assert pick_phase(drawn, seed, advance=False).in_play == b.in_play  # the same seed, the same draw
        assert "drawn at random" in [line["text"] for line in b.log if line["text"].startswith("events")][0]
    assert left_top >= 10 and picked == set(range(6))


def test_greedy_players_count_a_drawn_tie_by_its_chance_of_going_in_play():
    """With ties drawn at random, the events tied at the cut share the places left; the
    bot and the batch path read the schedule the same way."""
    import random

    import numpy as np

    from gamedesign.games.gym import batch
    from gamedesign.games.gym.rules import in_play_shares

    column = ["A", "B", "C", "D", "E", "F"]
    levels = {"A": 3, "B": 3, "C": 2, "D": 2, "E": 2, "F": 0}
    assert in_play_shares(column, levels) == {"A": 1, "B": 1, "C": 1, "D": 1, "E": 0, "F": 0}  # up the column
    drawn = in_play_shares(column, levels, random_ties=True)
    assert drawn["A"] == drawn["B"] == 1 and drawn["F"] == 0
    assert drawn["C"] == drawn["D"] == drawn["E"] == pytest.approx(2 / 3) and sum(drawn.values()) == pytest.approx(4)
    assert in_play_shares(column, dict.fromkeys(column, 0), True) == dict.fromkeys(column, pytest.approx(4 / 6))
    rng = random.Random(3)
    rows = [[rng.randrange(4) for _ in column] for _ in range(300)]
    arrays = batch.in_play_shares(np.array(rows))
    for row, shares in zip(rows, arrays):
        assert list(shares) == pytest.approx(list(in_play_shares(column, dict(zip(column, row)), True).values()))


def test_a_random_schedule_tiebreak_changes_only_games_with_a_tie_at_the_cut():
    """The same seeds with both tie-breaks (engine games, random bots): the events in play
    differ only in games whose 4th and 5th events were level, and in some of those."""
    from gamedesign.lab import record_games

    base = record_games(gamedesign.load("gym"), "random", games=60, seed=4)
    drawn = record_games(gamedesign.load("gym", schedule_tiebreak="random"), "random", games=60, seed=4)
    changed = 0
    for a, b in zip(base, drawn):
        in_play_a = {k for k, v in a.facts.items() if k.startswith("in play: ") and v}
        in_play_b = {k for k, v in b.facts.items() if k.startswith("in play: ") and v}
        assert a.rule_use["schedule tie at the cut"] == b.rule_use["schedule tie at the cut"]
        if not a.rule_use["schedule tie at the cut"]:
            assert in_play_a == in_play_b
        changed += in_play_a != in_play_b
    assert changed >= 5


def test_a_coach_beside_an_open_spot_is_counted_at_each_placement():
    game = gamedesign.load("gym", players=2)
    board = {LIFT: [["Ada", None, None], [None, None, None]]}
    for side, counted in (("A", 1), ("B", 0)):
        state = GymState.from_setup(game, hands=[["Ben", "Chloe"], ["Dev", "Ella"]], in_play=[LIFT, SWITCH, SWAP, MOVE],
                                    board=board, coaches={FORCE: (LIFT, side)})
        state.apply(0, f"place Ben at {SWITCH} spot 1")
        assert state.rule_use().get("Coach beside an open spot", 0) == counted


@pytest.mark.parametrize("options, words", [
    ({"play_phase_first": "C"}, "allowed values: 'A', 'B', 'weaker_hands'"),
    ({"play_phase_first": 1}, "allowed values: 'A', 'B', 'weaker_hands'"),
    ({"last_placement_action": "no"}, "allowed values: True, False"),
    ({"last_placement_action": 0}, "allowed values: True, False"),
    ({"schedule_tiebreak": "dice"}, "allowed values: 'column', 'random'"),
])
def test_bad_gym_values_are_named_with_what_is_allowed(options, words):
    name = next(iter(options))
    with pytest.raises(ValueError, match=f"option {name}=.*{words}"):
        gamedesign.load("gym", **options)


def test_who_places_last_decides_many_gym_games():
    """Seeded greedy games on the batch path: team B, which
    places last by default, wins most; starting the Play phase with B, or taking the last
    placement's action away, hands the advantage to team A; weaker_hands lands between."""
    wins = {}
    variants = (("A", {}), ("B", {"play_phase_first": "B"}), ("no last action", {"last_placement_action": False}),
                ("weaker_hands", {"play_phase_first": "weaker_hands"}))
    for name, options in variants:
        table = gamedesign.simulate(gamedesign.load("gym", **options), "greedy", games=3000, seed=5)
        assert table.attrs["path"] == "batch"
        wins[name] = table[table.seat == 0].won.mean()
    assert wins["A"] < 0.45 and wins["B"] > wins["A"] + 0.15 and wins["no last action"] > wins["A"] + 0.1
    assert wins["A"] + 0.05 < wins["weaker_hands"] < wins["B"] - 0.05


def test_gym_options_and_rule_counts_survive_a_save():
    game = gamedesign.load("gym", players=4, play_phase_first="B", schedule_tiebreak="random",
                           last_placement_action=False)
    state = pick_phase(game, seed=6)
    for _ in range(9):
        state.apply(state.turn, state.legal_actions(state.turn)[0])
    again = game.state_from_json(state.to_json())
    assert again.rule_use() == state.rule_use() and again.turn == state.turn
    assert play_out(again, 1).result() == play_out(state.clone(), 1).result()
    data = json.loads(state.to_json())
    del data["rules_used"]  # a save from before the counts existed
    assert game.state_from_json(json.dumps(data)).rule_use() == {}
    data["rules_used"] = {"nothing like this": 1}
    with pytest.raises(ValueError, match="a rule event"):
        game.state_from_json(json.dumps(data))


# ----------------------------------------------------------------------------------------
# The Diet Game: feed_last_place
# ----------------------------------------------------------------------------------------


def diet_breakfast(weights, **options):
    """A Diet Game at seat 0's Breakfast, weights set by hand; seat 3 (on seat 0's right)
    holds a fattening breakfast."""
    game = gamedesign.load("diet", players=4, **options)
    state = game.new_state(seed=1)
    state.apply(0, "discard nothing")
    assert state.phase == "breakfast" and state.to_move() == [0]
    state.weights = list(weights)
    fattening = next(c.name for c in game.deck.cards if c.kind == "breakfast" and c.pounds > 0)
    if fattening not in state.hands[3]:  # swap it with a card of seat 3's hand, wherever it is
        place = next(cards for cards in (state.deck, state.discard, *state.hands) if fattening in cards)
        i = place.index(fattening)
        place[i], state.hands[3][0] = state.hands[3][0], place[i]
    return state, fattening


def diet_skipped_in_last_place(**options):
    """A Diet Game played at random (seed 0) to just after a player alone in last place
    skipped a meal: a state the rules reach, so its save loads (weights set by hand would
    not agree with the game's log)."""
    state, rng = gamedesign.load("diet", players=4, **options).new_state(seed=0), random.Random(0)
    while state.rule_use().get("meal skipped in last place", 0) == 0:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_the_player_alone_in_last_place_is_fed_by_default_and_spared_as_an_option():
    fed, food = diet_breakfast([2, 0, -1, 1])
    fed.apply(0, "no breakfast")
    assert fed.step == "neighbour" and fed.to_move() == [3]
    assert f"play {food}" in map(str, fed.legal_actions(3))
    assert fed.rule_use() == {"meal skipped in last place": 1}

    spared, _ = diet_breakfast([2, 0, -1, 1], feed_last_place=False)
    spared.apply(0, "no breakfast")
    assert spared.phase == "exercise" and spared.to_move() == [0]  # nobody was asked to feed seat 0
    assert spared.log[-1] == "Ann is in last place: nobody may feed them a fattening breakfast."
    assert spared.rule_use() == {"meal skipped in last place": 1}
    reached = diet_skipped_in_last_place(feed_last_place=False)
    assert reached.game.state_from_json(reached.to_json()).rule_use() == reached.rule_use()


def test_a_shared_last_place_or_a_lighter_player_is_still_fed():
    for weights in ([2, 2, 0, 0], [0, 0, 0, 0], [0, 3, 0, 0]):
        state, _ = diet_breakfast(weights, feed_last_place=False)
        state.apply(0, "no breakfast")
        assert state.step == "neighbour" and state.rule_use() == {}, weights


def test_a_save_that_asks_to_feed_the_spared_player_is_refused():
    state = diet_skipped_in_last_place()
    assert state.step == "neighbour"
    data = json.loads(state.to_json())
    data["options"]["feed_last_place"] = False
    with pytest.raises(ValueError, match="feed_last_place=False nobody may feed them"):
        gamedesign.load("diet", players=4, feed_last_place=False).state_from_json(json.dumps(data))
    del data["rules_used"]  # a save from before the counts existed, of the standard rules
    data["options"]["feed_last_place"] = True
    assert gamedesign.load("diet", players=4).state_from_json(json.dumps(data)).rule_use() == {}


def test_bad_diet_values_are_named_with_what_is_allowed():
    with pytest.raises(ValueError, match="option feed_last_place='no' .*allowed values: True, False"):
        gamedesign.load("diet", feed_last_place="no")


def test_sparing_the_last_place_closes_the_gap_between_players():
    """Seeded games (batch path): fewer fattening meals are fed and the heaviest player
    ends lighter, by a little between greedy players and by a lot between random ones."""
    def run(bots, spare):
        table = gamedesign.simulate(gamedesign.load("diet", feed_last_place=not spare), bots, games=4000, seed=2)
        assert table.attrs["path"] == "batch"
        per_game = table.groupby("game").score
        return table.fattening_played.mean(), per_game.max().mean(), (per_game.max() - per_game.min()).mean()

    fed, heaviest, spread = run("greedy", False)
    spared_fed, spared_heaviest, spared_spread = run("greedy", True)
    assert spared_fed < fed - 0.05 and spared_heaviest < heaviest - 0.05 and spared_spread < spread - 0.05
    fed, heaviest, spread = run("random", False)
    spared_fed, spared_heaviest, spared_spread = run("random", True)
    assert spared_fed < fed - 2 and spared_heaviest < heaviest - 3 and spared_spread < spread - 3


# ----------------------------------------------------------------------------------------
# Variants: the new options as data, in JSON and TOML
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game, options", [
    ("legday", {"elimination": "penalty", "elimination_penalty": 4}),
    ("gym", {"play_phase_first": "weaker_hands", "last_placement_action": False, "schedule_tiebreak": "random"}),
    ("diet", {"feed_last_place": False}),
])
@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_variants_with_the_new_options_round_trip_through_preset_files(game, options, suffix, tmp_path):
    from gamedesign.lab import load_preset, save_preset, variant

    if suffix == ".toml":
        pytest.importorskip("tomllib" if __import__("sys").version_info >= (3, 11) else "tomli")
    v = variant(game, "lesson", **options)
    again = load_preset(save_preset(v, tmp_path / f"lesson{suffix}"))
    assert again.options == options
    built = again.build()
    assert {k: getattr(built.options, k) for k in options} == options
    assert built.options_dict() == v.build().options_dict()
