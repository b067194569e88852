"""GYM drawn as a game: Kid cards, the Event Schedule column and the board's event headers.

HTML with inline SVG, no image files, no emoji. Every colour comes with a drawn symbol of
its own (a circle for red, a triangle for orange, ...) and its number, so nothing depends on
seeing colour. A Kid card shows the Kid's name, "Brat" on a Brat, and its score at each
event given (the events in play, or all six in the Pick phase). Pure functions of the deck
and an observation.
"""

from __future__ import annotations

import html

from gamedesign.games.gym.cards import COLOUR_LETTER

#: Light backgrounds of the colours (never the only cue: a symbol and a word go with them).
COLOUR_STYLE = {
    "red": "#f8d0cc",
    "orange": "#fde0bf",
    "yellow": "#fbf3b4",
    "green": "#d3efd6",
    "blue": "#d2e4f7",
    "purple": "#e3d6f1",
}

#: The strong colour a symbol is filled with.
COLOUR_INK = {
    "red": "#d7301f",
    "orange": "#f08c00",
    "yellow": "#f2c500",
    "green": "#2e9e44",
    "blue": "#2b6cc4",
    "purple": "#7b3fb5",
}

#: The symbol of each colour, in words (for screen readers and the legend).
COLOUR_SHAPE = {
    "red": "circle",
    "orange": "triangle",
    "yellow": "star",
    "green": "square",
    "blue": "diamond",
    "purple": "hexagon",
}

_SHAPE_SVG = {
    "circle": '<circle cx="8" cy="8" r="6.2"/>',
    "triangle": '<polygon points="8,1.5 14.5,14 1.5,14"/>',
    "star": '<polygon points="8,1 9.9,6 15,6.2 11,9.4 12.4,14.6 8,11.6 3.6,14.6 5,9.4 1,6.2 6.1,6"/>',
    "square": '<rect x="2" y="2" width="12" height="12"/>',
    "diamond": '<polygon points="8,1 15,8 8,15 1,8"/>',
    "hexagon": '<polygon points="4.5,2 11.5,2 15,8 11.5,14 4.5,14 1,8"/>',
}

CSS = """
.gd-gym .gd-sym { vertical-align:-2px; flex:none; }
.gd-gym .gd-kidcard { box-sizing:border-box; display:flex; flex-direction:column; justify-content:flex-start; gap:2px; overflow:hidden;
  border:1px solid #444; border-radius:7px; background:#fff; color:#111; padding:2px 3px; font-size:12px;
  line-height:1.2; }
.gd-gym .gd-kidcard.gd-brat { border:2px dashed #222; }
.gd-gym .gd-kidcard.gd-new { outline:3px solid #1f3b5a; outline-offset:-3px; }
.gd-gym .gd-kidcard.gd-chosen { outline:3px solid #1f3b5a; outline-offset:-3px; background:#eef3f8; }
.gd-gym .gd-kidname { flex:none; font-weight:700; white-space:nowrap; overflow:hidden; text-overflow:ellipsis; }
.gd-gym .gd-brattag, .gd-gym .gd-newtag { font-size:10px; font-weight:700; border:1px solid #222;
  border-radius:3px; padding:0 2px; margin-left:3px; background:#fff; color:#111; }
.gd-gym .gd-newtag { border-color:#1f3b5a; color:#1f3b5a; }
.gd-gym .gd-scores { flex:none; display:flex; flex-wrap:wrap; gap:1px; }
.gd-gym .gd-score { display:inline-flex; align-items:center; gap:1px; border-radius:4px; padding:0 1px;
  font-weight:700; font-size:11px; line-height:14px; color:#111; min-width:20px; box-sizing:border-box; }
.gd-gym .gd-score.gd-zero { background:#fff !important; color:#595959; font-weight:400; }
.gd-gym .gd-score.gd-here { outline:2px solid #111; }
.gd-gym .gd-schedule { width:200px; flex:none; color:#111; }
.gd-gym .gd-schedtitle { font-weight:700; font-size:13px; color:#111; }
.gd-gym .gd-schedrow { display:flex; align-items:center; gap:4px; border:1px solid #777; border-radius:6px;
  margin:2px 0; padding:2px 4px; font-size:12px; color:#111; }
.gd-gym .gd-schedrow.gd-inplay { border:2px solid #111; }
.gd-gym .gd-schedrow.gd-out { background:#fff !important; border-style:dashed; }
.gd-gym .gd-schedname { flex:1; min-width:0; line-height:1.15; }
.gd-gym .gd-pips { display:inline-flex; gap:1px; }
.gd-gym .gd-pip { display:inline-block; width:6px; height:10px; border:1px solid #111; background:#fff; }
.gd-gym .gd-pip.gd-on { background:#111; }
.gd-gym .gd-eventhead { box-sizing:border-box; height:50px; border:1px solid #444; border-radius:7px; padding:2px 4px;
  font-size:12px; color:#111; line-height:1.2; overflow:hidden; }
.gd-gym .gd-sidelabel { font-size:11px; font-weight:700; color:#111; height:16px; line-height:16px; }
.gd-gym .gd-emptyspot { box-sizing:border-box; height:100%; border:1px dashed #888; border-radius:7px;
  color:#595959; font-size:11px; display:flex; align-items:center; justify-content:center; }
"""


def colour_symbol(colour: str, size: int = 13) -> str:
    """The drawn symbol of ``colour`` (a red circle, an orange triangle, ...) as inline SVG."""
    shape = COLOUR_SHAPE.get(colour, "circle")
    return (
        f'<svg class="gd-sym" viewBox="0 0 16 16" width="{size}" height="{size}" role="img" '
        f'aria-label="{html.escape(colour)} {shape}"><g fill="{COLOUR_INK.get(colour, "#888")}" stroke="#111" '
        f'stroke-width="1.3" stroke-linejoin="round">{_SHAPE_SVG[shape]}</g></svg>'
    )


def score_badge(value: int, colour: str, event: str, here: bool = False) -> str:
    """A Kid's score at one event: the colour's symbol and the number (muted when 0)."""
    zero = " gd-zero" if value == 0 else ""
    mark = " gd-here" if here else ""
    return (
        f'<span class="gd-score{zero}{mark}" style="background:{COLOUR_STYLE.get(colour, "#eee")}" '
        f'title="{html.escape(event)}: {value}">{colour_symbol(colour, 10)}{value}</span>'
    )


def kid_title(deck, name: str, events) -> str:
    """A Kid in words: its kind and its score at each of ``events``."""
    kid = deck.kid(name)
    scores = ", ".join(f"{e} ({deck.event(e).colour}) {kid.value(deck.event(e).colour)}" for e in events)
    return f"{name}, {'Brat' if kid.is_brat else 'Friendly'}: {scores}"


def kid_card(deck, name: str, events, here: str | None = None, new: bool = False, chosen: bool = False,
             size: tuple = (100, 58)) -> str:
    """A Kid as a card: its name ("Brat" on a Brat) and its score at each of ``events``
    (the event ``here``, where it stands, outlined); outlined as a whole when ``new``."""
    kid = deck.kid(name)
    classes = "gd-kidcard" + (" gd-brat" if kid.is_brat else "") + (" gd-new" if new else "") + (
        " gd-chosen" if chosen else "")
    badges = "".join(
        score_badge(kid.value(deck.event(e).colour), deck.event(e).colour, e, here=e == here) for e in events
    )
    brat = '<span class="gd-brattag">Brat</span>' if kid.is_brat else ""
    tag = '<span class="gd-newtag">new</span>' if new else ""
    width, height = size
    return (
        f'<div class="{classes}" style="width:{width}px;height:{height}px" '
        f'title="{html.escape(kid_title(deck, name, events))}">'
        f'<div class="gd-kidname">{html.escape(name)}{brat}{tag}</div><div class="gd-scores">{badges}</div></div>'
    )


def schedule_html(view: dict) -> str:
    """The Event Schedule as the column it is: top first, each event with its symbol, its
    level as filled boxes and a number, and whether it is (or would now be) in play."""
    final = view["in_play_final"]
    top = max([item["level"] for item in view["schedule"]] + [4])
    rows = []
    for i, item in enumerate(view["schedule"]):
        e, colour, level = item["event"], item["colour"], item["level"]
        playing = e in view["in_play"]
        if playing:
            state = "in play" if final else "would play"
        else:
            state = "Coach" if final else "would be Coach"
        pips = "".join(f'<span class="gd-pip{" gd-on" if k < level else ""}"></span>' for k in range(top))
        rows.append(
            f'<div class="gd-schedrow {"gd-inplay" if playing else "gd-out"}" '
            f'style="background:{COLOUR_STYLE.get(colour, "#eee")}">'
            f"{colour_symbol(colour, 15)}"
            f'<span class="gd-schedname"><b>{html.escape(e)}</b> <small>{COLOUR_LETTER.get(colour, "?")} '
            f'{html.escape(colour)}</small><br>level {level} '
            f'<span class="gd-pips" aria-hidden="true">{pips}</span> <small>{state}</small></span></div>'
        )
    return (
        '<div class="gd-schedule"><div class="gd-schedtitle">Event Schedule</div>'
        '<div style="font-size:11px">top of the column first; ties go to the higher event</div>'
        + "".join(rows) + "</div>"
    )


def event_head(deck, event: str, points: tuple, coaches: dict) -> str:
    """The top of an event's column on the board: name, symbol, each team's points there and
    its Coaches (``coaches`` maps a team letter to the Coach on that side)."""
    colour = deck.event(event).colour
    coach = " ".join(f"Coach {html.escape(c)} on {t}" for t, c in sorted(coaches.items()))
    return (
        f'<div class="gd-eventhead" style="background:{COLOUR_STYLE.get(colour, "#eee")}" '
        f'title="{html.escape(event)} ({colour}){": " + coach if coach else ""}">'
        f"{colour_symbol(colour, 14)} <b>{html.escape(event)}</b><br>"
        f"A <b>{points[0]}</b> · B <b>{points[1]}</b>"
        + (f'<br><small>{coach}</small>' if coach else "")
        + "</div>"
    )


def colour_tag(colour: str) -> str:
    """A colour in a table: its symbol, its letter and its name."""
    return f"{colour_symbol(colour)} {COLOUR_LETTER.get(colour, '?')} {html.escape(colour)}"


__all__ = ["COLOUR_STYLE", "COLOUR_INK", "COLOUR_SHAPE", "CSS", "colour_symbol", "score_badge", "kid_title", "kid_card",
           "schedule_html", "event_head", "colour_tag"]
