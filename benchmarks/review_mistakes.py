"""How many mistakes the review calls, per player per hanchan, by kind (issue 38).

    python -m benchmarks.review_mistakes [--games 20] [--json]

Every seat of the 19 real Phoenix-room logs of tests/data/logs/tenhou6 is reviewed
(:func:`ai.review.review_game`), then every seat of ``--games`` simulated hanchan
between four ``easy`` bots and as many between four ``normal`` bots (seeds 0 on).  A
review the players trust calls fewer mistakes in the Phoenix room than in ``normal``'s
games and at most a third of what it calls in ``easy``'s.  The table is in
docs/review.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence

from benchmarks.bench_review import games
from hanchan.ai.arena import play_game
from hanchan.ai.base import make_bot
from hanchan.ai.review import KINDS, review_game
from hanchan.engine.events import Event
from hanchan.rulesets.schema import Ruleset


def real_games() -> list[list[Event]]:
    """The events of every real log (:func:`benchmarks.bench_review.games`)."""
    return [events for _, events in games()]


def simulated_games(level: str, games: int) -> list[list[Event]]:
    """``games`` hanchan between four bots of ``level`` (seeds 0 on)."""
    return [play_game(Ruleset(), [make_bot(level, seed * 4 + i) for i in range(4)], seed)
            for seed in range(games)]


def tally(games: Sequence[Sequence[Event]]) -> dict[str, float]:
    """Mistakes per player per game, by kind and in all, and the decisions per player."""
    mistakes: Counter[str] = Counter()
    decisions = players = 0
    for events in games:
        for seat in range(4):
            r = review_game(events, seat)
            players += 1
            decisions += len(r.decisions)
            for d in r.decisions:
                if d.mistake:
                    mistakes[d.kind] += 1
    out: dict[str, float] = {k: mistakes[k] / players for k in KINDS}
    out["all"] = sum(mistakes.values()) / players
    out["decisions"] = decisions / players
    return out


def table(rows: dict[str, dict[str, float]]) -> str:
    """The figures as a Markdown table, one column per set of games."""
    names = list(rows)
    lines = ["| mistakes per player per hanchan | " + " | ".join(names) + " |",
             "|---|" + "---:|" * len(names)]
    for k in (*KINDS, "all", "decisions"):
        lines.append(f"| {k} | " + " | ".join(f"{rows[n][k]:.2f}" for n in names) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.review_mistakes",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="simulated games per level")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args(argv)
    rows = {"Phoenix logs (19)": tally(real_games())}
    for level in ("easy", "normal"):
        rows[f"{level} ({args.games})"] = tally(simulated_games(level, args.games))
    print(json.dumps(rows) if args.json else table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
