"""The table with an outside mjai bot that attacks the seat (issue 35): the bots play on."""

from __future__ import annotations

from pathlib import Path

from hanchan.engine.events import Note
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.reader import load
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import NewGame
from hanchan.tui.settings import Settings
from tests.ai.test_mjai_hostile import BODIES, command, left_over, write_bot
from tests.kit.tui_driver import Policy, human_turn, settle

SIZE = (100, 32)


async def test_a_reply_nested_deep_does_not_stop_the_table(tmp_path: Path) -> None:
    """Was: "A bot could not move" and the bots never moved again.  Now the seat is given
    to the strong bot in one sentence, the hand is played out and the game is saved."""
    pids = tmp_path / "pids"
    script = write_bot(tmp_path, "deep", BODIES["deep_100k"])
    spec = NewGame(Ruleset(), 7, "greedy", 0, tmp_path, mjai=((2, command(script, pids)),))
    app = HanchanApp("play", new_game=spec, save_dir=tmp_path,
                     settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        policy = Policy(call=False, riichi=False)
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        for _ in range(200):  # until the seat is given up and 8 moves were played after it
            scr = await settle(pilot)
            assert table.broken is None
            events = table.session.events
            gave_up = [i for i, e in enumerate(events) if isinstance(e, Note)]
            if gave_up and len(events) > gave_up[0] + 8 or not isinstance(scr, TableScreen):
                break
            await human_turn(pilot, scr, policy)
        assert gave_up and table.broken is None
        path = table.session.save_path
        await pilot.press("ctrl+q")
    assert path is not None
    notes = [e.text for e in load(path).events if isinstance(e, Note) and e.seat == 2]
    assert notes == [f"The mjai bot {script.name} in seat W wrote a line longer than 64 KiB; "
                     "the seat plays on as the strong bot."]
    assert left_over(pids) == []
