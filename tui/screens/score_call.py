"""``ScoreCallScreen``: call the score of your win before the result shows it.

The winning hand, the dora and ura indicators, how it was won, the honba and the
sticks; the player types the score (``3 30 3900``, ``mangan 8000``, ``1000/2000``,
``2600 all``) or picks it from a list (Tab to the list, or the keys 1-6 there), and
is told right or wrong with the breakdown of :func:`hanchan.coach.score_call.breakdown`.
Enter then continues to the hand's result; Esc skips the call.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from hanchan.coach.score_call import AnswerError, Verdict, breakdown, judge, parse_answer
from hanchan.tui import palette
from hanchan.tui.render import melds_text
from hanchan.tui.table.score_call import ScoreCall
from hanchan.tui.tilefaces import FaceMode, dora_tiles, strip, tile_text
from hanchan.words.names import points


def call_hand_text(call: ScoreCall, names: Sequence[str], red_fives: int, mode: FaceMode
                   ) -> Text:
    """The win as the table shows it, without its value."""
    w, k = call.win, call.key
    out = Text()
    how = "Tsumo" if w.from_seat is None else f"Ron from {names[w.from_seat]}"
    out.append(f"You win — {how}. {'Dealer' if k.dealer else 'Non-dealer'}.\n",
               style=f"bold {palette.GOLD}")
    concealed = list(w.hand)
    if w.tile in concealed:
        concealed.remove(w.tile)
    out.append_text(strip(sorted(concealed), mode, red_fives))
    out.append("  ")
    out.append_text(tile_text(w.tile, mode, red_fives))
    if w.melds:
        out.append("  ")
        out.append_text(melds_text(w.melds, w.seat, mode, red_fives))
    out.append("\nDora ")
    out.append_text(strip(dora_tiles(call.dora), mode, 0))
    if w.ura_indicators:
        out.append("   Ura ")
        out.append_text(strip(dora_tiles(w.ura_indicators), mode, 0))
    extra = []
    if k.honba:
        extra.append(f"honba {k.honba}")
    if k.sticks_paid:
        extra.append(f"{k.sticks_paid // 1000} riichi stick{'s' if k.sticks_paid > 1000 else ''}"
                     f" ({points(k.sticks_paid)})")
    if extra:
        out.append("\n" + ", ".join(extra).capitalize())
    out.append("\n")
    return out


class ScoreCallScreen(ModalScreen[bool | None]):
    """Asks for the score of the player's win; dismisses with right (True), wrong
    (False) or None when skipped."""

    DEFAULT_CSS = """
    ScoreCallScreen { align: center middle; }
    ScoreCallScreen > VerticalScroll {
        width: 84; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $panel; padding: 0 2;
    }
    ScoreCallScreen OptionList { height: auto; max-height: 8; border: none; }
    ScoreCallScreen .hint { color: $text-muted; }
    """

    BINDINGS = [
        Binding("escape", "skip", "Skip"),
        Binding("enter", "go_on", "Continue", show=False),
        *[Binding(str(i + 1), f"pick({i})", show=False) for i in range(6)],
    ]

    def __init__(self, call: ScoreCall, names: Sequence[str], red_fives: int,
                 mode: FaceMode = "letters") -> None:
        super().__init__()
        self.call = call
        self.names = list(names)
        self.red_fives = red_fives
        self.mode = mode
        self.verdict: Verdict | None = None
        self.said = ""  # the words under the answer box (a refusal, or the verdict)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text("Call the score", style="bold"), id="title")
            yield Static(call_hand_text(self.call, self.names, self.red_fives, self.mode),
                         id="hand")
            yield Static("Han and fu (or the limit) and the payment — type it and press "
                         "Enter, or Tab to pick one:", classes="hint")
            yield Input(placeholder="e.g. 3 30 3900, mangan 8000, 1000/2000, 2600 all",
                        id="answer")
            yield OptionList(*[Option(f"{i + 1}  {a.words()}")
                               for i, a in enumerate(self.call.options)], id="options")
            yield Static("", id="verdict")
            yield Static("Esc: skip", classes="hint", id="keys")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.verdict is not None:
            self.action_go_on()
            return
        try:
            said = parse_answer(event.value)
        except AnswerError as exc:
            self._say(Text(str(exc), style=palette.REFUSAL))
            return
        self._answer(judge(said, self.call.key))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(event.option_index)

    def action_pick(self, index: int) -> None:
        if self.verdict is not None or self.focused is self.query_one(Input):
            return
        if 0 <= index < len(self.call.options):
            self._answer(judge(self.call.options[index], self.call.key))

    def _answer(self, verdict: Verdict) -> None:
        self.verdict = verdict
        colour = palette.GAIN if verdict.right else palette.REFUSAL
        out = Text(verdict.words() + "\n", style=f"bold {colour}")
        for line in breakdown(self.call.key):
            out.append(f"  {line}\n")
        self._say(out)
        self.query_one(Input).disabled = True
        self.query_one(OptionList).disabled = True
        self.set_focus(None)
        self.query_one("#keys", Static).update("Enter: the hand's result")

    def _say(self, text: Text) -> None:
        self.said = text.plain
        self.query_one("#verdict", Static).update(text)

    def action_go_on(self) -> None:
        if self.verdict is not None:
            self.dismiss(self.verdict.right)

    def action_skip(self) -> None:
        self.dismiss(None if self.verdict is None else self.verdict.right)

