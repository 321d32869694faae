"""Han and fu to points: limits, base points, the ron/tsumo split, :func:`limit_points`."""

from __future__ import annotations

from hanchan.engine.scoring.types import PointSplit
from hanchan.rulesets.schema import Ruleset

LIMIT_BASE = {
    "mangan": 2000,
    "haneman": 3000,
    "baiman": 4000,
    "sanbaiman": 6000,
    "yakuman": 8000,
    "kazoe_yakuman": 8000,
}


def round_up_100(x: int) -> int:
    """Round a payment up to the next 100."""
    return -(-x // 100) * 100


def limit_of(han: int, fu: int, rules: Ruleset) -> str | None:
    """The limit name for ``han``/``fu`` without a real yakuman (None below mangan)."""
    if han >= 13:
        if rules.kazoe_yakuman and rules.kazoe_cap == "yakuman":
            return "kazoe_yakuman"
        return "sanbaiman"
    if han >= 11:
        return "sanbaiman"
    if han >= 8:
        return "baiman"
    if han >= 6:
        return "haneman"
    if han == 5:
        return "mangan"
    if fu * (1 << (han + 2)) >= 2000:
        return "mangan"
    if rules.kiriage_mangan and ((han == 4 and fu == 30)
                                 or (han == 3 and fu == 60 and rules.kiriage_3han_60fu)):
        return "mangan"
    return None


def base_points(han: int, fu: int, limit: str | None, yakuman_count: int) -> int:
    """Base points (基本点): fu × 2^(han+2), or the limit's value."""
    if yakuman_count:
        return 8000 * yakuman_count
    if limit is not None:
        return LIMIT_BASE[limit]
    return fu * (1 << (han + 2))


def split(base: int, *, dealer: bool, tsumo: bool) -> tuple[PointSplit, int]:
    """Who pays what of a win and its total, from the base points."""
    if not tsumo:
        n = round_up_100(base * (6 if dealer else 4))
        return PointSplit(ron=n), n
    if dealer:
        each = round_up_100(base * 2)
        return PointSplit(tsumo_all=each), 3 * each
    d = round_up_100(base * 2)
    o = round_up_100(base)
    return PointSplit(tsumo_dealer=d, tsumo_other=o), d + 2 * o


def limit_points(limit: str, *, dealer: bool, tsumo: bool, rules: Ruleset) -> PointSplit:
    """The payment of a bare limit hand, e.g. nagashi mangan at an exhaustive draw.

    >>> limit_points("mangan", dealer=False, tsumo=True, rules=Ruleset())
    PointSplit(ron=0, tsumo_dealer=4000, tsumo_other=2000, tsumo_all=0)
    """
    if limit not in LIMIT_BASE:
        raise ValueError(f"'{limit}' is not a limit name (one of {', '.join(LIMIT_BASE)})")
    return split(LIMIT_BASE[limit], dealer=dealer, tsumo=tsumo)[0]
