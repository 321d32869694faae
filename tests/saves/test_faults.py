"""Faults around a game file: a full disk, a second window, an unplayable save, a save
folder holding hostile files, and hostile bytes in a file."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any, cast

import pytest

from hanchan.engine.events import Event, GameStarted
from hanchan.saves.codec import Header, SeatInfo, encode_event
from hanchan.saves.folder import list_games, peek
from hanchan.saves.reader import SaveError, load, loads
from hanchan.saves.writer import POINTER, GameLocked, GameWriter, latest_unfinished, make_header
from hanchan.tui.session import PlaySession
from tests.kit.saved_games import played_game

SEATS = [SeatInfo("You"), SeatInfo("Bot 1", "easy"), SeatInfo("Bot 2", "easy"),
         SeatInfo("Bot 3", "easy")]
ROOT = Path(__file__).resolve().parents[2]


def header(events: Sequence[Event]) -> Header:
    start = events[0]
    assert isinstance(start, GameStarted)
    return make_header(start.ruleset.to_dict(), SEATS, start.seed)


def write_game(folder: Path, events: Sequence[Event], name: str = "g",
               pointer: bool = True) -> Path:
    with GameWriter.create(folder, header(events), name=name, pointer=pointer) as w:
        w.extend(list(events))
    return w.path


class FullDisk:
    """A file whose writes fail with ENOSPC while ``full`` (after writing ``part`` bytes of
    the first failing write, as a disk that fills in the middle of a line)."""

    def __init__(self, real: IO[bytes], part: int = 7, code: int = errno.ENOSPC) -> None:
        self.real = real
        self.full = False
        self.part = part
        self.code = code

    def write(self, data: bytes) -> int:
        if self.full:
            if self.part:
                n = self.real.write(data[:self.part])
                self.part = 0
                return n
            raise OSError(self.code, os.strerror(self.code))
        return self.real.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    @classmethod
    def under(cls, w: GameWriter, part: int = 7, code: int = errno.ENOSPC) -> FullDisk:
        """A FullDisk put between ``w`` and its open file."""
        assert w._fh is not None
        disk = cls(w._fh, part, code)
        # duck-typed: it writes through to the file and forwards everything else to it
        w._fh = cast(IO[bytes], disk)
        return disk


# ------------------------------------------------------------------ a full disk


def test_a_full_disk_keeps_the_game_going_and_saves_everything_when_space_returns(
        tmp_path: Path) -> None:
    events = played_game(2)
    w = GameWriter.create(tmp_path, header(events), name="full")
    disk = FullDisk.under(w)
    for ev in events[:30]:
        w.append(ev)
    disk.full = True
    for ev in events[30:60]:
        w.append(ev)  # never raises: the game goes on in memory
    assert w.problem is not None and "No space left on device" in w.problem
    assert w.problem.count(".") == 1  # one sentence for the player
    assert not w.saved
    # what was written before the disk filled is whole; the cut line is a recovered tail
    mid = load(w.path)
    assert mid.events == list(events[:30]) and mid.recovered_tail
    disk.full = False  # space returns: the next move writes everything kept
    for ev in events[60:70]:
        w.append(ev)
    assert w.saved and w.problem is None
    w.close()
    again = load(w.path)
    assert again.ok and again.events == list(events[:70])


def test_close_on_a_full_disk_never_raises_and_says_what_was_lost(tmp_path: Path) -> None:
    events = played_game(2)
    w = GameWriter.create(tmp_path, header(events), name="quit")
    w.extend(list(events[:20]))
    disk = FullDisk.under(w, part=0)
    disk.full = True
    w.append(events[20])
    w.close()  # Ctrl+Q on a full disk: no traceback
    assert w.problem is not None and w.problem.startswith("The last moves could not be saved")
    assert load(w.path).events == list(events[:20])
    w.close()  # idempotent


def test_a_read_only_disk_is_one_sentence_and_the_game_goes_on(tmp_path: Path) -> None:
    events = played_game(2)
    w = GameWriter.create(tmp_path, header(events), name="ro")
    disk = FullDisk.under(w, part=0, code=errno.EROFS)
    disk.full = True
    w.extend(list(events[:10]))
    assert w.problem == ("The game could not be saved (Read-only file system); it goes on, "
                         "and saving is tried again with every move.")
    disk.full = False
    assert w.retry() and w.problem is None
    w.close()
    assert load(w.path).events == list(events[:10])


# ------------------------------------------------------------------ two windows


def test_a_game_being_played_is_locked_and_a_copy_can_be_continued(tmp_path: Path) -> None:
    events = played_game(3)
    path = write_game(tmp_path, events[:300])
    first, _ = GameWriter.resume(path)
    with pytest.raises(GameLocked, match="another hanchan window"):
        GameWriter.resume(path)
    copy, game = GameWriter.resume(path, copy=True)
    assert copy.path.name == "g-copy.jsonl" and game.events == list(events[:300])
    first.append(events[300])
    copy.append(events[300])
    first.close()
    copy.close()
    assert load(path).events == list(events[:301])
    assert load(copy.path).events == list(events[:301])
    again, _ = GameWriter.resume(path)  # the lock went with the first window
    again.close()


def test_a_second_process_is_told_the_game_is_open(tmp_path: Path) -> None:
    path = write_game(tmp_path, played_game(3)[:200])
    holder, _ = GameWriter.resume(path)
    code = ("import sys; from pathlib import Path; from hanchan.saves.writer import GameWriter\n"
            "from hanchan.saves.reader import SaveError\n"
            "try:\n    GameWriter.resume(Path(sys.argv[1]))\n"
            "except SaveError as e:\n    print(e); sys.exit(3)\n")
    proc = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    holder.close()
    assert proc.returncode == 3, proc.stderr
    assert "being played in another hanchan window" in proc.stdout
    assert "Traceback" not in proc.stderr


# ------------------------------------------------------------------ unplayable saves


def test_continue_checks_first_and_neither_forks_nor_moves_the_pointer(tmp_path: Path) -> None:
    """A game with nothing to continue (its first event damaged) is refused before anything
    is written; one illegal later is continued from its good part (tests/saves/test_cuts)."""
    events = list(played_game(2))
    other = write_game(tmp_path, events[:50], name="other")
    path = write_game(tmp_path, events[:80], name="bad", pointer=False)
    lines = path.read_bytes().split(b"\n")
    lines[1] = lines[1].replace(b'"players":', b'"players":7,"x":', 1)
    path.write_bytes(b"\n".join(lines))
    before = sorted(p.name for p in tmp_path.iterdir())
    pointer = (tmp_path / POINTER).read_bytes()
    data = path.read_bytes()
    with pytest.raises(SaveError) as info:
        GameWriter.resume(path)
    message = str(info.value)
    assert "line 2: " in message and message.endswith("there is nothing to continue")
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no -continued copy
    assert (tmp_path / POINTER).read_bytes() == pointer and path.read_bytes() == data
    assert latest_unfinished(tmp_path) == other


# ------------------------------------------------------------------ the save folder


def test_hostile_files_in_the_save_folder_are_listed_not_read(tmp_path: Path) -> None:
    good = write_game(tmp_path, played_game(2)[:40], name="good", pointer=False)
    write_game(tmp_path, played_game(2), name="done", pointer=False)
    (tmp_path / "deep.jsonl").write_bytes(b"[" * 100_000 + b"]" * 100_000 + b"\n")
    os.symlink("/dev/zero", tmp_path / "zero.jsonl")
    os.mkfifo(tmp_path / "fifo.jsonl")
    with open(tmp_path / "huge.jsonl", "wb") as fh:
        fh.truncate(200 * 1024 * 1024)  # sparse: long, but nothing to read
    (tmp_path / "empty.jsonl").write_bytes(b"")
    os.symlink(tmp_path / "missing", tmp_path / "dangling.jsonl")
    (tmp_path / POINTER).write_text("[" * 50_000)  # a nested pointer
    start = time.perf_counter()
    games = {g.path.name: g for g in list_games(tmp_path)}
    first = latest_unfinished(tmp_path)
    assert time.perf_counter() - start < 5  # no hang (a FIFO is never opened to read)
    assert games["good.jsonl"].status == "unfinished"
    assert games["done.jsonl"].status == "finished"
    for name in ("deep", "zero", "fifo", "huge", "empty", "dangling"):
        assert games[f"{name}.jsonl"].status == "unreadable", name
        assert games[f"{name}.jsonl"].reason, name
    assert "not a regular file" in games["zero.jsonl"].reason
    assert "not a regular file" in games["fifo.jsonl"].reason
    assert first == good
    for name in ("zero", "fifo", "deep", "huge"):
        with pytest.raises(SaveError):
            load(tmp_path / f"{name}.jsonl")


def test_the_autosave_pointer_cannot_leave_the_save_folder(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    folder = tmp_path / "saves"
    game = write_game(outside, played_game(2)[:40], name="theirs", pointer=False)
    folder.mkdir()
    (folder / POINTER).write_text(json.dumps({"path": str(game)}))
    assert latest_unfinished(folder) is None
    (folder / POINTER).write_text(json.dumps({"path": str(folder / ".." / "elsewhere" /
                                                          "theirs.jsonl")}))
    assert latest_unfinished(folder) is None
    mine = write_game(folder, played_game(2)[:40], name="mine")
    assert latest_unfinished(folder) == mine


def test_peek_reads_only_the_first_and_last_lines(tmp_path: Path) -> None:
    events = played_game(2)
    path = write_game(tmp_path, events, pointer=False)
    lines = path.read_bytes().split(b"\n")
    lines[len(lines) // 2] = b"garbage"  # the middle is not read
    path.write_bytes(b"\n".join(lines))
    assert peek(path).status == "finished"
    assert not load(path).ok


# ------------------------------------------------------------------ hostile bytes


def test_bom_and_trailing_blank_lines_are_accepted(tmp_path: Path) -> None:
    events = played_game(2)[:60]
    path = write_game(tmp_path, events, pointer=False)
    data = path.read_bytes()
    game = loads(b"\xef\xbb\xbf" + data + b"\n\n  \r\n")
    assert game.ok and game.events == list(events) and not game.recovered_tail
    path.write_bytes(b"\xef\xbb\xbf" + data + b"\n\n")
    w, again = GameWriter.resume(path)
    w.append(played_game(2)[60])
    w.close()
    assert load(path).events == list(played_game(2)[:61])
    assert path.read_bytes() == b"\xef\xbb\xbf" + data + encode_event(played_game(2)[60])


@pytest.mark.parametrize("line", [
    b"[" * 20_000 + b"]" * 20_000,
    b'{"type": "Drew", "seat": 0, "tile": ' + b"9" * 5000 + b"}",
    b'{"type": "Drew", "seat": 0, "tile": 1, "rinshan": ' + b"[" * 900 + b"]" * 900 + b"}",
    b" " * 70_000 + b'{"type": "NotenDeclared", "seat": 0}',
], ids=["nested", "huge-int", "nested-field", "long-line"])
def test_hostile_lines_are_one_sentence_with_the_line(tmp_path: Path, line: bytes) -> None:
    events = played_game(2)[:10]
    path = write_game(tmp_path, events, pointer=False)
    path.write_bytes(path.read_bytes() + line + b"\n")
    game = load(path)
    assert [p.line for p in game.problems] == [12]
    text = str(game.problems[0])
    assert text.startswith("line 12: ") and "\n" not in text and len(text) < 200


def test_a_session_on_a_locked_game_is_told_and_plays_a_copy(tmp_path: Path) -> None:
    path = write_game(tmp_path, played_game(3)[:200])
    first = PlaySession.resume(path)
    with pytest.raises(GameLocked):
        PlaySession.resume(path)
    second = PlaySession.resume(path, copy=True)
    assert second.save_path is not None and second.save_path.name == "g-copy.jsonl"
    assert first.save_problem is None and second.save_problem is None
    first.close()
    second.close()
    assert load(second.save_path).events[:200] == list(played_game(3)[:200])
