"""``hanchan simulate``: bots play whole games without the TUI (docs/cli.md)."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys

from hanchan.ai.arena import run as run_games
from hanchan.ai.base import MJAI, BotLevelError, seat_spec, split_seats
from hanchan.ai.mjai.options import bot_name, rules_notice
from hanchan.cli.bot_options import mjai_options
from hanchan.cli.inputs import UserError, load_rules
from hanchan.saves.reader import SaveError
from hanchan.saves.writer import save_dir

MAX_GAMES = 1_000_000
"""Games one run may play (a million takes days even with every core)."""


def _levels(text: str) -> list[str]:
    """Four seat specs from ``--bots`` (one stands for all four): levels or mjai:CMD."""
    levels = split_seats(text)
    if len(levels) == 1:
        levels *= 4
    if len(levels) != 4:
        raise UserError(f"--bots needs four levels separated by commas (or one for all "
                        f"four), not {len(levels)}: '{text}'")
    try:
        return [seat_spec(lv) for lv in levels]
    except BotLevelError as exc:
        raise UserError(str(exc)) from None


def label(spec: str) -> str:
    """How a seat spec is shown in the table: the level, or mjai:<program name>."""
    return MJAI + bot_name(spec[len(MJAI):]) if spec.startswith(MJAI) else spec


def run(args: argparse.Namespace) -> int:
    """Run the simulation and print the statistics."""
    if args.games < 1:
        raise UserError("--games must be at least 1")
    if args.games > MAX_GAMES:
        raise UserError(f"--games must be at most {MAX_GAMES:,}")
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    levels = _levels(args.bots)
    rules = load_rules(args.rules, args.length)
    mjai = mjai_options(args)
    if any(lv.startswith(MJAI) for lv in levels):
        logging.basicConfig(format="hanchan: %(message)s", stream=sys.stderr)
        notice = rules_notice(rules)
        if notice:
            print(f"hanchan: {notice}", file=sys.stderr)
    games_dir = None
    if args.save_dir:
        folder = save_dir(args.save_dir)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(f"cannot write games to '{args.save_dir}': {exc.strerror}") from None
        games_dir = str(folder)
    try:
        result = run_games(rules, levels, args.games, args.seed, jobs=jobs,
                           duplicate=args.duplicate, save_dir=games_dir, mjai=mjai)
    except SaveError as exc:  # a full or read-only disk: one sentence, the run stops
        raise UserError(f"cannot save the games: {exc}") from None
    data = result.to_json()
    if args.json:
        print(json.dumps(data))
        return 0
    out = sys.stdout
    gps = data["games_per_second"]
    print(f"{data['games']} games under {data['rules']} rules in {data['seconds']:.1f} s "
          f"({gps:.2f} games per second)" + (", duplicate" if args.duplicate else ""), file=out)
    # chips (ako 1-07): their average, and the points with them at chip_points each
    chips = rules.chips
    width = max([8, *(len(label(lv)) for lv in data["by_level"])])
    header = (f"{'level':<{width}} {'seats':>6} {'avg rank':>8} {'1st/2nd/3rd/4th':>19} "
              f"{'points':>8} {'win':>6} {'deal-in':>7} {'riichi':>6} {'call':>6} "
              f"{'win val':>7} {'draw':>6}" + (f" {'chips':>6} {'total':>8}" if chips else ""))
    print(header, file=out)
    for lv, s in data["by_level"].items():
        ranks = "/".join(str(r) for r in s["ranks"])
        extra = ""
        if chips:
            total = s["avg_points"] + s["avg_chips"] * rules.chip_points / 1000
            extra = f" {s['avg_chips']:>+6.2f} {total:>+8.1f}"
        print(f"{label(lv):<{width}} {s['seat_games']:>6} {s['avg_rank']:>8.3f} {ranks:>19} "
              f"{s['avg_points']:>+8.1f} {s['win_rate']:>6.1%} {s['deal_in_rate']:>7.1%} "
              f"{s['riichi_rate']:>6.1%} {s['call_rate']:>6.1%} {s['avg_win_value']:>7} "
              f"{s['draw_rate']:>6.1%}{extra}", file=out)
    return 0
