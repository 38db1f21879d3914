"""``rummy simulate --backend ray``: the chunks of a run as Ray tasks.

Ray (the optional extra ``rummykit[ray]``) plays on an existing cluster (an
address, or ``RAY_ADDRESS``) or on a local Ray started for the run with as many
CPUs as ``--workers`` says. Before playing, one small task on every node with
CPUs (pinned to it) loads the node's plugins and says which plugin, at which
version, gives the run's variant and each of its agents, and which rummykit it
runs; a node that differs from this machine ends the run with one line naming
the node and the plugin. Connecting (or starting Ray) and that check are the
run's start-up, timed apart from the playing.

Each chunk of consecutive units is one task (``max_retries``: a chunk whose
worker or node is lost is played again from its start, on a fresh worker). At
most a few chunks per CPU are in flight, counted from the oldest chunk not yet
merged, so the driver holds a bounded number of results however long the run;
results are kept by chunk index and merged in unit order, once each, so the
figures are those of the local backend. A bot's failure comes back as the
:class:`~rummykit.core.base.errors.AgentError` of the local backend, taken in unit
order too (the first failing unit's line, whichever chunk ends first). Ctrl-C
or a failure ends the outstanding tasks: with the job when the run joined Ray
itself (the driver leaves it), else by cancelling each.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import re
import secrets
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterator
from importlib import metadata
from typing import Any

from rummykit.core.base.errors import AgentError, RummyError
from rummykit.core.base.values import shortened, shown_value
from rummykit.core.play.units import Merger, Player, SimConfig, Tally, chunks, default_chunk_size
from rummykit.core.plugins.manager import get_plugins

#: How to get Ray, in the one line ``--backend ray`` says without it.
INSTALL = "pip install 'rummykit[ray]'"
#: Times Ray plays a chunk again after its worker or node was lost.
MAX_RETRIES = 3
#: Chunks in flight per CPU of the cluster, and in all.
IN_FLIGHT_PER_CPU = 4
MAX_IN_FLIGHT = 4096
#: Seconds to wait for a cluster's address to answer at all.
CONNECT_TIMEOUT = 10.0
#: Seconds a cluster that took the connection has to let the driver join
#: (Ray itself waits for minutes on an address that never answers).
JOIN_TIMEOUT = 20.0
#: Seconds every node has to answer the plugin check.
CHECK_TIMEOUT = 120.0
#: The object store of a local Ray started for a run (chunk results are tiny).
LOCAL_OBJECT_STORE = 200 * 2**20
#: The longest address accepted (``--address`` or ``RAY_ADDRESS``).
MAX_ADDRESS = 300
#: Seconds cancelled tasks are given to end before the driver leaves.
CANCEL_WAIT = 3.0
#: Seconds ray.wait blocks before the driver looks at Ctrl-C again.
_WAIT = 0.5


def import_ray() -> Any:
    """The ``ray`` module, or one line saying how to install it."""
    try:
        import ray
    except ImportError:
        raise RummyError(f"--backend ray needs Ray, which is not installed: {INSTALL}") from None
    return ray


def check_address(address: str, what: str = "--address") -> str:
    """``address`` if it can be a Ray address: ``HOST:PORT`` (a cluster's head),
    ``ray://HOST:PORT`` (Ray Client) or ``auto`` (the cluster started on this
    machine); bounded, printable, one word."""
    a = address.strip()
    host, _, port = a.rpartition(":")
    plain = bool(host) and port.isdigit() and 0 < int(port) < 65536
    if (
        not a
        or len(a) > MAX_ADDRESS
        or not a.isprintable()
        or any(c.isspace() for c in a)
        or not (plain or a == "auto" or a.startswith("ray://"))
    ):
        shown = a if len(a) <= 60 and a.isprintable() else shown_value(a, 60)
        raise RummyError(
            f"{what} takes a Ray cluster's HOST:PORT such as 10.0.0.5:6379, ray://HOST:PORT "
            f"or auto (at most {MAX_ADDRESS} characters), not {shown or 'nothing'}"
        )
    return a


def _reachable(address: str) -> None:
    """One line at once if nothing listens at ``HOST:PORT`` (Ray itself would
    retry for minutes)."""
    host, _, port = address.rpartition(":")
    if address == "auto" or "://" in address:
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT).close()
    except OSError as e:
        raise RummyError(
            f"could not connect to the Ray cluster at {address}: {e.strerror or type(e).__name__}"
        ) from None


def _reason(e: BaseException) -> str:
    """The first sentence of the innermost reason in ``e``: Ray wraps its
    reasons in causes, and in the text of tracebacks kept as messages."""
    while e.__cause__ is not None:
        e = e.__cause__
    lines = [line.strip() for line in str(e).splitlines() if line.strip()]
    found = [m.group(1) for line in lines if (m := re.match(r"[\w.]+(?:Error|Exception): (.+)", line))]
    text = found[-1] if found else lines[0] if lines else type(e).__name__
    text = text.split(". ")[0].rstrip(".")
    return shortened(text, 200)


class _quiet_stderr:
    """``with _quiet_stderr():`` what Ray's compiled core writes to file
    descriptor 2 inside (its retries, its warnings) goes nowhere: a failure
    is one line."""

    def __enter__(self) -> _quiet_stderr:
        self.saved: int | None = None
        try:
            sys.stderr.flush()
            self.saved = os.dup(2)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 2)
            os.close(null)
        except (OSError, ValueError, AttributeError):
            self.saved = None
        return self

    def __exit__(self, *exc: object) -> None:
        if self.saved is not None:
            os.dup2(self.saved, 2)
            os.close(self.saved)


@contextlib.contextmanager
def _joining(address: str, stderr: _quiet_stderr) -> Iterator[None]:
    """While the driver joins the cluster at ``address``: Ctrl-C ends the
    process at once (Ray's connect is compiled code that Python's handler would
    wait out: nothing is played yet), and past :data:`JOIN_TIMEOUT` seconds one
    line ends it (status 2), on the standard error ``stderr`` set aside."""
    done = threading.Event()

    def give_up() -> None:
        if done.wait(JOIN_TIMEOUT):
            return
        line = f"rummy: could not connect to the Ray cluster at {address}: no answer in {JOIN_TIMEOUT:.0f} s"
        with contextlib.suppress(OSError):
            os.write(stderr.saved if stderr.saved is not None else 2, line.encode() + b"\n")
        os._exit(2)

    main = threading.current_thread() is threading.main_thread()
    before = signal.signal(signal.SIGINT, signal.SIG_DFL) if main else None
    watch = threading.Thread(target=give_up, name="rummykit-ray-join", daemon=True)
    watch.start()
    try:
        yield
    finally:
        done.set()
        if main:
            signal.signal(signal.SIGINT, before if before is not None else signal.default_int_handler)


# -- on the nodes ------------------------------------------------------------------

_PLAYER: tuple[SimConfig, Player] | None = None  # a worker's player of the current run


def _play_chunk(config: SimConfig, run: str, start: int, stop: int) -> Tally | RummyError:
    """A Ray task: units ``start`` to ``stop`` of ``config``, with the plugins of
    the worker's node. A bot's failure is returned (not raised), so that it
    comes back as the very error the local backend raises; a bot that would not
    stop leaves its line for the driver (:func:`last_words`) as its worker ends."""
    global _PLAYER
    try:
        if _PLAYER is None or _PLAYER[0] != config:
            player = Player(get_plugins().registry, config)
            player.clock.abandon = functools.partial(_abandon, run)
            _PLAYER = (config, player)
        return _PLAYER[1].play(start, stop)
    except RummyError as e:
        return e


def _words_key(run: str) -> bytes:
    return f"rummykit-simulate-last-words-{run}".encode()


def _abandon(run: str, line: str) -> None:
    """A bot in this worker would not stop: leave its line for the driver, and end."""
    try:
        from ray.experimental import internal_kv

        internal_kv._internal_kv_put(_words_key(run), line.encode("utf-8", "replace")[:4000])
    finally:
        os._exit(1)


def last_words(run: str) -> str:
    """The line a worker of run ``run`` left as it ended (``""``: none)."""
    try:
        from ray.experimental import internal_kv

        data = internal_kv._internal_kv_get(_words_key(run))
    except Exception:  # Ray's private store moved: the generic line is said instead
        return ""
    return data.decode("utf-8", "replace") if data else ""


def plugin_report(variant: str, seats: tuple[str, ...]) -> dict[str, Any]:
    """What this process's plugins give for a run: the rummykit version, and the
    plugin and its version behind the variant and each agent (``None``: none
    here). The driver compares a node's report with its own."""
    reg = get_plugins().registry

    def origin(find: Callable[[], Any]) -> tuple[str, str] | None:
        try:
            spec = find()
        except RummyError:
            return None
        return (spec.plugin, str(reg.plugins.get(spec.plugin, {}).get("version", "")))

    try:
        version = metadata.version("rummykit")
    except metadata.PackageNotFoundError:
        version = ""
    return {
        "rummykit": version,
        "variant": origin(lambda: reg.variant(variant)),
        "agents": [origin(functools.partial(reg.agent, variant, s)) for s in seats],
    }


def differences(
    here: dict[str, Any], there: dict[str, Any], seats: tuple[str, ...], variant: str
) -> list[str]:
    """What a node's :func:`plugin_report` lacks or has otherwise than ``here``."""
    out: list[str] = []
    if there["rummykit"] != here["rummykit"]:
        out.append(f"has rummykit {there['rummykit'] or '(unknown version)'}, not {here['rummykit']}")
    items = [(f"variant {variant}", here["variant"], there["variant"])]
    items += [(f"agent {s}", h, t) for s, h, t in zip(seats, here["agents"], there["agents"], strict=True)]
    for what, mine, theirs in items:
        if mine is None:
            continue
        plugin, version = mine
        if theirs is None:
            line = f"lacks plugin {plugin}{' ' + version if version else ''} (for {what})"
        elif theirs[0] != plugin:
            line = f"has {what} from plugin {theirs[0]}, not {plugin}"
        elif theirs[1] != version:
            line = f"has plugin {plugin} {theirs[1] or '(unknown version)'}, not {version}"
        else:
            continue
        if line not in out:
            out.append(line)
    return out


def _mute_error_messages(ray: Any) -> None:
    """Ray's driver prints the cluster's error messages (such as a worker that
    died, whose chunk is then played again) to standard output, where the JSON
    goes: they go nowhere. What ends a run is said in its one line. (Ray's
    private printer; if a Ray release renames it, the messages are printed.)"""
    worker = getattr(getattr(ray, "_private", None), "worker", None)
    if worker is not None and hasattr(worker, "print_to_stdstream"):
        worker.print_to_stdstream = _drop


def _drop(data: Any, ignore_prefix: bool = False) -> None:
    pass


# -- the driver --------------------------------------------------------------------


class RayBackend:
    """Chunks as Ray tasks (see the module). ``cpus``: the CPUs of a local Ray
    started for the run (default 1); ``address``: a cluster's (default
    ``RAY_ADDRESS``; neither: a local Ray). A Ray this process already joined
    is used as it is, and left running."""

    name = "ray"

    def __init__(self, cpus: int | None = None, address: str | None = None) -> None:
        self.ray = import_ray()
        env = os.environ.get("RAY_ADDRESS", "").strip()
        source = "--address"
        if address is not None:
            address = check_address(address)
        elif env:
            address, source = check_address(env, "RAY_ADDRESS"), "RAY_ADDRESS"
        if address is not None and cpus is not None:
            raise RummyError(
                f"--workers sets the CPUs of a local Ray; the cluster at {address} "
                f"({source}) plays on all of its CPUs"
            )
        self.address = address
        self.cpus = cpus or 1
        self.workers = self.cpus
        self.where = ""
        self._joined = False  # connected by us: ray.shutdown() at the end
        self._task: Any = None
        self._run = ""  # this run's name on the cluster (a random one)

    # -- start-up ------------------------------------------------------------------

    def start(self, registry: Any, config: SimConfig) -> None:
        ray = self.ray
        if not ray.is_initialized():
            self._init()
        cpus = int(ray.cluster_resources().get("CPU", 0))
        nodes = [n for n in ray.nodes() if n.get("Alive") and n.get("Resources", {}).get("CPU", 0) > 0]
        if cpus < 1 or not nodes:
            raise RummyError(f"the Ray cluster{self._at()} has no CPUs to play on")
        self.workers = cpus
        n = len(nodes)
        self.where = f"{cpus} CPU{'s' if cpus != 1 else ''} on " + (
            "a local Ray" if self.address is None else f"{n} Ray node{'s' if n != 1 else ''}"
        )
        self._check_nodes(nodes, config)
        self._task = ray.remote(max_retries=MAX_RETRIES, num_cpus=1)(_play_chunk)

    def _at(self) -> str:
        return f" at {self.address}" if self.address else ""

    def _init(self) -> None:
        ray = self.ray
        quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
        _mute_error_messages(ray)
        # Ray's compiled core logs to standard error; at level "error" it wrote a
        # line of its own ("Failed to push error to driver ...") beside the run's
        # one line when a bot failed as the run was ending. Only a fatal error
        # now, unless the user chose a level (read when Ray starts, inherited by
        # the processes of a local Ray).
        os.environ.setdefault("RAY_BACKEND_LOG_LEVEL", "fatal")
        if self.address is not None:
            _reachable(self.address)
        try:
            with _quiet_stderr() as stderr:
                if self.address is None:
                    ray.init(
                        address="local",
                        num_cpus=self.cpus,
                        include_dashboard=False,
                        object_store_memory=LOCAL_OBJECT_STORE,
                        **quiet,
                    )
                else:
                    with _joining(self.address, stderr):
                        ray.init(address=self.address, **quiet)
        except Exception as e:
            if ray.is_initialized():
                ray.shutdown()
            what = (
                "start a local Ray"
                if self.address is None
                else f"connect to the Ray cluster at {self.address}"
            )
            raise RummyError(f"could not {what}: {_reason(e)}") from None
        self._joined = True

    def _check_nodes(self, nodes: list[dict[str, Any]], config: SimConfig) -> None:
        """One line naming every node that lacks a plugin of the run, or has
        another version of it (or of rummykit), or does not answer."""
        ray = self.ray
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        here = plugin_report(config.variant, config.seats)
        report = ray.remote(num_cpus=0, max_retries=MAX_RETRIES)(plugin_report)
        ips = [n.get("NodeManagerAddress", "?") for n in nodes]
        names = {}
        for node, ip in zip(nodes, ips, strict=True):
            names[node["NodeID"]] = ip if ips.count(ip) == 1 else f"{ip} (node {node['NodeID'][:8]})"
        refs = {
            report.options(
                scheduling_strategy=NodeAffinitySchedulingStrategy(node["NodeID"], soft=False)
            ).remote(config.variant, config.seats): node["NodeID"]
            for node in nodes
        }
        ready, late = ray.wait(list(refs), num_returns=len(refs), timeout=CHECK_TIMEOUT)
        problems = []
        for ref in ready:
            name = names[refs[ref]]
            try:
                there = ray.get(ref)
            except ray.exceptions.RayError as e:
                problems.append(f"Ray node {name} cannot run rummykit ({_reason(e)})")
                continue
            found = differences(here, there, config.seats, config.variant)
            if found:
                problems.append(f"Ray node {name} " + ", ".join(found))
        self._cancel(late)
        for ref in late:
            problems.append(f"Ray node {names[refs[ref]]} did not answer within {CHECK_TIMEOUT:g} s")
        if problems:
            raise RummyError(
                "; ".join(sorted(problems))
                + ": every node needs rummykit and the run's plugins, the same versions as here"
            )

    # -- playing -------------------------------------------------------------------

    def play(
        self, player: Player, total: Tally, progress: Callable[[int, Tally], None] | None, chunk: int | None
    ) -> None:
        ray = self.ray
        config = player.config
        size = chunk or default_chunk_size(config, self.workers)
        merge = Merger(total, progress)
        window = min(MAX_IN_FLIGHT, IN_FLIGHT_PER_CPU * self.workers)
        shared = ray.put(config)
        self._run = run = secrets.token_hex(8)
        numbered = enumerate(chunks(config.units, size))
        running: dict[Any, tuple[int, int, int]] = {}  # task -> (chunk index, start, stop)
        results: dict[int, Tally | RummyError] = {}  # finished, not merged yet
        merged = submitted = 0
        finished = False
        try:
            while True:
                while submitted - merged < window:
                    nxt = next(numbered, None)
                    if nxt is None:
                        break
                    i, (start, stop) = nxt
                    running[self._task.remote(shared, run, start, stop)] = (i, start, stop)
                    submitted += 1
                if not running:
                    break
                ready, _ = ray.wait(list(running), num_returns=1, timeout=_WAIT)
                if not ready and (line := last_words(run)):
                    raise AgentError(line)
                for ref in ready:
                    i, start, stop = running.pop(ref)
                    if i >= merged:  # a chunk counts once, however often it was played
                        results[i] = self._result(ref, config, start, stop)
                while merged in results:  # in unit order: a bot's failure too, as locally
                    done = results.pop(merged)
                    if isinstance(done, RummyError):
                        raise done
                    merge(done)
                    merged += 1
            finished = True
        finally:
            if not finished and not self._joined:
                self._cancel(list(running))
            # A Ray this run joined ends its job in close(), and the job's
            # tasks with it: cancelling them one by one first can abort the
            # driver (Ray 2.60 checks a task's reply racing its cancel).

    def _cancel(self, refs: list[Any]) -> None:
        """Cancel the tasks ``refs`` and give them a moment to go. Gently: a
        running chunk is interrupted in its bot's code, as Ctrl-C would be;
        whatever is still running when the driver leaves ends with its job."""
        ray = self.ray
        for ref in refs:
            with contextlib.suppress(Exception):  # already finished or gone
                ray.cancel(ref, force=False)
        with contextlib.suppress(Exception):
            ray.wait(refs, num_returns=len(refs), timeout=CANCEL_WAIT)

    def _result(self, ref: Any, config: SimConfig, start: int, stop: int) -> Tally | RummyError:
        """A finished task's tally, or the bot's failure it returned; a task
        lost more often than Ray retries it is an :class:`AgentError` now."""
        ray = self.ray
        try:
            value = ray.get(ref)
        except ray.exceptions.RayTaskError:
            raise
        except ray.exceptions.RayError as e:
            line = last_words(self._run)
            if line:
                raise AgentError(line) from None
            unit = "matches" if config.mode == "matches" else "rounds"
            raise AgentError(
                f"the Ray task playing {unit} {start + 1}-{stop} of --seed {config.seed} was lost "
                f"{MAX_RETRIES + 1} times (a computer player that would not stop, a crash in compiled "
                f"code, or a lost node): {_reason(e)}"
            ) from None
        return value

    def close(self) -> None:
        if self._run and self.ray.is_initialized():
            with contextlib.suppress(Exception):
                from ray.experimental import internal_kv

                internal_kv._internal_kv_del(_words_key(self._run))
        if self._joined:
            self._joined = False
            with _quiet_stderr():  # what Ray's core says as it disconnects: the run has said its line
                self.ray.shutdown()
