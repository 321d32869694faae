"""Issue 28 section 4: an import writes a game that verifies, or refuses naming the hand and
the field -- never a file the reader refuses, never a number no game can have.

Each case damages one field of a real Tenhou game (tests/data/logs) in one format.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hanchan.cli.main import main
from tests.kit.real_logs import MJLOG, TENHOU6

GAME = TENHOU6[0]  # 2009022022gm-00a9-0000-cd94aac8: 11 hands, first E1-0


def tenhou6(change: Callable[[dict[str, Any]], None]) -> tuple[str, str]:
    data = json.loads(GAME.read_text(encoding="utf-8"))
    change(data)
    return "tenhou6", json.dumps(data, ensure_ascii=False)


def mjai(change: Callable[[list[dict[str, Any]]], None], tmp: Path) -> tuple[str, str]:
    """The game as our mjai export writes it, then changed."""
    save, log = tmp / "g.jsonl", tmp / "g.mjson"
    assert main(["import", str(GAME), "-o", str(save)]) == 0
    assert main(["export", str(save), "--format", "mjai", "-o", str(log)]) == 0
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    change(events)
    return "mjai", "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)


def mjlog(old: str, new: str) -> tuple[str, str]:
    text = MJLOG[0].read_text(encoding="utf-8")
    assert old in text
    return "mjlog", text.replace(old, new, 1)


def first(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(e for e in events if e["type"] == kind)


def setitem(path: tuple[Any, ...], value: Any) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value
    return change


# (name, log, words the refusal must contain: the place and the field)
CASES: list[tuple[str, Callable[[Path], tuple[str, str]], tuple[str, ...]]] = [
    ("four red fives of a suit", lambda t: tenhou6(setitem(
        ("rule",), {"disp": "般南喰赤", "aka51": 4, "aka52": 4, "aka53": 4})),
     ("rule aka", "red fives")),
    ("red fives in one suit only", lambda t: tenhou6(setitem(
        ("rule",), {"disp": "般南喰赤", "aka51": 1})), ("aka51=1", "aka52=0", "same number")),
    ("a final score of 1e300", lambda t: tenhou6(setitem(("sc", 0), 1e300)),
     ("sc[0]", "out of range")),
    ("final points of 1e300", lambda t: tenhou6(setitem(("sc", 1), 1e300)),
     ("sc[1]", "out of range")),
    ("a score above 10^9", lambda t: tenhou6(setitem(("log", 1, 1, 0), 10**10)),
     ("log[1] (kyoku E2-0)", "scores", "out of range")),
    ("honba above 10^9", lambda t: tenhou6(setitem(("log", 0, 0, 1), 10**10)),
     ("log[0]", "honba", "out of range")),
    ("riichi sticks of -1", lambda t: tenhou6(setitem(("log", 0, 0, 2), -1)),
     ("log[0] (kyoku E1-0)", "riichi sticks", "out of range")),
    ("win deltas above 10^9", lambda t: tenhou6(setitem(("log", 0, 16, 1, 0), -(10**10))),
     ("log[0] (kyoku E1-0)", "win deltas", "out of range")),
    ("mjai: a dealer seat of 9", lambda t: mjai(
        lambda evs: first(evs, "start_kyoku").update(oya=9), t), ("line 2", "oya 9")),
    ("mjai: seat -1", lambda t: mjai(
        lambda evs: first(evs, "dahai").update(actor=-1), t), ("dahai", "actor -1")),
    ("mjai: starting scores above 10^9", lambda t: mjai(
        lambda evs: first(evs, "start_kyoku").update(scores=[2 * 10**9, 0, 0, 0]), t),
     ("line 2 (start_kyoku)", "scores", "out of range")),
    ("mjai: final points of 1e300", lambda t: mjai(
        lambda evs: first(evs, "end_game").update(points=[1e300, 0, 0, 0]), t),
     ("end_game", "points")),
    ("mjai: honba -1", lambda t: mjai(
        lambda evs: first(evs, "start_kyoku").update(honba=-1), t),
     ("line 2 (start_kyoku)", "honba -1")),
    ("mjai: ten red fives a suit", lambda t: mjai(
        lambda evs: first(evs, "start_game")["rules"].update(red_fives=30), t),
     ("start_game", "red_fives 30")),
    ("mjai: the carried ruleset out of range", lambda t: mjai(
        lambda evs: first(evs, "start_game")["ruleset"].update(red_fives=4), t),
     ("ruleset the log carries", "red_fives")),
    ("mjlog: a dealer seat of 9", lambda t: mjlog('oya="0" hai0', 'oya="9" hai0'),
     ("oya 9",)),
    ("mjlog: scores above 10^9", lambda t: mjlog('ten="250,250,250,250" oya="0" hai0',
                                                 'ten="99999999999,250,250,250" oya="0" hai0'),
     ("ten", "out of range")),
    ("mjlog: honba -1", lambda t: mjlog('seed="0,0,0,2,2,77"', 'seed="0,-1,0,2,2,77"'),
     ("seed", "honba -1")),
]


@pytest.mark.parametrize(("name", "make", "words"), CASES, ids=[c[0] for c in CASES])
def test_out_of_range_values_are_refused_by_name(
        name: str, make: Callable[[Path], tuple[str, str]], words: tuple[str, ...],
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fmt, text = make(tmp_path)
    capsys.readouterr()
    log = tmp_path / f"bad.{fmt}"
    log.write_text(text, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    status = main(["import", str(log), "--from", fmt, "-o", str(out)])
    err = capsys.readouterr().err
    if status == 0:  # accepted: then it must be a game that verifies
        assert main(["verify", str(out)]) == 0, capsys.readouterr().out
        pytest.fail(f"{name}: imported ({err})")
    assert status == 1 and not out.exists()
    assert err.startswith("hanchan: ") and err.count("\n") == 1, err
    for word in words:
        assert word in err, err
    assert not re.search(r"\d{12}", err), err  # no number pages long
