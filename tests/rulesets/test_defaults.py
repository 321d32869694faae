"""``Ruleset()`` is the tenhou preset: the schema's defaults and the preset file agree."""

from __future__ import annotations

from hanchan.rulesets import load_ruleset
from hanchan.rulesets.schema import Ruleset


def test_the_defaults_are_the_tenhou_preset() -> None:
    defaults, tenhou = Ruleset().to_dict(), load_ruleset("tenhou").to_dict()
    assert {k: v for k, v in defaults.items() if tenhou[k] != v} == {}
