"""Fuzzing the mjai seat: random hostile bots, each in a game of its own.

A bot (wire style, or classic for a third of the seeds) plays plainly (discards what it
draws) until a random request, then writes a random payload (deep nesting, long numbers,
random bytes, wrong types, copies of a reply, floods, stderr, an exit, a sleep...) and
goes on in a random way.  Each game is sorted:

* **refused**: the seat was given up in one sentence, and nothing more came from the bot;
* **accepted**: the bot played on; every note on it is one line;
* **crash** (an exception out of the game), **hang** (over :data:`HANG_SECONDS`),
  **wrongly accepted** (a payload over a bound the generator itself knows of -- deeper
  than 32, a number longer than 40 digits, a line over 64 KiB, a line nobody asked for --
  and the bot still playing), **processes left** (any process of the bot's group alive
  after the game).  These must stay at 0.

``MJAI_FUZZ_ROUNDS=200 pytest -s -m slow tests/ai/test_mjai_fuzz.py`` prints the counts
(docs/reliability.md).
"""

from __future__ import annotations

import json
import os
import random
import shlex
import sys
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hanchan.ai.arena import play_game
from hanchan.ai.base import make_bot
from hanchan.ai.mjai.options import Style
from hanchan.ai.mjai.seat import MjaiSeat
from hanchan.engine.events import Event, GameEnded, Note
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.verify import verify_events
from tests.ai.test_mjai_hostile import PRELUDE, left_over

ROUNDS = int(os.environ.get("MJAI_FUZZ_ROUNDS", "24"))
HANG_SECONDS = 30.0
OUTCOMES = ("tried", "refused", "accepted", "crash", "hang", "wrongly accepted",
            "processes left")

FUZZ_BOT = PRELUDE + '''
spec = json.load(open(sys.argv[2]))
payload = open(sys.argv[3], "rb").read()
out = sys.stderr.buffer if spec["stream"] == "stderr" else sys.stdout.buffer
if spec["fork"] and os.fork() == 0:
    say_pid()
    time.sleep(3600)
    os._exit(0)
n = 0
for line in sys.stdin:
    n += 1
    reply = (json.dumps(plain(line)) + "\\n").encode()
    if n == spec["at"] or (n > spec["at"] and spec["then"] == "repeat"):
        out.write(payload)
        out.flush()
        if spec["stream"] == "stdout":
            reply = b""  # the payload is the answer
    if n >= spec["at"]:
        if spec["then"] == "stop":
            time.sleep(3600)
        elif spec["then"] == "exit":
            os._exit(7)
        elif spec["then"] == "flood":
            while True:
                out.write(payload or b"x")
                out.flush()
        elif spec["then"] == "close":
            sys.stdout.close()
            time.sleep(3600)
    sys.stdout.buffer.write(reply)
    sys.stdout.flush()
'''

ODD = [None, 5, -1, 2**63, 1.5e308, "5m", "?", "", "x" * 3000, [], {}, [["1m"]], True,
       "5mr", "0m", "\u0000", "\ud800", {"type": "dahai"}]


@dataclass
class Case:
    """One hostile bot: what it writes, when, and what it does after."""

    payload: bytes
    what: str
    at: int
    then: str  # plain, repeat, stop, exit, flood, close
    stream: str  # stdout, stderr
    fork: bool
    must_refuse: bool  # a bound the seat must not let pass


def _nested(rng: random.Random) -> tuple[bytes, str, bool]:
    n = rng.choice([2, 10, 32, 33, 100, 1000, 30_000, 100_000])
    opening = rng.choice([b"[", b'{"a":'])
    closing = b"]" if opening == b"[" else b"}"
    return opening * n + b"1" + closing * n + b"\n", f"nested {n}", n > 32


def _number(rng: random.Random) -> tuple[bytes, str, bool]:
    digits = rng.choice([1, 20, 40, 41, 300, 4300, 5000, 60_000])
    sign = rng.choice(["", "-"])
    number = sign + "9" * digits + rng.choice(["", ".5", "e5", "e999999"])
    key = rng.choice(["pai", "actor", "tsumogiri", "consumed"])
    text = f'{{"type":"dahai","actor":2,"{key}":{number}}}\n'
    is_int = number.lstrip("-").isdigit()
    return text.encode(), f"number of {digits} digits in {key}", is_int and digits > 40


def _bytes(rng: random.Random) -> tuple[bytes, str, bool]:
    size = rng.choice([0, 1, 100, 65_000, 70_000, 300_000])
    raw = bytes(rng.randrange(256) for _ in range(min(size, 4096)))
    raw = (raw * (size // max(1, len(raw)) + 1))[:size]
    ending = rng.choice([b"\n", b"", b"\r\n"])
    lines = (raw + ending).split(b"\n")
    too_long = any(len(x) > 64 * 1024 for x in lines)
    extra = (raw + ending).count(b"\n") > 1
    return raw + ending, f"{size} random bytes", too_long or extra


def _types(rng: random.Random) -> tuple[bytes, str, bool]:
    reply: dict[str, Any] = {"type": rng.choice(["dahai", "pon", "chi", "hora", "reach",
                                                 "ankan", "kakan", "none", "ryukyoku",
                                                 "daiminkan", 5, None, "x" * 100])}
    for key in rng.sample(["pai", "actor", "consumed", "tsumogiri", "target"],
                          rng.randrange(6)):
        reply[key] = rng.choice(ODD)
    text = json.dumps(reply) if rng.random() < 0.8 else json.dumps([reply])
    if rng.random() < 0.1:
        text = "\ufeff" + text
    return (text + "\n").encode(), f"reply {text[:60]}", False


def _copies(rng: random.Random) -> tuple[bytes, str, bool]:
    k = rng.choice([2, 3, 16, 17, 1000])
    return b'{"type":"none"}\n' * k, f"{k} copies of a reply", True


def _stderr(rng: random.Random) -> tuple[bytes, str, bool]:
    size = rng.choice([10, 10_000, 1_000_000])
    ending = rng.choice([b"\n", b""])
    return b"e" * size + ending, f"{size} bytes on stderr", False


GENERATORS: list[Callable[[random.Random], tuple[bytes, str, bool]]] = [
    _nested, _number, _bytes, _types, _copies, _stderr]


def make_case(seed: int) -> Case:
    rng = random.Random(seed)
    gen = rng.choice(GENERATORS)
    payload, what, bound = gen(rng)
    stream = "stderr" if gen is _stderr else "stdout"
    then = rng.choice(["plain", "plain", "repeat", "stop", "exit", "flood", "close"])
    fork = rng.random() < 0.2
    must = bound and stream == "stdout" and then in ("plain", "repeat")
    return Case(payload, f"{gen.__name__[1:]}: {what}, then {then}", rng.randrange(1, 6),
                then, stream, fork, must)


def _judge(events: list[Event], seat: MjaiSeat, case: Case) -> str:
    notes = [e.text for e in events if isinstance(e, Note) and e.seat == 2]
    if not isinstance(events[-1], GameEnded) or verify_events(events) != []:
        return "crash"
    if any("\n" in n or len(n) > 400 for n in notes):
        return "wrongly accepted"
    gave_up = [i for i, n in enumerate(notes) if n.endswith("plays on as the strong bot.")]
    if gave_up:
        return "refused" if gave_up == [len(notes) - 1] else "wrongly accepted"
    return "wrongly accepted" if case.must_refuse else "accepted"


def run_case(folder: Path, seed: int) -> tuple[str, str, bool]:
    """(outcome, what, processes left) of one fuzz case."""
    case = make_case(seed)
    spec, payload, pids = folder / f"{seed}.json", folder / f"{seed}.bin", folder / f"{seed}.pids"
    spec.write_text(json.dumps({"at": case.at, "then": case.then, "stream": case.stream,
                                "fork": case.fork}))
    payload.write_bytes(case.payload)
    script = folder / "fuzz_bot.py"
    if not script.exists():
        script.write_text(FUZZ_BOT)
    cmd = " ".join(shlex.quote(str(x)) for x in (sys.executable, script, pids, spec, payload))
    style: Style = "classic" if seed % 3 == 2 else "wire"
    seat = MjaiSeat(cmd, 2, fallback=make_bot("strong", 2), timeout=0.3, name="fuzz",
                    style=style)
    bots = [make_bot("greedy", 0), make_bot("greedy", 1), seat, make_bot("greedy", 3)]
    out: list[Any] = []

    def play() -> None:
        try:
            out.append(play_game(Ruleset().replace(length="east"), bots, seed))
        except Exception as exc:  # noqa: BLE001 - that is what is being counted
            out.append(exc)

    worker = threading.Thread(target=play, daemon=True)
    worker.start()
    worker.join(HANG_SECONDS)
    if not out:
        outcome = "hang"
        seat.close()
    elif isinstance(out[0], Exception):
        outcome = "crash"
        case.what += f": {type(out[0]).__name__}: {out[0]}"[:200]
    else:
        outcome = _judge(out[0], seat, case)
    left = bool(pids.exists() and left_over(pids))
    return outcome, case.what, left


def tally(folder: Path, seeds: range) -> tuple[Counter[str], list[str]]:
    counts: Counter[str] = Counter()
    bad: list[str] = []
    for seed in seeds:
        outcome, what, left = run_case(folder, seed)
        counts["tried"] += 1
        counts[outcome] += 1
        counts["processes left"] += left
        if outcome in ("crash", "hang", "wrongly accepted") or left:
            bad.append(f"{seed} {outcome}{' (processes left)' if left else ''}: {what}")
    print("mjai seats: " + ", ".join(f"{k} {counts[k]}" for k in OUTCOMES))
    return counts, bad


@pytest.mark.slow
def test_hostile_bots_are_refused_or_played_with(tmp_path: Path) -> None:
    counts, bad = tally(tmp_path, range(ROUNDS))
    assert bad == []
    assert counts["tried"] == counts["refused"] + counts["accepted"]
