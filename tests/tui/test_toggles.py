"""The toggles that play for the player (issue 23, item 3), played through the keys.

On Tenhou, skip calls (鳴きなし) and tsumogiri (ツモ切り) end with the hand and nothing
is switched on when a game starts; here too, unless the player keeps them (``K``).
While one plays, a highlighted banner says so right under the hand.
"""

from __future__ import annotations

import json
from pathlib import Path

from hanchan.engine.events import Discarded, HandStarted
from hanchan.engine.tiles import tile_name
from hanchan.rulesets.schema import Ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.hand_result import HandResultScreen
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import NewGame
from hanchan.tui.settings import Settings
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import Policy, play, settle

SIZE = (100, 32)


def human_discards(app: HanchanApp, since: int = 0) -> list[Discarded]:
    assert app.session is not None
    return [e for e in app.session.events[since:] if isinstance(e, Discarded) and e.seat == 0]


async def test_an_old_settings_file_switches_no_toggle_on(tmp_path: Path) -> None:
    """An older version saved the toggles: a new game must not discard by itself."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"auto_win": True, "skip_calls": True, "tsumogiri": True,
                                "bot_delay": 0.0}), encoding="utf-8")
    spec = NewGame(Ruleset(), 1, "greedy", 0, tmp_path)
    app = HanchanApp("play", new_game=spec, save_dir=tmp_path, settings_path=path)
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert human_discards(app) == []  # the dealer's first discard waits for a key
        assert scr.session.view().drawn is not None
        st = scr.settings
        assert not (st.auto_win or st.skip_calls or st.tsumogiri)
        assert "AUTO:" not in screen_text(app)


async def test_a_new_game_from_the_same_app_starts_with_toggles_off(tmp_path: Path) -> None:
    spec = NewGame(Ruleset(), 1, "greedy", 0, tmp_path)
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(spec)
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        await pilot.press("a", "s")
        await pilot.pause()
        assert app.settings.auto_win and app.settings.skip_calls
        app.start_game(spec)
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert not (scr.settings.auto_win or scr.settings.skip_calls)


async def test_the_banner_shows_an_active_toggle_under_the_hand(tmp_path: Path) -> None:
    spec = NewGame(Ruleset(), 1, "greedy", 0, tmp_path)
    app = HanchanApp("play", new_game=spec, save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert "AUTO:" not in screen_text(app)
        await pilot.press("s")  # skip calls: the own discard is still the player's
        await pilot.pause()
        lines = screen_text(app).splitlines()
        hand, info = scr.table.hand.region, scr.info.region
        assert info.y == hand.bottom  # the panel's first line is the one under the hand
        assert lines[info.y].strip().startswith("AUTO: skip calls (s) · until the hand ends")
        banner = scr.info.render().spans[0].style
        assert not isinstance(banner, str) and banner.bgcolor is not None and banner.bold
        await pilot.press("s")
        await pilot.pause()
        assert "AUTO:" not in screen_text(app)


async def test_skip_calls_and_tsumogiri_end_with_the_hand(tmp_path: Path) -> None:
    spec = NewGame(Ruleset(), 14, "greedy", 0, tmp_path)  # the first hand ends in a draw
    app = HanchanApp("play", new_game=spec, save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        await pilot.press("a", "s", "g")
        await play(pilot, Policy(call=False, riichi=False), until="result")
        assert isinstance(app.screen, HandResultScreen)
        assert len(human_discards(app)) > 1  # tsumogiri played the hand
        st = table.settings
        assert st.auto_win and not st.skip_calls and not st.tsumogiri  # auto-win: the game
        await pilot.press("enter")
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert app.session is not None
        start = max(i for i, e in enumerate(app.session.events) if isinstance(e, HandStarted))
        while not any(hasattr(a, "tile") for a in scr.session.legal()):  # a call to pass on
            await pilot.press("space")
            scr = await settle(pilot)
            assert isinstance(scr, TableScreen)
        assert human_discards(app, start) == []  # the player's own turn waits for a key
        line = screen_text(app).splitlines()[scr.info.region.y]
        assert "AUTO: auto-win (a) · until the game ends" in line
        drawn = scr.session.view().drawn
        assert drawn is not None and tile_name(drawn, 1)
