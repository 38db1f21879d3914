"""Settling a knock or gin: layoffs, the knocker's tie-break, the scoring table."""

from __future__ import annotations

import pytest

from rummykit.core.base.errors import CardError, RummyError
from rummykit.core.cards.extensions import best_extensions
from rummykit.core.cards.solver import get_solver
from rummykit.variants.gin import GinOptions, KnockError, settle

from .helpers import card, cards, codes

GIN = get_solver()  # ace low, the ace worth 1: Gin's rules


def layoffs(s):
    return [(codes([c])[0], codes(onto)) for c, onto in s.defender.layoffs]


def test_cardems_example_knock_7_defender_18_after_layoffs_scores_11():
    s = settle(cards("6H 7H 8H 2C 2D 2S JS QS KS 7C"), cards("TC TD TH 3S 4S 5S 9H AC 8C 9D"))
    assert (s.outcome, s.winner, s.points) == ("knock", "knocker", 11)
    assert s.knocker.deadwood_points == 7 and s.defender.deadwood_points == 18
    assert layoffs(s) == [("9H", ["6H", "7H", "8H"])]


def test_cardems_example_both_at_7_is_an_undercut_worth_25_to_the_defender():
    s = settle(cards("6H 7H 8H 2C 2D 2S JS QS KS 7C"), cards("TC TD TH 3S 4S 5S 9H AC AD 5C"))
    assert (s.outcome, s.winner, s.points) == ("undercut", "defender", 25)


def test_undercut_when_the_defender_has_less():
    # Knocker 9 (9C), defender 4 after laying off: 9 - 4 + 25 = 30 to the defender.
    s = settle(cards("6H 7H 8H 2C 2D 2S JS QS KS 9C"), cards("TC TD TH 3S 4S 5S 9H AC AD 2H"))
    # 2H goes onto 2C 2D 2S, 9H onto the hearts run: AC AD = 2 left.
    assert s.defender.deadwood_points == 2
    assert (s.outcome, s.winner, s.points) == ("undercut", "defender", 9 - 2 + 25)


def test_undercut_bonus_and_gin_bonus_options():
    opts = GinOptions(undercut_bonus=10, gin_bonus=31)
    s = settle(cards("6H 7H 8H 2C 2D 2S JS QS KS 7C"), cards("TC TD TH 3S 4S 5S 9H AC AD 5C"), opts)
    assert (s.winner, s.points) == ("defender", 10)
    g = settle(cards("6H 7H 8H 9H 2C 2D 2S JS QS KS"), cards("TH 2H AC 3C 5D 7D 9C 4S 6S 8S"), opts)
    assert (g.outcome, g.points) == ("gin", 55 + 31)


def test_layoffs_chain_on_a_run():
    # 9H then TH onto 6H 7H 8H (t_games #366: a run must be able to grow twice).
    s = settle(cards("6H 7H 8H 2C 2D 2S JS QS KS 7C"), cards("9H TH AC AD 5C 8C 3D 4S 6S KD"))
    assert layoffs(s) == [("9H", ["6H", "7H", "8H"]), ("TH", ["6H", "7H", "8H"])]
    assert "9H" not in codes(s.defender.deadwood) and "TH" not in codes(s.defender.deadwood)


def test_layoffs_at_both_ends_and_downwards():
    s = settle(cards("6H 7H 8H 2C 2D 2S JS QS KS 7C"), cards("4H 5H 9H AC AD 5C 8C 3D 4S 6S"))
    laid = [c for c, _ in layoffs(s)]
    assert sorted(laid) == ["4H", "5H", "9H"]
    # Laying order: 5H before 4H (each layoff is legal when it is made).
    assert laid.index("5H") < laid.index("4H")


def test_layoff_fills_a_three_card_set():
    s = settle(cards("7C 7D 7H 2C 2D 2S JS QS KS 3H"), cards("7S AC AD 5C 8C 3D 4S 6S 9H TD"))
    assert layoffs(s) == [("7S", ["7C", "7D", "7H"])]


def test_no_layoff_past_the_king_the_ace_goes_below_the_two():
    s = settle(cards("7C 7D 7H JH QH KH 2S 3S 4S AD"), cards("AH AS 5C 8C 3D 6C 9H TD QC QD"))
    # AS extends 2-3-4 of spades downwards; AH cannot go after K of hearts (ace low).
    assert layoffs(s) == [("AS", ["2S", "3S", "4S"])]


def test_no_layoff_onto_a_four_card_set():
    s = settle(cards("7C 7D 7H 7S JH QH KH 2S 3S 4D"), cards("AH 9S 5C 8C 3D 6C 9H TD QC QD"))
    assert s.knocker.melds[0] == tuple(cards("7C 7D 7H 7S"))
    assert layoffs(s) == []


def test_defender_melds_and_layoffs_are_optimised_together():
    # Knocker run 6H 7H 8H. Defender 5C 5D 5H 4H: the set 5C 5D 5H leaves 4H (4);
    # laying off 5H and 4H would leave 5C 5D (10). The set wins.
    s = settle(cards("6H 7H 8H 2C 2D 2S JS QS KS 7C"), cards("5C 5D 5H 4H AC 8C 3D 4S 6S 9C"))
    assert ["5C", "5D", "5H"] in [codes(m) for m in s.defender.melds]
    # With 5S too, the four 5s... 5C 5D 5S stays a set and 5H 4H are laid off.
    s = settle(cards("6H 7H 8H 2C 2D 2S JS QS KS 7C"), cards("5C 5D 5H 5S 4H AC 8C 3D 4S 9C"))
    assert sorted(c for c, _ in layoffs(s)) == ["4H", "5H"]
    assert ["5C", "5D", "5S"] in [codes(m) for m in s.defender.melds]


def test_knocker_tie_break_uses_the_arrangement_leaving_the_defender_most():
    knocker = cards("2H 3H 4H 3C 3D 9S TS JS QS KS")
    defender = cards("5H 6H KC KD KH 7C 8D 9C 5C 2D")
    # Two least-deadwood arrangements (6 each): run 2H 3H 4H (3C 3D loose) or the
    # set 3C 3D 3H (2H 4H loose).
    dw, arrs = GIN.arrangements(sum(1 << c for c in knocker), maximal_runs=True)
    assert dw == 6 and len(arrs) == 2
    # With the run, the defender lays off 5H 6H and has 31; with the set, 42.
    results = sorted(best_extensions(sum(1 << c for c in defender), a, GIN).deadwood for a in arrs)
    assert results == [31, 42]
    s = settle(knocker, defender)
    assert codes(s.knocker.deadwood) == ["2H", "4H"]
    assert ["3C", "3D", "3H"] in [codes(m) for m in s.knocker.melds]
    assert s.defender.deadwood_points == 42 and s.defender.layoffs == ()
    assert (s.outcome, s.points) == ("knock", 36)


def test_gin_never_allows_layoffs():
    s = settle(cards("6H 7H 8H 9H 2C 2D 2S JS QS KS"), cards("TH 2H AC 3C 5D 7D 9C 4S 6S 8S"))
    assert s.outcome == "gin" and s.defender.layoffs == ()
    assert s.defender.deadwood_points == 55 and s.points == 80
    assert s.to_json()["defender"]["layoffs"] == []


def test_gin_shows_the_defenders_best_arrangement():
    s = settle(cards("6H 7H 8H 9H 2C 2D 2S JS QS KS"), cards("TH TC TD AC 3C 5D 7D 4S 5S 6S"))
    assert [codes(m) for m in s.defender.melds] == [["4S", "5S", "6S"], ["TC", "TD", "TH"]]
    assert s.defender.deadwood_points == 1 + 3 + 5 + 7


def test_knock_over_the_limit_is_an_error():
    with pytest.raises(KnockError, match="deadwood 11 is over the knock limit 10"):
        settle(cards("AS 2S 3S 4S 7C 7D 7H 5H 4D 2C"), cards("TC TD TH 9H AC 8C 9D 6D JD QH"))
    s = settle(cards("AS 2S 3S 4S 7C 7D 7H 5H 4D 2C"), cards("TC TD TH 9H AC 8C 9D 6D JD QH"), knock_limit=11)
    assert s.outcome == "knock"
    with pytest.raises(KnockError, match="only gin"):
        settle(
            cards("6H 7H 8H 2C 2D 2S JS QS KS 7C"),
            cards(DEF := "TC TD TH 3S 4S 5S 9H AC 8C 9D"),
            GinOptions(knock_limit=0),
        )
    assert DEF


def test_overlapping_hands_name_the_cards():
    with pytest.raises(CardError, match="both hold 7C, 8H"):
        settle(cards("6H 7H 8H 2C 2D 2S JS QS KS 7C"), cards("7C 8H TC TD TH 3S 4S 5S AC 8C"))
    assert issubclass(KnockError, RummyError)


def test_settlement_json_shape():
    s = settle(cards("6H 7H 8H 2C 2D 2S JS QS KS 7C"), cards("TC TD TH 3S 4S 5S 9H AC 8C 9D"))
    assert s.to_json() == {
        "outcome": "knock",
        "winner": "knocker",
        "points": 11,
        "knocker": {
            "melds": [["2C", "2D", "2S"], ["6H", "7H", "8H"], ["JS", "QS", "KS"]],
            "deadwood": ["7C"],
            "deadwood_points": 7,
        },
        "defender": {
            "melds": [["3S", "4S", "5S"], ["TC", "TD", "TH"]],
            "layoffs": [{"card": "9H", "onto": ["6H", "7H", "8H"]}],
            "deadwood": ["AC", "8C", "9D"],
            "deadwood_points": 18,
        },
    }


def test_settle_takes_bitmasks_too_and_scaled_multiplies():
    k = sum(1 << c for c in cards("6H 7H 8H 2C 2D 2S JS QS KS 7C"))
    d = sum(1 << c for c in cards("TC TD TH 3S 4S 5S 9H AC 8C 9D"))
    s = settle(k, d)
    assert s.points == 11
    assert s.scaled(2).points == 22 and s.scaled(2).multiplier == 2
    assert card("7C") in s.knocker.deadwood
