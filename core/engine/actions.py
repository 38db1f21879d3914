"""Actions: small immutable values with a text notation.

``Action("discard", (card,))`` is written ``discard 7H``; ``Action("add", (c,), 2)``
is ``add 5C to 2``. Kinds are plain strings, so a variant may add its own; the
CLI and the records work only from the legal-action list and this notation.

:func:`parse_action` reads what a person typed (any case, core's short forms
such as ``d 7h``, a variant's through its aliases, cards in any of the accepted
forms) and returns the matching *legal* action, or raises with a one-line reason.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import NoReturn

from rummykit.core.base.errors import CardError, IllegalAction
from rummykit.core.cards.card import card_token, parse_card, split_tokens
from rummykit.core.cards.deck import Deck

DRAW_STOCK = "draw stock"
TAKE_DISCARD = "take discard"

# The short forms of core's moves, which every variant has. Kinds a variant adds
# may be typed in full; their short forms are the variant's aliases
# (VariantSpec.aliases, filled from VariantSpec.moves).
SHORT_FORMS: dict[str, str] = {
    "s": DRAW_STOCK,
    "stock": DRAW_STOCK,
    "draw": DRAW_STOCK,
    "p": TAKE_DISCARD,
    "pick": TAKE_DISCARD,
    "take": TAKE_DISCARD,
    "d": "discard",
}


@dataclass(frozen=True, slots=True)
class Action:
    """One move. ``cards`` keep the order the variant gives (melds in rank order);
    ``target`` is a table-meld number (from 1) for kinds such as ``add``."""

    kind: str
    cards: tuple[int, ...] = ()
    target: int | None = None

    def notation(self, fmt: Callable[[int], str] = card_token) -> str:
        parts = [self.kind, *(fmt(c) for c in self.cards)]
        if self.target is not None:
            parts += ["to", str(self.target)]
        return " ".join(parts)

    def __str__(self) -> str:
        return self.notation()

    def key(self) -> tuple:
        """What makes two spellings the same move: card order does not count,
        but a card named twice does (a sorted tuple, not a set)."""
        return (self.kind, tuple(sorted(self.cards)), self.target)

    def __copy__(self) -> Action:
        return self  # immutable: a copy of a round shares its actions

    def __deepcopy__(self, memo: dict) -> Action:
        return self


class ActionSyntaxError(IllegalAction):
    """Text that does not read as a move at all."""


def short_form(
    action: Action, fmt: Callable[[int], str] = card_token, aliases: Mapping[str, str] | None = None
) -> str | None:
    """The shortest thing a person may type for ``action`` (``d 7h``), if any:
    a one-letter form among core's and ``aliases`` (a variant's)."""
    forms = {**SHORT_FORMS, **aliases} if aliases else SHORT_FORMS
    for short, kind in forms.items():
        if len(short) == 1 and kind == action.kind:
            rest = " ".join(fmt(c).lower() for c in action.cards)
            if action.target is not None:
                rest += f" {action.target}"
            return f"{short} {rest}".strip()
    return None


def live_aliases(aliases: Mapping[str, str], now: Collection[str]) -> dict[str, str]:
    """A variant's short forms as they read when the moves of the kinds ``now``
    are legal: one that core's short forms hold too (the classic Gin family's
    ``p``: pass on the upcard) gives way to core's move (take discard) when only
    that one is legal."""
    return {k: v for k, v in aliases.items() if v in now or SHORT_FORMS.get(k, v) not in now}


def read_action(
    text: str,
    kinds: Sequence[str],
    aliases: Mapping[str, str] | None = None,
    untargeted: Collection[str] = (),
    deck: Deck | None = None,
) -> Action:
    """Parse ``text`` into an :class:`Action` of one of ``kinds`` (not checked for legality).

    With a declared ``deck`` of several copies or jokers, the cards are what a
    player names (:meth:`Deck.parse`: a base card 0..51, or ``JOKER`` for
    ``JK``), and a card may be named more than once (both copies).

    A meld number ends the text (``add qs to 2``, ``add qs to meld 2``, or ``a qs
    2``: a number alone is never a card), but for the kinds in ``untargeted``, which take none (there
    the number is read as a card, and is a bad one)."""
    tokens = [t.lower() for t in split_tokens(text)]
    if not tokens:
        raise ActionSyntaxError("empty move; type help to list the legal moves")
    forms = dict(SHORT_FORMS)
    if aliases:
        forms.update(aliases)
    kind = None
    # Longest kind first: "take discard" before "take".
    for k in sorted(set(kinds), key=lambda k: -len(k.split())):
        words = k.split()
        if tokens[: len(words)] == words:
            kind, tokens = k, tokens[len(words) :]
            break
    if kind is None:
        first = tokens[0]
        if first in forms:
            kind = forms[first]
            tokens = tokens[1:]
            # "draw stock", "take discard" typed as "draw stock" handled above;
            # tolerate "take discard" spelled "take pile", "draw s" etc. by dropping
            # one trailing word when the kind takes no cards.
            if (
                kind in (DRAW_STOCK, TAKE_DISCARD)
                and tokens
                and tokens[0] in ("stock", "discard", "pile", "upcard", "s", "p")
            ):
                tokens = tokens[1:]
        else:
            known = ", ".join(sorted(set(kinds))) or "none"
            raise ActionSyntaxError(f"unknown move {tokens[0]!r}; moves now: {known} (type help)")
    target = None
    if len(tokens) >= 2 and tokens[-2] == "meld" and tokens[-1].isdecimal():
        del tokens[-2]  # "add 9s to meld 1", "add 9s meld 1": the meld's number
    if len(tokens) >= 2 and tokens[-2] == "to":
        target = _number(tokens[-1])
        tokens = tokens[:-2]
    elif kind not in untargeted and tokens and tokens[-1].isdecimal():
        target = _number(tokens[-1])
        tokens = tokens[:-1]
    several = deck is not None and not deck.standard
    try:
        cards = tuple((deck.parse(t) if several and deck is not None else parse_card(t)) for t in tokens)
        if deck is not None and deck.standard:
            deck.check_typed(tokens, cards)  # "#78": none such
    except CardError as e:
        raise ActionSyntaxError(str(e)) from None
    if len(set(cards)) != len(cards) and not several:
        raise ActionSyntaxError("the same card is named twice")
    return Action(kind, cards, target)


def _number(tok: str) -> int:
    """A meld number: decimal digits ("2", "٢"), not "²" (a digit that int() refuses)."""
    if not tok.isdecimal() or len(tok) > 6:
        raise ActionSyntaxError(f"expected a meld number, got {tok!r}")
    return int(tok)


def parse_action(
    text: str,
    legal: Sequence[Action],
    explain: Callable[[Action], str | None] | None = None,
    aliases: Mapping[str, str] | None = None,
    deck: Deck | None = None,
) -> Action:
    """The legal action that ``text`` names, or :class:`IllegalAction` with a reason.

    With a ``deck`` of several copies or printed jokers, the cards typed are
    card names (``7H``, ``JK``): the legal move holding those cards, whichever
    copies (:meth:`~rummykit.core.cards.deck.Deck.same_cards`).

    ``explain`` (usually ``Round.why_illegal``) gives a variant-specific reason for a
    well-formed but illegal move; ``aliases`` are the variant's short forms (one
    that core's short forms hold too means core's move when only that is legal). A move
    typed without the meld it goes to ("add 7C") is the legal one when only one
    meld can take it.
    """
    now = {a.kind for a in legal}
    if aliases:
        aliases = live_aliases(aliases, now)
    kinds = now | set(SHORT_FORMS.values()) | set((aliases or {}).values())
    untargeted = {a.kind for a in legal if a.target is None}
    wanted = read_action(text, sorted(kinds), aliases, untargeted, deck)
    key = wanted.key()
    if deck is not None and not deck.standard:
        for a in legal:
            if a.kind == wanted.kind and a.target == wanted.target and deck.same_cards(wanted.cards, a.cards):
                return a
        if wanted.target is None:  # "add 7C" where 7C goes to one meld only: that one
            onto = [
                a
                for a in legal
                if a.kind == wanted.kind and a.target is not None and deck.same_cards(wanted.cards, a.cards)
            ]
            if len(onto) == 1:
                return onto[0]
        first = Action(wanted.kind, tuple(deck.copies_of(c)[0] for c in wanted.cards), wanted.target)
        shown = " ".join([wanted.kind, *(deck.code(c) for c in first.cards)])
        return _refuse(wanted, legal, _reason(explain, first), f"'{shown}'")
    for a in legal:
        if a.key() == key:
            return a
    if wanted.target is None:  # "add 7C" where 7C goes to one meld only: that one
        onto = [a for a in legal if a.target is not None and a.key()[:2] == key[:2]]
        if len(onto) == 1:
            return onto[0]
    return _refuse(wanted, legal, _reason(explain, wanted), f"'{wanted}'")


def _reason(explain: Callable[[Action], str | None] | None, action: Action) -> str | None:
    """The variant's reason ``action`` is illegal; a card it cannot name (``#78``
    where one deck holds 52) is the reason itself."""
    if explain is None:
        return None
    try:
        return explain(action)
    except CardError as e:
        return str(e)


def _refuse(wanted: Action, legal: Sequence[Action], reason: str | None, shown: str) -> NoReturn:
    if not reason:
        if wanted.kind not in {a.kind for a in legal}:
            now = ", ".join(sorted({a.kind for a in legal}))
            reason = f"you cannot {wanted.kind} now (legal now: {now})"
        else:
            reason = f"{shown} is not a legal move now"
    raise IllegalAction(reason)
