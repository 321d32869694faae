"""Score-calling at a win (issue 27): the table asks for the score before the result.

A scripted wall (tests.kit.game.build_wall): the human, East and dealer, holds
123m456p789s1122z, throws the first draw 7z, and wins on the second draw 1z by tsumo
(menzen tsumo, double East: 3 han; fu 20 + tsumo 2 + closed 1z triplet 8 = 30: a
dealer's 3 han 30 fu tsumo is 2,000 all). Those numbers come from the engine's own
recorded win, checked here against the mahjong package too.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from hanchan.engine.events import Won
from hanchan.engine.scoring import WinContext
from hanchan.rulesets import load_ruleset
from hanchan.rulesets.schema import Ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.hand_result import HandResultScreen
from hanchan.tui.screens.score_call import ScoreCallScreen
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.settings import Settings
from tests.kit.mahjong_ref import reference
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import settle
from tests.tui.test_practice import SIZE, practice, scripted_app

HANDS = {0: "123m456p789s1122z"}
DRAWS = ["7z", "9m", "9p", "5m", "1z"]


async def to_the_call(app: HanchanApp, pilot: Pilot[Any]) -> ScoreCallScreen:
    scr = await settle(pilot)
    assert isinstance(scr, TableScreen)
    await pilot.press("enter")  # throw the 7z
    scr = await settle(pilot)
    assert isinstance(scr, TableScreen) and "tsumo" in scr.groups()
    await pilot.press("t")
    call = await settle(pilot)
    assert isinstance(call, ScoreCallScreen)
    return call


def the_win(app: HanchanApp) -> Won:
    assert app.session is not None
    return next(e for e in app.session.events if isinstance(e, Won))


async def test_practice_mode_asks_for_the_score_and_says_right() -> None:
    app = scripted_app(practice("tenhou"), HANDS, DRAWS, Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        call = await to_the_call(app, pilot)
        text = screen_text(app)
        assert "Call the score" in text and "Tsumo" in text
        assert "2,000" not in text.split("Han and fu")[0] and "Right" not in text  # not told yet
        w = the_win(app).wins[0]
        assert (w.han, w.fu, w.points) == (3, 30, 6000)
        # the mahjong package agrees on the same win
        ctx = WinContext(w.hand, w.melds, w.tile, tsumo=True, seat_wind=0, round_wind=0)
        ref = reference(ctx, Ruleset())
        assert (ref["han"], ref["fu"], ref["points"]) == (3, 30, {"tsumo_all": 2000})
        await pilot.press(*"3 30 2000 all")
        await pilot.press("enter")
        await pilot.pause()
        text = call.said
        assert "Right: 3 han 30 fu, 2,000 all." in screen_text(app)
        assert "tsumo 2" in text and "rounded" not in text.split("Fu:")[1].split("\n")[0]
        assert call.verdict is not None and call.verdict.right
        await pilot.press("enter")
        assert isinstance(await settle(pilot), HandResultScreen)


async def test_a_wrong_call_gets_the_breakdown_and_bad_input_a_sentence() -> None:
    app = scripted_app(practice("tenhou"), HANDS, DRAWS, Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        call = await to_the_call(app, pilot)
        await pilot.press(*"three thirty", "enter")
        await pilot.pause()
        assert "'three' is not part of a score" in call.said
        assert "is not part of a score" in screen_text(app)
        assert call.verdict is None
        box = call.query_one(Input)
        box.value = ""
        await pilot.press(*"2 30 1000 all", "enter")
        await pilot.pause()
        text = call.said
        assert "Wrong (the value and the payment)" in screen_text(app)
        assert "it is 3 han 30 fu, 2,000 all" in text
        assert "Yaku:" in text and "= 3 han" in text
        assert "30 × 2^5 = 960 base points" in text
        assert call.verdict is not None and not call.verdict.right


async def test_the_answer_may_be_picked() -> None:
    app = scripted_app(practice("tenhou"), HANDS, DRAWS, Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        call = await to_the_call(app, pilot)
        right = next(i for i, a in enumerate(call.call.options)
                     if a.payment == (2000,) and a.han == 3 and a.fu == 30)
        await pilot.press("tab", str(right + 1))
        await pilot.pause()
        assert "Right: 3 han 30 fu" in screen_text(app)


async def test_the_switch_asks_outside_practice_mode_and_off_it_does_not() -> None:
    on = scripted_app(load_ruleset("tenhou"), HANDS, DRAWS,
                      Settings(bot_delay=0.0, score_call=True))
    async with on.run_test(size=SIZE) as pilot:
        await to_the_call(on, pilot)
        await pilot.press("escape")  # skipped: the result follows
        assert isinstance(await settle(pilot), HandResultScreen)
    off = scripted_app(load_ruleset("tenhou"), HANDS, DRAWS, Settings(bot_delay=0.0))
    async with off.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        await pilot.press("e")  # the switch, on the table
        await pilot.pause()
        assert scr.settings.score_call and "score call: on" in screen_text(off)
        await pilot.press("e")
        await pilot.pause()
        assert not scr.settings.score_call
        await pilot.press("enter")
        scr = await settle(pilot)
        await pilot.press("t")
        assert isinstance(await settle(pilot), HandResultScreen)
