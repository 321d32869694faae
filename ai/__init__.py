"""Bots: given a PlayerView and the legal actions, choose one.

Public API: :class:`Bot` (the protocol), :func:`make_bot` (levels ``random``,
``greedy``, ``easy``, ``normal``, ``strong``), :func:`hint` and the
:class:`Decision` it returns for the TUI, and :mod:`ai.arena` to play bots against
each other.
"""

from hanchan.ai.base import LEVELS, Bot, BotLevelError, level_name, make_bot
from hanchan.ai.decision import Decision
from hanchan.ai.hints import hint

__all__ = ["LEVELS", "Bot", "BotLevelError", "Decision", "hint", "level_name", "make_bot"]
