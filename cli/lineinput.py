"""Reading a line from a person at a real terminal: Python's readline gives line
editing, tab completion of the legal moves (long and short forms) and the
commands, and a history of lines, kept per seat so that the next player's
up-arrow never shows what the last one typed.

Where readline is missing (some platforms), :func:`input` still works without
completion or history.

A line too long or not UTF-8 text is a :class:`~rummykit.cli.common.LineError`
(the rules of every typed line are in cli/common.py).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

try:  # pragma: no cover - depends on the platform
    import readline
except ImportError:  # pragma: no cover
    readline = None  # type: ignore[assignment]

from rummykit.core.base.errors import CardError
from rummykit.core.cards.card import code, parse_card, rank_sort_key
from rummykit.core.engine.actions import Action
from rummykit.core.engine.vocabulary import PLAIN, Vocabulary

from .common import NOT_UTF8, LineError, line_problem


def action_words(
    action: Action,
    words: Vocabulary = PLAIN,
    typed: Callable[[int], str] = code,
    now: Collection[str] | None = None,
) -> list[tuple[str, ...]]:
    """The ways of typing ``action`` as word tuples (long notation, short form),
    its cards as ``typed`` (a declared deck's ``code``: a copy is its card)."""
    long = tuple(w.lower() for w in action.kind.split()) + tuple(typed(c).lower() for c in action.cards)
    if action.target is not None:
        long += ("to", str(action.target))
    out = [long]
    s = words.short_form(action, typed, now)
    if s:
        out.append(tuple(s.split()))
    return out


def completion_key(word: str, ace_high: bool = False) -> tuple:
    """Words first (alphabetically), then meld numbers (by value), then cards in
    rank then suit order (``2c 2d 3c ... kc ac`` with the ace high)."""
    if word.isdecimal():
        return (1, int(word), ())
    try:
        card = parse_card(word)
    except CardError:
        return (0, 0, word)
    return (2, 0, rank_sort_key(card, ace_high))


def completions(
    line: str,
    begidx: int,
    text: str,
    legal: Sequence[Action],
    commands: Iterable[str],
    words: Vocabulary = PLAIN,
    ace_high: bool = False,
    typed: Callable[[int], str] = code,
) -> list[str]:
    """Words that may follow ``line[:begidx]`` and start with ``text`` (``words``:
    the variant's, for the short forms of its moves), in :func:`completion_key`'s order."""
    before = tuple(line[:begidx].lower().split())
    text = text.lower()
    seqs: list[tuple[str, ...]] = [(c,) for c in commands]
    now = {a.kind for a in legal}
    for a in legal:
        seqs.extend(action_words(a, words, typed, now))
    n = len(before)
    out = set()
    for seq in seqs:
        if len(seq) > n and seq[:n] == before and seq[n].startswith(text):
            out.add(seq[n])
    return sorted(out, key=lambda w: completion_key(w, ace_high))


class LineInput:
    """``read(prompt, seat)`` with completion over ``legal()`` (with the short
    forms in ``words``) and ``commands``."""

    def __init__(
        self,
        legal: Callable[[], Sequence[Action]],
        commands: Sequence[str],
        words: Vocabulary = PLAIN,
        ace_high: bool = False,
        typed: Callable[[int], str] = code,
    ) -> None:
        self.legal = legal
        self.typed = typed
        self.ace_high = ace_high
        self.commands = tuple(commands)
        self.words = words
        self.histories: dict[object, list[str]] = {}
        self.owner: object = None
        self.reading = False  # inside input(): a line typed so far is readline's
        self._matches: list[str] = []
        if readline is not None:
            readline.set_completer(self._complete)
            readline.set_completer_delims(" \t\n,")
            doc = getattr(readline, "__doc__", "") or ""
            if "libedit" in doc:  # pragma: no cover - macOS
                readline.parse_and_bind("bind ^I rl_complete")
            else:
                readline.parse_and_bind("tab: complete")
            readline.clear_history()

    def _complete(self, text: str, state: int) -> str | None:
        try:
            if state == 0:
                line = readline.get_line_buffer()
                self._matches = completions(
                    line,
                    readline.get_begidx(),
                    text,
                    self.legal(),
                    self.commands,
                    self.words,
                    self.ace_high,
                    self.typed,
                )
            return self._matches[state] if state < len(self._matches) else None
        except Exception:  # a completer must never raise into readline
            return None

    def switch(self, owner: object) -> None:
        """Make the history ``owner``'s (a seat): the last player's lines are gone."""
        if owner == self.owner:
            return
        self.owner = owner
        if readline is None:
            return
        readline.clear_history()
        for line in self.histories.get(owner, []):
            readline.add_history(line)

    def read(self, prompt: str, owner: object = None) -> str:
        """One line (raises EOFError at end of input, KeyboardInterrupt on Ctrl-C,
        :class:`LineError` for a line too long or not UTF-8)."""
        self.switch(owner)
        self.reading = True
        try:
            line = input(prompt)
        except UnicodeDecodeError:
            raise LineError(NOT_UTF8) from None
        finally:
            self.reading = False
        problem = line_problem(line)
        if problem:
            if readline is not None and readline.get_current_history_length():
                readline.remove_history_item(readline.get_current_history_length() - 1)
            raise LineError(problem)
        if line.strip():
            self.histories.setdefault(owner, []).append(line)
        return line

    def keep_typed(self) -> None:
        """The line being typed, cut short (the terminal changed size), is put back
        at the next prompt."""
        if readline is None:
            return
        typed = readline.get_line_buffer()

        def put_back() -> None:
            readline.insert_text(typed)
            readline.set_pre_input_hook(None)

        if typed:
            readline.set_pre_input_hook(put_back)

    def forget(self) -> None:
        """Clear every history (the game is over)."""
        self.histories.clear()
        if readline is not None:
            readline.clear_history()
