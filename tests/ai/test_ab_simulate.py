"""benchmarks/ab_simulate.py: two checkouts timed game by game."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.ab_simulate import main

REPO = Path(__file__).resolve().parents[2]


def test_a_checkout_against_itself(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(REPO), str(REPO), "--games", "2", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "B faster in" in out and out.count("load average") == 2


def test_a_directory_without_the_code_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main([str(REPO), str(tmp_path)])
