"""Every seat's points across one hand's result, read from the engine's state.

The result screen's table has four numbers a seat: its points when the hand
started, the sticks it put on the table during the hand (riichi, false-call
sticks), the result's change, and its points after the result.  "After" is the
folded state after the result event, so it is the next hand's starting score (after
a chombo, the next hand's own start: the sticks given back between the hands are in
it); the other columns are read from the state just before the result, so the row
adds up by construction of the engine, not of the screen.

>>> from engine.events import GameStarted, HandStarted, RiichiAccepted, Won
>>> from rulesets.schema import Ruleset
>>> start = HandStarted(0, 0, 0, 0, 0, (25000,) * 4, (1, 1), tuple(range(136)))
>>> events = [GameStarted(Ruleset(), ("A", "B", "C", "D"), 1), start,
...           RiichiAccepted(1), Won((), (-1000, 2000, -1000, 0))]
>>> [(r.before, r.sticks, r.change, r.after) for r in hand_ledger(events, events[-1])][:2]
[(25000, 0, -1000, 24000), (25000, -1000, 2000, 26000)]
>>> table_sticks(events, events[-1])
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.events import Event, HandDrawn, HandStarted, Penalty, Won
from engine.state import apply, fold


@dataclass(frozen=True, slots=True)
class LedgerRow:
    """One seat's points across a hand's result."""

    seat: int
    before: int  # at the hand's start
    sticks: int  # put on the table during the hand, before the result (negative or 0)
    change: int  # the result's net change (payments, sticks taken or given back)
    after: int  # after the result: the next hand's starting points


def _position(events: Sequence[Event], result: Event) -> int:
    return next((i for i, e in enumerate(events) if e is result),
                next((i for i, e in enumerate(events) if e == result), len(events) - 1))


@dataclass(frozen=True, slots=True)
class _Around:
    opening: tuple[int, ...]  # every seat's points at the hand's start
    put: tuple[int, ...]  # sticks each seat put on the table this hand, in points
    pre: tuple[int, ...]  # points just before the result
    post: tuple[int, ...]  # points just after it
    sticks_after: int  # sticks on the table after it


def _around(events: Sequence[Event], result: Event) -> _Around:
    idx = _position(events, result)
    state = fold(events[:idx])
    start = next((e for e in reversed(events[:idx]) if isinstance(e, HandStarted)), None)
    opening = tuple(start.scores) if start is not None else tuple(state.scores)
    put = tuple(-1000 * (state.riichi_sticks_this_hand[s] + state.penalty_sticks_this_hand[s])
                for s in range(4))
    pre = tuple(state.scores)
    apply(state, events[idx])
    if isinstance(result, Penalty) and result.kind == "chombo":
        # the sticks of a chombo hand may go back before the next hand: read its start
        nxt = next((e for e in events[idx + 1:] if isinstance(e, HandStarted)), None)
        if nxt is not None:
            return _Around(opening, put, pre, tuple(nxt.scores), nxt.sticks)
    return _Around(opening, put, pre, tuple(state.scores), state.sticks)


def hand_ledger(events: Sequence[Event], result: Won | HandDrawn | Penalty) -> list[LedgerRow]:
    """The four rows of the result table for ``result`` (one of ``events``)."""
    a = _around(events, result)
    return [LedgerRow(s, a.opening[s], a.put[s], a.post[s] - a.pre[s], a.post[s])
            for s in range(4)]


def table_sticks(events: Sequence[Event], result: Won | HandDrawn | Penalty) -> int:
    """The sticks left on the table after ``result`` (they go to the next winner)."""
    return _around(events, result).sticks_after
