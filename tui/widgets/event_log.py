"""``EventLog``: the events around a position (the replay's, or the newest in play), highlighted.

It shows only what the events say in public words (a draw never names its tile).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from engine.events import Event
from text.events import describe


class EventLog(Widget):
    """A window of event lines centred on the current position."""

    DEFAULT_CSS = """
    EventLog { width: 28; height: 1fr; padding: 0 1; }
    """
    COMPONENT_CLASSES = {"log--current", "log--later"}  # the event shown; the ones after it

    def __init__(self, events: Sequence[Event], names: Sequence[str], red_fives: int,
                 *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = [n.split(" (")[0] for n in names]  # 'Bot S (normal)' -> 'Bot S'
        self.red_fives = red_fives
        self.lines = [describe(e, self.names, red_fives) for e in events]
        self.position = 0

    def extend(self, events: Sequence[Event]) -> None:
        """Add events at the end and follow them (the live log of a game)."""
        if not events:
            return
        self.lines.extend(describe(e, self.names, self.red_fives) for e in events)
        self.position = len(self.lines) - 1
        self.refresh()

    def show(self, position: int) -> None:
        """Highlight event ``position``."""
        if position != self.position:
            self.position = position
            self.refresh()

    def render(self) -> Text:
        h = max(1, self.size.height)
        w = max(4, self.size.width - 2)
        start = max(0, min(self.position - h // 2, len(self.lines) - h))
        current = self.get_component_rich_style("log--current", partial=True)
        later = self.get_component_rich_style("log--later", partial=True)
        out: list[Text] = []
        for i in range(start, min(len(self.lines), start + h)):
            line = Text(f"{i:>4} {self.lines[i]}"[:w])
            if i == self.position:
                line.stylize(current)
            elif i > self.position:
                line.stylize(later)
            out.append(line)
        return Text("\n").join(out)
