"""A bot's seed is a keyed hash of the match seed and its seat: the same game
gives the same seeds (and so the same moves), but a bot's seed tells nothing
about the match seed, so nothing about the deal."""

from __future__ import annotations

import hashlib
import random

from rummykit.core.bots.agents import agent_seed


def _blake(match_seed: int, seat: int) -> int:
    key = match_seed.to_bytes(match_seed.bit_length() // 8 + 1, "big", signed=True)
    if len(key) > 64:
        key = hashlib.blake2b(key, person=b"rummykit-seedkey").digest()
    h = hashlib.blake2b(
        seat.to_bytes(seat.bit_length() // 8 + 1, "big", signed=True),
        digest_size=8,
        key=key,
        person=b"rummykit-agent",
    )
    return int.from_bytes(h.digest(), "big")


def test_it_is_blake2b_keyed_by_the_match_seed_over_the_seat():
    rng = random.Random(1)
    seeds = [0, 1, 2**31 - 1, 2**127 + 5, -3, 2**600 + 1] + [rng.getrandbits(128) for _ in range(50)]
    for s in seeds:
        for seat in range(4):
            assert agent_seed(s, seat) == _blake(s, seat)
            assert agent_seed(s, seat) == agent_seed(s, seat)  # same game, same moves
            assert 0 <= agent_seed(s, seat) < 2**64


def test_seeds_are_distinct_and_show_no_pattern():
    values = {agent_seed(s, seat) for s in range(2000) for seat in range(4)}
    assert len(values) == 8000
    # The old seeds were an affine function of the match seed: consecutive match
    # seeds gave seeds a constant step apart, and the match seed could be solved for.
    steps = {agent_seed(s + 1, 0) - agent_seed(s, 0) for s in range(100)}
    assert len(steps) == 100
    seat_steps = {agent_seed(s, 1) - agent_seed(s, 0) for s in range(100)}
    assert len(seat_steps) == 100
    # Each output bit is about as often 1 as 0 (a hash, not a small formula).
    ones = sum(bin(agent_seed(s, 0)).count("1") for s in range(1000))
    assert 0.47 < ones / (64 * 1000) < 0.53
