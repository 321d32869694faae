"""Chance of winning a hand from its shanten, its ukeire and the draws left.

A small Markov model: at ``s``-shanten with ``u`` useful unseen tiles out of ``total``
unseen, each own draw advances with chance ``u / total``; once tenpai, each go-around
wins with the tenpai chance (own draw plus the others' discards).  Later steps use a
typical ukeire for their shanten.  Another player ends the hand first with chance
``end`` per go-around.  The tables are built once at import (a few thousand floats).
"""

from __future__ import annotations

MAX_DRAWS = 32
MAX_SHANTEN = 7
TYPICAL_UKEIRE = (5.0, 16.0, 22.0, 26.0, 28.0, 30.0, 31.0, 32.0)
TYPICAL_TOTAL = 100.0
BASE_END = 0.055


def _tenpai_table(q: float, end: float) -> list[float]:
    out = [0.0]
    alive = 1.0
    p = 0.0
    for _ in range(MAX_DRAWS):
        p += alive * (1.0 - end) * q
        alive *= (1.0 - end) * (1.0 - q)
        out.append(p)
    return out


def _build(end: float) -> list[list[float]]:
    q0 = min(0.9, TYPICAL_UKEIRE[0] / TYPICAL_TOTAL * 2.0)
    tables = [_tenpai_table(q0, end)]
    for s in range(1, MAX_SHANTEN + 1):
        p = TYPICAL_UKEIRE[s] / TYPICAL_TOTAL
        prev = tables[s - 1]
        row = [0.0] * (MAX_DRAWS + 1)
        for d in range(1, MAX_DRAWS + 1):
            acc = 0.0
            stay = 1.0
            for t in range(1, d + 1):
                stay_end = (1.0 - end) ** t
                acc += stay * p * stay_end * prev[d - t]
                stay *= 1.0 - p
            row[d] = acc
        tables.append(row)
    return tables


_TABLES = _build(BASE_END)


def win_chance(shanten: int, useful: float, total: float, draws: int,
               *, ron_factor: float = 1.2, end: float = BASE_END) -> float:
    """Chance to win: ``useful`` = unseen tiles that advance (weighted), ``draws`` own draws left.

    For tenpai (``shanten == 0``) ``useful`` is the weighted count of winning tiles and
    ``ron_factor`` how much the others' discards add to the own draws (0 when furiten).
    """
    if shanten < 0:
        return 1.0
    if draws <= 0 or total <= 0 or useful <= 0:
        return 0.0
    draws = min(draws, MAX_DRAWS)
    shanten = min(shanten, MAX_SHANTEN)
    p = min(0.95, useful / total)
    if shanten == 0:
        q = min(0.95, p * (1.0 + ron_factor))
        alive = 1.0
        acc = 0.0
        for _ in range(draws):
            acc += alive * (1.0 - end) * q
            alive *= (1.0 - end) * (1.0 - q)
        return acc
    prev = _TABLES[shanten - 1]
    acc = 0.0
    stay = 1.0
    keep = 1.0
    for t in range(1, draws + 1):
        keep *= 1.0 - end
        acc += stay * p * keep * prev[draws - t]
        stay *= 1.0 - p
    return acc


def win_chance_one_shanten(useful: float, total: float, draws: int, tenpai_useful: float,
                           *, ron_factor: float = 1.2, end: float = BASE_END) -> float:
    """Chance to win from 1-shanten when the tenpai reached has ``tenpai_useful`` winners.

    Like :func:`win_chance` for ``shanten == 1``, but the tenpai that follows is the one
    this hand will really have (its average weighted wait), not a typical one.
    """
    if draws <= 0 or total <= 0 or useful <= 0 or tenpai_useful <= 0:
        return 0.0
    draws = min(draws, MAX_DRAWS)
    p = min(0.95, useful / total)
    q = min(0.95, tenpai_useful / total * (1.0 + ron_factor))
    # after[d]: chance to win as tenpai with d draws left
    after = [0.0] * (draws + 1)
    alive = 1.0
    acc = 0.0
    for d in range(1, draws + 1):
        acc += alive * (1.0 - end) * q
        alive *= (1.0 - end) * (1.0 - q)
        after[d] = acc
    total_p = 0.0
    stay = 1.0
    keep = 1.0
    for t in range(1, draws + 1):
        keep *= 1.0 - end
        total_p += stay * p * keep * after[draws - t]
        stay *= 1.0 - p
    return total_p
