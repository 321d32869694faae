"""``ReviewScreen``: a game's decisions against ``strong``, the mistakes listed largest first.

The review (:func:`ai.review.review_game`) runs in a worker thread while a progress bar
fills; then the figures (agreement with strong, mistakes by kind), the list of mistakes
and, for the one highlighted, the hand, the river and both choices measured
(:mod:`hanchan.coach.review`).  Enter closes the screen with the highlighted decision's event
position, for the replay viewer to show it; Escape closes it with none.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from hanchan.ai.review import DecisionReview, GameReview, review_game
from hanchan.coach.review import hand_lines, mistake_lines, signed_points, summary_lines
from hanchan.engine.events import Event
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
        Binding("escape,q", "close", "Back"),
    ]

    def __init__(self, events: Sequence[Event], seat: int, *,
                 review: GameReview | None = None,
                 on_review: Callable[[GameReview], None] | None = None,
                 at: int | None = None) -> None:
        super().__init__()
        self.at = at  # the position of the decision to highlight (back from the replay)
        self.events = list(events)
        self.seat = seat
        self.review: GameReview | None = review
        self.on_review = on_review
        self._mistakes: list[DecisionReview] = []
        self._show_hands = False

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
            "Enter shows a mistake in the replay, h the hands"))
        self.query_one("#review-summary", Static).update(Text("\n".join(summary_lines(review))))
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

    def _detail(self, index: int) -> None:
        if 0 <= index < len(self._mistakes):
            lines = mistake_lines(self._mistakes[index], index + 1)
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
