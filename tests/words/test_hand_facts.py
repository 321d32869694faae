"""A hand's facts come from one fold, and an engine error while folding reaches the caller.

The result screen, the ledger, the penalty words and the score call used to fold the
game each on their own, two of them behind ``except Exception`` (a record the engine
could not fold showed a false ron, or no dora); now
:func:`hanchan.words.hand_facts.hand_facts` folds once and raises what the engine raises.
"""

from __future__ import annotations

import pytest

from hanchan.engine.events import Discarded, Event, HandStarted, Penalty
from hanchan.engine.state import fold
from hanchan.words.hand_facts import hand_facts
from hanchan.words.penalties import facts
from tests.words.test_penalty_words import false_ron_by_south, penalty, practice


def _damaged(events: list[Event], pen: Penalty) -> list[Event]:
    """``events`` with a discard of a tile West does not hold right after the hand starts."""
    at = max(i for i, e in enumerate(events[:events.index(pen)]) if isinstance(e, HandStarted))
    held = set(fold(events[:at + 1]).seats[2].hand)
    alien = next(t for t in range(136) if t not in held)
    return [*events[:at + 1], Discarded(2, alien), *events[at + 1:]]


def test_an_engine_error_is_not_swallowed() -> None:
    g = false_ron_by_south(practice("makura"))
    events, pen = list(g.events), penalty(g)
    assert facts(hand_facts(events, pen)).cause == "ron"  # the record as played
    with pytest.raises(ValueError, match="not in list"):  # SeatState.remove's own error
        hand_facts(_damaged(events, pen), pen)


def test_a_result_that_is_not_in_the_record_is_refused() -> None:
    g = false_ron_by_south(practice("makura"))
    events, pen = list(g.events), penalty(g)
    with pytest.raises(ValueError, match="not one of the events"):
        hand_facts(events[:events.index(pen)], pen)


def test_the_facts_are_the_folded_states_around_the_result() -> None:
    g = false_ron_by_south(practice("makura"))
    events, pen = list(g.events), penalty(g)
    f = hand_facts(events, pen)
    idx = events.index(pen)
    before = fold(events[:idx])
    assert (f.index, f.pre, f.dora) == (idx, tuple(before.scores), before.dora_indicators())
    nxt = next(e for e in events[idx:] if isinstance(e, HandStarted))
    assert f.next_hand is nxt and (f.post, f.sticks_after) == (nxt.scores, nxt.sticks)
    assert f.mistake == "ron" and f.start.round_wind == 0
