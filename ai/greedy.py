"""The greedy bot: the fastest hand and nothing else (a baseline for tests and comparisons).

It discards for the lowest shanten, then the most unseen ukeire; calls nothing (no
chi, pon or kan); declares riichi as soon as it is tenpai with a closed hand; wins
whenever it can; never aborts; shows a tenpai hand at a draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import sub

from hanchan.ai.hand import hand_counts
from hanchan.engine.actions import Action, Discard, EndGame, Pass, Ron, ShowHand, Tsumo
from hanchan.engine.tiles import is_red
from hanchan.engine.view import PlayerView
from hanchan.engine.waits import discard_options as engine_discard_options


class GreedyBot:
    """Lowest shanten, then most ukeire; riichi when tenpai; always wins; calls nothing."""

    level = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The greedy choice among ``legal``."""
        if not legal:
            raise ValueError("no legal action to choose from")
        # in this order: a win, showing a hand, ending the game, a discard, a pass, the
        # first action listed
        settled, discards, pass_ = _sorted(legal)
        if settled is not None:
            return settled
        if not discards:
            return pass_ if pass_ is not None else legal[0]
        plain = [a for a in discards if not a.riichi]
        if view.seats[view.seat].riichi or not plain:
            drawn = view.drawn
            return next((a for a in discards if a.tile == drawn), discards[0])
        return self._discard(view, discards, plain)

    def _discard(self, view: PlayerView, discards: list[Discard], plain: list[Discard]
                 ) -> Discard:
        """Lowest shanten, then most unseen ukeire (ties drawn at random); riichi at tenpai."""
        counts = hand_counts(view)
        drawn = view.drawn
        held = {t >> 2 for t in view.hand}  # kind_of inlined
        if drawn is not None:
            held.add(drawn >> 2)
        skip = held - {a.tile >> 2 for a in plain}  # kinds held that may not go
        # the tiles seen besides the own: unseen copies are 4 less own less those
        others = list(map(sub, view.visible_counts(), counts))
        # (as ai.hand.discard_options, without its per-option objects)
        opts = [o for o in engine_discard_options(counts, len(view.seats[view.seat].melds),
                                                  others, best_only=not skip)
                if o.kind not in skip]
        if not opts:
            return plain[0]
        first = opts[0]  # lowest shanten, then most unseen ukeire
        top = [o for o in opts
               if o.shanten == first.shanten and o.ukeire_count == first.ukeire_count]
        kind = top[self._rng.randrange(len(top))].kind
        red = view.ruleset.red_fives
        cands = sorted((a for a in plain if a.tile >> 2 == kind),
                       key=lambda a: (is_red(a.tile, red), a.tile != drawn))
        choice = cands[0]
        if first.shanten == 0:
            for a in discards:
                if a.riichi and a.tile == choice.tile:
                    return a
        return choice


def _sorted(legal: Sequence[Action]) -> tuple[Action | None, list[Discard], Action | None]:
    """One pass over ``legal``: (a win, else the first showing of the hand, else the first
    end of the game, else None; the discards; the first pass)."""
    show: Action | None = None
    end: Action | None = None
    pass_: Action | None = None
    discards: list[Discard] = []
    for a in legal:
        if isinstance(a, Discard):
            discards.append(a)
        elif isinstance(a, (Tsumo, Ron)):
            return a, discards, pass_
        elif isinstance(a, ShowHand):
            if a.show and show is None:
                show = a
        elif isinstance(a, EndGame):
            if a.stop and end is None:
                end = a
        elif isinstance(a, Pass) and pass_ is None:
            pass_ = a
    return show if show is not None else end, discards, pass_
