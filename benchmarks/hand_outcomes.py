"""Where a bot's points come from: every hand of the measured seat by how it ended.

Run: ``.venv/bin/python benchmarks/hand_outcomes.py --level strong --against greedy
--games 400 --seed 11 [--rules makura] [--json]``

The measured level plays one seat against three ``--against`` bots on every wall in all
four seats (duplicate schedule, as ``hanchan simulate --duplicate``).  Each hand of the
measured seat falls in one class, with its share of hands, mean points and points per
hand:

* ``win_riichi_ron``, ``win_dama_tsumo``, ``win_open_ron`` ...: its own wins;
* ``dealin_<to>_<state>_<how>``: its deal-ins, ``to`` a riichi or a hand without one,
  its ``state`` when it threw the tile (``inriichi``, or the shanten left: ``sh0``,
  ``sh1``, ``sh2`` for two or more) and ``how`` it chose the tile against the riichi
  on the table: ``forced`` (no held kind was safer by its own danger model),
  ``chose`` (a safer kind was held: a push), or ``read_safe``: the danger model held
  the tile for *safe* against every riichi.  A deal-in to a riichi on a tile read as
  safe is always a defect of the reading (it found the river-order bug that
  ``ai.rivers`` fixed: 1.2 % of strong's hands);
* ``other_tsumo``, ``other_ron`` (a win between others) and ``draw_<kind>_<T|N>``.

The bot decides as usual; the danger figures are computed again beside it from its own
view, so the tool reads nothing the bot could not.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ai import arena, defence
from ai.base import make_bot
from ai.club import ClubBot
from ai.hand import hand_counts, unseen_counts
from engine.actions import Discard
from engine.events import Called, GameEnded, HandDrawn, HandStarted, RiichiDeclared, Won
from engine.game import Game
from engine.shanten import shanten
from engine.view import PlayerView
from rulesets.loader import load_ruleset


@dataclass(slots=True)
class Outcomes:
    """Hands and points by class."""

    hands: Counter[str] = field(default_factory=Counter)
    points: Counter[str] = field(default_factory=Counter)
    ranks: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    def add(self, other: Outcomes) -> None:
        """Add another record to this one."""
        self.hands.update(other.hands)
        self.points.update(other.points)
        self.ranks = [a + b for a, b in zip(self.ranks, other.ranks, strict=True)]

    def report(self) -> dict[str, Any]:
        """Shares, means and points per hand, most costly class first."""
        total = sum(self.hands.values()) or 1
        games = sum(self.ranks) or 1
        rows = {
            k: {"share": round(self.hands[k] / total, 4),
                "mean": round(self.points[k] / self.hands[k]),
                "per_hand": round(self.points[k] / total, 1)}
            for k in sorted(self.hands, key=lambda k: self.points[k])
        }
        return {"games": sum(self.ranks), "hands": sum(self.hands.values()),
                "avg_rank": round(sum((i + 1) * n for i, n in enumerate(self.ranks)) / games,
                                  4),
                "points_per_hand": round(sum(self.points.values()) / total, 1),
                "classes": rows}


def _tile_reading(bot: object, view: PlayerView, tile: int, legal: list[Discard]) -> str:
    """``read_safe``, ``forced`` or ``chose`` for a discard while a riichi is on."""
    if isinstance(bot, ClubBot):  # the bot's own threats (its riichi value, its standing)
        threats = [t for t in bot._threats(view) if t.riichi]
        waits = bot.style.waits
    else:
        threats = [t for t in defence.threats(view) if t.riichi]
        waits = defence.TEXTBOOK
    if not threats:
        return ""
    counts = hand_counts(view)
    held = [k for k in range(34) if counts[k]]
    danger = defence.danger_table(view, unseen_counts(view), threats, held, waits)
    allowed = {a.tile >> 2 for a in legal if not a.riichi}
    mine = danger[tile >> 2]
    if mine == 0.0:
        return "read_safe"
    safest = min(danger[k] for k in held if k in allowed)
    return "forced" if mine <= safest + 1.0 else "chose"


def play(args: tuple[str, str, str, int, int]) -> Outcomes:
    """One game with the measured level in seat ``me``."""
    level, against, rules_name, seed, me = args
    rules = load_ruleset(rules_name)
    levels = [against] * 4
    levels[me] = level
    bots = [make_bot(lv, (seed * 4 + i) & 0x7FFFFFFF) for i, lv in enumerate(levels)]
    game = Game(rules, tuple(levels), seed=seed)
    out = Outcomes()
    riichi: set[int] = set()
    called = False
    last = ("", 8)  # (tile reading, shanten after) of the measured seat's last discard
    seen = 0
    while not game.over:
        for seat, legal in list(game.pending().items()):
            view = game.view(seat)
            action = bots[seat].choose(view, legal)
            if seat == me and isinstance(action, Discard):
                c = hand_counts(view)
                c[action.tile >> 2] -= 1
                reading = "" if view.me.riichi else _tile_reading(
                    bots[seat], view, action.tile,
                    [a for a in legal if isinstance(a, Discard)])
                last = (reading, shanten(c, len(view.me.melds)))
            game.act(seat, action)
            for ev in game.events[seen:]:
                if isinstance(ev, HandStarted):
                    riichi, called, last = set(), False, ("", 8)
                elif isinstance(ev, RiichiDeclared):
                    riichi.add(ev.seat)
                elif isinstance(ev, Called) and ev.seat == me:
                    called = True
                elif isinstance(ev, Won):
                    key = _won_class(ev, me, riichi, called, last)
                    out.hands[key] += 1
                    out.points[key] += ev.deltas[me]
                elif isinstance(ev, HandDrawn):
                    key = f"draw_{ev.kind}_{'T' if ev.tenpai[me] else 'N'}"
                    out.hands[key] += 1
                    out.points[key] += ev.deltas[me]
            seen = len(game.events)
            if game.over:
                break
    end = game.events[-1]
    if isinstance(end, GameEnded):
        for row in end.table:
            if row.seat == me:
                out.ranks[row.rank - 1] += 1
    return out


def _won_class(ev: Won, me: int, riichi: set[int], called: bool,
               last: tuple[str, int]) -> str:
    for w in ev.wins:
        if w.seat == me:
            kind = "riichi" if me in riichi else ("open" if called else "dama")
            return f"win_{kind}_{'tsumo' if w.from_seat is None else 'ron'}"
    dealt = [w for w in ev.wins if w.from_seat == me]
    if not dealt:
        return "other_tsumo" if any(w.from_seat is None for w in ev.wins) else "other_ron"
    to = "toRiichi" if any(w.seat in riichi for w in dealt) else "toDama"
    if me in riichi:
        return f"dealin_{to}_inriichi"
    reading, sh = last
    key = f"dealin_{to}_sh{min(sh, 2)}"
    return f"{key}_{reading}" if reading else key


def run(level: str, against: str, rules: str, games: int, seed: int, jobs: int) -> Outcomes:
    """Every wall of the duplicate schedule with the measured level in each seat."""
    tasks = [(level, against, rules, arena.game_seed(seed, w), me)
             for w in range((games + 3) // 4) for me in range(4)]
    total = Outcomes()
    if jobs <= 1:
        for t in tasks:
            total.add(play(t))
        return total
    with ProcessPoolExecutor(jobs) as pool:
        for o in pool.map(play, tasks, chunksize=4):
            total.add(o)
    return total


def main() -> None:
    """Parse the arguments, play, print."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="strong")
    ap.add_argument("--against", default="greedy")
    ap.add_argument("--rules", default="tenhou")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rep = run(args.level, args.against, args.rules, args.games, args.seed, args.jobs).report()
    if args.json:
        print(json.dumps(rep))
        return
    print(f"{args.level} against three {args.against}, {args.rules}: {rep['games']} games, "
          f"{rep['hands']} hands, average rank {rep['avg_rank']}, "
          f"{rep['points_per_hand']} points a hand")
    for k, r in rep["classes"].items():
        print(f"  {k:34s} {100 * r['share']:6.2f} %  mean {r['mean']:7d}  "
              f"per hand {r['per_hand']:8.1f}")


if __name__ == "__main__":
    main()
