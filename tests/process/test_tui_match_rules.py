"""The terminal game in a real pseudo-terminal under match rules a plugin
writes (the toy variants of tests/helpers/seated.py and sheets.py, installed
as a plugin on ``PYTHONPATH``): a person sitting a round out is never passed
the keyboard and is shown as sitting out; a rule's own columns make the score
sheet."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummykit.core.cards.card import code
from rummykit.core.play.records import load_record, start_match
from rummykit.core.plugins.registry import Registry

from ..helpers import seated, sheets
from ..helpers.ptygame import plain
from ..helpers.sites import fake_install

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    fake_install(site, "toy-seated", "1.0", {"toyseated": "toy_seated"}, {"toy_seated": sheets.SITE_PLUGIN})
    return site


def path_for(site: Path) -> str:
    return f"{site}:{ROOT}"  # the plugin module, and the tests package it imports


def next_move(save: Path) -> str:
    """The move the person to act makes: draw, else discard their first card."""
    reg = Registry()
    for spec in (seated.SIT_OUT, sheets.THREE):
        reg.add_variant(spec, "test")
    record = load_record(save)
    match = start_match(record, reg)
    for text in record.actions:
        match.apply({a.notation(): a for a in match.legal_actions()}[text])
    legal = match.legal_actions()
    if legal[0].kind == "draw stock":
        return "s"
    discard = next(a for a in legal if a.kind == "discard")
    return "d " + code(discard.cards[0]).lower()


def test_a_person_sitting_out_is_never_passed_the_keyboard_and_is_shown_sitting_out(game, site, tmp_path):
    # Seed 5: Bo (seat 3) deals the first round and sits it out; Ann plays it first, then the bot.
    save = tmp_path / "g.json"
    seats = ("--seat", "human:Ann", "--seat", "random", "--seat", "human:Bo")
    g = game(
        "play", "seated-3", *seats, "--seed", "5", "--save", str(save), "-o", "stock_cards=4",
        "-o", "target=200", PYTHONPATH=path_for(site),
    )  # fmt: skip
    g.expect("Pass to Ann")
    g.send("")
    screen = plain(g.prompt("Ann"))
    bo = next(line for line in screen.splitlines() if "Bo " in line)
    assert "sits out" in bo and "card" not in bo
    g.send("score")
    shown = plain(g.prompt("Ann"))
    assert "Total (dealer sits out 200)" in shown
    while True:  # Ann plays the round to its end; nobody passes the keyboard to Bo
        g.send(next_move(save))
        i = g.child.expect_exact(
            ["Ann> ", "Press Enter for the next round", "Press Enter for the match result"]
        )
        g.raw += g.child.before + g.child.after
        if i:
            break
    first_round = plain(g.raw)
    assert "Pass to Bo" not in first_round
    end = first_round[first_round.rindex("Round 1 is over") :]
    assert "Bo  (points" not in end and "Ann" in end
    # the loser of the hand deals the next and sits it out: never Bo
    assert "Next round: Ann sits out this round" in end or "Next round: Random bot sits out this round" in end
    g.send("quit")
    assert g.wait_exit() == 0


def test_the_score_sheet_shows_the_rule_s_three_columns(game, site, tmp_path):
    save = tmp_path / "g.json"
    g = game(
        "play", "three-games", "--seat", "human:Ann", "--seat", "random", "--seed", "3", "--save", str(save),
        PYTHONPATH=path_for(site),
    )  # fmt: skip
    table = plain(g.prompt("Ann"))
    assert "Game 1: Ann 0, Random bot 0; Game 2: Ann 0, Random bot 0; Game 3: Ann 0" in table
    g.send("score")
    sheet = plain(g.prompt("Ann"))
    header = next(line for line in sheet.splitlines() if "Player" in line)
    assert [h.strip() for h in header.strip("│| ").split("│")] == ["Player", "Game 1", "Game 2", "Game 3"]
    assert "3 games to 20" in sheet
    g.send("quit")
    assert g.wait_exit() == 0
