"""Simulation checks for Leg Day odds questions, played by the engine itself."""

from __future__ import annotations

from ...bots import RandomBot
from ...odds import Estimate, estimate


def second_week_brings(game, card: str, opening: int, trials: int = 5000, seed: int = 0, seat: int = 0) -> Estimate:
    """Among deals where ``seat`` opens with exactly ``opening`` copies of ``card``, how often
    does that seat's week-2 hand hold at least one more?

    Week 1 is played by random bots; the week-2 hand is read on day 1 of week 2.
    """
    game.deck.card(card)  # unknown names are refused with the valid ones
    hits = kept = 0
    bots = [RandomBot() for _ in range(game.num_players)]
    for i in range(trials):
        state = game.new_state(seed=seed + i)
        if state.hands[seat].count(card) != opening:
            continue
        kept += 1
        for b, bot in enumerate(bots):
            bot.reset(game, b, seed + i + b)
        while state.week == 1:
            for mover in state.to_move():
                state.apply(mover, bots[mover].act(state.observe(mover), state.legal_actions(mover)))
        hits += card in state.hands[seat]
    if kept == 0:
        raise ValueError(f"no deal in {trials} trials opened with exactly {opening} {card}; use more trials")
    return estimate(hits, kept)
