"""Gaps a house rule on Gin ran into (issue #41): a move taken away with
``allows``, the rules text edited, no knock offered where there is none."""

from __future__ import annotations

import pytest

from rummykit.core.base.errors import IllegalAction, RummyError
from rummykit.core.engine.actions import Action
from rummykit.variants.gin import GinOptions, GinRound, cardems_rules_text
from rummykit.variants.gin.round import KNOCK

from .helpers import act, deal


class NoKnockRound(GinRound):
    """Gin without knocking: only gin ends the round."""

    def allows(self, action: Action) -> bool:
        return action.kind != KNOCK


# Seat 0 draws 4D: discarding KC then leaves 4 deadwood (the 4D), a knock.
HAND0 = "2S 3S 4S 5H 6H 7H 9C 9D 9H KC"
HAND1 = "AS 8S TS JS 2C 4C 6C 8C TC QC"


def knock_ready(cls: type[GinRound]) -> GinRound:
    rnd = deal(HAND0, HAND1, "JD", "2D", cls=cls)
    rnd.apply(act("draw stock"))
    return rnd


def test_allows_forbidding_knock_takes_every_knock_away():
    plain = knock_ready(GinRound)
    assert any(a.kind == KNOCK for a in plain.legal_actions())  # the deal offers a knock
    rnd = knock_ready(NoKnockRound)
    legal = rnd.legal_actions()
    assert legal and not any(a.kind == KNOCK for a in legal)
    assert [a for a in plain.legal_actions() if a.kind != KNOCK] == list(legal)
    assert not any(a.kind == KNOCK for a in rnd.view(0).legal)
    with pytest.raises(IllegalAction, match="not allowed in gin"):
        rnd.apply(act("knock KC"))
    assert rnd.phase == "discard" and not rnd.history[1:]  # unchanged
    rnd.apply(act("discard KC"))  # a plain discard is still fine


def test_allows_is_asked_only_when_a_subclass_defines_it():
    assert not GinRound.filters_moves
    assert NoKnockRound.filters_moves
    assert "allows" in GinRound.legality_hooks  # a replay checks such a subclass's moves


def test_rules_text_replaces_a_section_and_keeps_the_rest():
    whole = cardems_rules_text()
    text = cardems_rules_text(replace={"Knocking and gin": "Only gin ends the round: there is no knocking."})
    assert "## Knocking and gin\n\nOnly gin ends the round: there is no knocking.\n\n## Layoffs\n" in text
    assert "Instead of a plain discard you may discard and" in whole
    assert "Instead of a plain discard you may discard and" not in text
    before, _, _ = whole.partition("## Knocking and gin")
    assert text.startswith(before)
    assert text.endswith(whole.partition("## Layoffs")[2])
    assert cardems_rules_text(replace={}) == whole
    last = whole.split("\n## ")[-1].partition("\n")[0]
    assert cardems_rules_text(replace={last: "None."}).endswith(f"## {last}\n\nNone.\n")


def test_rules_text_names_the_sections_for_a_heading_it_lacks():
    with pytest.raises(RummyError, match=r"no section 'Knocking' .*Knocking and gin"):
        cardems_rules_text(replace={"Knocking": "x"})


def drawn_reason(rnd: GinRound) -> str:
    with pytest.raises(IllegalAction) as caught:
        rnd.apply(act("draw stock"))  # already drawn
    return str(caught.value)


def test_after_the_draw_knock_is_offered_only_where_one_may_knock():
    assert drawn_reason(knock_ready(GinRound)).endswith("now discard, knock or gin with one card")
    gin_only = deal(HAND0, HAND1, "JD", "2D", options=GinOptions(knock_limit=0))
    gin_only.apply(act("draw stock"))
    reason = drawn_reason(gin_only)
    assert reason == "you have already drawn this turn; now discard or gin with one card"
    assert drawn_reason(knock_ready(NoKnockRound)).endswith("now discard or gin with one card")
