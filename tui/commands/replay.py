"""``hanchan replay FILE``: open a saved (or imported) game in the replay viewer."""

from __future__ import annotations

import argparse
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` sub-command."""
    p = subparsers.add_parser(
        "replay",
        help="step through a saved game",
        description="Open a saved game file in the replay viewer: left/right step, up/down "
        "jump between hands, n/b between wins and draws, 1-4 choose the seat, a shows "
        "all hands.",
    )
    p.add_argument("file", metavar="FILE", help="a saved game (.jsonl)")
    p.add_argument("--seat", choices=list("ESWNeswn"), default="E",
                   help="whose view to start with (default E)")
    p.set_defaults(func=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    """Read the file first (a bad file is one sentence), then open the viewer."""
    import sys

    from tui.cli import UserError

    path = Path(args.file).expanduser()
    if not path.is_file():
        raise UserError(f"there is no file at {path}")
    try:
        from tui.savefiles import read_events

        events = read_events(path)
    except Exception as exc:  # noqa: BLE001 - reader errors are plain sentences already
        raise UserError(f"cannot read {path.name}: {exc}", status=1) from None
    if not events:
        raise UserError(f"{path.name} holds no events to replay", status=1)
    from tui.app import HanchanApp

    app = HanchanApp("replay", path=path, replay_seat="ESWN".index(args.seat.upper()))
    status = app.run()
    if app.error:
        print(f"hanchan: {app.error}", file=sys.stderr)
        return 1
    return int(status or 0)
