"""Fit ``Style.discard_prefs`` on real players' discards (a conditional logit).

    python -m benchmarks.fit_discards tests/data/logs/tenhou6/*.json [--folds 4]

At every discard a player made without riichi (and not in riichi) the ``strong``
bot's options are scored as it plays (:meth:`ai.club.ClubBot.options`, its fold
reading fed with the seat's views in order) and described by
:data:`ai.club.prefs.FEATURES`; the weights maximise the likelihood of the players'
choices (a conditional logit with a small L2 penalty).  With ``--folds`` the games are
split into that many groups and each group's discards are predicted by weights fitted
on the others: the agreement a new game can expect.  Needs numpy (``make bench-deps``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from benchmarks.agreement import game_events
from hanchan.ai.club import ClubBot
from hanchan.ai.club.prefs import FEATURES, features
from hanchan.ai.club.situation import Situation
from hanchan.ai.review import decision_points
from hanchan.engine.actions import Discard
from hanchan.engine.events import GameStarted
from hanchan.engine.tiles import kind_of

Decision = tuple[NDArray[np.float64], int]
"""One decision: the options' feature rows and the index of the player's choice."""


def decisions_of(path: str, level: str = "strong") -> list[Decision]:
    """The discard decisions of every seat of one game file."""
    events = game_events(Path(path))
    if not events or not isinstance(events[0], GameStarted):
        return []
    out: list[Decision] = []
    for seat in range(4):
        bot = ClubBot(level, seed=0)
        for p in decision_points(events, seat):
            bot.observe(p.view)
            played = p.played
            if not isinstance(played, Discard) or played.riichi or p.view.me.riichi:
                continue
            plain = [a for a in p.legal if isinstance(a, Discard) and not a.riichi]
            sit = Situation(p.view, bot.style, bot.watch)
            opts = bot.options(sit, plain)
            if len(opts) < 2:
                continue
            kind = kind_of(played.tile)
            label = next((i for i, o in enumerate(opts) if o.kind == kind), None)
            if label is None:
                continue
            out.append((np.array(features(sit, opts)), label))
    return out


def collect(paths: Sequence[str], jobs: int) -> list[list[Decision]]:
    """The decisions of each file."""
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(decisions_of, paths))


def fit(data: Sequence[Decision], l2: float = 0.01, steps: int = 300) -> NDArray[np.float64]:
    """Weights maximising the conditional logit likelihood (Newton steps)."""
    n = data[0][0].shape[1]
    w = np.zeros(n)
    w[0] = 1.0
    for _ in range(steps):
        grad = -l2 * w * len(data)
        hess = -l2 * np.eye(n) * len(data)
        for x, y in data:
            u = x @ w
            u -= u.max()
            p = np.exp(u)
            p /= p.sum()
            mean = p @ x
            grad += x[y] - mean
            xc = x - mean
            hess -= (xc * p[:, None]).T @ xc
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-6:
            break
    return w


def accuracy(data: Sequence[Decision], w: NDArray[np.float64]) -> float:
    """Share of decisions where the highest utility is the player's choice."""
    if not data:
        return 0.0
    return sum(1 for x, y in data if int(np.argmax(x @ w)) == y) / len(data)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.fit_discards",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--folds", type=int, default=4)
    parser.add_argument("--l2", type=float, default=0.01)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    per_file = collect(args.files, args.jobs)
    every = [d for f in per_file for d in f]
    base = np.zeros(len(FEATURES))
    base[0] = 1.0
    print(f"{len(every)} discards in {len(per_file)} games; "
          f"the expected value alone: {100 * accuracy(every, base):.1f}%")
    if args.folds > 1:
        hits = 0
        for k in range(args.folds):
            train = [d for i, f in enumerate(per_file) if i % args.folds != k for d in f]
            test = [d for i, f in enumerate(per_file) if i % args.folds == k for d in f]
            w = fit(train, args.l2)
            a = accuracy(test, w)
            hits += round(a * len(test))
            print(f"fold {k + 1}: fitted on {len(train)}, {100 * a:.1f}% of {len(test)} new")
        print(f"held out: {100 * hits / len(every):.1f}%")
    w = fit(every, args.l2)
    print(f"fitted on all: {100 * accuracy(every, w):.1f}%")
    print("discard_prefs=(" + ", ".join(f"{x:.3g}" for x in w) + ")")
    for name, x in zip(FEATURES, w, strict=True):
        print(f"  {name:<16}{x:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
