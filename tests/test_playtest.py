"""Playtest logs: what a terminal hot-seat game writes loads back and replays to the same
game; broken, hostile and unfinished files are told apart by name; names can be hidden."""

from __future__ import annotations

import io
import json
import os
import select
import signal
import subprocess
import sys
import time

import pytest

import gamedesign
from gamedesign import cli, playtest
from gamedesign.bots import make_bot
from gamedesign.simulate import play_game


def hot_seat(argv, monkeypatch, limit=5000, out=None, on_prompt=None):
    """Play ``argv`` to its end by typed answers (Enter at every cover, the first choice
    elsewhere, no discards); returns (exit code, printed text, final state).
    ``on_prompt(prompt, text, state)``, if given, sees every prompt with the text printed
    so far and the game's state as it is then."""
    out = io.StringIO() if out is None else out
    asked = [0, limit]
    played = []
    real = cli.play_game

    def keep(state, *args, **kwargs):
        played.append(state)
        return real(state, *args, **kwargs)

    monkeypatch.setattr(cli, "play_game", keep)

    def ask(prompt):
        text = out.getvalue()[asked[0]:]
        if on_prompt is not None:
            on_prompt(prompt, out.getvalue(), played[0])
        out.write(prompt + "\n")
        asked[0] = len(out.getvalue())
        asked[1] -= 1
        if asked[1] < 0:
            raise EOFError
        if prompt.startswith("Pass to"):
            return ""
        return "done" if "Discard up to" in text or "Marked:" in text else "1"

    code = cli.main(argv, input=ask, output=out)
    return code, out.getvalue(), played[0] if played else None


def bot_game(name, folder, seed=3, people=("Ana",), players=None):
    """A game between bots logged as if ``people`` sat in the first seats; its final state."""
    game = gamedesign.load(name, players=players)
    seats = [{"person": p} for p in people] + [{"bot": "random"}] * (game.num_players - len(people))
    state = game.new_state(seed=seed)
    log = playtest.start(game, seats, state.seed, folder=folder)
    play_game(state, [make_bot("random", game) for _ in seats], bot_seeds=[seed],
              on_choice=lambda seat, legal, action: log.decision(seat, legal, action, 0.5))
    log.finish(state)
    return log, state


def lines_of(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write_lines(path, lines):
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


# ----------------------------------------------------------------------------------------
# Terminal games load back and replay to the same game
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game, players", [("legday", 3), ("diet", 3)])
def test_a_hot_seat_game_of_two_people_and_a_bot_replays_to_the_same_final_state(game, players, tmp_path, monkeypatch):
    argv = ["play", game, "--players", str(players), "--people", "Ana,Ben", "--seed", "4", "--playtests", str(tmp_path)]
    code, text, state = hot_seat(argv, monkeypatch)
    assert code == 0 and "Game over." in text and state.is_over()
    assert "Pass to Ana: press Enter when only Ana can see the screen" in text
    assert "Pass to Ben: press Enter when only Ben can see the screen" in text
    assert "You" not in text.split("Game over.")[1]  # the people are called by name
    loaded = playtest.load(tmp_path)
    assert loaded.refused == {} and len(loaded.games) == 1
    log = loaded.games[0]
    assert log.finished and log.source.parent == tmp_path and log.played_in == "terminal"
    assert log.game == game and log.seed == 4 and log.players == players
    assert log.seats == [{"person": "Ana"}, {"person": "Ben"}, {"bot": "greedy"}]
    assert log.state.to_json() == state.to_json()
    assert log.winners == state.result().winners and log.scores == state.result().scores
    assert {d.seat for d in log.decisions} == {0, 1, 2}
    assert all(d.choice in d.legal for d in log.decisions)


def test_in_hot_seat_play_each_person_decides_behind_a_cover(tmp_path, monkeypatch):
    argv = ["play", "legday", "--players", "3", "--people", "Ana,Ben", "--seed", "4", "--no-log"]
    code, text, _ = hot_seat(argv, monkeypatch)
    turns = text.split("Pass to ")[1:]
    assert code == 0 and len(turns) > 10
    for turn in turns:  # between two covers, only one person's hand is on the screen
        person = turn.split(":", 1)[0]
        assert f"{person}, it is your turn." in turn
        assert ({"Ana", "Ben"} - {person}).pop() + ", it is your turn." not in turn
    assert not list(tmp_path.iterdir())  # --no-log


class _Terminal(io.StringIO):
    """Printed text that says it is a terminal, so the screen is cleared behind each cover."""

    def isatty(self):
        return True


CLEAR = "\033[2J\033[3J\033[H"


@pytest.mark.parametrize("game, players, people, seed", [
    ("legday", 3, ["Ana", "Ben"], 3),
    ("diet", 3, ["Ana", "Ben"], 3),
    ("gym", 4, ["Ana", "Bea", "Cy"], 2),  # Ana and Cy on team A: two people share a team; Picks happen
    ("sprint", 3, ["Ana", "Ben"], 3),  # the template game: no hands, so the covers and the log are checked
])
def test_on_each_persons_screen_nothing_private_of_another_person_shows(game, players, people, seed, tmp_path,
                                                                         monkeypatch):
    """Checked against the engine's state at every prompt: the screen (what was printed
    since it was last cleared) holds only the cover's line while a cover shows, and no card
    of another person that this person does not know on a person's screen."""
    from test_hotseat_apps import hidden_from

    seats = range(len(people))
    seen = {"covers": 0, "prompts": 0, "secrets": 0, "viewer": None}

    def on_prompt(prompt, text, state):
        screen = text.rsplit(CLEAR, 1)[-1] if CLEAR in text else text
        if prompt.startswith("Pass to"):
            seen["covers"] += 1
            assert CLEAR in text and screen.strip() == "", f"under the cover: {screen[-300:]!r}"
            seen["viewer"] = people.index(prompt.split()[2].rstrip(":"))
            return
        viewer = seen["viewer"]
        assert viewer is not None, "a person was asked before any cover"
        seen["prompts"] += 1
        for seat in seats:
            if seat != viewer:
                secret = hidden_from(state, seat, viewer)
                seen["secrets"] += len(secret)
                for name in secret:
                    assert name not in screen, f"{people[viewer]}'s screen shows {people[seat]}'s {name!r}"

    argv = ["play", game, "--players", str(players), "--people", ",".join(people), "--seed", str(seed),
            "--playtests", str(tmp_path)]
    code, text, state = hot_seat(argv, monkeypatch, out=_Terminal(), on_prompt=on_prompt)
    assert code == 0 and state.is_over() and "Game over." in text
    assert seen["covers"] > 5 and seen["prompts"] >= seen["covers"]
    if game != "sprint":
        assert seen["secrets"] > 0  # there were other people's cards to look for
    log, = playtest.load(tmp_path).games
    assert log.finished and log.people == people and log.played_in == "terminal"
    assert log.state.to_json() == state.to_json()
    assert {d.seat for d in log.decisions} == set(range(players))  # the people's and the bot's


@pytest.mark.parametrize("argv, seat, person", [
    (["play", "legday", "--players", "2", "--seed", "5"], 0, "You"),
    (["play", "gym", "--seed", "2", "--people", "Ana", "--seat", "1"], 1, "Ana"),
])
def test_a_person_alone_is_logged_and_replays(argv, seat, person, tmp_path, monkeypatch):
    code, text, state = hot_seat([*argv, "--playtests", str(tmp_path)], monkeypatch)
    assert code == 0 and "Pass to" not in text  # no cover for one person
    assert "This playtest is saved in" in text
    log, = playtest.load(tmp_path).games
    assert log.seats[seat] == {"person": person} and log.people == [person]
    assert log.finished and log.state.to_json() == state.to_json()


def test_the_choices_of_every_game_replay(tmp_path):
    for name in gamedesign.GAMES:
        _, state = bot_game(name, tmp_path / name)
        log, = playtest.load(tmp_path / name).games
        assert log.finished and log.state.to_json() == state.to_json(), name


def test_a_decision_with_more_choices_than_are_listed_is_checked_by_count_and_digest(tmp_path, monkeypatch):
    monkeypatch.setattr(playtest, "MAX_LISTED_CHOICES", 2)
    _, state = bot_game("legday", tmp_path)
    path, = tmp_path.iterdir()
    lines = lines_of(path)
    assert any(line.get("legal") is None and line.get("legal_sha256") for line in lines[1:-1])
    log, = playtest.load(path).games
    assert log.state.to_json() == state.to_json()
    digested = next(i for i, line in enumerate(lines) if line.get("legal") is None and i > 0)
    lines[digested]["legal_count"] += 1
    write_lines(path, lines)
    assert "not the engine's" in playtest.load(path).refused[path]


# ----------------------------------------------------------------------------------------
# A game cut short
# ----------------------------------------------------------------------------------------


def test_a_game_whose_process_was_killed_loads_as_unfinished(tmp_path):
    command = [sys.executable, "-m", "gamedesign", "play", "legday", "--players", "2", "--people", "Ana",
               "--seed", "6", "--playtests", str(tmp_path)]
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    seen = b""
    try:
        for _ in range(4):  # answer three prompts, then kill it while it waits for the fourth
            deadline = time.monotonic() + 120
            while seen.count(b"Your move: ") <= _ and time.monotonic() < deadline:
                ready, _w, _x = select.select([child.stdout], [], [], 1)
                if ready:
                    seen += os.read(child.stdout.fileno(), 65536)
            if _ < 3:
                child.stdin.write(b"1\n")
                child.stdin.flush()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdin.close()
        child.stdout.close()
    assert seen.count(b"Your move: ") == 4
    loaded = playtest.load(tmp_path)
    log, = loaded.games
    assert not log.finished and log.scores is None and not log.state.is_over()
    assert len([d for d in log.decisions if d.seat == 0]) == 3
    assert log.state.to_move() == [0, 1] and log.state.to_json() == replay(log).to_json()


def replay(log):
    game = gamedesign.load(log.game, players=log.players, **log.options)
    state = game.new_state(log.seed)
    for d in log.decisions:
        state.apply(d.seat, game.parse_action(d.choice))
    return state


def synced_from(monkeypatch):
    """Record which thread syncs which descriptor (``os.fsync`` still runs)."""
    import threading

    calls = []
    real = os.fsync

    def fsync(fd):
        calls.append((threading.current_thread().name, fd))
        return real(fd)

    monkeypatch.setattr(playtest.os, "fsync", fsync)
    return calls


def wait_for(condition, seconds=20.0):
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)
    return condition()


def test_decisions_never_wait_for_the_disk_and_a_finished_game_is_synced_at_once(tmp_path, monkeypatch):
    import threading

    calls = synced_from(monkeypatch)
    game = gamedesign.load("legday", players=2)
    state = game.new_state(seed=3)
    log = playtest.start(game, [{"person": "Ana"}, {"bot": "greedy"}], state.seed, folder=tmp_path)
    fd = log._fd
    play_game(state, [make_bot("greedy", game)] * 2, bot_seeds=[3],
              on_choice=lambda seat, legal, action: log.decision(seat, legal, action, 0.5))
    assert log.decisions > 10
    assert [c for c in calls if c[0] == threading.current_thread().name] == []  # the player's thread never syncs
    # Every line is with the system at once: a killed program loses nothing written.
    assert len(log.path.read_bytes().splitlines()) == 1 + log.decisions
    log.finish(state)
    assert wait_for(lambda: ("gamedesign-playtest-sync", fd) in calls)  # synced without waiting SYNC_SECONDS
    assert wait_for(lambda: not fd_open(fd, log.path))  # and closed
    assert [c for c in calls if c[0] == threading.current_thread().name] == []
    assert playtest.load(tmp_path).games[0].finished


def fd_open(fd, path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except OSError:
        return False


def test_without_threads_a_decision_syncs_at_most_every_few_seconds_and_the_end_at_once(tmp_path, monkeypatch):
    """Pyodide (JupyterLite) cannot start a thread: the sync happens on the caller's path,
    once SYNC_SECONDS have passed, and at the end."""
    calls = synced_from(monkeypatch)
    syncer = playtest._Syncer()
    syncer._threadless = True
    monkeypatch.setattr(playtest, "_SYNCER", syncer)
    clock = [1000.0]
    monkeypatch.setattr(playtest.time, "monotonic", lambda: clock[0])
    game = gamedesign.load("legday", players=2)
    state = game.new_state(seed=3)
    log = playtest.start(game, [{"person": "Ana"}, {"bot": "greedy"}], state.seed, folder=tmp_path)
    fd = log._fd
    legal = state.legal_actions(0)
    for _ in range(5):
        log.decision(0, legal, legal[0], 1.0)
        clock[0] += 1.0
    assert calls == []  # 5 s have passed since the header, not more
    clock[0] += playtest.SYNC_SECONDS
    log.decision(0, legal, legal[0], 1.0)
    assert len(calls) == 1
    log.close()
    assert len(calls) == 2 and not fd_open(fd, log.path)


def test_a_line_cut_in_the_middle_is_left_out_and_the_game_so_far_loads(tmp_path):
    bot_game("gym", tmp_path)
    path, = tmp_path.iterdir()
    raw = path.read_bytes().split(b"\n")
    path.write_bytes(b"\n".join(raw[:11]) + b"\n" + raw[11][: len(raw[11]) // 2])
    log, = playtest.load(path).games
    assert not log.finished and len(log.decisions) == 10


# ----------------------------------------------------------------------------------------
# Files that are refused, by name
# ----------------------------------------------------------------------------------------


def test_a_folder_refuses_exactly_the_bad_files_by_name_and_loads_the_good_ones(tmp_path):
    good = [bot_game(name, tmp_path, seed=seed)[0].path for name, seed in (("legday", 1), ("diet", 2), ("gym", 3))]
    made = {}

    lines = lines_of(good[0])  # a move the rules forbid: a card that is not in the hand
    game = gamedesign.load("legday")
    deck = [card.name for card in game.deck.cards]
    absent = next(f"pick {name}" for name in deck if f"pick {name}" not in lines[1]["legal"])
    lines[1]["choice"] = absent
    made["tampered"] = tmp_path / "tampered.jsonl"
    write_lines(made["tampered"], lines)

    made["oversized"] = tmp_path / "oversized.jsonl"
    with open(made["oversized"], "wb") as out:  # sparse: nothing is written to the disk
        out.write(good[0].read_bytes())
        out.truncate(playtest.MAX_FILE_BYTES + 1)

    header = lines_of(good[0])[0]
    deep = [0]
    for _ in range(200):
        deep = [deep]
    made["nested"] = tmp_path / "nested.jsonl"
    write_lines(made["nested"], [{**header, "options": {**header["options"], "deck": deep}}])

    made["not-utf8"] = tmp_path / "not-utf8.jsonl"
    made["not-utf8"].write_bytes(good[1].read_bytes().replace(b'"Ana"', b'"An\xe9"', 1))

    made["other-game"] = tmp_path / "other-game.jsonl"
    write_lines(made["other-game"], [{**header, "game": "chess"}])

    loaded = playtest.load(tmp_path)
    assert set(loaded.refused) == set(made.values())
    assert sorted(g.source for g in loaded.games) == sorted(good)
    reasons = {name: loaded.refused[path] for name, path in made.items()}
    assert "line 2" in reasons["tampered"] and "not allowed" in reasons["tampered"]
    assert f"{playtest.MAX_FILE_BYTES:,}" in reasons["oversized"]
    assert "nested too deeply" in reasons["nested"]
    assert "not UTF-8" in reasons["not-utf8"]
    assert "unknown game 'chess'" in reasons["other-game"]


@pytest.mark.parametrize("change, reason", [
    (lambda lines: lines[0].update(format_version=99), "format version 99 is unknown"),
    (lambda lines: lines[3].update(seat=1 - lines[3]["seat"]) or lines[4].update(seat=1 - lines[4]["seat"]), None),
    (lambda lines: lines[-1].update(winners=[0, 1]), "is not the replayed one"),
    (lambda lines: lines.__setitem__(slice(5, -1), []), "the replayed game is not over"),
    (lambda lines: lines[2].update(legal=lines[2]["legal"][:-1], legal_count=len(lines[2]["legal"]) - 1), "not the engine's"),
])
def test_a_changed_log_is_refused_with_the_reason(change, reason, tmp_path):
    bot_game("gym", tmp_path)
    path, = tmp_path.iterdir()
    lines = lines_of(path)
    change(lines)
    write_lines(path, lines)
    loaded = playtest.load(path)
    assert loaded.games == [] and path in loaded.refused
    if reason:
        assert reason in loaded.refused[path]


def test_duplicate_keys_are_refused_by_name(tmp_path):
    bot_game("sprint", tmp_path)
    path, = tmp_path.iterdir()
    text = path.read_text(encoding="utf-8").split("\n")
    text[1] = text[1].replace('"seat":', '"seat":1,"seat":', 1)
    path.write_text("\n".join(text), encoding="utf-8")
    assert "the key 'seat' appears twice" in playtest.load(path).refused[path]


def test_text_that_is_not_json_lines_is_refused(tmp_path):
    (tmp_path / "notes.jsonl").write_text("Ana won, Ben second\n", encoding="utf-8")
    (tmp_path / "empty.jsonl").write_bytes(b"")
    loaded = playtest.load([tmp_path / "notes.jsonl", tmp_path / "empty.jsonl", tmp_path / "missing.jsonl"])
    assert "not valid JSON" in loaded.refused[tmp_path / "notes.jsonl"]
    assert "no complete line" in loaded.refused[tmp_path / "empty.jsonl"]
    assert "cannot be read" in loaded.refused[tmp_path / "missing.jsonl"]


# ----------------------------------------------------------------------------------------
# Sharing, and folders that cannot be written
# ----------------------------------------------------------------------------------------


def test_anonymise_gives_each_person_the_same_label_in_every_file(tmp_path):
    bot_game("legday", tmp_path / "class", seed=1, people=("Ana", "Ben"))
    bot_game("legday", tmp_path / "class", seed=2, people=("Ben", "Cy", "Ana"))
    loaded = playtest.load(tmp_path / "class")
    shared = playtest.anonymise(loaded)
    label = {}
    for before, after in zip(loaded, shared):
        for seat, person in zip(before.seats, after.seats):
            if "person" in seat:
                assert label.setdefault(seat["person"], person["person"]) == person["person"]
            else:
                assert person == seat == {"bot": "random"}
    assert sorted(label) == ["Ana", "Ben", "Cy"] and sorted(label.values()) == ["Player 1", "Player 2", "Player 3"]
    assert sorted(loaded.games[0].people + loaded.games[1].people) == ["Ana", "Ana", "Ben", "Ben", "Cy"]  # unchanged
    files = shared.write(tmp_path / "shared")
    assert all(b'"Ana"' not in f.read_bytes() and b'"Ben"' not in f.read_bytes() for f in files)
    again = playtest.load(tmp_path / "shared")
    assert again.refused == {} and sorted(g.state.to_json() for g in again) == sorted(g.state.to_json() for g in loaded)


def _cannot_write(tmp_path, monkeypatch):
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    if os.access(folder, os.W_OK):  # run as root, who may write anyway: the system refuses instead
        real = os.open

        def refuse(path, flags, *args, **kwargs):
            if str(path).startswith(str(folder)) and flags & os.O_CREAT:
                raise PermissionError(13, "Permission denied", str(path))
            return real(path, flags, *args, **kwargs)

        monkeypatch.setattr(os, "open", refuse)
    return folder


def test_a_read_only_folder_gives_a_problem_and_the_game_goes_on(tmp_path, monkeypatch):
    folder = _cannot_write(tmp_path, monkeypatch)
    game = gamedesign.load("legday", players=2)
    log = playtest.start(game, [{"person": "Ana"}, {"bot": "greedy"}], 1, folder=folder)
    assert log.path is None and log.problem.startswith("playtests are not being saved: ")
    log.decision(0, ["pick X"], "pick X", 1.0)
    log.finish(game.new_state(1))  # nothing happens, nothing raises
    argv = ["play", "legday", "--players", "2", "--people", "Ana", "--seed", "3", "--playtests", str(folder)]
    code, text, state = hot_seat(argv, monkeypatch)
    assert code == 0 and "Game over." in text and state.is_over()
    assert text.count("playtests are not being saved") == 1 and "the game goes on" in text


def test_a_file_in_the_way_of_the_folder_gives_a_problem(tmp_path):
    (tmp_path / "playtests").write_text("not a folder")
    game = gamedesign.load("sprint")
    log = playtest.start(game, [{"person": "Ana"}] * 3, None, folder=tmp_path / "playtests")
    assert log.path is None and "not being saved" in log.problem and isinstance(log.seed, int)


def test_a_log_never_overwrites_a_file_and_names_are_kept_on_one_line(tmp_path):
    game = gamedesign.load("sprint")
    first = playtest.start(game, [{"person": "Ana\nBen"}, {"person": "Cy" * 100}, {"bot": "random"}], 5, folder=tmp_path)
    second = playtest.start(game, [{"bot": "random"}] * 3, 5, folder=tmp_path)
    assert first.path != second.path and len(list(tmp_path.iterdir())) == 2
    header = lines_of(first.path)[0]
    assert header["seats"][0] == {"person": "Ana Ben"}
    assert header["seats"][1] == {"person": "Cy" * (playtest.MAX_PERSON_CHARS // 2)}
    assert header["players"] == 3 and header["source"] == "app" and header["date"].endswith("+00:00")
    with pytest.raises(ValueError, match="seats has 2 entries; this .* game has 3 seats"):
        playtest.start(game, [{"bot": "random"}] * 2, 5, folder=tmp_path)
    with pytest.raises(ValueError, match="allowed: {'person': NAME} or {'bot': NAME}"):
        playtest.start(game, ["Ana", "Ben", "Cy"], 5, folder=tmp_path)


def test_a_deck_given_as_a_file_is_stored_as_its_data(tmp_path):
    from importlib import resources

    data = json.loads(resources.files("gamedesign.games.legday").joinpath("deck.json").read_text(encoding="utf-8"))
    data["scoring"]["bench_set_points"] = 6
    deck = tmp_path / "my_deck.json"
    deck.write_text(json.dumps(data), encoding="utf-8")
    game = gamedesign.load("legday", players=3, deck=str(deck))
    state = game.new_state(2)
    log = playtest.start(game, [{"bot": "greedy"}] * 3, 2, folder=tmp_path / "logs", preset="strong bench")
    play_game(state, [make_bot("greedy", game) for _ in range(3)], bot_seeds=[1],
              on_choice=lambda *a: log.decision(*a, 0))
    log.finish(state)
    deck.unlink()  # the log does not need the file any more
    loaded, = playtest.load(tmp_path / "logs").games
    assert loaded.options["deck"]["scoring"]["bench_set_points"] == 6 and loaded.preset == "strong bench"
    assert loaded.state.to_json() == state.to_json()


@pytest.mark.parametrize("text, message", [
    ("Ana,Ana", "'Ana' is given twice"),
    ("Ana,Ben,Cy,Di,Ed,Flo,Gus", "give 1 to 6 names"),
    ("Ana,,Ben", "give 1 to 6 names"),
    ("Bot 1", "what the terminal calls a bot"),
])
def test_people_names_are_checked(text, message, capsys):
    with pytest.raises(SystemExit):
        cli.main(["play", "legday", "--players", "6", "--people", text, "--no-log"], input=lambda p: "")
    assert message in capsys.readouterr().err


def test_more_people_than_seats_or_a_seat_for_several_is_refused(capsys):
    with pytest.raises(SystemExit):
        cli.main(["play", "gym", "--people", "Ana,Ben,Cy", "--no-log"], input=lambda p: "")
    assert "3 people but this GYM game has 2 seats: add --players 3" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["play", "legday", "--people", "Ana,Ben", "--seat", "2", "--no-log"], input=lambda p: "")
    assert "several --people sit from seat 0" in capsys.readouterr().err
