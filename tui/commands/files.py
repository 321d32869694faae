"""``hanchan verify``, ``hanchan import`` and ``hanchan export``: game files and other logs.

See shared/CLI.md.  ``verify`` refolds saved games and checks every recorded result
against the engine; ``import`` turns a tenhou.net/6, mjlog or mjai log into a saved
game; ``export`` writes a saved game as a tenhou.net/6 or mjai log.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

IMPORT_FORMATS = ("tenhou6", "mjai", "mjlog")
EXPORT_FORMATS = ("tenhou6", "mjai")


def register(sub: Any) -> None:
    """Add the three sub-commands."""
    p = sub.add_parser("verify", help="check every recorded result of saved games",
                       description="Refold saved games and recompute every recorded result.")
    p.add_argument("files", nargs="+", metavar="FILE", help="saved game files (.jsonl)")
    p.set_defaults(func=run_verify)

    p = sub.add_parser("import", help="turn a Tenhou or mjai log into a saved game",
                       description="Convert a tenhou.net/6 JSON, mjlog XML or mjai log "
                                   "into a saved game that verify and replay accept.")
    p.add_argument("log", metavar="LOG")
    p.add_argument("--from", dest="fmt", choices=IMPORT_FORMATS,
                   help="the log's format (default: from the file name)")
    p.add_argument("-o", "--output", metavar="SAVE", help="the game file to write "
                   "(default: the save folder, named after the log)")
    p.add_argument("--save-dir", metavar="DIR", help="folder for saved games")
    p.set_defaults(func=run_import)

    p = sub.add_parser("export", help="write a saved game as a tenhou.net/6 or mjai log",
                       description="Convert a saved game to a tenhou.net/6 JSON or mjai log.")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--format", dest="fmt", choices=EXPORT_FORMATS, required=True)
    p.add_argument("-o", "--output", metavar="OUT", help="where to write (default: stdout)")
    p.set_defaults(func=run_export)


# ------------------------------------------------------------------ verify


def verify_file(path: Path) -> tuple[list[str], list[str]]:
    """(lines to print for disagreements and damage, notes for stderr) of one file."""
    from saves.reader import SaveError, load
    from saves.verify import verify_events

    try:
        game = load(path)
    except SaveError as exc:
        return [str(exc)], []
    out = [str(d) for d in verify_events(game.events, game.lines)]
    out.extend(f"{path}: {problem}" for problem in game.problems)
    notes = []
    if game.recovered_tail:
        notes.append(f"{path}: the last line was cut short while saving; it was left out")
    if not game.finished:
        notes.append(f"{path}: the game is unfinished; checked up to its last whole event")
    return out, notes


def run_verify(args: argparse.Namespace) -> int:
    """Exit 0 when every file agrees with the engine, 1 otherwise."""
    bad = False
    several = len(args.files) > 1
    for name in args.files:
        path = Path(name)
        lines, notes = verify_file(path)
        if lines:
            bad = True
            if several:
                print(f"{path}:")
            for line in lines:
                print(line)
        for note in notes:
            print(f"note: {note}", file=sys.stderr)
    return 1 if bad else 0


# ------------------------------------------------------------------ import


def _guess_format(path: Path) -> str:
    name = path.name.lower()
    if name.endswith((".xml", ".mjlog")):
        return "mjlog"
    if name.endswith((".jsonl", ".mjson", ".ndjson")):
        return "mjai"
    return "tenhou6"


def read_log(path: Path, fmt: str) -> Any:
    """Parse a log file into the neutral model (``UserError`` on a bad file)."""
    from saves.logs.model import LogFormatError
    from tui.cli import UserError

    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}", 1) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserError(f"{path} is not a UTF-8 text file", 1) from None
    try:
        if fmt == "tenhou6":
            from saves.logs.tenhou6 import parse_tenhou6

            return parse_tenhou6(text)
        if fmt == "mjlog":
            from saves.logs.mjlog import parse_mjlog

            return parse_mjlog(text, ref=path.stem)
        from saves.logs.mjai import parse_mjai

        return parse_mjai(text)
    except LogFormatError as exc:
        raise UserError(f"{path} is not a valid {fmt} log: {exc}", 1) from None
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise UserError(f"{path} is not a valid {fmt} log ({exc})", 1) from None


def run_import(args: argparse.Namespace) -> int:
    """Write the imported game and print its path."""
    from saves.codec import SeatInfo
    from saves.convert import ConvertError, events_from_recorded
    from saves.reader import SaveError
    from saves.writer import GameWriter, make_header, save_dir
    from tui.cli import UserError

    log = Path(args.log)
    fmt = args.fmt or _guess_format(log)
    game = read_log(log, fmt)
    try:
        events = events_from_recorded(game)
    except ConvertError as exc:
        raise UserError(f"{log} cannot be imported: {exc}", 1) from None
    rules = events[0].ruleset  # type: ignore[union-attr]
    header = make_header(rules.to_dict(), [SeatInfo(n) for n in game.names], None,
                         source=f"{fmt}:{game.ref or log.name}")
    out = Path(args.output) if args.output else save_dir(args.save_dir) / f"{log.stem}.jsonl"
    try:
        with GameWriter.open_path(out, header) as writer:
            writer.extend(events)
    except SaveError as exc:
        raise UserError(str(exc), 1) from None
    except OSError as exc:
        raise UserError(f"cannot write {out}: {exc.strerror or exc}", 1) from None
    hands = sum(1 for e in events if type(e).__name__ == "HandStarted")
    print(f"imported {hands} hands into {out}")
    return 0


# ------------------------------------------------------------------ export


def run_export(args: argparse.Namespace) -> int:
    """Write the log to ``-o`` or stdout."""
    from saves.convert import ConvertError, recorded_from_events
    from saves.reader import SaveError, load
    from tui.cli import UserError

    path = Path(args.file)
    try:
        game = load(path)
    except SaveError as exc:
        raise UserError(str(exc), 1) from None
    for problem in game.problems:
        print(f"note: {path}: {problem}; exporting the events before it", file=sys.stderr)
    try:
        recorded = recorded_from_events(game.events, title=path.stem)
        if args.fmt == "tenhou6":
            from saves.logs.tenhou6 import format_tenhou6

            text = format_tenhou6(recorded)
        else:
            from saves.logs.mjai import format_mjai

            text = format_mjai(recorded)
    except (ConvertError, ValueError) as exc:
        raise UserError(f"{path} cannot be exported: {exc}", 1) from None
    if not text.endswith("\n"):
        text += "\n"
    if args.output and args.output != "-":
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise UserError(f"cannot write {args.output}: {exc.strerror or exc}", 1) from None
    else:
        sys.stdout.write(text)
    return 0
