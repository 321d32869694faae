"""``EventLog``: the events around a position (the replay's, or the newest in play), highlighted.

It shows only what the events say in public words (a draw never names its tile).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from hanchan.engine.events import Event
from hanchan.words.events import describe


class EventLog(Widget):
    """A window of event lines centred on the current position."""

    DEFAULT_CSS = """
    EventLog { width: 28; height: 1fr; padding: 0 1; }
    """
    COMPONENT_CLASSES = {"log--current", "log--later"}  # the event shown; the ones after it

    def __init__(self, events: Sequence[Event], names: Sequence[str], red_fives: int,
                 *, id: str | None = None) -> None:
        """``names``: the players' names without their bot level (:attr:`Player.name`)."""
        super().__init__(id=id)
        self.names = list(names)
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

    def _block(self, i: int, width: int) -> list[Text]:
        """Event ``i`` as lines of at most ``width`` cells: its number, then its words
        wrapped at spaces under the words (a long event takes two lines, never cut)."""
        text = Text(f"{i:>4} {self.lines[i]}")
        lines = list(text.wrap(self.app.console, width, overflow="fold"))
        if len(lines) > 1:  # indent the continuation under the words
            rest = Text(" ".join(line.plain.strip() for line in lines[1:]))
            lines = lines[:1] + [Text("     ") + part
                                 for part in rest.wrap(self.app.console, max(1, width - 5),
                                                       overflow="fold")]
        return lines

    def render(self) -> Text:
        h = max(1, self.size.height)
        w = max(8, self.size.width)
        n = len(self.lines)
        if not n:
            return Text("")
        # the events around the position: the current one, earlier ones up to half the
        # height, then later ones, then earlier ones again if the log ends first
        pos = min(max(self.position, 0), n - 1)
        blocks: dict[int, list[Text]] = {}

        def block(i: int) -> list[Text]:
            if i not in blocks:
                blocks[i] = self._block(i, w)
            return blocks[i]

        used = len(block(pos))
        lo, hi = pos, pos
        while lo > 0 and used + len(block(lo - 1)) <= h // 2 + 1:
            lo -= 1
            used += len(block(lo))
        while hi < n - 1 and used + len(block(hi + 1)) <= h:
            hi += 1
            used += len(block(hi))
        while lo > 0 and used + len(block(lo - 1)) <= h:
            lo -= 1
            used += len(block(lo))
        current = self.get_component_rich_style("log--current", partial=True)
        later = self.get_component_rich_style("log--later", partial=True)
        out: list[Text] = []
        for i in range(lo, hi + 1):
            for line in blocks[i]:
                if i == self.position:
                    line.stylize(current)
                elif i > self.position:
                    line.stylize(later)
                out.append(line)
        return Text("\n").join(out[:h])
