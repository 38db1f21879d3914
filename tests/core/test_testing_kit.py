"""The conformance kit (rummykit.testing) fails when it should.

Each test takes the toy variant (tests/core/toy_variant.py), breaks one rule of
the engine contract in a subclass, and checks that ``check_variant`` raises a
ConformanceError saying what is wrong, and where (seed, seats, players).
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, fields, replace

import pytest
from pydantic import ConfigDict, Field

from rummykit.core.base.errors import IllegalAction
from rummykit.core.bots.agents import BaseAgent
from rummykit.core.cards.card import code
from rummykit.core.engine.actions import Action
from rummykit.core.engine.resample import InfoState
from rummykit.core.engine.round import Event, RoundResult
from rummykit.core.plugins.registry import AgentSpec, Registry
from rummykit.testing import (
    ConformanceError,
    check_cards_accounted,
    check_clone,
    check_illegal_action_changes_nothing,
    check_legal_actions,
    check_options,
    check_resample,
    check_variant,
    check_view_hides,
    play_match,
    snapshot,
)

from ..marks import slow
from .toy_variant import TOY, ToyOptions, ToyRound


def variant(round_class, name="broken", **changes):
    return replace(TOY, name=name, new_round=round_class, **changes)


def kit(spec, **kwargs):
    kwargs.setdefault("seeds", range(3))
    kwargs.setdefault("registry", Registry())
    if spec.name not in kwargs["registry"].variants:
        kwargs.setdefault("agents", [])  # random players only, said so
    return check_variant(spec, **kwargs)


def fails(spec, pattern, **kwargs):
    with pytest.raises(ConformanceError, match=pattern) as info:
        kit(spec, **kwargs)
    # Every failure says how to reproduce it.
    assert "seats, seed" in str(info.value)
    return str(info.value)


# -- the toy itself passes -------------------------------------------------------


def test_the_toy_passes():
    kit(TOY, seeds=range(6))


def test_every_seat_count_is_played():
    played = []

    class Counting(ToyRound):
        def __init__(self, options, n_seats, round_index, rng):
            played.append(n_seats)
            super().__init__(options, n_seats, round_index, rng)

    kit(variant(Counting), seeds=range(2))
    assert set(played) == {2, 3}


def test_a_seat_count_outside_the_variant_is_refused():
    with pytest.raises(ConformanceError, match="does not allow 4 seats"):
        kit(TOY, seat_counts=[4])


def test_bots_are_mixed_in_all_random_each_bot_alone_then_mixed():
    seen = []

    class Lowest(BaseAgent):
        def act(self, view, legal):
            return min(legal, key=lambda a: (a.kind, a.cards))

    def factory(seat, seed, options):
        seen.append(seat)
        return Lowest()

    bot = AgentSpec("low", factory, variant="toy")
    reg = Registry()
    reg.add_variant(TOY, "toy")
    reg.add_agent(bot, "toy")
    kit(TOY, seeds=range(4), seat_counts=[2], registry=reg)
    # seed 0: random, random; seed 1: low, low; seeds 2-3: mixed
    assert seen == [0, 1, 1, 0]
    kit(TOY, seeds=range(2), seat_counts=[2], agents=[bot])  # an AgentSpec works too


def test_an_illegal_bot_move_is_caught():
    class Cheat(BaseAgent):
        def act(self, view, legal):
            return Action("discard", (0, 1, 2))

    bot = AgentSpec("cheat", lambda seat, seed, o: Cheat(), variant="toy")
    with pytest.raises(ConformanceError):
        kit(TOY, seeds=range(2), seat_counts=[2], agents=[bot])


# -- 52 cards --------------------------------------------------------------------


class LosesACard(ToyRound):
    def perform(self, action):
        event = super().perform(action)
        if action.kind == "discard" and len(self.discard) > 3:
            self.discard.pop(0)  # the card falls off the table
        return event


class CopiesACard(ToyRound):
    def perform(self, action):
        if action.kind == "draw stock":
            card = self.stock[-1]  # drawn, but also left in the stock
            self.hands[self.seat].append(card)
            self.drawn = True
            self.stock.insert(0, self.stock.pop())
            return Event(self.seat, action, card, private=True)
        return super().perform(action)


class NoStockZone(ToyRound):
    def zones(self):
        z = dict(super().zones())
        z["deck"] = z.pop("stock")
        return z


def test_a_lost_card_fails():
    fails(variant(LosesACard), r"cards? missing from zones\(\)")


def test_a_card_in_two_places_fails():
    fails(variant(CopiesACard), r"is in both (stock and hand\d|hand\d and stock)")


def test_zones_must_name_the_stock():
    fails(variant(NoStockZone), r"zones\(\) has no 'stock'")


def test_check_cards_accounted_alone():
    rnd = LosesACard(ToyOptions(), 2, 0, random.Random(1))
    check_cards_accounted(rnd)
    rnd.discard.pop()
    with pytest.raises(ConformanceError, match="1 cards missing"):
        check_cards_accounted(rnd)


# -- what a seat sees ---------------------------------------------------------------


class ShowsOpponentHand(ToyRound):
    def view(self, seat):
        other = self.hands[(seat + 1) % self.n_seats]
        return replace(super().view(seat), extra={"their_cards": tuple(other)})


class ShowsStockOrder(ToyRound):
    def view(self, seat):
        return replace(super().view(seat), extra={"deck": tuple(self.stock)})


class ShowsPrivateDraws(ToyRound):
    def view(self, seat):
        return replace(super().view(seat), history=tuple(self.history))  # not seen_by(seat)


class HandsOutTheRound(ToyRound):
    def view(self, seat):
        return replace(super().view(seat), extra={"game": self})


class SharesItsList(ToyRound):
    def view(self, seat):
        return replace(super().view(seat), extra={"hand": self.hands[seat]})  # the round's own list


class HoldsAList(ToyRound):
    def view(self, seat):
        # a list: a bot could change it
        return replace(super().view(seat), extra={"scores_so_far": [0] * self.n_seats})


class ListsItsMoves(ToyRound):
    def legal_actions(self):
        return list(super().legal_actions())  # a bot given it could empty it


class TellsInWords(ToyRound):
    def view(self, seat):
        other = self.hands[(seat + 1) % self.n_seats]
        note = "they hold " + " ".join(code(c) for c in other)
        return replace(super().view(seat), extra={"note": note})


class WrongSizes(ToyRound):
    def view(self, seat):
        v = super().view(seat)
        return replace(v, stock_size=v.stock_size + 1)


class OffersMovesToEveryone(ToyRound):
    def view(self, seat):
        return replace(super().view(seat), legal=tuple(self.legal_actions()))


@pytest.mark.parametrize(
    "round_class, pattern",
    [
        (ShowsOpponentHand, r"leaks hidden cards at view.extra\['their_cards'\]"),
        (ShowsStockOrder, r"shows the stock in order|leaks hidden cards at view.extra\['deck'\]"),
        (ShowsPrivateDraws, r"history shows the card seat \d drew from the stock"),
        (HandsOutTheRound, r"view.extra\['game'\] is a reference to the round"),
        (SharesItsList, r"view.extra\['hand'\] is the round's own list"),
        (HoldsAList, r"view.extra\['scores_so_far'\] is a list; a view must hold only immutable data"),
        (ListsItsMoves, r"legal_actions\(\) returns a list, not a tuple"),
        (TellsInWords, r"leaks hidden cards in the text at view.extra\['note'\]"),
        (WrongSizes, r"stock_size is \d+, the stock has"),
        (OffersMovesToEveryone, r"offers legal actions to a seat that is not to act"),
    ],
)
def test_views_that_show_too_much_fail(round_class, pattern):
    fails(variant(round_class), pattern)


def test_counts_in_a_view_are_not_taken_for_cards():
    class Counts(ToyRound):
        def view(self, seat):
            # Numbers that happen to be card numbers, named as counts.
            return replace(
                super().view(seat), extra={"meld_counts": tuple(range(40)), "turn_sizes": (12, 30)}
            )

    kit(variant(Counts))


@pytest.mark.parametrize("notation", ["#{}", "[[{}]]"])
def test_a_text_naming_hidden_copies_in_cores_notations_is_a_leak(notation):
    """Copies of a declared deck in a text, as core writes them in records
    (``#60``) or as card markers (``[[60]]``), are hidden cards named."""
    from rummykit.core.engine.resample import deal_round
    from rummykit.core.plugins.manager import get_plugins

    spec = get_plugins().registry.variant("indian")
    rnd = deal_round(spec, spec.options_model(), 2, 0, random.Random(1))
    view = rnd.view(0)
    theirs = [c for c in rnd.zones()["hand1"] if 52 <= c < 104]
    bases = {c % 52 for c in theirs}
    mine = {c % 52 for c in view.hand} | {c % 52 for c in view.discard_pile}
    hidden = [c for c in theirs if c % 52 not in mine][:3]
    assert len(hidden) >= 2 and len(bases) >= 2
    note = "seat 1 holds " + " ".join(notation.format(c) for c in hidden)
    with pytest.raises(ConformanceError, match=r"leaks hidden cards in the text at view.extra\['note'\]"):
        check_view_hides(rnd, 0, view=replace(view, extra={**view.extra, "note": note}))
    check_view_hides(rnd, 0, view=replace(view, extra={**view.extra, "note": "meld #3 and #12"}))


def test_check_view_hides_alone_and_after_the_round_hands_are_public():
    rnd = ShowsOpponentHand(ToyOptions(), 2, 0, random.Random(3))
    with pytest.raises(ConformanceError, match="leaks hidden cards"):
        check_view_hides(rnd, 0)
    rnd._finish()  # the round is over: every hand is shown
    check_view_hides(rnd, 0)


# -- legal actions ---------------------------------------------------------------------


class StallsAtTheEnd(ToyRound):
    def legal_actions(self):
        if len(self.stock) <= 2 and not self.drawn:
            return ()  # stuck, but the round is not over
        return super().legal_actions()


class KeepsActingAfterTheEnd(ToyRound):
    def to_act(self):
        return self.seat


class CapitalKind(ToyRound):
    def legal_actions(self):
        return tuple(
            Action("Discard", a.cards) if a.kind == "discard" else a for a in super().legal_actions()
        )

    def perform(self, action):
        if action.kind == "Discard":
            action = Action("discard", action.cards)
        return super().perform(action)


class ViewOffersOtherMoves(ToyRound):
    def view(self, seat):
        v = super().view(seat)
        return replace(v, legal=v.legal[:1]) if len(v.legal) > 1 else v


@pytest.mark.parametrize(
    "round_class, pattern",
    [
        (StallsAtTheEnd, r"seat \d is to act but has no legal action"),
        (KeepsActingAfterTheEnd, r"the round is over but to_act\(\) is \d"),
        (CapitalKind, r"the notation 'Discard \w\w' of a legal action does not read back"),
        (ViewOffersOtherMoves, r"view\(\d\).legal differs from legal_actions\(\)"),
    ],
)
def test_broken_legal_actions_fail(round_class, pattern):
    fails(variant(round_class), pattern)


def test_check_legal_actions_alone():
    rnd = StallsAtTheEnd(ToyOptions(stock_cards=1), 2, 0, random.Random(0))
    with pytest.raises(ConformanceError, match="no legal action"):
        check_legal_actions(rnd)


# -- illegal actions ---------------------------------------------------------------------


class AcceptsAnything(ToyRound):
    def apply(self, action):
        if action.kind == "no such move":
            event = Event(self.seat, action)
            self.history.append(event)
            return event
        return super().apply(action)


class RaisesValueError(ToyRound):
    def apply(self, action):
        if action.key() not in {a.key() for a in self.legal_actions()}:
            raise ValueError("nope")
        return super().apply(action)


class ChangesThenRaises(ToyRound):
    def apply(self, action):
        if action.key() not in {a.key() for a in self.legal_actions()}:
            self.seat = (self.seat + 1) % self.n_seats  # a half-done move
            raise IllegalAction(f"'{action}' is not legal")
        return super().apply(action)


class SaysNothing(ToyRound):
    def apply(self, action):
        if action.key() not in {a.key() for a in self.legal_actions()}:
            raise IllegalAction("")
        return super().apply(action)


class AcceptsMovesAfterTheEnd(ToyRound):
    def apply(self, action):
        if self.result is not None:
            return Event(0, action)
        return super().apply(action)


class ExplainsInTwoLines(ToyRound):
    def why_illegal(self, action):
        return "line one\nline two"


@pytest.mark.parametrize(
    "round_class, pattern",
    [
        (ExplainsInTwoLines, r"why_illegal\('.*'\) is not one line of text: 'line one\\nline two'"),
        (AcceptsAnything, r"illegal action 'no such move' was accepted"),
        (RaisesValueError, r"raised ValueError.*, not IllegalAction"),
        (ChangesThenRaises, r"illegal action '.*' changed the state"),
        (SaysNothing, r"IllegalAction for '.*' has no message"),
        (AcceptsMovesAfterTheEnd, r"an action was accepted after the round ended"),
    ],
)
def test_illegal_actions_handled_badly_fail(round_class, pattern):
    fails(variant(round_class), pattern)


def test_a_number_option_without_bounds_fails():
    from pydantic import BaseModel

    class Open(BaseModel):
        target: int = Field(20, ge=1)  # no highest value
        bonus: float = 1.5

    spec = replace(TOY, options_model=Open)
    with pytest.raises(ConformanceError, match=r"option target has no highest value: give it Field\(ge="):
        check_options(spec)

    class Loose(ToyOptions):
        bonus: float = 1.5

    with pytest.raises(ConformanceError, match=r"option bonus has no lowest and no highest value"):
        check_variant(replace(TOY, options_model=Loose), seeds=range(1), agents=[], report=False)


def test_the_reason_an_illegal_move_is_refused_is_one_line_whatever_the_variant_wrote():
    rnd = ExplainsInTwoLines(ToyOptions(), 2, 0, random.Random(0))
    with pytest.raises(IllegalAction) as e:
        rnd.apply(Action("no such move"))
    assert str(e.value) == "line one line two"


def test_check_illegal_action_changes_nothing_alone():
    check_illegal_action_changes_nothing(ToyRound(ToyOptions(), 2, 0, random.Random(0)))
    with pytest.raises(ConformanceError, match="changed the state"):
        check_illegal_action_changes_nothing(ChangesThenRaises(ToyOptions(), 2, 0, random.Random(0)))


# -- same seed, same game; records --------------------------------------------------------


class UsesGlobalRandom(ToyRound):
    def __init__(self, options, n_seats, round_index, rng):
        super().__init__(options, n_seats, round_index, random.Random(random.random()))


class RemembersIllegalMoves(ToyRound):
    """An illegal attempt changes hidden state that only shows in the score."""

    strikes = 0

    def why_illegal(self, action):
        self.strikes += 1
        return super().why_illegal(action)

    def _finish(self):
        super()._finish()
        pts = list(self.result.points)
        pts[self.result.winner] += self.strikes
        self.result = replace(self.result, points=tuple(pts))


class NanOptions(ToyOptions):
    model_config = ConfigDict(extra="forbid")
    weight: float = Field(float("nan"), ge=-1, le=1, description="not a number, so not JSON")


def test_global_random_fails():
    fails(variant(UsesGlobalRandom), r"the same seed deals differently")


def test_hidden_state_changed_by_illegal_moves_fails_the_replay():
    fails(variant(RemembersIllegalMoves), r"replaying the same seed and actions gives different zones")


def test_a_record_that_does_not_survive_json_fails():
    fails(replace(TOY, name="nan", options_model=NanOptions), r"record does not round-trip through JSON")


# -- bounds and scores --------------------------------------------------------------------


class NeverEnds(ToyRound):
    def perform(self, action):
        if action.kind == "discard" and len(self.stock) <= 1:
            self.stock.insert(0, self.discard.pop(0)) if len(self.discard) > 1 else None
        if action.kind == "knock":
            action = Action("discard", action.cards)
        return super().perform(action)

    def legal_actions(self):
        return tuple(a for a in super().legal_actions() if a.kind != "knock")


class ScoresNothing(ToyRound):
    def _finish(self):
        super()._finish()
        self.result = replace(self.result, points=(0,) * self.n_seats)


class NegativeScore(ToyRound):
    def _finish(self):
        super()._finish()
        self.result = replace(self.result, points=(-1,) + self.result.points[1:])


class FloatScore(ToyRound):
    def _finish(self):
        super()._finish()
        self.result = replace(self.result, points=tuple(float(p) for p in self.result.points))


class ScoresOneSeat(ToyRound):
    def _finish(self):
        super()._finish()
        self.result = replace(self.result, points=self.result.points[:1])


class NotAResult(ToyRound):
    def _finish(self):
        super()._finish()
        self.result = RoundResult(points=self.result.points, outcome="end", winner=7)


def test_a_round_that_never_ends_fails():
    fails(variant(NeverEnds), r"did not end within 300 actions", max_actions=300, seeds=range(1))


def test_a_match_that_never_ends_is_stopped_after_max_rounds():
    spec = variant(ScoresNothing)
    kit(spec, max_rounds=7, seeds=range(1), seat_counts=[2])  # stopped, not failed
    match = play_match(spec, ToyOptions(), 2, 0, max_rounds=7)
    assert len(match.results) == 7 and not match.over


@pytest.mark.parametrize(
    "round_class, pattern",
    [
        (NegativeScore, r"round score -1 is not a whole non-negative number"),
        (FloatScore, r"round score \d+\.0 is not a whole non-negative number"),
        (ScoresOneSeat, r"result has 1 scores for \d seats"),
        (NotAResult, r"result.winner 7 is not a seat"),
    ],
)
def test_bad_scores_fail(round_class, pattern):
    fails(variant(round_class), pattern)


# -- clone and resample: copies, re-deals, and leaks in any encoding ----------------------------


class PlantsACardAsAnInt(ToyRound):
    def view(self, seat):
        other = self.hands[(seat + 1) % self.n_seats]
        return replace(super().view(seat), extra={"hint": min(other)})


class PlantsAHandAsAMask(ToyRound):
    def view(self, seat):
        other = self.hands[(seat + 1) % self.n_seats]
        return replace(super().view(seat), extra={"code": sum(1 << c for c in other)})


@pytest.mark.parametrize(
    "round_class, field",
    [(PlantsACardAsAnInt, "extra['hint']"), (PlantsAHandAsAMask, "extra['code']")],
)
def test_a_hidden_card_in_any_encoding_is_caught(round_class, field):
    # The pattern search of check_view_hides finds no sequence of cards here...
    rnd = round_class(ToyOptions(), 2, 0, random.Random(3))
    check_view_hides(rnd, 0)
    # ...re-dealing what the seat has not seen finds the leak.
    fails(
        variant(round_class),
        rf"view\(\d\)\.{re.escape(field)} changes when the cards seat \d has not seen are re-dealt",
    )


class ShallowClone(ToyRound):
    def clone(self):
        return copy.copy(self)  # the same lists


class CloneDealsAfresh(ToyRound):
    def clone(self):
        return type(self)(ToyOptions(), self.n_seats, 0, random.Random(12345))


class SharesItsGenerator(ToyRound):
    """Draws from its own generator as it plays (who discards a face card
    first); its clone is a deep copy but hands the generator over as it is."""

    def __init__(self, options, n_seats, round_index, rng):
        super().__init__(options, n_seats, round_index, rng)
        self.luck = random.Random(rng.getrandbits(32))
        self.coin = 0

    def perform(self, action):
        self.coin = self.luck.getrandbits(1)
        return super().perform(action)

    def clone(self):
        twin = copy.deepcopy(self)
        twin.luck = self.luck
        return twin


class TellsItsCopies(ToyRound):
    """Its copies stay apart when played on, but the round writes into them."""

    def clone(self):
        twin = copy.deepcopy(self)
        self.__dict__.setdefault("copies", []).append(twin)
        return twin

    def perform(self, action):
        event = super().perform(action)
        for twin in self.__dict__.get("copies", ()):
            twin.discard = list(self.discard)
        return event


class ResampleIsTheRound(ToyRound):
    def resample(self, seat, rng):
        return self


class ResampleIsACopy(ToyRound):
    def resample(self, seat, rng):
        return self.clone()  # nothing re-dealt


class ResampleDealsAfresh(ToyRound):
    def resample(self, seat, rng):
        return ToyRound(ToyOptions(), self.n_seats, 0, rng)


@dataclass(frozen=True)
class PeekingInfo(InfoState):
    hands: str = ""


class PeeksInItsInformation(ToyRound):
    def information(self, seat):  # every hand, beside what the seat knows
        info = super().information(seat)
        return PeekingInfo(**{f.name: getattr(info, f.name) for f in fields(info)}, hands=repr(self.zones()))


class DrawsTheFirstSeat(ToyRound):
    def __init__(self, options, n_seats, round_index, rng):
        super().__init__(options, n_seats, round_index, rng)
        self.seat = rng.randrange(n_seats)  # chance besides the shuffle


@pytest.mark.parametrize(
    "round_class, pattern",
    [
        (ShallowClone, r"playing on a clone changed the round it was copied from"),
        (CloneDealsAfresh, r"a clone does not look like the round it copies"),
        (TellsItsCopies, r"playing on a round changed a clone of it"),
        (
            SharesItsGenerator,
            r"playing on a clone moved the random generator of the round it was copied from \(luck\): "
            r"clone\(\) must give the copy its own generator",
        ),
        (ResampleIsTheRound, r"resample\(0\) returns the round itself"),
        (ResampleIsACopy, r"resample\(0\) never moved the \d+ cards seat 0 has not seen"),
        (ResampleDealsAfresh, r"view\(0\)\.hand changes when the cards seat 0 has not seen are re-dealt"),
        (
            DrawsTheFirstSeat,
            r"resample\(0\) fails: toy: its deal uses random integers besides one "
            r"shuffle of the deck; override Round.information",
        ),
        (
            PeeksInItsInformation,
            r"information\(0\) differs between states seat 0 cannot tell apart: the information "
            r"state a searching bot is given holds something hidden from seat 0",
        ),
    ],
)
def test_broken_clones_and_resamples_fail(round_class, pattern):
    fails(variant(round_class), pattern)


def test_check_clone_and_check_resample_alone():
    rnd = play_match(TOY, ToyOptions(), 3, 4).round  # a round dealt by a match knows its dealer
    rng = random.Random(0)
    keep = check_clone(rnd, rng)
    for seat in range(3):
        check_resample(rnd, seat, rng)
    assert snapshot(keep) == snapshot(rnd)
    with pytest.raises(ConformanceError, match="playing on a clone changed the round"):
        check_clone(ShallowClone(ToyOptions(), 2, 0, random.Random(0)), rng)


# -- errors from the variant itself ---------------------------------------------------------


def test_a_crash_in_the_variant_names_the_game():
    class Crashes(ToyRound):
        def legal_actions(self):
            if len(self.history) > 5:
                raise KeyError("oops")
            return super().legal_actions()

    with pytest.raises(KeyError) as info:
        kit(variant(Crashes))
    assert any("while checking broken, 2 seats, seed 0" in n for n in info.value.__notes__)


# -- the installed variants pass ----------------------------------------------------------------


def installed():
    from rummykit.core.plugins.manager import get_plugins

    return sorted(get_plugins().registry.variants)


@slow
@pytest.mark.parametrize("name", installed())
def test_installed_variants_pass(name):
    """Every installed variant passes with its own players, each seed a line-up
    (all random, then each bot at every seat), at its fewest and its most seats,
    matches stopped after two rounds: the variants' own tests play every seat
    count and whole matches (a match of Contract Rummy with ``ai:search`` at
    eight seats would take this test many minutes)."""
    from rummykit.core.plugins.manager import get_plugins

    spec = get_plugins().registry.variant(name)
    counts = sorted({spec.min_players, spec.max_players})
    coverage = check_variant(name, seeds=range(3), seat_counts=counts, max_rounds=2, report=False)
    assert coverage.matches == 3 * len(counts)


# -- what people read: the display hooks and result texts ------------------------------------


def summary_raises(view, options):
    raise ValueError("no summary today")


def summary_shows_a_card_not_held(view, options):
    from rummykit.core.plugins.registry import HandSummary

    stray = next(c for c in range(52) if c not in view.hand)
    return HandSummary(melds=(), loose=(*view.hand, stray), label="hand")


def summary_two_lines(view, options):
    from rummykit.core.plugins.registry import HandSummary

    return HandSummary(melds=(), loose=view.hand, label="deadwood\n12")


@pytest.mark.parametrize(
    "summary, pattern",
    [
        (summary_raises, r"hand_summary fails for seat \d: ValueError: no summary today"),
        (summary_shows_a_card_not_held, r"hand_summary for seat \d shows cards not in its hand"),
        (summary_two_lines, r"the hand_summary label for seat \d is not one line"),
    ],
)
def test_a_broken_hand_summary_fails(summary, pattern):
    fails(replace(TOY, name="broken", hand_summary=summary), pattern)


class NamesSeatSeven(ToyRound):
    def _finish(self):
        super()._finish()
        self.result = replace(self.result, text=("{7} wins the round",))


class UnbalancedBrace(ToyRound):
    def _finish(self):
        super()._finish()
        self.result = replace(self.result, text=("{0} wins {the round",))


class NamesANonCard(ToyRound):
    def _finish(self):
        super()._finish()
        self.result = replace(self.result, text=("{0} wins with [[77]]",))


@pytest.mark.parametrize(
    "round_class, pattern",
    [
        (NamesSeatSeven, r"result text '\{7\} wins the round' names seat \{7\}, and the round has 2 seats"),
        (UnbalancedBrace, r"result text '\{0\} wins \{the round' is not a template"),
        (NamesANonCard, r"result text .* names card \[\[77\]\], which is not a card"),
    ],
)
def test_a_broken_result_text_fails(round_class, pattern):
    fails(variant(round_class), pattern)


def test_a_move_phrase_naming_an_unknown_field_fails():
    from rummykit.core.engine.vocabulary import MoveWords

    spec = replace(TOY, name="broken", moves=(MoveWords("knock", "k", does="knocks {card}"),))
    with pytest.raises(ConformanceError, match=r"the 'does' phrase 'knocks \{card\}' of the move 'knock'"):
        kit(spec)


def test_a_move_phrase_that_fails_on_a_real_move_fails():
    from rummykit.core.engine.vocabulary import MoveWords

    # Fills in for the kit's sample (a meld number), not for a discard, which has none.
    words = MoveWords("discard", "d", does="discards {cards} onto meld {target:d}")
    fails(
        replace(TOY, name="broken", moves=(words,)),
        r"the move 'discard \w+': its log phrase fails: TypeError",
    )


def test_every_display_hook_the_variant_has_is_called():
    def table_raises(view):
        if view.stock_size < 5:
            raise KeyError("spread")
        return "stock is high"

    fails(
        replace(TOY, name="broken", table_summary=table_raises),
        r"table_summary fails for seat \d: KeyError: 'spread'",
    )
    kit(replace(TOY, name="fine", table_summary=lambda v: None))


# -- an installed variant, and what was covered ----------------------------------------------


def test_a_variant_that_is_not_installed_fails_instead_of_testing_random_only():
    from rummykit.core.plugins.manager import Plugins

    installed = Plugins().registry  # the real installed plugins: the toy is not among them
    with pytest.raises(ConformanceError, match="variant 'toy' is not installed, so its computer players"):
        check_variant(TOY, seeds=range(1), registry=installed)
    with pytest.raises(ConformanceError, match=r"variant 'nosuch' is not installed \(installed: .*gin"):
        check_variant("nosuch", seeds=range(1), registry=installed)
    check_variant(TOY, seeds=range(1), registry=installed, agents=[])  # random only, said so


def test_the_kit_reports_what_it_covered(capsys):
    from rummykit.core.engine.vocabulary import MoveWords

    reg = Registry()
    spec = replace(TOY, moves=(*TOY.moves, MoveWords("pass", "x")))  # "pass": declared, never legal
    reg.add_variant(spec, "toy")
    reg.add_agent(AgentSpec("low", lambda seat, seed, o: Lowest(), variant="toy"), "toy")
    reg.add_agent(AgentSpec("never", lambda seat, seed, o: Lowest(), variant="toy"), "toy")
    cov = check_variant(spec, seeds=range(2), seat_counts=[2], registry=reg, target=None)
    assert cov.players == ["random", "low", "(not played, too few seeds: never)"]
    assert cov.matches == 2 and cov.rounds >= 2
    assert cov.played["draw stock"] > 0 and cov.played["discard"] > 0
    assert "pass" in cov.moves_never_played
    assert set(cov.outcomes) == {"end"}
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("rummykit.testing: toy: 2 matches, ")
    assert out[1] == "  players: random, low, (not played, too few seeds: never)"
    assert out[2].startswith("  moves played: discard ")
    # A registry without core's plugin: said, not passed over in silence.
    assert out[-1] == (
        "  note: core's ai:search not played: this registry has none of core's players; build it with "
        'Plugins(extra=[("core", rummykit.core.bots.builtin), ...], entry_points=False)'
    )
    assert out[3].startswith("  moves never played: ") and "pass" in out[3]
    assert out[4] == f"  outcomes reached: end {cov.rounds}"


class Lowest(BaseAgent):
    def act(self, view, legal):
        return min(legal, key=lambda a: (a.kind, a.cards))


def test_the_kit_reports_outcomes_never_reached(capsys):
    class Declares(ToyRound):
        outcomes = ("end", "flush")  # "flush" never happens in the toy

    cov = kit(variant(Declares, name="declares"), seeds=range(1), seat_counts=[2])
    assert cov.outcomes_never_reached == ["flush"]
    assert "  outcomes never reached: flush" in capsys.readouterr().out.splitlines()


def test_a_player_named_to_be_checked_that_never_plays_fails():
    bots = [AgentSpec(n, lambda seat, seed, o: Lowest(), variant="toy") for n in ("low", "never")]
    with pytest.raises(ConformanceError, match="never never played: each seed plays one line-up, so 2 seeds"):
        check_variant(TOY, seeds=range(2), seat_counts=[2], agents=bots, report=False)
    # seeds as any iterable, played at every seat count
    cov = check_variant(TOY, seeds=iter(range(4)), seat_counts=[2, 3], agents=bots, report=False)
    assert cov.matches == 8
