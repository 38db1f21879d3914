"""The conformance kit checks what a match rule says (rummykit.testing:
check_match_context, check_match_state, check_match_end, the rule's state in
the record): each test breaks one thing of a rule of tests/helpers/seated.py
or of its round, and checks that ``check_variant`` fails with a
ConformanceError saying what, where and under which rule; the rules that keep
the contract pass, and ``rules=`` plays each rule a variant declares."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from rummykit import Column, MatchContext, MatchRule
from rummykit.core.engine.actions import DRAW_STOCK
from rummykit.core.plugins.registry import Registry
from rummykit.testing import ConformanceError, check_variant
from tests.helpers.seated import KNOCKOUT, PAIRS, SIT_OUT, DealerSitsOut, Elimination, SeatedRound, spec_with


def kit(spec, **kwargs):
    kwargs.setdefault("seeds", range(3))
    kwargs.setdefault("registry", Registry())
    kwargs.setdefault("agents", [])
    kwargs.setdefault("report", False)
    return check_variant(spec, **kwargs)


def fails(spec, pattern, **kwargs):
    with pytest.raises(ConformanceError, match=pattern) as info:
        kit(spec, **kwargs)
    text = str(info.value)
    assert "seats, seed" in text and "match rule: " in text  # how to play it again
    return text


@pytest.mark.parametrize("spec", [SIT_OUT, KNOCKOUT, PAIRS], ids=lambda s: s.name)
def test_the_seated_toys_pass_and_the_report_names_their_rule(spec, capsys):
    coverage = kit(spec, report=True)
    assert coverage.rules == [spec.match_rule(spec.options_model(target=30)).describe()]
    out = capsys.readouterr().out
    assert f"match rules: {coverage.rules[0]}" in out
    assert "matches: won by" in out


def test_the_report_says_how_the_rule_seated_the_rounds():
    sit_out = kit(SIT_OUT, seeds=range(2))
    assert sit_out.seating["seats sitting out"] == sit_out.rounds
    assert sit_out.seating["a dealer named"] == sit_out.rounds
    assert kit(KNOCKOUT, seeds=range(2), seat_counts=[4]).seating["seats out of the match"] > 0
    pairs = kit(PAIRS, seeds=range(2))
    assert pairs.seating["teams"] == pairs.rounds and pairs.ends["won by a team"] == pairs.matches


def test_gins_report_has_no_seating_line():
    coverage = check_variant("gin", seeds=range(1), agents=[], report=False, max_rounds=1)
    assert coverage.rules == ["first to 30"] and not coverage.seating
    assert "rounds with" not in coverage.summary()


# -- every rule the variant declares -----------------------------------------------


def deals_or_first_to(options):
    """First to the target, or three deals when the target is above 100."""
    return MatchRule.deals(3) if options.target > 100 else MatchRule.first_to(options.target)


def test_rules_plays_each_set_of_options_under_its_rule():
    spec = spec_with(deals_or_first_to, name="chooser", max_players=3)
    coverage = kit(spec, rules=[{}, {"target": 200}], seat_counts=[2])
    assert coverage.rules == ["first to 30", "after 3 deals, highest total wins (target=200)"]
    assert coverage.matches == 6
    assert "match rules: first to 30; after 3 deals, highest total wins (target=200)" in coverage.summary()


def test_a_rule_broken_only_under_declared_options_is_caught_there():
    class WrongOnlyInDeals(MatchRule):
        def ranking(self):
            order = super().ranking()
            return order[::-1] if self.kind == "deals" else order

    def rule(options):
        if options.target > 100:
            return WrongOnlyInDeals("deals", 3)
        return WrongOnlyInDeals("first_to", options.target)

    spec = spec_with(rule, name="chooser", max_players=3)
    kit(spec, seat_counts=[3])  # the default options' rule is fine
    text = fails(spec, r"does not put the winners .* first", rules=[{}, {"target": 200}], seat_counts=[3])
    assert "match rule: after 3 deals, highest total wins (target=200)" in text


def test_rules_must_be_mappings():
    with pytest.raises(ConformanceError, match="rules are mappings of options"):
        kit(SIT_OUT, rules=["deals=3"])


# -- a broken ranking ----------------------------------------------------------------


class BackwardsRanking(DealerSitsOut):
    """The winner first, then the others worst first."""

    def ranking(self):
        won = self.winners()
        rest = sorted((s for s in range(self.n_seats) if s not in won), key=lambda s: (self.totals[s], s))
        return (*won, *rest)


def test_a_ranking_against_the_totals_fails():
    spec = spec_with(lambda o: BackwardsRanking(o.target), name="backwards", min_players=3, max_players=3)
    fails(spec, r"ranking .* does not follow the totals the rule decides by", seeds=range(6))


class LastLeftLast(Elimination):
    def ranking(self):
        return tuple(reversed(super().ranking()))


def test_a_ranking_that_does_not_put_the_winner_first_fails():
    spec = spec_with(lambda o: LastLeftLast(o.target), name="lastleft")
    fails(spec, r"ranking .* does not put the winners \(\d,\) first")


class OutFirst(Elimination):
    """Ends, won by nobody, when the first seat goes out, and ranks the
    seats out of the match before those still in it."""

    def is_over(self):
        return len(self.out) >= 1

    def winners(self):
        return ()

    def ranking(self):
        left = [s for s in range(self.n_seats) if s not in self.out]
        return (*self.out, *left)


def test_seats_out_of_the_match_ranked_before_seats_in_it_fail():
    spec = spec_with(lambda o: OutFirst(o.target), name="outfirst", min_players=3)
    fails(spec, r"puts a seat out of the match \(\[\d\]\) before one still in it")


class WinnerNotBest(MatchRule):
    """Ends after two deals and names the lowest total the winner, though
    the highest total wins."""

    def __init__(self, limit):
        super().__init__("two_deals", limit)

    def is_over(self):
        return self.rounds >= 2

    def winners(self):
        low = min(range(self.n_seats), key=lambda s: (self.totals[s], s))
        return (low,)


def test_winners_without_the_best_total_fail():
    spec = spec_with(lambda o: WinnerNotBest(o.target), name="notbest", max_players=2)
    fails(spec, r"winners \(\d,\) do not have the highest total the rule decides by")


# -- winners that are not a seat or a team ----------------------------------------------


class OnePartnerWins(MatchRule):
    def winners(self):
        won = super().winners()
        return won[:1]


def test_winners_that_are_not_a_whole_team_fail():
    spec = spec_with(
        lambda o: OnePartnerWins("halfteam", o.target, teams=[(0, 2), (1, 3)]), name="halfteam", min_players=4
    )
    fails(spec, r"winners \(\d,\) are not a whole team \(teams: \[\(0, 2\), \(1, 3\)\]\)")


class TwoSeatsWin(DealerSitsOut):
    def winners(self):
        return tuple(sorted(range(self.n_seats), key=lambda s: -self.totals[s])[:2])


def test_several_winners_without_teams_fail():
    spec = spec_with(lambda o: TwoSeatsWin(o.target), name="twowin", min_players=3, max_players=3)
    fails(spec, r"winners \(\d, \d\) are several seats, and the rule has no teams")


# -- state and columns -------------------------------------------------------------------


class SetInState(Elimination):
    def state(self):
        return {**super().state(), "out_set": set(self.out)}


class TupleInState(Elimination):
    def state(self):
        return {**super().state(), "went_out": tuple(self.went_out)}


@pytest.mark.parametrize("rule", [SetInState, TupleInState], ids=["a set", "a tuple"])
def test_a_state_that_is_not_plain_json_fails(rule):
    spec = spec_with(lambda o: rule(o.target), name="jsonless")
    fails(spec, r"the match rule's state\(\) is not plain JSON")


_COUNTER = itertools.count()


class StateFromNowhere(Elimination):
    """A state that counts every round recorded by any match: a replay of
    the same moves does not reach it."""

    def record(self, result, context):
        super().record(result, context)
        self.serial = next(_COUNTER)

    def state(self):
        return {**super().state(), "serial": getattr(self, "serial", -1)}


def test_a_state_the_moves_do_not_decide_fails_the_replay():
    spec = spec_with(lambda o: StateFromNowhere(o.target), name="nowhere")
    fails(spec, r"replaying the same seed and actions gives different match state")


class ShortColumn(MatchRule):
    def columns(self):
        return (Column("Total", tuple(self.totals[:-1])),)


class TeamColumnWithoutTeams(DealerSitsOut):
    def columns(self):
        return (*super().columns(), Column("Team", (0, 0), teams=True))


class TextInColumn(MatchRule):
    def columns(self):
        return (Column("Total", tuple(str(t) for t in self.totals)),)


@pytest.mark.parametrize(
    ("rule", "pattern"),
    [
        (lambda o: ShortColumn("short", o.target), r"column 'Total' has 1 values, not one a seat \(2\)"),
        (lambda o: TeamColumnWithoutTeams(o.target), r"column 'Team' is a team column, but .* no teams"),
        (lambda o: TextInColumn("text", o.target), r"column 'Total' holds '\d+', not a whole number"),
    ],
    ids=["too few values", "teams without teams", "text"],
)
def test_malformed_columns_fail(rule, pattern):
    spec = spec_with(rule, name="columns", max_players=3)
    counts = [3] if "Team" in pattern else [2]
    fails(spec, pattern, seat_counts=counts)


# -- the seating -----------------------------------------------------------------------------


class DealsEveryone(SeatedRound):
    """Deals every seat, the dealer who sits out included (it never plays)."""

    def __init__(self, options, n_seats, round_index, rng, match=None):
        super().__init__(options, n_seats, round_index, rng, match=None)
        if match is not None:
            self.playing = list(match.seats)
            self.seat = self.playing[0]


class TurnsToEveryone(SeatedRound):
    """Deals the seats in play but passes the turn round every seat."""

    def perform(self, action):
        seat = self.seat
        event = super().perform(action)
        if self.result is None and action.kind != DRAW_STOCK:
            self.seat = (seat + 1) % self.n_seats
        return event


def sit_out_with(round_class, name):
    return replace(SIT_OUT, name=name, new_round=round_class)


def test_a_seat_sitting_out_that_holds_cards_fails():
    fails(
        sit_out_with(DealsEveryone, "dealsall"), r"seat \d, sitting this round out .* holds cards in round 1"
    )


def test_a_seat_sitting_out_that_acts_fails():
    fails(
        sit_out_with(TurnsToEveryone, "turnsall"),
        r"seat \d is to act in round \d+, but it is sitting this round out",
    )


class PlaysTheEliminated(Elimination):
    def seats_in_play(self):
        return tuple(range(self.n_seats))


def test_a_seat_out_of_the_match_dealt_in_fails():
    spec = spec_with(lambda o: PlaysTheEliminated(o.target), name="undead", min_players=3)
    fails(spec, r"seat \d is both out of the match and in play")


class DealerNotASeat(DealerSitsOut):
    def first_dealer(self, n_seats, rng):
        return n_seats


def test_a_dealer_that_is_not_a_seat_fails():
    spec = spec_with(lambda o: DealerNotASeat(o.target), name="nodealer", min_players=3, max_players=3)
    fails(spec, r"its dealer 3 is not a seat")


class FactsWithASet(DealerSitsOut):
    def facts(self):
        return {"sat_out": {self.dealer}}


def test_facts_that_are_not_plain_json_fail():
    spec = spec_with(lambda o: FactsWithASet(o.target), name="setfacts", min_players=3, max_players=3)
    fails(spec, r"match context: its facts is not plain JSON")


class ForgetsItsContext(SeatedRound):
    """Deals by its context, then sets round.match to a context of its own."""

    def perform(self, action):
        event = super().perform(action)
        self.match = MatchContext.every_seat(self.n_seats, 0)
        return event


def test_a_round_that_does_not_keep_its_context_fails():
    fails(
        sit_out_with(ForgetsItsContext, "forgets"),
        r"round 1 does not hold the match context it was dealt with",
    )


class DeepState(Elimination):
    def state(self):
        return {**super().state(), "deep": [[[[[[1]]]]]]}


class Shouted(DealerSitsOut):
    """A kind no record takes (records name a rule in lower case, no spaces)."""

    def __init__(self, target):
        MatchRule.__init__(self, "Sits Out", target)


def test_a_rule_or_state_a_record_cannot_keep_fails():
    shouted = spec_with(lambda o: Shouted(o.target), name="shouted", min_players=3, max_players=3)
    fails(shouted, r"the match record cannot keep the match rule \{'rule': 'Sits Out'")
    deep = spec_with(lambda o: DeepState(o.target), name="deep")
    assert "nested more than 4 deep" in fails(deep, r"cannot keep the match rule .* or its state")


class MissesASeat(DealerSitsOut):
    def ranking(self):
        return super().ranking()[:-1]


class SplitsTheTeams(MatchRule):
    def ranking(self):
        return (0, 1, 2, 3)


@pytest.mark.parametrize(
    ("spec", "pattern"),
    [
        (
            spec_with(lambda o: MissesASeat(o.target), name="misses", min_players=3, max_players=3),
            r"ranking\(\) \(\d, \d\) is not a tuple of each of the 3 seats once",
        ),
        (
            spec_with(
                lambda o: SplitsTheTeams("split", o.target, teams=[(0, 2), (1, 3)]),
                name="split",
                min_players=4,
            ),
            r"ranking\(\) \(0, 1, 2, 3\) splits the team \(0, 2\)",
        ),
    ],
    ids=["a seat missing", "a team split"],
)
def test_a_ranking_that_is_not_every_seat_with_teams_together_fails(spec, pattern):
    fails(spec, pattern)


class HidesWhoIsOut(Elimination):
    """Tells the rounds nobody is out, while its own list of seats out grows."""

    def context(self, round_index):
        ctx = super().context(round_index)
        return MatchContext(ctx.round_index, ctx.n_seats, ctx.dealer, ctx.seats, ctx.teams, ctx.totals, ())

    def seats_in_play(self):
        return tuple(s for s in range(self.n_seats) if s not in self.out)


def test_a_context_that_is_not_the_rules_fails():
    spec = spec_with(lambda o: HidesWhoIsOut(o.target), name="hides", min_players=3)
    fails(spec, r"match context: its seats out \[\] are not the match rule's \(\[\d\]\)")


class ShowsTheSitterAHand(SeatedRound):
    """The seat sitting out is shown the first player's hand."""

    def view(self, seat):
        view = super().view(seat)
        if seat in self.playing:
            return view
        return replace(view, extra={"peek": tuple(self.hands[self.playing[0]])})


def test_a_seat_sitting_out_that_sees_a_hand_fails_the_leak_check():
    fails(
        sit_out_with(ShowsTheSitterAHand, "peeks"), r"view\(\d\) leaks hidden cards at view.extra\['peek'\]"
    )
