"""verify: clean on the engine's own games; every tampered result is named with its hand."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

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
from hanchan.engine.state import fold
from hanchan.engine.tiles import tile_name
from hanchan.saves.codec import SeatInfo
from hanchan.saves.verify import verify_events
from hanchan.saves.writer import GameWriter, make_header
from tests.kit.saved_games import played_game, unfinished_save

EVENTS = played_game(1)


def replaced(events: Sequence[Event], index: int, new: Event) -> list[Event]:
    out = list(events)
    out[index] = new
    return out


def first(kind: type[Event]) -> int:
    return next(i for i, e in enumerate(EVENTS) if isinstance(e, kind))


def test_engine_games_verify_clean() -> None:
    for seed in (1, 2, 3):
        assert verify_events(played_game(seed)) == []


def test_a_wrong_win_value_names_the_hand() -> None:
    i = first(Won)
    won = EVENTS[i]
    assert isinstance(won, Won)
    w = won.wins[0]
    bad = msgspec.structs.replace(w, points=w.points + 1000)
    found = verify_events(replaced(EVENTS, i, msgspec.structs.replace(won, wins=(bad,))))
    assert len(found) == 1
    kind = "tsumo" if w.from_seat is None else "ron"
    hand = _hand_of(EVENTS, i)
    wind = "ESWN"[(w.seat - hand.dealer) % 4]
    assert str(found[0]) == (f"{'ESWN'[hand.round_wind]}{hand.hand_number + 1}-{hand.honba}: "
                             f"{kind} by seat {w.seat} ({wind}) "
                             f"{w.points + 1000} recorded, {w.points} computed")


def _hand_of(events: Sequence[Event], i: int) -> HandStarted:
    return next(e for e in reversed(events[:i]) if isinstance(e, HandStarted))


def test_a_missing_yaku_is_named() -> None:
    i = first(Won)
    won = EVENTS[i]
    assert isinstance(won, Won)
    w = won.wins[0]
    bad = msgspec.structs.replace(w, yaku=w.yaku + (("dora", 1),), han=w.han + 1)
    msg = str(verify_events(replaced(EVENTS, i, msgspec.structs.replace(won, wins=(bad,))))[0])
    assert msg.endswith(f"{w.points} recorded, {w.points} computed "
                        f"(dora 1 only recorded; {w.han + 1} han recorded, {w.han} computed)")


def test_wrong_deltas_and_draw_payments_and_final_table() -> None:
    i = first(Won)
    won = EVENTS[i]
    assert isinstance(won, Won)
    d0, d1, d2, d3 = won.deltas
    deltas = (d0 + 100, d1 - 100, d2, d3)
    found = verify_events(replaced(EVENTS, i, msgspec.structs.replace(won, deltas=deltas)))
    assert len(found) == 1 and "score changes" in str(found[0])  # nothing after it counts
    j = len(EVENTS) - 1
    end = EVENTS[j]
    assert isinstance(end, GameEnded)
    row = end.table[0]
    table = (msgspec.structs.replace(row, result=row.result + 3),) + end.table[1:]
    found = verify_events(replaced(EVENTS, j, msgspec.structs.replace(end, table=table)))
    assert [str(x) for x in found] == [
        f"end: final table seat {row.seat}: result {row.result + 3:+.1f} recorded, "
        f"{row.result:+.1f} computed"]


def test_draw_with_wrong_tenpai() -> None:
    events = next(played_game(s) for s in (1, 2, 3, 4, 5)
                  if any(isinstance(e, HandDrawn) and e.kind == "exhaustive"
                         for e in played_game(s)))
    i = next(i for i, e in enumerate(events) if isinstance(e, HandDrawn)
             and e.kind == "exhaustive")
    d = events[i]
    assert isinstance(d, HandDrawn)
    t0, t1, t2, t3 = d.tenpai
    flipped = (not t0, not t1, not t2, not t3)
    found = verify_events(replaced(events, i, msgspec.structs.replace(d, tenpai=flipped)))
    assert "draw tenpai" in str(found[0])


def test_an_impossible_event_stops_with_its_line() -> None:
    i = next(i for i, e in enumerate(EVENTS) if isinstance(e, Drew) and i > 40)
    events = list(EVENTS[:i + 1])
    # a discard of a tile the seat does not hold
    st = fold(events)
    drew = EVENTS[i]
    assert isinstance(drew, Drew)
    seat = drew.seat
    tile = next(t for t in range(136) if t not in st.seats[seat].hand)
    events.append(Discarded(seat=seat, tile=tile))
    found = verify_events(events, list(range(2, len(events) + 2)))
    assert len(found) == 1
    assert found[0].line == len(events) + 1
    assert f"line {len(events) + 1}: seat {seat} (" in str(found[0])
    assert f"cannot discard {tile_name(tile, 1)} (tile {tile})" in str(found[0])
    assert str(found[0]).endswith("That tile is not in your hand.")
    # a discard by a seat whose turn it is not
    other = (seat + 1) % 4
    events[-1] = Discarded(seat=other, tile=next(iter(st.seats[other].hand)))
    found = verify_events(events)
    assert f"it is seat {seat} (" in str(found[0])
    assert str(found[0]).endswith("s turn")


def test_a_tampered_draw_is_caught() -> None:
    i = first(Drew)
    d = EVENTS[i]
    assert isinstance(d, Drew)
    other = next(t for t in range(136) if t != d.tile)
    found = verify_events(replaced(EVENTS, i, msgspec.structs.replace(d, tile=other)))
    assert len(found) == 1 and "but the wall gives" in str(found[0])


def test_unfinished_game_verifies_clean() -> None:
    assert verify_events(EVENTS[:777]) == []


def _save(folder: Path, events: Sequence[Event], name: str) -> Path:
    start = events[0]
    assert isinstance(start, GameStarted)
    header = make_header(start.ruleset.to_dict(), [SeatInfo(str(i)) for i in range(4)], 1)
    with GameWriter.create(folder, header, name=name, pointer=False) as w:
        w.extend(list(events))
    return w.path


def test_cli_verify_exit_codes_and_lines(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    good = _save(tmp_path, EVENTS, "good")
    assert main(["verify", str(good)]) == 0
    ended = EVENTS[-1]
    assert isinstance(ended, GameEnded)
    hands = sum(isinstance(e, HandStarted) for e in EVENTS)
    top = min(ended.table, key=lambda r: r.rank)
    out = capsys.readouterr().out.splitlines()
    assert out == [f"ok: {good}: {hands} hands, tenhou, final: "
                   + ", ".join(f"{'ESWN'[r.seat]} {r.points:,} ({r.result:+.1f})"
                               for r in sorted(ended.table, key=lambda r: r.rank))]
    assert f"final: {'ESWN'[top.seat]} {top.points:,}" in out[0]
    i = first(Won)
    won = EVENTS[i]
    assert isinstance(won, Won)
    w = msgspec.structs.replace(won.wins[0], points=won.wins[0].points + 1000)
    bad = _save(tmp_path, replaced(EVENTS, i, msgspec.structs.replace(won, wins=(w,))), "bad")
    assert main(["verify", str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].startswith(f"{bad}: ") and "recorded" in out[0]
    assert out[0][len(f"{bad}: "):][0] in "ESWN" and f"line {i + 2}:" in out[0]
    # unfinished: clean, the hand it stopped at, and a note on stderr
    part = _save(tmp_path, EVENTS[:500], "part")
    last = [e for e in EVENTS[:500] if isinstance(e, HandStarted)]
    assert main(["verify", str(part)]) == 0
    got = capsys.readouterr()
    label = f"{'ESWN'[last[-1].round_wind]}{last[-1].hand_number + 1}-{last[-1].honba}"
    assert got.out == f"ok: {part}: {len(last)} hands, tenhou, unfinished at {label}\n"
    assert "unfinished" in got.err
    # several files: one line each, in order, and the status says one was bad
    assert main(["verify", str(good), str(bad), str(part)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[0] for line in out] == ["ok", str(bad), "ok"]
    # damaged: reported with its line
    lines = part.read_bytes().split(b"\n")
    lines[99] = b"garbage"
    part.write_bytes(b"\n".join(lines))
    assert main(["verify", str(part)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and "line 100: not valid JSON" in out[0]
    missing = tmp_path / "nothing.jsonl"
    assert main(["verify", str(missing)]) == 1
    assert "no such file" in capsys.readouterr().out


def test_cli_verify_names_a_seat_that_records_a_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A header seat with an outside bot's command is still a valid game (status 0), and a
    note names the seat and the command, shown escaped, and says it is never run."""
    command = "sh -c 'touch x'\n\x1b[2J"
    path = unfinished_save(tmp_path, [None, "easy", f"mjai:{command}", "MJAI: ./b"])
    assert main(["verify", str(path)]) == 0
    got = capsys.readouterr()
    assert got.out.startswith(f"ok: {path}: ")
    notes = [line for line in got.err.splitlines() if "command" in line]
    assert notes == [
        f"note: {path}: seat W records an outside bot's command, `sh -c 'touch x'\\n\\x1b[2J`:"
        " kept for the record, never run from the file (Continue asks first, or seats the "
        "strong bot)",
        f"note: {path}: seat N records an outside bot's command, `./b`: kept for the record, "
        "never run from the file (Continue asks first, or seats the strong bot)"]


def test_cli_never_prints_a_traceback(tmp_path: Path) -> None:
    junk = tmp_path / "junk.jsonl"
    junk.write_bytes(b"\x00\xff garbage \n{]\n")
    proc = subprocess.run([sys.executable, "-m", "hanchan.cli", "verify", str(junk)],
                          capture_output=True, text=True)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "line 1" in proc.stdout


def test_the_hand_after_a_result_follows_the_rules() -> None:
    starts = [i for i, e in enumerate(EVENTS) if type(e).__name__ == "HandStarted"]
    i = starts[2]
    hs = EVENTS[i]
    assert isinstance(hs, HandStarted)
    found = verify_events(replaced(EVENTS, i, msgspec.structs.replace(hs, honba=hs.honba + 1)))
    name = f"{'ESWN'[hs.round_wind]}{hs.hand_number + 1}-{hs.honba + 1}"
    assert found[0].hand == name
    assert (f"the next hand recorded is {name} with dealer seat {hs.dealer}, computed "
            f"{'ESWN'[hs.round_wind]}{hs.hand_number + 1}-{hs.honba} with dealer seat "
            f"{hs.dealer}") in found[0].message
    # a game that stops before its end by the rules
    j = len(EVENTS) - 1
    cut = [e for e in EVENTS[:starts[3]]] + [EVENTS[j]]
    found = verify_events(cut)
    assert found[0].hand == "end"
    assert found[0].message.startswith("the game ends, but by the rules it goes on")


# ------------------------------------------------------------------ walls and dice


def _starts() -> list[int]:
    return [i for i, e in enumerate(EVENTS) if isinstance(e, HandStarted)]


def _lines() -> list[int]:
    return list(range(2, len(EVENTS) + 2))  # line 1 is the header


def test_a_wall_only_tamper_is_named_at_the_hand_it_changes() -> None:
    """Two tiles of the third hand's dead wall swapped, every event as recorded."""
    i = _starts()[2]
    start = EVENTS[i]
    assert isinstance(start, HandStarted)
    wall = list(start.wall)
    wall[124], wall[125] = wall[125], wall[124]  # the 4th ura and dora indicators
    tampered = replaced(EVENTS, i, msgspec.structs.replace(start, wall=tuple(wall)))
    found = verify_events(tampered, _lines(), seeded_walls=True)
    label = f"{'ESWN'[start.round_wind]}{start.hand_number + 1}-{start.honba}"
    assert [str(d) for d in found] == [
        f"{label}, line {i + 2}: the wall recorded is not the one the game's seed deals: "
        f"its tile 125 of 136 (the 4th ura dora indicator) is {tile_name(wall[124], 1)} "
        f"(tile {wall[124]}) recorded, {tile_name(start.wall[124], 1)} (tile {start.wall[124]}) "
        "dealt"]
    # without the seed's walls the draws still agree: only the seed can catch it
    assert verify_events(tampered) == []


def test_a_changed_seed_is_caught_at_the_first_hand() -> None:
    begun = EVENTS[0]
    assert isinstance(begun, GameStarted)
    tampered = replaced(EVENTS, 0, msgspec.structs.replace(begun, seed=999))
    (found,) = verify_events(tampered, _lines(), seeded_walls=True)
    text = str(found)
    assert text.startswith("E1-0, line 3: the ") and "the game's seed" in text
    assert "recorded are not the" in text or "its tile 1 of 136" in text


def test_dice_out_of_range_are_refused_seeded_or_not() -> None:
    i = _starts()[1]
    start = EVENTS[i]
    assert isinstance(start, HandStarted)
    bad = msgspec.structs.replace(start, dice=(7, 0))
    label = f"{'ESWN'[bad.round_wind]}{bad.hand_number + 1}-{bad.honba}"
    want = (f"{label}, line {i + 2}: the dice (7, 0) recorded cannot be thrown: each die "
            "shows 1 to 6")
    assert [str(d) for d in verify_events(replaced(EVENTS, i, bad), _lines(),
                                          seeded_walls=True)] == [want]
    unseeded = replaced(EVENTS, i, bad)
    begun = EVENTS[0]
    assert isinstance(begun, GameStarted)
    unseeded[0] = msgspec.structs.replace(begun, seed=None)  # an imported log: no seed
    assert [str(d) for d in verify_events(unseeded, _lines(), seeded_walls=True)] == [want]


def test_dice_the_seed_did_not_throw_are_named() -> None:
    i = _starts()[1]
    start = EVENTS[i]
    assert isinstance(start, HandStarted)
    other = (1, 1) if start.dice != (1, 1) else (2, 2)
    found = verify_events(replaced(EVENTS, i, msgspec.structs.replace(start, dice=other)),
                          _lines(), seeded_walls=True)
    assert len(found) == 1 and found[0].line == i + 2
    assert (f"the dice ({other[0]}, {other[1]}) recorded are not the "
            f"({start.dice[0]}, {start.dice[1]}) the game's seed throws") in str(found[0])
