"""Pieces shared by the widget apps: bots taking their turns, messages, styles."""

from __future__ import annotations

import html
import numbers

import ipywidgets as widgets

from gamedesign.bots import bot_names, make_bot
from gamedesign.search import SearchBot
from gamedesign.simulate import MAX_MOVES, bot_move, too_long


class AppBox(widgets.VBox):
    """The box an app lives in.

    Where the app cannot be drawn (a stored notebook opened before its cells have run, a
    terminal), it reads "Run this cell to open ..." instead of a list of its parts.
    """

    def __init__(self, children=(), *, app_name: str, **kwargs):
        super().__init__(children, **kwargs)
        self.app_name = app_name

    def __repr__(self) -> str:
        return f"Run this cell to open {self.app_name} (the app appears here)."

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if data:
            data["text/plain"] = repr(self)
        return data


def advance_bots(state, bots: dict, humans: set, on_move=None, on_choice=None, on_decision=None,
                 max_moves: int | None = None) -> list:
    """Let bots move until a human must act or the game ends.

    ``bots`` maps seat -> bot (each sees only its own observation). Simultaneous bot
    moves are all chosen before any is applied, and each is checked like every move of
    ``play_game`` (a ``BotError`` names the seat and bot that failed). Returns the
    (seat, action) pairs played. ``on_choice(seat, action, state)`` is called just before a
    move is applied, ``on_move(seat, action, state)`` just after, and
    ``on_decision(seat, legal, action, seconds)`` just after too, with the legal actions the
    bot chose from and the seconds it thought (for a playtest log). A game of bots alone that
    is not over after ``max_moves`` moves (``simulate.MAX_MOVES`` by default), or whose
    mover has no legal move, stops with a ``GameError``: a click never hangs the kernel.
    """
    import time

    limit = MAX_MOVES if max_moves is None else max_moves
    played = []
    while True:
        movers = [seat for seat in state.to_move() if seat not in humans]
        if not movers:
            return played
        if len(played) >= limit:
            raise too_long(state, limit)
        choices = []
        for seat in movers:
            legal = state.legal_actions(seat) if on_decision is not None else None
            started = time.perf_counter()
            action = bot_move(state, seat, bots[seat], getattr(bots[seat], "uses_observation", True))
            choices.append((seat, action, legal, time.perf_counter() - started))
        for seat, action, legal, seconds in choices:
            if on_choice is not None:
                on_choice(seat, action, state)
            state._apply(seat, action)  # checked by bot_move
            played.append((seat, action))
            if on_move is not None:
                on_move(seat, action, state)
            if on_decision is not None:
                on_decision(seat, legal, action, seconds)


#: Seconds all search bots together may think for one of your clicks (a click answers
#: within about a second); ``"search"`` in an app plays to this time budget.
CLICK_SECONDS = 0.6


def app_bot(spec, game, search_seats: int = 1):
    """The bot for ``spec`` in an app: as ``make_bot``, except that plain ``"search"``
    thinks for a time budget (its share of :data:`CLICK_SECONDS`), not a number of
    playouts, so that a click never freezes the app. ``"search:N"`` keeps its N playouts."""
    if spec == "search" and game.can_sample_states():
        return SearchBot(time_budget=max(0.02, CLICK_SECONDS / max(1, search_seats) / 2))
    return make_bot(spec, game)


def seat_bots(game, specs, seed: int) -> dict:
    """Fresh bots for a new game: seat -> bot for every seat whose spec is not ``None``,
    each seeded from the game's seed and its seat."""
    searchers = sum(1 for spec in specs if spec == "search")
    bots = {}
    for seat, spec in enumerate(specs):
        if spec is not None:
            bot = app_bot(spec, game, searchers)
            bot.reset(game, seat, seed * 10 + seat)
            bots[seat] = bot
    return bots


class thinking:
    """While bots move: "<who> thinking…" in an ``HTML`` widget (sent to the page at once,
    before the bots start), cleared afterwards. Use as ``with thinking(widget, "Bots are"):``."""

    def __init__(self, target, who: str = "The bots are"):
        self.target, self.who = target, who

    def __enter__(self):
        self.target.value = (
            f'<div class="gd-thinking" role="status" style="color:#1f3b5a;font-style:italic">'
            f"{html.escape(self.who)} thinking…</div>"
        )
        return self

    def __exit__(self, *exc):
        self.target.value = ""
        return False


#: The drawn icon of each kind of message (inline SVG: no font needs an emoji): an "i" in a
#: circle, a "!" in a triangle, a tick (a move played, a game won) and a flag (a game over
#: that is no success: a loss, a draw, or several people's game).
MESSAGE_ICONS = {
    "info": '<circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.6"/>'
    '<path d="M8 7v4.5M8 4.6v.1" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>',
    "error": '<path d="M8 1.8L15 14H1z" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linejoin="round"/>'
    '<path d="M8 6v4M8 12v.1" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>',
    "ok": '<path d="M2.5 8.5l3.5 3.5 7.5-8" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" '
    'stroke-linejoin="round"/>',
    "end": '<path d="M3.5 15V1.5" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>'
    '<path d="M4 2h9l-2.5 3.2L13 8.5H4z" fill="currentColor"/>',
}
MESSAGE_ICONS["win"] = MESSAGE_ICONS["ok"]

#: The colour of each kind of message (the icon and the words say the kind too).
MESSAGE_COLOURS = {"info": "#1f3b5a", "error": "#8a1c1c", "ok": "#1d5c2e", "win": "#1d5c2e", "end": "#1f3b5a"}

#: The symbol of each kind in a message's plain-text copy (and, for older checks, in the
#: HTML's ``data-symbol``: it is never drawn, the page shows the SVG icon).
MESSAGE_SYMBOLS = {"info": "ℹ", "error": "⚠", "ok": "✔", "win": "✔", "end": "■"}


def icon_svg(kind: str, size: int = 15) -> str:
    """The drawn icon of a message kind (``"info"``, ``"error"``, ``"ok"``, ``"win"``, ``"end"``)."""
    return (f'<svg class="gd-icon gd-icon-{kind}" viewBox="0 0 16 16" width="{size}" height="{size}" aria-hidden="true" '
            f'style="vertical-align:-2px;flex:none">{MESSAGE_ICONS[kind]}</svg>')


#: Code points that show as emoji, or need an emoji font, on some machines: the pictographs,
#: emoticons and symbol blocks of Unicode's emoji list, and the emoji presentation selector.
EMOJI_RANGES = (
    (0x203C, 0x203C), (0x2049, 0x2049), (0x2122, 0x2122), (0x2139, 0x2139), (0x2194, 0x21AA), (0x231A, 0x23FF),
    (0x24C2, 0x24C2), (0x25AA, 0x25FE), (0x2600, 0x27BF), (0x2934, 0x2935), (0x2B05, 0x2B55), (0x3030, 0x3030),
    (0x303D, 0x303D), (0x3297, 0x3299), (0xFE0F, 0xFE0F), (0x1F000, 0x1FAFF),
)


def emoji_in(text: str) -> list[str]:
    """The characters of ``text`` in :data:`EMOJI_RANGES` (an app's words must hold none:
    its icons are drawn)."""
    return sorted({ch for ch in text if any(low <= ord(ch) <= high for low, high in EMOJI_RANGES)})


def trophy_svg(size: int = 16, label: str = "winner") -> str:
    """A drawn trophy (inline SVG) for a winner's row in a final table."""
    return (
        f'<svg class="gd-trophy" viewBox="0 0 16 16" width="{size}" height="{size}" role="img" aria-label="{html.escape(label)}" '
        'style="vertical-align:-3px;flex:none"><path d="M4 2h8v3a4 4 0 0 1-8 0z" fill="#e0b000" stroke="#111" '
        'stroke-width="1.2" stroke-linejoin="round"/><path d="M4 3H2v1a2.5 2.5 0 0 0 2.5 2.5M12 3h2v1a2.5 2.5 0 0 1-2.5 '
        '2.5" fill="none" stroke="#111" stroke-width="1.2"/><path d="M8 9v3M5 14h6M6 12h4v2H6z" fill="#e0b000" '
        'stroke="#111" stroke-width="1.2" stroke-linejoin="round"/></svg>'
    )


def message(target, text: str, kind: str = "info") -> None:
    """Show one message (replacing the last), without raising or printing.

    ``kind`` is ``"info"``, ``"error"``, ``"ok"`` (a move played), ``"win"`` (a game you
    won: the only ending with a success mark) or ``"end"`` (a game over that is no success
    of yours: a loss, a draw, several people's game). ``target`` is an ``HTML`` widget (its
    value is set) or an ``Output`` widget (its outputs are replaced by the message, as HTML
    with a plain-text copy). The icon is drawn (SVG), never a character of an emoji font.
    """
    if kind not in MESSAGE_ICONS:
        raise ValueError(f"kind must be one of {', '.join(MESSAGE_ICONS)}, not {kind!r}")
    symbol = MESSAGE_SYMBOLS[kind]
    markup = (
        f'<div role="status" class="gd-msg gd-msg-{kind}" data-symbol="{symbol}" '
        f'style="color:{MESSAGE_COLOURS[kind]};font-weight:600">{icon_svg(kind)} {html.escape(text)}</div>'
    )
    if isinstance(target, widgets.HTML):
        target.value = markup
    else:
        target.outputs = (
            {"output_type": "display_data", "data": {"text/html": markup, "text/plain": f"{symbol} {text}"}, "metadata": {}},
        )


def seed_input(seed: int) -> widgets.BoundedIntText:
    """A seed box for 'new game'."""
    return widgets.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="Seed", layout=widgets.Layout(width="170px"))


# -- checking an app's settings and guarding its callbacks ------------------------------

#: The largest seed the apps' seed boxes take.
MAX_SEED = 2**31 - 1


def check_seed(seed) -> int:
    """``seed`` as an int when it is a whole number 0 to :data:`MAX_SEED`, else a clear ``ValueError``."""
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    return int(seed)


def check_seat(seat, players: int, name: str = "human") -> int:
    """``seat`` as an int when it is a seat number of a ``players``-player game."""
    if isinstance(seat, bool) or not isinstance(seat, numbers.Integral) or not 0 <= seat < players:
        raise ValueError(f"{name} must be a seat from 0 to {players - 1} (a whole number: your seat), not {seat!r}")
    return int(seat)


def seat_specs(game, human, bots) -> list:
    """One bot spec per seat, ``None`` for the seats of people.

    ``human`` is one seat or a list of seats (hot-seat play: several people). ``bots`` is
    one bot name for every other seat, a list with one bot per other seat (or one per
    seat, the people's entries ignored), or, with one other seat, a bot object. Unknown
    names and wrong lengths raise ``ValueError`` before any game starts.
    """
    players = game.num_players
    people = [human] if isinstance(human, int) else sorted(human)
    others = players - len(people)
    if isinstance(bots, str):
        specs = [bots] * players
    elif isinstance(bots, (list, tuple)):
        specs = list(bots)
    elif others == 1 and hasattr(bots, "act"):
        specs = [bots] * players
    else:
        raise ValueError(
            f"bots must be a bot name ({', '.join(_bot_names(game))}) or a list with one bot for each of the "
            f"{others} other seats, not {bots!r}"
        )
    if len(specs) not in (others, players):
        raise ValueError(f"give one bot for each of the {others} other seats (or one per seat), not {len(specs)}")
    if len(specs) == others:
        given = iter(specs)
        specs = [None if seat in people else next(given) for seat in range(players)]
    for seat in people:
        specs[seat] = None
    for spec in specs:
        if spec is not None:
            make_bot(spec, game)  # refuse unknown names now, not mid-game
    objects = [id(s) for s in specs if s is not None and not isinstance(s, str)]
    if len(objects) != len(set(objects)):
        raise ValueError("one bot object cannot play two seats: give each seat its own bot")
    return specs


def _bot_names(game) -> list[str]:
    return bot_names(game)


def error_text(err: BaseException) -> str:
    """A one-line description of an error for a learner: the message of a refused
    setting or move, or the kind of error and its message for anything else."""
    text = str(err).strip()
    if isinstance(err, ValueError) and text:
        return text
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


def guard(target, doing: str, step, *args) -> bool:
    """Run ``step(*args)``; any error becomes a message in ``target`` ("``doing``: why")
    instead of a traceback in the notebook. True when ``step`` ran without an error."""
    try:
        step(*args)
    except Exception as err:  # a callback must never raise into the notebook
        message(target, f"{doing}: {error_text(err)}", "error")
        return False
    return True
