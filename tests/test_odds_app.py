"""The odds explorer: presets, sliders, impossible decks and the simulation check."""

from __future__ import annotations

import sympy as sp

from gamedesign import odds
from gamedesign.apps.odds import OWN_NUMBERS, PRESETS, OddsExplorer


def test_every_preset_shows_its_exact_value_and_a_chart():
    app = OddsExplorer()
    for name, (population, wanted, hand, need, redraw) in PRESETS.items():
        app.preset.value = name
        exact = odds.p_with_redraw(need, wanted, population, hand, redraw)
        assert sp.latex(exact) in app.answer.value
        assert len(app.chart.outputs) == 1
        assert app.status.value == ""


def test_sliders_update_the_answer():
    app = OddsExplorer("Leg Day: a Leg Day in my opening 9")
    app.need.value = 3
    assert sp.latex(odds.p_at_least(3, 30, 108, 9)) in app.answer.value


def test_an_impossible_deck_is_explained_not_raised():
    app = OddsExplorer()
    app.population.value = 20  # 30 wanted cards cannot fit in 20
    words = app.status.value
    assert "do not make a deck" in words and "the deck has 20 cards, so it cannot hold 30 wanted cards" in words
    assert "“Wanted cards in the deck” to at most 20" in words  # the sliders' words, not "population"
    assert "population" not in words and "successes" not in words
    assert app.chart.outputs == ()
    app.wanted.value = 20
    app.hand.value = 20
    app.population.value = 12
    app.wanted.value = 5
    assert "a hand of 20 cannot be dealt from a deck of 12 cards" in app.status.value
    assert "“Hand size” to at most 12" in app.status.value


def test_simulate_button_agrees_with_the_exact_value():
    app = OddsExplorer("Diet: the same after Planning (swap up to 3)")
    app.simulate_button.click()
    assert "agrees with the exact value" in app.check.value


def set_numbers(app, population, wanted, hand, need, redraw):
    app.population.value = max(app.population.value, wanted)  # keep the deck possible on the way
    app.wanted.value, app.hand.value, app.need.value, app.redraw.value = wanted, hand, need, redraw
    app.population.value = population


def test_simulate_a_redraw_when_the_whole_deck_is_in_hand():
    app = OddsExplorer()
    set_numbers(app, 5, 5, 5, 5, 1)  # used to raise IndexError into the notebook
    app.simulate_button.click()
    assert "agrees with the exact value" in app.check.value
    assert app.status.value == ""


def test_simulate_with_an_impossible_deck_is_a_message():
    app = OddsExplorer()
    app.population.value = 20
    app.simulate_button.click()
    assert "Cannot simulate: the deck has 20 cards, so it cannot hold 30 wanted cards" in app.status.value
    assert app.check.value == ""


def test_the_question_menu_always_names_the_question_the_sliders_ask():
    app = OddsExplorer("Leg Day: a Leg Day in my opening 9")
    app.need.value = 3  # no preset asks this
    assert app.preset.value == OWN_NUMBERS
    assert sp.latex(odds.p_at_least(3, 30, 108, 9)) in app.answer.value  # the sliders stay as set
    app.need.value = 1  # back to the preset's numbers
    assert app.preset.value == "Leg Day: a Leg Day in my opening 9"
    other = next(name for name in PRESETS if name != app.preset.value)
    app.preset.value = other
    assert app.numbers() == PRESETS[other] and app.preset.value == other


def test_any_failure_in_a_callback_is_a_message(monkeypatch):
    app = OddsExplorer()

    def broken(*args, **kwargs):
        raise RuntimeError("no shuffles today")

    monkeypatch.setattr(odds, "sample_draws", broken)
    app.simulate_button.click()
    assert "Cannot simulate: RuntimeError: no shuffles today" in app.status.value
    monkeypatch.setattr(odds, "at_least", broken)
    app.need.value = 2
    assert "RuntimeError: no shuffles today" in app.status.value and app.answer.value == ""


def test_an_unknown_preset_is_refused_before_any_widget(monkeypatch):
    import ipywidgets
    import pytest

    built = []
    monkeypatch.setattr(ipywidgets.Widget, "open", lambda self: built.append(self))
    for preset in ("Leg Day: everything", 3, None):
        with pytest.raises(ValueError, match="unknown preset"):
            OddsExplorer(preset)
    assert built == []


def test_a_deck_too_big_for_an_exact_answer_is_a_message_not_a_traceback():
    app = OddsExplorer("Leg Day: a Leg Day in my opening 9")
    app.population.max = odds.MAX_POPULATION + 100  # a teacher's wider slider
    app.population.value = odds.MAX_POPULATION + 1
    assert "too big for an exact answer" in app.status.value
    assert f"at most {odds.MAX_POPULATION:,} cards" in app.status.value
    assert app.answer.value == "" and app.chart.outputs == ()
    app.simulate_button.click()
    assert "Cannot simulate" in app.status.value and f"at most {odds.MAX_POPULATION:,} cards" in app.status.value
    app.population.value = odds.MAX_POPULATION  # the largest deck answers again
    assert app.status.value == "" and sp.latex(odds.p_at_least(1, 30, odds.MAX_POPULATION, 9)) in app.answer.value


def test_a_game_brings_its_own_odds_questions_or_says_it_declares_none():
    from gamedesign.games.template import SprintGame

    class DeckSprint(SprintGame):
        name, title = "decksprint", "Deck Sprint"
        odds_questions = {"Deck Sprint: an ace in a hand of 5": (52, 4, 5, 1, 0),
                          "Deck Sprint: two of 40 jokers in 25": (200, 40, 25, 2, 0)}

    app = OddsExplorer(game=DeckSprint)
    assert list(app.preset.options) == [*DeckSprint.odds_questions, OWN_NUMBERS]
    assert app.numbers() == (52, 4, 5, 1, 0)
    assert sp.latex(odds.p_at_least(1, 4, 52, 5)) in app.answer.value
    app.preset.value = "Deck Sprint: two of 40 jokers in 25"  # beyond the built-in sliders' range
    assert app.numbers() == (200, 40, 25, 2, 0) and app.status.value == ""

    plain = OddsExplorer(game=SprintGame(SprintGame.min_players))  # the template declares none
    assert list(plain.preset.options) == [OWN_NUMBERS]
    assert "Sprint Finish declares no odds questions" in plain.note.value
    plain.need.value = 2  # the sliders still ask a deck question
    assert sp.latex(odds.p_at_least(2, 30, 108, 9)) in plain.answer.value


def test_a_game_s_bad_odds_question_is_named():
    import pytest

    from gamedesign.games.template import SprintGame

    class Odd(SprintGame):
        name, title = "odd", "Odd Sprint"
        odds_questions = {"Odd Sprint: half a card": (52, 4, 5.5, 1, 0)}

    with pytest.raises(ValueError, match="Odd Sprint's odds question 'Odd Sprint: half a card': give 5 whole numbers"):
        OddsExplorer(game=Odd)
