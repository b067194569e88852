"""The Diet Game's cards and weights drawn as a game: CSS and SVG, no image files, no emoji.

A card in the hand is a button drawn as a card: a drawn icon of its kind (a mug for
Breakfast, a sandwich for Lunch, a plate for Dinner, an apple for a Snack, a dumbbell for
Exercise, a cake for a Cheat, a shield for Willpower, a sofa for Laziness), the kind in
words, its name and its pounds. Cards you may play now are raised; the others are dimmed.
Each player's weight is a track from 0 to the target, with the pounds written beside it.
Pure functions and CSS.
"""

from __future__ import annotations

import html
from urllib.parse import quote

from ..games.diet.cards import KIND_WORDS as KIND_WORD, card_use, card_value  # the cards' own words

#: A light background for each kind (never the only cue: the icon and the word are there).
KIND_COLOUR = {
    "breakfast": "#fff1c9", "lunch": "#e0f0d5", "dinner": "#dde7f7", "snack": "#fde1d2", "exercise": "#d4f0ec",
    "cheat": "#f7d9e8", "willpower": "#e6defa", "laziness": "#ececec",
}

_S = 'fill="none" stroke="#111" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"'

#: The icon of each kind, inside a 24 x 24 box.
ICONS = {
    "breakfast": f'<path d="M5 10h11v5a4 4 0 0 1-4 4H9a4 4 0 0 1-4-4z" {_S}/><path d="M16 11h2a2 2 0 0 1 0 4h-2" {_S}/>'
    f'<path d="M8 3c-1 1.5 1 2.5 0 4M12 3c-1 1.5 1 2.5 0 4" {_S}/>',
    "lunch": f'<path d="M3 17L12 5l9 12z" {_S}/><path d="M5.5 14h13" {_S}/><path d="M3 17v2h18v-2" {_S}/>',
    "dinner": f'<circle cx="12" cy="13" r="6" {_S}/><circle cx="12" cy="13" r="3" {_S}/>'
    f'<path d="M3 5v5M2 5v3a1 1 0 0 0 2 0V5M3 10v9M21 5c-2 1-2 5 0 6v8" {_S}/>',
    "snack": f'<path d="M12 8c-2-2-7-1.5-7 4 0 4 3 8 5 8 1 0 1.5-.5 2-.5s1 .5 2 .5c2 0 5-4 5-8 0-5.5-5-6-7-4z" {_S}/>'
    f'<path d="M12 8c0-2 1-4 3-5" {_S}/>',
    "exercise": f'<path d="M6 8v8M3.5 10v4M18 8v8M20.5 10v4M6 12h12" {_S}/>',
    "cheat": f'<path d="M4 11h16v8H4z" {_S}/><path d="M4 15c2 1.5 4-1.5 6 0s4-1.5 6 0 3-1 4 0" {_S}/>'
    f'<path d="M12 11V7M12 3.5c1 1 1 2.5 0 3-1-.5-1-2 0-3z" {_S}/>',
    "willpower": f'<path d="M12 3l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10V6z" {_S}/><path d="M9 12l2 2 4-4" {_S}/>',
    "laziness": f'<path d="M4 12V9a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v3" {_S}/><path d="M2 12h20v5H2zM4 17v2M20 17v2" {_S}/>'
    f'<path d="M15 3h3l-3 3h3" {_S}/>',
}


def icon_svg(kind: str, size: int = 24) -> str:
    """The drawn icon of ``kind`` as an inline SVG ``size`` pixels wide."""
    return (f'<svg viewBox="0 0 24 24" width="{size}" height="{size}" role="img" '
            f'aria-label="{html.escape(KIND_WORD.get(kind, kind))}">{ICONS.get(kind, "")}</svg>')


def _icon_url(kind: str) -> str:
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="30" height="30">{ICONS[kind]}</svg>'
    return "data:image/svg+xml," + quote(svg)


CSS = (
    """
.gd-diet .gd-handstack { display:grid; width:100%; }
.gd-diet .gd-handstack > * { grid-area:1 / 1; margin:0 !important; min-width:0; }
.gd-diet .gd-hand, .gd-diet .gd-why { gap:8px; flex-wrap:wrap; padding:6px 0 2px 0; }
.gd-diet .gd-hand { pointer-events:none; z-index:2; }
.gd-diet .gd-why { z-index:1; }
.gd-diet .gd-hand > button.gd-card { pointer-events:auto; }
.gd-diet .gd-hand > button.gd-card[disabled] { pointer-events:none; }
.gd-diet button.gd-card, .gd-diet button.gd-whycard { width:100px; height:124px; margin:0; flex:none; }
.gd-diet button.gd-card { white-space:pre-line; line-height:1.25; font-size:12px; color:#111; padding:36px 4px 4px 4px;
  border:2px solid #333; border-radius:9px; background-repeat:no-repeat; background-position:center 5px;
  background-size:30px 30px; display:flex; align-items:flex-start; justify-content:center; text-align:center;
  overflow:hidden; }
.gd-diet button.gd-card.gd-playable { border:3px solid #1f3b5a; font-weight:600; transform:translateY(-5px);
  box-shadow:0 5px 0 #1f3b5a; }
.gd-diet button.gd-card.gd-playable:hover { box-shadow:0 7px 0 #1f3b5a; }
.gd-diet button.gd-card[disabled] { opacity:0.5; filter:grayscale(0.6); cursor:default; }
.gd-diet button.gd-card.gd-marked { border:3px dashed #8a4b00; }
.gd-diet button.gd-whycard { opacity:0; cursor:help; }
.gd-diet button.gd-whycard:focus-visible { opacity:1; background:transparent; outline:3px solid #1f3b5a; }
.gd-diet .widget-html-content { line-height:1.35; }
.gd-diet .gd-reason { border-left:4px solid #8a1c1c; background:#fbeeee; color:#111; padding:3px 8px; margin:4px 0; }
.gd-diet .gd-track { display:flex; align-items:center; gap:6px; margin:2px 0; color:#111; font-size:13px; }
.gd-diet .gd-trackname { width:96px; overflow:hidden; text-overflow:ellipsis; white-space:nowrap; }
.gd-diet .gd-cells { display:inline-flex; gap:1px; align-items:center; }
.gd-diet .gd-cell { width:16px; height:16px; box-sizing:border-box; border:1px solid #777; background:#fff;
  display:inline-flex; align-items:center; justify-content:center; font-size:9px; color:#595959; }
.gd-diet .gd-cell.gd-lost { background:#bfe8dc; border-color:#00694d; }
.gd-diet .gd-cell.gd-gained { background:#f6cdb4; border-color:#a34100; }
.gd-diet .gd-cell.gd-zero { border:2px solid #111; }
.gd-diet .gd-cell.gd-goal { border:2px solid #111; }
.gd-diet .gd-cell.gd-here { background:#111; color:#fff; border-color:#111; font-weight:700; }
.gd-diet .gd-turnmark { display:inline-block; width:0; height:0; border-top:6px solid transparent;
  border-bottom:6px solid transparent; border-left:9px solid #1f3b5a; margin-right:3px; }
"""
    + "".join(f'.gd-diet button.gd-card.gd-kind-{k} {{ background-color:{KIND_COLOUR[k]}; background-image:url("{_icon_url(k)}"); }}\n'
              for k in ICONS)
)


def card_text(card, marked: bool = False) -> str:
    """A card's face in lines (a button shows one line each): the kind, the name, the pounds."""
    lines = ["Marked to discard"] if marked else []
    lines.append(KIND_WORD.get(card.kind, card.kind).upper())
    lines.append(card.name)
    lines.append(card_value(card) or card_use(card))
    return "\n".join(lines)


#: How many pounds of gain a weight track shows before it writes the rest as a number.
GAIN_CELLS = 5


def weight_track(name: str, weight: int, target: int, cards: int, active: bool = False) -> str:
    """One player's weight as a track from its gains through 0 to ``target`` (-10): the cell
    of the current weight is filled and holds the number, which is written beside it too."""
    goal = abs(target)
    cells = []
    for pounds in range(GAIN_CELLS, -goal - 1, -1):
        kind = "gd-cell"
        if pounds == weight or (pounds == GAIN_CELLS and weight > GAIN_CELLS):
            kind += " gd-here"
        elif weight < 0 and weight <= pounds < 0:
            kind += " gd-lost"
        elif weight > 0 and 0 < pounds <= weight:
            kind += " gd-gained"
        if pounds == 0:
            kind += " gd-zero"
        if pounds == -goal:
            kind += " gd-goal"
        label = str(weight) if "gd-here" in kind else ("goal" if pounds == -goal else "")
        label = "" if label == "goal" else label
        cells.append(f'<span class="{kind}" title="{pounds:+d} lb">{label}</span>')
    turn = '<span class="gd-turnmark" aria-label="to move"></span>' if active else ""
    to_go = weight + goal
    return (
        f'<div class="gd-track"><span class="gd-trackname">{turn}{html.escape(name)}</span>'
        f'<span class="gd-cells" aria-hidden="true">{"".join(cells)}</span>'
        f'<span><b>{weight:+d} lb</b> · {to_go} to go · {cards} card{"" if cards == 1 else "s"}</span></div>'
    )


__all__ = ["KIND_WORD", "KIND_COLOUR", "ICONS", "CSS", "icon_svg", "card_text", "weight_track"]
