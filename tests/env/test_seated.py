"""The environments under match rules of any kind (tests/helpers/seated.py):
a seat the rule sits out gets no turn and sees no hand, a round episode is
dealt with the rule's context, teams share their rewards, elimination and a
dealer by lot run as whole-match episodes; and the observation carries the
match (seats in play, teams, team totals) only under such rules."""

from __future__ import annotations

import random
import warnings
from dataclasses import replace

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from rummykit import Match, MatchContext, MatchRule
from rummykit.env import env, raw_env, single_agent
from rummykit.env.encode import MATCH_FIELDS
from tests.helpers import seated
from tests.helpers.env_cases import installed_registry

SEATS = {"seated-3": 3, "knockout": 4, "pairs": 4}


@pytest.fixture(scope="module")
def reg():
    """The installed plugins (core's random player among them) and the toy
    variants of tests/helpers/seated.py."""
    reg = installed_registry()
    seated.register_variants(lambda spec: reg.add_variant(spec, "seated"))
    return reg


def play(e, seed, check=None):
    """One episode of random legal moves; each agent's summed reward."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    while not e.table.over:
        if check is not None:
            check(e)
        obs = e.observe(e.agent_selection)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        for a in e.possible_agents:
            totals[a] += e.rewards[a]
    return [totals[a] for a in e.possible_agents]


def hand_field(e, obs):
    at, size = e.encoder.layout["hand"]
    return obs["observation"][at : at + size]


def check_seating(e):
    """The seat to act is in play; every seat out of the round has an empty
    mask and no hand; every observation shows its own hand only."""
    ctx = e.table.context
    assert e.seat(e.agent_selection) in ctx.seats
    for agent in e.possible_agents:
        seat = e.seat(agent)
        obs = e.observe(agent)
        assert e.observation_space(agent).contains(obs)
        view = e.view(agent)
        assert view.match == ctx
        assert set(np.flatnonzero(hand_field(e, obs))) == set(view.hand)
        if seat not in ctx.seats:
            assert view.hand == () and not obs["action_mask"].any()
            assert e.table.round.zones()[f"hand{seat}"] == []


@pytest.mark.parametrize("variant", sorted(SEATS))
@pytest.mark.parametrize("episode", ["round", "match"])
def test_a_seat_not_in_play_gets_no_turn_and_sees_no_hand(reg, variant, episode):
    e = raw_env(variant, seats=SEATS[variant], options={"target": 40}, episode=episode, registry=reg)
    sat_out = 0
    for seed in range(4):
        play(e, seed, check_seating)
        sat_out += len(e.table.context.seats) < SEATS[variant]
    if variant == "seated-3":
        assert sat_out == 4  # the dealer sits out of every round


@pytest.mark.parametrize("variant", sorted(SEATS))
def test_pettingzoo_api_and_seed_tests_pass_under_every_rule(reg, variant):
    n = SEATS[variant]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(variant, seats=n, episode="match", registry=reg), num_cycles=200)
        api_test(env(variant, seats=n, registry=reg), num_cycles=200)
        seed_test(lambda: env(variant, seats=n, episode="match", registry=reg), num_cycles=200)


def test_a_round_episode_is_the_first_round_of_the_match_of_its_seed(reg):
    spec = reg.variant("seated-3")
    e = raw_env("seated-3", seats=3, registry=reg)
    dealers = set()
    for seed in range(12):
        e.reset(seed=seed)
        match = Match(spec, e.table.options, 3, seed)
        ctx = e.table.context
        assert ctx == match.context and e.table.round.match == ctx
        assert e.table.round.zones() == match.round.zones()
        # the dealer drawn by lot sits out: the deal needed the rule's context
        assert ctx.dealer not in ctx.seats and e.table.round.zones()[f"hand{ctx.dealer}"] == []
        dealers.add(ctx.dealer)
    assert dealers == {0, 1, 2}


def test_teams_share_their_round_rewards(reg):
    e = raw_env("pairs", seats=4, registry=reg)
    scored = 0
    for seed in range(6):
        rewards = play(e, seed)
        points = e.table.round.result.points
        team = [points[0] + points[2], points[1] + points[3]]
        assert rewards == [team[0], team[1], team[0], team[1]]
        scored += any(points)
    assert scored


def test_teams_share_their_match_rewards(reg):
    e = raw_env("pairs", seats=4, options={"target": 40}, episode="match", registry=reg)
    for seed in range(3):
        rewards = play(e, seed)
        match = e.table.game
        assert match.over and not match.stalled and len(match.winners) == 2
        assert rewards == [1.0 if s in match.winners else -1.0 for s in range(4)]
        assert set(match.winners) in ({0, 2}, {1, 3})


def test_elimination_runs_to_the_last_seat_and_seats_out_never_act(reg):
    e = raw_env("knockout", seats=4, options={"target": 30}, episode="match", registry=reg)
    for seed in range(3):
        out_seen: set[int] = set()

        def check(e, out_seen=out_seen):
            ctx = e.table.context
            out_seen.update(ctx.out)
            assert e.seat(e.agent_selection) not in ctx.out
            for s in ctx.out:
                assert not e.observe(f"player_{s}")["action_mask"].any()

        rewards = play(e, seed, check)
        match = e.table.game
        assert match.over and len(match.winners) == 1 and out_seen
        assert rewards == [1.0 if s == match.winner else -1.0 for s in range(4)]


def test_elimination_round_rewards_are_negated_points(reg):
    """Knockout's rule has the lowest total win: a round's points are bad."""
    e = raw_env("knockout", seats=3, registry=reg)
    for seed in range(3):
        rewards = play(e, seed)
        assert rewards == [-p for p in e.table.round.result.points]


def test_the_single_agent_learner_gets_its_teams_reward(reg):
    g = single_agent("pairs", opponents=["random"], seat=1, seats=4, registry=reg)
    rng = random.Random(0)
    for seed in range(4):
        obs, _ = g.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            obs, reward, terminated, truncated, info = g.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"])))
            )
            total += float(reward)
            done = terminated or truncated
        points = info["round"]["points"]
        assert total == points[1] + points[3]


def test_a_learner_that_sits_out_the_deal_waits_for_a_deal_it_plays(reg):
    g = single_agent("seated-3", opponents=["random"], seat=0, seats=3, registry=reg)
    skipped = 0
    for seed in range(8):
        obs, info = g.reset(seed=seed)
        assert 0 in g.table.context.seats and obs["action_mask"].any()
        skipped += info.get("skipped", 0)
    assert skipped  # seat 0 dealt (and sat out) some of these deals


def test_the_match_fields_come_only_with_rules_where_seats_matter(reg):
    gin = raw_env("gin", registry=reg)
    assert not any(f in gin.encoder.layout for f in MATCH_FIELDS)
    assert gin.encoder.size == 533
    e = raw_env("pairs", seats=4, options={"target": 1000}, episode="match", registry=reg)
    plain = replace(seated.PAIRS, name="pairs-plain", match_rule=lambda o: MatchRule.first_to(o.target))
    assert raw_env(plain, seats=4).encoder.size + 5 * 4 == e.encoder.size
    rng = random.Random(1)
    e.reset(seed=1)
    while e.table.game.rounds_played == 0:
        obs = e.observe(e.agent_selection)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    totals = e.table.game.totals
    assert any(totals) and not e.table.over
    scale = e.encoder.score_scale
    for seat in range(4):
        obs = e.observe(f"player_{seat}")["observation"]
        field = {f: obs[slice(*span(e, f))] for f in MATCH_FIELDS}
        others = [(seat + r) % 4 for r in range(4)]
        assert list(field["in_play"]) == [1.0] * 4 and not field["out"].any() and not field["dealer"].any()
        assert list(field["team"]) == [1.0, 0.0, 1.0, 0.0]  # itself and its partner, two seats on
        team_total = [totals[s] + totals[(s + 2) % 4] for s in others]
        assert np.allclose(field["team_scores"], np.array(team_total, np.float32) * scale)


def span(e, name):
    at, size = e.encoder.layout[name]
    return at, at + size


def test_the_match_fields_say_who_deals_and_sits_out(reg):
    e = raw_env("seated-3", seats=3, registry=reg)
    e.reset(seed=3)
    ctx = e.table.context
    for seat in range(3):
        obs = e.observe(f"player_{seat}")["observation"]
        rel = [(seat + r) % 3 for r in range(3)]
        assert list(obs[slice(*span(e, "in_play"))]) == [float(s in ctx.seats) for s in rel]
        assert list(obs[slice(*span(e, "dealer"))]) == [float(s == ctx.dealer) for s in rel]
        assert not obs[slice(*span(e, "team"))].any()


@pytest.mark.parametrize("variant", sorted(SEATS))
def test_resampling_what_a_seat_has_not_seen_never_changes_its_observation(reg, variant):
    """A seat sitting out included: re-dealing every card it has not seen
    (every card in play) leaves its observation as it was."""
    e = raw_env(variant, seats=SEATS[variant], registry=reg)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        e.reset(seed=seed)
        for _ in range(rng.randrange(0, 8)):
            if e.table.over:
                break
            e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
        rnd, ctx = e.table.round, e.table.context
        if rnd.result is not None:
            continue
        for seat in range(SEATS[variant]):
            obs = e.observe(f"player_{seat}")
            for k in range(3):
                other = rnd.resample(seat, random.Random(k))
                assert other.match == ctx
                view = other.view(seat)
                again = e.encoder.encode(view.with_scores(view.scores or ctx.totals, None, other.match))
                assert np.array_equal(again["observation"], obs["observation"])
                assert np.array_equal(again["action_mask"], obs["action_mask"])
            checked += seat not in ctx.seats
    if variant == "seated-3":
        assert checked >= 3  # the seat sitting out was checked


def test_the_single_agent_learner_wins_or_loses_the_match_with_its_team(reg):
    g = single_agent(
        "pairs", opponents=["random"], seat=2, seats=4, options={"target": 40}, episode="match", registry=reg
    )
    rng = random.Random(3)
    outcomes = set()
    for seed in range(6):
        obs, _ = g.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            obs, reward, terminated, truncated, _ = g.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"])))
            )
            total += float(reward)
            done = terminated or truncated
        match = g.table.game
        assert match.over and set(match.winners) in ({0, 2}, {1, 3})
        assert total == (1.0 if 2 in match.winners else -1.0)
        outcomes.add(total)
    assert outcomes == {1.0, -1.0}


def test_render_says_who_plays_deals_and_partners(reg):
    e = raw_env("seated-3", seats=3, render_mode="ansi", registry=reg)
    e.reset(seed=3)
    ctx = e.table.context
    text = e.render()
    assert f"in play: {ctx.seats[0]} {ctx.seats[1]}; dealer {ctx.dealer}" in text
    pairs = raw_env("pairs", seats=4, render_mode="ansi", registry=reg)
    pairs.reset(seed=1)
    assert "in play: 0 1 2 3; teams: 0+2 v 1+3" in pairs.render()
    gin = raw_env("gin", render_mode="ansi", registry=reg)
    gin.reset(seed=1)
    assert "in play" not in gin.render()


def test_a_gin_round_episode_is_still_the_first_round_of_its_match(reg):
    """Under a built-in rule the first context is made once, and it is the
    one a match deals its first round with: every seat, no dealer named."""
    e = raw_env("gin", registry=reg)
    for seed in (0, 7):
        e.reset(seed=seed)
        match = Match(reg.variant("gin"), e.table.options, 2, seed)
        assert e.table.context == match.context == MatchContext.every_seat(2)
        assert e.table.round.zones() == match.round.zones()


def test_a_learner_knocked_out_watches_the_rest_of_the_match_in_one_step(reg):
    g = single_agent(
        "knockout",
        opponents=["random"],
        seat=0,
        seats=4,
        options={"target": 30},
        episode="match",
        registry=reg,
    )
    rng = random.Random(5)
    knocked_out = 0
    for seed in range(6):
        obs, _ = g.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            obs, reward, terminated, truncated, _ = g.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"])))
            )
            total += float(reward)
            done = terminated or truncated
            if not done:  # the learner is to act: it is still in the match
                assert 0 in g.table.context.seats and obs["action_mask"].any()
        match = g.table.game
        assert match.over and total == (1.0 if match.winners == (0,) else -1.0)
        knocked_out += 0 in match.rule.out
    assert knocked_out
