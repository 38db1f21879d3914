"""Everything a bot receives or observes is immutable: each way a bot could try
to change what it was given raises, and the round it came from is unchanged.
(Through the real ``rummy``, with a plugin bot that tries them all:
tests/cli/test_bot_failures.py.)"""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError

import pytest

from rummykit.core.engine.actions import Action
from rummykit.core.engine.round import Event, HandReport, RoundResult, TableMeld, View
from rummykit.core.play.match import Match
from rummykit.core.plugins.manager import get_plugins

MUTATIONS = (TypeError, AttributeError, FrozenInstanceError)


def _spec(name):
    return get_plugins().registry.variant(name)


def _round(variant: str, n_seats: int = 2, seed: int = 4):
    spec = _spec(variant)
    return spec.new_round(spec.options_model(), n_seats, 0, random.Random(seed))


def _play_to_end(rnd, seed: int = 1):
    rng = random.Random(seed)
    while rnd.result is None:
        legal = rnd.legal_actions()
        rnd.apply(legal[rng.randrange(len(legal))])
    return rnd


def _attempts(view: View):
    """Every mutation a bot might try on a view, as (name, callable)."""
    result = view.result
    yield "view.hand = ()", lambda: setattr(view, "hand", ())
    yield "del view.legal", lambda: delattr(view, "legal")
    yield "view.hand.append", lambda: view.hand.append(0)
    yield "view.legal.clear()", lambda: view.legal.clear()
    yield "view.legal[0] = x", lambda: view.legal.__setitem__(0, Action("knock", (1,)))
    yield "view.discard_pile.pop()", lambda: view.discard_pile.pop()
    yield "view.history.clear()", lambda: view.history.clear()
    yield "view.scores[0] = 99", lambda: view.scores.__setitem__(0, 99)
    yield "view.extra['phase'] = 'x'", lambda: view.extra.__setitem__("phase", "x")
    yield "view.extra.clear()", lambda: view.extra.clear()
    if view.history:
        e = view.history[-1]
        yield "event.card = 3", lambda: setattr(e, "card", 3)
        yield "event.action.cards = ()", lambda: setattr(e.action, "cards", ())
    for m in view.table:
        yield "meld.cards = ()", lambda m=m: setattr(m, "cards", ())
    if result is not None:
        yield "result.counts['x'] = 1000", lambda: result.counts.__setitem__("x", 1000)
        yield "result.counts.update", lambda: result.counts.update(x=1000)
        yield "result.points = ()", lambda: setattr(result, "points", ())
        yield "result.points[0] = 99", lambda: result.points.__setitem__(0, 99)
        yield "result.winner = 1", lambda: setattr(result, "winner", 1)
        for h in result.hands:
            yield "hand.cards.append", lambda h=h: h.cards.append(0)
            yield "hand.points = 0", lambda h=h: setattr(h, "points", 0)


def _snapshot(rnd) -> tuple:
    return (
        tuple((k, tuple(v)) for k, v in rnd.zones().items()),
        tuple(rnd.history),
        tuple(rnd.legal_actions()),
        rnd.result,
    )


@pytest.mark.parametrize("variant, n_seats", [("gin", 2), ("cardverse", 2), ("cardverse", 4)])
def test_every_mutation_of_a_view_raises_and_changes_nothing(variant, n_seats):
    rnd = _round(variant, n_seats)
    rng = random.Random(9)
    tried = 0
    while True:
        before = _snapshot(rnd)
        seats = range(n_seats)
        views = [rnd.view(s) for s in seats]
        again = [rnd.view(s) for s in seats]
        for view in views:
            for _, attempt in _attempts(view):
                with pytest.raises(MUTATIONS):
                    attempt()
                tried += 1
        assert _snapshot(rnd) == before, "a mutation attempt changed the round"
        assert [rnd.view(s) for s in seats] == again
        if rnd.result is not None:
            break
        legal = rnd.legal_actions()
        rnd.apply(legal[rng.randrange(len(legal))])
    assert tried > 500
    assert rnd.result.counts  # the last views held the result, and its counts were tried


@pytest.mark.parametrize("variant", ["gin", "cardverse"])
def test_legal_actions_are_a_tuple_that_nobody_can_empty(variant):
    rnd = _round(variant)
    legal = rnd.legal_actions()
    assert type(legal) is tuple and legal
    with pytest.raises(AttributeError):
        legal.clear()
    assert rnd.legal_actions() == legal  # the same moves, still
    assert rnd.view(rnd.to_act()).legal == legal
    _play_to_end(rnd)
    assert rnd.legal_actions() == ()


def test_a_match_gives_tuples_too():
    spec = _spec("gin")
    m = Match(spec, spec.options_model(), 2, 5)
    assert type(m.legal_actions()) is tuple
    view = m.view(m.to_act())
    assert type(view.scores) is tuple and type(view.legal) is tuple


def test_what_a_variant_passes_is_copied_into_immutable_values():
    counts = {"knocks": 1}
    points = [3, 0]
    r = RoundResult(
        points=points,
        outcome="knock",
        winner=0,
        hands=[HandReport(0, [1, 2], melds=[[3, 4, 5]])],
        text=["x"],
        counts=counts,
    )
    counts["knocks"] = 1000  # the variant's own dict: the result keeps its copy
    points[0] = 99
    assert dict(r.counts) == {"knocks": 1} and r.points == (3, 0)
    assert type(r.hands) is tuple and r.hands[0].cards == (1, 2) and r.hands[0].melds == ((3, 4, 5),)
    assert RoundResult((0, 0), "draw", None).counts == {}
    extra = {"phase": "draw"}
    v = View(
        "x",
        0,
        2,
        0,
        [1, 2],
        [2, 2],
        10,
        [5],
        table=[TableMeld(1, 0, [7, 8, 9])],
        history=[Event(0, Action("draw stock"))],
        legal=[Action("draw stock")],
        extra=extra,
    )
    extra["phase"] = "changed"
    assert v.extra == {"phase": "draw"}
    for value in (
        v.hand,
        v.hand_sizes,
        v.discard_pile,
        v.table,
        v.history,
        v.legal,
        v.scores,
        v.table[0].cards,
    ):
        assert type(value) is tuple
    with pytest.raises(TypeError):
        v.extra["phase"] = "x"
