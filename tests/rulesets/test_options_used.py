"""Every rule option is read by the engine: a preset value the engine ignores would be a lie."""

from __future__ import annotations

import dataclasses
import inspect
import re
from pathlib import Path

from hanchan.rulesets.schema import Ruleset, last_round_index, regular_rounds

ENGINE = Path(__file__).resolve().parents[2] / "engine"
NOT_RULES = {"name"}


def test_every_option_is_read_by_the_engine() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.rglob("*.py"))
    # the rounds a game has, which engine.flow plays by, live beside the schema so that
    # ``rules show`` words them with the same code
    source += "".join(inspect.getsource(f) for f in (regular_rounds, last_round_index))
    assert "last_round_index" in source and "regular_rounds(" in source
    unread = [
        f.name for f in dataclasses.fields(Ruleset)
        if f.name not in NOT_RULES and not re.search(rf"\.{f.name}\b", source)
    ]
    assert unread == []
