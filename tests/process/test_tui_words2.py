"""The terminal game's words at a round's and the match's end, in a
pseudo-terminal: the summary speaks to the person ("You knock"), and the
match's seed is shown once the match is over."""

from __future__ import annotations

import re

import pytest

from rummykit.core.cards.card import parse_card, rank_sort_key, sort_key
from rummykit.core.play.records import load_record

from ..helpers.ptygame import near_round_end, plain, registry

pytestmark = pytest.mark.skipif("gin" not in registry().variants, reason="gin is not installed")


def test_the_round_end_says_you_and_the_match_end_shows_the_seed(game, tmp_path):
    save = tmp_path / "g.json"
    last = near_round_end("gin", 2, {"target": 1}, save)
    g = game("resume", str(save))
    g.prompt("Alice")
    g.send(last)
    out = " ".join(plain(g.expect("Press Enter for the match result")).split())
    assert "Alice (you)" in out
    assert "Alice knocks" not in out and "Alice goes gin" not in out and "Alice scores" not in out
    assert "You knock" in out or "You go gin" in out or "you score" in out
    g.send("")
    g.expect("Press Enter to leave")
    g.send("")
    assert g.wait_exit() == 0
    rest = " ".join(plain(g.raw).split())
    assert f"Seed {load_record(save).seed} " in rest


def test_rummy_plugins_at_an_80_column_terminal_folds_between_items(game):
    g = game("plugins", dims=(40, 80))
    assert g.wait_exit() == 0
    lines = plain(g.raw).replace("\r", "").splitlines()
    assert lines and all(len(line) <= 80 for line in lines), lines
    gin = next(i for i, line in enumerate(lines) if line.startswith("gin "))
    end = next(i for i in range(gin + 1, len(lines)) if not lines[i].startswith(" "))
    assert end > gin + 1  # gin's list goes on, indented, on the lines after its row
    text = " ".join(line.strip() for line in lines[gin:end])
    assert "variants: gin; agents: ai:easy (gin), ai:normal (gin), ai:hard (gin)," in text
    assert text.endswith("ref:novice (gin), ai:search (gin); commands: gin")
    for line in lines[gin : end - 1]:  # each broken after an item, never mid-word
        assert line.endswith((",", ";")), line


def loose_cards(screen: str) -> list[int]:
    """The loose cards of the last hand drawn on ``screen`` (melds in brackets left out)."""
    lines = screen.splitlines()
    at = max(i for i, line in enumerate(lines) if "Your hand" in line and "sorted" not in line)
    row = lines[at + 1]
    row = re.sub(r"\[[^]]*\]", "", row.strip("| "))
    return [parse_card(t) for t in row.split()]


def test_sort_redraws_the_hand_in_the_other_order(game, tmp_path):
    # Gin shows the loose cards by rank: sort shows them by suit, and again by rank.
    g = game("play", "gin", "--seat", "human:Alice", "--seat", "random", "--seed", "3", "--ascii")
    first = loose_cards(plain(g.prompt("Alice")))
    assert first == sorted(first, key=rank_sort_key) != sorted(first, key=sort_key)
    out = plain(g.move("sort", "Alice"))
    assert "Your hand is sorted by suit (sort again to change)" in out
    assert loose_cards(out) == sorted(first, key=sort_key)
    out = plain(g.move("sort", "Alice"))
    assert "Your hand is sorted by rank" in out and loose_cards(out) == first
    g.send("quit")
    assert g.wait_exit() == 0


def test_replay_at_a_terminal_jumps_to_the_next_round(game, tmp_path):
    save = tmp_path / "g.json"
    play = game("play", "gin", "--seat", "ai:easy", "--seat", "ai:easy", "--seed", "5", "--save", str(save))
    assert play.wait_exit() == 0
    g = game("replay", str(save))
    g.expect("r/pr next/prev round")
    g.send("r")
    out = plain(g.expect("r/pr next/prev round"))
    assert "Round 2: the deal" in out
    g.send("pr")
    out = plain(g.expect("r/pr next/prev round"))
    assert "The deal" in out and "Round 2: the deal" not in out
    g.send("q")
    assert g.wait_exit() == 0
