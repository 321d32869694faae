"""What the table shows beside the hand and in the centre (issue 40, item 4).

The line over the hand names the player, the seat wind, the points and the rules in
play at every size, each read from the engine's state; at 200x60 the hand stands
under the centre; a false call's 1,000 on the table is a stick, not a riichi.
"""

from __future__ import annotations

import msgspec
import pytest
from rich.cells import cell_len
from textual.app import App

from hanchan.ai.arena import play_game
from hanchan.ai.base import make_bot
from hanchan.engine.events import HandStarted, RiichiDeclared, Won
from hanchan.engine.game import Game
from hanchan.engine.tiles import format_tiles, parse_tiles
from hanchan.rulesets import load_ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.hand_result import HandResultScreen
from hanchan.tui.screens.replay import ReplayScreen
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import PlaySession, player_names
from hanchan.tui.settings import Settings
from hanchan.tui.tilefaces import dora_tiles, face
from hanchan.tui.widgets.center_panel import CenterPanel
from hanchan.tui.widgets.hand import HandView
from hanchan.tui.widgets.table_view import TableExtras, TableView
from tests.kit.game import build_wall
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import settle
from tests.kit.tui_sample import mid_hand_view
from tests.tui.test_layout_sizes import PLAYERS, SIZES, Layout, region_lines
from tests.tui.test_practice import Tsumogiri, practice, scripted_app, to_chi_offer


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_own_name_seat_points_and_rules_beside_the_hand(size: tuple[int, int]) -> None:
    app = scripted_app(practice("makura"), settings=Settings(bot_delay=0.0))
    async with app.run_test(size=size) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        state = scr.session.game.state
        me = scr.session.human
        own = " ".join(region_lines(app, scr.query_one("#own"))).strip()
        seat = ("East", "South", "West", "North")[state.seat_wind(me)]
        assert own == (f"{scr.session.names[me]} · {seat} seat, dealer · "
                       f"{state.scores[me]:,} · {state.rules.name} rules, practice mode")
        hand = scr.query_one(HandView).region
        centre = scr.query_one(CenterPanel).region
        own_region = scr.query_one("#own").region
        assert own_region.bottom <= hand.y  # the line stands right over the hand
        if size == (200, 60):  # the hand under the table's centre, not at the far left
            hand_mid = hand.x + hand.width // 2
            assert abs(hand_mid - (centre.x + centre.width // 2)) <= 4
            assert hand.x > 20


async def test_a_false_calls_1000_is_a_stick_not_a_riichi() -> None:
    # makura 38): 空行為は罰符1000点を場に供託 -- on the table, but nobody declared riichi
    app = scripted_app(practice("makura"))
    async with app.run_test(size=(100, 32)) as pilot:
        await to_chi_offer(pilot)
        await pilot.press("p")
        assert isinstance(await settle(pilot), HandResultScreen)
        await pilot.press("enter")
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert scr.session.game.state.sticks == 1
        centre = "\n".join(region_lines(app, scr.query_one(CenterPanel)))
        assert "1 stick" in centre and "riichi" not in centre
        assert "1 riichi" not in screen_text(app)


async def test_the_replay_names_a_seat_by_its_wind_in_that_hand() -> None:
    # seat 0 is East in East 1 and North in East 2 (the deal moved on): the replay's
    # seat words follow the hand, not the seat's starting wind (issue 40)
    events = play_game(load_ruleset("tenhou"), [make_bot("greedy", s) for s in range(4)], seed=3,
                       names=player_names(0, "greedy"))
    east2 = next(i for i, e in enumerate(events)
                 if isinstance(e, HandStarted) and e.dealer == 1)

    class Viewer(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ReplayScreen(events, title="seats"))

    viewer = Viewer()
    async with viewer.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        scr = viewer.screen
        assert isinstance(scr, ReplayScreen)
        assert "You, East seat" in screen_text(viewer)
        scr.position = east2 + 1
        await pilot.pause()
        assert "You, North seat" in screen_text(viewer)
        assert "Botan" in screen_text(viewer)  # a bot's name is no wind


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_four_dora_in_kanji_stay_inside_the_centre(size: tuple[int, int]) -> None:
    # four kans' indicators in kanji faces (four cells a tile) were wider than the centre
    view = mid_hand_view(drawn=False)
    used = [*view.hand, *view.dora_indicators]
    extra = parse_tiles("1z9m5s", 1, used=used)
    view = msgspec.structs.replace(view, dora_indicators=(*view.dora_indicators, *extra))
    assert len(view.dora_indicators) == 4
    app = Layout(view)
    async with app.run_test(size=size) as pilot:
        table = app.query_one(TableView)
        table.mode = "kanji"
        table.draw(view, TableExtras(players=PLAYERS))
        await pilot.pause()
        centre = app.query_one(CenterPanel)
        lines = centre.render().plain.splitlines()
        room = centre.content_size.width
        assert all(cell_len(line) <= room for line in lines), (room, lines)
        inside = "".join(lines)
        for t in view.dora_indicators:  # every indicator, and its dora, whole inside
            assert face(t, "kanji").strip() in inside
        for k in dora_tiles(view.dora_indicators):
            assert face(k, "kanji").strip() in inside
        assert len(lines) <= centre.content_size.height


async def test_the_players_own_open_riichi_under_makura() -> None:
    # makura 18): オープンリーチあり (二翻) -- the player's own: R, pick the tile, Enter;
    # the part of the hand that makes the wait lies open to the others (部分さらし),
    # and the win counts the open riichi
    rules = load_ruleset("makura")
    wall = build_wall({0: "123m456p789s1122z"}, ["7z", "9m", "3z", "9p", "1z"],
                      red_fives=rules.red_fives)
    game = Game(rules, ("You", "Botan", "Chika", "Daiki"), 0, walls=[wall, wall])
    app = HanchanApp("play", session=PlaySession(game, 0, {s: Tsumogiri() for s in (1, 2, 3)}),
                     settings=Settings(bot_delay=0.0))
    async with app.run_test(size=(100, 32)) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and "open_riichi" in scr.groups()
        await pilot.press("R")
        await pilot.pause()
        assert scr.riichi_mode and scr.riichi_open
        await pilot.press("d", "enter")  # the drawn 7z: tenpai on 1z and 2z
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        events = scr.session.events
        (declared,) = [e for e in events if isinstance(e, RiichiDeclared)]
        assert declared.seat == 0 and declared.open
        across = scr.session.game.view(2).seats[0]  # what the others see of the player
        assert across.open_riichi and format_tiles(across.shown_hand) == "1122z"
        assert set(across.shown_hand) < set(scr.session.view().concealed())
        centre = "\n".join(region_lines(app, scr.query_one(CenterPanel)))
        assert "E 24,000 R" in centre  # the stick is down, the R beside the player
        assert "tsumo" in scr.groups()  # the 1z drawn completes the hand
        await pilot.press("t")
        assert isinstance(await settle(pilot), HandResultScreen)
        (won,) = [e for e in scr.session.events if isinstance(e, Won)]
        # declared with the first discard: a double open riichi, 3 han (makura 18))
        assert ("open_riichi", 3) in won.wins[0].yaku
        assert "Open riichi" in screen_text(app)
