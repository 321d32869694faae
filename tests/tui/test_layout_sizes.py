"""The table and the menu pages at 80x24, 100x32, 120x40 and 200x60 (issue 23, item 10).

The turn marker stays on its seat's line when a side player is in riichi; a large
terminal grows the table (wider tiles, a wider centre, a wider log); the log wraps
an event that does not fit instead of cutting it; the new-game and rules pages
show every key rule in words, whole, and cite the club's rules, not a file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import OptionList

from hanchan.ai.base import make_bot
from hanchan.engine.game import Game
from hanchan.engine.scoring.registry import yaku_table
from hanchan.engine.view import PlayerView
from hanchan.rulesets.schema import Ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.palette import VARIABLES
from hanchan.tui.players import Player
from hanchan.tui.screens.hand_result import HandResultScreen
from hanchan.tui.screens.menu import NewGameScreen, RulesScreen, _examples
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import NewGame, PlaySession
from hanchan.tui.settings import Settings
from hanchan.tui.widgets.event_log import EventLog
from hanchan.tui.widgets.size_notice import MIN_HEIGHT, MIN_WIDTH
from hanchan.tui.widgets.table_layout import TableLayout
from hanchan.tui.widgets.table_view import TableExtras, TableView
from hanchan.words.events import describe
from hanchan.words.rules import key_rules, presets
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import Policy, human_turn, settle
from tests.kit.tui_sample import mid_hand_view

SIZES = [(100, 32), (120, 40), (200, 60)]
PLAYERS = (Player("You"), Player("Bot S", "strong"), Player("Bot W", "strong"),
           Player("Bot N", "strong"))
NAMES = tuple(p.full for p in PLAYERS)
CSS = str(Path(__file__).resolve().parents[2] / "tui" / "hanchan.tcss")


class Layout(App[None]):
    """The play screen's layout alone, drawing a hand-built view."""

    CSS_PATH = CSS

    def __init__(self, view: PlayerView) -> None:
        super().__init__()
        self.view = view

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(VARIABLES)

    def compose(self) -> ComposeResult:
        yield TableLayout([], [p.name for p in PLAYERS], 1)

    def on_mount(self) -> None:
        self.query_one(TableView).draw(self.view, TableExtras(players=PLAYERS))
        # as the play screen does: the log stands beside the table from WIDE on
        self.query_one(EventLog).display = self.size.width >= TableScreen.WIDE


def region_lines(app: App[Any], widget: Widget) -> list[str]:
    """The screen's text inside ``widget``'s content region, line by line."""
    r = widget.content_region
    lines = screen_text(app).splitlines()
    return [line[r.x:r.right] for line in lines[r.y:r.bottom]]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("turn", [1, 3], ids=["right", "left"])
async def test_the_turn_marker_stays_on_the_riichi_seats_line(size: tuple[int, int],
                                                              turn: int) -> None:
    view = mid_hand_view(drawn=False)
    seats = list(view.seats)
    seats[turn] = msgspec.structs.replace(seats[turn], riichi=True, riichi_turn=2)
    view = msgspec.structs.replace(view, seats=(seats[0], seats[1], seats[2], seats[3]), turn=turn)
    app = Layout(view)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        panel = app.query_one("#seat-right" if turn == 1 else "#seat-left")
        lines = [line.strip() for line in region_lines(app, panel)]
        score = f"{seats[turn].score:,}"
        head = next(line for line in lines if score in line)
        assert "◀" in head and "R" in head.replace(score, ""), lines  # marker, riichi badge
        assert not any(line in ("turn", "◀ turn", "◀") for line in lines), lines
        if size[0] >= 120:  # room for the words (the bot's level too at 200 columns)
            assert "◀ turn" in head and "RIICHI" in head
            assert (NAMES[turn] in head) is (size[0] >= 200), head


def _hand_width(app: App[Any]) -> int:
    return len(screen_text(app).splitlines()[app.query_one("#hand").region.y].rstrip())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_large_terminal_grows_the_table_and_the_log(size: tuple[int, int]) -> None:
    app = Layout(mid_hand_view())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        hand = screen_text(app).splitlines()[app.query_one("#hand").region.y + 1]
        centre = app.query_one("#centre").region.width
        river = app.query_one("#river-self").region
        log = app.query_one(EventLog).region.width
        large = size == (200, 60)
        assert ("│ 2m │" in hand) is large, hand  # each tile a cell wider on each side
        assert (centre > 40) is large, centre
        assert (river.width > 6 * 3) is large, river
        assert (log >= 50) is large, log



@pytest.mark.parametrize("size", [(140, 44), (200, 60)], ids=["140x44", "200x60"])
async def test_the_log_wraps_events_and_cuts_none(size: tuple[int, int],
                                                  tmp_path: Path) -> None:
    # the first 150 events played by the engine (greedy in every seat), the rest by keys,
    # so that the log holds lines it was opened with and lines added as the game goes on
    bots = {s: make_bot("greedy", 9 * 4 + s) for s in range(4)}
    game = Game(Ruleset(), ("You", "Akane", "Botan", "Chika"), 9)
    while len(game.events) < 150 or not game.pending().get(0):
        for seat, legal in game.pending().items():
            game.act(seat, bots[seat].choose(game.view(seat), legal))
    session = PlaySession(game, 0, {s: bots[s] for s in (1, 2, 3)})
    app = HanchanApp("play", session=session, save_dir=tmp_path,
                     settings=Settings(bot_delay=0.0))
    async with app.run_test(size=size) as pilot:
        policy = Policy(call=False, riichi=True)
        for _ in range(6):
            scr = await settle(pilot)
            if isinstance(scr, HandResultScreen):
                await pilot.press("enter")
            elif isinstance(scr, TableScreen):
                await human_turn(pilot, scr, policy)
        await settle(pilot)
        log = app.screen.query_one(EventLog)
        entries: dict[int, str] = {}
        last = -1
        for line in region_lines(app, log):
            line = line.rstrip()
            m = re.match(r"^\s*(\d+) (.*)$", line)
            if m and not line.startswith("     "):
                last = int(m.group(1))
                entries[last] = m.group(2)
            elif line.strip() and last >= 0:
                entries[last] += " " + line.strip()
        assert len(entries) > 20
        assert max(entries) > 150  # lines added as the game went on are among those read
        assert app.session is not None
        names = [p.name for p in app.session.players]
        events = app.session.events
        for i, text in entries.items():
            assert text == describe(events[i], names, 1), i  # whole, word for word


async def test_80x24_shows_the_size_notice_not_a_squashed_table(tmp_path: Path) -> None:
    app = HanchanApp("play", new_game=NewGame(Ruleset(), 9, "greedy", 0, tmp_path),
                     save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert f"at least {MIN_WIDTH}×{MIN_HEIGHT}" in text and "Wall" not in text


def _words(*texts: str) -> set[str]:
    return {w for t in texts for w in t.split()}


def _flat(shown: str) -> str:
    """The words of a panel's text, less its scroll bar."""
    return " ".join(w for w in shown.split() if w.strip("│▁▂▃▄▅▆▇█▔"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("page", ["new", "rules"])
async def test_preset_pages_show_whole_words_and_cite_the_club(size: tuple[int, int],
                                                               page: str,
                                                               tmp_path: Path) -> None:
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings())
    infos = presets()
    async with app.run_test(size=size) as pilot:
        await pilot.press("n" if page == "new" else "u")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen if page == "new" else RulesScreen)
        about = screen.query_one("#about")
        seen = 0
        for index, info in enumerate(infos):
            screen.query_one("#presets", OptionList).highlighted = index
            for _ in range(100):  # until the page shows this preset (a busy machine lags)
                about.scroll_to(y=0, animate=False)
                await pilot.pause()
                if info.title in _flat(" ".join(region_lines(app, about))):
                    break
            rows = key_rules(info.rules)
            allowed = _words(info.title, info.source, "Rules:", *[a + " " + b for a, b in rows])
            if page == "rules":  # the yaku table, above the key rules
                allowed |= _words("Yaku Closed Open yakuman double —", *[
                    f"{y.name} {y.ja} {y.closed_han} {y.open_han}"
                    for y in yaku_table(info.rules)])
                allowed |= _words(*[t.plain for t in _examples(info.rules, "letters")])
            shown = ""
            step = max(about.scrollable_content_region.height, 1)  # a page at a time
            for top in range(0, 400, step):  # the whole page, scrolled through
                about.scroll_to(y=top, animate=False)
                await pilot.pause()
                shown += " " + " ".join(region_lines(app, about))
                if top >= about.max_scroll_y:
                    break  # the page's end is shown
            flat = _flat(shown)
            assert ".txt" not in flat  # the club's text is cited, not a file of ours
            assert info.title in flat and "Rules: " + info.source in flat
            for word in shown.split():
                if not word.strip("│▁▂▃▄▅▆▇█▔"):
                    continue  # the scroll bar
                word = word.rstrip("▁▂▃▄▅▆▇█▔")  # a line as wide as the box meets the bar
                assert word in allowed, (info.name, word)  # never a word cut in two
                seen += 1
            for raw in ("auto_if_top", "east_south", "below_zero", "same_tile_forbidden"):
                assert raw not in shown, (info.name, raw)  # values in words
        assert seen > 100
