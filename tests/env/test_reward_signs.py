"""Rewards are signed so that more is better under every match rule: under a
rule where the lowest total wins, a round's reward is its points negated, and
a match's +1 goes to the seat with the lowest total."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rummykit.core.bots.guard import SafeAgent, Who
from rummykit.core.play.match import MatchRule
from rummykit.core.plugins.manager import get_plugins
from rummykit.env import raw_env, single_agent
from tests.helpers.env_cases import installed_registry

RULES = {
    "gin": None,  # Gin's own: first to the target
    "ginlow": lambda o: MatchRule.lowest_past(o.target),
    "gindeals": lambda o: MatchRule.deals(2, lowest_wins=True),
}
SIGN = {"gin": 1.0, "ginlow": -1.0, "gindeals": -1.0}


@pytest.fixture(scope="module")
def reg():
    """The installed plugins plus Gin under two lowest-wins rules."""
    installed = get_plugins().registry
    reg = installed_registry()
    gin = installed.variants["gin"]
    for name, rule in RULES.items():
        if rule is not None:
            reg.add_variant(replace(gin, name=name, match_rule=rule), gin.plugin)
    return reg


def _play_aec(e, reg, seed):
    """One episode played by ai:hard at every seat; each agent's summed
    reward and the last round's info."""
    spec = reg.agent("gin", "ai:hard")
    bots = [
        SafeAgent(Who(spec.name, spec.plugin, p, seed, "test"), spec.factory, seed * 10 + p, e.table.options)
        for p in range(len(e.possible_agents))
    ]
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    last_round = None
    while not e.table.over:
        agent = e.agent_selection
        e.step(e.codec.encode(bots[e.seat(agent)].act(e.view(agent), e.table.game)))
        for a in e.possible_agents:
            totals[a] += e.rewards[a]
            if "round" in e.infos[a]:
                last_round = e.infos[a]["round"]
    return totals, last_round


@pytest.mark.parametrize("variant", sorted(RULES))
def test_aec_round_rewards_are_the_points_signed_by_the_match_rule(reg, variant):
    e = raw_env(variant, seats=2, registry=reg)
    scored = 0
    for seed in range(6):
        totals, info = _play_aec(e, reg, seed)
        assert info is not None
        expected = [SIGN[variant] * p for p in info["points"]]
        assert [totals[a] for a in e.possible_agents] == expected
        scored += any(info["points"])
    assert scored, "some round scored points"


@pytest.mark.parametrize("variant", sorted(RULES))
def test_single_agent_round_reward_is_the_learners_points_signed_by_the_match_rule(reg, variant):
    e = single_agent(variant, opponents=["random"], seat=0, registry=reg)
    spec = reg.agent("gin", "ai:hard")
    scored = 0
    for seed in range(6):
        learner = SafeAgent(Who(spec.name, spec.plugin, 0, seed, "test"), spec.factory, seed, e.table.options)
        e.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            action = e.table.codec.encode(learner.act(e.view(), e.table.game))
            _, reward, terminated, truncated, info = e.step(action)
            total += float(reward)
            done = terminated or truncated
        points = info["round"]["points"]
        assert total == SIGN[variant] * points[0]
        scored += points[0] != 0
    assert scored, "the learner scored in some round"


@pytest.mark.parametrize("variant", sorted(RULES))
def test_match_rewards_go_to_the_winner_by_the_match_rule(reg, variant):
    e = raw_env(variant, seats=2, options={"target": 10}, episode="match", registry=reg)
    for seed in range(3):
        totals, _ = _play_aec(e, reg, seed)
        match = e.table.game
        assert match.over and not match.stalled
        rewards = [totals[a] for a in e.possible_agents]
        if match.winner is None:
            assert rewards == [0.0, 0.0]
            continue
        best = min(match.totals) if SIGN[variant] < 0 else max(match.totals)
        assert match.totals[match.winner] == best
        assert rewards == [1.0 if s == match.winner else -1.0 for s in range(2)]
