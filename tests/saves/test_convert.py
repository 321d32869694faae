"""Import and export: real Tenhou games replay and verify; our games survive a round trip."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest

from hanchan.cli.main import main
from hanchan.engine.events import (
    Discarded,
    Drew,
    Event,
    GameEnded,
    GameStarted,
    HandDrawn,
    HandStarted,
    Won,
)
from hanchan.saves.convert import events_from_recorded, recorded_from_events, ruleset_for
from hanchan.saves.logs.mjai import format_mjai, parse_mjai
from hanchan.saves.logs.mjlog import parse_mjlog
from hanchan.saves.logs.model import LogFormatError, RecordedGame
from hanchan.saves.logs.tenhou6 import format_tenhou6, parse_tenhou6
from hanchan.saves.reader import load
from hanchan.saves.verify import verify_events
from tests.kit.real_logs import LOGS, MJLOG, TENHOU6
from tests.kit.saved_games import played_game


def results(events: Sequence[Event]) -> list[tuple[object, ...]]:
    """What a game is, independent of physical tile copies and unrecorded detail."""
    out: list[tuple[object, ...]] = []
    for e in events:
        if isinstance(e, HandStarted):
            out.append(("hand", e.round_wind, e.hand_number, e.honba, e.sticks, e.dealer,
                        tuple(e.scores)))
        elif isinstance(e, Won):
            out.append(("won", tuple((w.seat, w.from_seat, w.han, w.points, tuple(sorted(w.yaku)))
                                     for w in e.wins), tuple(e.deltas)))
        elif isinstance(e, HandDrawn):
            out.append(("drawn", e.kind, tuple(e.deltas)))
        elif isinstance(e, GameEnded):
            out.append(("end", tuple((r.seat, r.points, r.rank, r.result) for r in e.table)))
    return out


def without_reveals(game: RecordedGame) -> list[Any]:
    return [k[:9] + (tuple(a for a in k[9] if a[0] != "DoraRevealed"),)
            for k in game.canonical()]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_export_then_import_gives_the_same_game(seed: int, fmt: str) -> None:
    events = played_game(seed)
    recorded = recorded_from_events(events)
    if fmt == "tenhou6":
        back = parse_tenhou6(format_tenhou6(recorded))
    else:
        back = parse_mjai(format_mjai(recorded))
    start = events[0]
    assert isinstance(start, GameStarted)
    again = events_from_recorded(back, start.ruleset)
    # tenhou.net/6 does not record when a kan dora was turned (the reader puts it where
    # Tenhou does): compare the hands without the reveal's position
    assert without_reveals(back) == without_reveals(recorded)
    assert without_reveals(recorded_from_events(again)) == without_reveals(recorded)
    assert results(again) == results(events)
    assert verify_events(again) == []
    # same draws and discards, tile for tile (kinds and red fives)
    def plays(evs: Sequence[Event]) -> list[tuple[str, int, int, bool]]:
        return [(type(e).__name__, e.seat, e.tile // 4,
                 e.tile % 4 == 0 and e.tile // 4 in (4, 13, 22))
                for e in evs if isinstance(e, (Drew, Discarded))]
    assert plays(again) == plays(events)


def test_real_tenhou_games_import_and_verify_clean(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in TENHOU6:
        out = tmp_path / (path.stem + ".jsonl")
        assert main(["import", str(path), "--from", "tenhou6", "-o", str(out)]) == 0
        game = load(out)
        recorded = parse_tenhou6(path.read_text(encoding="utf-8"))
        # no hand silently dropped: one HandStarted and one result per recorded kyoku
        assert sum(isinstance(e, HandStarted) for e in game.events) == len(recorded.kyokus)
        assert sum(isinstance(e, (Won, HandDrawn)) for e in game.events) == len(recorded.kyokus)
        assert game.finished and game.rules == ruleset_for(recorded)
        assert main(["verify", str(out)]) == 0, capsys.readouterr().out
        # the export gives Tenhou's own log back, entry for entry
        assert main(["export", str(out), "--format", "tenhou6", "-o",
                     str(tmp_path / "back.json")]) == 0
        original = json.loads(path.read_text(encoding="utf-8"))
        back = json.loads((tmp_path / "back.json").read_text(encoding="utf-8"))
        assert back["log"] == original["log"], path.name
        assert back["sc"] == original["sc"], path.name


def test_real_mjlog_games_import_and_verify_clean() -> None:
    for path in MJLOG:
        recorded = parse_mjlog(path.read_text(encoding="utf-8"), ref=path.stem)
        events = events_from_recorded(recorded)
        assert verify_events(events) == [], path.name


def test_a_wrong_recorded_value_in_a_real_game_is_reported() -> None:
    path = TENHOU6[0]
    recorded = parse_tenhou6(path.read_text(encoding="utf-8"))
    events = events_from_recorded(recorded)
    hands = [(i, e) for i, e in enumerate(events) if isinstance(e, Won)]
    (i, won), (j, won2) = hands[0], hands[3]
    bad = list(events)
    w = won.wins[0]
    bad[i] = msgspec.structs.replace(won, wins=(msgspec.structs.replace(w, points=w.points + 100),)
                                 + won.wins[1:])
    w2 = won2.wins[0]
    bad[j] = msgspec.structs.replace(won2, wins=(msgspec.structs.replace(w2, fu=w2.fu + 10 if w2.fu
                                                                  else 0, han=w2.han + 1),)
                                 + won2.wins[1:])
    k1 = next(e for e in reversed(events[:i]) if isinstance(e, HandStarted))
    k2 = next(e for e in reversed(events[:j]) if isinstance(e, HandStarted))
    # the first event that cannot follow is named; nothing after it is trusted
    assert [d.hand for d in verify_events(bad)] == [
        f"{'ESWN'[k1.round_wind]}{k1.hand_number + 1}-{k1.honba}"]
    assert [d.hand for d in verify_events(bad[:i] + events[i:j] + bad[j:])] == [
        f"{'ESWN'[k2.round_wind]}{k2.hand_number + 1}-{k2.honba}"]


def test_import_of_a_bad_log_is_a_plain_message(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "bad.json"
    log.write_text('{"log": [[1, 2, 3]]}', encoding="utf-8")
    assert main(["import", str(log), "--from", "tenhou6", "-o", str(tmp_path / "x.jsonl")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("hanchan: ") and "not a valid tenhou6 log" in err
    assert not (tmp_path / "x.jsonl").exists()


@pytest.mark.parametrize("path", TENHOU6, ids=lambda p: p.stem[:16])
def test_real_games_round_trip_through_mjlog(path: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 40 item 7: import tenhou6 -> export mjlog -> import mjlog gives the same events,
    and the mjlog export of Tenhou's game agrees with Tenhou's own mjlog of it."""
    saved = tmp_path / "game.jsonl"
    assert main(["import", str(path), "--from", "tenhou6", "-o", str(saved)]) == 0
    log = tmp_path / "game.xml"
    assert main(["export", str(saved), "--format", "mjlog", "-o", str(log)]) == 0
    assert capsys.readouterr().err == ""  # nothing left out of a Tenhou game
    back = tmp_path / "back.jsonl"
    assert main(["import", str(log), "--from", "mjlog", "-o", str(back)]) == 0
    assert main(["verify", str(back)]) == 0
    assert load(back).events == load(saved).events
    # Tenhou's own mjlog of the game (an outside oracle): the same hands, actions, results
    ours = parse_mjlog(log.read_text(encoding="utf-8"))
    tenhou = parse_mjlog((LOGS / "mjlog" / f"{path.stem}.xml").read_text(encoding="utf-8"))
    assert ours.canonical() == tenhou.canonical()
    assert ours.final_scores == tenhou.final_scores
    assert ours.final_points == tenhou.final_points


@pytest.mark.parametrize("attrs, words", [
    ('ruleset="[1]"', "ruleset must be an object"),
    ('ruleset="{not json"', "not JSON"),
    ('left_out="{}"', "must be a list of hands"),
    ('owari="250,nan"', r"element #\d+ <HANCHAN>: owari='250,nan' malformed"),
    # the end of a game of Tenhou's hands is on its last result, not in our element
    ('owari="250,0.0,250,0.0,250,0.0,250,0.0"', "owari is only for a record without hands"),
])
def test_a_bad_hanchan_element_in_an_mjlog_is_named(attrs: str, words: str) -> None:
    """Our element in mjlog is plain JSON data, refused with a reason when it is not ours."""
    text = (LOGS / "mjlog" / f"{TENHOU6[0].stem}.xml").read_text(encoding="utf-8")
    bad = text.replace("<TAIKYOKU", f"<HANCHAN {attrs}/><TAIKYOKU", 1)
    assert bad != text
    with pytest.raises(LogFormatError, match=words):
        parse_mjlog(bad)
