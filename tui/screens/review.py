"""``ReviewScreen``: a game's decisions against ``strong``, the mistakes listed largest first.

The review (:func:`ai.review.review_game`) runs in a worker thread while a progress bar
fills; then the figures (agreement with strong, mistakes by kind), the list of mistakes
and, for the one highlighted, the hand, the river and both choices measured
(:mod:`hanchan.coach.review`).  Enter closes the screen with the highlighted decision's event
position, for the replay viewer to show it; Escape closes it with none.

``b`` asks an outside mjai bot at every decision too, as ``hanchan review --by`` does
(:func:`ai.asking.second_opinion`): its command is typed then (:class:`BotCommandScreen`)
and kept in this screen's memory only; its agreement joins the figures and its choice
strong's in the detail, in the command line's words.  The bot is asked in a worker thread
and ended when the screen is left.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from functools import partial

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from hanchan.ai.asking import MjaiAsker, SecondOpinion, second_opinion
from hanchan.ai.base import DEFAULT_MJAI, MjaiOptions, typed_command
from hanchan.ai.review import DecisionReview, GameReview, review_game
from hanchan.coach.review import (
    hand_lines,
    mistake_lines,
    second_lines,
    signed_points,
    summary_lines,
)
from hanchan.engine.events import Event
from hanchan.tui.screens.bot_command import BotCommandScreen
from hanchan.words.names import WIND_NAMES


def mistake_label(n: int, d: DecisionReview) -> str:
    """One line of the list: ``1. S2-1 riichi/dama  -2,661  discard 6p → riichi 6p``."""
    return (f"{n:>2}. {d.hand:<6} {d.kind:<12} {signed_points(-d.cost):>7}  "
            f"{d.played.text} → {d.best.text}")


class ReviewScreen(Screen[int | None]):
    """The review of one seat; dismissed with a decision's position (Enter) or None."""

    DEFAULT_CSS = """
    ReviewScreen > Vertical { padding: 0 1; }
    ReviewScreen #review-title { text-style: bold; }
    ReviewScreen #review-progress { margin: 1 0; }
    ReviewScreen #review-mistakes { height: 1fr; min-height: 4; }
    ReviewScreen #review-detail { height: auto; min-height: 7; }
    """

    BINDINGS = [
        Binding("enter", "show", "Show in replay"),
        Binding("h", "hands", "Hands"),
        Binding("b", "second", "Second opinion"),
        Binding("escape,q", "close", "Back"),
    ]

    def __init__(self, events: Sequence[Event], seat: int, *,
                 review: GameReview | None = None,
                 on_review: Callable[[GameReview], None] | None = None,
                 at: int | None = None, mjai: MjaiOptions = DEFAULT_MJAI,
                 second: SecondOpinion | None = None,
                 on_second: Callable[[SecondOpinion], None] | None = None) -> None:
        super().__init__()
        self.at = at  # the position of the decision to highlight (back from the replay)
        self.events = list(events)
        self.seat = seat
        self.review: GameReview | None = review
        self.on_review = on_review
        self._mistakes: list[DecisionReview] = []
        self._show_hands = False
        self.mjai = mjai  # how a second opinion's bot is spoken to
        self.second = second  # the last second opinion (kept by the screen that opened this)
        self.on_second = on_second
        self._said = ""  # a sentence on the second opinion: being asked, or not asked
        self._command = ""  # the last command typed: this screen's memory, never a file
        self._asker: MjaiAsker | None = None  # the bot being asked
        self._left = threading.Event()  # the screen was left: nothing more to show

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Review of the decisions of the seat that started as "
                         f"{WIND_NAMES[self.seat]}, against strong", id="review-title")
            yield ProgressBar(total=100, show_eta=False, id="review-progress")
            yield Static("", id="review-summary")
            yield OptionList(id="review-mistakes")
            yield Static("", id="review-detail")
        yield Footer()

    def on_mount(self) -> None:
        if self.review is not None:
            self._show(self.review)
        else:
            self.query_one("#review-summary", Static).update("Reviewing…")
            self.run_worker(self._run, thread=True, group="review", exclusive=True)

    def _run(self) -> None:
        """Review in a worker thread; the progress and the result go to the UI thread."""
        review = review_game(self.events, self.seat, progress=self._progress_from_thread)
        self.app.call_from_thread(self._show, review)

    def _progress_from_thread(self, done: int, total: int) -> None:
        self.app.call_from_thread(self._progress, done, total)

    def _progress(self, done: int, total: int) -> None:
        if self.is_attached:
            self.query_one(ProgressBar).update(total=total, progress=done)

    def _show(self, review: GameReview) -> None:
        self.review = review
        if self.on_review is not None:
            self.on_review(review)
        if not self.is_attached:
            return  # closed while the review ran: the caller still has it
        bar = self.query_one(ProgressBar)
        bar.update(total=1, progress=1)
        bar.display = False
        self.query_one("#review-title", Static).update(Text(
            f"Review of {review.player} (started as {WIND_NAMES[review.seat]}) — "
            "Enter shows a mistake in the replay, h the hands, b a second opinion"))
        self._summary()
        self._mistakes = review.mistakes()
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options([Option(Text(mistake_label(i, d)), id=str(i - 1))
                             for i, d in enumerate(self._mistakes, 1)])
        if self._mistakes:
            first = next((i for i, d in enumerate(self._mistakes) if d.position == self.at), 0)
            options.highlighted = first
            options.focus()
            self._detail(first)
        else:
            self.query_one("#review-detail", Static).update(
                "No mistakes: every choice was strong's, or within a small margin of it.")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index is not None:
            self._detail(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_show()

    def _summary(self) -> None:
        """The figures, the second opinion's under them, and the sentence on it."""
        if self.review is None:
            return
        lines = summary_lines(self.review)
        if self.second is not None:
            lines.extend(second_lines(self.review, self.second))
        if self._said:
            lines.append(self._said)
        self.query_one("#review-summary", Static).update(Text("\n".join(lines)))

    def _detail(self, index: int) -> None:
        if 0 <= index < len(self._mistakes):
            lines = mistake_lines(self._mistakes[index], index + 1, self.second)
            self.query_one("#review-detail", Static).update(Text("\n".join(lines)))

    def action_hands(self) -> None:
        """Show the per-hand summary in place of the mistake (h again: back)."""
        if self.review is None:
            return
        self._show_hands = not self._show_hands
        if self._show_hands:
            hands = "\n".join(hand_lines(self.review))
            self.query_one("#review-detail", Static).update(Text(hands))
        else:
            self._detail(self.query_one(OptionList).highlighted or 0)

    def action_show(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is not None and 0 <= index < len(self._mistakes):
            self.dismiss(self._mistakes[index].position)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_second(self) -> None:
        """Ask for an mjai bot's command, to ask that bot at every decision."""
        if self.review is None or self._asker is not None:
            busy = "the review" if self.review is None else "the bot asked"
            self.notify(f"Wait: {busy} is still at work.", severity="warning")
            return
        self.app.push_screen(BotCommandScreen(self._command), self._ask)

    def _ask(self, typed: str | None) -> None:
        """Start the bot typed and ask it in a worker thread (or say why not)."""
        if typed is None or self.review is None:
            return  # the dialog was left with Escape
        command, problem = typed_command(typed)
        if problem is not None:
            self._said = problem
            self._summary()
            return
        self._command = command
        asker = MjaiAsker(command, self.seat, self.mjai.timeout, self.mjai.style)
        self._asker = asker
        self.second = None
        self._said = f"Asking {asker.name} at every decision…"
        self._summary()
        bar = self.query_one(ProgressBar)
        bar.update(total=100, progress=0)
        bar.display = True
        self.run_worker(partial(self._ask_in_thread, asker), thread=True, group="second",
                        exclusive=True)

    def _ask_in_thread(self, asker: MjaiAsker) -> None:
        """The second opinion, in a worker thread; shown unless the screen was left."""
        second = second_opinion(self.events, self.seat, asker, asker.name,
                                self._asked_from_thread)
        if not self._left.is_set():
            self.app.call_from_thread(self._show_second, second)

    def _asked_from_thread(self, done: int, total: int) -> None:
        if not self._left.is_set():
            self.app.call_from_thread(self._progress, done, total)

    def _show_second(self, second: SecondOpinion) -> None:
        self._asker = None
        if self.on_second is not None:
            self.on_second(second)
        if not self.is_attached:
            return
        self.second = second
        self._said = ""
        self.query_one(ProgressBar).display = False
        self._summary()
        if not self._show_hands:
            self._detail(self.query_one(OptionList).highlighted or 0)

    def on_unmount(self) -> None:
        """Left: a bot still being asked is ended now (its worker then ends at once)."""
        self._left.set()
        if self._asker is not None:
            self._asker.stop()
