"""``TableLayout``: the table, the game's log beside it and the info lines under it.

One layout for playing and for the replay viewer: the screens add their own
keys, the action bar (play) and the footer.  From ``LARGE`` on (a terminal of
about 180x50), the table grows and the log widens.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from hanchan.engine.events import Event
from hanchan.tui.widgets.event_log import EventLog
from hanchan.tui.widgets.info_panel import InfoPanel
from hanchan.tui.widgets.table_view import TableView


class TableLayout(Vertical):
    """The table and its log in a row, the info panel under them."""

    DEFAULT_CSS = """
    TableLayout { height: 1fr; }
    TableLayout #row { height: 1fr; }
    TableLayout.-large EventLog { width: 52; }
    """
    LARGE = (170, 46)  # the layout's own size from which the table grows

    def __init__(self, events: Sequence[Event], names: Sequence[str], red_fives: int,
                 *, id: str | None = None) -> None:
        """``names``: for the log, the players' names without their bot level."""
        super().__init__(id=id)
        self._log = (events, names, red_fives)

    @property
    def table(self) -> TableView:
        """The table."""
        return self.query_one(TableView)

    @property
    def log_view(self) -> EventLog:
        """The game's log."""
        return self.query_one(EventLog)

    @property
    def info(self) -> InfoPanel:
        """The help and message lines."""
        return self.query_one(InfoPanel)

    def on_resize(self, event: events.Resize) -> None:
        w, h = event.size
        large = w >= self.LARGE[0] and h >= self.LARGE[1]
        self.set_class(large, "-large")
        self.table.large = large

    def compose(self) -> ComposeResult:
        events, names, red_fives = self._log
        with Horizontal(id="row"):
            yield TableView(id="table")
            yield EventLog(events, names, red_fives, id="log")
        yield InfoPanel(id="info")
