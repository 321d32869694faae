"""Whole games for the save tests: played by the engine's runner with simple bots."""

from __future__ import annotations

import functools

from ai.base import make_bot
from engine.events import Event
from engine.game import Game
from rulesets.schema import Ruleset


@functools.lru_cache(maxsize=8)
def played_game(seed: int = 1, level: str = "easy", rules: Ruleset | None = None
                ) -> tuple[Event, ...]:
    """All events of one finished hanchan between four bots of ``level``."""
    bots = [make_bot(level, seed * 4 + i) for i in range(4)]
    events: list[Event] = []
    game = Game(rules or Ruleset(), seed=seed, listeners=[events.append])
    while not game.over:
        for seat, actions in game.pending().items():
            game.act(seat, bots[seat].choose(game.view(seat), actions))
    return tuple(events)
