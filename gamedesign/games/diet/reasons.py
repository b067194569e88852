"""Why a card cannot be played now, in the rules' own terms.

:func:`why_not` reads the state (the phase of the turn, who is asked what, the hand) and the
engine's table of the cards each decision allows, and says in one sentence why a card of
a player's hand is not a legal play now ("Lunch is over: this is the Cheat phase."), or
``None`` when it is. A front end shows the sentence; it never re-states the rules.
"""

from __future__ import annotations

from .rules import PHASE_TITLES, PHASES

#: The phase in which each kind of card is played (an answer's phase for Laziness and Willpower).
PLAYED_IN = {
    "breakfast": "breakfast",
    "lunch": "lunch",
    "dinner": "dinner",
    "snack": "snack",
    "exercise": "exercise",
    "laziness": "exercise",
    "cheat": "cheat",
    "willpower": "cheat",
}


def _phase_word(kind: str) -> str:
    return PHASE_TITLES[PLAYED_IN[kind]]


def why_not(state, player: int, card: str, names=None) -> str | None:
    """Why ``player`` may not play ``card`` (a card name) now, or ``None`` when they may.

    ``names(seat)`` is how a seat is called (the log's names by default); the player
    themself is "you". The sentence names the phase and step of the turn and what the
    card is for, from the state and the engine's table of allowed cards."""
    game = state.game
    info = game.deck.by_name.get(card)
    if info is None:
        return f"There is no card called {card!r} in this deck."

    def name(seat: int) -> str:
        if seat == player:
            return "you"
        return names(seat) if names is not None else state.name(seat)

    if state.is_over():
        return "The game is over: no card can be played."
    if card not in state.hands[player]:
        return f"{card} is not in your hand."
    phase, step = state.phase, state.step
    title = PHASE_TITLES[phase]
    movers = state.to_move()
    active = name(state.active)
    whose = "your" if state.active == player else f"{active}'s"
    if player not in movers:
        return f"It is not your decision now: {name(movers[0])} is deciding in {whose} {title} phase."
    if phase == "planning":
        return "This is the Planning phase: cards are discarded and drawn, not played."
    allowed = game._allowed.get((phase, step), frozenset())
    if card in allowed:
        return None
    kind, pounds = info.kind, info.pounds
    played_in = PLAYED_IN[kind]
    if step == "own" and kind == phase:  # a meal of this phase, but fattening
        return (f"{card} is fattening ({pounds:+d} lb): you may not eat it yourself; the player on your right may "
                f"feed it to you when you eat no {phase}.")
    if step == "neighbour" and kind == phase:
        return f"{card} is not fattening ({pounds:+d} lb): only a fattening {phase} may be fed to {active}."
    # What this decision takes, said after the reason the card does not fit it.
    takes = {
        "neighbour": f"{active} ate no {phase}, so only a fattening {phase} may be fed to them",
        "laziness": f"only a Laziness card cancels {active}'s Exercise now",
        "cheat": f"only a Cheat card may be played on {active} now",
        "willpower": "only a Willpower card cancels the Cheat played on you now",
    }.get(step)
    if kind == "laziness":
        reason = "Laziness cancels another player's Exercise, when they exercise"
    elif kind == "willpower":
        reason = "Willpower cancels a Cheat played on you, in your Cheat phase"
    elif kind == "cheat":
        reason = "a Cheat is played on another player, in their Cheat phase"
    elif played_in == phase:  # an Exercise card while others answer an Exercise
        reason = f"this is {whose} {title} phase"
    else:
        when = "is over" if PHASES.index(played_in) < PHASES.index(phase) else "comes later"
        reason = f"{_phase_word(kind)} {when}: this is the {title} phase"
    text = reason[:1].upper() + reason[1:]
    return f"{text}; {takes}." if takes else f"{text}."


__all__ = ["PLAYED_IN", "why_not"]
