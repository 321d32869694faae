"""What every command checks the same way: a bad ruleset, a bad bot level, the save folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanchan.ai.base import LEVELS
from hanchan.cli.main import main
from hanchan.cli.parser import BOT_LEVELS, LOG_FORMATS
from hanchan.saves.open import LOG_FORMATS as READABLE

BAD_RULES = [
    ["play", "--rules", "makra"],
    ["score", "123m456p789s345s99p", "--win", "4s", "--ron", "--rules", "makra"],
    ["simulate", "--games", "1", "--rules", "makra"],
    ["rules", "show", "makra"],
    ["rules", "diff", "tenhou", "makra"],
    ["rules", "yaku", "--rules", "makra"],
]


@pytest.mark.parametrize("argv", BAD_RULES, ids=lambda a: " ".join(a[:2]))
def test_a_bad_ruleset_is_one_sentence_and_status_2(
        argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    if argv[0] == "play":
        argv = [*argv, "--save-dir", str(tmp_path)]
    status = main(argv)
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err == ("hanchan: cannot use the rules 'makra': makra: no preset called 'makra' "
                   "and no such file. Did you mean 'makura'? Presets: ako, gpc, mahjongsoul, "
                   "makura, makura-gp, teireikai, tenhou, yokoyoko.\n")
    assert not list(tmp_path.iterdir())  # checked before anything is written


def test_a_broken_ruleset_file_names_its_problems(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "tenhou"\nred_fives = 9\nkuitan = true\n', encoding="utf-8")
    for argv in (["simulate", "--rules", str(bad)], ["rules", "show", str(bad)],
                 ["score", "123m456p789s345s99p", "--win", "4s", "--ron", "--rules", str(bad)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"hanchan: cannot use the rules '{bad}': {bad}: 2 problems:")
        assert "red_fives" in err and "kuitan" in err


@pytest.mark.parametrize("argv", [["play", "--bots", "Genius"],
                                  ["simulate", "--games", "1", "--bots", "easy,Genius,easy,easy"]])
def test_a_bad_bot_level_is_one_sentence(argv: list[str], capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    status = main([*argv, "--save-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 2
    assert err == f"hanchan: 'Genius' is not a bot level; choose one of {', '.join(LEVELS)}\n"


def test_the_help_names_every_bot_level() -> None:
    assert BOT_LEVELS == ", ".join(LEVELS)


def test_import_and_export_offer_the_formats_the_saves_read() -> None:
    assert LOG_FORMATS == READABLE
