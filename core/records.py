"""Match records: the variant, its options, the seats, the seed and the actions.

A record is all there is to a game: resume and replay re-apply its actions to a
new match with the same seed. Records are JSON with a format name and version,
written atomically (a temporary file, then a rename) after every action. A
damaged, truncated or foreign file is a clear error naming the file; loading
never writes to it.
"""

from __future__ import annotations

import json
import os
import tempfile
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .errors import RecordError, RummyError
from .names import check_kind, check_name

FORMAT = "rummykit-match"
VERSION = 1


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class SeatRecord(BaseModel):
    """A seat: its kind and its name, both plain text by the rules of core/names.py
    (checked when read from a file too, so a save file cannot smuggle escapes in)."""

    model_config = ConfigDict(validate_assignment=True)

    kind: str  # "human" or an agent name such as "ai:easy"
    name: str

    @field_validator("kind")
    @classmethod
    def _plain_kind(cls, v: str) -> str:
        return check_kind(v)

    @field_validator("name")
    @classmethod
    def _plain_name(cls, v: str) -> str:
        return check_name(v)


class MatchRecord(BaseModel):
    format: Literal["rummykit-match"] = FORMAT
    version: Literal[1] = VERSION
    # Printed in listings and headers: plain ASCII only (a save file is untrusted).
    id: str = Field(default_factory=lambda: uuid.uuid4().hex[:8], pattern=r"^[0-9A-Za-z_-]{1,64}$")
    variant: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRecord]
    seed: int
    actions: list[str] = Field(default_factory=list)
    finished: bool = False
    created: str = Field(default_factory=now, pattern=r"^[0-9A-Za-z:.+-]{1,40}$")
    updated: str = Field(default_factory=now, pattern=r"^[0-9A-Za-z:.+-]{1,40}$")

    def to_json(self) -> str:
        return self.model_dump_json(indent=1) + "\n"


def save_record(record: MatchRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` to ``path`` atomically: a crash leaves the old file or the new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    record.updated = now()
    data = record.to_json()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def load_record(path: str | os.PathLike[str]) -> MatchRecord:
    """Read a record; any problem is a :class:`RecordError` naming the file."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise RecordError(f"{path}: no such save file") from None
    except OSError as e:
        raise RecordError(f"{path}: cannot read: {e.strerror or e}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        what = "empty" if not raw.strip() else "damaged or truncated (not valid JSON)"
        detail = f" at line {e.lineno}" if isinstance(e, json.JSONDecodeError) and raw.strip() else ""
        raise RecordError(f"{path}: save file is {what}{detail}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{path}: not a rummykit save file")
    if data.get("version") != VERSION:
        raise RecordError(
            f"{path}: save file format version {data.get('version')!r} is not supported "
            f"(this rummykit reads version {VERSION})"
        )
    try:
        return MatchRecord.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err.get("loc", ()))
        raise RecordError(f"{path}: save file is damaged: {loc}: {err.get('msg')}") from None


def replay(record: MatchRecord, registry, upto: int | None = None, **match_kwargs):
    """A :class:`Match` rebuilt from ``record`` by re-applying its actions (the
    first ``upto`` of them). Raises :class:`RecordError` if the record does not
    fit the installed variant."""
    from .match import Match
    from .options import build_options

    try:
        spec = registry.variant(record.variant)
        options = build_options(spec.options_model, record.options, spec.name)
        match = Match(spec, options, len(record.seats), record.seed, **match_kwargs)
    except RummyError as e:
        raise RecordError(f"save file does not fit: {e}") from None
    actions = record.actions if upto is None else record.actions[:upto]
    for i, text in enumerate(actions):
        legal = {a.notation(): a for a in match.legal_actions()}
        action = legal.get(text)
        if action is None:
            raise RecordError(
                f"save file does not replay: move {i + 1} {text!r} is not legal at that point"
            )
        match.apply(action)
    return match
