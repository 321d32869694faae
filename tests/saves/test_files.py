"""Writing, reading, resuming and damaged game files."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanchan.engine.events import Event, GameEnded, GameStarted, HandStarted
from hanchan.engine.game import Game, unfinished_step
from hanchan.engine.state import fold, snapshot
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo, encode_event, encode_header
from hanchan.saves.reader import SaveError, load, loads
from hanchan.saves.verify import verify_events
from hanchan.saves.writer import GameWriter, latest_unfinished, make_header
from tests.kit.budget import examples
from tests.kit.saved_games import played_game

SEATS = [SeatInfo("You"), SeatInfo("Bot 1", "easy"), SeatInfo("Bot 2", "easy"),
         SeatInfo("Bot 3", "easy")]


def write_game(folder: Path, events: Sequence[Event], name: str = "g") -> Path:
    start = events[0]
    assert isinstance(start, GameStarted)
    header = make_header(start.ruleset.to_dict(), SEATS, start.seed)
    with GameWriter.create(folder, header, name=name) as w:
        for ev in events:
            w.append(ev)
    return w.path


def test_save_load_round_trip_gives_identical_events_and_state(tmp_path: Path) -> None:
    events = played_game(2)
    path = write_game(tmp_path, events)
    game = load(path)
    assert game.ok and game.finished and not game.recovered_tail
    assert game.events == list(events)
    assert game.lines == list(range(2, len(events) + 2))
    assert snapshot(fold(game.events)) == snapshot(fold(events))
    assert game.header.seats == tuple(SEATS) and game.rules == Ruleset()


def test_every_line_is_flushed_as_it_is_appended(tmp_path: Path) -> None:
    events = played_game(2)[:250]
    assert any(unfinished_step(events[:i]) for i in range(len(events)))  # a riichi in it
    header = make_header(Ruleset().to_dict(), SEATS, 2)
    w = GameWriter.create(tmp_path, header, name="live")
    for i, ev in enumerate(events, start=1):
        w.append(ev)
        # another reader sees every event at once, before the writer is closed, once the
        # step it belongs to is over (a riichi declaration with its discard)
        assert len(load(w.path).events) == i - unfinished_step(events[:i])
    w.close()


def test_autosave_pointer_and_latest_unfinished(tmp_path: Path) -> None:
    events = played_game(2)
    assert latest_unfinished(tmp_path) is None
    header = make_header(Ruleset().to_dict(), SEATS, 2)
    done = GameWriter.create(tmp_path, header, name="done")
    done.extend(list(events))
    done.close()
    assert latest_unfinished(tmp_path) is None  # the pointer was cleared at GameEnded
    w = GameWriter.create(tmp_path, header, name="open")
    w.extend(list(events[:300]))
    w.close()
    assert latest_unfinished(tmp_path) == w.path.resolve()
    (tmp_path / "autosave.json").write_text("not json")  # a damaged pointer: scan instead
    assert latest_unfinished(tmp_path) == w.path


def test_resume_continues_the_same_file(tmp_path: Path) -> None:
    events = played_game(3)
    path = write_game(tmp_path, events[:400])
    writer, game = GameWriter.resume(path)
    assert writer.path == path and game.events == list(events[:400])
    resumed = Game.from_events(game.events, [writer])
    # the resumed game may advance by itself (a draw); what it adds goes to the same file
    assert resumed.events[:400] == list(events[:400])
    writer.close()
    assert load(path).events == resumed.events
    assert snapshot(fold(load(path).events)) == snapshot(resumed.state)


def test_truncated_last_line_is_recovered(tmp_path: Path) -> None:
    events = played_game(2)[:120]
    path = write_game(tmp_path, events)
    data = path.read_bytes()
    cut = data + encode_event(played_game(2)[120])[:17]  # killed while writing
    path.write_bytes(cut)
    game = load(path)
    assert game.ok and game.recovered_tail and game.events == list(events)
    writer, again = GameWriter.resume(path)
    writer.append(played_game(2)[120])
    writer.close()
    assert path.read_bytes() == data + encode_event(played_game(2)[120])
    assert load(path).events == list(played_game(2)[:121])


def test_damaged_middle_line_keeps_every_good_event_and_resume_copies(tmp_path: Path) -> None:
    events = played_game(2)[:100]
    path = write_game(tmp_path, events)
    lines = path.read_bytes().split(b"\n")
    lines[41] = b'{"type": "Drew", "seat": 0, "tile": garbage}'
    path.write_bytes(b"\n".join(lines))
    game = load(path)
    assert [str(p) for p in game.problems] == [
        "line 42: not valid JSON: invalid character (byte 36)"]
    assert game.events == list(events[:40])
    original = path.read_bytes()
    writer, _ = GameWriter.resume(path)
    writer.close()
    assert path.read_bytes() == original  # the damaged file is left as it was
    assert writer.path.name == "g-continued.jsonl"
    assert load(writer.path).events == list(events[:40])


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (lambda o: o.update(type="Teleported"), 5, "unknown event type 'Teleported'"),
        (lambda o: o.update(type="Won"), 5, "unknown field .* in a Won event"),
        (lambda o: o.pop("tile"), 5, "missing required field `tile`"),
        (lambda o: o.update(tile=10**30), 5, r"<= 135 at `\$\.tile`"),
        (lambda o: o.update(seat="north"), 5, r"expected `int`, got `str` at `\$\.seat`"),
    ],
)
def test_tampered_event_lines(tmp_path: Path, change: Callable[[dict[str, Any]], object],
                              line: int, message: str) -> None:
    events = played_game(2)[:30]
    path = write_game(tmp_path, events)
    lines = path.read_bytes().split(b"\n")
    obj = json.loads(lines[line - 1])
    change(obj)
    lines[line - 1] = json.dumps(obj).encode()
    path.write_bytes(b"\n".join(lines))
    game = load(path)
    assert len(game.problems) == 1
    assert game.problems[0].line == line

    assert re.search(message, game.problems[0].message), game.problems[0].message
    assert len(game.events) == line - 2


def test_a_different_ruleset_in_the_game_than_in_the_header(tmp_path: Path) -> None:
    events = list(played_game(2)[:10])
    start = events[0]
    assert isinstance(start, GameStarted)
    events[0] = GameStarted(Ruleset(oka=0, uma=(30, 10, -10, -30)), start.players, 2)
    header = make_header(Ruleset().to_dict(), SEATS, 2)
    with GameWriter.create(tmp_path, header, name="x") as w:
        w.extend(events)
    game = load(w.path)
    assert [str(p) for p in game.problems] == [
        "line 2: the game's ruleset differs from the header's (options: oka, uma)"]


def test_header_problems_raise_save_error(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    for data, message in [
        (b"", "the file is empty"),
        (b"hello\n", "line 1: not valid JSON"),
        (b'{"type": "header", "format": "hanchan-game", "version": 99}\n',
         "newer hanchan \\(format version 99; this version reads up to 1\\)"),
        (b'{"type": "header", "format": "something", "version": 1}\n', "not a hanchan game"),
        (b'{"type": "header", "format": "hanchan-game", "version": 1, '
         b'"ruleset": {"pigs": 1}}\n', "unknown rule option 'pigs'"),
    ]:
        path.write_bytes(data)
        with pytest.raises(SaveError, match=message):
            load(path)
    with pytest.raises(SaveError, match="no such file"):
        load(tmp_path / "missing.jsonl")


def test_events_after_the_end_and_a_second_start_are_reported() -> None:
    events = played_game(2)
    header = make_header(Ruleset().to_dict(), SEATS, 2)

    data = encode_header(header) + b"".join(encode_event(e) for e in events)
    game = loads(data + encode_event(events[1]))
    assert game.problems[0].message == "a HandStarted event after the game ended"
    game = loads(encode_header(header) + encode_event(events[0]) + encode_event(events[0]))
    assert game.problems[0].message == "a second GameStarted event"


@pytest.mark.slow
def test_kill_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    """SIGKILL a game being played and saved, again and again: the file always loads,
    keeps every event it had, and the game continues to its end."""
    path = tmp_path / "killed.jsonl"
    script = Path(__file__).with_name("_killee.py")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    rng = random.Random(5)
    before: list[Event] = []
    kills = 0
    for _ in range(examples(20)):  # each run is killed early: a game takes many runs
        proc = subprocess.Popen([sys.executable, str(script), str(path), "11", "0.001"],
                                stdout=subprocess.PIPE, env=env)
        assert proc.stdout is not None
        proc.stdout.readline()  # "ready": the game is open and playing
        time.sleep(rng.uniform(0.0, 0.08))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        proc.wait()
        proc.stdout.close()
        game = load(path)
        assert game.ok, game.problems
        assert game.events[:len(before)] == before  # nothing written was lost
        before = game.events
        if game.finished:
            break
    assert kills >= 3
    if not load(path).finished:  # let it finish
        subprocess.run([sys.executable, str(script), str(path), "11", "0"], env=env, check=True,
                       stdout=subprocess.DEVNULL)
    game = load(path)
    assert game.finished and game.ok and game.events[:len(before)] == before
    assert isinstance(game.events[-1], GameEnded)
    assert sum(isinstance(e, HandStarted) for e in game.events) >= 8
    assert verify_events(game.events) == []


_FUZZ_EVENTS = played_game(2)[:150]


def _fuzz_bytes() -> bytes:
    header = make_header(Ruleset().to_dict(), SEATS, 2)
    return encode_header(header) + b"".join(encode_event(e) for e in _FUZZ_EVENTS)


@given(st.data())
def test_any_damage_is_reported_never_raised(data: st.DataObject) -> None:
    """Truncation, flipped bytes or inserted garbage anywhere: either a SaveError (the header
    is hit) or every event before the damaged line, exactly as written."""
    original = _fuzz_bytes()
    pos = data.draw(st.integers(0, len(original) - 1), label="pos")
    how = data.draw(st.sampled_from(["truncate", "flip", "insert"]), label="how")
    if how == "truncate":
        damaged = original[:pos]
    elif how == "flip":
        damaged = original[:pos] + bytes([original[pos] ^ data.draw(st.integers(1, 255))]) \
            + original[pos + 1:]
    else:
        junk = data.draw(st.binary(min_size=1, max_size=20), label="junk")
        damaged = original[:pos] + junk + original[pos:]
    line = original[:pos].count(b"\n")  # 0-based line of the damage
    try:
        game = loads(damaged)
    except SaveError:
        assert line == 0  # only damage to the header makes the file unreadable
        return
    intact = max(line - 1, 0)  # events on whole lines before the damaged one
    assert game.events[:intact] == list(_FUZZ_EVENTS[:intact])
    for problem in game.problems:
        assert problem.line >= line + 1
