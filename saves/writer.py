"""Writing a game file as the game goes, so that a crash loses nothing.

* :class:`GameWriter` appends one line per event and flushes it to the
  operating system at once (a killed program loses nothing); at the start and
  end of every hand and at the end of the game it also ``fsync``s (a power
  cut loses at most the current hand).  The file is only ever appended to.
* A step of the game is one record: the events that never end a step
  (``engine.game.is_lead``: a riichi declaration, a riichi stick, a kan dora...)
  are kept until the event that ends it and written with it in one ``write``,
  so a crash never leaves a declaration without its discard.  Continuing a file
  that ends inside a step (an older file, a torn write) drops that step's lines
  and asks the seats again (``engine.game.unfinished_step``).
* Where a whole file must be written (the autosave pointer, a repaired copy),
  it is written to a temporary file, synced and renamed over (:func:`atomic_write`).
* The autosave pointer (``autosave.json`` in the save folder) names the game
  being played; :func:`latest_unfinished` finds the game to offer to continue.
* A game file being played is locked (``flock``): a second window that tries to
  continue it gets :class:`GameLocked` and may continue a copy instead.
* A write that fails (a full or read-only disk) does not stop the game: the bytes
  not yet written are kept, retried with every later event and at ``close``, and
  ``problem`` says in one sentence what is wrong; what was written stays whole.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import IO

from platformdirs import user_data_dir

from hanchan.engine.events import (
    Event,
    GameEnded,
    GameStarted,
    HandDrawn,
    HandStarted,
    Note,
    Penalty,
    Won,
)
from hanchan.engine.game import is_lead, unfinished_step
from hanchan.saves.codec import Header, SeatInfo, app_version, encode_event, encode_header
from hanchan.saves.folder import list_games, peek
from hanchan.saves.reader import LoadedGame, SaveError, line_start, read_regular
from hanchan.saves.verify import good_part

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks
    fcntl = None  # type: ignore[assignment]

POINTER = "autosave.json"
SUFFIX = ".jsonl"
_SYNC_AFTER = (HandStarted, Won, HandDrawn, GameEnded, Penalty)


def default_save_dir() -> Path:
    """The user's data folder for saved games (``platformdirs``' user data dir / saves)."""
    return Path(user_data_dir("hanchan")) / "saves"


def save_dir(arg: str | os.PathLike[str] | None) -> Path:
    """The save folder from a ``--save-dir`` argument (None: the default)."""
    return Path(arg).expanduser() if arg else default_save_dir()


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once: temp file, fsync, rename, fsync the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_dir(path.parent)


def _sync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def cannot_continue(game: LoadedGame) -> str | None:
    """Why a game read from its file cannot be continued before it is replayed (None when
    it may be): it is over, or it has no seed to deal from (an import) and no hand of it was
    recorded (an empty import, a first hand damaged), so the engine has no table to go on
    from.  A game of ours whose first hand was not recorded whole deals it again.

    >>> from hanchan.saves.reader import loads
    >>> cannot_continue(loads(encode_header(make_header({}, (), seed=1))))
    'no hand of this game was recorded: there is nothing to continue'
    """
    if game.finished:
        return "the game is already over"
    first = game.events[0] if game.events else None
    if isinstance(first, GameStarted) and first.seed is not None:
        return None  # a hand not recorded whole is dealt again from the game's seed
    if not any(isinstance(e, HandStarted) for e in game.events):
        if game.problems:
            return (f"{game.problems[0]}, before any hand was recorded whole: there is "
                    "nothing to continue")
        return "no hand of this game was recorded: there is nothing to continue"
    return None


class GameLocked(SaveError):
    """The game file is being played in another window (its lock is held)."""


def _open_to_continue(path: Path, copy: bool) -> IO[bytes] | None:
    """The game file opened to be appended to, never through a link (None: it cannot be
    written, and ``copy`` continues it in a copy); :class:`SaveError` when it cannot be."""
    try:  # never through a link: a game is appended to in its own file only
        return os.fdopen(os.open(path, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0)), "r+b",
                         buffering=0)
    except FileNotFoundError:
        raise SaveError("no such file", path=path) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise SaveError("is a link to another file; a game is continued only in its "
                            "own file", path=path) from None
        if not copy:
            raise SaveError(f"cannot be opened for writing ({exc.strerror or exc})",
                            path=path) from None
        return None


def _continuable(data: bytes, path: Path) -> tuple[LoadedGame, bytes]:
    """The good part of a game file to continue (without a step it ends inside), and its
    bytes ending in a newline; :class:`SaveError` when there is nothing to continue."""
    part = good_part(data, path)
    game = part.game
    refusal = cannot_continue(game)
    if refusal is not None:
        if part.problem is not None and not game.finished:
            refusal = (f"{part.problem.rstrip('.')}, before any hand was recorded "
                       "whole: there is nothing to continue")
        raise SaveError(refusal, path=path)
    cut = unfinished_step(game.events)
    if cut:
        game.good_bytes = line_start(data, game.lines[-cut])
        del game.events[-cut:], game.lines[-cut:]
    good = data[:game.good_bytes]
    if good and not good.endswith(b"\n"):
        good += b"\n"
    return game, good


def _copy_to_continue(path: Path, good: bytes, tag: str) -> Path:
    """A new file ``<name><tag>.jsonl`` (or ``<name><tag>2.jsonl``...) holding ``good``."""
    target = path.with_name(path.stem + tag + SUFFIX)
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}{tag}{n}{SUFFIX}")
    try:
        atomic_write(target, good)
    except OSError as exc:
        raise SaveError(f"its good part cannot be copied to continue, since its "
                        f"folder cannot be written ({exc.strerror or exc})",
                        path=path) from None
    return target


def _cut_tail(fh: IO[bytes], good: bytes, good_bytes: int) -> None:
    """Cut a file to its good part in place (``good``: those bytes, with a newline added
    when the last good line lacked one)."""
    fh.truncate(good_bytes)
    if len(good) > good_bytes:
        fh.seek(0, os.SEEK_END)
        fh.write(b"\n")
    os.fsync(fh.fileno())


def _lock(fh: IO[bytes], path: Path) -> None:
    """Hold an exclusive lock on the open game file, or :class:`GameLocked`."""
    if fcntl is None:  # pragma: no cover
        return
    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        fh.close()
        raise GameLocked("this game is being played in another hanchan window; close it "
                         "there, or continue a copy of it", path=path) from None
    except OSError:  # a file system without locks: play on unlocked
        pass


def _create_with(path: Path, first: bytes) -> IO[bytes]:
    """Create ``path`` holding ``first`` (synced) and open it for appending.

    The file appears with its whole first line or not at all: the line is written to a
    temporary file, synced, and hard-linked to its name (which fails if it exists).
    """
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(first)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError:  # no hard links here: create exclusively instead
            with open(path, "xb") as fh:
                fh.write(first)
                fh.flush()
                os.fsync(fh.fileno())
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    _sync_dir(path.parent)
    out: IO[bytes] = open(path, "ab", buffering=0)  # noqa: SIM115 - kept open for appending
    _lock(out, path)
    return out


def write_new(path: Path, data: bytes) -> None:
    """Create ``path`` holding ``data``, whole or not at all (:func:`_create_with`);
    ``FileExistsError`` if it exists.  An import killed while writing leaves no file."""
    _create_with(path, data).close()


def make_header(rules_dict: dict[str, object], seats: Sequence[SeatInfo],
                seed: int | None, source: str | None = None) -> Header:
    """A header for a new game, stamped with this version and the current UTC time."""
    return Header(
        app_version=app_version(),
        created=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        ruleset=dict(rules_dict),
        seats=tuple(seats),
        seed=seed,
        source=source,
    )


class GameWriter:
    """Appends events to one game file; use as a listener (``writer(event)``)."""

    def __init__(self, path: Path, fh: IO[bytes], pointer_dir: Path | None = None) -> None:
        self.path = path
        self._fh: IO[bytes] | None = fh
        self._pointer_dir = pointer_dir
        self._unwritten = b""  # bytes a failed write left to write (the disk was full)
        self._sync_owed = False
        self._held: list[bytes] = []  # the lines of a step not yet finished
        self._held_sync = False
        self.problem: str | None = None
        """Why the last write failed (one sentence for the player), None when all is saved."""

    # ---------------------------------------------------------------- opening
    @classmethod
    def create(cls, folder: Path, header: Header, *, name: str | None = None,
               pointer: bool = True) -> GameWriter:
        """Start a new file in ``folder`` (created if needed) and write its header."""
        folder.mkdir(parents=True, exist_ok=True)
        stem = name or time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        data = encode_header(header)
        for attempt in range(100):
            suffix = "" if attempt == 0 else f"-{secrets.token_hex(2)}"
            path = folder / f"{stem}{suffix}{SUFFIX}"
            try:
                fh = _create_with(path, data)
                break
            except FileExistsError:
                continue
        else:  # pragma: no cover
            raise SaveError("could not find a free file name", path=folder)
        writer = cls(path, fh, folder if pointer else None)
        if pointer:
            _try_pointer(folder, path)
        return writer

    @classmethod
    def open_path(cls, path: Path, header: Header, *, pointer: bool = False) -> GameWriter:
        """Start a new file at exactly ``path`` (refused if it exists)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fh = _create_with(path, encode_header(header))
        except FileExistsError:
            raise SaveError("the file already exists; choose another name", path=path) from None
        writer = cls(path, fh, path.parent if pointer else None)
        if pointer:
            _try_pointer(path.parent, path)
        return writer

    @classmethod
    def resume(cls, path: Path, *, pointer: bool = True, copy: bool = False
               ) -> tuple[GameWriter, LoadedGame]:
        """Continue writing an unfinished game (locked while it is played).

        The game is checked first (``saves.verify.good_part``: every event replayed
        through the engine).  A truncated last line is cut off, and so is a step the file
        ends inside (``engine.game.unfinished_step``: its seats are asked again).  A file
        damaged in the middle, or with a line that cannot follow, is left untouched: its
        good part is copied to a new file ``<name>-continued.jsonl``, and writing goes on
        there; so it does with ``copy`` (``<name>-copy.jsonl``), for a game locked by
        another window.  A file whose good part cannot be continued (the game is over,
        nothing was played) raises :class:`SaveError`, and nothing is written.
        """
        fh = _open_to_continue(path, copy)
        try:
            if fh is not None and not copy:
                _lock(fh, path)
            data = read_regular(path)
            game, good = _continuable(data, path)
            if game.problems or copy:
                if fh is not None:
                    fh.close()
                    fh = None
                target = _copy_to_continue(path, good, "-copy" if copy else "-continued")
                fh = open(target, "r+b", buffering=0)  # noqa: SIM115
                _lock(fh, target)
            else:
                target = path
                assert fh is not None
                if good != data:  # cut the unfinished tail in place (the file stays locked)
                    _cut_tail(fh, good, game.good_bytes)
            fh.seek(0, os.SEEK_END)
        except BaseException:
            if fh is not None:
                fh.close()
            raise
        writer = cls(target, fh, target.parent if pointer else None)
        if pointer:
            _try_pointer(target.parent, target)
        game.path = target
        return writer, game

    # ---------------------------------------------------------------- writing
    def _write(self, data: bytes, sync: bool) -> None:
        """Write ``data`` after anything a failed write left; on failure keep the rest and
        set :attr:`problem` (the game goes on in memory; the next write tries again)."""
        if self._fh is None:
            raise SaveError("the game file is closed", path=self.path)
        todo = self._unwritten + data
        self._sync_owed = self._sync_owed or sync
        try:
            while todo:
                n = self._fh.write(todo)
                if not n:
                    raise OSError(0, "nothing could be written")
                todo = todo[n:]
            if self._sync_owed:
                os.fsync(self._fh.fileno())
                self._sync_owed = False
        except OSError as exc:
            self._unwritten = todo
            self.problem = (f"The game could not be saved ({exc.strerror or exc}); it goes on, "
                            "and saving is tried again with every move.")
            return
        self._unwritten = b""
        self.problem = None

    @property
    def saved(self) -> bool:
        """Everything so far is in the file."""
        return not self._unwritten

    def retry(self) -> bool:
        """Write what a failed write left (space returned); True when all is saved."""
        if self._fh is not None and (self._unwritten or self._sync_owed):
            self._write(b"", sync=True)
        return self.saved

    def append(self, event: Event) -> None:
        """Write one event (flushed; synced at hand boundaries and the end); an event that
        never ends a step is kept and written with the one that ends it."""
        self._add((event,), sync=False)

    __call__ = append

    def extend(self, events: Sequence[Event]) -> None:
        """Write several events at once, then sync (a step left unfinished is kept)."""
        self._add(events, sync=True)

    def _add(self, events: Sequence[Event], sync: bool) -> None:
        held = self._held
        sync = sync or self._held_sync
        out: list[bytes] = []
        for ev in events:
            held.append(encode_event(ev))
            sync = sync or isinstance(ev, _SYNC_AFTER)
            if is_lead(ev) or (len(held) > 1 and type(ev) is Note):
                continue  # (a note inside a step goes with it)
            out.extend(held)
            held.clear()
        self._held_sync = sync if held else False
        if not out:
            return
        self._write(b"".join(out), sync=sync)
        if (self._pointer_dir is not None and self.saved
                and any(isinstance(e, GameEnded) for e in events)):
            clear_pointer(self._pointer_dir, self.path)

    def close(self) -> None:
        """Write what is left, sync and close the file (idempotent, never raises for the
        disk: :attr:`problem` then says what could not be saved)."""
        if self._fh is None:
            return
        if self._held:  # a step the game stopped inside: kept (Continue asks it again)
            data, self._held = b"".join(self._held), []
            self._write(data, sync=True)
        self.retry()
        if self._unwritten:
            self.problem = (f"The last moves could not be saved ({self.problem or 'write failed'}"
                            "); the game file keeps every move before them.")
        try:
            self._fh.close()
        except OSError:  # an unbuffered file has nothing left to flush
            pass
        self._fh = None

    def __enter__(self) -> GameWriter:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


# ------------------------------------------------------------------ autosave pointer


def set_pointer(folder: Path, path: Path) -> None:
    """Record ``path`` as the game being played in ``folder``."""
    data = {"path": str(path.resolve()), "updated": time.time()}
    atomic_write(folder / POINTER, (json.dumps(data) + "\n").encode())


def _try_pointer(folder: Path, path: Path) -> None:
    """:func:`set_pointer`, if the folder can be written: the pointer is a convenience (the
    folder's list finds an unfinished game without it), so a read-only folder with writable
    game files still plays and saves."""
    with contextlib.suppress(OSError):
        set_pointer(folder, path)


def clear_pointer(folder: Path, path: Path) -> None:
    """Forget the pointer if it names ``path`` (the game is over)."""
    current = _read_pointer(folder)
    if current is not None and current == path.resolve():
        try:
            os.unlink(folder / POINTER)
        except OSError:
            pass


def _read_pointer(folder: Path) -> Path | None:
    """The game the pointer names, only if it is a game file in ``folder`` itself."""
    try:
        data = json.loads(read_regular(folder / POINTER, 64 * 1024, "pointer file"))
        path = Path(str(data["path"])).resolve()
    except (SaveError, ValueError, KeyError, TypeError, RecursionError, OSError):
        return None
    try:
        inside = path.parent == folder.resolve() and path.name.endswith(SUFFIX)
    except OSError:
        return None
    return path if inside else None


def latest_unfinished(folder: str | os.PathLike[str]) -> Path | None:
    """The game to offer to continue: the autosave pointer's game if it is unfinished,
    else the most recently written unfinished game in the folder, else None.  Only the
    first and last line of each file are read (``saves.folder``)."""
    folder = Path(folder)
    pointed = _read_pointer(folder)
    if pointed is not None and peek(pointed).status == "unfinished":
        return pointed
    for game in list_games(folder):
        if game.status == "unfinished":
            return game.path
    return None
