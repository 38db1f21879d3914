"""The observation encodes the seat's view and nothing else: re-dealing what a
seat has not seen (Round.resample) never changes its observation, and the
environment's event-by-event encoding equals one read from the whole view."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rummykit.core.bots.seen import read_seen
from rummykit.env import raw_env

from ..helpers.env_cases import CASES, IDS


def _walk(e, seed, steps):
    """The env after ``steps`` random legal actions (fewer if the round ends)."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if e.table.over:
            break
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize(("variant", "seats"), CASES, ids=IDS)
def test_resampling_what_a_seat_has_not_seen_never_changes_its_observation(registry, variant, seats):
    e = raw_env(variant, seats=seats, registry=registry)
    enc = e.encoder
    checked = 0
    for seed in range(12):
        _walk(e, seed, steps=random.Random(seed).randrange(0, 60))
        rnd = e.table.round
        if rnd.result is not None:
            continue
        for seat in range(seats):
            obs = e.observe(f"player_{seat}")
            changed = False
            for k in range(3):
                other = rnd.resample(seat, random.Random(k))
                changed |= any(
                    list(other.zones()[z]) != list(rnd.zones()[z]) for z in rnd.zones() if z != f"hand{seat}"
                )
                again = enc.encode(other.view(seat))
                assert np.array_equal(again["observation"], obs["observation"])
                assert np.array_equal(again["action_mask"], obs["action_mask"])
            assert changed, "the resample re-dealt no hidden card"
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize(("variant", "seats"), CASES, ids=IDS)
def test_the_incremental_encoding_equals_a_fresh_one(registry, variant, seats):
    e = raw_env(variant, seats=seats, registry=registry)
    enc = e.encoder
    e.reset(seed=11)
    rng = np.random.default_rng(11)
    steps = 0
    while not e.table.over and steps < 400:
        for agent in e.possible_agents:
            obs = e.observe(agent)
            fresh = enc.encode(e.view(agent))
            assert np.array_equal(obs["observation"], fresh["observation"])
            assert np.array_equal(obs["action_mask"], fresh["action_mask"])
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
        steps += 1


def test_the_fields_say_what_the_view_says(registry):
    e = raw_env("cardverse", seats=3, registry=registry)
    enc = e.encoder
    _walk(e, 4, 80)
    view = e.view("player_1")
    obs = e.observe("player_1")["observation"]

    def field(name):
        start, size = enc.layout[name]
        return obs[start : start + size]

    assert np.flatnonzero(field("hand")).tolist() == sorted(view.hand)
    pile = field("pile")
    assert [int(c) for c in np.argsort(-pile)[: len(view.discard_pile)]] == list(reversed(view.discard_pile))
    seen = read_seen(view, pile_kinds=e.codec.pile_kinds)
    for name in ("took", "passed"):
        got = field(name).reshape(2, 52)
        for r in (1, 2):
            seat = (1 + r) % 3
            mask = getattr(seen, name)[seat]
            assert np.flatnonzero(got[r - 1]).tolist() == [c for c in range(52) if mask >> c & 1]
    table = field("table").reshape(3, 52)
    for meld in view.table:
        for c in meld.cards:
            assert table[(meld.owner - 1) % 3, c] == 1
            assert field("meld")[c] == pytest.approx(meld.number / 17)
    sizes = field("hand_sizes") * 52
    assert [round(float(x)) for x in sizes] == [view.hand_sizes[(1 + r) % 3] for r in range(3)]
    assert round(float(field("stock")[0] * 52)) == view.stock_size
