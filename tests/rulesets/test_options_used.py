"""Every rule option is read by the engine: a preset value the engine ignores would be a lie."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from rulesets.schema import Ruleset

ENGINE = Path(__file__).resolve().parents[2] / "engine"
NOT_RULES = {"name"}


def test_every_option_is_read_by_the_engine() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.rglob("*.py"))
    unread = [
        f.name for f in dataclasses.fields(Ruleset)
        if f.name not in NOT_RULES and not re.search(rf"\.{f.name}\b", source)
    ]
    assert unread == []
