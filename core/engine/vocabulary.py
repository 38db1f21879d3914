"""How people type and read moves: each kind's short form, log phrases and help.

Core knows the words of the moves every rummy has: ``draw stock`` (typed ``s``,
``stock`` or ``draw``), ``take discard`` (``p``, ``pick`` or ``take``) and
``discard`` (``d``); see :data:`rummykit.core.engine.actions.SHORT_FORMS`. A variant
declares the words of the kinds it adds, one :class:`MoveWords` per kind, in its
:class:`~rummykit.core.plugins.registry.VariantSpec` (``moves``); their short forms join
the spec's ``aliases``. A :class:`Vocabulary` puts core's words and a variant's
together for the terminal: the shortest form of a move, the help line for a
kind, and how a move is told in the log.

A kind a variant declares is known to the terminal even when it is not legal
now: ``help`` lists it with its help line, and typing it gets the variant's
reason (``Round.why_illegal``) instead of "unknown move".
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass

from rummykit.core.cards.card import card_token
from rummykit.core.engine.actions import Action, live_aliases, short_form

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
    ``empty``: what the move does when the stock is empty, said in its place
    at the prompt, in help and in a hint (CardVerse's ``draw stock``: "end the
    round: lowest hand value wins"); ``""``: the move is named as usual. A
    variant may give words for core's ``draw stock`` this way.
    ``help``: what the move does, in one line ("lay melds worth 51 or more,
    all at once"), shown by ``help`` next to the usage, also while the move
    is not legal; ``""``: none.
    """

    kind: str
    short: str = ""
    does: str = ""
    did: str = ""
    usage: str = ""
    empty: str = ""
    help: str = ""


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
        #: The kinds the variant declared (core's ``discard`` not among them).
        self.declared: tuple[str, ...] = tuple(m.kind for m in moves)

    @property
    def forms(self) -> dict[str, str]:
        """What may be typed for a kind: the short forms (``aliases``) and every
        declared kind in full (``"big gin"``), as ``parse_action`` takes them
        (``aliases``): a declared kind reads as a move even when it is not legal."""
        return {**{k: k for k in self.declared}, **self.aliases}

    def help_line(self, kind: str) -> str:
        """The help line of ``kind`` (``""`` if none was given)."""
        words = self.moves.get(kind)
        return words.help if words is not None else ""

    def kind_usage(self, kind: str) -> str:
        """What to type for a move of ``kind`` when no such move is at hand:
        its usage, else its short form or its name."""
        words = self.moves.get(kind)
        if words is not None and words.usage:
            return words.usage
        return words.short if words is not None and words.short else kind

    def short_form(
        self, action: Action, fmt: Callable[[int], str] = card_token, now: Collection[str] | None = None
    ) -> str | None:
        """The shortest thing a person may type for ``action`` (``k 7h``), if any;
        with ``now`` (the kinds legal now), as it reads then (:func:`live_aliases`)."""
        aliases = self.aliases if now is None else live_aliases(self.aliases, now)
        return short_form(action, fmt, aliases)

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

    def at_empty_stock(self, action: Action, stock_size: int | None) -> str | None:
        """What ``action`` does when the stock is empty (``stock_size`` 0), if the
        variant says it does something else than its name; else None."""
        if stock_size != 0:
            return None
        words = self.moves.get(action.kind)
        return words.empty if words is not None and words.empty else None

    def phrase(self, action: Action, cards: str, past: bool = False) -> str | None:
        """The log phrase of ``action`` ("knocks, discarding 7♥"; in the past,
        "knocked, discarding 7♥"), ``cards`` being its cards as shown; None when
        its kind has no phrase."""
        words = self.moves.get(action.kind)
        template = (words.did if past else words.does) if words is not None else ""
        return template.format(cards=cards, target=action.target) if template else None


#: Core's words alone (a move of a kind no one declared is told by its notation).
PLAIN = Vocabulary()
