"""Play Don't Skip Leg Day against bots in a notebook.

``play_legday(players=4, seed=0)`` returns the app. Your hand is drawn as cards (kind,
drawn symbol, what it scores, its count: ``gamedesign.apps.legday_cards``); press Play
under the one you keep today. Bots pick at the same time as you and never see your pick.
The app shows the week, the day and whether it is a Gym Day (face up) or a Home Day (face
down), every player's cards (face-down cards only as a count, the latest outlined), what
was revealed each day, Hint and Why? (the greedy bot's pick and the gains it compares;
``hints=False`` hides them), and the final score table with the breakdown, eliminations,
squats and, after a tie, which tie-break decided.

Hot-seat: ``play_legday(players=3, people=["Ana", "Ben"])`` seats two people and a bot.
Each day the people pick one by one, each under a cover ("Pass to Ben: ...") that hides
the last person's hand, home cards, pick and hints; the picks are revealed together
when everyone has picked. Each game is kept in a playtest log (``playtests=`` the folder;
``None``: no log).
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
    trophy_svg,
    seat_bots,
    seed_input,
    thinking,
)
from gamedesign.apps.hotseat import PLAYTESTS, HotSeat, Seating
from gamedesign.bots import bot_names
from gamedesign.core import IllegalAction
from gamedesign.games.legday import CATEGORIES, Pick
from gamedesign.apps import legday_cards
from gamedesign.apps.hints import HintBar

CSS = (
    "<style>"
    + legday_cards.CSS
    + """
.gd-legday { max-width:100%; box-sizing:border-box; }
.gd-legday table.gd-table { border-collapse:collapse; max-width:100%; }
.gd-legday table.gd-table td, .gd-legday table.gd-table th { border-bottom:1px solid #ccc;
  padding:2px 4px; text-align:left; vertical-align:top; color:#111; font-size:12px; line-height:1.3; }
.gd-legday .widget-html-content { line-height:1.3; }
.gd-legday table.gd-final td, .gd-legday table.gd-final th { padding:2px 2px; font-size:11px; }
.gd-legday .gd-header { font-size:15px; font-weight:600; color:#111; }
.gd-legday .gd-hand { gap:4px; }
.gd-legday .gd-handcard { align-items:center; margin:0; gap:2px; }
.gd-legday .gd-handcard > * { margin:0; }
.gd-legday button.gd-play { height:26px; }
.gd-legday .gd-note { color:#111; font-size:13px; max-width:60em; }
</style>
"""
)


def _chip(deck, name: str | None, face_up: bool, new: bool = False) -> str:
    if name is None:
        return legday_cards.face_down_html()
    return legday_cards.mini_card_html(deck.card(name), "" if face_up else " (home)", new=new)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def tie_break_text(report, names: list[str]) -> str:
    """Why the winners won when points were tied, in a sentence ("" when no tie-break was needed)."""
    if not report.decided_by.startswith(("tie on points", "shared win")):
        return ""
    alive = [s for s in range(len(names)) if s not in report.eliminated]
    best = max(report.points[s] for s in alive)
    tied = [s for s in alive if report.points[s] == best]
    who = " and ".join(names[s] for s in tied)
    legs = ", ".join(f"{names[s]} {report.leg_days[s]}" for s in tied)
    shakes = ", ".join(f"{names[s]} {report.shake_images[s]}" for s in tied)
    winners = " and ".join(names[s] for s in report.winners)
    return (
        f"{who} tied on {best} points. Tie-breaks: most Leg Day cards ({legs}), then most Protein Shake "
        f"images ({shakes}). {winners} {'win' if len(report.winners) > 1 or winners == 'You' else 'wins'}: {report.decided_by}."
    )


SQUATS_NOTE = (
    "* Squats: everyone who did not win draws one card from the full deck and does as many squats as the "
    "deck holds cards of that type (a Leg Day means all the deck's Leg Day cards)."
)


class LegDayApp:
    """The Leg Day table: your hand as buttons, everyone's cards, and the final scores."""

    def __init__(
        self, players: int = 4, seed: int = 0, human: int = 0, bots="greedy", hints: bool = True, people=None,
        playtests=PLAYTESTS, **options,
    ):
        # Every setting is checked before a widget is built: a bad one is a clear ValueError.
        self.game = gamedesign.load("legday", players=players, **options)
        players = self.game.num_players
        seed = check_seed(seed)
        check_seat(human, players)
        seating = Seating(self.game, people, human, bots)
        self.bot_specs = seating.specs
        self.names = seating.names  # "You", "Bot 1", ... as in terminal play; or the people's names
        self.hotseat = HotSeat(seating, playtests)

        self.header = widgets.HTML()
        self.status = widgets.HTML()
        self.thinking_view = widgets.HTML()
        self.hand_label = widgets.HTML()
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.table = widgets.HTML()
        self.reveals = widgets.HTML()
        self.scores = widgets.HTML()
        self.hints = HintBar(self._hint_question, hints)
        self.seed_box = seed_input(seed)
        self.new_button = widgets.Button(description="New game", icon="refresh", tooltip="Deal a new game with this seed")
        self.new_button.on_click(lambda _: guard(self.status, "Could not start a new game", self.new_game, self.seed_box.value))
        self.widget = AppBox(
            [
                widgets.HTML(CSS),
                self.header,
                self.status,
                self.thinking_view,
                self.scores,
                self.hand_label,
                self.hand_box,
                self.hints,
                self.table,
                self.reveals,
                widgets.HBox([self.seed_box, self.new_button]),
            ],
            app_name="Don't Skip Leg Day",
        )
        self.widget.add_class("gd-legday")
        self.hand_box.add_class("gd-hand")
        # Under the cover between people only the styles and the day stay on the page.
        self.hotseat.attach(
            self.widget,
            private=[self.status, self.scores, self.hand_label, self.hand_box, self.hints, self.table, self.reveals],
            keep=[self.widget.children[0], self.header],
            render=self.render,
            status=self.status,
        )
        self.state = None
        guard(self.status, "Could not start the game", self.new_game, seed)

    # -- actions -------------------------------------------------------------------------

    def new_game(self, seed: int) -> None:
        """Deal a fresh game from ``seed`` and let the bots make their first picks.

        A bot that fails is reported in the status line; the game stays on screen."""
        self.state = self.game.new_state(seed=check_seed(seed))
        self.bots = seat_bots(self.game, self.bot_specs, seed)
        self.revealed = []
        self.hotseat.new_game(self.game, self.state)
        if self._advance():
            message(self.status, f"New game, seed {seed}. Pick a card for day 1.", "info")
        self.hotseat.show(self.state)

    @property
    def human(self) -> int:
        """The seat of the person whose screen is shown (with one person: their seat)."""
        return self.hotseat.viewer

    def _hint_question(self):
        """What a hint is about: you, your observation and your cards now."""
        if self.state.is_over():
            raise ValueError("the game is over")
        if self.state.observe(self.human)["my_pick"] is not None:
            raise ValueError("you have picked today: wait for the others")
        return self.game, self.human, self.state.observe(self.human), self.state.legal_actions(self.human)

    def _advance(self) -> bool:
        """Let the bots pick; False (and a message) when one of them fails."""
        try:
            with thinking(self.thinking_view):
                advance_bots(self.state, self.bots, set(self.hotseat.seating.seats), on_decision=self.hotseat.bot_decision)
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
        if self.hotseat.covered:
            message(self.status, f"Pass the screen to {self.names[self.human]} first: press the button.", "error")
            return
        day_label = f"Week {state.week}, day {state.day} ({state.day_type()})"
        before = [len(t) for t in state.tableaus]
        try:
            self.hotseat.person_move(state, self.human, Pick(card), lambda pick: state.apply(self.human, pick))
        except IllegalAction:
            if view_pick := state.observe(self.human)["my_pick"]:
                text = f"You already picked {view_pick} today: wait for the others."
            elif card not in state.observe(self.human)["hand"]:
                text = f"{card} is not in your hand: click Play under one of the cards in your hand."
            else:
                text = f"You cannot play {card} now: click Play under a card in your hand."
            message(self.status, text, "error")
            return
        self._record_reveal(day_label, before)
        if self._advance():  # else the bot's failure stays in the status line
            if state.is_over():
                message(self.status, *self.ending())
            elif self.hotseat.seating.single:
                message(
                    self.status,
                    f"You played {legday_cards.display_name(self.game.deck.card(card))}; {self._others_played()}. "
                    f"Now {state.day_type()} {state.day} of week {state.week}.",
                    "ok",
                )
            # With several people the next screen is someone else's: the cover comes next.
        self.hotseat.show(state)

    def _others_played(self) -> str:
        """What the bots played on the day just revealed, as you saw it ("Bot 2: face down")."""
        deck = self.game.deck
        parts = []
        for seat, tableau in enumerate(self.state.tableaus):
            if seat != self.human and tableau:
                name, up = tableau[-1]
                parts.append(f"{self.names[seat]}: {legday_cards.display_name(deck.card(name)) if up else 'face down'}")
        return ", ".join(parts)

    def _record_reveal(self, day_label: str, before: list[int]) -> None:
        if [len(t) for t in self.state.tableaus] == before:
            return  # others still choosing (another person, or a bot that failed)
        self.revealed.append((day_label, [tableau[-1] for tableau in self.state.tableaus]))

    def _reveal_html(self, day_label: str, played: list) -> str:
        """What was played on one day, as the person at the screen saw it (their own
        face-down card by name, the others' as a card back)."""
        cards = []
        for seat, (name, up) in enumerate(played):
            shown = name if up or seat == self.human else None
            cards.append(f"{html.escape(self.names[seat])}: {_chip(self.game.deck, shown, up)}")
        return f"<b>{day_label}</b>: " + " &nbsp; ".join(cards)

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
        whose = "Your" if self.hotseat.seating.single else f"{html.escape(self.names[self.human])}'s"
        if view["over"]:
            self.hand_label.value = ""
        elif view["my_pick"] is not None:
            self.hand_label.value = f"<b>{whose} hand</b> — waiting for the others to pick."
        else:
            self.hand_label.value = (
                f"<b>{whose} hand</b> — press Play under the card you keep today ({html.escape(self._passing(view))}):"
            )
        buttons = []
        for name in view["hand"]:
            card = deck.card(name)
            button = widgets.Button(
                description="Play",
                tooltip=f"{self.game.move_words(Pick(name))} today",
                layout=widgets.Layout(width="100px"),
                disabled=view["over"] or view["my_pick"] is not None,
            )
            button.add_class("gd-play")
            button.on_click(lambda _, name=name: self.play(name))
            item = widgets.VBox([widgets.HTML(legday_cards.card_html(card, deck)), button])
            item.add_class("gd-handcard")
            item.play_button = button
            buttons.append(item)
        self.hand_box.children = buttons
        self.hints.clear(playing=not view["over"])
        self.table.value = self._table_html(view)
        self.reveals.value = (
            "<details><summary><b>What was played each day</b> (click to open)</summary>"
            + "<br>".join(self._reveal_html(*day) for day in reversed(self.revealed[-14:]))
            + "</details>"
            if self.revealed
            else ""
        )
        self.scores.value = self._scores_html() if view["over"] else ""

    def _table_html(self, view: dict) -> str:
        """Everyone's cards, the latest one outlined whether it went face up or face down,
        and who has picked today (picks stay hidden until everyone has picked)."""
        deck = self.game.deck
        rows = []
        for seat, tableau in enumerate(view["tableaus"]):
            up = [name for name, face_up in tableau if face_up]
            down = [name for name, face_up in tableau if not face_up]
            legs_up = sum(1 for name in up if deck.card(name).kind == "legday")
            latest_up = tableau[-1][1] if tableau else None  # how the latest card went down
            chips = "".join(_chip(deck, name, True, new=latest_up is True and i == len(up) - 1) for i, name in enumerate(up))
            if seat == self.human or view["over"]:
                chips += "".join(
                    _chip(deck, name, False, new=latest_up is False and i == len(down) - 1) for i, name in enumerate(down)
                )
                hidden = ""
            elif down:
                note = f"{len(down)} face down" + ((" (new)" if len(down) == 1 else " (1 new)") if latest_up is False else "")
                hidden = legday_cards.face_down_html(note, new=latest_up is False)
            else:
                hidden = ""
            rows.append(
                f"<tr><th>{html.escape(self.names[seat])}</th><td>{chips}{hidden}</td>"
                f"<td>{legs_up}</td>"
                + ("" if view["over"] else f"<td>{html.escape(self._today(view, seat))}</td>")
                + "</tr>"
            )
        today = "" if view["over"] else "<th>Today</th>"
        return (
            '<table class="gd-table"><tr><th>Player</th><th>Cards played (outlined: the latest, face up or down)</th>'
            f"<th>Leg Days face up</th>{today}</tr>" + "".join(rows) + "</table>"
        )

    def _today(self, view: dict, seat: int) -> str:
        """Whether ``seat`` has picked today: picks are shown only when everyone has picked."""
        if seat in view["waiting_for"]:
            return "your pick" if seat == self.human else "choosing…"
        if seat == self.human and view["my_pick"] is not None:
            return f"picked {legday_cards.display_name(self.game.deck.card(view['my_pick']))}"
        return "picked (hidden)"

    def _passing(self, view: dict) -> str:
        """Where your hand goes after today and whose hand you get."""
        players = view["players"]
        step = 1 if view["pass_direction"] == "left" else -1
        to, came = self.names[(self.human + step) % players], self.names[(self.human - step) % players]
        return f"after today your other cards go to {to} and you get {came}'s hand"

    def places(self) -> list[int]:
        """Each seat's place at the end: the winners first, then by points; an eliminated
        player (fewest Leg Days) comes after everyone who was not."""
        report = self.state.report()

        def key(seat):
            points = report.points[seat]
            return (seat not in report.winners, seat in report.eliminated,
                    -(report.collection_points[seat] if points is None else points))

        seats = range(len(self.names))
        return [1 + sum(1 for other in seats if key(other) < key(seat)) for seat in seats]

    def ending(self) -> tuple[str, str]:
        """The end in a sentence and its kind: ``"win"`` (a success mark) only when the one
        person at the screen won; a loss, or a game of several people, is ``"end"``."""
        report = self.state.report()
        winners = report.winners
        text = ", ".join(self.names[w] for w in winners) if winners else "nobody"
        if self.hotseat.seating.single:
            place = self.places()[self.human]
            if self.human in winners:
                return f"Game over. Winner: {text}. You won!", "win"
            return (f"Game over. Winner: {text}. You came {_ordinal(place)} of {len(self.names)}"
                    f"{' (out: fewest Leg Days)' if self.human in report.eliminated else ''}.", "end")
        return f"Game over. Winner: {text}.", "end"

    def _scores_html(self) -> str:
        state = self.state
        report = state.report()
        squats = state.result().details["squats"]
        short = {"Preacher Curl": "Curl", "Bench Press": "Bench", "Overhead Press": "Press",
                 "Pull-Ups": "Pull-Ups", "Protein Shake": "Shakes", "Selfie": "Selfie", "Leg Day": "Leg Day"}
        head = "".join(f"<th>{short[c]}</th>" for c in CATEGORIES)
        places = self.places()
        rows = []
        for seat, name in enumerate(self.names):
            if seat in report.eliminated:
                cells = "".join("<td>—</td>" for _ in CATEGORIES)
                total = f"<td>out <small>(had {report.collection_points[seat]})</small></td>"
                outcome = "out: fewest Leg Days"
            else:
                cells = "".join(f"<td>{report.breakdown[seat][c]}</td>" for c in CATEGORIES)
                total = f"<td><b>{report.points[seat]}</b></td>"
                outcome = f"{trophy_svg()} winner" if seat in report.winners else ""
            squat = (
                ""
                if squats[seat] is None
                else f"{squats[seat]['squats']}<br><small>drew {html.escape(squats[seat]['card'])}</small>"
            )
            rows.append(
                f"<tr><th>{html.escape(name)}</th><td>{_ordinal(places[seat])}</td>{cells}{total}<td>{report.leg_days[seat]}</td>"
                f"<td>{report.shake_images[seat]}</td><td>{outcome}</td><td>{squat}</td></tr>"
            )
        return (
            '<h4>Final scores</h4><table class="gd-table gd-final"><tr><th>Player</th><th>Place</th>'
            f"{head}<th>Total</th><th>Leg Days</th><th>Shake images</th><th>Result</th><th>Squats*</th></tr>"
            + "".join(rows)
            + f"</table><p class=\"gd-note\">Decided by: {html.escape(report.decided_by)}. "
            + html.escape(tie_break_text(report, self.names))
            + " Eliminated players score nothing.</p>"
            + f'<p class="gd-note">{html.escape(SQUATS_NOTE)}</p>'
        )


def play_legday(
    players: int = 4, seed: int = 0, human: int = 0, bots="greedy", hints: bool = True, people=None,
    playtests=PLAYTESTS, **options,
) -> widgets.VBox:
    """The Leg Day app as a widget: ``play_legday(players=4, seed=0, bots="greedy")``.

    ``bots`` is a bot name for every other seat or a list with one per other seat;
    ``people=["Ana", "Ben"]`` seats people from seat 0 for hot-seat play at one screen
    (``human=`` seats one person); ``hints=False`` hides the Hint and Why? buttons;
    ``playtests`` is the folder of the playtest logs (``None``: no log; names are stored
    as typed, ``gamedesign.playtest.anonymise`` replaces them for sharing); ``options``
    are the rule options of ``gamedesign.load("legday", ...)``.
    """
    return LegDayApp(players, seed, human, bots, hints, people, playtests, **options).widget


__all__ = ["LegDayApp", "play_legday", "CATEGORIES", "bot_names"]
