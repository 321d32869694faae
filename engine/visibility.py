"""Visibility: the :class:`~engine.view.PlayerView` of one seat, built from the state.

This is the barrier between the engine and the players: bots and the UI get only
what :func:`view` puts in the view (the seat's own concealed tiles and the public
table), never the :class:`~engine.state.GameState` itself.

>>> from engine.game import Game
>>> from rulesets.schema import Ruleset
>>> v = view(Game(Ruleset(), seed=1).state, 1)
>>> len(v.hand), [s.hand_size for s in v.seats], v.drawn is None
(13, [14, 13, 13, 13], True)
"""

from __future__ import annotations

from engine.events import HandDrawn
from engine.state import GameState, waits_of
from engine.view import PlayerView, SeatInfo

__all__ = ["view"]

# A view and its SeatInfo get their fields straight in their ``__dict__`` (see
# engine.view): every decision of every bot makes a view, and this is several times
# faster than the dataclass __init__.
# The field names are PlayerView's and SeatInfo's (tests/engine/test_state_facts.py).
_new = object.__new__


def view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may see now.

    Each seat's public :class:`SeatInfo` is remembered in its cache until :func:`apply`
    applies an event that may change it, and the own sorted hand until the hand changes,
    so a view copies nothing of the table.
    """
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
    v: PlayerView = _new(PlayerView)
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
