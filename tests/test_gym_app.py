"""The GYM app, driven by clicks as a learner would."""

from __future__ import annotations

import html
import re

import pytest

from gamedesign.apps.gym import GymApp, play_gym


def click_through(app, prefer_skip=False, limit=500):
    """Play the human seat to the end by clicking: first Kid, first choices, main button."""
    clicks = 0
    while not app.state.is_over():
        assert app.state.turn == app.human, "bots must have moved until it is our turn"
        step = app.state.step
        if step == "take":
            buttons = [b for b in app.row_box.children if not b.disabled]
            assert buttons
            buttons[-1].click()
        elif step == "action" and (prefer_skip or app.go_button.disabled):
            app.skip_button.click()
        elif step in ("advance", "coach") and prefer_skip:
            app.skip_button.click()
        else:
            if step == "action" and app.go_button.disabled:
                app.skip_button.click()
            else:
                app.go_button.click()
        clicks += 1
        assert clicks < limit
    return clicks


@pytest.mark.parametrize("players,seed,human", [(2, 0, 0), (2, 3, 1), (4, 5, 2), (6, 1, 5)])
def test_a_whole_game_can_be_played_by_clicking(players, seed, human):
    app = GymApp(players=players, seed=seed, human=human)
    assert "Event Schedule" in app.schedule.value
    click_through(app, prefer_skip=seed % 2 == 1)
    assert "Final scoring, event by event" in app.scores.value
    assert "Game over" in app.last_message
    for event in app.state.in_play:
        assert event in app.scores.value
    assert app.controls.children == ()


def test_action_choices_follow_the_chosen_kind():
    app = GymApp(players=2, seed=2)
    while app.state.phase == "pick":
        click_through_one(app)
    app.go_button.click()  # place the first Kid at the first position
    assert app.state.step == "action"
    for kind, _ in [(v, l) for l, v in app.kind_pick.options]:
        app.kind_pick.value = kind
        assert all(kind in str(a).split()[0] or kind == "pick" for _, a in app.target_pick.options)


def click_through_one(app):
    if app.state.step == "take":
        app.row_box.children[0].click()
    else:
        app.skip_button.click()


def to_play_phase(app):
    while app.state.phase == "pick":
        click_through_one(app)


def test_only_empty_spots_are_offered_the_best_first():
    app = GymApp(players=2, seed=4)
    to_play_phase(app)
    app.go_button.click()  # the suggested placement
    app.skip_button.click()
    while app.state.step != "place" or app.state.turn != app.human:
        click_through_one(app)
    view = app.state.observe(app.human)
    mine = "AB".index(view["team"])
    labels = [label for label, _ in app.spot_pick.options]
    assert labels and not any("taken" in label for label in labels)
    for _, (event, spot) in app.spot_pick.options:
        assert view["board"][event][mine][spot - 1] is None
    scores = [int(label.rsplit("scores ", 1)[1]) for label in labels]
    assert scores == sorted(scores, reverse=True) and scores[0] > 0


def test_a_refused_choice_is_explained_in_a_players_words_and_changes_nothing():
    app = GymApp(players=2, seed=4)
    to_play_phase(app)
    app.go_button.click()
    app.skip_button.click()
    while app.state.step != "place" or app.state.turn != app.human:
        click_through_one(app)
    view = app.state.observe(app.human)
    mine = "AB".index(view["team"])
    event, spot, kid = next(
        (e, i + 1, k) for e in view["in_play"] for i, k in enumerate(view["board"][e][mine]) if k is not None
    )
    before = app.state.to_json()
    assert not app.act(f"place {app.kid_pick.value} at {event} spot {spot}")
    assert app.state.to_json() == before
    assert app.last_message == f"That spot is taken by {kid}: choose an empty spot."
    assert "allowed:" not in app.last_message and "player 0" not in app.last_message


def test_advance_is_two_short_choices_that_build_a_legal_move():
    for seed in range(40):
        app = GymApp(players=2, seed=seed)
        while app.state.phase == "pick" and app.state.step != "advance":
            app.row_box.children[0].click() if app.state.step == "take" else app.skip_button.click()
        if app.state.step == "advance":
            break
    assert app.state.step == "advance"
    assert len(app.first_pick.options) <= 8 and len(app.second_pick.options) <= 8
    assert all(len(label) < 40 for label, _ in app.first_pick.options + app.second_pick.options)
    app.second_pick.value = None  # the same event twice
    first = app.first_pick.value
    levels = {s["event"]: s["level"] for s in app.state.observe(0)["schedule"]}
    app.go_button.click()
    after = {s["event"]: s["level"] for s in app.state.observe(0)["schedule"]}
    assert after[first] == levels[first] + 2


def test_the_bots_last_moves_are_shown_above_the_board():
    app = GymApp(players=2, seed=4)
    to_play_phase(app)
    app.go_button.click()
    app.skip_button.click()
    assert "Since your last move" in app.last_moves.value and "Bot 1 (team B)" in app.last_moves.value
    if any(type(a).__name__ == "Place" for _, a in app.bot_moves):
        assert "gd-new" in app.board_markup() and ">new<" in app.board_markup()


def test_colours_are_spelled_out_and_new_game_uses_the_seed():
    app = GymApp(players=2, seed=1)
    for colour in ("R red", "O orange", "Y yellow", "G green", "B blue", "P purple"):
        assert colour in app.schedule.value
    app.seed_box.value = 77
    app.new_button.click()
    assert app.state.seed == 77 and app.state.phase == "pick"


def test_play_gym_returns_a_widget_and_refuses_bad_settings():
    widget = play_gym(players=4, seed=0, bots="random")
    assert widget.children
    with pytest.raises(ValueError, match="human"):
        play_gym(players=2, human=2)
    with pytest.raises(ValueError, match="unknown bot"):
        play_gym(bots="clever")


def test_the_move_log_uses_the_apps_names_for_the_seats():
    app = GymApp(players=4, seed=5, human=2)
    while app.state.phase == "pick":
        click_through_one(app)
    log = app.log.value
    assert "player " not in log
    assert "Bot 1 (team A) took" in log and "Bot 2 (team B) took" in log and "You took" in log  # numbered skipping your seat
    assert "You are team A" in GymApp(players=2, seed=5).last_message


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
        ({"human": True}, "human must be a seat from 0 to 1"),
        ({"human": "1"}, "human must be a seat"),
        ({"seed": -3}, "seed must be a whole number"),
        ({"seed": 1.5}, "seed must be a whole number"),
        ({"bots": None}, "bots must be a bot name"),
        ({"bots": ["random", "random", "random"]}, "one bot for each of the 1 other seats"),
        ({"players": 3}, "players"),
        ({"brat_advance": "never"}, "brat_advance"),
    ],
)
def test_every_bad_setting_is_a_clear_error_before_any_widget(settings, words, monkeypatch):
    import ipywidgets

    built = []
    monkeypatch.setattr(ipywidgets.Widget, "open", lambda self: built.append(self))
    with pytest.raises(ValueError, match=words):
        GymApp(**{"players": 2, **settings})
    assert built == []


def test_a_bot_failure_at_the_start_is_not_hidden_behind_new_game():
    app = GymApp(players=2, human=1, bots=[BrokenBot()])  # seat 0, the bot, starts
    assert "A bot could not move" in app.last_message and "RuntimeError: the bot broke" in app.last_message
    assert "New game" not in app.last_message
    assert "the bot broke" in str(app.status.outputs)
    app.new_button.click()
    assert "the bot broke" in app.last_message


def test_a_bot_failure_after_your_move_stays_on_screen():
    app = GymApp(players=2, human=0, bots=[BrokenBot(moves=1)])

    def take_a_kid():
        [b for b in app.row_box.children if not b.disabled][0].click()
        if app.state.turn == 0 and app.state.step == "advance":
            app.skip_button.click()

    take_a_kid()  # the bot's first take is fine
    assert "You played" in app.last_message
    take_a_kid()  # its second fails
    assert "A bot could not move" in app.last_message and "RuntimeError: the bot broke" in app.last_message


def test_clicks_after_the_end_are_messages():
    app = GymApp(players=2, seed=0)
    click_through(app)
    app.take("Ada")
    assert "game is over" in app.last_message
    app.skip_button.click()
    assert "⚠" in str(app.status.outputs)


def test_the_controls_start_on_the_greedy_choice_not_on_a_spot_worth_nothing():
    from gamedesign.apps.hints import hint

    app = GymApp(players=2, seed=4)
    to_play_phase(app)
    assert app.state.step == "place"
    view = app.state.observe(app.human)
    expected = hint(app.game, app.human, view, app.state.legal_actions(app.human)).action
    assert (app.kid_pick.value, app.spot_pick.value) == (expected.kid, (expected.event, expected.spot))
    deck = app.game.deck
    assert deck.kid(expected.kid).value(deck.event(expected.event).colour) > 0


def offered(app) -> list:
    """Every move the controls can make now: each dropdown choice that the main button plays."""
    from gamedesign.games.gym.rules import Advance, Skip

    step = app.state.step
    if step == "advance":
        moves = []
        for _, first in app.first_pick.options:
            app.first_pick.value = first
            if isinstance(first, Skip):
                moves.append(first)
            else:
                moves += [Advance(first, second) for _, second in app.second_pick.options]
        return moves
    if step == "action":
        moves = []
        for _, kind in app.kind_pick.options:
            app.kind_pick.value = kind
            moves += [kind] if isinstance(kind, Skip) else [v for _, v in app.target_pick.options]
        return moves
    return [v for _, v in app.target_pick.options]


def test_when_the_greedy_bot_would_skip_the_controls_start_on_skip_and_offer_only_legal_moves():
    from gamedesign.apps.hints import hint
    from gamedesign.games.gym.rules import Skip

    skipped = set()
    for seed in range(12):
        app = GymApp(players=2, seed=seed)
        for _ in range(200):
            if app.state.is_over():
                break
            if app.state.step == "take":
                app.row_box.children[0].click()
                continue
            step = app.state.step
            view, legal = app.state.observe(app.human), app.state.legal_actions(app.human)
            greedy = hint(app.game, app.human, view, legal).action
            if step in ("advance", "action", "coach") and isinstance(greedy, Skip):
                chosen = {"advance": app.first_pick, "action": app.kind_pick, "coach": app.target_pick}[step].value
                assert chosen == greedy  # the default is what the greedy bot would do
                assert app.go_button.description.startswith(("No", "Skip"))
                assert app.skip_button.layout.display == "none"
                log = len(app.state.log)
                app.go_button.click()  # the main button plays the skip, never a target
                assert app.last_message == f"You played: {app.game.move_words(greedy)}." or app.state.is_over()
                assert not [entry for entry in app.state.log[log:] if entry["seat"] == app.human]
                skipped.add(step)
                continue
            if step in ("advance", "action", "coach", "give_back"):
                assert set(offered(app)) <= set(legal)  # every choice the controls offer is legal
            app.go_button.click()
        if {"action", "coach"} <= skipped:
            return
    pytest.fail(f"the greedy bot skipped only {sorted(skipped)} in 12 games")


def test_players_are_named_you_and_bot_n_in_every_choice_message_and_hint():
    import re

    app = GymApp(players=4, seed=3)
    texts = []
    for _ in range(300):
        if app.state.is_over():
            break
        app.hints.why_button.click()
        texts += [app.hints.answer.value, app.last_moves.value, app.log.value, str(app.status.outputs), app.header.value]
        for pick in (app.kid_pick, app.spot_pick, app.kind_pick, app.target_pick, app.first_pick, app.second_pick):
            texts += [label for label, _ in pick.options]
        if app.state.step == "take":
            app.row_box.children[0].click()
        else:
            app.go_button.click()
    texts.append(str(app.status.outputs))
    shown = " ".join(texts)
    assert not re.search(r"\bplayer \d", shown), re.search(r".{40}\bplayer \d.{20}", shown)
    assert "Bot 1 (team B)" in shown and "Bot 3 (team B)" in shown


# -- GYM drawn as a game ----------------------------------------------------------------


def test_each_kid_in_the_row_is_a_card_with_its_name_and_its_score_at_every_event():
    app = GymApp(players=2, seed=7)
    view = app.state.observe(app.human)
    deck = app.game.deck
    cards = app.row_cards.value.split('class="gd-kidcard')[1:]
    assert len(cards) == len(view["row"]) == len(app.row_box.children)
    for kid, card, button in zip(view["row"], cards, app.row_box.children):
        assert f">{kid}<" in card and button.description == f"Take {kid}"
        assert ("gd-brat" in card.split('"')[0]) == deck.kid(kid).is_brat and ("Brat<" in card) == deck.kid(kid).is_brat
        # a score for each of the six events, each a number with its colour's drawn symbol
        badges = re.findall(r'title="([^"]+): (\d+)">(<svg[^>]*aria-label="(\w+) (\w+)")', card)
        assert [b[0] for b in badges] == [item["event"] for item in view["schedule"]]
        for event, value, _, colour, shape in badges:
            assert int(value) == deck.kid(kid).value(deck.event(event).colour)
            assert colour == deck.event(event).colour and shape  # the symbol names its shape


def test_the_event_schedule_is_drawn_as_a_column_top_first():
    app = GymApp(players=2, seed=7)
    view = app.state.observe(app.human)
    shown = re.findall(r'gd-schedname"><b>([^<]+)</b>', app.schedule.value)
    assert shown == [item["event"] for item in view["schedule"]]
    assert app.table_area.children[0] is app.schedule  # beside the row in the Pick phase


def test_a_click_on_a_highlighted_spot_of_the_board_places_the_chosen_kid_there():
    app = GymApp(players=2, seed=4)
    to_play_phase(app)
    assert app.state.step == "place" and app.state.turn == app.human
    spots = app.spot_buttons()
    legal = {a for a in app.state.legal_actions(app.human) if a.kid == app.kid_pick.value}
    assert spots and {b.place for b in spots} == legal  # every legal spot of the chosen Kid, and only those
    other = [k for k, _ in [(v, l) for l, v in app.kid_pick.options] if k != app.kid_pick.value]
    if other:  # choosing another Kid highlights that Kid's spots
        app.kid_pick.value = other[0]
        assert {b.place.kid for b in app.spot_buttons()} == {other[0]}
    target = app.spot_buttons()[-1]
    place = target.place
    target.click()
    board = app.state.observe(app.human)["board"]
    assert board[place.event]["AB".index(app.teams[app.human])][place.spot - 1] == place.kid
    assert f"You played: {place}" in app.last_message.replace("you ", "") or app.state.step != "place"


# -- endings ------------------------------------------------------------------------------


def shown_words(markup: str) -> str:
    """What an HTML value shows as text (its tags and attributes left out)."""
    return html.unescape(re.sub(r"<[^>]*>", " ", markup))


@pytest.mark.parametrize("seed", range(4))
def test_the_end_shows_a_success_mark_only_for_a_win_and_every_players_place(seed):
    from gamedesign.apps.common import emoji_in

    app = GymApp(players=2, seed=seed)
    click_through(app)
    result = app.state.result()
    won = app.teams[app.human] == ("A" if 0 in result.winners else "B")
    status = str(app.status.outputs)
    if won:
        assert "Your team wins!" in app.last_message and "gd-msg-win" in status
    else:
        assert "Your team loses." in app.last_message
        assert "gd-msg-win" not in status and "gd-msg-ok" not in status and "gd-icon-ok" not in status
    places = app.scores.value.split('gd-places')[1]
    for seat, name in enumerate(app.names):
        assert f"<th>{name}</th>" in places
    assert "Decided by " in app.scores.value and str(result.scores[0]) in app.scores.value
    shown_status = app.status.outputs[0]["data"]["text/html"]  # what the page draws (not the plain-text copy)
    for part in (app.header.value, app.scores.value, app.board_markup(), app.schedule.value, app.hand.value, shown_status):
        assert emoji_in(shown_words(part)) == []


def test_with_several_people_the_end_is_never_a_success_mark():
    app = GymApp(players=2, seed=1, people=["Ana", "Ben"], playtests=None)
    while not app.state.is_over():
        if app.hotseat.covered:
            app.hotseat.press()
        click_one = app.row_box.children[0] if app.state.step == "take" else app.go_button
        click_one.click()
    text, kind = app.ending()
    assert kind == "end" and "wins" in text and "comes second" in text


def action_steps(seeds=range(8), limit: int = 150):
    """GYM apps at the learner's Event Action step, in seeded games played with the main button."""
    for seed in seeds:
        app = GymApp(players=2, seed=seed)
        for _ in range(limit):
            if app.state.is_over() or app.state.turn != app.human:
                break
            if app.state.step == "action":
                yield app
                if app.state.is_over() or app.state.step != "action":
                    continue
            if app.state.step == "take":
                app.row_box.children[0].click()
            else:
                app.go_button.click()


def test_an_event_action_s_targets_are_chosen_by_a_click_on_the_board():
    from gamedesign.games.gym.rules import ACTION_KIND, Move

    kinds = set()
    for app in action_steps():
        for kind in [v for _, v in app.kind_pick.options if v in ("lift", "switch", "swap", "move")]:
            app.kind_pick.value = kind
            options = [a for _, a in app.target_pick.options]  # the menu is kept for the keyboard
            assert options and all(ACTION_KIND[type(a)] == kind for a in options)
            view = app.state.observe(app.human)
            placed = {k for sides in view["board"].values() for side in sides for k in side if k}
            buttons = app.target_buttons()
            kids = {b.kid for b in buttons if b.kid is not None}
            # every Kid on the board an option names is a button there, and no other Kid
            assert kids == {k for a in options for k in app._kids_named(a)} & placed
            kid = sorted(kids)[-1]
            next(b for b in app.target_buttons() if b.kid == kid).click()
            assert kid in app._kids_named(app.target_pick.value)
            if kind in ("switch", "swap"):  # a second Kid: the exchange of the two
                partner = next(k for a in options if kid in app._kids_named(a) for k in app._kids_named(a) if k != kid)
                next(b for b in app.target_buttons() if b.kid == partner).click()
                assert app._kids_named(app.target_pick.value) == {kid, partner}
            if kind == "move":
                spots = [b for b in app.target_buttons() if b.move is not None]
                assert {b.move for b in spots} == {a for a in options if a.kid == app.target_pick.value.kid}
                spots[-1].click()
                assert app.target_pick.value == spots[-1].move and isinstance(spots[-1].move, Move)
            chosen = [b for b in app.target_buttons() if "gd-best" in b._dom_classes]
            assert chosen  # the board shows the choice
            kinds.add(kind)
        if len(kinds) == 4:
            break
    assert kinds == {"lift", "switch", "swap", "move"}


def test_the_move_chosen_on_the_board_is_the_move_played():
    for app in action_steps():
        kinds = [v for _, v in app.kind_pick.options]
        if "switch" not in kinds and "swap" not in kinds:
            continue
        app.kind_pick.value = "switch" if "switch" in kinds else "swap"
        button = app.target_buttons()[-1]
        button.click()
        chosen = app.target_pick.value

        def where(kid):
            board = app.state.observe(app.human)["board"]
            return next((e, t, i) for e, sides in board.items() for t, side in enumerate(sides) for i, k in enumerate(side) if k == kid)

        before = (where(chosen.a), where(chosen.b))
        app.go_button.click()
        assert (where(chosen.b), where(chosen.a)) == before  # the two Kids exchanged places
        assert app.last_message == f"You played: {app._words(chosen)}."
        return
    raise AssertionError("no Switch or Swap in these games")


def test_a_board_target_from_another_action_is_refused_with_a_sentence():
    for app in action_steps():
        kinds = [v for _, v in app.kind_pick.options if v in ("lift", "switch", "swap", "move")]
        if len(kinds) < 2:
            continue
        app.kind_pick.value = kinds[0]
        old = app.target_buttons()[0]
        app.kind_pick.value = kinds[1]
        chosen = app.target_pick.value
        if old in app.target_buttons():  # the same cell, redrawn for the new Action
            continue
        old.click()
        assert app.target_pick.value == chosen and "That choice is gone" in app.last_message
        return
    raise AssertionError("no turn with two Event Actions on the board")
