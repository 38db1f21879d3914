"""``rummy simulate --backend ray`` through the real ``rummy`` (issue #21).

A Ray cluster of one node with two CPUs is started by the test (``ray start
--head --block``, stopped by its process id), with a folder of throwaway
plugins on its PYTHONPATH: ``napbots`` (``napper`` plays like ``random`` and
naps a little over each move, so a run lasts while a worker is killed), and the
misbehaving bots of tests/helpers/badbots.py. Drivers connect with ``--address``;
one test lets ``rummy`` start its own local Ray. The figures of a Ray run are
compared with those of the local backend for the same seed.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ..helpers import badbots
from ..helpers.sites import fake_install

pytest.importorskip("ray")  # make test installs it (the ray extra)

# On one pytest-xdist worker (make test's --dist loadgroup): one cluster at a time.
pytestmark = [pytest.mark.slow, pytest.mark.ray, pytest.mark.xdist_group("ray")]

RUMMY = str(Path(sys.executable).with_name("rummy"))
RAY = str(Path(sys.executable).with_name("ray"))
WAIT = 180  # the most any run may take: a hang fails the test, never blocks it

NAPBOTS = r'''
import os
import time

from rummykit import hookimpl
from rummykit.core.bots.agents import RandomAgent
from rummykit.core.plugins.registry import AgentSpec

__version__ = "{version}"
_told = set()


class Napper(RandomAgent):
    """Plays like random; naps NAPBOTS_NAP seconds over each move and writes its
    process id into the folder NAPBOTS_PIDS (once per process)."""

    def act(self, view, legal):
        pids = os.environ.get("NAPBOTS_PIDS")
        if pids and os.getpid() not in _told:
            _told.add(os.getpid())
            open(os.path.join(pids, str(os.getpid())), "w").close()
        time.sleep(float(os.environ.get("NAPBOTS_NAP", "0")))
        return super().act(view, legal)


@hookimpl
def register_agents(register):
    register(AgentSpec(name="{agent}", factory=lambda seat, seed, options: Napper(seed)))
'''


def _plugin(site: Path, dist: str, entry: str, module: str, version: str, agent: str) -> Path:
    fake_install(site, dist, version, {entry: module}, {module: NAPBOTS.format(version=version, agent=agent)})
    return site


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    """``cluster``: the plugins of every node; ``only``: one more, here only;
    ``newer``: napbots 0.2, here only; ``noray``: a sitecustomize that hides Ray."""
    root = tmp_path_factory.mktemp("sites")
    cluster = _plugin(root / "cluster", "rummykit-napbots", "napbots", "rk_napbots", "0.1", "napper")
    badbots.install(cluster)
    only = _plugin(root / "only", "rummykit-onlyhere", "onlyhere", "rk_onlyhere", "0.1", "loner")
    newer = _plugin(root / "newer", "rummykit-napbots", "napbots", "rk_napbots", "0.2", "napper")
    noray = root / "noray"
    noray.mkdir()
    (noray / "sitecustomize.py").write_text(
        "import sys\n"
        "class _NoRay:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'ray' or name.startswith('ray.'):\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}')\n"
        "sys.meta_path.insert(0, _NoRay())\n"
    )
    return {"cluster": cluster, "only": only, "newer": newer, "noray": noray, "root": root}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


TOKEN = secrets.token_hex(16)  # the test cluster's token (Ray's token authentication)


def _env(pythonpath: str = "", **extra: str) -> dict[str, str]:
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("RUMMYKIT_", "BADBOTS_", "NAPBOTS_", "RAY_"))
    }
    env.update(NO_COLOR="1", RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=TOKEN)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    else:
        env.pop("PYTHONPATH", None)
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def cluster(sites):
    """A one-node Ray cluster with two CPUs; its address. Its workers nap over
    each napper move and write their process ids into ``cluster.pids``."""
    pids = sites["root"] / "pids"
    pids.mkdir()
    port = _free_port()
    log = sites["root"] / "head.log"
    with open(log, "w") as out:
        head = subprocess.Popen(
            [
                RAY,
                "start",
                "--head",
                "--block",
                "--num-cpus",
                "2",
                "--port",
                str(port),
                "--include-dashboard",
                "false",
                "--disable-usage-stats",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=_env(str(sites["cluster"]), NAPBOTS_NAP="0.01", NAPBOTS_PIDS=str(pids)),
        )
    try:
        deadline = time.monotonic() + 120
        while "Ray runtime started" not in log.read_text():
            assert head.poll() is None, log.read_text()[-2000:]
            assert time.monotonic() < deadline, "the Ray head did not start within 120 s"
            time.sleep(0.3)
        yield {"address": f"127.0.0.1:{port}", "pids": pids}
    finally:
        head.terminate()  # ray start --block stops every process it started
        try:
            head.wait(60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait(10)


def rummy(*args: str, pythonpath: str = "", **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [RUMMY, *args],
        capture_output=True,
        text=True,
        timeout=WAIT,
        env=_env(pythonpath, **env),
        stdin=subprocess.DEVNULL,
    )


def figures(r: subprocess.CompletedProcess) -> dict:
    """The JSON of a run that went well, without its rate (the one figure that differs)."""
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    data = json.loads(r.stdout)
    data.pop("rounds_per_second")
    return data


def one_line(r: subprocess.CompletedProcess) -> str:
    assert "Traceback" not in r.stderr, r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert r.stdout == ""
    return lines[0]


# -- without Ray ---------------------------------------------------------------------


def test_without_ray_backend_ray_is_one_line(sites):
    r = rummy("simulate", "gin", "--rounds", "10", "--backend", "ray", pythonpath=str(sites["noray"]))
    assert r.returncode == 2
    assert one_line(r) == (
        "rummy: --backend ray needs Ray, which is not installed: pip install 'rummykit[ray]'"
    )
    # The local backend does not need Ray.
    ok = rummy("simulate", "gin", "--rounds", "10", "--seed", "1", "--json", pythonpath=str(sites["noray"]))
    assert figures(ok)["rounds"] == 10


# -- the same figures ------------------------------------------------------------------


def test_gin_same_figures_on_a_local_ray_started_for_the_run():
    args = (
        "simulate",
        "gin",
        "--seat",
        "ai:easy",
        "--seat",
        "random",
        "--rounds",
        "500",
        "--seed",
        "7",
        "--json",
    )
    local = figures(rummy(*args, "--workers", "2"))
    ray = rummy(*args, "--backend", "ray", "--workers", "2")
    assert figures(ray) == local
    assert local["rounds"] == 500 and "partial" not in local
    text = rummy(*args[:-1], "--backend", "ray", "--workers", "2", "--chunk-size", "7")
    assert text.returncode == 0, text.stderr
    assert re.search(
        r"rounds per second \([\d.]+ s, 2 CPUs on a local Ray; Ray start-up [\d.]+ s\)$", text.stdout.strip()
    ), text.stdout


def test_gin_matches_same_figures_on_the_cluster(cluster):
    args = (
        "simulate",
        "gin",
        "--seat",
        "ai:easy",
        "--seat",
        "random",
        "--matches",
        "24",
        "--seed",
        "3",
        "--json",
    )
    local = figures(rummy(*args))
    for chunk in ("1", "5"):
        assert (
            figures(rummy(*args, "--backend", "ray", "--address", cluster["address"], "--chunk-size", chunk))
            == local
        )
    # RAY_ADDRESS names the cluster as well as --address.
    assert figures(rummy(*args, "--backend", "ray", RAY_ADDRESS=cluster["address"])) == local


def test_cardverse_four_seats_same_figures_on_the_cluster(cluster):
    args = (
        "simulate",
        "cardverse",
        "--seat",
        "ai:easy",
        "--seat",
        "ai:normal",
        "--seat",
        "ai:easy",
        "--seat",
        "random",
        "--matches",
        "8",
        "--seed",
        "11",
        "--json",
    )
    local = figures(rummy(*args, "--workers", "2"))
    assert len(local["entrants"]) == 4
    assert (
        figures(rummy(*args, "--backend", "ray", "--address", cluster["address"], "--chunk-size", "1"))
        == local
    )
    assert figures(rummy(*args, "--workers", "1")) == local


# -- a lost worker ---------------------------------------------------------------------


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _wait_for_pid(folder: Path, p: subprocess.Popen, seen: set[str]) -> int:
    deadline = time.monotonic() + WAIT
    while True:
        new = {f.name for f in folder.iterdir()} - seen
        if new:
            return int(sorted(new)[0])
        assert p.poll() is None, p.communicate()
        assert time.monotonic() < deadline, "no napper moved"
        time.sleep(0.05)


def test_a_worker_killed_mid_run_leaves_the_figures_exact(cluster, sites):
    args = (
        "simulate",
        "gin",
        "--seat",
        "napper",
        "--seat",
        "ai:easy",
        "--rounds",
        "60",
        "--seed",
        "4",
        "--chunk-size",
        "3",
        "--json",
    )
    seen = {f.name for f in cluster["pids"].iterdir()}
    p = subprocess.Popen(
        [RUMMY, *args, "--backend", "ray", "--address", cluster["address"]],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(str(sites["cluster"])),
    )
    try:
        victim = _wait_for_pid(cluster["pids"], p, seen)
        time.sleep(0.3)  # the worker is inside a chunk: its napper naps over every move
        assert p.poll() is None, "the run ended before a worker was killed"
        os.kill(victim, signal.SIGKILL)
        out, err = p.communicate(timeout=WAIT)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    r = subprocess.CompletedProcess(p.args, p.returncode, out, err)
    with pytest.raises(ProcessLookupError):
        os.kill(victim, 0)  # the victim is gone; its chunk was played again and counted once
    assert figures(r) == figures(rummy(*args, "--workers", "2", pythonpath=str(sites["cluster"])))


def test_ctrl_c_cancels_and_prints_the_figures_so_far(cluster, sites):
    args = (
        "simulate",
        "gin",
        "--seat",
        "napper",
        "--seat",
        "ai:easy",
        "--rounds",
        "2000",
        "--seed",
        "9",
        "--chunk-size",
        "2",
        "--json",
    )
    seen = {f.name for f in cluster["pids"].iterdir()}
    p = subprocess.Popen(
        [RUMMY, *args, "--backend", "ray", "--address", cluster["address"]],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(str(sites["cluster"])),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        _wait_for_pid(cluster["pids"], p, seen)
        time.sleep(3)  # a few chunks merged
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 130, err
    assert err == ""
    # The outstanding tasks end with the run: the workers that played them go.
    players = {int(f.name) for f in cluster["pids"].iterdir()} - {int(n) for n in seen}
    assert players
    deadline = time.monotonic() + 20
    while players and time.monotonic() < deadline:
        players = {pid for pid in players if _alive(pid)}
        time.sleep(0.2)
    assert not players, f"workers still playing after Ctrl-C: {sorted(players)}"
    data = json.loads(out)
    assert data.pop("partial") is True
    data.pop("rounds_per_second")
    assert 0 < data["rounds"] < 2000
    # The figures so far are those of a whole run of that many rounds.
    whole = figures(rummy(*args[:7], str(data["rounds"]), *args[8:], pythonpath=str(sites["cluster"])))
    assert data == whole


def test_the_progress_bar_counts_on_a_terminal(cluster, sites):
    import pexpect

    child = pexpect.spawn(
        RUMMY,
        [
            "simulate",
            "gin",
            "--rounds",
            "400",
            "--seed",
            "2",
            "--chunk-size",
            "20",
            "--backend",
            "ray",
            "--address",
            cluster["address"],
        ],
        env=_env(str(sites["cluster"]), COLUMNS="100", LINES="30"),
        timeout=WAIT,
        dimensions=(30, 100),
    )
    try:
        child.expect(r"gin: ai:easy vs ai:easy.*?(\d+)/400 rounds")
        child.expect(r"rounds per second \([\d.]+ s, 2 CPUs on 1 Ray node; Ray start-up [\d.]+ s\)")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


# -- plugins on the cluster --------------------------------------------------------------


@pytest.mark.parametrize(
    "site, seat, says",
    [
        ("only", "loner", r"lacks plugin onlyhere 0\.1 \(for agent loner\)"),
        ("newer", "napper", r"has plugin napbots 0\.1, not 0\.2"),
    ],
)
def test_a_plugin_missing_on_the_nodes_is_one_line(cluster, sites, site, seat, says):
    path = os.pathsep.join([str(sites[site]), str(sites["cluster"])])
    r = rummy(
        "simulate",
        "gin",
        "--seat",
        seat,
        "--seat",
        "random",
        "--rounds",
        "10",
        "--backend",
        "ray",
        "--address",
        cluster["address"],
        pythonpath=path,
    )
    assert r.returncode == 2
    assert re.fullmatch(
        r"rummy: Ray node [\w.:]+ " + says + ": every node needs rummykit and the run's "
        r"plugins, the same versions as here",
        one_line(r),
    ), r.stderr


def test_a_failing_bot_is_the_local_backend_s_line(cluster, sites):
    args = ("simulate", "gin", "--seat", "random", "--seat", "raiser", "--matches", "6", "--seed", "5")
    local = rummy(*args, pythonpath=str(sites["cluster"]))
    ray = rummy(*args, "--backend", "ray", "--address", cluster["address"], pythonpath=str(sites["cluster"]))
    assert local.returncode == ray.returncode == 1
    assert one_line(ray) == one_line(local)
    assert "raiser (plugin badbots, seat 2, match 1 of --seed 5" in one_line(ray)


def test_a_bot_that_would_not_stop_is_the_local_backend_s_line(cluster, sites):
    """The stubborn bot swallows the move timeout's interruption: its worker ends,
    and its line reaches the driver before Ray plays the chunk again."""
    # One match: with more, two chunks at once may each meet the bot, and either line may come first.
    args = (
        "simulate",
        "gin",
        "--seat",
        "random",
        "--seat",
        "stubborn",
        "--matches",
        "1",
        "--seed",
        "5",
        "--move-timeout",
        "0.5",
    )
    local = rummy(*args, pythonpath=str(sites["cluster"]))
    t = time.monotonic()
    ray = rummy(*args, "--backend", "ray", "--address", cluster["address"], pythonpath=str(sites["cluster"]))
    assert time.monotonic() - t < 60
    assert local.returncode == ray.returncode == 1
    assert one_line(ray) == one_line(local)
    assert one_line(ray).endswith("would not stop (--move-timeout 0.5)")


# -- options -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, says",
    [
        (("--address", "127.0.0.1:1"), "--address is for --backend ray"),
        (("--backend", "spark"), "--backend takes local or ray, not 'spark'"),
        (("--backend", "ray", "--address", "nowhere"), "--address takes a Ray cluster's HOST:PORT"),
        (
            ("--backend", "ray", "--address", "127.0.0.1:1", "--workers", "2"),
            "--workers sets the CPUs of a local Ray",
        ),
        (("--chunk-size", "10001"), "--chunk-size must be from 1 to 10,000, not 10,001"),
    ],
)
def test_option_errors_are_one_line(args, says):
    r = rummy("simulate", "gin", "--rounds", "10", *args)
    assert r.returncode == 2
    assert one_line(r).startswith("rummy: " + says), r.stderr


def test_an_address_nobody_answers_is_one_line_at_once():
    port = _free_port()  # closed again: nothing listens there
    t = time.monotonic()
    r = rummy("simulate", "gin", "--rounds", "10", "--backend", "ray", "--address", f"127.0.0.1:{port}")
    assert r.returncode == 2
    assert one_line(r).startswith(f"rummy: could not connect to the Ray cluster at 127.0.0.1:{port}: ")
    assert time.monotonic() - t < 30


@pytest.fixture
def silent_listener():
    """A port that takes connections and never says a word (no Ray there)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(8)
    yield s.getsockname()[1]
    s.close()


def test_an_address_that_takes_the_connection_and_never_answers_is_one_line(silent_listener):
    t = time.monotonic()
    r = rummy(
        "simulate", "gin", "--rounds", "5", "--backend", "ray", "--address", f"127.0.0.1:{silent_listener}"
    )
    assert r.returncode == 2, r.stderr
    assert (
        one_line(r)
        == f"rummy: could not connect to the Ray cluster at 127.0.0.1:{silent_listener}: no answer in 20 s"
    )
    assert time.monotonic() - t < 60


def test_ctrl_c_while_joining_a_cluster_ends_at_once(silent_listener):
    args = [
        "simulate",
        "gin",
        "--rounds",
        "5",
        "--backend",
        "ray",
        "--address",
        f"127.0.0.1:{silent_listener}",
    ]
    p = subprocess.Popen([RUMMY, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(4)  # Ray imported, the driver joining
    t = time.monotonic()
    p.send_signal(signal.SIGINT)
    # Killed by the signal while joining (nothing was played: nothing to report),
    # or, on a slow day still importing Ray, Python's own Ctrl-C: 130.
    assert p.wait(timeout=10) in (-signal.SIGINT, 130)
    assert time.monotonic() - t < 3
