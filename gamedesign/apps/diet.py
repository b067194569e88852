"""Play The Diet Game against bots in a notebook: :func:`play_diet`.

The app only shows the state and passes your clicks to the engine; every rule lives in
:mod:`gamedesign.games.diet`. You see your hand (click a card you may play now to play it,
or in Planning to mark it for discarding; the button under the hand plays no card: "No
lunch", "Feed nothing", "No Laziness"), the current phase and what you are asked,
everyone's weight as a bar with its number, the log of what happened ("Bot 1 played
Laziness on your Bicycling: it does not count.", passes and the card waiting for an answer
included) and, at the end, the winner or the draw. Players are "You" and "Bot 1", "Bot 2",
..., as in the other apps. Bots move on their own between your decisions. Nothing here
raises into the notebook: a refused move is explained in a player's words.

Hot-seat: ``play_diet(players=3, people=["Ana", "Ben"])`` seats people from seat 0. Before
each person's decision (an answer in someone else's turn too) a cover hides the last
person's hand, marks and hints. Each game is kept in a playtest log (``playtests=`` the
folder; ``None``: no log).
"""

from __future__ import annotations

import html
import random

import ipywidgets as widgets

from .. import load
from ..core import IllegalAction
from ..games.diet import PHASE_TITLES, Discard, Pass, Play, Skip, why_not
from ..games.diet import text as diet_text
from ..games.diet.cards import KIND_WORDS, card_value
from ..games.diet.cards import card_use as card_does
from ..terminal import rename
from . import common, diet_cards
from .hints import HintBar
from .hotseat import PLAYTESTS, HotSeat, Seating

#: Cards you may play now are raised, with a thick border and bold text; the others are
#: dimmed (not by colour alone). The cards' drawings are in :mod:`.diet_cards`.
CSS = ("<style>" + diet_cards.CSS
       + ".gd-diet table.gd-places th, .gd-diet table.gd-places td { padding:2px 14px 2px 0; text-align:left; "
         "vertical-align:top; }\n"
       + ".gd-diet table.gd-places td:nth-child(2), .gd-diet table.gd-places td:nth-child(3) { white-space:nowrap; }"
       + "</style>")

#: Colours of weight bars: losing weight is good (blue-green), gaining is bad (orange).
LOSS_COLOUR, GAIN_COLOUR = "#009E73", "#D55E00"

#: The app shows the turns (newest first) among the latest LOG_LINES lines, at most LOG_TURNS of them.
LOG_LINES, LOG_TURNS = 60, 4


def card_use(card) -> str:
    """Which meal or answer a card is for, and its pounds, in the cards' own words: "Lunch,
    +1 lb", "Cheat, +2 lb", "Laziness: cancels an Exercise"."""
    kind = KIND_WORDS.get(card.kind, card.kind)
    value = card_value(card)
    return f"{kind}, {value}" if value else f"{kind}: {card_does(card)}"


def log_line(line: str) -> str:
    """A log line as a player reads it ("drew 0 cards" says why)."""
    return line.replace("drew 0 cards.", "drew no cards (the hand was full).")


def decline_text(view: dict, name: str, names) -> str | None:
    """What a pass or skip means at this moment of the turn (``view`` is seen before the
    move), or None when the log already says it ("ate no lunch")."""
    active, step, table = names(view["active"]), view["step"], view["on_table"] or {}
    whose = "your" if active == "You" else f"{active}'s"
    active = "you" if active == "You" else active
    if step == "neighbour":
        return f"{name} fed {active} nothing for {view['phase']}."
    if step == "laziness":
        return f"{name} let {whose} {table.get('card', 'Exercise')} stand (no Laziness)."
    if step == "willpower":
        return f"{name} did not cancel the Cheat {table.get('card', '')} (no Willpower)."
    if step == "cheat":
        return f"{name} played no Cheat on {active}."
    return None


def pending_text(view: dict, names) -> str | None:
    """The card on the table waiting for answers, in words (None when nothing waits)."""
    table, step = view["on_table"], view["step"]
    if view["over"] or not table or step not in ("laziness", "willpower"):
        return None
    answer = "Laziness" if step == "laziness" else "Willpower"
    return f"Waiting: {names(table.get('by', view['active']))} played {table['card']}; it counts unless cancelled with {answer}."


def _asked(view: dict, names, limit: int = 3) -> str:
    """What the decision now asks for, as the end of a refusal ("click a Cheat card ..., or press No Cheat")."""
    phase, step = view["phase"], view["step"]
    active = names(view["active"])
    if phase == "planning":
        return f"click up to {limit} cards to mark them, then Discard and draw, or press Keep my hand"
    if step == "own" and phase == "exercise":
        return "click an Exercise card in your hand, or press No exercise"
    if step == "own":
        return f"click a {PHASE_TITLES[phase]} worth 0 lb or less in your hand, or press No {phase}"
    if step == "neighbour":
        return f"click a fattening {PHASE_TITLES[phase]} (+1 lb or more) to feed {active}, or press Feed nothing"
    if step == "laziness":
        return "click a Laziness card to cancel it, or press No Laziness"
    if step == "cheat":
        return f"click a Cheat card to play it on {active}, or press No Cheat"
    if step == "willpower":
        return "click a Willpower card to cancel it, or press No Willpower"
    return "wait for your turn"


def decline_label(view: dict, action) -> str:
    """The short label of the button that plays no card now ("No lunch", "Feed nothing"):
    the game's words for the move (``move_words``)."""
    return diet_text.move_words(action, view)


def refusal_text(view: dict, action, names, deck, limit: int, why=None) -> str:
    """Why ``action`` cannot be played now, in a player's words, and what to do instead.

    ``view`` is the player's observation, ``names(seat)`` the app's name for a seat,
    ``deck`` the game's deck and ``limit`` how many cards Planning may discard; ``why(card)``,
    when given, is the engine's reason a card may not be played now
    (:func:`gamedesign.games.diet.why_not` for this player), said for a refused card."""
    if view["over"]:
        return "The game is over: press New game to play again."
    if view["player"] not in view["waiting_for"]:
        waiting = view["waiting_for"][0]
        return f"It is {names(waiting)}'s decision now: wait for your turn."
    phase, step = view["phase"], view["step"]
    active = names(view["active"])
    what = _asked(view, names, limit)
    hand = view["hand"]
    if isinstance(action, str):
        return f"{action!r} is not a move: {what}."
    if isinstance(action, Discard):
        if phase != "planning":
            return f"Discarding is only allowed in Planning; now it is {active if active != 'You' else 'your'} {PHASE_TITLES[phase]}: {what}."
        if len(action.cards) > limit:
            return f"You may discard at most {limit} cards: unmark {len(action.cards) - limit} of them."
        missing = [c for c in action.cards if action.cards.count(c) > hand.count(c)]
        if missing:
            return f"{missing[0]} is not in your hand (or not that many times): mark only cards of your hand."
        return f"That discard is not allowed: {what}."
    if isinstance(action, Play):
        card = action.card
        info = deck.by_name.get(card)
        if info is None:
            return f"There is no card called {card!r} in this deck: {what}."
        reason = why(card) if why is not None else None
        if reason:  # the engine's words, naming the card, then what to do instead
            return f"{'' if reason.startswith(card) else card + ': '}{reason} Instead {what}."
        if card not in hand:
            return f"{card} is not in your hand: {what}."
        if phase == "planning":
            return f"Cards are not played in Planning: {what}."
        use = KIND_WORDS.get(info.kind, info.kind)
        if step == "own" and phase != "exercise" and info.kind == phase and info.pounds > 0:
            return (f"{card} is fattening ({info.pounds:+d} lb): you cannot eat it yourself; it is fed to a player by "
                    f"the player on their right. Instead {what}.")
        if step == "own":
            return f"{card} is a {use.split(':')[0]} card, and this is your {PHASE_TITLES[phase]} phase: {what}."
        if step == "neighbour" and info.kind == phase:
            return f"{card} is not fattening ({info.pounds:+d} lb): only a +1 lb or worse {phase} may be fed. Instead {what}."
        if step == "neighbour":
            return f"{card} is not a {PHASE_TITLES[phase]}: {active} skipped a {phase}, so only a fattening {phase} may be fed. Instead {what}."
        answer = {
            "laziness": f"{card} is not a Laziness card: only Laziness cancels {active}'s Exercise",
            "cheat": f"{card} is not a Cheat card: only a Cheat may be played on {active} now",
            "willpower": f"{card} is not a Willpower card: only Willpower cancels the Cheat played on you",
        }.get(step, f"{card} cannot be played now")
        return f"{answer}. Instead {what}."
    label = decline_label(view, action) if isinstance(action, (Pass, Skip)) else str(action)
    return f"{label} is not possible now: {what}."


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class DietApp(common.AppBox):
    """The Diet Game app (a widget). Use :func:`play_diet` to make one."""

    def __init__(
        self,
        players: int = 4,
        seed: int = 0,
        human: int = 0,
        bots="greedy",
        auto_pass: bool = True,
        hints: bool = True,
        people=None,
        playtests=PLAYTESTS,
        **options,
    ):
        # Every setting is checked before a widget is built: a bad one is a clear ValueError.
        self.game = load("diet", players=players, **options)
        players = self.game.num_players
        seed = common.check_seed(seed)
        common.check_seat(human, players)
        seating = Seating(self.game, people, human, bots)
        specs = seating.specs
        if not isinstance(auto_pass, bool):
            raise ValueError(f"auto_pass must be True or False, not {auto_pass!r}")
        self.auto_pass = auto_pass
        self.hints = HintBar(self._hint_question, hints)
        searchers = sum(1 for spec in specs if spec == "search")
        self.bots = {
            seat: common.app_bot(spec, self.game, searchers) for seat, spec in enumerate(specs) if spec is not None
        }
        #: What the app calls each seat, as every app does: "You", "Bot 1", "Bot 2", ... (or the people's names)
        self.names = seating.names
        self.selected: list[int] = []  # hand positions marked for discarding in Planning
        self.notes: list[tuple[int, str]] = []  # (log length then, text): passes the log does not tell
        self.hotseat = HotSeat(seating, playtests)  # after every check: it makes widgets

        self.header = widgets.HTML()
        self.weights_view = widgets.HTML()
        self.prompt = widgets.HTML()
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        # Under each dimmed card (drawn below the hand, in the same place), a button that says
        # why the card cannot be played now: a click on the dimmed card (which takes no
        # clicks) lands on it.
        self.why_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hand_stack = widgets.Box([self.hand_box, self.why_box])
        self.action_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.log_view = widgets.HTML()
        self.thinking_view = widgets.HTML()
        self.out = widgets.Output()
        self.seed_box = common.seed_input(seed)
        self.new_button = widgets.Button(description="New game", icon="refresh")
        self.new_button.on_click(
            lambda _: self._safely(lambda: self.new_game(self.seed_box.value), "Could not start a new game", needs_game=False)
        )
        super().__init__(
            [
                widgets.HTML(CSS),
                self.header,
                self.thinking_view,
                self.weights_view,
                self.prompt,
                widgets.HTML("<b>Your hand</b> <small>(raised cards can be played now; click a dimmed card to see "
                             "why it cannot)</small>"),
                self.hand_stack,
                self.out,
                self.action_box,
                self.hints,
                widgets.HTML("<b>What happened</b>"),
                self.log_view,
                widgets.HBox([self.seed_box, self.new_button]),
            ],
            app_name="The Diet Game",
        )
        # Hooks for styles and for the browser tests.
        self.add_class("gd-diet")
        self.header.add_class("gd-status")
        self.prompt.add_class("gd-prompt")
        self.hand_box.add_class("gd-hand")
        self.why_box.add_class("gd-why")
        self.hand_stack.add_class("gd-handstack")
        self.action_box.add_class("gd-actions")
        # Under the cover between people only the styles stay on the page.
        self.hotseat.attach(
            self,
            private=[self.header, self.weights_view, self.prompt, self.hand_box, self.why_box, self.action_box, self.hints,
                     self.out, self.log_view],
            keep=[self.children[0]],
            render=self._render,
            status=self.out,
        )
        self.state = None
        self._safely(lambda: self.new_game(seed), "Could not start the game", needs_game=False)

    # -- game flow ---------------------------------------------------------------------

    def new_game(self, seed: int) -> None:
        """Start a new game from ``seed`` (bots are seeded from it too)."""
        self.state = self.game.new_state(seed=common.check_seed(seed))
        seeds = random.Random(seed)
        for seat, bot in self.bots.items():
            bot.reset(self.game, seat, seeds.getrandbits(32))
        self.selected = []
        self.notes = []
        self.out.outputs = ()
        self.hotseat.new_game(self.game, self.state)
        self._advance()

    @property
    def human(self) -> int:
        """The seat of the person whose screen is shown (with one person: their seat)."""
        return self.hotseat.viewer

    def play(self, action) -> bool:
        """Play ``action`` (an action or its text) for the person at the screen, then let
        the bots move.

        A move the rules refuse changes nothing and is explained in a player's words
        (what is wrong, what to do instead). True when the move was played."""
        if self.hotseat.covered:
            common.message(self.out, f"Pass the screen to {self.names[self.human]} first: press the button.", "error")
            return False
        view = self.state.observe(self.human)
        seat = self.human
        try:
            if isinstance(action, str):
                action = self.game.parse_action(action)
            self.hotseat.person_move(self.state, seat, action, lambda a: self.state.apply(seat, a))
        except (IllegalAction, ValueError):
            self._refuse(view, action)
            return False
        self._note(seat, action, view)
        self.selected = []
        self._advance()
        return True

    def _refuse(self, view: dict, action) -> None:
        """Say why ``action`` is refused (the state is unchanged)."""
        text = refusal_text(view, action, self._name, self.game.deck, self.game.deck.planning_discards, why=self.why_not)
        self.hotseat.redraw()
        common.message(self.out, text, "error")

    def _advance(self) -> None:
        people = set(self.hotseat.seating.seats)
        while True:
            try:
                with common.thinking(self.thinking_view):
                    common.advance_bots(self.state, self.bots, people, on_choice=self._note_choice,
                                        on_decision=self.hotseat.bot_decision)
            except Exception as err:  # a bot's failure must not break the notebook
                self.hotseat.redraw()
                common.message(self.out, f"A bot could not move: {common.error_text(err)}", "error")
                return
            seat = self.hotseat.next_person(self.state)
            legal = self.state.legal_actions(seat) if seat is not None else []
            # A decision with one possible answer (nothing to play) is answered for the person.
            if self.auto_pass and len(legal) == 1 and isinstance(legal[0], (Pass, Skip)):
                self.state.apply(seat, legal[0])
                self.hotseat.recorder.decision(seat, legal, legal[0], 0.0, person=True)
                continue
            break
        if self.hotseat.next_person(self.state) != self.human:
            self.selected = []  # marks are the person's own
        self.hotseat.show(self.state)

    def _note_choice(self, seat, action, state) -> None:
        """Before a bot's move: remember what its pass means."""
        if isinstance(action, (Pass, Skip)):
            self._note(seat, action, state.observe(self.human))

    def _note(self, seat, action, view) -> None:
        """Remember a pass or skip the game's log does not tell, at this point of the log."""
        if isinstance(action, (Pass, Skip)):
            text = decline_text(view, self._name(seat), self._name)
            if text:
                self.notes.append((len(self.state.log), text))

    def _safely(self, action, doing: str = "That did not work", needs_game: bool = True) -> None:
        """Run a callback; a refused move or any failure becomes a message (never a
        traceback in the notebook), and the app is redrawn from the state as it is."""
        try:
            if needs_game and self.state is None:
                raise ValueError("there is no game yet: press New game")
            action()
        except Exception as err:  # a refused move or a bug: show it, never raise into the notebook
            if self.state is not None:
                try:
                    self.hotseat.redraw()
                except Exception:  # keep the message; the drawing is what failed
                    pass
            common.message(self.out, f"{doing}: {common.error_text(err)}", "error")

    def _stale(self, what: str) -> None:
        """A click on a button drawn for an earlier moment of the game."""
        common.message(self.out, f"{what} is no longer possible: the game has moved on. Choose again.", "error")
        self.hotseat.redraw()

    # -- callbacks ---------------------------------------------------------------------

    def _click_card(self, position: int, card: str | None = None) -> None:
        view = self.state.observe(self.human)
        hand = view["hand"]
        if not 0 <= position < len(hand) or (card is not None and hand[position] != card):
            self._stale(f"Clicking {card or 'that card'}")
            return
        card = hand[position]
        if view["over"] or self.human not in view["waiting_for"]:
            self._refuse(view, Play(card))
            return
        if view["phase"] == "planning":
            if position in self.selected:
                self.selected.remove(position)
            elif len(self.selected) < self.game.deck.planning_discards:
                self.selected.append(position)
            else:
                limit = self.game.deck.planning_discards
                common.message(
                    self.out, f"You may discard at most {limit} cards: click a marked card to unmark it first.", "error"
                )
                return
            self.out.outputs = ()
            self._render()
            return
        if Play(card) not in self.state.legal_actions(self.human):
            self._refuse(view, Play(card))
            return
        self.out.outputs = ()
        self.play(Play(card))

    def _discard_selected(self) -> None:
        hand = self._hand()
        if self.human not in self.state.to_move() or any(not 0 <= i < len(hand) for i in self.selected):
            self.selected = []
            self._stale("Discarding")
            return
        self.out.outputs = ()
        self.play(Discard(tuple(hand[i] for i in self.selected)))

    # -- drawing -----------------------------------------------------------------------

    def _hint_question(self):
        """What a hint is about: you, your observation and your choices now."""
        if self.state.is_over():
            raise ValueError("the game is over")
        legal = self.state.legal_actions(self.human)
        if not legal:
            raise ValueError("it is not your decision now")
        return self.game, self.human, self.state.observe(self.human), legal

    def _hand(self) -> list[str]:
        return self.state.observe(self.human)["hand"]

    def _name(self, seat: int) -> str:
        return self.names[seat]

    def _render(self) -> None:
        view = self.state.observe(self.human)
        self.header.value = self._header_html(view)
        self.weights_view.value = self._weights_html(view)
        self.prompt.value = f"<div style='margin:4px 0'>{html.escape(self._prompt_text(view))}</div>"
        self._render_hand(view)
        self._render_actions(view)
        self.log_view.value = self._log_html()
        self.hints.clear(playing=not view["over"])

    def _log_html(self) -> str:
        """The latest turns, newest on top; within a turn, events in the order they happened."""
        turns: list[list[str]] = [[]]
        first = max(0, len(self.state.log) - LOG_LINES)
        notes: dict[int, list[str]] = {}
        for at, text in self.notes:
            notes.setdefault(at, []).append(text)
        for index, line in enumerate(self.state.log[first:], start=first):
            if line.startswith("Turn ") and turns[-1]:
                turns.append([])
            turns[-1].append(log_line(rename(line, self.names, self.game.names)))
            turns[-1].extend(notes.get(index + 1, []))
        waiting = pending_text(self.state.observe(self.human), self._name)
        if waiting:
            turns[-1].append(waiting)
        blocks = []
        for lines in reversed(turns[-LOG_TURNS:]):
            items = "".join(
                f"<div style='{'font-weight:600' if line.startswith('Turn ') else 'margin-left:1em'}'>"
                f"{html.escape(line)}</div>"
                for line in lines
            )
            blocks.append(f"<div style='margin-bottom:6px'>{items}</div>")
        return (
            "<div style='max-height:300px;overflow-y:auto;border:1px solid #ccc;padding:4px;font-size:90%'>"
            + "".join(blocks)
            + "</div>"
        )

    def places(self, view: dict) -> list[int]:
        """Each seat's place at the end: the winner first, then by weight (the lightest
        first; equal weights share a place)."""
        weights = view["weights"]

        def key(seat):
            return (seat != view["winner"], weights[seat])

        return [1 + sum(1 for other in range(len(weights)) if key(other) < key(seat)) for seat in range(len(weights))]

    def ending(self, view: dict) -> tuple[str, str]:
        """The end in a sentence, and its kind: ``"win"`` (a success mark) only when the one
        person at the screen won; a loss, a draw or several people's game is ``"end"``."""
        places = self.places(view)
        n = len(places)
        if view["winner"] is None:
            text = f"Draw: nobody reached {view['target']} pounds within {view['max_turns']} turns."
            kind = "end"
        elif view["winner"] == self.human and self.hotseat.seating.single:
            return f"You won! You reached {view['weights'][self.human]} pounds first.", "win"
        else:
            text = f"{self._name(view['winner'])} won, reaching {view['weights'][view['winner']]} pounds first."
            kind = "end"
        if self.hotseat.seating.single:
            text += f" You came {_ordinal(places[self.human])} of {n}, at {view['weights'][self.human]:+d} lb."
        return text, kind

    def _places_html(self, view: dict) -> str:
        """Every player's place, weight and what decided it."""
        places = self.places(view)
        rows = []
        for seat in sorted(range(len(places)), key=lambda s: (places[s], s)):
            weight = view["weights"][seat]
            if seat == view["winner"]:
                why = f"reached {view['target']} lb first (turn {view['turn']})"
            elif view["winner"] is None:
                why = f"{weight + abs(view['target'])} lb short of {view['target']} when the turns ran out"
            else:
                why = f"{weight + abs(view['target'])} lb to go when {self._name(view['winner'])} won"
            mark = common.trophy_svg() + " " if seat == view["winner"] else ""
            rows.append(f"<tr><th>{html.escape(self._name(seat))}</th><td>{mark}{_ordinal(places[seat])}</td>"
                        f"<td>{weight:+d} lb</td><td>{html.escape(why)}</td></tr>")
        return ('<table class="gd-table gd-places" style="border-collapse:collapse;margin:4px 0">'
                "<tr><th>Player</th><th>Place</th><th>Weight</th><th>What decided it</th></tr>" + "".join(rows) + "</table>")

    def _header_html(self, view: dict) -> str:
        if view["over"]:
            text, kind = self.ending(view)
            colour = common.MESSAGE_COLOURS[kind]
            return (f"<h3 class='gd-msg gd-msg-{kind}' style='margin:2px 0;color:{colour}'>{common.icon_svg(kind, 18)} "
                    f"The Diet Game — {html.escape(text)}</h3>" + self._places_html(view))
        whose = "your" if view["active"] == self.human else f"{self._name(view['active'])}'s"
        return (
            f"<h3 style='margin:2px 0'>The Diet Game — turn {view['turn']}, {html.escape(whose)} "
            f"{PHASE_TITLES[view['phase']]} phase</h3>"
            f"<div>Deck: {view['deck_size']} cards, discard pile: {len(view['discard'])}. "
            f"First to {view['target']} pounds wins.</div>"
        )

    def _weights_html(self, view: dict) -> str:
        """Each player's weight as a track toward the target, the pounds written beside it."""
        rows = [
            diet_cards.weight_track(self._name(seat), weight, view["target"], view["hand_sizes"][seat],
                                    active=seat == view["active"] and not view["over"])
            for seat, weight in enumerate(view["weights"])
        ]
        return f"<div><b>Weights</b> <small>(first to {view['target']} lb wins)</small>" + "".join(rows) + "</div>"

    def _prompt_text(self, view: dict) -> str:
        if view["over"]:
            return "Game over. Pick a seed and press New game to play again."
        movers = view["waiting_for"]
        if self.human not in movers:
            return f"Waiting for {self._name(movers[0])}."
        active = self._name(view["active"])
        phase, step = view["phase"], view["step"]
        table = view["on_table"]
        limit = self.game.deck.planning_discards
        if phase == "planning":
            return (
                f"Planning: click up to {limit} cards to discard ({len(self.selected)} marked), "
                "then draw as many - or keep your hand."
            )
        if step == "own" and phase == "exercise":
            return "Exercise: click an Exercise card (an opponent may cancel it with Laziness), or press No exercise."
        if step == "own":
            right = self._name(self.state.right_of(self.human))
            return (
                f"{PHASE_TITLES[phase]}: click a {phase} worth 0 or -1 to eat it, or press No {phase} "
                f"({right} may then feed you a fattening one)."
            )
        if step == "neighbour":
            return f"{active} ate no {phase}: click a fattening {phase} to feed {active}, or press Feed nothing."
        if step == "laziness":
            return f"{active} played {table['card']}: click Laziness to cancel it, or press No Laziness."
        if step == "cheat":
            return f"Cheat phase of {active}: click a Cheat card to play it on {active}, or press No Cheat."
        return f"{self._name(table['by'])} played {table['card']} on you: click Willpower to cancel it, or press No Willpower."

    def _target(self, view: dict, card) -> str:
        """What clicking a playable card does now, with whom it is played on."""
        step, active = view["step"], self._name(view["active"])
        return {
            "own": f"eat {card.name}" if card.kind != "exercise" else f"do {card.name}",
            "neighbour": f"feed {active} {card.name}",
            "laziness": f"cancel {active}'s Exercise with {card.name}",
            "cheat": f"play {card.name} on {active}",
            "willpower": f"cancel the Cheat on you with {card.name}",
        }.get(step, f"play {card.name}")

    def _render_hand(self, view: dict) -> None:
        my_move = self.human in view["waiting_for"]
        legal = set(self.state.legal_actions(self.human)) if my_move else set()
        planning = my_move and view["phase"] == "planning"
        buttons, whys = [], []
        for position, card in enumerate(view["hand"]):
            info = self.game.deck.card(card)
            covers = card_use(info)
            marked = position in self.selected
            playable = Play(card) in legal
            if planning:
                does = " (marked for discarding; click again to unmark)" if marked else " (click to mark it for discarding)"
            elif playable:
                does = f" (click to {self._target(view, info)})"
            else:
                does = " (not playable now: click it to see why)"
            button = widgets.Button(
                # The card's kind, name and pounds in words: its icon and colour are never the only sign.
                description=diet_cards.card_text(info, marked),
                tooltip=f"{card}: {covers}{does}",
                disabled=not (planning or playable),
            )
            button.add_class("gd-card")
            button.add_class(f"gd-kind-{info.kind}")
            if marked:
                button.add_class("gd-marked")
            if playable and not planning:
                button.add_class("gd-playable")
            button.on_click(lambda _, p=position, c=card: self._safely(lambda: self._click_card(p, c), f"Could not play {c}"))
            buttons.append(button)
            why = widgets.Button(description="", tooltip=f"Why can I not play {card} now?")
            why.add_class("gd-whycard")
            if planning or playable:
                why.layout.visibility = "hidden"
            why.on_click(lambda _, p=position, c=card: self._safely(lambda: self._explain(p, c), f"Could not explain {c}"))
            whys.append(why)
        self.hand_box.children = buttons
        self.why_box.children = whys

    def why_not(self, card: str) -> str | None:
        """Why the person at the screen cannot play ``card`` now, in the rules' words (the
        engine says it: :func:`gamedesign.games.diet.why_not`), or None when they can."""
        return why_not(self.state, self.human, card, names=self._name)

    def _explain(self, position: int, card: str) -> None:
        """A click on a dimmed card: say why it cannot be played now."""
        hand = self._hand()
        if not 0 <= position < len(hand) or hand[position] != card:
            self._stale(f"Asking about {card}")
            return
        reason = self.why_not(card)
        if reason is None:
            self._render()
            common.message(self.out, f"{card} can be played now: click it.", "info")
            return
        common.message(self.out, f"{card}: {reason}", "info")

    def _render_actions(self, view: dict) -> None:
        """Only what you may do now: in Planning, discard the marked cards or keep the
        hand; otherwise the button that plays no card (cards are played from the hand)."""
        if self.human not in view["waiting_for"]:
            self.action_box.children = ()
            return
        buttons = []
        if view["phase"] == "planning":
            marked = Discard(tuple(view["hand"][i] for i in self.selected if i < len(view["hand"])))
            # The move's own words ("Discard Cake, Soda and draw"), as the hints name it.
            discard = widgets.Button(
                description=self.game.move_words(marked, view) if marked.cards else "Discard and draw",
                tooltip="Discard the marked cards and draw as many" if marked.cards else "Click cards to mark them first",
                button_style="primary",
                disabled=not self.selected,
                layout=widgets.Layout(width="auto", max_width="100%"),
            )
            discard.on_click(lambda _: self._safely(self._discard_selected, "Could not discard"))
            keep = widgets.Button(description="Keep my hand")
            keep.on_click(lambda _: self._safely(lambda: self._click_action(Discard(())), "Could not keep the hand"))
            buttons = [discard, keep]
        else:
            for action in self.state.legal_actions(self.human):
                if isinstance(action, Play):
                    continue  # played by clicking the card in your hand
                label = decline_label(view, action)
                button = widgets.Button(description=label, layout=widgets.Layout(width="auto"))
                button.on_click(lambda _, a=action, t=label: self._safely(lambda: self._click_action(a), f"Could not press {t}"))
                buttons.append(button)
        self.action_box.children = buttons

    def _click_action(self, action) -> None:
        if action not in self.state.legal_actions(self.human):
            label = "Keeping your hand" if action == Discard(()) else decline_label(self.state.observe(self.human), action)
            self._stale(label)
            return
        self.out.outputs = ()
        self.play(action)


def play_diet(
    players: int = 4, seed: int = 0, human: int = 0, bots="greedy", auto_pass: bool = True, hints: bool = True,
    people=None, playtests=PLAYTESTS, **options
) -> DietApp:
    """A Diet Game against bots: you sit in seat ``human``; ``bots`` is a bot name
    (``"greedy"``, ``"random"``) for every other seat, or a list with one per other seat
    (or one per seat, your entry ignored). Bad settings raise ``ValueError`` at once.

    ``people=["Ana", "Ben"]`` seats people from seat 0 for hot-seat play at one screen;
    ``playtests`` is the folder of the playtest logs (``None``: no log; names are stored as
    typed, ``gamedesign.playtest.anonymise`` replaces them for sharing).

    ``auto_pass=True`` answers for you when you have nothing to play (for example no
    Laziness in hand when asked). ``hints=False`` hides the Hint and Why? buttons;
    ``options`` are the rule options of ``gamedesign.load("diet", ...)`` (a ``deck``, a
    ``target``, ...). Returns the app widget.
    """
    return DietApp(players=players, seed=seed, human=human, bots=bots, auto_pass=auto_pass, hints=hints, people=people,
                   playtests=playtests, **options)


__all__ = ["DietApp", "play_diet"]
