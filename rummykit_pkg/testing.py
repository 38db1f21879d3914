"""The conformance kit: the checks every variant plugin must pass.

Call it from a variant's own tests (PettingZoo's ``api_test`` is the model)::

    from rummykit.testing import check_variant

    def test_conformance():
        check_variant(MY_SPEC)               # or an installed variant's name

For several seeds and every allowed seat count it plays whole matches with
random players and with the variant's registered computer players (all random,
each bot at every seat, then bots and random mixed), and checks:

* after every action, every card of the round's deck (the 52 cards, or the
  copies and printed jokers the variant declares in ``VariantSpec.deck``) is
  accounted for, each exactly once (:func:`check_cards_accounted`, from
  ``Round.zones``; each deck of a round that plays several side by side, from
  ``Round.decks``, and each seat's view against its own deck), and the
  round's deck is the one declared (:func:`check_round_deck`);
* in every state, every seat's view holds its own hand but no other hand's
  hidden cards, not the stock (nor its order), no card another seat drew from
  the stock, no reference to the round and no list, dict or set (a bot must
  not be able to change what it is given) (:func:`check_view_hides`);
* ``legal_actions()`` is a tuple; the seat to act always has a legal action
  until the round ends, and only it;
  every legal action has a notation of its own that reads back as that action
  (:func:`check_legal_actions`);
* an illegal action raises :class:`~rummykit.core.base.errors.IllegalAction` with a
  message and changes nothing (:func:`check_illegal_action_changes_nothing`);
* the same seed deals the same game whatever the global ``random`` state, and
  the same seed and actions replay to the same game (:func:`check_determinism`,
  :func:`check_replay`); the match record round-trips through JSON;
* every round ends within a bound of actions (a match is played to its end,
  or stopped after ``max_rounds`` rounds); round scores are whole,
  non-negative (unless the spec says ``negative_scores``), one per seat, and
  add up to the totals (:func:`check_result`).
* replaying the match, in a few states of every round (the deal, the end and
  others at random): ``Round.clone`` gives a copy that looks the same, and
  playing on it never changes the round, nor the other way round
  (:func:`check_clone`); for every seat, ``Round.resample`` gives states the
  seat cannot tell from the real one (its view the same field by field, its
  legal actions the same, all 52 cards there) in which the cards it has not
  seen do move (:func:`check_resample`). That is also the general leak check:
  re-dealing what a seat has not seen must never change its view, so a hidden
  card in any field and any encoding (an int, a bit mask) is caught.

* in every state, what people read works (:func:`check_display`): every seat's
  ``hand_summary``, each of :data:`DISPLAY_HOOKS` the variant has, the words
  of every legal move and of the last one (short form, help, log phrases), and
  once a round is over its result text: templates naming only seats of the
  round, cards that are cards (:func:`check_result_text`); the log phrases of
  every declared move fill in (:func:`check_move_words`).

* what the match rule says, under each rule the variant declares
  (``check_variant(rules=...)``): every round is dealt with the match's
  context, which holds together, and a seat it does not seat holds no card
  and never acts (:func:`check_match_context`); after each round the rule's
  state is plain JSON, its columns and ranking well formed
  (:func:`check_match_state`); at the end the winners are a seat or a whole
  team, ranked first, and the ranking follows the totals the rule decides by
  (:func:`check_match_end`); the record keeps the rule and its state and
  replays to them (:func:`check_replay`).

:func:`check_variant` needs the variant installed (or ``agents`` given): its
bots are checked too. It returns, and prints, a :class:`Coverage`: the players
it ran, the kinds of move played and never played, the outcomes reached and
never reached.

A failure is a :class:`ConformanceError` (an ``AssertionError``) that says which
check failed, with the seed, the seat count and the players, so it can be
replayed. Each check is also a function of its own, for a variant's own tests.

Numbers in a view that are not cards: a view is also searched for hidden cards
in every sequence of ints (two or more hidden cards in one sequence is a leak).
Counts and scores are not cards: name such fields ``..._sizes``, ``..._counts``,
``scores``, ``points``, ``totals`` (or put them in ``View.hand_sizes`` /
``View.scores``), and the kit skips them.
"""

from __future__ import annotations

import json
import random
import re
import string
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, NoReturn

from pydantic import BaseModel

from rummykit.core.base.errors import IllegalAction, ResampleError, RummyError
from rummykit.core.bots.agents import Agent, RandomAgent, act_kwargs, agent_seed
from rummykit.core.cards.card import DECK_SIZE, card_token, code, pretty
from rummykit.core.cards.deck import JOKER, STANDARD_DECK, Deck
from rummykit.core.engine.actions import Action, parse_action
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.loop import LIMIT, OVER, Loop
from rummykit.core.engine.options import build_options
from rummykit.core.engine.round import Event, Round, RoundResult, View
from rummykit.core.play.match import Column, Match, match_rule
from rummykit.core.play.records import MatchRecord, RuleRecord, SeatRecord, replay
from rummykit.core.plugins.registry import AgentSpec, HandSummary, Registry, VariantSpec

__all__ = [
    "DISPLAY_HOOKS",
    "MAX_ACTIONS_PER_ROUND",
    "MAX_ROUNDS",
    "SAMPLES",
    "SEARCH_ITERATIONS",
    "SEARCH_MAX_MOVES",
    "STATES_PER_ROUND",
    "ConformanceError",
    "Coverage",
    "check_cards_accounted",
    "check_clone",
    "check_clone_and_resample",
    "check_codec",
    "check_determinism",
    "check_display",
    "check_illegal_action_changes_nothing",
    "check_legal_actions",
    "check_match_context",
    "check_match_end",
    "check_match_state",
    "check_move_words",
    "check_options",
    "check_replay",
    "check_resample",
    "check_result",
    "check_result_text",
    "check_round_deck",
    "check_round_state",
    "check_variant",
    "check_view_hides",
    "generators",
    "play_match",
    "snapshot",
]

#: Default bound on the actions of one round (a round that plays longer fails).
MAX_ACTIONS_PER_ROUND = 5_000
#: Default number of rounds after which a match still going is stopped (not a
#: failure: random players may never reach the target of some variants).
MAX_ROUNDS = 20
#: States of each round where clone and resample are checked (the first, the
#: last, and others at random), and resamples drawn per seat in each.
STATES_PER_ROUND = 4
SAMPLES = 3
#: Resamples drawn, at most, to see the unseen cards move.
MAX_SAMPLES = 40
#: Roll-outs per decision of core's ``ai:search`` in the kit's games, and the
#: bound on the moves they play: with 1, a decision ends after its first
#: sampled deal, on which every candidate move is played out once (the kit
#: checks that the search plays the variant, not how well).
SEARCH_ITERATIONS = 4
SEARCH_MAX_MOVES = 1


class ConformanceError(AssertionError):
    """A variant broke the engine contract."""


def _fail(msg: str) -> NoReturn:
    raise ConformanceError(msg)


# -- single checks -------------------------------------------------------------


def check_cards_accounted(rnd: Round) -> None:
    """Every card of the round's deck (``rnd.deck``: the 52 cards, or the
    copies and printed jokers the variant declares, each copy counted on its
    own) is in ``rnd.zones()`` exactly once, and the zones include ``stock``
    and ``hand0`` ... ``hand{n-1}``. A round playing several decks side by
    side (``Round.decks``): each deck holds its cards exactly once and has
    its ``stock``, and every seat's hand is in one of them."""
    deck = _deck_of(rnd)
    zones = rnd.zones()
    for i in range(rnd.n_seats):
        if f"hand{i}" not in zones:
            _fail(f"zones() has no 'hand{i}'")
    decks = rnd.decks()
    if len(decks) == 1:
        _check_deck(zones, "zones()", deck)
        return
    for k, one in enumerate(decks):
        _check_deck(one, f"decks()[{k}]", deck)
    for i in range(rnd.n_seats):
        holders = [k for k, one in enumerate(decks) if f"hand{i}" in one]
        if len(holders) != 1:
            _fail(f"'hand{i}' is in {len(holders)} decks of decks(), not in one")


def _check_deck(zones: Mapping[str, Sequence[int]], what: str, deck: Deck) -> None:
    """``zones``, one deck's, hold every card of ``deck`` exactly once and a ``stock``."""
    size = deck.size
    if "stock" not in zones:
        _fail(f"{what} has no 'stock'")
    seen: dict[int, str] = {}
    for zone, cards in zones.items():
        for c in cards:
            if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < size:
                _fail(f"zone {zone} holds {c!r}, not a card of its deck ({size} cards)")
            if c in seen:
                where = f"twice in {zone}" if seen[c] == zone else f"in both {seen[c]} and {zone}"
                _fail(f"card {deck.exact_code(c)} is {where}")
            seen[c] = zone
    if len(seen) != size:
        missing = sorted(set(range(size)) - set(seen))
        shown = " ".join(deck.exact_code(c) for c in missing)
        _fail(f"{size - len(seen)} cards missing from {what}: {shown}")


def _seat_deck(rnd: Round, seat: int) -> tuple[Mapping[str, Sequence[int]], set[int]]:
    """The zones of the deck ``seat`` plays with (``Round.decks``: the one
    holding its hand), and the cards the other decks show in public (in a
    zone that is neither a stock nor a hand; their hands too once the round
    is over): a number in a view cannot say which deck it belongs to, so
    those are not counted hidden."""
    decks = rnd.decks()
    if len(decks) == 1:
        return decks[0], set()
    mine = next((d for d in decks if f"hand{seat}" in d), decks[0])
    shown: set[int] = set()
    for d in decks:
        if d is not mine:
            for zone, cards in d.items():
                if zone != "stock" and (rnd.result is not None or not zone.startswith("hand")):
                    shown.update(cards)
    return mine, shown


def _deck_of(rnd: Round) -> Deck:
    deck = getattr(rnd, "deck", STANDARD_DECK)
    if not isinstance(deck, Deck):
        _fail(f"the round's deck is a {type(deck).__name__}, not a Deck")
    return deck


def check_round_deck(spec: VariantSpec[Any], options: BaseModel, rnd: Round) -> None:
    """The round is dealt from the deck its variant declares (``VariantSpec.deck``)."""
    want = spec.deck_for(options, rnd.n_seats)
    got = _deck_of(rnd)
    if got != want:
        _fail(f"the round's deck is {got!r}, the variant declares {want!r} for {rnd.n_seats} seats")


_ATOMS = (str, bytes, int, float, bool, type(None), type)
_FIELDS: dict[type, tuple[str, ...]] = {}


def _attr_names(tp: type) -> tuple[str, ...]:
    """Field names of a dataclass, or slot names (none for other objects)."""
    names = _FIELDS.get(tp)
    if names is None:
        if is_dataclass(tp):
            names = tuple(f.name for f in fields(tp))
        else:
            names = tuple(s for k in tp.__mro__ for s in _slots(k))
        _FIELDS[tp] = names
    return names


def _slots(klass: type) -> tuple[str, ...]:
    """The slot names ``klass`` itself declares (``__slots__ = "x"`` is one)."""
    slots = klass.__dict__.get("__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)


def _children(obj: Any) -> Iterable[tuple[str, Any]]:
    if isinstance(obj, _ATOMS):
        return ()
    if isinstance(obj, Action):
        return ((".cards", obj.cards),)
    if isinstance(obj, (list, tuple)):
        return ((f"[{i}]", v) for i, v in enumerate(obj))
    if isinstance(obj, (set, frozenset)):
        return (("[*]", v) for v in list(obj))
    if isinstance(obj, Mapping):
        return ((f"[{k!r}]", v) for k, v in list(obj.items()))
    if callable(obj):
        return ()
    tp = type(obj)
    d = getattr(obj, "__dict__", None)
    if isinstance(d, dict) and not is_dataclass(tp):
        return ((f".{k}", v) for k, v in list(d.items()))
    names = _attr_names(tp)
    return ((f".{n}", getattr(obj, n)) for n in names if hasattr(obj, n))


_SCALARS = (bytes, int, float, bool, type(None), type)


def _walk(
    obj: Any,
    path: str,
    out: list[tuple[str, Any]],
    depth: int = 0,
    seen: set[int] | None = None,
    limit: int = 200_000,
    skip: tuple[str, ...] = (),
) -> None:
    """Every container, object and text reachable from ``obj``, with where it
    was found (numbers are not listed: they are checked with their sequence).
    Paths in ``skip`` are listed but not entered."""
    seen = set() if seen is None else seen
    stack = [(path, obj, depth)]
    while stack and len(out) < limit:
        p, o, d = stack.pop()
        out.append((p, o))
        if d >= 12 or isinstance(o, _ATOMS) or p in skip or id(o) in seen:
            continue
        seen.add(id(o))
        for sub, v in _children(o):
            if isinstance(v, _SCALARS):
                continue
            if isinstance(v, str):
                out.append((p + sub, v))
                continue
            stack.append((p + sub, v, d + 1))


def _round_mutables(rnd: Round) -> dict[int, str]:
    """The lists, dicts and sets the round holds (not inside its final result,
    which the view may share), by id."""
    found: list[tuple[str, Any]] = []
    _walk(rnd, "round", found, limit=20_000, skip=("round.result", "round.history", "round._resample_trace"))
    return {id(o): p for p, o in found if isinstance(o, _MUTABLE)}


_NOT_CARDS = re.compile(r"(sizes?|counts?|scores?|points|totals?|turns?|index|seat|number)\W*$", re.I)
_MUTABLE = (list, dict, set, bytearray)


def _is_count(path: str) -> bool:
    last = re.split(r"[.\[]", path.rstrip("]"))[-1].strip("'\"")
    return bool(_NOT_CARDS.search(last))


def _card_tokens(text: str, deck: Deck = STANDARD_DECK) -> set[int]:
    """The cards a text names, as base cards (a copy is named as its base;
    a printed joker is :data:`~rummykit.core.cards.deck.JOKER`): by their codes
    and pretty forms, and the cards of ``deck`` in core's notations, a card
    marker (``[[60]]``) and a card token beyond the 52 (``#60``)."""
    table = _card_table()
    named = {table[t] for t in re.split(r"[\s,;:()\[\]{}]+", text) if t in table}
    for m in _CARD_REF.finditer(text):
        if int(m.group(1)) in deck:
            named.add(deck.base(int(m.group(1))))
    for m in _TOKEN_BEYOND.finditer(text):
        n = int(m.group(1))
        if n >= DECK_SIZE and n in deck:  # "#3" is not a card: meld #3, say
            named.add(deck.base(n))
    return named


#: core's token for a card beyond the 52 (:func:`~rummykit.core.cards.card.card_token`).
_TOKEN_BEYOND = re.compile(r"(?<![\w#])#(\d{2,5})(?!\d)")


_TABLE: dict[str, int] = {}


def _card_table() -> dict[str, int]:
    if not _TABLE:
        for c in range(DECK_SIZE):
            _TABLE[code(c)] = c
            _TABLE[pretty(c)] = c
        for word in ("JK", "🃏", "Jk"):
            _TABLE[word] = JOKER
    return _TABLE


def check_view_hides(
    rnd: Round, seat: int, mutables: dict[int, str] | None = None, view: View | None = None
) -> None:
    """The view of ``seat`` shows its own hand and nothing hidden from it.

    Hidden from a seat: the stock, and (until the round is over) every other
    hand, except cards it has seen in public (discarded, taken from the
    discard pile, laid on the table, named in an action). A sequence of ints,
    or a text, anywhere in the view holding two or more hidden cards is a leak;
    so is the stock in order, a private event's card, a reference to the
    round, and a list/dict/set that is the round's own (a bot could change the
    game through it).
    """
    view = rnd.view(seat) if view is None else view
    zones = rnd.zones()
    deck = _deck_of(rnd)
    mine, shown_elsewhere = _seat_deck(rnd, seat)
    if not isinstance(view, View):
        _fail(f"view({seat}) is a {type(view).__name__}, not a View")
    if view.seat != seat:
        _fail(f"view({seat}).seat is {view.seat}")
    if sorted(view.hand) != sorted(zones[f"hand{seat}"]):
        _fail(f"view({seat}).hand is not seat {seat}'s hand")
    if len(view.hand_sizes) != rnd.n_seats:
        _fail(f"view({seat}).hand_sizes has {len(view.hand_sizes)} entries for {rnd.n_seats} seats")
    for i in range(rnd.n_seats):
        if view.hand_sizes[i] != len(zones[f"hand{i}"]):
            _fail(
                f"view({seat}).hand_sizes[{i}] is {view.hand_sizes[i]}, the hand has {len(zones[f'hand{i}'])}"
            )
    if view.stock_size != len(mine["stock"]):
        _fail(f"view({seat}).stock_size is {view.stock_size}, the stock has {len(mine['stock'])}")
    over = rnd.result is not None
    public = set(view.discard_pile) | set(view.hand)
    for m in view.table:
        public |= set(m.cards)
    for e in view.history:
        if not isinstance(e, Event):
            _fail(f"view({seat}).history holds {e!r}, not an Event")
        if e.private and e.seat != seat and e.card is not None:
            _fail(
                f"view({seat}).history shows the card seat {e.seat} drew from the stock "
                f"({deck.exact_code(e.card) if e.card in deck else repr(e.card)})"
            )
        if e.card is not None:
            public.add(e.card)
        public |= set(e.action.cards)
    hidden = set(mine["stock"])
    if not over:
        for i in range(rnd.n_seats):
            if i != seat and f"hand{i}" in mine:
                hidden |= set(mine[f"hand{i}"])
    hidden -= public | shown_elsewhere
    # A text names a card, not a copy: it leaks a card only when no copy of it is public.
    base = deck.base
    hidden_names = {base(c) for c in hidden} - {base(c) for c in public if c in deck}
    stock = list(mine["stock"])
    values: list[tuple[str, Any]] = []
    _walk(view, "view", values, skip=("view.history",))  # events: checked above
    for where, v in values:
        if isinstance(v, Round):
            _fail(f"{where} is a reference to the round")
        if isinstance(v, str):
            named = hidden_names & _card_tokens(v, deck)
            if len(named) >= 2:
                _fail(
                    f"view({seat}) leaks hidden cards in the text at {where}: "
                    + " ".join("JK" if b == JOKER else code(b) for b in sorted(named))
                )
            continue
        if not isinstance(v, (list, tuple, set, frozenset)) or len(v) < 2 or _is_count(where):
            continue
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            continue
        seq = list(v)
        if len(stock) >= 2 and (seq == stock or seq == stock[::-1]):
            _fail(f"view({seat}) shows the stock in order at {where}")
        leaked = hidden & set(seq)
        if len(leaked) >= 2:
            _fail(
                f"view({seat}) leaks hidden cards at {where}: "
                + " ".join(deck.exact_code(c) for c in sorted(leaked))
            )
    # Shared mutable state: a view must be a copy, not a window into the round;
    # and nothing in it may be changed by the bot it is given. A view with no
    # list, dict or set can share none with the round, so the round is walked
    # (to say which of its own the view holds) only when the view has one.
    for where, v in values:
        if isinstance(v, _MUTABLE):
            owned = _round_mutables(rnd) if mutables is None else mutables
            if id(v) in owned:
                _fail(
                    f"{where} is the round's own {type(v).__name__} ({owned[id(v)]}); a view must hold copies"
                )
            _fail(
                f"{where} is a {type(v).__name__}; a view must hold only immutable data "
                "(tuples, read-only mappings)"
            )
    if view.legal and rnd.to_act() != seat:
        _fail(f"view({seat}) offers legal actions to a seat that is not to act")


def check_legal_actions(rnd: Round, view: View | None = None) -> None:
    """The seat to act has a legal action (none once the round is over), its
    view offers the same ones, and every legal action's notation is its own and
    reads back (the CLI and the records work from the notation)."""
    seat = rnd.to_act()
    legal = rnd.legal_actions()
    if type(legal) is not tuple:
        _fail(
            f"legal_actions() returns a {type(legal).__name__}, not a tuple (a list could be "
            "emptied by whoever is given it)"
        )
    if rnd.result is not None:
        if seat is not None:
            _fail(f"the round is over but to_act() is {seat}")
        if legal:
            _fail("the round is over but legal_actions() is not empty")
        return
    if seat is None:
        _fail("no seat to act, but the round is not over (result is None)")
    if not 0 <= seat < rnd.n_seats:
        _fail(f"to_act() is {seat!r}, not a seat")
    if not legal:
        _fail(f"seat {seat} is to act but has no legal action, and the round is not over")
    offered = {a.key() for a in (rnd.view(seat) if view is None else view).legal}
    if offered != {a.key() for a in legal}:
        _fail(f"view({seat}).legal differs from legal_actions()")
    notations: dict[str, Action] = {}
    kinds = tuple(sorted({a.kind for a in legal if isinstance(a, Action)}))
    for a in legal:
        if not isinstance(a, Action):
            _fail(f"legal_actions() holds {a!r}, not an Action")
        text = a.notation()
        if text in notations and notations[text].key() != a.key():
            _fail(f"two legal actions are both written {text!r}")
        notations[text] = a
        back = _READ_BACK.get((text, kinds))
        if back is None:
            try:
                back = parse_action(text, legal).key()
            except RummyError as e:
                _fail(f"the notation {text!r} of a legal action does not read back: {e}")
            if len(_READ_BACK) > 100_000:
                _READ_BACK.clear()
            _READ_BACK[(text, kinds)] = back
        if back != a.key():
            _fail(f"the notation {text!r} reads back as a different action")


_READ_BACK: dict[tuple[str, tuple[str, ...]], tuple] = {}


def snapshot(rnd: Round, views: bool = True) -> tuple:
    """Everything observable about a round, to compare before and after
    (``views=False`` leaves out the seats' views, the costly part), and the
    state of the random generators it holds (:func:`generators`)."""
    return (
        {k: tuple(v) for k, v in rnd.zones().items()},
        rnd.to_act(),
        tuple(rnd.history),
        tuple(a.key() for a in rnd.legal_actions()),
        rnd.result,
        generators(rnd),
        [rnd.view(s) for s in range(rnd.n_seats)] if views else None,
    )


_GENERATORS = 5  # where snapshot() holds generators(rnd)


def generators(rnd: Round) -> tuple:
    """The state of each ``random.Random`` the round holds as an attribute
    (by name): a round that draws from its own generator as it plays must give
    a clone its own copy, or playing on the clone moves the original's."""
    names = set(getattr(rnd, "__dict__", {}))
    for klass in type(rnd).__mro__:
        names.update(_slots(klass))
    states = []
    for name in sorted(names):
        value = getattr(rnd, name, None)
        if isinstance(value, random.Random):
            states.append((name, value.getstate()))
    return tuple(states)


def _illegal_candidates(rnd: Round) -> list[Action]:
    seat = rnd.to_act()
    zones = rnd.zones()
    mine = list(zones.get(f"hand{seat}", ())) if seat is not None else []
    not_mine = [c for c in _deck_of(rnd).cards() if c not in set(mine)]
    legal = rnd.legal_actions()
    keys = {a.key() for a in legal}
    cands = [
        Action("no such move"),
        Action("discard", (not_mine[0],)) if not_mine else Action("discard", (0, 1)),
        Action("meld", tuple(not_mine[:3])),
        Action("add", (not_mine[0],), 99),
        Action("draw stock", (not_mine[0],)),
    ]
    for kind in sorted({a.kind for a in legal}):
        cands.append(Action(kind, tuple(not_mine[:1])))
        cands.append(Action(kind, tuple(not_mine[:2]), 7))
    return [a for a in cands if a.key() not in keys]


def check_illegal_action_changes_nothing(rnd: Round) -> None:
    """Illegal actions (made-up kinds, cards the seat does not hold, legal
    kinds with wrong cards) raise ``IllegalAction`` with a message and leave
    every observable part of the round as it was."""
    full = snapshot(rnd)
    before = full[:-1] + (None,)
    for action in _illegal_candidates(rnd):
        try:
            rnd.apply(action)
        except IllegalAction as e:
            if not str(e).strip():
                _fail(f"IllegalAction for '{action}' has no message")
            if "\n" in str(e) or "\r" in str(e):
                _fail(f"IllegalAction for '{action}' is not one line: {str(e)!r}")
            reason = rnd.why_illegal(action)
            if reason is not None and (not isinstance(reason, str) or "\n" in reason or "\r" in reason):
                _fail(f"why_illegal('{action}') is not one line of text: {reason!r}")
        except Exception as e:  # anything else is a contract break
            _fail(f"illegal action '{action}' raised {type(e).__name__}: {e}, not IllegalAction")
        else:
            _fail(f"illegal action '{action}' was accepted")
        if snapshot(rnd, views=False) != before:
            _fail(f"illegal action '{action}' changed the state")
    if snapshot(rnd) != full:
        _fail("an illegal action changed what the seats see")


def check_round_state(rnd: Round, *, illegal: bool = True) -> None:
    """Every per-state check at once: cards, every seat's view, the legal
    actions, and (when ``illegal``) that illegal actions change nothing."""
    check_cards_accounted(rnd)
    views = [rnd.view(s) for s in range(rnd.n_seats)]
    for s, view in enumerate(views):
        check_view_hides(rnd, s, view=view)
    seat = rnd.to_act()
    check_legal_actions(rnd, views[seat] if isinstance(seat, int) and 0 <= seat < len(views) else None)
    if illegal and rnd.result is None:
        check_illegal_action_changes_nothing(rnd)


def check_result(result: RoundResult, n_seats: int, negative: bool = False) -> None:
    """One whole score per seat, non-negative unless ``negative`` (a variant whose
    spec declares ``negative_scores``), and a winner that is a seat or None."""
    if not isinstance(result, RoundResult):
        _fail(f"the round's result is a {type(result).__name__}, not a RoundResult")
    if len(result.points) != n_seats:
        _fail(f"result has {len(result.points)} scores for {n_seats} seats")
    for p in result.points:
        if not isinstance(p, int) or isinstance(p, bool) or (p < 0 and not negative):
            _fail(f"round score {p!r} is not a whole {'' if negative else 'non-negative '}number")
    if result.winner is not None and not (isinstance(result.winner, int) and 0 <= result.winner < n_seats):
        _fail(f"result.winner {result.winner!r} is not a seat")
    try:
        json.dumps(result.to_json())
    except (TypeError, ValueError) as e:
        _fail(f"result.to_json() is not JSON: {e}")


# -- what people read: the display hooks -------------------------------------------

#: Hooks of a :class:`VariantSpec` the terminal and replays call with a view
#: to show the table (besides ``hand_summary``), each answering one line or
#: ``None``; the kit calls each one the variant has, in every state.
DISPLAY_HOOKS = ("table_summary",)

_CARD_REF = re.compile(r"\[\[(-?\d+)\]\]")


def _one_line(text: Any, what: str, size: int = DECK_SIZE) -> None:
    if not isinstance(text, str):
        _fail(f"{what} is a {type(text).__name__}, not a str")
    if "\n" in text or "\r" in text:
        _fail(f"{what} is not one line: {text!r}")
    for m in _CARD_REF.finditer(text):
        if not 0 <= int(m.group(1)) < size:
            _fail(f"{what} names card [[{m.group(1)}]], which is not a card (0 to {size - 1})")


def check_result_text(result: RoundResult, n_seats: int, deck: Deck = STANDARD_DECK) -> None:
    """Every line of ``result.text`` is a one-line template whose fields are
    seats of the round (``{0}`` to ``{n_seats-1}``), whose cards (``[[n]]``) are
    cards of ``deck``, and which renders with names and either card format."""
    names = [f"Seat{i}" for i in range(n_seats)]
    if not isinstance(result.outcome, str) or not result.outcome.strip():
        _fail(f"the round's outcome {result.outcome!r} is not a name")
    for line in result.text:
        _one_line(line, f"result text {line!r}", deck.size)
        try:
            pieces = list(string.Formatter().parse(line))
        except ValueError as e:
            _fail(f"result text {line!r} is not a template ({e}); write a brace as {{{{ or }}}}")
        for _literal, seat, _spec, _conversion in pieces:
            if seat is None:
                continue
            if not (seat.isascii() and seat.isdigit() and int(seat) < n_seats):
                _fail(
                    f"result text {line!r} names seat {{{seat}}}, and the round has {n_seats} seats "
                    f"({{0}} to {{{n_seats - 1}}}; write a brace as {{{{ or }}}})"
                )
    for fmt in (deck.code, deck.pretty):
        try:
            lines = result.lines(names, fmt)
        except Exception as e:
            _fail(f"the result text does not render: {type(e).__name__}: {e}")
        for line in lines:
            _one_line(line, "a rendered result line")


def check_options(spec: VariantSpec[Any]) -> None:
    """Every option that is a number has a lowest and a highest value
    (``Field(ge=..., le=...)``, or ``gt``/``lt``): ``rummy play -o`` and
    ``rummy rules`` say them, and no input is unbounded."""
    ends = (("lowest", ("ge", "gt")), ("highest", ("le", "lt")))
    for name, f in spec.options_model.model_fields.items():
        if f.annotation in (int, float):
            missing = [
                end
                for end, words in ends
                if not any(getattr(m, w, None) is not None for m in f.metadata for w in words)
            ]
            if missing:
                _fail(
                    f"option {name} has no {' and no '.join(missing)} value: give it Field(ge=..., le=...) "
                    "(every input has a bound)"
                )


def check_move_words(spec: VariantSpec[Any]) -> None:
    """Every kind of move the variant declares (``VariantSpec.moves``) has log
    phrases that fill in with only ``{cards}`` and ``{target}``, on one line."""
    for words in spec.moves:
        for what, template in (("does", words.does), ("did", words.did)):
            if not template:
                continue
            try:
                text = template.format(cards="7h 8h", target=1)
            except (KeyError, IndexError, ValueError, AttributeError) as e:
                _fail(
                    f"the {what!r} phrase {template!r} of the move {words.kind!r} does not fill in "
                    f"({type(e).__name__}: {e}); it may name only {{cards}} and {{target}}"
                )
            _one_line(text, f"the {what!r} phrase of the move {words.kind!r}")
        for what in ("usage", "empty", "short", "help"):
            _one_line(getattr(words, what, ""), f"the {what} of the move {words.kind!r}")
        vocab = spec.vocabulary
        for what in ("help_line", "kind_usage"):  # what `help` shows while the move is not legal
            call = getattr(vocab, what, None)
            if call is None:
                continue
            try:
                text = call(words.kind)
            except Exception as e:
                _fail(f"the move {words.kind!r}: its {what} fails: {type(e).__name__}: {e}")
            _one_line(text, f"the {what} of the move {words.kind!r}")


def _check_words_of(spec: VariantSpec[Any], action: Action, stock_size: int) -> None:
    """How the terminal tells ``action``: its short form, help line, empty-stock
    words and log phrases, each one line, none raising (checked once per
    variant, move and empty stock or not)."""
    key = (id(spec), action.key(), stock_size == 0)
    if key in _WORDS_CHECKED:
        return
    vocab = spec.vocabulary
    for fmt in (card_token, _pretty_token):
        cards = " ".join(fmt(c) for c in action.cards)
        calls = (
            ("its short form", lambda fmt=fmt: vocab.short_form(action, fmt)),
            ("its help line", lambda: vocab.usage(action)),
            ("its words at the empty stock", lambda: vocab.at_empty_stock(action, stock_size)),
            ("its log phrase", lambda cards=cards: vocab.phrase(action, cards)),
            ("its log phrase in the past", lambda cards=cards: vocab.phrase(action, cards, past=True)),
        )
        for what, call in calls:
            try:
                text = call()
            except Exception as e:
                _fail(f"the move '{action.notation()}': {what} fails: {type(e).__name__}: {e}")
            if text is not None:
                _one_line(text, f"the move '{action.notation()}': {what}")
    if len(_WORDS_CHECKED) > 100_000:
        _WORDS_CHECKED.clear()
    _WORDS_CHECKED.add(key)


_WORDS_CHECKED: set[tuple[int, tuple, bool]] = set()


def _pretty_token(card: int) -> str:
    """:func:`pretty` for the 52 cards, ``#n`` beyond them."""
    return pretty(card) if card < DECK_SIZE else card_token(card)


def check_display(spec: VariantSpec[Any], options: BaseModel, view: View) -> None:
    """Everything shown of ``view`` works: ``hand_summary`` (a
    :class:`~rummykit.core.plugins.registry.HandSummary` of cards of the hand, a one-line
    label), each of :data:`DISPLAY_HOOKS` the variant has (one line or
    ``None``), the result text once the round is over (:func:`check_result_text`),
    and the words of every legal move and of the last move seen."""
    where = f"seat {view.seat}"
    if spec.hand_summary is not None:
        try:
            summary = spec.hand_summary(view, options)
        except Exception as e:
            _fail(f"hand_summary fails for {where}: {type(e).__name__}: {e}")
        if summary is not None:
            if not isinstance(summary, HandSummary):
                _fail(f"hand_summary returns a {type(summary).__name__}, not a HandSummary")
            _one_line(summary.label, f"the hand_summary label for {where}")
            shown = [c for meld in summary.melds for c in meld] + list(summary.loose)
            stray = sorted(set(shown) - set(view.hand))
            if stray:
                deck = spec.deck_for(options, view.n_seats)
                shown_stray = " ".join(deck.exact_code(c) if c in deck else repr(c) for c in stray)
                _fail(f"hand_summary for {where} shows cards not in its hand: {shown_stray}")
    for name in DISPLAY_HOOKS:
        hook = getattr(spec, name, None)
        if hook is None:
            continue
        try:
            text = hook(view)
        except Exception as e:
            _fail(f"{name} fails for {where}: {type(e).__name__}: {e}")
        if text is not None:
            _one_line(text, f"{name} for {where}", spec.deck_for(options, view.n_seats).size)
    if view.result is not None:
        check_result_text(view.result, view.n_seats, spec.deck_for(options, view.n_seats))
    for action in view.legal:
        _check_words_of(spec, action, view.stock_size)
    if view.history:
        _check_words_of(spec, view.history[-1].action, view.stock_size)


@dataclass
class Coverage:
    """What :func:`check_variant` exercised: the players, the matches, and the
    kinds of move and the outcomes reached (and those never reached).
    :meth:`summary` is the report it prints."""

    variant: str
    players: list[str] = field(default_factory=list)
    seat_counts: list[int] = field(default_factory=list)
    matches: int = 0
    rounds: int = 0
    moves: int = 0
    played: Counter = field(default_factory=Counter)  # move kind -> times played
    offered: set[str] = field(default_factory=set)  # move kinds ever legal
    outcomes: Counter = field(default_factory=Counter)  # outcome -> rounds
    declared_moves: tuple[str, ...] = ()
    declared_outcomes: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list)  # what went unchecked, and why
    rules: list[str] = field(default_factory=list)  # the match rules played, in words
    ends: Counter = field(default_factory=Counter)  # how the matches ended
    seating: Counter = field(default_factory=Counter)  # rounds with a dealer, seats out, teams

    def note_match(self, match: Match) -> None:
        """How ``match`` ended: won by a seat, by a team, by nobody, or stopped
        by the kit after its rounds."""
        if not match.over:
            self.ends["stopped"] += 1
        elif not match.winners:
            self.ends["won by nobody"] += 1
        elif match.rule.teams:
            self.ends["won by a team"] += 1
        else:
            self.ends["won by a seat"] += 1

    def note_context(self, context: MatchContext) -> None:
        """What the match rule did with a round's seating."""
        if context.dealer is not None:
            self.seating["a dealer named"] += 1
        if len(context.seats) < context.n_seats - len(context.out):
            self.seating["seats sitting out"] += 1
        if context.out:
            self.seating["seats out of the match"] += 1
        if context.teams:
            self.seating["teams"] += 1

    def note_state(self, legal: Sequence[Action]) -> None:
        self.offered.update(a.kind for a in legal)

    def note_move(self, action: Action) -> None:
        self.moves += 1
        self.played[action.kind] += 1

    def note_result(self, result: RoundResult) -> None:
        self.rounds += 1
        self.outcomes[result.outcome] += 1

    @property
    def moves_never_played(self) -> list[str]:
        """Kinds of move declared by the variant or legal at some point, never played."""
        return sorted((set(self.declared_moves) | self.offered) - set(self.played))

    @property
    def outcomes_never_reached(self) -> list[str]:
        return sorted(set(self.declared_outcomes) - set(self.outcomes))

    def summary(self) -> str:
        def counted(c: Counter) -> str:
            return ", ".join(f"{k} {n}" for k, n in sorted(c.items())) or "none"

        seats = sorted(set(self.seat_counts))
        lines = [
            f"rummykit.testing: {self.variant}: {self.matches} matches, {self.rounds} rounds, "
            f"{self.moves} moves; seats {', '.join(map(str, seats))}",
            f"  players: {', '.join(self.players)}",
            f"  moves played: {counted(self.played)}",
            f"  moves never played: {', '.join(self.moves_never_played) or 'none'}",
            f"  outcomes reached: {counted(self.outcomes)}",
        ]
        if self.rules:
            lines.append(f"  match rules: {'; '.join(self.rules)}")
        if self.ends:
            lines.append(f"  matches: {counted(self.ends)}")
        if self.seating:
            lines.append(f"  rounds with {counted(self.seating)}")
        if self.declared_outcomes:
            lines.append(f"  outcomes never reached: {', '.join(self.outcomes_never_reached) or 'none'}")
        lines.extend(f"  note: {n}" for n in self.notes)
        return "\n".join(lines)


def _declared_outcomes(*sources: Any) -> tuple[str, ...]:
    """The outcome names a variant declares, if it declares any: ``outcomes``
    (names) or ``outcome_counts`` (a mapping by outcome name) of its spec or
    its round, the first found."""
    for source in sources:
        for attr in ("outcomes", "outcome_counts"):
            declared = getattr(source, attr, None)
            if not declared or isinstance(declared, str):
                continue
            names = list(declared) if isinstance(declared, (Mapping, Sequence, set, frozenset)) else []
            found = tuple(sorted(n for n in names if isinstance(n, str)))
            if found:
                return found
    return ()


# -- copies and re-deals --------------------------------------------------------


def _play_randomly(rnd: Round, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        legal = rnd.legal_actions()
        if rnd.result is not None or not legal:
            return
        rnd.apply(rng.choice(list(legal)))


def check_clone(rnd: Round, rng: random.Random, steps: int = 8) -> Round:
    """``rnd.clone()`` is a round of the same class that looks the same
    (:func:`snapshot`: zones, seat to act, history, legal actions, result,
    every view), and playing up to ``steps`` random legal actions on it leaves
    ``rnd`` as it was. Returns a second, untouched clone, for the caller to
    check after ``rnd`` moves on (the other direction)."""
    before = snapshot(rnd)
    twin = rnd.clone()
    if type(twin) is not type(rnd):
        _fail(f"clone() gives a {type(twin).__name__}, not a {type(rnd).__name__}")
    if twin is rnd:
        _fail("clone() returns the round itself")
    if snapshot(twin) != before:
        _fail("a clone does not look like the round it copies (zones, history, legal actions or views)")
    keep = rnd.clone()
    _play_randomly(twin, rng, steps)
    after = snapshot(rnd)
    g = _GENERATORS
    if after[g] != before[g] and after[:g] + after[g + 1 :] == before[:g] + before[g + 1 :]:
        was = dict(before[g])
        moved = ", ".join(name for name, state in after[g] if was.get(name) != state)
        _fail(
            f"playing on a clone moved the random generator of the round it was copied from ({moved}): "
            "clone() must give the copy its own generator"
        )
    if after != before:
        _fail("playing on a clone changed the round it was copied from")
    return keep


def _seen_by(view: View) -> set[int]:
    """Every card the seat of ``view`` has seen this round."""
    seen = set(view.hand) | set(view.discard_pile)
    for m in view.table:
        seen.update(m.cards)
    for e in view.history:
        seen.update(e.action.cards)
        if e.card is not None:
            seen.add(e.card)
    if view.result is not None:
        for h in view.result.hands:
            seen.update(h.cards)
    return seen


def _arrangement(rnd: Round) -> tuple:
    """Where the cards lie, deck by deck (``Round.decks``): the stock in
    order, other zones as sets."""
    return tuple(
        tuple(sorted((z, tuple(cs) if z == "stock" else tuple(sorted(cs))) for z, cs in deck.items()))
        for deck in rnd.decks()
    )


def _view_difference(real: View, other: View) -> str | None:
    for f in fields(View):
        a, b = getattr(real, f.name), getattr(other, f.name)
        if a == b:
            continue
        if f.name == "extra" and isinstance(a, Mapping) and isinstance(b, Mapping):
            for k in sorted(set(a) | set(b), key=repr):
                if a.get(k) != b.get(k):
                    return f"extra[{k!r}]"
        return f.name
    return None


def _same_information(a: Any, b: Any) -> bool:
    """Whether two information states say the same, field by field (the
    ``dealer`` of a dataclass aside: a resample of a round set up by hand may
    be dealt by another object, to the same layout)."""
    if type(a) is not type(b):
        return False
    if not is_dataclass(a):
        return bool(a == b)
    return all(getattr(a, f.name) == getattr(b, f.name) for f in fields(a) if f.name != "dealer")


def check_resample(rnd: Round, seat: int, rng: random.Random, samples: int = SAMPLES) -> None:
    """``rnd.resample(seat, rng)`` gives states ``seat`` cannot tell from
    ``rnd``: its view is the same, field by field (the history as it saw it
    included), its legal actions are the same when it is to act, all 52 cards
    are there, and playing on a resample leaves ``rnd`` as it was. When the
    cards ``seat`` has not seen could lie otherwise (two or more of them in the
    stock, or in two places), they do move across resamples.

    This is also the leak check in its general form: re-dealing what a seat
    has not seen must never change its view, so a hidden card in any field and
    any encoding (an int, a bit mask, a text) shows up as a difference. The
    same holds for its information state (``rnd.information(seat)``, what a
    searching bot is given): the first resample gives an equal one."""
    real = rnd.view(seat)
    before = snapshot(rnd, views=False)
    legal = Counter(a.key() for a in rnd.legal_actions()) if rnd.to_act() == seat else None
    zones, _ = _seat_deck(rnd, seat)
    unseen = set(_deck_of(rnd).cards()) - _seen_by(real)
    places = {z for z, cs in zones.items() for c in cs if c in unseen}
    in_stock = sum(1 for c in zones.get("stock", ()) if c in unseen)
    can_vary = len(places) >= 2 or in_stock >= 2
    real_arrangement = _arrangement(rnd)
    try:
        info = rnd.information(seat)
    except NotImplementedError:  # no information state: the variant gets no ai:search
        info = None
    varied = False
    for k in range(MAX_SAMPLES):
        if k >= samples and (varied or not can_vary):
            break
        try:
            other = rnd.resample(seat, rng)
        except (NotImplementedError, ResampleError) as e:
            _fail(f"resample({seat}) fails: {e}")
        if other is rnd:
            _fail(f"resample({seat}) returns the round itself")
        varied = varied or _arrangement(other) != real_arrangement
        if k < samples:
            try:
                check_cards_accounted(other)
            except ConformanceError as e:
                _fail(f"a resample for seat {seat}: {e}")
            what = _view_difference(real, other.view(seat))
            if what is not None:
                _fail(
                    f"view({seat}).{what} changes when the cards seat {seat} has not seen are "
                    f"re-dealt: the view shows something hidden from seat {seat}, or resample "
                    "does not keep what it saw"
                )
            if legal is not None and Counter(a.key() for a in other.legal_actions()) != legal:
                _fail(f"a resample for seat {seat} has other legal actions than the round")
            if k == 0 and info is not None and not _same_information(other.information(seat), info):
                _fail(
                    f"information({seat}) differs between states seat {seat} cannot tell apart: "
                    f"the information state a searching bot is given holds something hidden from seat {seat}"
                )
            if k == 0:
                _play_randomly(other, rng, 4)
    if snapshot(rnd, views=False) != before:
        _fail(f"resample({seat}), or playing on a resample, changed the round")
    if can_vary and not varied:
        _fail(
            f"resample({seat}) never moved the {len(unseen)} cards seat {seat} has not seen "
            f"({MAX_SAMPLES} samples)"
        )


def check_clone_and_resample(
    spec: VariantSpec[Any],
    options: BaseModel,
    match: Match,
    *,
    states: int = STATES_PER_ROUND,
    samples: int = SAMPLES,
) -> None:
    """Replay ``match`` (its seed and actions) and, in ``states`` states of
    each round (the deal, the end, others at random), check
    :func:`check_clone` (both ways: the untouched clone is checked again after
    the round moves on) and :func:`check_resample` for every seat."""
    lengths: list[int] = []
    again = Match(spec, options, match.n_seats, match.seed)
    count = 0
    for action in match.actions:
        index = again.round_index
        again.apply(action)
        count += 1
        if again.over or again.round_index != index:
            lengths.append(count)
            count = 0
    lengths.append(count)
    rng = random.Random(match.seed)
    chosen = []
    for n in lengths:
        picks = {0, n} | set(rng.sample(range(1, n), min(max(states - 2, 0), n - 1)) if n > 1 else [])
        chosen.append(picks)
    again = Match(spec, options, match.n_seats, match.seed)
    r, step = 0, 0
    kept: tuple[Round, tuple] | None = None

    def check(rnd: Round) -> tuple[Round, tuple]:
        keep = check_clone(rnd, rng)
        for seat in range(rnd.n_seats):
            check_resample(rnd, seat, rng, samples)
        return keep, snapshot(keep)

    for action in match.actions:
        rnd = again.round
        if step in chosen[r]:
            kept = check(rnd)
        again.apply(action)
        step += 1
        if kept is not None:
            if snapshot(kept[0]) != kept[1]:
                _fail("playing on a round changed a clone of it")
            kept = None
        if again.over or again.round is not rnd:
            if step in chosen[r]:
                check(rnd)
            r, step = r + 1, 0
    if not again.over and r < len(chosen) and step in chosen[r]:
        check(again.round)


# -- the action codec (rummykit.env) -------------------------------------------


def _env_installed() -> bool:
    try:
        import rummykit.env  # noqa: F401
    except ImportError:
        return False
    return True


def check_codec(spec: VariantSpec[Any], options: BaseModel, match: Match) -> None:
    """Replay ``match`` and, at every state, number its legal actions with the
    variant's action codec (``rummykit.env``, its spec's ``action_codec`` or
    core's): every legal action gets an index of its own, within the codec's
    range, that decodes back to the same move as a player names it (copies of
    a card alike); with a codec that chooses some moves in parts
    (``encode_parts``), parts of its own, none the start of another's, and a
    move of one part decodes back the same. (Needs ``rummykit[rl]``.) A
    codec factory that raises ``CodecError`` says the variant has no action
    space (docs/env.md): nothing to check."""
    from rummykit.env import CodecError, codec_for

    n = match.n_seats
    try:
        codec = codec_for(spec, n, options)
    except CodecError:
        return
    except Exception as e:
        _fail(f"its action codec for {n} seats fails to build: {type(e).__name__}: {e}")
    deck = spec.deck_for(options, n)
    encode_parts = getattr(codec, "encode_parts", None)
    again = Match(spec, options, n, match.seed)
    for step in range(len(match.actions) + 1):
        if again.over:
            break
        legal = again.round.legal_actions()
        if callable(encode_parts):
            try:
                parts = [tuple(p) for p in encode_parts(legal)]
            except Exception as e:
                _fail(
                    f"its action codec cannot number the legal moves {_moves(legal)}: {type(e).__name__}: {e}"
                )
            _check_parts(codec.n, legal, parts)
        else:
            parts = []
            for a in legal:
                try:
                    parts.append((codec.encode(a),))
                except Exception as e:
                    _fail(f"its action codec has no index for the legal move '{a}': {type(e).__name__}: {e}")
        seen: dict[tuple[int, ...], Action] = {}
        for a, p in zip(legal, parts, strict=True):
            i = p[0] if len(p) == 1 else None
            if not all(isinstance(j, int) and 0 <= j < codec.n for j in p) or not p:
                _fail(f"its action codec numbers the legal move '{a}' {p!r}, outside 0..{codec.n - 1}")
            if p in seen:
                _fail(f"its action codec gives the legal moves '{seen[p]}' and '{a}' one index, {p}")
            seen[p] = a
            if i is None:
                continue
            try:
                back = codec.decode(i)
            except Exception as e:
                _fail(f"its action codec cannot decode {i}, the index of '{a}': {type(e).__name__}: {e}")
            if not isinstance(back, Action) or (back.kind, deck.names(back.cards), back.target) != (
                a.kind,
                deck.names(a.cards),
                a.target,
            ):
                _fail(f"its action codec decodes {i}, the index of '{a}', as {back!r}")
        if step < len(match.actions):
            again.apply(match.actions[step])


def _moves(legal: Sequence[Action]) -> str:
    return ", ".join(f"'{a}'" for a in legal[:5]) + (" ..." if len(legal) > 5 else "")


def _check_parts(n: int, legal: Sequence[Action], parts: list[tuple[int, ...]]) -> None:
    """A codec's parts of the legal moves: one list each, none the start of another's."""
    if len(parts) != len(legal):
        _fail(f"its action codec gives {len(parts)} lists of parts for {len(legal)} legal moves")
    whole = dict(zip(parts, legal, strict=True))
    for p, a in zip(parts, legal, strict=True):
        for k in range(1, len(p)):
            if p[:k] in whole:
                _fail(f"its action codec's parts of '{whole[p[:k]]}' start those of '{a}'")


# -- the match rule ------------------------------------------------------------------


def _plain_json(value: Any, what: str) -> None:
    """``value`` is plain JSON (dicts with text keys, lists, text, numbers,
    truth values, ``None``) that reads back equal from its text."""
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as e:
        _fail(f"{what} is not plain JSON: {e}")
    if json.loads(text) != value or not _only_json_types(value):
        _fail(f"{what} is not plain JSON (it does not read back equal: a tuple, or a key that is not text?)")


def _only_json_types(value: Any) -> bool:
    if value is None or isinstance(value, (str, bool, int, float)):
        return True
    if type(value) is list:
        return all(_only_json_types(v) for v in value)
    if type(value) is dict:
        return all(isinstance(k, str) and _only_json_types(v) for k, v in value.items())
    return False


def _is_seat(value: Any, n_seats: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n_seats


def _check_context_itself(ctx: Any, match: Match) -> None:
    """The context of the round in play holds together (see :func:`check_match_context`)."""
    n = match.n_seats
    where = f"round {match.round_index + 1}'s match context"
    if not isinstance(ctx, MatchContext):
        _fail(f"{where} is a {type(ctx).__name__}, not a MatchContext")
    if ctx.round_index != match.round_index or ctx.n_seats != n:
        _fail(f"{where} says round index {ctx.round_index} of {ctx.n_seats} seats")
    seats = ctx.seats
    if not seats or not all(_is_seat(s, n) for s in seats) or len(set(seats)) != len(seats):
        _fail(f"{where}: its seats in play {seats!r} are not distinct seats of the {n}")
    out = ctx.out
    if not all(_is_seat(s, n) for s in out) or len(set(out)) != len(out):
        _fail(f"{where}: its seats out {out!r} are not distinct seats of the {n}")
    both = sorted(set(out) & set(seats))
    if both:
        _fail(f"{where}: seat {both[0]} is both out of the match and in play")
    if ctx.dealer is not None and not _is_seat(ctx.dealer, n):
        _fail(f"{where}: its dealer {ctx.dealer!r} is not a seat")
    rule = match.rule
    if set(out) != set(rule.out):
        _fail(f"{where}: its seats out {list(out)} are not the match rule's ({sorted(rule.out)})")
    if ctx.teams != rule.teams:
        _fail(f"{where}: its teams {list(ctx.teams)} are not the match rule's ({list(rule.teams)})")
    if ctx.teams:
        members = sorted(s for team in ctx.teams for s in team)
        if members != list(range(n)) or not all(ctx.teams):
            _fail(f"{where}: its teams {ctx.teams!r} do not seat each of the {n} seats once")
    if len(ctx.totals) != n or not all(isinstance(t, int) and not isinstance(t, bool) for t in ctx.totals):
        _fail(f"{where}: its totals {ctx.totals!r} are not one whole number a seat")
    _plain_json(dict(ctx.facts), f"{where}: its facts")


def check_match_context(match: Match, views: Sequence[View] | None = None) -> None:
    """The round in play was dealt with the match's context and keeps the
    rule's seating: ``round.match`` and every seat's ``Match.view(seat).match``
    are ``match.context``; the context holds together (the round index, seats
    in play that are distinct seats, seats out of the match not in play, a
    dealer that is a seat or ``None``, teams that seat each seat once, one
    total a seat, facts that are plain JSON); a seat not in play holds no card
    (``zones()``, its view) and is never to act nor offered a move.
    ``views``: every seat's ``match.view(seat)``, if already made."""
    ctx = match.context
    rnd = match.round
    if id(ctx) not in _CONTEXTS_CHECKED:
        _check_context_itself(ctx, match)
        if len(_CONTEXTS_CHECKED) > 10_000:
            _CONTEXTS_CHECKED.clear()
        _CONTEXTS_CHECKED[id(ctx)] = ctx  # kept: its id stays its own
    if rnd.match is not ctx and rnd.match != ctx:
        _fail(
            f"round {match.round_index + 1} does not hold the match context it was dealt with (round.match)"
        )
    if views is None:
        views = [match.view(s) for s in range(match.n_seats)]
    seats = ctx.seats
    for s, view in enumerate(views):
        if view.match is not ctx and view.match != ctx:
            _fail(f"view({s}).match is not the match context of round {match.round_index + 1}")
    if len(seats) == match.n_seats:
        return
    seat = match.to_act()
    if seat is not None and seat not in seats:
        why = "out of the match" if seat in ctx.out else "sitting this round out"
        _fail(
            f"seat {seat} is to act in round {match.round_index + 1}, but it is {why} "
            f"(seats in play: {list(seats)})"
        )
    zones = rnd.zones()
    for s, view in enumerate(views):
        if s in seats:
            continue
        why = "out of the match" if s in ctx.out else "sitting this round out"
        if zones.get(f"hand{s}") or view.hand:
            _fail(
                f"seat {s}, {why} (seats in play: {list(seats)}), holds cards "
                f"in round {match.round_index + 1}"
            )
        if view.legal:
            _fail(f"seat {s}, {why}, is offered moves in round {match.round_index + 1}")


#: Contexts already checked in themselves, by id (each kept, so its id stays its own).
_CONTEXTS_CHECKED: dict[int, MatchContext] = {}


def check_match_state(match: Match) -> None:
    """After a round, what the match rule says holds together: ``state()`` is
    plain JSON; ``columns()`` is a tuple of :class:`~rummykit.core.play.match.Column`
    (a one-line title, values one per seat, or one per team for a team
    column, each a whole number or ``None``); ``ranking()`` holds every seat
    once, each team's seats together; ``describe()`` and ``short()`` are one line."""
    n = match.n_seats
    try:
        state = match.state()
        columns = match.columns()
        ranking = match.ranking()
        words = (match.rule.describe(), match.rule.short())
    except RummyError as e:
        _fail(str(e))
    if not isinstance(state, dict):
        _fail(f"the match rule's state() is a {type(state).__name__}, not a dict")
    _plain_json(state, "the match rule's state()")
    for text in words:
        _one_line(text, "the match rule in words (describe, short)")
    teams = match.rule.teams
    if type(columns) is not tuple or not columns:
        _fail(f"the match rule's columns() is {columns!r}, not a tuple of one Column or more")
    for col in columns:
        if not isinstance(col, Column):
            _fail(f"the match rule's columns() holds {col!r}, not a Column")
        if not col.title or not isinstance(col.title, str):
            _fail(f"a column of the match rule has no title: {col!r}")
        _one_line(col.title, f"the title of the column {col.title!r}")
        _one_line(col.note, f"the note of the column {col.title!r}")
        if col.teams and not teams:
            _fail(f"the column {col.title!r} is a team column, but the match rule has no teams")
        want = len(teams) if col.teams else n
        if len(col.values) != want:
            per = "team" if col.teams else "seat"
            _fail(f"the column {col.title!r} has {len(col.values)} values, not one a {per} ({want})")
        for v in col.values:
            if v is not None and not (isinstance(v, int) and not isinstance(v, bool)):
                _fail(f"the column {col.title!r} holds {v!r}, not a whole number or None")
    if type(ranking) is not tuple or sorted(ranking) != list(range(n)) or len(ranking) != n:
        _fail(f"the match rule's ranking() {ranking!r} is not a tuple of each of the {n} seats once")
    for team in teams:
        at = sorted(ranking.index(s) for s in team)
        if at[-1] - at[0] != len(team) - 1:
            _fail(f"the match rule's ranking() {ranking!r} splits the team {team!r}")


def check_match_end(match: Match) -> None:
    """At the end of a match (``match.over``): ``winners`` are one seat, or a
    whole team with teams (``winning_team`` its index), or nobody; the ranking
    puts them first; and it is consistent with the totals the rule decides by
    (``MatchRule.deciding_totals()``, the teams' with teams): the winners' are
    at least as good as every other in the match, the seats (or teams) after
    them that are not out of the match come best first (the lowest first when
    the lowest total wins), and the seats out of the match (``rule.out``) come
    after every seat still in it."""
    if not match.over:
        return
    n = match.n_seats
    rule = match.rule
    try:
        ranking = match.ranking()
        totals = rule.deciding_totals()
    except RummyError as e:
        _fail(str(e))
    winners = match.winners
    teams = rule.teams
    if (
        type(winners) is not tuple
        or not all(_is_seat(s, n) for s in winners)
        or len(set(winners)) != len(winners)
    ):
        _fail(f"the match's winners {winners!r} are not distinct seats")
    if winners and match.winner != winners[0]:
        _fail(f"the match's winner {match.winner!r} is not the first of its winners {winners!r}")
    if teams:
        won = [i for i, team in enumerate(teams) if set(team) == set(winners)]
        if winners and not won:
            _fail(f"the match's winners {winners!r} are not a whole team (teams: {list(teams)})")
        if match.winning_team != (won[0] if won else None):
            _fail(
                f"winning_team is {match.winning_team!r}, but the winners are {winners!r} "
                f"(teams: {list(teams)})"
            )
    elif len(winners) > 1:
        _fail(f"the match's winners {winners!r} are several seats, and the rule has no teams")
    if set(winners) & set(rule.out):
        _fail(f"the match's winners {winners!r} include a seat out of the match ({sorted(rule.out)})")
    if set(ranking[: len(winners)]) != set(winners):
        _fail(f"the ranking {ranking!r} does not put the winners {winners!r} first")
    units = [tuple(t) for t in teams] if teams else [(s,) for s in range(n)]
    if len(totals) != len(units):
        _fail(
            f"deciding_totals() gives {len(totals)} totals for {len(units)} {'teams' if teams else 'seats'}"
        )
    unit_of = {s: i for i, unit in enumerate(units) for s in unit}
    order = list(dict.fromkeys(unit_of[s] for s in ranking))
    out = set(rule.out)
    gone = [u for u in order if all(s in out for s in units[u])]
    left = [u for u in order if u not in gone]
    if order != left + gone:
        _fail(f"the ranking {ranking!r} puts a seat out of the match ({sorted(out)}) before one still in it")
    sign = 1 if rule.lowest_wins else -1
    keyed = [sign * totals[u] for u in left]
    won = [unit_of[s] for s in winners]
    best = "lowest" if rule.lowest_wins else "highest"
    if won and any(keyed[left.index(u)] > min(keyed) for u in won if u in left):
        _fail(f"the winners {winners!r} do not have the {best} total the rule decides by ({totals})")
    rest = [u for u in left if u not in won]
    keys = [sign * totals[u] for u in rest]
    if keys != sorted(keys):
        _fail(
            f"the ranking {ranking!r} does not follow the totals the rule decides by ({totals}, "
            f"the {best} first); a rule that ranks by something else says so in deciding_totals()"
        )


# -- whole games -------------------------------------------------------------


def play_match(
    spec: VariantSpec[Any],
    options: BaseModel,
    n_seats: int,
    seed: int,
    agents: Sequence[str | AgentSpec[Any] | Agent] | None = None,
    *,
    checks: bool = True,
    max_actions: int = MAX_ACTIONS_PER_ROUND,
    max_rounds: int = MAX_ROUNDS,
    illegal_rate: float = 0.25,
    registry: Registry | None = None,
    coverage: Coverage | None = None,
) -> Match:
    """Play a match with ``agents`` (random agents by default) through the game
    loop (:class:`rummykit.core.engine.loop.Loop`), running the
    per-action checks when ``checks`` (the illegal-action check on a share
    ``illegal_rate`` of the states; the display hooks on every seat's view,
    :func:`check_display`). A round longer than ``max_actions`` fails; a match
    still going after ``max_rounds`` rounds is stopped there. ``coverage``
    (if given) counts the moves, states and outcomes. Returns the match.

    With ``checks``, the match rule's checks too: :func:`check_match_context`
    in every state, :func:`check_match_state` after each round and
    :func:`check_match_end` once the match is over.

    ``agents``, one per seat, in the forms :func:`check_variant` takes: a
    computer player's name (looked up for ``spec``'s name in ``registry``, else
    the installed plugins; ``"random"`` is the kit's random player) or an
    :class:`AgentSpec`, made for its seat as :func:`check_variant` makes it
    (seeded ``agent_seed(seed, seat)``, core's ``ai:search`` on a small budget);
    or an agent already made (anything with ``act``, such as a
    :class:`RandomAgent`)."""
    if agents is None:
        agents = ["random"] * n_seats
    if len(agents) != n_seats:
        _fail(f"{len(agents)} agents for {n_seats} seats")
    if any(isinstance(a, str) and a != "random" for a in agents) and registry is None:
        from rummykit.core.plugins.manager import get_plugins

        registry = get_plugins().registry
    players: list[Any] = []
    for s, a in enumerate(agents):
        if isinstance(a, str):
            if a == "random":
                players.append(_Seat(a, None).make(s, seed, options))
            else:
                assert registry is not None
                players.append(_Seat(a, registry.agent(spec.name, a)).make(s, seed, options))
        elif isinstance(a, AgentSpec):
            players.append(_Seat(a.name, a).make(s, seed, options))
        else:
            players.append(a)
    agents = players
    match = Match(spec, options, n_seats, seed)
    rng = random.Random(seed)
    last_legal: tuple[Action, ...] = ()  # of the last state a move was asked for

    def before_move() -> tuple[int, tuple[Action, ...]]:
        """The checks of a state before its move: the seat to act and its legal actions."""
        if checks:
            check_round_deck(spec, options, match.round)
            check_round_state(match.round, illegal=rng.random() < illegal_rate)
            views = [match.view(s) for s in range(n_seats)]
            check_match_context(match, views)
            for view in views:
                check_display(spec, options, view)
        seat = match.to_act()
        legal = match.legal_actions()
        if coverage is not None:
            coverage.note_state(legal)
        if seat is None or not legal:
            _fail(
                f"round {match.round_index + 1}: no seat to act or no legal action, but the round is not over"
            )
        return seat, legal

    def decide(_: int) -> Action:
        nonlocal last_legal
        dealt()
        seat, legal = before_move()
        last_legal = legal
        view = match.view(seat)
        action = agents[seat].act(view, tuple(legal), **act_kwargs(agents[seat], match, seat))
        if action.key() not in {a.key() for a in legal}:
            _fail(f"agent of seat {seat} chose '{action}', which is not legal")
        return action

    def moved(event: Event) -> None:
        if coverage is not None:
            coverage.note_move(event.action)

    counted = [-1]  # the last round whose seating coverage counted

    def dealt() -> None:
        """Count the round in play's seating once (coverage)."""
        if coverage is not None and counted[0] != match.round_index:
            counted[0] = match.round_index
            coverage.note_context(match.context)

    # The game loop plays each round (bounded: one action more than max_actions,
    # which fails unless it ends the round); the round's end is checked here.
    loop = Loop(match, decide, on_event=moved)
    while not match.over:
        stop = loop.run(match.round, max_actions + 1)
        if stop == LIMIT:
            _fail(f"round {match.round_index + 1} did not end within {max_actions} actions")
        if stop == OVER:  # nobody to act, yet the match goes on
            before_move()
        result = match.results[-1]
        check_result(result, n_seats, spec.negative_scores)
        if coverage is not None:
            coverage.note_result(result)
        ended = match.round if match.over else match.previous_round
        if ended is None or ended.result is not result:
            _fail("the match's finished round does not hold its result")
        if checks:
            check_round_state(ended, illegal=False)
            for s in range(n_seats):
                check_display(spec, options, ended.view(s))
            try:
                ended.apply(last_legal[0])
            except IllegalAction:
                pass
            except Exception as e:
                _fail(f"an action after the round ended raised {type(e).__name__}, not IllegalAction")
            else:
                _fail("an action was accepted after the round ended")
            check_match_state(match)
        if len(match.results) >= max_rounds:
            break  # enough rounds checked; the match is stopped here
    totals = [sum(r.points[s] for r in match.results) for s in range(n_seats)]
    if totals != list(match.totals):
        _fail(f"the match totals {match.totals} are not the sums of the round scores {totals}")
    if checks:
        check_match_end(match)
    return match


def _state(match: Match) -> dict[str, Any]:
    return {
        "zones": {k: tuple(v) for k, v in match.round.zones().items()},
        "history": tuple(match.round.history),
        "results": [json.dumps(r.to_json(), sort_keys=True) for r in match.results],
        "totals": list(match.totals),
        "winner": match.winner,
        "views": [match.view(s) for s in range(match.n_seats)],
        "winners": match.winners,
        "match state": match.state(),
        "ranking": match.ranking(),
        "columns": match.columns(),
    }


def check_replay(spec: VariantSpec[Any], options: BaseModel, match: Match) -> None:
    """The record of ``match`` (seed, actions, its match rule and the rule's
    state) round-trips through JSON and replays to the same game: the same
    rounds, scores, final state and views, and the same match state,
    winners, ranking and columns."""
    reg = Registry()
    reg.variants[spec.name] = spec
    try:
        record = MatchRecord(
            variant=spec.name,
            options=options.model_dump(mode="json"),
            seats=[SeatRecord(kind="random", name=f"P{i}") for i in range(match.n_seats)],
            seed=match.seed,
            match=RuleRecord.model_validate(match.rule.to_json()),
            state=match.state() if match.results else None,
            actions=[a.notation() for a in match.actions],
        )
    except (ValueError, RummyError) as e:  # pydantic's ValidationError is a ValueError
        first = str(e).strip().splitlines()
        _fail(
            f"the match record cannot keep the match rule {match.rule.to_json()!r} or its state: "
            f"{' '.join(first[:3])}"
        )
    text = record.to_json()
    loaded = MatchRecord.model_validate(json.loads(text))
    if loaded != record or loaded.to_json() != text:
        _fail("the match record does not round-trip through JSON")
    if loaded.state != record.state:
        _fail("the match rule's state does not round-trip through the record's JSON")
    try:
        # Replayed without the state the record keeps, so that a game that
        # replays otherwise is told by what differs (the state is compared below).
        again = replay(loaded.model_copy(update={"state": None}), reg)
    except RummyError as e:
        _fail(f"the match record does not replay: {e}")
    want, got = _state(match), _state(again)
    for key in want:
        if want[key] != got[key]:
            _fail(
                f"replaying the same seed and actions gives different {key} "
                "(hidden randomness, or state an illegal action changed?)"
            )


def check_determinism(spec: VariantSpec[Any], options: BaseModel, n_seats: int, seed: int) -> None:
    """The same seed deals the same game, whatever the global ``random`` state
    (a variant must use only the generator it is given)."""
    state = random.getstate()
    try:
        random.seed(1)
        first = {k: tuple(v) for k, v in Match(spec, options, n_seats, seed).round.zones().items()}
        random.seed(2)
        second = {k: tuple(v) for k, v in Match(spec, options, n_seats, seed).round.zones().items()}
    finally:
        random.setstate(state)
    if first != second:
        _fail("the same seed deals differently (is the global random module used?)")


@dataclass(frozen=True)
class _Seat:
    name: str
    spec: AgentSpec | None  # None: the kit's random player

    def make(self, seat: int, seed: int, options: BaseModel) -> Any:
        if self.spec is None:
            return RandomAgent(agent_seed(seed, seat))
        from rummykit.core.bots.search import with_iterations

        # Core's ai:search plays on a small budget here: the kit checks that it
        # plays, not how well.
        spec = with_iterations(self.spec, SEARCH_ITERATIONS, SEARCH_MAX_MOVES)
        return spec.factory(seat, agent_seed(seed, seat), options)


def _options_text(values: Mapping[str, Any]) -> str:
    """Options as ``rummy play -o`` takes them: ``deals=3, target=100``."""
    return ", ".join(f"{k}={v}" for k, v in sorted(values.items()))


def _lineups(pool: list[_Seat], n: int) -> list[tuple[_Seat, ...]]:
    """All random; then each bot at every seat; then bots and random mixed."""
    out = [tuple(pool[0] for _ in range(n))]
    bots = pool[1:]
    out += [tuple(b for _ in range(n)) for b in bots]
    if bots:
        out += [tuple(pool[(k + s) % len(pool)] for s in range(n)) for k in range(len(pool))]
    seen, unique = set(), []
    for lineup in out:
        key = tuple(s.name for s in lineup)
        if key not in seen:
            seen.add(key)
            unique.append(lineup)
    return unique


def check_variant(
    variant: VariantSpec | str,
    seeds: Iterable[int] = range(8),
    seat_counts: Iterable[int] | None = None,
    options: dict | None = None,
    agents: Sequence[str | AgentSpec] | None = None,
    registry: Registry | None = None,
    target: int | None = 30,
    max_actions: int = MAX_ACTIONS_PER_ROUND,
    max_rounds: int = MAX_ROUNDS,
    report: bool = True,
    rules: Iterable[Mapping[str, Any]] | None = None,
) -> Coverage:
    """Run the whole battery on ``variant`` (a spec, or the name of an installed
    variant, or of one in ``registry``).

    ``agents`` are the computer players to mix with the random one: names (looked
    up for the variant) or :class:`AgentSpec` objects (as :func:`play_match`
    takes them; not agents already made: each seed and seat gets its own). By default every player
    registered for the variant's name (in ``registry``, else the installed
    plugins) is used; the variant must then be installed there (a variant that
    is not fails: its players would go unchecked; ``agents=[]`` checks with
    random players only, on purpose). Each seed plays one line-up, in turn: all
    random, each bot at every seat, bots and random mixed. ``target`` shortens
    matches when the variant has a ``target`` option (``None`` keeps the
    variant's own).

    ``rules`` are the match rules the variant declares, each as the options
    that choose it (``VariantSpec.match_rule`` reads them), laid over
    ``options``: ``[{}, {"deals": 3}]`` plays every seed and seat count under
    the rule of the options as given, then again with ``deals=3``. ``None``:
    the options as given only. Each rule's matches are checked for what the
    rule says (:func:`check_match_context`, :func:`check_match_state`,
    :func:`check_match_end`, the rule's state in the replayed record).

    Returns the :class:`Coverage` (the players, the kinds of move and the
    outcomes reached and never reached), and prints its summary when ``report``.
    """
    seeds = list(seeds)  # played once per seat count
    if registry is None:
        from rummykit.core.plugins.manager import get_plugins

        registry = get_plugins().registry
    if isinstance(variant, str):
        if variant not in registry.variants:
            installed = ", ".join(sorted(registry.variants)) or "none"
            _fail(f"variant {variant!r} is not installed (installed: {installed}); pip install its plugin")
        spec = registry.variant(variant)
    else:
        spec = variant
    if agents is None and spec.name not in registry.variants:
        _fail(
            f"variant {spec.name!r} is not installed, so its computer players cannot be checked: "
            "install its plugin (pip install -e .), or pass agents=[...] (agents=[] for random players only)"
        )
    option_sets: list[tuple[dict[str, Any], BaseModel]] = []
    for chosen in [{}] if rules is None else list(rules):
        if not isinstance(chosen, Mapping):
            _fail(f"rules are mappings of options that choose a match rule, not {chosen!r}")
        values = {**dict(options or {}), **dict(chosen)}
        if target is not None and "target" in spec.options_model.model_fields and "target" not in values:
            values["target"] = target
        option_sets.append((dict(chosen), build_options(spec.options_model, values, spec.name)))
    if not option_sets:
        _fail("rules is empty: give at least one set of options ({} for the options as given)")
    pool = [_Seat("random", None)]
    if agents is None:
        pool += [_Seat(a.name, a) for a in registry.agents_for(spec.name) if a.name != "random"]
    else:
        for a in agents:
            if isinstance(a, AgentSpec):
                pool.append(_Seat(a.name, a))
            elif a != "random":
                pool.append(_Seat(a, registry.agent(spec.name, a)))
    check_options(spec)
    check_move_words(spec)
    coverage = Coverage(spec.name, declared_moves=tuple(m.kind for m in spec.moves))
    codec_checked = _env_installed()
    if not codec_checked:
        coverage.notes.append("the action codec not checked: rummykit.env needs pip install 'rummykit[rl]'")
    else:
        from rummykit.env import CodecError, codec_for

        try:
            codec_for(spec, spec.min_players, option_sets[0][1])
        except CodecError as e:  # the variant says it has no action space
            coverage.notes.append(f"no action codec to check: {e}")
        except Exception:  # check_codec names it
            pass
    if agents is None and (None, "ai:search") not in registry.agents:
        coverage.notes.append(
            "core's ai:search not played: this registry has none of core's players; build it with "
            'Plugins(extra=[("core", rummykit.core.bots.builtin), ...], entry_points=False)'
        )
    exercised: set[str] = set()
    every = range(spec.min_players, spec.max_players + 1)
    counts = list(seat_counts) if seat_counts is not None else list(every)
    for n in counts:
        if not spec.min_players <= n <= spec.max_players:
            _fail(f"{spec.name} does not allow {n} seats ({spec.min_players} to {spec.max_players})")
    for chosen, opts in option_sets:
        try:
            rule = match_rule(spec, opts).describe()
        except RummyError as e:
            _fail(f"{e} (options {opts.model_dump(mode='json')})")
        coverage.rules.append(rule + (f" ({_options_text(chosen)})" if chosen else ""))
        for n in counts:
            lineups = _lineups(pool, n)
            for k, seed in enumerate(seeds):
                lineup = lineups[k % len(lineups)]
                where = (
                    f"{spec.name}, {n} seats, seed {seed}, players {', '.join(s.name for s in lineup)}, "
                    f"match rule: {rule}" + (f" ({_options_text(chosen)})" if chosen else "")
                )
                try:
                    bots = [s.make(i, seed, opts) for i, s in enumerate(lineup)]
                    check_determinism(spec, opts, n, seed)
                    match = play_match(
                        spec,
                        opts,
                        n,
                        seed,
                        bots,
                        max_actions=max_actions,
                        max_rounds=max_rounds,
                        coverage=coverage,
                    )
                    check_replay(spec, opts, match)
                    check_clone_and_resample(spec, opts, match)
                    if codec_checked:
                        check_codec(spec, opts, match)
                except ConformanceError as e:
                    raise ConformanceError(f"{e}\n  ({where})") from None
                except Exception as e:
                    e.add_note(f"while checking {where}")
                    raise
                coverage.matches += 1
                coverage.note_match(match)
                coverage.seat_counts.append(n)
                if not coverage.declared_outcomes:
                    coverage.declared_outcomes = _declared_outcomes(spec, match.round)
                exercised.update(s.name for s in lineup)
    coverage.players = [s.name for s in pool if s.name in exercised]
    unplayed = [s.name for s in pool if s.name not in exercised]
    if unplayed and agents is not None:  # named to be checked: not checked is a failure
        _fail(
            f"{', '.join(unplayed)} never played: each seed plays one line-up, so "
            f"{len(seeds)} seeds are too few; give more seeds"
        )
    if unplayed:
        coverage.players.append(f"(not played, too few seeds: {', '.join(unplayed)})")
    if report:
        print(coverage.summary())
    return coverage
