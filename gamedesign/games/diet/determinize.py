"""Diet Game determinization: a full state that agrees with everything one player has seen.

The search bot (``gamedesign.search``) asks ``game.sample_state(observation, rng)`` for a
complete game the observing player cannot tell apart from the real one.

What a player cannot see: the order of the deck and the other players' hands. Every card
they can see stays where it is: their own hand, the face-up discard pile (every card
played, cancelled or swapped away since the last reshuffle) and the card on the table
waiting for an answer. The other cards are shuffled and dealt into the deck and the other
hands, keeping every size. Weights, turn, phase, who is asked and the log the player
reads are kept, so ``sample_state(obs, rng).observe(player) == obs``.

Not kept, as the observer cannot know it exactly or it does not change play: cards the
log shows going into the discard pile before the last reshuffle are not tracked (they
were reshuffled into the deck, and are among the unknown cards); any inference from what
others declined to play (a "pass" is always allowed); the log before the window an
observation carries (earlier lines are placeholders); the weight history (only today's
weights), the per-cause breakdown and the tallies (zero: they only describe the past);
and the random generator, which is fresh (the next reshuffle is not predicted).
"""

from __future__ import annotations

import random
from collections import Counter

from ...core import rng_to_json
from .rules import CAUSES, TALLIES
from .saves import state_from_data


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
    cards = list(unknown.elements())
    rng.shuffle(cards)
    sizes = observation["hand_sizes"]
    if len(cards) != observation["deck_size"] + sum(sizes) - sizes[me]:
        raise ValueError("this observation does not add up: deck and hand sizes disagree with the cards unseen")
    hands = []
    for seat in range(n):
        if seat == me:
            hands.append(list(observation["hand"]))
        else:
            hands.append(cards[: sizes[seat]])
            del cards[: sizes[seat]]
    log = observation["log"]
    earlier = observation["log_length"] - len(log)
    step = observation["step"]
    seed = rng.getrandbits(32)
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
