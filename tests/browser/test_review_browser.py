"""After a hot-seat game in a real browser: "How did I play?" and the replay, in Voilà.

Two people and a bot play Leg Day to the end through the covers, with the same game played
beside the browser (same seed, same clicks), which keeps the state after every round. Then
each person picks their name, asks "How did I play?" and steps the replay forward and back:
every step shows that person's own view of the table at that round (as the engine's
observation for them draws it) and names none of the other person's cards that this person
did not know then. The end-of-game panel is photographed at 1366, 1024 and 768 px; it fits
each width, and nothing is fetched from off the machine.
"""

from __future__ import annotations

import re

import pytest
from browser_ui import expect, outside_requests
from test_hotseat_browser import SETTINGS, assert_absent, hotseat_voila  # noqa: F401  (a fixture)

from test_hotseat_apps import hidden_from

pytestmark = pytest.mark.browser


def flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_each_person_reviews_and_replays_their_own_leg_day_game_in_voila(hotseat_voila, offline_page):
    from gamedesign.apps.legday import LegDayApp
    from gamedesign.apps.review import view_text

    url, _ = hotseat_voila
    twin = LegDayApp(**SETTINGS, playtests=None)
    page = offline_page.page
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{url}/voila/render/hotseat.ipynb", wait_until="domcontentloaded")
    app = page.locator(".gd-legday")
    expect(app).to_have_count(1, timeout=120_000)
    cover = app.locator(".gd-cover")
    cards = app.locator("button.gd-play:not([disabled])")
    rounds = [twin.state.clone()]  # the state at the start and after each day
    while not twin.state.is_over():
        name = twin.names[twin.human]
        expect(cover).to_contain_text(f"Pass to {name}", timeout=60_000)
        cover.locator("button").click()
        twin.hotseat.press()
        expect(cards).to_have_count(len(twin.hand_box.children))
        day = twin.state.observe(0)["day"]
        cards.first.click()
        twin.hand_box.children[0].play_button.click()
        if twin.state.is_over() or twin.state.observe(0)["day"] != day:
            rounds.append(twin.state.clone())
    assert len(rounds) == 15  # the start and 14 days

    panel = app.locator(".gd-review")
    expect(panel).to_contain_text("The game is over.", timeout=60_000)
    step_text, step_view = panel.locator(".gd-replay-step"), panel.locator(".gd-replay-view")
    names = list(twin.names)
    checked = 0  # the other person's cards looked for: the check is never empty
    for seat, other in ((0, 1), (1, 0)):
        person = names[seat]
        panel.get_by_role("button", name=person, exact=True).click()
        expect(step_text).to_contain_text("Replay, step 0 of 14")

        panel.get_by_role("button", name="How did I play?").click()
        answer = panel.locator(".gd-review-answer")
        expect(answer).to_contain_text(f"How did you play, {person}?", timeout=120_000)
        expect(answer).to_contain_text("The 3 decisions that cost the most")
        expect(answer).to_contain_text("Every decision")

        def check(number: int) -> None:
            nonlocal checked
            expect(step_text).to_contain_text(f"Replay, step {number} of 14")
            state = rounds[number]
            own = view_text(state.game, state.observe(seat), names)
            expect(step_view).to_have_text(re.compile(r"\s*" + r"\s*".join(map(re.escape, own.split())) + r"\s*"))
            shown = step_text.inner_html() + step_view.inner_html()
            secret = hidden_from(state, other, seat)
            assert_absent(shown, secret, f"in {person}'s replay, step {number}")
            checked += len(secret)

        check(0)
        for number in range(1, 15):
            panel.get_by_role("button", name="Forward").click()
            check(number)
        expect(panel.get_by_role("button", name="Forward")).to_be_disabled()
        expect(step_text).to_contain_text("The game is over:")
        for number in (13, 12):
            panel.get_by_role("button", name="Back").click()
            check(number)
        panel.get_by_role("button", name="First").click()
        check(0)
        expect(panel.get_by_role("button", name="Back")).to_be_disabled()
        panel.get_by_role("button", name="Last").click()
        check(14)
        if seat == 0:
            panel.get_by_role("button", name="Back").click()
            check(13)
    assert checked > 0

    for width in (1366, 1024, 768):
        page.set_viewport_size({"width": width, "height": 900})
        tall = int(panel.evaluate("p => p.getBoundingClientRect().height"))
        page.set_viewport_size({"width": width, "height": max(900, tall + 100)})  # the whole panel drawn at once
        panel.scroll_into_view_if_needed()
        offline_page.screenshot(f"panel-{width}", panel)
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling
        overflowing = panel.evaluate(
            "p => [...p.querySelectorAll('button, .widget-html-content')]"
            ".filter(e => e.getBoundingClientRect().right > p.getBoundingClientRect().right + 1).length")
        assert overflowing == 0, f"{overflowing} parts of the panel stick out at {width} px"
    assert outside_requests(offline_page.refused, voila=True) == []


def test_each_person_s_replay_of_a_diet_game_hides_the_other_person_s_hand_in_voila(hotseat_voila, offline_page):
    """The Diet Game: turns one by one, hands hidden. Each step of a person's replay names
    none of the other person's cards that this person's view at that step does not hold
    (the steps' states are the log's, which the Voilà kernel wrote, replayed by the engine)."""
    from gamedesign import playtest
    from gamedesign.apps.diet import DietApp
    from gamedesign.apps.review import view_text
    from gamedesign.lab.review import _rounds
    from test_hotseat_browser import DIET, wait_for_twin

    url, folder = hotseat_voila
    twin = DietApp(**DIET, playtests=None)
    page = offline_page.page
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{url}/voila/render/diet.ipynb", wait_until="domcontentloaded")
    app = page.locator(".gd-diet")
    expect(app).to_have_count(1, timeout=120_000)
    cover = app.locator(".gd-cover")
    while not twin.state.is_over():
        if twin.hotseat.covered:
            expect(cover).to_contain_text(f"Pass to {twin.names[twin.human]}", timeout=60_000)
            cover.locator("button").click()
            twin.hotseat.press()
            expect(cover).to_have_count(0)
        wait_for_twin(page, ".gd-diet", [twin.header.value, twin.prompt.value, twin.log_view.value])
        playable = [i for i, b in enumerate(twin.hand_box.children) if not b.disabled]
        if playable and twin.state.observe(twin.human)["phase"] != "planning":
            app.locator(".gd-hand button").nth(playable[0]).click()
            twin.hand_box.children[playable[0]].click()
        else:
            app.locator(".gd-actions button").last.click()
            twin.action_box.children[-1].click()
    panel = app.locator(".gd-review")
    expect(panel).to_contain_text("The game is over.", timeout=60_000)
    [log] = playtest.load(sorted((folder / "playtests-diet").glob("*.jsonl")))
    assert log.state.to_json() == twin.state.to_json()
    states = [state for state, _ in _rounds(log)]
    step_text, step_view = panel.locator(".gd-replay-step"), panel.locator(".gd-replay-view")
    names = list(twin.names)
    checked = 0
    for seat, other in ((0, 1), (1, 0)):
        panel.get_by_role("button", name=names[seat], exact=True).click()
        expect(step_text).to_contain_text(f"Replay, step 0 of {len(states) - 1}")
        for number, state in enumerate(states):
            if number:
                panel.get_by_role("button", name="Forward").click()
            expect(step_text).to_contain_text(f"Replay, step {number} of {len(states) - 1}")
            if number % 10 == 0:  # the view drawn is this person's own (every step is checked for secrets)
                own = view_text(state.game, state.observe(seat), names)
                expect(step_view).to_have_text(re.compile(r"\s*" + r"\s*".join(map(re.escape, own.split())) + r"\s*"))
            secret = hidden_from(state, other, seat)
            assert_absent(step_text.inner_html() + step_view.inner_html(), secret,
                          f"in {names[seat]}'s replay, step {number}")
            checked += len(secret)
        text = step_text.inner_text()
        assert not re.search(r"\b(Ann|Bo|Cy)\b", text), text  # the players by the table's names
    assert checked > 0
    assert outside_requests(offline_page.refused, voila=True) == []
