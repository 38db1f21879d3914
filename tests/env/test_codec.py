"""The action codec: every legal action of 10,000 random states per variant has
its own index, and decodes back to the same move; the mask marks exactly the
legal actions."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rummykit.core.engine.actions import Action
from rummykit.core.engine.resample import deal_round
from rummykit.env import CodecError, StandardCodec, codec_for, raw_env, standard_codec

from ..helpers.env_cases import CASES, IDS
from ..marks import first_fast

STATES = 10_000


@pytest.mark.parametrize(("variant", "seats"), first_fast(CASES, keep=2), ids=IDS)
def test_every_legal_action_of_10000_random_states_round_trips(registry, variant, seats):
    e = raw_env(variant, seats=seats, registry=registry)
    codec, spec, opts = e.codec, e.spec, e.table.options
    rng = random.Random(f"{variant}{seats}")
    states = 0
    kinds = set()
    while states < STATES:
        rnd = deal_round(spec, opts, seats, 0, random.Random(rng.getrandbits(64)))
        while rnd.result is None and states < STATES:
            legal = rnd.legal_actions()
            indices = [codec.encode(a) for a in legal]
            assert len(set(indices)) == len(legal)
            for a, i in zip(legal, indices, strict=True):
                assert 0 <= i < codec.n
                assert codec.decode(i).key() == a.key()
                kinds.add(a.kind)
            mask = e.encoder.mask(rnd.view(rnd.to_act()))
            assert np.flatnonzero(mask).tolist() == sorted(indices)
            states += 1
            rnd.apply(legal[rng.randrange(len(legal))])
    assert {"draw stock", "discard"} <= kinds


def test_the_standard_codec_of_each_variant(registry):
    gin = codec_for(registry.variant("gin"), 2)
    assert isinstance(gin, StandardCodec)
    assert (gin.card_kinds, gin.meld, gin.add, gin.n) == (("discard", "knock", "gin"), False, False, 158)
    cv = codec_for(registry.variant("cardverse"), 4)
    assert (cv.card_kinds, cv.meld, cv.add, cv.n) == (("discard",), True, True, 2 + 52 + 329 + 52 * 17)
    toy = codec_for(registry.variant("envtoy"), 2)
    assert toy.card_kinds == ("discard", "out")
    assert len(set(standard_codec(registry.variant("cardverse")).melds)) == 329


def test_every_index_decodes_and_encodes_back(registry):
    for name in ("gin", "cardverse"):
        codec = codec_for(registry.variant(name), 2)
        for i in range(codec.n):
            assert codec.encode(codec.decode(i)) == i


def test_actions_outside_the_codec_are_clear_errors(registry):
    gin = codec_for(registry.variant("gin"), 2)
    with pytest.raises(CodecError, match="no index for 'meld AC 2C 3C'"):
        gin.encode(Action("meld", (0, 1, 2)))
    with pytest.raises(CodecError, match="no index for 'discard AC 2C'"):
        gin.encode(Action("discard", (0, 1)))
    with pytest.raises(CodecError, match="out of range"):
        gin.decode(158)


def test_a_variant_declares_its_own_codec(registry):
    from dataclasses import replace

    class TwoKinds(StandardCodec):
        def __init__(self) -> None:
            super().__init__(("discard", "knock", "gin", "pass"))

    spec = replace(registry.variant("gin"), action_codec=lambda spec, n: TwoKinds())
    e = raw_env(spec, registry=registry)
    assert e.codec.n == 2 + 4 * 52
    assert e.action_space("player_0").n == 2 + 4 * 52


def test_a_codec_giving_two_legal_actions_one_index_is_a_clear_error(registry):
    from dataclasses import replace

    class Collapsing(StandardCodec):
        """Every discard, knock and gin of a card at the index of its discard."""

        def encode(self, action: Action) -> int:
            if action.kind in ("knock", "gin"):
                action = Action("discard", action.cards)
            return super().encode(action)

    spec = replace(
        registry.variant("gin"), action_codec=lambda spec, n: Collapsing(("discard", "knock", "gin"))
    )
    e = raw_env(spec, registry=registry)
    for seed in range(200):
        e.reset(seed=seed)
        rnd = e.table.round
        # Play each round on to the first turn that offers a knock, which shares its
        # card's index with that card's discard.
        rng = random.Random(seed)
        while rnd.result is None and not any(a.kind in ("knock", "gin") for a in rnd.legal_actions()):
            legal = rnd.legal_actions()
            e.table.apply(legal[rng.randrange(len(legal))])
        if rnd.result is None:
            break
    else:
        pytest.fail("no round offered a knock")
    with pytest.raises(CodecError, match="variant gin: two legal actions share an action index"):
        e.table.observe(rnd.to_act())


@pytest.mark.parametrize("index", [-1, 158])
def test_a_codec_giving_a_legal_action_an_index_out_of_range_is_a_clear_error(registry, index):
    from dataclasses import replace

    class OutOfRange(StandardCodec):
        def encode(self, action: Action) -> int:
            return index if action.kind == "draw stock" else super().encode(action)

    spec = replace(
        registry.variant("gin"), action_codec=lambda spec, n: OutOfRange(("discard", "knock", "gin"))
    )
    e = raw_env(spec, registry=registry)
    e.reset(seed=1)
    with pytest.raises(CodecError, match=r"variant gin: an action index outside 0\.\.157"):
        e.observe(e.agent_selection)


def test_a_codec_subclass_numbering_its_own_way_is_followed_at_every_step(registry):
    from dataclasses import replace

    class Shifted(StandardCodec):
        """The standard indices, each one higher (index 0 unused)."""

        def __init__(self) -> None:
            super().__init__(("discard", "knock", "gin"))
            self.n += 1

        def encode(self, action: Action) -> int:
            return super().encode(action) + 1

        def decode(self, index: int) -> Action:
            return super().decode(index - 1)

    spec = replace(registry.variant("gin"), action_codec=lambda spec, n: Shifted())
    e = raw_env(spec, registry=registry)
    for seed in range(3):
        e.reset(seed=seed)
        while not (e.terminations[e.agent_selection] or e.truncations[e.agent_selection]):
            table = e.table
            legal = table.round.legal_actions()
            mask = e.observe(e.agent_selection)["action_mask"]
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(e.codec.encode(a) for a in legal)
            assert mask[0] == 0
            e.step(int(np.flatnonzero(mask)[-1]))


class Misreads(StandardCodec):
    """Reads a knock's index back as the discard of its card."""

    def decode(self, index: int) -> Action:
        back = super().decode(index)
        return Action("discard", back.cards) if back.kind == "knock" else back


class Collapses(StandardCodec):
    def encode(self, action: Action) -> int:
        return super().encode(Action("discard", action.cards) if action.kind == "knock" else action)


def _no_codec(spec, n):
    raise RuntimeError("codec boom")


@pytest.mark.parametrize(
    ("factory", "says"),
    first_fast(
        [
            (
                lambda spec, n: Misreads(("discard", "knock", "gin")),
                r"decodes \d+, the index of 'knock \w\w', as ",
            ),
            (
                lambda spec, n: Collapses(("discard", "knock", "gin")),
                r"gives the legal moves '.*' and 'knock \w\w' one index",
            ),
            (lambda spec, n: StandardCodec(("discard", "gin")), r"no index for the legal move 'knock \w\w'"),
            (_no_codec, "its action codec for 2 seats fails to build: RuntimeError: codec boom"),
        ]
    ),
)
def test_the_conformance_kit_checks_the_action_codec(registry, factory, says):
    from dataclasses import replace

    from rummykit.testing import ConformanceError, check_variant

    spec = replace(registry.variant("gin"), name="gincodec", action_codec=factory)
    with pytest.raises(ConformanceError, match=says):
        check_variant(spec, seeds=range(4), agents=[], registry=registry, report=False)


def test_the_conformance_kit_passes_the_installed_codecs(registry):
    from rummykit.core.play.match import Match
    from rummykit.testing import check_codec

    for name, n in (("gin", 2), ("cardverse", 4)):
        spec = registry.variant(name)
        match = Match(spec, spec.options_model(), n, 3)
        while not match.over and len(match.actions) < 400:
            legal = match.view(match.to_act()).legal
            match.apply(legal[len(match.actions) % len(legal)])
        check_codec(spec, spec.options_model(), match)
