"""Visibility: the :class:`~engine.view.PlayerView` of one seat, built from the state.

This is the barrier between the engine and the players: bots and the UI get only
what :func:`view` puts in the view (the seat's own concealed tiles and the public
table), never the :class:`~engine.state.GameState` itself.

A view can also be made when first read (:func:`lazy_view`): a bot that chooses from
the legal actions alone (the random bot, an outside bot that follows the events)
never reads it, and making the view and keeping the public facts it shares up to
date cost such a bot more than its whole decision.

>>> from engine.game import Game
>>> from rulesets.schema import Ruleset
>>> g = Game(Ruleset(), seed=1)
>>> v = view(g.state, 1)
>>> len(v.hand), [s.hand_size for s in v.seats], v.drawn is None
(13, [14, 13, 13, 13], True)
>>> lazy = lazy_view(g.state, 1)
>>> type(lazy) is PlayerView, lazy == v, type(lazy) is PlayerView
(False, True, True)
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from engine.events import HandDrawn
from engine.state import GameState, waits_of
from engine.view import PlayerView, SeatInfo

__all__ = ["UNREAD", "lazy_view", "settle", "view"]

# A view and its SeatInfo get their fields straight in their ``__dict__`` (see
# engine.view): every decision of every bot makes a view, and this is several times
# faster than the dataclass __init__.
# The field names are PlayerView's and SeatInfo's (tests/engine/test_state_facts.py).
_new = object.__new__
_ref = weakref.ref


def view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may see now.

    Each seat's public :class:`SeatInfo` is remembered in its cache until :func:`apply`
    applies an event that may change it, and the own sorted hand until the hand changes,
    so a view copies nothing of the table.
    """
    return _build(_new(PlayerView), state, seat)


def _build(v: PlayerView, state: GameState, seat: int) -> PlayerView:
    """Set the fields of ``v``, a view made without them, to what ``seat`` sees now."""
    st = state
    s0, s1, s2, s3 = seats = st.seats
    infos = (s0.cache.public or _public(st, 0), s1.cache.public or _public(st, 1),
             s2.cache.public or _public(st, 2), s3.cache.public or _public(st, 3))
    phase = st.phase
    drawn = st.drawn if phase == "turn" and st.turn == seat else None
    cache = seats[seat].cache
    hand = cache.hand
    if hand is None or cache.drawn != drawn:
        tiles = cache.tiles
        if tiles is None:
            tiles = cache.tiles = sorted(seats[seat].hand)
        if drawn is not None and drawn in tiles:
            rest = list(tiles)
            rest.remove(drawn)
            hand = cache.hand = tuple(rest)
        else:
            hand = cache.hand = tuple(tiles)
        cache.drawn = drawn
    n = st.dora_count
    w = st.wall
    live = st.live_end - st.live_pos
    d = v.__dict__  # the fields set one by one: cheaper than a dict display of 18 keys
    d["seat"] = seat
    d["ruleset"] = st.rules
    d["round_wind"] = st.round_wind
    d["hand_number"] = st.hand_number
    d["honba"] = st.honba
    d["sticks"] = st.sticks
    d["dealer"] = st.dealer
    d["seats"] = infos
    d["hand"] = hand
    d["drawn"] = drawn
    d["dora_indicators"] = (w[131],) if n == 1 else tuple(w[131 - 2 * i] for i in range(n))
    d["wall_remaining"] = live if live > 0 else 0
    d["turn"] = st.turn
    d["last_discard"] = st.last_discard if phase == "claim" else None
    me = seats[seat]  # hot: engine.facts.is_furiten inlined
    win = st.window
    furiten = ((me.temp_furiten is not None and me.temp_furiten < win)
               or (me.riichi_furiten is not None and me.riichi_furiten < win))
    if not furiten:
        ws = cache.waits if cache.waits is not None else waits_of(st, seat)
        if ws:
            rk = me.river_kinds
            for k in ws:
                if k in rk:
                    furiten = True
                    break
    d["furiten"] = furiten
    d["first_go_round"] = st.first_go_round()
    d["kans"] = st.kans_total
    d["hand_index"] = st.hand_index if st.hand_index > 0 else 0
    return v


UNREAD: dict[int, tuple[weakref.ReferenceType[PlayerView], GameState, int]] = {}
"""The views :func:`lazy_view` made that nobody has read yet, by ``id``: each with its
state and seat, so that the view itself holds nothing of the state.  An entry goes
when its view is read or settled, and the entry of a view dropped unread at the next
:func:`settle` (a new view with the same ``id`` replaces it)."""


def lazy_view(state: GameState, seat: int) -> PlayerView:
    """``view(state, seat)``, its fields made when it is first read.

    Until then the view holds nothing, so the state must not change while it is unread:
    :func:`settle` fills the unread views of a state before it changes
    (:meth:`engine.game.Game._emit` calls it before every event).
    """
    v: PlayerView = _new(_Unread)
    UNREAD[id(v)] = (_ref(v), state, seat)
    return v


def settle(state: GameState) -> None:
    """Fill now every unread lazy view of ``state`` still held (the state is to change),
    and forget the views dropped unread."""
    for key, entry in list(UNREAD.items()):
        v = entry[0]()
        if v is None:
            if UNREAD.get(key) is entry:  # (not a new view's, made meanwhile with its id)
                del UNREAD[key]
        elif entry[1] is state:
            _fill(v)


def _fill(v: PlayerView) -> None:
    """Make the fields of an unread lazy view, which is then a plain PlayerView."""
    _ref, st, seat = UNREAD.pop(id(v))
    _build(v, st, seat)
    object.__setattr__(v, "__class__", PlayerView)  # (the same layout: no slot added)


class _Unread(PlayerView):
    """A lazy view not read yet: its first read makes the fields (:func:`_fill`) and
    turns it into a plain :class:`PlayerView`.  The dataclass's comparison, hash, repr
    and copies read the fields themselves; these fill the view first."""

    __slots__ = ()

    if not TYPE_CHECKING:  # (the type checker sees a PlayerView and its fields)
        def __getattr__(self, name: str) -> Any:  # (only for a name not set yet)
            if id(self) not in UNREAD:
                raise AttributeError(name)
            _fill(self)
            return getattr(self, name)

    def __eq__(self, other: object) -> bool:
        _fill(self)
        return self == other

    def __hash__(self) -> int:
        _fill(self)
        return hash(self)

    def __repr__(self) -> str:
        _fill(self)
        return repr(self)

    def __reduce_ex__(self, protocol: Any) -> Any:
        _fill(self)
        return self.__reduce_ex__(protocol)


def _public(st: GameState, i: int) -> SeatInfo:
    """Seat ``i``'s public facts, remembered in its cache until an event changes them."""
    s = st.seats[i]
    result = st.result
    riichi = s.riichi or s.riichi_pending
    shown: tuple[int, ...] = ()
    if isinstance(result, HandDrawn) and len(result.hands) > i and result.hands[i]:
        shown = result.hands[i]
    elif s.open_riichi and riichi:
        shown = tuple(sorted(s.hand))
    info: SeatInfo = _new(SeatInfo)
    d = info.__dict__
    d["seat"] = i
    d["wind"] = (i - st.dealer) % 4
    d["score"] = st.scores[i]
    d["riichi"] = riichi
    d["open_riichi"] = s.open_riichi and riichi
    d["riichi_turn"] = s.riichi_turn
    d["melds"] = tuple(s.melds)
    d["river"] = tuple(s.river)
    d["hand_size"] = len(s.hand)
    d["shown_hand"] = shown
    s.cache.public = info
    return info
