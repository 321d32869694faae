"""``BotCommandScreen``: the command of an mjai bot to ask for a second opinion, typed now.

The review screen's ``b`` asks any mjai AI (Mortal, akochan, ``hanchan mjai-bot``...) at
every decision, as ``hanchan review --by mjai:CMD`` does; the table's ``H`` asks one for
hints, as ``hanchan play --hint-by`` does.  A command runs with the player's
rights, so it comes only from the player's keyboard at that moment: it is kept in the running
app's memory, and never read from or written to a file (settings, saves, headers).
:func:`bot_command` reads what was typed: a program to start, or the sentence that says why
nothing is started.

>>> bot_command("mjai: ./mybot {seat}")
('./mybot {seat}', None)
>>> bot_command("   ")
('', 'No bot was asked: no command was typed.')
"""

from __future__ import annotations

import shlex

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from hanchan.ai.base import MJAI

HELP = ("Runs this program to ask it at every decision. The command is kept in memory "
        "only, never written to a file. Enter asks, Esc cancels.")
TITLE = "Second opinion: the command of an mjai bot"


def bot_command(typed: str) -> tuple[str, str | None]:
    """(the command, without an ``mjai:`` before it; why it starts nothing, or None).

    >>> bot_command("'unclosed")[1]
    'No bot was asked: the command cannot be read (No closing quotation).'
    >>> bot_command("'' --level strong")[1]
    'No bot was asked: the command names no program.'
    """
    command = typed.strip()
    command = command[len(MJAI):].strip() if command.startswith(MJAI) else command
    if not command:
        return command, "No bot was asked: no command was typed."
    try:
        words = shlex.split(command)
    except ValueError as exc:
        return command, f"No bot was asked: the command cannot be read ({exc})."
    if not words or not words[0].strip():
        return command, "No bot was asked: the command names no program."
    return command, None


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
