"""Smoke test in a real terminal: ``hanchan play --seed 1`` under tmux, keys in, screen out.

Skipped when tmux is not installed (``apt-get install -y tmux``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
HANCHAN = Path(sys.executable).with_name("hanchan")


def tmux(*args: str) -> str:
    assert TMUX is not None
    out = subprocess.run([TMUX, *args], capture_output=True, text=True, timeout=10)
    return out.stdout


def screen(name: str) -> str:
    return tmux("capture-pane", "-p", "-t", name)


def wait_for(name: str, predicate: Callable[[str], bool], timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        text = screen(name)
        if predicate(text):
            return text
        time.sleep(0.05)
    raise AssertionError(f"screen never matched; last screen:\n{text}")


def alive(name: str) -> bool:
    assert TMUX is not None
    return subprocess.run([TMUX, "has-session", "-t", name], capture_output=True).returncode == 0


def test_play_seed_1_in_tmux(tmp_path: Path) -> None:
    if not HANCHAN.exists():
        pytest.skip(f"the hanchan script is not installed next to {sys.executable}")
    name = f"hanchan-smoke-{os.getpid()}"
    save_dir = tmp_path / "saves"
    command = (
        f"env -u COLUMNS -u LINES HANCHAN_SETTINGS={tmp_path / 'settings.json'} "
        f"{HANCHAN} play --seed 1 --bots greedy "
        f"--bot-delay 0 --save-dir {save_dir}; echo EXITED $?; sleep 30"
    )
    tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "32", command)
    try:
        tmux("resize-window", "-t", name, "-x", "100", "-y", "32")
        first = wait_for(name, lambda t: "Wall" in t and "Discard" in t)
        assert "East 1" in first
        assert "┌" in first and "└" in first  # the framed hand
        tmux("send-keys", "-t", name, "1")
        tmux("send-keys", "-t", name, "Enter")
        wait_for(name, lambda t: t != first)
        # the save file is created in a thread just after the table shows: wait for it
        deadline = time.monotonic() + 10
        while not list(save_dir.glob("*.jsonl")) and time.monotonic() < deadline:
            time.sleep(0.05)
        files = list(save_dir.glob("*.jsonl"))
        assert files, "no save file was created"
        game = files[0]

        def discarded() -> bool:
            lines = game.read_text(encoding="utf-8").splitlines()[1:]
            events = [json.loads(line) for line in lines if line.strip()]
            return any(e.get("type") == "Discarded" and e.get("seat") == 0 for e in events)

        deadline = time.monotonic() + 10
        while not discarded() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert discarded(), "the discard did not reach the save file"
        tmux("send-keys", "-t", name, "C-q")
        done = wait_for(name, lambda t: "EXITED" in t, timeout=15)
        assert "EXITED 0" in done
        assert (save_dir / "autosave.json").exists()  # the game can be continued
    finally:
        if alive(name):
            tmux("kill-session", "-t", name)
