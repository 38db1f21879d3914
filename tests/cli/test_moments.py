"""The moments of a round that surprised people, in the piped game (issue #43):
drawing from CardVerse's empty stock ends the round for everyone, so it is asked
about first (y/N) and warned of while the stock is nearly empty."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from rummykit.cli.choose import match_lengths
from rummykit.cli.common import continue_advice
from rummykit.cli.render import Look, result_view
from rummykit.core.bots.agents import agent_seed
from rummykit.core.engine.options import build_options
from rummykit.core.play.match import Match
from rummykit.core.play.records import load_record

from ..helpers.moments import at_empty_stock, at_last_stock_card, cardverse_stopped_where, gin_stock_at
from ..helpers.ptygame import registry

pytestmark = pytest.mark.skipif("cardverse" not in registry().variants, reason="cardverse is not installed")

NOTE = "draw stock: end the round: lowest hand value wins (your hand value "
QUESTION = "End the round for everyone? (y/N) "


@pytest.fixture
def empty_stock(tmp_path):
    path = tmp_path / "empty.json"
    cardverse_stopped_where(path, at_empty_stock)
    return path


@pytest.mark.parametrize("answer", ["n", "", "no", "whatever"])
def test_drawing_from_the_empty_stock_is_asked_about_and_anything_but_yes_keeps_the_turn(
    rummy_run, empty_stock, answer
):
    before = len(load_record(empty_stock).actions)
    r = rummy_run("play", "--resume", str(empty_stock), stdin=f"s\n{answer}\n")
    assert r.returncode == 0, r.stderr
    assert NOTE in r.stdout and QUESTION in r.stdout
    assert "The round goes on: type your move." in r.stdout
    assert "round 1 over" not in r.stdout and "empty stock: the round ends" not in r.stdout
    assert r.stdout.rstrip().endswith(
        f"input ended; game saved to {empty_stock}. Continue with: {continue_advice(empty_stock)}"
    )
    assert len(load_record(empty_stock).actions) == before  # the draw was not made


def test_yes_ends_the_round(rummy_run, empty_stock):
    before = len(load_record(empty_stock).actions)
    r = rummy_run("play", "--resume", str(empty_stock), stdin="s\ny\n")
    assert r.returncode == 0, r.stderr
    assert QUESTION in r.stdout
    assert "--- round 1 over ---" in r.stdout
    assert "You ask for a card from the empty stock: the round ends" in r.stdout  # Alice is the one person
    assert "Alice asks for a card from the empty stock\n" in r.stdout  # the move itself
    assert load_record(empty_stock).actions[before : before + 1] == ["draw stock"]


def test_quit_or_the_end_of_input_at_the_question_leaves_with_the_move_unmade(rummy_run, empty_stock):
    before = load_record(empty_stock).actions
    r = rummy_run("play", "--resume", str(empty_stock), stdin="s\nquit\n")
    assert r.returncode == 0 and r.stdout.rstrip().splitlines()[-1].startswith(QUESTION + "quit; game saved")
    r = rummy_run("play", "--resume", str(empty_stock), stdin="s\n")
    assert r.returncode == 0 and "input ended; game saved" in r.stdout
    assert load_record(empty_stock).actions == before


def test_taking_the_discard_at_the_empty_stock_is_not_asked_about(rummy_run, empty_stock):
    r = rummy_run("play", "--resume", str(empty_stock), stdin="p\n")
    assert r.returncode == 0, r.stderr
    assert QUESTION not in r.stdout and "Alice takes" in r.stdout


def test_the_nearly_empty_stock_is_warned_of(rummy_run, tmp_path):
    path = tmp_path / "last.json"
    cardverse_stopped_where(path, at_last_stock_card)
    r = rummy_run("play", "--resume", str(path), stdin="")
    assert r.returncode == 0, r.stderr
    assert "Stock 1: once it is empty, s will end the round: lowest hand value wins" in r.stdout
    # Drawing the last card is an ordinary draw: nothing is asked.
    r = rummy_run("play", "--resume", str(path), stdin="s\n")
    assert QUESTION not in r.stdout and "Alice draws from the stock" in r.stdout


def stock_out_won_by_another(seeds=range(1, 400)):
    """A two-seat CardVerse match (ai:easy for both) whose first round ended by a
    draw from the empty stock, won by the other seat; the finished round."""
    reg = registry()
    spec = reg.variant("cardverse")
    opts = build_options(spec.options_model, {}, "cardverse")
    easy = reg.agent("cardverse", "ai:easy")
    for seed in seeds:
        m = Match(spec, opts, 2, seed)
        bots = [easy.factory(s, agent_seed(seed, s), opts) for s in range(2)]
        while not m.results:
            seat = m.to_act()
            v = m.view(seat)
            last = bots[seat].act(v, v.legal)
            m.apply(last)
        result = m.results[0]
        if result.outcome == "stock" and last.kind == "draw stock" and result.winner != seat:
            return m.previous_round, seat
    raise AssertionError("no seed ends that way")


def test_the_round_end_shows_the_draw_from_the_empty_stock_as_the_last_turn():
    rnd, drawer = stock_out_won_by_another()
    names = ["Ann", "Bob"]
    out = io.StringIO()
    Console(file=out, width=100, highlight=False, emoji=False, markup=False).print(
        result_view(rnd.result, names, Look(), 100, 1, rnd.result.points, 100, final=rnd.view(0))
    )
    last = out.getvalue().split("Last turn", 1)[1].split("Hands", 1)[0]
    assert last.strip() == f"{names[drawer]} asked for a card from the empty stock"
    assert f"{names[drawer]} asks for a card from the empty stock: the round ends" in out.getvalue()


def test_the_piped_table_shows_how_the_match_ends(rummy_run):
    r = rummy_run("play", "cardverse", "--seat", "human", "--seat", "ai:easy", "-o", "target=40", stdin="")
    assert r.returncode == 0, r.stderr
    table = [line for line in r.stdout.splitlines() if line.startswith("Stock ")]
    assert table and table[0].endswith(" | first to 40")


def test_match_lengths_are_half_default_and_double_of_the_default_target():
    reg = registry()
    assert match_lengths(reg.variant("cardverse")) == {"short": 50, "normal": 100, "long": 200}
    assert match_lengths(reg.variant("gin")) == {"short": 50, "normal": 100, "long": 200}


@pytest.mark.parametrize(
    ("left", "note"),
    [
        (
            2,
            "Stock 2: once it is empty, a discard without a knock or gin ends the round as a draw (0 points)",
        ),
        (0, "Stock 0: now, a discard without a knock or gin ends the round as a draw (0 points)"),
    ],
)
def test_gin_warns_while_the_stock_is_nearly_out(rummy_run, tmp_path, left, note):
    path = tmp_path / "gin.json"
    cardverse_stopped_where(path, gin_stock_at(left), variant="gin", agent="random")
    r = rummy_run("play", "--resume", str(path), stdin="")
    assert r.returncode == 0, r.stderr
    assert note in r.stdout.splitlines()


def test_gin_says_nothing_of_a_stock_with_more_cards(rummy_run, tmp_path):
    path = tmp_path / "gin.json"
    cardverse_stopped_where(path, gin_stock_at(3), variant="gin", agent="random")
    r = rummy_run("play", "--resume", str(path), stdin="")
    assert r.returncode == 0, r.stderr
    assert "Stock 3 |" in r.stdout and "ends the round as a draw" not in r.stdout
