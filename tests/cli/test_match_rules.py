"""The match rule belongs to the variant: first to a target (the default),
the lowest total once a total reaches a limit, a fixed number of deals; and
round scores that may be negative. Each rule through the real ``rummy play``,
``rummy replay`` and ``rummy simulate`` (in the test process), with throwaway
plugins installed into a temporary folder (an entry point in a dist-info, as pip
writes it)."""

from __future__ import annotations

import json
import re
import subprocess
import textwrap
from pathlib import Path

import pytest

from rummykit.core.base.errors import RecordError
from rummykit.core.play.match import MAX_SCORELESS_ROUNDS, Match, MatchRule
from rummykit.core.play.records import load_record, replay
from rummykit.core.plugins.registry import Registry
from tests.core.toy_variant import TOY, ToyOptions, ToyRound

from ..helpers.sites import on_path
from ..inprocess import run_rummy
from ..marks import first_fast

PLUGIN = """
    from dataclasses import replace

    from rummykit import hookimpl
    from rummykit.core.play.match import MatchRule
    from tests.core.toy_variant import TOY

    @hookimpl
    def register_variants(register):
        register(replace(TOY, name="toyfirst", title="Toy first"))
        register(replace(TOY, name="toylow", title="Toy low",
                         match_rule=lambda o: MatchRule.lowest_past(o.target)))
        register(replace(TOY, name="toydeals", title="Toy deals",
                         match_rule=lambda o: MatchRule.deals(3, lowest_wins=True)))
"""

RULES = {
    "toyfirst": (MatchRule.first_to(20), "first to 20"),
    "toylow": (MatchRule.lowest_past(20), "lowest total wins once a total reaches 20"),
    "toydeals": (MatchRule.deals(3, lowest_wins=True), "after 3 deals, lowest total wins"),
}
SAVED = {  # the rule as the save file holds it
    "toyfirst": {"rule": "first_to", "limit": 20, "lowest_wins": False},
    "toylow": {"rule": "lowest_past", "limit": 20, "lowest_wins": True},
    "toydeals": {"rule": "deals", "limit": 3, "lowest_wins": True},
}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    (site / "toy_rules.py").write_text(textwrap.dedent(PLUGIN))
    info = site / "toy_rules-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-rules\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[rummykit]\ntoyrules = toy_rules\n")
    return site


def rummy(site: Path, *args: str, tmp: Path) -> subprocess.CompletedProcess:
    with on_path(site):
        return run_rummy(*args, RUMMYKIT_DISABLE_PLUGINS=None, RUMMYKIT_DATA_DIR=str(tmp), NO_COLOR="1")


def registry_with(*specs) -> Registry:
    reg = Registry()
    for spec in specs:
        reg.add_variant(spec, "test")
    return reg


def all_scores(out: str) -> list[list[int]]:
    lines = [x for x in out.splitlines() if x.startswith("Score: ")]
    return [[int(x) for x in re.findall(r"bot(?: \d)? (-?\d+)", line)] for line in lines]


def last_score(out: str) -> list[int]:
    return all_scores(out)[-1]


# (each rule's words and limits: test_rules_in_words_and_their_limits, in this process)
@pytest.mark.parametrize("variant", first_fast(RULES))
def test_each_rule_through_play_replay_and_simulate(site, tmp_path, variant):
    rule, words = RULES[variant]
    save = tmp_path / "g.json"
    args = ("--seat", "random", "--seat", "random", "--seed", "3", "--save", str(save))
    r = rummy(site, "play", variant, *args, tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    head = r.stdout.splitlines()[0]
    assert head.endswith(f"; {words}; seed 3"), head
    assert "=== match over:" in r.stdout
    assert f"({words})" in r.stdout.splitlines()[-2]  # the final scoreboard names the rule

    # The record keeps the rule and replays to the same totals and winner.
    assert json.loads(save.read_text())["match"] == SAVED[variant]
    record = load_record(save)
    m = replay(record, registry_with(_spec(variant)))
    assert m.over and m.totals == last_score(r.stdout)
    # Exactly: the totals after every round, as the game printed them (the
    # last round's once, by the match's end).
    running = [
        [sum(x.points[s] for x in m.results[: i + 1]) for s in range(2)] for i in range(len(m.results))
    ]
    assert running[-1] == m.totals and all_scores(r.stdout) == running
    totals = m.totals
    if variant == "toyfirst":
        assert max(totals) >= 20 and m.winner == totals.index(max(totals))
    elif variant == "toylow":
        assert max(totals) >= 20 and m.winner == totals.index(min(totals))
    else:
        assert m.rounds_played == 3
        assert m.winner == (totals.index(min(totals)) if totals.count(min(totals)) == 1 else None)

    shown = rummy(site, "replay", str(save), tmp=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert f"({words})" in shown.stdout and "Match over:" in shown.stdout
    goal = rule.short()
    assert f"Total ({goal})" in shown.stdout and f"·  {goal}" in shown.stdout

    sim = rummy(site, "simulate", variant, "--matches", "4", "--seed", "1", "--json", tmp=tmp_path)
    assert sim.returncode == 0, sim.stderr
    data = json.loads(sim.stdout)
    assert data["match_rule"] == words and data["stalled"] == 0
    assert sum(e["matches_won"] for e in data["entrants"]) + data["draws"] == 4
    if variant == "toydeals":
        assert data["rounds"] == 4 * 3
    text = rummy(site, "simulate", variant, "--matches", "4", "--seed", "1", tmp=tmp_path)
    assert text.returncode == 0 and f"4 matches ({data['rounds']} rounds), {words}, seed 1" in text.stdout


def _spec(name):
    from dataclasses import replace

    rule = RULES[name][0]
    hook = None if name == "toyfirst" else (lambda o: rule)
    return replace(TOY, name=name, match_rule=hook)


def test_a_record_played_under_another_rule_is_refused_in_one_line(site, tmp_path):
    save = tmp_path / "g.json"
    args = ("--seat", "random", "--seat", "random", "--seed", "2", "--save", str(save))
    assert rummy(site, "play", "toydeals", *args, tmp=tmp_path).returncode == 0
    data = json.loads(save.read_text())
    data["match"] = {"rule": "first_to", "limit": 20}
    save.write_text(json.dumps(data))
    r = rummy(site, "replay", str(save), tmp=tmp_path)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert "played under the rule 'first to 20'" in r.stderr
    assert "'after 3 deals, lowest total wins'" in r.stderr


def test_an_old_save_without_a_rule_still_loads_and_replays(site, tmp_path):
    save = tmp_path / "g.json"
    args = ("--seat", "random", "--seat", "random", "--seed", "5", "--save", str(save))
    played = rummy(site, "play", "toylow", *args, tmp=tmp_path)
    assert played.returncode == 0
    data = json.loads(save.read_text())
    del data["match"]
    save.write_text(json.dumps(data))
    r = rummy(site, "replay", str(save), tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "(lowest total wins once a total reaches 20)" in r.stdout
    assert replay(load_record(save), registry_with(_spec("toylow"))).totals == last_score(played.stdout)


# -- the rules themselves, on the library -------------------------------------------------


def test_rules_in_words_and_their_limits():
    assert MatchRule.first_to(500).describe() == "first to 500"
    assert MatchRule.first_to(500).short() == "to 500"
    assert MatchRule.deals(5).describe() == "after 5 deals, highest total wins"
    assert MatchRule.deals(1).short() == "1 deal"
    assert MatchRule.lowest_past(100).short() == "lowest at 100"
    assert MatchRule.default(ToyOptions()) == MatchRule.first_to(20)
    from rummykit.core.base.errors import RummyError

    for bad in (lambda: MatchRule.first_to(0), lambda: MatchRule.deals(10**6), lambda: MatchRule("x", 3)):
        with pytest.raises(RummyError):
            bad()


def test_equal_highest_totals_at_the_target_play_another_deal():
    rule = MatchRule.first_to(100)
    assert not rule.over([120, 120, 30], 4)
    assert rule.over([120, 110, 30], 4) and rule.leader([120, 110, 30]) == 0
    low = MatchRule.lowest_past(100)
    assert not low.over([100, 40, 40], 9) and low.over([100, 40, 50], 9)
    assert low.leader([100, 40, 50]) == 1
    deals = MatchRule.deals(2)
    assert deals.over([5, 5], 2) and deals.leader([5, 5]) is None


class SinkingRound(ToyRound):
    """Every round costs every seat a point: totals only ever go down."""

    def _finish(self):
        super()._finish()
        from dataclasses import replace

        self.result = replace(self.result, points=(-1,) * self.n_seats, winner=None)


def test_the_safeguard_ends_a_match_whose_totals_only_sink():
    from dataclasses import replace

    spec = replace(TOY, name="sinking", new_round=SinkingRound, negative_scores=True)
    m = Match(spec, ToyOptions(stock_cards=2), 2, seed=1)
    while not m.over:
        m.apply(m.legal_actions()[0])
    assert m.rounds_played == MAX_SCORELESS_ROUNDS
    assert m.totals == [-MAX_SCORELESS_ROUNDS] * 2
    assert m.stalled and m.winner is None
    assert m.ending() == f"stopped: no total rose for {MAX_SCORELESS_ROUNDS} rounds"
    assert m.target is None  # negative scores: no match-equity target for a search


def test_a_match_rule_that_fails_is_one_clear_error():
    from dataclasses import replace

    from rummykit.core.base.errors import RummyError

    spec = replace(TOY, name="broken", match_rule=lambda o: 1 / 0)
    with pytest.raises(RummyError, match="its match rule failed: ZeroDivisionError"):
        Match(spec, ToyOptions(), 2, seed=1)
    spec = replace(TOY, name="broken", match_rule=lambda o: "first to 3")
    with pytest.raises(RummyError, match="not a MatchRule"):
        Match(spec, ToyOptions(), 2, seed=1)


def test_the_kit_accepts_negative_round_scores_only_from_a_variant_that_declares_them():
    from dataclasses import replace

    from rummykit.testing import ConformanceError, play_match

    spec = replace(TOY, name="sinking", new_round=SinkingRound)
    with pytest.raises(ConformanceError, match="round score -1 is not a whole non-negative number"):
        play_match(spec, ToyOptions(stock_cards=2), 2, 0, max_rounds=3)
    match = play_match(replace(spec, negative_scores=True), ToyOptions(stock_cards=2), 2, 0, max_rounds=3)
    assert match.totals == [-3, -3]


def test_replay_refuses_a_save_whose_state_its_moves_do_not_reach(tmp_path):
    """As ``rummy resume`` does for an unfinished game: the match state a save
    keeps must be the one its moves lead to, in the terminal's replay and the
    browser's."""
    path = tmp_path / "g.json"
    r = run_rummy(
        "play",
        "gin",
        "--seat",
        "ai:easy",
        "--seat",
        "ai:easy",
        "--seed",
        "3",
        "--save",
        str(path),
        RUMMYKIT_DATA_DIR=str(tmp_path / "data"),
    )
    assert r.returncode == 0, r.stderr
    assert run_rummy("replay", str(path)).returncode == 0
    saved = json.loads(path.read_text())
    assert saved["state"] is not None
    forged = {**saved, "state": {**saved["state"], "forged": 1}}
    path.write_text(json.dumps(forged))
    before = path.read_bytes()
    for args in (("replay", str(path)), ("replay", "--reveal", str(path))):
        r = run_rummy(*args, RUMMYKIT_DATA_DIR=str(tmp_path / "data"))
        assert r.returncode == 2, (args, r.stdout)
        assert r.stderr.count("\n") == 1 and "is not the state its moves lead to" in r.stderr, (
            args,
            r.stderr,
        )
    from rummykit.core.plugins.manager import get_plugins
    from rummykit.web.replay import Replay

    with pytest.raises(RecordError, match=f"{path}: save file does not replay: its match state"):
        Replay(get_plugins().registry, path)
    assert path.read_bytes() == before
