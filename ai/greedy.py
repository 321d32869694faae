"""The greedy bot: the fastest hand and nothing else (a baseline for tests and comparisons).

It discards for the lowest shanten, then the most unseen ukeire; calls nothing (no
chi, pon or kan); declares riichi as soon as it is tenpai with a closed hand; wins
whenever it can; never aborts; shows a tenpai hand at a draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.hand import discard_options, hand_counts, unseen_counts
from engine.actions import Action, Discard, EndGame, Pass, Ron, ShowHand, Tsumo
from engine.tiles import is_red, kind_of
from engine.view import PlayerView


class GreedyBot:
    """Lowest shanten, then most ukeire; riichi when tenpai; always wins; calls nothing."""

    level = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The greedy choice among ``legal``."""
        if not legal:
            raise ValueError("no legal action to choose from")
        for a in legal:
            if isinstance(a, (Tsumo, Ron)):
                return a
        for a in legal:
            if isinstance(a, ShowHand) and a.show:
                return a
        for a in legal:
            if isinstance(a, EndGame) and a.stop:
                return a
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            for a in legal:
                if isinstance(a, Pass):
                    return a
            return legal[0]
        plain = [a for a in discards if not a.riichi]
        if view.me.riichi or not plain:
            for a in discards:
                if a.tile == view.drawn:
                    return a
            return discards[0]
        allowed = {kind_of(a.tile) for a in plain}
        counts = hand_counts(view)
        opts = discard_options(counts, len(view.me.melds), unseen_counts(view),
                               exclude=[k for k in range(34) if k not in allowed],
                               best_only=True)
        if not opts:
            return plain[0]
        top = [o for o in opts if (o.shanten, o.ukeire) == (opts[0].shanten, opts[0].ukeire)]
        kind = top[self._rng.randrange(len(top))].kind
        red = view.ruleset.red_fives
        cands = sorted((a for a in plain if kind_of(a.tile) == kind),
                       key=lambda a: (is_red(a.tile, red), a.tile != view.drawn))
        choice = cands[0]
        if opts[0].shanten == 0:
            for a in discards:
                if a.riichi and a.tile == choice.tile:
                    return a
        return choice
