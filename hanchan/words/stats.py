"""Numbers about a finished (or running) game, read from its events only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hanchan.engine.events import (
    Called,
    Event,
    GameEnded,
    HandDrawn,
    HandStarted,
    Penalty,
    RiichiDeclared,
    Won,
)
from hanchan.engine.seats import four


@dataclass(frozen=True)
class SeatStats:
    """One seat's game in numbers."""

    hands: int
    wins: int
    tsumo_wins: int
    deal_ins: int
    riichi: int
    hands_with_calls: int
    win_points: tuple[int, ...]
    biggest_win: int

    @property
    def average_win(self) -> int:
        """Average hand value of the wins (0 without a win)."""
        return sum(self.win_points) // len(self.win_points) if self.win_points else 0


def seat_stats(events: Sequence[Event], seat: int) -> SeatStats:
    """Wins, deal-ins, riichi and calls of ``seat`` over the events."""
    hands = wins = tsumo = deal_ins = riichi = called_hands = 0
    points: list[int] = []
    called_this_hand = False
    for ev in events:
        if isinstance(ev, HandStarted):
            hands += 1
            called_this_hand = False
        elif isinstance(ev, RiichiDeclared) and ev.seat == seat:
            riichi += 1
        elif isinstance(ev, Called) and ev.seat == seat and not called_this_hand:
            called_this_hand = True
            called_hands += 1
        elif isinstance(ev, Won):
            for w in ev.wins:
                if w.seat == seat:
                    wins += 1
                    tsumo += w.from_seat is None
                    points.append(w.points)
                elif w.from_seat == seat:
                    deal_ins += 1
    return SeatStats(hands, wins, tsumo, deal_ins, riichi, called_hands, tuple(points),
                     max(points, default=0))


def score_history(events: Sequence[Event]) -> list[tuple[int, int, int, int]]:
    """Every seat's points at the start of each hand, then at the end of the game."""
    out: list[tuple[int, int, int, int]] = []
    last: tuple[int, int, int, int] | None = None
    for ev in events:
        if isinstance(ev, HandStarted):
            out.append(four(ev.scores))
            last = four(ev.scores)
        elif isinstance(ev, (Won, HandDrawn, Penalty)) and last is not None:
            last = four(a + b for a, b in zip(last, ev.deltas, strict=True))
        elif isinstance(ev, GameEnded):
            final = [0, 0, 0, 0]
            for row in ev.table:
                final[row.seat] = row.points
            out.append(four(final))
            return out
    if last is not None and (not out or out[-1] != last):
        out.append(last)
    return out
