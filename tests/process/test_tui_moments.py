"""The terminal game at the moments that decide a CardVerse round (issue #19):
the empty stock, shown as what it does, in the prompt, help and hint; and the
round-end screen with the final table, the winner's last turn and every hand's
value. A real ``rummy`` in a pseudo-terminal."""

from __future__ import annotations

import pytest

from rummykit.core.bots.agents import agent_seed
from rummykit.core.engine.options import build_options
from rummykit.core.play.match import Match
from rummykit.core.play.records import MatchRecord, SeatRecord, save_record

from ..helpers.ptygame import near_round_end, plain, registry

pytestmark = pytest.mark.skipif("cardverse" not in registry().variants, reason="cardverse is not installed")

EMPTY = "end the round: lowest hand value wins"


def empty_stock_record(path) -> None:
    """Save a two-seat CardVerse game, played by ai:easy, stopped where seat 0
    (the person Alice) is to draw from the empty stock."""
    reg = registry()
    spec = reg.variant("cardverse")
    opts = build_options(spec.options_model, {}, "cardverse")
    easy = reg.agent("cardverse", "ai:easy")
    for seed in range(1, 400):
        m = Match(spec, opts, 2, seed)
        bots = [easy.factory(s, agent_seed(seed, s), opts) for s in range(2)]
        done = []
        while not m.results:
            seat = m.to_act()
            v = m.view(seat)
            if seat == 0 and v.stock_size == 0 and any(a.kind == "take discard" for a in v.legal):
                seats = [SeatRecord(kind="human", name="Alice"), SeatRecord(kind="ai:easy", name="Easy")]
                save_record(
                    MatchRecord(variant="cardverse", options={}, seats=seats, seed=seed, actions=done), path
                )
                return
            a = bots[seat].act(v, v.legal)
            done.append(a.notation())
            m.apply(a)
    raise AssertionError("no seed reaches the empty stock")


def test_empty_stock_prompt_help_and_hint_say_it_ends_the_round(game, tmp_path):
    save = tmp_path / "empty.json"
    empty_stock_record(save)
    g = game("play", "--resume", str(save))
    shown = plain(g.prompt("Alice"))
    assert "Stock 0" in shown
    assert f"s {EMPTY}" in shown and "s draw stock" not in shown
    help_text = plain(g.move("help", "Alice"))
    assert f"draw stock  [s]: {EMPTY}" in help_text
    hint = plain(g.move("hint", "Alice"))
    assert "Hint (ai:hard):" in hint
    if "draw stock" in hint:  # the hint's move is told as what it does here
        assert f"draw stock  [s] ({EMPTY})" in hint
    else:
        assert "take" in hint
    g.send("quit")
    assert g.wait_exit() == 0


def test_round_end_screen_shows_table_last_turn_and_hand_values(game, tmp_path):
    save = tmp_path / "end.json"
    last = near_round_end("cardverse", 2, {}, save, seed=4, person="Alice", bot_names="Bot {n}")
    g = game("play", "--resume", str(save))
    g.prompt("Alice")
    g.send(last)
    screen = plain(g.expect("Press Enter for the next round"))
    assert "Round 1 is over" in screen
    assert "Last turn" in screen and "Alice " in screen.split("Last turn", 1)[1]
    assert "hand value" in screen
    for name in ("Alice", "Bot"):
        assert name in screen.split("Hands", 1)[1]
    if "meld" in last or "add" in last or "Final table" in screen:
        assert "Final table" in screen
    g.send("quit")
    assert g.wait_exit() == 0
