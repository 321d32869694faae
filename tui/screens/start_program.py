"""``StartProgramScreen``: ask before a saved game's outside bot is started.

A game file records the command of each outside mjai bot that played in it, but a file
may come from anyone, and a command runs with the player's rights.  So Continue and Load
start such a bot only when the player says so here, having seen the exact command (every
character that does not print shown as its escape: ``saves.seats.shown_command``).
The safe answer comes first and Escape gives it: the strong bot plays the seat; a command
too long to show whole is not offered at all.  All text is plain ``rich.text.Text``:
nothing from the file is read as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from hanchan.saves.seats import shown_command, shown_whole
from hanchan.tui import palette
from hanchan.words.names import WIND_NAMES

STRONG, START = "strong", "start"
"""The two answers, as the options' ids."""


def question(file_name: str, commands: Sequence[tuple[int, str]]) -> Text:
    """The question's text: the file, each seat's command as it would run, and why it asks.

    >>> print(question("a.jsonl", [(2, "sh -c 'touch x'")]).plain)
    a.jsonl names an outside bot for West. Continuing would run this command:
      sh -c 'touch x'
    It comes from the file, not from you: start it only if you trust the file.
    """
    which = ", ".join(WIND_NAMES[s] for s, _ in commands)
    several = len({c for _, c in commands}) > 1
    text = Text(f"{file_name} names an outside bot for {which}. Continuing would run "
                f"{'these commands' if several else 'this command'}:\n")
    shown: list[str] = []
    for _, command in commands:
        if command not in shown:
            shown.append(command)
            text.append(f"  {shown_command(command)}\n", style="bold")
    if all(shown_whole(c) for _, c in commands):
        text.append("It comes from the file, not from you: start it only if you trust the "
                    "file.", style=palette.QUIET)
    else:
        text.append("A command too long to be shown whole is not started from a file; give "
                    "it with --bots mjai:CMD to play with it.", style=palette.QUIET)
    return text


class StartProgramScreen(ModalScreen[bool]):
    """Start a saved game's outside bots (True), or seat the strong bot (False, Escape)."""

    DEFAULT_CSS = """
    StartProgramScreen { align: center middle; }
    StartProgramScreen > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: round $warning; background: $panel; padding: 0 1;
    }
    StartProgramScreen #command { height: auto; max-height: 16; overflow-y: auto; }
    StartProgramScreen OptionList { height: auto; border: none; margin: 1 0 0 0; }
    """

    BINDINGS = [
        Binding("escape", "answer(False)", "Seat strong"),
        Binding("1", "answer(False)", show=False),
        Binding("2", "answer(True)", show=False),
    ]

    def __init__(self, file_name: str, commands: Sequence[tuple[int, str]]) -> None:
        super().__init__()
        self.file_name = file_name
        self.commands = list(commands)
        self.offered = all(shown_whole(c) for _, c in commands)  # "Start" is an option

    def compose(self) -> ComposeResult:
        several = len({c for _, c in self.commands}) > 1
        with Vertical():
            yield Static(Text("Start a program from a game file?", style="bold"))
            yield Static(question(self.file_name, self.commands), id="command")
            options = [Option("1  Seat strong instead", id=STRONG)]
            if self.offered:
                options.append(Option(f"2  Start {'them' if several else 'it'}", id=START))
            yield OptionList(*options)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id == START)

    def action_answer(self, start: bool) -> None:
        if self.offered or not start:
            self.dismiss(start)
