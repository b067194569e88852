"""Don't Skip Leg Day's card faces as data: each kind's word and colour, the markup of
each background symbol, and what a card says in words (its name, what it scores, its count).

The game gives these; the front ends draw them (``gamedesign.apps.legday_cards`` in the
app, :mod:`gamedesign.printables` on paper). Pure functions of a card and the deck.
"""

from __future__ import annotations

#: Light background of each kind (never the only cue: the kind's word and shape are shown).
KIND_COLOUR = {
    "curl": "#fde2c4",
    "bench": "#d6e9f8",
    "press": "#dcd3f0",
    "pullup": "#d9f0dc",
    "shake": "#f8d9e6",
    "selfie": "#fff3b0",
    "legday": "#e3e3e3",
}

#: The kind in words, printed on every card.
KIND_WORD = {
    "curl": "Curl",
    "bench": "Bench",
    "press": "Press",
    "pullup": "Pull-Up",
    "shake": "Shake",
    "selfie": "Selfie",
    "legday": "Leg Day",
}

_S = 'fill="none" stroke="#111" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"'

#: The background symbol of each card, as SVG markup (by name for the exercises whose name is their
#: symbol, by kind for shakes and Leg Days), inside a 48 x 32 box.
SHAPES = {
    "curl": f'<rect x="5" y="8" width="7" height="16" rx="2" {_S}/><rect x="36" y="8" width="7" height="16" rx="2" {_S}/>'
    f'<line x1="12" y1="16" x2="36" y2="16" {_S}/>',
    "bench": f'<line x1="3" y1="9" x2="45" y2="9" {_S}/><rect x="6" y="3" width="5" height="12" {_S}/>'
    f'<rect x="37" y="3" width="5" height="12" {_S}/><rect x="12" y="21" width="24" height="4" {_S}/>'
    f'<line x1="15" y1="25" x2="15" y2="30" {_S}/><line x1="33" y1="25" x2="33" y2="30" {_S}/>',
    "press": f'<polygon points="24,2 35,14 28,14 28,30 20,30 20,14 13,14" {_S}/>',
    "Underhand Pull-Up": f'<line x1="4" y1="4" x2="44" y2="4" {_S}/><path d="M19 4 L21 16 M29 4 L27 16" {_S}/>'
    f'<circle cx="24" cy="21" r="5" {_S}/>',
    "Wide Grip Pull-Up": f'<line x1="4" y1="4" x2="44" y2="4" {_S}/><path d="M8 4 L20 17 M40 4 L28 17" {_S}/>'
    f'<circle cx="24" cy="21" r="5" {_S}/>',
    "One Handed Pull-Up": f'<line x1="4" y1="4" x2="44" y2="4" {_S}/><path d="M24 4 L24 15" {_S}/>'
    f'<circle cx="24" cy="21" r="5" {_S}/><path d="M29 22 L36 28" {_S}/>',
    "pullup": f'<line x1="4" y1="4" x2="44" y2="4" {_S}/><circle cx="24" cy="20" r="5" {_S}/>',
    "shake": f'<polygon points="15,8 33,8 30,30 18,30" {_S}/><line x1="13" y1="8" x2="35" y2="8" {_S}/>'
    f'<line x1="26" y1="8" x2="31" y2="1" {_S}/>',
    "selfie": f'<rect x="8" y="9" width="32" height="20" rx="3" {_S}/><circle cx="24" cy="19" r="6" {_S}/>'
    f'<rect x="18" y="5" width="12" height="4" {_S}/>',
    "legday": f'<path d="M22 2 L22 20 L18 29 L32 29" {_S} stroke-width="5"/>',
}



def shape_key(card) -> str:
    """The key of the card's drawn symbol in :data:`SHAPES`: its name for a pull-up with
    a shape of its own, else its kind."""
    return card.name if card.name in SHAPES else card.kind


def display_name(card) -> str:
    """The card's name as a player reads it: a shake says its images in words."""
    if card.kind == "shake":
        return f"Protein Shake, {card.images} image{'s' if card.images != 1 else ''}"
    return card.name


def scoring_text(card, deck) -> str:
    """What the card scores, in a few words, from the deck's scoring numbers."""
    s = deck.scoring
    if card.kind == "curl":
        points = "/".join(str(p) for p in s["curl_points"])
        return f"{points} for 1-{len(s['curl_points'])} curls"
    if card.kind == "bench":
        return f"{s['bench_set_points']} for each set of {s['bench_set_size']}"
    if card.kind == "press":
        return f"{s['press_set_points']} for each set of {s['press_set_size']}"
    if card.kind == "pullup":
        return "scores the points printed on it"
    if card.kind == "shake":
        return f"most images {s['shake_most_points']}, second most {s['shake_second_points']}"
    if card.kind == "selfie":
        return f"{s['selfie_points_per_symbol']} per different symbol on your other cards"
    return f"0 face down, {s['legday_face_up_points']} face up; the fewest Leg Days are out"


def count_text(card) -> str:
    """The number printed on the card in words ("3 shake images", "2 points"), or ""."""
    if card.kind == "shake":
        return f"{card.images} shake image{'s' if card.images != 1 else ''}"
    if card.kind == "pullup":
        return f"{card.points} point{'s' if card.points != 1 else ''}"
    return ""


__all__ = ["KIND_COLOUR", "KIND_WORD", "SHAPES", "count_text", "display_name", "scoring_text", "shape_key"]
