"""A typed position (何切る) as the engine's own state: the hand, the rivers, the dora.

:func:`build_position` turns mpsz text into the events of a hand (a wall that deals
the hand and draws the rivers' tiles in turn order from East, each thrown as drawn,
then the seat's own draw) and folds them with the engine, so the
:class:`~engine.view.PlayerView` and the legal actions are the engine's own, never a
second copy of its rules.  The seat in view has the seat wind asked for; East deals.
A river tile followed by ``*`` is that seat's riichi declaration.  Input that cannot
be a position is refused with one sentence (:class:`PositionError`).

>>> p = build_position("123m456p789s1122z", "3z", rivers={"E": "1z", "S": "9m*"},
...                    seat_wind="W", dora="1z")
>>> len(p.view.concealed()), p.view.seats[1].riichi, len(p.legal)
(14, True, 15)
>>> try:
...     build_position("123m456p789s112z")
... except PositionError as exc:
...     print(exc)  # doctest: +ELLIPSIS
the hand has 12 tiles: give 14, the 13 held and the tile drawn ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine import wall as wall_mod
from engine.actions import Action
from engine.events import (
    Called,
    Discarded,
    Drew,
    Event,
    GameStarted,
    HandStarted,
    Meld,
    RiichiAccepted,
    RiichiDeclared,
)
from engine.legal import legal_actions
from engine.state import fold
from engine.tiles import WIND_LETTERS, TileError, dora_of, kind_name, parse_kinds, parse_tiles
from engine.view import PlayerView
from engine.visibility import view as view_of
from hanchan.words.hands import RequestError, parse_meld
from hanchan.words.names import WIND_NAMES
from rulesets.schema import Ruleset


class PositionError(ValueError):
    """A typed position that cannot be one: the message is one sentence for the user."""


@dataclass(frozen=True)
class Position:
    """A typed position as the engine holds it."""

    view: PlayerView  # the seat's view, its drawn tile last
    legal: tuple[Action, ...]  # what the engine lets it do
    events: tuple[Event, ...]  # the hand that leads to it
    dora_chosen: bool  # no indicator was given: one was chosen (see build_position)


def _wind(text: str, what: str) -> int:
    w = text.strip().upper()[:1]
    if len(text.strip()) != 1 or w not in WIND_LETTERS:
        raise PositionError(f"{what} '{text}' is not a wind: use E, S, W or N")
    return WIND_LETTERS.index(w)


def _river(text: str, wind: str) -> tuple[str, int | None]:
    """A river's mpsz without its riichi mark, and the index of the marked tile."""
    if text.count("*") > 1:
        raise PositionError(f"{wind}'s river marks riichi twice: one '*' after the "
                            "declaration tile")
    if "*" not in text:
        return text, None
    before, after = text.split("*")
    try:
        at = len(parse_kinds(before)) - 1
    except TileError as exc:
        raise PositionError(f"{wind}'s river: {exc}") from None
    if at < 0:
        raise PositionError(f"{wind}'s river: '*' comes after the riichi tile (e.g. 9m*)")
    return before + after, at


def build_position(hand: str, drawn: str | None = None, *,
                   melds: Sequence[str] = (),
                   rivers: Mapping[str, str] | None = None, dora: str | None = None,
                   seat_wind: str = "E", round_wind: str = "E", turn: int | None = None,
                   rules: Ruleset | None = None) -> Position:
    """The position of ``hand`` (14 tiles, the last written is the drawn one, or 13 and
    ``drawn``; three fewer for each of ``melds``) for the seat of ``seat_wind``.

    ``melds`` are chi and pon as ``hanchan score`` writes them (``pon:555z``, the called
    tile first), called on the discards of the seat to the left at the seat's first
    turns, each followed by the next discard of its own river (the called tile is not
    written in the left seat's river).

    ``rivers`` maps seat winds to their discards in mpsz (``*`` after a riichi tile);
    they must fit the turn order from East (``turn``, the seat's own draw, counts from
    1; by default the own river's length tells it).  ``dora`` gives the indicators (as
    many as the rules show at the start); without it the first honour or terminal
    indicators whose dora and themselves are nowhere in sight are chosen.
    """
    rules = rules or Ruleset()
    red = rules.red_fives
    me = _wind(seat_wind, "the seat wind")
    round_w = _wind(round_wind, "the round wind")
    rivers = dict(rivers or {})
    marked: dict[int, tuple[str, int | None]] = {}
    for w, text in rivers.items():
        seat = _wind(w, "a river's seat")
        if seat in marked:
            raise PositionError(f"{WIND_NAMES[seat]}'s river is given twice")
        marked[seat] = _river(text, WIND_NAMES[seat])
    if marked.get(me, ("", None))[1] is not None:
        raise PositionError("the seat in view is in riichi: its only choice is the tile drawn")
    for m in melds:
        if m.partition(":")[0] not in ("chi", "pon"):
            raise PositionError(f"the meld '{m}': analyse takes chi and pon (e.g. pon:555z), "
                                "not kans")
        try:
            parse_meld(m, rules, ())  # its shape, before the tiles are counted
        except (RequestError, TileError) as exc:
            raise PositionError(f"the meld {exc}") from None
    texts = {"the hand": hand + (drawn or ""), "the dora indicators": dora or "",
             "the melds": "".join(m.partition(":")[2] for m in melds)}
    texts.update({f"{WIND_NAMES[s]}'s river": t for s, (t, _) in marked.items()})
    kinds: dict[str, list[int]] = {}
    for what, text in texts.items():
        try:
            kinds[what] = parse_kinds(text)
        except TileError as exc:
            raise PositionError(f"{what}: {exc}") from None
    held = len(kinds["the hand"])
    size = 14 - 3 * len(melds)
    if held != size:
        with_melds = f" beside {len(melds)} meld{'s' if len(melds) > 1 else ''}" \
            if melds else ""
        raise PositionError(
            f"the hand has {held} tiles{with_melds}: give {size}, the {size - 1} held and "
            "the tile drawn (e.g. 123m456p789s11z 2z)")
    seen = [0] * 34
    for ks in kinds.values():
        for k in ks:
            seen[k] += 1
    over = [k for k in range(34) if seen[k] > 4]
    if over:
        k = over[0]
        raise PositionError(f"{seen[k]} copies of {kind_name(k)} in the hand, melds, rivers "
                            "and dora indicators: there are only four")
    shown = len(kinds["the dora indicators"])
    if shown and shown != rules.initial_dora:
        raise PositionError(
            f"{shown} dora indicator{'s' if shown > 1 else ''}: these rules show "
            f"{rules.initial_dora} at the start (more come only with kans)")
    own = len(kinds.get(f"{WIND_NAMES[me]}'s river", []))
    n = own if turn is None else turn - 1
    if n < 0:
        raise PositionError(f"--turn is {turn}: the first own draw is turn 1")
    left = (me + 3) % 4  # the seat whose discards the melds were called on
    first_call = 1 if me == 0 else 0  # East's first turn comes before any discard
    calls = range(first_call, first_call + len(melds))  # the own turns that were calls
    if melds and n < calls.stop:
        raise PositionError(
            f"{len(melds)} meld{'s' if len(melds) > 1 else ''} called before this turn: the "
            f"{WIND_NAMES[me]} seat's river needs at least {calls.stop} tiles (each call "
            "is followed by a discard)")
    for s in range(4):
        want = n + 1 if s < me else n
        if s == left:
            want -= len(melds)  # the called tiles left the river
        has = len(kinds.get(f"{WIND_NAMES[s]}'s river", []))
        if has != want:
            raise PositionError(
                f"{WIND_NAMES[s]}'s river holds {has} tiles but at the {WIND_NAMES[me]} "
                f"seat's draw {n + 1} it must hold {want}: rivers fill in turn order "
                "from East (the dealer)" + (", less the tiles called" if s == left and melds
                                            else ""))
    # the physical tiles: the hand first (its red fives as written), then the rest
    used: list[int] = []

    def take(text: str, what: str) -> list[int]:
        try:
            ts = parse_tiles(text, red, used=used)
        except TileError as exc:
            raise PositionError(f"{what}: {exc}") from None
        used.extend(ts)
        return ts

    tiles = take(hand + (drawn or ""), "the hand")
    called: list[Meld] = []
    for m in melds:
        try:
            meld = parse_meld(m, rules, used)
        except (RequestError, TileError) as exc:
            raise PositionError(f"the meld {exc}") from None
        used.extend(meld.tiles)
        called.append(dataclasses.replace(meld, from_seat=left))
    river_tiles = {s: take(t, f"{WIND_NAMES[s]}'s river") for s, (t, _) in marked.items()}
    chosen = not kinds["the dora indicators"]
    if chosen:
        picks = [k for k in (*range(27, 34), 0, 8, 9, 17, 18, 26)
                 if not seen[k] and not seen[dora_of(k)]][:rules.initial_dora]
        if len(picks) < rules.initial_dora:
            raise PositionError("no dora indicator could be chosen: give them with --dora")
        dora = "".join(kind_name(k) for k in picks)
    indicators = take(dora or "", "the dora indicators")
    # each seat's discards in order, (tile, riichi); the left seat's with the called tiles
    thrown: dict[int, list[tuple[int, bool]]] = {
        s: [(t, marked[s][1] == i) for i, t in enumerate(river_tiles[s])]
        for s in river_tiles}
    for j, meld in enumerate(called):
        assert meld.called is not None
        thrown.setdefault(left, []).insert(calls[j] - first_call, (meld.called, False))
    steps: list[tuple[int, int, bool]] = []  # (seat, tile, riichi); seat -1: the own call
    for i in range(n + 1):
        for s in range(4):
            if s == me and i in calls:
                steps.append((-1, thrown[me][i][0], False))
            elif i < n or s < me:
                t, riichi = thrown[s][i]
                steps.append((s, t, riichi))
    drawn_tiles = [t for s, t, _ in steps if s >= 0] + [tiles[-1]]
    if len(drawn_tiles) > 136 - rules.dead_wall - wall_mod.DEAL_SIZE:
        raise PositionError(f"{len(steps)} river tiles: more than the live wall holds")
    dealt = tiles[:-1] + [t for m in called for t in m.tiles if t != m.called] \
        + [thrown[me][i][0] for i in calls]
    wall = _wall(me, dealt, drawn_tiles, indicators, used)
    events: list[Event] = [
        GameStarted(rules, WIND_NAMES),
        HandStarted(round_w, 0, 0, 0, 0, (rules.start_points,) * 4, (1, 1), wall),
    ]
    pending = iter(called)
    for s, t, riichi in steps:
        if s < 0:
            events.append(Called(me, next(pending)))
            events.append(Discarded(me, t))
            continue
        events.append(Drew(s, t))
        if riichi:
            events.append(RiichiDeclared(s))
        events.append(Discarded(s, t, tsumogiri=True))
        if riichi:
            events.append(RiichiAccepted(s))
    events.append(Drew(me, tiles[-1]))
    state = fold(events)
    return Position(view_of(state, me), legal_actions(state, me), tuple(events), chosen)


def _wall(seat: int, hand: list[int], draws: list[int], indicators: list[int],
          used: list[int]) -> tuple[int, ...]:
    """A wall in draw order (:mod:`engine.wall`) that deals ``hand`` to ``seat`` (East
    deals) and then draws ``draws``, with ``indicators`` as the dora; the other tiles
    fill the rest in order."""
    out: list[int | None] = [None] * 136
    for i, t in enumerate(indicators):
        out[wall_mod.dora_index(i)] = t
    places: list[int] = []
    for r in range(3):
        start = 16 * r + 4 * seat
        places.extend(range(start, start + 4))
    places.append(48 + seat)
    for p, t in zip(places, hand, strict=True):
        out[p] = t
    for i, t in enumerate(draws):
        out[wall_mod.FIRST_DRAW + i] = t
    taken = set(used)
    rest = iter(t for t in range(136) if t not in taken)
    return tuple(t if t is not None else next(rest) for t in out)
