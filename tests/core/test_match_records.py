import pytest

from rummykit.core.base.errors import OptionError, RecordError, RummyError
from rummykit.core.bots.agents import RandomAgent
from rummykit.core.engine.options import build_options, parse_pairs
from rummykit.core.play.match import Match
from rummykit.core.play.records import MatchRecord, SeatRecord, load_record, replay, save_record
from rummykit.core.play.session import Session, parse_seat
from rummykit.core.plugins.registry import Registry
from rummykit.testing import check_variant

from .toy_variant import TOY, ToyOptions


@pytest.fixture
def reg():
    r = Registry()
    r.add_variant(TOY, "toy-plugin")
    from rummykit.core.plugins.registry import AgentSpec

    r.add_agent(AgentSpec("random", lambda seat, seed, o: RandomAgent(seed)), "core")
    return r


def play_out(match, seed=0):
    agents = [RandomAgent(seed + i) for i in range(match.n_seats)]
    while not match.over:
        s = match.to_act()
        match.apply(agents[s].act(match.view(s), match.legal_actions()))
    return match


def test_toy_passes_the_conformance_kit():
    check_variant(TOY, seeds=range(4), target=None, agents=[])


def test_match_runs_rounds_until_target():
    m = play_out(Match(TOY, ToyOptions(target=40), 2, seed=3))
    assert max(m.totals) >= 40
    assert m.winner == m.totals.index(max(m.totals))
    assert sum(sum(r.points) for r in m.results) == sum(m.totals)
    assert len(m.results) >= 1


def test_same_seed_same_game_different_seed_different_deal():
    a = play_out(Match(TOY, ToyOptions(), 2, seed=11), seed=5)
    b = play_out(Match(TOY, ToyOptions(), 2, seed=11), seed=5)
    assert [str(x) for x in a.actions] == [str(x) for x in b.actions]
    assert a.totals == b.totals
    c = Match(TOY, ToyOptions(), 2, seed=12)
    assert c.round.zones() != Match(TOY, ToyOptions(), 2, seed=11).round.zones()


def test_player_count_is_checked():
    with pytest.raises(RummyError, match="2 to 3 players, not 4"):
        Match(TOY, ToyOptions(), 4, seed=1)


def test_options_parse_and_validate():
    assert build_options(ToyOptions, parse_pairs(["target=50"])).target == 50
    with pytest.raises(OptionError, match="unknown option 'nope'"):
        build_options(ToyOptions, {"nope": "1"}, "toy")
    with pytest.raises(OptionError, match="bad value for option target"):
        build_options(ToyOptions, {"target": "zero"}, "toy")
    with pytest.raises(OptionError, match="bad value for option target"):
        build_options(ToyOptions, {"target": "0"}, "toy")
    with pytest.raises(OptionError, match="KEY=VALUE"):
        parse_pairs(["target"])


def test_record_round_trip_and_replay(tmp_path, reg):
    m = play_out(Match(TOY, ToyOptions(), 3, seed=8))
    rec = MatchRecord(
        variant="toy",
        seats=[SeatRecord(kind="random", name=f"P{i}") for i in range(3)],
        seed=8,
        actions=[a.notation() for a in m.actions],
        finished=True,
    )
    path = tmp_path / "g.json"
    save_record(rec, path)
    loaded = load_record(path)
    assert loaded.actions == rec.actions
    again = replay(loaded, reg)
    assert again.totals == m.totals and again.over


@pytest.mark.parametrize(
    "content,msg",
    [
        (b"", "empty"),
        (b'{"format": "rummykit-match", "version": 1, "variant": "toy", "se', "damaged or truncated"),
        (b'{"hello": 1}', "not a rummykit save file"),
        (b"[1, 2]", "not a rummykit save file"),
        (b'{"format": "rummykit-match", "version": 99}', "version 99"),
        (b'{"format": "rummykit-match", "version": "1"}', "version '1' is not supported"),
        (b'{"format": "rummykit-match", "version": 1.0}', "version float is not supported"),
        (b'{"format": "rummykit-match", "version": 1, "variant": "toy"}', "damaged"),
        (b"\xff\xfe\x00garbage", "damaged"),
    ],
)
def test_damaged_files_are_clear_errors_and_left_alone(tmp_path, content, msg):
    path = tmp_path / "save.json"
    path.write_bytes(content)
    with pytest.raises(RecordError, match=msg) as e:
        load_record(path)
    assert str(path) in str(e.value)
    assert path.read_bytes() == content


def test_record_that_does_not_replay_is_a_clear_error(reg):
    rec = MatchRecord(
        variant="toy",
        seats=[SeatRecord(kind="random", name="a")] * 2,
        seed=1,
        actions=["draw stock", "draw stock"],
    )
    with pytest.raises(RecordError, match="move 2 'draw stock' is not legal"):
        replay(rec, reg)


def test_session_saves_after_every_action_and_resumes(tmp_path, reg):
    path = tmp_path / "s.json"
    seats = [parse_seat("human:Ann", 0), parse_seat("random", 1)]
    s = Session.new(reg, "toy", {}, seats, seed=4, path=path)
    assert load_record(path).actions == []
    n = 0
    while not s.over and n < 7:
        seat = s.to_act()
        if s.is_human(seat):
            s.apply(s.match.legal_actions()[0])
        else:
            s.bot_move()
        n += 1
        assert len(load_record(path).actions) == n
    again = Session(reg, load_record(path), path)
    assert again.match.round.zones() == s.match.round.zones()
    assert again.names == ["Ann", "Random bot"]  # a computer seat is named after its kind


def test_undo_refused_after_stock_draw(tmp_path, reg):
    s = Session.new(
        reg, "toy", {}, [parse_seat("human", 0), parse_seat("human", 1)], seed=2, path=tmp_path / "u.json"
    )
    seat = s.to_act()
    assert s.can_undo(seat) == "nothing of yours to undo this turn"
    s.apply(s.match.legal_actions()[0])  # draw stock reveals a card
    assert "cannot be undone" in s.can_undo(seat)
    with pytest.raises(RummyError):
        s.undo(seat)


def test_save_is_atomic(tmp_path, monkeypatch):
    path = tmp_path / "a.json"
    rec = MatchRecord(variant="toy", seats=[SeatRecord(kind="human", name="a")], seed=1)
    save_record(rec, path)
    before = path.read_bytes()
    import os

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    rec.actions.append("draw stock")
    with pytest.raises(RecordError, match=f"cannot save to {path}: disk full"):
        save_record(rec, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_seat_parsing():
    assert parse_seat("human", 0).name == "Player 1"
    assert parse_seat("human:Alice", 1).name == "Alice"
    assert parse_seat("ai:easy", 1).kind == "ai:easy"
    with pytest.raises(RummyError):
        parse_seat("  ", 0)


def test_new_session_refuses_a_bad_seat_count_plainly(tmp_path, reg):
    seats = [parse_seat("random", i) for i in range(4)]
    with pytest.raises(RummyError) as e:
        Session.new(reg, "toy", {}, seats, seed=1, path=tmp_path / "x.json")
    assert str(e.value) == "toy is for 2 to 3 players, not 4"
    assert not (tmp_path / "x.json").exists()


def test_apply_refuses_a_legal_move_with_a_card_named_twice():
    from rummykit.core.base.errors import IllegalAction
    from rummykit.core.engine.actions import Action
    from rummykit.testing import snapshot

    m = Match(TOY, ToyOptions(), 2, seed=5)
    m.apply(m.legal_actions()[0])  # draw stock
    card = m.legal_actions()[0].cards[0]
    before = snapshot(m.round)
    with pytest.raises(IllegalAction):
        m.apply(Action("discard", (card, card)))
    assert snapshot(m.round) == before


def test_a_match_in_which_nobody_scores_ends_by_the_safeguard():
    """Players who never go out: every Gin round ends at the turn limit with no
    points, and after MAX_SCORELESS_ROUNDS of them in a row the match is over,
    won by nobody (docs/rules.md, the engine safeguards)."""
    from rummykit.core.play.match import MAX_SCORELESS_ROUNDS, Match
    from rummykit.core.plugins.manager import get_plugins

    spec = get_plugins().registry.variant("gin")
    options = spec.options_model(max_turns=2)
    match = Match(spec, options, 2, seed=4)
    while not match.over:
        legal = match.legal_actions()
        # Take the upcard when allowed, then discard: nobody ever knocks.
        plain = [a for a in legal if a.kind in ("take discard", "discard")] or list(legal)
        match.apply(plain[0])
    assert match.rounds_played == MAX_SCORELESS_ROUNDS
    assert match.totals == [0, 0] and match.winner is None


def test_the_safeguard_counts_only_rounds_in_a_row():
    from rummykit.core.engine.round import RoundResult
    from rummykit.core.play.match import MAX_SCORELESS_ROUNDS, Match
    from rummykit.core.plugins.manager import get_plugins

    spec = get_plugins().registry.variant("gin")
    match = Match(spec, spec.options_model(), 2, seed=4)
    for i in range(3 * MAX_SCORELESS_ROUNDS):
        scored = i % (MAX_SCORELESS_ROUNDS - 1) == 0
        match._end_round(RoundResult(points=(1, 0) if scored else (0, 0), outcome="draw", winner=None))
    assert not match.over  # never MAX_SCORELESS_ROUNDS scoreless rounds in a row
    for _ in range(MAX_SCORELESS_ROUNDS):
        match._end_round(RoundResult(points=(0, 0), outcome="draw", winner=None))
    assert match.over and match.winner == 0  # seat 0 leads alone
