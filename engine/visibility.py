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
from engine.view import PlayerView, SeatInfo

__all__ = ["view"]


def view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may see now."""
    st = state
    infos = []
    result = st.result
    shown: dict[int, tuple[int, ...]] = {}
    if isinstance(result, HandDrawn) and result.hands:
        for i, h in enumerate(result.hands):
            if h:
                shown[i] = h
    for i, s in enumerate(st.seats):
        hand_shown = shown.get(i, ())
        if not hand_shown and s.open_riichi and (s.riichi or s.riichi_pending):
            hand_shown = tuple(sorted(s.hand))
        infos.append(SeatInfo(
            seat=i, wind=st.seat_wind(i), score=st.scores[i], riichi=s.riichi or s.riichi_pending,
            open_riichi=s.open_riichi and (s.riichi or s.riichi_pending),
            riichi_turn=s.riichi_turn, melds=tuple(s.melds), river=tuple(s.river),
            hand_size=len(s.hand), shown_hand=hand_shown,
        ))
    me = st.seats[seat]
    drawn = st.drawn if st.turn == seat and st.phase == "turn" and st.drawn is not None else None
    hand = list(me.hand)
    if drawn is not None and drawn in hand:
        hand.remove(drawn)
    return PlayerView(
        seat=seat, ruleset=st.rules, round_wind=st.round_wind, hand_number=st.hand_number,
        honba=st.honba, sticks=st.sticks, dealer=st.dealer,
        seats=(infos[0], infos[1], infos[2], infos[3]),
        hand=tuple(sorted(hand)), drawn=drawn, dora_indicators=st.dora_indicators(),
        wall_remaining=max(st.live_remaining, 0), turn=st.turn,
        last_discard=st.last_discard if st.phase == "claim" else None,
        furiten=is_furiten(st, seat), first_go_round=st.first_go_round(),
        kans=st.kans_total, hand_index=max(st.hand_index, 0),
    )
