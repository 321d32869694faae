"""Speed of the save folder's list: the menu and the save pickers over a thousand games.

    .venv/bin/python -m benchmarks.bench_folder [--games N]

Writes N game files (two in three finished, the rest stopped mid-game, as copies of
games played by "easy" bots) to a temporary folder, then times ``saves.folder.list_games``
without its index (every header and tail read) and with it, and the app's main menu
and Load picker opening on that folder.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from hanchan.engine.events import GameStarted
from hanchan.saves.codec import SeatInfo
from hanchan.saves.folder import INDEX, list_games
from hanchan.saves.writer import GameWriter, make_header
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.menu import MenuScreen
from hanchan.tui.screens.saves import FilePickerScreen
from hanchan.tui.settings import Settings
from tests.kit.saved_games import played_game

SEATS = [SeatInfo("You")] + [SeatInfo(f"Bot {i}", "easy") for i in range(3)]


def fill(folder: Path, n: int) -> None:
    events = played_game(2)
    first = events[0]
    assert isinstance(first, GameStarted)
    header = make_header(first.ruleset.to_dict(), SEATS, first.seed)
    sources = []
    for name, chunk in (("done", events), ("part", events[: len(events) // 2])):
        with GameWriter.create(folder, header, name=name, pointer=False) as w:
            w.extend(list(chunk))
        sources.append(w.path)
    for i in range(n - 2):
        shutil.copy(sources[0] if i % 3 else sources[1], folder / f"g{i:05d}.jsonl")


async def open_menu(folder: Path) -> tuple[float, float]:
    app = HanchanApp("menu", save_dir=folder, settings=Settings(bot_delay=0.0))
    start = time.perf_counter()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        menu = time.perf_counter() - start
        start = time.perf_counter()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, FilePickerScreen)
        picker = time.perf_counter() - start
    return menu, picker


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        fill(folder, args.games)
        cold, warm, menus, pickers = [], [], [], []
        for _ in range(args.runs):
            (folder / INDEX).unlink(missing_ok=True)
            start = time.perf_counter()
            list_games(folder)
            cold.append(time.perf_counter() - start)
            start = time.perf_counter()
            list_games(folder)
            warm.append(time.perf_counter() - start)
            menu, picker = asyncio.run(open_menu(folder))
            menus.append(menu)
            pickers.append(picker)
        for label, values in (("list, no index", cold), ("list, index", warm),
                              ("menu open (index)", menus), ("Load picker", pickers)):
            print(f"{args.games} games, {label:<18} median {statistics.median(values):.3f} s  "
                  f"(min {min(values):.3f}, max {max(values):.3f})")


if __name__ == "__main__":
    main()
