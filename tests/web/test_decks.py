"""A game of two decks and jokers (Indian Rummy) in the browser: a copy is a
card of its own on the page, and a turn is played by clicks."""

from __future__ import annotations

import time

from ..helpers.web import new_version, wait_turn


def test_an_indian_rummy_turn_by_clicks_with_both_copies_of_a_card_in_hand(serve, page):
    s = serve("indian", "--seat", "human:Ann", "--seat", "ai:easy", "--seed", "3")
    page.goto(s.host)
    assert wait_turn(page) == "turn"
    cards = [c.get_attribute("data-card") for c in page.query_selector_all("#hand .card")]
    assert len(cards) == 13 and len(set(cards)) == 13  # 7S and 7S': two cards
    assert any(c.endswith("'") and c.rstrip("'") in cards for c in cards)
    labels = [c.get_attribute("aria-label") for c in page.query_selector_all("#hand .card")]
    assert all(label and "undefined" not in label for label in labels)
    version = page.get_attribute("body", "data-version")
    page.click("#stock")
    new_version(page, version)
    assert len(page.query_selector_all("#hand .card")) == 14
    copy = next(c for c in cards if c.endswith("'"))
    page.click(f'#hand .card[data-card="{copy}"]')
    version = page.get_attribute("body", "data-version")
    page.click('#actions button[data-kind="discard"]')
    new_version(page, version)
    deadline = time.monotonic() + 20
    while len(actions := s.saves()[0]["actions"]) < 2:  # the save may trail the page by a moment
        assert time.monotonic() < deadline, actions
        time.sleep(0.05)
    assert actions[0] == "draw stock" and actions[1].startswith("discard")  # Ann's, then the bot's
