"""Friendly names and one-line explanations for every measure, rule option and deck number.

This is the one place the lab's words come from: the what-if app's controls, the tables,
the verdicts, the charts and ``docs/design-lab.md`` (whose measure tables are
:func:`markdown_table`) all read it. A measure is known by the column name of
:func:`gamedesign.lab.metrics.game_table` (``"seat 1 wins"``, ``"points from Bench Press"``);
:func:`measure` gives its :class:`Measure`: a label, a one-line explanation, the kind of
number it is (a share of games, points, a length, a count) and which way is better.

Patterns cover the measures named after a seat, a scoring category, an event or a rule
event (``"seat {k} wins"``, ``"points from {x}"``, ``"in play: {x}"``, ``"rule used: {x}"``).
"""

from __future__ import annotations

import dataclasses
import re

#: Kinds of numbers: how a value and a change are written, and which measures share a chart axis.
KINDS = {
    "share": "share of games or decisions (a change in percentage points)",
    "points": "points (Leg Day, GYM) or pounds (The Diet Game)",
    "length": "game length in the game's own unit",
    "count": "a count per game",
    "p-value": "a probability from a test",
}

#: The unit of game length for each game.
LENGTH_UNITS = {"legday": "days", "gym": "turns", "diet": "turns"}

#: What a game's points are called.
POINT_UNITS = {"legday": "points", "gym": "points", "diet": "pounds"}


@dataclasses.dataclass(frozen=True)
class Measure:
    """A measure's friendly ``label``, one-line ``help``, ``kind`` (see :data:`KINDS`) and
    ``better``: ``"higher"``, ``"lower"`` or ``""`` (neither: a matter of taste)."""

    name: str
    label: str
    help: str
    kind: str
    better: str = ""


# name: (label, help, kind, better)
_MEASURES = {
    "seat {k} wins": ("Seat {k} wins", "share of games that seat {k} won (shared and team wins count for every winner; "
                      "in GYM seat 0 is team A)", "share", ""),
    "draw": ("Draws", "share of games that ended with no winner", "share", ""),
    "timeout": ("Stopped by the turn limit", "share of games stopped by a turn limit instead of the rules' own end",
                "share", "lower"),
    "completed": ("Finished by the rules", "share of games that reached the rules' own end (1 - timeout)",
                  "share", "higher"),
    "length": ("Game length", "game length in the game's unit: Leg Day days, GYM turns, Diet turns, other games moves", "length", ""),
    "mean score": ("Mean final score", "mean final score of the players who have one (Leg Day: not eliminated; "
                   "Diet: weight change, lower is better)", "points", ""),
    "winning score": ("Winning score", "the best final score among the winners (none without a winner)", "points", ""),
    "decision points": ("Decisions", "moves the players had to make in the game (all seats)", "count", ""),
    "real choices": ("Real choices", "share of decisions that offered more than one legal action", "share", "higher"),
    "branching factor": ("Options per decision", "mean number of legal actions at a decision", "count", ""),
    "lead changes": ("Lead changes", "times the lead passed to a different seat (or team) between rounds",
                     "count", ""),
    "drama": ("Winner's worst deficit", "most points the eventual winner was behind the leader at any round's end",
              "points", ""),
    "comeback": ("Comebacks", "share of games whose winner was behind the leader at some round's end", "share", ""),
    "winner clear at": ("Winner clear at", "share of the game played when the winner took the lead for good "
                        "(100%: only at the end)", "share", ""),
    "last-round swing": ("Decided in the last round", "share of games whose winner was not leading before the last "
                         "round", "share", ""),
    # Over a set of games
    "win-rate gap": ("Gap between seats", "highest minus lowest seat win rate: 0 when every seat wins equally often",
                     "share", "lower"),
    "balance chi-square p": ("Seat balance test (p)", "p-value of a chi-square test that every seat wins equally "
                             "often: small means unequal", "p-value", ""),
    "length spread": ("Spread of game length", "standard deviation of game length", "length", ""),
    "skill depth": ("Skill depth", "how far and how surely better bots beat worse ones: the stronger bot's mean "
                    "edge over the fair share, as a share of the most it could be (lab.compare_skill)", "share", ""),
    # Leg Day
    "eliminated players": ("Players eliminated", "players eliminated at the end of a game", "count", ""),
    "decided by a tie-break": ("Decided by a tie-break", "share of games whose winner was found by a tie-break",
                               "share", ""),
    "points from {x}": ("Points from {x}", "mean points a scoring player got from {x} in a game", "points", ""),
    # GYM
    "Coach placements": ("Coaches placed", "Coaches put beside an event in a game", "count", ""),
    "Event Actions used": ("Event Actions used", "Lift, Switch, Swap, Move, Force and Pick actions taken in a game",
                           "count", ""),
    "Brat advances": ("Brat advances", "schedule advances after taking a Brat, per game", "count", ""),
    "decided by a tie": ("Won on a tie", "share of games team A won on a tie", "share", ""),
    "in play: {x}": ("{x} in play", "share of games in which the event {x} was among the four in play", "share", ""),
    # The Diet Game
    "answers played": ("Answers played", "Laziness and Willpower cards played in a game", "count", ""),
    "cheats played": ("Cheats played", "Cheat cards played in a game", "count", ""),
    "fattening meals fed": ("Fattening meals fed", "fattening meals fed to a neighbour in a game", "count", ""),
    "reshuffles": ("Reshuffles", "times the discard pile became the new deck in a game", "count", ""),
    # How often each rule mattered: the rule events of each game (Game.rule_events)
    "rule used: {x}": ("Rule used: {x}", "times the rule event {x} happened in a game (a game's own rule_events)",
                       "count", ""),
    "rule used: curl overflow": ("Rule used: a 6th Preacher Curl", "Leg Day: scoring players with more Preacher "
                                 "Curls than the curl table, whose curl points the option curl_overflow decided, per "
                                 "game", "count", ""),
    "rule used: shake tie for most": ("Rule used: shake tie for most", "Leg Day: share of games in which two or "
                                      "more tied for most shake images and someone had fewer (shake_second_after_tie "
                                      "decided second place)", "share", ""),
    "rule used: shake tie-break": ("Rule used: shake tie-break", "Leg Day: tie-breaks settled by comparing Protein "
                                   "Shakes (tiebreak_shakes), for the elimination and for the winner, per game",
                                   "count", ""),
    "rule used: eliminated player with shakes": ("Rule used: eliminated shakes", "Leg Day: eliminated players "
                                                 "holding shake images, kept out of the shake race or in it by "
                                                 "eliminated_in_shake_race, per game", "count", ""),
    "rule used: elimination applied": ("Rule used: elimination", "Leg Day: players eliminated or penalised for the "
                                       "fewest Leg Days (elimination), per game", "count", ""),
    "rule used: schedule advance after a Brat": ("Rule used: Brat advance", "GYM: schedule advances after taking "
                                                 "a Brat, each shaped by brat_advance, per game", "count", ""),
    "rule used: Coach beside an open spot": ("Rule used: Coach beside an open spot", "GYM: placements made while a "
                                             "Coach stood beside an empty position of the placer's side "
                                             "(coach_blocks_placement), per game", "count", ""),
    "rule used: team B starts the play phase": ("Rule used: team B starts", "GYM: share of games in which team B "
                                                "took the first turn of the Play phase (play_phase_first)",
                                                "share", ""),
    "rule used: action open on the last placement": ("Rule used: action on the last placement", "GYM: share of "
                                                     "games whose last placement had an Event Action open, kept or "
                                                     "taken away by last_placement_action", "share", ""),
    "rule used: schedule tie at the cut": ("Rule used: schedule tie", "GYM: share of games in which the 4th and 5th "
                                           "events were level, so schedule_tiebreak chose an event in play",
                                           "share", ""),
    "rule used: meal skipped in last place": ("Rule used: meal skipped in last place", "Diet: meals skipped by a "
                                              "player alone in last place, whom feed_last_place lets the neighbour "
                                              "feed or spares, per game", "count", ""),
}

#: Per-card measures (the columns of :func:`gamedesign.lab.metrics.card_values`).
CARD_MEASURES = {
    "copies per game": ("Copies per game", "copies all players collected (The Diet Game: played) in a game", "count"),
    "points per copy": ("Worth per copy", "points a copy scored for its holder: Leg Day its share of its category, "
                        "a GYM Kid its value at its event, a Diet card the pounds it swung for its player", "points"),
    "pick rate": ("Pick rate", "share of the decisions offering the card at which it was taken or played", "share"),
    "win rate when collected": ("Win rate of its holders", "share of players holding (Diet: playing) a copy "
                                "who won", "share"),
}

#: How a copy's worth is counted in each game (the per-card ``points per copy``).
CARD_WORTH = {
    "legday": "a copy's share of its category's points (a Pull-Up its printed points; eliminated players score 0)",
    "gym": "a Kid's value in the colour of the event it ended on, for its team",
    "diet": "the pounds a card swung for the player who played it (a cancelled Exercise or Cheat: 0)",
}

_PATTERNS = [(re.compile("^" + re.escape(name).replace(r"\{k\}", r"(?P<k>\d+)").replace(r"\{x\}", "(?P<x>.+)") + "$"),
              name) for name in _MEASURES if "{" in name]


class _Fill(dict):
    """Fills ``{k}``/``{x}`` in a pattern's texts; the pattern itself reads "seat k wins"."""

    def __missing__(self, key):
        return key.upper() if key == "x" else key


def measure(name: str, game: str | None = None) -> Measure:
    """The :class:`Measure` called ``name`` (a column of ``game_table`` or a set measure).

    An unknown name (a game's own fact not listed here) gets its own name as label.
    ``game`` fills in the units (days or turns, points or pounds).
    """
    if not isinstance(name, str):
        raise ValueError(f"a measure is named by a text, not {name!r}")
    entry, fill = _MEASURES.get(name), {}
    if entry is None:
        for pattern, key in _PATTERNS:
            found = pattern.match(name)
            if found:
                entry, fill = _MEASURES[key], found.groupdict()
                break
    if entry is None:
        return Measure(name, name[:1].upper() + name[1:], "a count or share the game itself reports", "count")
    label, help_text, kind, better = (part.format_map(_Fill(fill)) for part in entry)
    if game == "diet" and kind == "points":
        help_text = help_text.replace("points", "pounds")
        if name in ("mean score", "winning score"):
            label = {"mean score": "Mean weight change", "winning score": "Winner's weight change"}[name]
    if name == "length" and game in LENGTH_UNITS:
        label = f"Game length ({LENGTH_UNITS[game]})"
    return Measure(name, label, help_text, kind, better)


def label(name: str, game: str | None = None) -> str:
    """A measure's friendly label (``"seat 1 wins"`` -> ``"Seat 1 wins"``)."""
    return measure(name, game).label


def explain(name: str, game: str | None = None) -> str:
    """A measure's one-line explanation."""
    return measure(name, game).help


def unit(name: str, game: str | None = None) -> str:
    """What a change of the measure is counted in: ``"percentage points"``, ``"points"``,
    ``"pounds"``, ``"days"``, ``"turns"`` or ``""`` (a plain count)."""
    kind = measure(name, game).kind
    if kind == "share":
        return "percentage points"
    if kind == "points":
        return POINT_UNITS.get(game, "points")
    if kind == "length":
        return LENGTH_UNITS.get(game, "")
    return ""


# ----------------------------------------------------------------------------------------
# Rule options and deck numbers
# ----------------------------------------------------------------------------------------

#: (game, option) -> (label, one-line help, {value: label of the value}).
OPTIONS = {
    ("legday", "curl_overflow"): ("A 6th Preacher Curl", "what a Preacher Curl beyond the 5th of a set does",
                                  {"cap": "adds nothing", "new_set": "starts a new set"}),
    ("legday", "shake_second_after_tie"): ("Shake race: second place after a tie",
                                           "whether second place is still awarded when two or more tie for most",
                                           {True: "still awarded", False: "not awarded"}),
    ("legday", "tiebreak_shakes"): ("Shake tie-breaks count", "what breaks a tie in the Protein Shake race",
                                    {"images": "shake images", "cards": "shake cards"}),
    ("legday", "eliminated_in_shake_race"): ("Eliminated players in the shake race",
                                             "whether eliminated players still count in the shake ranking",
                                             {False: "left out", True: "still ranked (score nothing)"}),
    ("gym", "brat_advance"): ("After taking a Brat, advance", "how the event schedule advances after a Brat",
                              {"either": "one event 2 steps or two events 1 step", "two_to_one": "one event 2 steps",
                               "one_to_two": "two events 1 step"}),
    ("gym", "coach_blocks_placement"): ("A Coach blocks its side", "whether a Coach also stops players placing a "
                                        "Kid on its side", {False: "no", True: "yes"}),
    ("diet", "deal_at_start"): ("Deal 7 cards at the start", "whether hands are dealt at setup or fill on each "
                                "player's first turn", {True: "yes", False: "no: hands fill on the first turn"}),
    ("diet", "first_player"): ("Seat that starts", "the seat that takes the first turn", {}),
    ("diet", "target"): ("Winning weight change (pounds)", "the weight change that wins the game the moment it is "
                         "reached", {}),
    ("diet", "max_turns"): ("Turns before a draw", "turns in all before a stalled game ends in a draw", {}),
    ("legday", "elimination"): ("The fewest Leg Days", "what happens to the players with the fewest Leg Days at the "
                                "end", {"fewest": "score nothing (eliminated)", "penalty": "lose points and play on",
                                        "none": "nothing happens to them"}),
    ("legday", "elimination_penalty"): ("Points the fewest Leg Days lose", "with 'lose points and play on': the "
                                        "points the fewest Leg Days lose", {}),
    ("gym", "play_phase_first"): ("Who starts the Play phase", "which team places the first Kid (the other team "
                                  "places the last)", {"A": "team A (the dealer)", "B": "team B",
                                                       "weaker_hands": "the team with the weaker hands"}),
    ("gym", "last_placement_action"): ("Action on the last placement", "whether the turn that places the last Kid "
                                       "keeps its Event Action", {True: "yes", False: "no: the game ends at once"}),
    ("gym", "schedule_tiebreak"): ("Schedule ties go to", "which of the events level on the schedule goes in play",
                                   {"column": "the event higher in the column", "random": "a random draw"}),
    ("diet", "feed_last_place"): ("Feed the player in last place", "whether a player heavier than everyone else can "
                                  "be fed a fattening meal", {True: "yes", False: "no: they are spared"}),
}

#: Deck fields -> (label template, help). ``{card}`` is the card's name.
DECK_FIELDS = {
    "count": ("{card}: copies", "how many copies of {card} the deck holds"),
    "points": ("{card}: points", "the points printed on {card}"),
    "images": ("{card}: shake images", "the shake images printed on {card}"),
    "pounds": ("{card}: pounds", "the pounds {card} adds (+) or takes off (-)"),
    "skill": ("{card}: {colour} skill", "{card}'s value at a {colour} event"),
    "bench_set_size": ("Bench Press: cards in a pair", "Bench Press cards that make one set"),
    "bench_set_points": ("Bench Press: points a pair", "points for each Bench Press set"),
    "press_set_size": ("Overhead Press: cards in a set", "Overhead Press cards that make one set"),
    "press_set_points": ("Overhead Press: points a set", "points for each Overhead Press set"),
    "shake_most_points": ("Shake race: points for most", "points for the most Protein Shakes"),
    "shake_second_points": ("Shake race: points for second", "points for the second most Protein Shakes"),
    "legday_face_up_points": ("Leg Day face up: points", "points for each Leg Day card left face up"),
    "selfie_points_per_symbol": ("Selfie: points a symbol", "points a Selfie scores for each symbol it sees"),
    "hand_size": ("Hand size", "cards in a hand"),
    "days_per_week": ("Days a week", "days (picks) in each week"),
    "weeks": ("Weeks", "weeks in a game"),
    "planning_discards": ("Planning: most cards swapped", "cards a player may swap in the Planning phase"),
}


def option(game: str, name: str) -> tuple:
    """``(label, help, value labels)`` of a rule option (its own name and doc when not listed)."""
    if (game, name) in OPTIONS:
        return OPTIONS[(game, name)]
    return name.replace("_", " ").capitalize(), "", {}


def option_label(game: str, name: str) -> str:
    """A rule option's friendly label (``curl_overflow`` -> ``"A 6th Preacher Curl"``)."""
    return option(game, name)[0]


def value_label(game: str, name: str, value) -> str:
    """How a value of a rule option reads (``True`` -> ``"yes"``, ``"new_set"`` -> ``"starts a new set"``)."""
    labels = option(game, name)[2]
    for key, text in labels.items():
        if type(key) is type(value) and key == value:
            return text
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def deck_field(field: str, card: str = "", colour: str = "") -> tuple:
    """``(label, help)`` of a deck number: a card's field or a deck-wide entry."""
    text, help_text = DECK_FIELDS.get(field, (f"{card}: {field}" if card else field.replace("_", " "), ""))
    return text.format(card=card, colour=colour), help_text.format(card=card, colour=colour)


def markdown_table(names, game: str | None = None) -> str:
    """A Markdown table of measures: label, column name, explanation (as in the docs)."""
    lines = ["| measure | column | what it means |", "|---|---|---|"]
    for name in names:
        m = measure(name, game)
        lines.append(f"| {m.label} | `{name}` | {m.help} |")
    return "\n".join(lines)


#: Every measure's column name (patterns with ``{k}`` or ``{x}``), in the docs' order.
MEASURE_NAMES = tuple(_MEASURES)

#: The measures by where they apply, as the docs list them.
MEASURE_GROUPS = {
    "every game, per game": MEASURE_NAMES[:15],
    "every game, over a set of games": MEASURE_NAMES[15:19],
    "Don't Skip Leg Day": MEASURE_NAMES[19:22],
    "GYM": MEASURE_NAMES[22:27],
    "The Diet Game": MEASURE_NAMES[27:31],
    "how often each rule mattered": MEASURE_NAMES[31:],
}


def card_markdown_table() -> str:
    """A Markdown table of the per-card measures (as in the docs)."""
    lines = ["| measure | column | what it means |", "|---|---|---|"]
    for name, (text, help_text, _) in CARD_MEASURES.items():
        lines.append(f"| {text} | `{name}` | {help_text} |")
    return "\n".join(lines)

__all__ = [
    "CARD_MEASURES",
    "CARD_WORTH",
    "DECK_FIELDS",
    "KINDS",
    "LENGTH_UNITS",
    "MEASURE_GROUPS",
    "MEASURE_NAMES",
    "Measure",
    "OPTIONS",
    "POINT_UNITS",
    "card_markdown_table",
    "deck_field",
    "explain",
    "label",
    "markdown_table",
    "measure",
    "option",
    "option_label",
    "unit",
    "value_label",
]
