"""A game at the browser's table: the session, who may see and do what, and the
state each page is sent.

:class:`Table` knows no HTTP: the server (:mod:`rummykit.web.server`) hands it
the token a page showed and the messages it sent, and sends each page what
:meth:`Table.state` gives for it. The game itself is a
:class:`~rummykit.core.play.session.Session` (the same record, saved after
every move, as ``rummy play``'s: ``rummy resume`` continues it in the terminal),
played through the one game loop; computer players move through their guard.

Who a page is (:class:`Who`): the host's page (the server's token), or one
person's seat (``--lan``: a token per seat). What it is sent:

* a seat's page: that seat's view;
* the host's page on one screen (hot-seat): the view of the person whose turn
  it is, once they lifted the curtain; with two people or more, whenever the
  turn passes to another person the curtain comes down and the page is sent
  no hand at all until it is lifted;
* the host's page with ``--lan``: the table as nobody's (no hand), and the
  join links.

A view never holds another seat's hand (the engine's rule), so a page is never
sent one.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rummykit.cli.caution import round_end_note, stock_warning
from rummykit.cli.rulesdoc import plain_lines
from rummykit.cli.text import card_fmt, describe_event, hint_text, outcome_lines, readable, table_line
from rummykit.core.base.errors import AgentError, IllegalAction, RummyError
from rummykit.core.cards.card import code
from rummykit.core.cards.deck import Deck
from rummykit.core.engine.actions import DRAW_STOCK, SHORT_FORMS, Action, parse_action
from rummykit.core.engine.round import Event, HandReport, RoundResult, View
from rummykit.core.play.session import Session

#: The most log lines a page is sent (the round's latest).
LOG_LINES = 80
#: The most rounds of the score sheet a page is sent (the latest).
SHEET_ROUNDS = 60
#: The longest move text a page may send.
MOVE_MAX = 200


def new_token() -> str:
    """An unguessable token (32 random bytes, URL-safe)."""
    return secrets.token_urlsafe(32)


def same_token(given: str | None, expected: str) -> bool:
    """Whether ``given`` is ``expected``, compared in constant time."""
    return isinstance(given, str) and hmac.compare_digest(given.encode(), expected.encode())


@dataclass(frozen=True)
class Who:
    """A page: the host's (``seat`` None) or one seat's."""

    seat: int | None = None

    @property
    def host(self) -> bool:
        return self.seat is None


class Refused(Exception):
    """A message the table refuses; the text is the reason sent back."""


class Table:
    """A :class:`Session` served to browsers (see the module's docstring)."""

    def __init__(self, session: Session, lan: bool = False) -> None:
        self.session = session
        self.lan = lan
        self.token = new_token()
        humans = session.humans
        #: Each person's seat's token (``--lan`` only: on one screen the host plays every person).
        self.seat_tokens: dict[int, str] = {s: new_token() for s in humans} if lan else {}
        #: On one screen: the person whose hand the host's page shows (None: the curtain).
        self.shown: int | None = humans[0] if len(humans) == 1 else None
        #: The deck the rounds hold (copies and jokers for Indian and Contract Rummy).
        self.deck = session.spec.deck_for(session.options, len(session.record.seats))
        self.fmt = card_fmt(False, self.deck)
        self.words = session.spec.vocabulary
        #: The one-letter keys of the moves (``s``, ``p``, ``d``, a variant's ``k``...), by letter.
        self.keys = {k: kind for k, kind in {**SHORT_FORMS, **self.words.aliases}.items() if len(k) == 1}
        #: The line saying why the game stopped (a computer player failed), else None.
        self.stopped: str | None = None
        #: The error that stopped it, for ``rummy serve`` to end with once the server stops.
        self.failure: RummyError | None = None
        #: Told the line at once when the game stops (``rummy serve`` prints it).
        self.on_stop: Callable[[str], None] | None = None
        #: Changed by every move and undo: pages compare it to know a state is new.
        self.version = 0

    @property
    def title(self) -> str:
        return self.session.spec.title

    def card_keys(self, cards: Iterable[int]) -> list[str]:
        """``cards`` as the pages name them (:func:`card_key`)."""
        return [card_key(c, self.deck) for c in cards]

    # -- who a page is ---------------------------------------------------------

    def who(self, token: str | None, seat: str | None = None) -> Who | None:
        """The page that shows ``token`` (and names ``seat``, ``None`` for the
        host's page), or None: no token, a wrong one, or another seat's."""
        if seat is None:
            return Who() if same_token(token, self.token) else None
        if not seat.isdecimal() or len(seat) > 3:
            return None
        expected = self.seat_tokens.get(int(seat))
        if expected is None or not same_token(token, expected):
            return None
        return Who(int(seat))

    def viewer(self, who: Who) -> int | None:
        """The seat whose hand ``who``'s page shows now, or None (no hand)."""
        if who.seat is not None:
            return who.seat
        if self.lan or self.curtain() is not None:
            return None
        return self.shown

    def curtain(self) -> int | None:
        """On one screen with two people or more: the person the screen must
        pass to (their turn, and the page shows someone else's hand or
        none), else None."""
        s = self.session
        if self.lan or len(s.humans) < 2 or s.over:
            return None
        seat = s.to_act()
        if seat is None or not s.is_human(seat) or seat == self.shown:
            return None
        return seat

    def acting(self, who: Who) -> int | None:
        """The seat ``who`` may move for now, or None."""
        s = self.session
        seat = s.to_act()
        if seat is None or s.over or self.stopped or not s.is_human(seat):
            return None
        return seat if self.viewer(who) == seat else None

    # -- what a page is sent ---------------------------------------------------

    def state(self, who: Who) -> dict[str, Any]:
        """Everything ``who``'s page shows, as JSON: never another seat's hand."""
        s = self.session
        m = s.match
        seat = self.viewer(who)
        view = s.view(seat if seat is not None else 0)
        names = list(s.names)
        viewer = seat if seat is not None else -1
        history = [e.seen_by(viewer) for e in view.history]
        acting = self.acting(who)
        in_play = list(view.match.seats) if view.match is not None else list(range(len(names)))
        out: dict[str, Any] = {
            "type": "state",
            "version": self.version,
            "variant": s.spec.name,
            "title": s.spec.title,
            "game": s.record.id,
            "rule": m.ending(),
            "names": names,
            "kinds": [seat_rec.kind for seat_rec in s.record.seats],
            "you": seat,
            "host": who.host,
            "lan": self.lan,
            "round": m.round_index + 1,
            "to_act": view.to_act if not m.over else None,
            "in_play": in_play,
            "dealer": view.match.dealer if view.match is not None else None,
            "hand_sizes": list(view.hand_sizes),
            "stock": view.stock_size,
            "discard": self.card_keys(view.discard_pile[-8:]),
            "discard_size": len(view.discard_pile),
            "table": [
                {"number": t.number, "owner": t.owner, "cards": self.card_keys(t.cards)} for t in view.table
            ],
            "log": [describe_event(e, names, self.fmt, self.words) for e in history][-LOG_LINES:],
            "sheet": self.sheet(),
            "result": self.last_result(seat),
            "over": self.over_state() if m.over else None,
            "stopped": self.stopped,
            "curtain": None,
            "hand": None,
            "legal": [],
            "undo": None,
            "saved": str(s.path) if s.path is not None and who.host else None,
            "keys": self.keys,
        }
        curtain = self.curtain() if who.host else None
        if curtain is not None:
            out["curtain"] = {"seat": curtain, "name": names[curtain]}
        if seat is None:
            return out
        out["hand"] = self.hand(view)
        line = table_line(s.spec.table_summary, view, names, self.fmt)
        out["table_line"] = line
        warning = stock_warning(self.words, view.stock_size, len(names)) if acting is not None else None
        out["warning"] = warning
        if acting is not None:
            out["legal"] = [self.move(a, view, acting) for a in view.legal]
            out["undo"] = s.can_undo(acting) is None
        return out

    def hand(self, view: View) -> dict[str, Any]:
        """The viewer's own hand, with the variant's arrangement (melds, loose
        cards, a label such as "deadwood 12") when it gives one."""
        s = self.session
        out: dict[str, Any] = {"cards": self.card_keys(view.hand), "melds": [], "label": ""}
        if s.spec.hand_summary is not None:
            try:
                summary = s.spec.hand_summary(view, s.options)
            except Exception:  # a plugin's display must not end the game
                return out
            out["melds"] = [self.card_keys(m) for m in summary.melds]
            out["label"] = summary.label
        return out

    def move(self, action: Action, view: View, seat: int) -> dict[str, Any]:
        """One legal move as the page offers it."""
        words = self.words
        empty = words.at_empty_stock(action, view.stock_size) or ""
        confirm = None
        if action.kind == DRAW_STOCK or empty:
            try:
                confirm = round_end_note(self.session, seat, action, self.fmt)
            except Exception:  # a plugin's rules must not end the game
                confirm = None
        label = action.kind.capitalize()
        if action.target is not None:
            label += f" to {action.target}"
        return {
            "move": action.notation(),
            "kind": action.kind,
            "cards": self.card_keys(action.cards),
            "target": action.target,
            "label": empty.capitalize() if empty else label,
            "help": words.help_line(action.kind),
            "confirm": confirm,
        }

    def sheet(self) -> dict[str, Any]:
        """The score sheet: the match rule's columns (one total, several games,
        team totals), and each round's points."""
        m = self.session.match
        try:
            columns = [c.to_json() for c in m.columns()]
        except RummyError as e:  # a plugin's match rule failed: said on the sheet
            columns = [{"title": "Total", "values": list(m.totals), "teams": False, "note": str(e)}]
        return {
            "columns": columns,
            "teams": [list(t) for t in m.rule.teams],
            "rounds": [list(r.points) for r in m.results][-SHEET_ROUNDS:],
            "rounds_played": m.rounds_played,
        }

    def last_result(self, seat: int | None) -> dict[str, Any] | None:
        """The last round's end, as the terminal explains it: every hand and
        the outcome in words (``seat``'s person as "you")."""
        m = self.session.match
        if not m.results:
            return None
        result: RoundResult = m.results[-1]
        names = list(self.session.names)
        return {
            "round": m.rounds_played,
            "outcome": result.outcome,
            "winner": result.winner,
            "points": list(result.points),
            "hands": [_hand_report(h, self.card_keys) for h in result.hands],
            "lines": outcome_lines(result, names, self.fmt, seat),
        }

    def over_state(self) -> dict[str, Any]:
        s = self.session
        m = s.match
        return {
            "winners": [s.names[w] for w in m.winners],
            "ending": m.ending(),
            "seed": str(s.record.seed),
        }

    def rules(self) -> list[str]:
        """The variant's rules and options in plain lines (``rummy rules``)."""
        s = self.session
        agents = [a.name for a in s.registry.agents_for(s.spec.name)]
        return plain_lines(s.spec, agents, rule=s.match.rule)

    # -- what a page asks ------------------------------------------------------

    def handle(self, who: Who, message: Mapping[str, Any]) -> dict[str, Any] | None:
        """Do what ``message`` asks for ``who``: a dict to send back to that page
        alone (a hint, the rules), or None when the table changed (every page
        gets its new state). A message that cannot be done raises
        :class:`Refused` with the reason; nothing changes then."""
        kind = message.get("type")
        if kind == "move":
            self.play(who, message.get("move"))
            return None
        if kind == "reveal":
            self.reveal(who)
            return None
        if kind == "undo":
            self.undo(who)
            return None
        if kind == "hint":
            return {"type": "hint", "text": self.hint(who)}
        if kind == "rules":
            return {"type": "rules", "lines": self.rules()}
        if kind == "state":
            return self.state(who)
        raise Refused(f"unknown message type {str(kind)[:40]!r}")

    def play(self, who: Who, text: object) -> Event:
        if not isinstance(text, str) or not text or len(text) > MOVE_MAX:
            raise Refused("a move is its notation, such as 'discard 7H' (at most 200 characters)")
        seat = self.acting(who)
        if seat is None:
            raise Refused(self.not_yours(who))
        s = self.session
        legal = s.match.legal_actions()
        action = next((a for a in legal if a.notation() == text), None)
        if action is None:
            try:
                action = parse_action(text, legal, s.match.round.why_illegal, self.words.forms, self.deck)
            except IllegalAction as e:
                raise Refused(f"illegal: {readable(str(e), self.fmt)}") from None
        event = s.apply(action)
        self.version += 1
        return event

    def not_yours(self, who: Who) -> str:
        s = self.session
        if self.stopped:
            return self.stopped
        if s.over:
            return "the match is over"
        seat = s.to_act()
        if seat is not None and who.host and self.curtain() == seat:
            return f"pass the screen to {s.names[seat]} first"
        if seat is None:
            return "nobody is to move"
        return f"it is {s.names[seat]}'s turn"

    def reveal(self, who: Who) -> None:
        """The person the curtain names lifts it: the host's page shows their hand."""
        seat = self.curtain()
        if not who.host or seat is None:
            raise Refused("there is no curtain to lift")
        self.shown = seat
        self.version += 1

    def undo(self, who: Who) -> None:
        seat = self.acting(who)
        if seat is None:
            raise Refused(self.not_yours(who))
        try:
            self.session.undo(seat)
        except RummyError as e:
            raise Refused(f"cannot undo: {readable(str(e), self.fmt)}") from None
        self.version += 1

    def hint(self, who: Who) -> str:
        seat = self.acting(who)
        if seat is None:
            raise Refused(self.not_yours(who))
        try:
            answer = self.session.hint(seat)
        except AgentError as e:  # a plugin's bot must not end the game
            return f"hint unavailable: {e}"
        if answer is None:
            return "no computer player to ask"
        name, action, reason = answer
        stock = self.session.view(seat).stock_size
        return f"{name}: " + hint_text(action, reason, self.fmt, self.words, stock)

    # -- computer players ------------------------------------------------------

    def bot_to_move(self) -> bool:
        s = self.session
        seat = s.to_act()
        return not self.stopped and not s.over and seat is not None and not s.is_human(seat)

    def bot_move(self) -> None:
        """The computer player to act moves (through its guard); one that fails
        stops the game with one line (:attr:`stopped`), every move saved."""
        try:
            self.session.bot_move()
        except RummyError as e:
            self.stopped = f"the game stopped: {e}"
            self.failure = e
            if self.on_stop is not None:
                self.on_stop(self.stopped)
        self.version += 1

    # -- links -------------------------------------------------------------------

    def links(self, base: str) -> dict[str, str]:
        """The host's link, and with ``--lan`` each person's seat's, under ``base``."""
        out = {"host": f"{base}/?token={self.token}"}
        for seat, token in self.seat_tokens.items():
            out[self.session.names[seat]] = f"{base}/seat/{seat}?token={token}"
        return out


def card_key(card: int, deck: Deck | None) -> str:
    """A card as a page names it: its code (``7H``, ``JK``), and for a copy of a
    declared deck a ``'`` for each copy before it (``7H'``, ``JK''``), so that
    two copies in a hand are two cards to click."""
    if deck is None or deck.standard:
        return code(card)
    return deck.code(card) + "'" * deck.copy_index(card)


def _hand_report(h: HandReport, keys: Callable[[Iterable[int]], list[str]]) -> dict[str, Any]:
    return {
        "seat": h.seat,
        "melds": [keys(m) for m in h.melds],
        "layoffs": [{"card": keys([c])[0], "onto": keys(m)} for c, m in h.layoffs],
        "loose": keys(h.loose),
        "points": h.points,
    }
