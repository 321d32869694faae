"""Where a bot's points come from: every hand of the measured seat by how it ended.

Run: ``.venv/bin/python -m benchmarks.hand_outcomes --level strong --against greedy
--games 400 --seed 11 [--rules makura] [--json]``

The measured level plays one seat against three ``--against`` bots on every wall in all
four seats: the very games of ``hanchan simulate --duplicate`` with the same seed (the
arena's schedule, bots and game loop), so the two report the same wins and ranks.  Each hand of the
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
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from hanchan.ai import arena, defence
from hanchan.ai.arena import GameSpec
from hanchan.ai.base import Bot
from hanchan.ai.club import ClubBot, Situation
from hanchan.ai.hand import hand_counts, unseen_counts
from hanchan.engine.actions import Action, Discard
from hanchan.engine.events import (
    Called,
    Event,
    GameEnded,
    HandDrawn,
    HandStarted,
    RiichiDeclared,
    Won,
)
from hanchan.engine.shanten import shanten
from hanchan.engine.view import PlayerView
from hanchan.rulesets.loader import load_ruleset


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


def _tile_reading(bot: Bot, view: PlayerView, tile: int, legal: Sequence[Action]) -> str:
    """``read_safe``, ``forced`` or ``chose`` for a discard while a riichi is on."""
    if isinstance(bot, ClubBot):  # the bot's own threats (its riichi value, its standing)
        threats = [t for t in Situation(view, bot.style).threats if t.riichi]
        waits = bot.style.waits
    else:
        threats = [t for t in defence.threats(view) if t.riichi]
        waits = defence.TEXTBOOK
    if not threats:
        return ""
    counts = hand_counts(view)
    held = [k for k in range(34) if counts[k]]
    danger = defence.danger_table(view, unseen_counts(view), threats, held, waits)
    allowed = {a.tile >> 2 for a in legal if isinstance(a, Discard) and not a.riichi}
    mine = danger[tile >> 2]
    if mine == 0.0:
        return "read_safe"
    safest = min(danger[k] for k in held if k in allowed)
    return "forced" if mine <= safest + 1.0 else "chose"


class _Watched:
    """The measured bot, unchanged, noting how it read each of its discards."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = getattr(bot, "level", "")
        self.last = ("", 8)  # (tile reading, shanten after) of its last discard

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        action = self.bot.choose(view, legal)
        if isinstance(action, Discard):
            c = hand_counts(view)
            c[action.tile >> 2] -= 1
            reading = "" if view.me.riichi else _tile_reading(self.bot, view, action.tile,
                                                               legal)
            self.last = (reading, shanten(c, len(view.me.melds)))
        return action


def play(args: tuple[str, GameSpec]) -> Outcomes:
    """One scheduled game; the measured level sits at seat ``spec.index % 4``."""
    rules_name, spec = args
    me = spec.index % 4  # the duplicate schedule's rotation puts the first level there
    bots = arena.bots_for(spec)
    watched = _Watched(bots[me])
    bots[me] = watched
    out = Outcomes()
    riichi: set[int] = set()
    called = False

    def listen(ev: Event) -> None:
        nonlocal called
        if isinstance(ev, HandStarted):
            riichi.clear()
            called = False
            watched.last = ("", 8)
        elif isinstance(ev, RiichiDeclared):
            riichi.add(ev.seat)
        elif isinstance(ev, Called) and ev.seat == me:
            called = True
        elif isinstance(ev, (Won, HandDrawn)):
            key = (_won_class(ev, me, riichi, called, watched.last) if isinstance(ev, Won)
                   else f"draw_{ev.kind}_{'T' if ev.tenpai[me] else 'N'}")
            out.hands[key] += 1
            out.points[key] += ev.deltas[me]
        elif isinstance(ev, GameEnded):
            out.ranks[next(r.rank for r in ev.table if r.seat == me) - 1] += 1

    arena.play_game(load_ruleset(rules_name), bots, spec.seed, listener=listen)
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
    """The games of ``hanchan simulate --duplicate`` (same walls, same bot seeds)."""
    specs = arena.schedule((level, against, against, against), games, seed, duplicate=True)
    tasks = [(rules, spec) for spec in specs]
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
