"""How hands reach tenpai and end, riichi or dama, for bot self-play or real Tenhou games.

Run: ``.venv/bin/python -m benchmarks.play_profile --logs tests/data/logs/tenhou6`` or
``.venv/bin/python -m benchmarks.play_profile --games 200 --seed 1 --level strong``

``--logs`` reads every ``*.json`` tenhou.net/6 log of a folder with the repo's parser
(:func:`saves.logs.tenhou6.parse_tenhou6`); ``--games`` plays that many games of four
``--level`` bots under ``--rules`` in this process (game seeds ``--seed`` upwards) and
profiles their records (:func:`saves.convert.recorded_from_events`) directly.  Each hand
is replayed from the starting hands and :func:`engine.shanten.shanten` says after each
discard whether the seat is tenpai.  Per seat-hand: riichi (a first riichi, or a chase
of one already accepted) and calls (chi, pon, open kan; an ankan is no call); the hands
that reach *closed* tenpai (no call before it) and whether they declare riichi with
that discard, later or never, by turn (the seat's own discard count) and whether
another riichi is on; wins as riichi, closed dama or open hands with their mean points;
the win and deal-in rates per seat-hand and the draw rate per hand.  ``--json`` prints
one JSON object of the figures instead of the table.

Why: to compare how the bots reach tenpai and choose riichi or dama with how strong
human players do.  The 19 Tenhou games of tests/data/logs (mostly the Phoenix lobby, 194
hands, 776 seat-hands) give riichi in 16.0 % of seat-hands (124, 104 of them first
riichi), calls in 36.9 %, closed tenpai in 180 hands with riichi at once in 63.3 % of
them, wins 21.1 %, deal-ins 12.5 % and draws in 18.0 % of hands.  A small sample: a
cell with fewer than about 20 hands is an anecdote.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean
from typing import Any

from hanchan.ai.arena import play_game
from hanchan.ai.base import LEVELS, make_bot
from hanchan.engine.shanten import shanten
from hanchan.rulesets.loader import load_ruleset
from hanchan.saves.convert import recorded_from_events
from hanchan.saves.logs import model as m
from hanchan.saves.logs.tenhou6 import parse_tenhou6

BUCKETS = ("1-6", "7-9", "10-12", "13+")
WIN_TYPES = ("riichi", "dama", "open")
DECISIONS = ("immediate", "later", "never")  # riichi at the first closed tenpai


def bucket(turn: int) -> str:
    """The turn bucket of a seat's ``turn``-th own discard (1-based)."""
    return next(b for b, last in zip(BUCKETS, (6, 9, 12, 99), strict=True) if turn <= last)


def share(count: int, of: int) -> dict[str, Any]:
    """``count`` out of ``of`` with its rate (None when ``of`` is 0)."""
    return {"count": count, "of": of, "rate": round(count / of, 4) if of else None}


@dataclass
class _Seat:
    """One seat's state while a hand is replayed."""

    counts: list[int] = field(default_factory=lambda: [0] * 34)  # concealed tiles by kind
    melds: int = 0  # calls and ankan, for shanten
    opened: bool = False  # chi, pon or daiminkan (a kakan needs an earlier pon)
    declared: bool = False  # riichi, whether or not the stick was paid
    chase: bool = False  # another riichi was accepted at the declaration
    riichi_tile_out: bool = False
    accepted: bool = False
    discards: int = 0
    tenpai: tuple[int, bool, bool] | None = None  # first closed tenpai: turn, other on, riichi


@dataclass
class Profile:
    """The tallies of any number of recorded games; :meth:`figures` sums them up."""

    games: int = 0
    hands: int = 0
    first_riichi: int = 0
    chase_riichi: int = 0
    riichi_turns: list[int] = field(default_factory=list)
    called: int = 0
    tenpai: list[tuple[str, bool, str]] = field(default_factory=list)  # bucket, other on, decision
    wins: list[tuple[str, bool, int]] = field(default_factory=list)  # type, tsumo, points
    deal_ins: int = 0  # seat-hands that dealt in (a double ron counts once)
    draws: Counter[str] = field(default_factory=Counter)

    def add_game(self, game: m.RecordedGame) -> None:
        """Tally every hand of ``game``."""
        self.games += 1
        for kyoku in game.kyokus:
            self.add_kyoku(kyoku)

    def add_kyoku(self, k: m.Kyoku) -> None:
        """Replay one hand and tally its riichi, calls, first closed tenpai and result."""
        self.hands += 1
        seats = [_Seat() for _ in range(4)]
        for st, tiles in zip(seats, k.haipai, strict=True):
            for t in tiles:
                st.counts[t // 4] += 1
        for a in k.actions:
            if isinstance(a, m.Draw):
                seats[a.seat].counts[a.tile // 4] += 1
            elif isinstance(a, m.Riichi):
                seats[a.seat].declared = True
                seats[a.seat].chase = any(o.accepted for o in seats)
            elif isinstance(a, m.RiichiAccepted):
                seats[a.seat].accepted = True
            elif isinstance(a, m.Discard):
                self._discard(seats, seats[a.seat], a.tile)
            elif isinstance(a, (m.Chi, m.Pon, m.Daiminkan)):
                st = seats[a.seat]
                for t in a.consumed:
                    st.counts[t // 4] -= 1
                st.melds += 1
                st.opened = True
            elif isinstance(a, m.Kakan):
                seats[a.seat].counts[a.added // 4] -= 1
            elif isinstance(a, m.Ankan):
                seats[a.seat].counts[a.tiles[0] // 4] -= 4
                seats[a.seat].melds += 1
        self.deal_ins += len({w.from_seat for w in k.wins if not w.tsumo})
        for w in k.wins:
            st = seats[w.seat]
            kind = "open" if st.opened else "riichi" if st.declared else "dama"
            self.wins.append((kind, w.tsumo, w.points))
        if k.ryuukyoku is not None:
            self.draws[k.ryuukyoku.kind] += 1
        for st in seats:
            self.called += st.opened
            if st.tenpai is not None:
                turn, other_on, at_once = st.tenpai
                later = "later" if st.declared else "never"
                self.tenpai.append((bucket(turn), other_on, "immediate" if at_once else later))

    def _discard(self, seats: list[_Seat], st: _Seat, tile: int) -> None:
        st.counts[tile // 4] -= 1
        st.discards += 1
        riichi_now = st.declared and not st.riichi_tile_out
        if riichi_now:
            st.riichi_tile_out = True
            self.riichi_turns.append(st.discards)
            if st.chase:
                self.chase_riichi += 1
            else:
                self.first_riichi += 1
        if st.tenpai is None and not st.opened and shanten(st.counts, st.melds) == 0:
            other_on = any(o.accepted for o in seats if o is not st)
            st.tenpai = (st.discards, other_on, riichi_now)

    def figures(self) -> dict[str, Any]:
        """All figures as one JSON-ready dict; rates are shares of the ``of`` beside them."""
        seat_hands = 4 * self.hands
        riichi = self.first_riichi + self.chase_riichi
        reached = len(self.tenpai)
        decided = Counter(d for _, _, d in self.tenpai)
        by_turn: dict[str, dict[str, Any]] = {}
        for b in (*BUCKETS, "all"):
            by_turn[b] = {}
            for label, other in (("nobody_in_riichi", False), ("other_in_riichi", True),
                                 ("all", None)):
                sel = [d for bb, o, d in self.tenpai
                       if b in ("all", bb) and (other is None or o == other)]
                by_turn[b][label] = share(sel.count("immediate"), len(sel))
        win_types: dict[str, Any] = {}
        for kind in WIN_TYPES:
            these = [(tsumo, points) for k, tsumo, points in self.wins if k == kind]
            win_types[kind] = {
                **share(len(these), len(self.wins)),
                "tsumo": sum(tsumo for tsumo, _ in these),
                "mean_points": round(mean(p for _, p in these)) if these else None,
            }
        return {
            "games": self.games,
            "hands": self.hands,
            "seat_hands": seat_hands,
            "riichi": share(riichi, seat_hands),
            "first_riichi": share(self.first_riichi, riichi),
            "chase_riichi": share(self.chase_riichi, riichi),
            "riichi_mean_turn": round(mean(self.riichi_turns), 2) if self.riichi_turns else None,
            "calls": share(self.called, seat_hands),
            "closed_tenpai": share(reached, seat_hands),
            "riichi_at_first_tenpai": {d: share(decided[d], reached) for d in DECISIONS},
            "immediate_riichi_by_turn": by_turn,
            "wins": share(len(self.wins), seat_hands),
            "win_types": win_types,
            "deal_ins": share(self.deal_ins, seat_hands),
            "draws": {**share(sum(self.draws.values()), self.hands), "kinds": dict(self.draws)},
        }


def profile(games: Iterable[m.RecordedGame]) -> dict[str, Any]:
    """The figures (:meth:`Profile.figures`) of ``games``."""
    tally = Profile()
    for game in games:
        tally.add_game(game)
    return tally.figures()


def load_logs(folder: Path) -> list[m.RecordedGame]:
    """Every ``*.json`` tenhou.net/6 log of ``folder``, in file name order."""
    return [parse_tenhou6(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))]


def self_play(games: int, seed: int, level: str = "strong",
              rules: str = "tenhou") -> Iterator[m.RecordedGame]:
    """Play ``games`` games of four ``level`` bots (game seeds ``seed`` upwards)."""
    ruleset = load_ruleset(rules)
    for g in range(seed, seed + games):
        bots = [make_bot(level, g * 4 + i) for i in range(4)]
        yield recorded_from_events(play_game(ruleset, bots, seed=g))


def _pct(s: dict[str, Any]) -> str:
    rate = f"{100 * s['count'] / s['of']:5.1f} %" if s["of"] else "  n/a  "
    return f"{rate} {s['count']:>4}/{s['of']:<4}"


def render(fig: dict[str, Any], source: str) -> str:
    """The figures as a text table."""
    lines = [f"{source}: {fig['games']} games, {fig['hands']} hands, "
             f"{fig['seat_hands']} seat-hands",
             f"riichi          {_pct(fig['riichi'])}  first {_pct(fig['first_riichi'])}  "
             f"chase {_pct(fig['chase_riichi'])}  mean turn {fig['riichi_mean_turn']}",
             f"calls           {_pct(fig['calls'])}",
             f"closed tenpai   {_pct(fig['closed_tenpai'])}  riichi at it: " + "  ".join(
                 f"{d} {_pct(s)}" for d, s in fig["riichi_at_first_tenpai"].items()),
             "riichi at once at the first closed tenpai, by own discard number:",
             f"  {'turn':6} {'nobody in riichi':>20} {'other in riichi':>20} {'all':>20}"]
    for b, row in fig["immediate_riichi_by_turn"].items():
        lines.append(f"  {b:6} " + " ".join(f"{_pct(s):>20}" for s in row.values()))
    lines.append(f"wins            {_pct(fig['wins'])}")
    for kind, s in fig["win_types"].items():
        lines.append(f"  {kind:13} {_pct(s)}  tsumo {s['tsumo']}, "
                     f"mean points {s['mean_points']}")
    draws = fig["draws"]
    lines += [f"deal-ins        {_pct(fig['deal_ins'])}",
              f"draws / hands   {_pct(draws)}  " +
              ", ".join(f"{k} {n}" for k, n in sorted(draws["kinds"].items()))]
    return "\n".join(line.rstrip() for line in lines)


def main() -> None:
    """Parse the arguments, read or play the games, print the profile."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--logs", type=Path, help="folder of tenhou.net/6 *.json logs")
    src.add_argument("--games", type=int, help="self-play this many games")
    ap.add_argument("--seed", type=int, default=1, help="first game seed of --games")
    ap.add_argument("--level", default="strong", choices=LEVELS)
    ap.add_argument("--rules", default="tenhou")
    ap.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    args = ap.parse_args()
    if args.logs is not None:
        logs = load_logs(args.logs)
        if not logs:
            ap.error(f"no *.json logs in {args.logs}")
        games: Iterable[m.RecordedGame] = logs
        source = f"tenhou.net/6 logs in {args.logs}"
    else:
        games = self_play(args.games, args.seed, args.level, args.rules)
        last = args.seed + args.games - 1
        source = f"{args.level} self-play, {args.rules} rules, seeds {args.seed}..{last}"
    fig = profile(games)
    print(json.dumps({"source": source, **fig}) if args.json else render(fig, source))


if __name__ == "__main__":
    main()
