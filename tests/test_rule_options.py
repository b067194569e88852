"""The rule options a design lesson asks about: each changes play as its docs page says.

Leg Day's softer elimination, GYM's play-phase start, last placement and schedule
tie-break, and the Diet Game's protection of the player in last place. For each: states
built where the option matters and the outcome asserted, the errors for values it does not
allow, save round trips, and a seeded simulation that shows the option changing results.
"""

from __future__ import annotations

import json

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
