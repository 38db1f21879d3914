"""Contract Rummy in play: views, copies and re-deals (clone, information,
resample) with buying, the bots, and ``rummy analyze contract``."""

from __future__ import annotations

import json
import random

import pytest

from rummykit.core.bots.agents import RandomAgent
from rummykit.core.engine.round import View
from rummykit.variants.contract.bots import EASY, HARD, NORMAL
from rummykit.variants.contract.options import ContractOptions
from rummykit.variants.contract.round import BUY, PASS, ContractRound


def _fields(v: View) -> dict:
    return {k: getattr(v, k) for k in View.__dataclass_fields__ if k not in ("match", "options", "scores")}


def _states(n: int, seed: int, index: int = 0, limit: int = 400):
    """States of one deal played by random players, buying phases included."""
    rnd = ContractRound.deal_round(ContractOptions(), n, index, random.Random(seed))
    agent = RandomAgent(seed)
    for _ in range(limit):
        if rnd.to_act() is None:
            return
        yield rnd
        v = rnd.view(rnd.to_act())
        rnd.apply(agent.act(v, v.legal))


@pytest.mark.parametrize(("n", "index"), [(3, 0), (4, 4), (6, 6), (8, 2)])
def test_resample_keeps_the_seats_view_and_moves_what_it_has_not_seen(n: int, index: int) -> None:
    rng = random.Random(7)
    buying = 0
    for i, rnd in enumerate(_states(n, 11 + n, index)):
        if i % 7:
            continue
        buying += rnd.phase == "buy"
        seat = rnd.to_act()
        assert seat is not None
        real = rnd.view(seat)
        zones = {k: list(v) for k, v in rnd.zones().items()}
        others = []
        for _ in range(8):
            new = rnd.resample(seat, rng)
            assert _fields(new.view(seat)) == _fields(real)
            cards = sorted(x for z in new.zones().values() for x in z)
            assert cards == list(range(rnd.deck.size))
            others.append(tuple(new.hands[(seat + 1) % n] for _ in range(1)))
            # playing on the sample leaves the round alone
            v = new.view(seat)
            new.apply(v.legal[0])
            assert {k: list(v) for k, v in rnd.zones().items()} == zones
        if rnd.stock:
            nxt = (seat + 1) % n
            assert len(set(others)) > 1 or (rnd.hands[nxt] & ~rnd.known[nxt]) == 0
    assert buying


def test_information_holds_no_hidden_card() -> None:
    for rnd in _states(4, 5):
        seat = rnd.to_act()
        assert seat is not None
        info = rnd.information(seat)
        hidden = set()
        for s in range(4):
            if s != seat:
                hidden |= {x for x in range(rnd.deck.size) if (rnd.hands[s] & ~rnd.known[s]) >> x & 1}
        hidden |= set(rnd.stock)
        assert not hidden & {x for x in range(rnd.deck.size) if info.hand >> x & 1}
        text = repr(info.state)
        assert "stock" not in info.state and "hands" not in info.state and "dealt" not in info.state
        assert "dealt" not in text


def test_clone_is_independent() -> None:
    for i, rnd in enumerate(_states(5, 9)):
        if i % 11:
            continue
        twin = rnd.clone()
        zones = {k: list(v) for k, v in rnd.zones().items()}
        v = twin.view(twin.to_act())
        twin.apply(v.legal[-1])
        assert {k: list(v) for k, v in rnd.zones().items()} == zones


@pytest.mark.parametrize("spec", [EASY, NORMAL, HARD], ids=lambda s: s.name)
def test_bots_play_every_deal_and_answer_buying(spec) -> None:
    answered = set()
    for index in range(7):
        rnd = ContractRound.deal_round(ContractOptions(), 4, index, random.Random(index))
        agents = [spec.factory(s, s, ContractOptions()) for s in range(4)]
        for _ in range(3000):
            seat = rnd.to_act()
            if seat is None:
                break
            v = rnd.view(seat)
            a = agents[seat].act(v, v.legal)
            if a.kind in (BUY, PASS):
                answered.add(a.kind)
            rnd.apply(a)
        assert rnd.result is not None
    assert PASS in answered


def test_analyze_json_gives_melds_deadwood_points_and_meets_contract(rummy_run) -> None:
    r = rummy_run(
        "analyze",
        "contract",
        "7h",
        "7h",
        "7c",
        "ks",
        "kd",
        "jk",
        "2c",
        "4d",
        "9s",
        "tc",
        "--deal",
        "1",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["meets_contract"] is True
    assert data["deadwood_points"] == 25  # 2C 4D 9S 5 each, TC 10
    assert sorted(map(sorted, data["melds"])) == [["7C", "7H", "7H"], ["JK", "KD", "KS"]]
    r = rummy_run(
        "analyze",
        "contract",
        "7h",
        "7c",
        "ks",
        "kd",
        "2c",
        "4d",
        "9s",
        "tc",
        "ac",
        "jk",
        "--deal",
        "3",
        "--json",
    )
    data = json.loads(r.stdout)
    assert data["meets_contract"] is False and data["melds"] == []
    assert data["deadwood_points"] == 5 + 5 + 10 + 10 + 5 + 5 + 5 + 10 + 15 + 15


def test_analyze_last_deal_and_the_text(rummy_run) -> None:
    r = rummy_run(
        "analyze", "contract", *"AC 2C 3C 4C 9H TH JH QH JD QD KD AD".split(), "--deal", "7", "--ascii"
    )
    assert r.returncode == 0, r.stderr
    melds = r.stdout.splitlines()[1].removeprefix("meets the contract: ").split(" | ")
    assert sorted(melds) == ["9H 10H JH QH", "AC 2C 3C 4C", "JD QD KD AD"]
    assert "left: none = 0 points" in r.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("7h", "7c", "7d"), "say which deal with --deal N"),
        (("7h", "7c", "--deal", "8"), "--deal must be 1 to 7"),
        (("7h", "7h", "7h", "--deal", "1"), "the deck holds only 2 of 7h"),
        (("7x", "--deal", "1"), "bad card"),
        (("7h", "--deal", "1", "--deal", "2"), "'--deal': given 2 times: give it once"),
    ],
)
def test_analyze_bad_input_is_one_line(rummy_run, args, message) -> None:
    r = rummy_run("analyze", "contract", *args)
    assert r.returncode == 2
    assert message in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(("n", "index"), [(3, 1), (7, 5)])
def test_conformance_checks_of_refusals_and_clones(n: int, index: int) -> None:
    from rummykit import testing

    for i, rnd in enumerate(_states(n, 3, index)):
        testing.check_illegal_action_changes_nothing(rnd)
        if i % 9 == 0:
            testing.check_clone(rnd, random.Random(i))


def test_analyze_deal_for_a_variant_without_deals_is_one_line(rummy_run) -> None:
    r = rummy_run("analyze", "gin", *"AS 2S 3S 7C 7D 7H 9D TD KC 4H".split(), "--deal", "2")
    assert r.returncode == 2
    assert r.stderr.strip() == "rummy: variant gin: its deals do not differ; leave out --deal"


def test_through_a_pipe_buying_is_asked_in_words_and_the_table_says_nothing_is_hidden(rummy_run) -> None:
    """Plain text hides nothing between people (said once at the start); the
    question between turns is a line of its own, with the two answers."""
    args = ("play", "contract", "--seat", "human:Ann", "--seat", "human:Bob", "--seat", "human:Cy")
    r = rummy_run(*args, "--seed", "5", stdin="s\nbuy\n")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[1] == "(plain text: each person's hand is printed in turn, hidden from nobody)"
    asked = [line for line in lines if line.startswith("Bob: buy ")]
    assert asked == ["Bob: buy 3♦ (and a penalty card from the stock)? (buy or pass)"]
    assert "Bob> Bob buys the discard" in lines
    alone = rummy_run(
        "play", "contract", "--seat", "human:Ann", "--seat", "ai:easy", "--seat", "ai:easy", stdin=""
    )
    assert "hidden from nobody" not in alone.stdout
