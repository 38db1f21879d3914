"""CardVerse with house rules, a rummykit plugin built on the public API of the
built-in CardVerse plugin (``make_spec`` and ``CardVerseRound``'s override points).

The names below are imported on first use (PEP 562): ``rummy`` imports this
package to reach ``.plugin`` for every command, and must not pay for the
CardVerse engine when it only prints ``--help``.
"""

__all__ = ["MOVES", "NAME", "OPEN", "SPEC", "HouseOptions", "HouseRound", "house_easy_spec", "table_summary"]
__version__ = "0.1.0"


def __getattr__(name: str):
    if name in __all__:
        from . import house

        return getattr(house, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
