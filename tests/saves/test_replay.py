"""The replay model: every position equals the fold of the events up to it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hanchan.engine.events import GameEnded, HandDrawn, HandStarted, Won
from hanchan.engine.state import fold, snapshot
from hanchan.saves.replay import Replay
from tests.kit.saved_games import played_game

EVENTS = played_game(1)
REPLAY = Replay(EVENTS)


def state_at(i: int) -> dict[str, object]:
    return snapshot(fold(EVENTS[: i + 1]))


@settings(max_examples=40)
@given(st.lists(st.integers(0, len(EVENTS) - 1), min_size=1, max_size=5))
def test_seek_anywhere_equals_the_fold(positions: list[int]) -> None:
    for p in positions:
        REPLAY.seek(p)
        assert REPLAY.position == p
        assert snapshot(REPLAY.state) == state_at(p)


def test_step_forward_and_back() -> None:
    REPLAY.seek(200)
    REPLAY.forward()
    assert REPLAY.position == 201 and snapshot(REPLAY.state) == state_at(201)
    REPLAY.back()
    REPLAY.back()
    assert REPLAY.position == 199 and snapshot(REPLAY.state) == state_at(199)
    REPLAY.to_start()
    REPLAY.back()  # clamped
    assert REPLAY.position == 0
    REPLAY.to_end()
    REPLAY.forward()
    assert REPLAY.at_end and isinstance(REPLAY.event, GameEnded)


def test_hands_and_results() -> None:
    starts = [i for i, e in enumerate(EVENTS) if isinstance(e, HandStarted)]
    assert [h.start for h in REPLAY.hands] == starts
    assert all(isinstance(EVENTS[h.end], (Won, HandDrawn)) for h in REPLAY.hands
               if h.end is not None)
    assert REPLAY.hands[0].name == "E1-0"
    last = REPLAY.hands[-1]
    REPLAY.to_hand(last.index)
    assert REPLAY.position == last.start and REPLAY.current_hand() == last
    REPLAY.to_start()
    REPLAY.next_result()
    assert isinstance(REPLAY.event, (Won, HandDrawn))
    first = REPLAY.position
    REPLAY.next_result()
    REPLAY.previous_result()
    assert REPLAY.position == first


def test_views_show_one_seat_or_all_hands() -> None:
    REPLAY.seek(REPLAY.hands[0].start + 5)
    hands = REPLAY.all_hands()
    for seat in range(4):
        v = REPLAY.view(seat)
        assert v.seat == seat
        mine = tuple(sorted(v.hand + ((v.drawn,) if v.drawn is not None else ())))
        assert mine == hands[seat]
        assert all(info.shown_hand == () for info in v.seats if info.seat != seat)
