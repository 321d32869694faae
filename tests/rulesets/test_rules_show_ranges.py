"""``rules show`` states the range of every whole-number option, as the loader checks it."""

from __future__ import annotations

import re

from hanchan.rulesets.describe import describe_lines
from hanchan.rulesets.schema import Ruleset, option_fields


def test_every_ranged_option_shows_its_range() -> None:
    text = "\n".join(describe_lines(Ruleset(), everything=True))
    ranged = [f for f in option_fields() if f.metadata.get("lo") is not None
              and f.metadata.get("hi") is not None]
    assert ranged
    for f in ranged:
        lo, hi = f.metadata["lo"], f.metadata["hi"]
        block = re.split(r"\n  (?=\S)", text.split(f"({f.name}):", 1)[1], maxsplit=1)[0]
        assert f"Allowed: {lo:,} to {hi:,}" in block, f.name
