"""The command line: a summary table from simulate, a game played from typed moves."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest

import gamedesign
from gamedesign import terminal
from gamedesign.cli import MENU_LIMIT, main


def run(argv, answers=()):
    """Run ``main(argv)`` with typed ``answers``; returns (exit code, printed text)."""
    out = io.StringIO()
    replies = iter(answers)

    def ask(prompt):
        out.write(prompt)
        try:
            return next(replies)
        except StopIteration:
            raise EOFError from None

    return main(argv, input=ask, output=out), out.getvalue()


def test_simulate_prints_a_summary_per_seat():
    code, text = run(["simulate", "legday", "--players", "3", "--bots", "greedy", "random", "random", "--games", "30", "--seed", "2"])
    assert code == 0
    lines = text.splitlines()
    assert "30 games" in lines[0]
    assert lines[1].split()[:4] == ["seat", "bot", "mean", "score"]
    assert lines[3].split()[:2] == ["0", "greedy"] and lines[4].split()[:2] == ["1", "random"]
    assert "95% interval" in lines[1] and "eliminated" in lines[1] and "draws" in lines[1]


def test_simulate_with_the_batch_path():
    code, text = run(["simulate", "legday", "--bots", "greedy", "--games", "2000", "--batch"])
    assert code == 0 and "2000 games" in text and "greedy" in text


@pytest.mark.parametrize("name", gamedesign.GAMES)
def test_simulate_every_game_with_one_bot_for_all_seats(name):
    code, text = run(["simulate", name, "--games", "4"])
    assert code == 0 and "random" in text


@pytest.mark.parametrize(
    "argv,message",
    [
        (["simulate", "chess"], "unknown game 'chess'; allowed: legday, gym, diet, sprint"),
        (["simulate", "legday", "--players", "9"], "players"),
        (["simulate", "legday", "--games", "0"], "must be 1 or more"),
        (["simulate", "legday", "--games", "many"], "whole number"),
        (["simulate", "legday", "--bots", "clever"], "unknown bot 'clever'"),
        (["simulate", "legday", "--players", "4", "--bots", "greedy", "random"], "one bot for every seat"),
        (["play", "legday", "--players", "3", "--seat", "5"], "seats are numbered 0 to 2"),
        (["simulate", "diet", "--bots", "search", "--batch"], "plays only bots named random, greedy"),
        ([], "required"),
    ],
)
def test_bad_arguments_get_a_clear_message_and_a_non_zero_exit(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        run(argv)
    assert stop.value.code != 0
    assert message in capsys.readouterr().err


def test_play_shows_the_view_numbers_actions_and_re_asks_after_bad_input():
    game = gamedesign.load("legday", players=2)
    first = game.new_state(seed=3).legal_actions(0)
    answers = ["0", "fly away", "pick Nobody", "1"] + ["1"] * 20 + [str(first[0])] * 20
    code, text = run(["play", "legday", "--players", "2", "--seed", "3", "--bots", "random"], answers)
    assert code == 0
    assert "You sit in seat 0" in text and "Your hand:" in text and "  1. pick" in text
    assert "There is no choice 0" in text
    assert "Not understood" in text
    assert "Game over." in text or "Game stopped." in text


def test_play_a_whole_game_by_action_text():
    """Every answer typed as text: the first legal action's words."""
    out = io.StringIO()
    listed = []

    def ask(prompt):
        text = out.getvalue()
        options = [line.split(". ", 1)[1] for line in text.splitlines() if line.strip()[:1].isdigit() and ". " in line]
        listed.append(options[-1])
        return options[-1]

    code = main(["play", "legday", "--players", "2", "--seed", "5"], input=ask, output=out)
    assert code == 0
    assert "Game over." in out.getvalue() and "WINNER" in out.getvalue() or "Nobody won" in out.getvalue()
    automatic = out.getvalue().count("Only one thing to do: ")
    assert len(listed) + automatic == gamedesign.load("legday", players=2).total_days


def test_quit_stops_the_game():
    code, text = run(["play", "gym", "--seed", "1"], ["quit"])
    assert code == 0 and "Game stopped." in text


def test_observations_read_as_text_for_every_game():
    for name in gamedesign.registry.BUILT_IN:
        game = gamedesign.load(name)
        names = terminal.seat_names(["", *["greedy"] * (game.num_players - 1)], 0)
        text = terminal.view(game, game.new_state(seed=1).observe(0), names, names)
        assert "Your hand" in text and "?" not in text and "None" not in text
        assert max(len(line) for line in text.splitlines()) <= terminal.WIDTH


def test_python_dash_m_runs_the_command_line():
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(gamedesign.__file__)))
    done = subprocess.run(
        [sys.executable, "-m", "gamedesign", "simulate", "legday", "--games", "3", "--players", "2"],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "win rate" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "gamedesign", "simulate", "legday", "--players", "1"],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert bad.returncode == 2 and "players" in bad.stderr


@pytest.mark.parametrize("answer", ["²", "١٢", "9" * 5000, "x" * 10_000])
def test_odd_answers_at_the_prompt_are_asked_again(answer):
    code, text = run(["play", "legday", "--players", "2", "--seed", "3"], [answer, "1"])
    assert code == 0 and "Game stopped." in text
    assert text.count("Your move: ") >= 3  # asked again after the odd answer, then after "1"
    assert len(text) < 20_000


@pytest.mark.parametrize(
    "argv,message",
    [
        (["simulate", "legday", "--games", "10**30"], "must be a whole number, not '10**30'"),
        (["simulate", "legday", "--games", "1" + "0" * 30], "must be at most 10,000,000"),
        (["simulate", "legday", "--games", "9" * 5000], "must be at most 10,000,000, not a number of 5,000 digits"),
        (["simulate", "legday", "--seed", "9" * 5000], "must be at most"),
        (["simulate", "legday", "--workers", "100000"], "must be at most"),
        (["simulate", "legday", "--players", "²"], "must be a whole number"),
        (["simulate", "legday", "--bots", "search:" + "9" * 30], "from 1 to 100,000"),
        (["play", "legday", "--seat", "9" * 5000], "must be at most 99"),
    ],
)
def test_huge_or_odd_numbers_get_a_one_line_message(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        run(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err) < 2000


def test_ctrl_c_during_simulate_exits_130_with_one_line(monkeypatch, capsys):
    import gamedesign.cli as cli

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "simulate", interrupted)
    code, text = run(["simulate", "legday", "--games", "30"])
    assert code == 130
    assert capsys.readouterr().err.strip() == "Interrupted."


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="sends signals to a process group")
def test_ctrl_c_stops_a_parallel_simulation_cleanly():
    import signal
    import time

    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(gamedesign.__file__)))
    command = [sys.executable, "-m", "gamedesign", "simulate", "diet", "--games", "200000", "--workers", "2", "--no-progress"]
    # As from a terminal: Ctrl-C's signal is not ignored, even when the tests themselves run
    # in the background of a shell without job control (which starts them ignoring it).
    run_ = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        # Wait until the two workers are playing (however slow the imports on a busy machine).
        children = f"/proc/{run_.pid}/task/{run_.pid}/children"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and run_.poll() is None:
            with open(children) as listed:
                if len(listed.read().split()) >= 2:
                    break
            time.sleep(0.2)
        time.sleep(1.0)  # the workers past their start
        assert run_.poll() is None, "the simulation ended before it could be interrupted"
        os.killpg(run_.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole group
        out, err = run_.communicate(timeout=30)
    finally:
        run_.kill()
    assert run_.returncode == 130, err
    assert err.strip() == "Interrupted." and out == ""
    time.sleep(0.5)
    with pytest.raises(ProcessLookupError):
        os.killpg(run_.pid, 0)  # no worker is left behind


def test_a_failing_bot_is_reported_in_one_line_with_exit_code_1(monkeypatch, capsys):
    import gamedesign.cli as cli
    from gamedesign.bots import BotError

    def failing(*args, **kwargs):
        raise BotError("the bot raised KeyError: 'x'", 2, "greedy", game=5, seed=11, run_seed=0)

    monkeypatch.setattr(cli, "simulate", failing)
    code, _ = run(["simulate", "legday", "--games", "30"])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1
    assert "a bot failed: seat 2 (bot 'greedy'), game 5 (game seed 11, run seed 0)" in err


# ----------------------------------------------------------------------------------------
# Terminal play that a person can read
# ----------------------------------------------------------------------------------------


def play_through(argv, answer, limit=5000):
    """Play ``argv`` to its end, ``answer(text since the last prompt)`` giving each reply."""
    out = io.StringIO()
    asked = [0]

    def ask(prompt):
        text = out.getvalue()[asked[0] :]
        out.write(prompt)
        asked[0] = len(out.getvalue())
        if asked[0] > 50_000_000 or text.count("\n") > 400:
            raise AssertionError("too much output for one prompt")
        limit_left[0] -= 1
        if limit_left[0] < 0:
            raise EOFError
        return answer(text)

    limit_left = [limit]
    return main(argv, input=ask, output=out), out.getvalue()


def first_choice(text):
    """Always the first entry of a menu; Diet discards: mark nothing and go on."""
    return "done" if "Discard up to" in text or "Marked:" in text else "1"


def numbered(text):
    """The numbers of the menu entries shown."""
    return [int(line.split(".")[0]) for line in text.splitlines() if re.match(r"^\s+\d+\. ", line)]


@pytest.mark.parametrize("name", gamedesign.GAMES)
def test_a_whole_game_of_each_is_played_to_the_end_by_typed_answers(name):
    code, text = play_through(["play", name, "--seed", "4"], first_choice)
    assert code == 0 and "Game over." in text
    assert "WINNER" in text or "Nobody won" in text
    assert re.search(r"^  Bot 1 \(greedy\) +-?\d+", text.split("Game over.")[-1], re.M)
    assert max(numbered(text)) <= MENU_LIMIT  # never a list of 64 or 106 at once
    assert max(len(line) for line in text.splitlines()) <= terminal.WIDTH
    assert "Traceback" not in text and not re.search(r"(^|[\s:(\[])\?($|[\s,)\]])", text)  # words, not "?"


def test_everyone_is_named_the_same_way_everywhere():
    for name in ("gym", "diet"):
        code, text = play_through(["play", name, "--players", "4", "--seed", "2", "--bots", "greedy", "random", "greedy"], first_choice)
        assert code == 0
        assert "Bot 1 (greedy), Bot 2 (random), Bot 3 (greedy)" in text
        assert not re.search(r"\bplayer \d", text)  # the engine's own words are replaced
        assert not re.search(r"\b(Ann|Bo|Cy|Di)\b", text)  # the Diet Game's seat names too
        assert re.search(r"^  Bot 2 [a-z]", text, re.M)  # the log of what the bots did
        assert re.search(r"^  You [a-z]", text, re.M)
        assert re.search(r"^  Bot 3 \(greedy\)", text, re.M)  # tables


def test_single_choices_are_taken_without_asking():
    code, text = play_through(["play", "diet", "--players", "3", "--seed", "7"], first_choice, limit=40)
    single = [line for line in text.splitlines() if line.startswith("Only one thing to do: ")]
    assert single and all(line.endswith(" - done.") for line in single)
    assert "Only one thing to do: no breakfast - done." in text
    after = text.split("Only one thing to do: no breakfast - done.", 1)[1]
    assert not after.lstrip().startswith("Your move:")


def test_diet_discards_are_marked_card_by_card():
    answers = ["1", "3", "9", "1 2 4 5", "1", "done"]
    code, text = run(["play", "diet", "--players", "3", "--seed", "7"], answers)
    assert code == 0
    assert "Your hand:" in text and "  1.  Well Balanced Lunch     lunch   0 lb   eat it yourself" in text
    assert "Marked: 1. Well Balanced Lunch, 3. Steak House (Red Meat)." in text
    assert "There is no card 9: your cards are numbered 1 to 7." in text
    assert "You may discard at most 3 cards" in text
    assert "Marked: 3. Steak House (Red Meat)." in text
    assert "You discarded Steak House (Red Meat) and drew 1." in text
    assert max(numbered(text.split("Discard up to", 1)[0]), default=0) <= MENU_LIMIT
    assert "discard nothing" not in text  # the 64 combinations are never listed


def test_diet_discards_can_be_typed_by_name():
    code, text = run(["play", "diet", "--players", "3", "--seed", "7"], ["discard bag of chips, Chocolate Cake"])
    assert "You discarded Bag of Chips, Chocolate Cake and drew 2." in text


@pytest.mark.parametrize("answer", ["²", "9" * 5000, "x" * 10_000, "1 ² 3", "0"])
def test_odd_answers_while_marking_discards_are_asked_again(answer):
    code, text = run(["play", "diet", "--players", "3", "--seed", "7"], [answer, "done"])
    assert code == 0 and "Game stopped." in text and "Traceback" not in text
    assert text.count("Your move: ") >= 3  # asked again, then on after "done"
    assert "Type card numbers" in text.split("Your move: ")[1] or "There is no card" in text or "That answer is" in text
    assert len(text) < 20_000


def gym_to_play_phase():
    """Answers that take the first Kid (and skip advancing) until the Play phase."""

    def answer(text):
        if "Play phase" in text:
            raise EOFError
        return "skip advance" if "you took a Brat" in text else "1"

    return play_through(["play", "gym", "--seed", "7"], answer)


def test_gym_moves_are_chosen_kind_first_then_details():
    replies = iter(["7", "back", "7", "12"])
    seen = []

    def answer(text):
        seen.append(text)
        if "Play phase" not in "".join(seen):
            return "skip advance" if "you took a Brat" in text else "1"
        return next(replies, "quit")

    code, text = play_through(["play", "gym", "--seed", "7"], answer)
    assert code == 0
    play = text.split("Play phase", 1)[1]
    assert "Place: which Kid?" in play
    assert "   7. Nico (orange 2, yellow 2) (12 choices)" in play and "Wes (BRAT, blue 2) (12 choices)" in play
    assert "  12. place Nico at Switch 2 Kids spot 3  (orange, scores 2)" in play
    assert "You placed Nico at Switch 2 Kids spot 3" in play
    assert play.split("You placed Nico")[0].count("Place: which Kid?") == 2  # 'back' showed the Kids again
    assert max(numbered(text)) <= MENU_LIMIT


def test_a_long_gym_action_step_asks_for_the_kind_first():
    code, text = play_through(["play", "gym", "--seed", "7"], first_choice)
    assert code == 0
    assert re.search(r"\d+ possible moves. First choose what kind:\n +1. lift \(\d+ choices\): take any placed Kid into your hand", text)
    assert re.search(r"Lift: which Kid\?\n +1. \w+ \(.*\) at [A-Za-z0-9 ]+, side [AB] \(\d+ choices\)", text)
    assert "Advance: how far?" in text and "two events by 1 each (15 choices)" in text


def test_gym_table_shows_skills_brats_and_words_for_the_unknown():
    code, text = run(["play", "gym", "--seed", "7"], [])
    assert "Face-up row (12 Kids; 12 Kids face down in the stack):" in text
    assert "  Zoe    BRAT  purple 2" in text and "  Kira         purple 3, blue 1" in text
    assert "Your hand: empty." in text
    assert "Bot 1 (greedy): team B; 0 Kids in hand" in text
    assert "Pick a Kid     blue    level 0  in play now  action: pick" in text


def test_an_action_can_be_typed_at_any_menu():
    code, text = play_through(
        ["play", "gym", "--seed", "7"], lambda text: "take Zoe" if "take Zoe" in text else "quit"
    )
    assert "You took Zoe" in text
    assert "You took a Brat: you may advance the schedule" in text or "you may advance the schedule" in text


def test_ctrl_c_during_play_exits_130():
    def ask(prompt):
        raise KeyboardInterrupt

    out = io.StringIO()
    assert main(["play", "diet", "--seed", "1"], input=ask, output=out) == 130
    assert "Game stopped." in out.getvalue()


def test_the_engines_words_become_the_players_names():
    names = ["You", "Bot 1", "Bot 2"]
    assert terminal.rename("player 0 took Zoe", names) == "You took Zoe"
    assert terminal.rename("you picked Tess from player 1", names) == "You picked Tess from Bot 1"
    diet = ["Ann", "Bo", "Cy"]
    assert terminal.rename("Turn 1: Ann's day; Ann drew 0 cards.", names, diet) == "Turn 1: your day; you drew 0 cards."
    assert (
        terminal.rename("Bo played Laziness on Ann's Bicycling: it does not count.", names, diet)
        == "Bot 1 played Laziness on your Bicycling: it does not count."
    )
    assert terminal.full_names(["greedy", None, "random"], 1) == ["Bot 1 (greedy)", "You", "Bot 2 (random)"]


def test_a_move_naming_a_player_can_be_typed_with_the_name_or_the_seat():
    from gamedesign.cli import Table
    from gamedesign.games.gym.rules import Force, Skip

    game = gamedesign.load("gym", players=4)
    out = io.StringIO()
    table = Table(game, ["You", "Bot 1", "Bot 2", "Bot 3"], [], None, out)
    legal = [Force(1), Force(3), Skip("action")]
    assert table.label(Force(3)) == "force Bot 3"
    assert table.parse("Force bot 3", legal) == Force(3)
    assert table.parse("force player 1", legal) == Force(1)
    assert table.parse("force player 2", legal) is None and "not allowed now" in out.getvalue()


def test_play_reads_a_real_standard_input_to_its_end():
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(gamedesign.__file__)))
    done = subprocess.run(
        [sys.executable, "-m", "gamedesign", "play", "diet", "--players", "3", "--seed", "7"],
        input="2 3\n²\ndone\n", capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert "Marked: 2. Soup & Salad, 3. Steak House (Red Meat)." in done.stdout
    assert "You discarded Soup & Salad, Steak House (Red Meat) and drew 2." in done.stdout
    assert done.stdout.rstrip().endswith("Game stopped.")


def test_a_diet_card_named_like_a_player_is_never_renamed():
    from gamedesign.cli import Table
    from gamedesign.games.diet import Play

    names, diet = ["You", "Bot 1", "Bot 2"], ["Ann", "Bo", "Cy"]
    assert terminal.rename("Ann fed Bo Bo (+1 lb).", names, diet) == "You fed Bot 1 Bo (+1 lb)."
    assert terminal.rename("Cy played Bo on Ann; Ann cancelled it with Cy.", names, diet) == (
        "Bot 2 played Bo on you; you cancelled it with Cy."
    )
    assert terminal.rename("Bo discarded Ann, Bo and drew 2.", names, diet) == "Bot 1 discarded Ann, Bo and drew 2."
    table = Table(gamedesign.load("diet", players=3), names, [], None, io.StringIO())
    assert table.label(Play("Bo")) == "play Bo"  # a move is not a log sentence: nothing in it is a player


def test_every_line_the_diet_game_logs_is_a_known_sentence():
    # The names are swapped only in known sentences: a sentence the engine writes that is
    # not among them would keep "Ann" and "Bo" on screen.
    from gamedesign.bots import make_bot

    for players in (2, 4, 6):
        game = gamedesign.load("diet", players=players)
        for seed in range(3):
            state = game.new_state(seed=seed)
            bots = [make_bot("random" if s % 2 else "greedy", game) for s in range(players)]
            for seat, bot in enumerate(bots):
                bot.reset(game, seat, seed)
            while not state.is_over():
                seat = state.to_move()[0]
                state.apply(seat, bots[seat].act(state.observe(seat), state.legal_actions(seat)))
            unknown = [line for line in state.log if terminal.diet_seats(line, game.names) is None]
            assert unknown == []
