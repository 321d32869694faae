"""The save folder at a glance: every game file's state from its first and last lines.

The menu must open at once with a thousand saved games and whatever else lies in
the folder, so :func:`list_games` reads no whole file: :func:`peek` reads the
header line and the last line of each (a finished game ends with ``GameEnded``),
and anything that is not a readable game -- a FIFO, a link to a device, a deep
nest of brackets, a file too long -- is listed as unreadable with the reason,
never read further.  Opening a game reads and checks it whole (``saves.reader``,
``saves.verify``).

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "junk.jsonl").write_bytes(b"[[[[")
>>> [(g.path.name, g.status) for g in list_games(folder)]
[('junk.jsonl', 'unreadable')]
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from saves.codec import LineError, decode_header, parse_json
from saves.reader import MAX_FILE_BYTES, MAX_LINE_BYTES

SUFFIX = ".jsonl"
Status = Literal["finished", "unfinished", "empty", "unreadable"]


@dataclass(frozen=True)
class SavedGame:
    """One file of the save folder: its state, and why it cannot be read if so."""

    path: Path
    mtime: float
    status: Status
    reason: str = ""


def _last_line(tail: bytes) -> bytes:
    lines = [ln for ln in tail.split(b"\n") if ln.strip()]
    return lines[-1] if lines else b""


def peek(path: Path) -> SavedGame:
    """The state of one game file from its header and last line only."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        return SavedGame(path, 0.0, "unreadable", f"cannot be opened ({exc.strerror or exc})")
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return SavedGame(path, 0.0, "unreadable", "not a regular file")
        mtime = info.st_mtime
        if info.st_size > MAX_FILE_BYTES:
            return SavedGame(path, mtime, "unreadable",
                             f"{info.st_size:,} bytes, longer than any game")
        head = os.pread(fd, MAX_LINE_BYTES + 1, 0)
        size = info.st_size
        start = max(0, size - MAX_LINE_BYTES)
        tail = os.pread(fd, size - start, start)
    except OSError as exc:
        return SavedGame(path, 0.0, "unreadable", f"cannot be read ({exc.strerror or exc})")
    finally:
        os.close(fd)
    if head.startswith(b"\xef\xbb\xbf"):
        head = head[3:]
    first, newline, rest = head.partition(b"\n")
    try:
        decode_header(parse_json(first))
    except LineError as exc:
        return SavedGame(path, mtime, "unreadable", f"line 1: {exc}")
    if not newline or not rest.strip():
        return SavedGame(path, mtime, "empty")
    last = _last_line(tail)
    try:
        obj = parse_json(last)
    except LineError:  # a last line cut short (a crash while saving): the game goes on
        return SavedGame(path, mtime, "unfinished")
    kind = obj.get("type") if isinstance(obj, dict) else None
    if kind == "header":
        return SavedGame(path, mtime, "empty")
    return SavedGame(path, mtime, "finished" if kind == "GameEnded" else "unfinished")


def list_games(folder: Path) -> list[SavedGame]:
    """Every ``*.jsonl`` file of ``folder``, newest first (unreadable ones last)."""
    try:
        entries = [e for e in os.scandir(folder) if e.name.endswith(SUFFIX)]
    except OSError:
        return []
    games = [peek(Path(e.path)) for e in entries]
    games.sort(key=lambda g: (g.status == "unreadable", -g.mtime, g.path.name))
    return games
