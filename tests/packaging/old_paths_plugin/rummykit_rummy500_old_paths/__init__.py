"""Rummy 500, a rummykit variant plugin written on rummykit's public API.

The names below are imported on first use (PEP 562): ``rummy`` imports this
package to reach ``.plugin`` for every command, and must not pay for the
engine when it only prints ``--help``.
"""

__all__ = ["RULES", "SPEC", "EasyAgent", "Rummy500Options", "Rummy500Round", "match_rule", "summary"]
__version__ = "0.1.0"


def __getattr__(name: str):
    if name == "EasyAgent":
        from . import agents

        return agents.EasyAgent
    if name in __all__:
        from . import rummy500

        return getattr(rummy500, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
