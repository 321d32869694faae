"""Drive the real Tenhou games of tests/data/logs through the ``Game`` runner.

Each recorded game is converted to our events (saves.convert), then replayed by
giving the runner only the players' *choices* (discards, riichi, calls, kans, wins,
passes) on the recorded walls.  Everything automatic -- draws, kan dora timing,
riichi sticks, results, payments, honba, the next dealer, the end of the game -- must
come out of the engine exactly as Tenhou recorded it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kit.real_logs import TENHOU6
from tests.kit.tenhou_replay import recorded_events, replay


@pytest.mark.parametrize("path", TENHOU6, ids=lambda p: p.stem[:18])
def test_real_tenhou_game_replays_through_the_runner(path: Path) -> None:
    rec = recorded_events(path)
    replay(rec)
