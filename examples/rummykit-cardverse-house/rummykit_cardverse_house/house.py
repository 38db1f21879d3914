"""CardVerse with two house rules, on CardVerse's public API only.

1. **The discard pile becomes the stock, once.** The first time a player draws
   from the empty stock, the discard pile but its top card is shuffled into a
   new stock (with the round's own generator, so a saved game replays
   exactly) and the player draws from it. The next time the stock runs out,
   drawing from it ends the round as in CardVerse.
2. **51 to open.** A player's first melds must be worth 51 points or more
   (J Q K 10, an ace as the ``ace_high`` option says, others their face
   value), laid all at once with the move ``open`` (``o``): ``open 9H TH JH
   QS QH QD``. Until then a player may not ``meld`` or ``add``.

Both are options (``reshuffle``, ``open_points``); everything else is CardVerse.
"""

from __future__ import annotations

from pydantic import Field

from rummykit import (
    DRAW_STOCK,
    Action,
    AgentSpec,
    Event,
    MoveWords,
    all_melds,
    card_ref,
    mask_in_rank_order,
    to_mask,
)
from rummykit.variants.cardverse_rummy import (
    ADD,
    DISCARD,
    MELD,
    PLAY_PHASE,
    CardVerseOptions,
    CardVerseRound,
    hand_value,
    make_spec,
)
from rummykit.variants.cardverse_rummy import (
    MOVES as CARDVERSE_MOVES,
)

NAME = "cardverse-house"
OPEN = "open"
#: Openings looked at, at most, in one state (a hand of 11 has far fewer).
MAX_OPENINGS = 2000


class HouseOptions(CardVerseOptions):
    """CardVerse's options and the two house rules'."""

    reshuffle: bool = Field(
        True,
        description="when the stock runs out the first time, the discard pile but its top card "
        "is shuffled into a new stock",
    )
    open_points: int = Field(
        51, ge=0, le=400, description="points a player's first melds must reach, laid at once (0: none)"
    )


def openings(hand: int, need: int, ace_points: int, keep_one: bool) -> dict[int, tuple[int, ...]]:
    """Every set of cards of ``hand`` that splits into melds worth ``need``
    points or more, as ``{cards: melds}`` (masks; the first split found)."""
    melds = all_melds(hand, ace_high=True)
    found: dict[int, tuple[int, ...]] = {}

    def walk(start: int, used: int, combo: tuple[int, ...], points: int) -> None:
        if points >= need and combo and used not in found and not (keep_one and used == hand):
            found[used] = combo
        for i in range(start, len(melds)):
            if len(found) >= MAX_OPENINGS:
                return
            m = melds[i]
            if not m & used:
                walk(i + 1, used | m, (*combo, m), points + hand_value(m, ace_points))

    walk(0, 0, (), 0)
    return found


class HouseRound(CardVerseRound):
    """A CardVerse round under the house rules: only public override points."""

    count_keys = (*CardVerseRound.count_keys, "reshuffles", "openings")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.opened = [False] * self.n_seats

    @property
    def need(self) -> int:
        return self.options.open_points

    def must_open(self) -> bool:
        return self.need > 0 and not self.opened[self.seat_to_act]

    # -- 51 to open: an extra move, and meld and add only once opened ------------

    def extra_actions(self):
        if self.result is not None or self.phase != PLAY_PHASE or not self.must_open():
            return ()
        found = openings(self.hands[self.seat_to_act], self.need, self.ace_points, self.discard_to_win)
        return tuple(Action(OPEN, mask_in_rank_order(m, True)) for m in sorted(found))

    def allows(self, action):
        return action.kind not in (MELD, ADD) or not self.must_open()

    def apply_extra(self, action):
        seat = self.seat_to_act
        mask = to_mask(action.cards)
        found = openings(self.hands[seat], self.need, self.ace_points, self.discard_to_win)
        for meld in found[mask]:
            self.lay_meld(seat, mask_in_rank_order(meld, True))
        self.opened[seat] = True
        if not self.hands[seat]:
            cards = " ".join(card_ref(c) for c in action.cards)
            self.go_out(seat, f"{{{seat}}} goes out by opening with {cards}", {"out_by_meld": 1})
        return Event(seat, action)

    def why_illegal(self, action):
        if self.result is None and action.kind == OPEN:
            return self.why_not_open(action)
        if (
            self.result is None
            and action.kind in (MELD, ADD)
            and self.phase == PLAY_PHASE
            and self.must_open()
        ):
            return (
                f"open first: your first melds must be worth {self.need} points or more, "
                "laid at once (open CARDS)"
            )
        return super().why_illegal(action)

    def why_not_open(self, action):
        if self.need == 0:
            return "no opening needed in this game: meld as usual"
        if self.phase != PLAY_PHASE:
            return "draw first"
        if self.opened[self.seat_to_act]:
            return "you have opened already: meld and add as usual"
        hand = self.hands[self.seat_to_act]
        if not action.cards:
            best = max(
                (hand_value(m, self.ace_points) for m in openings(hand, 0, self.ace_points, False)),
                default=0,
            )
            return f"open needs the cards of melds worth {self.need} points or more; your best is {best}"
        mask = to_mask(action.cards)
        if mask & ~hand:
            return "you do not hold all of those cards"
        if mask not in openings(mask, 0, self.ace_points, False):
            return "those cards do not split into melds"
        worth = hand_value(mask, self.ace_points)
        if worth < self.need:
            return f"those melds are worth {worth} points; an opening needs {self.need} or more"
        if self.discard_to_win and mask == hand:
            return "with discard_to_win you must keep a card to discard"
        return None

    # -- the discard pile becomes the stock, once ---------------------------------

    def empty_stock(self, seat):
        if not self.options.reshuffle or self.restocks:
            return False
        return self.restock_from_pile() > 0

    # -- tallies and what everyone sees ---------------------------------------------

    def result_counts(self, outcome, counts):
        out = super().result_counts(outcome, counts)
        out["reshuffles"] = len(self.restocks)
        out["openings"] = sum(self.opened)
        return out

    def view_extra(self):
        return {
            "reshuffle": self.options.reshuffle,
            "reshuffled": bool(self.restocks),
            "open_points": self.need,
            "opened_by_seat": tuple(self.opened),
        }


def table_summary(view):
    """The line under the piles: the reshuffle, and who has opened."""
    extra = view.extra
    parts = []
    if extra.get("reshuffled"):
        parts.append("stock rebuilt from the discard pile (once a round)")
    elif extra.get("reshuffle") and view.discard_pile:
        parts.append(
            f"when the stock runs out, the pile under {card_ref(view.discard_pile[-1])} becomes the stock"
        )
    need = extra.get("open_points", 0)
    if need:
        opened = [f"{{{s}}}" for s, done in enumerate(extra.get("opened_by_seat", ())) if done]
        parts.append(("opened: " + ", ".join(opened)) if opened else f"nobody has opened ({need} to open)")
    return "; ".join(parts) or None


MOVES = (
    *(
        MoveWords(DRAW_STOCK, empty="turn the discard pile into a new stock (once), else end the round")
        if m.kind == DRAW_STOCK
        else m
        for m in CARDVERSE_MOVES
    ),
    MoveWords(
        OPEN,
        short="o",
        does="opens with {cards}",
        did="opened with {cards}",
        usage="o CARDS",
        help="lay your first melds all at once, worth the points to open or more (51 unless set)",
    ),
)

RULES = (
    __doc__.split("\n\n", 1)[1]
    + "\nThe rest is CardVerse Rummy (`rummy rules cardverse`): the options `target`, "
    "`discard_to_win`, `ace_high` and `max_turns` are CardVerse's.\n"
)


def no_action_space(spec, n_seats):
    """No fixed action space for the learning environment (``rummykit.env``):
    an opening lays any number of melds at once, too many moves to number."""
    from rummykit.env.codec import CodecError

    raise CodecError(
        f"variant {spec.name} has no action space for rummykit.env: an opening lays any number "
        "of melds at once, too many moves to number"
    )


SPEC = make_spec(
    name=NAME,
    title="CardVerse, house rules",
    options_model=HouseOptions,
    round_class=HouseRound,
    rules_text=RULES,
    description="CardVerse with the discard pile turned into a new stock once, and 51 points to open",
    moves=MOVES,
    table_summary=table_summary,
    action_codec=no_action_space,
)


class HouseEasy:
    """``ai:easy`` under the house rules: opens with all it can, then lays
    every meld and addition, never takes the discard, sheds its highest card."""

    def __init__(self, seed=0):
        self.seed = seed

    def act(self, view, legal):
        by_kind = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if DRAW_STOCK in by_kind:
            return by_kind[DRAW_STOCK][0]
        for kind in (OPEN, MELD, ADD):
            if kind in by_kind:
                return max(by_kind[kind], key=lambda a: (len(a.cards), a.cards))
        ace = view.extra.get("ace_points", 1)
        return max(by_kind[DISCARD], key=lambda a: (hand_value(1 << a.cards[0], ace), a.cards[0]))


def easy_factory(seat, seed, options):
    return HouseEasy(seed)


def house_easy_spec():
    return AgentSpec(
        name="ai:easy",
        variant=NAME,
        strength=10,
        description="opens with all it can, lays every meld and addition, sheds its highest card",
        factory=easy_factory,
        rollout=True,
    )
