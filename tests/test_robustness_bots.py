"""Hostile bots never get an illegal move applied, and their failures say where they happened.

A hostile bot plays well for a while, then misbehaves in one of many ways: it returns a
move that is legal elsewhere but not now, appends that move to its list of legal actions
or rewrites the list before choosing it, raises, returns something that is no action at
all (``None``, a number, an object that claims to equal everything, an action of a
look-alike class), or gives the text of an illegal move. In every game, whatever the
bot does, each move the engine applies is one of the legal actions computed afresh,
and the run stops with a ``BotError`` naming the seat, the bot, the game and the seeds.
"""

from __future__ import annotations

import copy
import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamedesign
from gamedesign.bots import Bot, BotError
from gamedesign.simulate import _seeds

MODES = (
    "illegal",
    "append",
    "rewrite",
    "raise",
    "none",
    "number",
    "equals everything",
    "look-alike",
    "illegal text",
    "garbage text",
    "huge text",
)

#: Modes in which the bot only fails when it has seen an action that is illegal now.
NEEDS_AN_ILLEGAL_ACTION = {"illegal", "append", "rewrite", "illegal text"}


class Hostile(Exception):
    """What a raising bot raises."""


class EqualsEverything:
    """A foreign object that claims to be equal to any action."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


class HostileBot(Bot):
    """Plays legal moves for ``delay`` decisions, then misbehaves in ``mode``."""

    name = "hostile"
    uses_observation = False

    def __init__(self, mode: str, delay: int):
        super().__init__()
        self.mode, self.delay = mode, delay
        self.seen: list = []  # actions offered so far: legal once, maybe illegal now
        self.turns = 0  # decisions so far, counted across games

    def act(self, observation, legal_actions):
        self.turns += 1
        illegal = [a for a in self.seen if a not in legal_actions]
        self.seen = list(dict.fromkeys([*self.seen, *legal_actions]))[-200:]
        if self.turns <= self.delay:
            return legal_actions[self.rng.randrange(len(legal_actions))]
        mode = self.mode
        if mode == "raise":
            raise Hostile("this bot gives up")
        if mode == "none":
            return None
        if mode == "number":
            return 3
        if mode == "equals everything":
            return EqualsEverything()
        if mode == "garbage text":
            return "do a backflip"
        if mode == "huge text":
            return "pick " + "x" * 100_000
        if mode == "look-alike":
            # A copy of a legal action, of a subclass that claims to equal everything.
            model = legal_actions[0]
            kind = type("LookAlike", (type(model),), {"__eq__": lambda self, other: True, "__hash__": lambda self: 0})
            try:
                fake = copy.copy(model)
                object.__setattr__(fake, "__class__", kind)
            except TypeError:  # an action of a built-in type (the example game's numbers)
                fake = kind(model)
            return fake
        if not illegal:
            return legal_actions[0]
        wrong = illegal[self.rng.randrange(len(illegal))]
        if mode == "append":
            legal_actions.append(wrong)
            return wrong
        if mode == "rewrite":
            legal_actions[:] = [wrong]
            return legal_actions[0]
        if mode == "illegal text":
            return str(wrong)
        return wrong


def referee(game):
    """Make ``game``'s states check every move applied to them against a fresh list of
    legal actions; returns the list of the states made."""
    made = []
    new_state = game.new_state

    def watched_new_state(seed=None):
        state = new_state(seed=seed)
        made.append(state)
        apply = state._apply

        def checked_apply(seat, action):
            fresh = state.legal_actions(seat)
            assert any(type(a) is type(action) and a == action for a in fresh), (seat, action, fresh)
            if dataclasses.is_dataclass(action):
                assert game.parse_action(str(action)) == action
            apply(seat, action)

        state._apply = checked_apply
        return state

    game.new_state = watched_new_state
    return made


def hostile_run(name, mode, delay, seat, seed, games=2):
    game = gamedesign.load(name)
    made = referee(game)
    bots = ["random"] * game.num_players
    bot = HostileBot(mode, delay)
    bots[seat % game.num_players] = bot
    seat = seat % game.num_players
    try:
        gamedesign.simulate(game, bots, games=games, seed=seed, workers=1)
    except BotError as err:
        return game, seat, made, err
    return game, seat, made, None


@pytest.mark.parametrize("name", gamedesign.GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    mode=st.sampled_from(MODES),
    delay=st.integers(0, 12),
    seat=st.integers(0, 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_hostile_bot_never_gets_an_illegal_move_applied(name, mode, delay, seat, seed):
    game, seat, made, error = hostile_run(name, mode, delay, seat, seed)
    assert made, "the referee watched no game"
    if error is None:
        # Only a bot that never met an illegal move to try may finish its games.
        assert mode in NEEDS_AN_ILLEGAL_ACTION
        return
    assert (error.seat, error.bot, error.run_seed) == (seat, "hostile", seed)
    assert error.game in (0, 1)
    assert error.seed == _seeds(seed, 2)[error.game][0]
    text = str(error)
    assert f"seat {seat} (bot 'hostile')" in text and f"game {error.game}" in text
    assert f"run seed {seed}" in text and f"game seed {error.seed}" in text
    assert len(text) < 2000
    if mode == "raise":
        assert isinstance(error.__cause__, Hostile) and "this bot gives up" in text
    else:
        assert "not a legal move" in text or "no move of this game" in text or "characters" in text


@pytest.mark.parametrize("name", gamedesign.GAMES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seat=st.integers(0, 3))
def test_legal_moves_given_as_text_are_the_same_games(name, seed, seat):
    """A bot that answers with the text of the move another bot would pick plays the
    same games: text is parsed and checked, then the engine's own action is applied."""

    class TextBot(Bot):
        name = "random"
        uses_observation = False

        def act(self, observation, legal_actions):
            return str(legal_actions[self.rng.randrange(len(legal_actions))])

    game = gamedesign.load(name)
    seat %= game.num_players
    bots = ["random"] * game.num_players
    plain = gamedesign.simulate(game, bots, games=2, seed=seed, batch=False)
    bots[seat] = TextBot()
    texts = gamedesign.simulate(game, bots, games=2, seed=seed, batch=False)
    assert plain.equals(texts)
