"""Outside mjai bots that attack the seat (issue 35): each game still ends, is saved, the
seat plays on as ``strong`` with one sentence, our memory stays bounded and no process of
the bot is left.

Each bot is a small Python script written here: it plays plainly (discards what it draws)
for two requests, then misbehaves.  It writes its pid and process group, and those of any
child it forks, to a file, so that the test can look for what is left after the game.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import resource
import shlex
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from hanchan.ai.arena import play_game, run
from hanchan.ai.base import MjaiOptions, make_bot
from hanchan.ai.mjai.seat import MjaiSeat
from hanchan.cli.bot_options import mjai_options
from hanchan.cli.inputs import UserError
from hanchan.engine.actions import Action
from hanchan.engine.events import Event, GameEnded, Note
from hanchan.engine.view import PlayerView
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.reader import load
from hanchan.saves.verify import verify_events
from hanchan.tui.session import NewGame, PlaySession

PRELUDE = '''
import json, os, sys, time
PIDS = open(sys.argv[1], "a")
def say_pid():
    PIDS.write(f"{os.getpid()} {os.getpgid(0)}\\n")
    PIDS.flush()
say_pid()
me = 0
def plain(line):
    global me
    data = json.loads(line)
    events = data if isinstance(data, list) else [data]
    for ev in events:
        if ev.get("type") == "start_game":
            me = ev["id"]
    last = events[-1] if events else {}
    if last.get("type") == "tsumo" and last.get("actor") == me:
        return {"type": "dahai", "actor": me, "pai": last["pai"], "tsumogiri": True}
    return {"type": "none"}
'''

LOOP = '''
n = 0
for line in sys.stdin:
    n += 1
    reply = json.dumps(plain(line))
    if n >= 3:
{body}
    sys.stdout.write(reply + "\\n")
    sys.stdout.flush()
'''

BODIES = {
    "deep": 'sys.stdout.write("[" * 30000 + "]" * 30000 + "\\n"); sys.stdout.flush(); continue',
    "deep_100k": 'sys.stdout.write("[" * 100000 + "]" * 100000 + "\\n"); sys.stdout.flush(); '
                 'continue',
    "huge_number": 'sys.stdout.write(\'{"type":"dahai","actor":2,"pai":\' + "9" * 5000 + '
                   '"}\\n"); sys.stdout.flush(); continue',
    "flood_stdout": 'while True: sys.stdout.write(reply + "\\n")',
    "flood_stderr": 'while True: sys.stderr.write("x" * 65536); sys.stderr.flush()',
    "no_newline": 'while True: sys.stdout.write("x" * 65536); sys.stdout.flush()',
    "extra_reply": 'sys.stdout.write(reply + "\\n")',
    "hang": "time.sleep(3600)",
}

WHY = {
    "deep": "wrote a line nested more than 32 levels deep",
    "deep_100k": "wrote a line longer than 64 KiB",
    "huge_number": "wrote a number of more than 40 digits",
    "flood_stdout": "wrote more than 16 lines it was not asked for",
    "flood_stderr": "wrote more than 16 MiB on its error output",
    "no_newline": "wrote a line longer than 64 KiB",
    "extra_reply": "wrote a line it was not asked for, so its replies could no longer be "
                   "matched to the requests",
    "hang": "did not answer 3 requests in a row within 0.3 s",
}

FORK = '''
if os.fork() == 0:
    say_pid()
    time.sleep(3600)
    os._exit(0)
'''

RULES = Ruleset().replace(length="east")
PAGE = 4096


def write_bot(folder: Path, name: str, body: str, *, fork: bool = False) -> Path:
    """A hostile bot script: the plain prelude, then ``body`` from its third request."""
    script = folder / f"{name}.py"
    indented = "\n".join("        " + line for line in body.splitlines())
    script.write_text(PRELUDE + (FORK if fork else "") + LOOP.format(body=indented))
    return script


def command(script: Path, pids: Path, *, shell: bool = False) -> str:
    argv = [sys.executable, str(script), str(pids)]
    line = " ".join(shlex.quote(x) for x in argv)
    if shell:  # a shell that forks the bot (": " after it: no exec of the last command)
        return "sh -c " + shlex.quote(line + "; :")
    return line


def left_over(pids: Path) -> list[int]:
    """Processes still running (not zombies) of the bot: its own, its children's, and
    any in its process groups."""
    rows = [tuple(int(x) for x in r.split()) for r in pids.read_text().splitlines()]
    groups = {g for _, g in rows}
    assert all(g != os.getpgid(0) for g in groups)  # the bot was not in our group
    alive: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, _ppid, pgrp = stat.rsplit(")", 1)[1].split()[:3]
        pid = int(entry.name)
        if state != "Z" and (int(pgrp) in groups or pid in {p for p, _ in rows}):
            alive.append(pid)
    return alive


def _kill_strays(pids: Path) -> None:
    """Cleanup when a test fails on old code: end the bot's leftovers (only ours)."""
    if not pids.exists():
        return
    for line in pids.read_text().splitlines():
        pid = int(line.split()[0])
        try:
            if str(pids.parent) in Path(f"/proc/{pid}/cmdline").read_text():
                os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def finishes(work: Callable[[], Any], seconds: float = 60.0) -> Any:
    """``work()``'s result; fails (instead of hanging the suite) if it takes too long."""
    out: list[Any] = []
    worker = threading.Thread(target=lambda: out.append(work()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert out, "the game did not end"
    return out[0]


def peak_rss() -> int:
    """This process's peak resident memory so far, in bytes (Linux: ru_maxrss in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def simulated(tmp_path: Path, cmd: str, timeout: float) -> list[Event]:
    """One East game with the bot in seat W, as ``simulate --save-dir``; the saved events."""
    saves = tmp_path / "games"
    finishes(lambda: run(RULES, ["greedy", "greedy", "mjai:" + cmd, "greedy"], 1, seed=3,
                         save_dir=str(saves), mjai=MjaiOptions(timeout=timeout)))
    (path,) = saves.glob("sim-*.jsonl")
    events = load(path).events
    assert isinstance(events[-1], GameEnded)  # the game is never lost
    assert verify_events(events) == []  # and its save stays verifiable
    return list(events)


def seat_notes(events: Sequence[Event]) -> list[str]:
    return [e.text for e in events if isinstance(e, Note) and e.seat == 2]


@pytest.mark.parametrize("kind", sorted(BODIES))
def test_a_hostile_bot_is_replaced_by_strong(tmp_path: Path, kind: str) -> None:
    pids = tmp_path / "pids"
    script = write_bot(tmp_path, kind, BODIES[kind])
    before = peak_rss()
    try:  # (a short timeout only where waiting is the point: a slow start is not late)
        events = simulated(tmp_path, command(script, pids), timeout=0.3 if kind == "hang"
                           else 3.0)
        grown = peak_rss() - before
        notes = seat_notes(events)
        gave_up = [n for n in notes if n.endswith("the seat plays on as the strong bot.")]
        assert gave_up == [f"The mjai bot {script.name} in seat W {WHY[kind]}; "
                           "the seat plays on as the strong bot."]
        assert notes[-1] == gave_up[0]  # nothing from the bot after it
        assert grown < 100 * 2**20  # our memory: a few buffers, not the bot's flood
        assert left_over(pids) == []
    finally:
        _kill_strays(pids)


def test_a_bot_that_forks_leaves_no_process(tmp_path: Path) -> None:
    """A bot that plays well but forks a child that sleeps: the child ends with the game."""
    pids = tmp_path / "pids"
    script = write_bot(tmp_path, "forker", "pass", fork=True)
    try:
        events = simulated(tmp_path, command(script, pids), timeout=5.0)
        assert seat_notes(events) == []
        assert len(pids.read_text().splitlines()) == 2  # the bot and its child
        assert left_over(pids) == []
    finally:
        _kill_strays(pids)


def test_a_hung_bot_started_through_a_shell_leaves_no_process(tmp_path: Path) -> None:
    """The shell's program is in the bot's process group, and ends with it."""
    pids = tmp_path / "pids"
    script = write_bot(tmp_path, "hang", BODIES["hang"])
    try:
        events = simulated(tmp_path, command(script, pids, shell=True), timeout=0.3)
        assert seat_notes(events)[-1] == (
            f"The mjai bot {script.name} in seat W {WHY['hang']}; "
            "the seat plays on as the strong bot.")
        assert left_over(pids) == []
    finally:
        _kill_strays(pids)


class _LateAsker:
    """Seat W: the mjai seat sees every event, but is first asked once it has been told
    more than its pipe holds (as on Continue, when it is told the game so far in one
    line); ``greedy`` plays until then."""

    def __init__(self, seat: MjaiSeat) -> None:
        self.seat = seat
        self.greedy = make_bot("greedy", 2)
        self.asked = False

    def see(self, event: Event) -> None:
        self.seat.see(event)

    def take_notes(self) -> list[str]:
        return self.seat.take_notes()

    def close(self) -> None:
        self.seat.close()

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if self.asked or len(json.dumps(self.seat.outbox)) > 3 * PAGE:
            self.asked = True
            return self.seat.choose(view, legal)
        return self.greedy.choose(view, legal)


def test_a_bot_that_stops_reading_cannot_block_the_game(tmp_path: Path) -> None:
    """A bot that reads nothing: the write of a long request gives up after the timeout.
    Its pipe is shrunk to a page, so that a few hands fill it (a pipe holds 64 KiB: the
    history of a long game told on Continue)."""
    pids = tmp_path / "pids"
    script = tmp_path / "deaf.py"
    script.write_text(PRELUDE + "time.sleep(3600)\n")
    seat = MjaiSeat(command(script, pids), 2, fallback=make_bot("strong", 2), timeout=0.3,
                    name="deaf")
    assert seat._proc is not None and seat._proc.stdin is not None
    fcntl.fcntl(seat._proc.stdin.fileno(), fcntl.F_SETPIPE_SZ, PAGE)
    asker = _LateAsker(seat)
    bots = [make_bot("greedy", 0), make_bot("greedy", 1), asker, make_bot("greedy", 3)]
    try:
        events = finishes(lambda: play_game(Ruleset(), bots, 3))
        assert isinstance(events[-1], GameEnded) and asker.asked
        assert seat_notes(events) == ["The mjai bot deaf in seat W did not read its input "
                                      "for 0.3 s; the seat plays on as the strong bot."]
        assert left_over(pids) == []
    finally:
        _kill_strays(pids)


def test_the_app_session_plays_on_past_a_hostile_reply(tmp_path: Path) -> None:
    """``hanchan play``: a reply nested deep no longer stops the bots for good; the game is
    played to its end and saved with the one sentence."""
    pids = tmp_path / "pids"
    script = write_bot(tmp_path, "deep", BODIES["deep"])
    spec = NewGame(RULES, 7, "greedy", 0, tmp_path, mjai=((2, command(script, pids)),))
    session = PlaySession.new(spec)
    session.open_save()
    player = make_bot("strong", 99)

    def play() -> None:
        while not session.over:
            session.run_bots()
            legal = session.legal()
            if legal:
                assert session.act(session.human, player.choose(session.view(), legal)) is None

    try:
        finishes(play)
    finally:
        session.close()
        _kill_strays(pids)
    assert session.save_path is not None
    events = load(session.save_path).events
    assert isinstance(events[-1], GameEnded) and verify_events(events) == []
    assert seat_notes(events) == [f"The mjai bot {script.name} in seat W {WHY['deep']}; "
                                  "the seat plays on as the strong bot."]
    assert left_over(pids) == []


def test_simulate_says_one_sentence_and_saves_the_game(tmp_path: Path) -> None:
    """``hanchan simulate`` with a bot whose reply is a 5,000-digit number: status 0, the
    sentence on stderr, no traceback, the game saved."""
    pids = tmp_path / "pids"
    script = write_bot(tmp_path, "huge", BODIES["huge_number"])
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "hanchan.cli", "simulate", "--games", "1", "--rules", "tenhou",
             "--bots", f"greedy,greedy,mjai:{command(script, pids)},greedy", "--save-dir",
             str(tmp_path / "games"), "--mjai-timeout", "5", "--seed", "3"],
            capture_output=True, text=True, timeout=300)
    finally:
        _kill_strays(pids)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert f"The mjai bot {script.name} in seat W {WHY['huge_number']}" in proc.stderr
    (path,) = (tmp_path / "games").glob("sim-*.jsonl")
    assert isinstance(load(path).events[-1], GameEnded)


@pytest.mark.parametrize("value", [float("inf"), float("nan"), -1.0, 0.0, 3601.0])
def test_a_bad_mjai_timeout_is_one_sentence(value: float) -> None:
    with pytest.raises(UserError) as caught:
        mjai_options(argparse.Namespace(mjai_style="wire", mjai_timeout=value))
    assert str(caught.value) == ("--mjai-timeout must be a number of seconds above 0 and at "
                                 f"most 3600, not {value:g}")


def test_simulate_refuses_an_infinite_timeout_in_one_sentence() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "hanchan.cli", "simulate", "--games", "1", "--bots", "greedy",
         "--mjai-timeout", "inf"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "hanchan: --mjai-timeout must be a number of seconds above 0 and at most 3600, not inf"]


def test_the_seat_refuses_a_timeout_it_could_not_keep() -> None:
    for bad in (float("inf"), float("nan"), 0.0):
        with pytest.raises(ValueError, match="above 0 and at most 3600"):
            MjaiSeat("true", 0, fallback=make_bot("strong"), timeout=bad)


def test_the_bots_data_memory_is_limited() -> None:
    """RLIMIT_DATA, not the address space: node's V8 reserves about 1 GB it never uses
    (majiang-ai: VmPeak 1032 MB, VmData 92 MB over a hanchan)."""
    seat = MjaiSeat("sleep 30", 0, fallback=make_bot("strong"), name="sleep")
    try:
        assert seat._proc is not None
        limits = Path(f"/proc/{seat._proc.pid}/limits").read_text().splitlines()
        (data,) = [row for row in limits if row.startswith("Max data size")]
        assert data.split()[3:5] == [str(4 * 2**30)] * 2
    finally:
        seat.close()


def test_the_bots_end_when_hanchan_exits_without_closing_them(tmp_path: Path) -> None:
    """A program that exits with a seat still open (an error, Ctrl+C in simulate's pool)
    leaves none of the bot's processes: they are ended at exit."""
    pids = tmp_path / "pids"
    script = write_bot(tmp_path, "hang", BODIES["hang"], fork=True)
    code = ("import sys, time, pathlib; from hanchan.ai.base import make_bot; "
            "from hanchan.ai.mjai.seat import MjaiSeat; p = pathlib.Path(sys.argv[2]); "
            "s = MjaiSeat(sys.argv[1], 0, fallback=make_bot('strong'))\n"
            "while not p.exists() or len(p.read_text().splitlines()) < 2: time.sleep(0.05)")
    root = Path(__file__).resolve().parents[2]
    try:
        subprocess.run([sys.executable, "-c", code, command(script, pids), str(pids)],
                       check=True, timeout=120, env={**os.environ, "PYTHONPATH": str(root)})
        assert len(pids.read_text().splitlines()) == 2  # the bot and its child
        assert left_over(pids) == []
    finally:
        _kill_strays(pids)


def test_a_bot_that_takes_all_memory_is_stopped_by_its_limit(tmp_path: Path) -> None:
    """A bot that asks for 5 GiB gets nothing (its limit is checked before it is asked
    anything, so that an unlimited bot never tries) and its seat goes to strong."""
    pids = tmp_path / "pids"
    script = write_bot(tmp_path, "hog", "x = bytearray(5 * 2**30)")
    seat = MjaiSeat(command(script, pids), 2, fallback=make_bot("strong", 2), timeout=3.0,
                    name="hog")
    try:
        assert seat._proc is not None
        limits = Path(f"/proc/{seat._proc.pid}/limits").read_text()
        if f"Max data size             {4 * 2**30}" not in limits:
            seat.close()
            pytest.fail("the bot's data memory is not limited")
        bots = [make_bot("greedy", 0), make_bot("greedy", 1), seat, make_bot("greedy", 3)]
        events = finishes(lambda: play_game(RULES, bots, 3))
        assert isinstance(events[-1], GameEnded) and verify_events(events) == []
        assert seat_notes(events) == ["The mjai bot hog in seat W exited with status 1 "
                                      "(it said: MemoryError); the seat plays on as the "
                                      "strong bot."]
        assert left_over(pids) == []
    finally:
        _kill_strays(pids)
