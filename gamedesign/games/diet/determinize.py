"""Diet Game determinization: a full state that agrees with everything one player has seen.

The search bot (``gamedesign.search``) asks ``game.sample_state(observation, rng)`` for a
complete game the observing player cannot tell apart from the real one.

What a player cannot see: the order of the deck and the other players' hands. Every card
they can see stays where it is: their own hand, the face-up discard pile (every card
played, cancelled or swapped away since the last reshuffle) and the card on the table
waiting for an answer. Weights, turn, phase, who is asked and the log the player reads
are kept, so ``sample_state(obs, rng).observe(player) == obs``.

What the public log adds. When the deck runs out, the discard pile, which everyone saw,
becomes the new deck; so after a reshuffle the deck holds only cards of that pile that
have not been drawn since, and every other unseen card is in someone's hand. When the
observation's log reaches back to the deal (an observation carries the latest 60 lines;
the search bot remembers the lines it has read and passes them all), the log is replayed:
every card played, fed, cancelled or swapped away in Planning goes to the discard pile
(Planning's discards before the reshuffle their own draw set off), every reshuffle turns
the pile into the new deck (its logged size is checked), and every draw and play is
counted per player. The sample then deals:

* the deck from the unseen cards of the last reshuffled pile only;
* each other hand with at most as many of those cards as that player has drawn since
  the reshuffle (the draw that set it off counted from the new deck only: the old deck's
  last cards came first), less the cards that can only have come from it that the player
  has played or discarded since, and at least as many as their hand holds beyond its old
  cards (the hand then, less the cards that can only be old that have left it);
* uniformly over the deals that keep these counts: first how many pile cards each hand
  holds, with the chance of the deals that have those numbers, then the cards at random
  (``tests/test_determinize.py`` checks it with a chi-square test).

Without the whole log (or one that does not add up: it must give the discard pile the
observation shows) the unseen cards are dealt uniformly into the deck and the other
hands, keeping every size. Not kept, as the observer cannot know it exactly or it does
not change play: which copy of a card repeated in the deck (Well Balanced meals, Light
Snacks, Willpower, Laziness) came from where; what a hand held before the last
reshuffle (older reshuffles constrain the hands at it too, ignored); any inference from
what others declined to play (a "pass" is always allowed); the weight history (only
today's weights), the per-cause breakdown and the tallies (zero: they only describe the
past); and the random generator, which is fresh (the next reshuffle is not predicted).
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter

from ...core import rng_to_json
from .rules import CAUSES, TALLIES
from .saves import state_from_data


_NAME = r"(\w+)"
_LINES = [
    ("play", re.compile(rf"^{_NAME} ate (.+) \([^()]*lb\)\.$"), (1,)),
    ("feed", re.compile(rf"^{_NAME} fed {_NAME} (.+) \([^()]*lb\)\.$"), (2,)),
    ("lazy", re.compile(rf"^{_NAME} played (.+) on {_NAME}'s (.+): it does not count\.$"), (1, 3)),
    ("will", re.compile(rf"^{_NAME} played (.+) on {_NAME}; {_NAME} cancelled it with (.+)\.$"), (1, 4)),
    ("cheat", re.compile(rf"^{_NAME} played (.+) on {_NAME} \([^()]*lb\)\.$"), (1,)),
    ("exercise", re.compile(rf"^{_NAME} exercised: (.+) \([^()]*lb\)\.$"), (1,)),
    ("plan", re.compile(rf"^{_NAME} discarded (.+) and drew (\d+)\.$"), ()),
    ("day", re.compile(rf"^Turn \d+: {_NAME}'s day; {_NAME} drew (\d+) cards?"), ()),
    ("reshuffle", re.compile(r"^The deck ran out: the discard pile was shuffled into a new deck of (\d+) cards\.$"), ()),
    ("deal", re.compile(r"^Each player was dealt (\d+) cards\.$"), ()),
]


#: Which names in a line of each kind lost a card from their hand.
_PLAYERS = {"play": (0,), "feed": (0,), "lazy": (0, 2), "will": (0, 3), "cheat": (0,), "exercise": (0,)}


class _Story:
    """What the whole public log says about the cards: the pile that became the deck at
    the last reshuffle (None if none yet), and per seat the cards drawn since then and
    the hand's size then."""

    __slots__ = ("pile", "drawn", "size_then", "copies")

    def __init__(self, pile, drawn, size_then, copies=None):
        self.pile, self.drawn, self.size_then = pile, drawn, size_then
        self.copies = copies if copies is not None else Counter()  # of each card in the whole deck


def _story(game, observation: dict):
    """The log replayed (see the module docstring), or None when the observation does
    not carry the whole log or the log does not add up."""
    log = observation["log"]
    if observation["log_length"] != len(log):
        return None
    table = observation["on_table"]
    key = (observation["player"], tuple(observation["names"]), tuple(observation["discard"]), tuple(log),
           None if table is None else (table.get("by"), table.get("card")), tuple(observation["hand_sizes"]))
    cache = game.__dict__.setdefault("_story_cache", {})
    if key in cache:
        return cache[key]
    story = _replay(game, observation, log)
    if len(cache) > 64:
        cache.clear()
    cache[key] = story
    return story


def _replay(game, observation: dict, log):
    seats = {name: seat for seat, name in enumerate(observation["names"])}
    n = len(seats)
    by_name = game.deck.by_name
    discard: list = []
    pile = None
    sizes = [0] * n
    drawn = [0] * n
    size_then = list(sizes)
    waiting = None  # after a reshuffle: True if Planning's discards went into it, until its draw's line
    copies = Counter(game.deck.full_deck())

    def played(who: int, card: str) -> None:
        """A card left ``who``'s hand after the last reshuffle: one that can only have come
        from the new deck lowers the pile cards the hand may still hold, one that can only
        have been held from before lowers the hand's old cards."""
        if pile is None:
            return
        if pile[card] >= copies[card]:
            drawn[who] -= 1
        elif pile[card] == 0:
            size_then[who] -= 1

    for i, line in enumerate(log):
        for kind, pattern, fields in _LINES:
            m = pattern.match(line)
            if m is None:
                continue
            g = m.groups()
            if any(g[f] not in by_name for f in fields):
                return None
            if kind == "deal":
                sizes = [int(g[0])] * n
            elif kind == "reshuffle":
                follows = log[i + 1] if i + 1 < len(log) else ""
                plan = _LINES[6][1].match(follows)
                if plan is not None:  # Planning discarded these before its draw reshuffled
                    names = plan.group(2).split(", ")
                    if any(c not in by_name for c in names):
                        return None
                    discard += names
                if len(discard) != int(g[0]):
                    return None
                pile, discard = Counter(discard), []
                size_then = list(sizes)
                drawn = [0] * n
                waiting = plan is not None  # the line after it says whose draw this was
                # The draw that set it off took the old deck's last cards first: as many
                # as were left in it (every card not in a hand or the new deck).
                in_hands = sum(sizes) - (len(plan.group(2).split(", ")) if plan is not None else 0)
                before = sum(copies.values()) - in_hands - int(g[0])
                if before < 0:
                    return None
            elif kind == "plan":
                who = seats.get(g[0])
                names = g[1].split(", ")
                if who is None or any(c not in by_name for c in names):
                    return None
                if not waiting:
                    discard += names  # (before a reshuffle they went into the new deck)
                    for card in names:
                        played(who, card)
                sizes[who] += int(g[2]) - len(names)
                drawn[who] += int(g[2])
            elif kind == "day":
                who = seats.get(g[0])
                if who is None:
                    return None
                sizes[who] += int(g[2])
                drawn[who] += int(g[2])
            else:
                discard += [g[f] for f in fields]
                for f, card in zip(_PLAYERS[kind], fields):  # who lost which card, in order
                    who = seats.get(g[f])
                    if who is None:
                        return None
                    sizes[who] -= 1
                    played(who, g[card])
            if kind in ("plan", "day") and waiting is not None:
                # The draw that set the reshuffle off: its first ``before`` cards came from
                # the old deck, the rest from the new one.
                drawn[who] = max(0, drawn[who] - before)
                size_then[who] = sizes[who] - drawn[who]
                waiting = None
            break
    table = observation["on_table"]
    if table is not None:
        sizes[table["by"]] -= 1
        if table.get("card") in by_name:
            played(table["by"], table["card"])
    if Counter(discard) != Counter(observation["discard"]) or sizes != list(observation["hand_sizes"]):
        return None
    return _Story(pile, drawn, size_then, copies)


def _deal(observation: dict, unknown: Counter, story, rng: random.Random):
    """The other hands and the deck from the ``unknown`` cards: uniformly, and, with the
    log's ``story`` of a reshuffle, only among the deals it allows (see the module
    docstring). Returns (hands, deck)."""
    n, me = len(observation["hand_sizes"]), observation["player"]
    sizes, deck_size = observation["hand_sizes"], observation["deck_size"]
    if story is None or story.pile is None:
        cards = list(unknown.elements())
        rng.shuffle(cards)
        return _split(cards, sizes, me, deck_size)
    # Unseen cards that may still be in the deck (of the reshuffled pile) and those that
    # were in hands at the reshuffle. Repeated names: as many as both counts allow.
    fresh = Counter({c: min(k, story.pile[c]) for c, k in unknown.items() if story.pile[c]})
    old = list((unknown - fresh).elements())
    fresh = list(fresh.elements())
    others = [s for s in range(n) if s != me]
    most = {s: min(sizes[s], story.drawn[s]) for s in others}
    least = {s: max(0, sizes[s] - story.size_then[s]) for s in others}
    # A repeated name's unseen copy may be either (the copy from the pile may be the one
    # in view): move as few copies as the hands' bounds need from one side to the other.
    spare = len(fresh) - deck_size - sum(most.values())
    for side, other in ((fresh, old), (old, fresh)):
        # Only a name with copies on both sides at the reshuffle can be either.
        moving = [c for c in side if 0 < story.pile[c] < story.copies[c]]
        need = spare if side is fresh else sum(least.values()) - (len(fresh) - deck_size)
        for card in moving[: max(0, need)]:
            side.remove(card)
            other.append(card)
    if len(fresh) < deck_size:
        return _split(rng.sample(list(unknown.elements()), sum(unknown.values())), sizes, me, deck_size)
    counts = _fresh_counts([sizes[s] for s in others], [least[s] for s in others], [most[s] for s in others],
                           len(fresh) - deck_size, rng)
    if counts is None:  # the bounds leave no deal (never for a log that adds up): uniform
        cards = list(unknown.elements())
        rng.shuffle(cards)
        return _split(cards, sizes, me, deck_size)
    rng.shuffle(fresh)
    rng.shuffle(old)
    deck, fresh = fresh[:deck_size], fresh[deck_size:]
    hands = [None] * n
    for seat, k in zip(others, counts):
        hand = fresh[:k] + old[: sizes[seat] - k]
        del fresh[:k], old[: sizes[seat] - k]
        rng.shuffle(hand)
        hands[seat] = hand
    return hands, deck


def _fresh_counts(sizes, least, most, total: int, rng: random.Random):
    """How many cards of the reshuffled pile each other hand holds: a vector within the
    bounds summing to ``total``, drawn with the chance of the uniform deals that have it
    (proportional to the product of 1 / (k! (size - k)!) over the hands), or None."""
    m = len(sizes)
    weight = [[1 / (math.factorial(k) * math.factorial(sizes[i] - k)) for k in range(sizes[i] + 1)] for i in range(m)]
    # ways[i][r]: the total weight of seats i.. holding r pile cards between them.
    ways = [[0.0] * (total + 1) for _ in range(m + 1)]
    ways[m][0] = 1.0
    for i in range(m - 1, -1, -1):
        for r in range(total + 1):
            ways[i][r] = sum(weight[i][k] * ways[i + 1][r - k] for k in range(least[i], min(most[i], r) + 1))
    if ways[0][total] <= 0:
        return None
    counts, r = [], total
    for i in range(m):
        options = [(k, weight[i][k] * ways[i + 1][r - k]) for k in range(least[i], min(most[i], r) + 1)]
        x = rng.random() * sum(w for _, w in options)
        for k, w in options:
            x -= w
            if x < 0 or k == options[-1][0]:
                break
        counts.append(k)
        r -= k
    return counts


def _split(cards: list, sizes, me: int, deck_size: int):
    """Deal shuffled ``cards`` into the other hands (their sizes), the rest the deck."""
    hands = []
    for seat, size in enumerate(sizes):
        if seat == me:
            hands.append(None)
        else:
            hands.append(cards[:size])
            del cards[:size]
    return hands, cards


def sample_cards(game, observation: dict, rng: random.Random):
    """The hidden cards of a sample, without building a state: (the other hands, with
    ``None`` for the observer's own, and the deck, top card last)."""
    unknown = Counter(game.deck.full_deck())
    table = observation["on_table"]
    for card in [*observation["hand"], *observation["discard"], *([table["card"]] if table else [])]:
        unknown[card] -= 1
    return _deal(observation, +unknown, _story(game, observation), rng)


def sample_state(game, observation: dict, rng: random.Random):
    """A full Diet Game state consistent with ``observation`` (see the module docstring)."""
    if observation.get("game") != game.name:
        raise ValueError(f"this is an observation of {observation.get('game')!r}, not {game.name!r}")
    if observation["over"]:
        raise ValueError("the game is over: nothing is hidden any more")
    n, me = game.num_players, observation["player"]
    unknown = Counter(game.deck.full_deck())
    table = observation["on_table"]
    for card in [*observation["hand"], *observation["discard"], *([table["card"]] if table else [])]:
        if unknown[card] <= 0:
            raise ValueError(f"this observation does not add up: too many {card!r} cards")
        unknown[card] -= 1
    sizes = observation["hand_sizes"]
    if sum(unknown.values()) != observation["deck_size"] + sum(sizes) - sizes[me]:
        raise ValueError("this observation does not add up: deck and hand sizes disagree with the cards unseen")
    story = _story(game, observation)
    hands, cards = _deal(observation, unknown, story, rng)
    log = observation["log"]
    earlier = observation["log_length"] - len(log)
    step = observation["step"]
    seed = rng.getrandbits(32)
    hands[me] = list(observation["hand"])
    data = {
        "game": game.name,
        "players": n,
        "options": game.options_dict(),
        "seed": seed,
        "rng": rng_to_json(random.Random(seed)),
        "deck": cards,
        "discard": list(observation["discard"]),
        "hands": hands,
        "weights": list(observation["weights"]),
        "turn": observation["turn"],
        "active": observation["active"],
        "phase": observation["phase"],
        "step": step,
        "asked": observation["waiting_for"][0] if step in ("neighbour", "laziness", "cheat") else None,
        "pending": None if table is None else dict(table),
        "winner": None,
        "causes": [dict.fromkeys(CAUSES, 0) for _ in range(n)],
        "tally": {name: [0] * n for name in TALLIES},
        "reshuffles": 0,
        "log": ["(earlier events)"] * earlier + list(log),
        "history": [list(observation["weights"])],
    }
    return state_from_data(game, data)
