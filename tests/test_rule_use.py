"""How often each rule mattered: the engines count each option's branch, the lab shows it.

Every game declares its rule events (``Game.rule_events``, event -> option), its states
count them (``State.rule_use()``), ``record_games`` keeps the counts of every game, and
``metrics.game_table`` and ``lab.rule_use`` show them, so a rule that never fires is seen
as such in a comparison.
"""

from __future__ import annotations

import dataclasses

import pytest

import gamedesign
from gamedesign import lab
from gamedesign.bots import make_bot
from gamedesign.lab import labels, metrics
from gamedesign.registry import GAMES, game_class
from gamedesign.simulate import _seeds, play_game


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_event_belongs_to_an_option_of_its_game(name):
    cls = game_class(name)
    options = {f.name for f in dataclasses.fields(cls.Options)}
    assert cls.rule_events and set(cls.rule_events.values()) <= options
    for event in cls.rule_events:
        assert labels.explain(f"rule used: {event}", name) != labels.explain("rule used: anything")  # its own words


def test_every_leg_day_and_gym_option_has_its_rule_counted():
    for name in ("legday", "gym"):
        cls = game_class(name)
        choices = {f.name for f in dataclasses.fields(cls.Options) if f.metadata.get("choices")}
        assert choices <= set(cls.rule_events.values()), name


@pytest.mark.parametrize("name, players, options", [
    ("legday", 4, {}), ("legday", 3, {"elimination": "penalty"}), ("gym", 2, {}), ("gym", 4, {"play_phase_first": "B"}),
    ("diet", 4, {"feed_last_place": False}),
])
def test_records_keep_every_games_counts_zeros_included(name, players, options):
    game = gamedesign.load(name, players=players, **options)
    records = lab.record_games(game, "random", games=8, seed=3, batch=False)  # the games play_game replays
    table = metrics.game_table(records)
    for record, (game_seed, bot_seeds) in zip(records, _seeds(3, 8)):
        state = play_game(game.new_state(seed=game_seed), [make_bot("random", game) for _ in range(players)],
                          bot_seeds)
        counted = state.rule_use()
        assert list(record.rule_use) == list(game.rule_events)  # every event, in the game's order
        assert record.rule_use == {e: counted.get(e, 0) for e in game.rule_events}
        for event, count in record.rule_use.items():
            assert table.loc[record.game, f"rule used: {event}"] == count
    assert any(any(r.rule_use.values()) for r in records)


def test_rule_use_lists_each_rule_with_its_share_of_games_and_mean_count():
    records = lab.record_games(gamedesign.load("gym", players=2), "random", games=30, seed=2)
    table = lab.rule_use(records).set_index("event")
    assert list(table.index) == list(game_class("gym").rule_events)
    advances = [r.rule_use["schedule advance after a Brat"] for r in records]
    row = table.loc["schedule advance after a Brat"]
    assert row["option"] == "brat_advance" and row["rule"] == "After taking a Brat, advance"
    assert row["per game"] == pytest.approx(sum(advances) / 30) and row["total"] == sum(advances)
    assert row["games used"] == pytest.approx(sum(1 for a in advances if a) / 30) and row["games"] == 30
    assert table.loc["team B starts the play phase", "games used"] == 0  # the standard rules: team A starts
    assert row["measure"] == "rule used: schedule advance after a Brat" and row["label"] == "Rule used: Brat advance"


def test_a_rule_that_almost_never_fires_shows_as_such():
    """Leg Day's 6th Preacher Curl: random bots reach it in about one game in a thousand,
    greedy bots never in these games; the elimination fires in every game."""
    random_games = lab.rule_use(lab.record_games(gamedesign.load("legday", players=4), "random", games=2000, seed=1))
    rows = random_games.set_index("option")
    assert 0 < rows.loc["curl_overflow", "total"] <= 6
    assert rows.loc["elimination", "games used"] == 1
    new_set = lab.load_preset("legday_curl_new_set")
    compared = lab.rule_use(lab.run_variants([lab.variant("legday", players=4), new_set], "greedy", games=100, seed=1))
    curls = compared[compared.option == "curl_overflow"]
    assert list(curls.variant) == ["standard rules", new_set.label] and (curls["total"] == 0).all()


def test_a_comparison_shows_the_counts_and_the_verdict_leaves_them_out_of_its_headline():
    table = lab.compare([lab.variant("legday", players=4), lab.variant("legday", players=4, name="no elimination",
                                                                       elimination="none")], "random", games=60, seed=4)
    row = table[(table.variant == "no elimination") & (table.measure == "rule used: elimination applied")].iloc[0]
    assert row["baseline"] > 1 and row["value"] == 0 and bool(row["clear_holm"])
    said = str(lab.verdict(table))
    assert "rule used" not in said.lower() and "no elimination" in said



def _legday_counts(tableaus, **options):
    """The Leg Day rule events of final tableaus, as the engine counts them."""
    from gamedesign.games.legday.scoring import rule_use

    game = gamedesign.load("legday", players=len(tableaus), **options)
    report = game.score_tableaus(tableaus)
    curls = [sum(1 for name, _ in t if name == "Preacher Curl") for t in tableaus]
    return rule_use(report, curls, curl_sets=5, elimination=game.options.elimination,
                    eliminated_in_shake_race=game.options.eliminated_in_shake_race)


def cards(*names, up=False):
    return [(name, up) for name in names]


def legs(n):
    return cards(*["Zilch"] * n)


def test_leg_day_counts_each_scoring_branch_where_it_decides():
    six_curls = cards(*["Preacher Curl"] * 6)
    # A 6th curl counts for a player who scores, not for an eliminated one.
    counts = _legday_counts([six_curls + legs(3), six_curls + legs(1), legs(2)])
    assert counts["curl overflow"] == 1 and counts["elimination applied"] == 1
    assert _legday_counts([six_curls + legs(3), six_curls + legs(1), legs(2)], elimination="none")["curl overflow"] == 2
    # Two tied for most shakes with a third behind: second place is at stake.
    three, two = cards("Protein Shake x3") + legs(3), cards("Protein Shake x2") + legs(3)
    tied = [three, three, two, legs(1)]
    assert _legday_counts(tied)["shake tie for most"] == 1
    assert _legday_counts(tied[:2] + [legs(3), legs(1)])["shake tie for most"] == 0  # nobody behind them
    # The fewest Leg Days tied: shakes choose who goes; the eliminated one holds shakes.
    group = [cards("Protein Shake x3") + legs(1), cards("Protein Shake x1") + legs(1), legs(4)]
    counts = _legday_counts(group)
    assert counts["shake tie-break"] == 1 and counts["eliminated player with shakes"] == 1
    assert _legday_counts(group, elimination="none")["shake tie-break"] == 0  # nobody is chosen
    assert _legday_counts(group, elimination="penalty")["elimination applied"] == 1
    # A tie on points and Leg Days among the best: shakes break it (or it is shared).
    best = cards("Bench Press", "Bench Press") + legs(3)
    assert _legday_counts([best, best, legs(4), legs(1)])["shake tie-break"] == 1  # then shared
    presses = cards("Overhead Press", "Overhead Press", "Overhead Press", "Underhand Pull-Up") + legs(3)  # 11 points
    a, b = presses + cards("Protein Shake x3"), presses + cards("Protein Shake x1", "Protein Shake x1")
    ahead = [cards("Protein Shake x3", "Protein Shake x3", "Protein Shake x3") + legs(3),
             cards("Protein Shake x3", "Protein Shake x2") + legs(3)]  # they take the shake race's points
    assert _legday_counts([a, b, *ahead, legs(1)])["shake tie-break"] == 1  # a wins on images
    pair = cards("Bench Press", "Bench Press")
    counts = _legday_counts([pair + legs(3), pair + legs(4), legs(1)])
    assert counts["shake tie-break"] == 0  # the Leg Days broke it


def test_a_game_of_ones_own_shows_its_rule_use_through_the_same_hooks():
    """The template game counts its tied races: the lab lists them under the option ``ties``."""
    game = gamedesign.load("sprint", players=3)
    records = lab.record_games(game, "random", games=40, seed=1)
    row = lab.rule_use(records).iloc[0]
    assert (row["option"], row["event"]) == ("ties", "tied race")
    assert row["total"] == sum(r.facts["tied races"] for r in records) > 0
    assert "rule used: tied race" in metrics.game_table(records).columns
