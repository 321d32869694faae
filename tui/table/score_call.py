"""Score-calling at the table: when the player is asked to call the score of a win, and what.

With the switch on (``Settings.score_call``, the ``e`` key) or in practice mode, a win of
the player's opens the score-call screen before the result: the player says han and fu
(or the limit) and the payment, typed or picked from :attr:`ScoreCall.options`, and is
told right or wrong with the breakdown.  The answer is the engine's recorded score of
that win (:func:`hanchan.coach.score_call.key_of_win`); the options are drawn with a seed taken
from the game, so the same win offers the same options.

>>> from hanchan.engine.events import GameStarted, HandStarted, Won
>>> from hanchan.words.hand_facts import hand_facts
>>> from hanchan.rulesets.schema import Ruleset
>>> start = HandStarted(0, 0, 0, 0, 0, (25000,) * 4, (1, 1), tuple(range(136)))
>>> events = [GameStarted(Ruleset(), ("A", "B", "C", "D"), 1), start, Won((), (0,) * 4)]
>>> score_call(hand_facts(events, events[-1]), 0, on=True) is None  # seat 0 did not win
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from hanchan.coach.score_call import ScoreAnswer, ScoreKey, choices, key_of_win
from hanchan.engine.events import WinResult, Won
from hanchan.words.hand_facts import HandFacts


@dataclass(frozen=True)
class ScoreCall:
    """The player's win to call: the recorded win, its answer key and the options to pick."""

    win: WinResult
    key: ScoreKey
    options: tuple[ScoreAnswer, ...]
    dora: tuple[int, ...]
    """The dora indicators showing when the hand was won."""


def score_call(hand: HandFacts, human: int, *, on: bool) -> ScoreCall | None:
    """The call the player is asked for the hand's win: None when the switch is off
    outside practice mode, or when the player is not a winner."""
    won, rules = hand.result, hand.rules
    if not isinstance(won, Won) or not (on or rules.practice_mode):
        return None
    win = next((w for w in won.wins if w.seat == human), None)
    if win is None:
        return None
    start = hand.start
    key = key_of_win(win, dealer_seat=start.dealer, honba=start.honba, rules=rules)
    rng = random.Random(f"{hand.seed}:{hand.index}")
    return ScoreCall(win, key, tuple(choices(key, rng)), hand.dora)
