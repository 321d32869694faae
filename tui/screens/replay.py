"""``ReplayScreen``: step through a saved or imported game.

Left/right step one event, up/down jump to the previous/next hand, b/n to the
previous/next win or draw, Home/End to the ends; 1-4 show the table from East,
South, West or North's seat (as they saw it), ``a`` shows every hand; Enter on
a win or draw opens its full result.  The event log stands beside the table.

``r`` reviews the seat's decisions against ``strong`` (:class:`ReviewScreen`); once
reviewed, a decision that differs from strong's is marked where it was made (the line
under the table says both choices and the cost), ``m``/``M`` jump to the next/previous
mark, and Enter on a mistake in the review shows it here; Escape then goes back to the
review's list, at that mistake.  ``x`` analyses the moment shown: every choice of the
seat in view as ``strong`` measures it (:class:`AnalysisScreen`).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer

from hanchan.ai.asking import SecondOpinion
from hanchan.ai.review import DecisionReview, GameReview
from hanchan.coach.review import signed_points
from hanchan.engine.events import Event, GameEnded, GameStarted, HandDrawn, Penalty, Won
from hanchan.engine.seats import four
from hanchan.saves.replay import Replay
from hanchan.tui.messages import LeaveScreen, SettingsChanged
from hanchan.tui.players import Player
from hanchan.tui.screens.analysis import AnalysisScreen
from hanchan.tui.screens.game_end import GameEndScreen
from hanchan.tui.screens.hand_result import HandResultScreen
from hanchan.tui.screens.review import ReviewScreen
from hanchan.tui.session import recorded_players
from hanchan.tui.settings import Settings
from hanchan.tui.widgets.size_notice import SizeNotice
from hanchan.tui.widgets.table_layout import TableLayout
from hanchan.tui.widgets.table_view import TableExtras
from hanchan.words.events import describe
from hanchan.words.hand_facts import hand_facts
from hanchan.words.names import WIND_NAMES


class ReplayScreen(Screen[None]):
    """The replay viewer; ``position``, ``seat``, ``show_all`` and ``settings`` redraw it."""

    DEFAULT_CSS = """
    ReplayScreen TableView #col-center { width: 30; }
    ReplayScreen TableView CenterPanel { width: 30; }
    """

    BINDINGS = [
        # the footer shows one key of each pair, so that it fits in 100 columns
        Binding("right", "step(1)", "Step"),
        Binding("left", "step(-1)", "Back", show=False),
        Binding("down", "hand(1)", "Hand"),
        Binding("up", "hand(-1)", "Prev hand", show=False),
        Binding("n", "result(1)", "Win/draw"),
        Binding("b", "result(-1)", "Prev win/draw", show=False),
        Binding("home", "ends(0)", "Start", show=False),
        Binding("end", "ends(1)", "End", show=False),
        Binding("a", "all_hands", "All hands"),
        *[Binding(str(i + 1), f"seat({i})", f"Seat {WIND_NAMES[i]}", show=False)
          for i in range(4)],
        Binding("enter", "open_result", "Result", show=False),
        Binding("r", "review", "Review"),
        Binding("m", "mark(1)", "Next mark", show=False),
        Binding("M", "mark(-1)", "Prev mark", show=False),
        Binding("x", "analyse", "Analyse"),
        Binding("v", "faces", "Faces", show=False),
        Binding("escape,q", "leave", "Leave"),
    ]

    position: var[int] = var(0, init=False)  # the event shown
    seat: var[int] = var(0, init=False)  # whose view
    show_all: var[bool] = var(True, init=False)  # every hand open, or the seat's only
    settings: var[Settings] = var(Settings, init=False)

    def __init__(self, events: Sequence[Event], *, title: str = "", seat: int = 0,
                 settings: Settings | None = None, position: int | None = None,
                 review: GameReview | None = None, pushed: bool = False,
                 players: Sequence[Player] | None = None,
                 second: SecondOpinion | None = None) -> None:
        """``players``: the names' parts (:func:`tui.session.recorded_players` of the file);
        None: each recorded name whole.  ``second``: the review's second opinion (memory)."""
        super().__init__()
        self.pushed = pushed  # opened over another screen (a review): leaving pops it
        # the decision shown from a review's list: Esc goes back to the list, at it
        self.listed: int | None = position if review is not None and pushed else None
        self.review: GameReview | None = None
        self.marks: dict[int, DecisionReview] = {}
        self.second = second  # an mjai bot's answers beside the review's, when asked
        self.replay = Replay(events)
        self.events = list(events)
        first = self.events[0]
        self.names: tuple[str, str, str, str] = (
            first.players if isinstance(first, GameStarted) else ("E", "S", "W", "N")
        )
        self.players = four(players) if players is not None else recorded_players(self.names)
        self.red_fives = first.ruleset.red_fives if isinstance(first, GameStarted) else 1
        self.title_text = title
        self.set_reactive(ReplayScreen.seat, seat)
        self.set_reactive(ReplayScreen.settings, settings or Settings())
        self.replay.to_start()
        if review is not None:
            self._reviewed(review)
        if position is not None:
            self.replay.seek(position)
            self.set_reactive(ReplayScreen.position, self.replay.position)

    def compose(self) -> ComposeResult:
        yield TableLayout(self.events, [p.name for p in self.players], self.red_fives)
        yield Footer()
        yield SizeNotice()

    def on_mount(self) -> None:
        layout = self.query_one(TableLayout)
        self.table = layout.table
        self.log_view = layout.log_view
        self.info = layout.info
        self.table.mode = self.settings.faces
        self.info.add_class("-tall")  # the event in words has a line of its own
        self._draw()

    # ------------------------------------------------------------------ reactives

    def watch_position(self, position: int) -> None:
        if self.replay.position != position:
            self.replay.seek(position)
        self._draw()

    def watch_seat(self) -> None:
        self._draw()

    def watch_show_all(self) -> None:
        self._draw()

    def watch_settings(self, old: Settings, new: Settings) -> None:
        self.post_message(SettingsChanged(new))
        if new.faces != old.faces:
            self.table.mode = new.faces
            self._draw()

    def _draw(self) -> None:
        """Draw the table at the current position."""
        r = self.replay
        view = r.view(self.seat)
        ev = r.event
        hands: dict[int, tuple[int, ...]] = {}
        if self.show_all:
            hands = dict(enumerate(r.all_hands()))
        ura: tuple[int, ...] = ()
        if isinstance(ev, Won):
            ura = next((w.ura_indicators for w in ev.wins if w.ura_indicators), ())
        self.table.draw(view, TableExtras(players=self.players, hands=hands, ura=ura))
        self.log_view.show(r.position)
        mark = r.current_hand()
        where = f"{mark.name}  " if mark else ""
        # numbered as the log beside the table numbers them (the game's start is 0), and
        # the words on a line of their own: a double ron's second winner is not cut off
        self.info.set_help(f"{self.title_text}  {where}event {r.position}/"
                           f"{len(self.events) - 1}")
        self.info.set_extra(describe(ev, self.names, self.red_fives))
        seat_word = f"{self.names[self.seat]}, {WIND_NAMES[view.me.wind]} seat"  # wind now
        self.info.set_toggles(
            f"{'all hands' if self.show_all else 'one seat'} · {seat_word}"
        )
        differs = self.marks.get(r.position)
        if differs is not None:
            self.info.say(mark_words(differs, self.names), "hint")
        elif isinstance(ev, (Won, HandDrawn, Penalty)):
            self.info.say("Enter shows the result.", "notice")
        else:
            self.info.say("")

    # ------------------------------------------------------------------ keys

    def action_step(self, step: int) -> None:
        target = self.replay.position + step
        if 0 <= target < len(self.events):
            self.position = target

    def action_hand(self, step: int) -> None:
        r = self.replay
        mark = r.current_hand()
        if not r.hands:
            return
        index = (mark.index if mark else -1) + step
        if step < 0 and mark is not None and r.position > mark.start:
            index = mark.index  # back to the start of this hand first
        index = max(0, min(index, len(r.hands) - 1))
        r.to_hand(index)
        self.position = r.position

    def action_result(self, step: int) -> None:
        if step > 0:
            self.replay.next_result()
        else:
            self.replay.previous_result()
        self.position = self.replay.position

    def action_ends(self, end: int) -> None:
        if end:
            self.replay.to_end()
        else:
            self.replay.to_start()
        self.position = self.replay.position

    def action_all_hands(self) -> None:
        self.show_all = not self.show_all

    def action_seat(self, seat: int) -> None:
        self.seat = seat

    def action_faces(self) -> None:
        self.settings = self.settings.next_faces()

    def action_open_result(self) -> None:
        ev = self.replay.event
        if isinstance(ev, (Won, HandDrawn, Penalty)):
            self.app.push_screen(
                HandResultScreen(hand_facts(self.events, ev), self.seat, self.names,
                                 self.settings.faces)
            )
        elif isinstance(ev, GameEnded):
            self.app.push_screen(GameEndScreen(self.events, self.seat, self.names,
                                               pushed=True, players=self.players))

    def action_review(self) -> None:
        """Review the seat shown (again only when another seat is shown)."""
        cached = self.review if self.review is not None and \
            self.review.seat == self.seat else None
        self.app.push_screen(ReviewScreen(
            self.events, self.seat, review=cached, on_review=self._reviewed,
            second=self.second if cached is not None else None, on_second=self._seconded),
            self._picked)

    def action_analyse(self) -> None:
        """Every choice of the seat in view at this moment, as strong measures it."""
        self.app.push_screen(AnalysisScreen(self.events, self.replay.position, self.seat,
                                            names=self.names, red_fives=self.red_fives),
                             self._analysed)

    def _analysed(self, position: int | None) -> None:
        if position is not None:
            self.position = position

    def _reviewed(self, review: GameReview) -> None:
        if review is not self.review:
            self.second = None  # (another seat's)
        self.review = review
        self.marks = {d.position: d for d in review.decisions if not d.agrees}

    def _seconded(self, second: SecondOpinion) -> None:
        self.second = second

    def _picked(self, position: int | None) -> None:
        if position is not None and self.review is not None:
            self.listed = position
            self.seat = self.review.seat
            self.position = position
        elif self.pushed:  # the list was left: back past this replay, to what opened it
            self.app.pop_screen()

    def action_mark(self, step: int) -> None:
        """Jump to the next (``step`` 1) or previous (-1) decision that differs from strong."""
        if self.review is None:
            self.info.say("Press r to review this seat's decisions first.", "notice")
            return
        here = self.replay.position
        found = sorted(p for p in self.marks if (p > here if step > 0 else p < here))
        if not found:
            self.info.say("No more marks this way.", "notice")
            return
        self.seat = self.review.seat
        self.position = found[0] if step > 0 else found[-1]

    def action_leave(self) -> None:
        """Back to the review's list when a decision was picked there, else leave."""
        if self.listed is not None and self.review is not None:
            at, self.listed = self.listed, None
            self.app.push_screen(ReviewScreen(self.events, self.review.seat, review=self.review,
                                              at=at, second=self.second,
                                              on_second=self._seconded), self._picked)
            return
        if self.pushed:
            self.app.pop_screen()
            return
        self.post_message(LeaveScreen())


def mark_words(d: DecisionReview, names: Sequence[str]) -> str:
    """The line a mark shows: who (by name, and the seat wind of that hand), both
    choices, the cost and whether it is a mistake."""
    what = "Mistake" if d.mistake else "Differs"
    who = f"{names[d.view.seat]}, {WIND_NAMES[d.view.me.wind]} seat" if d.view else ""
    return (f"◆ {what} ({who}): {d.played.text}, "
            f"strong {d.best.text} ({signed_points(-d.cost)} expected) — m next mark")
