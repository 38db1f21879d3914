"""The variant-neutral engine of rummykit, installed as ``rummykit.core``.

This folder is not a package of its own: ``import core`` (from the repository
root, or with it on ``sys.path``) fails, so that no second copy of the engine
(``core.engine.View is not rummykit.core.engine.View``) can slip into the code.
"""

if __name__ != "rummykit.core":
    raise ImportError(f"'{__name__}' is not a package: import rummykit.core instead")
