"""``StatsScreen``: the player's record over the saved games (the menu's "Statistics"),
the same table as ``hanchan stats``.

The record is read in a worker thread through the folder's index and the stats cache
(``ai.career``): a few hundredths of a second once cached, a few milliseconds a game
the first time.  The review's figures (agreement with strong, mistakes per game) take a
second or two a game, so they are computed only when asked (``v``), game by game in the
background, and kept; the screen says how many games they cover.
"""

from __future__ import annotations

from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Sparkline, Static
from textual.worker import get_current_worker

from hanchan.ai.career import TREND, Record, record, review_games
from hanchan.coach.career import columns, notes, rows
from hanchan.tui import palette
from hanchan.tui.widgets.size_notice import SizeNotice

TREND_GAMES = 100
"""The chart spans the newest games, up to this many."""


class StatsScreen(Screen[None]):
    """The record table, the trend of the placement, and what was left out."""

    DEFAULT_CSS = """
    StatsScreen #body { height: 1fr; padding: 0 1; }
    StatsScreen #title { text-style: bold; }
    StatsScreen #figures { height: auto; margin: 1 0 0 0; }
    StatsScreen #trend-label { margin: 1 0 0 0; }
    StatsScreen Sparkline { height: 3; margin: 0 0 1 0; }
    StatsScreen #notes { height: auto; }
    """

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("v", "review", "Review the games"),
    ]

    def __init__(self, save_dir: Path | None) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.record: Record | None = None
        self.reviewing = ""  # the review's progress in words while it runs

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="body"):
            yield Static("Your statistics", id="title")
            yield Static("Reading the saved games…", id="figures")
            yield Static("", id="trend-label")
            yield Sparkline([], id="trend")
            yield Static("", id="notes")
        yield Footer()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one("#trend", Sparkline).display = False
        if self.save_dir is None:
            self.query_one("#figures", Static).update("No save folder: games are not saved.")
            return
        self.run_worker(self._read, thread=True, group="read", exclusive=True)

    def _read(self) -> None:
        assert self.save_dir is not None
        rec = record(self.save_dir, progress=self._reading)
        self.app.call_from_thread(self.show, rec)

    def _reading(self, done: int, todo: int) -> None:
        if done % 10 == 0:  # (a few milliseconds a game: the screen need not hear each)
            self.app.call_from_thread(
                self.query_one("#figures", Static).update,
                f"Reading the saved games: {done} of {todo} not read before…")

    def show(self, rec: Record) -> None:
        """Draw the record: its table, the trend chart, and the notes."""
        self.record = rec
        title = self.query_one("#title", Static)
        figures = self.query_one("#figures", Static)
        chart = self.query_one("#trend", Sparkline)
        label = self.query_one("#trend-label", Static)
        if not rec.games:
            title.update(Text("Your statistics", style="bold"))
            figures.update("No finished game of yours in the save folder yet.")
            chart.display = False
            label.update("")
        else:
            title.update(Text(f"Your statistics: {len(rec.games)} games", style="bold"))
            figures.update(_table(rows(columns(rec))))
            trend = rec.trend()[-TREND_GAMES:]
            chart.data = trend
            chart.display = True
            label.update(Text(
                f"Placement trend over the last {len(trend)} games, oldest first: each bar is "
                f"the average placement of the {TREND} games up to it, from {min(trend):.2f} "
                f"to {max(trend):.2f} (taller is worse)", style=palette.SKY))
        self._notes()

    def _notes(self) -> None:
        rec = self.record
        lines = notes(rec) if rec is not None else []
        if rec is not None and rec.unreviewed():
            lines.append(self.reviewing or "v reviews them in the background; the figures "
                                            "are kept.")
        self.query_one("#notes", Static).update(Text("\n".join(lines), style=palette.QUIET))

    def action_review(self) -> None:
        """Review the games not reviewed yet, one at a time in a worker thread."""
        if self.record is None or self.save_dir is None or not self.record.unreviewed():
            return
        self.run_worker(self._review, thread=True, group="review", exclusive=True)

    def _review(self) -> None:
        assert self.save_dir is not None and self.record is not None
        worker = get_current_worker()
        rec = self.record
        todo = rec.unreviewed()
        for n, game in enumerate(todo):
            if worker.is_cancelled:
                return
            self.app.call_from_thread(self._progress, n, len(todo))
            reviewed = review_games(self.save_dir, [game])[0]
            games = [reviewed if g is game else g for g in rec.games]
            rec = Record(rec.player, games, rec.unreadable, rec.unfinished)
            self.app.call_from_thread(self.show, rec)
        self.app.call_from_thread(self._progress, len(todo), len(todo))

    def _progress(self, done: int, todo: int) -> None:
        self.reviewing = f"Reviewing game {done + 1} of {todo}…" if done < todo else ""
        self._notes()

    def action_back(self) -> None:
        self.workers.cancel_group(self, "review")
        self.app.pop_screen()


def _table(cells: list[list[str]]) -> Table:
    """The record table of :func:`hanchan.coach.career.rows`: figures by row, spans by column."""
    t = Table(box=None, padding=(0, 2, 0, 0), header_style="bold")
    t.add_column(cells[0][0], style=palette.SKY, no_wrap=True)
    for head in cells[0][1:]:
        t.add_column(head, justify="right", no_wrap=True)
    for row in cells[1:]:
        t.add_row(*row)
    return t

