"""What the screens ask of the app: Textual messages that bubble from a screen to ``HanchanApp``.

A screen never calls the app's methods: it posts one of these, and the app's
``on_<message>`` handler opens the next screen, stores the settings, or quits.
A screen mounted in another app (a test's bare ``App``) posts them to nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

from hanchan.engine.events import Event
from hanchan.tui.players import Player
from hanchan.tui.session import NewGame
from hanchan.tui.settings import Settings

if TYPE_CHECKING:
    from hanchan.ai.asking import SecondOpinion
    from hanchan.ai.review import GameReview


class SettingsChanged(Message):
    """The player switched a setting: keep it and store it."""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings


class StartGame(Message):
    """Begin a new game (from the new-game screen)."""

    def __init__(self, spec: NewGame) -> None:
        super().__init__()
        self.spec = spec


class ContinueGame(Message):
    """Continue the unfinished game saved in ``path``."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class OpenReplay(Message):
    """Open the game saved in ``path`` in the replay viewer."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class LeaveScreen(Message):
    """Leave the screen (the end of a game, the replay): the menu when there is one, else quit.

    ``menu``: go to the main menu even when the app was opened on a game or a replay
    (the game end's "Main menu").
    """

    def __init__(self, *, menu: bool = False) -> None:
        super().__init__()
        self.menu = menu


class ReplayAt(Message):
    """Show ``events`` in the replay viewer at ``position``, marked by ``review``."""

    def __init__(self, events: Sequence[Event], review: GameReview, position: int,
                 players: Sequence[Player] | None = None,
                 second: SecondOpinion | None = None) -> None:
        super().__init__()
        self.second = second  # the review's second opinion, when one was asked
        self.players = players  # the players' parts, when known (a game just played)
        self.events = list(events)
        self.review = review
        self.position = position
