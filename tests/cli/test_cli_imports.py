"""Only the commands that open the app load Textual: the others start without it.

``score`` and ``rules`` load neither the bots nor the save-file tools either: their
start-up is most of their run time (``benchmarks/bench_startup.py``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# Runs the command in a fresh interpreter, then prints which heavy packages it loaded.
PROBE = """
import contextlib, io, json, sys
from hanchan.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main(sys.argv[1:])
loaded = sorted({m.removeprefix("hanchan.").split(".")[0] for m in sys.modules}
                & {"textual", "rich", "tui", "ai", "saves"})
print(json.dumps({"status": status, "loaded": loaded}))
"""


def _run(*argv: str) -> dict[str, object]:
    proc = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True,
                          text=True, timeout=120, check=True)
    result: dict[str, object] = json.loads(proc.stdout.splitlines()[-1])
    return result


@pytest.mark.parametrize("argv", [
    ["score", "123m456p789s1122z", "--win", "2z", "--ron", "--seat", "S"],
    ["rules", "show", "makura"],
    ["rules", "yaku", "--json"],
])
def test_score_and_rules_load_neither_textual_nor_the_bots_nor_saves(argv: list[str]) -> None:
    assert _run(*argv) == {"status": 0, "loaded": []}


def test_verify_export_and_import_load_no_textual(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    assert _run("simulate", "--games", "1", "--bots", "random", "--save-dir", str(tmp_path)
                ) == {"status": 0, "loaded": ["ai", "saves"]}
    [save] = tmp_path.glob("*.jsonl")
    assert _run("verify", str(save)) == {"status": 0, "loaded": ["saves"]}
    log = tmp_path / "g.json"
    assert _run("export", str(save), "--format", "tenhou6", "-o", str(log))["loaded"] == ["saves"]
    assert _run("import", str(log), "-o", str(tmp_path / "back.jsonl")
                ) == {"status": 0, "loaded": ["saves"]}


def test_play_is_what_loads_textual() -> None:
    # a bad bot level stops `play` before the app opens, after its module loaded
    proc = subprocess.run([sys.executable, "-c", PROBE, "play", "--bots", "genius"],
                          capture_output=True, text=True, timeout=120, check=True)
    result = json.loads(proc.stdout.splitlines()[-1])
    assert result["status"] == 2 and "textual" in result["loaded"]


# `hanchan play` as far as its first table: the command's module, the game it asks for,
# and the session with its bots and their first moves; then which of the mjai bridge's
# modules (subprocesses, the protocol, the log models, the arena) were loaded.
SESSION = """
import json, sys
from hanchan.cli.main import build_parser, command
run_play = command("play:run_play")
from hanchan.cli.play import game_spec
from hanchan.tui.session import PlaySession
args = build_parser().parse_args(["play", "--seed", "3", *sys.argv[1:]])
session = PlaySession.new(game_spec(args))
session.run_bots()
bridge = ("hanchan.ai.mjai.seat", "hanchan.ai.mjai.protocol", "hanchan.saves.logs",
          "hanchan.ai.arena", "hanchan.cli.simulate")
print(json.dumps(sorted(m for m in bridge if m in sys.modules)))
session.close()
"""


def test_play_without_an_mjai_seat_loads_no_mjai_bridge() -> None:
    def loaded(*argv: str) -> list[str]:
        proc = subprocess.run([sys.executable, "-c", SESSION, *argv], capture_output=True,
                              text=True, timeout=120, check=True)
        result: list[str] = json.loads(proc.stdout.splitlines()[-1])
        return result

    assert loaded("--bots", "normal") == []
    # an mjai seat loads the bridge where it is made (the bot is `cat`: it never replies
    # in time, and the seat plays on as the strong bot)
    assert loaded("--bots", "mjai:cat,normal,normal", "--mjai-timeout", "0.01") == [
        "hanchan.ai.mjai.protocol", "hanchan.ai.mjai.seat", "hanchan.saves.logs"]
