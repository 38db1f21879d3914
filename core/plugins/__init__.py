"""Plugins: the hook specs, the typed specs a plugin registers, the registry
that holds them and the plugin manager that loads them.

``from rummykit.core.plugins import NAME`` (the module ``rummykit.core.plugins``
of the flat core) still works, with a DeprecationWarning naming the new import."""

from rummykit.core.base.moved import old_module_getattr

__getattr__ = old_module_getattr(__name__, "rummykit.core.plugins.manager")
