"""Straight Gin, a rummykit house-rule plugin built on the Gin plugin's public API.

The names below are imported on first use (PEP 562): ``rummy`` imports this
package to reach ``.plugin`` for every command, and must not pay for the Gin
engine when it only prints ``--help``.
"""

__all__ = ["NAME", "RULES", "SPEC", "BestOf", "StraightGinOptions", "StraightGinRound", "straight_summary"]
__version__ = "0.1.0"


def __getattr__(name: str):
    if name in __all__:
        from . import straight

        return getattr(straight, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
