"""Pieces shared by the widget apps: bots taking their turns, messages, styles."""

from __future__ import annotations

import html

import ipywidgets as widgets


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


def advance_bots(state, bots: dict, humans: set, on_move=None) -> list:
    """Let bots move until a human must act or the game ends.

    ``bots`` maps seat -> bot (each sees only its own observation). Simultaneous bot
    moves are all chosen before any is applied. Returns the (seat, action) pairs played.
    """
    played = []
    while True:
        movers = [seat for seat in state.to_move() if seat not in humans]
        if not movers:
            return played
        choices = [(seat, bots[seat].act(state.observe(seat), state.legal_actions(seat))) for seat in movers]
        for seat, action in choices:
            state.apply(seat, action)
            played.append((seat, action))
            if on_move is not None:
                on_move(seat, action, state)


def seat_bots(game, specs, seed: int) -> dict:
    """Fresh bots for a new game: seat -> bot for every seat whose spec is not ``None``,
    each seeded from the game's seed and its seat."""
    from gamedesign.bots import make_bot

    bots = {}
    for seat, spec in enumerate(specs):
        if spec is not None:
            bot = make_bot(spec, game)
            bot.reset(game, seat, seed * 10 + seat)
            bots[seat] = bot
    return bots


def message(target, text: str, kind: str = "info") -> None:
    """Show one message (replacing the last), without raising or printing.

    ``target`` is an ``HTML`` widget (its value is set) or an ``Output`` widget (its
    outputs are replaced by the message, as HTML with a plain-text copy).
    """
    symbol = {"info": "ℹ", "error": "⚠", "ok": "✔"}[kind]
    colour = {"info": "#1f3b5a", "error": "#8a1c1c", "ok": "#1d5c2e"}[kind]
    markup = f'<div role="status" style="color:{colour};font-weight:600">{symbol} {html.escape(text)}</div>'
    if isinstance(target, widgets.HTML):
        target.value = markup
    else:
        target.outputs = (
            {"output_type": "display_data", "data": {"text/html": markup, "text/plain": f"{symbol} {text}"}, "metadata": {}},
        )


def seed_input(seed: int) -> widgets.BoundedIntText:
    """A seed box for 'new game'."""
    return widgets.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="Seed", layout=widgets.Layout(width="170px"))
