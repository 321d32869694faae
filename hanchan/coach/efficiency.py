"""Made-up "what do you discard" problems: tile efficiency on a random closed hand.

For a player with no saved games (or who asks for them), a problem is a closed
14-tile hand dealt from a shuffled set, with no opponent threats: the right
discards are those that leave the lowest shanten and, among them, the most
unseen tiles that improve the hand (ukeire, counted with only the own hand
seen), as :func:`engine.waits.discard_options` measures them.  Discards tied on
both count as right.  Hands already complete, or where every discard is equally
good, are dealt again.

>>> p = made_up_problems(1, seed=3)[0]
>>> len(p.tiles), p.options[0].shanten == min(o.shanten for o in p.options)
(14, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from hanchan.coach.score_call import said_kind
from hanchan.engine.shanten import shanten
from hanchan.engine.tiles import counts_of, format_tiles, kind_name
from hanchan.engine.waits import DiscardOption, discard_options
from hanchan.words.names import shanten_words

MAX_SHANTEN = 3
"""Hands further from ready than this are dealt again (too loose to have one answer)."""


@dataclass(frozen=True)
class EfficiencyProblem:
    """A closed 14-tile hand and every discard's measure, best first."""

    tiles: tuple[int, ...]
    options: tuple[DiscardOption, ...]

    @property
    def best(self) -> tuple[DiscardOption, ...]:
        """The right discards: lowest shanten, then most tiles that improve it."""
        top = self.options[0]
        return tuple(o for o in self.options
                     if (o.shanten, o.ukeire_count) == (top.shanten, top.ukeire_count))

    def lines(self) -> list[str]:
        """The problem as lines of text."""
        return ["Made-up hand (closed, no calls, no threats at the table): tile efficiency.",
                f"Hand: {format_tiles(sorted(self.tiles), 0)}"]

    def reveal(self) -> str:
        """The right answer in one line."""
        return f"Best: {_kinds_words(self.best)} ({_measure(self.best[0])})."

    def check(self, text: str) -> tuple[bool, list[str]]:
        """Judge a typed tile (``5m``); :class:`AnswerError` when it is not one tile of
        the hand."""
        k = said_kind(text, [o.kind for o in self.options])
        said = next(o for o in self.options if o.kind == k)
        right = said in self.best
        lines = [("Right" if right else "Wrong") + f": best is {_kinds_words(self.best)}, "
                 f"{_measure(self.best[0])}."]
        if not right:
            lines.append(f"{kind_name(said.kind)} leaves {_measure(said)}.")
        shown = said if right else self.best[0]
        if shown.ukeire:
            lines.append(f"After {kind_name(shown.kind)}, tiles that improve it: "
                         + " ".join(kind_name(k) for k in shown.ukeire) + ".")
        return right, lines


def _measure(o: DiscardOption) -> str:
    return f"{shanten_words(o.shanten)}, {o.ukeire_count} tiles improve it"


def _kinds_words(opts: tuple[DiscardOption, ...]) -> str:
    return " or ".join(kind_name(o.kind) for o in opts)


def deal(rng: random.Random) -> EfficiencyProblem | None:
    """One random hand as a problem, or None when it makes no problem."""
    tiles = tuple(rng.sample(range(136), 14))
    counts = counts_of(tiles, physical=True)
    if shanten(counts) < 0:
        return None
    options = tuple(discard_options(counts))
    if options[0].shanten > MAX_SHANTEN:
        return None
    prob = EfficiencyProblem(tiles, options)
    if len(prob.best) == len(options):
        return None
    return prob


def made_up_problems(count: int, seed: int) -> list[EfficiencyProblem]:
    """``count`` problems; the same seed gives the same ones."""
    rng = random.Random(f"efficiency:{seed}")
    out: list[EfficiencyProblem] = []
    while len(out) < count:
        p = deal(rng)
        if p is not None:
            out.append(p)
    return out
