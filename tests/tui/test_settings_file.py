"""``settings.json`` as hostile input: it is data, bounded, never blocks, never written
through a link, and a bad value gets its default and one sentence (issue 35, item 6)."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from hanchan.cli.main import main
from hanchan.cli.parser import MAX_BOT_DELAY as CLI_MAX_BOT_DELAY
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.menu import MenuScreen
from hanchan.tui.settings import MAX_BOT_DELAY, ReadSettings, Settings, read_settings, save_settings
from tests.kit.screen_text import screen_text

SIZE = (120, 40)


def settings_file(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "settings.json"
    path.write_bytes(data)
    return path


def test_a_deeply_nested_file_gives_the_defaults_and_says_so(tmp_path: Path) -> None:
    path = settings_file(tmp_path, b"[" * 30_000 + b"]" * 30_000)
    read = read_settings(path)
    assert read.settings == Settings()
    assert read.notes == ("settings.json is nested too deeply; the default settings are used.",)


async def test_the_app_starts_over_a_deeply_nested_file_and_says_so(tmp_path: Path) -> None:
    path = settings_file(tmp_path, b"{\"a\":" * 10_000 + b"1" + b"}" * 10_000)
    app = HanchanApp("menu", save_dir=tmp_path, settings_path=path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert "settings.json is nested too deeply; the default" in screen_text(app)


def test_a_huge_file_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    with open(path, "wb") as fh:
        fh.truncate(3 * 1024**3)  # sparse: 3 GB long, nothing on the disk
    read = read_settings(path)
    assert read.settings == Settings()
    assert read.notes == ("settings.json is 3,221,225,472 bytes; a settings file is at most "
                          "65,536; the default settings are used.",)


def _unblock(path: Path) -> None:
    """Open the FIFO's other end, so an old writer blocked on it comes back."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    os.close(fd)


def test_a_fifo_is_neither_waited_for_nor_written_through(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    read = read_settings(path)  # opened without blocking: a FIFO with no writer is no wait
    assert read.settings == Settings()
    assert "settings.json is not a regular file" in read.notes[0]
    done = threading.Event()

    def write() -> None:
        save_settings(path, Settings(show_help=False))
        done.set()

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    finished = done.wait(timeout=10)
    if not finished:  # the old code blocks in open(): let it go before failing
        _unblock(path)
        writer.join(timeout=10)
    assert finished, "writing the settings blocked on a FIFO"
    assert path.is_file() and not path.is_symlink()
    assert read_settings(path).settings == Settings(show_help=False)


def test_a_link_is_replaced_and_its_target_kept(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("do not overwrite\n", encoding="utf-8")
    path = tmp_path / "settings.json"
    path.symlink_to(target)
    save_settings(path, Settings(faces="kanji"))
    assert target.read_text(encoding="utf-8") == "do not overwrite\n"
    assert not path.is_symlink()
    assert read_settings(path) == ReadSettings(Settings(faces="kanji"))


@pytest.mark.parametrize("value", ["1e308", "-0.5", "1e400", "NaN", '"fast"', "true",
                                   "2.5"])
def test_a_bad_bot_delay_gets_the_default_and_one_sentence(tmp_path: Path, value: str) -> None:
    path = settings_file(tmp_path, f'{{"bot_delay": {value}, "faces": "kanji"}}'.encode())
    read = read_settings(path)
    assert read.settings == Settings(faces="kanji")  # the good values kept
    assert len(read.notes) == 1
    assert read.notes[0].startswith("settings.json: bot_delay ")
    assert read.notes[0].endswith(" is not a pause of 0 to 2 seconds; 0.4 is used.")


def test_good_values_are_read_and_bad_ones_named(tmp_path: Path) -> None:
    data = {"faces": "<script>", "show_help": "no", "bot_delay": 1, "score_call": True,
            "keep_toggles": True, "auto_win": True, "unknown": [1, 2]}
    read = read_settings(settings_file(tmp_path, json.dumps(data).encode()))
    assert read.settings == Settings(bot_delay=1.0, score_call=True, keep_toggles=True,
                                     auto_win=True)
    assert read.notes == (
        'settings.json: show_help must be true or false, not "no"; true is used.',
        'settings.json: faces must be letters, kanji, glyphs, not "<script>"; letters is used.',
    )


async def test_the_bots_move_over_a_bot_delay_of_1e308(tmp_path: Path) -> None:
    path = settings_file(tmp_path, b'{"bot_delay": 1e308}')
    app = HanchanApp("menu", save_dir=tmp_path, settings_path=path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert app.settings.bot_delay == Settings().bot_delay
        assert "bot_delay 1e+308 is not a pause of 0 to 2" in screen_text(app)


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "1e308", "2.01", "soon"])
def test_the_command_line_refuses_a_bad_bot_delay(value: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", "--bot-delay", value, "--save-dir", str(tmp_path)])
    assert stop.value.code == 2
    last = capsys.readouterr().err.splitlines()[-1]
    assert last in (f"hanchan: argument --bot-delay: {value} is not a pause of 0 to 2 seconds; "
                    "see `hanchan play --help` or docs/cli.md",
                    f"hanchan: argument --bot-delay: '{value}' is not a number of seconds; "
                    "see `hanchan play --help` or docs/cli.md")
    assert not list(tmp_path.iterdir())


def test_the_command_line_and_the_settings_share_the_limit() -> None:
    assert CLI_MAX_BOT_DELAY == MAX_BOT_DELAY
