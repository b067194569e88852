"""Pieces shared by the widget apps: bots taking their turns, messages, styles."""

from __future__ import annotations

import html

import ipywidgets as widgets


def advance_bots(state, bots: dict, humans: set, on_move=None) -> list:
    """Let bots move until a human must act or the game ends.

    ``bots`` maps seat -> bot (each sees only its own observation). Simultaneous bot
    moves are all chosen before any is applied, and each is checked like every move of
    ``play_game`` (a ``BotError`` names the seat and bot that failed). Returns the
    (seat, action) pairs played.
    """
    from gamedesign.simulate import bot_move

    played = []
    while True:
        movers = [seat for seat in state.to_move() if seat not in humans]
        if not movers:
            return played
        choices = [(seat, bot_move(state, seat, bots[seat], getattr(bots[seat], "uses_observation", True))) for seat in movers]
        for seat, action in choices:
            state._apply(seat, action)  # checked by bot_move
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
