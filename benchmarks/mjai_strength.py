"""Strength against an outside AI, read from the games a duplicate run saved.

``hanchan simulate --duplicate --save-dir DIR --bots strong,mjai:CMD,...`` writes every
game as it ends; this reads them back (a run stopped early still counts) and prints, per
kind of seat, the average rank with its standard error and the rates of
:class:`ai.arena.SeatStats`.  Only whole walls count (the four rotations of a wall), so
that the luck of the tiles cancels out as in the run; the standard error is taken over
the walls' mean ranks (the four games of a wall are not independent).

    python -m benchmarks.mjai_strength DIR [DIR ...] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from hanchan.ai.arena import SeatStats, stats_from_events
from hanchan.engine.events import GameEnded, Note
from hanchan.saves.reader import SaveError, load


def kind_of_seat(spec: str | None) -> str:
    """``strong``, or ``mjai:<program>`` for an outside bot's command."""
    spec = spec or "human"
    if spec.startswith("mjai:"):
        words = spec[5:].split()
        script = next((w for w in words[1:] if not w.startswith("-")), words[0] if words else "")
        return "mjai:" + Path(script).name
    return spec


def measure(folders: list[Path]) -> dict[str, Any]:
    """The figures of every whole wall's games in ``folders``, per kind of seat."""
    by_wall: dict[tuple[str, int], list[tuple[list[str], list[SeatStats]]]] = defaultdict(list)
    skipped = 0
    notes: list[str] = []
    for folder in folders:
        for path in sorted(folder.glob("sim-*.jsonl")):
            seed = int(path.stem.split("-")[-1])
            try:
                game = load(path)
            except SaveError:
                skipped += 1
                continue
            if not game.events or not isinstance(game.events[-1], GameEnded):
                skipped += 1
                continue
            notes.extend(e.text for e in game.events if isinstance(e, Note) and e.seat is not None)
            kinds = [kind_of_seat(s.bot) for s in game.header.seats]
            by_wall[(str(folder), seed)].append((kinds, stats_from_events(game.events)))
    totals: dict[str, SeatStats] = defaultdict(SeatStats)
    wall_means: dict[str, list[float]] = defaultdict(list)
    walls = 0
    for games in by_wall.values():
        if len(games) != 4:
            skipped += len(games)
            continue
        walls += 1
        ranks: dict[str, list[int]] = defaultdict(list)
        for kinds, stats in games:
            for kind, st in zip(kinds, stats, strict=True):
                totals[kind].add(st)
                ranks[kind].append(next(i + 1 for i, n in enumerate(st.ranks) if n))
        for kind, rs in ranks.items():
            wall_means[kind].append(sum(rs) / len(rs))
    out: dict[str, Any] = {"walls": walls, "games": walls * 4, "left_out": skipped,
                           "notes": len(notes), "first_notes": notes[:5], "by_kind": {}}
    for kind, st in totals.items():
        means = wall_means[kind]
        n = len(means)
        mean = sum(means) / n
        var = sum((m - mean) ** 2 for m in means) / (n - 1) if n > 1 else 0.0
        row = st.summary()
        row["avg_rank_se"] = round(math.sqrt(var / n), 4) if n > 1 else None
        out["by_kind"][kind] = row
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    data = measure(args.folders)
    if args.json:
        print(json.dumps(data, indent=1))
        return
    print(f"{data['games']} games on {data['walls']} whole walls "
          f"({data['left_out']} games left out: unfinished or an incomplete wall); "
          f"{data['notes']} notes of outside bots (illegal, late or replaced)")
    for text in data["first_notes"]:
        print("  " + text)
    print(f"{'kind':<22} {'seats':>5} {'avg rank':>8} {'±se':>6} {'1st/2nd/3rd/4th':>16} "
          f"{'win':>6} {'deal-in':>7} {'riichi':>6} {'call':>6} {'draw':>6}")
    for kind, s in data["by_kind"].items():
        se = s["avg_rank_se"]
        print(f"{kind:<22} {s['seat_games']:>5} {s['avg_rank']:>8.3f} "
              f"{se if se is not None else float('nan'):>6.3f} "
              f"{'/'.join(map(str, s['ranks'])):>16} {s['win_rate']:>6.1%} "
              f"{s['deal_in_rate']:>7.1%} {s['riichi_rate']:>6.1%} {s['call_rate']:>6.1%} "
              f"{s['draw_rate']:>6.1%}")


if __name__ == "__main__":
    main()
