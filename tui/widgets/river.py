"""``RiverView``: one seat's discards in rows of six.

The riichi tile is turned (drawn on an amber ground and underlined), tiles
called away are faded and struck through, tsumogiri discards are a shade darker,
and the last discard of the table is highlighted.  On a large terminal (``big``)
the tiles are drawn a cell wider on each side, with a blank line between rows.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from hanchan.engine.view import RiverTile
from hanchan.tui.tilefaces import FaceMode, cell_width, tile_text

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
    big: reactive[bool] = reactive(False, layout=True)  # wider tiles, rows apart

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

    def _cell(self) -> int:
        return cell_width(self.mode) + (2 if self.big else 0)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return ROW * (self._cell() + 1) - 1

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        rows = max(4, -(-len(self.river) // ROW))
        return 2 * rows - 1 if self.big else rows

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
                tile = tile_text(r.tile, self.mode, self.red_fives, extra=extra)
                if self.big:  # the tile's ground a cell wider on each side
                    tile = Text.assemble((" ", tile.style), tile, (" ", tile.style))
                row.append_text(tile)
            rows.append(row)
        while len(rows) < 4:
            rows.append(Text())
        if self.big:
            rows = [line for row in rows for line in (row, Text())][:-1]
        return Text("\n").join(rows)
