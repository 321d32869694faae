"""TUI speed: start-up to the first drawn table, and keypress to redraw.

Goals: start-up under 1 s, redraw under 50 ms.  Run: ``python -m benchmarks.bench_tui``.

Measured three ways:

* **headless start-up**: a fresh Python process imports the app (as ``hanchan play``
  does, through ``cli.main.command``), starts a game (seed 1) and reports when the
  table screen has been drawn the first time;
  timed from the parent's spawn of the process (so interpreter start is included).
* **headless redraw**: on a running table, one key's handler (select the next
  tile) plus a full render of the screen by Textual's compositor.
* **terminal end-to-end** (a pseudo-terminal, no tmux): ``hanchan play --seed 1`` in
  a 100x32 pty, run once to warm the byte-code cache and then timed: start-up until
  the table's "Wall" is written; keypress (Right) until the first byte of the redraw
  and until the redraw is complete (the last byte before 50 ms of quiet); and
  continuing a saved game from the main menu: the menu's ``c`` until the table is
  written (and from spawning ``hanchan`` to that table).
* **tmux end-to-end** (when tmux is installed): ``hanchan play --seed 1`` in a
  100x32 tmux pane; start-up until the table appears in ``capture-pane``, and
  keypress (``send-keys Right``) until the pane shows the change.  These include
  tmux's own latency and a ~5 ms polling step.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

from hanchan.rulesets.schema import Ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import NewGame
from hanchan.tui.settings import Settings

REPO = Path(__file__).resolve().parents[1]
PY = sys.executable
HANCHAN = Path(PY).with_name("hanchan")

CHILD = r"""
import sys, time, asyncio, tempfile
from pathlib import Path
from hanchan.cli.main import command
command("play:run_play", freeze=True)  # imported as the hanchan process imports it
from hanchan.tui.app import HanchanApp
from hanchan.tui.session import NewGame
from hanchan.tui.settings import Settings
from hanchan.rulesets.schema import Ruleset
from hanchan.tui.screens.table import TableScreen

async def main():
    app = HanchanApp("play", new_game=NewGame(Ruleset(), 1, "greedy", 0, Path(tempfile.mkdtemp())),
                     settings=Settings(bot_delay=0.4))
    async with app.run_test(size=(100, 32)) as pilot:
        while not (isinstance(app.screen, TableScreen) and app.screen.choice is not None):
            await asyncio.sleep(0.001)
        app.screen._compositor.render_full_update()
        print("READY", time.process_time(), flush=True)
asyncio.run(main())
"""


def _env() -> dict[str, str]:
    """The environment of a normal install: byte-code caching on (some sandboxes turn it off)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def headless_startup(runs: int = 5) -> tuple[list[float], list[float]]:
    """(wall, CPU) seconds from spawning a fresh interpreter to the first drawn table."""
    out = []
    cpu = []
    subprocess.run([PY, "-c", "import hanchan.tui.app, hanchan.tui.screens.table, "
                    "hanchan.engine.game, hanchan.ai.greedy"],
                   env=_env(), cwd=REPO, check=False)  # warm the byte-code cache once
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen([PY, "-c", CHILD],
                                stdout=subprocess.PIPE, text=True, env=_env())
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("READY"):
                out.append(time.perf_counter() - t0)
                cpu.append(float(line.split()[1]))
                break
        proc.wait()
    return out, cpu


async def _redraw(runs: int) -> list[float]:
    app = HanchanApp("play", new_game=NewGame(Ruleset(), 1, "greedy", 0,
                                              Path(tempfile.mkdtemp())),
                     settings=Settings(bot_delay=0.0))
    times = []
    async with app.run_test(size=(100, 32)) as pilot:
        while not (isinstance(app.screen, TableScreen) and app.screen.legal_now):
            await pilot.pause()
        scr = app.screen
        assert isinstance(scr, TableScreen)
        for _ in range(runs):
            await pilot.pause()
            t0 = time.perf_counter()
            scr.action_move(1)
            scr._refresh_layout(scr.size)
            scr._compositor.render_update(full=True)
            times.append(time.perf_counter() - t0)
    return times


def tmux_figures(runs: int = 20) -> tuple[float, list[float]] | None:
    """(start-up seconds, keypress-to-redraw seconds) in a real terminal, or None."""
    tmux = shutil.which("tmux")
    if tmux is None or not HANCHAN.exists():
        return None
    name = f"hanchan-bench-{os.getpid()}"
    tmp = tempfile.mkdtemp()

    def run(*args: str) -> str:
        return subprocess.run([tmux, *args], capture_output=True, text=True).stdout

    cmd = (f"env -u COLUMNS -u LINES -u PYTHONDONTWRITEBYTECODE HANCHAN_SETTINGS={tmp}/s.json "
           f"{HANCHAN} play --seed 1 --bots greedy --bot-delay 0 --save-dir {tmp}; sleep 5")
    t0 = time.perf_counter()
    run("new-session", "-d", "-s", name, "-x", "100", "-y", "32", cmd)
    run("resize-window", "-t", name, "-x", "100", "-y", "32")
    try:
        while "Wall" not in run("capture-pane", "-p", "-t", name):
            if time.perf_counter() - t0 > 30:
                return None
            time.sleep(0.005)
        startup = time.perf_counter() - t0
        while "Your turn" not in run("capture-pane", "-p", "-t", name):
            time.sleep(0.01)
        keys: list[float] = []
        for _ in range(runs):
            before = run("capture-pane", "-p", "-t", name)
            t1 = time.perf_counter()
            run("send-keys", "-t", name, "Right")
            while run("capture-pane", "-p", "-t", name) == before:
                if time.perf_counter() - t1 > 5:
                    break
            keys.append(time.perf_counter() - t1)
            time.sleep(0.05)
        run("send-keys", "-t", name, "C-q")
        return startup, keys
    finally:
        time.sleep(0.3)
        run("kill-session", "-t", name)


class PtyApp:
    """A command running in a pseudo-terminal of ``cols`` x ``rows``: send keys, read output."""

    def __init__(self, argv: list[str], env: dict[str, str], cols: int = 100,
                 rows: int = 32) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                                     cwd=REPO, start_new_session=True)
        os.close(slave)
        self.fd = master
        self.out = b""
        self.last = self.started  # when the last byte arrived

    def read_once(self, timeout: float) -> bool:
        """Read what has arrived within ``timeout``; False when nothing did."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return False
        self.last = time.perf_counter()
        self.out += data
        return bool(data)

    def until(self, needle: bytes, timeout: float = 30.0) -> float:
        """Read until ``needle`` has been written; the time it was seen."""
        start = len(self.out)
        deadline = time.perf_counter() + timeout
        while needle not in self.out[max(0, start - len(needle)):]:
            if time.perf_counter() > deadline:
                raise TimeoutError(needle)
            self.read_once(0.05)
        return self.last

    def quiet(self, gap: float = 0.05, timeout: float = 10.0) -> float:
        """Read until nothing arrives for ``gap`` seconds; the time of the last byte."""
        deadline = time.perf_counter() + timeout
        while self.read_once(gap) and time.perf_counter() < deadline:
            pass
        return self.last

    def send(self, keys: bytes) -> float:
        self.out = b""
        t = time.perf_counter()
        os.write(self.fd, keys)
        return t

    def close(self) -> None:
        try:
            os.write(self.fd, b"\x11")  # Ctrl+Q: save and quit
            self.quiet(0.2, 3.0)
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        os.close(self.fd)


RIGHT = b"\x1b[C"


def pty_figures(runs: int = 5, keys: int = 20) -> dict[str, list[float]]:
    """Start-up (warm), keypress to redraw, and continuing a saved game, in a pty."""
    tmp = tempfile.mkdtemp()
    env = _env()
    env.update(TERM="xterm-256color", XDG_DATA_HOME=tmp, HANCHAN_SETTINGS=f"{tmp}/s.json",
               COLUMNS="100", LINES="32")
    play = [str(HANCHAN), "play", "--seed", "1", "--bots", "greedy", "--bot-delay", "0"]
    out: dict[str, list[float]] = {"startup": [], "key first byte": [], "key redraw": [],
                                   "continue": [], "continue from spawn": []}
    for run in range(runs + 1):  # the first run warms the byte-code cache: not counted
        app = PtyApp(play, env)
        seen = app.until(b"Wall")
        if run:
            out["startup"].append(seen - app.started)
        app.quiet(0.5)
        if run == runs:  # the last run: keys, then play on a while to leave a longer game
            for _ in range(keys):
                t = app.send(RIGHT)
                app.read_once(5.0)
                out["key first byte"].append(app.last - t)
                out["key redraw"].append(app.quiet() - t)
                time.sleep(0.05)
            app.send(b"gsa")  # tsumogiri, skip calls, auto-win: the game plays on
            time.sleep(5)
        app.close()
    for _ in range(runs):
        menu = PtyApp([str(HANCHAN)], env)
        menu.until(b"Continue")
        menu.quiet(0.3)
        t = menu.send(b"c")
        seen = menu.until(b"Wall")
        out["continue"].append(seen - t)
        out["continue from spawn"].append(seen - menu.started)
        menu.quiet(0.3)
        menu.close()
    saves = sorted(Path(tmp).rglob("*.jsonl"), key=lambda p: p.stat().st_mtime)
    size = saves[-1].stat().st_size if saves else 0
    print(f"  (the game continued: {saves[-1].name if saves else '-'}, {size:,} bytes)")
    return out


def _fmt(xs: list[float]) -> str:
    ms = sorted(x * 1000 for x in xs)
    return (f"median {statistics.median(ms):.1f} ms, min {ms[0]:.1f} ms, "
            f"max {ms[-1]:.1f} ms (n={len(ms)})")


def main() -> None:
    print(f"load average now: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
          "(wall times grow with it; CPU times much less)")
    start, cpu = headless_startup()
    print(f"headless start-up to first drawn table: {_fmt(start)}  [goal < 1000 ms]")
    print(f"  of which CPU time in the process: {_fmt(cpu)}")
    redraw = asyncio.run(_redraw(40))
    print(f"headless keypress handler + full redraw: {_fmt(redraw)}  [goal < 50 ms]")
    if HANCHAN.exists():
        pty = pty_figures()
        print(f"pty start-up (hanchan play, warm) to first table: {_fmt(pty['startup'])}"
              "  [goal < 1000 ms]")
        print(f"pty keypress to first byte of the redraw: {_fmt(pty['key first byte'])}")
        print(f"pty keypress to complete redraw: {_fmt(pty['key redraw'])}  [goal < 50 ms]")
        print(f"pty continue a saved game, menu key to table: {_fmt(pty['continue'])}")
        print(f"pty continue, spawning hanchan to the table: {_fmt(pty['continue from spawn'])}")
    else:
        print("pty end-to-end: skipped (the hanchan script not found)")
    figures = tmux_figures()
    if figures is None:
        print("tmux end-to-end: skipped (tmux or the hanchan script not found)")
    else:
        startup, keys = figures
        print(f"tmux start-up to first drawn table: {startup * 1000:.0f} ms  [goal < 1000 ms]")
        print(f"tmux keypress to redrawn pane: {_fmt(keys)}  [goal < 50 ms]")


if __name__ == "__main__":
    main()
