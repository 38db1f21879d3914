"""Round.clone and Round.resample (core/engine/resample.py), on the built-ins and on toys.

Property tests (hypothesis) run the conformance kit's check_clone and
check_resample in random states of random Gin and CardVerse matches at 2, 3 and
4 seats. The rest checks what the kit does not: the re-dealt cards are drawn
fairly, a card an opponent revealed came from where it could have come from,
private draws in a resample agree with the hands, the work is done once per
state, and the errors for rounds core cannot re-deal.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit.core.base.errors import ResampleError
from rummykit.core.bots.agents import RandomAgent
from rummykit.core.cards.card import parse_card, parse_cards
from rummykit.core.engine.actions import DRAW_STOCK, Action
from rummykit.core.engine.resample import RiggedRandom, deal_round
from rummykit.core.play.match import Match
from rummykit.testing import check_clone, check_resample
from rummykit.variants.cardverse_rummy import CardVerseRound
from rummykit.variants.cardverse_rummy.spec import SPEC as CARDVERSE
from rummykit.variants.gin import GinRound
from rummykit.variants.gin.spec import SPEC as GIN

from .toy_variant import TOY, ToyOptions, ToyRound

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SPECS = {"gin": GIN, "cardverse": CARDVERSE}


def play(match: Match, steps: int, seed: int) -> None:
    agents = [RandomAgent(seed + s) for s in range(match.n_seats)]
    for _ in range(steps):
        if match.over:
            return
        seat = match.to_act()
        view = match.view(seat)
        match.apply(agents[seat].act(view, view.legal))


def play_round(rnd, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if rnd.result is not None:
            return
        rnd.apply(rng.choice(list(rnd.legal_actions())))


# -- the properties, through the kit ------------------------------------------------------


@pytest.mark.parametrize("name, seats", [("gin", 2), ("cardverse", 2), ("cardverse", 3), ("cardverse", 4)])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 300))
def test_clone_and_resample_in_random_states(name, seats, seed, steps):
    spec = SPECS[name]
    match = Match(spec, spec.options_model(), seats, seed)
    play(match, steps, seed)
    rnd = match.round
    rng = random.Random(seed)
    keep = check_clone(rnd, rng)
    for seat in range(seats):
        check_resample(rnd, seat, rng)
        # Every seat's private draws in a resample agree with its resampled hand.
        other = rnd.resample(seat, rng)
        for s in range(seats):
            view = other.view(s)
            drawn = {e.card for e in view.history if e.seat == s and e.private and e.card is not None}
            played = {c for e in view.history if e.seat == s for c in e.action.cards}
            assert drawn - played <= set(view.hand)
    # A clone, played on, resamples too.
    play_round(keep, 5, rng)
    check_resample(keep, 0, rng)


# -- fair and consistent re-deals -------------------------------------------------------------


def test_unseen_cards_are_dealt_fairly():
    rnd = deal_round(GIN, GIN.options_model(), 2, 0, random.Random(7))
    seen = set(rnd.view(0).hand) | set(rnd.view(0).discard_pile)
    rng = random.Random(1)
    n = 2000
    count = dict.fromkeys(set(range(52)) - seen, 0)
    for _ in range(n):
        for c in rnd.resample(0, rng).zones()["hand1"]:
            count[c] += 1
    p = 10 / 41  # ten of the 41 cards seat 0 has not seen are in seat 1's hand
    sigma = (n * p * (1 - p)) ** 0.5
    assert all(abs(k - n * p) < 5 * sigma for k in count.values()), count


def test_a_discarded_card_came_from_the_hand_or_a_draw_before():
    """Seat 1 draws from the stock and discards a card it was dealt: for seat 0
    that card is one of eleven it may have held, the drawn one among them."""
    hands = [parse_cards("AS 2S 3S 4H 5H 6H 8C 8D 8H 9C"), parse_cards("2C 4C 6C TC QC 2D 4D 6D TD QD")]
    rnd = GinRound.from_deal(hands, parse_card("7D"))
    rnd.apply(Action(DRAW_STOCK))
    rnd.apply(Action("discard", (parse_card("9C"),)))
    rnd.apply(Action(DRAW_STOCK))
    qd = parse_card("QD")
    rnd.apply(Action("discard", (qd,)))
    rng = random.Random(3)
    n = 2200
    was_drawn = 0
    for _ in range(n):
        other = rnd.resample(0, rng)
        assert other.view(0) == rnd.view(0)
        was_drawn += other.history[2].card == qd  # seat 1's draw, seen only by seat 1
    sigma = (n * (1 / 11) * (10 / 11)) ** 0.5
    assert abs(was_drawn - n / 11) < 5 * sigma


def test_a_card_taken_from_the_pile_stays_in_that_hand():
    rnd = deal_round(CARDVERSE, CARDVERSE.options_model(), 3, 0, random.Random(11))
    up = rnd.view(0).discard_pile[-1]
    rnd.apply(Action("take discard"))  # seat 0 takes the upcard
    rng = random.Random(0)
    for seat in (1, 2):
        for _ in range(20):
            assert up in rnd.resample(seat, rng).zones()["hand0"]


def test_the_work_is_done_once_per_state():
    """A search resamples one state many times: after the first call, each
    resample deals one round (no replay of the real deal again)."""
    rnd = deal_round(CARDVERSE, CARDVERSE.options_model(), 4, 0, random.Random(5))
    play_round(rnd, 30, random.Random(5))
    deals = []
    inner = rnd.dealer

    def counting(rng):
        deals.append(1)
        return inner(rng)

    rnd.dealer = counting
    rng = random.Random(0)
    rnd.resample(0, rng)
    first = len(deals)  # the layout, the real deal again, the sample
    rnd.resample(0, rng)
    rnd.resample(1, rng)
    assert len(deals) == first + 2
    play_round(rnd, 2, rng)
    rnd.resample(0, rng)
    assert len(deals) == first + 3  # the real deal's replay is extended, not redone


def test_rounds_built_from_chosen_cards_resample():
    hands = [parse_cards("AS 2S 3S 4H 5H 6H 8C 8D 8H 9C"), parse_cards("2C 4C 6C TC QC 2D 4D 6D TD QD")]
    gin = GinRound.from_deal(hands, parse_cards("7D KD"), first=1)
    cv = CardVerseRound.from_deal(
        ["7H 8H 9H 2C", "KD KS KC 3C", "5C 6C"], stock="5H", discard="4D", table=[(0, "2S 3S 4S")], first=2
    )
    rng = random.Random(4)
    for rnd in (gin, cv):
        play_round(rnd, 7, rng)
        for seat in range(rnd.n_seats):
            check_resample(rnd, seat, rng)


# -- what cannot be re-dealt ------------------------------------------------------------------


def test_a_round_dealt_outside_core_says_how_to_deal_it():
    rnd = GIN.new_round(GIN.options_model(), 2, 0, random.Random(1))
    rnd.apply(rnd.legal_actions()[0])
    with pytest.raises(NotImplementedError, match=r"does not know how it was dealt.*deal_round"):
        rnd.resample(0, random.Random(0))


class Marked(ToyRound):
    """A round whose views say a word its base class's do not."""

    def view(self, seat):
        return replace(super().view(seat), extra={"marked": 1})


def test_a_dealer_of_another_round_class_is_named():
    from rummykit.core.engine.resample import Dealer, record_deal

    rnd = Marked(ToyOptions(), 2, 0, random.Random(1))
    record_deal(rnd, Dealer(ToyRound, ToyOptions(), 2, 0))  # the base class's dealer: a plugin's slip
    with pytest.raises(NotImplementedError, match=r"its dealer deals ToyRound rounds, this round is a Mark"):
        rnd.information(0)


class AcesToTheBottom(ToyRound):
    """A deal that looks at the cards: every ace goes to the bottom of the stock."""

    def __init__(self, options, n_seats, round_index, rng):
        super().__init__(options, n_seats, round_index, rng)
        aces = [c for c in self.stock if c % 13 == 0]
        self.stock = aces + [c for c in self.stock if c % 13 != 0]


def test_a_deal_that_looks_at_the_cards_is_refused():
    rnd = deal_round(replace(TOY, new_round=AcesToTheBottom), ToyOptions(), 2, 0, random.Random(2))
    with pytest.raises(
        NotImplementedError,
        match="where its deal puts a card depends on more than "
        "the card's place in the shuffled deck; override",
    ):
        rnd.resample(0, random.Random(0))


class NoAceNoDiscard(ToyRound):
    """A rule on hidden cards: who holds an ace must discard an ace."""

    def legal_actions(self):
        legal = super().legal_actions()
        if self.drawn and any(c % 13 == 0 for c in self.hands[self.seat]):
            legal = [a for a in legal if a.cards[0] % 13 == 0]
        return legal


def kept_the_ace_rule(rnd) -> bool:
    """Whether, in ``rnd``'s whole history, nobody holding an ace discarded another card."""
    hands = [set(rnd.dealt[f"hand{s}"]) for s in range(rnd.n_seats)]
    for e in rnd.history:
        if e.action.kind == DRAW_STOCK:
            hands[e.seat].add(e.card)
            continue
        (card,) = e.action.cards
        if card % 13 != 0 and any(c % 13 == 0 for c in hands[e.seat]):
            return False
        hands[e.seat].remove(card)
    return True


def test_a_rule_on_hidden_cards_is_kept_by_drawing_again():
    spec = replace(TOY, new_round=NoAceNoDiscard)
    rng = random.Random(0)
    for seed in range(6):
        rnd = deal_round(spec, ToyOptions(), 3, 0, random.Random(seed))
        play_round(rnd, 12, rng)
        for seat in range(3):
            check_resample(rnd, seat, rng)
            for _ in range(10):
                assert kept_the_ace_rule(rnd.resample(seat, rng))


class OnlyItsOwnDeal(ToyRound):
    """A rule no other deal meets: moves are legal only on the first deal made."""

    first: tuple | None = None

    def __init__(self, options, n_seats, round_index, rng):
        super().__init__(options, n_seats, round_index, rng)
        if type(self).first is None:
            type(self).first = tuple(self.stock)
        self.genuine = tuple(self.stock) == type(self).first

    def legal_actions(self):
        return super().legal_actions() if self.genuine else []

    def why_illegal(self, action):
        return None if self.genuine else "not the first deal"


def test_a_rule_no_other_deal_meets_gives_a_resample_error():
    OnlyItsOwnDeal.first = None
    rnd = deal_round(replace(TOY, new_round=OnlyItsOwnDeal), ToyOptions(), 2, 0, random.Random(9))
    play_round(rnd, 3, random.Random(0))
    with pytest.raises(ResampleError, match=r"no deal consistent with what seat 0 saw.*not the first deal"):
        rnd.resample(0, random.Random(0))


def test_a_bad_seat_is_refused():
    rnd = deal_round(TOY, ToyOptions(), 2, 0, random.Random(0))
    with pytest.raises(Exception, match="no seat 2"):
        rnd.resample(2, random.Random(0))
    with pytest.raises(Exception, match="no seat True"):  # a truth value is no seat number
        rnd.resample(True, random.Random(0))


@pytest.mark.parametrize("rng", [None, 42, "x", random])
def test_a_generator_that_is_not_a_random_random_is_refused_in_one_line(rng):
    rnd = deal_round(TOY, ToyOptions(), 2, 0, random.Random(0))
    with pytest.raises(TypeError, match=r"^a resampling draws from a random\.Random generator, not \S+$"):
        rnd.resample(0, rng)
    with pytest.raises(TypeError, match=r"random\.Random"):
        rnd.information(0).sample(rng)
    assert rnd.resample(0, random.SystemRandom()).n_seats == 2  # a subclass is one


def test_the_rigged_generator_deals_the_order_then_is_an_ordinary_seeded_one():
    rig = RiggedRandom([3, 1, 2], seed=5)
    deck = [1, 2, 3]
    rig.shuffle(deck)
    rig.dealing = False
    plain = random.Random(5)
    assert deck == [3, 1, 2] and rig.foreign is None
    assert [rig.random(), rig.randrange(100)] == [plain.random(), plain.randrange(100)]
    later, same = list(range(10)), list(range(10))
    rig.shuffle(later)
    plain.shuffle(same)
    assert later == same
    greedy = RiggedRandom(None)
    greedy.random()
    assert greedy.foreign == "random()"
    kept = RiggedRandom([1, 2], seed=8)
    copied = copy.deepcopy(kept)  # a clone of a round that keeps its generator
    assert type(copied) is random.Random and copied.random() == random.Random(8).random()
    kept.setstate(random.Random(4).getstate())
    assert kept.random() == random.Random(4).random()


# -- clone ---------------------------------------------------------------------------------------


class KeepsAGenerator(ToyRound):
    def __init__(self, options, n_seats, round_index, rng):
        super().__init__(options, n_seats, round_index, rng)
        self.rng = random.Random(rng.getrandbits(32))


def test_the_default_clone_copies_a_generator_and_shares_immutable_parts():
    rnd = KeepsAGenerator(ToyOptions(), 2, 0, random.Random(1))
    play_round(rnd, 3, random.Random(0))
    twin = rnd.clone()
    assert twin.rng is not rnd.rng and twin.rng.random() == rnd.rng.random()
    twin.rng.random()
    assert twin.rng.random() != rnd.rng.random()
    assert twin.history == rnd.history and twin.history is not rnd.history
    assert all(a is b for a, b in zip(twin.history, rnd.history, strict=True))  # events are shared
    view = rnd.view(0)
    assert copy.deepcopy(view) is view and copy.copy(view.history[0].action) is view.history[0].action


@pytest.mark.parametrize("spec, seats", [(GIN, 2), (CARDVERSE, 4)])
def test_a_fast_clone_copies_what_changes_and_forgets_the_resampling_work(spec, seats):
    rnd = deal_round(spec, spec.options_model(), seats, 0, random.Random(3))
    play_round(rnd, 25, random.Random(3))
    rnd.resample(0, random.Random(0))
    twin = rnd.clone()
    assert "_resample_trace" in vars(rnd) and "_resample_trace" not in vars(twin)
    assert twin.hands is not rnd.hands and twin.stock is not rnd.stock and twin.history is not rnd.history
    assert twin.dealt is rnd.dealt and twin.options is rnd.options
    check_resample(twin, 1, random.Random(1))


def test_a_subclass_own_state_is_deep_copied_by_a_fast_clone():
    class Noting(GinRound):
        def perform(self, action):
            self.__dict__.setdefault("notes", []).append(action.kind)
            return super().perform(action)

    rnd = Noting.from_deal(
        [parse_cards("AS 2S 3S 4H 5H 6H 8C 8D 8H 9C"), parse_cards("2C 4C 6C TC QC 2D 4D 6D TD QD")],
        parse_card("7D"),
    )
    play_round(rnd, 2, random.Random(0))
    twin = rnd.clone()
    play_round(twin, 2, random.Random(0))
    assert len(rnd.notes) == 2 and len(twin.notes) == 4


class SpadeAce(GinRound):
    """A house rule on a hidden card: who holds the ace of spades must discard
    it (unless it has just taken it from the pile)."""

    def discard_actions(self):
        legal = super().discard_actions()
        if self.hands[self.seat_to_act] >> ACE_OF_SPADES & 1:
            legal = [a for a in legal if a.cards == (ACE_OF_SPADES,)] or legal
        return legal


ACE_OF_SPADES = parse_card("AS")


def breaks_the_spade_rule(rnd) -> bool:
    """Whether, in ``rnd``'s history, seat 0 ever discarded another card while
    holding the ace of spades it had not just taken."""
    hand = set(rnd.dealt["hand0"])
    taken = None
    for e in rnd.history:
        if e.seat != 0:
            continue
        if e.card is not None:  # a draw
            hand.add(e.card)
            taken = e.card if e.action.kind == "take discard" else None
            continue
        (card,) = e.action.cards
        if card != ACE_OF_SPADES and ACE_OF_SPADES in hand and taken != ACE_OF_SPADES:
            return True
        hand.remove(card)
    return False


def test_a_house_rule_with_checks_of_its_own_is_replayed_with_them():
    """Gin replays without checking; a subclass with a rule of its own on a
    hidden card gets it checked in the replay, so resamples keep it."""
    hands = [parse_cards("2S 3S 4H 5H 6H 8C 8D 8H 9C KD"), parse_cards("2C 4C 6C TC QC 2D 4D 6D TD QD")]
    rnd = SpadeAce.from_deal(hands, parse_card("7D"))  # the ace of spades deep in the stock
    play_round(rnd, 12, random.Random(2))
    plain = GinRound.from_deal(hands, parse_card("7D"))
    for e in rnd.history:
        plain.apply(e.action)
    assert ACE_OF_SPADES in plain.zones()["stock"]
    rng = random.Random(0)
    assert not any(breaks_the_spade_rule(rnd.resample(1, rng)) for _ in range(40))
    # Without the rule, seat 0 may well have drawn the ace in a resample.
    assert any(breaks_the_spade_rule(plain.resample(1, rng)) for _ in range(40))


def test_a_dealer_that_gets_the_first_seat_wrong_is_refused_before_any_move():
    """The re-dealt real deal must be the round itself, the seat to act included."""
    hands = [parse_cards("AS 2S 3S 4H 5H 6H 8C 8D 8H 9C"), parse_cards("2C 4C 6C TC QC 2D 4D 6D TD QD")]
    rnd = GinRound.from_deal(hands, parse_card("7D"), first=1)
    rnd.dealer = GinRound.from_deal(hands, parse_card("7D")).dealer  # forgets first=1
    with pytest.raises(NotImplementedError, match="gives a different seat to act"):
        rnd.resample(0, random.Random(0))
