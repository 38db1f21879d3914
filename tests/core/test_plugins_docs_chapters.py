"""The code of docs/plugins.md's chapters on house rules and bots runs, and does
what the chapters say: each chapter's ``python`` blocks are run in order in a
fresh namespace, then the variant or bot they define is played."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rummykit.core.base.errors import IllegalAction
from rummykit.core.cards.card import parse_cards
from rummykit.core.engine.actions import DRAW_STOCK, Action
from rummykit.testing import check_resample, check_variant

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "plugins.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.S | re.M)


def chapter(heading: str) -> dict:
    """Run the python blocks under ``heading`` (up to the next heading) and
    return their namespace."""
    start = DOCS.index(heading + "\n")
    ends = [DOCS.find(mark, start + len(heading)) for mark in ("\n## ", "\n### ")]
    end = min([e for e in ends if e != -1] or [len(DOCS)])
    blocks = BLOCK.findall(DOCS[start:end])
    assert blocks, f"no python code under {heading!r}"
    namespace: dict = {"__name__": "docs_chapter"}
    for code in blocks:
        exec(compile(code, f"docs/plugins.md: {heading}", "exec"), namespace)
    return namespace


@pytest.fixture(scope="module")
def big_gin():
    return chapter("### Extra moves and new outcomes: Big Gin")


@pytest.fixture(scope="module")
def once():
    return chapter("### The discard pile becomes the stock, once")


HANDS = [parse_cards("AS 2S 3S 4S 5H 6H 7H 8C 8D 8H"), parse_cards("2C 4C 6C TC QC 2D 4D 6D TD QD")]


def deal(round_class, top):
    """Seat 0 (all melded) to draw ``top`` from the stock; the upcard KH."""
    first, up = parse_cards(top)[0], parse_cards("KH")[0]
    used = {*HANDS[0], *HANDS[1], first, up}
    stock = [first] + [c for c in range(52) if c not in used]
    return round_class.from_deal(HANDS, up, stock, variant="big-gin")


def test_big_gin_is_a_move_with_its_own_outcome_and_tally(big_gin):
    round_class, spec = big_gin["BigGinRound"], big_gin["BIG_GIN_SPEC"]
    rnd = deal(round_class, "8S")
    with pytest.raises(IllegalAction, match="big gin comes after the draw"):
        rnd.apply(Action("big gin"))
    rnd.apply(Action(DRAW_STOCK))
    assert Action("big gin") in rnd.legal_actions()
    rnd.apply(Action("big gin"))
    r = rnd.result
    assert r.outcome == "big gin" and r.winner == 0 and r.points == (64 + 31, 0)
    assert dict(r.counts) == {"knocks": 0, "gins": 0, "undercuts": 0, "draws": 0, "big_gins": 1}
    assert spec.vocabulary.aliases["bg"] == "big gin" and "big gin" in spec.vocabulary.declared
    # Any other result counts big gins too (0), so `rummy simulate` shows the column.
    other = deal(round_class, "KS")
    other.apply(Action(DRAW_STOCK))
    with pytest.raises(IllegalAction, match="all 11 cards in melds; you would have 10 deadwood"):
        other.apply(Action("big gin"))
    other.apply(Action("gin", (parse_cards("KS")[0],)))
    assert other.result.counts["big_gins"] == 0 and other.result.counts["gins"] == 1


@pytest.mark.slow  # the kit's seeded games (or a search): minutes on a busy machine
def test_big_gin_passes_the_kit(big_gin):
    check_variant(big_gin["BIG_GIN_SPEC"], seeds=range(2), agents=[])


def test_one_reshuffle_on_cardverse(once):
    round_class, options = once["OnceRound"], once["OnceOptions"]
    rnd = round_class.from_deal(
        ["7H 8H 9H 2C", "3D 5D 7D 9S"], "AC 4H 8C QD", "", options=options(), rest="discard"
    )
    rnd.apply(Action(DRAW_STOCK))
    assert rnd.result is None and rnd.view(1).extra["reshuffled"] and len(rnd.restocks) == 1
    assert once["once_summary"](rnd.view(1)) == "stock rebuilt from the discard pile"
    for seat in (0, 1):
        check_resample(rnd, seat, random.Random(seat))
    # The second time the stock runs out, the round ends.
    rnd.stock.clear()
    rnd.apply(Action("discard", (parse_cards("2C")[0],)))
    rnd.apply(Action(DRAW_STOCK))
    assert rnd.result.outcome == "stock" and rnd.result.counts["reshuffles"] == 1


def test_one_reshuffle_passes_the_kit_and_replays_the_same(once):
    spec = once["ONCE_SPEC"]
    check_variant(spec, seeds=range(2), seat_counts=[2, 4], agents=[])
    from rummykit.core.play.match import Match

    def round_end(seed):
        m = Match(spec, spec.options_model(target=1), 2, seed)
        rng = random.Random(seed)
        while m.rounds_played == 0:
            legal = m.legal_actions()
            draws = [a for a in legal if a.kind == DRAW_STOCK]
            m.apply(draws[0] if draws else rng.choice([a for a in legal if a.kind == "discard"]))
        return m.results[0], m.actions

    result, actions = round_end(3)
    assert result.counts["reshuffles"] == 1
    assert round_end(3) == (result, actions)


def test_the_bot_chapter_plays_cardverse():
    ns = chapter("## Tutorial: a bot for an existing variant")
    spec = ns["SHEDDER"]
    registered = []
    ns["register_agents"](registered.append)
    assert registered == [spec]
    check_variant("cardverse", seeds=range(2), seat_counts=[2], agents=[spec])


@pytest.fixture(scope="module")
def joker_gin():
    return chapter("### Another deck: Gin with a joker")


def test_joker_gin_deals_53_cards_and_passes_the_kit(joker_gin):
    spec = joker_gin["JOKER_GIN_SPEC"]
    assert spec.deck_for(spec.options_model(), 2).size == 53
    check_variant(spec, seeds=range(2), agents=[])


def test_joker_gin_melds_with_the_joker(joker_gin):
    rnd = joker_gin["JokerGinRound"](joker_gin["JokerGinOptions"](), 2, 0, random.Random(1))
    seven_h, eight_h = parse_cards("7H 8H")
    assert rnd.deadwood([seven_h, eight_h, 52]) == 0  # the joker stands in for 9H (or 6H)
    assert rnd.deadwood([seven_h, 52]) == 7 + 15


def _joker_gin_views(spec, want, seeds=range(400)):
    """The first view of a random play of ``spec`` (two seats) that ``want`` accepts."""
    from rummykit.core.engine.resample import deal_round

    opts = spec.options_model()
    for seed in seeds:
        rnd = deal_round(spec, opts, 2, 0, random.Random(seed))
        rng = random.Random(seed)
        while rnd.result is None:
            view = rnd.view(rnd.to_act())
            if want(rnd, view):
                return rnd, view
            rnd.apply(rng.choice(rnd.legal_actions()))
    raise AssertionError("no such view")


def test_joker_gin_may_name_the_joker_in_its_table_summary(joker_gin):
    """A display hook names cards with ``card_ref``: the kit checks them
    against the variant's deck, where the joker is card 52."""
    from dataclasses import replace

    from rummykit import card_ref
    from rummykit.testing import check_display

    def top_of_pile(view):
        return f"top of the pile: {card_ref(view.discard_pile[-1])}" if view.discard_pile else None

    spec = replace(joker_gin["JOKER_GIN_SPEC"], name="joker-gin-top", table_summary=top_of_pile)
    _, view = _joker_gin_views(spec, lambda rnd, view: view.discard_pile[-1:] == (52,))
    assert top_of_pile(view) == "top of the pile: [[52]]"
    check_display(spec, spec.options_model(), view)
    check_variant(spec, seeds=range(2), agents=[])


def test_beliefs_leave_joker_gin_uniform_wherever_the_joker_is(joker_gin):
    """The beliefs' card model is of the 52 cards: a round of another deck is
    re-dealt uniformly, also while the joker is out of sight (the seat's
    information state holds it among the cards not seen). Two games of 52
    cards at one table (partnership Gin) are still weighed."""
    from rummykit.core.bots.beliefs import Beliefs
    from rummykit.core.play.match import Match
    from rummykit.core.plugins.manager import get_plugins

    spec = joker_gin["JOKER_GIN_SPEC"]
    unseen = lambda rnd, view: 52 not in (*view.hand, *view.discard_pile) and len(view.history) > 6  # noqa: E731
    rnd, view = _joker_gin_views(spec, unseen)
    info = rnd.information(view.seat)
    assert 52 in info.unseen and Beliefs().weights(view, info) == {}
    partners = get_plugins().registry.variant("gin-partners")
    match = Match(partners, partners.options_model(), 4, 3)
    seat = match.to_act()
    weights = Beliefs().weights(match.view(seat), match.round.information(seat))
    assert set(weights) == {s for s in range(4) if s != seat}


def test_the_environment_numbers_the_deck_its_options_give(joker_gin):
    """A deck that depends on the options: the action codec is built for the
    options the environment plays with, not the defaults."""
    pytest.importorskip("numpy")
    from dataclasses import replace

    from pydantic import Field

    from rummykit import JOKERS_WILD, CardPoints, Deck, MeldRules, get_wild_solver
    from rummykit.env import codec_for, raw_env

    class Options(joker_gin["JokerGinOptions"]):
        jokers: int = Field(1, ge=1, le=3, description="printed jokers in the deck")

    base = joker_gin["JokerGinRound"]

    class Round(base):
        def __init__(self, options, n_seats, round_index, rng, match=None):
            self.deck = Deck(jokers=options.jokers)
            self.solver = get_wild_solver(self.deck, MeldRules(), CardPoints(joker=15))
            super().__init__(options, n_seats, round_index, rng, match)

        def deadwood(self, cards):
            return self.solver.deadwood(cards, JOKERS_WILD)

    spec = replace(
        joker_gin["JOKER_GIN_SPEC"],
        name="jokers-gin",
        options_model=Options,
        new_round=Round,
        deck=lambda options, n_seats: Deck(jokers=options.jokers),
    )
    three = Options(jokers=3)
    assert codec_for(spec, 2, three).n == codec_for(spec, 2).n + 2 * 2  # discard and knock a card
    env = raw_env(spec, seats=2, options={"jokers": 3})
    rng = random.Random(0)
    jokers_played = 0
    for episode in range(20):
        env.reset(seed=episode)
        for _ in env.agent_iter(max_iter=2000):
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = [i for i, ok in enumerate(obs["action_mask"]) if ok]
            move = rng.choice(legal)
            jokers_played += env.unwrapped.codec.decode(move).cards[:1] in ((53,), (54,))
            env.step(move)
    assert jokers_played
