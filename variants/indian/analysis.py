"""``rummy analyze indian CARDS... [--wild RANK] [--json]`` and the hand summary.

The JSON object::

    {"variant": "indian", "cards": [...], "wild": "7" | null, "melds": [[...], ...],
     "meld_kinds": ["pure sequence" | "sequence" | "set", ...], "deadwood": [...],
     "deadwood_points": N, "raw_points": N, "melds_count": bool,
     "valid_declaration": bool, "missing": str | null}

``deadwood_points`` is what the hand counts as the rules count it: the cards
out of melds when the melds count (two sequences, one pure), every card
otherwise, at most 80; ``raw_points`` the same uncapped. ``valid_declaration``:
13 cards, all melded, two sequences, one pure; ``missing`` says why not. With
14 cards, ``declare_with`` lists the cards whose laying down leaves a valid
declaration. Copies of a card are the same card (``7H 7H`` is both copies);
``JK`` is a printed joker; ``--wild RANK`` names the wild rank of the deal
(none: only the printed jokers are wild).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummykit.core.base.errors import CardError
from rummykit.core.engine.round import View, card_ref
from rummykit.core.plugins.registry import Analysis, HandSummary

from .cards import BASE, COPIES, FIRST_JOKER, PRINTED_JOKERS, RANK_LETTERS, RANK_PLURALS, parse_rank
from .cards import sorted_cards as sort_cards
from .melds import Arrangement, Meld, arrange
from .options import IndianOptions

NO_WILD = -1


def card_code(card: int) -> str:
    """Machine notation, copies alike: ``7H``, ``JK``."""
    if card >= FIRST_JOKER:
        return "JK"
    b = card % BASE
    return RANK_LETTERS[b % 13] + "CDHS"[b // 13]


def physical(cards: Sequence[int]) -> list[int]:
    """Cards as given (copies alike, a printed joker any card from 104 on):
    the cards of the 106-card deck they are, each copy once."""
    out: list[int] = []
    for c in cards:
        if c >= FIRST_JOKER:
            options = [FIRST_JOKER + j for j in range(PRINTED_JOKERS)]
            name = "JK"
        else:
            options = [c % BASE + BASE * k for k in range(COPIES)]
            name = card_code(c)
        free = [x for x in options if x not in out]
        if not free:
            raise CardError(f"{name} is given more times than the deck holds ({len(options)})")
        out.append(free[0])
    return out


def ref(card: int) -> str:
    """A card in text shown to a person (copies alike; a printed joker as ``JK``)."""
    return "JK" if card >= FIRST_JOKER else card_ref(card % BASE)


def kind_name(meld: Meld) -> str:
    return "pure sequence" if meld.pure else meld.kind


def analyze(hand: Sequence[int], options: IndianOptions | None = None, wild: str | None = None) -> Analysis:
    """The hand melded at its best, its points, and whether it is a valid declaration."""
    rank = NO_WILD
    if wild is not None:
        found = parse_rank(wild)
        if found is None:
            raise CardError(f"bad wild rank {wild!r}: give a rank like 7, 10, Q or K")
        rank = found
    cards = physical(hand)
    if not 1 <= len(cards) <= 14:
        raise CardError(f"give 1 to 14 cards, not {len(cards)}")
    a = arrange(cards, rank)
    data: dict[str, Any] = {
        "variant": "indian",
        "cards": [card_code(c) for c in cards],
        "wild": None if rank == NO_WILD else RANK_LETTERS[rank],
        "melds": [[card_code(c) for c in m.cards] for m in a.melds],
        "meld_kinds": [kind_name(m) for m in a.melds],
        "deadwood": [card_code(c) for c in sort_cards(a.loose)],
        "deadwood_points": a.points,
        "raw_points": a.raw,
        "melds_count": a.counts,
        "valid_declaration": a.valid and len(cards) == 13,
        "missing": None if len(cards) == 13 and a.valid else missing(a, len(cards)),
    }
    text = [f"Wild: {'none (printed jokers only)' if rank == NO_WILD else RANK_PLURALS[rank]}"]
    for m in a.melds:
        text.append(f"{kind_name(m).capitalize()}: {' '.join(ref(c) for c in m.cards)}")
    loose = sort_cards(a.loose)
    if a.counts:
        text.append(f"Out of melds: {' '.join(ref(c) for c in loose) or 'nothing'}")
    else:
        text.append(f"Melds do not count, every card counts: {a.missing()}")
    capped = f" (capped from {a.raw})" if a.raw != a.points else ""
    text.append(f"Points: {a.points}{capped}")
    if len(cards) == 14:
        declare = []
        for c in dict.fromkeys(cards):
            rest = list(cards)
            rest.remove(c)
            if arrange(rest, rank).valid:
                declare.append(c)
        firsts = list({card_code(c): c for c in declare}.values())
        data["declare_with"] = [card_code(c) for c in firsts]
        if firsts:
            text.append("Declare with " + " or ".join(ref(c) for c in firsts))
        else:
            text.append("No valid declaration with these 14 cards")
    elif len(cards) == 13:
        text.append("A valid declaration" if a.valid else f"Not a valid declaration: {a.missing()}")
    return Analysis(data, tuple(text))


def missing(a: Arrangement, n: int) -> str:
    if n != 13:
        return f"a declaration melds 13 cards, not {n}"
    return a.missing() or ""


def hand_summary(view: View, options: IndianOptions) -> HandSummary:
    """The hand melded at its best, with what it would count now."""
    wild = view.extra.get("wild", NO_WILD)
    a = arrange(view.hand, wild if isinstance(wild, int) else NO_WILD)
    label = f"{a.points} points" + ("" if a.counts else f"; melds do not count: {a.missing()}")
    return HandSummary(
        melds=tuple(tuple(m.cards) for m in a.melds),
        loose=tuple(sort_cards(a.loose)),
        label=label,
    )
