"""``KeysHelpScreen``: every key of the table, and what the marks on the table mean."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hanchan.tui import palette

KEYS = (
    ("← →  or  1-9 0 - = \\", "pick a tile in the hand by its place (the key is shown under "
                           "it; the mouse: point at it)"),
    ("d", "pick the tile you drew"),
    ("Enter  or  click", "discard the picked tile"),
    ("c  p  k", "chi, pon, kan (a chooser opens when there are several ways)"),
    ("r", "riichi: marks the discards that keep tenpai; Enter discards, Esc cancels"),
    ("R", "open riichi, where the rules allow it"),
    ("t  o", "tsumo, ron"),
    ("n", "abort with nine different terminals and honours"),
    ("practice mode", "t o c p k r act even when not allowed, for the penalty; a false "
                      "t or o is shown or taken back; r up again (r, Esc) takes riichi back "
                      "where the rules price that"),
    ("Space", "pass (do not call)"),
    ("y  x", "show hand / noten at a draw; stop / play on at the last hand"),
    ("h", "hint from the bots: what they would play and why; a discard hint also "
          "selects that tile (Enter plays it)"),
    ("H", "an outside mjai bot's hint too, under strong's: type its command (memory only)"),
    ("a  s  g", "toggles: auto-win (not in practice mode), skip calls, tsumogiri; skip calls "
                "and tsumogiri end with the hand, auto-win with the game"),
    ("K", "keep the toggles between hands and games (off unless you turn it on)"),
    ("i", "help line on/off (shanten, acceptance, waits, furiten)"),
    ("e", "score call: say the score of your wins before the result (always in practice)"),
    ("v", "tile faces: letters, kanji, Unicode glyphs"),
    ("[  ]", "bots slower / faster"),
    ("Ctrl+Q", "save and quit (the game continues from the menu)"),
)

MARKS = (
    ("yellow tile in a river", "the last discard"),
    ("amber underlined tile in a river", "the riichi declaration tile (turned)"),
    ("faded struck tile in a river", "called away by another player"),
    ("darker tile in a river", "tsumogiri (the drawn tile discarded)"),
    ("underlined tile in a meld, arrow", "the called tile and the player it came from"),
    ("white on red", "a red five"),
    ("R beside points", "that player is in riichi"),
    ("DEAD beside points", "a dead hand after a false call or a declaration taken back "
                           "(practice mode)"),
)


class KeysHelpScreen(ModalScreen[None]):
    """Keys and marks; any of Esc, Enter, ? closes it."""

    DEFAULT_CSS = """
    KeysHelpScreen { align: center middle; }
    KeysHelpScreen > VerticalScroll {
        width: 90; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $panel; padding: 0 1;
    }
    """

    BINDINGS = [
        Binding("escape,enter,question_mark,f1", "close", "Close"),
    ]

    def compose(self) -> ComposeResult:
        keys = Table(box=None, show_header=False, padding=(0, 2))
        keys.add_column(style=f"bold {palette.GOLD}")
        keys.add_column()
        for k, what in KEYS:
            keys.add_row(k, what)
        marks = Table(box=None, show_header=False, padding=(0, 2))
        marks.add_column(style=palette.SKY)
        marks.add_column()
        for k, what in MARKS:
            marks.add_row(k, what)
        with VerticalScroll():
            yield Static("Keys", classes="title")
            yield Static(keys)
            yield Static("On the table", classes="title")
            yield Static(marks)

    def action_close(self) -> None:
        self.dismiss(None)
