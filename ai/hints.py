"""Hints for the human player: what the ``strong`` bot would do, and why in a few words.

``hint(view, legal)`` gives, say, ``Decision(Discard(tile=...), "discard 3p: 1-shanten,
24 tiles")``.

:class:`Hinter` gives the hints of one game: its bot watches the human's views as the
game goes on, so its reading of who folds against a riichi
(:class:`ai.opponents.FoldWatch`) is that of a bot sitting in the human's seat.
:func:`hint` answers from one view alone (the bot's prior about the others).  A hint is
the bot's :class:`~ai.decision.Decision`: the action and its reason.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from ai.club import ClubBot
from ai.decision import Decision
from ai.opponents import FoldWatch
from engine.actions import Action
from engine.view import PlayerView


class Hinter:
    """The hints of one game, from a ``strong`` bot that has watched the game so far.

    :meth:`observe` may be called from the UI thread while :meth:`hint` runs in a
    worker thread; a lock keeps the bot's counts whole.
    """

    def __init__(self) -> None:
        self._bot = ClubBot("strong", seed=0)
        self._lock = threading.Lock()

    @property
    def watch(self) -> FoldWatch:
        """What the bot has read so far of who folds against a riichi."""
        return self._bot.watch

    def observe(self, view: PlayerView) -> None:
        """Show the bot the human's view (call it whenever the table changes)."""
        with self._lock:
            self._bot.observe(view)

    def hint(self, view: PlayerView, legal: Sequence[Action]) -> Decision:
        """The strong bot's choice for this view with its reason; deterministic."""
        with self._lock:
            return self._bot.decide(view, legal)


def hint(view: PlayerView, legal: Sequence[Action]) -> Decision:
    """The strong bot's choice for this view alone with its reason; deterministic."""
    return Hinter().hint(view, legal)
