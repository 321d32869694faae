"""The review in the TUI: from the replay viewer and the end screen, its marks (issue 27)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import OptionList, ProgressBar

from hanchan.ai.review import GameReview, review_game
from hanchan.engine.events import Event
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.writer import GameWriter, make_header
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.game_end import GameEndScreen
from hanchan.tui.screens.replay import ReplayScreen
from hanchan.tui.screens.review import ReviewScreen
from hanchan.tui.settings import Settings
from tests.kit.game import build_wall, run
from tests.kit.one_screen import OneScreen
from tests.kit.play import game
from tests.kit.saved_games import played_game
from tests.kit.screen_text import screen_text

SIZE = (110, 36)


def _bad_discard() -> list[Event]:
    # 123m 456p 789s 23s 55s + 1z: strong keeps tenpai with the 1z; the 5s is thrown
    g = game(Ruleset(), build_wall({0: "123m456p789s2355s"}, ["1z"]))
    run(g, (0, "d 5s"), until_hand_end=True)
    return g.events


async def _reviewed(pilot: Pilot[Any], app: App[Any]) -> ReviewScreen:
    """Wait for the review screen's worker and return the screen."""
    scr = app.screen
    assert isinstance(scr, ReviewScreen)
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert scr.review is not None
    return scr


async def test_review_from_the_replay_viewer_marks_and_jumps() -> None:
    events = _bad_discard()

    app = OneScreen(ReplayScreen(events, title="bad"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # app.screen itself is narrowed: a name narrowed alone to ReplayScreen (a
        # Screen[None]) is made Screen[object] again by mypy at `app.screen is replay`
        assert isinstance(app.screen, ReplayScreen)
        replay = app.screen
        await pilot.press("m")
        assert "Press r to review" in screen_text(app)
        await pilot.press("r")
        scr = await _reviewed(pilot, app)
        assert scr.query_one(ProgressBar).percentage == 1.0
        text = screen_text(app)
        assert "started as East" in text and "Largest" not in text
        assert " 1. E1-0   efficiency" in text  # the bad discard heads the list
        assert "discard 5s → riichi 1z" in text
        assert "   hand    123m456p2355789s + 1z" in text
        assert scr.review is not None
        worst = scr.review.mistakes()[0]
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is replay
        assert replay.replay.position == worst.position
        assert "◆ Mistake (You, East seat): discard 5s, strong riichi 1z" in screen_text(app)
        marks = sorted(replay.marks)
        assert marks[0] == worst.position
        await pilot.press("m")
        assert replay.replay.position == marks[1]
        await pilot.press("m")
        assert replay.replay.position == marks[2]
        await pilot.press("M")
        assert replay.replay.position == marks[1]
        assert "◆ " in screen_text(app)
        # a second review of the same seat is the one already made
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.review is replay.review
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is replay and replay.replay.position == marks[1]
        # the mistake was picked from the list: Esc goes back to it, at that mistake
        await pilot.press("escape")
        await pilot.pause()
        listed = app.screen
        assert isinstance(listed, ReviewScreen)
        assert listed.query_one(OptionList).highlighted == 0
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is replay


def _saved(tmp_path: Path) -> tuple[Path, tuple[Event, ...]]:
    events = played_game(6, "easy")
    seats = [SeatInfo("You")] + [SeatInfo(f"Bot {i}", "easy") for i in (1, 2, 3)]
    path = tmp_path / "game.jsonl"
    with GameWriter.open_path(path, make_header(Ruleset().to_dict(), seats, 6)) as w:
        w.extend(events)
    return path, events


async def test_review_from_the_end_screen_opens_a_mistake_in_the_replay(
        tmp_path: Path) -> None:
    path, events = _saved(tmp_path)
    expected: GameReview = review_game(events, 0)
    app = HanchanApp("replay", path=path, save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("end", "enter")
        await pilot.pause()
        end = app.screen
        assert isinstance(end, GameEndScreen)
        await pilot.press("r")
        scr = await _reviewed(pilot, app)
        assert scr.review == expected
        options = scr.query_one(OptionList)
        assert options.option_count == len(expected.mistakes()) > 2
        await pilot.press("down", "down")
        third = expected.mistakes()[2]
        assert f" 3. {third.hand}" in screen_text(app)
        await pilot.press("h")
        assert "hand    decisions  as strong" in screen_text(app)
        await pilot.press("h", "enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.pushed
        assert replay.replay.position == third.position
        # named by the player and the seat wind in that hand, not the starting wind
        assert third.view is not None
        wind = ("East", "South", "West", "North")[third.view.me.wind]
        assert f"◆ Mistake ({replay.names[0]}, {wind} seat)" in screen_text(app)
        await pilot.press("m")
        assert replay.replay.position == min(p for p in replay.marks if p > third.position)
        # Esc goes back to the list, at the mistake picked (issue 40 item 8: it went past
        # the list, to the end screen), and Esc there back to the end screen
        await pilot.press("escape")
        await pilot.pause()
        back = app.screen
        assert isinstance(back, ReviewScreen) and back.review == expected
        assert back.query_one(OptionList).highlighted == 2
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is end


async def test_a_tie_is_no_mark_in_the_replay() -> None:
    """Ties count as agreement in the replay's marks too (issue 38): the 3z is as good as
    strong's 4z by its measures (two lone guest winds); the 4s keeps 4 tiles fewer."""
    found: dict[str, set[int]] = {}
    first_at: dict[str, int] = {}
    for move in ("d 3z", "d 4s"):
        g = game(Ruleset(), build_wall({0: "13m456p468s1199p3z"}, ["4z"]))
        run(g, (0, move), until_hand_end=True)
        events, review = g.events, review_game(g.events, 0)

        async with OneScreen(ReplayScreen(events, title="tie", review=review)).run_test(
                size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(pilot.app.screen, ReplayScreen)
            found[move] = set(pilot.app.screen.marks)
        first = review.decisions[0]
        assert first.tie == (move == "d 3z") and not first.same
        first_at[move] = first.position
    assert first_at["d 3z"] not in found["d 3z"] and first_at["d 4s"] in found["d 4s"]
