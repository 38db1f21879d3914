"""The sparring bots of benchmarks/sparring: public API only, the conformance
kit's checks, and the decisions their docstrings describe."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rummykit import DRAW_STOCK, TAKE_DISCARD, Action, TableMeld, View, parse_cards
from rummykit.testing import check_variant

pytest.importorskip(
    "rummykit_sparring", reason="benchmarks/sparring is installed by make .venv/.installed-test"
)

from rummykit_sparring.cards import live_ways
from rummykit_sparring.heuristic import CardVerseHeuristic, GinHeuristic
from rummykit_sparring.tempo import GinTempo, TempoAgent, loose

SOURCES = sorted(
    (Path(__file__).resolve().parents[2] / "benchmarks" / "sparring" / "rummykit_sparring").glob("*.py")
)


def mask(text):
    m = 0
    for c in parse_cards(text):
        m |= 1 << c
    return m


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_imports_only_the_facade(path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.ImportFrom)
            and node.level == 0
            and (node.module or "").startswith("rummykit")
        ):
            assert node.module == "rummykit" or node.module.startswith("rummykit_sparring"), node.module
        if isinstance(node, ast.Import):
            assert not any(a.name.startswith("rummykit.") for a in node.names)


def test_registered_for_cardverse_and_gin():
    from rummykit.core.plugins.manager import get_plugins

    reg = get_plugins().registry
    assert {"spar:heuristic", "spar:tempo"} <= {a.name for a in reg.agents_for("cardverse")}
    assert {"spar:heuristic", "spar:tempo"} <= {a.name for a in reg.agents_for("gin")}


def test_conformance_kit_cardverse_two_to_four_seats():
    check_variant("cardverse", seeds=range(3), agents=["spar:heuristic", "spar:tempo"], report=False)


def test_conformance_kit_gin():
    check_variant("gin", seeds=range(3), agents=["spar:heuristic", "spar:tempo"], report=False)


def cv_view(hand, pile, legal, table=(), sizes=None, stock=20):
    hand = tuple(parse_cards(hand))
    return View(
        variant="cardverse",
        seat=0,
        n_seats=2,
        to_act=0,
        hand=hand,
        hand_sizes=sizes or (len(hand), 7),
        stock_size=stock,
        discard_pile=tuple(parse_cards(pile)),
        table=tuple(table),
        legal=tuple(legal),
        extra={"ace_points": 1},
    )


DRAWS = (Action(DRAW_STOCK), Action(TAKE_DISCARD))


def test_heuristic_takes_the_pile_top_only_to_meld():
    bot = CardVerseHeuristic()
    melds = cv_view("5H 6H 9C KD QS 2D 3C", "4C 7H", DRAWS)  # 7H makes 5H 6H 7H
    assert bot.act(melds, DRAWS).kind == TAKE_DISCARD
    useless = cv_view("5H 6H 9C KD QS 2D 3C", "4C 8S", DRAWS)
    assert bot.act(useless, DRAWS).kind == DRAW_STOCK
    fits = cv_view(
        "5H 9C KD QS 2D 3C 4S", "4C JD", DRAWS, table=[TableMeld(1, 1, tuple(parse_cards("8D 9D TD")))]
    )
    assert bot.act(fits, DRAWS).kind == TAKE_DISCARD


def test_heuristic_on_an_empty_stock_ends_the_round_only_when_likely_lowest():
    bot = CardVerseHeuristic()
    low = cv_view("AC 2D", "KS", DRAWS, sizes=(2, 5), stock=0)
    assert bot.act(low, DRAWS).kind == DRAW_STOCK
    high = cv_view("KC QD JH TS 9S", "2S", DRAWS, sizes=(5, 2), stock=0)
    assert bot.act(high, DRAWS).kind == TAKE_DISCARD


def test_heuristic_holds_a_small_meld_back_and_lays_a_big_one():
    bot = CardVerseHeuristic()
    small = Action("meld", tuple(parse_cards("2C 3C 4C")))
    discards = [Action("discard", (c,)) for c in parse_cards("2C 3C 4C 9H KD QS 7S")]
    view = cv_view("2C 3C 4C 9H KD QS 7S", "5D", [small, *discards])
    assert bot.act(view, [small, *discards]).kind == "discard"
    big = Action("meld", tuple(parse_cards("JH QH KH")))
    discards = [Action("discard", (c,)) for c in parse_cards("JH QH KH 9H 2D 3S 7S")]
    view = cv_view("JH QH KH 9H 2D 3S 7S", "5D", [big, *discards])
    assert bot.act(view, [big, *discards]) == big
    # The same small meld goes down when the opponent is nearly out.
    discards = [Action("discard", (c,)) for c in parse_cards("2C 3C 4C 9H KD QS 7S")]
    late = cv_view("2C 3C 4C 9H KD QS 7S", "5D", [small, *discards], sizes=(7, 3))
    assert bot.act(late, [small, *discards]) == small


def test_live_ways_drop_as_cards_go_dead():
    seven = parse_cards("7H")[0]
    assert live_ways(seven, 0, True) == 3 + 4
    assert live_ways(seven, mask("7C 7D 8H"), True) == 1 + 3
    ace = parse_cards("AS")[0]
    assert live_ways(ace, 0, True) == 3 + 2  # ace high: only Q and K below it


def test_heuristic_discards_the_dead_high_card():
    bot = CardVerseHeuristic()
    discards = [Action("discard", (c,)) for c in parse_cards("KD 9H")]
    # KD: 10 points, but every card around it is live; 9H: the sets and run around it are dead.
    view = cv_view("KD 9H", "9C 9D 9S 8H TH JH 7H", discards)
    assert bot.act(view, discards).cards == tuple(parse_cards("9H"))


def test_tempo_counts_loose_cards_and_lays_everything():
    assert loose(mask("2C 3C 4C 5C 9H")) == 1
    assert loose(mask("QS KS AS 7D 7H 7C")) == 0
    bot = TempoAgent()
    small = Action("meld", tuple(parse_cards("2C 3C 4C")))
    discards = [Action("discard", (c,)) for c in parse_cards("2C 3C 4C 9H KD QS 7S")]
    view = cv_view("2C 3C 4C 9H KD QS 7S", "5D", [small, *discards])
    assert bot.act(view, [small, *discards]) == small


def test_tempo_sheds_a_loose_card_never_a_melded_one():
    bot = TempoAgent()
    discards = [Action("discard", (c,)) for c in parse_cards("2C 3C 4C 9H")]
    view = cv_view("2C 3C 4C 9H", "5D", discards)
    assert bot.act(view, discards).cards == tuple(parse_cards("9H"))


def test_gin_heuristic_gins_and_knocks_low():
    bot = GinHeuristic()
    hand = parse_cards("AC 2C 3C 4D 5D 6D 7H 8H 9H KS 2S")
    view = View(
        variant="gin",
        seat=0,
        n_seats=2,
        to_act=0,
        hand=tuple(hand),
        hand_sizes=(11, 10),
        stock_size=20,
        discard_pile=tuple(parse_cards("QD")),
        extra={"knock_limit": 10},
    )
    legal = [Action("discard", (c,)) for c in hand] + [Action("knock", (c,)) for c in parse_cards("KS")]
    assert bot.act(view, legal) == Action("knock", tuple(parse_cards("KS")))  # deadwood 2 after KS


def test_heuristic_keeps_a_meld_it_holds_back_whole():
    """5C 6C 7C (18 points) is held back; 7C, its live ways gone, would score
    highest, but only the loose cards are discards."""
    bot = CardVerseHeuristic()
    run = Action("meld", tuple(parse_cards("5C 6C 7C")))
    discards = [Action("discard", (c,)) for c in parse_cards("5C 6C 7C 2D 3S")]
    view = cv_view("5C 6C 7C 2D 3S", "8C 9C 7D 7H 7S", [run, *discards])
    assert bot.act(view, [run, *discards]).cards == tuple(parse_cards("2D"))


def gin_view(hand, pile, legal, stock=20):
    return View(
        variant="gin",
        seat=0,
        n_seats=2,
        to_act=0,
        hand=tuple(parse_cards(hand)),
        hand_sizes=(len(parse_cards(hand)), 10),
        stock_size=stock,
        discard_pile=tuple(parse_cards(pile)),
        legal=tuple(legal),
        extra={"knock_limit": 10},
    )


def test_gin_tempo_counts_loose_cards_ace_low():
    assert loose(mask("AC 2C 3C 9H"), False) == 1
    assert loose(mask("QS KS AS"), False) == 3  # no run round the corner in Gin
    bot = GinTempo()
    # 7H joins 5H 6H: one loose card fewer after it sheds KD or QS; 8S joins nothing.
    assert bot.act(gin_view("5H 6H 9C KD QS 2D 3C AS TC JS", "4C 7H", DRAWS), DRAWS).kind == TAKE_DISCARD
    assert bot.act(gin_view("5H 6H 9C KD QS 2D 3C AS TC JS", "4C 8S", DRAWS), DRAWS).kind == DRAW_STOCK


def test_gin_tempo_knocks_at_once_and_sheds_by_loose_cards_then_points():
    bot = GinTempo()
    hand = "AC 2C 3C 4D 5D 6D 7H 8H 9H KS 2S"
    legal = [Action("discard", (c,)) for c in parse_cards(hand)]
    legal += [Action("knock", (c,)) for c in parse_cards("KS 2S")]
    assert bot.act(gin_view(hand, "QD", legal), legal) == Action("knock", tuple(parse_cards("KS")))
    # No knock: KS and 2S are both loose, KS is worth more.
    plain = [a for a in legal if a.kind == "discard"]
    assert bot.act(gin_view(hand, "QD", plain), plain).cards == tuple(parse_cards("KS"))
    # QS with every live way gone beside KS with all of its own live: the dead one goes.
    hand = "AC 2C 3C 4D 5D 6D 7H 8H KS QS 5C"
    plain = [Action("discard", (c,)) for c in parse_cards(hand)]
    assert bot.act(gin_view(hand, "QC QD QH JS TS", plain), plain).cards == tuple(parse_cards("QS"))
