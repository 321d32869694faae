"""``SeatPanel``: an opponent at a glance: wind, name, points, riichi, hand backs, melds."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from hanchan.engine.view import SeatInfo
from hanchan.tui.players import Player
from hanchan.tui.render import melds_text
from hanchan.tui.tilefaces import FaceMode, backs, strip
from hanchan.words.names import RELATIVE_NAMES, points, relative, wind_mark


class SeatPanel(Widget):
    """One opponent's public information in three lines."""

    DEFAULT_CSS = """
    SeatPanel { height: auto; min-height: 3; width: 1fr; }
    """
    COMPONENT_CLASSES = {
        "seat--dealer",  # the dealer's wind
        "seat--riichi",  # the RIICHI badge
        "seat--turn",  # ◀ turn
        "seat--count",  # the number of tiles in the hand
    }

    mode: reactive[FaceMode] = reactive("letters")

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.info: SeatInfo | None = None
        self.me = 0
        self.player = Player("")
        self.dealer = False
        self.turn = False
        self.red_fives = 1
        self.hand: tuple[int, ...] | None = None  # shown tiles (replay, open riichi, draw)
        self._last: tuple[object, ...] = ()

    def show(
        self,
        info: SeatInfo,
        *,
        me: int,
        player: Player,
        dealer: bool,
        turn: bool,
        red_fives: int,
        hand: tuple[int, ...] | None = None,
    ) -> None:
        """Draw a seat."""
        new = (info, me, player, dealer, turn, red_fives, hand)
        if new == self._last:
            return
        self._last = new
        self.info, self.me, self.player, self.dealer = info, me, player, dealer
        self.turn, self.red_fives, self.hand = turn, red_fives, hand
        self.refresh()

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(f"seat--{name}", partial=True)

    def _head(self, s: SeatInfo) -> Text:
        """Wind, name, points, the riichi badge and the turn marker on one line that fits:
        when the panel is narrow the words give way (the name's bot level, then the
        badges' words, then the name), so the marker never wraps onto a line of its own."""
        wind = self._style("dealer") if self.dealer else Style(bold=True)
        seat = RELATIVE_NAMES[relative(s.seat, self.me)]
        name, short = self.player.full or seat, self.player.name or seat
        badge = ("OPEN RIICHI" if s.open_riichi else "RIICHI") if s.riichi else ""
        small = ("OR" if s.open_riichi else "R") if s.riichi else ""
        tries = ((name, badge, "◀ turn"), (short, badge, "◀ turn"), (short, badge, "◀"),
                 (short, small, "◀"), ("", small, "◀"))
        width = self.size.width
        head = Text()
        for who, riichi, turn in tries:
            head = Text()
            head.append(wind_mark(s.wind, self.mode), style=wind)
            if who:
                head.append(f" {who}")
            head.append(f"  {points(s.score)}", style="bold")
            if riichi:
                head.append(" ")
                head.append(f" {riichi} ", style=self._style("riichi"))
            if self.turn:
                head.append(f"  {turn}", style=self._style("turn"))
            if head.cell_len <= width:
                break
        return head

    def render(self) -> Text:
        s = self.info
        if s is None:
            return Text("")
        head = self._head(s)
        hand = Text()
        shown = self.hand if self.hand is not None else s.shown_hand
        if shown:
            hand.append_text(strip(sorted(shown), self.mode, self.red_fives))
            hidden = s.hand_size - len(shown)  # an open riichi that shows only its wait
            if hidden > 0:
                hand.append(" ")
                hand.append_text(backs(hidden, self.mode))
        else:
            hand.append_text(backs(s.hand_size, self.mode))
            hand.append(f" {s.hand_size}", style=self._style("count"))
        melds = melds_text(s.melds, s.seat, self.mode, self.red_fives)
        return Text("\n").join([head, hand, melds])
