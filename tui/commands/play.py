"""``hanchan play`` (start a hanchan at once) and ``run_menu`` (bare ``hanchan``: the menu)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.session import NewGame

SEATS = "ESWN"
DEFAULT_BOTS = "normal"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` sub-command."""
    p = subparsers.add_parser(
        "play",
        help="start a hanchan against three bots",
        description="Start a hanchan at once against three bots. Ctrl+Q quits, saving.",
    )
    p.add_argument("--rules", metavar="NAME|FILE", default=None,
                   help="a preset name or a ruleset TOML file (default: tenhou's rules)")
    p.add_argument("--practice", action="store_true",
                   help="practice mode: you may make the mistakes the rules penalise (a false "
                        "tsumo or ron, riichi while noten, a false call) and pay the penalty")
    p.add_argument("--seed", type=int, default=None, help="seed of the walls and bots")
    p.add_argument("--bots", metavar="LEVEL", default=DEFAULT_BOTS,
                   help="bot level: random, greedy, easy, normal or strong")
    p.add_argument("--seat", choices=list(SEATS) + list(SEATS.lower()), default="E",
                   help="your seat at the start: E, S, W or N")
    p.add_argument("--save-dir", metavar="DIR", default=None,
                   help="where games are saved (default: the user's data directory)")
    p.add_argument("--bot-delay", metavar="SECONDS", type=float, default=None,
                   help="pause between the bots' moves (default 0.4, or the saved setting)")
    p.add_argument("--faces", choices=("letters", "kanji", "glyphs"), default=None,
                   help="tile faces: letters (5m), kanji (五萬) or Unicode glyphs")
    p.set_defaults(func=run_play)


def load_rules(name: str | None):  # type: ignore[no-untyped-def]
    """The chosen rules; a plain-sentence ``UserError`` when they cannot be loaded."""
    from rulesets.schema import Ruleset
    from tui.cli import UserError

    if name is None:
        return Ruleset()
    try:
        from rulesets import load

        return load(name)
    except Exception as exc:  # noqa: BLE001 - every loader problem becomes one message
        raise UserError(f"cannot use the rules '{name}': {exc}") from None


def resolve_save_dir(arg: str | None) -> Path:
    """``--save-dir`` or the default data directory."""
    if arg:
        return Path(arg).expanduser()
    from tui.savefiles import default_dir

    return default_dir()


def settings_path(save_dir: Path) -> Path:
    """Where the settings live: ``HANCHAN_SETTINGS`` or ``settings.json`` in the save dir."""
    env = os.environ.get("HANCHAN_SETTINGS")
    return Path(env) if env else save_dir / "settings.json"


def _check_bots(level: str) -> str:
    from ai.base import LEVELS
    from tui.cli import UserError

    name = level.strip().lower()
    if name not in LEVELS:
        raise UserError(f"'{level}' is not a bot level; choose one of {', '.join(LEVELS)}")
    return name


def _settings(args: argparse.Namespace, save_dir: Path):  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from tui.settings import load_settings

    st = load_settings(settings_path(save_dir))
    if getattr(args, "bot_delay", None) is not None:
        st = replace(st, bot_delay=max(0.0, args.bot_delay))
    if getattr(args, "faces", None):
        st = replace(st, faces=args.faces)
    return st


def _run(app) -> int:  # type: ignore[no-untyped-def]
    import sys

    status = app.run()
    if app.error:
        print(f"hanchan: {app.error}", file=sys.stderr)
        return 1
    return int(status or 0)


def game_spec(args: argparse.Namespace, save_dir: Path | None = None) -> NewGame:
    """The new game ``hanchan play`` asks for (``--practice`` turns practice mode on)."""
    from tui.session import NewGame

    rules = load_rules(args.rules)
    if getattr(args, "practice", False):
        rules = rules.replace(practice_mode=True)
    bots = _check_bots(args.bots)
    return NewGame(rules, args.seed, bots, SEATS.index(args.seat.upper()), save_dir)


def run_play(args: argparse.Namespace) -> int:
    """Start a game at once."""
    from dataclasses import replace

    from tui.app import HanchanApp

    spec = game_spec(args)  # rules and bots checked before the save folder is made
    save_dir = resolve_save_dir(args.save_dir)
    spec = replace(spec, save_dir=save_dir)
    app = HanchanApp("play", new_game=spec, save_dir=save_dir,
                     settings=_settings(args, save_dir), settings_path=settings_path(save_dir))
    return _run(app)


def run_menu(args: argparse.Namespace) -> int:
    """Bare ``hanchan``: the main menu."""
    from tui.app import HanchanApp

    save_dir = resolve_save_dir(getattr(args, "save_dir", None))
    app = HanchanApp("menu", save_dir=save_dir, settings=_settings(args, save_dir),
                     settings_path=settings_path(save_dir))
    return _run(app)
