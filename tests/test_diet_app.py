"""The Diet Game app, driven by clicks as a player would, without a browser."""

from __future__ import annotations

import html
import random
import re

import pytest

from gamedesign.apps.diet import DietApp, play_diet
from gamedesign.games.diet import Discard, Play


def enabled(box):
    return [b for b in box.children if not b.disabled]


def click_through(app, limit=2000):
    """Play a whole game by clicking: in Planning mark the first card and discard it,
    otherwise click the first playable card of the hand, or the button that plays none."""
    clicks = 0
    while not app.state.is_over():
        if app.state.phase == "planning":
            enabled(app.hand_box)[0].click()
            enabled(app.action_box)[0].click()
        else:
            (enabled(app.hand_box) or enabled(app.action_box))[0].click()
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
    marked = app.hand_box.children[0]
    assert marked.description.startswith("Marked to discard\n") and "gd-marked" in marked._dom_classes
    assert "2 marked" in app.prompt.value
    discard = app.action_box.children[0]
    assert discard.description == app.game.move_words(Discard(tuple(hand[:2])))  # the words a hint uses
    discard.click()
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
    text = app.out.outputs[0]["data"]["text/plain"]
    assert hand[refused] in text and "Exercise phase" in text  # what is wrong, with the card's name
    assert "click an Exercise card in your hand, or press No exercise" in text  # what to do
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
        (enabled(app.hand_box) or enabled(app.action_box))[0].click()
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
    assert "LUNCH\nJunk Food Lunch\n+1 lb" in labels and "LAZINESS\nLaziness\ncancels an Exercise" in labels
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


ENGINE_NAMES = re.compile(r"\b(Ann|Bo|Cy|Di|Ed|Flo)\b")


def shown_text(app) -> str:
    """Everything the app shows in words: status, weights, prompt, hand, buttons, log, messages, hint."""
    parts = [app.header.value, app.weights_view.value, app.prompt.value, app.log_view.value, app.hints.answer.value]
    parts += [b.description + " " + b.tooltip for b in app.hand_box.children]
    parts += [b.description for b in app.action_box.children]
    parts += [str(app.out.outputs)]
    return html.unescape(" ".join(parts))


@pytest.mark.parametrize("players,human", [(4, 0), (3, 2)])
def test_everyone_is_named_as_in_the_other_apps_never_with_the_engines_names(players, human):
    app = play_diet(players=players, seed=5, human=human)
    seen = []
    clicks = 0
    while not app.state.is_over() and clicks < 2000:
        app.hints.why_button.click()
        seen.append(shown_text(app))
        if app.state.phase == "planning":
            app.action_box.children[1].click()  # keep the hand
        else:
            (enabled(app.hand_box) or enabled(app.action_box))[0].click()
        clicks += 1
    seen.append(shown_text(app))
    text = " ".join(seen)
    assert not ENGINE_NAMES.search(text), ENGINE_NAMES.search(text)
    for number in range(1, players):  # the bots are numbered from 1, skipping your seat
        assert f"Bot {number}" in text
    assert f"Bot {players}" not in text and "Bot 0" not in text
    assert "You" in text and "your day" in text.lower()
    # The engine's own log keeps its names for everyone else.
    assert any(ENGINE_NAMES.search(line) for line in app.state.log)


def deck_with_cards_named_like_players():
    """The rulebook's deck with its healthy meals renamed "Ann", "Bo", "Cy" and "Di" (a
    custom deck may name a card anything)."""
    from gamedesign.games.diet.cards import DEFAULT_DECK

    data = DEFAULT_DECK.to_data()
    names = {"breakfast": "Bo", "lunch": "Ann", "dinner": "Cy", "snack": "Di"}
    for card in data["cards"]:
        if card["kind"] in names and card["pounds"] == -1 and names[card["kind"]] not in [c["name"] for c in data["cards"]]:
            card["name"] = names[card["kind"]]
    return data


def test_a_card_named_like_a_player_keeps_its_name_in_the_log():
    app = play_diet(players=4, seed=1, deck=deck_with_cards_named_like_players())
    click_through(app)
    log = html.unescape(app.log_view.value)
    eaten = re.findall(r"(You|Bot \d) ate (Ann|Bo|Cy|Di) \(-1 lb\)\.", log)
    assert eaten, "no card named like a player was eaten in the turns shown"
    assert not re.search(r"\b(Ann|Bo|Cy|Di) ate\b|ate (you|Bot \d) \(", log)


def play_until(app, test, limit=400):
    """Click on (first playable card, else the button that plays none) until ``test(app)``."""
    for _ in range(limit):
        if test(app):
            return
        if app.state.phase == "planning":
            app.action_box.children[1].click()
        else:
            (enabled(app.hand_box) or enabled(app.action_box))[0].click()
    pytest.fail("the situation never came up")


def refusal(app) -> str:
    return app.out.outputs[0]["data"]["text/plain"]


def test_refusals_name_the_card_say_what_is_wrong_and_what_to_do():
    from gamedesign.games.diet import Play

    app = play_diet(players=4, seed=3, auto_pass=False)
    deck = app.game.deck

    def fattening_in_hand_at_my_meal(app):
        view = app.state.observe(0)
        return view["waiting_for"] == [0] and view["step"] == "own" and any(
            deck.card(c).kind == view["phase"] and deck.card(c).pounds > 0 for c in view["hand"]
        )

    play_until(app, fattening_in_hand_at_my_meal)
    view = app.state.observe(0)
    card = next(c for c in view["hand"] if deck.card(c).kind == view["phase"] and deck.card(c).pounds > 0)
    before = app.state.to_json()
    assert app.play(Play(card)) is False
    text = refusal(app)
    assert text.startswith(f"⚠ {card} is fattening (+{deck.card(card).pounds} lb): you may not eat it yourself")
    assert text.startswith(f"⚠ {app.why_not(card)} Instead click")  # the engine's words, then what to do
    assert f"or press No {view['phase']}" in text
    assert app.play("eat everything") is False and "is not a move: click" in refusal(app)
    absent = next(c.name for c in deck.cards if c.name not in view["hand"])
    assert app.play(Play(absent)) is False and refusal(app).startswith(f"⚠ {absent} is not in your hand. Instead click")
    assert app.play(Discard(tuple(view["hand"][:1]))) is False
    assert refusal(app).startswith("⚠ Discarding is only allowed in Planning")
    assert app.state.to_json() == before and "Traceback" not in refusal(app)


def test_controls_offer_only_what_is_possible_now_with_short_labels():
    from gamedesign.games.diet import Play

    app = play_diet(players=4, seed=4, auto_pass=False)
    asked = set()
    for _ in range(150):
        if app.state.is_over():
            break
        view = app.state.observe(0)
        legal = app.state.legal_actions(0)
        if view["waiting_for"] == [0] and view["phase"] != "planning":
            asked.add(view["step"])
            labels = [b.description for b in app.action_box.children]
            assert len(labels) == 1 and len(labels[0]) <= 14, labels  # the one way to play no card
            for button, card in zip(app.hand_box.children, view["hand"]):
                assert button.disabled == (Play(card) not in legal)
        if app.state.phase == "planning":
            app.action_box.children[1].click()
        else:
            (enabled(app.action_box) if len(asked) % 2 else enabled(app.hand_box) or enabled(app.action_box))[0].click()
    assert {"own", "laziness", "cheat"} <= asked


# -- The Diet Game drawn as a game ------------------------------------------------------


def test_the_engine_says_why_a_card_is_not_legal_exactly_when_it_is_not():
    from gamedesign import load
    from gamedesign.games.diet import why_not

    game = load("diet", players=3)
    rng = random.Random(5)
    said = set()
    for seed in range(4):
        state = game.new_state(seed=seed)
        while not state.is_over():
            for seat in range(3):
                for card in set(state.hands[seat]):
                    reason = why_not(state, seat, card)
                    assert (reason is None) == (Play(card) in state.legal_actions(seat)), (card, state.phase, state.step)
                    said.add(reason)
            mover = state.to_move()[0]
            state.apply(mover, rng.choice(state.legal_actions(mover)))
    said = {reason for reason in said if reason}
    assert any(r.startswith("Lunch is over: this is the Cheat phase") for r in said)
    assert any(r.startswith("Snack comes later: this is the Breakfast phase") for r in said)
    assert not any(r.startswith("Breakfast comes later") for r in said)  # Breakfast is the first meal
    assert any(r and "is fattening (+1 lb): you may not eat it yourself" in r for r in said)


def test_a_click_on_a_dimmed_card_shows_why_it_cannot_be_played_now():
    app = DietApp(players=4, seed=0)
    while app.state.observe(app.human)["phase"] == "planning" or not any(b.disabled for b in app.hand_box.children):
        app.action_box.children[-1].click()  # keep the hand, or play no card
    view = app.state.observe(app.human)
    assert view["phase"] != "planning" and app.human in view["waiting_for"]
    for position, (card, button, why) in enumerate(zip(view["hand"], app.hand_box.children, app.why_box.children)):
        assert len(app.hand_box.children) == len(app.why_box.children)
        if not button.disabled:
            assert "gd-playable" in button._dom_classes and why.layout.visibility == "hidden"
            continue
        assert "gd-playable" not in button._dom_classes and why.layout.visibility != "hidden"
        why.click()
        shown = str(app.out.outputs)
        assert app.why_not(card) and html.escape(app.why_not(card)) in shown, shown
    assert any(b.disabled for b in app.hand_box.children)


def test_each_player_has_a_weight_track_toward_the_target():
    app = DietApp(players=3, seed=1)
    state = app.state
    state.weights[1] = -4
    app._render()
    tracks = app.weights_view.value.split('class="gd-track"')[1:]
    assert len(tracks) == 3
    assert tracks[1].count("gd-lost") == 3 and 'gd-here" title="-4 lb">-4<' in tracks[1] and "6 to go" in tracks[1]
    assert len(re.findall(r'class="gd-cell(?: [^"]*)?"', tracks[0])) == 16 and "gd-goal" in tracks[0]  # +5 ... 0 ... -10


def test_the_end_shows_every_players_place_and_a_success_mark_only_for_a_win():
    from gamedesign.apps.common import emoji_in

    kinds = set()
    for seed in range(6):
        app = DietApp(players=3, seed=seed)
        click_through(app)
        view = app.state.observe(app.human)
        text, kind = app.ending(view)
        kinds.add(kind)
        assert kind == ("win" if view["winner"] == app.human else "end")
        if kind == "end":
            assert "gd-msg-win" not in app.header.value and "gd-icon-ok" not in app.header.value
            assert f"You came {'1st 2nd 3rd'.split()[app.places(view)[app.human] - 1]} of 3" in text
        table = app.header.value.split("gd-places")[1]
        for seat in range(3):
            assert f"<th>{app.names[seat]}</th>" in table
        assert sorted(app.places(view))[0] == 1 and "What decided it" in table
        assert emoji_in(html.unescape(re.sub(r"<[^>]*>", " ", app.header.value + app.weights_view.value))) == []
    assert "end" in kinds


def test_a_refused_card_is_refused_in_the_engine_s_words():
    from gamedesign.games.diet import Play, why_not

    app = play_diet(players=4, seed=5, auto_pass=False)
    refused = 0
    for _ in range(40):
        if app.state.is_over():
            break
        view = app.state.observe(0)
        if 0 in view["waiting_for"] and view["phase"] != "planning":
            for card in sorted(set(view["hand"])):
                if Play(card) in app.state.legal_actions(0):
                    continue
                reason = why_not(app.state, 0, card, names=app._name)
                assert app.play(Play(card)) is False
                text = refusal(app)
                assert reason in text and card in text and " Instead " in text, text
                refused += 1
        legal = app.state.legal_actions(0) if 0 in app.state.observe(0)["waiting_for"] else []
        if legal:
            app.play(legal[-1])
        else:
            break
    assert refused >= 3
