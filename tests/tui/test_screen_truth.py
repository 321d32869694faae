"""The screen never disagrees with the engine (issue 23): seeded games with bots in every
seat, every number on the table, the result screens and the end screen compared with the
engine's state and events (``tests.kit.screen_truth``).

CI plays a few short games; ``HANCHAN_SCREEN_GAMES=N pytest -m slow
tests/tui/test_screen_truth.py`` plays N more hanchan across the presets and bot levels.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from hanchan import rulesets
from tests.kit.screen_truth import Mismatch, Tally, play_and_check

# (preset, length, bots): the two main presets' settlements (fixed uma, oka to the top,
# makura's rounding and bust rules), east games to keep CI quick
CI_GAMES = [("tenhou", "east", "greedy", 1), ("makura", "east", "greedy", 2)]
PRESETS = ("tenhou", "makura", "ako", "gpc", "teireikai", "yokoyoko", "mahjongsoul",
           "makura-gp")


GAMES = int(os.environ.get("HANCHAN_SCREEN_GAMES", "0"))


def _many() -> list[tuple[str, str, str, int]]:
    n = max(GAMES, 1)
    return [(PRESETS[i % len(PRESETS)], "east_south", ("greedy", "normal")[i % 2], 100 + i)
            for i in range(n)]


def _enough(tally: Tally) -> None:
    for what in ("score", "wall", "dora indicators", "honba", "sticks", "before", "after",
                 "change", "payments", "final result", "after = next hand's start"):
        assert tally.seen[what] > 0, f"the harness compared no {what!r}"


@pytest.mark.parametrize(("preset", "length", "bots", "seed"), CI_GAMES,
                         ids=[f"{g[0]}-{g[3]}" for g in CI_GAMES])
async def test_every_number_shown_is_the_engines(preset: str, length: str, bots: str,
                                                 seed: int, tmp_path: Path) -> None:
    rules = rulesets.load_ruleset(preset).replace(length=length)
    tally = await play_and_check(rules, seed, bots, tmp_path)
    _enough(tally)
    assert sum(tally.seen.values()) > 500


@pytest.mark.slow
@pytest.mark.skipif(not GAMES, reason="on demand: HANCHAN_SCREEN_GAMES=N plays N hanchan")
@pytest.mark.parametrize(("preset", "length", "bots", "seed"), _many(),
                         ids=lambda v: str(v))
async def test_every_number_shown_is_the_engines_in_many_games(
        preset: str, length: str, bots: str, seed: int, tmp_path: Path) -> None:
    rules = rulesets.load_ruleset(preset).replace(length=length)
    _enough(await play_and_check(rules, seed, bots, tmp_path))


@pytest.mark.parametrize(("module", "name"), [
    ("hanchan.tui.widgets.center_panel", "points"),  # the seats' points in the centre
    ("hanchan.tui.screens.hand_result", "signed"),  # the result table's changes and sticks
])
async def test_a_wrong_number_on_screen_is_caught(module: str, name: str, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness can fail: one number formatted 100 points off is found."""
    real = getattr(importlib.import_module(module), name)
    monkeypatch.setattr(f"{module}.{name}", lambda n: real(n + 100 if n else n))
    with pytest.raises(Mismatch, match="shown"):
        await play_and_check(rulesets.load_ruleset("tenhou").replace(length="east"), 1, "greedy",
                             tmp_path)
