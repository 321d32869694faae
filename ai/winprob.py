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


def _tenpai_curve(q: float, end: float, draws: int) -> list[float]:
    """Chance to win as tenpai with 0..``draws`` draws left (``q`` per go-around)."""
    out = [0.0]
    alive = 1.0
    p = 0.0
    for _ in range(draws):
        p += alive * (1.0 - end) * q
        alive *= (1.0 - end) * (1.0 - q)
        out.append(p)
    return out


def _advance(p: float, end: float, draws: int, after: list[float]) -> float:
    """Chance to win from one step before ``after`` (the next step's chance by draws left).

    Each own draw advances with chance ``p`` while nobody else has ended the hand.
    """
    acc = 0.0
    stay = 1.0
    keep = 1.0
    for t in range(1, draws + 1):
        keep *= 1.0 - end
        acc += stay * p * keep * after[draws - t]
        stay *= 1.0 - p
    return acc


def _build(end: float) -> list[list[float]]:
    q0 = min(0.9, TYPICAL_UKEIRE[0] / TYPICAL_TOTAL * 2.0)
    tables = [_tenpai_curve(q0, end, MAX_DRAWS)]
    for s in range(1, MAX_SHANTEN + 1):
        p = TYPICAL_UKEIRE[s] / TYPICAL_TOTAL
        prev = tables[s - 1]
        tables.append([0.0] + [_advance(p, end, d, prev) for d in range(1, MAX_DRAWS + 1)])
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
        return _tenpai_curve(min(0.95, p * (1.0 + ron_factor)), end, draws)[draws]
    return _advance(p, end, draws, _TABLES[shanten - 1])

