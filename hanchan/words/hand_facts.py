"""One hand's result with what the events around it say, read with one fold.

The result screen, its ledger, the penalty words and the score call each need a fact
or two about the hand a result ends: the hand's start, the dora showing, every seat's
points and sticks just before and after, what the mistake of a penalty was, what
follows.  :func:`hand_facts` folds the events up to the result once and reads them
all, so no display module folds the game again, and an engine error while folding
reaches the caller instead of turning into an empty line on a screen.

"After" is the folded state after the result, so it is the next hand's starting
score; after a chombo it is the next hand's own start (the sticks given back
between the hands are in it).

>>> from hanchan.engine.events import GameStarted, HandStarted, RiichiAccepted, Won
>>> from hanchan.rulesets.schema import Ruleset
>>> start = HandStarted(0, 0, 0, 0, 0, (25000,) * 4, (1, 1), tuple(range(136)))
>>> events = [GameStarted(Ruleset(), ("A", "B", "C", "D"), 1), start,
...           RiichiAccepted(1), Won((), (-1000, 2000, -1000, 0))]
>>> f = hand_facts(events, events[-1])
>>> f.index, f.put, f.post, f.sticks_after, f.dora
(3, (0, -1000, 0, 0), (24000, 26000, 24000, 25000), 1, (131,))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from hanchan.engine import flow
from hanchan.engine.events import (
    Event,
    GameEnded,
    GameStarted,
    HandDrawn,
    HandStarted,
    Penalty,
    Won,
)
from hanchan.engine.penalties import CLOSED_KAN_CHOMBO
from hanchan.engine.seats import four
from hanchan.engine.state import GameState, apply, fold
from hanchan.rulesets.schema import Ruleset

Mistake = Literal["tsumo", "ron", "noten_riichi", "call", "meld", "kan", "tsumo_taken_back",
                  "ron_taken_back", "riichi_taken_back"]
"""What a penalised player did: a false tsumo or ron, a noten riichi, a false call."""

Four = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class HandFacts:
    """A hand's result (one of a game's events) and the facts around it."""

    result: Won | HandDrawn | Penalty
    index: int  # the result's place in the events
    rules: Ruleset
    seed: int | None  # the game's seed (GameStarted)
    start: HandStarted  # the start of the hand the result ends
    dora: tuple[int, ...]  # the dora indicators showing just before the result
    put: Four  # points each seat put on the table this hand (riichi, false-call sticks; <= 0)
    riichi_put: Four  # riichi sticks each seat put down this hand
    pre: Four  # every seat's points just before the result
    post: Four  # just after it: the next hand's starting points
    sticks_after: int  # sticks left on the table after it, for the next winner
    mistake: Mistake | None  # a penalty's cause; None for a win or a draw
    next_hand: HandStarted | None  # the hand that follows, when the record has it
    ended: GameEnded | None  # the game's end, when it follows the result with no hand between


def _position(events: Sequence[Event], result: Event) -> int:
    for i, e in enumerate(events):
        if e is result:
            return i
    for i, e in enumerate(events):
        if e == result:
            return i
    raise ValueError(f"the result {type(result).__name__} is not one of the events")


_TAKEN_BACK: dict[str, Mistake] = {
    "false_tsumo_withdrawn": "tsumo_taken_back", "false_ron_withdrawn": "ron_taken_back",
    "riichi_withdrawn": "riichi_taken_back"}


def _mistake(st: GameState, pen: Penalty) -> Mistake:
    """What the penalised seat did, from the state just before the penalty."""
    seat = pen.seat
    taken_back = _TAKEN_BACK.get(pen.kind)
    if taken_back is not None:
        return taken_back
    if pen.kind == "false_meld":
        return "meld"
    if pen.kind != "chombo":
        return "call"
    if pen.reason.startswith(CLOSED_KAN_CHOMBO):
        return "kan"  # a closed kan's hidden tiles found wrong (ako 7-05-03)
    if st.phase == "turn" and st.turn == seat:
        return "tsumo"
    if st.seats[seat].riichi and st.live_remaining <= 0 and not flow.tenpai_of(st, seat):
        return "noten_riichi"
    return "ron"


def hand_facts(events: Sequence[Event], result: Won | HandDrawn | Penalty) -> HandFacts:
    """The facts of ``result``'s hand; ``result`` must be one of ``events``.

    Raises ``ValueError`` when it is not, when no hand starts before it, and whatever
    the engine raises on a record it cannot fold.
    """
    idx = _position(events, result)
    first = events[0]
    if not isinstance(first, GameStarted):
        raise ValueError("a game's first event must be GameStarted")
    start = next((e for e in reversed(events[:idx]) if isinstance(e, HandStarted)), None)
    if start is None:
        raise ValueError(f"no hand starts before the result at event {idx}")
    st = fold(events[:idx])
    dora = st.dora_indicators()
    riichi_put = four(st.riichi_sticks_this_hand)
    put = four([-1000 * (n + st.penalty_sticks_this_hand[s]) for s, n in enumerate(riichi_put)])
    pre = four(st.scores)
    mistake = _mistake(st, result) if isinstance(result, Penalty) else None
    apply(st, result)
    following = next((e for e in events[idx + 1:] if isinstance(e, HandStarted | GameEnded)),
                     None)
    nxt = following if isinstance(following, HandStarted) else None
    ended = following if isinstance(following, GameEnded) else None
    post, sticks = four(st.scores), st.sticks
    if isinstance(result, Penalty) and result.kind == "chombo" and nxt is not None:
        # the sticks of a chombo hand may go back before the next hand: read its start
        post, sticks = nxt.scores, nxt.sticks
    return HandFacts(result, idx, first.ruleset, first.seed, start, dora, put, riichi_put,
                     pre, post, sticks, mistake, nxt, ended)
