"""Play any game of the protocol in a notebook: :func:`play`.

The app knows nothing about the game's rules. It shows what ``state.observe(you)``
gives, as a table (keys as labels, lists and tables written out), the legal actions as
buttons (in groups by their first word and pages of :data:`PAGE` when there are many,
plus a box to type a move), lets the bots move, and shows the result. A refused move or
a failing bot becomes a message, never a traceback.

Moves the others chose at the same time as you are logged without what they chose: the
observation shows what the rules reveal, and when.

Hot-seat: ``play(game, people=["Ana", "Ben"])`` seats people from seat 0 and bots in the
other seats; before each person's decision a cover asks to pass the screen, and each
person sees only their own observation (see :mod:`gamedesign.apps.hotseat`). Every game
with a person in it is kept in a playtest log (``playtests=`` the folder, ``None``: no log).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from gamedesign.bots import bot_label, bot_names
from gamedesign.core import Game, brief, public_line
from gamedesign.registry import load

from . import common
from .hotseat import PLAYTESTS, HotSeat, Seating

#: Action buttons shown at once; more are split into pages.
PAGE = 24

#: Groups of actions by first word are offered when there are more actions than this.
GROUP_FROM = 12

#: At most this many groups are offered (actions that share no first words are paged instead).
MAX_GROUPS = 8

#: Lines of the move log shown (the latest).
LOG_LINES = 12


# ----------------------------------------------------------------------------------------
# Pure functions: the observation as HTML, actions in groups and pages
# ----------------------------------------------------------------------------------------


def label(key) -> str:
    """A key of an observation as a label: ``"cards_left"`` -> ``"Cards left"``."""
    text = str(key).replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def value_html(value) -> str:
    """One value of an observation, readably: lists joined, tables nested, None as a dash."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return view_html(value)
    if isinstance(value, list):
        if not value:
            return "none"
        if all(isinstance(v, (list, dict)) for v in value):
            return "<br>".join(f"{i}: {value_html(v)}" for i, v in enumerate(value))
        return ", ".join(value_html(v) for v in value)
    return html.escape(str(value))


def view_html(observation: dict, names=(), seat_keys=()) -> str:
    """An observation as an HTML table, one row per key; a key of ``seat_keys`` (one value
    per seat, see ``Game.seat_keys``) as one line per player, with the players' ``names``."""

    def cell(key, value):
        if key in seat_keys and isinstance(value, list) and len(value) == len(names):
            return "<br>".join(f"{html.escape(names[seat])}: {value_html(v)}" for seat, v in enumerate(value))
        return value_html(value)

    rows = "".join(
        f'<tr><th style="text-align:left;padding-right:1em;vertical-align:top">{html.escape(label(k))}</th>'
        f"<td>{cell(k, v)}</td></tr>"
        for k, v in observation.items()
    )
    return f'<table class="gd-view">{rows}</table>'


def group_of(action) -> str:
    """The group an action's button goes in: the first word of its text."""
    words = str(action).split()
    return words[0] if words else "move"


def groups(actions) -> dict:
    """Actions by group (first word), in the order they come."""
    out: dict = {}
    for action in actions:
        out.setdefault(group_of(action), []).append(action)
    return out


def page(actions, number: int, size: int = PAGE) -> list:
    """The ``number``-th page (from 0) of ``actions``, ``size`` a page."""
    return list(actions)[number * size : (number + 1) * size]


def result_text(result, names) -> str:
    """The result in words: who won and every seat's score."""
    if result.winners:
        who = " and ".join(names[w] for w in result.winners)
        head = f"{who} {'win' if len(result.winners) > 1 or who == 'You' else 'wins'}!"
    else:
        head = "Nobody wins."
    scores = ", ".join(f"{names[s]}: {'out' if score is None else score}" for s, score in enumerate(result.scores))
    return f"Game over. {head} Scores: {scores}."


# ----------------------------------------------------------------------------------------
# The app
# ----------------------------------------------------------------------------------------


class GameApp(common.AppBox):
    """Any game against bots (a widget). Use :func:`play` to make one."""

    def __init__(self, game: Game, seed: int = 0, human: int = 0, bots=None, people=None, playtests=PLAYTESTS):
        seed = common.check_seed(seed)
        self.game = game
        if bots is None:
            bots = "greedy" if "greedy" in bot_names(game) else "random"
        seating = Seating(game, people, human, bots)
        self.specs = specs = seating.specs
        self.names = [
            seating.names[seat] if spec is None else f"Player {seat} ({_label(spec)})" for seat, spec in enumerate(specs)
        ]
        self.hotseat = HotSeat(seating, playtests)
        self.bots: dict = {}
        self.moves: list[str] = []
        self.group = None
        self.page_number = 0

        self.header = widgets.HTML()
        self.thinking_view = widgets.HTML()
        self.view = widgets.HTML()
        self.prompt = widgets.HTML()
        self.group_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.action_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.page_box = widgets.HBox()
        self.move_text = widgets.Text(placeholder="or type a move", layout=widgets.Layout(width="260px"))
        self.move_button = widgets.Button(description="Play")
        self.move_button.on_click(lambda _: self._safely(self._play_typed, "Could not play that"))
        self.out = widgets.Output()
        self.log_view = widgets.HTML()
        self.seed_box = common.seed_input(seed)
        self.new_button = widgets.Button(description="New game", icon="refresh")
        self.new_button.on_click(
            lambda _: self._safely(lambda: self.new_game(self.seed_box.value), "Could not start a new game")
        )
        super().__init__(
            [
                self.header,
                self.thinking_view,
                widgets.HTML("<b>What you see</b>"),
                self.view,
                self.prompt,
                self.group_box,
                self.action_box,
                self.page_box,
                widgets.HBox([self.move_text, self.move_button]),
                self.out,
                widgets.HTML("<b>What happened</b>"),
                self.log_view,
                widgets.HBox([self.seed_box, self.new_button]),
            ],
            app_name=game.title,
        )
        self.add_class("gd-generic")
        self.header.add_class("gd-status")
        self.prompt.add_class("gd-prompt")
        self.action_box.add_class("gd-actions")
        # Under the cover between people: nothing of the last person's screen stays.
        self.hotseat.attach(
            self,
            private=[self.header, self.view, self.prompt, self.group_box, self.action_box, self.page_box,
                     self.move_text, self.out, self.log_view],
            keep=[],
            render=self._render,
            status=self.out,
        )
        self.state = None
        self._safely(lambda: self.new_game(seed), "Could not start the game")

    # -- game flow ---------------------------------------------------------------------

    def new_game(self, seed: int) -> None:
        """Start a new game from ``seed`` (the bots are seeded from it too)."""
        seed = common.check_seed(seed)
        self.bots = common.seat_bots(self.game, self.specs, seed)
        self.state = self.game.new_state(seed=seed)
        self.moves = []
        self.out.outputs = ()
        self.hotseat.new_game(self.game, self.state)
        self._advance()

    @property
    def human(self) -> int:
        """The seat of the person whose screen is shown (with one person: their seat)."""
        return self.hotseat.viewer

    def play(self, action) -> None:
        """Play ``action`` (an action or its text) for the person whose screen is shown,
        then let the bots move."""
        if self.state is None:
            raise ValueError("there is no game yet: press New game")
        if self.hotseat.covered:
            raise ValueError(f"pass the screen to {self.names[self.human]} first: press the button")
        seat = self.human
        together = len(self.state.to_move()) > 1  # others choose at the same time: kept secret
        self.hotseat.person_move(self.state, seat, action, lambda a: self.state.apply(seat, a))
        if together and not self.hotseat.seating.single:
            self.moves.append(f"{self.names[seat]} has chosen.")
        else:
            who = "You" if self.hotseat.seating.single else self.names[seat]
            self.moves.append(public_line(self.state, seat, self._action(action)) or f"{who} played {self._text(action)}.")
        self.group, self.page_number = None, 0
        self._advance()

    def _advance(self) -> None:
        try:
            with common.thinking(self.thinking_view, "The bots are"):
                common.advance_bots(self.state, self.bots, set(self.hotseat.seating.seats), on_choice=self._note,
                                    on_move=self._said, on_decision=self.hotseat.bot_decision)
        except Exception as err:  # a bot's failure must not break the notebook
            self.hotseat.redraw()
            common.message(self.out, f"A bot could not move: {common.error_text(err)}", "error")
            return
        self.hotseat.show(self.state)

    def _note(self, seat, action, state) -> None:
        if any(p in state.to_move() for p in self.hotseat.seating.seats):  # chosen at the same time as a person: secret
            self.moves.append(f"{self.names[seat]} has chosen.")
        else:
            self.moves.append(f"{self.names[seat]} played {self._text(action)}.")

    def _said(self, seat, action, state) -> None:
        """The game's own line for a move (``State.public_log``), after the app's note of it."""
        line = public_line(state, seat, action)
        if line is not None:
            self.moves.append(line)

    def _action(self, action):
        return self.game.parse_action(action) if isinstance(action, str) else action

    def _text(self, action) -> str:
        return str(self.game.parse_action(action)) if isinstance(action, str) else str(action)

    def _safely(self, step, doing: str) -> None:
        """Run a callback; a refused move or any failure becomes a message, and the app is
        redrawn from the state as it is."""
        try:
            step()
        except Exception as err:  # a callback must never raise into the notebook
            if self.state is not None:
                try:
                    self.hotseat.redraw()
                except Exception:  # keep the message; the drawing is what failed
                    pass
            common.message(self.out, f"{doing}: {common.error_text(err)}", "error")

    # -- callbacks ---------------------------------------------------------------------

    def _click(self, action) -> None:
        if action not in self.state.legal_actions(self.human):
            common.message(self.out, f"{str(action)!r} is no longer possible: the game has moved on. Choose again.", "error")
            self._render()
            return
        self.out.outputs = ()
        self.play(action)

    def _play_typed(self) -> None:
        text = self.move_text.value.strip()
        if not text:
            raise ValueError("type a move first, e.g. " + ", ".join(map(repr, map(str, self._legal()[:3]))))
        self.out.outputs = ()
        self.play(text)
        self.move_text.value = ""

    def _choose_group(self, name: str) -> None:
        self.group, self.page_number = name, 0
        self._render()

    def _turn_page(self, step: int) -> None:
        self.page_number = max(0, self.page_number + step)
        self._render()

    # -- drawing -----------------------------------------------------------------------

    def _legal(self) -> list:
        return self.state.legal_actions(self.human) if self.state is not None else []

    def _render(self) -> None:
        state = self.state
        # The box to type a move only while you have a move to make (not after the end).
        self.move_text.disabled = self.move_button.disabled = state.is_over() or not self._legal()
        self.view.value = view_html(state.observe(self.human), self.names, getattr(self.game, "seat_keys", ()))
        self.log_view.value = "<br>".join(html.escape(line) for line in self.moves[-LOG_LINES:]) or "Nothing yet."
        if state.is_over():
            text = result_text(state.result(), self.names)
            self.header.value = f"<h3>{html.escape(self.game.title)}</h3><b>{html.escape(text)}</b>"
            self.prompt.value = "Press New game to play again."
            self.group_box.children = self.action_box.children = self.page_box.children = ()
            return
        waiting = [self.names[s] for s in state.to_move()]
        you = f"You are player {self.human}" if self.hotseat.seating.single else (
            f"{html.escape(self.names[self.human])}'s screen (player {self.human})"
        )
        self.header.value = (
            f"<h3>{html.escape(self.game.title)}</h3>{you}. "
            f"Waiting for: {html.escape(', '.join(waiting))}."
        )
        legal = self._legal()
        if not legal:
            self.prompt.value = "Not your move."
            self.group_box.children = self.action_box.children = self.page_box.children = ()
            return
        self.prompt.value = f"Your move: {len(legal)} choice{'s' if len(legal) != 1 else ''}."
        self._render_actions(legal)

    def _render_actions(self, legal: list) -> None:
        by_group = groups(legal)
        shown = legal
        if len(legal) > GROUP_FROM and 1 < len(by_group) <= MAX_GROUPS:
            if self.group not in by_group:
                self.group = next(iter(by_group))
            tabs = widgets.ToggleButtons(
                options=[(f"{name} ({len(members)})", name) for name, members in by_group.items()],
                value=self.group, description="Moves", style={"button_width": "auto"},
            )
            tabs.observe(lambda change: self._safely(lambda: self._choose_group(change["new"]),
                                                     "Could not show those moves"), names="value")
            self.group_box.children = [tabs]
            shown = by_group[self.group]
        else:
            self.group_box.children = ()
        pages = max(1, -(-len(shown) // PAGE))
        self.page_number = min(self.page_number, pages - 1)
        buttons = []
        for action in page(shown, self.page_number):
            button = widgets.Button(description=str(action), layout=widgets.Layout(width="auto"),
                                    tooltip=f"play {action}")
            button.on_click(lambda _, a=action: self._safely(lambda: self._click(a), f"Could not play {a}"))
            buttons.append(button)
        self.action_box.children = buttons
        if pages > 1:
            back = widgets.Button(description="◂ Back", disabled=self.page_number == 0)
            more = widgets.Button(description="More ▸", disabled=self.page_number >= pages - 1)
            back.on_click(lambda _: self._safely(lambda: self._turn_page(-1), "Could not turn the page"))
            more.on_click(lambda _: self._safely(lambda: self._turn_page(1), "Could not turn the page"))
            self.page_box.children = [back, widgets.HTML(f"page {self.page_number + 1} of {pages}"), more]
        else:
            self.page_box.children = ()


def _label(spec) -> str:
    return bot_label(spec)


def play(
    game_or_name, seed: int = 0, bots=None, human: int = 0, players: int | None = None, people=None,
    playtests=PLAYTESTS,
) -> GameApp:
    """Play any game against bots: a registered game's name (``"sprint"``), a game
    (``gamedesign.load(...)``) or a game class (``MyGame``, registered or not).

    You sit in seat ``human``; or, for hot-seat play, ``people`` names 1 to 6 people at
    one screen, seated from seat 0 (a cover passes the screen between them). ``bots`` is
    one bot name for every other seat or a list with one per other seat (by default
    ``"greedy"`` when the game has one, else ``"random"``); ``players`` for a name or a
    class (by default the game's usual number). Each game is kept in a playtest log in
    the folder ``playtests`` (``None``: no log); names are stored as typed and
    ``gamedesign.playtest.anonymise`` replaces them for sharing. Bad settings raise
    ``ValueError`` at once; once the app runs, refused moves and failing bots are shown
    as messages. Returns the app widget.
    """
    if isinstance(game_or_name, str):
        game = load(game_or_name, players=players)
    elif isinstance(game_or_name, type) and issubclass(game_or_name, Game):
        cls = game_or_name
        count = players if players is not None else cls.default_players
        game = cls(count if count is not None else (cls.allowed_players or (cls.min_players,))[0])
    elif isinstance(game_or_name, Game):
        if players is not None and players != game_or_name.num_players:
            raise ValueError(f"this game has {game_or_name.num_players} players; leave out players=, or load another game")
        game = game_or_name
    else:
        raise ValueError(
            f"play() takes a game name (like 'sprint'), a game from gamedesign.load() or a game class, "
            f"not {brief(game_or_name)}"
        )
    return GameApp(game, seed=seed, human=human, bots=bots, people=people, playtests=playtests)


__all__ = ["GameApp", "PAGE", "group_of", "groups", "label", "page", "play", "result_text", "value_html", "view_html"]
