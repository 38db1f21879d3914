"""A game in progress: a match, who sits where, and its record on disk.

The session is what the terminal game and ``rummy resume`` drive: it asks bots
for their moves, applies people's moves, and saves the record after every action
(atomically), so an interrupted game loses nothing. Undo rebuilds the match from
the record without the last action. Nothing is written but after a move or an
undo: opening a game and leaving it leaves its file as it was.

One process per game: :func:`open_saved` and :func:`claim_new_save` lock the
save file (:class:`SaveLock`, an ``flock`` on a hidden ``.NAME.lock`` beside it)
for as long as the session is open. The kernel drops such a lock when its
process ends, however it ends, so a ``kill -9`` never leaves a game locked.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from pydantic import ValidationError

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: games are not locked
    fcntl = None  # type: ignore[assignment]

from platformdirs import user_data_dir

from rummykit.core.base.errors import IllegalAction, RecordError, RummyError
from rummykit.core.base.values import shown_value
from rummykit.core.bots.agents import agent_seed, observers, tell_observers
from rummykit.core.bots.guard import MoveClock, SafeAgent, Who
from rummykit.core.engine.actions import DRAW_STOCK, Action
from rummykit.core.engine.loop import Loop, variant_refused
from rummykit.core.engine.names import (
    BadName,
    bot_name,
    check_kind,
    check_name,
    shown,
    taken_name,
    unique_names,
)
from rummykit.core.engine.options import build_options
from rummykit.core.engine.round import Event, View
from rummykit.core.play.match import Match, check_players, match_rule
from rummykit.core.play.records import (
    MatchRecord,
    RuleRecord,
    SeatRecord,
    invalid,
    parse_record,
    read_record_bytes,
    replay,
    save_record,
    sidecar,
)
from rummykit.core.plugins.registry import AgentSpec, Registry, VariantSpec, seat_names

#: Called with a hook's name and arguments (``notify("round_ended", match=m,
#: result=r)``): the plugins' observers.
Notify = Callable[..., None]

HUMAN = "human"


def parse_seat(text: str, index: int) -> SeatRecord:
    """``human``, ``human:NAME``, ``ai:LEVEL``, ``ai:LEVEL:NAME``, ``random`` or any
    computer player's name. NAME follows the rules of :mod:`rummykit.core.engine.names`
    (a bad one is a one-line error naming the seat); a person with no name is
    "Player N", a computer player "Easy bot" (after its level)."""
    return _parse_seat(text, index)[0]


def _parse_seat(text: str, index: int) -> tuple[SeatRecord, bool]:
    """The seat of :func:`parse_seat`, and whether its name was typed (not a default)."""
    text = text.strip()
    if not text:
        raise RummyError("empty seat; use human[:NAME], ai:LEVEL or random")
    parts = text.split(":")
    typed = ""
    if parts[0] == HUMAN:
        typed = ":".join(parts[1:]).strip()
        kind, name = HUMAN, typed or f"Player {index + 1}"
    elif parts[0] == "ai" and len(parts) >= 3:
        kind = ":".join(parts[:2])
        typed = ":".join(parts[2:]).strip()
        name = typed or bot_name(kind)
    else:
        kind, name = text, bot_name(text)
    try:
        return seat_record(check_kind(kind), check_name(name)), bool(typed)
    except BadName as e:
        raise BadName(f"seat {index + 1}: {e}") from None


def seat_record(kind: str, name: str) -> SeatRecord:
    """A seat, or a :class:`RummyError` saying why it cannot be recorded."""
    try:
        return SeatRecord(kind=kind, name=name)
    except ValidationError as e:
        raise RummyError(f"bad seat {shown_value(kind)}: {invalid(e)}") from None


def parse_seats(texts: Sequence[str]) -> list[SeatRecord]:
    """Every seat of ``texts`` (see :func:`parse_seat`). A typed name another
    typed name already has (ignoring case and look-alike forms,
    :func:`rummykit.core.engine.names.fold`) is a :class:`BadName` naming both
    seats; default names are numbered apart from each other and from typed ones
    (:func:`rummykit.core.engine.names.unique_names`)."""
    parsed = [_parse_seat(t, i) for i, t in enumerate(texts)]
    seats = [seat for seat, _ in parsed]
    typed = [t for _, t in parsed]
    clash = taken_name([s.name for s, t in parsed if t])
    if clash is not None:
        where = [i for i, t in enumerate(typed) if t]
        i, j = where[clash[0]], where[clash[1]]
        raise BadName(
            f"seat {j + 1}: the name {shown(seats[j].name)} is taken by seat {i + 1} "
            f"({shown(seats[i].name)}); give each seat a name of its own"
        )
    for seat, name in zip(seats, unique_names([s.name for s in seats], typed), strict=True):
        seat.name = name
    return seats


def default_save_dir() -> Path:
    env = os.environ.get("RUMMYKIT_DATA_DIR")
    if env:
        return Path(env) / "games"

    return Path(user_data_dir("rummykit", appauthor=False)) / "games"


class Session:
    def __init__(
        self, registry: Registry, record: MatchRecord, path: Path | None, notify: Notify | None = None
    ) -> None:
        self.registry = registry
        self.record = record
        self.path = path
        self._notify = notify
        self.spec = registry.variant(record.variant)
        self.options = build_options(self.spec.options_model, record.options, self.spec.name)
        self._recording = True  # the move being applied goes into the record
        self._blame = False  # a refusal of the move being applied is the variant's fault
        self._play(self._replay(record.actions))
        self.agents: list[SafeAgent | None] = [self._make_agent(i, s) for i, s in enumerate(record.seats)]
        self._observers: list[int] | None = None  # found at the first move (bots are made then)
        self.names = seat_names([s.name for s in record.seats])
        self.locks: list[SaveLock] = []  # held until close()
        #: False for a new game saved in the user data folder: closed with no
        #: move made, its file is removed (nothing to continue).
        self.keep_unplayed = True
        #: Called once the move that ends the match is saved, in a game with a
        #: person (``rummy play`` records the statistics there, so that a signal
        #: at the match-end screen cannot lose them).
        self.on_finished: Callable[[Session], None] | None = None

    # -- construction ------------------------------------------------------------

    @classmethod
    def new(
        cls,
        registry: Registry,
        variant: str,
        options: dict,
        seats: Sequence[SeatRecord],
        seed: int,
        path: Path | None,
        notify: Notify | None = None,
    ) -> Session:
        spec = registry.variant(variant)
        check_players(spec, len(seats))
        opts = build_options(spec.options_model, options, spec.name)
        rule = RuleRecord.model_validate(match_rule(spec, opts).to_json())
        for s in seats:
            if s.kind != HUMAN:
                registry.agent(spec.name, s.kind)  # unknown agent: clear error now
        try:
            record = MatchRecord(
                variant=spec.name,
                options=opts.model_dump(mode="json", exclude_defaults=True),
                seats=list(seats),
                seed=seed,
                match=rule,
            )
        except ValidationError as e:
            raise RummyError(f"cannot record this game: {invalid(e)}") from None
        session = cls(registry, record, path, notify)
        session.save()
        return session

    def _replay(self, actions: list[str]) -> Match:
        match = replay(self.record.model_copy(update={"actions": actions}), self.registry)
        # Observers hear only what happens from now on, not the replayed past.
        if self._notify:
            notify = self._notify
            match.on_round_end = lambda m, r: notify("round_ended", match=m, result=r)
            match.on_match_end = lambda m: notify("match_ended", match=m)
        return match

    def _play(self, match: Match) -> None:
        """Play ``match`` from now on. Every move goes through the game loop
        (:attr:`loop`): a computer player's through :meth:`bot_move`, a
        person's, which :meth:`decide` hands back to the terminal UI, through
        :meth:`apply`."""
        self.match = match
        self.loop: Loop[Event] = Loop(match, self.decide, refused=self._refused, on_event=self._moved)

    # -- computer players --------------------------------------------------------

    _clock: MoveClock | None = None

    @property
    def clock(self) -> MoveClock:
        """Times the computer players' moves (``rummy play --move-timeout``)."""
        if self._clock is None:
            self._clock = MoveClock()
        return self._clock

    def set_move_timeout(self, seconds: float) -> None:
        """The seconds a computer player may think over one move."""
        self._clock = MoveClock(seconds)
        for agent in self.agents:
            if agent is not None:
                agent.clock = self._clock

    def _who(self, spec: VariantSpec[Any] | AgentSpec[Any], seat: int) -> Who:
        with_person = any(s.kind == HUMAN for s in self.record.seats)
        return Who(spec.name, spec.plugin, seat, self.record.seed, hide_seed=with_person)

    def _make_agent(self, seat: int, s: SeatRecord) -> SafeAgent | None:
        """The seat's computer player, called safely (made on its first move)."""
        if s.kind == HUMAN:
            return None
        spec = self.registry.agent(self.spec.name, s.kind)
        return SafeAgent(
            self._who(spec, seat), spec.factory, agent_seed(self.record.seed, seat), self.options, self.clock
        )

    def decide(self, seat: int) -> Action | None:
        """The game loop's decider: the move of the computer player at ``seat``
        (the seat to act), not yet applied, or ``None`` at a person's seat (the
        terminal UI asks the person). A bot that raises, returns anything but a
        legal move or runs past the move timeout is an
        :class:`~rummykit.core.base.errors.AgentError` naming it."""
        agent = self.agents[seat]
        if agent is None:
            return None
        # What a bot prints goes to standard error: the game's own lines are on
        # standard output (as in rummy simulate, whose JSON stays JSON).
        with self.clock.running(), contextlib.redirect_stdout(sys.stderr):
            return agent.act(self.match.view(seat), self.match)

    def bot_action(self) -> Action:
        """The move of the computer player to act, not yet applied
        (:meth:`decide`)."""
        seat = self.to_act()
        action = self.decide(seat) if seat is not None else None
        if action is None:
            raise RummyError("no computer player is to act")
        return action

    def bot_move(self, action: Action | None = None) -> Event:
        """Apply the move of the computer player to act (``action``, from
        :meth:`bot_action`, or asked for now) through the game loop. With no
        save path and no person seated nothing of the past moves is kept
        (there is nowhere to save them and no one to undo them): a long
        bots-only game stays flat in memory. A move the variant refuses (one
        of the legal moves its view offered) is its fault."""
        if action is None:
            action = self.bot_action()
        quiet = self.path is None and not self.humans
        if quiet:
            self.match.keep_history = False
        return self._move(action, record=not quiet, blame=True)

    def hint(self, seat: int) -> tuple[str, Action, str] | None:
        """What the strongest computer player that understands the rules played
        (the variant and its options) would do for ``seat`` now: (its name, the
        move, its reason or ``""``), or ``None`` when there is none. A hint bot
        that fails is an AgentError."""
        spec = self.registry.strongest_agent(self.spec.name, self.options)
        if spec is None:
            return None
        who = Who(spec.name, spec.plugin, seat)  # a person's seat: no seed shown
        agent = SafeAgent(who, spec.factory, agent_seed(self.record.seed, seat), self.options, self.clock)
        view = self.match.view(seat)
        with self.clock.running(), contextlib.redirect_stdout(sys.stderr):
            action = agent.act(view, self.match)
            return spec.name, action, agent.explain(view, action)

    # -- state ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.match.over

    def to_act(self) -> int | None:
        return self.match.to_act()

    def is_human(self, seat: int) -> bool:
        return self.agents[seat] is None

    @property
    def humans(self) -> list[int]:
        return [i for i, a in enumerate(self.agents) if a is None]

    def view(self, seat: int) -> View:
        return self.match.view(seat)

    # -- moves ---------------------------------------------------------------------

    def apply(self, action: Action) -> Event:
        """Apply and save ``action`` (a person's or a bot's) through the game
        loop; then the computer players that observe are told it
        (:func:`rummykit.core.bots.agents.tell_observers`). An illegal action is
        an :class:`~rummykit.core.base.errors.IllegalAction`, and changes nothing."""
        return self._move(action, record=True, blame=False)

    def _move(self, action: Action, record: bool, blame: bool) -> Event:
        self._recording, self._blame = record, blame
        return self.loop.move(action)

    def _refused(self, action: Action, error: IllegalAction) -> NoReturn:
        if self._blame:  # one of the view's legal moves: the variant's fault
            variant_refused(self.spec.name, action, error)
        raise error

    def _moved(self, event: Event) -> None:
        """After each move: recorded and saved (unless a bots-only game with
        nowhere to save it), then told to the computer players that observe."""
        if self._recording:
            self.record.actions.append(event.action.notation())
            self.record.finished = self.match.over
            if self.match.rounds_played:  # the rule's state after the last round ended
                self.record.state = self.match.state()
            self.save()
            if self.record.finished and self.humans and self.on_finished is not None:
                self.on_finished(self)
        self._tell(event)

    def _tell(self, event: Event) -> None:
        """Every computer player that observes is told ``event`` as its seat sees
        it, as in simulate (:func:`rummykit.core.bots.agents.tell_observers`)."""
        if self._observers == []:
            return
        # Timed like their moves (their constructors too: the first call makes
        # them), and what they print goes to standard error (see decide).
        with self.clock.running(), contextlib.redirect_stdout(sys.stderr):
            if self._observers is None:
                self._observers = observers(self.agents)
            if self._observers:
                tell_observers(self.agents, self._observers, event, self.match.view)

    def can_undo(self, seat: int) -> str | None:
        """``None`` if ``seat`` may take back its last action, else the reason."""
        hist = self.match.round.history
        if self.to_act() != seat or not hist or hist[-1].seat != seat:
            return "nothing of yours to undo this turn"
        last = hist[-1]
        if last.private or last.action.kind == DRAW_STOCK:
            return "a draw from the stock revealed a card; it cannot be undone"
        return None

    def undo(self, seat: int) -> Action:
        """Take back ``seat``'s last action (see :meth:`can_undo`). The computer
        players that observed it are not told: it was public, and is undone."""
        reason = self.can_undo(seat)
        if reason:
            raise RummyError(reason)
        undone = self.match.round.history[-1].action
        actions = self.record.actions[:-1]
        self._play(self._replay(actions))
        self.record.actions = actions
        self.record.finished = False
        self.save()
        return undone

    def save(self) -> None:
        if self.path is not None:
            save_record(self.record, self.path)

    @property
    def dropped(self) -> bool:
        """Whether :meth:`close` removes the save: a game nobody moved in, not to be kept."""
        return self.path is not None and not self.record.actions and not self.keep_unplayed

    def close(self) -> None:
        """Let other processes open this game (the end of the process does it
        too); first remove the save of a game nobody moved in (:attr:`dropped`)."""
        if self.dropped and self.locks:
            assert self.path is not None
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        for lock in self.locks:
            lock.release()
        self.locks = []


# -- save files: one process per game ----------------------------------------------------


class SaveLock:
    """An exclusive lock on a save file, held by this process until :meth:`release`
    or its end: an ``flock`` on the hidden ``.NAME.lock`` beside the file (the save
    itself is replaced by a rename at every move, so its name cannot hold the
    lock). Two paths to one file (a symbolic link) share one lock; the file as it
    is when the lock is taken is locked too (by device and inode), so a hard link
    to it is refused as well."""

    def __init__(self, fd: int | None, lock_path: Path, file_fd: int | None = None) -> None:
        self._fd = fd
        self.lock_path = lock_path
        self._file_fd = file_fd  # the save file itself, locked by its device and inode

    @classmethod
    def take(cls, path: Path, what: str) -> SaveLock:
        """Lock ``path`` (which need not exist yet; its folder is made). ``what``
        names the game in the refusal when another process holds it. A folder
        this process cannot write to is a :class:`RecordError`."""
        real = Path(os.path.realpath(path))
        lock_path = sidecar(real, "lock")
        try:
            real.parent.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise RecordError(f"cannot save to {path}: a part of that path is a file, not a folder") from None
        except OSError as e:
            raise RecordError(f"cannot save to {path}: {e.strerror or e}") from None
        _check_writable(real, path)
        if fcntl is None:  # pragma: no cover
            return cls(None, lock_path)
        while True:
            try:
                fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
            except OSError as e:
                raise RecordError(f"cannot save to {path}: {e.strerror or e}") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise RummyError(
                    f"{what} is open in another rummy process; go on playing there, or quit it first"
                ) from None
            except OSError as e:
                os.close(fd)
                raise RecordError(f"cannot lock {path}: {e.strerror or e}") from None
            # The last holder may have removed the lock file between our open and our
            # lock: then this lock guards nothing, so take the file now there.
            try:
                current = os.stat(lock_path)
            except FileNotFoundError:
                current = None
            if current is not None and os.path.samestat(os.fstat(fd), current):
                try:
                    return cls(fd, lock_path, _lock_file(real))
                except BlockingIOError:
                    cls(fd, lock_path).release()
                    raise RummyError(
                        f"{what} is open in another rummy process (by another name); "
                        "go on playing there, or quit it first"
                    ) from None
            os.close(fd)

    @staticmethod
    def clear_stale(folder: Path) -> int:
        """Remove the lock files in ``folder`` that no process holds (a ``kill -9``
        leaves its file, though not its lock); how many. One held is left alone."""
        if fcntl is None:  # pragma: no cover
            return 0
        removed = 0
        try:
            files = list(folder.glob(".*.lock"))
        except OSError:
            return 0
        for lock_path in files:
            try:
                fd = os.open(lock_path, os.O_RDWR | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
            except OSError:
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                if os.path.samestat(os.fstat(fd), os.stat(lock_path)):  # still that file: see take()
                    os.unlink(lock_path)
                    removed += 1
            except OSError:
                pass
            finally:
                os.close(fd)
        return removed

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.lock_path)  # before unlocking: see take()
        os.close(self._fd)
        self._fd = None
        if self._file_fd is not None:
            os.close(self._file_fd)
            self._file_fd = None


def _lock_file(real: Path) -> int | None:
    """The save file at ``real`` itself locked (an ``flock`` on its device and
    inode, held open), beside the lock on its name: another name for the same
    file (a hard link) is refused while this process has it. None when there is
    no file yet; a BlockingIOError when another process holds it."""
    assert fcntl is not None
    try:
        file_fd = os.open(real, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None  # a new save, or not a file this process can read: its name's lock stands
    try:
        fcntl.flock(file_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(file_fd)
        raise
    except OSError:
        os.close(file_fd)
        return None
    return file_fd


def _check_writable(real: Path, shown: Path) -> None:
    """A save can be written in ``real``'s folder (a temporary file, then a rename),
    or a :class:`RecordError` naming ``shown``."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=sidecar(real, "").name, suffix=".tmp", dir=real.parent)
    except OSError as e:
        raise RecordError(f"cannot save to {shown}: {e.strerror or e}") from None
    os.close(fd)
    os.unlink(tmp)


NEW_SAVE_HINT = "choose another --save path"


def refuse_existing(path: Path, hint: str = NEW_SAVE_HINT) -> None:
    """A :class:`RummyError` if anything is at ``path``: a file, a folder, a link
    (even a dangling one). A save never replaces what is there."""
    if os.path.isdir(path):
        raise RummyError(f"{path} is a folder; {NEW_SAVE_HINT}")
    if os.path.lexists(path):
        raise RummyError(f"{path} already exists; {hint} (a save never replaces a file)")


def refuse_missing_folder(path: Path) -> None:
    """A :class:`RummyError` if the folder ``path`` would go in does not exist
    (a ``--save`` path given by a person: a mistyped folder is not made)."""
    parent = path.parent
    if not os.path.lexists(parent):
        raise RummyError(f"cannot save to {path}: there is no folder {parent} (make it first)")


def claim_new_save(path: Path, hint: str = NEW_SAVE_HINT) -> SaveLock:
    """The lock on ``path`` for a new save file: refused if anything is at ``path``
    already (:func:`refuse_existing`), or if it cannot be written there."""
    refuse_existing(path, hint)
    lock = SaveLock.take(path, str(path))
    try:
        refuse_existing(path, hint)  # made while we were taking the lock?
    except RummyError:
        lock.release()
        raise
    return lock


def _checked(registry: Registry, raw: bytes, source: Path, save_to: Path, notify: Notify | None) -> Session:
    """The session of the record in ``raw`` (read from ``source``): it must load,
    fit the installed variant, replay, and not be over."""
    record = parse_record(raw, source)
    finished = RummyError(f"{source}: that game is finished (rummy replay {source} shows it)")
    if record.finished:
        raise finished
    try:
        session = Session(registry, record, save_to, notify)
    except RummyError as e:
        msg = str(e)
        raise RecordError(msg if str(source) in msg else f"{source}: {msg}") from None
    if session.over:
        raise finished
    return session


def open_saved(
    registry: Registry, source: Path, save_to: Path | None = None, notify: Notify | None = None
) -> Session:
    """The unfinished game saved in ``source``, checked and locked for this process.

    Its moves are saved to ``save_to`` (which must not exist; the game is written
    there at once) or else to ``source`` (through a symbolic link, to the file it
    points to). ``source`` is only read here: a damaged, foreign or finished file,
    a game another process has open, or a save path that cannot be written is a
    :class:`RummyError`, and the file is left as it was."""
    if save_to is not None:
        refuse_existing(save_to)
    raw = read_record_bytes(source)
    session = _checked(registry, raw, source, save_to or source, notify)
    locks = [SaveLock.take(source, f"game {session.record.id} ({source})")]
    try:
        if save_to is not None:
            locks.append(claim_new_save(save_to))
        again = read_record_bytes(source)  # what it holds now that it is ours
        if again != raw:
            session = _checked(registry, again, source, save_to or source, notify)
        session.locks = locks
        if save_to is not None:
            session.save()
    except BaseException:
        for lock in locks:
            lock.release()
        raise
    return session
