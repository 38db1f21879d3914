"""The module paths of the flat core (``rummykit.core.engine``,
``rummykit.core.cards``, ``rummykit.core.registry``, ...) still import: every
public name of the module that holds it now is there, the same object, and
taking it warns with a DeprecationWarning naming the import to write instead
(``from rummykit import NAME`` for a name of the facade). A plugin written
against them installs and plays: tests/packaging/test_old_paths_plugin.py."""

from __future__ import annotations

import importlib
import inspect
import warnings

import pytest

from rummykit.core.base.moved import OLD_PATHS, new_import


def public_names(module) -> list[str]:
    """The names a module offers: its ``__all__``, else every public name it
    defines (classes and functions of its own, constants), not the ones it
    imported from elsewhere."""
    if hasattr(module, "__all__"):
        return sorted(module.__all__)
    return sorted(
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and not inspect.ismodule(value)
        and getattr(value, "__module__", module.__name__) == module.__name__
        and name != "annotations"  # from __future__
    )


def take(module, name: str):
    """``module.name`` and the warnings that taking it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = getattr(module, name)
    return value, caught


def test_there_is_an_old_path_for_every_module_of_the_flat_core():
    assert len(OLD_PATHS) == 31
    assert all(old.count(".") == 2 and new.count(".") == 3 for old, new in OLD_PATHS.items())


@pytest.mark.parametrize(("old", "new"), sorted(OLD_PATHS.items()), ids=sorted(OLD_PATHS))
def test_each_public_name_of_an_old_path_warns_and_is_the_same_object(old, new):
    module, target = importlib.import_module(old), importlib.import_module(new)
    names = public_names(target)
    assert names, f"{new} offers no name"
    for name in names:
        value, caught = take(module, name)
        assert value is getattr(target, name), f"{old}.{name} is not {new}.{name}"
        assert [w.category for w in caught] == [DeprecationWarning], f"{old}.{name}: {caught}"
        message = str(caught[0].message)
        assert message == f"{old} is deprecated: {new_import(name, new)}"
        # The import the warning names works, gives the same object and warns no more.
        namespace: dict = {}
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            exec(new_import(name, new), namespace)
        assert namespace[name] is value


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_a_from_import_of_an_old_path_warns_at_the_importing_line(old):
    """One warning, at the plugin's line. (From an old path that is a room's
    package now, ``cards``, ``engine`` or ``plugins``, Python's import asks
    the package for the name twice, so with the filter "always" the same
    warning comes twice; the default filter shows a line's warning once.)"""
    name = public_names(importlib.import_module(OLD_PATHS[old]))[0]
    code = compile(f"from {old} import {name}\n", "plugin_of_yesterday.py", "exec")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(code, {})
    assert caught
    assert {(w.category, w.filename, w.lineno, str(w.message)) for w in caught} == {
        (
            DeprecationWarning,
            "plugin_of_yesterday.py",
            1,
            f"{old} is deprecated: {new_import(name, OLD_PATHS[old])}",
        )
    }
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("default")
        exec(code, {})
    assert len(caught) == 1


def test_the_facade_is_named_for_the_facade_s_names():
    assert new_import("Round", "rummykit.core.engine.round") == "from rummykit import Round"
    assert (
        new_import("SafeAgent", "rummykit.core.bots.guard")
        == "from rummykit.core.bots.guard import SafeAgent"
    )
    _, caught = take(importlib.import_module("rummykit.core.engine"), "View")
    assert str(caught[0].message) == "rummykit.core.engine is deprecated: from rummykit import View"


def test_an_old_path_has_no_name_its_new_module_lacks():
    module = importlib.import_module("rummykit.core.registry")
    with pytest.raises(AttributeError, match=r"rummykit\.core\.registry"):
        module.no_such_name  # noqa: B018
    with pytest.raises(ImportError):
        exec("from rummykit.core.cards import no_such_name", {})
