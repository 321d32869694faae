"""Fuzzing game files and logs: mutate real inputs, run them the way a player does, and
sort each outcome.

An input must end as one of two things:

* **refused**: one plain sentence (no traceback, no line break) that names the line of
  a save (``line N``) or the hand of a log;
* **accepted legal**: a save whose events the engine replays legally (``check_loaded``)
  and that is the original game or a part of it cut at the end -- or another game that
  the engine's own replay kit also reproduces move for move (a swap of two discards of one
  seat that nobody could call is a legal game: no check can tell it from a real one);
  or a log that imports into a save which verifies exactly.

Anything else is counted against us: a **crash** (an exception that is not the refusal),
a **hang** (over :data:`HANG_SECONDS`), or **wrongly accepted** (a save accepted with
events the original game does not have, or an import that writes a game verify refuses).
"""

from __future__ import annotations

import json
import random
import re
import signal
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.events import Event, GameStarted, HandStarted
from engine.game import Game
from saves.codec import SeatInfo
from saves.convert import ConvertError, events_from_recorded
from saves.logs.model import LogFormatError, RecordedGame
from saves.reader import SaveError, loads
from saves.verify import check_loaded
from saves.writer import GameWriter, make_header
from tests.kit.tenhou_replay import drive, same_event

HANG_SECONDS = 10.0
OUTCOMES = ("tried", "refused", "accepted legal", "crash", "hang", "wrongly accepted")
BAD = frozenset({"crash", "hang", "wrongly accepted", "wrong reply"})
"""The outcomes counted against us (``wrong reply``: tests.kit.mjai_fuzz's)."""


class Hang(Exception):
    """An input took longer than :data:`HANG_SECONDS`."""


@dataclass
class Tally:
    """Counts per outcome, and the first few bad inputs with what went wrong."""

    counts: Counter[str] = field(default_factory=Counter)
    bad: list[str] = field(default_factory=list)

    def add(self, outcome: str, what: str = "") -> None:
        self.counts["tried"] += 1
        kind, _, note = outcome.partition(":")
        self.counts[kind] += 1
        if "another legal game" in note:
            self.counts["another legal game"] += 1
        outcome = kind
        if outcome in BAD and len(self.bad) < 10:
            self.bad.append(f"{outcome}: {what}")

    def line(self, name: str, outcomes: Sequence[str] = OUTCOMES) -> str:
        text = f"{name}: " + ", ".join(f"{k} {self.counts[k]}" for k in outcomes)
        if outcomes is not OUTCOMES:
            return text
        return text + f" (of the accepted: another legal game {self.counts['another legal game']})"

    def merge(self, other: Tally) -> None:
        self.counts.update(other.counts)
        self.bad.extend(other.bad[:10 - len(self.bad)])


def _alarm(_sig: int, _frame: object) -> None:
    raise Hang()


def timed(fn: Callable[[], str], what: str) -> tuple[str, str]:
    """Run ``fn`` (returning an outcome) under a timer; a crash is any exception."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    start = time.perf_counter()
    try:
        return fn(), what
    except Hang:
        return "hang", what
    except Exception as exc:  # noqa: BLE001 - that is what is being counted
        return "crash", f"{what}: {type(exc).__name__}: {exc}"[:300]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        if time.perf_counter() - start > HANG_SECONDS:
            pass


def _one_sentence(text: str) -> bool:
    return bool(text) and "\n" not in text and "Traceback" not in text and len(text) < 600


_LINE = re.compile(r"line \d+")


# ------------------------------------------------------------------ saves


def save_bytes(events: Sequence[Event], seats: Sequence[SeatInfo] | None = None) -> bytes:
    """A game file for ``events`` as the writer makes it."""
    first = events[0]
    seats = seats or [SeatInfo("You"), SeatInfo("Bot 1", "easy"), SeatInfo("Bot 2", "easy"),
                      SeatInfo("Bot 3", "easy")]
    header = make_header(first.ruleset.to_dict(), seats, first.seed)  # type: ignore[union-attr]
    with tempfile.TemporaryDirectory() as tmp:
        with GameWriter.create(Path(tmp), header, name="g", pointer=False) as w:
            w.extend(list(events))
        return w.path.read_bytes()


def judge_save(data: bytes, original: Sequence[Event]) -> str:
    """The outcome of a (damaged) save, opened as Continue, replay and verify do."""
    try:
        game = loads(data)
    except SaveError as exc:
        return "refused" if _one_sentence(str(exc)) else f"crash: bad message {exc!r}"
    verdict = check_loaded(game)
    if verdict.problem is not None:
        text = str(verdict.problem)
        if not _one_sentence(text) or (verdict.problem.line is None and game.lines):
            return f"crash: bad message {text!r}"
        return "refused"
    if game.problems:  # a damaged line: the events before it are the game's first part
        text = str(game.problems[0])
        if not (_one_sentence(text) and _LINE.search(text)):
            return f"crash: bad message {text!r}"
    events = game.events
    if list(events) == list(original[:len(events)]):
        return "refused" if game.problems else "accepted legal"
    if not game.problems and replays_independently(events):
        return "accepted legal: another legal game"
    return "wrongly accepted"


def replays_independently(events: Sequence[Event]) -> bool:
    """Whether the engine's own replay kit (``tests.kit.tenhou_replay``, written apart from
    ``saves.verify``) reproduces ``events`` on their walls from their choices: the second
    opinion on a damaged save that is another game than the original."""
    first = events[0]
    starts = [e for e in events if isinstance(e, HandStarted)]
    if not isinstance(first, GameStarted) or not starts:
        return False
    g = Game(first.ruleset, first.players, seed=first.seed,
             walls=[(h.wall, h.dice) for h in starts])
    try:
        drive(g, list(events))
    except AssertionError:
        return False
    return len(g.events) >= len(events) and all(
        same_event(g.events[j], events[j]) for j in range(len(events)))


def _mutate_value(obj: object, rng: random.Random) -> object:
    """One value changed somewhere in a decoded line."""
    paths: list[tuple[object, object]] = []

    def walk(o: object) -> None:
        if isinstance(o, dict):
            for k in o:
                paths.append((o, k))
                walk(o[k])
        elif isinstance(o, list):
            for i in range(len(o)):
                paths.append((o, i))
                walk(o[i])

    walk(obj)
    if not paths:
        return obj
    holder, key = rng.choice(paths)
    value = holder[key]  # type: ignore[index]
    if isinstance(value, bool):
        new: object = not value
    elif isinstance(value, int):
        new = rng.choice([value + 1, value - 1, value + 4, -1, 0, 135, 136, 10**12,
                          value * 2, rng.randrange(136)])
    elif isinstance(value, float):
        new = rng.choice([value + 0.1, -value, 1e300, 0.0])
    elif isinstance(value, str):
        new = rng.choice(["", value + "x", "Drew", "Won", "chombo", value[::-1]])
    elif isinstance(value, list):
        new = value[:-1] if value and rng.random() < 0.5 else value + value[:1]
    elif value is None:
        new = rng.choice([0, 1, 3, "x"])
    else:
        new = None
    holder[key] = new  # type: ignore[index]
    return obj


SAVE_MUTATIONS = ("delete", "duplicate", "swap_next", "swap_any", "value", "value",
                  "value", "truncate", "insert_other", "garbage", "blank", "move")


def mutate_save(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    """One random damage to a save: the new bytes and what was done."""
    lines = data.rstrip(b"\n").split(b"\n")
    kind = rng.choice(SAVE_MUTATIONS)
    i = rng.randrange(1, len(lines)) if len(lines) > 1 else 0
    j = rng.randrange(1, len(lines)) if len(lines) > 1 else 0
    if kind == "delete":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(i, lines[i])
    elif kind == "swap_next" and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif kind == "swap_any":
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "value":
        i = rng.randrange(len(lines))
        obj = json.loads(lines[i])
        lines[i] = json.dumps(_mutate_value(obj, rng), separators=(",", ":")).encode()
    elif kind == "truncate":
        cut = rng.randrange(len(data))
        return data[:cut], f"truncate at byte {cut}"
    elif kind == "insert_other":
        lines.insert(i, lines[j])
    elif kind == "garbage":
        lines[i] = rng.choice([b"{", b"[]", b"null", b'{"type":"Drew"}', b"\xff\xfe",
                               b"[" * 5000, b'{"type":"NotenDeclared","seat":0}'])
    elif kind == "blank":
        lines.insert(i, b"")
    elif kind == "move":
        line = lines.pop(i)
        lines.insert(j, line)
    return b"\n".join(lines) + b"\n", f"{kind} line {i + 1} (other {j + 1})"


# ------------------------------------------------------------------ logs


def judge_log(text: str, parse: Callable[[str], RecordedGame]) -> str:
    """The outcome of a (damaged) log, imported and then verified as a save."""
    try:
        recorded = parse(text)
        events = events_from_recorded(recorded)
    except (LogFormatError, ConvertError) as exc:
        return "refused" if _one_sentence(str(exc)) else f"crash: bad message {exc!r}"
    data = save_bytes(events, [SeatInfo(n) for n in recorded.names])
    game = loads(data)
    verdict = check_loaded(game)
    if game.problems or verdict.problem is not None:
        return "wrongly accepted"
    return "accepted legal"


def mutate_json_log(text: str, rng: random.Random) -> tuple[str, str]:
    """One random damage to a tenhou.net/6 log (a value, an element dropped or doubled)."""
    obj = json.loads(text)
    log = obj.get("log") or []
    kind = rng.choice(("value", "value", "drop", "double", "swap"))
    if log and kind != "value":
        k = rng.randrange(len(log))
        hand = log[k]
        col = rng.randrange(len(hand))
        seq = hand[col]
        if isinstance(seq, list) and seq:
            a = rng.randrange(len(seq))
            if kind == "drop":
                del seq[a]
            elif kind == "double":
                seq.insert(a, seq[a])
            else:
                b = rng.randrange(len(seq))
                seq[a], seq[b] = seq[b], seq[a]
            return json.dumps(obj, ensure_ascii=False), f"{kind} log[{k}][{col}][{a}]"
    _mutate_value(obj, rng)
    return json.dumps(obj, ensure_ascii=False), "value"


def mutate_lines(text: str, rng: random.Random) -> tuple[str, str]:
    """One random damage to a line-based log (mjai): a line dropped, doubled, swapped or a
    value changed."""
    lines = text.rstrip("\n").split("\n")
    i = rng.randrange(len(lines))
    kind = rng.choice(("drop", "double", "swap", "value", "value"))
    if kind == "drop":
        del lines[i]
    elif kind == "double":
        lines.insert(i, lines[i])
    elif kind == "swap" and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    else:
        lines[i] = json.dumps(_mutate_value(json.loads(lines[i]), rng), ensure_ascii=False)
    return "\n".join(lines) + "\n", f"{kind} line {i + 1}"


_ATTR = re.compile(r'(\w+)="([^"]*)"')


def mutate_xml(text: str, rng: random.Random) -> tuple[str, str]:
    """One random damage to an mjlog: an attribute value changed, a tag dropped or doubled."""
    tags = [m for m in re.finditer(r"<[^<>]+/>", text)]
    if not tags:
        return text[: len(text) // 2], "cut"
    m = rng.choice(tags)
    kind = rng.choice(("attr", "attr", "drop", "double"))
    tag = m.group(0)
    if kind == "drop":
        new = ""
    elif kind == "double":
        new = tag + tag
    else:
        attrs = list(_ATTR.finditer(tag))
        if not attrs:
            new = tag[:1] + "X" + tag[1:]
        else:
            a = rng.choice(attrs)
            values = a.group(2).split(",")
            v = rng.randrange(len(values))
            values[v] = rng.choice(["-1", "0", "135", "136", "999999999999", "x", "",
                                    str(rng.randrange(136))])
            new = tag[:a.start(2)] + ",".join(values) + tag[a.end(2):]
    return text[:m.start()] + new + text[m.end():], f"{kind} {tag[:40]}"
