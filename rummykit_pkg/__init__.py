"""rummykit: a rummy platform where every ruleset is a plugin.

Plugin authors need only ``rummykit.hookimpl`` and the types in
``rummykit.core``; see docs/plugins.md.
"""

from rummykit.core.hookspecs import hookimpl

__all__ = ["hookimpl", "__version__"]
__version__ = "0.1.0"
