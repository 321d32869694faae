"""The random bot: any legal action, chosen by a seeded generator."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hanchan.engine.actions import Action
from hanchan.engine.view import PlayerView


class RandomBot:
    """Chooses uniformly among the legal actions; the same seed gives the same choices."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._bits = self._rng.getrandbits

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """A uniformly random legal action (the view is not read)."""
        return self.choose_legal(legal)

    def choose_legal(self, legal: Sequence[Action]) -> Action:
        """A uniformly random legal action: the bot never reads its view
        (``ai.base.ViewlessBot``)."""
        n = len(legal)
        if not n:
            raise ValueError("no legal action to choose from")
        # randrange(n) as CPython draws it (Random._randbelow_with_getrandbits), without
        # its argument checks and two calls: the same numbers from the same seed
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return legal[r]
