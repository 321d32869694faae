"""Reading a game file: strict, safe, data only, and never a traceback.

:func:`load` returns a :class:`LoadedGame`: the header, the ruleset, every good
event (with its line number) and a list of :class:`Problem` for what is wrong.
Reading stops at the first damaged line and keeps every event before it.  A
last line cut short (the program was killed while writing it) is dropped
silently and noted in ``recovered_tail``.  A file that cannot be a game at all
(missing, empty, no header, a newer format) raises :class:`SaveError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.events import Event, GameEnded, GameStarted
from rulesets.schema import Ruleset
from saves.codec import Header, LineError, decode_event, decode_header, parse_json


class SaveError(Exception):
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


def load(path: str | Path) -> LoadedGame:
    """Read a game file.  :class:`SaveError` when it cannot be a game at all."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise SaveError("no such file", path=p) from None
    except IsADirectoryError:
        raise SaveError("is a folder, not a game file", path=p) from None
    except OSError as exc:
        raise SaveError(f"cannot be read ({exc.strerror or exc})", path=p) from None
    return loads(data, p)


def loads(data: bytes, path: Path | None = None) -> LoadedGame:
    """Read a game from the bytes of a file (see :func:`load`)."""
    if not data.strip():
        raise SaveError("the file is empty", path=path)
    raw_lines = data.split(b"\n")
    # The last element is b"" when the file ends with a newline; otherwise it is a
    # line whose writing may have been interrupted.
    complete = raw_lines[:-1]
    tail = raw_lines[-1]
    pos = 0
    first = complete[0] if complete else tail
    try:
        header, header_rules = decode_header(parse_json(first))
    except LineError as exc:
        if not complete:
            raise SaveError(f"the header line is cut short ({exc})", 1, path) from None
        raise SaveError(str(exc), 1, path) from None
    game = LoadedGame(path=path, header=header, rules=header_rules or Ruleset())
    if not complete:  # only a header without its newline
        game.recovered_tail = True
        return game
    pos = len(first) + 1
    game.good_bytes = pos
    entries = [(i + 2, line, True) for i, line in enumerate(complete[1:])]
    if tail:
        entries.append((len(complete) + 1, tail, False))
    for number, line, has_newline in entries:
        try:
            if not line.strip():
                raise LineError("the line is empty")
            event = decode_event(parse_json(line))
            _check_order(game, event, header_rules)
        except LineError as exc:
            if not has_newline:
                game.recovered_tail = True  # a crash while writing the last line
            else:
                game.problems.append(Problem(number, str(exc)))
            break
        game.events.append(event)
        game.lines.append(number)
        pos += len(line) + (1 if has_newline else 0)
        game.good_bytes = pos
    return game


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
