"""``hanchan simulate``: bots play whole games without the TUI (see shared/CLI.md)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from tui.cli import UserError


def register(subparsers: Any) -> None:
    """Add the ``simulate`` sub-command."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "simulate", help="play games between bots and print their statistics",
        description="Plays whole games between bots, without the TUI, and prints statistics "
                    "per bot level. A fixed seed gives the same games.")
    p.add_argument("--rules", default="tenhou", metavar="NAME|FILE",
                   help="a preset name or a ruleset file (default: tenhou)")
    p.add_argument("--games", type=int, default=100, metavar="N",
                   help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed (default 0)")
    p.add_argument("--bots", default="strong,strong,strong,strong", metavar="L1,L2,L3,L4",
                   help="bot levels by seat: random, greedy, easy, normal, strong "
                        "(one level for all four, or four levels)")
    p.add_argument("--jobs", type=int, default=1, metavar="J",
                   help="processes to play in parallel (default 1; 0 = one per CPU)")
    p.add_argument("--duplicate", action="store_true",
                   help="play every wall once per rotation of the bots over the seats "
                        "(4 games per wall)")
    p.add_argument("--save-dir", default=None, metavar="DIR",
                   help="save every game as a file in DIR")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def _levels(text: str) -> list[str]:
    from ai.base import LEVELS

    levels = [x.strip().lower() for x in text.split(",") if x.strip()]
    if len(levels) == 1:
        levels *= 4
    if len(levels) != 4:
        raise UserError(f"--bots needs four levels separated by commas (or one for all "
                        f"four), not {len(levels)}: '{text}'")
    for lv in levels:
        if lv not in LEVELS:
            raise UserError(f"'{lv}' is not a bot level; choose one of {', '.join(LEVELS)}")
    return levels


def _rules(name: str) -> Any:
    import rulesets
    from rulesets.loader import RulesetError

    try:
        return rulesets.load(name)
    except RulesetError as exc:  # names the file, key or value that is wrong
        raise UserError(f"cannot use the rules '{name}': {exc}") from None


def run(args: argparse.Namespace) -> int:
    """Run the simulation and print the statistics."""
    from ai.arena import run as run_games

    if args.games < 1:
        raise UserError("--games must be at least 1")
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    levels = _levels(args.bots)
    rules = _rules(args.rules)
    save_dir = None
    if args.save_dir:
        from saves.writer import save_dir as resolve

        folder = resolve(args.save_dir)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(f"cannot write games to '{args.save_dir}': {exc.strerror}") from None
        save_dir = str(folder)
    result = run_games(rules, levels, args.games, args.seed, jobs=jobs,
                       duplicate=args.duplicate, save_dir=save_dir)
    data = result.to_json()
    if args.json:
        print(json.dumps(data))
        return 0
    out = sys.stdout
    gps = data["games_per_second"]
    print(f"{data['games']} games under {data['rules']} rules in {data['seconds']:.1f} s "
          f"({gps:.2f} games per second)" + (", duplicate" if args.duplicate else ""), file=out)
    header = (f"{'level':<8} {'seats':>6} {'avg rank':>8} {'1st/2nd/3rd/4th':>19} "
              f"{'points':>8} {'win':>6} {'deal-in':>7} {'riichi':>6} {'call':>6} "
              f"{'win val':>7} {'draw':>6}")
    print(header, file=out)
    for lv, s in data["by_level"].items():
        ranks = "/".join(str(r) for r in s["ranks"])
        print(f"{lv:<8} {s['seat_games']:>6} {s['avg_rank']:>8.3f} {ranks:>19} "
              f"{s['avg_points']:>+8.1f} {s['win_rate']:>6.1%} {s['deal_in_rate']:>7.1%} "
              f"{s['riichi_rate']:>6.1%} {s['call_rate']:>6.1%} {s['avg_win_value']:>7} "
              f"{s['draw_rate']:>6.1%}", file=out)
    return 0
