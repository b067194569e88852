"""The Leg Day app, driven by clicks as a learner would."""

from __future__ import annotations

import pytest

from gamedesign.apps.legday import LegDayApp


def hand_buttons(app):
    return [item.play_button for item in app.hand_box.children]


def status_text(app):
    return app.status.value


def test_a_whole_game_can_be_played_by_clicking_cards():
    app = LegDayApp(players=4, seed=3)
    assert "Week 1 · Day 1 of 7 · Gym Day" in app.header.value
    clicks = 0
    while not app.state.is_over():
        buttons = hand_buttons(app)
        assert buttons and not any(b.disabled for b in buttons)
        buttons[-1].click()
        clicks += 1
    assert clicks == 14
    assert "Final scores" in app.scores.value and "Decided by" in app.scores.value
    assert all(b.disabled for b in hand_buttons(app)) or not hand_buttons(app)
    assert "Game over" in status_text(app)
    # Every player's full row is shown at the end; Home Day cards are revealed.
    assert "face down" not in app.table.value.replace("(home)", "")


def test_face_down_cards_of_others_show_only_as_a_count():
    app = LegDayApp(players=3, seed=4)
    hand_buttons(app)[0].click()  # day 1, Gym Day
    hand_buttons(app)[0].click()  # day 2, Home Day
    bot_home_card = app.state.tableaus[1][1][0]
    assert "1 face down" in app.table.value
    my_home_card = app.state.tableaus[0][1][0]
    assert f"{my_home_card} (home)" in app.table.value
    assert app.table.value.count("(home)") == 1, bot_home_card


def test_a_refused_click_explains_itself_and_changes_nothing():
    app = LegDayApp(players=2, seed=5)
    before = app.state.to_json()
    missing = next(c.name for c in app.game.deck.cards if c.name not in app.state.hands[0])
    app.play(missing)
    assert app.state.to_json() == before
    assert f"{missing} is not in your hand: click Play under one of the cards in your hand." in status_text(app)


def test_new_game_uses_the_seed_box():
    app = LegDayApp(players=3, seed=1)
    hand_buttons(app)[0].click()
    app.seed_box.value = 77
    app.new_button.click()
    assert app.state.seed == 77 and app.state.day == 1
    assert sorted(app.state.hands[0]) == sorted(app.game.new_state(seed=77).hands[0])


def test_bad_settings_are_refused_before_the_app_starts():
    with pytest.raises(ValueError, match="unknown bot"):
        LegDayApp(players=3, bots="genius")
    with pytest.raises(ValueError, match="human must be a seat"):
        LegDayApp(players=3, human=5)


class BrokenBot:
    """A bot that fails on its ``moves + 1``-th decision, as a buggy student bot would."""

    name = "broken"

    def __init__(self, moves=0):
        self.moves = moves

    def reset(self, game, seat, seed):
        self.left = self.moves

    def act(self, observation, legal):
        if self.left == 0:
            raise RuntimeError("the bot broke")
        self.left -= 1
        return legal[0]


@pytest.mark.parametrize(
    "settings, words",
    [
        ({"human": True}, "human must be a seat from 0 to 2"),
        ({"human": "0"}, "human must be a seat"),
        ({"human": 1.0}, "human must be a seat"),
        ({"human": -1}, "human must be a seat"),
        ({"seed": -1}, "seed must be a whole number"),
        ({"seed": "7"}, "seed must be a whole number"),
        ({"seed": 2**40}, "seed must be a whole number"),
        ({"bots": 3}, "bots must be a bot name"),
        ({"bots": ["random"]}, "one bot for each of the 2 other seats"),
        ({"players": 9}, "players"),
        ({"curl_overflow": "sometimes"}, "curl_overflow"),
    ],
)
def test_every_bad_setting_is_a_clear_error_before_any_widget(settings, words, monkeypatch):
    import ipywidgets

    built = []
    monkeypatch.setattr(ipywidgets.Widget, "open", lambda self: built.append(self))
    with pytest.raises(ValueError, match=words):
        LegDayApp(**{"players": 3, **settings})
    assert built == []


def test_a_numpy_seat_number_is_a_seat():
    import numpy as np

    assert LegDayApp(players=3, human=np.int64(2)).human == 2


def test_a_bot_failing_at_the_start_is_a_message_not_a_traceback():
    app = LegDayApp(players=2, bots=[BrokenBot()])
    assert "A bot could not move" in status_text(app) and "the bot broke" in status_text(app)
    assert hand_buttons(app)  # the game is still shown


def test_a_bot_failing_after_new_game_or_a_click_is_a_message():
    app = LegDayApp(players=2, bots=[BrokenBot(moves=2)])
    assert "New game" in status_text(app)
    hand_buttons(app)[0].click()
    hand_buttons(app)[0].click()  # the bot's third pick fails
    assert "A bot could not move" in status_text(app) and "RuntimeError: the bot broke" in status_text(app)
    app.new_button.click()  # the bot is reset: two more good picks, then it fails again
    assert "New game" in status_text(app)
    for _ in range(2):
        hand_buttons(app)[0].click()
    assert "the bot broke" in status_text(app)


def test_clicks_after_the_end_or_for_a_missing_card_are_messages():
    app = LegDayApp(players=2, seed=2)
    while not app.state.is_over():
        hand_buttons(app)[0].click()
    app.play("Selfie")
    assert "game is over" in status_text(app)
    app.play(42)
    assert "⚠" in status_text(app)


def test_cards_are_drawn_as_cards_with_words_and_shapes_not_emoji():
    from gamedesign.apps.legday_cards import card_html

    app = LegDayApp(players=4, seed=3)
    deck = app.game.deck
    shake = card_html(deck.card("Protein Shake x3"), deck)
    assert "3 shake images" in shake and "x3" not in shake and shake.count("<svg") == 3
    assert "most images 10, second most 5" in shake
    for card in deck.cards:
        drawn = card_html(card, deck)
        assert "<svg" in drawn and "<img" not in drawn
        assert not any(ord(ch) > 0x2600 for ch in drawn), f"{card.name} uses an emoji"
    hand = [item.children[0].value for item in app.hand_box.children]
    assert all("gd-cardface" in h and "<svg" in h for h in hand)
    assert "🂠" not in app.table.value and "💪" not in app.table.value


def test_the_final_table_explains_squats_and_a_tie_break():
    from gamedesign.apps.legday import tie_break_text

    app = LegDayApp(players=4, seed=3)
    while not app.state.is_over():
        hand_buttons(app)[0].click()
    assert "Squats*" in app.scores.value and "does as many squats as the deck holds" in app.scores.value

    class Report:  # two players tied on points, the first with more Leg Days
        decided_by = "tie on points, broken by most Leg Day cards"
        eliminated = (2,)
        points = (20, 20, 0)
        leg_days = (5, 4, 1)
        shake_images = (0, 3, 0)
        winners = (0,)

    text = tie_break_text(Report, ["You", "Bot 1", "Bot 2"])
    assert text.startswith("You and Bot 1 tied on 20 points.")
    assert "most Leg Day cards (You 5, Bot 1 4)" in text and "You win:" in text


def test_after_a_pick_the_status_says_what_the_bots_played():
    app = LegDayApp(players=3, seed=4)
    hand_buttons(app)[0].click()  # day 1, Gym Day: face up
    from gamedesign.apps.legday_cards import display_name

    bot1 = display_name(app.game.deck.card(app.state.tableaus[1][0][0]))
    assert f"Bot 1: {bot1}" in status_text(app) and "Bot 2: " in status_text(app)
    hand_buttons(app)[0].click()  # day 2, Home Day: face down
    assert "Bot 1: face down" in status_text(app)


def row_of(app, name: str) -> str:
    """The table row of the player called ``name``."""
    return next(row for row in app.table.value.split("<tr>") if row.startswith(f"<th>{name}</th>"))


def test_the_bots_home_day_picks_are_outlined_on_the_table_like_the_latest_face_up_cards():
    app = LegDayApp(players=3, seed=4)
    hand_buttons(app)[0].click()  # day 1, Gym Day: face up
    assert row_of(app, "Bot 1").count("gd-new") == 1 and "gd-down" not in row_of(app, "Bot 1")
    hand_buttons(app)[0].click()  # day 2, Home Day: face down
    for bot in ("Bot 1", "Bot 2"):
        row = row_of(app, bot)
        assert "gd-down gd-new" in row and "1 face down (new)" in row
        assert row.count("gd-new") == 1  # the face-up card of day 1 is no longer the latest
    assert row_of(app, "You").count("gd-new") == 1 and "(home)" in row_of(app, "You").split("gd-new")[1]
    hand_buttons(app)[0].click()  # day 3, Gym Day again: the face-down cards are no longer new
    assert "gd-down gd-new" not in row_of(app, "Bot 1") and "1 face down<" in row_of(app, "Bot 1")


def test_who_has_picked_and_where_the_hand_goes_are_shown():
    app = LegDayApp(players=4, seed=2)
    assert "<td>your pick</td>" in row_of(app, "You")
    for bot in ("Bot 1", "Bot 2", "Bot 3"):
        assert "<td>picked (hidden)</td>" in row_of(app, bot)
    assert "your other cards go to Bot 1 and you get Bot 3&#x27;s hand" in app.hand_label.value
    while app.state.week == 1:
        hand_buttons(app)[0].click()
    assert "your other cards go to Bot 3 and you get Bot 1&#x27;s hand" in app.hand_label.value  # week 2 passes right


def test_the_end_shows_places_a_drawn_trophy_and_a_success_mark_only_for_a_win():
    import html as html_module
    import re

    from gamedesign.apps.common import emoji_in

    kinds = set()
    for seed in range(5):
        app = LegDayApp(players=3, seed=seed)
        while not app.state.is_over():
            hand_buttons(app)[-1].click()
        text, kind = app.ending()
        kinds.add(kind)
        won = app.human in app.state.report().winners
        assert kind == ("win" if won else "end")
        assert ("gd-msg-win" in app.status.value) == won and "gd-msg-ok" not in app.status.value
        if not won:
            assert "You came " in text
        assert "gd-trophy" in app.scores.value and "<th>Place</th>" in app.scores.value
        shown = html_module.unescape(re.sub(r"<[^>]*>", " ", app.scores.value + app.status.value + app.table.value))
        assert emoji_in(shown) == []
    assert "end" in kinds  # a loss was seen (and checked)
