"""Property tests on random play with 2, 3 and 4 seats (hypothesis, modest counts):
cards are accounted for after every action, play ends, replay is exact, and views
never show another hand or the stock order. Then the shared conformance kit."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit.core.cards.card import DECK_SIZE
from rummykit.core.engine.round import Round
from rummykit.variants.cardverse_rummy import CardVerseOptions, CardVerseRound
from rummykit.variants.cardverse_rummy.plugin import SPEC

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)
seats = st.sampled_from([2, 3, 4])
option_sets = st.fixed_dictionaries(
    {
        "discard_to_win": st.booleans(),
        "ace_high": st.booleans(),
    }
)


def check_zones(rnd):
    cards = [x for zone in rnd.zones().values() for x in zone]
    assert sorted(cards) == list(range(DECK_SIZE)), "cards missing or duplicated"


def check_views(rnd):
    zones = rnd.zones()
    stock = list(zones["stock"])
    for seat in range(rnd.n_seats):
        v = rnd.view(seat)
        assert sorted(v.hand) == sorted(zones[f"hand{seat}"])
        assert v.stock_size == len(stock)
        assert v.hand_sizes == tuple(len(zones[f"hand{s}"]) for s in range(rnd.n_seats))
        assert (len(v.legal) > 0) == (rnd.to_act() == seat)
        # Every card the view names: its hand, the pile, the table, its history.
        shown = set(v.hand) | set(v.discard_pile)
        for m in v.table:
            shown |= set(m.cards)
        for e in v.history:
            shown |= set(e.action.cards)
            if e.card is not None:
                assert not (e.private and e.seat != seat), "another seat's stock draw is shown"
                shown.add(e.card)
        if rnd.result is None:
            others = set()
            for s in range(rnd.n_seats):
                if s != seat:
                    others |= set(zones[f"hand{s}"])
            # Cards others took from the public pile are known; nothing else of theirs.
            public = {e.card for e in v.history if e.card is not None and not e.private}
            public |= {x for e in v.history for x in e.action.cards}
            assert not (shown & others) - public
        assert not shown & set(stock), "a stock card is visible"
        for value in vars(v).values() if hasattr(v, "__dict__") else ():
            assert not isinstance(value, Round)


def play_random(n, seed, options, check=True):
    rnd = CardVerseRound.deal(options, n, seed % 5, random.Random(seed))
    pick = random.Random(seed ^ 0x5EED)
    actions = []
    while rnd.result is None:
        if check:
            check_zones(rnd)
            check_views(rnd)
        legal = rnd.legal_actions()
        assert legal and rnd.to_act() is not None
        action = legal[pick.randrange(len(legal))]
        actions.append(action)
        rnd.apply(action)
        assert len(actions) < 30_000, "the round does not end"
    if check:
        check_zones(rnd)
        check_views(rnd)
    return rnd, actions


@SETTINGS
@given(n=seats, seed=seeds, opts=option_sets)
def test_random_play_accounts_for_every_card_and_terminates(n, seed, opts):
    rnd, _ = play_random(n, seed, CardVerseOptions(**opts))
    r = rnd.result
    assert r.outcome in ("out", "stock")
    assert r.points[r.winner] == sum(h.points for h in r.hands if h.seat != r.winner)
    assert sum(1 for p in r.points if p) <= 1
    if r.outcome == "out":
        assert rnd.view(r.winner).hand == ()
    assert rnd.turns_done <= CardVerseOptions().max_turns


@SETTINGS
@given(n=seats, seed=seeds, opts=option_sets)
def test_replaying_the_actions_from_the_same_seed_gives_the_same_state(n, seed, opts):
    options = CardVerseOptions(**opts)
    first, actions = play_random(n, seed, options, check=False)
    again = CardVerseRound.deal(options, n, seed % 5, random.Random(seed))
    for a in actions:
        again.apply(a)
    assert {k: list(v) for k, v in again.zones().items()} == {k: list(v) for k, v in first.zones().items()}
    assert again.history == first.history
    assert again.result == first.result
    assert [again.view(s) for s in range(n)] == [first.view(s) for s in range(n)]


@settings(max_examples=10, deadline=None)
@given(n=seats, seed=seeds)
def test_short_max_turns_always_ends_the_round(n, seed):
    options = CardVerseOptions(max_turns=5)
    rnd, _ = play_random(n, seed, options)
    assert rnd.turns_done <= 5


@pytest.mark.slow
def test_conformance_kit():
    """The shared conformance kit (rummykit.testing) with every registered bot."""
    from rummykit.testing import check_variant

    check_variant("cardverse", seeds=range(4))


@pytest.mark.slow
def test_conformance_kit_with_the_other_options():
    from rummykit.testing import check_variant

    check_variant(SPEC, seeds=range(2), options={"discard_to_win": True, "ace_high": True})


@settings(max_examples=15, deadline=None)
@given(n=seats, seed=seeds)
def test_apply_accepts_exactly_the_legal_moves_in_any_card_order(n, seed):
    """apply() finds legality by the shared action objects; check it against the
    plain definition (Action.key in the legal list) on random candidate moves."""
    from rummykit.core.base.errors import IllegalAction
    from rummykit.core.engine.actions import Action
    from rummykit.variants.cardverse_rummy.round import _canonical

    rnd = CardVerseRound.deal(CardVerseOptions(), n, 0, random.Random(seed))
    pick = random.Random(seed)
    for _ in range(60):
        if rnd.result is not None:
            break
        legal = rnd.legal_actions()
        keys = {a.key() for a in legal}
        ids = {id(a) for a in legal}
        hand = list(rnd.zones()[f"hand{rnd.to_act()}"])
        candidates = [Action(a.kind, tuple(reversed(a.cards)), a.target) for a in legal]
        for _ in range(20):
            kind = pick.choice(["meld", "add", "discard", "draw stock", "take discard"])
            k = {"meld": pick.choice([3, 4]), "add": 1, "discard": 1}.get(kind, 0)
            pool = hand + [pick.randrange(52)]
            cards = tuple(pick.sample(pool, min(k, len(pool))))
            target = pick.randrange(1, 4) if kind == "add" else None
            candidates.append(Action(kind, cards, target))
        for cand in candidates:
            canon = _canonical(cand)
            assert (canon is not None and id(canon) in ids) == (cand.key() in keys), cand
        illegal = [x for x in candidates if x.key() not in keys]
        for x in illegal[:3]:
            try:
                rnd.apply(x)
            except IllegalAction as e:
                assert str(e)
            else:
                raise AssertionError(f"{x} was accepted")
        rnd.apply(legal[pick.randrange(len(legal))])
