"""What a searching bot is given: its seat's information state.

``Round.information(seat)`` holds only what the seat knows, never the round, its
generator or a card the seat has not seen; its ``sample`` deals states the seat
cannot tell from the real one. Every place that calls a bot hands it over to a
bot that asks for it (``wants_information``).
"""

from __future__ import annotations

import gc
import random
import types

import pytest

from rummykit.core.bots.agents import RandomAgent, act_kwargs, information_for
from rummykit.core.cards.card import DECK_SIZE
from rummykit.core.engine.resample import Dealer, InfoState, deal_round
from rummykit.core.engine.round import Round
from rummykit.core.play.match import Match
from rummykit.variants.cardverse_rummy.spec import SPEC as CARDVERSE
from rummykit.variants.gin.spec import SPEC as GIN

from .toy_variant import TOY, ToyOptions

CASES = [("gin", 2), ("cardverse", 2), ("cardverse", 3), ("cardverse", 4)]
SPECS = {"gin": GIN, "cardverse": CARDVERSE}


def played(name: str, seats: int, seed: int, steps: int) -> Match:
    spec = SPECS[name]
    match = Match(spec, spec.options_model(), seats, seed)
    agents = [RandomAgent(seed + s) for s in range(seats)]
    start = match.round
    for _ in range(steps):
        seat = match.to_act()
        if seat is None or match.round is not start:
            break
        view = match.view(seat)
        match.apply(agents[seat].act(view, view.legal))
    return match


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through the garbage collector's
    referents, not looking inside code (functions, classes, modules)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        if isinstance(
            obj,
            (
                types.FunctionType,
                types.BuiltinFunctionType,
                types.MethodType,
                type,
                types.ModuleType,
                types.CodeType,
            ),
        ):
            continue
        todo.extend(gc.get_referents(obj))
        if hasattr(obj, "__dict__") and not isinstance(obj, type):
            todo.extend(vars(obj).values())
    return list(seen.values())


def hidden_hands(rnd: Round, seat: int) -> list[frozenset[int]]:
    """The other seats' hands, as sets of cards (hands of two cards or more)."""
    zones = rnd.zones()
    return [
        frozenset(zones[f"hand{s}"]) for s in range(rnd.n_seats) if s != seat and len(zones[f"hand{s}"]) >= 2
    ]


@pytest.mark.parametrize("name, seats", CASES)
@pytest.mark.parametrize("steps", [0, 9, 23])
def test_the_information_state_holds_no_round_and_no_hidden_hand(name, seats, steps):
    match = played(name, seats, 3 + steps, steps)
    rnd = match.round
    for seat in range(seats):
        info = information_for(match, seat)
        assert isinstance(info, InfoState) and info.seat == seat
        assert info.scores == tuple(match.totals) and info.target == match.target
        stock = tuple(rnd.zones()["stock"])
        hands = hidden_hands(rnd, seat)
        masks = {sum(1 << c for c in h) for h in hands}
        for obj in reachable(info):
            assert not isinstance(obj, (Round, random.Random)), (
                f"{type(obj).__name__} in the information state"
            )
            if isinstance(obj, (tuple, list, set, frozenset)) and len(obj) >= 2:
                assert frozenset(obj) not in hands, f"seat {seat} is given another seat's hand"
                if len(stock) >= 2:
                    assert tuple(obj) not in (stock, stock[::-1]), "the stock's order is given"
            if isinstance(obj, int) and not isinstance(obj, bool) and obj >= 1 << DECK_SIZE // 4:
                assert obj not in masks, f"seat {seat} is given another seat's hand as a bit mask"


@pytest.mark.parametrize("name, seats", CASES)
@pytest.mark.parametrize("steps", [0, 7, 20])
def test_states_differing_only_in_what_a_seat_has_not_seen_give_equal_information(name, seats, steps):
    """A resample is a real state that differs from the round only in what the
    seat has not seen: the information states are equal (and the cards do differ)."""
    match = played(name, seats, 11 + steps, steps)
    rnd = match.round
    rng = random.Random(steps)
    for seat in range(seats):
        info = rnd.information(seat)
        moved = False
        for _ in range(6):
            twin = info.sample(rng)
            assert twin.information(seat) == info
            moved = moved or twin.zones() != rnd.zones()
        assert moved
        # ... and what the seat knows does tell states apart: another seat's view differs.
        other = (seat + 1) % seats
        if rnd.history:
            assert rnd.information(other) != info


def test_two_matches_dealt_alike_give_equal_information():
    """Dealers compare by how they deal, so two rounds of two matches with the
    same seed give equal information states, and differ once the deals differ."""
    a = played("gin", 2, 5, 6)
    b = played("gin", 2, 5, 6)
    assert a.round.dealer is not b.round.dealer and a.round.dealer == b.round.dealer
    assert information_for(a, 0) == information_for(b, 0)
    c = played("gin", 2, 6, 6)
    assert information_for(c, 0) != information_for(a, 0)


def test_a_sample_is_a_state_the_seat_cannot_tell_from_the_real_one():
    match = played("cardverse", 4, 8, 17)
    rnd = match.round
    seat = rnd.to_act()
    info = rnd.information(seat)
    rng = random.Random(1)
    for _ in range(5):
        other = info.sample(rng)
        assert other.view(seat) == rnd.view(seat)
        assert sorted(a.key() for a in other.legal_actions()) == sorted(a.key() for a in rnd.legal_actions())
    # The same generator state gives the same sample.
    x, y = info.sample(random.Random(9)), info.sample(random.Random(9))
    assert x.zones() == y.zones() and x is not y


class Wants:
    wants_information = True

    def act(self, view, legal, info=None):  # pragma: no cover - not called here
        return legal[0]


def test_only_an_agent_that_asks_gets_the_information():
    match = played("gin", 2, 4, 3)
    assert act_kwargs(RandomAgent(0), match, 1) == {}
    given = act_kwargs(Wants(), match, 1)
    assert set(given) == {"info"} and given["info"].seat == 1
    # A bare round: no match totals, no target.
    bare = information_for(match.round, 1)
    assert bare.scores == () and bare.target is None


def test_a_round_core_cannot_re_deal_gives_no_information_state():
    rnd = TOY.new_round(ToyOptions(), 2, 0, random.Random(0))  # dealt outside core: no dealer
    assert information_for(rnd, 0) is None
    assert act_kwargs(Wants(), rnd, 0) == {"info": None}


def test_the_match_fills_in_only_the_facts_a_variants_own_information_state_has():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Least:  # the fields docs/plugins.md asks for, and no lowest_wins
        seat: int
        n_seats: int
        scores: tuple[int, ...] = ()
        target: int | None = None

        def sample(self, rng):
            raise NotImplementedError

    match = played("gin", 2, 4, 3)
    match.totals[0] = 17
    match.round.information = lambda seat: Least(seat, 2)  # the variant's own
    info = information_for(match, 1)
    assert info == Least(1, 2, scores=(17, 0), target=match.target)


def test_a_round_whose_information_state_fails_in_play_is_the_variants_fault():
    from rummykit.core.base.errors import VariantError

    match = played("gin", 2, 4, 3)

    def fails(seat):
        raise NotImplementedError("its deal changed its mind")

    match.round.information = fails
    with pytest.raises(
        VariantError,
        match=r"variant gin could not give seat 2 its information state in play "
        r"\(its deal changed its mind\), which breaks the engine contract",
    ):
        information_for(match, 1)


def test_rounds_built_from_chosen_cards_a_seat_cannot_tell_apart_give_it_equal_information():
    from rummykit.core.cards.card import parse_cards
    from rummykit.variants.gin import GinRound

    mine = parse_cards("AS 2S 3S 4H 5H 6H 8C 8D 8H 9C")
    a = GinRound.from_deal([mine, parse_cards("2C 4C 6C TC QC 2D 4D 6D TD QD")], parse_cards("7D KD"))
    b = GinRound.from_deal([mine, parse_cards("3C 5C 7C JC KC 3D 5D 9D JD KS")], parse_cards("7D KD"))
    assert a.view(0) == b.view(0) and a.information(0) == b.information(0)
    assert a.information(1) != b.information(1)


def test_dealers_compare_by_how_they_deal():
    opts = ToyOptions()
    a = Dealer(TOY.new_round, opts, 2, 0)
    assert a == Dealer(TOY.new_round, ToyOptions(), 2, 0) and hash(a) == hash(
        Dealer(TOY.new_round, opts, 2, 0)
    )
    assert a != Dealer(TOY.new_round, opts, 2, 1)
    assert a != Dealer(TOY.new_round, ToyOptions(target=30), 2, 0)
    assert deal_round(TOY, opts, 2, 0, random.Random(1)).dealer == a


@pytest.mark.parametrize("name, seats", CASES)
def test_the_dealer_an_information_state_carries_cannot_be_changed(name, seats):
    """A bot handed the information state reaches the variant's round factory
    through its dealer: changing it would change the rules of every later round."""
    match = played(name, seats, 3, 6)
    info = match.round.information(match.to_act() or 0)
    factory = info.dealer.new_round
    with pytest.raises(AttributeError):
        factory.round_class = Round
    with pytest.raises(AttributeError):
        factory.variant = "other"
    with pytest.raises(AttributeError):
        del factory.round_class
    with pytest.raises(AttributeError):
        info.dealer.new_round = None  # the dealer is frozen too
    assert SPECS[name].new_round.round_class is not Round
