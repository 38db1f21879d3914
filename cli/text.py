"""Plain-text rendering shared by the terminal UIs: events in words, hands,
results and scoreboards. No rule lives here: all of it reads views and results."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rummykit.core.actions import DRAW_STOCK, TAKE_DISCARD, Action, short_form
from rummykit.core.cards import pretty, rank_sort_key, sort_key
from rummykit.core.engine import Event, RoundResult, View

Fmt = Callable[[int], str]


def card_fmt(ascii: bool = False) -> Fmt:
    return lambda c: pretty(c, ascii)


def cards_text(cards: Sequence[int], fmt: Fmt) -> str:
    return " ".join(fmt(c) for c in cards)


def describe_event(event: Event, names: Sequence[str], fmt: Fmt) -> str:
    who = names[event.seat]
    a = event.action
    cards = cards_text(a.cards, fmt)
    if a.kind == DRAW_STOCK:
        seen = f" ({fmt(event.card)})" if event.card is not None else ""
        return f"{who} draws from the stock{seen}"
    if a.kind == TAKE_DISCARD:
        return f"{who} takes {fmt(event.card)} from the discard pile" if event.card is not None else f"{who} takes the discard"
    if a.kind == "discard":
        return f"{who} discards {cards}"
    if a.kind == "knock":
        return f"{who} knocks, discarding {cards}"
    if a.kind == "gin":
        return f"{who} goes gin, discarding {cards}"
    if a.kind == "meld":
        return f"{who} melds {cards}"
    if a.kind == "add":
        return f"{who} adds {cards} to meld {a.target}"
    return f"{who}: {a.notation(fmt)}"


def action_text(action: Action, fmt: Fmt) -> str:
    return action.notation(fmt)


def legal_lines(legal: Sequence[Action], fmt: Fmt, ace_high: bool = False) -> list[str]:
    """The legal moves, grouped by kind, each with its short form."""
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    out = []
    for kind, acts in by_kind.items():
        acts = sorted(acts, key=lambda a: ([rank_sort_key(c, ace_high) for c in a.cards], a.target or 0))
        shown = []
        for a in acts:
            s = short_form(a)
            shown.append(a.notation(fmt) + (f"  [{s}]" if s and s != a.notation().lower() else ""))
        if len(shown) > 12:
            out.append(f"{kind} ({len(shown)} ways): " + ", ".join(x.split("  [")[0] for x in shown))
        else:
            out.extend(shown)
    return out


def sorted_hand(cards: Sequence[int], ace_high: bool = False) -> list[int]:
    return sorted(cards, key=lambda c: sort_key(c, ace_high))


def scoreboard(names: Sequence[str], totals: Sequence[int], target: int | None) -> str:
    parts = [f"{n} {t}" for n, t in zip(names, totals)]
    return "Score: " + ", ".join(parts) + (f" (target {target})" if target else "")


def result_lines(result: RoundResult, names: Sequence[str], fmt: Fmt) -> list[str]:
    out = []
    for h in result.hands:
        melds = "  ".join("[" + cards_text(m, fmt) + "]" for m in h.melds)
        lay = ""
        if h.layoffs:
            lay = "  lays off " + ", ".join(f"{fmt(c)} onto {cards_text(m, fmt)}" for c, m in h.layoffs)
        dead = cards_text(h.deadwood, fmt)
        out.append(f"{names[h.seat]}: {melds}{lay}  | {dead or '-'}  ({h.points})".replace("  |", " |"))
    out.extend(result.lines(names, fmt))
    return out


def view_lines(view: View, names: Sequence[str], fmt: Fmt, summary=None, ace_high: bool = False) -> list[str]:
    """The table as one seat sees it, in plain text."""
    out = []
    others = ", ".join(
        f"{names[s]} {n} cards ({view.scores[s] if view.scores else 0} pts)"
        for s, n in enumerate(view.hand_sizes)
    )
    top = fmt(view.discard_top) if view.discard_top is not None else "empty"
    below = max(0, len(view.discard_pile) - 1)
    out.append(f"Stock {view.stock_size} | discard {top}" + (f" (+{below} below)" if below else "") + f" | {others}")
    for m in view.table:
        out.append(f"  meld {m.number} ({names[m.owner]}): {cards_text(m.cards, fmt)}")
    if summary is not None:
        groups = "  ".join("[" + cards_text(m, fmt) + "]" for m in summary.melds)
        loose = cards_text(summary.loose, fmt)
        out.append(f"Your hand: {groups}{'  ' if groups and loose else ''}{loose}   ({summary.label})")
    else:
        out.append("Your hand: " + cards_text(sorted_hand(view.hand, ace_high), fmt))
    return out
