"""``hanchan stats``: the player's record over the saved games (docs/cli.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from hanchan.ai.career import Progress, Record, record, review_games
from hanchan.cli.inputs import UserError
from hanchan.coach.career import columns, notes, rows, spark, whose
from hanchan.saves.writer import save_dir

TREND_GAMES = 60
"""How many games the text trend line spans (one character each)."""


def run(args: argparse.Namespace) -> int:
    """Print the record: a table of figures by span and ruleset, or one JSON object."""
    folder = save_dir(args.dir)
    if args.dir is not None and not folder.is_dir():
        raise UserError(f"no saved games in '{args.dir}': it is not a folder")
    tell = sys.stderr.isatty()
    rec = record(folder, player=args.player, rules=args.rules, last=args.last,
                 progress=terminal_progress("reading", "saved games not read before")
                 if tell else None)
    if args.review and rec.unreviewed():
        rec.games = review_games(folder, rec.games,
                                 terminal_progress("reviewing", "games") if tell else None)
    if args.json:
        sys.stdout.write(json.dumps(to_json(rec), ensure_ascii=False) + "\n")
        return 0
    out = sys.stdout
    if not rec.games:
        print(f"No finished games to count ({whose(args.player)}) in {folder}.", file=out)
    else:
        table = rows(columns(rec))
        widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
        print(f"The record of {whose(args.player)}: {len(rec.games)} games", file=out)
        for r in table:
            print("  ".join([r[0].ljust(widths[0])] +
                            [c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)]),
                  file=out)
        trend = rec.trend()[-TREND_GAMES:]
        print(f"trend over the last {len(trend)} games (average placement of the 10 before "
              f"each, lower is better): {spark(trend)}", file=out)
    for line in notes(rec):
        print(line, file=out)
    if rec.unreviewed() and not args.review:
        print("hanchan stats --review reviews them (and keeps the figures).", file=out)
    return 0


def terminal_progress(doing: str, what: str) -> Progress:
    """Progress on a terminal's stderr: 'reviewing 3 of 12 games'."""
    def tell(done: int, todo: int) -> None:
        print(f"\r{doing} {done} of {todo} {what}", end="" if done < todo else "\n",
              file=sys.stderr, flush=True)
    return tell


def to_json(rec: Record) -> dict[str, Any]:
    """The object ``hanchan stats --json`` prints (docs/cli.md)."""
    cols = dict(columns(rec))
    return {
        "player": rec.player,
        "games": len(rec.games),
        "unfinished": rec.unfinished,
        "unreadable": [{"file": p.name, "reason": why} for p, why in rec.unreadable],
        "all": cols["all"],
        "last": {str(n): cols[f"last {n}"] for n in (10, 50, 100) if f"last {n}" in cols},
        "by_rules": {name: cols[name] for name in rec.by_rules() if name in cols}
        if len(rec.by_rules()) > 1 else {name: cols["all"] for name in rec.by_rules()},
        "placements": [g.rank for g in rec.games],
        "trend": [round(v, 3) for v in rec.trend()],
    }
