"""The table at phone and desktop sizes: it fits a narrow screen, the page
weighs under 300 KB, and a move's round trip is measured. With
``RUMMYKIT_SCREENSHOTS=1`` the screenshots and the figures go to
docs/screenshots/web/ (docs/web.md shows them); otherwise to the test's folder."""

from __future__ import annotations

import json
import statistics

from ..helpers.web import folder, play_gin_turn, shot, wait_turn, wait_until

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def fits(page):
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def test_the_table_at_phone_and_desktop_sizes(serve, browser, tmp_path):
    out = folder(tmp_path)
    s = serve("gin", "--seat", "human:Ann", "--seat", "ai:normal", "--seed", "12")
    figures = {}
    # The desktop: the page's weight, then moves, their round trips, the panels.
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    sizes = []
    page.on("response", lambda r: sizes.append(len(r.body())))
    page.goto(s.host)
    wait_until(page, "() => document.querySelectorAll('#hand .card').length === 10")
    figures["page_bytes"] = sum(sizes)
    assert figures["page_bytes"] < 300_000
    trips = []
    while len(trips) < 12:
        what = wait_turn(page)
        if what == "result":
            page.click("#next-round")
            continue
        assert what == "turn"
        play_gin_turn(page)
        trips.append(float(page.get_attribute("body", "data-rtt")))
    figures["round_trip_ms_median"] = round(statistics.median(trips), 1)
    figures["round_trip_ms_first"] = trips[0]  # the page's first drawing of a move
    figures["round_trip_ms_max_after_first"] = round(max(trips[1:]), 1)
    figures["moves_measured"] = len(trips)
    while (what := wait_turn(page)) == "result":
        page.click("#next-round")
    page.click("#show-sheet")
    if page.is_visible("#stock.live"):
        play_gin_turn(page)
    cards = page.query_selector_all("#hand .group:last-child .card")
    cards[-1].click()  # a card selected: its moves offered
    shot(page, out / "desktop.jpg")
    assert fits(page)
    context.close()
    # A phone: the same game, from the same link (the host's page).
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(s.host)
    wait_until(page, "() => document.querySelectorAll('#hand .card').length >= 10")
    if page.is_visible("#next-round"):
        page.click("#next-round")
    assert fits(page)
    shot(page, out / "phone.jpg")
    page.click("#show-look")
    page.click("#pref-four")
    page.click("#pref-contrast")
    assert page.evaluate("() => ['four', 'contrast'].every((c) => document.body.classList.contains(c))")
    page.click("#show-look")
    shot(page, out / "phone-contrast.jpg")
    assert fits(page)
    context.close()
    (out / "measured.json").write_text(json.dumps(figures, indent=2) + "\n")


def test_the_curtain_on_a_phone(serve, browser, tmp_path):
    out = folder(tmp_path)
    s = serve("cardverse", "--seat", "human:Ann", "--seat", "human:Bob", "--seed", "8")
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(s.host)
    assert wait_turn(page) == "curtain"
    assert fits(page)
    shot(page, out / "phone-curtain.jpg")
    context.close()
