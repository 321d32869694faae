"""``CenterPanel``: the middle of the table.

Round and hand, honba and the sticks on the table (riichi sticks and a practice-mode
false call's 1,000 alike), tiles left in the wall, dora indicators (and ura
indicators once shown), and every seat's wind and points arranged as they sit around
the table (you at the bottom).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from hanchan.tui.tilefaces import FaceMode, backs, dora_tiles, strip
from hanchan.words.names import hand_name, points, wind_mark


@dataclass(frozen=True)
class CenterData:
    """What the centre shows."""

    round_wind: int = 0
    hand_number: int = 0
    honba: int = 0
    sticks: int = 0
    wall: int = 0
    dora: tuple[int, ...] = ()
    ura: tuple[int, ...] = ()
    dora_slots: int = 5
    me: int = 0
    dealer: int = 0
    winds: tuple[int, int, int, int] = (0, 1, 2, 3)
    scores: tuple[int, int, int, int] = (25000, 25000, 25000, 25000)
    riichi: tuple[bool, bool, bool, bool] = (False, False, False, False)
    turn: int | None = None
    red_fives: int = 1
    dead: tuple[bool, bool, bool, bool] = (False, False, False, False)  # アガリ放棄


class CenterPanel(Widget):
    """The centre box of the table."""

    DEFAULT_CSS = """
    CenterPanel { height: 7; width: 1fr; content-align: center middle; text-align: center; }
    """
    COMPONENT_CLASSES = {
        "centre--title",  # round and hand
        "centre--turn",  # the wind of the seat whose turn it is
        "centre--riichi",  # R: the seat is in riichi
        "centre--dead",  # DEAD: the seat's hand is dead (practice mode)
        "centre--muted",  # "ind.": the dora indicators after the dora they show
    }

    mode: reactive[FaceMode] = reactive("letters")
    big: reactive[bool] = reactive(False)  # a large terminal: the lines stand apart

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.data = CenterData()

    def show(self, data: CenterData) -> None:
        """Draw new centre data."""
        if data != self.data:
            self.data = data
            self.refresh()

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(f"centre--{name}", partial=True)

    def _seat(self, rel: int) -> Text:
        d = self.data
        seat = (d.me + rel) % 4
        t = Text()
        style = self._style("turn") if d.turn == seat else Style(bold=True)
        t.append(wind_mark(d.winds[seat], self.mode), style=style)
        t.append(f" {points(d.scores[seat])}", style="bold" if seat == d.me else "")
        if d.riichi[seat]:
            t.append(" ", style="")
            t.append("R", style=self._style("riichi"))
        if d.dead[seat]:
            t.append(" ", style="")
            t.append("DEAD", style=self._style("dead"))
        return t

    def render(self) -> Text:
        d = self.data
        title = Text(hand_name(d.round_wind, d.hand_number), style=self._style("title"))
        title.append(f"   {d.honba} honba  ", style="")
        # every 1,000 on the table (供託): riichi sticks and practice-mode false calls
        title.append(f"{d.sticks} stick{'' if d.sticks == 1 else 's'}", style="")
        room = self.content_size.width or 36
        dora = Text("Dora ")
        dora.append_text(strip(dora_tiles(d.dora), self.mode, 0))
        ind = Text()
        ind.append("ind. ", style=self._style("muted"))
        ind.append_text(strip(d.dora, self.mode, d.red_fives))
        hidden = max(0, d.dora_slots - len(d.dora))
        if hidden:
            ind.append(" ")
            ind.append_text(backs(hidden, "letters"))
        wall = Text.assemble(f"Wall {d.wall}   ", dora, "  ", ind)
        # wide faces (kanji) and several dora: the indicators on a line of their own
        lines = [title, wall] if wall.cell_len <= room else [
            title, Text.assemble(f"Wall {d.wall}   ", dora), ind]
        if d.ura:
            ura = Text("Ura ")
            ura.append_text(strip(dora_tiles(d.ura), self.mode, 0))
            ura_ind = Text()
            ura_ind.append("ind. ", style=self._style("muted"))
            ura_ind.append_text(strip(d.ura, self.mode, d.red_fives))
            both = Text.assemble(ura, "  ", ura_ind)
            lines += [both] if both.cell_len <= room else [ura, ura_ind]
        lines.append(self._seat(2))
        row = Text()
        row.append_text(self._seat(3))
        row.append("      ")
        row.append_text(self._seat(1))
        lines.append(row)
        lines.append(self._seat(0))
        if self.big:  # a blank line between the round's lines and the seats, and around
            lines = [Text(), *lines[:-3], Text(), *lines[-3:], Text()]
        for line in lines:
            line.justify = "center"
        return Text("\n", justify="center").join(lines)
