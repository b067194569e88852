"""Paper playtests: printable cards, a one-page rules sheet and an observation sheet.

Every page is one self-contained HTML file: the styles are inline, and there are no
fonts, images or scripts from anywhere else, so it opens and prints offline. Open it in a
browser and print it (A4 or Letter, scale 100%):

* :func:`cards_html` - every card of the deck, as many times as the deck holds it, at
  poker size (63 x 88 mm), 9 a page, with dashed cut lines;
* :func:`rules_html` - the rules on one page, written for the game's options and deck;
* :func:`pack_html` - the rules sheet, then the cards: what a table needs to play;
* :func:`observation_html` - a playtest observation sheet to fill in while a group plays,
  and questions for the players after the game;
* :func:`results_html` - the results sheet of a paper playtest, box for box what the paper
  playtest form asks (:mod:`gamedesign.apps.paper`), to type the game in as a playtest log.

Each takes a game (``gamedesign.load("legday")``, with a student's deck file as
``deck=``), a lab :class:`~gamedesign.lab.Variant` (presets and
``lab.apply_deck_changes`` included) or a game's name. What is printed comes from the
game's own hooks, :meth:`~gamedesign.core.Game.printed_cards` (a list of
:class:`CardFace`) and :meth:`~gamedesign.core.Game.rules_summary` (a
:class:`RulesSheet`), so a variant prints its own numbers and rules, and a game of your
own prints once it defines them. :func:`write_html` saves a page. Every text is escaped,
and sizes are bounded (:data:`MAX_PRINTED_CARDS` cards, short texts on a card).

The command line: ``python -m gamedesign print legday --out legday.html``.
"""

from __future__ import annotations

import dataclasses
import html
import re
from pathlib import Path

from .core import Game, brief, clip
from .decks import MAX_DECK_CARDS, MAX_NAME_CHARS
from .files import check_output, write_text
from .registry import load
from .cardfaces import (  # noqa: F401  (their home is .cardfaces; printables lays them out)
    CARDS_PER_PAGE, COLOURS, CardFace, HEADING_COST, LINE_COST, LONG_NAME, MAX_CARD_TEXT, MAX_COLUMNS, MAX_FACES, MAX_KIND_CHARS, MAX_LINES, MAX_LINE_CHARS, MAX_MARKS, MAX_PRINTED_CARDS, MAX_SECTIONS, MAX_SHEET_CHARS, MAX_VALUE_CHARS, PAPERS, RulesSheet, ScorePad, _HEX, _colour, _sequence, _text,
)

@dataclasses.dataclass(frozen=True)
class Printout:
    """A game ready to print: the game, its variant's name and description (``""`` for
    the standard rules), its card faces and its rules sheet (``None`` without one)."""

    game: object
    label: str
    description: str
    faces: tuple
    sheet: RulesSheet | None
    pad: ScorePad | None = None

    @property
    def card_count(self) -> int:
        """Cards printed: the copies of every face."""
        return sum(face.copies for face in self.faces)

    @property
    def title(self) -> str:
        """The game's title, with the variant's name when there is one."""
        return f"{self.game.title} ({self.label})" if self.label else self.game.title


def prepare(source, players: int | None = None, deck=None, label: str = "", cards: bool = True) -> Printout:
    """What a printout of ``source`` holds: a game, a lab ``Variant`` or a game's name
    (loaded with ``players`` and ``deck``, a deck file path or deck data).

    ``ValueError`` with the loader's message for an unknown game or a bad deck file; a
    game without cards to print, or one with more than :data:`MAX_PRINTED_CARDS` cards,
    is refused naming the limit. ``cards=False`` (an observation sheet) asks for no cards.
    """
    description = ""
    if isinstance(source, str):
        extra = {} if deck is None else {"deck": deck}
        game = load(source, players=players, **extra)
    elif isinstance(source, Game):
        if players is not None or deck is not None:
            raise ValueError("give players and deck when loading the game, not with a game already made")
        game = source
    elif hasattr(source, "build") and hasattr(source, "label"):  # a lab Variant
        if players is not None or deck is not None:
            raise ValueError("a variant carries its own players and deck: change the variant instead")
        game = source.build()
        label = label or ("" if source.label == "standard rules" else source.label)
        description = source.description
    else:
        raise ValueError(f"print a game, a lab Variant or a game's name, not {brief(source)}")
    label = _text("the printout's label", label, MAX_NAME_CHARS)
    try:
        faces = game.printed_cards()
    except NotImplementedError:
        if cards:
            raise ValueError(
                f"{game.title} has no cards to print: its class defines no printed_cards() "
                "(see docs/writing-a-game.md)"
            ) from None
        faces = []
    faces = _sequence(f"{game.title}'s printed_cards()", list(faces), MAX_FACES)
    for face in faces:
        if not isinstance(face, CardFace):
            raise ValueError(f"printed_cards() must give CardFace objects, not {brief(face)}")
    total = sum(face.copies for face in faces)
    if total > MAX_PRINTED_CARDS:
        most = max(faces, key=lambda face: face.copies)
        raise ValueError(
            f"the deck has {total:,} cards to print ({most.name!r} alone {most.copies:,}); a printout holds at most "
            f"{MAX_PRINTED_CARDS} cards ({MAX_PRINTED_CARDS // CARDS_PER_PAGE} pages of {CARDS_PER_PAGE}): "
            "lower the counts in the deck file"
        )
    if total == 0 and cards:
        raise ValueError(f"{game.title} has no cards to print (every count is 0)")
    try:
        sheet = game.rules_summary()
    except NotImplementedError:
        sheet = None
    if sheet is not None and not isinstance(sheet, RulesSheet):
        raise ValueError(f"rules_summary() must give a RulesSheet, not {brief(sheet)}")
    pad = game.score_pad()
    if pad is not None and not isinstance(pad, ScorePad):
        raise ValueError(f"score_pad() must give a ScorePad or None, not {brief(pad)}")
    return Printout(game, label, description, tuple(faces), sheet, pad)


def _printout(source, players=None, deck=None, label="", cards=True) -> Printout:
    return source if isinstance(source, Printout) else prepare(source, players, deck, label, cards)


# ----------------------------------------------------------------------------------------
# HTML
# ----------------------------------------------------------------------------------------

CSS = """
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; background: #8a8f96; color: #111; font-family: "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif; }
.howto { max-width: 196mm; margin: 6mm auto 0; padding: 3mm 5mm; background: #fffbe6; border: 1px solid #b59f3b;
  border-radius: 2mm; font-size: 10.5pt; line-height: 1.4; }
.howto h1 { font-size: 13pt; margin: 0 0 1mm; }
.howto p { margin: 1mm 0; }
.page { position: relative; width: 196mm; height: 268mm; margin: 6mm auto; padding: 0; background: #fff;
  overflow: hidden; box-shadow: 0 1mm 3mm rgba(0,0,0,.35); }
.caption { height: 4mm; font-size: 7pt; color: #444; display: flex; justify-content: space-between;
  align-items: flex-end; padding: 0 3.5mm 0.8mm; }
.grid { display: grid; grid-template-columns: repeat(3, 63mm); grid-template-rows: repeat(3, 88mm);
  width: 189mm; margin: 0 auto; }
.card { position: relative; width: 63mm; height: 88mm; padding: 3.2mm; overflow: hidden; display: flex;
  flex-direction: column; outline: 0.3mm dashed #777; outline-offset: -0.15mm; }
.band { display: flex; justify-content: space-between; align-items: center; gap: 2mm; min-height: 9mm;
  padding: 1mm 2.2mm; border: 0.35mm solid #222; border-radius: 2mm; background: #fff; }
.kind { font-size: 8pt; font-weight: 700; letter-spacing: .05em; text-transform: uppercase; }
.value { font-size: 14pt; font-weight: 700; white-space: nowrap; }
.name { margin: 3mm 0 1.5mm; font-size: 13.5pt; font-weight: 700; line-height: 1.15; text-align: center;
  overflow-wrap: anywhere; }
.name.long { font-size: 11.5pt; }
.symbol { text-align: center; margin: 1mm 0; }
.marks { display: flex; flex-wrap: wrap; justify-content: center; gap: 1.5mm; margin: 1.5mm 0; }
.mark { border: 0.4mm solid #111; border-radius: 1.5mm; padding: 1mm 2.2mm; font-size: 12pt; font-weight: 700; }
.lines { margin: 1.5mm 0 0; padding: 0; list-style: none; font-size: 8.3pt; line-height: 1.3; }
.lines li { margin: 0 0 1mm; overflow-wrap: anywhere; }
.lines li:first-child { font-size: 9.3pt; font-weight: 700; }
.foot { margin-top: auto; padding-top: 1mm; border-top: 0.2mm solid #999; display: flex;
  justify-content: space-between; gap: 2mm; font-size: 6.5pt; color: #333; }
.foot span:first-child { overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.sheet { padding: 7mm 9mm 6mm; height: 100%; display: flex; flex-direction: column; }
.sheet > * { flex-shrink: 0; }
.sheet h1 { font-size: 17pt; margin: 0 0 1mm; }
.sheet .sub { font-size: 9.5pt; color: #333; margin: 0 0 3mm; }
.rules { column-count: 2; column-gap: 7mm; font-size: 9.5pt; line-height: 1.32; }
.rules h2 { font-size: 10.5pt; margin: 0 0 1mm; padding-bottom: 0.5mm; border-bottom: 0.3mm solid #222;
  break-after: avoid; }
.rules section { break-inside: auto; margin-bottom: 2.5mm; }
.rules ul { margin: 0; padding-left: 4mm; }
.rules li { margin: 0 0 0.8mm; break-inside: avoid; }
.source { margin-top: auto; font-size: 7.5pt; color: #444; border-top: 0.2mm solid #999; padding-top: 1mm; }
.blank { border-bottom: 0.25mm solid #555; height: 7.5mm; }
.fields { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 1.5mm 5mm; font-size: 9pt; margin-bottom: 3mm; }
.fields div { border-bottom: 0.25mm solid #555; padding: 1mm 0 0.6mm; min-height: 7mm; }
.fields b { font-weight: 700; margin-right: 1.5mm; }
.obs h2 { font-size: 11pt; margin: 2.5mm 0 1mm; }
.obs .hint { font-size: 8pt; color: #333; margin: 0 0 1.2mm; }
table.tally, table.players { width: 100%; border-collapse: collapse; table-layout: fixed; font-size: 8.3pt; }
table.tally th, table.tally td, table.players th, table.players td { border: 0.25mm solid #444; padding: 0.6mm 1mm; }
table.tally th { font-size: 7pt; font-weight: 700; background: #eee; }
table.tally td { height: 12.5mm; }
table.tally td.what { font-size: 8.3pt; vertical-align: top; }
table.tally td.what small { display: block; font-size: 6.8pt; color: #333; margin-top: 0.5mm; }
table.players td { height: 7mm; }
table.players th { background: #eee; font-size: 8pt; }
.question { border: 0.3mm solid #444; border-radius: 1.5mm; padding: 1.5mm 2.5mm; margin-bottom: 2.2mm; }
.question b { font-size: 9.5pt; }
.question .hint { margin: 0.3mm 0 0; }
.question .space { height: 15mm; }
table.scale td:nth-child(n+3) { text-align: center; word-spacing: 2.5mm; }
.card.back { justify-content: center; align-items: center; text-align: center; background: #f4f4f4; }
.card.back .bgame { font-size: 15pt; font-weight: 700; line-height: 1.2; overflow-wrap: anywhere; }
.card.back .bkind { margin-top: 4mm; font-size: 11pt; font-weight: 700; letter-spacing: .05em; text-transform: uppercase;
  border: 0.35mm solid #222; border-radius: 2mm; padding: 1.5mm 3mm; background: #fff; }
.card.empty { outline: none; background: none; }
.grid.fold { grid-template-columns: repeat(2, 63mm); width: 126mm; }
.grid.fold .card { outline: none; border: 0.3mm dashed #777; }
.grid.fold .card.front { border-right: 0.3mm solid #bbb; }
.grid.fold .card.back { border-left: none; }
.guide { border: 0.3mm solid #444; border-radius: 1.5mm; padding: 1.5mm 2.5mm; margin-top: 2mm; font-size: 8.3pt;
  line-height: 1.3; }
.guide h2 { font-size: 10pt; margin: 0 0 0.8mm; }
.guide p { margin: 0.5mm 0; }
table.pad { width: 100%; border-collapse: collapse; table-layout: fixed; font-size: 8.5pt; margin-top: 2mm; }
table.pad th, table.pad td { border: 0.25mm solid #444; padding: 0.8mm 1.2mm; }
table.pad th { background: #eee; font-size: 8pt; }
table.pad td { height: 11mm; }
table.pad td.what small { display: block; font-size: 6.8pt; color: #333; margin-top: 0.4mm; }
table.pad tr.total td { font-weight: 700; height: 12mm; }
@page { margin: 0; }
@media print {
  body { background: #fff; }
  .howto { display: none; }
  .page { margin: 5mm auto 0; box-shadow: none; break-after: page; page-break-after: always; }
  .page:last-child { break-after: auto; page-break-after: auto; }
}
"""


def _e(text) -> str:
    """Text made safe to put in HTML (also inside attributes)."""
    return html.escape(str(text), quote=True)


def _fill(colour: str) -> str:
    return COLOURS.get(colour, colour) or "#ffffff"


def _document(title: str, pages: list[str], howto: str, paper: str | None) -> str:
    if paper is not None and paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)} (or None for the printer's own), not {brief(paper)}")
    size = f"@page {{ size: {PAPERS[paper]}; margin: 0; }}" if paper else ""
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{_e(title)}</title>\n<style>{CSS}{size}</style>\n</head>\n<body>\n"
        f"<div class=\"howto\">{howto}</div>\n" + "\n".join(pages) + "\n</body>\n</html>\n"
    )


_PRINT_HOWTO = (
    "<p><b>To print:</b> your browser's Print (Ctrl+P or Cmd+P), paper A4 or Letter, portrait, "
    "<b>scale 100%</b> (\"Actual size\", not \"Fit to page\"), margins \"None\" or \"Default\", "
    "\"Background graphics\" on for the colours (every card reads without them). "
    "This box is not printed.</p>"
)


def svg_shape(markup: str, size: int = 40, unit: str = "", label: str = "") -> str:
    """A drawn shape (SVG ``markup`` inside a 48 x 32 box, as a game gives it) as an inline
    SVG ``size`` wide, in pixels or in ``unit`` (``"mm"``); named ``label`` for a screen
    reader, else hidden from it."""
    height = round(size * 32 / 48, 2 if unit else None)
    width, height = f"{size}{unit}", f"{height:g}{unit}"
    named = f'role="img" aria-label="{html.escape(label)}"' if label else 'aria-hidden="true"'
    return f'<svg viewBox="0 0 48 32" width="{width}" height="{height}" {named}>{markup}</svg>'


def card_html(face: CardFace, footer: str = "", slot: int | None = None) -> str:
    """One card (63 x 88 mm) as HTML: a band with its kind and value, its name, its
    symbol or colour marks, its lines and a footer; every text escaped."""
    number = "" if slot is None else f' data-slot="{slot}"'
    parts = [f'<div class="card" data-card="{_e(face.name)}"{number}>']
    band = f' style="background:{_fill(face.colour)}"' if face.colour else ""
    parts.append(f'<div class="band"{band}><span class="kind">{_e(face.kind)}</span>'
                 f'<span class="value">{_e(face.value)}</span></div>')
    long = " long" if len(face.name) > LONG_NAME else ""
    parts.append(f'<div class="name{long}">{_e(face.name)}</div>')
    if face.symbol and face.shape:
        parts.append(f'<div class="symbol">{svg_shape(face.shape, 20, "mm")}</div>')
    if face.marks:
        chips = "".join(f'<span class="mark" style="background:{_fill(c)}">{_e(t)}</span>' for t, c in face.marks)
        parts.append(f'<div class="marks">{chips}</div>')
    if face.lines:
        parts.append('<ul class="lines">' + "".join(f"<li>{_e(line)}</li>" for line in face.lines) + "</ul>")
    parts.append(f'<div class="foot"><span>{_e(footer)}</span><span>x{face.copies}</span></div></div>')
    return "".join(parts)


#: Cards on a page of the fold-over layout: 3 rows of a front and its back side by side.
FOLD_PER_PAGE = 3
#: The printed page's box in mm (width, height): the ``.page`` of the styles, which fits on
#: both papers of :data:`PAPERS`, and a card's size.
PAGE_MM = (196, 268)
CARD_MM = (63, 88)
#: The papers' sizes in mm (width, height), portrait.
PAPER_MM = {"a4": (210, 297), "letter": (215.9, 279.4)}


def back_html(printout: Printout, face: CardFace, slot: int | None = None) -> str:
    """The back of the card ``face``: the game's title and what the game's
    :meth:`~gamedesign.core.Game.card_back` says (by default the card's kind), so a
    face-down card can be sorted without showing its face."""
    text = printout.game.card_back(face)
    text = _text(f"card_back() of {brief(face.name)}", text, MAX_KIND_CHARS)
    number = "" if slot is None else f' data-slot="{slot}"'
    kind = f'<div class="bkind">{_e(text)}</div>' if text else ""
    return f'<div class="card back"{number}><div class="bgame">{_e(printout.game.title)}</div>{kind}</div>'


def mirrored(items: list, across: int = 3) -> list:
    """``items`` (a page's cards, row by row, ``across`` a row) as their backs lie when the
    sheet is turned over on its long edge: each row in reverse order, a part-filled last row
    padded with ``None`` so that every back lies behind its front."""
    rows = [list(items[k : k + across]) for k in range(0, len(items), across)]
    return [item for row in rows for item in reversed(row + [None] * (across - len(row)))]


def sheet_counts(printout: Printout, fold: bool = False) -> dict:
    """For each paper of :data:`PAPERS`: ``{"per_sheet": cards on a sheet, "sheets": sheets
    of paper, "pages": printed pages}``. Duplex (the default) puts 9 fronts on one side of
    a sheet and their backs on the other; ``fold`` puts 3 cards, each front beside its back,
    on one side."""
    counts = {}
    for paper, (width, height) in PAPER_MM.items():
        if PAGE_MM[0] > width or PAGE_MM[1] > height:
            raise ValueError(f"the page ({PAGE_MM[0]} x {PAGE_MM[1]} mm) does not fit on {paper}")
        per_sheet = FOLD_PER_PAGE if fold else CARDS_PER_PAGE
        sheets = -(-printout.card_count // per_sheet)
        counts[paper] = {"per_sheet": per_sheet, "sheets": sheets, "pages": sheets if fold else 2 * sheets}
    return counts


def _card_pages(printout: Printout, backs: bool = True, fold: bool = False) -> list[str]:
    if not printout.card_count:
        raise ValueError(f"{printout.title} has no cards to print (prepare it with cards=True)")
    footer = printout.title
    faces = [face for face in printout.faces for _ in range(face.copies)]
    per_page = FOLD_PER_PAGE if fold else CARDS_PER_PAGE
    pages = []
    count = (len(faces) + per_page - 1) // per_page
    total = count * (1 if fold or not backs else 2)
    for number in range(count):
        chunk = list(range(number * per_page, min(len(faces), (number + 1) * per_page)))
        first, last = chunk[0] + 1, chunk[-1] + 1
        sheet = f"card page {len(pages) + 1} of {total}"
        if fold:
            cells = "".join(card_html(faces[i], footer, i).replace('class="card"', 'class="card front"', 1)
                            + back_html(printout, faces[i], i) for i in chunk)
            caption = (f'<div class="caption"><span>{_e(printout.title)}: cards {first}-{last} of {len(faces)}, '
                       f"each front beside its back</span><span>cut the dashed outline, fold on the solid middle line - "
                       f"{sheet}</span></div>")
            pages.append(f'<section class="page cards fold">{caption}<div class="grid fold">{cells}</div></section>')
            continue
        side = "fronts, " if backs else ""
        caption = (f'<div class="caption"><span>{_e(printout.title)}: {side}cards {first}-{last} of {len(faces)}'
                   f"</span><span>cut along the dashed lines - {sheet}</span></div>")
        cells = "".join(card_html(faces[i], footer, i) for i in chunk)
        pages.append(f'<section class="page cards">{caption}<div class="grid">{cells}</div></section>')
        if backs:
            cells = "".join('<div class="card empty"></div>' if i is None else back_html(printout, faces[i], i)
                            for i in mirrored(chunk))
            caption = (f'<div class="caption"><span>{_e(printout.title)}: backs of cards {first}-{last}, '
                       f"mirrored</span><span>print on the back of the page before (flip on the long edge) - "
                       f"card page {len(pages) + 1} of {total}</span></div>")
            pages.append(f'<section class="page cards backs">{caption}<div class="grid backs">{cells}</div></section>')
    return pages


def _guide(printout: Printout, backs: bool = True, fold: bool = False, first: int = 2) -> str:
    """The sheet count and cutting guide for the first page (empty without cards); the card
    pages start at page ``first`` of the printout."""
    if not printout.card_count:
        return ""
    counts = sheet_counts(printout, fold)
    last = first - 1 + counts["a4"]["pages" if fold or backs else "sheets"]
    where = f"Card pages {first} to {last} of this printout" if last > first else f"Card page {first}"
    a4, letter = counts["a4"], counts["letter"]
    papers = (f"A4: {a4['sheets']} sheet{'s' if a4['sheets'] != 1 else ''}, {a4['per_sheet']} cards a sheet. "
              f"Letter: {letter['sheets']} sheet{'s' if letter['sheets'] != 1 else ''}, "
              f"{letter['per_sheet']} cards a sheet.")
    if fold:
        how = ("Fold-over, single-sided: each row is one card, its front on the left and its back on the right. "
               "Cut around the dashed outline of each pair, fold on the solid middle line so the printed sides face "
               "out, and glue or tape the halves together.")
        pages = f"{where}: fronts beside their backs."
    elif backs:
        how = ("Print double-sided, flip on the long edge: each page of fronts is followed by its backs, so one "
               "sheet holds 9 cards. Cut along the dashed lines: 2 cuts down and 2 across give 9 cards of 63 x 88 mm. "
               "Check the first sheet against a window: each back lies behind its front.")
        pages = (f"{where}: a page of fronts (pages {first}, {first + 2}, ...), then its backs, mirrored row by "
                 "row (the page after each). Print them as one double-sided job.")
    else:
        how = "Print single-sided; cut along the dashed lines: 2 cuts down and 2 across give 9 cards of 63 x 88 mm."
        pages = f"{where}: fronts only."
    return (f'<div class="guide"><h2>Printing and cutting: {printout.card_count} cards</h2><p><b>{_e(papers)}</b></p>'
            f"<p>{_e(how)}</p><p>{_e(pages)}</p></div>")


def _pad_page(printout: Printout) -> str:
    """The score pad: one row per thing scored, one column per player (or team)."""
    pad, game = printout.pad, printout.game
    columns = pad.columns or tuple(f"Player {seat + 1}" for seat in range(game.num_players))
    widths = '<col style="width:62mm">' + "<col>" * len(columns)
    head = "<th>Scored</th>" + "".join(f"<th>{_e(c)}</th>" for c in columns)
    names = '<tr><td class="what">Name</td>' + "<td></td>" * len(columns) + "</tr>"
    rows = "".join(
        f'<tr><td class="what">{_e(what)}<small>{_e(how)}</small></td>' + "<td></td>" * len(columns) + "</tr>"
        for what, how in pad.rows
    )
    if pad.total:
        rows += f'<tr class="total"><td class="what">{_e(pad.total)}</td>' + "<td></td>" * len(columns) + "</tr>"
    note = f'<p class="sub">{_e(pad.note)}</p>' if pad.note else ""
    table = (f'<table class="pad"><colgroup>{widths}</colgroup><thead><tr>{head}</tr></thead>'
             f"<tbody>{names}{rows}</tbody></table>")
    return (f'<section class="page score-pad"><div class="sheet"><h1>Score pad: {_e(printout.title)}</h1>'
            f'<p class="sub">Fill in at the end of the game, one column each.</p>{table}{note}'
            f'<p class="source">Rows from the game\'s own scoring for this deck and options.</p></div></section>')


def _players_text(game) -> str:
    cls = type(game)
    allowed = cls.allowed_players or tuple(range(cls.min_players, cls.max_players + 1))
    return f"{_listing(allowed)} players"


def _listing(numbers) -> str:
    numbers = list(numbers)
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]} to {numbers[-1]}"
    return ", ".join(map(str, numbers[:-1])) + (" or " if len(numbers) > 1 else "") + str(numbers[-1])


def _rules_page(printout: Printout, guide: str = "") -> str:
    game, sheet = printout.game, printout.sheet
    cards = f", {printout.card_count} cards" if printout.card_count else ""
    sub = [f"{_players_text(game)}; this printout: {game.num_players} players{cards}."]
    if printout.label:
        sub.append(f"Variant: {printout.label}." + (f" {printout.description}" if printout.description else ""))
    if sheet is not None and sheet.needs:
        sub.append(f"You need: {sheet.needs}")
    head = f'<h1>{_e(game.title)}: the rules at the table</h1><p class="sub">{"<br>".join(_e(s) for s in sub)}</p>'
    if sheet is None:
        body = (
            '<div class="rules"><section><h2>The rules (write them here)</h2>'
            + '<div class="blank"></div>' * 28
            + "</section></div>"
        )
        source = "This game defines no rules_summary(): write its rules above before the playtest."
    else:
        body = '<div class="rules">' + "".join(
            f"<section><h2>{_e(heading)}</h2><ul>" + "".join(f"<li>{_e(line)}</li>" for line in lines) + "</ul></section>"
            for heading, lines in sheet.sections
        ) + "</div>"
        source = sheet.source or "Written from the game's own rules summary."
    return (f'<section class="page rules-sheet"><div class="sheet">{head}{body}{guide}<p class="source">{_e(source)}</p>'
            "</div></section>")


def cards_html(source, players: int | None = None, deck=None, label: str = "", paper: str | None = None,
               backs: bool = True, fold: bool = False) -> str:
    """A printable page of every card of ``source`` (a game, a lab ``Variant``, a game's
    name or a :class:`Printout`), as many times as the deck holds it, 9 a page: first a
    page with the sheet count and cutting guide, then each page of fronts followed by its
    backs, mirrored for double-sided printing (``backs=False``: fronts only); ``fold=True``
    prints each card's front beside its back, 3 a page, to fold over on one-sided paper."""
    printout = _printout(source, players, deck, label)
    guide = (f'<section class="page guide-page"><div class="sheet"><h1>{_e(printout.title)}: cards</h1>'
             f"{_guide(printout, backs, fold, first=2)}</div></section>")
    pages = [guide, *_card_pages(printout, backs, fold)]
    return _document(f"{printout.title}: cards", pages, _howto(printout, "cards", fold), paper)


def rules_html(source, players: int | None = None, deck=None, label: str = "", paper: str | None = None) -> str:
    """A printable one-page rules sheet for ``source``, written for its options and deck
    (blank lines to write the rules on for a game without :meth:`~gamedesign.core.Game.rules_summary`)."""
    printout = _printout(source, players, deck, label, cards=False)
    return _document(f"{printout.title}: rules", [_rules_page(printout)], _howto(printout, "rules"), paper)


def pack_html(source, players: int | None = None, deck=None, label: str = "", paper: str | None = None,
              backs: bool = True, fold: bool = False) -> str:
    """What a table needs for a paper playtest: the rules sheet with the sheet count and
    cutting guide, the score pad (for a game with :meth:`~gamedesign.core.Game.score_pad`),
    then every card with its back (see :func:`cards_html` for ``backs`` and ``fold``); for
    a game with no cards to print (dice, a board, a game of its own pieces), the rules
    sheet, the score pad and the observation sheet."""
    printout = _printout(source, players, deck, label, cards=False)
    pad = [_pad_page(printout)] if printout.pad is not None else []
    if printout.card_count == 0:
        pages = [_rules_page(printout), *pad, *_observation_pages(printout)]
        return _document(f"{printout.title}: rules and observation sheet", pages, _howto(printout, "pack without cards"),
                         paper)
    guide = _guide(printout, backs, fold, first=2 + len(pad))
    pages = [_rules_page(printout, guide), *pad, *_card_pages(printout, backs, fold)]
    return _document(f"{printout.title}: rules and cards", pages, _howto(printout, "pack", fold), paper)


def _howto(printout: Printout, what: str, fold: bool = False) -> str:
    pages = -(-printout.card_count // (FOLD_PER_PAGE if fold else CARDS_PER_PAGE))
    pad = ", the score pad" if printout.pad is not None else ""
    held = {
        "cards": f"a guide page, then {printout.card_count} cards on {pages} pages" + ("" if fold else " with their backs"),
        "rules": "the rules sheet (one page)",
        "pack": f"the rules sheet with the printing guide (page 1){pad}, then {printout.card_count} cards on {pages} "
                "pages" + ("" if fold else " with their backs"),
        "pack without cards": (f"the rules sheet (page 1){pad} and the observation sheet; no cards, "
                               f"since {printout.title} has none to print"),
        "observation": "the observation sheet: page 1 during the game, page 2 after it",
    }[what]
    extra = (
        "<p>Cards are 63 x 88 mm (poker size). For the backs print double-sided, flipping on the long edge; "
        "without a duplex printer print with <code>fold</code> (each front beside its back) and fold them over.</p>"
        if what in ("cards", "pack") else ""
    )
    return f"<h1>{_e(printout.title)}</h1><p>This file holds {held}.</p>{_PRINT_HOWTO}{extra}"


# ----------------------------------------------------------------------------------------
# The observation sheet
# ----------------------------------------------------------------------------------------

#: What an observer tallies each round: (what, how to note it).
TALLIES = (
    ("Forced decisions", "a stroke when a player had only one sensible move"),
    ("Downtime", "a stroke when someone waits, looks away or checks a phone"),
    ("Confusion", "a stroke for a puzzled look, a wrong move or a take-back"),
    ("Rule questions", "a stroke per question asked; write the question below"),
    ("Who led", "initials of the leader at the round's end"),
    ("Comebacks", "a stroke when a player who was behind catches up"),
    ("Take-that targets", "initials of whoever was hit by another player's card"),
    ("Excitement", "a stroke for a cheer, a groan or a laugh"),
)

#: The rows of :data:`TALLIES` written as initials, not strokes.
INITIALS = ("Who led", "Take-that targets")

#: What each player rates after the game, circling 1 (not at all) to 5 (very).
RATINGS = ("Fun", "Fair", "Clear rules", "Length right")

#: Questions for the players after the game: (question, a hint for the observer).
QUESTIONS = (
    ("What was fun?", "When did you enjoy the game most? Which decision did you like making?"),
    ("What dragged?", "When did you wait, or stop caring? Was the game too long or too short?"),
    ("Was it fair?", "Did the winner deserve it? Was anyone out of the running early, or helped by their seat?"),
    ("What was unclear?", "Which rule did you have to ask about or look up? Write the questions asked."),
    ("What would you change?", "One rule, card or number. What do you expect it to fix?"),
)


def observation_html(source, players: int | None = None, deck=None, label: str = "", paper: str | None = None,
                     columns=None) -> str:
    """A printable playtest observation sheet for ``source`` (a game, a lab ``Variant`` or
    a game's name): page 1 to fill in during the game (the table, a tally per round of
    :data:`TALLIES`), page 2 after it (the players' ratings and :data:`QUESTIONS`).

    ``columns`` are the tally's column headings (by default the game's own, from its rules
    sheet: Leg Day's days, GYM's stretches of play; else "Round 1" to "Round 10").
    """
    printout = _printout(source, players, deck, label, cards=False)
    pages = _observation_pages(printout, columns)
    return _document(f"{printout.title}: playtest observation", pages, _howto(printout, "observation"), paper)


def _observation_pages(printout: Printout, columns=None) -> list[str]:
    """The two pages of the observation sheet (see :func:`observation_html`)."""
    game = printout.game
    if columns is None:
        columns = printout.sheet.columns if printout.sheet is not None and printout.sheet.columns else ()
        columns = columns or tuple(f"Round {k}" for k in range(1, 11))
    columns = _sequence("columns", columns, MAX_COLUMNS)
    for column in columns:
        _text("a column heading", column, 16, empty=False)
    teams = game.teams()
    team_of = {seat: i for i, team in enumerate(teams) for seat in team}
    has_teams = any(len(team) > 1 for team in teams)
    variant = printout.label or "standard rules"

    fields = (
        f'<div><b>Game</b>{_e(game.title)}</div><div><b>Variant</b>{_e(variant)}</div><div><b>Date</b></div>'
        f"<div><b>Observer</b></div><div><b>Playtest no.</b></div><div><b>Start / end time</b></div>"
    )
    narrow = '<col style="width:12mm">'
    head_cols = narrow * (2 if has_teams else 1) + '<col style="width:60mm"><col><col><col style="width:18mm">'
    head_cells = "<th>Player</th>" + ("<th>Team</th>" if has_teams else "") + (
        "<th>Name or initials</th><th>Played before?</th><th>Final score</th><th>Won?</th>"
    )
    rows = "".join(
        f"<tr><td>{seat + 1}</td>" + (f"<td>{chr(65 + team_of[seat])}</td>" if has_teams else "") + "<td></td>" * 4 + "</tr>"
        for seat in range(game.num_players)
    )
    widths = f'<col style="width:{38 if len(columns) > 10 else 44}mm">' + "<col>" * (len(columns) + 1)
    tally_head = "<th>What</th>" + "".join(f"<th>{_e(c)}</th>" for c in columns) + "<th>Total</th>"
    tally_rows = "".join(
        f'<tr><td class="what">{_e(what)}<small>{_e(how)}</small></td>' + "<td></td>" * (len(columns) + 1) + "</tr>"
        for what, how in TALLIES
    )
    page1 = (
        f'<section class="page observation"><div class="sheet obs"><h1>Playtest observation: {_e(game.title)}</h1>'
        f'<p class="sub">During the game. Watch the players, not the cards; say nothing about the rules unless '
        f"asked (then tally the question). {game.num_players} players.</p>"
        f'<div class="fields">{fields}</div>'
        f'<table class="players"><colgroup>{head_cols}</colgroup><thead><tr>{head_cells}</tr></thead>'
        f"<tbody>{rows}</tbody></table>"
        f"<h2>Tally, round by round</h2>"
        f'<p class="hint">One stroke per event in the column of the round it happened in; initials where asked.</p>'
        f'<table class="tally"><colgroup>{widths}</colgroup><thead><tr>{tally_head}</tr></thead>'
        f"<tbody>{tally_rows}</tbody></table>"
        f'<h2>Rule questions asked (in the players\' words)</h2><div class="blank"></div><div class="blank"></div>'
        f'<div class="blank"></div>'
        f'<p class="source">{_e(printout.title)} - observation sheet, page 1 of 2</p></div></section>'
    )
    scale = "<td>1 2 3 4 5</td>" * len(RATINGS)
    ratings = "".join(f"<tr><td>{seat + 1}</td><td></td>{scale}</tr>" for seat in range(game.num_players))
    questions = "".join(
        f'<div class="question"><b>{_e(q)}</b><p class="hint">{_e(h)}</p><div class="space"></div></div>'
        for q, h in QUESTIONS
    )
    page2 = (
        f'<section class="page observation"><div class="sheet obs"><h1>After the game: ask the players</h1>'
        f'<p class="sub">Ask each question to the whole table; write down what they say, not what you think. '
        f"Then the ratings, one row per player (circle one number: 1 = not at all, 5 = very).</p>"
        f'<table class="players scale"><colgroup><col style="width:12mm"><col style="width:40mm"><col><col><col><col>'
        f'</colgroup><thead><tr><th>Player</th><th>Name</th>{"".join(f"<th>{_e(r)}</th>" for r in RATINGS)}'
        f"</tr></thead><tbody>{ratings}</tbody></table>"
        f"<h2>Questions</h2>{questions}"
        f'<h2>The observer\'s note: the one moment to show the class</h2><div class="blank"></div>'
        f'<div class="blank"></div>'
        f'<p class="source">{_e(printout.title)} - observation sheet, page 2 of 2</p></div></section>'
    )
    return [page1, page2]


# ----------------------------------------------------------------------------------------
# The results sheet: what the paper playtest form asks, field for field
# ----------------------------------------------------------------------------------------

#: The results sheet's fields about the whole game, in the form's order: (field, label).
RESULT_FIELDS = (("date", "Date"), ("observer", "Observer"), ("number", "Playtest no."),
                 ("length", "Rounds played"))
#: Its fields a seat, in the form's order: (field, label); then one per :data:`RATINGS`.
SEAT_FIELDS = (("who", "Person (name) or bot"), ("score", "Final score"), ("won", "Won?"),
               ("before", "Played before?"))


def results_html(source, players: int | None = None, deck=None, label: str = "", paper: str | None = None) -> str:
    """The results sheet of a paper playtest, one page: what the paper playtest form
    (``notebooks/apps/paper_playtest.ipynb``) asks, box for box: the date, observer,
    playtest number and rounds played; a row a seat with the person or bot, the final
    score, won, played before and the four ratings; the totals of the observation sheet's
    tallies, its rows of initials, and notes. Copy onto it from the observation sheet after
    the game; a box left empty stays empty in the log."""
    printout = _printout(source, players, deck, label, cards=False)
    return _document(f"{printout.title}: paper playtest results", [_results_page(printout)],
                     f"<h1>{_e(printout.title)}</h1><p>This file holds the results sheet of a paper playtest (one "
                     f"page), to type into the paper playtest form.</p>{_PRINT_HOWTO}", paper)


def _results_page(printout: Printout) -> str:
    game = printout.game
    counts = [what for what, _ in TALLIES if what not in INITIALS]
    fields = "".join(f'<div data-field="{f}"><b>{_e(text)}</b></div>' for f, text in RESULT_FIELDS)
    fields = (f'<div><b>Game</b>{_e(game.title)}</div><div data-field="players"><b>Players</b>{game.num_players}</div>'
              + fields)
    heads = [text for _, text in SEAT_FIELDS] + list(RATINGS)
    keys = [f for f, _ in SEAT_FIELDS] + list(RATINGS)
    head = "<th>Player</th>" + "".join(f"<th>{_e(h)}</th>" for h in heads)
    rows = "".join(
        f"<tr><td>{seat + 1}</td>" + "".join(f'<td data-field="seat {seat}: {_e(k)}"></td>' for k in keys) + "</tr>"
        for seat in range(game.num_players)
    )
    tallies = "".join(f'<tr><td class="what">{_e(what)}</td><td data-field="tally: {_e(what)}"></td></tr>'
                      for what in counts)
    initials = "".join(f'<tr><td class="what">{_e(what)}</td><td data-field="initials: {_e(what)}"></td></tr>'
                       for what in INITIALS)
    return (
        f'<section class="page results"><div class="sheet obs"><h1>Paper playtest results: {_e(game.title)}</h1>'
        f'<p class="sub">After the game, copy the observation sheet here, then type this page into the paper '
        f"playtest form. Leave a box empty when nothing was written down. Ratings: 1 = not at all, 5 = very. "
        f"A bot seat: write bot.</p>"
        f'<div class="fields">{fields}</div>'
        f'<table class="players"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
        f"<h2>Tally totals (the Total column of the observation sheet)</h2>"
        f'<table class="players"><colgroup><col style="width:62mm"><col></colgroup><tbody>{tallies}</tbody></table>'
        f"<h2>Rows of initials, as written (one per round)</h2>"
        f'<table class="players"><colgroup><col style="width:62mm"><col></colgroup><tbody>{initials}</tbody></table>'
        f'<h2>Notes: the rule questions asked, the observer\'s note</h2><div data-field="notes">'
        f'<div class="blank"></div><div class="blank"></div><div class="blank"></div></div>'
        f'<p class="source">{_e(printout.title)} - paper playtest results, one page</p></div></section>'
    )


# ----------------------------------------------------------------------------------------
# Files
# ----------------------------------------------------------------------------------------

#: What a page for each word of the command line ``--what`` holds.
KINDS = {"pack": pack_html, "cards": cards_html, "rules": rules_html, "observation": observation_html,
         "results": results_html}


def write_html(text: str, path, *, inputs=()) -> Path:
    """Write the page ``text`` to ``path`` (a file name ending in ``.html``); returns the
    path. ``ValueError`` naming the file when it does not end in ``.html`` or may not be
    written (see :func:`gamedesign.files.write_text`: a folder, a symbolic link, a missing
    folder, no permission, or one of ``inputs``, the files the page was made from), so a
    deck file is never replaced."""
    target = check_output(path, inputs)
    if target.suffix.lower() not in (".html", ".htm"):
        shown = clip(str(path), 200)
        raise ValueError(f"the output file's name must end in .html (a page to open in a browser), not {shown!r}")
    return write_text(target, text, inputs=inputs)


__all__ = [
    "CARDS_PER_PAGE",
    "COLOURS",
    "CardFace",
    "KINDS",
    "MAX_PRINTED_CARDS",
    "PAPERS",
    "Printout",
    "INITIALS",
    "QUESTIONS",
    "RATINGS",
    "RESULT_FIELDS",
    "SEAT_FIELDS",
    "RulesSheet",
    "ScorePad",
    "TALLIES",
    "back_html",
    "card_html",
    "cards_html",
    "observation_html",
    "pack_html",
    "prepare",
    "mirrored",
    "results_html",
    "rules_html",
    "sheet_counts",
    "write_html",
]
