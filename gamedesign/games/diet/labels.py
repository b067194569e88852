"""The design lab's words for The Diet Game: what its length and points are counted in,
how a card's worth is counted, its own measures (with the rule events of ``rule_events``)
and the measures only its tables have. ``DietGame`` declares them
(see ``gamedesign.core.Game``); :mod:`gamedesign.lab.labels` reads them.
"""

#: What the game's length is counted in.
LENGTH_UNIT = 'turns'

#: What the game's points are called.
POINT_UNIT = 'pounds'

#: How a copy's worth is counted (the per-card ``points per copy``).
CARD_WORTH = 'the pounds a card swung for the player who played it (a cancelled Exercise or Cheat: 0)'

#: The game's own measures: column name -> (label, one-line help, kind, better).
MEASURES = {
    'mean score': (
        'Mean weight change',
            'mean final score of the players who have one (Leg Day: not eliminated; Diet: weight change, '
            'lower is better)',
        'points', '',
    ),
    'winning score': (
        "Winner's weight change",
            'the best final score among the winners (none without a winner)',
        'points', '',
    ),
    'answers played': ('Answers played', 'Laziness and Willpower cards played in a game', 'count', ''),
    'cheats played': ('Cheats played', 'Cheat cards played in a game', 'count', ''),
    'fattening meals fed': ('Fattening meals fed', 'fattening meals fed to a neighbour in a game', 'count', ''),
    'reshuffles': ('Reshuffles', 'times the discard pile became the new deck in a game', 'count', ''),
    'rule used: meal skipped in last place': (
        'Rule used: meal skipped in last place',
            'Diet: meals skipped by a player alone in last place, whom feed_last_place lets the neighbour '
            'feed or spares, per game',
        'count', '',
    ),
}

#: The starts of measure names that only this game's tables have.
VERDICT_SIGNS = ('answers played', 'reshuffles')

#: Questions of chance for the odds explorer: label -> (cards in the deck, wanted cards in
#: it, hand size, at least this many wanted, cards swapped before counting).
ODDS_QUESTIONS = {
    "Diet: a 0 or -1 Breakfast in a fresh hand of 7": (52, 6, 7, 1, 0),
    "Diet: the same after Planning (swap up to 3)": (52, 6, 7, 1, 3),
    "Diet: my right-hand neighbour holds a +1 Breakfast": (52, 3, 7, 1, 0),
}

#: The numbers of this game's deck file the lab names: field -> (label template, help);
#: ``{card}`` is the card's name, ``{colour}`` a colour.
DECK_FIELDS = {
    "pounds": ("{card}: pounds", "the pounds {card} adds (+) or takes off (-)"),
    "planning_discards": ("Planning: most cards swapped", "cards a player may swap in the Planning phase"),
}
