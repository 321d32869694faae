"""`hanchan import` (and `review` of a log) on hostile files: every one is refused in one
sentence with status 1 -- never read whole, never waited on, never a traceback -- and a
good log is written as a whole game or not at all (docs/cli.md, `import`)."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hanchan.cli.main import main
from hanchan.saves.logs.model import MAX_LOG_BYTES, MAX_NAME_CHARS
from hanchan.saves.reader import load
from hanchan.saves.verify import check_loaded

DATA = Path(__file__).resolve().parents[1] / "data"
REAL = DATA / "rare_logs" / "real_mjai-reviewer_suukantsu_1.json"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_wait() -> Iterator[None]:
    """An import that blocks (the FIFO of the old code) fails the test instead of hanging."""
    def stop(_sig: int, _frame: object) -> None:
        raise TimeoutError("the import blocked")
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("hanchan: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and len(err) < 400, err
    for w in words:
        assert w in err, err
    return err


def _import(tmp_path: Path, log: Path | str, *more: str) -> list[str]:
    return ["import", str(log), "--save-dir", str(tmp_path / "saves"), *more]


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_unread(device: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    _refused(_import(tmp_path, device, "--from", "tenhou6"), capsys, "not a regular file")


def test_a_fifo_is_refused_without_waiting(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "log.json"
    os.mkfifo(fifo)
    _refused(_import(tmp_path, fifo), capsys, "not a regular file")


def test_a_log_longer_than_the_bound_is_refused_unread(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:  # sparse: nothing is written, the size says it
        fh.truncate(MAX_LOG_BYTES + 1)
    _refused(_import(tmp_path, big), capsys, f"at most {MAX_LOG_BYTES:,}")


@pytest.mark.parametrize(("name", "text"), [
    ("deep.json", "[" * 100_000 + "]" * 100_000),
    ("deep.jsonl", '{"type":"start_game","names":' + "[" * 100_000 + "]" * 100_000 + "}\n"),
])
@pytest.mark.parametrize("command", ["import", "review"])
def test_deep_nesting_is_refused(name: str, text: str, command: str, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / name
    log.write_text(text)
    argv = _import(tmp_path, log) if command == "import" else ["review", str(log)]
    _refused(argv, capsys, "nested too deeply")


def test_a_number_of_thousands_of_digits_is_refused_in_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "huge.json"
    log.write_text('{"name":["a","b","c","d"],"log":[],"sc":[' + "9" * 5000 + "]}")
    err = _refused(_import(tmp_path, log), capsys, "thousands of digits")
    assert "set_int_max_str_digits" not in err


@pytest.mark.parametrize("text", [
    '{"name":["a","b","c","d"],"log":[],"sc":[25000,0,25000,0,25000,0,25000,0]}',
    '{"type":"start_game","names":["a","b","c","d"]}\n{"type":"end_game"}\n',
])
def test_a_log_without_a_hand_is_refused(text: str, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / ("empty.jsonl" if text.startswith('{"type"') else "empty.json")
    log.write_text(text)
    _refused(_import(tmp_path, log), capsys, "holds no hand")
    assert not (tmp_path / "saves").exists() or not any((tmp_path / "saves").iterdir())


@pytest.mark.parametrize("length", [MAX_NAME_CHARS + 1, 50_000, 70_000])
def test_a_long_player_name_is_refused(length: int, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(REAL.read_text("utf-8"))
    data["name"][2] = "x" * length
    log = tmp_path / "long.json"
    log.write_text(json.dumps(data))
    _refused(_import(tmp_path, log), capsys, "player 3", f"at most {MAX_NAME_CHARS}")


def test_a_name_at_the_bound_imports_and_verifies(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(REAL.read_text("utf-8"))
    data["name"][0] = "名" * MAX_NAME_CHARS
    log = tmp_path / "long.json"
    log.write_text(json.dumps(data, ensure_ascii=False))
    out = tmp_path / "out.jsonl"
    assert main(["import", str(log), "-o", str(out)]) == 0
    game = load(out)
    assert game.header.seats[0].name == "名" * MAX_NAME_CHARS
    assert check_loaded(game).problem is None


def test_a_doctype_after_2000_characters_is_refused(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "late.xml"
    log.write_text("<!--" + " " * 3000 + '-->\n<!DOCTYPE mjloggm SYSTEM "/etc/passwd">\n'
                   '<mjloggm ver="2.3"><GO type="169" lobby="0"/></mjloggm>\n')
    _refused(_import(tmp_path, log), capsys, "DOCTYPE")


def _limited(limit: int) -> None:
    """In the child: files may grow to ``limit`` bytes; a longer write fails (EFBIG)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


def _cli(argv: list[str], limit: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hanchan.cli", *argv], capture_output=True,
                          text=True, timeout=120, cwd=ROOT, preexec_fn=lambda: _limited(limit),
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_an_import_cut_short_leaves_no_file(tmp_path: Path) -> None:
    """The disk fills after the header (a killed import the same): no header-only game."""
    out = tmp_path / "cut.jsonl"
    proc = _cli(["import", str(REAL), "-o", str(out)], limit=8000)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.startswith("hanchan: cannot write") and "Traceback" not in proc.stderr
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []  # no temporary file left either


def test_export_on_a_full_disk_keeps_the_old_target(tmp_path: Path) -> None:
    game = tmp_path / "game.jsonl"
    assert main(["import", str(REAL), "-o", str(game)]) == 0
    target = tmp_path / "old.json"
    target.write_text("the old export\n")
    proc = _cli(["export", str(game), "--format", "tenhou6", "-o", str(target)], limit=2000)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert target.read_text() == "the old export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl", "old.json"]
