"""Gin's own ``ai:search`` (``variants/gin/bots/search.py``): core's search with
``ai:hard``'s move as prior, ``ref:simple`` rolling out, a knock or gin never
searched, and another move played only when fresh paired play-outs confirm it."""

from __future__ import annotations

import random

from rummykit.core.bots.search import SEARCH_CONFIDENCE, with_iterations
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD
from rummykit.core.engine.resample import deal_round
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.gin import GinOptions, GinRound
from rummykit.variants.gin.bots import hard_factory, simple_factory
from rummykit.variants.gin.bots.hard import HardGinAgent
from rummykit.variants.gin.bots.search import ITERATIONS, MIN_PAIRED, GinSearch

from .helpers import act, deal


def registry():
    return get_plugins().registry


def dealt(seed: int) -> GinRound:
    rnd = deal_round(registry().variant("gin"), GinOptions(), 2, 0, random.Random(seed))
    assert isinstance(rnd, GinRound)
    return rnd


def search(seed: int = 1, iterations: int = 12, **kwargs) -> GinSearch:
    return GinSearch(seed, options=GinOptions(), policy=simple_factory, iterations=iterations, **kwargs)


def test_gin_registers_its_own_search_and_the_house_rules_keep_cores() -> None:
    reg = registry()
    spec = reg.agent("gin", "ai:search")
    agent = spec.factory(0, 1, GinOptions())
    assert isinstance(agent, GinSearch)
    assert agent.policy is simple_factory and agent.iterations == ITERATIONS
    assert agent.confidence == SEARCH_CONFIDENCE
    assert "ref:simple moving both seats" in spec.description and "ai:hard's move" in spec.description
    assert reg.strongest_agent("gin").name == "ai:hard"  # ai:search stays below it
    # the conformance kit's cheap budget reaches it
    assert with_iterations(spec, 4, 100).factory(0, 1, GinOptions()).iterations == 4
    for house in ("classic-gin", "oklahoma-gin", "hollywood-gin", "gin-3", "gin-partners"):
        if house in reg.variants:
            made = reg.agent(house, "ai:search").factory(0, 1, reg.variant(house).options_model())
            assert not isinstance(made, GinSearch)


def test_its_prior_is_ai_hards_move() -> None:
    """Through a round, the prior is the move a fresh ai:hard seeded from the
    search's generator makes, and that is not always ref:simple's."""
    differs = 0
    rnd = dealt(1)
    agent = search(9)
    while (seat := rnd.to_act()) is not None:
        view = rnd.view(seat)
        twin = random.Random()
        twin.setstate(agent.rng.getstate())
        hard = hard_factory(seat, twin.getrandbits(32), GinOptions()).act(view, view.legal)
        prior = agent.prior(view, view.legal)
        assert prior == hard
        differs += prior != simple_factory(seat, 3, GinOptions()).act(view, view.legal)
        rnd.apply(prior)
    assert differs


def test_a_knock_is_hards_alone_and_a_declined_one_is_never_searched() -> None:
    # deadwood 1 on the first turn: ai:hard knocks, played at once
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS KS 7C", "TC TD TH 3S 4S 5S 9H AC 8C 9D", "4D", "AD")
    rnd.apply(act("draw stock"))
    agent = search()
    move = agent.act(rnd.view(0), rnd.view(0).legal, info=rnd.information(0))
    assert move.notation() == "knock 7C" and not agent.last and agent.outcome == "prior"
    # seven deadwood: ai:hard seeded 1 plays on (a few of its sampled opponent
    # hands undercut; test_bots); only plain discards are searched then
    rnd = deal("3C 5C 7C QS 8D 8C 2H 2S 6C 8S", "4C KD AH JS TS QH QC KH 6D 7S", "5H", "8H")
    rnd.apply(act("draw stock"))
    view = rnd.view(0)
    assert any(a.kind == "knock" for a in view.legal)

    class SeededOne(GinSearch):
        def prior(self, view, legal):
            self._prior = HardGinAgent(1).act(view, legal)
            return self._prior

    agent = SeededOne(1, options=GinOptions(), policy=simple_factory, iterations=12)
    move = agent.act(view, view.legal, info=rnd.information(0))
    assert move.kind == "discard"
    assert {a.kind for a in agent.last["means"]} == {"discard"}
    assert len(agent.last["means"]) == sum(a.kind == "discard" for a in view.legal)


def test_a_draw_searches_the_upcard_against_the_stock() -> None:
    rnd = dealt(3)
    view = rnd.view(rnd.to_act() or 0)
    agent = search()
    prior = agent.prior(view, view.legal)
    assert {a.kind for a in agent.candidates(view, view.legal)} == {TAKE_DISCARD, DRAW_STOCK} or (
        prior.kind not in (TAKE_DISCARD, DRAW_STOCK)
    )


def test_another_move_only_when_fresh_play_outs_confirm_it() -> None:
    """Through whole rounds with its information state: the move played is
    ai:hard's unless the confirmation on fresh deals overruled it, with at
    least MIN_PAIRED pairs; the real round is never touched."""
    outcomes: set[str] = set()
    for seed in range(3):
        rnd = dealt(20 + seed)
        agent = search(seed, iterations=16)
        other = simple_factory(1, 2, GinOptions())
        while (seat := rnd.to_act()) is not None:
            view = rnd.view(seat)
            if seat != 0:
                rnd.apply(other.act(view, view.legal))
                continue
            before = len(rnd.history)
            twin = random.Random()
            twin.setstate(agent.rng.getstate())
            hard = hard_factory(0, twin.getrandbits(32), GinOptions()).act(
                view, view.legal, info=rnd.information(0)
            )
            move = agent.act(view, view.legal, info=rnd.information(0))
            assert len(rnd.history) == before
            outcomes.add(agent.outcome)
            if agent.outcome == "overruled":
                assert move != hard and agent.last["confirmed"]
                assert min(agent.last["counts"].values()) >= 1
            else:
                assert move == hard
            if agent.outcome in ("kept", "overruled"):
                assert len(agent.last["confirmed"]) == 2  # the prior and the move it was tried against
            rnd.apply(move)
    assert "kept" in outcomes  # the confirmation ran


def test_a_confirmation_needs_min_paired_play_outs() -> None:
    never = search(iterations=2 * (MIN_PAIRED - 1))
    rnd = dealt(4)
    while (seat := rnd.to_act()) is not None:
        view = rnd.view(seat)
        move = never.act(view, view.legal, info=rnd.information(seat))
        assert never.outcome != "overruled"  # fewer fresh pairs than MIN_PAIRED
        rnd.apply(move)


def test_the_search_sees_only_its_information_state() -> None:
    """Two deals the seat cannot tell apart (its hand and the upcard alike, the
    other hand and the stock's order not): the same decisions and play-out values."""
    mine, up = "3C 5C 7C QS 8D 8C 2H 2S 6C 8S", "5H"
    a = deal(mine, "4C KD AH JS TS QH QC KH 6D 7S", up, "8H 9C")
    b = deal(mine, "4D KC AS JH TD QD 9D KD 6H 7D", up, "TH 9S")
    assert a.to_act() == b.to_act() == 0
    one, two = search(4), search(4)
    ma = one.act(a.view(0), a.view(0).legal, info=a.information(0))
    mb = two.act(b.view(0), b.view(0).legal, info=b.information(0))
    assert ma == mb and one.last == two.last and one.last


def test_it_explains_with_ai_hards_reasons() -> None:
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS KS 7C", "TC TD TH 3S 4S 5S 9H AC 8C 9D", "4D", "AD")
    rnd.apply(act("draw stock"))
    agent = search()
    view = rnd.view(0)
    move = agent.act(view, view.legal, info=rnd.information(0))
    assert agent.explain(view, move).startswith("knock with 1")


def test_the_conformance_kit_passes_gin_with_its_search() -> None:
    from rummykit.testing import check_variant

    check_variant("gin", seeds=range(2), agents=["ai:search"], max_rounds=1, report=False)
