"""Fixtures shared by the command tests of tests/cli."""

from __future__ import annotations

import pytest

from ..helpers.sites import fake_install, rummy


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory):
    """A generated package, "installed" with a fake dist-info."""
    tmp = tmp_path_factory.mktemp("scaffold")
    site = tmp / "site"
    r = rummy(site, "new-variant", "quick", "--dir", str(tmp))
    assert r.returncode == 0, r.stderr
    fake_install(site, "rummykit-quick", "0.1.0", {"quick": "rummykit_quick.plugin"}, {})
    pkg = tmp / "rummykit-quick"
    (site / "rummykit_quick").symlink_to(pkg / "rummykit_quick")  # its code, as if installed
    return site, pkg
