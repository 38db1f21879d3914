"""Warnings before the moves that end the round for everyone by surprise.

A person types ``s`` by habit every turn; at the empty stock of a variant where
drawing from it ends the round (CardVerse: "end the round: lowest hand value
wins"), that habit ends the round for everyone. Both game UIs (the terminal's and
the piped one) therefore:

* ask to confirm (y/N) a move that ends the round although it is a draw from the
  stock, or a move the variant gives other words at the empty stock
  (``MoveWords.empty``; a plugin's equivalent move is asked about the same way).
  Whether it ends the round is found by playing it on a copy of the round
  (``Round.clone``), so a house rule that refills the stock instead is not asked
  about;
* warn while the stock is nearly empty, when drawing from the empty stock does
  something the variant names: the stock has at most as many cards as there are
  seats, so it may run out before the person's next draw.

Nothing here knows a variant's rules: it reads the variant's words and plays the
move on a copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummykit.core.engine.actions import DRAW_STOCK, Action

from .text import Fmt

if TYPE_CHECKING:
    from rummykit.core.engine.round import Round
    from rummykit.core.engine.vocabulary import Vocabulary
    from rummykit.core.play.session import Session

#: The question asked before such a move; only ``y`` or ``yes`` makes it.
QUESTION = "End the round for everyone? (y/N) "
YES = ("y", "yes")
#: Said when the answer is anything else: the turn goes on.
KEPT = "The round goes on: type your move."


def ends_round(rnd: Round, action: Action) -> bool:
    """Whether ``action`` ends ``rnd`` (played on a copy; a round that cannot be
    copied or played forward that way is taken as going on)."""
    try:
        copy = rnd.clone()
        copy.apply(action)
    except Exception:  # a plugin's round: its own apply will say what is wrong
        return False
    return copy.result is not None


def round_end_note(session: Session, seat: int, action: Action, fmt: Fmt) -> str | None:
    """The line to show before asking :data:`QUESTION`, when ``seat``'s move
    ``action`` ends the round for everyone and is a draw from the stock or a move
    the variant gives other words at the empty stock; else None. It says what
    the move does and the person's own hand (``hand value 68``), never another's."""
    words = session.spec.vocabulary
    view = session.view(seat)
    empty = words.at_empty_stock(action, view.stock_size)
    if action.kind != DRAW_STOCK and not empty:
        return None
    if not ends_round(session.match.round, action):
        return None
    note = f"{action.notation(fmt)}: {empty or 'this ends the round'}"
    if session.spec.hand_summary is not None:
        try:
            label = session.spec.hand_summary(view, session.options).label
        except Exception:  # a plugin's summary must not stop the game
            label = ""
        if label:
            note += f" (your {label})"
    return note


def stock_warning(words: Vocabulary, stock_size: int | None, n_seats: int) -> str | None:
    """A warning ("Stock 1: once it is empty, s will end the round: lowest hand value wins")
    while the stock (``stock_size`` cards) may run out before the person's next
    draw (at most ``n_seats`` cards left) and the variant says what drawing from
    the empty stock does; else None."""
    draw = Action(DRAW_STOCK)
    empty = words.at_empty_stock(draw, 0)
    if not empty or stock_size is None or not 0 < stock_size <= n_seats:
        return None
    usage = words.usage(draw) or DRAW_STOCK
    return f"Stock {stock_size}: once it is empty, {usage} will {empty}"
