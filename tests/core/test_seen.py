"""core/bots/seen.py: what every seat saw of the discard pile, read from its view alone,
checked against the round itself at every turn of real rounds."""

from __future__ import annotations

import random

import pytest

from rummykit.core.bots.agents import RandomAgent
from rummykit.core.bots.seen import SeenReader, read_seen
from rummykit.core.cards.card import to_mask
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD
from rummykit.core.engine.options import build_options
from rummykit.core.engine.resample import deal_round
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.cardverse_rummy.options import CardVerseOptions
from rummykit.variants.cardverse_rummy.round import CardVerseRound
from rummykit.variants.gin.options import GinOptions
from rummykit.variants.gin.round import GinRound

from ..marks import first_fast


def cardverse(n_seats: int, seed: int):
    return CardVerseRound.deal(CardVerseOptions(), n_seats, 0, random.Random(seed)), ("discard",)


def gin(n_seats: int, seed: int):
    return GinRound(GinOptions(), 0, random.Random(seed)), None


def classic_gin(n_seats: int, seed: int):
    """Classic Gin: its upcard offer, where a seat may ``pass`` on the upcard."""
    spec = get_plugins().registry.variant("classic-gin")
    options = build_options(spec.options_model, {}, spec.name)
    return deal_round(spec, options, n_seats, 0, random.Random(seed)), None


class Truth:
    """The same facts, kept from the round's own state as the moves are made."""

    def __init__(self, n: int) -> None:
        self.took = [0] * n
        self.passed = [0] * n
        self.last_pass: list[int | None] = [None] * n
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.turns = [0] * n

    def before(self, rnd, seat: int, action) -> None:
        pile = rnd.zones()["discard"]
        top = pile[-1] if pile else None
        if action.kind == DRAW_STOCK and not any(a.kind == TAKE_DISCARD for a in rnd.legal_actions()):
            top = None  # the pile was closed (classic Gin after both passed the upcard)
        if action.kind == DRAW_STOCK:
            self.turns[seat] += 1
            self.last_pass[seat] = top
            if top is not None:
                self.passed[seat] |= 1 << top
        elif action.kind == TAKE_DISCARD:
            self.turns[seat] += 1
            self.last_pass[seat] = None
            self.took[seat] |= 1 << top
        elif action.kind == "pass":  # declined the upcard offered
            self.last_pass[seat] = top
            if top is not None:
                self.passed[seat] |= 1 << top

    def after(self, rnd, seat: int, action) -> None:
        pile = rnd.zones()["discard"]
        if action.cards and pile and pile[-1] == action.cards[0] and action.kind != "meld":
            self.discards[seat].append(action.cards[0])


@pytest.mark.parametrize(
    "make,n_seats",
    first_fast([(gin, 2), (cardverse, 2), (cardverse, 3), (cardverse, 4), (classic_gin, 2)], keep=2),
)
def test_every_seat_reads_the_picks_passes_and_discards_of_all(make, n_seats):
    checked = passes_offered = 0
    for seed in range(30):
        rnd, pile_kinds = make(n_seats, seed)
        agents = [RandomAgent(seed * 10 + s) for s in range(n_seats)]
        truth = Truth(n_seats)
        while rnd.to_act() is not None:
            for viewer in range(n_seats):
                seen = read_seen(rnd.view(viewer), pile_kinds)
                assert seen.took == truth.took
                assert seen.passed == truth.passed
                assert seen.last_pass == truth.last_pass
                assert seen.discards == truth.discards
                assert seen.turns == truth.turns
                for s in range(n_seats):
                    hand = to_mask(rnd.zones()[f"hand{s}"])
                    expect = 0 if s == viewer else truth.took[s] & hand
                    assert seen.held[s] == expect
                    at = seen.last_discard_at[s]
                    if truth.discards[s]:
                        event = rnd.view(viewer).history[at]
                        assert (event.seat, event.action.cards[0]) == (s, truth.discards[s][-1])
                    else:
                        assert at == -1
                checked += 1
            seat = rnd.to_act()
            action = agents[seat].act(rnd.view(seat), rnd.legal_actions())
            passes_offered += action.kind == "pass"
            truth.before(rnd, seat, action)
            rnd.apply(action)
            truth.after(rnd, seat, action)
    assert checked > 500
    if make is classic_gin:  # the offer was declined in some of these rounds
        assert passes_offered > 0


# (variant, options, seats, pile_kinds, dig_kinds): every installed example too
# (make test installs them): Rummy 500's digs, the house rules' reshuffle of the
# pile into the stock, which moves the pile with no event.
READERS = [
    ("gin", {}, 2, None, ()),
    ("cardverse", {}, 2, ("discard",), ()),
    ("cardverse", {}, 3, ("discard",), ()),
    ("cardverse", {}, 4, ("discard",), ()),
    ("rummy500", {}, 3, ("discard",), ("dig",)),
    ("cardverse-house", {"reshuffle": True}, 2, ("discard",), ()),
]


@pytest.mark.parametrize(
    ("variant", "options", "n_seats", "pile_kinds", "dig_kinds"), first_fast(READERS, keep=2)
)
def test_a_reader_kept_through_the_rounds_reads_what_a_full_replay_reads(
    variant, options, n_seats, pile_kinds, dig_kinds
):
    """One reader per seat, kept from round to round and handed that seat's
    views at random moments (so several events at once, or none), gives what
    read_seen gives from the whole history; so does one reader handed any
    seat's view, which must see that the seat changed."""
    spec = get_plugins().registry.variant(variant)
    opts = build_options(spec.options_model, options)
    readers = [SeenReader(pile_kinds, dig_kinds) for _ in range(n_seats)]
    anyone = SeenReader(pile_kinds, dig_kinds)
    rng = random.Random(7)
    reads = 0
    for round_index in range(40):
        rnd = deal_round(spec, opts, n_seats, round_index % n_seats, random.Random(round_index))
        agents = [RandomAgent(round_index * 10 + s) for s in range(n_seats)]
        while rnd.to_act() is not None:
            for viewer in range(n_seats):
                if rng.random() < 0.4:
                    view = rnd.view(viewer)
                    assert readers[viewer].read(view) == read_seen(view, pile_kinds, dig_kinds)
                    reads += 1
            viewer = rng.randrange(n_seats)
            view = rnd.view(viewer)
            assert anyone.read(view) == read_seen(view, pile_kinds, dig_kinds)
            seat = rnd.to_act()
            rnd.apply(agents[seat].act(rnd.view(seat), rnd.legal_actions()))
    assert reads > 1000


def test_what_a_reader_returns_is_the_caller_s_own():
    rnd, pile_kinds = cardverse(3, 1)
    reader = SeenReader(pile_kinds)
    agents = [RandomAgent(s) for s in range(3)]
    for _ in range(12):
        seat = rnd.to_act()
        rnd.apply(agents[seat].act(rnd.view(seat), rnd.legal_actions()))
    first = reader.read(rnd.view(0))
    first.took[1] = first.held[2] = -1
    for d in first.discards:
        d.append(99)
    assert reader.read(rnd.view(0)) == read_seen(rnd.view(0), pile_kinds)


def test_a_reader_that_saw_a_round_only_as_dealt_reads_the_next_one_afresh():
    first, pile_kinds = cardverse(2, 1)
    reader = SeenReader(pile_kinds)
    reader.read(first.view(0))  # no events yet: nothing tells this round from the next
    for seed in range(2, 12):
        rnd, _ = cardverse(2, seed)
        agents = [RandomAgent(s) for s in range(2)]
        for _ in range(6):
            seat = rnd.to_act()
            rnd.apply(agents[seat].act(rnd.view(seat), rnd.legal_actions()))
        assert reader.read(rnd.view(0)) == read_seen(rnd.view(0), pile_kinds)
        reader.read(cardverse(2, seed + 100)[0].view(0))
