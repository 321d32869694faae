"""``hanchan verify``, ``hanchan import`` and ``hanchan export``: game files and other logs.

See docs/cli.md.  ``verify`` replays saved games through the engine and prints one
line per file; ``import`` turns a tenhou.net/6, mjlog or mjai log into a saved
game; ``export`` writes a saved game as a tenhou.net/6 or mjai log.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from hanchan.cli.inputs import UserError, load_rules
from hanchan.engine.events import GameEnded, HandStarted
from hanchan.engine.tiles import WIND_LETTERS
from hanchan.saves.codec import SeatInfo, encode_event, encode_header
from hanchan.saves.convert import (
    ConvertError,
    events_from_recorded,
    left_out_note,
    recorded_from_events,
)
from hanchan.saves.labels import final_words
from hanchan.saves.logs.mjai import format_mjai
from hanchan.saves.logs.mjlog import format_mjlog
from hanchan.saves.logs.tenhou6 import format_tenhou6
from hanchan.saves.open import guess_format, read_log
from hanchan.saves.reader import SaveError, load, loads
from hanchan.saves.seats import outside_command, shown_command
from hanchan.saves.verify import check_loaded, refusal
from hanchan.saves.verify_words import hand_label_of
from hanchan.saves.writer import atomic_write, make_header, save_dir, write_new

# ------------------------------------------------------------------ verify


def verify_file(path: Path) -> tuple[str, bool, list[str]]:
    """(the file's one line, whether it agrees, notes for stderr) of one saved game.

    A good file's line says what was checked: ``ok: FILE: 9 hands, tenhou, final: ...``;
    a bad one's names the first line that cannot follow (or the damage, or why the file
    cannot be read at all).
    """
    try:
        game = load(path)
    except SaveError as exc:
        return str(exc), False, []
    error = refusal(game)
    notes = [f"{path}: seat {WIND_LETTERS[s]} records an outside bot's command, "
             f"`{shown_command(command)}`: kept for the record, never run from the file "
             "(Continue asks first, or seats the strong bot)"
             for s, info in enumerate(game.header.seats)
             if (command := outside_command(info.bot)) is not None]
    if game.recovered_tail:
        notes.append(f"{path}: the last line was cut short while saving; it was left out")
    if not game.finished:
        notes.append(f"{path}: the game is unfinished; checked up to its last whole event")
    if error is not None:
        return str(error), False, notes
    starts = [e for e in game.events if isinstance(e, HandStarted)]
    n = len(starts)
    what = f"{n} hand{'' if n == 1 else 's'}, {game.rules.name}"
    last = game.events[-1] if game.events else None
    if isinstance(last, GameEnded):
        end = f"final: {final_words(last.table)}"
    elif starts:
        end = f"unfinished at {hand_label_of(starts[-1])}"
    else:
        end = "not started"
    return f"ok: {path}: {what}, {end}", True, notes


def run_verify(args: argparse.Namespace) -> int:
    """One line per file; exit 0 when every file agrees with the engine, 1 otherwise."""
    bad = False
    for name in args.files:
        line, good, notes = verify_file(Path(name))
        bad = bad or not good
        print(line)
        for note in notes:
            print(f"note: {note}", file=sys.stderr)
    return 1 if bad else 0


# ------------------------------------------------------------------ import


def run_import(args: argparse.Namespace) -> int:
    """Write the imported game and print its path."""
    log = Path(args.log)
    fmt = args.fmt or guess_format(log)
    rules = load_rules(args.rules) if args.rules else None
    try:
        game = read_log(log, fmt, rules)
    except SaveError as exc:
        raise UserError(str(exc), 1) from None
    try:
        events = events_from_recorded(game, rules)
    except ConvertError as exc:
        raise UserError(f"{log} cannot be imported: {exc}", 1) from None
    rules = events[0].ruleset  # type: ignore[union-attr]
    header = make_header(rules.to_dict(), [SeatInfo(n) for n in game.names], None,
                         source=f"{fmt}:{game.ref or log.name}")
    # what is written must read back and verify as it is (the reader's bounds included)
    data = encode_header(header) + b"".join(encode_event(e) for e in events)
    try:
        written = loads(data)
    except SaveError as exc:
        raise UserError(f"{log} cannot be imported: the game it gives could not be read "
                        f"back ({exc.reason})", 1) from None
    problem = written.problems[0] if written.problems else check_loaded(written).problem
    if problem is not None:
        raise UserError(f"{log} cannot be imported: the game it gives would not verify "
                        f"({problem})", 1)
    out = Path(args.output) if args.output else save_dir(args.save_dir) / f"{log.stem}.jsonl"
    try:  # the whole file at once: an import cut short leaves none
        out.parent.mkdir(parents=True, exist_ok=True)
        write_new(out, data)
    except FileExistsError:
        raise UserError(f"{out}: the file already exists; choose another name", 1) from None
    except OSError as exc:
        raise UserError(f"cannot write {out}: {exc.strerror or exc}", 1) from None
    hands = sum(1 for e in events if isinstance(e, HandStarted))
    print(f"imported {hands} hands into {out}")
    return 0


# ------------------------------------------------------------------ export


def run_export(args: argparse.Namespace) -> int:
    """Write the log to ``-o`` or stdout."""
    path = Path(args.file)
    try:
        game = load(path)
    except SaveError as exc:
        raise UserError(str(exc), 1) from None
    error = refusal(game)
    events = game.events
    if error is not None:  # verify refuses it: the part before the line it names, status 1
        if error.line is None or not any(n < error.line for n in game.lines):
            raise UserError(f"cannot export {error}", 1)
        events = [e for e, n in zip(game.events, game.lines, strict=True) if n < error.line]
    try:
        recorded = recorded_from_events(events, title=path.stem,
                                        open_riichi=args.fmt == "mjai",
                                        tenhou_yaku=args.fmt == "mjlog")
        if args.fmt == "tenhou6":
            text = format_tenhou6(recorded)
        elif args.fmt == "mjlog":
            text = format_mjlog(recorded)
        else:
            text = format_mjai(recorded)
    except (ConvertError, ValueError) as exc:
        raise UserError(f"{path} cannot be exported: {exc}", 1) from None
    if not text.endswith("\n"):
        text += "\n"
    note = left_out_note(recorded, args.fmt)
    if note:
        print(f"note: {path}: {note}", file=sys.stderr)
    if args.output and args.output != "-":
        try:  # a temporary file renamed over the target: a full disk leaves it whole
            atomic_write(Path(args.output), text.encode("utf-8"))
        except OSError as exc:
            raise UserError(f"cannot write {args.output}: {exc.strerror or exc}", 1) from None
    else:
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except OSError as exc:  # a full disk or a closed pipe: say so; nothing left to flush
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise UserError(f"cannot write the log: {exc.strerror or exc}", 1) from None
    if error is not None:
        raise UserError(f"{error}; only the part before line {error.line} was exported", 1)
    return 0
