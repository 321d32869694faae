"""Two versions of the code, hanchan per CPU second, alternating game by game.

    .venv/bin/python -m benchmarks.ab_simulate DIR_A DIR_B [--games N] [--first I]
        [--bots LEVEL] [--rules NAME]

``DIR_A`` and ``DIR_B`` are two checkouts (``git worktree add``, or ``git archive REV |
tar -x -C DIR``).  Each gets one child process that imports the code from its directory,
plays one warm-up game, then plays the games it is sent, as ``hanchan simulate`` plays
them (:func:`ai.arena.run_one`), and reports each game's CPU time.  The games alternate
A B, B A, A B, ... so that a change of load on a shared machine falls on both sides
alike.  Both sides play the same seeded games: when the choices are the same (the
behaviour lock), so is the play, and only the time differs.  Printed: each side's
hanchan per CPU second, the ratio B/A, the median of the per-game ratios and in how
many games B was faster; an A/A run shows the noise (about 1% on the 2 shared cores of
docs/speed.md).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

CHILD = r'''
import sys, time
from hanchan.ai.arena import GameSpec, game_seed, run_one
from hanchan.rulesets.loader import load_ruleset
rules = load_ruleset(sys.argv[1])
levels = (sys.argv[2],) * 4
run_one(rules, GameSpec(10_000, levels, game_seed(0, 10_000)))
print("ready", flush=True)
for line in sys.stdin:
    i = int(line)
    t = time.process_time()
    run_one(rules, GameSpec(i, levels, game_seed(0, i)))
    print(time.process_time() - t, flush=True)
'''


class Side:
    """A child process playing games with the code of one directory."""

    def __init__(self, root: Path, rules: str, bots: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(root)}
        self.proc = subprocess.Popen([sys.executable, "-c", CHILD, rules, bots], cwd=root,
                                     env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        if self._line() != "ready":
            raise SystemExit(f"{root}: the child did not start")

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().strip()
        if not line:
            raise SystemExit(f"a child ended early (exit {self.proc.wait()})")
        return line

    def play(self, index: int) -> float:
        """CPU seconds of game ``index``."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{index}\n")
        self.proc.stdin.flush()
        return float(self._line())

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a", type=Path, help="directory of version A")
    ap.add_argument("b", type=Path, help="directory of version B")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--first", type=int, default=0, help="index of the first game")
    ap.add_argument("--bots", default="strong", help="bot level of all four seats")
    ap.add_argument("--rules", default="tenhou")
    args = ap.parse_args(argv)
    for root in (args.a, args.b):
        if not (root / "ai" / "arena.py").is_file():
            ap.error(f"{root} holds no checkout of hanchan (no ai/arena.py)")
    print(_load(), flush=True)
    a, b = Side(args.a, args.rules, args.bots), Side(args.b, args.rules, args.bots)
    times_a: list[float] = []
    times_b: list[float] = []
    for i in range(args.first, args.first + args.games):
        if i % 2 == 0:
            times_a.append(a.play(i))
            times_b.append(b.play(i))
        else:
            times_b.append(b.play(i))
            times_a.append(a.play(i))
    a.close()
    b.close()
    rate_a = len(times_a) / sum(times_a)
    rate_b = len(times_b) / sum(times_b)
    ratios = [x / y for x, y in zip(times_a, times_b, strict=True)]
    faster = sum(r > 1.0 for r in ratios)
    print(f"A {rate_a:.3f}/s  B {rate_b:.3f}/s  B/A {rate_b / rate_a:.4f}  "
          f"median per-game ratio {statistics.median(ratios):.4f}  "
          f"B faster in {faster} of {len(ratios)} games")
    print(_load())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
