"""Open any game file: a saved game, or another program's log, as our events.

A log is a tenhou.net/6 JSON log, Tenhou's mjlog XML or an mjai stream; the format is
named or guessed from the file's name (``.xml``/``.mjlog`` mjlog, ``.jsonl``/``.mjson``/
``.ndjson`` mjai, else tenhou.net/6). A save is refereed as ``hanchan verify`` does, so a
game the engine cannot play is refused, and a ``.jsonl`` that is no save is tried as mjai.
Every failure is a :class:`~saves.reader.SaveError` of one sentence naming the file; the
bounds of the readers hold (a log is read only as a regular file of at most
:data:`~saves.logs.model.MAX_LOG_BYTES`).

>>> guess_format(Path("2009022022gm-00a9-0000-cd94aac8.xml"))
'mjlog'
>>> open_game(Path("no-such-game.json"))
Traceback (most recent call last):
hanchan.saves.open.LogError: no-such-game.json: no such file
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hanchan.engine.events import Event
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import FORMAT, IMPORTED_FROM
from hanchan.saves.convert import ConvertError, events_from_recorded
from hanchan.saves.logs.mjai import parse_mjai
from hanchan.saves.logs.mjlog import parse_mjlog
from hanchan.saves.logs.model import MAX_LOG_BYTES, LogFormatError, RecordedGame
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from hanchan.saves.reader import SaveError, load, read_regular
from hanchan.saves.verify import refusal

LOG_FORMATS = IMPORTED_FROM
"""The other programs' logs this reads (``hanchan import --from``)."""


class LogError(SaveError):
    """A log that cannot be read as its format (``fmt``); the sentence names file and format."""

    def __init__(self, sentence: str, path: Path, fmt: str) -> None:
        super().__init__(sentence)
        self.path, self.fmt = path, fmt


class UnplayableLog(SaveError):
    """A log that reads but is no game the engine can play (``reason``: where and why)."""

    def __init__(self, reason: str, path: Path) -> None:
        super().__init__(reason, path=path)


class NeitherSaveNorLog(SaveError):
    """A ``.jsonl`` that is neither a save nor an mjai log: both reasons, the save's first."""

    def __init__(self, as_save: SaveError, as_mjai: SaveError) -> None:
        super().__init__(f"{as_save}; it is not an mjai log either ({as_mjai})")
        self.as_save, self.as_mjai = as_save, as_mjai


@dataclass(frozen=True)
class OpenedGame:
    """A game file opened: its events, the format it was (``"save"`` or a log format) and,
    for a save with one person at the table, that seat."""

    events: list[Event]
    fmt: str
    human: int | None = None


def guess_format(path: Path) -> str:
    """The log format a file name suggests (docs/cli.md, ``import --from``)."""
    name = path.name.lower()
    if name.endswith((".xml", ".mjlog")):
        return "mjlog"
    if name.endswith((".jsonl", ".mjson", ".ndjson")):
        return "mjai"
    return "tenhou6"


def read_log(path: Path, fmt: str, rules: Ruleset | None = None) -> RecordedGame:
    """A log file in the neutral model; ``rules``: the ruleset it was played under, when
    given (``import --rules``). :class:`LogError` for a file that cannot be read or is
    not a valid log of ``fmt``."""
    try:
        text = read_regular(path, MAX_LOG_BYTES, "log")
    except SaveError as exc:
        raise LogError(str(exc), path, fmt) from None
    try:
        decoded = text.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LogError(f"{path} is not a UTF-8 text file", path, fmt) from None
    try:
        return _parse(decoded, path, fmt, None if rules is None else rules.to_dict())
    except LogFormatError as exc:
        raise LogError(f"{path} is not a valid {fmt} log: {exc}", path, fmt) from None
    except (ValueError, KeyError, TypeError, IndexError):  # a reader's fault: still one line
        raise LogError(f"{path} is not a valid {fmt} log: it cannot be read", path, fmt
                       ) from None


def _parse(text: str, path: Path, fmt: str, ruleset: dict[str, Any] | None) -> RecordedGame:
    if fmt == "tenhou6":
        return parse_tenhou6(text, ruleset)
    if fmt == "mjlog":
        return parse_mjlog(text, ref=path.stem)
    return parse_mjai(text)


def open_log(path: Path, fmt: str) -> OpenedGame:
    """Another program's log played through the engine (:class:`UnplayableLog` if it cannot)."""
    log = read_log(path, fmt)
    try:
        return OpenedGame(events_from_recorded(log), fmt)
    except ConvertError as exc:
        raise UnplayableLog(str(exc), path) from None


def open_game(path: Path, fmt: str | None = None) -> OpenedGame:
    """A saved game or a log, as our events: ``fmt`` one of :data:`LOG_FORMATS`, or
    ``None`` to guess (a save unless the name says mjlog or ``.json``). :class:`SaveError`,
    or its :class:`LogError` and :class:`UnplayableLog`, for a file that cannot be opened."""
    guessed = fmt or guess_format(path)
    if fmt is not None or guessed == "mjlog" or path.suffix.lower() == ".json":
        return open_log(path, guessed)
    try:
        game = load(path)
    except SaveError as exc:
        if guessed != "mjai" or _says_it_is_a_save(path):  # the save's sentence alone
            raise
        try:  # a .jsonl that is no save may be an mjai log
            return open_log(path, guessed)
        except SaveError as not_mjai:  # neither: the save's reason first
            raise NeitherSaveNorLog(exc, not_mjai) from None
    error = refusal(game)  # refereed as verify does: a game the engine cannot play is refused
    if error is not None:
        raise error
    humans = [i for i, s in enumerate(game.header.seats) if s.bot is None]
    return OpenedGame(game.events, "save", humans[0] if len(humans) == 1 else None)


def _says_it_is_a_save(path: Path) -> bool:
    """Whether the file's first line names the save format: a damaged save, not a log."""
    try:
        head = read_regular(path).split(b"\n", 1)[0]
    except SaveError:
        return False
    return f'"{FORMAT}"'.encode() in head
