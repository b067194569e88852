"""Hint and Why? in the game apps: the greedy bot's move for you, from your observation only."""

from __future__ import annotations

import pytest

from gamedesign.apps.diet import DietApp
from gamedesign.apps.gym import GymApp
from gamedesign.apps.hints import hint
from gamedesign.apps.legday import LegDayApp


def test_legday_hint_names_the_card_and_why_lists_the_gains():
    app = LegDayApp(players=4, seed=3)
    app.hints.hint_button.click()
    text = app.hints.answer.value
    assert text.startswith('<div class="gd-hint"') and "Hint:</b> Play " in text and "<ol>" not in text
    app.hints.why_button.click()
    assert "The values the bot compares, best first" in app.hints.answer.value
    view = app.state.observe(0)
    result = hint(app.game, 0, view, app.state.legal_actions(0))
    assert [v for _, v in result.values] == sorted((v for _, v in result.values), reverse=True)
    assert result.action in app.state.legal_actions(0)


def test_hints_read_only_the_observation():
    app = LegDayApp(players=4, seed=3)
    view = app.state.observe(0)
    before = app.state.to_json()
    first = hint(app.game, 0, view, app.state.legal_actions(0))
    assert app.state.to_json() == before
    # The same observation gives the same hint, whatever the hidden cards are.
    again = hint(app.game, 0, dict(view), list(app.state.legal_actions(0)))
    assert first == again


def test_gym_hint_follows_the_step_and_a_move_clears_it():
    app = GymApp(players=2, seed=4)
    app.hints.why_button.click()
    assert "Hint:</b> Take " in app.hints.answer.value and "<li>Take " in app.hints.answer.value
    app.row_box.children[0].click()
    assert app.hints.answer.value == ""


def test_diet_why_in_planning_lists_discards_in_the_words_of_the_buttons():
    import html

    app = DietApp(players=4, seed=2)
    game, seat, view, legal = app.hints.ask()
    assert view["phase"] == "planning"
    result = hint(game, seat, view, legal)
    words = {game.move_words(a, view) for a in legal}
    labels = [label for label, _ in result.values]
    assert set(labels) == words and "Keep my hand" in labels  # every choice, as its button names it
    assert labels[0] == game.move_words(result.action, view)  # the hint's discard heads the list
    assert dict(result.values)["Keep my hand"] == 0
    app.hints.why_button.click()
    assert f"<li>{html.escape(labels[0])}: " in app.hints.answer.value


@pytest.mark.parametrize("make", [lambda h: LegDayApp(hints=h), lambda h: GymApp(hints=h), lambda h: DietApp(hints=h)])
def test_a_teacher_can_turn_hints_off(make):
    assert make(False).hints.layout.display == "none"
    assert make(True).hints.layout.display != "none"
    with pytest.raises(ValueError, match="hints must be True or False"):
        make("no")


def test_hints_are_hidden_once_the_game_is_over():
    app = LegDayApp(players=3, seed=1)
    while not app.state.is_over():
        app.hand_box.children[0].play_button.click()
    assert app.hints.layout.display == "none"


def greedy_decisions(name: str, players: int, seeds, limit: int = 400):
    """(bot, observation, legal actions) at decisions of greedy bots in seeded games."""
    import gamedesign
    from gamedesign.bots import make_bot

    game = gamedesign.load(name, players=players)
    for seed in seeds:
        state = game.new_state(seed=seed)
        bots = [make_bot("greedy", game) for _ in range(players)]
        for seat, bot in enumerate(bots):
            bot.reset(game, seat, seed * 10 + seat)
        for _ in range(limit):
            if state.is_over():
                break
            seat = state.to_move()[0]
            view, legal = state.observe(seat), state.legal_actions(seat)
            yield bots[seat], view, legal
            state.apply(seat, bots[seat].act(view, legal))


def test_the_gym_greedy_bot_explains_every_legal_move_and_plays_a_best_one():
    steps = set()
    for bot, view, legal in greedy_decisions("gym", 2, range(3)):
        pairs = bot.explain(view, legal)
        assert sorted(map(str, (a for a, _ in pairs))) == sorted(map(str, legal))
        values = [v for _, v in pairs]
        assert values == sorted(values, reverse=True)
        chosen = bot.act(view, legal)
        assert dict(pairs)[chosen] == values[0]  # act plays one of the best explained moves
        steps.add(view["step"])
    assert {"take", "place", "action"} <= steps


def test_the_diet_greedy_bot_explains_what_it_compares():
    from gamedesign.games.diet import Play
    from gamedesign.games.diet.bots import FRESH_CARD_VALUE

    steps = set()
    for bot, view, legal in greedy_decisions("diet", 4, range(2), limit=300):
        pairs = bot.explain(view, legal)
        chosen = bot.act(view, legal)
        steps.add(view["step"] if view["phase"] != "planning" else "planning")
        if view["phase"] == "planning":
            assert sorted(c for c, _ in pairs) == sorted(view["hand"])
            # The discarded cards are the ones the explanation values least, all below a fresh card.
            remaining, removed = list(pairs), []
            for card in chosen.cards:
                pair = min((p for p in remaining if p[0] == card), key=lambda p: p[1])
                remaining.remove(pair)
                removed.append(pair[1])
            assert all(v < FRESH_CARD_VALUE for v in removed)
            left_below = [v for _, v in remaining if v < FRESH_CARD_VALUE]
            if len(chosen.cards) < bot.game.deck.planning_discards:
                assert left_below == []
            elif left_below:
                assert max(removed) <= min(left_below) + 1e-9
        elif view["step"] in ("own", "neighbour") and isinstance(chosen, Play):
            assert {a for a, _ in pairs} == {a for a in legal if isinstance(a, Play)}
            assert dict(pairs)[chosen] == pairs[0][1]
        elif view["step"] in ("laziness", "cheat"):
            assert [what for what, _ in pairs][:3] == [
                "the active player's weight", "the lowest weight of the others", f"the danger line (target {view['target']} + 3)"
            ]
    assert {"planning", "own", "laziness", "cheat"} <= steps


def test_hints_ask_the_bots_only_through_public_methods():
    import inspect

    from gamedesign.apps import hints

    source = inspect.getsource(hints)
    assert "_score_" not in source and "getattr(bot" not in source


@pytest.mark.parametrize("make", [lambda: LegDayApp(players=4, seed=3), lambda: GymApp(players=2, seed=4), lambda: DietApp(players=4, seed=2)])
def test_ask_search_names_a_legal_move_and_how_the_moves_did(make):
    from gamedesign.apps.hints import search_hint

    app = make()
    game, seat, view, legal = app.hints.ask()
    before = app.state.to_json()
    result = search_hint(game, seat, view, legal)
    assert app.state.to_json() == before  # only the observation was read
    assert result.action in legal
    labels = {game.move_words(a, view) for a in legal}
    assert all(label in labels for label, _ in result.values)
    if result.values:  # an imagined-games search: the move it recommends heads its list
        assert result.values[0][0] == game.move_words(result.action, view)
        rest = [v for _, v in result.values[1:]]
        assert rest == sorted(rest, reverse=True)
    else:  # a game whose strongest bot plays a rule of thumb says what that rule does
        assert "rule of thumb" in result.reason and "sharper" not in result.reason
    app.hints.search_button.click()
    assert "Hint:</b>" in app.hints.answer.value and "bot" in app.hints.answer.value


def positions(game, count: int, seed: int):
    """``count`` positions of seeded random games, each with a seat to move and its legal moves."""
    import random

    from gamedesign.core import RandomBot

    rng, found = random.Random(seed), []
    while len(found) < count:
        state = game.new_state(seed=rng.randrange(10**6))
        bots = [RandomBot(seed=rng.randrange(10**6)) for _ in range(game.num_players)]
        for seat, bot in enumerate(bots):
            bot.reset(game, seat, rng.randrange(10**6))
        stop = rng.randrange(1, 60)
        for _ in range(stop):
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].act(state.observe(seat), state.legal_actions(seat)))
        if not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                found.append((seat, state.observe(seat), legal))
    return found


@pytest.mark.parametrize("name", ["legday", "gym", "diet"])
def test_the_hint_s_move_heads_its_list_of_values_among_tied_best(name):
    import gamedesign

    game = gamedesign.load(name)
    for seat, view, legal in positions(game, 12, seed=len(name) + 1):
        result = hint(game, seat, view, legal)
        assert result.action in legal
        labels = [label for label, _ in result.values]
        if game.move_words(result.action, view) in labels:
            assert labels[0] == game.move_words(result.action, view), result


@pytest.mark.parametrize("name", ["legday", "gym", "diet"])
def test_ask_search_recommends_the_legal_move_its_own_list_shows_first(name):
    import gamedesign
    from gamedesign.apps.hints import search_hint

    game = gamedesign.load(name)
    for seat, view, legal in positions(game, 6, seed=len(name)):
        result = search_hint(game, seat, view, legal, seed=seat)
        assert result.action in legal
        assert result.reason.startswith(game.move_words(result.action, view))  # the move named is the move
        if result.values:
            assert result.values[0][0] == game.move_words(result.action, view), result


@pytest.mark.parametrize("name", ["legday", "gym", "diet"])
def test_hint_why_and_ask_search_name_moves_in_the_game_s_words(name):
    import gamedesign
    from gamedesign.apps.hints import search_hint

    game = gamedesign.load(name)
    moves_seen = 0
    for seat, view, legal in positions(game, 10, seed=len(name) + 7):
        words = {game.move_words(a, view): a for a in legal}
        assert len(words) == len(set(legal)), "two moves share a name"  # one name a move
        greedy = hint(game, seat, view, legal)
        named = game.move_words(greedy.action, view)
        assert greedy.reason.startswith(named + ":")  # Hint names the move in the game's words
        labels = [label for label, _ in greedy.values]
        if any(label in words for label in labels):  # a Why? list of moves (not of cards or numbers)
            moves_seen += 1
            assert all(label in words for label in labels), labels
            assert labels[0] == named
        search = search_hint(game, seat, view, legal, seed=seat)
        assert search.reason.startswith(game.move_words(search.action, view))
        assert all(label in words for label, _ in search.values), search.values
        if search.values:
            assert search.values[0][0] == game.move_words(search.action, view)
    assert moves_seen  # every game lists its moves


def test_the_words_of_a_move_are_the_words_of_its_button():
    from gamedesign.games.diet import Discard, Skip
    from gamedesign.games.gym import Take

    legday = LegDayApp(players=3, seed=2)
    card = legday.state.observe(0)["hand"][0]
    from gamedesign.games.legday import Pick

    assert legday.hand_box.children[0].children[1].tooltip.startswith(legday.game.move_words(Pick(card)))
    gym = GymApp(players=2, seed=4)
    kid = gym.state.observe(0)["row"][0]
    assert gym.row_box.children[0].description == gym.game.move_words(Take(kid)) == f"Take {kid}"
    diet = DietApp(players=3, seed=2)
    assert diet.game.move_words(Discard(())) == "Keep my hand"
    assert diet.game.move_words(Skip("lunch")) == "No lunch"
    labels = [b.description for b in diet.action_box.children]
    assert "Keep my hand" in labels


def test_ask_search_after_the_game_says_there_is_nothing_to_play():
    from gamedesign.apps.hints import search_hint

    app = LegDayApp(players=3, seed=1)
    with pytest.raises(ValueError, match="nothing to play"):
        search_hint(app.game, 0, app.state.observe(0), [])
