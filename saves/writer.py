"""Writing a game file as the game goes, so that a crash loses nothing.

* :class:`GameWriter` appends one line per event and flushes it to the
  operating system at once (a killed program loses nothing); at the start and
  end of every hand and at the end of the game it also ``fsync``s (a power
  cut loses at most the current hand).  The file is only ever appended to.
* Where a whole file must be written (the autosave pointer, a repaired copy),
  it is written to a temporary file, synced and renamed over (:func:`atomic_write`).
* The autosave pointer (``autosave.json`` in the save folder) names the game
  being played; :func:`latest_unfinished` finds the game to offer to continue.
"""

from __future__ import annotations

import json
import os
import secrets
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import IO

from engine.events import Event, GameEnded, HandDrawn, HandStarted, Penalty, Won
from saves.codec import Header, SeatInfo, app_version, encode_event, encode_header
from saves.reader import LoadedGame, SaveError, load

POINTER = "autosave.json"
SUFFIX = ".jsonl"
_SYNC_AFTER = (HandStarted, Won, HandDrawn, GameEnded, Penalty)


def default_save_dir() -> Path:
    """The user's data folder for saved games (``platformdirs``' user data dir / saves)."""
    from platformdirs import user_data_dir

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
    return open(path, "ab")  # noqa: SIM115 - kept open for appending


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
            set_pointer(folder, path)
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
            set_pointer(path.parent, path)
        return writer

    @classmethod
    def resume(cls, path: Path, *, pointer: bool = True) -> tuple[GameWriter, LoadedGame]:
        """Continue writing an unfinished game.

        A truncated last line is cut off first (by an atomic rewrite of the good part).
        A file damaged in the middle is left untouched: its good part is copied to a
        new file ``<name>-continued.jsonl``, and writing goes on there.
        """
        game = load(path)
        if game.finished:
            raise SaveError("the game is already over", path=path)
        data = path.read_bytes()
        good = data[:game.good_bytes]
        if good and not good.endswith(b"\n"):
            good += b"\n"
        target = path
        if game.problems:
            target = path.with_name(path.stem + "-continued" + SUFFIX)
            n = 1
            while target.exists():
                n += 1
                target = path.with_name(f"{path.stem}-continued{n}{SUFFIX}")
            atomic_write(target, good)
        elif good != data:
            atomic_write(path, good)
        fh = open(target, "ab")  # noqa: SIM115
        writer = cls(target, fh, target.parent if pointer else None)
        if pointer:
            set_pointer(target.parent, target)
        game.path = target
        return writer, game

    # ---------------------------------------------------------------- writing
    def _write(self, data: bytes, sync: bool) -> None:
        if self._fh is None:
            raise SaveError("the game file is closed", path=self.path)
        try:
            self._fh.write(data)
            self._fh.flush()
            if sync:
                os.fsync(self._fh.fileno())
        except OSError as exc:
            raise SaveError(f"could not write the game ({exc.strerror or exc}); "
                            "everything before this move is saved", path=self.path) from None

    def append(self, event: Event) -> None:
        """Write one event (flushed; synced at hand boundaries and the end)."""
        self._write(encode_event(event), sync=isinstance(event, _SYNC_AFTER))
        if isinstance(event, GameEnded) and self._pointer_dir is not None:
            clear_pointer(self._pointer_dir, self.path)

    __call__ = append

    def extend(self, events: Sequence[Event]) -> None:
        """Write several events at once, then sync."""
        if not events:
            return
        self._write(b"".join(encode_event(e) for e in events), sync=True)
        if any(isinstance(e, GameEnded) for e in events) and self._pointer_dir is not None:
            clear_pointer(self._pointer_dir, self.path)

    def close(self) -> None:
        """Sync and close the file (idempotent)."""
        if self._fh is not None:
            try:
                self._fh.flush()
                os.fsync(self._fh.fileno())
            except OSError:
                pass
            self._fh.close()
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


def clear_pointer(folder: Path, path: Path) -> None:
    """Forget the pointer if it names ``path`` (the game is over)."""
    current = _read_pointer(folder)
    if current is not None and current == path.resolve():
        try:
            os.unlink(folder / POINTER)
        except OSError:
            pass


def _read_pointer(folder: Path) -> Path | None:
    try:
        data = json.loads((folder / POINTER).read_text(encoding="utf-8"))
        return Path(str(data["path"])).resolve()
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _unfinished(path: Path) -> bool:
    try:
        game = load(path)
    except SaveError:
        return False
    return bool(game.events) and not game.finished


def latest_unfinished(folder: str | os.PathLike[str]) -> Path | None:
    """The game to offer to continue: the autosave pointer's game if it is unfinished,
    else the most recently written unfinished game in the folder, else None."""
    folder = Path(folder)
    pointed = _read_pointer(folder)
    if pointed is not None and pointed.is_file() and _unfinished(pointed):
        return pointed
    try:
        files = sorted(folder.glob("*" + SUFFIX), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return None
    for p in files:
        if _unfinished(p):
            return p
    return None
