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
from engine.facts import is_furiten
from engine.state import GameState
from engine.view import PlayerView, SeatInfo, player_view, seat_info

__all__ = ["view"]


def view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may see now."""
    st = state
    seats = st.seats
    infos = [s.cache.public or _public(st, i) for i, s in enumerate(seats)]
    me = seats[seat]
    drawn = st.drawn if st.turn == seat and st.phase == "turn" else None
    cache = me.cache
    hand = cache.hand
    if hand is None or cache.drawn != drawn:
        tiles = sorted(me.hand)
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
        hand = cache.hand = tuple(tiles)
        cache.drawn = drawn
    n = st.dora_count
    w = st.wall
    return player_view(
        seat, st.rules, st.round_wind, st.hand_number, st.honba, st.sticks, st.dealer,
        (infos[0], infos[1], infos[2], infos[3]), hand, drawn,
        (w[131],) if n == 1 else tuple(w[131 - 2 * i] for i in range(n)),
        max(st.live_end - st.live_pos, 0), st.turn,
        st.last_discard if st.phase == "claim" else None,
        is_furiten(st, seat), st.first_go_round(), st.kans_total, max(st.hand_index, 0),
    )


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
    info = seat_info(
        i, st.seat_wind(i), st.scores[i], riichi, s.open_riichi and riichi, s.riichi_turn,
        tuple(s.melds), tuple(s.river), len(s.hand), shown,
    )
    s.cache.public = info
    return info
