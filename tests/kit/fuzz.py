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

import contextlib
import importlib
import io
import json
import os
import random
import re
import resource
import signal
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

from hanchan.ai.arena import play_game
from hanchan.ai.base import make_bot
from hanchan.cli.files import verify_file
from hanchan.cli.main import main
from hanchan.coach.drills import discard_items
from hanchan.engine.events import Event, GameEnded, GameStarted, HandStarted
from hanchan.engine.game import Game
from hanchan.rulesets.loader import RulesetError, load_ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.convert import ConvertError, events_from_recorded
from hanchan.saves.folder import peek
from hanchan.saves.logs.model import LogFormatError, RecordedGame
from hanchan.saves.reader import SaveError, load, loads
from hanchan.saves.verify import check_loaded
from hanchan.saves.writer import GameWriter, make_header
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


def save_bytes(events: Sequence[Event], seats: Sequence[SeatInfo] | None = None,
               source: str | None = None) -> bytes:
    """A game file for ``events`` as the writer makes it (``source``: an import's)."""
    first = events[0]
    seats = seats or [SeatInfo("You"), SeatInfo("Bot 1", "easy"), SeatInfo("Bot 2", "easy"),
                      SeatInfo("Bot 3", "easy")]
    header = make_header(first.ruleset.to_dict(), seats, first.seed,  # type: ignore[union-attr]
                         source=source)
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
    fmt = parse.__name__.removeprefix("parse_")  # what `hanchan import` writes
    data = save_bytes(events, [SeatInfo(n) for n in recorded.names], source=f"{fmt}:fuzz")
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


# ------------------------------------------------------------------ what reads a save

CONSUMERS: dict[str, tuple[list[str], str]] = {
    "review": (["review", "{path}", "--json"], "hanchan.cli.review.review_game"),
    "drill discards": (["drill", "discards", "{path}", "--count", "2", "--seed", "0"],
                       "hanchan.coach.discard_problems.review_game"),
    "export tenhou6": (["export", "{path}", "--format", "tenhou6", "-o", "{out}"],
                       "hanchan.cli.files.recorded_from_events"),
    "export mjai": (["export", "{path}", "--format", "mjai", "-o", "{out}"],
                    "hanchan.cli.files.recorded_from_events"),
}
"""The commands that read a save (docs/cli.md), each with the function it hands the
game's events to: the spy that sees which game the command worked on."""


@contextlib.contextmanager
def spying(target: str, seen: list[list[Event]]) -> Iterator[None]:
    """``module.function`` (which takes the events first) records each game it is given."""
    module_name, _, name = target.rpartition(".")
    module = importlib.import_module(module_name)
    real = getattr(module, name)

    def spy(events: Sequence[Event], *args: Any, **kwargs: Any) -> Any:
        seen.append(list(events))
        return real(events, *args, **kwargs)

    with mock.patch.object(module, name, spy):
        yield


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """``hanchan ARGV`` in this process, nothing on stdin: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            mock.patch("sys.stdin", io.StringIO("")):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def verified(path: Path) -> tuple[str, list[Event] | None, list[Event]]:
    """What ``hanchan verify`` says of a file: its line, the events when it accepts the
    file (else None), and the events before the line it names (the part to trust)."""
    line, good, _ = verify_file(path)
    try:
        game = load(path)
    except SaveError:
        return line, None, []
    if good:
        return line, list(game.events), list(game.events)
    named = re.search(r"line (\d+)", line[len(str(path)):])
    cut = int(named.group(1)) if named else 0
    return line, None, [e for e, n in zip(game.events, game.lines, strict=True) if n < cut]


def judge_consumer(data: bytes, consumer: str, folder: Path) -> str:
    """The outcome of a (damaged) save given to one command of :data:`CONSUMERS`: a file
    ``verify`` refuses must give status 1 and verify's own sentence (naming the line) as
    the one line on stderr; a file it accepts, status 0 and the command at work on exactly
    the verified game (an export of a refused file: on the part before the line named)."""
    path, out = folder / "g.jsonl", folder / "out.log"
    path.write_bytes(data)
    out.unlink(missing_ok=True)
    line, accepted, good_part = verified(path)
    argv_pattern, target = CONSUMERS[consumer]
    argv = [a.format(path=path, out=out) for a in argv_pattern]
    seen: list[list[Event]] = []
    with spying(target, seen):
        status, _, err = run_cli(argv)
    said = [s for s in err.splitlines() if not s.startswith("note: ")]
    if status not in (0, 1) or "Traceback" in err:
        return f"crash: status {status}, {err[-300:]!r}"
    if accepted is None:
        if status == 0:
            return f"wrongly accepted: status 0 for {line!r}"
        text = said[0] if len(said) == 1 else ""
        if not (_one_sentence(text) and text.startswith("hanchan: ") and line in text):
            return f"crash: bad message {err!r} for {line!r}"
        if seen and (consumer.startswith("review") or consumer.startswith("drill")):
            return f"wrongly accepted: {consumer} read the refused game"
        if seen and seen != [good_part]:
            return f"wrongly accepted: exported {len(seen[0])} events, not the good part"
        return "refused"
    if status != 0:
        return f"crash: status {status} for a game verify accepts: {err!r}"
    if consumer.startswith("drill") and len(accepted) < 2:
        return "accepted legal" if not seen else "wrongly accepted: drill on no game"
    if seen != [accepted]:
        return "wrongly accepted: the command read another game than the verified one"
    return "accepted legal"


def judge_folder(data: bytes, good: bytes, folder: Path) -> str:
    """The outcome of the app's discard drill (``hanchan.coach.drills.discard_items``) over a save
    folder that holds one good game and the (damaged) save: no exception; the damaged file
    left out with verify's sentence exactly when verify refuses it; the good game always
    reviewed; and only verified games reviewed."""
    for old in folder.glob("*.jsonl"):
        old.unlink()
    (folder / "good.jsonl").write_bytes(good)
    path = folder / "g.jsonl"
    path.write_bytes(data)
    line, accepted, _ = verified(path)
    _, good_events, _ = verified(folder / "good.jsonl")
    seen: list[list[Event]] = []
    with spying("hanchan.coach.discard_problems.review_game", seen):
        _, note = discard_items(folder, 100, 0)  # enough problems asked to read every game
    if good_events not in seen:
        return "crash: the good game was not reviewed"
    named = note and "g.jsonl" in note and line[len(str(path)):] in note
    if accepted is None and peek(path).status == "empty":  # a header only: no game to use
        return "refused" if not note and len(seen) == 1 else f"crash: {note!r} for no game"
    if accepted is None:
        if not named or not _one_sentence(note):
            return f"crash: bad note {note!r} for {line!r}"
        return "refused" if len(seen) == 1 else "wrongly accepted: the refused game reviewed"
    if note:
        return f"crash: a note {note!r} for a game verify accepts"
    others = [s for s in seen if s != good_events]
    if len(accepted) >= 2 and others != [accepted] and accepted != good_events:
        return "wrongly accepted: another game than the verified one reviewed"
    return "accepted legal"
# ------------------------------------------------------------------ hostile files


MEMORY_BOUND = 1 << 30
"""Bytes an input may make the process grow by: reading ``/dev/zero`` whole is a
MemoryError (a crash) here, not the machine's memory."""


@contextlib.contextmanager
def memory_bound() -> Iterator[None]:
    """Lower the soft address-space limit to what the process uses plus
    :data:`MEMORY_BOUND` while an input is judged (Linux; elsewhere no bound)."""
    try:
        with open("/proc/self/statm") as fh:
            used = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (OSError, ValueError):
        yield
        return
    limit = used + MEMORY_BOUND
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def judge_import(path: Path, out_dir: Path, fmt: str | None = None) -> str:
    """The outcome of ``hanchan import`` on a file, run as the command line does:
    **refused** (status 1, one sentence on stderr, no file written) or **accepted legal**
    (status 0 and the game written verifies exactly).  Anything else is a crash; a file
    written for a refused import, or a game that does not verify, is wrongly accepted."""
    out_dir.mkdir(parents=True, exist_ok=True)
    before = set(out_dir.iterdir())
    err = io.StringIO()
    argv = ["import", str(path), "--save-dir", str(out_dir), *(["--from", fmt] if fmt else [])]
    with memory_bound(), contextlib.redirect_stderr(err), \
            contextlib.redirect_stdout(io.StringIO()):
        status = main(argv)
    text = err.getvalue().strip()
    written = sorted(set(out_dir.iterdir()) - before)
    if status == 1:
        if not (_one_sentence(text) and text.startswith("hanchan: ")):
            return f"crash: bad message {text!r}"
        return "wrongly accepted: a file was left" if written else "refused"
    if status != 0 or len(written) != 1:
        return f"crash: status {status}, {len(written)} files, {text!r}"
    game = load(written[0])
    if game.problems or not game.finished or check_loaded(game).problem is not None:
        return "wrongly accepted"
    return "accepted legal"


def _write(folder: Path, name: str, data: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def hostile_logs(folder: Path, good: Path) -> list[tuple[str, Path, str | None]]:
    """Files ``hanchan import`` must refuse (what, path, ``--from``), and the good log
    ``good`` (a tenhou.net/6 log) it must import: devices, a FIFO, a folder, sizes past
    the bound, deep nesting, numbers of thousands of digits, long names, logs without a
    hand, declarations in an mjlog, bytes that are not text."""
    folder.mkdir(parents=True, exist_ok=True)
    out: list[tuple[str, Path, str | None]] = []
    for device, fmt in (("/dev/zero", "tenhou6"), ("/dev/urandom", "mjai"),
                        ("/dev/null", "tenhou6"), ("/dev/zero", "mjlog")):
        if os.path.exists(device):
            out.append((f"device {device} as {fmt}", Path(device), fmt))
    fifo = folder / "fifo.json"
    os.mkfifo(fifo)
    out.append(("a FIFO nobody writes to", fifo, None))
    sub = folder / "folder.json"
    sub.mkdir()
    out.append(("a folder", sub, None))
    for size, words in ((9 << 20, "9 MB"), (3 << 30, "3 GB")):
        path = folder / f"big-{words.replace(' ', '')}.json"
        with open(path, "wb") as fh:  # sparse: the size alone must refuse it
            fh.truncate(size)
        out.append((f"a {words} file", path, None))
    deep = 100_000
    real = json.loads(good.read_text("utf-8"))
    mjai_start = '{"type":"start_game","names":["a","b","c","d"]}\n'
    texts: list[tuple[str, str, str | bytes]] = [
        ("tenhou6 nested 100,000 deep", "deep.json", "[" * deep + "]" * deep),
        ("tenhou6 log nested deep", "deeplog.json",
         json.dumps({**real, "log": []})[:-1] + ',"x":' + "[" * deep + "]" * deep + "}"),
        ("mjai nested 100,000 deep", "deep.jsonl",
         '{"type":"start_game","names":' + "[" * deep + "]" * deep + "}\n"),
        ("mjlog nested 100,000 deep", "deep.xml", "<a>" * deep + "</a>" * deep),
        ("tenhou6 sc of 5,000 digits", "hugesc.json", json.dumps({**real, "sc": [0] * 8})
         .replace('"sc": [0', '"sc": [' + "9" * 5000)),
        ("tenhou6 score of 5,000 digits", "hugescore.json",
         json.dumps(real).replace("[25000", "[" + "9" * 5000, 1)),
        ("tenhou6 sc of 1e400", "infsc.json", json.dumps({**real, "sc": [0] * 8})
         .replace('"sc": [0', '"sc": [1e400')),
        ("mjai scores of 5,000 digits", "huge.jsonl", mjai_start +
         '{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,'
         '"scores":[' + "9" * 5000 + ',0,0,0],"dora_marker":"1m","tehais":[]}\n'),
        ("tenhou6 name of 70,000 characters", "longname.json",
         json.dumps({**real, "name": ["x" * 70_000, "b", "c", "d"]})),
        ("tenhou6 name of 50 KB in kanji", "longkanji.json",
         json.dumps({**real, "name": ["a", "名" * 17_000, "c", "d"]}, ensure_ascii=False)),
        ("tenhou6 game id of 70,000 characters", "longref.json",
         json.dumps({**real, "ref": "r" * 70_000})),
        ("mjai name of 70,000 characters", "longname.jsonl",
         '{"type":"start_game","names":["' + "x" * 70_000 + '","b","c","d"]}\n'
         '{"type":"end_game"}\n'),
        ("mjlog name of 70,000 characters", "longname.xml",
         '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="' + "x" * 70_000 +
         '" n1="b" n2="c" n3="d"/><TAIKYOKU oya="0"/></mjloggm>'),
        ("tenhou6 without a hand", "empty.json",
         '{"name":["a","b","c","d"],"log":[],"sc":[25000,0,25000,0,25000,0,25000,0]}'),
        ("mjai without a hand", "empty.jsonl", mjai_start + '{"type":"end_game"}\n'),
        ("mjlog DOCTYPE after 3,000 characters", "late.xml",
         "<!--" + " " * 3000 + '-->\n<!DOCTYPE mjloggm SYSTEM "/etc/passwd">\n'
         '<mjloggm ver="2.3"></mjloggm>'),
        ("mjlog entity expansion", "laughs.xml",
         '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">'
         '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><mjloggm>&b;</mjloggm>'),
        ("NUL bytes", "nul.json", b"\x00" * 4096),
        ("bytes that are not UTF-8", "latin.json", b'{"name": ["\xe9"]}'),
    ]
    for what, name, data in texts:
        out.append((what, _write(folder, name, data), None))
    out.append(("the good log", good, None))
    return out


# ------------------------------------------------------------------ rulesets


def judge_ruleset(path: Path) -> str:
    """The outcome of a ruleset file: **refused** by the loader (its problems, one
    sentence each, naming the key), or **accepted legal**: a game under it between random
    bots ends (else a hang), is saved in a file that reads back and verifies, and its top
    does not take less uma than the 2nd (else wrongly accepted)."""
    try:
        with memory_bound():
            rules = load_ruleset(path)
    except RulesetError as exc:
        lines = [p for p in exc.problems if p]
        if not lines or not all(_one_sentence(p) for p in lines):
            return f"crash: bad message {str(exc)!r}"
        return "refused"
    try:
        events = play_game(rules, [make_bot("random", s) for s in range(4)], seed=1,
                           max_steps=20_000)
    except RuntimeError as exc:
        if "did not end" in str(exc):
            return "hang: the game did not end"
        raise
    try:
        game = loads(save_bytes(events))
    except SaveError:
        return "wrongly accepted: its game's save cannot be read"
    if game.problems or check_loaded(game).problem is not None:
        return "wrongly accepted: its game's save does not verify"
    last = events[-1]
    assert isinstance(last, GameEnded)
    top, second = last.table[0], last.table[1]
    if top.rank < second.rank and top.uma < second.uma:
        return "wrongly accepted: the top takes less uma than the 2nd"
    return "accepted legal"


def hostile_rulesets(folder: Path) -> list[tuple[str, Path]]:
    """Ruleset files whose games used to break, and two that must play (what, path)."""
    texts = {
        "unlimited extension to 1,000,000, bust none":
            'extension = "sudden_death"\nextension_last_round = "unlimited"\n'
            'extension_target = 1000000\nbust = "none"\n',
        "unlimited full rounds to 400,001":
            'extension = "full_rounds"\nextension_last_round = "unlimited"\n'
            "extension_target = 400001\nstart_points = 100000\nreturn_points = 100000\n"
            "oka = 0\n",
        "float_sink where the top pays":
            'uma_scheme = "float_sink"\numa_sink = [100, 100, 100]\n',
        "float_sink where a floating 2nd outgets the top":
            'uma_scheme = "float_sink"\numa_sink = [-5, -10, -15]\numa_float = [100, 50]\n',
        "name of 70,000 characters": 'name = "' + "x" * 70_000 + '"\n',
        "name with NUL": 'name = "a\\u0000b"\n',
        "base with NUL": 'base = "a\\u0000b"\n',
        "base of 300 characters": 'base = "' + "x" * 300 + '"\n',
        "base of itself": 'base = "self.toml"\n',
        "number of 5,000 digits": "start_points = " + "9" * 5000 + "\n",
        "arrays nested 100,000 deep": "uma = " + "[" * 100_000 + "]" * 100_000 + "\n",
        "name of 255 characters (plays)": 'name = "' + "名" * 255 + '"\n',
        "unlimited extension to 30,000 (plays)":
            'extension = "sudden_death"\nextension_last_round = "unlimited"\n',
    }
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for n, (what, text) in enumerate(texts.items()):
        name = "self.toml" if "itself" in what else f"r{n}.toml"
        out.append((what, _write(folder, name, text)))
    fifo = folder / "fifo.toml"
    os.mkfifo(fifo)
    out.append(("a FIFO", fifo))
    if os.path.exists("/dev/zero"):
        out.append(("/dev/zero", Path("/dev/zero")))
    return out
