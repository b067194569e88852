"""Hot-seat play in every app: people at one screen, a cover between them, and a playtest log.

Each app is driven by clicks as a class would: two people (three in GYM, where two share a
team) and bots play to the end, pressing through the covers. While a cover shows, and on
each person's screen, no text of the page (every HTML, button, option and output:
``all_text``) names a card that only another person may know, as the engine says; hints
answer for the person at the screen; the log loads back and replays to the same game.
"""

from __future__ import annotations

import base64
import html
import json
import re

import pytest

from gamedesign import playtest
from gamedesign.apps import play
from gamedesign.apps.diet import DietApp
from gamedesign.apps.gym import GymApp
from gamedesign.apps.hints import hint, hint_html
from gamedesign.apps.hotseat import NAMES_NOTE, all_text
from gamedesign.apps.legday import LegDayApp


# -- what a person may not see ----------------------------------------------------------


def secrets_of(state, seat: int) -> set:
    """The names of the cards only ``seat`` knows now: the hand, and in Leg Day the own
    face-down cards and today's pick. (Diet's Laziness and Willpower are also words of the
    rules that the page uses, so they are not checked.) In GYM every Kid reaches a hand in
    view of all, so a Kid's name is no secret once seen; what a Pick hides is which Kid
    changed hands: the words that name it ("picked Uri", "gave you Uri") are secrets of the
    two players involved."""
    view = state.observe(seat)
    game = state.game.name
    names = set(view.get("hand", ()))
    if game == "legday":
        names |= {name for name, up in state.tableaus[seat] if not up}
        if view["my_pick"]:
            names.add(view["my_pick"])
    if game == "diet":
        names -= {"Laziness", "Willpower"}
    if game == "gym":
        for entry in state.log:
            if str(seat) in entry["private"]:
                for kid in re.findall(r"(?:picked|gave)(?: your| you)? (\w+)", entry["private"][str(seat)]):
                    names |= {f"picked {kid}", f"picked your {kid}", f"gave {kid}", f"gave you {kid}"}
    return names


def hidden_from(state, seat: int, viewer: int | None) -> set:
    """What ``seat`` knows that ``viewer`` (``None``: nobody) may not: ``seat``'s secrets
    that ``viewer``'s own observation does not hold."""
    seen = "" if viewer is None else json.dumps(state.observe(viewer), ensure_ascii=False)
    return {name for name in secrets_of(state, seat) if name not in seen}


def assert_nothing_of(text: str, names: set, where: str) -> None:
    for name in names:
        assert name not in text and html.escape(name) not in text, f"{where}: {name!r} is on the page"


def check_screen(app, box, people: list[int]) -> None:
    """Under a cover: nobody's secrets. On a person's screen: no other person's secrets."""
    text = all_text(box)
    state = app.state
    if app.hotseat.covered:
        assert "Pass to" in text and "press when only" in text
        for seat in people:
            assert_nothing_of(text, hidden_from(state, seat, None), f"under the cover (seat {seat}'s cards)")
    else:
        for seat in people:
            if seat != app.human:
                assert_nothing_of(text, hidden_from(state, seat, app.human), f"on {app.names[app.human]}'s screen")


def check_hints(app) -> None:
    """Hint and Ask search ask about the person at the screen, from their observation."""
    app.hints.hint_button.click()
    game, seat, view, legal = app.hints.ask()
    assert seat == app.human and view == app.state.observe(app.human)
    assert app.hints.answer.value == hint_html(hint(game, seat, view, legal), False, app.hints.words)


def check_log(app, people: list[str]) -> playtest.Playtest:
    """One log file, which loads, replays to the app's final state and names the people."""
    paths = app.hotseat.recorder.paths
    assert len(paths) == 1
    games = list(playtest.load(paths))
    assert len(games) == 1
    game = games[0]
    assert game.finished and game.played_in == "app"
    assert game.state.to_json() == app.state.to_json()
    assert game.people == people
    seats = {d.seat for d in game.decisions}
    assert set(range(len(people))) <= seats and len(seats) > len(people)  # the bots' decisions too
    assert all(d.seconds is not None and d.seconds >= 0 for d in game.decisions)
    return game


def check_download(app) -> None:
    app.hotseat.download_button.click()
    links = app.hotseat.download_links.value
    path = app.hotseat.recorder.paths[0]
    assert f'download="{path.name}"' in links
    data = re.search(r'href="data:application/x-ndjson;base64,([^"]+)"', links)[1]
    assert base64.b64decode(data) == path.read_bytes()


# -- Leg Day ----------------------------------------------------------------------------


def test_legday_two_people_and_a_bot_play_to_the_end_through_the_covers(tmp_path):
    app = LegDayApp(players=3, seed=5, people=["Ana", "Ben"], playtests=tmp_path)
    assert app.names == ["Ana", "Ben", "Bot 1"]
    covers = 0
    while not app.state.is_over():
        # Both people pick every day, one by one: a cover before each pick.
        assert app.hotseat.covered
        covers += 1
        name = app.names[app.human]
        assert f"Pass to {name}: press when only {name} can see the screen" in all_text(app.widget)
        assert app.hand_box.children == () and app.hints.answer.value == "" and app.status.value == ""
        check_screen(app, app.widget, [0, 1])
        app.hotseat.press()
        assert not app.hotseat.covered and f"<b>{name}'s hand</b>" in app.hand_label.value
        check_screen(app, app.widget, [0, 1])
        if covers % 5 == 1:
            check_hints(app)
            check_screen(app, app.widget, [0, 1])
        app.hand_box.children[-1].play_button.click()
    assert covers == 28  # 14 days, two people
    assert "Game over. Winner:" in app.status.value and "Final scores" in app.scores.value
    log = check_log(app, ["Ana", "Ben"])
    assert len(log.decisions) == 14 * 3
    check_download(app)


def test_legday_picks_are_revealed_together(tmp_path):
    app = LegDayApp(players=3, seed=6, people=["Ana", "Ben"], playtests=tmp_path)
    app.hotseat.press()
    app.hand_box.children[0].play_button.click()  # Ana picks; Ben has not
    assert app.state.day == 1 and app.hotseat.covered and app.names[app.human] == "Ben"
    assert app.state.observe(0)["my_pick"] is not None and app.state.observe(1)["my_pick"] is None
    app.hotseat.press()
    assert "picked (hidden)" in app.table.value  # Ben sees that Ana picked, not what
    check_screen(app, app.widget, [0, 1])
    app.hand_box.children[0].play_button.click()
    assert app.state.day == 2  # both picked: the day is revealed to everyone at once


def test_legday_seconds_run_from_the_cover_press_to_the_click(tmp_path, monkeypatch):
    import gamedesign.apps.hotseat as hotseat

    clock = [100.0]
    monkeypatch.setattr(hotseat.time, "monotonic", lambda: clock[0])
    app = LegDayApp(players=3, seed=5, people=["Ana", "Ben"], playtests=tmp_path)
    clock[0] = 130.0  # the cover waits: not counted
    app.hotseat.press()
    clock[0] = 134.5
    app.hand_box.children[0].play_button.click()
    clock[0] = 150.0
    app.hotseat.press()
    clock[0] = 152.25
    app.hand_box.children[0].play_button.click()
    lines = [json.loads(line) for line in app.hotseat.recorder.paths[0].read_text().splitlines()]
    people = [line["seconds"] for line in lines if line["kind"] == "decision" and line["seat"] in (0, 1)]
    assert people == [4.5, 2.25]


def test_one_person_plays_as_before_with_no_cover_and_a_named_log(tmp_path):
    app = LegDayApp(players=3, seed=5, people=["Ana"], playtests=tmp_path)
    assert not app.hotseat.covered and app.names == ["You", "Bot 1", "Bot 2"]
    app.hand_box.children[0].play_button.click()
    assert not app.hotseat.covered and "You played" in app.status.value
    header = json.loads(app.hotseat.recorder.paths[0].read_text().splitlines()[0])
    assert header["seats"] == [{"person": "Ana"}, {"bot": "greedy"}, {"bot": "greedy"}]
    # human= keeps working: one person, no cover, logged as "You".
    other = LegDayApp(players=3, seed=5, human=1, playtests=tmp_path)
    assert other.human == 1 and not other.hotseat.covered and other.names[1] == "You"


def test_an_app_opened_and_not_played_writes_no_log_and_none_switches_logs_off(tmp_path):
    LegDayApp(players=3, seed=5, people=["Ana", "Ben"], playtests=tmp_path)
    assert list(tmp_path.iterdir()) == []
    app = LegDayApp(players=2, seed=5, playtests=None)
    app.hand_box.children[0].play_button.click()
    assert app.hotseat.recorder.paths == []
    app.hotseat.download_button.click()
    assert "No playtests yet" in app.hotseat.download_links.value


def test_a_new_game_closes_the_last_log_which_loads_as_unfinished(tmp_path):
    app = LegDayApp(players=3, seed=5, people=["Ana", "Ben"], playtests=tmp_path)
    app.hotseat.press()
    app.hand_box.children[0].play_button.click()
    first = app.hotseat.recorder.log
    assert first.saving
    app.new_game(6)
    assert not first.saving  # closed: its file is synced and let go
    app.hotseat.press()
    app.hand_box.children[0].play_button.click()
    loaded = playtest.load(tmp_path)
    assert loaded.refused == {} and sorted(g.finished for g in loaded.games) == [False, False]
    assert sorted(g.seed for g in loaded.games) == [5, 6]


def test_the_default_folder_follows_the_environment_as_in_the_terminal(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEDESIGN_PLAYTESTS", str(tmp_path / "class"))
    app = LegDayApp(players=2, seed=5)
    app.hand_box.children[0].play_button.click()
    assert [p.parent for p in app.hotseat.recorder.paths] == [tmp_path / "class"]


def test_a_log_that_cannot_be_written_is_one_message_and_the_game_goes_on(tmp_path):
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    app = LegDayApp(players=2, seed=5, playtests=blocked)
    app.hand_box.children[0].play_button.click()
    assert "Playtest log:" in app.status.value and "goes on" in app.status.value
    while not app.state.is_over():
        app.hand_box.children[0].play_button.click()
        assert "Playtest log:" not in app.status.value  # shown once
    assert "Game over" in app.status.value


@pytest.mark.parametrize(
    "settings, words",
    [
        ({"people": ["Ana", "ana"]}, "different name"),
        ({"people": ["Ana", " "]}, "needs a name"),
        ({"people": ["A", "B", "C", "D"]}, "1 to 3 players"),
        ({"people": ["Ana"], "human": 1}, "not both"),
        ({"people": ["You", "Ben"]}, "app's own words"),
        ({"people": "Ana, Ben".split(", "), "bots": ["greedy", "greedy"]}, "one bot for each of the 1 other seats"),
        ({"people": [3]}, "list of the players' names"),
        ({"playtests": 5}, "folder"),
    ],
)
def test_bad_seatings_are_refused_before_the_app_starts(settings, words):
    with pytest.raises(ValueError, match=words):
        LegDayApp(players=3, **settings)


def test_the_apps_say_that_names_are_stored_as_typed(tmp_path):
    app = LegDayApp(players=3, people=["Ana", "Ben"], playtests=tmp_path)
    assert "anonymise" in all_text(app.widget) and html.escape(NAMES_NOTE) in all_text(app.widget)
    assert "Download my playtests" in all_text(app.widget)


# -- the generic app --------------------------------------------------------------------


def test_generic_two_people_and_a_bot_play_leg_day_to_the_end(tmp_path):
    app = play("legday", seed=2, players=3, people=["Ana", "Ben"], playtests=tmp_path)
    assert app.names[:2] == ["Ana", "Ben"]
    covers = 0
    while not app.state.is_over():
        assert app.hotseat.covered
        covers += 1
        check_screen(app, app, [0, 1])
        app.hotseat.press()
        check_screen(app, app, [0, 1])
        assert f"{app.names[app.human]}'s screen" in app.header.value
        app.action_box.children[0].click()
        assert app.out.outputs == () or app.hotseat.covered
    assert covers == 28
    assert "Game over." in app.header.value
    check_log(app, ["Ana", "Ben"])
    check_download(app)


def test_generic_secret_choices_of_people_stay_secret_in_the_move_log(tmp_path):
    app = play("sprint", seed=2, players=3, people=["Ana", "Ben"], bots="random", playtests=tmp_path)
    app.hotseat.press()
    card = app.action_box.children[-1].description
    app.action_box.children[-1].click()
    assert app.moves[-1] == "Ana has chosen." and app.hotseat.covered
    app.hotseat.press()
    assert f"Ana played {card}" not in all_text(app)
    while not app.state.is_over():
        if app.hotseat.covered:
            app.hotseat.press()
        else:
            app.action_box.children[0].click()
    check_log(app, ["Ana", "Ben"])


# -- GYM --------------------------------------------------------------------------------


def test_gym_three_people_two_on_one_team_and_a_bot_play_to_the_end(tmp_path):
    # Names that are not Kids' names: a Kid of the hand is looked for in the page's text.
    app = GymApp(players=4, seed=2, people=["Ana", "Bea", "Cy"], playtests=tmp_path)
    assert app.teams == ["A", "B", "A", "B"]  # Ana and Cy play for team A
    people, covers, clicks = [0, 1, 2], 0, 0
    while not app.state.is_over():
        check_screen(app, app.widget, people)
        if app.hotseat.covered:
            covers += 1
            assert app.controls.children == () and app.kid_pick.options == ()
            app.hotseat.press()
            check_screen(app, app.widget, people)
            if covers % 7 == 1 and app.state.step != "take":
                check_hints(app)
                check_screen(app, app.widget, people)
            continue
        if app.state.step == "take":
            app.row_box.children[0].click()
        else:
            app.go_button.click()
        clicks += 1
        assert clicks < 1000, app.last_message
    assert covers > 10
    assert "Game over. Team" in app.last_message
    check_log(app, ["Ana", "Bea", "Cy"])
    check_download(app)


# -- The Diet Game ----------------------------------------------------------------------


def test_diet_two_people_and_a_bot_play_to_the_end(tmp_path):
    app = DietApp(players=3, seed=2, people=["Ana", "Ben"], playtests=tmp_path)
    covers = clicks = 0
    while not app.state.is_over():
        check_screen(app, app, [0, 1])
        if app.hotseat.covered:
            covers += 1
            assert app.hand_box.children == () and app.prompt.value == ""
            app.hotseat.press()
            check_screen(app, app, [0, 1])
            if covers % 5 == 1:
                check_hints(app)
                check_screen(app, app, [0, 1])
            continue
        playable = [b for b in app.hand_box.children if not b.disabled]
        if playable and app.state.observe(app.human)["phase"] != "planning":
            playable[0].click()
        else:
            app.action_box.children[-1].click()
        clicks += 1
        assert clicks < 2000, all_text(app.out)
    assert covers > 5 and "The Diet Game —" in app.header.value
    check_log(app, ["Ana", "Ben"])
    check_download(app)


def test_the_table_box_seats_typed_names_and_refuses_bad_ones(tmp_path):
    """The app notebooks (Voilà, no code) seat people from a box of typed names."""
    from gamedesign.apps.hotseat import all_text, at_the_table, read_names
    from gamedesign.apps.legday import play_legday

    box = at_the_table(play_legday, players=3, seed=5, playtests=str(tmp_path))
    names, seat = box.children[0].children
    alone = all_text(box.children[2])
    assert "Pass to" not in alone  # one person: no cover, as before
    names.value = "Ana, Ana"
    seat.click()
    assert "give each person a different name" in box.children[1].value
    assert all_text(box.children[2]) == alone  # the game on the screen stays
    names.value = " Ana , Ben "
    seat.click()
    assert "Seated: Ana, Ben" in box.children[1].value
    assert "Pass to Ana" in all_text(box.children[2])
    assert read_names("") is None and read_names("Ana,Ben") == ["Ana", "Ben"]
