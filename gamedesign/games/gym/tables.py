"""GYM's table: the two teams, who is on which, and the sizes of the board and the rows.
The rules (``rules.py``), the bots and a save's checks (``saves.py``) read them."""

from __future__ import annotations

TEAMS = ("A", "B")
SPOTS = 3  # positions on each side of an event
EVENTS_IN_PLAY = 4
REVEAL = 12  # Kids in each face-up row


def team_of(seat: int) -> int:
    """Team index of a seat: 0 (team A) for even seats, 1 (team B) for odd seats."""
    return seat % 2
