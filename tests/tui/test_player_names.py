"""A player's name and a bot's level are fields, never cut out of the name (issue 36).

The game records 'Botan (normal)' as one string; the log beside the table and a narrow
seat panel show the name alone.  The parts come from the session (a new game's
players) or from a save file's header (each seat's bot), so a player named 'Ann (club)'
keeps the whole name, where the screens used to cut every name at " (".
"""

from __future__ import annotations

from pathlib import Path

from hanchan.ai.arena import play_game
from hanchan.ai.base import make_bot
from hanchan.engine.events import Discarded, Event
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.writer import GameWriter, make_header
from hanchan.tui.app import HanchanApp
from hanchan.tui.players import Player
from hanchan.tui.screens.replay import ReplayScreen
from hanchan.tui.session import _level_of, player_names, players, recorded_players
from hanchan.tui.settings import Settings
from tests.kit.one_screen import OneScreen
from tests.kit.screen_text import screen_text

NAMES = ("You", "Ann (club)", "Botan (normal)", "Daiki (easy)")
BOTS: list[str | None] = [None, None, "normal", "normal"]  # Daiki is no 'easy' bot


def test_the_parts_come_from_the_header_never_from_the_name() -> None:
    assert recorded_players(NAMES, BOTS) == (
        Player("You"), Player("Ann (club)"), Player("Botan", "normal"), Player("Daiki (easy)"))
    assert [p.full for p in recorded_players(NAMES, BOTS)] == list(NAMES)
    assert recorded_players(NAMES) == tuple(Player(n) for n in NAMES)  # no header: whole
    mjai = [None, "mjai:python3 bot.py", "normal", "normal"]
    for specs in (["normal"] * 4, mjai):
        new = players(0, specs)  # a new game's players are what its file gives back
        assert recorded_players(player_names(0, specs), specs) == new
    assert players(0, mjai)[1] == Player("Botan", "mjai bot.py")


def test_an_old_files_level_is_a_level_after_a_name_not_any_parenthesis() -> None:
    assert _level_of(("You", "Bot 1 (easy)", "Bot 2 (easy)", "Bot 3"), 0) == "easy"
    assert _level_of(("You", "Ann (club)", "Bot (mjai:rm -rf)", "Bot"), 0) is None
    assert _level_of(("Bot 0 (strong)", "You", "Bot", "Bot"), 1) == "strong"


def _game() -> list[Event]:
    bots = [make_bot("normal", 40 + s) for s in range(4)]
    return list(play_game(Ruleset(), bots, 7, names=NAMES))


def _log_names(events: list[Event], screen: ReplayScreen) -> set[str]:
    """Who the replay's log says discarded (every seat discards in a game)."""
    lines = [screen.log_view.lines[i] for i, e in enumerate(events) if isinstance(e, Discarded)]
    named = sorted([*NAMES, "Ann", "Botan", "Daiki"], key=len, reverse=True)
    return {next(n for n in named if ln.startswith(n + " ")) for ln in lines}


async def test_the_replay_of_a_file_shows_the_name_without_the_level(tmp_path: Path) -> None:
    events = _game()
    seats = [SeatInfo(n, b) for n, b in zip(NAMES, BOTS, strict=True)]
    header = make_header(Ruleset().to_dict(), seats, 7)
    with GameWriter.create(tmp_path, header) as writer:
        writer.extend(events)
    app = HanchanApp("replay", path=writer.path, save_dir=tmp_path,
                     settings=Settings(bot_delay=0.0))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, ReplayScreen)
        assert _log_names(events, scr) == {"You", "Ann (club)", "Botan", "Daiki (easy)"}
        await pilot.pause()
        assert "Ann (club)" in screen_text(app)


def viewer(events: list[Event]) -> OneScreen:
    return OneScreen(ReplayScreen(events))


async def test_a_replay_of_bare_events_keeps_every_name_whole() -> None:
    events = _game()
    app = viewer(events)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, ReplayScreen)
        assert _log_names(events, scr) == set(NAMES)
