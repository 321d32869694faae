"""A bot's choice with its reason: what the club bots decide and what a hint shows.

>>> from engine.actions import Pass
>>> Decision(Pass(), "pass: no call keeps a yaku and speeds the hand up").reason
'pass: no call keeps a yaku and speeds the hand up'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and the facts behind it in a few words ("discard 3p: 1-shanten, 24 tiles")."""

    action: Action
    reason: str
