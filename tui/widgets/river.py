"""``RiverView``: one seat's discards in rows of six.

The riichi tile is turned (drawn on an amber ground and underlined), tiles
called away are faded and struck through, tsumogiri discards are a shade darker,
and the last discard of the table is highlighted.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from engine.view import RiverTile
from tui.tilefaces import FaceMode, cell_width, tile_text

ROW = 6


class RiverView(Widget):
    """A seat's river, six tiles a row."""

    DEFAULT_CSS = """
    RiverView { height: auto; min-height: 4; width: auto; }
    """
    COMPONENT_CLASSES = {
        "river--riichi",  # the riichi declaration tile, turned
        "river--called",  # a tile another player called
        "river--tsumogiri",  # a discard of the tile just drawn
        "river--last",  # the table's last discard
    }

    mode: reactive[FaceMode] = reactive("letters", layout=True)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.river: tuple[RiverTile, ...] = ()
        self.red_fives = 1
        self.last = False  # this river holds the last discard

    def show(self, river: tuple[RiverTile, ...], red_fives: int, last: bool) -> None:
        """Draw a new river; ``last`` when its final tile is the table's last discard."""
        if (river, red_fives, last) == (self.river, self.red_fives, self.last):
            return
        grew = len(river) // ROW != len(self.river) // ROW
        self.river, self.red_fives, self.last = river, red_fives, last
        self.refresh(layout=grew)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return ROW * (cell_width(self.mode) + 1) - 1

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(4, -(-len(self.river) // ROW))

    def render(self) -> Text:
        def style(name: str) -> Style:
            return self.get_component_rich_style(f"river--{name}", partial=True)

        riichi, called, tsumogiri, last = (style(n) for n in ("riichi", "called", "tsumogiri",
                                                               "last"))
        rows: list[Text] = []
        n = len(self.river)
        for start in range(0, max(n, 1), ROW):
            row = Text()
            for i, r in enumerate(self.river[start:start + ROW]):
                if i:
                    row.append(" ")
                extra: Style | None = None
                if r.called_by is not None:
                    extra = called
                elif r.riichi:
                    extra = riichi
                elif r.tsumogiri:
                    extra = tsumogiri
                if self.last and start + i == n - 1:
                    extra = last if extra is None else extra + last
                row.append_text(tile_text(r.tile, self.mode, self.red_fives, extra=extra))
            rows.append(row)
        while len(rows) < 4:
            rows.append(Text())
        return Text("\n").join(rows)
