"""``ChooserScreen``: pick one of several options (which chi, which kan) with keys or mouse."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class ChooserScreen(ModalScreen[int | None]):
    """A small list of options; dismisses with the chosen index, or None on Escape."""

    DEFAULT_CSS = """
    ChooserScreen { align: center middle; }
    ChooserScreen > Vertical {
        width: 44; height: auto; border: round $accent; background: $panel; padding: 0 1;
    }
    ChooserScreen OptionList { height: auto; max-height: 10; border: none; }
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        *[Binding(str(i + 1), f"pick({i})", show=False) for i in range(9)],
    ]

    def __init__(self, title: str, options: Sequence[Text | str]) -> None:
        super().__init__()
        self.title_text = title
        self.options = list(options)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text, style="bold"))
            items = []
            for i, o in enumerate(self.options):
                label = Text(f"{i + 1}  ")
                label.append_text(o if isinstance(o, Text) else Text(o))
                items.append(Option(label))
            yield OptionList(*items)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_pick(self, index: int) -> None:
        if index < len(self.options):
            self.dismiss(index)

    def action_cancel(self) -> None:
        self.dismiss(None)
