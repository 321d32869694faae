"""``hanchan mjai-bot``: one of our bots as an mjai bot, on stdin and stdout (docs/cli.md).

Each line in is either a JSON array of the events since the last reply (mjai.app's
wire style) or one JSON event (classic mjai); each gets one JSON reply line, so an arena
is never left waiting.  What cannot be read or cannot follow is answered
``{"type":"none"}`` and said in one line on stderr (:mod:`ai.mjai.wire` reads the line,
:class:`~ai.mjai.mirror.Mirror` checks each event against the table and loses the table
until the next ``start_kyoku`` when one cannot follow).  A line is read up to
:data:`~ai.mjai.wire.MAX_LINE_BYTES`; a longer one is skipped without being held.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, BinaryIO, TextIO

from hanchan.ai.base import BotLevelError, level_name, make_bot
from hanchan.ai.mjai.mirror import NONE, MirrorError, MjaiBot
from hanchan.ai.mjai.wire import MAX_LINE_BYTES, WireError, event_or_error, read_line, split_line
from hanchan.cli.inputs import UserError, load_rules

PREFIX = "hanchan mjai-bot: "


def serve(bot: MjaiBot, lines: BinaryIO, out: TextIO, err: TextIO,
          limit: int = MAX_LINE_BYTES) -> int:
    """Answer every line of ``lines`` (a blank one needs no answer); the number of lines
    with an event that could not be read or could not follow."""
    bad = 0
    n = 0
    while True:
        line, size = read_line(lines, limit)
        if line is None:
            return bad
        n += 1
        if not line.strip() and size <= limit:
            continue
        problems: list[str] = []
        if line:
            reply, refused = answer(bot, n, line, problems)
        else:
            problems.append(f"line {n} is too long ({size:,} bytes; the limit is "
                            f"{limit:,}); answered none")
            reply, refused = dict(NONE), True
        for text in problems:
            err.write(PREFIX + text + "\n")
        bad += refused
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        out.flush()


def answer(bot: MjaiBot, n: int, line: bytes,
           problems: list[str]) -> tuple[dict[str, Any], bool]:
    """The reply to line ``n`` and whether an event of it was refused; what was wrong
    or put right is added to ``problems``."""
    refused = False
    try:
        raws = split_line(line)
    except WireError as exc:
        problems.append(f"line {n}: {exc}; answered none")
        return dict(NONE), True
    mirror = bot.mirror
    for i, raw in enumerate(raws):
        where = f"line {n}" + (f", event {i + 1}" if len(raws) > 1 else "")
        ev = event_or_error(raw)
        try:
            if isinstance(ev, WireError):
                raise ev
            mirror.feed(ev)
        except WireError as exc:
            refused = True
            problems.append(f"{where}: {exc}; answered none")
        except MirrorError as exc:
            refused = True
            problems.append(f"{where}: {exc}; answered none until the next start_kyoku")
        except Exception as exc:  # noqa: BLE001 - an arena waits for a reply: a fault of
            # ours costs this hand, not the game, and is said (the fuzz counts it a crash)
            refused = True
            mirror.lost = True
            problems.append(f"{where}: internal error ({type(exc).__name__}: {exc}); "
                            "answered none until the next start_kyoku")
        problems.extend(f"{where}: {note}" for note in mirror.notes)
        mirror.notes.clear()
    if refused:
        return dict(NONE), True
    try:
        return bot.answer(), False
    except Exception as exc:  # noqa: BLE001 - as above
        mirror.lost = True
        problems.append(f"line {n}: internal error ({type(exc).__name__}: {exc}); "
                        "answered none until the next start_kyoku")
        return dict(NONE), True


def run(args: argparse.Namespace) -> int:
    """Serve mjai on stdin/stdout until stdin ends."""
    try:
        level = level_name(args.level)
    except BotLevelError as exc:
        raise UserError(str(exc)) from None
    rules = load_rules(args.rules, args.length)
    bot = MjaiBot(make_bot(level, args.seed), rules)
    try:
        serve(bot, sys.stdin.buffer, sys.stdout, sys.stderr)
    except OSError as exc:  # a full disk or a closed pipe: say so; nothing left to flush
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise UserError(f"mjai-bot cannot write its reply: {exc.strerror or exc}", 1) from None
    return 0
