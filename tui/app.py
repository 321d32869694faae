"""``HanchanApp``: the Textual application.

It opens on the main menu, a new game, or a replay, keeps the player's
settings, saves on Ctrl+Q (the game file is written as the game goes, so
quitting only closes it), and covers the screen with a notice when the
terminal is smaller than the table needs.  The screens ask for the next step
with the messages of :mod:`tui.messages`, handled here.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.geometry import Size
from textual.notifications import SeverityLevel
from textual.screen import Screen

from hanchan.ai.base import DEFAULT_MJAI, MjaiOptions
from hanchan.engine.events import GameStarted
from hanchan.saves.writer import GameLocked
from hanchan.tui import palette
from hanchan.tui.messages import (
    ContinueGame,
    LeaveScreen,
    OpenReplay,
    ReplayAt,
    SettingsChanged,
    StartGame,
)
from hanchan.tui.savefiles import damage, read_good_part
from hanchan.tui.screens.start_program import StartProgramScreen
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import NewGame, PlaySession, file_commands, recorded_players
from hanchan.tui.settings import Settings, read_settings, save_settings
from hanchan.tui.widgets.size_notice import MIN_HEIGHT, MIN_WIDTH, SizeNotice

# The menu and the replay viewer are imported when first opened: `hanchan play` shows
# neither, and with the table's result screens (imported the same way) they took about
# 30 ms of its start-up to the first table.

Start = Literal["menu", "play", "continue", "replay"]


class HanchanApp(App[int]):
    """The hanchan terminal game."""

    CSS_PATH = "hanchan.tcss"
    TITLE = "hanchan"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+q", "save_and_quit", "Save & quit", priority=True),
        Binding("ctrl+c", "save_and_quit", "Save & quit", show=False, priority=True),
    ]

    def __init__(
        self,
        start: Start = "menu",
        *,
        new_game: NewGame | None = None,
        path: Path | None = None,
        save_dir: Path | None = None,
        settings: Settings | None = None,
        settings_path: Path | None = None,
        settings_notes: Sequence[str] = (),
        session: PlaySession | None = None,
        replay_seat: int = 0,
        hint_by: str | None = None,
    ) -> None:
        """``hint_by``: the command of an mjai bot to ask for hints in every game of this
        app (``hanchan play --hint-by``); kept in memory, never in a file."""
        super().__init__()
        self.start = start
        self.new_game = new_game
        self.path = path
        self.save_dir = save_dir
        self.settings_path = settings_path
        if settings is None:
            read = read_settings(settings_path)
            settings, settings_notes = read.settings, read.notes
        self.settings = settings
        self.settings_notes = tuple(settings_notes)  # what of the settings file was not used
        self.session = session
        self.replay_seat = replay_seat
        self._told: str | None = None  # the save problem the player was last told
        self._save_timer: object | None = None
        self.error: str | None = None
        self.farewell: str | None = None  # what the command line says once the app is closed
        # the outside bots' commands the player gave (command line, new-game screen): only
        # these start when a game file names them; any other is asked about first
        self.trusted: set[str] = set(new_game.commands()) if new_game is not None else set()
        self.hint_by = hint_by  # the hint bot's command: the last one given or typed

    @property
    def mjai_options(self) -> MjaiOptions:
        """How outside bots are spoken to (the command line's options)."""
        return self.new_game.mjai_options if self.new_game is not None else DEFAULT_MJAI

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The game's colours as CSS variables for ``hanchan.tcss`` (``$felt``, ``$gold`` ...)."""
        return dict(palette.VARIABLES)

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Show a notification as plain text, whatever ``markup`` says (screens pass True).

        Notifications name files, typed paths and header fields: a ``[`` in them is
        shown as it is, never read as markup (``bad[a=b=c].jsonl`` was a crash).
        """
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    # ------------------------------------------------------------------ start

    def on_mount(self) -> None:
        self._check_size()
        for note in self.settings_notes:
            self.notify(note, severity="warning", timeout=10)
        try:
            if self.start == "menu":
                self.open_menu()
            elif self.start == "replay":
                assert self.path is not None
                self.open_replay(self.path)
            elif self.start == "continue":
                assert self.path is not None
                self.continue_game(self.path)
            else:
                if self.session is None:
                    assert self.new_game is not None
                    self.session = PlaySession.new(self.new_game)
                self._open_table()
        except Exception as exc:  # noqa: BLE001 - shown as one sentence, never a traceback
            self.error = _sentence(exc)
            self.exit(1)

    def open_menu(self) -> None:
        """Show the main menu (replacing whatever is on screen)."""
        from hanchan.tui.screens.menu import MenuScreen  # noqa: PLC0415 - lazy: see the imports

        self._replace(MenuScreen(self.save_dir))

    def start_game(self, spec: NewGame) -> None:
        """Begin a new game."""
        self._close_session()
        self.trusted |= spec.commands()
        self.session = PlaySession.new(spec)
        self._open_table()

    def continue_game(self, path: Path) -> None:
        """Continue an unfinished saved game; one that another window plays is continued in
        a copy, and the player is told.

        A game file never starts a program by itself: when it names an outside bot whose
        command the player did not give, the player is asked (:class:`StartProgramScreen`)
        and the game continues once answered, the bot started or the strong bot seated.
        """
        asked = [(s, c) for s, c in file_commands(path) if c not in self.trusted]
        if not asked:
            self._resume(path, self.trusted)
            return

        def answered(start: bool | None) -> None:
            trusted = self.trusted | {c for _, c in asked} if start else self.trusted
            try:
                self._resume(path, trusted)
            except Exception as exc:  # noqa: BLE001 - one sentence, as on_continue_game says
                self._refuse(path, exc)

        self.push_screen(StartProgramScreen(path.name, asked), answered)

    def _resume(self, path: Path, trusted: set[str]) -> None:
        options = self.mjai_options
        self._close_session()
        damaged = damage(path)
        try:
            self.session = PlaySession.resume(path, trusted=trusted, mjai=options)
            if damaged is not None and self.session.save_path is not None:
                self.notify(f"{path.name} is damaged ({damaged.rstrip('.')}); its good part "
                            f"goes on in {self.session.save_path.name}, and the file is left "
                            "as it was.",
                            severity="warning", timeout=10, markup=False)
        except GameLocked:
            self.session = PlaySession.resume(path, copy=True, trusted=trusted, mjai=options)
            name = self.session.save_path.name if self.session.save_path else "a copy"
            self.notify(f"{path.name} is open in another window: this is a copy, {name}.",
                        severity="warning", timeout=10, markup=False)
        self._open_table()
        for notice in self.session.notices:
            self.notify(notice, severity="warning", timeout=15, markup=False)

    def _refuse(self, path: Path, exc: Exception) -> None:
        """A game that cannot be continued: one sentence (the app ends if it opened on it)."""
        if self.start == "continue" and self.session is None:
            self.error = _sentence(exc)
            self.exit(1)
        else:
            self.notify(f"Cannot continue {path.name}: {exc}", severity="error", markup=False)

    def open_replay(self, path: Path) -> None:
        """Open a saved game in the replay viewer."""
        from hanchan.tui.screens.replay import ReplayScreen  # noqa: PLC0415 - lazy: see the imports

        part = read_good_part(path)
        events, damaged = part.events, part.problem
        first = events[0]
        players = recorded_players(first.players, part.levels) \
            if isinstance(first, GameStarted) else None
        self._replace(ReplayScreen(events, title=path.name, seat=self.replay_seat,
                                   settings=self.settings, players=players))
        if damaged is not None:  # every good hand is shown; the rest is not trusted
            self.notify(f"{path.name} is shown up to its damaged part: {damaged.rstrip('.')}.",
                        severity="warning", timeout=10, markup=False)

    def _open_table(self) -> None:
        assert self.session is not None
        self.settings = self.settings.for_new_game()  # no toggle carried in, unless kept
        self._replace(TableScreen(self.session, self.settings, hint_by=self.hint_by,
                                  mjai=self.mjai_options, on_hint_by=self._keep_hint_by))
        # the file is made once the table is on screen: the player does not wait for a disk
        # (events meanwhile are kept by the session and written when the file opens)
        self.call_after_refresh(self.run_worker, self._open_save, thread=True, group="save")
        self._told = None
        if self._save_timer is None:
            self._save_timer = self.set_interval(1.0, self._watch_save)

    def _keep_hint_by(self, command: str) -> None:
        """A hint bot typed at the table: the next games of this app ask it too."""
        self.hint_by = command

    def _watch_save(self) -> None:
        """Tell the player once when the game file cannot be written, and when it can again."""
        session = self.session
        problem = session.save_problem if session is not None else None
        if problem != self._told:
            if problem is not None:
                self.notify(problem, severity="error", timeout=10)
            elif self._told is not None:
                self.notify("The game is saved again: every move is in the file.")
            self._told = problem

    def _open_save(self) -> None:
        session = self.session
        if session is None:
            return
        try:
            session.open_save()
        except Exception as exc:  # noqa: BLE001 - the game goes on; the player is told
            self.call_from_thread(
                self.notify, f"The game cannot be saved: {exc}", severity="error", timeout=10
            )

    def _replace(self, screen: Screen[None]) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    # ------------------------------------------------------------------ the screens' messages

    def on_settings_changed(self, message: SettingsChanged) -> None:
        """Keep and store new settings."""
        self.settings = message.settings
        save_settings(self.settings_path, message.settings)

    def on_start_game(self, message: StartGame) -> None:
        """Begin a new game."""
        self.start_game(message.spec)

    def on_continue_game(self, message: ContinueGame) -> None:
        """Continue a saved game; a damaged file is reported, the screen stays."""
        try:
            self.continue_game(message.path)
        except Exception as exc:  # noqa: BLE001 - a damaged save is one sentence, not a crash
            self._refuse(message.path, exc)

    def on_open_replay(self, message: OpenReplay) -> None:
        """Open the replay viewer; an unreadable file is reported, the screen stays."""
        try:
            self.open_replay(message.path)
        except Exception as exc:  # noqa: BLE001 - one sentence for any unreadable file
            self.notify(f"Cannot open {message.path.name}: {exc}", severity="error")

    def on_replay_at(self, message: ReplayAt) -> None:
        """A reviewed decision in the replay viewer, over the screen that asked."""
        from hanchan.tui.screens.replay import ReplayScreen  # noqa: PLC0415 - lazy: see the imports

        self.push_screen(ReplayScreen(message.events, title="review", seat=message.review.seat,
                                      settings=self.settings, position=message.position,
                                      review=message.review, pushed=True,
                                      players=message.players, second=message.second))

    def on_leave_screen(self, message: LeaveScreen) -> None:
        """Leave a screen (game end, replay): the menu if asked or opened on it, else quit."""
        self._close_session()
        if message.menu or self.start == "menu":
            self.open_menu()
        else:
            self.exit(0)

    def action_save_and_quit(self) -> None:
        """Close the game file (everything is already written) and quit, saying where it is
        and how to play on when a game was left unfinished."""
        session = self.session
        if session is not None and not session.over and session.save_path is not None:
            self.farewell = (f"The game is saved in {session.save_path}. To play on, run "
                             "hanchan and choose Continue (or Load a saved game).")
        self._close_session()
        self.exit(0)

    def _close_session(self) -> None:
        if self.session is not None:
            self.session.close()
            self.session = None

    # ------------------------------------------------------------------ size

    def on_resize(self, event: events.Resize) -> None:
        # This handler runs before Textual's own App._on_resize stores the new size,
        # so self.size is still the old one here: judge by the event's size.
        self._check_size(event.size)

    def _check_size(self, size: Size | None = None) -> None:
        w, h = size if size is not None else self.size
        self.set_class(w < MIN_WIDTH or h < MIN_HEIGHT, "-too-small")
        for notice in self.query(SizeNotice):  # it says the size: redraw it with the new one
            notice.refresh()


def _sentence(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text[0].upper() + text[1:] if text else text
