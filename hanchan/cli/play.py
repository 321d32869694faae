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

from hanchan.ai.base import MJAI, BotLevelError, level_name, seat_spec, split_seats
from hanchan.cli.bot_options import mjai_command, mjai_options
from hanchan.cli.inputs import UserError, existing_file, load_rules
from hanchan.cli.parser import SEATS
from hanchan.saves.reader import SaveError, load
from hanchan.saves.writer import save_dir
from hanchan.tui.app import HanchanApp
from hanchan.tui.session import NewGame
from hanchan.tui.settings import ReadSettings, read_settings


def settings_path(folder: Path) -> Path:
    """Where the settings live: ``HANCHAN_SETTINGS`` or ``settings.json`` in the save folder."""
    env = os.environ.get("HANCHAN_SETTINGS")
    return Path(env) if env else folder / "settings.json"


def _settings(args: argparse.Namespace, folder: Path) -> ReadSettings:
    """The settings file's settings, with the command line's over them (its ``--bot-delay``
    checked by the parser)."""
    read = read_settings(settings_path(folder))
    st = read.settings
    if getattr(args, "bot_delay", None) is not None:
        st = replace(st, bot_delay=args.bot_delay)
    if getattr(args, "faces", None):
        st = replace(st, faces=args.faces)
    return replace(read, settings=st)


def open_app(app: HanchanApp) -> int:
    """Run the app until it quits; an error it met on opening is one sentence and status 1.
    Left with Ctrl+Q, a game says where it is saved and how to continue it."""
    status = app.run()
    if app.farewell:
        print(app.farewell)
    if app.error:
        print(f"hanchan: {app.error}", file=sys.stderr)
        return 1
    return int(status or 0)


def game_spec(args: argparse.Namespace, folder: Path | None = None) -> NewGame:
    """The new game ``hanchan play`` asks for (``--practice`` turns practice mode on)."""
    rules = load_rules(args.rules, getattr(args, "length", None))
    if args.practice:
        rules = rules.replace(practice_mode=True)
    seat = SEATS.index(args.seat.upper())
    specs = split_seats(args.bots)
    if len(specs) not in (1, 3):
        raise UserError(f"--bots needs one level for the three bots, or three (right, across, "
                        f"left of you) separated by commas, not {len(specs)}: '{args.bots}'")
    try:
        specs = [seat_spec(x) for x in specs] * (3 if len(specs) == 1 else 1)
    except BotLevelError as exc:
        raise UserError(str(exc)) from None
    levels = [x for x in specs if not x.startswith(MJAI)]
    bots = level_name(levels[0]) if levels else "strong"
    outside = tuple(((seat + 1 + i) % 4, x[len(MJAI):]) for i, x in enumerate(specs)
                    if x.startswith(MJAI))
    if len(set(levels)) > 1:
        raise UserError("the bots of one game share a level; mix one level with mjai bots "
                        f"only, not {', '.join(sorted(set(levels)))}")
    return NewGame(rules, args.seed, bots, seat, folder, mjai=outside,
                   mjai_options=mjai_options(args))


def run_play(args: argparse.Namespace) -> int:
    """Start a game at once."""
    spec = game_spec(args)  # rules and bots checked before the save folder is made
    hint_by = mjai_command("--hint-by", args.hint_by)
    folder = save_dir(args.save_dir)
    read = _settings(args, folder)
    app = HanchanApp("play", new_game=replace(spec, save_dir=folder), save_dir=folder,
                     settings=read.settings, settings_notes=read.notes,
                     settings_path=settings_path(folder), hint_by=hint_by)
    return open_app(app)


def run_menu(args: argparse.Namespace) -> int:
    """Bare ``hanchan``: the main menu."""
    folder = save_dir(args.menu_save_dir)
    read = _settings(args, folder)
    app = HanchanApp("menu", save_dir=folder, settings=read.settings, settings_notes=read.notes,
                     settings_path=settings_path(folder))
    return open_app(app)


def run_replay(args: argparse.Namespace) -> int:
    """Read the file first (a bad file is one sentence), then open the viewer."""
    path = Path(args.file).expanduser()
    existing_file(path, status=2)
    try:
        events = load(path).events
    except SaveError as exc:  # reader errors are plain sentences already
        raise UserError(f"cannot read {path.name}: {exc}", status=1) from None
    if not events:
        raise UserError(f"{path.name} holds no events to replay", status=1)
    app = HanchanApp("replay", path=path, replay_seat=SEATS.index(args.seat.upper()))
    return open_app(app)
