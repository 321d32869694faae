"""``GameEndScreen``: the final table, the points chart and the player's numbers."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from hanchan.ai.asking import SecondOpinion
from hanchan.ai.review import GameReview
from hanchan.engine.events import Event, GameEnded, GameStarted
from hanchan.engine.settlement import result_with_chips, table_balance
from hanchan.rulesets.schema import Ruleset
from hanchan.tui import palette
from hanchan.tui.messages import LeaveScreen, ReplayAt
from hanchan.tui.players import Player
from hanchan.tui.screens.review import ReviewScreen
from hanchan.tui.widgets.score_chart import ScoreChart
from hanchan.words.stats import score_history, seat_stats

REASONS = {
    "complete": "the last hand was played",
    "bust": "a player went below zero",
    "agariyame": "the last dealer won in the lead and stopped",
    "tenpaiyame": "the last dealer was tenpai in the lead and stopped",
    "extension": "the extension ended",
    "aborted": "the game was stopped",
}


def _num(x: float) -> str:
    return f"{x:+.1f}" if x else "0.0"


def final_table(ended: GameEnded, names: Sequence[str], human: int,
                rules: Ruleset | None = None) -> Table:
    """Rank, raw points, oka, uma, bonuses and the final score of every seat.

    Where ``rules`` count chips, their chips too, and where a chip has a value in points
    (``chip_points``) the settlement with the chips in it (``Total``).
    """
    chips = rules is not None and rules.chips
    total = rules is not None and rules.chips and rules.chip_points > 0
    t = Table(box=None, padding=(0, 2), header_style="bold")
    t.add_column("#", justify="right")
    t.add_column("Player", justify="left")
    cols = ["Points", "Oka", "Uma", "Bonus", "Final"]
    if chips:
        cols.append("Chips")
    if total:
        assert rules is not None
        cols.append(f"Total (chip = {rules.chip_points:,})")
    for col in cols:
        t.add_column(col, justify="right")
    for row in ended.table:
        style = f"bold {palette.GOLD}" if row.seat == human else ""
        cells: list[str | Text] = [
            str(row.rank), Text(names[row.seat], style=style), f"{row.points:,}",
            _num(row.oka), _num(row.uma), _num(row.bonus), Text(_num(row.result), style="bold")]
        if chips:
            cells.append(f"{row.chips:+d}" if row.chips else "0")
        if total:
            assert rules is not None
            cells.append(Text(_num(result_with_chips(row, rules)), style="bold"))
        t.add_row(*cells)
    return t


def balance_note(ended: GameEnded, rules: Ruleset) -> str:
    """A sentence on why the final results do not sum to zero ('' when they do)."""
    rounding, points = table_balance(ended.table, rules)
    total = sum(row.result for row in ended.table)
    if abs(total) < 0.05:
        return ""
    parts = []
    if abs(rounding) >= 0.05:
        parts.append(f"{_num(rounding)} from rounding each player's points as the rules "
                     "write it (nobody takes up the difference)")
    if abs(points) >= 0.05:
        parts.append(f"{_num(points)} from points that left the players' hands "
                     "(sticks left on the table, points lost to nobody)")
    return f"The final results sum to {_num(total)}, not 0: " + "; ".join(parts) + "."


class GameEndScreen(Screen[None]):
    """The end of the game; Enter opens the main menu, Q goes back (to the menu, or out)."""

    DEFAULT_CSS = """
    GameEndScreen > VerticalScroll { padding: 1 2; }
    GameEndScreen .title { text-style: bold; }
    GameEndScreen .section { margin: 1 0 0 0; text-style: bold; }
    """

    BINDINGS = [
        Binding("enter", "leave(True)", "Main menu"),
        Binding("r", "review", "Review"),
        Binding("q", "leave(False)", "Quit", show=False),
    ]

    def __init__(self, events: Sequence[Event], human: int, names: Sequence[str],
                 *, pushed: bool = False, players: Sequence[Player] | None = None) -> None:
        """``players``: the names' parts, for the replay of a picked decision."""
        super().__init__()
        self.players = players
        self.pushed = pushed  # opened over another screen (the replay): leaving pops it
        self.events = list(events)
        self.human = human
        self.names = list(names)
        self.review: GameReview | None = None
        self.second: SecondOpinion | None = None  # an mjai bot's answers, when asked

    def compose(self) -> ComposeResult:
        ended = next((e for e in reversed(self.events) if isinstance(e, GameEnded)), None)
        with VerticalScroll():
            if ended is None:
                yield Static("The game is not over.", classes="title")
            else:
                reason = REASONS.get(ended.reason, ended.reason)
                yield Static(Text(f"Game over — {reason}"), classes="title")
                first = self.events[0] if self.events else None
                rules = first.ruleset if isinstance(first, GameStarted) else None
                yield Static(final_table(ended, self.names, self.human, rules))
                if ended.leftover_sticks:
                    yield Static(f"Riichi sticks left on the table: {ended.leftover_sticks}")
                if isinstance(first, GameStarted):
                    note = balance_note(ended, first.ruleset)
                    if note:
                        yield Static(Text(note))
            yield Static("Points across the game", classes="section")
            yield ScoreChart(score_history(self.events), self.names)
            st = seat_stats(self.events, self.human)
            yield Static("Your game", classes="section")
            yield Static(
                f"Hands {st.hands}   Wins {st.wins} (tsumo {st.tsumo_wins})   "
                f"Deal-ins {st.deal_ins}   Riichi {st.riichi}   Hands with calls "
                f"{st.hands_with_calls}\nAverage win {st.average_win:,}   Biggest win "
                f"{st.biggest_win:,}"
            )
        yield Footer()

    def action_review(self) -> None:
        """Review the player's decisions; a mistake picked there opens in the replay."""
        self.app.push_screen(ReviewScreen(self.events, self.human, on_review=self._reviewed,
                                          on_second=self._seconded), self._picked)

    def _reviewed(self, review: GameReview) -> None:
        self.review, self.second = review, None

    def _seconded(self, second: SecondOpinion) -> None:
        self.second = second

    def _picked(self, position: int | None) -> None:
        if position is not None and self.review is not None:
            self.post_message(ReplayAt(self.events, self.review, position, self.players,
                                       self.second))

    def action_leave(self, menu: bool) -> None:
        """Enter: the main menu, whichever way the game was opened; Q: out (or the menu)."""
        if self.pushed:
            self.app.pop_screen()
            return
        self.post_message(LeaveScreen(menu=menu))
