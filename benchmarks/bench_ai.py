"""Speed of the bots: time per decision and whole hanchan per second.

Run: ``.venv/bin/python -m benchmarks.bench_ai [--games N] [--level strong]``

* decision time: every ``choose`` call of the measured level in self-play games
  (median, p90, p99, max), split into own-turn and claim decisions;
* games per second: four bots of the level playing whole hanchan in one process,
  engine included.

Targets (the bots' brief): strong median under 2 ms, p99 under 20 ms; four strong
bots at least 1 hanchan per second.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from hanchan.ai import make_bot
from hanchan.ai.arena import play_game
from hanchan.engine.actions import Action, Discard
from hanchan.engine.view import PlayerView
from hanchan.rulesets.schema import Ruleset


class Timed:
    """Wraps a bot and records the time of each decision."""

    def __init__(self, level: str, seed: int, turn: list[float], claim: list[float]) -> None:
        self.bot = make_bot(level, seed)
        self.level = level
        self.turn = turn
        self.claim = claim

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        t = time.perf_counter()
        a = self.bot.choose(view, legal)
        dt = time.perf_counter() - t
        if len(legal) > 1:
            (self.turn if any(isinstance(x, Discard) for x in legal) else self.claim).append(dt)
        return a


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--level", default="strong")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rules = Ruleset()
    # warm the shanten caches
    play_game(rules, [make_bot(args.level, i) for i in range(4)], seed=12345)
    turn: list[float] = []
    claim: list[float] = []
    start = time.perf_counter()
    for g in range(args.games):
        bots = [Timed(args.level, g * 4 + i, turn, claim) for i in range(4)]
        play_game(rules, bots, seed=args.seed * 1000 + g)
    wall = time.perf_counter() - start
    start = time.perf_counter()
    for g in range(args.games):
        play_game(rules, [make_bot(args.level, g * 4 + i) for i in range(4)],
                  seed=args.seed * 1000 + g)
    plain = time.perf_counter() - start
    both = turn + claim
    print(f"level {args.level}: {len(both)} decisions in {args.games} hanchan")
    for name, xs in (("all", both), ("own turn", turn), ("claims", claim)):
        if xs:
            print(f"  {name:<9} median {statistics.median(xs) * 1e3:6.3f} ms  "
                  f"p90 {pct(xs, 0.9) * 1e3:6.3f} ms  p99 {pct(xs, 0.99) * 1e3:6.3f} ms  "
                  f"max {max(xs) * 1e3:6.2f} ms")
    print(f"  bot time {sum(both):.2f} s of {wall:.2f} s with timing")
    print(f"  four {args.level} bots: {args.games / plain:.2f} hanchan per second "
          f"({plain / args.games:.2f} s each, engine included)")


if __name__ == "__main__":
    main()
