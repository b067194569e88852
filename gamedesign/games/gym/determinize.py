"""GYM determinization: a full state that agrees with everything one player has seen.

The search bot (``gamedesign.search``) asks ``game.sample_state(observation, rng)`` for a
complete game the observing player cannot tell apart from the real one.

What the observer cannot see: the Kids still in the unrevealed stack, and where Kids went
when a Pick they were not part of moved one at random (the picker takes a random Kid of
the victim's hand, then gives any Kid back). Everything else is public: the row, every
Take, placement, Lift and Forced Kid. So the observer's knowledge is the public log, and
the sample is built by **replaying the log** (the observation carries all of it) in an
imagined world: hands start empty, every Take, placement and Lift moves its Kid, and
each Pick the observer was not part of moves a Kid chosen at random from the victim's
imagined hand (and a give-back one at random from the picker's). A replay in which a
later public event contradicts the imagined hands (a Kid placed, lifted back or forced
from a hand it is not in) is thrown away and replayed afresh, so every sample is a world
the whole log allows: no Kid where it cannot be, every hand its size, every Kid the
observer knows where it is. Accepted replays are draws from the worlds the log allows,
each as likely as the random Picks and the give-backs make it (tested against an
enumeration of all worlds in ``tests/test_determinize.py``). The stack is a random order
of the Kids no one has seen.

Kept only approximately, as the observer cannot know them: why players chose what they
did (a give-back is taken to be any Kid of the hand, equally likely), what the *other*
players know (each is taken to know the Kids the observer knows, plus their own hand and
the observer's hand), the private lines of others' logs (everyone's log is the
observer's), and the random generator, which is fresh (the Kid that a future Force or
Pick draws is not predicted). A state set up by hand mid-game (a lesson's
``from_setup``, whose hands no log explains) is sampled the simple way: the Kids whose
place the observer does not know are dealt at random into the unknown places.
"""

from __future__ import annotations

import random
import re

from .rules import TEAMS, GymState

#: Replays of the log tried before a sample falls back to the simple deal.
MAX_REPLAYS = 2000

_EVENTS = [
    ("take", re.compile(r"player (\d+) took (.+)$")),
    ("place", re.compile(r"player (\d+) placed (.+) at .+ spot \d+$")),
    ("lift", re.compile(r"player (\d+) lifted (.+) from .+ side [AB] and put (.+) there$")),
    ("force", re.compile(r"player (\d+) forced player (\d+): (.+) must be their next placement$")),
    ("pick", re.compile(r"player (\d+) picked a random Kid from player (\d+)$")),
    ("my pick", re.compile(r"you picked (.+) from player (\d+)$")),
    ("picked mine", re.compile(r"player (\d+) picked your (.+)$")),
    ("give", re.compile(r"player (\d+) gave a Kid back to player (\d+)$")),
    ("my give", re.compile(r"you gave (.+) to player (\d+)$")),
    ("given me", re.compile(r"player (\d+) gave you (.+)$")),
]


def public_events(observation: dict) -> list | None:
    """The log as events that move Kids between hands, the board and Forced places:
    ``(kind, picker or player, victim or None, kid or None, second kid or None)``; None
    when the log does not tell the whole story of the hands (a state set up mid-game)."""
    me = observation["player"]
    events = []
    for line in observation["log"]:
        for kind, pattern in _EVENTS:
            m = pattern.match(line)
            if m is None:
                continue
            g = m.groups()
            if kind == "take":
                events.append(("take", int(g[0]), None, g[1], None))
            elif kind == "place":
                events.append(("place", int(g[0]), None, g[1], None))
            elif kind == "lift":
                events.append(("lift", int(g[0]), None, g[1], g[2]))
            elif kind == "force":
                events.append(("force", int(g[0]), int(g[1]), g[2], None))
            elif kind == "pick":
                events.append(("pick", int(g[0]), int(g[1]), None, None))
            elif kind == "my pick":
                events.append(("pick", me, int(g[1]), g[0], None))
            elif kind == "picked mine":
                events.append(("pick", int(g[0]), me, g[1], None))
            elif kind == "give":
                events.append(("give", int(g[0]), int(g[1]), None, None))
            elif kind == "my give":
                events.append(("give", me, int(g[1]), g[0], None))
            else:
                events.append(("give", int(g[0]), me, g[1], None))
            break
    takes = sum(1 for e in events if e[0] == "take")
    placed = [k for sides in observation["board"].values() for side in sides for k in side if k]
    held = sum(observation["hand_sizes"]) + sum(1 for k in observation["forced"] if k)
    if takes != held + len(placed):
        return None
    return events


def _replay(events, n: int, rng: random.Random):
    """One imagined history of ``events``: (hands, forced, last Kid picked) or None when a
    later event contradicts the random choices made."""
    hands = [[] for _ in range(n)]
    forced = [None] * n
    taken = None
    for kind, who, victim, kid, other in events:
        if kind == "take":
            hands[who].append(kid)
        elif kind == "place":
            if forced[who] == kid:
                forced[who] = None
            elif kid in hands[who]:
                hands[who].remove(kid)
            else:
                return None
        elif kind == "lift":
            if other not in hands[who]:
                return None
            hands[who].remove(other)
            hands[who].append(kid)
        elif kind == "force":
            if kid not in hands[victim]:
                return None
            hands[victim].remove(kid)
            forced[victim] = kid
        else:  # a Pick takes from the victim; a give-back returns from the picker
            source, target = (victim, who) if kind == "pick" else (who, victim)
            if kid is None:
                if not hands[source]:
                    return None
                kid = hands[source][rng.randrange(len(hands[source]))]
            elif kid not in hands[source]:
                return None
            hands[source].remove(kid)
            hands[target].append(kid)
            taken = kid if kind == "pick" else None
    return hands, forced, taken


def sample_state(game, observation: dict, rng: random.Random) -> GymState:
    """A full GYM state consistent with ``observation`` (see the module docstring)."""
    if observation.get("game") != game.name:
        raise ValueError(f"this is an observation of {observation.get('game')!r}, not {game.name!r}")
    if observation["phase"] == "over":
        raise ValueError("the game is over: nothing is hidden any more")
    n, me = game.num_players, observation["player"]
    events = public_events(observation)
    if events is not None:
        for _ in range(MAX_REPLAYS):
            world = _replay(events, n, rng)
            if world is not None and _agrees(world, observation):
                return _build(game, observation, world[0], world[2], rng)
    return _simple_sample(game, observation, rng)


def _agrees(world, observation: dict) -> bool:
    """True when an imagined history ends where the observation stands."""
    hands, forced, _ = world
    me = observation["player"]
    if sorted(hands[me]) != sorted(observation["hand"]) or forced != list(observation["forced"]):
        return False
    for seat, hand in enumerate(hands):
        if len(hand) != observation["hand_sizes"][seat] or not set(observation["known_hands"][seat]) <= set(hand):
            return False
    return True


def _build(game, observation: dict, hands, taken, rng: random.Random) -> GymState:
    """The sampled state around imagined ``hands`` (the observer's own as observed)."""
    me = observation["player"]
    seen = set(observation["row"]) | {k for hand in hands for k in hand} | {k for k in observation["forced"] if k}
    seen |= {k for sides in observation["board"].values() for side in sides for k in side if k}
    stack = [k.name for k in game.deck.kids if k.name not in seen]
    rng.shuffle(stack)
    if len(stack) != observation["stack_size"]:
        raise ValueError("this observation does not add up: the stack's size disagrees with the Kids unseen")
    hands = [list(observation["hand"]) if seat == me else list(hand) for seat, hand in enumerate(hands)]
    known_hands = [list(k) for k in observation["known_hands"]]
    if observation["picked_from"] is not None and observation["taken"] is None:
        observation = {**observation, "taken": taken}
    return _assemble(game, observation, hands, stack, [], known_hands, rng)


def _simple_sample(game, observation: dict, rng: random.Random) -> GymState:
    """The Kids whose place the observer does not know, dealt at random into the unknown
    places (for a state whose log does not explain the hands)."""
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
    hands = []
    for seat in range(n):
        if seat == me:
            hands.append(hand)
        else:
            hands.append(known_hands[seat] + [unknown.pop() for _ in range(wanted[seat])])
    return _assemble(game, observation, hands, unknown, out, known_hands, rng)


def _assemble(game, observation: dict, hands, stack, out, known_hands, rng: random.Random) -> GymState:
    """A GymState of these hands and stack, everything public as in ``observation``."""
    n, me = game.num_players, observation["player"]
    hand = hands[me]
    state = GymState.__new__(GymState)
    state.game = game
    state.seed = rng.getrandbits(32)
    state.rng = random.Random(state.seed)
    state.column = [e["event"] for e in observation["schedule"]]
    state.levels = {e["event"]: e["level"] for e in observation["schedule"]}
    state.row = list(observation["row"])
    state.hands = hands
    state.stack = stack
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
    state.rules_used = {}  # what the rules did so far is not part of a player's view
    return state
