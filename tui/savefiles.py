"""The TUI's thin link to ``saves/``: open a writer for a game, read a file, list saves,
and say whether a saved game can be continued before anything is written."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import msgspec

from hanchan.engine.events import Event
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.folder import SavedGame, list_games, peek
from hanchan.saves.reader import SaveError
from hanchan.saves.verify import load_good_part
from hanchan.saves.writer import GameWriter, cannot_continue, make_header
from hanchan.saves.writer import latest_unfinished as find_unfinished


@dataclass(frozen=True)
class Resumed:
    """An unfinished game reopened: its file, its events and each seat's recorded bot."""

    save: GameWriter
    events: list[Event]
    levels: list[str | None]  # the header's bot by seat (None: a person)


def new_writer(save_dir: Path, rules: Ruleset, names: tuple[str, ...],
               bots: str | Sequence[str | None], human: int, seed: int | None) -> GameWriter:
    """A new game file in ``save_dir`` (also the autosave to continue)."""
    levels = [bots] * len(names) if isinstance(bots, str) else list(bots)
    seats = tuple(SeatInfo(n, None if s == human else levels[s]) for s, n in enumerate(names))
    header = make_header(msgspec.to_builtins(rules), seats, seed)
    return GameWriter.create(Path(save_dir), header)


def resume_writer(path: Path, copy: bool = False) -> Resumed:
    """Reopen an unfinished game (checked first; locked while played; ``copy``: continue a
    copy of it)."""
    writer, loaded = GameWriter.resume(Path(path), copy=copy)
    return Resumed(writer, list(loaded.events), [s.bot for s in loaded.header.seats])


@dataclass(frozen=True)
class GoodPart:
    """What of a saved game can be replayed: its events, each seat's recorded bot, and the
    first line that cannot be read or cannot follow in one sentence (None: all good)."""

    events: list[Event]
    levels: list[str | None]  # the header's bot by seat (None: a person)
    problem: str | None


def read_good_part(path: Path) -> GoodPart:
    """Every event of a saved game up to its first line that cannot be read or cannot
    follow (``saves.verify.load_good_part``).  ``saves.reader.SaveError`` when not one
    event is good."""
    part = load_good_part(path)
    if not part.game.events:
        raise SaveError("nothing of this game can be replayed: "
                        + (part.problem or "nothing was played in it yet"), path=Path(path))
    return GoodPart(list(part.game.events), [s.bot for s in part.game.header.seats],
                    part.problem)


def latest_unfinished(save_dir: Path) -> Path | None:
    """The autosaved game to offer to continue, if any."""
    try:
        return find_unfinished(save_dir)
    except OSError:
        return None


def summary(path: Path) -> SavedGame:
    """A game file's state and summary from its first and last lines (``saves.folder``)."""
    return peek(Path(path))


def autosaved(save_dir: Path) -> SavedGame | None:
    """The autosaved game to offer to continue with its summary, if any (not yet checked:
    :func:`continue_problem` replays it)."""
    path = latest_unfinished(save_dir)
    return None if path is None else peek(path)


def continue_problem(path: Path) -> str | None:
    """Why the saved game at ``path`` cannot be continued, in words (None when it can).

    The game is read and replayed through the engine (``saves.verify``), as continuing
    it would; nothing is written, so a refused game leaves no copy and no pointer behind.
    A game damaged after its start can be continued from its good part (in a copy:
    :func:`damage`).
    """
    try:
        part = load_good_part(path)
    except SaveError as exc:
        return exc.reason if exc.line is None else f"line {exc.line}: {exc.reason}"
    refusal = cannot_continue(part.game)
    if refusal is not None:
        if part.problem is not None and not part.game.finished:
            return (f"{part.problem.rstrip('.')}, before any hand was recorded whole: there is "
                    "nothing to continue")
        return refusal
    return None


def damage(path: Path) -> str | None:
    """The first line of a saved game that cannot be read or cannot follow, in one sentence
    (None for a whole file, or one that cannot be read at all): Continue goes on from the
    good part before it, in a copy (``saves.writer.GameWriter.resume``)."""
    try:
        return load_good_part(path).problem
    except SaveError:
        return None


def list_saves(save_dir: Path) -> list[SavedGame]:
    """Game files in ``save_dir``, newest first, each with its summary; files that cannot
    be read last, with the reason (``saves.folder``)."""
    return list_games(Path(save_dir))
