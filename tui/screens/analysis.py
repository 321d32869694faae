"""``AnalysisScreen``: every choice of one seat at one moment of a game, as ``strong`` sees it.

Opened from the replay viewer (``x``): the seat's hand, then each legal choice with the
shanten after it, the tiles that improve it (at tenpai the waits), the chance to win,
the value and the danger, the bot's choice first (:func:`ai.hints.judge_moment`,
:mod:`hanchan.coach.analysis`).  ←/→ go to the seat's previous/next choice; Escape closes the
screen with the moment shown, for the replay to show it too.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from hanchan.ai.hints import judge_moment, moments
from hanchan.coach.analysis import analysis_lines, reason
from hanchan.coach.review import hand_line, river_line, threat_line
from hanchan.engine.events import Event
from hanchan.words.events import describe
from hanchan.words.names import WIND_NAMES


class AnalysisScreen(ModalScreen[int]):
    """The analysis of ``seat`` after ``events[position]``; dismissed with the position."""

    DEFAULT_CSS = """
    AnalysisScreen { align: center middle; }
    AnalysisScreen > VerticalScroll {
        width: 96; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $panel; padding: 0 1;
    }
    AnalysisScreen #analysis-title { text-style: bold; }
    """

    BINDINGS = [
        Binding("right", "step(1)", "Next choice"),
        Binding("left", "step(-1)", "Prev choice"),
        Binding("escape,x,q", "close", "Back"),
    ]

    def __init__(self, events: Sequence[Event], position: int, seat: int, *,
                 names: Sequence[str] = WIND_NAMES,
                 red_fives: int = 1) -> None:
        super().__init__()
        self.events = list(events)
        self.position = position
        self.seat = seat
        self.names = tuple(names)
        self.red_fives = red_fives
        self._moments: list[int] | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static("", id="analysis-title")
            yield Static("", id="analysis-body")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        """The analysis of the moment at :attr:`position`."""
        who = f"{WIND_NAMES[self.seat]} ({self.names[self.seat]})"
        ev = self.events[self.position]
        self.query_one("#analysis-title", Static).update(Text(
            f"Analysis for {who} after event {self.position + 1}: "
            f"{describe(ev, self.names, self.red_fives)}"))
        found = judge_moment(self.events, self.position, self.seat)
        body = self.query_one("#analysis-body", Static)
        if found is None:
            body.update(Text(f"Nothing for {who} to decide here: ← → go to its previous or "
                             "next choice."))
            return
        view, judgement = found
        lines = [f"Hand: {hand_line(view)}", f"River: {river_line(view)}"]
        threats = threat_line(view)
        if threats:
            lines.append(f"Threats: {threats}")
        lines.append(f"{view.wall_remaining} tiles left · ← → the seat's previous / next "
                     "choice · Esc back to the replay")
        lines.append("")
        lines.extend(analysis_lines(judgement, view.ruleset.red_fives))
        lines.append("")
        lines.append(f"strong: {reason(judgement)}")
        body.update(Text("\n".join(lines)))

    def action_step(self, step: int) -> None:
        """The seat's previous (-1) or next (1) moment with a choice."""
        if self._moments is None:
            self._moments = moments(self.events, self.seat)
        found = self._moments
        if step > 0:
            i = bisect.bisect_right(found, self.position)
            if i < len(found):
                self.position = found[i]
        else:
            i = bisect.bisect_left(found, self.position) - 1
            if i >= 0:
                self.position = found[i]
        self._show()

    def action_close(self) -> None:
        self.dismiss(self.position)
