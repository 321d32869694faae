"""What a bot learns about each opponent during a game, from the rivers it has seen.

:class:`FoldWatch` counts, for every seat, how many of its discards made while another
seat was in riichi were safe against that riichi (genbutsu or a tile passed since the
declaration).  A player who folds throws safe tiles almost always; a player who pushes
(its own tenpai, or a bot that never folds) throws them only by chance.  The share is
the seat's *fold rate*.  A style with ``Style.riichi_reads_folds`` counts on fewer
rons from a riichi of its own against folders when it weighs riichi against dama or an
open riichi against a closed one, and (``Style.dama_full_rons``) on the full rons of a
dama they cannot see.  Against a table of folders a style may also take dama from a
set value or in its last draws (``Style.dama_share_folders``,
``Style.late_draws_folders``) and count fewer rons while any riichi is on; which
levels do, and the measurements, are in docs/bot-tuning.md.

Everything comes from public rivers (a :class:`~engine.view.PlayerView`); the watch
keeps its counts between the hands of one game.  A new bot (a resumed game) starts
again from the prior.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from hanchan.ai.rivers import Key, discard_key, in_order
from hanchan.engine.tiles import kind_of
from hanchan.engine.view import PlayerView

PRIOR_SAFE = 1.0
PRIOR_SEEN = 2.0
"""The prior: one safe discard in two seen (a fold rate of one half before any evidence).

A player who never folds still throws a safe tile by chance nearly half the time, so
a prior any lower makes one lucky safe discard read as a fold less often, but then
strong reads its own kind as folders too late and declares riichi more often than
strong human players do (docs/bot-tuning.md, the fold reading's prior)."""


@dataclass(slots=True)
class FoldWatch:
    """Per-seat counts of safe discards against others' riichi (see the module doc)."""

    safe: list[float] = field(default_factory=lambda: [0.0] * 4)
    seen: list[float] = field(default_factory=lambda: [0.0] * 4)
    _hand: int = -1
    _hand_safe: list[int] = field(default_factory=lambda: [0] * 4)
    _hand_seen: list[int] = field(default_factory=lambda: [0] * 4)
    _latest: PlayerView | None = None
    """The hand's latest view, when its discards are not counted yet (views are
    immutable): most views are followed by another before anything reads the counts."""

    def observe(self, view: PlayerView) -> None:
        """Count the discards of the hand in ``view`` (the latest view of a hand wins)."""
        if view.hand_index != self._hand:
            self._settle()
            for s in range(4):
                self.safe[s] += self._hand_safe[s]
                self.seen[s] += self._hand_seen[s]
            self._hand = view.hand_index
        self._latest = view

    def copy(self) -> FoldWatch:
        """A watch that goes on from these counts and leaves them as they are (the
        hand's counts are replaced, never changed in place: they are shared)."""
        return replace(self, safe=list(self.safe), seen=list(self.seen))

    def _settle(self) -> None:
        """Count the discards of the latest view observed, if not done yet."""
        if self._latest is not None:
            self._hand_safe, self._hand_seen = _count(self._latest)
            self._latest = None

    def fold_rate(self, seat: int) -> float:
        """Share of ``seat``'s discards against a riichi that were safe (with the prior)."""
        self._settle()
        safe = self.safe[seat] + self._hand_safe[seat] + PRIOR_SAFE
        seen = self.seen[seat] + self._hand_seen[seat] + PRIOR_SEEN
        return safe / seen

    def pushers(self, view: PlayerView) -> float:
        """Average share of the other seats that do not fold against a riichi."""
        others = [s for s in range(4) if s != view.seat]
        return sum(1.0 - self.fold_rate(s) for s in others) / len(others)


def _count(view: PlayerView) -> tuple[list[int], list[int]]:
    """(safe, seen) discards per seat against another seat's riichi in this hand."""
    safe = [0] * 4
    seen = [0] * 4
    # when each riichi was declared (ai.rivers: exact even after calls shifted the rivers)
    declared = {s.seat: discard_key(view, s.seat, s.riichi_turn) for s in view.seats
                if s.riichi and s.riichi_turn is not None}
    if not declared:
        return safe, seen
    known: dict[int, set[int]] = {seat: set() for seat in declared}
    live: set[int] = set()
    for key, seat, tile in in_order(view):
        kind = kind_of(tile.tile)
        for r in live:
            if seat != r and not _in_riichi(seat, declared, key):
                seen[seat] += 1
                if kind in known[r]:
                    safe[seat] += 1
        for r in known:
            if seat == r or r in live:
                known[r].add(kind)  # the riichi seat's own discards, and tiles passed since
        if declared.get(seat) == key:
            live.add(seat)
    return safe, seen


def _in_riichi(seat: int, declared: dict[int, Key], key: Key) -> bool:
    """Whether ``seat`` had declared riichi before its discard at ``key``."""
    when = declared.get(seat)
    return when is not None and when <= key
