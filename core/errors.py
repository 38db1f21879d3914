"""Errors that reach a user as one clear line (the CLI prints them, no traceback)."""


class RummyError(Exception):
    """Base of every error meant for a person: its message is the whole story."""


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


class RecordError(RummyError):
    """A save file that is damaged, truncated, foreign or unreadable."""


class PluginError(RummyError):
    """A plugin that misbehaves: a name registered twice, a bad registration."""


class ResampleError(RummyError):
    """No deal consistent with what a seat saw was found (``Round.resample``)."""
