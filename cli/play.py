"""``hanchan`` (the menu), ``hanchan play`` and ``hanchan replay``: the commands that open the app.

This is the only module of the command line that imports Textual (through
``tui.app``); ``cli.main`` imports it only for these three commands.  Everything
the command line can check is checked before the app opens, so a mistake is one
sentence on stderr, not a screen.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace
from pathlib import Path

from ai.base import BotLevelError, level_name
from cli.inputs import UserError, load_rules
from cli.parser import SEATS
from saves.reader import SaveError, load
from saves.writer import save_dir
from tui.app import HanchanApp
from tui.session import NewGame
from tui.settings import Settings, load_settings


def settings_path(folder: Path) -> Path:
    """Where the settings live: ``HANCHAN_SETTINGS`` or ``settings.json`` in the save folder."""
    env = os.environ.get("HANCHAN_SETTINGS")
    return Path(env) if env else folder / "settings.json"


def _settings(args: argparse.Namespace, folder: Path) -> Settings:
    st = load_settings(settings_path(folder))
    if getattr(args, "bot_delay", None) is not None:
        st = replace(st, bot_delay=max(0.0, args.bot_delay))
    if getattr(args, "faces", None):
        st = replace(st, faces=args.faces)
    return st


def open_app(app: HanchanApp) -> int:
    """Run the app until it quits; an error it met on opening is one sentence and status 1."""
    status = app.run()
    if app.error:
        print(f"hanchan: {app.error}", file=sys.stderr)
        return 1
    return int(status or 0)


def game_spec(args: argparse.Namespace, folder: Path | None = None) -> NewGame:
    """The new game ``hanchan play`` asks for (``--practice`` turns practice mode on)."""
    rules = load_rules(args.rules)
    if args.practice:
        rules = rules.replace(practice_mode=True)
    try:
        bots = level_name(args.bots)
    except BotLevelError as exc:
        raise UserError(str(exc)) from None
    return NewGame(rules, args.seed, bots, SEATS.index(args.seat.upper()), folder)


def run_play(args: argparse.Namespace) -> int:
    """Start a game at once."""
    spec = game_spec(args)  # rules and bots checked before the save folder is made
    folder = save_dir(args.save_dir)
    app = HanchanApp("play", new_game=replace(spec, save_dir=folder), save_dir=folder,
                     settings=_settings(args, folder), settings_path=settings_path(folder))
    return open_app(app)


def run_menu(args: argparse.Namespace) -> int:
    """Bare ``hanchan``: the main menu."""
    folder = save_dir(getattr(args, "save_dir", None))
    app = HanchanApp("menu", save_dir=folder, settings=_settings(args, folder),
                     settings_path=settings_path(folder))
    return open_app(app)


def run_replay(args: argparse.Namespace) -> int:
    """Read the file first (a bad file is one sentence), then open the viewer."""
    path = Path(args.file).expanduser()
    if not path.is_file():
        raise UserError(f"there is no file at {path}")
    try:
        events = load(path).events
    except SaveError as exc:  # reader errors are plain sentences already
        raise UserError(f"cannot read {path.name}: {exc}", status=1) from None
    if not events:
        raise UserError(f"{path.name} holds no events to replay", status=1)
    app = HanchanApp("replay", path=path, replay_seat=SEATS.index(args.seat.upper()))
    return open_app(app)
