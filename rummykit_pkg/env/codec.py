"""Action codecs: every move of a variant as an index of a fixed ``Discrete(n)``.

A codec is what :class:`~rummykit.core.plugins.registry.VariantSpec.action_codec`
returns: ``n`` (the size of the action space), ``encode(action) -> index``,
``decode(index) -> Action`` (``decode(encode(a))`` is the same move as ``a``:
equal :meth:`~rummykit.core.engine.actions.Action.key`), and ``pile_kinds``, the kinds
of move that put their (first) card on the discard pile (what the observation's
``took``/``passed``/``discarded`` fields are read with,
:func:`rummykit.core.bots.seen.read_seen`).

:class:`StandardCodec` is core's, used for every variant that declares none.
Its indices, in order (``docs/env.md`` "Actions"):

* ``0`` draw stock, ``1`` take discard;
* for each one-card kind ``k`` (``discard`` first, then the variant's own
  kinds, such as Gin's ``knock`` and ``gin``): one index a card of the
  variant's deck (52, or ``Deck.size`` for a declared deck: copies and printed
  jokers each their own), ``k`` card ``c``;
* if the variant melds: one index for every meld of one deck (329: the 65
  sets, then the 264 runs of 3 to 13 cards, ace high or low as the variant's
  ``ace_high`` says);
* if the variant adds to table melds: ``add`` card ``c`` to meld ``k``
  (``k`` = 1 .. 17, the most melds 52 cards make), 17 indices a card of the deck.

The melds are those of one deck: a variant whose melds hold copies or jokers
declares its own codec.

For a variant that declares a deck (copies, printed jokers), the observation
counts cards as a player names them (:class:`~rummykit.env.encode.Encoder`),
and a codec may say more about it, each optional: ``table_melds`` (an int:
the table melds, by number from 1, that the observation gives a field each;
core's codec: 17 for a variant that melds or adds, else 0),
``wild_rank(view) -> int | None`` (the rank, 0 ace .. 12 king, whose every
card is wild in the deal the view shows, as Indian Rummy's cut joker makes
it), ``card_extras`` (the view's ``extra`` keys whose value is a card of the
deck: encoded as the card a player names, never as a copy), ``seat_extras``
(the ``extra`` keys whose value is a tuple with one value per seat: encoded
by relative seat) and ``take_kinds`` (kinds that take the discard pile's top
card as a pick does: Contract Rummy's ``buy``).

A codec may also choose some moves in several steps (Contract Rummy's down,
one meld a step): ``encode_parts(actions)`` gives the indices (parts) of each
legal action, one for most; no two alike and none the start of another's.
The environments then ask for one part a step
(:meth:`~rummykit.env.table.Table.choose`), and the observation's ``chosen``
field is the codec's ``chosen_field(chosen)`` (``chosen_size`` numbers).

Which kinds a variant has is read from its spec: the kinds of ``moves`` and
of ``aliases``. A kind other than ``meld`` and ``add`` is taken to move one
card. A variant whose moves differ (two cards at once, a kind of its own with a
target) declares its own codec; an action the codec cannot number is a
:class:`CodecError` naming it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Protocol, cast, runtime_checkable

from pydantic import BaseModel

from rummykit.core.base.errors import CodecError
from rummykit.core.cards.card import DECK_SIZE, from_mask, to_mask
from rummykit.core.cards.melds import is_meld, mask_in_rank_order
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.plugins.registry import VariantSpec

__all__ = [
    "ADD",
    "DISCARD",
    "MAX_TABLE_MELDS",
    "MELD",
    "ActionCodec",
    "CodecError",
    "StandardCodec",
    "all_meld_masks",
    "codec_for",
    "standard_codec",
]

DISCARD = "discard"
MELD = "meld"
ADD = "add"
#: The most melds one deck makes (3 cards each): the targets ``add`` may name.
MAX_TABLE_MELDS = DECK_SIZE // 3


@runtime_checkable
class ActionCodec(Protocol):
    """What a variant's ``action_codec`` returns (see the module)."""

    n: int
    pile_kinds: tuple[str, ...]

    def encode(self, action: Action) -> int: ...

    def decode(self, index: int) -> Action: ...


@functools.cache
def all_meld_masks(ace_high: bool | str) -> tuple[int, ...]:
    """Every meld of one deck as a card bitmask, in the codec's order: the sets
    rank by rank (the four threes leaving out clubs, diamonds, hearts, spades,
    then the four), then the runs suit by suit, by lowest card, shortest
    first. ``ace_high``: the ace after the king in runs (``True``), before the
    2 (``False``), or either (``"both"``: the ace-low runs, then those with the
    ace after the king, Q-K-A to 2-..-K-A, suit by suit, shortest first)."""
    out: list[int] = []
    for rank in range(13):
        four = [suit * 13 + rank for suit in range(4)]
        for left_out in range(4):
            out.append(to_mask(c for i, c in enumerate(four) if i != left_out))
        out.append(to_mask(four))
    order = list(range(1, 13)) + [0] if ace_high is True else list(range(13))
    for suit in range(4):
        for start in range(13):
            for length in range(3, 14 - start):
                out.append(to_mask(suit * 13 + order[p] for p in range(start, start + length)))
    if ace_high == "both":
        for suit in range(4):
            for length in range(3, 13):  # 13 cards: the whole suit, an ace-low run already
                out.append(to_mask(suit * 13 + r for r in (*range(13 - length + 1, 13), 0)))
    return tuple(out)


class StandardCodec:
    """Core's codec (see the module): ``card_kinds`` are the one-card kinds,
    ``meld`` and ``add`` whether the variant has those moves, ``ace_high`` the
    variant's run order (``"both"``: a variant whose runs may have the ace low
    or high, which adds the runs with the ace after the king), and
    ``pile_kinds`` the kinds that put their card on the discard pile (default:
    every one-card kind) and ``dig_kinds`` those that take their card from
    anywhere in the pile with every card above it (default: none)."""

    def __init__(
        self,
        card_kinds: Sequence[str] = (DISCARD,),
        *,
        meld: bool = False,
        add: bool = False,
        ace_high: bool | str = False,
        pile_kinds: Sequence[str] | None = None,
        dig_kinds: Sequence[str] = (),
        deck_size: int = DECK_SIZE,
    ) -> None:
        kinds = tuple(dict.fromkeys(card_kinds))
        if not kinds:
            raise CodecError("a codec needs at least one one-card kind (discard)")
        if ace_high not in (True, False, "both"):
            raise CodecError(f"ace_high is True, False or 'both', not {ace_high!r}")
        self.card_kinds = kinds
        self.pile_kinds = kinds if pile_kinds is None else tuple(pile_kinds)
        self.dig_kinds = tuple(dig_kinds)
        self.meld = meld
        self.add = add
        self.ace_high = ace_high
        self.card_base = 2
        self.deck_size = size = deck_size
        self.meld_base = self.card_base + size * len(kinds)
        self.melds = all_meld_masks(ace_high) if meld else ()
        self.meld_index = {m: i for i, m in enumerate(self.melds)}
        self.add_base = self.meld_base + len(self.melds)
        self.n = self.add_base + (size * MAX_TABLE_MELDS if add else 0)
        #: The table melds a declared deck's observation gives a field each.
        self.table_melds = MAX_TABLE_MELDS if meld or add else 0
        self._kind_index = {k: i for i, k in enumerate(kinds)}
        # Variants hand out the same Action objects again and again: their indices
        # are kept by id. _held keeps each of those actions alive, so no other
        # object can take its id while the entry stands.
        self._by_id: dict[int, int] = {}
        self._held: list[Action] = []

    def __repr__(self) -> str:
        return f"StandardCodec({list(self.card_kinds)}, meld={self.meld}, add={self.add}, n={self.n})"

    def sections(self) -> list[tuple[str, int, int]]:
        """``(name, first index, count)`` of each range of indices."""
        out = [(DRAW_STOCK, 0, 1), (TAKE_DISCARD, 1, 1)]
        for i, k in enumerate(self.card_kinds):
            out.append((f"{k} CARD", self.card_base + self.deck_size * i, self.deck_size))
        if self.meld:
            out.append(("meld CARDS", self.meld_base, len(self.melds)))
        if self.add:
            out.append(("add CARD to K", self.add_base, self.deck_size * MAX_TABLE_MELDS))
        return out

    def encode(self, action: Action) -> int:
        index = self._by_id.get(id(action))
        if index is None:
            index = self._encode(action)
            if len(self._held) < 100_000:
                self._held.append(action)
                self._by_id[id(action)] = index
        return index

    def encode_all(self, actions: Sequence[Action]) -> list[int]:
        """``[encode(a) for a in actions]``, in one call (an environment encodes
        every legal action at every step)."""
        if type(self).encode is not StandardCodec.encode:  # a subclass numbers them its own way
            return [self.encode(a) for a in actions]
        out = list(map(self._by_id.get, map(id, actions)))
        if None in out:
            return [self.encode(a) for a in actions]
        return cast(list[int], out)  # no None in it

    def _encode(self, action: Action) -> int:
        kind, cards, target = action.kind, action.cards, action.target
        if kind == DRAW_STOCK and not cards and target is None:
            return 0
        if kind == TAKE_DISCARD and not cards and target is None:
            return 1
        k = self._kind_index.get(kind)
        size = self.deck_size
        if k is not None and len(cards) == 1 and target is None and 0 <= cards[0] < size:
            return self.card_base + size * k + cards[0]
        if kind == MELD and self.meld and target is None and len(set(cards)) == len(cards):
            i = self.meld_index.get(to_mask(cards)) if all(0 <= c < DECK_SIZE for c in cards) else None
            if i is not None:
                return self.meld_base + i
        if (
            kind == ADD
            and self.add
            and len(cards) == 1
            and 0 <= cards[0] < size
            and target is not None
            and 1 <= target <= MAX_TABLE_MELDS
        ):
            return self.add_base + cards[0] * MAX_TABLE_MELDS + target - 1
        hint = (
            ": a variant with other moves than draw, take, one-card moves, meld and add declares "
            "its own codec (VariantSpec.action_codec, docs/env.md)"
            if type(self) is StandardCodec
            else ""
        )
        raise CodecError(f"the action codec has no index for {action.notation()!r} ({self!r}){hint}")

    def decode(self, index: int) -> Action:
        if not 0 <= index < self.n:
            raise CodecError(f"action index {index} is out of range (0 to {self.n - 1})")
        if index < self.card_base:
            return Action(DRAW_STOCK) if index == 0 else Action(TAKE_DISCARD)
        if index < self.meld_base:
            k, card = divmod(index - self.card_base, self.deck_size)
            return Action(self.card_kinds[k], (card,))
        if index < self.add_base:
            mask = self.melds[index - self.meld_base]
            # "both": a run listed ace last unless it is a meld with the ace low.
            ace_high = self.ace_high is True or (self.ace_high == "both" and not is_meld(from_mask(mask)))
            return Action(MELD, mask_in_rank_order(mask, ace_high))
        card, k = divmod(index - self.add_base, MAX_TABLE_MELDS)
        return Action(ADD, (card,), k + 1)


def standard_codec(
    spec: VariantSpec[Any], n_seats: int = 2, options: BaseModel | None = None
) -> StandardCodec:
    """Core's codec for ``spec``: the kinds its ``moves`` and ``aliases`` name
    (see the module), a card index for every card of the deck ``options``
    give (the default options when None)."""
    declared = [m.kind for m in spec.moves] + list(spec.aliases.values())
    core = (DRAW_STOCK, TAKE_DISCARD, DISCARD, MELD, ADD)
    own = [k for k in dict.fromkeys(declared) if k not in core]
    deck = spec.deck_for(options if options is not None else spec.options_model(), n_seats)
    return StandardCodec(
        [DISCARD, *own],
        meld=MELD in declared,
        add=ADD in declared,
        ace_high=bool(spec.ace_high),
        deck_size=deck.size,
    )


def codec_for(spec: VariantSpec[Any], n_seats: int, options: BaseModel | None = None) -> ActionCodec:
    """The variant's codec: its spec's ``action_codec`` if it declares one (called
    with the spec and the number of seats), else :func:`standard_codec` for the
    deck of ``options``."""
    factory = getattr(spec, "action_codec", None)
    codec = factory(spec, n_seats) if factory is not None else standard_codec(spec, n_seats, options)
    for attr in ("n", "pile_kinds", "encode", "decode"):
        if not hasattr(codec, attr):
            raise CodecError(f"variant {spec.name}: its action codec has no {attr!r}")
    if not isinstance(codec.n, int) or codec.n < 1:
        raise CodecError(f"variant {spec.name}: its action codec's n must be a positive int")
    return codec
