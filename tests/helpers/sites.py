"""Throwaway plugin packages "installed" without pip: ``fake_install`` writes a
plugin's modules and a ``<dist>-<version>.dist-info`` folder (METADATA and
entry_points.txt, which is all ``importlib.metadata`` reads) into a folder, the
"site"; ``rummy(site, ...)`` runs the real ``rummy`` command in the test process
with the site on ``sys.path``, where it finds the entry points exactly as it
would find a pip-installed distribution's. The project's virtual environment
is never changed."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..inprocess import run_rummy


def fake_install(
    site: Path, dist: str, version: str, entry_points: dict[str, str], modules: dict[str, str]
) -> None:
    """Write modules and a dist-info for ``dist`` into ``site`` (a sys.path folder)."""
    site.mkdir(parents=True, exist_ok=True)
    for module, source in modules.items():
        (site / f"{module}.py").write_text(textwrap.dedent(source))
    info = site / f"{dist.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n")
    lines = ["[rummykit]"] + [f"{name} = {target}" for name, target in entry_points.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")


@contextmanager
def on_path(site: Path) -> Iterator[None]:
    """``site`` on ``sys.path`` (and PYTHONPATH) for the block; the modules
    imported from it are forgotten afterwards, so the next block imports them afresh."""
    folder = str(site)
    old = os.environ.get("PYTHONPATH")
    sys.path.insert(0, folder)
    os.environ["PYTHONPATH"] = folder
    importlib.invalidate_caches()
    try:
        yield
    finally:
        sys.path.remove(folder)
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old
        for name, module in list(sys.modules.items()):
            if (getattr(module, "__file__", None) or "").startswith(folder + os.sep):
                del sys.modules[name]
        importlib.invalidate_caches()


def rummy(
    site: Path, *args: str, disable: str | None = None, stdin: str = "", tmp: Path | None = None
) -> subprocess.CompletedProcess:
    """``rummy *args`` run in this process (tests/inprocess.py) with ``site`` on
    ``sys.path``, ``disable`` added to RUMMYKIT_DISABLE_PLUGINS, its data under
    ``tmp`` (default ``site / "data"``): the exit status, stdout and stderr."""
    with on_path(site):
        return run_rummy(
            *args,
            stdin=stdin,
            # The examples that `make test` installs and that register bots for Gin
            # (rl:linear) would warn when a test takes Gin away: they are not under test.
            RUMMYKIT_DISABLE_PLUGINS=",".join(x for x in ("rl-example", disable) if x),
            RUMMYKIT_DATA_DIR=str(tmp or site / "data"),
            NO_COLOR="1",
        )
