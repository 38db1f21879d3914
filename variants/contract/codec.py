"""Contract Rummy's moves as numbers, for the learning environments
(``VariantSpec.action_codec``, docs/env.md "Actions").

Cards are numbered as a player names them: a *slot* is a base card 0..51
(``suit * 13 + rank``) or 52 for a joker; copies share their slot (a legal
move names the lowest copy a hand holds). The indices, in order:

* 0 draw stock, 1 take discard, 2 buy, 3 pass;
* ``discard`` of each slot (53);
* ``add`` slot ``c`` to table meld ``k``: ``c * M + k - 1``, ``M`` = 3 × the
  seat count (a player lays at most three melds in a deal);
* the *melds* a contract is laid with: every distinct set of 3 cards (one
  rank, suits may repeat, up to two jokers, at least one natural card) and
  run of 4 (one suit, in order, the ace low or high, jokers standing in, at
  least one natural), each once by the slots it holds; and last, ``down``
  with every card (the seventh deal, where going down is going out).

Going down in deals 1 to 6 lays the whole contract at once: two or three of
those melds, from a hand that may hold thousands of ways to do it. So a down
is chosen in parts (``encode_parts``): one index per meld, sets first then
runs, each list in index order (one way for each down, the first such list
that lays its cards). The environment asks for the parts one step at a time,
its mask offering the next parts that lead to a legal down; the observation's
``chosen`` field counts the cards of the melds chosen so far (``chosen_field``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Any

from rummykit import DRAW_STOCK, TAKE_DISCARD, Action, CodecError

from .cards import CONTRACTS, copies_for, jokers_for
from .round import ADD, BUY, DISCARD, DOWN, PASS

__all__ = ["MELDS", "ContractCodec", "contract_codec"]

FIXED = (DRAW_STOCK, TAKE_DISCARD, BUY, PASS)
#: Cards as a player names them: the 52, then the joker.
SLOTS = 53
JOKER_SLOT = 52
SET_SIZE = 3
RUN_SIZE = 4


def _melds() -> tuple[tuple[tuple[int, ...], ...], int]:
    """Every set of 3 and run of 4 a contract lays, as sorted slot tuples, each
    multiset once; and how many of them are sets (they come first)."""
    found: dict[tuple[int, ...], None] = {}
    for rank in range(13):
        for shape in combinations_with_replacement(range(5), SET_SIZE):  # 4: a joker
            if shape.count(4) <= 2:
                found[tuple(sorted(JOKER_SLOT if s == 4 else s * 13 + rank for s in shape))] = None
    sets = len(found)
    for suit in range(4):
        for lo in range(11):  # positions lo..lo+3 of 0..13 (13: the ace after the king)
            cells = [suit * 13 + (0 if p == 13 else p) for p in range(lo, lo + RUN_SIZE)]
            for naturals in range(1, 1 << RUN_SIZE):
                chosen = [c for i, c in enumerate(cells) if naturals >> i & 1]
                found.setdefault(tuple(sorted(chosen + [JOKER_SLOT] * (RUN_SIZE - len(chosen)))), None)
    return tuple(found), sets


#: The melds a down is chosen from (sets, then runs), by slot.
MELDS, _SETS = _melds()


class ContractCodec:
    """The action codec of ``contract`` for ``n_seats`` seats (see the module)."""

    pile_kinds = (DISCARD,)
    #: A buy takes the discard pile's top card, as a pick does.
    take_kinds = (BUY,)
    card_extras: tuple[str, ...] = ()
    #: The ``extra`` entries with a value per seat: who is down, how many buys each made.
    seat_extras = ("down_counts", "buy_counts")
    chosen_size = SLOTS

    def __init__(self, n_seats: int) -> None:
        self.copies = copies_for(n_seats)
        self.first_joker = 52 * self.copies
        self.deck_size = self.first_joker + jokers_for(n_seats)
        #: The table melds ``add`` may name (and the observation shows one by one).
        self.table_melds = 3 * n_seats
        self.discard_base = len(FIXED)
        self.add_base = self.discard_base + SLOTS
        self.meld_base = self.add_base + SLOTS * self.table_melds
        self.down_all = self.meld_base + len(MELDS)
        self.n = self.down_all + 1
        self._meld_index = {m: i for i, m in enumerate(MELDS)}
        self._parts: dict[tuple[int, ...], tuple[int, ...]] = {}  # a down's slots -> its parts

    def __repr__(self) -> str:
        return f"ContractCodec(n={self.n})"

    def slot(self, card: int) -> int:
        return JOKER_SLOT if card >= self.first_joker else card % 52

    def card(self, slot: int) -> int:
        """The first card of a slot: the first copy, or the first joker."""
        return self.first_joker if slot == JOKER_SLOT else slot

    # -- one index a move --------------------------------------------------------

    def encode(self, action: Action) -> int:
        kind, cards, target = action.kind, action.cards, action.target
        if kind in FIXED and not cards and target is None:
            return FIXED.index(kind)
        if len(cards) == 1 and 0 <= cards[0] < self.deck_size:
            slot = self.slot(cards[0])
            if kind == DISCARD and target is None:
                return self.discard_base + slot
            if kind == ADD and target is not None and 1 <= target <= self.table_melds:
                return self.add_base + slot * self.table_melds + target - 1
        raise CodecError(f"the contract action codec has no single index for {action.notation()!r}")

    def decode(self, index: int) -> Action:
        """The move of an index; for a meld, a ``down`` of that meld alone (a part of a down)."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.n:
            raise CodecError(f"action index {index!r} is out of range (0 to {self.n - 1})")
        if index < self.discard_base:
            return Action(FIXED[index])
        if index < self.add_base:
            return Action(DISCARD, (self.card(index - self.discard_base),))
        if index < self.meld_base:
            slot, k = divmod(index - self.add_base, self.table_melds)
            return Action(ADD, (self.card(slot),), k + 1)
        if index < self.down_all:
            return Action(DOWN, self._cards(MELDS[index - self.meld_base]))
        return Action(DOWN)

    def _cards(self, slots: Sequence[int]) -> tuple[int, ...]:
        """Cards for ``slots``: each slot's copies in turn, jokers in turn."""
        used: dict[int, int] = {}
        out = []
        for s in slots:
            k = used.get(s, 0)
            used[s] = k + 1
            out.append(self.first_joker + k if s == JOKER_SLOT else s + 52 * k)
        return tuple(out)

    # -- moves in parts ------------------------------------------------------------

    def encode_parts(self, actions: Sequence[Action]) -> list[tuple[int, ...]]:
        """The indices that choose each of ``actions``: one for every move but a
        down of deals 1 to 6, one a meld for those (see the module)."""
        return [self.down_parts(a) if a.kind == DOWN else (self.encode(a),) for a in actions]

    def down_parts(self, action: Action) -> tuple[int, ...]:
        """The melds (their indices, sets first, each kind in index order) that
        lay ``action``, a down; the ``down`` of every card when no two or three
        melds of 3 and 4 cards lay it (the seventh deal's)."""
        slots = tuple(sorted(self.slot(c) for c in action.cards))
        parts = self._parts.get(slots)
        if parts is None:
            parts = self._split(slots)
            if len(self._parts) > 50_000:
                self._parts.clear()
            self._parts[slots] = parts
        return parts

    def _split(self, slots: tuple[int, ...]) -> tuple[int, ...]:
        counts = [0] * SLOTS
        for s in slots:
            counts[s] += 1
        fit = [i for i, m in enumerate(MELDS) if all(counts[s] >= m.count(s) for s in set(m))]
        for sets, runs in CONTRACTS[:6]:
            if SET_SIZE * sets + RUN_SIZE * runs != len(slots):
                continue
            found = self._search(counts, fit, sets, runs, 0, [])
            if found is not None:
                return tuple(self.meld_base + i for i in found)
        return (self.down_all,)

    def _search(
        self, counts: list[int], fit: list[int], sets: int, runs: int, start: int, chosen: list[int]
    ) -> list[int] | None:
        if sets == 0 and runs == 0:
            return list(chosen) if not any(counts) else None
        for i in fit:
            if i < start or (sets and i >= _SETS) or (not sets and i < _SETS):
                continue
            meld = MELDS[i]
            if any(counts[s] < meld.count(s) for s in meld):
                continue
            for s in meld:
                counts[s] -= 1
            chosen.append(i)
            found = self._search(counts, fit, sets - 1 if sets else 0, runs - (0 if sets else 1), i, chosen)
            chosen.pop()
            for s in meld:
                counts[s] += 1
            if found is not None:
                return found
        return None

    def chosen_field(self, chosen: Sequence[int]) -> list[float]:
        """The observation's ``chosen`` field: how many of each slot the melds
        chosen so far for a down hold."""
        out = [0.0] * SLOTS
        for i in chosen:
            if self.meld_base <= i < self.down_all:
                for s in MELDS[i - self.meld_base]:
                    out[s] += 1.0
        return out


def contract_codec(spec: Any, n_seats: int) -> ContractCodec:
    """``VariantSpec.action_codec`` of ``contract``."""
    return ContractCodec(n_seats)
