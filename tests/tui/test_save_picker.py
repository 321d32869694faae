"""The menu and the save pickers over a real save folder: every game said in words (date,
rules, seats, result), hostile files listed with why they cannot be read, and a game that
cannot be continued refused before anything is written (issue 28, issue 23 item 11)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path

import msgspec
import pytest
from rich.text import Text
from textual.widgets import DataTable

from hanchan.engine.events import Event, GameEnded, GameStarted, HandStarted, Won
from hanchan.saves.codec import SeatInfo, encode_event
from hanchan.saves.verify_words import hand_label_of
from hanchan.saves.writer import POINTER, GameWriter, make_header
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.menu import MenuScreen
from hanchan.tui.screens.replay import ReplayScreen
from hanchan.tui.screens.saves import FilePickerScreen
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.settings import Settings
from tests.kit.saved_games import played_game
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import settle

SIZE = (120, 40)
SEATS = [SeatInfo("You"), SeatInfo("Bot 1", "easy"), SeatInfo("Bot 2", "easy"),
         SeatInfo("Bot 3", "easy")]


def write_game(folder: Path, events: Sequence[Event], name: str, pointer: bool = False
               ) -> Path:
    start = events[0]
    assert isinstance(start, GameStarted)
    header = make_header(start.ruleset.to_dict(), SEATS, start.seed)
    with GameWriter.create(folder, header, name=name, pointer=pointer) as w:
        w.extend(list(events))
    return w.path


def illegal_later(seed: int = 2) -> list[Event]:
    """An unfinished game whose first win was paid 1,000 too much: it is continued from the
    good part before that line, in a copy."""
    events = list(played_game(seed))
    i = next(i for i, e in enumerate(events) if isinstance(e, Won))
    won = events[i]
    assert isinstance(won, Won)
    w = msgspec.structs.replace(won.wins[0], points=won.wins[0].points + 1000)
    return events[:i] + [msgspec.structs.replace(won, wins=(w,))] + events[i + 1:i + 30]


def write_unplayable(folder: Path, name: str, pointer: bool = False) -> Path:
    """An unfinished game whose GameStarted line has other rules than its header: not one
    event of it can be trusted, so it cannot be continued."""
    events = played_game(2)[:60]
    start = events[0]
    assert isinstance(start, GameStarted)
    path = write_game(folder, events, name, pointer)
    lines = path.read_bytes().split(b"\n")
    other = msgspec.structs.replace(start, ruleset=start.ruleset.replace(oka=0))
    lines[1] = encode_event(other).rstrip(b"\n")
    path.write_bytes(b"\n".join(lines))
    return path


def picker_rows(app: HanchanApp) -> DataTable[Text]:
    return app.screen.query_one("#files", DataTable)


def menu_app(folder: Path) -> HanchanApp:
    return HanchanApp("menu", save_dir=folder, settings=Settings(bot_delay=0.0))


def hostile_folder(folder: Path) -> None:
    (folder / "deep.jsonl").write_bytes(b"[" * 100_000 + b"]" * 100_000 + b"\n")
    os.symlink("/dev/zero", folder / "zero.jsonl")
    os.mkfifo(folder / "fifo.jsonl")
    (folder / "junk.jsonl").write_bytes(b"\x00\xff not a game\n")


@pytest.mark.parametrize("pointer", ["nested", "outside"])
async def test_a_menu_over_hostile_files_opens_lists_and_continues(tmp_path: Path,
                                                                  pointer: str) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    events = played_game(2)
    cut = events[:300]
    done = write_game(folder, events, "done")
    part = write_game(folder, cut, "part")
    os.utime(done, (time.time() - 60, time.time() - 60))
    hostile_folder(folder)
    if pointer == "nested":
        (folder / POINTER).write_text("{" * 50_000)
    else:  # the pointer names a game outside the folder: never offered
        theirs = write_game(tmp_path / "elsewhere", events[:200], "theirs")
        (folder / POINTER).write_text(json.dumps({"path": str(theirs)}))
    app = menu_app(folder)
    start = time.perf_counter()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert time.perf_counter() - start < 10  # no hang on the FIFO or /dev/zero
        last = [e for e in cut if isinstance(e, HandStarted)][-1]
        text = screen_text(app)
        assert "(c) Continue the autosaved game" in text
        assert f"unfinished, {hand_label_of(last)} · tenhou" in text
        await pilot.press("l")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, FilePickerScreen)
        text = screen_text(app)
        ended = events[-1]
        assert isinstance(ended, GameEnded)
        mine = next(r for r in ended.table if r.seat == 0)
        rank = ("1st", "2nd", "3rd", "4th")[mine.rank - 1]
        assert f"tenhou  you E, 3 easy bots  done.jsonl  you {rank}, {mine.points:,}" in text
        assert f"tenhou  you E, 3 easy bots  part.jsonl  unfinished, {hand_label_of(last)}" in text
        rows = {str(r[3]): str(r[4]) for r in map(picker_rows(app).get_row_at,
                                                    range(picker_rows(app).row_count))}
        assert rows["zero.jsonl"] == "cannot be read: a link, not a regular file of this folder"
        assert rows["fifo.jsonl"] == "cannot be read: not a regular file"
        assert rows["deep.jsonl"].startswith("cannot be read: line 1:")
        assert rows["junk.jsonl"].startswith("cannot be read: line 1:")
        assert "zero.jsonl  cannot be read: a link, not a regular file of this" in text
        assert "theirs" not in text and len(rows) == 6
        names = [g.path.name for g in picker.games]
        assert names[:2] == ["part.jsonl", "done.jsonl"]  # newest first, unreadable last
        await pilot.press("enter")  # the first: the unfinished game
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert scr.session.save_path == part


async def test_an_unplayable_autosave_is_not_offered_and_nothing_is_forked(
        tmp_path: Path) -> None:
    path = write_unplayable(tmp_path, "bad", pointer=True)
    before = sorted(p.name for p in tmp_path.iterdir() if p.name != ".index.json")
    pointer = (tmp_path / POINTER).read_bytes()
    data = path.read_bytes()
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "Continue the autosaved game" not in text
        assert "Cannot continue the autosaved game" in text
        assert "bad.jsonl: line 2: the game's ruleset differs from" in text
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")  # the first option is now New game, not Continue
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen)
    after = sorted(p.name for p in tmp_path.iterdir() if p.name != ".index.json")
    assert after == before  # no -continued copy
    assert (tmp_path / POINTER).read_bytes() == pointer and path.read_bytes() == data


async def test_continue_pressed_before_the_check_ends_still_checks_first(
        tmp_path: Path) -> None:
    path = write_unplayable(tmp_path, "bad", pointer=True)
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Cannot continue the autosaved game" in screen_text(app)
    assert sorted(p.name for p in tmp_path.glob("*.jsonl")) == [path.name]


async def test_loading_an_unplayable_game_marks_it_and_forks_nothing(tmp_path: Path) -> None:
    write_unplayable(tmp_path, "bad")
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, FilePickerScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FilePickerScreen)
        text = screen_text(app)
        assert "bad.jsonl  cannot be continued: line 2: the game's ruleset" in text
        scr = app.screen
        assert isinstance(scr, FilePickerScreen) and "differs" in scr.refused[0]
        await pilot.press("enter")  # refused again, with no second check
        await pilot.pause()
        assert app.screen is scr and list(scr.refused) == [0]
    assert sorted(p.name for p in tmp_path.glob("*.jsonl")) == ["bad.jsonl"]


async def test_the_replay_picker_lists_games_in_words(tmp_path: Path) -> None:
    events = played_game(2)
    write_game(tmp_path, events, "done")
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        text = screen_text(app)
        assert "tenhou  you E, 3 easy bots  done.jsonl  you " in text


def notes(app: HanchanApp) -> list[str]:
    """The notifications on screen now."""
    return [str(n.message) for n in app._notifications]


async def test_an_autosave_illegal_later_goes_on_from_its_good_part_in_a_copy(
        tmp_path: Path) -> None:
    events = illegal_later()
    i = next(i for i, e in enumerate(events) if isinstance(e, Won))
    path = write_game(tmp_path, events, "bad", pointer=True)
    data = path.read_bytes()
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "(c) Continue the autosaved game" in screen_text(app)
        await pilot.press("c")
        await settle(pilot)  # (the table, or the result of the hand the bots end)
        session = app.session
        assert session is not None
        assert session.save_path == tmp_path / "bad-continued.jsonl"
        assert session.game.events[:i] == events[:i]  # every good event, and on
        assert any(f"bad.jsonl is damaged (E1-0, line {i + 2}: " in m
                   and "goes on in bad-continued.jsonl" in m for m in notes(app))
    assert path.read_bytes() == data  # the damaged file is left as it was


async def test_the_replay_viewer_shows_the_good_part_and_names_the_line(
        tmp_path: Path) -> None:
    events = illegal_later()
    i = next(i for i, e in enumerate(events) if isinstance(e, Won))
    path = write_game(tmp_path, events, "bad[x]")  # (brackets: the message is not markup)
    app = HanchanApp("replay", path=path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, ReplayScreen)
        assert scr.events == events[:i]  # every good hand, and the hand up to the line
        assert any(f"bad[x].jsonl is shown up to its damaged part: E1-0, line {i + 2}: "
                   in m and "recorded" in m for m in notes(app))
