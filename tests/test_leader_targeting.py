"""Does take-that hit the leader? The Diet Game's Laziness, Cheat and fattening meals, measured."""

from __future__ import annotations

import re

import pytest

import gamedesign
from gamedesign.bots import Bot
from gamedesign.games.diet import Play
from gamedesign.lab import concepts


def rows(table):
    return table.set_index(["bot", "card"])


class Hunter(Bot):
    """Plays a take-that card only on a player in the lead (``on_leader=True``), or only on
    one who is not (``False``); eats, exercises and plans as the first legal action says."""

    def __init__(self, on_leader=True):
        super().__init__()
        self.on_leader = on_leader
        self.name = "hunter" if on_leader else "shy"

    def act(self, observation, legal_actions):
        plays = [a for a in legal_actions if type(a) is Play]
        if observation["step"] in ("laziness", "cheat", "neighbour"):
            weights = observation["weights"]
            leads = weights[observation["active"]] <= min(weights)
            return plays[0] if plays and leads == self.on_leader else legal_actions[-1]  # the last is pass
        return (plays or list(legal_actions))[0]


class Always(Hunter):
    """Plays every take-that card it can, whoever the victim."""

    name = "always"

    def __init__(self):
        super().__init__()
        self.name = "always"

    def act(self, observation, legal_actions):
        if observation["step"] in ("laziness", "cheat", "neighbour"):
            plays = [a for a in legal_actions if type(a) is Play]
            return plays[0] if plays else legal_actions[-1]
        return super().act(observation, legal_actions)


def test_the_same_seed_gives_the_same_table_and_another_seed_other_games():
    one = concepts.leader_targeting(bots="greedy", games=40, seed=3)
    assert one.equals(concepts.leader_targeting(bots="greedy", games=40, seed=3))
    assert not one.equals(concepts.leader_targeting(bots="greedy", games=40, seed=4))
    assert list(one["card"]) == ["Laziness", "Cheat", "fattening meal"]
    assert one.attrs == {"seed": 3, "games": 40}


def test_every_take_that_card_played_is_counted_in_the_games_simulate_plays():
    lineup = ["greedy", "random", "greedy", "random"]
    table = rows(concepts.leader_targeting(bots=lineup, games=30, seed=2))
    played = gamedesign.simulate(gamedesign.load("diet"), lineup, games=30, seed=2, batch=False)
    for card, column in (("Laziness", "laziness_played"), ("Cheat", "cheats_played"),
                         ("fattening meal", "fattening_played")):
        by_bot = played.groupby("bot")[column].sum()
        for bot in ("greedy", "random"):
            assert table.loc[(bot, card), "played"] == by_bot[bot]
            assert table.loc[(bot, card), "played"] <= table.loc[(bot, card), "asked"]


def test_the_verdict_reads_the_interval_against_the_base_rate():
    seats = [Hunter(True), Always(), Hunter(False), Always()]
    table = rows(concepts.leader_targeting(bots=seats, games=30, seed=1))
    for card in concepts.TAKE_THAT.values():
        # Played at every ask, whoever the victim: the share on the leader is the base rate itself.
        always = table.loc[("always", card)]
        assert always["played"] == always["asked"] > 0
        assert always["rate"] == pytest.approx(always["base rate"]) and always["verdict"] == "no different"
        for bot, rate in (("hunter", 1), ("shy", 0)):
            if table.loc[(bot, card), "played"]:
                assert table.loc[(bot, card), "rate"] == rate
    assert table.loc[("hunter", "Cheat"), "verdict"] == "more than chance"
    assert table.loc[("shy", "Cheat"), "verdict"] == "less than chance"
    assert table.loc[("hunter", "Cheat"), "low"] > table.loc[("hunter", "Cheat"), "base rate"]
    assert table.loc[("shy", "Cheat"), "high"] < table.loc[("shy", "Cheat"), "base rate"]


def test_greedy_bots_keep_laziness_and_cheats_for_the_leader_and_random_bots_do_not():
    greedy = rows(concepts.leader_targeting(bots="greedy", games=150, seed=0)).loc["greedy"]
    random = rows(concepts.leader_targeting(bots="random", games=60, seed=0)).loc["random"]
    for card in ("Laziness", "Cheat"):
        assert greedy.loc[card, "verdict"] == "more than chance"
        # Greedy's whole interval clears the base rate by more than random's interval strays from it.
        greedy_lift = greedy.loc[card, "low"] - greedy.loc[card, "base rate"]
        random_lift = random.loc[card, "high"] - random.loc[card, "base rate"]
        assert greedy_lift > random_lift
    # A neighbour does not choose whom to feed: the meals land on the leader at the base rate.
    assert random.loc["fattening meal", "verdict"] == "no different"
    assert random.loc["fattening meal", "low"] <= random.loc["fattening meal", "base rate"] <= random.loc["fattening meal", "high"]
    # The greedy bot feeds whenever it can, so every ask is a meal fed.
    assert greedy.loc["fattening meal", "played"] == greedy.loc["fattening meal", "asked"]
    assert greedy.loc["fattening meal", "verdict"] == "no different"


def test_rule_options_and_a_loaded_game_give_the_same_games():
    by_name = concepts.leader_targeting("diet", bots="greedy", games=20, seed=5, options={"players": 3})
    loaded = concepts.leader_targeting(gamedesign.load("diet", players=3), bots="greedy", games=20, seed=5)
    assert by_name.equals(loaded)


@pytest.mark.parametrize(
    "arguments, words",
    [
        ({"game": "legday"}, "The Diet Game only: give game='diet'"),
        ({"game": gamedesign.load("gym")}, "The Diet Game only: give game='diet'"),
        ({"games": 0}, "games must be a whole number from 1 to 5,000"),
        ({"games": concepts.MAX_TARGETING_GAMES + 1}, "games must be a whole number from 1 to 5,000"),
        ({"games": 2.5}, "games must be a whole number"),
        ({"bots": "grredy"}, "'random' or 'greedy' or bot objects of your own"),
        ({"bots": "search"}, "'random' or 'greedy'"),
        ({"bots": [1, 2, 3, 4]}, "'random' or 'greedy'"),
        ({"bots": ["greedy"] * 3}, "one bot per seat: 4"),
        ({"bots": 5}, "one bot name for every seat"),
        ({"options": {"players": 9}}, "2, 3, 4, 5, 6 players"),
        ({"options": {"speed": 1}}, "allowed options: deal_at_start"),
        ({"options": ["players", 3]}, "options is a dict of rule options"),
        ({"game": gamedesign.load("diet"), "options": {"players": 3}}, "not both"),
        ({"seed": None}, "seed must be a whole number"),
        ({"seed": -1}, "seed must be a whole number from 0"),
    ],
)
def test_bad_inputs_say_what_is_allowed(arguments, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        concepts.leader_targeting(**{"games": 1, **arguments})


def test_a_prediction_is_revealed_against_a_row_of_the_table(tmp_path, monkeypatch):
    from gamedesign import exercises
    from gamedesign.exercises import predict, reveal, set_answers_file

    monkeypatch.setattr(exercises, "_UNSAVED", {})
    set_answers_file(tmp_path / "my_answers.json")
    try:
        cheats = rows(concepts.leader_targeting(bots="greedy", games=40, seed=3)).loc[("greedy", "Cheat")]
        predict("diet-predict-2", 0.2)
        message = reveal("diet-predict-2", cheats).message
        assert f"below the 95% interval of the measurement, {cheats['low']:.3f}" in message
        assert "aim their Cheats at the leader more often than you thought" in message
        predict("diet-predict-2", round(float(cheats["rate"]), 2))
        assert "inside the 95% interval" in reveal("diet-predict-2", cheats).message
    finally:
        set_answers_file(None)


def test_the_base_rate_counts_each_chance_to_hit_once():
    """Laziness and Cheat ask the holders in turn: a chance to hit the active player is one
    moment however many are asked; a meal has one asker, so its chances are its asks."""
    table = concepts.leader_targeting(bots="greedy", games=60, seed=4).set_index("card")
    assert (table["chances"] <= table["asked"]).all() and (table["played"] <= table["chances"]).all()
    assert table.loc["Cheat", "chances"] < table.loc["Cheat", "asked"]  # several holders asked at one moment
    assert table.loc["fattening meal", "chances"] == table.loc["fattening meal", "asked"]
