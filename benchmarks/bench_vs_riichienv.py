"""Whole hanchan per second through ``hanchan simulate``'s code path, beside riichienv.

Run: ``make bench-deps`` once (installs the ``bench`` extra: riichienv, a Rust engine
from PyPI), then ``.venv/bin/python -m benchmarks.bench_vs_riichienv [--games N]
[--greedy N] [--strong N] [--rules NAME]``.

Games alternate in one process: one riichienv hanchan (``RiichiEnv(game_mode=
"4p-red-half", skip_mjai_logging=True)``, its fastest setting: no mjai log kept; four
agents choosing uniformly among ``obs.legal_actions()`` like its ``RandomAgent``), then
one of ours per level still to play, each played by
:func:`ai.arena.run_one` exactly as ``hanchan simulate --bots LEVEL`` plays it (bots
choosing from their ``PlayerView`` (not made for a bot that declares it does not read
it) and the legal actions,
statistics read from the events).  CPU time is summed per side, so a busy machine
slows both alike and the ratios hold; quote ``uptime`` with the figures all the same.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import os
import random
import time
from types import ModuleType

from hanchan.ai.arena import GameSpec, game_seed, run_one
from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset

RIICHIENV: ModuleType | None
try:
    RIICHIENV = importlib.import_module("riichienv")
except ImportError:  # an optional, benchmark-only dependency (the ``bench`` extra)
    RIICHIENV = None

LEVELS = ("random", "greedy", "strong")

RIICHIENV_SETTING = {"game_mode": "4p-red-half", "skip_mjai_logging": True}
"""riichienv at its fastest: without the mjai log it keeps by default."""


def riichienv_game(env_mod: ModuleType, seed: int) -> int:
    """One riichienv hanchan with random agents; the number of steps."""
    rng = random.Random(seed)
    env = env_mod.RiichiEnv(**RIICHIENV_SETTING, seed=seed)
    obs = env.reset()
    steps = 0
    while not env.done():
        obs = env.step({pid: rng.choice(o.legal_actions()) for pid, o in obs.items()})
        steps += 1
    return steps


def our_game(rules: Ruleset, level: str, index: int) -> None:
    """One hanchan of four ``level`` bots, as ``hanchan simulate`` plays it."""
    run_one(rules, GameSpec(index, (level, level, level, level), game_seed(0, index)))


def cpu(fn: object, *args: object) -> float:
    t = time.process_time()
    fn(*args)  # type: ignore[operator]
    return time.process_time() - t


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="random hanchan per side")
    ap.add_argument("--greedy", type=int, default=20, help="greedy hanchan (0: none)")
    ap.add_argument("--strong", type=int, default=6, help="strong hanchan (0: none)")
    ap.add_argument("--rules", default="tenhou", help="our preset (default tenhou)")
    args = ap.parse_args(argv)
    rules = load_ruleset(args.rules)
    counts = {"random": args.games, "greedy": args.greedy, "strong": args.strong}
    env_mod = RIICHIENV
    if env_mod is None:
        print("riichienv is not installed, so there is no ratio: run `make bench-deps` "
              "(pip install -e '.[bench]'). Our figures alone follow.")
    # warm up: the shanten table, the bots' caches, riichienv's first allocation
    for lv in LEVELS:
        if counts[lv]:
            our_game(rules, lv, 10_000)
    if env_mod is not None:
        riichienv_game(env_mod, 10_000)
    spent = dict.fromkeys(("riichienv", *LEVELS), 0.0)
    played = dict.fromkeys(spent, 0)
    steps = 0
    rounds = max(counts.values())
    for i in range(rounds):
        if env_mod is not None:
            t = time.process_time()
            steps += riichienv_game(env_mod, i)
            spent["riichienv"] += time.process_time() - t
            played["riichienv"] += 1
        for lv in LEVELS:
            if i < counts[lv]:
                spent[lv] += cpu(our_game, rules, lv, i)
                played[lv] += 1
    load = os.getloadavg()
    print(f"hanchan per CPU second, {rounds} rounds alternated, load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    base = played["riichienv"] / spent["riichienv"] if played["riichienv"] else 0.0
    if base:
        setting = ", ".join(f"{k}={v!r}" for k, v in RIICHIENV_SETTING.items())
        print(f"  riichienv {importlib.metadata.version('riichienv'):<8} random "
              f"{base:7.2f}/s  ({played['riichienv']} games, "
              f"{steps / played['riichienv']:.0f} steps each; RiichiEnv({setting}))")
    for lv in LEVELS:
        if played[lv]:
            rate = played[lv] / spent[lv]
            ratio = f"  ratio {rate / base:5.2f}x riichienv random" if base else ""
            print(f"  simulate --rules {rules.name} --bots {lv:<7} {rate:7.2f}/s  "
                  f"({played[lv]} games){ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
