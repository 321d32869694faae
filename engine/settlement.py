"""The final settlement (精算): from the last points to the final table.

:func:`final_table` turns the four final scores into the rows of the final
table (:class:`engine.events.FinalRow`), driven only by the ruleset's options:

* ``leftover_sticks``: riichi sticks still on the table go to the top (``top``)
  or to nobody (``table``).
* ranking: higher points rank higher; equal points by ``tie_break``:
  ``seat_order`` (上家優先: seat 0, the first dealer, ranks higher) or ``split``
  (tied players share their ranks' uma and oka equally, and share the rank).
* ``rounding`` of each player's points to thousands (:func:`round_points`), with
  ``rounding_top_absorbs`` making the top take the difference so that the
  rounded values keep the exact total.
* ``oka`` to the top; uma by ``uma_scheme``: ``fixed`` (``uma`` by rank),
  ``by_floaters`` (``uma_by_floaters[n]``, *n* = players at or above the return
  points), ``float_sink`` (浮き沈み: ``uma_sink`` for a sunk 2nd/3rd and the 4th,
  ``uma_float`` for a floating 2nd/3rd, the top takes the rest).
* bonuses: ``bust_bonus`` from each busted player to its buster,
  ``yakuman_bonus_tsumo`` / ``yakuman_bonus_ron`` per yakuman win.
* chips (settled apart from points): the chips counted during the game, plus
  ``chip_bust`` from each busted player to its buster and yakitori payments,
  when ``chips`` / ``yakitori`` are on (``yakitori_payment`` ``split``: the birds'
  chips go into one pool shared equally by the winners, any odd chip by rank).

All values are computed exactly (fractions) and given as floats in thousands.

>>> from hanchan.rulesets.schema import Ruleset
>>> rows = final_table((37400, 36400, 18000, 8200), 0, Ruleset())
>>> [(r.seat, r.rank, r.result) for r in rows]
[(0, 1, 47.4), (1, 2, 16.4), (2, 3, -22.0), (3, 4, -41.8)]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction

from hanchan.engine.events import FinalRow
from hanchan.rulesets.schema import Ruleset

Scores = tuple[int, int, int, int]


def round_points(points: int, return_points: int, mode: str) -> Fraction:
    """A player's final ``points`` minus ``return_points``, in thousands, rounded by ``mode``.

    ``half_up`` (四捨五入) and ``five_down_six_up`` (五捨六入) round the points
    themselves to the 1,000, on their magnitude (so ``-7,500`` rounds like
    ``7,500``), as Tenhou's own final tables do; ``toward_zero`` rounds the
    difference from the return points toward zero (plus players down, minus
    players up); ``floor_100`` drops what is below the 100; ``none`` keeps it exact.

    >>> [str(round_points(p, 30000, "half_up")) for p in (32400, 32500, 27500, 7500, -7500)]
    ['2', '3', '-2', '-22', '-38']
    >>> [str(round_points(p, 30000, "five_down_six_up")) for p in (32500, 32600, 27500, 27400)]
    ['2', '3', '-3', '-3']
    >>> [str(round_points(p, 30000, "toward_zero")) for p in (32900, 27100)]
    ['2', '-2']
    """
    if mode == "none":
        return Fraction(points - return_points, 1000)
    if mode == "toward_zero":
        diff = points - return_points
        return Fraction((1 if diff >= 0 else -1) * (abs(diff) // 1000))
    sign = -1 if points < 0 else 1
    mag = abs(points)
    if mode == "floor_100":
        return Fraction(sign * (mag // 100 * 100) - return_points, 1000)
    if mode == "half_up":
        return Fraction(sign * ((mag + 500) // 1000 * 1000) - return_points, 1000)
    if mode == "five_down_six_up":
        return Fraction(sign * ((mag + 400) // 1000 * 1000) - return_points, 1000)
    raise ValueError(f"unknown rounding mode {mode!r}")


def rank_order(scores: Sequence[int]) -> list[int]:
    """Seats from the highest points to the lowest; equal points in seat order."""
    return sorted(range(4), key=lambda s: (-scores[s], s))


def tie_groups(scores: Sequence[int], order: Sequence[int]) -> list[list[int]]:
    """``order`` cut into runs of seats with equal points."""
    groups: list[list[int]] = []
    for seat in order:
        if groups and scores[groups[-1][0]] == scores[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def uma_by_position(points: Sequence[int], order: Sequence[int], rules: Ruleset) -> list[Fraction]:
    """Uma (thousands) of rank positions 0..3 for the players in ``order``."""
    if rules.uma_scheme == "fixed":
        return [Fraction(u) for u in rules.uma]
    floats = [points[s] >= rules.return_points for s in order]
    if rules.uma_scheme == "by_floaters":
        n = min(sum(floats), 3)
        return [Fraction(u) for u in rules.uma_by_floaters[n]]
    # float_sink: 2nd and 3rd by floating or sunk, the 4th always the last's uma.
    second = rules.uma_float[0] if floats[1] else rules.uma_sink[0]
    third = rules.uma_float[1] if floats[2] else rules.uma_sink[1]
    fourth = rules.uma_sink[2]
    return [Fraction(-(second + third + fourth)), Fraction(second), Fraction(third),
            Fraction(fourth)]


def final_table(
    scores: Scores,
    sticks: int,
    rules: Ruleset,
    *,
    busted_by: Mapping[int, int | Sequence[int]] | None = None,
    yakuman_bonuses: Sequence[tuple[int, int | None]] = (),
    chips: Sequence[int] | None = None,
    winners: Collection[int] | None = None,
) -> tuple[FinalRow, ...]:
    """The final table of a game, sorted by rank (then seat).

    ``scores``: each seat's points at the end; ``sticks``: riichi sticks left on
    the table.  ``busted_by`` maps a busted seat to the seat (or seats, for a
    multiple ron) that busted it; leave out busts by noten payments or chombo
    unless ``rules.bust_bonus_by_noten_or_chombo``.  ``yakuman_bonuses`` has one
    ``(winner, payer)`` per yakuman win, ``payer`` None for a tsumo.  ``chips``
    are the chips each seat won or lost during the game; ``winners`` the seats
    that won at least one hand (for yakitori; None: not tracked).
    """
    order = rank_order(scores)
    groups = tie_groups(scores, order) if rules.tie_break == "split" else [[s] for s in order]
    points = _with_leftover_sticks(scores, sticks, groups[0], rules)
    oka, uma, rank = _oka_uma(points, order, groups, rules)
    base = _settled(points, order, rules)
    chip = [int(c) for c in chips] if chips is not None else [0, 0, 0, 0]
    bonus = _bust_bonuses(busted_by or {}, rules, chip)
    _yakuman_bonuses(bonus, yakuman_bonuses, rules)
    if rules.yakitori and winners:
        _yakitori(chip, order, winners, rules)
    rows = [
        FinalRow(
            seat=s,
            points=points[s],
            rank=rank[s],
            oka=float(oka[s]),
            uma=float(uma[s]),
            bonus=float(bonus[s]),
            result=float(base[s] + oka[s] + uma[s] + bonus[s]),
            chips=chip[s],
        )
        for s in range(4)
    ]
    position = {seat: i for i, seat in enumerate(order)}
    return tuple(sorted(rows, key=lambda r: position[r.seat]))


def _with_leftover_sticks(scores: Scores, sticks: int, tops: list[int],
                          rules: Ruleset) -> list[int]:
    """The points, with the sticks left on the table to the top (shared by tied tops)."""
    points = list(scores)
    if rules.leftover_sticks == "top" and sticks:
        share, extra = divmod(sticks * 1000, len(tops))
        for i, seat in enumerate(tops):
            points[seat] += share + (1 if i < extra else 0)
    return points


def _oka_uma(points: Sequence[int], order: Sequence[int], groups: list[list[int]],
             rules: Ruleset) -> tuple[list[Fraction], list[Fraction], list[int]]:
    """Oka, uma and rank of each seat: by rank position, shared inside tie groups."""
    uma_pos = uma_by_position(points, order, rules)
    oka_pos = [Fraction(rules.oka), Fraction(0), Fraction(0), Fraction(0)]
    oka = [Fraction(0)] * 4
    uma = [Fraction(0)] * 4
    rank = [0] * 4
    pos = 0
    for group in groups:
        span = range(pos, pos + len(group))
        oka_share = sum((oka_pos[p] for p in span), Fraction(0)) / len(group)
        uma_share = sum((uma_pos[p] for p in span), Fraction(0)) / len(group)
        for seat in group:
            oka[seat], uma[seat], rank[seat] = oka_share, uma_share, pos + 1
        pos += len(group)
    return oka, uma, rank


def _settled(points: Sequence[int], order: Sequence[int], rules: Ruleset) -> list[Fraction]:
    """Points relative to the return points, rounded; the top absorbs the difference.
    Without 箱下精算 a player below zero settles as if at exactly zero."""
    settled = list(points) if rules.negative_scores_count else [max(0, p) for p in points]
    base = [round_points(settled[s], rules.return_points, rules.rounding) for s in range(4)]
    if rules.rounding_top_absorbs and rules.rounding != "none":
        exact = Fraction(sum(settled) - 4 * rules.return_points, 1000)
        top = order[0]
        base[top] = exact - sum((base[s] for s in range(4) if s != top), Fraction(0))
    return base


def _bust_bonuses(busted_by: Mapping[int, int | Sequence[int]], rules: Ruleset,
                  chip: list[int]) -> list[Fraction]:
    """``bust_bonus`` from each busted player to its buster (and ``chip_bust`` chips)."""
    bonus = [Fraction(0)] * 4
    for busted, by in busted_by.items():
        busters = [by] if isinstance(by, int) else list(by)
        for buster in busters:
            bonus[busted] -= rules.bust_bonus
            bonus[buster] += rules.bust_bonus
            if rules.chips:
                chip[busted] -= rules.chip_bust
                chip[buster] += rules.chip_bust
    return bonus


def _yakuman_bonuses(bonus: list[Fraction], wins: Sequence[tuple[int, int | None]],
                     rules: Ruleset) -> None:
    """Add each yakuman win's bonus: from every other seat on a tsumo, the discarder on a
    ron."""
    for winner, payer in wins:
        if payer is None:
            for seat in range(4):
                if seat != winner:
                    bonus[seat] -= rules.yakuman_bonus_tsumo
                    bonus[winner] += rules.yakuman_bonus_tsumo
        else:
            bonus[payer] -= rules.yakuman_bonus_ron
            bonus[winner] += rules.yakuman_bonus_ron


def _yakitori(chip: list[int], order: Sequence[int], winners: Collection[int],
              rules: Ruleset) -> None:
    """Yakitori: every seat that never won pays the winners (``each``), or into one pool
    shared by them (``split``; any odd chip by rank, the top first)."""
    takers = [s for s in order if s in winners]
    birds = [s for s in range(4) if s not in winners]
    if rules.yakitori_payment == "each":
        for bird in birds:
            for winner in takers:
                chip[bird] -= rules.yakitori_chips
                chip[winner] += rules.yakitori_chips
        return
    for bird in birds:
        chip[bird] -= rules.yakitori_chips
    share, extra = divmod(rules.yakitori_chips * len(birds), len(takers))
    for i, winner in enumerate(takers):
        chip[winner] += share + (1 if i < extra else 0)


def table_balance(rows: Sequence[FinalRow], rules: Ruleset) -> tuple[float, float]:
    """Why a final table's results do not sum to zero: (rounding part, points part).

    The rounding part is what rounding each player as the rules write it adds (zero when
    ``rounding_top_absorbs`` makes the top take it); the points part is the points no
    longer in any player's hands (sticks left on the table, points lost to nobody), less
    the oka that the settlement adds.  Both in thousands.

    >>> from hanchan.rulesets.schema import Ruleset
    >>> r = Ruleset(rounding="toward_zero", rounding_top_absorbs=False)
    >>> table_balance(final_table((38200, 31200, 21400, 9200), 0, r), r)
    (1.0, 0.0)
    """
    settled = [row.points if rules.negative_scores_count else max(0, row.points) for row in rows]
    base = sum(Fraction(row.result).limit_denominator(1000) - Fraction(row.oka)
               .limit_denominator(1000) - Fraction(row.uma).limit_denominator(1000)
               - Fraction(row.bonus).limit_denominator(1000) for row in rows)
    exact = Fraction(sum(settled) - 4 * rules.return_points, 1000)
    points = exact + rules.oka
    return float(base - exact), float(points)


def result_with_chips(row: FinalRow, rules: Ruleset) -> float:
    """A row's result with its chips at ``rules.chip_points`` each, in thousands (ako 1-07).

    >>> result_with_chips(FinalRow(0, 41000, 1, 20.0, 60.0, 0.0, 91.0, chips=3),
    ...                   Ruleset(chips=True, chip_points=5000))
    106.0
    """
    return row.result + row.chips * rules.chip_points / 1000
