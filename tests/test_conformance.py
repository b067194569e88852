"""One protocol check for every game: ``gamedesign.check_game``, the check a student runs.

The built-in games and the shipped example pass it; games that break the protocol in
the usual ways fail it with a message that says what to fix.
"""

from __future__ import annotations

import random

import pytest

import gamedesign
from gamedesign.checks import GameCheckError, check_game, player_counts
from gamedesign.games.template import SprintGame, SprintState
from gamedesign.registry import EXAMPLES, game_class

CASES = [(name, n) for name in [*gamedesign.GAMES, *EXAMPLES] for n in player_counts(game_class(name))]


@pytest.mark.parametrize("name,players", CASES)
def test_every_game_passes_the_protocol_check(name, players):
    report = check_game(game_class(name), players=players)
    assert "12 random games end with a result" in report.passed
    if name in gamedesign.registry._PACKAGES or name in EXAMPLES:  # they also prove their observations hide
        assert "observations hide what a player cannot know (hidden_variant)" in report.passed
        assert report.skipped == []


@pytest.mark.parametrize("name", gamedesign.GAMES)
def test_unknown_names_counts_and_options_are_refused_clearly(name):
    with pytest.raises(ValueError, match="allowed"):
        gamedesign.load("no such game")
    with pytest.raises(ValueError, match="players"):
        gamedesign.load(name, players=99)
    with pytest.raises(ValueError, match="allowed options"):
        gamedesign.load(name, no_such_option=True)
    game = gamedesign.load(name)
    with pytest.raises(ValueError, match="allowed"):
        game.parse_action("fly to the moon")
    with pytest.raises(ValueError, match="seed"):
        game.new_state(seed=-1)


# ---------------------------------------------------------------------------------------
# Broken games: each fails with a message saying what to fix
# ---------------------------------------------------------------------------------------


class LeakyState(SprintState):
    def observe(self, player):
        view = super().observe(player)
        view["next race"] = self.races[0] if self.races else None  # the hidden order
        return view

    def hidden_variant(self, player, rng):
        if len(self.races) < 2:
            return None
        twin = self.clone()
        twin.races = twin.races[1:] + twin.races[:1]
        return twin


class SharedListState(SprintState):
    def clone(self):
        twin = SprintState.__new__(SprintState)
        twin.__dict__.update(self.__dict__)  # the same lists: not independent
        return twin


class UnseededState(SprintState):
    def __init__(self, game, seed):
        super().__init__(game, seed)
        random.shuffle(self.races)  # the global generator, not the seed


class TupleViewState(SprintState):
    def observe(self, player):
        return {**super().observe(player), "points": tuple(self.points)}


class MovesAfterTheEndState(SprintState):
    def legal_actions(self, player):
        return [1] if self.race is None else super().legal_actions(player)


class OutOfTurnState(SprintState):
    def legal_actions(self, player):
        return list(self.hands[player]) if self.race is not None else []


def game_with(state_class, **attributes):
    body = {"new_state": lambda self, seed=None: state_class(self, gamedesign.core.check_seed(seed)), **attributes}
    return type("StudentGame", (SprintGame,), body)


@pytest.mark.parametrize(
    "broken, words",
    [
        (game_with(LeakyState), "leave out of observe"),
        (game_with(SharedListState), "copy lists and dicts in clone()"),
        (game_with(UnseededState), "random.Random(seed) kept in the state"),
        (game_with(TupleViewState), "no tuples or sets"),
        (game_with(MovesAfterTheEndState), "return [] from legal_actions when the game is over"),
        (game_with(OutOfTurnState), "return [] when it is not that player's move"),
        (game_with(SprintState, parse_action=lambda self, text: SprintGame.parse_action(self, text) and text),
         "make parse_action(text) return the action"),
        (game_with(SprintState, name="My Game"), "lower-case word"),
        (game_with(SprintState, max_players=1), "min_players <= max_players"),
        (game_with(SprintState, action_value=lambda self, observation, card: "high"), "return a number"),
    ],
)
def test_a_game_that_breaks_the_protocol_is_told_what_to_fix(broken, words, steady_global_random):
    with pytest.raises(GameCheckError, match="To fix: ") as caught:
        check_game(broken, games=3, players=2)
    assert words in str(caught.value)


@pytest.fixture
def steady_global_random():
    """The module-level generator seeded for one test and put back after it: UnseededState
    shuffles with it, and two shuffles of its six races agree once in 720 runs at random."""
    kept = random.getstate()
    random.seed(20261206)
    yield
    random.setstate(kept)


def test_a_game_without_its_rules_is_told_which_methods_to_write():
    class Empty(gamedesign.Game):
        name, title, min_players, max_players = "empty", "Empty", 2, 2
        Options = SprintGame.Options

    with pytest.raises(GameCheckError, match="does not define new_state, parse_action"):
        check_game(Empty)
    with pytest.raises(GameCheckError, match="not a game class"):
        check_game(SprintGame(2))


def test_the_report_says_what_was_not_checked():
    class Plain(SprintGame):
        name = "plain"
        action_value = gamedesign.Game.action_value  # no greedy bot
        sample_state = gamedesign.Game.sample_state  # no search bot

    assert "– no sample_state" not in str(check_game(SprintGame, games=2, players=2))
    report = str(check_game(Plain, games=2, players=2))
    assert "– no sample_state: no search bot" in report and "– no action_value: no greedy bot" in report
