"""How people type and read moves: each kind's short form, log phrases and help.

Core knows the words of the moves every rummy has: ``draw stock`` (typed ``s``,
``stock`` or ``draw``), ``take discard`` (``p``, ``pick`` or ``take``) and
``discard`` (``d``); see :data:`rummykit.core.actions.SHORT_FORMS`. A variant
declares the words of the kinds it adds, one :class:`MoveWords` per kind, in its
:class:`~rummykit.core.registry.VariantSpec` (``moves``); their short forms join
the spec's ``aliases``. A :class:`Vocabulary` puts core's words and a variant's
together for the terminal: the shortest form of a move, the help line for a
kind, and how a move is told in the log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .actions import Action, short_form
from .cards import code

__all__ = ["CORE_MOVES", "PLAIN", "MoveWords", "Vocabulary"]


@dataclass(frozen=True)
class MoveWords:
    """The words of one kind of move.

    ``kind``: the full form, as the notation writes it (``knock``).
    ``short``: what a person may type instead (``k``), or ``""`` for none.
    ``does`` and ``did``: the log phrase in the present ("knocks, discarding
    {cards}") and in the past ("knocked, discarding {cards}"), where
    ``{cards}`` stands for the move's cards and ``{target}`` for its meld
    number; ``""``: the log shows the notation.
    ``usage``: the help line, what to type (``k CARD``); ``""``: made from the
    short form and the move's shape (``CARD``, ``CARDS``, ``N`` for a meld number).
    """

    kind: str
    short: str = ""
    does: str = ""
    did: str = ""
    usage: str = ""


#: The words of core's own ``discard`` (the draws are told by the terminal,
#: which knows whether the card drawn may be shown).
CORE_MOVES = (MoveWords("discard", does="discards {cards}", did="discarded {cards}", usage="d CARD"),)


class Vocabulary:
    """Core's words and a variant's (``moves``, ``aliases``: short form -> kind)."""

    def __init__(self, moves: Iterable[MoveWords] = (), aliases: Mapping[str, str] | None = None) -> None:
        moves = tuple(moves)
        self.moves: dict[str, MoveWords] = {m.kind: m for m in (*CORE_MOVES, *moves)}
        self.aliases: dict[str, str] = {m.short: m.kind for m in moves if m.short}
        self.aliases.update(aliases or {})

    def short_form(self, action: Action, fmt: Callable[[int], str] = code) -> str | None:
        """The shortest thing a person may type for ``action`` (``k 7h``), if any."""
        return short_form(action, fmt, self.aliases)

    def usage(self, action: Action) -> str | None:
        """What to type for a move of ``action``'s kind (``k CARD``), or None
        when the kind has no short form."""
        words = self.moves.get(action.kind)
        if words is not None and words.usage:
            return words.usage
        short = self.short_form(action)
        if short is None:
            return None
        parts = [short.split()[0]]
        if action.cards:
            parts.append("CARDS" if len(action.cards) > 1 else "CARD")
        if action.target is not None:
            parts.append("N")
        return " ".join(parts)

    def phrase(self, action: Action, cards: str, past: bool = False) -> str | None:
        """The log phrase of ``action`` ("knocks, discarding 7♥"; in the past,
        "knocked, discarding 7♥"), ``cards`` being its cards as shown; None when
        its kind has no phrase."""
        words = self.moves.get(action.kind)
        template = (words.did if past else words.does) if words is not None else ""
        return template.format(cards=cards, target=action.target) if template else None


#: Core's words alone (a move of a kind no one declared is told by its notation).
PLAIN = Vocabulary()
