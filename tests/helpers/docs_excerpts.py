"""docs/plugins.md shows the examples' real code: the lines of its ``python``
blocks in a part of the guide, each found in the example's sources."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"
BLOCK = re.compile(r"^ *```python\n(.*?)^ *```$", re.S | re.M)


def missing_lines(heading: str, until: str, sources: list[Path]) -> list[str]:
    """The lines of the ``python`` blocks from ``heading`` to ``until`` that
    are in none of ``sources`` (lines compared without their indent)."""
    docs = DOCS.read_text(encoding="utf-8")
    start = docs.index(heading + "\n")
    blocks = BLOCK.findall(docs[start : docs.index(until, start)])
    assert blocks, f"no python code under {heading!r}"
    known = {line.strip() for path in sources for line in path.read_text(encoding="utf-8").splitlines()}
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip() not in known]
