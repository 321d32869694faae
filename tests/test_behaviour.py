"""Behaviour lock: the event streams of a fixed set of seeded games, bit for bit.

Every preset is played with every bot level (one game with the four thinking levels
round the table, one with random bots, which reach the odd corners of the rules).
The sha256 of each game's save-file event lines is compared with
``tests/data/behaviour.json``, which also keeps an 8-bit fingerprint of every event,
so that a game that moved names the first hand and event that differ.  A refactoring
must leave every stream unchanged; a deliberate rule or bot change regenerates the
file and says which games moved, and where:

    python -m tests.test_behaviour --update
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from hanchan.ai.arena import play_game
from hanchan.ai.base import make_bot
from hanchan.engine.events import Event, HandStarted
from hanchan.rulesets.loader import list_presets, load_ruleset
from hanchan.saves.codec import encode_event
from hanchan.words.names import hand_label

GOLDEN = Path(__file__).resolve().parent / "data" / "behaviour.json"
LINEUPS = {
    "mixed": ("strong", "normal", "easy", "greedy"),
    "random": ("random", "random", "random", "random"),
}
SEEDS = (11, 2026)


def cases() -> list[tuple[str, str, int]]:
    """(preset, lineup, seed) of every locked game."""
    return [(p, lu, s) for p in list_presets() for lu in LINEUPS for s in SEEDS]


FINGERPRINT = 2  # hex digits kept of each event's sha256 ("trail"): 1 in 256 looks unchanged


def play(preset: str, lineup: str, seed: int) -> list[Event]:
    """One locked game's events."""
    rules = load_ruleset(preset)
    bots = [make_bot(level, seed * 4 + i) for i, level in enumerate(LINEUPS[lineup])]
    return play_game(rules, bots, seed)


def record(events: list[Event]) -> dict[str, object]:
    """A stream's digest, length, final scores and the fingerprint of every event."""
    digest = hashlib.sha256()
    trail = []
    for event in events:
        line = encode_event(event)
        digest.update(line)
        trail.append(hashlib.sha256(line).hexdigest()[:FINGERPRINT])
    last = events[-1]
    return {
        "sha256": digest.hexdigest(),
        "events": len(events),
        "final": [row.points for row in getattr(last, "table", ())],
        "trail": "".join(trail),
    }


def first_move(events: list[Event], trail: str) -> str:
    """Where a stream first differs from the recorded fingerprints, in words.

    >>> from hanchan.engine.events import GameStarted
    >>> from hanchan.rulesets.schema import Ruleset
    >>> start = GameStarted(Ruleset(), ("A", "B", "C", "D"))
    >>> first_move([start], "00").split(": now ")[0]
    'event 0 (GameStarted), before the first hand'
    """
    trail_now = str(record(events)["trail"])
    step = FINGERPRINT
    index = next((i for i in range(max(len(events), len(trail) // step))
                  if trail_now[i * step:(i + 1) * step] != trail[i * step:(i + 1) * step]),
                 None)
    if index is None:
        return "no event differs"
    if index >= len(events):
        return f"the stream now ends after {len(events)} events, {len(trail) // step} before"
    starts = [i for i, ev in enumerate(events[:index + 1]) if isinstance(ev, HandStarted)]
    where = "before the first hand"
    if starts:
        hand = events[starts[-1]]
        assert isinstance(hand, HandStarted)
        label = hand_label(hand.round_wind, hand.hand_number, hand.honba)
        where = f"hand {len(starts)} ({label}), its event {index - starts[-1]}"
    line = encode_event(events[index]).decode().strip()
    return f"event {index} ({type(events[index]).__name__}), {where}: now {line[:72]}..."


def key(preset: str, lineup: str, seed: int) -> str:
    return f"{preset}/{lineup}/{seed}"


@pytest.mark.parametrize(("preset", "lineup", "seed"), cases(), ids=lambda v: str(v))
def test_event_stream_unchanged(preset: str, lineup: str, seed: int) -> None:
    golden = json.loads(GOLDEN.read_text())
    assert key(preset, lineup, seed) in golden, "new: python -m tests.test_behaviour --update"
    events = play(preset, lineup, seed)
    locked = golden[key(preset, lineup, seed)]
    now = record(events)
    assert now == locked, f"moved first at {first_move(events, locked['trail'])}"


def test_a_moved_game_names_its_first_moved_hand_and_event() -> None:
    events = play("tenhou", "random", 11)
    trail = str(record(events)["trail"])
    starts = [i for i, ev in enumerate(events) if isinstance(ev, HandStarted)]
    moved = starts[2] + 5  # an event of the third hand
    step = FINGERPRINT
    changed = trail[:moved * step] + "zz" + trail[(moved + 1) * step:]
    said = first_move(events, changed)
    assert said.startswith(f"event {moved} ") and ", hand 3 (" in said and "its event 5:" in said
    assert first_move(events, trail) == "no event differs"
    assert first_move(events, trail + "00").startswith("the stream now ends after")


def test_every_preset_is_locked() -> None:
    golden = json.loads(GOLDEN.read_text())
    assert sorted(golden) == sorted(key(*c) for c in cases())


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit(__doc__)
    old = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    streams = {key(*c): play(*c) for c in cases()}
    new = {k: record(events) for k, events in streams.items()}
    GOLDEN.write_text(json.dumps(new, indent=1, sort_keys=True) + "\n")
    moved = [f"{k} (first at {first_move(streams[k], str(old[k].get('trail', '')))})"
             if k in old else f"{k} (new)" for k in new if old.get(k) != new[k]]
    print(f"{len(new)} games recorded; changed: {'; '.join(moved) or 'none'}")
