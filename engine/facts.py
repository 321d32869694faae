"""Derived facts: what the rules read off the state without changing it.

Furiten, the minimum han of the hand and whether a first draw may be shiisanputaa are
not stored in :class:`~engine.state.GameState`; they follow from its facts (the
river, the claim windows a seat let pass, the calls, the honba).  The win checks
(:mod:`engine.wins`), the legal actions and the player's view all ask here.

>>> from hanchan.rulesets.schema import Ruleset
>>> from hanchan.engine.state import GameState
>>> st = GameState(Ruleset(two_han_from_honba=5), ("A", "B", "C", "D"), 0)
>>> st.honba = 5
>>> min_han(st)
2
"""

from __future__ import annotations

from hanchan.engine.state import GameState, SeatState, waits_of

__all__ = ["min_han", "window_furiten", "is_furiten", "may_be_shiisanputaa"]


def min_han(st: GameState) -> int:
    """Minimum han (without dora) to win in this hand."""
    r = st.rules
    need = r.min_han
    if r.two_han_from_honba and st.honba >= r.two_han_from_honba:
        need = max(need, 2)
    return need


def window_furiten(s: SeatState, window: int) -> bool:
    """Temporary furiten (a passed winner this go-round) or riichi furiten (any passed winner)."""
    return ((s.temp_furiten is not None and s.temp_furiten < window)
            or (s.riichi_furiten is not None and s.riichi_furiten < window))


def is_furiten(st: GameState, seat: int) -> bool:
    """Whether ``seat`` may not win by ron now (permanent, temporary or riichi furiten)."""
    s = st.seats[seat]
    if window_furiten(s, st.window):
        return True
    ws = waits_of(st, seat)
    if ws:
        rk = s.river_kinds
        for k in ws:
            if k in rk:
                return True
    return False


def may_be_shiisanputaa(st: GameState, seat: int) -> bool:
    """Whether a tsumo now could be shiisanputaa (十三不搭) without a complete shape.

    Only with ``rules.shiisanputaa``, on the seat's first draw (the dealer's deal) with
    no call before in the hand and no replacement draw; the scorer checks the tiles.
    """
    if not st.rules.shiisanputaa:
        return False
    s = st.seats[seat]
    return (s.discards == 0 and not st.calls_made and not st.rinshan_draw and not s.melds
            and not s.called_this_turn)
