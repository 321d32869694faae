"""The main menu: new game from a preset list, rules reference, load and replay pickers."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.chooser import ChooserScreen
from hanchan.tui.screens.menu import MenuScreen, NewGameScreen, RulesScreen
from hanchan.tui.screens.saves import FilePickerScreen
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.settings import Settings
from tests.kit.one_screen import OneScreen
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import settle

SIZE = (100, 32)


def menu_app(tmp_path: Path) -> HanchanApp:
    return HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))


async def test_menu_offers_no_continue_without_a_save(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        text = screen_text(app)
        assert "Continue" not in text
        for item in ("New game", "Load a saved game", "Replay a game", "Rules reference"):
            assert item in text


async def test_new_game_from_the_preset_list(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, NewGameScreen)
        names = [p.name for p in scr.infos]
        assert "tenhou" in names
        text = screen_text(app)
        assert "Red fives" in text and "Bots: normal" in text and "Seat: East" in text
        # choose another preset with the arrows: its key rules replace the summary
        first = scr.infos[scr.current]
        await pilot.press("down")
        await pilot.pause()
        assert scr.infos[scr.current].name != first.name
        assert scr.infos[scr.current].title in screen_text(app)
        chosen = scr.infos[scr.current]
        await pilot.press("enter")
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        assert table.session.rules == chosen.rules


async def test_rules_reference_lists_yaku_with_values(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        text = screen_text(app)
        assert "Yaku" in text and "Closed" in text and "Open" in text
        assert "Riichi" in text
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_replay_picker_opens_a_file_by_path(tmp_path: Path) -> None:
    app = menu_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, FilePickerScreen)
        assert "No saved games" in screen_text(app)
        await pilot.click("#path")
        await pilot.press(*"nothing-here.jsonl", "enter")
        await pilot.pause()
        assert isinstance(app.screen, FilePickerScreen)  # refused, with a message


async def test_chooser_picks_by_number_or_cancels() -> None:
    results: list[int | None] = []

    def chooser() -> OneScreen:
        return OneScreen(ChooserScreen("Which chi?", ["Chi 34m", "Chi 46m"]), results.append)

    app = chooser()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Which chi?" in screen_text(app)
        await pilot.press("2")
        await pilot.pause()
    app = chooser()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert results == [1, None]


@pytest.mark.parametrize("size", [(100, 32), (120, 40), (200, 60)])
async def test_new_game_offers_an_east_only_game(tmp_path: Path, size: tuple[int, int]) -> None:
    """Issue 40 item 5: the game length is a choice of the new-game screen; East only is the
    preset with its ``length`` changed (its extension and agariyame stay)."""
    app = menu_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, NewGameScreen)
        assert "Length: preset" in screen_text(app)
        assert "半荘戦: East and South" in screen_text(app)  # tenhou's own length
        chosen = scr.infos[scr.current]
        scr.query_one("#length", Select).focus()
        await pilot.press("enter")
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert "Length: East only" in screen_text(app)
        assert "東風戦: the East round only" in screen_text(app)  # the summary follows
        await pilot.press("ctrl+s")
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        assert table.session.rules == chosen.rules.replace(length="east")
