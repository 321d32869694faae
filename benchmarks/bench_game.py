"""Engine speed: full hanchan per second on one core, four uniformly random choosers.

Run: ``.venv/bin/python -m benchmarks.bench_game [games] [--profile]``.  The
choosers cost almost nothing (one ``random`` call per decision), so the figure
is the engine's own cost: legal actions, claim checks, events, state folding.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys
import time

from hanchan.engine.game import Game
from hanchan.rulesets.schema import Ruleset


def play(seed: int, rules: Ruleset) -> tuple[int, int]:
    """Play one game; returns (decisions, events)."""
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    decisions = 0
    while not g.over:
        for seat, acts in g.pending().items():
            g.act(seat, acts[rng.randrange(len(acts))])
            decisions += 1
            break
    return decisions, len(g.events)


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv and argv[0].isdigit() else 200
    rules = Ruleset()
    if "--profile" in argv:
        cProfile.runctx("for i in range(games): play(i, rules)", globals(),
                        {"games": games, "play": play, "rules": rules}, "/tmp/bench_game.prof")
        pstats.Stats("/tmp/bench_game.prof").sort_stats("tottime").print_stats(20)
        return 0
    for i in range(5):  # warm the shanten caches
        play(10_000 + i, rules)
    t0 = time.perf_counter()
    c0 = time.process_time()
    dec = evs = 0
    for i in range(games):
        d, e = play(i, rules)
        dec += d
        evs += e
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    print(f"{games} hanchan in {dt:.2f}s wall, {cpu:.2f}s CPU: {games / cpu:.1f} hanchan/s "
          f"per core (CPU time; {games / dt:.1f}/s wall), "
          f"{dec / dt:,.0f} decisions/s, {evs / dt:,.0f} events/s "
          f"({dec / games:.0f} decisions, {evs / games:.0f} events per game)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
