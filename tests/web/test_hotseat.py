"""Two people on one screen: a curtain between their turns, and a page that
never holds a hand but the current person's."""

from __future__ import annotations

from ..helpers.web import dom_cards, new_version, rank, secret_hands, wait_turn, wait_until


def check_hidden(page, served, showing):
    """The page's DOM holds no card only another seat may know (``showing``:
    the seat whose hand the page shows, None behind the curtain)."""
    saved = served.saves()[0]
    secrets = secret_hands(saved)
    seen = dom_cards(page)
    for seat, cards in enumerate(secrets):
        if seat != showing:
            assert not (seen & cards), f"seat {seat}'s hidden cards {seen & cards} in the page"
    if showing is None:
        assert page.query_selector("#hand .card") is None


def play_turn(page):
    """One CardVerse turn by clicks: draw from the stock, discard the highest card."""
    version = page.get_attribute("body", "data-version")
    page.click("#stock")
    new_version(page, version)
    cards = [c.get_attribute("data-card") for c in page.query_selector_all("#hand .card")]
    for code in sorted(cards, key=rank, reverse=True):
        page.click(f'#hand .card[data-card="{code}"]')
        button = page.query_selector('#actions button[data-kind="discard"]')
        if button is not None:
            version = page.get_attribute("body", "data-version")
            button.click()
            new_version(page, version)
            return
        page.click(f'#hand .card[data-card="{code}"]')
    raise AssertionError("nothing to discard")


def test_hot_seat_cardverse_with_the_curtain(serve, page):
    s = serve("cardverse", "--seat", "human:Ann", "--seat", "human:Bob", "--seed", "11")
    page.goto(s.host)
    names = ["Ann", "Bob"]
    for turn in range(8):
        seat = turn % 2
        assert wait_turn(page) == "curtain"
        text = page.inner_text("#curtain")
        assert f"Pass to {names[seat]}" in text and f"only {names[seat]} is looking" in text
        check_hidden(page, s, None)
        version = page.get_attribute("body", "data-version")
        page.click("#reveal")
        new_version(page, version)
        assert wait_turn(page) == "turn"
        assert page.inner_text("#you-name").startswith(names[seat])
        check_hidden(page, s, seat)
        if turn < 2:  # a hint names this person's cards: it must not outlive the turn
            page.click("#hint")
            shown = "!document.getElementById('toast').classList.contains('hidden')"
            wait_until(page, shown + " && document.getElementById('toast').textContent.startsWith('Hint')")
        play_turn(page)
        check_hidden(page, s, None)  # the turn passed: the curtain is down, no hand
        assert wait_turn(page) == "curtain" and not page.is_visible("#toast")
    saved = s.saves()[0]
    assert len(saved["actions"]) == 16 and not saved["finished"]
