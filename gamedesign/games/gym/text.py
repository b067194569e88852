"""GYM in words for the terminal: a Kid with its skills and where it stands, the step
prompts, a few words on each kind of move, what a placement scores, and the table at a
player's turn (the schedule, the board, the hands).

``GymGame``'s text hooks hand these to :mod:`gamedesign.terminal`; the helpers come from
:mod:`gamedesign.text`.
"""

from __future__ import annotations

from ...text import listing, table, wrap
from .cards import ACTIONS


def gym_kid(deck, name: str) -> str:
    """A GYM Kid with its kind and skills: "Zoe  Brat  purple 2"."""
    kid = deck.kid_by_name.get(name)
    if kid is None:
        return name
    skills = ", ".join(f"{colour} {value}" for colour, value in kid.skills)
    return f"{name} ({'BRAT, ' if kid.is_brat else ''}{skills})"


def gym_place(obs: dict, kid: str) -> str:
    """Where a Kid stands on the GYM board ("at Pick a Kid, side A"), or "" off the board."""
    for event, sides in (obs.get("board") or {}).items():
        for side, kids in zip("AB", sides):
            if kid in kids:
                return f"at {event}, side {side}"
    return ""


#: What the person at the keyboard is asked at each step of a GYM turn.
GYM_STEPS = {
    "take": "take a Kid from the face-up row",
    "advance": "you took a Brat: you may advance the schedule",
    "place": "place a Kid on your side",
    "action": "you may do one Event Action",
    "give_back": "give a Kid back",
    "coach": "you placed a Brat: you may put out or move a Coach",
}

#: A few words on each kind of GYM move, for the first menu of a long choice: the Event
#: Actions in the cards' own words (``cards.ACTIONS``).
GYM_KINDS = {
    "place": "put a Kid from your hand on an empty spot of your side",
    "advance": "move events up the schedule",
    **ACTIONS,
    "coach": "put a Coach beside a side: it stops Kids moving on or off it",
}


def action_note(game, action) -> str:
    """What a placement scores there: "(red, scores 3)"."""
    if type(action).__name__ in ("Place", "Move"):
        colour = game.deck.event(action.event).colour
        return f"({colour}, scores {game.deck.kid(action.kid).value(colour)})"
    return ""


def value_text(game, value: str, obs: dict | None = None) -> str:
    """A Kid with what it is and, given the observation ``obs``, where it stands."""
    where = gym_place(obs, value) if obs and obs.get("board") else ""
    return gym_kid(game.deck, value) + (f" {where}" if where else "")


def gym_view(game, obs: dict, names: list[str], full: list[str]) -> list[str]:
    """GYM: the schedule, the board with its points, your hand of Kids, the others."""
    deck = game.deck
    me = obs["player"]
    teams = obs["teams"]
    team_of = [teams[seat % len(teams)] for seat in range(obs["players"])]
    mates = [names[s] for s in range(obs["players"]) if s != me and team_of[s] == team_of[me]]
    phase = "Pick phase" if obs["phase"] == "pick" else "Play phase"
    lines = [
        f"{phase}, {GYM_STEPS.get(obs['step'], obs['step'])}.",
        f"You play for team {obs['team']}"
        + (f" with {listing(mates)}." if mates else ".")
        + f" Points now: team A {obs['points'][0]}, team B {obs['points'][1]}.",
    ]
    lines += ["", "Events (the 4 highest levels are played):" if not obs["in_play_final"] else "Events:"]
    rows = []
    for event in obs["schedule"]:
        if obs["in_play_final"]:
            status = "in play" if event["event"] in obs["in_play"] else "Coach"
        else:
            status = "in play now" if event["event"] in obs["in_play"] else "out now"
        rows.append((event["event"], event["colour"], f"level {event['level']}", status, event["action"]))
    lines += table([(*row[:4], f"action: {row[4]}") for row in rows])
    if obs["board"]:
        lines += ["", "Board (each Kid with the points it scores there):"]
        colour = {e["event"]: e["colour"] for e in obs["schedule"]}
        rows = []
        for event, sides in obs["board"].items():
            cells = []
            for side, kids in zip("AB", sides):
                shown = [
                    "empty" if kid is None else f"{kid} {deck.kid(kid).value(colour[event])}" for kid in kids
                ]
                coach = [c for c, where in obs["coaches"].items() if where and list(where) == [event, side]]
                whose = f"{side} ({'yours' if side == obs['team'] else 'theirs'}):".ljust(12)
                cells.append(f"{whose}{' | '.join(shown)}" + (f"  + Coach {coach[0]}" if coach else ""))
            rows += [(event, cells[0]), ("", cells[1])]
        lines += table(rows)
        spare = [c for c, w in obs["coaches"].items() if not w]
        if spare:
            lines += wrap(f"Coaches not out yet: {listing(spare)}", "  ")
    if obs["row"]:
        lines += ["", f"Face-up row ({_kids(len(obs['row']))}; {_kids(obs['stack_size'])} face down in the stack):"]
        lines += table([_kid_row(deck, kid) for kid in obs["row"]])
    lines += ["", f"Your hand ({_kids(len(obs['hand']))}):" if obs["hand"] else "Your hand: empty."]
    lines += table([_kid_row(deck, kid) for kid in obs["hand"]])
    if obs["forced"][me]:
        lines += [f"  Forced: {obs['forced'][me]} must be your next placement."]
    lines += ["", "The others:"]
    for seat in range(obs["players"]):
        if seat == me:
            continue
        known = obs["known_hands"][seat]
        unknown = obs["hand_sizes"][seat] - len(known)
        parts = [f"team {team_of[seat]}", f"{_kids(obs['hand_sizes'][seat])} in hand"]
        if known:
            parts.append("known: " + ", ".join(known) + (f" and {unknown} unknown" if unknown > 0 else ""))
        elif obs["hand_sizes"][seat]:
            parts.append("all unknown")
        if obs["forced"][seat]:
            parts.append(f"forced to place {obs['forced'][seat]}")
        if obs["exempt"][seat]:
            parts.append("safe from Force")
        lines += wrap(f"{full[seat]}: " + "; ".join(parts), "  ")
    return lines


def _kids(count: int) -> str:
    return f"{count} Kid" + ("" if count == 1 else "s")


def _kid_row(deck, name: str) -> tuple:
    """A Kid as table cells: name, "BRAT" or nothing, skills."""
    kid = deck.kid_by_name.get(name)
    if kid is None:
        return (name, "", "unknown")
    return (name, "BRAT" if kid.is_brat else "", ", ".join(f"{colour} {value}" for colour, value in kid.skills))


__all__ = ["GYM_KINDS", "GYM_STEPS", "action_note", "gym_kid", "gym_place", "gym_view", "value_text"]
