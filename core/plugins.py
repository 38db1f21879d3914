"""The plugin manager: loads every plugin of the entry-point group ``rummykit``
(the built-in variants are declared there too, so they load exactly like a
third-party plugin), and builds the :class:`Registry` from their hooks.

* ``RUMMYKIT_DISABLE_PLUGINS=a,b`` blocks plugins by entry-point name.
* A plugin that fails to import, or raises in a hook, is reported in one line
  naming it (``Registry.problems``) and skipped; everything else still works.
* A misspelled hook implementation is caught at load by ``check_pending``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from importlib import metadata
from typing import Any

import pluggy

from . import hookspecs
from .errors import PluginError
from .registry import AgentSpec, Registry, VariantSpec

GROUP = "rummykit"
DISABLE_ENV = "RUMMYKIT_DISABLE_PLUGINS"


def disabled_plugins() -> set[str]:
    raw = os.environ.get(DISABLE_ENV, "")
    return {p.strip() for p in raw.split(",") if p.strip()}


def new_manager() -> pluggy.PluginManager:
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def load_entry_points(pm: pluggy.PluginManager, problems: list[str], versions: dict[str, str]) -> None:
    """Import and register each entry point of the group, one by one, so that one
    broken plugin cannot stop the others."""
    blocked = disabled_plugins()
    for pm_name in blocked:
        pm.set_blocked(pm_name)
    for ep in metadata.entry_points(group=GROUP):
        if ep.name in blocked or pm.has_plugin(ep.name):
            continue
        try:
            plugin = ep.load()
        except Exception as e:  # a broken plugin must not stop the others
            problems.append(f"plugin {ep.name} failed to load: {_one_line(e)}")
            continue
        try:
            pm.register(plugin, name=ep.name)
        except Exception as e:
            problems.append(f"plugin {ep.name} could not be registered: {_one_line(e)}")
            continue
        dist = getattr(ep, "dist", None)
        versions[ep.name] = dist.version if dist is not None else ""


def check(pm: pluggy.PluginManager, problems: list[str]) -> None:
    """Catch hook implementations that match no hook (a misspelled name): the
    offending plugin is reported and unregistered."""
    for name, plugin in list(pm.list_name_plugin()):
        for hookname in dir(plugin):
            if hookname.startswith("_"):
                continue
            opts = pm.parse_hookimpl_opts(plugin, hookname)
            if opts is None:
                continue
            if not hasattr(pm.hook, hookname) or getattr(pm.hook, hookname).spec is None:
                problems.append(
                    f"plugin {name} implements unknown hook {hookname!r} "
                    f"(hooks: {', '.join(_hook_names())})"
                )
                pm.unregister(plugin)
                break
    pm.check_pending()


def _hook_names() -> list[str]:
    return [n for n in dir(hookspecs) if not n.startswith("_") and hasattr(getattr(hookspecs, n), "rummykit_spec")]


def _call_each(pm: pluggy.PluginManager, hookname: str, problems: list[str], make_kwargs) -> None:
    """Call every implementation of ``hookname`` on its own, so a plugin that
    raises is reported by name and the others still run."""
    hook = getattr(pm.hook, hookname)
    for impl in reversed(hook.get_hookimpls()):  # registration order
        try:
            impl.function(**make_kwargs(impl.plugin_name))
        except PluginError as e:
            problems.append(str(e))
        except Exception as e:
            problems.append(f"plugin {impl.plugin_name} failed in {hookname}: {_one_line(e)}")


def build_registry(pm: pluggy.PluginManager, problems: list[str] | None = None,
                   versions: dict[str, str] | None = None) -> Registry:
    reg = Registry()
    if problems:
        reg.problems.extend(problems)
    for name, _ in pm.list_name_plugin():
        reg._plugin_entry(name)["version"] = (versions or {}).get(name, "")

    def variant_register(plugin_name: str):
        def register(spec: VariantSpec) -> None:
            reg.add_variant(spec, plugin_name)
        return {"register": register}

    def agent_register(plugin_name: str):
        def register(spec: AgentSpec) -> None:
            reg.add_agent(spec, plugin_name)
        return {"register": register}

    _call_each(pm, "register_variants", reg.problems, variant_register)
    _call_each(pm, "register_agents", reg.problems, agent_register)
    return reg


class Plugins:
    """The loaded plugin manager and its registry, built once per process."""

    def __init__(self, extra: Iterable[tuple[str, Any]] = (), entry_points: bool = True) -> None:
        self.pm = new_manager()
        self.problems: list[str] = []
        self.versions: dict[str, str] = {}
        for name, plugin in extra:
            self.pm.register(plugin, name=name)
        if entry_points:
            load_entry_points(self.pm, self.problems, self.versions)
        check(self.pm, self.problems)
        self.registry = build_registry(self.pm, self.problems, self.versions)

    @property
    def hook(self):
        return self.pm.hook

    def notify(self, hookname: str, **kwargs: Any) -> None:
        """Call an observer hook; a plugin that raises is reported, not fatal."""
        _call_each(self.pm, hookname, self.registry.problems, lambda _name: kwargs)


_default: Plugins | None = None


def get_plugins() -> Plugins:
    """The process-wide plugins (entry points loaded on first use)."""
    global _default
    if _default is None:
        _default = Plugins()
    return _default


def reset_plugins() -> None:
    """Forget the loaded plugins (tests that change the environment use this)."""
    global _default
    _default = None
