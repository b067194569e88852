"""The command line: simulate games between bots, or play one against them in a terminal.

    python -m gamedesign simulate legday --players 4 --bots greedy random --games 2000 --seed 1
    python -m gamedesign play legday --players 3 --seed 7

``simulate`` prints one row per seat: the bot, its mean score, its win rate with a 95%
Wilson interval, and how often it was eliminated or the game was drawn. ``play`` shows
your observation, numbers your legal actions, and takes a number or the action's text.
"""

from __future__ import annotations

import argparse
import re
import sys

from .bots import BotError, bot_names, make_bot
from .odds import estimate
from .registry import GAMES, load
from .simulate import MAX_GAMES, MAX_SEED, max_workers, play_game, simulate

#: The longest answer read at the "Your move:" prompt; longer ones are refused unread.
MAX_ANSWER = 200


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m gamedesign``."""
    parser = argparse.ArgumentParser(
        prog="python -m gamedesign",
        description="Simulate tabletop games between bots, or play one against bots in the terminal.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="{simulate,play}")

    sim = commands.add_parser("simulate", help="play many games between bots and print a summary table")
    sim.add_argument("game", choices=GAMES, help="which game")
    sim.add_argument("--players", type=_between(1, 99), default=None, help="number of players (default: the game's usual)")
    sim.add_argument(
        "--bots",
        nargs="+",
        default=["random"],
        metavar="BOT",
        help="one bot name per seat, or one name for every seat (random, greedy, search, search:N)",
    )
    sim.add_argument("--games", type=_between(1, MAX_GAMES), default=1000, help="how many games (default 1000)")
    sim.add_argument("--seed", type=_between(0, MAX_SEED), default=0, help="seed of the whole run (default 0)")
    sim.add_argument(
        "--workers", type=_between(1, max_workers()), default=None, help="processes to use (default: all cores for large runs)"
    )
    sim.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None, help="show a progress bar")
    sim.add_argument(
        "--batch",
        action="store_true",
        help="use the game's vectorised batch path (Leg Day: random and greedy bots; GYM and Diet: random)",
    )

    play = commands.add_parser("play", help="play one game in the terminal against bots")
    play.add_argument("game", choices=GAMES, help="which game")
    play.add_argument("--players", type=_between(1, 99), default=None, help="number of players (default: the game's usual)")
    play.add_argument("--seat", type=_between(0, 99), default=0, help="your seat (default 0)")
    play.add_argument("--bots", nargs="+", default=None, metavar="BOT", help="the other seats' bots (default: greedy)")
    play.add_argument("--seed", type=_between(0, MAX_SEED), default=None, help="seed of the deal (default: a fresh one)")
    return parser


def _between(low: int, high: int):
    """An argument type: a whole number from ``low`` to ``high``, written in digits."""

    def whole(text: str) -> int:
        digits = text.strip().replace("_", "")
        if not re.fullmatch(r"[0-9]+", digits):
            shown = text if len(text) <= 30 else text[:30] + "..."
            raise argparse.ArgumentTypeError(f"must be a whole number, not {shown!r}")
        if len(digits) > len(str(high)) + 1 or int(digits) > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,}, not {_short_number(digits)}")
        if int(digits) < low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, not {text.strip()}")
        return int(digits)

    return whole


def _short_number(digits: str) -> str:
    return digits if len(digits) <= 30 else f"a number of {len(digits.lstrip('0')):,} digits"


def main(argv=None, input=input, output=None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit code.

    ``input`` and ``output`` (a text stream) can be replaced, e.g. in tests. Ctrl-C
    stops any command with a one-line message and exit code 130.
    """
    out = output or sys.stdout
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        try:
            game = load(args.game, players=args.players)
        except ValueError as err:
            parser.error(str(err))
        if args.command == "simulate":
            return _simulate(parser, game, args, out)
        return _play(parser, game, args, input, out)
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130
    except BotError as err:
        print(f"{parser.prog}: a bot failed: {err}", file=sys.stderr)
        return 1


# ----------------------------------------------------------------------------------------
# simulate
# ----------------------------------------------------------------------------------------


def _bots_for(parser, game, names, what="--bots"):
    n = game.num_players
    if len(names) == 1:
        names = names * n
    if len(names) != n:
        parser.error(f"{what}: give one bot for every seat ({n}) or one for all, not {len(names)}")
    for name in names:
        try:
            make_bot(name, game)
        except ValueError as err:
            parser.error(f"{what}: {err}")
    return names


def _simulate(parser, game, args, out) -> int:
    bots = _bots_for(parser, game, args.bots)
    try:
        frame = simulate(
            game, bots, games=args.games, seed=args.seed, workers=args.workers, progress=args.progress, batch=args.batch
        )
    except BotError:
        raise  # not a usage error: main() reports it
    except ValueError as err:
        parser.error(str(err))
    print(f"{game.title}: {args.games} games, {game.num_players} players, seed {args.seed}", file=out)
    print(summary_table(frame), file=out)
    return 0


def summary_table(frame) -> str:
    """One text line per seat: bot, mean score, win rate with its 95% interval,
    elimination and draw rates (from a :func:`gamedesign.simulate` table)."""
    games = frame["game"].nunique()
    header = ("seat", "bot", "mean score", "win rate", "95% interval", "eliminated", "draws")
    lines = [header]
    for seat, rows in frame.groupby("seat", sort=True):
        wins = estimate(int(rows["won"].sum()), games)
        score = rows["score"].mean()
        lines.append(
            (
                str(seat),
                str(rows["bot"].iloc[0]),
                "-" if score is None or score != score else f"{score:.2f}",
                f"{wins.proportion:.3f}",
                f"{wins.low:.3f} to {wins.high:.3f}",
                f"{rows['eliminated'].mean():.3f}",
                f"{rows['draw'].mean():.3f}",
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    text = [
        "  ".join(cell.ljust(w) if i < 2 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths)))
        for line in lines
    ]
    text.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(text)


# ----------------------------------------------------------------------------------------
# play
# ----------------------------------------------------------------------------------------


def _play(parser, game, args, ask, out) -> int:
    n = game.num_players
    if args.seat >= n:
        parser.error(f"--seat: seats are numbered 0 to {n - 1}, not {args.seat}")
    default = "greedy" if "greedy" in bot_names(game) else "random"
    names = args.bots or [default]
    if len(names) == 1:
        names = names * (n - 1)
    if len(names) != n - 1:
        parser.error(f"--bots: give one bot for each of the other {n - 1} seats, or one for all, not {len(names)}")
    for name in names:
        try:
            make_bot(name, game)
        except ValueError as err:
            parser.error(f"--bots: {err}")
    others = [*names[: args.seat], None, *names[args.seat :]]
    bots = [None if name is None else make_bot(name, game) for name in others]
    state = game.new_state(seed=args.seed)
    print(f"{game.title}, {n} players, seed {state.seed}. You are player {args.seat}.", file=out)
    print("Type the number of an action or its text; 'quit' ends the game.", file=out)
    for seat, bot in enumerate(bots):
        if bot is not None:
            bot.reset(game, seat, state.seed + 1 + seat)

    class Human:
        uses_observation = True

        def reset(self, *_):
            pass

        def act(self, observation, legal):
            print("", file=out)
            print(describe_observation(observation), file=out)
            return ask_action(game, legal, ask, out)

    players = [Human() if bot is None else bot for bot in bots]
    try:
        play_game(state, players)
    except KeyboardInterrupt:
        print("\nGame stopped.", file=out)
        return 130
    except BotError as err:
        if err.seat != args.seat or not isinstance(err.__cause__, (EOFError, _Quit)):
            raise
        print("\nGame stopped.", file=out)  # the end of the input, or 'quit'
        return 0
    result = state.result()
    print("", file=out)
    print("Game over.", file=out)
    for seat in range(n):
        who = "you" if seat == args.seat else f"{getattr(players[seat], 'name', 'bot')} bot"
        score = "eliminated" if result.scores[seat] is None else result.scores[seat]
        won = "  WINNER" if seat in result.winners else ""
        print(f"  player {seat} ({who}): {score}{won}", file=out)
    if not result.winners:
        print("  Nobody won.", file=out)
    return 0


class _Quit(Exception):
    """The person at the keyboard asked to stop."""


def ask_action(game, legal, ask, out):
    """Ask until the answer is one of ``legal``: its number or its text."""
    for i, action in enumerate(legal, 1):
        print(f"  {i:>3}. {action}", file=out)
    while True:
        text = ask("Your move: ").strip()
        if text.lower() in ("quit", "exit", "q"):
            raise _Quit()
        if len(text) > MAX_ANSWER:
            print(f"That answer is {len(text):,} characters long: type a number or an action's text.", file=out)
            continue
        if re.fullmatch(r"[0-9]+", text):
            number = int(text) if len(text) <= 6 else 0
            if 1 <= number <= len(legal):
                return legal[number - 1]
            print(f"There is no action {_short_number(text)}: choose 1 to {len(legal)}.", file=out)
            continue
        try:
            action = game.parse_action(text)
        except ValueError as err:
            print(f"Not understood: {err}", file=out)
            continue
        if action in legal:
            return action
        print(f"{str(action)!r} is not allowed now: choose one of the {len(legal)} actions listed.", file=out)


#: Observation entries shown in the header or not worth printing every move.
_SKIP = {"game", "player", "players", "over", "names", "result"}


def describe_observation(observation: dict, log_lines: int = 6) -> str:
    """An observation as readable text, for any game: one entry per line, per-seat lists
    one seat per line, hidden things shown as ``?``."""
    lines = [f"== player {observation.get('player')} =="]
    players = observation.get("players")
    for key, value in observation.items():
        if key in _SKIP:
            continue
        label = key.replace("_", " ")
        if key == "log" and isinstance(value, list):
            if value:
                lines.append(f"{label} (latest):")
                lines += [f"    {line}" for line in value[-log_lines:]]
            continue
        if isinstance(value, list) and players and len(value) == players and any(isinstance(v, list) for v in value):
            lines.append(f"{label}:")
            lines += [f"    player {seat}: {_text(v)}" for seat, v in enumerate(value)]
        elif isinstance(value, dict) and value and all(isinstance(v, (list, dict)) for v in value.values()):
            lines.append(f"{label}:")
            lines += [f"    {k}: {_text(v)}" for k, v in value.items()]
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            lines.append(f"{label}:")
            lines += [f"    {_text(v)}" for v in value]
        else:
            lines.append(f"{label}: {_text(value)}")
    return "\n".join(lines)


def _text(value) -> str:
    if value is None:
        return "?"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_text(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        if len(value) == 2 and isinstance(value[1], bool) and (value[0] is None or isinstance(value[0], str)):
            # a (card, face up) pair
            return "(face down)" if value[0] is None else value[0] + ("" if value[1] else " (down)")
        return "[" + ", ".join(_text(v) for v in value) + "]" if value else "none"
    return str(value)


__all__ = ["build_parser", "describe_observation", "main", "summary_table"]
