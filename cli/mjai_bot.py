"""``hanchan mjai-bot``: one of our bots as an mjai bot, on stdin and stdout (docs/cli.md).

Each line in is either a JSON array of the events since the last reply (mjai.app's
wire style) or one JSON event (classic mjai); each gets one JSON reply line.  A line
that cannot be read is answered ``{"type":"none"}`` and said on stderr, so an arena
is never left waiting.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from ai.base import BotLevelError, level_name, make_bot
from ai.mjai.mirror import NONE, MirrorError, MjaiBot
from cli.inputs import UserError, load_rules


def serve(bot: MjaiBot, lines: TextIO, out: TextIO, err: TextIO) -> int:
    """Answer every line of ``lines``; the number of lines that could not be read."""
    bad = 0
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        reply: dict[str, Any]
        try:
            data = json.loads(line)
            events = data if isinstance(data, list) else [data]
            reply = bot.react(events)
        except json.JSONDecodeError as exc:
            bad += 1
            err.write(f"hanchan mjai-bot: line {n} is not JSON ({exc.msg}); answered none\n")
            reply = dict(NONE)
        except MirrorError as exc:
            bad += 1
            err.write(f"hanchan mjai-bot: line {n}: {exc}; answered none\n")
            reply = dict(NONE)
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        out.flush()
    return bad


def run(args: argparse.Namespace) -> int:
    """Serve mjai on stdin/stdout until stdin ends."""
    try:
        level = level_name(args.level)
    except BotLevelError as exc:
        raise UserError(str(exc)) from None
    rules = load_rules(args.rules)
    bot = MjaiBot(make_bot(level, args.seed), rules)
    serve(bot, sys.stdin, sys.stdout, sys.stderr)
    return 0
