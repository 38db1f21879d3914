"""A whole Gin match against a computer player, played by clicks in the browser;
the game saved as the terminal saves it."""

from __future__ import annotations

import json
import statistics

from ..helpers.web import play_gin_turn, wait_turn


def test_a_whole_gin_match_against_a_bot_by_clicks(serve, page, rummy_run, tmp_path):
    s = serve("gin", "--seat", "human:Ann", "--seat", "ai:easy", "--seed", "7", "-o", "target=30")
    page.goto(s.host)
    rounds = 0
    round_trips = []
    for _ in range(400):
        what = wait_turn(page)
        if what == "over":
            break
        if what == "result":
            rounds += 1
            assert page.inner_text("#result .outcome")  # the round's end in words
            page.click("#next-round")
            continue
        play_gin_turn(page)
        rtt = page.get_attribute("body", "data-rtt")
        if rtt:
            round_trips.append(float(rtt))
    else:
        raise AssertionError("the match did not end")
    over = page.inner_text("#over")
    assert "won the match" in over
    assert "first to 30" in over
    saved = s.saves()
    assert len(saved) == 1 and saved[0]["finished"] and saved[0]["variant"] == "gin"
    assert [seat["name"] for seat in saved[0]["seats"]] == ["Ann", "Easy bot"]
    assert max(saved[0]["state"]["totals"]) >= 30
    assert rounds >= 1  # a round's end shown, then the next round played
    r = rummy_run("stats", "gin", "--json", RUMMYKIT_DATA_DIR=str(tmp_path / "data"))
    rows = json.loads(r.stdout)
    assert [(row["person"], row["played"]) for row in rows] == [
        ("Ann", 1)
    ]  # in rummy stats, as a terminal game
    assert round_trips and statistics.median(round_trips) < 1000
