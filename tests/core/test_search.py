"""The generic search, ``ai:search`` (core/bots/search.py): offered for every variant
core can re-deal, legal and reproducible, and never told more than its seat knows."""

from __future__ import annotations

import functools
import math
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit.core.bots.agents import RandomAgent, act_kwargs, agent_seed, information_for
from rummykit.core.bots.search import (
    NAME,
    SearchAgent,
    paired_t,
    rollout_policy,
    t975,
    t_confirms,
    with_iterations,
)
from rummykit.core.engine.actions import Action
from rummykit.core.play.match import Match
from rummykit.core.plugins import manager as core_plugins
from rummykit.core.plugins.hookspecs import hookimpl
from rummykit.core.plugins.manager import get_plugins

from ..marks import first_fast, slow
from .toy_variant import TOY, ToyRound


def registry():
    return get_plugins().registry


@pytest.mark.parametrize("variant", ["classic-gin", "cardverse", "straight-gin"])
def test_every_variant_gets_ai_search_below_its_own_hard(variant):
    reg = registry()
    names = [a.name for a in reg.agents_for(variant)]
    assert NAME in names
    search = reg.agent(variant, NAME)
    assert search.variant == variant and search.plugin == "core"
    assert search.strength < reg.agent(variant, "ai:hard").strength
    # Never the default opponent where an ai:hard knows the rules: Straight Gin
    # registers Gin's, saying it understands them (a house rule that does not
    # say so gets the search: tests/core/test_understands.py).
    assert reg.strongest_agent(variant).name == "ai:hard"
    policy = rollout_policy(variant, reg)
    assert policy is not None and policy.name in search.description


def test_the_roll_out_policy_is_the_strongest_marked_player():
    reg = registry()
    assert rollout_policy("gin", reg).name == "ref:simple"
    assert rollout_policy("straight-gin", reg).name == "ref:simple"
    assert rollout_policy("cardverse", reg).name == "ai:hard"
    # ai:easy stays marked too (the weaker of the two); a house rule that
    # reuses CardVerse's players keeps its own roll-out policy
    marked = {a.name for (v, _), a in reg.agents.items() if v == "cardverse" and a.rollout}
    assert marked == {"ai:easy", "ai:hard"}
    assert rollout_policy("cardverse-house", reg).name == "ai:easy"


def test_the_budget_is_the_roll_out_policys_when_it_gives_one():
    from rummykit.core.bots.search import DEFAULT_ITERATIONS
    from rummykit.variants.cardverse_rummy.bots import ROLLOUT_ITERATIONS

    reg = registry()
    for variant, iterations in [
        ("cardverse", ROLLOUT_ITERATIONS),  # ai:hard's rules cost more a move: fewer play-outs
        ("classic-gin", DEFAULT_ITERATIONS),  # gin registers its own (variants/gin/bots/search.py)
        ("cardverse-house", DEFAULT_ITERATIONS),
    ]:
        spec = reg.agent(variant, NAME)
        agent = spec.factory(0, 1, reg.variant(variant).options_model())
        assert agent.iterations == iterations
        assert f"on {iterations} deals a decision" in spec.description
    assert ROLLOUT_ITERATIONS < DEFAULT_ITERATIONS


def test_cardverse_ai_hard_rolls_out_its_rules_unsearched():
    """In a roll-out no player is handed an information state: CardVerse's
    ai:hard then plays its rules' move at once, searching nothing."""
    reg = registry()
    spec = reg.variant("cardverse")
    options = spec.options_model()
    search = reg.agent("cardverse", NAME).factory(0, 1, options)
    match = Match(spec, options, 4, 3)
    decided = 0
    while not match.over and decided < 30:
        seat = match.to_act()
        view = match.view(seat)
        hard = search.policy(seat, 7, options)
        move = hard.act(view, view.legal)
        assert hard.last == {} and move is hard._rules_move  # its rules, nothing played out
        match.apply(move)
        decided += 1
    assert decided == 30


class AcesToTheBottom(ToyRound):
    """A deal that looks at the cards: core cannot re-deal it."""

    def __init__(self, options, n_seats, round_index, rng):
        super().__init__(options, n_seats, round_index, rng)
        aces = [c for c in self.stock if c % 13 == 0]
        self.stock = aces + [c for c in self.stock if c % 13 != 0]


class ToyPlugin:
    @hookimpl
    def register_variants(self, register):
        register(TOY)
        register(replace(TOY, name="toy-aces", new_round=AcesToTheBottom))


def test_offered_where_core_can_re_deal_and_with_random_roll_outs_when_nothing_is_marked():
    from rummykit.core.bots import builtin as builtin_agents

    reg = core_plugins.Plugins(
        extra=[("core", builtin_agents), ("toy-test", ToyPlugin())], entry_points=False
    ).registry
    assert [a.name for a in reg.agents_for("toy")] == [NAME, "random"]
    assert "with random moving every seat" in reg.agent("toy", NAME).description
    assert [a.name for a in reg.agents_for("toy-aces")] == ["random"]


class InformationBreaks(ToyRound):
    """Its information state fails once ``after`` actions were played."""

    after = 0

    def information(self, seat):
        if len(self.history) >= self.after:
            raise ValueError("no information here")
        return super().information(seat)


class LaterBreaks(InformationBreaks):
    after = 3


class BrokenPlugin:
    @hookimpl
    def register_variants(self, register):
        register(replace(TOY, name="toy-broken", new_round=InformationBreaks))
        register(replace(TOY, name="toy-later", new_round=LaterBreaks))


def test_an_information_state_that_fails_is_named_not_the_search():
    from rummykit.core.base.errors import AgentError, UnknownAgent
    from rummykit.core.bots import builtin as builtin_agents
    from rummykit.core.bots.guard import SafeAgent, Who

    reg = core_plugins.Plugins(
        extra=[("core", builtin_agents), ("toy-test", BrokenPlugin())], entry_points=False
    ).registry
    # It fails at the first deal: core cannot search there, so ai:search is not offered.
    assert [a.name for a in reg.agents_for("toy-broken")] == ["random"]
    with pytest.raises(UnknownAgent, match=r"no computer player 'ai:search' for toy-broken "
                       r"\(available: random\); ai:search cannot play it: no information here$"):  # fmt: skip
        reg.agent("toy-broken", NAME)
    spec = reg.variant("toy-later")
    search_spec = reg.agent("toy-later", NAME)
    match = Match(spec, spec.options_model(), 2, 1)
    bots = [
        SafeAgent(Who(NAME, "core", s, 1), search_spec.factory, s, spec.options_model()) for s in range(2)
    ]
    with pytest.raises(AgentError, match=r"raised ValueError: no information here in the variant's "
                       r"Round.information, asked for its seat"):  # fmt: skip
        while not match.over:
            seat = match.to_act()
            match.apply(bots[seat].act(match.view(seat), match))


def play(variant: str, seats: list, seed: int, target: int = 15) -> Match:
    spec = registry().variant(variant)
    options = spec.options_model(target=target)
    match = Match(spec, options, len(seats), seed)
    while not match.over:
        seat = match.to_act()
        view = match.view(seat)
        legal = view.legal
        action = seats[seat].act(view, legal, **act_kwargs(seats[seat], match, seat))
        assert any(a is action for a in legal), "the search returned an action not in the legal list"
        match.apply(action)
    return match


def search(variant: str, seat: int, seed: int, iterations: int = 6) -> SearchAgent:
    spec = with_iterations(registry().agent(variant, NAME), iterations)
    options = registry().variant(variant).options_model()
    agent = spec.factory(seat, seed, options)
    assert isinstance(agent, SearchAgent) and agent.iterations == iterations
    return agent


def easy(variant: str, seat: int, seed: int):
    return (
        registry().agent(variant, "ai:easy").factory(seat, seed, registry().variant(variant).options_model())
    )


@slow
def test_the_same_seed_gives_the_same_moves():
    games = []
    for _ in range(2):
        seats = [search("classic-gin", 0, 5), easy("classic-gin", 1, 6)]
        games.append(play("classic-gin", seats, 3).actions)
    assert games[0] == games[1]
    other = play("classic-gin", [search("classic-gin", 0, 99), easy("classic-gin", 1, 6)], 3).actions
    assert other != games[0]  # another seed searches other deals


@pytest.mark.parametrize(
    "variant, n", first_fast([("gin", 2), ("cardverse", 2), ("cardverse", 3), ("cardverse", 4)])
)
def test_it_plays_whole_matches_at_every_seat(variant, n):
    seats = [search(variant, s, 10 + s, iterations=3) for s in range(n)]
    match = play(variant, seats, 21, target=10)
    assert match.over


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from([("gin", 2), ("cardverse", 2), ("cardverse", 3), ("cardverse", 4)]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
)
def test_it_always_returns_one_of_the_legal_actions(variant, seed, steps):
    name, n = variant
    spec = registry().variant(name)
    match = Match(spec, spec.options_model(), n, seed)
    walk = [RandomAgent(agent_seed(seed, s)) for s in range(n)]
    start = match.round
    for _ in range(steps):
        seat = match.to_act()
        if match.round is not start or seat is None:
            break
        view = match.view(seat)
        match.apply(walk[seat].act(view, view.legal))
    if match.over:
        return
    seat = match.to_act()
    view = match.view(seat)
    agent = search(name, seat, seed, iterations=4)
    for kwargs in (act_kwargs(agent, match, seat), {"info": None}, {}):
        action = agent.act(view, view.legal, **kwargs)
        assert any(a is action for a in view.legal)
    untouched = replace(view, scores=(), options={}, match=None)
    assert match.round.view(seat) == untouched  # the round was not touched


def test_every_seat_of_a_roll_out_is_played_by_the_one_policy():
    made: list[int] = []

    def policy(seat, seed, options):
        made.append(seat)
        return RandomAgent(seed)

    spec = registry().variant("cardverse")
    match = Match(spec, spec.options_model(), 4, 2)
    seat = match.to_act()
    agent = SearchAgent(1, options=spec.options_model(), policy=policy, iterations=8)
    view = match.view(seat)
    agent.act(view, view.legal, **act_kwargs(agent, match, seat))
    assert set(made) == {0, 1, 2, 3}
    assert sum(agent.last["counts"].values()) >= 8


def test_without_its_information_it_plays_the_policy_move():
    spec = registry().variant("gin")
    match = Match(spec, spec.options_model(), 2, 4)
    view = match.view(match.to_act())
    agent = SearchAgent(1, options=spec.options_model(), policy=lambda s, seed, o: _First(), iterations=8)
    assert agent.act(view, view.legal) is view.legal[0]
    assert agent.last == {}


class _First:
    def act(self, view, legal):
        return legal[0]


class _FailsLater:
    """Plays like ``random`` for its first ``after`` moves (counted over every
    agent made from one factory), then raises or makes an illegal move."""

    def __init__(self, seed, count, after, illegal):
        self.inner, self.count, self.after, self.illegal = RandomAgent(seed), count, after, illegal

    def act(self, view, legal):
        self.count[0] += 1
        if self.count[0] > self.after:
            if self.illegal:
                return _not_legal(view)
            raise ZeroDivisionError("policy bug")
        return self.inner.act(view, legal)


def _not_legal(view):
    """A move the round refuses: a draw after drawing, or a discard before it."""
    kinds = {a.kind for a in view.legal}
    return Action("draw stock") if "draw stock" not in kinds else Action("discard", (view.hand[0],))


_POLICY = r"its roll-out policy ai:x \(plugin p\)"


@pytest.mark.parametrize(
    "after, illegal, says",
    [
        (
            0,
            False,
            r"its roll-out policy ai:x \(plugin p\) raised ZeroDivisionError: policy bug choosing the prior",
        ),
        (
            1,
            False,
            r"its roll-out policy ai:x \(plugin p\) raised ZeroDivisionError: policy bug in a roll-out",
        ),
        (1, True, r"its roll-out policy ai:x \(plugin p\) made an illegal move in a roll-out: .+"),
    ],
)
def test_a_failing_roll_out_policy_is_named_as_the_one_that_failed(after, illegal, says):
    from rummykit.core.bots.search import RolloutError

    spec = registry().variant("gin")
    match = Match(spec, spec.options_model(), 2, 4)
    seat = match.to_act()
    count = [0]
    agent = SearchAgent(
        1,
        options=spec.options_model(),
        policy=lambda s, seed, o: _FailsLater(seed, count, after, illegal),
        iterations=8,
        policy_name="ai:x (plugin p)",
    )
    view = match.view(seat)
    with pytest.raises(RolloutError, match=says):
        agent.act(view, view.legal, **act_kwargs(agent, match, seat))


def test_a_budget_of_one_roll_out_still_decides():
    spec = registry().variant("gin")
    match = Match(spec, spec.options_model(), 2, 4)
    seat = match.to_act()
    agent = SearchAgent(1, options=spec.options_model(), iterations=1)
    view = match.view(seat)
    action = agent.act(view, view.legal, **act_kwargs(agent, match, seat))
    assert any(a is action for a in view.legal)
    with pytest.raises(ValueError):
        SearchAgent(1, iterations=0)


def test_the_kits_budget_plays_every_candidate_once_on_one_deal():
    from rummykit.testing import SEARCH_ITERATIONS, SEARCH_MAX_MOVES

    spec = with_iterations(registry().agent("gin", NAME), SEARCH_ITERATIONS, SEARCH_MAX_MOVES)
    options = registry().variant("gin").options_model()
    agent = spec.factory(0, 3, options)
    assert agent.max_moves == SEARCH_MAX_MOVES
    full = search("gin", 0, 3)  # the same budget, its moves not bounded
    match = Match(registry().variant("gin"), options, 2, 4)
    searched = 0
    while not match.over and searched < 6:
        seat = match.to_act()
        view = match.view(seat)
        action = agent.act(view, view.legal, **act_kwargs(agent, match, seat))
        if agent.last:
            searched += 1
            assert set(agent.last["counts"].values()) == {1}  # one deal: every candidate once
            full.act(view, view.legal, **act_kwargs(full, match, seat))
            assert max(full.last["counts"].values()) > 1  # unbounded, the better ones play on
        match.apply(action)
    assert searched == 6


def _a_discard_to_make(spec, seed: int):
    """A Gin match a few random moves in, at a discard among eleven cards: the
    match, the seat to act and its view."""
    match = Match(spec, spec.options_model(), 2, seed)
    walk = RandomAgent(seed)
    for _ in range(5):
        view = match.view(match.to_act())
        match.apply(walk.act(view, view.legal))
    seat = match.to_act()
    return match, seat, match.view(seat)


def test_another_move_replaces_the_prior_only_when_it_is_confidence_standard_errors_ahead():
    spec = registry().variant("gin")
    overruled = 0
    for seed in range(6):
        match, seat, view = _a_discard_to_make(spec, seed)
        found = []
        for confidence in (0.0, math.inf):
            agent = SearchAgent(3, options=spec.options_model(), iterations=24, confidence=confidence)
            action = agent.act(view, view.legal, **act_kwargs(agent, match, seat))
            found.append((action, agent.last["means"]))
        (eager, means), (stubborn, same) = found
        assert means == same  # one seed: the same prior, deals and roll-outs
        prior = next(iter(means))
        assert stubborn is prior
        assert eager is max(means, key=lambda a: means[a])
        overruled += eager is not prior
    assert overruled  # the cases differ somewhere


def test_ai_search_needs_two_standard_errors_and_the_hards_keep_their_own():
    from rummykit.core.bots.search import SEARCH_CONFIDENCE

    assert search("gin", 0, 1).confidence == SEARCH_CONFIDENCE == 2.0
    options = registry().variant("cardverse").options_model()
    assert registry().agent("cardverse", "ai:hard").factory(0, 1, options).confidence == 1.0
    assert (
        registry().agent("gin", "ai:hard").factory(0, 1, registry().variant("gin").options_model()).confidence
        == 2.0
    )


def test_under_a_lowest_total_rule_the_search_values_fewer_points_more():
    from rummykit.core.bots.agents import information_for
    from rummykit.core.play.match import MatchRule

    gin = get_plugins().registry.variant("gin")

    def lowest_past(options):
        return MatchRule.lowest_past(options.target)

    spec = replace(gin, name="gin-lowest", match_rule=lowest_past)
    match = Match(spec, spec.options_model(), 2, seed=3)
    info = information_for(match, 0)
    assert info is not None and info.lowest_wins and info.target is None
    agent = SearchAgent(1)
    value = agent._valuer(info, [])
    assert value((0, 15)) > value((15, 0))  # seat 0 scoring nothing, the other 15: best for seat 0
    plain = information_for(Match(gin, gin.options_model(), 2, seed=3), 0)
    assert plain is not None and not plain.lowest_wins


def test_the_search_explains_its_move():
    spec = TOY
    rnd = ToyRound(spec.options_model(), 2, 0, __import__("random").Random(4))
    agent = SearchAgent(2, iterations=8)
    seat = rnd.to_act()
    view = rnd.view(seat)
    action = agent.act(view, view.legal, **act_kwargs(agent, rnd, seat))
    why = agent.explain(view, action)
    assert why and why != action.notation()


def test_bad_search_settings_are_refused_when_made():
    for kwargs, says in [
        ({"confidence": math.nan}, "confidence is a number of standard errors"),
        ({"confidence": -5}, "confidence is a number of standard errors"),
        ({"time_cap": 0}, "time_cap is None or a number of seconds above 0"),
        ({"time_cap": -1}, "time_cap is None"),
        ({"time_cap": True}, "time_cap is None"),
        ({"time_cap": math.nan}, "time_cap is None"),
        ({"confidence": True}, "confidence is a number"),
        ({"max_moves": 0}, "max_moves is None or a whole number, at least 1"),
        ({"max_moves": math.nan}, "max_moves is None or a whole number"),
        ({"max_moves": 2.5}, "max_moves is None or a whole number"),
        ({"iterations": 0}, "iterations is a whole number of roll-outs, at least 1"),
        ({"iterations": math.nan}, "iterations is a whole number"),
        ({"iterations": math.inf}, "iterations is a whole number"),
        ({"iterations": True}, "iterations is a whole number"),
        ({"close_iterations": -1}, "close_iterations is a whole number of roll-outs, 0 or more"),
        ({"close_iterations": 2.5}, "close_iterations is a whole number"),
        ({"close_margin": math.nan}, "close_margin is a number of standard errors"),
        ({"close_margin": -1}, "close_margin is a number of standard errors"),
    ]:
        with pytest.raises(ValueError, match=says):
            SearchAgent(1, **kwargs)


def test_a_prior_or_candidate_that_is_not_legal_is_an_error_not_another_move():
    spec = registry().variant("gin")

    class NonePrior(SearchAgent):
        def prior(self, view, legal):
            return None

    class JunkCandidates(SearchAgent):
        def candidates(self, view, legal):
            return [Action("discard", (3,))]

    match = Match(spec, spec.options_model(), 2, 1)
    view = match.view(match.to_act())
    with pytest.raises(ValueError, match="the search's prior, None, is not one of the legal moves"):
        NonePrior(1, options=spec.options_model()).act(
            view, view.legal, information_for(match, match.to_act())
        )
    with pytest.raises(ValueError, match=r"the search's candidate, discard 4C, is not one of"):
        JunkCandidates(1, options=spec.options_model()).act(
            view, view.legal, information_for(match, match.to_act())
        )


def test_a_roll_out_policy_sees_the_match_totals_and_the_options():
    spec = registry().variant("gin")
    seen = []

    class Reads(RandomAgent):
        def act(self, view, legal):
            seen.append((view.scores, view.options.get("knock_limit")))
            return super().act(view, legal)

    match = Match(spec, spec.options_model(knock_limit=7), 2, 1)
    match.totals[1] = 40
    view = match.view(match.to_act())
    agent = SearchAgent(1, options=match.options, policy=lambda seat, seed, o: Reads(seed), iterations=4)
    agent.act(view, view.legal, information_for(match, match.to_act()))
    assert seen and set(seen) == {((0, 40), 7)}


@pytest.mark.parametrize("reads", [True, False])
def test_a_roll_out_policy_that_reads_no_history_gets_views_without_it(reads):
    """A policy saying ``reads_history = False`` is handed views with
    ``history=()`` in the play-outs (its own seat's only); one that reads it
    gets the history as its seat saw it; the decision is the same either way."""
    spec = registry().variant("gin")
    lengths: dict[bool, set[int]] = {True: set(), False: set()}

    class Reads(RandomAgent):
        def __init__(self, seed, blind):
            super().__init__(seed)
            self.reads_history = not blind

        def act(self, view, legal):
            lengths[self.reads_history].add(len(view.history))
            return super().act(view, legal)

    match = Match(spec, spec.options_model(), 2, 3)
    for _ in range(6):  # a few moves in: there is a history to see
        match.apply(match.view(match.to_act()).legal[0])
    seat = match.to_act()
    view = match.view(seat)

    def policy(s, seed, o):  # the opponent's seat says it reads none (the prior is its own seat's)
        return Reads(seed, blind=not reads and s != seat)

    agent = SearchAgent(1, options=match.options, policy=policy, iterations=8)
    move = agent.act(view, view.legal, information_for(match, seat))
    assert lengths[True] and min(lengths[True]) >= 6
    if reads:
        assert not lengths[False]
    else:
        assert lengths[False] == {0}
    assert match.round.history_hidden_from == frozenset()  # the round played is untouched
    reading = SearchAgent(
        1, options=match.options, policy=lambda s, seed, o: Reads(seed, False), iterations=8
    )
    assert reading.act(view, view.legal, information_for(match, seat)) == move


def test_the_prior_is_searched_even_when_the_candidates_leave_it_out():
    spec = registry().variant("gin")
    options = spec.options_model()
    match = Match(spec, options, 2, 1)
    match.apply(match.view(match.to_act()).legal[0])  # a draw: now a discard with 11 cards
    seat = match.to_act()
    view = match.view(seat)
    plain = [a for a in view.legal if a.kind == "discard"]
    prior_move, others = plain[0], plain[1:4]

    class Narrow(SearchAgent):
        def prior(self, view, legal):
            return prior_move

        def candidates(self, view, legal):
            return others

    agent = Narrow(1, options=options, iterations=16, confidence=math.inf)
    # Never another move than the prior: so the prior, though no candidate.
    assert agent.act(view, view.legal, information_for(match, seat)) is prior_move
    assert list(agent.last["means"]) == [prior_move, *others]


def test_the_prior_is_overruled_by_confidence_standard_errors_of_the_paired_differences():
    agent = SearchAgent(1, confidence=2.0)
    # differences 1, 0, 1, 0: mean 0.5, standard error 0.29, 1.73 of them
    assert not agent.overrules([1.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0])
    assert SearchAgent(1, confidence=1.5).overrules([1.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0])
    assert agent.overrules([1.0, 2.0], [0.0, 1.0, 5.0])  # paired on the first two: always 1 ahead
    assert not agent.overrules([1.0], [0.0])  # one pair tells nothing


class _NeverOverrules(SearchAgent):
    def overrules(self, move, prior):
        return False


def test_a_search_whose_overrules_hook_says_no_plays_its_prior_after_searching():
    spec = registry().variant("gin")
    options = spec.options_model()
    match = Match(spec, options, 2, 4)
    agent = _NeverOverrules(1, options=options, iterations=2, max_moves=100)
    searched = 0
    while not match.over and searched < 2:
        seat = match.to_act()
        view = match.view(seat)
        action = agent.act(view, view.legal, **act_kwargs(agent, match, seat))
        if agent.last:
            searched += 1
            assert action is next(iter(agent.last["means"]))  # the prior: searched first
        match.apply(action)
    assert searched == 2


def test_make_search_builds_the_agent_class_it_is_given_and_the_kit_can_cheapen_it():
    from rummykit.core.bots.search import make_search
    from rummykit.core.plugins.registry import AgentSpec

    own = AgentSpec(
        name=NAME,
        variant="gin",
        strength=25,
        description="a variant's own search",
        factory=functools.partial(make_search, agent=_NeverOverrules, policy=None, iterations=40),
    )
    options = registry().variant("gin").options_model()
    agent = own.factory(0, 3, options)
    assert type(agent) is _NeverOverrules and agent.iterations == 40
    cheap = with_iterations(own, 4, 1).factory(0, 3, options)
    assert type(cheap) is _NeverOverrules and (cheap.iterations, cheap.max_moves) == (4, 1)
    assert type(search("classic-gin", 0, 3)) is SearchAgent  # core's, where no subclass is given


def test_a_close_decision_plays_the_prior_and_its_rival_on_for_more_roll_outs():
    spec = registry().variant("gin")
    extended = 0
    for seed in range(4):
        match, seat, view = _a_discard_to_make(spec, seed)
        found = []
        policy = rollout_policy("gin", registry())
        assert policy is not None
        kw = {"options": spec.options_model(), "iterations": 24, "policy": policy.factory}
        for margin in (0.0, 1e9):  # never close, always close
            agent = SearchAgent(3, close_iterations=10, close_margin=margin, **kw)
            action = agent.act(view, view.legal, **act_kwargs(agent, match, seat))
            found.append((action, agent.last["counts"]))
        plain = SearchAgent(3, **kw)
        assert plain.act(view, view.legal, **act_kwargs(plain, match, seat)) is found[0][0]
        assert plain.last["counts"] == found[0][1]  # a margin of 0: nothing is close
        (_, before), (action, after) = found
        grown = [a for a in after if after[a] > before[a]]
        prior = next(iter(before))
        assert prior in grown and len(grown) == 2  # the prior and one rival, 5 deals more each
        assert all(after[a] == before[a] + 5 for a in grown)
        assert action in grown
        extended += 1
    assert extended == 4


def test_t975_is_students_t_quantile() -> None:
    for dof, q in {1: 12.706, 3: 3.182, 7: 2.365, 8: 2.306, 15: 2.131, 23: 2.069, 60: 2.000}.items():
        assert t975(dof) == pytest.approx(q, abs=0.003)
    assert t975(0) == math.inf and t975(10_000) == pytest.approx(1.96, abs=0.001)


def test_t_confirms_needs_min_paired_pairs_and_the_t_quantile() -> None:
    ahead, level = [0.6, 0.7] * 4, [0.5] * 8
    assert not t_confirms(ahead[:7], level, 8, 2.0)  # seven pairs: too few, however firm
    assert t_confirms(ahead, level, 8, 2.0)
    assert not t_confirms(ahead[:1], level, 0, 2.0)  # two pairs at least
    # t = 2.29 on 9 pairs: past a fixed 2, short of t(8 d.o.f.) = 2.306; half of it with confidence 1
    move, prior = [1.0] * 6 + [0.0, -1.0, 0.0], [0.0] * 9
    assert paired_t(move, prior)[0] == 9 and 2.0 < paired_t(move, prior)[1] < t975(8)
    assert not t_confirms(move, prior, 8, 2.0) and t_confirms(move, prior, 8, 1.0)
    assert not t_confirms(ahead, level, 8, math.inf)
