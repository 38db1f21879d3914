"""``rummy analyze cardverse`` and the hand summary shown during play."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummykit.core.base.errors import RummyError
from rummykit.core.base.values import counted
from rummykit.core.cards.card import code, parse_cards, sorted_cards
from rummykit.core.cards.melds import in_rank_order, mask_in_rank_order, meld_kind
from rummykit.core.cards.solver import MeldSolver, get_solver
from rummykit.core.engine.round import View, card_ref
from rummykit.core.plugins.registry import Analysis, HandSummary

from .options import CardVerseOptions
from .round import hand_value
from .table import ACE_HIGH, card_text, cards_of, codes_text


def _solver(options: CardVerseOptions) -> MeldSolver:
    return get_solver(ace_high=True, ace_points=options.ace_points)


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def hand_summary(view: View, options: CardVerseOptions) -> HandSummary:
    """The hand sorted (ace high), its best melds grouped, and its hand value."""
    hand = _mask(view.hand)
    if not hand:
        return HandSummary((), (), "hand value 0")
    _, melds = _solver(options).arrangement(hand)
    used = 0
    for m in melds:
        used |= m
    groups = tuple(
        mask_in_rank_order(m, ACE_HIGH)
        for m in sorted(melds, key=lambda m: sorted_cards(cards_of(m), ace_high=True)[0])
    )
    loose = tuple(sorted_cards(cards_of(hand & ~used), ace_high=True))
    return HandSummary(groups, loose, f"hand value {hand_value(hand, options.ace_points)}")


def parse_table(text: str) -> list[list[int]]:
    """Table melds from text: melds separated by ';', cards by spaces or commas.
    Each must be a valid CardVerse meld (ace high); a card may appear only once."""
    melds: list[list[int]] = []
    seen: dict[int, int] = {}
    for i, part in enumerate((p for p in text.split(";") if p.strip()), 1):
        try:
            cards = parse_cards(part)
        except RummyError as e:
            raise RummyError(f"table meld {i}: {e}") from None
        if meld_kind(cards, ace_high=True) is None:
            if len(cards) < 3:
                hint = " (a meld has at least 3 cards)"
            elif any(c % 13 == 0 for c in cards) and len({c // 13 for c in cards}) == 1:
                hint = " (the ace is high only: Q K A is a run, A 2 3 and K A 2 are not)"
            else:
                hint = ""
            raise RummyError(f"table meld {i} ({codes_text(cards)}) is not a set or a run{hint}")
        for c in cards:
            if c in seen:
                raise RummyError(f"{card_text(c)} is in table melds {seen[c]} and {i}")
            seen[c] = i
        melds.append(in_rank_order(cards, ACE_HIGH))
    if not melds:
        raise RummyError("--table names no melds (separate melds with ';')")
    return melds


def analyze(
    cards: Sequence[int],
    options: CardVerseOptions | None = None,
    table: str | None = None,
    variant: str = "cardverse",
) -> Analysis:
    """The melds that take the most points out of the hand now and the additions
    to the table melds (numbered from 1 in the order given), optimised together,
    with the cards and points left. Any hand of distinct cards (1 to 52), exact
    and fast (:mod:`rummykit.core.cards.meldplan`). With ``discard_to_win``, when
    everything could go down, a card is kept back to discard (the one that
    leaves the least once it is discarded)."""
    from rummykit.core.cards.meldplan import best_play, best_play_keeping

    options = options or CardVerseOptions()
    cards = list(cards)
    if not cards:
        raise RummyError("give at least one card to analyze")
    if len(set(cards)) != len(cards):
        dup = sorted({c for i, c in enumerate(cards) if c in cards[:i]})
        raise RummyError(f"duplicate card {codes_text(dup)}")
    if table is not None and not table.strip():
        raise RummyError('--table is empty: give melds such as "QH KH AH; 7C 7D 7S"')
    melds_on_table = parse_table(table) if table is not None else []
    on_table = {c for m in melds_on_table for c in m}
    both = [c for c in cards if c in on_table]
    if both:
        raise RummyError(f"cards both in the hand and on the table: {codes_text(both)}")
    hand = _mask(cards)
    table_masks = [_mask(m) for m in melds_on_table]
    res = best_play(hand, table_masks, ace_high=True, ace_points=options.ace_points)
    kept = None
    if options.discard_to_win and not res.deadwood_cards:
        kept, res = best_play_keeping(hand, table_masks, ace_high=True, ace_points=options.ace_points)
    melds = sorted(
        (mask_in_rank_order(m, ACE_HIGH) for m in res.melds), key=lambda m: sorted_cards(m, ace_high=True)[0]
    )
    additions = [(card, i + 1) for card, i in res.added]
    left = res.deadwood_cards | (1 << kept if kept is not None else 0)
    remaining = sorted_cards(cards_of(left), ace_high=True)
    remaining_points = hand_value(left, options.ace_points)
    hand_points = hand_value(hand, options.ace_points)
    data = {
        "variant": variant,
        "cards": [code(c) for c in cards],  # as given, like the gin analysis
        "melds": [[code(c) for c in m] for m in melds],
        "additions": [{"card": code(c), "to": n} for c, n in additions],
        "remaining": [code(c) for c in remaining],
        "remaining_points": remaining_points,
        "hand_points": hand_points,
    }

    def refs(cs: Iterable[int]) -> str:
        return " ".join(card_ref(c) for c in cs)

    text = [f"Hand: {refs(sorted_cards(cards, ace_high=True))} (hand value {hand_points})"]
    for i, m in enumerate(melds_on_table, 1):
        text.append(f"Table meld {i}: {refs(m)}")
    if melds:
        text.append("Meld now: " + "; ".join(refs(m) for m in melds))
    else:
        text.append("Meld now: nothing")
    for c, n in additions:
        text.append(f"Add {card_ref(c)} to meld {n} ({refs(melds_on_table[n - 1])})")
    if melds_on_table and not additions:
        text.append("Add to the table: nothing")
    text.append(
        f"Left in hand: {refs(remaining) if remaining else 'nothing'} ({counted(remaining_points, 'point')})"
    )
    if kept is not None:
        then = "to go out" if not res.deadwood_cards else "at the end of the turn"
        text.append(
            f"Discard {card_ref(kept)} {then} "
            "(discard_to_win: the last card must be discarded, not laid down)"
        )
    return Analysis(data=data, text=tuple(text))
