"""Every seat's points across one hand's result, read from the engine's state.

The result screen's table has four numbers a seat: its points when the hand
started, the sticks it put on the table during the hand (riichi, false-call
sticks), the result's change, and its points after the result.  All four come
from :func:`hanchan.words.hand_facts.hand_facts`: "after" is the folded state after
the result (after a chombo, the next hand's own start), the other columns the state
just before it, so the row adds up by construction of the engine, not of the screen.

>>> from hanchan.engine.events import GameStarted, HandStarted, RiichiAccepted, Won
>>> from hanchan.words.hand_facts import hand_facts
>>> from hanchan.rulesets.schema import Ruleset
>>> start = HandStarted(0, 0, 0, 0, 0, (25000,) * 4, (1, 1), tuple(range(136)))
>>> events = [GameStarted(Ruleset(), ("A", "B", "C", "D"), 1), start,
...           RiichiAccepted(1), Won((), (-1000, 2000, -1000, 0))]
>>> f = hand_facts(events, events[-1])
>>> [(r.before, r.sticks, r.change, r.after) for r in hand_ledger(f)][:2]
[(25000, 0, -1000, 24000), (25000, -1000, 2000, 26000)]
>>> f.sticks_after
1
"""

from __future__ import annotations

from dataclasses import dataclass

from hanchan.words.hand_facts import HandFacts


@dataclass(frozen=True, slots=True)
class LedgerRow:
    """One seat's points across a hand's result."""

    seat: int
    before: int  # at the hand's start
    sticks: int  # put on the table during the hand, before the result (negative or 0)
    change: int  # the result's net change (payments, sticks taken or given back)
    after: int  # after the result: the next hand's starting points


def hand_ledger(f: HandFacts) -> list[LedgerRow]:
    """The four rows of the result table for the hand of ``f``."""
    return [LedgerRow(s, f.start.scores[s], f.put[s], f.post[s] - f.pre[s], f.post[s])
            for s in range(4)]
