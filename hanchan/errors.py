"""Every error hanchan raises for a caller's mistake, under one base.

A program that drives hanchan catches :class:`HanchanError` to handle any of them,
or one kind below it; each keeps the built-in base it had (``ValueError`` where the
input's value is wrong), so older ``except ValueError`` code still works.

- ``IllegalAction`` (``engine.legal``): an action the rules do not allow now; its
  ``reason`` says why.
- ``TileError`` (``engine.tiles``): a tile or hand written wrongly (``"0z"``).
- ``RulesetError`` (``rulesets.loader``): a ruleset file or preset that cannot be
  played; the message names the key and the allowed values.
- ``SaveError`` (``saves.reader``): a save that cannot be read, naming the line;
  ``LogFormatError`` (``saves.logs``), ``ConvertError`` (``saves.convert``) and
  ``ReplayError`` (``saves.replay``) for other tools' logs and stepping a game.
- ``RequestError`` (``hanchan.words.hands``): a hand to score that is not a hand.
- ``BotLevelError`` (``ai.base``): a bot level that does not exist.

This module imports nothing, so the lowest package (``rulesets``) can use it.

>>> from hanchan import IllegalAction, RulesetError, load_ruleset
>>> issubclass(IllegalAction, HanchanError) and issubclass(RulesetError, HanchanError)
True
>>> try:
...     load_ruleset("no-such-club")
... except HanchanError as e:
...     print(type(e).__name__)
RulesetError
"""

from __future__ import annotations

__all__ = ["HanchanError"]


class HanchanError(Exception):
    """The base of every error hanchan raises for a caller's mistake."""
