"""The plugin manager: loads every plugin of the entry-point group ``rummykit``
(the built-in variants are declared there too, so they load exactly like a
third-party plugin), and builds the :class:`Registry` from their hooks.

* A plugin is loaded and registered on its own: one that fails to import, or
  whose hook implementation pluggy refuses, is one line naming it and skipped.
* An implementation whose name matches no hook (a misspelling) is one line with
  the closest hook's name, and its plugin is unregistered; a function named
  like a hook but not marked ``@hookimpl`` (so never called) is a warning line;
  then ``pm.check_pending()``.
* ``RUMMYKIT_DISABLE_PLUGINS=a,b`` blocks plugins by entry-point name (the name
  ``rummy plugins`` shows); a name that matches no installed plugin is reported.
* Hooks are called with :meth:`Plugins.call`, in pluggy's order: ``tryfirst``,
  ``trylast``, wrappers and old-style hook wrappers mean what pluggy documents.
  An implementation that raises is one problem line naming its plugin
  (``Registry.problems``) and the others still run.
* A name two plugins register (a variant, an agent, a command) is a conflict
  naming both: neither wins, and the rest of both plugins' hooks goes on.

Tests and embedders build their own manager with throwaway plugins::

    Plugins(extra=[("undo-x", UndoPlugin())], entry_points=False)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from importlib import metadata
from typing import Any

import pluggy

from rummykit.core.base.errors import PluginError
from rummykit.core.base.values import did_you_mean
from rummykit.core.plugins import hookspecs
from rummykit.core.plugins.registry import Registry, conflict_line

GROUP = "rummykit"
DISABLE_ENV = "RUMMYKIT_DISABLE_PLUGINS"

#: ``watch(plugin_name)``: a context entered around each step of a plugin's
#: implementation (what :meth:`Plugins.register_commands` uses to see who adds what).
Watch = Callable[[str], AbstractContextManager[Any]]


def disabled_plugins() -> set[str]:
    """The plugin names ``RUMMYKIT_DISABLE_PLUGINS`` blocks."""
    return {p.strip() for p in os.environ.get(DISABLE_ENV, "").split(",") if p.strip()}


def hook_names() -> list[str]:
    """The names of every hook a plugin may implement."""
    marker = hookspecs.PROJECT + "_spec"
    return sorted(
        n for n in dir(hookspecs) if not n.startswith("_") and hasattr(getattr(hookspecs, n), marker)
    )


def _one_line(exc: BaseException) -> str:
    text = " ".join(line.strip() for line in str(exc).splitlines() if line.strip())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _module_of(plugin: Any) -> str:
    name = getattr(plugin, "__name__", None)
    if isinstance(name, str) and hasattr(plugin, "__file__"):
        return name  # a module
    return type(plugin).__module__ + "." + type(plugin).__qualname__


class Plugins:
    """A pluggy manager (:attr:`pm`) with its plugins loaded, and the registry
    of what they registered (:attr:`registry`, with the problem lines).

    ``extra`` registers plugins (``(name, module_or_object)``) before the entry
    points; ``entry_points=False`` loads only those (what tests use).
    ``lazy=True`` (what :func:`get_plugins` uses) runs the variant and agent
    registration hooks on the registry's first use: ``rummy --help`` needs only
    the plugins' commands, and must not import every variant's engine.
    """

    def __init__(
        self, extra: Iterable[tuple[str, Any]] = (), entry_points: bool = True, lazy: bool = False
    ) -> None:
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.registry = Registry()
        #: entry-point plugins (and extras not loaded): version, distribution, module, status
        self.info: dict[str, dict[str, Any]] = {}
        #: the plugin whose implementation runs now (who a ``register`` call is from)
        self.current: str | None = None
        #: command names in conflict -> who claimed them ("built-in" first if one is)
        self.command_conflicts: dict[str, list[str]] = {}
        blocked = disabled_plugins()
        for name, plugin in extra:
            if name in blocked:
                self.pm.set_blocked(name)
                self.info[name] = {"module": _module_of(plugin), "status": f"disabled by {DISABLE_ENV}"}
            elif not self._register(name, plugin):
                self.info[name] = {"module": _module_of(plugin), "status": "failed to register"}
        if entry_points:
            self._load_entry_points(blocked)
        known = set(self.info) | {n for n, p in self.pm.list_name_plugin() if p is not None}
        for name in sorted(blocked - known):
            self.registry.problem(f"{DISABLE_ENV} names {name!r}, which is not an installed plugin")
        self._check()
        if lazy:
            self.registry.defer(self._fill)
        else:
            self._fill(self.registry)

    # -- loading ----------------------------------------------------------------

    def _register(self, name: str, plugin: Any) -> bool:
        try:
            self.pm.register(plugin, name=name)
        except pluggy.PluginValidationError as e:
            self.registry.problem(f"plugin {name} has a bad hook implementation: {_one_line(e)}")
            return False
        except Exception as e:
            self.registry.problem(f"plugin {name} could not be registered: {_one_line(e)}")
            return False
        return True

    def _load_entry_points(self, blocked: set[str]) -> None:
        """Import and register each entry point of the group, one by one, so that
        one broken plugin cannot stop the others."""
        for name in blocked:
            self.pm.set_blocked(name)
        eps = list(metadata.entry_points(group=GROUP))
        declared: dict[str, dict[str, str]] = {}  # plugin name -> {normalised: distribution}
        for ep in eps:  # (one distribution found twice on sys.path is not a conflict)
            dist = getattr(ep, "dist", None)
            who = (dist.metadata["Name"] or "?") if dist is not None else ep.value
            declared.setdefault(ep.name, {}).setdefault(who.lower().replace("_", "-").replace(".", "-"), who)
        seen: set[str] = set()
        for ep in eps:
            if ep.name in seen or self.pm.has_plugin(ep.name):
                continue  # the same distribution found twice on sys.path, or an extra
            seen.add(ep.name)
            dist = getattr(ep, "dist", None)
            entry = {
                "version": dist.version if dist is not None else "",
                "distribution": (dist.metadata["Name"] or "") if dist is not None else "",
                "module": ep.value,
                "status": "loaded",
            }
            self.info[ep.name] = entry
            who = list(declared[ep.name].values())
            if len(who) > 1 and ep.name not in blocked:
                # Which would load first is an accident of sys.path: neither does.
                self.registry.problem(
                    f"plugin name {ep.name!r} is declared by {len(who)} distributions: "
                    f"{' and '.join(who)}; neither is loaded (uninstall all but one)"
                )
                entry.update(distribution=" + ".join(who), status="name conflict")
            elif ep.name in blocked:
                entry["status"] = f"disabled by {DISABLE_ENV}"
            else:
                try:
                    plugin = ep.load()
                except (Exception, SystemExit) as e:  # a broken plugin must not stop the others
                    self.registry.problem(f"plugin {ep.name} failed to load: {_one_line(e)}")
                    entry["status"] = "failed to load"
                    continue
                if not self._register(ep.name, plugin):
                    entry["status"] = "failed to register"

    def _check(self) -> None:
        """Report (and unregister) a plugin implementing a hook that does not
        exist; warn of a hook-named function not marked ``@hookimpl``."""
        known = hook_names()
        for name, plugin in list(self.pm.list_name_plugin()):
            if plugin is None:  # a blocked name
                continue
            for attr in dir(plugin):
                if attr.startswith("_"):
                    continue
                try:
                    opts = self.pm.parse_hookimpl_opts(plugin, attr)
                except Exception:  # an attribute that cannot even be looked at
                    continue
                if opts is None:
                    if attr in known and callable(getattr(plugin, attr, None)):
                        self.registry.problem(
                            f"plugin {name}: {attr} is not marked @hookimpl, so it is never called "
                            "(decorate it with @rummykit.hookimpl)"
                        )
                    continue
                hook = opts.get("specname") or attr
                if not opts.get("optionalhook") and hook not in known:
                    hint = did_you_mean(hook, known) or f" (hooks: {', '.join(known)})"
                    self.registry.problem(f"plugin {name} implements unknown hook {hook!r}{hint}")
                    self.pm.unregister(plugin)
                    break
        self.pm.check_pending()

    def _fill(self, reg: Registry) -> None:
        """Say what each plugin is, then run the registration hooks into ``reg``."""
        for name, details in self.info.items():
            reg.plugin_entry(name).update(details)
        for name, plugin in self.pm.list_name_plugin():
            if plugin is not None:
                entry = reg.plugin_entry(name)
                entry.setdefault("module", _module_of(plugin))
                entry.setdefault("status", "loaded")
                entry["version"] = entry["version"] or getattr(plugin, "__version__", "") or ""

        def register(adder: Callable[[Any, str], bool]) -> Callable[[Any], None]:
            def one(spec: Any) -> None:
                try:
                    adder(spec, self.current or "?")
                except PluginError as e:  # not a spec: one line, and the hook goes on
                    reg.problem(str(e))

            return one

        self.call("register_variants", register=register(reg.add_variant))
        self.call("register_agents", register=register(reg.add_agent))
        reg.report()

    # -- calling hooks ----------------------------------------------------------------

    def call(self, hookname: str, **kwargs: Any) -> list[Any]:
        """Call the hook ``hookname`` with ``kwargs``: every plugin's
        implementation, in the order pluggy calls them (``tryfirst``, then the
        last registered first, then ``trylast``; wrappers around them, and
        their result is the hook's). One that raises is one problem line naming
        its plugin, and the call goes on as if it had returned ``None`` (a
        wrapper that raises, does not yield or yields twice leaves the result as
        it was). Returns the results that are not ``None``, as pluggy does.
        ``register_commands`` is :meth:`register_commands` with no built-ins."""
        if hookname == "register_commands":
            self.register_commands(kwargs["cli"])
            return []
        result = self._call(hookname, kwargs, None)
        return list(result) if isinstance(result, list) else [result]

    def _call(self, hookname: str, kwargs: dict[str, Any], watch: Watch | None) -> Any:
        caller = getattr(self.pm.hook, hookname, None)
        if caller is None or caller.spec is None:
            raise AttributeError(f"no hook named {hookname!r} (hooks: {', '.join(hook_names())})")
        # get_hookimpls() is pluggy's stored order: the reverse of its call order.
        results: list[Any] = []
        teardowns: list[tuple[pluggy.HookImpl, Generator[Any, Any, Any]]] = []
        for impl in reversed(caller.get_hookimpls()):
            try:
                args = [kwargs[name] for name in impl.argnames]
            except KeyError as e:
                raise pluggy.HookCallError(f"hook call must provide argument {e.args[0]!r}") from e
            more = {name: kwargs[name] for name in impl.kwargnames if name in kwargs}
            wrapper = impl.wrapper or impl.hookwrapper
            with self._turn(impl.plugin_name, watch):
                try:
                    out = impl.function(*args, **more)
                    if wrapper:
                        next(out)
                except StopIteration:
                    self._failed(impl, hookname, "the hook wrapper did not yield")
                    continue
                except Exception as e:
                    self._failed(impl, hookname, e)
                    continue
            if wrapper:
                teardowns.append((impl, out))
            elif out is not None and hookname.startswith("register_"):
                # a spec returned instead of registered would vanish without a word
                how = "add to cli" if hookname == "register_commands" else "call register(spec) for each"
                self._failed(
                    impl,
                    hookname,
                    f"it returned a {type(out).__name__}, which is ignored: {how}, and return nothing",
                )
            elif out is not None:
                results.append(out)
        result: Any = results
        for impl, gen in reversed(teardowns):
            sent = pluggy.Result(result, None) if impl.hookwrapper else result
            with self._turn(impl.plugin_name, watch):
                try:
                    gen.send(sent)
                except StopIteration as stop:
                    result = sent.get_result() if isinstance(sent, pluggy.Result) else stop.value
                    continue
                except Exception as e:
                    self._failed(impl, hookname, e, " (after its yield)")
                    continue
            gen.close()
            self._failed(impl, hookname, "the hook wrapper yielded twice")
        return result

    @contextmanager
    def _turn(self, plugin: str, watch: Watch | None) -> Iterator[None]:
        previous, self.current = self.current, plugin
        try:
            with watch(plugin) if watch is not None else nullcontext():
                yield
        finally:
            self.current = previous

    def _failed(self, impl: pluggy.HookImpl, hookname: str, e: BaseException | str, what: str = "") -> None:
        if isinstance(e, PluginError) and str(e).startswith("plugin "):
            line = str(e)  # it names the plugin already
        elif isinstance(e, (PluginError, str)):
            line = f"plugin {impl.plugin_name} failed in {hookname}: {e}"
        else:
            line = f"plugin {impl.plugin_name} failed in {hookname}{what}: {_one_line(e)}"
        self.registry.problem(line)

    def register_commands(self, cli: Any, builtin: Iterable[str] = ()) -> None:
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
        def watch(plugin: str) -> Iterator[None]:
            before = dict(getattr(cli, "commands", {}))
            try:
                yield
            finally:
                added = {n for n, c in getattr(cli, "commands", {}).items() if before.get(n) is not c}
                self.registry.record_commands(plugin, added)
                for name in sorted(added):
                    claims.setdefault(name, []).append(plugin)

        self._call("register_commands", {"cli": cli}, watch)
        for name, who in claims.items():
            if name in builtin:
                if name in host:
                    commands[name] = host[name]
                else:
                    commands.pop(name, None)
                self.command_conflicts[name] = ["built-in", *sorted(who)]
                plugin = "plugin " + who[0] if len(who) == 1 else "plugins " + " and ".join(sorted(who))
                self.registry.problem(
                    f"command {name!r} of {plugin} has the name of a built-in command; "
                    f"the built-in {name!r} is kept (rename the plugin's command)"
                )
            elif len(who) > 1:
                commands.pop(name, None)
                self.command_conflicts[name] = sorted(who)
                self.registry.problem(conflict_line("command", name, who))


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
