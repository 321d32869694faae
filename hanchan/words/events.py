"""Events in a few words, for the replay viewer's log."""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import (
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
from engine.tiles import format_tiles, tile_name
from hanchan.words.names import hand_label
from hanchan.words.penalties import short

_YOU = {"declares": "declare", "wins": "win", "discards": "discard", "draws": "draw"}


def describe(ev: Event, names: Sequence[str], red_fives: int) -> str:
    """One short line for an event."""
    def who(seat: int) -> str:
        return names[seat] if seat < len(names) else f"seat {seat}"

    def does(seat: int, verb: str) -> str:
        """'Bot S draws' but 'You draw'."""
        name = who(seat)
        return f"{name} {_YOU.get(verb, verb) if name == 'You' else verb}"

    match ev:
        case GameStarted():
            return f"Game starts ({ev.ruleset.name})"
        case HandStarted():
            return f"— {hand_label(ev.round_wind, ev.hand_number, ev.honba)} —"
        case Drew():
            return f"{does(ev.seat, 'draws')}{' (rinshan)' if ev.rinshan else ''}"
        case RiichiDeclared():
            return f"{does(ev.seat, 'declares')} {'open ' if ev.open else ''}riichi"
        case RiichiAccepted():
            return f"{who(ev.seat)}'s riichi stick is down"
        case Called():
            tiles = format_tiles(ev.meld.tiles, red_fives)
            return f"{who(ev.seat)} {ev.meld.kind} {tiles}"
        case Kan():
            return f"{who(ev.seat)} {ev.meld.kind} {format_tiles(ev.meld.tiles, red_fives)}"
        case DoraRevealed():
            return f"New dora indicator {tile_name(ev.indicator, red_fives)}"
        case Won():
            return "; ".join(
                f"{does(w.seat, 'wins')} "
                f"{'tsumo' if w.from_seat is None else f'ron off {who(w.from_seat)}'}: "
                f"{w.points:,}" for w in ev.wins)
        case HandDrawn():
            return f"Draw ({ev.kind.replace('_', ' ')})"
        case GameEnded():
            return "Game over"
        case Penalty():
            return short(ev, names)
        case NotenDeclared():
            return f"{does(ev.seat, 'declares')} noten"
        case Note():
            return ev.text
    if isinstance(ev, Discarded):
        tg = " (tsumogiri)" if ev.tsumogiri else ""
        return f"{does(ev.seat, 'discards')} {tile_name(ev.tile, red_fives)}{tg}"
    return type(ev).__name__
