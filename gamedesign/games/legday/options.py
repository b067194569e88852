"""Don't Skip Leg Day's rule options, read by the rules (``rules.py``) and by the scoring
functions (``scoring.py``), which check the options they are given against them."""

from __future__ import annotations

from dataclasses import dataclass

from ...core import option


#: The most points ``elimination_penalty`` may take off.
MAX_PENALTY = 100


def _check_penalty(value):
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_PENALTY:
        return f"give a whole number of points from 0 to {MAX_PENALTY} (the points the fewest Leg Days lose)"
    return None


@dataclass(frozen=True)
class LegDayOptions:
    """Rule options of Don't Skip Leg Day (the defaults follow the rulebook as read in ``docs/legday.md``)."""

    curl_overflow: str = option(
        "cap", ("cap", "new_set"), "a 6th Preacher Curl adds nothing ('cap') or starts a new set ('new_set')",
        label="A 6th Preacher Curl",
        explain="what a Preacher Curl beyond the 5th of a set does",
        value_labels={"cap": "adds nothing", "new_set": "starts a new set"},
    )
    shake_second_after_tie: bool = option(
        True, (True, False), "award second place in the shake race even when two or more tie for most",
        label="Shake race: second place after a tie",
        explain="whether second place is still awarded when two or more tie for most",
        value_labels={True: "still awarded", False: "not awarded"},
    )
    tiebreak_shakes: str = option(
        "images", ("images", "cards"), "Protein Shake tie-breaks count shake images or shake cards",
        label="Shake tie-breaks count",
        explain="what breaks a tie in the Protein Shake race",
        value_labels={"images": "shake images", "cards": "shake cards"},
    )
    eliminated_in_shake_race: bool = option(
        False, (False, True), "eliminated players still count in the shake ranking (but score nothing)",
        label="Eliminated players in the shake race",
        explain="whether eliminated players still count in the shake ranking",
        value_labels={False: "left out", True: "still ranked (score nothing)"},
    )
    elimination: str = option(
        "fewest",
        ("fewest", "penalty", "none"),
        "the fewest Leg Days score nothing ('fewest'), lose elimination_penalty points and play on ('penalty'), "
        "or are not punished at all ('none')",
        label="The fewest Leg Days",
        explain="what happens to the players with the fewest Leg Days at the end",
        value_labels={"fewest": "score nothing (eliminated)", "penalty": "lose points and play on", "none": "nothing happens to them"},
    )
    elimination_penalty: int = option(
        10, doc="points the fewest Leg Days lose with elimination='penalty'", check=_check_penalty,
        label="Points the fewest Leg Days lose",
        explain="with 'lose points and play on': the points the fewest Leg Days lose",
    )
    deck: object = option(None, doc="a deck file path or deck data (None: the standard 108 cards)")
