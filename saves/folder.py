"""The save folder at a glance: every game file's state and summary from its first and last lines.

The menu must open at once with a thousand saved games and whatever else lies in
the folder, so :func:`list_games` reads no whole file: :func:`peek` reads the
header line (date, rules, who sat where) and the end of the file (a finished
game ends with ``GameEnded`` and its final table; an unfinished one is at its
last ``HandStarted``), and anything that is not a readable game -- a FIFO, a
link to a device, a deep nest of brackets, a file too long -- is listed as
unreadable with the reason, never read further.  Opening a game reads and
checks it whole (``saves.reader``, ``saves.verify``).

A link in the folder is never followed (a ``*.jsonl`` link to a file outside
would be continued and appended to there): it is listed as unreadable.

What :func:`peek` found is kept in an index file in the folder (:data:`INDEX`),
keyed by each file's size, modification time and inode, so a folder is read
again only where a file changed: decoding a thousand headers takes about half
a second, the index a few hundredths.  The index is a cache: a damaged, foreign
or unwritable one is ignored and rebuilt, and no answer depends on it being there.
Each entry is signed (HMAC-SHA256) with a secret kept outside every save folder
(:data:`KEY_FILE`), so an entry this user's hanchan did not write -- an index
copied in with the games, an edited one -- is not believed: the file is read.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "junk.jsonl").write_bytes(b"[[[[")
>>> [(g.path.name, g.status) for g in list_games(folder)]
[('junk.jsonl', 'unreadable')]
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import hmac
import os
import secrets
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypeVar

import msgspec
from platformdirs import user_state_dir

from hanchan.engine.events import FinalRow, GameEnded, HandStarted
from hanchan.saves.codec import (
    LineError,
    SeatInfo,
    decode_event,
    decode_header,
    decode_line,
    parse_json,
)
from hanchan.saves.reader import MAX_FILE_BYTES, MAX_LINE_BYTES, SaveError, read_regular
from hanchan.saves.verify_words import hand_label_of

SUFFIX = ".jsonl"
INDEX = ".index.json"
"""The folder's cache of :func:`peek` results (a hidden file, not a game)."""
INDEX_VERSION = 2
MAX_INDEX_BYTES = 16 * 1024 * 1024
KEY_FILE = Path(user_state_dir("hanchan")) / "index.key"
"""The secret the index's entries are signed with: the user's, outside every save folder."""
KEY_BYTES = 32
Status = Literal["finished", "unfinished", "empty", "unreadable"]
_HAND_START = b'{"type":"HandStarted"'


@dataclass(frozen=True)
class GameInfo:
    """What a game file's header and last lines say: for the save lists."""

    created: str = ""  # the header's UTC time, 2026-11-26T01:07:37Z
    rules: str = ""  # the ruleset's name (a preset's, or the user's own)
    practice: bool = False
    seats: tuple[SeatInfo, ...] = ()  # by starting seat, East first
    source: str | None = None  # set for an imported log
    hand: str = ""  # the last hand started (S2-1), for an unfinished game
    table: tuple[FinalRow, ...] = ()  # the final table by rank, for a finished game
    reason: str = ""  # why the game ended (complete, bust, ...)


@dataclass(frozen=True)
class SavedGame:
    """One file of the save folder: its state, why it cannot be read if so, and its summary."""

    path: Path
    mtime: float
    status: Status
    reason: str = ""
    info: GameInfo = GameInfo()


def _lines_back(fd: int, size: int) -> list[bytes]:
    """The file's last :data:`MAX_LINE_BYTES` as lines, last first (blank ones left out)."""
    start = max(0, size - MAX_LINE_BYTES)
    tail = os.pread(fd, size - start, start)
    lines = [ln for ln in tail.split(b"\n") if ln.strip()]
    if start > 0 and lines:
        lines = lines[1:]  # the first may be cut by the window
    return lines[::-1]


def _last_hand(fd: int, size: int) -> str | None:
    """The label of the last hand started, reading back from the end a window at a time
    ("" when its line cannot be read; None when no hand was started)."""
    end = size
    cut = b""  # the start of a line that began before the window already read
    while end > 0:
        start = max(0, end - MAX_LINE_BYTES)
        chunk = os.pread(fd, end - start, start) + cut
        at = chunk.rfind(b"\n" + _HAND_START)
        if at >= 0:
            line = chunk[at + 1:].split(b"\n", 1)[0]
            try:
                ev = decode_line(line)
            except LineError:
                return ""
            return hand_label_of(ev) if isinstance(ev, HandStarted) else ""
        cut = chunk.split(b"\n", 1)[0]
        if len(cut) > MAX_LINE_BYTES:
            return ""
        end = start
    return None


LINK = "a link, not a regular file of this folder"


def peek(path: Path, *, follow: bool = True) -> SavedGame:
    """The state and summary of one game file from its header and last lines only.

    ``follow=False``: a link is not followed but listed as unreadable (the folder's files).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if not follow and exc.errno == errno.ELOOP:
            return SavedGame(path, 0.0, "unreadable", LINK)
        return SavedGame(path, 0.0, "unreadable", f"cannot be opened ({exc.strerror or exc})")
    try:
        return _peek_open(path, fd)
    except OSError as exc:
        return SavedGame(path, 0.0, "unreadable", f"cannot be read ({exc.strerror or exc})")
    finally:
        os.close(fd)


def _peek_open(path: Path, fd: int) -> SavedGame:
    """:func:`peek` of the file open as ``fd``: its header, then its last lines."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        return SavedGame(path, 0.0, "unreadable", "not a regular file")
    mtime = info.st_mtime
    size = info.st_size
    if size > MAX_FILE_BYTES:
        return SavedGame(path, mtime, "unreadable", f"{size:,} bytes, longer than any game")
    head = os.pread(fd, MAX_LINE_BYTES + 1, 0)
    if head.startswith(b"\xef\xbb\xbf"):
        head = head[3:]
    first, newline, rest = head.partition(b"\n")
    try:
        header, rules = decode_header(parse_json(first))
    except LineError as exc:
        return SavedGame(path, mtime, "unreadable", f"line 1: {exc}")
    about = GameInfo(created=header.created, seats=header.seats, source=header.source,
                     rules=rules.name if rules is not None else "",
                     practice=rules.practice_mode if rules is not None else False)
    if not newline or not rest.strip():
        return SavedGame(path, mtime, "empty", info=about)
    return _peek_end(path, fd, SavedGame(path, mtime, "empty", info=about), size)


def _peek_end(path: Path, fd: int, empty: SavedGame, size: int) -> SavedGame:
    """The state of a game file with events from its last lines (``empty``: the file
    with its header's summary, if it holds no game to go on with)."""
    lines = _lines_back(fd, size)
    last = lines[0] if lines else b""
    try:
        obj = parse_json(last)
    except LineError:  # a last line cut short (a crash while saving): the game goes on
        obj = None
    kind = obj.get("type") if isinstance(obj, dict) else None
    if kind == "header":
        return empty
    if kind == "GameEnded":
        try:
            ended = decode_event(obj)
        except LineError as exc:
            return dataclasses.replace(empty, status="unreadable",
                                       reason=f"the last line: {exc}")
        assert isinstance(ended, GameEnded)
        return dataclasses.replace(empty, status="finished", info=_with(
            empty.info, table=ended.table, reason=ended.reason))
    hand = _last_hand(fd, size)
    if hand is None:  # GameStarted alone (an import of no hand): nothing to go on from
        return empty
    return dataclasses.replace(empty, status="unfinished", info=_with(empty.info, hand=hand))


def _with(info: GameInfo, **changes: object) -> GameInfo:
    return dataclasses.replace(info, **changes)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the index


class _Entry(msgspec.Struct, frozen=True):
    key: tuple[int, int, int]  # size, mtime in ns, inode
    mtime: float
    status: Status
    reason: str
    info: GameInfo
    mac: str = ""  # HMAC-SHA256 of the file's name and the rest, with the user's key


_secret: bytes | None = None


def _key() -> bytes:
    """The user's index key (made once, kept in :data:`KEY_FILE`); when it cannot be kept,
    one for this process only (the index then helps only within it)."""
    global _secret  # noqa: PLW0603 - read once a process, like a module constant
    if _secret is None:
        try:
            data = read_regular(KEY_FILE, KEY_BYTES, "key file")
        except SaveError:
            data = b""
        if len(data) != KEY_BYTES:
            data = secrets.token_bytes(KEY_BYTES)
            with contextlib.suppress(OSError):
                KEY_FILE.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(prefix=".index.key.", dir=KEY_FILE.parent)  # 0600
                with os.fdopen(fd, "wb") as fh:
                    fh.write(data)
                os.replace(tmp, KEY_FILE)
        _secret = data
    return _secret


def _signed(name: str, entry: _Entry) -> _Entry:
    return msgspec.structs.replace(entry, mac=_mac(name, entry))


def _mac(name: str, entry: _Entry) -> str:
    return signature(name, msgspec.json.encode(msgspec.structs.replace(entry, mac="")))


def signature(name: str, body: bytes) -> str:
    """The HMAC-SHA256, with the user's key, of a folder file's name and what a cache
    says of it: how the index signs its entries, and a cache beside it its own."""
    return hmac.digest(_key(), name.encode("utf-8", "surrogateescape") + b"\0" + body,
                       "sha256").hex()  # (hmac.new's result, by the one-call C path)


def file_key(st: os.stat_result) -> tuple[int, int, int] | None:
    """What a cache entry of a folder file is keyed by: its size, modification time (ns)
    and inode; None for anything but a regular file (never cached)."""
    return (st.st_size, st.st_mtime_ns, st.st_ino) if stat.S_ISREG(st.st_mode) else None


class _Index(msgspec.Struct):
    version: int
    games: dict[str, _Entry]


_C = TypeVar("_C", bound=msgspec.Struct)


def _read_index(folder: Path) -> dict[str, _Entry]:
    index = read_cache(folder, INDEX, MAX_INDEX_BYTES, _Index)
    return index.games if index is not None and index.version == INDEX_VERSION else {}


def read_cache(folder: Path, name: str, limit: int, kind: type[_C]) -> _C | None:
    """The cache file ``name`` of ``folder`` as a ``kind``, or None when it is missing,
    larger than ``limit`` bytes or not one (a cache is rebuilt, never needed)."""
    try:
        return msgspec.json.decode(read_regular(folder / name, limit, "cache"), type=kind)
    except (SaveError, msgspec.DecodeError, RecursionError):
        return None


def _write_index(folder: Path, games: dict[str, _Entry]) -> None:
    """Replace the index (a cache: a folder that cannot be written keeps none)."""
    write_cache(folder, INDEX, msgspec.json.encode(_Index(INDEX_VERSION, games)))


def write_cache(folder: Path, name: str, data: bytes) -> None:
    """Replace the cache file ``name`` of ``folder`` at once (a folder that cannot be
    written keeps none: a cache is never needed)."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=name + ".", suffix=".tmp", dir=folder)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, folder / name)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def list_games(folder: Path) -> list[SavedGame]:
    """Every ``*.jsonl`` file of ``folder``, newest first (unreadable ones last).

    Files unchanged since the index was written are not opened (see the module's
    docstring); the index is rewritten when a file was added, changed or removed.
    """
    try:
        entries = [e for e in os.scandir(folder) if e.name.endswith(SUFFIX)]
    except OSError:
        return []
    cached = _read_index(folder)
    fresh: dict[str, _Entry] = {}
    games = []
    for e in entries:
        path = Path(e.path)
        try:
            st = e.stat(follow_symlinks=False)
        except OSError:
            st = None
        key = file_key(st) if st is not None else None
        hit = cached.get(e.name)
        if (key is not None and hit is not None and tuple(hit.key) == key
                and hmac.compare_digest(hit.mac, _mac(e.name, hit))):
            game = SavedGame(path, hit.mtime, hit.status, hit.reason, hit.info)
            fresh[e.name] = hit
        else:
            game = peek(path, follow=False)
            if key is not None:
                fresh[e.name] = _signed(e.name, _Entry(key, game.mtime, game.status,
                                                       game.reason, game.info))
        games.append(game)
    if fresh != cached:
        _write_index(folder, fresh)
    games.sort(key=lambda g: (g.status == "unreadable", -g.mtime, g.path.name))
    return games
