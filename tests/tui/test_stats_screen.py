"""The menu's "Your statistics": the screen shows the figures ``ai.career`` computes from
the saved games, skips damaged files with a count, and reviews only when asked."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path, PurePath
from typing import Any, Protocol

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Sparkline

from hanchan.ai.arena import SeatStats, stats_from_events
from hanchan.ai.career import record, summary
from hanchan.coach.career import ROWS, cell, columns, rows
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.reader import load
from hanchan.saves.writer import GameWriter, make_header
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.stats import StatsScreen
from hanchan.tui.settings import Settings
from tests.kit.saved_games import played_game
from tests.kit.screen_text import screen_text


class SnapCompare(Protocol):
    def __call__(self, app: str | PurePath | App[Any], press: Iterable[str] = ...,
                 terminal_size: tuple[int, int] = ...,
                 run_before: Callable[[Pilot[Any]], Awaitable[None] | None] | None = ...
                 ) -> bool: ...


def _own(folder: Path, name: str, seed: int, rules: Ruleset | None = None) -> Path:
    events = list(played_game(seed, "greedy", rules))
    seats = [SeatInfo("You")] + [SeatInfo(f"Bot {s}", "greedy") for s in (1, 2, 3)]
    header = make_header(events[0].ruleset.to_dict(), seats, seed)  # type: ignore[union-attr]
    with GameWriter.create(folder, header, name=name, pointer=False) as w:
        w.extend(events)
    return w.path


def _folder(tmp_path: Path) -> list[Path]:
    games = [_own(tmp_path, f"g{i}", i + 1) for i in range(4)]
    games.append(_own(tmp_path, "m", 9, Ruleset(name="mleague")))
    (tmp_path / "broken.jsonl").write_bytes(b'{"format":')
    (tmp_path / "junk.jsonl").write_bytes(b"\x00\xff")
    return games


async def _open(pilot: Pilot[Any]) -> StatsScreen:
    await pilot.press("s")
    scr = pilot.app.screen
    assert isinstance(scr, StatsScreen)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return scr


def _app(folder: Path) -> HanchanApp:
    return HanchanApp("menu", save_dir=folder, settings=Settings(bot_delay=0.0))


async def test_the_screen_shows_the_figures_of_the_saved_games(tmp_path: Path) -> None:
    files = _folder(tmp_path)
    # the oracle: the seat's figures from each file read whole, summed here
    total = SeatStats()
    for f in files:
        total.add(stats_from_events(load(f).events)[0])
    want = total.summary()
    figures = summary(record(tmp_path).games)
    assert {k: figures[k] for k in want} == want
    async with _app(tmp_path).run_test(size=(120, 40)) as pilot:
        await _open(pilot)
        text = screen_text(pilot.app)
        assert "Your statistics: 5 games" in text
        lines = text.splitlines()
        table = rows(columns(record(tmp_path)))
        for (key, label), want_row in zip(ROWS, table[1:], strict=True):
            line = next(ln for ln in lines if ln.strip().startswith(label))
            cells = line.strip()[len(label):].split()
            # the first column is all the games (the oracle's sum); then each ruleset's
            assert cells[0] == cell(key, figures[key]), label
            assert cells == want_row[1:], label
        assert "2 files could not be read." in text
        assert "Agreement and mistakes cover 0 of 5 games" in text
        head = next(ln for ln in lines if "all" in ln.split())
        assert head.split() == ["all", "tenhou", "mleague"]
        chart = pilot.app.screen.query_one(Sparkline)
        assert list(chart.data or []) == record(tmp_path).trend()


async def test_the_review_runs_only_when_asked_and_is_kept(tmp_path: Path) -> None:
    _own(tmp_path, "g", 1)
    async with _app(tmp_path).run_test(size=(120, 40)) as pilot:
        scr = await _open(pilot)
        assert scr.record is not None and scr.record.games[0].review is None
        assert "mistakes per game" in screen_text(pilot.app)
        await pilot.press("v")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        figures = summary(record(tmp_path).games)
        assert figures["reviewed_games"] == 1
        text = screen_text(pilot.app)
        line = next(ln for ln in text.splitlines() if "agreement with strong" in ln)
        assert line.split()[-1] == cell("agreement", figures["agreement"])
        assert "Agreement and mistakes cover" not in text


async def test_an_empty_folder_says_so(tmp_path: Path) -> None:
    async with _app(tmp_path).run_test(size=(100, 32)) as pilot:
        await _open(pilot)
        assert "No finished game of yours" in screen_text(pilot.app)


@pytest.mark.parametrize("size", [pytest.param((100, 32), id="100x32"),
                                  pytest.param((200, 60), id="200x60")])
def test_snapshot(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    _folder(tmp_path)

    async def before(pilot: Pilot[Any]) -> None:
        await _open(pilot)

    assert snap_compare(_app(tmp_path), terminal_size=size, run_before=before)
