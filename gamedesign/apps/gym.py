"""Play GYM against bots in a notebook.

``play_gym(players=2, seed=0, human=0, bots="greedy")`` returns the app. You play one
seat; bots play the others (your teammates too, in a 4- or 6-player game) and see only
their own observation. The app shows the Event Schedule (levels, and which 4 events
would be in play now), the face-up row, your hand, the board (4 events x 2 sides x 3
positions), the Coaches, a move log, and guides your turn step by step:

* Pick phase: click a Kid in the row; after a Brat, choose the event to advance and a
  second one (or the same one twice), or "No advance".
* Play phase: choose a Kid and an empty spot (only empty spots are offered, the one where
  the Kid scores most first) and press Place; then choose an Event Action and its target
  (or Skip action): the Kids a Lift, Switch, Swap or Move may name are buttons on the
  board (a click chooses one; for Switch and Swap a second click its partner; for Move the
  empty spots it may go to), the Choice menu is kept for the keyboard; after Pick a Kid choose the Kid to give back; after a Brat, place a
  Coach (or Skip coach).

The choices start on the greedy bot's move (from your observation); Hint and Why? say it
and the values it compares (``hints=False`` hides them). The board shows each event in
play as a card, team A above team B, and wraps to the width; the bots' moves since your
last one are listed above it and their new Kids outlined.

Every colour is shown with its name and letter (R O Y G B P) and every Kid with its skill
values, so nothing depends on seeing colour. Refused choices are explained, never raised.

Hot-seat: ``play_gym(players=4, people=["Ana", "Ben", "Cy"])`` seats people from seat 0
(even seats are team A, odd seats team B: ``game.teams()``), so people may share a team.
Before each person's turn a cover hides the last person's hand, choices and hints. Each
game is kept in a playtest log (``playtests=`` the folder; ``None``: no log).
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets

import gamedesign
from gamedesign.apps.common import (
    AppBox,
    trophy_svg,
    advance_bots,
    check_seat,
    check_seed,
    error_text,
    message,
    seat_bots,
    seed_input,
    thinking,
)
from gamedesign.apps.hotseat import PLAYTESTS, HotSeat, Seating
from gamedesign.apps.hints import HintBar, hint
from gamedesign.core import IllegalAction
from gamedesign.games.gym import ACTIONS, Place, Skip
from gamedesign.games.gym.rules import ACTION_KIND, Advance, Move, Take
from gamedesign.games.gym.cards import COLOUR_LETTER

from gamedesign.apps import gym_cards
from gamedesign.apps.gym_cards import COLOUR_STYLE, colour_tag, kid_card

#: The size of a Kid card in each place it is drawn: (width, height) in pixels.
ROW_CARD, HAND_CARD, SPOT_CARD = (100, 74), (98, 42), (112, 54)

CSS = """
<style>
.gd-gym { max-width:100%; box-sizing:border-box; }
.gd-gym table.gd-table { border-collapse:collapse; max-width:100%; }
.gd-gym table.gd-table td, .gd-gym table.gd-table th { border-bottom:1px solid #ccc;
  padding:3px 6px; text-align:center; vertical-align:middle; color:#111; font-size:12px; }
.gd-gym .gd-header { font-size:15px; font-weight:600; color:#111; }
.gd-gym .gd-empty { color:#595959; }
.gd-gym .gd-lastmoves { border-left:4px solid #1f3b5a; padding:2px 6px; margin:4px 0; color:#111; background:#eef3f8;
  font-size:12px; line-height:1.3; }
.gd-gym .widget-html-content { line-height:1.3; }
.gd-gym .gd-main { gap:10px; align-items:flex-start; }
.gd-gym .gd-main > * { margin:0; }
.gd-gym .gd-table-area { gap:8px; align-items:flex-start; flex:1 1 520px; min-width:0; max-width:100%; }
.gd-gym .gd-table-area > * { margin:0; }
.gd-gym .gd-play-area { flex:1 1 330px; min-width:0; max-width:100%; }
.gd-gym .gd-table-area.gd-playing { max-width:min(740px, 100%); }
.gd-gym .gd-table-area.gd-playing > .gd-play-area { max-width:min(520px, 100%); }
.gd-gym .gd-strip { flex:0 0 310px; width:310px; max-width:100%; }
.gd-gym .gd-strip .widget-dropdown { width:calc(100% - 4px) !important; max-width:calc(100% - 4px); }
.gd-gym .gd-strip .widget-dropdown select { min-width:0; }
.gd-gym .gd-strip .widget-html-content { line-height:1.3; }
.gd-gym .gd-handcards { display:flex; flex-wrap:wrap; gap:4px; margin:2px 0; }
.gd-gym .gd-rowstack { display:grid; width:100%; }
.gd-gym .gd-rowstack > * { grid-area:1 / 1; margin:0 !important; min-width:0; }
.gd-gym .gd-rowcards .widget-html-content, .gd-gym .gd-rowcards { height:auto; }
.gd-gym .gd-rowcards-inner { display:flex; flex-wrap:wrap; gap:6px; }
.gd-gym .gd-row { gap:6px; flex-wrap:wrap; }
.gd-gym .gd-row > button.widget-button { width:100px; height:74px; margin:0; padding:0 0 2px 0; background:transparent;
  border:2px solid transparent; border-radius:7px; box-shadow:none; display:flex; align-items:flex-end;
  justify-content:center; color:#1f3b5a; font-weight:700; font-size:12px; }
.gd-gym .gd-row > button.widget-button:not([disabled]):hover { border-color:#1f3b5a; background:rgba(31,59,90,0.08); }
.gd-gym .gd-row > button.widget-button[disabled] { opacity:1; color:transparent; cursor:default; }
.gd-gym .gd-board { gap:6px; flex-wrap:nowrap; }
.gd-gym .gd-boardcol { width:112px; flex:none; gap:2px; }
.gd-gym .gd-boardcol > * { margin:0 !important; }
.gd-gym .gd-boardcol .widget-html, .gd-gym .gd-boardcol .widget-html-content { height:auto; line-height:1.2; }
.gd-gym .gd-boardcol .gd-spot { width:112px; height:54px; flex:none; }
.gd-gym button.gd-spot { margin:0; padding:0 2px; white-space:normal; line-height:1.15; font-size:12px;
  border:2px solid #1f3b5a; border-radius:7px; }
.gd-gym button.gd-spot.gd-best { box-shadow:0 0 0 3px #1f3b5a; }
.gd-gym .gd-boardcol .gd-target { width:112px; height:54px; flex:none; }
.gd-gym button.gd-target { margin:0; padding:0 2px; white-space:normal; line-height:1.15; font-size:12px;
  border:2px dashed #1f3b5a; border-radius:7px; }
.gd-gym button.gd-target.gd-best { border-style:solid; box-shadow:0 0 0 3px #1f3b5a; }
""" + gym_cards.CSS + "</style>"

#: The Event Actions whose targets are Kids or spots on the board (chosen there by a click).
BOARD_KINDS = ("lift", "switch", "swap", "move")

STEP_HINT = {
    "take": "click a Kid in the face-up row to take it",
    "advance": "you took a Brat: advance the schedule, or choose No advance",
    "place": "choose a Kid from your hand and an empty position on your side, then Place",
    "action": "choose an Event Action and its target, or Skip action",
    "give_back": "choose a Kid from your hand to give back",
    "coach": "you placed a Brat: place or move a Coach, or Skip coach",
}


def _kid_chip(deck, name: str | None, events=(), new: bool = False) -> str:
    """A Kid in a line of text: its card, small (or "empty")."""
    if name is None:
        return '<span class="gd-empty">empty</span>'
    return f'<span style="display:inline-block;vertical-align:middle">{kid_card(deck, name, events, new=new, size=HAND_CARD)}</span>'


def _set_options(dropdown: widgets.Dropdown, options: list) -> None:
    """Give a dropdown new choices, keeping the current one if it is still there, else the first."""
    keep = dropdown.value
    dropdown.options = options
    values = [v for _, v in options]
    dropdown.value = keep if keep in values else (values[0] if values else None)


def in_words(text: str, names: list[str], teams: list[str] | None = None, human: int | None = None) -> str:
    """``text`` (an action or a log line) with the app's names for the seats: "player 1"
    becomes "Bot 1 (team B)" (the team when ``teams`` is given) and ``human``'s seat "you"."""

    def name(match) -> str:
        seat = int(match[1])
        if seat >= len(names):
            return match[0]
        if seat == human:
            return "you"
        return names[seat] + (f" (team {teams[seat]})" if teams else "")

    return re.sub(r"\bplayer (\d+)\b", name, text)


def refusal_text(state, seat: int, action, names: list[str]) -> str:
    """Why ``action`` is refused for ``seat``, in a player's words, and what to do instead."""
    view = state.observe(seat)
    if state.is_over():
        return "The game is over: press New game to play again."
    if state.turn != seat:
        return f"It is {names[state.turn]}'s turn: wait for your turn."
    if isinstance(action, str):
        try:
            action = state.game.parse_action(action)
        except Exception:
            return f"That is not a move: {STEP_HINT.get(view['step'], 'wait')}."
    if isinstance(action, Place) and view["step"] == "place":
        forced = view["forced"][seat]
        if forced and action.kid != forced:
            return f"{forced} was forced on you: place {forced} first."
        if action.kid not in view["hand"]:
            return f"{action.kid} is not in your hand: choose a Kid from your hand."
        if action.event not in view["in_play"]:
            return f"{action.event} is not in play: choose one of {', '.join(view['in_play'])}."
        side = view["board"][action.event]["AB".index(view["team"])]
        if side[action.spot - 1] is not None:
            return f"That spot is taken by {side[action.spot - 1]}: choose an empty spot."
    return f"You cannot {in_words(str(action), names)} now: {STEP_HINT.get(view['step'], 'wait')}."


class GymApp:
    """The GYM table: schedule, row, hand, board, Coaches, guided turn, log and scores."""

    def __init__(
        self, players: int = 2, seed: int = 0, human: int = 0, bots="greedy", hints: bool = True, people=None,
        playtests=PLAYTESTS, **options,
    ):
        # Every setting is checked before a widget is built: a bad one is a clear ValueError.
        self.game = gamedesign.load("gym", players=players, **options)
        players = self.game.num_players
        seed = check_seed(seed)
        check_seat(human, players)
        seating = Seating(self.game, people, human, bots)
        self.bot_specs = seating.specs
        self.hotseat = HotSeat(seating, playtests)
        team_of = {seat: "AB"[t] for t, seats in enumerate(self.game.teams()) for seat in seats}
        self.teams = [team_of[s] for s in range(players)]
        self.names = seating.names  # "You", "Bot 1", ... as in terminal play; or the people's names
        self.played: list = []  # every (seat, action) of this game, in order

        self.header = widgets.HTML()
        self.status = widgets.Output()
        self.schedule = widgets.HTML()
        self.row_label = widgets.HTML()
        self.row_cards = widgets.HTML()  # the face-up Kids drawn as cards, under their Take buttons
        self.row_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.row_stack = widgets.Box([self.row_cards, self.row_box])
        self.hand = widgets.HTML()
        self.board = widgets.HTML()  # the board's title line: each team's points, the Coaches waiting
        self.board_box = widgets.HBox()  # the events in play as columns of spots, team A above team B
        self._cells: dict = {}  # (column, team, spot) -> (card HTML, Place button), made once
        self.log = widgets.HTML()
        self.scores = widgets.HTML()
        wide = widgets.Layout(width="100%")
        narrow = {"description_width": "56px"}
        self.kid_pick = widgets.Dropdown(description="Kid", layout=wide, style=narrow)
        self.spot_pick = widgets.Dropdown(description="Where", layout=wide, style=narrow)
        self.kind_pick = widgets.Dropdown(description="Action", layout=wide, style=narrow)
        self.target_pick = widgets.Dropdown(description="Choice", layout=wide, style=narrow)
        self.first_pick = widgets.Dropdown(description="Advance", layout=wide, style=narrow)
        self.second_pick = widgets.Dropdown(description="and", layout=wide, style=narrow)
        self.kid_pick.observe(lambda _: self._safely(self._fill_spots), names="value")
        self.spot_pick.observe(lambda _: self._safely(self._draw_board), names="value")
        self.first_pick.observe(lambda _: self._safely(self._fill_seconds), names="value")
        self.last_moves = widgets.HTML()
        self.thinking_view = widgets.HTML()
        self.hints = HintBar(self._hint_question, hints, words=lambda text: in_words(text, self.names, self.teams, self.human))
        self.go_button = widgets.Button(description="Place", button_style="primary")
        self.skip_button = widgets.Button(description="Skip")
        self.go_button.on_click(lambda _: self._safely(self.go))
        self.skip_button.on_click(lambda _: self._safely(self.skip))
        self.kind_pick.observe(lambda _: self._safely(self._fill_targets), names="value")
        self.target_pick.observe(lambda _: self._safely(self._target_changed), names="value")
        self.note = widgets.HTML()
        self.controls = widgets.VBox()
        self.seed_box = seed_input(seed)
        self.new_button = widgets.Button(description="New game", icon="refresh", tooltip="Deal a new game with this seed")
        self.new_button.on_click(
            lambda _: self._safely(
                lambda: self.new_game(self.seed_box.value), "Could not start a new game", needs_game=False
            )
        )
        # One screen: the table (the row or the board, and the Event Schedule) on the left,
        # a strip with the choices, the hints, the hand and the others' moves beside it (under
        # it when the window is narrow).
        self.play_area = widgets.VBox([self.row_label, self.row_stack, self.board, self.board_box])
        self.play_area.add_class("gd-play-area")
        self.table_area = widgets.HBox([self.schedule, self.play_area], layout=widgets.Layout(flex_flow="row wrap"))
        self.strip = widgets.VBox([self.controls, self.hints, self.hand, self.last_moves])
        self.main = widgets.HBox([self.table_area, self.strip], layout=widgets.Layout(flex_flow="row wrap"))
        self.widget = AppBox(
            [
                widgets.HTML(CSS),
                self.header,
                self.status,
                self.thinking_view,
                self.scores,
                self.main,
                self.log,
                widgets.HBox([self.seed_box, self.new_button]),
            ],
            app_name="GYM",
        )
        self.widget.add_class("gd-gym")
        self.row_box.add_class("gd-row")  # hooks for styles and for the browser tests
        self.row_cards.add_class("gd-rowcards")
        self.row_stack.add_class("gd-rowstack")
        self.board_box.add_class("gd-board")
        self.controls.add_class("gd-controls")
        self.main.add_class("gd-main")
        self.table_area.add_class("gd-table-area")
        self.strip.add_class("gd-strip")
        # Under the cover between people only the styles stay on the page; the hand, the
        # controls (their choices name the Kids in the hand) and the hints are emptied.
        self.hotseat.attach(
            self.widget,
            private=[self.status, self.controls, self.hints, self.hand, self.note, self.kid_pick, self.spot_pick,
                     self.kind_pick, self.target_pick, self.first_pick, self.second_pick],
            keep=[self.widget.children[0]],
            render=self.render,
            status=self.status,
        )
        self.state = None
        self.last_message = ""
        self._safely(lambda: self.new_game(seed), "Could not start the game", needs_game=False)

    # -- playing -------------------------------------------------------------------------

    def _message(self, text: str, kind: str = "info") -> None:
        """Show ``text`` in the status area (and keep it in ``last_message``)."""
        self.last_message = text
        message(self.status, text, kind)

    def _safely(self, step, doing: str = "That did not work", needs_game: bool = True) -> None:
        """Run a callback; any failure becomes a message instead of an exception, and the
        app is redrawn from the state as it is."""
        try:
            if needs_game and self.state is None:
                raise ValueError("there is no game yet: press New game")
            step()
        except Exception as err:  # the notebook must never see a traceback from a click
            self._message(f"{doing}: {error_text(err)}", "error")
            if self.state is not None:
                try:
                    self.hotseat.redraw()
                except Exception:  # keep the message; the drawing is what failed
                    pass

    def new_game(self, seed: int) -> None:
        """Deal a fresh game from ``seed`` and let bots move until it is your turn."""
        self.state = self.game.new_state(seed=check_seed(seed))
        self.bots = seat_bots(self.game, self.bot_specs, seed)
        self.played = []
        self.hotseat.new_game(self.game, self.state)
        if self._advance():  # a bot's failure stays in the status area
            self._message(f"New game, seed {seed}. You are team {self.teams[self.human]}.", "info")
        self.hotseat.show(self.state)

    @property
    def human(self) -> int:
        """The seat of the person whose screen is shown (with one person: their seat)."""
        return self.hotseat.viewer

    def act(self, action) -> bool:
        """Play ``action`` (object or text) for you; a refusal is explained. True if played."""
        if self.state.is_over():
            self._message("The game is over: press New game to play again.", "error")
            return False
        if self.hotseat.covered:
            self._message(f"Pass the screen to {self.names[self.human]} first: press the button.", "error")
            return False
        seat = self.human
        try:
            self.hotseat.person_move(self.state, seat, action, lambda a: self.state.apply(seat, a))
        except IllegalAction:
            self._message(refusal_text(self.state, seat, action, self.names), "error")
            self.render()
            return False
        self.played.append((seat, self.game.parse_action(action) if isinstance(action, str) else action))
        if self._advance():  # else the bot's failure stays in the status area
            if self.state.is_over():
                self._message(*self.ending())
            else:
                self._message(f"You played: {self._words(action)}.", "ok")
        self.hotseat.show(self.state)
        return True

    def _advance(self) -> bool:
        """Let the bots move until it is a person's turn; False (and a message) when one fails."""
        try:
            with thinking(self.thinking_view):
                advance_bots(self.state, self.bots, set(self.hotseat.seating.seats),
                             on_move=lambda seat, a, _: self.played.append((seat, a)), on_decision=self.hotseat.bot_decision)
        except Exception as err:  # a bot's failure must not break the notebook
            self._message(f"A bot could not move: {error_text(err)}", "error")
            return False
        return True

    def _hint_question(self):
        """What a hint is about: you, your observation and your choices now."""
        if not self._my_turn():
            raise ValueError("it is not your turn" if not self.state.is_over() else "the game is over")
        return self.game, self.human, self.state.observe(self.human), self.state.legal_actions(self.human)

    def take(self, kid: str) -> None:
        """Take ``kid`` from the row (what a click on a row button does)."""
        self.act(f"take {kid}")

    def go(self) -> None:
        """The main button: place, advance, do the action, give back or place the Coach."""
        step = self.state.step
        if step == "place":
            if self.kid_pick.value is None or self.spot_pick.value is None:
                self._message("Choose a Kid and a position first.", "error")
                return
            event, spot = self.spot_pick.value
            self.act(Place(self.kid_pick.value, event, spot))
        elif step == "advance":
            if isinstance(self.first_pick.value, Skip):
                self.act(self.first_pick.value)
            else:
                self.act(Advance(self.first_pick.value, self.second_pick.value))
        elif step == "action" and isinstance(self.kind_pick.value, Skip):
            self.act(self.kind_pick.value)
        elif self.target_pick.value is None:
            self._message("There is nothing to choose here: use Skip.", "error")
        else:
            self.act(self.target_pick.value)

    def skip(self) -> None:
        """The skip button: no advance, no action or no Coach."""
        what = {"advance": "advance", "action": "action", "coach": "coach"}.get(self.state.step)
        if what is None:
            self._message(f"This step cannot be skipped: {STEP_HINT.get(self.state.step, 'wait')}.", "error")
            return
        self.act(Skip(what))

    # -- drawing -------------------------------------------------------------------------

    def _my_turn(self) -> bool:
        return not self.state.is_over() and self.state.turn == self.human

    def render(self) -> None:
        """Redraw every part of the app from your observation."""
        view = self.state.observe(self.human)
        deck = self.game.deck
        if view["phase"] == "over":
            self.header.value = '<div class="gd-header">Game over: the final scoring, event by event, is shown first.</div>'
        else:
            who = ("Your turn" if self.hotseat.seating.single else f"{self.names[self.human]}'s turn") if self._my_turn() \
                else f"{self.names[view['turn']]} to move"
            hint = STEP_HINT[view["step"]] if self._my_turn() else "waiting"
            self.header.value = (
                f'<div class="gd-header">{view["phase"].title()} phase · {html.escape(who)}: {html.escape(hint)}</div>'
            )
        events = self._card_events(view)
        taking = self._my_turn() and view["step"] == "take"
        buttons = []
        for kid in view["row"]:
            button = widgets.Button(
                description=self._words(Take(kid)) if taking else kid,
                disabled=not taking,
                tooltip=gym_cards.kid_title(deck, kid, events)
                + (" (a Brat: lets you advance the schedule)" if deck.kid(kid).is_brat else ""),
            )
            button.on_click(lambda _, kid=kid: self._safely(lambda: self.take(kid)))
            buttons.append(button)
        self.row_box.children = buttons
        self.row_cards.value = (
            '<div class="gd-rowcards-inner">'
            + "".join(kid_card(deck, kid, events, size=ROW_CARD) for kid in view["row"])
            + "</div>"
        )
        self.row_label.value = (
            f"<b>Face-up row</b>: click a Kid to take it ({view['stack_size']} more Kids wait for the second reveal)"
            if view["row"] else ""
        )
        self.row_stack.layout.display = None if view["row"] else "none"
        self.hand.value = self._hand_html(view, events)
        self.schedule.value = gym_cards.schedule_html(view)
        self.log.value = (
            "<details open><summary><b>Move log</b> (newest first)</summary>"
            + "<br>".join(html.escape(self._named(line)) for line in reversed(view["log"][-40:]))
            + "</details>"
        )
        self.scores.value = self._scores_html() if view["phase"] == "over" else ""
        self.last_moves.value = self._last_moves_html()
        self.hints.clear(playing=view["phase"] != "over")
        # The Pick phase: the schedule beside the row; then the board first, the schedule after it.
        self.table_area.children = [self.schedule, self.play_area] if view["row"] else [self.play_area, self.schedule]
        if view["row"]:
            self.table_area.remove_class("gd-playing")
        else:  # the board as wide as it is, the schedule and the controls close beside it
            self.table_area.add_class("gd-playing")
        self._render_controls(view)
        self._draw_board(view)

    def _card_events(self, view: dict) -> list:
        """The events a Kid card shows a score for: those in play once they are known, else
        all six in the schedule's order."""
        return list(view["in_play"]) if view["in_play_final"] else [item["event"] for item in view["schedule"]]

    def _hand_html(self, view: dict, events) -> str:
        deck = self.game.deck
        forced = view["forced"][self.human]
        chosen = self.kid_pick.value if self._my_turn() and view["step"] == "place" else None
        cards = "".join(
            kid_card(deck, k, events, chosen=k == chosen, size=HAND_CARD) for k in view["hand"]
        ) or '<span class="gd-empty">empty</span>'
        extra = (f"<div><b>Forced</b> (must be placed next):</div>"
                 f'<div class="gd-handcards">{kid_card(deck, forced, events, size=HAND_CARD)}</div>') if forced else ""
        sizes = ", ".join(
            f"{html.escape(self.names[s])} (team {self.teams[s]}): {n}" for s, n in enumerate(view["hand_sizes"])
        )
        whose = "Your" if self.hotseat.seating.single else f"{html.escape(self.names[self.human])}'s"
        return (f"<div><b>{whose} hand</b> ({len(view['hand'])} Kids)</div><div class=\"gd-handcards\">{cards}</div>"
                f"{extra}<small>Hand sizes: {sizes}</small>")

    def _draw_board(self, view: dict | None = None) -> None:
        """The events in play as columns: the event's card on top, then team A's three spots
        and team B's. In your Place step the empty spots the chosen Kid may go to are buttons
        (the one the controls have chosen outlined); the Kids the chosen Event Action moves
        are outlined; the bots' new Kids are outlined and marked "new"."""
        if self.state is None or self.hotseat.covered:
            return
        view = view or self.state.observe(self.human)
        deck = self.game.deck
        if not view["board"]:
            self.board.value = ""
            self.board_box.children = []
            return
        coach_at = {tuple(p): c for c, p in view["coaches"].items() if p is not None}
        new = {(a.event, "AB".index(view["teams"][seat]), a.spot) for seat, a in self.bot_moves if isinstance(a, Place)}
        targets = {}
        if self._my_turn() and view["step"] == "place":
            kid = self.kid_pick.value
            for a in getattr(self, "_places", []):
                if a.kid == kid:
                    targets[(a.event, a.spot)] = a
        acting = self._my_turn() and view["step"] == "action"
        moved = self._kids_named(self.target_pick.value) if acting else set()
        options = [a for _, a in self.target_pick.options if ACTION_KIND.get(type(a)) in BOARD_KINDS] if acting else []
        on_board = {k for a in options for k in self._kids_named(a)}  # the Kids a click may choose
        chosen = self.target_pick.value
        moves_to = {(a.event, a.spot): a for a in options
                    if isinstance(a, Move) and isinstance(chosen, Move) and a.kid == chosen.kid}
        mine = "AB".index(view["team"])
        move_side = next((t for sides in view["board"].values() for t, side in enumerate(sides)
                          if moves_to and chosen.kid in side), None)  # a Move stays on its Kid's side
        columns = []
        for c, e in enumerate(view["in_play"]):
            colour = deck.event(e).colour
            sides = view["board"][e]
            points = tuple(sum(deck.kid(k).value(colour) for k in side if k) for side in sides)
            coaches = {"AB"[t]: coach_at[(e, "AB"[t])] for t in range(2) if (e, "AB"[t]) in coach_at}
            column = [self._cell(("head", c), gym_cards.event_head(deck, e, points, coaches))]
            for t, side in enumerate(sides):
                column.append(self._cell(("side", c, t), f'<div class="gd-sidelabel">Team {"AB"[t]}'
                                         f'{" (yours)" if t == mine else ""}</div>'))
                for i, k in enumerate(side):
                    place = targets.get((e, i + 1)) if t == mine else None
                    if place is not None:
                        column.append(self._spot_button(c, t, i, place, deck.kid(place.kid).value(colour)))
                    elif k is None and t == move_side and (e, i + 1) in moves_to:
                        column.append(self._target_button(c, t, i, moves_to[(e, i + 1)], None,
                                                          deck.kid(chosen.kid).value(colour)))
                    elif k is not None and k in on_board:
                        column.append(self._target_button(c, t, i, None, k, deck.kid(k).value(colour), k in moved))
                    elif k is None:
                        column.append(self._cell((c, t, i), '<div class="gd-emptyspot">empty</div>'))
                    else:
                        column.append(self._cell((c, t, i), kid_card(
                            deck, k, view["in_play"], here=e, new=(e, t, i + 1) in new, chosen=k in moved,
                            size=SPOT_CARD)))
            box = self._cells.get(("column", c))
            if box is None:
                box = self._cells[("column", c)] = widgets.VBox()
                box.add_class("gd-boardcol")
            box.children = column
            columns.append(box)
        self.board_box.children = columns
        spare = [c for c, p in view["coaches"].items() if p is None]
        a, b = view["points"]
        self.board.value = (
            f"<b>Board</b> · team A {a} points, team B {b} points so far"
            + (f" · Coaches waiting: {html.escape(', '.join(spare))}" if spare else "")
            + ("<br><small>Click a highlighted spot to place your Kid there.</small>" if targets else "")
            + (f"<br><small>Click a Kid with a dashed border to choose it for {html.escape(self.kind_pick.value.title())}"
               + (", or an empty spot to move it there" if moves_to else "")
               + f"; then press {html.escape(self.go_button.description)}.</small>" if on_board else "")
        )

    def board_markup(self) -> str:
        """What the board shows, as one piece of HTML: the title line and every cell, column
        by column (a Place button as its label)."""
        parts = [self.board.value]
        for column in self.board_box.children:
            for cell in column.children:
                parts.append(cell.value if isinstance(cell, widgets.HTML) else f"<button>{html.escape(cell.description)}</button>")
        return "".join(parts)

    def spot_buttons(self) -> list:
        """The board's Place buttons shown now (the empty spots the chosen Kid may go to)."""
        return [cell for column in self.board_box.children for cell in column.children
                if isinstance(cell, widgets.Button) and hasattr(cell, "place")]

    def target_buttons(self) -> list:
        """The board's Event Action buttons shown now: the placed Kids the chosen Action may
        name (``button.kid``) and, for Move, the empty spots the chosen Kid may move to
        (``button.move``). A click chooses the target in the Choice menu."""
        return [cell for column in self.board_box.children for cell in column.children
                if isinstance(cell, widgets.Button) and hasattr(cell, "target_of")]

    def _target_button(self, c: int, t: int, i: int, move, kid, points: int, chosen: bool = False) -> widgets.Button:
        """A board button choosing an Event Action's target: a placed ``kid``, or the empty
        spot a ``move`` goes to."""
        key = ("target", c, t, i)
        button = self._cells.get(key)
        if button is None:
            button = self._cells[key] = widgets.Button()
            button.add_class("gd-target")
            button.on_click(lambda _, key=key: self._safely(lambda: self._choose_on_board(self._cells[key])))
        kind = self.kind_pick.value
        if move is not None:
            button.description = f"Move {move.kid} here: {points} point{'s' if points != 1 else ''}"
            button.tooltip = f"choose: {self._words(move)}"
        else:
            button.description = f"{kid} ({points}): {'chosen' if chosen else 'choose'}"
            button.tooltip = f"choose {kid} for {kind.title()}"
        button.target_of, button.kid, button.move = kind, kid, move
        if chosen or (move is not None and move == self.target_pick.value):
            button.add_class("gd-best")
        else:
            button.remove_class("gd-best")
        return button

    def _choose_on_board(self, button) -> None:
        """A click on a board target: choose, in the Choice menu, the move to that spot, or
        an option naming that Kid (with the Kid clicked before it, for Switch and Swap; with
        the same Kid from your hand, for Lift)."""
        if not self._my_turn() or self.state.step != "action" or self.kind_pick.value != button.target_of:
            self._message("That choice is gone: the board shows what you may choose now.", "info")
            return
        options = [a for _, a in self.target_pick.options]
        if button.move is not None:
            if button.move in options:
                self.target_pick.value = button.move
            return
        kid, current, before = button.kid, self.target_pick.value, getattr(self, "_board_kid", None)
        named = [a for a in options if kid in self._kids_named(a)]
        if not named:
            return
        both = [a for a in named if before not in (None, kid) and before in self._kids_named(a)]
        same_put = [a for a in named if getattr(a, "put", None) is not None and getattr(a, "put", None) == getattr(current, "put", None)]
        self._board_kid = kid
        if current in named and not both:
            self._draw_board()  # already chosen: the board shows it
            return
        self.target_pick.value = (both or same_put or named)[0]

    def _cell(self, key, markup: str) -> widgets.HTML:
        """The board's HTML widget at ``key`` (made once, then only its value changes)."""
        cell = self._cells.get(key)
        if cell is None:
            cell = self._cells[key] = widgets.HTML()
            if isinstance(key[0], int):
                cell.add_class("gd-spot")
        if cell.value != markup:
            cell.value = markup
        return cell

    def _spot_button(self, c: int, t: int, i: int, place, points: int) -> widgets.Button:
        """The Place button of an empty spot the chosen Kid may go to."""
        button = self._cells.get(("button", c, t, i))
        if button is None:
            button = self._cells[("button", c, t, i)] = widgets.Button(button_style="primary")
            button.add_class("gd-spot")
            button.on_click(lambda _, key=(c, t, i): self._safely(lambda: self._place_at(key)))
        button.description = f"Place {place.kid} here: {points} point{'s' if points != 1 else ''}"
        button.tooltip = f"place {place.kid} at {place.event} spot {place.spot} (scores {points})"
        button.place = place
        chosen = self.spot_pick.value == (place.event, place.spot)
        if chosen:
            button.add_class("gd-best")
        else:
            button.remove_class("gd-best")
        return button

    def _place_at(self, key) -> None:
        """A click on a highlighted spot of the board: place the chosen Kid there."""
        button = self._cells[("button",) + key]
        self.act(button.place)

    @staticmethod
    def _kids_named(action) -> set:
        """The Kids an Event Action names (to outline them on the board)."""
        if action is None or isinstance(action, Skip):
            return set()
        return {v for v in vars(action).values() if isinstance(v, str)}

    def _target_changed(self) -> None:
        self._sync_buttons()
        self._draw_board()

    def _named(self, line: str) -> str:
        """A log line with the app's names for the seats: "player 1 placed ..." becomes
        "Bot 1 (team B) placed ...", and the learner's own seat "you"."""
        line = in_words(line, self.names, self.teams, self.human)
        return line[:1].upper() + line[1:]

    def _words(self, action) -> str:
        """An action as the controls, messages and hints show it (the game's ``move_words``):
        "Force Bot 1 (team B)"."""
        return in_words(self.game.move_words(action), self.names, self.teams, self.human)

    def _render_controls(self, view: dict) -> None:
        step = view["step"]
        if not self._my_turn():
            self.controls.children = []
            return
        legal = self.state.legal_actions(self.human)
        fresh = self._fresh_step()
        suggested = self._suggestion(view, legal) if fresh and step != "take" else None
        self.go_button.disabled = False
        self.go_button.button_style, self.skip_button.button_style = "primary", ""
        for part in (self.target_pick, self.second_pick, self.skip_button):
            part.layout.display = None
        if step == "take":
            self.controls.children = [widgets.HTML("Click a Kid in the row below.")]
        elif step == "advance":
            self._advances = [a for a in legal if isinstance(a, Advance)]
            firsts = sorted({e for a in self._advances for e in a.steps})
            # "No advance" is a choice like the others: the default when the greedy bot would skip.
            _set_options(self.first_pick, [(e, e) for e in firsts] + [("No advance", Skip("advance"))])
            if fresh:
                self.first_pick.value = suggested.first if isinstance(suggested, Advance) else Skip("advance")
            self._fill_seconds()
            if isinstance(suggested, Advance) and fresh:
                self.second_pick.value = suggested.second
            self.go_button.description, self.skip_button.description = "Advance", "No advance"
            self.controls.children = [
                self.first_pick,
                self.second_pick,
                widgets.HBox([self.go_button, self.skip_button]),
            ]
            self._sync_buttons()
        elif step == "place":
            self._places = [a for a in legal if isinstance(a, Place)]
            deck = self.game.deck
            best = {}
            for a in self._places:
                best[a.kid] = max(best.get(a.kid, -1), deck.kid(a.kid).value(deck.event(a.event).colour))
            kids = sorted(best, key=lambda k: -best[k])  # the Kid that scores most first
            _set_options(self.kid_pick, [(deck.kid(k).label, k) for k in kids])
            if fresh and kids:
                self.kid_pick.value = suggested.kid if isinstance(suggested, Place) else kids[0]
            self._fill_spots()
            if isinstance(suggested, Place) and (suggested.event, suggested.spot) in [v for _, v in self.spot_pick.options]:
                self.spot_pick.value = (suggested.event, suggested.spot)
            self.go_button.description = "Place"
            self.controls.children = [self.kid_pick, self.spot_pick, self.go_button]
        elif step == "action":
            from gamedesign.games.gym.rules import ACTION_KIND

            # Only the Event Actions with something to do now, and "No action" (a legal choice).
            open_kinds = [k for k in self.state.action_kinds() if any(ACTION_KIND.get(type(a)) == k for a in legal)]
            self._closed_kinds = [k for k in self.state.action_kinds() if k not in open_kinds]
            _set_options(self.kind_pick, [(k.title(), k) for k in open_kinds] + [("No action", Skip("action"))])
            if fresh:
                kind = ACTION_KIND.get(type(suggested))
                self.kind_pick.value = kind if kind in open_kinds else Skip("action")
            self._fill_targets()
            if fresh and suggested in [v for _, v in self.target_pick.options]:
                self.target_pick.value = suggested
            self.go_button.description, self.skip_button.description = "Do it", "Skip action"
            self.controls.children = [
                self.kind_pick,
                self.target_pick,
                self.note,
                widgets.HBox([self.go_button, self.skip_button]),
            ]
            self._sync_buttons()
        elif step == "give_back":
            self._set_targets(legal, "Give back")
            if suggested in legal:
                self.target_pick.value = suggested
            self.go_button.description = "Give back"
            taken = view["taken"]
            self.controls.children = [
                widgets.HTML(f"You picked <b>{html.escape(str(taken))}</b>. Give a Kid back:"),
                self.target_pick,
                self.go_button,
            ]
        elif step == "coach":
            coaches = [a for a in legal if not isinstance(a, Skip)]
            self._set_targets(coaches + [a for a in legal if isinstance(a, Skip)], "Coach")
            if fresh and suggested in legal:
                self.target_pick.value = suggested
            self.go_button.description, self.skip_button.description = "Place Coach", "Skip coach"
            self.controls.children = [self.target_pick, widgets.HBox([self.go_button, self.skip_button])]
            self._sync_buttons()

    def _sync_buttons(self) -> None:
        """The main button does what the dropdowns say: when they say skip, it is the skip
        button ("No advance", "Skip action", "Skip coach") and the separate one is hidden."""
        if self.state is None or self.hotseat.covered or not self._my_turn():
            return
        step = self.state.step
        chosen = {"advance": self.first_pick.value, "action": self.kind_pick.value, "coach": self.target_pick.value}.get(step)
        skipping = isinstance(chosen, Skip)
        labels = {"advance": ("Advance", "No advance"), "action": ("Do it", "Skip action"), "coach": ("Place Coach", "Skip coach")}
        if step in labels:
            go, skip = labels[step]
            self.go_button.description = skip if skipping else go
            self.go_button.disabled = False
            self.skip_button.layout.display = "none" if skipping else None
            self.go_button.button_style, self.skip_button.button_style = "primary", ""
            hidden = "none" if skipping else None
            if step == "advance":
                self.second_pick.layout.display = hidden
            elif step == "action":
                self.target_pick.layout.display = hidden
        else:
            self.skip_button.layout.display = None

    def _suggestion(self, view: dict, legal: list):
        """The greedy bot's move from your observation: the choice the controls start on."""
        try:
            return hint(self.game, self.human, view, legal).action
        except Exception:  # a suggestion is a convenience: the controls work without one
            return None

    def _fresh_step(self) -> bool:
        """True the first time a step is drawn (then the suggested choices are set)."""
        key = (self.human, len(self.state.observe(self.human)["log"]), self.state.step)
        fresh, self._drawn_step = key != getattr(self, "_drawn_step", None), key
        return fresh

    def _fill_spots(self) -> None:
        """The empty spots the chosen Kid may go to, the one where it scores most first."""
        if self.state.is_over() or self.state.step != "place" or self.hotseat.covered or not self._my_turn():
            return
        deck = self.game.deck
        kid = self.kid_pick.value
        spots = []
        for a in getattr(self, "_places", []):
            if a.kid == kid:
                colour = deck.event(a.event).colour
                points = deck.kid(kid).value(colour)
                spots.append((points, f"{a.event} ({COLOUR_LETTER[colour]}) · spot {a.spot} · scores {points}", (a.event, a.spot)))
        spots.sort(key=lambda item: -item[0])
        keep = self.spot_pick.value
        self.spot_pick.options = [(label, value) for _, label, value in spots]
        values = [value for _, _, value in spots]
        self.spot_pick.value = keep if keep in values else (values[0] if values else None)
        view = self.state.observe(self.human)
        self.hand.value = self._hand_html(view, self._card_events(view))  # the chosen Kid outlined
        self._draw_board(view)

    def _fill_seconds(self) -> None:
        """For the first event chosen, the second: the same event again (+2) or another (+1 each)."""
        if self.state.is_over() or self.state.step != "advance" or self.hotseat.covered or not self._my_turn():
            return
        first = self.first_pick.value
        options = []
        if isinstance(first, Skip):
            _set_options(self.second_pick, [])
            self._sync_buttons()
            return
        for a in getattr(self, "_advances", []):
            if a.second is None and a.first == first:
                options.insert(0, ("nothing else: it goes up 2", None))
            elif a.second is not None and first in (a.first, a.second):
                other = a.second if a.first == first else a.first
                options.append((f"{other} (each goes up 1)", other))
        _set_options(self.second_pick, options)
        self._sync_buttons()

    @property
    def bot_moves(self) -> list:
        """The others' moves since the last move of the person at the screen: (seat, action) pairs."""
        mine = [i for i, (seat, _) in enumerate(self.played) if seat == self.human]
        return [(seat, a) for seat, a in self.played[mine[-1] + 1 if mine else 0 :] if seat != self.human]

    def _last_moves_html(self) -> str:
        """What the others did since your last move, in the app's names."""
        if not self.bot_moves:
            return ""
        lines = [f"{html.escape(self.names[seat])} (team {self.teams[seat]}): {html.escape(self._words(a))}" for seat, a in self.bot_moves]
        return '<div class="gd-lastmoves"><b>Since your last move</b><br>' + "<br>".join(lines[-8:]) + "</div>"

    def _set_targets(self, actions, label: str) -> None:
        self.target_pick.description = label
        _set_options(self.target_pick, [(self._words(a), a) for a in actions])
        self.go_button.disabled = not actions

    def _fill_targets(self) -> None:
        if self.state.is_over() or self.state.step != "action" or self.hotseat.covered or not self._my_turn():
            return
        from gamedesign.games.gym.rules import ACTION_KIND

        kind = self.kind_pick.value
        self._board_kid = None  # a new Action: the board's clicks start again
        closed = getattr(self, "_closed_kinds", [])
        blocked = (
            f"<br><i>Not possible now (a Coach blocks it, or nothing fits): {html.escape(', '.join(k.title() for k in closed))}.</i>"
            if closed
            else ""
        )
        if isinstance(kind, Skip):
            self._set_targets([], "Target")
            self.note.value = "<small>No Event Action this turn.</small>" + blocked
            self._sync_buttons()
            return
        options = [a for a in self.state.legal_actions(self.human) if ACTION_KIND.get(type(a)) == kind]
        self._set_targets(options, "Target")
        what = f"<small>{html.escape(kind.title())}: {html.escape(ACTIONS[kind])}.</small>" if kind in ACTIONS else ""
        self.note.value = what + blocked
        self._sync_buttons()

    def ending(self) -> tuple[str, str]:
        """The end of the game in a sentence and its kind of message: ``"win"`` (a success
        mark) only when the one person at the screen won; a loss, or a game of several
        people, is ``"end"`` (no success mark)."""
        result = self.state.result()
        team = "A" if 0 in result.winners else "B"
        winners = ", ".join(self.names[s] for s in range(len(self.names)) if self.teams[s] == team)
        losers = ", ".join(self.names[s] for s in range(len(self.names)) if self.teams[s] != team)
        other = "B" if team == "A" else "A"
        if self.hotseat.seating.single:
            if team == self.teams[self.human]:
                return f"Game over. Team {team} wins. Your team wins!", "win"
            return f"Game over. Team {team} wins. Your team loses.", "end"
        return f"Game over. Team {team} wins ({winners}); team {other} ({losers}) comes second.", "end"

    def _decided_by(self, result) -> str:
        a, b = result.scores[0], result.scores[1]  # seat 0 plays for team A, seat 1 for team B
        if result.details["decided_by_tie"]:
            return f"a tie at {a} points each: ties go to team A (it took the first turn)"
        high, low = max(a, b), min(a, b)
        return f"more points at the events in play: {high} to {low}"

    def _scores_html(self) -> str:
        result = self.state.result()
        rows = []
        for e in self.state.in_play:
            colour = self.game.deck.event(e).colour
            a, b = result.breakdown[0][e], result.breakdown[1][e]
            rows.append(f"<tr><td>{html.escape(e)}</td><td>{colour_tag(colour)}</td><td>{a}</td><td>{b}</td></tr>")
        team = "A" if 0 in result.winners else "B"
        tie = " (a tie: team A took the first turn)" if result.details["decided_by_tie"] else ""
        places = []
        for seat, name in enumerate(self.names):
            t = self.teams[seat]
            won = t == team
            mark = trophy_svg() + " " if won else ""
            places.append(
                f"<tr><th>{html.escape(name)}</th><td>team {t}</td><td>{mark}{'1st' if won else '2nd'}"
                f"{' (won)' if won else ''}</td><td>{result.scores[seat]}</td></tr>"
            )
        return (
            "<h4>Final scoring, event by event</h4>"
            '<div style="display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start">'
            '<table class="gd-table"><tr><th>Event</th><th>Colour</th><th>Team A</th><th>Team B</th></tr>'
            + "".join(rows)
            + f"<tr><th>Total</th><th></th><th>{result.scores[0]}</th><th>{result.scores[1]}</th></tr></table>"
            + '<table class="gd-table gd-places"><tr><th>Player</th><th>Team</th><th>Place</th><th>Team points</th></tr>'
            + "".join(places)
            + "</table></div>"
            + f"<p><b>Team {team} wins</b>{tie}. Decided by {html.escape(self._decided_by(result))}.</p>"
        )


def play_gym(
    players: int = 2, seed: int = 0, human: int = 0, bots="greedy", hints: bool = True, people=None,
    playtests=PLAYTESTS, **options,
) -> widgets.VBox:
    """The GYM app as a widget: ``play_gym(players=2, seed=0, human=0, bots="greedy")``.

    ``bots`` is a bot name for every other seat or a list with one per other seat;
    ``people=["Ana", "Ben"]`` seats people from seat 0 for hot-seat play at one screen
    (seats 0, 2, 4 are team A, 1, 3, 5 team B); ``hints=False`` hides the Hint and Why?
    buttons; ``playtests`` is the folder of the playtest logs (``None``: no log; names are
    stored as typed, ``gamedesign.playtest.anonymise`` replaces them for sharing);
    ``options`` are the rule options of ``gamedesign.load("gym", ...)``.
    """
    return GymApp(players, seed, human, bots, hints, people, playtests, **options).widget


__all__ = ["GymApp", "play_gym"]
