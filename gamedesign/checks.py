"""The conformance check: does a game class keep the protocol of :mod:`gamedesign.core`?

:func:`check_game` plays random games of a game class from many seeds and checks what
every tool relies on: games end with a result, the same seed gives the same game, every
action's text reads back as the action, illegal moves are refused and change nothing,
clones are independent, a saved game continues the same way, observations are JSON and
(where the game says what is hidden) hide it, and the optional hooks answer in the
right shape. The three built-in games pass the same check.

A failed check raises :class:`GameCheckError` saying what went wrong and what to fix; a
passed one returns a :class:`CheckReport` listing what was checked and what was not
(an optional hook the game does not define).
"""

from __future__ import annotations

import dataclasses
import json
import math
import numbers
import random

from .core import Game, IllegalAction, Result, State, brief, public_line


class GameCheckError(ValueError):
    """A game class breaks the protocol; the message says what to fix."""


@dataclasses.dataclass
class CheckReport:
    """What :func:`check_game` checked (``passed``) and left out (``skipped``, with why)."""

    game: str
    passed: list = dataclasses.field(default_factory=list)
    skipped: list = dataclasses.field(default_factory=list)

    def __str__(self) -> str:
        lines = [f"{self.game}: {len(self.passed)} checks passed"]
        lines += [f"  ✔ {line}" for line in self.passed]
        lines += [f"  – {line}" for line in self.skipped]
        return "\n".join(lines)

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(str(self))


#: Decision points of one game at which :func:`check_game` tries ``sample_state``.
SAMPLED_DECISIONS = 40


def _fail(what: str, fix: str) -> None:
    raise GameCheckError(f"{what}. To fix: {fix}")


# ----------------------------------------------------------------------------------------
# What the class declares
# ----------------------------------------------------------------------------------------


def check_declarations(game_class) -> None:
    """Check the class attributes every game declares (the quick part of :func:`check_game`)."""
    if not (isinstance(game_class, type) and issubclass(game_class, Game)):
        _fail(
            f"{brief(game_class)} is not a game class",
            "give the class itself (not a game made from it), written as class MyGame(gamedesign.Game)",
        )
    label = game_class.__name__
    name = getattr(game_class, "name", None)
    if not isinstance(name, str) or not name or not name.replace("_", "a").isalnum() or name.lower() != name \
            or not name[0].isalpha() or len(name) > 30:
        _fail(
            f"{label}.name is {brief(name)}",
            "set name to a short lower-case word (letters, digits and _), e.g. name = \"sprint\"",
        )
    if not isinstance(getattr(game_class, "title", None), str) or not game_class.title.strip():
        _fail(f"{label}.title is missing", "set title to the game's name as players read it, e.g. title = \"Sprint\"")
    low, high = getattr(game_class, "min_players", None), getattr(game_class, "max_players", None)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (low, high)) or not 1 <= low <= high:
        _fail(
            f"{label} has min_players={brief(low)} and max_players={brief(high)}",
            "set min_players and max_players to whole numbers, 1 <= min_players <= max_players",
        )
    allowed = game_class.allowed_players
    if allowed is not None and (not allowed or any(not isinstance(n, int) or not low <= n <= high for n in allowed)):
        _fail(
            f"{label}.allowed_players is {brief(allowed)}",
            f"list player counts from {low} to {high}, or leave it None",
        )
    default = game_class.default_players
    counts = allowed or range(low, high + 1)
    if default is not None and default not in counts:
        _fail(f"{label}.default_players is {brief(default)}", f"choose one of {', '.join(map(str, counts))}, or None")
    options = getattr(game_class, "Options", None)
    if not (isinstance(options, type) and dataclasses.is_dataclass(options)):
        _fail(
            f"{label}.Options is {brief(options)}",
            "declare the rule options as a dataclass: @dataclasses.dataclass(frozen=True) class "
            "Options: ... (with no fields if the game has no options), and set Options = that class",
        )
    missing = sorted(getattr(game_class, "__abstractmethods__", ()))
    if missing:
        _fail(f"{label} does not define {', '.join(missing)}", "write these methods (see docs/writing-a-game.md)")


def player_counts(game_class) -> list:
    """Every number of players the game class allows."""
    return list(game_class.allowed_players or range(game_class.min_players, game_class.max_players + 1))


# ----------------------------------------------------------------------------------------
# Playing
# ----------------------------------------------------------------------------------------


def _call(what: str, fix: str, function, *args, **kwargs):
    """``function(*args, **kwargs)``, an error in it reported as what to fix."""
    try:
        return function(*args, **kwargs)
    except GameCheckError:
        raise
    except Exception as err:
        _fail(f"{what} raised {type(err).__name__}: {brief(str(err), 200)}", fix)


def _random_playout(state, rng, on_step=None, limit: int = 100_000):
    label = type(state).__name__
    steps = 0
    while not state.is_over():
        movers = _call(f"{label}.to_move()", "return a list of seats", state.to_move)
        if not isinstance(movers, list) or not all(isinstance(s, int) and 0 <= s < state.game.num_players for s in movers):
            _fail(
                f"{label}.to_move() returned {brief(movers)}",
                "return a list of the seats (0, 1, ...) who must act now",
            )
        idle = next((p for p in range(state.game.num_players) if p not in movers and state.legal_actions(p)), None)
        if idle is not None:
            _fail(f"player {idle} is not in to_move() {movers} but has legal actions",
                  "let legal_actions(player) return [] when it is not that player's move")
        seat = rng.choice(movers)
        legal = _call(f"{label}.legal_actions({seat})", "return a list of actions", state.legal_actions, seat)
        if not isinstance(legal, list) or not legal:
            _fail(
                f"player {seat} must move (to_move() is {movers}) but legal_actions({seat}) is {brief(legal)}",
                "return a non-empty list of actions for every seat in to_move(), or end the game",
            )
        action = rng.choice(legal)
        if on_step is not None:
            on_step(state, seat, action)
        _call(f"applying {brief(action)} for player {seat}", "make _apply work for every legal action",
              state.apply, seat, action)
        steps += 1
        if steps >= limit:
            _fail(
                f"a random game did not end after {limit:,} moves",
                "make sure every game ends (a last round, a turn limit)",
            )
    return state


def _check_result(state, players: int) -> None:
    result = _call("result() of a finished game", "return a gamedesign.Result(scores=..., winners=...)", state.result)
    if not isinstance(result, Result):
        _fail(f"result() returned {brief(result)}", "return gamedesign.Result(scores=(...), winners=(...))")
    if len(result.scores) != players:
        _fail(f"result().scores has {len(result.scores)} entries for {players} players", "give one score per seat")
    for score in result.scores:
        if score is not None and (isinstance(score, bool) or not isinstance(score, numbers.Real) or math.isnan(score)):
            _fail(
                f"result().scores holds {brief(score)}",
                "give a number per seat (None only for an eliminated player)",
            )
    if not all(isinstance(w, int) and 0 <= w < players for w in result.winners):
        _fail(f"result().winners is {brief(result.winners)}", f"list winning seats, numbers from 0 to {players - 1}")
    if any(result.scores[w] is None for w in result.winners):
        _fail("a winner has no score", "give every winner a score")
    stuck = [p for p in range(players) if state.legal_actions(p) != []]
    if stuck:
        _fail(
            f"the game is over but player {stuck[0]} still has legal actions",
            "return [] from legal_actions when the game is over",
        )


def _play_some(state, rng, moves: int):
    for _ in range(moves):
        if state.is_over():
            break
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


# ----------------------------------------------------------------------------------------
# The check
# ----------------------------------------------------------------------------------------


def check_game(game_class, games: int = 12, players=None, options: dict | None = None) -> CheckReport:
    """Check that ``game_class`` keeps the game protocol, by playing ``games`` random games
    for each number of players (or only ``players``), with the rule ``options`` given
    (``{"ties": "split"}``; by default every option at its default).

    Raises :class:`GameCheckError` (a ``ValueError``) at the first problem, saying what
    went wrong and what to fix; returns a :class:`CheckReport` otherwise. The class need
    not be registered. The three built-in games pass the same check. A built game
    (``gamedesign.load("sprint", ties="lose")``) is refused with the call to write instead.
    """
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 1000:
        raise ValueError(f"games must be a whole number from 1 to 1000, not {brief(games)}")
    if isinstance(game_class, Game):
        built = game_class
        changed = {f.name: getattr(built.options, f.name) for f in dataclasses.fields(built.options)
                   if getattr(built.options, f.name) != f.default}
        raise GameCheckError(
            f"{built!r} is not a game class but a game built from one; write check_game({type(built).__name__}"
            + (f", options={changed!r})" if changed else ")")
            + " (or gamedesign.registry.game_class(name) for a game known by its name)"
        )
    if options is None:
        options = {}
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise ValueError(f"options is a table of option name -> value, such as {{'ties': 'split'}}; not {brief(options)}")
    check_declarations(game_class)
    label = game_class.__name__
    if options:
        label += "(" + ", ".join(f"{k}={v!r}" for k, v in options.items()) + ")"
        try:  # unknown options and values are the caller's mistake, not the class's
            game_class(player_counts(game_class)[0], **options)
        except ValueError as err:
            raise ValueError(f"check_game: {err}") from None
    counts = player_counts(game_class)
    if players is not None:
        if players not in counts:
            raise ValueError(f"{label} is played by {', '.join(map(str, counts))} players, not {brief(players)}")
        counts = [players]
    report = CheckReport(game=f"{game_class.title} ({game_class.name})"
                         + (" with " + ", ".join(f"{k}={v!r}" for k, v in options.items()) if options else ""))
    report.passed.append("the class declares name, title, players and Options")
    for n in counts:
        game = _call(f"{label} with {n} players",
                     "let __init__(self, players, **options) call super().__init__(players, **options)",
                     game_class, n, **options)
        if game.num_players != n:
            _fail(f"{label}({n}).num_players is {game.num_players}", "call super().__init__(players, **options)")
        _check_bad_input(game, label, n)
        _check_games(game, label, n, games, report)
    report.passed = list(dict.fromkeys(report.passed))
    report.skipped = list(dict.fromkeys(report.skipped))
    return report


def _check_bad_input(game, label: str, players: int) -> None:
    try:
        type(game)(game.max_players + 1)
    except ValueError:
        pass
    else:
        _fail(
            f"{label}({game.max_players + 1}) was accepted",
            "call super().__init__(players, **options) first in __init__",
        )
    try:
        type(game)(players, no_such_option=True)
    except ValueError:
        pass
    else:
        _fail(f"{label}({players}, no_such_option=True) was accepted", "pass **options on to super().__init__")
    try:
        game.new_state(seed=-1)
    except ValueError:
        pass
    except Exception as err:
        _fail(
            f"new_state(seed=-1) raised {type(err).__name__}",
            "check the seed with gamedesign.core.check_seed(seed)",
        )
    else:
        _fail("new_state(seed=-1) was accepted", "check the seed with gamedesign.core.check_seed(seed)")
    try:
        game.parse_action("fly to the moon \u2708")
    except ValueError:
        pass
    except Exception as err:
        _fail(
            f"parse_action('fly to the moon') raised {type(err).__name__}",
            "raise ValueError for a text that is no action",
        )
    else:
        _fail("parse_action('fly to the moon') gave an action", "raise ValueError for a text that is no action")


def _check_games(game, label: str, n: int, games: int, report: CheckReport) -> None:
    first = _call("new_state(seed=0)", "return a fresh State for the seed", game.new_state, 0)
    if not isinstance(first, State):
        _fail(
            f"new_state returned {brief(first)}",
            "return an object of a class written as class MyState(gamedesign.State)",
        )
    if getattr(first, "game", None) is not game:
        _fail("the new state's .game is not the game that made it", "set self.game = game in the state")

    for seed in range(games):
        state = _random_playout(game.new_state(seed=seed), random.Random(seed))
        _check_result(state, n)
    report.passed.append(f"{games} random games end with a result")

    # Same seed, same game; every action's text reads back as the action.
    a, b = game.new_state(seed=7), game.new_state(seed=7)
    rng = random.Random(3)
    while not a.is_over():
        if a.to_json() != b.to_json():
            _fail("two games from the same seed differ after the same moves",
                  "take every random choice from a random.Random(seed) kept in the state")
        seat = rng.choice(a.to_move())
        action = rng.choice(a.legal_actions(seat))
        back = _call(f"parse_action({str(action)!r})", "read back the text of every action", game.parse_action, str(action))
        if back != action:
            _fail(f"parse_action(str({brief(action)})) gave {brief(back)}",
                  "make parse_action(text) return the action whose str() is text (and actions comparable with ==)")
        a.apply(seat, action)
        b.apply(seat, str(action))
    if a.result() != b.result():
        _fail("the same game played by texts ended differently", "make parse_action return an equal action")
    report.passed.append("the same seed and moves give the same game; actions read back from their text")

    # Illegal moves are refused and change nothing.
    state, rng, probed = game.new_state(seed=5), random.Random(5), [0]

    def probe(state, seat, action):
        if rng.random() > 0.3 and probed[0]:
            return
        before = state.to_json()
        waiting = [p for p in range(n) if p not in state.to_move()]
        if waiting:
            try:
                state.apply(waiting[0], action)
            except IllegalAction:
                pass
            else:
                _fail(
                    f"player {waiting[0]} could move out of turn",
                    "let legal_actions(player) return [] when it is not their move",
                )
        for bad in (n + 3, -1):
            try:
                state.apply(bad, action)
            except IllegalAction:
                pass
        if state.to_json() != before:
            _fail(
                "a refused move changed the state",
                "change the state only in _apply, never in legal_actions or observe",
            )
        probed[0] += 1

    _random_playout(state, rng, probe)
    try:
        state.apply(0, str(state.result().scores))
    except IllegalAction:
        pass
    else:
        _fail("a move was accepted after the game ended", "return [] from to_move() once the game is over")
    report.passed.append("moves out of turn and after the end are refused and change nothing")

    # Clones are independent; saves continue the same way.
    for seed in range(min(games, 4)):
        rng = random.Random(seed)
        state = _play_some(game.new_state(seed=seed), rng, rng.randrange(1, 30))
        frozen = state.to_json()
        twin = _call("clone()", "list the state's data in FIELDS, or write clone()", state.clone)
        if twin.to_json() != frozen:
            _fail("a clone differs from its original", "copy every field in clone()")
        _random_playout(twin, random.Random(seed + 1))
        if state.to_json() != frozen:
            _fail("playing on a clone changed the original",
                  "copy lists and dicts in clone() (the default copies every name in FIELDS deeply)")
        text = _call("to_json()", "keep the state's data JSON-ready (numbers, texts, lists, dicts)", state.to_json)
        loaded = _call("state_from_json(to_json())", "list every changing value in FIELDS, or write state_from_json",
                       game.state_from_json, text)
        if loaded.to_json() != text:
            _fail(
                "a saved and loaded state differs from the original",
                "save and load every field (list it in FIELDS)",
            )
        x = _random_playout(state, random.Random(seed + 100))
        y = _random_playout(loaded, random.Random(seed + 100))
        if x.to_json() != y.to_json() or x.result() != y.result():
            _fail("a loaded game went on differently from the original",
                  "keep the random generator in the state's data (FIELDS: 'rng')")
    report.passed.append("clones are independent; a saved game goes on the same way")

    _check_views(game, n, games, report)
    _check_hooks(game, n, report)


def changed_path(before, after, path: str = "") -> str | None:
    """Where two observations first differ, as a path into them (``"table.bids[1]"``);
    ``None`` when they are equal."""
    if isinstance(before, dict) and isinstance(after, dict):
        for key in [*before, *(k for k in after if k not in before)]:
            where = f"{path}.{key}" if path else str(key)
            if key not in before or key not in after:
                return where
            found = changed_path(before[key], after[key], where)
            if found is not None:
                return found
        return None
    if isinstance(before, list) and isinstance(after, list):
        for i, (x, y) in enumerate(zip(before, after)):
            found = changed_path(x, y, f"{path}[{i}]")
            if found is not None:
                return found
        return None if len(before) == len(after) else f"{path}[{min(len(before), len(after))}]"
    return None if before == after and type(before) is type(after) else (path or "the whole observation")


#: Simultaneous decisions of one game at which :func:`check_game` tries another pending move.
PENDING_CHECKS = 30


def _check_pending(state, n: int, rng, counted: list) -> None:
    """A secret move made at the same time as others must not show until it is revealed:
    for a seat ``q`` of several to move, play two different legal moves in two copies and
    compare what each other seat still to move sees (and may do), move after move, for as
    long as that seat has not moved."""
    movers = state.to_move()
    if len(movers) < 2 or counted[0] >= PENDING_CHECKS:
        return
    q = rng.choice(movers)
    legal = state.legal_actions(q)
    if len(legal) < 2:
        return
    a, b = rng.sample(legal, 2)
    counted[0] += 1
    one, two = state.clone(), state.clone()
    one.apply(q, a)
    two.apply(q, b)
    said = [_call("public_log(player, action)", "return one line of text, or None", public_line, copy, q, move)
            for copy, move in ((one, a), (two, b))]
    if said[0] != said[1]:
        _fail(f"public_log tells player {q}'s secret move before it is shown: {brief(said[0])} or {brief(said[1])}",
              "write in public_log only what everyone sees: for a move chosen in secret, that the player has chosen")
    watch = [p for p in movers if p != q]
    for _ in range(10 * n):
        watch = [p for p in watch if p in one.to_move() and p in two.to_move()]
        if not watch:
            return
        for p in watch:
            seen, other = one.observe(p), two.observe(p)
            where = changed_path(seen, other)
            if where is not None:
                _fail(f"player {p} can see player {q}'s secret move before it is shown: observe({p})[{where!r}] "
                      f"differs when player {q} chose {brief(a)} or {brief(b)}",
                      f"leave a move that others still choose at the same time out of observe() until all have "
                      f"chosen (the key {where!r})")
            if one.legal_actions(p) != two.legal_actions(p):
                _fail(f"player {p}'s legal actions depend on player {q}'s secret move ({brief(a)} or {brief(b)})",
                      "let a secret move change what the others may do only once it is shown")
        # Another seat moves the same way in both copies, while that keeps them comparable.
        others = [s for s in one.to_move() if s in two.to_move() and s not in watch]
        if not others:
            return
        seat = others[0]
        choice = rng.choice(one.legal_actions(seat))
        if choice not in two.legal_actions(seat):
            return
        one.apply(seat, choice)
        two.apply(seat, choice)


def _check_views(game, n: int, games: int, report: CheckReport) -> None:
    rng = random.Random(2)
    variants = [0]
    pending = [0]
    has_variant = [True]

    def check(state, seat, action):
        for p in range(n):
            view = _call(f"observe({p})", "return a dict of what the player may know", state.observe, p)
            if not isinstance(view, dict):
                _fail(f"observe({p}) returned {brief(view)}", "return a dict")
            try:
                same = json.loads(json.dumps(view)) == view
            except (TypeError, ValueError):
                same = False
            if not same:
                _fail(f"observe({p}) is not plain JSON data: {brief(view, 200)}",
                      "use only dicts with text keys, lists, texts, numbers, True/False and None (no tuples or sets)")
            if not has_variant[0]:
                continue
            try:
                variant = state.hidden_variant(p, rng)
            except NotImplementedError:
                has_variant[0] = False
                continue
            if variant is not None:
                where = changed_path(view, variant.observe(p))
                if where is not None:
                    _fail(f"observe({p})[{where!r}] changed when only what player {p} cannot know changed",
                          f"leave out of observe({p}) what player {p} may not see (the key {where!r})")
                variants[0] += 1
        _check_pending(state, n, rng, pending)

    for seed in range(min(games, 3)):
        _random_playout(game.new_state(seed=seed), rng, check)
    report.passed.append("observations are plain JSON data")
    if pending[0]:
        report.passed.append("secret moves made at the same time stay hidden until shown")
    if has_variant[0] and variants[0]:
        report.passed.append("observations hide what a player cannot know (hidden_variant)")
    elif not has_variant[0]:
        report.skipped.append(
            "no hidden_variant: nothing proves that observations hide what they must (fine when nothing is hidden)"
        )


def _check_hooks(game, n: int, report: CheckReport) -> None:
    state = game.new_state(seed=1)
    rng = random.Random(1)
    sampling = game.can_sample_states()
    scoring = type(state).running_scores is not State.running_scores
    valuing = type(game).action_value is not Game.action_value
    logging = type(state).public_log is not State.public_log
    if not scoring and game.lab_profile() is None:
        report.skipped.append("no running_scores: the lab measures no lead changes")
    if not sampling:
        report.skipped.append("no sample_state: no search bot")
    if not valuing and "greedy" not in game.bots():
        report.skipped.append("no action_value: no greedy bot")
    if len({seat for team in game.teams() for seat in team}) != n or sum(map(len, game.teams())) != n:
        _fail(f"teams() is {brief(game.teams())}", "list every seat in exactly one team")
    checked = 0
    while not state.is_over():
        checked += 1
        if scoring:
            scores = _call("running_scores()", "return one number per seat", state.running_scores)
            if scores is not None and (
                len(scores) != n or not all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in scores)
            ):
                _fail(f"running_scores() returned {brief(scores)}", f"return {n} numbers, one per seat, or None")
        for seat in state.to_move():
            view = state.observe(seat)
            legal = state.legal_actions(seat)
            if sampling and checked <= SAMPLED_DECISIONS:
                sample = _call("sample_state(observation, rng)", "return a full State that agrees with the observation",
                               game.sample_state, view, random.Random(rng.random()))
                if not isinstance(sample, State) or sample.observe(seat) != view:
                    _fail(f"sample_state(observe({seat}), rng) gave a state whose observe({seat}) differs",
                          "keep everything the player sees and imagine only what is hidden")
                if sample.legal_actions(seat) != legal:
                    _fail("a sampled state offers other legal actions", "keep what decides the legal actions")
            if valuing:
                for action in legal:
                    value = _call(f"action_value(observation, {brief(action)})", "return a number", game.action_value, view, action)
                    if isinstance(value, bool) or not isinstance(value, numbers.Real) or math.isnan(value):
                        _fail(
                            f"action_value(..., {brief(action)}) returned {brief(value)}",
                            "return a number (higher is better)",
                        )
        seat = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        if logging:
            _call("public_log(player, action)", "return one line of text about the move, or None", public_line, state,
                  seat, action)
    if scoring:
        report.passed.append("running_scores gives one number per seat")
    if logging:
        report.passed.append("public_log gives a line of text a move")
    if sampling:
        report.passed.append("sample_state agrees with each observation (search bot)")
    if valuing:
        report.passed.append("action_value gives a number for every legal action (greedy bot)")


__all__ = ["CheckReport", "GameCheckError", "changed_path", "check_declarations", "check_game", "player_counts"]
