"""The size notice follows every resize at once, in every direction (issue 23, item 2).

The table needs ``MIN_WIDTH``×``MIN_HEIGHT`` (100×32); below that the notice covers
the screen and says the terminal's size, above it the table is shown.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from hanchan.rulesets.schema import Ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.menu import MenuScreen
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import NewGame
from hanchan.tui.settings import Settings
from hanchan.tui.widgets.size_notice import MIN_HEIGHT, MIN_WIDTH, SizeNotice
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import settle

TOO_SMALL = "please make it larger"


def notice_shown(app: HanchanApp) -> bool:
    return app.screen.query_one(SizeNotice).display and TOO_SMALL in screen_text(app)


async def resized(pilot: Pilot[int], width: int, height: int) -> HanchanApp:
    await pilot.resize_terminal(width, height)
    await pilot.pause()
    app = pilot.app
    assert isinstance(app, HanchanApp)
    return app


async def test_the_table_follows_each_resize_at_once(tmp_path: Path) -> None:
    spec = NewGame(Ruleset(), 1, "greedy", 0, tmp_path)
    app = HanchanApp("play", new_game=spec, save_dir=tmp_path,
                     settings=Settings(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert notice_shown(app) and "This one is 80×24" in screen_text(app)
        # one resize up is enough to see the table
        await resized(pilot, 150, 45)
        assert not notice_shown(app)
        assert "You" in screen_text(app)
        # and one resize down brings the notice back, with the new size
        for w, h in ((MIN_WIDTH - 1, 45), (150, MIN_HEIGHT - 1), (60, 20)):
            await resized(pilot, w, h)
            assert notice_shown(app), (w, h)
            assert f"This one is {w}×{h}" in screen_text(app)
            await resized(pilot, MIN_WIDTH, MIN_HEIGHT)  # the smallest size that fits
            assert not notice_shown(app), (w, h)


async def test_the_menu_follows_each_resize_at_once(tmp_path: Path) -> None:
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert not notice_shown(app)
        await resized(pilot, 90, 40)
        assert notice_shown(app) and "This one is 90×40" in screen_text(app)
        await resized(pilot, 200, 60)
        assert not notice_shown(app)
