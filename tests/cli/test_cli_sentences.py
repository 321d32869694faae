"""The command line's own mistakes in one sentence (docs/cli.md, Conventions): usage errors,
a missing file in every command, the menu's ``--save-dir``, a batch request's ``"ron"``."""

from __future__ import annotations

import argparse
import json
import sys
from io import StringIO
from pathlib import Path

import pytest

from hanchan.cli import play
from hanchan.cli.main import main
from hanchan.cli.parser import DOCS, parse
from hanchan.tui.app import HanchanApp
from tests.cli.test_cli_review import _saved


@pytest.mark.parametrize(("argv", "flag", "helps"), [
    (["play", "--seat", "Q"], "--seat", "hanchan play --help"),
    (["score", "--honba", "x"], "--honba", "hanchan score --help"),
    (["rules", "yaku", "--rules"], "--rules", "hanchan rules yaku --help"),
    (["replay"], "FILE", "hanchan replay --help"),
    (["frob"], "COMMAND", "hanchan --help"),
    (["play", "--nope"], "--nope", "hanchan --help"),
    (["--save-dir"], "--save-dir", "hanchan --help"),
])
def test_a_usage_error_is_one_sentence_naming_the_flag(
        argv: list[str], flag: str, helps: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.count("\n") == 1 and err.startswith("hanchan: ") and "usage:" not in err
    assert flag in err and f"`{helps}`" in err and DOCS in err


def test_the_menu_takes_a_save_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Path | None] = []

    def fake_open(app: HanchanApp) -> int:
        opened.append(app.save_dir)
        return 0

    monkeypatch.setattr(play, "open_app", fake_open)
    monkeypatch.delenv("HANCHAN_SETTINGS", raising=False)
    assert main(["--save-dir", str(tmp_path / "games")]) == 0
    assert opened == [tmp_path / "games"]


def test_a_save_folder_before_the_command_is_the_commands() -> None:
    assert parse(["--save-dir", "/a", "play"]).save_dir == "/a"
    assert parse(["--save-dir", "/a", "play", "--save-dir", "/b"]).save_dir == "/b"
    assert parse(["play"]).save_dir is None
    with pytest.raises(SystemExit):  # a command without a save folder refuses it
        parse(["--save-dir", "/a", "verify", "x.jsonl"])


@pytest.mark.parametrize(("argv", "status"), [
    (["replay", "{f}"], 2),
    (["review", "{f}"], 1),
    (["import", "{f}"], 1),
    (["export", "{f}", "--format", "mjai"], 1),
    (["score", "--batch", "{f}"], 1),
    (["drill", "discards", "{f}"], 1),
])
def test_a_missing_file_has_one_wording(argv: list[str], status: int, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.jsonl"
    assert main([a.format(f=missing) for a in argv]) == status
    assert capsys.readouterr().err == f"hanchan: {missing}: no such file\n"


def test_verify_says_the_same_of_a_missing_file(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.jsonl"
    assert main(["verify", str(missing)]) == 1
    assert capsys.readouterr().out == f"{missing}: no such file\n"


def test_review_of_a_save_damaged_in_its_header_says_what_verify_says(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = _saved(tmp_path)
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text(lines[0][:60] + "\n" + "".join(lines[1:]), encoding="utf-8")
    assert main(["verify", str(damaged)]) == 1
    said = capsys.readouterr().out.strip()
    assert main(["review", str(damaged)]) == 1
    err = capsys.readouterr().err
    assert err == f"hanchan: cannot review {said}\n" and "mjai" not in err


def test_review_of_a_save_damaged_later_says_what_verify_says(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = _saved(tmp_path)
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[9] = '{"type": "Drew"\n'
    game.write_text("".join(lines), encoding="utf-8")
    assert main(["verify", str(game)]) == 1
    said = capsys.readouterr().out.strip()
    assert main(["review", str(game)]) == 1
    assert capsys.readouterr().err == f"hanchan: cannot review {said}\n"


def _batch(lines: list[dict[str, object]], monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    monkeypatch.setattr(sys, "stdin", StringIO("".join(json.dumps(x) + "\n" for x in lines)))
    assert main(["score", "--batch", "-"]) == 0
    return [json.loads(x) for x in capsys.readouterr().out.splitlines()]


def test_a_batch_request_takes_ron_as_the_opposite_of_tsumo(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    hand: dict[str, object] = {"hand": "123m456p789s1122z", "win": "2z", "seat": "S"}
    ron, tsumo, plain, plain_tsumo, both = _batch(
        [{**hand, "ron": True}, {**hand, "ron": False}, hand, {**hand, "tsumo": True},
         {**hand, "ron": True, "tsumo": True}], monkeypatch, capsys)
    assert ron == plain and ron["points"] == {"ron": 1300}
    assert tsumo == plain_tsumo and "tsumo_dealer" in tsumo["points"]  # type: ignore[operator]
    assert both == {"valid": False,
                    "error": "\"ron\" and \"tsumo\" disagree: a hand is won by one of them"}


def test_the_docs_say_what_ron_means() -> None:
    text = (Path(__file__).resolve().parents[2] / DOCS).read_text(encoding="utf-8")
    assert "| `ron` | bool: the opposite of `tsumo`" in text
    assert "`hanchan --save-dir DIR`" in text and "`FILE: no such file`" in text


def test_parse_keeps_the_menu_folder_apart() -> None:
    args = parse(["--save-dir", "/m"])
    assert isinstance(args, argparse.Namespace) and args.menu_save_dir == "/m"
    assert args.command is None and args.run == "play:run_menu"
