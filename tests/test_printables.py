"""Paper playtests: printable cards, the rules sheet and the observation sheet."""

from __future__ import annotations

import html
import io
import json
import math
import re

import pytest

import gamedesign
from gamedesign import lab, printables
from gamedesign.cli import main
from gamedesign.printables import CardFace, RulesSheet

from own_games import CountingGame


def load_deck_data(game: str) -> dict:
    """The game's deck file as a student copies it."""
    from importlib import resources

    return json.loads(resources.files(f"gamedesign.games.{game}").joinpath("deck.json").read_text(encoding="utf-8"))

#: Every game with cards to print, and the number of cards its printout holds.
DECKS = {"legday": 108, "gym": 30, "diet": 52, "sprint": 3 * 7 + 7}


def cards_in(page: str) -> list[str]:
    """The name of every card printed on ``page``, in order."""
    return re.findall(r'<div class="card" data-card="([^"]*)"[^>]*>', page)


def names_on_cards(page: str) -> list[str]:
    return re.findall(r'<div class="name">([^<]*)</div>', page)


def run(argv):
    out = io.StringIO()
    return main(argv, output=out), out.getvalue()


@pytest.mark.parametrize("name,count", DECKS.items())
def test_every_card_is_printed_as_many_times_as_the_deck_holds_it(name, count):
    game = gamedesign.load(name)
    faces = game.printed_cards()
    page = printables.pack_html(game)
    printed = cards_in(page)
    assert len(printed) == count == sum(face.copies for face in faces)
    for face in faces:
        assert printed.count(html.escape(face.name)) == face.copies
    grids = re.findall(r'<div class="grid">(.*?)</div></section>', page)
    assert len(grids) == math.ceil(count / 9)
    assert all(len(cards_in(grid)) == 9 for grid in grids[:-1]) and 1 <= len(cards_in(grids[-1])) <= 9
    pads = 1 if game.score_pad() is not None else 0
    # the rules sheet first, the score pad, then each page of fronts followed by its backs
    assert page.count('<section class="page') == 1 + pads + 2 * len(grids)


def test_the_cards_carry_what_matters_for_play():
    legday = printables.cards_html("legday", backs=False)
    assert "One Handed Pull-Up" in legday and "3 pts" in legday and "3 images" in legday
    assert "1/3/6/10/15 for 1-5 curls" in legday and "Squats if a loser draws it: 30" in legday
    assert "No background symbol" in legday and "<svg" in legday  # the Selfie, and the drawn symbols
    gym = printables.cards_html("gym", backs=False)
    assert gym.count(">Brat<") == 6 and gym.count(">Friendly<") == 18 and gym.count(">Event<") == 6
    assert ">red 3</span>" in gym and "R3 O1" in gym and "stops Lift, Switch, Swap and Move" in gym
    diet = printables.cards_html("diet", backs=False)
    for kind in ("Breakfast", "Lunch", "Dinner", "Snack", "Exercise", "Cheat", "Willpower", "Laziness"):
        assert f'<span class="kind">{kind}</span>' in diet
    assert "+1 lb" in diet and "-1 lb" in diet and "0 lb" in diet
    assert "Cancels a Cheat card played on you." in diet


def test_a_page_needs_nothing_from_the_internet():
    for page in (printables.pack_html("gym"), printables.observation_html("diet")):
        assert not re.search(r"https?:|<script|<link|<img|@import|url\(|src=", page, re.I)
        assert page.startswith("<!DOCTYPE html>") and "@media print" in page and "break-after: page" in page
        assert "width: 63mm; height: 88mm" in page


def test_hostile_names_are_escaped():
    hostile = "<script>alert(1)</script>"
    for game, kind in (("legday", "selfie"), ("diet", "laziness")):
        deck = lab.apply_deck_changes(game, {"cards": {hostile: {"kind": kind, "count": 2}}})
        page = printables.pack_html(gamedesign.load(game, deck=deck), label='<img src=x onerror="boom">')
        assert "<script" not in page and "<img" not in page
        assert cards_in(page).count("&lt;script&gt;alert(1)&lt;/script&gt;") == 2
        assert "&lt;img src=x onerror=&quot;boom&quot;&gt;" in page


def test_a_modified_deck_prints_its_own_cards_and_numbers():
    changes = {
        "cards": {"Bench Press": {"count": 12}, "Kettlebell Swing": {"kind": "pullup", "count": 4, "points": 2}},
        "scoring": {"bench_set_points": 6},
    }
    game = gamedesign.load("legday", deck=lab.apply_deck_changes("legday", changes))
    page = printables.pack_html(game, label="kettlebells")
    printed = cards_in(page)
    assert len(printed) == 108 + 2 + 4
    assert printed.count("Kettlebell Swing") == 4 and printed.count("Bench Press") == 12
    assert "6 for each set of 2" in page  # on the Bench Press cards and on the rules sheet
    assert "Bench Press: 6 for each set of 2" in printables.rules_html(game)
    assert "Don&#x27;t Skip Leg Day (kettlebells)" in page


def test_a_variant_prints_its_rules_and_its_name():
    variant = lab.load_preset("legday_curl_new_set")
    rules = printables.rules_html(variant)
    assert "more start a new set" in rules and f"Variant: {variant.label}" in rules
    assert "more add nothing" in printables.rules_html("legday")
    gym = printables.rules_html(lab.variant("gym", "blocked", coach_blocks_placement=True, brat_advance="one_to_two"))
    assert "not allowed, unless no other spot is free" in gym and "advance two different events 1 level each" in gym
    diet = printables.rules_html(lab.load_preset("diet_no_deal_at_start"))
    assert "Hands start empty" in diet


def test_a_student_deck_file_prints_and_a_broken_one_gets_the_loader_message(tmp_path):
    data = load_deck_data("diet")
    data["cards"][0]["name"] = "Mega Pancakes"
    data["cards"][0]["count"] = 3
    mine = tmp_path / "my_deck.json"
    mine.write_text(json.dumps(data))
    page = printables.cards_html("diet", deck=mine, label="my deck")
    assert cards_in(page).count("Mega Pancakes") == 3 and len(cards_in(page)) == 54
    broken = tmp_path / "broken.json"
    broken.write_text('{"cards": [')
    with pytest.raises(ValueError, match=r"deck: deck file .*broken.json.* is not valid JSON"):
        printables.cards_html("diet", deck=broken)
    data["cards"][1]["kind"] = "brunch"
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(data))
    with pytest.raises(ValueError, match=r"deck: card 2 \('Continental Breakfast'\): unknown kind 'brunch'; allowed kinds: breakfast"):
        printables.pack_html("diet", deck=wrong)


def test_too_many_copies_are_refused_naming_the_limit():
    deck = lab.apply_deck_changes("legday", {"cards": {"Bench Press": {"count": 1_500}}})
    game = gamedesign.load("legday", deck=deck)  # a deck may hold 2,000 cards; a printout fewer
    with pytest.raises(ValueError, match=r"1,598 cards to print \('Bench Press' alone 1,500\); a printout holds at most 450"):
        printables.pack_html(game)
    with pytest.raises(ValueError, match="a deck holds at most 2,000 cards"):
        CardFace("Heap", "Token", copies=2_001)


def test_unknown_games_and_games_without_cards():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        printables.pack_html("chess")
    with pytest.raises(ValueError, match="Counting Race has no cards to print"):
        printables.cards_html(CountingGame(2))
    sheet = printables.rules_html(CountingGame(2))  # blank lines to write the rules on
    assert "write them here" in sheet and sheet.count('class="blank"') >= 20
    assert "Tally, round by round" in printables.observation_html(CountingGame(3))


@pytest.mark.parametrize("name", DECKS)
def test_the_rules_sheet_is_one_page_of_the_project_s_own_summary(name):
    game = gamedesign.load(name)
    sheet = game.rules_summary()
    page = printables.rules_html(game)
    assert page.count('<section class="page') == 1
    for heading, lines in sheet.sections:
        assert f"<h2>{heading}</h2>" in page.replace("&#x27;", "'") and lines
    assert "the rules at the table" in page


def test_a_rules_sheet_too_long_for_a_page_is_refused():
    with pytest.raises(ValueError, match="too long for one page"):
        RulesSheet((("Everything", ["word " * 100] * 20),))


@pytest.mark.parametrize("name,players,columns", [("legday", 4, 14), ("gym", 6, 6), ("diet", 3, 12), ("sprint", 2, 7)])
def test_the_observation_sheet_has_the_table_the_tally_and_the_questions(name, players, columns):
    page = printables.observation_html(name, players=players, label="try 1")
    assert page.count('<section class="page') == 2
    tally = re.search(r'<table class="tally">.*?</table>', page, re.S).group(0)
    assert tally.count("<th>") == columns + 2  # what, the rounds, the total
    for what, _ in printables.TALLIES:
        assert f'<td class="what">{what}<small>' in tally
    for question, _ in printables.QUESTIONS:
        assert f"<b>{question}</b>" in page
    players_table = re.search(r'<table class="players">.*?</table>', page, re.S).group(0)
    assert players_table.count("<tr>") == players + 1
    assert ("<th>Team</th>" in players_table) == (name == "gym")
    assert "<b>Variant</b>try 1" in page
    assert "W2 D7" in page if name == "legday" else True


def test_card_faces_and_sheets_check_what_they_are_given():
    with pytest.raises(ValueError, match="'colour' must be one of red"):
        CardFace("Ada", "Kid", colour="chartreuse")
    with pytest.raises(ValueError, match="has 61 characters; at most 60 fit"):
        CardFace("x" * 61, "Kid")
    with pytest.raises(ValueError, match="'lines' must be a list"):
        CardFace("Ada", "Kid", lines="scores 3")
    with pytest.raises(ValueError, match="paper must be one of a4, letter"):
        printables.cards_html("gym", paper="A3")
    assert "@page { size: letter portrait" in printables.cards_html("gym", paper="letter")


def test_write_html_refuses_paths_it_cannot_or_should_not_write(tmp_path):
    page = printables.rules_html("gym")
    written = printables.write_html(page, tmp_path / "rules.html")
    assert written.read_text(encoding="utf-8") == page
    a_file = tmp_path / "notes.txt"
    a_file.write_text("keep me")
    for path, message in [
        (tmp_path, "is a folder"),
        (tmp_path / "missing" / "x.html", "there is no folder"),
        (a_file / "x.html", "cannot write"),
        (tmp_path / "deck.json", "must end in .html"),
        ("", "give the output file's name"),
    ]:
        with pytest.raises(ValueError, match=message):
            printables.write_html(page, path)
    assert a_file.read_text() == "keep me"


def test_the_print_command_writes_each_page(tmp_path):
    out = tmp_path / "cards.html"
    code, text = run(["print", "legday", "--out", str(out)])
    assert code == 0 and "the rules sheet and 108 cards of Don't Skip Leg Day, 26 pages" in text
    assert len(cards_in(out.read_text(encoding="utf-8"))) == 108
    code, text = run(["print", "gym", "--what", "observation", "--players", "4", "--out", str(tmp_path / "obs.html")])
    assert code == 0 and "an observation sheet of GYM, 2 pages" in text
    code, text = run(["print", "legday", "--preset", "legday_bench6", "--what", "cards", "--out", str(tmp_path / "b.html")])
    assert code == 0 and "108 cards of Don't Skip Leg Day (6-point Bench Press)" in text
    assert "6 for each set of 2" in (tmp_path / "b.html").read_text(encoding="utf-8")
    deck = tmp_path / "my_deck.json"
    deck.write_text(json.dumps(lab.apply_deck_changes("diet", {"cards": {"Apple": {"count": 4}}})))
    code, text = run(["print", "diet", "--deck", str(deck), "--what", "rules", "--paper", "letter", "--out", str(tmp_path / "r.html")])
    assert code == 0 and "The Diet Game (deck my_deck.json)" in text


@pytest.mark.parametrize(
    "argv,message",
    [
        (["print", "chess"], "unknown game 'chess'"),
        (["print", "legday", "--deck", "no_such_deck.json"], "deck: no deck file at 'no_such_deck.json'"),
        (["print", "legday", "--preset", "gym_one_to_two"], "is a variant of 'gym', not of 'legday'"),
        (["print", "gym", "--players", "3"], "played by 2, 4, 6 players"),
        (["print", "gym", "--what", "everything"], "invalid choice"),
        (["print", "gym", "--out", "gym.pdf"], "must end in .html"),
        (["print", "gym", "--out", "no/such/folder/gym.html"], "there is no folder"),
        (["print", "gym", "--what", "rules", "--fold"], "--fold and --no-backs are for the cards"),
        (["print", "gym", "--fold", "--no-backs"], "not allowed with"),
    ],
)
def test_bad_print_arguments_get_a_clear_message(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        run(argv)
    assert stop.value.code != 0 and message in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_too_many_copies_from_the_command_line(tmp_path, capsys):
    deck = tmp_path / "huge.json"
    deck.write_text(json.dumps(lab.apply_deck_changes("diet", {"cards": {"Apple": {"count": 999}}})))
    with pytest.raises(SystemExit):
        run(["print", "diet", "--deck", str(deck), "--out", str(tmp_path / "huge.html")])
    assert "a printout holds at most 450 cards" in capsys.readouterr().err
    assert not (tmp_path / "huge.html").exists()


# ----------------------------------------------------------------------------------------
# Backs, the fold-over layout, the printing guide and the score pad
# ----------------------------------------------------------------------------------------


def slots(grid: str, side: str) -> list:
    """The card numbers of a grid's cells in order (``None`` for an empty cell)."""
    cells = re.findall(r'<div class="card( back| empty)?"(?: data-card="[^"]*")?(?: data-slot="(\d+)")?', grid)
    return [int(number) if number else None for kind, number in cells if (kind == " back") == (side == "back")
            or kind == " empty"]


def card_grids(page: str) -> list:
    return re.findall(r'<div class="grid( backs| fold)?">(.*?)</div></section>', page)


@pytest.mark.parametrize("name,count", DECKS.items())
def test_every_front_has_a_back_lying_behind_it_when_the_sheet_is_turned_on_its_long_edge(name, count):
    page = printables.pack_html(name)
    grids = card_grids(page)
    fronts = [slots(grid, "front") for kind, grid in grids if kind == ""]
    backs = [slots(grid, "back") for kind, grid in grids if kind == " backs"]
    assert len(fronts) == len(backs) == math.ceil(count / 9)
    assert sorted(n for page_ in backs for n in page_ if n is not None) == list(range(count))  # one back per card
    assert [kind for kind, _ in grids] == ["", " backs"] * len(fronts)  # each page of backs after its fronts
    for front, back in zip(fronts, backs):
        assert len(back) == 3 * math.ceil(len(front) / 3)
        for row in range(0, len(back), 3):
            # the front's row read from the right, a part-filled row padded so each back meets its front
            assert back[row : row + 3] == list(reversed((front[row : row + 3] + [None, None])[:3]))


def test_backs_show_the_game_and_nothing_a_face_down_or_held_card_would_give_away():
    legday = printables.cards_html("legday")
    backs = re.findall(r'<div class="card back"[^>]*>(.*?)</div></div>', legday)
    assert len(backs) == 108 and len(set(backs)) == 1 and "Don&#x27;t Skip Leg Day" in backs[0]
    gym = printables.cards_html("gym")
    kinds = re.findall(r'<div class="card back"[^>]*><div class="bgame">GYM</div><div class="bkind">([^<]*)</div>', gym)
    assert kinds.count("Kid") == 24 and kinds.count("Event") == 6  # never Brat or Friendly
    face = CardFace("Joker", "Wild")
    assert gamedesign.load("diet").card_back(face) == "Wild"  # the default: the kind
    assert gamedesign.load("diet").card_back(CardFace("Joker", "Wild", back="Deck B")) == "Deck B"
    fronts_only = printables.cards_html("gym", backs=False)
    assert 'class="card back"' not in fronts_only and len(cards_in(fronts_only)) == 30


def test_the_fold_option_puts_each_front_beside_its_own_back(tmp_path):
    page = printables.pack_html("diet", fold=True)
    grids = card_grids(page)
    assert {kind for kind, _ in grids} == {" fold"} and len(grids) == math.ceil(52 / 3)
    for _, grid in grids:
        cells = re.findall(r'<div class="card (front|back)"[^>]*data-slot="(\d+)"', grid)
        assert [side for side, _ in cells] == ["front", "back"] * (len(cells) // 2)
        assert all(cells[k][1] == cells[k + 1][1] for k in range(0, len(cells), 2))
    assert len(cards_in(page.replace('class="card front"', 'class="card"'))) == 52
    out = tmp_path / "fold.html"
    code, text = run(["print", "diet", "--fold", "--what", "cards", "--out", str(out)])
    assert code == 0 and f"{1 + math.ceil(52 / 3)} pages" in text
    assert 'class="grid fold"' in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("name,count", DECKS.items())
def test_the_first_page_says_how_many_sheets_on_a4_and_letter_and_how_to_cut(name, count):
    page = printables.pack_html(name)
    first = page.split('<section class="page')[1]
    sheets = math.ceil(count / 9)
    plural = "s" if sheets != 1 else ""
    assert f"A4: {sheets} sheet{plural}, 9 cards a sheet" in first
    assert f"Letter: {sheets} sheet{plural}, 9 cards a sheet" in first
    assert "flip on the long edge" in first and "2 cuts down and 2 across" in first
    counts = printables.sheet_counts(printables.prepare(name), fold=True)
    assert counts["a4"]["sheets"] == counts["letter"]["sheets"] == math.ceil(count / 3)
    assert f"A4: {math.ceil(count / 3)} sheets, 3 cards a sheet" in printables.pack_html(name, fold=True)


def test_the_score_pad_follows_the_deck_s_own_scoring():
    game = gamedesign.load("legday", deck=lab.apply_deck_changes("legday", {"scoring": {"curl_points": [2, 5, 9]}}))
    pad = game.score_pad()
    rows = dict(pad.rows)
    assert rows["Preacher Curl"].startswith("2/5/9 for 1 to 3 curls")
    assert {"Bench Press", "Overhead Press", "Pull-Ups", "Protein Shake majority", "Selfie", "Leg Day"} <= set(rows)
    page = printables.pack_html(game)
    assert "2/5/9 for 1 to 3 curls" in page.split('class="page score-pad"')[1].split('<section class="page')[0]
    assert "1/3/6/10/15" in printables.pack_html("legday").split('class="page score-pad"')[1]
    gym = printables.pack_html("gym", players=4)
    pad_page = gym.split('class="page score-pad"')[1].split('<section class="page')[0]
    assert "<th>Team A</th><th>Team B</th>" in pad_page and pad_page.count("skill values added up") == 6
    diet = printables.pack_html("diet", players=3)
    assert "<th>Player 1</th><th>Player 2</th><th>Player 3</th></tr>" in diet.split('class="page score-pad"')[1]
    with pytest.raises(ValueError, match="score pad row is a pair"):
        printables.ScorePad(("Curls",))


@pytest.mark.parametrize("options", [{}, {"fold": True}, {"backs": False}])
def test_the_guide_names_the_card_pages_as_they_are_printed(options):
    page = printables.pack_html("diet", **options)
    first, last = map(int, re.search(r"Card pages (\d+) to (\d+) of this printout", page).groups())
    sections = re.findall(r'<section class="page ([\w -]+)"', page)
    assert last == len(sections) and all(kind.startswith("cards") for kind in sections[first - 1 :])
    assert not any(kind.startswith("cards") for kind in sections[: first - 1])
