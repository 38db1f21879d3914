"""Rich renderings of the game: the table as one seat sees it, round and match
ends, every hand (replay). No rule lives here: all of it reads views, results
and the variant's hand summary, so a variant that a plugin adds renders with no
change.

Cards are always one styled span (``10♥`` never splits), hearts and diamonds
red; ``four_colour`` gives clubs green and diamonds blue; ``ascii`` writes suits
as letters and draws boxes with ``+-|``. Colour is left to rich, which honours
``NO_COLOR``. Below :data:`WIDE` columns the layout is compact: no boxes, short
labels, and hand groups flowed whole onto lines that fit.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rummykit.core.base.errors import RummyError
from rummykit.core.base.values import counted
from rummykit.core.cards.card import code, pretty, suit_of
from rummykit.core.cards.deck import Deck
from rummykit.core.engine.names import clean_text
from rummykit.core.engine.round import Event, RoundResult, View
from rummykit.core.engine.vocabulary import PLAIN, Vocabulary
from rummykit.core.plugins.registry import HandSummary

if TYPE_CHECKING:
    from rummykit.core.play.match import Match

from .text import (
    Sheet,
    cell,
    loose_shown,
    moves_key,
    not_now,
    outcome_lines,
    past_phrase,
    ranked,
    ranking_text,
    seat_state,
    sheet_notes,
    team_label,
    turn_blocks,
    winners_text,
)

WIDE = 80
MAX_WIDTH = 96  # wider terminals get a table this wide, not a stretched one

_SUIT_STYLES = ("", "red", "red", "")
_FOUR_COLOUR = ("green", "bright_blue", "red", "")
_MARK = "\x00"  # card markers inside formatted strings: "\x00<n>\x00"


@dataclass(frozen=True)
class Look:
    """How cards and boxes are drawn; ``deck`` the deck the cards come from
    (copies of a card drawn alike, a printed joker 🃏, or Jk with ``ascii``)."""

    ascii: bool = False
    four_colour: bool = False
    #: The deck of the game when it is not the one 52-card deck (copies shown
    #: alike, printed jokers).
    deck: Deck | None = None

    def card(self, c: int, new: bool = False) -> Text:
        deck = self.deck
        if deck is not None and deck.is_joker(c):
            style = ""
        else:
            style = (_FOUR_COLOUR if self.four_colour else _SUIT_STYLES)[suit_of(c % 52)]
        if new:
            style = (style + " reverse").strip()
        return Text(self.fmt(c), style=style or "")

    def cards(self, cs: Sequence[int], new: int | None = None) -> Text:
        out = Text()
        for i, c in enumerate(cs):
            if i:
                out.append(" ")
            out.append_text(self.card(c, new=(c == new)))
        return out

    def fmt(self, c: int) -> str:
        if self.deck is not None and not self.deck.standard:
            return self.deck.pretty(c, self.ascii)
        return pretty(c, self.ascii)

    @property
    def box(self) -> box.Box:
        return box.ASCII if self.ascii else box.ROUNDED

    @property
    def dash(self) -> str:
        return "-" if self.ascii else "—"

    @property
    def dot(self) -> str:
        return "|" if self.ascii else "·"

    @property
    def arrow(self) -> str:
        return ">" if self.ascii else "▶"

    def marked(self, text: str) -> Text:
        """Text in which cards were formatted with :func:`marker`: cards styled."""
        parts = text.split(_MARK)
        out = Text()
        for i, p in enumerate(parts):
            if i % 2:
                out.append_text(self.card(int(p)))
            else:
                out.append(p)
        return out

    def phrase(self, build: Callable[[Callable[[int], str]], str]) -> Text:
        """``build(fmt)`` -> text; rendered with styled cards."""
        return self.marked(build(marker))


def marker(c: int) -> str:
    return f"{_MARK}{c}{_MARK}"


def flow(
    items: Sequence[Text],
    width: int,
    sep: str = "  ",
    indent: str = "",
    seps: Sequence[str] | None = None,
    cont: str | None = None,
) -> list[Text]:
    """Pack ``items`` onto lines of at most ``width`` cells; an item never splits
    (one longer than the width gets a line of its own). ``seps[i]`` is the gap
    before item ``i`` (default ``sep``); ``cont`` indents the lines after the
    first (default ``indent``)."""
    lines: list[Text] = []
    cont = indent if cont is None else cont
    cur = Text(indent)
    empty = True
    for i, item in enumerate(items):
        if seps is not None:
            sep = seps[i]
        add = item.cell_len + (0 if empty else len(sep))
        if not empty and cur.cell_len + add > width:
            lines.append(cur)
            cur, empty = Text(cont), True
        if not empty:
            cur.append(sep)
        cur.append_text(item)
        empty = False
    if not empty or not lines:
        lines.append(cur)
    return lines


# -- the table ---------------------------------------------------------------------


@dataclass
class TableInfo:
    """Everything drawn for one seat at one moment."""

    title: str
    names: Sequence[str]
    view: View
    summary: HandSummary | None = None
    ace_high: bool = False
    target: int | str | None = None  # the match's end: a target, or the rule in words (goal_text)
    game_id: str = ""
    new_card: int | None = None  # just drawn: highlighted in the hand
    show_since: bool = True
    words: Vocabulary = PLAIN  # the variant's words for its moves
    since_room: int | None = None  # at most this many lines of what the others did (the latest)
    packed_melds: bool = False  # table melds flowed several to a line, without owners (a short terminal)
    table_line: str | None = None  # the variant's line about the table, cards as markers
    by_rank: bool | None = None  # the loose cards by rank, by suit, or None: the variant's order (``sort``)
    sheet_line: str | None = None  # the match rule's columns beyond the totals (text.sheet_line)


def hand_groups(info: TableInfo, look: Look) -> tuple[list[Text], str, list[str]]:
    """The hand as display groups (each meld, then the loose cards one by one), the
    label ("deadwood 12") and the gaps between the groups (for :func:`flow`)."""
    view, summary = info.view, info.summary
    groups: list[Text] = []
    if summary is not None:
        for m in summary.melds:
            t = Text("[")
            t.append_text(look.cards(m, info.new_card))
            t.append("]")
            groups.append(t)
        label = summary.label
    else:
        label = counted(len(view.hand), "card")
    loose = loose_shown(view, summary, info.ace_high, info.by_rank, look.deck)
    seps = ["   "] * len(groups)
    for i, c in enumerate(loose):
        seps.append("   " if i == 0 else " ")
        groups.append(look.card(c, new=(c == info.new_card)))
    return groups, label, seps


def since_lines(
    view: View, names: Sequence[str], look: Look, width: int = 10_000, words: Vocabulary = PLAIN
) -> list[Text]:
    """What the others did since this seat's last turn, one line per turn (folded
    between phrases when narrow): "Bob took 7♥ from the discard pile, discarded K♣"."""
    return [line for _, turn in since_turns(view, names, look, width, words) for line in turn]


def since_turns(
    view: View, names: Sequence[str], look: Look, width: int = 10_000, words: Vocabulary = PLAIN
) -> list[tuple[int, list[Text]]]:
    """:func:`since_lines` by turn: (the seat that acted, its lines)."""
    before, _ = turn_blocks(view.history, view.seat)
    return [
        (seat, turn_text(Text(names[seat], style="bold"), events, look, width, "  ", words))
        for seat, events in before
    ]


def latest_since_lines(
    turns: Sequence[tuple[int, Sequence[Text]]], room: int, names: Sequence[str], look: Look, width: int
) -> list[Text]:
    """The last ``room`` lines of ``turns`` (:func:`since_turns`), every one
    saying who acted: a turn whose first line is cut off starts with its actor's
    name and an ellipsis instead of half a sentence."""
    lines: list[Text] = []
    for seat, turn in reversed(turns):
        if len(lines) >= room:
            break
        kept = list(turn[-(room - len(lines)) :])
        if len(kept) < len(turn):
            first = Text("  ")
            first.append(names[seat], style="bold")
            first.append(" ..." if look.ascii else " …")
            first.append(" ")
            first.append_text(kept[0][len(kept[0].plain) - len(kept[0].plain.lstrip()) :])
            kept[0] = fit(first, width, look)
        lines = kept + lines
    return lines


def current_turn_lines(view: View, look: Look, width: int = 10_000, words: Vocabulary = PLAIN) -> list[Text]:
    _, current = turn_blocks(view.history, view.seat)
    if not current:
        return []
    head = Text("This turn:", style="bold")
    head.append(" you")
    return turn_text(head, current, look, width, "", words)


def turn_text(
    who: Text, events: Sequence[Event], look: Look, width: int, indent: str, words: Vocabulary = PLAIN
) -> list[Text]:
    """``who`` and the phrases of ``events``, comma-separated, folded between phrases."""
    pieces = [look.phrase(functools.partial(past_phrase, e, words=words)) for e in events]
    for i in range(len(pieces) - 1):
        pieces[i].append(",")
    first = who.copy()
    first.append(" ")
    first.append_text(pieces[0])
    items: list[Text] = []
    room = width - len(indent) - 4
    for piece in [first, *pieces[1:]]:
        if piece.cell_len <= room:
            items.append(piece)
        else:  # too long for one line: fold between words (a card has no space)
            items.extend(w for w in piece.split(" ") if w.plain)
    return flow(items, width, sep=" ", indent=indent, cont=indent + "    ")


def players_table(info: TableInfo, look: Look, compact: bool, width: int = 10_000) -> Group:
    """One line per seat: who is to act, the name (with "(you)", or "(partner)"
    for a partner of the seat), the card count (or "sits out", "out": a seat
    with no part in the round), the match score. Names are shortened (never the
    numbers) when the width is short."""
    view = info.view
    rows = []
    for s, n in enumerate(view.hand_sizes):
        score = view.scores[s] if view.scores else 0
        cards = seat_state(view.match, s) or counted(n, "card")
        pts = counted(score, "pt") if not compact else f"{score}"
        mate = view.match is not None and s in view.match.partners(view.seat)
        rows.append(
            (s, info.names[s] + (" (you)" if s == view.seat else " (partner)" if mate else ""), cards, pts)
        )
    cw = max(len(r[2]) for r in rows)
    pw = max(len(r[3]) for r in rows)
    room = max(4, width - 3 - 2 - cw - 2 - pw)
    nw = min(max(len(r[1]) for r in rows), room)
    lines = []
    for s, name, cards, pts in rows:
        t = Text(f"{look.arrow if view.to_act == s else ' '}  ")
        shown = name if len(name) <= nw else name[: nw - 1] + ("~" if look.ascii else "…")
        own = s == view.seat
        mine = info.names[s]
        if own and shown.startswith(mine) and len(shown) > len(mine):
            t.append(mine, style="bold")
            t.append(shown[len(mine) :].ljust(nw - len(mine)), style="dim")
        else:
            t.append(shown.ljust(nw), style="bold" if own else "")
        t.append(f"  {cards:>{cw}}  {pts:>{pw}}")
        lines.append(t)
    return Group(*lines)


def pile_line(view: View, look: Look, compact: bool) -> Text:
    t = Text()
    t.append("Stock ", style="dim")
    t.append(str(view.stock_size), style="bold")
    t.append(f"  {look.dot}  " if not compact else "  ")
    t.append("Discard " if not compact else "Disc ", style="dim")
    if view.discard_top is None:
        t.append("empty")
    else:
        t.append_text(look.card(view.discard_top))
        below = len(view.discard_pile) - 1
        if below:
            t.append(f" (+{below} beneath)" if not compact else f" (+{below})", style="dim")
    return t


def fit(t: Text, width: int, look: Look) -> Text:
    """``t`` cut to ``width`` cells, with an ellipsis (``~`` in ASCII) if cut."""
    if t.cell_len <= width:
        return t
    t = t.copy()
    t.truncate(max(1, width - 1))
    t.append("~" if look.ascii else "…")
    return t


def fold(t: Text, width: int, cont: str = "") -> list[Text]:
    """``t`` folded between words to ``width`` (a card has no space inside)."""
    if t.cell_len <= width:
        return [t]
    return flow([w for w in t.split(" ") if w.plain], width, sep=" ", cont=cont)


def meld_lines(info: TableInfo, look: Look, width: int) -> list[Text]:
    out = []
    owner_w = max((len(info.names[m.owner]) for m in info.view.table), default=0)
    owner_w = min(owner_w, max(4, width // 3))
    for m in info.view.table:
        head = Text(f"{m.number:>2}  ")
        head.append_text(fit(Text(info.names[m.owner], style="dim"), owner_w, look))
        head.append(" " * (owner_w - len(info.names[m.owner][:owner_w])) + "  ")
        cards = [look.card(c) for c in m.cards]
        lines = flow(cards, max(10, width - head.cell_len), sep=" ")
        first = head + lines[0]
        out.append(first)
        for rest in lines[1:]:
            out.append(Text(" " * head.cell_len) + rest)
    return out


def packed_meld_lines(info: TableInfo, look: Look, width: int) -> list[Text]:
    """The table melds as few lines as they fit in: ``N:`` and the cards of
    each, several to a line, without their owners."""
    melds = []
    for m in info.view.table:
        t = Text(f"{m.number}:", style="dim")
        for i, c in enumerate(m.cards):
            t.append(" " if i else "")
            t.append_text(look.card(c))
        melds.append(t)
    return flow(melds, width - 1, indent=" ", sep="  ")


def table_view(info: TableInfo, look: Look, width: int, compact: bool | None = None) -> RenderableType:
    """The whole table for one seat: header, players, piles, table melds, what
    happened since your last turn, and your hand. Compact (no boxes, no blank
    lines, short labels) below :data:`WIDE` columns, or when ``compact`` says so
    (a short terminal)."""
    narrow = width < WIDE  # short labels
    if compact is None:
        compact = narrow
    width = min(width, MAX_WIDTH)
    view = info.view
    inner = width if compact else width - 4  # panel borders and padding
    parts: list[RenderableType] = []

    head = Text(info.title, style="bold")
    head.append(f"  {look.dot}  round {view.round_index + 1}")
    if info.target:
        head.append(f"  {look.dot}  {goal_text(info.target)}")
    if info.game_id and not compact:
        head.append(f"  {look.dot}  game {info.game_id}", style="dim")
    parts.append(fit(head, inner, look))

    parts.append(players_table(info, look, narrow, inner))
    if info.sheet_line:
        parts.extend(fold(Text(info.sheet_line, style="dim"), inner, "  "))
    parts.append(pile_line(view, look, narrow))
    if info.table_line:
        parts.extend(fold(look.marked(info.table_line), inner, "  "))

    if view.table:
        if not compact:
            parts.append(Text())
        if info.packed_melds:
            parts.append(Text("Table melds", style="bold"))
            parts.extend(packed_meld_lines(info, look, inner))
        else:
            parts.append(Text("Table melds", style="bold"))
            parts.extend(meld_lines(info, look, inner))

    if info.show_since:
        turns = since_turns(view, info.names, look, inner, info.words)
        lines = [line for _, turn in turns for line in turn]
        if info.since_room is not None and len(lines) > info.since_room:
            dropped = len(lines) - info.since_room
            lines = [
                Text(
                    f"  ({dropped} earlier line{'s' if dropped != 1 else ''} not shown: type log)",
                    style="dim",
                )
            ] + latest_since_lines(turns, info.since_room, info.names, look, inner)
        if lines:
            if not compact:
                parts.append(Text())
            parts.append(Text("Since your last turn" if not narrow else "Since your turn", style="bold"))
            parts.extend(lines)
    cur = current_turn_lines(view, look, inner, info.words)
    if cur:
        if not compact:
            parts.append(Text())
        parts.extend(cur)

    groups, label, seps = hand_groups(info, look)
    hand_title = Text("Your hand", style="bold")
    hand_title.append(f"  ({label})" if label else "")
    hand_lines = flow(groups, inner - 2, indent="  ", seps=seps)
    if compact:
        parts.extend(fold(hand_title, inner, "    "))
        parts.extend(hand_lines)
        return Group(*parts)

    body = Group(*parts)
    hand = Panel(
        Group(*hand_lines), title=hand_title, title_align="left", box=look.box, padding=(0, 1), width=width
    )
    return Group(Panel(body, box=look.box, padding=(0, 1), width=width), hand)


# -- round and match ends -------------------------------------------------------------


def last_turn(history: Sequence[Event]) -> tuple[int, list[Event]] | None:
    """The last turn of a round's ``history`` (the one that ended a finished
    round, whoever made it: a player going out, or one drawing from the empty
    stock): its seat and events; None if no one moved."""
    blocks, _ = turn_blocks(history, -1)
    if not blocks:
        return None
    seat, events = blocks[-1]
    return seat, list(events)


def final_lines(
    result: RoundResult,
    final: View,
    names: Sequence[str],
    look: Look,
    width: int,
    words: Vocabulary = PLAIN,
    you: int | None = None,
) -> list[Text]:
    """The table as the round ended (every meld on it) and the round's last turn
    as ``final`` (a seat's view of the finished round) saw it: melds laid,
    additions, the last discard, or the draw from the empty stock ("You" when
    it was seat ``you``'s)."""
    out: list[Text] = []
    if final.table:
        out.append(Text("Final table", style="bold"))
        out.extend(meld_lines(TableInfo("", names, final), look, width))
    last = last_turn(final.history)
    if last is not None:
        seat, events = last
        out.append(Text("Last turn", style="bold"))
        who = "You" if seat == you else names[seat]
        out.extend(turn_text(Text(who, style="bold"), events, look, width, "  ", words))
    return out


def result_view(
    result: RoundResult,
    names: Sequence[str],
    look: Look,
    width: int,
    round_no: int,
    totals: Sequence[int],
    target: int | str | None,
    points_label: str = "points",
    final: View | None = None,
    words: Vocabulary = PLAIN,
    you: int | None = None,
    sheet: Sheet | None = None,
    seats: Sequence[int] | None = None,
) -> RenderableType:
    """The final table and the round's last turn (from ``final``, a seat's view
    of the finished round, when given), every hand with its melds, layoffs and
    deadwood or hand value (only those of ``seats``, the seats that played
    it, when given), the outcome in words (seat ``you``, the person reading,
    as "you"), and the scoreboard (the match rule's columns: ``sheet``)."""
    parts: list[RenderableType] = [Text(f"Round {round_no} is over", style="bold")]
    if final is not None:
        parts.extend(final_lines(result, final, names, look, width, words, you))
        parts.append(Text("Hands", style="bold"))
    for h in result.hands:
        if seats is not None and h.seat not in seats:
            continue
        head = Text(names[h.seat], style="bold")
        head.append(" (you)" if h.seat == you else "")
        head.append(f"  ({points_label} {h.points})")
        parts.append(head)
        items = [Text("[") + look.cards(m) + Text("]") for m in h.melds]
        seps = ["   "] * len(items)
        for i, c in enumerate(h.loose):
            items.append(look.card(c))
            seps.append("   " if i == 0 else " ")
        if not items:
            items, seps = [Text("no cards left", style="dim")], [""]
        parts.extend(flow(items, width - 2, indent="  ", seps=seps))
        for card, onto in h.layoffs:
            t = Text("  lays off ")
            t.append_text(look.card(card))
            t.append(" onto ")
            t.append_text(look.cards(onto))
            parts.append(t)
    parts.append(Text())
    for line in outcome_lines(result, names, marker, you):
        parts.append(look.marked(line))
    parts.append(Text())
    parts.append(score_table(names, totals, target, look, round_points=result.points, sheet=sheet))
    return Group(*parts)


def goal_text(target: int | str | None) -> str:
    """The match's end in a header: ``to 100`` for a target (a number), else the
    match rule's own short words (``5 deals``, see MatchRule.short)."""
    if not target:
        return ""
    return f"to {target}" if isinstance(target, int) else target


def score_table(
    names: Sequence[str],
    totals: Sequence[int],
    target: int | str | None,
    look: Look,
    round_points: Sequence[int] | None = None,
    sheet: Sheet | None = None,
) -> Table:
    """The score sheet: a row per player with the round's points (if given)
    and the total. With a ``sheet`` that is not plain, the match rule's own
    columns instead of the total (the goal under a "Total" column's title,
    else under the table, with the columns' notes), and, when it has team
    columns, a row per team below the players' rows."""
    t = Table(box=look.box, show_edge=True, pad_edge=True, title=None)
    t.add_column("Player", no_wrap=True)
    if round_points is not None:
        t.add_column("Round", justify="right")
    if sheet is None or sheet.plain:
        t.add_column("Total" + (f" ({goal_text(target)})" if target else ""), justify="right")
        for s, n in enumerate(names):
            row = [n]
            if round_points is not None:
                row.append(f"{round_points[s]:+d}" if round_points[s] else "0")
            row.append(str(totals[s]))
            t.add_row(*row)
        return t
    cols = sheet.columns
    goal_shown = False
    for col in cols:
        title = col.title
        if target and not goal_shown and title == "Total":
            title, goal_shown = f"{title} ({goal_text(target)})", True
        t.add_column(title, justify="right", no_wrap=True)
    key = [goal_text(target)] if target and not goal_shown else []
    key.extend(sheet_notes(sheet, names, look.fmt))
    if key:  # under the table: the goal, and what each column with a note is
        t.caption = "\n".join(key)
        t.caption_justify = "left" if len(key) > 1 else "center"
    seat_cols = [c for c in cols if not c.teams]
    for s, n in enumerate(names):
        row = [n]
        if round_points is not None:
            row.append(f"{round_points[s]:+d}" if round_points[s] else "0")
        row.extend(cell(c.values[s]) if not c.teams and s < len(c.values) else "" for c in cols)
        t.add_row(*row, end_section=s == len(names) - 1 and len(seat_cols) < len(cols))
    for i, team in enumerate(sheet.teams):
        if not any(c.teams for c in cols):
            break
        row = [team_label(names, team)]
        if round_points is not None:
            pts = sum(round_points[s] for s in team)
            row.append(f"{pts:+d}" if pts else "0")
        row.extend(cell(c.values[i]) if c.teams and i < len(c.values) else "" for c in cols)
        t.add_row(*row)
    return t


def rounds_table(
    names: Sequence[str], results: Sequence[RoundResult], totals: Sequence[int], look: Look, width: int
) -> Table:
    """Per-round points, one row per round, totals at the foot."""
    t = Table(box=look.box, show_footer=True)
    t.add_column("Round", footer="Total", justify="right", no_wrap=True)
    t.add_column("Outcome", no_wrap=True)
    for s, n in enumerate(names):
        t.add_column(n, footer=str(totals[s]), justify="right", no_wrap=True)
    for i, r in enumerate(results):
        t.add_row(str(i + 1), clean_text(str(r.outcome)), *[str(p) if p else "-" for p in r.points])
    return t


def match_view(
    names: Sequence[str],
    results: Sequence[RoundResult],
    totals: Sequence[int],
    winner: int | None,
    look: Look,
    width: int,
    ending: str = "",
    sheet: Sheet | None = None,
    winners: Sequence[int] | None = None,
    ranking: Sequence[int] | None = None,
) -> RenderableType:
    """Who won, with what (``ending``: how the match ends, Match.ending), and
    every round's points. With a ``sheet`` that is not plain (teams, several
    columns): ``winners`` (a seat, a team's seats, or none) and the rule's
    score sheet under the rounds; with a ``ranking``, the places too."""
    head = Text("Match over: ", style="bold")
    if sheet is None or sheet.plain:
        head.append(f"{names[winner]} wins" if winner is not None else "no winner", style="bold green")
        head.append(f" with {totals[winner]}" if winner is not None else "")
    else:
        won = tuple(winners if winners is not None else (() if winner is None else (winner,)))
        head.append(winners_text(names, won) if won else "no winner", style="bold green")
    if ending:
        head.append(f" ({ending})", style="dim")
    parts: list[RenderableType] = [head]
    if ranking is not None:
        parts.append(Text("Ranking: " + ranking_text(names, ranking, sheet.teams if sheet else ())))
    parts.extend([Text(), rounds_table(names, results, totals, look, width)])
    if sheet is not None and not sheet.plain:
        parts.append(score_table(names, totals, None, look, sheet=sheet))
    return Group(*parts)


def match_end_view(names: Sequence[str], match: Match, look: Look, width: int) -> RenderableType:
    """:func:`match_view` of a finished ``match``: its winners, and (where its
    rule is not one total per seat under a built-in rule, :func:`ranked`) its
    ranking and score sheet."""
    sheet = Sheet.of(match)
    ranking = None
    if ranked(match, sheet):
        try:
            ranking = match.ranking()
        except RummyError:  # a plugin rule's bug: the end shows without its ranking
            ranking = None
    return match_view(
        names,
        match.results,
        match.totals,
        match.winner,
        look,
        width,
        match.ending(),
        sheet=sheet,
        winners=match.winners,
        ranking=ranking,
    )


# -- every hand (replay) ---------------------------------------------------------------


def points_label(summary: HandSummary | None) -> str:
    """The word a variant uses for a hand's points, from its hand summary label
    ("deadwood 12" -> "deadwood"); "points" if it gives none."""
    label = getattr(summary, "label", "") or ""
    head, _, tail = label.rpartition(" ")
    return head if head and tail.lstrip("-").isdigit() else "points"


def all_hands_view(
    title: str,
    names: Sequence[str],
    views: Sequence[View],
    summaries: Sequence,
    look: Look,
    width: int,
    ace_high: bool = False,
    caption: Text | None = None,
    target: int | str | None = None,
    table_line: str | None = None,
) -> RenderableType:
    """The table with every hand open (replay); ``table_line``: the variant's
    line about the table, cards as :func:`marker` gives them."""
    v0 = views[0]
    compact = width < WIDE
    parts: list[RenderableType] = []
    head = Text(title, style="bold")
    head.append(f"  {look.dot}  round {v0.round_index + 1}")
    if target:
        head.append(f"  {look.dot}  {goal_text(target)}")
    parts.append(head)
    if caption is not None:
        parts.append(caption)
    parts.append(pile_line(v0, look, compact))
    if table_line:
        parts.extend(fold(look.marked(table_line), width, "  "))
    if v0.table:
        info = TableInfo(title, names, v0)
        parts.append(Text("Table melds", style="bold"))
        parts.extend(meld_lines(info, look, width))
    for s, v in enumerate(views):
        info = TableInfo(title, names, v, summaries[s], ace_high)
        groups, label, seps = hand_groups(info, look)
        mark = look.arrow if v0.to_act == s else " "
        score = v0.scores[s] if v0.scores else 0
        t = Text(f"{mark} ")
        t.append(names[s], style="bold")
        away = seat_state(v0.match, s)
        if away:  # no part in this round: no hand to show
            t.append(f"  ({away}; {counted(score, 'pt')})", style="dim")
            parts.append(t)
            continue
        t.append(f"  ({label}; {counted(score, 'pt')})", style="dim")
        parts.append(t)
        parts.extend(flow(groups, width - 4, indent="    ", seps=seps))
    return Group(*parts)


# -- help ------------------------------------------------------------------------------


def help_lines(
    legal: Sequence,
    look: Look,
    width: int,
    ace_high: bool = False,
    most: int = 8,
    words: Vocabulary = PLAIN,
    stock_size: int | None = None,
    typed: Callable[[int], str] = code,
) -> list[Text]:
    """The legal moves with their short forms (cards as ``typed``), folded to ``width``: a one-card kind
    with many choices on one flowed line ("discard [d CARD]: 3♦ 4♣ ..."), others
    one per line (at most ``most`` of a kind, then how many more). At an empty
    stock (``stock_size`` 0) a move the variant says does something else there
    says what ("draw stock [s]: end the round: lowest hand value wins")."""
    by_kind: dict[str, list] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    out: list[Text] = []
    for kind, acts in by_kind.items():
        acts = sorted(acts, key=moves_key(ace_high, look.deck))
        one_card = all(len(a.cards) == 1 and a.target is None for a in acts)
        if one_card and len(acts) > 2:
            usage = words.usage(acts[0])
            head = Text(f"  {kind}", style="bold")
            if usage:
                head.append(f" [{usage}]", style="dim")
            head.append(":")
            items = [head] + [look.card(a.cards[0]) for a in acts]
            out.extend(flow(items, width, sep=" ", cont="      "))
            continue
        for a in acts[:most]:
            t = Text("  ")
            t.append_text(look.phrase(a.notation))
            short = words.short_form(a, typed, by_kind)
            if short and short != a.notation().lower():
                t.append(f"  [{short}]", style="dim")
            empty = words.at_empty_stock(a, stock_size)
            if empty:
                t.append(f": {empty}", style="bold yellow")
            out.append(t)
        if len(acts) > most:
            out.append(
                Text(
                    f"  ... and {counted(len(acts) - most, 'more ' + kind + ' move')} (Tab completes)",
                    style="dim",
                )
            )
        if words.help_line(kind):
            out.extend(fold(Text(f"    {kind}: {words.help_line(kind)}", style="dim"), width, "      "))
    for kind, usage, line in not_now(legal, words):
        t = Text(f"  {kind}", style="dim")
        t.append(f" [{usage}]", style="dim")
        t.append(" (not now)" + (f": {line}" if line else ""), style="dim")
        out.extend(fold(t, width, "      "))
    return out
