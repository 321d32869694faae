"""``ReplayScreen``: step through a saved or imported game.

Left/right step one event, up/down jump to the previous/next hand, b/n to the
previous/next win or draw, Home/End to the ends; 1-4 show the table from East,
South, West or North's seat (as they saw it), ``a`` shows every hand; Enter on
a win or draw opens its full result.  The event log stands beside the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer

from engine.events import Event, GameEnded, GameStarted, HandDrawn, Penalty, Won
from text.events import describe
from text.names import WIND_NAMES
from tui.settings import Settings
from tui.tilefaces import FaceMode
from tui.widgets.event_log import EventLog
from tui.widgets.info_panel import InfoPanel
from tui.widgets.size_notice import SizeNotice
from tui.widgets.table_view import TableExtras, TableView


class ReplayScreen(Screen[None]):
    """The replay viewer."""

    DEFAULT_CSS = """
    ReplayScreen #row { height: 1fr; }
    ReplayScreen TableView #col-center { width: 30; }
    ReplayScreen TableView CenterPanel { width: 30; }
    """

    BINDINGS = [
        Binding("right", "step(1)", "Step"),
        Binding("left", "step(-1)", "Back"),
        Binding("down", "hand(1)", "Next hand"),
        Binding("up", "hand(-1)", "Prev hand"),
        Binding("n", "result(1)", "Next win/draw"),
        Binding("b", "result(-1)", "Prev win/draw", show=False),
        Binding("home", "ends(0)", "Start", show=False),
        Binding("end", "ends(1)", "End", show=False),
        Binding("a", "all_hands", "All hands"),
        *[Binding(str(i + 1), f"seat({i})", f"Seat {WIND_NAMES[i]}", show=False)
          for i in range(4)],
        Binding("enter", "open_result", "Result", show=False),
        Binding("v", "faces", "Faces", show=False),
        Binding("escape,q", "leave", "Leave"),
    ]

    def __init__(self, events: Sequence[Event], *, title: str = "", seat: int = 0) -> None:
        from saves.replay import Replay

        super().__init__()
        self.replay = Replay(events)
        self.events = list(events)
        first = self.events[0]
        self.names: tuple[str, ...] = (
            tuple(first.players) if isinstance(first, GameStarted) else ("E", "S", "W", "N")
        )
        self.red_fives = first.ruleset.red_fives if isinstance(first, GameStarted) else 1
        self.title_text = title
        self.seat = seat
        self.show_all = True
        self.replay.to_start()

    def compose(self) -> ComposeResult:
        with Horizontal(id="row"):
            yield TableView(id="table")
            yield EventLog(self.events, self.names, self.red_fives, id="log")
        yield InfoPanel(id="info")
        yield Footer()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.table = self.query_one(TableView)
        self.log_view = self.query_one(EventLog)
        self.info = self.query_one(InfoPanel)
        self.table.set_mode(self._faces())
        self.redraw()

    def redraw(self) -> None:
        """Draw the table at the current position."""
        r = self.replay
        view = r.view(self.seat)
        ev = r.event
        hands: dict[int, tuple[int, ...]] = {}
        if self.show_all:
            hands = dict(enumerate(r.all_hands()))
        ura: tuple[int, ...] = ()
        if isinstance(ev, Won):
            ura = next((w.ura_indicators for w in ev.wins if w.ura_indicators), ())
        names = tuple(self.names) + ("",) * (4 - len(self.names))
        self.table.draw(view, TableExtras(names=names[:4], hands=hands, ura=ura))  # type: ignore[arg-type]
        self.log_view.show(r.position)
        mark = r.current_hand()
        where = f"{mark.name}  " if mark else ""
        self.info.set_help(
            f"{self.title_text}  {where}event {r.position + 1}/{len(self.events)}: "
            f"{describe(ev, self.names, self.red_fives)}"
        )
        seat_word = f"seat {WIND_NAMES[self.seat]} ({self.names[self.seat]})"
        self.info.set_toggles(
            f"{'all hands' if self.show_all else 'one seat'} · {seat_word}"
        )
        if isinstance(ev, (Won, HandDrawn, Penalty)):
            self.info.say("Enter shows the result.", "#ffd84a")
        else:
            self.info.say("")

    def action_step(self, step: int) -> None:
        r = self.replay
        target = r.position + step
        if 0 <= target < len(self.events):
            r.seek(target)
            self.redraw()

    def action_hand(self, step: int) -> None:
        r = self.replay
        mark = r.current_hand()
        if not r.hands:
            return
        index = (mark.index if mark else -1) + step
        if step < 0 and mark is not None and r.position > mark.start:
            index = mark.index  # back to the start of this hand first
        index = max(0, min(index, len(r.hands) - 1))
        r.to_hand(index)
        self.redraw()

    def action_result(self, step: int) -> None:
        if step > 0:
            self.replay.next_result()
        else:
            self.replay.previous_result()
        self.redraw()

    def action_ends(self, end: int) -> None:
        if end:
            self.replay.to_end()
        else:
            self.replay.to_start()
        self.redraw()

    def action_all_hands(self) -> None:
        self.show_all = not self.show_all
        self.redraw()

    def action_seat(self, seat: int) -> None:
        self.seat = seat
        self.redraw()

    def action_faces(self) -> None:
        app = self.app
        if hasattr(app, "settings"):
            app.settings_changed(app.settings.next_faces())  # type: ignore[attr-defined]
            self.table.set_mode(self._faces())
            self.redraw()

    def _faces(self) -> FaceMode:
        settings = getattr(self.app, "settings", None)
        return settings.faces if isinstance(settings, Settings) else "letters"

    def action_open_result(self) -> None:
        ev = self.replay.event
        if isinstance(ev, (Won, HandDrawn, Penalty)):
            from tui.screens.hand_result import HandResultScreen

            self.app.push_screen(
                HandResultScreen(ev, self.events, self.seat, self.names, self._faces())
            )
        elif isinstance(ev, GameEnded):
            from tui.screens.game_end import GameEndScreen

            self.app.push_screen(GameEndScreen(self.events, self.seat, self.names,
                                               pushed=True))

    def action_leave(self) -> None:
        back = getattr(self.app, "back_to_menu_or_exit", None)
        if back is not None:
            back()
        else:
            self.app.exit(0)
