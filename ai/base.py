"""The bot interface and the factory of bot levels.

A bot is anything with ``choose(view, legal) -> Action``: it is given one seat's
:class:`~engine.view.PlayerView` (never the game state) and the legal actions the
engine offers that seat now, and returns one of those actions.

>>> bot = make_bot("random", seed=1)
>>> from engine.actions import Pass
>>> bot.choose(None, [Pass()])  # a random bot picks among the legal actions, view unread
Pass()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ai.club import ClubBot
from ai.greedy import GreedyBot
from ai.random_bot import RandomBot
from engine.actions import Action
from engine.view import PlayerView

LEVELS = ("random", "greedy", "easy", "normal", "strong")
"""Bot levels from weakest to strongest, as accepted by :func:`make_bot`."""


@runtime_checkable
class Bot(Protocol):
    """A player that chooses actions from what its seat may see."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one of ``legal`` (never an action outside it)."""
        ...


class BotLevelError(ValueError):
    """An unknown bot level; the message is a plain sentence."""


def level_name(level: str) -> str:
    """``level`` as one of :data:`LEVELS` (any case, spaces trimmed); else BotLevelError.

    >>> level_name(" Strong ")
    'strong'
    """
    name = level.strip().lower()
    if name not in LEVELS:
        raise BotLevelError(f"'{level}' is not a bot level; choose one of {', '.join(LEVELS)}")
    return name


def make_bot(level: str, seed: int = 0) -> Bot:
    """A new bot of ``level`` (checked by :func:`level_name`), seeded for repeatable choices."""
    name = level_name(level)
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    return ClubBot(name, seed)  # easy, normal and strong
