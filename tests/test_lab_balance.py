"""Balance search: seeded and repeatable, proposals that meet the goal, clear messages."""

import math

import pytest

pytest.importorskip("optuna")

from gamedesign.lab import Variant, balance

SMALL = {"trials": 6, "games": 12, "confirm_games": 12}


def test_a_length_goal_finds_the_deck_number_that_meets_it():
    found = balance.search_balance(Variant("legday", players=3, name="standard"), {"deck.weeks": (1, 3)},
                                   balance.game_length(7, tolerance=0), budget=SMALL, seed=2)
    table = found.table()
    assert table.loc["standard", "goal value"] == 14 and table.loc["standard", "meets the goal"] == "no"
    first = table.iloc[1]
    assert first["changes"] == "Weeks: 2 → 1" and first["goal value"] == 7 and first["meets the goal"] == "yes"
    assert found.best[0].deck == {"weeks": 1}
    assert "starting point" in found._repr_markdown_()


def test_the_same_call_gives_the_same_answer_with_one_worker_or_two():
    space = {"deck.scoring.bench_set_points": (4, 8), "options.curl_overflow": ["cap", "new_set"]}
    goal = balance.card_value("Bench Press", 1.7, 2.2)
    base = Variant("legday", players=3, name="standard")
    one = balance.search_balance(base, space, goal, budget=SMALL, seed=5)
    again = balance.search_balance(base, space, goal, budget=SMALL, seed=5)
    two = balance.search_balance(base, space, goal, budget=SMALL, seed=5, workers=2)
    assert one.trials.equals(again.trials) and one.trials.equals(two.trials)
    assert [v.to_dict() for v in one.best] == [v.to_dict() for v in two.best]
    assert one.measured == two.measured and one.comparison.equals(two.comparison)
    # A richer pair is what makes each Bench Press worth more: the best proposal raises it.
    assert one.best[0].deck["scoring"]["bench_set_points"] > 5
    standard = one.measured["standard"][0]
    proposal = one.measured["proposal 1"][0]
    assert goal.miss(proposal) < goal.miss(standard)


def test_seat_goals_measure_the_seat_against_an_equal_share():
    goal = balance.fair_seats(margin=0.1, seat=1)
    assert goal.miss(0.05) == 0 and goal.miss(-0.15) == pytest.approx(0.05)
    assert goal.met(0.02, -0.05, 0.08) == "yes" and goal.met(0.02, -0.2, 0.1) == "probably"
    assert balance.fair_seats(0.05).miss(0.08) == pytest.approx(0.03)  # the gap between seats


def test_the_default_spaces_are_searchable_for_every_game():
    for game in ("legday", "gym", "diet"):
        space = balance.default_space(game)
        checked = balance.check_space(Variant(game), space)
        assert all(len(choices) >= 2 for _, choices in checked.values())


def test_a_refused_variant_is_noted_not_raised():
    found = balance.search_balance(Variant("legday", players=6, name="standard"), {"deck.cards.Selfie.count": (0, 12)},
                                   balance.fair_seats(0.5), budget={"trials": 5, "games": 10, "confirm_games": 10},
                                   seed=0)
    refused = found.trials[found.trials["status"].str.startswith("refused")]
    assert len(refused) and "cards" in refused["status"].iloc[0]
    assert all(not math.isnan(v[0]) for v in found.measured.values())


@pytest.mark.parametrize("kwargs, words", [
    ({"space": {"options.colour": [1, 2]}}, "unknown option 'colour'"),
    ({"space": {"deck.cards.Bench Pres.count": (1, 3)}}, "no card in 'cards' matches"),
    ({"space": {"deck.scoring.bench_set_points": (7, 4)}}, "is empty"),
    ({"space": {}}, "table of parameter"),
    ({"budget": 10_000}, "trials must be a whole number from 1 to 200"),
    ({"budget": {"trials": 200, "games": 1000, "confirm_games": 100}}, "at most 50,000 in one search"),
    ({"budget": {"trials": 3, "games": 5}}, "games must be a whole number from 10"),
    ({"budget": {"rounds": 3}}, "unknown entry 'rounds'"),
    ({"goal": "fair"}, "goal is one of"),
    ({"keep": 0}, "keep must be"),
])
def test_bad_settings_say_what_is_wrong(kwargs, words):
    settings = {"game": "legday", "space": {"options.curl_overflow": ["cap", "new_set"]},
                "goal": balance.fair_seats(), "budget": 2, **kwargs}
    with pytest.raises(ValueError, match=words):
        balance.search_balance(**settings)


def test_goals_refuse_bad_numbers():
    with pytest.raises(ValueError, match="margin"):
        balance.fair_seats(margin=5)
    with pytest.raises(ValueError, match="low .* must not be above high"):
        balance.card_value("Apple", 2, 1)
    with pytest.raises(ValueError, match="target"):
        balance.game_length(-3)


def test_the_nearest_miss_comes_first_when_nothing_meets_the_goal():
    goal = balance.game_length(3, tolerance=0)
    found = balance.search_balance(Variant("legday", players=3, name="standard"),
                                   {"deck.weeks": (1, 2), "options.curl_overflow": ["cap", "new_set"]},
                                   goal, budget={"trials": 8, "games": 10, "confirm_games": 10}, seed=2, keep=3)
    table = found.table()
    assert table.loc["proposal 1", "goal value"] == 7  # one week: 7 days, the nearest to 3
    misses = [goal.miss(v) for v in table["goal value"].iloc[1:]]
    assert misses == sorted(misses) and len(misses) >= 2  # nearest first (pruned proposals that end alike are one)
    assert "no variant of the 8 tried met games last 3 (± 0) on average" in found.summary()
    assert "does not meet the goal" in found.summary()


def test_the_summary_says_which_proposals_come_no_closer_than_the_standard_rules():
    found = balance.search_balance(Variant("legday", players=3, name="standard"), {"deck.weeks": (1, 3)},
                                   balance.game_length(7, tolerance=0), budget=SMALL, seed=2, keep=3)
    table = found.table()
    base = found.goal.miss(table.loc["standard", "goal value"])
    worse = [name for name, row in table.iloc[1:].iterrows()
             if row["meets the goal"] == "no" and not found.goal.miss(row["goal value"]) < base]
    assert worse  # three weeks make the game longer still: found, but no fix
    summary = found.summary()
    told = summary.split("On the fresh games")[1]
    assert "no closer" in told and all(name in told for name in worse)
    assert all(name not in told for name in table.index[1:] if name not in worse)


@pytest.mark.parametrize("game, space", [
    ("legday", {"deck.weeks": (1, 2), "deck.scoring.bench_set_points": (4, 7)}),
    ("gym", {"options.play_phase_first": ["A", "B", "weaker_hands"]}),
    ("diet", {"options.target": [-10, -8, -6]}),
])
def test_a_constrained_search_meets_every_aim_on_fresh_games_or_names_the_one_it_missed(game, space):
    goals = [balance.within("first seat edge", -0.15, 0.15)]
    constraints = [balance.at_most("early leader wins at 1/2", "standard", slack=0.1)]
    found = balance.search_balance(game, space, goals, constraints=constraints,
                                   budget={"trials": 4, "games": 30, "confirm_cap": 60}, seed=1)
    table = found.table()
    assert 30 <= found.confirm_games <= 60  # sized by the goal, within the cap
    for name, row in table.iloc[1:].iterrows():
        checks = [aim.met(*m) for aim, m in found.checked[name]]
        assert len(checks) == 2 and (row["meets the goal"] == "no") == ("no" in checks)
        for (aim, _), met in zip(found.checked[name], checks):  # each miss is named
            assert (aim.describe() in row["missed"]) == (met == "no")
    met = table.iloc[1:]["meets the goal"].ne("no").any()
    assert met or any(a.describe() in found.summary() for a in found.aims)
    assert "first seat edge" not in found.summary() and "_" not in found.summary().split("Standard")[0]


def test_a_change_that_does_nothing_is_pruned_from_every_proposal():
    found = balance.search_balance(Variant("legday", players=3, name="standard"),
                                   {"deck.weeks": (1, 2), "deck.scoring.bench_set_points": (4, 7)},
                                   balance.game_length(7, tolerance=0), budget={"trials": 10, "games": 10},
                                   seed=4, keep=3)
    tried = found.trials[found.trials["miss"] == 0]["what changes"]
    assert any("Bench Press" in t for t in tried)  # the search met the goal with a Bench Press change too
    table = found.table()
    meets = table[table["meets the goal"] == "yes"]
    # the Bench Press points do not move the length: pruned, so only the one change is left
    assert list(meets["changes"]) == ["Weeks: 2 → 1"]


def test_the_curl_table_is_searched_by_moving_entries_and_scaling():
    found = balance.search_balance(Variant("legday", players=3, name="standard"),
                                   {"deck.scoring.curl_points": balance.table_moves(step=1, scales=(2,))},
                                   balance.card_value("Preacher Curl", 1.0, 3.0), budget={"trials": 6, "games": 20},
                                   seed=3, keep=1)
    tried = set(found.trials["what changes"])
    assert any(t.startswith("Preacher Curl table: 1/3/6/10/15 → ") for t in tried)
    proposal = found.best[0].build()
    assert isinstance(proposal.deck.scoring["curl_points"], list)
    assert proposal.deck.scoring["curl_points"] != [1, 3, 6, 10, 15]
    with pytest.raises(ValueError, match="table_moves"):
        balance.search_balance("legday", {"deck.scoring.curl_points": [1, 2]}, balance.fair_seats(), budget=2)
