"""A student's own games reach every tool: a bid game and a dice game written in
``tests/student_games.py`` (not shipped), from Python and from the command line."""

from __future__ import annotations

import dataclasses
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gamedesign
from gamedesign import cli, lab, search
from gamedesign.checks import GameCheckError, changed_path, check_game
from gamedesign.lab import balance
from gamedesign.registry import BUILT_IN, game_class, unregister

from student_games import BidGame, LeakyBidGame, PigGame

HERE = Path(__file__).resolve().parent
GAMES_FILE = HERE / "student_games.py"
STUDENT = {"bids": BidGame, "pig": PigGame}


@pytest.fixture
def registered():
    """Both games registered for one test, and forgotten after it."""
    for cls in STUDENT.values():
        gamedesign.register(cls)
    yield
    for name in STUDENT:
        if name in gamedesign.GAMES:
            unregister(name)


def run(argv, answers=()):
    answers = iter(answers)
    out = io.StringIO()
    code = cli.main(argv, input=lambda _prompt: next(answers), output=out)
    return code, out.getvalue()


# -- check_game ---------------------------------------------------------------------------


@pytest.mark.parametrize("cls", [BidGame, PigGame])
def test_both_games_pass_the_check(cls):
    report = str(check_game(cls, games=4))
    assert "random games end with a result" in report
    assert ("secret moves made at the same time stay hidden" in report) == (cls is BidGame)
    assert ("public_log gives a line of text a move" in report) == (cls is PigGame)


def test_a_bid_shown_before_it_is_revealed_fails_the_check_naming_the_key():
    with pytest.raises(GameCheckError, match=r"observe\(\d\)\['table\.bids\[\d\]'\].*secret move|secret move.*'table\.bids\[\d\]'"):
        check_game(LeakyBidGame, games=3)


def test_a_public_log_that_tells_a_secret_bid_fails_the_check():
    class TellingState(type(BidGame(2).new_state(0))):
        def public_log(self, player, action):
            return f"player {player} bids {action}"

    class TellingBids(BidGame):
        name = "telling_bids"

        def new_state(self, seed=None):
            return TellingState(self, gamedesign.core.check_seed(seed))

    with pytest.raises(GameCheckError, match="public_log tells player .* secret move"):
        check_game(TellingBids, games=3)


def test_changed_path_names_where_two_observations_differ():
    assert changed_path({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == "a[1].b"
    assert changed_path({"a": 1}, {"a": 1, "c": 2}) == "c"
    assert changed_path({"a": [1]}, {"a": [1, 2]}) == "a[1]"
    assert changed_path({"a": 1}, {"a": 1.0}) == "a"  # another type is another view
    assert changed_path({"a": [1, 2]}, {"a": [1, 2]}) is None


def test_check_game_takes_options_and_refuses_a_built_game():
    report = check_game(BidGame, games=2, players=2, options={"ties": "split", "cards": 4})
    assert "with ties='split', cards=4" in report.game
    with pytest.raises(ValueError, match="check_game: option ties='share' is not allowed"):
        check_game(BidGame, options={"ties": "share"})
    with pytest.raises(GameCheckError, match=r"not a game class.*check_game\(BidGame, options=\{'ties': 'split'\}\)"):
        check_game(BidGame(2, ties="split"))


def _non_default_options():
    for name in [*BUILT_IN, "sprint"]:
        cls = game_class(name)
        for field in dataclasses.fields(cls.Options):
            for value in field.metadata.get("choices") or ():
                if value != field.default:
                    yield name, field.name, value


@pytest.mark.parametrize("name,option,value", list(_non_default_options()))
def test_every_built_in_game_passes_the_check_with_each_non_default_option(name, option, value):
    cls = game_class(name)
    players = cls.default_players or cls.min_players
    report = check_game(cls, games=2, players=players, options={option: value})
    assert f"{option}={value!r}" in report.game


# -- declared option values and the balance search ----------------------------------------


def test_between_declares_a_range_that_load_checks():
    assert BidGame(2, cards=10).options.cards == 10
    for bad in (11, 2, 4.0, "5", True):
        with pytest.raises(ValueError, match="allowed: a whole number from 3 to 10"):
            BidGame(2, cards=bad)
    with pytest.raises(ValueError, match="between is a"):
        gamedesign.core.option(1, between=(5, 1))


def test_default_space_reads_each_options_declared_values(registered):
    assert balance.default_space("bids") == {"options.cards": (3, 10), "options.ties": ["discard", "split"]}
    assert balance.default_space("pig") == {"options.bust_on": [1, 2]}  # target has only a check: nothing to try
    assert balance.default_space(PigGame) == balance.default_space("pig")
    assert set(balance.default_space("sprint")) == {"options.cards", "options.ties"}

    class Silent(PigGame):
        name = "silent"

        @dataclasses.dataclass(frozen=True)
        class Options:
            target: int = gamedesign.core.option(30, check=lambda v: None)

    with pytest.raises(ValueError, match=r"its options \(target\) declare no values to try.*between=\(low, high\)"):
        balance.default_space(Silent)


@pytest.mark.parametrize("name", ["bids", "pig", "sprint"])
def test_the_balance_search_over_options_returns_measured_proposals(registered, name):
    found = balance.search_balance(name, balance.default_space(name), balance.fair_seats(0.02),
                                   budget={"trials": 6, "games": 30, "confirm_games": 30}, seed=3, bots="random")
    assert found.trials["status"].eq("played").all()
    assert found.best, found.summary()
    table = found.table()
    assert len(table) == 1 + len(found.best) and table["goal value"].notna().all()
    assert "none of the 0" not in found.summary()


def test_a_deck_path_for_a_game_without_a_deck_is_refused_by_name(registered):
    with pytest.raises(ValueError, match="'pig' has no deck file to change"):
        balance.search_balance("pig", {"deck.hand_size": (1, 2)}, balance.fair_seats(), budget=2)


def test_a_search_whose_every_trial_fails_says_so(registered):
    class Fragile(PigGame):
        name = "fragile"

        def new_state(self, seed=None):
            if self.options.bust_on == 2:
                raise RuntimeError("bust_on=2 is not written yet")
            return super().new_state(seed)

    gamedesign.register(Fragile)
    try:
        found = balance.search_balance("fragile", {"options.bust_on": [2]}, balance.fair_seats(),
                                       budget={"trials": 3, "games": 10}, seed=1)
    finally:
        unregister("fragile")
    assert found.trials["status"].str.startswith("failed: RuntimeError: bust_on=2 is not written yet").all()
    assert found.summary().startswith("None of the 3 variants tried could be played (0 refused by the rules, 3 failed")


# -- the search bot -----------------------------------------------------------------------


def test_the_search_bot_cuts_its_playouts_on_running_scores(registered):
    moves = []

    class CountingPig(PigGame):
        name = "counting_pig"

        def new_state(self, seed=None):
            state = super().new_state(seed)
            original = state._apply

            def counted(player, action):
                moves.append(1)
                original(player, action)

            state._apply = counted
            return state

        def sample_state(self, observation, rng):
            return self.new_state(seed=rng.randrange(2**32))

    game = CountingPig(2, target=100)
    state = game.new_state(seed=1)
    per_decision = {}
    for horizon in (None, 6):
        bot = search.SearchBot(iterations=40, horizon=horizon, time_budget=None)
        bot.reset(game, 0, 1)
        moves.clear()
        bot.act(state.observe(0), state.legal_actions(0))
        per_decision[horizon] = len(moves)
    assert 3 * per_decision[6] < per_decision[None], per_decision


# -- the tools, from Python ---------------------------------------------------------------


def test_every_tool_plays_both_games(registered):
    for name in STUDENT:
        game = gamedesign.load(name, players=3)
        one = gamedesign.simulate(game, "greedy", games=40, seed=2, workers=1)
        two = gamedesign.simulate(game, "greedy", games=40, seed=2, workers=2)
        assert one.equals(two)
        records = lab.record_games(game, "random", games=30, seed=1)
        assert len(records) == 30
        comparison = lab.compare([lab.Variant(name, players=3), lab.Variant(name, players=3, options={
            "ties": "split"} if name == "bids" else {"bust_on": 2})], "random", games=30, seed=1)
        assert len(comparison)
        state = game.new_state(seed=5)
        assert game.state_from_json(state.to_json()).to_json() == state.to_json()


def test_registered_games_and_the_example_are_listed(registered):
    assert tuple(gamedesign.GAMES)[:4] == ("legday", "gym", "diet", "sprint")
    assert {"bids", "pig"} <= set(gamedesign.GAMES)
    from gamedesign.apps.lab import LabApp

    app = LabApp("pig", games=10)
    assert {"sprint", "bids", "pig"} <= {value for _, value in app.game.options}


def test_the_generic_app_shows_public_lines_and_per_seat_values(registered):
    from gamedesign.apps.generic import play

    app = play("pig", seed=4, bots="greedy", players=2)
    for _ in range(6):
        if app.state.is_over():
            break
        app.play("roll" if app.state.observe(0)["turn points"] < 6 else "hold")
    text = " ".join(app.moves)
    assert "player 0 rolls" in text and ("player 1 rolls" in text or "player 1 holds" in text)
    assert "You: " in app.view.value and "Player 1 (greedy): " in app.view.value


# -- the command line ---------------------------------------------------------------------


def test_the_command_line_simulates_a_game_from_its_file(registered):
    code, text = run(["simulate", f"{GAMES_FILE}:PigGame", "--games", "60", "--bots", "greedy", "--option",
                      "target=20", "--option", "bust_on=2"])
    assert code == 0 and text.startswith("Pig: 60 games, 2 players")
    code, text = run(["simulate", f"{GAMES_FILE}:BidGame", "--games", "40", "--players", "3", "--option", "cards=4",
                      "--workers", "2"])
    assert code == 0 and "Bids: 40 games, 3 players" in text


@pytest.mark.parametrize("argv,message", [
    (["simulate", "pig.py:PigGame"], "there is no file 'pig.py'"),
    (["simulate", f"{GAMES_FILE}:Nothing"], "'student_games' has no 'Nothing'"),
    (["simulate", f"{GAMES_FILE}:PigOptions"], "'PigOptions' is not a game class"),
    (["simulate", "sprint", "--option", "ties=never"], "allowed values: carry, lose"),
    (["simulate", "sprint", "--option", "speed=2"], "no such option; options: cards, ties"),
    (["simulate", "sprint", "--option", "ties"], "write NAME=VALUE"),
    (["play", "sprint", "--option", "cards=12"], "allowed values: 3, 4"),
    (["play", f"{GAMES_FILE}:BidGame", "--option", "cards=12"], "not allowed for 'bids'; allowed: a whole number from 3 to 10"),
    (["print", "sprint", "--option", "cards=x", "--out", "x.html"], "allowed values: 3, 4"),
])
def test_bad_game_names_and_options_on_the_command_line_are_refused(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        run(argv)
    assert stop.value.code != 0 and message in capsys.readouterr().err


def test_the_command_line_plays_a_game_from_its_file_with_the_bots_moves_shown(registered):
    code, text = run(["play", f"{GAMES_FILE}:PigGame", "--seed", "3", "--option", "target=12"], ["1", "2"] * 40)
    assert code == 0 and "Game over." in text
    assert "banked:\n  You: " in text  # one line per player, not one list
    assert "Bot 1 rolls" in text  # the bot's dice, from the game's public log


def test_the_terminal_keeps_secret_bids_secret_until_shown(registered):
    code, text = run(["play", f"{GAMES_FILE}:BidGame", "--seed", "1", "--option", "cards=3"], ["1"] * 10)
    assert code == 0 and "Bot 1 (greedy) has chosen." in text
    assert "Bot 1 (greedy): " not in text


def test_print_writes_rules_and_observation_sheets_for_a_game_without_cards(registered, tmp_path):
    out = tmp_path / "pig.html"
    code, text = run(["print", f"{GAMES_FILE}:PigGame", "--out", str(out)])
    assert code == 0 and "no cards (Pig has none to print)" in text
    page = out.read_text(encoding="utf-8")
    assert "Playtest observation: Pig" in page and page.count('<section class="page') == 3
    with pytest.raises(SystemExit):
        run(["print", f"{GAMES_FILE}:PigGame", "--what", "cards", "--out", str(tmp_path / "c.html")])
    code, text = run(["print", "sprint", "--option", "cards=4", "--out", str(tmp_path / "s.html")])
    assert code == 0 and "the rules sheet and 16 cards" in text  # 4 effort cards for each of 3 players, 4 races


def test_python_dash_m_takes_a_module_and_class(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-m", "gamedesign", "simulate", "student_games:PigGame", "--games", "20"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Pig: 20 games")


@pytest.mark.parametrize("command,spec,name", [("simulate", "own_games:EndlessGame", "endless"),
                                               ("play", "own_games:StuckGame", "stuck")])
def test_a_broken_game_stops_the_command_line_with_one_line(command, spec, name, capsys):
    """A game that never ends, or whose mover has no legal move: one line, never a hang."""
    argv = [command, spec] + (["--games", "2"] if command == "simulate" else ["--seat", "1"])
    try:
        code, _ = run(argv, ["1"] * 10)
    finally:
        unregister(name)
    err = capsys.readouterr().err
    assert code == 1 and "the game stopped" in err and "check_game" in err
