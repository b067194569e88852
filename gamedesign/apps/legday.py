"""Play Don't Skip Leg Day against bots in a notebook.

``play_legday(players=4, seed=0)`` returns the app. Click a card in your hand to play it
today. Bots pick at the same time as you and never see your pick. The app shows the
week, the day and whether it is a Gym Day (face up) or a Home Day (face down), every
player's cards (face-down cards only as a count), what was revealed each day, and the
final score table with the breakdown, eliminations and squats.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

import gamedesign
from gamedesign.apps.common import (
    AppBox,
    advance_bots,
    check_seat,
    check_seed,
    error_text,
    guard,
    message,
    seat_bots,
    seat_specs,
    seed_input,
)
from gamedesign.bots import bot_names
from gamedesign.core import IllegalAction
from gamedesign.games.legday import CATEGORIES, Pick

# Card colours with a text label always beside them: colour is never the only cue.
KIND_STYLE = {
    "curl": ("#fde2c4", "💪", "Curl: 1/3/6/10/15 for 1-5 cards"),
    "bench": ("#d6e9f8", "🏋", "Bench: 5 points for each pair"),
    "press": ("#dcd3f0", "⬆", "Overhead Press: 10 points for each three"),
    "pullup": ("#d9f0dc", "↥", "Pull-Up: the points printed on it"),
    "shake": ("#f8d9e6", "🥤", "Protein Shake: 10 for most images, 5 for second"),
    "selfie": ("#fff3b0", "📸", "Selfie: 1 point per different symbol on your other cards"),
    "legday": ("#e3e3e3", "🦵", "Leg Day: -1 face up; the fewest Leg Days is eliminated"),
}

CSS = """
<style>
.gd-legday .gd-card { display:inline-block; margin:2px; padding:2px 6px; border:1px solid #555;
  border-radius:6px; font-size:12px; color:#111; white-space:nowrap; }
.gd-legday .gd-down { background:#555; color:#fff; }
.gd-legday table.gd-table { border-collapse:collapse; }
.gd-legday table.gd-table td, .gd-legday table.gd-table th { border-bottom:1px solid #ccc;
  padding:4px 8px; text-align:left; vertical-align:top; color:#111; }
.gd-legday table.gd-table td small { white-space:nowrap; }
.gd-legday .gd-header { font-size:15px; font-weight:600; color:#111; }
</style>
"""


def _chip(deck, name: str | None, face_up: bool) -> str:
    if name is None:
        return '<span class="gd-card gd-down" title="face down (Home Day)">🂠 face down</span>'
    colour, symbol, _ = KIND_STYLE[deck.card(name).kind]
    mark = "" if face_up else " (home)"
    return f'<span class="gd-card" style="background:{colour}">{symbol} {html.escape(name)}{mark}</span>'


class LegDayApp:
    """The Leg Day table: your hand as buttons, everyone's cards, and the final scores."""

    def __init__(self, players: int = 4, seed: int = 0, human: int = 0, bots="greedy", **options):
        # Every setting is checked before a widget is built: a bad one is a clear ValueError.
        self.game = gamedesign.load("legday", players=players, **options)
        players = self.game.num_players
        seed = check_seed(seed)
        self.human = human = check_seat(human, players)
        self.bot_specs = specs = seat_specs(self.game, human, bots)
        self.names = [
            "You" if seat == human else f"Bot {seat} ({specs[seat] if isinstance(specs[seat], str) else 'bot'})"
            for seat in range(players)
        ]

        self.header = widgets.HTML()
        self.status = widgets.HTML()
        self.hand_label = widgets.HTML()
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.table = widgets.HTML()
        self.reveals = widgets.HTML()
        self.scores = widgets.HTML()
        self.seed_box = seed_input(seed)
        self.new_button = widgets.Button(description="New game", icon="refresh", tooltip="Deal a new game with this seed")
        self.new_button.on_click(lambda _: guard(self.status, "Could not start a new game", self.new_game, self.seed_box.value))
        self.widget = AppBox(
            [
                widgets.HTML(CSS),
                self.header,
                self.status,
                self.scores,
                self.hand_label,
                self.hand_box,
                self.table,
                self.reveals,
                widgets.HBox([self.seed_box, self.new_button]),
            ],
            app_name="Don't Skip Leg Day",
        )
        self.widget.add_class("gd-legday")
        self.state = None
        guard(self.status, "Could not start the game", self.new_game, seed)

    # -- actions -------------------------------------------------------------------------

    def new_game(self, seed: int) -> None:
        """Deal a fresh game from ``seed`` and let the bots make their first picks.

        A bot that fails is reported in the status line; the game stays on screen."""
        self.state = self.game.new_state(seed=check_seed(seed))
        self.bots = seat_bots(self.game, self.bot_specs, seed)
        self.revealed = []
        if self._advance():
            message(self.status, f"New game, seed {seed}. Pick a card for day 1.", "info")
        self.render()

    def _advance(self) -> bool:
        """Let the bots pick; False (and a message) when one of them fails."""
        try:
            advance_bots(self.state, self.bots, {self.human})
        except Exception as err:  # a bot's failure must not break the notebook
            message(self.status, f"A bot could not move: {error_text(err)}", "error")
            return False
        return True

    def play(self, card: str) -> None:
        """Play ``card`` from your hand (what a click on a card does); never raises."""
        guard(self.status, f"Could not play {card}", self._play, card)

    def _play(self, card: str) -> None:
        state = self.state
        if state is None:
            message(self.status, "There is no game yet: press New game.", "error")
            return
        if state.is_over():
            message(self.status, "The game is over: press New game to play again.", "error")
            return
        day_label = f"Week {state.week}, day {state.day} ({state.day_type()})"
        before = [len(t) for t in state.tableaus]
        try:
            state.apply(self.human, Pick(card))
        except IllegalAction as err:
            message(self.status, f"Not allowed: {err}", "error")
            return
        self._record_reveal(day_label, before)
        if self._advance():  # else the bot's failure stays in the status line
            if state.is_over():
                winners = state.result().winners
                text = ", ".join(self.names[w] for w in winners) if winners else "nobody"
                message(self.status, f"Game over. Winner: {text}.", "ok")
            else:
                message(self.status, f"You played {card}. Now {state.day_type()} {state.day} of week {state.week}.", "ok")
        self.render()

    def _record_reveal(self, day_label: str, before: list[int]) -> None:
        if [len(t) for t in self.state.tableaus] == before:
            return  # others still choosing (cannot happen with bots, kept for safety)
        cards = []
        for seat, tableau in enumerate(self.state.tableaus):
            name, up = tableau[-1]
            shown = name if up or seat == self.human else None
            cards.append(f"{html.escape(self.names[seat])}: {_chip(self.game.deck, shown, up)}")
        self.revealed.append(f"<b>{day_label}</b>: " + " &nbsp; ".join(cards))

    # -- drawing -------------------------------------------------------------------------

    def render(self) -> None:
        """Redraw every part of the app from the state (through the human's observation)."""
        state, deck = self.state, self.game.deck
        view = state.observe(self.human)
        if view["over"]:
            self.header.value = '<div class="gd-header">Two weeks done: final scores below.</div>'
        else:
            face = "cards go face up" if view["day_type"] == "Gym Day" else "cards go face down"
            self.header.value = (
                f'<div class="gd-header">Week {view["week"]} · Day {view["day"]} of 7 · '
                f'{view["day_type"]} ({face}) · hands pass {view["pass_direction"].upper()}</div>'
            )
        if view["over"]:
            self.hand_label.value = ""
        elif view["my_pick"] is not None:
            self.hand_label.value = "<b>Your hand</b> — waiting for the others to pick."
        else:
            self.hand_label.value = "<b>Your hand</b> — click a card to play it today:"
        buttons = []
        for name in view["hand"]:
            kind = deck.card(name).kind
            colour, symbol, hint = KIND_STYLE[kind]
            button = widgets.Button(
                description=f"{symbol} {name}",
                tooltip=hint,
                layout=widgets.Layout(width="auto", height="48px"),
                disabled=view["over"] or view["my_pick"] is not None,
            )
            button.style.button_color = colour
            button.on_click(lambda _, name=name: self.play(name))
            buttons.append(button)
        self.hand_box.children = buttons
        self.table.value = self._table_html(view)
        self.reveals.value = (
            "<details><summary><b>What was played each day</b> (click to open)</summary>"
            + "<br>".join(reversed(self.revealed[-14:]))
            + "</details>"
            if self.revealed
            else ""
        )
        self.scores.value = self._scores_html() if view["over"] else ""

    def _table_html(self, view: dict) -> str:
        deck = self.game.deck
        rows = []
        for seat, tableau in enumerate(view["tableaus"]):
            up = [name for name, face_up in tableau if face_up]
            down = [name for name, face_up in tableau if not face_up]
            legs_up = sum(1 for name in up if deck.card(name).kind == "legday")
            chips = "".join(_chip(deck, name, True) for name in up)
            if seat == self.human or view["over"]:
                chips += "".join(_chip(deck, name, False) for name in down)
                hidden = ""
            else:
                hidden = f'<span class="gd-card gd-down">🂠 × {len(down)} face down</span>' if down else ""
            rows.append(
                f"<tr><th>{html.escape(self.names[seat])}</th><td>{chips}{hidden}</td>"
                f"<td>{legs_up} face-up Leg Day{'s' if legs_up != 1 else ''}</td></tr>"
            )
        return '<table class="gd-table"><tr><th>Player</th><th>Cards played</th><th>Seen Leg Days</th></tr>' + "".join(rows) + "</table>"

    def _scores_html(self) -> str:
        state = self.state
        report = state.report()
        squats = state.result().details["squats"]
        short = {"Preacher Curl": "Curl", "Bench Press": "Bench", "Overhead Press": "Press",
                 "Pull-Ups": "Pull-Ups", "Protein Shake": "Shakes", "Selfie": "Selfie", "Leg Day": "Leg Day"}
        head = "".join(f"<th>{short[c]}</th>" for c in CATEGORIES)
        rows = []
        for seat, name in enumerate(self.names):
            if seat in report.eliminated:
                cells = "".join("<td>—</td>" for _ in CATEGORIES)
                total = f"<td>out <small>(had {report.collection_points[seat]})</small></td>"
                outcome = "❌ eliminated: fewest Leg Days"
            else:
                cells = "".join(f"<td>{report.breakdown[seat][c]}</td>" for c in CATEGORIES)
                total = f"<td><b>{report.points[seat]}</b></td>"
                outcome = "🏆 winner" if seat in report.winners else ""
            squat = "" if squats[seat] is None else f"{squats[seat]['squats']} ({html.escape(squats[seat]['card'])})"
            rows.append(
                f"<tr><th>{html.escape(name)}</th>{cells}{total}<td>{report.leg_days[seat]}</td>"
                f"<td>{report.shake_images[seat]}</td><td>{outcome}</td><td>{squat}</td></tr>"
            )
        return (
            '<h4>Final scores</h4><table class="gd-table"><tr><th>Player</th>'
            f"{head}<th>Total</th><th>Leg Day cards</th><th>Shake images</th><th>Result</th><th>Squats</th></tr>"
            + "".join(rows)
            + f"</table><p>Decided by: {html.escape(report.decided_by)}. Eliminated players score nothing; "
            "every loser draws a card and does that many squats.</p>"
        )


def play_legday(players: int = 4, seed: int = 0, human: int = 0, bots="greedy", **options) -> widgets.VBox:
    """The Leg Day app as a widget: ``play_legday(players=4, seed=0, bots="greedy")``.

    ``bots`` is a bot name for every other seat or a list with one per other seat;
    ``options`` are the rule options of ``gamedesign.load("legday", ...)``.
    """
    return LegDayApp(players, seed, human, bots, **options).widget


__all__ = ["LegDayApp", "play_legday", "CATEGORIES", "bot_names"]
