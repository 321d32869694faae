"""``HandView``: the player's own hand at the bottom of the table.

Tiles are drawn as framed cells (one frame row above and below the faces), sorted,
with the drawn tile set apart and the seat's melds to the right.  A label row
under the tiles shows each tile's key (:data:`KEYS` by position, :data:`DRAWN_KEY`
for the drawn tile) and marks the selected tile.

On a large terminal (``big``) each tile is a cell wider on each side.

Mouse: moving over a tile selects it, clicking a tile posts :class:`HandView.TileClicked`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from hanchan.engine.events import Meld
from hanchan.tui.render import FROM_ARROWS
from hanchan.tui.tilefaces import BACK_STYLE, FaceMode, back, cell_width, face, tile_style
from hanchan.words.names import relative

KEYS = "1234567890-=\\"  # the number row, one key a position of the concealed tiles (13)
DRAWN_KEY = "d"  # the drawn tile's own key


@dataclass(frozen=True)
class HandData:
    """What the hand widget draws."""

    tiles: tuple[int, ...] = ()  # concealed, sorted, without the drawn tile
    drawn: int | None = None
    melds: tuple[Meld, ...] = ()
    owner: int = 0
    red_fives: int = 1
    revealed: bool = True  # False draws backs (a hidden hand in a replay)


class HandView(Widget):
    """The own hand: framed tiles, selection, click and hover."""

    DEFAULT_CSS = """
    HandView { height: 4; width: 1fr; }
    """
    COMPONENT_CLASSES = {
        "hand--frame",  # the frames around the tiles
        "hand--selected",  # the selected tile's face
        "hand--pointer",  # the mark under the selected tile
        "hand--keep",  # the mark under a discard that keeps tenpai for riichi
        "hand--key",  # the number keys under the tiles
    }

    selected: reactive[int | None] = reactive(None)
    mode: reactive[FaceMode] = reactive("letters")
    big: reactive[bool] = reactive(False)  # wider tiles on a large terminal

    class TileClicked(Message):
        """A hand tile was clicked; ``index`` counts the concealed tiles, the drawn one last."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class TileHovered(Message):
        """The mouse moved onto a hand tile."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.data = HandData()
        self.marked: frozenset[int] = frozenset()  # indexes highlighted (e.g. keep tenpai)
        self.dimmed: frozenset[int] = frozenset()  # indexes that may not be discarded
        self._spans: list[tuple[int, int, int]] = []  # (x0, x1, index)

    @property
    def tiles(self) -> tuple[int, ...]:
        """All concealed tiles in display order, the drawn tile last."""
        d = self.data
        return d.tiles + ((d.drawn,) if d.drawn is not None else ())

    def show(
        self,
        data: HandData,
        *,
        marked: frozenset[int] = frozenset(),
        dimmed: frozenset[int] = frozenset(),
    ) -> None:
        """Draw new hand data."""
        self.data = data
        self.marked = marked
        self.dimmed = dimmed
        n = len(self.tiles)
        if self.selected is not None and self.selected >= n:
            self.selected = n - 1 if n else None
        self.refresh()

    def render(self) -> Text:
        d = self.data
        pad = 1 if self.big else 0
        w = cell_width(self.mode) + 2 * pad
        frame = self.get_component_rich_style("hand--frame", partial=True)
        top, mid, bot, lab = Text(), Text(), Text(), Text()
        spans: list[tuple[int, int, int]] = []
        x = 0

        def group(cells: list[tuple[Text, str]], start_index: int | None) -> None:
            nonlocal x
            n = len(cells)
            top.append("┌" + "┬".join("─" * w for _ in range(n)) + "┐", style=frame)
            bot.append("└" + "┴".join("─" * w for _ in range(n)) + "┘", style=frame)
            mid.append("│", style=frame)
            lab.append(" ")
            for i, (cell, label) in enumerate(cells):
                if pad:
                    cell = Text.assemble((" ", cell.style), cell, (" ", cell.style))
                mid.append_text(cell)
                mid.append("│", style=frame)
                if start_index is not None:
                    spans.append((x + 1 + i * (w + 1), x + 1 + i * (w + 1) + w, start_index + i))
                lab.append_text(Text(label.center(w)[:w], style=self._label_style(label)))
                lab.append(" ")
            x += n * (w + 1) + 1

        def gap(k: int) -> None:
            nonlocal x
            for row in (top, mid, bot, lab):
                row.append(" " * k)
            x += k

        tiles = self.tiles
        faces: list[tuple[Text, str]] = []
        for i, t in enumerate(tiles):
            faces.append((self._face(t, i), self._label(i)))
        gap(1)
        concealed = len(d.tiles)
        if concealed:
            group(faces[:concealed], 0)
        if d.drawn is not None:
            gap(1)
            group(faces[concealed:], concealed)
        for m in d.melds:
            gap(2)
            group(self._meld_cells(m), None)
        self._spans = spans
        return Text("\n").join([top, mid, bot, lab])

    def _face(self, tile: int, index: int) -> Text:
        if not self.data.revealed:
            return Text(back(self.mode), style=BACK_STYLE)
        style = tile_style(tile, self.data.red_fives)
        if index == self.selected:
            style = style + self.get_component_rich_style("hand--selected", partial=True)
        elif index in self.dimmed:
            style = style + Style(dim=True)
        return Text(face(tile, self.mode), style=style)

    def _label(self, index: int) -> str:
        if index == self.selected:
            return "▲"
        if index in self.marked:
            return "•"
        if self.data.drawn is not None and index == len(self.data.tiles):
            return DRAWN_KEY
        return KEYS[index] if index < len(KEYS) else ""

    def _label_style(self, label: str) -> Style:
        name = {"▲": "hand--pointer", "•": "hand--keep"}.get(label, "hand--key")
        return self.get_component_rich_style(name, partial=True)

    def _meld_cells(self, meld: Meld) -> list[tuple[Text, str]]:
        rf = self.data.red_fives
        if meld.kind == "ankan":
            ts = sorted(meld.tiles)
            return [
                (Text(back(self.mode), style=BACK_STYLE), "")
                if i in (0, 3)
                else (Text(face(t, self.mode), style=tile_style(t, rf)), "")
                for i, t in enumerate(ts)
            ]
        pos = relative(meld.from_seat, self.data.owner) if meld.from_seat is not None else 3
        others = sorted(t for t in meld.tiles if t != meld.called and t != meld.added)
        cells: list[tuple[Text, str]] = [
            (Text(face(t, self.mode), style=tile_style(t, rf)), "") for t in others
        ]
        called = meld.called if meld.called is not None else meld.tiles[0]
        turned = Text(face(called, self.mode), style=tile_style(called, rf) + Style(underline=True))
        slot = {3: 0, 2: 1, 1: len(cells)}[pos]
        cells.insert(slot, (turned, FROM_ARROWS.get(pos, "")))
        if meld.added is not None:
            added = Text(face(meld.added, self.mode), style=tile_style(meld.added, rf))
            cells.insert(slot + 1, (added, "+"))
        return cells

    def index_at(self, x: int, y: int) -> int | None:
        """The tile index under cell ``(x, y)`` of the widget, if any."""
        if not 0 <= y <= 3:
            return None
        for x0, x1, index in self._spans:
            if x0 <= x < x1:
                return index
        return None

    def on_click(self, event: events.Click) -> None:
        index = self.index_at(event.x, event.y)
        if index is not None:
            event.stop()
            self.post_message(self.TileClicked(index))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        index = self.index_at(event.x, event.y)
        if index is not None and index != self.selected:
            self.post_message(self.TileHovered(index))
