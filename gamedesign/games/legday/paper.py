"""Don't Skip Leg Day on paper: the cards to print and the rules on one page.

Both follow the game's deck and options, so a designer's variant prints its own counts,
points and rules. The readings of the rulebook are those of ``docs/legday.md``.
:mod:`gamedesign.printables` lays them out; ``LegDayGame.printed_cards`` and
``LegDayGame.rules_summary`` call these functions.
"""

from __future__ import annotations

from ...cardfaces import CardFace, RulesSheet, ScorePad
from .faces import KIND_COLOUR, KIND_WORD, SHAPES, scoring_text, shape_key
from .scoring import squat_count


#: Every card's back: the same on all, since hands are passed and Home Days lie face down
#: (a back showing the kind would give both away).
BACK = ""


def _symbol_line(card) -> str:
    if card.symbol is None:
        return "No background symbol"
    if card.kind == "shake":
        return "Symbol: Protein Shake (all shakes share it)"
    if card.kind == "legday":
        return "Symbol: Leg Day (all six designs share it)"
    return "Symbol: its own"


def printed_cards(game) -> list:
    """One :class:`CardFace` per card of the game's deck, with its count as the copies."""
    deck, options = game.deck, game.options
    faces = []
    for card in deck.cards:
        value = ""
        if card.kind == "pullup":
            value = f"{card.points} pt{'s' if abs(card.points) != 1 else ''}"
        elif card.kind == "shake":
            value = f"{card.images} image{'s' if card.images != 1 else ''}"
        elif card.kind == "legday":
            value = f"{deck.scoring['legday_face_up_points']:+d} up"
        lines = [scoring_text(card, deck)]
        if card.kind == "curl":
            more = len(deck.scoring["curl_points"]) + 1
            lines.append(f"A {_ordinal(more)} and later curl " + (
                "starts a new set" if options.curl_overflow == "new_set" else "adds nothing"))
        lines.append(_symbol_line(card))
        lines.append(f"Squats if a loser draws it: {squat_count(card.name, deck)}")
        symbol = shape_key(card)
        faces.append(
            CardFace(card.name, KIND_WORD[card.kind], card.count, value, tuple(lines), colour=KIND_COLOUR[card.kind],
                     symbol=symbol, shape=SHAPES.get(symbol, ""), back=BACK)
        )
    return faces


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _days(numbers) -> str:
    numbers = [str(n) for n in numbers]
    return ", ".join(numbers[:-1]) + (" and " if len(numbers) > 1 else "") + numbers[-1] if numbers else "none"


def rules_summary(game) -> RulesSheet:
    """The rules on one page, for this game's players, deck and options."""
    deck, o, s = game.deck, game.options, game.deck.scoring
    hand, days, weeks = deck.hand_size, deck.days_per_week, deck.weeks
    left = hand - days
    legdays = sum(c.count for c in deck.cards if c.kind == "legday")
    symbols = len({c.symbol for c in deck.cards if c.symbol is not None and c.count})
    curls = "/".join(map(str, s["curl_points"]))
    shakes = "images" if o.tiebreak_shakes == "images" else "cards"
    gym1 = [d for d in range(1, days + 1) if d % 2 == 1]
    home1 = [d for d in range(1, days + 1) if d % 2 == 0]
    week_word = "week 2" if weeks == 2 else "even weeks"
    setup = [
        f"{game.min_players} to {game.max_players} players; seats go clockwise. Shuffle all {deck.size} cards and deal "
        f"{hand} to each player. The rest is the pile for the next week.",
    ]
    day = [
        f"A game is {weeks} week{'s' if weeks != 1 else ''} of {days} days. Each day every player picks one card from "
        "their hand, all at the same time and hidden; when everyone has picked, all play their card.",
        f"Gym Day: your card goes face up in front of you. Home Day: face down; only you may look at it until the end. "
        f"Week 1: days {_days(gym1)} are Gym Days, {_days(home1)} Home Days; {week_word} the other way round.",
        f"Then pass the rest of your hand: LEFT (to the next player clockwise) in week 1, RIGHT in {week_word}.",
        (f"After day {days} the {left} card{'s' if left != 1 else ''} left in each hand leave the game. " if left else "")
        + (f"A new week deals {hand} new cards to each player from the pile." if weeks > 1 else ""),
        "You may remember every hand you held; nobody looks at another player's pick before everyone has picked.",
    ]
    second = (
        f"second most {s['shake_second_points']} (the second-highest count, even when several tie for most)"
        if o.shake_second_after_tie else
        f"second most {s['shake_second_points']}, but no second place when two or more tie for most"
    )
    scoring = [
        "Turn every card face up. All your cards score together as one collection.",
        f"Elimination first: the players with the fewest Leg Day cards (face up and down) are out and score nothing. "
        f"Tied for fewest: the fewest Protein Shake {shakes} is out; still tied, all of them. If that is everyone, "
        "nobody wins.",
        f"Preacher Curl: {curls} for 1 to {len(s['curl_points'])} curls; more "
        + ("start a new set." if o.curl_overflow == "new_set" else "add nothing."),
        f"Bench Press: {s['bench_set_points']} for each set of {s['bench_set_size']}. Overhead Press: "
        f"{s['press_set_points']} for each set of {s['press_set_size']}. Pull-Ups: the points printed on them.",
        f"Protein Shakes: count the images. Most images {s['shake_most_points']}, {second}. Only players with an "
        "image take part; tied players all score the full points of their place. "
        + ("Eliminated players still count in the ranking (and score nothing)." if o.eliminated_in_shake_race
           else "Eliminated players take no part."),
        f"Selfie: {s['selfie_points_per_symbol']} per different background symbol on your other cards (0 to {symbols}). "
        "Shakes share one symbol, the Leg Days share one, Selfies have none.",
        f"Leg Day: {s['legday_face_up_points']} face up, 0 face down.",
    ]
    end = [
        f"The highest score among the players still in wins. A tie: most Leg Day cards, then most Protein Shake "
        f"{shakes}; still tied, a shared win.",
        f"Squats: each loser draws a random card from the full deck and does as many squats as the deck holds cards "
        f"of that type. Any Leg Day design means {legdays}; each shake counts only its own kind.",
    ]
    table = [
        "Picks are secret until all have picked: put your card face down first, then turn Gym Day cards up together.",
        "A face-down card stays face down until scoring, but it counts for elimination.",
        "The cards left in the hands after a week's last day do not go back into the pile.",
    ]
    columns = tuple(f"W{w} D{d}" for w in range(1, weeks + 1) for d in range(1, days + 1))
    return RulesSheet(
        (("Setup", setup), ("A day", [line for line in day if line]), ("Scoring, after the last day", scoring),
         ("The winner", end), ("At the table", table)),
        needs="the cards of this printout, a pencil and paper for the scores.",
        source="Written from gamedesign's docs/legday.md (the rulebook as the engine reads it).",
        columns=columns if len(columns) <= 16 else tuple(f"Day {d}" for d in range(1, 17)),
    )


def score_pad(game) -> ScorePad:
    """The end scoring to fill in per player, in this deck's numbers and options."""
    deck, o, s = game.deck, game.options, game.deck.scoring
    curls = "/".join(map(str, s["curl_points"]))
    more = "more start a new set" if o.curl_overflow == "new_set" else "more add nothing"
    shakes = "images" if o.tiebreak_shakes == "images" else "cards"
    symbols = len({c.symbol for c in deck.cards if c.symbol is not None and c.count})
    second = "" if o.shake_second_after_tie else "; no second place after a tie for most"
    face_up = s["legday_face_up_points"]
    rows = (
        ("Leg Day cards (up and down)", f"count them: the fewest are out and score nothing (tie: fewest shake {shakes})"),
        ("Protein Shake images", "count them: for the majority" + (" and the ties" if shakes == "images" else "")),
        *((("Protein Shake cards", "count them: for the ties"),) if shakes == "cards" else ()),
        ("Out? (yes / no)", "an eliminated player scores 0 on every row below"),
        ("Preacher Curl", f"{curls} for 1 to {len(s['curl_points'])} curls; {more}"),
        ("Bench Press", f"{s['bench_set_points']} for each set of {s['bench_set_size']}"),
        ("Overhead Press", f"{s['press_set_points']} for each set of {s['press_set_size']}"),
        ("Pull-Ups", "the points printed on each"),
        ("Protein Shake majority", f"images: most {s['shake_most_points']}, second most {s['shake_second_points']}"
                                   f"{second}; ties score their place in full; only players with an image"
                                   + ("" if o.eliminated_in_shake_race else " who are still in")),
        ("Selfie", f"{s['selfie_points_per_symbol']} for each different background symbol on your other cards "
                   f"(0 to {symbols})"),
        ("Leg Day", f"{face_up:+d} for each face up, 0 face down"),
    )
    return ScorePad(rows, note="Highest total among the players still in wins; a tie goes to most Leg Day cards, "
                               f"then most Protein Shake {shakes}; still tied, a shared win.")
