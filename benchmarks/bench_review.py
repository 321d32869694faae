"""Review speed: every seat of the 19 real Tenhou games reviewed, seconds per hanchan.

Run: ``.venv/bin/python -m benchmarks.bench_review [--profile]``.  Each game's events are
converted once (not timed); each review (:func:`ai.review.review_game`) is timed alone,
in CPU seconds of this process (one core), from the events to the finished review.  The
target is a whole hanchan under 2 s.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

from hanchan.ai.review import review_game
from hanchan.engine.events import Event, HandStarted
from hanchan.saves.convert import events_from_recorded
from hanchan.saves.logs.tenhou6 import parse_tenhou6

LOGS = Path(__file__).resolve().parents[1] / "tests" / "data" / "logs" / "tenhou6"


def games() -> list[tuple[str, list[Event]]]:
    """(id, events) of every real log."""
    return [(p.stem, events_from_recorded(parse_tenhou6(p.read_text(encoding="utf-8"))))
            for p in sorted(LOGS.glob("*.json"))]


def main(argv: list[str]) -> int:
    logs = games()
    if "--profile" in argv:
        cProfile.runctx("for _, ev in logs: review_game(ev, 0)", globals(), {"logs": logs},
                        "/tmp/bench_review.prof")
        pstats.Stats("/tmp/bench_review.prof").sort_stats("cumtime").print_stats(25)
        return 0
    review_game(logs[0][1], 0)  # warm the caches
    times: list[float] = []
    for name, events in logs:
        hands = sum(1 for e in events if isinstance(e, HandStarted))
        for seat in range(4):
            c0 = time.process_time()
            r = review_game(events, seat)
            dt = time.process_time() - c0
            times.append(dt)
            print(f"{name} seat {'ESWN'[seat]}: {hands} hands, {len(r.decisions)} decisions, "
                  f"{dt:.2f} s")
    print(f"{len(times)} reviews: median {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s per game (CPU, one core); load {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
