"""The printable pages as Chromium prints them: real card sizes, nothing cut off, one page
for the rules, two for the observation sheet, on A4 and on Letter, with nothing fetched.

The pages are given to the browser as content (no server): any request they made would
be refused and fail the test. Screenshots go to ``artifacts/screenshots/``.
"""

from __future__ import annotations

import math
import re

import pytest

import gamedesign
from gamedesign import lab, printables

pytestmark = pytest.mark.browser

#: 1 mm in CSS pixels (96 per inch).
MM = 96 / 25.4


def pdf_pages(page, paper: str) -> int:
    pdf = page.pdf(format=paper, print_background=True)
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def overflowing_cards(page) -> list:
    return page.evaluate(
        "() => [...document.querySelectorAll('.card')]"
        ".filter(c => c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1)"
        ".map(c => c.dataset.card)"
    )


def crowded_sheets(page) -> list:
    """Sheets whose last block runs into the footer line."""
    return page.evaluate(
        "() => [...document.querySelectorAll('.sheet')].map((s, i) => {"
        " const foot = s.querySelector('.source');"
        " return foot.previousElementSibling.getBoundingClientRect().bottom > foot.getBoundingClientRect().top ? i : -1;"
        "}).filter(i => i >= 0)"
    )


@pytest.mark.parametrize("name", ["legday", "gym", "diet"])
def test_cards_print_at_poker_size_nine_a_page_on_a4_and_letter(offline_page, name):
    printout = printables.prepare(name)
    page = offline_page.page
    page.set_content(printables.pack_html(printout))
    page.emulate_media(media="print")
    boxes = page.locator(".card:not(.empty)").evaluate_all("cards => cards.map(c => [c.offsetWidth, c.offsetHeight])")
    assert len(boxes) == 2 * printout.card_count  # each front and its back
    assert all(abs(w - 63 * MM) < 1 and abs(h - 88 * MM) < 1 for w, h in boxes)
    assert overflowing_cards(page) == [] and crowded_sheets(page) == []
    pages = 1 + (printout.pad is not None) + 2 * math.ceil(printout.card_count / 9)
    assert pdf_pages(page, "A4") == pages and pdf_pages(page, "Letter") == pages
    offline_page.screenshot("rules", page.locator("section.page").nth(0))
    offline_page.screenshot("score-pad", page.locator("section.page.score-pad"))
    offline_page.screenshot("cards", page.locator("section.page.cards").nth(0))
    offline_page.screenshot("backs", page.locator("section.page.backs").nth(0))


def test_a_student_s_long_names_stay_on_their_cards(offline_page):
    long = "The Extremely Heavy Kettlebell Swing of Doom and Despair Now"
    deck = lab.apply_deck_changes("legday", {"cards": {long: {"kind": "pullup", "count": 1, "points": -999}}})
    page = offline_page.page
    page.set_content(printables.cards_html(gamedesign.load("legday", deck=deck), label="a" * 60))
    assert overflowing_cards(page) == []
    offline_page.screenshot("long-name", page.locator(f'.card[data-card="{long}"]'))


@pytest.mark.parametrize("name,players", [("gym", 6), ("legday", 6), ("diet", 2)])
def test_the_observation_sheet_is_two_pages(offline_page, name, players):
    page = offline_page.page
    page.set_content(printables.observation_html(name, players=players))
    page.emulate_media(media="print")
    assert crowded_sheets(page) == []
    assert pdf_pages(page, "A4") == 2 and pdf_pages(page, "Letter") == 2
    offline_page.screenshot("page-1", page.locator("section.page").nth(0))


#: Paper widths in mm.
PAPER_WIDTH = {"A4": 210, "Letter": 215.9}


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("name", ["legday", "gym"])
def test_each_back_lies_behind_its_front_when_printed_double_sided(offline_page, name, paper):
    """Turned over on its long edge, a sheet's back page is its front page mirrored about the
    paper's vertical centre line: each back's box must be its front's box mirrored."""
    page = offline_page.page
    page.set_viewport_size({"width": round(PAPER_WIDTH[paper] * MM), "height": 1100})
    page.set_content(printables.pack_html(name, paper=paper.lower()))
    page.emulate_media(media="print")
    pairs = page.evaluate(
        "() => { const centre = document.documentElement.clientWidth / 2;"
        " const box = c => { const r = c.getBoundingClientRect(), p = c.closest('section.page').getBoundingClientRect();"
        "   return [r.left - centre, r.right - centre, r.top - p.top, r.bottom - p.top]; };"
        " const backs = Object.fromEntries([...document.querySelectorAll('.card.back')].map(c => [c.dataset.slot, box(c)]));"
        " return [...document.querySelectorAll('.card[data-card]')].map(c => [box(c), backs[c.dataset.slot]]); }"
    )
    assert len(pairs) == printables.prepare(name).card_count and all(back is not None for _, back in pairs)
    for (left, right, top, bottom), (b_left, b_right, b_top, b_bottom) in pairs:
        assert abs(b_left + right) < 0.5 and abs(b_right + left) < 0.5  # mirrored about the centre line
        assert abs(b_top - top) < 0.5 and abs(b_bottom - bottom) < 0.5  # the same height on the page


def test_the_fold_over_cards_fit_and_print_three_a_page(offline_page):
    printout = printables.prepare("diet")
    page = offline_page.page
    page.set_content(printables.cards_html(printout, fold=True))
    page.emulate_media(media="print")
    assert overflowing_cards(page) == []
    assert pdf_pages(page, "A4") == pdf_pages(page, "Letter") == 1 + math.ceil(printout.card_count / 3)
    offline_page.screenshot("fold", page.locator("section.page.fold").nth(0))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("name,players", [("legday", 6), ("gym", 6), ("diet", 6)])
def test_the_paper_playtest_results_sheet_prints_on_one_page(offline_page, name, players, paper):
    page = offline_page.page
    page.set_content(printables.results_html(name, players=players, paper=paper.lower()))
    page.emulate_media(media="print")
    assert crowded_sheets(page) == []
    assert pdf_pages(page, paper) == 1
    offline_page.screenshot("sheet", page.locator("section.page").nth(0))
