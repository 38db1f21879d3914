"""core/base/lazy.py: a variant package's public names are imported on first use."""

from __future__ import annotations

import pytest

import rummykit.variants.cardverse_rummy as cardverse
import rummykit.variants.gin as gin


def test_names_come_from_their_modules_and_unknown_names_are_attribute_errors():
    from rummykit.variants.gin.round import GinRound

    assert gin.GinRound is GinRound
    assert "GinRound" in dir(gin) and "make_spec" in dir(gin)
    assert cardverse.hand_value(0b111, 1) == 6
    with pytest.raises(AttributeError, match="has no attribute 'Nope'"):
        gin.Nope  # noqa: B018 - the lookup is what raises
    assert not hasattr(cardverse, "Nope")
