"""The ``hanchan`` command (see shared/CLI.md for the contract).

Each sub-command lives in its own module under ``tui/commands`` with a
``register(subparsers)`` function that adds its parser and sets ``func``; the
function returns the process exit status.  Textual is imported only by the
commands that open the app, so ``hanchan score`` starts fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMAND_MODULES = ("play", "replay", "score", "rules", "simulate", "files")


class UserError(Exception):
    """A mistake in the user's input: printed as one plain sentence, exit status 1 or 2."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every available sub-command."""
    parser = argparse.ArgumentParser(
        prog="hanchan",
        description="Japanese riichi mahjong in the terminal, against three bots.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"tui.commands.{name}")
        except ModuleNotFoundError as exc:  # a command not built yet
            if exc.name != f"tui.commands.{name}":
                raise
            continue
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        try:
            from tui.commands.play import run_menu
        except ModuleNotFoundError:
            parser.print_help()
            return 0
        return run_menu(args)
    try:
        status: int = args.func(args)
    except UserError as exc:
        print(f"hanchan: {exc}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
