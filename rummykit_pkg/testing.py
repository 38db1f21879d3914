"""The conformance kit: checks any variant plugin must pass.

Call it from a variant's own tests::

    from rummykit.testing import check_variant

    def test_conformance():
        check_variant(MY_SPEC)               # or a registered variant's name

It plays many seeded games (random and, if given, bot seats) for every allowed
seat count and checks, after every action:

* all 52 cards are accounted for, each exactly once (``Round.zones``);
* every seat's view, in every phase, holds its own hand but no other hand's
  hidden cards, not the stock order, and no reference to the round;
* the seat to act always has a legal action until the round ends;
* an illegal action raises ``IllegalAction`` and changes nothing;

and after each match: the same seed and actions give the same game, the record
round-trips through JSON, rounds end within a bound, and round scores are whole
and non-negative. Each check is also a function of its own.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import fields, is_dataclass
from typing import Any

from rummykit.core.actions import Action
from rummykit.core.agents import RandomAgent, agent_seed
from rummykit.core.cards import DECK_SIZE, code
from rummykit.core.engine import Round, View
from rummykit.core.errors import IllegalAction
from rummykit.core.match import Match
from rummykit.core.options import build_options
from rummykit.core.records import MatchRecord, SeatRecord, replay
from rummykit.core.registry import Registry, VariantSpec

__all__ = [
    "ConformanceError",
    "check_variant",
    "check_cards_accounted",
    "check_view_hides",
    "check_illegal_action_changes_nothing",
    "check_replay",
    "play_match",
    "snapshot",
]


class ConformanceError(AssertionError):
    """A variant broke the engine contract."""


def _fail(msg: str) -> None:
    raise ConformanceError(msg)


# -- single checks -------------------------------------------------------------


def check_cards_accounted(rnd: Round) -> None:
    zones = rnd.zones()
    seen: dict[int, str] = {}
    for zone, cards in zones.items():
        for c in cards:
            if not isinstance(c, int) or not 0 <= c < DECK_SIZE:
                _fail(f"zone {zone} holds {c!r}, not a card")
            if c in seen:
                _fail(f"card {code(c)} is in both {seen[c]} and {zone}")
            seen[c] = zone
    if len(seen) != DECK_SIZE:
        missing = sorted(set(range(DECK_SIZE)) - set(seen))
        _fail(f"{DECK_SIZE - len(seen)} cards missing: {' '.join(code(c) for c in missing)}")
    for i in range(rnd.n_seats):
        if f"hand{i}" not in zones:
            _fail(f"zones() has no 'hand{i}'")
    if "stock" not in zones:
        _fail("zones() has no 'stock'")


def _walk(obj: Any, path: str, out: list[tuple[str, Any]], depth: int = 0) -> None:
    """Every value reachable from a view, with where it was found."""
    if depth > 12:
        return
    out.append((path, obj))
    if isinstance(obj, (str, bytes, int, float, bool, type(None))):
        return
    if is_dataclass(obj) and not isinstance(obj, type):
        for f in fields(obj):
            _walk(getattr(obj, f.name), f"{path}.{f.name}", out, depth + 1)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _walk(v, f"{path}[{k!r}]", out, depth + 1)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for i, v in enumerate(obj):
            _walk(v, f"{path}[{i}]", out, depth + 1)
    elif hasattr(obj, "__dict__") and not callable(obj):
        for k, v in vars(obj).items():
            _walk(v, f"{path}.{k}", out, depth + 1)


_COUNT_FIELDS = (".hand_sizes", ".scores", ".points")


def check_view_hides(rnd: Round, seat: int) -> None:
    """The view of ``seat`` shows its own hand and nothing hidden from it."""
    view = rnd.view(seat)
    zones = rnd.zones()
    if not isinstance(view, View):
        _fail(f"view({seat}) is not a View")
    if sorted(view.hand) != sorted(zones[f"hand{seat}"]):
        _fail(f"view({seat}).hand is not seat {seat}'s hand")
    for i in range(rnd.n_seats):
        if view.hand_sizes[i] != len(zones[f"hand{i}"]):
            _fail(f"view({seat}).hand_sizes[{i}] is wrong")
    if view.stock_size != len(zones["stock"]):
        _fail(f"view({seat}).stock_size is wrong")
    over = rnd.result is not None
    # Cards this seat has seen in public (or drawn itself) may legitimately appear.
    public = set(view.discard_pile) | set(view.hand)
    for m in view.table:
        public |= set(m.cards)
    for e in view.history:
        if e.private and e.seat != seat and e.card is not None:
            _fail(f"view({seat}).history shows the card seat {e.seat} drew from the stock")
        if e.card is not None:
            public.add(e.card)
        public |= set(e.action.cards)
    hidden = set(zones["stock"])
    if not over:
        for i in range(rnd.n_seats):
            if i != seat:
                hidden |= set(zones[f"hand{i}"])
    hidden -= public
    stock = list(zones["stock"])
    values: list[tuple[str, Any]] = []
    _walk(view, "view", values)
    for where, v in values:
        if where.endswith(_COUNT_FIELDS):
            continue  # numbers that are counts, not cards
        if isinstance(v, Round):
            _fail(f"{where} is a reference to the round")
        if isinstance(v, (list, tuple, set, frozenset)) and len(v) >= 2 and all(isinstance(x, int) for x in v):
            leaked = hidden & set(v)
            if len(leaked) >= 2 or (len(v) >= 2 and list(v) == stock):
                _fail(
                    f"view({seat}) leaks hidden cards at {where}: "
                    + " ".join(code(c) for c in sorted(leaked))
                )
    if view.legal and rnd.to_act() != seat:
        _fail(f"view({seat}) offers legal actions to a seat not to act")


def snapshot(rnd: Round) -> tuple:
    """Everything observable about a round, to compare before and after."""
    return (
        {k: tuple(v) for k, v in rnd.zones().items()},
        rnd.to_act(),
        tuple(rnd.history),
        tuple(a.key() for a in rnd.legal_actions()),
        [rnd.view(s) for s in range(rnd.n_seats)],
        rnd.result,
    )


def _illegal_candidates(rnd: Round) -> list[Action]:
    seat = rnd.to_act()
    zones = rnd.zones()
    not_mine = [c for c in range(DECK_SIZE) if c not in set(zones.get(f"hand{seat}", ()))]
    legal = {a.key() for a in rnd.legal_actions()}
    cands = [
        Action("no such move"),
        Action("discard", (not_mine[0],)) if not_mine else Action("discard", (0, 1)),
        Action("meld", tuple(not_mine[:3])),
        Action("add", (not_mine[0],), 99),
    ]
    for kind in {a.kind for a in rnd.legal_actions()}:
        cands.append(Action(kind, tuple(not_mine[:1])))
    return [a for a in cands if a.key() not in legal]


def check_illegal_action_changes_nothing(rnd: Round) -> None:
    before = snapshot(rnd)
    for action in _illegal_candidates(rnd):
        try:
            rnd.apply(action)
        except IllegalAction as e:
            if not str(e).strip():
                _fail(f"IllegalAction for {action} has no message")
        except Exception as e:  # noqa: BLE001 - anything else is a contract break
            _fail(f"illegal action {action} raised {type(e).__name__}: {e}, not IllegalAction")
        else:
            _fail(f"illegal action {action} was accepted")
        if snapshot(rnd) != before:
            _fail(f"illegal action {action} changed the state")


# -- whole games -------------------------------------------------------------


def play_match(spec: VariantSpec, options, n_seats: int, seed: int, agents: Sequence[Any] | None = None,
               *, checks: bool = True, max_actions: int = 20_000, registry: Registry | None = None) -> Match:
    """Play a match with the given agents (random agents by default), running the
    per-action checks when ``checks``. Returns the finished match."""
    if agents is None:
        agents = [RandomAgent(agent_seed(seed, s)) for s in range(n_seats)]
    match = Match(spec, options, n_seats, seed)
    per_round = 0
    rounds = 0
    rng = random.Random(seed)
    while not match.over:
        rnd = match.round
        if checks:
            check_cards_accounted(rnd)
            for s in range(n_seats):
                check_view_hides(rnd, s)
        seat = match.to_act()
        legal = match.legal_actions()
        if seat is None or not legal:
            _fail(f"round {match.round_index + 1}: no seat to act / no legal action, but the round is not over")
        if checks and rng.random() < 0.25:
            check_illegal_action_changes_nothing(rnd)
        action = agents[seat].act(match.view(seat), tuple(legal))
        n_results = len(match.results)
        match.apply(action)
        per_round += 1
        if len(match.results) > n_results:
            rounds += 1
            result = match.results[-1]
            _check_result(result, n_seats)
            if checks:
                ended = match.previous_round if not match.over else match.round
                check_cards_accounted(ended)
                for s in range(n_seats):
                    check_view_hides(ended, s)
            per_round = 0
        if per_round > max_actions:
            _fail(f"a round did not end within {max_actions} actions (seed {seed})")
        if rounds > 10_000:
            _fail("a match did not end within 10,000 rounds")
    return match


def _check_result(result, n_seats: int) -> None:
    if len(result.points) != n_seats:
        _fail(f"result has {len(result.points)} scores for {n_seats} seats")
    for p in result.points:
        if not isinstance(p, int) or isinstance(p, bool) or p < 0:
            _fail(f"round score {p!r} is not a whole non-negative number")


def check_replay(spec: VariantSpec, options, match: Match) -> None:
    """The record of ``match`` (seed + actions) round-trips through JSON and
    replays to the same game."""
    reg = Registry()
    reg.variants[spec.name] = spec
    record = MatchRecord(
        variant=spec.name,
        options=options.model_dump(mode="json"),
        seats=[SeatRecord(kind="random", name=f"P{i}") for i in range(match.n_seats)],
        seed=match.seed,
        actions=[a.notation() for a in match.actions],
    )
    loaded = MatchRecord.model_validate(json.loads(record.to_json()))
    if loaded != record:
        _fail("a record does not round-trip through JSON")
    again = replay(loaded, reg)
    if again.totals != match.totals or again.winner != match.winner:
        _fail("replaying the record gives different scores")
    if [r.points for r in again.results] != [r.points for r in match.results]:
        _fail("replaying the record gives different round results")
    if {k: tuple(v) for k, v in again.round.zones().items()} != {k: tuple(v) for k, v in match.round.zones().items()}:
        _fail("replaying the record gives a different final state")
    if tuple(again.round.history) != tuple(match.round.history):
        _fail("replaying the record gives a different history")


def check_variant(
    variant: VariantSpec | str,
    seeds: Iterable[int] = range(6),
    seat_counts: Iterable[int] | None = None,
    options: dict | None = None,
    agents: Sequence[str] = ("random",),
    registry: Registry | None = None,
    target: int | None = 30,
) -> None:
    """Run the whole battery on ``variant`` (a spec, or a name in ``registry`` /
    the installed plugins). ``agents`` names the bots to mix in, seat by seat
    (``random`` always available). ``target`` shortens matches when the variant
    has a ``target`` option (``None`` keeps the variant's own)."""
    if registry is None and (isinstance(variant, str) or any(a != "random" for a in agents)):
        from rummykit.core.plugins import get_plugins

        registry = get_plugins().registry
    spec = registry.variant(variant) if isinstance(variant, str) else variant
    values = dict(options or {})
    if target is not None and "target" in spec.options_model.model_fields and "target" not in values:
        values["target"] = target
    opts = build_options(spec.options_model, values, spec.name)
    counts = list(seat_counts) if seat_counts is not None else list(range(spec.min_players, spec.max_players + 1))
    for n in counts:
        for seed in seeds:
            bots = []
            for s in range(n):
                name = agents[(seed + s) % len(agents)]
                if name == "random":
                    bots.append(RandomAgent(agent_seed(seed, s)))
                else:
                    bots.append(registry.agent(spec.name, name).factory(s, agent_seed(seed, s), opts))
            match = play_match(spec, opts, n, seed, bots)
            check_replay(spec, opts, match)
            # Same seed, same actions: the same deal.
            first = Match(spec, opts, n, seed).round.zones()
            if {k: tuple(v) for k, v in first.items()} != {
                k: tuple(v) for k, v in Match(spec, opts, n, seed).round.zones().items()
            }:
                _fail("the same seed deals differently")
