"""The random bot: any legal action, chosen by a seeded generator."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Action
from engine.view import PlayerView


class RandomBot:
    """Chooses uniformly among the legal actions; the same seed gives the same choices."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[self._rng.randrange(len(legal))]
