"""Match records: the variant, its options, the seats, the seed and the actions.

A record is all there is to a game: resume and replay re-apply its actions to a
new match with the same seed. Records are JSON with a format name and version,
written atomically (a temporary file, then a rename) after every action. A
damaged, truncated, foreign or oversized file is a clear one-line error naming
the file; loading never writes to it. Every field has a bound (see the
``MAX_*`` constants), so no file can make loading slow or deep.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import tempfile
import uuid
from datetime import UTC, datetime
from hashlib import sha256
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    field_validator,
    model_serializer,
    model_validator,
)

from rummykit.core.base.errors import RecordError, RummyError, VariantError
from rummykit.core.base.values import SHOWN_MAX, shortened, shown_value
from rummykit.core.engine.names import check_kind, check_name, taken_name
from rummykit.core.engine.names import shown as shown_name
from rummykit.core.engine.options import build_options
from rummykit.core.play.match import BUILT_IN_KINDS, Match, MatchRule

if TYPE_CHECKING:
    from rummykit.core.play.match import Match
    from rummykit.core.plugins.registry import Registry

FORMAT: Final = "rummykit-match"
VERSION: Final = 1

MAX_FILE_BYTES = 16 * 1024 * 1024  #: a save file larger than this is refused unread
MAX_ACTIONS = 500_000  #: moves in one record
MAX_SEATS = 16
SEED_LIMIT = 2**256  #: seeds are 0 <= seed < SEED_LIMIT
MAX_OPTIONS = 64  #: option keys in one record
MAX_OPTION_DEPTH = 4  #: lists and objects inside an option value
MAX_TEXT = 200  #: characters in an action, a seat kind, a variant name, an option string
MAX_NAME = 100  #: characters in a seat's name

Text = Annotated[str, Field(max_length=MAX_TEXT)]
Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # no text of a record holds one


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class SeatRecord(BaseModel):
    """A seat: its kind and its name, both plain text by the rules of core/engine/names.py
    (checked when read from a file too, so a save file cannot smuggle escapes in).
    Checked again inside a MatchRecord and on assignment: a seat's name may be
    changed after it is made."""

    model_config = ConfigDict(strict=True, revalidate_instances="always", validate_assignment=True)

    kind: str = Field(min_length=1, max_length=MAX_TEXT)  # "human" or an agent name such as "ai:easy"
    name: str = Field(max_length=MAX_NAME)

    @field_validator("kind")
    @classmethod
    def _plain_kind(cls, v: str) -> str:
        return check_kind(v)

    @field_validator("name")
    @classmethod
    def _plain_name(cls, v: str) -> str:
        return check_name(v)


def _check_option_value(value: Any, depth: int = 0) -> None:
    if depth > MAX_OPTION_DEPTH:
        raise ValueError(f"nested more than {MAX_OPTION_DEPTH} deep")
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise ValueError(f"a text longer than {MAX_TEXT} characters")
    if isinstance(value, list):
        for v in value:
            _check_option_value(v, depth + 1)
    elif isinstance(value, dict):
        for v in value.values():
            _check_option_value(v, depth + 1)


class RuleRecord(BaseModel):
    """The match rule a game was played under (:meth:`rummykit.core.play.match.MatchRule.to_json`):
    a built-in rule (``first_to``, ``lowest_past``, ``deals``) or a plugin's,
    named by its ``rule``; ``teams`` when seats play in teams; ``params``, a
    plugin rule's own settings."""

    model_config = ConfigDict(strict=True, extra="forbid")

    rule: str = Field(pattern=r"^[a-z][a-z0-9_-]{0,39}$")
    limit: int = Field(ge=1, le=1_000_000)
    lowest_wins: bool = False  # what lowest_past always is; for deals, as chosen
    teams: list[list[Annotated[int, Field(ge=0, lt=MAX_SEATS)]]] | None = Field(
        default=None, max_length=MAX_SEATS
    )
    params: dict[Text, Any] | None = Field(default=None, max_length=MAX_OPTIONS)

    @field_validator("params")
    @classmethod
    def _params_bounded(cls, params: dict[str, Any] | None) -> dict[str, Any] | None:
        for v in (params or {}).values():
            _check_option_value(v)
        return params

    @model_validator(mode="after")
    def _wins_by_rule(self) -> RuleRecord:
        if self.rule == "first_to":
            self.lowest_wins = False
        elif self.rule == "lowest_past":
            self.lowest_wins = True
        return self

    @model_serializer(mode="wrap")
    def _without_empty(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """``teams`` and ``params`` written only when the rule has them."""
        data: dict[str, Any] = handler(self)
        for key in ("teams", "params"):
            if data.get(key) is None:
                data.pop(key, None)
        return data

    def describe(self) -> str:
        if self.rule in BUILT_IN_KINDS:
            return MatchRule(self.rule, self.limit, self.lowest_wins, teams=self.teams or ()).describe()
        return f"{self.rule.replace('_', ' ')} {self.limit}"


class MatchRecord(BaseModel):
    """A game: ``match`` is the match rule it is played under (a record written
    before rules were recorded has none, and replays under the variant's rule)."""

    model_config = ConfigDict(strict=True)

    format: Literal["rummykit-match"] = FORMAT
    version: Literal[1] = VERSION
    id: str = Field(default_factory=lambda: uuid.uuid4().hex[:8], pattern=r"^[A-Za-z0-9_-]{1,32}$")
    variant: Text
    options: dict[Text, Any] = Field(default_factory=dict, max_length=MAX_OPTIONS)
    seats: list[SeatRecord] = Field(min_length=1, max_length=MAX_SEATS)
    seed: int = Field(ge=0)
    match: RuleRecord | None = None
    #: The match rule's state after the last round played
    #: (:meth:`rummykit.core.play.match.MatchRule.state`); ``None`` in a record
    #: written before states were kept, or before the first round ends.
    state: dict[Text, Any] | None = Field(default=None, max_length=MAX_OPTIONS)
    actions: list[Text] = Field(default_factory=list, max_length=MAX_ACTIONS)
    finished: bool = False
    #: How the terminal game showed it (``rummy play --ascii``, ``--four-colour``),
    #: for ``rummy resume`` to show it the same way.
    display: list[Literal["ascii", "four-colour"]] = Field(default_factory=list, max_length=2)
    # Printed in listings and headers: plain ASCII only (a save file is untrusted).
    created: str = Field(default_factory=now, pattern=r"^[0-9A-Za-z:.+-]{1,40}$")
    updated: str = Field(default_factory=now, pattern=r"^[0-9A-Za-z:.+-]{1,40}$")

    @field_validator("seed")
    @classmethod
    def _seed_in_range(cls, seed: int) -> int:
        if seed >= SEED_LIMIT:
            raise ValueError("must be below 2**256")
        return seed

    @field_validator("options")
    @classmethod
    def _options_bounded(cls, options: dict[str, Any]) -> dict[str, Any]:
        for v in options.values():
            _check_option_value(v)
        return options

    @field_validator("state")
    @classmethod
    def _state_bounded(cls, state: dict[str, Any] | None) -> dict[str, Any] | None:
        for v in (state or {}).values():
            _check_option_value(v)
        return state

    @model_validator(mode="after")
    def _no_control_characters(self) -> MatchRecord:
        texts = [
            ("variant", self.variant),
            *(("actions", a) for a in self.actions),
            *(("options", k) for k in self.options),
        ]
        for i, seat in enumerate(self.seats):
            texts += [(f"seats.{i}.kind", seat.kind), (f"seats.{i}.name", seat.name)]
        for where, text in texts:
            if CONTROL.search(text):
                raise ValueError(f"{where} holds a control character")
        return self

    def to_json(self) -> str:
        return self.model_dump_json(indent=1) + "\n"


def sidecar(path: Path, tag: str) -> Path:
    """A hidden file beside ``path`` (``.NAME.TAG``), its name kept short enough for
    any file system even when ``path``'s own name is near the limit."""
    name = f".{path.name}.{tag}"
    if len(name.encode("utf-8", "surrogateescape")) > 120:
        digest = sha256(path.name.encode("utf-8", "surrogateescape")).hexdigest()[:16]
        name = f".rummykit-{digest}.{tag}"
    return path.parent / name


class SaveFailed(RecordError):
    """A save the machine could not write (a full disk, a quota, a file size
    limit, an I/O error): its failure, not the user's (exit status 1)."""

    exit_code = 1


#: The errors of a write that the machine, not the path given, made fail.
_MACHINE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def _cannot_save(path: Path, e: OSError) -> RecordError:
    error = SaveFailed if e.errno in _MACHINE_ERRORS else RecordError
    return error(f"cannot save to {path}: {e.strerror or e or type(e).__name__}")


def save_record(record: MatchRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` to ``path`` atomically: a crash leaves the old file or the new
    one. A symbolic link stays a link: the file it points to is replaced. A path
    that cannot be written is a :class:`RecordError` naming it."""
    given = Path(path)
    path = Path(os.path.realpath(given))
    if len(record.actions) > MAX_ACTIONS:
        raise RecordError(f"cannot save to {given}: more than {MAX_ACTIONS} moves")
    record.updated = now()
    data = record.to_json().encode("utf-8")
    if len(data) > MAX_FILE_BYTES:
        raise RecordError(f"cannot save to {given}: the record would pass {MAX_FILE_BYTES} bytes")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp_name = sidecar(path, "")
        fd, tmp = tempfile.mkstemp(prefix=tmp_name.name, suffix=".tmp", dir=path.parent)
    except OSError as e:
        raise _cannot_save(given, e) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        with contextlib.suppress(OSError):
            os.chmod(tmp, os.stat(path).st_mode & 0o777)  # keep the mode of the file replaced
        os.replace(tmp, path)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(e, OSError):
            raise _cannot_save(given, e) from None
        raise


def read_record_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a save file, at most :data:`MAX_FILE_BYTES` of them (a folder, a
    device or a pipe is refused without being opened)."""
    path = Path(path)
    try:
        st = os.stat(path)
        if stat.S_ISDIR(st.st_mode):
            raise RecordError(f"{path}: is a folder, not a save file")
        if not stat.S_ISREG(st.st_mode):
            raise RecordError(f"{path}: not a regular file")
        if st.st_size > MAX_FILE_BYTES:
            raise RecordError(f"{path}: save file is larger than {MAX_FILE_BYTES} bytes; not read")
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise RecordError(f"{path}: no such save file") from None
    except OSError as e:
        raise RecordError(f"{path}: cannot read: {e.strerror or type(e).__name__}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise RecordError(f"{path}: save file is larger than {MAX_FILE_BYTES} bytes; not read")
    return raw


def _shown(part: object) -> str:
    text = str(part)
    return text if text.isprintable() and len(text) <= SHOWN_MAX else shown_value(text)


def invalid(error: ValidationError) -> str:
    """The first problem of a record or seat that failed validation, in one safe line."""
    err = error.errors()[0]
    loc = ".".join(_shown(x) for x in err.get("loc", ()))
    msg = err.get("msg", "").removeprefix("Value error, ")
    msg = shortened(msg, 120)
    return f"{loc}: {msg}" if loc else msg


def parse_record(raw: bytes, path: str | os.PathLike[str]) -> MatchRecord:
    """The record in ``raw`` (the bytes of ``path``); any problem (two seats of one
    name by :func:`rummykit.core.engine.names.fold` included) is a :class:`RecordError`."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        what = "empty" if not raw.strip() else "damaged or truncated (not valid JSON)"
        detail = f" at line {e.lineno}" if isinstance(e, json.JSONDecodeError) and raw.strip() else ""
        raise RecordError(f"{path}: save file is {what}{detail}") from None
    except RecursionError:
        raise RecordError(f"{path}: save file is damaged (nested too deep)") from None
    except ValueError:  # a number with thousands of digits
        raise RecordError(f"{path}: save file is damaged (a number too long)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{path}: not a rummykit save file")
    version = data.get("version")
    if version != VERSION or type(version) is not int:
        if isinstance(version, str):
            shown = shown_value(version)  # "1", the text, is not the number 1
        else:
            shown = _shown(version) if isinstance(version, int) else type(version).__name__
        raise RecordError(
            f"{path}: save file format version {shown} is not supported "
            f"(this rummykit reads version {VERSION})"
        )
    try:
        record = MatchRecord.model_validate(data)
    except ValidationError as e:
        raise RecordError(f"{path}: save file is damaged: {invalid(e)}") from None
    except RecursionError:
        raise RecordError(f"{path}: save file is damaged (nested too deep)") from None
    clash = taken_name([seat.name for seat in record.seats])
    if clash is not None:  # rummy never writes two seats of one name (session.parse_seats)
        i, j = clash
        raise RecordError(
            f"{path}: save file is damaged: seats.{j}.name {shown_name(record.seats[j].name)} "
            f"is the name of seats.{i} ({shown_name(record.seats[i].name)}); "
            "every seat needs a name of its own"
        )
    return record


def load_record(path: str | os.PathLike[str]) -> MatchRecord:
    """Read a record; any problem is a :class:`RecordError` naming the file."""
    return parse_record(read_record_bytes(path), path)


def rule_record(match: Match) -> RuleRecord:
    """The record of ``match``'s rule."""
    return RuleRecord.model_validate(match.rule.to_json())


def check_rule(record: MatchRecord, match: Match) -> None:
    """A :class:`RecordError` when ``record`` was played under another match rule
    than the one ``match`` (the installed variant) plays by."""
    if record.match is not None and record.match != rule_record(match):
        raise RecordError(
            f"save file does not fit: it was played under the rule {record.match.describe()!r}, "
            f"but {record.variant} now plays {match.rule.describe()!r}"
        )


def start_match(record: MatchRecord, registry: Registry, **match_kwargs: Any) -> Match:
    """The :class:`Match` ``record`` was played as, at its deal (no move
    applied). Raises :class:`RecordError` if the record does not fit the
    installed variant."""
    try:
        spec = registry.variant(record.variant)
        options = build_options(spec.options_model, record.options, spec.name)
        match = Match(spec, options, len(record.seats), record.seed, **match_kwargs)
    except VariantError:
        raise  # the variant's own fault, not the file's
    except RummyError as e:
        raise RecordError(f"save file does not fit: {e}") from None
    check_rule(record, match)
    return match


def replay(record: MatchRecord, registry: Registry, upto: int | None = None, **match_kwargs: Any) -> Match:
    """A :class:`Match` rebuilt from ``record`` by re-applying its actions (the
    first ``upto`` of them). Raises :class:`RecordError` if the record does not
    fit the installed variant."""
    match = start_match(record, registry, **match_kwargs)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, text in enumerate(actions):
        legal = {a.notation(): a for a in match.legal_actions()}
        action = legal.get(text)
        if action is None:
            raise RecordError(f"save file does not replay: move {i + 1} {text!r} is not legal at that point")
        match.apply(action)
    if upto is None:
        check_state(record, match)
    return match


def check_state(record: MatchRecord, match: Match) -> None:
    """Raise :class:`RecordError` if ``record`` keeps a match state that is not
    the state of ``match``, the match its moves lead to."""
    if record.state is not None and record.state != match.state():
        raise RecordError(
            "save file does not replay: its match state "
            f"{shortened(json.dumps(record.state), 80)} is not the state its moves lead to "
            f"{shortened(json.dumps(match.state()), 80)}"
        )
