"""The variant-neutral engine of rummykit, installed as ``rummykit.core``.

Core is in rooms, one per concern; imports run one way, downwards (the
import-linter contracts in pyproject.toml, run by ``make gate``)::

    play     the game loop, matches, sessions, records, stats, simulate
    bots     the agent interface, the bot guard, the generic search
    plugins  hook specs, the typed specs plugins register, the registry, the manager
    engine   the round contract, actions, moves' words, options, re-dealing
    cards    cards, melds, the meld solver, meld extensions
    base     errors and the plain-value helpers every room uses

Plugin authors import from ``rummykit`` (the facade), not from here. The module
paths of the flat core that came before (``rummykit.core.engine``,
``rummykit.core.cards``, ...) still import, with a ``DeprecationWarning`` naming
the new import (:mod:`rummykit.core.base.moved`).

This folder is not a package of its own: ``import core`` (from the repository
root, or with it on ``sys.path``) fails, so that no second copy of the engine
(``core.engine.round.View is not rummykit.core.engine.round.View``) can slip in.
"""

if __name__ != "rummykit.core":
    raise ImportError(f"'{__name__}' is not a package: import rummykit.core instead")

from rummykit.core.base.moved import install_old_paths

install_old_paths()
