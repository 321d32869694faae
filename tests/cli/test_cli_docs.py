"""docs/cli.md against the real parser: every command, flag, choice and JSON key is written down."""

from __future__ import annotations

import argparse
import re
import subprocess
from pathlib import Path

import pytest

from hanchan.cli.main import main
from hanchan.cli.parser import DOCS, build_parser
from hanchan.engine.events import GameStarted
from hanchan.engine.scoring.registry import NAMES
from hanchan.saves.codec import SeatInfo
from hanchan.saves.writer import GameWriter, make_header
from hanchan.words.hands import REQUEST_KEYS
from tests.kit.saved_games import played_game

REPO = Path(__file__).resolve().parents[2]
TEXT = (REPO / DOCS).read_text(encoding="utf-8")


def _sections() -> dict[str, str]:
    """The text under each '## ' heading, by heading."""
    parts = re.split(r"^## ", TEXT, flags=re.M)[1:]
    return {p.split("\n", 1)[0]: p for p in parts}


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _commands() -> list[tuple[str, argparse.ArgumentParser]]:
    out = []
    for name, p in _subparsers(build_parser()).items():
        out.append((name, p))
        out.extend((name, sp) for sp in _subparsers(p).values())
    return out


def _section(command: str) -> str:
    found = [body for head, body in _sections().items() if f"`hanchan {command}" in head]
    assert len(found) == 1, f"docs/cli.md has no one section for `hanchan {command}`"
    return found[0]


@pytest.mark.parametrize("command, parser", _commands(), ids=lambda x: getattr(x, "prog", x))
def test_every_flag_and_choice_is_documented(command: str,
                                             parser: argparse.ArgumentParser) -> None:
    section = _section(command)
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        for flag in action.option_strings:
            assert re.search(rf"(?<![\w-]){re.escape(flag)}\b", section), f"{parser.prog}: {flag}"
        if not action.option_strings:
            assert f"`{action.metavar}" in section or f" {action.metavar}" in section, (
                f"{parser.prog}: {action.metavar}")
        for choice in action.choices or ():
            assert str(choice) in section, f"{parser.prog}: {choice}"


def test_every_rules_subcommand_is_documented() -> None:
    rules = _section("rules")
    for name in _subparsers(_subparsers(build_parser())["rules"]):
        assert f"| `{name}" in rules


def test_every_yaku_id_and_request_key_is_documented() -> None:
    score = _section("score")
    listed = score.split("**Yaku ids**", 1)[1]
    for yaku_id in NAMES:
        assert re.search(rf"\b{yaku_id}\b", listed), yaku_id
    batch = score.split("### The batch request", 1)[1].split("###", 1)[0]
    for key in REQUEST_KEYS:
        assert f"`{key}`" in batch, key


def test_the_help_and_the_readme_point_at_the_docs() -> None:
    assert DOCS in build_parser().format_help()
    assert "(docs/cli.md)" in (REPO / "README.md").read_text(encoding="utf-8")


def test_the_repository_points_at_nothing_outside_it() -> None:
    files = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True,
                           check=True).stdout.split()
    offenders = [f for f in files if f.endswith((".py", ".md", ".toml"))
                 and "shared/CLI.md" in (REPO / f).read_text(encoding="utf-8")
                 and f != "tests/cli/test_cli_docs.py"]
    assert offenders == []


def test_verify_prints_the_documented_lines(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Each form of line the verify section shows is what verify prints."""
    section = _section("verify")
    good = "`ok: FILE: N hands, RULES, final: E 45,300 (+45.3), S ...`"
    part = "`ok: FILE: N hands, RULES, unfinished at S2-1`"
    bad = "`FILE: E1-0, line 57: ron 2900 recorded, 3900 computed (dora)`"
    for form in (good, part, bad):
        assert form in section, form
    events = played_game(1)
    seats = [SeatInfo("You")] + [SeatInfo(f"Bot {i}", "easy") for i in range(3)]
    start = events[0]
    assert isinstance(start, GameStarted)
    header = make_header(start.ruleset.to_dict(), seats, start.seed)
    files = []
    for name, chunk in (("whole", events), ("part", events[:300])):
        with GameWriter.create(tmp_path, header, name=name, pointer=False) as w:
            w.extend(list(chunk))
        files.append(str(w.path))
    assert main(["verify", *files]) == 0
    out = capsys.readouterr().out.splitlines()
    money = r"-?[\d,]+ \([+-]\d+\.\d\)"
    assert re.fullmatch(rf"ok: {re.escape(files[0])}: \d+ hands, tenhou, final: "
                        rf"[ESWN] {money}(, [ESWN] {money}){{3}}", out[0]), out[0]
    assert re.fullmatch(rf"ok: {re.escape(files[1])}: \d+ hands, tenhou, unfinished at "
                        r"[ESWN]\d-\d+", out[1]), out[1]
