"""``rummy simulate`` on Ray against the local pool (issue #21), on this machine.

    .venv/bin/python benchmarks/bench_ray.py [--rounds 20000] [--repeats 3] [--seed 1] [--no-cluster]

Every figure is what the command itself reports: the rounds per second of the
playing (``X rounds per second (... s, ...; Ray start-up Y s)``), Ray's start-up
apart. Per repeat, back to back on the same seed: the local backend with
``--workers 1`` and ``2``, and a local Ray started by the run with ``--workers
1`` and ``2``; the medians are compared with the targets (Ray at 2 CPUs within
15% of the local pool at 2 workers; Ray at 2 CPUs at least 1.7x Ray at 1 CPU).

Then (unless ``--no-cluster``) a cluster of this one machine is started
(``ray start --head --num-cpus 2``) and the driver, which is then the
``rummy`` process alone, is measured: its CPU time per chunk (what bounds a
cluster of many machines: it merges every chunk) and its peak memory for 10x
the rounds (flat: a bounded window of chunks in flight). The throughput of a
cluster of N such machines is N times Ray's rate at 2 CPUs, up to the
driver's bound.

Prints markdown (the tables of docs/simulate.md) with the machine and its load.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import secrets
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import _busy_cpu_seconds, _own_cpu_seconds, _peak_rss_mb, machine

BIN = Path(sys.executable).parent
RUMMY = str(BIN / "rummy")
RAY = str(BIN / "ray")
LINE = re.compile(r"([\d,]+\.\d) rounds per second \(([\d.]+) s, (.+?)(?:; Ray start-up ([\d.]+) s)?\)$")
TOKEN = secrets.token_hex(16)


def env() -> dict[str, str]:
    e = {k: v for k, v in os.environ.items() if not k.startswith(("RAY_", "RUMMYKIT_"))}
    e.update(NO_COLOR="1", RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=TOKEN)
    return e


def simulate(args: list[str]) -> tuple[float, float, float]:
    """(rounds per second, playing seconds, start-up seconds) as ``rummy simulate`` reports them."""
    p = subprocess.run([RUMMY, "simulate", "gin", *args], capture_output=True, text=True, env=env())
    if p.returncode != 0:
        raise SystemExit(f"rummy simulate gin {' '.join(args)} failed: {p.stderr.strip()[-400:]}")
    m = LINE.search(p.stdout.strip().splitlines()[-1])
    if m is None:
        raise SystemExit(f"no rate in: {p.stdout[-300:]}")
    return float(m.group(1).replace(",", "")), float(m.group(2)), float(m.group(4) or 0)


def child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def others_share(busy0: float | None, own0: float, t0: float) -> str:
    busy1, own1 = _busy_cpu_seconds(), _own_cpu_seconds()
    if busy0 is None or busy1 is None:
        return "?"
    return f"{max(0.0, (busy1 - busy0) - (own1 - own0)) / (time.perf_counter() - t0):.2f}"


def backends(rounds: int, repeats: int, seed: int) -> dict[str, float]:
    runs = {
        "local 1": ["--workers", "1"],
        "local 2": ["--workers", "2"],
        "ray 1": ["--backend", "ray", "--workers", "1"],
        "ray 2": ["--backend", "ray", "--workers", "2"],
    }
    rates: dict[str, list[float]] = {k: [] for k in runs}
    startups: dict[str, list[float]] = {k: [] for k in runs}
    busy0, own0, t0 = _busy_cpu_seconds(), _own_cpu_seconds(), time.perf_counter()
    for rep in range(repeats):
        for name, extra in runs.items():
            rate, _playing, startup = simulate(["--rounds", str(rounds), "--seed", str(seed + rep), *extra])
            rates[name].append(rate)
            startups[name].append(startup)
            print(
                f"  repeat {rep + 1}: {name}: {rate:,.1f} rounds/s, start-up {startup:.1f} s", file=sys.stderr
            )
    share = others_share(busy0, own0, t0)
    med = {k: statistics.median(v) for k, v in rates.items()}
    print(f"\n### {rounds:,} Gin rounds (ai:easy against ai:easy), median of {repeats}\n")
    print("| backend | CPUs | rounds per second (the playing) | Ray's start-up |")
    print("|---|---|---|---|")
    for name in runs:
        kind, cpus = name.split()
        start = f"{statistics.median(startups[name]):.1f} s" if kind == "ray" else "-"
        print(f"| {kind} | {cpus} | {med[name]:,.0f} | {start} |")
    within = med["ray 2"] / med["local 2"]
    scale = med["ray 2"] / med["ray 1"]
    print("\n| target | measured | met |")
    print("|---|---|---|")
    print(
        f"| Ray at 2 CPUs within 15% of local at 2 workers | {within:.1%} of local "
        f"| {'yes' if within >= 0.85 else 'no'} |"
    )
    print(f"| Ray at 2 CPUs ≥ 1.7× Ray at 1 CPU | {scale:.2f}× | {'yes' if scale >= 1.7 else 'no'} |")
    print(f"\nOther processes kept {share} of the {os.cpu_count()} cores busy meanwhile.")
    return med


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cluster(rounds: int, seed: int, ray2: float) -> None:
    port = _free_port()
    log = Path(f"/tmp/bench-ray-head-{os.getpid()}.log")
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
            env=env(),
        )
    try:
        deadline = time.monotonic() + 120
        while "Ray runtime started" not in log.read_text():
            if head.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"ray start failed: {log.read_text()[-500:]}")
            time.sleep(0.3)
        address = f"127.0.0.1:{port}"
        chunk = 200

        def driver(n: int) -> tuple[float, float, float]:
            c0 = child_cpu()
            rate, _playing, startup = simulate(
                [
                    "--rounds",
                    str(n),
                    "--seed",
                    str(seed),
                    "--backend",
                    "ray",
                    "--address",
                    address,
                    "--chunk-size",
                    str(chunk),
                ]
            )
            return child_cpu() - c0, rate, startup

        small = 2 * chunk
        cpu_small, _, _ = driver(small)
        cpu_big, rate, startup = driver(rounds)
        per_chunk = max(1e-6, (cpu_big - cpu_small) / ((rounds - small) / chunk))
        ceiling = chunk / per_chunk
        cmd = [
            RUMMY,
            "simulate",
            "gin",
            "--seed",
            str(seed),
            "--backend",
            "ray",
            "--address",
            address,
            "--chunk-size",
            str(chunk),
            "--json",
            "--rounds",
        ]
        os.environ.update(env())  # _peak_rss_mb's helper takes this environment
        rss_small, _ = _peak_rss_mb([*cmd, str(rounds // 10)])
        rss_big, _ = _peak_rss_mb([*cmd, str(rounds)])
    finally:
        head.terminate()
        head.wait(60)
        log.unlink(missing_ok=True)
    print(f"\n### A cluster of this machine (`ray start --head --num-cpus 2`; --chunk-size {chunk})\n")
    print(
        f"- {rounds:,} rounds through `--address`: {rate:,.0f} rounds per second; connecting and "
        f"checking the node's plugins {startup:.1f} s."
    )
    print(
        f"- The driver's CPU time per chunk: {per_chunk * 1000:.2f} ms, so one driver merges at most "
        f"{1 / per_chunk:,.0f} chunks a second: {ceiling:,.0f} rounds per second at {chunk} rounds a "
        "chunk (more with larger chunks)."
    )
    print(
        f"- The driver's peak memory: {rss_small:.0f} MB for {rounds // 10:,} rounds, {rss_big:.0f} MB "
        f"for {rounds:,}."
    )
    print("\n| machines like this one (2 CPUs each) | rounds per second, by the scaling measured |")
    print("|---|---|")
    for n in (1, 2, 4, 8, 16, 32, 64):
        est = min(n * ray2, ceiling)
        print(f"| {n} | {est:,.0f}{' (the driver bound)' if est == ceiling else ''} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=20_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-cluster", action="store_true")
    a = ap.parse_args()
    m = machine()
    print(
        f"Machine: {m['arch']}, {m['cpu']}, {m['cores']} cores, {m['system']}, Python {m['python']}; "
        f"load average {m['load']} at the start."
    )
    med = backends(a.rounds, a.repeats, a.seed)
    if not a.no_cluster:
        cluster(a.rounds, a.seed, med["ray 2"])
    print(f"\nLoad average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end.")


if __name__ == "__main__":
    main()
