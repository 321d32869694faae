"""Events in a few words, for the replay viewer's log."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from hanchan.engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    GameEnded,
    GameStarted,
    HandDrawn,
    HandStarted,
    Kan,
    Note,
    NotenDeclared,
    Penalty,
    RiichiAccepted,
    RiichiDeclared,
    Won,
)
from hanchan.engine.tiles import format_tiles, tile_name
from hanchan.words.names import hand_label
from hanchan.words.penalties import short

_YOU = {"declares": "declare", "wins": "win", "discards": "discard", "draws": "draw"}


class _Words:
    """The seat names and red fives an event's line is said with."""

    def __init__(self, names: Sequence[str], red_fives: int) -> None:
        self.names = names
        self.red = red_fives

    def who(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"seat {seat}"

    def does(self, seat: int, verb: str) -> str:
        """'Bot S draws' but 'You draw'."""
        name = self.who(seat)
        return f"{name} {_YOU.get(verb, verb) if name == 'You' else verb}"

    def meld(self, seat: int, kind: str, tiles: Sequence[int]) -> str:
        return f"{self.who(seat)} {kind} {format_tiles(tiles, self.red)}"


def _won(ev: Won, w: _Words) -> str:
    return "; ".join(
        f"{w.does(win.seat, 'wins')} "
        f"{'tsumo' if win.from_seat is None else f'ron off {w.who(win.from_seat)}'}: "
        f"{win.points:,}" for win in ev.wins)


def _discarded(ev: Discarded, w: _Words) -> str:
    tg = " (tsumogiri)" if ev.tsumogiri else ""
    return f"{w.does(ev.seat, 'discards')} {tile_name(ev.tile, w.red)}{tg}"


E = TypeVar("E")


def _say(kind: type[E], line: Callable[[E, _Words], str]
         ) -> tuple[type, Callable[[Any, _Words], str]]:
    """One kind of event and its line, the line type-checked against the kind."""
    return kind, line


# One line per kind of event (an event of a kind not listed is named by its type).
_LINES: dict[type, Callable[[Any, _Words], str]] = dict((
    _say(GameStarted, lambda ev, w: f"Game starts ({ev.ruleset.name})"),
    _say(HandStarted, lambda ev, w: f"— {hand_label(ev.round_wind, ev.hand_number, ev.honba)} —"),
    _say(Drew, lambda ev, w: f"{w.does(ev.seat, 'draws')}{' (rinshan)' if ev.rinshan else ''}"),
    _say(Discarded, _discarded),
    _say(RiichiDeclared, lambda ev, w: f"{w.does(ev.seat, 'declares')} "
                                       f"{'open ' if ev.open else ''}riichi"),
    _say(RiichiAccepted, lambda ev, w: f"{w.who(ev.seat)}'s riichi stick is down"),
    _say(Called, lambda ev, w: w.meld(ev.seat, ev.meld.kind, ev.meld.tiles)),
    _say(Kan, lambda ev, w: w.meld(ev.seat, ev.meld.kind, ev.meld.tiles)),
    _say(DoraRevealed, lambda ev, w: f"New dora indicator {tile_name(ev.indicator, w.red)}"),
    _say(Won, _won),
    _say(HandDrawn, lambda ev, w: f"Draw ({ev.kind.replace('_', ' ')})"),
    _say(GameEnded, lambda ev, w: "Game over"),
    _say(Penalty, lambda ev, w: short(ev, w.names)),
    _say(NotenDeclared, lambda ev, w: f"{w.does(ev.seat, 'declares')} noten"),
    _say(Note, lambda ev, w: ev.text),
))


def describe(ev: Event, names: Sequence[str], red_fives: int) -> str:
    """One short line for an event.

    >>> from hanchan.engine.events import Drew
    >>> describe(Drew(0, 16), ("You", "Akane", "Botan", "Chika"), 1)
    'You draw'
    """
    line = _LINES.get(type(ev))
    return line(ev, _Words(names, red_fives)) if line else type(ev).__name__
