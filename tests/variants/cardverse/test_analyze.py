"""`rummy analyze cardverse CARDS... [--table ...] [--json]`: the JSON contract."""

import json

import pytest

from rummykit.core.base.errors import RummyError
from rummykit.core.cards.card import code, parse_cards
from rummykit.core.engine.round import RoundResult
from rummykit.variants.cardverse_rummy import CardVerseOptions
from rummykit.variants.cardverse_rummy.analysis import analyze, hand_summary
from rummykit.variants.cardverse_rummy.plugin import SPEC

from .cardverse_helpers import deal

KEYS = ["variant", "cards", "melds", "additions", "remaining", "remaining_points", "hand_points"]


def run(cards, table=None, **options):
    return analyze(parse_cards(cards), CardVerseOptions(**options), table=table)


def lines(analysis):
    """The text lines with cards as codes."""
    return RoundResult(points=(), outcome="", winner=None, text=analysis.text).lines([], code)


def test_keys_and_values_without_a_table():
    a = run("QH KH AH 7C 7D 7S 2S 9D")
    assert list(a.data) == KEYS
    assert a.data == {
        "variant": "cardverse",
        "cards": ["QH", "KH", "AH", "7C", "7D", "7S", "2S", "9D"],  # as given
        "melds": [["7C", "7D", "7S"], ["QH", "KH", "AH"]],
        "additions": [],
        "remaining": ["9D", "2S"],
        "remaining_points": 11,
        "hand_points": 1 + 10 + 10 + 7 * 3 + 2 + 9,
    }
    json.dumps(a.data)


def test_spec_analyze_is_this_function():
    assert SPEC.analyze is analyze
    assert SPEC.analyze(parse_cards("JH 5C"), CardVerseOptions(), table=None).data["hand_points"] == 15


def test_additions_to_table_melds_numbered_in_the_order_given():
    a = run("JH 5C 2S 7H", table="QH KH AH; 7C 7D 7S")
    assert a.data["additions"] == [{"card": "JH", "to": 1}, {"card": "7H", "to": 2}]
    assert a.data["melds"] == []
    assert a.data["remaining"] == ["5C", "2S"] and a.data["remaining_points"] == 7
    assert a.data["hand_points"] == 24


def test_chained_additions_come_in_a_playable_order():
    a = run("9H TH 4C", table="6H 7H 8H")
    assert a.data["additions"] == [{"card": "9H", "to": 1}, {"card": "TH", "to": 1}]


def test_melds_and_additions_are_optimised_together():
    # Alone, 5H 6H 7H or the 5s set leave 10 or 13; adding 7H then 6H onto the
    # table run lets the set 5C 5D 5H go down too: nothing left.
    a = run("5C 5D 5H 6H 7H", table="8H 9H TH")
    assert a.data["melds"] == [["5C", "5D", "5H"]]
    assert a.data["additions"] == [{"card": "7H", "to": 1}, {"card": "6H", "to": 1}]
    assert a.data["remaining"] == [] and a.data["remaining_points"] == 0


def test_ace_high_option_changes_points_not_runs():
    low = run("QS KS AS AD 3C")
    high = run("QS KS AS AD 3C", ace_high=True)
    assert low.data["melds"] == high.data["melds"] == [["QS", "KS", "AS"]]
    assert (low.data["remaining_points"], high.data["remaining_points"]) == (4, 14)
    assert (low.data["hand_points"], high.data["hand_points"]) == (25, 45)
    assert run("AH 2H 3H").data["melds"] == []


def test_one_card_is_enough():
    assert run("KD").data["remaining"] == ["KD"]


ALL = " ".join(code(c) for c in range(52))


def test_the_whole_deck_is_four_runs_and_nothing_left():
    a = run(ALL)
    assert a.data["melds"] == [[f"{r}{s}" for r in "23456789TJQKA"] for s in "CDHS"]
    assert a.data["remaining"] == [] and a.data["remaining_points"] == 0
    assert a.data["hand_points"] == 4 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 30)


def test_discard_to_win_keeps_a_card_to_discard():
    free = run("5H 6H 7H 8H")
    assert free.data["melds"] == [["5H", "6H", "7H", "8H"]] and free.data["remaining"] == []
    kept = run("5H 6H 7H 8H", discard_to_win=True)
    assert kept.data["melds"] == [["5H", "6H", "7H"]]
    assert kept.data["remaining"] == ["8H"] and kept.data["remaining_points"] == 8
    assert lines(kept)[-1] == (
        "Discard 8H to go out (discard_to_win: the last card must be discarded, not laid down)"
    )


def test_discard_to_win_with_additions_keeps_the_card_that_still_lets_the_rest_go_down():
    a = run("JH 5C 5D 5S", table="QH KH AH", discard_to_win=True)
    assert a.data["melds"] == [["5C", "5D", "5S"]] and a.data["additions"] == []
    assert a.data["remaining"] == ["JH"]
    assert lines(a)[-1].startswith("Discard JH to go out")


def test_discard_to_win_with_one_meld_lays_nothing_down():
    a = run("5H 6H 7H", discard_to_win=True)
    assert a.data["melds"] == [] and a.data["remaining"] == ["5H", "6H", "7H"]
    assert lines(a)[-1].startswith("Discard 7H at the end of the turn")


@pytest.mark.parametrize(
    "cards, table", [("QH KH AH 7C 7D 7S 2S 9D", None), ("JH 5C 2S 7H", "QH KH AH; 7C 7D 7S"), ("KD", None)]
)
def test_discard_to_win_changes_nothing_when_a_card_is_left_anyway(cards, table):
    assert run(cards, table, discard_to_win=True) == run(cards, table)


def test_the_whole_deck_with_discard_to_win_keeps_a_ten():
    a = run(ALL, discard_to_win=True)
    assert a.data["remaining"] == ["TC"] and a.data["remaining_points"] == 10
    assert a.data["melds"][0] == ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]


@pytest.mark.parametrize(
    "cards, table, words",
    [
        ("", None, "at least one card"),
        ("JH 5C", "QH KH; 7C 7D 7S", r"table meld 1 \(QH KH\) is not a set or a run"),
        ("JH 5C", "KH AH 2H", r"table meld 1 \(KH AH 2H\) is not a set or a run"),
        ("JH 5C", "QH KH AH; 7C 7D 7S; 7S 8S 9S", "7S is in table melds 2 and 3"),
        ("JH 5C KH", "QH KH AH", "cards both in the hand and on the table: KH"),
        ("JH 5C", "QH KH XX", "table meld 1: bad card"),
        ("JH 5C", "  ", "--table is empty"),
    ],
)
def test_errors_are_clear(cards, table, words):
    with pytest.raises(RummyError, match=words):
        run(cards, table=table)


def test_duplicate_hand_cards_are_an_error():
    with pytest.raises(RummyError, match="duplicate card JH"):
        analyze([parse_cards("JH")[0]] * 2, CardVerseOptions())


def test_text_lines_use_card_refs():
    a = run("JH 5C 2S", table="QH KH AH")
    fake = RoundResult(points=(), outcome="", winner=None, text=a.text)
    lines = fake.lines([], code)
    assert lines[0] == "Hand: 5C JH 2S (hand value 17)"
    assert "Add JH to meld 1 (QH KH AH)" in lines
    assert lines[-1] == "Left in hand: 5C 2S (7 points)"


def test_hand_summary_groups_melds_and_labels_the_hand_value():
    rnd = deal(["AH QH KH 9C 9D 9S 4D", "2D 3D 9H"], stock="5S")
    s = hand_summary(rnd.view(0), CardVerseOptions())
    assert [[code(c) for c in m] for m in s.melds] == [["9C", "9D", "9S"], ["QH", "KH", "AH"]]
    assert [code(c) for c in s.loose] == ["4D"]
    assert s.label == "hand value 52"
    assert hand_summary(rnd.view(0), CardVerseOptions(ace_high=True)).label == "hand value 62"


def test_through_the_cli(rummy_run):
    out = rummy_run("analyze", "cardverse", "JH", "5C", "2S", "--table", "QH KH AH; 7C 7D 7S", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {
        "variant": "cardverse",
        "cards": ["JH", "5C", "2S"],
        "melds": [],
        "additions": [{"card": "JH", "to": 1}],
        "remaining": ["5C", "2S"],
        "remaining_points": 7,
        "hand_points": 17,
    }
    bad = rummy_run("analyze", "cardverse", "JH", "--table", "AH 2H 3H")
    assert bad.returncode != 0 and "not a set or a run" in bad.stderr
    assert "Traceback" not in bad.stderr


@pytest.mark.parametrize("options, remaining", [([], []), (["-o", "discard_to_win=true"], ["TC"])])
def test_the_whole_deck_through_the_cli(rummy_run, options, remaining):
    out = rummy_run("analyze", "cardverse", *ALL.split(), *options, "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["remaining"] == remaining and len(data["cards"]) == 52
    assert data == run(ALL, **({"discard_to_win": True} if options else {})).data


def test_a_card_given_many_times_is_one_line(rummy_run):
    out = rummy_run("analyze", "cardverse", *(["JH"] * 20000))
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == ["rummy: duplicate card JH"]
