"""Oklahoma Gin's three house rules, its options, and the conformance kit."""

import pytest
from rummykit_oklahoma import SPEC, OklahomaOptions, OklahomaRound, oklahoma_summary

from rummykit import DECK_SIZE, Action, IllegalAction, OptionError, build_options, parse_card, parse_cards
from rummykit.testing import check_variant

# Seat 0 holds three melds and 9C; the defender holds 64 points of deadwood
# and nothing to lay off.
KNOCKER = "AS 2S 3S 4H 5H 6H 8C 8D 8H 9C"
DEFENDER = "2C 4C 6C TC QC 2D 4D 6D TD QD"


def deal(upcard, top, **options):
    """Seat 0 to act; ``upcard`` starts the discard pile; ``top`` is the stock's top card."""
    hands = [parse_cards(KNOCKER), parse_cards(DEFENDER)]
    up, first = parse_card(upcard), parse_card(top)
    used = set(hands[0] + hands[1] + [up, first])
    stock = [first] + [c for c in range(DECK_SIZE) if c not in used]
    return OklahomaRound.from_deal(hands, up, stock, OklahomaOptions(**options), variant="oklahoma")


def after_draw(upcard, top, **options):
    rnd = deal(upcard, top, **options)
    rnd.apply(Action("draw stock"))
    return rnd


def moves(rnd, kind):
    return sorted(a.notation() for a in rnd.legal_actions() if a.kind == kind)


def play(rnd, text):
    kind, card = text.split()
    return rnd.apply(Action(kind, (parse_card(card),)))


# -- rule 1: the first upcard's value is the knock limit ----------------------------


@pytest.mark.parametrize(
    "upcard, limit, knocks",
    [
        ("7D", 7, []),  # deadwood 9 or 10: too much
        ("9D", 9, ["knock KC"]),  # KC out leaves 9 (the 9C)
        ("TH", 10, ["knock 9C", "knock KC"]),
        ("KD", 10, ["knock 9C", "knock KC"]),  # a face card counts 10
        ("2H", 2, []),
    ],
)
def test_the_upcard_value_is_the_knock_limit(upcard, limit, knocks):
    rnd = after_draw(upcard, "KC")
    assert rnd.knock_limit() == limit
    assert rnd.view(0).extra["knock_limit"] == limit == rnd.view(1).extra["knock_limit"]
    assert moves(rnd, "knock") == knocks


def test_a_knock_over_the_upcard_limit_is_illegal_and_says_why():
    rnd = after_draw("7D", "KC")
    with pytest.raises(IllegalAction, match="deadwood ≤ 7 after the discard; you would have 9"):
        play(rnd, "knock KC")


def test_the_limit_holds_for_the_whole_round():
    rnd = deal("5C", "KH")
    rnd.apply(Action("draw stock"))
    play(rnd, "discard KH")
    assert rnd.discard[-1] != rnd.first_upcard
    assert rnd.knock_limit() == 5  # still the first upcard's, not the pile's top


def test_the_knock_limit_option_caps_the_upcard():
    rnd = after_draw("9D", "KC", knock_limit=5)
    assert rnd.knock_limit() == 5 and moves(rnd, "knock") == []


# -- rule 2: an ace upcard means only gin -----------------------------------------


def test_an_ace_upcard_means_no_knocking():
    rnd = after_draw("AD", "AC")  # AC out of the 9C: 1 deadwood
    assert rnd.knock_limit() == 0
    assert moves(rnd, "knock") == []
    with pytest.raises(IllegalAction, match="only gin may end this round"):
        play(rnd, "knock 9C")


def test_an_ace_upcard_still_allows_gin():
    rnd = after_draw("AD", "8S")  # four 8s: gin discarding 9C
    assert moves(rnd, "gin") == ["gin 9C"]
    play(rnd, "gin 9C")
    assert rnd.result.outcome == "gin" and rnd.result.points == (64 + 25, 0)


def test_ace_rule_off_gives_a_knock_limit_of_one():
    rnd = after_draw("AD", "AC", ace_gin_only=False)
    assert rnd.knock_limit() == 1
    assert moves(rnd, "knock") == ["knock 9C"]


# -- rule 3: a spade upcard doubles the round's score --------------------------------


def knock_points(upcard, **options):
    rnd = after_draw(upcard, "KC", **options)
    play(rnd, "knock KC")
    return rnd.result


def test_a_spade_upcard_doubles_a_knock():
    plain, doubled = knock_points("9D"), knock_points("9S")
    assert plain.outcome == doubled.outcome == "knock"
    assert plain.points == (64 - 9, 0)
    assert doubled.points == (2 * (64 - 9), 0)
    assert "×2" in doubled.text[0] and "×2" not in plain.text[0]


def test_a_spade_upcard_doubles_gin_and_its_bonus():
    rnd = after_draw("QS", "8S")
    play(rnd, "gin 9C")
    assert rnd.result.points == (2 * (64 + 25), 0)


def test_a_spade_upcard_doubles_an_undercut():
    # The defender holds less deadwood than the knocker: an undercut, doubled.
    hands = [parse_cards(KNOCKER), parse_cards("2C 3C 4C 2D 3D 4D TC JC QC 5S")]
    up, top = parse_card("TS"), parse_card("KC")
    used = set(hands[0] + hands[1] + [up, top])
    stock = [top] + [c for c in range(DECK_SIZE) if c not in used]
    rnd = OklahomaRound.from_deal(hands, up, stock, OklahomaOptions(), variant="oklahoma")
    rnd.apply(Action("draw stock"))
    play(rnd, "knock KC")  # knocker 9; defender 5 (the 5S)
    assert rnd.result.outcome == "undercut"
    assert rnd.result.points == (0, 2 * (9 - 5 + 25))


def test_spade_rule_off():
    assert knock_points("9S", spade_doubles=False).points == (64 - 9, 0)


# -- options, display, and the contract ------------------------------------------------


def test_options_are_validated():
    with pytest.raises(OptionError, match="knock_limit"):
        build_options(OklahomaOptions, {"knock_limit": "11"}, "oklahoma")
    with pytest.raises(OptionError, match="unknown option 'big_gin'"):
        build_options(OklahomaOptions, {"big_gin": "1"}, "oklahoma")
    assert build_options(OklahomaOptions, {"spade_doubles": "false"}).spade_doubles is False


def test_the_hand_display_tells_the_round_terms():
    label = oklahoma_summary(deal("7S", "KC").view(0), OklahomaOptions()).label
    assert label.endswith("upcard 7S, knock ≤ 7, score ×2")
    assert oklahoma_summary(deal("AD", "KC").view(1), OklahomaOptions()).label.endswith("upcard AD, gin only")


def test_the_spec_is_gin_under_another_name():
    assert SPEC.name == "oklahoma" and SPEC.title == "Oklahoma Gin"
    assert (SPEC.min_players, SPEC.max_players) == (2, 2)
    assert SPEC.options_model is OklahomaOptions
    assert "first upcard" in SPEC.rules_text and "Cardems Gin" in SPEC.rules_text
    assert SPEC.new_round.round_class is OklahomaRound


def test_installed_through_its_entry_point():
    from rummykit import get_plugins

    reg = get_plugins().registry
    spec = reg.variant("oklahoma")
    assert spec.plugin == "oklahoma" and spec.title == "Oklahoma Gin"
    assert reg.plugins["oklahoma"]["distribution"] == "rummykit-oklahoma"
    assert {"ai:easy", "ai:hard", "random"} <= {a.name for a in reg.agents_for("oklahoma")}
    assert reg.problems == []


def test_conformance():
    check_variant("oklahoma", seeds=range(6))


def test_conformance_with_the_house_rules_off():
    check_variant(
        SPEC,
        seeds=range(2),
        options={"ace_gin_only": False, "spade_doubles": False, "knock_limit": 3},
        agents=[],
    )
