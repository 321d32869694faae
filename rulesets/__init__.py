"""Rulesets: the ``Ruleset`` schema and the club presets (TOML files in ``presets/``).

:func:`load_ruleset` loads a preset by name or a ruleset file by path (validated; a
problem raises ``rulesets.loader.RulesetError`` with every problem named).
"""

from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset

__all__ = ["Ruleset", "load_ruleset"]
