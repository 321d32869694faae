"""Display names of yaku ids, from the scoring registry."""

from __future__ import annotations

from hanchan.engine.scoring.registry import EN_NAMES, NAMES

_EXTRA = {"dora": "Dora", "aka_dora": "Red fives", "ura_dora": "Ura dora"}


def yaku_name(yaku_id: str) -> str:
    """English name of a yaku id, with its Japanese name when known."""
    if yaku_id in NAMES:
        return f"{EN_NAMES[yaku_id]} {NAMES[yaku_id][0]}"
    return _EXTRA.get(yaku_id, yaku_id.replace("_", " ").capitalize())
