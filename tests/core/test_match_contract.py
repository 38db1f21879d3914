"""The open match contract: a match rule a plugin writes (a dealer, seats that
sit out, teams, elimination, a score sheet of its own), rounds dealt with their
match context, that context in every view, and the rule's state in records."""

from __future__ import annotations

import random

import pytest

from rummykit import Column, Match, MatchContext, MatchRule
from rummykit.core.base.errors import RecordError, RummyError
from rummykit.core.engine.loop import Loop
from rummykit.core.engine.resample import deal_round
from rummykit.core.play.match import first_context
from rummykit.core.play.records import MatchRecord, SeatRecord, replay
from rummykit.core.plugins.manager import get_plugins
from rummykit.core.plugins.registry import Registry
from tests.core.toy_variant import TOY, ToyOptions
from tests.helpers.seated import SIT_OUT, DealerSitsOut, Elimination, spec_with


def play_out(match: Match, seed: int = 0) -> Match:
    rng = random.Random(seed)
    Loop(match, lambda seat: rng.choice(match.legal_actions())).run()
    return match


def test_the_built_in_rules_are_instances_of_the_one_class_and_compare_by_their_settings():
    assert MatchRule.first_to(500) == MatchRule("first_to", 500) != MatchRule.lowest_past(500)
    assert MatchRule.deals(3, lowest_wins=True).to_json() == {
        "rule": "deals",
        "limit": 3,
        "lowest_wins": True,
    }
    assert MatchRule.first_to(125) != MatchRule("first_to", 125, teams=[(0, 2), (1, 3)])
    with pytest.raises(RummyError, match="unknown match rule 'hollywood'"):
        MatchRule("hollywood", 100)  # a rule of its own is a subclass
    assert DealerSitsOut(50).describe() == "dealer sits out 50"


def test_each_round_is_dealt_with_its_context_and_every_view_carries_it():
    spec = spec_with(lambda o: DealerSitsOut(o.target), max_players=3)
    match = Match(spec, ToyOptions(target=40), 3, seed=7)
    contexts = []
    while not match.over:
        ctx = match.round.match
        assert isinstance(ctx, MatchContext) and ctx is match.context
        assert ctx.round_index == match.round_index and ctx.totals == tuple(match.totals)
        sitting = ctx.dealer
        assert sitting not in ctx.seats and len(ctx.seats) == 2
        assert match.view(sitting).hand == () and match.view(sitting).match is ctx
        assert match.to_act() == ctx.seats[0]
        contexts.append(ctx)
        rng = random.Random(len(contexts))
        while match.round.match is ctx and not match.over:
            assert match.to_act() != sitting  # the dealer never has a turn
            match.apply(rng.choice(match.legal_actions()))
        result = match.results[-1]
        if not match.over:  # the loser of the hand deals the next and sits it out
            loser = next(s for s in ctx.seats if s != result.winner)
            assert match.context.dealer == loser
            assert set(match.context.seats) == {result.winner, sitting}
    assert len(contexts) >= 2
    assert max(match.totals) >= 40 and match.winner == match.totals.index(max(match.totals))


def test_a_first_dealer_by_lot_comes_from_the_match_generator_so_a_seed_gives_the_same_match():
    spec = spec_with(lambda o: DealerSitsOut(o.target), max_players=3)
    dealers = {Match(spec, ToyOptions(), 3, seed).context.dealer for seed in range(20)}
    assert dealers == {0, 1, 2}
    a, b = play_out(Match(spec, ToyOptions(), 3, 5)), play_out(Match(spec, ToyOptions(), 3, 5))
    assert a.actions == b.actions and a.totals == b.totals and a.state() == b.state()


def test_elimination_takes_seats_out_until_one_is_left():
    spec = spec_with(lambda o: Elimination(o.target))
    match = play_out(Match(spec, ToyOptions(target=30), 4, seed=3), seed=3)
    assert match.over and not match.stalled
    left = [s for s in range(4) if s not in match.rule.out]
    assert len(left) == 1 and match.winners == (left[0],) and match.winner == left[0]
    assert match.ranking()[0] == left[0] and sorted(match.ranking()) == [0, 1, 2, 3]
    assert all(match.totals[s] >= 30 for s in match.rule.out)
    assert match.state()["went_out"] == match.rule.went_out


def test_seats_out_of_the_match_are_never_dealt_in():
    spec = spec_with(lambda o: Elimination(o.target))
    match = Match(spec, ToyOptions(target=30), 4, seed=11)
    rng = random.Random(11)
    while not match.over:
        ctx = match.context
        assert set(ctx.seats) == set(range(4)) - set(ctx.out)
        for s in ctx.out:
            assert match.view(s).hand == () and match.view(s).match.out == ctx.out
        match.apply(rng.choice(match.legal_actions()))


def test_teams_decide_by_their_totals_and_both_partners_win():
    spec = spec_with(lambda o: MatchRule("first_to", o.target, teams=[(0, 2), (1, 3)]))
    match = play_out(Match(spec, ToyOptions(target=60), 4, seed=2))
    team = [match.totals[0] + match.totals[2], match.totals[1] + match.totals[3]]
    won = team.index(max(team))
    assert max(team) >= 60 and match.winning_team == won
    assert match.winners == ((0, 2), (1, 3))[won] and match.winner == match.winners[0]
    assert match.ranking()[:2] == match.winners
    assert match.columns()[-1] == Column("Team", tuple(team), teams=True)
    assert match.view(0).match.teams == ((0, 2), (1, 3)) and match.view(0).match.partners(0) == (2,)
    assert "team totals" in match.rule.describe()


def test_teams_that_do_not_seat_the_players_are_refused_with_one_line():
    spec = spec_with(lambda o: MatchRule("first_to", 20, teams=[(0, 1), (2, 3)]))
    with pytest.raises(RummyError, match=r"teams .* do not seat 3 players"):
        Match(spec, ToyOptions(), 3, 0)


def test_each_match_works_on_its_own_copy_of_the_rule():
    shared = Elimination(30)
    spec = spec_with(lambda o: shared)
    a = play_out(Match(spec, ToyOptions(), 4, 1), seed=1)
    b = Match(spec, ToyOptions(), 4, 2)
    assert a.rule is not shared and b.rule is not a.rule
    assert a.rule.out and not b.rule.out and not hasattr(shared, "out")


def test_a_failing_rule_is_one_line_naming_the_variant_and_the_method():
    class Broken(MatchRule):
        def next_dealer(self, result, context):
            return {}["no such key"]

    spec = spec_with(lambda o: Broken("broken", 20), name="brokenrule")
    with pytest.raises(
        RummyError, match=r"variant brokenrule: its match rule \(Broken\) failed in record: KeyError"
    ):
        play_out(Match(spec, ToyOptions(), 2, 0))


def test_a_variant_that_does_not_take_the_context_is_dealt_as_before():
    plain = Match(TOY, ToyOptions(), 2, 4)
    assert plain.round.match == MatchContext(0, 2, None, (0, 1), (), (0, 0), ())
    assert plain.view(0).match is plain.context


def registry_with(spec) -> Registry:
    registry = Registry()
    registry.add_variant(spec, "tests")
    return registry


def test_the_record_keeps_the_rule_and_its_state_and_a_replay_must_reach_that_state():
    spec = spec_with(lambda o: Elimination(o.target))
    match = play_out(Match(spec, ToyOptions(target=30), 4, seed=3), seed=3)
    record = MatchRecord(
        variant=spec.name,
        options={"target": 30},
        seats=[SeatRecord(kind="ai:easy", name=f"P{i}") for i in range(4)],
        seed=3,
        match=match.rule.to_json(),
        state=match.state(),
        actions=[a.notation() for a in match.actions],
    )
    again = MatchRecord.model_validate_json(record.to_json())
    assert again.match.rule == "elimination" and again.state == match.state()
    registry = registry_with(spec)
    back = replay(again, registry)
    assert back.winners == match.winners and back.state() == match.state()
    forged = again.model_copy(update={"state": {**match.state(), "went_out": [0, 1, 2]}})
    with pytest.raises(RecordError, match="does not replay: its match state"):
        replay(forged, registry)
    old = again.model_copy(update={"state": None})  # a record written before states were kept
    assert replay(old, registry).winners == match.winners


def test_a_round_played_alone_is_dealt_as_the_first_round_of_a_match_of_its_seed():
    rng = random.Random(9)
    context = first_context(SIT_OUT, ToyOptions(), 3, rng)
    match = Match(SIT_OUT, ToyOptions(), 3, 9)
    assert context == match.context
    dealt = deal_round(SIT_OUT, ToyOptions(), 3, 0, rng, context)
    assert dealt.zones() == match.round.zones() and dealt.match == match.context


def test_the_search_reads_a_race_target_only_where_the_rule_is_a_race():
    assert MatchRule.first_to(100).race_target() == 100
    assert MatchRule("first_to", 100, teams=[(0, 2), (1, 3)]).race_target() is None
    assert MatchRule.deals(3).race_target() is None and DealerSitsOut(50).race_target() is None
    registry = get_plugins().registry
    targets = {}
    for name, n in [("gin", 2), ("classic-gin", 2), ("hollywood-gin", 2), ("gin-3", 3), ("gin-partners", 4)]:
        spec = registry.variant(name)
        targets[name] = Match(spec, spec.options_model(), n, 1).target
    assert targets == {
        "gin": 100,
        "classic-gin": 100,
        "hollywood-gin": None,
        "gin-3": 100,
        "gin-partners": None,
    }
