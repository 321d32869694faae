"""The replay viewer on a real Tenhou game imported through saves' converter."""

from __future__ import annotations

from hanchan.engine.events import GameEnded, Won
from hanchan.saves.convert import events_from_recorded
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from hanchan.tui.screens.replay import ReplayScreen
from tests.kit.one_screen import OneScreen
from tests.kit.real_logs import TENHOU6
from tests.kit.screen_text import screen_text


async def test_replay_of_an_imported_tenhou_game() -> None:
    path = TENHOU6[0]
    game = parse_tenhou6(path.read_text(encoding="utf-8"))
    events = events_from_recorded(game)

    app = OneScreen(ReplayScreen(events, title=path.name))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        # app.screen itself is narrowed: a name narrowed alone to ReplayScreen (a
        # Screen[None]) is made Screen[object] again by mypy at `app.screen is scr`
        assert isinstance(app.screen, ReplayScreen)
        scr = app.screen
        wins = [i for i, e in enumerate(events) if isinstance(e, Won)]
        await pilot.press("n")
        first_result = scr.replay.position
        assert first_result in scr.replay.results()
        if wins:
            assert first_result <= wins[0]
        await pilot.press("end")
        assert scr.replay.at_end
        if isinstance(events[-1], GameEnded):
            await pilot.press("enter")
            await pilot.pause()
            assert "Game over" in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is scr
        for _ in range(5):
            await pilot.press("left")
        assert scr.replay.position == len(events) - 6
        await pilot.press("down", "down", "up")
        mark = scr.replay.current_hand()
        assert mark is not None and mark.name in screen_text(app)
