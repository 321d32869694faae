"""``hanchan drill``: the terminal quiz, answers piped on stdin (docs/cli.md)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from hanchan.cli.main import main
from hanchan.coach.discard_problems import problems_in_game
from hanchan.coach.drills import questions
from hanchan.engine.events import GameStarted
from hanchan.rulesets import load_ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.writer import GameWriter, make_header
from tests.kit.saved_games import played_game


def run(argv: list[str], answers: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_scores_drill_right_wrong_and_running_score(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    qs = questions("scores", load_ruleset("gpc"), count=3, seed=11)
    right = [f"{q.key.value_words.split(' (')[0]} {q.key.payment_words.replace(',', '')}"
             for q in qs]
    answers = f"{right[0]}\nnonsense\n1 20 100000\n{right[2]}\n"
    status, out, _ = run(["drill", "scores", "--rules", "gpc", "--count", "3", "--seed", "11"],
                         answers, monkeypatch, capsys)
    assert status == 0
    assert "seed 11" in out
    assert out.count("Right:") == 2 and out.count("Wrong") == 1
    assert "'nonsense' is not part of a score" in out  # asked again, not counted
    assert "[1/1 right]" in out and "[1/2 right]" in out and "[2/3 right]" in out
    assert "Score: 2/3 right" in out
    # the wrong answer is followed by the engine's breakdown
    wrong = out.split("1 20 100000")[1]
    assert "Yaku:" in wrong and "base points" in wrong


def test_drill_stops_at_the_end_of_input(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["drill", "fu", "--count", "5", "--seed", "1"], "skip\n",
                         monkeypatch, capsys)
    assert status == 0
    assert "Skipped. It is" in out and "Score: 0/1 right" in out
    assert "— 2/5 —" in out and "— 3/5 —" not in out


def test_same_seed_same_questions(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["drill", "yaku", "--rules", "ako", "--count", "4", "--seed", "3"]
    a = run(argv, "", monkeypatch, capsys)[1]
    b = run(argv, "", monkeypatch, capsys)[1]
    assert a == b and "Hand:" in a


@pytest.mark.parametrize("argv, words", [
    (["drill", "scores", "--count", "0"], "--count must be between 1 and 1000"),
    (["drill", "scores", "--rules", "makra"], "cannot use the rules 'makra'"),
])
def test_bad_flags_are_one_sentence(argv: list[str], words: str,
                                    monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(argv, "", monkeypatch, capsys)
    assert status == 2 and words in err and "Traceback" not in err


def _saved(folder: Path) -> Path:
    events = played_game(1, "easy")
    seats = [SeatInfo("You"), SeatInfo("B1", "easy"), SeatInfo("B2", "easy"),
             SeatInfo("B3", "easy")]
    start = events[0]
    assert isinstance(start, GameStarted)
    header = make_header(start.ruleset.to_dict(), seats, start.seed)
    with GameWriter.create(folder, header, name="g", pointer=False) as w:
        w.extend(list(events))
    return w.path


def test_discards_drill_from_saved_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    _saved(tmp_path)
    found = problems_in_game(played_game(1, "easy"), 0, "g.jsonl")
    assert found
    status, out, _ = run(["drill", "discards", "--save-dir", str(tmp_path), "--count", "2",
                          "--seed", "0"], "xx\n1z\n", monkeypatch, capsys)
    assert status == 0
    assert "From g.jsonl" in out and "Hand:" in out
    assert "'xx' is not one tile" in out or "is not in the hand" in out
    shown = re.findall(r"Hand: (\S+)", out)
    assert shown


def test_discards_drill_with_no_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    # a new player: made-up efficiency hands instead
    status, out, _ = run(["drill", "discards", "--save-dir", str(tmp_path), "--count", "2",
                          "--seed", "3"], "xx\n1z\n", monkeypatch, capsys)
    assert status == 0 and "No costly discard found" in out and "made-up hands" in out
    assert "Made-up hand" in out and "'xx' is not one tile" in out
    assert "[1/1 right]" in out or "[0/1 right]" in out or "is not in the hand" in out
    again = run(["drill", "discards", "--made-up", "--count", "2", "--seed", "3"],
                "", monkeypatch, capsys)[1]
    assert again.split("\n\n", 1)[1].split("Discard?")[0] == out.split(
        "\n\n", 1)[1].split("Discard?")[0]  # same seed, same first hand
    status, _, err = run(["drill", "discards", str(tmp_path / "missing.jsonl")], "",
                         monkeypatch, capsys)
    assert status == 1 and "missing.jsonl" in err and "Traceback" not in err


def test_discards_drill_leaves_out_a_damaged_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # one line deleted: refused as verify refuses it, with its sentence; the other game
    # still gives the problems (issue 35)
    good = _saved(tmp_path)
    lines = good.read_bytes().split(b"\n")
    del lines[200]
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_bytes(b"\n".join(lines))
    status, out, err = run(["drill", "discards", "--save-dir", str(tmp_path), "--count", "2",
                            "--seed", "0"], "skip\n", monkeypatch, capsys)
    assert status == 0 and "From g.jsonl" in out and "Skipped. Strong discards" in out
    assert err == ("note: 1 saved game was left out as damaged (damaged.jsonl: E1-2, line 201: "
                   "seat 2 (W) discards 2z (tile 112), but here seat 2 (W) draws 2z "
                   "(tile 112)).\n")
    status, out, err = run(["drill", "discards", str(damaged)], "", monkeypatch, capsys)
    assert status == 1 and out == ""
    assert err == f"hanchan: cannot review {damaged}: E1-2, line 201: seat 2 (W) discards 2z " \
                  "(tile 112), but here seat 2 (W) draws 2z (tile 112)\n"
