"""--lan: each person on their own device, from their seat's link."""

from __future__ import annotations

from ..helpers.web import dom_cards, play_gin_turn, secret_hands, wait_turn, wait_until


def hand(page):
    return {c.get_attribute("data-card") for c in page.query_selector_all("#hand .card")}


def test_two_devices_play_each_other_and_a_device_that_comes_back_gets_its_seat(serve, browser):
    s = serve("gin", "--seat", "human:Ann", "--seat", "human:Bob", "--lan", "--seed", "21")
    assert set(s.seats) == {"Ann", "Bob"}
    assert any("▄" in line or "█" in line for line in s.lines)  # the QR codes in the terminal
    devices = {}
    for name in ("Ann", "Bob"):
        context = browser.new_context(viewport={"width": 412, "height": 900}, is_mobile=True, has_touch=True)
        devices[name] = (context, context.new_page())
        devices[name][1].goto(s.seats[name])
    ann, bob = devices["Ann"][1], devices["Bob"][1]
    wait_until(bob, "() => document.querySelectorAll('#hand .card').length === 10")
    assert "Ann's turn" in bob.inner_text("#status")
    for turn in range(6):
        mover, other = (ann, bob) if turn % 2 == 0 else (bob, ann)
        seat = turn % 2
        assert wait_turn(mover) == "turn"
        for _ in range(2):  # draw, then discard
            play_gin_turn(mover)
            secrets = secret_hands(s.saves()[0])
            assert not dom_cards(mover) & secrets[1 - seat]
            assert not dom_cards(other) & secrets[seat]
        version = mover.get_attribute("body", "data-version")
        wait_until(other, f"() => document.body.dataset.version === '{version}'")
    # Bob's device goes away and comes back: his seat, his hand.
    before = hand(bob)
    devices["Bob"][0].close()
    context = browser.new_context()
    again = context.new_page()
    again.goto(s.seats["Bob"])
    wait_until(again, "() => document.querySelectorAll('#hand .card').length === 10")
    assert hand(again) == before
    assert again.inner_text("#you-name").startswith("Bob")
    play_gin_turn(ann)  # Ann's turn goes on; Bob's new page follows it
    version = ann.get_attribute("body", "data-version")
    wait_until(again, f"() => document.body.dataset.version === '{version}'")
    play_gin_turn(ann)
    assert wait_turn(again) == "turn"
    play_gin_turn(again)
    assert len(s.saves()[0]["actions"]) == 15
    context.close()
    devices["Ann"][0].close()


def test_the_hosts_page_shows_each_seats_link_and_qr_code_and_no_hand(serve, page):
    s = serve("gin", "--seat", "human:Ann", "--seat", "human:Bob", "--lan", "--seed", "2")
    page.goto(s.host)
    wait_until(page, "() => document.querySelectorAll('#links .qr').length === 2")
    links = {a.inner_text(): a.get_attribute("data-seat") for a in page.query_selector_all("#links a")}
    assert links == {s.seats["Ann"]: "0", s.seats["Bob"]: "1"}
    wait_until(page, "() => [...document.querySelectorAll('#links .qr')].every((i) => i.naturalWidth > 0)")
    assert page.query_selector("#hand .card") is None
    secrets = secret_hands(s.saves()[0])
    assert not dom_cards(page) & (secrets[0] | secrets[1])
    assert page.query_selector("#stock.live") is None  # the host's page plays no seat with --lan
