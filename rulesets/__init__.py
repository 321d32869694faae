"""Rulesets: the ``Ruleset`` schema and the club presets (TOML files in ``presets/``)."""

from rulesets.loader import load_ruleset
from rulesets.schema import Ruleset

__all__ = ["Ruleset", "load"]


def load(name_or_path: str) -> Ruleset:
    """Load a preset by name or a ruleset TOML file by path (validated).

    Raises ``rulesets.loader.RulesetError`` with every problem named.
    """
    return load_ruleset(name_or_path)
