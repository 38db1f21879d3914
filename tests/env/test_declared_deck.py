"""A variant dealing from a declared deck (copies, jokers): the standard codec
numbers its one-card moves over the whole deck; the observation encoding, made
for the 52 cards, refuses it in one line rather than encoding it wrongly."""

from __future__ import annotations

import dataclasses

import pytest

from rummykit.core.cards.deck import Deck
from rummykit.core.engine.actions import Action
from rummykit.env import CodecError, standard_codec
from rummykit.env.encode import Encoder


@pytest.fixture
def gin_with_jokers(registry):
    return dataclasses.replace(registry.variants["gin"], deck=Deck(copies=2, jokers=2))


def test_the_codec_numbers_every_card_of_the_deck(gin_with_jokers):
    codec = standard_codec(gin_with_jokers, 2)
    assert codec.deck_size == 106
    for card in (0, 51, 52, 103, 105):
        assert codec.decode(codec.encode(Action("discard", (card,)))).cards == (card,)


def test_the_observation_encoding_refuses_a_declared_deck(gin_with_jokers):
    options = gin_with_jokers.options_model()
    with pytest.raises(CodecError, match="no observation encoding yet"):
        Encoder(gin_with_jokers, 2, options, standard_codec(gin_with_jokers, 2))
