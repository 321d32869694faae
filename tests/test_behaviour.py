"""Behaviour lock: the event streams of a fixed set of seeded games, bit for bit.

Every preset is played with every bot level (one game with the four thinking levels
round the table, one with random bots, which reach the odd corners of the rules).
The sha256 of each game's save-file event lines is compared with
``tests/data/behaviour.json``.  A refactoring must leave every stream unchanged; a
deliberate rule or bot change regenerates the file and says which games moved:

    python tests/test_behaviour.py --update
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from ai.arena import play_game
from ai.base import make_bot
from rulesets.loader import list_presets, load_ruleset
from saves.codec import encode_event

GOLDEN = Path(__file__).resolve().parent / "data" / "behaviour.json"
LINEUPS = {
    "mixed": ("strong", "normal", "easy", "greedy"),
    "random": ("random", "random", "random", "random"),
}
SEEDS = (11, 2026)


def cases() -> list[tuple[str, str, int]]:
    """(preset, lineup, seed) of every locked game."""
    return [(p, lu, s) for p in list_presets() for lu in LINEUPS for s in SEEDS]


def record(preset: str, lineup: str, seed: int) -> dict[str, object]:
    """Play one locked game; its stream's digest, length and final scores."""
    rules = load_ruleset(preset)
    bots = [make_bot(level, seed * 4 + i) for i, level in enumerate(LINEUPS[lineup])]
    events = play_game(rules, bots, seed)
    digest = hashlib.sha256()
    for event in events:
        digest.update(encode_event(event))
    last = events[-1]
    return {
        "sha256": digest.hexdigest(),
        "events": len(events),
        "final": [row.points for row in getattr(last, "table", ())],
    }


def key(preset: str, lineup: str, seed: int) -> str:
    return f"{preset}/{lineup}/{seed}"


@pytest.mark.parametrize(("preset", "lineup", "seed"), cases(), ids=lambda v: str(v))
def test_event_stream_unchanged(preset: str, lineup: str, seed: int) -> None:
    golden = json.loads(GOLDEN.read_text())
    assert key(preset, lineup, seed) in golden, "new game: run tests/test_behaviour.py --update"
    assert record(preset, lineup, seed) == golden[key(preset, lineup, seed)]


def test_every_preset_is_locked() -> None:
    golden = json.loads(GOLDEN.read_text())
    assert sorted(golden) == sorted(key(*c) for c in cases())


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit(__doc__)
    old = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    new = {key(*c): record(*c) for c in cases()}
    GOLDEN.write_text(json.dumps(new, indent=1, sort_keys=True) + "\n")
    moved = [k for k in new if old.get(k) != new[k]]
    print(f"{len(new)} games recorded; changed: {', '.join(moved) or 'none'}")
