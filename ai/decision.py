"""A bot's choice with its reason: what the club bots decide and what a hint shows.

``reason`` is the bot's own short note; ``why``, when the bot gives it, holds the facts
behind an own-turn discard (the stance, the hand after it, the wall, the safety of the
tile against each threat) for :func:`hanchan.coach.advice.reason_words` to put in words.
:class:`Judged` is the bot's measure of one legal choice, and :class:`Judgement` its
decision with every choice measured, best first (the analysis of a moment).

>>> from hanchan.engine.actions import Pass
>>> Decision(Pass(), "pass: no call keeps a yaku and speeds the hand up").reason
'pass: no call keeps a yaku and speeds the hand up'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hanchan.engine.actions import Action

Stance = Literal["push", "fold", "safest", "shape"]
"""Why a discard was chosen: ``push`` keeps the best hand although the tile is not safe
against a threat; ``fold`` gives up hand for a safer tile; ``shape`` is hand efficiency
(no threat, or the best tile for the hand is safe anyway)."""

SafetyKind = Literal["genbutsu", "passed", "not_a_wait", "suji", "honour", "none"]
"""What makes a tile safe against one threat: its own discard (``genbutsu``); a tile let
through since its riichi (``passed``); not a wait of an open riichi's shown hand;
``suji`` of its discards; an honour most of whose copies are seen; or nothing."""


@dataclass(frozen=True, slots=True)
class Safety:
    """How safe the discarded kind is against one threatening seat."""

    seat: int
    wind: int  # the seat's wind this hand, 0 East .. 3 North
    riichi: bool  # the threat is a riichi (else an open hand that may be tenpai)
    kind: SafetyKind
    by: tuple[int, ...] = ()  # suji: the kinds of its discards that make the tile suji
    seen: int = 0  # honour: copies the player can see
    chance: float = 0.0  # the bot's estimate that the seat, if tenpai, waits on the tile
    tenpai: float = 1.0  # the bot's estimate that the seat is tenpai


@dataclass(frozen=True, slots=True)
class Why:
    """The facts behind an own-turn discard."""

    stance: Stance
    kind: int  # the kind discarded
    shanten: int  # of the hand after it
    accept: int  # unseen tiles that improve it (tenpai: the waits' unseen tiles)
    waits: tuple[int, ...] = ()  # at tenpai, the kinds waited on
    points: int = 0  # the win's estimated points (0 when the bot did not value it)
    wall: int = 0  # live tiles left to draw
    safety: tuple[Safety, ...] = ()  # against each seat the bot defends against
    riichi: bool = False  # the discard declares riichi
    furiten: bool = False  # at tenpai, a wait is in the own river
    no_yaku: tuple[int, ...] = ()  # at tenpai, waits the hand has no yaku on (not in accept)


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and the facts behind it in a few words ("discard 3p: 1-shanten, 24 tiles")."""

    action: Action
    reason: str
    why: Why | None = None


@dataclass(frozen=True, slots=True)
class Judged:
    """One legal choice as the bot measures it (``None``: the bot does not measure it so).

    ``shanten``, ``ukeire`` and ``kinds`` are of the hand after the choice (``kinds``:
    the kinds that improve it, at tenpai its waits); ``win`` is the chance to win the
    hand afterwards, ``value`` the worth of that win, ``danger`` the expected points the
    discard loses against the threats, ``score`` what the bot maximises.
    """

    action: Action
    shanten: int | None = None
    ukeire: int | None = None
    kinds: tuple[int, ...] = ()
    win: float | None = None
    value: float | None = None
    danger: float | None = None
    score: float | None = None
    refused: str = ""  # the bot's rule that rules this choice out ("no yaku after it")
    preference: float | None = None  # a discard's utility to a style fitted on real players


@dataclass(frozen=True, slots=True)
class Judgement:
    """The bot's decision and every legal choice measured, the decision first and the
    rest in the order the bot ranks them."""

    decision: Decision
    choices: tuple[Judged, ...]
