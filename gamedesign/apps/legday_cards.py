"""Don't Skip Leg Day cards drawn as cards: HTML with inline SVG, no image files, no emoji.

A card shows its name, its kind in words, its background symbol as a drawn shape, what it
scores, and its count ("3 shake images"). The kind's colour is a background only: the word
and the shape tell the kinds apart without it. Pure functions of a card and the deck.
"""

from __future__ import annotations

import html

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

#: The drawn background symbol of each card (by name for the exercises whose name is their
#: symbol, by kind for shakes and Leg Days), inside a 48 x 32 box.
_SHAPES = {
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

CSS = """
.gd-cardface { display:inline-flex; flex-direction:column; align-items:center; box-sizing:border-box;
  width:100px; height:130px; overflow:hidden; padding:3px; border:2px solid #333; border-radius:9px; color:#111;
  font-size:10.5px; line-height:1.2; text-align:center; }
.gd-cardface .gd-cardkind { font-size:10px; font-weight:700; letter-spacing:0.04em; text-transform:uppercase;
  border:1px solid #333; border-radius:4px; padding:0 4px; background:#fff; }
.gd-cardface .gd-cardname { font-size:11.5px; font-weight:700; margin:2px 0; }
.gd-cardface .gd-cardrule { margin-top:2px; }
.gd-cardface .gd-cardcount { font-weight:700; }
.gd-minicard { display:inline-flex; align-items:center; gap:2px; margin:1px 2px; padding:0 4px 0 2px;
  border:1px solid #555; border-radius:6px; font-size:11px; line-height:18px; color:#111; white-space:nowrap; }
.gd-minicard.gd-down { background:#555; color:#fff; }
.gd-minicard.gd-new { outline:3px solid #1f3b5a; outline-offset:1px; }
"""


def symbol_svg(card, size: int = 40) -> str:
    """The card's background symbol as an inline SVG shape (a camera on a Selfie, which has none)."""
    label = "no symbol (a camera)" if card.symbol is None else f"{KIND_WORD[card.kind]} symbol"
    return shape_svg(card.name if card.name in _SHAPES else card.kind, size, label=label)


def shape_svg(key: str, size: int = 40, unit: str = "", label: str = "") -> str:
    """The drawn shape called ``key`` (a card kind, or the name of a pull-up with a shape of
    its own) as an inline SVG ``size`` wide, in pixels or in ``unit`` (``"mm"``); ``""``
    for an unknown key."""
    shape = _SHAPES.get(key)
    if shape is None:
        return ""
    height = round(size * 32 / 48, 2 if unit else None)
    width, height = f"{size}{unit}", f"{height:g}{unit}"
    named = f'role="img" aria-label="{html.escape(label)}"' if label else 'aria-hidden="true"'
    return f'<svg viewBox="0 0 48 32" width="{width}" height="{height}" {named}>{shape}</svg>'


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
    return f"{s['legday_face_up_points']} face up; the fewest Leg Days is out"


def count_text(card) -> str:
    """The number printed on the card in words ("3 shake images", "2 points"), or ""."""
    if card.kind == "shake":
        return f"{card.images} shake image{'s' if card.images != 1 else ''}"
    if card.kind == "pullup":
        return f"{card.points} point{'s' if card.points != 1 else ''}"
    return ""


def card_html(card, deck) -> str:
    """A full card: kind word, name, drawn symbol (one per shake image), scoring, count."""
    copies = card.images if card.kind == "shake" else 1
    symbols = "".join(symbol_svg(card, 40 if copies == 1 else 28) for _ in range(max(copies, 1)))
    count = count_text(card)
    return (
        f'<div class="gd-cardface" style="background:{KIND_COLOUR[card.kind]}" '
        f'title="{html.escape(display_name(card))}: {html.escape(scoring_text(card, deck))}">'
        f'<span class="gd-cardkind">{KIND_WORD[card.kind]}</span>'
        f'<span class="gd-cardname">{html.escape(card.name if card.kind != "shake" else "Protein Shake")}</span>'
        f"<span>{symbols}</span>"
        + (f'<span class="gd-cardcount">{count}</span>' if count else "")
        + f'<span class="gd-cardrule">{html.escape(scoring_text(card, deck))}</span></div>'
    )


def mini_card_html(card, note: str = "", new: bool = False) -> str:
    """A small card for the table: drawn symbol, kind word and name (shakes with their images)."""
    name = display_name(card)
    word = KIND_WORD[card.kind]
    label = name if word.lower() in name.lower() else f"{word}: {name}"
    mark = " gd-new" if new else ""
    return (
        f'<span class="gd-minicard{mark}" style="background:{KIND_COLOUR[card.kind]}">{symbol_svg(card, 18)}'
        f"{html.escape(label)}{html.escape(note)}</span>"
    )


def face_down_html(text: str = "face down", new: bool = False) -> str:
    """A face-down card (Home Day): a hatched back and the words; outlined when ``new``
    (played on the latest day), as the latest face-up cards are."""
    back = (
        '<svg viewBox="0 0 16 22" width="12" height="16" aria-hidden="true"><rect x="1" y="1" width="14" height="20" '
        'rx="2" fill="#333" stroke="#fff"/><path d="M1 7 L15 1 M1 14 L15 8 M1 21 L15 15" stroke="#fff"/></svg>'
    )
    mark = " gd-new" if new else ""
    return f'<span class="gd-minicard gd-down{mark}" title="face down (Home Day)">{back} {html.escape(text)}</span>'


__all__ = ["KIND_COLOUR", "KIND_WORD", "CSS", "symbol_svg", "shape_svg", "display_name", "scoring_text", "count_text",
           "card_html", "mini_card_html", "face_down_html"]
