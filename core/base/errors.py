"""Errors that reach a user as one clear line (the CLI prints them, no traceback)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rummykit.core.bots.guard import Who


class RummyError(Exception):
    """Base of every error meant for a person: its message is the whole story.
    ``exit_code`` is the status ``rummy`` exits with (2: a user error)."""

    exit_code = 2


class CardError(RummyError, ValueError):
    """A bad card, a duplicate card or a wrong number of cards."""


class IllegalAction(RummyError):
    """An action that is not legal now. The state is unchanged."""


class OptionError(RummyError, ValueError):
    """An unknown option or a bad option value."""


class UnknownVariant(RummyError, LookupError):
    """No installed variant has that name."""


class UnknownAgent(RummyError, LookupError):
    """No agent of that name for the variant."""


class CodecError(RummyError, ValueError):
    """An action a codec has no index for, or an index it has no action for
    (the learning environments' action codecs, ``rummykit.env``)."""


class RecordError(RummyError):
    """A save file that is damaged, truncated, foreign or unreadable."""


class PluginError(RummyError):
    """A plugin that misbehaves: a name registered twice, a bad registration."""


class VariantError(RummyError):
    """A variant's round that broke the engine contract in play (no legal move
    for the seat to act, a move its view offered refused). Not the user's
    fault: ``rummy`` exits with status 1."""

    exit_code = 1


def contract_broken(variant: str, what: str) -> VariantError:
    """The error for variant ``variant`` breaking the engine contract by ``what``."""
    return VariantError(
        f"variant {variant} {what}, which breaks the engine contract "
        "(rummykit.testing.check_variant finds such faults)"
    )


def move_refused(variant: str, move: str, reason: object) -> VariantError:
    """The error for variant ``variant`` refusing ``move`` (its notation), one
    of the legal moves its view had just offered, for ``reason``."""
    return contract_broken(variant, f"refused {move}, a move it had just offered ({reason})")


class ResampleError(RummyError):
    """No deal consistent with what a seat saw was found (``Round.resample``)."""


class AgentError(RummyError):
    """A computer player that failed: it raised, returned something that is not
    one of the legal actions, or ran past the move timeout. The message names
    the agent, the plugin that registered it, its seat and the match seed;
    ``who`` holds them (a :class:`rummykit.core.bots.guard.Who`). Not the user's
    fault: ``rummy`` exits with status 1."""

    exit_code = 1
    who: Who | None = None
