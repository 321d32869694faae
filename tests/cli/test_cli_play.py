"""The play and replay sub-commands: arguments, and plain sentences for mistakes."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanchan.cli.main import main
from hanchan.cli.parser import build_parser


def test_play_arguments_parse() -> None:
    args = build_parser().parse_args(
        ["play", "--rules", "makura", "--seed", "7", "--bots", "easy", "--seat", "W",
         "--save-dir", "/tmp/x"]
    )
    assert (args.rules, args.seed, args.bots, args.seat, args.save_dir) == (
        "makura", 7, "easy", "W", "/tmp/x")
    assert args.run == "play:run_play"


def test_unknown_rules_are_one_sentence(capsys: pytest.CaptureFixture[str], tmp_path: Path
                                        ) -> None:
    status = main(["play", "--rules", "no-such-club", "--save-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith("hanchan: cannot use the rules 'no-such-club'")
    assert "Traceback" not in err


def test_unknown_bot_level_is_one_sentence(capsys: pytest.CaptureFixture[str], tmp_path: Path
                                           ) -> None:
    status = main(["play", "--bots", "genius", "--save-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 2 and "'genius' is not a bot level" in err


def test_replay_of_a_missing_or_damaged_file(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    assert main(["replay", str(tmp_path / "none.jsonl")]) == 2
    assert "none.jsonl: no such file" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text("this is not a game\n", encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("hanchan: cannot read bad.jsonl") and "Traceback" not in err
