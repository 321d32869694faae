"""The command line's own edges: output that cannot be written, numbers no game can hold,
and messages that showed Python's internals (docs/cli.md, "Mistakes" and the statuses)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hanchan.cli.main import main
from hanchan.engine.game import Game
from hanchan.rulesets.schema import Ruleset

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "rare_logs"
LOG = DATA / "synthetic_haitei.json"
HAND = ["123m456p789s11777z", "--win", "7z", "--ron"]

FULL_STDOUT = {
    "score": ["score", *HAND],
    "score --batch": ["score", "--batch", "-"],
    "verify": ["verify", "{save}"],
    "rules show": ["rules", "show", "tenhou"],
    "review": ["review", str(LOG)],
    "simulate": ["simulate", "--games", "1", "--bots", "random"],
    "drill": ["drill", "fu", "--count", "1", "--seed", "1"],
    "mjai-bot": ["mjai-bot", "--level", "random"],
    "export": ["export", "{save}", "--format", "mjai"],
}
STDIN = {
    "score --batch": '{"hand":"123m456p789s11777z","win":"7z"}\n',
    "drill": "30\n",
    "mjai-bot": '{"type":"start_game","id":0}\n',
}


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("full") / "game.jsonl"
    assert main(["import", str(LOG), "-o", str(path)]) == 0
    return path


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("name", sorted(FULL_STDOUT))
def test_a_full_stdout_is_one_sentence_and_status_1(name: str, save: Path) -> None:
    argv = [a.replace("{save}", str(save)) for a in FULL_STDOUT[name]]
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "hanchan.cli", *argv], stdout=full,
                              stderr=subprocess.PIPE, input=STDIN.get(name, ""), text=True,
                              timeout=300, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 1, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert lines and lines[-1].startswith("hanchan: ") and "Traceback" not in proc.stderr
    assert "No space left on device" in lines[-1], proc.stderr
    assert "Exception ignored" not in proc.stderr


def test_a_closed_pipe_is_said_not_hidden() -> None:
    """`hanchan ... | head -1`: the rest could not be written; status 1, one sentence."""
    proc = subprocess.Popen([sys.executable, "-m", "hanchan.cli", "rules", "show", "ako", "--all"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before it writes: nobody reads
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1, err
    assert err.startswith("hanchan: the output could not be written") and "Traceback" not in err


@pytest.mark.parametrize(("argv", "flag"), [
    (["score", *HAND, "--honba", "99999999999999999999"], "--honba"),
    (["score", *HAND, "--honba", "-1"], "--honba"),
    (["score", *HAND, "--sticks", "401"], "--sticks"),
    (["review", str(LOG), "--top", "-1"], "--top"),
    (["review", str(LOG), "--top", "0"], "--top"),
    (["simulate", "--seed", "9" * 100_000], "--seed"),
    (["simulate", "--jobs", "-1"], "--jobs"),
    (["simulate", "--games", "9" * 5000], "--games"),
    (["play", "--seed", str(2**64)], "--seed"),
    (["drill", "scores", "--count", "9" * 5000], "--count"),
    (["mjai-bot", "--seed", "1e9"], "--seed"),
])
def test_a_number_out_of_range_is_a_usage_error(argv: list[str], flag: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {flag}: must be a whole number from" in err
    assert len(err) < 1000 and "Traceback" not in err


@pytest.mark.parametrize(("argv", "words"), [
    (["simulate", "--games", "1000001"], "--games must be at most 1,000,000"),
    (["simulate", "--games", "1", "--mjai-timeout", "inf"], "--mjai-timeout"),
    (["simulate", "--games", "1", "--mjai-timeout", "nan"], "--mjai-timeout"),
])
def test_counts_and_timeouts_are_bounded(argv: list[str], words: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_batch_honba_is_bounded_like_the_flag(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    lines = [{"hand": "123m456p789s11777z", "win": "7z", "honba": 10**20},
             {"hand": "123m456p789s11777z", "win": "7z", "sticks": 401},
             {"hand": "123m456p789s11777z", "win": "7z", "honba": 100, "sticks": 400}]
    text = "".join(json.dumps(x) + "\n" for x in lines) + '{"hand": ' + "9" * 5000 + "}\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert main(["score", "--batch", "-"]) == 0
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert "honba must be a whole number from 0 to 100" in out[0]["error"]
    assert "sticks must be a whole number from 0 to 400" in out[1]["error"]
    assert out[2]["valid"] is True
    assert "thousands of digits" in out[3]["error"]
    assert "set_int_max_str_digits" not in out[3]["error"]


def test_the_flags_and_the_batch_share_their_bounds() -> None:
    from hanchan.cli.parser import MAX_HONBA, MAX_STICKS  # noqa: PLC0415 - only this test
    from hanchan.words.hands import MAX_COUNTS  # noqa: PLC0415

    assert MAX_COUNTS == {"honba": MAX_HONBA, "sticks": MAX_STICKS}


def test_a_drill_answer_of_100000_digits_is_explained(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    answers = "9" * 100_000 + "\n" + "3 " + "9" * 5000 + "\nquit\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    assert main(["drill", "scores", "--count", "1", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("far larger than any score") == 2 and "No question answered" in out


def test_a_long_rules_name_in_a_batch_is_a_plain_sentence(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps({"rules": "x" * 300, "hand": "123m456p789s11777z", "win": "7z"}) + "\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert main(["score", "--batch", "-"]) == 0
    error = json.loads(capsys.readouterr().out)["error"]
    assert "no preset called" in error
    assert "internal error" not in error and "Errno" not in error


def test_an_mjai_event_without_its_actor_is_said_in_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from hanchan.saves.logs.mjai import format_mjai  # noqa: PLC0415 - only this test
    from hanchan.saves.logs.tenhou6 import parse_tenhou6  # noqa: PLC0415

    lines = format_mjai(parse_tenhou6(LOG.read_text("utf-8"))).splitlines()
    k = next(i for i, x in enumerate(lines) if '"dahai"' in x)
    event = json.loads(lines[k])
    del event["actor"]
    lines[k] = json.dumps(event)
    log = tmp_path / "x.mjson"
    log.write_text("\n".join(lines) + "\n")
    assert main(["import", str(log), "--save-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert 'has no "actor" field' in err and "missing key" not in err


def test_a_game_resumed_before_its_first_hand_deals_it() -> None:
    game = Game(Ruleset(), seed=5)
    resumed = Game.from_events(game.events[:1])  # it raised "stuck in phase new"
    assert resumed.events == game.events
