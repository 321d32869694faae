"""majiang-ai (電脳麻将's AI) through its adapter, benchmarks/external/majiang_mjai.js.

Runs where node and the installed packages are (``make external-bots``); skips elsewhere.
"""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

import pytest

from hanchan.ai.arena import play_game, stats_from_events
from hanchan.ai.base import Bot, make_bot
from hanchan.ai.mjai.seat import MjaiSeat
from hanchan.engine.events import GameEnded, Note
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.verify import verify_events

EXTERNAL = Path(__file__).resolve().parents[2] / "benchmarks" / "external"
ADAPTER = EXTERNAL / "majiang_mjai.js"
INSTALLED = (EXTERNAL / "node_modules" / "@kobalab" / "majiang-ai" / "package.json").is_file()

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not INSTALLED,
    reason="majiang-ai is not installed: run `make external-bots` (needs node and npm)")


def test_an_east_only_game_against_three_majiang_ai_seats() -> None:
    """strong against three majiang-ai seats: the game ends, no reply of the outside AI is
    illegal, late or unreadable, the AI wins and calls at times, and the game verifies."""
    command = "node " + shlex.quote(str(ADAPTER))
    seats = [MjaiSeat(command, s, fallback=make_bot("strong", s), timeout=60) for s in (1, 2, 3)]
    bots: list[Bot] = [make_bot("strong", 0), *seats]
    events = play_game(Ruleset().replace(length="east"), bots, 2026)
    assert isinstance(events[-1], GameEnded)
    assert [e.text for e in events if isinstance(e, Note)] == []
    assert all(b.gone is None and b.replies > 20 for b in seats)
    stats = stats_from_events(events)
    assert sum(s.wins + s.draws for s in stats) >= 4  # hands were played out
    assert verify_events(events) == []
