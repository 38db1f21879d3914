"""Cards as small integers and their text forms, melds, the meld solver, meld
extensions (layoffs, additions to table melds) and meld partners.

``from rummykit.core.cards import NAME`` (the module ``rummykit.core.cards`` of
the flat core) still works, with a DeprecationWarning naming the new import."""

from rummykit.core.base.moved import old_module_getattr

__getattr__ = old_module_getattr(__name__, "rummykit.core.cards.card")
