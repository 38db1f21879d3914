"""The plugin manager: loads every plugin of the entry-point group ``rummykit``
(the built-in variants are declared there too, so they load exactly like a
third-party plugin), and builds the :class:`Registry` from their hooks.

* Every hook runs through pluggy (``pm.hook.NAME(...)``), so ``tryfirst``,
  ``trylast`` and hook wrappers (``wrapper=True``, ``hookwrapper=True``) behave
  as pluggy documents. Each implementation is guarded (:class:`SafeManager`):
  one that raises is reported in one line naming its plugin (``Registry.problems``)
  and the call goes on with the others, as if it had returned ``None`` (a
  wrapper that raises passes the result through unchanged).
* ``RUMMYKIT_DISABLE_PLUGINS=a,b`` blocks plugins by entry-point name (the name
  ``rummy plugins`` shows); a name that matches no installed plugin is reported.
* A plugin that fails to import is reported in one line naming it and skipped;
  everything else still works.
* A misspelled hook implementation (a name no hook has, or an argument the hook
  does not pass) is caught at load: the plugin is reported and unregistered, so
  ``check_pending`` never finds anything left over. A function named like a
  hook but not marked ``@hookimpl`` (so never called) is one warning line.
* Two plugins registering one variant (or agent) name is a conflict recorded
  naming both: neither wins, the rest of both plugins' hooks goes on, and the
  name is unusable until one of them is disabled (see :meth:`Registry.add_variant`).
  The same for a command name two plugins add; a plugin command named like a
  built-in command is a conflict too, and the built-in is kept (see
  :meth:`Plugins.register_commands`).

Tests and embedders build their own manager with throwaway plugins::

    Plugins(extra=[("undo-x", UndoPlugin())], entry_points=False)
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from importlib import metadata
from typing import Any

import pluggy

from rummykit.core.base.errors import PluginError
from rummykit.core.plugins import hookspecs
from rummykit.core.plugins.registry import Registry, _conflict

#: ``watch(plugin_name)``: a context around each step one plugin's
#: implementation of a hook takes (see :attr:`SafeManager.watchers`).
Watcher = Callable[[str], AbstractContextManager[Any]]

GROUP = "rummykit"
DISABLE_ENV = "RUMMYKIT_DISABLE_PLUGINS"


def disabled_plugins() -> set[str]:
    raw = os.environ.get(DISABLE_ENV, "")
    return {p.strip() for p in raw.split(",") if p.strip()}


class SafeManager(pluggy.PluginManager):
    """A pluggy manager whose hook implementations cannot hurt each other.

    On registration each implementation's function is replaced by a guard that
    calls it and catches what it raises: the failure is one line given to
    :attr:`report` (naming the plugin and the hook) and the call goes on. A
    wrapper's guard is a wrapper itself, with pluggy's protocol kept: the
    other implementations' result (or, for an old-style ``hookwrapper``, the
    ``Result``) is sent into it and what it returns is the hook's result; one
    that raises, does not yield, or yields twice is reported and the result
    passes through unchanged. Pluggy orders the calls (``tryfirst``,
    ``trylast``, last registered first).

    :attr:`current` is the plugin whose implementation runs now (what a
    ``register`` callback uses to know who registers); :attr:`watchers` maps a
    hook's name to a :data:`Watcher` entered around each of its steps.
    """

    def __init__(self) -> None:
        super().__init__(hookspecs.PROJECT)
        self.add_hookspecs(hookspecs)
        self.current: str | None = None
        self.watchers: dict[str, Watcher] = {}
        self.failures: list[str] = []
        self.report: Callable[[str], None] = self._keep

    def _keep(self, line: str) -> None:
        if line not in self.failures:
            self.failures.append(line)

    def register(self, plugin: object, name: str | None = None) -> str | None:
        name = super().register(plugin, name)
        if name is not None and plugin is not None:
            for caller in self.get_hookcallers(plugin) or ():
                for impl in caller.get_hookimpls():
                    if impl.plugin is plugin and not getattr(impl.function, "_rummykit_guard", False):
                        impl.function = self._guard(impl, caller.name)  # type: ignore[misc]  # pluggy's Final
        return name

    @contextmanager
    def _step(self, plugin_name: str, hookname: str) -> Iterator[None]:
        previous, self.current = self.current, plugin_name
        watcher = self.watchers.get(hookname)
        try:
            with watcher(plugin_name) if watcher is not None else nullcontext():
                yield
        finally:
            self.current = previous

    def _failed(self, plugin_name: str, hookname: str, e: BaseException, what: str = "") -> None:
        if isinstance(e, PluginError) and str(e).startswith("plugin "):
            self.report(str(e))
        elif isinstance(e, (PluginError, _NoYield, _SecondYield, _Returned)):
            self.report(f"plugin {plugin_name} failed in {hookname}: {e}")
        else:
            self.report(f"plugin {plugin_name} failed in {hookname}{what}: {_one_line(e)}")

    def _guard(self, impl: pluggy.HookImpl, hookname: str) -> Callable[..., Any]:
        fn: Callable[..., Any] = impl.function
        name = impl.plugin_name
        step, failed = self._step, self._failed

        if impl.hookwrapper:

            def guard(*args: Any, **kwargs: Any) -> Generator[None, Any, None]:
                try:
                    with step(name, hookname):
                        gen = fn(*args, **kwargs)
                        next(gen)
                except Exception as e:
                    failed(name, hookname, e if not isinstance(e, StopIteration) else _NoYield())
                    yield
                    return
                outcome = yield
                try:
                    with step(name, hookname):
                        gen.send(outcome)
                except StopIteration:
                    return
                except Exception as e:
                    failed(name, hookname, e, " (after its yield)")
                    return
                gen.close()
                failed(name, hookname, _SecondYield())

        elif impl.wrapper:

            def guard(*args: Any, **kwargs: Any) -> Generator[None, Any, Any]:  # type: ignore[misc]
                try:
                    with step(name, hookname):
                        gen = fn(*args, **kwargs)
                        next(gen)
                except Exception as e:
                    failed(name, hookname, e if not isinstance(e, StopIteration) else _NoYield())
                    return (yield)
                try:
                    result = yield
                except BaseException as exc:  # the call failed below: the wrapper sees it, as in pluggy
                    with step(name, hookname):
                        try:
                            gen.throw(exc)
                        except StopIteration as stop:
                            return stop.value
                    gen.close()
                    raise
                try:
                    with step(name, hookname):
                        gen.send(result)
                except StopIteration as stop:
                    return stop.value
                except Exception as e:
                    failed(name, hookname, e, " (after its yield)")
                    return result
                gen.close()
                failed(name, hookname, _SecondYield())
                return result

        else:

            def guard(*args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]
                try:
                    with step(name, hookname):
                        result = fn(*args, **kwargs)
                except Exception as e:
                    failed(name, hookname, e)
                    return None
                if result is not None and hookname.startswith("register_"):
                    # a spec returned instead of registered would vanish without a word
                    failed(name, hookname, _Returned(result, hookname))
                    return None
                return result

        guard._rummykit_guard = True  # type: ignore[attr-defined]
        guard.__wrapped__ = fn  # type: ignore[attr-defined]
        return guard


class _Returned(Exception):
    def __init__(self, value: object, hookname: str) -> None:
        self.value, self.hookname = value, hookname

    def __str__(self) -> str:
        how = "call register(spec) for each" if self.hookname != "register_commands" else "add to cli"
        return f"it returned a {type(self.value).__name__}, which is ignored: {how}, and return nothing"


class _NoYield(Exception):
    def __str__(self) -> str:
        return "the hook wrapper did not yield"


class _SecondYield(Exception):
    def __str__(self) -> str:
        return "the hook wrapper yielded twice"


def new_manager() -> SafeManager:
    return SafeManager()


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
    offending plugin is reported and unregistered, the others stay. A function
    named like a hook but not marked ``@hookimpl`` is a warning line (pluggy
    would never call it)."""
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
            if opts is None:
                if attr in known and callable(getattr(plugin, attr, None)):
                    line = (
                        f"plugin {name}: {attr} is not marked @hookimpl, so it is never called "
                        "(decorate it with @rummykit.hookimpl)"
                    )
                    if line not in problems:
                        problems.append(line)
                continue
            if opts.get("optionalhook"):
                continue
            hook = opts.get("specname") or attr
            caller = getattr(pm.hook, hook, None)
            if caller is None or caller.spec is None:
                close = difflib.get_close_matches(hook, known, n=1)
                hint = f"; did you mean {close[0]}?" if close else f" (hooks: {', '.join(known)})"
                problems.append(f"plugin {name} implements unknown hook {hook!r}{hint}")
                pm.unregister(plugin)
                break
    pm.check_pending()


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

    def add(adder: Callable[[Any, str], bool], spec: Any) -> None:
        plugin = pm.current if isinstance(pm, SafeManager) else None
        try:
            adder(spec, plugin or "?")
        except PluginError as e:  # not a spec: one line, and the hook goes on
            reg._problem(str(e))

    with _reporting_to(pm, reg):
        pm.hook.register_variants(register=lambda spec: add(reg.add_variant, spec))
        pm.hook.register_agents(register=lambda spec: add(reg.add_agent, spec))
    reg.report()


@contextmanager
def _reporting_to(pm: pluggy.PluginManager, reg: Registry) -> Iterator[None]:
    """Failures in hooks called meanwhile go to ``reg.problems``."""
    if not isinstance(pm, SafeManager):
        yield
        return
    previous, pm.report = pm.report, reg._problem
    try:
        yield
    finally:
        pm.report = previous


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
        self.pm.report = self.registry._problem  # a hook that fails: one line in the problems
        self._commands_done = False
        #: Command names in conflict -> who claimed them ("built-in" first if one is).
        self.command_conflicts: dict[str, list[str]] = {}

    @property
    def hook(self) -> _SafeHooks:
        """Call a hook safely: ``plugins.hook.register_commands(cli=group)``."""
        return _SafeHooks(self)

    def call(self, hookname: str, **kwargs: Any) -> list[Any]:
        """Call ``hookname`` through pluggy with ``kwargs``; a plugin that raises
        is reported in one line naming it and the others still run. Returns
        the results that are not ``None``."""
        if hookname == "register_commands":
            return self.register_commands(kwargs["cli"])
        return self.call_hook(hookname, **kwargs)

    def call_hook(self, hookname: str, **kwargs: Any) -> list[Any]:
        result = getattr(self.pm.hook, hookname)(**kwargs)
        return list(result) if isinstance(result, list) else [result]

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

        @contextmanager
        def watch(plugin_name: str) -> Iterator[None]:
            before = dict(getattr(cli, "commands", {}))
            try:
                yield
            finally:
                after = getattr(cli, "commands", {})
                added = {n for n, c in after.items() if before.get(n) is not c}
                self.registry.record_commands(plugin_name, added)
                for name in sorted(added):
                    claims.setdefault(name, []).append(plugin_name)

        self._commands_done = True
        self.pm.watchers["register_commands"] = watch
        try:
            results = self.call_hook("register_commands", cli=cli)
        finally:
            del self.pm.watchers["register_commands"]
        for name, who in claims.items():
            if name in builtin:
                if name in host:
                    commands[name] = host[name]
                else:
                    commands.pop(name, None)
                self.command_conflicts[name] = ["built-in", *sorted(who)]
                plugin = "plugin " + who[0] if len(who) == 1 else "plugins " + " and ".join(sorted(who))
                line = (
                    f"command {name!r} of {plugin} has the name of a built-in command; "
                    f"the built-in {name!r} is kept (rename the plugin's command)"
                )
            elif len(who) > 1:
                commands.pop(name, None)
                self.command_conflicts[name] = sorted(who)
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


def reset_plugins(to: Plugins | None = None) -> Plugins | None:
    """Forget the loaded plugins, or put ``to`` in their place (tests that change
    the environment use this); the plugins that were loaded, or None."""
    global _default
    before, _default = _default, to
    return before
