"""Start-up of the ``hanchan`` command as a user meets it: a fresh process per run.

    .venv/bin/python -m benchmarks.bench_startup [--runs N] [--imports] [--only TEXT]

Goals (issue 25): ``hanchan score`` of one hand under 150 ms for the whole process;
``hanchan play`` to the first drawn table under 0.5 s (``bench_tui``'s headless child,
which imports the app, starts a game against the default bots and draws it).  Each
figure is the minimum of N runs, wall and CPU (the child's user+system time from
``wait4``), printed with the load average: on a shared machine the wall time grows
with the load, the minimum and the CPU time much less.  ``play`` is timed twice: to
the end of its process (the app closed), and to the moment the table is drawn (wall
from the spawn, CPU of the process then).  ``python -c pass`` is the
floor every command pays.  ``--imports`` adds the modules with the largest import
time (the minimum over the runs of ``-X importtime``'s self time) of ``score``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.bench_tui import CHILD

REPO = Path(__file__).resolve().parents[1]
PY = sys.executable
SCORE = ["-m", "hanchan.cli", "score", "123m456p789s1122z", "--win", "2z", "--ron", "--seat", "S"]
COMMANDS: dict[str, list[str]] = {
    "python -c pass (the floor)": ["-c", "pass"],
    "hanchan score (one hand)": SCORE,
    "hanchan score --json": [*SCORE, "--json"],
    "hanchan rules show tenhou": ["-m", "hanchan.cli", "rules", "show", "tenhou"],
    "hanchan play, to the first table": ["-c", CHILD.replace('"greedy"', '"normal"')],
}


def _env() -> dict[str, str]:
    """The environment of a normal install: byte-code caching on (some sandboxes turn it off)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run_once(args: Sequence[str]) -> tuple[float, float, float | None, float | None]:
    """(wall, CPU) seconds of one fresh ``python ARGS`` process, run to its end; then
    (wall, CPU) when it printed ``READY cpu-seconds`` (the first table), else Nones."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([PY, *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            cwd=REPO, env=_env(), text=True)
    assert proc.stdout is not None
    ready: tuple[float, float] | None = None
    for line in proc.stdout:
        if ready is None and line.startswith("READY"):
            ready = time.perf_counter() - t0, float(line.split()[1])
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"python {' '.join(args[:4])} ... failed with status {proc.returncode}")
    return (wall, usage.ru_utime + usage.ru_stime, *(ready or (None, None)))


def import_times(args: Sequence[str], runs: int) -> dict[str, int]:
    """Each module's smallest self import time over ``runs`` runs, in microseconds."""
    best: dict[str, int] = {}
    for _ in range(runs):
        err = subprocess.run([PY, "-X", "importtime", *args], capture_output=True, text=True,
                             cwd=REPO, env=_env()).stderr
        for line in err.splitlines():
            parts = line.removeprefix("import time:").split("|")
            if len(parts) != 3 or not parts[0].strip().isdigit():
                continue
            name, us = parts[2].strip(), int(parts[0])
            best[name] = min(best.get(name, us), us)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--imports", action="store_true")
    parser.add_argument("--only", default="", help="only the commands whose label has this")
    opts = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; "
          f"min of {opts.runs} runs")
    run_once(SCORE)  # fill the byte-code cache
    for label, args in COMMANDS.items():
        if opts.only not in label:
            continue
        figures = [run_once(args) for _ in range(opts.runs)]
        wall = min(f[0] for f in figures)
        cpu = min(f[1] for f in figures)
        print(f"{label:34} wall {wall * 1000:6.0f} ms   CPU {cpu * 1000:6.0f} ms")
        drawn = [(w, c) for _, _, w, c in figures if w is not None and c is not None]
        if drawn:
            w, c = min(w for w, _ in drawn), min(c for _, c in drawn)
            print(f"{'  ... when the table is drawn':34} wall {w * 1000:6.0f} ms   "
                  f"CPU {c * 1000:6.0f} ms")
    if opts.imports:
        best = import_times(SCORE, opts.runs)
        print(f"score: sum of modules' self import time {sum(best.values()) / 1000:.0f} ms; "
              "the largest:")
        for name, us in sorted(best.items(), key=lambda kv: -kv[1])[:20]:
            print(f"  {us / 1000:6.1f} ms  {name}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
