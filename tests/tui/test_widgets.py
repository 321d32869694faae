"""Widgets drawn from hand-built views: the hand's frames and clicks, rivers, melds, centre."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult

from hanchan.engine.events import Meld
from hanchan.engine.tiles import parse_tiles
from hanchan.engine.view import SeatInfo
from hanchan.tui.players import Player
from hanchan.tui.render import meld_text
from hanchan.tui.widgets.hand import HandData, HandView
from hanchan.tui.widgets.seat_panel import SeatPanel
from hanchan.tui.widgets.table_view import TableView
from tests.kit.screen_text import screen_text
from tests.kit.tui_sample import mid_hand_view


def test_meld_called_tile_sits_on_the_givers_side() -> None:
    pon = tuple(parse_tiles("777z"))
    from_left = Meld("pon", pon, called=pon[0], from_seat=3)
    from_across = Meld("pon", pon, called=pon[0], from_seat=2)
    from_right = Meld("pon", pon, called=pon[0], from_seat=1)
    assert meld_text(from_left, 0, "letters", 1).plain.endswith("←")
    assert meld_text(from_across, 0, "letters", 1).plain.endswith("↑")
    assert meld_text(from_right, 0, "letters", 1).plain.endswith("→")
    # the turned tile is underlined and lies first / in the middle / last
    for meld, pos in ((from_left, 0), (from_across, 1), (from_right, 2)):
        text = meld_text(meld, 0, "letters", 1)
        underlined = [span for span in text.spans if "underline" in str(span.style)]
        assert len(underlined) == 1
        assert underlined[0].start == pos * 3
    closed = Meld("ankan", tuple(parse_tiles("1111m")))
    plain = meld_text(closed, 0, "letters", 1).plain
    assert plain.count("1m") == 2  # two tiles face down


def test_hand_frames_drawn_tile_apart_and_clicks(tmp_path: object) -> None:
    tiles = tuple(sorted(parse_tiles("123m456p789s1122z")))[:13]
    drawn = parse_tiles("5s", used=tiles)[0]

    class One(App[None]):
        clicked: list[int] = []

        def compose(self) -> ComposeResult:
            yield HandView()

        def on_mount(self) -> None:
            self.query_one(HandView).show(HandData(tiles, drawn))

        def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
            self.clicked.append(message.index)

    async def run() -> None:
        app = One()
        async with app.run_test(size=(100, 6)) as pilot:
            await pilot.pause()
            lines = screen_text(app).splitlines()
            assert lines[0].startswith(" ┌") and "┐ ┌" in lines[0]  # the drawn tile apart
            assert "│1m│2m│3m│" in lines[1] and lines[1].rstrip().endswith("│5s│")
            assert lines[3].split()[:3] == ["1", "2", "3"]  # the number keys
            hand = app.query_one(HandView)
            x0, _, index = hand._spans[13]
            await pilot.click(HandView, offset=(x0, 1))
            await pilot.click(HandView, offset=(0, 1))  # the margin: nothing
            assert app.clicked == [13]
            assert index == 13

    asyncio.run(run())


def test_table_shows_every_part_of_a_view() -> None:
    view = mid_hand_view()

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield TableView()

        def on_mount(self) -> None:
            self.query_one(TableView).draw(view)

    async def run() -> None:
        app = One()
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "East 2" in text and "1 honba" in text and "1 stick" in text
            assert "Wall 49" in text and "Dora 1m  ind. 9m" in text  # the dora, then its indicator
            assert "RIICHI" in text  # South's riichi
            assert "33,300" in text and "18,700" in text
            assert "▮" * 7 + " 7" in text  # across: seven tiles behind two melds
            # West (across) called a pon from North (its right) and a chi from South (its left)
            assert "7z 7z 7z→  1s 2s 3s←" in text
            # rivers in rows of six: South discarded seven tiles, the seventh opens a row
            lines = text.splitlines()
            row = next(i for i, ln in enumerate(lines) if "1z 9p 2m 6s 3z 1p" in ln)
            assert lines[row + 1].split()[-1] == "7m"

    asyncio.run(run())


def test_seat_panel_shows_an_open_riichis_part_and_backs_for_the_rest() -> None:
    # makura 18): 部分さらし: the part that makes the wait, the other nine tiles face down
    part = tuple(parse_tiles("1122z"))
    whole = tuple(parse_tiles("123m456p789s1122z"))

    def info(shown: tuple[int, ...], size: int) -> SeatInfo:
        return SeatInfo(2, 2, 24000, True, True, 0, (), (), size, shown)

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield SeatPanel()

    async def run() -> None:
        app = One()
        async with app.run_test(size=(60, 4)) as pilot:
            panel = app.query_one(SeatPanel)
            for shown, size, want in ((part, 13, "1z 1z 2z 2z " + "▮" * 9),
                                      (part, 14, "1z 1z 2z 2z " + "▮" * 10),  # a tile drawn
                                      (whole, 13, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 2z 2z")):
                panel.show(info(shown, size), me=0, player=Player("Chika"), dealer=False,
                           turn=False, red_fives=1)
                await pilot.pause()
                lines = screen_text(app).splitlines()
                assert "OPEN RIICHI" in lines[0]
                assert lines[1].rstrip() == want

    asyncio.run(run())
