"""Playing with the keyboard and by dragging cards: a move's key, a card
selected with Space, a card dragged within the hand and onto the discard pile;
the rules in the side panel and a hint."""

from __future__ import annotations

from ..helpers.web import folder, new_version, shot, wait_turn, wait_until


def hand(page):
    return [c.get_attribute("data-card") for c in page.query_selector_all("#hand .card")]


def test_keyboard_and_dragging(serve, page):
    s = serve("gin", "--seat", "human:Ann", "--seat", "ai:easy", "--seed", "31")
    page.goto(s.host)
    assert wait_turn(page) == "turn"
    version = page.get_attribute("body", "data-version")
    page.keyboard.press("s")  # draw from the stock
    new_version(page, version)
    cards = hand(page)
    assert len(cards) == 11
    # Dragging the first card onto the last puts it just before the last.
    first, last = cards[0], cards[-1]
    page.drag_and_drop(f'#hand .card[data-card="{first}"]', f'#hand .card[data-card="{last}"]')
    wait_until(page, f"() => document.querySelector('#hand .card').dataset.card !== '{first}'")
    now = hand(page)
    assert now.index(first) == now.index(last) - 1 and sorted(now) == sorted(cards)
    # The keyboard: a card focused, Space selects it, "d" discards it.
    target = now[2]
    page.focus(f'#hand .card[data-card="{target}"]')
    page.keyboard.press("ArrowRight")
    target = now[3]
    page.keyboard.press(" ")
    assert page.get_attribute(f'#hand .card[data-card="{target}"]', "aria-selected") == "true"
    version = page.get_attribute("body", "data-version")
    page.keyboard.press("d")
    new_version(page, version)
    assert target not in hand(page)
    assert s.saves()[0]["actions"][:2] == ["draw stock", f"discard {target}"]
    # The bot's turn, then ours: drag a card onto the discard pile to discard it.
    assert wait_turn(page) == "turn"
    version = page.get_attribute("body", "data-version")
    page.click("#stock")
    new_version(page, version)
    mine = hand(page)[0]
    version = page.get_attribute("body", "data-version")
    page.drag_and_drop(f'#hand .card[data-card="{mine}"]', "#discard")
    new_version(page, version)
    assert s.saves()[0]["actions"][4:6] == ["draw stock", f"discard {mine}"]
    # The rules in the side panel; a hint.
    page.click("#show-rules")
    wait_until(page, "() => document.querySelectorAll('#rules p').length > 5")
    assert "Cardems Gin" in page.inner_text("#rules")
    assert wait_turn(page) == "turn"
    page.click("#hint")
    wait_until(page, "() => document.getElementById('toast').dataset.kind === 'hint'")
    assert page.inner_text("#toast").startswith("Hint")


def test_a_meld_by_its_button_and_a_card_dropped_on_a_table_meld(serve, page, tmp_path):
    # Seed 124: Ann, first to play, draws 5♦ to hold 3♦ 4♦ 5♦ 6♦.
    s = serve("cardverse", "--seat", "human:Ann", "--seat", "ai:easy", "--seed", "124")
    page.goto(s.host)
    assert wait_turn(page) == "turn"
    version = page.get_attribute("body", "data-version")
    page.click("#stock")
    new_version(page, version)
    for code in ("3D", "4D", "5D"):
        page.click(f'#hand .card[data-card="{code}"]')
    version = page.get_attribute("body", "data-version")
    page.click('#actions button[data-kind="meld"]')
    new_version(page, version)
    assert page.query_selector('#melds .meld[data-meld="1"]') is not None
    assert page.query_selector("#melds .meld.live") is not None  # 6♦ may go onto it
    version = page.get_attribute("body", "data-version")
    page.drag_and_drop('#hand .card[data-card="6D"]', '#melds .meld[data-meld="1"]')
    new_version(page, version)
    assert s.saves()[0]["actions"] == ["draw stock", "meld 3D 4D 5D", "add 6D to 1"]
    cards = [
        c.get_attribute("data-card") for c in page.query_selector_all('#melds .meld[data-meld="1"] .card')
    ]
    assert sorted(cards) == ["3D", "4D", "5D", "6D"]
    page.click("#show-log")
    log = page.inner_text("#log")  # the variant's words
    assert "Ann melds 3♦ 4♦ 5♦" in log and "Ann adds 6♦ to meld 1" in log
    shot(page, folder(tmp_path) / "cardverse-desktop.jpg")
