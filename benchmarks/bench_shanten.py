"""Shanten / ukeire / discard analysis timings: ours against ``mahjong`` and ``xiangting``.

Run from the repository root:  .venv/bin/python -m benchmarks.bench_shanten [--hands N]

Hands are dealt from shuffled 136-tile walls with a fixed seed: 13-tile hands
for shanten and ukeire, the same plus the next tile for the discard analysis.
Times are per hand, in microseconds; each hand is timed over a few repeats to
keep the timer's own cost out, and the tables show the median and the mean.
Ours is timed twice: "cold" (fresh caches, the first time each suit pattern
is seen) and "warm".  Every result is also checked against ``mahjong``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import xiangting
from mahjong.shanten import Shanten

from hanchan.engine import shanten as shanten_mod
from hanchan.engine.shanten import shanten
from hanchan.engine.waits import discard_options, ukeire

ROOT = Path(__file__).resolve().parents[1]


def deal(n: int, seed: int) -> tuple[list[list[int]], list[list[int]]]:
    """n 13-tile hands and the matching 14-tile hands (one more draw)."""
    rng = random.Random(seed)
    wall = list(range(136))
    hands13, hands14 = [], []
    for _ in range(n):
        rng.shuffle(wall)
        counts = [0] * 34
        for t in wall[:13]:
            counts[t // 4] += 1
        hands13.append(counts)
        counts14 = list(counts)
        counts14[wall[13] // 4] += 1
        hands14.append(counts14)
    return hands13, hands14


class Timing:
    """Per-hand wall-clock times plus the CPU time of the whole pass."""

    def __init__(self, times: list[float], cpu_mean: float) -> None:
        self.times = times
        self.cpu_mean = cpu_mean


def per_hand(fn: Callable[[Any], object], hands: Sequence[Any], reps: int) -> Timing:
    """Microseconds per call for each hand (mean over ``reps`` calls)."""
    out = []
    clock = time.perf_counter_ns
    loop = range(reps)
    cpu0 = time.process_time()
    for h in hands:
        t0 = clock()
        for _ in loop:
            fn(h)
        out.append((clock() - t0) / reps / 1000)
    cpu = (time.process_time() - cpu0) / (len(hands) * reps) * 1e6
    return Timing(out, cpu)


def row(name: str, timing: Timing, base: float | None = None) -> str:
    """One table line: median, mean, CPU mean, speed-up over ``base``."""
    med = statistics.median(timing.times)
    mean = statistics.fmean(timing.times)
    ratio = f"{base / timing.cpu_mean:8.1f}x" if base else ""
    return f"  {name:<50}{med:9.2f}{mean:9.2f}{timing.cpu_mean:9.2f}{ratio}"


def import_time() -> tuple[float, float]:
    """Seconds for ``import hanchan.engine.shanten`` and for the first call, in a fresh process."""
    code = (
        "import time; t0 = time.perf_counter(); import hanchan.engine.shanten as s; "
        "t1 = time.perf_counter(); s.shanten([1] * 13 + [0] * 21); "
        "t2 = time.perf_counter(); print(t1 - t0, t2 - t1)"
    )
    res = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    a, b = res.stdout.split()
    return float(a), float(b)


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args()
    hands13, hands14 = deal(args.hands, args.seed)
    few13 = hands13[: max(1, args.hands // 4)]
    few14 = hands14[: max(1, args.hands // 10)]

    imp, first = import_time()
    print(f"{args.hands} hands, seed {args.seed}, Python {sys.version.split()[0]}")
    print(f"import hanchan.engine.shanten: {imp * 1000:.1f} ms; first call, loading the table: ",
          end="")
    print(f"{first * 1000:.1f} ms")
    print("times in us: wall-clock median and mean per hand, then CPU time per hand")
    header = f"{'median':>9}{'mean':>9}{'cpu':>9}"
    print(f"  {'shanten':<50}{header}{'vs mahjong':>11}")

    mahjong_med = None
    if Shanten is not None:
        mj = per_hand(Shanten.calculate_shanten, hands13, 2)
        mahjong_med = mj.cpu_mean
    cold = per_hand(shanten, hands13, 1)
    warm = per_hand(shanten, hands13, 5)
    as_bytes = [bytes(h) for h in hands13]
    warm_bytes = per_hand(shanten, as_bytes, 5)
    print(row("ours, cold caches (list input)", cold, mahjong_med))
    print(row("ours, warm (list input)", warm, mahjong_med))
    print(row("ours, warm (bytes input)", warm_bytes, mahjong_med))
    if xiangting is not None:
        four = xiangting.PlayerCount.FOUR
        xt = per_hand(lambda h: xiangting.calculate_replacement_number(h, four), hands13, 5)
        print(row("xiangting.calculate_replacement_number", xt, mahjong_med))
    if Shanten is not None:
        print(row("mahjong Shanten.calculate_shanten", mj, mahjong_med))
        bad = sum(1 for h in hands13 if shanten(h) != Shanten.calculate_shanten(h))
        print(f"  disagreements with mahjong: {bad} of {len(hands13)}")

    print(f"  {'ukeire / discards':<50}{header}")
    print(row(f"ours ukeire, cold caches ({len(few13)} hands)", per_hand(ukeire, few13, 1)))
    print(row("ours ukeire, warm", per_hand(ukeire, few13, 3)))
    if xiangting is not None:
        four = xiangting.PlayerCount.FOUR
        print(
            row(
                "xiangting.calculate_necessary_tiles",
                per_hand(lambda h: xiangting.calculate_necessary_tiles(h, four), few13, 3),
            )
        )
    print(
        row(f"ours discard_options, cold ({len(few14)} hands)", per_hand(discard_options, few14, 1))
    )
    print(row("ours discard_options, warm", per_hand(discard_options, few14, 2)))
    if xiangting is not None:
        four = xiangting.PlayerCount.FOUR

        def xt_discards(h: Sequence[int]) -> list[tuple[int, int, int]]:
            out = []
            hand = list(h)
            for k in range(34):
                if hand[k]:
                    hand[k] -= 1
                    rn, nt = xiangting.calculate_necessary_tiles(hand, four)
                    count = sum(4 - h[j] for j in range(34) if nt >> j & 1)
                    hand[k] += 1
                    out.append((rn, -count, k))
            out.sort()
            return out

        print(
            row("same from xiangting (necessary tiles x discards)", per_hand(xt_discards, few14, 2))
        )
    if Shanten is not None:

        def mj_discards(h: Sequence[int]) -> list[tuple[int, int, int]]:
            out = []
            hand = list(h)
            for k in range(34):
                if hand[k]:
                    hand[k] -= 1
                    s = Shanten.calculate_shanten(hand)
                    count = 0
                    for j in range(34):
                        if hand[j] < 4:
                            hand[j] += 1
                            if Shanten.calculate_shanten(hand) < s:
                                count += 4 - h[j]
                            hand[j] -= 1
                    hand[k] += 1
                    out.append((s, -count, k))
            out.sort()
            return out

        print(
            row("same from mahjong (34 shanten x discards)", per_hand(mj_discards, few14[:200], 1))
        )
    print(
        f"caches: {len(shanten_mod._GROUP)} group patterns, {len(shanten_mod._COMBINE)} + "
        f"{len(shanten_mod._FINAL)} convolutions, {len(shanten_mod._VECS)} distinct vectors"
    )


if __name__ == "__main__":
    main()
