"""The Diet Game app, driven by clicks as a player would, without a browser."""

from __future__ import annotations

import html

import pytest

from gamedesign.apps.diet import DietApp, play_diet
from gamedesign.games.diet import Discard


def enabled(box):
    return [b for b in box.children if not b.disabled]


def click_through(app, limit=2000):
    """Play a whole game by clicking: in Planning mark the first card and discard it,
    otherwise press the first action button."""
    clicks = 0
    while not app.state.is_over():
        if app.state.phase == "planning":
            enabled(app.hand_box)[0].click()
        enabled(app.action_box)[0].click()
        assert app.out.outputs == (), app.out.outputs
        clicks += 1
        assert clicks < limit
    return clicks


@pytest.mark.parametrize("players,human", [(2, 0), (4, 0), (6, 3)])
def test_a_whole_game_is_played_by_clicking(players, human):
    app = play_diet(players=players, seed=players, human=human)
    assert isinstance(app, DietApp)
    assert click_through(app) > 0
    assert "won" in app.header.value or "Draw" in app.header.value
    assert "Game over" in app.prompt.value
    assert app.action_box.children == ()
    assert "-10 lb" in app.weights_view.value


def test_new_game_starts_from_the_seed_in_the_box():
    app = play_diet(seed=1)
    click_through(app)
    app.seed_box.value = 5
    app.new_button.click()
    assert app.state.seed == 5 and not app.state.is_over()
    assert app.state.to_move() == [0] and app.state.phase == "planning"


def test_planning_marks_cards_and_discards_them():
    app = play_diet(seed=2)
    hand = list(app.state.observe(0)["hand"])
    app.hand_box.children[0].click()
    app.hand_box.children[1].click()
    assert app.hand_box.children[0].button_style == "warning"
    assert "2 marked" in app.prompt.value
    app.action_box.children[0].click()  # "Discard 2 and draw"
    assert app.out.outputs == ()
    assert html.escape(f"You discarded {', '.join(sorted(hand[:2]))} and drew 2.") in app.log_view.value


def test_more_than_three_marks_are_refused_with_a_message():
    app = play_diet(seed=2)
    for i in range(4):
        app.hand_box.children[i].click()
    assert len(app.selected) == 3
    assert "at most 3" in str(app.out.outputs)


def test_a_refused_card_shows_a_message_and_changes_nothing():
    app = play_diet(seed=3)
    app.play(Discard(()))
    before = app.state.to_json()
    assert app.state.to_move() == [0]
    playable = {str(a) for a in app.state.legal_actions(0)}
    hand = app.state.observe(0)["hand"]
    refused = next(i for i, card in enumerate(hand) if f"play {card}" not in playable)
    app._click_card(refused)
    assert "cannot play" in str(app.out.outputs)
    assert app.state.to_json() == before


def test_the_log_speaks_to_you():
    app = play_diet(seed=0)
    click_through(app)
    assert "Your day" in app.log_view.value or "your day" in app.log_view.value
    assert "Ann" not in app.log_view.value


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="human"):
        play_diet(players=3, human=3)
    with pytest.raises(ValueError, match="unknown bot"):
        play_diet(bots="genius")


class BrokenBot:
    """A bot that fails on its first decision, as a buggy student bot would."""

    name = "broken"

    def reset(self, game, seat, seed):
        pass

    def act(self, observation, legal):
        raise RuntimeError("the bot broke")


def test_a_stale_click_on_a_card_that_moved_is_a_message():
    app = play_diet(seed=3)
    planning_buttons = list(app.hand_box.children)  # drawn for a hand of 7
    app.play(Discard(()))
    while app.state.to_move() == [0] and len(app.state.hands[0]) == 7:
        plays = [b for b in enabled(app.action_box) if b.description.startswith("Play")]
        (plays or enabled(app.action_box))[0].click()
    assert len(app._hand()) < 7
    before = app.state.to_json()
    planning_buttons[6].click()  # this card's place is gone: used to say "list index out of range"
    assert "no longer possible" in str(app.out.outputs) and "index" not in str(app.out.outputs)
    assert app.state.to_json() == before


def test_a_stale_action_button_is_a_message():
    app = play_diet(seed=3)
    keep = [b for b in app.action_box.children if b.description == "Keep my hand"][0]
    keep.click()
    before = app.state.to_json()
    keep.click()  # Planning is over
    assert "no longer possible" in str(app.out.outputs)
    assert app.state.to_json() == before


def test_a_bot_failure_is_a_message_in_the_constructor_and_after_new_game():
    app = play_diet(players=2, human=1, bots=[BrokenBot()])  # seat 0, the bot, starts
    assert "A bot could not move: seat 0 (bot 'broken')" in str(app.out.outputs) and "RuntimeError: the bot broke" in str(app.out.outputs)
    app.new_button.click()
    assert "the bot broke" in str(app.out.outputs)


@pytest.mark.parametrize(
    "settings, words",
    [
        ({"human": True}, "human must be a seat from 0 to 3"),
        ({"human": 0.0}, "human must be a seat"),
        ({"seed": -1}, "seed must be a whole number"),
        ({"bots": 7}, "bots must be a bot name"),
        ({"bots": ["random"] * 5}, "one bot for each of the 3 other seats"),
        ({"auto_pass": "yes"}, "auto_pass must be True or False"),
        ({"players": 1}, "players"),
    ],
)
def test_every_bad_setting_is_a_clear_error_before_any_widget(settings, words, monkeypatch):
    import ipywidgets

    built = []
    monkeypatch.setattr(ipywidgets.Widget, "open", lambda self: built.append(self))
    with pytest.raises(ValueError, match=words):
        play_diet(**settings)
    assert built == []


def test_one_bot_per_other_seat_is_accepted():
    app = play_diet(players=3, human=1, bots=["random", "greedy"])
    assert sorted(app.bots) == [0, 2]


def test_cards_say_what_they_are_for_and_the_log_tells_passes_and_what_waits():
    from gamedesign.apps.diet import pending_text

    app = DietApp(players=4, seed=3, auto_pass=False)
    labels = [b.description for b in app.hand_box.children]
    assert "Junk Food Lunch · Lunch, +1 lb" in labels and "Laziness: cancels an Exercise" in labels
    for _ in range(60):
        if app.state.is_over():
            break
        buttons = [b for b in app.action_box.children if not b.disabled]
        (buttons[-1] if buttons else [b for b in app.hand_box.children if not b.disabled][0]).click()
    log = app.log_view.value
    assert "drew 0 cards" not in log and "drew no cards (the hand was full)" in log
    assert "stand (no Laziness)" in log and "played no Cheat on" in log and "fed you nothing" in log
    view = {"over": False, "on_table": {"card": "Fasting"}, "step": "laziness", "active": 1}
    assert pending_text(view, lambda s: "Bo") == "Waiting: Bo played Fasting; it counts unless cancelled with Laziness."
