"""After the game: "How did I play?" and a replay, for one logged game.

* :func:`replay` - the game step by step (one step a round of moves: a move in a game of
  turns, every pick of a round played at once), each step with what happened in words and
  the view of the table: one seat's observation (what that person saw, never the full
  state), what everyone saw (the part of the observations every seat shares), or, when
  asked, every seat's observation (the whole table).
* :func:`review` - one person's decisions, each valued by the strongest bot exactly as
  :func:`gamedesign.lab.people.decisions` values it (the same seeds, the same budget), the
  three that cost the most, and the moments the lead changed, in plain sentences.

Both take a :class:`~gamedesign.playtest.Playtest` (a file loaded, or
:func:`gamedesign.playtest.in_memory` for a game just played). The apps show them
(:mod:`gamedesign.apps.review`), the terminal prints them. No display code is imported here.
"""

from __future__ import annotations

import dataclasses
import math

from ..core import State, brief, public_line
from .metrics import leader
from .record import profile_of

#: How many of the costliest decisions "How did I play?" points out.
WORST = 3


class NoReplay(ValueError):
    """A log that holds no moves to step through (a paper playtest): the message says why."""


def _no_moves(log) -> None:
    if not log.replayable:
        raise NoReplay(
            "this is a paper playtest: it holds the result and the observer's sheet, not the moves. A replay needs "
            "the seed and every move, which only games played in an app or the terminal keep")


def _unit(game) -> str:
    """A step's unit in the singular ("day", "turn"), from the game's ``length_unit``."""
    unit = getattr(type(game), "length_unit", "") or ""
    return unit[:-1] if unit.endswith("s") else unit


def seat_names(log, you: int | None = None) -> list[str]:
    """A name per seat: the person's name (``"you"`` for seat ``you``), ``"Bot 1 (greedy)"``..."""
    names, number = [], 0
    for seat, entry in enumerate(log.seats):
        if seat == you:
            names.append("you")
        elif "person" in entry:
            names.append(entry["person"])
        else:
            number += 1
            names.append(f"Bot {number} ({entry['bot']})")
    return names


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _words(game, action, view) -> str:
    try:
        return game.move_words(action, view)
    except Exception:  # a game's wording must never stop a replay
        return str(action)


def _common(views: list):
    """What every view shares: a dict keeps its keys whose values agree (recursively); a
    list of the same length keeps its agreeing items, "(hidden)" in place of the others."""
    first = views[0]
    if all(v == first for v in views[1:]):
        return first
    if all(isinstance(v, dict) for v in views):
        keys = [k for k in first if all(k in v for v in views[1:]) and k != "player"]
        out = {}
        for key in keys:
            shared = _common([v[key] for v in views])
            if shared is not _HIDDEN:
                out[key] = shared
        return out
    if all(isinstance(v, list) and len(v) == len(first) for v in views):
        return [(x if x is not _HIDDEN else "(hidden)") for x in (_common(list(items)) for items in zip(*views))]
    return _HIDDEN


_HIDDEN = object()


@dataclasses.dataclass(frozen=True)
class Step:
    """One step of a replay: ``number`` (0 is the start), ``label`` ("Day 3", "Move 12"),
    ``lines`` (what happened, in words, as the viewer could know it), ``view`` (the viewer's
    observation, or what everyone saw; ``None`` in a table replay) and ``views`` (every
    seat's observation, in a table replay only), ``decisions`` (the log's decision numbers
    made in this step) and ``over``."""

    number: int
    label: str
    lines: tuple
    view: dict | None
    views: dict | None
    decisions: tuple
    over: bool

    def text(self) -> str:
        """The step as text: its label, what happened, then the view a line a key."""
        out = [f"{self.label}:"] + [f"  {line}" for line in self.lines]
        shown = {"table": self.view} if self.views is None else {f"seat {s}": v for s, v in self.views.items()}
        for who, view in shown.items():
            if self.views is not None:
                out.append(f"  {who}:")
            for key, value in (view or {}).items():
                out.append(f"    {key}: {brief(value, 160)}")
        return "\n".join(out)


class Replay:
    """A game to step through: ``steps`` (a :class:`Step` each), ``seat`` (whose view, or
    ``None``), ``table`` (every seat's view) and a cursor, ``at``, moved by :meth:`first`,
    :meth:`back`, :meth:`forward` and :meth:`last`, each returning the step it lands on."""

    def __init__(self, log, steps: list, seat, table: bool, names: list):
        self.log, self.steps, self.seat, self.table, self.names = log, steps, seat, table, names
        self.at = 0

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, number: int) -> Step:
        return self.steps[number]

    def __repr__(self) -> str:
        whose = "the whole table" if self.table else "what everyone saw" if self.seat is None else f"seat {self.seat}'s view"
        return f"<Replay of {self.log.title}: {len(self.steps)} steps, {whose}; at step {self.at}>"

    @property
    def step(self) -> Step:
        """The step at the cursor."""
        return self.steps[self.at]

    def go(self, number: int) -> Step:
        """Move the cursor to step ``number`` (kept within the game)."""
        self.at = max(0, min(len(self.steps) - 1, int(number)))
        return self.step

    def first(self) -> Step:
        return self.go(0)

    def back(self) -> Step:
        return self.go(self.at - 1)

    def forward(self) -> Step:
        return self.go(self.at + 1)

    def last(self) -> Step:
        return self.go(len(self.steps) - 1)

    def _repr_html_(self) -> str:
        import html

        return f"<pre>{html.escape(repr(self))}\n{html.escape(self.step.text())}</pre>"


def _rounds(log):
    """The log's rounds, in order: ``(state after, [(number, seat, action, legal)])``, the
    state a clone; a round is every mover's decision before the engine moves on."""
    game = log.built
    state = game.new_state(seed=log.seed)
    yield state.clone(), []
    round_legal: dict = {}
    pending: list = []
    for number, decision in enumerate(log.decisions):
        if not round_legal:
            round_legal = {s: state.legal_actions(s) for s in state.to_move()}
        legal = list(round_legal.pop(decision.seat))
        action = next(a for a in legal if str(a) == decision.choice)
        pending.append((number, decision.seat, action, legal))
        if not round_legal:
            lines = {}
            for _, seat, move, _ in pending:
                state.apply(seat, move)
                lines[seat] = _public(state, seat, move)
            yield state.clone(), [(n, s, a, lg, lines.get(s)) for n, s, a, lg in pending]
            pending = []


def _public(state, seat, action):
    """The game's own line for everyone about a move, when the game writes one."""
    if type(state).public_log is State.public_log:
        return None
    try:
        return public_line(state, seat, action)
    except ValueError:
        return None


def _log_lines(view, seen: int) -> tuple[list, int]:
    """The lines an observation's own ``log`` added since ``seen`` (as the terminal reads it)."""
    if not isinstance(view, dict) or not isinstance(view.get("log"), list):
        return [], seen
    log = view["log"]
    total = view.get("log_length", len(log))
    total = total if isinstance(total, int) else len(log)
    fresh = min(len(log), max(0, total - seen))
    return [str(x) for x in log[len(log) - fresh:]] if fresh else [], total


def _renamed(game, line: str, names: list) -> str:
    """A line of the game's own log with the seat names it writes (the Diet Game's "Ann",
    "Bo") replaced by the replay's names ("you" reads "You"/"your")."""
    from ..terminal import rename

    engine = tuple(getattr(game, "names", ()) or ())
    people = ["You" if str(name).casefold() == "you" else str(name) for name in names]
    try:
        return rename(line, people, engine, sentences=getattr(game, "log_sentences", None))
    except Exception:  # a game of your own whose log the renaming cannot read: as written
        return line


def replay(log, seat: int | None = None, table: bool = False, names=None) -> Replay:
    """The steps of ``log`` (see :class:`Replay`). ``seat``: that seat's view only, its own
    moves in words and the others' as that seat could know them (the game's public line,
    the observation's own log, else "Ben chose."); ``None``: what every seat saw;
    ``table=True``: every seat's view and every move (for a teacher). ``names``: a name per
    seat (default: the log's). :class:`NoReplay` for a paper playtest."""
    _no_moves(log)
    game = log.built
    players = game.num_players
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
        raise ValueError(f"seat must be a seat of this {players}-player game, 0 to {players - 1}, or None, not {brief(seat)}")
    if table and seat is not None:
        raise ValueError("give seat= (one person's view) or table=True (every seat's view), not both")
    names = list(names) if names is not None else seat_names(log, you=seat)
    unit = _unit(game)
    profile = profile_of(game)
    steps, seen, count = [], 0, 0
    last_key = before = None
    for number, (state, moves) in enumerate(_rounds(log)):
        views = {s: state.observe(s) for s in range(players)}
        key = profile.checkpoint(state)
        # A step is named after the round it was played in: the checkpoints passed before it, plus one.
        if number == 0:
            label = "The start"
        elif unit and before is not None:
            label = f"{_capital(unit)} {count + 1}"
        else:
            label = f"Move {number}"
        if number == 0:
            last_key = key
        elif key is not None and key != last_key:
            last_key, count = key, count + 1
        before = key
        lines = []
        for _, who, action, _, public in moves:
            if table or who == seat:
                lines.append(f"{_capital(names[who])} chose: {_words(game, action, views[who])}.")
            elif public is not None:
                lines.append(public)
            else:
                lines.append(f"{_capital(names[who])} chose.")
        if not table:
            own = views[seat] if seat is not None else None
            fresh, seen = _log_lines(own if own is not None else _common(list(views.values())), seen)
            lines += [_renamed(game, line, names) for line in fresh]
        over = state.is_over()
        if over:
            result = state.result()
            won = ", ".join(names[w] for w in result.winners) or "nobody"
            lines.append(f"The game is over: {won} won.")
        view = None if table else (views[seat] if seat is not None else _common(list(views.values())))
        steps.append(Step(number, label, tuple(lines), view, views if table else None,
                          tuple(n for n, *_ in moves), over))
    return Replay(log, steps, seat, table, names)


# ----------------------------------------------------------------------------------------
# How did I play?
# ----------------------------------------------------------------------------------------


@dataclasses.dataclass
class Review:
    """"How did I play?" for one seat: ``decisions`` (a DataFrame: the rows of
    :func:`gamedesign.lab.people.decisions` for this person, with ``step``, ``when`` and
    ``said``, a sentence each), ``worst`` (the :data:`WORST` that cost the most), ``lead``
    (sentences: the moments the lead changed), ``result`` (a sentence) and :meth:`lines`."""

    seat: int
    name: str
    title: str
    decisions: object
    worst: object
    lead: list
    result: str
    note: str = ""

    def lines(self) -> list[str]:
        """The whole review as sentences, a line each."""
        rows = self.decisions
        real = rows[rows["real choice"]] if len(rows) else rows
        agreed = int(real["picked the bot's move"].sum()) if len(real) else 0
        who = "" if self.name.casefold() == "you" else f", {self.name}"
        out = [f"How did you play{who}? {self.title}. {self.result}",
               f"{len(rows)} decisions, {len(real)} with a real choice (two moves or more)." + (
                   "" if self.note else f" The strongest bot would have made the same move at {agreed} of those "
                                        f"{len(real)}."),
               "The bot's score for a move runs from 0 to 100: how well it did for you in the bot's practice games "
               "from that moment (half for winning, a quarter for the players you beat, a quarter for the margin). "
               "One move's score is rough; the pattern over many tells more."]
        if self.note:
            out[2] = self.note
        out.append("")
        if len(self.worst):
            out.append(f"The {len(self.worst)} decision{'s' if len(self.worst) != 1 else ''} that cost the most:")
            out += [f"  {k}. {row['said']}" for k, (_, row) in enumerate(self.worst.iterrows(), 1)]
        else:
            out.append("No decision was scored: nothing to compare." if self.note else
                       "No decision cost anything on the bot's scale: well played.")
        out.append("")
        out.append("When the lead changed:" if self.lead else "The lead never changed hands.")
        out += [f"  {line}" for line in self.lead]
        out.append("")
        out.append("Every decision:")
        out += [f"  {row['said']}" for _, row in rows.iterrows()]
        return out

    def text(self) -> str:
        return "\n".join(self.lines())

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        import html

        return f"<pre style='white-space:pre-wrap'>{html.escape(self.text())}</pre>"


def _score(value) -> str:
    return "no score (the bot never tried it)" if value is None or math.isnan(value) else f"{value * 100:.0f}"


def _said(row, when: str, game, views) -> str:
    view = views.get(row["decision"])
    parse = game.parse_action
    mine = _words(game, parse(row["choice"]), view)
    if not row["real choice"]:
        return f"{when}: {mine} (the only move allowed)."
    lost = row["value lost"]
    if row["bot choice"] is None:
        return f"{when}: {mine}."
    if not math.isnan(lost) and lost <= 0:
        return f"{when}: {mine}. The bot's pick too (score {_score(row['value of choice'])})."
    if row["choice"] == row["bot choice"]:
        return (f"{when}: {mine}, score {_score(row['value of choice'])}. The bot played it too, though it scored "
                f"another move {_score(row['best value'])}: about {lost * 100:.0f} more.")
    bot = _words(game, parse(row["bot choice"]), view)
    cost = "" if math.isnan(lost) else f": it cost you about {lost * 100:.0f}"
    return (f"{when}: {mine}, score {_score(row['value of choice'])}. The bot would have chosen: {bot}, "
            f"score {_score(row['best value'])}{cost}.")


def _lead_lines(log, names, steps) -> list[str]:
    """A sentence for each moment the lead passed to another player (or team), read from
    the game's standing at each of its checkpoints, as the lab counts lead changes."""
    game = log.built
    profile = profile_of(game)
    start = game.new_state(seed=log.seed)
    standing_of = profile.standing if profile.game_standing is None else profile.game_standing(start)
    teams = game.teams()
    out, before, last_key = [], None, profile.checkpoint(start)
    for step, (state, _) in zip(steps, _rounds(log)):
        key = profile.checkpoint(state)
        if key is None or key == last_key:
            continue
        last_key = key
        standing = tuple(standing_of(state))
        sides = ([names[s] for s in range(len(standing))] if len(standing) == game.num_players else
                 [f"team {chr(65 + i)} ({', '.join(names[s] for s in teams[i])})" for i in range(len(standing))])
        lead = leader(standing)
        if lead is None:
            continue
        if before is not None and not lead & before:
            who = " and ".join(sides[i] for i in sorted(lead))
            was = " and ".join(sides[i] for i in sorted(before))
            scores = ", ".join(f"{sides[i]} {standing[i]:g}" for i in range(len(standing)))
            if len(lead) == 1:
                verb = "take" if who == "you" else "takes"
                out.append(f"{step.label}: {_capital(who)} {verb} the lead from {was} ({scores}).")
            else:
                out.append(f"{step.label}: {_capital(who)} now share the lead, ahead of {was} ({scores}).")
        before = lead
    return out


def review(log, seat: int | None = None, iterations: int | None = None, seed: int = 0, progress=None,
           names=None) -> Review:
    """"How did I play?" for the person at ``seat`` of ``log`` (default: the first person's
    seat): see :class:`Review`. The values are :func:`gamedesign.lab.people.decisions`'
    (``iterations`` None: the game's budget, :func:`~gamedesign.lab.people.search_budget`;
    ``seed`` as there), so the rows equal that table's rows for this person.
    ``progress(done, total)`` is called after each decision is valued."""
    import pandas as pd

    from .people import _decide, search_budget

    _no_moves(log)
    people = [s for s, entry in enumerate(log.seats) if "person" in entry]
    if seat is None:
        if not people:
            raise ValueError("no person played in this game: a review is of a person's decisions")
        seat = people[0]
    if seat not in people:
        raise ValueError(f"seat {brief(seat)} is not a person's seat; the people sat at seats "
                         f"{', '.join(map(str, people)) or 'none'}")
    game = log.built
    budget = search_budget(game) if iterations is None else iterations
    note = ""
    try:
        rows = pd.DataFrame(_decide(log, 0, True, budget, seed, seats={seat}, progress=progress))
    except NotImplementedError as err:  # a game of your own the search bot cannot look into yet
        note = f"The strongest bot cannot score moves in this game yet ({err}): your decisions are listed unscored."
        rows = pd.DataFrame(_decide(log, 0, False, budget, seed, seats={seat}, progress=progress))
        for column in ("value of choice", "best value", "value lost", "picked the bot's move"):
            rows[column] = math.nan
        rows["bot choice"] = None
    names = list(names) if names is not None else seat_names(log, you=seat)
    steps = replay(log, seat=seat, names=names).steps
    step_of = {n: step for step in steps for n in step.decisions}
    views, state = {}, game.new_state(seed=log.seed)
    for (after, moves), step in zip(_rounds(log), steps):
        for n, s, *_ in moves:
            if s == seat:
                views[n] = state.observe(seat)
        state = after
    if len(rows):
        rows["step"] = [step_of[n].number for n in rows["decision"]]
        rows["when"] = [step_of[n].label for n in rows["decision"]]
        rows["said"] = [_said(row, row["when"], game, views) for _, row in rows.iterrows()]
        costly = rows[rows["real choice"] & (rows["value lost"] > 0)]
        worst = costly.sort_values(["value lost", "decision"], ascending=[False, True], kind="stable").head(WORST)
    else:
        rows = rows.assign(step=[], when=[], said=[])
        worst = rows
    if log.finished:
        won = [names[w] for w in log.winners]
        result = ("You won." if "you" in won else f"{' and '.join(won) or 'Nobody'} won.") if won else "Nobody won."
    else:
        result = "The game did not finish."
    return Review(seat, log.seats[seat]["person"], log.title, rows, worst,
                  _lead_lines(log, names, steps), result, note)


__all__ = ["NoReplay", "Replay", "Review", "Step", "WORST", "replay", "review", "seat_names"]
