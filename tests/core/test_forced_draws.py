"""A draw from the stock while the discard pile is closed (a variant's rule:
here a Gin house rule closing the pile on the first turn) is forced, not a
pass: its event says so (``Event.pile_closed``) and neither core's history
reader nor Gin's ai:hard counts the upcard as passed."""

from __future__ import annotations

from rummykit.core.bots.seen import read_seen
from rummykit.core.cards.card import parse_card
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.variants.gin.bots.knowledge import read_view
from rummykit.variants.gin.round import DISCARD, GinRound

HANDS = ["AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD"]
UPCARD = parse_card("KS")


class ClosedFirstTurn(GinRound):
    """Gin whose discard pile may not be taken on the first turn."""

    def pile_open(self) -> bool:
        return super().pile_open() and self.turns_done > 0


def _first_draw(cls: type[GinRound]) -> GinRound:
    rnd = cls.from_deal(HANDS, "KS", first=0)
    rnd.apply(Action(DRAW_STOCK))
    drawn = rnd.history[-1].card
    assert drawn is not None
    rnd.apply(Action(DISCARD, (drawn,)))
    return rnd


def test_a_closed_pile_offers_no_take():
    rnd = ClosedFirstTurn.from_deal(HANDS, "KS", first=0)
    assert Action(TAKE_DISCARD) not in rnd.legal_actions()
    assert "closed" in (rnd.why_illegal(Action(TAKE_DISCARD)) or "")
    assert ClosedFirstTurn.replays_unchecked is False  # pile_open decides what is legal


def test_a_draw_from_a_closed_pile_is_not_a_pass():
    rnd = _first_draw(ClosedFirstTurn)
    event = rnd.history[0]
    assert event.pile_closed and event.seen_by(1).pile_closed  # the opponent sees it too
    for viewer in (0, 1):
        seen = read_seen(rnd.view(viewer), pile_kinds=None)
        assert not seen.passed[0] >> UPCARD & 1
        assert seen.last_pass[0] is None and seen.turns[0] == 1
    assert not read_view(rnd.view(1)).opp_passed >> UPCARD & 1  # ai:hard's memory


def test_a_draw_from_an_open_pile_passes_on_its_top():
    rnd = _first_draw(GinRound)
    assert not rnd.history[0].pile_closed
    seen = read_seen(rnd.view(1), pile_kinds=None)
    assert seen.passed[0] >> UPCARD & 1 and seen.last_pass[0] == UPCARD
    assert read_view(rnd.view(1)).opp_passed >> UPCARD & 1


def test_the_pile_opens_again_after_the_first_turn():
    rnd = _first_draw(ClosedFirstTurn)
    assert Action(TAKE_DISCARD) in rnd.legal_actions()
    rnd.apply(Action(DRAW_STOCK))
    assert not rnd.history[-1].pile_closed
    top = rnd.history[1].action.cards[0]
    assert read_seen(rnd.view(0), pile_kinds=None).passed[1] >> top & 1
