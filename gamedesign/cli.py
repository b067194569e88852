"""The command line: simulate games between bots, play one against them in a terminal, or
print a game for a paper playtest.

    python -m gamedesign simulate legday --players 4 --bots greedy random --games 2000 --seed 1
    python -m gamedesign play legday --players 3 --seed 7
    python -m gamedesign print legday --deck my_deck.json --out my_cards.html
    python -m gamedesign simulate my_game.py:PigGame --option target=50 --bots greedy

Wherever a game is named, a student's own game works too: ``FILE.py:ClassName`` or
``module:ClassName`` (imported and registered, see :func:`gamedesign.registry.game_from_spec`);
``--option name=value`` (repeatable) sets a rule option on every command.

``simulate`` prints one row per seat: the bot, its mean score, its win rate with a 95%
Wilson interval, and how often it was eliminated or the game was drawn. ``play`` shows a
table of the situation at each of your turns (``terminal.py``), says what the bots did,
takes a move with only one choice by itself, and asks for the others through menus of at
most :data:`MENU_LIMIT` entries (first the kind of move, then its details; Diet Game
discards card by card). You can answer with a number or type an action's text. You are
"You", the bots "Bot 1", "Bot 2", ... in seat order. With ``--people Ana,Ben`` (hot-seat
play, 1 to :data:`MAX_PEOPLE` people, seated from seat 0) each person is called by name,
and before each person's decision the screen is cleared behind a cover ("Pass to Ben:
press Enter when only Ben can see the screen"); secret choices made at once (Leg Day's
picks) are taken person by person and shown together after the round. Every game with a
person in it is logged for the class (:mod:`gamedesign.playtest`) to ``--playtests DIR``
(default ``playtests``), unless ``--no-log``; a log that cannot be written is said once
and the game goes on. ``print`` writes one HTML page to
print from a browser (:mod:`gamedesign.printables`): the rules sheet and every card
(``--what pack``, the default), only the cards or the rules, or a playtest observation
sheet (``--what observation``), for the game's own deck, a deck file (``--deck``) or a
design-lab preset (``--preset``).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import sys
import time
from pathlib import Path

from . import playtest, printables, terminal
from .bots import BotError, bot_names, make_bot
from .decks import MAX_NAME_CHARS
from .odds import estimate
from .core import State, brief, public_line
from .registry import GAMES, SPEC_FORMS, game_class, game_from_spec, load
from .simulate import MAX_GAMES, MAX_SEED, GameError, max_workers, play_game, simulate

#: The longest answer read at the "Your move:" prompt; longer ones are refused unread.
MAX_ANSWER = 200
#: The most people at one screen in hot-seat play (``--people``).
MAX_PEOPLE = 6
#: The environment variable that, when set, is the default of ``play --playtests``.
PLAYTESTS_VARIABLE = "GAMEDESIGN_PLAYTESTS"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m gamedesign``."""
    parser = argparse.ArgumentParser(
        prog="python -m gamedesign",
        description="Simulate tabletop games between bots, play one against bots in the terminal, "
        "or print one for a paper playtest.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="{simulate,play,print}")

    sim = commands.add_parser("simulate", help="play many games between bots and print a summary table")
    sim.add_argument("game", help="which game: " + ", ".join(GAMES) + ", or FILE.py:ClassName / module:ClassName")
    _option_argument(sim)
    sim.add_argument("--players", type=_between(1, 99), default=None, help="number of players (default: the game's usual)")
    sim.add_argument(
        "--bots",
        nargs="+",
        default=["random"],
        metavar="BOT",
        help="one bot name per seat, or one name for every seat (random, greedy, search, expert, search:N)",
    )
    sim.add_argument("--games", type=_between(1, MAX_GAMES), default=1000, help="how many games (default 1000)")
    sim.add_argument("--seed", type=_between(0, MAX_SEED), default=0, help="seed of the whole run (default 0)")
    sim.add_argument(
        "--workers", type=_between(1, max_workers()), default=None, help="processes to use (default: all cores for large runs)"
    )
    sim.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None, help="show a progress bar")
    sim.add_argument(
        "--batch",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="--batch: the game's vectorised batch path; --no-batch: the engine, move by move "
        "(default: the batch path where the game has one for these bots)",
    )

    play = commands.add_parser("play", help="play one game in the terminal against bots")
    play.add_argument("game", help="which game: " + ", ".join(GAMES) + ", or FILE.py:ClassName / module:ClassName")
    _option_argument(play)
    play.add_argument("--players", type=_between(1, 99), default=None, help="number of players (default: the game's usual)")
    play.add_argument("--seat", type=_between(0, 99), default=0, help="your seat (default 0), for one person")
    play.add_argument(
        "--people",
        default=None,
        metavar="NAMES",
        help=f"hot-seat play: 1 to {MAX_PEOPLE} people sharing the screen, by name (--people Ana,Ben), seated "
        "from seat 0; each decision is taken behind a 'Pass to ...' cover",
    )
    play.add_argument("--bots", nargs="+", default=None, metavar="BOT", help="the other seats' bots (default: greedy)")
    play.add_argument("--seed", type=_between(0, MAX_SEED), default=None, help="seed of the deal (default: a fresh one)")
    play.add_argument(
        "--playtests",
        metavar="DIR",
        default=os.environ.get(PLAYTESTS_VARIABLE) or "playtests",
        help=f"the folder the playtest log goes to (default: playtests, or ${PLAYTESTS_VARIABLE})",
    )
    play.add_argument("--no-log", action="store_true", help="do not save a playtest log")

    paper = commands.add_parser(
        "print", help="write a page to print: a rules sheet and cards, or a playtest observation sheet (HTML)"
    )
    paper.add_argument("game", help="which game: " + ", ".join(GAMES) + ", or FILE.py:ClassName / module:ClassName")
    _option_argument(paper)
    paper.add_argument(
        "--what",
        choices=tuple(printables.KINDS),
        default="pack",
        help="pack: the rules sheet and every card (default); cards; rules; observation: an observation sheet; "
        "results: the results sheet a paper playtest is typed in from",
    )
    paper.add_argument("--players", type=_between(1, 99), default=None, help="number of players (default: the game's usual)")
    source = paper.add_mutually_exclusive_group()
    source.add_argument("--deck", metavar="FILE", default=None, help="a deck file (JSON) to print instead of the game's own")
    source.add_argument("--preset", metavar="PRESET", default=None, help="a design-lab preset's name or file (.json, .toml)")
    paper.add_argument("--paper", choices=tuple(printables.PAPERS), default=None, help="paper size (default: the printer's)")
    paper.add_argument("--out", metavar="FILE", default=None, help="the page to write, ending in .html (default: GAME-WHAT.html)")
    sides = paper.add_mutually_exclusive_group()
    sides.add_argument("--fold", action="store_true",
                       help="one-sided paper: each card's front beside its back, to fold over (3 cards a page)")
    sides.add_argument("--no-backs", action="store_true", help="print the card fronts only, no backs")
    return parser


def _option_argument(command) -> None:
    command.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                         help="a rule option, e.g. --option ties=split (repeat for several)")


def parse_options(cls, texts) -> dict:
    """Rule options from ``NAME=VALUE`` texts, each value read as the option's type: one
    of its choices as written, ``true``/``false``, a whole number or a number, or a text.
    ``ValueError`` naming the option and what it allows."""
    fields = {f.name: f for f in dataclasses.fields(cls.Options)}
    options = {}
    for text in texts:
        name, equals, value = text.partition("=")
        name, value = name.strip(), value.strip()
        if not equals or not name:
            raise ValueError(f"--option {brief(text)}: write NAME=VALUE, such as ties=split")
        if name not in fields:
            raise ValueError(f"--option {brief(name)}: {cls.title} has no such option; options: "
                             f"{', '.join(fields) or 'none'}")
        if name in options:
            raise ValueError(f"--option {name} is given twice; give each option once")
        options[name] = _option_value(cls, fields[name], value)
    return options


def _option_value(cls, field, text: str):
    choices = field.metadata.get("choices")
    if choices:
        found = [c for c in choices if str(c).casefold() == text.casefold()]
        if not found:
            raise ValueError(f"--option {field.name}={brief(text)}: allowed values: {', '.join(map(str, choices))}")
        return found[0]
    default = field.default
    if default is None:
        raise ValueError(f"--option {field.name} cannot be set on the command line"
                         + (" (use --deck FILE)" if field.name == "deck" else ""))
    if isinstance(default, bool):
        if text.casefold() in ("true", "yes", "1"):
            return True
        if text.casefold() in ("false", "no", "0"):
            return False
        raise ValueError(f"--option {field.name}={brief(text)}: write true or false")
    if isinstance(default, (int, float)):
        try:
            return int(text) if isinstance(default, int) and len(text) <= 30 else float(text)
        except ValueError:
            raise ValueError(f"--option {field.name}={brief(text)}: write a number") from None
    return text


def _load(parser, args):
    """The game the command names, with its ``--players`` and ``--option`` settings."""
    try:
        name = game_from_spec(args.game)
        return name, load(name, players=args.players, **parse_options(game_class(name), args.option))
    except ValueError as err:
        parser.error(str(err))


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
        if args.command == "print":
            return _print(parser, args, out)
        _, game = _load(parser, args)
        if args.command == "simulate":
            return _simulate(parser, game, args, out)
        return _play(parser, game, args, input, out)
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130
    except BotError as err:
        print(f"{parser.prog}: a bot failed: {err}", file=sys.stderr)
        return 1
    except GameError as err:  # a game that never ends, or a mover with no legal move
        print(f"{parser.prog}: the game stopped: {err}", file=sys.stderr)
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
    except (BotError, GameError):
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
# print
# ----------------------------------------------------------------------------------------


def _print(parser, args, out) -> int:
    """Write the page ``--what`` of the game, deck file or preset to ``--out``."""
    try:
        if args.preset is not None:
            from .lab import load_preset

            variant = load_preset(args.preset)
            name = game_from_spec(args.game)
            if variant.game != name:
                raise ValueError(f"--preset: {variant.label!r} is a variant of {variant.game!r}, not of {name!r}")
            options = parse_options(game_class(name), args.option)
            if args.players is not None or options:
                variant = variant.with_changes(name=variant.name, options=options,
                                               **({} if args.players is None else {"players": args.players}))
            printout = printables.prepare(variant, cards=args.what == "cards")
        else:
            name = game_from_spec(args.game)
            options = parse_options(game_class(name), args.option)
            if args.deck is not None:
                options["deck"] = args.deck
            game = load(name, players=args.players, **options)
            label = "" if args.deck is None else f"deck {Path(args.deck).name}"[:MAX_NAME_CHARS]
            printout = printables.prepare(game, label=label, cards=args.what == "cards")
        sides = {"backs": not args.no_backs, "fold": args.fold} if args.what in ("pack", "cards") else {}
        if not sides and (args.fold or args.no_backs):
            raise ValueError(f"--fold and --no-backs are for the cards (--what pack or cards), not --what {args.what}")
        page = printables.KINDS[args.what](printout, paper=args.paper, **sides)
        # An empty --out is refused, not taken for the default; the page never replaces its inputs.
        out_file = f"{name}-{args.what}.html" if args.out is None else args.out
        path = printables.write_html(page, out_file, inputs=[f for f in (args.deck, args.preset) if f])
    except ValueError as err:
        parser.error(str(err))
    pages = page.count('<section class="page')
    held = "an observation sheet" if args.what == "observation" else "a results sheet" if args.what == "results" else (
        f"{printout.card_count} cards" if args.what == "cards" else "the rules sheet" if args.what == "rules"
        else f"the rules sheet and {printout.card_count} cards" if printout.card_count
        else f"the rules sheet and an observation sheet, and no cards ({printout.title} has none to print)"
    )
    print(f"Wrote {path}: {held} of {printout.title}, {pages} page{'s' if pages != 1 else ''} to print.", file=out)
    return 0


# ----------------------------------------------------------------------------------------
# play
# ----------------------------------------------------------------------------------------


def _people(parser, text: str | None) -> list[str]:
    """The names of ``--people``: 1 to :data:`MAX_PEOPLE`, different, each one line."""
    if text is None:
        return []
    names = [name.strip() for name in text.split(",")]
    if not 1 <= len(names) <= MAX_PEOPLE or not all(names):
        parser.error(f"--people: give 1 to {MAX_PEOPLE} names separated by commas (--people Ana,Ben), not {brief(text)}")
    for name in names:
        if len(name) > playtest.MAX_PERSON_CHARS or not name.isprintable():
            parser.error(f"--people: {brief(name)} is not a name: use at most {playtest.MAX_PERSON_CHARS} printable characters")
        if re.fullmatch(r"(?i)bot \d+|you", name):
            parser.error(f"--people: {name!r} is what the terminal calls a bot or 'you': choose another name")
    folded = [name.casefold() for name in names]
    twice = sorted({name for name, key in zip(names, folded) if folded.count(key) > 1})
    if twice:
        parser.error(f"--people: {twice[0]!r} is given twice; give each person a different name")
    return names


def _play(parser, game, args, ask, out) -> int:
    n = game.num_players
    people = _people(parser, args.people)
    if args.seat >= n:
        parser.error(f"--seat: seats are numbered 0 to {n - 1}, not {args.seat}")
    if len(people) > n:
        parser.error(f"--people: {len(people)} people but this {game.title} game has {n} seats: add --players {len(people)}")
    if len(people) > 1 and args.seat != 0:
        parser.error("--seat places one person; several --people sit from seat 0 in the order given")
    seats = [args.seat] if len(people) <= 1 else list(range(len(people)))
    default = "greedy" if "greedy" in bot_names(game) else "random"
    kinds = args.bots or [default]
    bot_seats = n - len(seats)
    if len(kinds) == 1:
        kinds = kinds * bot_seats
    if len(kinds) != bot_seats:
        parser.error(f"--bots: give one bot for each of the other {bot_seats} seats, or one for all, not {len(kinds)}")
    for kind in kinds:
        try:
            make_bot(kind, game)
        except ValueError as err:
            parser.error(f"--bots: {err}")
    left = iter(kinds)
    others = [None if seat in seats else next(left) for seat in range(n)]
    bots = [None if kind is None else make_bot(kind, game) for kind in others]
    names = terminal.seat_names(others, seats[0])
    full = terminal.full_names(others, seats[0])
    for seat, person in zip(seats, people):
        names[seat] = full[seat] = person
    number = 0
    for seat in range(n):  # the bots numbered 1, 2, ... whoever sits between them
        if seat not in seats:
            number += 1
            names[seat], full[seat] = f"Bot {number}", f"Bot {number} ({others[seat]})"
    state = game.new_state(seed=args.seed)
    against = terminal.listing(name for seat, name in enumerate(full) if seat not in seats)

    def say(text=""):
        print(text, file=out)

    if len(seats) == 1:
        say(f"{game.title}, {n} players, seed {state.seed}. {'You sit' if not people else people[0] + ' sits'} in seat {seats[0]}.")
    else:
        sitting = ", ".join(f"{person} in seat {seat}" for seat, person in zip(seats, people))
        say(f"{game.title}, {n} players, seed {state.seed}. Hot-seat play: {sitting}.")
    if bot_seats:
        for line in terminal.wrap(f"Against: {against}." if len(seats) == 1 else f"Bots: {against}."):
            say(line)
    say("Type the number of a choice or an action's text.")
    say("'back' goes up a menu, 'quit' ends the game.")
    for seat, bot in enumerate(bots):
        if bot is not None:
            bot.reset(game, seat, state.seed + 1 + seat)
    log = None
    if not args.no_log:
        entries = [{"bot": kind} if kind is not None else {"person": names[seat] if people else "You"}
                   for seat, kind in enumerate(others)]
        log = playtest.start(game, entries, state.seed, folder=args.playtests, source="terminal")
        told = (log.problem + "; the game goes on." if log.problem
                else f"This playtest is saved in {log.path.parent}{os.sep} as {log.path.name}.")
        for line in terminal.wrap(told):
            say(line)
    screen = _Screen(ask, out, len(seats) > 1, _is_terminal(out))
    tables = {seat: Table(game, names, full, ask, out, seat=seat, screen=screen) for seat in seats}
    watcher = _Watcher(tables, log, say)
    players = [tables[seat] if bot is None else bot for seat, bot in enumerate(bots)]
    try:
        play_game(state, players, on_move=watcher.moved, on_choice=watcher.chose)
    except KeyboardInterrupt:
        say("\nGame stopped.")
        return 130
    except BotError as err:
        if err.seat not in tables or not isinstance(err.__cause__, (EOFError, _Quit)):
            raise
        say("\nGame stopped.")  # the end of the input, or 'quit'
        return 0
    finally:
        if log is not None and not state.is_over():
            log.close()  # kept as an unfinished game
    if log is not None:
        log.finish(state)
        watcher.tell()
    if len(seats) == 1:
        tables[seats[0]].show_log(state.observe(seats[0]))
    else:
        screen.clear()
    result = state.result()
    say("")
    say("Game over.")
    rows = []
    for seat in range(n):
        score = terminal.score_text(game, result.scores[seat])
        breakdown = result.breakdown[seat] if seat < len(result.breakdown) else None
        rows.append((full[seat], score, "WINNER" if seat in result.winners else "", terminal.breakdown_text(game, breakdown)))
    for line in terminal.table(rows):
        say(line)
    if not result.winners:
        say("  Nobody won.")
    if _is_terminal(out):  # a person at a keyboard: scripted input and logs are not asked
        seated = [{"person": names[seat] if people else "You"} if seat in seats else {"bot": others[seat]}
                  for seat in range(n)]
        offer_review(game, seated, state.seed, watcher.moves, seats, names, ask, say, out)
    return 0


def offer_review(game, seated, seed, moves, seats, names, ask, say, out=None) -> None:
    """After a game in the terminal: "How did I play?" for each person who asks (their
    name, or r with one person), until an empty answer, the end of the input or Ctrl-C."""
    from .lab.review import review

    prompt = ("Type r and Enter for 'How did I play?' (Enter alone ends): " if len(seats) == 1 else
              f"Type your name ({', '.join(names[s] for s in seats)}) for 'How did I play?' (Enter alone ends): ")
    try:
        log = playtest.in_memory(game, seated, seed, moves, played_in="terminal")
        while True:
            answer = ask(prompt).strip()
            if not answer:
                return
            wanted = [s for s in seats if len(seats) == 1 and answer.lower() in ("r", "review", "y", "yes")
                      or names[s].casefold() == answer.casefold()]
            if not wanted:
                say(f"{brief(answer)} is not one of the people here: {', '.join(names[s] for s in seats)}.")
                continue
            seat = wanted[0]
            shown = list(names)
            shown[seat] = "you"
            result = review(log, seat=seat, names=shown,
                            progress=lambda done, total: print(f"\rValuing your decisions: {done} of {total}",
                                                               end="", flush=True, file=out))
            print("\r" + " " * 50 + "\r", end="", file=out)
            for line in result.lines():
                for part in terminal.wrap(line) if line else [""]:
                    say(part)
    except (EOFError, KeyboardInterrupt):
        return


def _is_terminal(out) -> bool:
    try:
        return out.isatty()
    except (AttributeError, ValueError):
        return False


class _Screen:
    """The one screen that several people share in hot-seat play: before a person's
    decision it is cleared and covered ("Pass to Ben: ...") unless that person was the last
    to see it."""

    def __init__(self, ask, out, shared: bool, tty: bool):
        self.ask, self.out, self.shared, self.tty = ask, out, shared, tty
        self.seen_by: int | None = None

    def clear(self) -> None:
        """Wipe what the last person saw: an ANSI clear on a terminal, else nothing (the
        scripted input of a test, a log)."""
        if self.shared and self.tty:
            print("\n" * 60 + "\033[2J\033[3J\033[H", end="", file=self.out, flush=True)

    def cover(self, seat: int, name: str) -> None:
        """Hand the screen to ``name`` (at ``seat``), unless it is theirs already."""
        if not self.shared or self.seen_by == seat:
            return
        self.clear()
        answer = self.ask(f"Pass to {name}: press Enter when only {name} can see the screen ").strip()
        if answer.lower() in ("quit", "exit", "q"):
            raise _Quit()
        self.clear()
        self.seen_by = seat


class _Watcher:
    """Tells every person's table about each choice and move, and logs each decision with
    the seconds it took (a person's from the moment the screen was theirs)."""

    def __init__(self, tables: dict, log, say):
        self.tables, self.log, self.say = tables, log, say
        self.mark = time.perf_counter()
        self.told = log is None or log.problem is not None
        self.moves: list = []  # (seat, legal, action, seconds): the game for "How did I play?"

    def chose(self, seat, legal, action) -> None:
        for table in self.tables.values():
            table.chose(seat, legal, action)
        now = time.perf_counter()
        seconds = self.tables[seat].thinking if seat in self.tables else now - self.mark
        self.mark = now
        self.moves.append((seat, list(legal), action, seconds))
        if self.log is not None:
            self.log.decision(seat, legal, action, seconds)
            self.tell()

    def moved(self, seat, action, state) -> None:
        for table in self.tables.values():
            table.moved(seat, action, state)
        self.mark = time.perf_counter()

    def tell(self) -> None:
        """Print the log's problem, once."""
        if not self.told and self.log.problem is not None:
            self.told = True
            for line in terminal.wrap(self.log.problem + "; the game goes on."):
                self.say(line)


class _Quit(Exception):
    """The person at the keyboard asked to stop."""


class _Back(Exception):
    """The person at the keyboard asked for the menu above."""


#: The most choices listed at once; longer lists are split into menus.
MENU_LIMIT = 15

#: What a field of an action is called when a menu asks for it.
_FIELD_WORDS = {"kid": "Kid", "a": "first Kid", "first": "event", "coach": "Coach", "event": "event", "seat": "player"}


class Table:
    """The person at the keyboard, as a player of :func:`play_game`: shows the table at
    each turn, takes single choices by itself and asks for the rest through short menus."""

    uses_observation = True

    def __init__(self, game, names, full, ask, out, seat: int = 0, screen: "_Screen | None" = None):
        self.game, self.names, self.full, self.ask, self.out = game, names, full, ask, out
        self.seat, self.screen = seat, screen
        self.thinking = 0.0  # seconds of the last decision, from when the screen was this person's
        self.seen = 0
        self.observation: dict = {}
        self.said: list[str] = []  # the game's public lines (State.public_log) not shown yet
        self.round: list[int] = []  # the seats choosing in this round
        self.applying = False

    def reset(self, *_):
        pass

    def chose(self, seat, legal, action) -> None:
        """Before a round's moves are applied: note who moves in it."""
        if self.applying:
            self.round, self.applying = [], False
        self.round.append(seat)

    def moved(self, seat, action, state) -> None:
        """After every move: keep the game's own line for it (``State.public_log``). A game
        with neither that nor a log in its observations gets the move's text, or, for a
        move chosen in secret beside others, only that it was chosen."""
        self.applying = True
        line = public_line(state, seat, action)
        if line is None and type(state).public_log is State.public_log and "log" not in state.observe(seat):
            line = f"{self.full[seat]} has chosen." if len(self.round) > 1 else f"{self.full[seat]}: {self.label(action)}"
        if line is not None:
            self.said.append(line)

    def say(self, text: str = "") -> None:
        """Print ``text``, lines longer than the terminal wrapped."""
        for line in text.split("\n"):
            indent = line[: len(line) - len(line.lstrip())]
            for part in terminal.wrap(line.strip(), indent) if len(line) > terminal.WIDTH else [line]:
                print(part, file=self.out)

    def label(self, action) -> str:
        """An action's text with the players' names ("force Bot 1")."""
        return terminal.rename(str(action), self.names, self.engine_names, capitalise=False, sentences=self.game.log_sentences)

    def hinted(self, action) -> str:
        """An action's text with a short note, for menus."""
        hint = terminal.action_hint(self.game, action)
        return f"{self.label(action)}  {hint}" if hint else self.label(action)

    @property
    def engine_names(self):
        """The seat names the game writes in its log (the Diet Game's "Ann", "Bo", ...)."""
        return getattr(self.game, "names", ())

    def show_log(self, observation) -> None:
        """Print what happened since the last call (the bots' moves, in their names)."""
        lines, self.seen = terminal.new_log_lines(observation, self.seen)
        lines, self.said = lines + self.said, []
        if lines:
            self.say("")
            self.say("What happened:")
            for line in lines:
                for part in terminal.wrap(terminal.rename(line, self.names, self.engine_names, sentences=self.game.log_sentences), "  "):
                    self.say(part)

    def act(self, observation, legal):
        """Show what happened and the table, then the choice: taken by itself when there
        is one, else asked for. In hot-seat play the screen is first handed to this person
        (behind a cover), and a move with one choice is taken without showing anything."""
        self.observation = observation
        shared = self.screen is not None and self.screen.shared
        if len(legal) == 1 and shared:
            self.thinking = 0.0
            return legal[0]  # nothing to ask: what happened waits for this person's next turn
        if self.screen is not None:
            self.screen.cover(self.seat, self.names[self.seat])
        began = time.perf_counter()
        try:
            return self._act(observation, legal, shared)
        finally:
            self.thinking = time.perf_counter() - began

    def _act(self, observation, legal, shared: bool):
        self.show_log(observation)
        if len(legal) == 1:
            self.say(f"Only one thing to do: {self.label(legal[0])} - done.")
            return legal[0]
        if shared:
            self.say("")
            self.say(f"{self.names[self.seat]}, it is your turn.")
        self.say("")
        self.say(terminal.view(self.game, observation, self.names, self.full))
        self.say("")
        if all(type(a).__name__ == "Discard" for a in legal) and "hand" in observation:
            return self.choose_discards(observation["hand"], legal)
        return self.choose(legal)

    # -- menus ---------------------------------------------------------------------------

    def choose(self, legal):
        """A choice among ``legal``, through menus of at most :data:`MENU_LIMIT` entries."""
        path = [list(legal)]
        depth = [0]
        while True:
            entries, heading = self.menu(path[-1], depth[-1])
            if heading:
                self.say(heading)
            for i, (text, _) in enumerate(entries, 1):
                for k, part in enumerate(terminal.wrap(text, "", terminal.WIDTH - 7)):
                    self.say(f"  {i:>3}. {part}" if k == 0 else f"       {part}")
            try:
                picked = self.read(legal, entries, can_go_back=len(path) > 1)
            except _Back:
                path.pop()
                depth.pop()
                continue
            if not isinstance(picked, list):
                return picked
            path.append(picked)
            depth.append(depth[-1] + 1)

    def menu(self, actions, depth):
        """(entries, heading) of one menu: entries are (text, action) or (text, [actions])."""
        if len(actions) <= MENU_LIMIT:
            return [(self.hinted(a), a) for a in actions], ("Choose:" if depth else "Your choices:")
        groups: dict = {}
        for action in actions:
            groups.setdefault(_key(action, depth), []).append(action)
        if len(groups) == 1 and depth < _depth(actions[0]):
            return self.menu(actions, depth + 1)
        if depth == 0:
            heading = f"{len(actions)} possible moves. First choose what kind:"
        else:
            what = "which " + _FIELD_WORDS.get(_field(actions[0], depth), "one")
            if depth == 1 and type(actions[0]).__name__ in _FIRST_QUESTION:
                what = _FIRST_QUESTION[type(actions[0]).__name__][1]
            heading = f"{self.label(actions[0]).split()[0].capitalize()}: {what}?"
        entries = []
        for key, group in groups.items():
            if len(group) == 1:
                entries.append((self.hinted(group[0]), group[0]))
            else:
                if depth == 0:
                    entries.append((terminal.kind_label(self.game, key, len(group)), group))
                    continue
                shown = self.names[key] if _field(group[0], depth) == "seat" else terminal.value_label(self.game, key, self.observation)
                entries.append((f"{shown} ({len(group)} choices)", group))
        return entries, heading

    def read(self, legal, entries, can_go_back=False):
        """An answer: a number from ``entries`` (an action or a group) or an action's text."""
        while True:
            text = self.ask("Your move: ").strip()
            if text.lower() in ("quit", "exit", "q"):
                raise _Quit()
            if text.lower() in ("back", "b") and can_go_back:
                raise _Back()
            if len(text) > MAX_ANSWER:
                self.say(f"That answer is {len(text):,} characters long: type a number or an action's text.")
                continue
            if re.fullmatch(r"[0-9]+", text):
                number = int(text) if len(text) <= 6 else 0
                if 1 <= number <= len(entries):
                    return entries[number - 1][1]
                self.say(f"There is no choice {_short_number(text)}: choose 1 to {len(entries)}.")
                continue
            action = self.parse(text, legal)
            if action is not None:
                return action

    def parse(self, text, legal):
        """The legal action ``text`` names (its text, with names or seat numbers), or None
        after saying why not."""
        by_label = {self.label(a).casefold(): a for a in legal}
        if text.casefold() in by_label:
            return by_label[text.casefold()]
        try:
            action = self.game.parse_action(text)
        except ValueError as err:
            self.say(f"Not understood: {err}")
            return None
        if action in legal:
            return legal[legal.index(action)]
        self.say(f"{self.label(action)!r} is not allowed now: choose one of the choices listed.")
        return None

    # -- Diet Game discards --------------------------------------------------------------

    def choose_discards(self, hand, legal):
        """Planning: mark cards by number (again to unmark), then 'done'; or type them."""
        limit = max(len(a.cards) for a in legal)
        marked: list[int] = []
        self.say(f"Discard up to {limit} cards and draw as many.")
        self.say('Type card numbers to mark or unmark them (e.g. "2 5"), then "done".')
        self.say('"done" with nothing marked keeps your hand.')
        self.say(f'Or type the cards, e.g. "discard {hand[0]}".')
        while True:
            text = self.ask("Your move: ").strip()
            if text.lower() in ("quit", "exit", "q"):
                raise _Quit()
            if len(text) > MAX_ANSWER:
                self.say(f"That answer is {len(text):,} characters long: type card numbers or 'done'.")
                continue
            if text.lower() in ("done", "d", "ok"):
                action = type(legal[0])(tuple(hand[i] for i in marked))
                if action in legal:
                    return legal[legal.index(action)]
                self.say(f"{self.label(action)!r} is not allowed now.")
                continue
            tokens = [t for t in re.split(r"[\s,]+", text) if t]
            if tokens and all(re.fullmatch(r"[0-9]+", t) for t in tokens):
                wrong = [t for t in tokens if len(t) > 3 or not 1 <= int(t) <= len(hand)]
                if wrong:
                    self.say(f"There is no card {_short_number(wrong[0])}: your cards are numbered 1 to {len(hand)}.")
                    continue
                chosen = list(marked)
                for t in tokens:
                    i = int(t) - 1
                    chosen.remove(i) if i in chosen else chosen.append(i)
                if len(chosen) > limit:
                    self.say(f"You may discard at most {limit} cards: unmark one first.")
                    continue
                marked = chosen
                shown = [f"{i + 1}. {hand[i]}" for i in sorted(marked)]
                self.say(f"Marked: {terminal.listing(shown, 'nothing')}. Type more numbers, or 'done'.")
                continue
            if not text.lower().startswith("discard"):
                self.say(f"Type card numbers (1 to {len(hand)}) to mark them, 'done', or 'discard CARD, CARD'.")
                continue
            action = self.parse(text, legal)
            if action is not None:
                return action


#: Actions whose first real choice is not their first field: a grouping and its question.
_FIRST_QUESTION = {
    "Advance": (lambda a: "one event by 2" if a.second is None else "two events by 1 each", "how far"),
}


def _fields(action) -> list[str]:
    return [f.name for f in dataclasses.fields(action)] if dataclasses.is_dataclass(action) else []


def _depth(action) -> int:
    return len(_fields(action))


def _field(action, depth):
    fields = _fields(action)
    return fields[depth - 1] if 0 < depth <= len(fields) else None


def _key(action, depth):
    """What groups actions at a menu depth: the kind (first word), then each field."""
    if depth == 0:
        return str(action).split(" ", 1)[0]
    if depth == 1 and type(action).__name__ in _FIRST_QUESTION:
        return _FIRST_QUESTION[type(action).__name__][0](action)
    field = _field(action, depth)
    return getattr(action, field) if field else str(action)


__all__ = ["build_parser", "main", "summary_table"]
