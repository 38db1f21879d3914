"""Fresh virtual environments for the slow tests that install rummykit for real
(tests/cli/test_scaffold_venv.py, tests/packaging/test_no_compiler.py,
tests/packaging/test_plugin_types.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# What the test run's own environment would leak into a fresh one.
LEAKS = ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "RUMMYKIT_DISABLE_PLUGINS")


def run(cmd, cwd, env, timeout=600) -> subprocess.CompletedProcess:
    """Run ``cmd`` and fail the test, with the end of its output, unless it succeeds."""
    r = subprocess.run(
        [str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert r.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    return r


def clean_env(tmp_path: Path) -> dict[str, str]:
    """This process's environment without what would leak in, saves under ``tmp_path``."""
    env = {k: v for k, v in os.environ.items() if k not in LEAKS}
    env["RUMMYKIT_DATA_DIR"] = str(tmp_path / "data")
    return env


def fresh_venv(tmp_path: Path, env: dict[str, str]) -> tuple[Path, Path, list]:
    """A new virtual environment in ``tmp_path / "venv"`` with a recent setuptools (so
    installs there may build with ``--no-build-isolation``, no throwaway build
    environments): ``(its python, its bin folder, the pip install command)``."""
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", venv], tmp_path, env)
    py, bin_ = venv / "bin" / "python", venv / "bin"
    pip = [py, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    run([*pip, "setuptools>=77", "wheel"], tmp_path, env)
    return py, bin_, pip


def copy_sources(dst: Path) -> Path:
    """A copy of this checkout's sources in ``dst`` (no built module, no build folder, no
    virtual environment), to install from without leaving anything in the checkout."""
    shutil.copytree(
        REPO,
        dst,
        ignore=shutil.ignore_patterns(
            ".git",
            ".venv",
            ".venv-*",
            "build",
            "dist",
            "*.so",
            "*.egg-info",
            "__pycache__",
            ".pytest_cache",
            ".hypothesis",
            ".bench",
            ".coord",
        ),
    )
    return dst


def mypy(python: Path, plugin: Path, cache: Path) -> subprocess.CompletedProcess:
    """mypy (this environment's) checking the file ``plugin`` against the
    packages of the environment whose interpreter is ``python``."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--python-executable",
            str(python),
            "--cache-dir",
            str(cache),
            plugin.name,
        ],
        cwd=plugin.parent,
        capture_output=True,
        text=True,
        timeout=300,
    )
