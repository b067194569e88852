"""Hot-seat play in the apps: several people at one screen, a cover between them, and a
playtest log of every game.

* :class:`Seating` reads an app's ``people=`` (names, seated from seat 0), ``human=`` (one
  person, as before) and ``bots=`` (the other seats) and names every seat.
* :class:`HotSeat` is the part of an app that passes the screen from person to person:
  before a person's decision it covers the page ("Pass to Ben: press when only Ben can
  see the screen") and empties every widget that shows something private, so the next
  person never sees the last one's hand, hints or choice; the app then draws the page
  from the new person's observation. With one person there is no cover.
* It also keeps the playtest log (:mod:`gamedesign.playtest`): every decision, the
  people's with the seconds from when their choice was shown to their click, the bots'
  with their think time, and the final state; a problem writing it is shown once and the
  game goes on. "Download my playtests" gives this app's log files as links.

The rules stay in the engine: this module only decides whose screen is shown and when.
"""

from __future__ import annotations

import base64
import html
import os
import time

import ipywidgets as widgets

from . import common
from .review import ReviewPanel

#: At most this many people play at one screen.
MAX_PEOPLE = 6

#: Where the apps keep their playtest logs by default (a folder beside the notebook), unless
#: the environment variable :data:`PLAYTESTS_VARIABLE` names another (as for the terminal).
PLAYTESTS = "playtests"

#: The environment variable that moves the default folder of playtest logs.
PLAYTESTS_VARIABLE = "GAMEDESIGN_PLAYTESTS"

#: Files larger than this are not offered as a download link (a data: link holds the file).
DOWNLOAD_LIMIT = 4_000_000

#: What the apps say about the names people type.
NAMES_NOTE = (
    "Each game with a person in it is saved in the playtest log with the players' names as typed; "
    "gamedesign.playtest.anonymise replaces the names before you share a log."
)


def check_people(people, players: int) -> list[str] | None:
    """``people`` as a list of names (stripped) when it is a list of 1 to
    :data:`MAX_PEOPLE` different names, at most one per seat; ``None`` stays ``None``."""
    if people is None:
        return None
    if isinstance(people, str):
        people = [people]
    if not isinstance(people, (list, tuple)) or not all(isinstance(p, str) for p in people):
        raise ValueError(f"people must be a list of the players' names, like ['Ana', 'Ben'], not {people!r}")
    names = [p.strip() for p in people]
    if not 1 <= len(names) <= min(MAX_PEOPLE, players):
        raise ValueError(
            f"people must name 1 to {min(MAX_PEOPLE, players)} players for this {players}-player game, not {len(names)}"
        )
    if any(not name for name in names):
        raise ValueError("every person needs a name: people has an empty one")
    folded = [name.casefold() for name in names]
    if len(set(folded)) != len(folded):
        raise ValueError(f"give each person a different name, not {names!r}")
    if any(name in ("you", "nobody") or name.startswith("bot ") for name in folded):
        raise ValueError("'You', 'Nobody' and 'Bot N' are the app's own words: give the people other names")
    return names


class Seating:
    """Who sits where in an app: people (``{seat: name}``) and a bot spec per other seat.

    ``people`` (names) sit from seat 0; without it one person sits at ``human``, as
    before. ``specs`` has ``None`` at the people's seats. ``names`` are the app's names
    for the seats: with one person "You" and "Bot 1", "Bot 2", ...; with more, the
    people's names and "Bot 1", ... for the bots.
    """

    def __init__(self, game, people=None, human: int = 0, bots="greedy"):
        players = game.num_players
        names = check_people(people, players)
        if names is not None and human != 0:
            raise ValueError("give people= (the players' names, seated from seat 0) or human= (one person's seat), not both")
        if names is None:
            self.people = {common.check_seat(human, players): "You"}
        else:
            self.people = dict(enumerate(names))
        self.named = names is not None
        self.specs = common.seat_specs(game, list(self.people), bots)
        labels, number = [], 0
        for seat in range(players):
            if seat in self.people:
                labels.append("You" if self.single else self.people[seat])
            else:
                number += 1
                labels.append(f"Bot {number}")
        self.names = labels

    @property
    def single(self) -> bool:
        """True with one person: the app plays as it always did, with no cover."""
        return len(self.people) == 1

    @property
    def seats(self) -> list[int]:
        """The people's seats."""
        return list(self.people)

    def log_seats(self) -> list[dict]:
        """The seats as a playtest log holds them: ``{"person": name}`` or ``{"bot": name}``."""
        from gamedesign.bots import bot_label

        return [
            {"person": self.people[seat]} if seat in self.people else {"bot": bot_label(spec)}
            for seat, spec in enumerate(self.specs)
        ]


def _blank(widget) -> None:
    """Empty a widget that may show something private."""
    if hasattr(widget, "answer"):  # a HintBar: its buttons stay, its answer goes
        widget.answer.value = ""
    elif isinstance(widget, widgets.Output):
        widget.outputs = ()
    elif isinstance(widget, widgets.Box):
        widget.children = ()
    elif isinstance(widget, (widgets.Dropdown, widgets.ToggleButtons)):
        widget.options = ()
    elif isinstance(widget, (widgets.HTML, widgets.Text)):
        widget.value = ""


class Recorder:
    """The playtest log of an app's games: started at the first decision of a person
    (an app opened and never played writes nothing), one line a decision, finished once."""

    def __init__(self, folder):
        if folder is not None and not isinstance(folder, (str, os.PathLike)):
            raise ValueError(f"playtests must be a folder's name (like 'playtests') or None (no log), not {folder!r}")
        if isinstance(folder, str) and folder == PLAYTESTS:
            folder = os.environ.get(PLAYTESTS_VARIABLE) or folder
        self.folder = folder
        self.paths: list = []
        self.problem = None  # a message not yet shown
        self._problems_shown = set()
        self.log = None
        self._game = None
        self.moves: list = []  # (seat, legal, action, seconds) of the game in play, for its review

    def new_game(self, game, seats: list[dict], seed: int) -> None:
        """Get ready for a new game (the log starts at the first person's decision); the
        log of a game left unfinished is closed, and stays an unfinished game."""
        if self.log is not None and not getattr(self, "_finished", True):
            self._call("close")
        self.log, self._game, self._waiting, self._finished = None, (game, seats, seed), [], False
        self.moves = []

    def decision(self, seat: int, legal, action, seconds: float, person: bool) -> None:
        """Note one decision; a bot's before the first person's waits in memory."""
        if self._game is not None and not self._finished:
            self.moves.append((seat, list(legal), action, seconds))
        if self.folder is None or self._game is None or self._finished:
            return
        if self.log is None:
            if not person:
                self._waiting.append((seat, list(legal), action, seconds))
                return
            self._start()
            for waiting in self._waiting:
                self._call("decision", *waiting)
            self._waiting = []
        self._call("decision", seat, list(legal), action, seconds)

    def finish(self, state) -> None:
        """Close the log of a game that is over (once)."""
        if self.log is not None and not self._finished:
            self._call("finish", state)
        self._finished = True

    def played(self):
        """The game in play as a :class:`~gamedesign.playtest.Playtest` held in memory (its
        moves so far, replayed), for "How did I play?" and the replay, saved or not."""
        from gamedesign import playtest

        game, seats, seed = self._game
        return playtest.in_memory(game, seats, seed, self.moves, played_in="app")

    def _start(self) -> None:
        game, seats, seed = self._game
        try:
            from gamedesign import playtest

            self.log = playtest.start(game, seats, seed, folder=self.folder, source="app")
        except Exception as err:  # a log must never stop a game
            self.log = _NoLog(f"the playtest log is off: {common.error_text(err)}")
        if getattr(self.log, "problem", None):
            self._note_problem(self.log.problem)
        else:
            path = getattr(self.log, "path", None)
            if path is not None and path not in self.paths:
                self.paths.append(path)

    def _call(self, method: str, *args) -> None:
        try:
            getattr(self.log, method)(*args)
        except Exception as err:  # a log must never stop a game
            self._note_problem(f"the playtest log could not be written: {common.error_text(err)}")
            self.log = _NoLog(str(err))
        if getattr(self.log, "problem", None):
            self._note_problem(self.log.problem)

    def _note_problem(self, text) -> None:
        text = str(text)
        if text not in self._problems_shown:
            self._problems_shown.add(text)
            self.problem = text

    def take_problem(self) -> str | None:
        """The problem to show now (each one once), or None."""
        text, self.problem = self.problem, None
        return text


class _NoLog:
    """Stands in for a log that could not be started: every method does nothing."""

    path = None

    def __init__(self, problem: str):
        self.problem = problem

    def decision(self, *args, **kwargs) -> None:
        pass

    def finish(self, *args, **kwargs) -> None:
        pass

    def close(self) -> None:
        pass


def download_html(paths) -> str:
    """Links that download the files ``paths`` (a ``data:`` URI each: no server needed)."""
    links, skipped = [], []
    for path in paths:
        try:
            with open(path, "rb") as file:
                data = file.read()
        except OSError:
            continue
        name = os.path.basename(str(path))
        if len(data) > DOWNLOAD_LIMIT:
            skipped.append(name)
            continue
        href = "data:application/x-ndjson;base64," + base64.b64encode(data).decode("ascii")
        links.append(f'<a download="{html.escape(name)}" href="{href}">{html.escape(name)}</a>')
    if not links and not skipped:
        return '<span class="gd-downloads">No playtests yet: play a game first (with playtests= a folder).</span>'
    text = "Download: " + " · ".join(links) if links else ""
    if skipped:
        text += f" (too large for a link, copy from the folder: {html.escape(', '.join(skipped))})"
    return f'<span class="gd-downloads">{text}</span>'


class HotSeat:
    """Passes an app's screen from person to person, and keeps its playtest log.

    The app gives its box (``box``: an ``AppBox``), the widgets that show something
    private (``private``: emptied under the cover), the widgets that stay on the page
    under the cover (``keep``: styles, the footer), and ``render()``, which draws the page
    from :attr:`viewer`'s observation.
    """

    def __init__(self, seating: Seating, playtests=PLAYTESTS):
        self.seating = seating
        self.viewer = seating.seats[0]
        self.recorder = Recorder(playtests)
        self.covered = False
        self.shown_at = time.monotonic()
        self.box = None
        self.cover_text = widgets.HTML()
        self.cover_button = widgets.Button(button_style="primary", layout=widgets.Layout(width="auto"))
        self.cover_button.on_click(lambda _: self._press())
        self.cover = widgets.VBox([self.cover_text, self.cover_button])
        self.cover.add_class("gd-cover")
        self.download_button = widgets.Button(
            description="Download my playtests", icon="download", layout=widgets.Layout(width="auto"),
            tooltip="Links to this app's playtest log files",
        )
        self.download_links = widgets.HTML()
        self.download_button.on_click(lambda _: self.show_downloads())
        self.review = ReviewPanel(seating.names, seating.seats)
        self.footer = widgets.VBox(
            [
                self.review,
                widgets.HBox([self.download_button, self.download_links], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HTML(f'<small class="gd-names-note">{html.escape(NAMES_NOTE)}</small>'),
            ]
        )
        self.footer.add_class("gd-playtests")

    def attach(self, box, private, keep, render, status=None) -> None:
        """Connect the app: its box, private widgets, widgets kept under the cover, its
        drawing function and (optionally) where a message is shown (``status``)."""
        self.box, self.private, self.keep, self.render = box, list(private), list(keep), render
        self.status = status
        self.page = list(box.children)

    # -- whose screen ----------------------------------------------------------------

    @property
    def many(self) -> bool:
        return not self.seating.single

    def is_person(self, seat: int) -> bool:
        return seat in self.seating.people

    def next_person(self, state) -> int | None:
        """The person who decides next (the lowest seat among the people to move), or None."""
        if state.is_over():
            return None
        movers = [seat for seat in state.to_move() if seat in self.seating.people]
        return movers[0] if movers else None

    def new_game(self, game, state) -> None:
        """A new game: a fresh log, and (with several people) the cover comes first."""
        self.recorder.new_game(game, self.seating.log_seats(), state.seed)
        self._fresh = True
        self._offered = False
        self.review.clear()

    def show(self, state) -> None:
        """After the moves: cover the page for the next person, or draw it (never raises)."""
        seat = self.next_person(state)
        if state.is_over():
            self.recorder.finish(state)
        if seat is not None and self.many and (seat != self.viewer or self._fresh):
            self.viewer = seat
            self._fresh = False
            self._cover(seat)
            self._offer_review(state)
            return
        if seat is not None:
            self.viewer = seat
        self._fresh = False
        self._uncover()
        self.render()
        self.shown_at = time.monotonic()
        self.show_problem()
        self._offer_review(state)  # after the final position is drawn: building the replay takes a moment

    def _offer_review(self, state) -> None:
        if state.is_over() and not getattr(self, "_offered", False):
            self._offered = True
            self.review.offer(self.recorder.played)

    def _cover(self, seat: int) -> None:
        name = self.seating.names[seat]
        self.covered = True
        for widget in self.private:
            _blank(widget)
        self.cover_text.value = (
            f'<div class="gd-cover-text" role="status" style="font-size:16px;font-weight:600;color:#1f3b5a;'
            f'margin:12px 0">Pass to {html.escape(name)}: press when only {html.escape(name)} can see the screen</div>'
        )
        self.cover_button.description = f"I am {name}: show my turn"
        self.cover_button.tooltip = f"Show {name}'s cards and choices"
        if self.box is not None:
            self.box.children = [w for w in self.page if w in self.keep] + [self.cover, self.footer]

    def _uncover(self) -> None:
        if self.box is not None and (self.covered or self.footer not in self.box.children):
            self.box.children = self.page + [self.footer]
        self.covered = False

    def _press(self) -> None:
        """The cover's button: the next person is alone at the screen."""
        try:
            self._uncover()
            self.render()
        except Exception as err:  # a click must never raise into the notebook
            if self.status is not None:
                common.message(self.status, f"Could not show the turn: {common.error_text(err)}", "error")
        self.shown_at = time.monotonic()
        self.show_problem()

    def redraw(self) -> None:
        """Draw the page again (after a refusal or an error), unless the cover is up."""
        if not self.covered:
            self.render()

    def press(self) -> None:
        """Press the cover's button (what a click does)."""
        self.cover_button.click()

    # -- the log ---------------------------------------------------------------------

    def person_move(self, state, seat: int, action, apply) -> None:
        """Apply a person's ``action`` with ``apply(action)`` (which may raise: then
        nothing is logged) and log it with the seconds since their choice was shown."""
        legal = state.legal_actions(seat)
        seconds = max(0.0, time.monotonic() - self.shown_at)
        apply(action)
        played = state.game.parse_action(action) if isinstance(action, str) else action
        self.recorder.decision(seat, legal, played, round(seconds, 3), person=True)

    def bot_decision(self, seat: int, legal, action, seconds: float) -> None:
        """``advance_bots``'s ``on_decision``: log a bot's move with its think time."""
        self.recorder.decision(seat, legal, action, round(seconds, 3), person=False)

    def show_problem(self) -> None:
        """A problem with the log, shown once in the app's message area."""
        text = self.recorder.take_problem()
        if text and self.status is not None:
            common.message(self.status, f"Playtest log: {text}. The game goes on without it.", "error")

    def show_downloads(self) -> None:
        """Fill in the links to this app's log files."""
        try:
            self.download_links.value = download_html(self.recorder.paths)
        except Exception as err:  # a click must never raise into the notebook
            self.download_links.value = html.escape(f"No download: {common.error_text(err)}")


def all_text(widget) -> str:
    """Every text a widget tree shows or holds (values, descriptions, tooltips, options,
    outputs), one per line: what a person at the screen could read."""
    parts = []
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            parts.append(value)
    for option in getattr(widget, "_options_labels", ()) or ():
        parts.append(str(option))
    for output in getattr(widget, "outputs", ()) or ():
        for data in output.get("data", {}).values():
            parts.append(str(data))
        if "text" in output:
            parts.append(str(output["text"]))
    for child in getattr(widget, "children", ()) or ():
        parts.append(all_text(child))
    return "\n".join(p for p in parts if p)


def read_names(text: str) -> list[str] | None:
    """The names typed in the "Who plays at this screen?" box (separated by commas), or
    ``None`` for an empty box (one person against the bots)."""
    if not isinstance(text, str):
        raise ValueError(f"type the players' names separated by commas, not {text!r}")
    if len(text) > 400:
        raise ValueError(f"that is {len(text):,} characters: type the players' names separated by commas")
    names = [name.strip() for name in text.split(",")]
    return None if names == [""] else names


def at_the_table(app, **settings) -> common.AppBox:
    """An app with a "Who plays at this screen?" box above it, for hot-seat play with no
    code (the app notebooks in Voilà): ``at_the_table(play_legday, players=4, seed=2026)``.

    The app starts for one person, as ``app(**settings)`` does; typing names ("Ana, Ben")
    and pressing *Seat these players* starts a new game with those people from seat 0 and
    bots in the other seats (``app(people=[...], **settings)``). A refused list of names
    becomes a message; the game on the screen stays."""
    names = widgets.Text(placeholder="e.g. Ana, Ben (empty: just you)", description="Who plays here?",
                         style={"description_width": "initial"}, layout=widgets.Layout(width="340px"))
    seat = widgets.Button(description="Seat these players", icon="users", layout=widgets.Layout(width="auto"))
    message = widgets.HTML()
    holder = widgets.VBox([app(**settings)])

    def seat_people(_=None) -> None:
        try:
            people = read_names(names.value)
            holder.children = (app(**settings) if people is None else app(people=people, **settings),)
            common.message(message, "One person against the bots." if people is None else
                           f"Seated: {', '.join(people)}; the other seats are bots.", "ok")
        except Exception as err:  # a click must never raise into the notebook
            common.message(message, f"Could not seat the players: {common.error_text(err)}", "error")

    seat.on_click(seat_people)
    first = holder.children[0]
    box = common.AppBox([widgets.HBox([names, seat], layout=widgets.Layout(flex_flow="row wrap")), message, holder],
                        app_name=getattr(first, "app_name", "the app"))
    box.add_class("gd-at-the-table")
    return box


__all__ = ["HotSeat", "MAX_PEOPLE", "NAMES_NOTE", "PLAYTESTS", "Recorder", "Seating", "all_text", "at_the_table",
           "check_people", "download_html", "read_names"]
