"""What a game prints for a paper playtest, as plain data checked when it is made: a
card face (:class:`CardFace`), a one-page rules sheet (:class:`RulesSheet`) and a score
pad for the end scoring (:class:`ScorePad`), with the
limits that make them fit on paper and the colours a card may use.

A game gives these (``Game.printed_cards``, ``Game.rules_summary``, ``Game.score_pad``,
and the text of a card's back, ``Game.card_back``);
:mod:`gamedesign.printables`, a front end, lays them out and draws them.
"""

from __future__ import annotations

import dataclasses
import re

from .decks import MAX_DECK_CARDS, MAX_NAME_CHARS
from .echo import brief

#: The most cards one printout holds (50 pages of 9); the printed decks have 24 to 108.
MAX_PRINTED_CARDS = 450
#: Cards on a page: 3 across and 3 down.
CARDS_PER_PAGE = 9
#: Different cards (faces) one game may print.
MAX_FACES = 200
#: Limits of the texts on a card, so that they fit on it.
MAX_KIND_CHARS = 30
MAX_VALUE_CHARS = 14
MAX_LINE_CHARS = 120
MAX_LINES = 6
#: The most characters of all a card's lines together.
MAX_CARD_TEXT = 260
#: Names longer than this are printed smaller.
LONG_NAME = 28
MAX_MARKS = 4
#: How much text a one-page rules sheet holds: its characters, each line counted 40 more
#: (its bullet and its last, part-filled row) and each heading 90 (measured: the GYM
#: sheet, the longest shipped, is about 4,200 and fills three quarters of the page).
MAX_SHEET_CHARS = 4_800
LINE_COST, HEADING_COST = 40, 90
MAX_SECTIONS = 8
#: Columns of the observation sheet's tally (rounds, days, ...).
MAX_COLUMNS = 16
#: Paper sizes a page can ask the printer for (``None``: the printer's own).
PAPERS = {"a4": "A4 portrait", "letter": "letter portrait"}

#: Light colours a card's band or a mark may use, by name: print-friendly, with dark text.
#: A colour is never the only cue: the kind or the colour's name is written beside it.
COLOURS = {
    "red": "#f6b3b3",
    "orange": "#fbd0a0",
    "yellow": "#fff09a",
    "green": "#c2e6c2",
    "blue": "#b9d7f5",
    "purple": "#dcc7ef",
    "pink": "#f8d9e6",
    "grey": "#e3e3e3",
    "white": "#ffffff",
}

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


# ----------------------------------------------------------------------------------------
# What a game prints: card faces and a rules sheet (plain data, checked when made)
# ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class CardFace:
    """One card as it is printed: what a player must read at the table.

    ``name`` is the card's name (the largest text), ``kind`` its kind in words ("Bench
    Press", "Brat", "Cheat"), ``copies`` how many to print, ``value`` the number that
    matters most, shown in the corner ("3 pts", "+1 lb"), ``lines`` what the card does or
    scores (a few short lines), ``marks`` labelled colour chips (``(text, colour)``, e.g.
    a GYM skill ``("red 3", "red")``), ``colour`` the band's colour (a name of
    :data:`COLOURS` or ``"#rrggbb"``), ``symbol`` the name of a drawn symbol (``"shake"``,
    or ``""``) and ``shape`` its drawing, SVG markup inside a 48 x 32 box that the game
    gives (``""``: none drawn) and ``back`` what its back says under the game's title
    (``None``: its kind; ``""``: only the title, so all backs alike: what a game with hands
    or face-down cards needs, since a back the table can tell apart gives away what is
    hidden). Everything but ``shape`` is plain text: it is escaped when printed.
    """

    name: str
    kind: str
    copies: int = 1
    value: str = ""
    lines: tuple = ()
    marks: tuple = ()
    colour: str = ""
    symbol: str = ""
    shape: str = ""
    back: str | None = None

    def __post_init__(self):
        where = f"card {brief(self.name)}"
        _text(f"{where}: 'name'", self.name, MAX_NAME_CHARS, empty=False)
        _text(f"{where}: 'kind'", self.kind, MAX_KIND_CHARS)
        _text(f"{where}: 'value'", self.value, MAX_VALUE_CHARS)
        _text(f"{where}: 'symbol'", self.symbol, MAX_KIND_CHARS)
        if self.back is not None:
            _text(f"{where}: 'back'", self.back, MAX_KIND_CHARS)
        if not isinstance(self.shape, str):
            raise ValueError(f"{where}: 'shape' must be SVG markup as text, not {brief(self.shape)}")
        if isinstance(self.copies, bool) or not isinstance(self.copies, int) or not 0 <= self.copies:
            raise ValueError(f"{where}: 'copies' must be a whole number 0 or more, not {brief(self.copies)}")
        if self.copies > MAX_DECK_CARDS:  # the whole printout is bounded more tightly by prepare()
            raise ValueError(f"{where} has {self.copies:,} copies; a deck holds at most {MAX_DECK_CARDS:,} cards")
        lines = _sequence(f"{where}: 'lines'", self.lines, MAX_LINES)
        for line in lines:
            _text(f"{where}: a line", line, MAX_LINE_CHARS)
        if sum(len(line) for line in lines) > MAX_CARD_TEXT:
            raise ValueError(f"{where}: its lines have {sum(map(len, lines))} characters; at most {MAX_CARD_TEXT} fit")
        marks = _sequence(f"{where}: 'marks'", self.marks, MAX_MARKS)
        for mark in marks:
            if not isinstance(mark, (tuple, list)) or len(mark) != 2:
                raise ValueError(f"{where}: a mark is a pair (text, colour), not {brief(mark)}")
            _text(f"{where}: a mark's text", mark[0], MAX_VALUE_CHARS, empty=False)
            _colour(f"{where}: a mark's colour", mark[1])
        _colour(f"{where}: 'colour'", self.colour)
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "marks", tuple(tuple(m) for m in marks))


@dataclasses.dataclass(frozen=True)
class RulesSheet:
    """A game's rules on one page, in short lines under a few headings.

    ``sections`` is a sequence of ``(heading, lines)``; ``needs`` says what a table needs
    besides the cards ("coins to mark the weights"); ``source`` where the full rules are;
    ``columns`` the headings of the observation sheet's tally columns (its rounds, days or
    stretches of play; by default "Round 1" to "Round 10"). All of it together must fit on
    a page: see :data:`MAX_SHEET_CHARS`.
    """

    sections: tuple
    needs: str = ""
    source: str = ""
    columns: tuple = ()

    def __post_init__(self):
        sections = _sequence("the rules sheet's 'sections'", self.sections, MAX_SECTIONS)
        total = 0
        for section in sections:
            if not isinstance(section, (tuple, list)) or len(section) != 2:
                raise ValueError(f"a rules section is a pair (heading, lines), not {brief(section)}")
            heading, lines = section
            _text("a rules heading", heading, 60, empty=False)
            lines = _sequence(f"the lines of {brief(heading)}", lines, 20)
            for line in lines:
                _text(f"a line of {brief(heading)}", line, 600, empty=False)
            total += HEADING_COST + len(heading) + sum(LINE_COST + len(line) for line in lines)
        _text("the rules sheet's 'needs'", self.needs, 300)
        _text("the rules sheet's 'source'", self.source, 200)
        total += len(self.needs) + len(self.source)
        if total > MAX_SHEET_CHARS:
            raise ValueError(
                f"the rules sheet is too long for one page: {total:,} where a page holds {MAX_SHEET_CHARS:,} (its "
                f"characters, {LINE_COST} more for each line and {HEADING_COST} for each heading): shorten it"
            )
        columns = _sequence("the rules sheet's 'columns'", self.columns, MAX_COLUMNS)
        for column in columns:
            _text("a column heading", column, 16, empty=False)
        object.__setattr__(self, "sections", tuple((h, tuple(lines)) for h, lines in sections))
        object.__setattr__(self, "columns", columns)


#: The most rows and columns of a score pad.
MAX_PAD_ROWS = 16
MAX_PAD_COLUMNS = 10


@dataclasses.dataclass(frozen=True)
class ScorePad:
    """The table a paper game's end scoring is written on: one row per thing scored and
    one column per player (or per team).

    ``rows`` is a sequence of ``(what, how)``: what is scored ("Preacher Curl") and how, in
    the deck's numbers ("1/3/6/10/15 for 1 to 5 curls"); ``columns`` the column headings
    (by default "Seat 0", "Seat 1", ... for the game's players); ``total`` the last row's
    heading (``""``: no total row); ``note`` a line under the table.
    """

    rows: tuple
    columns: tuple = ()
    total: str = "Total"
    note: str = ""

    def __post_init__(self):
        rows = _sequence("the score pad's 'rows'", self.rows, MAX_PAD_ROWS)
        for row in rows:
            if not isinstance(row, (tuple, list)) or len(row) != 2:
                raise ValueError(f"a score pad row is a pair (what, how), not {brief(row)}")
            _text("a score pad row's 'what'", row[0], 40, empty=False)
            _text("a score pad row's 'how'", row[1], 160)
        columns = _sequence("the score pad's 'columns'", self.columns, MAX_PAD_COLUMNS)
        for column in columns:
            _text("a score pad column heading", column, 16, empty=False)
        _text("the score pad's 'total'", self.total, 40)
        _text("the score pad's 'note'", self.note, 300)
        object.__setattr__(self, "rows", tuple(tuple(row) for row in rows))
        object.__setattr__(self, "columns", columns)


def _text(where: str, value, most: int, empty: bool = True) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{where} must be a text, not {brief(value)}")
    if not empty and not value.strip():
        raise ValueError(f"{where} must not be empty")
    if len(value) > most:
        raise ValueError(f"{where} has {len(value)} characters; at most {most} fit")
    return value


def _sequence(where: str, value, most: int) -> tuple:
    if isinstance(value, (str, bytes)) or not isinstance(value, (tuple, list)):
        raise ValueError(f"{where} must be a list, not {brief(value)}")
    if len(value) > most:
        raise ValueError(f"{where} has {len(value)} entries; at most {most} fit")
    return tuple(value)


def _colour(where: str, value) -> str:
    if value == "" or value in COLOURS or (isinstance(value, str) and _HEX.match(value)):
        return value
    raise ValueError(f"{where} must be one of {', '.join(COLOURS)} or '#rrggbb', not {brief(value)}")


# ----------------------------------------------------------------------------------------
# From a game, a variant or a name to what is printed
# ----------------------------------------------------------------------------------------


__all__ = ["COLOURS", "CardFace", "RulesSheet", "ScorePad"]
