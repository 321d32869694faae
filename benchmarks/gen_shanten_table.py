"""Write engine/shanten_table.bin: the D vector of every suit pattern of <= 14 tiles.

Run from the repository root:  .venv/bin/python -m benchmarks.gen_shanten_table
(about a minute).  The numbers come from the same one-kind step as the lazy
solver in engine/shanten.py (``_step``), applied kind 8 down to kind 0 over
all patterns, so the table and the solver cannot disagree; ``--check N``
compares N random patterns of the written file with the solver.

File layout: b"HCSHT1", uint32 number of vectors V, V vectors of 10 bytes
(``D[h*5 + i]``), then zlib of 5**9 little-endian uint16 vector indices, one
per base-5 pattern number ``sum(count[k] * 5**(8-k))`` (0xFFFF = over 14 tiles).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import zlib
from array import array
from pathlib import Path

from hanchan.engine import shanten as S

MAX_TILES = 14
SETS = 5
BASE = S._BASE

State = tuple[int, int]
Solutions = dict[State, tuple[int, ...]]


def build() -> tuple[list[tuple[int, ...]], array[int]]:
    """All vectors and the index array."""
    vec_index: dict[tuple[int, ...], int] = {}
    vectors: list[tuple[int, ...]] = []
    entries = array("H", [0xFFFF]) * (5**9)
    step_memo: dict[tuple[int, int, int, tuple[int, ...]], tuple[int, ...]] = {}
    sub_ids: dict[tuple[int, ...], int] = {}

    def sid(vec: tuple[int, ...]) -> int:
        got = sub_ids.get(vec)
        if got is None:
            got = sub_ids[vec] = len(sub_ids)
        return got

    def step(
        count: int, pending: int, max_run: int, subs: list[tuple[int, ...]]
    ) -> tuple[int, ...]:
        key = (count, pending, max_run, tuple(sid(v) for v in subs))
        got = step_memo.get(key)
        if got is None:
            got = step_memo[key] = S._step(count, pending, max_run, subs)
        return got

    def states(k: int) -> list[State]:
        if k == 0:
            return [(0, 0)]
        if k == 1:
            return [(0, b1) for b1 in range(5)]
        return [(b2, b1) for b2 in range(5) for b1 in range(5 - b2)]

    def level(k: int, after: Solutions, tiles_after: int, index_after: int) -> None:
        for count in range(5):
            if tiles_after + count > MAX_TILES:
                break
            here: Solutions = {}
            for b2, b1 in states(k):
                pending = b2 + b1
                max_run = 4 - pending if k <= 6 else 0
                subs = [after[(b1, run)] for run in range(max_run + 1)]
                here[(b2, b1)] = step(count, pending, max_run, subs)
            index = index_after + count * 5 ** (8 - k)
            if k == 0:
                vec = here[(0, 0)]
                vid = vec_index.get(vec)
                if vid is None:
                    vid = vec_index[vec] = len(vectors)
                    vectors.append(vec)
                entries[index] = vid
            else:
                level(k - 1, here, tiles_after + count, index)

    level(8, {(b1, 0): BASE for b1 in range(5)}, 0, 0)
    return vectors, entries


def write(path: Path, vectors: list[tuple[int, ...]], entries: array[int]) -> None:
    """Write the table file."""
    if any(not 0 <= x < 256 for v in vectors for x in v) or len(vectors) >= 0xFFFF:
        raise SystemExit("vectors do not fit the file format")
    data = array("H", entries)
    if sys.byteorder != "little":
        data.byteswap()
    blob = bytearray(S._TABLE_MAGIC)
    blob += len(vectors).to_bytes(4, "little")
    for v in vectors:
        blob += bytes(v)
    blob += zlib.compress(data.tobytes(), 9)
    path.write_bytes(bytes(blob))


def check(samples: int) -> None:
    """Compare random table entries with the lazy solver."""
    S._load_table()
    if S._table is None:
        raise SystemExit(f"{S.TABLE_PATH} did not load")
    rng = random.Random(0)
    done = 0
    while done < samples:
        pat = tuple(rng.randint(0, 4) for _ in range(9))
        if sum(pat) > MAX_TILES:
            continue
        index = 0
        for x in pat:
            index = index * 5 + x
        table_vec = S._VECS[S._table_vec_ids[S._table[index]]]
        if table_vec != S._suffix(pat, 0, 0, True):
            raise SystemExit(f"mismatch for {pat}")
        done += 1
    print(f"checked {samples} patterns: table == solver")


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=S.TABLE_PATH)
    parser.add_argument("--check", type=int, default=2000, metavar="N")
    args = parser.parse_args()
    t0 = time.perf_counter()
    vectors, entries = build()
    used = sum(1 for e in entries if e != 0xFFFF)
    write(args.out, vectors, entries)
    print(
        f"{used} patterns, {len(vectors)} distinct vectors, "
        f"{args.out.stat().st_size} bytes, {time.perf_counter() - t0:.1f}s"
    )
    if args.out == S.TABLE_PATH and args.check:
        check(args.check)


if __name__ == "__main__":
    main()
