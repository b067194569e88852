"""The generic app plays any game of the protocol, driven by clicks, without a browser."""

from __future__ import annotations

import pytest

import gamedesign
from gamedesign.apps import play
from gamedesign.apps.generic import GROUP_FROM, PAGE, GameApp, groups, page, view_html
from gamedesign.bots import Bot

from own_games import CountingGame, CountingState


def click_through(app, limit=500):
    """Play a whole game by pressing the first action button each time."""
    clicks = 0
    while not app.state.is_over():
        app.action_box.children[0].click()
        assert app.out.outputs == (), app.out.outputs
        clicks += 1
        assert clicks < limit
    return clicks


@pytest.mark.parametrize("target", ["sprint", CountingGame, "legday", "diet"])
def test_a_whole_game_is_played_by_clicking(target):
    app = play(target, seed=3)
    assert isinstance(app, GameApp)
    assert click_through(app) > 0
    assert "Game over." in app.header.value and "Scores:" in app.header.value
    assert app.action_box.children == () and "New game" in app.prompt.value
    assert app.move_text.disabled and app.move_button.disabled  # nothing left to type
    app.new_button.click()
    assert not app.move_text.disabled and not app.move_button.disabled


def test_the_view_shows_the_observation_and_the_buttons_are_the_legal_actions():
    app = play("sprint", seed=1, bots="random", players=2)
    view = app.state.observe(0)
    assert "Your cards" in app.view.value and "Races face down" in app.view.value
    assert ", ".join(map(str, view["your cards"])) in app.view.value
    assert [b.description for b in app.action_box.children] == [str(a) for a in app.state.legal_actions(0)]


def test_secret_choices_of_the_bots_stay_secret_until_revealed():
    app = play("sprint", seed=2, players=3, bots="random")
    assert app.moves[-2:] == ["Player 1 (random) has chosen.", "Player 2 (random) has chosen."]
    app.action_box.children[-1].click()
    assert app.moves[-3] == "You played 7." and "won" in app.view.value or "tied" in app.view.value


def test_a_typed_move_is_played_and_a_bad_one_is_a_message():
    app = play("sprint", seed=4, players=2, bots="greedy")
    app.move_text.value = "3"
    app.move_button.click()
    assert app.out.outputs == () and "You played 3." in app.moves
    app.move_text.value = "3"  # spent already
    app.move_button.click()
    text = app.out.outputs[0]["data"]["text/plain"]
    assert "Could not play that" in text and "not allowed" in text and "Traceback" not in text
    app.move_text.value = "eleven"
    app.move_button.click()
    assert "effort card" in app.out.outputs[0]["data"]["text/plain"]


def test_a_stale_button_is_refused_with_a_message():
    app = play("sprint", seed=5, players=2, bots="random")
    old = app.action_box.children[0]
    old.click()
    old.click()  # that card is spent
    assert "no longer possible" in app.out.outputs[0]["data"]["text/plain"]


def test_many_actions_come_in_groups_and_pages():
    actions = [f"take {i}" for i in range(60)] + [f"place {i}" for i in range(5)]
    assert list(groups(actions)) == ["take", "place"]
    assert page(actions, 2) == actions[2 * PAGE : 3 * PAGE]
    app = play("gym", seed=0, bots="random")
    while len(app._legal()) <= GROUP_FROM and not app.state.is_over():
        app.action_box.children[0].click()
    legal = app._legal()
    assert legal, "a GYM game offers many moves at once at some point"
    (tabs,) = app.group_box.children
    names = list(groups(legal))
    assert len(names) > 1 and [value for _, value in tabs.options] == names and tabs.value == names[0]
    tabs.value = names[-1]
    assert app.out.outputs == ()
    assert [b.description for b in app.action_box.children] == [str(a) for a in groups(legal)[names[-1]]][:PAGE]
    assert len(app.action_box.children) <= PAGE


class BigStepState(CountingState):
    def to_move(self):
        return [] if self.total >= 100 else [self.turn]

    def legal_actions(self, player):
        return list(range(1, 31)) if player in self.to_move() else []

    def _apply(self, player, step):
        self.total += step
        if self.total < 100:
            self.turn = (self.turn + 1) % self.game.num_players


class BigStepGame(CountingGame):
    name, title = "bigsteps", "Big Steps"

    def new_state(self, seed=None):
        return BigStepState(self, gamedesign.core.check_seed(seed))

    def parse_action(self, text):
        if text.strip() not in [str(n) for n in range(1, 31)]:
            raise ValueError(f"a step is a number from 1 to 30, not {text!r}")
        return int(text)


def test_pages_turn_when_there_are_more_moves_than_a_page():
    gamedesign.check_game(BigStepGame, games=2)
    app = play(BigStepGame, seed=0, bots="random")
    assert [b.description for b in app.action_box.children] == [str(n) for n in range(1, PAGE + 1)]
    back, where, more = app.page_box.children
    assert back.disabled and "page 1 of 2" in where.value
    more.click()
    assert [b.description for b in app.action_box.children] == [str(n) for n in range(PAGE + 1, 31)]
    app.action_box.children[-1].click()
    assert "You played 30." in app.moves and app.out.outputs == ()


class Broken(Bot):
    name = "broken"

    def act(self, observation, legal_actions):
        raise RuntimeError("my evaluation failed")


def test_a_failing_bot_is_a_message_not_a_traceback():
    app = play("sprint", seed=0, players=2, bots=[Broken()])
    text = app.out.outputs[0]["data"]["text/plain"]
    assert "A bot could not move" in text and "my evaluation failed" in text


def test_new_game_starts_from_the_seed_box():
    app = play("sprint", seed=1, players=2)
    click_through(app)
    app.seed_box.value = 9
    app.new_button.click()
    assert app.state.seed == 9 and not app.state.is_over() and app.moves[-1] == "Player 1 (greedy) has chosen."


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"game_or_name": "chess"}, "unknown game 'chess'"),
        ({"game_or_name": 42}, "a game name"),
        ({"game_or_name": "sprint", "bots": "genius"}, "unknown bot 'genius'"),
        ({"game_or_name": "sprint", "human": 7}, "human must be a seat"),
        ({"game_or_name": "sprint", "seed": -1}, "seed must be"),
        ({"game_or_name": "sprint", "players": 9}, "played by 2, 3, 4, 5 players"),
    ],
)
def test_bad_settings_are_refused_at_once(kwargs, words):
    with pytest.raises(ValueError, match=words):
        play(**kwargs)


def test_nested_observations_are_written_out():
    text = view_html({"hands": [[1, 2], [3]], "table": {"top_card": None}, "ready": True})
    assert "0: 1, 2" in text and "Top card" in text and "—" in text and "yes" in text


def test_the_search_bot_plays_in_the_app_when_the_game_can_imagine_hidden_cards():
    app = play("sprint", seed=6, players=2, bots="search:20")
    assert app.names[1] == "Player 1 (search:20)"
    assert click_through(app) == 7  # one secret choice a race
    assert "Game over." in app.header.value
