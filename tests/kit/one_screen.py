"""An app that shows one screen, to drive that screen alone in a test."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.screen import Screen


class OneScreen(App[None]):
    """Pushes ``screen`` on mount; ``then`` is given what it is dismissed with."""

    def __init__(self, screen: Screen[Any], then: Callable[[Any], None] | None = None) -> None:
        super().__init__()
        self.shown = screen
        self.then = then

    def on_mount(self) -> None:
        self.push_screen(self.shown, self.then)
