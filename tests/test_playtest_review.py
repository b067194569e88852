"""After the game and on paper: "How did I play?", the replay, and paper playtests as data.

A paper game typed into the form is saved in the playtest format, loads back as it was
typed and is measured beside app games (what paper cannot give stays empty); the form and
the printed results sheet ask the same fields; a replay steps back and forward, and a
hot-seat person's replay, in the app, never shows what only another person knew; "How did
I play?" lists every decision of the person, valued as ``playtest.decisions`` values them,
and the three that cost the most.
"""

from __future__ import annotations

import math
import re

import pytest

import gamedesign
from gamedesign import playtest, printables
from gamedesign.apps.hotseat import all_text
from gamedesign.apps.legday import LegDayApp
from gamedesign.apps.paper import FormError, PaperForm, read_form, save_form
from gamedesign.bots import make_bot
from gamedesign.lab.review import _rounds

from test_hotseat_apps import hidden_from


def a_paper_game():
    seats = [
        {"who": "Ana", "score": "31", "won": True, "before": True, "Fun": "5", "Fair": "4", "Clear rules": "3",
         "Length right": ""},
        {"who": "Ben", "score": "24.5", "won": False, "before": None, "Fun": "3", "Fair": "", "Clear rules": "2",
         "Length right": "4"},
        {"who": "bot", "score": "19", "won": False, "before": False},
    ]
    sheet = {"date": "2026-12-03", "observer": "Ms K", "number": "2", "length": "14",
             "notes": "What is a Home Day?", "tallies": {"Confusion": "4", "Downtime": "0"},
             "initials": {"Who led": "A A B A"}}
    return seats, sheet


def a_bot_played_log(name="legday", players=3, seed=7, people=("Ana", "Ben")):
    """A game played by greedy bots for the people's seats, held as a playtest in memory."""
    game = gamedesign.load(name, players=players)
    state = game.new_state(seed=seed)
    moves = []
    gamedesign.play_game(state, [make_bot("greedy", game) for _ in range(players)], bot_seeds=[seed],
                         on_choice=lambda seat, legal, action: moves.append((seat, list(legal), action, 1.5)))
    seats = [{"person": p} for p in people] + [{"bot": "greedy"}] * (players - len(people))
    return playtest.in_memory(game, seats, seed, moves), moves


def test_a_paper_form_entry_round_trips_through_the_log_and_sits_beside_app_games(tmp_path):
    seats, sheet = a_paper_game()
    path = save_form(read_form("legday", "3", {}, seats, sheet), tmp_path)
    (paper,) = playtest.load(path).games
    assert paper.played_in == "paper" and paper.finished and paper.state is None
    assert paper.seats == [{"person": "Ana"}, {"person": "Ben"}, {"bot": "paper bot"}]
    assert paper.scores == (31, 24.5, 19) and paper.winners == (0,)
    assert paper.paper["length"] == 14 and paper.paper["tallies"]["Confusion"] == 4
    assert paper.paper["tallies"]["Excitement"] is None  # left empty, stays empty
    assert paper.paper["ratings"][0] == {"Fun": 5, "Fair": 4, "Clear rules": 3, "Length right": None}
    assert paper.paper["played before"] == [True, None, False]
    copy = playtest.Playtests([paper], {}).write(tmp_path / "copy")
    assert playtest.load(copy).games[0].lines() == paper.lines()

    app_log, moves = a_bot_played_log()
    table = playtest.games([app_log, paper])
    on_paper, in_app = table.loc[1], table.loc[0]
    assert on_paper["played in"] == "paper" and in_app["played in"] == "app"
    assert on_paper["final margin"] == 6.5 and on_paper["length"] == 14 and on_paper["first seat won"] == 1.0
    assert on_paper["tally: Confusion"] == 4 and on_paper["rating: Fun"] == 4.0
    for empty in ("lead changes", "drama", "early leader won", "decision points"):
        assert math.isnan(on_paper[empty]), empty  # what only the moves could tell
    assert not math.isnan(in_app["lead changes"]) and math.isnan(in_app["tally: Confusion"])
    compared = playtest.compare_with_bots([app_log, paper], bots=("random",), bot_games=10)
    margin = compared[compared["measure"] == "final margin"].iloc[0]
    assert margin["people games"] == 2
    with pytest.raises(playtest.PlaytestError, match="paper playtest: it holds the result"):
        playtest.replay(paper)


def test_bad_input_in_the_paper_form_gets_a_clear_message_and_saves_nothing(tmp_path):
    seats, sheet = a_paper_game()
    seats[0]["score"], seats[1]["Fun"] = "thirty", "7"
    with pytest.raises(FormError) as caught:
        read_form("legday", "3", {}, seats, sheet)
    assert caught.value.problems == ["Player 1: final score: 'thirty' is not a number (leave it empty if nobody wrote "
                                     "it down)", "Player 2: Fun: 7 is outside 1 to 5"]
    with pytest.raises(FormError, match="is played by 2 to 6 players, not 1"):
        read_form("legday", "1", {}, seats, sheet)
    form = PaperForm("legday", 3, folder=tmp_path)
    form.seats[0]["who"].value, form.seats[0]["score"].value = "Ana", "lots"
    form.save.click()
    assert "Not saved" in form.message.value and "&#x27;lots&#x27; is not a number" in form.message.value
    assert list(tmp_path.iterdir()) == []


def test_the_printed_results_sheet_asks_what_the_form_asks():
    form = PaperForm("gym", 4)
    page = printables.results_html("gym", players=4)
    assert page.count('<section class="page') == 1
    assert set(re.findall(r'data-field="([^"]*)"', page)) == set(form.field_names())


def test_a_persons_replay_in_the_app_steps_through_the_game_showing_only_what_they_saw():
    app = LegDayApp(players=3, seed=5, people=["Ana", "Ben"], playtests=None)
    while not app.state.is_over():
        if app.hotseat.covered:
            app.hotseat.press()
        app.hand_box.children[-1].play_button.click()
    panel = app.hotseat.review
    assert panel.ask in panel.children and panel.whose.options == (("Ana", 0), ("Ben", 1))
    log = app.hotseat.recorder.played()
    states = [state for state, _ in _rounds(log)]
    panel.whose.value = 0
    first, back, forward, last = panel.buttons
    assert "step 0 of 14" in panel.step_text.value and first.disabled and back.disabled
    for number in range(1, len(states)):
        forward.click()
        assert f"step {number} of 14" in panel.step_text.value
        shown = all_text(panel)
        for name in hidden_from(states[number], 1, 0):  # Ben's cards that Ana's own view does not hold
            assert name not in shown, (number, name)
    assert forward.disabled and last.disabled
    back.click()
    assert "step 13 of 14" in panel.step_text.value
    first.click()
    assert "step 0 of 14" in panel.step_text.value
    # A teacher's replay: what everyone saw by default, the whole table only when asked.
    everyone, table = playtest.replay(log), playtest.replay(log, table=True)
    mine = playtest.replay(log, seat=0)
    for own, full in zip(mine, table):  # the others' picks were secret: Ana's replay says only that they chose
        assert own.view == full.views[0]
        assert [line for line in own.lines if line.startswith("You chose: ")] == [
            line.replace("Ana chose: ", "You chose: ") for line in full.lines if line.startswith("Ana chose: ")]
        others = [line for line in own.lines if not line.startswith(("You chose: ", "The game is over"))]
        assert sorted(others) == ["Ben chose.", "Bot 1 (greedy) chose."][:len(others)]
    assert len(everyone) == len(table) == len(states)
    assert set(everyone.last().view["hand"]) <= {"(hidden)"} or not everyone.last().view["hand"]
    assert everyone[3].view.get("hand") != states[3].observe(0)["hand"]
    assert table[3].views == {seat: states[3].observe(seat) for seat in range(3)}


def test_how_did_i_play_lists_every_decision_and_the_three_that_cost_the_most():
    log, _ = a_bot_played_log("gym", players=2, seed=3, people=("Ana",))
    seen = []
    result = playtest.review(log, seat=0, progress=lambda done, total: seen.append((done, total)))
    rows = result.decisions
    same = playtest.decisions([log])
    assert rows["choice"].tolist() == same["choice"].tolist()
    assert rows["value lost"].equals(same["value lost"])
    assert seen[-1] == (len(rows), len(rows))
    costly = rows[rows["real choice"] & (rows["value lost"] > 0)]
    assert len(result.worst) == min(3, len(costly))
    assert sorted(result.worst["value lost"], reverse=True) == sorted(costly["value lost"], reverse=True)[:3]
    text = result.text()
    assert "The 3 decisions that cost the most:" in text
    for k, (_, row) in enumerate(result.worst.iterrows(), 1):
        assert f"  {k}. {row['said']}" in text and f"cost you about {row['value lost'] * 100:.0f}" in row["said"]
    assert all(said in text for said in rows["said"])
    with pytest.raises(ValueError, match="is not a person's seat"):
        playtest.review(log, seat=1)


def test_a_diet_replay_names_the_players_as_the_table_knows_them_not_by_the_engine_s_names():
    from gamedesign.games.diet.rules import PLAYER_NAMES

    log, _ = a_bot_played_log("diet", players=3, seed=2)
    engine = re.compile(r"\b(" + "|".join(PLAYER_NAMES) + r")\b")
    for seat, other in ((0, "Ben"), (1, "Ana")):
        lines = [line for step in playtest.replay(log, seat=seat) for line in step.lines]
        assert [line for line in lines if engine.search(line)] == []
        said = "\n".join(lines)
        assert "Your day" in said.replace("your day", "Your day") and f"{other}'s day" in said
