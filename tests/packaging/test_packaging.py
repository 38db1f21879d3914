"""Every Python package folder ships in the distribution (a wheel built from
pyproject.toml must not leave a subpackage, such as the bots, behind); the folders
the package is made of import only as parts of ``rummykit``. A program's view of
the same (``python -c``, mypy on the editable install in strict mode, a tree of
links): tests/process/test_package_from_outside.py."""

import importlib
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_folder_is_listed_in_pyproject():
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(conf["packages"])
    folders = {Path(v): k for k, v in conf["package-dir"].items()}
    found = set()
    for folder, name in folders.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder)
            if "templates" in rel.parts:
                continue
            found.add(".".join([name, *rel.parts]))
    assert found - listed == set(), "add these to [tool.setuptools] packages"


def test_entry_points_name_importable_modules():
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    for target in conf["project"]["entry-points"]["rummykit"].values():
        importlib.import_module(target)


def test_with_the_root_on_sys_path_no_second_copy_imports(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))
    with pytest.raises(ImportError, match=r"^'core' is not a package: import rummykit\.core instead$"):
        importlib.import_module("core.engine")
    assert "core" not in sys.modules and "core.engine" not in sys.modules
    from rummykit.core.engine.round import View

    assert View.__module__ == "rummykit.core.engine.round"
