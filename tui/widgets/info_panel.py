"""``InfoPanel``: the lines under the hand: the help about the hand, and messages.

The help says the shanten and acceptance of the selected discard (or the waits and
furiten when tenpai), after a highlighted banner while a toggle plays for the
player; the message line carries hints, refusals and the keys of the toggles.  A
message has a tone (an error, a hint...), coloured by the stylesheet's ``info--<tone>``
component classes.  Nothing is cut: a line too long for the width wraps, and the
toggles' keys move to a line of their own when a message leaves no room for them.
"""

from __future__ import annotations

from typing import Literal

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

Tone = Literal["message", "error", "hint", "quiet", "notice"]


class InfoPanel(Widget):
    """Help line and message line."""

    DEFAULT_CSS = """
    InfoPanel { height: auto; min-height: 2; width: 1fr; padding: 0 1; }
    InfoPanel.-tall { min-height: 3; }
    """
    COMPONENT_CLASSES = {
        "info--help", "info--extra", "info--toggles", "info--banner",
        "info--message", "info--error", "info--hint", "info--quiet", "info--notice",
    }

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.help = ""
        self.message = ""
        self.tone: Tone = "message"
        self.toggles = ""
        self.banner = ""  # the toggles playing for the player, highlighted
        self.extra = ""  # a third line, shown when the panel is tall

    def set_help(self, text: str) -> None:
        """Replace the help line."""
        if text != self.help:
            self.help = text
            self.refresh(layout=True)

    def set_extra(self, text: str) -> None:
        """The third line (the best discards), shown on tall terminals."""
        if text != self.extra:
            self.extra = text
            self.refresh(layout=True)

    def say(self, text: str, tone: Tone = "message") -> None:
        """Replace the message line (a hint, a refusal, a notice)."""
        if (text, tone) != (self.message, self.tone):
            self.message, self.tone = text, tone
            self.refresh(layout=True)

    def set_toggles(self, text: str) -> None:
        """The toggle states shown at the right of the message line."""
        if text != self.toggles:
            self.toggles = text
            self.refresh(layout=True)

    def set_banner(self, text: str) -> None:
        """The banner of the active toggles, first on the help line ("" for none)."""
        if text != self.banner:
            self.banner = text
            self.refresh(layout=True)

    def render(self) -> Text:
        def style(name: str) -> Style:
            return self.get_component_rich_style(f"info--{name}", partial=True)

        width = max(1, self.size.width - 2)
        help_line = Text()
        if self.banner:
            help_line.append(f" {self.banner} ", style=style("banner"))
            help_line.append("  ")
        help_line.append(self.help, style=style("help"))
        msg = Text(self.message, style=style(self.tone))
        toggles = Text(self.toggles, style=style("toggles"))
        if msg.cell_len + 1 + toggles.cell_len <= width:
            msg.append(" " * (width - msg.cell_len - toggles.cell_len))
            msg.append_text(toggles)
            lines = [help_line, msg]
        else:  # the message needs the room: the toggles' keys on their own line
            toggles.pad_left(max(0, width - toggles.cell_len))
            lines = [help_line, msg, toggles] if self.toggles else [help_line, msg]
        if self.has_class("-tall"):
            lines.insert(1, Text(self.extra, style=style("extra")))
        return Text("\n").join(lines)
