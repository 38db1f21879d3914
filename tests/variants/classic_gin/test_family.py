"""The classic Gin family as an installed plugin: listed by `rummy variants`,
its rules shown by `rummy rules`, passing the conformance kit, its records
saved, resumed and replayed exactly, played through a pipe, and its computer
players (Gin's, taught the upcard offer) and ai:search playing every form."""

from __future__ import annotations

import re

import pytest

from rummykit import Match, agent_seed
from rummykit.cli import rulesdoc
from rummykit.core.play.records import MatchRecord, load_record, replay
from rummykit.core.play.session import Session, parse_seats
from rummykit.core.plugins.manager import get_plugins
from rummykit.testing import check_variant
from rummykit.variants.classic_gin.bots import OfferAgent

from .helpers import DRAW, PASS, TAKE, deal

FORMS = ["classic-gin", "oklahoma-gin", "hollywood-gin"]


def registry():
    return get_plugins().registry


def test_rummy_variants_lists_the_three_forms_for_two_players(rummy_run):
    out = rummy_run("variants")
    assert out.returncode == 0, out.stderr
    for name, title in [
        ("classic-gin", "Classic Gin"),
        ("oklahoma-gin", "Oklahoma Gin"),
        ("hollywood-gin", "Hollywood Gin"),
    ]:
        line = next(ln for ln in out.stdout.splitlines() if ln.startswith(name + " "))
        assert title in line and re.search(r"\s2\s", line) and "classic_gin" in line


@pytest.mark.parametrize(
    ("form", "words"),
    [
        ("classic-gin", ["upcard", "loser of a hand", "two cards", "illegal knock cannot happen", "shutout"]),
        ("oklahoma-gin", ["value", "ace", "spade", "box bonus is not doubled"]),
        ("hollywood-gin", ["three games", "first k games still open", "margin"]),
    ],
)
def test_rummy_rules_shows_each_forms_rules_and_decisions(rummy_run, form, words):
    out = rummy_run("rules", form)
    assert out.returncode == 0, out.stderr
    for w in words:
        assert w in out.stdout, w
    assert "next_dealer" in out.stdout and "game_bonus" in out.stdout and "box_bonus" in out.stdout


@pytest.mark.parametrize("form", FORMS)
def test_the_conformance_kit_passes(form):
    check_variant(form, seeds=range(2), report=False)


@pytest.mark.parametrize("form", FORMS)
def test_a_record_saves_resumes_and_replays_exactly(form, tmp_path):
    reg = registry()
    seats = parse_seats(["ai:easy", "ai:normal"])
    s = Session.new(reg, form, {"target": 40}, seats, 11, tmp_path / "g.json")
    half = None
    while not s.over:
        s.bot_move()
        if half is None and s.match.rounds_played == 1:
            half = load_record(tmp_path / "g.json")  # saved after every action
    s.save()
    record = load_record(tmp_path / "g.json")
    assert record.finished and record.state == s.match.state()
    assert record.match.rule == {"classic-gin": "classic", "oklahoma-gin": "classic"}.get(form, "hollywood")
    back = replay(MatchRecord.model_validate_json(record.to_json()), reg)
    assert back.state() == s.match.state() and back.winners == s.match.winners
    assert back.columns() == s.match.columns()
    # resumed from the record of the first hand, the same moves lead to the same match
    assert half is not None and not half.finished
    resumed = replay(half, reg)
    for text in record.actions[len(half.actions) :]:
        resumed.apply({a.notation(): a for a in resumed.legal_actions()}[text])
    assert resumed.over and resumed.state() == s.match.state()


def test_a_forged_state_does_not_replay(tmp_path):
    reg = registry()
    seats = parse_seats(["ai:easy", "ai:easy"])
    s = Session.new(reg, "hollywood-gin", {"target": 30}, seats, 2, tmp_path / "g.json")
    while not s.over:
        s.bot_move()
    s.save()
    record = load_record(tmp_path / "g.json")
    forged = record.model_copy(update={"state": {**record.state, "game_winner": [1, 1, 1]}})
    from rummykit.core.base.errors import RecordError

    with pytest.raises(RecordError, match="does not replay"):
        replay(forged, reg)


def person_lines(form: str, seed: int) -> list[str]:
    """What a person at seat 0 would type against ai:easy (worked out on the
    same match: same seed, same bot); ai:easy, taught the offer, decides."""
    seats = parse_seats(["human", "ai:easy"])
    s = Session.new(registry(), form, {"target": 30}, seats, seed, None)
    me = registry().agent(form, "ai:easy").factory(0, agent_seed(seed, 0), s.match.options)
    lines = []
    while not s.over:
        seat = s.to_act()
        if s.is_human(seat):
            view = s.view(seat)
            action = me.act(view, view.legal)
            lines.append(action.notation().lower())
            s.apply(action)
        else:
            s.bot_move()
    return lines


@pytest.mark.parametrize("form", FORMS)
def test_a_whole_match_through_a_pipe(rummy_run, tmp_path, form):
    lines = person_lines(form, 4)
    assert "pass" in lines or "take discard" in lines
    save = tmp_path / "g.json"
    out = rummy_run(
        "play",
        form,
        "--seat",
        "human",
        "--seat",
        "ai:easy",
        "--seed",
        "4",
        "-o",
        "target=30",
        "--save",
        str(save),
        stdin="\n".join(lines) + "\n",
    )
    assert out.returncode == 0, out.stderr
    assert "=== match over:" in out.stdout and "Traceback" not in out.stderr
    assert "passes on the upcard" in out.stdout or "takes" in out.stdout
    assert load_record(save).finished
    # the score sheet at the end: the bonuses, or Hollywood's three games
    end = out.stdout.split("=== match over:")[1]
    wanted = (
        ["Game 1:", "Game 2:", "Game 3:", "Won:", "Margin:"]
        if form == "hollywood-gin"
        else ["Boxes:", "Game:", "Final:"]
    )
    sheet = next(line for line in end.splitlines() if line.startswith("Score: "))
    for title in wanted:
        assert f"{title} " in sheet, title
    assert "{0}" not in end and "{1}" not in end  # a note's seat is named


def test_bots_only_play_a_piped_match_to_the_end(rummy_run):
    out = rummy_run(
        "play", "oklahoma-gin", "--seat", "ai:hard", "--seat", "ai:easy", "--seed", "7", "-o", "target=40"
    )
    assert out.returncode == 0, out.stderr
    assert "=== match over:" in out.stdout


def test_a_pass_typed_out_of_the_offer_gets_the_reason(rummy_run):
    out = rummy_run(
        "play", "classic-gin", "--seat", "human", "--seat", "ai:easy", "--seed", "3", stdin="pass\n"
    )
    assert out.returncode == 0, out.stderr
    assert "illegal: pass is only for the upcard offer" in out.stdout
    # "p" there is core's short form: take the discard (at the offer it passes)
    out = rummy_run("play", "classic-gin", "--seat", "human", "--seat", "ai:easy", "--seed", "3", stdin="p\n")
    assert out.returncode == 0, out.stderr
    assert "takes" in out.stdout and "from the discard pile" in out.stdout and "illegal" not in out.stdout


# -- the computer players ---------------------------------------------------------------


class Scripted:
    """A Gin player that takes the upcard or draws from the stock as told."""

    def __init__(self, take: bool) -> None:
        self.take = take
        self.seen = []

    def act(self, view, legal):
        self.seen.append(tuple(legal))
        want = TAKE if self.take else DRAW
        return next(a for a in legal if a == want)


@pytest.mark.parametrize(("take", "played"), [(True, TAKE), (False, PASS)])
def test_a_gin_player_answers_the_offer_as_it_would_choose_its_draw(take, played):
    r = deal("6H 7H 8H 9C 9S 9D 2S 3S 4S KD", "2H 3H 4H QC QD QH QS 9H 7S AC", "5C", "5D")
    inner = Scripted(take)
    agent = OfferAgent(inner)
    view = r.view(0)
    assert agent.act(view, view.legal) == played
    assert set(inner.seen[0]) == {TAKE, DRAW}  # it was shown its usual choice


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("name", ["ai:easy", "ai:normal", "ai:hard", "ai:search"])
def test_every_level_plays_the_offer_and_a_whole_hand(form, name):
    reg = registry()
    spec = reg.variant(form)
    options = spec.options_model(target=20)
    bot = reg.agent(form, name)
    assert bot.understands is None or bot.understands(form, options)
    match = Match(spec, options, 2, seed=5)
    agents = [bot.factory(s, agent_seed(5, s), options) for s in (0, 1)]
    from rummykit.core.bots.agents import act_kwargs

    kinds = set()
    while not match.over and match.rounds_played < 1:
        seat = match.to_act()
        view = match.view(seat)
        action = agents[seat].act(view, view.legal, **act_kwargs(agents[seat], match, seat))
        assert action in view.legal
        kinds.add(action.kind)
        match.apply(action)
    assert kinds & {"pass", "take discard"}


def test_the_hard_player_is_the_default_opponent_and_understands_every_option():
    reg = registry()
    for form in FORMS:
        names = [a.name for a in reg.agents_for(form)]
        assert {"ai:easy", "ai:normal", "ai:hard", "ai:search"} <= set(names)
        hard = reg.agent(form, "ai:hard")
        opts = reg.variant(form).options_model(knock_limit=5, target=50, next_dealer="winner")
        assert hard.understands(form, opts)


def test_a_random_deal_offers_the_upcard_to_the_non_dealer_first():
    spec = registry().variant("classic-gin")
    for seed in range(10):
        m = Match(spec, spec.options_model(), 2, seed=seed)
        dealer = m.context.dealer
        assert m.to_act() == 1 - dealer
        assert set(m.legal_actions()) == {TAKE, PASS}
        m.apply(PASS)
        assert m.to_act() == dealer
        m.apply(PASS)
        assert m.legal_actions() == (DRAW,)


def test_the_hint_at_the_offer_names_pass_or_the_upcard_with_a_reason(rummy_run):
    out = rummy_run(
        "play", "classic-gin", "--seat", "human", "--seat", "ai:easy", "--seed", "5", stdin="hint\n"
    )
    assert out.returncode == 0, out.stderr
    line = next(ln for ln in out.stdout.splitlines() if "hint (ai:hard):" in ln)
    assert re.search(r"hint \(ai:hard\): (pass|take discard) — \S", line)


@pytest.mark.parametrize(
    ("form", "option", "reason"),
    [
        ("classic-gin", "next_dealer=dealer", "next_dealer takes loser, winner or alternate"),
        ("oklahoma-gin", "knock_limit=11", "knock_limit must be a whole number between 0 and 10"),
        ("hollywood-gin", "box_bonus=-1", "box_bonus must be a whole number between 0 and 1000"),
        ("classic-gin", "shutout_doubles=maybe", "shutout_doubles"),
    ],
)
def test_a_bad_option_is_one_line_and_status_2(rummy_run, form, option, reason):
    out = rummy_run("play", form, "-o", option)
    assert out.returncode == 2
    assert len(out.stderr.splitlines()) == 1 and reason in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize("form", FORMS)
def test_first_turn_has_one_value_so_is_not_listed_but_still_accepted(rummy_run, form):
    """The non-dealer always plays first: ``first_turn`` takes ``first`` only, so
    ``rummy rules`` and completion leave it out; ``-o first_turn=first`` still
    plays, and another value is refused in one line."""
    rules = rummy_run("rules", form)
    assert rules.returncode == 0, rules.stderr
    listing = rules.stdout.split(f"Options (rummy play {form} --option KEY=VALUE):")[1]
    names = [line.split()[0] for line in listing.split("\n\n")[0].splitlines() if line.startswith("  ")]
    assert "knock_limit" in names and "next_dealer" in names and "first_turn" not in names
    doc = rulesdoc.markdown(registry().variant(form), [])
    assert "| `knock_limit` |" in doc and "first_turn" not in doc
    completed = rummy_run(
        _RUMMY_COMPLETE="bash_complete",
        _RUMMY_COMP_LINE=f"rummy play {form} -o ",
        COMP_WORDS="x",
        COMP_CWORD="0",
    )
    offered = [line.split(",", 1)[1] for line in completed.stdout.splitlines() if line]
    assert "knock_limit=10" in offered and not [o for o in offered if o.startswith("first_turn")]
    seats = ["--seat", "ai:easy", "--seat", "ai:easy", "--seed", "3", "-o", "target=20"]
    played = rummy_run("play", form, *seats, "-o", "first_turn=first")
    assert played.returncode == 0 and "=== match over:" in played.stdout, played.stderr
    refused = rummy_run("play", form, *seats, "-o", "first_turn=alternate")
    assert refused.returncode == 2 and refused.stderr.strip().splitlines() == [
        f"rummy: bad value for option first_turn for {form}: 'alternate' (first_turn takes first)"
    ]
