"""Leg Day played in batches with numpy: thousands of games at once, for random bots.

The object engine (``rules.py``) plays one game at a time and is the reference. This
module plays the same rules on whole arrays of games, for the bots whose choices are
simple enough to vectorise: ``"random"`` (a uniform choice among the *different* cards in
hand, as ``RandomBot`` chooses among the legal actions) and ``"greedy"`` (the estimate of
``bots.GreedyLegDayBot`` computed for every card type at once, ties at random). It gives the same table as
:func:`gamedesign.simulate` (the same columns) from different random streams: the same
rules and the same distributions, not the same individual games.

How a game is held: each player's hand and collection are counts per card type; a day
picks one type per player, plays it (face up on Gym Days), and rolls the hands one seat
left (odd weeks) or right. Scoring (:func:`score_counts`) follows ``scoring.py`` step by
step on the counts, for every rule option, with the curl and set rules of ``scoring.py``
itself; ``tests/test_legday_batch.py`` checks it against ``score_tableaus`` on random
collections; the batch contract (``tests/test_batch_contract.py``) checks the number of
picks, the random and the greedy picks at decisions of engine games, the scores of the
final cards of batch games, and the distribution of every table column against the
object engine's.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...simulate import seat_columns
from .cards import CATEGORIES
from .scoring import curl_values, set_points

#: The bots this module can play.
BATCH_BOTS = ("random", "greedy")

#: Games played at once (each chunk of a run has its own random stream).
BATCH_SIZE = 10_000


def _deck_arrays(deck):
    kinds = [c.kind for c in deck.cards]
    symbols = sorted({c.symbol for c in deck.cards if c.symbol is not None})
    return {
        "kinds": np.array(kinds),
        "counts": np.array([c.count for c in deck.cards]),
        "points": np.array([c.points for c in deck.cards]),
        "images": np.array([c.images for c in deck.cards]),
        "symbol": np.array([symbols.index(c.symbol) if c.symbol is not None else -1 for c in deck.cards]),
        "symbols": len(symbols),
    }


def _curl_values(game) -> np.ndarray:
    """``scoring.curl_values`` of ``game`` as an array: the points of 0, 1, ... curls, as
    many as a collection can hold and one more (the greedy values try one more of each type)."""
    most = sum(c.count for c in game.deck.cards if c.kind == "curl") + 1
    return np.array(curl_values(game.deck.scoring, game.options.curl_overflow, most), dtype=np.int64)


def play_random(game, games: int, rng: np.random.Generator):
    """Play ``games`` games with random bots in every seat (see :func:`play`)."""
    return play(game, ["random"] * game.num_players, games, rng)


def play(game, bots, games: int, rng: np.random.Generator, trace: bool = False):
    """Play ``games`` games with the named bot in each seat (``"random"`` or ``"greedy"``).

    Returns ``(collections, face_up)``: card counts per type of each player's final cards,
    shape (games, players, types), and the number of face-up cards per type. With
    ``trace=True`` a third item, a dict of what the design lab records (the same games:
    tracing draws nothing from ``rng``): ``legal`` (days, games, players), the different
    cards each player could pick each day; ``offers`` (games, types), the decisions at
    which each type was in hand; ``standings`` (days, games, players), each player's
    collection points after each day (``score_counts``' ``collection_points``).
    """
    deck = game.deck
    n, types = game.num_players, len(deck.cards)
    full = np.repeat(np.arange(types), [c.count for c in deck.cards])
    order = np.argsort(rng.random((games, full.size)), axis=1)
    shuffled = full[order]
    collections = np.zeros((games, n, types), dtype=np.int16)
    face_up = np.zeros((games, n, types), dtype=np.int16)
    size, days = deck.hand_size, deck.days_per_week
    eye = np.eye(types, dtype=np.int16)
    g_index = np.arange(games)[:, None]
    p_index = np.arange(n)[None, :]
    greedy = np.array([b == "greedy" for b in bots])
    values = _GreedyValues(game) if greedy.any() else None
    if trace:
        legal, standings = [], []
        offers = np.zeros((games, types), dtype=np.int64)
    for week in range(1, deck.weeks + 1):
        dealt = shuffled[:, (week - 1) * n * size : week * n * size].reshape(games, n, size)
        hands = eye[dealt].sum(axis=2, dtype=np.int16)  # (games, players, types)
        step = 1 if week % 2 == 1 else -1
        for day in range(1, days + 1):
            present = hands > 0
            gym_day = day % 2 == week % 2
            if trace:
                legal.append(present.sum(axis=2))
                offers += present.sum(axis=1)
            if values is not None:
                # Greedy seats: the best value among the cards in hand, ties at random.
                made = (week - 1) * days + day - 1
                value = values.gains(collections, face_up, gym_day, made)
                value = np.where(present, value, -np.inf)
                best = value.max(axis=2, keepdims=True)
                tied = value >= best - 1e-9
                chooseable = np.where(greedy[None, :, None], tied & present, present)
            else:
                chooseable = present
            choices = chooseable.sum(axis=2)
            nth = (rng.random((games, n)) * choices).astype(np.int64)
            pick = np.argmax(np.cumsum(chooseable, axis=2) > nth[..., None], axis=2)
            hands[g_index, p_index, pick] -= 1
            collections[g_index, p_index, pick] += 1
            if gym_day:
                face_up[g_index, p_index, pick] += 1
            if trace:
                standings.append(score_counts(game, collections, face_up, collection_only=True)["collection_points"])
            if day < days:
                hands = np.roll(hands, step, axis=1)
    if trace:
        return collections, face_up, {"legal": np.stack(legal), "offers": offers, "standings": np.stack(standings)}
    return collections, face_up


#: Games whose greedy gains are worked out together (see :meth:`_GreedyValues.gains`).
GAINS_BLOCK = 1024


class _GreedyValues:
    """The greedy bot's estimate (``bots.GreedyLegDayBot._standing_of``) for every card type
    at once: what each card would add to each player's standing today."""

    def __init__(self, game):
        self.game = game
        deck = game.deck
        a = _deck_arrays(deck)
        self.a = a
        self.kinds = a["kinds"]
        self.s = deck.scoring
        self.curl_values = _curl_values(game)
        self.total_days = game.total_days
        self.kind_names = ("curl", "bench", "press", "selfie", "legday")
        self.kind_matrix = np.array([[k == name for name in self.kind_names] for k in self.kinds], dtype=np.int64)
        self.pull_points = np.where(self.kinds == "pullup", a["points"], 0).astype(np.int64)
        self.legday_mask = (self.kinds == "legday").astype(np.int64)
        self.symbol_matrix = np.zeros((len(self.kinds), a["symbols"]), dtype=np.int64)
        for t, sym in enumerate(a["symbol"]):
            if sym >= 0:
                self.symbol_matrix[t, sym] = 1
        # Card types that add the same to every count: (one type of each group, each
        # type's group), so that a group's gain is worked out once.
        signatures = [(k, a["points"][t], a["images"][t], a["symbol"][t] if k not in ("legday", "shake") else k)
                      for t, k in enumerate(self.kinds)]
        groups = list(dict.fromkeys(signatures))
        self.alike = (np.array([signatures.index(g) for g in groups]),
                      np.array([groups.index(sig) for sig in signatures]))

    def gains(self, collections, face_up, gym_day: bool, made: int):
        """(games, players, types): standing after taking each type minus standing now.

        Worked out :data:`GAINS_BLOCK` games at a time: the arrays of one block, with their
        axis of card types, stay small enough to be quick (the values do not depend on it)."""
        games = len(collections)
        if games <= GAINS_BLOCK:
            return self._gains(collections, face_up, gym_day, made)
        return np.concatenate([
            self._gains(collections[i : i + GAINS_BLOCK], face_up[i : i + GAINS_BLOCK], gym_day, made)
            for i in range(0, games, GAINS_BLOCK)
        ])

    def _gains(self, collections, face_up, gym_day: bool, made: int):
        from .bots import _LEG_DAY_SHARE

        s, a = self.s, self.a
        c = collections.astype(np.int64)
        up = face_up.astype(np.int64)
        games, n, _ = c.shape

        # Sums over card types as matrix products (one pass each).
        by_kind = c @ self.kind_matrix
        counts = {k: by_kind[..., i] for i, k in enumerate(self.kind_names)}
        pull = c @ self.pull_points
        images = c @ a["images"]
        leg_up = up @ self.legday_mask
        symbols = (c @ self.symbol_matrix) > 0
        base_symbols = symbols.sum(axis=-1)
        # What the others show: face-up shake images, face-up Leg Days, face-down cards.
        shown = (up @ a["images"]).astype(float)
        down = c.sum(axis=-1) - up.sum(axis=-1)
        rivals = leg_up + _LEG_DAY_SHARE * down
        rival_shown = np.empty((games, n))
        lowest = np.empty((games, n))
        for p in range(n):
            others = [q for q in range(n) if q != p]
            rival_shown[:, p] = shown[:, others].max(axis=1) if others else 0.0
            lowest[:, p] = rivals[:, others].min(axis=1) if others else 0.0
        # With a last axis for card types, along which the opponents' figures are the same.
        rival_shown = rival_shown[..., None]
        lowest = lowest[..., None] + _LEG_DAY_SHARE

        def standing(counts, pull, images, leg_up, n_symbols, picks_left):
            """The standing of collections given by their counts, each (games, players, k)."""
            points = (
                np.asarray(self.curl_values)[np.asarray(counts["curl"], dtype=np.intp)]  # intp: 32 bits in the browser
                + set_points(counts["bench"], s, "bench")
                + set_points(counts["press"], s, "press")
                + pull
                + counts["selfie"] * n_symbols * s["selfie_points_per_symbol"]
                + leg_up * s["legday_face_up_points"]
            ).astype(float)
            time = min(1.0, picks_left / 6)
            points = points + (counts["bench"] % s["bench_set_size"]) * s["bench_set_points"] / s["bench_set_size"] * time
            points = points + (
                (counts["press"] % s["press_set_size"]) * s["press_set_points"] / s["press_set_size"] * time * 0.7
            )
            points = points + np.where(counts["selfie"] == 0, 0.3 * n_symbols * time, 0.0)
            rival = rival_shown + 1.5 * time
            points = points + np.where(images > 0, s["shake_most_points"] / (1 + np.exp(-(images - rival))), 0.0)
            elimination = self.game.options.elimination
            if elimination == "none":
                return points
            safety = 1 / (1 + np.exp(-1.5 * (counts["legday"] - lowest)))
            if elimination == "penalty":
                return points - self.game.options.elimination_penalty * (1 - safety)
            return points * (0.25 + 0.75 * safety) + 20 * safety

        picks_left = self.total_days - made - 1
        now = {k: v[..., None] for k, v in counts.items()}
        before = standing(now, pull[..., None], images[..., None], leg_up[..., None], base_symbols[..., None],
                          picks_left + 1)
        # Every card type at once, on a last axis of types: the counts after taking one card
        # of each type (the same sums, element by element, as one type at a time). Types that
        # add the same to every count (the six Leg Day designs) are worked out once.
        alike, first = self.alike
        after = {k: counts[k][..., None] + self.kind_matrix[alike, i] for i, k in enumerate(self.kind_names)}
        symbol = a["symbol"][alike]
        new_symbol = np.where(symbol >= 0, ~symbols[..., np.maximum(symbol, 0)], False)
        gained = standing(
            after,
            pull[..., None] + self.pull_points[alike],
            images[..., None] + a["images"][alike],
            leg_up[..., None] + self.legday_mask[alike] * gym_day,
            base_symbols[..., None] + new_symbol,
            picks_left,
        )
        return (gained - before)[..., first]


def score_counts(game, collections: np.ndarray, face_up: np.ndarray, collection_only: bool = False) -> dict:
    """Score collections held as counts (games, players, types) by the rules of
    ``scoring.score_tableaus`` with ``game``'s options and deck. Returns arrays:
    ``points`` (nan when eliminated), ``breakdown`` (games, players, categories),
    ``eliminated``, ``penalised``, ``winners``, ``leg_days``, ``shake_images``, ``shake_cards``,
    ``collection_points`` and ``decided_by`` (texts); with ``collection_only=True`` only
    ``collection_points`` (what the cards make, before a penalty or an elimination takes any away)."""
    o, deck = game.options, game.deck
    s = deck.scoring
    a = _deck_arrays(deck)
    c = collections.astype(np.int64)
    kinds = a["kinds"]

    def of(kind):
        return c[..., kinds == kind].sum(axis=-1)

    leg_days = of("legday")
    images = (c * a["images"]).sum(axis=-1)
    shake_cards = of("shake")
    shakes = images if o.tiebreak_shakes == "images" else shake_cards

    # 1. Elimination: the fewest Leg Days, then the fewest shakes among them; that group
    #    is out ("fewest"), loses points ("penalty") or plays on ("none").
    group = leg_days == leg_days.min(axis=1, keepdims=True)
    least = np.where(group, shakes, np.iinfo(np.int64).max).min(axis=1, keepdims=True)
    fewest = group & (shakes == least)
    eliminated = fewest if o.elimination == "fewest" else np.zeros_like(fewest)
    penalised = fewest if o.elimination == "penalty" else np.zeros_like(fewest)
    alive = ~eliminated

    # 2. Collections.
    curl = np.asarray(_curl_values(game))[np.asarray(of("curl"), dtype=np.intp)]
    bench = set_points(of("bench"), s, "bench")
    press = set_points(of("press"), s, "press")
    pullups = (c * np.where(kinds == "pullup", a["points"], 0)).sum(axis=-1)
    has_symbol = np.zeros(c.shape[:2] + (a["symbols"],), dtype=bool)
    for t, sym in enumerate(a["symbol"]):
        if sym >= 0:
            has_symbol[..., sym] |= c[..., t] > 0
    selfie = of("selfie") * has_symbol.sum(axis=-1) * s["selfie_points_per_symbol"]
    legday_up = (face_up.astype(np.int64)[..., kinds == "legday"]).sum(axis=-1) * s["legday_face_up_points"]

    # 3. The shake race.
    racing = np.ones_like(alive) if o.eliminated_in_shake_race else alive
    in_race = racing & (images > 0)
    most = np.where(in_race, images, -1).max(axis=1, keepdims=True)
    second = np.where(in_race & (images < most), images, -1).max(axis=1, keepdims=True)
    if not o.shake_second_after_tie:
        tied = (in_race & (images == most)).sum(axis=1, keepdims=True) > 1
        second = np.where(tied, -1, second)
    shake = np.where(in_race & (images == most), s["shake_most_points"], 0)
    shake = np.where(in_race & (images == second) & (second > 0), s["shake_second_points"], shake)

    breakdown = np.stack([curl, bench, press, pullups, shake, selfie, legday_up], axis=-1)
    collected = breakdown.sum(axis=-1)
    if collection_only:
        return {"collection_points": collected}
    breakdown[..., CATEGORIES.index("Leg Day")] -= np.where(penalised, o.elimination_penalty, 0)
    totals = breakdown.sum(axis=-1)

    # 4. Winners with tie-breaks.
    contenders = alive.copy()
    best = np.where(contenders, totals, np.iinfo(np.int64).min).max(axis=1, keepdims=True)
    contenders &= totals == best
    nobody = ~alive.any(axis=1)
    broken = np.full(len(c), -1)
    for code, key in enumerate((leg_days, shakes)):
        several = contenders.sum(axis=1) > 1
        top = np.where(contenders, key, np.iinfo(np.int64).min).max(axis=1, keepdims=True)
        narrowed = contenders & (key == top)
        fewer = several & (narrowed.sum(axis=1) < contenders.sum(axis=1))
        broken = np.where(fewer, code, broken)
        contenders = np.where(several[:, None], narrowed, contenders)
    shake_label = "most Protein Shake " + ("images" if o.tiebreak_shakes == "images" else "cards")
    labels = np.array(
        [
            "highest score",
            "tie on points, broken by most Leg Day cards",
            f"tie on points, broken by {shake_label}",
            "shared win: still tied after every tie-break",
            "everyone was eliminated: nobody wins",
        ],
        dtype=object,
    )
    code = np.where(broken >= 0, broken + 1, 0)
    code = np.where(contenders.sum(axis=1) > 1, 3, code)
    code = np.where(nobody, 4, code)
    return {
        "points": np.where(alive, totals, np.nan),
        "breakdown": np.where(alive[..., None], breakdown, np.nan),
        "eliminated": eliminated,
        "penalised": penalised,
        "winners": contenders & alive,
        "leg_days": leg_days,
        "shake_images": images,
        "shake_cards": shake_cards,
        "collection_points": collected,
        "decided_by": labels[code],
    }


def batch_table(game, bots, games: int, rng: np.random.Generator, first: int, labels) -> pd.DataFrame:
    """The rows of :func:`gamedesign.simulate` for ``games`` games played at once with
    ``rng``, numbered from ``first`` (``simulate(..., batch=True)`` calls it per chunk)."""
    collections, face_up = play(game, bots, games, rng)
    return _table(score_counts(game, collections, face_up), first, labels, game.num_players)


def _table(scored: dict, first: int, labels, n: int) -> pd.DataFrame:
    games = scored["points"].shape[0]
    data = {
        **seat_columns(first, games, labels),
        "score": scored["points"].reshape(-1),
    }
    breakdown = scored["breakdown"]
    if not np.isnan(breakdown).any():  # nobody eliminated: whole numbers, as the engine's table has them
        breakdown = breakdown.astype(np.int64)
    for i, category in enumerate(CATEGORIES):
        data[f"points_{category}"] = breakdown[..., i].reshape(-1)
    winners = scored["winners"]
    data["eliminated"] = scored["eliminated"].reshape(-1)
    data["won"] = winners.reshape(-1)
    data["draw"] = np.repeat(~winners.any(axis=1), n)
    for key in ("leg_days", "shake_images", "shake_cards"):
        data[key] = scored[key].reshape(-1)
    data["decided_by"] = np.repeat(scored["decided_by"], n)
    data["collection_points"] = scored["collection_points"].reshape(-1)
    frame = pd.DataFrame(data)
    frame["decided_by"] = frame["decided_by"].astype("str")
    return frame
