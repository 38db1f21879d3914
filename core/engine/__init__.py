"""The engine contract every variant implements: the round, its views and
events, actions and their words, options, and core's re-dealing of what a seat
has not seen.

``from rummykit.core.engine import NAME`` (the module ``rummykit.core.engine``
of the flat core) still works, with a DeprecationWarning naming the new import."""

from rummykit.core.base.moved import old_module_getattr

__getattr__ = old_module_getattr(__name__, "rummykit.core.engine.round")
