"""The lab's generic profile: how it reads a game that has no profile of its own.

With nothing but the protocol the lab still measures seat balance, draws, game length
(in moves, every seat's moves counted), decision points and real choices. A game whose
state gives ``running_scores()`` adds the race: the standing is those scores, sampled
after every move that changes them, so lead changes, drama and comebacks are measured
too. Actions with a ``card`` field give pick rates per card; the plain numbers in
``Result.details`` become the game's own facts.
"""

from __future__ import annotations

import numbers

from .profile import Profile


def _scores(state):
    scores = state.running_scores()
    return None if scores is None else tuple(scores)


def _card_of(action):
    card = getattr(action, "card", None)
    return card if isinstance(card, str) else None


def _facts(state, result, actions) -> dict:
    return {
        key: float(value)
        for key, value in result.details.items()
        if isinstance(value, numbers.Real) and key != "eliminated"
    }


def generic_profile(game) -> Profile:
    """The :class:`~.record.Profile` of a game that defines none."""
    return Profile(
        length_unit="moves",
        checkpoint=_scores,
        standing=_scores,
        length=lambda state, actions: sum(actions.values()),
        card_of=_card_of,
        cards=None,
        facts=_facts,
        ended_by=lambda result: "rules",
    )


__all__ = ["generic_profile"]
