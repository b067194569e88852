"""Don't Skip Leg Day scoring: the rulebook's example and every ruling."""

from __future__ import annotations

import pytest

from gamedesign.games.legday import score_tableaus

UP, DOWN = True, False


def cards(*names, face_up=DOWN):
    return [(name, face_up) for name in names]


def filler_legs(n):
    return cards(*["Zilch"] * n)


def test_rulebook_example_scores_27():
    example = (
        cards("Preacher Curl", "Preacher Curl", "Preacher Curl")
        + cards("Bench Press", "Bench Press", "Bench Press")
        + cards("Underhand Pull-Up", "Wide Grip Pull-Up", "Wide Grip Pull-Up")
        + cards("Selfie", "Selfie")
        + cards("Protein Shake x3")
        + [("Goose Egg", UP), ("Nada", DOWN)]
    )
    # Opponents show 7 and 5 shake images; a fourth player with one Leg Day is eliminated.
    seven = cards("Protein Shake x3", "Protein Shake x2", "Protein Shake x2") + filler_legs(3)
    five = cards("Protein Shake x3", "Protein Shake x2") + filler_legs(4)
    skipper = filler_legs(1)
    report = score_tableaus([example, seven, five, skipper])
    assert report.eliminated == (3,)
    assert report.points[0] == 27
    assert report.breakdown[0] == {
        "Preacher Curl": 6,
        "Bench Press": 5,
        "Overhead Press": 0,
        "Pull-Ups": 5,
        "Protein Shake": 0,
        "Selfie": 12,
        "Leg Day": -1,
    }
    # Without the fourth player, the example's 2 Leg Days are the fewest: eliminated.
    report = score_tableaus([example, seven, five])
    assert report.eliminated == (0,)
    assert report.points[0] is None and report.collection_points[0] == 27
    assert 0 not in report.winners


def test_curl_table_and_cap():
    for n, points in zip(range(1, 8), [1, 3, 6, 10, 15, 15, 15]):
        report = score_tableaus([cards(*["Preacher Curl"] * n) + filler_legs(2), filler_legs(1)])
        assert report.breakdown[0]["Preacher Curl"] == points


def test_curl_new_set_variant():
    for n, points in [(5, 15), (6, 16), (7, 18), (10, 30), (11, 31)]:
        report = score_tableaus([cards(*["Preacher Curl"] * n) + filler_legs(2), filler_legs(1)], curl_overflow="new_set")
        assert report.breakdown[0]["Preacher Curl"] == points


@pytest.mark.parametrize("n,points", [(1, 0), (2, 5), (3, 5), (4, 10), (5, 10)])
def test_bench_press_pairs(n, points):
    report = score_tableaus([cards(*["Bench Press"] * n) + filler_legs(2), filler_legs(1)])
    assert report.breakdown[0]["Bench Press"] == points


@pytest.mark.parametrize("n,points", [(1, 0), (2, 0), (3, 10), (5, 10), (6, 20)])
def test_overhead_press_threes(n, points):
    report = score_tableaus([cards(*["Overhead Press"] * n) + filler_legs(2), filler_legs(1)])
    assert report.breakdown[0]["Overhead Press"] == points


def test_pull_ups_score_printed_points():
    hand = cards("Underhand Pull-Up", "Wide Grip Pull-Up", "One Handed Pull-Up", "One Handed Pull-Up")
    assert score_tableaus([hand + filler_legs(2), filler_legs(1)]).breakdown[0]["Pull-Ups"] == 9


def test_selfie_counts_symbols_shakes_and_legdays_share_one():
    every_symbol = cards(
        "Preacher Curl", "Bench Press", "Overhead Press", "Underhand Pull-Up", "Wide Grip Pull-Up",
        "One Handed Pull-Up", "Protein Shake x1", "Protein Shake x3", "Zilch", "Nada",
    )
    report = score_tableaus([every_symbol + cards("Selfie", "Selfie"), filler_legs(1)])
    assert report.breakdown[0]["Selfie"] == 16  # 8 symbols, two Selfies
    lone = score_tableaus([cards("Selfie", "Selfie", "Zilch", "Zero"), filler_legs(1)])
    assert lone.breakdown[0]["Selfie"] == 2  # only the Leg Day symbol; Selfies have none


def test_face_up_leg_days_cost_a_point_face_down_do_not():
    report = score_tableaus([[("Zilch", UP), ("Zero", UP), ("Nada", DOWN)], filler_legs(1)])
    assert report.breakdown[0]["Leg Day"] == -2
    assert score_tableaus([cards("Leg Day", "Leg Day"), filler_legs(1)]).leg_days == (2, 1)


def test_shake_race_most_and_second_with_ties_sharing_full_points():
    a = cards("Protein Shake x3") + filler_legs(5)
    b = cards("Protein Shake x3") + filler_legs(5)
    c = cards("Protein Shake x2") + filler_legs(5)
    d = cards("Protein Shake x1") + filler_legs(5)
    e = filler_legs(6)
    report = score_tableaus([a, b, c, d, e, filler_legs(1)])
    shakes = [bd and bd["Protein Shake"] for bd in report.breakdown]
    assert shakes[:5] == [10, 10, 5, 0, 0]


def test_no_second_place_after_a_tie_for_most_variant():
    a = cards("Protein Shake x3") + filler_legs(5)
    b = cards("Protein Shake x3") + filler_legs(5)
    c = cards("Protein Shake x2") + filler_legs(5)
    report = score_tableaus([a, b, c, filler_legs(1)], shake_second_after_tie=False)
    assert [bd["Protein Shake"] for bd in report.breakdown[:3]] == [10, 10, 0]


def test_players_without_images_never_score_shakes():
    report = score_tableaus([filler_legs(3), cards("Protein Shake x1") + filler_legs(3), filler_legs(1)])
    assert report.breakdown[0]["Protein Shake"] == 0
    assert report.breakdown[1]["Protein Shake"] == 10


def test_elimination_fewest_legdays_then_fewest_shake_images():
    a = cards("Protein Shake x3") + filler_legs(1)  # 1 leg day, 3 images
    b = cards("Protein Shake x1", "Protein Shake x1") + filler_legs(1)  # 1 leg day, 2 images, 2 cards
    c = filler_legs(4)
    assert score_tableaus([a, b, c]).eliminated == (1,)
    assert score_tableaus([a, b, c], tiebreak_shakes="cards").eliminated == (0,)


def test_still_tied_players_are_all_eliminated_and_only_one_group_goes():
    a = filler_legs(1)
    b = filler_legs(1)
    c = filler_legs(2)
    report = score_tableaus([a, b, c])
    assert report.eliminated == (0, 1)
    assert report.points == (None, None, 0)
    assert report.winners == (2,)


def test_everyone_eliminated_means_nobody_wins():
    report = score_tableaus([filler_legs(2), filler_legs(2)])
    assert report.eliminated == (0, 1) and report.winners == ()


def test_eliminated_players_leave_the_shake_race_by_default():
    out = cards("Protein Shake x3", "Protein Shake x3")  # 6 images, fewest Leg Days
    mid = cards("Protein Shake x2") + filler_legs(3)
    low = cards("Protein Shake x1") + filler_legs(3)
    default = score_tableaus([out, mid, low])
    assert default.eliminated == (0,)
    assert [default.breakdown[1]["Protein Shake"], default.breakdown[2]["Protein Shake"]] == [10, 5]
    variant = score_tableaus([out, mid, low], eliminated_in_shake_race=True)
    assert [variant.breakdown[1]["Protein Shake"], variant.breakdown[2]["Protein Shake"]] == [5, 0]
    assert variant.points[0] is None


def test_winner_tie_breaks_most_legdays_then_most_shakes_then_shared():
    a = cards("Bench Press", "Bench Press") + filler_legs(3)  # 5 points, 3 legs
    b = cards("Bench Press", "Bench Press") + filler_legs(4)  # 5 points, 4 legs
    loser = filler_legs(1)
    report = score_tableaus([a, b, loser])
    assert report.winners == (1,) and "Leg Day" in report.decided_by
    # Same points, same legs: the shake images decide (both score shake points too).
    c = cards("Protein Shake x1") + filler_legs(3)
    d = cards("Protein Shake x1") + filler_legs(3)
    e = cards("Protein Shake x2") + filler_legs(1) + cards("Bench Press")
    r2 = score_tableaus([c, d, e, filler_legs(2)])
    assert r2.eliminated == (2,)
    assert r2.winners == (0, 1) and "shared" in r2.decided_by


def test_shake_tiebreak_images_or_cards():
    # a and b tie on points and Leg Days, and both miss the shake race (9 and 5 images
    # ahead of them): a has more images (3 vs 2), b more shake cards (2 vs 1).
    presses = cards("Overhead Press", "Overhead Press", "Overhead Press", "Underhand Pull-Up") + filler_legs(3)
    a = presses + cards("Protein Shake x3")
    b = presses + cards("Protein Shake x1", "Protein Shake x1")
    c = cards("Protein Shake x3", "Protein Shake x3", "Protein Shake x3") + filler_legs(3)
    d = cards("Protein Shake x3", "Protein Shake x2") + filler_legs(3)
    low = filler_legs(1)
    images = score_tableaus([a, b, c, d, low])
    assert images.points[0] == images.points[1] == 11
    assert images.winners == (0,) and "images" in images.decided_by
    by_cards = score_tableaus([a, b, c, d, low], tiebreak_shakes="cards")
    assert by_cards.winners == (1,) and "cards" in by_cards.decided_by


def test_unknown_names_and_bad_input_are_refused_clearly():
    with pytest.raises(ValueError, match="valid names: .*Preacher Curl"):
        score_tableaus([[("Deadlift", True)]])
    with pytest.raises(ValueError, match="face_up"):
        score_tableaus([[("Zilch", "yes")]])
    with pytest.raises(ValueError, match="pair"):
        score_tableaus([["Zilch"]])
    with pytest.raises(ValueError, match="allowed values"):
        score_tableaus([filler_legs(1)], curl_overflow="sometimes")
