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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import msgspec

from hanchan.engine import wall as wall_mod
from hanchan.engine.actions import Action
from hanchan.engine.events import (
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
from hanchan.engine.legal import legal_actions
from hanchan.engine.state import fold
from hanchan.engine.tiles import (
    WIND_LETTERS,
    TileError,
    dora_of,
    kind_name,
    parse_kinds,
    parse_tiles,
)
from hanchan.engine.view import PlayerView
from hanchan.engine.visibility import view as view_of
from hanchan.rulesets.schema import Ruleset
from hanchan.words.hands import RequestError, parse_meld
from hanchan.words.names import WIND_NAMES


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
    me = _wind(seat_wind, "the seat wind")
    round_w = _wind(round_wind, "the round wind")
    marked = _marked_rivers(rivers or {}, me)
    _check_meld_words(melds, rules)
    written = hand + (drawn or "")
    kinds = _kinds(written, dora or "", melds, marked)
    _check_hand_size(kinds, len(melds))
    seen = _seen(kinds)
    _check_dora_count(kinds, rules)
    turns = _Turns(me, _own_discards(kinds, me, turn), len(melds))
    _check_rivers(turns, kinds)
    chosen = not kinds["the dora indicators"]
    if chosen:
        dora = _chosen_dora(seen, rules)
    tiles = _Tiles(rules.red_fives)
    held = tiles.take(written, "the hand")
    called = [msgspec.structs.replace(tiles.meld(m, rules), from_seat=turns.left)
              for m in melds]
    river_tiles = {s: tiles.take(t, f"{WIND_NAMES[s]}'s river") for s, (t, _) in marked.items()}
    indicators = tiles.take(dora or "", "the dora indicators")
    steps = _steps(turns, _thrown(turns, marked, river_tiles, called))
    drawn_tiles = [t for s, t, _ in steps if s >= 0] + [held[-1]]
    if len(drawn_tiles) > 136 - rules.dead_wall - wall_mod.DEAL_SIZE:
        raise PositionError(f"{len(steps)} river tiles: more than the live wall holds")
    dealt = held[:-1] + [t for m in called for t in m.tiles if t != m.called] \
        + [t for s, t, _ in steps if s < 0]
    wall = _wall(me, dealt, drawn_tiles, indicators, tiles.used)
    events: list[Event] = [
        GameStarted(rules, WIND_NAMES),
        HandStarted(round_w, 0, 0, 0, 0, (rules.start_points,) * 4, (1, 1), wall),
        *_river_events(me, steps, called),
        Drew(me, held[-1]),
    ]
    state = fold(events)
    return Position(view_of(state, me), legal_actions(state, me), tuple(events), chosen)


def _own_discards(kinds: Mapping[str, list[int]], me: int, turn: int | None) -> int:
    """The seat's discards before its draw: ``turn - 1``, or its river's length."""
    n = len(kinds.get(f"{WIND_NAMES[me]}'s river", [])) if turn is None else turn - 1
    if n < 0:
        raise PositionError(f"--turn is {turn}: the first own draw is turn 1")
    return n


@dataclass(frozen=True)
class _Turns:
    """The turn order up to the seat's draw: ``n`` own discards before it, ``melds``
    calls on the left seat's discards at the seat's first turns."""

    me: int
    n: int
    melds: int

    @property
    def left(self) -> int:
        """The seat whose discards the melds were called on."""
        return (self.me + 3) % 4

    @property
    def first_call(self) -> int:
        return 1 if self.me == 0 else 0  # East's first turn comes before any discard

    @property
    def calls(self) -> range:
        """The own turns that were calls."""
        return range(self.first_call, self.first_call + self.melds)


class _Tiles:
    """Physical tiles taken in order (the hand first, its red fives as written)."""

    def __init__(self, red: int) -> None:
        self.red = red
        self.used: list[int] = []

    def take(self, text: str, what: str) -> list[int]:
        try:
            ts = parse_tiles(text, self.red, used=self.used)
        except TileError as exc:
            raise PositionError(f"{what}: {exc}") from None
        self.used.extend(ts)
        return ts

    def meld(self, text: str, rules: Ruleset) -> Meld:
        try:
            meld = parse_meld(text, rules, self.used)
        except (RequestError, TileError) as exc:
            raise PositionError(f"the meld {exc}") from None
        self.used.extend(meld.tiles)
        return meld


def _marked_rivers(rivers: Mapping[str, str], me: int) -> dict[int, tuple[str, int | None]]:
    """Each seat's river text without its riichi mark, and the marked tile's index."""
    marked: dict[int, tuple[str, int | None]] = {}
    for w, text in rivers.items():
        seat = _wind(w, "a river's seat")
        if seat in marked:
            raise PositionError(f"{WIND_NAMES[seat]}'s river is given twice")
        marked[seat] = _river(text, WIND_NAMES[seat])
    if marked.get(me, ("", None))[1] is not None:
        raise PositionError("the seat in view is in riichi: its only choice is the tile drawn")
    return marked


def _check_meld_words(melds: Sequence[str], rules: Ruleset) -> None:
    """Each meld is a chi or a pon of the right shape, before the tiles are counted."""
    for m in melds:
        if m.partition(":")[0] not in ("chi", "pon"):
            raise PositionError(f"the meld '{m}': analyse takes chi and pon (e.g. pon:555z), "
                                "not kans")
        try:
            parse_meld(m, rules, ())
        except (RequestError, TileError) as exc:
            raise PositionError(f"the meld {exc}") from None


def _kinds(hand: str, dora: str, melds: Sequence[str],
           marked: Mapping[int, tuple[str, int | None]]) -> dict[str, list[int]]:
    """The kinds of every part, by its name in messages."""
    texts = {"the hand": hand, "the dora indicators": dora,
             "the melds": "".join(m.partition(":")[2] for m in melds)}
    texts.update({f"{WIND_NAMES[s]}'s river": t for s, (t, _) in marked.items()})
    kinds: dict[str, list[int]] = {}
    for what, text in texts.items():
        try:
            kinds[what] = parse_kinds(text)
        except TileError as exc:
            raise PositionError(f"{what}: {exc}") from None
    return kinds


def _seen(kinds: Mapping[str, list[int]]) -> list[int]:
    """How many of each kind are in sight (no more than four)."""
    seen = [0] * 34
    for ks in kinds.values():
        for k in ks:
            seen[k] += 1
    over = [k for k in range(34) if seen[k] > 4]
    if over:
        k = over[0]
        raise PositionError(f"{seen[k]} copies of {kind_name(k)} in the hand, melds, rivers "
                            "and dora indicators: there are only four")
    return seen


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n > 1 else ''}"


def _check_hand_size(kinds: Mapping[str, list[int]], melds: int) -> None:
    """The hand holds 14 tiles less three a meld."""
    held = len(kinds["the hand"])
    size = 14 - 3 * melds
    if held != size:
        with_melds = f" beside {_plural(melds, 'meld')}" if melds else ""
        raise PositionError(
            f"the hand has {held} tiles{with_melds}: give {size}, the {size - 1} held and "
            "the tile drawn (e.g. 123m456p789s11z 2z)")


def _check_dora_count(kinds: Mapping[str, list[int]], rules: Ruleset) -> None:
    """Indicators, when given, are as many as the rules show at the start."""
    shown = len(kinds["the dora indicators"])
    if shown and shown != rules.initial_dora:
        raise PositionError(
            f"{_plural(shown, 'dora indicator')}: these rules show "
            f"{rules.initial_dora} at the start (more come only with kans)")


def _check_rivers(turns: _Turns, kinds: Mapping[str, list[int]]) -> None:
    """Every river holds the tiles the turn order gives it at the seat's draw."""
    me, n = turns.me, turns.n
    if turns.melds and n < turns.calls.stop:
        raise PositionError(
            f"{_plural(turns.melds, 'meld')} called before this turn: the "
            f"{WIND_NAMES[me]} seat's river needs at least {turns.calls.stop} tiles (each "
            "call is followed by a discard)")
    for s in range(4):
        want = n + 1 if s < me else n
        if s == turns.left:
            want -= turns.melds  # the called tiles left the river
        has = len(kinds.get(f"{WIND_NAMES[s]}'s river", []))
        if has != want:
            less = ", less the tiles called" if s == turns.left and turns.melds else ""
            raise PositionError(
                f"{WIND_NAMES[s]}'s river holds {has} tiles but at the {WIND_NAMES[me]} "
                f"seat's draw {n + 1} it must hold {want}: rivers fill in turn order "
                f"from East (the dealer){less}")


def _chosen_dora(seen: Sequence[int], rules: Ruleset) -> str:
    """The first honour or terminal indicators whose dora and themselves are unseen."""
    picks = [k for k in (*range(27, 34), 0, 8, 9, 17, 18, 26)
             if not seen[k] and not seen[dora_of(k)]][:rules.initial_dora]
    if len(picks) < rules.initial_dora:
        raise PositionError("no dora indicator could be chosen: give them with --dora")
    return "".join(kind_name(k) for k in picks)


def _thrown(turns: _Turns, marked: Mapping[int, tuple[str, int | None]],
            river_tiles: Mapping[int, list[int]],
            called: Sequence[Meld]) -> dict[int, list[tuple[int, bool]]]:
    """Each seat's discards in order, (tile, riichi); the left seat's with the called tiles."""
    thrown = {s: [(t, marked[s][1] == i) for i, t in enumerate(river_tiles[s])]
              for s in river_tiles}
    for j, meld in enumerate(called):
        assert meld.called is not None
        thrown.setdefault(turns.left, []).insert(turns.calls[j] - turns.first_call,
                                                 (meld.called, False))
    return thrown


def _steps(turns: _Turns,
           thrown: Mapping[int, list[tuple[int, bool]]]) -> list[tuple[int, int, bool]]:
    """(seat, tile, riichi) of each discard in turn order; seat -1 is an own call's discard."""
    steps: list[tuple[int, int, bool]] = []
    for i in range(turns.n + 1):
        for s in range(4):
            if s == turns.me and i in turns.calls:
                steps.append((-1, thrown[turns.me][i][0], False))
            elif i < turns.n or s < turns.me:
                t, riichi = thrown[s][i]
                steps.append((s, t, riichi))
    return steps


def _river_events(me: int, steps: Sequence[tuple[int, int, bool]],
                  called: Sequence[Meld]) -> list[Event]:
    """The draws, discards, riichi and own calls that lead to the seat's draw."""
    events: list[Event] = []
    pending = iter(called)
    for s, t, riichi in steps:
        if s < 0:
            events += [Called(me, next(pending)), Discarded(me, t)]
            continue
        events.append(Drew(s, t))
        if riichi:
            events.append(RiichiDeclared(s))
        events.append(Discarded(s, t, tsumogiri=True))
        if riichi:
            events.append(RiichiAccepted(s))
    return events


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
