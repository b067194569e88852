"""The what-if lab app: controls become a variant, Run shows measures, errors are messages."""

import json
import re

from gamedesign.apps.lab import LabApp, lab_app
from gamedesign.lab.verdict import DEFAULT_MEASURES


def test_controls_follow_the_game():
    app = LabApp("gym", games=10)
    assert list(app.players.options) == [("2", 2), ("4", 4), ("6", 6)]
    assert app.option_widgets["brat_advance"].options[0] == ("one event 2 steps or two events 1 step", "either")
    assert [w.description for w in app.bot_widgets] == ["Team A", "Team B"]  # seats in the game's own words
    assert ("Team A wins a fair share", "seat0") in app.goal.options
    app.game.value = "diet"
    assert "target" in app.option_widgets and len(app.bot_widgets) == 4
    assert [w.description for w in app.bot_widgets] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert ("Player 1 wins a fair share", "seat0") in app.goal.options
    app.players.value = 3
    assert len(app.bot_widgets) == 3


def test_sliders_and_dropdowns_make_the_variant():
    app = LabApp("legday", games=10)
    app.deck_sliders[("scoring", "bench_set_points")].value = 6
    app.deck_sliders[("cards", "Bench Press", "count")].value = 12
    app.option_widgets["curl_overflow"].value = "new_set"
    v = app.variant()
    assert v.options == {"curl_overflow": "new_set"}
    assert v.deck == {"scoring": {"bench_set_points": 6}, "cards": {"Bench Press": {"count": 12}}}
    gym = LabApp("gym", games=10)
    gym.deck_sliders[("kids", "Ada", "skills", 1)].value = 2
    assert gym.variant().build().deck.kid("Ada").value("orange") == 2


def test_run_compares_with_the_standard_rules_and_fills_the_progress_bar():
    app = LabApp("legday", games=10)
    app.deck_sliders[("scoring", "bench_set_points")].value = 6
    app.run_button.click()
    assert "Done: 10 games per variant" in app.status.value
    assert app.progress.value == app.progress.max == 20
    assert len(app.table.outputs) == 1 and len(app.charts.outputs) == 3  # differences, seats, cards
    assert set(app.last_result["variant"]) == {"standard rules", "your variant"}
    said = app.verdict.outputs[0]["data"]
    assert said["text/markdown"].startswith("**your variant** (compared with standard rules): ")
    assert "<details>" in said["text/markdown"]  # the statistics one click away
    assert "The lab compared" in said["text/plain"].split("Details: ")[1]
    table = app.table.outputs[0]["data"]["text/plain"]
    assert "Player 1 wins" in table and "Gap between seats" in table and "branching factor" not in table
    assert len(app.measure_picker.value) == len(DEFAULT_MEASURES)  # a short table by default ...
    assert "Options per decision" in app.all_measures.outputs[0]["data"]["text/plain"]  # ... every measure one click away
    app.measure_picker.value = ("branching factor",)
    assert "Options per decision" in app.table.outputs[0]["data"]["text/plain"]
    assert "Player 1 wins" not in app.table.outputs[0]["data"]["text/plain"]


def test_run_without_comparison_shows_the_summary():
    app = LabApp("diet", games=10)
    app.players.value = 2
    app.compare_box.value = False
    app.bot_widgets[1].value = "random"
    app.run_button.click()
    assert "Done" in app.status.value and app.progress.value == 10
    assert "Lead changes" in app.table.outputs[0]["data"]["text/plain"]
    assert "Options per decision" in app.all_measures.outputs[0]["data"]["text/plain"]
    assert app.verdict.outputs == ()  # nothing compared, nothing to judge


def test_a_run_of_the_standard_rules_calls_them_so_in_its_charts():
    app = LabApp("legday", games=10)  # the defaults: nothing changed, so nothing to compare
    assert app.variant().name == "standard rules"
    app.run_button.click()
    assert "these are the standard rules" in app.status.value
    assert set(app.last_result["variant"]) == {"standard rules"}
    shown = " ".join(json.dumps(out["data"]) for out in app.charts.outputs)
    assert "standard rules" in shown and "your variant" not in shown
    assert len(app.charts.outputs) == 3  # measures, seats, and what each Diet card is worth


def test_errors_are_messages_not_exceptions():
    app = LabApp("legday", games=10)
    app.players.value = 6
    app.deck_sliders[("cards", "Selfie", "count")].value = 0
    app.deck_sliders[("cards", "Preacher Curl", "count")].value = 0
    app.run_button.click()
    assert "⚠" in app.status.value and "6 players need 108 cards" in app.status.value
    assert app.table.outputs == () and not app.run_button.disabled
    app = LabApp("diet", games=10)
    app.option_widgets["target"].value = 4
    app.run_button.click()
    assert "target=4" in app.status.value


def test_lab_app_returns_a_widget():
    assert lab_app("gym").children


def test_a_preset_sets_the_controls_and_standard_rules_reset_them():
    app = LabApp("legday", games=10)
    assert ("24 Leg Day cards instead of 30: four of each of the six designs", "legday_24_leg_days") in app.preset.options
    app.preset.value = "legday_24_leg_days"
    assert app.deck_sliders[("cards", "Zilch", "count")].value == 4
    assert app.variant().build().deck.size == 102
    assert app.variant().name == "24_leg_days"  # a preset as loaded keeps its name and label ...
    assert app.variant().label == "24 Leg Day cards"
    app.deck_sliders[("cards", "Zilch", "count")].value = 5
    assert app.variant().name == "your variant"  # ... and a changed one is the student's own
    app.preset.value = "legday_curl_new_set"
    assert app.option_widgets["curl_overflow"].value == "new_set"
    assert app.deck_changes() == {}
    app.preset.value = ""
    assert app.variant().options == {} and app.variant().deck == {}
    gym = LabApp("gym", games=10)
    gym.preset.value = "gym_one_to_two"
    assert gym.variant().options == {"brat_advance": "one_to_two"}


def test_bad_settings_are_refused_before_any_widget(monkeypatch):
    import ipywidgets
    import pytest

    built = []
    monkeypatch.setattr(ipywidgets.Widget, "open", lambda self: built.append(self))
    for settings, words in [
        ({"game": "chess"}, "unknown game"),
        ({"games": 5}, "games must be a whole number from 10 to 2000"),
        ({"games": 10**6}, "games must be a whole number"),
        ({"games": "100"}, "games must be a whole number"),
        ({"seed": -1}, "seed must be a whole number"),
    ]:
        with pytest.raises(ValueError, match=words):
            LabApp(**settings)
    assert built == []


def test_any_failure_in_a_run_or_a_control_is_a_message(monkeypatch):
    import gamedesign.apps.lab as lab

    app = LabApp("legday", games=10)

    def broken(*args, **kwargs):
        raise RuntimeError("a bot broke")

    monkeypatch.setattr(lab, "run_variants", broken)
    app.run_button.click()
    assert "RuntimeError: a bot broke" in app.status.value and not app.run_button.disabled
    monkeypatch.undo()
    monkeypatch.setattr(lab, "seat_chart", broken)  # the games run, a chart fails
    app.run_button.click()
    assert "Could not run the games: RuntimeError: a bot broke" in app.status.value
    monkeypatch.setattr(lab, "load_preset", broken)
    app.preset.value = app.preset.options[1][1]
    assert "Could not load the preset: RuntimeError: a bot broke" in app.status.value


def test_controls_show_words_not_raw_names():
    app = LabApp("legday", games=10)
    shown = [w.description for w in app.option_widgets.values()]
    assert "A 6th Preacher Curl" in shown and "curl_overflow" not in shown
    for control in app.option_widgets.values():
        if hasattr(control, "options"):  # a dropdown of values (a number has a box)
            assert not {"True", "False"} & {text for text, _ in control.options}
    assert ("starts a new set", "new_set") in app.option_widgets["curl_overflow"].options
    assert ("lose points and play on", "penalty") in app.option_widgets["elimination"].options
    penalty = app.option_widgets["elimination_penalty"]
    assert penalty.description == "Points the fewest Leg Days lose" and penalty.value == 10
    assert ("Don't Skip Leg Day", "legday") in app.game.options
    assert all("_" not in text for text, _ in app.preset.options)
    assert app.deck_sliders[("scoring", "bench_set_points")].description == "Bench Press: points a pair"
    assert app.deck_sliders[("cards", "Bench Press", "count")].description == "Bench Press: copies"


def test_suggest_a_fix_runs_the_balance_search_and_shows_proposals():
    pytest = __import__("pytest")
    pytest.importorskip("optuna")
    app = LabApp("legday", games=10)
    app.players.value = 3
    app.goal.value = "length"
    app.target.value = 0
    app.suggest_button.click()
    assert "give the target length" in app.status.value
    app.target.value = 14
    app.trials.value = 4
    app.suggest_button.click()
    assert "Done: 4 variants tried" in app.status.value, app.status.value
    shown = app.suggestions.outputs[0]["data"]
    assert "starting point" in shown["text/markdown"] and "Goal:" in shown["text/markdown"]
    # The summary's sentence starts with a capital, and numbers have the table's 3 decimals at most.
    assert "on average. Standard rules " in shown["text/markdown"]
    assert not re.search(r"\d\.\d{4}", shown["text/markdown"])
    assert app.last_search.baseline.name == "standard rules"
    first = app.last_search.best[0]
    app.use_button.click()
    assert "press Run" in app.status.value
    assert app.variant().deck == first.deck and app.variant().options == first.options


def test_the_lab_app_takes_a_game_object_and_passes_its_class_on():
    import gamedesign
    from gamedesign.apps.lab import LabApp
    from gamedesign.lab.balance import default_space

    game = gamedesign.load("gym")
    app = LabApp(game)
    assert app.game.value == "gym" and app.classes["gym"] is type(game)
    assert default_space(game) == default_space("gym")


def test_switching_the_game_during_a_run_stops_it_cleanly():
    app = LabApp("legday", games=10)
    app.preset.value = "legday_bench6"
    played = app._progress

    def switch_during(done, total):  # the student picks another game while the games are played
        if app.game.value == "legday":
            app.game.value = "gym"
        played(done, total)

    app._progress = switch_during
    app.run_button.click()
    assert "Stopped: the game was switched to GYM" in app.status.value and not app.run_button.disabled
    assert app.last_result is None and app.verdict.outputs == () and app.charts.outputs == ()
    assert app.preset.value == "" and all(name.startswith("gym_") for _, name in app.preset.options[1:])
    assert app.variant().game == "gym" and app.variant().name == "standard rules"

    def switch_at_the_end(done, total):  # ... or just as the last game ends: its results are not shown
        played(done, total)
        if done == total:
            app.game.value = "diet"

    app.option_widgets["play_phase_first"].value = "B"
    app._progress = switch_at_the_end
    app.run_button.click()
    assert "Stopped: the game was switched to The Diet Game" in app.status.value and app.last_result is None
    app._progress = played
    app.preset.value = "diet_target_-8"
    app.run_button.click()  # the next run plays the game now chosen, with its own rules
    assert set(app.last_result["variant"]) == {"standard rules", "a race to lose 8 pounds"}
    assert app.verdict.outputs[0]["data"]["text/markdown"].startswith("**a race to lose 8 pounds**")
