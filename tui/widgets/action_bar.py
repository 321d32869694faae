"""``ActionBar``: the actions the player may take now, one key each, clickable."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button, Static

from tui.render import ACTION_KEYS, ACTION_TITLES


class ActionBar(Horizontal):
    """A row of buttons, one per legal action group, with its key."""

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

    def compose(self) -> ComposeResult:
        yield Static(self.prompt, classes="prompt")

    async def show(self, groups: tuple[str, ...], prompt: str = "") -> None:
        """Show buttons for ``groups``; ``prompt`` in front (e.g. 'Your turn: discard')."""
        if groups == self.groups and prompt == self.prompt:
            return
        self.groups, self.prompt = groups, prompt
        await self.remove_children()
        widgets = [Static(prompt, classes="prompt")]
        for g in groups:
            key = ACTION_KEYS.get(g, "")
            label = Text(f"{ACTION_TITLES.get(g, g)} ({key})")
            button = Button(label, id=f"act-{g}", variant=_variant(g), compact=True)
            button.can_focus = False
            widgets.append(button)
        await self.mount_all(widgets)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id and event.button.id.startswith("act-"):
            self.post_message(self.Chosen(event.button.id[4:]))


def _variant(group: str) -> str:
    if group in ("tsumo", "ron"):
        return "error"
    if group in ("riichi",):
        return "warning"
    if group in ("pass", "noten", "continue"):
        return "default"
    return "primary"
