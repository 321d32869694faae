"""The save folder's summaries: date, rules, seats and result from the header and last lines,
kept in an index so that a folder of a thousand games lists at once."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pytest

import hanchan.saves.folder as folder_mod
from hanchan.engine.events import Event, GameEnded, GameStarted, HandStarted
from hanchan.saves.codec import SeatInfo, encode_event
from hanchan.saves.folder import INDEX, SavedGame, list_games, peek
from hanchan.saves.labels import result_words, seats_words
from hanchan.saves.reader import MAX_LINE_BYTES
from hanchan.saves.verify_words import hand_label_of
from hanchan.saves.writer import GameWriter, make_header
from tests.kit.saved_games import played_game

SEATS = (SeatInfo("You", None), SeatInfo("Bot 1", "easy"), SeatInfo("Bot 2", "easy"),
         SeatInfo("Bot 3", "strong"))


def write(folder: Path, events: Sequence[Event], name: str,
          seats: Sequence[SeatInfo] = SEATS) -> Path:
    start = events[0]
    assert isinstance(start, GameStarted)
    header = make_header(start.ruleset.to_dict(), seats, start.seed)
    with GameWriter.create(folder, header, name=name, pointer=False) as w:
        w.extend(list(events))
    return w.path


def test_a_finished_game_is_summarised_from_its_header_and_final_table(tmp_path: Path) -> None:
    events = played_game(2)
    game = peek(write(tmp_path, events, "done"))
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert game.status == "finished"
    assert game.info.rules == "tenhou" and not game.info.practice
    assert game.info.seats == SEATS and game.info.created.endswith("Z")
    assert game.info.table == ended.table and game.info.reason == ended.reason
    mine = next(r for r in ended.table if r.seat == 0)
    words = result_words(game)
    assert words.startswith(f"you {('1st', '2nd', '3rd', '4th')[mine.rank - 1]}, "
                            f"{mine.points:,} ({mine.result:+.1f})")
    assert seats_words(game.info.seats) == "E you, S easy, W easy, N strong"


def test_an_unfinished_game_says_the_hand_it_stopped_at(tmp_path: Path) -> None:
    events = played_game(2)
    cut = events[:400]
    starts = [e for e in cut if isinstance(e, HandStarted)]
    game = peek(write(tmp_path, cut, "part"))
    assert game.status == "unfinished" and game.info.hand == hand_label_of(starts[-1])
    assert result_words(game) == f"unfinished, {hand_label_of(starts[-1])}"


def test_the_last_hand_is_found_far_from_the_end(tmp_path: Path) -> None:
    """A hand longer than one read window: the label is found by reading back further."""
    events = played_game(2)
    cut = list(events[:400])
    path = write(tmp_path, cut, "long")
    starts = [e for e in cut if isinstance(e, HandStarted)]
    draw = encode_event(next(e for e in reversed(cut) if type(e).__name__ == "Drew"))
    with open(path, "ab") as fh:
        fh.write(draw * (3 * MAX_LINE_BYTES // len(draw)))
    assert peek(path).info.hand == hand_label_of(starts[-1])


def test_seats_in_words() -> None:
    bots = tuple(SeatInfo(f"Bot {i}", "normal") for i in range(3))
    assert seats_words((SeatInfo("You"), *bots)) == "you E, 3 normal bots"
    assert seats_words((*bots[:2], SeatInfo("You"), bots[2])) == "you W, 3 normal bots"
    assert seats_words(tuple(SeatInfo(f"B{i}", "strong") for i in range(4))) == "4 strong bots"
    assert seats_words(SEATS) == "E you, S easy, W easy, N strong"
    names = tuple(SeatInfo(n) for n in ("Alice", "Bob", "Chie", "Dan\nX"))
    assert seats_words(names, imported=True) == "E Alice, S Bob, W Chie, N Dan X"


def _games(folder: Path) -> list[tuple[str, str, str]]:
    return [(g.path.name, g.status, result_words(g)) for g in list_games(folder)]


def test_the_index_spares_reading_unchanged_files(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, played_game(2), "a")
    part = write(tmp_path, played_game(2)[:300], "b")
    first = _games(tmp_path)
    assert (tmp_path / INDEX).is_file()
    opened: list[str] = []
    real_peek = folder_mod.peek

    def counting(path: Path, *, follow: bool = True) -> SavedGame:
        opened.append(path.name)
        return real_peek(path, follow=follow)

    monkeypatch.setattr(folder_mod, "peek", counting)
    assert _games(tmp_path) == first and opened == []
    with open(part, "ab") as fh:  # the game goes on: only this file is read again
        fh.write(encode_event(played_game(2)[300]))
    again = _games(tmp_path)
    assert opened == ["b.jsonl"] and len(again) == 2
    (tmp_path / "b.jsonl").unlink()
    assert [g[0] for g in _games(tmp_path)] == ["a.jsonl"]


@pytest.mark.parametrize("damage", [b"", b"{", b"[" * 100_000, b'{"version": 1, "games": 7}',
                                    b'{"version": 1, "games": {"a.jsonl": {"key": "x"}}}'])
def test_a_damaged_index_is_ignored_and_rebuilt(tmp_path: Path, damage: bytes) -> None:
    write(tmp_path, played_game(2), "a")
    good = _games(tmp_path)
    (tmp_path / INDEX).write_bytes(damage)
    assert _games(tmp_path) == good
    assert (tmp_path / INDEX).read_bytes() != damage


def test_an_index_that_is_a_fifo_or_a_device_is_not_read(tmp_path: Path) -> None:
    write(tmp_path, played_game(2), "a")
    good = _games(tmp_path)
    (tmp_path / INDEX).unlink()
    os.mkfifo(tmp_path / INDEX)
    assert _games(tmp_path) == good  # no hang: the FIFO is replaced, never read
    (tmp_path / INDEX).unlink()
    os.symlink("/dev/zero", tmp_path / INDEX)
    assert _games(tmp_path) == good


def test_a_folder_that_cannot_be_written_lists_without_an_index(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, played_game(2), "a")
    (tmp_path / INDEX).unlink(missing_ok=True)

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)  # the module saves.folder uses
    assert [g[1] for g in _games(tmp_path)] == ["finished"]
    assert not (tmp_path / INDEX).exists()


def test_a_thousand_games_list_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu's list of a thousand games: the second listing reads no game file, only the
    index (its speed, about 0.4 s without the index and 0.03 s with it, is measured by
    benchmarks/bench_folder.py, not asserted here)."""
    done = write(tmp_path, played_game(2), "done")
    part = write(tmp_path, played_game(2)[:300], "part")
    for i in range(998):
        shutil.copy(done if i % 3 else part, tmp_path / f"g{i:04d}.jsonl")
    cold = list_games(tmp_path)

    def no_reading(path: Path, *, follow: bool = True) -> SavedGame:
        raise AssertionError(f"{path.name} was read again")

    monkeypatch.setattr(folder_mod, "peek", no_reading)
    warm = list_games(tmp_path)
    assert len(cold) == 1000 and cold == warm
    assert sum(g.status == "unfinished" for g in warm) == 334


def test_listing_the_folder_loads_no_referee() -> None:
    # A save's label (its last hand, its seats) is read from its lines: the folder, its
    # index and the labels import neither verify's referee nor the bots.
    code = ("import sys, hanchan.saves.folder, hanchan.saves.labels\n"
            "print(sorted({'hanchan.saves.verify', 'hanchan.engine.game', 'hanchan.ai'}\n"
            "             & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
