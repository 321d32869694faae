"""``SizeNotice``: covers a screen when the terminal is smaller than the table needs."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

MIN_WIDTH = 100
MIN_HEIGHT = 32


class SizeNotice(Widget):
    """Says what size the terminal needs; shown by the app's ``-too-small`` class."""

    DEFAULT_CSS = """
    SizeNotice {
        display: none; dock: top; layer: notice; width: 100%; height: 100%;
        background: $background; content-align: center middle; text-align: center;
    }
    """

    def render(self) -> Text:
        w, h = self.app.size
        return Text(
            f"The table needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
            f"This one is {w}×{h}: please make it larger (or the font smaller).\n\n"
            "Ctrl+Q saves and quits.",
            justify="center",
        )
