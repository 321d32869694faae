"""An outside mjai bot at the table: the new-game screen's command field, play --bots."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from hanchan.ai.mjai.seat import MjaiSeat
from hanchan.cli.parser import build_parser
from hanchan.cli.play import game_spec
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.menu import NewGameScreen
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.settings import Settings
from tests.kit.mjai import simple_bot
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import settle

SIZE = (100, 32)


async def test_the_new_game_screen_seats_an_mjai_bot(tmp_path: Path) -> None:
    """A command typed in the field seats that bot across from the player (the default)."""
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, NewGameScreen)
        assert "mjai bot: across" in screen_text(app)
        scr.query_one("#mjai", Input).value = simple_bot()
        await pilot.press("ctrl+s")
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        session = table.session
        try:
            assert isinstance(session.bots[2], MjaiSeat)
            assert not isinstance(session.bots[1], MjaiSeat)
            assert session.names[2] == "Chika (mjai simple.py)"
        finally:
            session.close()
        assert session.bots[2]._proc is None


def test_play_bots_seats_mjai_bots_right_across_left() -> None:
    """--bots with three seats: from the player's right; the player sits South here."""
    args = build_parser().parse_args(
        ["play", "--seat", "S", "--bots", "strong,mjai:./a --x=1,2,mjai:./b",
         "--mjai-timeout", "5"])
    spec = game_spec(args)
    assert spec.seat == 1 and spec.bots == "strong"
    assert spec.mjai == ((3, "./a --x=1,2"), (0, "./b"))
    assert spec.mjai_options.timeout == 5.0
    assert spec.seat_specs() == ["mjai:./b", None, "strong", "mjai:./a --x=1,2"]
