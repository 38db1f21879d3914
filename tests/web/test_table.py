"""The table behind the pages, in the test process: who a token makes a page,
what each page is sent, and messages refused with their reason."""

from __future__ import annotations

import json
import random
import re

import pytest

from rummykit import hookimpl
from rummykit.core.play.session import Session, parse_seats
from rummykit.core.plugins.manager import Plugins, get_plugins
from rummykit.web.table import Refused, Table, Who

from ..helpers import seated


def table(variant="cardverse", seats=("human:Ann", "human:Bob"), lan=False, seed=5):
    reg = get_plugins().registry
    session = Session.new(reg, variant, {}, parse_seats(list(seats)), seed, None)
    return Table(session, lan=lan)


def test_tokens_name_the_host_or_one_seat():
    t = table(lan=True)
    assert t.who(t.token) == Who()
    assert t.who(t.seat_tokens[1], "1") == Who(1)
    assert t.who(None) is None and t.who("") is None and t.who("x" * 43) is None
    assert t.who(t.seat_tokens[0], "1") is None  # another seat's token
    assert t.who(t.token, "0") is None  # the host's token is no seat's
    assert t.who(t.seat_tokens[0], "99") is None and t.who(t.seat_tokens[0], "0x") is None
    assert len({t.token, *t.seat_tokens.values()}) == 3 and len(t.token) >= 40


def test_one_screen_curtain_then_the_persons_view_only():
    t = table()
    host = Who()
    state = t.state(host)
    assert state["curtain"] == {"seat": 0, "name": "Ann"} and state["hand"] is None and state["legal"] == []
    with pytest.raises(Refused, match="pass the screen to Ann first"):
        t.handle(host, {"type": "move", "move": "draw stock"})
    t.handle(host, {"type": "reveal"})
    state = t.state(host)
    assert state["curtain"] is None and state["you"] == 0
    assert sorted(state["hand"]["cards"]) == sorted(_codes(t.session.view(0).hand))
    t.handle(host, {"type": "move", "move": "draw stock"})
    discard = next(m for m in t.state(host)["legal"] if m["kind"] == "discard")
    t.handle(host, {"type": "move", "move": discard["move"]})
    state = t.state(host)  # Bob's turn: the curtain, and no hand at all
    assert state["curtain"]["name"] == "Bob" and state["hand"] is None and state["you"] is None
    bob = set(_codes(t.session.view(1).hand))
    assert not bob & set(json.dumps(state).replace('"', " ").split())


def test_lan_pages_see_their_own_seat_and_the_host_sees_no_hand():
    t = table(lan=True)
    assert t.state(Who())["hand"] is None and t.state(Who())["curtain"] is None
    ann, bob = t.state(Who(0)), t.state(Who(1))
    assert ann["you"] == 0 and ann["legal"] and bob["legal"] == []
    assert set(bob["hand"]["cards"]) == set(_codes(t.session.view(1).hand))
    assert not set(ann["hand"]["cards"]) & set(json.dumps(bob).replace('"', " ").split())
    with pytest.raises(Refused, match="Ann's turn"):
        t.handle(Who(1), {"type": "move", "move": "draw stock"})


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ({"type": "move", "move": "discard ZZ"}, "illegal: bad card"),
        ({"type": "move", "move": "meld AS 2S 3S"}, "illegal"),
        ({"type": "move", "move": 7}, "a move is its notation"),
        ({"type": "move", "move": "d " * 200}, "at most 200"),
        ({"type": "fly"}, "unknown message type 'fly'"),
        ({"type": "reveal"}, "no curtain to lift"),
        ({"type": "undo"}, "cannot undo: nothing of yours"),
    ],
)
def test_bad_messages_are_refused_with_a_reason_and_change_nothing(message, reason):
    t = table(seats=("human:Ann", "ai:easy"))
    before = (t.version, list(t.session.record.actions), t.state(Who()))
    with pytest.raises(Refused, match=reason):
        t.handle(Who(), message)
    assert (t.version, list(t.session.record.actions), t.state(Who())) == before


def test_a_bot_moves_through_the_table_and_undo_hint_rules_answer():
    t = table(variant="gin", seats=("human:Ann", "ai:easy"))
    host = Who()
    t.handle(host, {"type": "move", "move": "take discard"})
    assert t.state(host)["undo"] is True
    t.handle(host, {"type": "undo"})
    assert t.session.record.actions == []
    assert t.handle(host, {"type": "hint"})["text"]
    assert any("Options" in line or "option" in line for line in t.handle(host, {"type": "rules"})["lines"])
    t.handle(host, {"type": "move", "move": "draw stock"})
    discard = next(m for m in t.state(host)["legal"] if m["kind"] == "discard")
    t.handle(host, {"type": "move", "move": discard["move"]})
    assert t.bot_to_move()
    while t.bot_to_move():
        t.bot_move()
    assert t.state(host)["to_act"] == 0 and len(t.session.record.actions) >= 4


def _codes(cards):
    from rummykit.core.cards.card import code

    return [code(c) for c in cards]


class SeatedPlugin:
    """The toy variants of the open match contract (tests/helpers/seated.py)."""

    @hookimpl
    def register_variants(self, register):
        seated.register_variants(register)


def seated_table(variant, n):
    reg = Plugins(extra=[("seated-web", SeatedPlugin())], entry_points=False).registry
    seats = [f"human:P{i}" for i in range(n)]
    return Table(Session.new(reg, variant, {}, parse_seats(seats), 3, None), lan=True)


def test_a_seat_sitting_the_round_out_is_told_so_and_team_totals_reach_the_sheet():
    t = seated_table("seated-3", 3)
    state = t.state(Who())
    assert len(state["in_play"]) == 2
    out = next(s for s in range(3) if s not in state["in_play"])
    mine = t.state(Who(out))
    assert mine["in_play"] == state["in_play"] and mine["hand"]["cards"] == [] and mine["legal"] == []
    pairs = seated_table("pairs", 4).state(Who(0))
    columns = {c["title"]: c for c in pairs["sheet"]["columns"]}
    assert columns["Team"]["teams"] and columns["Team"]["values"] == [0, 0]
    assert pairs["sheet"]["teams"] == [[0, 2], [1, 3]]


@pytest.mark.parametrize(
    ("variant", "seats"),
    [("indian", ("human:Ann", "ai:easy")), ("contract", ("human:Ann", "ai:easy", "ai:easy"))],
)
def test_several_decks_and_jokers_play_with_each_copy_its_own_card(variant, seats):
    """Indian and Contract Rummy at the table: a copy is its own card on the page
    (7H and 7H', JK and JK'), the moves name the page's cards, and a round plays
    to its end by the page's own move notation."""
    t = table(variant=variant, seats=seats, seed=3)
    host, rng = Who(), random.Random(3)
    for _ in range(600):
        if t.bot_to_move():
            t.bot_move()
            continue
        state = t.state(host)
        if t.session.match.results:  # the first round is over: its end as the page shows it
            assert state["result"] is not None and len(state["result"]["hands"]) == len(seats)
            break
        hand = state["hand"]["cards"]
        assert len(hand) == len(set(hand)) == len(t.session.view(0).hand)  # two copies: two cards
        assert all(re.fullmatch(r"([2-9TJQKA][CDHS]|JK)'*", c) for c in hand)
        for m in state["legal"]:
            assert set(m["cards"]) <= set(hand) or m["kind"] in ("take discard", "draw stock", "buy", "pass")
        for meld in state["hand"]["melds"]:
            assert set(meld) <= set(hand)
        move = rng.choice(state["legal"])
        if move["kind"] == "discard" and move["cards"][0] != "JK":  # typed as a person types it
            move = {"move": "discard " + move["cards"][0].rstrip("'")}
        t.handle(host, {"type": "move", "move": move["move"]})
    else:
        raise AssertionError("the round did not end")
    assert t.session.record.actions


def test_a_finished_indian_game_replays_with_its_copies_and_jokers(rummy_run, tmp_path):
    from rummykit.web.replay import Replay

    save = tmp_path / "indian.json"
    r = rummy_run(
        "play", "indian", "--seat", "ai:hard", "--seat", "ai:easy", "--seed", "4", "--save", str(save)
    )
    assert r.returncode == 0, r.stderr
    replay = Replay(get_plugins().registry, save)
    assert replay.over and len(replay.frames) > 2
    for frame in replay.frames:
        for hand in frame["hands"]:
            assert len(hand) == len(set(hand))
            assert all(re.fullmatch(r"([2-9TJQKA][CDHS]|JK)'*", c) for c in hand)


def test_a_replay_refuses_a_frame_that_is_not_one_with_its_reason(rummy_run, tmp_path):
    from rummykit.core.base.values import shown_value
    from rummykit.web.replay import Replay

    save = tmp_path / "gin.json"
    args = ("play", "gin", "--seat", "ai:easy", "--seat", "ai:easy", "--seed", "4", "-o", "target=10")
    assert rummy_run(*args, "--save", str(save)).returncode == 0
    replay = Replay(get_plugins().registry, save)
    last = len(replay.frames) - 1
    for index, said in (
        ("3", f"a frame is a whole number from 0 to {last}, not '3'"),
        (1.0, f"a frame is a whole number from 0 to {last}, not 1.0"),
        (True, f"a frame is a whole number from 0 to {last}, not True"),
        (last + 1, f"no frame {last + 1}: give 0 to {last}"),
        (10**300, f"no frame {shown_value(10**300)}: give 0 to {last}"),
    ):
        with pytest.raises(Refused) as e:
            replay.handle(Who(), {"type": "frame", "index": index})
        assert str(e.value).startswith(said)
    assert replay.handle(Who(), {"type": "frame", "index": last})["frame"] == replay.frames[last]
