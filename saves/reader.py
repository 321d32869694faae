"""Reading a game file: strict, safe, data only, and never a traceback.

:func:`load` returns a :class:`LoadedGame`: the header, the ruleset, every good
event (with its line number) and a list of :class:`Problem` for what is wrong.
Reading stops at the first damaged line and keeps every event before it.  A
last line cut short (the program was killed while writing it) is dropped
silently and noted in ``recovered_tail``.  A file that cannot be a game at all
(missing, empty, no header, a newer format) raises :class:`SaveError`.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from hanchan.engine.events import Event, GameEnded, GameStarted
from hanchan.errors import HanchanError
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import Header, LineError, decode_header, decode_line, parse_json

MAX_FILE_BYTES = 8 * 1024 * 1024
"""A game file is at most this long: a hanchan is about 60 KB, the longest real game under
200 KB, so this leaves room for any game and stops a hostile file early."""
MAX_LINE_BYTES = 64 * 1024
"""No line is longer (the header and the ruleset line are under 8 KB)."""
BOM = b"\xef\xbb\xbf"


class SaveError(HanchanError):
    """A game file that cannot be read; the message is one plain sentence with the line."""

    def __init__(self, message: str, line: int | None = None, path: Path | None = None):
        where = f"{path}" if path is not None else ""
        if line is not None:
            where = f"{where}, line {line}" if where else f"line {line}"
        super().__init__(f"{where}: {message}" if where else message)
        self.line = line
        self.path = path
        self.reason = message


@dataclass(frozen=True)
class Problem:
    """One damaged line: its number (1-based) and what is wrong."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass
class LoadedGame:
    """A game file as read: every good event, and what was wrong."""

    path: Path | None
    header: Header
    rules: Ruleset
    events: list[Event] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)  # line number of each event
    problems: list[Problem] = field(default_factory=list)
    recovered_tail: bool = False  # a truncated last line was dropped
    good_bytes: int = 0  # length of the file up to the end of the last good line

    @property
    def finished(self) -> bool:
        """Whether the game ended (a ``GameEnded`` event was written)."""
        return bool(self.events) and isinstance(self.events[-1], GameEnded)

    @property
    def ok(self) -> bool:
        """No damaged line (a recovered truncated tail is not a problem)."""
        return not self.problems


def read_regular(path: str | Path, limit: int = MAX_FILE_BYTES, what: str = "game file"
                 ) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or :class:`SaveError`.

    A FIFO, a device (``/dev/zero``) or a folder is refused without reading it (the file
    is opened without blocking and checked first), and nothing past ``limit`` is read.
    """
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise SaveError("no such file", path=p) from None
    except IsADirectoryError:
        raise SaveError(f"is a folder, not a {what}", path=p) from None
    except OSError as exc:
        raise SaveError(f"cannot be read ({exc.strerror or exc})", path=p) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(f"is a folder, not a {what}", path=p)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"is not a regular file (a device, pipe or socket), not a {what}",
                            path=p)
        if info.st_size > limit:
            raise SaveError(f"is {info.st_size:,} bytes; a {what} is at most {limit:,}", path=p)
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise SaveError(f"cannot be read ({exc.strerror or exc})", path=p) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise SaveError(f"is longer than {limit:,} bytes, the most a {what} can be", path=p)
    return data


def line_start(data: bytes, line: int) -> int:
    """Where line ``line`` (1-based, the header is line 1) begins in a file's bytes.

    >>> line_start(BOM + b'{"h": 1}\\n{"e": 2}\\n', 2)
    12
    """
    pos = len(BOM) if data.startswith(BOM) else 0
    for _ in range(line - 1):
        pos = data.index(b"\n", pos) + 1
    return pos


def load(path: str | Path) -> LoadedGame:
    """Read a game file.  :class:`SaveError` when it cannot be a game at all."""
    p = Path(path)
    return loads(read_regular(p), p)


def loads(data: bytes, path: Path | None = None) -> LoadedGame:
    """Read a game from the bytes of a file (see :func:`load`).

    A UTF-8 byte-order mark and blank lines at the end (an editor's) are accepted.
    """
    bom = len(BOM) if data.startswith(BOM) else 0
    game = _loads(data[bom:], path)
    game.good_bytes += bom
    return game


def _loads(data: bytes, path: Path | None) -> LoadedGame:
    if not data.strip():
        raise SaveError("the file is empty", path=path)
    body = data.rstrip(b" \t\r\n")
    if b"\n" in data[len(body):]:  # blank lines after the last line: it was complete
        data = body + b"\n"
    raw_lines = data.split(b"\n")
    # The last element is b"" when the file ends with a newline; otherwise it is a
    # line whose writing may have been interrupted.
    complete = raw_lines[:-1]
    tail = raw_lines[-1]
    first = complete[0] if complete else tail
    header, header_rules = _header_of(first, not complete, path)
    game = LoadedGame(path=path, header=header, rules=header_rules or Ruleset())
    if not complete:  # only a header without its newline
        game.recovered_tail = True
        return game
    pos = len(first) + 1
    game.good_bytes = pos
    entries = [(i + 2, line, True) for i, line in enumerate(complete[1:])]
    if tail:
        entries.append((len(complete) + 1, tail, False))
    events, numbers = game.events, game.lines
    for number, line, has_newline in entries:
        try:
            event = _event_of(line)
            if not events or type(event) is GameStarted or type(events[-1]) is GameEnded:
                _check_order(game, event, header_rules)  # (it finds nothing else wrong)
        except LineError as exc:
            if not has_newline:
                game.recovered_tail = True  # a crash while writing the last line
            else:
                game.problems.append(Problem(number, str(exc)))
            break
        events.append(event)
        numbers.append(number)
        pos += len(line) + has_newline
    game.good_bytes = pos
    return game


def _header_of(first: bytes, cut: bool, path: Path | None) -> tuple[Header, Ruleset | None]:
    """The header line read (``cut``: it has no newline); :class:`SaveError` if it is bad."""
    try:
        if len(first) > MAX_LINE_BYTES:
            raise LineError(f"the line is {len(first):,} bytes long; a header is at most "
                            f"{MAX_LINE_BYTES:,}")
        return decode_header(parse_json(first))
    except LineError as exc:
        if cut:
            raise SaveError(f"the header line is cut short ({exc})", 1, path) from None
        raise SaveError(str(exc), 1, path) from None


def _event_of(line: bytes) -> Event:
    """The event of a game line; :class:`LineError` if it is not one."""
    if not line.startswith(b"{") and not line.strip():  # (no strip for a line that
        raise LineError("the line is empty")            # starts an object)
    if len(line) > MAX_LINE_BYTES:
        raise LineError(f"the line is {len(line):,} bytes long; a game line is at "
                        f"most {MAX_LINE_BYTES:,}")
    return decode_line(line)


def _check_order(game: LoadedGame, event: Event, header_rules: Ruleset | None) -> None:
    """The file's own structure: GameStarted first and once, nothing after GameEnded."""
    if not game.events:
        if not isinstance(event, GameStarted):
            raise LineError(f"the first event must be GameStarted, not {type(event).__name__}")
        if header_rules is not None and event.ruleset != header_rules:
            diff = [name for name in header_rules.to_dict()
                    if getattr(header_rules, name) != getattr(event.ruleset, name)]
            raise LineError("the game's ruleset differs from the header's (options: "
                            + ", ".join(diff[:6]) + (", ..." if len(diff) > 6 else "") + ")")
        game.rules = event.ruleset
        return
    if isinstance(event, GameStarted):
        raise LineError("a second GameStarted event")
    if isinstance(game.events[-1], GameEnded):
        raise LineError(f"a {type(event).__name__} event after the game ended")
