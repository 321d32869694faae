"""``BotCommandScreen``: the command of an mjai bot to ask for a second opinion, typed now.

The review screen's ``b`` asks any mjai AI (Mortal, akochan, ``hanchan mjai-bot``...) at
every decision, as ``hanchan review --by mjai:CMD`` does; the table's ``H`` asks one for
hints, as ``hanchan play --hint-by`` does.  A command runs with the player's
rights, so it comes only from the player's keyboard at that moment: it is kept in the running
app's memory, and never read from or written to a file (settings, saves, headers).
:func:`ai.base.typed_command` reads what was typed (as the command line's ``--by`` and
``--hint-by`` are read): a program to start, or the sentence that says why nothing is
started.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

HELP = ("Runs this program to ask it at every decision. The command is kept in memory "
        "only, never written to a file. Enter asks, Esc cancels.")
TITLE = "Second opinion: the command of an mjai bot"


class BotCommandScreen(ModalScreen[str | None]):
    """Asks for an mjai bot's command; dismissed with what was typed (Enter) or None (Esc)."""

    DEFAULT_CSS = """
    BotCommandScreen { align: center middle; }
    BotCommandScreen > Vertical {
        width: 84; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $panel; padding: 0 1;
    }
    BotCommandScreen .hint { color: $text-muted; }
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, command: str = "", *, heading: str = TITLE, words: str = HELP
                 ) -> None:
        super().__init__()
        self.command = command  # the one typed before on the screen that asks (memory only)
        self.heading = heading
        self.words = words  # what the bot is asked for; that the command stays in memory

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.heading, classes="title")
            yield Input(self.command, placeholder="e.g. ./mybot {seat}  or  "
                        "python mortal.py {seat}", id="bot-command")
            yield Static(self.words, classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
