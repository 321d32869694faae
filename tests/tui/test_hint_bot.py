"""The table's hint from any mjai AI too (issue 38): ``hanchan play --hint-by mjai:CMD`` or
the command typed after ``H``; ``h`` then shows the outside bot's choice under strong's
hint.  A bot that fails or attacks leaves strong's hint and the game whole, no process of
it outlives the app, and its command is written nowhere."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from hanchan.ai.base import MjaiOptions
from hanchan.cli.main import main
from hanchan.engine.actions import Pass
from hanchan.rulesets.schema import Ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import NewGame
from hanchan.tui.settings import Settings
from tests.ai.test_mjai_hostile import PRELUDE, command, left_over
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import settle, type_bot_command
from tests.tui.test_practice import practice, scripted_app

SIZE = (120, 40)
OURS = f"{shlex.quote(sys.executable)} -m hanchan.cli mjai-bot --level strong"
HAND = {0: "3446m1589p1579s2z"}  # East's first discard: a choice of shape alone


def hint_app(hint_by: str | None, timeout: float = 10.0) -> HanchanApp:
    """A scripted hand (the bots throw what they draw), with ``hint_by`` as the hint bot."""
    app = scripted_app(practice("makura"), HAND, settings=Settings(bot_delay=0.0))
    app.hint_by = hint_by
    app.new_game = NewGame(Ruleset(), mjai_options=MjaiOptions(timeout=timeout))
    return app


async def hint_lines(pilot: Pilot[Any], scr: TableScreen, *, bot: bool = True
                     ) -> list[str]:
    """Press h; the message's lines once strong's hint (and the bot's line) are in."""
    await pilot.press("h")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        await pilot.pause(0.02)
        lines = scr.info.message.split("\n")
        if lines[0].startswith("Hint:") and (
                not bot or len(lines) == 2 and not lines[1].endswith("thinking…")):
            return lines
    raise AssertionError(f"no hint: {scr.info.message!r}")


def discards(scr: TableScreen) -> int:
    """The human's discards so far this hand."""
    view = scr.session.view()
    return len(view.seats[view.seat].river)


def python_bot(code: str) -> str:
    return f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}"


def script_bot(folder: Path, name: str, body: str, pids: Path) -> str:
    """A bot script that writes its pid (tests.ai.test_mjai_hostile's prelude), then
    ``body`` from its start."""
    script = folder / f"{name}.py"
    script.write_text(PRELUDE + body)
    return command(script, pids)


async def test_our_mjai_bot_hints_as_strong_does() -> None:
    app = hint_app(OURS)
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and scr.hint_bot is not None
        assert scr.info.message == "h asks hanchan too, beside strong."
        strong, by = await hint_lines(pilot, scr)
        said = strong.removeprefix("Hint: ").split(" (selected")[0]
        assert said.startswith("Discard ") and by == f"hanchan: {said}", (strong, by)
        # the same moment asked again: the same answer, the bot not asked twice
        assert await hint_lines(pilot, scr) == [strong, by]
        assert scr.info.message.split("\n")[1] in " ".join(screen_text(app).split())
        # play strong's discard; at the next decision the bot, told the game since,
        # still answers as strong
        await pilot.press("enter")
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert discards(scr) == 1
        strong, by = await hint_lines(pilot, scr)
        said = strong.removeprefix("Hint: ").split(" (selected")[0].split(" —")[0]
        assert by == f"hanchan: {said}", (strong, by)


@pytest.mark.parametrize(("code", "says"), [
    (None, "could not be started"),  # no such program
    ("import sys; sys.exit(3)", "exited with status 3"),  # exits at once
])
async def test_a_bot_that_cannot_answer_gets_a_sentence_and_strong_stays(
        tmp_path: Path, code: str | None, says: str) -> None:
    typed = str(tmp_path / "no-such-bot") if code is None else python_bot(code)
    app = hint_app(typed)
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        strong, by = await hint_lines(pilot, scr)
        name = "no-such-bot" if code is None else Path(sys.executable).name
        assert strong.startswith("Hint: Discard ") and " — " in strong
        assert by.startswith(f"The mjai bot {name} {says}") and by.endswith(
            "; it is asked no more and strong's hint stands."), by
        assert by.count(".") == 1 or "(" in by  # one sentence
        assert "Traceback" not in screen_text(app)
        await pilot.press("enter")  # the game goes on
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert discards(scr) == 1
        _, again = await hint_lines(pilot, scr)
        assert again == by


HANG = '''
for line in sys.stdin:
    time.sleep(3600)
'''
FORK_AND_HANG = '''
if os.fork() == 0:
    say_pid()
    time.sleep(3600)
    os._exit(0)
''' + HANG
FLOOD = '''
while True:
    sys.stdout.write('{"type":"none"}\\n')
'''


@pytest.mark.parametrize("leave", ["quit", "menu"])
async def test_a_hung_bot_never_stalls_the_game_and_ends_with_the_table(
        tmp_path: Path, leave: str) -> None:
    """The bot (and the child it forked) never answers, with a minute to do it: the hint
    is strong's, the game goes on, keys are answered, and leaving the table (quitting the
    app, or the menu in its place) ends both processes."""
    pids = tmp_path / "pids"
    spec = NewGame(Ruleset(), 3, "easy", 0, tmp_path, mjai_options=MjaiOptions(timeout=60.0))
    app = HanchanApp("play", new_game=spec, save_dir=tmp_path,
                     settings=Settings(bot_delay=0.0),
                     hint_by=script_bot(tmp_path, "hang", FORK_AND_HANG, pids))
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        strong, by = await hint_lines(pilot, scr, bot=False)
        assert strong.startswith("Hint: Discard ") and by == "hang.py: thinking…"
        await pilot.press("enter")  # the hinted tile is selected: played
        moves = 1
        while moves < 6:  # the bots play on, and so does the player: several turns
            now = await settle(pilot)
            if not isinstance(now, TableScreen):
                await pilot.press("enter")  # a hand's result
                continue
            scr = now
            await pilot.press("space" if Pass() in scr.session.legal() else "d")
            await pilot.press("enter")
            moves += 1
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and len(scr.session.events) > 40
        await pilot.press("v")  # keys answered
        await pilot.pause()
        assert scr.settings.faces != "letters"
        strong, by = await hint_lines(pilot, scr)
        assert by == "hang.py is still at an earlier hint; strong's hint stands."
        assert len(pids.read_text().splitlines()) == 2  # the bot and its child
        if leave == "menu":
            app.open_menu()  # the table is replaced, as when a game ends
            await pilot.pause()
            assert not isinstance(app.screen, TableScreen)
            assert left_over(pids) == []
    assert left_over(pids) == []


@pytest.mark.parametrize("when", ["at once", "when asked"])
async def test_a_flooding_bot_is_stopped_and_the_game_goes_on(
        tmp_path: Path, when: str) -> None:
    pids = tmp_path / "pids"
    body = FLOOD if when == "at once" else "for line in sys.stdin:\n" + \
        "\n".join("    " + x for x in FLOOD.strip().splitlines())
    app = hint_app(script_bot(tmp_path, "flood", body, pids))
    flooded = ("The mjai bot flood.py wrote more than 16 lines it was not asked for; it is "
               "asked no more and strong's hint stands.")
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        deadline = time.monotonic() + 30
        while when == "at once" and time.monotonic() < deadline and not (
                pids.exists() and left_over(pids) == []):
            await pilot.pause(0.05)  # flooded before it is asked: ended by the bound
        _, by = await hint_lines(pilot, scr)
        # a flood that starts with the reply: its first line is read as one (no action)
        assert by == flooded or when == "when asked" and \
            by == "flood.py gave no legal answer; strong's hint stands.", by
        await pilot.press("enter")
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and discards(scr) == 1
        _, by = await hint_lines(pilot, scr)
        assert by == flooded
        assert left_over(pids) == []


async def test_the_hint_bot_typed_after_shift_h(tmp_path: Path) -> None:
    """H asks for the command (the same dialog as the review's b); a bad one is refused in
    a sentence, a good one answers h; the app keeps it for its next games."""
    app = hint_app(None)
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and scr.hint_bot is None
        assert await hint_lines(pilot, scr, bot=False) == [scr.info.message]
        table: TableScreen = scr
        for typed, says in (("'unclosed", "No bot was asked: the command cannot be read "
                             "(No closing quotation)."), (OURS, "h asks hanchan too")):
            await type_bot_command(pilot, "H", typed)
            assert app.screen is table and says in table.info.message
        assert scr.hint_bot is not None and app.hint_by == OURS
        strong, by = await hint_lines(pilot, scr)
        assert by.startswith("hanchan: Discard ") and by[9:] in strong
        await pilot.press("H")
        await pilot.pause()
        await pilot.press("escape")  # Esc: the bot stays
        await pilot.pause()
        assert app.screen is scr and scr.hint_bot is not None


async def test_the_command_is_written_nowhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Data never becomes code: the hint bot's command, given to the app (as --hint-by
    does) or typed after H, is in no file afterwards (the save, the settings, anything
    under the home folder), and a game continued in another app has no hint bot."""
    home = tmp_path / "home"
    home.mkdir()
    for var in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
                "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(home))
    marks = ("zq81x-hint-given", "zq81x-hint-typed")
    given, typed = (f"env HANCHAN_MARK={m} {OURS}" for m in marks)
    folder = tmp_path / "saves"
    spec = NewGame(Ruleset().replace(length="east"), 5, "easy", 0, folder)
    app = HanchanApp("play", new_game=spec, save_dir=folder,
                     settings_path=folder / "settings.json", settings=Settings(bot_delay=0.0),
                     hint_by=given)
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        _, by = await hint_lines(pilot, scr)
        assert by.startswith("env: "), by  # the program's name: the command's first word
        await pilot.press("H")
        await pilot.pause()
        app.screen.query_one(Input).value = typed
        await pilot.press("enter")
        await pilot.pause()
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        _, by = await hint_lines(pilot, scr)
        assert by.startswith("env: "), by
        await pilot.press("v")  # the settings are written
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+q")
    saved = [p for p in folder.glob("*.jsonl")]
    assert len(saved) == 1 and (folder / "settings.json").exists()
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    for p in files:
        for m in marks:
            assert m.encode() not in p.read_bytes(), p
    for hint_by in (None, OURS):  # a game continued: the hint bot is the app's alone
        again = HanchanApp("continue", path=saved[0], save_dir=folder,
                           settings_path=folder / "settings.json", hint_by=hint_by)
        async with again.run_test(size=SIZE) as pilot:
            scr = await settle(pilot)
            assert isinstance(scr, TableScreen)
            assert (scr.hint_bot is None) == (hint_by is None)
            if hint_by is not None:
                _, by = await hint_lines(pilot, scr)
                assert by.startswith("hanchan: "), by


@pytest.mark.parametrize("value", ["strong", "mjai:", "mjai:  ", "mjai:'unclosed", "mjai:''"])
def test_a_bad_hint_by_is_refused_in_a_sentence(
        value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "saves"
    assert main(["play", "--hint-by", value, "--save-dir", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hanchan: --hint-by ") and err.count("\n") == 1, err
    assert "mjai:COMMAND" in err or "cannot be read" in err or "names no program" in err
    assert "Traceback" not in err and not folder.exists()

