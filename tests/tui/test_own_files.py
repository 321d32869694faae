"""The app over its own hostile files: brackets in names, odd files in the save folder,
a poisoned index, a game that cannot be continued, a read-only folder (issue 35, item 6).

Notifications are drawn here (``notifications=True``): the bracket crashes were in them.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import msgspec
import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from hanchan.engine.events import Event, GameStarted
from hanchan.saves.codec import SeatInfo
from hanchan.saves.reader import load
from hanchan.saves.writer import POINTER, GameWriter, make_header
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.replay import ReplayScreen
from hanchan.tui.screens.review import ReviewScreen
from hanchan.tui.screens.saves import FilePickerScreen
from hanchan.tui.screens.table import TableScreen
from tests.kit.saved_games import played_game
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import settle
from tests.tui.test_save_picker import SIZE, menu_app

HOSTILE = "[x='y]"
"""A text Textual's markup cannot parse: shown as markup it is a ``MarkupError``."""


def saved(folder: Path, events: list[Event], name: str, seats: list[SeatInfo] | None = None,
          pointer: bool = False) -> Path:
    start = events[0]
    assert isinstance(start, GameStarted)
    seats = seats or [SeatInfo(start.players[0]), *(SeatInfo(n, "easy") for n in
                                                      start.players[1:])]
    header = make_header(start.ruleset.to_dict(), seats, start.seed)
    with GameWriter.create(folder, header, name=name, pointer=pointer) as w:
        w.extend(events)
    return w.path


def named(events: tuple[Event, ...], players: tuple[str, str, str, str]) -> list[Event]:
    """The game with other players' names (the header's seats are written from them)."""
    start = events[0]
    assert isinstance(start, GameStarted)
    return [msgspec.structs.replace(start, players=players), *events[1:]]


def shown(app: HanchanApp) -> str:
    return screen_text(app)


def said(app: HanchanApp) -> str:
    """Every notification's words, whole (a toast wraps them on the screen)."""
    return "\n".join(n.message for n in app._notifications)


async def pick(pilot: Pilot[Any], key: str) -> FilePickerScreen:
    await pilot.press(key)
    await pilot.pause()
    scr = pilot.app.screen
    assert isinstance(scr, FilePickerScreen)
    return scr


# ------------------------------------------------------------------ square brackets


async def test_a_file_name_with_brackets_is_named_not_read_as_markup(tmp_path: Path) -> None:
    (tmp_path / "bad[a=b=c].jsonl").write_bytes(b"junk\n")
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pick(pilot, "l")
        await pilot.press("enter")
        await pilot.pause()
        assert "Cannot open bad[a=b=c].jsonl: line 1:" in shown(app)
        assert app.return_code is None


async def test_a_typed_path_with_brackets_is_named_not_read_as_markup(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        scr = await pick(pilot, "l")
        box = scr.query_one("#path", Input)
        box.focus()
        box.value = HOSTILE
        await pilot.press("enter")
        await pilot.pause()
        assert f"There is no file at {HOSTILE}." in shown(app)
        assert app.return_code is None


async def test_a_header_field_with_brackets_is_named_not_read_as_markup(
        tmp_path: Path) -> None:
    events = list(played_game(2)[:200])
    seats = [SeatInfo("You"), SeatInfo("Bot", HOSTILE), SeatInfo("B", "easy"),
             SeatInfo("C", "easy")]
    saved(tmp_path, events, "hdr", seats)
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pick(pilot, "l")
        await pilot.press("enter")
        await pilot.pause()
        assert app.return_code is None
        assert f"'{HOSTILE}'" in shown(app)  # the refusal names the seat's level as written


async def test_player_names_with_brackets_show_in_the_replay_and_its_review(
        tmp_path: Path) -> None:
    players = (HOSTILE, "[/b]", "[b]S", "[@click=app.quit]N")
    game = played_game(2)
    cut = next(i for i, e in enumerate(game) if type(e).__name__ in ("Won", "HandDrawn"))
    path = saved(tmp_path, named(game[:cut + 1], players), "names")
    app = HanchanApp("replay", path=path, save_dir=tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert f"{HOSTILE}, East seat" in shown(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert f"Review of {HOSTILE} (started as East)" in shown(app)
        assert app.return_code is None


# ------------------------------------------------------------------ what Continue offers


def damaged_first_hand(folder: Path) -> Path:
    """A game whose first hand's HandStarted line (line 3) is damaged: no hand to go on."""
    path = saved(folder, list(played_game(2)[:200]), "first", pointer=True)
    lines = path.read_bytes().split(b"\n")
    lines[2] = b'{"type":"HandStarted","junk":1}'
    path.write_bytes(b"\n".join(lines))
    return path


def empty_import(folder: Path) -> Path:
    """What importing an mjai log of no hand writes: a header and GameStarted, no seed."""
    start = played_game(2)[0]
    assert isinstance(start, GameStarted)
    start = msgspec.structs.replace(start, seed=None)
    header = make_header(start.ruleset.to_dict(), [SeatInfo(n, None) for n in start.players],
                         None, source="mjai:empty.jsonl")
    with GameWriter.create(folder, header, name="imported", pointer=False) as w:
        w.extend([start])
    return w.path


def folder_state(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.name != ".index.json"}


async def test_an_autosave_whose_first_hand_is_damaged_deals_it_again_in_a_copy(
        tmp_path: Path) -> None:
    # nothing after a damaged line is trusted; the game's seed deals its first hand again
    path = damaged_first_hand(tmp_path)
    data = path.read_bytes()
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Cannot continue" not in shown(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None and app.session.save_path is not None
        assert app.session.save_path.name == "first-continued.jsonl"
    assert path.read_bytes() == data  # the damaged file is left as it was


async def test_loading_an_import_with_no_hand_to_continue_is_refused(tmp_path: Path) -> None:
    path = empty_import(tmp_path)
    before = folder_state(tmp_path)
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pick(pilot, "l")
        for _ in range(2):
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, FilePickerScreen)
        text = shown(app)
        assert f"Cannot continue {path.name}: " in text
        assert "nothing to continue" in text
        assert "stuck" not in text
    assert folder_state(tmp_path) == before


# ------------------------------------------------------------------ links in the save folder


async def test_a_link_in_the_save_folder_is_neither_offered_nor_continued(
        tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    theirs = saved(tmp_path / "elsewhere", list(played_game(2)[:200]), "theirs")
    data = theirs.read_bytes()
    (folder / "link.jsonl").symlink_to(theirs)
    app = menu_app(folder)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert "Continue" not in shown(app)
        scr = await pick(pilot, "l")
        await pilot.press("enter")
        await pilot.pause()
        assert "Cannot open link.jsonl: a link, not a regular file of this folder" in said(app)
        box = scr.query_one("#path", Input)  # typed: checked, then refused before a write
        box.focus()
        box.value = str(folder / "link.jsonl")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is scr
        assert "Cannot continue link.jsonl: " in said(app)
        assert "is a link to another file" in said(app)
    assert theirs.read_bytes() == data
    assert sorted(p.name for p in folder.iterdir() if p.name != ".index.json") == ["link.jsonl"]


# ------------------------------------------------------------------ the replay of a damaged file


async def test_the_replay_says_at_which_line_a_damaged_file_stops(tmp_path: Path) -> None:
    events = played_game(2)
    path = saved(tmp_path, list(events), "cut")
    lines = path.read_bytes().split(b"\n")
    bad = 301  # a line in the middle of the game (line 1 is the header)
    lines[bad - 1] = b'{"type":"Discarded","seat":9}'
    path.write_bytes(b"\n".join(lines))
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pick(pilot, "r")
        await pilot.press("enter")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, ReplayScreen)
        assert scr.events == list(events[:bad - 2])  # every good event before the line
        words = said(app)
        assert words.startswith(f"cut.jsonl is shown up to its damaged part: line {bad}: ")


# ------------------------------------------------------------------ a read-only folder


def read_only(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder cannot be written (its files can): chmod, and for root (whom chmod does
    not stop) no temporary file made in it, which every whole-file write starts with."""
    folder.chmod(0o555)
    real = tempfile.mkstemp

    def refuse(*args: Any, **kwargs: Any) -> tuple[int, str]:
        where = kwargs.get("dir")
        if where is not None and Path(where).resolve() == folder.resolve():
            raise PermissionError(13, "Permission denied", str(folder))
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", refuse)


async def test_continue_plays_on_when_only_the_folder_is_read_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "saves"
    path = saved(folder, list(played_game(2)[:200]), "part", pointer=True)
    pointer = (folder / POINTER).read_bytes()
    size = path.stat().st_size
    read_only(folder, monkeypatch)
    try:
        app = menu_app(folder)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.press("c")
            scr = await settle(pilot)
            assert isinstance(scr, TableScreen)
            assert scr.session.save_path == path and scr.session.save_problem is None
            app.action_save_and_quit()
        assert (folder / POINTER).read_bytes() == pointer  # kept, not rewritten
        assert load(path).events == list(scr.session.events)  # every move is in the file
        assert path.stat().st_size >= size
    finally:
        folder.chmod(0o755)
