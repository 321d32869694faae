"""The app's drills draw the hand as the table does, take a tile picked with the cursor,
open on the rules last played, and ask made-up hands without saved games (issue 40, 9)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from hanchan.coach.drills import efficiency_items
from hanchan.engine.tiles import format_tiles
from hanchan.rulesets import load_ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.writer import GameWriter, make_header
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.drills import DrillScreen, DrillsScreen
from hanchan.tui.settings import Settings
from hanchan.tui.tilefaces import face, in_faces
from hanchan.tui.widgets.hand import HandView
from tests.kit.screen_text import screen_text

SIZES = [(100, 32), (120, 40), (200, 60)]


def _header_only(folder: Path, preset: str) -> None:
    seats = [SeatInfo("You"), *(SeatInfo(f"B{i}", "easy") for i in (1, 2, 3))]
    header = make_header(load_ruleset(preset).to_dict(), seats, 1)
    with GameWriter.create(folder, header, name=preset, pointer=False):
        pass


async def _drills(app: HanchanApp, pilot: object) -> DrillsScreen:
    await pilot.press("d")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    scr = app.screen
    assert isinstance(scr, DrillsScreen)
    return scr


async def test_the_rules_list_opens_on_the_rules_last_played(tmp_path: Path) -> None:
    _header_only(tmp_path, "makura")
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZES[0]) as pilot:
        drills = await _drills(app, pilot)
        assert drills.rules() == load_ruleset("makura")  # not ako, the first in the alphabet


async def test_without_games_the_rules_list_opens_on_tenhou(tmp_path: Path) -> None:
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZES[0]) as pilot:
        drills = await _drills(app, pilot)
        assert drills.rules() == load_ruleset("tenhou")


async def test_tab_and_enter_go_from_the_rules_to_the_drills(tmp_path: Path) -> None:
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZES[0]) as pilot:
        drills = await _drills(app, pilot)
        await pilot.press("shift+tab")  # from the drills to the rules
        assert app.focused is drills.query_one("#rules", OptionList)
        await pilot.press("down", "enter")  # the next preset chosen: on to the drills
        await pilot.pause()
        assert app.screen is drills and app.focused is drills.query_one("#drills")
        chosen = drills.rules()
        assert chosen != load_ruleset("tenhou")
        await pilot.press("enter")  # the first drill, not the rules list again
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, DrillScreen) and scr.rules == chosen


@pytest.mark.parametrize("size", SIZES)
async def test_the_hand_is_drawn_in_the_chosen_faces(tmp_path: Path,
                                                     size: tuple[int, int]) -> None:
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0, faces="kanji"))
    async with app.run_test(size=size) as pilot:
        await _drills(app, pilot)
        await pilot.press("up", "enter")  # the last drill: made-up hands
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, DrillScreen) and scr.kind == "made_up"
        item = efficiency_items(scr.count, scr.seed)[0]
        view = scr.query_one(HandView)
        assert item.hand is not None and view.display and view.mode == "kanji"
        assert view.tiles == item.hand.tiles
        text = screen_text(app)
        assert "Hand:" not in text  # no mpsz line: the tiles are drawn
        row = next(line for line in text.splitlines() if face(item.hand.tiles[0], "kanji")
                   in line)
        assert all(face(t, "kanji").strip() in row for t in item.hand.tiles)
        assert view.region.right <= size[0] and view.region.bottom <= size[1]


async def test_a_tile_is_picked_with_the_cursor_or_a_click(tmp_path: Path) -> None:
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZES[1]) as pilot:
        await _drills(app, pilot)
        await pilot.press("up", "enter")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, DrillScreen)
        items = efficiency_items(scr.count, scr.seed)
        view = scr.query_one(HandView)
        await pilot.press("right", "right", "right", "left")
        assert view.selected == 2 and scr.query_one(Input).value == ""
        tile = items[0].hand.tiles[2]  # type: ignore[union-attr]
        want = items[0].check(format_tiles([tile], 0))
        await pilot.press("enter")
        await pilot.pause()
        assert scr.asked == 1 and scr.said.startswith(want[1][0])
        await pilot.press("enter")  # next question
        await pilot.pause()
        assert scr.index == 1 and view.selected == 0
        x0, _, index = view._spans[4]
        await pilot.click(HandView, offset=(x0, 1))
        await pilot.pause()
        assert scr.asked == 2 and index == 4
        # typing still works; the cursor keys then move in the answer box
        await pilot.press("enter")
        await pilot.pause()
        before = view.selected
        await pilot.press(*"5", "left")
        assert view.selected == before and scr.query_one(Input).cursor_position == 0


async def test_without_saved_games_the_discards_drill_asks_made_up_hands(
        tmp_path: Path) -> None:
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZES[0]) as pilot:
        await _drills(app, pilot)
        await pilot.press("up", "up", "enter")  # "What do you discard (your games)"
        scr = app.screen
        assert isinstance(scr, DrillScreen) and scr.kind == "discards"
        for _ in range(100):
            await pilot.pause(0.05)
            if scr.items:
                break
        made_up = efficiency_items(scr.count, scr.seed)
        assert [i.hand for i in scr.items] == [i.hand for i in made_up]
        assert "made-up hands instead" in scr.skipped
        assert not scr.query_one(Input).disabled


async def test_the_words_name_tiles_in_the_chosen_faces(tmp_path: Path) -> None:
    # issue 38: "the in-app drills print mpsz text instead of tiles": the verdict and the
    # answer name their tiles in the faces the hand is drawn in, as the table's help does
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0, faces="kanji"))
    async with app.run_test(size=SIZES[1]) as pilot:
        await _drills(app, pilot)
        await pilot.press("up", "enter")  # made-up hands
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, DrillScreen)
        item = efficiency_items(scr.count, scr.seed)[0]
        assert item.hand is not None
        tile = format_tiles([item.hand.tiles[0]], 0)
        _, words = item.check(tile)
        await pilot.press(*tile, "enter")
        await pilot.pause()
        assert re.search(r"\d[mpsz]", words[0])  # the words as the CLI prints them
        assert scr.said.startswith(in_faces(words[0], "kanji"))
        assert not re.search(r"\d[mpsz]\b", scr.said), scr.said
        await pilot.press("enter")  # the next question, skipped: its answer in faces
        await pilot.press(*"skip", "enter")
        await pilot.pause()
        reveal = efficiency_items(scr.count, scr.seed)[1].reveal
        assert scr.said.startswith(in_faces("Skipped. " + " ".join(reveal), "kanji"))
        assert not re.search(r"\d[mpsz]\b", scr.said), scr.said
