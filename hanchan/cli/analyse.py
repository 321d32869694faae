"""``hanchan analyse``: every choice of a typed hand (何切る) as the ``strong`` bot measures it.

See docs/cli.md.  :mod:`hanchan.coach.position` builds the position with the engine,
:meth:`ai.club.ClubBot.judge` measures it and :mod:`hanchan.coach.analysis` writes the table or
the JSON.  A hand that cannot be a position is one sentence and exit status 1.
"""

from __future__ import annotations

import argparse
import json

from hanchan.ai.club import ClubBot
from hanchan.cli.inputs import UserError, load_rules
from hanchan.coach.analysis import analysis_json, analysis_lines, reason
from hanchan.coach.position import PositionError, build_position
from hanchan.engine.tiles import format_tiles, kind_of


def _rivers(given: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in given:
        wind, sep, tiles = item.partition(":")
        if not sep:
            raise UserError(f"--river {item}: give the seat wind and its discards, "
                            "e.g. --river S:19m5z", 1)
        if wind.strip().upper() in out:
            raise UserError(f"--river gives {wind.strip().upper()}'s river twice", 1)
        out[wind.strip().upper()] = tiles
    return out


def run(args: argparse.Namespace) -> int:
    """Entry point of ``hanchan analyse``."""
    rules = load_rules(args.rules)
    try:
        pos = build_position(args.hand, args.drawn, melds=args.melds,
                             rivers=_rivers(args.river),
                             dora=args.dora, seat_wind=args.seat_wind,
                             round_wind=args.round_wind, turn=args.turn, rules=rules)
    except PositionError as exc:
        raise UserError(str(exc), 1) from None
    view = pos.view
    judgement = ClubBot("strong", seed=0).judge(view, pos.legal)
    if args.json:
        out = analysis_json(judgement, view)
        out["dora_indicators"] = format_tiles(view.dora_indicators, rules.red_fives)
        print(json.dumps(out, ensure_ascii=False))
        return 0
    red = rules.red_fives
    hand = format_tiles(sorted(view.hand, key=kind_of), red)
    drawn = format_tiles([view.drawn], red) if view.drawn is not None else ""
    dora = format_tiles(view.dora_indicators, red)
    chosen = " (chosen; set it with --dora)" if pos.dora_chosen else ""
    melds = "".join(f"  [{format_tiles(sorted(m.tiles, key=kind_of), red)}]"
                    for m in view.me.melds)
    print(f"{hand} + {drawn}{melds}   seat {'ESWN'[view.me.wind]}, round "
          f"{'ESWN'[view.round_wind % 4]}, dora indicator {dora}{chosen}, "
          f"{view.wall_remaining} tiles left")
    for line in analysis_lines(judgement, red):
        print(line)
    print(f"strong: {reason(judgement)}")
    return 0
