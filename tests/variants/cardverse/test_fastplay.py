"""The compiled play-out core (variants/cardverse_rummy/bots/_fastplay.c) gives what
the pure-Python loops of bots/playout.py give: the same sampled deals from the same
random numbers, the same play-outs, so ai:hard makes the same moves with or without
it. The pure loops are the reference; ``RUMMYKIT_PURE_PYTHON`` turns the core off."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.cards import FULL_DECK, from_mask
from rummykit.core.solver import get_solver
from rummykit.variants.cardverse_rummy.bots import playout
from rummykit.variants.cardverse_rummy.bots.knowledge import read_view
from rummykit.variants.cardverse_rummy.bots.playout import Playouts

from ...marks import first_fast
from .test_playouts import states

PURE = bool(os.environ.get("RUMMYKIT_PURE_PYTHON"))
needs_core = pytest.mark.skipif(PURE, reason="RUMMYKIT_PURE_PYTHON turns the compiled core off")


class OtherRandom(random.Random):
    """A generator of another type: the core leaves its shuffle to it."""


def pair(ace_points: int = 1, seed: int = 0, lowest: bool = True, keep: float = 0.0, rng_type=random.Random):
    """Two Playouts on the same random numbers: the compiled one and the pure one."""
    solver = get_solver(True, ace_points)
    fast = Playouts(solver, ace_points, rng_type(seed))
    pure = Playouts(solver, ace_points, rng_type(seed))
    pure._core = None
    for p in (fast, pure):
        p.lowest = lowest
        p.keep = keep
    return fast, pure


@needs_core
def test_the_compiled_core_is_built_and_used():
    assert playout._fastplay is not None, (
        "the C extension _fastplay was not built: `make test` builds it at install "
        "(it needs a C compiler and the Python headers)"
    )
    assert playout.compiled()
    fast, pure = pair()
    assert fast._core is not None and pure._core is None


@needs_core
@pytest.mark.parametrize("n_seats", [3, 4])
@pytest.mark.parametrize("lowest", [True, False])
@pytest.mark.parametrize("rng_type", [random.Random, OtherRandom])
def test_sampled_deals_are_the_same(n_seats, lowest, rng_type):
    """With a plain random.Random the core shuffles too (as random.shuffle does, by
    its getrandbits); with another generator it takes the generator's shuffle."""
    fast, pure = pair(seed=n_seats, lowest=lowest, rng_type=rng_type)
    assert fast._shuffle_in_core == (rng_type is random.Random)
    checked = 0
    for _, view in states(n_seats, 10):
        k = read_view(view)
        for _ in range(4):
            assert fast.sample(k) == pure.sample(k)
            checked += 1
    assert checked > 100


@needs_core
@pytest.mark.parametrize("n_seats", first_fast([3, 4]))
@pytest.mark.parametrize("ace_points", [1, 11])
def test_play_outs_are_the_same_from_real_positions(n_seats, ace_points):
    """Every way in: this seat to draw as its rule says, from the stock or the pile,
    or the next seat to draw; with and without ``keep``. Tables from real games make
    the play-outs add to melds and ask the solver for this seat's melds."""
    checked = ended_by_meld = 0
    for _, view in states(n_seats, 14):
        k = read_view(view)
        table = [sum(1 << c for c in meld.cards) for meld in view.table]
        pile = list(view.discard_pile)
        for keep in (0.0, 1.5):
            fast, pure = pair(ace_points, keep=keep)
            hands, stock = pure.sample(k)
            for first_take in (None, False, True):
                args = (hands, stock, pile, table, k.seat, k.seat, first_take)
                got = fast.play(*args)
                assert got == pure.play(*args)
                assert (
                    fast.score(*got)
                    == pure.score(*got)
                    == sum(fast.pts[c] for s, h in enumerate(got[1]) if s != got[0] for c in from_mask(h))
                )
                ended_by_meld += got[1][got[0]] == 0
                checked += 1
            card = max(from_mask(k.hand))
            h = list(hands)
            h[k.seat] = k.hand & ~(1 << card)
            args = (h, stock, pile + [card], table, k.seat, (k.seat + 1) % n_seats)
            assert fast.play(*args) == pure.play(*args)
    assert checked > 300 and ended_by_meld > 10


def _position(seed: int):
    """A random position of 3 or 4 seats: hands, a table of valid melds (sets, runs
    ace high), the pile and the stock, from one shuffled deck."""
    rng = random.Random(seed)
    n = rng.choice([3, 4])
    free = FULL_DECK
    table = []
    for _ in range(rng.randrange(5)):
        if rng.random() < 0.5:  # a set of 3 or 4
            rank = rng.randrange(13)
            cards = [s * 13 + rank for s in range(4) if free >> (s * 13 + rank) & 1]
            size = rng.choice([3, 4])
            if len(cards) < size:
                continue
            meld = sum(1 << c for c in rng.sample(cards, size))
        else:  # a run of 3 to 6, positions 2 .. A
            suit, length = rng.randrange(4), rng.randrange(3, 7)
            start = rng.randrange(13 - length + 1)
            cards = [suit * 13 + (0 if p == 12 else p + 1) for p in range(start, start + length)]
            if any(not free >> c & 1 for c in cards):
                continue
            meld = sum(1 << c for c in cards)
        free &= ~meld
        table.append(meld)
    deck = list(from_mask(free))
    rng.shuffle(deck)
    hands = []
    for _ in range(n):
        size = rng.randrange(1, 11)
        hands.append(sum(1 << c for c in deck[:size]))
        del deck[:size]
    cut = rng.randrange(min(8, len(deck)) + 1)
    pile, stock = deck[:cut], deck[cut : cut + rng.randrange(len(deck) - cut + 1)]
    me, cur = rng.randrange(n), rng.randrange(n)
    first_take = rng.choice([None, False, True]) if cur == me else None
    return hands, stock, pile, table, me, cur, first_take


@needs_core
@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([1, 11]), st.sampled_from([0.0, 0.5, 1.5]))
def test_play_outs_are_the_same_from_any_position(seed, ace_points, keep):
    """Hands that may hold melds already (this seat's and the opponents'), tables of
    sets and runs to add to, an empty stock or pile."""
    args = _position(seed)
    fast, pure = pair(ace_points, keep=keep)
    before = [list(a) if isinstance(a, list) else a for a in args]
    assert fast.play(*args) == pure.play(*args)
    assert list(args) == before  # nothing passed in is changed


@st.composite
def meld_rich_hands(draw):
    """Up to 14 cards from a few neighbouring ranks: sets, four of a kind, runs
    through the ace (Q K A), choices between a set and a run."""
    low = draw(st.integers(0, 12))
    ranks = [(low + i) % 13 for i in range(draw(st.integers(2, 6)))]
    cards = [s * 13 + r for s in range(4) for r in ranks]
    chosen = draw(st.lists(st.sampled_from(cards), min_size=3, max_size=14, unique=True))
    return sum(1 << c for c in chosen)


@pytest.mark.slow
@needs_core
@settings(max_examples=1500, deadline=None)
@given(meld_rich_hands(), st.sampled_from([1, 11]))
def test_the_core_lays_the_solvers_arrangement(hand, ace_points):
    fast, _ = pair(ace_points)
    assert fast._core.arrangement(hand) == get_solver(True, ace_points).arrangement(hand)[1]


@needs_core
def test_the_core_refuses_bad_input_with_an_error():
    fast, _ = pair()
    core = fast._core
    hands, stock, pile, table = [1, 2, 4], [10, 11], [12], []
    with pytest.raises(ValueError):
        core.play(hands, list(range(52)) * 2, pile, table, 0, 0, None, 0.0)  # more than a deck
    with pytest.raises(ValueError):
        core.play(hands, [52], pile, table, 0, 0, None, 0.0)  # not a card
    with pytest.raises(ValueError):
        core.play(hands, stock, pile, table, 3, 0, None, 0.0)  # no such seat
    with pytest.raises(ValueError):
        core.play(hands, stock, pile, [0], 0, 0, None, 0.0)  # an empty meld
    with pytest.raises(ValueError):
        core.play([1, 2, 1 << 60], stock, pile, table, 0, 0, None, 0.0)  # not a mask of cards
    with pytest.raises(ValueError):
        core.play([(1 << 14) - 1, 1 << 20, 1 << 21], stock, pile, table, 0, 0, None, 0.0)  # 14 cards
    with pytest.raises(ValueError):
        core.arrangement((1 << 15) - 1)
    with pytest.raises(ValueError):
        core.fill([1, 2], 0, 1 << 52, [0, 1], [0, 0], [0, 0], [None, None], [-1, -1])
    with pytest.raises(ValueError):
        core.deal(1 << 52, random.Random(0).getrandbits, 0, 0, [0, 1], [0, 0], [0, 0], [None, None], [-1, -1])
    with pytest.raises(TypeError):
        core.deal(7, None, 0, 0, [0, 1], [0, 0], [0, 0], [None, None], [-1, -1])  # no generator
    with pytest.raises(TypeError):
        core.play(hands, stock, pile, table, 0, 0, None)
    with pytest.raises(OverflowError):
        core.play([-1, 2, 4], stock, pile, table, 0, 0, None, 0.0)
    with pytest.raises(ValueError):
        core.fill([1, 2], 0, 0, [0, 1], [0, 0], [0, 0], [None], [-1, -1])  # one entry per seat
    assert core.play(hands, stock, pile, table, 0, 0, None, 0.0)[0] in (0, 1, 2)


def _simulate(env_extra: dict) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "RUMMYKIT_PURE_PYTHON"}
    env.update(env_extra)
    cmd = [
        sys.executable,
        "-m",
        "rummykit.cli.main",
        "simulate",
        "cardverse",
        "--seat",
        "ai:hard",
        "--seat",
        "ai:easy",
        "--seat",
        "ai:easy",
        "--seat",
        "ai:easy",
        "--rounds",
        "16",
        "--seed",
        "3",
        "--json",
    ]
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    del out["rounds_per_second"]
    return out


@pytest.mark.slow
@needs_core
def test_simulate_gives_the_same_figures_with_and_without_the_core():
    assert _simulate({}) == _simulate({"RUMMYKIT_PURE_PYTHON": "1"})
