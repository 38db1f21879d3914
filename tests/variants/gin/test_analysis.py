"""``rummy analyze gin`` (the JSON contract) and the hand summary."""

from __future__ import annotations

import json

import pytest

from rummykit.core.base.errors import CardError, RummyError
from rummykit.core.cards.card import parse_cards
from rummykit.core.engine.round import View
from rummykit.core.plugins.registry import Analysis
from rummykit.variants.gin import SPEC, GinOptions, analyze, hand_summary

from .helpers import cards, codes

EXAMPLE = "AS 2S 3S 7C 7D 7H 9D TD KC 4H".split()


def test_issue_example_exactly():
    a = analyze(parse_cards(EXAMPLE))
    assert isinstance(a, Analysis)
    assert json.dumps(a.data) == json.dumps(
        {
            "variant": "gin",
            "cards": EXAMPLE,
            "melds": [["AS", "2S", "3S"], ["7C", "7D", "7H"]],
            "deadwood": ["4H", "9D", "TD", "KC"],
            "deadwood_points": 33,
            "can_knock": False,
            "can_gin": False,
        }
    )


def test_cards_echo_input_order_and_melds_in_rank_order():
    a = analyze(cards("KH 7H 9H 8H 2C AC 3C QD JD TD"))
    assert a.data["cards"] == ["KH", "7H", "9H", "8H", "2C", "AC", "3C", "QD", "JD", "TD"]
    assert a.data["melds"] == [["AC", "2C", "3C"], ["7H", "8H", "9H"], ["TD", "JD", "QD"]]
    assert a.data["deadwood"] == ["KH"]
    assert a.data["can_knock"] is True and a.data["can_gin"] is False


def test_can_gin_at_zero_and_can_knock_false_then():
    a = analyze(cards("AC 2C 3C 7H 8H 9H TD JD QD KD"))
    assert a.data["deadwood_points"] == 0
    assert a.data["can_gin"] is True and a.data["can_knock"] is False


def test_knock_limit_option_changes_can_knock():
    hand = cards("AS 2S 3S 4S 7C 7D 7H 5H 4D 2C")  # deadwood 11
    assert analyze(hand).data["can_knock"] is False
    assert analyze(hand, GinOptions(knock_limit=11)).data["can_knock"] is True


def test_q_k_a_is_not_a_meld_in_the_analysis():
    a = analyze(cards("QS KS AS 2C 2D 2H 5C 6C 7C 9D"))
    assert ["QS", "KS", "AS"] not in a.data["melds"]
    assert a.data["deadwood"] == ["AS", "9D", "QS", "KS"]


def test_eleven_cards_add_every_discard_sorted_and_the_best():
    hand = EXAMPLE + ["8D"]
    a = analyze(parse_cards(hand))
    d = a.data
    assert list(d) == [
        "variant",
        "cards",
        "melds",
        "deadwood",
        "deadwood_points",
        "can_knock",
        "can_gin",
        "best_discard",
        "discards",
    ]
    assert d["cards"] == hand
    assert len(d["discards"]) == 11
    assert sorted(e["discard"] for e in d["discards"]) == sorted(hand)
    assert d["best_discard"] == "KC"
    assert d["discards"][0] == {
        "discard": "KC",
        "deadwood_points": 4,
        "melds": [["AS", "2S", "3S"], ["7C", "7D", "7H"], ["8D", "9D", "TD"]],
        "deadwood": ["4H"],
    }
    # Sorted by deadwood points, then by card (rank, then suit C D H S).
    order = "A23456789TJQK"
    keys = [
        (e["deadwood_points"], order.index(e["discard"][0]), "CDHS".index(e["discard"][1]))
        for e in d["discards"]
    ]
    assert keys == sorted(keys)
    sevens = [e["discard"] for e in d["discards"] if e["deadwood_points"] == 21]
    assert sevens == ["7C", "7H"]
    # The top level describes the hand after the best discard.
    assert d["melds"] == d["discards"][0]["melds"]
    assert d["deadwood"] == ["4H"] and d["deadwood_points"] == 4
    assert d["can_knock"] is True and d["can_gin"] is False


def test_each_discard_entry_is_exact():
    from rummykit.core.cards.solver import get_solver

    GIN = get_solver()

    hand = cards("4H 5H 6H 6C 6D 7D 8D 9D 9S 9C 7H")
    exact = dict(GIN.discards(sum(1 << c for c in hand)))
    for e in analyze(hand).data["discards"]:
        assert e["deadwood_points"] == exact[parse_cards(e["discard"])[0]]


def test_wrong_counts_and_duplicates_are_clear_errors():
    with pytest.raises(CardError, match="expected 10 or 11 cards, got 9"):
        analyze(cards("AS 2S 3S 7C 7D 7H 9D TD KC"))
    with pytest.raises(CardError, match="expected 10 or 11 cards, got 12"):
        analyze(cards("AS 2S 3S 7C 7D 7H 9D TD KC 4H 5H 6H"))
    with pytest.raises(CardError, match="duplicate card AC"):
        analyze([0] * 10)
    with pytest.raises(RummyError, match="no melds on the table"):
        analyze(cards(" ".join(EXAMPLE)), None, table="7C 7D 7S")


def test_text_lines_use_card_templates():
    a = analyze(parse_cards(EXAMPLE + ["8D"]))
    assert a.text[0] == "best discard: [[38]], leaving deadwood 4".replace("38", str(parse_cards("KC")[0]))
    assert any("can knock" in t for t in a.text)


def test_spec_wires_analyze_and_hand_summary():
    assert SPEC.analyze(parse_cards(EXAMPLE), GinOptions()).data["variant"] == "gin"
    assert SPEC.hand_summary is hand_summary


def _view(hand, taken=None):
    return View(
        variant="gin",
        seat=0,
        n_seats=2,
        to_act=0,
        hand=tuple(hand),
        hand_sizes=(len(hand), 10),
        stock_size=20,
        discard_pile=(),
        extra={"taken": taken},
    )


def test_hand_summary_ten_cards():
    s = hand_summary(_view(cards("KH 7H 9H 8H 2C AC 3C QD JD 4S")), GinOptions())
    assert [codes(m) for m in s.melds] == [["AC", "2C", "3C"], ["7H", "8H", "9H"]]
    assert codes(s.loose) == ["4S", "JD", "QD", "KH"]
    assert s.label == "deadwood 34"


def test_hand_summary_eleven_cards_names_the_least_deadwood_after_a_discard():
    hand = cards("KH 7H 9H 8H 2C AC 3C QD JD 4S 5S")
    s = hand_summary(_view(hand), GinOptions())
    assert s.label == "deadwood 39; 29 after the best discard"
    assert codes(s.loose) == ["4S", "5S", "JD", "QD", "KH"]
    # The card just taken from the pile is not a discard.
    s = hand_summary(_view(hand, taken=parse_cards("KH")[0]), GinOptions())
    assert s.label == "deadwood 39; 29 after the best discard"  # QD or JD goes instead
    hand = cards("KH 7H 9H 8H 2C AC 3C 4S 5S 2D 6S")
    s = hand_summary(_view(hand), GinOptions())
    assert s.label == "deadwood 12; 2 after the best discard"  # 4S 5S 6S is a run; KH goes
    s = hand_summary(_view(hand, taken=parse_cards("KH")[0]), GinOptions())
    assert s.label == "deadwood 12; 10 after the best discard"  # KH stays: 2D goes


def test_through_the_rummy_command(rummy_run):
    out = rummy_run("analyze", "gin", "--json", *EXAMPLE)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == (
        '{"variant": "gin", "cards": ["AS", "2S", "3S", "7C", "7D", "7H", "9D", "TD", "KC", "4H"], '
        '"melds": [["AS", "2S", "3S"], ["7C", "7D", "7H"]], "deadwood": ["4H", "9D", "TD", "KC"], '
        '"deadwood_points": 33, "can_knock": false, "can_gin": false}'
    )
    out = rummy_run("analyze", "gin", *EXAMPLE[:9])
    assert out.returncode == 2
    assert out.stderr.strip().splitlines()[-1] == "rummy: expected 10 or 11 cards, got 9"
    assert "Traceback" not in out.stderr
    out = rummy_run("analyze", "gin", "--json", "-o", "knock_limit=40", *EXAMPLE)
    assert json.loads(out.stdout)["can_knock"] is True


def test_gin_analyse_takes_10_or_11_cards_only_so_the_whole_deck_is_one_line(rummy_run):
    deck = [f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK"]
    out = rummy_run("analyze", "gin", *deck)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == ["rummy: expected 10 or 11 cards, got 52"]
    out = rummy_run("analyze", "gin", *(["AS"] * 20000))
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == ["rummy: duplicate card AS"]


def test_a_long_run_is_shown_whole_not_split():
    # t_games #369: a five-card run shown as one meld.
    a = analyze(cards("3H 4H 5H 6H 7H 9C 9D 9S KC KD"))
    assert a.data["melds"] == [["3H", "4H", "5H", "6H", "7H"], ["9C", "9D", "9S"]]
    assert a.data["deadwood_points"] == 20


def test_a_low_ace_in_a_run_and_a_loose_ace_worth_one():
    # timpalpant/rummy #2: A-2-3 is a run worth no deadwood; a loose ace is 1 point.
    a = analyze(cards("AH 2H 3H AS 5C 5D 5S 9C TC JC"))
    assert a.data["melds"][0] == ["AH", "2H", "3H"]
    assert a.data["deadwood"] == ["AS"] and a.data["deadwood_points"] == 1
    assert a.data["can_knock"] is True


def test_rummy_rules_gin_shows_the_rules_and_options(rummy_run):
    out = rummy_run("rules", "gin")
    assert out.returncode == 0, out.stderr
    assert "The ace is always low" in out.stdout.replace("**", "")
    assert "knock_limit" in out.stdout and "first_turn" in out.stdout
