"""``--length east|south`` (issue 40 item 5): an East-only game is the preset with only its
``length`` changed, so the preset's own extension round and agariyame still hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanchan.cli.main import main
from hanchan.cli.parser import build_parser
from hanchan.cli.play import game_spec
from hanchan.engine.events import GameEnded, HandStarted
from hanchan.rulesets import load_ruleset
from hanchan.saves.reader import load as load_game


def test_play_length_east_is_the_preset_with_only_its_length_changed() -> None:
    spec = game_spec(build_parser().parse_args(["play", "--rules", "makura", "--length",
                                                "east"]))
    assert spec.rules == load_ruleset("makura").replace(length="east")
    south = game_spec(build_parser().parse_args(["play", "--rules", "makura", "--length",
                                                 "south"]))
    assert south.rules == load_ruleset("makura")
    assert game_spec(build_parser().parse_args(["play"])).rules == load_ruleset("tenhou")


def test_a_bad_length_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(["play", "--length", "west"])
    assert exc.value.code == 2
    assert "--length" in capsys.readouterr().err


def test_east_only_games_end_after_east_4_by_the_rules(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tenhou's 東風戦: the game ends after East 4 unless nobody has 30,000; then it goes
    on into South (sudden death) and never past South 4 (tenhou extension_last_round)."""
    assert main(["simulate", "--length", "east", "--games", "8", "--seed", "3", "--bots",
                 "greedy", "--save-dir", str(tmp_path), "--json"]) == 0
    ended_in_east = 0
    for path in sorted(tmp_path.glob("*.jsonl")):
        game = load_game(path)
        assert game.finished and game.rules.length == "east"
        starts = [e for e in game.events if isinstance(e, HandStarted)]
        end = game.events[-1]
        assert isinstance(end, GameEnded)
        assert all(s.round_wind <= 1 for s in starts), path  # South at most
        south = [s for s in starts if s.round_wind == 1]
        if south:  # the extension: nobody had 30,000 after East 4
            assert max(south[0].scores) < 30000, path
        elif end.reason != "bust":  # tenhou: a score below zero ends it at once
            ended_in_east += 1
            assert starts[-1].hand_number == 3, path  # East 4 (or its renchan)
    assert ended_in_east > 0


def test_rules_show_states_both_lengths_with_the_presets_own_ending(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "show", "tenhou"]) == 0
    out = capsys.readouterr().out
    east = next(line for line in out.splitlines() if "東風戦" in line and "--length east" in line)
    assert "ends after East 4" in east and "South round (sudden death)" in east
    assert "to South 4 at most" in east
    assert main(["rules", "show", "makura"]) == 0
    east = next(line for line in capsys.readouterr().out.splitlines()
                if "--length east" in line and "東風戦" in line)
    # makura 2): 西入なし; makura 4): the last dealer may always stop after a win
    assert "ends after East 4; no extension round" in east
    assert "may choose to stop regardless of standing" in east
