"""Speed of game files: writing, loading and refolding a whole hanchan, verifying it,
building the replay model and seeking to random positions.

    .venv/bin/python -m benchmarks.bench_saves [--games N]

Games are played by the engine's runner with "easy" bots (plus the real Tenhou logs in
tests/data/logs, imported through the tenhou.net/6 reader).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from hanchan.ai.base import make_bot
from hanchan.engine.events import Event
from hanchan.engine.game import Game
from hanchan.engine.state import fold
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.convert import events_from_recorded
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from hanchan.saves.reader import load
from hanchan.saves.replay import Replay
from hanchan.saves.verify import verify_events
from hanchan.saves.writer import GameWriter, make_header
from tests.kit.real_logs import TENHOU6


def play(seed: int) -> list[Event]:
    bots = [make_bot("easy", seed * 4 + i) for i in range(4)]
    events: list[Event] = []
    game = Game(Ruleset(), seed=seed, listeners=[events.append])
    while not game.over:
        for seat, actions in game.pending().items():
            game.act(seat, bots[seat].choose(game.view(seat), actions))
    return events


def timed(fn, repeat: int = 5) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def measure(events: list[Event], folder: Path, n: int) -> tuple[float, ...]:
    """Figures of one game: size, write, load, refold, verify, replay build, seeks."""
    header = make_header(events[0].ruleset.to_dict(),  # type: ignore[union-attr]
                         [SeatInfo(str(i)) for i in range(4)], None)

    def write() -> Path:
        w = GameWriter.create(folder, header, name=f"g{n}-{time.perf_counter_ns()}",
                              pointer=False)
        for ev in events:
            w.append(ev)
        w.close()
        return w.path

    path = write()
    size = path.stat().st_size
    t_write = timed(write, 3)
    t_load = timed(lambda: load(path))
    t_fold = timed(lambda: fold(events))
    t_verify = timed(lambda: verify_events(events), 3)
    t_replay = timed(lambda: Replay(events), 3)
    replay = Replay(events)
    rng = random.Random(n)
    seeks = []
    for _ in range(300):
        pos = rng.randrange(len(events))
        t = time.perf_counter()
        replay.seek(pos)
        seeks.append(time.perf_counter() - t)
    return (len(events), size, t_write, t_load, t_fold, t_verify, t_replay,
            statistics.mean(seeks), max(seeks))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args()
    games = [play(seed) for seed in range(1, args.games + 1)]
    for p in TENHOU6[:3]:
        games.append(events_from_recorded(parse_tenhou6(p.read_text(encoding="utf-8"))))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n, events in enumerate(games):
            rows.append(measure(events, Path(tmp), n))
    print(f"{'events':>7} {'bytes':>8} {'write':>8} {'load':>8} {'refold':>8} {'verify':>8} "
          f"{'replay':>8} {'seek avg':>9} {'seek max':>9}   (milliseconds)")
    for r in rows:
        print(f"{r[0]:>7} {r[1]:>8} " + " ".join(f"{x * 1000:>8.2f}" for x in r[2:7])
              + f" {r[7] * 1000:>9.3f} {r[8] * 1000:>9.3f}")
    ev = sum(r[0] for r in rows)
    print(f"load+refold: {ev / sum(r[3] + r[4] for r in rows):,.0f} events/s; "
          f"write (flush per event, fsync per hand): {ev / sum(r[2] for r in rows):,.0f} events/s")


if __name__ == "__main__":
    main()
