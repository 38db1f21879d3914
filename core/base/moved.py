"""The module paths of the flat core, kept for one release.

Plugins written before core was put in rooms import ``rummykit.core.engine``,
``rummykit.core.cards``, ``rummykit.core.registry`` and the like. Each such path
still imports; every name taken from it is the same object as before, and the
first use of each name warns once with a :class:`DeprecationWarning` naming the
import to write instead: ``from rummykit import NAME`` for a name of the facade,
else the module of its room.

Old paths that are no room's name are made by a finder on ``sys.meta_path``
(:func:`install_old_paths`, called when ``rummykit.core`` is imported); the three
that are also the name of a room (``cards``, ``engine``, ``plugins``) are that
room's package, whose ``__getattr__`` is :func:`old_module_getattr`.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

__all__ = ["OLD_PATHS", "install_old_paths", "new_import", "old_module_getattr"]

#: Every module path of the flat core, and the module its names live in now.
OLD_PATHS: dict[str, str] = {
    f"rummykit.core.{old}": f"rummykit.core.{new}"
    for old, new in {
        "errors": "base.errors",
        "values": "base.values",
        "lazy": "base.lazy",
        "cards": "cards.card",
        "melds": "cards.melds",
        "solver": "cards.solver",
        "meldplan": "cards.meldplan",
        "extensions": "cards.extensions",
        "partners": "cards.partners",
        "engine": "engine.round",
        "actions": "engine.actions",
        "vocabulary": "engine.vocabulary",
        "options": "engine.options",
        "names": "engine.names",
        "resample": "engine.resample",
        "restock": "engine.restock",
        "hookspecs": "plugins.hookspecs",
        "registry": "plugins.registry",
        "plugins": "plugins.manager",
        "agents": "bots.agents",
        "builtin_agents": "bots.builtin",
        "guard": "bots.guard",
        "search": "bots.search",
        "equity": "bots.equity",
        "seen": "bots.seen",
        "match": "play.match",
        "session": "play.session",
        "records": "play.records",
        "stats": "play.stats",
        "simulate": "play.simulate",
        "simulate_ray": "play.simulate_ray",
    }.items()
}


def new_import(name: str, module: str) -> str:
    """The import to write for ``name`` of ``module``: the facade's, when
    ``rummykit`` exports it."""
    import rummykit

    if name in rummykit.__all__:
        return f"from rummykit import {name}"
    return f"from {module} import {name}"


def old_module_getattr(old: str, new: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` for the old path ``old``: a public name of the
    module ``new`` is returned, with a DeprecationWarning naming its new import."""

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        module = importlib.import_module(new)
        try:
            value = getattr(module, name)
        except AttributeError:
            raise AttributeError(f"module {old!r} has no attribute {name!r}") from None
        warnings.warn(
            f"{old} is deprecated: {new_import(name, new)}",
            DeprecationWarning,
            stacklevel=2,
        )
        return value

    return __getattr__


class _OldPathLoader(importlib.abc.Loader):
    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        new = OLD_PATHS[module.__name__]
        module.__doc__ = f"Deprecated: the names of this module are in {new} (and the facade, rummykit)."
        module.__getattr__ = old_module_getattr(module.__name__, new)  # type: ignore[method-assign]


class _OldPathFinder(importlib.abc.MetaPathFinder):
    """Finds the old module paths that no file or room holds any more."""

    loader = _OldPathLoader()

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in OLD_PATHS or fullname.rsplit(".", 1)[1] in _ROOMS:
            return None
        return importlib.machinery.ModuleSpec(fullname, self.loader)


#: The old paths that are a room's package now (their __init__ handles them).
_ROOMS = frozenset({"cards", "engine", "plugins"})


def install_old_paths() -> None:
    """Put the finder of the old module paths on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, _OldPathFinder) for f in sys.meta_path):
        sys.meta_path.append(_OldPathFinder())
