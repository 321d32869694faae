"""Fit the wait-shape weights of :func:`ai.defence.deal_in_chance` to real riichi waits.

Run: ``.venv/bin/python -m benchmarks.fit_waits --games 50 --against normal,greedy,strong``

A strong bot plays one seat against three of each ``--against`` level.  Whenever it
has to discard while an opponent is in riichi (and not furiten), every kind it holds
that is not safe against that riichi becomes one row: the features the defence model
counts for that kind (open ryanmen sides, kanchan, penchan, shanpon and tanki chances,
with kabe and one-chance as the model reads them) and whether the riichi hand really
waits on it (read from the engine, which the bots never see).  A non-negative least
squares fit gives the weights (percent), printed as one JSON line with the deal-in
rate the model predicts and the one observed for each group of tiles.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import astuple, fields

from hanchan.ai import defence
from hanchan.ai.base import make_bot
from hanchan.ai.hand import hand_counts, unseen_counts, winning_kinds
from hanchan.engine.actions import Discard
from hanchan.engine.game import Game
from hanchan.engine.view import PlayerView
from hanchan.rulesets.loader import load_ruleset

NAMES = tuple(f.name for f in fields(defence.WaitWeights))


def features(kind: int, safe: frozenset[int], unseen: Sequence[int]) -> list[float]:
    """The model's shape chances for ``kind`` (one weight each in :class:`WaitWeights`)."""
    out = []
    for i in range(7):
        w = [0.0] * 7
        w[i] = 100.0  # one shape at 100 %: the model's chance of that shape alone
        out.append(defence.deal_in_chance(kind, safe, unseen, defence.WaitWeights(*w)))
    return out


def group(kind: int, safe: frozenset[int]) -> str:
    """A tile's group for the report: honour, or number class with its suji."""
    if kind >= 27:
        return "honour"
    n = kind % 9
    base = kind - n
    sides = [s for s in (n - 3, n + 3) if 0 <= s <= 8]
    covered = sum(1 for s in sides if base + s in safe)
    suji = "suji" if covered == len(sides) else ("half-suji" if covered else "non-suji")
    return f"{min(n, 8 - n) + 1}{9 - min(n, 8 - n)} {suji}"


def collect(games: int, against: Sequence[str], seed: int) -> list[tuple[list[float], float, str]]:
    """Rows of (features, waits on it, group) from games of strong against ``against``."""
    rules = load_ruleset("tenhou")
    rows: list[tuple[list[float], float, str]] = []
    for level in against:
        for g in range(games):
            bots = [make_bot("strong", g)] + [make_bot(level, g * 4 + i) for i in (1, 2, 3)]
            game = Game(rules, ("strong", level, level, level), seed=seed + g)
            while not game.over:
                for seat, legal in list(game.pending().items()):
                    v = game.view(seat)
                    if seat == 0 and any(isinstance(a, Discard) for a in legal):
                        rows.extend(_rows(game, v))
                    game.act(seat, bots[seat].choose(v, legal))
                    if game.over:
                        break
    return rows


def _rows(game: Game, v: PlayerView) -> list[tuple[list[float], float, str]]:
    unseen = unseen_counts(v)
    counts = hand_counts(v)
    out = []
    for t in defence.threats(v):
        if not t.riichi:
            continue
        other = game.view(t.seat)
        waits = set(winning_kinds(hand_counts(other), len(other.me.melds)))
        if waits & t.safe:
            continue  # furiten: no ron at all
        for k in range(34):
            if counts[k] and k not in t.safe:
                out.append((features(k, t.safe, unseen), 1.0 if k in waits else 0.0,
                            group(k, t.safe)))
    return out


def nnls(rows: Sequence[tuple[list[float], float, str]]) -> list[float]:
    """Least squares with weights >= 0 (active set: drop negative weights and refit)."""
    active = [i for i in range(7) if any(f[i] for f, _, _ in rows)]
    while True:
        n = len(active)
        a = [[0.0] * n for _ in range(n)]
        b = [0.0] * n
        for f, y, _ in rows:
            x = [f[i] for i in active]
            for i in range(n):
                if x[i]:
                    b[i] += x[i] * y
                    for j in range(n):
                        a[i][j] += x[i] * x[j]
        w = _solve(a, b)
        if all(v >= 0 for v in w):
            full = [0.0] * 7
            for i, v in zip(active, w, strict=True):
                full[i] = v
            return full
        active = [i for i, v in zip(active, w, strict=True) if v > 0]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def main() -> None:
    """Collect, fit and print."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--against", default="normal,greedy,strong")
    ap.add_argument("--seed", type=int, default=5000)
    args = ap.parse_args()
    rows = collect(args.games, args.against.split(","), args.seed)
    w = nnls(rows)
    fitted = defence.WaitWeights(*(x * 100.0 for x in w))
    book = [v / 100.0 for v in astuple(defence.TEXTBOOK)]
    report: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for f, y, g in rows:
        r = report[g]
        r[0] += sum(x * wi for x, wi in zip(f, w, strict=True))
        r[1] += sum(x * wi for x, wi in zip(f, book, strict=True))
        r[2] += y
        r[3] += 1
    print(json.dumps({
        "rows": len(rows),
        "weights": {n: round(v, 2) for n, v in zip(NAMES, astuple(fitted), strict=True)},
        "groups": {g: {"fitted": round(r[0] / r[3], 4), "textbook": round(r[1] / r[3], 4),
                       "observed": round(r[2] / r[3], 4), "tiles": int(r[3])}
                   for g, r in sorted(report.items())},
    }))


if __name__ == "__main__":
    main()
