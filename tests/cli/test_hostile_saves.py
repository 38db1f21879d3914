"""Random damage to save files, through the real ``rummy``: whatever the bytes,
every command that reads a save answers with exit 0 or a one-line error (exit
2), never a traceback, and leaves the file byte for byte as it was. ``rummy``
runs in the test process (tests/inprocess.py)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit.core.play.records import MatchRecord, SeatRecord, save_record

from ..inprocess import run_rummy


def good_save(variant: str, seats: list[str]) -> bytes:
    """A real game of ``variant`` with a person seated, three moves in."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.json"
        rec = MatchRecord(variant=variant, seats=[SeatRecord(kind=k, name=n) for k, n in seats], seed=11)
        save_record(rec, path)
        r = run_rummy("play", "--resume", str(path), stdin="s\n", RUMMYKIT_DATA_DIR=str(Path(tmp) / "data"))
        assert r.returncode == 0, r.stderr
        return path.read_bytes()


GOOD = {
    "gin": good_save("gin", [("human", "Ann"), ("ai:easy", "Easy bot")]),
    "cardverse": good_save(
        "cardverse", [("human", "Ann"), ("random", "Random bot"), ("ai:easy", "Easy bot")]
    ),
}


def json_damage(raw: bytes, data: st.DataObject) -> bytes:
    """A change at the level of JSON: a field replaced by another type or value,
    removed, or nested deep; the rest stays valid."""
    record = json.loads(raw)
    key = data.draw(st.sampled_from(sorted(record)))
    junk = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**300), max_value=2**300),
        st.floats(allow_nan=True),
        st.text(max_size=40),
        st.lists(st.integers(), max_size=4),
        st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
        st.just([[[[["deep"]]]]]),
        st.just("\x00\x1b]0;pwned\x07"),
        st.just(10**5000 // 10**4000),
    )
    how = data.draw(st.sampled_from(["replace", "remove", "seat", "action"]))
    if how == "replace":
        record[key] = data.draw(junk)
    elif how == "remove":
        del record[key]
    elif how == "seat":
        seat = data.draw(st.integers(0, len(record["seats"]) - 1))
        record["seats"][seat][data.draw(st.sampled_from(["kind", "name"]))] = data.draw(junk)
    else:
        record["actions"].append(data.draw(st.one_of(st.text(max_size=20), junk)))
    return json.dumps(record).encode()


def byte_damage(raw: bytes, data: st.DataObject) -> bytes:
    """A change at the level of bytes: truncated, bytes overwritten, bytes inserted."""
    how = data.draw(st.sampled_from(["truncate", "overwrite", "insert"]))
    at = data.draw(st.integers(0, len(raw)))
    if how == "truncate":
        return raw[:at]
    chunk = data.draw(
        st.one_of(
            st.binary(min_size=1, max_size=8),
            st.sampled_from([b"[" * 50_000, b"9" * 5_000, b"\x00", b'"\\u0000"', b"\xff\xfe"]),
        )
    )
    if how == "overwrite":
        return raw[:at] + chunk + raw[at + len(chunk) :]
    return raw[:at] + chunk + raw[at:]


COMMANDS = [
    ("play", "--resume", "{path}"),
    ("resume", "{path}"),
    ("replay", "--reveal", "{path}"),
]


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(GOOD))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_damage_to_a_save_file(variant, data):
    raw = GOOD[variant]
    damage = data.draw(st.sampled_from([json_damage, byte_damage]))
    bad = damage(raw, data)
    command = data.draw(st.sampled_from(COMMANDS))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.json"
        path.write_bytes(bad)
        args = [a.format(path=path) for a in command]
        r = run_rummy(*args, stdin="quit\n", RUMMYKIT_DATA_DIR=str(Path(tmp) / "data"))
        err = r.stderr
        assert r.returncode in (0, 2), (r.returncode, err[-2000:])
        assert "Traceback" not in err and "Traceback" not in r.stdout
        assert "\x1b]0;pwned" not in r.stdout + r.stderr
        if r.returncode == 2:
            errors = [line for line in err.splitlines() if not line.startswith("rummy: warning")]
            assert len(errors) == 1, err
        assert path.read_bytes() == bad  # never written: no move was made
