"""GYM determinization: a full state that agrees with everything one player has seen.

The search bot (``gamedesign.search``) asks ``game.sample_state(observation, rng)`` for a
complete game the observing player cannot tell apart from the real one.

What the observer cannot see: the Kids still in the unrevealed stack, and the Kids in
other players' hands that they did not see go there (a Kid taken from the row or lifted
from the board is known to be in that hand until a random Pick muddles it:
``known_hands``). The sample keeps every Kid the observer can see where it is (row, own
hand, board, Forced Kids, known Kids in others' hands, in the same order), the schedule,
Coaches, turn and step, and deals the Kids whose place is unknown, shuffled, into the
stack and the unknown places in other hands (hand sizes kept). If some Kids are out of
the game (a lesson's ``from_setup``), a random choice of the unknown Kids is used.

Kept only approximately, as the observer cannot know them: what the *other* players
know (each is taken to know the Kids the observer knows, plus their own hand and the
observer's hand), the private lines of others' logs (everyone's log is the observer's),
which Kid a Pick took when the observer was not involved, and the random generator,
which is fresh (the Kid that a future Force or Pick draws is not predicted).
"""

from __future__ import annotations

import random

from .rules import TEAMS, GymState


def sample_state(game, observation: dict, rng: random.Random) -> GymState:
    """A full GYM state consistent with ``observation`` (see the module docstring)."""
    if observation.get("game") != game.name:
        raise ValueError(f"this is an observation of {observation.get('game')!r}, not {game.name!r}")
    if observation["phase"] == "over":
        raise ValueError("the game is over: nothing is hidden any more")
    n, me = game.num_players, observation["player"]
    hand = list(observation["hand"])
    known_hands = [list(k) for k in observation["known_hands"]]
    placed = [k for sides in observation["board"].values() for side in sides for k in side if k]
    seen = set(observation["row"]) | set(hand) | set(placed) | {k for k in observation["forced"] if k}
    seen |= {k for kids in known_hands for k in kids}
    unknown = [k.name for k in game.deck.kids if k.name not in seen]
    rng.shuffle(unknown)
    wanted = [0 if s == me else observation["hand_sizes"][s] - len(known_hands[s]) for s in range(n)]
    needed = sum(wanted) + observation["stack_size"]
    if needed > len(unknown) or min(wanted) < 0:
        raise ValueError("this observation does not add up: more hidden places than unseen Kids")
    unknown, out = unknown[:needed], set(unknown[needed:])

    state = GymState.__new__(GymState)
    state.game = game
    state.seed = rng.getrandbits(32)
    state.rng = random.Random(state.seed)
    state.column = [e["event"] for e in observation["schedule"]]
    state.levels = {e["event"]: e["level"] for e in observation["schedule"]}
    state.row = list(observation["row"])
    state.hands = []
    for seat in range(n):
        if seat == me:
            state.hands.append(hand)
        else:
            state.hands.append(known_hands[seat] + [unknown.pop() for _ in range(wanted[seat])])
    state.stack = unknown
    state.phase, state.step, state.turn = observation["phase"], observation["step"], observation["turn"]
    state.in_play = list(observation["in_play"]) if observation["in_play_final"] else []
    state.coach_cards = list(observation["coach_cards"])
    state.board = {e: [list(side) for side in sides] for e, sides in observation["board"].items()}
    state.coaches = {c: (None if p is None else (p[0], TEAMS.index(p[1]))) for c, p in observation["coaches"].items()}
    state.forced = list(observation["forced"])
    state.exempt = list(observation["exempt"])
    state.placed, state.placed_at = observation["placed"], observation["placed_at"]
    state.victim = observation["picked_from"]
    state.taken = observation["taken"]
    if state.victim is not None and state.taken is None:
        # Someone else's Pick: the Kid taken is one of the picker's (unknown) Kids.
        hidden = state.hands[state.turn][len(known_hands[state.turn]) :] or state.hands[state.turn]
        state.taken = rng.choice(hidden)
    mine = {k for kids in known_hands for k in kids} | set(hand)
    state.known = [mine | set(state.hands[seat]) for seat in range(n)]
    state.log = [{"seat": None, "text": line, "private": {}} for line in observation["log"]]
    state.left_out = [k.name for k in game.deck.kids if k.name in out]
    return state
