"""``ScoreChart``: everybody's points across the hands, as drawn bars per seat.

One row per seat: its name, then one bar per hand whose height (in eighths of a
cell) shows the points at the start of that hand (and at the end of the game),
on a common scale; the last column is the final score.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

BARS = " ▁▂▃▄▅▆▇█"


class ScoreChart(Widget):
    """Points of the four seats across the game."""

    DEFAULT_CSS = """
    ScoreChart { height: auto; width: 1fr; }
    """
    COMPONENT_CLASSES = {"chart--scale", "chart--seat-0", "chart--seat-1", "chart--seat-2",
                         "chart--seat-3"}

    def __init__(self, history: Sequence[Sequence[int]], names: Sequence[str],
                 *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.history = [tuple(h) for h in history]
        self.names = list(names)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 6

    def render(self) -> Text:
        if not self.history:
            return Text("No hands played.")
        values = [v for h in self.history for v in h]
        lo, hi = min(values + [0]), max(values)
        span = max(1, hi - lo)
        width = max(10, self.size.width - 32)
        hist = self.history[-width:]
        def style(name: str) -> Style:
            return self.get_component_rich_style(f"chart--{name}", partial=True)

        out = Text()
        out.append(f"{'':<18}points from {lo:,} to {hi:,}, one bar per hand\n",
                   style=style("scale"))
        for s in range(4):
            colour = style(f"seat-{s}")
            out.append(f"{self.names[s][:16]:<18}", style=colour)
            for h in hist:
                level = 1 + round((h[s] - lo) / span * 7)
                out.append(BARS[level], style=colour)
            out.append(f"  {hist[-1][s]:>7,}\n", style=colour + Style(bold=True))
        return out
