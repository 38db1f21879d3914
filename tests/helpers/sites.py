"""Throwaway plugin packages "installed" without pip: ``fake_install`` writes a
plugin's modules and a ``<dist>-<version>.dist-info`` folder (METADATA and
entry_points.txt, which is all ``importlib.metadata`` reads) into a folder, and
``rummy(site, ...)`` runs the real ``rummy`` program with that folder on
PYTHONPATH, where it finds the entry points exactly as it would find a
pip-installed distribution's; the project's virtual environment is never changed."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

RUMMY = Path(sys.executable).with_name("rummy")


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


def rummy(
    site: Path, *args: str, disable: str | None = None, stdin: str = "", tmp: Path | None = None
) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(site)
    # The examples that `make test` installs and that register bots for Gin
    # (rl:linear) would warn when a test takes Gin away: they are not under test.
    env["RUMMYKIT_DISABLE_PLUGINS"] = ",".join(x for x in ("rl-example", disable) if x)
    env["RUMMYKIT_DATA_DIR"] = str(tmp or site / "data")
    env["NO_COLOR"] = "1"
    return subprocess.run(
        [str(RUMMY), *args], input=stdin, capture_output=True, text=True, env=env, timeout=120
    )
