"""The design lab's words for GYM: what its length and points are counted in,
how a card's worth is counted, its own measures (with the rule events of ``rule_events``)
and the measures only its tables have. ``GymGame`` declares them
(see ``gamedesign.core.Game``); :mod:`gamedesign.lab.labels` reads them.
"""

#: What the game's length is counted in.
LENGTH_UNIT = 'turns'

#: What the game's points are called.
POINT_UNIT = 'points'

#: How a copy's worth is counted (the per-card ``points per copy``).
CARD_WORTH = "a Kid's value in the colour of the event it ended on, for its team"

#: How the lab names each seat: a team (seats take turns between the teams).
SEAT_WORDS = ("team A", "team B", "team A's second player", "team B's second player", "team A's third player",
              "team B's third player")

#: The game's own measures: column name -> (label, one-line help, kind, better).
MEASURES = {
    'Coach placements': ('Coaches placed', 'Coaches put beside an event in a game', 'count', ''),
    'Event Actions used': (
        'Event Actions used',
            'Lift, Switch, Swap, Move, Force and Pick actions taken in a game',
        'count', '',
    ),
    'Brat advances': ('Brat advances', 'schedule advances after taking a Brat, per game', 'count', ''),
    'decided by a tie': ('Won on a tie', 'share of games team A won on a tie', 'share', ''),
    'in play: {x}': ('{x} in play', 'share of games in which the event {x} was among the four in play', 'share', ''),
    'rule used: schedule advance after a Brat': (
        'Rule used: Brat advance',
            'GYM: schedule advances after taking a Brat, each shaped by brat_advance, per game',
        'count', '',
    ),
    'rule used: Coach beside an open spot': (
        'Rule used: Coach beside an open spot',
            "GYM: placements made while a Coach stood beside an empty position of the placer's side "
            '(coach_blocks_placement), per game',
        'count', '',
    ),
    'rule used: team B starts the play phase': (
        'Rule used: team B starts',
            'GYM: share of games in which team B took the first turn of the Play phase (play_phase_first)',
        'share', '',
    ),
    'rule used: action open on the last placement': (
        'Rule used: action on the last placement',
            'GYM: share of games whose last placement had an Event Action open, kept or taken away by '
            'last_placement_action',
        'share', '',
    ),
    'rule used: schedule tie at the cut': (
        'Rule used: schedule tie',
            'GYM: share of games in which the 4th and 5th events were level, so schedule_tiebreak chose an '
            'event in play',
        'share', '',
    ),
}

#: The starts of measure names that only this game's tables have.
VERDICT_SIGNS = ('Coach placements', 'in play: ')

#: Questions of chance for the odds explorer: label -> (cards in the deck, wanted cards in
#: it, hand size, at least this many wanted, cards swapped before counting).
ODDS_QUESTIONS = {
    "GYM: a Brat in the first reveal of 12": (24, 6, 12, 1, 0),
    "GYM: two or more Brats in the first reveal": (24, 6, 12, 2, 0),
}

#: The numbers of this game's deck file the lab names: field -> (label template, help);
#: ``{card}`` is the card's name, ``{colour}`` a colour.
DECK_FIELDS = {
    'skill': ('{card}: {colour} skill', "{card}'s value at a {colour} event"),
}
