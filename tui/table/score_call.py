"""Score-calling at the table: when the player is asked to call the score of a win, and what.

With the switch on (``Settings.score_call``, the ``e`` key) or in practice mode, a win of
the player's opens the score-call screen before the result: the player says han and fu
(or the limit) and the payment, typed or picked from :attr:`ScoreCall.options`, and is
told right or wrong with the breakdown.  The answer is the engine's recorded score of
that win (:func:`hanchan.coach.score_call.key_of_win`); the options are drawn with a seed taken
from the game, so the same win offers the same options.

>>> from engine.events import Won
>>> score_call(Won((), (0, 0, 0, 0)), [], 0, on=True) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.events import Event, GameStarted, HandStarted, WinResult, Won
from engine.state import fold
from hanchan.coach.score_call import ScoreAnswer, ScoreKey, choices, key_of_win


@dataclass(frozen=True)
class ScoreCall:
    """The player's win to call: the recorded win, its answer key and the options to pick."""

    win: WinResult
    key: ScoreKey
    options: tuple[ScoreAnswer, ...]
    dora: tuple[int, ...]
    """The dora indicators showing when the hand was won."""


def score_call(won: Won, events: Sequence[Event], human: int, *, on: bool) -> ScoreCall | None:
    """The call the player is asked for ``won``: None when the switch is off outside
    practice mode, or when the player is not a winner."""
    first = events[0] if events else None
    if not isinstance(first, GameStarted):
        return None
    rules = first.ruleset
    if not (on or rules.practice_mode):
        return None
    win = next((w for w in won.wins if w.seat == human), None)
    if win is None:
        return None
    idx = next((i for i, e in enumerate(events) if e is won), len(events))
    start = next((e for e in reversed(events[:idx]) if isinstance(e, HandStarted)), None)
    if start is None:
        return None
    key = key_of_win(win, dealer_seat=start.dealer, honba=start.honba, rules=rules)
    rng = random.Random(f"{first.seed}:{idx}")
    return ScoreCall(win, key, tuple(choices(key, rng)), _dora(events[:idx]))


def _dora(events: Sequence[Event]) -> tuple[int, ...]:
    """Dora indicators shown in the hand up to the win (the first, then one per kan)."""
    return tuple(fold(events).dora_indicators())
