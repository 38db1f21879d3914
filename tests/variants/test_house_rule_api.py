"""The house-rule API of the built-in rounds: what a subclass of GinRound or
CardVerseRound may override (public names only), and what core does with it:
variant names in views, tallies of any outcome, the round's own generator,
rebuilding the stock with exact replays and re-deals."""

from __future__ import annotations

import random

import pytest

from rummykit.core.bots.agents import RandomAgent
from rummykit.core.engine.actions import DRAW_STOCK, Action
from rummykit.core.engine.round import Event
from rummykit.core.play.match import Match
from rummykit.testing import check_resample, check_variant
from rummykit.variants.cardverse_rummy import CardVerseOptions, CardVerseRound
from rummykit.variants.cardverse_rummy import make_spec as cardverse_spec
from rummykit.variants.gin import GinOptions, GinRound
from rummykit.variants.gin import make_spec as gin_spec


class GinReshuffle(GinRound):
    """Gin where the exhausted stock is rebuilt from the discard pile, once."""

    def stock_ran_out(self):
        return not self.restocks and self.restock_from_pile() > 0


class CardVerseShortcut(CardVerseRound):
    """CardVerse with a move of its own, "fold", that ends the round: the seat
    to act gives up, and the lowest other hand scores 5."""

    count_keys = (*CardVerseRound.count_keys, "folds")

    def extra_actions(self):
        return (Action("fold"),) if self.phase == "play" else ()

    def apply_extra(self, action):
        seat = self.seat_to_act
        winner = (seat + 1) % self.n_seats
        self.turns_done += 1
        self.finish("fold", winner, [f"{{{seat}}} folds"], {"folds": 1})
        return Event(seat, action)

    def round_points(self, outcome, winner, values):
        if outcome != "fold":
            return super().round_points(outcome, winner, values)
        return [5 if s == winner else 0 for s in range(self.n_seats)]


def play_until(match, stop, seed=0):
    agents = [RandomAgent(seed + s) for s in range(match.n_seats)]
    while not match.over and not stop(match):
        seat = match.to_act()
        match.apply(agents[seat].act(match.view(seat), match.legal_actions()))


def test_views_name_the_variant_of_the_spec():
    for spec in (gin_spec(name="gin-house"), cardverse_spec(name="cardverse-house2")):
        m = Match(spec, spec.options_model(), 2, 1)
        assert m.view(0).variant == spec.name == m.view(1).variant


def test_a_new_outcome_is_tallied_and_scored():
    spec = cardverse_spec(name="fold", round_class=CardVerseShortcut)
    m = Match(spec, CardVerseOptions(target=5), 3, 2)
    m.apply(Action(DRAW_STOCK))
    m.apply(Action("fold"))
    r = m.results[0]
    assert (r.outcome, r.winner, r.points) == ("fold", 1, (0, 5, 0))
    assert dict(r.counts) == {"out_by_meld": 0, "out_by_discard": 0, "stock_end": 0, "folds": 1}
    assert r.text[0].startswith("{0} folds; {1} scores 5")


def test_gin_tallies_an_outcome_it_does_not_list_under_its_own_name():
    rnd = GinRound(GinOptions(), 0, random.Random(1))
    assert rnd.result_counts("big gin") == {"knocks": 0, "gins": 0, "undercuts": 0, "draws": 0, "big gin": 1}


def test_the_rounds_generator_is_seeded_from_the_deal():
    a = GinRound(GinOptions(), 0, random.Random(5))
    b = GinRound(GinOptions(), 0, random.Random(5))
    c = GinRound(GinOptions(), 0, random.Random(6))
    assert a.rng.random() == b.rng.random() != c.rng.random()
    # Seeding it draws nothing from the deal's generator: the next deal is the same.
    rng = random.Random(7)
    CardVerseRound.deal(CardVerseOptions(), 2, 0, rng)
    plain = random.Random(7)
    plain.shuffle(list(range(52)))
    assert rng.random() == plain.random()
    # Clones play on with their own copy.
    d = a.clone()
    assert d.rng is not a.rng and d.rng.random() == a.rng.random()


def reshuffled_gin(seed):
    spec = gin_spec(name="gin-reshuffle", round_class=GinReshuffle)
    m = Match(spec, GinOptions(), 2, seed)
    play_until(m, lambda m: bool(m.round.restocks), seed)
    return m


@pytest.mark.parametrize("seed", [1, 2])
def test_gin_plays_on_after_the_stock_is_rebuilt(seed):
    m = reshuffled_gin(seed)
    rnd = m.round
    assert rnd.result is None and rnd.restocks and rnd.stock and len(rnd.discard) == 1
    # The same seed and moves rebuild the same stock: a replay is exact.
    again = Match(m.variant, m.options, 2, seed)
    for a in m.actions:
        again.apply(a)
    assert again.round.zones() == rnd.zones()
    rng = random.Random(seed)
    for seat in (0, 1):
        check_resample(rnd, seat, rng)
    play_until(m, lambda m: m.round is not rnd or m.over, seed)
    assert rnd.result is not None and len(rnd.restocks) == 1


@pytest.mark.slow  # the kit's seeded games (or a search): minutes on a busy machine
def test_gin_with_a_reshuffle_passes_the_kit():
    check_variant(gin_spec(name="gin-reshuffle", round_class=GinReshuffle), seeds=range(2), agents=[])
