"""The optional compiled build: with ``RUMMYKIT_COMPILE=1`` in the environment,
the environment's hot path (``rummykit.env.encode`` and ``rummykit.env.table``)
is compiled with mypyc from the same Python source; without it (the default)
the install is pure Python and needs no compiler. The wheel holds the sources
either way; Python imports a compiled module in place of its source.

Everything else about the package is in ``pyproject.toml``. docs/env.md
"Speed" says how to install and check the compiled build.
"""

from __future__ import annotations

import os
import shutil
import sys
import tomllib
from pathlib import Path
from typing import Any

from setuptools import setup

#: The modules compiled, by their path in the package.
COMPILED = ("env/encode.py", "env/table.py")
#: The setup commands that build modules (the others, such as writing the
#: metadata, need no C sources).
BUILDS = {"bdist_wheel", "build", "build_ext", "install"}
#: The editable installs' commands: an editable install runs the sources being
#: edited, which compiled modules would shadow.
EDITABLE = {"editable_wheel", "develop"}
HERE = Path(__file__).resolve().parent
STAGE = HERE / "build" / "mypyc"


def _stage() -> list[str]:
    """The package laid out under its import names (so mypy names the modules
    ``rummykit.*``), from pyproject.toml's package-dir; the mypy arguments
    that compile :data:`COMPILED`."""
    src = STAGE / "src"
    shutil.rmtree(src, ignore_errors=True)
    with open(HERE / "pyproject.toml", "rb") as f:
        tree = tomllib.load(f)["tool"]["setuptools"]["package-dir"]
    for name, folder in tree.items():
        for path in (HERE / folder).rglob("*.py"):
            if "__pycache__" in path.parts:
                continue
            out = src.joinpath(*name.split("."), path.relative_to(HERE / folder))
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, out)
    # Types are checked with the project's own settings in `make gate`; the
    # compile needs only the annotations, whatever the build environment holds.
    config = STAGE / "mypy.ini"
    config.write_text("[mypy]\npython_version = 3.11\nignore_missing_imports = True\n")
    return ["--config-file", str(config), *(str(src / "rummykit" / m) for m in COMPILED)]


def _compiled() -> dict[str, Any]:
    if os.environ.get("RUMMYKIT_COMPILE", "") != "1":
        return {}
    try:
        from mypyc.build import mypycify
    except ImportError:
        # setuptools' build backend hands these to the build frontend as the
        # build's own requirements, then runs this file again with them.
        return {"setup_requires": ["mypy>=1.10"]}
    commands = set(sys.argv[1:])
    if EDITABLE & commands:
        raise SystemExit(
            "RUMMYKIT_COMPILE=1 makes a regular install (pip install '.[rl]', not -e): "
            "compiled modules would shadow the sources an editable install runs"
        )
    if not BUILDS & commands:
        return {}
    return {
        "ext_modules": mypycify(_stage(), group_name="rummykit_env", target_dir=str(STAGE / "c")),
    }


setup(**_compiled())
