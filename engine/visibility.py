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

# A view and its SeatInfo get their fields as one dict (see engine.view): every decision
# of every bot makes a view, and this is 2-3 times faster than the dataclass __init__.
# The field names are PlayerView's and SeatInfo's (tests/engine/test_state_facts.py).
_new = object.__new__
_set = object.__setattr__


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
        tiles = sorted(seats[seat].hand)
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
        hand = cache.hand = tuple(tiles)
        cache.drawn = drawn
    n = st.dora_count
    w = st.wall
    live = st.live_end - st.live_pos
    v: PlayerView = _new(PlayerView)
    _set(v, "__dict__", {
        "seat": seat, "ruleset": st.rules, "round_wind": st.round_wind,
        "hand_number": st.hand_number, "honba": st.honba, "sticks": st.sticks,
        "dealer": st.dealer, "seats": infos, "hand": hand, "drawn": drawn,
        "dora_indicators": (w[131],) if n == 1 else tuple(w[131 - 2 * i] for i in range(n)),
        "wall_remaining": live if live > 0 else 0, "turn": st.turn,
        "last_discard": st.last_discard if phase == "claim" else None,
        "furiten": is_furiten(st, seat), "first_go_round": st.first_go_round(),
        "kans": st.kans_total, "hand_index": st.hand_index if st.hand_index > 0 else 0,
    })
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
    _set(info, "__dict__", {
        "seat": i, "wind": (i - st.dealer) % 4, "score": st.scores[i], "riichi": riichi,
        "open_riichi": s.open_riichi and riichi, "riichi_turn": s.riichi_turn,
        "melds": tuple(s.melds), "river": tuple(s.river), "hand_size": len(s.hand),
        "shown_hand": shown,
    })
    s.cache.public = info
    return info
