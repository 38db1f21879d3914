"""The plugin manager: loads every plugin of the entry-point group ``rummykit``
(the built-in variants are declared there too, so they load exactly like a
third-party plugin), and builds the :class:`Registry` from their hooks.

* ``RUMMYKIT_DISABLE_PLUGINS=a,b`` blocks plugins by entry-point name (the name
  ``rummy plugins`` shows); a name that matches no installed plugin is reported.
* A plugin that fails to import, or raises in a hook, is reported in one line
  naming it (``Registry.problems``) and skipped; everything else still works.
  Every hook implementation is called on its own, so one plugin's exception never
  stops another plugin's implementation of the same hook.
* A misspelled hook implementation (a name no hook has, or an argument the hook
  does not pass) is caught at load: the plugin is reported and unregistered, so
  ``check_pending`` never finds anything left over.
* Two plugins registering one variant (or agent) name is an error naming both;
  the name is then unusable until one of them is disabled (see
  :meth:`Registry.add_variant`). The same for a command name two plugins add;
  a plugin command named like a built-in command is a conflict too, and the
  built-in is kept (see :meth:`Plugins.register_commands`).

Tests and embedders build their own manager with throwaway plugins::

    Plugins(extra=[("undo-x", UndoPlugin())], entry_points=False)
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable, Iterable
from importlib import metadata
from typing import Any

import pluggy

from . import hookspecs
from .errors import PluginError
from .registry import AgentSpec, Registry, VariantSpec, _conflict

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
    text = [line.strip() for line in str(exc).strip().splitlines() if line.strip()]
    return f"{type(exc).__name__}: {' '.join(text)}" if text else type(exc).__name__


def _module_of(plugin: Any) -> str:
    name = getattr(plugin, "__name__", None)
    if isinstance(name, str) and hasattr(plugin, "__file__"):
        return name  # a module
    return type(plugin).__module__ + "." + type(plugin).__qualname__


def _register(pm: pluggy.PluginManager, plugin: Any, name: str, problems: list[str]) -> bool:
    """Register one plugin; a bad hook implementation is one problem line."""
    try:
        pm.register(plugin, name=name)
    except pluggy.PluginValidationError as e:
        problems.append(f"plugin {name} has a bad hook implementation: {_one_line(e)}")
        return False
    except Exception as e:
        problems.append(f"plugin {name} could not be registered: {_one_line(e)}")
        return False
    return pm.has_plugin(name) and not pm.is_blocked(name)


def _norm(dist_name: str) -> str:
    return dist_name.lower().replace("_", "-").replace(".", "-")


def load_entry_points(
    pm: pluggy.PluginManager,
    problems: list[str],
    versions: dict[str, str],
    info: dict[str, dict[str, Any]] | None = None,
) -> None:
    """Import and register each entry point of the group, one by one, so that one
    broken plugin cannot stop the others. ``versions`` gets each plugin's
    distribution version; ``info`` (if given) its distribution, module and status."""
    blocked = disabled_plugins()
    info = {} if info is None else info
    for pm_name in blocked:
        pm.set_blocked(pm_name)
    eps = list(metadata.entry_points(group=GROUP))
    declared: dict[str, list[str]] = {}  # plugin name -> distributions declaring it
    for ep in eps:
        dist = getattr(ep, "dist", None)
        who = (dist.metadata["Name"] or "?") if dist is not None else ep.value
        same = [w for w in declared.setdefault(ep.name, []) if _norm(w) == _norm(who)]
        if not same:  # (one distribution found twice on sys.path is not a conflict)
            declared[ep.name].append(who)
    seen: set[str] = set()
    for ep in eps:
        dist = getattr(ep, "dist", None)
        entry = {
            "version": dist.version if dist is not None else "",
            "distribution": (dist.metadata["Name"] or "") if dist is not None else "",
            "module": ep.value,
            "status": "loaded",
        }
        if ep.name in seen or pm.has_plugin(ep.name):
            continue  # the same distribution found twice on sys.path, or an extra
        seen.add(ep.name)
        if len(declared[ep.name]) > 1 and ep.name not in blocked:
            # Which would load first is an accident of sys.path: neither does.
            problems.append(
                f"plugin name {ep.name!r} is declared by {len(declared[ep.name])} distributions: "
                f"{' and '.join(declared[ep.name])}; neither is loaded (uninstall all but one)"
            )
            info[ep.name] = {
                **entry,
                "distribution": " + ".join(declared[ep.name]),
                "status": "name conflict",
            }
            continue
        if ep.name in blocked:
            info[ep.name] = {**entry, "status": f"disabled by {DISABLE_ENV}"}
            continue
        try:
            plugin = ep.load()
        except (Exception, SystemExit) as e:  # a broken plugin must not stop the others
            problems.append(f"plugin {ep.name} failed to load: {_one_line(e)}")
            info[ep.name] = {**entry, "status": "failed to load"}
            continue
        if not _register(pm, plugin, ep.name, problems):
            info[ep.name] = {**entry, "status": "failed to register"}
            continue
        versions[ep.name] = entry["version"]
        info[ep.name] = entry


def hook_names() -> list[str]:
    """The names of every hook a plugin may implement."""
    return sorted(
        n
        for n in dir(hookspecs)
        if not n.startswith("_") and hasattr(getattr(hookspecs, n), hookspecs.PROJECT + "_spec")
    )


_hook_names = hook_names  # the old private name


def check(pm: pluggy.PluginManager, problems: list[str]) -> None:
    """Catch hook implementations that match no hook (a misspelled name): the
    offending plugin is reported and unregistered, the others stay."""
    known = hook_names()
    for name, plugin in list(pm.list_name_plugin()):
        if plugin is None:  # a blocked name
            continue
        for attr in dir(plugin):
            if attr.startswith("_"):
                continue
            try:
                opts = pm.parse_hookimpl_opts(plugin, attr)
            except Exception:  # an attribute that cannot even be looked at
                continue
            if opts is None or opts.get("optionalhook"):
                continue
            caller = getattr(pm.hook, attr, None)
            if caller is None or caller.spec is None:
                close = difflib.get_close_matches(attr, known, n=1)
                hint = f"; did you mean {close[0]}?" if close else f" (hooks: {', '.join(known)})"
                problems.append(f"plugin {name} implements unknown hook {attr!r}{hint}")
                pm.unregister(plugin)
                break
    pm.check_pending()


def _call_each(
    pm: pluggy.PluginManager,
    hookname: str,
    problems: list[str],
    make_kwargs: Callable[[str], dict[str, Any]],
    around: Callable[[str, Callable[[], Any]], Any] | None = None,
) -> list[Any]:
    """Call every implementation of ``hookname`` on its own, in registration
    order, so a plugin that raises is reported by name and the others still run.
    Each implementation gets only the arguments it asks for (pluggy allows a
    subset). Returns the results that are not ``None``."""
    hook = getattr(pm.hook, hookname)
    results = []
    for impl in hook.get_hookimpls():  # registration order (pluggy calls them last first)
        if impl.hookwrapper or impl.wrapper:
            continue
        kwargs = make_kwargs(impl.plugin_name)
        args = {k: kwargs[k] for k in impl.argnames if k in kwargs}

        def call(impl: pluggy.HookImpl = impl, args: dict[str, Any] = args) -> Any:
            return impl.function(**args)

        try:
            result = around(impl.plugin_name, call) if around else call()
        except Exception as e:
            line = (
                str(e)
                if isinstance(e, PluginError)
                else (f"plugin {impl.plugin_name} failed in {hookname}: {_one_line(e)}")
            )
            if line not in problems:  # an observer failing every round: one line
                problems.append(line)
            continue
        if result is not None:
            results.append(result)
    return results


def build_registry(
    pm: pluggy.PluginManager,
    problems: list[str] | None = None,
    versions: dict[str, str] | None = None,
    info: dict[str, dict[str, Any]] | None = None,
    *,
    lazy: bool = False,
) -> Registry:
    """The registry of the plugins in ``pm``. ``lazy=True``: the registration
    hooks run on the registry's first use (see :meth:`Registry.defer`)."""
    reg = Registry()
    if problems:
        reg.problems.extend(problems)
    if lazy:
        reg.defer(lambda r: _fill_registry(r, pm, versions, info))
    else:
        _fill_registry(reg, pm, versions, info)
    return reg


def _fill_registry(
    reg: Registry,
    pm: pluggy.PluginManager,
    versions: dict[str, str] | None,
    info: dict[str, dict[str, Any]] | None,
) -> None:
    for name, details in (info or {}).items():
        if details.get("status", "loaded") != "loaded":
            reg._plugin_entry(name).update(details)
    for name, plugin in pm.list_name_plugin():
        if plugin is None:
            continue
        entry = reg._plugin_entry(name)
        entry["version"] = (versions or {}).get(name, "") or getattr(plugin, "__version__", "") or ""
        entry.setdefault("module", _module_of(plugin))
        entry.update({k: v for k, v in (info or {}).get(name, {}).items() if k not in ("version",)})
        entry.setdefault("status", "loaded")

    def variant_register(plugin_name: str) -> dict[str, Any]:
        def register(spec: VariantSpec[Any]) -> None:
            reg.add_variant(spec, plugin_name)

        return {"register": register}

    def agent_register(plugin_name: str) -> dict[str, Any]:
        def register(spec: AgentSpec[Any]) -> None:
            reg.add_agent(spec, plugin_name)

        return {"register": register}

    _call_each(pm, "register_variants", reg.problems, variant_register)
    _call_each(pm, "register_agents", reg.problems, agent_register)


class _SafeHooks:
    """``plugins.hook.NAME(**kwargs)``: calls each implementation on its own and
    reports failures by plugin name (see :meth:`Plugins.call`)."""

    def __init__(self, plugins: Plugins) -> None:
        self._plugins = plugins

    def __getattr__(self, hookname: str) -> Callable[..., list[Any]]:
        if hookname.startswith("_") or hookname not in hook_names():
            raise AttributeError(hookname)
        return lambda **kwargs: self._plugins.call(hookname, **kwargs)


class Plugins:
    """The loaded plugin manager and its registry, built once per process.

    ``extra`` registers plugins (``(name, module_or_object)``) before the entry
    points; ``entry_points=False`` loads only those (what tests use).
    ``lazy=True`` (what :func:`get_plugins` uses) defers the variant and agent
    registration hooks to the registry's first use: ``rummy --help`` needs only
    the plugins' commands, and must not import every variant's engine.
    """

    def __init__(
        self, extra: Iterable[tuple[str, Any]] = (), entry_points: bool = True, lazy: bool = False
    ) -> None:
        self.pm = new_manager()
        self.problems: list[str] = []
        self.versions: dict[str, str] = {}
        self.info: dict[str, dict[str, Any]] = {}
        blocked = disabled_plugins()
        for name, plugin in extra:
            if name in blocked:
                self.pm.set_blocked(name)
                self.info[name] = {"module": _module_of(plugin), "status": f"disabled by {DISABLE_ENV}"}
                continue
            if not _register(self.pm, plugin, name, self.problems):
                self.info[name] = {"module": _module_of(plugin), "status": "failed to register"}
        if entry_points:
            load_entry_points(self.pm, self.problems, self.versions, self.info)
        known = set(self.info) | {n for n, p in self.pm.list_name_plugin() if p is not None}
        for name in sorted(blocked - known):
            self.problems.append(f"{DISABLE_ENV} names {name!r}, which is not an installed plugin")
        check(self.pm, self.problems)
        self.registry = build_registry(self.pm, self.problems, self.versions, self.info, lazy=lazy)
        self._commands_done = False
        #: Command names in conflict -> who claimed them ("built-in" first if one is).
        self.command_conflicts: dict[str, list[str]] = {}

    @property
    def hook(self) -> _SafeHooks:
        """Call a hook safely: ``plugins.hook.register_commands(cli=group)``."""
        return _SafeHooks(self)

    def call(self, hookname: str, **kwargs: Any) -> list[Any]:
        """Call every implementation of ``hookname`` on its own; a plugin that
        raises is reported in one line naming it and the others still run."""
        if hookname == "register_commands":
            return self.register_commands(kwargs["cli"])
        return _call_each(self.pm, hookname, self.registry.problems, lambda _name: kwargs)

    def notify(self, hookname: str, **kwargs: Any) -> None:
        """Call an observer hook; a plugin that raises is reported, not fatal."""
        self.call(hookname, **kwargs)

    def register_commands(self, cli: Any, builtin: Iterable[str] = ()) -> list[Any]:
        """Let each plugin add commands to the click group ``cli``; records which
        commands each plugin added (``rummy plugins`` shows them).

        A name that is a built-in command (in ``builtin``, or already in ``cli``)
        or that another plugin added is a conflict, reported in one problem line
        naming both: the built-in command is kept; between plugins neither wins
        (the name is taken out of ``cli`` until all but one are disabled)."""
        commands = getattr(cli, "commands", {})
        host = dict(commands)
        builtin = set(builtin) | set(host)
        claims: dict[str, list[str]] = {}

        def around(plugin_name: str, call: Callable[[], Any]) -> Any:
            before = dict(getattr(cli, "commands", {}))
            try:
                return call()
            finally:
                after = getattr(cli, "commands", {})
                added = {n for n, c in after.items() if before.get(n) is not c}
                self.registry.record_commands(plugin_name, added)
                for name in added:
                    claims.setdefault(name, []).append(plugin_name)

        self._commands_done = True
        results = _call_each(
            self.pm, "register_commands", self.registry.problems, lambda _name: {"cli": cli}, around
        )
        for name, who in claims.items():
            if name in builtin:
                if name in host:
                    commands[name] = host[name]
                else:
                    commands.pop(name, None)
                self.command_conflicts[name] = ["built-in", *who]
                plugin = "plugin " + who[0] if len(who) == 1 else "plugins " + " and ".join(who)
                line = (
                    f"command {name!r} of {plugin} has the name of a built-in command; "
                    f"the built-in {name!r} is kept (rename the plugin's command)"
                )
            elif len(who) > 1:
                commands.pop(name, None)
                self.command_conflicts[name] = who
                line = _conflict("command", name, who)
            else:
                continue
            if line not in self.registry.problems:
                self.registry.problems.append(line)
        return results


_default: Plugins | None = None


def get_plugins() -> Plugins:
    """The process-wide plugins (entry points loaded on first use)."""
    global _default
    if _default is None:
        _default = Plugins(lazy=True)
    return _default


def reset_plugins() -> None:
    """Forget the loaded plugins (tests that change the environment use this)."""
    global _default
    _default = None
