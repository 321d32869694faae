"""Replay a recorded game through the ``Game`` runner, giving it only the players' choices.

The engine must then produce every automatic event (draws, kan dora, riichi sticks, results,
payments, the next dealer, the end of the game) exactly as recorded; :func:`drive` checks
each event as it comes.  Used by the real-log tests of ``tests/engine`` and ``tests/saves``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from hanchan.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Ron,
    Tsumo,
)
from hanchan.engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Event,
    GameEnded,
    HandDrawn,
    HandStarted,
    Kan,
    RiichiAccepted,
    RiichiDeclared,
    Won,
)
from hanchan.engine.game import Game
from hanchan.engine.legal import IllegalAction
from hanchan.saves.convert import events_from_recorded
from hanchan.saves.logs.tenhou6 import parse_tenhou6


def recorded_events(path: Path) -> list[Event]:
    return events_from_recorded(parse_tenhou6(path.read_text(encoding="utf-8")))


def recorded_action(rec: list[Event], i: int, seat: int, g: Game) -> Action:
    """The action ``seat`` took, judging by the recorded event ``rec[i]`` (and after)."""
    while isinstance(rec[i], (DoraRevealed, RiichiAccepted)):  # automatic: see what follows
        i += 1
    ev = rec[i]
    if isinstance(ev, RiichiDeclared) and ev.seat == seat:
        d = rec[i + 1]
        assert isinstance(d, Discarded)
        return Discard(d.tile, riichi=True, open=ev.open)
    if isinstance(ev, Discarded) and ev.seat == seat and g.state.phase == "turn":
        return Discard(ev.tile)
    if isinstance(ev, Called) and ev.seat == seat:
        rest = list(ev.meld.tiles)
        rest.remove(ev.meld.called)  # type: ignore[arg-type]
        if ev.meld.kind == "chi":
            return Chi((rest[0], rest[1]))
        if ev.meld.kind == "pon":
            return Pon((rest[0], rest[1]))
        return OpenKan((rest[0], rest[1], rest[2]))
    if isinstance(ev, Kan) and ev.seat == seat:
        if ev.meld.kind == "ankan":
            t = ev.meld.tiles
            return ClosedKan((t[0], t[1], t[2], t[3]))
        assert ev.meld.added is not None
        return AddedKan(ev.meld.added)
    if isinstance(ev, Won):
        for w in ev.wins:
            if w.seat == seat:
                return Tsumo() if w.from_seat is None else Ron()
    if isinstance(ev, HandDrawn) and ev.kind == "nine_terminals":
        return NineTerminals()
    return Pass()


def _meld_key(m: object) -> tuple[object, ...]:
    return (m.kind, tuple(sorted(m.tiles)), m.called, m.from_seat, m.added)  # type: ignore[attr-defined]


def same_event(ours: Event, theirs: Event) -> bool:
    if isinstance(ours, Won) and isinstance(theirs, Won):
        # Tenhou records no fu for limit hands (fu 0 in the record)
        return (ours.deltas == theirs.deltas and ours.sticks_taken == theirs.sticks_taken
                and [(w.seat, w.han, w.fu if t.fu else 0, w.points)
                     for w, t in zip(ours.wins, theirs.wins, strict=False)]
                == [(w.seat, w.han, w.fu, w.points) for w in theirs.wins])
    if isinstance(ours, (Called, Kan)) and isinstance(theirs, type(ours)):
        return ours.seat == theirs.seat and _meld_key(ours.meld) == _meld_key(theirs.meld)
    if isinstance(ours, HandDrawn) and isinstance(theirs, HandDrawn):
        return (ours.kind, ours.deltas) == (theirs.kind, theirs.deltas)
    if isinstance(ours, GameEnded) and isinstance(theirs, GameEnded):
        return [(r.seat, r.points) for r in ours.table] == [(r.seat, r.points)
                                                            for r in theirs.table]
    return ours == theirs


Choice = Callable[[list[Event], int, int, Game, Sequence[Action]], Action]


def recorded_choice(rec: list[Event], n: int, seat: int, g: Game,
                    legal: Sequence[Action]) -> Action:
    """:func:`recorded_action` with the signature :func:`drive` calls."""
    return recorded_action(rec, n, seat, g)


def drive(g: Game, rec: list[Event], choice: Choice = recorded_choice) -> None:
    """Feed ``g`` the players' recorded choices until it has as many events as ``rec``
    or ends; every event it produces on the way must match the record."""
    guard = 0
    while not g.over and len(g.events) < len(rec):
        n = len(g.events)
        for j in range(n):
            assert same_event(g.events[j], rec[j]), (
                f"event {j}: engine {g.events[j]!r}\n  recorded {rec[j]!r}")
        pending = g.pending()
        assert pending, f"event {n}: nobody to act, engine waits; recorded {rec[n]!r}"
        for seat in sorted(pending):
            action = choice(rec, n, seat, g, pending[seat])
            try:
                g.act(seat, action)
            except IllegalAction as exc:
                raise AssertionError(
                    f"event {n}: seat {seat} may not {action} ({exc.reason}); recorded "
                    f"{rec[n]!r}; legal {pending[seat]}") from None
            if len(g.events) > n:
                break
        guard += 1
        assert guard < 20000


def replay(rec: list[Event]) -> Game:
    starts = [e for e in rec if isinstance(e, HandStarted)]
    first = rec[0]
    g = Game(first.ruleset, first.players, seed=first.seed,  # type: ignore[union-attr]
             walls=[(h.wall, h.dice) for h in starts])
    drive(g, rec)
    assert g.over, "the engine goes on where the record ends"
    assert len(g.events) == len(rec)
    assert same_event(g.events[-1], rec[-1])
    return g

