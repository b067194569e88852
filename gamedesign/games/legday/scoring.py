"""Don't Skip Leg Day scoring, as a plain function of the players' final tableaus.

Order of play at the end (rulebook "Game End and Scoring", with our rulings):

1. Elimination first: the players with the fewest Leg Day cards (face up and face down
   alike). Ties go to the fewest Protein Shake images (option ``tiebreak_shakes="cards"``
   counts shake cards instead); still tied, all of them go. Exactly one group goes; if
   that is everyone, nobody wins. Option ``elimination="penalty"``: that group loses
   ``elimination_penalty`` points instead (in its Leg Day category) and plays on;
   ``"none"``: nothing happens to it.
2. Each remaining player scores all their cards as one collection:
   Preacher Curl 1/3/6/10/15 for 1-5 cards (``curl_overflow="cap"``: a 6th adds nothing;
   ``"new_set"``: each further group of up to 5 scores again); Bench Press 5 per pair;
   Overhead Press 10 per three; pull-ups their printed points; a Selfie 1 per different
   background symbol on the player's other cards (all shakes share one symbol, all Leg
   Day designs share one, a Selfie has none: so 0 to 8); a face-up Leg Day -1.
3. Protein Shakes: among players with at least one image, the most images score 10 and
   the second-highest distinct count 5; tied players all get the full points of their
   rank. ``shake_second_after_tie=False``: when two or more tie for most, no second
   place. Eliminated players take no part (``eliminated_in_shake_race=True``: they still
   count for the ranking but score nothing).
4. Winner: highest score among the rest; ties go to most Leg Day cards, then most shake
   images (or cards, with ``tiebreak_shakes="cards"``); a tie after that is shared.
5. Squats (:func:`squat_count`): every loser, eliminated or not and also when nobody
   wins, draws a card from the full deck and does as many squats as the deck holds cards
   of its type; all six Leg Day designs are one type.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...core import build_options
from .cards import CATEGORIES, DEFAULT_DECK, Deck
from .options import LegDayOptions  # the one place the option values are defined


@dataclass(frozen=True)
class ScoreReport:
    """Final scoring of a Leg Day game.

    ``points[i]`` is seat i's total (``None`` when eliminated); ``breakdown[i]`` maps each
    category to its points (``None`` when eliminated); ``eliminated`` and ``winners`` are
    tuples of seats; ``leg_days``, ``shake_images`` and ``shake_cards`` give each seat's
    counts used by the tie-breaks; ``decided_by`` says how the winner was found;
    ``penalised`` lists the seats that lost points to ``elimination="penalty"``
    (:func:`rule_use` says how often each option's branch fired).
    """

    points: tuple
    breakdown: tuple
    eliminated: tuple
    winners: tuple
    leg_days: tuple
    shake_images: tuple
    shake_cards: tuple
    decided_by: str = ""
    collection_points: tuple = field(default=())
    penalised: tuple = field(default=())

    def to_frame(self, names=None):
        """The report as a pandas table: one row per player, points by category, total,
        Leg Days, shake images, eliminated, penalised (``elimination="penalty"``) and winner."""
        import pandas as pd

        names = list(names) if names is not None else [f"Player {i}" for i in range(len(self.points))]
        rows = []
        for i, name in enumerate(names):
            row = {"player": name}
            for category in CATEGORIES:
                row[category] = None if self.breakdown[i] is None else self.breakdown[i][category]
            row["total"] = self.points[i]
            row["Leg Day cards"] = self.leg_days[i]
            row["shake images"] = self.shake_images[i]
            row["eliminated"] = i in self.eliminated
            row["penalised"] = i in self.penalised
            row["winner"] = i in self.winners
            rows.append(row)
        frame = pd.DataFrame(rows).set_index("player")
        numeric = [*CATEGORIES, "total"]
        frame[numeric] = frame[numeric].astype("Int64")
        return frame


def _check_tableau(deck: Deck, tableau, seat: int) -> list:
    cards = []
    if isinstance(tableau, (str, bytes)) or not hasattr(tableau, "__iter__"):
        raise ValueError(f"tableau {seat} must be a list of (card_name, face_up) pairs")
    for item in tableau:
        try:
            name, face_up = item
        except (TypeError, ValueError):
            raise ValueError(f"tableau {seat}: {item!r} is not a (card_name, face_up) pair") from None
        if not isinstance(face_up, bool):
            raise ValueError(f"tableau {seat}: face_up of {name!r} must be True or False, not {face_up!r}")
        cards.append((deck.card(name), face_up))
    return cards


def card_facts(card) -> tuple:
    """What scoring needs of a card: ``(kind, pull-up points, shake images, symbol)``."""
    return card.kind, card.points, card.images, card.symbol


def _tally(pairs, facts: dict | None = None) -> tuple:
    """Counts of one collection, from ``(card facts, face_up)`` pairs (see :func:`card_facts`),
    or from ``(card name, face_up)`` pairs with ``facts`` mapping every name to its card
    facts (a ``KeyError`` for a name it does not know): cards of each kind, distinct
    symbols, pull-up points, shake images and face-up Leg Days, added up in one pass."""
    kinds: dict = {}
    symbols = set()
    pullups = images = face_up_legs = 0
    for card, up in pairs:
        kind, points, shake_images, symbol = card if facts is None else facts[card]
        kinds[kind] = kinds.get(kind, 0) + 1
        if kind == "pullup":
            pullups += points
        elif kind == "shake":
            images += shake_images
        elif kind == "legday" and up:
            face_up_legs += 1
        if symbol is not None:
            symbols.add(symbol)
    return kinds, len(symbols), pullups, images, face_up_legs


def curl_points(n: int, table, curl_overflow: str) -> int:
    """The points of ``n`` Preacher Curls, with ``table`` the deck's points for 1, 2, ...
    curls: past the table's end a further curl adds nothing (``"cap"``), or each further
    group of up to a table's length scores again (``"new_set"``). The one place the curl
    rule is written: the bots and the batch path read it through :func:`curl_values`."""
    if n <= 0:
        return 0
    if curl_overflow == "new_set":
        full, rest = divmod(n, len(table))
        return full * table[-1] + (table[rest - 1] if rest else 0)
    return table[min(n, len(table)) - 1]


#: The deck's scoring entries of each set: (its size, its points).
_SET_KEYS = {kind: (f"{kind}_set_size", f"{kind}_set_points") for kind in ("bench", "press")}


def set_points(n, scoring: dict, kind: str):
    """The points of ``n`` Bench Presses (``kind="bench"``) or Overhead Presses
    (``"press"``): the set's points for each full set (``n`` may be a numpy array)."""
    size, points = _SET_KEYS[kind]
    return (n // scoring[size]) * scoring[points]



def curl_values(scoring: dict, curl_overflow: str, most: int) -> tuple:
    """:func:`curl_points` of 0, 1, ..., ``most`` curls, as one table: the greedy bot
    indexes it and the batch path indexes it with the counts as an array."""
    table = scoring["curl_points"]
    return tuple([curl_points(n, table, curl_overflow) for n in range(most + 1)])


def set_values(scoring: dict, kind: str, most: int) -> tuple:
    """:func:`set_points` of 0, 1, ..., ``most`` cards of ``kind``, as one table."""
    return tuple([set_points(n, scoring, kind) for n in range(most + 1)])


def _breakdown(tally, s: dict, curl_overflow: str) -> dict:
    """:func:`collection_breakdown` of a :func:`_tally`."""
    curl, bench, press, pullups, selfie, legday = _category_points(tally, s, curl_overflow)
    return {
        "Preacher Curl": curl,
        "Bench Press": bench,
        "Overhead Press": press,
        "Pull-Ups": pullups,
        "Protein Shake": 0,
        "Selfie": selfie,
        "Leg Day": legday,
    }


def _category_points(tally, s: dict, curl_overflow: str) -> tuple:
    """The points of a :func:`_tally` in each category but the shakes: Preacher Curl,
    Bench Press, Overhead Press, Pull-Ups, Selfie and Leg Day."""
    kinds, symbols, pullups, _, face_up_legs = tally
    legday = 0
    for _ in range(face_up_legs):
        legday += s["legday_face_up_points"]
    return (
        curl_points(kinds.get("curl", 0), s["curl_points"], curl_overflow),
        set_points(kinds.get("bench", 0), s, "bench"),
        set_points(kinds.get("press", 0), s, "press"),
        pullups,
        kinds.get("selfie", 0) * symbols * s["selfie_points_per_symbol"],
        legday,
    )


def collection_breakdown(cards, deck: Deck, curl_overflow: str = "cap") -> dict:
    """Points by category of one collection, without the Protein Shake majority.

    ``cards`` is a list of ``(Card, face_up)`` pairs. The "Protein Shake" entry is 0 here:
    shakes are scored against the other players.
    """
    return _breakdown(_tally([(card_facts(c), up) for c, up in cards]), deck.scoring, curl_overflow)


def shake_points(images: list, in_race: list, deck: Deck, second_after_tie: bool = True) -> list:
    """Protein Shake points per seat from image counts.

    ``in_race[i]`` says whether seat i takes part in the ranking; seats with no image
    never do.
    """
    s = deck.scoring
    counts = sorted({n for n, racing in zip(images, in_race) if racing and n > 0}, reverse=True)
    most = counts[0] if counts else None
    second = counts[1] if len(counts) > 1 else None
    if most is not None and not second_after_tie:
        tied_for_most = sum([1 for n, racing in zip(images, in_race) if racing and n == most])
        if tied_for_most > 1:
            second = None
    most_points, second_points = s["shake_most_points"], s["shake_second_points"]
    out = []
    for n, racing in zip(images, in_race):
        if racing and most is not None and n == most:
            out.append(most_points)
        elif racing and second is not None and n == second:
            out.append(second_points)
        else:
            out.append(0)
    return out


def score_tableaus(
    tableaus,
    *,
    curl_overflow: str = "cap",
    shake_second_after_tie: bool = True,
    tiebreak_shakes: str = "images",
    eliminated_in_shake_race: bool = False,
    elimination: str = "fewest",
    elimination_penalty: int = 10,
    deck: Deck | None = None,
) -> ScoreReport:
    """Score every player's final cards.

    ``tableaus`` holds one list per seat of ``(card_name, face_up)`` pairs. Names are the
    deck's card names ("Preacher Curl", "Protein Shake x2", "Zilch", ...); ``"Leg Day"``
    stands for any Leg Day design. Unknown names raise ``ValueError`` listing valid ones.
    """
    build_options(
        LegDayOptions,
        "legday",
        dict(
            curl_overflow=curl_overflow,
            shake_second_after_tie=shake_second_after_tie,
            tiebreak_shakes=tiebreak_shakes,
            eliminated_in_shake_race=eliminated_in_shake_race,
            elimination=elimination,
            elimination_penalty=elimination_penalty,
        ),
    )
    deck = deck or DEFAULT_DECK
    if isinstance(tableaus, (str, bytes)) or not hasattr(tableaus, "__len__") or len(tableaus) < 1:
        raise ValueError("tableaus must be a list with one list of (card_name, face_up) pairs per player")
    collections = [_check_tableau(deck, t, seat) for seat, t in enumerate(tableaus)]
    return score_collections(
        collections,
        curl_overflow=curl_overflow,
        shake_second_after_tie=shake_second_after_tie,
        tiebreak_shakes=tiebreak_shakes,
        eliminated_in_shake_race=eliminated_in_shake_race,
        elimination=elimination,
        elimination_penalty=elimination_penalty,
        deck=deck,
    )


def score_collections(
    collections,
    *,
    curl_overflow: str,
    shake_second_after_tie: bool,
    tiebreak_shakes: str,
    eliminated_in_shake_race: bool,
    elimination: str = "fewest",
    elimination_penalty: int = 10,
    deck: Deck,
) -> ScoreReport:
    """:func:`score_tableaus` of checked collections (per seat, ``(Card, face_up)``
    pairs) and checked options."""
    return score_facts(
        [[(card_facts(c), up) for c, up in cards] for cards in collections],
        curl_overflow=curl_overflow,
        shake_second_after_tie=shake_second_after_tie,
        tiebreak_shakes=tiebreak_shakes,
        eliminated_in_shake_race=eliminated_in_shake_race,
        elimination=elimination,
        elimination_penalty=elimination_penalty,
        deck=deck,
    )


def score_facts(
    collections,
    *,
    curl_overflow: str,
    shake_second_after_tie: bool,
    tiebreak_shakes: str,
    eliminated_in_shake_race: bool,
    elimination: str = "fewest",
    elimination_penalty: int = 10,
    deck: Deck,
    facts=None,
) -> ScoreReport:
    """:func:`score_collections` of collections given as ``(card facts, face_up)`` pairs
    (:func:`card_facts`), or as ``(card name, face_up)`` pairs with ``facts`` mapping
    each name to its card facts: the engine scores its own games with it."""
    return _score_tallies(
        [_tally(pairs, facts) for pairs in collections],
        False,
        curl_overflow=curl_overflow,
        shake_second_after_tie=shake_second_after_tie,
        tiebreak_shakes=tiebreak_shakes,
        eliminated_in_shake_race=eliminated_in_shake_race,
        elimination=elimination,
        elimination_penalty=elimination_penalty,
        deck=deck,
    )


class RunningTallies:
    """The :func:`_tally` of each seat's tableau in a game whose tableaus only grow: at
    each call the cards added since the last one are counted on (a tableau that is not
    the list counted before, or is shorter, is counted afresh)."""

    def __init__(self, facts: dict):
        self.facts = facts
        self.rows: list = []  # per seat: [the list counted, cards counted, kinds, symbols, pull-ups, images, face-up Leg Days]

    def __call__(self, tableaus) -> list:
        """Per seat, ``(kinds, symbols, pull-up points, shake images, face-up Leg Days)``."""
        facts, rows = self.facts, self.rows
        while len(rows) < len(tableaus):
            rows.append([None, 0, {}, set(), 0, 0, 0])
        out = []
        for tableau, row in zip(tableaus, rows):
            if row[0] is not tableau or row[1] > len(tableau):
                row[:] = [tableau, 0, {}, set(), 0, 0, 0]
            kinds, symbols = row[2], row[3]
            pullups, images, face_up_legs = row[4], row[5], row[6]
            for name, up in tableau[row[1]:]:
                kind, points, shake_images, symbol = facts[name]
                kinds[kind] = kinds.get(kind, 0) + 1
                if kind == "pullup":
                    pullups += points
                elif kind == "shake":
                    images += shake_images
                elif kind == "legday" and up:
                    face_up_legs += 1
                if symbol is not None:
                    symbols.add(symbol)
            row[1], row[4], row[5], row[6] = len(tableau), pullups, images, face_up_legs
            out.append((kinds, len(symbols), pullups, images, face_up_legs))
        return out


def score_tallies(tallies, **rules) -> ScoreReport:
    """:func:`score_facts` of collections already counted by :func:`_tally` (read, not
    changed); ``rules`` are the scoring options and the deck, as :func:`score_facts` takes them."""
    return _score_tallies(tallies, False, **rules)


def collection_totals(tallies, **rules) -> tuple:
    """``score_tallies(tallies, **rules).collection_points``, without finding the winner."""
    return _score_tallies(tallies, True, **rules)


def _score_tallies(
    tallies,
    totals_only: bool,
    *,
    curl_overflow: str,
    shake_second_after_tie: bool,
    tiebreak_shakes: str,
    eliminated_in_shake_race: bool,
    elimination: str = "fewest",
    elimination_penalty: int = 10,
    deck: Deck,
):
    n = len(tallies)
    seats = range(n)
    leg_days, images, shake_cards = [], [], []
    for kinds, _, _, shake_images, _ in tallies:
        leg_days.append(kinds.get("legday", 0))
        images.append(shake_images)
        shake_cards.append(kinds.get("shake", 0))
    leg_days, images, shake_cards = tuple(leg_days), tuple(images), tuple(shake_cards)
    shakes = images if tiebreak_shakes == "images" else shake_cards

    # 1. Elimination: exactly one group, the fewest Leg Days, then the fewest shakes;
    #    it is out ("fewest"), loses points ("penalty") or keeps playing ("none").
    fewest = min(leg_days)
    group, least_shakes = [], None
    for i in seats:
        if leg_days[i] == fewest:
            if least_shakes is None or shakes[i] < least_shakes:
                group, least_shakes = [i], shakes[i]
            elif shakes[i] == least_shakes:
                group.append(i)
    group = tuple(group)
    eliminated = group if elimination == "fewest" else ()
    penalised = group if elimination == "penalty" else ()
    alive = [True] * n
    for i in eliminated:
        alive[i] = False

    # 2-3. Collections and the shake race.
    scoring = deck.scoring
    in_race = [True] * n if eliminated_in_shake_race else alive
    shake = shake_points(images, in_race, deck, shake_second_after_tie)
    if totals_only:  # whole numbers: the same sums as the breakdowns' below
        return tuple([sum(_category_points(t, scoring, curl_overflow)) + shake[i] for i, t in enumerate(tallies)])
    breakdowns, totals = [], []
    for tally, points in zip(tallies, shake):
        b = _breakdown(tally, scoring, curl_overflow)
        b["Protein Shake"] = points
        breakdowns.append(b)
        totals.append(sum(b.values()))
    collected = tuple(totals)
    for i in penalised:  # the penalty is the Leg Day rule's: it shows in that category
        breakdowns[i]["Leg Day"] -= elimination_penalty
        totals[i] -= elimination_penalty
    points, breakdown = [], []
    for total, b, living in zip(totals, breakdowns, alive):
        points.append(total if living else None)
        breakdown.append(b if living else None)
    points, breakdown = tuple(points), tuple(breakdown)

    # 4. Winner with tie-breaks.
    contenders, best = [], None
    for i in seats:
        if alive[i]:
            if best is None or totals[i] > best:
                contenders, best = [i], totals[i]
            elif totals[i] == best:
                contenders.append(i)
    if not contenders:
        decided_by = "everyone was eliminated: nobody wins"
    else:
        decided_by = "highest score"
        if len(contenders) > 1:
            shake_label = "most Protein Shake " + ("images" if tiebreak_shakes == "images" else "cards")
            for label, key in (("most Leg Day cards", leg_days), (shake_label, shakes)):
                if len(contenders) == 1:
                    break
                top = max([key[i] for i in contenders])
                narrowed = [i for i in contenders if key[i] == top]
                if len(narrowed) < len(contenders):
                    decided_by = f"tie on points, broken by {label}"
                contenders = narrowed
            if len(contenders) > 1:
                decided_by = "shared win: still tied after every tie-break"
    return ScoreReport(
        points=points,
        breakdown=breakdown,
        eliminated=eliminated,
        winners=tuple(contenders),
        leg_days=leg_days,
        shake_images=images,
        shake_cards=shake_cards,
        decided_by=decided_by,
        collection_points=collected,
        penalised=penalised,
    )


def rule_use(report: ScoreReport, curls, *, curl_sets: int, elimination: str, eliminated_in_shake_race: bool) -> dict:
    """How often each scoring option's branch fired in the game of ``report`` (the events
    of ``LegDayGame.rule_events``), worked out from the report when asked, so that scoring
    itself stays as quick as it was. ``curls`` gives each seat's Preacher Curls and
    ``curl_sets`` the length of the curl table.

    * ``curl overflow``: scoring players with more curls than the table (``curl_overflow``);
    * ``shake tie for most``: 1 when two or more in the shake race tied for most images and
      someone in it had fewer (``shake_second_after_tie``);
    * ``shake tie-break``: tie-breaks that compared shakes (``tiebreak_shakes``): the fewest
      Leg Days tied (when someone is eliminated or penalised), and a tie on points and Leg
      Days among the best;
    * ``eliminated player with shakes``: eliminated players with shake images
      (``eliminated_in_shake_race``);
    * ``elimination applied``: players eliminated or penalised (``elimination``).
    """
    return rule_counts(
        [p is not None for p in report.points], report.shake_images, report.leg_days,
        [i in report.eliminated for i in range(len(report.points))], len(report.penalised), report.decided_by, curls,
        curl_sets=curl_sets, elimination=elimination, eliminated_in_shake_race=eliminated_in_shake_race,
    )


def rule_counts(scored, shake_images, leg_days, eliminated, penalised: int, decided_by: str, curls, *,
                curl_sets: int, elimination: str, eliminated_in_shake_race: bool) -> dict:
    """:func:`rule_use` of one game's figures, seat by seat: whether each seat scored,
    its shake images, Leg Days, whether it was eliminated and its Preacher Curls; with
    the number of penalised seats and how the winner was found (the batch path's records
    count their games with it, from its arrays)."""
    in_race = [True] * len(scored) if eliminated_in_shake_race else scored
    racing = [n for n, racer in zip(shake_images, in_race) if racer and n > 0]
    most = max(racing, default=0)
    tie_breaks = int(elimination != "none" and list(leg_days).count(min(leg_days)) > 1)
    tie_breaks += decided_by.startswith("shared win") or decided_by.startswith("tie on points, broken by most Protein")
    out = sum([1 for e in eliminated if e])
    return {
        "curl overflow": sum([1 for n, s in zip(curls, scored) if s and n > curl_sets]),
        "shake tie for most": int(len(racing) > 1 and racing.count(most) > 1 and min(racing) < most),
        "shake tie-break": tie_breaks,
        "eliminated player with shakes": sum([1 for e, n in zip(eliminated, shake_images) if e and n > 0]),
        "elimination applied": out + penalised,
    }


def squat_count(card: str, deck: Deck | None = None) -> int:
    """Squats for a loser who draws ``card``: the number of cards of its type in the deck.

    The six Leg Day designs are one type, so any of them means all the deck's Leg Day
    cards (30 in the standard deck). Every other card name is a type of its own: a Protein
    Shake gives the count of its own shake card (6, 8 or 4), a Preacher Curl 12, and so on.
    """
    deck = deck or DEFAULT_DECK
    drawn = deck.card(card)
    if drawn.kind == "legday":
        return sum(c.count for c in deck.cards if c.kind == "legday")
    return drawn.count


__all__ = [
    "ScoreReport", "score_tableaus", "collection_breakdown", "rule_use", "shake_points", "squat_count", "CATEGORIES",
]
