"""Hints for the human player: what the ``strong`` bot would do, and why in a few words.

>>> # hint(view, legal) -> Hint(action=Discard(tile=...), reason="discard 3p: 1-shanten, 24 tiles")

:class:`Hinter` gives the hints of one game: its bot watches the human's views as the
game goes on, so its reading of who folds against a riichi
(:class:`ai.opponents.FoldWatch`) is that of a bot sitting in the human's seat.
:func:`hint` answers from one view alone (the bot's prior about the others).
"""

from __future__ import annotations

import threading
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


class Hinter:
    """The hints of one game, from a ``strong`` bot that has watched the game so far.

    :meth:`observe` may be called from the UI thread while :meth:`hint` runs in a
    worker thread; a lock keeps the bot's counts whole.
    """

    def __init__(self) -> None:
        self._bot = ClubBot("strong", seed=0)
        self._lock = threading.Lock()

    def observe(self, view: PlayerView) -> None:
        """Show the bot the human's view (call it whenever the table changes)."""
        with self._lock:
            self._bot.observe(view)

    def hint(self, view: PlayerView, legal: Sequence[Action]) -> Hint:
        """The strong bot's choice for this view with its reason; deterministic."""
        with self._lock:
            decision = self._bot.decide(view, legal)
        return Hint(decision.action, decision.reason)


def hint(view: PlayerView, legal: Sequence[Action]) -> Hint:
    """The strong bot's choice for this view alone with its reason; deterministic."""
    return Hinter().hint(view, legal)
