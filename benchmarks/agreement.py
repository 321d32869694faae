"""How often a bot makes the real player's choice, asked at every decision of real games.

    python -m benchmarks.agreement tests/data/logs/tenhou6/*.json [--bot strong] [--json]

Each log (tenhou.net/6 JSON, Tenhou mjlog XML, an mjai stream or one of our saves) is
replayed from every seat.  At each decision the player made among several legal actions
the bot is shown that seat's view and the legal actions, and its choice is compared
with the player's; the game then goes on with the real events whatever the bot said
(as mjai-reviewer asks Mortal).  The rows:

- ``discard``: the player threw a tile without declaring riichi; the same tile kind.
  ``turns 1-6`` and ``against riichi`` are the same row for the first six own discards
  and for discards while another seat is in riichi.
- ``riichi tile``: the player declared riichi; the bot's riichi tile (asked among the
  riichi discards only when it would not declare; an mjai bot cannot be asked so, and
  counts as differing) is the same tile kind.
- ``riichi or dama``: riichi was legal and the player discarded; the same yes or no.
- ``pon``, ``chi``: the player called; the bot makes the same call (the same tiles).
- ``pass``: a call was legal and the player passed; the bot passes too.
- ``ron``, ``tsumo``: a win was offered; the same answer, whichever it was.

The figures are the share of agreement with its standard error (binomial), and, for
the discards where the two differ, which kinds of tile the player threw against what
the bot threw, and agreement by situation.  Measurements go to docs/bot-strength.md.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from hanchan.ai.asking import Asker, asker_for, fed_points, same_choice
from hanchan.ai.hand import hand_counts
from hanchan.engine.actions import Action, Chi, Discard, OpenKan, Pass, Pon, Ron, Tsumo
from hanchan.engine.events import Event, GameStarted
from hanchan.engine.shanten import shanten
from hanchan.engine.tiles import dora_of, kind_of
from hanchan.engine.view import PlayerView
from hanchan.saves.open import open_game

ROWS = ("discard", "turns 1-6", "turns 7-12", "turns 13+", "against riichi", "riichi tile",
        "riichi or dama", "pon", "chi", "pass", "ron", "tsumo")
"""The rows of the table, in order."""

@dataclass
class Tally:
    """Agreement counts by row, and where the discards differ."""

    asked: Counter[str] = field(default_factory=Counter)
    agreed: Counter[str] = field(default_factory=Counter)
    pairs: Counter[tuple[str, str]] = field(default_factory=Counter)  # (player, bot) class
    by_situation: dict[str, Counter[str]] = field(
        default_factory=lambda: defaultdict(Counter))  # situation -> asked/agreed

    def add(self, row: str, same: bool) -> None:
        self.asked[row] += 1
        if same:
            self.agreed[row] += 1

    def situation(self, name: str, same: bool) -> None:
        self.by_situation[name]["asked"] += 1
        if same:
            self.by_situation[name]["agreed"] += 1

    def merge(self, other: Tally) -> None:
        self.asked.update(other.asked)
        self.agreed.update(other.agreed)
        self.pairs.update(other.pairs)
        for k, c in other.by_situation.items():
            self.by_situation[k].update(c)


def tile_class(view: PlayerView, tile: int) -> str:
    """The kind of tile, in the words top players sort discards by (dora marked)."""
    kind = kind_of(tile)
    doras = {dora_of(kind_of(t)) for t in view.dora_indicators}
    dora = " dora" if kind in doras else ""
    if kind >= 27:
        wind = kind - 27
        if kind >= 31:
            return "dragon" + dora
        seat_wind = view.me.wind
        if wind == view.round_wind % 4 and wind == seat_wind:
            return "double wind" + dora
        if wind == view.round_wind % 4:
            return "round wind" + dora
        if wind == seat_wind:
            return "seat wind" + dora
        return "guest wind" + dora
    n = kind % 9 + 1
    if n in (1, 9):
        return "terminal" + dora
    if n in (2, 8):
        return "2/8" + dora
    return "3-7" + dora


def _shanten_before(view: PlayerView) -> int:
    return shanten(hand_counts(view), len(view.me.melds))


def tally_seat(events: Sequence[Event], seat: int, asker: Asker) -> Tally:
    """Ask ``asker`` at every decision of ``seat`` in the game of ``events``."""
    out = Tally()
    for p in fed_points(events, seat, asker):
        view, legal, played = p.view, p.legal, p.played
        if isinstance(played, Discard):
            riichi_legal = any(isinstance(a, Discard) and a.riichi for a in legal)
            if played.riichi:
                full, declares = _asked(asker, view, legal, True)
                out.add("riichi or dama", declares)
                riichis = [a for a in legal if isinstance(a, Discard) and a.riichi
                           and a.open == played.open]
                choice = full if declares else \
                    asker.ask_among(view, riichis) if len(riichis) > 1 else riichis[0]
                out.add("riichi tile", isinstance(choice, Discard)
                        and kind_of(choice.tile) == kind_of(played.tile))
                continue
            choice, declares = _asked(asker, view, legal, False)
            if riichi_legal:
                out.add("riichi or dama", not declares)
            same = isinstance(choice, Discard) and kind_of(choice.tile) == kind_of(played.tile)
            out.add("discard", same)
            turn = len(view.me.river) + 1
            out.add("turns 1-6" if turn <= 6 else "turns 7-12" if turn <= 12 else "turns 13+",
                    same)
            if any(s.riichi for s in view.seats if s.seat != seat):
                out.add("against riichi", same)
            sh = _shanten_before(view)
            out.situation(f"shanten {min(sh, 3)}{'+' if sh >= 3 else ''}", same)
            out.situation("dealer" if view.dealer == seat else "non-dealer", same)
            out.situation("open hand" if view.me.melds else "closed hand", same)
            if not same and isinstance(choice, Discard):
                out.pairs[(tile_class(view, played.tile), tile_class(view, choice.tile))] += 1
            continue
        answer, _ = _asked(asker, view, legal, False)
        if isinstance(played, Pon):
            out.add("pon", answer is not None and same_choice(played, answer))
        elif isinstance(played, Chi):
            out.add("chi", answer is not None and same_choice(played, answer))
        elif isinstance(played, Pass) and any(isinstance(a, (Chi, Pon, OpenKan)) for a in legal):
            out.add("pass", isinstance(answer, Pass))
        if any(isinstance(a, Ron) for a in legal):
            out.add("ron", isinstance(played, Ron) == isinstance(answer, Ron))
        if any(isinstance(a, Tsumo) for a in legal):
            out.add("tsumo", isinstance(played, Tsumo) == isinstance(answer, Tsumo))
    for note in asker.close():
        print(f"note: {note}", file=sys.stderr)
    return out


def _asked(asker: Asker, view: PlayerView, legal: Sequence[Action], declared: bool
           ) -> tuple[Action | None, bool]:
    answer = asker.ask(view, legal, declared)
    return answer.action, answer.riichi


def game_events(path: Path) -> list[Event]:
    """Our events for a log or a save, read as ``hanchan review`` reads them (the format
    guessed from the name; a save refereed as ``verify`` does)."""
    return open_game(path).events


def tally_file(path: str, level: str) -> Tally:
    """Every seat of one game file."""
    events = game_events(Path(path))
    if not events or not isinstance(events[0], GameStarted):
        return Tally()
    out = Tally()
    for seat in range(4):
        out.merge(tally_seat(events, seat, asker_for(level, seat)))
    return out


def tally_files(paths: Iterable[str], level: str, jobs: int = 1) -> Tally:
    """The tally over many files (``jobs`` processes)."""
    files = list(paths)
    total = Tally()
    if jobs <= 1:
        for f in files:
            total.merge(tally_file(f, level))
        return total
    with ProcessPoolExecutor(jobs) as pool:
        for t in pool.map(tally_file, files, [level] * len(files)):
            total.merge(t)
    return total


def rows(t: Tally) -> list[dict[str, object]]:
    """The table as dicts: row, asked, agreed, share and its standard error."""
    out: list[dict[str, object]] = []
    for r in ROWS:
        n = t.asked[r]
        if not n:
            continue
        p = t.agreed[r] / n
        out.append({"row": r, "asked": n, "agreed": t.agreed[r], "share": round(p, 4),
                    "se": round(math.sqrt(p * (1 - p) / n), 4)})
    return out


def report(t: Tally, bot: str, top: int = 12) -> str:
    """The table and where the discards differ, as text."""
    lines = [f"agreement of {bot} with the players", "",
             f"{'decision':<16}{'asked':>8}{'agreed':>8}{'share':>9}{'± se':>8}"]
    for r in rows(t):
        lines.append(f"{r['row']:<16}{r['asked']:>8}{r['agreed']:>8}"
                     f"{100 * float(str(r['share'])):>8.1f}%{100 * float(str(r['se'])):>7.1f}")
    lines += ["", "discards by situation:"]
    for name in sorted(t.by_situation):
        c = t.by_situation[name]
        lines.append(f"  {name:<14}{c['asked']:>7}  {100 * c['agreed'] / c['asked']:5.1f}%")
    lines += ["", "where the discards differ (player threw / bot threw):"]
    for (a, b), n in t.pairs.most_common(top):
        lines.append(f"  {n:>6}  {a:<18} / {b}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.agreement",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="tenhou6 .json, mjlog .xml, mjai or saves")
    parser.add_argument("--bot", default="strong",
                        help="a bot level (default strong) or mjai:CMD for an outside bot")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--json", action="store_true", help="the table as JSON")
    args = parser.parse_args(argv)
    t = tally_files(args.files, args.bot, args.jobs)
    if args.json:
        print(json.dumps({"bot": args.bot, "files": len(args.files), "rows": rows(t),
                          "pairs": [[a, b, n] for (a, b), n in t.pairs.most_common(30)]},
                         ensure_ascii=False))
    else:
        print(report(t, args.bot))
    return 0


if __name__ == "__main__":
    sys.exit(main())
