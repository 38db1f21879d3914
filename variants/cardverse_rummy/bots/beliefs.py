"""CardVerse's beliefs: core's card model (:mod:`rummykit.core.bots.beliefs`:
the neighbours of what each opponent took, passed on and threw), and with more
than two seats what the table says of a hand.

A player that adds to the table melds as soon as it can holds no card that
fits one after its turn. With three or four seats every card that fits a table
meld now is less likely in an opponent's hand (:attr:`CardVerseModel.fits_many`,
a log-odds, once the opponent has had a turn); with two seats the model is
core's alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rummykit.core.bots.beliefs import CardModel, table_fits
from rummykit.core.bots.seen import Seen

__all__ = ["CardVerseModel"]


@dataclass(frozen=True)
class CardVerseModel(CardModel):
    """Core's :class:`CardModel`, and ``fits_many`` (log-odds) for a card that
    fits a table meld, with more than two seats."""

    fits_many: float = -2.0

    def scores(self, seen: Seen, opponent: int, table: Sequence[Sequence[int]] = ()) -> list[float]:
        out = super().scores(seen, opponent, table)
        if self.fits_many and len(seen.turns) > 2 and seen.turns[opponent] > 0:
            for c in table_fits(table):
                out[c] += self.fits_many
        return out
