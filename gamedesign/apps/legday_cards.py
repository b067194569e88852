"""Don't Skip Leg Day cards drawn as cards: HTML with inline SVG, no image files, no emoji.

A card shows its name, its kind in words, its background symbol as a drawn shape, what it
scores, and its count ("3 shake images"). The kind's colour is a background only: the word
and the shape tell the kinds apart without it. Pure functions of a card and the deck.
"""

from __future__ import annotations

import html

from ..games.legday.faces import KIND_COLOUR, KIND_WORD, SHAPES as _SHAPES, count_text, display_name, scoring_text
from ..printables import svg_shape

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
    return "" if shape is None else svg_shape(shape, size, unit, label)


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
