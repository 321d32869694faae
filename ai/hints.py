"""Hints for the human player: what the ``strong`` bot would do, and why in a few words.

>>> # hint(view, legal) -> Hint(action=Discard(tile=...), reason="discard 3p: 1-shanten, 24 tiles")
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai.club import ClubBot
from engine.actions import Action
from engine.view import PlayerView


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and a short reason ("discard 3p: 1-shanten, 24 tiles")."""

    action: Action
    reason: str


def hint(view: PlayerView, legal: Sequence[Action]) -> Hint:
    """The strong bot's choice for this view with its reason; deterministic."""
    decision = ClubBot("strong", seed=0).decide(view, legal)
    return Hint(decision.action, decision.reason)
