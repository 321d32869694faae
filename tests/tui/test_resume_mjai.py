"""A game played with an outside mjai seat, left with Ctrl+Q and continued (issue 40).

The trust rule (``tui/screens/start_program.py``): a game file never starts a program;
the command starts again only because the player gave it, here on the command line.
After continuing, the outside bot plays on from the saved position: the events before
the quit are kept and the seat's next moves are the outside bot's replies.
"""

from __future__ import annotations

from pathlib import Path

from hanchan.ai.mjai.seat import MjaiSeat
from hanchan.cli.parser import build_parser
from hanchan.cli.play import game_spec
from hanchan.engine.events import Discarded
from hanchan.saves.reader import load
from hanchan.tui.app import HanchanApp
from hanchan.tui.messages import ContinueGame
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.settings import Settings
from tests.kit.mjai import simple_bot
from tests.kit.tui_driver import settle

SIZE = (120, 40)


async def test_a_game_with_an_mjai_seat_is_continued_and_the_bot_plays_on(
        tmp_path: Path) -> None:
    command = simple_bot()
    args = build_parser().parse_args(["play", "--seed", "7", "--bots",
                                      f"easy,mjai:{command},easy"])
    spec = game_spec(args, tmp_path)
    app = HanchanApp("play", new_game=spec, save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and isinstance(scr.session.bots[2], MjaiSeat)
        for _ in range(2):  # two discards of the player's: the outside bot answers between
            await pilot.press("enter")
            scr = await settle(pilot)
            assert isinstance(scr, TableScreen)
        path = scr.session.save_path
        before = list(scr.session.events)
        await pilot.press("ctrl+q")
    assert path is not None and app.farewell is not None and str(path) in app.farewell
    assert any(isinstance(e, Discarded) and e.seat == 2 for e in before)
    assert load(path).events[:len(before)] == before

    again = HanchanApp("play", new_game=spec, save_dir=tmp_path / "other",
                       settings=Settings(bot_delay=0.0))
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        again.post_message(ContinueGame(path))
        for _ in range(50):
            await pilot.pause()
            shown = again.screen
            if isinstance(shown, TableScreen) and shown.session.save_path == path:
                break
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and scr.session.save_path == path
        bot = scr.session.bots[2]
        assert isinstance(bot, MjaiSeat)  # the player's own command: no question asked
        assert list(scr.session.events)[:len(before)] == before
        for _ in range(2):
            await pilot.press("enter")
            scr = await settle(pilot)
            assert isinstance(scr, TableScreen)
        after = list(scr.session.events)[len(before):]
        assert any(isinstance(e, Discarded) and e.seat == 2 for e in after)
        assert bot.replies > 0  # the outside program made those moves
        await pilot.press("ctrl+q")
    saved = load(path).events
    assert saved[:len(before)] == before and len(saved) > len(before)
