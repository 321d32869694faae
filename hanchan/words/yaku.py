"""Display names of yaku ids, from the scoring registry."""

from __future__ import annotations

from engine.scoring.registry import NAMES

_EXTRA = {"dora": "Dora", "aka_dora": "Red fives", "ura_dora": "Ura dora"}


def yaku_name(yaku_id: str) -> str:
    """English name of a yaku id, with its Japanese name when known."""
    if yaku_id in NAMES:
        ja, en = NAMES[yaku_id]
        return f"{en.split(' (')[0]} {ja}"
    return _EXTRA.get(yaku_id, yaku_id.replace("_", " ").capitalize())
