"""Scoring speed: hanchan's ``score_win`` against ``mahjong``'s HandCalculator.

Both score the same hands (random complete hands made by composing sets and a
pair, plus some seven pairs and thirteen orphans, with random melds, flags and
dora; and the 164 wins of the real Tenhou games in tests/data/logs)
under the same options.  Rounds alternate between the two so that a change in
the machine's load hits both alike, and time is CPU time of this process
(``time.process_time``), so other processes on a busy machine count less.

hanchan is measured twice: *cold* (its memo of whole results is cleared before each round, so
every hand is scored from scratch) and *warm* (the same hands again, as when the
engine checks one hand against many discards).  ``mahjong`` keeps no such memo.
What stays warm in a cold round, as it always is in a running game, are tables of
hand *parts*, never of hands: the readings of each suit's pattern
(engine.scoring.suits, engine.scoring.decompose), the static table of valid melds
(engine.scoring.melds, built at import), points by han and fu, and yaku sort keys.

    .venv/bin/python -m benchmarks.bench_scoring [--hands N] [--rounds R] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator

from hanchan.engine.scoring import WinContext, score_win
from hanchan.engine.scoring.score import clear_cache
from hanchan.rulesets.schema import Ruleset
from tests.engine.test_scoring_tenhou import all_wins, parse_recorded, rescore
from tests.kit.mahjong_ref import build, mahjong_args, random_spec


def corpus_hands() -> list[WinContext]:
    return [rescore(k, info, parse_recorded(info))[0] for _, k, info, _ in all_wins()]


def one_round(fn: Callable[[Any], object], items: Sequence[Any]) -> float:
    """Mean CPU µs per item over one pass."""
    t0 = time.process_time()
    for it in items:
        fn(it)
    return (time.process_time() - t0) / len(items) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rules = Ruleset()
    rng = random.Random(args.seed)
    sets = {
        "random hands": [build(random_spec(rng)) for _ in range(args.hands)],
        "Tenhou corpus wins": corpus_hands(),
    }
    print(f"{'hand set':<20}{'hands':>6}{'valid':>6}{'mahjong µs':>12}{'cold µs':>9}"
          f"{'speed-up':>9}{'warm µs':>9}{'speed-up':>9}")
    for name, hands in sets.items():
        if not hands:
            continue
        mj_args = [mahjong_args(c, rules) for c in hands]
        valid = sum(score_win(c, rules).valid for c in hands)

        def ours(c: WinContext) -> None:
            score_win(c, rules)

        def theirs(a: Any) -> None:
            tiles, win, melds, dora, config, ura = a
            HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora,
                                               config=config, ura_dora_indicators=ura)

        cold, warm, ref = [], [], []
        for _ in range(args.rounds):
            clear_cache()
            cold.append(one_round(ours, hands))
            warm.append(one_round(ours, hands))
            ref.append(one_round(theirs, mj_args))
        c, w, m = statistics.median(cold), statistics.median(warm), statistics.median(ref)
        print(f"{name:<20}{len(hands):>6}{valid:>6}{m:>12.1f}{c:>9.1f}{m / c:>8.1f}x"
              f"{w:>9.1f}{m / w:>8.1f}x")


if __name__ == "__main__":
    main()
