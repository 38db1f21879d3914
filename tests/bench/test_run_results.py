"""benchmarks/run.py writes its own section of benchmarks/RESULTS.md and keeps the
rest of the file: the current figures above it, the other scripts' sections and
the history below it."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
RESULTS = BENCHMARKS / "RESULTS.md"


@pytest.fixture(scope="module")
def run():
    spec = importlib.util.spec_from_file_location("bench_run", BENCHMARKS / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)


def test_the_section_is_replaced_and_the_rest_kept(run):
    above, below = "# Title\n\n## Current figures\n\nsummary\n\n", "\n## Other\n\nkept\n"
    after = run.splice(f"{above}{run.SECTION}\n\nold table\n{below}", f"{run.SECTION}\n\nnew table\n")
    assert after == f"{above}{run.SECTION}\n\nnew table\n{below}"


def test_the_section_last_or_first_or_missing(run):
    new = f"{run.SECTION}\n\nnew\n"
    assert run.splice(f"# T\n\n{run.SECTION}\n\nold\n", new) == f"# T\n\n{new}"
    assert run.splice(f"{run.SECTION}\n\nold\n\n## Next\n", new) == f"{new}\n## Next\n"
    assert run.splice("# T\n\n## Other\n", new) == f"# T\n\n## Other\n\n{new}"
    assert run.splice("", new) == new


def test_results_has_the_section_once_with_its_table(run):
    text = RESULTS.read_text(encoding="utf-8")
    assert text.count(f"\n{run.SECTION}\n") == 1
    start = text.index(f"\n{run.SECTION}\n") + 1
    body = text[start : text.index("\n## ", start)]
    assert "| what | ours | peer | ratio | target | met? |" in body


def test_every_link_into_results_finds_its_heading():
    """Links into RESULTS.md with an anchor, from the docs, the README, the scripts
    and the file itself, name a heading of the file (GitHub's anchors: lower case, punctuation dropped,
    spaces to hyphens)."""
    text = RESULTS.read_text(encoding="utf-8")
    anchors = set()
    for line in text.splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    root = BENCHMARKS.parent
    sources = [root / "README.md", *(root / "docs").glob("*.md"), *BENCHMARKS.glob("*.py")]
    links = [
        (path.name, anchor)
        for path in sources
        for anchor in re.findall(r"RESULTS\.md#([\w\-]+)", path.read_text(encoding="utf-8"))
    ]
    links += [("RESULTS.md", anchor) for anchor in re.findall(r"\]\(#([\w\-]+)\)", text)]
    assert links
    assert [link for link in links if link[1] not in anchors] == []
