"""``FilePickerScreen``: the saved games in a table of date, rules, seats and result, to
continue or replay; a file that cannot be read or continued is listed with why."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from hanchan.saves.folder import SavedGame
from hanchan.saves.labels import result_words, seats_words, when
from hanchan.tui import palette
from hanchan.tui.messages import ContinueGame, OpenReplay
from hanchan.tui.savefiles import continue_problem, list_saves, summary
from hanchan.tui.widgets.size_notice import SizeNotice

COLUMNS = (("when", "Date"), ("rules", "Rules"), ("seats", "Seats"), ("file", "File"),
           ("result", "Result"))


def saved_row(game: SavedGame, problem: str | None = None) -> tuple[Text, ...]:
    """A save list's row: date, rules, seats, the file's name and the result (or, for a
    file that cannot be read or continued, why)."""
    info = game.info
    if game.status == "unreadable":
        return (Text(""), Text(""), Text(""), Text(game.path.name, style=palette.QUIET),
                Text(f"cannot be read: {game.reason}", style=palette.REFUSAL))
    result = (Text(result_words(game)) if problem is None else
              Text(f"cannot be continued: {problem}", style=palette.REFUSAL))
    return (Text(when(info.created)),
            Text(info.rules + (" practice" if info.practice else "")),
            Text(seats_words(info.seats, info.source is not None)),
            Text(game.path.name, style=palette.QUIET), result)


class FilePickerScreen(Screen[None]):
    """Saved games, newest first: load one to continue, or open one in the replay viewer."""

    DEFAULT_CSS = """
    FilePickerScreen { layout: vertical; }
    FilePickerScreen DataTable { height: 1fr; border: round $panel-lighten-2; }
    FilePickerScreen Input { margin: 0 0 1 0; }
    """

    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, save_dir: Path | None, purpose: str) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.purpose = purpose
        self.games: list[SavedGame] = []
        self.refused: dict[int, str] = {}  # games found not to continue, and why

    def compose(self) -> ComposeResult:
        verb = "continue" if self.purpose == "load" else "replay"
        self.games = list_saves(self.save_dir) if self.save_dir is not None else []
        yield Static(Text(f"Choose a game to {verb} (or type a file's path below)",
                          style="bold"))
        if self.games:
            table: DataTable[Text] = DataTable(id="files", cursor_type="row")
            for key, label in COLUMNS:
                table.add_column(label, key=key)
            for i, game in enumerate(self.games):
                table.add_row(*saved_row(game), key=str(i))
            yield table
        else:
            yield Static(Text(f"No saved games in {self.save_dir}."))
        yield Input(placeholder="path to a game file", id="path")
        yield Footer()
        yield SizeNotice()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self._open(self.games[event.cursor_row], event.cursor_row)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        path = Path(event.value.strip()).expanduser()
        if not path.is_file():
            self.notify(f"There is no file at {path}.", severity="error")
            return
        self._open(summary(path), None)

    def _open(self, game: SavedGame, index: int | None) -> None:
        """Replay it, or continue it once it is checked: a game that cannot be read or
        continued is refused in words and, in the list, marked so (nothing is written)."""
        if game.status == "unreadable":
            self.notify(f"Cannot open {game.path.name}: {game.reason}", severity="error")
            return
        if self.purpose != "load":
            self.post_message(OpenReplay(game.path))
            return
        if game.status == "finished":
            self.notify("That game is over: opening it in the replay viewer.")
            self.post_message(OpenReplay(game.path))
            return
        problem = self.refused.get(index) if index is not None else None
        problem = problem or continue_problem(game.path)
        if problem is None:
            self.post_message(ContinueGame(game.path))
            return
        if index is not None:
            self.refused[index] = problem
            self.query_one("#files", DataTable).update_cell(
                str(index), "result", saved_row(game, problem)[4], update_width=True)
        self.notify(f"Cannot continue {game.path.name}: {problem}", severity="error")

    def action_back(self) -> None:
        self.app.pop_screen()
