"""How much the beliefs know: the log-likelihood of the true hidden hands under
the beliefs (:mod:`rummykit.core.bots.beliefs`) against the uniform re-deal (a
plain script, not part of the test run).

    .venv/bin/python benchmarks/bench_beliefs.py [ROUNDS] [SEED] [--variant V]... [--seats N]... [--draws N]
                                                 [--model TOOK,PASSED,THREW]...
                                                 [--cardverse FITS,MELD,HOLDER,PASS,HIGH,GUARDED[,SINCE]]...

Plays ``ROUNDS`` rounds (40) of every table below (every level of every
built-in variant, alone and mixed; seats rotating), and at every third decision
asks, for the seat to act: where does each card it has not seen lie? Under the
uniform re-deal, an unseen card is in opponent ``o``'s hand with chance
``m_o / U`` (``m_o`` its hidden cards, ``U`` the unseen cards) and elsewhere
(the stock, the rest) with what is left; under the beliefs, with the share of
``N`` draws (``--draws``, 400) of the beliefs' deal (core's
``weighted_hands``, as ``InfoState.deal`` draws them) that put it there
(smoothed: ``(k + 0.5) / (N + 1)``). The figure is the sum over the unseen
cards of the log of the chance given to where the card truly is (nats), per
decision; the table gives the mean gain of the beliefs over uniform per
decision and per hidden card in an opponent's hand, with a 95% interval over
rounds (each round's decisions averaged first). For CardVerse also, per
decision, the log of the chance the deals give to whether each opponent truly
holds a meld (summed over the opponents; the same smoothing), less the same
under a uniform deal (its own ``N`` draws): what a likelihood of whole hands
knows that the cards' chances do not show. ``--model`` measures other
weights (repeatable: the first is the default model's). ``--cardverse`` measures
CardVerse's model (:class:`CardVerseModel`: the log-odds of a card that fits a
table meld, with more than two seats, and the likelihood of whole hands:
``MELD``, ``HOLDER``, ``PASS``, ``HIGH`` and ``GUARDED`` its keep chances, 1 for none;
``SINCE`` 1: a table meld counts only untouched since the opponent's turn), its deals drawn
as ``InfoState.deal`` draws them (a hand refused by that likelihood drawn again).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rummykit.core.bots.agents import act_kwargs, agent_seed
from rummykit.core.bots.beliefs import Beliefs, CardModel
from rummykit.core.cards.card import to_mask
from rummykit.core.engine.options import build_options
from rummykit.core.engine.resample import deal_round, weighted_hands
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.cardverse_rummy.bots.beliefs import CardVerseModel, has_meld

TABLES: list[tuple[str, tuple[str, ...], tuple[str, ...] | None]] = [
    # (variant, seats, the pile kinds of its Seen: None for Gin, where a knock discards too)
    ("gin", ("ai:easy", "ai:easy"), None),
    ("gin", ("ai:normal", "ai:normal"), None),
    ("gin", ("ai:hard", "ai:hard"), None),
    ("gin", ("ref:simple", "ref:simple"), None),
    ("gin", ("ai:hard", "ref:simple"), None),
    ("gin", ("ai:normal", "ref:novice"), None),
    ("cardverse", ("ai:easy", "ai:easy"), ("discard",)),
    ("cardverse", ("ai:normal", "ai:normal"), ("discard",)),
    ("cardverse", ("ai:hard", "ai:hard"), ("discard",)),
    ("cardverse", ("ai:hard", "ai:normal"), ("discard",)),
    ("cardverse", ("ai:easy", "ai:normal", "ai:hard", "ai:easy"), ("discard",)),
    ("cardverse", ("ai:normal", "ai:normal", "ai:normal", "ai:normal"), ("discard",)),
    ("cardverse", ("ai:hard", "ai:easy", "ai:easy", "ai:easy"), ("discard",)),
]


def loglik(
    truth: dict[int, set[int]],
    unseen: list[int],
    groups: list[tuple[int, int]],
    probs: dict[int, dict[int, float]],
) -> float:
    """The log of the chance given to where each unseen card truly lies."""
    total = 0.0
    for c in unseen:
        owner = next((o for o, cards in truth.items() if c in cards), None)
        p = 1.0 - sum(probs[o][c] for o, _ in groups) if owner is None else probs[owner][c]
        total += math.log(max(p, 1e-9))
    return total


def measure(
    variant: str,
    seats: tuple[str, ...],
    pile_kinds: tuple[str, ...] | None,
    rounds: int,
    seed: int,
    models: list[CardModel],
    draws: int,
) -> list[list[tuple[float, float, float]]]:
    """Per model, per round: (the mean gain over uniform per decision, the hidden
    cards counted, the mean gain per decision on whether each opponent holds a
    meld: CardVerse only, else 0)."""
    reg = get_plugins().registry
    spec = reg.variant(variant)
    options = build_options(spec.options_model, {}, variant)
    n = len(seats)
    gains: list[list[tuple[float, float, float]]] = [[] for _ in models]
    rng = random.Random(seed)
    melds = variant == "cardverse"
    for i in range(rounds):
        order = [seats[(p - i) % n] for p in range(n)]
        agents: list[Any] = [
            reg.agent(variant, name).factory(pos, agent_seed(seed + i, pos), options)
            for pos, name in enumerate(order)
        ]
        beliefs = [[Beliefs(m, pile_kinds) for m in models] for _ in range(n)]
        rnd = deal_round(spec, options, n, 0, random.Random(seed * 100_003 + i))
        per_round: list[list[float]] = [[] for _ in models]
        meld_round: list[list[float]] = [[] for _ in models]
        cards_round = 0
        step = 0
        while (seat := rnd.to_act()) is not None:
            view = rnd.view(seat)
            step += 1
            if step % 3 == 0:
                info = rnd.information(seat)
                unseen = list(info.unseen)
                zones = rnd.zones()
                truth = {o: set(zones[f"hand{o}"]) & set(unseen) for o in range(n) if o != seat}
                groups = [(o, len(truth[o])) for o in sorted(truth)]
                u = len(unseen)
                uniform = {o: dict.fromkeys(unseen, len(truth[o]) / u if u else 0.0) for o in truth}
                base = loglik(truth, unseen, groups, uniform)
                cards_round += sum(m for _, m in groups)
                if melds:
                    shown = {o: to_mask(set(zones[f"hand{o}"]) - truth[o]) for o in truth}
                    real = {o: has_meld(to_mask(zones[f"hand{o}"])) for o in truth}
                    flat = {o: [1.0] * 52 for o in truth}
                    base_meld = meld_loglik(real, shown, unseen, groups, flat, rng, draws)
                for k, b in enumerate(beliefs[seat]):
                    w = b.weights(view)
                    counts = {o: dict.fromkeys(unseen, 0) for o in truth}
                    for _ in range(draws):
                        hands, _ = weighted_hands(unseen, groups, w, rng)
                        for o, cs in hands.items():
                            for c in cs:
                                counts[o][c] += 1
                    probs = {o: {c: (counts[o][c] + 0.5) / (draws + 1) for c in unseen} for o in truth}
                    per_round[k].append(loglik(truth, unseen, groups, probs) - base)
                    if melds:
                        got = meld_loglik(real, shown, unseen, groups, w, rng, draws)
                        meld_round[k].append(got - base_meld)
            else:
                for b in beliefs[seat]:
                    b.reader.read(view)  # keep up, as a bot does
            action = agents[seat].act(view, view.legal, **act_kwargs(agents[seat], rnd, seat))
            rnd.apply(action)
        for k in range(len(models)):
            if per_round[k]:
                decisions = len(per_round[k])
                meld = statistics.fmean(meld_round[k]) if meld_round[k] else 0.0
                gains[k].append((statistics.fmean(per_round[k]), cards_round / decisions, meld))
    return gains


def label(m: CardModel) -> str:
    """The model's weights as the table prints them."""
    name = f"({m.took:g}, {m.passed:g}, {m.threw:g}, {m.fits:g})"
    if isinstance(m, CardVerseModel):
        keeps = (m.meld_keep, m.holder_keep, m.pass_keep, m.high_keep, m.guarded_keep)
        since = "; since" if m.table_since_turn else ""
        name += f" cardverse ({m.fits_many:g}; {', '.join(f'{k:g}' for k in keeps)}{since})"
    return name


def meld_loglik(
    real: dict[int, bool],
    shown: dict[int, int],
    unseen: list[int],
    groups: list[tuple[int, int]],
    weights: Mapping[int, Sequence[float]],
    rng: random.Random,
    draws: int,
) -> float:
    """The log of the chance ``draws`` deals by ``weights`` give to whether each
    opponent truly holds a meld (``real``; ``shown``: the cards of its hand the
    seat has seen), summed over the opponents (smoothed as the cards)."""
    counts = dict.fromkeys(real, 0)
    for _ in range(draws):
        hands, _ = weighted_hands(unseen, groups, weights, rng)
        for o, cs in hands.items():
            counts[o] += has_meld(shown[o] | to_mask(cs))
    total = 0.0
    for o, truth in real.items():
        p = (counts[o] + 0.5) / (draws + 1)
        total += math.log(p if truth else 1.0 - p)
    return total


def interval(xs: list[float]) -> tuple[float, float, float]:
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return m, m - h, m + h


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("rounds", nargs="?", type=int, default=40)
    parser.add_argument("seed", nargs="?", type=int, default=2026)
    parser.add_argument("--variant", action="append")
    parser.add_argument("--seats", action="append", type=int, help="only the tables of N seats")
    parser.add_argument("--draws", type=int, default=400)
    parser.add_argument("--model", action="append", help="TOOK,PASSED,THREW[,FITS] (repeatable)")
    parser.add_argument(
        "--cardverse", action="append", help="FITS,MELD,HOLDER,PASS,HIGH,GUARDED[,SINCE] (repeatable)"
    )
    args = parser.parse_args(argv[1:])
    models = [CardModel()]
    for m in args.model or []:
        models.append(CardModel(*(float(x) for x in m.split(","))))
    for m in args.cardverse or []:
        fits, meld, holder, passed, high, guarded, *since = (float(x) for x in m.split(","))
        models.append(
            CardVerseModel(
                fits_many=fits,
                meld_keep=meld,
                holder_keep=holder,
                pass_keep=passed,
                high_keep=high,
                guarded_keep=guarded,
                table_since_turn=bool(since and since[0]),
            )
        )
    print(f"{args.rounds} rounds a table, seed {args.seed}, {args.draws} draws a decision")
    print(
        "model (took, passed, threw, fits) | table | gain per decision (nats, 95% CI) | per hidden card"
        " | holds a meld: gain per decision (nats, 95% CI; CardVerse)"
    )
    overall: list[list[float]] = [[] for _ in models]
    for variant, seats, kinds in TABLES:
        if (args.variant and variant not in args.variant) or (args.seats and len(seats) not in args.seats):
            continue
        gains = measure(variant, seats, kinds, args.rounds, args.seed, models, args.draws)
        for k, m in enumerate(models):
            xs = [g for g, _, _ in gains[k]]
            per_card = [g / c for g, c, _ in gains[k] if c]
            overall[k].extend(per_card)
            mean, lo, hi = interval(xs)
            pc = statistics.fmean(per_card) if per_card else 0.0
            meld = ""
            if variant == "cardverse":
                mm, mlo, mhi = interval([x for _, _, x in gains[k]])
                meld = f" | {mm:+.3f} ({mlo:+.3f} to {mhi:+.3f})"
            print(
                f"{label(m)} | {variant} {' '.join(seats)} | "
                f"{mean:+.3f} ({lo:+.3f} to {hi:+.3f}) | {pc:+.4f}{meld}",
                flush=True,
            )
    for k, m in enumerate(models):
        if overall[k]:
            mean, lo, hi = interval(overall[k])
            name = label(m)
            print(f"all tables {name}: {mean:+.4f} nats per hidden card ({lo:+.4f} to {hi:+.4f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
