"""``verify_words``: how ``hanchan verify`` names seats, tiles, events and actions.

The referee's sentences (``E1-0, line 57: seat 2 (W) cannot discard 5p (tile 53): ...``)
are built from these phrases, and only from them, so that the words of every message
``verify``, ``import`` and the checked readers print live in one place.  They name a
seat by its number and its wind in the hand, and a tile by its name and its number in
the wall, as a file records them; the names shared with the table (a hand's label, the
wind letters, a tile's name) come from :mod:`hanchan.words.names` and ``engine.tiles``.

>>> from hanchan.engine.events import Discarded
>>> describe(Discarded(2, 53, False), dealer=0, red=1)
'seat 2 (W) discards 5p (tile 53)'
>>> action_words(Discard(53, riichi=True), red=1)
'declare riichi with 5p (tile 53)'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hanchan.engine import wall as wall_mod
from hanchan.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    EndGame,
    NineTerminals,
    OpenKan,
    Pon,
    Ron,
    ShowHand,
    Tsumo,
)
from hanchan.engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    GameEnded,
    HandDrawn,
    HandStarted,
    Kan,
    NotenDeclared,
    Penalty,
    RiichiAccepted,
    RiichiDeclared,
    Won,
)
from hanchan.engine.tiles import WIND_LETTERS, tile_name
from hanchan.words.names import hand_label, nth


def seat_words(dealer: int, seat: int) -> str:
    """``seat 2 (W)``: a seat with its wind in the hand ``dealer`` deals."""
    return f"seat {seat} ({WIND_LETTERS[(seat - dealer) % 4]})"


def tile_words(t: int | None, red: int) -> str:
    """``5p (tile 53)``: a tile's name and number (``red``: the ruleset's red fives)."""
    return "no tile" if t is None else f"{tile_name(t, red)} (tile {t})"


def signed_words(values: Sequence[int]) -> str:
    """``(+1000, -1000)``: score changes."""
    return "(" + ", ".join(f"{v:+d}" for v in values) + ")"


def dice_words(dice: Sequence[int]) -> str:
    """``(3, 5)``: the dice of a hand."""
    return "(" + ", ".join(str(d) for d in dice) + ")"


def short(value: object) -> str:
    """A value as text, cut to about 120 characters."""
    text = str(value)
    return text if len(text) <= 120 else text[:116] + " ..."


def hand_label_of(start: HandStarted) -> str:
    """``E1-0`` (:func:`hanchan.words.names.hand_label`) for a recorded hand's start,
    whatever number a file gives its round wind."""
    return hand_label(start.round_wind % 4, start.hand_number, start.honba)


# ------------------------------------------------------------------ events

_Who = Callable[[int], str]


def _drew(ev: Drew, who: _Who, red: int) -> str:
    kind = "a replacement tile " if ev.rinshan else ""
    return f"{who(ev.seat)} draws {kind}{tile_words(ev.tile, red)}"


def _discarded(ev: Discarded, who: _Who, red: int) -> str:
    return f"{who(ev.seat)} discards {tile_words(ev.tile, red)}"


def _riichi_declared(ev: RiichiDeclared, who: _Who, red: int) -> str:
    return f"{who(ev.seat)} declares {'open ' if ev.open else ''}riichi"


def _riichi_accepted(ev: RiichiAccepted, who: _Who, red: int) -> str:
    return f"{who(ev.seat)}'s riichi stick goes on the table"


def _called(ev: Called, who: _Who, red: int) -> str:
    source = f" from seat {ev.meld.from_seat}" if ev.meld.from_seat is not None else ""
    return f"{who(ev.seat)} calls {ev.meld.kind} on {tile_words(ev.meld.called, red)}{source}"


def _kan(ev: Kan, who: _Who, red: int) -> str:
    kind = "a closed kan" if ev.meld.kind == "ankan" else "an added kan"
    return f"{who(ev.seat)} declares {kind} of {tile_words(ev.meld.tiles[0], red)}"


def _dora_revealed(ev: DoraRevealed, who: _Who, red: int) -> str:
    return f"a dora indicator {tile_words(ev.indicator, red)} is turned"


def _won(ev: Won, who: _Who, red: int) -> str:
    return " and ".join(
        f"{who(w.seat)} wins by {'tsumo' if w.from_seat is None else 'ron'}"
        for w in ev.wins) or "a win with no winner"


def _hand_drawn(ev: HandDrawn, who: _Who, red: int) -> str:
    return f"the hand ends in a draw ({ev.kind.replace('_', ' ')})"


def _game_ended(ev: GameEnded, who: _Who, red: int) -> str:
    return f"the game ends ({ev.reason})"


def _hand_started(ev: HandStarted, who: _Who, red: int) -> str:
    return f"hand {hand_label_of(ev)} starts with dealer seat {ev.dealer}"


def _penalty(ev: Penalty, who: _Who, red: int) -> str:
    return f"{who(ev.seat)} pays a penalty ({ev.kind.replace('_', ' ')})"


def _noten_declared(ev: NotenDeclared, who: _Who, red: int) -> str:
    return f"{who(ev.seat)} declares noten"


_EVENT_PHRASES: dict[type, Callable[[Any, _Who, int], str]] = {
    Drew: _drew,
    Discarded: _discarded,
    RiichiDeclared: _riichi_declared,
    RiichiAccepted: _riichi_accepted,
    Called: _called,
    Kan: _kan,
    DoraRevealed: _dora_revealed,
    Won: _won,
    HandDrawn: _hand_drawn,
    GameEnded: _game_ended,
    HandStarted: _hand_started,
    Penalty: _penalty,
    NotenDeclared: _noten_declared,
}
"""One phrase per kind of event; any other (``GameStarted``) is the game's start."""


def describe(ev: Event, dealer: int, red: int) -> str:
    """A short phrase for an event (``seat 2 (W) discards 5p (tile 53)``)."""
    phrase = _EVENT_PHRASES.get(type(ev))
    if phrase is None:
        return "the game starts"

    def who(seat: int) -> str:
        return seat_words(dealer, seat)

    return phrase(ev, who, red)


# ------------------------------------------------------------------ actions


def _discard(action: Discard, red: int) -> str:
    if action.riichi:
        return f"declare {'open ' if action.open else ''}riichi with {tile_words(action.tile, red)}"
    return f"discard {tile_words(action.tile, red)}"


def _call(kind: str) -> Callable[[Chi | Pon | OpenKan, int], str]:
    def words(action: Chi | Pon | OpenKan, red: int) -> str:
        return f"call {kind} with {', '.join(tile_words(t, red) for t in action.tiles)}"
    return words


def _closed_kan(action: ClosedKan, red: int) -> str:
    return f"declare a closed kan of {tile_words(action.tiles[0], red)}"


def _added_kan(action: AddedKan, red: int) -> str:
    return f"add {tile_words(action.tile, red)} to a pon"


def _show_hand(action: ShowHand, red: int) -> str:
    return "show a tenpai hand" if action.show else "declare noten"


def _end_game(action: EndGame, red: int) -> str:
    return "end the game" if action.stop else "play on"


_ACTION_PHRASES: dict[type, Callable[[Any, int], str]] = {
    Discard: _discard,
    Tsumo: lambda action, red: "win by tsumo",
    Ron: lambda action, red: "win by ron",
    Chi: _call("chi"),
    Pon: _call("pon"),
    OpenKan: _call("an open kan"),
    ClosedKan: _closed_kan,
    AddedKan: _added_kan,
    NineTerminals: lambda action, red: "abort the hand with nine terminals",
    ShowHand: _show_hand,
    EndGame: _end_game,
}
"""One phrase per kind of action; any other (``Pass``) is a pass."""


def action_words(action: Action, red: int) -> str:
    """What a seat does with ``action``, after "cannot" (``discard 5p (tile 53)``)."""
    phrase = _ACTION_PHRASES.get(type(action))
    return "pass" if phrase is None else phrase(action, red)


# ------------------------------------------------------------------ walls


def wall_place(i: int, dealer: int, dead_wall: int = 14) -> str:
    """Where the ``i``-th tile of a wall in draw order goes (see ``engine.wall``).

    >>> wall_place(5, dealer=0)
    "in seat 1 (S)'s starting hand"
    >>> wall_place(52, dealer=1), wall_place(131, dealer=0), wall_place(135, dealer=0)
    ('the 1st draw from the live wall', 'the 1st dora indicator', 'the 1st replacement draw')
    """
    if i < wall_mod.DEAL_SIZE:
        offset = (i - 48) if i >= 48 else (i % 16) // 4
        return f"in {seat_words(dealer, (dealer + offset) % 4)}'s starting hand"
    if i < 136 - dead_wall:
        return f"the {nth(i - wall_mod.FIRST_DRAW + 1)} draw from the live wall"
    if i >= 132:
        return f"the {nth(136 - i)} replacement draw"
    if i <= 131 and (131 - i) % 2 == 0:
        return f"the {nth((131 - i) // 2 + 1)} dora indicator"
    if i <= 130 and (130 - i) % 2 == 0:
        return f"the {nth((130 - i) // 2 + 1)} ura dora indicator"
    return "the dead wall"
