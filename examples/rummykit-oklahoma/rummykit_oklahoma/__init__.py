"""Oklahoma Gin, a rummykit house-rule plugin built on the Gin plugin's public API.

The names below are imported on first use (PEP 562): ``rummy`` imports this
package to reach ``.plugin`` for every command, and must not pay for the Gin
engine when it only prints ``--help``.
"""

__all__ = ["RULES", "SPEC", "OklahomaOptions", "OklahomaRound", "oklahoma_summary"]
__version__ = "0.1.0"


def __getattr__(name: str):
    if name in __all__:
        from . import oklahoma

        return getattr(oklahoma, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
