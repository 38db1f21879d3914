"""Every Python package folder ships in the distribution (a wheel built from
pyproject.toml must not leave a subpackage, such as the bots, behind)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


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
    import importlib

    for name, target in conf["project"]["entry-points"]["rummykit"].items():
        importlib.import_module(target)
