"""GYM on paper: the cards to print (24 Kids and 6 Events) and the rules on one page.

Both follow the game's deck and options, so a designer's variant prints its own skills
and rules. The readings of the rulebook are those of ``docs/gym.md``.
:mod:`gamedesign.printables` lays them out; ``GymGame.printed_cards`` and
``GymGame.rules_summary`` call these functions.
"""

from __future__ import annotations

from ...cardfaces import CardFace, RulesSheet, ScorePad
from .cards import ACTIONS, COLOUR_LETTER

#: What an Event Action is called on the table, by its action.
ACTION_WORD = {"lift": "Lift", "switch": "Switch", "force": "Force", "swap": "Swap", "pick": "Pick", "move": "Move"}

#: The Event Actions a Coach stops.
_BLOCKED = "Lift, Switch, Swap and Move"


def _advance(option: str) -> str:
    return {
        "either": "advance one event 2 levels, or two different events 1 level each",
        "two_to_one": "advance one event 2 levels",
        "one_to_two": "advance two different events 1 level each",
    }[option]


def _a(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def printed_cards(game) -> list:
    """One :class:`CardFace` per Kid and per Event of the game's deck (one copy each)."""
    deck, options = game.deck, game.options
    faces = []
    for kid in deck.kids:
        marks = tuple((f"{colour} {value}", colour) for colour, value in kid.skills)
        scores = " and ".join(f"{value} at {_a(colour)} {colour} event" for colour, value in kid.skills)
        lines = [f"Scores {scores}."]
        if kid.is_brat:
            lines.append(f"Taken: you may {_advance(options.brat_advance)}.")
            lines.append("Placed: you may put or move a Coach.")
        else:
            lines.append("Placed: its colours' Event Actions are open too.")
        # Every Kid's back says "Kid": a Brat or Friendly back would show a hand to the table.
        faces.append(CardFace(kid.name, "Brat" if kid.is_brat else "Friendly", 1, kid.code, tuple(lines), marks,
                              back="Kid"))
    for event in deck.events:
        lines = (
            f"{ACTION_WORD[event.action]}: {ACTIONS[event.action]}.",
            f"Scores each team's {event.colour} skills here.",
            f"Left out after the picks: a Coach. Beside a side it stops {_BLOCKED} onto or off that side.",
        )
        faces.append(CardFace(event.name, "Event", 1, COLOUR_LETTER[event.colour], lines, colour=event.colour))
    return faces


def rules_summary(game) -> RulesSheet:
    """The rules on one page, for this game's players, deck and options."""
    deck, o, n = game.deck, game.options, game.num_players
    kids = len(deck.kids)
    brats = len(deck.brats)
    each = kids // n
    events = ", ".join(f"{e.name} ({e.colour})" for e in deck.events)
    setup = [
        "2, 4 or 6 players in two teams, A and B, on two sides of the table; seats alternate A, B, A, B. "
        "The dealer (team A) starts both phases; turns go round the table.",
        f"Event Schedule: shuffle the six Events ({events}) and lay them in a column between the teams. "
        "All start at level 0: mark levels with coins or tokens.",
        f"Shuffle the {kids} Kids ({kids - brats} Friendlies, {brats} Brats): 12 face up in a row, 12 in a face-down stack.",
    ]
    pick = [
        f"On your turn take one face-up Kid into your hand ({each} each in all). Hands are secret, also from teammates.",
        f"After taking a Brat you may {_advance(o.brat_advance)}. Levels have no top; events never go back.",
        "When the row is empty, turn the stack up as a new row.",
        "After the last pick the 4 events with the highest levels are in play (a tie: the one higher in the column). "
        "They keep their column order. The other two are the Coaches: turn them sideways.",
    ]
    play = [
        "1. Place a Kid from your hand on an empty spot of your team's side of an event in play (3 spots a side). "
        "A Forced Kid must be your next placement.",
        "2. You may take one Event Action: the event's where you placed, or one of an event in play that matches a "
        "colour of the Kid you placed.",
        "3. If you placed a Brat you may put a Coach beside a side of an event in play that has no Coach, or move one.",
    ]
    actions = [f"{ACTION_WORD[e.action]} ({e.colour}): {ACTIONS[e.action]}." for e in deck.events]
    actions.append(
        "Force and Pick name an opponent (a player of the other team) with Kids in hand. A Forced Kid lies face up in "
        "front of its owner; they cannot be Forced again until their next turn is over."
    )
    coaches = [
        f"A Coach beside a side stops every Event Action that moves a Kid onto or off that side ({_BLOCKED}); moves "
        "within that side are fine. Force and Pick act on hands and are never stopped. One Coach a side.",
        "Placing a Kid beside a Coach is "
        + ("not allowed, unless no other spot is free." if o.coach_blocks_placement else "allowed: it is not an Event Action."),
    ]
    end = [
        "The game ends after the turn that places the last Kid (that turn still has its action and Coach step).",
        "Each team scores, at each event in play, its Kids' skill values in that event's colour (0 for a Kid without "
        "it). The higher total wins; a tie goes to team A, who took the first turn.",
        "At the table: lifting a Kid and putting the same Kid back is not a move.",
    ]
    columns = ("Picks 1-12", "Picks 13-24", "Turns 1-6", "Turns 7-12", "Turns 13-18", "Turns 19-24")
    return RulesSheet(
        (("Setup", setup), ("Pick phase", pick), ("Play phase: your turn", play), ("Event Actions", actions),
         ("Coaches", coaches), ("End and scoring", end)),
        needs="the 30 cards of this printout and about 12 coins or tokens for the event levels.",
        source="Written from gamedesign's docs/gym.md (the rulebook as the engine reads it).",
        columns=columns,
    )


def score_pad(game) -> ScorePad:
    """Each event's points per team: the team's skill values in the event's colour."""
    rows = tuple((f"{event.name} ({event.colour})", f"your Kids' {event.colour} skill values added up, if this "
                  "event is in play") for event in game.deck.events)
    return ScorePad(rows, columns=("Team A", "Team B"),
                    note="The higher total wins; a tie goes to team A, who took the first turn.")
