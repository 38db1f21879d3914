"""The terminal game: a rich-drawn table, hot-seat hand-offs, typed moves.

Used by ``rummy play`` / ``rummy resume`` when standard input and output are a
terminal and at least one seat is a person. It knows no rule: it draws the views
the engine gives each seat, reads the notation (and short forms) against the
legal actions, and lets the session apply them and save after every action.

Privacy between people sharing one keyboard: the game runs in the terminal's
alternate screen, and whenever the next person to act is not the one who last
saw the screen, the screen *and its scrollback* are wiped (``ESC[2J ESC[3J``)
and only "Pass to NAME — press Enter" shows until Enter. Each seat has its own
line history. With one person and computer players there is no such pause.

Nothing is lost: the session saves after every action (atomically); Ctrl-C, end
of input, ``quit``, a closed terminal (SIGHUP) or SIGTERM lose at most the line
being typed. All but SIGHUP (no terminal left) leave the alternate screen and
say where the game is saved. Those signals end the game at once, even while a computer player
thinks: only applying and saving a move is never cut short (see
:mod:`rummykit.cli.stopping`). A computer player that fails ends the game with
one line naming it (exit status 1), the game saved as of its last move.
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import sys
from typing import TYPE_CHECKING, Any

from rich.console import Console, RenderableType
from rich.text import Text

from rummykit.core.base.errors import AgentError, IllegalAction, RummyError
from rummykit.core.base.values import counted
from rummykit.core.cards.card import code
from rummykit.core.engine.actions import Action, parse_action
from rummykit.core.engine.names import render_text
from rummykit.core.engine.round import View

from . import rulesdoc
from .caution import KEPT, QUESTION, YES, round_end_note, stock_warning
from .common import QUIT_WORDS, LineError, continue_advice, rummy_command
from .lineinput import LineInput
from .meta import COMMANDS, QUIT, meta_command, run_meta
from .render import (
    Look,
    TableInfo,
    help_lines,
    marker,
    match_end_view,
    points_label,
    result_view,
    rounds_table,
    score_table,
    since_lines,
    table_view,
)
from .stopping import HangUp, StopSignals
from .text import (
    Sheet,
    loose_shown,
    move_hint,
    past_phrase,
    readable,
    seats_playing,
    sheet_line,
    sitting_out_line,
    sorted_next,
    table_line,
    turn_blocks,
    unknown_move,
)

if TYPE_CHECKING:
    from rummykit.core.play.session import Session

ALT_ON = "\x1b[?1049h"
ALT_OFF = "\x1b[?1049l"
HOME_CLEAR = "\x1b[H\x1b[2J"
WIPE = "\x1b[H\x1b[2J\x1b[3J"  # screen and scrollback


class Resized(Exception):
    """The terminal changed size while a line was being typed (SIGWINCH)."""


class Quit(Exception):
    def __init__(self, why: str = "quit", code: int = 0) -> None:
        super().__init__(why)
        self.why = why
        self.code = code


def make_console(**kw: Any) -> Console:
    return Console(highlight=False, emoji=False, markup=False, **kw)


class TerminalUI:
    def __init__(
        self,
        session: Session,
        ascii_: bool = False,
        four_colour: bool = False,
        console: Console | None = None,
    ) -> None:
        self.s = session
        rnd = session.match.round
        self.look = Look(ascii=ascii_, four_colour=four_colour, deck=rnd.deck if rnd is not None else None)
        self.console = console or make_console()
        #: A card as a person types it (a declared deck's copies alike).
        self.typed = rnd.deck.code if rnd is not None else code
        self.input = LineInput(
            self._legal_for_completion, COMMANDS, session.spec.vocabulary, session.spec.ace_high, self.typed
        )
        self.notes: list[Text] = []  # said above the prompt when the table is drawn next
        self.rounds_seen = len(session.match.results)
        self.private = len(session.humans) > 1
        self.last_viewer: int | None = None
        self.by_rank: dict[int, bool] = {}  # a seat's loose cards by rank or by suit (``sort``)
        self.signals = StopSignals()
        self._hung = False

    # -- terminal plumbing ----------------------------------------------------------

    def write(self, raw: str) -> None:
        f = self.console.file
        f.write(raw)
        f.flush()

    def clear(self) -> None:
        self.write(HOME_CLEAR)

    def wipe(self) -> None:
        """Clear the screen and the scrollback, so nothing earlier can be scrolled to."""
        self.write(WIPE)

    def show(self, renderable: RenderableType = "") -> None:
        self.console.print(renderable)

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    @property
    def width(self) -> int:
        return max(20, self.console.width)

    @property
    def height(self) -> int:
        return max(10, self.console.height)

    def ask(self, prompt: str, owner: object = None) -> str:
        """A line typed at ``prompt``; a line too long or not UTF-8 gets its reason
        and the prompt again."""
        while True:
            try:
                return self.input.read(prompt, owner)
            except LineError as e:
                self.say(str(e), "red")

    def ask_move(self, prompt: str, owner: object = None) -> str | None:
        """:meth:`ask` at the move prompt, where a change of the terminal's size
        (SIGWINCH) ends the wait: None, and the table is drawn again to fit (what
        was typed so far is typed again for the person)."""
        handler = getattr(signal, "SIGWINCH", None)
        if handler is None:  # pragma: no cover - not POSIX
            return self.ask(prompt, owner)

        def resized(signum: int, frame: object) -> None:
            if self.input.reading:  # never once the line is in: it would be lost
                raise Resized

        old = signal.signal(handler, resized)
        try:
            return self.ask(prompt, owner)
        except Resized:
            self.input.keep_typed()
            return None
        finally:
            signal.signal(handler, old)

    def pause(self, prompt: str) -> str:
        return self.ask(prompt).strip().lower()

    def wait_enter(self, prompt: str, what: str, quits: bool = True) -> None:
        """Wait at ``prompt`` for Enter (to go on to ``what``); ``quit`` saves and
        leaves the game (or just goes on, when ``quits`` is false: the game is
        over); anything else gets a reason and the prompt again."""
        while True:
            answer = self.pause(prompt)
            if not answer:
                return
            if answer in QUIT_WORDS:
                if quits:
                    raise Quit("quit")
                return
            self.say(f"press Enter {what}, or type quit", "yellow")

    def critical(self) -> contextlib.AbstractContextManager[None]:
        """Ctrl-C, SIGHUP and SIGTERM wait until the move inside is applied and saved."""
        return self.signals.critical()

    def _abandon(self, line: str, status: int = 1) -> None:
        """A computer player that will not stop even when interrupted: leave the
        alternate screen, say so, and exit at once with ``status`` (every move
        is saved)."""
        try:
            self.write(ALT_OFF)
            sys.stderr.write(f"rummy: {line}\n")
            sys.stderr.flush()
        finally:
            os._exit(status)

    def _legal_for_completion(self) -> tuple[Action, ...]:
        seat = self.s.to_act()
        if seat is None or not self.s.is_human(seat) or seat != self.last_viewer:
            return ()
        return self.s.match.legal_actions()

    # -- the game ---------------------------------------------------------------------

    def run(self) -> None:
        outcome = "quit"
        code = 0
        failed: AgentError | None = None
        self.s.clock.abandon = self.s.clock.give_up = self._abandon
        self.signals.__enter__()
        self.write(ALT_ON)
        try:
            outcome = self.loop()
        except Quit as q:
            outcome = q.why
            code = q.code
        except EOFError:
            outcome = "input ended"
        except KeyboardInterrupt:
            outcome = "interrupted"
            code = 130
        except HangUp as h:
            code = 128 + h.signum
            if h.signum == getattr(signal, "SIGHUP", None):
                self._hung = True  # no terminal left to write to
            else:  # SIGTERM: the terminal is still there
                outcome = "terminated"
        except AgentError as e:  # a computer player failed: said once, by rummy (exit 1)
            outcome, failed = "stopped", e
        finally:
            self.signals.__exit__(None, None, None)
            self.input.forget()
            if not self._hung:
                with contextlib.suppress(OSError):
                    self.write(ALT_OFF)
        if self._hung:
            sys.exit(code)
        self.farewell(outcome)
        if failed is not None:
            raise failed
        if code:
            sys.exit(code)

    def loop(self) -> str:
        s = self.s
        while True:
            self.show_round_ends()
            if s.over:
                self.match_end()
                return "over"
            seat = s.to_act()
            assert seat is not None  # someone acts until the match is over
            if not s.is_human(seat):
                # The bot thinks with signals live (Ctrl-C ends the game at once);
                # only applying and saving its move is never cut short.
                action = s.bot_action()
                with self.critical():
                    s.bot_move(action)
                continue
            if self.private and self.quick_question(seat):
                continue
            if self.private and self.last_viewer != seat:
                self.handoff(seat)
            self.last_viewer = seat
            self.turn(seat)

    def quick_question(self, seat: int) -> bool:
        """In hot-seat play, a move between turns that is a yes or a no (the
        view's ``extra["question"]``, its two legal moves yes then no, such as
        Contract Rummy's buying): asked on a wiped screen that shows no hand,
        ``y`` or ``n`` (Enter: no); ``l`` shows the person's own table first.
        True when the question was asked (and answered)."""
        s = self.s
        view = s.view(seat)
        question = view.extra.get("question") if view.extra else None
        if not isinstance(question, str) or len(view.legal) != 2:
            return False
        if self.last_viewer is not None:  # a hand was on the screen: it goes first
            self.wipe()
        self.last_viewer = None
        self.clear()
        self.write("\n" * max(0, self.height // 2 - 1))
        text = render_text(question, s.names, self.look.fmt)
        name = s.names[seat]
        while True:
            answer = self.pause(f"{name}: {text} y/N (l: look at your hand first) ")
            if answer in QUIT_WORDS:
                raise Quit("quit")
            if answer in ("l", "look"):
                self.last_viewer = seat
                self.turn(seat)
                return True
            if answer in YES or answer in ("", "n", "no"):
                break
            self.say("type y for yes, n (or Enter) for no, l to look at your hand", "yellow")
        action = view.legal[0] if answer in YES else view.legal[1]
        with self.critical():
            s.apply(action)
        self.wipe()
        return True

    def handoff(self, seat: int) -> None:
        """Wipe everything, then only "Pass to NAME — press Enter" until Enter."""
        self.last_viewer = None
        self.wipe()
        self.write("\n" * max(0, self.height // 2 - 1))
        self.wait_enter(
            f"Pass to {self.s.names[seat]} {self.look.dash} press Enter ",
            f"to start {self.s.names[seat]}'s turn",
        )
        self.wipe()

    # -- one person's turn -------------------------------------------------------------

    def table_info(self, seat: int) -> TableInfo:
        s = self.s
        view = s.view(seat)
        summary = s.spec.hand_summary(view, s.options) if s.spec.hand_summary else None
        new_card = None

        _, current = turn_blocks(view.history, seat)
        if current and current[0].card is not None:
            new_card = current[0].card
        return TableInfo(
            title=s.spec.title,
            names=s.names,
            view=view,
            summary=summary,
            ace_high=s.spec.ace_high,
            target=s.match.rule.short(),
            game_id=s.record.id,
            new_card=new_card,
            words=s.spec.vocabulary,
            table_line=table_line(s.spec.table_summary, view, s.names, marker),
            by_rank=self.by_rank.get(seat),
            sheet_line=sheet_line(s.names, Sheet.of(s.match)),
        )

    def draw_table(self, seat: int, notes: list[Text]) -> None:
        self.clear()
        info = self.table_info(seat)
        warning = stock_warning(info.words, info.view.stock_size, seats_playing(info.view))
        if warning:  # above the prompt, where the eye is when typing s by habit
            notes = [Text(warning, style="bold yellow"), *notes]
        table = table_view(info, self.look, self.width)
        room = self.height - 3 - len(notes)  # the move line, the help line and the prompt
        if self.height < 60:  # too tall for the terminal: the compact layout
            opts = self.console.options.update_width(self.width)
            if len(self.console.render_lines(table, opts, pad=False)) > room:
                table = table_view(info, self.look, self.width, compact=True)
                over = len(self.console.render_lines(table, opts, pad=False)) - room
                if over > 0:  # still too tall: the older lines of what the others did go first
                    since = len(since_lines(info.view, info.names, self.look, self.width, info.words))
                    info.since_room = max(0, since - over - 1)
                    if since - over - 1 < 0:  # then all of them (log shows them)
                        info.show_since = False
                    table = table_view(info, self.look, self.width, compact=True)
                    if len(self.console.render_lines(table, opts, pad=False)) > room:
                        info.packed_melds = True  # then the table melds, several to a line
                        table = table_view(info, self.look, self.width, compact=True)
        self.show(table)
        view = info.view
        sep = f" {self.look.dot} "
        hint = move_hint(
            view.legal,
            self.look.fmt,
            sep=sep,
            discard_top=view.discard_top,
            words=info.words,
            stock_size=view.stock_size,
        )
        extra = "help" + sep + "hint" + sep + "undo" + sep + "quit"
        line = Text(hint, style="cyan")
        if line.cell_len + len(extra) + 4 <= self.width:
            line.append("    " + extra, style="dim")
            self.show(line)
        else:
            self.show(line)
            self.show(Text(extra, style="dim"))
        for n in notes:
            self.show(n)

    def prompt(self, seat: int) -> str:
        return f"{self.s.names[seat]}> "

    def turn(self, seat: int) -> None:
        """Read lines until ``seat`` has moved and its turn (or the round) is over."""
        s = self.s
        self.notes = []
        redraw = True
        while True:
            if redraw:
                self.draw_table(seat, self.notes)
                redraw, self.notes = False, []
            line = self.ask_move(self.prompt(seat), seat)
            if line is None:  # the terminal changed size: draw the table again
                redraw = True
                continue
            text = line.strip()
            if not text:
                continue
            command = meta_command(text)
            if command == QUIT:
                raise Quit("quit")
            if command is not None:
                redraw = run_meta(self, command, seat)
                continue
            unknown = self.unknown_word(text, seat)
            if unknown:
                self.say(unknown, "red")
                continue
            try:
                action = parse_action(
                    text,
                    s.match.legal_actions(),
                    s.match.round.why_illegal,
                    s.spec.vocabulary.forms,
                    s.match.round.deck,
                )
            except IllegalAction as e:
                self.say(readable(str(e), self.look.fmt), "red")
                continue
            if not self.confirmed(action, seat):
                self.say(KEPT, "green")
                continue
            rounds = len(s.match.results)
            with self.critical():
                s.apply(action)
            if s.over or len(s.match.results) > rounds or s.to_act() != seat:
                return
            redraw = True
            self.notes = []

    def confirmed(self, action: Action, seat: int) -> bool:
        """Whether to make ``action``: a move that ends the round for everyone by
        surprise (:mod:`rummykit.cli.caution`) is made only when ``y`` answers
        the question; ``quit`` saves and leaves."""
        note = round_end_note(self.s, seat, action, self.look.fmt)
        if note is None:
            return True
        self.say(note, "bold yellow")
        answer = self.pause(QUESTION)
        if answer in QUIT_WORDS:
            raise Quit("quit")
        return answer in YES

    def unknown_word(self, text: str, seat: int) -> str | None:
        """A line whose first word is no move at all: say what may be typed now."""
        view = self.s.view(seat)
        return unknown_move(
            text,
            view.legal,
            self.s.spec.vocabulary,
            self.look.fmt,
            view.discard_top,
            sep=f" {self.look.dot} ",
            stock_size=view.stock_size,
        )

    # -- what may be typed instead of a move (cli/meta.py) ---------------------------------

    def show_help(self, seat: int) -> None:
        s = self.s
        self.say("Legal moves [short forms]; Tab completes:", "bold")
        for line in help_lines(
            s.match.legal_actions(),
            self.look,
            self.width,
            s.spec.ace_high,
            words=s.spec.vocabulary,
            stock_size=s.view(seat).stock_size,
            typed=self.typed,
        ):
            self.show(line)
        self.say("Also: rules hint undo score log sort quit", "dim")

    def show_rules(self, seat: int) -> bool:
        """The rules a screen at a time; then the table is drawn again."""
        s = self.s
        agents = [a.name for a in s.registry.agents_for(s.spec.name)]
        doc = rulesdoc.renderable(s.spec, agents, self.look.ascii, rule=s.match.rule)
        self.page(doc, f"Rules of {s.spec.title}")
        return True

    def show_hint(self, seat: int) -> None:
        self.show(self.hint(seat))

    def sort_hand(self, seat: int) -> bool:
        """Show ``seat``'s loose cards by rank, or by suit when they are by rank; the
        table is drawn again."""
        info = self.table_info(seat)
        shown = loose_shown(info.view, info.summary, info.ace_high, info.by_rank, self.look.deck)
        self.by_rank[seat] = sorted_next(shown, info.ace_high, self.look.deck)
        how = "by rank" if self.by_rank[seat] else "by suit"
        self.notes.append(Text(f"Your hand is sorted {how} (sort again to change)", style="dim"))
        return True

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last move; the table is drawn again with a note."""
        try:
            with self.critical():
                undone = self.s.undo(seat)
        except RummyError as e:
            self.say(f"cannot undo: {readable(str(e), self.look.fmt)}", "yellow")
            return False
        self.notes = [Text(f"Undone: {undone.notation(self.look.fmt)}", style="green")]
        return True

    def page(self, renderable: RenderableType, title: str) -> None:
        """Show a long text one screen at a time inside the game (no external pager:
        a pager would leave the alternate screen)."""
        opts = self.console.options.update_width(self.width)
        lines = self.console.render_lines(renderable, opts, pad=False)
        per = max(3, self.height - 3)
        pages = [lines[i : i + per] for i in range(0, len(lines), per)] or [[]]
        for i, chunk in enumerate(pages):
            self.clear()
            self.say(f"{title} ({i + 1}/{len(pages)})", "bold")
            for segs in chunk:
                self.console.print(Text.assemble(*[(seg.text, seg.style or "") for seg in segs]))
            last = i == len(pages) - 1
            prompt = "-- Enter to go back to the game -- " if last else "-- Enter for more, q to go back -- "
            while True:
                answer = self.pause(prompt)
                if answer in ("", "q"):
                    break
                if answer in QUIT_WORDS:
                    raise Quit("quit")
                self.say(
                    "press Enter "
                    + ("to go back to the game" if last else "for more, q to go back")
                    + ", or type quit to leave the game",
                    "yellow",
                )
            if answer == "q":
                break

    def hint(self, seat: int) -> Text:
        try:
            answer = self.s.hint(seat)
        except AgentError as e:  # a plugin's bot must not end the game
            return Text(f"hint unavailable: {e}", style="yellow")
        if answer is None:
            return Text("no computer player to ask for a hint", style="yellow")
        name, action, reason = answer
        t = Text(f"Hint ({name}): ", style="bold")
        t.append_text(self.look.phrase(lambda f: action.notation(f)))

        words = self.s.spec.vocabulary
        now = {a.kind for a in self.s.match.legal_actions()}
        sf = words.short_form(action, self.typed, now)  # as help shows it (p: pass or take)
        if sf:
            t.append(f"  [{sf}]", style="dim")
        stock = self.s.view(seat).stock_size
        empty = words.at_empty_stock(action, stock)
        if empty:
            t.append(f" ({empty})", style="bold yellow")
        if reason:
            t.append(f" {self.look.dash} ")
            t.append_text(self.look.phrase(lambda f: readable(reason, f)))
        return t

    def show_score(self, seat: int) -> None:
        s = self.s
        m = s.match
        self.show(score_table(s.names, m.totals, m.rule.short(), self.look, sheet=Sheet.of(m)))
        if m.results:
            self.show(rounds_table(s.names, m.results, m.totals, self.look, self.width))

    def show_log(self, seat: int) -> None:
        s = self.s
        view = s.view(seat)
        lines = []
        for e in view.history:
            who = "You" if e.seat == seat else s.names[e.seat]
            t = Text(f"  {who} ")
            t.append_text(self.look.phrase(functools.partial(past_phrase, e, words=s.spec.vocabulary)))
            lines.append(t)
        self.say(f"Round {view.round_index + 1}, {counted(len(lines), 'move')} so far:", "bold")
        room = max(3, self.height - 4)
        if len(lines) > room:
            self.say(f"  ({len(lines) - room} earlier moves not shown)", "dim")
            lines = lines[-room:]
        for t in lines:
            self.show(t)

    # -- round and match ends ---------------------------------------------------------------

    def show_round_ends(self) -> None:
        s = self.s
        m = s.match
        while len(m.results) > self.rounds_seen:
            i = self.rounds_seen
            self.rounds_seen += 1
            totals = [sum(r.points[p] for r in m.results[: i + 1]) for p in range(len(s.names))]
            last = self.rounds_seen == len(m.results)
            final = self.final_view(i)
            # the rule's score sheet is the match's now: that of the last round only
            sheet = Sheet.of(m) if last else None
            played = self.played_seats(i)
            self.clear()
            self.show(
                result_view(
                    m.results[i],
                    s.names,
                    self.look,
                    self.width,
                    i + 1,
                    totals,
                    m.rule.short(),
                    self.points_label(),
                    final,
                    s.spec.vocabulary,
                    s.humans[0] if len(s.humans) == 1 else self.last_viewer,  # "you" in its words
                    sheet=sheet,
                    seats=played,
                )
            )
            if last and not s.over:
                line = sitting_out_line(s.names, m.context)
                if line:
                    self.say(f"Next round: {line}", "bold")
            if last and s.over:
                self.wait_enter("Press Enter for the match result ", "for the match result")
            else:
                self.wait_enter("Press Enter for the next round ", "for the next round")
            if self.private:
                self.last_viewer = None

    def final_view(self, index: int) -> View | None:
        """Round ``index`` (from 0) as a person saw it when it ended, if it is the
        round just finished (its table and history are still at hand)."""
        m = self.s.match
        rnd = m.round if m.over else m.previous_round
        if rnd is None or index != len(m.results) - 1 or rnd.result is not m.results[index]:
            return None
        seat = self.last_viewer if self.last_viewer is not None else (self.s.humans or [0])[0]
        return rnd.view(seat)

    def played_seats(self, index: int) -> tuple[int, ...] | None:
        """The seats that played round ``index`` (from 0), if it is the round
        just finished and its match context names them; else None (every seat)."""
        m = self.s.match
        rnd = m.round if m.over else m.previous_round
        if rnd is None or index != len(m.results) - 1 or rnd.result is not m.results[index]:
            return None
        ctx = rnd.match
        return ctx.seats if ctx is not None and ctx.seats else None

    def points_label(self) -> str:
        s = self.s
        if not s.spec.hand_summary or not s.humans:
            return "points"
        try:
            return points_label(s.spec.hand_summary(s.view(s.humans[0]), s.options))
        except Exception:  # pragma: no cover - a plugin's summary of a finished round
            return "points"

    def match_end(self) -> None:
        self.clear()
        self.show(self.match_view())
        self.wait_enter("Press Enter to leave ", "to leave", quits=False)

    def match_view(self) -> RenderableType:
        """The match's end: who won, the ranking and the rule's columns where
        its rule gives more than one total per seat (:func:`match_end_view`)."""
        return match_end_view(self.s.names, self.s.match, self.look, self.width)

    def farewell(self, outcome: str) -> None:
        """After leaving the alternate screen: what happened, and how to go on."""
        s = self.s
        if outcome == "over" or s.over:  # (quit at the last round's end: the match is over)
            self.show(self.match_view())
            self.say(f"Seed {s.record.seed} (the same seed and moves give the same game)", "dim")
            if s.path:
                self.say(f"Record saved to {s.path} ({rummy_command()} replay {s.path})")
            return
        if s.path is None:
            self.say(f"{outcome}; game not saved (no save path)")
            return
        if s.dropped:
            self.say(f"{outcome[:1].upper() + outcome[1:]}; no move made, so the game is not kept.")
            return

        how = continue_advice(s.path)
        n = len(s.record.actions)
        self.say(
            f"{outcome[:1].upper() + outcome[1:]}; game saved after {n} move{'s' if n != 1 else ''}. "
            f"Continue with: {how}"
        )
