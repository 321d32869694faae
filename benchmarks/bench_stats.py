"""Speed of ``hanchan stats``: a player's record over hundreds of saved games.

    .venv/bin/python -m benchmarks.bench_stats [--games 200 1000] [--from DIR]

Fills a temporary folder with N copies of finished games (the games of ``--from``, e.g.
``hanchan simulate --save-dir DIR``'s, counted for the seat named ``--player``; by
default one hanchan of "easy" bots saved as your own), then times ``ai.career.record``
cold (no index, no stats cache: every game file read whole), with the index only, and
warm (both caches: no game file opened).
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

from benchmarks.bench_folder import SEATS
from hanchan.ai.career import CACHE, record
from hanchan.engine.events import GameStarted
from hanchan.saves.folder import INDEX
from hanchan.saves.writer import GameWriter, make_header
from tests.kit.saved_games import played_game


def fill(folder: Path, n: int, source: Path | None) -> None:
    if source is not None:
        games = sorted(source.glob("*.jsonl"))
    else:
        events = played_game(2)
        first = events[0]
        assert isinstance(first, GameStarted)
        header = make_header(first.ruleset.to_dict(), SEATS, first.seed)
        with GameWriter.create(folder, header, name="own", pointer=False) as w:
            w.extend(list(events))
        games = [w.path]
    for i in range(n - (source is None)):
        shutil.copy(games[i % len(games)], folder / f"g{i:05d}.jsonl")


def timed(folder: Path, player: str | None) -> tuple[float, int]:
    start = time.perf_counter()
    rec = record(folder, player=player)
    return time.perf_counter() - start, len(rec.games)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, nargs="+", default=[200, 1000])
    ap.add_argument("--from", dest="source", type=Path, default=None)
    ap.add_argument("--player", default=None)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for n in args.games:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            fill(folder, n, args.source)
            cold, counted = timed(folder, args.player)
            (folder / CACHE).unlink()
            index_only, _ = timed(folder, args.player)
            warm, _ = timed(folder, args.player)
            (folder / INDEX).unlink()
            (folder / CACHE).unlink()
            print(f"{n} files, {counted} seats counted: cold {cold:.2f} s, index only "
                  f"{index_only:.2f} s, warm {warm:.3f} s")


if __name__ == "__main__":
    main()
