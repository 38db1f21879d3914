"""Three example plugins' games at a terminal (``rummy`` in a pseudo-terminal):
Rummy 500's negative total, CardVerse-house's table line and moves, Knock
Rummy's elimination. Their other tests: tests/examples."""

from __future__ import annotations

import re

from rummykit.core.cards.card import pretty
from rummykit.core.play.records import load_record, replay
from rummykit.core.plugins.manager import get_plugins

from ..helpers.examples import HOUSE as NAME
from ..helpers.examples import loser_lines, seed_to_open
from ..helpers.ptygame import Game, plain


def test_the_terminal_game_shows_a_negative_total(tmp_path):
    save = tmp_path / "g.json"
    lines = loser_lines(seed=7)
    g = Game(
        ["play", "rummy500", "--seat", "human:Ann", "--seat", "ai:easy", "--seed", "7", "-o", "deals=1",
         "--save", str(save)],
        tmp_path / "data",
    )  # fmt: skip
    try:
        screen = plain(g.prompt("Ann"))
        assert "Rummy 500" in screen and "1 deal" in screen and "hand value" in screen
        for line in lines[:-1]:
            g.move(line, "Ann")
        g.send(lines[-1])
        end = plain(g.expect("Press Enter for the match result"))
        ann = load_record(save)
        m = replay(ann, get_plugins().registry)
        score = m.totals[0]
        assert score < 0
        assert re.search(rf"Ann\s+[│|]\s+{score}\s+[│|]\s+{score}\s+[│|]", end), end
        assert "Round 1 is over" in end
        g.send("")
        final = plain(g.expect("Press Enter to leave"))
        assert "Match over: Easy bot wins" in final and "(after one deal, highest total wins)" in final
        g.send("")
        assert g.wait_exit() == 0
    finally:
        g.close()


def test_the_terminal_game_shows_the_table_line_and_the_variants_moves(game):
    seed, opening = seed_to_open(20)
    g = game(
        "play", NAME, "--seat", "human:Ann", "--seat", "ai:easy", "--seed", str(seed), "-o", "open_points=20"
    )
    text = plain(g.prompt("Ann"))
    assert "nobody has opened (20 to open)" in text and "becomes the stock" in text
    g.send("help")
    text = plain(g.prompt("Ann"))
    assert "open [o CARDS] (not now): lay your first melds" in text
    g.send("o " + " ".join(pretty(c, True).lower() for c in opening.cards))
    assert "draw first" in plain(g.prompt("Ann"))
    g.send("s")
    g.prompt("Ann")
    g.send("o " + " ".join(pretty(c, True).lower() for c in opening.cards))
    g.prompt("Ann")
    g.send("log")
    text = plain(g.prompt("Ann"))
    assert "You opened with " + " ".join(pretty(c) for c in opening.cards) in text
    g.send("quit")
    assert g.wait_exit() == 0


def test_knock_rummy_at_a_terminal_a_person_out_of_the_match_sees_it_to_the_end(tmp_path):
    # Ann knocks at once with the first card offered and takes 29 penalty
    # points: out at 25. The bots play on to the end; she is never asked again.
    save = tmp_path / "g.json"
    seats = ["--seat", "human:Ann", "--seat", "ai:easy", "--seat", "ai:easy", "--seat", "ai:normal"]
    g = Game(
        ["play", "knockrummy", *seats, "--seed", "4", "-o", "target=25", "--save", str(save)],
        tmp_path / "data",
    )
    try:
        g.prompt("Ann")
        g.send("s")
        g.prompt("Ann")
        g.send("help")
        offered = re.search(r"knock \[k CARD\]: (\S+)", plain(g.prompt("Ann")))
        assert offered, "help lists the knocks"
        card = offered.group(1)
        rank = {"10": "t"}.get(card[:-1], card[:-1]).lower()
        g.send("k " + rank + {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}[card[-1]])
        screens = []
        while True:
            g.child.expect([rb"Press Enter for[^\r\n]*", rb"Press Enter to leave", rb"Ann> "])
            screens.append(plain(g.child.before + g.child.after))
            assert not screens[-1].endswith("Ann> "), "a player out of the match is never asked to play"
            g.send("")
            if b"leave" in g.child.after:
                break
        assert g.wait_exit() == 0
        shown = "".join(screens)
        assert "out at 25" in shown and "Penalty" in shown and "Match over:" in screens[-1]
        m = replay(load_record(save), get_plugins().registry)
        assert m.over and m.rule.out[0] == 0 and m.totals[0] >= 25 and len(m.winners) == 1
    finally:
        g.close()
