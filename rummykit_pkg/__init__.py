"""rummykit: a rummy platform where every ruleset is a plugin.

Plugin authors need only ``rummykit.hookimpl`` and the types in
``rummykit.core``; see docs/plugins.md.

This folder (``rummykit_pkg/``) is installed as ``rummykit``; imported under its
folder name it would be a second copy, so that fails.
"""

if __name__ != "rummykit":
    raise ImportError(f"'{__name__}' is not a package: import rummykit instead")

from rummykit.core.hookspecs import hookimpl

__all__ = ["__version__", "hookimpl"]
__version__ = "0.1.0"
