"""``InfoPanel``: two lines under the hand: the help about the hand, and messages.

The first line says the shanten and acceptance of the selected discard (or
the waits and furiten when tenpai); the second carries hints, refusals and the
state of the toggles.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


class InfoPanel(Widget):
    """Help line and message line."""

    DEFAULT_CSS = """
    InfoPanel { height: 2; width: 1fr; padding: 0 1; }
    InfoPanel.-tall { height: 3; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.help = ""
        self.message = ""
        self.message_style = ""
        self.toggles = ""
        self.extra = ""  # a third line, shown when the panel is tall

    def set_help(self, text: str) -> None:
        """Replace the help line."""
        if text != self.help:
            self.help = text
            self.refresh()

    def set_extra(self, text: str) -> None:
        """The third line (the best discards), shown on tall terminals."""
        if text != self.extra:
            self.extra = text
            self.refresh()

    def say(self, text: str, style: str = "") -> None:
        """Replace the message line (a hint, a refusal, a notice)."""
        if (text, style) != (self.message, self.message_style):
            self.message, self.message_style = text, style
            self.refresh()

    def set_toggles(self, text: str) -> None:
        """The toggle states shown at the right of the message line."""
        if text != self.toggles:
            self.toggles = text
            self.refresh()

    def render(self) -> Text:
        width = max(0, self.size.width - 2)
        help_line = Text(self.help, style="#9fd3ff")
        msg = Text(self.message, style=self.message_style or "#e0e0e0")
        pad = max(1, width - msg.cell_len - len(self.toggles))
        msg.append(" " * pad)
        msg.append(self.toggles, style="#8a8170")
        help_line.truncate(width)
        msg.truncate(width)
        lines = [help_line, msg]
        if self.has_class("-tall"):
            extra = Text(self.extra, style="#7fb3d5")
            extra.truncate(width)
            lines.insert(1, extra)
        return Text("\n").join(lines)
