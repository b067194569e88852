"""The Diet Game played in batches with numpy: thousands of games at once, for random and greedy bots.

The object engine (``rules.py``) plays one game at a time and is the reference. This
module plays the same rules on whole arrays of games for two bots, seat by seat (any mix).
The ``"random"`` bot chooses uniformly among the legal actions the engine lists: in a
meal, Exercise, Cheat or answer step the *different* cards that may be played plus the
way to decline; in Planning every different set of 0 to 3 cards to discard. The
``"greedy"`` bot plays the policy of ``bots.GreedyDietBot``: the lightest meal or Exercise
(the heaviest fattening meal on its neighbour), Willpower whenever it can, Laziness and
Cheat cards when the race is at stake (a second Cheat card on anyone), ties among card
types uniformly at random; in Planning it discards what ``GreedyDietBot.card_values``
rates below a fresh card, worst first (no chance involved). It gives the table of
:func:`gamedesign.simulate` (the same columns) from different random streams: the same
rules and the same distributions, not the same individual games.

How a game is held: each hand and the discard pile are counts per card type; the deck is
a shuffled row of card types with a top index (an empty deck takes the discard pile,
shuffled). Every game plays the same turn at the same time, phase by phase; a game that
has ended drops out of the arrays it works on. The batch contract
(``tests/test_batch_contract.py``) checks the choice counts against the engine's legal
actions, the random choices against the engine's chances and the greedy choices against
the greedy bot's tied best at decisions of engine games, scores the final positions of
batch games with the engine, and compares the distribution of every table column with the
object engine's; ``tests/test_diet_batch.py`` keeps the Planning discards, the packing of
hands and that no card is lost or made up. ``play(..., trace=True)`` keeps a :class:`Trace` of what
the design lab records (every decision, the weights after each turn, each card's pounds),
without a draw of the random stream: the same games.
"""

from __future__ import annotations


import numpy as np
import pandas as pd

from ...simulate import greedy_seats, seat_columns
from .bots import DANGER_MARGIN, FRESH_CARD_VALUE
from .cards import MEALS
from .rules import CAUSES, TALLIES

#: The bots this module can play.
BATCH_BOTS = ("random", "greedy")

#: Games played at once (each chunk of a run has its own random stream; two chunks of
#: 5,000 keep two cores busy for 10,000 games).
BATCH_SIZE = 5_000


def _use(card) -> tuple:
    """What a card is for, as ``GreedyDietBot.card_values`` groups them: the first card
    of each use is worth more than the others."""
    if card.kind in MEALS:
        return ("eat" if card.pounds <= 0 else "feed", card.kind)
    return (card.kind,)


def _card_value(card, seen: bool) -> float:
    """A card's value for the turns ahead, as ``GreedyDietBot.card_values`` gives it:
    the first card of its use (``seen`` False) or a further one."""
    if card.kind in MEALS and card.pounds <= 0:
        return (3.0 - card.pounds) if not seen else 0.8 - 0.2 * card.pounds
    if card.kind in MEALS:
        return 1.0 if not seen else 0.3
    return {"exercise": (3.0, 1.2), "willpower": (2.0, 0.7), "laziness": (1.7, 0.5)}.get(card.kind, (1.4, 0.6))[seen]


class Cards:
    """The deck as arrays: which card types (columns) each step may play."""

    def __init__(self, deck):
        self.deck = deck
        self.names = [c.name for c in deck.cards]
        self.types = len(deck.cards)
        self.size = deck.size
        self.hand_size = deck.hand_size
        self.planning = deck.planning_discards
        self.pounds = np.array([c.pounds for c in deck.cards], dtype=np.int32)
        self.counts = np.array([c.count for c in deck.cards], dtype=np.int64)

        def columns(test):
            return np.array([t for t, c in enumerate(deck.cards) if test(c)], dtype=np.intp)

        self.healthy = {m: columns(lambda c, m=m: c.kind == m and c.pounds <= 0) for m in MEALS}
        self.fattening = {m: columns(lambda c, m=m: c.kind == m and c.pounds > 0) for m in MEALS}
        self.exercise = columns(lambda c: c.kind == "exercise")
        self.cheat = columns(lambda c: c.kind == "cheat")
        self.willpower = columns(lambda c: c.kind == "willpower")
        self.laziness = columns(lambda c: c.kind == "laziness")
        self._subsets: dict[tuple, np.ndarray] = {}
        self._plan = None

    def plan_tables(self):
        """What greedy Planning needs (``GreedyDietBot.card_values``, for every hand at
        once): ``earlier`` (types, types), 1 where the column's type has the row's use and
        comes before it in the bot's hand order (pounds, then name), so a type held with
        no earlier type of its use held is the first of its use; and the cards the bot
        would discard, worst first, as ``(type, first)`` pairs: the first card of its use
        (``first`` True, worth the first value) or a further card of that type."""
        if self._plan is None:
            cards = self.deck.cards
            order = sorted(range(self.types), key=lambda t: (cards[t].pounds, cards[t].name))
            position = {t: i for i, t in enumerate(order)}
            uses = [_use(c) for c in cards]
            earlier = np.zeros((self.types, self.types), dtype=np.int32)
            for t in range(self.types):
                for u in range(self.types):
                    if uses[t] == uses[u] and position[u] < position[t]:
                        earlier[t, u] = 1
            items = []
            for t in range(self.types):
                first, further = _card_value(cards[t], False), _card_value(cards[t], True)
                items += [(first, position[t], 0, t), (further, position[t], 1, t)]
            items.sort()
            worst = [(t, flag == 0) for value, _, flag, t in items if value < FRESH_CARD_VALUE]
            self._plan = earlier, worst
        return self._plan


    def every_discard(self):
        """The Planning discards of every hand of at most ``hand_size`` cards, made once
        (for hands of up to 8 cards; None for bigger hands): ``(keys, starts, sizes,
        table)``. A hand's key is ``sum(counts[j] * (hand_size + 1) ** j)`` over its
        :func:`planning_groups` counts; ``keys`` is sorted, and the hand's discards are the
        ``sizes[i]`` rows of ``table`` from ``starts[i]``, where ``keys[i]`` is its key."""
        width = self.hand_size
        if width > 8:
            return None
        if getattr(self, "_every", None) is None:
            shapes = []

            def grow(prefix, left):
                shapes.append(prefix)
                for k in range(1, left + 1):
                    if len(prefix) < width:
                        grow(prefix + (k,), left - k)

            grow((), width)
            scale = (width + 1) ** np.arange(width)
            found = sorted((int(sum(c * scale[j] for j, c in enumerate(shape))), shape) for shape in shapes)
            tables = []
            for _, shape in found:
                rows = self.subsets(shape)
                tables.append(np.pad(rows, ((0, 0), (0, width - rows.shape[1]))))
            sizes = np.array([len(t) for t in tables], dtype=np.int64)
            self._every = (
                np.array([key for key, _ in found], dtype=np.int64),
                np.concatenate([[0], np.cumsum(sizes)[:-1]]),
                sizes,
                np.concatenate(tables),
            )
        return self._every

    def subsets(self, groups: tuple) -> np.ndarray:
        """Every different Planning discard of a hand holding ``groups[j]`` cards of its
        j-th card type: rows of how many of each type to discard, 0 to the limit in all."""
        table = self._subsets.get(groups)
        if table is None:
            rows = []

            def extend(prefix, j, budget):
                if j == len(groups):
                    rows.append(prefix)
                    return
                for k in range(min(groups[j], budget) + 1):
                    extend(prefix + (k,), j + 1, budget - k)

            extend((), 0, self.planning)
            table = self._subsets[groups] = np.array(rows, dtype=np.int32).reshape(len(rows), len(groups))
        return table


def choice_counts(cards: Cards, hand: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """How many legal actions a play-or-decline step offers: the different card types
    among ``columns`` in each ``hand`` (rows of counts per type), plus one to decline."""
    return (hand[..., columns] > 0).sum(axis=-1) + 1


def planning_groups(hand: np.ndarray, width: int) -> tuple[np.ndarray, np.ndarray]:
    """The card types held in each hand, in type order, left-packed. ``hand`` holds counts
    per type in rows, one hand per column: shape (types, hands). Returns ``(types,
    counts)`` of shape (width, hands), padded with type 0 and count 0."""
    present = hand > 0
    hands = hand.shape[1]
    types = np.zeros((width, hands), dtype=np.intp)
    counts = np.zeros((width, hands), dtype=np.int64)
    if len(hand) > 64:  # pragma: no cover - decks of more than 64 card types
        rank = np.cumsum(present, axis=0) - 1
        kinds, cols = np.nonzero(present)
        types[rank[kinds, cols], cols] = kinds
        counts[rank[kinds, cols], cols] = hand[kinds, cols]
        return types, counts
    # Each hand's set of types as the bits of one number; take the lowest bit each time.
    packed = np.zeros((8, hands), dtype=np.uint8)
    packed[: -(-len(hand) // 8)] = np.packbits(present, axis=0, bitorder="little")
    bits = np.ascontiguousarray(packed.T).view(np.uint64).ravel()
    cols = np.arange(hands)
    for j in range(width):
        low = bits & (~bits + np.uint64(1))
        if not low.any():
            break
        held = low > 0
        kind = np.where(held, np.frexp(low.astype(np.float64))[1] - 1, 0)
        types[j] = kind
        counts[j] = np.where(held, hand[kind, cols], 0)
        bits ^= low
    return types, counts


def planning_count(cards: Cards, hand) -> int:
    """How many different Planning discards one hand (counts per type) allows."""
    return len(cards.subsets(tuple(int(c) for c in hand if c > 0)))


class _Games:
    """The state of many games of one ``DietGame``, all at the same turn.

    Arrays put the games last: ``hands[seat]`` is (types, games), ``discard`` is (types,
    games) and ``deck`` is (cards, games) with ``top[game]`` cards in it. ``bots`` names
    the bot of each seat (``"random"`` or ``"greedy"``; all random by default).
    """

    def __init__(self, game, games: int, rng: np.random.Generator, cards: Cards, bots=None):
        self.game, self.rng, self.cards = game, rng, cards
        n, t, d = game.num_players, cards.types, cards.size
        self.greedy = greedy_seats(bots, n, BATCH_BOTS)
        self.n, self.size = n, games
        # Small counts keep the arrays small; a deck file with big hands or piles gets
        # wider counts (a hand holds at most hand_size cards, a pile at most the deck).
        self.hands = np.zeros((n, t, games), dtype=np.int8 if cards.hand_size <= 127 else np.int32)
        self.hand_sizes = np.zeros((n, games), dtype=np.int32)
        self.deck = np.zeros((d, games), dtype=np.int16 if t <= 32_767 else np.int32)
        self.top = np.zeros(games, dtype=np.int64)
        self.discard = np.zeros((t, games), dtype=np.int16 if d <= 32_767 else np.int64)
        self.discard[:] = cards.counts[:, None]
        self._shuffle(np.arange(games), count_reshuffle=False)
        self.weights = np.zeros((n, games), dtype=np.int32)
        self.causes = np.zeros((len(CAUSES), n, games), dtype=np.int32)
        self.tally = {name: np.zeros((n, games), dtype=np.int32) for name in TALLIES}
        self.reshuffles = np.zeros(games, dtype=np.int32)
        self.live = np.ones(games, dtype=bool)
        self.winner = np.full(games, -1, dtype=np.int64)
        self.turns = np.zeros(games, dtype=np.int64)
        self.trace: Trace | None = None  # what the design lab records, when asked (see play)

    @classmethod
    def from_state(cls, state, games: int, rng: np.random.Generator, bots=None) -> "_Games":
        """``games`` copies of an engine ``DietState`` as arrays (hands, deck in its order,
        discard pile, weights): for checking the batch choices against the engine."""
        game = state.game
        cards = Cards(game.deck)
        out = cls(game, games, rng, cards, bots)
        index = {name: t for t, name in enumerate(cards.names)}
        out.hands[:] = 0
        for seat, hand in enumerate(state.hands):
            for card in hand:
                out.hands[seat, index[card]] += 1
            out.hand_sizes[seat] = len(hand)
        out.deck[:] = 0
        out.deck[: len(state.deck)] = np.array([index[c] for c in state.deck], dtype=out.deck.dtype)[:, None]
        out.top[:] = len(state.deck)
        out.discard[:] = 0
        for card in state.discard:
            out.discard[index[card]] += 1
        out.weights[:] = np.array(state.weights)[:, None]
        return out

    # -- cards moving -------------------------------------------------------------------

    def _add(self, target: np.ndarray, rows: np.ndarray, g: np.ndarray, amount=None) -> None:
        """Add ``amount`` (default 1) at (``rows``, ``g``) of a (types, games) array;
        pairs may repeat."""
        flat = rows * self.size + g
        if len(flat) > self.size // 8:
            total = np.bincount(flat, weights=amount, minlength=target.size)
            target += total.reshape(target.shape).astype(target.dtype)
        else:
            np.add.at(target.reshape(-1), flat, 1 if amount is None else amount.astype(target.dtype))

    def _shuffle(self, g: np.ndarray, count_reshuffle: bool = True) -> None:
        """The discard piles of games ``g`` become their shuffled decks."""
        if not len(g):
            return
        counts = self.discard.take(g, axis=1).T.astype(np.int64)  # (games, types)
        total = counts.sum(axis=1)
        rows, d, t = len(g), int(total.max()), self.cards.types
        # Spell each pile out as a row of card types (the k-th card of a pile is the type
        # whose running count first exceeds k), then shuffle the filled part of each row.
        block = (np.arange(rows) * (d + 1))[:, None]
        ends = (np.cumsum(counts, axis=1) + block).ravel()
        where = (np.arange(d)[None, :] + block).ravel()
        types = np.searchsorted(ends, where, side="right").reshape(rows, d) - (np.arange(rows) * t)[:, None]
        filled = np.arange(d)[None, :] < total[:, None]
        keys = np.where(filled, self.rng.random((rows, d)), 2.0)
        order = np.argsort(keys, axis=1)
        self.deck[:d, g] = np.where(filled, np.take_along_axis(types, order, axis=1), 0).T
        self.top[g] = total
        self.discard[:, g] = 0
        if count_reshuffle:
            self.reshuffles[g] += 1

    def draw(self, g: np.ndarray, seat: int, wanted: np.ndarray) -> None:
        """Games ``g``: ``seat`` draws ``wanted`` cards (an empty deck takes the shuffled
        discard pile; with both empty the hand stays short)."""
        # Take what the deck holds; where that is not enough, the discard pile becomes the
        # deck (once: nothing is discarded while drawing) and the rest comes from it.
        first = np.minimum(wanted, self.top[g])
        self._take(g, seat, first)
        short = first < wanted
        refill, rest = g[short], (wanted - first)[short]
        full = self.discard.take(refill, axis=1).sum(axis=0) > 0
        refill, rest = refill[full], rest[full]
        if len(refill):
            self._shuffle(refill)
            self._take(refill, seat, np.minimum(rest, self.top[refill]))

    def _take(self, g: np.ndarray, seat: int, count: np.ndarray) -> None:
        """``seat`` takes the top ``count`` cards of the decks of games ``g`` (all there)."""
        most = int(count.max(initial=0))
        if not most:
            return
        top, hand = self.top[g], self.hands[seat]
        for j in range(most):  # the j-th card from the top, in every game that takes it
            more = count > j
            rows = g if more.all() else g[more]
            cards = self.deck[top[more] - 1 - j, rows]
            hand[cards, rows] += 1  # one card a game: no (card, game) pair repeats
        self.top[g] -= count
        self.hand_sizes[seat, g] += count

    def _play(self, g: np.ndarray, seat: int, card: np.ndarray) -> None:
        """``seat`` plays ``card`` in games ``g``; it goes to the discard pile."""
        self.hands[seat, card, g] -= 1
        self.hand_sizes[seat, g] -= 1
        self.discard[card, g] += 1

    def _held(self, seat: int, columns: np.ndarray, g: np.ndarray) -> np.ndarray:
        """(columns, games): how many cards of each type of ``columns`` ``seat`` holds in
        games ``g`` (a sorted subset of the games: all of them when as long)."""
        held = self.hands[seat].take(columns, axis=0)
        return held if len(g) == self.size else held.take(g, axis=1)

    def choose(self, g: np.ndarray, seat: int, columns: np.ndarray) -> np.ndarray:
        """The random bot in ``seat`` of games ``g`` plays one of the different cards of
        ``columns`` in its hand, or declines: the card type chosen, or -1."""
        if not len(columns) or not len(g):
            return np.full(len(g), -1, dtype=np.intp)
        present = self._held(seat, columns, g) > 0
        options = present.sum(axis=0)
        r = (self.rng.random(len(g)) * (options + 1)).astype(np.int64)
        nth = np.argmax(np.add.accumulate(present, axis=0, dtype=np.int16) > r[None, :], axis=0)
        return np.where(r < options, columns[nth], -1)

    def pick(self, g: np.ndarray, seat: int, columns: np.ndarray, step: str, active: int = 0, change=0) -> np.ndarray:
        """The bot in ``seat`` of games ``g`` plays one of the card types of ``columns`` in
        its hand, or declines (-1): at random (:meth:`choose`) or as the greedy bot does at
        ``step`` (``"own"``, ``"neighbour"``, ``"willpower"``, ``"laziness"`` or ``"cheat"``;
        the last two answer ``active``'s card, whose weight change is ``change``)."""
        if self.trace is not None and len(g):
            chosen = self._pick(g, seat, columns, step, active, change)
            self.trace.decided(self, g, seat, columns, chosen, step == "own")
            return chosen
        return self._pick(g, seat, columns, step, active, change)

    def _pick(self, g: np.ndarray, seat: int, columns: np.ndarray, step: str, active: int = 0, change=0) -> np.ndarray:
        if not self.greedy[seat]:
            return self.choose(g, seat, columns)
        if not len(columns) or not len(g):
            return np.full(len(g), -1, dtype=np.intp)
        present = self._held(seat, columns, g) > 0
        pounds = self.cards.pounds[columns][:, None]
        if step == "own":  # the lightest card
            best = np.where(present, pounds, np.iinfo(np.int32).max).min(axis=0)
            tied = present & (pounds == best)
        elif step == "neighbour":  # the heaviest fattening meal
            best = np.where(present, pounds, np.iinfo(np.int32).min).max(axis=0)
            tied = present & (pounds == best)
        elif step == "willpower":
            tied = present & (pounds == 0)
        elif step == "laziness":
            tied = present & self.matters(g, active, change)
        elif step == "cheat":
            cheats = self.hands[seat].take(self.cards.cheat, axis=0).take(g, axis=1).sum(axis=0)
            tied = present & ((cheats >= 2) | self.matters(g, active, 0))
        else:
            raise ValueError(f"unknown step {step!r}; steps: own, neighbour, willpower, laziness, cheat")
        options = tied.sum(axis=0)
        r = (self.rng.random(len(g)) * options).astype(np.int64)
        nth = np.argmax(np.add.accumulate(tied, axis=0, dtype=np.int16) > r[None, :], axis=0)
        return np.where(options > 0, columns[nth], -1)

    def matters(self, g: np.ndarray, active: int, change) -> np.ndarray:
        """Games ``g`` where the greedy bot spends an answer on ``active``: they would reach
        the target after ``change``, lead the race (ties included) or are near the target
        (``GreedyDietBot._matters``)."""
        weights = self.weights[:, g]
        own = weights[active]
        others = np.delete(weights, active, axis=0).min(axis=0)
        target = self.game.options.target
        return (own + change <= target) | (own <= others) | (own <= target + DANGER_MARGIN)

    def change_weight(self, g: np.ndarray, seat: int, pounds: np.ndarray, cause: int, turn: int) -> None:
        self.weights[seat, g] += pounds
        self.causes[cause, seat, g] += pounds
        won = g[self.weights[seat, g] <= self.game.options.target]
        self.live[won] = False
        self.winner[won] = seat
        self.turns[won] = turn

    # -- the phases -------------------------------------------------------------------

    def planning(self, g: np.ndarray, a: int) -> None:
        """``a`` discards 0 to the limit of cards in games ``g`` and draws as many."""
        if self.trace is not None:
            self.trace.planned(self, g, a)
        if self.greedy[a]:
            self._discard_and_draw(g, a, self.greedy_discards(g, a))
            return
        cards = self.cards
        width = cards.hand_size
        types, counts = planning_groups(self.hands[a].take(g, axis=1), width)
        every = cards.every_discard()
        if every is not None:  # every hand's discards listed once for the deck
            keys, starts, sizes, table = every
            index = np.searchsorted(keys, ((width + 1) ** np.arange(width)) @ counts)
            pick = (self.rng.random(len(g)) * sizes[index]).astype(np.int64)
            chosen = table[starts[index] + pick].T.astype(np.int64)  # (width, games)
        elif width <= 14:
            keys = ((width + 1) ** np.arange(width)) @ counts
            first, inverse = np.unique(keys, return_index=True, return_inverse=True)[1:]
        else:  # pragma: no cover - very large hands: compare the columns themselves
            first, inverse = np.unique(counts, axis=1, return_index=True, return_inverse=True)[1:]
        if every is None:
            inverse = inverse.ravel()
            tables = [cards.subsets(tuple(int(c) for c in counts[:, i])) for i in first]
            sizes = np.array([len(t) for t in tables])
            starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
            pick = (self.rng.random(len(g)) * sizes[inverse]).astype(np.int64)
            chosen = np.concatenate(tables)[starts[inverse] + pick].T.astype(np.int64)  # (width, games)
        some = chosen > 0
        rows, games, amount = types[some], np.broadcast_to(g, chosen.shape)[some], chosen[some]
        self._add(self.hands[a], rows, games, -amount)
        self._add(self.discard, rows, games, amount)
        swapped = chosen.sum(axis=0)
        self.hand_sizes[a, g] -= swapped
        self.tally["cards_swapped"][a, g] += swapped.astype(np.int32)
        self.draw(g, a, swapped)

    def greedy_discards(self, g: np.ndarray, a: int) -> np.ndarray:
        """(types, games): the cards the greedy bot in seat ``a`` discards in Planning:
        those its card values rate below a fresh card, worst first, up to the limit."""
        earlier, worst = self.cards.plan_tables()
        hand = self.hands[a].take(g, axis=1).astype(np.int64)
        out = np.zeros_like(hand)
        if not worst:
            return out
        held = hand > 0
        # einsum, not a matrix product: BLAS threads cost more than they give on arrays this thin
        first = (held & (np.einsum("tu,ug->tg", earlier, held.astype(np.int32)) == 0)).astype(np.int64)  # the first of its use
        kinds = np.array([t for t, _ in worst], dtype=np.intp)
        flags = np.array([f for _, f in worst])[:, None]
        counts = np.where(flags, first[kinds], hand[kinds] - first[kinds])  # (items, games)
        limit = np.minimum(self.cards.planning, self.hand_sizes[a, g])
        before = np.cumsum(counts, axis=0) - counts
        np.add.at(out, kinds, np.clip(limit[None, :] - before, 0, counts))
        return out

    def _discard_and_draw(self, g: np.ndarray, a: int, chosen: np.ndarray) -> None:
        """``a`` discards ``chosen`` (types, games) in games ``g`` and draws as many."""
        self.hands[a][:, g] -= chosen.astype(self.hands.dtype)
        self.discard[:, g] += chosen.astype(self.discard.dtype)
        swapped = chosen.sum(axis=0)
        self.hand_sizes[a, g] -= swapped.astype(np.int32)
        self.tally["cards_swapped"][a, g] += swapped.astype(np.int32)
        self.draw(g, a, swapped)

    def meal(self, g: np.ndarray, a: int, meal: str, turn: int) -> None:
        cards = self.cards
        card = self.pick(g, a, cards.healthy[meal], "own")
        ate = card >= 0
        eaters, eaten = g[ate], card[ate]
        self._play(eaters, a, eaten)
        self.tally["meals_eaten"][a, eaters] += 1
        skipped = g[~ate]
        self.tally["meals_skipped"][a, skipped] += 1
        if not self.game.options.feed_last_place or self.trace is not None:
            weights = self.weights[:, skipped]
            last = weights[a] > np.delete(weights, a, axis=0).max(axis=0)  # alone in last place
            if self.trace is not None:
                self.trace.last_place_skips[skipped[last]] += 1
            if not self.game.options.feed_last_place:  # nobody feeds a player heavier than everyone else
                skipped = skipped[~last]
        right = (a - 1) % self.n
        fed = self.pick(skipped, right, cards.fattening[meal], "neighbour")
        by = fed >= 0
        feeders, food = skipped[by], fed[by]
        self._play(feeders, right, food)
        self.tally["fattening_played"][right, feeders] += 1
        if self.trace is not None:
            self.trace.scored(a, eaten, eaters, -cards.pounds[eaten])
            self.trace.scored(right, food, feeders, cards.pounds[food])
        self.change_weight(eaters, a, cards.pounds[eaten], CAUSES.index("own meals"), turn)
        self.change_weight(feeders, a, cards.pounds[food], CAUSES.index("neighbour meals"), turn)

    def exercise(self, g: np.ndarray, a: int, turn: int) -> None:
        # Counted or cancelled, the Exercise card goes to the discard pile (nobody draws
        # before it is settled), so it is discarded when played.
        cards = self.cards
        card = self.pick(g, a, cards.exercise, "own")
        played = card >= 0
        waiting, exercise = g[played], card[played]
        self._play(waiting, a, exercise)
        for k in range(1, self.n):
            q = (a + k) % self.n
            lazy = self.pick(waiting, q, cards.laziness, "laziness", a, cards.pounds[exercise])
            cancel = lazy >= 0
            if self.trace is not None:  # Laziness scores the Exercise it cancelled; the Exercise nothing
                self.trace.scored(q, lazy[cancel], waiting[cancel], -cards.pounds[exercise[cancel]])
                self.trace.scored(a, exercise[cancel], waiting[cancel], 0)
            self._play(waiting[cancel], q, lazy[cancel])
            self.tally["laziness_played"][q, waiting[cancel]] += 1
            self.tally["exercises_cancelled"][a, waiting[cancel]] += 1
            waiting, exercise = waiting[~cancel], exercise[~cancel]
        self.tally["exercises_counted"][a, waiting] += 1
        if self.trace is not None:
            self.trace.scored(a, exercise, waiting, -cards.pounds[exercise])
        self.change_weight(waiting, a, cards.pounds[exercise], CAUSES.index("exercise"), turn)

    def cheat(self, g: np.ndarray, a: int, turn: int) -> None:
        cards = self.cards
        asking = g
        for k in range(1, self.n):
            q = (a + k) % self.n
            cheat = self.pick(asking, q, cards.cheat, "cheat", a)
            played = cheat >= 0
            cheaters, cheats = asking[played], cheat[played]
            self._play(cheaters, q, cheats)
            self.tally["cheats_played"][q, cheaters] += 1
            answer = self.pick(cheaters, a, cards.willpower, "willpower")
            held = answer >= 0
            self._play(cheaters[held], a, answer[held])
            self.tally["willpower_played"][a, cheaters[held]] += 1
            suffered, pounds = cheaters[~held], cards.pounds[cheats[~held]]
            if self.trace is not None:  # a cancelled Cheat scores nothing, the Willpower its pounds
                self.trace.scored(q, cheats[held], cheaters[held], 0)
                self.trace.scored(a, answer[held], cheaters[held], cards.pounds[cheats[held]])
                self.trace.scored(q, cheats[~held], suffered, pounds)
            self.tally["cheats_suffered"][a, suffered] += 1
            self.change_weight(suffered, a, pounds, CAUSES.index("cheats"), turn)
            asking = asking[~played]

    def play(self) -> None:
        o, n, cards = self.game.options, self.n, self.cards
        everyone = np.arange(self.size)
        if o.deal_at_start:
            ones = np.ones(self.size, dtype=np.int64)
            for _ in range(cards.hand_size):
                for k in range(n):
                    self.draw(everyone, (o.first_player + k) % n, ones)
        for turn in range(1, o.max_turns + 1):
            g = np.flatnonzero(self.live)
            if not len(g):
                break
            a = (o.first_player + turn - 1) % n
            self.draw(g, a, np.maximum(0, cards.hand_size - self.hand_sizes[a, g]).astype(np.int64))
            self.planning(g, a)
            for phase in ("breakfast", "exercise", "lunch", "dinner", "cheat", "snack"):
                if phase in MEALS:
                    self.meal(g, a, phase, turn)
                else:
                    getattr(self, phase)(g, a, turn)
                g = g[self.live[g]]
            if self.trace is not None:
                self.trace.standings.append(self.weights.copy())
        self.turns[self.live] = o.max_turns


class Trace:
    """What the design lab records of batch games (:func:`play` with ``trace=True``),
    noted as the games go and read from :class:`_Games` only (nothing is drawn for it).

    ``legal``: one ``(games, counts)`` pair of arrays per decision step, in the order of
    play (the games that decided there, and how many legal actions each mover had);
    ``offers`` and ``picks`` (types, games): the decisions at which each card type could
    be played, and was; ``plays``, ``skips`` (own meal or Exercise declined), ``passes``
    (an answer declined) and ``discards`` (Planning decisions) per game; ``copies`` and
    ``points`` (players, types, games): the cards each player played and the pounds they
    swung in that player's favour (as the lab reads the engine's log); ``standings``:
    every weight (players, games) after each turn; ``last_place_skips``: meals skipped
    alone in last place (the rule event of ``feed_last_place``).
    """

    def __init__(self, n: int, types: int, games: int):
        self.legal: list = []
        self.offers = np.zeros((types, games), dtype=np.int32)
        self.picks = np.zeros((types, games), dtype=np.int32)
        self.plays, self.skips, self.passes, self.discards = (np.zeros(games, dtype=np.int32) for _ in range(4))
        self.copies = np.zeros((n, types, games), dtype=np.int32)
        self.points = np.zeros((n, types, games), dtype=np.int32)
        self.standings: list = []
        self.last_place_skips = np.zeros(games, dtype=np.int32)

    def decided(self, games: _Games, g, seat: int, columns, chosen, own: bool) -> None:
        """A play-or-decline decision of ``seat`` in games ``g``: ``chosen`` type or -1."""
        present = games._held(seat, columns, g) > 0 if len(columns) else np.zeros((0, len(g)), dtype=bool)
        self.legal.append((g, present.sum(axis=0) + 1))
        if len(columns):
            self.offers[np.ix_(columns, g)] += present  # the games of ``g`` are different
        played = chosen >= 0
        self.picks[chosen[played], g[played]] += 1
        self.plays[g[played]] += 1
        (self.skips if own else self.passes)[g[~played]] += 1

    def planned(self, games: _Games, g, a: int) -> None:
        """The Planning decision of ``a`` in games ``g`` (before the hand changes)."""
        cards = games.cards
        width = cards.hand_size
        every = cards.every_discard()
        hands = games.hands[a].take(g, axis=1)
        if every is not None:
            _, counts = planning_groups(hands, width)
            keys, _, sizes, _ = every
            options = sizes[np.searchsorted(keys, ((width + 1) ** np.arange(width)) @ counts)]
        else:  # pragma: no cover - hands of more than 8 cards
            options = np.array([planning_count(cards, hands[:, i]) for i in range(len(g))])
        self.legal.append((g, options))
        self.discards[g] += 1

    def scored(self, seat: int, card, g, points) -> None:
        """``seat`` played ``card`` (a type per game of ``g``), worth ``points`` to them."""
        self.copies[seat][card, g] += 1  # one card a game of ``g``: no pair repeats
        self.points[seat][card, g] += points


def play(game, bots, games: int, rng: np.random.Generator, trace: bool = False) -> _Games:
    """Play ``games`` games with the named bot in each seat (``"random"`` or ``"greedy"``);
    returns the finished games. With ``trace=True`` their ``trace`` holds a :class:`Trace`
    of what the design lab records (the same games: tracing draws nothing from ``rng``)."""
    batch = _Games(game, games, rng, Cards(game.deck), bots)
    if trace:
        batch.trace = Trace(game.num_players, batch.cards.types, games)
    batch.play()
    return batch


def play_random(game, games: int, rng: np.random.Generator) -> _Games:
    """Play ``games`` games with random bots in every seat; returns the finished games."""
    return play(game, None, games, rng)


def batch_table(game, bots, games: int, rng: np.random.Generator, first: int, labels) -> pd.DataFrame:
    """The rows of :func:`gamedesign.simulate` for ``games`` games played at once with
    ``rng``, numbered from ``first`` (``simulate(..., batch=True)`` calls it per chunk)."""
    return _table(play(game, bots, games, rng), first, labels)


def _table(done: _Games, first: int, labels) -> pd.DataFrame:
    n, games = done.weights.shape
    won = done.winner[:, None] == np.arange(n)[None, :]
    data = {
        **seat_columns(first, games, labels),
        "score": done.weights.T.reshape(-1).astype(float),
    }
    for i, cause in enumerate(CAUSES):
        data[f"points_{cause}"] = done.causes[i].T.reshape(-1).astype(np.int64)
    data["eliminated"] = np.zeros(games * n, dtype=bool)
    data["won"] = won.reshape(-1)
    data["draw"] = np.repeat(done.winner < 0, n)
    data["turns"] = np.repeat(done.turns, n)
    data["ended_by"] = np.repeat(np.where(done.winner >= 0, "target", "turn limit").astype(object), n)
    data["reshuffles"] = np.repeat(done.reshuffles.astype(np.int64), n)
    for name in TALLIES:
        data[name] = done.tally[name].T.reshape(-1).astype(np.int64)
    frame = pd.DataFrame(data)
    frame["ended_by"] = frame["ended_by"].astype("str")
    return frame


__all__ = [
    "BATCH_BOTS", "BATCH_SIZE", "Cards", "Trace", "batch_table", "choice_counts", "planning_count", "planning_groups",
    "play", "play_random",
]
