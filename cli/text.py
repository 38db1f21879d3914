"""Plain-text rendering shared by the terminal UIs: events in words, hands,
results and scoreboards. No rule lives here: all of it reads views and results,
and the words of the moves come from the variant's vocabulary
(:class:`rummykit.core.engine.vocabulary.Vocabulary`, ``VariantSpec.vocabulary``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rummykit.core.base.values import counted
from rummykit.core.cards.card import code, parse_card, pretty, split_tokens
from rummykit.core.cards.deck import STANDARD_DECK, Deck
from rummykit.core.engine.actions import DRAW_STOCK, SHORT_FORMS, TAKE_DISCARD, Action
from rummykit.core.engine.names import render_text
from rummykit.core.engine.round import Event, RoundResult, View
from rummykit.core.engine.vocabulary import PLAIN, Vocabulary

if TYPE_CHECKING:
    from rummykit.core.cards.deck import STANDARD_DECK, Deck
    from rummykit.core.engine.context import MatchContext
    from rummykit.core.play.match import Column, Match
    from rummykit.core.plugins.registry import HandSummary

Fmt = Callable[[int], str]


def card_fmt(ascii: bool = False, deck: Deck | None = None) -> Fmt:
    """How cards are shown: copies alike and printed jokers too with a ``deck``."""
    if deck is not None and not deck.standard:
        return lambda c: deck.pretty(c, ascii)
    return lambda c: pretty(c, ascii)


def cards_text(cards: Sequence[int], fmt: Fmt) -> str:
    return " ".join(fmt(c) for c in cards)


# A card in the notation (``KD``, ``TC``, ``10C``) standing alone in a sentence.
_CODE = re.compile(r"(?<![\w♣♦♥♠])(10|[2-9TJQKA])([CDHS])(?![\w♣♦♥♠])")


def readable(text: str, fmt: Fmt) -> str:
    """``text`` (an engine's reason, a bot's hint) with each card written in the
    notation (``KD``, ``TC``: upper case, standing alone) shown by ``fmt``, the
    session's own way (``K♦``, ``10♣``), so a person reads one notation."""
    return _CODE.sub(lambda m: fmt(parse_card(m.group(0))), text)


def hint_text(
    action: Action,
    reason: str,
    fmt: Fmt,
    words: Vocabulary = PLAIN,
    stock_size: int | None = None,
    dash: str = "—",
) -> str:
    """A hint's move and reason in the session's notation: "draw stock (end the
    round: lowest hand value wins) — end the round now: ..." at an empty stock."""
    out = action.notation(fmt)
    empty = words.at_empty_stock(action, stock_size)
    if empty:
        out += f" ({empty})"
    return out + (f" {dash} {readable(reason, fmt)}" if reason else "")


def empty_draw(event: Event) -> bool:
    """Whether ``event`` is a draw from the stock that moved no card: one from the
    empty stock (a card drawn from the stock is private; hidden from a viewer,
    the event stays private)."""
    return event.action.kind == DRAW_STOCK and event.card is None and not event.private


def describe_event(event: Event, names: Sequence[str], fmt: Fmt, words: Vocabulary = PLAIN) -> str:
    who = names[event.seat]
    a = event.action
    if a.kind == DRAW_STOCK:
        if empty_draw(event):
            return f"{who} asks for a card from the empty stock"
        seen = f" ({fmt(event.card)})" if event.card is not None else ""
        return f"{who} draws from the stock{seen}"
    if a.kind == TAKE_DISCARD:
        if event.card is None:
            return f"{who} takes the discard"
        return f"{who} takes {fmt(event.card)} from the discard pile"
    phrase = words.phrase(a, cards_text(a.cards, fmt))
    return f"{who} {phrase}" if phrase else f"{who}: {a.notation(fmt)}"


def legal_lines(
    legal: Sequence[Action],
    fmt: Fmt,
    ace_high: bool = False,
    words: Vocabulary = PLAIN,
    stock_size: int | None = None,
    typed: Fmt = code,
    deck: Deck | None = None,
) -> list[str]:
    """The legal moves, grouped by kind (in :func:`moves_key`'s order, the cards of
    ``deck``), each with its short form (its cards as a person types them,
    ``typed``: a declared deck's ``code`` names a copy as its card) and, at an
    empty stock, what a move does there if the variant says so."""
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    out = []
    for kind, acts in by_kind.items():
        acts = sorted(acts, key=moves_key(ace_high, deck))
        shown = []
        for a in acts:
            s = words.short_form(a, typed, by_kind)
            empty = words.at_empty_stock(a, stock_size)
            shown.append(
                a.notation(fmt)
                + (f"  [{s}]" if s and s != a.notation().lower() else "")
                + (f": {empty}" if empty else "")
            )
        if len(shown) > 12:
            out.append(f"{kind} ({len(shown)} ways): " + ", ".join(x.split("  [")[0] for x in shown))
        else:
            out.extend(shown)
        if words.help_line(kind):
            out.append(f"  ({kind}: {words.help_line(kind)})")
    for kind, usage, line in not_now(legal, words):
        out.append(f"not now: {kind}  [{usage}]" + (f": {line}" if line else ""))
    return out


def not_now(legal: Sequence[Action], words: Vocabulary) -> list[tuple[str, str, str]]:
    """The kinds the variant declared that are not legal now, as ``(kind,
    usage, help line)``: ``help`` lists them too (typing one gives the
    variant's reason)."""
    legal_kinds = {a.kind for a in legal}
    out = []
    for kind in words.declared:
        if kind in legal_kinds or kind in (DRAW_STOCK, TAKE_DISCARD, "discard"):
            continue
        out.append((kind, words.kind_usage(kind), words.help_line(kind)))
    return out


def sorted_hand(
    cards: Sequence[int], ace_high: bool = False, by_rank: bool = False, deck: Deck | None = None
) -> list[int]:
    """``cards`` by suit then rank, or ``by_rank`` by rank then suit (of ``deck``:
    copies of a card together, printed jokers last)."""
    d = deck or STANDARD_DECK
    key = d.rank_sort_key if by_rank else d.sort_key
    return sorted(cards, key=lambda c: key(c, ace_high))


def moves_key(ace_high: bool = False, deck: Deck | None = None) -> Callable[[Action], tuple[Any, ...]]:
    """The order moves of one kind are listed in: by their cards, by rank (of
    ``deck``: copies together, jokers last), then by the meld they go to."""
    key = (deck or STANDARD_DECK).rank_sort_key
    return lambda a: ([key(c, ace_high) for c in a.cards], a.target or 0)


def loose_shown(
    view: View,
    summary: HandSummary | None,
    ace_high: bool = False,
    by_rank: bool | None = None,
    deck: Deck | None = None,
) -> list[int]:
    """The hand's cards outside its melds as shown: in the variant's order (its hand
    summary's, else by suit) when ``by_rank`` is None, else by rank or by suit (``sort``),
    the cards of ``deck``."""
    loose = list(summary.loose) if summary is not None else sorted_hand(view.hand, ace_high, deck=deck)
    return loose if by_rank is None else sorted_hand(loose, ace_high, by_rank, deck)


def sorted_next(shown: Sequence[int], ace_high: bool = False, deck: Deck | None = None) -> bool:
    """What ``sort`` turns the loose cards ``shown`` (of ``deck``) into: by suit
    (False) when they are shown by rank, else by rank (True)."""
    return list(shown) != sorted_hand(shown, ace_high, by_rank=True, deck=deck)


# -- the match's score sheet, from its rule (MatchRule.columns) ---------------------------


def team_label(names: Sequence[str], team: Sequence[int]) -> str:
    """A team by its players' names: "Alice and Carol", "Ann, Bob and Cy"."""
    shown = [names[s] for s in team]
    if len(shown) <= 2:
        return " and ".join(shown)
    return ", ".join(shown[:-1]) + " and " + shown[-1]


@dataclass(frozen=True)
class Sheet:
    """A match's score sheet at one moment, as its rule gives it
    (:meth:`rummykit.core.play.match.Match.columns`): ``columns``, each with
    one value per seat or, with ``teams=True``, one per team of ``teams``.
    :attr:`plain` when it is one per-seat column titled "Total" and there are
    no teams: then the UIs show the one total as they always have."""

    columns: tuple[Column, ...]
    teams: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def of(cls, match: Match) -> Sheet:
        """``match``'s sheet now; a rule whose ``columns()`` fails (a
        plugin's bug) gives the totals instead: a display must not end the game."""
        from rummykit.core.base.errors import RummyError
        from rummykit.core.play.match import Column

        try:
            columns = tuple(match.columns())
        except RummyError:
            columns = (Column("Total", tuple(match.totals)),)
        return cls(columns, tuple(match.rule.teams))

    @property
    def plain(self) -> bool:
        cols = self.columns
        return not self.teams and len(cols) == 1 and cols[0].title == "Total" and not cols[0].teams

    def labels(self, column: Column, names: Sequence[str]) -> list[str]:
        """The row names of ``column``: the seats' names, or the teams' (:func:`team_label`)."""
        if column.teams:
            return [team_label(names, t) for t in self.teams]
        return list(names)


def cell(value: int | None) -> str:
    """A score sheet's cell: the number, or ``-`` where the rule leaves it empty."""
    return "-" if value is None else str(value)


def sheet_notes(sheet: Sheet | None, names: Sequence[str] = (), fmt: Fmt = code) -> list[str]:
    """What the columns of ``sheet`` that have a note are ("Game 2: from the
    second hand won"), one line each, for a key under a score sheet; ``{i}``
    in a note is seat ``i``'s name (as in a round result's text), a card
    marker the card as ``fmt`` writes it."""
    if sheet is None:
        return []
    return [f"{c.title}: {render_text(c.note, names, fmt)}" for c in sheet.columns if c.note]


def sheet_line(names: Sequence[str], sheet: Sheet | None) -> str | None:
    """The columns of ``sheet`` the table's player lines do not show (all but
    a per-seat "Total"), in one line for the table: "Team: Ann and Cy 40, Bob
    and Di 25", "Game 1: Ann 32, Bob 0; Game 2: ..."; None for a plain sheet."""
    if sheet is None or sheet.plain:
        return None
    parts = []
    for column in sheet.columns:
        if column.title == "Total" and not column.teams:
            continue
        labels = sheet.labels(column, names)
        cells = ", ".join(f"{n} {cell(v)}" for n, v in zip(labels, column.values, strict=False))
        parts.append(f"{column.title}: {cells}")
    return "; ".join(parts) or None


def scoreboard(
    names: Sequence[str], totals: Sequence[int], target: int | str | None, sheet: Sheet | None = None
) -> str:
    """``Score: Ann 120, Bob -15 (first to 500)``: the totals, and the match's
    end (a target, or the match rule in words, MatchRule.describe). With a
    ``sheet`` that is not plain, each column in turn, titled:
    ``Score: Game 1: Ann 30, Bob 12; Game 2: Ann 0, Bob 12 (...)``; a team
    column names each team by its players."""
    if sheet is None or sheet.plain:
        parts = [f"{n} {t}" for n, t in zip(names, totals, strict=True)]
        shown = ", ".join(parts)
    else:
        cols: list[str] = []
        for column in sheet.columns:
            labels = sheet.labels(column, names)
            cells = ", ".join(f"{n} {cell(v)}" for n, v in zip(labels, column.values, strict=False))
            # a first column titled "Score" is the line's own word: not said twice
            same = not cols and column.title.strip().lower() == "score"
            cols.append(cells if same else f"{column.title}: {cells}")
        shown = "; ".join(cols)
    if not target:
        return "Score: " + shown
    end = f"target {target}" if isinstance(target, int) else target
    return "Score: " + shown + f" ({end})"


def winners_text(names: Sequence[str], winners: Sequence[int]) -> str:
    """Who won a match: "Alice wins", "Alice and Carol win" (a team), "nobody wins"."""
    if not winners:
        return "nobody wins"
    if len(winners) == 1:
        return f"{names[winners[0]]} wins"
    return f"{team_label(names, winners)} win"


def ranked(match: Match, sheet: Sheet | None = None) -> bool:
    """Whether the end of ``match`` shows its ranking: when its rule is not one
    total per seat under a built-in rule (teams, several columns, a plugin's
    rule such as elimination, where the ranking is not the order of the totals)."""
    from rummykit.core.play.match import BUILT_IN_KINDS

    sheet = Sheet.of(match) if sheet is None else sheet
    return not sheet.plain or match.rule.kind not in BUILT_IN_KINDS


def ranking_text(names: Sequence[str], ranking: Sequence[int], teams: Sequence[Sequence[int]] = ()) -> str:
    """The match's ranking, best first: "1. Alice, 2. Carol, 3. Bob"; with
    ``teams`` a team's seats ranked together are one place ("1. Alice and Carol")."""
    places: list[list[int]] = []
    for s in ranking:
        team = next((t for t in teams if s in t), None)
        if places and team is not None and places[-1][0] in team:
            places[-1].append(s)
        else:
            places.append([s])
    return ", ".join(f"{i}. {team_label(names, p)}" for i, p in enumerate(places, 1))


def sitting_out_line(names: Sequence[str], context: MatchContext | None) -> str | None:
    """The seats with no part in the round of ``context``, in words: "Carol
    sits out this round; Dave is out of the match"; None when every seat plays."""
    if context is None or not context.seats:
        return None
    resting = [s for s in range(len(names)) if s not in context.seats and s not in context.out]
    gone = [s for s in context.out if 0 <= s < len(names)]
    parts = []
    if resting:
        verb = "sits" if len(resting) == 1 else "sit"
        parts.append(f"{team_label(names, resting)} {verb} out this round")
    if gone:
        verb = "is" if len(gone) == 1 else "are"
        parts.append(f"{team_label(names, gone)} {verb} out of the match")
    return "; ".join(parts) or None


def seats_playing(view: View) -> int:
    """How many seats play the round ``view`` shows: those its match context
    names (``view.match.seats``), else every seat."""
    ctx = view.match
    return len(ctx.seats) if ctx is not None and ctx.seats else view.n_seats


def seat_state(context: MatchContext | None, seat: int) -> str | None:
    """Why ``seat`` has no part in a round (``context``: its place in the
    match, ``view.match``): "out" (out of the match), "sits out" (this round),
    or None when it plays (or no context says otherwise)."""
    if context is None or not context.seats:
        return None
    if seat in context.out:
        return "out"
    if seat not in context.seats:
        return "sits out"
    return None


#: A seat's name while a variant's text is filled in for the person in it
#: (:func:`outcome_lines`): a private-use character, never in a name.
YOU = "\ue000"
_YOU = re.compile(YOU + r"(?:('s)\b|( )([a-z]+s)\b)?")
_SAME = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def _second_person(verb: str) -> str:
    """The verb after "you": "knocks" -> "knock", "has" -> "have", "lays" -> "lay"."""
    if verb in _SAME:
        return _SAME[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    return verb[:-1] if not verb.endswith("ss") else verb


def addressed(text: str) -> str:
    """``text`` filled in with :data:`YOU` for a seat, spoken to that seat's
    person: "YOU knocks with 5; Bob has 12" -> "You knock with 5; Bob has 12"."""

    def one(m: re.Match) -> str:
        start = m.start() == 0 or text[: m.start()].endswith(". ")
        you = "You" if start else "you"
        if m.group(1):
            return "Your" if start else "your"
        if m.group(3):
            return you + " " + _second_person(m.group(3))
        return you

    # "YOU lays off 7H and has 12": the second verb of a clause whose subject is you
    text = re.sub(
        YOU + r" [a-z]+s\b[^;:,.]*? and (" + "|".join(_SAME) + r")\b",
        lambda m: m.group(0)[: m.start(1) - m.start(0)] + _SAME[m.group(1)],
        text,
    )
    return _YOU.sub(one, text)


def outcome_lines(result: RoundResult, names: Sequence[str], fmt: Fmt, you: int | None = None) -> list[str]:
    """The round's outcome in words (``result.text``), seat ``you`` (if any) as "you"
    (not when a name holds :data:`YOU`: a name never turns into "you")."""
    if you is None or not 0 <= you < len(names) or any(YOU in n for n in names):
        return result.lines(names, fmt)
    return [addressed(line) for line in result.lines([*names[:you], YOU, *names[you + 1 :]], fmt)]


def result_lines(
    result: RoundResult,
    names: Sequence[str],
    fmt: Fmt,
    you: int | None = None,
    seats: Sequence[int] | None = None,
) -> list[str]:
    """Every hand of a finished round and its outcome in words (seat ``you`` as
    "you"); only the hands of ``seats`` (the seats that played it) when given."""
    out = []
    for h in result.hands:
        if seats is not None and h.seat not in seats:
            continue
        melds = "  ".join("[" + cards_text(m, fmt) + "]" for m in h.melds)
        lay = ""
        if h.layoffs:
            lay = "  lays off " + ", ".join(f"{fmt(c)} onto {cards_text(m, fmt)}" for c, m in h.layoffs)
        dead = cards_text(h.loose, fmt)
        shown = f"{melds}{lay} " if melds or lay else ""
        out.append(f"{names[h.seat]}: {shown}| {dead or '-'}  ({h.points})")
    out.extend(outcome_lines(result, names, fmt, you))
    return out


def table_line(
    hook: Callable[[View], str | None] | None, view: View, names: Sequence[str], fmt: Fmt
) -> str | None:
    """The variant's one line about the table (``VariantSpec.table_summary``)
    for ``view``, its cards shown by ``fmt`` and seats by ``names``; None when
    the variant has none to give. A hook that fails is told in the line, not
    raised: a plugin's display must not end the game."""
    if hook is None:
        return None
    try:
        text = hook(view)
    except Exception as e:
        return f"(the variant's table summary failed: {type(e).__name__})"
    if not text:
        return None
    return " ".join(render_text(str(text), names, fmt).split())


def view_lines(
    view: View,
    names: Sequence[str],
    fmt: Fmt,
    summary: HandSummary | None = None,
    ace_high: bool = False,
    table: str | None = None,
    by_rank: bool | None = None,
    deck: Deck | None = None,
) -> list[str]:
    """The table as one seat sees it, in plain text (``table``: the variant's
    line about the table, :func:`table_line`; ``by_rank``: the loose cards' order,
    :func:`loose_shown`, of ``deck``)."""
    out = []
    mates = view.match.partners(view.seat) if view.match is not None else ()
    others = ", ".join(
        f"{names[s]}{' (partner)' if s in mates else ''}: {seat_state(view.match, s) or counted(n, 'card')} "
        f"({counted(view.scores[s] if view.scores else 0, 'pt')})"
        for s, n in enumerate(view.hand_sizes)
    )
    top = fmt(view.discard_top) if view.discard_top is not None else "empty"
    below = max(0, len(view.discard_pile) - 1)
    under = f" (+{below} below)" if below else ""
    out.append(f"Stock {view.stock_size} | discard {top}{under} | {others}")
    if table:
        out.append(table)
    for m in view.table:
        out.append(f"  meld {m.number} ({names[m.owner]}): {cards_text(m.cards, fmt)}")
    if summary is not None:
        groups = "  ".join("[" + cards_text(m, fmt) + "]" for m in summary.melds)
        loose = cards_text(loose_shown(view, summary, ace_high, by_rank, deck), fmt)
        out.append(f"Your hand: {groups}{'  ' if groups and loose else ''}{loose}   ({summary.label})")
    else:
        out.append("Your hand: " + cards_text(loose_shown(view, summary, ace_high, by_rank, deck), fmt))
    return out


def past_phrase(event: Event, fmt: Fmt, words: Vocabulary = PLAIN) -> str:
    """What a seat did, in the past tense, without its name ("took 7♥ from the
    discard pile"). A stock draw names its card only if the viewer may see it."""
    a = event.action
    if a.kind == DRAW_STOCK:
        if empty_draw(event):
            return "asked for a card from the empty stock"
        return f"drew {fmt(event.card)} from the stock" if event.card is not None else "drew from the stock"
    if a.kind == TAKE_DISCARD:
        return "took the discard" if event.card is None else f"took {fmt(event.card)} from the discard pile"
    return words.phrase(a, cards_text(a.cards, fmt), past=True) or a.notation(fmt)


def turn_blocks(history: Sequence[Event], viewer: int) -> tuple[list[tuple[int, list[Event]]], list[Event]]:
    """Split a round's history for ``viewer``: the other seats' turns since the
    viewer's last completed turn (one ``(seat, events)`` per turn), and the
    viewer's own events of the turn in progress."""
    blocks: list[tuple[int, list[Event]]] = []
    for e in history:
        if blocks and blocks[-1][0] == e.seat:
            blocks[-1][1].append(e)
        else:
            blocks.append((e.seat, [e]))
    current: list[Event] = []
    if blocks and blocks[-1][0] == viewer:
        current = blocks.pop()[1]
    start = 0
    for i, (seat, _) in enumerate(blocks):
        if seat == viewer:
            start = i + 1
    return blocks[start:], current


def turn_line(
    seat: int, events: Sequence[Event], names: Sequence[str], fmt: Fmt, words: Vocabulary = PLAIN
) -> str:
    """ "Bob took 7♥ from the discard pile, discarded K♣"."""
    return f"{names[seat]} " + ", ".join(past_phrase(e, fmt, words) for e in events)


def move_hint(
    legal: Sequence[Action],
    fmt: Fmt,
    sep: str = " · ",
    discard_top: int | None = None,
    words: Vocabulary = PLAIN,
    stock_size: int | None = None,
) -> str:
    """One line saying what may be typed now: "s draw stock · p take 7♥" or
    "d CARD discard · k CARD knock"; at an empty stock (``stock_size`` 0) a move
    the variant says does something else is shown as that ("s end the round:
    lowest hand value wins")."""
    out = []
    seen = set()
    for a in legal:
        if a.kind in seen:
            continue
        seen.add(a.kind)
        usage = words.usage(a)
        empty = words.at_empty_stock(a, stock_size)
        if usage is None:
            out.append(empty or a.kind + (" ..." if a.cards or a.target is not None else ""))
        elif empty:
            out.append(f"{usage} {empty}")
        elif a.kind == DRAW_STOCK:
            out.append(f"{usage} draw stock")
        elif a.kind == TAKE_DISCARD:
            out.append(f"{usage} take " + (fmt(discard_top) if discard_top is not None else "discard"))
        else:
            out.append(f"{usage} {a.kind}")
    return sep.join(out)


def unknown_move(
    text: str,
    legal: Sequence[Action],
    words: Vocabulary,
    fmt: Fmt,
    discard_top: int | None = None,
    sep: str = " · ",
    stock_size: int | None = None,
) -> str | None:
    """If the first word of ``text`` names no move at all, the one-line reason,
    saying what may be typed now; else None (the parser gives its own reason)."""
    typed = split_tokens(text)
    forms = {**SHORT_FORMS, **words.forms}
    known = set(forms) | {k.split()[0] for k in forms.values()} | {a.kind.split()[0] for a in legal}
    if not typed or typed[0].lower() in known:
        return None
    now = move_hint(legal, fmt, sep=sep, discard_top=discard_top, words=words, stock_size=stock_size)
    return f"unknown move {typed[0]!r}; now: {now} (type help)"  # as typed
