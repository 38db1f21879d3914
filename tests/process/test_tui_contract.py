"""Contract Rummy's buying in a real terminal, hot-seat: each person is asked
"buy? y/N" on a wiped screen that shows no hand, and the screen never passes
through one person's hand on the way to another's."""

from __future__ import annotations

from ..helpers.ptygame import WIPE, plain

SUITS = "♣♦♥♠🃏"


def glyphs(text: str) -> int:
    return sum(text.count(s) for s in SUITS)


def test_hot_seat_buying_asks_each_person_privately(game) -> None:
    g = game(
        "play",
        "contract",
        "-o",
        "deals=1",
        "--seed",
        "5",
        "--seat",
        "human:Al",
        "--seat",
        "human:Bo",
        "--seat",
        "human:Cy",
    )
    g.expect("Pass to Al")
    g.send("")
    g.prompt("Al")
    mark = g.mark()
    g.send("s")  # Al draws from the stock: Bo, then Cy, may buy the discard
    g.expect("Bo: buy ")
    g.expect("y/N")
    shown = g.since(mark)
    after_wipe = plain(shown.rsplit(WIPE, 1)[1])
    assert WIPE in shown  # Al's hand is wiped, scrollback too
    assert "Your hand" not in after_wipe and "Al> " not in after_wipe
    assert glyphs(after_wipe) == 1  # the card on offer, nothing else
    mark = g.mark()
    g.send("n")
    g.expect("Cy: buy ")
    g.expect("y/N")
    assert glyphs(plain(g.since(mark))) == 1  # no hand on the way from Bo to Cy
    g.send("l")  # Cy looks at the hand first: Cy's own table, with buy and pass
    out = plain(g.prompt("Cy"))
    assert "buy" in out and "pass" in out
    mark = g.mark()
    g.send("pass")
    g.expect("Pass to Al")  # back to Al through the hand-off, never through Cy's hand
    between = g.since(mark)
    assert WIPE in between
    g.send("")
    g.prompt("Al")
    g.send("quit")
    assert g.wait_exit() == 0
