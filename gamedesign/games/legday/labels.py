"""The design lab's words for Don't Skip Leg Day: what its length and points are counted in,
how a card's worth is counted, its own measures (with the rule events of ``rule_events``)
and the measures only its tables have. ``LegDayGame`` declares them
(see ``gamedesign.core.Game``); :mod:`gamedesign.lab.labels` reads them.
"""

#: What the game's length is counted in.
LENGTH_UNIT = 'days'

#: What the game's points are called.
POINT_UNIT = 'points'

#: How a copy's worth is counted (the per-card ``points per copy``).
CARD_WORTH = "a copy's share of its category's points (a Pull-Up its printed points; eliminated players score 0)"

#: The game's own measures: column name -> (label, one-line help, kind, better).
MEASURES = {
    'eliminated players': ('Players eliminated', 'players eliminated at the end of a game', 'count', ''),
    'decided by a tie-break': (
        'Decided by a tie-break',
            'share of games whose winner was found by a tie-break',
        'share', '',
    ),
    'points from {x}': ('Points from {x}', 'mean points a scoring player got from {x} in a game', 'points', ''),
    'rule used: curl overflow': (
        'Rule used: a 6th Preacher Curl',
            'Leg Day: scoring players with more Preacher Curls than the curl table, whose curl points the '
            'option curl_overflow decided, per game',
        'count', '',
    ),
    'rule used: shake tie for most': (
        'Rule used: shake tie for most',
            'Leg Day: share of games in which two or more tied for most shake images and someone had fewer '
            '(shake_second_after_tie decided second place)',
        'share', '',
    ),
    'rule used: shake tie-break': (
        'Rule used: shake tie-break',
            'Leg Day: tie-breaks settled by comparing Protein Shakes (tiebreak_shakes), for the elimination '
            'and for the winner, per game',
        'count', '',
    ),
    'rule used: eliminated player with shakes': (
        'Rule used: eliminated shakes',
            'Leg Day: eliminated players holding shake images, kept out of the shake race or in it by '
            'eliminated_in_shake_race, per game',
        'count', '',
    ),
    'rule used: elimination applied': (
        'Rule used: elimination',
            'Leg Day: players eliminated or penalised for the fewest Leg Days (elimination), per game',
        'count', '',
    ),
}

#: The starts of measure names that only this game's tables have.
VERDICT_SIGNS = ('points from ', 'eliminated players')

#: Questions of chance for the odds explorer: label -> (cards in the deck, wanted cards in
#: it, hand size, at least this many wanted, cards swapped before counting).
ODDS_QUESTIONS = {
    "Leg Day: a Leg Day in my opening 9": (108, 30, 9, 1, 0),
    "Leg Day: a Bench Press pair in my opening 9": (108, 10, 9, 2, 0),
    "Leg Day: three Overhead Presses in my opening 9": (108, 10, 9, 3, 0),
}

#: The numbers of this game's deck file the lab names: field -> (label template, help);
#: ``{card}`` is the card's name, ``{colour}`` a colour.
DECK_FIELDS = {
    "images": ("{card}: shake images", "the shake images printed on {card}"),
    "curl_points": ("Preacher Curl table", "points for 1, 2, 3, ... Preacher Curls in a set"),
    "bench_set_size": ("Bench Press: cards in a pair", "Bench Press cards that make one set"),
    "bench_set_points": ("Bench Press: points a pair", "points for each Bench Press set"),
    "press_set_size": ("Overhead Press: cards in a set", "Overhead Press cards that make one set"),
    "press_set_points": ("Overhead Press: points a set", "points for each Overhead Press set"),
    "shake_most_points": ("Shake race: points for most", "points for the most Protein Shakes"),
    "shake_second_points": ("Shake race: points for second", "points for the second most Protein Shakes"),
    "legday_face_up_points": ("Leg Day face up: points", "points for each Leg Day card left face up"),
    "selfie_points_per_symbol": ("Selfie: points a symbol", "points a Selfie scores for each symbol it sees"),
    "days_per_week": ("Days a week", "days (picks) in each week"),
    "weeks": ("Weeks", "weeks in a game"),
}
