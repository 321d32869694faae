"""``saves.open.open_game``: any game file (a save or another program's log) as our events."""

from __future__ import annotations

from pathlib import Path

import pytest

import hanchan
from hanchan.engine.game import Game
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo, encode_event, encode_header
from hanchan.saves.convert import events_from_recorded
from hanchan.saves.logs.mjlog import parse_mjlog
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from hanchan.saves.open import LogError, NeitherSaveNorLog, UnplayableLog, open_game
from hanchan.saves.reader import SaveError
from hanchan.saves.writer import make_header, write_new
from tests.kit.real_logs import MJLOG, TENHOU6


def test_a_tenhou_log_opens_as_the_game_it_records() -> None:
    path = TENHOU6[0]
    opened = open_game(path)
    expected = events_from_recorded(parse_tenhou6(path.read_text(encoding="utf-8")))
    assert opened.fmt == "tenhou6" and opened.human is None
    assert opened.events == expected


def test_an_mjlog_opens_by_its_name_and_agrees_with_its_tenhou6_twin() -> None:
    opened = open_game(MJLOG[0])
    assert opened.fmt == "mjlog"
    assert opened.events == events_from_recorded(
        parse_mjlog(MJLOG[0].read_text(encoding="utf-8"), ref=MJLOG[0].stem))


def _save(tmp_path: Path) -> tuple[Path, list[object]]:
    game = Game(Ruleset(), seed=3)
    while not game.over:
        for seat, legal in game.pending().items():
            game.act(seat, legal[0])
    path = tmp_path / "game.jsonl"
    header = make_header(Ruleset().to_dict(), [SeatInfo("me"), *(SeatInfo(f"b{i}", bot="random")
                                                                   for i in range(3))], 3)
    write_new(path, encode_header(header) + b"".join(encode_event(e) for e in game.events))
    return path, list(game.events)


def test_a_save_opens_refereed_with_its_one_human_seat(tmp_path: Path) -> None:
    path, events = _save(tmp_path)
    opened = open_game(path)
    assert (opened.fmt, opened.human) == ("save", 0)
    assert opened.events == events
    assert hanchan.open_game(path).events == events  # the front door's


def test_a_jsonl_that_is_neither_gives_both_reasons(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"type": "nonsense"}\n', encoding="utf-8")
    with pytest.raises(NeitherSaveNorLog) as err:
        open_game(path)
    assert "it is not an mjai log either" in str(err.value)
    assert isinstance(err.value.as_mjai, LogError)


def test_a_log_that_reads_but_cannot_be_played_says_so(tmp_path: Path) -> None:
    text = TENHOU6[0].read_text(encoding="utf-8")
    bad = tmp_path / "bad.json"  # scores that do not add up to the table's
    bad.write_text(text.replace('"log":[[[0,0,0],[25000,', '"log":[[[0,0,0],[26000,', 1),
                   encoding="utf-8")
    with pytest.raises(UnplayableLog) as err:
        open_game(bad)
    assert err.value.path == bad and err.value.reason


@pytest.mark.parametrize("content", [b"\xff\xfe not utf-8", b"[" * 100_000])
def test_a_hostile_log_is_one_sentence(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "hostile.json"
    path.write_bytes(content)
    with pytest.raises(LogError, match=r"hostile\.json is not"):
        open_game(path)


def test_a_device_is_refused_without_reading_it() -> None:
    with pytest.raises(SaveError, match="not a regular file"):
        open_game(Path("/dev/zero"), "tenhou6")
