"""Properties of random play (hypothesis): cards accounted for, termination,
replay, and views that never leak another hand or the stock."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit.core.bots.agents import RandomAgent, agent_seed
from rummykit.core.cards.card import DECK_SIZE
from rummykit.core.play.match import Match
from rummykit.core.play.records import MatchRecord, SeatRecord, replay
from rummykit.core.plugins.registry import Registry
from rummykit.testing import check_variant, check_view_hides
from rummykit.variants.gin import SPEC, EasyGinAgent, GinOptions

MAX_ACTIONS_PER_ROUND = 5000
EXTRA_KEYS = {"phase", "knock_limit", "taken", "first_upcard", "first_seat", "turn", "max_turns"}

OPTIONS = st.sampled_from(
    [
        GinOptions(target=25),
        GinOptions(target=25, knock_limit=0),
        GinOptions(target=25, knock_limit=30, first_turn="alternate"),
        GinOptions(target=40, gin_bonus=0, undercut_bonus=0),
    ]
)
# Matches need rounds that score: random play against random play with a low
# knock limit can take hundreds of drawn rounds, so matches use ai:easy seats.
MATCH_OPTIONS = st.sampled_from(
    [
        GinOptions(target=30),
        GinOptions(target=30, knock_limit=3, first_turn="alternate"),
        GinOptions(target=40, gin_bonus=0, undercut_bonus=0),
    ]
)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
LINEUPS = st.sampled_from(["random", "easy", "mixed"])

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def bots(lineup: str, seed: int):
    make = {
        "random": lambda s: RandomAgent(agent_seed(seed, s)),
        "easy": lambda s: EasyGinAgent(agent_seed(seed, s)),
    }
    if lineup == "mixed":
        return [make["random"](0), make["easy"](1)]
    return [make[lineup](0), make[lineup](1)]


def view_cards(view) -> set[int]:
    """Every card a view shows outside its result."""
    shown = set(view.hand) | set(view.discard_pile)
    for e in view.history:
        shown |= set(e.action.cards)
        if e.card is not None:
            shown.add(e.card)
    for a in view.legal:
        shown |= set(a.cards)
    assert set(view.extra) == EXTRA_KEYS
    for key in ("taken", "first_upcard"):
        if view.extra[key] is not None:
            shown.add(view.extra[key])
    return shown


def check_views(rnd, kit: bool = False) -> None:
    zones = rnd.zones()
    stock = set(zones["stock"])
    for seat in (0, 1):
        other = 1 - seat
        v = rnd.view(seat)
        assert sorted(v.hand) == sorted(zones[f"hand{seat}"])
        shown = view_cards(v)
        assert not shown & stock, "a view shows a stock card"
        # Of the other hand, only cards it took face up from the discard pile.
        public = {e.card for e in rnd.history if e.seat == other and not e.private and e.card is not None}
        assert shown & set(zones[f"hand{other}"]) <= public
        if v.result is not None:
            revealed = {c for h in v.result.hands for c in h.cards}
            assert not revealed & stock
        if seat != rnd.to_act():
            assert v.legal == ()
        if kit:
            check_view_hides(rnd, seat)  # the conformance kit's own check too


def play(match: Match, agents, each=None) -> None:
    per_round = 0
    while not match.over:
        seat = match.to_act()
        action = agents[seat].act(match.view(seat), tuple(match.legal_actions()))
        rnd = match.round
        match.apply(action)
        per_round += 1
        if each:
            each(rnd)
        if rnd.result is not None:
            per_round = 0
        assert per_round < MAX_ACTIONS_PER_ROUND, "a round did not end"


@FAST
@given(seed=SEEDS, options=OPTIONS, lineup=LINEUPS, round_index=st.integers(0, 3))
def test_random_play_accounts_for_52_cards_hides_hands_and_ends(seed, options, lineup, round_index):
    rnd = SPEC.new_round(options, 2, round_index, random.Random(seed))
    agents = bots(lineup, seed)
    check_views(rnd)
    n = 0
    while rnd.result is None:
        seat = rnd.to_act()
        legal = rnd.legal_actions()
        assert legal, "the seat to act has no legal action"
        action = agents[seat].act(rnd.view(seat), tuple(legal))
        rnd.apply(action)
        n += 1
        assert n < MAX_ACTIONS_PER_ROUND, "a round did not end"
        zones = rnd.zones()
        assert set(zones) == {"stock", "discard", "hand0", "hand1"}
        assert sorted(c for cs in zones.values() for c in cs) == list(range(DECK_SIZE))
        if rnd.result is None:
            assert len(zones[f"hand{rnd.to_act()}"]) in (10, 11)
        check_views(rnd, kit=n % 15 == 0)
    check_views(rnd, kit=True)
    r = rnd.result
    assert r.outcome in ("knock", "gin", "undercut", "draw")
    assert sorted(r.counts) == ["draws", "gins", "knocks", "undercuts"]
    assert sum(r.counts.values()) == 1
    assert all(p >= 0 for p in r.points) and sum(1 for p in r.points if p) <= 1
    assert (r.winner is None) == (r.outcome == "draw")


@FAST
@given(seed=SEEDS, options=MATCH_OPTIONS, lineup=st.sampled_from(["easy", "mixed"]))
def test_the_match_ends_at_the_target(seed, options, lineup):
    m = Match(SPEC, options, 2, seed)
    play(m, bots(lineup, seed))
    assert max(m.totals) >= options.target
    assert max(sum(r.points[s] for r in m.results[:-1]) for s in (0, 1)) < options.target


@FAST
@given(seed=SEEDS, options=MATCH_OPTIONS, lineup=st.sampled_from(["easy", "mixed"]))
def test_replaying_the_actions_reproduces_the_game(seed, options, lineup):
    m = Match(SPEC, options, 2, seed)
    play(m, bots(lineup, seed))
    again = Match(SPEC, options, 2, seed)
    for a in m.actions:
        again.apply(a)
    assert again.over and again.totals == m.totals and again.winner == m.winner
    assert [r.points for r in again.results] == [r.points for r in m.results]
    assert [r.text for r in again.results] == [r.text for r in m.results]
    assert again.round.zones() == m.round.zones()
    assert again.round.history == m.round.history
    # And through a JSON record, as `rummy play --resume` does.
    reg = Registry()
    reg.variants["gin"] = SPEC
    rec = MatchRecord(
        variant="gin",
        options=options.model_dump(mode="json"),
        seats=[SeatRecord(kind="random", name="A"), SeatRecord(kind="random", name="B")],
        seed=seed,
        actions=[a.notation() for a in m.actions],
    )
    loaded = MatchRecord.model_validate(json.loads(rec.to_json()))
    third = replay(loaded, reg)
    assert third.totals == m.totals and third.round.zones() == m.round.zones()


@FAST
@given(seed=SEEDS)
def test_views_hide_the_other_hand_in_every_phase_of_one_round(seed):
    m = Match(SPEC, GinOptions(), 2, seed)
    agents = bots("easy", seed)
    rnd = m.round
    phases = set()
    while rnd.result is None:
        phases.add(rnd.phase)
        check_views(rnd)
        s = rnd.to_act()
        rnd.apply(agents[s].act(rnd.view(s), tuple(rnd.legal_actions())))
    phases.add(rnd.phase)
    check_views(rnd)
    assert phases == {"draw", "discard", "over"}


@pytest.mark.slow
def test_the_conformance_kit():
    # Seeds 0..3 cover the kit's line-ups: all random, all ai:easy, and both mixes.
    check_variant(SPEC, seeds=range(4), target=5, agents=["ai:easy"])


def test_the_view_check_catches_a_leak():
    from rummykit.variants.gin import GinRound

    class Leaky(GinRound):
        def view(self, seat):
            v = super().view(seat)
            from dataclasses import replace

            return replace(v, extra={**v.extra, "first_upcard": self.stock[-1]})

    rnd = Leaky(GinOptions(), 0, random.Random(1))
    with pytest.raises(AssertionError, match="stock card"):
        check_views(rnd)
