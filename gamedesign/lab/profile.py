"""What the design lab keeps of one game (:class:`GameRecord`) and how it reads a game
(:class:`Profile`, the answer of ``Game.lab_profile()``), with two helpers for records
worked out from a batch path's arrays.

A game's package builds its profile from these (the built-in games in their ``lab``
modules); :mod:`.record` plays the games and fills the records.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

import numpy as np


@dataclasses.dataclass
class GameRecord:
    """What one game left behind, for the design measures.

    ``winners`` and ``scores`` as in :class:`~gamedesign.core.Result`; ``length`` is the
    game's length in its own unit (see :class:`Profile`); ``ended_by`` is ``"rules"``
    or ``"turn limit"``; ``legal_counts`` has one entry per decision point (how many
    legal actions the mover had); ``standings`` one tuple per checkpoint (one number per
    seat); ``card_points``/``card_copies`` one dict per seat (card -> points it scored,
    copies held at the end); ``picks``/``offers`` count, per card, the decision points
    where it was chosen / could be chosen; ``actions`` counts actions by kind; ``facts``
    holds the game's own numbers; ``rule_use`` counts how often each rule event of the
    game (``Game.rule_events``, every one of them, 0 when it never happened) fired;
    ``game_name`` is the game's name (``"legday"``); ``path`` the path that played it,
    ``"object"`` (the engine, move by move) or ``"batch"`` (see :func:`record_games`).
    """

    game: int = 0
    players: int = 2
    winners: tuple = ()
    scores: tuple = ()
    length: int = 0
    ended_by: str = "rules"
    legal_counts: list = dataclasses.field(default_factory=list)
    standings: list = dataclasses.field(default_factory=list)
    card_points: list = dataclasses.field(default_factory=list)
    card_copies: list = dataclasses.field(default_factory=list)
    picks: dict = dataclasses.field(default_factory=dict)
    offers: dict = dataclasses.field(default_factory=dict)
    actions: dict = dataclasses.field(default_factory=dict)
    facts: dict = dataclasses.field(default_factory=dict)
    bots: tuple = ()
    rule_use: dict = dataclasses.field(default_factory=dict)
    game_name: str = ""
    path: str = "object"


@dataclasses.dataclass(frozen=True)
class Profile:
    """How the lab reads one game: when to sample, the standing, length, cards, facts."""

    length_unit: str
    checkpoint: Callable  # state -> hashable key, or None (no checkpoint now)
    standing: Callable  # state -> tuple of numbers, one per seat (higher is better)
    length: Callable  # (state, actions Counter) -> int
    card_of: Callable  # action -> card name or None
    cards: Callable | None  # (state, result) -> (points per seat, copies per seat)
    facts: Callable  # (state, result, actions Counter) -> dict of numbers
    ended_by: Callable  # result -> "rules" or "turn limit"
    #: A fresh standing function for one game (it may keep counts from one checkpoint
    #: to the next), given the game's first state; None: ``standing`` serves every game.
    game_standing: Callable | None = None
    #: legal actions -> the set of cards among them (``card_of`` of each, without None),
    #: where a game has a quicker way; None: worked out with ``card_of``.
    offered: Callable | None = None
    #: ``(game, bots, labels, first, games, rng) -> records`` of games played at once on
    #: the game's batch path (those of ``simulate(..., batch=True)``); None: no batch path
    #: for the lab.
    batch_records: Callable | None = None
    #: game -> what must be equal for two variants' batch games to draw the same random
    #: numbers (Leg Day and Diet: the number of cards, which the shuffle draws one number
    #: for each; GYM: the numbers of events and Kids); paired comparisons of variants that
    #: differ in it take the object path.
    batch_pairing: Callable | None = None


def nonzero_dicts(counts, names, *values) -> list:
    """For each row of ``counts`` (rows x types), ``{name: value}`` of its nonzero types:
    one list of dicts per array of ``values`` (``counts`` itself when none is given)."""
    rows, types = np.nonzero(counts)  # row by row, types in order
    at = np.searchsorted(rows, np.arange(len(counts) + 1)).tolist()
    keys = np.array(names, dtype=object)[types].tolist()
    spans = list(zip(at, at[1:]))
    out = []
    for v in values or (counts,):
        column = v[rows, types].tolist()
        out.append([dict(zip(keys[a:b], column[a:b])) for a, b in spans])
    return out



def ragged(steps, games: int) -> list:
    """From ``(games, values)`` array pairs, one a step in the order of play, each game's
    values in that order: one list a game."""
    if not steps:
        return [[] for _ in range(games)]
    where = np.concatenate([g for g, _ in steps])
    values = np.concatenate([v for _, v in steps])
    order = np.argsort(where, kind="stable")  # game by game, each game's steps in order
    flat = values[order].tolist()
    at = np.concatenate([[0], np.cumsum(np.bincount(where, minlength=games))]).tolist()
    return [flat[a:b] for a, b in zip(at, at[1:])]



__all__ = ["GameRecord", "Profile", "nonzero_dicts", "ragged"]
