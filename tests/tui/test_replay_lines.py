"""The replay viewer's lines (issue 40 item 8): the status line numbers events as the log
beside the table does, nothing of it or of the footer is cut (a double ron's second winner
was), at 100x32, 120x40 and 200x60."""

from __future__ import annotations

import pytest

from hanchan.engine.events import Event, Won
from hanchan.tui.screens.replay import ReplayScreen
from hanchan.words.events import describe
from tests.engine.test_scenarios_multi_ron import double_wall
from tests.kit.game import CLUBS, new_game, run
from tests.kit.one_screen import OneScreen
from tests.kit.screen_text import screen_text

SIZES = [(100, 32), (120, 40), (200, 60)]


def double_ron() -> list[Event]:
    """Tenhou: North throws 5p into East's and South's waits; both win (double ron)."""
    g = new_game(CLUBS["tenhou"], double_wall())
    run(g, (3, "d 5p"), (0, "ron"), (1, "ron"))
    return list(g.events)


def viewer(events: list[Event], position: int) -> OneScreen:
    return OneScreen(ReplayScreen(events, title="2009022022gm-00a9-0000-cd94aac8",
                                  position=position))


@pytest.mark.parametrize("size", SIZES)
async def test_the_status_line_numbers_events_as_the_log_does(size: tuple[int, int]) -> None:
    events = double_ron()
    app = viewer(events, 3)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(4):  # a few steps: the number and the log's highlight move together
            scr = app.screen
            assert isinstance(scr, ReplayScreen)
            pos = scr.replay.position
            text = screen_text(app)
            assert f"event {pos}/{len(events) - 1}" in text
            log = scr.log_view
            assert log.position == pos
            assert f"{pos:>4} {log.lines[pos][:10]}" in text  # the log's own number
            await pilot.press("right")
            await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
async def test_a_double_ron_and_the_footer_are_shown_whole(size: tuple[int, int]) -> None:
    events = double_ron()
    won = next(i for i, e in enumerate(events) if isinstance(e, Won))
    words = describe(events[won], ("You", "Bot 1", "Bot 2", "Bot 3"), 1)
    assert "; Bot 1 wins ron off Bot 3" in words  # the second winner
    app = viewer(events, won)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert any(line.strip() == words for line in text.splitlines())  # a line of its own
        assert "2009022022gm-00a9-0000-cd94aac8  E1-0  event" in text
        footer = text.splitlines()[-1]
        for key in ("Step", "Hand", "Win/draw", "All hands", "Review", "esc Leave"):
            assert key in footer, (key, footer)
