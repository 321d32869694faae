"""``ActionBar``: the actions the player may take now, one key each, clickable.

A group's button is made the first time the group is offered and kept: showing a
new set of legal actions switches buttons on and off, and the buttons of groups a
game never offers (nine terminals, the end-of-hand questions) are never built.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button, Static
from textual.widgets.button import ButtonVariant

from hanchan.tui.render import ACTION_KEYS
from hanchan.words.actions import ACTION_TITLES

GROUPS = ("tsumo", "ron", "riichi", "open_riichi", "kan", "pon", "chi", "nine", "show",
          "noten", "stop", "continue", "pass")


def _variant(group: str) -> ButtonVariant:
    if group in ("tsumo", "ron"):
        return "error"
    if group in ("riichi", "open_riichi"):
        return "warning"
    if group in ("pass", "noten", "continue"):
        return "default"
    return "primary"


class ActionBar(Horizontal):
    """A prompt and a row of buttons, one per legal action group, with its key."""

    DEFAULT_CSS = """
    ActionBar { height: 1; width: 1fr; }
    ActionBar Button { height: 1; min-width: 8; border: none; margin: 0 1 0 0; padding: 0 1; }
    ActionBar .prompt { width: auto; color: $text-muted; padding: 0 1; }
    """

    class Chosen(Message):
        """A button was pressed: the action group (``'chi'``, ``'pass'``, ...)."""

        def __init__(self, group: str) -> None:
            super().__init__()
            self.group = group

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.groups: tuple[str, ...] = ()
        self.prompt = ""
        self._buttons: dict[str, Button] = {}  # the groups' buttons made so far

    def compose(self) -> ComposeResult:
        yield Static("", classes="prompt", id="prompt")

    def show(self, groups: tuple[str, ...], prompt: str = "") -> None:
        """Show the buttons of ``groups`` after ``prompt`` (e.g. 'Your turn: discard')."""
        if groups == self.groups and prompt == self.prompt:
            return
        if prompt != self.prompt:
            self.query_one("#prompt", Static).update(Text(prompt))
        if groups != self.groups:
            for g in groups:
                if g not in self._buttons:
                    self._make(g)
            for g, button in self._buttons.items():
                button.display = g in groups
        self.groups, self.prompt = groups, prompt

    def _make(self, group: str) -> None:
        """Mount the button of ``group`` in its place in the row (the order of GROUPS)."""
        label = Text(f"{ACTION_TITLES[group]} ({ACTION_KEYS[group]})")
        button = Button(label, id=f"act-{group}", variant=_variant(group), compact=True)
        button.can_focus = False
        before = GROUPS[:GROUPS.index(group)]
        after = next((self._buttons[g] for g in reversed(before) if g in self._buttons),
                     self.query_one("#prompt", Static))
        self._buttons[group] = button
        self.mount(button, after=after)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id and event.button.id.startswith("act-"):
            self.post_message(self.Chosen(event.button.id[4:]))
