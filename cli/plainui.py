"""The plain-text game: for pipes, scripts, and terminals where nothing fancy is
wanted. One line per move in, plain lines out.

The seed of a game with a person seated is printed only at the end of the match
(it gives every deal to come); a bots-only game prints it at the start.

Ctrl-C, SIGTERM and SIGHUP end the game at once, even while a computer player
thinks, with every move made so far saved (applying and saving a move is never
cut short: :mod:`rummykit.cli.stopping`). A computer player that fails ends the
game with one line naming it (exit status 1)."""

from __future__ import annotations

import contextlib
import signal
import sys
from typing import TYPE_CHECKING

import click

from rummykit.core.base.errors import AgentError, IllegalAction, RummyError
from rummykit.core.base.values import counted
from rummykit.core.cards.card import code
from rummykit.core.engine.actions import Action, parse_action
from rummykit.core.engine.names import render_text

from .caution import KEPT, QUESTION, YES, round_end_note, stock_warning
from .common import QUIT_WORDS, LineError, continue_advice, read_stream_line
from .meta import QUIT, meta_command, run_meta
from .rulesdoc import plain_lines
from .stopping import HangUp, StopSignals, exit_code
from .text import (
    Sheet,
    card_fmt,
    cards_text,
    describe_event,
    hint_text,
    legal_lines,
    loose_shown,
    ranked,
    ranking_text,
    readable,
    result_lines,
    scoreboard,
    seats_playing,
    sheet_line,
    sheet_notes,
    sitting_out_line,
    sorted_next,
    table_line,
    unknown_move,
    view_lines,
    winners_text,
)

if TYPE_CHECKING:
    from rummykit.core.play.session import Session

#: Said before a move of a game the viewer does not play (partnership Gin's
#: other game), as the table's line names it ("Other game: stock 28").
OTHER_GAME = "Other game: "


class PlainUI:
    def __init__(self, session: Session, ascii_: bool = False) -> None:
        self.s = session
        self.words = session.spec.vocabulary
        self.deck = session.match.round.deck if session.match.round is not None else None
        self.fmt = card_fmt(ascii_, self.deck)
        self.rounds_seen = session.match.rounds_played
        self.by_rank: dict[int, bool] = {}  # a seat's loose cards by rank or by suit (``sort``)
        self.signals = StopSignals()

    def echo(self, line: str = "") -> None:
        click.echo(line)

    def run(self) -> None:
        # The move clock runs throughout (arming it per move costs more than a
        # bots-only move); it only ever interrupts a bot's own code.
        with self.signals, self.s.clock.running():
            try:
                self.play()
            except KeyboardInterrupt:
                self.stopped("interrupted", 130)
            except HangUp as h:
                self.stopped(
                    "terminated" if h.signum != getattr(signal, "SIGHUP", None) else "hung up",
                    exit_code(h.signum),
                )

    def stopped(self, why: str, code: int) -> None:
        try:
            self.echo()
            self.stop(why)
        except OSError:  # the terminal or pipe is gone
            pass
        sys.exit(code)

    def play(self) -> None:
        s = self.s
        if s.match.actions or s.record.actions:
            done = counted(len(s.record.actions), "move")
            self.echo(f"Resuming {s.spec.title}, game {s.record.id}, after {done}.")
        else:
            seed = "" if s.humans else f"; seed {s.record.seed}"
            seats = zip(s.names, s.record.seats, strict=True)
            players = ", ".join(f"{n} ({seat.kind})" for n, seat in seats)
            self.echo(f"{s.spec.title}: {players}; {s.match.rule.describe()}{seed}")
            if len(s.humans) > 1:
                self.echo("(plain text: each person's hand is printed in turn, hidden from nobody)")
            self.say_sitting_out()
        while not s.over:
            seat = s.to_act()
            assert seat is not None  # someone acts until the match is over
            if s.is_human(seat):
                if not self.human_turn(seat):
                    return
            else:
                self.bot_turn(seat)
            self.after_move()
        self.match_end()

    def bot_turn(self, seat: int) -> None:
        """The move of the computer player at ``seat``, said as the viewer sees
        it; a move of a game the viewer does not play (partnership Gin's other
        game: the actor's view records it, the viewer's does not) starts with
        "Other game: ", as the table's line names that game. With nobody's
        eyes (no single person seated), a move of a round of several games
        starts with its game's number, as the result's lines name it ("game 2: ",
        the actor's ``extra["game"]``)."""
        s = self.s
        viewer = self.viewer()
        rnd = s.match.round if viewer >= 0 and viewer != seat and s.match.context.plays(viewer) else None
        label = ""
        if viewer < 0:
            game = s.view(seat).extra.get("game")
            if isinstance(game, int) and not isinstance(game, bool):
                label = f"game {game}: "

        def lengths() -> tuple[int, int]:  # of the viewer's history and the actor's
            return (len(rnd.view(viewer).history), len(rnd.view(seat).history)) if rnd is not None else (0, 0)

        before = lengths()
        action = s.bot_action()  # signals stay live while a bot thinks
        with self.signals.critical():
            event = s.bot_move(action)
        line = describe_event(event.seen_by(viewer), s.names, self.fmt, self.words)
        seen, done = lengths()
        if seen == before[0] and done > before[1]:
            line = OTHER_GAME + line
        self.echo(label + line)

    def viewer(self) -> int:
        """Whose eyes the plain output is for: the only human, else nobody's secrets."""
        humans = self.s.humans
        return humans[0] if len(humans) == 1 else -1

    def after_move(self) -> None:
        s = self.s
        if s.match.rounds_played > self.rounds_seen:
            self.rounds_seen = s.match.rounds_played
            result = s.match.results[-1]
            self.echo(f"--- round {self.rounds_seen} over ---")
            rnd = s.match.round if s.match.over else s.match.previous_round
            played = None  # the seats that played it (all, unless its match context says)
            if rnd is not None and rnd.result is result:
                if rnd.match is not None and rnd.match.seats:
                    played = rnd.match.seats
                viewer = max(self.viewer(), 0)
                for m in rnd.view(viewer).table:
                    self.echo(f"  meld {m.number} ({s.names[m.owner]}): {cards_text(m.cards, self.fmt)}")
            you = self.viewer()  # the only person, said "you" in the summary
            for line in result_lines(result, s.names, self.fmt, you if you >= 0 else None, played):
                self.echo(line)
            if not s.match.over:  # the match's end gives the totals once
                self.echo(scoreboard(s.names, s.match.totals, s.match.rule.describe(), Sheet.of(s.match)))
                self.say_sitting_out()

    def say_sitting_out(self) -> None:
        """Who has no part in the round about to be played, if anyone."""
        line = sitting_out_line(self.s.names, self.s.match.context)
        if line:
            self.echo(line)

    def match_end(self) -> None:
        s = self.s
        m = s.match
        self.echo(f"=== match over: {winners_text(s.names, m.winners)} ===")
        sheet = Sheet.of(m)
        if ranked(m, sheet):
            with contextlib.suppress(RummyError):  # a plugin rule's bug: no ranking shown
                self.echo("Ranking: " + ranking_text(s.names, m.ranking(), m.rule.teams))
        for note in sheet_notes(sheet, s.names, self.fmt):  # what the columns are, before them
            self.echo(f"  {note}")
        self.echo(scoreboard(s.names, m.totals, m.ending(), sheet))
        saved = f"; record saved to {s.path}" if s.path else ""
        self.echo(f"(seed {s.record.seed}{saved})")

    def show_state(self, seat: int) -> None:
        s = self.s
        view = s.view(seat)
        summary = s.spec.hand_summary(view, s.options) if s.spec.hand_summary else None
        table = table_line(s.spec.table_summary, view, s.names, self.fmt)
        by_rank = self.by_rank.get(seat)
        lines = view_lines(view, s.names, self.fmt, summary, s.spec.ace_high, table, by_rank, self.deck)
        lines[0] += f" | {s.match.rule.describe()}"  # how the match ends, on the table
        more = sheet_line(s.names, Sheet.of(s.match))  # the rule's columns beyond the totals
        if more:
            lines.insert(1, more)
        for line in lines:
            self.echo(line)
        warning = stock_warning(self.words, view.stock_size, seats_playing(view))
        if warning:
            self.echo(warning)

    def human_turn(self, seat: int) -> bool:
        """Read lines until a legal move is made. False when the input ends or on quit."""
        s = self.s
        self.show_state(seat)
        view = s.view(seat)
        question = view.extra.get("question") if view.extra else None
        if isinstance(question, str) and len(view.legal) == 2:  # a yes or a no between turns (buying)
            yes, no = (a.notation(self.fmt) for a in view.legal)
            self.echo(f"{s.names[seat]}: {render_text(question, s.names, self.fmt)} ({yes} or {no})")
        while True:
            click.echo(f"{s.names[seat]}> ", nl=False)
            try:
                line = read_stream_line(sys.stdin)
            except LineError as e:
                self.echo(f"unreadable: {e}")
                continue
            if line is None:
                self.echo()
                self.stop("input ended")
                return False
            text = line.strip()
            if not text:
                continue
            command = meta_command(text)
            if command == QUIT:
                self.stop("quit")
                return False
            if command is not None:
                run_meta(self, command, seat)
                continue
            view = s.view(seat)
            unknown = unknown_move(
                text, view.legal, self.words, self.fmt, view.discard_top, stock_size=view.stock_size
            )
            if unknown:
                self.echo(f"illegal: {unknown}")
                continue
            try:
                action = parse_action(
                    text, s.match.legal_actions(), s.match.round.why_illegal, self.words.forms, self.deck
                )
            except IllegalAction as e:
                self.echo(f"illegal: {readable(str(e), self.fmt)}")
                continue
            sure = self.confirmed(action, seat)
            if sure is None:
                return False
            if not sure:
                self.echo(KEPT)
                continue
            with self.signals.critical():
                event = s.apply(action)
            self.echo(describe_event(event.seen_by(seat), s.names, self.fmt, self.words))
            if s.over or s.to_act() != seat or s.match.rounds_played > self.rounds_seen:
                return True
            self.show_state(seat)

    def confirmed(self, action: Action, seat: int) -> bool | None:
        """Whether to make ``action``: a move that ends the round for everyone by
        surprise (:mod:`rummykit.cli.caution`) is made only when the next line
        is ``y``; None when the input ends or says quit there (the game stops)."""
        note = round_end_note(self.s, seat, action, self.fmt)
        if note is None:
            return True
        self.echo(note)
        while True:
            click.echo(QUESTION, nl=False)
            try:
                line = read_stream_line(sys.stdin)
            except LineError as e:
                self.echo(f"unreadable: {e}")
                continue
            break
        if line is None:
            self.echo()
            self.stop("input ended")
            return None
        answer = line.strip().lower()
        if answer in QUIT_WORDS:
            self.stop("quit")
            return None
        return answer in YES

    # -- what may be typed instead of a move (cli/meta.py) -------------------------

    def show_help(self, seat: int) -> None:
        s = self.s
        for line in legal_lines(
            s.match.legal_actions(),
            self.fmt,
            s.spec.ace_high,
            self.words,
            s.view(seat).stock_size,
            typed=self.deck.code if self.deck is not None else code,
            deck=self.deck,
        ):
            self.echo("  " + line)

    def show_rules(self, seat: int) -> None:

        agents = [a.name for a in self.s.registry.agents_for(self.s.spec.name)]
        self.echo("\n".join(plain_lines(self.s.spec, agents, rule=self.s.match.rule)))

    def show_hint(self, seat: int) -> None:
        self.echo(self.hint(seat))

    def undo(self, seat: int) -> None:
        try:
            with self.signals.critical():
                undone = self.s.undo(seat)
            self.echo(f"undone: {undone.notation(self.fmt)}")
            self.show_state(seat)
        except RummyError as e:
            self.echo(f"cannot undo: {readable(str(e), self.fmt)}")

    def show_score(self, seat: int) -> None:
        s = self.s
        self.echo(scoreboard(s.names, s.match.totals, s.match.rule.describe(), Sheet.of(s.match)))

    def sort_hand(self, seat: int) -> None:
        """Show ``seat``'s loose cards by rank, or by suit when they are by rank, from now on."""
        s = self.s
        view = s.view(seat)
        summary = s.spec.hand_summary(view, s.options) if s.spec.hand_summary else None
        shown = loose_shown(view, summary, s.spec.ace_high, self.by_rank.get(seat), self.deck)
        self.by_rank[seat] = sorted_next(shown, s.spec.ace_high, self.deck)
        self.echo(f"hand sorted {'by rank' if self.by_rank[seat] else 'by suit'}")
        self.show_state(seat)

    def show_log(self, seat: int) -> None:
        s = self.s
        for e in s.view(seat).history:
            self.echo("  " + describe_event(e, s.names, self.fmt, self.words))

    def hint(self, seat: int) -> str:
        try:
            answer = self.s.hint(seat)
        except AgentError as e:  # a plugin's bot must not end the game
            return f"hint unavailable: {e}"
        if answer is None:
            return "no computer player to ask"
        name, action, reason = answer
        return f"hint ({name}): " + hint_text(
            action, reason, self.fmt, self.words, self.s.view(seat).stock_size
        )

    def stop(self, why: str) -> None:
        """Leave before the end. Every move is saved as it is made: nothing to write."""
        s = self.s
        if s.dropped:
            self.echo(f"{why}; no move made, so the game is not kept")
        elif s.path:
            self.echo(f"{why}; game saved to {s.path}. Continue with: {continue_advice(s.path)}")
        else:
            self.echo(f"{why}; game not saved (no --save path)")
