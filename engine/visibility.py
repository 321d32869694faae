"""Visibility: the :class:`~engine.view.PlayerView` of one seat, built from the state.

This is the barrier between the engine and the players: bots and the UI get only
what :func:`view` puts in the view (the seat's own concealed tiles and the public
table), never the :class:`~engine.state.GameState` itself.  A bot that chooses from
the legal actions alone says so (``ai.base.Bot.reads_view``) and is given no view.

>>> from hanchan.engine.game import Game
>>> from hanchan.rulesets.schema import Ruleset
>>> g = Game(Ruleset(), seed=1)
>>> v = view(g.state, 1)
>>> len(v.hand), [s.hand_size for s in v.seats], v.drawn is None
(13, [14, 13, 13, 13], True)
"""

from __future__ import annotations

from hanchan.engine.events import HandDrawn
from hanchan.engine.state import GameState, waits_of
from hanchan.engine.tiles import Tile, counts_of
from hanchan.engine.view import PlayerView, SeatInfo
from hanchan.engine.waits import wait_part

__all__ = ["view"]


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
    return PlayerView(
        seat, st.rules, st.round_wind, st.hand_number, st.honba, st.sticks, st.dealer, infos,
        hand, drawn, (w[131],) if n == 1 else tuple(w[131 - 2 * i] for i in range(n)),
        live if live > 0 else 0, st.turn, st.last_discard if phase == "claim" else None,
        furiten, st.first_go_round(), st.kans_total, st.hand_index if st.hand_index > 0 else 0)


def _public(st: GameState, i: int) -> SeatInfo:
    """Seat ``i``'s public facts, remembered in its cache until an event changes them."""
    s = st.seats[i]
    result = st.result
    riichi = s.riichi or s.riichi_pending
    shown: tuple[int, ...] = ()
    if isinstance(result, HandDrawn) and len(result.hands) > i and result.hands[i]:
        shown = result.hands[i]
    elif s.open_riichi and riichi:
        shown = tuple(sorted(s.hand)) if st.rules.open_riichi_shows == "hand" else _part(st, i)
    info = SeatInfo(i, (i - st.dealer) % 4, st.scores[i], riichi, s.open_riichi and riichi,
                    s.riichi_turn, tuple(s.melds), tuple(s.river), len(s.hand), shown)
    s.cache.public = info
    return info


def _part(st: GameState, i: int) -> tuple[Tile, ...]:
    """The tiles an open riichi shows under ``open_riichi_shows = "wait"``: the part
    :func:`~engine.waits.wait_part` finds in its 3n+1 hand (a tile just drawn left out;
    nothing before the riichi discard), remembered with the hand it was found for.

    Of each kind the highest-numbered copies are shown, so a red five (the lowest copies)
    only where the hand has no plain five to stand for it.
    """
    s = st.seats[i]
    cache = s.cache
    tiles = cache.tiles
    if tiles is None:
        tiles = cache.tiles = sorted(s.hand)
    if len(tiles) % 3 == 2:
        drawn = st.drawn
        if not s.riichi or drawn is None or st.turn != i or drawn not in tiles:
            return ()  # declared, the riichi discard still to come: no wait yet
        rest = list(tiles)
        rest.remove(drawn)
        hand = tuple(rest)
    else:
        hand = tuple(tiles)
    known = cache.shown
    if known is not None and known[0] == hand:
        return known[1]
    need = counts_of(wait_part(counts_of(hand, physical=True), len(s.melds)))
    out: list[Tile] = []
    for t in reversed(hand):
        if need[t >> 2]:
            need[t >> 2] -= 1
            out.append(t)
    part = tuple(reversed(out))
    cache.shown = (hand, part)
    return part
