"""The table's hand keys and its message lines at 100x32, 120x40 and 200x60 (issue 40).

Every place of the hand has a key shown under its tile (the drawn tile its own, ``d``),
and pressing it selects that tile; a hint or a refusal too long for the width wraps
instead of being cut, and the toggles' keys stay on the screen.
"""

from __future__ import annotations

import re

import pytest

from hanchan.tui.screens.table import TableScreen
from hanchan.tui.settings import Settings
from hanchan.tui.tilefaces import FaceMode, face
from hanchan.tui.widgets.hand import DRAWN_KEY, KEYS, HandView
from tests.kit.tui_driver import settle
from tests.tui.test_layout_sizes import SIZES, region_lines
from tests.tui.test_practice import practice, scripted_app

KEY_NAMES = {"-": "minus", "=": "equals_sign", "\\": "backslash"}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_tile_of_the_hand_has_a_key_shown_under_it(size: tuple[int, int]) -> None:
    app = scripted_app(practice("makura"), settings=Settings(bot_delay=0.0))
    async with app.run_test(size=size) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and scr.choice is not None
        view = scr.session.view()
        assert len(view.hand) == 13 and view.drawn is not None
        hand = scr.query_one(HandView)
        labels = region_lines(app, hand)[3]
        keys = [*KEYS[:13], DRAWN_KEY]
        for i, key in enumerate(keys):
            await pilot.press(KEY_NAMES.get(key, key))
            await pilot.pause()
            assert scr.choice is not None and scr.choice.selected == i, key
            assert scr.choice.selected_tile() == view.concealed()[i]
            # the key is written under its tile (where the pointer is not)
            x0, x1, index = hand._spans[i]
            assert index == i
            if i != 13:  # the drawn tile was selected first: its label is the pointer then
                assert labels[x0:x1].strip() in (key, "▲")
        await pilot.press("d")
        await pilot.pause()
        assert scr.choice.selected_tile() == view.drawn
        final = region_lines(app, hand)[3]
        assert [final[x0:x1].strip() for x0, x1, _ in hand._spans[:13]] == list(KEYS[:13])


LONG = ("You are furiten (a tile you wait on is in your discards, or you let a winning tile "
        "pass): you may not win on a discard; and this sentence goes on to end at the word "
        "omega")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_long_hint_or_refusal_wraps_and_the_toggles_stay(size: tuple[int, int]) -> None:
    app = scripted_app(practice("makura"), settings=Settings(bot_delay=0.0))
    async with app.run_test(size=size) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        for text in (scr.info.help, LONG):  # the help line itself, then a long message
            scr.info.say(text, "error")
            await pilot.pause()
            lines = region_lines(app, scr.info)
            shown = " ".join(" ".join(lines).split())
            assert " ".join(text.split()) in shown
            assert scr.info.toggles in " ".join(lines)
            assert "Discard 7z" in shown  # the help line above it is whole too


async def test_a_real_hint_is_shown_whole_at_100_columns() -> None:
    app = scripted_app(practice("makura"), {0: "3446m1589p1579s2z"},
                       settings=Settings(bot_delay=0.0))
    async with app.run_test(size=(100, 32)) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        await pilot.press("h")
        for _ in range(300):
            await pilot.pause()
            if scr.info.message.startswith("Hint:"):
                break
        message = scr.info.message
        assert message.startswith("Hint: Discard")
        assert message in " ".join(" ".join(region_lines(app, scr.info)).split())
        assert "selected: Enter plays it" in message


MPSZ = re.compile(r"\b\d+[mpsz]\b")


@pytest.mark.parametrize("faces", ["kanji", "glyphs"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_help_and_hint_speak_in_the_chosen_faces(size: tuple[int, int],
                                                       faces: FaceMode) -> None:
    app = scripted_app(practice("makura"), {0: "3446m1589p1579s2z"},
                       settings=Settings(bot_delay=0.0, faces=faces))
    async with app.run_test(size=size) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        drawn = scr.session.view().drawn
        assert drawn is not None
        await pilot.press("d")
        await pilot.press("h")
        for _ in range(300):
            await pilot.pause()
            if scr.info.message.startswith("Hint:"):
                break
        assert scr.info.message.startswith("Hint:")
        shown = "\n".join(region_lines(app, scr.info))
        assert not MPSZ.search(scr.info.help) and not MPSZ.search(scr.info.message), shown
        assert not MPSZ.search(scr.info.extra)
        assert "improves with" in scr.info.help or "Tenpai" in scr.info.help
        assert face(drawn, faces).strip() in scr.info.help or "Discard" in scr.info.message
