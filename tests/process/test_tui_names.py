"""Names and seats in the chooser of ``rummy play``, in a real pseudo-terminal:
a name another seat has, or one that shows nothing, gets its reason and the
question again."""

from __future__ import annotations

import pytest

from rummykit.core.play.records import load_record

from ..helpers.ptygame import plain, registry

HAVE = registry().variants
needs = {v: pytest.mark.skipif(v not in HAVE, reason=f"{v} is not installed") for v in ("gin",)}


@needs["gin"]
def test_the_chooser_refuses_a_taken_or_invisible_name_and_asks_again(game, tmp_path):
    g = game("play", "--seed", "3", "--save", str(tmp_path / "game.json"))
    g.expect("Which variant?")
    g.send("gin")
    g.expect("Seat 1")
    g.send("Dana")
    g.expect("Seat 2")
    g.send("dana")
    g.expect("is taken by seat 1")
    g.expect("Seat 2")
    g.send("Bo\u200bb")
    g.expect("shows nothing")
    g.expect("Seat 2")
    g.send("Eve")
    g.expect("How long a match?")
    g.send("")
    g.expect("Pass to Dana")
    g.send("quit")
    assert g.wait_exit() == 0
    assert "seat 2: the name 'dana' is taken by seat 1 ('Dana')" in plain(g.raw)
    save = tmp_path / "game.json"  # a game nobody moved in is kept only where --save names it
    assert [s.name for s in load_record(save).seats] == ["Dana", "Eve"]


@needs["gin"]
def test_the_chooser_quotes_a_mistyped_variant_as_typed_with_the_closest_name(game):
    g = game("play")
    g.expect("Which variant?")
    g.send("Gim")
    g.expect("no variant 'Gim'; did you mean gin? (type a number")
    g.send("quit")
    assert g.wait_exit() == 0


@needs["gin"]
def test_the_chooser_reads_ai_level_name_and_suggests_for_a_mistyped_player(game, tmp_path):
    g = game("play", "--seed", "3", "--save", str(tmp_path / "game.json"))
    g.expect("Which variant?")
    g.send("gin")
    g.expect("Seat 1")
    g.send("Dana")
    g.expect("Seat 2")
    g.send("ai:hardd")
    g.expect("unknown computer player 'ai:hardd'; did you mean ai:hard?")
    g.expect("Seat 2")
    g.send("ai:easy:Max")
    g.expect("How long a match?")
    g.send("")
    g.prompt("Dana")
    g.send("quit")
    assert g.wait_exit() == 0
    save = tmp_path / "game.json"  # a game nobody moved in is kept only where --save names it
    assert [(s.kind, s.name) for s in load_record(save).seats] == [("human", "Dana"), ("ai:easy", "Max")]


@needs["gin"]
def test_the_chooser_lists_computer_players_by_plain_words(game, tmp_path):
    g = game("play", "--seed", "3", "--save", str(tmp_path / "game.json"))
    g.expect("Which variant?")
    g.send("gin")
    out = plain(g.expect("Seat 1"))
    line = next(ln for ln in out.splitlines() if "strongest first:" in ln)
    assert (
        line.split("strongest first: ")[1].startswith("hard, ") and "ai:" not in line and "ref:" not in line
    )
    assert "rummy rules gin says how each plays" in out
    g.send("")
    g.expect("Seat 2 [hard]: ")  # the default, in plain words
    g.send("simple")
    g.expect("How long a match?")
    g.send("")
    g.prompt("Player 1")
    g.send("quit")
    assert g.wait_exit() == 0
    save = tmp_path / "game.json"  # a game nobody moved in is kept only where --save names it
    assert [s.kind for s in load_record(save).seats] == ["human", "ref:simple"]
