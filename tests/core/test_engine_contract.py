"""The one engine contract the built-in variants share: core's final ``apply``
around the variant's ``perform``, core's history per seat, clones made from
what a round declares, and one vocabulary (``deal``, ``from_deal``,
``seat_to_act``, ``make_spec``'s arguments) with the old names deprecated."""

from __future__ import annotations

import inspect
import random

import pytest

from rummykit.core.base.errors import IllegalAction, RummyError
from rummykit.core.cards.card import parse_card, parse_cards
from rummykit.core.engine.actions import DRAW_STOCK, Action
from rummykit.core.engine.round import Round, inherits
from rummykit.variants.cardverse_rummy import CardVerseOptions, CardVerseRound
from rummykit.variants.cardverse_rummy import spec as cardverse_spec
from rummykit.variants.gin import GinOptions, GinRound
from rummykit.variants.gin import spec as gin_spec

GIN_HANDS = [parse_cards("AS 2S 3S 4H 5H 6H 8C 8D 8H 9C"), parse_cards("2C 4C 6C TC QC 2D 4D 6D TD QD")]


def play(rnd, steps, rng):
    for _ in range(steps):
        if rnd.result is not None:
            break
        legal = rnd.legal_actions()
        rnd.apply(legal[rng.randrange(len(legal))])
    return rnd


def dealt(cls, seats=2, seed=1):
    options = GinOptions() if cls is GinRound else CardVerseOptions()
    return cls.deal(options, seats, 0, random.Random(seed), variant=None)


@pytest.mark.parametrize("cls", [GinRound, CardVerseRound])
def test_apply_is_core_s_and_perform_the_variant_s(cls):
    assert "apply" not in vars(cls) and "apply_unchecked" not in vars(cls) and "perform" in vars(cls)
    assert not hasattr(cls, "_apply") and not hasattr(Round, "_apply")
    rnd = dealt(cls)
    before = len(rnd.history)
    event = rnd.apply(rnd.legal_actions()[0])
    assert rnd.history[-1] is event and len(rnd.history) == before + 1
    with pytest.raises(IllegalAction) as refused:
        rnd.apply(Action("no such move"))
    assert "\n" not in str(refused.value)
    assert len(rnd.history) == before + 1


@pytest.mark.parametrize("cls", [GinRound, CardVerseRound])
def test_each_seat_s_history_is_core_s(cls):
    rnd = play(dealt(cls), 9, random.Random(2))
    for seat in range(rnd.n_seats):
        seen = rnd.view(seat).history
        assert seen is rnd.history_seen_by(seat)
        assert seen == tuple(e.seen_by(seat) for e in rnd.history)
    twin = rnd.clone()
    for seat in range(rnd.n_seats):  # the same event objects (a bot's SeenReader follows them)
        assert all(a is b for a, b in zip(twin.view(seat).history, rnd.view(seat).history, strict=True))
    play(twin, 3, random.Random(3))
    assert rnd.view(0).history == tuple(e.seen_by(0) for e in rnd.history)
    assert twin.view(0).history == tuple(e.seen_by(0) for e in twin.history)


@pytest.mark.parametrize("cls", [GinRound, CardVerseRound])
def test_one_vocabulary_for_a_fresh_deal_chosen_cards_and_the_seat_to_act(cls):
    rnd = dealt(cls)
    assert rnd.seat_to_act == rnd.to_act() == 0
    again = dealt(cls)
    assert again.zones() == rnd.zones()
    chosen = cls.from_deal(GIN_HANDS, parse_card("7D"), None if cls is GinRound else (), first=1)
    assert chosen.seat_to_act == chosen.to_act() == 1
    assert chosen.zones()["discard"] == [parse_card("7D")]
    with pytest.raises(RummyError, match="not 5"):
        cls.deal(None, 5, 0, random.Random(0))
    names = ["hands", "discard", "stock", "options", "round_index"]
    assert list(inspect.signature(cls.from_deal).parameters)[:5] == names
    assert list(inspect.signature(cls.deal).parameters) == [
        "options",
        "n_seats",
        "round_index",
        "rng",
        "variant",
        "match",
    ]


@pytest.mark.parametrize("cls", [GinRound, CardVerseRound])
def test_chosen_cards_may_be_written_as_text(cls):
    text = cls.from_deal(["AS 2S 3S 4H 5H 6H 8C 8D 8H 9C", "2C 4C 6C TC QC 2D 4D 6D TD QD"], "7D KD")
    ints = cls.from_deal(GIN_HANDS, parse_cards("7D KD"))
    assert text.zones() == ints.zones()


def test_both_make_spec_take_the_same_arguments():
    gin = inspect.signature(gin_spec.make_spec).parameters
    cardverse = inspect.signature(cardverse_spec.make_spec).parameters
    assert list(gin) == list(cardverse)
    assert gin_spec.make_spec(min_players=2, max_players=2).max_players == 2
    with pytest.raises(ValueError, match="2 seats"):
        gin_spec.make_spec(max_players=3)


def test_the_old_names_still_work_and_say_the_new_one():
    rnd = GinRound.from_deal(GIN_HANDS, parse_card("7D"))
    with pytest.warns(DeprecationWarning, match="seat_to_act"):
        assert rnd.turn == rnd.seat_to_act == 0
    with pytest.warns(DeprecationWarning, match="seat_to_act"):
        rnd.turn = 1
    assert rnd.seat_to_act == 1
    cv = CardVerseRound.from_deal(["7H 8H 9H", "2C 3D 5S"], "4D", "5H")
    with pytest.warns(DeprecationWarning, match="seat_to_act"):
        assert cv.current == cv.seat_to_act == 0
    with pytest.warns(DeprecationWarning, match="from_deal"):
        old = CardVerseRound.setup(["7H 8H 9H", "2C 3D 5S"], "5H", "4D", round_index=1)
    assert old.zones() == cv.zones() and old.seat_to_act == 0  # setup's first seat stays 0
    with pytest.warns(DeprecationWarning, match="Round.clone"):
        copy = rnd.clone_known(frozenset(vars(rnd)), ("hands", "stock", "discard", "history"))
    assert copy.zones() == rnd.zones() and copy.hands is not rnd.hands
    with pytest.warns(DeprecationWarning, match="Round.clone"):
        assert rnd.shallow_copy().hands is rnd.hands
    with pytest.warns(DeprecationWarning, match="replays_unchecked"):
        assert inherits(GinRound, GinRound, ("perform",))


def test_dead_names_are_gone():
    import rummykit.variants.cardverse_rummy as cardverse

    assert not hasattr(cardverse_spec, "rules_text")
    with pytest.raises(AttributeError):
        cardverse.new_round  # noqa: B018


def test_a_replay_skips_the_check_unless_a_subclass_changes_what_is_legal():
    class Doubled(GinRound):  # scoring only: still replayed unchecked
        def score_multiplier(self):
            return 2

    class Picky(GinRound):
        def discard_actions(self):
            return super().discard_actions()[:1]

    class Trusted(Picky):
        replays_unchecked = True

    class PickyChild(Picky):
        pass

    class Allowing(CardVerseRound):
        def allows(self, action):
            return True

    assert GinRound.replays_unchecked and Doubled.replays_unchecked and Trusted.replays_unchecked
    assert not Picky.replays_unchecked and not PickyChild.replays_unchecked
    assert CardVerseRound.replays_unchecked and not Allowing.replays_unchecked
    assert Allowing.filters_moves and not CardVerseRound.filters_moves


def test_a_clone_copies_what_the_round_declares_and_deep_copies_the_rest():
    class Noting(CardVerseRound):
        copied = (*CardVerseRound.copied, "notes")

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.notes = []
            self.marks = {"draws": []}  # not declared: deep-copied
            self.frozen = (1, "two", None)  # immutable: shared

        def perform(self, action):
            self.notes.append(action.kind)
            if action.kind == DRAW_STOCK:
                self.marks["draws"].append(len(self.history))
            return super().perform(action)

    chosen = Noting.from_deal(["7H 8H 9H 2C", "KD KS KC 3C", "5C 6C"], "4D", "5H", table=[(0, "2S 3S 4S")])
    rnd = play(chosen, 6, random.Random(4))
    twin = rnd.clone()
    assert twin.table == rnd.table and twin.table is not rnd.table and twin.table[0] is not rnd.table[0]
    assert twin.frozen is rnd.frozen and twin.options is rnd.options and twin.dealt is rnd.dealt
    notes, marks = list(rnd.notes), {"draws": list(rnd.marks["draws"])}
    play(twin, 6, random.Random(5))
    assert rnd.notes == notes and rnd.marks == marks and len(twin.notes) > len(notes)


def test_overriding_the_final_apply_warns_naming_perform():
    with pytest.warns(DeprecationWarning, match="final .* implement perform"):

        class Overrides(GinRound):
            def apply(self, action):
                return super().apply(action)

    rnd = Overrides.from_deal(GIN_HANDS, parse_card("7D"))
    assert rnd.apply(rnd.legal_actions()[0]) is rnd.history[-1]
