"""Exact value of a tenpai hand's waits, from the engine's scorer.

For each winning kind the hand is scored as a ron with the seat's winds and the
visible dora indicators (ura and ippatsu are not known, so they are not counted).
A wait on which the hand has no yaku (or too few han for the ruleset) is worth 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from hanchan.engine.scoring import WinContext, score_win
from hanchan.engine.tiles import is_red
from hanchan.engine.view import PlayerView


def _free_copy(kind: int, taken: set[int], red_fives: int) -> int | None:
    """A physical tile of ``kind`` not in ``taken``; a plain (non-red) copy first."""
    order = [kind * 4 + c for c in range(4)]
    order.sort(key=lambda t: is_red(t, red_fives))
    for t in order:
        if t not in taken:
            return t
    return None


def wait_values(view: PlayerView, tiles13: Sequence[int], waits: Sequence[int], *,
                riichi: bool, open_riichi: bool = False) -> dict[int, int]:
    """Ron value (before honba and sticks) of each wait; 0 where the hand cannot win.

    ``open_riichi`` scores the hand as an open riichi (where the rules have it).
    """
    rules = view.ruleset
    min_han = rules.min_han
    if rules.two_han_from_honba and view.honba >= rules.two_han_from_honba:
        min_han = max(min_han, 2)
    taken = set(tiles13)
    for m in view.me.melds:
        taken.update(m.tiles)
    out: dict[int, int] = {}
    for w in waits:
        t = _free_copy(w, taken, rules.red_fives)
        if t is None:
            out[w] = 0
            continue
        ctx = WinContext(tuple(tiles13) + (t,), view.me.melds, t, tsumo=False,
                         seat_wind=view.me.wind, round_wind=view.round_wind, riichi=riichi,
                         open_riichi=riichi and open_riichi,
                         dora_indicators=view.dora_indicators)
        try:
            res = score_win(ctx, rules)
        except ValueError:
            out[w] = 0
            continue
        out[w] = res.total if res.valid and res.han_without_dora >= min_han else 0
    return out


def winning_waits(view: PlayerView, tiles13: Sequence[int], waits: Sequence[int]
                  ) -> tuple[int, ...]:
    """The waits of ``tiles13`` (with the seat's melds) the hand can win on.

    A closed hand wins on every wait (menzen tsumo, or a riichi, gives it a yaku); an
    open one only where the wait gives it a yaku (:func:`wait_values`), and on none when
    the rules have no atozuke and a wait has none (``engine.wins.every_wait_has_yaku``).
    """
    if not any(m.is_open for m in view.me.melds):
        return tuple(waits)
    values = wait_values(view, tiles13, waits, riichi=False)
    live = tuple(w for w in waits if values.get(w))
    if not view.ruleset.atozuke and len(live) < len(waits):
        return ()
    return live


def average_value(values: dict[int, int], unseen: Sequence[int]) -> tuple[float, float]:
    """(value averaged over the live waits, share of live waits that can win)."""
    live = sum(unseen[w] for w in values)
    if not live:
        n = len(values) or 1
        return sum(values.values()) / n, sum(1 for v in values.values() if v) / n
    avg = sum(unseen[w] * v for w, v in values.items()) / live
    share = sum(unseen[w] for w, v in values.items() if v) / live
    return avg, share
