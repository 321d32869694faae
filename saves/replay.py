"""The replay model: a saved game's events as positions to step through and seek.

Position ``i`` (``0 <= i < len(events)``) is the state after applying
``events[0..i]``; position 0 is the state right after ``GameStarted``.  A copy of
the state is kept at the start of every hand and every 40 events, so seeking
anywhere applies at most 40 events to a copy: instant even in a long game.

>>> from hanchan.engine.events import GameStarted
>>> from hanchan.rulesets.schema import Ruleset
>>> r = Replay([GameStarted(Ruleset(), ("A", "B", "C", "D"))])
>>> r.position, r.at_end, r.state.scores
(0, True, [25000, 25000, 25000, 25000])
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

from hanchan.engine.events import Event, GameEnded, HandDrawn, HandStarted, Won
from hanchan.engine.state import GameState, apply, checkpoint
from hanchan.engine.tiles import WIND_LETTERS
from hanchan.engine.view import PlayerView
from hanchan.engine.visibility import view
from hanchan.errors import HanchanError

CHECKPOINT_EVERY = 40
"""Besides every hand's start, a copy of the state is kept every this many events."""


@dataclass(frozen=True)
class HandMark:
    """Where one hand starts and ends in the event list."""

    index: int  # 0-based hand index in the game
    name: str  # "E1-0": round wind, hand number, honba
    start: int  # position of its HandStarted
    end: int | None  # position of its Won / HandDrawn (None: unfinished)


def hand_name(ev: HandStarted) -> str:
    """``E1-0`` style name of a hand."""
    return f"{WIND_LETTERS[ev.round_wind % 4]}{ev.hand_number + 1}-{ev.honba}"


class ReplayError(HanchanError, ValueError):
    """An event that cannot be applied where it stands (a damaged or tampered file)."""

    def __init__(self, position: int, message: str):
        super().__init__(f"event {position + 1}: {message}")
        self.position = position


class Replay:
    """Step forward/back, jump to hands, wins and draws, and show any seat's view."""

    def __init__(self, events: Sequence[Event]) -> None:
        if not events:
            raise ValueError("a replay needs at least the GameStarted event")
        self.events = list(events)
        self._checkpoints: dict[int, GameState] = {}
        self.hands: list[HandMark] = []
        state = self._apply(None, 0)
        self._checkpoints[0] = self._copy(state)
        start: int | None = None
        name = ""
        for i in range(1, len(self.events)):
            ev = self.events[i]
            state = self._apply(state, i)
            if isinstance(ev, HandStarted):
                if start is not None:
                    self.hands.append(HandMark(len(self.hands), name, start, None))
                start, name = i, hand_name(ev)
                self._checkpoints[i] = self._copy(state)
            elif i % CHECKPOINT_EVERY == 0:
                self._checkpoints[i] = self._copy(state)
            elif isinstance(ev, (Won, HandDrawn)) and start is not None:
                self.hands.append(HandMark(len(self.hands), name, start, i))
                start = None
        if start is not None:
            self.hands.append(HandMark(len(self.hands), name, start, None))
        self._final = state
        self._position = len(self.events) - 1
        self._state = state
        self._starts = sorted(self._checkpoints)

    @staticmethod
    def _copy(state: GameState) -> GameState:
        """A copy of the state's facts."""
        return checkpoint(state)

    def _apply(self, state: GameState | None, i: int) -> GameState:
        try:
            return apply(state, self.events[i])
        except (ValueError, IndexError, KeyError) as exc:  # an impossible event
            raise ReplayError(i, f"{type(self.events[i]).__name__} cannot happen here "
                                 f"({exc})") from exc

    # ---------------------------------------------------------------- position
    @property
    def position(self) -> int:
        """The current position (index of the last applied event)."""
        return self._position

    @property
    def state(self) -> GameState:
        """The state at the current position (do not modify it)."""
        return self._state

    @property
    def event(self) -> Event:
        """The event at the current position."""
        return self.events[self._position]

    @property
    def at_end(self) -> bool:
        """Whether the current position is the last event."""
        return self._position == len(self.events) - 1

    def seek(self, position: int) -> GameState:
        """Go to ``position`` (clamped to the game) and return the state there."""
        position = max(0, min(position, len(self.events) - 1))
        if position == self._position:
            return self._state
        if position == len(self.events) - 1:
            self._position, self._state = position, self._final
            return self._state
        base = self._checkpoint_before(position)
        if self._position < position and self._position >= base and self._state is not self._final:
            base, state = self._position, self._state  # closer: go on from here
        else:
            state = self._copy(self._checkpoints[base])
        for i in range(base + 1, position + 1):
            state = self._apply(state, i)
        self._position, self._state = position, state
        return state

    def _checkpoint_before(self, position: int) -> int:
        return self._starts[bisect.bisect_right(self._starts, position) - 1]

    def forward(self) -> GameState:
        """One event forward."""
        return self.seek(self._position + 1)

    def back(self) -> GameState:
        """One event back."""
        return self.seek(self._position - 1)

    def to_start(self) -> GameState:
        """The start of the game."""
        return self.seek(0)

    def to_end(self) -> GameState:
        """The last event."""
        return self.seek(len(self.events) - 1)

    def to_hand(self, index: int) -> GameState:
        """The start of hand ``index`` (0-based)."""
        return self.seek(self.hands[index].start)

    def results(self) -> list[int]:
        """Positions of every win, draw and the game's end."""
        return [i for i, e in enumerate(self.events) if isinstance(e, (Won, HandDrawn, GameEnded))]

    def next_result(self) -> GameState:
        """Jump to the next win or draw (or the end)."""
        for i in self.results():
            if i > self._position:
                return self.seek(i)
        return self.to_end()

    def previous_result(self) -> GameState:
        """Jump to the previous win or draw (or the start)."""
        for i in reversed(self.results()):
            if i < self._position:
                return self.seek(i)
        return self.to_start()

    def current_hand(self) -> HandMark | None:
        """The hand the current position is in (None before the first hand)."""
        found = None
        for mark in self.hands:
            if mark.start <= self._position:
                found = mark
        return found

    # ---------------------------------------------------------------- views
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` saw at the current position."""
        return view(self._state, seat)

    def all_hands(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's concealed tiles at the current position (for "show all hands")."""
        return tuple(tuple(sorted(s.hand)) for s in self._state.seats)
