"""Paired first-hand points of bot styles: a quieter yardstick than whole games.

Run: ``.venv/bin/python -m benchmarks.hand_ev --walls 1500 --configs
'{"base": {}, "margin": {"style": {"call_margin": 0.6}}}'``

Each configuration of ``strong`` (``style`` replaces :class:`ai.club.Style` knobs,
``const`` sets module constants, as in ``tune_bots.py``) plays the first hand (East 1,
equal scores) of every wall in each of the four seats against three ``--against`` bots.
The walls and the opponents' seeds are the same for every configuration, so each hand
is paired: the script prints each configuration's mean points for the measured seat
and its mean difference from the first configuration with a standard error.

Why: whole duplicate games vary by 0.05 of an average rank between seeds at 1,000
games, which hides most single changes.  Roughly, +50 points on the first hand is
worth -0.04 of an average rank against greedy bots: an estimate by proportion (strong
makes about +475 a hand there and ranks 2.13, 0.37 better than 2.5), not a
measurement.  What this cannot see: anything that depends on the score situation or
on what was learned in earlier hands.  ``--turn`` plays the first dealer's whole turn
(East 1 and every repeat of it) and counts the points at its end, for changes whose
worth lies in keeping the deal.  A change that alters many decisions (the
1-shanten look-ahead) still has a standard error of about 35 points on 6,000 hands;
knobs that alter few decisions come out near 10.  Decide on at least two ``--offset``
values: the look-ahead measured +103 +- 35 on one set of walls, then -24 +- 35 and
-14 +- 38 on two others.
"""

from __future__ import annotations

import argparse
import json
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import hanchan.ai.club as club
from benchmarks.tune_bots import set_constants, styled
from hanchan.ai.base import make_bot
from hanchan.engine.events import GameEnded, HandDrawn, HandStarted, Penalty, Won
from hanchan.engine.game import Game
from hanchan.rulesets.loader import load_ruleset

CHUNK = 50


def _play(args: tuple[str, dict[str, Any], str, int, int, int, bool]
          ) -> tuple[str, int, list[int]]:
    """First-hand points of the measured seat on walls ``start..start+count``.

    With ``turn`` the first dealer's whole turn: East 1 and every repeat of it.
    """
    name, config, against, start, count, offset, turn = args

    set_constants(config.get("const", {}))  # resets what an earlier configuration set
    style = styled("strong", config.get("style", {}))
    rules = load_ruleset("tenhou")
    out: list[int] = []
    for wall in range(start, start + count):
        for seat in range(4):
            bots = [make_bot(against, wall * 4 + i) for i in range(4)]
            bots[seat] = club.ClubBot("strong", wall * 4 + seat, style=style)
            game = Game(rules, ("a", "b", "c", "d"), seed=(wall + offset) * 7919 + 13)
            done = False
            while not done:
                for s, legal in list(game.pending().items()):
                    events = game.act(s, bots[s].choose(game.view(s), legal))
                    if turn:
                        done = any(isinstance(e, GameEnded)
                                   or (isinstance(e, HandStarted) and e.dealer != 0)
                                   for e in events)
                    else:
                        done = any(isinstance(e, (Won, HandDrawn, Penalty)) for e in events)
                    if done:
                        break
            out.append(game.view(seat).seats[seat].score - rules.start_points)
    return name, start, out


def main() -> None:
    """Parse the arguments, play every configuration on the same walls, print."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--walls", type=int, default=1500)
    ap.add_argument("--offset", type=int, default=0, help="first wall (another set of walls)")
    ap.add_argument("--against", default="greedy")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--turn", action="store_true",
                    help="the first dealer's whole turn (East 1 and its repeats), not one hand")
    ap.add_argument("--configs", default='{"base": {}}',
                    help='JSON: {"name": {"style": {...}, "const": {...}}}, first = baseline')
    args = ap.parse_args()
    configs: dict[str, dict[str, Any]] = json.loads(args.configs)
    tasks = [(name, cfg, args.against, s, min(CHUNK, args.walls - s), args.offset, args.turn)
             for name, cfg in configs.items() for s in range(0, args.walls, CHUNK)]
    found: dict[str, dict[int, list[int]]] = {name: {} for name in configs}
    with ProcessPoolExecutor(args.jobs) as pool:
        for name, start, points in pool.map(_play, tasks):
            found[name][start] = points
    values = {n: [x for s in sorted(r) for x in r[s]] for n, r in found.items()}
    names = list(configs)
    base = values[names[0]]
    for name in names:
        v = values[name]
        diff = [a - b for a, b in zip(v, base, strict=True)]
        se = statistics.pstdev(diff) / len(diff) ** 0.5
        print(json.dumps({"config": name, "hands": len(v), "mean": round(statistics.mean(v), 1),
                          "diff": round(statistics.mean(diff), 1), "se": round(se, 1)}))


if __name__ == "__main__":
    main()
