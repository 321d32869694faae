"""``TableView``: the whole table drawn from one seat's ``PlayerView``.

Across at the top, left and right at the sides with their rivers beside the
centre, the player's river under the centre and the hand at the bottom, under a
line with the player's name, seat wind, points and the rules in play.  Used
by the game screen and the replay viewer alike.  On a large terminal (``large``)
the centre widens and the tiles of the hand and the rivers grow.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Horizontal, Vertical
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import Static

from hanchan.engine.view import PlayerView
from hanchan.tui.players import Player
from hanchan.tui.tilefaces import FaceMode
from hanchan.tui.widgets.center_panel import CenterData, CenterPanel
from hanchan.tui.widgets.hand import HandData, HandView
from hanchan.tui.widgets.river import RiverView
from hanchan.tui.widgets.seat_panel import SeatPanel
from hanchan.words.names import WIND_NAMES, points, relative

POSITIONS = ("self", "right", "across", "left")


@dataclass(frozen=True)
class TableExtras:
    """What a view does not hold but the screen may show: names, shown hands, ura, dead hands."""

    players: tuple[Player, ...] = ()  # by seat; none: the seats are named by where they sit
    hands: Mapping[int, tuple[int, ...]] = field(default_factory=dict)  # seat -> tiles shown
    ura: tuple[int, ...] = ()
    dead: frozenset[int] = frozenset()  # practice mode: seats whose hand is dead (アガリ放棄)


class TableView(Vertical):
    """All four seats, the centre, and the own hand."""

    mode: var[FaceMode] = var[FaceMode]("letters", init=False)  # the tile faces
    large: var[bool] = var(False, init=False)  # a large terminal: bigger tiles, wider centre

    DEFAULT_CSS = """
    TableView { height: 1fr; width: 1fr; }
    TableView #seat-across { height: auto; min-height: 3; padding: 0 2; text-align: center; }
    TableView #mid { height: 1fr; }
    TableView .side { width: 1fr; height: 1fr; padding: 0 1; align-vertical: middle; }
    TableView .side RiverView { margin: 1 0 0 0; }
    TableView .holder { height: auto; align-horizontal: right; }
    TableView #col-left SeatPanel { text-align: right; }
    TableView #col-center { width: 38; height: 1fr; align-vertical: middle; }
    TableView #col-center Center { height: auto; }
    TableView CenterPanel { border: round $panel-lighten-2; height: 9; width: 38; }
    TableView HandView { margin: 0 1; }
    TableView #own { height: 1; padding: 0 2; }
    TableView #hand-row { height: auto; }
    TableView.-large #hand-row { align-horizontal: center; }
    TableView.-large HandView { width: auto; }
    TableView.-large #own { width: 1fr; text-align: center; }
    TableView.-large #col-center { width: 56; }
    TableView.-large CenterPanel { width: 56; height: 12; }
    """

    def compose(self) -> ComposeResult:
        yield SeatPanel(id="seat-across")
        with Horizontal(id="mid"):
            with Vertical(id="col-left", classes="side"):
                yield SeatPanel(id="seat-left")
                with Horizontal(classes="holder"):  # keeps the left river against the centre
                    yield RiverView(id="river-left")
            with Vertical(id="col-center"):
                with Center():
                    yield RiverView(id="river-across")
                yield CenterPanel(id="centre")
                with Center():
                    yield RiverView(id="river-self")
            with Vertical(id="col-right", classes="side"):
                yield SeatPanel(id="seat-right")
                yield RiverView(id="river-right")
        yield Static(id="own")
        with Horizontal(id="hand-row"):  # on a large table the hand stands under the centre
            yield HandView(id="hand")

    def on_mount(self) -> None:
        self.hand = self.query_one(HandView)
        self.centre = self.query_one(CenterPanel)
        self.rivers = [self.query_one(f"#river-{p}", RiverView) for p in POSITIONS]
        self.panels: list[SeatPanel | None] = [None] + [
            self.query_one(f"#seat-{p}", SeatPanel) for p in POSITIONS[1:]
        ]

    def watch_mode(self, mode: FaceMode) -> None:
        """Switch the tile faces of every part of the table."""
        for w in self.query(Widget):
            if isinstance(w, (HandView, RiverView, SeatPanel, CenterPanel)):
                w.mode = mode
        self.refresh(layout=True)

    def watch_large(self, large: bool) -> None:
        """Grow (or shrink back) the tiles of every part of the table."""
        self.set_class(large, "-large")
        for w in self.query(Widget):
            if isinstance(w, (HandView, RiverView, CenterPanel)):
                w.big = large
        self.refresh(layout=True)

    def draw(
        self,
        view: PlayerView,
        extras: TableExtras | None = None,
        *,
        marked: frozenset[int] = frozenset(),
        dimmed: frozenset[int] = frozenset(),
    ) -> None:
        """Draw the table as ``view.seat`` sees it."""
        ex = extras or TableExtras()
        me = view.seat
        rf = view.ruleset.red_fives
        last_seat = view.last_discard[0] if view.last_discard else None
        for s in view.seats:
            rel = relative(s.seat, me)
            self.rivers[rel].show(s.river, rf, last=last_seat == s.seat)
            panel = self.panels[rel]
            if panel is not None:
                panel.show(
                    s,
                    me=me,
                    player=ex.players[s.seat] if ex.players else Player(""),
                    dealer=view.dealer == s.seat,
                    turn=view.turn == s.seat,
                    red_fives=rf,
                    hand=ex.hands.get(s.seat),
                )
        if me in ex.hands:
            own = tuple(sorted(ex.hands[me]))
            hand = HandData(own, None, view.me.melds, me, rf)
        else:
            hand = HandData(view.hand, view.drawn, view.me.melds, me, rf)
        self.hand.show(hand, marked=marked, dimmed=dimmed)
        rules = view.ruleset
        mine = view.me
        practice = ", practice mode" if rules.practice_mode else ""
        dealer = ", dealer" if view.dealer == me else ""
        who = (ex.players[me].full if ex.players else "") or "You"
        self.query_one("#own", Static).update(Text(
            f"{who} · {WIND_NAMES[mine.wind]} seat{dealer} · "
            f"{points(mine.score)} · {rules.name} rules{practice}"))
        self.centre.show(
            CenterData(
                round_wind=view.round_wind,
                hand_number=view.hand_number,
                honba=view.honba,
                sticks=view.sticks,
                wall=view.wall_remaining,
                dora=view.dora_indicators,
                ura=ex.ura,
                dora_slots=(5 if rules.kan_dora else 1) if rules.dead_wall == 14 else 6,
                me=me,
                dealer=view.dealer,
                winds=(view.seats[0].wind, view.seats[1].wind, view.seats[2].wind,
                       view.seats[3].wind),
                scores=(view.seats[0].score, view.seats[1].score, view.seats[2].score,
                        view.seats[3].score),
                riichi=(view.seats[0].riichi, view.seats[1].riichi, view.seats[2].riichi,
                        view.seats[3].riichi),
                turn=view.turn,
                red_fives=rf,
                dead=(0 in ex.dead, 1 in ex.dead, 2 in ex.dead, 3 in ex.dead),
            )
        )
