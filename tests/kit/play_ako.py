"""Helpers for the preset play tests (test_play_ako.py, test_play_yokoyoko.py).

The scripted walls and the move script come from ``tests.kit.game`` (one copy of
that machinery for the whole suite); this module adds what a test of a *loaded preset*
needs: a game resumed at a chosen hand with chosen scores and dice (the dice decide the
wareme seat), playing a hand out by the default moves, and the hand starts of a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from hanchan.engine.actions import EndGame
from hanchan.engine.events import Event, GameEnded, GameStarted, HandStarted
from hanchan.engine.game import Game
from hanchan.engine.tiles import is_yaochuu, kind_name, parse_kinds
from hanchan.rulesets.schema import Ruleset
from tests.kit.game import build_wall, default_action, last_result, match, run

__all__ = [
    "build_wall", "default_action", "last_result", "match", "run", "start_at", "play_hand",
    "starts", "final", "rotate", "dice_for", "nagashi_draws",
]

Scores = tuple[int, int, int, int]


def dice_for(dealer: int, seat: int) -> tuple[int, int]:
    """Dice whose sum breaks the wall in front of ``seat`` (wareme: dealer + sum - 1)."""
    total = (seat - dealer) % 4 + 1 + 4  # 5..8: always a sum two dice can show
    return (total // 2, total - total // 2)


def start_at(rules: Ruleset, wall: tuple[int, ...], *, round_wind: int = 0, dealer: int = 0,
             scores: Scores = (25000, 25000, 25000, 25000), honba: int = 0, sticks: int = 0,
             dice: tuple[int, int] = (1, 1),
             walls_after: Sequence[tuple[int, ...] | tuple[tuple[int, ...], tuple[int, int]]]
             = ()) -> Game:
    """A game resumed at the start of a chosen hand (``Game.from_events``)."""
    events: list[Event] = [
        GameStarted(rules, ("a", "b", "c", "d"), 0),
        HandStarted(round_wind, dealer, honba, sticks, dealer, scores, dice, wall),
    ]
    return Game.from_events(events, walls=[(wall, dice), *walls_after])


def play_hand(g: Game) -> None:
    """Play the current hand to its end by the default moves (tsumogiri, pass, show).

    Stops at a dealer's choice to end the game, so a test can make it.
    """
    start = g.state.hands_started
    while not g.over and g.state.hands_started == start:
        p = g.pending()
        if any(isinstance(a, EndGame) for acts in p.values() for a in acts):
            return
        seat, acts = next(iter(p.items()))
        g.act(seat, default_action(g, seat, acts))


def starts(g: Game) -> list[HandStarted]:
    """Every ``HandStarted`` of the game so far."""
    return [e for e in g.events if isinstance(e, HandStarted)]


def final(g: Game) -> GameEnded:
    """The ``GameEnded`` event (the game must be over)."""
    end = g.events[-1]
    assert g.over and isinstance(end, GameEnded), "the game is not over"
    return end


def rotate(hands: dict[int, str], dealer: int) -> dict[int, str]:
    """Hands written for dealer 0 moved round so that ``dealer`` deals."""
    return {(s + dealer) % 4: h for s, h in hands.items()}


def nagashi_draws(hands: dict[int, str], lucky: set[int], count: int,
                  prefix: Sequence[str] = ()) -> list[str]:
    """``count`` live draws (mpsz names): ``prefix`` first, then a terminal or honour at
    each index in ``lucky`` and a simple tile elsewhere while simples last.

    Fives are left out (their red copies would need naming); whatever is left over fills
    the rest of the wall.
    """
    left = [4] * 34
    for k in parse_kinds("".join(hands.values()) + "".join(prefix)):
        left[k] -= 1
    yao = [k for k in range(34) if is_yaochuu(k) for _ in range(left[k])]
    simple = [k for k in range(34) if not is_yaochuu(k) and k not in (4, 13, 22)
              for _ in range(left[k])]
    out = list(prefix)
    for i in range(len(out), count):
        pool = yao if i in lucky or not simple else simple
        out.append(kind_name(pool.pop()))
    return out
