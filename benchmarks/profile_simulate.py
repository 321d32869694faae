"""Profile of ``hanchan simulate``'s whole path: engine, views, bots, statistics.

Run: ``.venv/bin/python -m benchmarks.profile_simulate [--bots LEVEL] [--games N]
[--sort tottime|cumulative] [--top N]``.  It plays the games with
:func:`ai.arena.run_one`, as the command does, under ``cProfile`` and prints the
functions that cost most, so that the time a decision spends outside the engine (the
view, the legal actions, the bot) shows beside the engine's own.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from hanchan.ai.arena import GameSpec, game_seed, run_one
from hanchan.rulesets.loader import load_ruleset


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="random", help="bot level of all four seats")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rules", default="tenhou")
    ap.add_argument("--sort", default="tottime", choices=("tottime", "cumulative"))
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args(argv)
    rules = load_ruleset(args.rules)
    levels = (args.bots, args.bots, args.bots, args.bots)
    run_one(rules, GameSpec(0, levels, 12_345))  # warm the shanten table and caches
    prof = cProfile.Profile()
    prof.enable()
    for i in range(args.games):
        run_one(rules, GameSpec(i, levels, game_seed(0, i)))
    prof.disable()
    pstats.Stats(prof).sort_stats(args.sort).print_stats(args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
