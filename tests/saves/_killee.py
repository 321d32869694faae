"""A game that plays itself slowly into a file, continuing it if it exists (kill test)."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from hanchan.engine.game import Game
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.writer import GameWriter, make_header


def main(path: Path, seed: int, pause: float) -> None:
    rules = Ruleset()
    rng = random.Random(seed * 1000 + int(time.time() * 1000) % 1000)
    if path.exists():
        writer, loaded = GameWriter.resume(path, pointer=False)
        if loaded.events:
            game = Game.from_events(loaded.events, [writer])
        else:
            game = Game(rules, seed=seed, listeners=[writer])
    else:
        header = make_header(rules.to_dict(), [SeatInfo(f"Bot {i}", "random") for i in range(4)],
                             seed)
        writer = GameWriter.open_path(path, header)
        game = Game(rules, seed=seed, listeners=[writer])
    print("ready", flush=True)
    while not game.over:
        for seat, actions in game.pending().items():
            game.act(seat, rng.choice(actions))
            time.sleep(pause)
    writer.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]))
