"""A tenhou.net/6 call string names the tile called, not which discard of it: the reader
lists the candidates (call now, or wait for a later identical discard) and tries them in order.
"""

from __future__ import annotations

import json

import pytest

from hanchan.saves.logs import tenhou6_hand
from hanchan.saves.logs.model import Discard, Draw, LogFormatError, Pon, Ryuukyoku
from hanchan.saves.logs.tenhou6 import parse_tenhou6

HANDS = [
    [25, 25, 11, 11, 12, 13, 14, 15, 16, 17, 21, 22, 23],  # East: two 5p, two 1m
    [11, 12, 13, 14, 15, 16, 17, 31, 32, 33, 34, 35, 36],  # South: a 1m
    [25, 25, 31, 12, 13, 14, 15, 16, 17, 37, 38, 39, 42],  # West: two 5p
    [21, 22, 23, 24, 26, 27, 28, 29, 33, 34, 35, 36, 43],  # North
]
COLUMNS = [  # (takes, discards) of each seat
    ([19, "1111p11"], [25, 25]),  # East lets out a 5p twice, pons South's 1m between
    ([18], [11]),
    (["25p2525"], [31]),  # West pons a 5p from East (toimen): which one?
    ([32], [60]),
]


def _log() -> str:
    entry: list[object] = [[0, 0, 0], [25000] * 4, [41], []]
    for hand, (takes, discards) in zip(HANDS, COLUMNS, strict=True):
        entry += [hand, takes, discards]
    entry.append(["流局", [0, 0, 0, 0]])
    return json.dumps({"name": ["a", "b", "c", "d"], "rule": {"disp": "般南喰", "aka": 0},
                       "log": [entry]})


def test_a_call_waits_for_the_later_discard_when_the_first_cannot_be_it() -> None:
    # West's pon of the first 5p leaves East to draw with a call string next: a
    # contradiction, so the second candidate (no call now) is tried, and holds up
    [kyoku] = parse_tenhou6(_log()).kyokus
    kinds = [type(a).__name__ for a in kyoku.actions]
    assert kinds == ["Draw", "Discard", "Draw", "Discard", "Pon", "Discard", "Pon", "Discard",
                     "Draw", "Discard", "Ryuukyoku"]
    east_fives = [a for a in kyoku.actions if isinstance(a, Discard) and a.seat == 0]
    west_pon = kyoku.actions[6]
    assert isinstance(west_pon, Pon) and (west_pon.seat, west_pon.from_seat) == (2, 0)
    assert west_pon.called == east_fives[1].tile != east_fives[0].tile
    assert isinstance(kyoku.actions[2], Draw) and kyoku.actions[2].seat == 1
    assert isinstance(kyoku.actions[-1], Ryuukyoku)


def test_the_first_contradiction_is_reported_once_the_tries_run_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a hostile log could hold a choice at every discard: the tries are bounded
    monkeypatch.setattr(tenhou6_hand, "MAX_TRIES", 1)
    with pytest.raises(LogFormatError, match=r"seat 0 takes\[1\] = '1111p11': expected a draw"):
        parse_tenhou6(_log())


def test_no_candidate_holding_up_reports_the_first_contradiction() -> None:
    data = json.loads(_log())
    data["log"][0][6] = [25, 26]  # East's second discard is no 5p: West's pon never fits
    with pytest.raises(LogFormatError, match=r"seat 0 takes\[1\] = '1111p11': expected a draw"):
        parse_tenhou6(json.dumps(data))
